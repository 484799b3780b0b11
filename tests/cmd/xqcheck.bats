#!/usr/bin/env bats
# xqcheck: every option, the exit statuses, where problems are reported,
# unreadable, truncated and garbage input.
bats_require_minimum_version 1.5.0

setup() {
	ROOT="$BATS_TEST_DIRNAME/../.."
	SHARED="${XQ_SHARED:-$ROOT/../shared}"
	CORPUS="$SHARED/corpus/pgn"
	S="$ROOT/samples"
	T="$BATS_TEST_TMPDIR"
}

@test "--help and -h print the usage on stdout, exit 0" {
	run -0 --separate-stderr xqcheck --help
	[[ "$output" == usage:\ xqcheck* ]]
	run -0 xqcheck -h
	[[ "$output" == *"--json"* ]]
}

@test "--version and -V" {
	run -0 xqcheck --version
	[[ "$output" == *xqtools* ]]
	run -0 xqcheck -V
}

@test "bad options exit 2 with the usage on stderr" {
	run -2 --separate-stderr xqcheck --bogus
	[[ "$stderr" == *usage:* ]]
	run -2 xqcheck -x
	run -2 xqcheck -f nosuchformat "$S/games.pgn"
	[[ "$output" == *"unknown input format 'nosuchformat'"* ]]
	run -2 xqcheck -e klingon "$S/games.pgn"
	[[ "$output" == *"unknown encoding 'klingon'"* ]]
	run -2 xqcheck -f
}

@test "valid games: exit 0 and the summary line" {
	run -0 --separate-stderr xqcheck "$S/games.pgn" "$S/games_gbk.pgn" "$S/games_big5.pgn"
	[ "$output" = "" ]
	[ "$stderr" = "xqcheck: 6 games: 6 valid, 0 invalid (0 errors, 0 warnings)" ]
}

@test "the whole PGN corpus replays" {
	run -0 --separate-stderr xqcheck "$CORPUS"/*.pgn
	[[ "$stderr" == *"games: "*" valid, 0 invalid (0 errors"* ]]
	n=$(echo "$stderr" | sed -n 's/^xqcheck: \([0-9]*\) games.*/\1/p')
	[ "$n" -ge 2500 ]
}

@test "an illegal move: file:line:col, game, ply, the move as written" {
	run -1 --separate-stderr xqcheck "$S/bad_illegal.pgn"
	[[ "$stderr" == *"bad_illegal.pgn:7:35: error: game 1, ply 6: 马八进七: "* ]]
	[[ "$stderr" == *"0 valid, 1 invalid"* ]]
}

@test "malformed FEN, wrong side to move, result against mate, move after mate" {
	run -1 xqcheck "$S/bad_fen.pgn"
	[[ "$output" == *"bad_fen.pgn:3: error: game 1: malformed FEN"* ]]
	run -1 xqcheck "$S/bad_side.pgn"
	[[ "$output" == *"bad_side.pgn:5:4: error: game 1, ply 1: h2e2: the FEN gives Black the move"* ]]
	run -1 xqcheck "$S/bad_result.pgn"
	[[ "$output" == *"bad_result.pgn:6:4: error: game 1, ply 1: 车一平六: result 0-1 contradicts"* ]]
	run -1 xqcheck "$S/bad_after_mate.pgn"
	[[ "$output" == *"bad_after_mate.pgn:6:9: error: game 1, ply 2: 将４进１: move after checkmate"* ]]
}

@test "valid and invalid together: exit 1, every game counted" {
	run -1 --separate-stderr xqcheck "$S/games.pgn" "$S/bad_illegal.pgn" "$S/endgame.txt"
	[[ "$stderr" == *"xqcheck: 4 games: 3 valid, 1 invalid (1 error, 0 warnings)"* ]]
}

@test "-q and --quiet print only the summary" {
	run -1 --separate-stderr xqcheck -q "$S/bad_illegal.pgn"
	[ "$stderr" = "xqcheck: 1 game: 0 valid, 1 invalid (1 error, 0 warnings)" ]
	run -1 --separate-stderr xqcheck --quiet "$S/bad_illegal.pgn"
	[ "$stderr" = "xqcheck: 1 game: 0 valid, 1 invalid (1 error, 0 warnings)" ]
}

