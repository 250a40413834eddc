#!/bin/bash
# IMA namespaces (series part 2): the cover letter's scenario, a
# namespace's interface, hierarchical processing and freeing.
. "$(dirname "$0")/lib.sh"

# The cover letter's scenario, as written there, as the host's root.
# cover_letter [HOST-RULES]: prints "ppid=P" and the records it caused.
cover_letter() {
	"$vm" -- "$top/guest/cover-letter.sh" /tmp/cover "$@" 2>&1
}
# record PPID [UID]: the record the exec of busybox2 must cause
record() {
	local u=${2:-0}
	echo "type=INTEGRITY_RULE file=\"/bin/busybox2\" hash=\"sha256:$busybox2\" ppid=$1 pid=PID auid=4294967295 uid=$u gid=$u euid=$u suid=$u fsuid=$u egid=$u sgid=$u fsgid=$u tty=(none) ses=4294967295 comm=\"busybox\" exe=\"/bin/busybox\""
}
busybox2=$({ cat /bin/busybox; echo; } | sha256sum | cut -d' ' -f1)
out=$(cover_letter)
ppid=$(echo "$out" | sed -n 's/^ppid=//p')
# The pid is busybox2's, which only the record knows: it must be a new pid,
# the same in every record of the exec.
pids=$(echo "$out" | grep -oE ' pid=[0-9]+' | sort -u)
is "cover letter: exactly one record, for busybox2, with its sha256, from the container shell's child, uid 0" \
	"$(echo "$out" | sed -E 's/ pid=[0-9]+/ pid=PID/')" "ppid=$ppid
$(record "$ppid")"
check "cover letter: the record's pid is a pid of its own" \
	test "$(echo "$pids" | wc -l)" = 1 -a "$pids" != " pid=$ppid"

# With the cover letter's host rules: they match uid 1000, not the root
# that runs the scenario, so there is still exactly one record.
out=$(cover_letter "measure func=BPRM_CHECK mask=MAY_EXEC uid=1000
audit func=BPRM_CHECK mask=MAY_EXEC uid=1000
")
ppid=$(echo "$out" | sed -n 's/^ppid=//p')
is "cover letter with its host rules for uid 1000: still the namespace's one record" \
	"$(echo "$out" | sed -E 's/ pid=[0-9]+/ pid=PID/')" "ppid=$ppid
$(record "$ppid")"

# A host rule that matches root: busybox2 is audited by both policies,
# and the host also audits the container's first busybox exec and unshare.
out=$(cover_letter "audit func=BPRM_CHECK mask=MAY_EXEC uid=0
")
ppid=$(echo "$out" | sed -n 's/^ppid=//p')
is "cover letter with a host rule for uid 0: two records for busybox2, one per policy" \
	"$(echo "$out" | grep busybox2 | sed -E 's/ pid=[0-9]+/ pid=PID/')" "$(record "$ppid")
$(record "$ppid")"
is "and the host's rule alone audits unshare and the container's busybox, once each" \
	"$(echo "$out" | grep -cF 'file="/usr/bin/unshare" ') $(echo "$out" | grep -cF 'file="/bin/busybox" ')" "1 1"

guest_tap ima-ns --append integrity_audit=1 -- "$top/tests/guest/ima-ns.sh"
guest_tap ima-ns --append slab_nomerge -- "$top/tests/guest/ima-ns-hier.sh"
