#!/bin/sh
# A namespace's measure rules, from a guest on the ima-ns kernel booted
# with integrity_audit=1 and slab_nomerge: which rules the root of a
# namespace owned by an unprivileged user may write; the namespace's list
# filled by them, checked entry by entry against entries the test
# computes itself (imaentry.py): one per file content and PCR, exactly one
# more after each kind of change to the file (by the namespace, the host,
# another namespace; cp, mv, rm and create), in the PCR and template a
# rule names; each namespace's digest in its own algorithm; a file IMA
# cannot read (O_DIRECT), may not read, or opened for writing only,
# recorded with a zero digest.  None of it writes an audit record or a
# kernel log line, or changes the host's list; the entries are charged
# to the memory cgroup of the task that activated the namespace, the
# namespace's state of each file to the task whose access was measured;
# the list is closed by an entry list_full at the cap
# (ima.ns_max_measurements).  A namespace's ToMToU and open_writers
# violations go to its own list, and the host is not told.
#
#   ima-ns-measure.sh               the test
#   ima-ns-measure.sh cases DIR     the namespaces' part alone, its
#                                   results in DIR (run by the test under
#                                   auditrd)
#   ima-ns-measure.sh violations DIR
#                                   a namespace's violations, the same way
. "$(dirname "$0")/tap.sh"
. "$(dirname "$0")/helpers.sh"
. "$(dirname "$0")/slab.sh"
ima=/sys/kernel/security/ima
here=$(dirname "$0")

# The rules written in a namespace of uid 1000's, one per line.
taken="measure func=BPRM_CHECK
measure func=MMAP_CHECK mask=MAY_EXEC
measure func=FILE_CHECK mask=MAY_READ fowner=0 pcr=11 template=ima-sig
measure func=CREDS_CHECK template=ima-ns
pcr=63 measure func=FILE_CHECK
dont_measure func=MODULE_CHECK"
refused="measure
measure mask=MAY_READ
measure func=MODULE_CHECK
measure func=FIRMWARE_CHECK
measure func=KEXEC_KERNEL_CHECK
measure func=KEXEC_INITRAMFS_CHECK
measure func=POLICY_CHECK
measure func=KEXEC_CMDLINE
measure func=KEY_CHECK
measure func=CRITICAL_DATA
measure func=SETXATTR_CHECK
measure func=BPRM_CHECK template=ima
measure func=BPRM_CHECK template=d-ng|n-ng
measure func=BPRM_CHECK template=ima-bogus
measure func=BPRM_CHECK pcr=64
measure func=BPRM_CHECK pcr=-1
dont_measure func=BPRM_CHECK pcr=11
audit func=BPRM_CHECK pcr=11
dont_measure func=BPRM_CHECK template=ima-ng
measure func=BPRM_CHECK appraise_type=imasig
measure func=BPRM_CHECK digest_type=verity
measure func=BPRM_CHECK permit_directio
measure func=BPRM_CHECK keyrings=.ima
appraise func=BPRM_CHECK
hash func=BPRM_CHECK"

# cases DIR: the namespaces' part; a failure is a line in DIR/failed.
if [ "${1:-}" = cases ]; then
	tmp=$2
	not_ok() { echo "$*" >>"$tmp/failed"; }
	d=$tmp/m
	mkdir -m 1777 "$d" || not_ok "mkdir $d"

	# The rules, one write each, then the policy as read back; then,
	# in a namespace with sha1, the template ima, which fits it.
	echo "$taken
$refused" >"$tmp/rules.in"
	userns "echo 1 >$ima/active && while read -r r; do
		echo \"\$r: \$(errno write $ima/policy \"\$r
\")\"; done <$tmp/rules.in && cat $ima/policy" >"$tmp/rules" 2>&1 ||
		not_ok "rules: status $?"
	userns "echo sha1 >$ima/hash && echo 1 >$ima/active &&
		errno write $ima/policy 'measure func=BPRM_CHECK template=ima
'" >>"$tmp/rules" 2>&1 || not_ok "rules, sha1: status $?"

	# One namespace measures what it reads of the files its root (uid
	# 1000 on the host) owns, in PCR 10, and what it executes of them in
	# PCR 11 with ima-sig.  After each step, the count of its list.
	hold m userns "echo 1 >$ima/active && errno write $ima/policy 'measure func=FILE_CHECK mask=MAY_READ fowner=0
