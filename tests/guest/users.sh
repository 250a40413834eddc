# Running as another host user, for guest tests.  Source it.

# as UID CMD [ARGS]: CMD as host uid and gid UID, with no supplementary
# groups (uid 1000 plays the unprivileged namespace owner).
as() {
	_u=$1
	shift
	setpriv --reuid="$_u" --regid="$_u" --clear-groups "$@"
}
