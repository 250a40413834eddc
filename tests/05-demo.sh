#!/bin/bash
# The guest half of `make demo` (the cover letter's scenario) runs and
# shows what it says it shows.
# No debug pass: the demo's kernel paths are the cover letter's, which 06
# runs on the debug kernel.
# Results: ima-ns 5
. "$(dirname "$0")/lib.sh"

out=$(vm ima-ns -- "$top/guest/demo.sh" 2>&1)
is "the demo ends successfully" "$?" 0
# Its sections: the lines from "-- N." to the next "-- ".
section() { echo "$out" | sed -n "/^-- $1\\./,/^-- /p"; }
files() { section "$1" | grep -oE '^type=INTEGRITY_RULE file="[^"]*"'; }
is "scenario 1 shows one record, for busybox2" "$(files 1)" \
	'type=INTEGRITY_RULE file="/tmp/demo1/rootfs/bin/busybox2"'
is "scenario 2 shows busybox once and busybox2 twice" "$(files 2)" \
	'type=INTEGRITY_RULE file="/tmp/demo2/rootfs/bin/busybox"
type=INTEGRITY_RULE file="/tmp/demo2/rootfs/bin/busybox2"
type=INTEGRITY_RULE file="/tmp/demo2/rootfs/bin/busybox2"'
is "scenario 3 shows the records of imans's namespace and of the host, and imans's EPERM" "$(section 3 | sed -n '3,5p' | sed -E 's/^(type=INTEGRITY_RULE file="[^"]*").*/\1/')" \
'type=INTEGRITY_RULE file="/tmp/demo3"
type=INTEGRITY_RULE file="/tmp/demo3"
imans: rule: audit func=BPRM_CHECK mask=MAY_EXEC: EPERM (Operation not permitted): only host root with CAP_AUDIT_WRITE may set audit rules in a namespace'
is "every section says what it proves" "$(echo "$out" | grep -c '^   proves: ')" 3
