// SPDX-License-Identifier: GPL-2.0
/*
 * imabench - time what IMA namespaces may cost, inside a guest
 *
 *   imabench exec N FILE      N times: fork, execute FILE, wait
 *   imabench read N FILE      N times: open FILE, read it whole, close
 *   imabench open1 N FILE     N times: open FILE, read one byte, close (what
 *                             IMA's open and close hooks cost, which a
 *                             whole read of a large file hides)
 *   imabench ns N MODE        N times, in a child: a new user and mount
 *                             namespace, then with MODE "ima" mount
 *                             securityfs, activate IMA and set one audit
 *                             rule ("securityfs": only mount it;
 *                             "active": mount and activate), or with
 *                             "tmpfs" mount a tmpfs and write one file;
 *                             the child ends and the namespace with it
 *   imabench load N FILE      N times: load the SELinux policy FILE (one
 *                             write to /sys/fs/selinux/load)
 *   imabench hold N RULES CMD [ARG]...
 *                             keep N IMA namespaces alive, each active with
 *                             the policy RULES (a file), while CMD runs;
 *                             CMD's status is imabench's (untimed)
 *   imabench tiny FILE        write the smallest static executable
 *
 * Prints the nanoseconds per operation, timed after one untimed operation
 * (the first use of a file reads and hashes it, later ones do not), by
 * CLOCK_MONOTONIC: under QEMU's -icount it counts guest instructions, so
 * runs repeat closely.  Exits 1 when an operation fails.
 *
 * The timing process runs with a fixed address-space layout: fork's cost
 * depends on the parent's layout, and with ASLR about one imabench run in
 * eight forked 2.8 % slower on any kernel (3 of 24 runs in one boot, none
 * of 24 with a fixed layout), which made the exec figure bimodal per run.
 * The programs it executes get the usual random layout.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/personality.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../tests/guest/tinyelf.h"
#include "../tests/guest/userns.h"

static void die(const char *what)
{
	fprintf(stderr, "imabench: %s: %s\n", what, strerrorname_np(errno) ?: "?");
	exit(1);
}

static long long now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1000000000LL + t.tv_nsec;
}

/* The personality of the programs executed: set by fixed_layout() */
static unsigned long exec_persona;

static void run(const char *path)
{
	char *argv[] = { (char *)path, NULL }, *envp[] = { NULL };
	int status;
	pid_t pid = fork();

	if (pid < 0)
		die("fork");
	if (!pid) {
		if (personality(exec_persona) < 0)
			_exit(126);
		execve(path, argv, envp);
		_exit(127);
	}
	if (waitpid(pid, &status, 0) < 0 || status)
		die(path);
}

static void read_whole(const char *path)
{
	static char buf[1 << 16];
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		die(path);
	while ((n = read(fd, buf, sizeof(buf))) > 0)
		;
	if (n < 0)
		die(path);
	close(fd);
}

static void read_byte(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	char c;

	if (fd < 0)
		die(path);
	if (read(fd, &c, 1) != 1)
		die(path);
	close(fd);
}

/*
 * Re-execute this program once with ADDR_NO_RANDOMIZE set, so that the
 * timing loop's own layout is the same in every run; note the personality
 * that the programs it executes get back (random layout).
 */
static void fixed_layout(char **argv)
{
	int p = personality(0xffffffff);

	if (p < 0)
		die("personality");
	exec_persona = p & ~ADDR_NO_RANDOMIZE;
	if (p & ADDR_NO_RANDOMIZE)
		return;
	if (personality(p | ADDR_NO_RANDOMIZE) < 0)
		die("personality");
	execv("/proc/self/exe", argv);
	die("/proc/self/exe");
}

/* One namespace's life: set up as @mode says, then end. */
static void namespace(const char *mode)
{
	static const char rule[] = "audit func=BPRM_CHECK mask=MAY_EXEC\n";
	int status;
	pid_t pid = fork();

	if (pid < 0)
		die("fork");
	if (!pid) {
		if (new_userns(CLONE_NEWNS))
			die("user namespace");
		if (strcmp(mode, "tmpfs")) {
			if (mount("securityfs", "/sys/kernel/security", "securityfs", 0, NULL))
				die("securityfs");
			if (strcmp(mode, "securityfs") &&
			    write_file("/sys/kernel/security/ima/active", "1"))
				die("activate");
			if (!strcmp(mode, "ima") &&
			    write_file("/sys/kernel/security/ima/policy", rule))
				die("policy");
		} else {
			int fd;

			if (mount("tmpfs", "/mnt", "tmpfs", 0, NULL))
				die("tmpfs");
			fd = open("/mnt/f", O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
			if (fd < 0 || write(fd, rule, sizeof(rule) - 1) != sizeof(rule) - 1 ||
			    close(fd))
				die("tmpfs file");
		}
		_exit(0);
	}
	if (waitpid(pid, &status, 0) < 0 || status)
		exit(1);
}

/* The policy to load, read once: selinuxfs takes it in one write. */
static char *policy;
static size_t policy_len;

static void read_policy(const char *path)
{
	struct stat st;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0 || fstat(fd, &st))
		die(path);
	policy_len = st.st_size;
	policy = malloc(policy_len);
	if (!policy || read(fd, policy, policy_len) != (ssize_t)policy_len)
		die(path);
	close(fd);
}

