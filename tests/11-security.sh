#!/bin/bash
# What a namespace must not be able to do (tests/guest/ima-ns-security.sh),
# what any user can make the kernel spend through one
# (tests/guest/ima-ns-bounds.sh), what its error paths do when an
# allocation fails (tests/guest/ima-ns-faults.sh, in the debug pass:
# only the debug kernel has fault injection), and what a namespace's
# rules must never change on the host (tests/guest/ima-ns-host-view.sh,
# on stock, ima-ns-off and ima-ns).
# Results: ima-ns 24, debug 31, off 1
. "$(dirname "$0")/lib.sh"

guest_tap ima-ns -- "$top/tests/guest/ima-ns-security.sh"
guest_tap ima-ns -- "$top/tests/guest/ima-ns-bounds.sh"
if [ "$pass" = debug ]; then
	guest_tap ima-ns --append "slub_debug=A;-,kmemleak_object,kmemleak_scan_area" -- "$top/tests/guest/ima-ns-faults.sh"
else
	left_out "the allocation failures (ima-ns-faults.sh): fault injection is in the debug kernel only"
fi

# The host's view: booted with appraisal enforced, the host measures and
# appraises what uid 1001 opens; /usr/bin/true, on the 9p root, has no
# security.ima and fails appraisal.
f=/usr/bin/true
host_view="host policy: OK
uid 1001 opens $f: EACCES
uid 1001 opens $f with O_DIRECT: EACCES"
# Debian's template, ima-sig: an unsigned file's entry ends with an empty
# signature field, after a space.
host_list="the host's list for $f: ima-sig sha256:$(sha256sum $f | cut -d' ' -f1) $f "
rules_sha=$(printf 'dont_measure fsmagic=%s\n' 1 2 3 | sha256sum | cut -d' ' -f1)
# view VARIANT host|ns: the guest's lines, and its status.
view() {
	vm "$1" --append ima_appraise=enforce -- "$top/tests/guest/ima-ns-host-view.sh" "$2" 2>&1
	echo "status: $?"
}
for v in stock ima-ns-off; do
	if ! in_pass $v; then
		left_out "the host's view on $v"
		continue
	fi
	is "$v: the host refuses uid 1001's opens of a file failing appraisal, O_DIRECT too, and measures it" \
		"$(view $v host)" "$host_view
$host_list
status: 0"
done
v=ima-ns
[ "$pass" = ima-ns ] || v=$pass
is "$v: the same, and no namespace's rule can change it: permit_directio and digest_type are EINVAL, a namespace's audit rule matching the file leaves the host's appraisal and measurement as on stock; a namespace's policy loaded by path is measured by the host once, an oversized one is refused unread and unmeasured" \
	"$(view ima-ns ns)" "$host_view
uid 1000's dont_measure rule with permit_directio: EINVAL
host root's rule audit func=FILE_CHECK permit_directio: EINVAL
host root's rule audit func=FILE_CHECK digest_type=verity: EINVAL
host root's rule audit func=FILE_CHECK: OK
uid 1000 reads $f in the namespace: 0
after the namespace's rules matched: uid 1001 opens $f: EACCES
after the namespace's rules matched: uid 1001 opens $f with O_DIRECT: EACCES
uid 1000 loads its policy by path, twice, then a 1500 MB one: OK OK EFBIG 
the host's list: 1 entry for the policy file, 0 for the sparse one
its entry: ima-sig sha256:$rules_sha /tmp/hv/rules 
$host_list
status: 0"
