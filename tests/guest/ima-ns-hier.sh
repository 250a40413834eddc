#!/bin/sh
# Hierarchical processing and freeing, from a guest on the ima-ns kernel
# booted with slab_nomerge and no IMA policy: the host's audit rule sees
# execs in nested namespaces, a namespace's own rule audits a file once per
# namespace and again after it changed, and what a namespace held is freed
# when it ends or when its files go.  Records come from the audit socket.
. "$(dirname "$0")/tap.sh"
. "$(dirname "$0")/slab.sh"
. "$(dirname "$0")/helpers.sh"
plan 18

sfs=/sys/kernel/security
ima=$sfs/ima
tmp=$(mktemp -d)
chmod 755 "$tmp"
audit="audit func=BPRM_CHECK mask=MAY_EXEC"
nest=$(command -v nest)
sh=$(readlink -f /bin/sh)
file_sha256() { sha256sum "$1" | cut -d' ' -f1; }
# The INTEGRITY_RULE records in $tmp/recs for file $1, without time stamp
# and pids, which the tests cannot know in advance, nor the namespaces
# that records of a namespace's rule name (ima-ns-audit.sh checks those).
recs() {
	grep -F "file=\"$1\" " "$tmp/recs" |
		audit_strip | sed -E 's/ ppid=[0-9]+ pid=[0-9]+//; s/ ima_userns=[0-9]+ ima_nsid=[0-9]+( task_userns=[0-9]+)?$//'
}
ids() {
	echo "auid=4294967295 uid=$1 gid=$1 euid=$1 suid=$1 fsuid=$1 egid=$1 sgid=$1 fsgid=$1 tty=(none) ses=4294967295"
}
# rech FILE SHA256 UID COMM EXE: the record an exec of FILE must cause.
rech() {
	echo "type=INTEGRITY_RULE file=\"$1\" hash=\"sha256:$2\" $(ids "$3") comm=\"$4\" exe=\"$5\" subj=unconfined"
}
# rec FILE UID COMM EXE: the same, for FILE as it is now.
rec() { rech "$1" "$(file_sha256 "$1")" "$2" "$3" "$4"; }
for f in t1 t2 t32 t33 plain dont o p m; do cp /usr/bin/true "$tmp/$f"; done
# Distinct contents, so that a record with the wrong file has the wrong hash.
for f in t2 t32 t33 plain dont; do echo "$f" >>"$tmp/$f"; done

echo "$audit uid=1000" >$ima/policy
# shellcheck disable=SC2086
auditrd -o "$tmp/recs" -t INTEGRITY_RULE -- runas 1000 sh -c "
	nest -a 1 -- $tmp/t1 && nest -a 2 -- $tmp/t2 && nest -a 32 -- $tmp/t32 && nest -a 33 -- $tmp/t33 &&
	nest 3 -- $tmp/plain && nest -a -r 'dont_measure func=BPRM_CHECK' 3 -- $tmp/dont"
for f in t1 t2 t32 t33; do
	is "the host's rule for uid 1000 audits an exec ${f#t} namespaces deep, every level active" \
		"$(recs "$tmp/$f")" "$(rec "$tmp/$f" 1000 nest "$nest")"
done
is "and an exec 3 deep where no namespace mounted securityfs" \
	"$(recs "$tmp/plain")" "$(rec "$tmp/plain" 1000 nest "$nest")"
is "and an exec 3 deep where every level's policy says dont_measure" \
	"$(recs "$tmp/dont")" "$(rec "$tmp/dont" 1000 nest "$nest")"
is "a 34th level fails as user namespaces do, with ENOSPC" \
	"$(runas 1000 nest -a 34 -- true 2>&1; echo "status $?")" "nest: level 34: user namespace: ENOSPC
status 1"

# A namespace's own rule (set by the host's root, whose execs the host's
# rule for uid 1000 does not match).
auditrd -o "$tmp/recs" -t INTEGRITY_RULE -- sh -c "
	nest -a -r '$audit' 2 -- sh -c '$tmp/o; $tmp/o' &&
	nest -a -r '$audit' 1 -- $tmp/p && nest -a -r '$audit' 1 -- $tmp/p"
is "a file executed twice two levels deep is audited once by each level's rule" \
	"$(recs "$tmp/o")" "$(rec "$tmp/o" 0 sh "$sh")
$(rec "$tmp/o" 0 sh "$sh")"
is "two sibling namespaces with a rule each audit the same file once each" \
	"$(recs "$tmp/p")" "$(rec "$tmp/p" 0 nest "$nest")
$(rec "$tmp/p" 0 nest "$nest")"