@test "-j and --json: one JSON object per game with problems and positions" {
	run -1 --separate-stderr xqcheck -j "$S/games.pgn" "$S/bad_illegal.pgn"
	[ "$(echo "$output" | wc -l)" -eq 3 ]
	echo "$output" | jq -e . >/dev/null
	[ "$(echo "$output" | jq -r 'select(.index == 1 and .file == "'"$S"'/games.pgn") | .plies')" = 12 ]
	line=$(echo "$output" | tail -1)
	[ "$(echo "$line" | jq -r .status)" = invalid ]
	[ "$(echo "$line" | jq -r '.problems[0].line')" = 7 ]
	[ "$(echo "$line" | jq -r '.problems[0].col')" = 35 ]
	[ "$(echo "$line" | jq -r '.problems[0].ply')" = 6 ]
	[ "$(echo "$line" | jq -r '.problems[0].code')" = unknown-move ]
	[ "$(echo "$line" | jq -r '.problems[0].text')" = 马八进七 ]
	[ "$(echo "$line" | jq -r '.tags.Event')" = "bad sample: an illegal move" ]
	run -0 --separate-stderr xqcheck --json "$S/games.pgn"
	[ "$(echo "$output" | jq -r .notation | head -1)" = chinese ]
}

@test "-v and --verbose show notes (unknown tags)" {
	printf '[Game "Chinese Chess"]\n[Weather "rain"]\n\n1. h2e2 *\n' >"$T/tag.pgn"
	run -0 --separate-stderr xqcheck "$T/tag.pgn"
	[[ "$stderr" != *Weather* ]]
	run -0 --separate-stderr xqcheck -v "$T/tag.pgn"
	[[ "$stderr" == *"tag.pgn:2:1: note: game 1: unknown tag 'Weather' kept"* ]]
	run -0 xqcheck --verbose "$T/tag.pgn"
}

@test "-e and --encoding override detection, -f and --format the format" {
	run -0 xqcheck -e big5 "$CORPUS/ccpd_big5_master_game.pgn"
	run -0 xqcheck --encoding=gbk "$CORPUS/walker_short_fen_gbk.pgn"
	run -1 xqcheck -e gbk "$CORPUS/ccpd_big5_master_game.pgn"
	run -0 xqcheck -f text "$S/games.txt"
	run -0 xqcheck --format=pgn "$S/games.pgn"
	run -0 xqcheck -f auto -e auto "$S/games_gbk.txt"
}

