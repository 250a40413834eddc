# IMA namespaces: a patch series for Debian's linux-source-6.1, built and
# tested in QEMU guests.  See README.md.

VARIANT ?= ima-ns
TESTS ?=
B := build
TARBALL := /usr/src/linux-source-6.1.tar.xz
SELFTESTS := linux-source-6.1/tools/testing/selftests

CC := gcc
CFLAGS := -static -O2 -g -Wall -Wextra -Werror -isystem $(B)/include

GUEST_TOOLS := $(patsubst guest/%.c,$(B)/guest/bin/%,$(wildcard guest/*.c))
GUEST_TESTS := $(patsubst tests/guest/%.c,$(B)/guest/bin/%,$(wildcard tests/guest/*.c))
GUEST_BENCH := $(patsubst bench/%.c,$(B)/guest/bin/%,$(wildcard bench/*.c))
GUEST_BINS := $(GUEST_TOOLS) $(GUEST_TESTS) $(GUEST_BENCH)

.PHONY: all deps kernel kernels guest selinux initramfs demo check check-debug check-off check-series stress bench clean

all: kernel guest

deps:
	@tools/deps

kernel: deps
	@tools/kernel $(VARIANT)

# The variants the test suite boots.
kernels: deps
	@tools/kernel all

guest: $(GUEST_BINS)

# Debian's SELinux reference policy, compiled for the guests (tools/selinux).
selinux: deps
	@tools/selinux

$(B)/include/kselftest_harness.h: | deps
	@mkdir -p $(B)/include
	tar -xf $(TARBALL) -C $(B)/include --strip-components=4 \
		$(SELFTESTS)/kselftest_harness.h $(SELFTESTS)/kselftest.h
	@touch $@

# imans replay digests with libcrypto.  Linked statically, libcrypto
# brings glibc's warnings about its DSO and socket code, which imans never
# calls; the linker is asked not to print them.
$(B)/guest/bin/imans: LDLIBS := -lcrypto -Wl,--no-warnings

$(B)/guest/bin/%: guest/%.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -o $@ $< $(LDLIBS)

$(B)/guest/bin/%: tests/guest/%.c tests/guest/userns.h tests/guest/tinyelf.h $(B)/include/kselftest_harness.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -o $@ $<

$(B)/guest/bin/%: bench/%.c tests/guest/userns.h tests/guest/tinyelf.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -o $@ $<

# The busybox userspace for tools/vm --initramfs.
initramfs: $(B)/guest/initramfs.cpio.gz

$(B)/guest/initramfs.cpio.gz: guest/init $(GUEST_BINS) /bin/busybox
	rm -rf $(B)/guest/root
	mkdir -p $(B)/guest/root/bin $(B)/guest/root/dev $(B)/guest/root/proc \
		$(B)/guest/root/sys $(B)/guest/root/tmp $(B)/guest/root/run \
		$(B)/guest/root/mnt $(B)/guest/root/root
	cp /bin/busybox $(GUEST_BINS) $(B)/guest/root/bin/
	for a in $$(/bin/busybox --list); do \
		[ -e $(B)/guest/root/bin/$$a ] || ln -s busybox $(B)/guest/root/bin/$$a; \
	done
	ln -s bin $(B)/guest/root/sbin
	mkdir -p $(B)/guest/root/usr && ln -s ../bin $(B)/guest/root/usr/bin && \
		ln -s ../bin $(B)/guest/root/usr/sbin
	cp guest/init $(B)/guest/root/init
	cd $(B)/guest/root && find . | cpio -o -H newc --quiet | gzip -1 >../initramfs.cpio.gz.tmp
	mv $@.tmp $@

demo: deps
	@tools/demo

# Both passes: every suite as written, and beside it on the debug
# variant, while the kernels build (each guest waits for its own).
check: deps guest selinux
	@tests/run --build $(TESTS)

# The runs of ima-ns-off (the series with CONFIG_IMA_NS=n) that make check
# leaves out for CI's time from a new machine: that it does on the host
# what stock does, in the suites that compare them (and the rest of them).
OFF_SUITES := 02 03 04 06 08 11 13 15
# The ima-ns pass of those suites, whole (not measured yet; their ima-ns
# pass took about 25 minutes of make check's, beside the debug pass).
check-off: deps guest selinux
	@IMA_NS_OFF=1 tests/run --build --pass ima-ns $(if $(TESTS),$(TESTS),$(OFF_SUITES))

# The debug pass alone.
check-debug: kernels guest selinux
	@tests/run --pass debug $(TESTS)

# stock against ima-ns (bench/run); QUICK=1: one short round.
bench: kernels guest selinux
	@bench/run $(if $(filter 1,$(QUICK)),--quick)

# The stress test for longer than check's minute: on ima-ns, or on the
# debug kernel with VARIANT=debug.
STRESS_SECONDS ?= 600
stress: kernels guest selinux
	@STRESS_SECONDS=$(STRESS_SECONDS) tests/run --pass $(if $(filter debug,$(VARIANT)),debug,ima-ns) 09

# checkpatch and a per-patch build of the series (also part of check).
check-series: deps
	@tests/run 00

clean:
	rm -rf $(B)
