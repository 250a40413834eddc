// SPDX-License-Identifier: GPL-2.0
/*
 * securityfs in a user namespace owned by an unprivileged user.
 *
 * EXPECT_USERNS_MOUNT says what a mount of securityfs there must do:
 * "EPERM" on a kernel without IMA namespaces (securityfs is not
 * FS_USERNS_MOUNT), "ok" on one with them.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kselftest_harness.h"

#define USER 1000

static int write_file(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = write(fd, text, strlen(text));
	close(fd);
	return n == (ssize_t)strlen(text) ? 0 : -1;
}

/* Become USER, then root of a new user and mount namespace. */
static int enter_userns(void)
{
	char map[32];

	if (setgroups(0, NULL) || setresgid(USER, USER, USER) ||
	    setresuid(USER, USER, USER))
		return -1;
	if (unshare(CLONE_NEWUSER | CLONE_NEWNS))
		return -1;
	snprintf(map, sizeof(map), "0 %d 1", USER);
	if (write_file("/proc/self/uid_map", map) ||
	    write_file("/proc/self/setgroups", "deny") ||
	    write_file("/proc/self/gid_map", map))
		return -1;
	return 0;
}

FIXTURE(userns) {
	char dir[64];
};

FIXTURE_SETUP(userns)
{
	strcpy(self->dir, "/tmp/securityfs.XXXXXX");
	ASSERT_NE(NULL, mkdtemp(self->dir));
	ASSERT_EQ(0, chmod(self->dir, 0755));
}

FIXTURE_TEARDOWN(userns)
{
	rmdir(self->dir);
}

TEST_F(userns, mount)
{
	const char *expect = getenv("EXPECT_USERNS_MOUNT");
	int ret;

	ASSERT_NE(NULL, expect);
	ASSERT_EQ(0, enter_userns());
	ret = mount("securityfs", self->dir, "securityfs", 0, NULL);
	if (!strcmp(expect, "EPERM")) {
		ASSERT_EQ(-1, ret);
		ASSERT_EQ(EPERM, errno);
	} else {
		ASSERT_EQ(0, ret);
	}
}

TEST_HARNESS_MAIN
