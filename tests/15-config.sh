#!/bin/bash
# The test kernels against Debian's: every option defined under
# security/, in the TPM drivers, keys, asymmetric keys and certificates,
# proc, fs-verity (IMA's verity digests) and the file systems the tests
# use (ext4, overlayfs, 9p, tmpfs), the preemption model and RCU (the
# series' policy readers and updaters rely on RCU), and the namespace,
# audit and kexec options, and the generic digests of the kernel's
# algorithm table (what ima_hash= and a namespace's hash may choose), has
# Debian's value in each variant's .config (linux-config-6.1, the pinned
# version), but for the exceptions in configs/debian-exceptions.  Then
# each variant boots with Debian's LSMs, AppArmor enabled, and the /proc
# files container tools read.
# No debug pass: it checks the debug variant's config and boots it itself.
# Results: ima-ns 9, off 2
. "$(dirname "$0")/lib.sh"

pin=$(cat "$top/patches/debian-version")
debian=/usr/src/linux-config-6.1/config.amd64_none_amd64.xz
exceptions=$top/configs/debian-exceptions
tree=$top/build/src/stock
variants="stock ima-ns ima-ns-debian debug"
if in_pass ima-ns-off; then
	variants+=" ima-ns-off"
else
	left_out "ima-ns-off's config and boot"
fi

# The options compared: those that these Kconfig files define, and a
# list from init/, kernel/, fs/ and arch/.
areas() {
	(
		cd "$tree" &&
			sed -nE 's/^[[:space:]]*(menu)?config[[:space:]]+([A-Z0-9_]+).*/\2/p' \
				$(find security -name 'Kconfig*') crypto/asymmetric_keys/Kconfig \
				certs/Kconfig drivers/char/tpm/Kconfig drivers/char/tpm/st33zp24/Kconfig \
				fs/proc/Kconfig fs/verity/Kconfig fs/ext4/Kconfig fs/overlayfs/Kconfig \
				fs/9p/Kconfig net/9p/Kconfig kernel/Kconfig.preempt kernel/rcu/Kconfig
	)
	printf '%s\n' BPF_LSM AUDIT AUDITSYSCALL NAMESPACES UTS_NS TIME_NS IPC_NS USER_NS \
		PID_NS NET_NS CGROUPS MEMCG CHECKPOINT_RESTORE TMPFS TMPFS_POSIX_ACL \
		TMPFS_XATTR TMPFS_INODE64 KEXEC KEXEC_FILE KEXEC_SIG KEXEC_BZIMAGE_VERIFY_SIG \
		CRYPTO_MD4 CRYPTO_MD5 CRYPTO_SHA1 CRYPTO_SHA256 CRYPTO_SHA512 CRYPTO_RMD160 \
		CRYPTO_WP512 CRYPTO_SM3_GENERIC CRYPTO_STREEBOG
}

# config FILE ARRAY: read FILE's options into the associative ARRAY,
# keyed without CONFIG_: "y" for "m", "n" for an empty value; an option
# FILE does not set is absent (read it as "${ARRAY[O]:-n}").
config() {
	local -n c=$2
	local k v
	while IFS='=' read -r k v; do
		case "$v" in
		"" | '""') v=n ;;
		m) v=y ;;
		esac
		c[${k#CONFIG_}]=$v
	done < <(grep -E '^CONFIG_[A-Z0-9_]+=' "$1")
}

# excepted OPTION VARIANT: "PATTERN VARIANTS" of the line of the
# exceptions list that excepts OPTION for VARIANT, if one does.
excepted() {
	local glob variants reason
	while read -r glob variants reason; do
		case "$glob" in "" | "#"*) continue ;; esac
		# shellcheck disable=SC2053
		[[ $1 == $glob ]] || continue
		[ "$variants" = all ] || [[ ",$variants," == *",$2,"* ]] || continue
		[ -n "$reason" ] || return 1
		echo "$glob $variants"
		return 0
	done <"$exceptions"
	return 1
}

dpkg-query -W -f='${Version}' linux-config-6.1 2>/dev/null | grep -qxF "$pin" ||
	{ not_ok "linux-config-6.1 $pin is installed (tools/deps)"; exit 1; }
ref=$(mktemp)
xzcat "$debian" >"$ref" || { not_ok "read $debian"; exit 1; }
declare -A deb
config "$ref" deb
kernel_built stock || { not_ok "the stock kernel is built (its tree is read)"; exit 1; }
options=$(areas | sort -u)
[ "$(echo "$options" | wc -l)" -gt 200 ] ||
	{ not_ok "the compared areas define over 200 options"; exit 1; }

used=$(mktemp)
for v in $variants; do
	cfg=$top/build/out/$v/.config
	if ! kernel_built "$v" || [ ! -f "$cfg" ]; then
		not_ok "$v: Debian's values for the compared options but the exceptions (no $cfg)"
		continue
	fi
	unset ours
	declare -A ours
	config "$cfg" ours
	drift=
	for o in $options; do
		want=${deb[$o]:-n}
		got=${ours[$o]:-n}
		[ "$want" = "$got" ] && continue
		e=$(excepted "$o" "$v") && echo "$e $v" >>"$used" && continue
		drift+="CONFIG_$o: Debian $want, $v $got"$'\n'
	done
	is "$v: Debian's values for the compared options but the exceptions" "$drift" ""
done
# The variants checked (the loop below reads its own $variants).
checked=$variants
# Each exception must still be needed, by each variant it lists (by one
# at least for "all"): one that is not is drift too (Debian or the
# fragments changed).
stale=$(grep -vE '^[[:space:]]*(#|$)' "$exceptions" | while read -r glob variants _; do
	if [ "$variants" = all ]; then
		grep -q "^$(printf '%s' "$glob" | sed 's/[*]/[*]/g') all " "$used" || echo "$glob"
		continue
	fi
	for v in ${variants//,/ }; do
		# A variant this run does not check needs nothing.
		[[ " $checked " == *" $v "* ]] || continue
		grep -qxF -- "$glob $variants $v" "$used" || echo "$glob ($v)"
	done
done)
is "every exception is still needed" "$stale" ""
rm -f "$ref" "$used"

# Booted: Debian's LSM order (CONFIG_LSM) with AppArmor the major LSM,
# enabled; /proc/PID/task/TID/children, which container tools read.
for v in $variants; do
	out=$("$top/tools/vm" --variant "$v" -- sh -c '
		cat /sys/kernel/security/lsm; echo
		cat /sys/module/apparmor/parameters/enabled
		cat /proc/$$/task/$$/children' 2>&1)
	rc=$?
	# The children file names the cat that reads it.
	out=$(printf '%s\n' "$out" | sed -E '3s/^[0-9]+ $/PID/')
	is "$v boots with Debian's LSMs, AppArmor enabled, and lists a task's children" "$rc $out" \
		"0 lockdown,capability,landlock,yama,apparmor,tomoyo
Y
PID"
done
