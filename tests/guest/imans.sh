#!/bin/sh
# imans, every option and every failure path, from a guest on the ima-ns
# kernel.  Exact output and exit status for each.
. "$(dirname "$0")/tap.sh"
. "$(dirname "$0")/helpers.sh"
plan 48

tmp=$(mktemp -d)
chmod 755 "$tmp"
sfs=/sys/kernel/security
audit="audit func=BPRM_CHECK mask=MAY_EXEC"
usage="usage: imans [--hash ALGO] [--template NAME] [--rule RULE]... [--measure CONDS]...
             [--policy FILE] [--map-root | --map-auto] [--root DIR] [--pid] -- CMD [ARGS]
       imans list PID
       imans replay FILE [PCRS]"
# with_status CMD...: its output (stdout and stderr) and then "status N".
with_status() {
	"$@" 2>&1
	echo "status $?"
}

is "uid 1000: root of a user namespace mapped to itself, with an active IMA namespace" \
	"$(with_status runas 1000 imans -- sh -c "id -u; cat $sfs/ima/active; cat /proc/self/uid_map" | tr -s ' ')" \
"0
1
 0 1000 1
status 0"
is "--map-root is the default" \
	"$(with_status runas 1000 imans --map-root -- cat /proc/self/uid_map | tr -s ' ')" " 0 1000 1
status 0"

cp /usr/bin/true "$tmp/f"
auditrd -o "$tmp/recs" -t INTEGRITY_RULE -- imans --rule "$audit" -- sh -c "cat $sfs/ima/policy; $tmp/f" >"$tmp/out"
is "the host's root loads an audit rule with --rule" "$(cat "$tmp/out")" "$audit "
is "and the namespace audits the exec" "$(grep -cF "file=\"$tmp/f\" " "$tmp/recs")" 1
# --measure CONDS: the rule "measure CONDS", in order with --rule, from
# any user: the program's entry in the namespace's own list, its
# template and digest (ima-ng, sha256).
mkdir "$tmp/u" && chown 1000 "$tmp/u" && runas 1000 cp "$tmp/f" "$tmp/u/g" ||
	echo "cannot copy $tmp/f for uid 1000" | diag
is "uid 1000 measures the exec of its program with --measure, in order with --rule" \
	"$(with_status runas 1000 imans --rule 'dont_measure fsmagic=0x9fa0' --measure 'func=BPRM_CHECK fowner=0' -- \
		sh -c "cat $sfs/ima/policy; $tmp/u/g; grep ' $tmp/u/g\$' $sfs/ima/ascii_runtime_measurements | cut -d' ' -f3-4")" \
"dont_measure fsmagic=0x9fa0 
measure func=BPRM_CHECK fowner=0 
ima-ng sha256:$(sha256sum <"$tmp/f" | cut -d' ' -f1)
status 0"
is "--measure with no hook is EINVAL, explained" "$(with_status runas 1000 imans --measure 'mask=MAY_EXEC' -- true)" \
"imans: rule: measure mask=MAY_EXEC: EINVAL (Invalid argument): the rule is malformed, or not allowed in a namespace: only measure rules for BPRM_CHECK, MMAP_CHECK, FILE_CHECK and CREDS_CHECK, audit and dont_* rules are, and ids must be mapped in the namespace
status 125"
is "--measure with nothing is a usage error" "$(with_status imans --measure '' -- true)" "$usage
status 2"
is "an audit rule from uid 1000 is EPERM, explained" "$(with_status runas 1000 imans --rule "$audit" -- true)" \
"imans: rule: $audit: EPERM (Operation not permitted): only host root with CAP_AUDIT_WRITE may set audit rules in a namespace
status 125"
is "a measure rule for a hook a namespace cannot own is EINVAL, explained" "$(with_status imans --rule 'measure func=MODULE_CHECK' -- true)" \
"imans: rule: measure func=MODULE_CHECK: EINVAL (Invalid argument): the rule is malformed, or not allowed in a namespace: only measure rules for BPRM_CHECK, MMAP_CHECK, FILE_CHECK and CREDS_CHECK, audit and dont_* rules are, and ids must be mapped in the namespace
status 125"

