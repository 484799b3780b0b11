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

# game N FILE: the Nth game of a PGN, its trailing empty lines left out
game() {
	awk -v n="$1" '/^\[Game /{ g++ } g == n' "$2" | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}'
}

@test "FLASH, JAVA (around [DhtmlXQ]), HTML and iFrame wrappers; comments stay in their game" {
	run -0 --separate-stderr xqconv -n iccs "$S/dhtmlxq_wrappers.html"
	[ "$stderr" = "xqconv: 4 games read, 4 written, 0 dropped" ]
	[ -z "$(grep warning <<<"$stderr")" ]
	want='1. h2e2 { first } 1... h9g7 *
1. h0g2 h9g7 *
1. a0a1 *
1. h0g2 *'
	[ "$(grep '^1\.' <<<"$output")" = "$want" ]
	[ "$(grep -c first <<<"$output")" -eq 1 ]
	# the whole output: each block's title in its own game
	local g expected=''
	for g in 'A|1. h2e2 { first } 1... h9g7 *' 'B|1. h0g2 h9g7 *' 'C|1. a0a1 *' 'D|1. h0g2 *'; do
		expected+="${expected:+$'\n\n'}[Game \"Chinese Chess\"]
[Red \"?\"]
[Black \"?\"]
[Result \"*\"]
[Title \"${g%%|*}\"]
[Format \"ICCS\"]

${g#*|}"
	done
	[ "$output" = "$expected" ]
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
	# only the summary, which -q keeps
	[ "$stderr" = "xqconv: 1 game read, 1 written, 0 dropped" ]
}

@test "PyChess SAN with ranks 1-10: the shared sample, White naming Red" {
	run -0 --separate-stderr xqconv -n iccs "$D/pychess_san_ranks1-10.pgn"
	[ "$stderr" = "xqconv: 4 games read, 4 written, 0 dropped" ]
	# the first game whole: [Red] from White, moves to rank 9 (12. b6b9 c7b9)
	printf '%s\n' "$output" >"$T/py.pgn"
	expected='[Game "Chinese Chess"]
[Event "PyChess casual game"]
[Site "https://www.pychess.org/ECkoDCyu"]
[Date "2023.02.25"]
[Round "-"]
[Red "davide2022"]
[Black "Fairy-Stockfish"]
[Result "0-1"]
[TimeControl "900+20"]
[WhiteElo "1500?"]
[BlackElo "1500?"]
[Variant "Xiangqi"]
[SetUp "1"]
[Format "ICCS"]

1. b2e2 b9c7 2. c3c4 a9b9 3. b0c2 g6g5 4. h0i2 h9g7 5. a0b0 i9i8 6. h2h6 g7h5
7. h6c6 c9e7 8. i0i1 i8d8 9. b0b6 d8d3 10. i3i4 d9e8 11. i1f1 b7a7 12. b6b9 c7b9
13. f1b1 b9d8 14. c6c8 a7c7 15. c2b4 c7b7 16. c4c5 b7b1 17. b4d3 e7c5 18. d3c5
h7e7 19. e3e4 b1b4 20. f0e1 h5g7 21. e2g2 g7f5 22. g3g4 g9i7 23. g4g5 i7g5
24. g2h2 e7h7 25. h2h4 b4h4 26. i2h4 g5e7 27. h4f5 e7c5 28. f5g7 h7i7 29. g7i6
i7i4 30. i6g7 a6a5 31. c8b8 a5a4 32. a3a4 i4a4 33. b8b2 a4a7 34. b2i2 e8f7
35. g7f5 a7c7 36. c0a2 f9e8 37. i2e2 c7e7 38. f5d6 e8d9 39. e0f0 e7e8 40. e1f2
e9f9 0-1'
	[ "$(game 1 "$T/py.pgn")" = "$expected" ]
	[ "$(grep -c '^\[Red "davide2022"\]$' "$T/py.pgn")" -eq 4 ]
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
	[ "$stderr" = "xqconv: $D/xiexie_game1.wxf:38:12: error: game 1, ply 122: P3+1: ambiguous move: 'P3+1': 2 black pawns on file 3; name the one meant: P++1 (c1c0), P-+1 (c3c2)
xqconv: $D/xiexie_game1.wxf:1: warning: game 1 dropped
xqconv: 1 game read, 0 written, 1 dropped" ]
	# no 'F is not a piece letter' for the FORMAT line
	[[ "$stderr" != *"piece letter"* ]]
}

@test "plain-text collection with game headings: players and results kept" {
	run -0 --separate-stderr xqconv -n iccs "$D/text_collection_headings_gbk.txt"
	[ "$stderr" = "xqconv: 16 games read, 16 written, 0 dropped" ]
	[ "$(grep -c '^\[Red "?"\]' <<<"$output")" -eq 0 ]
	# the whole tag blocks of games 1, 3 and 4: the headings "辽宁卜凤波  红先胜
	# 北京张强", "火车头金波红先负 湖南张申宏", "廖二平红先负吉林陶汉明"
	printf '%s\n' "$output" >"$T/c.pgn"
	expected='[Game "Chinese Chess"]
[Red "辽宁卜凤波"]
[Black "北京张强"]
[Result "1-0"]
[Section "第一站2001·8·14（上午）"]
[Format "ICCS"]'
	[ "$(game 1 "$T/c.pgn" | grep '^\[')" = "$expected" ]
	expected='[Game "Chinese Chess"]
[Red "火车头金波"]
[Black "湖南张申宏"]
[Result "0-1"]
[Section "第一站2001·8·14（上午）"]
[Format "ICCS"]'
	[ "$(game 3 "$T/c.pgn" | grep '^\[')" = "$expected" ]
	expected='[Game "Chinese Chess"]
[Red "廖二平"]
[Black "吉林陶汉明"]
[Result "0-1"]
[Section "第一站2001·8·14（上午）"]
[Format "ICCS"]'
	[ "$(game 4 "$T/c.pgn" | grep '^\[')" = "$expected" ]
	run -0 --separate-stderr xqconv -n iccs "$S/text_collection.txt"
	[ "$stderr" = "xqconv: 2 games read, 2 written, 0 dropped" ]
	# read -> write (text) -> read keeps players and results
	xqconv -q -t text "$S/text_collection.txt" >"$T/t.txt" 2>/dev/null
	xqconv -q -n iccs "$T/t.txt" >"$T/b.pgn" 2>/dev/null
	xqconv -q -n iccs "$S/text_collection.txt" >"$T/a.pgn" 2>/dev/null
	cmp "$T/a.pgn" "$T/b.pgn"
}

@test "old CCBridge libraries: every game of the three samples, with variations and comments; round trips" {
	run -0 --separate-stderr xqconv -n iccs "$D/old_ccbridge_lvqin.CBL"
	[ "$stderr" = "xqconv: 123 games read, 123 written, 0 dropped" ]
	# the first game whole: its tags and moves (1. g0e2 h7e7 2. b0c2 h9g7)
	printf '%s\n' "$output" >"$T/lvqin.pgn"
	expected='[Game "Chinese Chess"]
[Event "全运会"]
[Date "79-4-30"]
[Red "胡荣华"]
[Black "吕钦"]
[Result "1-0"]
[Title "飞相局对左中炮"]
[Library "吕钦专集"]
[Format "ICCS"]

1. g0e2 h7e7 2. b0c2 h9g7 3. h0g2 i9h9 4. i0h0 h9h3 5. h2i2 h3h0 6. g2h0 g6g5
7. c3c4 b9a7 8. a3a4 a9a8 9. a0a1 a8h8 10. h0f1 h8h1 11. b2a2 e7f7 12. f1d2 h1a1
13. c2a1 b7e7 14. d0e1 e7e3 15. a2a6 f7f1 16. a1b3 g9e7 17. a4a5 f1i1 18. e0d0
e6e5 19. a5b5 f9e8 20. b5b6 a7c8 21. b6c6 g7f5 22. c6c7 f5g3 23. e2g0 c8a9
24. c4c5 e3d3 25. d0e0 e5e4 26. c5c6 i6i5 27. a6a2 i1i0 28. i2h2 e4e3 29. h2h3
g3e2 30. h3d3 e2g1 31. e0d0 e3d3 32. a2a1 g1h3 33. d2f3 i0i1 34. a1a3 h3f4
35. b3a5 d3e3 36. f3h2 f4g2 37. a3a9 e3f3 38. a5b3 i1h1 39. a9a3 g5g4 40. h2g4
h1h3 41. a3f3 h3b3 42. f3f5 b3h3 43. g4h6 h3g3 44. c0e2 g2i3 45. h6g8 e9f9
46. c6d6 e7g5 47. g8f6 f9e9 48. c7c8 i3g2 49. f5c5 c9a7 50. c5b5 g3d3 51. b5b9
a7c9 52. d6e6 { ----------------------------------------------------棋谱
由XQStudio生成 (http://www.qipaile.net/xqstudio) } 1-0'
	[ "$(game 1 "$T/lvqin.pgn")" = "$expected" ]
	run -0 --separate-stderr xqconv -n iccs "$D/old_ccbridge_bjxygj9.CBL"
	[ "$stderr" = "xqconv: 20 games read, 20 written, 0 dropped" ]
	# the first game whole: comments, the variation (6... e7e8 7. h5c5) and
	# the last comment (27. b6f6 { 红胜。 })
	printf '%s\n' "$output" >"$T/bjxygj9.pgn"
	expected='[Game "Chinese Chess"]
[Site "上海"]
[Date "1997.5.15"]
[Red "吕钦"]
[Black "郑乃东"]
[Result "1-0"]
[Title "吕钦--郑乃东"]
[Annotator "张强,闫文清"]
[Author "高九峰"]
[Source "gjffalcon@sina.com"]
[Library "布局疑形与攻击（九)附录"]
[Format "ICCS"]

1. h2e2 h7e7 2. h0g2 h9g7 3. i0h0 i9i8 4. b0c2 i8d8 5. g3g4 c6c5 6. h0h5 c9a7
{ 黑方飞象保卒，导致阵形散乱,应着消极,较具对抗性的走法是马2进３顺调出子,或
炮5退1运子设防，试演一变如下， } (6... e7e8 7. h5c5 d8d7 8. g2f4 { 不可
车七进四,因有炮2平3困车。 } 8... b9c7 9. b2b6 e8c8 10. b6c6 c9e7 11. c5c4 c8c6
12. a0b0 b7b9 13. c4c6 b9c9 14. c6b6 c7d5 15. f4d5 d7d5 16. b6c6 { 红稍好，黑
亦能接受。 }) 7. b2a2 { ！平炮射卒，并闪开右车通道，是攻击黑方疑形的有效战术 }
7... d8d6 { 升车看守卒林.试图稳住阵脚.如马2进3见下。 } (7... b9c7 8. a2a6 a9b9
9. a6b6 { ！ } 9... b9c9 10. b6g6 g9i7 11. h5f5 { ！红方优势。 }) 8. a0b0 b9d8
9. g2f4 a9c9 { 失算!应改走车1平2或炮2平3,不致速劣。 } 10. e2d2 { 轻轻一手平
炮,犹如泰山压顶,力冠三军.如图所示,面对红方炮六进六与马四进六的双重打击，黑方已
难兼顾。以下黑方被迫弃子冲锋,铤而走险。 } 10... e6e5 11. d2d8 e5e4 12. f4e2
{ “任凭风浪起，稳坐钓鱼台".红方马退中宫,早在计算之内使黑方无机可乘。 }
12... b7c7 13. d8h8 e4e3 14. c2e3 d6e6 15. e3d5 e6e2 16. f0e1 e2e6 17. d5e7 g9e7
18. a2e2 c5c4 { 以上一段,双方均为必然之着,局面至此,黑虽得回失子,但阵形飘浮的弱
点却难以补救,现弃卒指望红方不察而手兵七进一吃兵,则车3平2反击，但红方心明眼
亮,对此置之不理， } 19. b0b6 c4c3 20. c0a2 e6e4 21. h8g8 { ！ } 21... g6g5
22. h5h9 c7c6 { 紧握战机,红方扣炮沉车,迅速发动攻击。现黑方升炮阻止，以防范红
车八平四再车四进二的杀着.如改走士4进5红炮五进五亦胜。 } 23. h9h7 c6e6 { 无可奈
何。若走马7退5,红则车二平五!闷宫之杀 } 24. h7g7 e6e2 25. g0e2 c9c8 26. g4g5 e4e2
27. b6f6 { 红胜。 } 1-0'
	[ "$(game 1 "$T/bjxygj9.pgn")" = "$expected" ]
	# endgame problems: set-up positions; one record plays on after mate
	run -1 --separate-stderr xqconv -n iccs "$D/old_ccbridge_juzhongmi.CBL"
	[ "$stderr" = "xqconv: $D/old_ccbridge_juzhongmi.CBL: error: game 41, ply 8: move after checkmate: Black has no legal move
xqconv: $D/old_ccbridge_juzhongmi.CBL: warning: game 41 dropped
xqconv: 116 games read, 115 written, 1 dropped" ]
	printf '%s\n' "$output" >"$T/juzhongmi.pgn"
	expected='[Game "Chinese Chess"]
[Red "?"]
[Black "?"]
[Result "1-0"]
[Title "声势相倚"]
[Author "盛昱"]
[Library "桔中秘残局谱"]
[GameType "endgame"]
[FEN "4k4/8C/9/p8/9/3R5/9/3RB4/r3r4/3K5 w - - 0 1"]
[Format "ICCS"]

1. i8a8 a1b1 2. d4d9 e9e8 3. d2d8 e8e7 4. d8b8 e1e0 5. d0e0 b1b8 6. d9d6 b8b2
7. d6e6 e7f7 8. e2g4 b2f2 9. a8a9 f7f8 10. a9g9 a6a5 11. e6e8 f8f9 12. e8e9 f9f8
13. g9f9 f2h2 14. e9e5 1-0'
	[ "$(game 1 "$T/juzhongmi.pgn")" = "$expected" ]
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
	[ "$stderr" = "xqconv: $T/cut.cbl: error: old CCBridge library: the compressed stream is cut short after 183 of 129514 bytes
xqconv: $T/cut.cbl: error: game 1: old CCBridge library: game record at byte 77 (size 1110) runs past the end
xqconv: $T/cut.cbl: warning: game 1 dropped
xqconv: 1 game read, 0 written, 1 dropped" ]
}

@test "XQF: long names written without a warning, the cut field keeps its first 15 bytes" {
	printf '[Site "这是一个很长的比赛地点名称超过十五字节"]\n[Red "红方很长的名字超过了十五个字节"]\n[Round "3"]\n[ECCO "C45"]\n[Opening "中炮"]\n[Variation "x"]\n[FEN "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 12"]\n\n12... h9g7 *\n' >"$T/x.pgn"
	for t in xqf xqf18; do
		run -0 --separate-stderr xqconv -t "$t" -o "$T/x.xqf" "$T/x.pgn"
		[[ "$stderr" != *warning* ]]
		[ "$stderr" = "xqconv: 1 game read, 1 written, 0 dropped" ]
	done
	# the cut field keeps its first 15 bytes for other programs
	[ "$(head -c $((0x131)) "$T/x.xqf" | tail -c 1 | od -An -tu1 | tr -d ' ')" -le 15 ]
}

# synopsis CMD: what every usage error of CMD says after its message: the
# usage lines that begin its --help (up to the first line of prose) and
# where the rest is.
synopsis() {
	"$1" --help | awk 'NR > 1 && !/^ / { exit } { print }'
	echo "Try '$1 --help' for more."
}

@test "--script: an unknown value is refused, exit 2" {
	printf '[Event "全国个人赛"]\n[Red "胡荣华"]\n\n1. h2e2 {顺炮} *\n' >"$T/s.pgn"
	run -2 --separate-stderr xqconv --script=klingon "$T/s.pgn"
	[ -z "$output" ]
	# the message, then the synopsis
	[ "$stderr" = "xqconv: unknown --script 'klingon' (traditional, simplified or keep)"$'\n'"$(synopsis xqconv)" ]
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
		expected='[Game "Chinese Chess"]
[Red "?"]
[Black "?"]
[Result "*"]
[DateCreated "2012-01-27 22:29:27"]
[FEN "4ka3/8R/9/7N1/9/9/9/9/4A4/crBAK4 w - - 0 1"]
[Format "ICCS"]

1. h6f7 e9d9 2. i8d8 { 杀！(红胜) } *'
		[ "$output" = "$expected" ]
		[ "$stderr" = "xqconv: 1 game read, 1 written, 0 dropped" ]
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
	[ "$stderr" = "xqconv: $T/a.che: fatal: QQ象棋 (QQ xiangqi) .che record: not read (no public description of its layout was found; see xq-formats(5))
xqconv: 0 games read, 0 written, 0 dropped" ]
	printf '[FEN_INDEX "001"]\n[FEN "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1"]\n' >"$T/a.xfen"
	run -2 --separate-stderr xqcheck "$T/a.xfen"
	[ "$stderr" = "xqcheck: $T/a.xfen: fatal: .xfen diagram file: not read (no public description of its layout was found; see xq-formats(5))
xqcheck: 0 games: 0 valid, 0 invalid (0 errors, 0 warnings)" ]
	for e in ccm CCM mxq xgf; do
		printf '\001\000\022\000binary' >"$T/b.$e"
		run -2 --separate-stderr xqcheck "$T/b.$e"
		case $e in
		ccm|CCM) name='.CCM (17pk) record' ;;
		mxq) name='.mxq (movesky) record' ;;
		xgf) name='谢谢象棋 (XieXie) .xgf record' ;;
		esac
		[ "$stderr" = "xqcheck: $T/b.$e: fatal: $name: not read (no public description of its layout was found; see xq-formats(5))
xqcheck: 0 games: 0 valid, 0 invalid (0 errors, 0 warnings)" ]
		# a PGN under such a name is still read as PGN
		cp "$ROOT/samples/games.pgn" "$T/g.$e"
		run -0 --separate-stderr xqcheck -q "$T/g.$e"
	done
}
