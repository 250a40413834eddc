// SPDX-License-Identifier: GPL-2.0
/*
 * auditrd - run a command and print the audit records it caused, read
 * straight from the kernel's audit netlink socket.
 *
 *   auditrd [-a] [-o FILE] [-t TYPE]... -- CMD [ARGS]
 *
 * auditrd registers itself as the audit daemon, drains what the kernel
 * already holds (unless -a: then those records are printed too), runs CMD,
 * and after CMD has ended sends a marker message of its own.  Records
 * arrive in the order the kernel queued them, so once the marker is back
 * every record CMD caused has been read: no sleeping, no guessing.
 *
 * Records are printed one per line in auditd's log format,
 *   type=INTEGRITY_RULE msg=audit(1700000000.123:42): file="/bin/x" ...
 * so auditd's tools can read the output.  -t keeps only the given types
 * (a number or a name).  The exit status is CMD's, or 125 when auditrd
 * itself failed.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <linux/audit.h>
#include <linux/netlink.h>

#define FAIL 125
#define MAX_TYPES 16
#define MARK_TIMEOUT_MS 60000

static const struct {
	int type;
	const char *name;
} names[] = {
	{ 1005, "USER" },
	{ 1300, "SYSCALL" },
	{ 1302, "PATH" },
	{ 1305, "CONFIG_CHANGE" },
	{ 1307, "CWD" },
	{ 1320, "EOE" },
	{ 1327, "PROCTITLE" },
	{ 1800, "INTEGRITY_DATA" },
	{ 1801, "INTEGRITY_METADATA" },
	{ 1802, "INTEGRITY_STATUS" },
	{ 1803, "INTEGRITY_HASH" },
	{ 1804, "INTEGRITY_PCR" },
	{ 1805, "INTEGRITY_RULE" },
	{ 1806, "INTEGRITY_EVM_XATTR" },
	{ 1807, "INTEGRITY_POLICY_RULE" },
};

static int fd;
static unsigned int seq;
static int types[MAX_TYPES], ntypes;
static FILE *out;
static char mark[64];
static int mark_seen;

static void die(const char *what)
{
	fprintf(stderr, "auditrd: %s: %s\n", what, strerror(errno));
	exit(FAIL);
}

static int type_of(const char *s)
{
	char *end;
	long n = strtol(s, &end, 10);
	size_t i;

	if (*s && !*end)
		return n;
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (!strcasecmp(s, names[i].name))
			return names[i].type;
	fprintf(stderr, "auditrd: unknown record type '%s'\n", s);
	exit(FAIL);
}

static void print_record(int type, const char *data, int len)
{
	size_t i;
	int j;

	if (ntypes) {
		for (j = 0; j < ntypes && types[j] != type; j++)
			;
		if (j == ntypes)
			return;
	}
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (names[i].type == type)
			break;
	while (len > 0 && (data[len - 1] == '\0' || data[len - 1] == '\n'))
		len--;
	if (i < sizeof(names) / sizeof(names[0]))
		fprintf(out, "type=%s msg=%.*s\n", names[i].name, len, data);
	else
		fprintf(out, "type=UNKNOWN[%d] msg=%.*s\n", type, len, data);
	fflush(out);
}

static void send_msg(int type, const void *payload, size_t len)
{
	struct {
		struct nlmsghdr nlh;
		char data[1024];
	} req;
	struct sockaddr_nl addr = { .nl_family = AF_NETLINK };

	memset(&req, 0, sizeof(req));
	req.nlh.nlmsg_len = NLMSG_LENGTH(len);
	req.nlh.nlmsg_type = type;
	req.nlh.nlmsg_flags = NLM_F_REQUEST;
	req.nlh.nlmsg_seq = ++seq;
	memcpy(NLMSG_DATA(&req.nlh), payload, len);
	if (sendto(fd, &req, req.nlh.nlmsg_len, 0, (struct sockaddr *)&addr,
		   sizeof(addr)) < 0)
		die("sending to the audit socket");
}

/* Read what is there; with @wait_ms, wait that long for something first. */
static void receive(int wait_ms, int print)
{
	static char buf[65536];
	struct pollfd p = { .fd = fd, .events = POLLIN };
	struct nlmsghdr *nlh;
	const char *data;
	ssize_t n;
	int len;

	if (poll(&p, 1, wait_ms) < 0) {
		if (errno == EINTR)
			return;
		die("poll");
	}
	for (;;) {
		n = recv(fd, buf, sizeof(buf), MSG_DONTWAIT);
		if (n < 0) {
			if (errno == EAGAIN || errno == EINTR)
				return;
			if (errno == ENOBUFS) {
				fprintf(stderr, "auditrd: records were lost (ENOBUFS)\n");
				exit(FAIL);
			}
			die("receiving from the audit socket");
		}
		/*
		 * The kernel sends one record per datagram and, unlike the
		 * rest of netlink, sets nlmsg_len to the length of the text
		 * alone: take the datagram's length instead.
		 */
		nlh = (struct nlmsghdr *)buf;
		if (n < NLMSG_HDRLEN)
			continue;
		data = NLMSG_DATA(nlh);
		len = n - NLMSG_HDRLEN;
		if (nlh->nlmsg_type == NLMSG_ERROR) {
			struct nlmsgerr *e = NLMSG_DATA(nlh);

			if (e->error) {
				errno = -e->error;
				die("the kernel refused a request");
			}
			continue;
		}
		if (nlh->nlmsg_type == AUDIT_USER && memmem(data, len, mark, strlen(mark))) {
			mark_seen = 1;
			continue;
		}
		if (print)
			print_record(nlh->nlmsg_type, data, len);
	}
}

