#!/bin/bash
# The guest runner itself: it boots both userspaces, returns the command's
# output and status, shares folders, and fails a run on a kernel report or
# when the guest does not finish.
# No debug pass: it tests tools/vm itself, on the stock kernel, and boots
# the debug kernel itself to show that its checkers fail a run.
# Results: ima-ns 19
. "$(dirname "$0")/lib.sh"

kernel_built stock || { not_ok "the stock kernel is built"; exit 1; }
version=$(make -s -C "$top/build/src/stock" kernelversion)

t=$SECONDS
out=$(vm stock -- uname -r 2>&1)
rc=$?
is "stock boots the host userspace and runs uname" "$rc $out" "0 $version"
# How long it took is for the reader, not a test: a correctness suite on
# a shared machine does not judge wall-clock time.
echo "# tools/vm --variant stock -- uname -r took $((SECONDS - t)) s"

out=$(vm stock -- sh -c 'echo out; echo err >&2; exit 7' 2>&1)
is "CMD's output and exit status come back" "$? $out" "7 out
err"

out=$(vm stock -- printf '[%s]' "a b" "it's" '$HOME' 2>&1)
is "arguments reach the guest unchanged" "$out" "[a b][it's][\$HOME]"

out=$(vm stock -- bash -c 'unshare --user --map-root-user id' 2>&1)
is "Debian's unshare runs in the guest" "$? $out" "0 uid=0(root) gid=0(root) groups=0(root)"

out=$(vm stock --initramfs -- sh -c 'echo $VM_ROOT; ls /bin/auditrd; readlink /bin/sh' 2>&1)
is "the busybox initramfs boots with the project's programs" "$? $out" "0 initramfs
/bin/auditrd
busybox"

dir=$(mktemp -d "$top/build/share.XXXXXX")
out=$(vm stock --share "$dir" -- sh -c "echo from-guest >'$dir/f'; grep -c ' $dir 9p ' /proc/mounts" 2>&1)
is "--share DIR is read-write at the same path" "$? $out $(cat "$dir/f" 2>&1)" "0 1 from-guest"
rm -rf "$dir"

out=$(vm stock --append imans.test=yes --disk 8 -- sh -c 'cat /proc/cmdline /sys/block/vda/size &&
	cmp -n 8388608 /dev/vda /dev/zero && echo zeros' 2>&1)
case "$(echo "$out" | head -n 1)" in
*" imans.test=yes"*) ok "--append reaches the kernel command line" ;;
*) not_ok "--append reaches the kernel command line"; echo "$out" | diag ;;
esac
is "--disk 8 gives the guest an 8 MB disk of zeros, /dev/vda (16384 sectors)" \
	"$(echo "$out" | tail -n +2)" "16384
zeros"
is "--disk wants a size in MB: anything else is a usage error, before a boot" \
	"$(vm stock --disk 8M -- true 2>&1; echo "status: $?")" "tools/vm: --disk wants a size in MB, not '8M'
status: 2"

out=$(vm stock -- sh -c 'echo WARNING >/sys/kernel/debug/provoke-crash/DIRECT' 2>&1)
rc=$?
case "$rc $out" in
"125 "*"printed a report"*"WARNING: CPU: "*lkdtm*) ok "a provoked WARNING fails the run and is printed" ;;
*) not_ok "a provoked WARNING fails the run and is printed (status $rc)"; echo "$out" | diag ;;
esac

out=$(vm stock -- sh -c 'echo PANIC >/sys/kernel/debug/provoke-crash/DIRECT; echo survived' 2>&1)
rc=$?
case "$rc $out" in
"125 "*"Kernel panic"*) ok "a provoked panic fails the run and is printed" ;;
*) not_ok "a provoked panic fails the run and is printed (status $rc)"; echo "$out" | diag ;;
esac

# The kernel's lock and mark (tools/kernel), on a copy of tools/vm in a
# project of its own whose stock kernel is this one: a kernel with no
# mark (its build failed, or runs) is refused; a guest started while the
# lock is held waits for it.  The holder writes the mark only once
# /proc/locks shows the guest's tools/vm waiting, so a tools/vm that did
# not wait would find no mark, and fail.
p=$(mktemp -d "$top/build/vmlock.XXXXXX")
mkdir -p "$p/tools" "$p/build/out" "$p/build/guest"
cp "$top/tools/vm" "$p/tools/vm"
ln -s "$top/guest" "$p/guest"
ln -s "$top/build/guest/bin" "$p/build/guest/bin"
ln -s "$(readlink -f "$top/build/out/stock")" "$p/build/out/stock"
out=$("$p/tools/vm" --variant stock -- true 2>&1)
is "a kernel with no .built mark is refused" "$? $out" \
	"2 tools/vm: no stock kernel (or its last build failed): run 'make kernel VARIANT=stock'"
lock=$p/build/out/.stock.lock
: >"$lock"
ino=$(stat -c %i "$lock")
mkfifo "$p/go"
# Held open read-write: the go written below waits in the fifo until the
# holder reads it, and writing it never blocks.
exec {go}<>"$p/go"
flock -x "$lock" sh -c "read x <'$p/go' && touch '$p/build/out/.stock.built'" &
holder=$!
# /proc/locks lists the holder's lock, then the guest's wait (a line
# "-> FLOCK ... READ"); either loop ends if its process has ended, or
# after a minute.
end=$((SECONDS + 60))
until grep -qE "FLOCK +ADVISORY +WRITE .*:$ino " /proc/locks ||
	! kill -0 $holder 2>/dev/null || [ $SECONDS -gt $end ]; do :; done
