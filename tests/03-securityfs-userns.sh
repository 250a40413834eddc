#!/bin/bash
# securityfs in an unprivileged user namespace: EPERM without IMA
# namespaces.  (The ima-ns expectation flips when the series enables them.)
. "$(dirname "$0")/lib.sh"

guest_tap stock --env EXPECT_USERNS_MOUNT=EPERM -- "$top/build/guest/bin/securityfs_userns"
