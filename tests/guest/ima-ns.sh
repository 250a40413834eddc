#!/bin/sh
# An IMA namespace's interface, from a guest on the ima-ns kernel booted
# with integrity_audit=1 and no IMA policy: the files of a fresh
# namespace's securityfs, activation, which rules a namespace accepts and
# from whom (also through nsenter, with and without its credentials), the
# rule limit, how ids in rules read and match (euid=, egid=, < and >), a
# namespace unmounted and mounted again, and that a namespace sends no
# informational audit records and no violations.  Every expectation is
# exact.
. "$(dirname "$0")/tap.sh"
. "$(dirname "$0")/helpers.sh"
plan 46

sfs=/sys/kernel/security
ima=$sfs/ima
tmp=$(mktemp -d)
# uid 1000 writes there too.
chmod 1777 "$tmp"

is "a fresh namespace's securityfs holds IMA's files only, with v14's modes" \
	"$(userns "cd $sfs && find . -printf '%M %U %G %p\n' | sort -k4")" \
"drwxr-xr-x 0 0 .
lr--r--r-- 0 0 ./ima
drwxr-xr-x 0 0 ./integrity
drwxr-xr-x 0 0 ./integrity/ima
-rw-r----- 0 0 ./integrity/ima/active
-r--r----- 0 0 ./integrity/ima/ascii_runtime_measurements
-r--r----- 0 0 ./integrity/ima/binary_runtime_measurements
-rw-r----- 0 0 ./integrity/ima/hash
-r--r----- 0 0 ./integrity/ima/nsid
-rw------- 0 0 ./integrity/ima/policy
-r--r----- 0 0 ./integrity/ima/runtime_measurements_count
-r--r----- 0 0 ./integrity/ima/runtime_pcrs
-rw-r----- 0 0 ./integrity/ima/template_name
-r--r----- 0 0 ./integrity/ima/violations"
is "ima links to integrity/ima" "$(userns "readlink $ima")" "integrity/ima"

files="ascii_runtime_measurements binary_runtime_measurements policy runtime_measurements_count runtime_pcrs violations"
# hash and template_name: tests/guest/ima-ns-config.sh.
is "before activation every file but active, hash and template_name answers EACCES" \
	"$(userns "for f in $files nsid; do echo \$f \$(errno open $ima/\$f); done; errno open $ima/policy w")" \
"ascii_runtime_measurements EACCES
binary_runtime_measurements EACCES
policy EACCES
runtime_measurements_count EACCES
runtime_pcrs EACCES
violations EACCES
nsid EACCES
EACCES"
is "active reads 0, refuses anything but 1 with EINVAL, reads 1 once activated, and a second activation is EBUSY" \
	"$(userns "cat $ima/active; for v in 0 2 11 1x ' 1' 01 '1 '; do errno write $ima/active \"\$v\"; done
		errno write $ima/active 1; cat $ima/active; errno write $ima/active 1; errno write $ima/active 0; cat $ima/active")" \
"0
EINVAL
EINVAL
EINVAL
EINVAL
EINVAL
EINVAL
EINVAL
OK
1
EBUSY
EINVAL
1"
is "1 followed by a newline or a NUL activates" \
	"$(userns "echo 1 >$ima/active && cat $ima/active"; userns "printf '1\\0' >$ima/active && cat $ima/active")" "1
1"
# The lists hold boot_aggregate alone (ima-ng, sha256): in ascii 138
# bytes, in binary 101 (ima-ns-list.sh checks them byte for byte);
# runtime_pcrs its extend of PCR 10 in the banks sha1 and sha256, a line
# of 49 and one of 75 bytes (ima-ns-pcrs.sh checks the values).
is "once active, the files open and the lists hold their boot_aggregate alone" \
	"$(userns "echo 1 >$ima/active && for f in $files; do echo \$f \$(wc -c <$ima/\$f); done; cat $ima/violations $ima/runtime_measurements_count")" \
