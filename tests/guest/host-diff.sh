#!/bin/sh
# The host's IMA as a corpus of scenarios, for tests/13-host-diff.sh to run
# on stock, ima-ns-off and ima-ns and compare: every kernel must print the
# same.  Each scenario runs at depth 0, 1 and 2 of user namespaces (host
# root mapped to root) and in a new pid and mount namespace; what it
# printed is the host's new measurement list entries, the change of the
# violations counter and the audit records it caused, read from the audit
# socket.  At the end: the whole list, ascii and binary.
#
#   host-diff.sh DIR tcb|custom plain|sibling
#
# The contexts: d0 (the host), d1 and d2 (user namespaces 1 and 2 deep),
# pm (new pid and mount namespaces), na (below an active IMA namespace in
# "sibling" mode); HOST_DIFF_CONTEXTS, when set, picks some of them.
#
# DIR is a fresh, writable 9p share (tcb measures no tmpfs file), the same
# path on every kernel, holding cert.der, an X.509 certificate.  With
# "custom" the guest was booted with no policy and ima_appraise=fix and
# loads one with measure, audit and appraise rules.  With "sibling" (ima-ns
# only) a container with an active IMA namespace and measure and audit
# rules of its own lives while the scenarios run; with "plain" nothing but
# the host's IMA is ever used.
#
# Output is normalised only for what cannot be the same from one boot to
# the next: audit time stamps and serials, pids and inode numbers, and the
# digests of the guest's command file.
. "$(dirname "$0")/tap.sh"
. "$(dirname "$0")/helpers.sh"
dir=$1 policy=$2 mode=$3
contexts=${HOST_DIFF_CONTEXTS:-d0 d1 d2 pm na}
sfs=/sys/kernel/security
ima=$sfs/ima
tmp=/tmp/hd
mkdir "$tmp" || exit 1
fail() { echo "host-diff: $*" >&2; exit 1; }
[ -f "$dir/cert.der" ] || fail "no $dir/cert.der"

if [ "$policy" = custom ]; then
	# 0x1021997 is 9p: the scenarios' files and every program.
	errno write $ima/policy "measure func=POLICY_CHECK
measure func=KEY_CHECK
measure func=BPRM_CHECK mask=MAY_EXEC
measure func=MMAP_CHECK mask=MAY_EXEC
measure func=FILE_CHECK mask=MAY_READ fsmagic=0x1021997
audit func=FILE_CHECK mask=MAY_READ fsmagic=0x1021997
audit func=BPRM_CHECK mask=MAY_EXEC
appraise func=FILE_CHECK mask=MAY_READ fowner=1234
" >/dev/null || fail "custom policy refused"
fi

# Every program the scenarios and the sibling run, run once first, so that
# their own measurements come before any scenario's, in the same order on
# every kernel, whatever the sibling ran.
for p in unshare mount sh cat keyctl sed tail wc chmod chown mkfifo; do
	"$p" --version >/dev/null 2>&1
done
errno >/dev/null 2>&1
auditrd -o /dev/null -- true || fail "auditrd does not work"

held=
if [ "$mode" = sibling ]; then
	# A container with an active IMA namespace whose own rules measure
	# and audit every read and exec in it; it waits on a FIFO while the
	# scenarios run.  Its records, if any reached the host, would show
	# below.
	hold sibling rootns "echo 1 >$ima/active && errno write $ima/policy 'measure func=FILE_CHECK mask=MAY_READ
measure func=BPRM_CHECK mask=MAY_EXEC
audit func=FILE_CHECK mask=MAY_READ
audit func=BPRM_CHECK mask=MAY_EXEC
' >/dev/null"
	sibling=$!
	[ -n "$held" ] || fail "sibling not set up"
elif [ "$mode" != plain ]; then
	fail "mode $mode?"
fi

# The context "na": in a new user and mount namespace, below an IMA
# namespace of its own, in "sibling" mode (where the kernel has IMA
# namespaces: that namespace's policy is then evaluated after the host's);
# in "plain" mode nothing is mounted.  The namespace audits every file of
# the share (9p) opened for writing in it, and measures every file of the
# root file system and the share (both 9p) opened in it, whatever for,
# into its own list (O_DIRECT included), so it reads their contents
# first: what it learns must never stand for what the host measures
# later.  Its records carry ima_nsid= (13 leaves them out of the
# comparison).  (Not securityfs's files: its rule would then try to read
# the host's policy file as the policy scenario writes it, and the
# failure's INTEGRITY_DATA record, which names no namespace, would differ.)
# The script is the same in both modes: the host measures it.
# Each activation's outcome goes to $tmp/na, and the count of the
# namespace's list after the scenario to $tmp/na-list, neither compared.
mkdir "$tmp/sfs"
cat >"$tmp/na.sh" <<EOF
#!/bin/sh
if [ -e $tmp/sibling ]; then
	mount -t securityfs securityfs $tmp/sfs 2>/dev/null &&
		echo 1 2>/dev/null >$tmp/sfs/integrity/ima/active &&
		printf 'audit func=FILE_CHECK mask=^MAY_WRITE fsmagic=0x1021997\nmeasure func=FILE_CHECK fsmagic=0x1021997\n' \
			2>/dev/null >$tmp/sfs/integrity/ima/policy
	echo \$? >>$tmp/na
