#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""fs-verity for the guest tests, with no tool but Python's.

    verity.py enable FILE    switch fs-verity on for FILE (SHA-256, 4096-byte
                             blocks, no salt, no signature)
    verity.py digest FILE    print FILE's fs-verity digest, computed here
                             from its contents as
                             Documentation/filesystems/fsverity.rst defines
                             it, not asked of the kernel

The digest is what IMA records for a rule with digest_type=verity: the
SHA-256 of the file's fs-verity descriptor, which holds the root of the
Merkle tree over the file's 4096-byte blocks.
"""
import fcntl
import hashlib
import os
import struct
import sys

BLOCK = 4096
# _IOW('f', 133, struct fsverity_enable_arg), the struct 128 bytes long.
FS_IOC_ENABLE_VERITY = 0x40806685


def enable(path):
    # version 1, FS_VERITY_HASH_ALG_SHA256, the block size, no salt and
    # no signature; the rest reserved, zero.
    arg = struct.pack("<IIII", 1, 1, BLOCK, 0).ljust(128, b"\0")
    fd = os.open(path, os.O_RDONLY)
    try:
        fcntl.ioctl(fd, FS_IOC_ENABLE_VERITY, arg)
    finally:
        os.close(fd)


def root_hash(data):
    """The Merkle tree's root: each level hashes the blocks of the one
    below (the last block padded with zeros), up to a single block; an
    empty file's root is all zeros."""
    if not data:
        return bytes(32)
    level = data
    while True:
        blocks = [level[i:i + BLOCK].ljust(BLOCK, b"\0")
                  for i in range(0, len(level), BLOCK)]
        hashes = b"".join(hashlib.sha256(b).digest() for b in blocks)
        if len(blocks) == 1:
            return hashes
        level = hashes


def digest(path):
    with open(path, "rb") as f:
        data = f.read()
    # struct fsverity_descriptor: version, hash algorithm, log2 of the
    # block size, salt size, a reserved word, the data size, the root hash
    # (64 bytes), the salt (32) and 144 reserved bytes.
    desc = (struct.pack("<BBBBIQ", 1, 1, BLOCK.bit_length() - 1, 0, 0, len(data)) +
            root_hash(data).ljust(64, b"\0") + bytes(32) + bytes(144))
    return hashlib.sha256(desc).hexdigest()


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in ("enable", "digest"):
        sys.exit(__doc__)
    if sys.argv[1] == "enable":
        enable(sys.argv[2])
    else:
        print(digest(sys.argv[2]))
