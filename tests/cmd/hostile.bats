#!/usr/bin/env bats
# Hostile input and faults, across the commands: size limits at and past
# their edge, full outputs, signals, modes (issue 13).
bats_require_minimum_version 1.5.0

setup() {
	ROOT="$BATS_TEST_DIRNAME/../.."
	S="$ROOT/samples"
	T="$BATS_TEST_TMPDIR"
}

# rep CHAR COUNT: COUNT copies of CHAR, no newline
rep() { head -c "$2" /dev/zero | tr '\0' "$1"; }

@test "a comment over 1 MiB on one line is cut with a warning, and the next game is read" {
	{ printf '[Event "a"]\n\n1. h2e2 {'; rep a 1100000; printf '} h9g7 *\n\n'
	  printf '[Event "b"]\n\n1. h2e2 ; '; rep b 1100000; printf '\nh9g7 *\n\n'
	  printf '[Event "c"]\n\n1. h2e2 h9g7 *\n'; } >"$T/big.pgn"
	run -0 --separate-stderr xqshow "$T/big.pgn"
	[[ "$stderr" == *"big.pgn:3:9: warning: game 1: comment longer than the limit of 1048576 bytes cut"* ]]
	run -0 --separate-stderr xqcheck "$T/big.pgn"
	[[ "$stderr" == *"big.pgn:3:9: warning: game 1: comment longer than the limit of 1048576 bytes cut"* ]]
	[[ "$stderr" == *"big.pgn:7:9: warning: game 2: comment longer than the limit of 1048576 bytes cut"* ]]
	[[ "$stderr" == *"3 games: 3 valid"* ]]
	run -0 --separate-stderr xqconv -o "$T/out.pgn" "$T/big.pgn"
	[[ "$stderr" == *"3 games read, 3 written, 0 dropped"* ]]
	# the cut comment (1 MiB) is written as a comment that reads back the same
	run -0 --separate-stderr xqconv -o "$T/again.pgn" "$T/out.pgn"
	cmp "$T/out.pgn" "$T/again.pgn"
	# a comment at the limit is kept whole: no warning
	{ printf '[Event "a"]\n\n1. h2e2 {'; rep a 1048576; printf '} h9g7 *\n'; } >"$T/edge.pgn"
	run -0 --separate-stderr xqcheck "$T/edge.pgn"
	[[ "$stderr" != *"comment longer"* ]]
	{ printf '[Event "a"]\n\n1. h2e2 {'; rep a 1048577; printf '} h9g7 *\n'; } >"$T/past.pgn"
	run -0 --separate-stderr xqcheck "$T/past.pgn"
	[[ "$stderr" == *"comment longer than the limit"* ]]
	# plain text reads its comments with the same scanner
	{ printf '1. 炮二平五 {'; rep a 1100000; printf '} 马８进７\n'; } >"$T/big.txt"
	run -0 --separate-stderr xqcheck -f text "$T/big.txt"
	[[ "$stderr" == *"comment longer than the limit"* ]]
}
