// SPDX-License-Identifier: GPL-2.0
/*
 * runas - run a command as another host user, for guest tests.
 *
 *   runas UID CMD [ARGS]
 *
 * Sets the real, effective and saved uid and gid to UID and drops every
 * supplementary group, then executes CMD (searched in PATH).  The one way
 * the tests become another user: uid 1000 plays the unprivileged namespace
 * owner.  Being a program, it works where a shell function cannot: after
 * auditrd, nsenter or unshare, in sh -c strings.  Exits 125 when it cannot
 * change ids, 127 when CMD cannot be executed.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <grp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	unsigned long id;
	char *end;

	if (argc < 3) {
		fprintf(stderr, "usage: runas UID CMD [ARGS]\n");
		return 2;
	}
	errno = 0;
	id = strtoul(argv[1], &end, 10);
	if (errno || *end || end == argv[1] || id > 0xfffffffeUL) {
		fprintf(stderr, "runas: bad uid '%s'\n", argv[1]);
		return 2;
	}
	if (setgroups(0, NULL) || setresgid(id, id, id) || setresuid(id, id, id)) {
		fprintf(stderr, "runas: %s\n", strerror(errno));
		return 125;
	}
	execvp(argv[2], argv + 2);
	fprintf(stderr, "runas: %s: %s\n", argv[2], strerror(errno));
	return 127;
}
