// SPDX-License-Identifier: GPL-2.0
/*
 * policyfuzz - write random and mutated rules into an IMA policy file
 *
 *   policyfuzz [-s SEED] [-n INPUTS] [-N CHUNK] [-d DIR]
 *
 * Runs as the host's root.  Without -N it fuzzes the host's policy,
 * /sys/kernel/security/ima/policy; with -N it fuzzes namespaces' policies:
 * every CHUNK inputs in a new user and mount namespace that mounts its own
 * securityfs and activates its IMA namespace, every other one owned by
 * uid 1000 as an unprivileged attacker's would be.  DIR (default /tmp) holds
 * the files that inputs of the form "/PATH" (load a policy from a file)
 * name.
 *
 * Inputs come in batches of one to eight, each batch written in one open
 * of the policy file: rules built from every keyword with good and bad
 * values, the same mutated (bytes changed, NULs and newlines put in,
 * truncated), over-long lines, random bytes, comments, rules written in
 * two parts, writes at a non-zero offset, buffers that run into an
 * unmapped page, huge and negative ids, and policy files to load.  An
 * input is written as a shell writes it: when the kernel takes less than
 * all of it (it takes one rule, up to a newline or a NUL), the rest is
 * written too, and so parsed.  The same SEED gives the same inputs.
 *
 * Every write must either be accepted (returning at most its length plus
 * one: the kernel counts the newline of a rule written without one) or
 * fail with one of the errors a bad rule may cause.  Unreclaimable slab
 * (SUnreclaim) must stay within 256 MiB of where it started after every
 * batch (tests/guest/policyfuzz.sh checks the tight bound at the end).  A batch that had a
 * failure must leave the policy as it was; a batch of accepted rules is
 * then either thrown away (by writing a bad rule after them, as a failed
 * write makes the kernel drop the whole batch on close) or, when its rules
 * are harmless for the rest of the test (never appraise, hash or measure
 * on the host), loaded.  After each batch the policy is read back: every
 * line starts with an action, has no NUL and ends in a newline, the lines
 * loaded are there in order after the ones before, and every new line is
 * accepted again when written back.
 *
 * It prints a summary per target and "policyfuzz: FAIL ..." with the
 * input, in hex, for every breach; the exit status is 0 when there was
 * none, 1 otherwise.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/wait.h>
#include <unistd.h>

#include "userns.h"

#define SFS "/sys/kernel/security"
#define POLICY SFS "/ima/policy"
#define MAX_INPUT 6000
#define MAX_BATCH 8
#define MAX_POLICY (1 << 20)
/*
 * Rules loaded at most: on the host, where every access is matched against
 * each; in a namespace, well under its limit of 1024 (so that the lines
 * written back fit) and small enough to read back after every batch.
 */
#define HOST_MAX_LOADED 64
#define NS_MAX_LOADED 300

static const char *dir = "/tmp";
static int in_ns;
/* The namespace is uid 1000's: its audit rules are EPERM. */
static int as_user;
/* The last input written had a part that started with '/'. */
static int wrote_path;
static long sunreclaim_start;
/* What a run counts; a namespace's child sends it back to its parent. */
static struct counts {
	uint64_t rng;
	long inputs, accepted, loaded, failures;
	long errors[160];
} c;
static long ns_loaded;
static char *guard;	/* a page with an unmapped page after it */

static uint64_t next(void)
{
	/* xorshift64* */
	c.rng ^= c.rng >> 12;
	c.rng ^= c.rng << 25;
	c.rng ^= c.rng >> 27;
	return c.rng * 0x2545f4914f6cdd1dULL;
}

static unsigned int pick(unsigned int n)
{
	return next() % n;
}

#define PICK(a) ((a)[pick(sizeof(a) / sizeof((a)[0]))])

static const char *const actions[] = {
	"measure", "dont_measure", "appraise", "dont_appraise", "audit",
	"hash", "dont_hash",
};