is "two --rule options load both rules, in order" \
	"$(with_status imans --rule 'dont_measure fsmagic=0x9fa0' --rule 'dont_appraise fsmagic=0x1021994' -- cat $sfs/ima/policy)" \
"dont_measure fsmagic=0x9fa0 
dont_appraise fsmagic=0x1021994 
status 0"

printf 'dont_measure fsmagic=0x1021994\n%s' "$audit" >"$tmp/policy"
is "--policy loads a file's rules, after the --rule ones, the last line without its newline too" \
	"$(with_status imans --rule 'dont_measure fsmagic=0x9fa0' --policy "$tmp/policy" -- cat $sfs/ima/policy)" \
"dont_measure fsmagic=0x9fa0 
dont_measure fsmagic=0x1021994 
$audit 
status 0"
is "--policy of a missing file" "$(with_status imans --policy /nonexistent -- true)" \
"imans: policy: /nonexistent: ENOENT (No such file or directory)
status 125"
seq 1025 | sed 's/^/dont_measure fsmagic=/' >"$tmp/big"
is "--policy of 1025 rules is ENOSPC, explained" "$(with_status runas 1000 imans --policy "$tmp/big" -- true)" \
"imans: policy: $tmp/big: ENOSPC (No space left on device): a namespace holds at most 1024 rules
status 125"

set --
for i in $(seq 1025); do set -- "$@" --rule "dont_measure fsmagic=$i"; done
is "--rule given 1025 times is a usage error: a namespace holds 1024 rules" "$(with_status runas 1000 imans "$@" -- true)" \
"imans: more than 1024 rules
$usage
status 2"
is "a rule naming a uid the namespace does not map is EINVAL, explained" \
	"$(with_status runas 1000 imans --rule 'dont_measure uid=1' -- true)" \
"imans: rule: dont_measure uid=1: EINVAL (Invalid argument): the rule is malformed, or not allowed in a namespace: only measure rules for BPRM_CHECK, MMAP_CHECK, FILE_CHECK and CREDS_CHECK, audit and dont_* rules are, and ids must be mapped in the namespace
status 125"
printf 'dont_measure fsmagic=0x1\nmeasure func=MODULE_CHECK\n' >"$tmp/bad"
is "--policy with a measure rule for MODULE_CHECK is EINVAL, explained" "$(with_status runas 1000 imans --policy "$tmp/bad" -- true)" \
"imans: policy: $tmp/bad: EINVAL (Invalid argument): a rule in the file is malformed, or not allowed in a namespace: only measure rules for BPRM_CHECK, MMAP_CHECK, FILE_CHECK and CREDS_CHECK, audit and dont_* rules are, and ids must be mapped in the namespace
status 125"
echo "$audit" >"$tmp/auditpolicy"
is "--policy with an audit rule, from uid 1000, is EPERM, explained" \
	"$(with_status runas 1000 imans --policy "$tmp/auditpolicy" -- true)" \
"imans: policy: $tmp/auditpolicy: EPERM (Operation not permitted): only host root with CAP_AUDIT_WRITE may set audit rules in a namespace
status 125"
enospc="imans: user namespace: ENOSPC (No space left on device): too many user namespaces: they nest at most 33 levels below the host's (a 34th fails), and sysctl user.max_user_namespaces limits their number
status 125"
is "a user namespace 34 levels down is ENOSPC, explained" "$(with_status runas 1000 nest 33 -- imans -- true)" "$enospc"
max=$(cat /proc/sys/user/max_user_namespaces)
clone=$(cat /proc/sys/kernel/unprivileged_userns_clone)
is "with user.max_user_namespaces 0, ENOSPC at the first level" \
	"$(echo 0 >/proc/sys/user/max_user_namespaces && with_status runas 1000 imans -- true; echo "$max" >/proc/sys/user/max_user_namespaces)" "$enospc"
