#!/bin/sh
# Allocation failures on the paths that any user reaches through an IMA
# namespace, from a guest on the debug kernel (FAILSLAB, KASAN,
# kmemleak), booted with "slub_debug=A;-,kmemleak_object,kmemleak_scan_area".
# A new namespace of uid 1000's has the Nth slab allocation of one system
# call fail, for N = 1, 2, ... until the call makes fewer than N
# (tests/guest/faults.c, through /proc/thread-self/fail-nth).  The calls:
# writing 1 to active, an open that the namespace's measure rule matches,
# and an open for writing that is a ToMToU violation.  Each N prints one
# line: whether the fault was injected, the call's result and the
# namespace's state after it.  The test compares the distinct lines, in
# order, with what the series promises:
#   - activation: ENOMEM, the namespace inactive, and a second write
#     activates it with its boot_aggregate alone and runtime_pcrs as
#     after an activation with no fault;
#   - a measurement that cannot be made is not recorded, and the next
#     access makes it (nothing counts the loss: a known gap, in
#     docs/threat-model.md);
#   - a violation that cannot be recorded closes the list with list_full,
#     so that a verifier knows the list is incomplete.
# How many lines of each kind (the allocations on each path) is only
# shown: it changes with the kernel's code outside the series.  Nothing
# may leak (the kmemleak scan after the run) or be reported, no line of
# IMA's is logged, and the host's list, count and violations do not
# change.
. "$(dirname "$0")/tap.sh"
. "$(dirname "$0")/helpers.sh"

plan 5
tmp=$(mktemp -d) && chmod 1777 "$tmp" || exit 1

# Fault injection for every slab allocation that the calls make, those
# that may sleep too, without its log lines (each a stack trace), and
# only in the caches that slub_debug=A marked: all but kmemleak's, whose
# record of each allocation survives its own failure (each N would
# otherwise fail that record every other time).
mountpoint -q /sys/kernel/debug || mount -t debugfs debugfs /sys/kernel/debug ||
	echo "mount debugfs: status $?" >>"$tmp/failed"
fs=/sys/kernel/debug/failslab
{ echo N >$fs/ignore-gfp-wait && echo 0 >$fs/verbose && echo Y >$fs/cache-filter; } ||
	echo "failslab: status $?" >>"$tmp/failed"
[ "$(cat /sys/kernel/slab/kmalloc-cg-64/failslab /sys/kernel/slab/kmemleak_object/failslab)" = "1
0" ] || echo "the caches are not marked as slub_debug=A;-,kmemleak_object would" >>"$tmp/failed"

{ host_state "$tmp/host-before" && dmesg >"$tmp/dmesg-before"; } ||
	echo "the host's state before: status $?" >>"$tmp/failed"
for k in activate measure violation; do
	faults $k "$tmp" >"$tmp/$k" || echo "faults $k: status $?" >>"$tmp/failed"
done
{ host_state "$tmp/host-after" && dmesg >"$tmp/dmesg-after"; } ||
	echo "the host's state after: status $?" >>"$tmp/failed"

# How many of each line, as a comment.
for k in activate measure violation; do
	uniq -c "$tmp/$k" | sed "s/^/$k: /" | diag
done

is "every step ran, and each run of faults printed its lines" "$(cat "$tmp/failed" 2>/dev/null)" ""
# runtime_pcrs after an activation with no fault (the last line's, which
# ima-ns-pcrs.sh checks against a replay): the SHA-1 and SHA-256 banks'
# PCR 10, extended with boot_aggregate.
pcrs=$(tail -n 1 "$tmp/activate" | sed 's/.*| //')
is "activation: each allocation that fails is ENOMEM and leaves the namespace inactive, and a second write activates it with exactly its boot_aggregate and runtime_pcrs as with no fault: the SHA-1 and SHA-256 banks' PCR 10" \
	"$(case "$pcrs" in
	"sha1 10 "[0-9a-f]*" sha256 10 "[0-9a-f]*" ") ;;
	*) echo "not two banks: $pcrs" ;;
	esac
	uniq "$tmp/activate")" \
	"injected ENOMEM, active 0, again OK: boot_aggregate | $pcrs
not reached OK, active 1, again EBUSY: boot_aggregate | $pcrs"
is "a measured open: an allocation that fails in the open fails it, one that fails in IMA loses the entry with no trace (the known gap), and the next open makes it (the file's name, when its buffer failed, is its last component, as on the host)" \
	"$(uniq "$tmp/measure")" \
	"injected ENOMEM: boot_aggregate | again OK: boot_aggregate D/f 
injected OK: boot_aggregate | again OK: boot_aggregate D/f 
injected OK: boot_aggregate f | again OK: boot_aggregate f 
injected OK: boot_aggregate | again OK: boot_aggregate D/f 
not reached OK: boot_aggregate D/f | again OK: boot_aggregate D/f "
is "a ToMToU violation: an allocation that fails in the open fails it; in IMA, the violation's name buffer gives its last component, and its entry closes the list with list_full; it is counted in each case" \
	"$(uniq "$tmp/violation")" \
	"injected ENOMEM: boot_aggregate D/f violations 0
injected OK: boot_aggregate D/f f! violations 1
injected OK: boot_aggregate D/f list_full! violations 1
not reached OK: boot_aggregate D/f D/f! violations 1"
is "no log line of IMA's; the host's list, count and violations unchanged" \
	"$(ima_log_lines "$tmp/dmesg-before" "$tmp/dmesg-after"; cmp "$tmp/host-before" "$tmp/host-after" 2>&1)" ""
