#!/bin/sh
# IMA's LSM-based rules under SELinux, in a guest booted with
# "security=selinux enforcing=0": Debian's reference policy, built by
# tools/selinux with the types of tests/guest/imanstest.cil
# (build/selinux/with.33) and with that module disabled (without.33),
# loaded permissive.  The host's rules and a namespace's, on subj_type=
# and obj_type=, audit exactly the execs of their labels; a policy
# reload that takes the types away makes both stop matching (the
# namespace's rules are refreshed lazily, when its policy is next used),
# with one message per rule; the types coming back make them match
# again.  Records come from the audit socket (auditrd) and are listed by
# records.py; the kernel's messages from the kernel log.
. "$(dirname "$0")/tap.sh"
. "$(dirname "$0")/helpers.sh"
plan 12

here=$(cd "$(dirname "$0")" && pwd)
sfs=/sys/kernel/security
ima=$sfs/ima
tmp=$(mktemp -d)
chmod 1777 "$tmp"
nl='
'
# exe NAME [TYPE]: a copy of true at $tmp/NAME, labelled TYPE.
exe() {
	cp /usr/bin/true "$tmp/$1" &&
		{ [ -z "${2:-}" ] || chcon "system_u:object_r:$2:s0" "$tmp/$1"; }
}
# undefined: how many times the kernel said a rule is undefined, for each
# type of imanstest.cil in turn (the host's two, then the namespace's),
# from one read of the kernel log.
undefined() {
	dmesg >"$tmp/dmesg"
	for t in imanstest_t imanstest_exec_t imansns_t imansns_exec_t; do
		grep -c "rule for LSM '$t' is undefined" "$tmp/dmesg"
	done | tr '\n' ' '
}
# indomain TYPE FILE: a command for sh -c that execs FILE from a shell
# in system_u:system_r:TYPE:s0, entered by exec as runcon would (runcon
# itself wants /etc/selinux/config, which the guest's root has not).
indomain() {
	echo "(printf %s system_u:system_r:$1:s0 >/proc/self/attr/exec && exec sh -c $2)"
}
# records FILE: the INTEGRITY_RULE records auditrd wrote to FILE.
records() { "$here/records.py" "$1" || echo "records.py: status $?"; }

mountpoint -q /sys/fs/selinux || mount -t selinuxfs selinuxfs /sys/fs/selinux
is "SELinux is the major LSM, permissive, and Debian's policy loads" \
	"$(grep -o selinux $sfs/lsm
	cat /sys/fs/selinux/enforce; echo
	selinux_load with && echo loaded
	tr -d '\0' </proc/self/attr/current; echo)" \
"selinux
0
loaded
system_u:system_r:kernel_t:s0"

# Every file is exec'd once: IMA audits a file once.
for f in host_plain host_subj ns_plain ns_subj host_back_subj ns_back_subj; do
	exe $f || not_ok "exe $f"
done
for f in host_obj host_gone host_back; do exe $f imanstest_exec_t || not_ok "exe $f"; done
for f in ns_obj ns_gone ns_gone2 ns_back; do exe $f imansns_exec_t || not_ok "exe $f"; done
is "the files carry their labels" \
	"$(cd "$tmp" && stat -c '%n %C' host_plain host_obj ns_obj ns_gone ns_back)" \
"host_plain system_u:object_r:tmpfs_t:s0
host_obj system_u:object_r:imanstest_exec_t:s0
ns_obj system_u:object_r:imansns_exec_t:s0
ns_gone system_u:object_r:imansns_exec_t:s0
ns_back system_u:object_r:imansns_exec_t:s0"

host_rules="audit func=BPRM_CHECK subj_type=imanstest_t
audit func=BPRM_CHECK obj_type=imanstest_exec_t"
is "the host's label rules load and read back" \
	"$(echo "$host_rules" >$ima/policy && cat $ima/policy)" \
	"$(echo "$host_rules" | sed 's/$/ /')"