# Audited again after a change from inside, and after one from the host.
m=$tmp/m
cp $m "$tmp/m.1"
cp $m "$tmp/m.2" && printf x >>"$tmp/m.2"
cp "$tmp/m.2" "$tmp/m.3" && printf y >>"$tmp/m.3"
mkfifo "$tmp/changed" "$tmp/go"
auditrd -o "$tmp/recs" -t INTEGRITY_RULE -- sh -c "
	nest -a -r '$audit' 1 -- sh -c '$m; $m; printf x >>$m; $m; echo >$tmp/changed; read x <$tmp/go; $m' &
	read x <$tmp/changed; printf y >>$m; echo >$tmp/go; wait \$!"
is "a file is audited again after it was modified inside the namespace and again after the host modified it" \
	"$(recs "$m")" "$(rech "$m" "$(file_sha256 "$tmp/m.1")" 0 sh "$sh")
$(rech "$m" "$(file_sha256 "$tmp/m.2")" 0 sh "$sh")
$(rech "$m" "$(file_sha256 "$tmp/m.3")" 0 sh "$sh")"

# Freeing, seen in the slab caches (booted with slab_nomerge).  init_ima_ns
# is not in the cache: with no namespace left, both caches are empty.
# slab.sh shrinks a cache before counting, which also empties KASAN's
# quarantine of it, so the counts are exact on the debug kernel too.
is "with every namespace of the tests above ended, both caches are empty" "$(settle "0 0")" "0 0"

mkdir "$tmp/e"
for i in 1 2 3 4 5; do cp /usr/bin/true "$tmp/e/$i"; done
mkfifo "$tmp/ready" "$tmp/release"
exec 3<>"$tmp/ready" 4<>"$tmp/release"
# audited_ns: a namespace with an audit rule that runs sh, which runs the
# 5 files, then waits to be released: 1 ima_namespace, 6 ns_status.
audited_ns() {
	nest -a -r "$audit" 1 -- sh -c "for f in $tmp/e/*; do \$f; done; echo >$tmp/ready; read x <$tmp/release" &
}
for i in $(seq 20); do audited_ns; done
for i in $(seq 20); do read -r x <&3; done
is "20 live namespaces that audited sh and 5 files each hold 20 ima_namespace and 120 ns_status" \
	"$(slab ima_namespace) $(slab ns_status)" "20 120"
for i in $(seq 20); do echo >&4; done
wait
is "when they end, both caches are empty again" "$(settle "0 0")" "0 0"

# The other way round: the files go while the namespace lives.
audited_ns
read -r x <&3
rm -r "$tmp/e"
is "deleting the 5 audited files frees their ns_status while the namespace lives" \
	"$(slab ima_namespace) $(slab ns_status)" "1 1"
echo >&4
wait
is "and the rest is freed when it ends" "$(settle "0 0")" "0 0"

# Only the host has a table of measurements by digest (8 KiB of buckets).
# The debug kernel's locks carry lockdep's maps, which make the structure
# bigger (544 bytes there); the bound is for kernels as users run them.
if [ "${VM_VARIANT:-}" = debug ]; then
	skip "an ima_namespace object takes at most 512 bytes (lockdep's lock maps make it bigger on debug)"
else
	is "an ima_namespace object takes at most 512 bytes" \
		"$(awk -v s="$(slab_objsize ima_namespace)" 'BEGIN { print (s != "" && s + 0 <= 512 ? "at most 512" : s " bytes") }')" \
		"at most 512"
fi
exec 3>&- 4>&-

# Rules are freed: N namespaces (20) of uid 1000 each load 1000 rules and
# end, and N more write 1000 rules and a bad one (so that the batch is
# dropped).  If a tenth of either kind's 20 000 rules stayed, some cache
# would hold 2000 objects more than before; none may.  On the debug
# kernel N is 4: there kmemleak finds any rule left, and a kind's 4000
# rules left would still show in the count.
n=20
[ "${VM_VARIANT:-}" = debug ] && n=4
rules="$(seq 1000 | sed 's/^/dont_measure fsmagic=/')
"
slab_all >"$tmp/slabs"
cycles() {
	for i in $(seq $n); do
		runas 1000 unshare --user --map-root-user --mount sh -c "mount -t securityfs securityfs $sfs &&
			echo 1 >$ima/active && errno write $ima/policy '$rules$1'; wc -l <$ima/policy"
	done | sort | uniq -c | sed 's/^ *//'
}
is "$n namespaces load 1000 rules each; $n more have a batch of 1000 and a bad rule refused" \
	"$(cycles; cycles 'dont_measure bogus')" "$n 1000
$n OK
$n 0
$n EINVAL"
is "with them ended, no slab cache holds 2000 objects more than before" \
	"$(settle "0 0" >/dev/null; slab_grown "$tmp/slabs" 2000)" ""
rm -rf "$tmp"
