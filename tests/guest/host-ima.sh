#!/bin/sh
# The host's IMA, seen from a guest booted with ima_policy=tcb: the boot
# policy, a malformed rule, a custom policy replacing the boot one, the
# audit records, the measurement lists and the violations counter.  Every
# expectation is exact; the suite runs on stock and ima-ns alike, so both
# must behave the same, but for one bug of stock's that the series fixes:
# stock shows an id of 2^31 or more in a rule as a negative number, which
# cannot be written back (IMA_TEST_KERNEL=stock expects stock's output).
. "$(dirname "$0")/tap.sh"
. "$(dirname "$0")/helpers.sh"
plan 14

ima=/sys/kernel/security/ima
bin=/tmp/imatest
sh=$(readlink -f /bin/sh)
shsha=$(sha256sum "$sh" | cut -d' ' -f1)

# ima_policy=tcb, as the kernel shows it.
tcb="dont_measure fsmagic=0x9fa0 
dont_measure fsmagic=0x62656572 
dont_measure fsmagic=0x64626720 
dont_measure fsmagic=0x1021994 
dont_measure fsmagic=0x1cd1 
dont_measure fsmagic=0x42494e4d 
dont_measure fsmagic=0x73636673 
dont_measure fsmagic=0xf97cff8c 
dont_measure fsmagic=0x43415d53 
dont_measure fsmagic=0x27e0eb 
dont_measure fsmagic=0x63677270 
dont_measure fsmagic=0x6e736673 
dont_measure fsmagic=0xde5e81e4 
measure func=MMAP_CHECK mask=MAY_EXEC 
measure func=BPRM_CHECK mask=MAY_EXEC 
measure func=FILE_CHECK mask=^MAY_READ euid=0 
measure func=FILE_CHECK mask=^MAY_READ uid=0 
measure func=MODULE_CHECK 
measure func=FIRMWARE_CHECK 
measure func=POLICY_CHECK 
OK"
is "the boot policy (ima_policy=tcb) reads back" "$(errno read $ima/policy)" "$tcb"

auditrd -o /tmp/recs -t INTEGRITY_STATUS -- \
	sh -c 'echo $$ >/tmp/pid; exec errno write '$ima'/policy "measure func=BOGUS"' >/tmp/out
pid=$(cat /tmp/pid)
is "a malformed rule is refused with EINVAL" "$(cat /tmp/out)" "EINVAL"
is "a malformed rule is audited" "$(audit_strip </tmp/recs)" \
"type=INTEGRITY_STATUS pid=$pid uid=0 auid=4294967295 ses=4294967295 subj=unconfined op=update_policy cause=invalid-policy comm=\"errno\" res=0 errno=0
type=INTEGRITY_STATUS pid=$pid uid=0 auid=4294967295 ses=4294967295 subj=unconfined op=policy_update cause=failed comm=\"errno\" res=0 errno=0"
is "a refused update leaves the policy as it was" "$(errno read $ima/policy)" "$tcb"

custom="measure func=BPRM_CHECK mask=MAY_EXEC uid=4242
audit func=BPRM_CHECK mask=MAY_EXEC uid=4242
measure func=FILE_CHECK mask=MAY_READ uid=4243
"
is "a custom policy is accepted" "$(errno write $ima/policy "$custom")" OK
is "the custom policy replaces the boot policy" "$(errno read $ima/policy)" \
"measure func=BPRM_CHECK mask=MAY_EXEC uid=4242 
audit func=BPRM_CHECK mask=MAY_EXEC uid=4242 
measure func=FILE_CHECK mask=MAY_READ uid=4243 
OK"

# Made now, so that only the exec below can have measured it.
cp /usr/bin/true $bin
sha=$(sha256sum $bin | cut -d' ' -f1)
rm -f /tmp/pid
# The custom policy measures nothing that root does: only the exec below
# adds to the list.
count0=$(cat $ima/runtime_measurements_count)
lines0=$(wc -l <$ima/ascii_runtime_measurements)
auditrd -o /tmp/recs -t INTEGRITY_RULE -- runas 4242 \
	sh -c 'echo $PPID $$ >/tmp/pid; exec /tmp/imatest'
read -r ppid pid </tmp/pid
ids="auid=4294967295 uid=4242 gid=4242 euid=4242 suid=4242 fsuid=4242 egid=4242 sgid=4242 fsgid=4242 tty=(none) ses=4294967295"
is "exactly the execs by uid 4242 are audited, with their sha256" "$(audit_strip </tmp/recs)" \
"type=INTEGRITY_RULE file=\"$sh\" hash=\"sha256:$shsha\" ppid=$ppid pid=$pid $ids comm=\"runas\" exe=\"$(readlink -f "$(command -v runas)")\" subj=unconfined
type=INTEGRITY_RULE file=\"$bin\" hash=\"sha256:$sha\" ppid=$ppid pid=$pid $ids comm=\"sh\" exe=\"$sh\" subj=unconfined"

cat $ima/ascii_runtime_measurements >/tmp/ascii
cat $ima/binary_runtime_measurements >/tmp/binary
is "the exec added one entry to the ascii list: the executed file with its sha256" \
	"$(tail -n +$((lines0 + 1)) /tmp/ascii | sed -E 's/^10 [0-9a-f]{40} /10 TDIGEST /')" \
	"10 TDIGEST ima-sig sha256:$sha $bin "
is "runtime_measurements_count went up by one, and counts the list" \
	"$(cat $ima/runtime_measurements_count) $(wc -l </tmp/ascii)" "$((count0 + 1)) $((lines0 + 1))"
is "the binary list, parsed entry by entry (every template digest checked), is the ascii list" \
	"$("$(dirname "$0")/imalist.py" /tmp/binary; echo "status $?")" "$(cat /tmp/ascii; echo "status 0")"

before=$(cat $ima/violations)
: >/tmp/vfile
chmod 666 /tmp/vfile
runas 4243 sh -c 'exec 3>>/tmp/vfile; cat /tmp/vfile'
is "reading a file open for writing counts one violation" \
	"$(cat $ima/violations)" $((before + 1))
is "the violation is in the list with a zero digest" \
	"$(grep -c " ima-sig sha256:0000000000000000000000000000000000000000000000000000000000000000 /tmp/vfile \$" $ima/ascii_runtime_measurements)" 1

# Ids of 2^31 and more are valid; a rule naming them must read back as it
# was written, and what is read back must be accepted again.
big="audit func=FILE_CHECK mask=MAY_READ uid=3000000000 fowner=4294967294"
shown="$big"
rewrite=OK
if [ "${IMA_TEST_KERNEL:-}" = stock ]; then
	shown="audit func=FILE_CHECK mask=MAY_READ uid=-1294967296 fowner=-2"
	rewrite=EINVAL
fi
errno write $ima/policy "$big
" >/tmp/out
is "a rule naming uids of 2^31 and more reads back as written" \
	"$(cat /tmp/out; errno read $ima/policy | tail -n 2)" "OK
$shown 
OK"
is "the rule read back is accepted again" \
	"$(errno write $ima/policy "$(errno read $ima/policy | tail -n 2 | head -n 1)
")" "$rewrite"
