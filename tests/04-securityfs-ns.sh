#!/bin/bash
# securityfs per user namespace (series part 1): who may use an instance,
# what it holds, that it goes away with its mounts, and that the host's
# instance is the same as on the stock kernel.
. "$(dirname "$0")/lib.sh"

guest_tap ima-ns --env SECURITYFS_NS_FILES= -- "$top/build/guest/bin/securityfs_ns"

# The host's /sys/kernel/security: same files, modes and owners.
list='cd /sys/kernel/security && find . -printf "%M %U %G %p\n" | sort'
stock=$("$vm" --variant stock -- sh -c "$list" 2>&1)
imans=$("$vm" --variant ima-ns -- sh -c "$list" 2>&1)
is "the host's securityfs lists the same on stock and ima-ns" "$imans" "$stock"
case "$stock" in
*" ./integrity/evm"*" ./integrity/ima/policy"*) ok "the host's securityfs has IMA and EVM files" ;;
*) not_ok "the host's securityfs has IMA and EVM files"; echo "$stock" | diag ;;
esac