auditrd -o "$tmp/r1" -t INTEGRITY_RULE -- sh -c "$tmp/host_plain && $tmp/host_obj &&
	$(indomain imanstest_t $tmp/host_subj)" ||
	not_ok "auditrd: status $?"
is "the host's rules audit the exec of a file of imanstest_exec_t and an exec by imanstest_t, nothing else" \
	"$(records "$tmp/r1")" \
"$tmp/host_obj ima_userns=- task_userns=-
$tmp/host_subj ima_userns=- task_userns=-"

# A namespace of the host's root (only the host's root may set audit
# rules in a namespace), alive across the reloads.
echo "audit func=BPRM_CHECK subj_type=imansns_t
audit func=BPRM_CHECK obj_type=imansns_exec_t" >"$tmp/ns.policy"
hold ns rootns "echo 1 >$ima/active && cat $tmp/ns.policy >$ima/policy"
u=$(readlink "/proc/$held/ns/user" | inum)
inns() { nsenter -t "$held" -U -m sh -c "$1"; }
is "the namespace's label rules load and read back" \
	"$(inns "cat $ima/policy")" "$(sed 's/$/ /' "$tmp/ns.policy")"

auditrd -o "$tmp/r2" -t INTEGRITY_RULE -- nsenter -t "$held" -U -m sh -c "$tmp/ns_plain && $tmp/ns_obj &&
	$(indomain imansns_t $tmp/ns_subj)" ||
	not_ok "auditrd: status $?"
is "the namespace's rules audit the exec of a file of imansns_exec_t and an exec by imansns_t, nothing else" \
	"$(records "$tmp/r2")" \
"$tmp/ns_obj ima_userns=$u task_userns=-
$tmp/ns_subj ima_userns=$u task_userns=-"

# The types go away: the host's rules are updated at once, the
# namespace's when its policy is next used.
selinux_load without || not_ok "selinux_load without.33"
is "at the reload, a message for each of the host's rules, none yet for the namespace's" \
	"$(undefined)" \
	"1 1 0 0 "
auditrd -o "$tmp/r3" -t INTEGRITY_RULE -- sh -c "$tmp/host_gone &&
	nsenter -t $held -U -m sh -c $tmp/ns_gone" ||
	not_ok "auditrd: status $?"
is "without the types, no rule matches, and the domains are refused" \
	"$(records "$tmp/r3")
$(errno write /proc/self/attr/exec system_u:system_r:imanstest_t:s0)
$(inns "errno write /proc/self/attr/exec system_u:system_r:imansns_t:s0")" \
"
EINVAL
EINVAL"
is "one message for each rule: the host's at the reload, the namespace's when its policy was next used" \
	"$(undefined)" \
	"1 1 1 1 "
inns "$tmp/ns_gone2" || not_ok "ns_gone2: status $?"
is "and no more for later execs" \
	"$(undefined)" \
	"1 1 1 1 "

# The types come back: both policies match again.
selinux_load with || not_ok "selinux_load with.33"
auditrd -o "$tmp/r4" -t INTEGRITY_RULE -- sh -c "$tmp/host_back &&
	$(indomain imanstest_t $tmp/host_back_subj) &&
	nsenter -t $held -U -m sh -c '$tmp/ns_back &&
		$(indomain imansns_t $tmp/ns_back_subj)'" ||
	not_ok "auditrd: status $?"
is "with the types back, both policies' rules match again" \
	"$(records "$tmp/r4")" \
"$tmp/host_back ima_userns=- task_userns=-
$tmp/host_back_subj ima_userns=- task_userns=-
$tmp/ns_back ima_userns=$u task_userns=-
$tmp/ns_back_subj ima_userns=$u task_userns=-"
is "and said nothing more" \
	"$(undefined)" \
	"1 1 1 1 "
release ns
rm -rf "$tmp"
