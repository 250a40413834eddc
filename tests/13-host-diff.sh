#!/bin/bash
# The host unchanged, shown by comparison: the scenarios of
# tests/guest/host-diff.sh (exec, mmap, reads, violations, a read after a
# write by a writer that still holds the file, O_DIRECT, a policy loaded
# by path, a key, a file changed; at depth 0, 1 and 2 of
# user namespaces and in a pid and mount namespace) under ima_policy=tcb
# and under a custom policy with measure, audit and appraise (fix) rules,
# on stock, ima-ns-off (make check-off only) and ima-ns.  ima-ns-off must
# print exactly what stock prints.  ima-ns must too, with no IMA
# namespace anywhere and with one active in a sibling container and, in the na context, below one
# that measures and audits, except that there a user namespace may mount
# securityfs.  Any difference fails and is printed as a diff.
#
# The debug pass boots only the debug kernel, under the custom policy and
# in two of the five contexts (d0, the host, and na, below an active IMA
# namespace; the nested user namespaces of d1 and d2 are the stress
# test's and ima-ns-deep.sh's on debug):
# there, the sibling's run must print what the plain run prints, and
# lockdep shows that the host alone never took the ns_status lock, but
# did with the sibling.
# Results: ima-ns 16, debug 6, off 4
. "$(dirname "$0")/lib.sh"

dir=$top/build/host-diff/$pass
# The debug kernel runs everything several times slower: there, the host
# and below an active IMA namespace.
debug_contexts="d0 na"
rm -rf "$dir" && mkdir -p "$dir" || exit 1
# One certificate for every kernel: its digest is in the lists compared.
openssl req -x509 -newkey rsa:2048 -nodes -keyout /dev/null -subj /CN=host-diff \
	-days 2 -outform DER -out "$dir/cert.der" 2>/dev/null || exit 1

# run VARIANT tcb|custom plain|sibling: the guest's output, in
# $dir/VARIANT-POLICY-MODE (debug-POLICY-MODE in the debug pass); its status is the last line.
run() {
	local share=$dir/share out=$dir/$1-$2-$3 append=(--append "ima_policy=tcb|critical_data")
	[ "$pass" = ima-ns ] || out=$dir/$pass-$2-$3
	[ "$2" = tcb ] || append=(--append ima_policy=critical_data --append ima_appraise=fix)
	[ "$pass" = ima-ns ] || append+=(--env "HOST_DIFF_CONTEXTS=$debug_contexts" --timeout 1200)
	rm -rf "$share" && mkdir "$share" && cp "$dir/cert.der" "$share/" || return 1
	vm "$1" --share "$share" "${append[@]}" -- \
		"$top/tests/guest/host-diff.sh" "$share" "$2" "$3" >"$out" 2>&1
	echo "status: $?" >>"$out"
}
# same DESC A B: the outputs A and B are the same (A is the reference),
# but for the "lock:" and "na:" lines, checked below.  On ima-ns, a user
# namespace may mount securityfs: that one line is taken out of both; and
# the records of the na context's own IMA namespace (ima_nsid=) are its
# own, not the host's.
same() {
	local a=$dir/$2 b=$dir/$3 d drop='/^(lock|na): /d'
	[[ $3 != ima-ns-[tc]* && $3 != debug-* ]] ||
		drop+='; /^== securityfs mounted/,+1d; /^audit: .* ima_nsid=[0-9]+( |$)/d'
	d=$(diff -u --label "$2" --label "$3" <(sed -E "$drop" "$a") <(sed -E "$drop" "$b"))
	is "$1" "$d" ""
}
# reference OUT [CONTEXTS]: the reference run did what the scenarios are for, so that
# kernels that agree because nothing happened cannot pass: every scenario
# ended with status 0 in every context; an exec, a mapping and a read
# each added a list entry; open_writers and ToMToU one violation each.
reference() {
	local out=$dir/$1 c s bad=
	grep -q '^== .*: status [1-9]' "$out" && bad+=" $(grep '^== .*: status [1-9]' "$out" | tr '\n' ';')"
	for c in ${2:-d0 d1 d2 pm na}; do
		for s in exec mmap read; do
			awk -v h="== $s in $c: status 0" '$0 == h { on = 1; next } /^== / { on = 0 } on && /^list: / { n++ }
				END { exit !(n >= 1) }' "$out" || bad+=" no list entry for $s in $c;"
		done
		for s in open-writers tomtou; do
			grep -A20 -x "== $s in $c: status 0" "$out" | grep -m1 '^violations: ' | grep -qx 'violations: +1' ||
				bad+=" not one violation for $s in $c;"
		done
	done
	is "$1: every scenario ran, measured and counted what it is for" "$bad" ""
}
# Each run ended well, and ran every scenario: a run that stopped early
# would compare equal to nothing, but say so plainly.
whole() {
	is "$1: the run ended with status 0 after the whole list" \
		"$(grep -c '^== the whole list$' "$dir/$1"; tail -n 1 "$dir/$1")" "1
status: 0"
}

for p in tcb custom; do
	if [ "$pass" = ima-ns ]; then
		for v in stock ima-ns-off ima-ns; do
			if ! in_pass $v; then
				left_out "the $p runs on $v"
				continue
			fi
			run $v $p plain
			whole $v-$p-plain
		done
		reference stock-$p-plain
		run ima-ns $p sibling
		whole ima-ns-$p-sibling
		n=$(grep -c '^== .* in na: ' "$dir/ima-ns-$p-sibling")
		is "$p: the na context ran below an active IMA namespace on ima-ns, all $n times" \
			"$(grep '^na: activations: ' "$dir/ima-ns-$p-sibling")" "na: activations: $(yes 0 | head -n "$n" | paste -sd' ')"
		is "$p: and each of those namespaces measured what it opened into its own list (counts above 1)" \
			"$(grep '^na: lists: ' "$dir/ima-ns-$p-sibling" | awk '{ for (i = 3; i <= NF; i++) if ($i < 2) bad++; print NF - 2, bad + 0 }')" "$n 0"
		! in_pass ima-ns-off ||
			same "$p: ima-ns-off does on the host exactly what stock does" stock-$p-plain ima-ns-off-$p-plain
		same "$p: ima-ns, with no IMA namespace, does on the host what stock does" stock-$p-plain ima-ns-$p-plain
		same "$p: ima-ns, with IMA namespaces measuring and auditing in a sibling and below the na context, does on the host what stock does" \
			stock-$p-plain ima-ns-$p-sibling
	elif [ $p = custom ]; then
		# The debug kernel, under the policy with the most rules.
		run ima-ns $p plain
		whole debug-$p-plain
		reference debug-$p-plain "$debug_contexts"
		run ima-ns $p sibling
		whole debug-$p-sibling
		same "$p: an IMA namespace in a sibling changes nothing on the host" debug-$p-plain debug-$p-sibling
		# lockdep lists a lock once it was taken: the host alone never
		# takes the ns_status lock; the sibling's audit rule makes it.
		is "$p: with no IMA namespace the host never took the ns_status lock" \
			"$(grep '^lock: ' "$dir/debug-$p-plain")" "lock: ima_ns_status_lock taken: no"
		is "$p: with one, it did (lockdep shows it)" \
			"$(grep '^lock: ' "$dir/debug-$p-sibling")" "lock: ima_ns_status_lock taken: yes"
	fi
done
