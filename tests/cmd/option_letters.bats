#!/usr/bin/env bats
# One letter, one meaning: every short option letter of every command's
# --help held against the one table, tests/option_letters.tsv (a letter's
# meaning is told by the long name the help gives it), and every letter a
# --help names accepted by the command.
bats_require_minimum_version 1.5.0

COMMANDS="xqconv xqcheck xqshow xqgrep xqstats xqjudge xqannotate xqengine xqperft"

setup() {
	TABLE="$BATS_TEST_DIRNAME/../option_letters.tsv"
	T="$BATS_TEST_TMPDIR"
}

# letter_problems CMD < HELP: one line for each letter of HELP that the
# table does not give CMD with that meaning; nothing when all agree.
letter_problems() {
	awk -v cmd="$1" -v table="$TABLE" '
	BEGIN {
		FS = "\t"
		while ((getline line < table) > 0) {
			if (line ~ /^#/ || line == "")
				continue
			split(line, f, "\t")
			key = f[1] SUBSEP f[3]
			longs[key] = "," f[2] ","
		}
		FS = " "
	}
	# the long names letter c may have in cmd: its exception there, else
	# its one meaning
	function allowed(c) {
		if ((c SUBSEP cmd) in longs)
			return longs[c SUBSEP cmd]
		if ((c SUBSEP "*") in longs)
			return longs[c SUBSEP "*"]
		return ""
	}
	{
		line = $0
		if (match(line, /^ +-[A-Za-z0-9], --[a-z][a-z0-9-]*/)) {
			opt = substr(line, RSTART, RLENGTH)
			sub(/^ +/, "", opt)
			c = substr(opt, 2, 1)
			name = substr(opt, 7)
			a = allowed(c)
			if (a == "")
				print cmd " -" c ": not in the table"
			else if (index(a, "," name ","))
				;
			else
				print cmd " -" c " is --" name ": the table gives -" c " as " a
		}
		# every letter named anywhere: known to the table for cmd
		while (match(line, /(^|[^-A-Za-z0-9])-[A-Za-z0-9]+/)) {
			word = substr(line, RSTART, RLENGTH)
			line = substr(line, RSTART + RLENGTH)
			sub(/^[^-]/, "", word)
			for (i = 2; i <= length(word); i++)
				if (allowed(substr(word, i, 1)) == "")
					print cmd " names -" substr(word, i, 1) ": not in the table"
		}
	}'
}

# named_letters CMD: each letter CMD's --help names, once a line.
named_letters() {
	"$1" --help | grep -oE '(^|[^-A-Za-z0-9])-[A-Za-z0-9]+' | sed 's/^[^-]*-//' |
		fold -w1 | sort -u
}

@test "the table: each letter has one meaning; every other row is an exception of one command" {
	run -0 awk -F '\t' '
		/^#/ || $0 == "" { next }
		NF != 4 { print "line " NR ": " NF " fields"; next }
		$3 == "*" && ($1 in one) { print "-" $1 " has two meanings" }
		$3 == "*" { one[$1] = 1; next }
		$4 !~ /^exception: / { print "-" $1 " in " $3 ": not marked exception" }
		$3 !~ /^xq[a-z]+$/ { print "-" $1 ": an exception names one command" }
		END { if (length(one) < 20) print "only " length(one) " letters" }' "$TABLE"
	[ "$output" = "" ]
	# -J is the jobs option (threads) wherever it is taken
	grep -qx $'J\tjobs,threads\t\\*\tthreads at once' "$TABLE"
}

@test "every command's --help: each letter with the meaning the table gives it" {
	for c in $COMMANDS; do
		help=$("$c" --help)
		run -0 letter_problems "$c" <<<"$help"
		[ "$output" = "" ] || { echo "$output"; return 1; }
	done
}

@test "every letter a --help names is one the command accepts" {
	for c in $COMMANDS; do
		letters=$(named_letters "$c")
		[ -n "$letters" ]
		for l in $letters; do
			# no input: each letter runs on an empty standard input
			run timeout 60 "$c" "-$l" </dev/null
			[[ "$output" != "$c: unknown option '-$l'"* ]] || { echo "$c --help names -$l: $output"; return 1; }
		done
	done
}

@test "the check fails on a letter out of the table, a second meaning, an unknown letter named" {
	run -0 letter_problems xqcheck <<<"  -r, --result=R     a result"
	[ "$output" = "xqcheck -r is --result: the table gives -r as ,rules," ]
	run -0 letter_problems xqengine <<<"  -T, --threads=N    search threads"
	[ "$output" = "xqengine -T is --threads: the table gives -T as ,tag," ]
	run -0 letter_problems xqgrep <<<"  -Z, --zap    nothing"
	[ "$output" = "xqgrep -Z: not in the table
xqgrep names -Z: not in the table" ]
	# xqgrep's exceptions are its own, and the table's
	run -0 letter_problems xqgrep <<<"  -v, --invert-match   x
  -r, --result=R  y"
	[ "$output" = "" ]
	run -0 letter_problems xqjudge <<<"  -v, --invert-match   x"
	[ "$output" = "xqjudge -v is --invert-match: the table gives -v as ,verbose," ]
	# and a letter a help names that the command does not take
	printf '#!/bin/sh\n[ "$1" = --help ] && { echo "usage: fake [-k]"; exit 0; }\necho "fake: unknown option '"'"'-k'"'"'" >&2; exit 2\n' >"$T/fake"
	chmod +x "$T/fake"
	run -0 named_letters "$T/fake"
	[ "$output" = k ]
	run -2 "$T/fake" -k
	[[ "$output" == "fake: unknown option '-k'"* ]]
}