measure func=BPRM_CHECK fowner=0 pcr=11 template=ima-sig
' >/dev/null"
	m=$held
	in_m() { nsenter -t "$m" --user --mount sh -c "$1" || not_ok "in m: $1: status $?"; }
	count() { cat "/proc/$m/root$ima/runtime_measurements_count" >>"$tmp/counts"; }
	f=$d/f
	in_m "printf one >$f && cat $f >/dev/null"; count
	in_m "cat $f >/dev/null"; count
	in_m "printf two >$f && cat $f >/dev/null"; count
	# By the host's root; the file stays uid 1000's.
	printf three >"$f"; in_m "cat $f >/dev/null"; count
	# By another namespace of uid 1000's.
	userns "printf four >$f" || not_ok "sibling: status $?"
	in_m "cat $f >/dev/null"; count
	# cp over it (the same inode), mv onto it (another), rm and create.
	printf five >"$d/g" && in_m "cp $d/g $f && cat $f >/dev/null"; count
	printf six >"$d/h" && chown 1000 "$d/h" && mv "$d/h" "$f" && in_m "cat $f >/dev/null"; count
	in_m "rm $f && printf seven >$f && cat $f >/dev/null"; count
	# The first content again, under the same name: the same entry.
	in_m "rm $f && printf one >$f && cat $f >/dev/null"; count
	# An executed script: BPRM_CHECK in PCR 11 with ima-sig, then the
	# shell's read of it in PCR 10; read again, nothing more.
	in_m "printf '#!/bin/sh\n' >$d/x && chmod +x $d/x && $d/x && cat $d/x >/dev/null"; count
	cp "/proc/$m/root$ima/ascii_runtime_measurements" "$tmp/m.ascii" &&
		"$here/imalist.py" "/proc/$m/root$ima/binary_runtime_measurements" >"$tmp/m.bin" ||
		not_ok "reading m's lists"
	release m

	# One file, measured by two namespaces with sha1 and sha512; not
	# their own securityfs files, which their root owns too.
	runas 1000 sh -c "printf algos >$d/a" || not_ok "creating $d/a"
	for a in sha1 sha512; do
		userns "echo $a >$ima/hash && echo 1 >$ima/active &&
			errno write $ima/policy 'dont_measure fsmagic=0x73636673
measure func=FILE_CHECK mask=MAY_READ fowner=0
' >/dev/null && cat $d/a >/dev/null && cat $ima/ascii_runtime_measurements" >"$tmp/$a" 2>&1 ||
			not_ok "$a: status $?"
	done

	# A file IMA cannot read: O_DIRECT on the root file system (9p),
	# opened twice, in a namespace with sha1 and the template ima.
	userns "echo sha1 >$ima/hash && echo 1 >$ima/active &&
		errno write $ima/policy 'measure func=FILE_CHECK mask=MAY_READ fsmagic=0x1021997 template=ima
' >/dev/null && errno open /usr/bin/true d && errno open /usr/bin/true d &&
		grep ' /usr/bin/true\$' $ima/ascii_runtime_measurements" >"$tmp/direct" 2>&1 ||
		not_ok "direct: status $?"

	# A script read (PCR 10), then executed under a rule for PCR 42.
	userns "echo 1 >$ima/active && errno write $ima/policy 'dont_measure fsmagic=0x73636673
measure func=FILE_CHECK mask=MAY_READ fowner=0
measure func=BPRM_CHECK fowner=0 pcr=42
' >/dev/null && printf '#!/bin/sh\n' >$d/p && chmod +x $d/p && cat $d/p >/dev/null && $d/p &&
		cat $ima/ascii_runtime_measurements" >"$tmp/pcr42" 2>&1 || not_ok "pcr 42: status $?"

	# The host's root's files that uid 1000 may not read: one it may
	# only write (0622), one it may only execute (0711); and one of its
	# own that it may read, opened for writing only: digesting it would
	# take a second instance of the file, opened for reading, which the
	# host's ToMToU check counts as a reader of the file until the task
	# returns to user space.
	printf secret >"$d/w" && chmod 0622 "$d/w" && cp /usr/bin/true "$d/t" && chmod 0711 "$d/t" &&
		printf mine >"$d/o" && chown 1000 "$d/o" && chmod 0644 "$d/o" ||
		not_ok "creating $d/w, $d/t and $d/o"
	userns "echo 1 >$ima/active && errno write $ima/policy 'dont_measure fsmagic=0x73636673
