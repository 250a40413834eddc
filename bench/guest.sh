#!/bin/sh
# One round of measurements on the kernel the guest booted (with
# slab_nomerge, under auditrd so that records go nowhere slow).  Prints
# "NAME VALUE" lines: nanoseconds per operation, and on kernels with IMA
# namespaces, bytes of memory.  BENCH_QUICK=1: fewer operations.
set -e
. "$(dirname "$0")/../tests/guest/slab.sh"

if [ "${BENCH_QUICK:-0}" = 1 ]; then
	n_exec=100 n_read=40 n_ns=50 n_nest=50 depths="0 1 4 32" n_open1=2000
	lsm_counts="2 192" n_load=2 n_ns_lsm=20
else
	n_exec=1000 n_read=300 n_ns=1000 n_nest=300 depths="0 1 2 4 8 16 32" n_open1=20000
	lsm_counts="2 192 1920 10000" n_load=5 n_ns_lsm=200
fi
sfs=/sys/kernel/security
audit_exec="audit func=BPRM_CHECK mask=MAY_EXEC"
tmp=$(mktemp -d)
chmod 755 "$tmp"
imabench tiny "$tmp/tiny"
# Reading /dev/urandom also gets the random number generator ready
# (try_to_generate_entropy) before anything is timed: until it is, an exec
# costs 25 % more on either kernel (332 000 against 266 000 ns here).
head -c 1048576 /dev/urandom >"$tmp/1m"
head -c 4096 /dev/urandom >"$tmp/4k"
imans=0
[ ! -d /sys/kernel/slab/ima_namespace ] || imans=1

# 0. With BENCH_ONLY=open1 (a guest booted with ima_policy=tcb): only the
# per-open cost, as open1_tcb.
if [ "${BENCH_ONLY:-}" = open1 ]; then
	echo "open1_tcb $(imabench open1 $n_open1 "$tmp/4k")"
	rm -rf "$tmp"
	exit 0
fi

# 6. With BENCH_ONLY=lsm (a guest booted with SELinux, ima-ns only): an
# SELinux policy load, and one IMA namespace's life, timed with N IMA
# namespaces alive, each with two rules on SELinux types, for N in
# $lsm_counts, as lsm_load_N and lsm_ns_N.
if [ "${BENCH_ONLY:-}" = lsm ]; then
	mountpoint -q /sys/fs/selinux || mount -t selinuxfs selinuxfs /sys/fs/selinux
	# Room for 10 000 holders: the test kernels are BASE_SMALL (4096).
	echo 32768 >/proc/sys/kernel/pid_max
	policy=$(dirname "$0")/../build/selinux/with.33
	imabench load 1 "$policy" >/dev/null
	printf '%s\n' "audit func=BPRM_CHECK subj_type=imanstest_t" \
		"audit func=FILE_CHECK obj_type=imanstest_exec_t" >"$tmp/lsm-rules"
	for n in $lsm_counts; do
		imabench hold "$n" "$tmp/lsm-rules" sh -c "
			echo lsm_load_$n \$(imabench load $n_load $policy) &&
			echo lsm_ns_$n \$(imabench ns $n_ns_lsm ima)"
	done
	rm -rf "$tmp"
	exit 0
fi

# 1. exec and open+read+close with the boot policy only, first, so that
# the deferred freeing the namespace figures below leave behind (on the
# ima-ns kernel only) cannot reach them; none was measured when timing
# exec right after 1000 namespace cycles, but the order rules it out.
echo "exec_plain $(imabench exec $n_exec "$tmp/tiny")"
echo "read_plain $(imabench read $n_read "$tmp/1m")"
echo "open1_plain $(imabench open1 $n_open1 "$tmp/4k")"

# 3. exec at the bottom of nested user namespaces: plain, and (with IMA
# namespaces) every level active with an empty policy or an audit rule.
for d in $depths; do
	echo "nest_plain_$d $(nest "$d" -- imabench exec $n_nest "$tmp/tiny")"
	[ $imans = 1 ] || continue
	echo "nest_active_$d $(nest -a "$d" -- imabench exec $n_nest "$tmp/tiny")"
	echo "nest_rule_$d $(nest -a -r "$audit_exec" "$d" -- imabench exec $n_nest "$tmp/tiny")"