is "with Debian's kernel.unprivileged_userns_clone 0, EPERM for uid 1000, explained" \
	"$(echo 0 >/proc/sys/kernel/unprivileged_userns_clone && with_status runas 1000 imans -- true; echo "$clone" >/proc/sys/kernel/unprivileged_userns_clone)" \
"imans: user namespace: EPERM (Operation not permitted): user namespaces are disabled for unprivileged users (sysctl kernel.unprivileged_userns_clone on Debian's kernels, or a container that forbids them)
status 125"
is "both sysctls are back as they were" \
	"$(cat /proc/sys/user/max_user_namespaces /proc/sys/kernel/unprivileged_userns_clone)" "$max
$clone"

# --hash and --template (the kernel's side: tests/guest/ima-ns-config.sh).
is "uid 1000: --hash and --template choose before activation, the template ima after sha1" \
	"$(with_status runas 1000 imans --template ima --hash sha1 -- cat $sfs/ima/hash $sfs/ima/template_name $sfs/ima/active)" \
"sha1
ima
1
status 0"
is "--hash of an algorithm the kernel does not have is EINVAL, explained" \
	"$(with_status runas 1000 imans --hash sm3 -- true)" \
"imans: hash: sm3: EINVAL (Invalid argument): the kernel has no such algorithm (a namespace never has a module loaded: the host's root may load it), or the template ima takes SHA1 and MD5 only
status 125"
is "--template of a name that is no built-in template's is EINVAL, explained" \
	"$(with_status runas 1000 imans --template d-ng\|n-ng -- true)" \
"imans: template: d-ng|n-ng: EINVAL (Invalid argument): not the name of a built-in template (ima, ima-ng, ima-sig, ...), or the template ima with an algorithm other than SHA1 and MD5
status 125"
is "--template ima with the host's sha256 is EINVAL, explained" \
	"$(with_status runas 1000 imans --template ima -- true)" \
"imans: template: ima: EINVAL (Invalid argument): not the name of a built-in template (ima, ima-ng, ima-sig, ...), or the template ima with an algorithm other than SHA1 and MD5
status 125"
is "an empty --hash or --template is a usage error" \
	"$(with_status imans --hash '' -- true; with_status imans --template '' -- true)" \
"$usage
status 2
$usage
status 2"

# imans list PID, from the host, of namespaces held (helpers.sh's hold)
# by uid 1000: one made by imans with the template ima-ns; one with
# securityfs mounted, not activated; two whose root mounts a tmpfs on
# /sys/kernel/security instead, laid out as securityfs is (ima a link to
# integrity/ima), with a symbolic link to /etc/shadow in the place of the
# list, or in the place of integrity/.
mkdir -p "$tmp/u"
chown 1000 "$tmp/u"
imans_ns() { runas 1000 imans --template ima-ns -- sh -c "$1"; }
forged() {
	userns "mount -t tmpfs tmpfs $sfs && mkdir -p $sfs/integrity/ima &&
		ln -s integrity/ima $sfs/ima && $1"
}
hold a imans_ns "cat $sfs/ima/ascii_runtime_measurements $sfs/ima/nsid >$tmp/u/inside"
a=$held
hold i userns :
i=$held
hold f forged "ln -s /etc/shadow $sfs/integrity/ima/ascii_runtime_measurements &&
	: >$sfs/integrity/ima/active"
f=$held
hold l forged "rm -r $sfs/integrity && ln -s /etc $sfs/integrity"
l=$held
as1000=$(with_status runas 1000 imans list "$a")
asroot=$(with_status imans list "$a")
as2000=$(with_status runas 2000 imans list "$a")
inactive=$(with_status imans list "$i")
host=$(with_status imans list $$)
tmpfs=$(with_status imans list "$f")
link=$(with_status imans list "$l")
for n in a i f l; do release $n; done
id=$(tail -n 1 "$tmp/u/inside")
list=$(head -n 1 "$tmp/u/inside")
is "a namespace's list, read inside: one boot_aggregate in its template, zero digest, its id" \
	"$(echo "$list" | grep -cE "^10 [0-9a-f]{40} ima-ns sha256:0{64} boot_aggregate $id\$")" 1
