#!/usr/bin/env bats
# xqstats: every option, the totals and the tree checked against counts
# made a second way, --svg rendered and its pixels checked, --partial and
# --merge, the Hadoop Streaming mapper | sort | reducer run locally.
bats_require_minimum_version 1.5.0

setup() {
	ROOT="$BATS_TEST_DIRNAME/../.."
	SHARED="${XQ_SHARED:-$ROOT/../shared}"
	C="$SHARED/corpus/pgn"
	S="$ROOT/samples"
	T="$BATS_TEST_TMPDIR"
	GC="$ROOT/build/tools/grepcount"
	PIX="$ROOT/build/tools/png_pixel"
	cat >"$T/r.pgn" <<'PGN'
[Event "Cup A"]
[Date "1995.06.12"]
[Red "甲"]
[Black "乙"]
[Result "1-0"]
[RedElo "2600"]
[BlackElo "2400"]

1. h2e2 h9g7 2. c3c4 b9c7 1-0

[Event "Cup A"]
[Date "1995.07"]
[Red "乙"]
[Black "甲"]
[Result "1/2-1/2"]
[RedElo "2500"]

1. h2e2 b9c7 1/2-1/2

[Event "Cup B"]
[Date "2001"]
[Red "丙"]
[Black "甲"]
[Result "0-1"]

1. c3c4 h9g7 2. h2e2 b9c7 0-1

[Event "Cup B"]
[Red "丙"]
[Black "乙"]
[Result "1-0"]

1. g3g4 *
PGN
}

# synopsis: what every usage error says after its message, the usage
# lines of --help and where the rest of it is.
synopsis() {
	# (quoted lines: a line starting "xqstats ... |" reads as a pipe to
	# tests/bats_lint.sh)
	printf '%s\n' \
		'usage: xqstats [-hjqVv] [--depth N] [--from FEN|MOVES] [--top N] [--svg FILE]' \
		'               [--by ecco] [--trad] [-P player [--exact-names]] [-J jobs]' \
		'               [-n notation] [-e enc] [-f fmt] [-o file]' \
		'               [-R] [--files-from=list [-0]] [file ...]' \
		'       xqstats --partial [--part N] [--range K/N] [--depth N] [--from FEN|MOVES]' \
		'               [file ...]' \
		'       xqstats --merge [-j] [--top N] [--svg FILE] [-n notation] [file ...]' \
		"Try 'xqstats --help' for more."
}

@test "usage errors: the message, the synopsis and where the help is; exit 2, nothing on stdout" {
	run -2 --separate-stderr xqstats --bogus "$T/r.pgn"
	[ "$output" = "" ]
	[ "$stderr" = "xqstats: unknown option '--bogus'"$'\n'"$(synopsis)" ]
	run -2 --separate-stderr xqstats -qz "$T/r.pgn"
	[ "$output" = "" ]
	[ "$stderr" = "xqstats: unknown option '-z'"$'\n'"$(synopsis)" ]
	run -2 --separate-stderr xqstats "$T/r.pgn" --depth
	[ "$output" = "" ]
	[ "$stderr" = "xqstats: option '--depth' needs a value"$'\n'"$(synopsis)" ]
	run -2 --separate-stderr xqstats --trad=yes "$T/r.pgn"
	[ "$output" = "" ]
	[ "$stderr" = "xqstats: option '--trad' takes no value"$'\n'"$(synopsis)" ]
	run -2 --separate-stderr xqstats --depth -1 "$T/r.pgn"
	[ "$output" = "" ]
	[ "$stderr" = "xqstats: invalid depth '-1' (expected 0..1000)"$'\n'"$(synopsis)" ]
	run -2 --separate-stderr xqstats --partial --merge "$T/r.pgn"
	[ "$output" = "" ]
	[ "$stderr" = "xqstats: --partial and --merge exclude each other"$'\n'"$(synopsis)" ]
}

