# shellcheck shell=bash
# Helpers for the host side of a test suite (tests/NN-*.sh).  A suite
# prints TAP: "ok N - what" or "not ok N - what"; tests/run counts them.

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# The pass (tests/run): in the ima-ns pass the suites boot the variants
# they name; in the debug pass (IMA_NS_PASS=debug) every run of ima-ns
# boots the debug variant instead and ends with a kmemleak scan, and the
# runs of other variants, which the ima-ns pass has done, are left out.
# The runs of ima-ns-off (the series with CONFIG_IMA_NS=n) are made only
# with IMA_NS_OFF=1 (make check-off): make check does not build that
# kernel, to stay within CI's time from a new machine (tests/README.md).
pass=${IMA_NS_PASS:-ima-ns}
[ "$pass" = ima-ns ] || TAP_TAG="[$pass] "

# ok, not_ok, diag, is, check: the same helpers as in the guest.
. "$top/tests/guest/tap.sh"

# vm VARIANT [tools/vm options] -- CMD [ARGS]: tools/vm, in this pass.
# A debug guest gets 1200 s, not tools/vm's 600, unless the suite says:
# the slowest take 300 to 420 s alone, and twice that beside a build and
# other guests (ima-ns.sh ran out of 600 s so, 2026-12-07).
vm() {
	local v=$1
	shift
	if [ "$pass" = debug ] && [ "$v" = ima-ns ]; then
		set -- --variant debug --kmemleak --timeout 1200 "$@"
	else
		set -- --variant "$v" "$@"
	fi
	"$top/tools/vm" "$@"
}

# kernel_built VARIANT: wait while tools/kernel builds VARIANT (make check
# builds the kernels beside the suites); true when it is built, so that
# its tree and .config may be read.  tools/vm waits by itself.
kernel_built() {
	flock -s "$top/build/out/.$1.lock" true && [ -f "$top/build/out/.$1.built" ]
}

# in_pass VARIANT: whether this pass boots VARIANT.
in_pass() {
	case "$1" in
	ima-ns-off) [ "$pass" = ima-ns ] && [ "${IMA_NS_OFF:-0}" = 1 ] ;;
	*) [ "$pass" = ima-ns ] || [ "$1" = ima-ns ] ;;
	esac
}

# left_out WHAT: say that this pass leaves WHAT out on purpose; tests/run
# lists these lines again in its summary.
left_out() { echo "# left out in the $pass pass: $*"; }

# guest_tap VARIANT [tools/vm options] -- CMD [ARGS]
# Boot VARIANT, run CMD (whose output is TAP) and pass its TAP through,
# each result tagged with the variant.  A run that ends badly (kernel
# report, time-out, non-zero status with no failed test, results missing
# from the plan) is a failed test of its own.
guest_tap() {
	local variant=$1 out rc=0 plan got
	shift
	if ! in_pass "$variant"; then
		left_out "the $variant run of ${*: -1}"
		return 0
	fi
	out=$(mktemp)
	vm "$variant" "$@" >"$out" 2>&1 || rc=$?
	[ "$pass" = ima-ns ] || variant=$pass
	sed -E "s/^((not )?ok [0-9]+)( -)? /\\1 - [$variant] /" "$out"
	plan=$(grep -oE '^1\.\.[0-9]+' "$out" | head -n 1 | cut -d. -f3)
	got=$(grep -cE '^(not )?ok ' "$out" || true)
	if [ "$rc" -ne 0 ] && ! grep -qE '^not ok ' "$out"; then
		TAP_TAG= not_ok "[$variant] guest run of ${*: -1} ended with status $rc"
	elif [ -n "$plan" ] && [ "$got" -ne "$plan" ]; then
		TAP_TAG= not_ok "[$variant] ${*: -1}: $got results, plan was $plan"
	fi
	rm -f "$out"
}