/* Every keyword of the policy grammar, and values for it, good and bad. */
static const char *const keys[] = {
	"obj_user=", "obj_role=", "obj_type=", "subj_user=", "subj_role=",
	"subj_type=", "func=", "mask=", "fsmagic=", "fsname=", "fsuuid=",
	"uid=", "euid=", "gid=", "egid=", "fowner=", "fgroup=", "uid>",
	"euid>", "gid>", "egid>", "fowner>", "fgroup>", "uid<", "euid<",
	"gid<", "egid<", "fowner<", "fgroup<", "digest_type=",
	"appraise_type=", "appraise_flag=", "appraise_algos=",
	"permit_directio", "pcr=", "template=", "keyrings=", "label=",
	"bogus=", "func", "uid",
};

static const char *const values[] = {
	"", "0", "1", "1000", "65535", "65536", "4294967294", "4294967295",
	"4294967296", "18446744073709551615", "99999999999999999999999", "-1",
	"-4294967295", "0x10", "1e3", " ", "=", "BPRM_CHECK", "FILE_CHECK",
	"MMAP_CHECK", "FILE_MMAP", "MODULE_CHECK", "FIRMWARE_CHECK",
	"KEXEC_KERNEL_CHECK", "KEXEC_INITRAMFS_CHECK", "POLICY_CHECK",
	"KEXEC_CMDLINE", "KEY_CHECK", "CRITICAL_DATA", "SETXATTR_CHECK",
	"bprm_check", "MAY_EXEC", "MAY_READ", "MAY_WRITE", "MAY_APPEND",
	"^MAY_READ", "^MAY_EXEC", "^", "MAY_", "0x01021994", "0x6e736670",
	"tmpfs", "ext4", "9p", "securityfs",
	"11111111-2222-3333-4444-555555555555", "not-a-uuid", "imasig",
	"imasig|modsig", "sigv3", "check_blacklist", "verity", "sha256",
	"sha1,sha256", "md4", "ima-ng", "ima-sig", "ima-buf", "d-ng|n-ng",
	"ima-modsig", "ima-ngv2", ".ima", ".builtin_trusted_keys|.ima", "|",
	"||", "selinux", "%s%n%p", "\xff\xfe", "\t", "12", "24", "-2",
	"2147483648",
};

static void put(char *buf, size_t *len, const char *s)
{
	size_t n = strlen(s);

	if (*len + n >= MAX_INPUT)
		n = MAX_INPUT - 1 - *len;
	memcpy(buf + *len, s, n);
	*len += n;
}

/*
 * Conditions an audit rule takes on the host and in a namespace (whose
 * user namespace maps only id 0), one per keyword: a rule made of some of
 * them, each once, is accepted.
 */
static const char *const good[] = {
	"func=BPRM_CHECK", "mask=MAY_EXEC", "uid=0", "fowner>0", "gid<1",
	"fsmagic=0x01021994", "fsname=tmpfs", "egid=0",
	"fsuuid=11111111-2222-3333-4444-555555555555",
};

/*
 * A rule from the grammar: an action and up to six conditions.  A safe
 * one is an audit rule whose conditions are mostly good ones: many are
 * accepted, so that batches of them get loaded.
 */
static size_t grammar_rule(char *buf, int safe_only)
{
	size_t len = 0;
	int i, n = pick(7), first = pick(sizeof(good) / sizeof(good[0]));

	put(buf, &len, safe_only ? "audit" : PICK(actions));
	for (i = 0; i < n; i++) {
		put(buf, &len, pick(8) ? " " : "  ");
		if (safe_only && pick(8)) {
			put(buf, &len, good[(first + i) % (sizeof(good) / sizeof(good[0]))]);
			continue;
		}
		put(buf, &len, PICK(keys));
		put(buf, &len, PICK(values));
	}
	return len;
}