measure func=FILE_CHECK mask=MAY_WRITE
measure func=BPRM_CHECK
' >/dev/null && errno open $d/w w >/dev/null && errno open $d/o w >/dev/null && $d/t &&
		grep -E ' $d/(w|o|t)\$' $ima/ascii_runtime_measurements" >"$tmp/unreadable" 2>&1 ||
		not_ok "unreadable: status $?"

	# A program executed while the task may not read it, then again
	# once it may: its zero entry does not stand for its digest.
	cp /usr/bin/true "$d/r" && chmod 0711 "$d/r" || not_ok "creating $d/r"
	hold r userns "echo 1 >$ima/active && errno write $ima/policy 'measure func=BPRM_CHECK
' >/dev/null"
	nsenter -t "$held" --user --mount "$d/r" && chmod 0755 "$d/r" &&
		nsenter -t "$held" --user --mount "$d/r" &&
		grep " $d/r\$" "/proc/$held/root$ima/ascii_runtime_measurements" >"$tmp/readable" ||
		not_ok "readable again: status $?"
	release r
	exit 0
fi

# violations DIR: a namespace's violations, its results in DIR/v (run
# by the test under auditrd).  The namespace, with sha224, measures what
# it reads of its root's files; its shell reads the file while a
# subshell holds it open for writing (open_writers), then writes it
# while a subshell holds it open for reading (ToMToU); then does the
# same to a file of the host's root, which its rule does not match (no
# violation).
if [ "${1:-}" = violations ]; then
	v=$2/v
	userns "echo sha224 >$ima/hash && echo 1 >$ima/active &&
		errno write $ima/policy 'dont_measure fsmagic=0x73636673
measure func=FILE_CHECK mask=MAY_READ fowner=0
' >/dev/null && printf v >$v/f &&
		(exec 3>>$v/f && cat $v/f >/dev/null) &&
		(exec 3<$v/f && printf w >>$v/f) &&
		(exec 3<$v/g && printf w >>$v/g) &&
		cat $ima/ascii_runtime_measurements $ima/violations" >"$v/list" 2>&1 ||
		echo "violations: status $?" >>"$v/failed"
	exit 0
fi

plan 27
tmp=$(mktemp -d)
chmod 1777 "$tmp"
d=$tmp/m

host_state "$tmp/host-before"
dmesg >"$tmp/dmesg-before"
auditrd -o "$tmp/recs" -- "$0" cases "$tmp" || echo "auditrd: status $?" >>"$tmp/failed"
dmesg >"$tmp/dmesg-after"
is "every namespace set up and its steps run" "$(cat "$tmp/failed" 2>/dev/null)" ""

is "uid 1000's namespace takes measure rules for BPRM, MMAP, FILE and CREDS_CHECK, with pcr= and template=; it refuses a measure rule without func= or for another hook, pcr= and template= with another action, a template that does not fit its algorithm or is named by its format, and what changes how IMA handles a file; in a namespace with sha1, the template ima is taken" \
	"$(cat "$tmp/rules")" "$(echo "$taken" | sed 's/$/: OK/')
$(echo "$refused" | sed 's/$/: EINVAL/')
measure func=BPRM_CHECK 
measure func=MMAP_CHECK mask=MAY_EXEC 
measure func=FILE_CHECK mask=MAY_READ pcr=11 fowner=0 template=ima-sig 
measure func=CREDS_CHECK template=ima-ns 
measure func=FILE_CHECK pcr=63 
dont_measure func=MODULE_CHECK 
OK"

is "the count of the list after each step: one entry per content, none for a read of the same, one for each change by the namespace, the host, another namespace, cp, mv, rm and create; none for earlier content under the same name; two for an executed script" \
	"$(tr '\n' ' ' <"$tmp/counts")" "2 2 3 4 5 6 7 8 8 10 "