"ascii_runtime_measurements 138
binary_runtime_measurements 101
policy 0
runtime_measurements_count 2
runtime_pcrs 124
violations 2
0
1"

# Which rules a namespace takes.  The host's root may set audit rules, so
# what is refused here is refused for what it is.
is "appraise and hash rules are EINVAL; measure and dont_* rules are accepted" \
	"$(rootns "echo 1 >$ima/active; for r in 'measure func=BPRM_CHECK' 'appraise func=BPRM_CHECK' 'hash func=FILE_CHECK' \
		'dont_measure fsmagic=0x9fa0' 'dont_appraise fsmagic=0x9fa0' 'dont_hash fsmagic=0x9fa0'; do
		echo \$r: \$(errno write $ima/policy \"\$r
\"); done; cat $ima/policy")" \
"measure func=BPRM_CHECK: OK
appraise func=BPRM_CHECK: EINVAL
hash func=FILE_CHECK: EINVAL
dont_measure fsmagic=0x9fa0: OK
dont_appraise fsmagic=0x9fa0: OK
dont_hash fsmagic=0x9fa0: OK
measure func=BPRM_CHECK 
dont_measure fsmagic=0x9fa0 
dont_appraise fsmagic=0x9fa0 
dont_hash fsmagic=0x9fa0 "
audit="audit func=BPRM_CHECK mask=MAY_EXEC"
# Rules are written with their newline, as echo writes them: IMA counts
# one byte more than the rule when it has none.
rule="$audit
"
is "an audit rule is EPERM in a namespace owned by a host user other than root" \
	"$(userns "echo 1 >$ima/active; errno write $ima/policy '$rule'; cat $ima/policy")" "EPERM"
is "the host's root sets an audit rule in its namespace" \
	"$(rootns "echo 1 >$ima/active; errno write $ima/policy '$rule'; cat $ima/policy")" "OK
$audit "
is "the host's root without CAP_AUDIT_WRITE gets EPERM" \
	"$(rootns "echo 1 >$ima/active; setpriv --bounding-set -audit_write errno write $ima/policy '$rule'")" "EPERM"
# CAP_AUDIT_WRITE over the host: creating a user namespace gives every
# capability in it, but not that one.  capns SETPRIV-ARGS CMD: rootns,
# created by the host's root with setpriv's capability bounding set.
# Mapping the host's root into a namespace takes CAP_SETFCAP, so every
# bounding set keeps it.
capns() {
	setpriv "$1" --inh-caps=-all unshare --user --map-root-user --mount \
		sh -c "mount -t securityfs securityfs $sfs && $2"
}
active_rule="echo 1 >$ima/active && errno write $ima/policy '$rule'"
is "the host's root with every capability dropped (bounding set too) but CAP_SETFCAP creates a namespace: its audit rule there is EPERM" \
	"$(capns --bounding-set=-all,+setfcap "$active_rule")" EPERM
is "the host's root holding CAP_AUDIT_WRITE and CAP_SETFCAP only creates one: its audit rule is accepted" \
	"$(capns --bounding-set=-all,+setfcap,+audit_write "$active_rule")" OK
is "holding every capability but CAP_AUDIT_WRITE: EPERM" \
	"$(capns --bounding-set=-audit_write "$active_rule")" EPERM
nested="unshare --user --map-root-user --mount sh -c \"mount -t securityfs securityfs $sfs && $active_rule\""
is "a namespace created by the root of one that the host's root created may have audit rules" \
	"$(capns --bounding-set=+all "$nested")" OK
is "one created by the root of a namespace that the host's root created with CAP_SETFCAP only may not" \
	"$(capns --bounding-set=-all,+setfcap "$nested")" EPERM