is "imans list PID: the same list, as the user who started it and as the host's root" \
	"$as1000
$asroot" "$list
status 0
$list
status 0"
is "imans list PID as another user, who may not trace PID, is EACCES, explained" "$as2000" \
"imans: list: /proc/$a/root: EACCES (Permission denied): its IMA namespace is not active, or you may not read it: reading /proc/PID/root needs the right to trace PID, and only the namespace's root and the users owning the namespaces above it may read its list
status 125"
is "imans list PID of an inactive namespace is EACCES, explained; of no process ENOENT, explained" \
	"$inactive
$(with_status imans list 999999999)" \
"imans: list: /proc/$i/root$sfs/integrity/ima/ascii_runtime_measurements: EACCES (Permission denied): its IMA namespace is not active, or you may not read it: reading /proc/PID/root needs the right to trace PID, and only the namespace's root and the users owning the namespaces above it may read its list
status 125
imans: list: /proc/999999999/root: ENOENT (No such file or directory): no such process, or no IMA namespace's securityfs mounted on $sfs in its mount namespace (the host's has no active file)
status 125"
is "imans list PID of a process that sees the host's securityfs is refused: the host's instance has no active file" "$host" \
"imans: list: /proc/$$/root$sfs/integrity/ima/active: ENOENT (No such file or directory): no such process, or no IMA namespace's securityfs mounted on $sfs in its mount namespace (the host's has no active file)
status 125"
is "a container's tmpfs with a link to /etc/shadow as its list, or a link on the way, is refused, explained" \
	"$tmpfs
$link" \
"imans: list: /proc/$f/root$sfs/integrity/ima: not securityfs: ENOENT (No such file or directory): no such process, or no IMA namespace's securityfs mounted on $sfs in its mount namespace (the host's has no active file)
status 125
imans: list: /proc/$l/root$sfs/integrity/ima: ELOOP (Too many levels of symbolic links): a symbolic link on the way, which imans does not follow: PID's root decides where it points
status 125"
is "imans list with no PID, a PID 0 or a PID that is no number is a usage error" \
	"$(with_status imans list; with_status imans list 0; with_status imans list 1x)" "$usage
status 2
$usage
status 2
$usage
status 2"

# imans replay's failures (ima-ns-pcrs.sh checks what it replays).
printf 'sha256 10 0x\n' >"$tmp/bad.pcrs" && printf 'sha1 10 %0130d\n' 0 >"$tmp/long.pcrs" && printf 'bogus 10 00\n' >"$tmp/bogus.pcrs" &&
	echo "sha1 10 $(printf %040d 0)" >"$tmp/ok.pcrs" && printf '\n\0\0\0' >"$tmp/short.bin" ||
	echo "cannot make the files for imans replay" | diag
is "imans replay: a usage error without FILE or with a third argument; a missing file, a malformed PCRS line, a digest of 130 characters (which overflowed its buffer by one byte, found by review), an algorithm libcrypto lacks, a list that ends inside an entry are reported, status 125" \
	"$(with_status imans replay; with_status imans replay a b c
	with_status imans replay "$tmp/none/list"
	with_status imans replay "$tmp/short.bin" "$tmp/bad.pcrs"
	with_status imans replay "$tmp/short.bin" "$tmp/long.pcrs"
	with_status imans replay "$tmp/short.bin" "$tmp/bogus.pcrs"
	with_status imans replay "$tmp/short.bin" "$tmp/ok.pcrs")" "$usage
