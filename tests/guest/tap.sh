# TAP helpers for test scripts that run in a guest (POSIX sh: dash in the
# host userspace, busybox ash in the initramfs).  Source it, call plan N,
# then ok/not_ok/is/check for each test.

tap_n=0
# TAP_TAG, when set, is put before every description (tests/run sets it
# to "[debug] " for the debug pass of a host suite).
TAP_TAG=${TAP_TAG:-}
plan() { echo "1..$1"; }
ok() { tap_n=$((tap_n + 1)); echo "ok $tap_n - $TAP_TAG$*"; }
not_ok() { tap_n=$((tap_n + 1)); echo "not ok $tap_n - $TAP_TAG$*"; }
skip() { tap_n=$((tap_n + 1)); echo "ok $tap_n - $TAP_TAG$* # SKIP"; }
diag() { sed 's/^/# /'; }

# is DESC GOT WANT
is() {
	if [ "$2" = "$3" ]; then
		ok "$1"
	else
		not_ok "$1"
		{ echo "got:"; printf '%s\n' "$2"; echo "want:"; printf '%s\n' "$3"; } | diag
	fi
}

# check DESC CMD [ARGS]: pass when CMD succeeds; on failure, print what
# it ran and what it printed.
check() {
	_desc=$1
	shift
	_out=$("$@" 2>&1)
	_rc=$?
	if [ "$_rc" -eq 0 ]; then
		ok "$_desc"
	else
		not_ok "$_desc"
		{ echo "status $_rc: $*"; printf '%s\n' "$_out"; } | diag
	fi
}
