#!/usr/bin/env bats
# Parts of a split input merged again, for xqcheck, xqgrep and xqstats
# alike: a file with invalid games split on game boundaries by GNU parallel
# into many parts, each run with --partial --part {#}, the parts merged;
# the whole output (stdout, stderr, exit status) is compared with one run
# over the file.  Numbered parts out of order, missing, given twice or
# mixed with unnumbered ones are refused (exit 2), by each merge the same
# way.  (parallel.bats does the same at 100,000 games without the order
# checks.)
bats_require_minimum_version 1.5.0

setup_file() {
	ROOT="$BATS_TEST_DIRNAME/../.."
	SHARED="${XQ_SHARED:-$ROOT/../shared}"
	C="$SHARED/corpus/pgn"
	in="$BATS_FILE_TMPDIR/in.pgn"
	# 3 x (1125 games, an invalid one, 300 KB more, another invalid one);
	# a game with a unique opening (the -l target) in the middle, after
	# the first invalid games and before the later ones
	{
		for n in 1 2 3; do
			cat "$C/wukong_iccs_1125_games.pgn"
			printf '[Event "bad %d"]\n[Red "X"]\n[Black "Y"]\n\n1. h2e2 h9g7 2. h2h9 *\n\n' "$n"
			head -c 300000 "$C/wukong_hu_ronghua_1391_iccs.pgn" | sed '$d'
			printf '\n[Event "bad b%d"]\n\n1. h2e2 h2e3 *\n\n' "$n"
			if [ "$n" = 2 ]; then
				printf '[Event "target"]\n[Red "T"]\n[Black "U"]\n\n1. i3i4 i6i5 2. a3a4 *\n\n'
			fi
		done
	} >"$in"
	export in
}

setup() {
	T="$BATS_TEST_TMPDIR"
	P="parallel -q -k --pipe --recstart [Event --block 150k -j 3"
}

# split PARTS DIR HEADER: each part of the stream PARTS in DIR/1, DIR/2, ...
split_parts() {
	mkdir -p "$2"
	awk -v d="$2" -v h="$3" 'index($0, h) == 1 { n++ } { print > (d "/" n) }' "$1"
}

# same NAME: one run's $T/one.* and the merge's $T/m.* are the same
same() {
	cmp "$T/one.err" "$T/m.err"
	cmp "$T/one.rc" "$T/m.rc"
	cmp "$T/one.out" "$T/$1"
}

@test "the input splits into many parts, some with invalid games" {
	[ "$($P -k head -1 <"$in" | grep -c '^\[Event ')" -ge 10 ]
	# a match beside invalid games: exit 1
	run -1 --separate-stderr xqgrep -c --opening 'i3i4 i6i5 a3a4' "$in"
	[ "$output" = 1 ]
	[ "$(grep -c 'error:' <<<"$stderr")" = 6 ]
}

@test "xqgrep --partial | xqgrep --merge: the diagnostics, -c, -l and exit status of one run" {
	for c in "-c" "-q|-c" "-c|--fen|rnbakabnr/9/1c2c4/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w" \
		 "-l|--opening|i3i4 i6i5 a3a4" "-l|-P|nobody" "--verbose|-c|-T|Event~bad" \
		 "-v|-r|red" "--opening|h2e2 h9g7 h0g2" "-P|nobody"; do
		IFS='|' read -ra o <<<"$c"
		rc=0
		xqgrep "${o[@]}" <"$in" >"$T/one.out" 2>"$T/one.err" || rc=$?
		echo "$rc" >"$T/one.rc"
		$P xqgrep --partial --part '{#}' "${o[@]}" <"$in" >"$T/games" 2>"$T/parts" || true
		[ "$(grep -c '^#xqgrep-partial' "$T/parts")" -ge 10 ]
		rc=0
		xqgrep --merge "$T/parts" >"$T/m.out" 2>"$T/m.err" || rc=$?
		echo "$rc" >"$T/m.rc"
		case "$c" in
		*-c*|*-l*) same m.out; [ ! -s "$T/games" ] ;;
		*) same games; [ ! -s "$T/m.out" ] ;;
		esac
	done
	# -l: the run stops at the target, so the invalid games after it are
	# neither reported nor counted; the merge leaves them out the same way
	run -1 --separate-stderr xqgrep -l --opening 'i3i4 i6i5 a3a4' "$in"
	[ "$output" = "$in" ]
	[ "$(grep -c 'error:' <<<"$stderr")" = 4 ]
	# 3117: each cut chunk ends in a game's tags alone, a record of its
	# own (two of them before the target)
	[ "$stderr" = "xqgrep: $in:6755:17: error: game 1126, ply 3: h2h9: illegal move: no legal move from h2 to h9
xqgrep: $in:9344:9: error: game 1558, ply 2: h2e3: illegal move: no legal move from h2 to e3
xqgrep: $in:16100:17: error: game 2684, ply 3: h2h9: illegal move: no legal move from h2 to h9
xqgrep: $in:18689:9: error: game 3116, ply 2: h2e3: illegal move: no legal move from h2 to e3
xqgrep: 3117 games, 4 invalid (reported above, not searched)" ]
	# the unnumbered parts of main's recipe merge the same
	$P xqgrep --partial -c <"$in" 2>"$T/parts" >/dev/null || true
	xqgrep -c <"$in" >"$T/one.out" 2>"$T/one.err" || true
	xqgrep --merge <"$T/parts" >"$T/m.out" 2>"$T/m.err" || true
	cmp "$T/one.out" "$T/m.out"
	cmp "$T/one.err" "$T/m.err"
}

