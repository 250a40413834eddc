#!/bin/bash
# The benchmark runs (make bench QUICK=1: one quick round of stock and
# ima-ns) and reports every figure, so that it does not rot.  Its numbers
# are not judged here: a quick round is too short for that.
# No debug pass: it compares stock and ima-ns.
# Results: ima-ns 3
. "$(dirname "$0")/lib.sh"

out=$("$top/bench/run" --quick 2>&1)
is "make bench QUICK=1 ends successfully" "$?" 0
figures="exec read_1m exec_host_rule read_1m_host_rule nest_active_per_level nest_rule_per_level nest_plain_per_level nest_plain_per_level_stock ns_cycle exec_ns_measure exec_host_measure lsm_load_scale lsm_ns_scale"
is "it prints one line per figure, NAME ratio=R (median of 1, MIN..MAX)" \
	"$(for f in $figures; do echo "$out" | grep -cE "^$f ratio=-?[0-9.]+ \\(median of 1, -?[0-9.]+\\.\\.-?[0-9.]+\\)\$"; done | tr '\n' ' ')" \
	"1 1 1 1 1 1 1 1 1 1 1 1 1 "
is "and the memory figures, with the namespace caches empty after the namespaces ended" \
	"$(echo "$out" | grep -E '^mem_' | sed -E 's/=[0-9]+$/=N/')" \
"mem_ima_namespace bytes=N
mem_ns_status bytes=N
mem_per_rule bytes=N
mem_after_namespaces objects=0,0
mem_per_entry bytes=N"
echo "$out" | diag
