// SPDX-License-Identifier: GPL-2.0
/*
 * imans - run a command in a fresh IMA namespace
 *
 *   imans [--hash ALGO] [--template NAME] [--rule RULE]... [--measure CONDS]...
 *         [--policy FILE] [--map-root | --map-auto] [--root DIR] [--pid]
 *         -- CMD [ARGS]
 *   imans list PID
 *   imans replay FILE [PCRS]
 *
 * Creates a user and a mount namespace (and a pid namespace with --pid),
 * mounts the namespace's own securityfs, chooses its IMA namespace's hash
 * algorithm and template, activates it, loads the rules, and executes
 * CMD.  With list, prints the measurement list of the IMA namespace whose
 * securityfs PID has mounted; with replay, checks a namespace's binary
 * list against its software PCRs.  See imans.1.
 *
 * Exit status: CMD's, or 125 when imans failed to set the namespace up
 * (or to read the list), 1 when a list does not replay to its PCRs, 126 when CMD could not be executed, 127 when CMD
 * was not found, 2 for a usage error.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <grp.h>
#include <linux/magic.h>
#include <linux/openat2.h>
#include <openssl/evp.h>
#include <sched.h>
#include <stdint.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#define EXIT_SETUP 125
#define EXIT_CANNOT_EXEC 126
#define EXIT_NOT_FOUND 127
#define MAX_RULES 1024
#define SECURITYFS "/sys/kernel/security"

static const char *step;

/*
 * What an errno means at a step of setting up an IMA namespace, beyond
 * what strerror() says.  NULL when there is nothing to add.
 */
static const char *meaning(const char *at, int err)
{
	static const struct {
		const char *step;
		int err;
		const char *text;
	} table[] = {
		{ "user namespace", EPERM, "user namespaces are disabled for unprivileged users (sysctl kernel.unprivileged_userns_clone on Debian's kernels, or a container that forbids them)" },
		{ "user namespace", ENOSPC, "too many user namespaces: they nest at most 33 levels below the host's (a 34th fails), and sysctl user.max_user_namespaces limits their number" },
		{ "mount securityfs", EPERM, "this kernel cannot mount securityfs in a user namespace: it has no IMA namespace support (CONFIG_IMA_NS)" },
		{ "mount securityfs", ENOENT, "the mount point is missing: with --root, DIR" SECURITYFS " must exist" },
		{ "hash", EINVAL, "the kernel has no such algorithm (a namespace never has a module loaded: the host's root may load it), or the template ima takes SHA1 and MD5 only" },
		{ "template", EINVAL, "not the name of a built-in template (ima, ima-ng, ima-sig, ...), or the template ima with an algorithm other than SHA1 and MD5" },
		{ "rule", EPERM, "only host root with CAP_AUDIT_WRITE may set audit rules in a namespace" },
		{ "rule", EINVAL, "the rule is malformed, or not allowed in a namespace: only measure rules for BPRM_CHECK, MMAP_CHECK, FILE_CHECK and CREDS_CHECK, audit and dont_* rules are, and ids must be mapped in the namespace" },
		{ "policy", EINVAL, "a rule in the file is malformed, or not allowed in a namespace: only measure rules for BPRM_CHECK, MMAP_CHECK, FILE_CHECK and CREDS_CHECK, audit and dont_* rules are, and ids must be mapped in the namespace" },
		{ "policy", EPERM, "only host root with CAP_AUDIT_WRITE may set audit rules in a namespace" },
		{ "policy", ENOSPC, "a namespace holds at most 1024 rules" },
		{ "map ids", EPERM, "the id maps were refused: without privilege only one's own ids can be mapped; --map-auto needs /etc/subuid and /etc/subgid entries" },
		{ "list", ENOENT, "no such process, or no IMA namespace's securityfs mounted on " SECURITYFS " in its mount namespace (the host's has no active file)" },
		{ "list", EACCES, "its IMA namespace is not active, or you may not read it: reading /proc/PID/root needs the right to trace PID, and only the namespace's root and the users owning the namespaces above it may read its list" },
		{ "list", ELOOP, "a symbolic link on the way, which imans does not follow: PID's root decides where it points" },
	};
	size_t i;

	for (i = 0; i < sizeof(table) / sizeof(table[0]); i++)
		if (!strcmp(table[i].step, at) && table[i].err == err)
			return table[i].text;
	return NULL;
}

