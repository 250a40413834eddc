#!/bin/sh
# Audit records that name their IMA namespace, from a guest on the ima-ns
# kernel booted with slab_nomerge: a record asked for by a namespace's
# rule carries ima_userns=, the inode number of the namespace's user
# namespace, ima_nsid=, the IMA namespace's id (integrity/ima/nsid, never
# given to another namespace), and task_userns= when the task is further
# down; records of the host's rules carry none.  Records are read from
# the audit socket and parsed with Debian's auparse (records.py) and
# ausearch.  A namespace's hash is its own, of the file as it was when the
# namespace read it, and never the host's.
. "$(dirname "$0")/tap.sh"
. "$(dirname "$0")/helpers.sh"
. "$(dirname "$0")/slab.sh"
plan 11

here=$(dirname "$0")
tmp=$(mktemp -d)
chmod 755 "$tmp"
audit="audit func=BPRM_CHECK mask=MAY_EXEC"
ima=/sys/kernel/security/ima

# The cover letter's scenario with a host rule for root: one record per
# policy for busybox2, the host's first (policies are evaluated from the
# host down).
out=$("$here/../../guest/cover-letter.sh" "$tmp/c" "$audit uid=0
")
c=$(echo "$out" | head -n 1 | inum)
host=$(readlink /proc/self/ns/user | inum)
is "cover letter: the namespace's record names its user namespace, the host's names none" \
	"$("$here/records.py" "$tmp/c/recs" | grep busybox2)" \
"$tmp/c/rootfs/bin/busybox2 ima_userns=- task_userns=-
$tmp/c/rootfs/bin/busybox2 ima_userns=$c task_userns=-"
check "that user namespace is the container's, not the host's" test -n "$c" -a "$c" != "$host"
is "ausearch reads every record, and shows the field" \
	"$(ausearch -if "$tmp/c/recs" -m INTEGRITY_RULE -i 2>&1 | grep -c '^type=INTEGRITY_RULE ') $(ausearch -if "$tmp/c/recs" -m INTEGRITY_RULE -i | grep -c " ima_userns=$c ")" \
	"$(grep -c '^type=INTEGRITY_RULE ' "$tmp/c/recs") 1"

# Three levels, each with the rule, below the host's rule for root.
cp /usr/bin/true "$tmp/f"
auditrd -o "$tmp/recs" -t INTEGRITY_RULE -- nest -v -a -r "$audit" 3 -- "$tmp/f" >"$tmp/levels"
l1=$(sed -n 1p "$tmp/levels" | inum)
l2=$(sed -n 2p "$tmp/levels" | inum)
l3=$(sed -n 3p "$tmp/levels" | inum)
is "3 levels deep: the host's record, then one per level from the top, each naming its level, the upper ones the task's level too" \
	"$("$here/records.py" "$tmp/recs" | grep -F "$tmp/f ")" \
"$tmp/f ima_userns=- task_userns=-
$tmp/f ima_userns=$l1 task_userns=$l3
$tmp/f ima_userns=$l2 task_userns=$l3
$tmp/f ima_userns=$l3 task_userns=-"
check "the three levels are three user namespaces" \
	test "$(printf '%s\n' "$l1" "$l2" "$l3" "$host" | sort -u | grep -c .)" = 4

# The id: EACCES until the namespace is active, then a number and a
# newline; the file takes no write; the namespace's records carry it.
is "with every namespace above ended, none is left" "$(settle "0 0")" "0 0"
pre=$(rootns "errno open $ima/nsid")
auditrd -o "$tmp/idrecs" -t INTEGRITY_RULE -- nest -a -r "$audit" 1 -- sh -c \
	"cat $ima/nsid; errno write $ima/nsid 7; readlink /proc/self/ns/user; $tmp/f" >"$tmp/a"
a=$(sed -n 1p "$tmp/a")
is "nsid: EACCES before activation, then the id; a write is EINVAL" \
	"$pre $(sed -n 2p "$tmp/a") $(echo "$a" | grep -cxE '[1-9][0-9]*')" "EACCES EINVAL 1"
is "the namespace's records (one per exec there) carry the id its nsid file shows" \
	"$(ausearch -if "$tmp/idrecs" -m INTEGRITY_RULE -i | grep -o ' ima_nsid=[0-9]*' | sort -u)" " ima_nsid=$a"
# Once that namespace is freed, the next one gets the next id, not its
# id again (user namespaces' inode numbers are handed out again at once).
settle "0 0" >/dev/null
b=$(nest -a 1 -- sh -c "cat $ima/nsid; readlink /proc/self/ns/user")
echo "user namespace of the first: $(sed -n 3p "$tmp/a"), of the next: $(echo "$b" | sed -n 2p)" | diag
is "after it ended, the next namespace's id is the next number" "$(echo "$b" | head -n 1)" "$((a + 1))"

# The host and a namespace each read a file when their own rules ask,
# so each digest is of the file as it was then.  The namespace audits
# the file when it opens it for reading and writing, and writes it at
# its end; with that writer still open, the host measures the
# namespace's read (fowner=4321).  The host's entry must hold the file
# as it is now (after the open_writers violation), not as the namespace
# read it.  Once the writer closed, the host's digest is current but
# the namespace's is not: the namespace's next open for writing audits
# the file again, with its new hash.  (Opened for writing only, the
# file would get a zero hash: a namespace never opens a second,
# read-only instance of a file, which the host's ToMToU check would
# count as a reader; ima-ns-measure.sh checks that.)
g=$tmp/g
echo one >"$g" && chown 4321 "$g" && chmod 666 "$g" || not_ok "cannot create $g"
errno write $ima/policy "measure func=FILE_CHECK mask=MAY_READ fowner=4321
" >/dev/null || not_ok "the host's rule for $g was refused"
auditrd -o "$tmp/grecs" -t INTEGRITY_RULE -- \
	nest -a -r "audit func=FILE_CHECK mask=^MAY_WRITE" 1 -- sh -c \
	"exec 3<>$g; cat <&3 >/dev/null; echo two >&3; cat $g >/dev/null; exec 3>&-; exec 3<>$g; exec 3>&-" ||
	not_ok "the namespace's run failed"
h1=$(echo one | sha256sum | cut -d' ' -f1)
h2=$(printf 'one\ntwo\n' | sha256sum | cut -d' ' -f1)
zero=$(printf '%064d' 0)
is "the host measured the file as its writer left it, after the open_writers violation" \
	"$(awk -v f="$g" '$NF == f { print $4 }' $ima/ascii_runtime_measurements)" \
	"sha256:$zero
sha256:$h2"
is "the namespace audited the file as it read it, and again once it changed" \
	"$(grep -F "file=\"$g\"" "$tmp/grecs" | grep ' ima_nsid=' | grep -o ' hash="[^"]*"')" \
	" hash=\"sha256:$h1\"
 hash=\"sha256:$h2\""
rm -rf "$tmp"