x=$(printf '#!/bin/sh\n' | sha256sum | cut -d' ' -f1)
want=$({
	echo "10 ima-ng sha256 0 boot_aggregate"
	for c in one two three four five six seven; do
		echo "10 ima-ng sha256 $(sha sha256 $c) $d/f"
	done
	echo "11 ima-sig sha256 $x $d/x"
	echo "10 ima-ng sha256 $x $d/x"
} | ima_entries ascii)
is "the namespace's list, entry by entry" "$(cat "$tmp/m.ascii")" "$want"
is "its binary list holds the same entries" "$(cat "$tmp/m.bin")" "$want"
is "one file measured by two namespaces, with sha1 and with sha512: each list holds the file's digest in its algorithm" \
	"$(cat "$tmp/sha1" "$tmp/sha512")" "$(printf '%s\n' "10 ima-ng sha1 0 boot_aggregate" \
		"10 ima-ng sha1 $(sha sha1 algos) $d/a" "10 ima-ng sha512 0 boot_aggregate" \
		"10 ima-ng sha512 $(sha sha512 algos) $d/a" | ima_entries ascii)"
is "a file opened twice with O_DIRECT, which IMA cannot read: one entry, in the template ima with a zero sha1 digest" \
	"$(cat "$tmp/direct")" "OK
OK
$(echo "10 ima sha1 0 /usr/bin/true" | ima_entries ascii)"

is "a script read, then executed under a rule for PCR 42: an entry in PCR 10 and one in PCR 42" \
	"$(cat "$tmp/pcr42")" "$(printf '%s\n' "10 ima-ng sha256 0 boot_aggregate" \
		"10 ima-ng sha256 $x $d/p" "42 ima-ng sha256 $x $d/p" | ima_entries ascii)"
is "files of the host's root that uid 1000 may only write or only execute, and its own file opened for writing only: their entries in its namespace's list have a zero digest, not the digest of what it may not read, or did not open for reading" \
	"$(cat "$tmp/unreadable")" "$(printf '10 ima-ng sha256 0 %s\n' "$d/w" "$d/o" "$d/t" | ima_entries ascii)"
is "a program executed while uid 1000 may not read it, then once it may: a zero entry, then one with its digest" \
	"$(cat "$tmp/readable")" "$(printf '%s\n' "10 ima-ng sha256 0 $d/r" \
		"10 ima-ng sha256 $(sha256sum </usr/bin/true | cut -d' ' -f1) $d/r" | ima_entries ascii)"

is "measuring wrote no audit record" "$(cat "$tmp/recs")" ""
is "and no kernel log line of IMA's" \
	"$(ima_log_lines "$tmp/dmesg-before" "$tmp/dmesg-after")" ""
host_state "$tmp/host-after"
check "the host's list, count and violations did not change" cmp "$tmp/host-before" "$tmp/host-after"

# The host's own rules with PCR 42, in its template, ima-sig (stock 6.1
# shifted an int by the PCR, so PCR 42's bit was PCR 10's and the second
# entry went missing).
errno write $ima/policy "measure func=FILE_CHECK mask=MAY_READ fowner=4242
measure func=BPRM_CHECK fowner=4242 pcr=42
" >/dev/null || echo "the host's rules were refused" | diag
printf '#!/bin/sh\n' >"$tmp/hp" && chown 4242 "$tmp/hp" && chmod 755 "$tmp/hp" &&
	cat "$tmp/hp" >/dev/null && "$tmp/hp" || echo "the host's script failed" | diag
is "the host's rules likewise: an entry in PCR 10 and one in PCR 42" \
	"$(grep " $tmp/hp \$" $ima/ascii_runtime_measurements)" "$(printf '%s\n' "10 ima-sig sha256 $x $tmp/hp" \
		"42 ima-sig sha256 $x $tmp/hp" | ima_entries ascii)"

