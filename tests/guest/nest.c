// SPDX-License-Identifier: GPL-2.0
/*
 * nest - run a command at the bottom of a chain of nested user namespaces
 *
 *   nest [-a] [-r RULE]... [-o RULE]... [-e RULE]... [-m DIR] [-v] DEPTH
 *        -- CMD [ARGS]
 *
 * Creates DEPTH user and mount namespaces, each nested in the one before
 * and mapping its root to the ids of its parent's root (the caller's ids at
 * the first level).  With -a, every level mounts its own securityfs on DIR
 * (default /sys/kernel/security; a "%d" in DIR is the level, so that every
 * level's instance stays reachable below) and activates its IMA
 * namespace; every -r RULE is then written to that level's policy, and
 * every -o RULE to an odd level's, every -e RULE to an even level's, all
 * of a level's rules in one open of the policy file, -r's first.  With
 * -v, it prints "level N: user:[INODE]" for every
 * level, the user namespace as /proc/PID/ns/user names it.  Then CMD is
 * executed at the deepest level.
 *
 * On failure it prints "nest: level N: STEP: ERRNO-NAME" on stderr and
 * exits with 1, so that tests can check where a chain breaks and why.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <unistd.h>

#include "userns.h"

#define MAX_RULES 16

static int level;

static void fail(const char *step)
{
	fprintf(stderr, "nest: level %d: %s: %s\n", level, step,
		strerrorname_np(errno) ?: "?");
	exit(1);
}

static void usage(void)
{
	fprintf(stderr, "usage: nest [-a] [-r RULE]... [-o RULE]... [-e RULE]... [-m DIR] [-v] DEPTH -- CMD [ARGS]\n");
	exit(2);
}

/*
 * Write all @rules to @path in one open, one write per rule, each with its
 * newline as echo would write it.
 */
static int write_rules(const char *path, char **rules, int n)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC), i, len, err = 0;
	char line[4096];

	if (fd < 0)
		return -1;
	for (i = 0; i < n && !err; i++) {
		len = snprintf(line, sizeof(line), "%s\n", rules[i]);
		if (len >= (int)sizeof(line))
			err = E2BIG;
		else if (write(fd, line, len) != len)
			err = errno ?: EIO;
	}
	/* The policy is checked and loaded on close. */
	if (close(fd) && !err)
		err = errno;
	errno = err;
	return err ? -1 : 0;
}

/* @dir with its first "%d", if any, replaced by the level, into @buf. */
static void level_dir(char *buf, size_t size, const char *dir)
{
	const char *d = strstr(dir, "%d");
	int len;

	if (!d)
		len = snprintf(buf, size, "%s", dir);
	else
		len = snprintf(buf, size, "%.*s%d%s", (int)(d - dir), dir,
			       level, d + 2);
	if (len < 0 || (size_t)len >= size) {
		errno = ENAMETOOLONG;
		fail("mount point");
	}
}

int main(int argc, char **argv)
{
	const char *dir = "/sys/kernel/security";
	char *rules[MAX_RULES], *odd[MAX_RULES], *even[MAX_RULES];
	char *level_rules[2 * MAX_RULES], path[4096], mnt[2048];
	int opt, activate = 0, nrules = 0, nodd = 0, neven = 0, verbose = 0;
	int depth, n_level, i;
	ssize_t n;

	while ((opt = getopt(argc, argv, "+ar:o:e:m:v")) != -1) {
		switch (opt) {
		case 'a':
			activate = 1;
			break;
		case 'r':
			if (nrules == MAX_RULES)
				usage();
			rules[nrules++] = optarg;
			break;
		case 'o':
			if (nodd == MAX_RULES)
				usage();
			odd[nodd++] = optarg;
			break;
		case 'e':
			if (neven == MAX_RULES)
				usage();
			even[neven++] = optarg;
			break;
		case 'm':
			dir = optarg;
			break;
		case 'v':
			verbose = 1;
			break;
		default:
			usage();
		}
	}
	if (optind + 2 >= argc || strcmp(argv[optind + 1], "--"))
		usage();
	depth = atoi(argv[optind]);
	if ((nrules || nodd || neven) && !activate)
		usage();

	for (level = 1; level <= depth; level++) {
		if (new_userns(CLONE_NEWNS))
			fail("user namespace");
		if (verbose) {
			n = readlink("/proc/self/ns/user", path, sizeof(path) - 1);
			if (n < 0)
				fail("readlink");
			path[n] = '\0';
			printf("level %d: %s\n", level, path);
			fflush(stdout);
		}
		if (!activate)
			continue;
		level_dir(mnt, sizeof(mnt), dir);
		if (mount("securityfs", mnt, "securityfs", 0, NULL))
			fail("mount securityfs");
		snprintf(path, sizeof(path), "%s/ima/active", mnt);
		if (write_file(path, "1"))
			fail("activate");
		n_level = 0;
		for (i = 0; i < nrules; i++)
			level_rules[n_level++] = rules[i];
		for (i = 0; i < (level % 2 ? nodd : neven); i++)
			level_rules[n_level++] = level % 2 ? odd[i] : even[i];
		snprintf(path, sizeof(path), "%s/ima/policy", mnt);
		if (n_level && write_rules(path, level_rules, n_level))
			fail("policy");
	}
	execvp(argv[optind + 2], argv + optind + 2);
	level = depth;
	fail("exec");
}
