// SPDX-License-Identifier: GPL-2.0
/*
 * stress - many IMA namespaces at once, auditing and measuring files that
 * change under them, for a given time
 *
 *   stress [-n NAMESPACES] [-f FILES] [-m CHANGERS] [-l LIFE] [-r LATER]
 *          [-s SEED] -o EXPECT SECONDS DIR
 *
 * Runs as the host's root.  NAMESPACES workers (default 500) run at once,
 * each in a user and mount namespace of its own that mounts securityfs,
 * activates its IMA namespace and sets the policy
 *
 *	dont_measure fsmagic=0x73636673
 *	measure func=BPRM_CHECK
 *	measure func=FILE_CHECK mask=MAY_READ
 *	audit func=BPRM_CHECK mask=MAY_EXEC
 *	audit func=FILE_CHECK mask=MAY_READ fsmagic=0x1021994
 *
 * (securityfs left out of both, since each worker reads its own list's
 * count at its end; DIR must be on tmpfs).
 * The first NAMESPACES workers wait until all of them have done so: at
 * that moment NAMESPACES IMA namespaces are active with their policies at
 * once, and the run's time starts.  Each worker then, LIFE times (default
 * 10), picks one of the FILES files
 * DIR/f00, DIR/f01, ... (default 16) at random and executes it or opens
 * and reads it.  A worker that is done ends, and with it its namespace, and
 * a new worker takes its place, until SECONDS have passed, at least LATER
 * workers (default 0) have taken a place, and some file has changed (when
 * there are changers): on a slow machine the run lasts longer rather than
 * end before it did what it is for.  Meanwhile
 * CHANGERS processes (default 2) in the host's namespaces keep creating,
 * rewriting and deleting those files, about 50 times a second each.
 *
 * Every version of a file is the tiny static executable DIR/image followed
 * by the trailer "\nstress fNN version V\n", which names it.  A file is
 * only ever changed while no worker uses it, so what a worker executes or
 * reads is one whole version.  Each namespace must therefore cause exactly
 * one INTEGRITY_RULE record for every version of every file that it used:
 * for each, a line
 *
 *	INUM PID DIR/fNN V
 *
 * is appended to EXPECT, where INUM is the namespace's user namespace as
 * the records' ima_userns= names it and PID the worker's pid, which the
 * record has as pid= (a read) or ppid= (an exec).  Both numbers are
 * reused over a run, but not while the worker lives.
 *
 * A summary goes to stderr, with the time the run took.  The exit status
 * is 0 when every step of every worker and changer worked, 1 otherwise, 2
 * on a usage error.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <sys/wait.h>
#include <linux/magic.h>
#include <time.h>
#include <unistd.h>

#include "tinyelf.h"
#include "userns.h"

#define MAX_FILES 64
#define MAX_WORKERS 4096
#define MAX_LIFE 1000
#define CHANGE_INTERVAL_NS 20000000L
/* How long a changer waits for a file: longer, and workers hang. */
#define LOCK_GRACE_S 300

/* A file, and the lock that keeps changes away while it is used. */
struct file {
	pthread_rwlock_t lock;
	int version;	/* current version, or -1 when there is no file */
	int next;	/* the next version's number */
};

/* Shared by every process of the run. */
struct shared {
	struct file files[MAX_FILES];
	int changes, execs, reads;
	int later;	/* workers started in place of ended ones */
	int failed;	/* some worker or changer failed */
	struct timespec deadline;	/* set when the first workers are ready */
};

static struct shared *sh;
static const char *dir, *expect;
static int nfiles = 16, seconds, min_later, nchangers = 2;
/*
 * The first workers write a byte to ready[1] when their namespace is set
 * up, then wait for the end of file on gate[0].
 */
static int ready[2] = { -1, -1 }, gate[2] = { -1, -1 };

static void fail(const char *who, int n, const char *what)
{
	fprintf(stderr, "stress: %s %d: %s: %s\n", who, n, what,
		strerrorname_np(errno) ?: "?");
	__atomic_store_n(&sh->failed, 1, __ATOMIC_RELAXED);
	_exit(1);
}

/*
 * The end: SECONDS have passed, LATER workers have taken a place, and a
 * changer has changed a file; or SECONDS have passed and something failed.
 */
static int past_deadline(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	if (t.tv_sec < sh->deadline.tv_sec ||
	    (t.tv_sec == sh->deadline.tv_sec && t.tv_nsec < sh->deadline.tv_nsec))
		return 0;
	if (__atomic_load_n(&sh->failed, __ATOMIC_RELAXED))
		return 1;
	return __atomic_load_n(&sh->later, __ATOMIC_RELAXED) >= min_later &&
	       (!nchangers || __atomic_load_n(&sh->changes, __ATOMIC_RELAXED));
}

