#!/bin/sh
# The v14 cover letter's scenario, as it is written there: root builds a
# busybox root filesystem, enters a new user, mount and pid namespace in it,
# mounts securityfs, activates the IMA namespace, loads an audit rule and
# runs busybox2 (busybox with a newline appended, so another file with
# another hash).  The records are read from the host's audit socket.
#
# One addition: the container's shell waits on a fifo before it runs
# busybox2, so that the host can learn the pids of unshare and of that
# shell without sleeping.  The shell runs busybox2, its last command, in
# its own process: the records' ppid and pid are the two.
#
# Usage: cover-letter.sh DIR [HOST-RULES]: builds the root filesystem in
# DIR; HOST-RULES, if given, are loaded into the host's policy first.
# Prints the records with their time stamps taken out, after a line
# "unshare=PID shell=PID user:[INODE]" giving the two host pids and the
# container's user namespace.
set -eu
dir=$1
rm -rf "$dir"
mkdir -p "$dir/rootfs/bin" "$dir/rootfs/mnt" "$dir/rootfs/proc"
cd "$dir"
cp /bin/busybox rootfs/bin
cp /bin/busybox rootfs/bin/busybox2
echo >>rootfs/bin/busybox2
mkfifo rootfs/sync
[ $# -lt 2 ] || printf '%s' "$2" >/sys/kernel/security/ima/policy

# shellcheck disable=SC2016 # expanded by the container's shell
auditrd -o recs -t INTEGRITY_RULE -- sh -c '
	PATH=/bin unshare --user --map-root-user --mount-proc --pid --fork \
	  --root rootfs busybox sh -c \
	 "busybox mount -t securityfs /mnt /mnt; \
	  busybox echo 1 > /mnt/ima/active; \
	  busybox echo '\''audit func=BPRM_CHECK mask=MAY_EXEC'\'' > /mnt/ima/policy; \
	  read x < /sync; \
	  busybox2 cat /mnt/ima/policy" &
	# Opening the fifo waits for the container shell to open it.
	exec 3>rootfs/sync
	shell=$(grep -l "^PPid:[[:space:]]*$!\$" /proc/[0-9]*/status | cut -d/ -f3)
	echo "unshare=$! shell=$shell $(readlink /proc/$shell/ns/user)" >pids
	exec 3>&-
	wait $!' >out
cat pids
sed -E 's/ msg=audit\([0-9.:]+\)://' recs