/* Change a rule's bytes: flip, insert NULs, newlines and tabs, cut it. */
static size_t mutate(char *buf, size_t len)
{
	static const char special[] = { '\0', '\n', '\t', ' ', '=', '<', '>', '#', '/', '\xff' };
	int i, n = 1 + pick(4);
	size_t at;

	for (i = 0; i < n && len; i++) {
		at = pick(len);
		switch (pick(4)) {
		case 0:
			buf[at] ^= 1 << pick(8);
			break;
		case 1:
			buf[at] = PICK(special);
			break;
		case 2:
			len = at;
			break;
		default:
			if (len + 1 < MAX_INPUT) {
				memmove(buf + at + 1, buf + at, len - at);
				buf[at] = PICK(special);
				len++;
			}
		}
	}
	return len;
}

/* A rule file under DIR for "/PATH" inputs; returns its path's length. */
static size_t policy_file(char *buf, int safe_only)
{
	char path[256], rules[MAX_INPUT];
	int fd, i, nrules = 1 + pick(4);
	size_t len = 0, n;

	switch (pick(4)) {
	case 0:
		return snprintf(buf, MAX_INPUT, "%s/no-such-policy", dir);
	case 1:
		return snprintf(buf, MAX_INPUT, "%s", dir);
	default:
		for (i = 0; i < nrules; i++) {
			n = grammar_rule(rules + len, safe_only);
			if (!safe_only && pick(4) == 0)
				n = mutate(rules + len, n);
			len += n;
			if (len + 1 >= MAX_INPUT / 2)
				break;
			rules[len++] = '\n';
		}
		/* uid 1000 may not write the host's root's file. */
		snprintf(path, sizeof(path), "%s/fuzz-policy%s", dir,
			 as_user ? "-user" : "");
		fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
		if (fd < 0 || write(fd, rules, len) != (ssize_t)len || close(fd)) {
			perror("policyfuzz: writing a policy file");
			exit(1);
		}
		return snprintf(buf, MAX_INPUT, "%s", path);
	}
}

enum how { WHOLE, SPLIT, OFFSET, FAULT, PATH };

/* The next input: its bytes, and how to write them. */
static size_t make_input(char *buf, enum how *how, int safe_only)
{
	size_t len, i;

	*how = WHOLE;
	switch (safe_only ? 1 + pick(8) : pick(16)) {
	case 0:	/* random bytes */
		len = pick(300);
		for (i = 0; i < len; i++)
			buf[i] = next();
		return len;
	case 1:	/* an over-long line: longer than a page, or just under */
		len = 0;
		i = pick(2) ? 4095 : 5000;
		put(buf, &len, "audit");
		while (len < i)
			put(buf, &len, pick(2) ? " uid=0" : " fsname=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa");
		return len;
	case 2:	/* a comment, an empty line, blanks */
		return snprintf(buf, MAX_INPUT, "%s", pick(3) ? "# a comment\n" : pick(2) ? "\n" : " \t \n");
	case 3:
		*how = PATH;
		return policy_file(buf, safe_only);
	case 4:
		*how = SPLIT;
		break;
	case 5:
		*how = pick(2) ? OFFSET : FAULT;
		break;
	}
	len = grammar_rule(buf, safe_only);
	if (!safe_only && pick(2))
		len = mutate(buf, len);
	if (pick(4))
		buf[len++] = '\n';
	return len;
}

static void hex(const char *what, const char *buf, size_t len)
{
	size_t i;

	printf("policyfuzz: FAIL %s; input #%ld (%zu bytes):", what, c.inputs, len);
	for (i = 0; i < len && i < 512; i++)
		printf(" %02x", (unsigned char)buf[i]);
	printf("\n");
	c.failures++;
}

/*
 * The errors an input may cause: a bad rule, a number too big for the
 * parser (EINVAL, ERANGE, as on a kernel without namespaces); a write at
 * an offset (EINVAL) or from a buffer the kernel cannot read (EFAULT); and
 * for a policy file to load, also a path that leads nowhere (random
 * bytes after a '/' make long, looping or broken ones), a file that is not
 * a regular file, or one that the kernel may not read.  Nothing else: no rule
 * limit is near, and EACCES for a plain rule would mean the policy file
 * was wrongly made to demand signed policies.
 */