static void file_path(char *buf, size_t len, int k)
{
	snprintf(buf, len, "%s/f%02d", dir, k);
}

/* Write @len bytes of @data to @path, created with @mode. */
static int write_whole(const char *path, const void *data, size_t len, mode_t mode)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = write(fd, data, len);
	if (close(fd) || n != (ssize_t)len)
		return -1;
	return 0;
}

/* Give file @k a new version (creating it when it is not there). */
static int new_version(int k, const struct tinyelf *img)
{
	char path[4096], buf[sizeof(*img) + 128];
	struct file *f = &sh->files[k];
	int v = f->next, len;

	memcpy(buf, img, sizeof(*img));
	len = sizeof(*img) + snprintf(buf + sizeof(*img), 128,
				      "\nstress f%02d version %d\n", k, v);
	file_path(path, sizeof(path), k);
	if (write_whole(path, buf, len, 0755))
		return -1;
	f->version = v;
	f->next = v + 1;
	return 0;
}

/* A changer: create, rewrite or delete a file, about 50 times a second. */
static void changer(int n, unsigned int seed)
{
	const struct timespec pause = { .tv_nsec = CHANGE_INTERVAL_NS };
	char path[4096];
	struct timespec lock_deadline;
	struct tinyelf img;
	struct file *f;
	int k, err;

	tinyelf_build(&img);
	while (!past_deadline()) {
		k = rand_r(&seed) % nfiles;
		f = &sh->files[k];
		clock_gettime(CLOCK_MONOTONIC, &lock_deadline);
		lock_deadline.tv_sec += LOCK_GRACE_S;
		if (pthread_rwlock_clockwrlock(&f->lock, CLOCK_MONOTONIC, &lock_deadline)) {
			errno = ETIMEDOUT;
			fail("changer", n, "waiting for a file");
		}
		if (f->version >= 0 && rand_r(&seed) % 4 == 0) {
			file_path(path, sizeof(path), k);
			err = unlink(path);
			if (!err)
				f->version = -1;
		} else {
			err = new_version(k, &img);
		}
		pthread_rwlock_unlock(&f->lock);
		if (err)
			fail("changer", n, "change");
		__atomic_add_fetch(&sh->changes, 1, __ATOMIC_RELAXED);
		/* Pacing, not synchronisation: the locks do that. */
		nanosleep(&pause, NULL);
	}
	_exit(0);
}

/* Execute @path, which must exit with status 0. */
static int run(const char *path)
{
	char *argv[] = { (char *)path, NULL }, *envp[] = { NULL };
	int status;
	pid_t pid = fork();

	if (pid < 0)
		return -1;
	if (!pid) {
		execve(path, argv, envp);
		_exit(127);
	}
	if (waitpid(pid, &status, 0) < 0)
		return -1;
	if (!WIFEXITED(status) || WEXITSTATUS(status)) {
		errno = WIFEXITED(status) && WEXITSTATUS(status) == 127 ? ENOEXEC : ECHILD;
		return -1;
	}
	return 0;
}

static int read_all(const char *path)
{
	char buf[4096];
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -1;
	while ((n = read(fd, buf, sizeof(buf))) > 0)
		;
	close(fd);
	return n < 0 ? -1 : 0;
}

static const char *const rules[] = {
	"dont_measure fsmagic=0x73636673\n",
	"measure func=BPRM_CHECK\n",
	"measure func=FILE_CHECK mask=MAY_READ\n",
	"audit func=BPRM_CHECK mask=MAY_EXEC\n",
	"audit func=FILE_CHECK mask=MAY_READ fsmagic=0x1021994\n",
};

/*
 * Whether the namespace's list holds exactly @nused entries beyond its
 * boot_aggregate, one per version of a file the worker used (an exec
 * and a read of one version give one entry: the same name and digest in
 * PCR 10), and no violation: a file changes only while no worker uses
 * it.
 */
static int list_is(int nused)
{
	long count = read_number("/sys/kernel/security/ima/runtime_measurements_count");
	long violations = read_number("/sys/kernel/security/ima/violations");

	if (count == nused + 1 && violations == 0)
		return 1;
	fprintf(stderr, "stress: a list of %ld entries and %ld violations, not %d and 0\n",
		count, violations, nused + 1);
	errno = 0;
	return 0;
}

