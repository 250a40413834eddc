#!/bin/sh
# Many IMA namespaces at once (tests/guest/stress.c), for STRESS_SECONDS
# (default 120), on a kernel booted with slab_nomerge: 500 namespaces are
# active at the same time, no step fails, every
# namespace's records arrive exactly once for every version of a file it
# used, and when every namespace has ended the namespace caches hold what
# they held before.  Records come from the audit socket.
. "$(dirname "$0")/tap.sh"
. "$(dirname "$0")/slab.sh"
plan 6

seconds=${STRESS_SECONDS:-120}
tmp=$(mktemp -d)
chmod 755 "$tmp"
mkdir "$tmp/files"
before="$(slab ima_namespace) $(slab ns_status)"

auditrd -o "$tmp/recs" -t INTEGRITY_RULE -- \
	stress -o "$tmp/expect" "$seconds" "$tmp/files" 2>"$tmp/log"
rc=$?
is "stress: every step of every namespace and changer worked" \
	"$(cat "$tmp/log"; echo "status $rc")" \
	"$(grep '^stress: [0-9]* s, ' "$tmp/log" | grep ' 0 failures$')
status 0"
diag <"$tmp/log"
is "500 IMA namespaces were active, with their policies, at the same time" \
	"$(grep -oE '\([0-9]+ at once\)' "$tmp/log")" "(500 at once)"

# Each record matched to the worker that caused it (stress_check.py).
"$(dirname "$0")/stress_check.py" "$tmp/files" "$tmp/expect" "$tmp/recs" >"$tmp/check"
diag <"$tmp/check"
want=$(sed -n 's/^expected //p' "$tmp/check")
namespaces=$(cut -d' ' -f1,2 "$tmp/expect" | sort -u | wc -l)
check "the run had work to check: $want records expected from $namespaces namespaces (at least 100 and 50)" \
	test "${want:-0}" -ge 100 -a "$namespaces" -ge 50
is "no record is missing: every version a namespace used was audited there" \
	"$(grep '^missing ' "$tmp/check")" "missing 0"
is "no record is left over: none twice in a namespace for a file that did not change, none unexpected" \
	"$(grep '^extra ' "$tmp/check")" "extra 0"

if no_slab_counts; then
	skip "the namespace caches return to their start (slab counts mean nothing under KASAN)"
else
	is "with every namespace ended, ima_namespace and ns_status hold what they held before" \
		"$(settle "$before")" "$before"
fi
rm -rf "$tmp"
