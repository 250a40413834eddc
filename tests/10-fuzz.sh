#!/bin/bash
# Policy input fuzzing: FUZZ_INPUTS random and mutated inputs (default
# 100000; 5000 in the debug pass, where each costs far more) from
# FUZZ_SEED into the host's and namespaces' policy files
# (tests/guest/policyfuzz.sh).  The seed defaults to 1 in the ima-ns pass
# and 2 in the debug pass, so that the debug pass's inputs are new; every
# result names its seed, and FUZZ_SEED=N replays a run.
# Results: ima-ns 2, debug 2
. "$(dirname "$0")/lib.sh"

if [ "$pass" = ima-ns ]; then
	n=${FUZZ_INPUTS:-100000} seed=${FUZZ_SEED:-1}
else
	n=${FUZZ_INPUTS:-5000} seed=${FUZZ_SEED:-2}
fi
guest_tap ima-ns --env "FUZZ_INPUTS=$n" --env "FUZZ_SEED=$seed" --timeout 3600 \
	-- "$top/tests/guest/policyfuzz.sh"
