#!/bin/sh
# A namespace's configuration before it is activated, from a guest on the
# ima-ns kernel: integrity/ima/hash and integrity/ima/template_name read
# the host's algorithm (sha256 in the test kernels) and ima-ng in a fresh
# namespace; they take the names that the boot parameters ima_hash= and
# ima_template= take, but only algorithms the kernel has (the test
# kernels have Debian's MD5, SHA1, SHA256 and SHA512, which give md5,
# sha1, sha224, sha256, sha384 and sha512; a namespace never has a
# module loaded), refuse anything else with EINVAL, keeping their
# value, and are EBUSY once the namespace is active.  A namespace's audit
# records hash a file with its algorithm, each its own, also after the
# file changed; the host's record keeps the host's.
. "$(dirname "$0")/tap.sh"
. "$(dirname "$0")/helpers.sh"
plan 9

ima=/sys/kernel/security/ima
tmp=$(mktemp -d)
chmod 1777 "$tmp"

is "a fresh namespace reads the host's algorithm and ima-ng, before activation" \
	"$(userns "cat $ima/hash $ima/template_name")" "sha256
ima-ng"

# Every name of the kernel's table of algorithms (crypto/hash_info.c), in
# its order, then what hash reads.
algos="md4 md5 sha1 rmd160 sha256 sha384 sha512 sha224 rmd128 rmd256 rmd320
wp256 wp384 wp512 tgr128 tgr160 tgr192 sm3 streebog256 streebog512"
is "hash takes the algorithms the kernel has, and nothing else changes it" \
	"$(userns "for a in $(echo $algos); do echo \$a \$(errno write $ima/hash \$a) \$(cat $ima/hash); done")" \
"md4 EINVAL sha256
md5 OK md5
sha1 OK sha1
rmd160 EINVAL sha1
sha256 OK sha256
sha384 OK sha384
sha512 OK sha512
sha224 OK sha224
rmd128 EINVAL sha224
rmd256 EINVAL sha224
rmd320 EINVAL sha224
wp256 EINVAL sha224
wp384 EINVAL sha224
wp512 EINVAL sha224
tgr128 EINVAL sha224
tgr160 EINVAL sha224
tgr192 EINVAL sha224
sm3 EINVAL sha224
streebog256 EINVAL sha224
streebog512 EINVAL sha224"

# Malformed names, each written in one write(2): each is EINVAL and
# leaves sha1 in place.  A name is written whole, at offset 0, with at
# most one newline after it, in at most 32 bytes (31 for the name, as
# the kernel's buffer holds its NUL): the three longest are 31 bytes and
# a newline, 32 bytes and 33 bytes, which KASAN watches in the debug
# pass.
cat >"$tmp/bad.sh" <<'EOF'
ima=/sys/kernel/security/ima
echo sha1 >$ima/hash || exit 1
for n in '' '\n' 'sha1\n\n' SHA1 ' sha1' 'sha1 ' 'sha1\0' 'sha1\0\n' \
	'sha1\nx' 'hmac(sha1)' 'sha1\t' 0000000000000000000000000000000000000001 \
	'0000000000000000000000000000001\n' 00000000000000000000000000000001 \
	000000000000000000000000000000001; do
	printf "$n" | errno writein $ima/hash
done | sort | uniq -c
cat $ima/hash
EOF
is "malformed names are EINVAL, and hash keeps its value" \
	"$(userns "sh $tmp/bad.sh")" \
"     15 EINVAL
sha1"
is "a valid name written at offset 1 is EINVAL and changes nothing; a name with a newline or without one is taken" \
	"$(userns "printf sha1 | dd of=$ima/hash bs=4 seek=1 oflag=seek_bytes conv=notrunc status=none 2>&1 | grep -c 'Invalid argument'
		cat $ima/hash && printf sha1 >$ima/hash && cat $ima/hash && echo sha256 >$ima/hash && cat $ima/hash")" "1
sha256
sha1
sha256"

cat >"$tmp/templates.sh" <<'EOF'
ima=/sys/kernel/security/ima
for t in ima-ng ima-sig ima-ngv2 ima-sigv2 ima-buf ima-modsig evm-sig ima-ns ima \
	'd-ng|n-ng|nsid' ima-ns2 IMA-NG 'ima-ng ' '\n' ' ima-ng'; do
	printf '[%s] %s %s\n' "$t" "$(printf "$t" | errno writein $ima/template_name)" "$(cat $ima/template_name)"
done
EOF
is "template_name takes the names of the built-in templates, not a format or another name" \
	"$(userns "sh $tmp/templates.sh")" \
