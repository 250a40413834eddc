#!/bin/sh
# What any user who can create a user namespace can make the kernel spend
# through an IMA namespace's policy file, from a guest on the ima-ns
# kernel booted with no IMA policy: memory that rejected rules leave
# behind (none), memory that stored rules take (charged to the writer's
# memory cgroup), policies loaded by path (bounded before anything is
# read), and kernel log lines and audit records (none, or rate-limited).
# The attacker is uid 1000, root only in a user namespace of its own.
. "$(dirname "$0")/tap.sh"
. "$(dirname "$0")/slab.sh"
. "$(dirname "$0")/helpers.sh"
plan 12

sfs=/sys/kernel/security
ima=$sfs/ima
tmp=$(mktemp -d)
chmod 1777 "$tmp"
# activens CMD: userns (helpers.sh) with the namespace activated first.
activens() { userns "echo 1 >$ima/active && $1"; }
# long N C: the character C N times.
long() { head -c "$1" /dev/zero | tr '\0' "$2"; }

# hammer FILE RULE N: write RULE N times to FILE, all in one open, as a
# shell writes lines; prints how many writes failed (the shell's echo
# says why on stderr, which is dropped).  Runs in the namespace's shell.
hammer='hammer() {
	exec 3>"$1"
	_f=0 _i=0
	while [ $_i -lt "$3" ]; do
		echo "$2" >&3 2>/dev/null || _f=$((_f + 1))
		_i=$((_i + 1))
	done
	exec 3>&-
	echo "$_f"
}'

# Rejected rules must leave nothing behind.  5000 rules with 3000-byte
# strings would leave 20 MB if their strings leaked; the bound, 2 MiB,
# is well above what the kernel's own caches move by meanwhile.  On the
# debug kernel, where every write costs far more and kmemleak checks as
# well, 2000 (8 MB, or 4 MB for the 2000-byte strings).
bound=2048
n=5000
[ "${VM_VARIANT:-}" = debug ] && n=2000
# grew BEFORE: "ok" when SUnreclaim is within $bound kB of BEFORE (once
# ended namespaces are freed), "+N kB" otherwise.
grew() {
	_d=$(($(settle_sunreclaim "$1" $bound) - $1))
	if [ "$_d" -le "$bound" ]; then echo ok; else echo "+$_d kB"; fi
}

label="dont_measure label=$(long 3000 x)"
s=$(sunreclaim)
f=$(eval "$hammer"; hammer $ima/policy "$label" $n)
is "the host's root: $n rules with a 3000-byte label= are EINVAL and leave SUnreclaim within $bound kB" \
	"$f $(grew "$s")" "$n ok"

s=$(sunreclaim)
is "uid 1000 in its namespace: the same $n rules fail and leave SUnreclaim within $bound kB after the namespace is gone" \
	"$(activens "$hammer; hammer $ima/policy '$label' $n") $(grew "$s")" "$n ok"

a=$(long 2000 a) b=$(long 2000 b)
s=$(sunreclaim)
is "uid 1000: a repeated fsname= is EINVAL; $n rules with two 2000-byte fsname= leave SUnreclaim within $bound kB" \
	"$(activens "errno write $ima/policy 'dont_measure fsname=a fsname=b
'; $hammer; hammer $ima/policy 'dont_measure fsname=$a fsname=$b func=NONE' $n") $(grew "$s")" "EINVAL
$n ok"

# An LSM condition the kernel's LSMs do not know (this kernel has none)
# is kept once a policy has been loaded, so load one first.
s=$(sunreclaim)
is "uid 1000: a repeated subj_type= is EINVAL; $n rules with two 2000-byte subj_type= leave SUnreclaim within $bound kB" \
	"$(activens "echo 'dont_measure fsmagic=0x1' >$ima/policy && errno write $ima/policy 'dont_measure subj_type=a subj_type=b
