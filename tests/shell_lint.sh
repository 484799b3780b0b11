#!/bin/sh
# tests/shell_lint.sh - every shell script of the tree (the tests' and the
# bench's scripts, the demo, the Hadoop example, CI's) passes shellcheck at
# its warning level: an unquoted name that splits, an assignment with a
# space, a variable never set, a shell it cannot tell.  The check is first
# tried on a planted script, so that it is held to failing where it must.
# TAP lines.
cd "$(dirname "$0")/.." || exit 2
if ! command -v shellcheck >/dev/null 2>&1; then
	echo "not ok 1 - shellcheck is not installed: make deps"
	echo "1..1"
	exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

. tests/tap.sh
printf '#!/bin/sh\nlocal_a= b=1\necho $undefined_name\n' >"$tmp/planted.sh"
tap "shellcheck refuses a planted script with two warnings" \
	sh -c '! shellcheck -S warning "$1" >/dev/null 2>&1' sh "$tmp/planted.sh"
for f in tests/*.sh bench/*.sh samples/*.sh contrib/hadoop/*.sh .ci/run; do
	[ -f "$f" ] && tap "$f" shellcheck -S warning -f gcc "$f"
done
tap_end
