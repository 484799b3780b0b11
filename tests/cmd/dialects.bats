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

@test "DhtmlXQFLASH blocks are one game each (two blocks on one line, as pages write them)" {
	printf '[DhtmlXQFLASH][DhtmlXQ_title]A[/DhtmlXQ_title][DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist][/DhtmlXQFLASH]\n[DhtmlXQFLASH][DhtmlXQ_title]B[/DhtmlXQ_title][DhtmlXQ_movelist]79677062[/DhtmlXQ_movelist][/DhtmlXQFLASH]\n' >"$T/flash.txt"
	run -0 --separate-stderr xqconv -n iccs "$T/flash.txt"
	[[ "$stderr" == *"2 games read, 2 written, 0 dropped"* ]]
	[[ "$output" == *'[Title "A"]'*"1. h2e2 h9g7 *"*'[Title "B"]'*"1. h0g2 h9g7 *"* ]]
	[ "$(grep -c '^\[Title' <<<"$output")" -eq 2 ]
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

@test "a DhtmlXQ block past the first 64 KB of a page is found, from a file and a pipe" {
	[ "$(stat -c %s "$S/dhtmlxq_far.html")" -gt 65536 ]
	run -0 --separate-stderr xqconv -n iccs "$S/dhtmlxq_far.html"
	[[ "$output" == *"1. h2e2 h9g7 *"* ]]
	[[ "$stderr" == *"1 game read, 1 written"* ]]
	run -0 --separate-stderr sh -c 'cat "$1" | xqconv -n iccs' sh "$S/dhtmlxq_far.html"
	[[ "$output" == *"1. h2e2 h9g7 *"* ]]
	run -0 xqcheck -q "$S/dhtmlxq_far.html"
}

@test "no record in a file: an error, exit 2, never 0 games and success" {
	printf '<html><body><p>no game here</p></body></html>\n' >"$T/page.html"
	run -2 --separate-stderr xqconv "$T/page.html"
	[[ "$stderr" == *"page.html: fatal: no game record found: an HTML or XML page without a record block"* ]]
	run -2 --separate-stderr xqcheck "$T/page.html"
	printf '# only comment lines\n# and no game\n' >"$T/words.txt"
	run -2 --separate-stderr xqconv "$T/words.txt"
	[[ "$stderr" == *"words.txt: fatal: no game record found (read as text)"* ]]
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
	[[ "$stderr" == *"looks like a ZIP archive"* ]]
	run -2 --separate-stderr xqshow "$T/board.png"
	[[ "$stderr" == *"unrecognised format"* ]]
}

@test "letters in a move list are reported where they stand; ichinachess, turned boards and nn pairs are read" {
	run -0 --separate-stderr xqconv -v -n iccs "$S/dhtmlxq_forms.txt"
	[[ "$stderr" == *"dhtmlxq_forms.txt:1:70: warning: game 1: 'A' in the move list is no digit"* ]]
	[[ "$stderr" == *":2:70: note: game 2: ichinachess move list (12 characters a move)"* ]]
	[[ "$stderr" == *":3:65: note: game 3: board given turned 180 degrees"* ]]
	[[ "$stderr" == *":4:58: note: game 4: binit: pairs that are not two digits read as pieces off the board"* ]]
	[[ "$stderr" == *"4 games read, 4 written, 0 dropped"* ]]
	[ "$(grep -c '^1\. h2e2 h9g7 \*' <<<"$output")" -eq 3 ]
	[[ "$output" == *'[FEN "rnbakabnr/9/1c5c1/p1p1p1p1p2/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"]'* ]] ||
		[[ "$output" == *'[FEN "rnbakabnr/9/1c5c1/p1p1p1p2/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"]'* ]]
}

@test "a bad DhtmlXQ move is reported at its own line and column" {
	run -1 --separate-stderr xqconv -n iccs "$S/dhtmlxq_badmove.txt"
	[[ "$stderr" == *"dhtmlxq_badmove.txt:4:5: error: game 1, ply 4: 1910:"* ]]
}

@test "-t text says what it leaves out" {
	printf '1. h2e2 {good} (1. b2e2 h9g7) h9g7 {ok} *\n' >"$T/c.pgn"
	run -0 --separate-stderr xqconv -t text "$T/c.pgn"
	[[ "$stderr" == *"warning: game 1: the text format holds no comments or variations: 2 comments and 1 variation left out"* ]]
	run -0 --separate-stderr xqconv -q -t text "$T/c.pgn"
	[[ "$stderr" != *warning* ]]
}

@test "Big5 without Chinese moves reads back as Big5 (tags alone)" {
	printf '[Event "全國個人賽"]\n[Red "呂欽"]\n\n1. 炮二平五 馬８進７ *\n' >"$T/b.pgn"
	for n in iccs wxf; do
		xqconv -q -n "$n" -E big5 "$T/b.pgn" >"$T/b5.pgn" 2>/dev/null
		run -0 --separate-stderr xqconv -q -n iccs "$T/b5.pgn"
		[[ "$output" == *'[Event "全國個人賽"]'* ]]
		[[ "$output" == *'[Red "呂欽"]'* ]]
	done
	printf '[Event "全国个人赛"]\n[Red "胡荣华"]\n\n1. h2e2 *\n' >"$T/g.pgn"
	xqconv -q -E gbk "$T/g.pgn" >"$T/gbk.pgn" 2>/dev/null
	run -0 xqconv -q -n iccs "$T/gbk.pgn"
	[[ "$output" == *'[Event "全国个人赛"]'* ]]
}

@test "PyChess SAN with ranks 1-10: the shared sample and our own, White naming Red" {
	run -0 --separate-stderr xqconv -n iccs "$D/pychess_san_ranks1-10.pgn"
	[[ "$stderr" == *"4 games read, 4 written, 0 dropped"* ]]
	[[ "$output" == *"12. b6b9 c7b9"* ]]
	[[ "$output" == *'[Red "davide2022"]'* ]]
	run -0 --separate-stderr xqconv -n iccs "$S/pychess_san.pgn"
	[[ "$output" == *"1. b2e2 b9c7 2. b0c2 a9b9 3. a0a1 f9e8 4. a1f1 e8f9 5. f1f6 b9b8 *"* ]]
	[[ "$output" == *'[Red "red player"]'* ]]
	[[ "$output" != *'[White '* ]]
}

@test "WinBoard SAN with a rank as disambiguator (H1e2 is no ICCS move)" {
	run -0 --separate-stderr xqconv -n iccs "$S/winboard_san.pgn"
	[[ "$output" == *"1. c1e2 d9d8 2. c3d5 d8d9 *"* ]]
	# read -> write -> read
	xqconv -q "$S/winboard_san.pgn" >"$T/w.pgn" 2>/dev/null
	run -0 xqconv -q -n iccs "$T/w.pgn"
	[[ "$output" == *"1. c1e2 d9d8 2. c3d5 d8d9 *"* ]]
}

@test "XieXie .wxf: headers, marks before move numbers, round trip" {
	run -0 --separate-stderr xqconv -n iccs "$S/xiexie.wxf"
	[[ "$output" == *'[Event "Our own club game"]'*'[Date "2026.12.01"]'*'[Red "Red Player"]'*'[Black "Black Player"]'*'[Result "1-0"]'* ]]
	[[ "$output" == *"1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 b9c7!! 4. c3c4 g6g5! 5. h0h6 h7i7 1-0"* ]]
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

@test "XieXie writer: a game from a FEN is refused, comments are counted" {
	printf '[FEN "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1"]\n\n1. e0e1 *\n' >"$T/fen.pgn"
	run -1 --separate-stderr xqconv -t xiexie "$T/fen.pgn"
	[[ "$stderr" == *"a XieXie file starts from the usual position"* ]]
	printf '1. h2e2 {c} h9g7 *\n' >"$T/c.pgn"
	run -0 --separate-stderr xqconv -t xiexie "$T/c.pgn"
	[[ "$stderr" == *"1 comment and 0 variations left out"* ]]
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
	[[ "$output" == *'[Red "张三"]'*'[Black "李四"]'*'[Result "1-0"]'*"3. i0h0 1-0"*'[Red "王五平"]'*'[Black "赵六"]'*'[Result "1/2-1/2"]'* ]]
	# read -> write (text) -> read keeps players and results
	xqconv -q -t text "$S/text_collection.txt" >"$T/t.txt" 2>/dev/null
	xqconv -q -n iccs "$T/t.txt" >"$T/b.pgn" 2>/dev/null
	xqconv -q -n iccs "$S/text_collection.txt" >"$T/a.pgn" 2>/dev/null
	cmp "$T/a.pgn" "$T/b.pgn"
}

@test "glued ICCS after a FEN is read; a CSV export is named" {
	run -0 --separate-stderr xqconv -v -n iccs "$S/glued_iccs.txt"
	[[ "$stderr" == *"glued_iccs.txt:2:1: note: game 1: glued ICCS moves (h2e2h9g7...) read four characters a move"* ]]
	[[ "$output" == *"1. h2e2 h9g7 2. h0g2 i9h9 *"* ]]
	run -2 --separate-stderr xqconv "$S/moves.csv"
	[[ "$stderr" == *"moves.csv: fatal: unsupported: looks like a CSV export (one move per row)"* ]]
	[[ "$stderr" != *"ply,move"* ]]
}

@test "old CCBridge libraries: every game of the three samples and of our own, with variations and comments" {
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
	run -0 --separate-stderr xqconv -n iccs "$S/own_old_ccbridge.cbl"
	[[ "$output" == *"1. h2e2 { 中炮 } 1... h9g7 (1... b9c7 { 另一变 } 2. h0g2) 2. h0g2 1/2-1/2"* ]]
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

@test "DhtmlXQ keeps ECCO, Variation and the first move number" {
	printf '[ECCO "C45"]\n[Variation "x"]\n[FEN "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 12"]\n\n12. h2e2 *\n' >"$T/e.pgn"
	xqconv -q -t dhtmlxq "$T/e.pgn" >"$T/e.txt" 2>/dev/null
	run -0 xqconv -q -n iccs "$T/e.txt"
	[[ "$output" == *'[ECCO "C45"]'*'[Variation "x"]'* ]]
	[[ "$output" == *"12. h2e2 *"* ]]
	# what it cannot hold is named once
	printf '[Event "E"]\n[RedElo "2600"]\n[WhiteClock "1"]\n\n1. h2e2 *\n' >"$T/l.pgn"
	run -0 --separate-stderr xqconv -t dhtmlxq "$T/l.pgn"
	[[ "$stderr" == *"warning: game 1: DhtmlXQ has no place for tags RedElo, WhiteClock; left out"* ]]
	[ "$(grep -c warning <<<"$stderr")" -eq 1 ]
}

@test "XQF keeps the move number, tags without a field and long names; says what does not fit" {
	printf '[Site "这是一个很长的比赛地点名称超过十五字节"]\n[Red "红方很长的名字超过了十五个字节"]\n[Round "3"]\n[ECCO "C45"]\n[Opening "中炮"]\n[Variation "x"]\n[FEN "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 12"]\n\n12... h9g7 *\n' >"$T/x.pgn"
	for t in xqf xqf18; do
		run -0 --separate-stderr xqconv -t "$t" -o "$T/x.xqf" "$T/x.pgn"
		[[ "$stderr" != *warning* ]]
		run -0 xqconv -q -n iccs "$T/x.xqf"
		[[ "$output" == *'[Site "这是一个很长的比赛地点名称超过十五字节"]'*'[Round "3"]'*'[Red "红方很长的名字超过了十五个字节"]'*'[ECCO "C45"]'*'[Opening "中炮"]'*'[Variation "x"]'* ]]
		[[ "$output" == *'b - - 0 12"]'*"12... h9g7 *"* ]]
	done
	# a field cut for other programs still reads whole here, and the cut
	# field keeps its first 15 bytes for them
	[ "$(head -c $((0x131)) "$T/x.xqf" | tail -c 1 | od -An -tu1 | tr -d ' ')" -le 15 ]
	{ printf '[Event "E"]\n'; for i in $(seq 40); do printf '[Extra%d "vvvvvvvvvvvvvvvvvvvv"]\n' "$i"; done; printf '\n1. h2e2 *\n'; } >"$T/m.pgn"
	run -0 --separate-stderr xqconv -t xqf -o "$T/m.xqf" "$T/m.pgn"
	[ "$(grep -c warning <<<"$stderr")" -eq 1 ]
	[[ "$stderr" == *"XQF has no room for tags Extra18, Extra19,"* ]]
	run -0 xqconv -q "$T/m.xqf"
	[ "$(grep -c '^\[Extra' <<<"$output")" -eq 17 ]
}

@test "-E big5 converts simplified text to traditional (OpenCC), --script=keep turns it off" {
	printf '[Event "全国个人赛"]\n[Red "胡荣华"]\n\n1. h2e2 {顺炮} *\n' >"$T/s.pgn"
	run -0 --separate-stderr xqconv -n iccs -E big5 -o "$T/b5.pgn" "$T/s.pgn"
	[[ "$stderr" == *"1 game read, 1 written, 0 dropped; 3 lines converted to traditional characters"* ]]
	run -0 xqconv -q -n iccs "$T/b5.pgn"
	[[ "$output" == *'[Event "全國個人賽"]'*'[Red "胡榮華"]'*"1. h2e2 { 順炮 } *"* ]]
	run -1 --separate-stderr xqconv -n iccs -E big5 --script=keep "$T/s.pgn"
	[[ "$stderr" == *"character '国' cannot be encoded in BIG5"* ]]
	# to simplified, on request; nothing to convert: no count
	run -0 --separate-stderr xqconv -n iccs --script=simplified "$T/b5.pgn"
	[[ "$output" == *'[Event "全国个人赛"]'*'[Red "胡荣华"]'* ]]
	[[ "$stderr" == *"3 lines converted to simplified characters"* ]]
	run -0 --separate-stderr xqconv -n iccs -E gbk "$T/s.pgn"
	[[ "$stderr" != *converted* ]]
	run -2 --separate-stderr xqconv --script=klingon "$T/s.pgn"
	[[ "$stderr" == *"unknown --script 'klingon'"* ]]
}

@test "PengFei .pfc: sniffed, variations and comments read, round trip through PGN" {
	run -0 --separate-stderr xqconv -n iccs -o "$T/a.pgn" "$S/pengfei_variations.pfc"
	run -0 --separate-stderr xqconv -n iccs -o "$T/b.pgn" "$T/a.pgn"
	cmp "$T/a.pgn" "$T/b.pgn"
	grep -qF '1. h2e2 { 中炮 } (1. c3c4 { 仙人指路 }) 1... h9g7' "$T/a.pgn"
	# the name does not matter: the content says PengFei
	cp "$S/pengfei_variations.pfc" "$T/record.dat"
	run -0 --separate-stderr xqcheck "$T/record.dat"
	run -1 --separate-stderr xqcheck "$S/pengfei_unknown.pfc"
	[[ "$stderr" == *"attribute 'x' of a move not known"* ]]
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
	grep -qF '[Opening "过宫炮局"]' "$T/a.pgn"
	run -1 --separate-stderr xqcheck "$S/openings_bad.txt"
	[[ "$stderr" == *"openings_bad.txt:2:1: error: game 2: not an opening line"* ]]
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
	grep -qF '{ 最新弈法 } 1. h2e2 h9g7 2. h0g2 i9h9 1-0' "$T/ccbridge_text.pgn"
	grep -qF '[Opening "中炮对屏风马"]' "$T/ccbridge_text.pgn"
	grep -qF '[Site "北京"]' "$T/ourgame_text.pgn"
	grep -qF '[BlackTime "3分  4秒"]' "$T/ourgame_text.pgn"
	grep -qF '[FEN "3k5/9/9/3r5/4R1C2/9/9/9/9/4K4 w - - 0 1"]' "$T/position_text.pgn"
	grep -qF '3. e9e5 (3. c5d5 c6c7 4. e9e4) 3... c6d6 1-0' "$T/position_text.pgn"
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
