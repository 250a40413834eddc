#!/bin/bash
# IMA namespaces (series part 2): the cover letter's scenario, a
# namespace's interface (with Debian's IMA_WRITE_POLICY too),
# hierarchical processing and freeing, LSM-based rules under SELinux,
# the host's appended signatures.
# Results: ima-ns 176, debug 120, off 1
. "$(dirname "$0")/lib.sh"

# The cover letter's scenario, as written there, as the host's root.
# cover_letter [HOST-RULES]: prints "unshare=PID shell=PID user:[INODE]",
# the records, and last "status: S", the guest run's exit status (125
# for a kernel report).
cover_letter() {
	vm ima-ns -- "$top/guest/cover-letter.sh" /tmp/cover "$@" 2>&1
	echo "status: $?"
}
busybox2=$({ cat /bin/busybox; echo; } | sha256sum | cut -d' ' -f1)
# expect ns|host: the pids line of $out, then the record of busybox2's
# exec that the namespace's or the host's rule causes (the file's path is
# absolute, as IMA gives it, outside the chroot; the namespace's record
# names the container's user namespace and the id of its IMA namespace,
# the first created since boot; subj= is the task's AppArmor label).
expect() {
	local pids u=0 ns=
	pids=$(echo "$out" | grep '^unshare=')
	set -- $pids "$1"
	[ "$4" = host ] || ns=" ima_userns=$(echo "$3" | tr -dc 0-9) ima_nsid=1"
	echo "$pids"
	echo "type=INTEGRITY_RULE file=\"/tmp/cover/rootfs/bin/busybox2\" hash=\"sha256:$busybox2\" ppid=${1#unshare=} pid=${2#shell=} auid=4294967295 uid=$u gid=$u euid=$u suid=$u fsuid=$u egid=$u sgid=$u fsgid=$u tty=(none) ses=4294967295 comm=\"busybox\" exe=\"/bin/busybox\" subj=unconfined$ns"
}
out=$(cover_letter)
is "cover letter: exactly one record, for busybox2, with its sha256, pid, uid and namespace" "$out" "$(expect ns; echo "status: 0")"

