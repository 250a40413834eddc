// SPDX-License-Identifier: GPL-2.0
/*
 * securityfs instances of user namespaces (run as root in a guest).
 *
 * Each test makes an unprivileged user (uid 1000) the root of a new user
 * and mount namespace that mounts securityfs, and checks who may use that
 * instance.  SECURITYFS_NS_FILES lists, space-separated and sorted, what
 * the root directory of a fresh instance must hold ("" for nothing).
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <linux/mount.h>

#include "kselftest_harness.h"
#include "userns.h"

#define MNT "/tmp/securityfs-ns"

/* Pass a file descriptor over a unix socket. */
static int send_fd(int sock, int fd)
{
	char cbuf[CMSG_SPACE(sizeof(int))], byte = 0;
	struct iovec iov = { .iov_base = &byte, .iov_len = 1 };
	struct msghdr msg = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = cbuf, .msg_controllen = sizeof(cbuf),
	};
	struct cmsghdr *cmsg = CMSG_FIRSTHDR(&msg);

	cmsg->cmsg_level = SOL_SOCKET;
	cmsg->cmsg_type = SCM_RIGHTS;
	cmsg->cmsg_len = CMSG_LEN(sizeof(int));
	memcpy(CMSG_DATA(cmsg), &fd, sizeof(int));
	return sendmsg(sock, &msg, 0) == 1 ? 0 : -1;
}

static int recv_fd(int sock)
{
	char cbuf[CMSG_SPACE(sizeof(int))], byte;
	struct iovec iov = { .iov_base = &byte, .iov_len = 1 };
	struct msghdr msg = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = cbuf, .msg_controllen = sizeof(cbuf),
	};
	struct cmsghdr *cmsg;
	int fd;

	if (recvmsg(sock, &msg, 0) != 1)
		return -1;
	cmsg = CMSG_FIRSTHDR(&msg);
	if (!cmsg || cmsg->cmsg_type != SCM_RIGHTS)
		return -1;
	memcpy(&fd, CMSG_DATA(cmsg), sizeof(int));
	return fd;
}

/*
 * A process that holds an instance mounted at MNT until it is released.
 * It hands out O_PATH descriptors of the instance's root and of its /tmp.
 */
struct holder {
	pid_t pid;
	int release;
	int root_fd;
	int tmp_fd;
};

static int start_holder(struct holder *h)
{
	int sv[2], release[2], err = 0;

	if (socketpair(AF_UNIX, SOCK_DGRAM, 0, sv) || pipe(release))
		return -1;
	h->pid = fork();
	if (h->pid < 0)
		return -1;
	if (!h->pid) {
		char c;

		close(sv[0]);
		close(release[1]);
		if (enter_userns(CLONE_NEWNS) ||
		    mount("securityfs", MNT, "securityfs", 0, NULL))
			_exit(errno);
		if (send_fd(sv[1], open(MNT, O_PATH | O_DIRECTORY)) ||
		    send_fd(sv[1], open("/tmp", O_PATH | O_DIRECTORY)) ||
		    read(release[0], &c, 1) < 0)
			_exit(1);
		_exit(0);
	}
	close(sv[1]);
	close(release[0]);
	h->release = release[1];
	h->root_fd = recv_fd(sv[0]);
	h->tmp_fd = recv_fd(sv[0]);
	close(sv[0]);
	if (h->root_fd < 0 || h->tmp_fd < 0) {
		/* The holder failed: its status says why. */
		close(h->release);
		if (waitpid(h->pid, &err, 0) == h->pid && WIFEXITED(err))
			errno = WEXITSTATUS(err);
		return -1;
	}
	return 0;
}

