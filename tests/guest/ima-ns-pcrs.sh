#!/bin/sh
# A namespace's software PCRs (integrity/ima/runtime_pcrs), from a guest
# on the ima-ns kernel: for namespaces with each kind of bank (SHA-1 and
# SHA-256 alone; with SHA-224, the namespace's own; with the original
# template ima), lists with measurements in two PCRs, violations and a
# list closed at its cap, runtime_pcrs is exactly what a replay of the
# binary list gives, computed by the test from IMA's formats
# (imareplay.py), not by the kernel's code; evmctl ima_measurement, the
# reference verifier, reads the binary list and matches it; imans replay
# matches it too, finds the prefix of a list that grew after the PCRs
# were read, and refuses a list with an entry taken out or changed.  The
# file is read-only, readable once the namespace is active, and the host
# has none.
. "$(dirname "$0")/tap.sh"
. "$(dirname "$0")/helpers.sh"
ima=/sys/kernel/security/ima
here=$(dirname "$0")

plan 12
tmp=$(mktemp -d)
chmod 1777 "$tmp"
replay() { "$here/imareplay.py" "$@"; }
banks() { cut -d' ' -f1,2 "$1" | tr '\n' ','; }
# pcrs NAME: the number of lines of NAME's runtime_pcrs, then the lines.
pcrs() { wc -l <"$tmp/$1.pcrs"; cat "$tmp/$1.pcrs"; }

# measure NAME SETUP CMDS [PCR]: a namespace of uid 1000's, set up by
# SETUP (before activation), measuring what it reads of its root's files
# in PCR 10 and what it executes of them in PCR (11) with ima-sig, runs
# CMDS in $tmp/NAME; then its runtime_pcrs and binary list, in that
# order, go to $tmp/NAME.pcrs and $tmp/NAME.bin (securityfs is not
# measured).
measure() {
	mkdir -m 1777 "$tmp/$1" &&
		userns "${2:-:} && echo 1 >$ima/active && errno write $ima/policy 'dont_measure fsmagic=0x73636673
measure func=FILE_CHECK mask=MAY_READ fowner=0
measure func=BPRM_CHECK fowner=0 pcr=${4:-11} template=ima-sig
' >/dev/null && cd $tmp/$1 && $3 && cat $ima/runtime_pcrs >$tmp/$1.pcrs &&
			cat $ima/binary_runtime_measurements >$tmp/$1.bin" ||
		echo "$1: status $?" | diag
}
# Files read, a script executed (and read by its shell), an
# open_writers and a ToMToU violation, a file changed and read again.
work="printf a >f && cat f >/dev/null && printf '#!/bin/sh\n' >x && chmod +x x && ./x &&
	(exec 3>>f && cat f >/dev/null) && (exec 3<f && printf b >>f) && cat f >/dev/null"

is "before activation runtime_pcrs is EACCES; once active it is read-only: the namespace's root may open it for writing (its own file), and a write is EINVAL, for uid 1000's and the host's root's namespace; the host has none" \
	"$(userns "errno open $ima/runtime_pcrs; echo 1 >$ima/active && errno open $ima/runtime_pcrs && errno write $ima/runtime_pcrs x"
	rootns "echo 1 >$ima/active && errno write $ima/runtime_pcrs x"
	errno open $ima/runtime_pcrs)" "EACCES
OK
EINVAL
EINVAL
ENOENT"

measure a "" "$work"
is "the host's algorithm, sha256, and ima-ng: a bank each for sha1 and sha256, with the PCRs extended, 10 and 11" \
	"$(banks "$tmp/a.pcrs")" "sha1 10,sha1 11,sha256 10,sha256 11,"
is "runtime_pcrs is what the test's replay of the binary list gives, violations extended with ones" \
	"$(pcrs a)" "4
$(replay "$tmp/a.bin" sha1 sha256)"
is "the list it replays: boot_aggregate, 4 measurements and 2 violations" \
	"$("$here/imalist.py" "$tmp/a.bin" | awk '{print $1, $2 == "0000000000000000000000000000000000000000" ? "violation" : $3}' | tr '\n' ,)" \
	"10 ima-ng,10 ima-ng,11 ima-sig,10 ima-ng,10 violation,10 violation,10 ima-ng,"

measure b "echo sha224 >$ima/hash && echo ima-ns >$ima/template_name" "$work" 63
is "sha224 and ima-ns, executions in PCR 63, the last: a third bank, sha224, and the same replay" \
	"$(banks "$tmp/b.pcrs"; echo; pcrs b)" "sha1 10,sha1 63,sha256 10,sha256 63,sha224 10,sha224 63,
6
$(replay "$tmp/b.bin" sha1 sha256 sha224)"

# The original template: its template digest, in each bank, is of the
# file digest and the name padded to 256 bytes.
measure c "echo sha1 >$ima/hash && echo ima >$ima/template_name" \
	"printf c >f && cat f >/dev/null"
is "sha1 and the template ima: banks sha1 and sha256, and the same replay" \
	"$(banks "$tmp/c.pcrs"; echo; pcrs c)" "sha1 10,sha256 10,
2
$(replay "$tmp/c.bin" sha1 sha256)"

# A list closed at its cap: list_full, in the PCR of the measurement it
# stands in for (11: the script's execution, the third), extends as a
# violation; the dropped ones do not.
p=/sys/module/ima/parameters/ns_max_measurements
echo 3 >$p || echo "cannot set the cap" | diag
measure d "" "$work"
echo 65536 >$p || echo "cannot set the cap back" | diag
is "a list closed at a cap of 3: its last entry list_full in PCR 11, and the same replay" \
	"$("$here/imalist.py" "$tmp/d.bin" | tail -n 1 | cut -d' ' -f1,2,5)
