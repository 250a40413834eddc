// SPDX-License-Identifier: GPL-2.0
/*
 * errno - do one file operation and say how it ended, for shell tests that
 * check exact error codes.
 *
 *   errno write FILE TEXT    write TEXT (no newline added), as echo would
 *   errno writein FILE       write what stdin holds (at most 4 KiB, NULs
 *                            too) in one write(2), even when it is empty
 *   errno writefd [PID] FD TEXT
 *                            the same to the open file FD, this process's
 *                            or (with PID) a copy of PID's, taken with
 *                            pidfd_getfd(): a file opened by someone else;
 *                            if taking the copy fails, prints
 *                            "pidfd_getfd: ERRNO-NAME" instead
 *   errno read FILE          read FILE to the end, copy it to stdout
 *   errno open FILE [r|w|d]  open FILE for reading (default), writing, or
 *                            reading with O_DIRECT
 *   errno mmap FILE          map FILE's first page readable and executable
 *   errno --enter PID OP ... first enter PID's mount and user namespaces
 *                            with setns(), keeping this process's
 *                            credentials and the capabilities setns()
 *                            gives in the user namespace, which an exec
 *                            would drop (nsenter --preserve-credentials
 *                            runs its command with none); if entering
 *                            fails, prints "setns: ERRNO-NAME" instead
 *
 * Prints "OK" or the errno's name (EINVAL, EACCES, ...) on the last line
 * and exits 0 for OK, 1 otherwise.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

static int report(int ok)
{
	const char *name = strerrorname_np(errno);

	if (ok) {
		puts("OK");
		return 0;
	}
	puts(name ? name : "E?");
	return 1;
}

/* Write all of TEXT to FD, as echo would, and close FD. */
static int write_close(int fd, const char *text)
{
	size_t left;
	ssize_t n;

	/* Like echo: a file may take less than all of it at once. */
	for (left = strlen(text); left; text += n, left -= n) {
		n = write(fd, text, left);
		if (n < 0)
			return report(0);
	}
	/* The policy file checks what was written when it is closed. */
	return report(!close(fd));
}

/* FD as a number, or -1. */
static int number(const char *s)
{
	char *end;
	long n = strtol(s, &end, 10);

	return *s && !*end && n >= 0 && n <= 1 << 30 ? n : -1;
}

/* Enter @pid's mount namespace, then its user namespace: 0 or -1. */
static int enter(const char *pid)
{
	static const char *const ns[] = { "mnt", "user" };
	char path[64];
	int i, fd, err;

	for (i = 0; i < 2; i++) {
		snprintf(path, sizeof(path), "/proc/%s/ns/%s", pid, ns[i]);
		fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0)
			return -1;
		err = setns(fd, 0);
		close(fd);
		if (err)
			return -1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	char buf[4096];
	ssize_t n;
	int fd;

	if (argc > 3 && !strcmp(argv[1], "--enter")) {
		if (number(argv[2]) < 0)
			goto usage;
		if (enter(argv[2])) {
			printf("setns: ");
			return report(0);
		}
		argv[2] = argv[0];
		argv += 2;
		argc -= 2;
	}
	if (argc == 4 && !strcmp(argv[1], "write")) {
		fd = open(argv[2], O_WRONLY | O_CLOEXEC);
		if (fd < 0)
			return report(0);
		return write_close(fd, argv[3]);
	}
	if (argc == 3 && !strcmp(argv[1], "writein")) {
		size_t len = 0;

		while (len < sizeof(buf) &&
		       (n = read(0, buf + len, sizeof(buf) - len)) > 0)
			len += n;
		if (n < 0) {
			perror("errno: stdin");
			return 2;
		}
		fd = open(argv[2], O_WRONLY | O_CLOEXEC);
		if (fd < 0)
			return report(0);
		if (write(fd, buf, len) != (ssize_t)len)
			return report(0);
		return report(!close(fd));
	}
	if ((argc == 4 || argc == 5) && !strcmp(argv[1], "writefd")) {
		fd = number(argv[argc - 2]);
		if (fd < 0)
			goto usage;
		if (argc == 5) {
			int pid = number(argv[2]), pidfd;

			if (pid < 0)
				goto usage;
			pidfd = syscall(SYS_pidfd_open, pid, 0);
			if (pidfd >= 0) {
				fd = syscall(SYS_pidfd_getfd, pidfd, fd, 0);
				close(pidfd);
			}
			if (pidfd < 0 || fd < 0) {
				printf("pidfd_getfd: ");
				return report(0);
			}
		}
		return write_close(fd, argv[argc - 1]);
	}
	if (argc == 3 && !strcmp(argv[1], "read")) {
		fd = open(argv[2], O_RDONLY | O_CLOEXEC);
		if (fd < 0)
			return report(0);
		while ((n = read(fd, buf, sizeof(buf))) > 0)
			fwrite(buf, 1, n, stdout);
		if (n < 0)
			return report(0);
		fflush(stdout);
		return report(1);
	}
	if ((argc == 3 || argc == 4) && !strcmp(argv[1], "open")) {
		const char *how = argc == 4 ? argv[3] : "r";
		int flags = O_RDONLY;

		if (!strcmp(how, "w"))
			flags = O_WRONLY;
		else if (!strcmp(how, "d"))
			flags = O_RDONLY | O_DIRECT;
		else if (strcmp(how, "r"))
			goto usage;
		fd = open(argv[2], flags | O_CLOEXEC);
		return report(fd >= 0);
	}
	if (argc == 3 && !strcmp(argv[1], "mmap")) {
		fd = open(argv[2], O_RDONLY | O_CLOEXEC);
		if (fd < 0)
			return report(0);
		return report(mmap(NULL, 4096, PROT_READ | PROT_EXEC, MAP_PRIVATE,
				   fd, 0) != MAP_FAILED);
	}
usage:
	fprintf(stderr, "usage: errno [--enter PID] write FILE TEXT | writein FILE |\n"
		"       writefd [PID] FD TEXT | read FILE |\n"
		"       open FILE [r|w|d] | mmap FILE\n");
	return 2;
}
