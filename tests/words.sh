#!/bin/sh
# tests/words.sh [ROOT] - the project speaks of the product alone: TAP,
# one point for words that tell how the work was organised (numbered
# issues, stops, sessions, branches and work items, merges into main,
# before-and-after logs, the development machine's paths) and one for
# commit hashes of this repository (7 to 40 hex digits that git knows as
# a commit; only in a git checkout, or with GIT_DIR set).  Exit 1 on a hit.
#
# Read: README.md, Makefile, man/, docs/, bench/, and the sources and
# data of lib/, formats/, cmd/, completion/, contrib/, tests/, samples/.
set -u
root=${1:-.}
cd "$root" || exit 2
self=tests/words.sh

# The files to read: text files only, this one left out (it spells the
# words it looks for), and no package installed by npm (not ours).
files() {
	for f in README.md Makefile; do [ -f "$f" ] && echo "$f"; done
	for d in man docs bench lib formats cmd completion contrib tests samples python .ci; do
		[ -d "$d" ] && find "$d" -name node_modules -prune -o -type f -print
	done | grep -v -x "$self" | sort
}
list=$(mktemp)
hits=$(mktemp)
trap 'rm -f "$list" "$hits"' EXIT
files >"$list"

# Work items by name: those of the past, and this repository's branches
# whose names are no ordinary word (a dash or a digit in them).
names='keysearch|grep19|fastreplay|gbkfast|lex19|zh19|core19'
if git rev-parse --git-dir >/dev/null 2>&1; then
	for b in $(git for-each-ref --format='%(refname:short)' refs/heads); do
		case $b in *[-0-9]*) names="$names|$b" ;; esac
	done
fi

words="\\b(issues?|stops?|sessions?|branch(es)?|work ?items?|tickets?|sprints?|milestones?|rounds?) ?#?[0-9]+\\b"
words="$words|\\b(of|in|during|since|this|previous|next|last|each|every) stop\\b"
words="$words|\\bstop [0-9]+'s\\b"
words="$words|\\b($names)\\b"
words="$words|\\bmerged? (into|to|from|in) (main|master|trunk)\\b|\\b(was|were|been|got|is) merged\\b"
words="$words|\\bhelpers?('s)? (session|branch|worktree|task|report)s?\\b|\\bworktrees?\\b"
words="$words|\\bthe issue('s)?\\b|\\bclosing note\\b|\\bmain merged\\b"
words="$words|\\b(other|another|each|every|the|one) helpers? (did|does|wrote|writes|made|found|works|worked)\\b"
words="$words|\\bbefore \\(?[0-9a-f]{7,40}\\b"
words="$words|\\b(before|after) (this|that|the) (change|commit|merge|branch|stop|session)\\b"
words="$words|/work/[a-z]|/tmp/tmp\\.[A-Za-z0-9]{6,}"

echo "1..2"
tr '\n' '\0' <"$list" | xargs -0 grep -nIiE -- "$words" >"$hits" 2>/dev/null
if [ -s "$hits" ]; then
	echo "not ok 1 - words of how the work was organised: $(wc -l <"$hits") lines"
	sed 's/^/# /' "$hits"
	bad=1
else
	echo "ok 1 - no words of how the work was organised in $(wc -l <"$list") files"
	bad=0
fi

if ! git rev-parse --git-dir >/dev/null 2>&1; then
	echo "ok 2 # SKIP not a git checkout: no commit to look for"
	exit "$bad"
fi
# every hex token, once, asked of git in one batch
tr '\n' '\0' <"$list" | xargs -0 grep -ohIiE -- '\b[0-9a-f]{7,40}\b' 2>/dev/null |
	tr 'A-F' 'a-f' | sort -u | sed 's/$/^{commit}/' |
	git cat-file --batch-check='%(objectname)' 2>/dev/null |
	grep -v -e ' missing$' -e ' ambiguous$' >"$hits"
if [ -s "$hits" ]; then
	echo "not ok 2 - commit hashes of this repository:"
	while read -r commit; do
		short=$(echo "$commit" | cut -c1-7)
		tr '\n' '\0' <"$list" | xargs -0 grep -nIi -- "$short" | sed 's/^/# /'
	done <"$hits"
	bad=1
else
	echo "ok 2 - no commit hash of this repository"
fi
exit "$bad"
