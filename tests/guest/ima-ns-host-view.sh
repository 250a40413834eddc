#!/bin/sh
# What a namespace's rules must never change on the host, from a guest
# booted with ima_appraise=enforce and no IMA policy, on stock and on
# ima-ns: the host's appraisal of a file that fails it (O_DIRECT opens
# included), its measurement of the file, and what its list shows of a
# namespace's policy loaded by path.  Prints "name: result" lines, the
# same on both kernels for the host's part; tests/11-security.sh says
# what they must be.
#
#   ima-ns-host-view.sh host|ns
. "$(dirname "$0")/tap.sh"
. "$(dirname "$0")/helpers.sh"
sfs=/sys/kernel/security
ima=$sfs/ima
tmp=/tmp/hv
mkdir -m 1777 $tmp || exit 1
f=/usr/bin/true
say() { echo "$1: $2"; }

# The host measures and appraises what uid 1001 opens on the root file
# system (9p, where no file carries security.ima, so appraisal fails),
# and measures policies loaded by path, as ima_policy=tcb does.
say "host policy" "$(errno write $ima/policy "measure func=POLICY_CHECK
measure func=FILE_CHECK mask=MAY_READ uid=1001
appraise func=FILE_CHECK mask=MAY_READ fsmagic=0x1021997 uid=1001
")"
say "uid 1001 opens $f" "$(runas 1001 errno open $f)"
say "uid 1001 opens $f with O_DIRECT" "$(runas 1001 errno open $f d)"

if [ "$1" = ns ]; then
	# An unprivileged namespace's dont_measure rule with permit_directio,
	# its task reading the file; then host root's audit rules there with
	# permit_directio and digest_type=verity, and a plain one that matches
	# the file, read from inside.
	# Whatever fails in the namespace after the mount, it says it is
	# ready (what failed shows in the lines below).
	hold hv userns "echo 1 >$ima/active && {
		errno write $ima/policy 'dont_measure func=FILE_CHECK permit_directio
' >$tmp/own
		cat $f >/dev/null
		:
	}"
	say "uid 1000's dont_measure rule with permit_directio" "$(cat "$tmp/own")"
	for r in "audit func=FILE_CHECK permit_directio" "audit func=FILE_CHECK digest_type=verity" \
		"audit func=FILE_CHECK"; do
		say "host root's rule $r" "$(nsenter -t "$held" --mount errno write $ima/policy "$r
")"
	done
	say "uid 1000 reads $f in the namespace" \
		"$(runas 1000 nsenter -t "$held" --user --mount --preserve-credentials errno read $f >/dev/null; echo $?)"
	release hv
	say "after the namespace's rules matched: uid 1001 opens $f" "$(runas 1001 errno open $f)"
	say "after the namespace's rules matched: uid 1001 opens $f with O_DIRECT" "$(runas 1001 errno open $f d)"

	# A namespace's policy loaded by path is a file the kernel reads:
	# the host's POLICY_CHECK rule measures it, once; an oversized one is
	# refused before it is read, and not measured.
	i=1
	while [ $i -le 3 ]; do echo "dont_measure fsmagic=$i"; i=$((i + 1)); done >"$tmp/rules"
	truncate -s 1500M "$tmp/sparse"
	chmod 644 "$tmp/rules" "$tmp/sparse"
	say "uid 1000 loads its policy by path, twice, then a 1500 MB one" \
		"$(userns "echo 1 >$ima/active && errno write $ima/policy $tmp/rules && errno write $ima/policy $tmp/rules;
			errno write $ima/policy $tmp/sparse" | tr '\n' ' ')"
	say "the host's list" "$(grep -cF " $tmp/rules" $ima/ascii_runtime_measurements) entry for the policy file, $(grep -cF " $tmp/sparse" $ima/ascii_runtime_measurements) for the sparse one"
	say "its entry" "$(grep -F " $tmp/rules" $ima/ascii_runtime_measurements | cut -d' ' -f3-)"
fi

# The host's view of the file, whatever happened in namespaces.
say "the host's list for $f" "$(grep -F " $f" $ima/ascii_runtime_measurements | cut -d' ' -f3-)"
rm -rf "$tmp"