"$p/tools/vm" --variant stock -- echo booted >"$p/out" 2>&1 &
guest=$!
until grep -qE -- "-> FLOCK +ADVISORY +READ .*:$ino " /proc/locks ||
	! kill -0 $guest 2>/dev/null || [ $SECONDS -gt $end ]; do :; done
echo >&"$go"
wait "$holder"
exec {go}>&-
wait "$guest"
is "a guest waits while its kernel's lock is held, and boots once it is let go" "$? $(cat "$p/out")" "0 booted"
rm -rf "$p"

# A build that fails leaves its variant unmarked and fails tools/kernel:
# a copy of it in a project of its own, whose stock tree is already
# extracted and configured (its .series-id and .config-id, as
# tools/kernel computes them), with a make that fails.
p=$(mktemp -d "$top/build/kbuild.XXXXXX")
s=$p/build/src/stock
mkdir -p "$p/tools" "$p/patches" "$p/configs" "$s/kernel/configs" "$s/out-stock" "$p/build/out" "$p/bin"
cp "$top/tools/kernel" "$top/tools/series" "$p/tools/"
cp "$top/patches/debian-version" "$p/patches/"
cp "$top"/configs/*.config "$p/configs/"
cp "$top/build/src/stock/kernel/configs/kvm_guest.config" "$s/kernel/configs/"
sha256sum <"$p/patches/debian-version" | cut -d' ' -f1 >"$s/.series-id"
cat "$s/.series-id" "$s/kernel/configs/kvm_guest.config" "$p/configs/base.config" \
	"$p/configs/debian.config" | sha256sum | cut -d' ' -f1 >"$s/out-stock/.config-id"
printf '#!/bin/sh\nexit 2\n' >"$p/bin/make"
chmod +x "$p/bin/make"
: >"$p/build/out/.stock.built"
PATH="$p/bin:$PATH" "$p/tools/kernel" stock >"$p/log" 2>&1
rc=$?
is "a failed build fails tools/kernel and leaves no .built mark" \
	"$rc $(grep '^tools/kernel: ' "$p/log") $(ls -A "$p/build/out" | paste -sd' ')" \
	"1 tools/kernel: stock did not build (status 2) .stock.lock stock"
rm -rf "$p"

t=$SECONDS
out=$(vm stock --timeout 15 -- sleep 1000 2>&1)
rc=$?
took=$((SECONDS - t))
if [ "$rc" = 124 ] && [ "$took" -lt 30 ]; then
	ok "a guest that does not finish is stopped at --timeout"
else
	not_ok "a guest that does not finish is stopped at --timeout (status $rc after $took s)"
	echo "$out" | diag
fi

# The debug kernel's checkers fire, and tools/vm --kmemleak fails a run
# whose scans did not both run (the debug pass relies on them).  A leak
# that kmemleak finds fails a run too: shown with a kernel that leaks the
# rules of an ending namespace (tests/README.md).
out=$(vm debug -- sh -c 'echo READ_AFTER_FREE >/sys/kernel/debug/provoke-crash/DIRECT' 2>&1)
rc=$?
case "$rc $out" in
"125 "*"printed a report"*"BUG: KASAN: "*lkdtm_READ_AFTER_FREE*) ok "debug: a use after free (lkdtm) is a KASAN report that fails the run" ;;
*) not_ok "debug: a use after free (lkdtm) is a KASAN report that fails the run (status $rc)"; echo "$out" | diag ;;
esac
out=$(vm debug --kmemleak -- sh -c 'echo off >/sys/kernel/debug/kmemleak' 2>&1)
rc=$?
case "$rc $out" in
"125 "*"kmemleak did not scan twice"*) ok "debug --kmemleak: kmemleak switched off during CMD fails the run" ;;
*) not_ok "debug --kmemleak: kmemleak switched off during CMD fails the run (status $rc)"; echo "$out" | diag ;;
esac
out=$(vm debug --kmemleak -- true 2>&1)
is "debug --kmemleak: a clean run passes" "$? $out" "0 "

# Last, as make check builds ima-ns after debug and stock: ima-ns starts
# from stock's objects (tools/kernel), and kbuild rebuilds an object only
# when a file it reads is newer than it.  Every object that reads a file
# the series changes (the patches' own list) must have been built after
# the seeding, whichever tree was extracted first.
if ! kernel_built ima-ns; then
	not_ok "the ima-ns kernel is built"
elif [ "$(cat "$top/build/out/ima-ns/.seeded" 2>/dev/null)" != stock ]; then
	skip "ima-ns was not started from stock's objects (built alone): nothing to check"
else
	pat=$(mktemp)
	"$top/tools/series" list | while read -r f; do
		sed -n 's|^+++ b/|../|p' "$top/patches/$f"
	done | sort -u >"$pat"
	n=0 stale=
	while read -r c; do
		b=${c##*/}
		o=${c%/*}/${b:1:-4}
		n=$((n + 1))
		[ "$o" -nt "$top/build/out/ima-ns/.seeded" ] || stale+=" ${o#"$top/build/out/ima-ns/"}"
	done < <(grep -rlF -f "$pat" --include='.*.o.cmd' "$top/build/out/ima-ns/")
	rm -f "$pat"
	if [ "$n" -gt 0 ] && [ -z "$stale" ]; then
		ok "ima-ns seeded from stock rebuilt the $n objects that read what the series changes"
	else
		not_ok "ima-ns seeded from stock rebuilt the objects that read what the series changes ($n of them)"
		echo "stale:$stale" | cut -c1-2000 | diag
	fi
fi
