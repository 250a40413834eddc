#!/bin/sh
# An IMA namespace's interface, from a guest on the ima-ns kernel booted
# with integrity_audit=1 and no IMA policy: the files of a fresh
# namespace's securityfs, activation, which rules a namespace accepts and
# from whom, the rule limit, how ids in rules read, and that a namespace
# sends no informational audit records.  Every expectation is exact.
. "$(dirname "$0")/tap.sh"
plan 34

sfs=/sys/kernel/security
ima=$sfs/ima
tmp=$(mktemp -d)
# uid 1000 writes there too.
chmod 1777 "$tmp"
asuser() { setpriv --reuid=1000 --regid=1000 --clear-groups "$@"; }
# userns CMD: sh -c CMD as uid 1000 become root of a new user and mount
# namespace, with the namespace's own securityfs mounted on $sfs.
userns() {
	asuser unshare --user --map-root-user --mount \
		sh -c "mount -t securityfs securityfs $sfs && $1"
}
# rootns CMD: the same for the host's root (root mapped to root).
rootns() {
	unshare --user --map-root-user --mount \
		sh -c "mount -t securityfs securityfs $sfs && $1"
}
# hold NAME userns|rootns CMD: run CMD in the background in a namespace
# made by userns or rootns; CMD must end by waiting on $tmp/NAME.go.
# Returns once CMD wrote its pid to $tmp/NAME.ready, and sets $held to it.
hold() {
	mkfifo -m 666 "$tmp/$1.ready" "$tmp/$1.go"
	$2 "$3" &
	read -r held <"$tmp/$1.ready"
}
release() { echo >"$tmp/$1.go"; wait; }

is "a fresh namespace's securityfs holds IMA's files only, with v14's modes" \
	"$(userns "cd $sfs && find . -printf '%M %U %G %p\n' | sort -k4")" \
"drwxr-xr-x 0 0 .
lr--r--r-- 0 0 ./ima
drwxr-xr-x 0 0 ./integrity
drwxr-xr-x 0 0 ./integrity/ima
-rw-r----- 0 0 ./integrity/ima/active
-r--r----- 0 0 ./integrity/ima/ascii_runtime_measurements
-r--r----- 0 0 ./integrity/ima/binary_runtime_measurements
-rw------- 0 0 ./integrity/ima/policy
-r--r----- 0 0 ./integrity/ima/runtime_measurements_count
-r--r----- 0 0 ./integrity/ima/violations"
is "ima links to integrity/ima" "$(userns "readlink $ima")" "integrity/ima"

files="ascii_runtime_measurements binary_runtime_measurements policy runtime_measurements_count violations"
is "before activation every file but active answers EACCES" \
	"$(userns "for f in $files; do echo \$f \$(errno open $ima/\$f); done; errno open $ima/policy w")" \
"ascii_runtime_measurements EACCES
binary_runtime_measurements EACCES
policy EACCES
runtime_measurements_count EACCES
violations EACCES
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
is "once active, the files open and the lists are empty" \
	"$(userns "echo 1 >$ima/active && for f in $files; do echo \$f \$(wc -c <$ima/\$f); done; cat $ima/violations $ima/runtime_measurements_count")" \
"ascii_runtime_measurements 0
binary_runtime_measurements 0
policy 0
runtime_measurements_count 2
violations 2
0
0"

# Which rules a namespace takes.  The host's root may set audit rules, so
# what is refused here is refused for what it is.
is "measure, appraise and hash rules are EINVAL; dont_* rules are accepted" \
	"$(rootns "echo 1 >$ima/active; for r in 'measure func=BPRM_CHECK' 'appraise func=BPRM_CHECK' 'hash func=FILE_CHECK' \
		'dont_measure fsmagic=0x9fa0' 'dont_appraise fsmagic=0x9fa0' 'dont_hash fsmagic=0x9fa0'; do
		echo \$r: \$(errno write $ima/policy \"\$r
\"); done; cat $ima/policy")" \
"measure func=BPRM_CHECK: EINVAL
appraise func=BPRM_CHECK: EINVAL
hash func=FILE_CHECK: EINVAL
dont_measure fsmagic=0x9fa0: OK
dont_appraise fsmagic=0x9fa0: OK
dont_hash fsmagic=0x9fa0: OK
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
hold root rootns "echo 1 >$ima/active; echo \$\$ >$tmp/root.ready; read x <$tmp/root.go"
is "the host's root entering a namespace it created with nsenter sets an audit rule" \
	"$(nsenter -t "$held" --user --mount errno write $ima/policy "$rule")" OK
release root
hold user userns "echo 1 >$ima/active; echo \$\$ >$tmp/user.ready; read x <$tmp/user.go"
is "the host's root entering only the mount namespace of uid 1000's namespace sets an audit rule there" \
	"$(nsenter -t "$held" --mount errno write $ima/policy "$rule")" OK
is "entering its user namespace too, as its root (host uid 1000), it gets EPERM" \
	"$(nsenter -t "$held" --user --mount errno write $ima/policy "$rule")" EPERM
is "uid 1000 entering its own namespace gets EPERM" \
	"$(asuser nsenter -t "$held" --user --mount --preserve-credentials errno write $ima/policy "$rule")" EPERM
is "the policy holds the one rule the host's root set" \
	"$(nsenter -t "$held" --mount cat $ima/policy)" "$audit "
release user

# Opener and writer: both must be the host's audit administrator.  A policy
# file opened by one and written by the other, through pidfd_getfd() or an
# inherited descriptor, is EPERM; written by its opener, it is not.
hold fd userns "echo 1 >$ima/active; exec 3>$ima/policy; echo \$\$ >$tmp/fd.ready; read x <$tmp/fd.go"
is "a policy file opened by the namespace's root (host uid 1000), written by the host's root: EPERM" \
	"$(errno writefd "$held" 3 "$rule")" EPERM