"[ima-ng] OK ima-ng
[ima-sig] OK ima-sig
[ima-ngv2] OK ima-ngv2
[ima-sigv2] OK ima-sigv2
[ima-buf] OK ima-buf
[ima-modsig] OK ima-modsig
[evm-sig] OK evm-sig
[ima-ns] OK ima-ns
[ima] EINVAL ima-ns
[d-ng|n-ng|nsid] EINVAL ima-ns
[ima-ns2] EINVAL ima-ns
[IMA-NG] EINVAL ima-ns
[ima-ng ] EINVAL ima-ns
[\n] EINVAL ima-ns
[ ima-ng] EINVAL ima-ns"

# The template ima has room for a SHA1 or MD5 digest only, as the host's
# ima_template= checks.
is "the template ima goes with sha1 and md5 only: in either order, the other choice is EINVAL" \
	"$(userns "for w in 'template_name ima' 'hash sha1' 'template_name ima' 'hash sha256' 'hash sha224' 'hash sha512' 'hash md5' 'template_name ima-ng' 'hash sha256'; do
		set -- \$w; echo \$w \$(errno write $ima/\$1 \$2) \$(cat $ima/hash $ima/template_name); done")" \
"template_name ima EINVAL sha256 ima-ng
hash sha1 OK sha1 ima-ng
template_name ima OK sha1 ima
hash sha256 EINVAL sha1 ima
hash sha224 EINVAL sha1 ima
hash sha512 EINVAL sha1 ima
hash md5 OK md5 ima
template_name ima-ng OK md5 ima-ng
hash sha256 OK sha256 ima-ng"

is "once active, every write to both is EBUSY, of a valid name, an invalid one, nothing or too much, and they read the choice" \
	"$(userns "echo sha1 >$ima/hash && echo ima-sig >$ima/template_name && echo 1 >$ima/active &&
		for w in 'hash sha256' 'hash sha1' 'hash x' 'template_name ima-ng' 'template_name x'; do
		set -- \$w; echo \$w \$(errno write $ima/\$1 \$2); done
		for f in hash template_name; do echo \$f \$(errno writein $ima/\$f </dev/null) \$(printf %040d 1 | errno writein $ima/\$f); done
		cat $ima/hash $ima/template_name")" \
"hash sha256 EBUSY
hash sha1 EBUSY
hash x EBUSY
template_name ima-ng EBUSY
template_name x EBUSY
hash EBUSY EBUSY
template_name EBUSY EBUSY
sha1
ima-sig"

is "another namespace still starts with the host's algorithm and ima-ng" \
	"$(userns "cat $ima/hash $ima/template_name")" "sha256
ima-ng"

# Two namespaces audit the execs of one file with sha1 and sha224, the
# host with sha256 (fowner=4321: its rule is for this file only; the
# namespaces map only root, and audit every exec in them).  Both
# namespaces live throughout.  The host changes the file once, after
# which the host and each namespace audit it again.
f=$tmp/x
cp /usr/bin/true "$f" && chown 4321 "$f" || not_ok "cannot create $f"
# digest ALGO: the hash field of a record of $f as it is now.
digest() { echo "$1:$("${1}sum" <"$f" | cut -d' ' -f1)"; }
before="host $(digest sha256)
a $(digest sha1)
b $(digest sha224)"
rule="audit func=BPRM_CHECK mask=MAY_EXEC"
errno write $ima/policy "$rule fowner=4321
" >/dev/null || not_ok "the host's rule was refused"
hold a rootns "echo sha1 >$ima/hash && echo 1 >$ima/active && echo '$rule' >$ima/policy"
a=$held
hold b rootns "echo sha224 >$ima/hash && echo 1 >$ima/active && echo '$rule' >$ima/policy"
b=$held
auditrd -o "$tmp/recs" -t INTEGRITY_RULE -- sh -c "
	nsenter -t $a -U -m $f && nsenter -t $b -U -m $f &&
	nsenter -t $a -U -m $f && nsenter -t $b -U -m $f &&
	echo >>$f && nsenter -t $b -U -m $f && nsenter -t $a -U -m $f" ||
	not_ok "the namespaces' execs failed"
ids="$(nsenter -t "$a" -U -m cat $ima/nsid) $(nsenter -t "$b" -U -m cat $ima/nsid)"
release a
release b
set -- $ids
is "each namespace's records hash with its own algorithm, before and after the change; the host's with sha256" \
	"$(grep -F "file=\"$f\"" "$tmp/recs" |
		sed -E "s/.* hash=\"([^\"]*)\".* ima_nsid=$1\$/a \\1/; s/.* hash=\"([^\"]*)\".* ima_nsid=$2\$/b \\1/; s/.* hash=\"([^\"]*)\".*/host \\1/")" \
"$before
host $(digest sha256)
b $(digest sha224)
a $(digest sha1)"
rm -rf "$tmp"
