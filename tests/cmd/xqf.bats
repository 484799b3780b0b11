#!/usr/bin/env bats
# XQF, DhtmlXQ and CCBridge through xqconv and xqcheck: reading every
# corpus file, where problems are reported, writing XQF (versions 10 and
# 18) and DhtmlXQ, and reading our own output back.
bats_require_minimum_version 1.5.0

setup() {
	ROOT="$BATS_TEST_DIRNAME/../.."
	SHARED="${XQ_SHARED:-$ROOT/../shared}"
	X="$SHARED/corpus/xqf"
	D="$SHARED/corpus/dhtmlxq"
	C="$SHARED/corpus/cbf"
	T="$BATS_TEST_TMPDIR"
	[ -d "$X" ] || { echo "shared corpus not found at $SHARED (set XQ_SHARED)"; return 1; }
}

# the moves of a PGN, comments and tags left out
moves() {
	perl -0pe 's/\{[^}]*\}//g; s/^\[.*\]\n//mg; s/\s+/ /g' "$1"
}

# the tag lines of a PGN: up to its first empty line
tags() {
	sed -n '/^$/q;p' "$1"
}

@test "xqcheck: the clean XQF corpus files are valid, exit 0" {
	clean=()
	for f in "$X"/*.xqf; do
		case $f in
		*walker_badmovetest3*|*walker_wildhouse*|*walker_v13_endgame*|*xianren_v18_huge*) ;;
		*) clean+=("$f") ;;
		esac
	done
	run -0 --separate-stderr xqcheck "${clean[@]}"
	[ -z "$output" ]
	# the Site field ends in half a GBK character: kept, with a warning
	[ "$stderr" = "xqcheck: $X/walker_v10_result4_truncgbk.xqf: warning: game 1: byte 303 (0x12F): Site: byte 0xD2 is no GBK character; kept as U+10FED2, written back as the byte
xqcheck: 35 games: 35 valid, 0 invalid (0 errors, 1 warning)" ]
}

@test "xqcheck: illegal moves inside XQF trees are reported at their byte offset and ply" {
	run -1 xqcheck "$X/walker_badmovetest3.xqf"
	[ "$output" = "xqcheck: $X/walker_badmovetest3.xqf: error: game 1, ply 10: e1f0: byte 1106 (0x452): move e1f0: no piece on its from-square; left out (kept as text)
xqcheck: 1 game: 0 valid, 1 invalid (1 error, 0 warnings)" ]
	run -1 xqcheck "$X/walker_wildhouse.xqf"
	[ "$output" = "xqcheck: $X/walker_wildhouse.xqf: error: game 1, ply 74: e7f7: byte 4510 (0x119E): move e7f7: no piece on its from-square; left out with the 10 moves below it (kept as text)
xqcheck: 1 game: 0 valid, 1 invalid (1 error, 0 warnings)" ]
	run -1 xqcheck "$X/walker_v13_endgame.xqf"
	[ "$output" = "xqcheck: $X/walker_v13_endgame.xqf: error: game 1, ply 48: e7f7: byte 1406 (0x57E): move e7f7: not a legal move here; left out with the 2 moves below it (kept as text)
xqcheck: 1 game: 0 valid, 1 invalid (1 error, 0 warnings)" ]
	run -1 xqcheck "$X/hbsxcjp_xianren_v18_huge.xqf"
	[ "$output" = "xqcheck: $X/hbsxcjp_xianren_v18_huge.xqf: error: game 1, ply 65: e2g4: byte 373684 (0x5B3B4): move e2g4: not a legal move here; left out with the 3 moves below it (kept as text)
xqcheck: 1 game: 0 valid, 1 invalid (1 error, 0 warnings)" ]
}

@test "xqcheck: the byte offset is a field of the problem, printed before the message and in -j" {
	run -1 --separate-stderr xqcheck -j "$X/walker_badmovetest3.xqf"
	[ "$output" = '{"file":"'"$X"'/walker_badmovetest3.xqf","index":1,"line":0,"tags":{"Annotator":"金启昌、李中健","Author":"狼牙山人","Result":"1-0","GameType":"middlegame"},"fen":"2b6/3ka4/2Pab4/5Np2/9/6P2/9/3A5/4A4/4K4 w - - 0 1","notation":"none","plies":9,"result":"1-0","status":"invalid","errors":1,"warnings":0,"problems":[{"severity":"error","code":"illegal-move","line":0,"col":0,"ply":10,"byte":1106,"text":"e1f0","message":"move e1f0: no piece on its from-square; left out (kept as text)"}]}' ]
	[ "$stderr" = "xqcheck: 1 game: 0 valid, 1 invalid (1 error, 0 warnings)" ]
	# a text format has no byte offset
	run -1 --separate-stderr xqcheck -j "$ROOT/samples/bad_illegal.pgn"
	[[ "$output" != *'"byte"'* ]]
	# a truncated tree: the offset of the record it stops in
	head -c 1100 "$X/xqbase_sample.xqf" >"$T/trunc.xqf"
	run -1 --separate-stderr xqcheck -j "$T/trunc.xqf"
	[ "$output" = '{"file":"'"$T"'/trunc.xqf","index":1,"line":0,"tags":{"Event":"许银川让九子对聂棋圣","Date":"1999.12.09","Site":"广州","Red":"许银川","Black":"聂卫平","Result":"1-0","GameType":"middlegame"},"fen":"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/9/1C5C1/9/RN2K2NR w - - 0 1","notation":"none","plies":0,"result":"1-0","status":"invalid","errors":1,"warnings":0,"problems":[{"severity":"error","code":"truncated","line":0,"col":0,"ply":0,"byte":1028,"text":null,"message":"comment length 315 runs past the end of the file (68 bytes left); 0 move records before it kept"}]}' ]
}

@test "xqcheck: truncated and foreign files" {
	head -c 1100 "$X/xqbase_sample.xqf" >"$T/trunc.xqf"
	run -1 xqcheck "$T/trunc.xqf"
	# 1100 bytes: the comment's length field ends at byte 1032, 68 bytes left
	[ "$output" = "xqcheck: $T/trunc.xqf: error: game 1: byte 1028 (0x404): comment length 315 runs past the end of the file (68 bytes left); 0 move records before it kept
xqcheck: 1 game: 0 valid, 1 invalid (1 error, 0 warnings)" ]
	printf 'XQ\n' >"$T/short.xqf"
	run -1 xqcheck "$T/short.xqf"
}

@test "xqconv: XQF to PGN, side to move and setup from the piece array" {
	run -0 --separate-stderr xqconv -n iccs "$X/walker_v10_whoplay_mismatch.xqf"
	expected='[Game "Chinese Chess"]
[Red "赵国荣"]
[Black "尚威"]
[Result "0-1"]
[Title "第79局 赵国荣先负尚威"]
[Annotator "黄少龙"]
[Author "铜豌豆"]
[GameType "middlegame"]
[FEN "3a5/5k3/9/p5r1p/9/9/P7P/4R1p2/4K4/6B2 b - - 0 1"]
[Format "ICCS"]

{ 本局是2005年甲级联赛赵国荣对尚威弈至39回合时的局面，到黑走。此时除了四个对头
兵卒外，黑多一卒，但是只剩一士，防守有顾忌，取胜仍费周折。 } 1... a6a5 2. i3i4
g6g4 3. e1e0 g4i4 { 舍过河卒而吃兵，是明智之着，可以抢占中线得优。 } 4. e2g2
i4e4 5. e0d0 { 如车三平五，兑车后黑卒过河吃掉红兵而胜。由此黑车占中线。 }
5... f8e8 6. g2d2 i6i5 7. d2d8 e8e9 8. d8d9 e9e8 9. d9d8 e8e9 10. d8d9 e9e8
11. d9d3 i5i4 12. d0d1 e4e1 13. d1d0 e1e0 14. d0d1 e0g0 { 红无相，黑车占不占中
线都能取胜。 } 15. d3e3 e8f8 16. e3f3 f8e8 17. f3e3 e8f8 18. d1e1 g0g1 19. e1e0
g1f1 20. e3e8 f8f9 21. e8e9 f9f8 22. e9e8 f8f9 23. e8e9 f9f8 24. e9e3 f1f5
25. e0e1 i4h4 26. e3e8 f8f9 27. e8e9 f9f8 28. e9e8 f8f9 29. e8e3 h4g4 30. e1e0
f5f6 31. e0e1 g4f4 32. e1e0 f4f3 33. e3e9 f9f8 34. e9e8 f8f9 { 红缺乏有效的攻
着，眼看黑卒直冲入宫，难以抵挡，自动认输。这盘棋车卒攻车的着法，有实用参考价
值。 } 0-1'
	[ "$output" = "$expected" ]
	[ "$stderr" = "xqconv: 1 game read, 1 written, 0 dropped" ]
	# a longer record: its tags and its moves whole
	run -0 --separate-stderr xqconv -n iccs "$X/xqbase_sample.xqf"
	[ "$stderr" = "xqconv: 1 game read, 1 written, 0 dropped" ]
	printf '%s\n' "$output" >"$T/sample.pgn"
	expected='[Game "Chinese Chess"]
[Event "许银川让九子对聂棋圣"]
[Site "广州"]
[Date "1999.12.09"]
[Red "许银川"]
[Black "聂卫平"]
[Result "1-0"]
[GameType "middlegame"]
[FEN "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/9/1C5C1/9/RN2K2NR w - - 0 1"]
[Format "ICCS"]'
	[ "$(tags "$T/sample.pgn")" = "$expected" ]
	[ "$(moves "$T/sample.pgn")" = " 1. b2e2 h7e7 2. e2e7 g9e7 3. h2e2 3... h9g7 4. h0g2 i9h9 5. b0c2 b9a7 6. a0d0 a9b9 7. d0d8 7... b7b0 8. i0i4 b0a0 9. c2b4 a0a4 10. b4c2 a4a0 11. c2b4 b9b7 12. e2b2 a0a4 13. b2b7 a4i4 14. b7g7 h9h7 15. g7g8 h7h5 16. b4d5 i4e4 17. g8i8 f9e8 18. d5f6 h5e5 19. e0d0 19... e5f5 20. f6g8 e9f9 21. d8d4 e6e5 22. d4d6 e4g4 23. g8h6 e7g5 24. h6g4 e5e4 25. d6g6 e4f4 26. g6g9 f9f8 27. g2h4 e8f7 28. h4g6 f8e8 29. g6h8 29... e8e7 30. g9d9 f7e8 31. h8g6 f5f6 32. d9d6 32... f6g6 33. d6g6 f4g4 34. g6e6 e7f7 35. d0e0 f7f8 36. e6e8 f8f9 37. e8e9 f9f8 38. e9c9 1-0 " ]
}

@test "xqconv: XQF -> XQF (v10 and v18) -> PGN gives the same record" {
	for f in walker_test_5_variations hbsxcjp_wuyang_r1_v16 xqbase_xqfexamb walker_v18_black_first; do
		xqconv -q -n iccs "$X/$f.xqf" >"$T/$f.pgn"
		for to in xqf xqf18; do
			run -0 xqconv -q -t $to -o "$T/$f.$to.xqf" "$X/$f.xqf"
			xqconv -q -n iccs "$T/$f.$to.xqf" >"$T/$f.$to.pgn"
			cmp "$T/$f.pgn" "$T/$f.$to.pgn"
		done
	done
	# version 18 output is encrypted: the tree bytes differ from version 10
	run -0 od -An -tx1 -j2 -N1 "$T/walker_v18_black_first.xqf18.xqf"
	[ "$output" = " 12" ]
}

@test "xqconv: XQF -> PGN -> XQF gives the same record (moves, variations, comments, tags)" {
	n=0 bad=0
	for f in "$X"/*.xqf; do
		b=$(basename "$f" .xqf)
		case $b in
		walker_badmovetest3|walker_wildhouse|walker_v13_endgame|hbsxcjp_xianren_v18_huge)
			# invalid records: reported and dropped, exit 1
			run -1 xqconv -q -n iccs -o "$T/$b.pgn" "$f"
			bad=$((bad + 1))
			continue ;;
		esac
		run -0 xqconv -q -n iccs -o "$T/$b.pgn" "$f"
		run -0 xqconv -q -t xqf -o "$T/$b.xqf" "$T/$b.pgn"
		xqconv -q -n iccs "$T/$b.xqf" >"$T/$b.back.pgn"
		cmp "$T/$b.pgn" "$T/$b.back.pgn"
		xqconv -q -t dhtmlxq "$f" >"$T/$b.dhtml"
		xqconv -q -t dhtmlxq "$T/$b.xqf" >"$T/$b.back.dhtml"
		cmp "$T/$b.dhtml" "$T/$b.back.dhtml"
		n=$((n + 1))
	done
	[ "$n" -eq 35 ]
	[ "$bad" -eq 4 ]
}

@test "xqconv: XQF -> DhtmlXQ -> XQF gives the same record" {
	for f in walker_game_varations hbsxcjp_siliang_v10 walker_v12_rangshuangxian xqbase_sample; do
		xqconv -q -n iccs "$X/$f.xqf" >"$T/$f.pgn"
		run -0 xqconv -q -t dhtmlxq -o "$T/$f.txt" "$X/$f.xqf"
		run -0 xqconv -q -t xqf -o "$T/$f.xqf" "$T/$f.txt"
		xqconv -q -n iccs "$T/$f.xqf" >"$T/$f.back.pgn"
		cmp "$T/$f.pgn" "$T/$f.back.pgn"
	done
}

@test "xqcheck: DhtmlXQ pages and the variation compendium" {
	run -0 --separate-stderr xqcheck "$D/wukong_wxf_game_116.html" "$D/wukong_wxf_game_44.html"
	[ -z "$output" ]
	[ "$stderr" = "xqcheck: 2 games: 2 valid, 0 invalid (0 errors, 0 warnings)" ]
	run -1 xqcheck "$D/vschess_xianrenzhilu_variations_utf8bom.txt"
	# replay's report, where the move stands; the same as for the XQF copy
	[ "$output" = "xqcheck: $D/vschess_xianrenzhilu_variations_utf8bom.txt:1517:244: error: game 1, ply 65: 4765: move 4765: not a legal move here; left out with the 3 moves below it (kept as text)
xqcheck: 1 game: 0 valid, 1 invalid (1 error, 0 warnings)" ]
}

@test "xqcheck and xqconv: CBF files, a CBR game and a CBL library" {
	run -0 --separate-stderr xqcheck "$C/walker_test_utf8bom.cbf" "$C/walker_test2_utf8bom.cbf"
	[ -z "$output" ]
	[ "$stderr" = "xqcheck: 2 games: 2 valid, 0 invalid (0 errors, 0 warnings)" ]
	# the records' tags and moves whole
	run -0 --separate-stderr xqconv -n iccs "$C/walker_test2_utf8bom.cbf"
	[ "$stderr" = "xqconv: 1 game read, 1 written, 0 dropped" ]
	printf '%s\n' "$output" >"$T/test2.pgn"
	expected='[Game "Chinese Chess"]
[Red "?"]
[Black "?"]
[Result "1/2-1/2"]
[Title "第十局 当头炮抵当头炮局(和)"]
[ECCO "D04"]
[Format "ICCS"]'
	[ "$(tags "$T/test2.pgn")" = "$expected" ]
	[ "$(moves "$T/test2.pgn")" = " 1. h2e2 h7e7 2. h0g2 h9g7 3. i0i1 i9h9 4. i1d1 h9h3 5. d1d8 5... b9a7 6. a0a1 6... h3g3 7. a1f1 d9e8 8. b0a2 b7b5 9. d8d5 a6a5 10. f1f8 10... e7d7 11. e3e4 c9e7 12. f8f2 b5c5 13. e2c2 a9b9 14. c2c5 c6c5 15. e4e5 e6e5 16. d5e5 b9b6 17. b2e2 a7c6 18. e5c5 18... g7e6 19. c5a5 c6d4 20. a5e5 d4f3 21. e5e3 e6g5 22. e3d3 g5e4 23. d3e3 f3g5 24. f2f5 g3g2 25. e3e4 b6b5 26. f5b5 g5e4 27. d0e1 g2g0 28. b5b4 g0g4 29. a3a4 g6g5 30. b4c4 d7d6 31. e2b2 d6h6 32. e0d0 h6h0 33. d0d1 h0h4 34. b2b4 e4c3 35. c4c3 h4b4 36. a2b4 g4b4 37. a4a5 g5g4 38. c3c6 1/2-1/2 " ]
	run -0 --separate-stderr xqcheck "$C/walker_test.cbr" "$C/walker_1989_longhua_35games.cbl"
	[ -z "$output" ]
	[ "$stderr" = "xqcheck: 37 games: 37 valid, 0 invalid (0 errors, 0 warnings)" ]
	run -0 --separate-stderr xqconv -n iccs "$C/walker_test.cbr"
	[ "$stderr" = "xqconv: 1 game read, 1 written, 0 dropped" ]
	printf '%s\n' "$output" >"$T/test.pgn"
	expected='[Game "Chinese Chess"]
[Red "?"]
[Black "?"]
[Result "*"]
[Title "黄丹青讲座004-破解新式弃马局的攻防要领"]
[Format "ICCS"]'
	[ "$(tags "$T/test.pgn")" = "$expected" ]
	[ "$(moves "$T/test.pgn")" = " 1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 g6g5 4. h0h6 b9c7 5. c3c4 c9e7 6. b0c2 6... d9e8 7. h6g6 7... b7b3 8. g3g4 g5g4 9. g6g7 g4g3 10. g2e1 10... h7h0 11. c2d4 (11. e3e4 11... h9h3 (11... b3i3 12. g7g3 (12. e2i2 h9h3 13. a3a4 a9b9 14. a0a3 b9b5 15. b2a2 b5f5 16. e1g2 h0i0 17. c0e2 h3h2 (17... f5f1 18. d0e1 (18. a2a1 f1c1 19. g2i3 i0i3 (19... h3h2 20. i2i6 h2e2 (20... i0i6 21. g7g3 c1c2 22. g3g6 i6i7 23. i3g4 ) 21. c2e1) (19... h3i3 20. i2f2)) 18... h3h0) 18. a3g3 h2i2 19. e2g4) 12... i3i0) 12. a3a4 12... a9d9 13. a0a3 (13. e2i2 13... b3b5 (13... d9d5 14. a0a3 d5f5 15. i2f2 h3h1 16. e1d3 h1g1 17. c0e2 b3b5 18. d0e1 f5f3 19. g7g4 h0h3 20. b2b1 g1g2 21. d3f4 f3f4 22. g4f4 h3a3 23. c2a3 ) 14. g7g4) 13... h3h1 14. b2b1 d9d1 15. e1g2 d1b1 16. g7g3 (16. g2h0 g3f3 ) 16... b1g1) 11... h9h1 12. b2b1 h1h2 13. e1c2 h2f2 14. d0e1 f2g2 * " ]
	head -c 3000 "$C/walker_1989_longhua_35games.cbl" >"$T/short.cbl"
	run -2 xqcheck "$T/short.cbl"
}

@test "xqcheck: a CBR whose board lies 256 bytes early is refused by name, exit 2" {
	python3 -c 'import sys
d = bytearray(open(sys.argv[1], "rb").read())
d[1864:1954] = d[2120:2210]
d[2120:2210] = bytes(90)
open(sys.argv[2], "wb").write(d)' "$ROOT/samples/dialects/own_ccbridge.cbr" "$T/short.cbr"
	run -2 --separate-stderr xqcheck "$T/short.cbr"
	[ "$stderr" = "xqcheck: $T/short.cbr: fatal: game 1: CBR record with the board at byte 1864, a header 256 bytes shorter than the layout read (a variant with no public description): not read
xqcheck: 0 games: 0 valid, 0 invalid (0 errors, 0 warnings)" ]
}

@test "xqconv -t xqf: a character GBK cannot hold is an error naming it" {
	printf '[Game "Chinese Chess"]\n[Red "A\xf0\x9f\x98\x80"]\n\n1. h2e2 *\n' >"$T/emoji.pgn"
	run -1 xqconv -t xqf -o "$T/emoji.xqf" "$T/emoji.pgn"
	# (four bytes of text: UTF-8 or GB18030, the file does not tell)
	[ "$output" = "xqconv: $T/emoji.pgn: warning: the encoding is read as UTF-8, but GB18030 is close: too little text to tell them apart (say which with the encoding option, -e)
xqconv: $T/emoji.pgn:1: error: game 1: 😀: Red: character '😀' (U+1F600) has no GBK form (writing '$T/emoji.xqf')
xqconv: 1 game read, 0 written, 1 dropped" ]
}

@test "xqconv -t xqf: several games need -d, nothing is left half written" {
	run -2 --separate-stderr xqconv -t xqf -o "$T/two.xqf" "$ROOT/samples/games.pgn"
	[ "$stderr" = "xqconv: the xqf format holds one game per file: use -d DIR to write several
xqconv: 2 games read, 0 written, 2 dropped" ]
	[ ! -e "$T/two.xqf" ]
	[ -z "$(ls "$T" | grep tmp)" ]
	mkdir "$T/out"
	run -0 --separate-stderr xqconv -t xqf -d "$T/out" "$ROOT/samples/games.pgn"
	[ "$(ls "$T/out" | wc -l)" -ge 2 ]
}

@test "xqconv -t xqf -E: the output encoding does not touch binary XQF" {
	run -0 xqconv -t xqf -o "$T/plain.xqf" "$ROOT/samples/endgame.txt"
	run -0 xqconv -t xqf -E big5 -o "$T/big5.xqf" "$ROOT/samples/endgame.txt"
	cmp "$T/plain.xqf" "$T/big5.xqf"
	run -0 xqcheck "$T/big5.xqf"
}

@test "xqconv -t xqf: spaces at the ends of a title or event come back" {
	printf '[Title "  spaced title  "]\n[Event " ev "]\n[Site "site"]\n\n1. h2e2 h9g7 *\n' >"$T/sp.pgn"
	run -0 --separate-stderr xqconv -t xqf -o "$T/sp.xqf" "$T/sp.pgn"
	run -0 --separate-stderr xqconv "$T/sp.xqf"
	expected='[Game "Chinese Chess"]
[Event " ev "]
[Site "site"]
[Red "?"]
[Black "?"]
[Result "*"]
[Title "  spaced title  "]
[Format "Chinese"]

1. 炮二平五 马８进７ *'
	[ "$output" = "$expected" ]
	[ "$stderr" = "xqconv: 1 game read, 1 written, 0 dropped" ]
}