# Violations, with the host's rules above in force, so that its own
# checks for violations run at every open; they match none of uid
# 1000's files.  Each of the namespace's violations is an entry of the
# namespace's list (zero digests, in its algorithm), counted in its
# violations: open_writers before the file's own entry, ToMToU after
# the same content was read again (no new entry).  The host is not
# told: its list, count and violations do not change, and there is no
# audit record or log line.
mkdir -m 1777 "$tmp/v" && printf g >"$tmp/v/g" && chmod 0666 "$tmp/v/g" || echo "mkdir $tmp/v" | diag
host_state "$tmp/host-before"
dmesg >"$tmp/dmesg-before"
auditrd -o "$tmp/vrecs" -- "$0" violations "$tmp" || echo "auditrd: status $?" >>"$tmp/v/failed"
dmesg >"$tmp/dmesg-after"
host_state "$tmp/host-after"
is "a namespace with sha224 measuring what it reads: a read while the file is open for writing records open_writers, a write while it is open for reading ToMToU, each a violation's entry in the namespace's algorithm, and violations counts 2; a write to a file its rule does not match, while open for reading, records nothing" \
	"$(cat "$tmp/v/failed" 2>/dev/null; cat "$tmp/v/list")" "$(printf '%s\n' "10 ima-ng sha224 0 boot_aggregate" \
		"10 ima-ng sha224 violation $tmp/v/f" "10 ima-ng sha224 $(sha sha224 v) $tmp/v/f" \
		"10 ima-ng sha224 violation $tmp/v/f" | ima_entries ascii)
2"
is "the host, whose measure rules are in force, is not told: no audit record, no log line, its list, count and violations unchanged" \
	"$(cat "$tmp/vrecs"; ima_log_lines "$tmp/dmesg-before" "$tmp/dmesg-after"; cmp "$tmp/host-before" "$tmp/host-after" 2>&1)" ""

# Who pays.  The namespace's list (its entries) is charged to the memory
# cgroup of the task that activated the namespace, whoever's access
# adds to it; what the namespace keeps per file (its ns_status and the
# digest in it) to the cgroup of the task whose access was measured.
# The namespace's root, in cgroup a, makes 100 files and waits; once
# every other IMA namespace is freed, one task in cgroup b reads them.
# Each measurement allocates with __GFP_ACCOUNT, in b, an ns_status and
# the digest it keeps (40 bytes), and in a, the entry (64), its digests
# (132), its fields (40 and the name, at most 26 with its NUL) and its
# list node (40); so, with slab_nomerge, ns_status and kmalloc-cg-192
# and -64 hold at least 100, 100 and 400 objects more; a's slab count
# grows by at least the list's 38 400 bytes (192 + 3 x 64 each), while
# its only task sleeps; b's by at least the digests' 6 400 and the
# ns_status objects.  kmalloc-cg-32, where the name field goes, is only
# shown: a small, busy cache gains and loses other tasks' objects
# meanwhile (ima-ns-list.sh says more), and the field is allocated by
# the same call, with the same flags, as the digest field kmalloc-cg-64
# counts.
cg=/sys/fs/cgroup
mount -t cgroup2 cgroup2 $cg && echo +memory >$cg/cgroup.subtree_control && mkdir $cg/a $cg/b ||
	echo "cannot set up the memory cgroups" | diag
caches() { for c in ns_status kmalloc-cg-192 kmalloc-cg-64 kmalloc-cg-32; do slab $c; done; }
cg_slab() { sed -n "s/^slab_unreclaimable //p" "$cg/$1/memory.stat"; }
echo $$ >$cg/a/cgroup.procs
hold c userns "echo 1 >$ima/active && errno write $ima/policy 'measure func=FILE_CHECK mask=MAY_READ fowner=0
' >/dev/null && mkdir $tmp/c && for i in \$(seq 100); do printf \$i >$tmp/c/\$i || exit; done"
echo $$ >$cg/b/cgroup.procs
echo "IMA namespaces and ns_status before: $(settle "1 0")" | diag
set -- $(caches)
sa=$(cg_slab a) sb=$(cg_slab b)
nsenter -t "$held" --user --mount sh -c "cat $tmp/c/* >/dev/null" &&
	n=$(cat "/proc/$held/root$ima/runtime_measurements_count")
