#!/bin/bash
# The guest half of `make demo` runs and shows its one audit record.
. "$(dirname "$0")/lib.sh"

out=$("$vm" -- "$top/guest/demo.sh" 2>&1)
is "the demo ends successfully" "$?" 0
sha=$(echo "$out" | sed -n 's/^-- uid 1000 runs \/tmp\/hello (sha256 \([0-9a-f]*\))$/\1/p')
is "the demo shows exactly one INTEGRITY_RULE record, for /tmp/hello with its sha256" \
	"$(echo "$out" | grep -c '^type=INTEGRITY_RULE ')$(echo "$out" | grep -c "file=\"/tmp/hello\" hash=\"sha256:$sha\" .* uid=1000 ")" "11"