'; $hammer; hammer $ima/policy 'dont_measure subj_type=$a subj_type=$b func=NONE' $n") $(grew "$s")" "EINVAL
$n ok"

# What a namespace's rules hold is charged to the writer's memory cgroup:
# 1023 rules (after a first one, so that LSM conditions are kept), each
# with a 1500-byte fsname= and a 1500-byte subj_type= (at least 3000
# bytes a rule), all charged while the namespace holds them.
cg=/sys/fs/cgroup
mount -t cgroup2 cgroup2 $cg && echo +memory >$cg/cgroup.subtree_control && mkdir $cg/t ||
	echo "cannot set up a memory cgroup" | diag
a=$(long 1500 a) b=$(long 1500 b)
charged=$(sh -c "echo \$\$ >$cg/t/cgroup.procs && exec runas 1000 \
	unshare --user --map-root-user --mount sh -c '
	cg_slab() { sed -n \"s/^slab_unreclaimable //p\" $cg/t/memory.stat; }
	mount -t securityfs securityfs $sfs && echo 1 >$ima/active &&
	echo dont_measure fsmagic=0x1 >$ima/policy && s=\$(cg_slab) &&
	exec 3>$ima/policy && i=0 &&
	while [ \$i -lt 1023 ]; do echo \"dont_measure fsname=$a subj_type=$b fsmagic=\$i\" >&3 || exit 1; i=\$((i + 1)); done &&
	exec 3>&- && echo \$((\$(cg_slab) - s))'")
[ -n "$charged" ] && [ "$charged" -ge $((1023 * 3000)) ] && charged=ok
is "1023 rules with 3000 bytes of strings each are charged to the writer's memory cgroup" "$charged" ok

# A policy loaded by path: at most what 1024 rules can take (1024 pages),
# refused before anything is read.  (Read whole, a 1500 MB file fails to
# be allocated in this guest; a 600 MB one is read, slowly.)
truncate -s 1500M "$tmp/sparse"
truncate -s 600M "$tmp/sparse600"
truncate -s $((1024 * 4096 + 1)) "$tmp/over"
i=1
while [ $i -le 1024 ]; do echo "dont_measure fsmagic=$i"; i=$((i + 1)); done >"$tmp/rules"
chmod 644 "$tmp/sparse" "$tmp/sparse600" "$tmp/over" "$tmp/rules"
is "uid 1000 loading a 1500 MB sparse file as its policy gets EFBIG" "$(activens "errno write $ima/policy $tmp/sparse")" EFBIG
# At once: a 600 MB file is refused as fast as one just over the bound
# (read whole, the 600 MB one took 3.5 s in this guest): within
# three times as long and 300 ms, which the load of a busy machine or a
# debug kernel does not change.  Prints both results and both times.
out=$(activens "now() { date +%s%N; }
	t0=\$(now); errno write $ima/policy $tmp/over; t1=\$(now)
	errno write $ima/policy $tmp/sparse600; t2=\$(now)
	echo \$(((t1 - t0) / 1000000)) \$(((t2 - t1) / 1000000))" | tr '\n' ' ')
set -- $out
if [ "$1 $2" = "EFBIG EFBIG" ] && [ "$4" -le $(($3 * 3 + 300)) ]; then
	ok "a 600 MB one: EFBIG as fast as a file just over the bound ($4 ms and $3 ms)"
else
	not_ok "a 600 MB one: EFBIG as fast as a file just over the bound (got: $out)"
fi
# A file of one page whose only line has no newline: parsed as a string,
# it must end where the file does (EINVAL, as for any policy file whose
# last line has no newline), not run into what lies after the buffer.
head -c 4096 /dev/zero | tr '\0' '#' >"$tmp/page"
chmod 644 "$tmp/page"
is "a one-page file with no newline is EINVAL; one a byte over 1024 pages is EFBIG; one with 1024 rules loads, and the namespace holds them" \
	"$(activens "errno write $ima/policy $tmp/page; errno write $ima/policy $tmp/over; errno write $ima/policy $tmp/rules; wc -l <$ima/policy")" "EINVAL
EFBIG
OK
1024"

# Kernel log lines and audit records: a namespace's bad rules cause none,
# except the rate-limited warning about LSM rules (at most 10 lines, and
# a line saying how many were suppressed, in every 5-second window, and
# a run may straddle windows).  Audit records are counted on the audit
# socket: the kernel prints them only when no audit daemon listens (as
# when auditrd has just gone), so kmsg_since leaves them out, with
# kauditd's reports of records it dropped ("audit: audit_lost=...",
# "audit: kauditd hold queue overflow"): the host's own records of the
# tests above, queued with no daemon, which kauditd may drop only once
# auditrd wakes it, inside the window (seen with preemptible kernels).
# The kernel's one "crng init done" line is made to come first.
head -c 1 /dev/random >/dev/null
kmsg_mark() { echo "imans-test: $1" >/dev/kmsg; }
kmsg_since() {
	dmesg | sed -n "/imans-test: $1\$/,\$p" | tail -n +2 |
		grep -vE '\] (audit: type=[0-9]+ |kauditd_printk_skb: |audit: audit_lost=[0-9]+ audit_rate_limit=[0-9]+ audit_backlog_limit=[0-9]+$|audit: kauditd hold queue overflow$)'
}
bad="dont_measure appraise_algos=nope
dont_measure appraise_type=imasig
measure func=MODULE_CHECK
audit func=BPRM_CHECK
dont_measure subj_type=x
dont_measure func=NOPE
dont_measure label=x
/nonexistent/policy"
echo "$bad" >"$tmp/bad"
kmsg_mark start
t0=$(date +%s)
auditrd -o "$tmp/recs" -- sh -c "
	runas 1000 unshare --user --map-root-user --mount sh -c '
	mount -t securityfs securityfs $sfs && echo 1 >$ima/active || exit 1
	i=0
	while [ \$i -lt 100 ]; do
		while read -r r; do echo \"\$r\" >$ima/policy 2>/dev/null; done <$tmp/bad
		i=\$((i + 1))
	done'"
rc=$?
secs=$(($(date +%s) - t0 + 1))
kmsg_mark end
lines=$(kmsg_since start | grep -cv 'imans-test: end$')
max=$((11 * (secs / 5 + 2)))
if [ "$lines" -le "$max" ]; then
	ok "900 bad rules from uid 1000 in $secs s add $lines kernel log lines (at most $max)"
else
	not_ok "900 bad rules from uid 1000 in $secs s add $lines kernel log lines (more than $max)"
	kmsg_since start | head -n 20 | diag
fi
is "and no audit record (auditrd's status, then the count)" "$rc $(grep -c . "$tmp/recs")" "0 0"
is "no log line but the LSM rule warning and its suppression count" \
	"$(kmsg_since start | grep -v 'imans-test: end$' | grep -vE "ima: rule for LSM 'x' is undefined|ima_warn_undefined_lsm_rule: [0-9]+ callbacks suppressed")" ""

# With the host requiring signed policies, a namespace's rule is EACCES,
# silently.  (Last: the host cannot take it back.)
echo "appraise func=POLICY_CHECK appraise_type=imasig" >$ima/policy
kmsg_mark signed
out=$(auditrd -o "$tmp/recs" -- sh -c "runas 1000 \
	unshare --user --map-root-user --mount sh -c 'mount -t securityfs securityfs $sfs &&
	echo 1 >$ima/active && errno write $ima/policy \"dont_measure fsmagic=0x1
\"'")
kmsg_mark signed-end
is "with the host requiring signed policies, a namespace's inline rule is EACCES, with no audit record and no log line" \
	"$out $(grep -c . "$tmp/recs") $(kmsg_since signed | grep -cv 'imans-test: signed-end$')" "EACCES 0 0"
rm -rf "$tmp"
