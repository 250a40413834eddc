#!/bin/sh
# A namespace's own measurement list, from a guest on the ima-ns kernel
# booted with integrity_audit=1 and slab_nomerge: activation opens it with
# one entry, boot_aggregate, in the template and hash algorithm the
# namespace chose, with an all-zero digest (a namespace has no TPM), which
# the test computes itself, byte for byte, in both formats; in the
# template ima-ns the entry names the namespace, also when the host's root
# activates it from outside; a second activation is EBUSY; activation
# writes no audit record and no kernel log line, and leaves the host's
# list as it was; the list is charged to the activating task's memory
# cgroup.
#
#   ima-ns-list.sh               the test
#   ima-ns-list.sh cases DIR     the activations alone, their results in
#                                DIR (run by the test under auditrd)
. "$(dirname "$0")/tap.sh"
. "$(dirname "$0")/helpers.sh"
. "$(dirname "$0")/slab.sh"
ima=/sys/kernel/security/ima

# The cases, TEMPLATE:ALGO, each in a namespace of its own; "-" is a
# namespace that chooses nothing, which has ima-ng and the host's sha256.
cases="- ima-ng:sha224 ima-ngv2:sha256 ima-sig:sha256 ima-sigv2:sha224
ima-buf:sha256 ima-modsig:sha256 evm-sig:sha256 ima:sha1 ima-ns:sha1
ima-ns:sha256"
# names CASE: its template in $t and its algorithm in $a ("host:ima-ns",
# the namespace the host's root activates: t=host a=ima-ns, the names of
# its files).
names() {
	case $1 in
	-) t=ima-ng a=sha256 ;;
	host:*) t=host a=ima-ns ;;
	*) t=${1%:*} a=${1#*:} ;;
	esac
}

# cases DIR: activate a namespace per case; in DIR/T.A, what a second
# activation gives (EBUSY), the ascii list, the count and the violations;
# in DIR/T.A.bin the binary list in hex; in DIR/T.A.id the namespace's id.
# Then the same with ima-ns, set up by the namespace and activated by the
# host's root from outside (DIR/host.ima-ns*).  A failure is a line in
# DIR/failed.
if [ "${1:-}" = cases ]; then
	tmp=$2
	# A failed release is a failure of the cases, not a TAP line.
	not_ok() { echo "$*" >>"$tmp/failed"; }
	# With $d the case's files and $f the namespace's integrity/ima.
	read_list="errno write \$f/active 1 >\$d.t;
		cat \$d.t \$f/ascii_runtime_measurements \$f/runtime_measurements_count \$f/violations >\$d &&
		od -An -v -tx1 \$f/binary_runtime_measurements | tr -d ' \\n' >\$d.bin && cat \$f/nsid >\$d.id"
	for c in $cases; do
		names "$c"
		set_up="echo $a >$ima/hash && echo $t >$ima/template_name"
		[ "$c" = - ] && set_up=:
		userns "d=$tmp/$t.$a f=$ima && $set_up && echo 1 >$ima/active && { $read_list; }" ||
			echo "case $c: status $?" >>"$tmp/failed"
	done
	hold h userns "echo ima-ns >$ima/template_name"
	h=$held
	d=$tmp/host.ima-ns f=/proc/$h/root$ima
	{ echo 1 >"$f/active" && eval "$read_list"; } ||
		echo "case host: status $?" >>"$tmp/failed"
	release h
	exit 0
fi

plan 7
tmp=$(mktemp -d)
chmod 1777 "$tmp"

# expect ascii|binary: for each line "TEMPLATE ALGO NSID" on stdin, the
# boot_aggregate entry that opens a list, as the ascii list prints it or
# as hex of the binary list (imaentry.py, one process for them all): a
# zero digest, the name, the id for nsid.
expect() {
	awk '{ print 10, $1, $2, 0, "boot_aggregate", $3 }' | ima_entries "$1"
}

host_state "$tmp/host-before"
dmesg >"$tmp/dmesg-before"
auditrd -o "$tmp/recs" -- "$0" cases "$tmp" || echo "auditrd: status $?" >>"$tmp/failed"
dmesg >"$tmp/dmesg-after"
is "every case set up, activated and read" "$(cat "$tmp/failed" 2>/dev/null)" ""
got= gotbin= boot=
for c in $cases host:ima-ns; do
	names "$c"
	got="$got$(cat "$tmp/$t.$a")
