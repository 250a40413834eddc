/* SPDX-License-Identifier: GPL-2.0 */
/*
 * User namespace helpers for the guest tests, which run as the guest's
 * root and make an unprivileged user the root of new namespaces.
 */
#ifndef IMANS_TESTS_USERNS_H
#define IMANS_TESTS_USERNS_H

#include <fcntl.h>
#include <grp.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

/* The unprivileged host user the tests run as. */
#define USER 1000

/*
 * Write @text to @path in one open, as a shell would: what a write did not
 * take (IMA's policy file takes one rule per write), again.  0 when all of
 * it was written and the file closed without an error, -1 otherwise.
 */
static inline int write_file(const char *path, const char *text)
{
	size_t len = strlen(text), done = 0;
	int fd = open(path, O_WRONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -1;
	while (done < len) {
		n = write(fd, text + done, len - done);
		if (n <= 0) {
			close(fd);
			return -1;
		}
		done += n;
	}
	return close(fd);
}

/* The number a file holds (a count of IMA's, of a slab's objects), or -1. */
static inline long read_number(const char *path)
{
	char buf[32];
	ssize_t r;
	int fd;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	r = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (r <= 0)
		return -1;
	buf[r] = '\0';
	return strtol(buf, NULL, 10);
}

/*
 * Become root of a new user namespace (and mount namespace with CLONE_NEWNS
 * in @flags) nested in the current one, mapped to the current ids.
 */
static inline int new_userns(int flags)
{
	char uid_map[32], gid_map[32];

	snprintf(uid_map, sizeof(uid_map), "0 %d 1", getuid());
	snprintf(gid_map, sizeof(gid_map), "0 %d 1", getgid());
	if (unshare(CLONE_NEWUSER | flags))
		return -1;
	/*
	 * Changing ids made the process non-dumpable: make it dumpable again
	 * so that it may write its own maps and its peers of the same user may
	 * reach it through /proc/PID.
	 */
	if (prctl(PR_SET_DUMPABLE, 1) ||
	    write_file("/proc/self/uid_map", uid_map) ||
	    write_file("/proc/self/setgroups", "deny") ||
	    write_file("/proc/self/gid_map", gid_map))
		return -1;
	return 0;
}

/* Drop from the host's root to USER, then enter a new user namespace. */
static inline int enter_userns(int flags)
{
	if (setgroups(0, NULL) || setresgid(USER, USER, USER) ||
	    setresuid(USER, USER, USER))
		return -1;
	return new_userns(flags);
}

#endif /* IMANS_TESTS_USERNS_H */