static int allowed(int err, enum how how)
{
	switch (err) {
	case EINVAL: case ERANGE:
		return 1;
	case EPERM:
		return as_user || how == PATH;
	case EFAULT:
		return how == FAULT;
	case ENOENT: case ENOTDIR: case ENAMETOOLONG: case ELOOP:
	case EISDIR: case EACCES: case EFBIG:
		return how == PATH;
	}
	return 0;
}

/* Write one input as @how says; returns 0 or the error. */
static int write_input(int fd, const char *buf, size_t len, enum how how)
{
	ssize_t n;
	size_t half, done;

	wrote_path = len && buf[0] == '/';
	switch (how) {
	case OFFSET:
		n = pwrite(fd, buf, len, 1 + pick(100));
		break;
	case FAULT:
		/* The input's last bytes lie in the unmapped page. */
		half = len < 4096 ? len / 2 : 2048;
		memcpy(guard + 4096 - half, buf, half);
		n = write(fd, guard + 4096 - half, len);
		break;
	case SPLIT:
		half = len / 2;
		n = write(fd, buf, half);
		if (n >= 0 && half)
			n = write(fd, buf + half, len - half);
		if (n >= 0)
			n = len;
		break;
	default:
		/* As a shell writes: what the kernel did not take, again. */
		for (done = 0; done < len; done += n) {
			wrote_path |= buf[done] == '/';
			n = write(fd, buf + done, len - done);
			if (n < 0)
				return errno;
			if ((size_t)n > len - done + 1 || n == 0) {
				hex("a write returned a count that is not its length",
				    buf, len);
				return EIO;
			}
		}
		return 0;
	}
	if (n < 0)
		return errno;
	if ((size_t)n > len + 1 || (n == 0 && len)) {
		hex("a write returned a count that is not its length", buf, len);
		return EIO;
	}
	return 0;
}

/* The kernel's unreclaimable slab memory, in kB (-1 if unknown). */
static long sunreclaim(void)
{
	char line[128];
	long kb = -1;
	FILE *f = fopen("/proc/meminfo", "re");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "SUnreclaim: %ld kB", &kb) == 1)
			break;
	fclose(f);
	return kb;
}

/* Read the policy into @buf; returns its length. */
static size_t read_policy(char *buf)
{
	int fd = open(POLICY, O_RDONLY | O_CLOEXEC);
	size_t len = 0;
	ssize_t n;

	if (fd < 0) {
		printf("policyfuzz: FAIL open %s for reading: %s\n", POLICY, strerrorname_np(errno));
		c.failures++;
		return 0;
	}
	while ((n = read(fd, buf + len, MAX_POLICY - 1 - len)) > 0)
		len += n;
	if (n < 0) {
		printf("policyfuzz: FAIL read %s: %s\n", POLICY, strerrorname_np(errno));
		c.failures++;
	}
	close(fd);
	buf[len] = '\0';
	return len;
}

static int count_lines(const char *buf, size_t len)
{
	int n = 0;
	size_t i;

	for (i = 0; i < len; i++)
		n += buf[i] == '\n';
	return n;
}

/* Every line: no NUL, an action first, a newline last. */
static void check_form(const char *buf, size_t len)
{
	const char *line = buf, *end;
	size_t i;

	if (memchr(buf, '\0', len)) {
		hex("the policy read back holds a NUL", buf, len);
		return;
	}
	if (len && buf[len - 1] != '\n') {
		hex("the policy read back does not end in a newline", buf, len);
		return;
	}
	while (line < buf + len) {
		end = strchr(line, '\n');
		for (i = 0; i < sizeof(actions) / sizeof(actions[0]); i++)
			if (!strncmp(line, actions[i], strlen(actions[i])) &&
			    line[strlen(actions[i])] == ' ')
				break;
		if (i == sizeof(actions) / sizeof(actions[0])) {
			hex("a line of the policy read back has no action", line, end - line);
			return;
		}
		line = end + 1;
	}
}

