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

@test "-h prints the usage as --help does, exit 0" {
	run -0 --separate-stderr xqcheck -h
	[ "$output" = "$(xqcheck --help)" ]
}

@test "--version and -V" {
	run -0 xqcheck --version
	[[ "$output" =~ ^xqcheck\ \(xqtools\)\ [0-9]+\.[0-9]+\.[0-9]+$ ]]
	want=$output
	run -0 xqcheck -V
	[ "$output" = "$want" ]
}

# synopsis: what every usage error says after its message, the usage
# lines of --help and where the rest of it is.
synopsis() {
	cat <<'EOF'
usage: xqcheck [-hjqVv] [-e encoding] [-f format] [-r axf | cxa | 1956]
               [-J jobs] [--partial [--part N] [--range K/N] | --summary-json]
               [-R] [--files-from=list [-0]] [file ...]
       xqcheck --merge [-q] [file ...]
Try 'xqcheck --help' for more.
EOF
}

@test "usage errors: the message, the synopsis and where the help is; exit 2, nothing on stdout" {
	run -2 --separate-stderr xqcheck --bogus "$S/games.pgn"
	[ "$stderr" = "xqcheck: unknown option '--bogus'"$'\n'"$(synopsis)" ]
	[ "$output" = "" ]
	run -2 --separate-stderr xqcheck -x "$S/games.pgn"
	[ "$stderr" = "xqcheck: unknown option '-x'"$'\n'"$(synopsis)" ]
	[ "$output" = "" ]
	run -2 --separate-stderr xqcheck -f
	[ "$stderr" = "xqcheck: option '-f' needs a value"$'\n'"$(synopsis)" ]
	[ "$output" = "" ]
	run -2 --separate-stderr xqcheck "$S/games.pgn" --rules
	[ "$stderr" = "xqcheck: option '--rules' needs a value"$'\n'"$(synopsis)" ]
	[ "$output" = "" ]
	run -2 --separate-stderr xqcheck --json=yes "$S/games.pgn"
	[ "$stderr" = "xqcheck: option '--json' takes no value"$'\n'"$(synopsis)" ]
	[ "$output" = "" ]
	run -2 --separate-stderr xqcheck -r fide "$S/games.pgn"
	[ "$stderr" = "xqcheck: unknown rules 'fide' (axf, cxa or 1956)"$'\n'"$(synopsis)" ]
	[ "$output" = "" ]
	run -2 --separate-stderr xqcheck --merge -j "$S/games.pgn"
	[ "$stderr" = "xqcheck: --merge takes -j, -r, -f and -e from the parts"$'\n'"$(synopsis)" ]
	[ "$output" = "" ]
}

@test "valid games: exit 0 and the summary line" {
	run -0 --separate-stderr xqcheck "$S/games.pgn" "$S/games_gbk.pgn" "$S/games_big5.pgn"
	[ "$output" = "" ]
	[ "$stderr" = "xqcheck: 6 games: 6 valid, 0 invalid (0 errors, 0 warnings)" ]
}

