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
#include "userns.h"

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
	ASSERT_EQ(0, enter_userns(CLONE_NEWNS));
	ret = mount("securityfs", self->dir, "securityfs", 0, NULL);
	if (!strcmp(expect, "EPERM")) {
		ASSERT_EQ(-1, ret);
		ASSERT_EQ(EPERM, errno);
	} else {
		ASSERT_EQ(0, ret);
	}
}

TEST_HARNESS_MAIN
