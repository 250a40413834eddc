#!/bin/sh
# The host's IMA, seen from a guest: an audit rule written to the policy
# file makes the exec of a file produce exactly one INTEGRITY_RULE record
# with the file's sha256.
. "$(dirname "$0")/tap.sh"
plan 3

ima=/sys/kernel/security/ima
bin=/tmp/imatest
cp /usr/bin/true $bin

echo 'audit func=BPRM_CHECK mask=MAY_EXEC uid=4242' >$ima/policy
is "an audit rule is accepted" "$?" 0

sha=$(sha256sum $bin | cut -d' ' -f1)
auditrd -o /tmp/recs -t INTEGRITY_RULE -- setpriv --reuid=4242 --regid=4242 --clear-groups \
	sh -c 'echo $PPID $$ >/tmp/pid; exec /tmp/imatest'
is "auditrd and the command succeed" "$?" 0
recs=$(audit_strip </tmp/recs)
read -r ppid pid </tmp/pid
sh=$(readlink -f /bin/sh)
ids="auid=4294967295 uid=4242 gid=4242 euid=4242 suid=4242 fsuid=4242 egid=4242 sgid=4242 fsgid=4242 tty=(none) ses=4294967295"
is "exactly the execs by uid 4242 are audited, with their sha256" "$recs" \
"type=INTEGRITY_RULE file=\"$sh\" hash=\"sha256:$(sha256sum "$sh" | cut -d' ' -f1)\" ppid=$ppid pid=$pid $ids comm=\"setpriv\" exe=\"/usr/bin/setpriv\"
type=INTEGRITY_RULE file=\"$bin\" hash=\"sha256:$sha\" ppid=$ppid pid=$pid $ids comm=\"sh\" exe=\"$sh\""
