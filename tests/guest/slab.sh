# Slab counts of the IMA namespace caches, for guest tests on a kernel
# booted with slab_nomerge (so that each cache is its own).  Source it.

# slab CACHE: the number of active objects in CACHE ("no-such-cache" when
# there is none, e.g. merged into another).  Shrinking the cache first
# makes the count exact.
slab() {
	echo 1 >"/sys/kernel/slab/$1/shrink"
	awk -v c="$1" '$1 == c { print $2; found = 1 } END { if (!found) print "no-such-cache" }' /proc/slabinfo
}

# slab_objsize CACHE: the size in bytes of one object of CACHE, as the
# cache's object_size (what the allocation asked for, not its slot).
slab_objsize() {
	cat "/sys/kernel/slab/$1/object_size" 2>/dev/null
}

# shrink_all: shrink every cache, which frees its empty slabs and, under
# KASAN, empties its quarantine, so that only objects still allocated
# count as active.
shrink_all() {
	for _c in /sys/kernel/slab/*/shrink; do echo 1 >"$_c"; done
}

# slab_all: "CACHE ACTIVE" for every cache, sorted by name (in the C
# locale, as slab_grown's join expects), each cache shrunk first.
slab_all() {
	shrink_all
	awk 'NR > 2 { print $1, $2 }' /proc/slabinfo | LC_ALL=C sort -k1,1
}

# slab_grown FILE LIMIT: the caches that now hold LIMIT or more objects
# more than FILE (slab_all's output, saved earlier) says, each as
# "CACHE BEFORE -> NOW".
slab_grown() {
	slab_all | LC_ALL=C join - "$1" | awk -v l="$2" '$2 - $3 >= l { print $1, $3, "->", $2 }'
}

# settle "N M": wait until ima_namespace and ns_status hold N and M
# objects, and print what they hold.  User namespaces are freed from a
# workqueue after their last task is gone, so the counts reach their end
# value a little after the test's last process ended; give up after 30 s.
settle() {
	_end=$(($(date +%s) + 30))
	while [ "$(slab ima_namespace) $(slab ns_status)" != "$1" ] && [ "$(date +%s)" -lt "$_end" ]; do
		:
	done
	echo "$(slab ima_namespace) $(slab ns_status)"
}

# sunreclaim: the kernel's unreclaimable slab memory in kB, with every
# cache shrunk first (shrink_all).
sunreclaim() {
	shrink_all
	awk '$1 == "SUnreclaim:" { print $2 }' /proc/meminfo
}

# settle_sunreclaim KB MAX: wait, 30 s at most, until sunreclaim is within
# MAX kB of KB (what user namespaces hold is freed from a workqueue after
# their last task is gone), and print it.
settle_sunreclaim() {
	_end=$(($(date +%s) + 30))
	_now=$(sunreclaim)
	while [ $((_now - $1)) -gt "$2" ] && [ "$(date +%s)" -lt "$_end" ]; do
		_now=$(sunreclaim)
	done
	echo "$_now"
}