"
	gotbin="$gotbin$t $a $(cat "$tmp/$t.$a.bin")
"
	id=$(cat "$tmp/$t.$a.id")
	[ $t = host ] && t=ima-ns a=sha256
	boot="$boot$t $a $id
"
done
printf %s "$boot" | expect ascii >"$tmp/want.ascii"
printf %s "$boot" | expect binary >"$tmp/want.bin"
want= wantbin=
exec 3<"$tmp/want.ascii" 4<"$tmp/want.bin"
for c in $cases host:ima-ns; do
	names "$c"
	IFS= read -r e <&3
	IFS= read -r b <&4
	want="${want}EBUSY
$e
1
0
"
	wantbin="$wantbin$t $a $b
"
done
exec 3<&- 4<&-
is "each list, then its count and violations: one boot_aggregate in the namespace's template and algorithm, zero digest, in ima-ns its own id (also when the host's root activated it); a second activation EBUSY" \
	"$got" "$want"
is "the binary lists: the same entries, byte for byte" "$gotbin" "$wantbin"
is "activating them wrote no audit record" "$(cat "$tmp/recs")" ""
is "and no kernel log line of IMA's" \
	"$(ima_log_lines "$tmp/dmesg-before" "$tmp/dmesg-after")" ""
host_state "$tmp/host-after"
check "the host's list, count and violations did not change" cmp "$tmp/host-before" "$tmp/host-after"

# The list is charged to the memory cgroup of the task that activates the
# namespace.  N namespaces (100; 20 on the debug kernel, where setting
# one up takes seconds and kmemleak checks their freeing as well) are
# held by uid 1000 and, once every IMA namespace but theirs is freed,
# activated by this shell in a cgroup of its own: each activation
# allocates, with __GFP_ACCOUNT, a table (8192 bytes) and boot_aggregate
# in ima-ng with sha256 (the entry 64 bytes, its digests 132, its fields
# 40 and 15, its list node 40), so the charged kmalloc caches (booted
# with slab_nomerge) gain N, N, 3N and N objects more in kmalloc-cg-8k,
# -192, -64 and -16; and the cgroup's slab grows by at least N tables.
# kmalloc-cg-16 is only shown, not checked: small and busy, it also gains
# and loses other tasks' objects meanwhile (the counting's own
# processes; under KASAN, its quarantine emptied by the shrink): seen
# from -16 to +126 around 100 activations on debug.  The 15-byte name
# field is allocated by the same call, with the same flags, as the
# 40-byte digest field kmalloc-cg-64 counts.
cg=/sys/fs/cgroup
mount -t cgroup2 cgroup2 $cg && echo +memory >$cg/cgroup.subtree_control && mkdir $cg/t ||
	echo "cannot set up a memory cgroup" | diag
cg_slab() { sed -n "s/^slab_unreclaimable //p" $cg/t/memory.stat; }
caches() { for c in 8k 192 64 16; do slab kmalloc-cg-$c; done; }
n=100
[ "${VM_VARIANT:-}" = debug ] && n=20
pids=
i=0
while [ $i -lt $n ]; do
	hold "n$i" userns :
	pids="$pids $held"
	i=$((i + 1))
done
echo "IMA namespaces before: $(settle "$n 0")" | diag
echo $$ >$cg/t/cgroup.procs
set -- $(caches)
s=$(cg_slab)
activated=0
for p in $pids; do
	echo 1 >"/proc/$p/root$ima/active" && activated=$((activated + 1))
done
grown=$(($(cg_slab) - s))
set -- $(($(slab kmalloc-cg-8k) - $1)) $(($(slab kmalloc-cg-192) - $2)) \
	$(($(slab kmalloc-cg-64) - $3)) $(($(slab kmalloc-cg-16) - $4))
echo $$ >$cg/cgroup.procs
i=0
while [ $i -lt $n ]; do
	release "n$i"
	i=$((i + 1))
done
rmdir $cg/t && umount $cg
echo "for $n activations: the cgroup's slab $grown bytes; kmalloc-cg-8k, -192, -64, -16: $*" | diag
[ "$grown" -ge $((n * 8192)) ] && [ "$1" -ge $n ] && [ "$2" -ge $n ] &&
	[ "$3" -ge $((3 * n)) ] && grown=enough
is "$n namespaces activated, their lists' every allocation charged, to the activating task's memory cgroup" \
	"$activated $grown" "$n enough"

rm -rf "$tmp"
