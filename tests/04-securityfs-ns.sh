#!/bin/bash
# securityfs per user namespace: who may use an instance,
# what it holds, that it goes away with its mounts, and that the host's
# instance is the same as on the stock kernel.
# Results: ima-ns 10, debug 8, off 1
. "$(dirname "$0")/lib.sh"

guest_tap ima-ns --env "SECURITYFS_NS_FILES=ima integrity" -- "$top/build/guest/bin/securityfs_ns"
# Without IMA namespaces no user namespace may mount one (03 checks it).

# The host's /sys/kernel/security: same files, modes and owners.
# (The debug pass has no stock run to compare with.)
if ! in_pass stock; then
	left_out "the host's instance compared on stock, ima-ns and ima-ns-off"
	exit 0
fi
list='cd /sys/kernel/security && find . -printf "%M %U %G %p\n" | sort'
stock=$(vm stock -- sh -c "$list" 2>&1)
imans=$(vm ima-ns -- sh -c "$list" 2>&1)
is "the host's securityfs lists the same on stock and ima-ns" "$imans" "$stock"
if in_pass ima-ns-off; then
	is "and on ima-ns-off" "$(vm ima-ns-off -- sh -c "$list" 2>&1)" "$stock"
else
	left_out "the host's instance on ima-ns-off"
fi
is "the host's securityfs has IMA's and EVM's files" \
	"$(echo "$stock" | grep -E ' \./(ima|evm|lsm|integrity/(ima|evm)/(policy|evm))$')" \
"-r--r--r-- 0 0 ./lsm
-rw------- 0 0 ./integrity/ima/policy
-rw-rw---- 0 0 ./integrity/evm/evm
lr--r--r-- 0 0 ./evm
lr--r--r-- 0 0 ./ima"
