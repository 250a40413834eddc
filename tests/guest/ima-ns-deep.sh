#!/bin/sh
# 32 nested IMA namespaces that measure, each with its own policy, from a
# guest on the ima-ns kernel: a task 32 deep reads a file and executes a
# script; the namespace at each depth holds exactly the entries its own
# policy asks for, of that descendant's accesses (issue 19, hierarchy).
# Odd depths measure what is read (FILE_CHECK, PCR 10, ima-ng), even
# depths what is executed (BPRM_CHECK, PCR 11, in the template ima-ns,
# whose nsid names the namespace the access was made under: the deepest).
# None of it changes the host's list, count or violations, or writes a
# kernel log line of IMA's.
. "$(dirname "$0")/tap.sh"
. "$(dirname "$0")/helpers.sh"
plan 4

ima=/sys/kernel/security/ima
tmp=$(mktemp -d)
chmod 755 "$tmp"

# The files and the 32 mount points belong to uid 1000, the root of
# every level (each maps its root to its parent's): fowner=0 at every
# depth names them, and none of the host's root's files.
mkdir "$tmp/d" && chown 1000 "$tmp/d" &&
	runas 1000 sh -c "printf deep >$tmp/d/f && printf '#!/bin/sh\n' >$tmp/d/s && chmod 755 $tmp/d/s &&
		for l in \$(seq 32); do mkdir $tmp/d/\$l || exit; done" ||
	echo "cannot make the files" | diag

host_state "$tmp/host-before"
dmesg >"$tmp/dmesg-before"
# Every level mounts its securityfs on its own directory, which stays
# reachable below it, and leaves securityfs out of its policy.  The
# deepest task reads the file, executes the script, says its pid and
# waits; the host reads every level's list through its root (a
# namespace may not read its ancestors' securityfs).  As hold does
# (helpers.sh), fd 9 is closed unread if the set-up fails.
mkfifo -m 666 "$tmp/ready" "$tmp/go"
runas 1000 nest -a -m "$tmp/d/%d" -r "dont_measure fsmagic=0x73636673" \
	-o "measure func=FILE_CHECK mask=MAY_READ fowner=0" \
	-e "measure func=BPRM_CHECK fowner=0 pcr=11 template=ima-ns" 32 -- sh -c \
	"cat $tmp/d/f >/dev/null && $tmp/d/s && echo \$\$ >&9 && exec 9>&- && read x <$tmp/go" 9>"$tmp/ready" &
job=$!
read -r pid <"$tmp/ready"
if [ -n "$pid" ]; then
	root=/proc/$pid/root$tmp/d
	cat "$root/32/ima/nsid" >"$tmp/out"
	for l in $(seq 32); do
		echo "level $l: $(cat "$root/$l/ima/runtime_measurements_count") $(cat "$root/$l/ima/violations")" &&
			cat "$root/$l/ima/ascii_runtime_measurements" || break
	done >>"$tmp/out" 2>&1
	echo >"$tmp/go"
fi
wait $job
is "32 levels set up, and the deepest task's steps run" "$? ${pid:+pid}" "0 pid"
dmesg >"$tmp/dmesg-after"
host_state "$tmp/host-after"

nsid=$(head -n 1 "$tmp/out")
echo "the deepest level's nsid: $nsid" | diag
f=$(printf deep | sha256sum | cut -d' ' -f1)
s=$(printf '#!/bin/sh\n' | sha256sum | cut -d' ' -f1)
# The entries are the same at every odd depth, and at every even one:
# all are computed by one process (a Python process takes seconds on
# debug): boot_aggregate, the file and the script read, in PCR 10, and
# the script executed, in PCR 11.
all=$(printf '%s\n' "10 ima-ng sha256 0 boot_aggregate" "10 ima-ng sha256 $f $tmp/d/f" \
	"10 ima-ng sha256 $s $tmp/d/s" "11 ima-ns sha256 $s $tmp/d/s $nsid" | ima_entries ascii)
odd=$(echo "$all" | sed -n 1,3p)
even=$(echo "$all" | sed -n '1p;4p')
want=
for l in $(seq 32); do
	if [ $((l % 2)) = 1 ]; then
		want="$want
level $l: 3 0
$odd"
	else
		want="$want
level $l: 2 0
$even"
	fi
done
is "every depth's list, exact: odd depths the file read and the script read by its shell, even depths the script executed, naming the deepest namespace" \
	"$(tail -n +2 "$tmp/out")" "${want#?}"
is "the host's list, count and violations did not change" \
	"$(cmp "$tmp/host-before" "$tmp/host-after" 2>&1)" ""
is "no kernel log line of IMA's" "$(ima_log_lines "$tmp/dmesg-before" "$tmp/dmesg-after")" ""
rm -rf "$tmp"
