#!/bin/sh
# LSM-based rules under load, for the debug kernel: for STRESS_SECONDS
# (default 60) the host reloads SELinux's policy in a loop, without the
# types of tests/guest/imanstest.cil and with them, while in each of 3
# IMA namespaces (STRESS_RULES rules each, default 60, two thirds of them
# LSM-based, at most 960) one task reads the policy back, one execs a file of
# imansns_exec_t and one appends rules to the policy: all on lists of
# LSM-based rules that each reload makes stale.  The kernel must report
# nothing (tools/vm fails the run on a KASAN, lockdep or list report);
# afterwards each namespace's policy holds exactly the rules written into
# it, and, with the types loaded, its rules still match.  Boot with
# "security=selinux enforcing=0".
#
#   selinux-stress.sh                       the test
#   selinux-stress.sh loop FILE END CMD     (inside) run CMD once, and
#                                           again until time END, then
#                                           write "OK FAILED" (counts) to
#                                           FILE
here=$(cd "$(dirname "$0")" && pwd)
ima=/sys/kernel/security/ima
. "$here/tap.sh"
. "$here/helpers.sh"

if [ "${1:-}" = loop ]; then
	ok=0 failed=0
	# At least once: on a slow machine, END may have passed at the start.
	while :; do
		if eval "$4" 2>/dev/null; then ok=$((ok + 1)); else failed=$((failed + 1)); fi
		[ "$(date +%s)" -lt "$3" ] || break
	done
	echo "$ok $failed" >"$2"
	exit 0
fi

plan 5

secs=${STRESS_SECONDS:-60}
rules=${STRESS_RULES:-60}
tmp=$(mktemp -d)
chmod 1777 "$tmp"

mountpoint -q /sys/fs/selinux || mount -t selinuxfs selinuxfs /sys/fs/selinux
selinux_load with || not_ok "selinux_load with.33"
cp /usr/bin/true "$tmp/x"
chcon system_u:object_r:imansns_exec_t:s0 "$tmp/x"
# The rules to start with: two thirds LSM-based, of both kinds, and a
# third with no LSM condition between them.
i=0
while [ $i -lt $((rules / 3)) ]; do
	echo "audit func=BPRM_CHECK obj_type=imansns_exec_t"
	echo "dont_measure subj_type=imansns_t fsmagic=0x$i"
	echo "dont_measure fsmagic=0x1$i"
	i=$((i + 1))
done >"$tmp/ns.policy"
start=$(wc -l <"$tmp/ns.policy")

k=0
while [ $k -lt 3 ]; do
	hold "ns$k" rootns "echo 1 >$ima/active && cat $tmp/ns.policy >$ima/policy"
	[ -n "$held" ] || break
	eval "held$k=$held"
	k=$((k + 1))
done
is "3 namespaces, each with its $start rules" "$k" 3

end=$(($(date +%s) + secs))
pids=
"$here/selinux-stress.sh" loop "$tmp/reloads" "$end" 'selinux_load without && selinux_load with' &
pids="$pids $!"
for k in 0 1 2; do
	eval "h=\$held$k"
	for job in "reads$k:cat $ima/policy >/dev/null" \
		   "execs$k:$tmp/x" \
		   "appends$k:echo 'dont_measure obj_type=imansns_exec_t fsmagic=0xa0$k' >$ima/policy"; do
		nsenter -t "$h" -U -m "$here/selinux-stress.sh" loop "$tmp/${job%%:*}" "$end" "${job#*:}" &
		pids="$pids $!"
	done
done
# Each loop's counts file, in $tmp.
loops="reloads reads0 execs0 appends0 reads1 execs1 appends1 reads2 execs2 appends2"
failed=0
for p in $pids; do
	wait "$p" || failed=$((failed + 1))
done
# Every operation succeeded, but for appends to a namespace that holds
# 1024 rules (ENOSPC).
bad=$(for f in $loops; do
	read -r n fails <"$tmp/$f" || { echo "$f: no counts"; continue; }
	case $f in appends*) [ $((start + n)) -lt 1024 ] || continue ;; esac
	[ "$fails" -eq 0 ] || echo "$f: $fails failed"
done)
is "every loop ended well, and nothing failed" "$failed$bad" 0

# What ran: every kind of operation (a reload is one without the types
# and one with them).
ran=$(for f in $loops; do
	read -r n fails <"$tmp/$f" && [ "$n" -gt 0 ] && echo "$f"
done | tr '\n' ' ')
is "each loop did its work" "$ran" "$loops "
{ cat "$tmp"/reloads "$tmp"/reads* "$tmp"/execs* "$tmp"/appends*; } | diag

# Each namespace holds its rules and what its appends added, no more and
# no fewer, in order.
want=
got=
for k in 0 1 2; do
	eval "h=\$held$k"
	read -r n fails <"$tmp/appends$k"
	want="$want$k: $((start + n)) $n
"
	nsenter -t "$h" -U -m cat $ima/policy >"$tmp/policy$k"
	got="$got$k: $(wc -l <"$tmp/policy$k") $(grep -c "fsmagic=0xa0$k " "$tmp/policy$k")
"
done
is "each namespace's policy: its $start rules and each append, nothing lost" "$got" "$want"

# With the types, each namespace's rules still match: one record each
# for a file none has seen.  (Matching would work without the lazy
# update too, through ima_match_rules()' copy of a stale rule: selinux.sh
# shows the update itself.)
selinux_load with || not_ok "selinux_load with.33"
cp /usr/bin/true "$tmp/y"
chcon system_u:object_r:imansns_exec_t:s0 "$tmp/y"
auditrd -o "$tmp/recs" -t INTEGRITY_RULE -- sh -c "nsenter -t $held0 -U -m $tmp/y &&
	nsenter -t $held1 -U -m $tmp/y && nsenter -t $held2 -U -m $tmp/y" ||
	not_ok "auditrd: status $?"
is "and their rules still match: one record per namespace" \
	"$("$here/records.py" "$tmp/recs" || echo "records.py: status $?")" \
	"$(for k in 0 1 2; do eval "h=\$held$k"; echo "$tmp/y ima_userns=$(readlink "/proc/$h/ns/user" | inum) task_userns=-"; done)"
for k in 0 1 2; do release "ns$k"; done
rm -rf "$tmp"