$(pcrs d)" "11 0000000000000000000000000000000000000000 list_full
4
$(replay "$tmp/d.bin" sha1 sha256)"

# evmctl reads PCRs from a file per bank, PCR-00 to PCR-23 in order;
# --ignore-violations replays a violation with ones, as a TPM is
# extended.
evm_pcrs() {
	awk -v a="$2" '$1 == a { v[$2] = $3; n = length($3) }
		END { for (i = 0; i < 24; i++) printf "PCR-%02d: %s\n", i, (i in v) ? v[i] : sprintf("%0*d", n, 0) }' "$1"
}
# evm LIST PCRS [-v]: evmctl's output and status.
evm() {
	[ -s "$1" ] && evm_pcrs "$2" sha1 >"$tmp/evm.sha1" && evm_pcrs "$2" sha256 >"$tmp/evm.sha256" &&
		evmctl $3 ima_measurement --ignore-violations --pcrs "sha1,$tmp/evm.sha1" \
			--pcrs "sha256,$tmp/evm.sha256" "$1" 2>&1
	echo "status: $?"
}
# A list with its last entry taken out, one with a byte of an entry's
# template data changed (its template digest changed to match, as an
# attacker who rewrites the list would), and one without its only entry
# in PCR 11.
python3 -B - "$here" "$tmp/a.bin" "$tmp/cut.bin" "$tmp/changed.bin" "$tmp/no11.bin" <<'EOF' || echo "cannot make the changed lists" | diag
import hashlib, struct, sys
sys.path.insert(0, sys.argv[1])
import imalist
data = open(sys.argv[2], "rb").read()
entries = list(imalist.entries(data, sys.argv[2]))
def pack(pcr, tdigest, name, tdata):
    return (struct.pack("<I", pcr) + tdigest + struct.pack("<I", len(name)) +
            name.encode() + struct.pack("<I", len(tdata)) + tdata)
open(sys.argv[3], "wb").write(b"".join(pack(*e) for e in entries[:-1]))
open(sys.argv[5], "wb").write(b"".join(pack(*e) for e in entries if e[0] != 11))
pcr, tdigest, name, tdata = entries[1]
tdata = tdata[:-3] + b"g" + tdata[-2:]
entries[1] = (pcr, hashlib.sha1(tdata).digest(), name, tdata)
open(sys.argv[4], "wb").write(b"".join(pack(*e) for e in entries))
EOF
is "evmctl ima_measurement matches the list to runtime_pcrs in both banks" \
	"$(evm "$tmp/a.bin" "$tmp/a.pcrs")" "Matched per TPM bank calculated digest(s).
status: 0"
is "and refuses the list with its last entry taken out, and with an entry changed" \
	"$(for l in cut changed; do evm "$tmp/$l.bin" "$tmp/a.pcrs" -v | grep -E '^Failed to match per TPM bank|^status: '; done)" \
	"Failed to match per TPM bank or SHA1 padded TPM digest(s).
status: 1
Failed to match per TPM bank or SHA1 padded TPM digest(s).
status: 1"

is "imans replay matches each list to its runtime_pcrs, the one next to it by default" \
	"$(for n in a b c d; do imans replay "$tmp/$n.bin" "$tmp/$n.pcrs"; echo "status: $?"; done
	cp "$tmp/b.pcrs" "$tmp/runtime_pcrs" && imans replay "$tmp/b.bin"; echo "status: $?")" \
	"the first 7 of the list's 7 entries give $tmp/a.pcrs
status: 0
the first 7 of the list's 7 entries give $tmp/b.pcrs
status: 0
the first 2 of the list's 2 entries give $tmp/c.pcrs
status: 0
the first 3 of the list's 3 entries give $tmp/d.pcrs
status: 0
the first 7 of the list's 7 entries give $tmp/runtime_pcrs
status: 0"
# evmctl 1.4 compares only the PCRs that the list it reads extends: a
# PCR whose every entry is taken out escapes it; imans compares every
# PCR of runtime_pcrs.
is "and refuses the list with its last entry taken out, with an entry changed, and without its PCR 11 entry" \
	"$(for l in cut changed no11; do [ -s "$tmp/$l.bin" ] && imans replay "$tmp/$l.bin" "$tmp/a.pcrs"; echo "status: $?"; done)" \
	"no part of the list's 6 entries gives $tmp/a.pcrs
status: 1
no part of the list's 7 entries gives $tmp/a.pcrs
status: 1
no part of the list's 6 entries gives $tmp/a.pcrs
status: 1"

# The PCRs read, then two more files read: the list read after them is
# longer, and its first entries give them.
hold e userns "echo 1 >$ima/active && errno write $ima/policy 'dont_measure fsmagic=0x73636673
measure func=FILE_CHECK mask=MAY_READ fowner=0
' >/dev/null && mkdir $tmp/e && printf 1 >$tmp/e/1 && printf 2 >$tmp/e/2 && cat $tmp/e/1 >/dev/null"
e=/proc/$held/root$ima
cp "$e/runtime_pcrs" "$tmp/e.pcrs" && nsenter -t "$held" --user --mount cat "$tmp/e/2" >/dev/null &&
	cp "$e/binary_runtime_measurements" "$tmp/e.bin" || echo "e: cannot read its files" | diag
release e
is "a list that grew after its runtime_pcrs were read: its first entries give them" \
	"$(imans replay "$tmp/e.bin" "$tmp/e.pcrs"; echo "status: $?")" \
	"the first 2 of the list's 3 entries give $tmp/e.pcrs
status: 0"
rm -rf "$tmp"