@test "plain text records and the text corpus" {
	run -0 --separate-stderr xqcheck "$SHARED"/corpus/text/*.txt
	[[ "$stderr" == *" 0 invalid"* ]]
	run -0 xqcheck "$S/endgame.txt" "$S/games.txt" "$S/games_gbk.txt"
}

@test "standard input: no file and '-'" {
	run -0 --separate-stderr xqcheck <"$S/games.pgn"
	[[ "$stderr" == *"2 games: 2 valid"* ]]
	run -1 --separate-stderr xqcheck - <"$S/bad_illegal.pgn"
	[[ "$stderr" == *"<stdin>:7:35: error:"* ]]
}

@test ".gz input is read transparently" {
	gzip -c "$S/games.pgn" >"$T/g.pgn.gz"
	run -0 --separate-stderr xqcheck "$T/g.pgn.gz"
	[[ "$stderr" == *"2 games: 2 valid"* ]]
	run -0 xqcheck <"$T/g.pgn.gz"
}

@test "unreadable files: exit 2, the others still checked" {
	run -2 --separate-stderr xqcheck "$T/nonexistent.pgn" "$S/games.pgn"
	[[ "$stderr" == *"cannot open '$T/nonexistent.pgn'"* ]]
	[[ "$stderr" == *"2 games: 2 valid"* ]]
	run -2 xqcheck "$T"
	[[ "$output" == *"cannot read"* ]]
}

@test "truncated input: a clear error, no crash" {
	head -c 600 "$CORPUS/wukong_iccs_small_utf8.pgn" >"$T/cut.pgn"
	run -1 xqcheck "$T/cut.pgn"
	[[ "$output" == *"cut.pgn:"*"error: game 1"* ]]
	run -1 xqcheck "$S/bad_truncated.pgn"
	[[ "$output" == *"comment not closed"* ]]
	head -c 300 "$S/games.pgn" | gzip -c | head -c 100 >"$T/cut.pgn.gz"
	# the game the compressed data ends in is cut, as in a plain file
	run -1 xqcheck "$T/cut.pgn.gz"
	[[ "$output" == *"cut.pgn.gz:"*"error: game 1: the compressed input ends early: the game is cut there"* ]]
}

@test "random bytes that start like a tag, a heading or a comment are binary data, not text" {
	# 60 seeded random files, each behind a text-looking start; before the
	# binary check about one in fifteen sniffed as text (one invalid game)
	for seed in $(seq 1 60); do
		for start in '[' 'Event:' '#' '红方：'; do
			{ printf '%s' "$start"
			  perl -e "srand($seed); print map { chr(int(rand(256))) } 1..3000"; } >"$T/r.bin"
			run -2 --separate-stderr xqcheck -q "$T/r.bin"
			[ "$stderr" = "xqcheck: $T/r.bin: fatal: unrecognised format: binary data, no game record found
xqcheck: 0 games: 0 valid, 0 invalid (0 errors, 0 warnings)" ] || { echo "seed $seed start $start: $stderr"; false; }
		done
	done
}

@test "a text record with one stray NUL is still read as text" {
	printf '[Event "x"]\n[Result "*"]\n\n1. h2e2 h9g7 \0 *\n' >"$T/nul1.pgn"
	run --separate-stderr xqcheck "$T/nul1.pgn"
	[[ "$stderr" == *"1 game"* ]]
	[[ "$stderr" != *"binary data"* ]]
}

@test "binary garbage: a clear error, no crash" {
	head -c 20000 "$(command -v xqperft)" >"$T/garbage.bin"
	# fixed pseudo-random bytes (perl's drand48, seeded): the same file every run
	perl -e 'srand(42); print map { chr(int(rand(256))) } 1..20000' >"$T/random.bin"
	# no record at all: said so, exit 2, not one invalid game
	run -2 --separate-stderr xqconv -q "$T/random.bin"
	[[ "$stderr" == *"random.bin: fatal: unrecognised format"*"no game record found"* ]]
	run -2 --separate-stderr xqcheck -q "$T/random.bin"
	[[ "$stderr" == *"0 games"* ]]
	run -2 xqcheck "$T/garbage.bin"
	[[ "$output" == *"garbage.bin: fatal: unrecognised format: looks like an executable (ELF), no game record found"* ]]
	# a format named on the command line is read as asked
	run xqcheck -f text "$T/garbage.bin"
	[ "$status" -eq 1 ]
	printf '\0\1\2\3[[[{{{(((' >"$T/nul.pgn"
	run -2 xqcheck "$T/nul.pgn"
	[[ "$output" == *"binary data, no game record found"* ]]
	: >"$T/empty.pgn"
	run -0 --separate-stderr xqcheck "$T/empty.pgn"
	[[ "$stderr" == *"0 games"* ]]
}

@test "a full output device: exit 2" {
	run -2 sh -c 'xqcheck -j "$1" >/dev/full' sh "$S/games.pgn"
	[[ "$output" == *"error writing standard output"* ]]
}

@test "--summary-json and --merge-summary: the summary of one run from parts" {
	run -1 --separate-stderr xqcheck -q "$S/games.pgn" "$S/bad_illegal.pgn" "$S/bad_result.pgn"
	one=$stderr
	xqcheck -q --summary-json "$S/games.pgn" >"$T/p1"
	xqcheck -q --summary-json "$S/bad_illegal.pgn" "$S/bad_result.pgn" >"$T/p2" || true
	[ "$(jq -c . "$T/p1")" = '{"games":2,"valid":2,"invalid":0,"errors":0,"warnings":0}' ]
	run -1 --separate-stderr xqcheck --merge-summary "$T/p1" "$T/p2"
	[ "$stderr" = "$one" ]
	run -0 --separate-stderr xqcheck --merge-summary <"$T/p1"
	[ "$stderr" = "xqcheck: 2 games: 2 valid, 0 invalid (0 errors, 0 warnings)" ]
	run -2 xqcheck --merge-summary "$S/games.pgn"
	[[ "$output" == *"not a line of xqcheck --summary-json"* ]]
}
