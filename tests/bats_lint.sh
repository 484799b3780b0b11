#!/bin/sh
# tests/bats_lint.sh [FILE.bats ...] - two habits that make a bats check
# pass whatever the command does, refused (TAP lines):
#   1. a command negated with '!' on a line that is not the last of its
#      test or function: bash's errexit ignores a negated status, so only
#      the last line's status counts;
#   2. one of our commands (xq...) piping its output on a line that is not
#      a 'run' of it, with no pipefail: the pipe's status is the last
#      command's, so the command's own exit status is never checked.
# Both rules are first tried on planted cases, so the check itself is held
# to failing where it must.
cd "$(dirname "$0")/.." || exit 2
[ $# -gt 0 ] || set -- tests/cmd/*.bats

# negations FILE...: file:line of each '!' line followed by more of its block
negations() {
	awk '
	FNR == 1 { pending = "" }
	/^[ \t]*(#|$)/ { next }
	{
		if (pending != "" && $1 != "}") print pending
		pending = ""
		if ($1 == "!") pending = FILENAME ":" FNR
	}' "$@"
}

# hidden_status FILE...: file:line of each pipe out of an xq command
hidden_status() {
	awk '
	/^[ \t]*#/ || /^@test/ || /pipefail/ { next }
	{
		line = $0
		gsub(/\|\|/, "  ", line)        # or-lists are not pipes
		sub(/#[^"'\'']*$/, "", line)     # a trailing comment
		if ($1 == "run") {
			# run hands the status to the test, unless it runs a shell
			# whose own pipe hides it
			if (line !~ /(sh|bash) -c/) next
		}
		if (line ~ /(^|[;&($`"|]|\$P)[ \t]*xq[a-z]+[^|]*\|/) print FILENAME ":" FNR
	}' "$@"
}

planted=$(mktemp)
trap 'rm -f "$planted"' EXIT
printf '%s\n' '@test "x" {' '	! xqcheck a.pgn' '	[ 1 = 1 ]' '}' \
	'@test "y" {' '	xqstats -p 1 a.pgn | grep -q x' '	run sh -c "xqconv a | od"' '}' >"$planted"
status=0
n=$(negations "$planted" | wc -l)
m=$(hidden_status "$planted" | wc -l)
if [ "$n" -eq 1 ] && [ "$m" -eq 2 ]; then
	echo "ok 1 - the rules find planted cases (1 negation, 2 hidden statuses)"
else
	echo "not ok 1 - the rules found $n of 1 planted negation, $m of 2 hidden statuses"
	status=1
fi
bad=$(negations "$@")
if [ -z "$bad" ]; then
	echo "ok 2 - no negated command before a test's last line"
else
	echo "not ok 2 - negated commands whose status bats ignores (use run and \$status):"
	echo "$bad" | sed 's/^/# /'
	status=1
fi
bad=$(hidden_status "$@")
if [ -z "$bad" ]; then
	echo "ok 3 - no command of ours pipes its output away from its exit status"
else
	echo "not ok 3 - a pipe hides the exit status of one of our commands (write to a file, or run it):"
	echo "$bad" | sed 's/^/# /'
	status=1
fi
echo "1..3"
exit $status
