// SPDX-License-Identifier: GPL-2.0
/*
 * faults - fail, one at a time, each slab allocation of one system call
 * made in a new IMA namespace of an unprivileged user, and print what the
 * namespace holds afterwards (tests/guest/ima-ns-faults.sh).
 *
 *   faults KIND DIR
 *
 * Run as the guest's root on a kernel with CONFIG_FAILSLAB and the failslab
 * knobs set by the caller.  For N = 1, 2, ..., a child becomes uid 1000,
 * the root of a new user and mount namespace with securityfs mounted, sets
 * up KIND, and has the Nth slab allocation of KIND's call fail through
 * /proc/thread-self/fail-nth.  Each child prints one line: "injected " or
 * "not reached " (the call made fewer than N allocations), the call's
 * result (OK or the errno's name), and the namespace's state after it.
 * The run ends after the first "not reached", or fails after N = 300.
 * Before each N, it waits (20 s at most) until the last child's IMA
 * namespace is freed, which happens after the child ended: a namespace
 * still alive would hold the transforms that the next activation would
 * otherwise allocate, and the run would end before failing the
 * allocations that come after them.
 *
 * KIND:
 *   activate   the write of 1 to active (and its close); then active's
 *              value, a second write without a fault, the list's names
 *              and runtime_pcrs
 *   measure    an open for reading that the namespace's measure rule
 *              matches; then the list's names and violations, a second
 *              open, the names and violations
 *   violation  an open for writing of a file that the namespace measured
 *              and holds open for reading (ToMToU); then the list's names
 *              and violations
 *   writers    an open for reading that the namespace's measure rule
 *              matches, of a file that the namespace holds open for
 *              writing (open_writers); then the list's names and
 *              violations
 * In the names, DIR/N/ is written D/, and an entry with a zero template
 * digest (a violation, list_full) has a "!" after its name.
 *
 * Exit status: 0 when every child printed its line, 1 otherwise.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "userns.h"

#define IMA "/sys/kernel/security/ima/"
#define MAX_N 300

/* What the namespace measures: its own root's files, not securityfs or proc. */
static const char *const rules[] = {
	"dont_measure fsmagic=0x73636673\n",
	"dont_measure fsmagic=0x9fa0\n",
	"measure func=FILE_CHECK mask=MAY_READ fowner=0\n",
};

static int fail_fd = -1;
static char dir[256];

static void die(const char *what)
{
	printf("%s: %s\n", what, strerrorname_np(errno) ?: "E?");
	exit(2);
}

/* The Nth slab allocation from here on fails. */
static void arm(const char *n)
{
	if (write(fail_fd, n, strlen(n)) != (ssize_t)strlen(n))
		die("fail-nth");
}

/*
 * Stop counting and say whether the Nth allocation failed: fail-nth reads
 * 0 once it has.  Neither call allocates.  @err is the call's errno, or 0.
 */
static void disarm(int err, int *injected, char *result, size_t len)
{
	char buf[16];
	ssize_t n = pread(fail_fd, buf, sizeof(buf) - 1, 0);

	if (n <= 0 || pwrite(fail_fd, "0", 1, 0) != 1)
		die("fail-nth");
	buf[n] = 0;
	*injected = !strtoul(buf, NULL, 10);
	snprintf(result, len, "%s %s", *injected ? "injected" : "not reached",
		 err ? strerrorname_np(err) ?: "E?" : "OK");
}

/* "OK" or the errno's name of a write of @text to @path. */
static const char *write_result(const char *path, const char *text)
{
	return write_file(path, text) ? strerrorname_np(errno) ?: "E?" : "OK";
}

/* The list's names, as the header says, each followed by a space. */
static void names(char *out, size_t len)
{
	char line[4096], *f[5], *save, *name;
	FILE *list = fopen(IMA "ascii_runtime_measurements", "re");
	size_t used = 0, d = strlen(dir);
	int i;

	*out = 0;
	if (!list)
		die("ascii_runtime_measurements");
	while (fgets(line, sizeof(line), list)) {
		line[strcspn(line, "\n")] = 0;
		for (i = 0; i < 5; i++)
			f[i] = strtok_r(i ? NULL : line, " ", &save);
		if (!f[4])
			die("a short entry");
		name = f[4];
		if (!strncmp(name, dir, d) && name[d] == '/')
			name += d + 1;
		used += snprintf(out + used, len - used, "%s%s%s ",
				 name == f[4] ? "" : "D/", name,
				 strspn(f[1], "0") == strlen(f[1]) ? "!" : "");
		if (used >= len)
			die("names");
	}
	fclose(list);
}

/* runtime_pcrs, its lines joined by spaces. */
static void banks(char *out, size_t len)
{
	int fd = open(IMA "runtime_pcrs", O_RDONLY | O_CLOEXEC);
	ssize_t n = fd < 0 ? -1 : read(fd, out, len - 1);
	char *nl;

	if (n <= 0)
		die("runtime_pcrs");
	close(fd);
	out[n] = 0;
	while ((nl = strchr(out, '\n')))
		*nl = ' ';
}

/* The count of ima_namespace objects in use, KASAN's quarantine emptied. */
static long ima_namespaces(void)
{
	if (write_file("/sys/kernel/slab/ima_namespace/shrink", "1"))
		return -1;
	return read_number("/sys/kernel/slab/ima_namespace/objects");
}

