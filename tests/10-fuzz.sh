#!/bin/bash
# Policy input fuzzing: FUZZ_INPUTS random and mutated inputs (default
# 100000; 5000 in the debug pass, where each costs far more) from
# FUZZ_SEED (default 1) into the host's and namespaces' policy files
# (tests/guest/policyfuzz.sh).
. "$(dirname "$0")/lib.sh"

[ "$pass" = ima-ns ] && n=${FUZZ_INPUTS:-100000} || n=${FUZZ_INPUTS:-5000}
guest_tap ima-ns --env "FUZZ_INPUTS=$n" --env "FUZZ_SEED=${FUZZ_SEED:-1}" --timeout 3600 \
	-- "$top/tests/guest/policyfuzz.sh"