static void load_policy(void)
{
	int fd = open("/sys/fs/selinux/load", O_WRONLY | O_CLOEXEC);

	if (fd < 0 || write(fd, policy, policy_len) != (ssize_t)policy_len || close(fd))
		die("/sys/fs/selinux/load");
}

/*
 * Keep @n IMA namespaces alive, each active with the rules of the file
 * @rules, while @cmd runs.  Each namespace is held by a child that waits
 * for the end of a pipe, which closes when imabench exits.
 */
static int hold(long n, const char *rules, char **cmd)
{
	int ready[2], release[2], status;
	static char text[1 << 16];
	long i;
	ssize_t len;
	pid_t pid;
	char c;
	int fd = open(rules, O_RDONLY | O_CLOEXEC);

	if (fd < 0 || (len = read(fd, text, sizeof(text) - 1)) < 0)
		die(rules);
	close(fd);
	text[len] = 0;
	if (pipe2(ready, O_CLOEXEC) || pipe2(release, O_CLOEXEC))
		die("pipe");
	for (i = 0; i < n; i++) {
		pid = fork();
		if (pid < 0)
			die("fork");
		if (pid)
			continue;
		close(release[1]);
		close(ready[0]);
		if (new_userns(CLONE_NEWNS) ||
		    mount("securityfs", "/sys/kernel/security", "securityfs", 0, NULL) ||
		    write_file("/sys/kernel/security/ima/active", "1") ||
		    write_file("/sys/kernel/security/ima/policy", text))
			die("namespace");
		/* A child that died closed its end too: no wait for it. */
		if (write(ready[1], "", 1) != 1 || close(ready[1]))
			die("ready");
		/* Returns at EOF: imabench ended. */
		if (read(release[0], &c, 1) < 0)
			die("release");
		_exit(0);
	}
	close(ready[1]);
	close(release[0]);
	for (i = 0; i < n; i++)
		if (read(ready[0], &c, 1) != 1)
			exit(1);
	pid = fork();
	if (pid < 0)
		die("fork");
	if (!pid) {
		execvp(cmd[0], cmd);
		die(cmd[0]);
	}
	if (waitpid(pid, &status, 0) < 0)
		die("wait");
	close(release[1]);
	while (wait(NULL) > 0)
		;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}

int main(int argc, char **argv)
{
	long long t0;
	struct tinyelf img;
	long n, i;
	int fd;

	if (argc == 3 && !strcmp(argv[1], "tiny")) {
		tinyelf_build(&img);
		fd = open(argv[2], O_WRONLY | O_CREAT | O_TRUNC, 0755);
		if (fd < 0 || write(fd, &img, sizeof(img)) != sizeof(img) || close(fd))
			die(argv[2]);
		return 0;
	}
	if (argc >= 5 && !strcmp(argv[1], "hold") && (n = atol(argv[2])) > 0)
		return hold(n, argv[3], argv + 4);
	if (argc != 4 || (n = atol(argv[2])) <= 0)
		goto usage;
	fixed_layout(argv);
	if (!strcmp(argv[1], "load"))
		read_policy(argv[3]);
	/* One untimed round first: the first use of a file is the odd one. */
	t0 = 0;
	for (i = -1; i < n; i++) {
		if (i == 0)
			t0 = now();
		if (!strcmp(argv[1], "exec"))
			run(argv[3]);
		else if (!strcmp(argv[1], "read"))
			read_whole(argv[3]);
		else if (!strcmp(argv[1], "open1"))
			read_byte(argv[3]);
		else if (!strcmp(argv[1], "load"))
			load_policy();
		else if (!strcmp(argv[1], "ns") &&
			 (!strcmp(argv[3], "ima") || !strcmp(argv[3], "tmpfs") ||
			  !strcmp(argv[3], "securityfs") || !strcmp(argv[3], "active")))
			namespace(argv[3]);
		else
			goto usage;
	}
	printf("%lld\n", (now() - t0) / n);
	return 0;
usage:
	fprintf(stderr, "usage: imabench exec|read|open1|load N FILE | ns N ima|active|securityfs|tmpfs |\n"
		"       hold N RULES CMD [ARG]... | tiny FILE\n");
	return 2;
}