@test "--help, -h, --version, -V, bad options" {
	run -0 --separate-stderr xqstats --help
	[[ "$output" == usage:\ xqstats* ]]
	run -0 xqstats -h
	run -0 xqstats --version
	[[ "$output" =~ ^xqstats\ \(xqtools\)\ [0-9]+\.[0-9]+\.[0-9]+$ ]]
	run -0 xqstats -V
	run -2 xqstats -p x "$T/r.pgn"
	run -2 xqstats -p -1 "$T/r.pgn"
	run -2 xqstats --top x "$T/r.pgn"
	run -2 xqstats -n klingon "$T/r.pgn"
	run -2 xqstats --from 'bad fen/x' "$T/r.pgn"
	run -2 xqstats --from 'h2e2 h2e2' "$T/r.pgn"
	run -2 xqstats --partial --merge "$T/r.pgn"
	run -2 xqstats --partial -j "$T/r.pgn"
	run -2 xqstats --merge -p 3 "$T/r.pgn"
	run -2 xqstats -e nosuch "$T/r.pgn"
	run -2 xqstats -f nosuch "$T/r.pgn"
	run -2 xqstats "$T/missing.pgn"
}

@test "totals: games, results with percentages, plies, events, years, players" {
	run -0 xqstats -p 0 "$T/r.pgn"
	cat >"$T/want" <<'TXT'
4 games

results:
  red wins            2   50.0%
  draws               1   25.0%
  black wins          1   25.0%
  unknown             0    0.0%

plies:
  0-19                4  100.0%

events: 2:
         2  Cup A
         2  Cup B

years: 2:
  1995                2
  2001                1

players: 3:
     games      score       %  player
         3      0.5/3   16.7%  乙
         3      2.5/3   83.3%  甲
         2        1/2   50.0%  丙
TXT
	diff -u "$T/want" <(printf '%s\n' "$output")
}

@test "the opening tree: games, score for the side to move, ratings, transpositions merged" {
	run -0 xqstats -p 4 --top 0 "$T/r.pgn"
	tree=$(sed -n '/^opening tree/,$p' <<<"$output")
	cat >"$T/want" <<'TXT'
opening tree from the start, depth 4: 4 games
  炮二平五           2 games  +1 =1 -0  score  75.0%  rating 2550
    马２进３           1 game   +0 =1 -0  score  50.0%
    马８进７           1 game   +0 =0 -1  score   0.0%  rating 2400
      兵七进一           1 game   +1 =0 -0  score 100.0%  rating 2600
        马２进３           2 games  +1 =0 -1  score  50.0%  rating 2400
  兵七进一           1 game   +0 =0 -1  score   0.0%
    马８进７           1 game   +1 =0 -0  score 100.0%
      炮二平五           1 game   +0 =0 -1  score   0.0%
        马２进３           2 games  +1 =0 -1  score  50.0%  rating 2400
  兵三进一           1 game   +1 =0 -0  score 100.0%
TXT
	diff -u "$T/want" <(printf '%s\n' "$tree")
}

@test "the tree over the corpus agrees with opening counts made a second way" {
	f="$C/wukong_iccs_1125_games.pgn"
	run -0 xqstats -j -p 2 "$f"
	for m in h2e2 c3c4 b2e2 g0e2; do
		want=$("$GC" opening "$m" -- "$f")
		got=$(jq --arg m "$m" '[.tree.moves[] | select(.iccs == $m) | .games] | add // 0' <<<"$output")
		[ "$got" = "$want" ]
	done
	# the second level: after h2e2, the games of each reply (no transpositions
	# this early in these games... so the counts are the openings' counts)
	for m in h9g7 b9c7; do
		want=$("$GC" opening h2e2 "$m" -- "$f")
		got=$(jq --arg m "$m" '[.tree.moves[] | select(.iccs == "h2e2") | .next[] | select(.iccs == $m) | .games] | add // 0' <<<"$output")
		[ "$got" -ge "$want" ]
	done
	[ "$(jq .games <<<"$output")" = 1125 ]
	[ "$(jq '[.tree.moves[].games] | add' <<<"$output")" = 1125 ]
	[ "$(jq '[.players[] | select(.name == "LIU DaHua") | .games][0]' <<<"$output")" = "$("$GC" tag Red 'LIU DaHua' -- "$f")" ] ||
	[ "$(jq '[.players[] | select(.name == "LIU DaHua") | .games][0]' <<<"$output")" = 1125 ]
}

