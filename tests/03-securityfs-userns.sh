#!/bin/bash
# securityfs in an unprivileged user namespace: EPERM on the stock kernel
# (securityfs is not FS_USERNS_MOUNT there) and with the series but
# CONFIG_IMA_NS=n (make check-off only), mounted with IMA namespaces.
# No debug pass: 04, 06 and 11 mount securityfs in user namespaces on the
# debug kernel.
# Results: ima-ns 2, off 1
. "$(dirname "$0")/lib.sh"

guest_tap stock --env EXPECT_USERNS_MOUNT=EPERM -- "$top/build/guest/bin/securityfs_userns"
guest_tap ima-ns-off --env EXPECT_USERNS_MOUNT=EPERM -- "$top/build/guest/bin/securityfs_userns"
guest_tap ima-ns --env EXPECT_USERNS_MOUNT=ok -- "$top/build/guest/bin/securityfs_userns"