/* Write the bad rule that makes the kernel drop the batch on close. */
static void spoil(int fd)
{
	if (write(fd, "bogus\n", 6) != -1 || errno != EINVAL) {
		printf("policyfuzz: FAIL the rule \"bogus\" was not refused with EINVAL\n");
		c.failures++;
	}
}

/* Write @lines back in a batch that is then thrown away: all accepted. */
static void check_round_trip(const char *lines, size_t len)
{
	const char *line = lines, *end;
	int fd = open(POLICY, O_WRONLY | O_CLOEXEC), err;

	if (fd < 0) {
		printf("policyfuzz: FAIL open %s: %s\n", POLICY, strerrorname_np(errno));
		c.failures++;
		return;
	}
	while (line < lines + len) {
		end = strchr(line, '\n') + 1;
		err = write_input(fd, line, end - line, WHOLE);
		if (err)
			hex(strerrorname_np(err) ?: "?", line, end - line);
		line = end;
	}
	spoil(fd);
	close(fd);
}

/*
 * One batch: write up to MAX_BATCH inputs in one open, keep or throw away
 * what was accepted, and check the policy read back.  @cur holds the policy
 * as it was before, and is left holding it as it is after, in @len.
 */
static void batch(char **cur, size_t *len, char **spare, long limit)
{
	static char buf[MAX_INPUT + 1];
	int fd, i, n = 1 + pick(MAX_BATCH), err, failed = 0, keep, nok = 0;
	int safe_only = pick(in_ns ? 2 : 4) == 0;
	size_t ilen, alen;
	char *after = *spare;
	enum how how;

	fd = open(POLICY, O_WRONLY | O_CLOEXEC);
	if (fd < 0) {
		printf("policyfuzz: FAIL open %s: %s\n", POLICY, strerrorname_np(errno));
		c.failures++;
		return;
	}
	for (i = 0; i < n && c.inputs < limit; i++) {
		ilen = make_input(buf, &how, safe_only);
		c.inputs++;
		err = write_input(fd, buf, ilen, how);
		if (!err) {
			c.accepted++;
			nok++;
			continue;
		}
		failed = 1;
		c.errors[err < 160 ? err : 0]++;
		/* Any write that starts with '/' names a policy file to load. */
		if (ilen && (how == WHOLE || how == SPLIT) &&
		    (wrote_path || (how == SPLIT && buf[ilen / 2] == '/')))
			how = PATH;
		if (!allowed(err, how))
			hex(strerrorname_np(err) ?: "?", buf, ilen);
	}
	/*
	 * Keep a batch that was all accepted and is harmless: in a namespace
	 * any (its rules act on its own list and records only), on the host
	 * only audit rules.
	 */
	/* Always draw, so that the inputs depend on the seed alone. */
	keep = pick(2);
	if (in_ns)
		keep = keep && !failed && nok && ns_loaded < NS_MAX_LOADED;
	else
		keep = !failed && nok && safe_only && c.loaded < HOST_MAX_LOADED;
	if (!failed && !keep)
		spoil(fd);
	if (close(fd)) {
		printf("policyfuzz: FAIL closing the policy: %s\n", strerrorname_np(errno));
		c.failures++;
	}
	alen = read_policy(after);
	check_form(after, alen);
	if (!keep && (alen != *len || memcmp(*cur, after, alen)))
		hex("a batch that was not loaded changed the policy", after, alen);
	else if (keep && (alen < *len || memcmp(*cur, after, *len)))
		hex("loading a batch changed the rules before it", after, alen);
	else if (keep) {
		n = count_lines(after + *len, alen - *len);
		c.loaded += n;
		ns_loaded += n;
		check_round_trip(after + *len, alen - *len);
	}
	*spare = *cur;
	*cur = after;
	*len = alen;
	/* A runaway leak, caught as it runs (the end has a tight bound). */
	if (sunreclaim() > sunreclaim_start + 256 * 1024) {
		printf("policyfuzz: FAIL SUnreclaim grew from %ld to %ld kB\n",
		       sunreclaim_start, sunreclaim());
		c.failures++;
		sunreclaim_start = sunreclaim();
	}
}