static int stop_holder(struct holder *h)
{
	int status;

	close(h->root_fd);
	close(h->tmp_fd);
	close(h->release);
	if (waitpid(h->pid, &status, 0) != h->pid)
		return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* Run @fn in a child and return what it returned (an errno, or 0). */
static int in_child(int (*fn)(void *), void *arg)
{
	int status;
	pid_t pid = fork();

	if (pid < 0)
		return -1;
	if (!pid)
		_exit(fn(arg));
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

static int open_dir_errno(const char *path)
{
	int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd < 0)
		return errno;
	close(fd);
	return 0;
}

/* The sorted, space-separated entries of a directory. */
static int list_dir(const char *path, char *buf, size_t size)
{
	struct dirent **names;
	int i, n = scandir(path, &names, NULL, alphasort);

	if (n < 0)
		return -1;
	buf[0] = '\0';
	for (i = 0; i < n; i++) {
		if (strcmp(names[i]->d_name, ".") && strcmp(names[i]->d_name, "..")) {
			if (buf[0])
				strncat(buf, " ", size - strlen(buf) - 1);
			strncat(buf, names[i]->d_name, size - strlen(buf) - 1);
		}
		free(names[i]);
	}
	free(names);
	return 0;
}

FIXTURE(instance) {
	struct holder holder;
	char root[64];
};

FIXTURE_SETUP(instance)
{
	mkdir(MNT, 0755);
	ASSERT_EQ(0, start_holder(&self->holder)) TH_LOG("mount: %s", strerror(errno));
	snprintf(self->root, sizeof(self->root), "/proc/%d/root" MNT, self->holder.pid);
}

FIXTURE_TEARDOWN(instance)
{
	EXPECT_EQ(0, stop_holder(&self->holder));
}

/* A fresh instance holds nothing of the host's: no TPM, EVM or LSM files. */
TEST_F(instance, fresh_contents)
{
	const char *want = getenv("SECURITYFS_NS_FILES");
	char got[512];

	ASSERT_NE(NULL, want);
	ASSERT_EQ(0, list_dir(self->root, got, sizeof(got)));
	EXPECT_STREQ(want, got);
}

/* Its root directory belongs to the namespace's root: host uid 1000. */
TEST_F(instance, owner)
{
	struct stat st;

	ASSERT_EQ(0, stat(self->root, &st));
	EXPECT_EQ(USER, st.st_uid);
	EXPECT_EQ(USER, st.st_gid);
	EXPECT_EQ(S_IFDIR | 0755, st.st_mode);
}

/* The host (an ancestor of every namespace) may use any instance. */
TEST_F(instance, ancestor_may_use)
{
	EXPECT_EQ(0, open_dir_errno(self->root));
}

static int sibling(void *arg)
{
	struct holder *h = arg;
	int fd;

	if (enter_userns(0))
		return 100;
	/* The holder's /tmp is usable through the descriptor... */
	fd = openat(h->tmp_fd, ".", O_RDONLY | O_DIRECTORY);
	if (fd < 0)
		return 101;
	close(fd);
	/* ...its securityfs instance is not. */
	fd = openat(h->root_fd, ".", O_RDONLY | O_DIRECTORY);
	if (fd < 0)
		return errno;
	close(fd);
	return 0;
}

/*
 * A sibling user namespace of the same user is refused, even with a
 * descriptor of the instance in hand.  (It cannot reach the instance
 * through /proc/PID/root at all: ptrace rules keep it out.)
 */
TEST_F(instance, sibling_refused)
{
	EXPECT_EQ(EACCES, in_child(sibling, &self->holder));
}

static int descendant(void *unused __attribute__((unused)))
{
	if (enter_userns(CLONE_NEWNS) ||
	    mount("securityfs", MNT, "securityfs", 0, NULL))
		return 100;
	if (open_dir_errno(MNT))
		return 101;
	/* A user namespace nested in the owner, same mounts. */
	if (new_userns(0))
		return 102;
	return open_dir_errno(MNT);
}

/* So is a user namespace nested in the owner. */
TEST(descendant_refused)
{
	mkdir(MNT, 0755);
	EXPECT_EQ(EACCES, in_child(descendant, NULL));
}

static int mount_twice(void *unused __attribute__((unused)))
{
	struct stat a, b;

	if (enter_userns(CLONE_NEWNS))
		return 100;
	if (mount("securityfs", MNT, "securityfs", 0, NULL) ||
	    stat(MNT, &a) || mount("securityfs", "/tmp", "securityfs", 0, NULL) ||
	    stat("/tmp", &b))
		return errno;
	return a.st_dev == b.st_dev ? 0 : 101;
}

/* One instance per user namespace: a second mount shows the same one, a
 * different namespace gets its own. */
TEST_F(instance, one_per_namespace)
{
	struct stat mine, host;

	EXPECT_EQ(0, in_child(mount_twice, NULL));
	ASSERT_EQ(0, stat(self->root, &mine));
	ASSERT_EQ(0, stat("/sys/kernel/security", &host));
	EXPECT_NE(host.st_dev, mine.st_dev);
}

TEST(foreign_context_refused)
{
	int sv[2], fsfd, status;
	pid_t pid;

	ASSERT_EQ(0, socketpair(AF_UNIX, SOCK_DGRAM, 0, sv));
	pid = fork();
	ASSERT_LE(0, pid);
	if (!pid) {
		/* The context is set up in a user namespace... */
		if (enter_userns(CLONE_NEWNS))
			_exit(100);
		fsfd = syscall(SYS_fsopen, "securityfs", FSOPEN_CLOEXEC);
		if (fsfd < 0)
			_exit(101);
		_exit(send_fd(sv[1], fsfd) ? 102 : 0);
	}
	fsfd = recv_fd(sv[0]);
	ASSERT_LE(0, fsfd);
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	ASSERT_EQ(0, status);
	/* ...and the superblock created from the host: refused. */
	EXPECT_EQ(-1, syscall(SYS_fsconfig, fsfd, FSCONFIG_CMD_CREATE, NULL, NULL, 0));
	EXPECT_EQ(EINVAL, errno);
	close(fsfd);
}

/* Active objects per slab cache, from /proc/slabinfo. */
struct slab {
	char name[64];
	long active;
};

/*
 * Shrink every cache, as slab.sh does: that frees empty slabs and, under
 * KASAN, empties the cache's quarantine, so that freed objects no longer
 * count as active.  Returns 0, or -1 when a cache could not be shrunk.
 */
static int shrink_slabs(void)
{
	DIR *d = opendir("/sys/kernel/slab");
	struct dirent *e;
	char path[512];
	int fd, ret = 0;

	if (!d)
		return -1;
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "/sys/kernel/slab/%s/shrink", e->d_name);
		fd = open(path, O_WRONLY | O_CLOEXEC);
		if (fd < 0 || write(fd, "1", 1) != 1)
			ret = -1;
		if (fd >= 0)
			close(fd);
	}
	closedir(d);
	return ret;
}

