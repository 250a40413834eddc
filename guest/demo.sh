#!/bin/sh
# Run in a guest by tools/demo: the v14 cover letter's scenario on the
# ima-ns kernel, with the records read from the host's audit socket.
set -eu
here=$(dirname "$0")
# The records, shortened to the fields that matter here.
strip() { sed -E 's/ msg=audit\([0-9.:]+\)://; s/ (auid|suid|fsuid|sgid|fsgid|tty|ses)=[^ ]*//g'; }
echo "-- kernel $(uname -r)"
echo "-- 1. the cover letter's scenario, as the host's root, no host policy:"
echo "   unshare --user --map-root-user --mount-proc --pid --fork --root rootfs busybox sh -c"
echo "     mount securityfs; echo 1 > /mnt/ima/active;"
echo "     echo 'audit func=BPRM_CHECK mask=MAY_EXEC' > /mnt/ima/policy; busybox2 cat /mnt/ima/policy"
"$here/cover-letter.sh" /tmp/demo1 | strip
echo "   proves: the namespace's own audit rule audited the one exec after it was loaded,"
echo "   busybox2, with its sha256, and the record reached the host's audit socket"
echo "-- 2. the same with a host rule: audit func=BPRM_CHECK mask=MAY_EXEC uid=0"
"$here/cover-letter.sh" /tmp/demo2 "audit func=BPRM_CHECK mask=MAY_EXEC uid=0
" | strip | grep -E '^unshare=|rootfs/bin/busybox' 
echo "   proves: the host's policy still sees execs inside the namespace (hierarchical"
echo "   processing): busybox2 has two records, one per policy, busybox one (host only)"
echo "-- 3. the same with imans, the tool: as the host's root, then as uid 1000:"
cp /usr/bin/true /tmp/demo3
echo "   imans --rule 'audit func=BPRM_CHECK mask=MAY_EXEC' -- /tmp/demo3"
auditrd -t INTEGRITY_RULE -- imans --rule 'audit func=BPRM_CHECK mask=MAY_EXEC' -- /tmp/demo3 |
	strip | grep -F 'file="/tmp/demo3"'
setpriv --reuid=1000 --regid=1000 --clear-groups \
	imans --rule 'audit func=BPRM_CHECK mask=MAY_EXEC' -- /tmp/demo3 || true
echo "   proves: imans sets a namespace up in one command (two records: its rule's and"
echo "   the host's rule from 2.); only the host's root (with CAP_AUDIT_WRITE) may make"
echo "   the kernel write audit records for a namespace"
