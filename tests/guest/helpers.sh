# Helpers for the guest test scripts (POSIX sh): namespaces with a
# securityfs of their own, holding one open while the test looks at it,
# and audit records.  Source it after tap.sh.  Every name means the same
# in every script; a script's own helpers take other names.

# Another host user is always "runas UID CMD" (tests/guest/runas.c), a
# program, so that it works in sh -c strings and after auditrd or nsenter.

# userns CMD: sh -c CMD as uid 1000 become root of a new user and mount
# namespace, with the namespace's own securityfs mounted on
# /sys/kernel/security (not activated).
userns() {
	runas 1000 unshare --user --map-root-user --mount \
		sh -c "mount -t securityfs securityfs /sys/kernel/security && $1"
}

# rootns CMD: the same for the host's root (root mapped to root), which
# keeps CAP_AUDIT_WRITE over the host and so may set audit rules there.
rootns() {
	unshare --user --map-root-user --mount \
		sh -c "mount -t securityfs securityfs /sys/kernel/security && $1"
}

# hold NAME userns|rootns SETUP [AFTER]: in the background, a namespace
# made by userns or rootns runs SETUP and then waits until release NAME,
# after which it runs AFTER; release NAME returns when it has ended, and a
# status other than 0 is a failed test.  hold returns once SETUP (one
# command list: join its commands with &&) succeeded, with the namespace's
# shell's pid in $held; if SETUP failed, $held is empty and release NAME
# does not wait for a signal.  NAME is a word of letters and digits.
# Needs $tmp (mode 1777 for userns); the namespace's shell uses fd 9 to
# say it is ready.
hold() {
	mkfifo -m 666 "$tmp/$1.ready" "$tmp/$1.go"
	$2 "$3 && echo \$\$ >&9 && exec 9>&- && read x <$tmp/$1.go && ${4:-:}" 9>"$tmp/$1.ready" &
	eval "_hold_$1=\$!"
	read -r held <"$tmp/$1.ready"
	if [ -z "$held" ]; then
		echo "hold $1: the namespace's set-up failed" >&2
		rm "$tmp/$1.go" && : >"$tmp/$1.go"
	fi
}
release() {
	echo >"$tmp/$1.go"
	eval "wait \$_hold_$1" || not_ok "the namespace held as $1 ended with status $?"
}

# host_state FILE: the host's measurement list, its count and its
# violations, into FILE, to compare before and after a namespace's work.
host_state() {
	cat /sys/kernel/security/ima/ascii_runtime_measurements \
		/sys/kernel/security/ima/runtime_measurements_count \
		/sys/kernel/security/ima/violations >"$1"
}

# ima_log_lines BEFORE AFTER: the kernel log lines of IMA and of the
# integrity subsystem, and the audit records that went to the kernel log,
# that AFTER (dmesg's output) has beyond BEFORE.
ima_log_lines() {
	diff "$1" "$2" | grep -E '\] (ima|integrity|IMA): |audit: type=18[0-9][0-9] '
}

# audit_strip: audit records with their time stamp and serial taken out,
# so that they can be compared whole: "type=T msg=audit(...): rest"
# becomes "type=T rest".
audit_strip() { sed -E 's/ msg=audit\([0-9.:]+\)://'; }

# inum: the inode number of a namespace, from readlink's "user:[N]".
inum() { sed -n 's/.*user:\[\([0-9]*\)\].*/\1/p'; }

# selinux_load with|without: one of the policies that tools/selinux built
# (build/selinux/with.33 or without.33) into the guest's SELinux, in one
# write(2) as selinuxfs wants it.
selinux_load() {
	dd if="$(dirname "$0")/../../build/selinux/$1.33" of=/sys/fs/selinux/load \
		bs=16M iflag=fullblock status=none
}

# sha ALGO TEXT: the digest of TEXT (no newline added) in ALGO, in hex,
# as the coreutils tool ALGOsum prints it.
sha() { printf '%s' "$2" | "${1}sum" | cut -d' ' -f1; }

# ima_entries ascii|binary: for each line "PCR TEMPLATE ALGO DIGEST NAME
# [NSID]" on stdin, the list entry IMA should make, computed from IMA's
# formats by imaentry.py, all in one process (a Python process takes
# seconds to start on the debug kernel).
ima_entries() {
	"$(dirname "$0")/imaentry.py" "$1" -
}
