#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""List the INTEGRITY_RULE records of an audit log, parsed with auparse.

    records.py LOG

For every INTEGRITY_RULE record, in order, prints one line
    FILE ima_userns=N task_userns=M
with "-" for a field the record does not have.  The records are read by
Debian's libauparse (python3-audit), the parser of ausearch and aureport,
so a record it cannot parse fails the listing.
"""
import sys

import auparse


def main(path):
    au = auparse.AuParser(auparse.AUSOURCE_FILE, path)
    while au.parse_next_event():
        while True:
            if au.get_type_name() == "INTEGRITY_RULE":
                fields = {}
                au.first_field()
                while True:
                    fields[au.get_field_name()] = au.interpret_field()
                    if not au.next_field():
                        break
                print(fields["file"],
                      "ima_userns=" + fields.get("ima_userns", "-"),
                      "task_userns=" + fields.get("task_userns", "-"))
            if not au.next_record():
                break
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
