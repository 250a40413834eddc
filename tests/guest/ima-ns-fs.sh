#!/bin/sh
# A namespace's measurements on the file systems that keep IMA's state
# apart from the file's inode, from a guest on the ima-ns kernel with a
# scratch disk (tools/vm --disk 64):
# - overlayfs: a namespace measures a file of an overlay again when the
#   file under it changes, though nobody wrote through the overlay: the
#   lower file in place, the copy-up, the upper file in place (IMA
#   compares the backing inode and its version with those kept in the
#   namespace's ns_status), and adds nothing for a second read of the
#   same content; with and without the host measuring the same file,
#   whose own list stays exact.  (The version IMA keeps is the overlay
#   inode's, which overlayfs never sets, not the backing inode's: so a
#   file whose backing inode has a version, here after a chown, is
#   collected again at every access, by the host as on stock and by a
#   namespace alike; the list's table keeps one entry per content.  A
#   known gap in docs/threat-model.md.);
# - fs-verity (ext4 on the disk): the host's rule with digest_type=verity
#   records the file's fs-verity digest, a namespace's rule on the same
#   file the file's digest in the namespace's own algorithm, and a file
#   without fs-verity is measured by the namespace while the host's rule
#   refuses it with its one collect_data record.
# No record, no log line of a namespace's; every list exact, computed by
# the test (imaentry.py, verity.py).
#
#   ima-ns-fs.sh            the test
#   ima-ns-fs.sh cases DIR  its steps, results in DIR (run by the test
#                           under auditrd)
. "$(dirname "$0")/tap.sh"
. "$(dirname "$0")/helpers.sh"
ima=/sys/kernel/security/ima
here=$(dirname "$0")
ovl_magic=0x794c7630 ext4_magic=0xef53

if [ "${1:-}" = cases ]; then
	tmp=$2
	not_ok() { echo "$*" >>"$tmp/failed"; }

	# overlay NAME: an overlay at $tmp/NAME/m of a lower and an upper
	# file system, each a tmpfs of its own, mounted by the host's root;
	# its file f, uid 1000's, reads "one".
	overlay() {
		o=$tmp/$1
		mkdir -p "$o/l" "$o/u" "$o/m" && mount -t tmpfs lower "$o/l" &&
			mount -t tmpfs upper "$o/u" && mkdir "$o/u/up" "$o/u/work" &&
			printf one >"$o/l/f" && chown 1000 "$o/l/f" &&
			mount -t overlay overlay -o "lowerdir=$o/l,upperdir=$o/u/up,workdir=$o/u/work" "$o/m" ||
			not_ok "$1: setting up the overlay"
	}
	# changes NAME: a namespace that measures what it reads on overlays
	# reads $tmp/NAME/m/f after each change; after each read, its count.
	changes() {
		o=$tmp/$1
		hold "$1" userns "echo 1 >$ima/active && errno write $ima/policy 'measure func=FILE_CHECK mask=MAY_READ fsmagic=$ovl_magic
' >/dev/null"
		m=$held
		in_m() { nsenter -t "$m" --user --mount sh -c "$1" || not_ok "$o: in the namespace: $1: status $?"; }
		count() { cat "/proc/$m/root$ima/runtime_measurements_count" >>"$o/counts"; }
		in_m "cat $o/m/f >/dev/null"; count
		in_m "cat $o/m/f >/dev/null"; count
		# The lower file, in place, by the host.
		printf two >"$o/l/f" || not_ok "$o: writing the lower file"
		in_m "cat $o/m/f >/dev/null"; count
		# Through the overlay, by the namespace: the copy-up.
		in_m "printf three >$o/m/f && cat $o/m/f >/dev/null"; count
		# The upper file, in place, by the host, keeping its size: the
		# overlay's inode keeps the size it had (overlayfs leaves changes
		# beneath it undefined), so a shorter file would read short, and
		# the host and a namespace alike record a zero digest.
		printf eight >"$o/u/up/f" || not_ok "$o: writing the upper file"
		in_m "cat $o/m/f >/dev/null"; count
		in_m "cat $o/m/f >/dev/null"; count
		cp "/proc/$m/root$ima/ascii_runtime_measurements" "$o/list" ||
			not_ok "$o: reading the list"
		release "$1"
	}

	overlay alone && changes alone
	# The same with the host measuring what is read on overlays too: its
	# walk comes first, and it must not take the namespace's change for
	# its own, nor the other way round.
	overlay both
	errno write $ima/policy "measure func=FILE_CHECK mask=MAY_READ fsmagic=$ovl_magic
" >/dev/null || not_ok "the host's overlay rule was refused"
	changes both

	# fs-verity on ext4: v has it, p has not.  The host's rule asks for
	# the fs-verity digest; the namespace's (sha224) for its own.
	e=$tmp/e
	mkdir "$e" && mkfs.ext4 -q -b 4096 -O verity /dev/vda && mount -t ext4 /dev/vda "$e" &&
		printf verity >"$e/v" && printf plain >"$e/p" && chmod 0644 "$e/v" "$e/p" &&
		"$here/verity.py" enable "$e/v" && "$here/verity.py" digest "$e/v" >"$tmp/v.verity" &&
		stat -c %i "$e/p" >"$tmp/p.ino" ||
		not_ok "setting up fs-verity on ext4"
	errno write $ima/policy "measure func=FILE_CHECK mask=MAY_READ fsmagic=$ext4_magic digest_type=verity template=ima-ngv2