status 2
$usage
status 2
imans: replay: $tmp/none/runtime_pcrs: ENOENT (No such file or directory)
status 125
imans: replay: $tmp/bad.pcrs: line 1: EINVAL (Invalid argument)
status 125
imans: replay: $tmp/long.pcrs: line 1: EINVAL (Invalid argument)
status 125
imans: replay: $tmp/bogus.pcrs: line 1: no algorithm bogus: EINVAL (Invalid argument)
status 125
imans: replay: $tmp/short.bin: the list ends inside an entry: EINVAL (Invalid argument)
status 125"

r=$tmp/rootfs
mkdir -p "$r/bin" "$r/proc" "$r/sys/kernel/security"
cp /bin/busybox "$r/bin/"
is "--root: securityfs on DIR/sys/kernel/security, CMD run in DIR" \
	"$(with_status runas 1000 imans --root "$r" -- /bin/busybox sh -c "/bin/busybox cat $sfs/ima/active; /bin/busybox ls /")" "1
bin
proc
sys
status 0"
mkdir "$tmp/empty"
is "--root without DIR/sys/kernel/security, explained" "$(with_status runas 1000 imans --root "$tmp/empty" -- true)" \
"imans: mount securityfs: $tmp/empty$sfs: ENOENT (No such file or directory): the mount point is missing: with --root, DIR$sfs must exist
status 125"
is "--pid: CMD is pid 1 of a new pid namespace, with its own /proc" \
	"$(with_status runas 1000 imans --pid -- sh -c 'echo $$; cat /proc/1/comm')" "1
sh
status 0"
is "--pid with --root: /proc under DIR" \
	"$(with_status runas 1000 imans --pid --root "$r" -- /bin/busybox sh -c 'echo $$; /bin/busybox cat /proc/1/comm')" "1
busybox
status 0"

# --map-auto, with subordinate ids for uid 1000 only.
echo "1000:100000:65536" >"$tmp/subid"
mount --bind "$tmp/subid" /etc/subuid
mount --bind "$tmp/subid" /etc/subgid
is "--map-auto maps root to the caller and 1..65536 to its subordinate ids" \
	"$(with_status runas 1000 imans --map-auto -- cat /proc/self/uid_map /proc/self/gid_map | tr -s ' ')" \
" 0 1000 1
 1 100000 65536
 0 1000 1
 1 100000 65536
status 0"
is "--map-auto without subordinate ids, explained" \
	"$(with_status runas 1001 imans --map-auto -- true)" \
"imans: map ids: no subordinate ids for uid 1001 in /etc/subuid and /etc/subgid: EPERM (Operation not permitted): the id maps were refused: without privilege only one's own ids can be mapped; --map-auto needs /etc/subuid and /etc/subgid entries
status 125"
is "imans waits for CMD when it forks, and dies by the signal CMD died by" \
	"$(with_status runas 1000 imans --map-auto -- sh -c 'kill -9 $$')" "Killed
status 137"
umount /etc/subuid /etc/subgid

is "--map-root with --map-auto is a usage error" "$(with_status imans --map-root --map-auto -- true)" \
"imans: --map-root and --map-auto exclude each other
$usage
status 2"
is "no -- is a usage error" "$(with_status imans true)" "$usage
status 2"
is "no CMD is a usage error" "$(with_status imans --)" "$usage
status 2"
is "an unknown option is a usage error" "$(with_status imans --bogus -- true)" \
"imans: unrecognized option '--bogus'
$usage
status 2"
is "a missing CMD is 127" "$(with_status runas 1000 imans -- /nonexistent)" \
"imans: exec: /nonexistent: ENOENT (No such file or directory)
status 127"
is "a CMD that cannot be executed is 126" "$(with_status runas 1000 imans -- "$tmp/policy")" \
"imans: exec: $tmp/policy: EACCES (Permission denied)
status 126"
is "CMD's exit status comes back, also through --pid" \
	"$(with_status runas 1000 imans -- sh -c 'exit 7'; with_status runas 1000 imans --pid -- sh -c 'exit 8')" "status 7
status 8"
rm -rf "$tmp"