@test "the whole PGN corpus replays" {
	run -0 --separate-stderr xqcheck "$CORPUS"/*.pgn
	n=$(echo "$stderr" | sed -n 's/^xqcheck: \([0-9]*\) games.*/\1/p')
	[ "$stderr" = "xqcheck: $n games: $n valid, 0 invalid (0 errors, 0 warnings)" ]
	[ "$n" -ge 2500 ]
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
	[ "$stderr" = "xqcheck: $T/tag.pgn:2:1: note: game 1: unknown tag 'Weather' kept
xqcheck: 1 game: 1 valid, 0 invalid (0 errors, 0 warnings)" ]
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
	n=$(echo "$stderr" | sed -n 's/^xqcheck: \([0-9]*\) games.*/\1/p')
	[ "$stderr" = "xqcheck: $n games: $n valid, 0 invalid (0 errors, 0 warnings)" ]
	[ "$n" -ge 1 ]
	run -0 xqcheck "$S/endgame.txt" "$S/games.txt" "$S/games_gbk.txt"
}

@test "standard input: no file and '-'" {
	run -0 --separate-stderr xqcheck <"$S/games.pgn"
	[ "$stderr" = "xqcheck: 2 games: 2 valid, 0 invalid (0 errors, 0 warnings)" ]
	run -1 --separate-stderr xqcheck - <"$S/bad_illegal.pgn"
	[ "$stderr" = "xqcheck: <stdin>:7:35: error: game 1, ply 6: 马八进七: not a move for Black here: '马八进七': no black horse on file ８ (black horses: files ２, ７)
xqcheck: 1 game: 0 valid, 1 invalid (1 error, 0 warnings)" ]
}

@test ".gz input is read transparently" {
	gzip -c "$S/games.pgn" >"$T/g.pgn.gz"
	run -0 --separate-stderr xqcheck "$T/g.pgn.gz"
	[ "$stderr" = "xqcheck: 2 games: 2 valid, 0 invalid (0 errors, 0 warnings)" ]
	run -0 xqcheck <"$T/g.pgn.gz"
}

@test "unreadable files: exit 2, the others still checked" {
	run -2 --separate-stderr xqcheck "$T/nonexistent.pgn" "$S/games.pgn"
	[ "$stderr" = "xqcheck: cannot open '$T/nonexistent.pgn': No such file or directory
xqcheck: 2 games: 2 valid, 0 invalid (0 errors, 0 warnings)" ]
	run -2 xqcheck "$T"
	[ "$output" = "xqcheck: cannot read '$T': Is a directory
xqcheck: 0 games: 0 valid, 0 invalid (0 errors, 0 warnings)" ]
}

@test "truncated input: a clear error, no crash" {
	head -c 600 "$CORPUS/wukong_iccs_small_utf8.pgn" >"$T/cut.pgn"
	run -1 xqcheck "$T/cut.pgn"
	[ "$output" = "xqcheck: $T/cut.pgn:5:505: error: game 1, ply 74: h3e: not a move for Black here: 'h3e': not a move shape (expected piece, file, direction, value, as 炮二平五 or C2.5)
xqcheck: 1 game: 0 valid, 1 invalid (1 error, 0 warnings)" ]
	head -c 300 "$S/games.pgn" | gzip -c | head -c 100 >"$T/cut.pgn.gz"
	# the game the compressed data ends in is cut, as in a plain file
	run -1 xqcheck "$T/cut.pgn.gz"
	# (the data ends inside the Site tag: '[Site "S')
	[ "$output" = "xqcheck: $T/cut.pgn.gz:3:1: warning: game 1: malformed tag 'Site' read as 'S'
xqcheck: $T/cut.pgn.gz:3: error: game 1: the compressed input ends early: the game is cut there
xqcheck: 1 game: 0 valid, 1 invalid (1 error, 1 warning)" ]
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
	[ "$status" -eq 1 ]
	[ "$stderr" = "xqcheck: $T/nul1.pgn:4:14: error: game 1: unreadable bytes in the movetext: the rest of the game is skipped
xqcheck: 1 game: 0 valid, 1 invalid (1 error, 0 warnings)" ]
}

@test "binary garbage: a clear error, no crash" {
	head -c 20000 "$(command -v xqperft)" >"$T/garbage.bin"
	# fixed pseudo-random bytes (perl's drand48, seeded): the same file every run
	perl -e 'srand(42); print map { chr(int(rand(256))) } 1..20000' >"$T/random.bin"
	# no record at all: said so, exit 2, not one invalid game
	run -2 --separate-stderr xqconv -q "$T/random.bin"
	[ "$stderr" = "xqconv: $T/random.bin: fatal: unrecognised format: binary data, no game record found
xqconv: 0 games read, 0 written, 0 dropped" ]
	run -2 --separate-stderr xqcheck -q "$T/random.bin"
	[ "$stderr" = "xqcheck: $T/random.bin: fatal: unrecognised format: binary data, no game record found
xqcheck: 0 games: 0 valid, 0 invalid (0 errors, 0 warnings)" ]
	run -2 xqcheck "$T/garbage.bin"
	[ "$output" = "xqcheck: $T/garbage.bin: fatal: unrecognised format: looks like an executable (ELF), no game record found
xqcheck: 0 games: 0 valid, 0 invalid (0 errors, 0 warnings)" ]
	# a format named on the command line is read as asked
	run xqcheck -f text "$T/garbage.bin"
	[ "$status" -eq 1 ]
	printf '\0\1\2\3[[[{{{(((' >"$T/nul.pgn"
	run -2 xqcheck "$T/nul.pgn"
	: >"$T/empty.pgn"
	run -0 --separate-stderr xqcheck "$T/empty.pgn"
	[ "$stderr" = "xqcheck: 0 games: 0 valid, 0 invalid (0 errors, 0 warnings)" ]
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
}

# The samples with problems of every kind, one after the other, and the
# same split into three parts on game boundaries.
split_samples() {
	for f in bad_after_mate bad_fen bad_illegal bad_result bad_side games repetition; do
		cat "$S/$f.pgn"
	done >"$T/all.pgn"
	printf '[Event "tags"]\n[Bogus "1"]\n\n1. h2e2 h9g7 *\n\n' >>"$T/all.pgn"
	cat "$S/bad_truncated.pgn" >>"$T/all.pgn"
	# a game's first line: a tag after a line that is none
	awk -v d="$T" '/^\[/ && !tag { n++ } { tag = /^\[/; print > (d "/part" (n < 4 ? 1 : n < 9 ? 2 : 3)) }' "$T/all.pgn"
	[ "$(cat "$T"/part[123] | cmp - "$T/all.pgn" && echo same)" = same ]
}

@test "--partial | --merge: what one run prints, diagnostics renumbered (-v -q -j -r)" {
	split_samples
	for opts in "" "-v" "-q" "-j" "-j -v" "-r axf" "-v -r cxa -j"; do
		# shellcheck disable=SC2086
		run --separate-stderr xqcheck $opts <"$T/all.pgn"
		want_rc=$status want_out=$output want_err=$stderr
		[ "$want_rc" = 1 ]
		for p in 1 2 3; do
			# shellcheck disable=SC2086
			xqcheck $opts --partial <"$T/part$p" || true
		done >"$T/parts"
		run --separate-stderr xqcheck --merge "$T/parts"
		[ "$status" = "$want_rc" ]
		[ "$output" = "$want_out" ]
		[ "$stderr" = "$want_err" ]
	done
	# the later parts' games and lines are renumbered
	run -1 --separate-stderr xqcheck --merge "$T/parts"
	[ "${#lines[@]}" -eq 14 ]
	[ "${lines[13]}" = '{"file":"<stdin>","index":14,"line":103,"tags":{"Game":"Chinese Chess","Event":"bad sample: cut off inside a comment"},"fen":"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1","notation":"iccs","plies":3,"result":"","status":"invalid","errors":1,"warnings":0,"problems":[{"severity":"error","code":"truncated","line":106,"col":22,"ply":0,"text":null,"message":"comment not closed before the end of the game"}]}' ]
	run -1 --separate-stderr xqcheck <"$T/all.pgn"
	expected='xqcheck: <stdin>:6:9: error: game 1, ply 2: 将４进１: move after checkmate: Black has no legal move
xqcheck: <stdin>:9: error: game 2: malformed FEN '"'"'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9 w - - 0 1'"'"': column 50: only 9 ranks, not 10
xqcheck: <stdin>:18:35: error: game 3, ply 6: 马八进七: not a move for Black here: '"'"'马八进七'"'"': no black horse on file ８ (black horses: files ２, ７)
xqcheck: <stdin>:24:4: error: game 4, ply 1: 车一平六: result 0-1 contradicts the final position: Black is checkmated
xqcheck: <stdin>:29:4: error: game 5, ply 1: h2e2: the FEN gives Black the move but the first move is Red'"'"'s
xqcheck: <stdin>:106:22: error: game 14: comment not closed before the end of the game
xqcheck: 14 games: 8 valid, 6 invalid (6 errors, 0 warnings)'
	[ "$stderr" = "$expected" ]
	# --merge -q: the summary only; --merge-summary is the same option
	for p in 1 2 3; do xqcheck -v --partial <"$T/part$p" || true; done >"$T/parts"
	run -1 --separate-stderr xqcheck -q <"$T/all.pgn"
	want_err=$stderr
	run -1 --separate-stderr xqcheck --merge-summary -q <"$T/parts"
	[ "$stderr" = "$want_err" ]
	# merged summaries of merges: --merge --summary-json
	run -1 xqcheck --merge --summary-json -q "$T/parts"
	[ "$output" = '{"games":14,"valid":8,"invalid":6,"errors":6,"warnings":0}' ]
	[ "$output" = "$(xqcheck -q --summary-json <"$T/all.pgn")" ]
}

@test "--partial of several inputs per part: renumbered by input name" {
	name="a$(printf '\t')y.pgn"
	cat "$S/bad_illegal.pgn" "$S/games.pgn" "$S/bad_result.pgn" >"$T/whole"
	cat "$S/bad_fen.pgn" "$S/bad_side.pgn" >"$T/b.pgn"
	# the first file split in two, each part read under the file's name
	mkdir "$T/p1" "$T/p2"
	head -n 7 "$T/whole" >"$T/p1/$name"
	tail -n +8 "$T/whole" >"$T/p2/$name"
	[ "$(head -1 "$T/p2/$name")" = '[Game "Chinese Chess"]' ]
	cp "$T/whole" "$T/$name"
	cp "$T/b.pgn" "$T/p2/b.pgn"
	for opts in "" "-j"; do
		# shellcheck disable=SC2086
		(cd "$T/p1" && xqcheck $opts --partial "$name" >"$T/q1") || true
		# shellcheck disable=SC2086
		(cd "$T/p2" && xqcheck $opts --partial "$name" b.pgn >"$T/q2") || true
		# shellcheck disable=SC2086
		(cd "$T" && xqcheck $opts "$name" b.pgn >"$T/one.out" 2>"$T/one.err") || true
		run -1 --separate-stderr xqcheck --merge "$T/q1" "$T/q2"
		[ "$output" = "$(cat "$T/one.out")" ]
		[ "$stderr" = "$(cat "$T/one.err")" ]
	done
	[ "$(grep -c '"file":"b.pgn"' "$T/one.out")" = 2 ]
	[ "$(grep -c '"file":"a\\ty.pgn","index":3,"line":' "$T/one.out")" = 1 ]
	rc=0; (cd "$T" && xqcheck "$name" b.pgn >"$T/tab.out" 2>&1) || rc=$?
	[ "$rc" -eq 1 ]
	# the tab in the name is written as \x09
	expected='xqcheck: a\x09y.pgn:7:35: error: game 1, ply 6: 马八进七: not a move for Black here: '"'"'马八进七'"'"': no black horse on file ８ (black horses: files ２, ７)
xqcheck: a\x09y.pgn:42:4: error: game 4, ply 1: 车一平六: result 0-1 contradicts the final position: Black is checkmated
xqcheck: b.pgn:3: error: game 1: malformed FEN '"'"'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9 w - - 0 1'"'"': column 50: only 9 ranks, not 10
xqcheck: b.pgn:10:4: error: game 2, ply 1: h2e2: the FEN gives Black the move but the first move is Red'"'"'s
xqcheck: 6 games: 2 valid, 4 invalid (4 errors, 0 warnings)'
	diff -u <(printf '%s\n' "$expected") "$T/tab.out"
}

@test "--merge: byte offsets shifted, positions 0 kept, escapes read back" {
	tab=$(printf '\t')
	{
		printf '#xqcheck-partial\t1\n'
		printf 'P\t2\t1\t1\t0\t0\t0\t100\t=f.xqf\t-\tno such \\\\ move\n'
		printf 'P\t1\t10\t0\t3\t5\t0\t-\t-\t=a\\tb\tbad \\n text\n'
		printf '#end\tf.xqf\t2\t0\t1106\n'
		printf '#counts\t2\t1\t1\t1\t1\t0\n'
		printf '#xqcheck-partial\t1\n'
		printf 'P\t2\t1\t1\t0\t0\t2\t16\t=f.xqf\t=h2h9\tno\n'
		printf 'J\t{"file":"f.xqf","index":\001G1\001,"line":\001L0\001,"problems":[{"byte":\001B16\001}]}\n'
		printf '#end\tf.xqf\t1\t0\t50\n'
		printf '#counts\t1\t0\t1\t1\t0\t0\n'
	} >"$T/parts"
	run -1 --separate-stderr xqcheck --merge "$T/parts"
	[ "$output" = '{"file":"f.xqf","index":3,"line":0,"problems":[{"byte":1122}]}' ]
	[ "$stderr" = "xqcheck: f.xqf: error: game 1: byte 100 (0x64): no such \\ move
xqcheck: <stdin>:3:5: warning: a\x09b: bad \x0a text
xqcheck: f.xqf: error: game 3, ply 2: h2h9: byte 1122 (0x462): no
xqcheck: 3 games: 1 valid, 2 invalid (2 errors, 1 warning)" ]
	[ -n "$tab" ]
}

@test "--merge: a part cut short, a part in trouble, bad lines: exit 2" {
	split_samples
	xqcheck --partial <"$T/part1" >"$T/p1" || true
	xqcheck --partial <"$T/part2" >"$T/p2" || true
	# cut short: no #counts at the end, or a part starting inside another
	head -n -1 "$T/p1" >"$T/cut"
	# (the diagnostics of part 1, from a run over standard input)
	head3="xqcheck: <stdin>:6:9: error: game 1, ply 2: 将４进１: move after checkmate: Black has no legal move
xqcheck: <stdin>:9: error: game 2: malformed FEN 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9 w - - 0 1': column 50: only 9 ranks, not 10
xqcheck: <stdin>:18:35: error: game 3, ply 6: 马八进七: not a move for Black here: '马八进七': no black horse on file ８ (black horses: files ２, ７)"
	run -2 --separate-stderr xqcheck --merge "$T/cut"
	[ "$stderr" = "$head3
xqcheck: the last part ends without its #counts line (cut short?)
xqcheck: 0 games: 0 valid, 0 invalid (0 errors, 0 warnings)" ]
	run -2 --separate-stderr xqcheck --merge "$T/cut" "$T/p2"
	[ "$stderr" = "$head3
xqcheck: $T/p2:1: error: a part starts before the one before it ended (#counts)
xqcheck: <stdin>:24:4: error: game 4, ply 1: 车一平六: result 0-1 contradicts the final position: Black is checkmated
xqcheck: <stdin>:29:4: error: game 5, ply 1: h2e2: the FEN gives Black the move but the first move is Red's
xqcheck: 5 games: 3 valid, 2 invalid (2 errors, 0 warnings)" ]
	# a part whose run was in trouble (an unreadable input)
	run -2 --separate-stderr sh -c 'xqcheck --partial "$1" /nonexistent' sh "$S/games.pgn"
	[ "$output" = "#xqcheck-partial	1
#end	$S/games.pgn	2	29	942
#counts	2	2	0	0	0	1" ]
	[ "$stderr" = "xqcheck: cannot open '/nonexistent': No such file or directory" ]
	printf '%s\n' "$output" >"$T/p3"
	run -2 --separate-stderr xqcheck --merge "$T/p1" "$T/p3"
	for bad in 'P\t9\t1\t1\t1\t1\t1\t-\t-\t-\tm' 'P\t2\t1\tx\t1\t1\t1\t-\t-\t-\tm' \
		   'P\t2\t1\t1\t1\t1\t1\t-\tnoeq\t-\tm' 'P\t2\t1\t1\t1\t1\t1\t-\t-\t-\tm\\q' \
		   'P\t2\t1' '#end\tx\t-1\t0\t0' '#counts\t2\t1\t0\t0\t0\t0' \
		   'J\t{"index":\001G1}' 'J\t{"file":"x","index":\001Q1}' 'J\t{"file":"x","index":\001G' \
		   'J\t{"file":"x","index":\001G1}' \
		   'P\t2\t1\t1000000000000001\t1\t1\t1\t-\t-\t-\tm' 'bogus'; do
		printf "#xqcheck-partial\t1\n$bad\n#counts\t0\t0\t0\t0\t0\t0\n" >"$T/bad"
		run -2 --separate-stderr xqcheck --merge "$T/bad"
		# one error for the bad line, and the part goes on to its
		# #counts; nothing of a refused JSON line is written
		[ "$stderr" = "xqcheck: $T/bad:2: error: not a line of xqcheck --partial or --summary-json
xqcheck: 0 games: 0 valid, 0 invalid (0 errors, 0 warnings)" ]
		[ "$output" = "" ]
	done
	# the lines around a bad one merged as ever
	printf '#xqcheck-partial\t1\nJ\t{"file":"x","index":\001G1\001}\nJ\t{"file":"x","index":\001G\nJ\t{"file":"x","index":\001G3\001}\n#end\tx\t3\t3\t9\n#counts\t3\t3\t0\t0\t0\t0\n' >"$T/bad"
	run -2 --separate-stderr xqcheck --merge "$T/bad" "$T/bad"
	[ "$output" = '{"file":"x","index":1}
{"file":"x","index":3}
{"file":"x","index":4}
{"file":"x","index":6}' ]
	[ "$stderr" = "xqcheck: $T/bad:3: error: not a line of xqcheck --partial or --summary-json
xqcheck: $T/bad:3: error: not a line of xqcheck --partial or --summary-json
xqcheck: 6 games: 6 valid, 0 invalid (0 errors, 0 warnings)" ]
	# sums that would overflow, summaries that do not add up
	for i in 1 2; do printf '#xqcheck-partial\t1\n#end\tx\t900000000000000\t0\t0\n#counts\t0\t0\t0\t0\t0\t0\n'; done >"$T/big"
	run -2 --separate-stderr xqcheck --merge "$T/big"
	[ "$stderr" = "xqcheck: $T/big:5: error: not a line of xqcheck --partial or --summary-json
xqcheck: 0 games: 0 valid, 0 invalid (0 errors, 0 warnings)" ]
	printf '{"games":2,"valid":2,"invalid":1,"errors":0,"warnings":0}\n' >"$T/sum"
	run -2 --separate-stderr xqcheck --merge "$T/sum"
	# options the parts take
	run -2 xqcheck --merge -j "$T/p1"
	run -2 xqcheck --merge -r axf "$T/p1"
	run -2 xqcheck --partial --summary-json "$T/p1"
	run -2 xqcheck --partial --merge "$T/p1"
}

@test "records of tags alone are games of their own: no tag repeated in -j" {
	run -0 --separate-stderr xqcheck -j "$S/dialects/tags_only_records.pgn"
	[ "${#lines[@]}" -eq 4 ]
	for l in "${lines[@]}"; do
		tags=${l#*\"tags\":\{}
		tags=${tags%%\}*}
		[ "$(grep -o '"[A-Za-z]*":' <<<"$tags" | sort | uniq -d)" = "" ]
	done
}
