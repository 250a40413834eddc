#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Replay IMA's binary measurement list into software PCRs, as a TPM
would be extended, computed from IMA's formats, not from the kernel's
code.

    imareplay.py FILE ALGO...

FILE is a binary_runtime_measurements (little endian); each ALGO a bank
(a hashlib name: sha1, sha256, sha224, ...).  Each entry extends its PCR
in every bank: PCR = H(PCR || D), PCRs starting at zero, where D is the
entry's template digest in the bank's algorithm: H over the template data
(for the original template "ima", over the file digest and the name
padded to 256 bytes), or, for a violation (a template digest of zeros in
the list), D is all ones.  Prints one line per bank and PCR extended, in
the order of the ALGOs and then of the PCRs:

    ALGO PCR HEX

which is the format of an IMA namespace's runtime_pcrs.
"""
import hashlib
import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from imalist import entries, template_digest  # noqa: E402


def main(path, *algos):
    data = open(path, "rb").read()
    pcrs = {a: {} for a in algos}
    for pcr, tdigest, name, tdata in entries(data, path):
        for a in algos:
            size = hashlib.new(a).digest_size
            d = (b"\xff" * size if tdigest == bytes(20)
                 else template_digest(a, name, tdata))
            old = pcrs[a].get(pcr, bytes(size))
            pcrs[a][pcr] = hashlib.new(a, old + d).digest()
    for a in algos:
        for pcr in sorted(pcrs[a]):
            print(a, pcr, pcrs[a][pcr].hex())
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
