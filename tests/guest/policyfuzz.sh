#!/bin/sh
# Policy input fuzzing (tests/guest/policyfuzz.c), from a guest booted with
# no IMA policy: FUZZ_INPUTS inputs (default 100000), half into the host's
# policy and half into namespaces' (a new namespace every 5000, at least two), from
# FUZZ_SEED (default 1); every other namespace is uid 1000's.  Every write
# ends in acceptance or a clean error, the policy reads back well-formed,
# nothing else breaks, and unreclaimable slab ends within 4 MiB of where
# it started (no input leaves anything behind); the audit records of the
# host's policy updates go to the audit socket and are dropped.
. "$(dirname "$0")/tap.sh"
. "$(dirname "$0")/slab.sh"
plan 2

n=${FUZZ_INPUTS:-100000}
seed=${FUZZ_SEED:-1}
tmp=$(mktemp -d)
# uid 1000 (every other namespace) writes its policy files there too.
chmod 1777 "$tmp"
# fuzz TARGET ARGS: run policyfuzz, print what it says as diagnostics,
# and check that it ended well with the summary for TARGET.
fuzz() {
	_target=$1
	shift
	_s=$(sunreclaim)
	auditrd -o /dev/null -- policyfuzz -s "$seed" -d "$tmp" "$@" >"$tmp/out" 2>&1
	_rc=$?
	# The namespaces are freed from a workqueue after their last task.
	_d=$(($(settle_sunreclaim "$_s" 4096) - _s))
	diag <"$tmp/out"
	[ "$_d" -le 4096 ] && _d=ok || _d="+$_d kB"
	is "$_target: $(grep -oE '[0-9]+ inputs( in [0-9]+ namespaces)?' "$tmp/out" | head -n 1) from seed $seed: every write accepted or refused with a clean error, some rules loaded, the policy well-formed after each batch, SUnreclaim within 4096 kB at the end" \
		"$(grep -c '^policyfuzz: FAIL' "$tmp/out") $(grep -cE "^policyfuzz: $_target: [0-9]+ inputs.*, [1-9][0-9]* accepted, [1-9][0-9]* rules loaded;.*; 0 failures\$" "$tmp/out") status $_rc sunreclaim $_d" \
		"0 1 status 0 sunreclaim ok"
}
fuzz host -n $((n / 2))
# A new namespace every 5000 inputs, and at least two, so that uid 1000
# owns some whatever the count.
ns_n=$((n - n / 2))
chunk=$((ns_n / 2))
[ "$chunk" -le 5000 ] || chunk=5000
fuzz namespaces -n "$ns_n" -N "$chunk"
rm -rf "$tmp"
