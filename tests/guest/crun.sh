#!/bin/sh
# A rootless crun container, run by uid 1000 in a guest on the ima-ns
# kernel, gets an IMA namespace of its own by mounting securityfs, and the
# host's audit rule for uid 1000 still records what it executes.
. "$(dirname "$0")/tap.sh"
plan 3

tmp=$(mktemp -d)
chmod 755 "$tmp"
b=$tmp/bundle
mkdir -p "$b/rootfs/bin" "$b/rootfs/proc" "$b/rootfs/sys" "$b/rootfs/dev" "$tmp/state"
cp /bin/busybox "$b/rootfs/bin/"
# /bin/x: the static errno program, "errno read FILE" in the container.
cp "$(command -v errno)" "$b/rootfs/bin/x"
chown -R 1000:1000 "$tmp"

# crun's rootless spec (crun spec --rootless, which needs /sys/fs/cgroup
# and so runs on the build host), with CAP_SYS_ADMIN in the container's
# user namespace to mount securityfs, and without what this minimal
# kernel lacks: cgroups, POSIX message queues, ptys, network and UTS
# namespaces.  The container mounts securityfs, activates its IMA
# namespace and has /bin/x read ima/active.
cp "$(dirname "$0")/crun-config.json" "$b/config.json"

# crun looks at /sys/fs/cgroup even when it manages no cgroups; this
# kernel has none: give it an empty directory there.
mount -t tmpfs tmpfs /sys/fs
mkdir /sys/fs/cgroup

echo "audit func=BPRM_CHECK mask=MAY_EXEC uid=1000" >/sys/kernel/security/ima/policy
auditrd -o "$tmp/recs" -t INTEGRITY_RULE -- runas 1000 crun --root "$tmp/state" --cgroup-manager=disabled \
	run -b "$b" imans-test >"$tmp/out" 2>&1
is "the container mounts securityfs and activates its own IMA namespace" "$(cat "$tmp/out")" "1
OK"
is "the host's rule for uid 1000 records the container's exec of /bin/x (its path inside the container), as uid 1000" \
	"$(grep -F 'file="/bin/x" ' "$tmp/recs" | grep -oE ' uid=[0-9]+ ')" " uid=1000 "
# The container's IMA namespace is the one of its user namespace: once
# the container is gone, a new one starts inactive.
is "a second container starts with a fresh, inactive IMA namespace" \
	"$(runas 1000 crun --root "$tmp/state" --cgroup-manager=disabled run -b "$b" imans-test 2>&1)" "1
OK"
rm -rf "$tmp"
