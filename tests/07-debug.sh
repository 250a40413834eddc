#!/bin/bash
# The debug kernel (KASAN, lockdep, kmemleak, UBSAN, DEBUG_LIST, ...) runs
# the hierarchical and freeing tests; any report fails the run, and
# kmemleak is scanned after them: what namespaces held is freed.
. "$(dirname "$0")/lib.sh"

guest_tap debug --kmemleak --append slab_nomerge -- "$top/tests/guest/ima-ns-hier.sh"
