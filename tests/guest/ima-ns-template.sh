#!/bin/sh
# The template ima-ns (d-ng|n-ng|nsid) in the host's list, from a guest
# on the ima-ns kernel: each entry names the IMA namespace the access was
# made under, the first active one from the task's user namespace up (0
# for the host's), as that namespace's integrity/ima/nsid reads; in the
# ascii list in decimal, in the binary list as 8 bytes in the machine's
# order (parsed by imalist.py, independently of the kernel's code).
. "$(dirname "$0")/tap.sh"
. "$(dirname "$0")/helpers.sh"
plan 3

here=$(dirname "$0")
ima=/sys/kernel/security/ima
tmp=$(mktemp -d)
chmod 1777 "$tmp"

# One file per case, each measured once by the host's rule (its owner
# selects them, its template is ima-ns).
for i in 0 1 2 3 4; do
	cp /usr/bin/true "$tmp/x$i" && chown 4321 "$tmp/x$i" || not_ok "cannot create $tmp/x$i"
done
errno write $ima/policy "measure func=BPRM_CHECK mask=MAY_EXEC fowner=4321 template=ima-ns
" >/dev/null || not_ok "the host's rule was refused"

# a: an active namespace of uid 1000; i: an inactive one (securityfs
# mounted, so it has an id, but not activated).
hold a userns "echo 1 >$ima/active"
a=$held
hold i userns ":"
i=$held
A=$(nsenter -t "$a" -U -m cat $ima/nsid)
$tmp/x0 &&
	nsenter -t "$a" -U -m "$tmp/x1" &&
	nsenter -t "$a" -U -m unshare --user --map-root-user "$tmp/x2" &&
	nsenter -t "$i" -U -m "$tmp/x3" &&
	nsenter -t "$a" -U -m unshare --user --map-root-user --mount sh -c \
		"mount -t securityfs securityfs /sys/kernel/security && echo 1 >$ima/active &&
		cat $ima/nsid >$tmp/nsid-c && exec $tmp/x4" ||
	not_ok "an exec failed"
C=$(cat "$tmp/nsid-c")
release a
release i
check "the namespaces' ids: a's and its child's, different and not 0" \
	test -n "$A" -a -n "$C" -a "$A" != 0 -a "$C" != 0 -a "$A" != "$C"

sum=sha256:$(sha256sum </usr/bin/true | cut -d' ' -f1)
is "the ascii list: host 0; a, and a user namespace below it with no IMA namespace, a's id; an inactive namespace 0; an active one below a its own" \
	"$(grep -F " $tmp/x" $ima/ascii_runtime_measurements | cut -d' ' -f3-)" \
"ima-ns $sum $tmp/x0 0
ima-ns $sum $tmp/x1 $A
ima-ns $sum $tmp/x2 $A
ima-ns $sum $tmp/x3 0
ima-ns $sum $tmp/x4 $C"

# le64 NUMBER: the 8 bytes of NUMBER, little-endian, in hex.
le64() { python3 -c "import struct, sys; print(struct.pack('<Q', int(sys.argv[1])).hex())" "$1"; }
cp $ima/binary_runtime_measurements "$tmp/bin"
"$here/imalist.py" "$tmp/bin" >"$tmp/parsed"
st=$?
is "the binary list: the same entries, the id in 8 bytes, every template digest the SHA-1 of its data" \
	"$(grep -F " $tmp/x" "$tmp/parsed" | cut -d' ' -f3-; echo "status $st")" \
"ima-ns $sum $tmp/x0 $(le64 0)
ima-ns $sum $tmp/x1 $(le64 "$A")
ima-ns $sum $tmp/x2 $(le64 "$A")
ima-ns $sum $tmp/x3 $(le64 0)
ima-ns $sum $tmp/x4 $(le64 "$C")
status 0"
rm -rf "$tmp"