static int read_slabs(struct slab *s, int max)
{
	FILE *f;
	char line[512];
	int n = 0;

	if (shrink_slabs())
		return -1;
	f = fopen("/proc/slabinfo", "r");
	if (!f)
		return -1;
	while (n < max && fgets(line, sizeof(line), f))
		if (line[0] != '#' && sscanf(line, "%63s %ld", s[n].name, &s[n].active) == 2)
			n++;
	fclose(f);
	return n;
}

/*
 * The number of caches in @a that hold @limit or more objects more than in
 * @b; with @show, each is printed as a TAP comment.
 */
static int caches_grown(const struct slab *b, int nb, const struct slab *a,
			int na, long limit, bool show)
{
	int i, j, n = 0;

	for (i = 0; i < na; i++)
		for (j = 0; j < nb; j++) {
			if (strcmp(a[i].name, b[j].name) ||
			    a[i].active - b[j].active < limit)
				continue;
			if (show)
				fprintf(stderr, "# %s: %ld -> %ld active objects\n",
					a[i].name, b[j].active, a[i].active);
			n++;
		}
	return n;
}

static int mount_cycles(void *count)
{
	long i;

	if (enter_userns(CLONE_NEWNS))
		return 100;
	for (i = 0; i < (long)count; i++)
		if (mount("securityfs", MNT, "securityfs", 0, NULL) ||
		    umount(MNT))
			return errno;
	return 0;
}

#define MAX_SLABS 512

/*
 * 10 000 cycles; 2000 on the debug kernel (tools/vm sets VM_VARIANT),
 * where each costs several times more and kmemleak finds any object
 * left as well.
 */
static long cycles_count(void)
{
	const char *variant = getenv("VM_VARIANT");

	return variant && !strcmp(variant, "debug") ? 2000 : 10000;
}

FIXTURE(cycles) {
};

FIXTURE_SETUP(cycles)
{
	mkdir(MNT, 0755);
}

FIXTURE_TEARDOWN(cycles)
{
}

/*
 * Mounting and unmounting an instance 10 000 times (cycles_count())
 * leaves nothing behind: no slab cache grows by as much as one object per
 * ten cycles.
 */
TEST_F_TIMEOUT(cycles, mount_unmount_no_growth, 600)
{
	static struct slab before[MAX_SLABS], after[MAX_SLABS];
	long cycles = cycles_count();
	int nb, na;
	time_t end;

	ASSERT_EQ(0, in_child(mount_cycles, (void *)1000L));
	nb = read_slabs(before, MAX_SLABS);
	ASSERT_LT(0, nb);
	ASSERT_EQ(0, in_child(mount_cycles, (void *)cycles));
	/*
	 * Freed inodes and superblocks wait for RCU grace periods and their
	 * callbacks, which take a while on a slow (KASAN) guest: count again
	 * until no cache has grown, for 30 s at most.
	 */
	for (end = time(NULL) + 30;;) {
		syscall(SYS_membarrier, 1 /* MEMBARRIER_CMD_GLOBAL */, 0, 0);
		na = read_slabs(after, MAX_SLABS);
		ASSERT_LT(0, na);
		if (!caches_grown(before, nb, after, na, cycles / 10, false) ||
		    time(NULL) >= end)
			break;
	}
	EXPECT_EQ(0, caches_grown(before, nb, after, na, cycles / 10, true));
}

TEST_HARNESS_MAIN
