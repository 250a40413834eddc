#!/bin/bash
# Reliability under load: 500 IMA namespaces at once for STRESS_SECONDS
# (default 60, in both passes; `make stress` runs 600), their files
# changing under them and namespaces ending and starting again
# (tests/guest/stress.sh); and LSM-based rules of 3 namespaces read,
# matched and appended to while the host reloads SELinux's policy, for
# SELINUX_STRESS_SECONDS (default 30; tests/guest/selinux-stress.sh).
# Results: ima-ns 11, debug 11
. "$(dirname "$0")/lib.sh"

s=${STRESS_SECONDS:-60}
guest_tap ima-ns --env "STRESS_SECONDS=$s" --timeout $((s * 5 + 600)) \
	--append slab_nomerge --append audit_backlog_limit=8192 -- "$top/tests/guest/stress.sh"

s=${SELINUX_STRESS_SECONDS:-30}
guest_tap ima-ns --env "STRESS_SECONDS=$s" --timeout $((s * 5 + 600)) \
	--append "security=selinux enforcing=0" -- "$top/tests/guest/selinux-stress.sh"
