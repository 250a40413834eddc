#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Print IMA's binary measurement list, parsed, one entry per line.

    imalist.py FILE

FILE is a binary_runtime_measurements in the machine's byte order (x86:
little endian), each entry: PCR (u32), template digest (20 bytes),
template name (u32 length, text), template data (u32 length, then the
template's fields, each a u32 length and its bytes).  Prints

    PCR TEMPLATE-DIGEST TEMPLATE FIELD...

like the ascii list: a digest field ("ALGO:\\0" and bytes) as ALGO:HEX, a
NUL-terminated text field as its text, anything else as hex.  A
measurement's template digest must be the SHA-1 of its template data, a
violation's all zeros: an entry that is neither, or a list that ends in
the middle of an entry, fails with status 1.
"""
import hashlib
import struct
import sys


def field(b):
    algo, sep, digest = b.partition(b":\0")
    if sep and algo.isalnum():
        return "%s:%s" % (algo.decode(), digest.hex())
    if b.endswith(b"\0") and b[:-1].isascii() and b[:-1].decode().isprintable():
        return b[:-1].decode()
    # An empty field (ima-sig's signature of an unsigned file) prints as
    # nothing after its space, as in the ascii list.
    return b.hex()


def main(path):
    data = open(path, "rb").read()
    off = 0

    def take(n):
        nonlocal off
        if off + n > len(data):
            sys.exit("imalist: %s ends inside an entry at byte %d" % (path, off))
        b = data[off:off + n]
        off += n
        return b

    while off < len(data):
        pcr, = struct.unpack("<I", take(4))
        tdigest = take(20)
        name = take(struct.unpack("<I", take(4))[0]).decode()
        tdata = take(struct.unpack("<I", take(4))[0])
        if tdigest not in (hashlib.sha1(tdata).digest(), bytes(20)):
            sys.exit("imalist: entry at byte %d: template digest is not SHA-1 of its data" % off)
        fields, o = [], 0
        while o < len(tdata):
            n, = struct.unpack_from("<I", tdata, o)
            fields.append(field(tdata[o + 4:o + 4 + n]))
            o += 4 + n
        print(pcr, tdigest.hex(), name, *fields)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
