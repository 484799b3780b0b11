#!/usr/bin/env bats
# One exit status rule in every command (exit_status() in cmd/common.c):
# 0 all went well, 1 findings (an invalid game, no match, a ruling against
# a side), 2 usage, I/O or internal error, and 2 wins over 1.
bats_require_minimum_version 1.5.0

setup() {
	ROOT="$BATS_TEST_DIRNAME/../.."
	S="$ROOT/samples"
	T="$BATS_TEST_TMPDIR"
	GOOD="$S/games.pgn"
	BAD="$S/bad_illegal.pgn"
	MISSING="$T/no-such-file.pgn"
}

# statuses CMD ARGS...: CMD with ARGS on a valid record, on an invalid
# one, on a missing file, on the invalid one and the missing file, with an
# unknown option: "0 1 2 2 2"
statuses() {
	local s=""
	for input in "$GOOD" "$BAD" "$MISSING" "$BAD $MISSING"; do
		# shellcheck disable=SC2086
		run "$@" $input
		s="$s$status "
	done
	run "$@" --no-such-option "$GOOD"
	echo "$s$status"
}

@test "the record commands: 0 valid, 1 an invalid game, 2 unreadable input or bad usage, 2 over 1" {
	for c in xqcheck xqconv xqstats xqjudge "xqannotate --nodes 2000 -n iccs"; do
		run -0 statuses $c
		[ "$output" = "0 1 2 2 2" ] || { echo "$c: $output"; return 1; }
	done
}

@test "xqgrep: 0 a match, 1 no match or an invalid game (also beside a match), 2 trouble" {
	run -0 statuses xqgrep -c
	[ "$output" = "0 1 2 2 2" ]
	run -0 --separate-stderr xqgrep -c -T 'Round=1' "$GOOD"
	[ "$output" = 1 ]
	run -1 --separate-stderr xqgrep -c -P nobody "$GOOD"
	[ "$output" = 0 ]
	# the invalid game was not searched: the answer is not whole
	run -1 --separate-stderr xqgrep -c "$BAD" "$GOOD"
	[ "$output" = "$BAD:0
$GOOD:2" ]
	[ "${stderr##*$'\n'}" = "xqgrep: 3 games, 1 invalid (reported above, not searched)" ]
	# a match beside an unreadable input: trouble
	run -2 --separate-stderr xqgrep -c "$GOOD" "$MISSING"
	# -v: the games that do not match are the finding's subject alike
	run -0 --separate-stderr xqgrep -c -v -P nobody "$GOOD"
	[ "$output" = 2 ]
	run -1 --separate-stderr xqgrep -c -v -P Sample "$GOOD"
	[ "$output" = 0 ]
}

@test "xqjudge: 1 for a ruling against a side, and for an invalid game" {
	run -0 statuses xqjudge
	[ "$output" = "0 1 2 2 2" ]
	run -1 --separate-stderr xqjudge "$S/repetition.pgn"
	[ "$stderr" = "xqjudge: 5 games: 4 rulings (3 against a side), 1 natural-limit event, 0 invalid" ]
	run -1 --separate-stderr xqjudge "$BAD" "$GOOD"
	[ "$stderr" = "xqjudge: $BAD:7:35: error: game 1, ply 6: 马八进七: not a move for Black here: '马八进七': no black horse on file ８ (black horses: files ２, ７)
xqjudge: 3 games: 0 rulings (0 against a side), 0 natural-limit events, 1 invalid" ]
}

@test "xqshow: 0 shown, 1 a record with errors (still shown) or no ECCO opening, 2 trouble" {
	run -0 xqshow -F "$GOOD"
	run -1 --separate-stderr xqshow -F "$BAD"
	[ -n "$output" ]
	run -1 --separate-stderr xqshow --ecco 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1'
	run -2 --separate-stderr xqshow -F "$MISSING"
	run -2 --separate-stderr xqshow -F 'not a fen'
	run -2 --separate-stderr xqshow --no-such-option
}

@test "xqengine and xqperft: 0 done, 2 a bad option or argument (they have no findings)" {
	run -0 bash -c "echo quit | xqengine"
	run -2 --separate-stderr xqengine --no-such-option
	run -2 --separate-stderr xqengine -J 0
	run -0 xqperft -p 2
	[ "$output" = 1920 ]
	run -2 --separate-stderr xqperft 'not a fen'
	run -2 --separate-stderr xqperft -p 99
}

@test "a write error is 2 in every command that writes standard output" {
	for c in "xqcheck -j" "xqconv" "xqgrep" "xqstats" "xqjudge" "xqshow"; do
		run -2 --separate-stderr sh -c "$c \"\$1\" >/dev/full" sh "$GOOD"
		# the one error line, after the summary where there is one
		case $c in
		xqcheck*) want="xqcheck: 2 games: 2 valid, 0 invalid (0 errors, 0 warnings)
xqcheck: error writing standard output: No space left on device" ;;
		xqjudge) want="xqjudge: 2 games: 0 rulings (0 against a side), 0 natural-limit events, 0 invalid
xqjudge: error writing standard output: No space left on device" ;;
		xqconv) want="xqconv: error writing standard output: No space left on device
xqconv: 2 games read, 0 written, 2 dropped" ;;
		xqgrep) want="xqgrep: error writing standard output: No space left on device" ;;
		xqstats) want="xqstats: error writing standard output: No space left on device" ;;
		xqshow) want="xqshow: error writing standard output: No space left on device" ;;
		esac
		[ "$stderr" = "$want" ] || { echo "$c: $stderr"; return 1; }
	done
	run -2 --separate-stderr sh -c 'xqperft -p 1 >/dev/full'
	[ "$stderr" = "xqperft: error writing standard output: No space left on device" ]
}