/* The list's names, then "violations N", the namespace's count. */
static void list_state(char *out, size_t len)
{
	long value = read_number(IMA "violations");
	size_t used;

	if (value < 0)
		die("violations");
	names(out, len);
	used = strlen(out);
	snprintf(out + used, len - used, "violations %ld", value);
}

/*
 * Open @f with @flags, the Nth slab allocation from here on failing, and
 * close it; @result as disarm() says.
 */
static void faulty_open(const char *f, int flags, const char *n,
			int *injected, char *result, size_t len)
{
	int fd, err;

	arm(n);
	fd = open(f, flags | O_CLOEXEC);
	err = fd < 0 ? errno : 0;
	disarm(err, injected, result, len);
	if (fd >= 0)
		close(fd);
}

/* Activate the namespace, with its rules, and make DIR/f holding @text. */
static void setup(const char *f, const char *text)
{
	unsigned int i;
	int fd;

	if (write_file(IMA "active", "1"))
		die("active");
	for (i = 0; i < sizeof(rules) / sizeof(rules[0]); i++)
		if (write_file(IMA "policy", rules[i]))
			die("policy");
	fd = open(f, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	if (fd < 0 || write(fd, text, strlen(text)) != (ssize_t)strlen(text) ||
	    close(fd))
		die(f);
}

/* One child's part: KIND with the Nth allocation failing; its exit status. */
static int one(const char *kind, const char *n)
{
	char result[64], state[4096], again[8192], f[300];
	int injected, fd, err, held;
	long value;

	if (enter_userns(CLONE_NEWNS) ||
	    mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) ||
	    mount("securityfs", "/sys/kernel/security", "securityfs", 0, NULL))
		die("namespace");
	if (mkdir(dir, 0755))
		die(dir);
	snprintf(f, sizeof(f), "%s/f", dir);
	fail_fd = open("/proc/thread-self/fail-nth", O_RDWR | O_CLOEXEC);
	if (fail_fd < 0)
		die("/proc/thread-self/fail-nth");

	if (!strcmp(kind, "activate")) {
		fd = open(IMA "active", O_WRONLY | O_CLOEXEC);
		if (fd < 0 || mlockall(MCL_CURRENT))
			die("active");
		arm(n);
		err = write(fd, "1", 1) == 1 ? 0 : errno;
		if (close(fd) && !err)
			err = errno;
		disarm(err, &injected, result, sizeof(result));
		value = read_number(IMA "active");
		if (value < 0)
			die("active");
		printf("%s, active %ld, again %s: ", result, value,
		       write_result(IMA "active", "1"));
		names(state, sizeof(state));
		banks(again, sizeof(again));
		printf("%s| %s\n", state, again);
	} else if (!strcmp(kind, "measure")) {
		setup(f, "m");
		if (mlockall(MCL_CURRENT))
			die("mlockall");
		faulty_open(f, O_RDONLY, n, &injected, result, sizeof(result));
		list_state(state, sizeof(state));
		fd = open(f, O_RDONLY | O_CLOEXEC);
		if (fd < 0)
			die("the second open");
		close(fd);
		list_state(again, sizeof(again));
		printf("%s: %s | again OK: %s\n", result, state, again);
	} else if (!strcmp(kind, "violation") || !strcmp(kind, "writers")) {
		/*
		 * ToMToU: held open for reading, opened for writing;
		 * open_writers: the other way round.
		 */
		held = !strcmp(kind, "violation") ? O_RDONLY : O_WRONLY;
		setup(f, kind);
		if (open(f, held | O_CLOEXEC) < 0 || mlockall(MCL_CURRENT))
			die("the file held open");
		faulty_open(f, held == O_RDONLY ? O_WRONLY : O_RDONLY, n,
			    &injected, result, sizeof(result));
		list_state(state, sizeof(state));
		printf("%s: %s\n", result, state);
	} else {
		die("KIND");
	}
	fflush(stdout);
	return injected ? 0 : 3;
}

int main(int argc, char **argv)
{
	long before = ima_namespaces(), now;
	char n[16];
	int i, status, wait;
	pid_t pid;

	if (argc != 3) {
		fprintf(stderr, "usage: faults activate|measure|violation|writers DIR\n");
		return 2;
	}
	if (before < 0) {
		perror("faults: /sys/kernel/slab/ima_namespace");
		return 1;
	}
	for (i = 1; i <= MAX_N; i++) {
		for (wait = 0; (now = ima_namespaces()) > before && wait < 2000; wait++)
			usleep(10000);
		if (now != before) {
			printf("N = %d: %ld IMA namespaces, %ld before the run\n",
			       i, now, before);
			return 1;
		}
		snprintf(n, sizeof(n), "%d", i);
		snprintf(dir, sizeof(dir), "%s/%s%d", argv[2], argv[1], i);
		fflush(stdout);
		pid = fork();
		if (pid < 0)
			return 1;
		if (!pid)
			exit(one(argv[1], n));
		if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
			return 1;
		if (WEXITSTATUS(status) == 3)
			return 0;
		if (WEXITSTATUS(status))
			return 1;
	}
	printf("%s: still injected at N = %d\n", argv[1], MAX_N);
	return 1;
}