done

# 1b. The per-open cost again, now that (on ima-ns) IMA namespaces were
# activated above: the static key is on for good, so every access walks
# the user namespaces (here only the host's) and every close looks the
# iint up.  Any user who may create a user namespace can get the host
# here.  stock runs the same line at the same point, after its plain
# nested namespaces.
echo "open1_after_activation $(imabench open1 $n_open1 "$tmp/4k")"

# 4. A namespace's life: with securityfs, IMA and a rule, or with a tmpfs.
echo "ns_tmpfs $(imabench ns $n_ns tmpfs)"
if [ $imans = 1 ]; then
	echo "ns_ima $(imabench ns $n_ns ima)"
	# 5. Memory: the two caches' object sizes; both back to empty after
	# the namespaces above ended; a rule's share of all slab memory.
	echo "mem_ima_namespace $(slab_objsize ima_namespace)"
	echo "mem_ns_status $(slab_objsize ns_status)"
	echo "mem_after_namespaces $(settle "0 0" | tr ' ' ,)"
	slab_bytes() { awk 'NR > 2 { s += $2 * $4 } END { print s }' /proc/slabinfo; }
	rules=$tmp/rules
	for i in $(seq 1000); do echo "audit func=FILE_CHECK mask=MAY_READ fsmagic=$i"; done >"$rules"
	mkfifo "$tmp/ready" "$tmp/go"
	before=$(slab_bytes)
	nest -a 1 -- sh -c "while read -r r; do echo \"\$r\"; done <$rules >$sfs/ima/policy &&
		echo >$tmp/ready && read x <$tmp/go" &
	read -r x <"$tmp/ready"
	after=$(slab_bytes)
	echo >"$tmp/go"
	wait
	echo "mem_per_rule $(((after - before) / 1000))"

	# 9. Memory per entry of a namespace's list: a namespace measures
	# 1000 files of tmpfs (names of 22 to 25 bytes, distinct contents),
	# held while the slab is counted: the entry, its digests and fields,
	# its list node, the namespace's ns_status and digest of the file,
	# and the file's iint, per file.
	mkdir "$tmp/m" && for i in $(seq 1000); do echo "$i" >"$tmp/m/$i"; done
	before=$(slab_bytes)
	nest -a -r "measure func=FILE_CHECK mask=MAY_READ fsmagic=0x01021994" 1 -- sh -c \
		"cat $tmp/m/* >/dev/null && echo >$tmp/ready && read x <$tmp/go" &
	read -r x <"$tmp/ready"
	after=$(slab_bytes)
	echo >"$tmp/go"
	wait
	echo "mem_per_entry $(((after - before) / 1000))"
fi

# 8. An exec measured (after its first time, as a program run again and
# again: the file is measured once) by a namespace's rule, one level
# down, then by the host's rule, in a plain user namespace one level
# down, before the host's rules of 2.  The file is tiny8 (uid 4242's),
# so that the host's rule leaves 2's exec alone.  stock times the
# host's alone.
cp "$tmp/tiny" "$tmp/tiny8" && chown 4242 "$tmp/tiny8"
measure8="measure func=BPRM_CHECK"
[ $imans = 0 ] ||
	echo "exec_ns_measure $(nest -a -r "$measure8" 1 -- imabench exec $n_exec "$tmp/tiny8")"
echo "$measure8 fowner=4242" >$sfs/ima/policy
echo "exec_host_measure $(nest 1 -- imabench exec $n_exec "$tmp/tiny8")"

# 2. The same with host rules, last: they stay loaded (with
# IMA_WRITE_POLICY, as the test kernels have it, a second load adds to
# the first: 8's rule stays, and matches none of 2's files).
printf '%s\n' "$audit_exec" "audit func=FILE_CHECK mask=MAY_READ" >$sfs/ima/policy
echo "exec_rule $(imabench exec $n_exec "$tmp/tiny")"
echo "read_rule $(imabench read $n_read "$tmp/1m")"
rm -rf "$tmp"