/* Enter a new namespace with an active IMA namespace and its policy. */
static void setup_namespace(int n, char *inum, size_t len)
{
	const char *sfs = "/sys/kernel/security";
	ssize_t r;
	size_t i;
	int fd;

	if (new_userns(CLONE_NEWNS))
		fail("worker", n, "user namespace");
	r = readlink("/proc/self/ns/user", inum, len - 1);
	if (r < 0)
		fail("worker", n, "readlink");
	inum[r] = '\0';
	memmove(inum, inum + strlen("user:["), strlen(inum + strlen("user:[")) + 1);
	inum[strcspn(inum, "]")] = '\0';
	if (mount("securityfs", sfs, "securityfs", 0, NULL))
		fail("worker", n, "mount securityfs");
	if (write_file("/sys/kernel/security/ima/active", "1"))
		fail("worker", n, "activate");
	fd = open("/sys/kernel/security/ima/policy", O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		fail("worker", n, "open policy");
	for (i = 0; i < sizeof(rules) / sizeof(rules[0]); i++)
		if (write(fd, rules[i], strlen(rules[i])) != (ssize_t)strlen(rules[i]))
			fail("worker", n, "write policy");
	if (close(fd))
		fail("worker", n, "load policy");
}

/*
 * A worker: use files LIFE times in a namespace of its own, then report.
 * One of the first (@first) says when its namespace is ready and waits for
 * the others.
 */
static void worker(int n, unsigned int seed, int life, int first)
{
	static int used_file[MAX_LIFE], used_version[MAX_LIFE];
	char inum[64], path[4096], line[4200], c;
	int i, j, k, v, nused = 0, fd, err;
	struct file *f;

	if (first) {
		close(ready[0]);
		close(gate[1]);
	}
	setup_namespace(n, inum, sizeof(inum));
	if (first) {
		if (write(ready[1], "", 1) != 1)
			fail("worker", n, "ready");
		close(ready[1]);
		if (read(gate[0], &c, 1) != 0)
			fail("worker", n, "gate");
		close(gate[0]);
	}
	for (i = 0; i < life && !past_deadline(); i++) {
		k = rand_r(&seed) % nfiles;
		f = &sh->files[k];
		file_path(path, sizeof(path), k);
		pthread_rwlock_rdlock(&f->lock);
		v = f->version;
		err = 0;
		if (v >= 0 && rand_r(&seed) % 2) {
			err = run(path);
			__atomic_add_fetch(&sh->execs, 1, __ATOMIC_RELAXED);
		} else if (v >= 0) {
			err = read_all(path);
			__atomic_add_fetch(&sh->reads, 1, __ATOMIC_RELAXED);
		}
		/* Never leave with the lock held: the changers would wait forever. */
		pthread_rwlock_unlock(&f->lock);
		if (err)
			fail("worker", n, path);
		if (v < 0)
			continue;
		for (j = 0; j < nused; j++)
			if (used_file[j] == k && used_version[j] == v)
				break;
		if (j == nused) {
			used_file[nused] = k;
			used_version[nused++] = v;
		}
	}
	if (!list_is(nused))
		fail("worker", n, "its measurement list");
	fd = open(expect, O_WRONLY | O_APPEND | O_CLOEXEC);
	if (fd < 0)
		fail("worker", n, expect);
	/* One write per line: lines of concurrent workers never mix. */
	for (j = 0; j < nused; j++) {
		int len = snprintf(line, sizeof(line), "%s %d %s/f%02d %d\n",
				   inum, getpid(), dir, used_file[j],
				   used_version[j]);

		if (len >= (int)sizeof(line) || write(fd, line, len) != len)
			fail("worker", n, expect);
	}
	close(fd);
	_exit(0);
}

/* The workers' slots, and what the run counts. */
static pid_t workers[MAX_WORKERS];
static int nworkers = 500, life = 10, running, bad;
static unsigned int seed = 1, gen;

/* Start a worker in every free slot, until the end; @first: see worker(). */
static void start_workers(int first)
{
	pid_t pid;
	int i;

	for (i = 0; i < nworkers; i++) {
		if (workers[i] || past_deadline())
			continue;
		pid = fork();
		if (!pid)
			worker(i, seed * 104729 + gen * 31 + i, life, first);
		if (pid < 0) {
			bad++;
			continue;
		}
		workers[i] = pid;
		running++;
		gen++;
		if (!first)
			__atomic_add_fetch(&sh->later, 1, __ATOMIC_RELAXED);
	}
}

static void usage(void)
{
	fprintf(stderr, "usage: stress [-n NAMESPACES] [-f FILES] [-m CHANGERS] [-l LIFE] [-r LATER] [-s SEED] -o EXPECT SECONDS DIR\n");
	exit(2);
}

static int number(const char *s, int min, int max)
{
	char *end;
	long n = strtol(s, &end, 10);

	if (!*s || *end || n < min || n > max)
		usage();
	return n;
}

int main(int argc, char **argv)
{
	int opt, i, k, status, at_once = 0;
	pthread_rwlockattr_t attr;
	struct statfs fs;
	char path[4096];
	struct timespec start, end;
	struct tinyelf img;
	pid_t pid;
	char c;

	while ((opt = getopt(argc, argv, "n:f:m:l:r:s:o:")) != -1) {
		switch (opt) {
		case 'n':
			nworkers = number(optarg, 1, MAX_WORKERS);
			break;
		case 'f':
			nfiles = number(optarg, 1, MAX_FILES);
			break;
		case 'm':
			nchangers = number(optarg, 0, 64);
			break;
		case 'l':
			life = number(optarg, 1, MAX_LIFE);
			break;
		case 'r':
			min_later = number(optarg, 0, INT_MAX);
			break;
		case 's':
			seed = number(optarg, 0, 1 << 30);
			break;
		case 'o':
			expect = optarg;
			break;
		default:
			usage();
		}
	}
	if (!expect || optind + 2 != argc)
		usage();
	seconds = number(argv[optind], 1, 24 * 3600);
	dir = argv[optind + 1];
	/* The policy's audit rule on reads names tmpfs alone. */
	if (statfs(dir, &fs) || fs.f_type != TMPFS_MAGIC) {
		fprintf(stderr, "stress: %s must be on tmpfs\n", dir);
		return 2;
	}

	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED) {
		perror("stress: mmap");
		return 1;
	}
	/* Changers first when they wait: 500 readers would starve them. */
	pthread_rwlockattr_init(&attr);
	pthread_rwlockattr_setpshared(&attr, PTHREAD_PROCESS_SHARED);
	pthread_rwlockattr_setkind_np(&attr, PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP);
	if (strlen(dir) > 1000)
		usage();
	tinyelf_build(&img);
	snprintf(path, sizeof(path), "%s/image", dir);
	if (write_whole(path, &img, sizeof(img), 0644) || write_whole(expect, "", 0, 0644)) {
		fprintf(stderr, "stress: %s: %s\n", path, strerror(errno));
		return 1;
	}
	for (k = 0; k < nfiles; k++) {
		pthread_rwlock_init(&sh->files[k].lock, &attr);
		if (new_version(k, &img)) {
			fprintf(stderr, "stress: f%02d: %s\n", k, strerror(errno));
			return 1;
		}
	}

	/*
	 * Start the first workers and wait until each has its namespace set
	 * up (or has failed and ended); then start the clock and the changers
	 * and let the workers go.
	 */
	if (pipe2(ready, O_CLOEXEC) || pipe2(gate, O_CLOEXEC)) {
		perror("stress: pipe");
		return 1;
	}
	sh->deadline.tv_sec = LONG_MAX;
	start_workers(1);
	close(ready[1]);
	while (read(ready[0], &c, 1) == 1)
		if (++at_once == nworkers)
			break;
	close(ready[0]);
	clock_gettime(CLOCK_MONOTONIC, &start);
	sh->deadline = start;
	sh->deadline.tv_sec += seconds;
	close(gate[1]);
	close(gate[0]);
	for (i = 0; i < nchangers; i++) {
		pid = fork();
		if (!pid)
			changer(i, seed * 7919 + i);
		running += pid > 0;
		bad += pid < 0;
	}
	/* Replace each worker that ends, until the end. */
	for (;;) {
		start_workers(0);
		if (!running)
			break;
		pid = wait(&status);
		if (pid < 0)
			break;
		running--;
		if (!WIFEXITED(status) || WEXITSTATUS(status)) {
			bad++;
			__atomic_store_n(&sh->failed, 1, __ATOMIC_RELAXED);
		}
		for (i = 0; i < nworkers; i++)
			if (workers[i] == pid)
				workers[i] = 0;
	}
	clock_gettime(CLOCK_MONOTONIC, &end);
	fprintf(stderr, "stress: %d s, ended after %ld s, %u namespaces (%d at once), %d execs, %d reads, %d changes to %d files, %d failures\n",
		seconds, (long)(end.tv_sec - start.tv_sec), gen, at_once, sh->execs, sh->reads,
		sh->changes, nfiles, bad);
	return bad ? 1 : 0;
}