/* Fuzz the current namespace's policy until @limit inputs were made. */
static void fuzz(long limit)
{
	char *cur = malloc(MAX_POLICY), *spare = malloc(MAX_POLICY);
	size_t len;

	if (!cur || !spare) {
		perror("policyfuzz");
		exit(1);
	}
	len = read_policy(cur);
	check_form(cur, len);
	while (c.inputs < limit)
		batch(&cur, &len, &spare, limit);
	free(cur);
	free(spare);
}

static void summary(const char *target, long chunks)
{
	int e;

	printf("policyfuzz: %s: %ld inputs", target, c.inputs);
	if (chunks)
		printf(" in %ld namespaces", chunks);
	printf(", %ld accepted, %ld rules loaded; errors:", c.accepted, c.loaded);
	for (e = 1; e < 160; e++)
		if (c.errors[e])
			printf(" %s=%ld", strerrorname_np(e), c.errors[e]);
	printf("; %ld failures\n", c.failures);
}

/* Fuzz @n inputs in namespaces, a new one for every @chunk. */
static void fuzz_namespaces(long n, long chunk)
{
	long chunks = 0;
	int fds[2], status;
	pid_t pid;

	in_ns = 1;
	while (c.inputs < n) {
		if (pipe(fds)) {
			perror("policyfuzz: pipe");
			exit(1);
		}
		pid = fork();
		if (!pid) {
			close(fds[0]);
			ns_loaded = 0;
			as_user = chunks % 2;
			if ((as_user ? enter_userns(CLONE_NEWNS) :
				       new_userns(CLONE_NEWNS)) ||
			    mount("securityfs", SFS, "securityfs", 0, NULL) ||
			    write_file(SFS "/ima/active", "1")) {
				printf("policyfuzz: FAIL setting up namespace %ld: %s\n",
				       chunks, strerrorname_np(errno));
				c.failures++;
				c.inputs = n;
			} else {
				fuzz(c.inputs + chunk < n ? c.inputs + chunk : n);
			}
			_exit(write(fds[1], &c, sizeof(c)) != sizeof(c));
		}
		close(fds[1]);
		if (pid < 0 || read(fds[0], &c, sizeof(c)) != sizeof(c) ||
		    waitpid(pid, &status, 0) < 0 || status) {
			printf("policyfuzz: FAIL namespace %ld ended badly\n", chunks);
			exit(1);
		}
		close(fds[0]);
		chunks++;
	}
	summary("namespaces", chunks);
}

int main(int argc, char **argv)
{
	long n = 100000, chunk = 0;
	unsigned long seed = 1;
	int opt;

	while ((opt = getopt(argc, argv, "s:n:N:d:")) != -1) {
		switch (opt) {
		case 's':
			seed = strtoul(optarg, NULL, 0);
			break;
		case 'n':
			n = atol(optarg);
			break;
		case 'N':
			chunk = atol(optarg);
			break;
		case 'd':
			dir = optarg;
			break;
		default:
			fprintf(stderr, "usage: policyfuzz [-s SEED] [-n INPUTS] [-N CHUNK] [-d DIR]\n");
			return 2;
		}
	}
	c.rng = seed * 0x9e3779b97f4a7c15ULL + 1;
	guard = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (guard == MAP_FAILED || mprotect(guard + 4096, 4096, PROT_NONE)) {
		perror("policyfuzz: mmap");
		return 1;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	sunreclaim_start = sunreclaim();
	if (chunk > 0) {
		fuzz_namespaces(n, chunk);
	} else {
		fuzz(n);
		summary("host", 0);
	}
	return c.failures ? 1 : 0;
}
