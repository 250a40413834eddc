#!/bin/bash
# The series itself: checkpatch --strict on every patch; every patch
# applied in turn to a fresh tree with no fuzz and compiled with
# CONFIG_IMA_NS=y and =n; after the last, no =n object needs a symbol
# that only =y defines; kernel-doc and Sphinx (tools/series check).
# Then the two other forms of the series: what git send-email would send
# (tools/series mail) and what Debian's debian/patches/ would hold
# (tools/series debian), applied with quilt to a fresh tree.
# No debug pass: it builds the series and boots no kernel.
# Results: ima-ns 141
# (checkpatch for each patch, two builds for each that touches compiled
# code, 6 checks of the whole series, the rest below)
. "$(dirname "$0")/lib.sh"

# At the lowest priority among its own stream's processes (tests/run
# runs each stream in a session, so an autogroup, of its own).
nice -n 19 "$top/tools/series" check
check_status=$?
[ $check_status -eq 0 ] || not_ok "tools/series check ended with status $check_status"

patches=()
while read -r p; do patches+=("$p"); done < <("$top/tools/series" list)
n=${#patches[@]}
[ "$n" -gt 0 ] || not_ok "tools/series list lists no patch"

# subject FILE: the Subject: header of a patch file, unfolded.
subject() { sed -n '/^Subject: /{s/^Subject: //;h;:a;n;/^ /{H;ba};x;s/\n//g;p;q}' "$1"; }
# unsubject FILE: the patch file without its Subject: header.
unsubject() { sed -E '/^Subject: /,/^([^ ]|$)/{/^Subject: /d;/^ /d}' "$1"; }

# git send-email's form.
mail=$top/build/mail-out
rm -rf "$mail"
if "$top/tools/series" mail "$mail" >/dev/null; then
	ok "tools/series mail writes the series"
else
	not_ok "tools/series mail writes the series"
fi
want=$(printf '0000-cover-letter.patch\n'; printf '%s\n' "${patches[@]}")
is "the mail directory holds the cover letter and every patch, in order" \
	"$(cd "$mail" && ls)" "$want"
got=$(subject "$mail/0000-cover-letter.patch" | grep -oE '^\[PATCH 0+/[0-9]+\]')
is "the cover letter is [PATCH 00/$n]" "$got" "[PATCH 00/$n]"
bad=
for i in "${!patches[@]}"; do
	p=${patches[$i]}
	s=$(subject "$top/patches/$p")
	want=$(printf '[PATCH %02d/%d] %s' $((i + 1)) "$n" "${s#\[PATCH\] }")
	[ "$(subject "$mail/$p")" = "$want" ] || bad+=" $p (subject)"
	# Everything but the subject is the patch as patches/ holds it.
	cmp -s <(unsubject "$mail/$p") <(unsubject "$top/patches/$p") || bad+=" $p (content)"
done
is "each mailed patch is patches/'s, numbered [PATCH NN/$n]" "$bad" ""
out=$(cd /tmp && git send-email --dry-run --confirm=never --suppress-cc=all \
	--to=linux-integrity@vger.kernel.org \
	--from="IMA namespaces developers <imans-dev@example.org>" "$mail" 2>&1)
st=$?
is "git send-email --dry-run takes the directory as it is (status)" "$st" 0
is "git send-email --dry-run sends the cover letter and $n patches, each OK" \
	"$(printf '%s\n' "$out" | grep -c '^Result: OK$')" $((n + 1))
first=$(printf '%s\n' "$out" | sed -n 's/^Message-Id: //p' | head -n 1)
is "every patch replies to the cover letter" \
	"$(printf '%s\n' "$out" | grep -c "^In-Reply-To: $first\$")" "$n"

# Debian's form, applied with quilt to a fresh tree.
deb=$top/build/debian-patches
rm -rf "$deb"
if "$top/tools/series" debian "$deb"; then
	ok "tools/series debian writes the series"
else
	not_ok "tools/series debian writes the series"
fi
is "its quilt series file lists the patches in order" \
	"$(cat "$deb/series")" "$(printf '%s\n' "${patches[@]}")"
bad=
for p in "${patches[@]}"; do
	h=$(sed '/^---$/q' "$deb/$p")
	for f in Description Author Origin Forwarded Last-Update; do
		printf '%s\n' "$h" | grep -q "^$f: ." || bad+=" $p ($f)"
	done
	[ "$(printf '%s\n' "$h" | head -n 1)" = "Description: $(subject "$top/patches/$p" | sed 's/^\[PATCH\] //')" ] ||
		bad+=" $p (Description is not the subject)"
done
is "every patch has DEP-3 headers, its subject as Description" "$bad" ""
qtree=$top/build/src/quilt
rm -rf "$qtree" && mkdir -p "$qtree/debian" &&
	tar -xf /usr/src/linux-source-6.1.tar.xz -C "$qtree" --strip-components=1 &&
	cp -r "$deb" "$qtree/debian/patches" || not_ok "a fresh tree for quilt"
out=$(cd "$qtree" && QUILT_PATCHES=debian/patches quilt push -a --fuzz=0 2>&1)
st=$?
is "quilt push -a applies every patch with no fuzz (status)" "$st" 0
is "quilt reports no fuzz and no offset" "$(printf '%s\n' "$out" | grep -iE 'fuzz|offset')" ""
is "quilt applied $n patches" "$(cd "$qtree" && QUILT_PATCHES=debian/patches quilt applied 2>/dev/null | wc -l)" "$n"
is "the quilt tree is the tree tools/series check built" \
	"$(diff -rq -x .pc -x debian -x 'out-*' -x __pycache__ "$qtree" "$top/build/src/check" 2>&1)" ""
rm -rf "$qtree"