/* Report a failed step with its errno and what it means, then exit. */
static void __attribute__((noreturn)) fail(int err, const char *fmt, ...)
{
	const char *text = meaning(step, err);
	va_list ap;

	fprintf(stderr, "imans: %s: ", step);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "%s%s (%s)", *fmt ? ": " : "",
		strerrorname_np(err) ?: "?", strerror(err));
	if (text)
		fprintf(stderr, ": %s", text);
	fputc('\n', stderr);
	exit(EXIT_SETUP);
}

static void __attribute__((noreturn)) usage(int status)
{
	fprintf(status ? stderr : stdout,
		"usage: imans [--hash ALGO] [--template NAME] [--rule RULE]... [--measure CONDS]...\n"
		"             [--policy FILE] [--map-root | --map-auto] [--root DIR] [--pid] -- CMD [ARGS]\n"
		"       imans list PID\n"
		"       imans replay FILE [PCRS]\n");
	exit(status);
}

/* @a followed by @b in @buf, or a failure of the current step. */
static void join(char *buf, size_t size, const char *a, const char *b)
{
	if ((size_t)snprintf(buf, size, "%s%s", a, b) >= size)
		fail(ENAMETOOLONG, "%s%s", a, b);
}

/* Write all of @text to @fd: 0, or an errno. */
static int write_all(int fd, const char *text, size_t len)
{
	ssize_t n;

	while (len) {
		n = write(fd, text, len);
		if (n < 0)
			return errno;
		if (n == 0 || (size_t)n > len)
			return EIO;
		text += n;
		len -= n;
	}
	return 0;
}

static int write_text(const char *path, const char *text, size_t len)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC), err;

	if (fd < 0)
		return errno;
	err = write_all(fd, text, len);
	if (close(fd) && !err)
		err = errno;
	return err;
}

/*
 * Step @what: write @value to the file @name of the namespace's securityfs
 * mounted on @mnt, before activation, or fail.
 */
static void choose(const char *mnt, const char *what, const char *name,
		   const char *value)
{
	char path[4096];
	int err;

	step = what;
	join(path, sizeof(path), mnt, name);
	err = write_text(path, value, strlen(value));
	if (err)
		fail(err, "%s", value);
}

/* Write one rule, with its newline, to the open policy file @fd. */
static void write_rule(int fd, const char *rule)
{
	char line[4096];
	int len, err;

	step = "rule";
	len = snprintf(line, sizeof(line), "%s\n", rule);
	if (len >= (int)sizeof(line))
		fail(E2BIG, "%s", rule);
	err = write_all(fd, line, len);
	if (err)
		fail(err, "%s", rule);
}

/* Write a policy file's rules, one per line, to the open policy file @fd. */
static void write_policy(int fd, const char *file)
{
	size_t size = 0, len = 0;
	char *text = NULL, *p;
	ssize_t n;
	int in, err;

	step = "policy";
	in = open(file, O_RDONLY | O_CLOEXEC);
	if (in < 0)
		fail(errno, "%s", file);
	do {
		/* Room for what comes and for a last newline. */
		if (size - len < 4097) {
			size = size ? 2 * size : 65536;
			p = realloc(text, size);
			if (!p)
				fail(ENOMEM, "%s", file);
			text = p;
		}
		n = read(in, text + len, size - len - 1);
		if (n < 0)
			fail(errno, "%s", file);
		len += n;
	} while (n);
	close(in);
	/* The last rule needs its newline too. */
	if (len && text[len - 1] != '\n')
		text[len++] = '\n';
	err = write_all(fd, text, len);
	if (err)
		fail(err, "%s", file);
	free(text);
}

/*
 * Load the rules and then a policy file's in one open of the namespace's
 * policy file: the kernel loads them all when it is closed, or none when
 * one is refused (exiting closes it), and a kernel without
 * CONFIG_IMA_WRITE_POLICY, as Debian builds its kernels, loads a
 * namespace's policy once.
 */