ga=$(($(cg_slab a) - sa)) gb=$(($(cg_slab b) - sb))
set -- $(($(slab ns_status) - $1)) $(($(slab kmalloc-cg-192) - $2)) \
	$(($(slab kmalloc-cg-64) - $3)) $(($(slab kmalloc-cg-32) - $4))
echo $$ >$cg/cgroup.procs
release c
# A namespace activated from the root cgroup, which is not charged: the
# reader's cgroup pays for the list too.
hold rootcg userns "echo 1 >$ima/active && errno write $ima/policy 'measure func=FILE_CHECK mask=MAY_READ fowner=0
' >/dev/null && mkdir $tmp/r && for i in \$(seq 100); do printf \$i >$tmp/r/\$i || exit; done"
echo $$ >$cg/b/cgroup.procs
sb=$(cg_slab b)
nsenter -t "$held" --user --mount sh -c "cat $tmp/r/* >/dev/null" &&
	nr=$(cat "/proc/$held/root$ima/runtime_measurements_count")
gr=$(($(cg_slab b) - sb))
echo $$ >$cg/cgroup.procs
release rootcg
rmdir $cg/a $cg/b && umount $cg
nss=$(slab_objsize ns_status)
echo "for 100 measurements: the activator's cgroup's slab $ga bytes, the reader's $gb; ns_status ($nss bytes each), kmalloc-cg-192, -64, -32: $*; activated from the root cgroup, the reader's $gr" | diag
[ "$1" -ge 100 ] && [ "$2" -ge 100 ] && [ "$3" -ge 400 ] && caches=enough
[ "$ga" -ge 38400 ] && a=enough
[ "$gb" -ge $((100 * (64 + nss))) ] && b=enough
[ "$gr" -ge $((38400 + 100 * (64 + nss))) ] && r=enough
is "100 files measured by a namespace: the list charged to the activator's memory cgroup, the namespace's state of each file to the reader's" \
	"${n:-} ${caches:-} activator ${a:-} reader ${b:-}" "101 enough activator enough reader enough"
is "100 files measured by a namespace activated from the root cgroup: the reader's memory cgroup pays for the list too" \
	"${nr:-} ${r:-}" "101 enough"

# The cap on a namespace's list: ima.ns_max_measurements, which only the
# host's root may change, at boot or in /sys/module.  With a cap of 10, a
# namespace's list holds boot_aggregate, 8 files and an entry named
# list_full, a violation's (zero digests; a TPM would be extended with
# ones), in the PCR of the measurement that did not fit (11 here).
# Every measurement from then on is dropped and counted in violations,
# once per file content and PCR, as a measurement is made once, also
# for a file with a zero digest (one the task may only execute), which
# an open list would record at each access until it can read it, and
# which review found counted at each access; the list stays closed
# after the cap is raised.  Another namespace's list is its own; a cap
# lowered below its length closes it at its next measurement.  No log
# line, and the host's list does not change.
p=/sys/module/ima/parameters/ns_max_measurements
is "a namespace's list holds 65 536 entries at most by default" "$(cat $p)" 65536
is "the cap takes a number from 2 to 2^31 - 1, from the host's root only: 0, 1, -1, 2x, a newline and 2^31 are EINVAL, uid 1000's write is EACCES, 2 and 2^31 - 1 are taken" \
	"$(for v in 0 1 -1 2x '
' 2147483648; do errno write $p "$v"; done; runas 1000 errno write $p 10
	for v in 2 2147483647 65536; do errno write $p $v && cat $p; done)" "EINVAL