# The scenario with host rules, and the namespace's algorithm after
# ima_hash=, only in the ima-ns pass: they vary only the host's policy
# and boot parameters, whose paths the debug pass runs in ima-ns.sh,
# ima-ns-hier.sh and 13; each debug boot costs some 45 s, most of it the
# kmemleak scans.
if [ "$pass" = ima-ns ]; then
	# With the cover letter's host rules: they match uid 1000, not the root
	# that runs the scenario, so there is still exactly one record.
	out=$(cover_letter "measure func=BPRM_CHECK mask=MAY_EXEC uid=1000
audit func=BPRM_CHECK mask=MAY_EXEC uid=1000
")
	is "cover letter with its host rules for uid 1000: still the namespace's one record" "$out" "$(expect ns; echo "status: 0")"

	# A host rule that matches root: busybox2 is audited by both policies,
	# and the host alone audits the container's busybox and unshare.
	out=$(cover_letter "audit func=BPRM_CHECK mask=MAY_EXEC uid=0
")
	is "cover letter with a host rule for uid 0: two records for busybox2, one per policy, the host's first" \
		"$(echo "$out" | grep -E '^unshare=|busybox2|^status: ')" "$(expect host; expect ns | tail -n 1; echo "status: 0")"
	is "and one each for unshare and the container's busybox, from the host's rule" \
		"$(echo "$out" | grep -cF 'file="/usr/bin/unshare" ') $(echo "$out" | grep -cF 'file="/tmp/cover/rootfs/bin/busybox" ')" "1 1"
	# A namespace starts with the host's algorithm, whichever it is.
	is "booted with ima_hash=sha1, a fresh namespace's hash reads sha1" \
		"$(vm ima-ns --append ima_hash=sha1 -- sh -c ". $top/tests/guest/tap.sh && . $top/tests/guest/helpers.sh &&
			userns 'cat /sys/kernel/security/ima/hash'" 2>&1
		echo "status: $?")" "sha1
status: 0"
else
	left_out "the cover letter's scenario with host rules, and a boot with ima_hash=sha1"
fi
guest_tap ima-ns --append integrity_audit=1 -- "$top/tests/guest/ima-ns.sh"
# The choice of a namespace's algorithm and template (every name and
# malformed write).  Not in the debug pass, for CI's time from a new
# machine (the cold run of 2026-12-07 took 94.5 minutes): the handlers
# are small, and the namespaces of ima-ns-measure.sh and ima-ns-deep.sh,
# which run there, choose sha1, sha224, sha512 and the template ima-ns.
if [ "$pass" = ima-ns ]; then
	guest_tap ima-ns -- "$top/tests/guest/ima-ns-config.sh"
else
	left_out "ima-ns-config.sh (a namespace's hash and template are chosen in ima-ns-measure.sh and ima-ns-deep.sh)"
fi
# Debian's IMA_WRITE_POLICY (off): one load per policy.  Not in the debug
# pass: the debug kernel has the option on, as ima-ns.
guest_tap ima-ns-debian -- "$top/tests/guest/write-once.sh"
guest_tap ima-ns --append slab_nomerge -- "$top/tests/guest/ima-ns-hier.sh"
guest_tap ima-ns --append slab_nomerge -- "$top/tests/guest/ima-ns-audit.sh"
# The host's list in the template ima-ns.  Not in the debug pass, for
# CI's time: the template's fields run there in ima-ns-deep.sh.
if [ "$pass" = ima-ns ]; then
	guest_tap ima-ns -- "$top/tests/guest/ima-ns-template.sh"
else
	left_out "ima-ns-template.sh (the template ima-ns runs in ima-ns-deep.sh)"
fi
# A namespace's own list: boot_aggregate in its template and algorithm,
# charged to the activating task's memory cgroup; integrity_audit=1 so
# that a record the host would write for it shows, slab_nomerge so that
# the charged kmalloc caches are counted alone.
guest_tap ima-ns --append "integrity_audit=1 slab_nomerge" -- "$top/tests/guest/ima-ns-list.sh"
# A namespace's measure rules fill its list: exact entries, re-measured
# after each kind of change, charged to the activating task's memory
# cgroup, closed by list_full at the cap (ima.ns_max_measurements).
guest_tap ima-ns --append "integrity_audit=1 slab_nomerge" -- "$top/tests/guest/ima-ns-measure.sh"
# A namespace's software PCRs: runtime_pcrs equal to the test's own
# replay of the binary list, and to evmctl's and imans replay's.  Not in
# the debug pass, the longest of make check: there every entry of
# ima-ns-list.sh, ima-ns-measure.sh and ima-ns-deep.sh extends them, and
# ima-ns.sh reads them, under KASAN and kmemleak.
if [ "$pass" = ima-ns ]; then
	guest_tap ima-ns -- "$top/tests/guest/ima-ns-pcrs.sh"
else
	left_out "ima-ns-pcrs.sh (the debug pass extends and reads the PCRs in the other suites)"
fi
# 32 nested namespaces that measure, each with its own policy: every
# depth's list exact after a task 32 deep read and executed.
guest_tap ima-ns -- "$top/tests/guest/ima-ns-deep.sh"
# File systems that keep a file's data apart from the inode IMA sees:
# an overlay whose lower or upper file changes in place, and fs-verity
# on ext4 (a scratch disk), under a host rule with digest_type=verity.
# Not in the debug pass, for CI's time (README): the namespace's
# collection and its list run there in ima-ns-measure.sh and
# ima-ns-deep.sh, but not its overlay and fs-verity branches.
if [ "$pass" = ima-ns ]; then
	guest_tap ima-ns --disk 64 -- "$top/tests/guest/ima-ns-fs.sh"
else
	left_out "ima-ns-fs.sh (overlayfs and fs-verity; the namespace's collection runs in the other scripts)"
fi
# Without CONFIG_IMA_NS there is no template ima-ns, as on stock; the
# same rule with ima-ng is taken.
if in_pass ima-ns-off; then
	is "ima-ns-off: the host's rule with template=ima-ns is EINVAL, with ima-ng it is taken" \
		"$(vm ima-ns-off -- sh -c "for t in ima-ns ima-ng; do errno write /sys/kernel/security/ima/policy \"measure func=BPRM_CHECK template=\$t
\"; done" 2>&1; echo "status: $?")" "EINVAL
OK
status: 0"
else
	left_out "the template ima-ns on ima-ns-off"
fi
# The host's modsigs (template ima-modsig) and a namespace's audit rule
# on the same file: no list entry that no rule asked for.
guest_tap ima-ns --append ima_template=ima-modsig -- "$top/tests/guest/modsig.sh"
# SELinux in charge instead of AppArmor, permissive, with Debian's policy
# (tools/selinux): label rules, and the lazy update on policy reloads.
# Not in the debug pass, for CI's time: the update of LSM-based rules on
# a policy change has KUnit tests there (14-kunit), and SELinux's label
# rules and policy reloads run there under load (09, selinux-stress.sh).
if [ "$pass" = ima-ns ]; then
	guest_tap ima-ns --append "security=selinux enforcing=0" -- "$top/tests/guest/selinux.sh"
else
	left_out "selinux.sh (SELinux rules and reloads run in 09's selinux-stress.sh, their update in 14's KUnit tests)"
fi