static void load(const char *policy, const char *const *rules, int nrules,
		 const char *file)
{
	int fd, i;

	step = nrules ? "rule" : "policy";
	fd = open(policy, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		fail(errno, "%s", policy);
	for (i = 0; i < nrules; i++)
		write_rule(fd, rules[i]);
	if (file)
		write_policy(fd, file);
	if (close(fd))
		fail(errno, "%s", policy);
}

/* Map root in the new user namespace to the caller's ids. */
static void map_root(uid_t uid, gid_t gid)
{
	char map[64];
	int err;

	step = "map ids";
	snprintf(map, sizeof(map), "0 %u 1\n", uid);
	err = write_text("/proc/self/uid_map", map, strlen(map));
	if (!err)
		err = write_text("/proc/self/setgroups", "deny", 4);
	snprintf(map, sizeof(map), "0 %u 1\n", gid);
	if (!err)
		err = write_text("/proc/self/gid_map", map, strlen(map));
	if (err)
		fail(err, "");
}

/*
 * The subordinate ids of the caller from /etc/subuid or /etc/subgid:
 * the first range of the user's name or number.
 */
static int subids(const char *file, const char *name, unsigned int id,
		  unsigned long *start, unsigned long *count)
{
	char line[256], who[128], num[16];
	FILE *f = fopen(file, "re");

	if (!f)
		return -1;
	snprintf(num, sizeof(num), "%u", id);
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%127[^:]:%lu:%lu", who, start, count) == 3 &&
		    (!strcmp(who, num) || (name && !strcmp(who, name)))) {
			fclose(f);
			return 0;
		}
	}
	fclose(f);
	errno = ENOENT;
	return -1;
}

/*
 * Map root to the caller and ids 1..N to the caller's subordinate ids,
 * with newuidmap and newgidmap, run by a helper outside the namespace.
 */
static void map_auto(pid_t child, uid_t uid, gid_t gid, const char *name)
{
	unsigned long us, uc, gs, gc;
	char args[6][32], pid[16];
	int status, i;
	const char *tool[2] = { "newuidmap", "newgidmap" };

	step = "map ids";
	if (subids("/etc/subuid", name, uid, &us, &uc) ||
	    subids("/etc/subgid", name, gid, &gs, &gc))
		fail(EPERM, "no subordinate ids for uid %u in /etc/subuid and /etc/subgid", uid);
	snprintf(pid, sizeof(pid), "%d", child);
	for (i = 0; i < 2; i++) {
		pid_t p;

		snprintf(args[0], sizeof(args[0]), "0");
		snprintf(args[1], sizeof(args[1]), "%u", i ? gid : uid);
		snprintf(args[2], sizeof(args[2]), "1");
		snprintf(args[3], sizeof(args[3]), "1");
		snprintf(args[4], sizeof(args[4]), "%lu", i ? gs : us);
		snprintf(args[5], sizeof(args[5]), "%lu", i ? gc : uc);
		p = fork();
		if (p < 0)
			fail(errno, "fork");
		if (!p) {
			execlp(tool[i], tool[i], pid, args[0], args[1], args[2],
			       args[3], args[4], args[5], (char *)NULL);
			fprintf(stderr, "imans: map ids: %s: %s\n", tool[i],
				strerror(errno));
			_exit(EXIT_NOT_FOUND);
		}
		if (waitpid(p, &status, 0) != p || !WIFEXITED(status) ||
		    WEXITSTATUS(status))
			fail(EPERM, "%s failed", tool[i]);
	}
}

/*
 * openat2(2), which glibc 2.36 does not wrap: open @path under @dirfd as
 * @how says.
 */
static int openat2_path(int dirfd, const char *path, int flags,
			unsigned long long resolve)
{
	struct open_how how = { .flags = flags, .resolve = resolve };

	return syscall(SYS_openat2, dirfd, path, &how, sizeof(how));
}

/*
 * imans list PID: copy the measurement list (ascii) of the IMA namespace
 * whose securityfs PID has mounted on /sys/kernel/security to stdout.
 * What PID's mount namespace holds is decided by PID's root, not by the
 * caller, who may be the host's root: the path is resolved inside PID's
 * root (/proc/PID/root) through no symbolic link, the directory and the
 * file must be securityfs's, and the directory must have an "active" file,
 * which the host's instance has not.  Reading /proc/PID/root needs the
 * right to trace PID; the kernel lets the namespace's root and the owners
 * of the namespaces above it read the list.
 */
