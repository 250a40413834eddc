#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Compare what tests/guest/stress.c expected with the records that came.

    stress_check.py DIR EXPECT RECORDS

EXPECT has a line "INUM PID DIR/fNN V" for every version V of a file that
the worker PID, in user namespace INUM, used; version V of fNN is
DIR/image followed by "\\nstress fNN version V\\n".  RECORDS is auditrd's
output.  Every record of a file in DIR must come from a namespace's rule
(ima_userns=), name that file, and carry the sha256 of a version that one
worker of that namespace (pid= for a read, ppid= for an exec) used and was
not yet matched.  Prints "expected N" (records),
"versions N" (file versions used), "twice N" (workers, each in a namespace
of its own, that used two versions of one file), then "missing N", "extra N" and up to 10 examples
of each; exits 0 when both are 0.
"""
import collections
import hashlib
import re
import sys

RECORD = re.compile(r'file="([^"]*)" hash="sha256:([0-9a-f]+)" ppid=(\d+) pid=(\d+) .* ima_userns=(\d+) ima_nsid=\d+$')


def main(top, expect, records):
    image = open(top + "/image", "rb").read()
    want = collections.Counter()
    seen = collections.defaultdict(set)  # by worker: inodes are reused
    for line in open(expect):
        inum, pid, path, version = line.split()
        seen[(inum, pid, path)].add(version)
        name = path.rsplit("/", 1)[1]
        data = image + b"\nstress %s version %s\n" % (name.encode(), version.encode())
        want[(inum, pid, path, hashlib.sha256(data).hexdigest())] += 1
    total = sum(want.values())
    extra = []
    for line in open(records):
        if 'file="%s/' % top not in line:
            continue
        m = RECORD.search(line.rstrip("\n"))
        if not m:
            extra.append(line.strip())
            continue
        path, sha, ppid, pid, inum = m.groups()
        for worker in (pid, ppid):
            key = (inum, worker, path, sha)
            if want[key] > 0:
                want[key] -= 1
                break
        else:
            extra.append(line.strip())
    missing = [" ".join(k) for k, n in want.items() for _ in range(n)]
    print("expected %d" % total)
    print("versions %d" % len({(p, v) for (_, _, p), vs in seen.items() for v in vs}))
    print("twice %d" % sum(1 for vs in seen.values() if len(vs) > 1))
    print("missing %d" % len(missing))
    for m in missing[:10]:
        print("  " + m)
    print("extra %d" % len(extra))
    for e in extra[:10]:
        print("  " + e)
    return 0 if not missing and not extra else 1


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
