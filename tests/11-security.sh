#!/bin/bash
# What a namespace must not be able to do (tests/guest/ima-ns-security.sh).
. "$(dirname "$0")/lib.sh"

guest_tap ima-ns -- "$top/tests/guest/ima-ns-security.sh"