static void set_daemon(unsigned int pid)
{
	struct audit_status s = {
		.mask = AUDIT_STATUS_PID | AUDIT_STATUS_ENABLED,
		.enabled = 1,
		.pid = pid,
	};

	send_msg(AUDIT_SET, &s, sizeof(s));
}

/* Send a marker and read (printing when @print) until it comes back. */
static void sync_marker(int print)
{
	struct timespec t0, t;
	char text[128];

	clock_gettime(CLOCK_MONOTONIC, &t0);
	snprintf(mark, sizeof(mark), "auditrd-mark=%d.%ld.%u", getpid(), (long)t0.tv_nsec, seq);
	snprintf(text, sizeof(text), "%s", mark);
	mark_seen = 0;
	send_msg(AUDIT_USER, text, strlen(text) + 1);
	while (!mark_seen) {
		receive(1000, print);
		clock_gettime(CLOCK_MONOTONIC, &t);
		if ((t.tv_sec - t0.tv_sec) * 1000 > MARK_TIMEOUT_MS) {
			fprintf(stderr, "auditrd: the marker did not come back\n");
			exit(FAIL);
		}
	}
}

int main(int argc, char **argv)
{
	struct sockaddr_nl addr = { .nl_family = AF_NETLINK };
	int all = 0, opt, status, pidfd, rcvbuf = 16 << 20;
	struct pollfd p[2];
	pid_t child;

	out = stdout;
	while ((opt = getopt(argc, argv, "+ao:t:")) != -1) {
		switch (opt) {
		case 'a':
			all = 1;
			break;
		case 'o':
			out = fopen(optarg, "w");
			if (!out)
				die(optarg);
			break;
		case 't':
			if (ntypes == MAX_TYPES) {
				fprintf(stderr, "auditrd: too many -t\n");
				return FAIL;
			}
			types[ntypes++] = type_of(optarg);
			break;
		default:
			goto usage;
		}
	}
	if (optind >= argc)
		goto usage;

	fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_AUDIT);
	if (fd < 0)
		die("opening the audit socket");
	setsockopt(fd, SOL_SOCKET, SO_RCVBUFFORCE, &rcvbuf, sizeof(rcvbuf));
	if (bind(fd, (struct sockaddr *)&addr, sizeof(addr)) < 0)
		die("bind");
	set_daemon(getpid());
	sync_marker(all);

	child = fork();
	if (child < 0)
		die("fork");
	if (!child) {
		execvp(argv[optind], argv + optind);
		fprintf(stderr, "auditrd: %s: %s\n", argv[optind], strerror(errno));
		_exit(127);
	}
	pidfd = syscall(SYS_pidfd_open, child, 0);
	if (pidfd < 0)
		die("pidfd_open");
	p[0] = (struct pollfd){ .fd = fd, .events = POLLIN };
	p[1] = (struct pollfd){ .fd = pidfd, .events = POLLIN };
	/* Read while CMD runs, so the kernel's backlog never fills up. */
	for (;;) {
		if (poll(p, 2, -1) < 0 && errno != EINTR)
			die("poll");
		if (p[0].revents)
			receive(0, 1);
		if (p[1].revents)
			break;
	}
	if (waitpid(child, &status, 0) < 0)
		die("waitpid");
	sync_marker(1);
	set_daemon(0);
	receive(0, 0);
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	return 128 + WTERMSIG(status);

usage:
	fprintf(stderr, "usage: auditrd [-a] [-o FILE] [-t TYPE]... -- CMD [ARGS]\n");
	return FAIL;
}
