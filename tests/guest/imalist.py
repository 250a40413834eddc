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
NUL-terminated text field as its text, anything else as hex.  The
original template ima has no length for its data: its SHA-1 file digest
(20 bytes) and its name (u32 length, text), printed as the digest in hex
and the name.  A measurement's template digest must be the SHA-1 of its
template data (for ima, of the file digest and the name padded to 256
bytes), a violation's all zeros: an entry that is neither, or a list
that ends in the middle of an entry, fails with status 1.
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


def entries(data, path):
    """Each entry of the binary list DATA (read from PATH) as (PCR,
    template digest, template name, template data); the data of the
    original template ima, which has no length in the list, as its file
    digest (20 bytes), its name's length and its name.  A list that ends
    inside an entry fails with status 1."""
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
        if name == "ima":
            d, n = take(20), take(4)
            tdata = d + n + take(struct.unpack("<I", n)[0])
        else:
            tdata = take(struct.unpack("<I", take(4))[0])
        yield pcr, tdigest, name, tdata


def template_digest(algo, name, tdata):
    """An entry's template digest in ALGO: of its template data, or for
    the template ima, of the file digest and the name padded with NULs to
    256 bytes."""
    if name != "ima":
        return hashlib.new(algo, tdata).digest()
    nlen, = struct.unpack_from("<I", tdata, 20)
    return hashlib.new(algo, tdata[:20] + tdata[24:24 + nlen].ljust(256, b"\0")).digest()


def main(path):
    data = open(path, "rb").read()
    for pcr, tdigest, name, tdata in entries(data, path):
        if tdigest not in (template_digest("sha1", name, tdata), bytes(20)):
            sys.exit("imalist: an entry of %s: template digest is not SHA-1 of its data" % path)
        if name == "ima":
            fields = [tdata[:20].hex(), tdata[24:].decode()]
        else:
            fields, o = [], 0
            while o < len(tdata):
                n, = struct.unpack_from("<I", tdata, o)
                fields.append(field(tdata[o + 4:o + 4 + n]))
                o += 4 + n
        print(pcr, tdigest.hex(), name, *fields)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
