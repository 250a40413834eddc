#!/bin/sh
# Run in a guest by tools/demo: the host's IMA audits an executed file.
set -e
ima=/sys/kernel/security/ima
echo "-- kernel $(uname -r); IMA policy rule written to $ima/policy:"
echo 'audit func=BPRM_CHECK mask=MAY_EXEC uid=1000' | tee $ima/policy
cp /usr/bin/true /tmp/hello
echo "-- uid 1000 runs /tmp/hello (sha256 $(sha256sum /tmp/hello | cut -d' ' -f1))"
echo "-- the INTEGRITY_RULE records the kernel sent to the audit socket:"
auditrd -t INTEGRITY_RULE -- setpriv --reuid=1000 --regid=1000 --clear-groups /tmp/hello
echo "-- this proves: IMA measured the file on exec and audited it with its hash"
