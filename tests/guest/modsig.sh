#!/bin/sh
# The host's appended signatures (modsig) and a namespace's audit rule,
# on a kernel with IMA_APPRAISE_MODSIG booted with ima_template=ima-modsig.
#
# The host measures and appraises kexec kernels, allowing a modsig.  When
# a file it measured so is read again through another hook,
# process_measurement() adds a second list entry, with the modsig, that
# no rule asked for, if the template records modsigs; it decides so from
# flags in the file's iint that only the host's rules set.  0026 keeps
# that to the host's own rules.  Without it, a namespace's audit rule
# that matches the same file would store a measurement for the namespace:
# today that WARNs (a namespace has no list yet: tools/vm fails the run
# on the WARNING), and with a list per namespace it would add an entry
# no rule of the namespace asked for, and extend the host's PCR.  So: no
# WARN, and the host's list unchanged.  The file here is not a kernel:
# kexec_file_load() appraises it, measures it and only then finds out
# (ENOEXEC), which is all the host needs to mark it.  The kernels follow
# Debian's INTEGRITY_TRUSTED_KEYRING (off): IMA's keyring is "_ima",
# which userspace makes and the kernel finds through the task's
# keyrings.  Every expectation is exact.
. "$(dirname "$0")/tap.sh"
. "$(dirname "$0")/helpers.sh"
plan 6

here=$(dirname "$0")
ima=/sys/kernel/security/ima
tmp=$(mktemp -d)
chmod 755 "$tmp"
f=$tmp/kernel

# The file, signed as sign-file signs a module: a detached PKCS#7 (CMS)
# signature, a struct module_signature saying so (id_type 2, PKCS#7,
# and the signature's length, big-endian) and the marker.
printf 'not a kernel\n' >"$tmp/plain"
openssl req -x509 -newkey rsa:2048 -nodes -subj /CN=imans-modsig -days 2 \
	-keyout "$tmp/key.pem" -out "$tmp/cert.pem" 2>/dev/null &&
	openssl x509 -in "$tmp/cert.pem" -outform DER -out "$tmp/cert.der" &&
	openssl cms -sign -in "$tmp/plain" -signer "$tmp/cert.pem" -inkey "$tmp/key.pem" \
		-binary -noattr -nocerts -nosmimecap -md sha256 -outform DER -out "$tmp/sig" &&
	python3 -c '
import struct, sys
plain, sig, out = sys.argv[1:]
sig = open(sig, "rb").read()
with open(out, "wb") as f:
    f.write(open(plain, "rb").read() + sig)
    f.write(struct.pack(">BBBBB3xI", 0, 0, 2, 0, 0, len(sig)))
    f.write(b"~Module signature appended~\n")
' "$tmp/plain" "$tmp/sig" "$f" ||
	{ not_ok "sign the file"; exit 1; }
check "IMA's keyring (_ima, in root's user keyring) takes the signer's certificate" \
	sh -c "keyctl newring _ima @u >/dev/null &&
		keyctl padd asymmetric imans-modsig %keyring:_ima <$tmp/cert.der >/dev/null"

is "the host's policy: measure and appraise kexec kernels, modsigs allowed" \
	"$(errno write $ima/policy "measure func=KEXEC_KERNEL_CHECK
appraise func=KEXEC_KERNEL_CHECK appraise_type=imasig|modsig
")" OK

# kexec_file_load(fd, no initrd, empty command line, no initramfs).
is "kexec_file_load: the modsig verifies, then the file is no kernel: ENOEXEC" \
	"$(python3 -c '
import ctypes, errno, os, sys
libc = ctypes.CDLL(None, use_errno=True)
fd = os.open(sys.argv[1], os.O_RDONLY)
r = libc.syscall(320, fd, -1, ctypes.c_ulong(1), b"\0", ctypes.c_ulong(4))
print("OK" if r == 0 else errno.errorcode[ctypes.get_errno()])
' "$f")" ENOEXEC

# The host's entries for the file, without their template digest:
# ima-modsig's d-ng (the whole file), n-ng, sig (none: no xattr), d-modsig
# (the file without its signature) and modsig (the PKCS#7 itself).
entries() { awk -v f="$f" '$5 == f { $2 = ""; print }' $ima/ascii_runtime_measurements; }
entry="10  ima-modsig sha256:$(sha256sum "$f" | cut -d' ' -f1) $f sha256:$(sha256sum "$tmp/plain" | cut -d' ' -f1) $(od -An -v -tx1 "$tmp/sig" | tr -d ' \n')"
is "the host's list: one entry, with the file's digests with and without its modsig, and the modsig" \
	"$(entries)" "$entry"

# A namespace of the host's root, which may set audit rules, audits
# POLICY_CHECK and writes the file's path into its policy: the kernel
# reads the file (the namespace's rule audits it) and refuses it as a
# policy.
# (rootns, spelt out: auditrd runs a program, not a shell function.)
auditrd -o "$tmp/recs" -t INTEGRITY_RULE -- unshare --user --map-root-user --mount \
	sh -c "mount -t securityfs securityfs /sys/kernel/security &&
	readlink /proc/self/ns/user &&
	echo 1 >$ima/active && echo 'audit func=POLICY_CHECK' >$ima/policy &&
	errno write $ima/policy $f; cat $ima/runtime_measurements_count" >"$tmp/out"
ns=$(head -n 1 "$tmp/out" | inum)
is "a namespace audits the file as its policy: EINVAL, its own list still its boot_aggregate alone, one record, naming the namespace" \
	"$(tail -n +2 "$tmp/out"; "$here/records.py" "$tmp/recs" | grep -F "$f ")" \
	"EINVAL
1
$f ima_userns=$ns task_userns=-"
is "the host's list still holds that one entry: the namespace's rule added none" \
	"$(entries)" "$entry"
rm -rf "$tmp"