# Entering a namespace: nsenter (without --preserve-credentials) takes the
# ids of the namespace's root, and capabilities in a user namespace go to
# its root only, so the host's root can be itself in a namespace only
# where root is mapped to root; elsewhere it writes from the host.
hold root rootns "echo 1 >$ima/active"
is "the host's root entering a namespace it created with nsenter sets an audit rule" \
	"$(nsenter -t "$held" --user --mount errno write $ima/policy "$rule")" OK
release root
hold user userns "echo 1 >$ima/active"
is "the host's root entering only the mount namespace of uid 1000's namespace sets an audit rule there" \
	"$(nsenter -t "$held" --mount errno write $ima/policy "$rule")" OK
is "entering its user namespace too, as its root (host uid 1000), it gets EPERM" \
	"$(nsenter -t "$held" --user --mount errno write $ima/policy "$rule")" EPERM
is "uid 1000 entering its own namespace gets EPERM" \
	"$(runas 1000 nsenter -t "$held" --user --mount --preserve-credentials errno write $ima/policy "$rule")" EPERM
is "the policy holds the one rule the host's root set" \
	"$(nsenter -t "$held" --mount cat $ima/policy)" "$audit "
release user

# Opener and writer: both must be the host's audit administrator.  A policy
# file opened by one and written by the other, through pidfd_getfd() or an
# inherited descriptor, is EPERM; written by its opener, it is not.
hold fd userns "echo 1 >$ima/active && exec 3>$ima/policy"
is "a policy file opened by the namespace's root (host uid 1000), written by the host's root: EPERM" \
	"$(errno writefd "$held" 3 "$rule")" EPERM
release fd
hold fd2 userns "echo 1 >$ima/active"
is "opened by the host's root and written by uid 1000: EPERM; written by the host's root: accepted" \
	"$(nsenter -t "$held" --mount sh -c "exec 3>$ima/policy; runas 1000 errno writefd 3 '$rule'"
	nsenter -t "$held" --mount sh -c "exec 3>$ima/policy; errno writefd 3 '$rule'")" "EPERM
OK"
release fd2

# Ids in a rule are read in the user namespace that owns the policy,
# whoever writes the rule (as in v14), and shown in the reader's.
idrule="audit func=BPRM_CHECK mask=MAY_EXEC uid=0 gid=0 fowner=0 fgroup=0"
hold own userns "echo 1 >$ima/active"
is "the host's root, entering only the mount namespace, writes uid=0 (accepted) and uid=1, unmapped there (EINVAL)" \
	"$(nsenter -t "$held" --mount errno write $ima/policy "$idrule
"; nsenter -t "$held" --mount errno write $ima/policy "audit func=BPRM_CHECK uid=1
")" "OK
EINVAL"
is "the rule names the namespace's root: the host reads host uid 1000" \
	"$(nsenter -t "$held" --mount cat $ima/policy)" \
	"audit func=BPRM_CHECK mask=MAY_EXEC uid=1000 gid=1000 fowner=1000 fgroup=1000 "
is "the namespace's root reads it as the host's root wrote it" \
	"$(runas 1000 nsenter -t "$held" --user --mount --preserve-credentials cat $ima/policy)" "$idrule "
is "the host's root entering the user namespace too, as the namespace's root, writes uid=0: the same id" \
	"$(nsenter -t "$held" --user --mount errno write $ima/policy "dont_measure uid=0
"; nsenter -t "$held" --mount sed -n 2p $ima/policy)" "OK
dont_measure uid=1000 "
release own
# Opened by the namespace's root, written by the host's root (pidfd_getfd):
# uid=0 is still the namespace's root, not the writer's.
mkfifo -m 666 "$tmp/w.closed" "$tmp/w.go2"
# (w.closed is written only by a namespace that was set up.)
hold w userns "echo 1 >$ima/active && exec 3>$ima/policy" "exec 3>&-; echo >$tmp/w.closed; read x <$tmp/w.go2"
is "a rule with uid=0 written by the host's root to a policy file the namespace's root opened names the namespace's root" \
	"$(errno writefd "$held" 3 "dont_measure uid=0
