#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Print the measurement list entry IMA should make for a file, computed
from IMA's formats (Documentation/security/IMA-templates.rst), not from
the kernel's code.

    imaentry.py ascii|binary PCR TEMPLATE ALGO DIGEST NAME [NSID]
    imaentry.py ascii|binary - <LINES

DIGEST is the file's digest in hex, in ALGO, or 0 for a digest of zeros
(boot_aggregate's, a file IMA could not read), or "violation" for a
violation's entry: a digest of zeros, and a template digest of zeros (a
TPM is extended with ones instead), or "verity:HEX" for the fs-verity
digest HEX that a rule with digest_type=verity records (its type shows
in the templates ima-ngv2 and ima-sigv2); NAME the name IMA records;
NSID the id for the template ima-ns's field nsid.  Prints the entry as
the ascii list prints it, or as hex of the binary list (little endian).
With "-", each line of the input holds the arguments after the mode,
separated by white space, and one entry is printed per line: one
process for many entries (a Python process takes seconds to start on
the debug kernel).  The fields of signatures, buffers and inode
attributes are empty, as for a file with no security.ima and
boot_aggregate.
"""
import hashlib
import struct
import sys

FMTS = {"ima": "d|n", "ima-ng": "d-ng|n-ng", "ima-ngv2": "d-ngv2|n-ng",
        "ima-sig": "d-ng|n-ng|sig", "ima-sigv2": "d-ngv2|n-ng|sig",
        "ima-buf": "d-ng|n-ng|buf",
        "ima-modsig": "d-ng|n-ng|sig|d-modsig|modsig",
        "evm-sig": "d-ng|n-ng|evmsig|xattrnames|xattrlengths|xattrvalues|iuid|igid|imode",
        "ima-ns": "d-ng|n-ng|nsid"}


def main(mode, pcr, template, algo, digest, name, nsid="0"):
    pcr = int(pcr)
    violation = digest == "violation"
    dtype = "ima"
    if digest.startswith("verity:"):
        dtype, digest = digest.split(":")
    digest = (bytes(hashlib.new(algo).digest_size) if digest in ("0", "violation")
              else bytes.fromhex(digest))
    bname = name.encode()
    data = {"d": digest, "n": bname + b"\0", "n-ng": bname + b"\0",
            "d-ng": algo.encode() + b":\0" + digest,
            "d-ngv2": dtype.encode() + b":" + algo.encode() + b":\0" + digest,
            "nsid": struct.pack("<Q", int(nsid))}
    shown = {"d": digest.hex(), "n": name, "n-ng": name,
             "d-ng": algo + ":" + digest.hex(),
             "d-ngv2": dtype + ":" + algo + ":" + digest.hex(), "nsid": nsid}
    fields = FMTS[template].split("|")
    if dtype != "ima" and "d-ngv2" not in fields:
        sys.exit(f"imaentry.py: {template} has no digest type for {dtype}")
    if template == "ima":
        # The original template: the digest alone, the name padded to 256
        # bytes in the template digest, as its length and text in the list.
        tdigest = hashlib.sha1(digest + bname.ljust(256, b"\0")).digest()
        tdata = digest + struct.pack("<I", len(bname)) + bname
    else:
        tdata = b"".join(struct.pack("<I", len(data.get(f, b""))) + data.get(f, b"")
                         for f in fields)
        tdigest = hashlib.sha1(tdata).digest()
        tdata = struct.pack("<I", len(tdata)) + tdata
    if violation:
        tdigest = bytes(20)
    if mode == "ascii":
        print(pcr, tdigest.hex(), template, *(shown.get(f, "") for f in fields))
    else:
        print((struct.pack("<I", pcr) + tdigest + struct.pack("<I", len(template)) +
               template.encode() + tdata).hex())
    return 0


if __name__ == "__main__":
    if sys.argv[2:] == ["-"]:
        for line in sys.stdin:
            if line.strip():
                main(sys.argv[1], *line.split())
        sys.exit(0)
    sys.exit(main(*sys.argv[1:]))
