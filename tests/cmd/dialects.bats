#!/usr/bin/env bats
# Real-world dialects: wrapped DhtmlXQ blocks, records far
# into a page, files that hold no record, letters and other forms inside
# DhtmlXQ, SAN with ranks 1-10 and rank disambiguators, XieXie .wxf files,
# plain-text collections with game headings, glued ICCS, CSV exports, and
# the round trips through each reader.
bats_require_minimum_version 1.5.0

setup() {
	ROOT="$BATS_TEST_DIRNAME/../.."
	SHARED="${XQ_SHARED:-$ROOT/../shared}"
	D="$SHARED/corpus/dialects"
	S="$ROOT/samples/dialects"
	T="$BATS_TEST_TMPDIR"
}

@test "FLASH, JAVA (around [DhtmlXQ]), HTML and iFrame wrappers; comments stay in their game" {
	run -0 --separate-stderr xqconv -n iccs "$S/dhtmlxq_wrappers.html"
	[[ "$stderr" == *"4 games read, 4 written, 0 dropped"* ]]
	[ -z "$(grep warning <<<"$stderr")" ]
	want='1. h2e2 { first } 1... h9g7 *
1. h0g2 h9g7 *
1. a0a1 *
1. h0g2 *'
	[ "$(grep '^1\.' <<<"$output")" = "$want" ]
	[ "$(grep -c first <<<"$output")" -eq 1 ]
}

@test "the page with a DhtmlXQ block far into it is longer than 64 KB and valid" {
	[ "$(stat -c %s "$S/dhtmlxq_far.html")" -gt 65536 ]
	run -0 xqcheck -q "$S/dhtmlxq_far.html"
}

