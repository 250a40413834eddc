#!/bin/bash
# The host's IMA works, on the stock kernel and with the series applied,
# with and without CONFIG_IMA_NS (ima-ns-off: make check-off only).
# No debug pass: 13-host-diff's debug pass runs the host's IMA on the
# debug kernel, with more scenarios.
# Results: ima-ns 28, off 14
. "$(dirname "$0")/lib.sh"

for v in stock ima-ns ima-ns-off; do
	guest_tap "$v" --append ima_policy=tcb --env IMA_TEST_KERNEL=$v -- "$top/tests/guest/host-ima.sh"
done