" >/dev/null || not_ok "the host's verity rule was refused"
	hold v userns "echo sha224 >$ima/hash && echo 1 >$ima/active &&
		errno write $ima/policy 'measure func=FILE_CHECK mask=MAY_READ fsmagic=$ext4_magic template=ima-ngv2
' >/dev/null"
	nsenter -t "$held" --user --mount sh -c "cat $e/v >/dev/null && echo \$\$ >$tmp/p.pid && exec cat $e/p >/dev/null" &&
		nsenter -t "$held" --user --mount sh -c "echo \$\$ >>$tmp/p.pid && exec cat $e/v $e/p >/dev/null" &&
		cp "/proc/$held/root$ima/ascii_runtime_measurements" "$tmp/e.list" ||
		not_ok "verity: in the namespace: status $?"
	release v
	exit 0
fi

plan 10
tmp=$(mktemp -d) && chmod 1777 "$tmp" || { echo "no directory for the test" | diag; exit 1; }

host_state "$tmp/host-before" && dmesg >"$tmp/dmesg-before" || { echo "cannot read the host's state" | diag; exit 1; }
auditrd -o "$tmp/recs" -- "$0" cases "$tmp" || echo "auditrd: status $?" >>"$tmp/failed"
dmesg >"$tmp/dmesg-after" || echo "dmesg: status $?" >>"$tmp/failed"
is "every step ran" "$(cat "$tmp/failed" 2>/dev/null)" ""

# One entry per content the namespace read: a read of the same content
# adds none, each change one, whoever made it and wherever.
for o in alone both; do
	is "overlay ($o): the count after each read: one entry more after the lower file changed in place, after the copy-up, after the upper file changed in place; none for a second read of the same content" \
		"$(tr '\n' ' ' <"$tmp/$o/counts")" "2 2 3 4 5 5 "
	is "overlay ($o): the namespace's list, entry by entry" "$(cat "$tmp/$o/list")" \
		"$({ echo "10 ima-ng sha256 0 boot_aggregate"
		for c in one two three eight; do echo "10 ima-ng sha256 $(sha sha256 $c) $tmp/$o/m/f"; done; } |
			ima_entries ascii)"
done
host_state "$tmp/host-after" || echo "cannot read the host's state" | diag
is "the host's violations did not change" "$(tail -n 1 "$tmp/host-after")" "$(tail -n 1 "$tmp/host-before")"
is "the host's new entries: each content of the overlay's file it measured too, in its own template, after its rule was loaded" \
	"$(diff "$tmp/host-before" "$tmp/host-after" | sed -n 's/^> //p' | grep -v '^[0-9]*$')" \
	"$({ for c in one two three eight; do echo "10 ima-sig sha256 $(sha sha256 $c) $tmp/both/m/f"; done
	echo "10 ima-ngv2 sha256 verity:$(cat "$tmp/v.verity") $tmp/e/v"; } | ima_entries ascii)"
is "fs-verity: the namespace's entries of a file with fs-verity and one without are their sha224 digests, read once each, whatever the host's rule asks of the file" \
	"$(cat "$tmp/e.list")" "$(printf '%s\n' "10 ima-ng sha224 0 boot_aggregate" \
		"10 ima-ngv2 sha224 $(sha sha224 verity) $tmp/e/v" \
		"10 ima-ngv2 sha224 $(sha sha224 plain) $tmp/e/p" | ima_entries ascii)"
# IMA's records: the host's two policy loads, and its rule's
# collect_data for the file without fs-verity, at each of the two reads
# (pids from the namespace's shell, which exec'd cat).
policy_load() {
	echo "type=INTEGRITY_POLICY_RULE action=measure func=FILE_CHECK mask=MAY_READ $1 res=1"
	echo "type=INTEGRITY_STATUS pid=N uid=0 auid=4294967295 ses=4294967295 subj=unconfined op=policy_update cause=completed comm=\"errno\" res=1 errno=0"
}
is "IMA's audit records: the host's policy loads and, for the file without fs-verity, its rule's collect_data at each read; nothing of the namespaces'" \
	"$(audit_strip <"$tmp/recs" | grep '^type=INTEGRITY_' | sed -E 's/^(type=INTEGRITY_STATUS pid=)[0-9]+/\1N/')" \
	"$(policy_load "fsmagic=$ovl_magic"
	policy_load "fsmagic=$ext4_magic digest_type=verity template=ima-ngv2"
	for pid in $(cat "$tmp/p.pid"); do
		echo "type=INTEGRITY_DATA pid=$pid uid=1000 auid=4294967295 ses=4294967295 subj=unconfined op=collect_data cause=no-verity-digest comm=\"cat\" name=\"p\" dev=\"vda\" ino=$(cat "$tmp/p.ino") res=0 errno=0"
	done)"
is "IMA's kernel log lines: the host's two policy loads, nothing of the namespaces'" \
	"$(ima_log_lines "$tmp/dmesg-before" "$tmp/dmesg-after" | sed -E 's/^> \[[ 0-9.]+\] //')" "ima: policy update completed
ima: policy update completed"