# synopsis CMD: what every usage error of CMD says after its message: the
# usage lines that begin its --help (up to the first line of prose) and
# where the rest is.
synopsis() {
	"$1" --help | awk 'NR > 1 && !/^ / { exit } { print }'
	echo "Try '$1 --help' for more."
}

@test "xqgrep --merge: parts out of order, missing, twice, unnumbered among numbered: exit 2" {
	$P xqgrep --partial --part '{#}' -c <"$in" >/dev/null 2>"$T/parts" || true
	split_parts "$T/parts" "$T/p" '#xqgrep-partial'
	[ -f "$T/p/4" ]
	run -2 --separate-stderr xqgrep --merge "$T/p/2" "$T/p/1" "$T/p/3"
	# each misplaced part said once, and nothing of the flags the parts
	# share (the first part read records them, whatever its number)
	[ "$stderr" = "xqgrep: $T/p/2:1: error: part 2 where part 1 was expected: parts missing or out of order
xqgrep: $T/p/1:1: error: part 1 again or out of order: part 3 expected here (parts in the order of --part)
xqgrep: $T/p/3:1: error: part 3 where part 2 was expected: parts missing or out of order" ]
	run -2 --separate-stderr xqgrep --merge "$T/p/1" "$T/p/3" "$T/p/4"
	[ "$stderr" = "xqgrep: $T/p/3:1: error: part 3 where part 2 was expected: parts missing or out of order" ]
	run -2 --separate-stderr xqgrep --merge "$T/p/1" "$T/p/2" "$T/p/2"
	[ "$stderr" = "xqgrep: $T/p/2:1: error: part 2 again or out of order: part 3 expected here (parts in the order of --part)" ]
	sed '1s/\t2$//' "$T/p/2" >"$T/unnumbered"
	[ "$(head -1 "$T/unnumbered")" = "#xqgrep-partial	1" ]
	run -2 --separate-stderr xqgrep --merge "$T/p/1" "$T/unnumbered"
	[ "$stderr" = "xqgrep: $T/unnumbered:1: error: parts numbered (--part) and not numbered together" ]
	# in order, every part: what one run prints
	# (invalid games: exit 1, as one run)
	run -1 --separate-stderr xqgrep --merge $(ls "$T/p" | sort -n | sed "s|^|$T/p/|")
	[ "$output" = "$(xqgrep -c <"$in" 2>/dev/null)" ]
	[ "$stderr" = "$(xqgrep -c <"$in" 2>&1 >/dev/null)" ]
	# a part cut short, a bad line, and what a part said of its own trouble
	head -n -1 "$T/p/1" >"$T/cut"
	[ "$(wc -l <"$T/cut")" -ge 2 ]
	run -2 xqgrep --merge "$T/cut"
	[ "$output" = "xqgrep: the last part ends without its #counts line (cut short?)" ]
	{ head -n 1 "$T/p/1"; echo "xqgrep: cannot open 'x': No such file"; printf 'Q\t1\n'; tail -n +2 "$T/p/1"; } >"$T/said"
	run -2 --separate-stderr xqgrep --merge "$T/said"
	[ "$output" = "$(grep "^#counts" "$T/p/1" | cut -f4)" ]
	[ "$stderr" = "xqgrep: cannot open 'x': No such file
xqgrep: $T/said:3: error: not a line of xqgrep --partial" ]
	# options the parts give: a usage error, its message then the synopsis
	run -2 xqgrep --merge -c "$T/p/1"
	[ "$output" = "xqgrep: --merge takes -c, -l and -q from the parts, and writes standard output"$'\n'"$(synopsis xqgrep)" ]
	run -2 xqgrep --partial --unique "$in"
	run -2 xqgrep --part 2 "$in"
	[ "$output" = "xqgrep: --part goes with --drops, --keys or --partial"$'\n'"$(synopsis xqgrep)" ]
}

@test "xqgrep --unique across parts: --keys numbered, order checked; --drops --partial diagnostics" {
	$P xqgrep -q --unique --keys --part '{#}' <"$in" >"$T/keys" || true
	[ "$(grep -c "^#xqgrep-keys	1	3$" "$T/keys")" = 1 ]
	split_parts "$T/keys" "$T/k" '#xqgrep-keys'
	run -2 --separate-stderr xqgrep --merge-keys "$T/k/1" "$T/k/3" "$T/k/2"
	[ "$output" = "" ]
	expected="xqgrep: <stdin>:691: game 116 is a duplicate of game 76 (<stdin>:451)
xqgrep: <stdin>:943: game 158 is a duplicate of game 21 (<stdin>:121)
xqgrep: <stdin>:1129: game 189 is a duplicate of game 143 (<stdin>:853)
xqgrep: $T/k/3:1: error: part 3 where part 2 was expected: parts missing or out of order
xqgrep: $T/k/2:1: error: part 2 again or out of order: part 4 expected here (parts in the order of --part)
xqgrep: <stdin>:2677: game 447 is a duplicate of game 446 (<stdin>:2671)
xqgrep: 620 games, 4 duplicates removed, 616 kept"
	[ "$stderr" = "$expected" ]
	xqgrep --merge-keys --write-drops "$T/drops" "$T/keys" 2>/dev/null
	# the second pass with its diagnostics merged: one --unique run's
	# games, and the invalid games it reports (its duplicate report is
	# --merge-keys')
	xqgrep --unique <"$in" >"$T/one.pgn" 2>"$T/one.all" || true
	grep -v 'is a duplicate\|duplicates\? removed' "$T/one.all" >"$T/one.err"
	$P xqgrep --unique --drops "$T/drops" --part '{#}' --partial <"$in" >"$T/par.pgn" 2>"$T/parts" || true
	rc=0
	xqgrep --merge "$T/parts" >"$T/m.out" 2>"$T/m.err" || rc=$?
	[ "$rc" = 1 ]
	cmp "$T/one.pgn" "$T/par.pgn"
	cmp "$T/one.err" "$T/m.err"
	[ "$(grep -c 'error:' "$T/m.err")" = 6 ]
}

@test "xqcheck --partial --part: renumbered as one run; parts out of order or missing refused" {
	for o in "-v" "-j"; do
		rc=0
		xqcheck $o <"$in" >"$T/one.out" 2>"$T/one.err" || rc=$?
		echo "$rc" >"$T/one.rc"
		$P xqcheck $o --partial --part '{#}' <"$in" >"$T/parts" || true
		rc=0
		xqcheck --merge "$T/parts" >"$T/m.out" 2>"$T/m.err" || rc=$?
		echo "$rc" >"$T/m.rc"
		same m.out
	done
	split_parts "$T/parts" "$T/c" '#xqcheck-partial'
	run -2 --separate-stderr xqcheck --merge "$T/c/1" "$T/c/3"
	[ "$stderr" = "xqcheck: $T/c/3:1: error: part 3 where part 2 was expected: parts missing or out of order
xqcheck: 403 games: 403 valid, 0 invalid (0 errors, 0 warnings)" ]
	run -2 --separate-stderr xqcheck --merge "$T/c/2" "$T/c/1"
	[ "$stderr" = "xqcheck: $T/c/2:1: error: part 2 where part 1 was expected: parts missing or out of order
xqcheck: $T/c/1:1: error: part 1 again or out of order: part 3 expected here (parts in the order of --part)
xqcheck: 412 games: 412 valid, 0 invalid (0 errors, 0 warnings)" ]
	run -2 xqcheck --part 1 "$in"
	[ "$output" = "xqcheck: --part goes with --partial"$'\n'"$(synopsis xqcheck)" ]
	run -2 xqcheck --partial --part 0 "$in"
}

@test "xqstats --partial --part: the diagnostics in the parts, renumbered; order checked" {
	for o in "-p|3" "--verbose|-p|1"; do
		IFS='|' read -ra a <<<"$o"
		rc=0
		xqstats "${a[@]}" <"$in" >"$T/one.out" 2>"$T/one.err" || rc=$?
		echo "$rc" >"$T/one.rc"
		[ "$(grep -c 'error:' "$T/one.err")" = 6 ]
		$P xqstats --partial --part '{#}' "${a[@]}" <"$in" >"$T/parts" 2>"$T/part.err" || true
		[ ! -s "$T/part.err" ]
		rc=0
		xqstats --merge "$T/parts" >"$T/m.out" 2>"$T/m.err" || rc=$?
		echo "$rc" >"$T/m.rc"
		same m.out
	done
	run -1 --separate-stderr xqstats --merge -q "$T/parts"
	[ -z "$stderr" ]
	# sorted lines (a Hadoop shuffle) lose the parts' order: the counts
	# still add up, a diagnostic among them is refused
	LC_ALL=C sort "$T/parts" >"$T/sorted"
	run -2 --separate-stderr xqstats --merge "$T/sorted"
	# the headers sorted together (1, 10 .. 19, 2, 20 .. 23, 3 .. 9): each
	# misplaced run said once; then each of the six diagnostics refused
	expected="xqstats: $T/sorted:24: error: part 10 where part 2 was expected: parts missing or out of order
xqstats: $T/sorted:34: error: part 2 again or out of order: part 20 expected here (parts in the order of --part)
xqstats: $T/sorted:35: error: part 20 where part 3 was expected: parts missing or out of order
xqstats: $T/sorted:38: error: part 3 again or out of order: part 23 expected here (parts in the order of --part)
xqstats: $T/sorted:1901: error: a diagnostic among parts not in their order (sorted?): merge parts with diagnostics in order, or make them with -q
xqstats: $T/sorted:1902: error: a diagnostic among parts not in their order (sorted?): merge parts with diagnostics in order, or make them with -q
xqstats: $T/sorted:1903: error: a diagnostic among parts not in their order (sorted?): merge parts with diagnostics in order, or make them with -q
xqstats: $T/sorted:1904: error: a diagnostic among parts not in their order (sorted?): merge parts with diagnostics in order, or make them with -q
xqstats: $T/sorted:1905: error: a diagnostic among parts not in their order (sorted?): merge parts with diagnostics in order, or make them with -q
xqstats: $T/sorted:1906: error: a diagnostic among parts not in their order (sorted?): merge parts with diagnostics in order, or make them with -q"
	[ "$stderr" = "$expected" ]
	$P xqstats --partial -q -p 1 <"$in" >"$T/unsorted" || true
	LC_ALL=C sort "$T/unsorted" >"$T/sorted"
	run -1 --separate-stderr xqstats --merge -o "$T/m.out" "$T/sorted"
	[ -z "$stderr" ]
	xqstats -q -p 1 <"$in" >"$T/one.out" || true
	cmp "$T/one.out" "$T/m.out"
	split_parts "$T/parts" "$T/s" '#xqstats-partial'
	run -2 --separate-stderr xqstats --merge "$T/s/2" "$T/s/1"
	[ "$stderr" = "xqstats: $T/s/2:1: error: part 2 where part 1 was expected: parts missing or out of order
xqstats: $T/s/1:1: error: part 1 again or out of order: part 3 expected here (parts in the order of --part)" ]
	run -2 xqstats --part 1 "$in"
	[ "$output" = "xqstats: --part goes with --partial"$'\n'"$(synopsis xqstats)" ]
}
