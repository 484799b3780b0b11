#!/usr/bin/env bats
# samples/demo.sh, what make demo runs: every command once, each step
# labelled, the line as typed shown, nothing failing for a reason of its own.
bats_require_minimum_version 1.5.0

@test "the demo shows every command once, labelled, and its output" {
	ROOT="$BATS_TEST_DIRNAME/../.."
	bin=$(dirname "$(command -v xqconv)")
	run -0 --separate-stderr sh "$ROOT/samples/demo.sh" "$bin"
	[ -z "$stderr" ]
	for c in "$ROOT"/cmd/xq*.c; do
		n=$(basename "$c" .c)
		grep -q "^== $n: " <<<"$output" || { echo "no step for $n"; return 1; }
		grep -q "^\$ .*\b$n " <<<"$output" || { echo "no command line of $n"; return 1; }
	done
	# what each step shows, one line of each
	grep -qx '000001-Red_Sample-Black_Sample.xqf' <<<"$output"
	grep -q '^xqcheck: samples/bad_illegal.pgn:7:35: error: ' <<<"$output"
	grep -qx 'FEN: r1bakabr1/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKABR1 w - - 6 4' <<<"$output"
	grep -qx 'samples/games_big5.pgn:1' <<<"$output"
	grep -q '^  炮二平五  *4 games' <<<"$output"
	grep -q 'verdict: Red must change' <<<"$output"
	# (the record's lines joined: where a line breaks is the writer's)
	[[ "$(tr '\n' ' ' <<<"$output")" == *'e2e6?? { Out of book. Blunder: '* ]]
	grep -q '^bestmove ' <<<"$output"
	grep -qx '3290240' <<<"$output"
	! grep -q 'not found\|No such file' <<<"$output"
}