EINVAL
EINVAL
EINVAL
EINVAL
EINVAL
EACCES
OK
2
OK
2147483647
OK
65536"
host_state "$tmp/host-before"
dmesg >"$tmp/dmesg-before"
echo 10 >$p || echo "cannot set the cap" | diag
hold n userns "echo 1 >$ima/active && errno write $ima/policy 'measure func=FILE_CHECK mask=MAY_READ fowner=0 pcr=11
' >/dev/null && mkdir $tmp/n && for i in \$(seq 13); do printf n\$i >$tmp/n/\$i || exit; done"
n=$held
in_ns() { nsenter -t "$1" --user --mount sh -c "$2" || echo "in $1: $2: status $?" | diag; }
state() { echo $(cat "/proc/$1/root$ima/runtime_measurements_count" "/proc/$1/root$ima/violations"); }
reads() { in_ns $n "for i in \$(seq 12); do cat $tmp/n/\$i >/dev/null || exit; done"; }
reads; s=$(state $n)
reads; s="$s, $(state $n)"
in_ns $n "printf changed >$tmp/n/1 && cat $tmp/n/1 >/dev/null"; s="$s, $(state $n)"
echo 65536 >$p || echo "cannot set the cap back" | diag
in_ns $n "cat $tmp/n/13 >/dev/null"; s="$s, $(state $n)"
cp "/proc/$n/root$ima/ascii_runtime_measurements" "$tmp/n.ascii" &&
	"$here/imalist.py" "/proc/$n/root$ima/binary_runtime_measurements" >"$tmp/n.bin" ||
	echo "cannot read n's lists" | diag
# A program on tmpfs that uid 1000 may only execute (a zero digest),
# once, then twice more.  (Not O_DIRECT: tmpfs refuses it, and the
# root file system, 9p, evicts an inode and its IMA state at its last
# close, so each open there is a first one.)
cp /usr/bin/true "$tmp/n/t" && chmod 0711 "$tmp/n/t" || echo "cannot make $tmp/n/t" | diag
in_ns $n "errno write $ima/policy 'measure func=BPRM_CHECK fsmagic=0x1021994
' >/dev/null && $tmp/n/t"; d1=$(state $n)
in_ns $n "$tmp/n/t && $tmp/n/t"; d2=$(state $n)
# A violation at the closed list: a read while the file is open for
# writing.
in_ns $n "(exec 3>>$tmp/n/2 && cat $tmp/n/2 >/dev/null)"; d3=$(state $n)
echo 10 >$p || echo "cannot set the cap" | diag
hold o userns "echo 1 >$ima/active && errno write $ima/policy 'measure func=FILE_CHECK mask=MAY_READ fowner=0
' >/dev/null"
o=$held
in_ns $o "cat $tmp/n/2 $tmp/n/3 >/dev/null"; other=$(state $o)
echo 2 >$p || echo "cannot set the cap" | diag
in_ns $o "cat $tmp/n/4 >/dev/null"; other="$other, $(state $o)"
in_ns $o "cat $tmp/n/5 >/dev/null"; other="$other, $(state $o)"
echo 65536 >$p || echo "cannot set the cap back" | diag
olast=$(tail -n 1 "/proc/$o/root$ima/ascii_runtime_measurements")
release o
release n
dmesg >"$tmp/dmesg-after"
host_state "$tmp/host-after"
is "with a cap of 10: after 12 files, 10 entries and 4 dropped; after reading them again, the same; after a change, one more dropped; after the cap is raised, the list stays closed" \
	"$s" "10 4, 10 4, 10 5, 10 6"
want=$({
	echo "10 ima-ng sha256 0 boot_aggregate"
	for i in 1 2 3 4 5 6 7 8; do
		echo "11 ima-ng sha256 $(sha sha256 n$i) $tmp/n/$i"
	done
	echo "11 ima-ng sha256 violation list_full"
} | ima_entries ascii)
is "the full list, entry by entry: boot_aggregate, 8 files in PCR 11, list_full in PCR 11" "$(cat "$tmp/n.ascii")" "$want"
is "its binary list holds the same entries" "$(cat "$tmp/n.bin")" "$want"
is "at the closed list, a program the task may only execute (a zero digest) is dropped once, not at each exec" "$d2" "$d1"
is "at the closed list, a violation is counted once and adds no entry" "$d3" "10 $((${d2#* } + 1))"
is "another namespace's list is its own: 3 entries, no violation; with the cap lowered to 2, its next measurement is dropped and closes it with list_full, and the one after is dropped" \
	"$other; $olast" "3 0, 4 1, 4 2; $(echo "10 ima-ng sha256 violation list_full" | ima_entries ascii)"
is "the cap wrote no kernel log line of IMA's, and the host's list, count and violations did not change" \
	"$(ima_log_lines "$tmp/dmesg-before" "$tmp/dmesg-after"; cmp "$tmp/host-before" "$tmp/host-after" 2>&1)" ""

rm -rf "$tmp"