"; echo >"$tmp/w.go"; [ -z "$held" ] || read -r x <"$tmp/w.closed"; nsenter -t "$held" --mount cat $ima/policy)" "OK
dont_measure uid=1000 "
[ -z "$held" ] || echo >"$tmp/w.go2"
wait "$_hold_w" || not_ok "namespace w ended with status $?"

# 1024 rules at most, loaded and pending together: the rule that would be
# the 1025th is ENOSPC, and a batch (the rules written in one open) that
# fails is dropped whole, leaving the loaded rules as they were.
# rules FROM TO: the rules dont_measure fsmagic=FROM..TO, one per line.
rules() { seq "$1" "$2" | sed 's/^/dont_measure fsmagic=/'; }
r1024="$(rules 1 1024)
"
is "a namespace takes 1024 rules; the 1025th is ENOSPC and the 1024 stay in force" \
	"$(userns "echo 1 >$ima/active; errno write $ima/policy '$r1024'; errno write $ima/policy 'dont_measure fsmagic=1025
'
		errno write $ima/policy 'dont_measure fsmagic=1025
'; wc -l <$ima/policy; sed -n '1p;\$p' $ima/policy")" \
"OK
ENOSPC
ENOSPC
1024
dont_measure fsmagic=0x1 
dont_measure fsmagic=0x1024 "
is "within one batch: 600 rules, then 425 more in a second write to the same open file: ENOSPC, and none is loaded" \
	"$(userns "echo 1 >$ima/active; exec 3>$ima/policy; errno writefd 3 '$(rules 1 600)
'; errno writefd 3 '$(rules 601 1025)
'; exec 3>&-; wc -l <$ima/policy")" "OK
ENOSPC
0"
is "across batches: 1000 loaded, a batch of 25 is ENOSPC and leaves the 1000, a batch of 24 fills the namespace, one more is ENOSPC" \
	"$(userns "echo 1 >$ima/active; errno write $ima/policy '$(rules 1 1000)
'; errno write $ima/policy '$(rules 1001 1025)
'; wc -l <$ima/policy; errno write $ima/policy '$(rules 1001 1024)
'; errno write $ima/policy 'dont_measure fsmagic=1025
'; wc -l <$ima/policy; sed -n '1p;1000p;\$p' $ima/policy")" "OK
ENOSPC
1000
OK
ENOSPC
1024
dont_measure fsmagic=0x1 
dont_measure fsmagic=0x1000 
dont_measure fsmagic=0x1024 "

# From inside: ids are read and shown in the namespace's user namespace.
ids="dont_measure uid=0 gid=0 fowner=0 fgroup=0"
hold ids userns "echo 1 >$ima/active && { errno write $ima/policy '$ids
'; errno write $ima/policy 'dont_measure uid=1
'
	cat $ima/policy; } >$tmp/ids.out"
is "with root mapped to host uid 1000, uid=0 is accepted, an unmapped uid is EINVAL, and the rule reads back as written" \
	"$(cat "$tmp/ids.out")" "OK
EINVAL
$ids "
is "the host reads the same rule in host ids" "$(nsenter -t "$held" --mount cat $ima/policy)" \
	"dont_measure uid=1000 gid=1000 fowner=1000 fgroup=1000 "
release ids
# Host ids above 2^31 - 1 read back as written, and so can be written back.
big="dont_measure uid=4294967294 egid>2147483648 "
is "the host's rule with ids above 2^31 - 1 reads back as written, and is accepted written back" \
	"$(errno write $ima/policy "$big
"; line=$(grep -F 4294967294 $ima/policy); echo "$line"; errno write $ima/policy "$line
")" "OK
$big
OK"

