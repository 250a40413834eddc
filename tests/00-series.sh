#!/bin/bash
# The series itself: checkpatch --strict on every patch, and every patch
# applied in turn to a fresh tree with no fuzz and compiled.
# No debug pass: it builds the series and boots no kernel.
. "$(dirname "$0")/lib.sh"

"$top/tools/series" check