@test "-j: JSON for scripts, -o writes a file" {
	run -0 xqstats -j -p 2 "$T/r.pgn"
	jq -e . <<<"$output" >/dev/null
	[ "$(jq .games <<<"$output")" = 4 ]
	[ "$(jq '.results["1-0"]' <<<"$output")" = 2 ]
	[ "$(jq -r '.events[0].name' <<<"$output")" = "Cup A" ]
	[ "$(jq -r '.years[1].name' <<<"$output")" = 2001 ]
	[ "$(jq '.tree.moves[0].games' <<<"$output")" = 2 ]
	[ "$(jq '.tree.moves[0].rating' <<<"$output")" = 2550 ]
	[ "$(jq -r '.tree.moves[0].next[0].iccs' <<<"$output")" = b9c7 ] || [ "$(jq -r '.tree.moves[0].next[0].iccs' <<<"$output")" = h9g7 ]
	run -0 xqstats --json -o "$T/s.json" "$T/r.pgn"
	[ "$output" = "" ]
	jq -e '.games == 4' "$T/s.json"
	run -2 xqstats -o "$T/r.pgn" "$T/r.pgn"
}

@test "--svg: a bar per move, rendered, colours where the results say" {
	run -0 xqstats --svg "$T/t.svg" -p 1 "$T/r.pgn"
	xmllint --noout "$T/t.svg"
	rsvg-convert "$T/t.svg" -o "$T/t.png"
	# bars from x=300, 400 wide, rows of 26 from y=44 (bar y+2..y+22,
	# sampled above the percentages written in them):
	# 炮二平五: 1 red win, 1 draw; 兵七进一: 1 black win; 兵三进一: 1 red win
	# (its result token says * but the tag says 1-0)
	pix() { "$PIX" "$T/t.png" "$@"; }
	[ "$(pix 350 49)" = "214 39 40" ]    # row 1, first half red
	[ "$(pix 650 49)" = "158 158 158" ]  # row 1, second half draw
	[ "$(pix 500 75)" = "26 26 26" ]     # row 2 all black wins
	[ "$(pix 500 101)" = "214 39 40" ]   # row 3 red
	[ "$(pix 250 49)" = "255 255 255" ]  # left of the bars
	[ "$(pix 710 49)" = "255 255 255" ]  # right of them
	[ "$(grep -c '<rect class="r' "$T/t.svg")" = 4 ]
	# per-move percentages in the bars
	[ "$(grep -c '<text class="pct"[^>]*>50%</text>' "$T/t.svg")" = 2 ]
	[ "$(grep -c '<text class="pct"[^>]*>100%</text>' "$T/t.svg")" = 2 ]
}

@test "--svg: every level of -p, a legend of coloured swatches, a CJK font list" {
	run -0 xqstats --svg "$T/t.svg" -p 2 "$T/r.pgn"
	xmllint --noout "$T/t.svg"
	# the three first moves and the replies under them, indented
	first=$(grep -c '<text class="move" x="10"' "$T/t.svg")
	second=$(grep -c '<text class="move" x="28"' "$T/t.svg")
	[ "$first" = 3 ] && [ "$second" -ge 3 ]
	run -0 xqstats -j -p 2 "$T/r.pgn"
	[ "$second" = "$(jq '[.tree.moves[].next | length] | add' <<<"$output")" ]
	# one font-family, the whole list of CJK fonts
	[ "$(grep -o 'font-family="[^"]*"' "$T/t.svg")" = "font-family=\"'Noto Serif CJK SC','Noto Sans CJK SC','Source Han Serif SC','Source Han Sans SC','WenQuanYi Micro Hei','WenQuanYi Zen Hei','AR PL UMing CN','AR PL UKai CN','Microsoft YaHei','SimSun','PingFang SC','Hiragino Sans GB','Songti SC',serif\"" ]
	[ "$(grep -c '<rect class="swatch"' "$T/t.svg")" = 4 ]
	rsvg-convert "$T/t.svg" -o "$T/t.png"
	read -r w h <<<"$("$PIX" "$T/t.png")"
	# the swatches along the bottom: red, grey, black, light grey
	y=$((h - 19))
	[ "$("$PIX" "$T/t.png" 17 $y)" = "214 39 40" ]
	[ "$("$PIX" "$T/t.png" 137 $y)" = "158 158 158" ]
	[ "$("$PIX" "$T/t.png" 257 $y)" = "26 26 26" ]
	[ "$("$PIX" "$T/t.png" 377 $y)" = "224 224 224" ]
	# --top 1: one move under each position
	run -0 xqstats --svg "$T/one.svg" --top 1 -p 2 "$T/r.pgn"
	[ "$(grep -c '<text class="move"' "$T/one.svg")" = 2 ]
}

@test "invalid games are reported and left out; exit 1" {
	run -1 --separate-stderr xqstats -p 1 "$S/bad_illegal.pgn" "$T/r.pgn"
	[[ "$output" == "4 games (1 invalid game left out)"* ]]
	xqstats -p 1 "$T/r.pgn" >"$T/all"
	tail -n +2 "$T/all" >"$T/good"
	tail -n +2 <<<"$output" | cmp - "$T/good"
	[ "$stderr" = "xqstats: $S/bad_illegal.pgn:7:35: error: game 1, ply 6: 马八进七: not a move for Black here: '马八进七': no black horse on file ８ (black horses: files ２, ７)" ]
	run -1 --separate-stderr xqstats -q "$S/bad_illegal.pgn"
	[ "$stderr" = "" ]
}

@test "--partial and --merge: any split, any line order, the same bytes" {
	xqstats -p 3 "$T/r.pgn" "$C/wukong_iccs_small_utf8.pgn" >"$T/one.txt"
	xqstats -j -p 3 "$T/r.pgn" "$C/wukong_iccs_small_utf8.pgn" >"$T/one.json"
	xqstats --partial -p 3 "$T/r.pgn" >"$T/p1"
	xqstats --partial -p 3 "$C/wukong_iccs_small_utf8.pgn" >"$T/p2"
	xqstats --merge "$T/p1" "$T/p2" >"$T/m.txt"
	cmp "$T/one.txt" "$T/m.txt"
	cat "$T/p2" "$T/p1" | sort -r | xqstats --merge -j >"$T/m.json"
	cmp "$T/one.json" "$T/m.json"
	xqstats --partial -p 2 "$T/r.pgn" >"$T/p3"
	run -2 --separate-stderr xqstats --merge "$T/p1" "$T/p3"
	[ "$stderr" = "xqstats: $T/p3:1: error: parts made with other --depth or --from" ]
	run -2 --separate-stderr xqstats --merge "$T/r.pgn"
	[ "$stderr" = "xqstats: $T/r.pgn:1: error: not a line of xqstats --partial: the file skipped, its first line is no part's" ]
	# counts that cannot be: negative, more wins than games, too big, no
	# games at all; names add_game never writes
	for bad in 'games\t-1\t0\t0' 'M\t0123456789abcdef\th2e2\t1\t2\t0\t0\t0\t0' \
		   'R\t1-0\t1\t2\t0' 'games\t999999999999999999999\t0\t0' 'M\txyz\th2e2\t1\t0\t0\t0\t0\t0' \
		   'L\t16\t1\t0\t0' 'L\t08\t1\t0\t0' 'L\t9223372036854775807\t1\t0\t0' 'L\t-1\t1\t0\t0' \
		   'R\t2-0\t1\t0\t0' 'Y\t19x5\t1\t0\t0' 'Y\t20011\t1\t0\t0' \
		   'P\tnobody\t0\t0\t0' 'M\t0123456789abcdef\th2e2\t0\t0\t0\t0\t0\t0'; do
		{ head -1 "$T/p1"; printf "$bad\n"; } >"$T/bad"
		run -2 --separate-stderr xqstats --merge "$T/bad"
		[ "$stderr" = "xqstats: $T/bad:2: error: not a line of xqstats --partial" ]
	done
}

@test "Hadoop Streaming: mapper | sort | reducer locally gives one run's output" {
	H="$ROOT/contrib/hadoop"
	ls "$C"/wukong_*.pgn "$T/r.pgn" | awk '{ print NR * 100 "\t" $0 }' >"$T/inputs"
	xqstats -p 2 "$C"/wukong_*.pgn "$T/r.pgn" >"$T/one.txt"
	XQ_CAT=cat "$H/xqstats-mapper.sh" -p 2 <"$T/inputs" | LC_ALL=C sort | "$H/xqstats-reducer.sh" >"$T/hadoop.txt"
	cmp "$T/one.txt" "$T/hadoop.txt"
	# two mappers, each with half the files, then the shuffle
	head -3 "$T/inputs" | XQ_CAT=cat "$H/xqstats-mapper.sh" -p 2 >"$T/m1"
	tail -n +4 "$T/inputs" | cut -f2 | XQ_CAT=cat "$H/xqstats-mapper.sh" -p 2 >"$T/m2"
	sort "$T/m1" "$T/m2" | "$H/xqstats-reducer.sh" >"$T/hadoop2.txt"
	cmp "$T/one.txt" "$T/hadoop2.txt"
	XQ_CAT=cat "$H/xqstats-mapper.sh" -p 2 <"$T/inputs" | sort | "$H/xqstats-reducer.sh" -j | jq -e '.games > 2000'
	# byte ranges of one file, "K/N path", each mapper its own
	cat "$C"/wukong_*.pgn >"$T/big.pgn"
	xqstats -p 2 "$T/big.pgn" >"$T/big1.txt"
	seq -f "%g/5 $T/big.pgn" 5 >"$T/ranges"
	head -2 "$T/ranges" | "$H/xqstats-mapper.sh" -p 2 >"$T/r1"
	tail -n +3 "$T/ranges" | "$H/xqstats-mapper.sh" -p 2 >"$T/r2"
	sort "$T/r2" "$T/r1" | "$H/xqstats-reducer.sh" >"$T/ranges.txt"
	cmp "$T/big1.txt" "$T/ranges.txt"
}

@test "-p is the depth in plies; -d (an output directory elsewhere) is refused" {
	printf '1. h2e2 h9g7 2. h0g2 *\n' >"$T/one.pgn"
	run -0 xqstats -n iccs -p 2 "$T/one.pgn"
	short=$output
	head='1 game

results:
  red wins            0    0.0%
  draws               0    0.0%
  black wins          0    0.0%
  unknown             1  100.0%

plies:
  0-19                1  100.0%

events: 0:

years: 0:

players: 0:
     games      score       %  player'
	[ "$short" = "$head

opening tree from the start, depth 2: 1 game
  h2e2               1 game   +0 =0 -0
    h9g7               1 game   +0 =0 -0" ]
	run -0 xqstats -n iccs --depth 2 "$T/one.pgn"
	[ "$output" = "$short" ]
	# depth 0: no tree at all
	run -0 xqstats -n iccs -p 0 "$T/one.pgn"
	[ "$output" = "$head" ]
	[[ "$output" != *"h9g7"* ]]
	# a bad option: its message, then the synopsis
	run -2 --separate-stderr xqstats -d 2 "$T/one.pgn"
	[ "$stderr" = "xqstats: unknown option '-d'"$'\n'"$(synopsis)" ]
	run -2 --separate-stderr xqgrep -p x "$T/one.pgn"
	[ "${stderr%%$'\n'*}" = "xqgrep: unknown option '-p'" ]
	[ "${stderr##*$'\n'}" = "Try 'xqgrep --help' for more." ]
}

@test "-p through a repetition: printed once per path, the move back marked, not followed" {
	printf '[Event "cycle"]\n[Result "1-0"]\n\n1. h2e2 h9g7 2. e2h2 g7h9 3. h2e2 h9g7 4. c3c4 1-0\n\n[Event "short"]\n[Result "0-1"]\n\n1. h2e2 h9g7 2. c3c4 0-1\n\n' >"$T/cyc.pgn"
	cat >"$T/want" <<'TXT'
opening tree from the start, depth 10: 2 games
  h2e2               3 games  +2 =0 -1  score  66.7%
    h9g7               3 games  +1 =0 -2  score  33.3%
      c3c4               2 games  +1 =0 -1  score  50.0%
      e2h2               1 game   +1 =0 -0  score 100.0%
        g7h9               1 game   +0 =0 -1  score   0.0%  repetition
TXT
	xqstats -p 10 -n iccs "$T/cyc.pgn" >"$T/p10"
	sed -n '/^opening tree/,$p' "$T/p10" >"$T/got"
	cmp "$T/want" "$T/got"
	# deeper than any game: the same tree
	xqstats -p 1000 -n iccs "$T/cyc.pgn" >"$T/p1000"
	sed -n '/^opening tree/,$p' "$T/p1000" | sed 's/depth 1000/depth 10/' >"$T/got"
	cmp "$T/want" "$T/got"
	# at the edge: the move back is the last ply printed (depth 4), a leaf
	# as any; one ply more (5) and it is the repetition
	xqstats -p 5 -n iccs "$T/cyc.pgn" >"$T/p5"
	[ "$(grep -c '^          ' "$T/p5")" = 0 ]
	# JSON: "repetition":true in place of "next", once
	xqstats -j -p 10 -n iccs "$T/cyc.pgn" >"$T/j"
	[ "$(grep -o '"repetition"' "$T/j" | wc -l)" = 1 ]
	[ "$(grep -o '"next"' "$T/j" | wc -l)" = 4 ]
	xqstats -j -p 4 -n iccs "$T/cyc.pgn" >"$T/j4"
	[ "$(grep -c repetition "$T/j4")" = 0 ]
	# --partial / --merge prints the same
	xqstats --partial -p 10 "$T/cyc.pgn" >"$T/cyc.part"
	xqstats --merge -n iccs "$T/cyc.part" >"$T/cyc.merged"
	sed -n '/^opening tree/,$p' "$T/cyc.merged" >"$T/got"
	cmp "$T/want" "$T/got"
	# a corpus file at a depth past its longest game ends (it went round
	# its repetitions before)
	run -0 timeout 60 xqstats -q -p 1000 -n iccs "$C/wukong_iccs_1125_games.pgn"
	[ "$(grep -c 'repetition$' <<<"$output")" -gt 0 ]
}

@test "tags read in one pass: the first of each name, any case, WhiteElo for Red, '?' and empty unknown" {
	printf '[Event "E1"]\n[red "Lower"]\n[Red "Second"]\n[BLACK "Up"]\n[Date "?"]\n[WhiteElo "2100"]\n[blackelo "2000"]\n[Result "1-0"]\n[result "0-1"]\n\n1. h2e2 h9g7 1-0\n\n[EVENT "?"]\n[Date "1999.01.02"]\n[date "2001"]\n[RedElo "2300"]\n[WhiteElo "2200"]\n[Red "?"]\n[Black ""]\n\n1. h2e2 1/2-1/2\n\n' >"$T/tags.pgn"
	cat >"$T/want" <<'TXT'
2 games

results:
  red wins            1   50.0%
  draws               1   50.0%
  black wins          0    0.0%
  unknown             0    0.0%

plies:
  0-19                2  100.0%

events: 1:
         1  E1

years: 1:
  1999                1

players: 2:
     games      score       %  player
         1        1/1  100.0%  Lower
         1        0/1    0.0%  Up

opening tree from the start, depth 2: 2 games
  炮二平五           2 games  +1 =1 -0  score  75.0%  rating 2200
    马８进７           1 game   +0 =0 -1  score   0.0%  rating 2000
TXT
	xqstats -p 2 "$T/tags.pgn" >"$T/got"
	cmp "$T/want" "$T/got"
}

@test "years: a plausible four-digit year from any form of Date; the others unknown" {
	for d in 2009.01.02 2009-1-2 20090102 '2009年1月2日' 1/2/2009 1971 '1971年全国赛' \
		 '１９７１年' 71: 0909 0 '????.??.??' 02-10-25 '民国时期' 19891; do
		printf '[Date "%s"]\n[Result "1-0"]\n\n1. h2e2 1-0\n\n' "$d"
	done >"$T/dates.pgn"
	cat >"$T/want" <<'TXT'
15 games

results:
  red wins           15  100.0%
  draws               0    0.0%
  black wins          0    0.0%
  unknown             0    0.0%

plies:
  0-19               15  100.0%

events: 0:

years: 2:
  1971                3
  2009                5

players: 0:
     games      score       %  player
TXT
	run -0 xqstats -p 0 "$T/dates.pgn"
	diff -u "$T/want" <(printf '%s\n' "$output")
}

@test "-P: only the games a player plays, in any case and width; --exact-names" {
	F="$C/wukong_hu_ronghua_1391_iccs.pgn"
	xqstats -q -p 2 -P 'HU RongHua' "$F" >"$T/want"
	[ "$(head -1 "$T/want")" = "1391 games" ]
	for p in 'hu ronghua' 'HU RONGHUA' 'ｈｕ　ｒｏｎｇｈｕａ' 'Ｈｕ Ronghua' 'rongh'; do
		xqstats -q -p 2 -P "$p" "$F" >"$T/got"
		cmp "$T/want" "$T/got"
	done
	run -0 xqstats -q -p 0 --exact-names -P 'hu ronghua' "$F"
	[ "${lines[0]}" = "0 games" ]
	run -0 xqstats -q -p 0 --exact-names --player 'HU RongHua' "$F"
	[ "${lines[0]}" = "1391 games" ]
	# two players: the games between them
	run -0 xqstats -p 0 -P 甲 -P 乙 "$T/r.pgn"
	cat >"$T/want" <<'TXT'
2 games

results:
  red wins            1   50.0%
  draws               1   50.0%
  black wins          0    0.0%
  unknown             0    0.0%

plies:
  0-19                2  100.0%

events: 1:
         2  Cup A

years: 1:
  1995                2

players: 2:
     games      score       %  player
         2      0.5/2   25.0%  乙
         2      1.5/2   75.0%  甲
TXT
	diff -u "$T/want" <(printf '%s\n' "$output")
	# --partial parts with -P add up to the run with -P
	head -n 3000 "$F" >"$T/a.pgn"
	tail -n +3001 "$F" >"$T/b.pgn"
	xqstats -q --partial -p 2 -P 'hu ronghua' "$T/a.pgn" >"$T/p1"
	xqstats -q --partial -p 2 -P 'hu ronghua' "$T/b.pgn" >"$T/p2"
	xqstats --merge "$T/p1" "$T/p2" >"$T/merged"
	xqstats -q -p 2 -P 'HU RongHua' "$F" >"$T/one"
	cmp "$T/one" "$T/merged"
	run -2 --separate-stderr xqstats --merge -P x "$T/r.pgn"
	[ "$stderr" = "xqstats: --merge takes the games the parts counted: -P goes with --partial
$(synopsis)" ]
}