release fd
hold fd2 userns "echo 1 >$ima/active; echo \$\$ >$tmp/fd2.ready; read x <$tmp/fd2.go"
is "opened by the host's root and written by uid 1000: EPERM; written by the host's root: accepted" \
	"$(nsenter -t "$held" --mount sh -c "exec 3>$ima/policy; setpriv --reuid=1000 --regid=1000 --clear-groups errno writefd 3 '$rule'"
	nsenter -t "$held" --mount sh -c "exec 3>$ima/policy; errno writefd 3 '$rule'")" "EPERM
OK"
release fd2

# Ids in a rule are read in the user namespace that owns the policy,
# whoever writes the rule (as in v14), and shown in the reader's.
idrule="audit func=BPRM_CHECK mask=MAY_EXEC uid=0 gid=0 fowner=0 fgroup=0"
hold own userns "echo 1 >$ima/active; echo \$\$ >$tmp/own.ready; read x <$tmp/own.go"
is "the host's root, entering only the mount namespace, writes uid=0 (accepted) and uid=1, unmapped there (EINVAL)" \
	"$(nsenter -t "$held" --mount errno write $ima/policy "$idrule
"; nsenter -t "$held" --mount errno write $ima/policy "audit func=BPRM_CHECK uid=1
")" "OK
EINVAL"
is "the rule names the namespace's root: the host reads host uid 1000" \
	"$(nsenter -t "$held" --mount cat $ima/policy)" \
	"audit func=BPRM_CHECK mask=MAY_EXEC uid=1000 gid=1000 fowner=1000 fgroup=1000 "
is "the namespace's root reads it as the host's root wrote it" \
	"$(asuser nsenter -t "$held" --user --mount --preserve-credentials cat $ima/policy)" "$idrule "
is "the host's root entering the user namespace too, as the namespace's root, writes uid=0: the same id" \
	"$(nsenter -t "$held" --user --mount errno write $ima/policy "dont_measure uid=0
"; nsenter -t "$held" --mount sed -n 2p $ima/policy)" "OK
dont_measure uid=1000 "
release own
# Opened by the namespace's root, written by the host's root (pidfd_getfd):
# uid=0 is still the namespace's root, not the writer's.
mkfifo -m 666 "$tmp/w.closed" "$tmp/w.go2"
hold w userns "echo 1 >$ima/active; exec 3>$ima/policy; echo \$\$ >$tmp/w.ready; read x <$tmp/w.go
	exec 3>&-; echo >$tmp/w.closed; read x <$tmp/w.go2"
is "a rule with uid=0 written by the host's root to a policy file the namespace's root opened names the namespace's root" \
	"$(errno writefd "$held" 3 "dont_measure uid=0
"; echo >"$tmp/w.go"; read -r x <"$tmp/w.closed"; nsenter -t "$held" --mount cat $ima/policy)" "OK
dont_measure uid=1000 "
echo >"$tmp/w.go2"
wait

# 1024 rules at most: the 1025th is ENOSPC and the first 1024 stay.
i=1 rules=
while [ $i -le 1024 ]; do
	rules="${rules}dont_measure fsmagic=$i
"
	i=$((i + 1))
done
is "a namespace takes 1024 rules; the 1025th is ENOSPC and the 1024 stay in force" \
	"$(userns "echo 1 >$ima/active; errno write $ima/policy '$rules'; errno write $ima/policy 'dont_measure fsmagic=1025
'
		errno write $ima/policy 'dont_measure fsmagic=1025
'; wc -l <$ima/policy; sed -n '1p;\$p' $ima/policy")" \
"OK
ENOSPC
ENOSPC
1024
dont_measure fsmagic=0x1 
dont_measure fsmagic=0x1024 "

# From inside: ids are read and shown in the namespace's user namespace.
ids="dont_measure uid=0 gid=0 fowner=0 fgroup=0"
hold ids userns "echo 1 >$ima/active; { errno write $ima/policy '$ids
'; errno write $ima/policy 'dont_measure uid=1
'
	cat $ima/policy; } >$tmp/ids.out; echo \$\$ >$tmp/ids.ready; read x <$tmp/ids.go"
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

# No informational records from a namespace; the host's are unchanged.
info="-t INTEGRITY_STATUS -t INTEGRITY_POLICY_RULE -t INTEGRITY_PCR -t INTEGRITY_DATA -t INTEGRITY_HASH"
# shellcheck disable=SC2086
auditrd -o "$tmp/recs" $info -- unshare --user --map-root-user --mount sh -c "
	mount -t securityfs securityfs $sfs; echo 1 >$ima/active
	errno write $ima/policy 'measure func=BOGUS
'; errno write $ima/policy 'measure func=BPRM_CHECK
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
$(sed -E 's/ msg=audit\([0-9.:]+\)://; s/ pid=[0-9]+//' "$tmp/recs")" \
"0 EINVAL
OK
type=INTEGRITY_POLICY_RULE action=measure func=BOGUS res=0
type=INTEGRITY_STATUS uid=0 auid=4294967295 ses=4294967295 op=update_policy cause=invalid-policy comm=\"errno\" res=0 errno=0
type=INTEGRITY_STATUS uid=0 auid=4294967295 ses=4294967295 op=policy_update cause=failed comm=\"errno\" res=0 errno=0
type=INTEGRITY_POLICY_RULE action=dont_measure fsmagic=0x1234 res=1
type=INTEGRITY_STATUS uid=0 auid=4294967295 ses=4294967295 op=policy_update cause=completed comm=\"errno\" res=1 errno=0"
rm -rf "$tmp"
