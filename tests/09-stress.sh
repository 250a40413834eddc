#!/bin/bash
# Reliability under load: 500 IMA namespaces at once for STRESS_SECONDS
# (default 120; 60 in the debug pass, where each step costs far more;
# `make stress` runs 600), their files changing under them and namespaces
# ending and starting again (tests/guest/stress.sh).
. "$(dirname "$0")/lib.sh"

[ "$pass" = ima-ns ] && s=${STRESS_SECONDS:-120} || s=${STRESS_SECONDS:-60}
guest_tap ima-ns --env "STRESS_SECONDS=$s" --timeout $((s * 5 + 600)) \
	--append slab_nomerge --append audit_backlog_limit=8192 -- "$top/tests/guest/stress.sh"
