#!/bin/bash
# imans: every option and failure path on ima-ns and on ima-ns-debian
# (Debian's IMA_WRITE_POLICY, off), a rootless crun
# container with an IMA namespace of its own, and what imans says on
# kernels without IMA namespaces.
# No debug pass: what imans asks of the kernel (mount, active, policy) is
# what 06 does on the debug kernel; its own checks are of its messages.
# Results: ima-ns 101, off 1
. "$(dirname "$0")/lib.sh"

guest_tap ima-ns -- "$top/tests/guest/imans.sh"
# And with Debian's IMA_WRITE_POLICY (off): one load per namespace.
guest_tap ima-ns-debian -- "$top/tests/guest/imans.sh"
guest_tap ima-ns -- "$top/tests/guest/crun.sh"

# Kernels without IMA namespaces, and the man page: the ima-ns pass only.
if ! in_pass stock; then
	left_out "imans on stock and ima-ns-off, and the man page"
	exit 0
fi
for v in stock ima-ns-off; do
	if ! in_pass $v; then
		left_out "imans on $v"
		continue
	fi
	is "$v: imans explains that the kernel cannot mount securityfs in a user namespace" \
		"$(vm $v -- sh -c "runas 1000 imans -- true; echo status \$?" 2>&1)" \
"imans: mount securityfs: /sys/kernel/security: EPERM (Operation not permitted): this kernel cannot mount securityfs in a user namespace: it has no IMA namespace support (CONFIG_IMA_NS)
status 125"
done
is "the man page formats with no warning" "$(groff -man -ww -z "$top/guest/imans.1" 2>&1; echo status $?)" "status 0"
