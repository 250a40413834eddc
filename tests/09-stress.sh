#!/bin/bash
# Reliability under load: 500 IMA namespaces at once for STRESS_SECONDS
# (default 120, in both passes; `make stress` runs 600), their files
# changing under them and namespaces ending and starting again
# (tests/guest/stress.sh).
# Results: ima-ns 6, debug 6
. "$(dirname "$0")/lib.sh"

s=${STRESS_SECONDS:-120}
guest_tap ima-ns --env "STRESS_SECONDS=$s" --timeout $((s * 5 + 600)) \
	--append slab_nomerge --append audit_backlog_limit=8192 -- "$top/tests/guest/stress.sh"
