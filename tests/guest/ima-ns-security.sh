#!/bin/sh
# What a namespace must not be able to do, from a guest on the ima-ns
# kernel booted with no IMA policy: reach another namespace's securityfs
# through /proc/PID/root, escape the host's audit rule by any mix of
# nested namespaces, setns and unmounting securityfs, set the host's
# appraise flags, or see anything but IMA's files in its securityfs, at
# any depth.  (ima-ns.sh checks who may set audit rules and the 1024-rule
# limit; securityfs_ns.c checks instances reached by file descriptor.)
. "$(dirname "$0")/tap.sh"
. "$(dirname "$0")/helpers.sh"
plan 10

sfs=/sys/kernel/security
ima=$sfs/ima
tmp=$(mktemp -d)
chmod 1777 "$tmp"
rule="dont_measure fsmagic=0x1
"

# Another namespace's policy through /proc/PID/root: "READ WRITE" results.
hold a userns "echo 1 >$ima/active"
p=/proc/$held/root$ima/policy
both() { echo "$("$@" errno read "$p" | tail -n 1) $("$@" errno write "$p" "$rule")"; }
is "through /proc/PID/root: another host user gets EACCES reading and writing a namespace's policy (procfs refuses it)" \
	"$(both runas 1001)" "EACCES EACCES"
is "uid 1000 from a sibling user namespace of its own gets EACCES" \
	"$(both runas 1000 unshare --user --map-root-user)" "EACCES EACCES"
is "a namespace nested in it gets EACCES" \
	"$(both nsenter -t "$held" --user --mount unshare --user --map-root-user)" "EACCES EACCES"
is "while its owner and the host's root may use it" \
	"$(both runas 1000; both)" "OK OK
OK OK"
release a

# The host's rules for uid 1000 against every way out: an exec (eN), an
# executable mapping (mN, owned by uid 1003), a read (fN, owned by uid
# 1002) and, where securityfs is mounted, a policy the kernel reads by path
# (pN): one record each.  The owners keep each rule to its own files.
for i in 1 2 3 4 5 6; do
	cp /usr/bin/true "$tmp/e$i"
	echo "e$i" >>"$tmp/e$i"
	echo "m$i" >"$tmp/m$i"
	echo "f$i" >"$tmp/f$i"
	chown 1003 "$tmp/m$i"
	chown 1002 "$tmp/f$i"
done
echo "dont_measure fsmagic=0x6" >"$tmp/p6"
printf '#!/bin/sh\n%s\n' "$tmp/e\$1 && errno mmap $tmp/m\$1 >/dev/null && cat $tmp/f\$1 >/dev/null" >"$tmp/go"
chmod 755 "$tmp/go"
echo "audit func=BPRM_CHECK mask=MAY_EXEC uid=1000
audit func=MMAP_CHECK mask=MAY_EXEC uid=1000 fowner=1003
audit func=FILE_CHECK mask=MAY_READ uid=1000 fowner=1002
audit func=POLICY_CHECK uid=1000" >$ima/policy
hold b userns "echo 1 >$ima/active"
auditrd -o "$tmp/recs" -t INTEGRITY_RULE -- sh -c "
	runas 1000 nest -a 1 -- sh -c 'umount $sfs && $tmp/go 1' &&
	runas 1000 nest -a -r 'dont_measure func=BPRM_CHECK' -r 'dont_measure func=MMAP_CHECK' \
		-r 'dont_measure func=FILE_CHECK' 1 -- sh -c 'umount -l $sfs && $tmp/go 2' &&
	runas 1000 nest -a 3 -- sh -c 'umount $sfs && unshare --user --map-root-user $tmp/go 3' &&
	enter() { runas 1000 nsenter -t $held --user --mount --preserve-credentials \"\$@\"; }
	enter sh -c 'umount $sfs && $tmp/go 4' &&
	enter unshare --user --map-root-user $tmp/go 5 &&
	enter nest -a 32 -- sh -c '$tmp/go 6 && echo $tmp/p6 >$ima/policy'"
rc=$?
release b
escape_recs() {
	grep -E "file=\"$tmp/[empf][1-6]\"" "$tmp/recs" | grep -v ' ima_userns=' |
		sed -nE 's/.* file="([^"]*)" hash="sha256:([0-9a-f]+)" .* uid=([0-9]+) .*/\1 \2 \3/p' | sort
}
want() {
	for f in e1 e2 e3 e4 e5 e6 f1 f2 f3 f4 f5 f6 m1 m2 m3 m4 m5 m6 p6; do
		echo "$tmp/$f $(sha256sum "$tmp/$f" | cut -d' ' -f1) 1000"
	done
}
is "no way out of the host's rules for exec, mmap, read and a policy read by the kernel: unmounting securityfs (lazily too), dont_* rules, nesting, setns into a namespace, 33 levels (auditrd's status, then the records)" \
	"$rc
$(escape_recs)" "0
$(want)"
is "and no record at all came from a namespace's rule" "$(grep -c ' ima_userns=' "$tmp/recs")" 0

# The appraise flags are the host's: an appraise rule that a namespace
# was refused, followed by a policy update there, must not make the host
# require signed policies (every policy write would be EACCES).
is "an appraise rule refused in a namespace, then an update there: the host's policy writes still work" \
	"$(userns "echo 1 >$ima/active && errno write $ima/policy 'appraise func=POLICY_CHECK
'; errno write $ima/policy '$rule'"; errno write $ima/policy "$rule"; errno write $ima/policy "$rule")" "EINVAL
OK
OK
OK"

# The other way round: the host has an appraise rule pending (its policy
# file open) while a namespace loads a policy; the host then drops its
# batch.  The namespace's update must not have made the flags the host's.
exec 3>$ima/policy
printf 'appraise func=POLICY_CHECK\n' >&3
s1=$?
nest -a -r "dont_measure fsmagic=0x2" 1 -- true
s2=$?
# Refused (EINVAL): it drops the host's batch.
printf 'bogus\n' >&3 2>/dev/null
s3=$?
exec 3>&-
[ $s3 -eq 0 ] || s3=refused
is "the host's pending appraise rule, a namespace's update meanwhile, the host's batch dropped: host policy writes still work" \
	"$s1 $s2 $s3 $(errno write $ima/policy "$rule")" "0 0 refused OK"

# Only IMA's files, at any depth, whoever owns the namespace.
ns_files=".
./ima
./integrity
./integrity/ima
./integrity/ima/active
./integrity/ima/ascii_runtime_measurements
./integrity/ima/binary_runtime_measurements
./integrity/ima/hash
./integrity/ima/nsid
./integrity/ima/policy
./integrity/ima/runtime_measurements_count
./integrity/ima/runtime_pcrs
./integrity/ima/template_name
./integrity/ima/violations"
is "securityfs 33 levels deep under uid 1000 holds IMA's files and nothing else (no TPM, EVM or LSM files)" \
	"$(runas 1000 nest -a 33 -- sh -c "cd $sfs && find . | sort")" "$ns_files"
is "and so does the host's root's own namespace" \
	"$(nest -a 1 -- sh -c "cd $sfs && find . | sort")" "$ns_files"
rm -rf "$tmp"