# Unmounting securityfs ends nothing: the IMA namespace belongs to the
# user namespace, its rules keep auditing, and a new mount shows it still
# active with the same policy, and what it audited it does not audit again.
cp /usr/bin/true "$tmp/r1"
cp /usr/bin/true "$tmp/r2"
echo r2 >>"$tmp/r2"
auditrd -o "$tmp/recs" -t INTEGRITY_RULE -- unshare --user --map-root-user --mount sh -c "
	mount -t securityfs securityfs $sfs && echo 1 >$ima/active && echo '$audit' >$ima/policy &&
	umount $sfs && $tmp/r1 && ! test -e $ima/active && mount -t securityfs securityfs $sfs &&
	cat $ima/active $ima/policy; errno write $ima/active 1; $tmp/r2 && $tmp/r1 && readlink /proc/self/ns/user" >"$tmp/out"
rc=$?
userns_ino=$(tail -n 1 "$tmp/out" | tr -dc 0-9)
is "mounted again, the namespace is still active with its policy (auditrd's status, then the output)" \
	"$rc $(cat "$tmp/out")" "0 1
$audit 
EBUSY
user:[$userns_ino]"
# r1 runs again after r2: had it not been audited while unmounted, its
# record would come after r2's.
is "its rule audited r1 while securityfs was unmounted, and after the new mount r2 only, both in the same namespace" \
	"$(grep -F "file=\"$tmp/r" "$tmp/recs" |
		sed -E 's/.* file="([^"]*)" hash="sha256:([0-9a-f]+)" .* ima_userns=([0-9]+) ima_nsid=[0-9]+$/\1 \2 \3/')" \
"$tmp/r1 $(sha256sum <"$tmp/r1" | cut -d' ' -f1) $userns_ino
$tmp/r2 $(sha256sum <"$tmp/r2" | cut -d' ' -f1) $userns_ino"

# The host's root entering a namespace keeping its credentials: setns()
# gives it every capability in the namespace, but the command that
# nsenter --preserve-credentials then executes keeps them only where the
# namespace's root is the host's root.  Audit rules only where the
# namespace was created by a task holding CAP_AUDIT_WRITE over the host;
# ids are read as the policy's.  errno --enter does the setns() itself,
# with no exec.
hold pc userns "echo 1 >$ima/active"
is "nsenter --preserve-credentials into uid 1000's namespace: its command holds no capability there, the policy file is EACCES" \
	"$(nsenter -t "$held" --user --mount --preserve-credentials errno write $ima/policy "$rule")" EACCES
is "after setns() alone, with its capabilities: an audit rule is EPERM (uid 1000 created the namespace), uid=0 names the namespace's root" \
	"$(errno --enter "$held" write $ima/policy "$rule"; errno --enter "$held" write $ima/policy "dont_measure uid=0
"; nsenter -t "$held" --mount cat $ima/policy)" "EPERM
OK
dont_measure uid=1000 "
release pc
hold pcr rootns "echo 1 >$ima/active"
is "into a namespace the host's root created, both ways: the audit rule is accepted" \
	"$(nsenter -t "$held" --user --mount --preserve-credentials errno write $ima/policy "$rule"
	errno --enter "$held" write $ima/policy "$rule"; nsenter -t "$held" --mount cat $ima/policy)" "OK
OK
$audit 
$audit "
release pcr

# euid=, egid= and the < and > operators in a namespace whose ids 0-65535
# are host ids 100000-165535, created by the host's root (so that it may
# set audit rules there from the host).  < and > compare kernel ids, as in
# v14: uid<3 also matches the host's root, whose uid the namespace does
# not map.
# An unmapped user namespace as an anchor, mapped from the host; then
# its root (nsenter --user) mounts its securityfs and activates it.
mkfifo -m 600 "$tmp/anchor.up" "$tmp/anchor.go"
unshare --user --mount sh -c "echo >&9 && exec 9>&- && read x <$tmp/anchor.go" 9>"$tmp/anchor.up" &
mp=$!
read -r x <"$tmp/anchor.up" || echo "the anchor namespace did not start" | diag
is "the host's root maps the namespace's ids 0-65535 to host ids 100000-165535" \
	"$(echo 0 100000 65536 >/proc/$mp/uid_map && echo 0 100000 65536 >/proc/$mp/gid_map && echo OK)" OK
