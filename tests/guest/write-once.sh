#!/bin/sh
# Debian's IMA_WRITE_POLICY (off), on the ima-ns-debian kernel: the host's
# policy and each IMA namespace's are loaded once.  After the load the
# file, as mounted, loses its write bit, and a write open is EBUSY for
# anyone who may open it, EACCES for anyone else; a load that fails does
# not count; each namespace has its own one load, kept across an
# unmount; and the policy is still read back (CONFIG_IMA_NS selects
# IMA_READ_POLICY).
# imans under this setting: 08 runs its tests on this kernel too.
# Every expectation is exact.
. "$(dirname "$0")/tap.sh"
. "$(dirname "$0")/helpers.sh"
plan 6

sfs=/sys/kernel/security
ima=$sfs/ima
tmp=$(mktemp -d)
# uid 1000 writes there too.
chmod 1777 "$tmp"
nl='
'

is "the host: a refused policy, a load, then EBUSY for root and EACCES for uid 1000; mode 0600, then 0400" \
	"$(stat -c %a $ima/policy
	errno write $ima/policy "measure func=NOSUCH$nl"
	errno write $ima/policy "dont_measure fsmagic=0x1$nl"
	stat -c %a $ima/policy
	errno write $ima/policy "dont_measure fsmagic=0x2$nl"
	runas 1000 errno write $ima/policy "dont_measure fsmagic=0x2$nl"
	cat $ima/policy)" \
"600
EINVAL
OK
400
EBUSY
EACCES
dont_measure fsmagic=0x1 "

is "a namespace of uid 1000: a refused rule, a load of two rules in two writes of one open, then EBUSY for its root" \
	"$(userns "echo 1 >$ima/active
	stat -c %a $ima/policy
	errno write $ima/policy 'measure func=MODULE_CHECK$nl'
	{ echo dont_measure fsmagic=0x3 && echo dont_appraise fsmagic=0x4; } >$ima/policy && echo OK
	stat -c %a $ima/policy
	errno write $ima/policy 'dont_measure fsmagic=0x5$nl'
	cat $ima/policy")" \
"600
EINVAL
OK
400
EBUSY
dont_measure fsmagic=0x3 
dont_appraise fsmagic=0x4 "

# Each namespace has its own load: two alive at once, the second loads
# after the first has.
hold first userns "echo 1 >$ima/active && echo dont_measure fsmagic=0x6 >$ima/policy"
is "a second namespace loads after the first has loaded, and only once" \
	"$(userns "echo 1 >$ima/active
	errno write $ima/policy 'dont_measure fsmagic=0x7$nl'
	errno write $ima/policy 'dont_measure fsmagic=0x8$nl'
	cat $ima/policy")" \
"OK
EBUSY
dont_measure fsmagic=0x7 "
is "and the first still has its own policy, still loaded once" \
	"$(nsenter -t "$held" -U -m sh -c "cat $ima/policy; errno write $ima/policy 'dont_measure fsmagic=0x9$nl'" 2>&1)" \
"dont_measure fsmagic=0x6 
EBUSY"
release first

is "unmounted and mounted again, a namespace's policy is still loaded: mode 0400, EBUSY" \
	"$(rootns "echo 1 >$ima/active && echo dont_measure fsmagic=0xa >$ima/policy &&
	umount $sfs && mount -t securityfs securityfs $sfs &&
	stat -c %a $ima/policy &&
	errno write $ima/policy 'dont_measure fsmagic=0xb$nl'; cat $ima/policy")" \
"400
EBUSY
dont_measure fsmagic=0xa "

is "the host's root, writing into a namespace it created, has one load there too" \
	"$(rootns "echo 1 >$ima/active
	errno write $ima/policy 'audit func=BPRM_CHECK uid=0$nl'
	errno write $ima/policy 'audit func=BPRM_CHECK uid=1$nl'
	cat $ima/policy")" \
"OK
EBUSY
audit func=BPRM_CHECK uid=0 "
