#!/bin/sh
# Many IMA namespaces at once (tests/guest/stress.c), for STRESS_SECONDS
# (default 120), on a kernel booted with slab_nomerge: no step fails, every
# namespace's records arrive exactly once for every version of a file it
# used, and when every namespace has ended the namespace caches hold what
# they held before.  Records come from the audit socket.
. "$(dirname "$0")/tap.sh"
. "$(dirname "$0")/slab.sh"
plan 5

seconds=${STRESS_SECONDS:-120}
tmp=$(mktemp -d)
chmod 755 "$tmp"
mkdir "$tmp/files"
before="$(slab ima_namespace) $(slab ns_status)"

auditrd -o "$tmp/recs" -t INTEGRITY_RULE -- \
	stress -o "$tmp/expect" "$seconds" "$tmp/files" 2>"$tmp/log"
is "stress: every step of every namespace and changer worked" \
	"$(cat "$tmp/log"; echo "status $?")" \
	"$(grep '^stress: [0-9]* s, ' "$tmp/log" | grep ' 0 failures$')
status 0"
sed 's/^/# /' "$tmp/log"

# What must have arrived: "INUM FILE SHA256" for every version a namespace
# used, from the copies of the versions.  What did: the same of every
# record of a namespace's rule for the files.
sha256sum "$tmp"/files/versions/* | awk '{ n = $2; sub(".*/", "", n); print n, $1 }' >"$tmp/shas"
awk 'NR == FNR { sha[$1] = $2; next }
	{ f = $2; sub(".*/", "", f); print $1, $2, sha[f "." $3] }' "$tmp/shas" "$tmp/expect" |
	sort >"$tmp/want"
grep -F "file=\"$tmp/files/" "$tmp/recs" |
	sed -nE 's/.* file="([^"]*)" hash="sha256:([0-9a-f]+)" .* ima_userns=([0-9]+)$/\3 \1 \2/p' |
	sort >"$tmp/got"
want=$(wc -l <"$tmp/want")
namespaces=$(cut -d' ' -f1 "$tmp/expect" | sort -u | wc -l)
check "the run had work to check: $want records from $namespaces user namespace inodes (at least 500 and 100)" \
	test "$want" -ge 500 -a "$namespaces" -ge 100
is "no record is missing: every version a namespace used was audited there" \
	"$(comm -23 "$tmp/want" "$tmp/got" | head -n 20)" ""
is "no record is left over: none twice in a namespace for a file that did not change, none unexpected" \
	"$(comm -13 "$tmp/want" "$tmp/got" | head -n 20; grep -F "file=\"$tmp/files/" "$tmp/recs" | grep -v ' ima_userns=' | head -n 5)" ""

if no_slab_counts; then
	skip "the namespace caches return to their start (slab counts mean nothing under KASAN)"
else
	is "with every namespace ended, ima_namespace and ns_status hold what they held before" \
		"$(settle "$before")" "$before"
fi
rm -rf "$tmp"