mapns() { nsenter -t "$mp" --user --mount sh -c "mount -t securityfs securityfs $sfs && $1"; }
hold map mapns "echo 1 >$ima/active"
is "the host's root writes euid=, egid> and uid< rules to it, and reads them back in host ids" \
	"$(nsenter -t "$held" --mount errno write $ima/policy "$audit euid=5
$audit egid>7
$audit uid<3
"; nsenter -t "$held" --mount cat $ima/policy)" "OK
$audit euid=100005 
$audit egid>100007 
$audit uid<100003 "
for i in 1 2 3 4 5 6 7 8 9; do
	cp /usr/bin/true "$tmp/x$i"
	echo "x$i" >>"$tmp/x$i"
done
# withids RUID EUID RGID EGID FILE, in the namespace: run FILE with those ids.
auditrd -o "$tmp/recs" -t INTEGRITY_RULE -- sh -c "
	nsenter -t $held --user --mount sh -c '
		withids() { setpriv --ruid=\$1 --euid=\$2 --rgid=\$3 --egid=\$4 --clear-groups \$5; }
		withids 5 5 5 5 $tmp/x1 && withids 6 5 6 6 $tmp/x2 && withids 5 6 6 6 $tmp/x3 &&
		withids 9 9 9 9 $tmp/x4 && withids 9 9 9 7 $tmp/x5 && withids 9 9 7 9 $tmp/x6 &&
		withids 2 2 2 2 $tmp/x7 && withids 3 3 3 3 $tmp/x8' &&
	nsenter -t $held --user --mount --preserve-credentials $tmp/x9"
rc=$?
release map
! kill -0 "$mp" 2>/dev/null || echo >"$tmp/anchor.go"
wait "$mp" || not_ok "the anchor namespace ended with status $?"
is "exactly the execs the rules name are audited, with their ids: euid=5 (not uid 5), egid>7 (not gid 9), uid<3, and the host's root (auditrd's status, then file uid gid euid egid)" \
	"$rc
$(grep -F "file=\"$tmp/x" "$tmp/recs" |
	sed -E 's/.* file="[^"]*\/(x[0-9])" .* uid=([0-9]+) gid=([0-9]+) euid=([0-9]+) suid=.* egid=([0-9]+) .*/\1 \2 \3 \4 \5/')" "0
x1 100005 100005 100005 100005
x2 100006 100006 100005 100006
x4 100009 100009 100009 100009
x6 100009 100007 100009 100009
x7 100002 100002 100002 100002
x9 0 0 0 0"

# Violations are the host's: a namespace does not measure, so a file read
# while open for writing (open_writers), or opened for writing while open
# for reading (ToMToU), in a namespace is a violation only where the
# host's policy measures the file, counted and recorded once, by the host.
# Here the host measures the files uid 4242 owns (v1, v2), and the
# namespace's own rule audits every read.
echo "measure func=FILE_CHECK mask=MAY_READ fowner=4242" >$ima/policy
echo v1 >"$tmp/v1"
echo v2 >"$tmp/v2"
chown 4242 "$tmp/v1" "$tmp/v2"
chmod 666 "$tmp/v1" "$tmp/v2"
hv=$(cat $ima/violations)
auditrd -o "$tmp/recs" -t INTEGRITY_RULE -t INTEGRITY_PCR -- unshare --user --map-root-user --mount sh -c "
	mount -t securityfs securityfs $sfs && echo 1 >$ima/active &&
	echo 'audit func=FILE_CHECK mask=MAY_READ' >$ima/policy &&
	exec 3>>$tmp/v1 && cat $tmp/v1 >/dev/null && exec 3>&- 4<$tmp/v2 && echo x >>$tmp/v2 && exec 4<&- &&
	cat $ima/violations" >"$tmp/out"
