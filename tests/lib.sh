# shellcheck shell=bash
# Helpers for the host side of a test suite (tests/NN-*.sh).  A suite
# prints TAP: "ok N - what" or "not ok N - what"; tests/run counts them.

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
vm=$top/tools/vm

# ok, not_ok, diag, is, check: the same helpers as in the guest.
. "$top/tests/guest/tap.sh"

# guest_tap VARIANT [tools/vm options] -- CMD [ARGS]
# Boot VARIANT, run CMD (whose output is TAP) and pass its TAP through,
# each result tagged with the variant.  A run that ends badly (kernel
# report, time-out, non-zero status with no failed test, results missing
# from the plan) is a failed test of its own.
guest_tap() {
	local variant=$1 out rc=0 plan got
	shift
	out=$(mktemp)
	"$vm" --variant "$variant" "$@" >"$out" 2>&1 || rc=$?
	sed -E "s/^((not )?ok [0-9]+)( -)? /\\1 - [$variant] /" "$out"
	plan=$(grep -oE '^1\.\.[0-9]+' "$out" | head -n 1 | cut -d. -f3)
	got=$(grep -cE '^(not )?ok ' "$out" || true)
	if [ "$rc" -ne 0 ] && ! grep -qE '^not ok ' "$out"; then
		not_ok "[$variant] guest run of ${*: -1} ended with status $rc"
	elif [ -n "$plan" ] && [ "$got" -ne "$plan" ]; then
		not_ok "[$variant] ${*: -1}: $got results, plan was $plan"
	fi
	rm -f "$out"
}
