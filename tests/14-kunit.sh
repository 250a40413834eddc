#!/bin/bash
# KUnit: the series' in-kernel tests, of what no system call reaches:
# securityfs_remove() on an error path's non-empty directory (no warning,
# the directory left as it was, the mount's pins balanced) and IMA's LSM
# policy notifier (the host's rules updated at once, another namespace's
# stale until its next use, and after a policy update whose rules were
# parsed against an older LSM policy).  They are built into the debug
# kernel only (configs/debug.config) and run at its boot with
# kunit.enable=1, under KASAN, lockdep and kmemleak.
# No debug pass: it boots the debug kernel in the ima-ns pass already.
# Results: ima-ns 2
. "$(dirname "$0")/lib.sh"

# Every result line of the suites' KTAP, indentation kept.
out=$("$top/tools/vm" --variant debug --kmemleak --append kunit.enable=1 -- \
	sh -c 'cd /sys/kernel/debug/kunit && ls && cat securityfs/results ima_lsm_notifier/results' 2>&1)
rc=$?
is "the debug kernel runs KUnit at boot with no kernel report" "$rc" 0
results=$(printf '%s\n' "$out" | grep -E '^ *(not )?ok |^[a-z_]+$')
is "exactly the series' suites run, and every case passes" "$results" "ima_lsm_notifier
securityfs
    ok 1 securityfs_remove_file_then_dir_test
    ok 2 securityfs_remove_nonempty_dir_test
ok 1 securityfs
    ok 1 ima_lsm_change_updates_host_now_test
    ok 2 ima_lsm_change_updates_namespace_later_test
    ok 3 ima_policy_update_after_change_test
    ok 4 ima_lsm_other_event_test
ok 1 ima_lsm_notifier"