rc=$?
is "open_writers and ToMToU in a namespace: auditrd's status, the namespace's violations, the host's" \
	"$rc $(cat "$tmp/out") +$(($(cat $ima/violations) - hv))" "0 0 +2"
# violrecs: each rule record and violation record about v1 and v2 as
# "TYPE CAUSE FILE ns|host" (ns: it names the namespace whose rule it is).
violrecs() {
	grep -F "$tmp/v" "$tmp/recs" | awk '{
		t = $1; sub(/^type=/, "", t); c = "-"; p = ""; w = "host"
		for (i = 2; i <= NF; i++) {
			if ($i ~ /^cause=/) c = $i
			if ($i ~ /^(name|file)=/) { split($i, a, "\""); p = a[2] }
			if ($i ~ /^ima_userns=/) w = "ns"
		}
		if (t == "INTEGRITY_RULE" || c == "cause=open_writers" || c == "cause=ToMToU") print t, c, p, w
	}' | LC_ALL=C sort
}
is "each violation is recorded once, by the host; the namespace's rule audits each file once" "$(violrecs)" \
"INTEGRITY_PCR cause=ToMToU $tmp/v2 host
INTEGRITY_PCR cause=open_writers $tmp/v1 host
INTEGRITY_RULE - $tmp/v1 ns
INTEGRITY_RULE - $tmp/v2 ns"

# No informational records from a namespace; the host's are unchanged.
info="-t INTEGRITY_STATUS -t INTEGRITY_POLICY_RULE -t INTEGRITY_PCR -t INTEGRITY_DATA -t INTEGRITY_HASH"
# shellcheck disable=SC2086
auditrd -o "$tmp/recs" $info -- unshare --user --map-root-user --mount sh -c "
	mount -t securityfs securityfs $sfs; echo 1 >$ima/active
	errno write $ima/policy 'measure func=BOGUS
'; errno write $ima/policy 'measure func=MODULE_CHECK
'
	errno write $ima/policy '$rule'; errno write $ima/policy 'dont_measure uid=0
'; cat $ima/policy
	cat $ima/violations" >"$tmp/out"
rc=$?
is "a namespace's policy updates and refusals work as usual (auditrd's status, then the output)" "$rc $(cat "$tmp/out")" "0 EINVAL
EINVAL
OK
OK
$audit 
dont_measure uid=0 
0"
is "and send no INTEGRITY_STATUS, POLICY_RULE or other informational record" "$(cat "$tmp/recs")" ""
# shellcheck disable=SC2086
auditrd -o "$tmp/recs" $info -- sh -c "errno write $ima/policy 'measure func=BOGUS
'; errno write $ima/policy 'dont_measure fsmagic=0x1234
'" >"$tmp/out"
rc=$?
is "the host's own refusal and update send their records (auditrd's status, the output, the records)" \
	"$rc $(cat "$tmp/out")
$(audit_strip <"$tmp/recs" | sed -E 's/ pid=[0-9]+//')" \
"0 EINVAL
OK
type=INTEGRITY_POLICY_RULE action=measure func=BOGUS res=0
type=INTEGRITY_STATUS uid=0 auid=4294967295 ses=4294967295 subj=unconfined op=update_policy cause=invalid-policy comm=\"errno\" res=0 errno=0
type=INTEGRITY_STATUS uid=0 auid=4294967295 ses=4294967295 subj=unconfined op=policy_update cause=failed comm=\"errno\" res=0 errno=0
type=INTEGRITY_POLICY_RULE action=dont_measure fsmagic=0x1234 res=1
type=INTEGRITY_STATUS uid=0 auid=4294967295 ses=4294967295 subj=unconfined op=policy_update cause=completed comm=\"errno\" res=1 errno=0"
rm -rf "$tmp"