fi
"\$@"
rc=\$?
[ ! -e $tmp/sibling ] || cat $tmp/sfs/integrity/ima/runtime_measurements_count >>$tmp/na-list
exit \$rc
EOF
chmod 755 "$tmp/na.sh"
[ "$mode" = plain ] || : >"$tmp/sibling"
# inctx CTX: the command that runs what follows in context CTX.
inctx() {
	case $1 in
	d0) echo "" ;;
	d1) echo "unshare --user --map-root-user" ;;
	d2) echo "unshare --user --map-root-user unshare --user --map-root-user" ;;
	pm) echo "unshare --pid --mount --fork" ;;
	na) echo "unshare --user --map-root-user --mount $tmp/na.sh" ;;
	esac
}
count() { wc -l <$ima/ascii_runtime_measurements; }
# The audit records, without what differs from boot to boot.
norm() { audit_strip | sed -E 's/ (ppid|pid|ino)=[0-9]+//g'; }

# scenario NAME CMD [TEXT]: CMD (a shell command) in every context, on a
# file of its own, $f: a copy of /usr/bin/true with NAME appended, or TEXT.
# Its owner is uid 1234, which the custom policy appraises; anyone may
# write it, root in a user namespace too.
scenario() {
	for c in $contexts; do
		f=$dir/$c-$1
		if [ $# -gt 2 ]; then echo "$3"; else cat /usr/bin/true; echo "$1"; fi >"$f" &&
			chmod 777 "$f" && chown 1234:1234 "$f" || fail "cannot create $f"
		n=$(count) v=$(cat $ima/violations)
		# shellcheck disable=SC2046
		auditrd -o "$tmp/recs" -t 1800 -t 1801 -t 1802 -t 1803 -t 1804 \
			-t 1805 -t 1806 -t 1807 -- $(inctx $c) sh -c "f=$f; $2" >"$tmp/out" 2>&1
		echo "== $1 in $c: status $?"
		sed 's/^/out: /' "$tmp/out"
		tail -n +$((n + 1)) $ima/ascii_runtime_measurements | sed 's/^/list: /'
		echo "violations: +$(($(cat $ima/violations) - v))"
		norm <"$tmp/recs" | sed 's/^/audit: /'
	done
}

scenario exec '$f'
scenario mmap 'errno mmap $f'
scenario read 'cat $f >/dev/null'
scenario open-writers 'exec 3>>$f; cat $f >/dev/null'
# Read while its writer, which changed it, still has it open.
scenario written 'exec 3>>$f; echo y >&3; cat $f >/dev/null'
scenario tomtou 'exec 3<$f; echo x >>$f'
scenario direct 'errno open $f d'
scenario modified 'cat $f >/dev/null; echo y >>$f; cat $f >/dev/null'
scenario key "keyctl padd asymmetric '' @s <$dir/cert.der >/dev/null"
# Last: under tcb, the first policy loaded replaces the boot policy.
scenario policy "errno write $ima/policy \$f" "dont_measure fsmagic=0x5ca1ab1e"

# The host's policy, as its root reads it, and as a process holding
# CAP_MAC_ADMIN but not CAP_SYS_ADMIN opens it (EPERM on stock).
echo "== the policy"
sed 's/^/policy: /' $ima/policy
echo "CAP_MAC_ADMIN alone opens it: $(setpriv --bounding-set=-all,+mac_admin errno open $ima/policy)"

if [ -n "$held" ]; then
	echo >"$tmp/sibling.go"
	wait "$sibling" || fail "sibling ended with $?"
fi
# The whole list, ascii and binary (parsed, every template digest
# checked), but for the digests of the guest's command file, which names
# the kernel it runs on.
cmdfile() { sed -E 's|^([0-9]+) [0-9a-f]{40} ([a-z-]+) [a-z0-9]+:[0-9a-f]+ /run/vm/cmd( ?)$|\1 - \2 - /run/vm/cmd\3|'; }
echo "== the whole list"
cmdfile <$ima/ascii_runtime_measurements | sed 's/^/list: /'
"$(dirname "$0")/imalist.py" $ima/binary_runtime_measurements >"$tmp/binary" || fail "binary list"
cmdfile <"$tmp/binary" | sed 's/^/binary: /'
echo "violations: $(cat $ima/violations)"

# Not compared (tests/13-host-diff.sh checks them): on a kernel with
# lockdep, whether the ns_status lock was ever taken, which it must not
# be while no IMA namespace is active; and how the "na" context's
# activations went.
if [ -r /proc/lockdep ]; then
	if grep -q ' ima_ns_status_lock$' /proc/lockdep; then
		echo "lock: ima_ns_status_lock taken: yes"
	else
		echo "lock: ima_ns_status_lock taken: no"
	fi
fi
[ ! -e "$tmp/na" ] || echo "na: activations: $(paste -sd' ' "$tmp/na")"
[ ! -e "$tmp/na-list" ] || echo "na: lists: $(paste -sd' ' "$tmp/na-list")"

# Last, as it makes an IMA namespace where the kernel has them.
echo "== securityfs mounted in a new user namespace"
unshare --user --map-root-user --mount sh -c "mount -t securityfs securityfs $sfs 2>/dev/null; echo status \$?"