static void __attribute__((noreturn)) list(const char *pid)
{
	char proc_root[32], path[128], file[160], buf[65536];
	struct statfs fs;
	struct stat st;
	int root, dir, fd, err;
	ssize_t n;

	step = "list";
	if (!*pid || *pid == '0' || strlen(pid) > 10 ||
	    strspn(pid, "0123456789") != strlen(pid))
		usage(2);
	snprintf(proc_root, sizeof(proc_root), "/proc/%s/root", pid);
	root = open(proc_root, O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (root < 0)
		fail(errno, "%s", proc_root);
	join(path, sizeof(path), proc_root, SECURITYFS "/integrity/ima");
	dir = openat2_path(root, SECURITYFS "/integrity/ima",
			   O_PATH | O_DIRECTORY | O_CLOEXEC,
			   RESOLVE_IN_ROOT | RESOLVE_NO_SYMLINKS |
			   RESOLVE_NO_MAGICLINKS);
	if (dir < 0)
		fail(errno, "%s", path);
	if (fstatfs(dir, &fs))
		fail(errno, "%s", path);
	if (fs.f_type != SECURITYFS_MAGIC)
		fail(ENOENT, "%s: not securityfs", path);
	fd = openat(dir, "active", O_PATH | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		fail(errno, "%s/active", path);
	close(fd);
	join(file, sizeof(file), path, "/ascii_runtime_measurements");
	fd = openat(dir, "ascii_runtime_measurements",
		    O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		fail(errno, "%s", file);
	if (fstatfs(fd, &fs) || fstat(fd, &st))
		fail(errno, "%s", file);
	if (fs.f_type != SECURITYFS_MAGIC || !S_ISREG(st.st_mode))
		fail(ENOENT, "%s: not securityfs's", file);
	while ((n = read(fd, buf, sizeof(buf))) > 0) {
		err = write_all(STDOUT_FILENO, buf, n);
		if (err)
			fail(err, "stdout");
	}
	if (n < 0)
		fail(errno, "%s", file);
	exit(0);
}

/* The banks and PCRs of a namespace's runtime_pcrs, and a replay's */
#define MAX_BANKS 8
#define NR_PCRS 64

struct bank {
	char name[32];
	const EVP_MD *md;
	unsigned int size;
	uint64_t used, replay_used;
	unsigned char pcr[NR_PCRS][EVP_MAX_MD_SIZE];
	unsigned char replay[NR_PCRS][EVP_MAX_MD_SIZE];
};

static int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

/*
 * Read runtime_pcrs from @f: lines "ALGO PCR HEX" (lowercase hex of the
 * algorithm's digest size), a bank's lines together.  Returns the number
 * of banks, or fails.
 */
static int read_pcrs(FILE *f, const char *path, struct bank *banks)
{
	/* Room for the 130 characters and the NUL that %130s stores */
	char line[256], name[32], hex[EVP_MAX_MD_SIZE * 2 + 3];
	int nbanks = 0, lineno = 0, i;
	unsigned int pcr, j;
	struct bank *b;

	while (fgets(line, sizeof(line), f)) {
		lineno++;
		if (sscanf(line, "%31s %u %130s", name, &pcr, hex) != 3 ||
		    pcr >= NR_PCRS)
			fail(EINVAL, "%s: line %d", path, lineno);
		for (i = 0; i < nbanks && strcmp(banks[i].name, name); i++)
			;
		if (i == nbanks) {
			if (nbanks == MAX_BANKS)
				fail(EINVAL, "%s: more than %d banks", path, MAX_BANKS);
			b = &banks[nbanks++];
			strcpy(b->name, name);
			b->md = EVP_get_digestbyname(name);
			if (!b->md)
				fail(EINVAL, "%s: line %d: no algorithm %s", path, lineno, name);
			b->size = EVP_MD_get_size(b->md);
		}
		b = &banks[i];
		if (strlen(hex) != 2 * b->size || (b->used >> pcr) & 1)
			fail(EINVAL, "%s: line %d", path, lineno);
		for (j = 0; j < b->size; j++) {
			int hi = hexval(hex[2 * j]), lo = hexval(hex[2 * j + 1]);

			if (hi < 0 || lo < 0)
				fail(EINVAL, "%s: line %d", path, lineno);
			b->pcr[pcr][j] = hi << 4 | lo;
		}
		b->used |= 1ULL << pcr;
	}
	if (ferror(f))
		fail(errno, "%s", path);
	if (!nbanks)
		fail(EINVAL, "%s: no PCR", path);
	return nbanks;
}

/* @size bytes of @data, or a failure: the list ends inside an entry. */
static const unsigned char *take(const unsigned char **p, const unsigned char *end,
				 size_t size, const char *path)
{
	const unsigned char *at = *p;

	if ((size_t)(end - at) < size)
		fail(EINVAL, "%s: the list ends inside an entry", path);
	*p = at + size;
	return at;
}

static uint32_t take32(const unsigned char **p, const unsigned char *end,
		       const char *path)
{
	uint32_t v;

	memcpy(&v, take(p, end, 4, path), 4);
	return v;
}

static void digest(const EVP_MD *md, const void *a, size_t alen,
		   const void *b, size_t blen, unsigned char *out)
{
	EVP_MD_CTX *ctx = EVP_MD_CTX_new();

	if (!ctx || !EVP_DigestInit_ex(ctx, md, NULL) ||
	    !EVP_DigestUpdate(ctx, a, alen) ||
	    (blen && !EVP_DigestUpdate(ctx, b, blen)) ||
	    !EVP_DigestFinal_ex(ctx, out, NULL))
		fail(ENOMEM, "digest");
	EVP_MD_CTX_free(ctx);
}

/*
 * An entry's template digest in @md: of its data, or for the original
 * template ima (@is_ima), whose data is the file digest (20 bytes) and
 * the name's length (4) and text, of the digest and the name padded
 * with zeros to 256 bytes.
 */
static void template_digest(const EVP_MD *md, int is_ima,
			    const unsigned char *data, uint32_t dlen,
			    unsigned char *out)
{
	unsigned char padded[20 + 256] = { 0 };

	if (!is_ima) {
		digest(md, data, dlen, NULL, 0, out);
		return;
	}
	memcpy(padded, data, 20);
	memcpy(padded + 20, data + 24, dlen - 24);
	digest(md, padded, sizeof(padded), NULL, 0, out);
}

/* Whether the replay so far gives runtime_pcrs in every bank. */
static int replay_matches(const struct bank *banks, int nbanks)
{
	int i, pcr;

	for (i = 0; i < nbanks; i++) {
		if (banks[i].used != banks[i].replay_used)
			return 0;
		for (pcr = 0; pcr < NR_PCRS; pcr++)
			if ((banks[i].used >> pcr) & 1 &&
			    memcmp(banks[i].pcr[pcr], banks[i].replay[pcr], banks[i].size))
				return 0;
	}
	return 1;
}

/*
 * imans replay FILE [PCRS]: replay the binary measurement list FILE (a
 * namespace's binary_runtime_measurements, or a copy) into each bank of
 * PCRS (its runtime_pcrs, by default the one next to FILE), as a TPM is
 * extended, and say whether a prefix of the list gives PCRS: the whole
 * list, or its first entries when it grew after PCRS was read (PCRS is
 * read first).  A violation's entry (a template digest of zeros) extends
 * with ones; any other's template digest must be the SHA-1 of its data.
 * Exit status 0 when a prefix gives PCRS, 1 when none does, 125 when a
 * file cannot be read or parsed.
 */
static void __attribute__((noreturn)) replay(const char *file, const char *pcrs_path)
{
	static struct bank banks[MAX_BANKS];
	static unsigned char list[64 << 20];
	unsigned char zero[20] = { 0 }, ones[EVP_MAX_MD_SIZE], d[EVP_MAX_MD_SIZE];
	const unsigned char *p = list, *end, *hdr, *name, *data;
	char pcrs_buf[4096], *slash;
	long entries = 0, matched = -1;
	uint32_t pcr, nlen, dlen, len;
	int nbanks, fd, i, is_ima;
	ssize_t n;
	FILE *f;

	step = "replay";
	if (!pcrs_path) {
		slash = strrchr(file, '/');
		snprintf(pcrs_buf, sizeof(pcrs_buf), "%.*sruntime_pcrs",
			 slash ? (int)(slash - file + 1) : 0, file);
		pcrs_path = pcrs_buf;
	}
	f = fopen(pcrs_path, "re");
	if (!f)
		fail(errno, "%s", pcrs_path);
	nbanks = read_pcrs(f, pcrs_path, banks);
	fclose(f);

	fd = open(file, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		fail(errno, "%s", file);
	for (end = list; (n = read(fd, (void *)end, list + sizeof(list) - end)) > 0;)
		end += n;
	if (n < 0)
		fail(errno, "%s", file);
	if (end == list + sizeof(list))
		fail(EFBIG, "%s", file);
	close(fd);

	memset(ones, 0xff, sizeof(ones));
	while (p < end) {
		pcr = take32(&p, end, file);
		hdr = take(&p, end, 20, file);
		nlen = take32(&p, end, file);
		name = take(&p, end, nlen, file);
		is_ima = nlen == 3 && !memcmp(name, "ima", 3);
		if (is_ima) {
			/* No length: the digest, the name's length and text. */
			data = take(&p, end, 20, file);
			len = take32(&p, end, file);
			if (len > 255)
				fail(EINVAL, "%s: entry %ld", file, entries + 1);
			take(&p, end, len, file);
			dlen = 24 + len;
		} else {
			dlen = take32(&p, end, file);
			data = take(&p, end, dlen, file);
		}
		entries++;
		if (pcr >= NR_PCRS)
			fail(EINVAL, "%s: entry %ld: PCR %u", file, entries, pcr);
		if (memcmp(hdr, zero, 20)) {
			template_digest(EVP_sha1(), is_ima, data, dlen, d);
			if (memcmp(hdr, d, 20)) {
				printf("entry %ld: its template digest is not the SHA-1 of its data\n",
				       entries);
				exit(1);
			}
		}
		for (i = 0; i < nbanks; i++) {
			struct bank *b = &banks[i];
			unsigned char *v = b->replay[pcr];

			if (!memcmp(hdr, zero, 20))
				memcpy(d, ones, b->size);
			else
				template_digest(b->md, is_ima, data, dlen, d);
			digest(b->md, v, b->size, d, b->size, v);
			b->replay_used |= 1ULL << pcr;
		}
		if (matched < 0 && replay_matches(banks, nbanks))
			matched = entries;
	}
	if (matched < 0) {
		printf("no part of the list's %ld entries gives %s\n", entries, pcrs_path);
		exit(1);
	}
	printf("the first %ld of the list's %ld entries give %s\n", matched, entries,
	       pcrs_path);
	exit(0);
}

/* Wait for @pid and exit the way it did. */
static void __attribute__((noreturn)) exit_like(pid_t pid)
{
	int status;

	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			fail(errno, "wait");
	if (WIFSIGNALED(status)) {
		signal(WTERMSIG(status), SIG_DFL);
		kill(getpid(), WTERMSIG(status));
		exit(128 + WTERMSIG(status));
	}
	exit(WEXITSTATUS(status));
}

/*
 * Enter a new user namespace and mount namespace.  With --map-auto a
 * child does the rest while the parent maps its ids from outside (only a
 * process outside can run the setuid newuidmap for it); the parent then
 * waits for the child and exits as it does.
 */
static void enter_userns(int automap)
{
	uid_t uid = getuid();
	gid_t gid = getgid();
	const char *name = getenv("USER");
	int ready[2], mapped[2];
	pid_t child;
	char c = 0;

	step = "user namespace";
	if (!automap) {
		if (unshare(CLONE_NEWUSER | CLONE_NEWNS))
			fail(errno, "");
		map_root(uid, gid);
		return;
	}
	if (pipe2(ready, O_CLOEXEC) || pipe2(mapped, O_CLOEXEC))
		fail(errno, "pipe");
	child = fork();
	if (child < 0)
		fail(errno, "fork");
	if (child) {
		close(ready[1]);
		close(mapped[0]);
		/* Map the child's ids once it is in its namespace. */
		if (read(ready[0], &c, 1) == 1) {
			map_auto(child, uid, gid, name);
			if (write(mapped[1], &c, 1) != 1)
				fail(errno, "sync");
		}
		close(mapped[1]);
		exit_like(child);
	}
	close(ready[0]);
	close(mapped[1]);
	if (unshare(CLONE_NEWUSER | CLONE_NEWNS))
		fail(errno, "");
	if (write(ready[1], &c, 1) != 1)
		fail(errno, "sync");
	close(ready[1]);
	/* The parent exits with a message of its own if mapping fails. */
	if (read(mapped[0], &c, 1) != 1)
		exit(EXIT_SETUP);
	close(mapped[0]);
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "hash", required_argument, NULL, 'H' },
		{ "template", required_argument, NULL, 'T' },
		{ "rule", required_argument, NULL, 'r' },
		{ "measure", required_argument, NULL, 'm' },
		{ "policy", required_argument, NULL, 'p' },
		{ "map-root", no_argument, NULL, 'R' },
		{ "map-auto", no_argument, NULL, 'A' },
		{ "root", required_argument, NULL, 'd' },
		{ "pid", no_argument, NULL, 'P' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *rules[MAX_RULES], *policy_file = NULL, *root = NULL;
	const char *hash = NULL, *template = NULL;
	char mnt[4096], path[4096], *measure;
	int opt, nrules = 0, automap = 0, maproot = 0, newpid = 0, i;

	if (argc > 1 && !strcmp(argv[1], "list")) {
		if (argc != 3)
			usage(2);
		list(argv[2]);
	}
	if (argc > 1 && !strcmp(argv[1], "replay")) {
		if (argc != 3 && argc != 4)
			usage(2);
		replay(argv[2], argv[3]);
	}
	while ((opt = getopt_long(argc, argv, "+", opts, NULL)) != -1) {
		switch (opt) {
		case 'r':
		case 'm':
			if (nrules == MAX_RULES) {
				fprintf(stderr, "imans: more than %d rules\n", MAX_RULES);
				usage(2);
			}
			if (opt == 'm' && !*optarg)
				usage(2);
			/* --measure CONDS is the rule "measure CONDS". */
			if (opt == 'm' && asprintf(&measure, "measure %s", optarg) < 0) {
				perror("imans");
				exit(EXIT_SETUP);
			}
			rules[nrules++] = opt == 'm' ? measure : optarg;
			break;
		case 'p':
			policy_file = optarg;
			break;
		case 'H':
			hash = optarg;
			if (!*hash)
				usage(2);
			break;
		case 'T':
			template = optarg;
			if (!*template)
				usage(2);
			break;
		case 'R':
			maproot = 1;
			break;
		case 'A':
			automap = 1;
			break;
		case 'd':
			root = optarg;
			break;
		case 'P':
			newpid = 1;
			break;
		case 'h':
			usage(0);
		default:
			usage(2);
		}
	}
	if (maproot && automap) {
		fprintf(stderr, "imans: --map-root and --map-auto exclude each other\n");
		usage(2);
	}
	if (optind == argc || strcmp(argv[optind - 1], "--"))
		usage(2);

	enter_userns(automap);

	/* Mounts stay in this namespace. */
	step = "mount namespace";
	if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL))
		fail(errno, "");
	step = "mount securityfs";
	join(mnt, sizeof(mnt), root ? root : "", SECURITYFS);
	if (mount("securityfs", mnt, "securityfs", 0, NULL))
		fail(errno, "%s", mnt);

	/* The algorithm first: the template ima needs SHA1 or MD5. */
	if (hash)
		choose(mnt, "hash", "/ima/hash", hash);
	if (template)
		choose(mnt, "template", "/ima/template_name", template);

	step = "activate";
	join(path, sizeof(path), mnt, "/ima/active");
	i = write_text(path, "1\n", 2);
	if (i)
		fail(i, "%s", path);

	join(path, sizeof(path), mnt, "/ima/policy");
	if (nrules || policy_file)
		load(path, rules, nrules, policy_file);

	if (newpid) {
		pid_t child;

		step = "pid namespace";
		if (unshare(CLONE_NEWPID))
			fail(errno, "");
		child = fork();
		if (child < 0)
			fail(errno, "fork");
		if (child)
			exit_like(child);
		/* PID 1 of the new namespace: its own /proc. */
		step = "mount proc";
		join(path, sizeof(path), root ? root : "", "/proc");
		if (mount("proc", path, "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC,
			  NULL))
			fail(errno, "%s", path);
	}
	if (root) {
		step = "root";
		if (chdir(root) || chroot(".") || chdir("/"))
			fail(errno, "%s", root);
	}
	execvp(argv[optind], argv + optind);
	i = errno;
	fprintf(stderr, "imans: exec: %s: %s (%s)\n", argv[optind],
		strerrorname_np(i) ?: "?", strerror(i));
	return i == ENOENT ? EXIT_NOT_FOUND : EXIT_CANNOT_EXEC;
}