@test "no record in a file: an error, exit 2, never 0 games and success" {
	printf '<html><body><p>no game here</p></body></html>\n' >"$T/page.html"
	run -2 --separate-stderr xqconv "$T/page.html"
	run -2 --separate-stderr xqcheck "$T/page.html"
	printf '# only comment lines\n# and no game\n' >"$T/words.txt"
	run -2 --separate-stderr xqconv "$T/words.txt"
	# a directory listing: plainly no record, not an invalid game
	printf 'total 12076\n-r--r--r-- 1 root root 6177 Dec  4 19:08 MANIFEST.tsv\ndr-xr-xr-x 2 root root 4096 Dec  4 19:08 cbf\n' >"$T/listing.txt"
	run -2 --separate-stderr xqcheck "$T/listing.txt"
	[ "$stderr" = "xqcheck: $T/listing.txt: fatal: no game record found (read as text)
xqcheck: 0 games: 0 valid, 0 invalid (0 errors, 0 warnings)" ]
	# but a bad first move in a file with a record in it is an invalid game
	printf 'total 12076\n\n1. h2e2 h9g7 *\n' >"$T/junk_then_game.pgn"
	run -1 --separate-stderr xqcheck "$T/junk_then_game.pgn"
	printf '1. h2e3 h9g7 *\n' >"$T/bad_first.pgn"
	run -1 --separate-stderr xqcheck "$T/bad_first.pgn"
	# an empty file (or one of blanks) is an empty success: no game, no
	# error, exit 0, as xq-formats(5) says
	: >"$T/empty.pgn"
	run -0 --separate-stderr xqconv "$T/empty.pgn"
	[ "$stderr" = "xqconv: 0 games read, 0 written, 0 dropped" ]
	printf '\n  \n' >"$T/blank.pgn"
	run -0 --separate-stderr xqcheck "$T/blank.pgn"
	[ "$stderr" = "xqcheck: 0 games: 0 valid, 0 invalid (0 errors, 0 warnings)" ]
}

@test "a PNG, a ZIP, an executable: unrecognised format, exit 2" {
	printf '\211PNG\r\n\032\n\0\0\0\rIHDR' >"$T/board.png"
	run -2 --separate-stderr xqconv "$T/board.png"
	[ "$stderr" = "xqconv: $T/board.png: fatal: unrecognised format: looks like a PNG image, no game record found
xqconv: 0 games read, 0 written, 0 dropped" ]
	printf 'PK\003\004rest' >"$T/a.pgn"
	run -2 --separate-stderr xqcheck "$T/a.pgn"
	run -2 --separate-stderr xqshow "$T/board.png"
}

@test "-t text -q says nothing of what it leaves out" {
	printf '1. h2e2 {good} (1. b2e2 h9g7) h9g7 {ok} *\n' >"$T/c.pgn"
	run -0 --separate-stderr xqconv -q -t text "$T/c.pgn"
	[[ "$stderr" != *warning* ]]
}

@test "PyChess SAN with ranks 1-10: the shared sample, White naming Red" {
	run -0 --separate-stderr xqconv -n iccs "$D/pychess_san_ranks1-10.pgn"
	[[ "$stderr" == *"4 games read, 4 written, 0 dropped"* ]]
	[[ "$output" == *"12. b6b9 c7b9"* ]]
	[[ "$output" == *'[Red "davide2022"]'* ]]
}

@test "XieXie .wxf: round trip" {
	run -0 --separate-stderr xqconv -t xiexie "$S/xiexie.wxf"
	[ "$output" = "$(cat "$S/xiexie.wxf")
" ] || [ "$output" = "$(sed 's/!!4\./  4./; s/ C2\.3 /!!C2.3/' "$S/xiexie.wxf")" ] || {
		xqconv -q -n iccs "$S/xiexie.wxf" >"$T/a" 2>/dev/null
		printf '%s\n' "$output" | xqconv -q -n iccs - >"$T/b" 2>/dev/null
		cmp "$T/a" "$T/b"
	}
	for f in "$D"/xiexie_game2.wxf "$S/xiexie.wxf"; do
		xqconv -q -n iccs "$f" >"$T/a.pgn" 2>/dev/null
		xqconv -q -t xiexie "$f" >"$T/rt.wxf" 2>/dev/null
		xqconv -q -n iccs "$T/rt.wxf" >"$T/b.pgn" 2>/dev/null
		cmp "$T/a.pgn" "$T/b.pgn"
	done
	# the shared sample with the ambiguous pawn move is reported, not lost
	run -1 --separate-stderr xqconv "$D/xiexie_game1.wxf"
	[[ "$stderr" == *"xiexie_game1.wxf:38:12: error: game 1, ply 122: P3+1: ambiguous move"* ]]
	# no 'F is not a piece letter' for the FORMAT line
	[[ "$stderr" != *"piece letter"* ]]
}

@test "plain-text collection with game headings: players and results kept" {
	run -0 --separate-stderr xqconv -n iccs "$D/text_collection_headings_gbk.txt"
	[[ "$stderr" == *"16 games read, 16 written, 0 dropped"* ]]
	[ "$(grep -c '^\[Red "?"\]' <<<"$output")" -eq 0 ]
	[[ "$output" == *'[Red "辽宁卜凤波"]'*'[Black "北京张强"]'*'[Result "1-0"]'*'[Section "第一站2001·8·14（上午）"]'* ]]
	[[ "$output" == *'[Red "廖二平"]'*'[Black "吉林陶汉明"]'*'[Result "0-1"]'* ]]
	[[ "$output" == *'[Red "火车头金波"]'*'[Black "湖南张申宏"]'* ]]
	run -0 --separate-stderr xqconv -n iccs "$S/text_collection.txt"
	[[ "$stderr" == *"2 games read, 2 written"* ]]
	# read -> write (text) -> read keeps players and results
	xqconv -q -t text "$S/text_collection.txt" >"$T/t.txt" 2>/dev/null
	xqconv -q -n iccs "$T/t.txt" >"$T/b.pgn" 2>/dev/null
	xqconv -q -n iccs "$S/text_collection.txt" >"$T/a.pgn" 2>/dev/null
	cmp "$T/a.pgn" "$T/b.pgn"
}

@test "old CCBridge libraries: every game of the three samples, with variations and comments; round trips" {
	run -0 --separate-stderr xqconv -n iccs "$D/old_ccbridge_lvqin.CBL"
	[[ "$stderr" == *"123 games read, 123 written, 0 dropped"* ]]
	[[ "$output" == *'[Event "全运会"]'*'[Date "79-4-30"]'*'[Red "胡荣华"]'*'[Black "吕钦"]'*'[Result "1-0"]'*'[Title "飞相局对左中炮"]'*'[Library "吕钦专集"]'* ]]
	[[ "$output" == *"1. g0e2 h7e7 2. b0c2 h9g7"* ]]
	run -0 --separate-stderr xqconv -n iccs "$D/old_ccbridge_bjxygj9.CBL"
	[[ "$stderr" == *"20 games read, 20 written, 0 dropped"* ]]
	joined=$(tr '\n' ' ' <<<"$output")
	[[ "$joined" == *"6. h0h5 c9a7 { 黑方飞象保卒"*"(6... e7e8 7. h5c5"* ]]
	[[ "$joined" == *"27. b6f6 { 红胜。 }"* ]]
	# endgame problems: set-up positions; one record plays on after mate
	run -1 --separate-stderr xqconv -n iccs "$D/old_ccbridge_juzhongmi.CBL"
	[[ "$stderr" == *"116 games read, 115 written, 1 dropped"* ]]
	[[ "$stderr" == *"game 41, ply 8: move after checkmate"* ]]
	[[ "$output" == *'[FEN "4k4/8C/9/p8/9/3R5/9/3RB4/r3r4/3K5 w - - 0 1"]'* ]]
	# read -> write (PGN) -> read
	for f in "$D/old_ccbridge_bjxygj9.CBL" "$S/own_old_ccbridge.cbl"; do
		xqconv -q "$f" >"$T/a.pgn" 2>/dev/null
		xqconv -q "$T/a.pgn" >"$T/b.pgn" 2>/dev/null
		cmp "$T/a.pgn" "$T/b.pgn"
	done
	# a cut library is reported, not lost silently
	head -c 300 "$D/old_ccbridge_lvqin.CBL" >"$T/cut.cbl"
	run --separate-stderr xqconv "$T/cut.cbl"
	[ "$status" -ge 1 ]
	[[ "$stderr" == *"compressed stream is cut short"* ]]
}

@test "XQF: long names written without a warning, the cut field keeps its first 15 bytes" {
	printf '[Site "这是一个很长的比赛地点名称超过十五字节"]\n[Red "红方很长的名字超过了十五个字节"]\n[Round "3"]\n[ECCO "C45"]\n[Opening "中炮"]\n[Variation "x"]\n[FEN "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 12"]\n\n12... h9g7 *\n' >"$T/x.pgn"
	for t in xqf xqf18; do
		run -0 --separate-stderr xqconv -t "$t" -o "$T/x.xqf" "$T/x.pgn"
		[[ "$stderr" != *warning* ]]
	done
	# the cut field keeps its first 15 bytes for other programs
	[ "$(head -c $((0x131)) "$T/x.xqf" | tail -c 1 | od -An -tu1 | tr -d ' ')" -le 15 ]
}

@test "--script: an unknown value is refused, exit 2" {
	printf '[Event "全国个人赛"]\n[Red "胡荣华"]\n\n1. h2e2 {顺炮} *\n' >"$T/s.pgn"
	run -2 --separate-stderr xqconv --script=klingon "$T/s.pgn"
	[[ "$stderr" == *"unknown --script 'klingon'"* ]]
}

@test "PengFei .pfc: sniffed, variations and comments read, round trip through PGN" {
	run -0 --separate-stderr xqconv -n iccs -o "$T/a.pgn" "$S/pengfei_variations.pfc"
	run -0 --separate-stderr xqconv -n iccs -o "$T/b.pgn" "$T/a.pgn"
	cmp "$T/a.pgn" "$T/b.pgn"
	# the name does not matter: the content says PengFei
	cp "$S/pengfei_variations.pfc" "$T/record.dat"
	run -0 --separate-stderr xqcheck "$T/record.dat"
	f="$SHARED/corpus/formats2/zfdang_35838d69da_sample_31_pengfei.pfc"
	if [ -f "$f" ]; then
		run -0 --separate-stderr xqconv -n iccs "$f"
		[[ "$output" == *"1. h6f7 e9d9 2. i8d8 { 杀！(红胜) } *"* ]]
	fi
}

@test "opening lists: one game a line with ECCO and Opening, round trip through PGN" {
	run -0 --separate-stderr xqconv -n iccs -o "$T/a.pgn" "$S/openings.txt"
	[ "$stderr" = "xqconv: 3 games read, 3 written, 0 dropped" ]
	run -0 --separate-stderr xqconv -n iccs -o "$T/b.pgn" "$T/a.pgn"
	cmp "$T/a.pgn" "$T/b.pgn"
	f="$SHARED/corpus/formats2/walker8088_XQMagic_open_book_1.txt"
	if [ -f "$f" ]; then
		run -0 --separate-stderr xqcheck "$f"
		[ "$stderr" = "xqcheck: 191 games: 191 valid, 0 invalid (0 errors, 0 warnings)" ]
	fi
}

@test "text exports: CCBridge (FEN ：), ourgame (GBK, rules, two headings a line), 局面 with Chinese pieces; round trips through PGN" {
	for f in ccbridge_text ourgame_text position_text; do
		run -0 --separate-stderr xqconv -n iccs -o "$T/$f.pgn" "$S/$f.txt"
		run -0 --separate-stderr xqconv -n iccs -o "$T/$f.2.pgn" "$T/$f.pgn"
		cmp "$T/$f.pgn" "$T/$f.2.pgn"
	done
}

@test "formats recognised but not read: each refused with one message naming it, exit 2; none takes a file of another" {
	printf 'GL\320\007\324\007\001\000rest' >"$T/a.chn"
	run -2 --separate-stderr xqcheck "$T/a.chn"
	[ "$stderr" = "xqcheck: $T/a.chn: fatal: 联众 (ourgame) .chn/.xqi record: not read (no public description of its layout was found; see xq-formats(5))
xqcheck: 0 games: 0 valid, 0 invalid (0 errors, 0 warnings)" ]
	for i in $(seq 1 12); do printf '1 0 10 32 0 7 7 7 4 0 '; done >"$T/a.che"
	run -2 --separate-stderr xqconv "$T/a.che"
	[[ "$stderr" == *"fatal: QQ象棋 (QQ xiangqi) .che record: not read"* ]]
	printf '[FEN_INDEX "001"]\n[FEN "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1"]\n' >"$T/a.xfen"
	run -2 --separate-stderr xqcheck "$T/a.xfen"
	[[ "$stderr" == *"fatal: .xfen diagram file: not read"* ]]
	for e in ccm CCM mxq xgf; do
		printf '\001\000\022\000binary' >"$T/b.$e"
		run -2 --separate-stderr xqcheck "$T/b.$e"
		[[ "$stderr" == *": not read (no public description of its layout was found; see xq-formats(5))"* ]]
		# a PGN under such a name is still read as PGN
		cp "$ROOT/samples/games.pgn" "$T/g.$e"
		run -0 --separate-stderr xqcheck -q "$T/g.$e"
	done
}
