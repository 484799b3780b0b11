#!/usr/bin/env bats
# xqshow: every option, its output and its errors; the SVG rendered with
# rsvg-convert and checked pixel by pixel.
bats_require_minimum_version 1.5.0

START='rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1'
AFTER_C25='rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1'
P22='4k4/3P1P3/4P4/3P1P3/9/9/9/9/9/3K5 w - - 0 1'
MATE='4k4/4R4/6N2/9/3R5/9/9/9/9/4K4 b - - 0 1'

setup() {
	TOP="$BATS_TEST_DIRNAME/../.."
	TMP="$BATS_TEST_TMPDIR"
}

# golden_out NAME: the standard output a golden case holds (the text of
# tests/golden/expected/NAME before its stderr part)
golden_out() { sed -n '/^--- stderr$/q;p' "$TOP/tests/golden/expected/$1"; }

# png_pixel: built by make into build/tools; compiled here if missing.
png_pixel() {
	local tool="$TOP/build/tools/png_pixel"
	if [ ! -x "$tool" ]; then
		tool="$BATS_FILE_TMPDIR/png_pixel"
		[ -x "$tool" ] || ${CC:-cc} -O1 -o "$tool" "$TOP/tests/diff/png_pixel.c" -lz
	fi
	"$tool" "$@"
}

# is_colour "R G B" red|black|wood|blue: a loose colour class.
is_colour() {
	set -- $1 "$2"
	case $4 in
	red) [ "$1" -gt 150 ] && [ "$2" -lt 100 ] && [ "$3" -lt 100 ] ;;
	black) [ "$1" -lt 80 ] && [ "$2" -lt 80 ] && [ "$3" -lt 80 ] ;;
	wood) [ "$1" -gt 200 ] && [ "$2" -gt 180 ] && [ "$3" -gt 120 ] && [ "$3" -lt 200 ] ;;
	blue) [ "$3" -gt 150 ] && [ "$1" -lt 100 ] ;;
	*) return 1 ;;
	esac || { echo "colour '$1 $2 $3' is not $4"; return 1; }
}

@test "-h prints the usage, exit 0" {
	run -0 xqshow -h
	[ "$output" = "$(golden_out show-help)" ]
}

@test "--version and -V" {
	# one line; the version number varies
	run -0 xqshow --version
	[[ "$output" =~ ^"xqshow (xqtools) "[0-9][^[:space:]]*$ ]]
	run -0 xqshow -V
	[[ "$output" =~ ^"xqshow (xqtools) "[0-9][^[:space:]]*$ ]]
}

# synopsis: what every usage error says after its message, the usage
# lines of --help and where the rest of it is.
synopsis() {
	cat <<'EOF'
usage: xqshow [-aFhmuV] [-e encoding] [-f format] [-g n] [-n notation] [-o file]
              [-p ply] [--ascii-digits] [--book-pawns] [--color[=when]] [--flip]
              [--play=moves] [--svg] [--trad] [--ecco] [fen | file]
Try 'xqshow --help' for more.
EOF
}

@test "usage errors: the message, the synopsis and where the help is; exit 2, nothing on stdout" {
	run -2 --separate-stderr xqshow --no-such-option
	[ -z "$output" ]
	[ "$stderr" = "xqshow: unknown option '--no-such-option'"$'\n'"$(synopsis)" ]
	run -2 --separate-stderr xqshow -Fz
	[ -z "$output" ]
	[ "$stderr" = "xqshow: unknown option '-z'"$'\n'"$(synopsis)" ]
	run -2 --separate-stderr xqshow -g
	[ -z "$output" ]
	[ "$stderr" = "xqshow: option '-g' needs a value"$'\n'"$(synopsis)" ]
	run -2 --separate-stderr xqshow --svg=yes
	[ -z "$output" ]
	[ "$stderr" = "xqshow: option '--svg' takes no value"$'\n'"$(synopsis)" ]
	run -2 --separate-stderr xqshow -n klingon
	[ "$stderr" = "xqshow: unknown notation 'klingon' (chinese, wxf, iccs, uci, uci10)"$'\n'"$(synopsis)" ]
	run -2 --separate-stderr xqshow --color=sometimes
	[ "$stderr" = "xqshow: invalid --color 'sometimes' (expected auto, always or never)"$'\n'"$(synopsis)" ]
	run -2 --separate-stderr xqshow -g 0 "$TOP/samples/games.pgn"
	[ -z "$output" ]
	[ "$stderr" = "xqshow: invalid game number '0' (expected 1..1000000000)"$'\n'"$(synopsis)" ]
	run -2 --separate-stderr xqshow -F -m
	[ -z "$output" ]
	[ "$stderr" = "xqshow: choose one of -F, -m, --svg and --ecco"$'\n'"$(synopsis)" ]
	run -2 --separate-stderr xqshow -p x
	[ "$stderr" = "xqshow: invalid ply 'x' (expected 0..100000)"$'\n'"$(synopsis)" ]
}

# -f, -e and -n are checked as in every command, before the file is read:
# a usage error naming the values that are right, on stderr (compared
# whole), nothing on stdout.
@test "-f, -e and -n: unknown values refused with exit 2, file or not" {
	local formats="auto, pgn, text, xqf, dhtmlxq, cbf, cbr, xiexie, oldcbl, pfc, openings, che, ourgame, ccm, mxq, xgf, xfen"
	for args in "-f nosuch" "--format=nosuch" "-f nosuch $TOP/samples/games.pgn"; do
		run -2 --separate-stderr xqshow $args
		[ -z "$output" ]
		[ "$stderr" = "xqshow: unknown input format 'nosuch' ($formats)"$'\n'"$(synopsis)" ]
	done
	for args in "-e klingon" "--encoding=klingon" "-e klingon $TOP/samples/games.pgn"; do
		run -2 --separate-stderr xqshow $args
		[ -z "$output" ]
		[ "$stderr" = "xqshow: unknown encoding 'klingon' (auto, utf-8, gbk, gb18030, gb2312, big5, big5-hkscs, cp936, cp950)"$'\n'"$(synopsis)" ]
	done
	for args in "-n klingon" "--notation=any" "-m -n klingon $TOP/samples/games.pgn"; do
		run -2 --separate-stderr xqshow $args
		[ -z "$output" ]
		local want=${args#*=}
		want=${want#*-n }
		want=${want%% *}
		[ "$stderr" = "xqshow: unknown notation '$want' (chinese, wxf, iccs, uci, uci10)"$'\n'"$(synopsis)" ]
	done
}

@test "-f and -e: known values (and auto) read the record; without one, refused" {
	run -0 --separate-stderr xqshow -F -f pgn -e utf-8 "$TOP/samples/games.pgn"
	local want=$output
	run -0 --separate-stderr xqshow -F -f auto -e auto "$TOP/samples/games.pgn"
	[ "$output" = "$want" ]
	[ -z "$stderr" ]
	run -0 --separate-stderr xqshow -F --format=pgn --encoding=gbk "$TOP/samples/games_gbk.pgn"
	[ "$output" = "$want" ]
	run -2 --separate-stderr xqshow -f pgn
	[ -z "$output" ]
	[ "$stderr" = "xqshow: -f and -e need a record file"$'\n'"$(synopsis)" ]
	run -2 --separate-stderr xqshow -e gbk "$START"
	[ "$stderr" = "xqshow: -f and -e need a record file"$'\n'"$(synopsis)" ]
}

@test "bad FEN is exit 2 and says where" {
	run -2 --separate-stderr xqshow 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9 w'
	[ -z "$output" ]
	# column 50: the space after the ninth rank
	[ "$stderr" = "xqshow: invalid FEN 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9 w': column 50: only 9 ranks, not 10"$'\n'"$(synopsis)" ]
	# '10' is a 1 and a letter '0'
	run -2 --separate-stderr xqshow -F 'rnbakabnr/10/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w'
	[ -z "$output" ]
	[ "$stderr" = "xqshow: invalid FEN 'rnbakabnr/10/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w': column 12: unknown piece letter '0'"$'\n'"$(synopsis)" ]
}

@test "-p and -g need a record file" {
	run -2 --separate-stderr xqshow -p 3
	[ "$stderr" = "xqshow: -p (--ply) needs a record file"$'\n'"$(synopsis)" ]
	run -2 --separate-stderr xqshow -g 2 "$START"
	[ "$stderr" = "xqshow: -g (--game) needs a record file"$'\n'"$(synopsis)" ]
}

@test "a record file: the final position, -p PLY, -g N, stdin" {
	printf '[Game "Chinese Chess"]\n[Format "Chinese"]\n\n1. 炮二平五 马８进７ *\n\n[Game "Chinese Chess"]\n\n1. 炮二平五 *\n' >"$TMP/g.pgn"
	run -0 xqshow -F "$TMP/g.pgn"
	[ "$output" = "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2" ]
	run -0 xqshow -F -p 1 "$TMP/g.pgn"
	[ "$output" = "$AFTER_C25" ]
	run -0 xqshow -F --ply=0 "$TMP/g.pgn"
	[ "$output" = "$START" ]
	run -0 xqshow -F -g 2 "$TMP/g.pgn"
	[ "$output" = "$AFTER_C25" ]
	run xqshow -F - <"$TMP/g.pgn"
	[ "$status" -eq 0 ]
	[ "$output" = "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2" ]
	run -0 xqshow -a "$TMP/g.pgn"
	[ "${lines[1]}" = "9  r---n---b---a---k---a---b--[+]--r" ]
	[ "${lines[22]}" = "red to move; last move 马８进７ (h9g7)" ]
	run -0 xqshow -F -f pgn -e utf-8 "$TMP/g.pgn"
	[ "$output" = "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2" ]
}

@test "a record file: errors" {
	printf '[Game "Chinese Chess"]\n\n1. 炮二平五 马８进７ *\n' >"$TMP/g.pgn"
	run -2 --separate-stderr xqshow -p 5 "$TMP/g.pgn"
	[ "$stderr" = "xqshow: $TMP/g.pgn: error: game 1 has 2 legal plies in its main line, not 5" ]
	run -2 --separate-stderr xqshow -g 3 "$TMP/g.pgn"
	[ "$stderr" = "xqshow: '$TMP/g.pgn' has 1 game, not 3" ]
	run -2 --separate-stderr xqshow -g 0 "$TMP/g.pgn"
	[ "$stderr" = "xqshow: invalid game number '0' (expected 1..1000000000)"$'\n'"$(synopsis)" ]
	run -2 --separate-stderr xqshow -f pgn
	[ "$stderr" = "xqshow: -f and -e need a record file"$'\n'"$(synopsis)" ]
	run -2 --separate-stderr xqshow "$TMP"
	[ "$stderr" = "xqshow: '$TMP' is a directory, not a record file" ]
	run -2 --separate-stderr xqshow "$TMP/nosuch.pgn"
	# a path is tried as a FEN too: its '/' ends an empty first rank
	[ "$stderr" = "xqshow: cannot open '$TMP/nosuch.pgn': no such file (and not a FEN: column 1: rank 9 has 0 files, not 9)" ]
	# an illegal move: the last legal position, the problem, exit 1
	printf '[Game "Chinese Chess"]\n\n1. 炮二平五 马８进７ 2. 马二进三 马八进七 *\n' >"$TMP/bad.pgn"
	run -1 --separate-stderr xqshow -F "$TMP/bad.pgn"
	[ "$output" = "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b - - 3 2" ]
	[ "$stderr" = "xqshow: $TMP/bad.pgn:3:22: error: game 1, ply 4: 马八进七: not a move for Black here: '马八进七': no black horse on file ８ (black horses: files ２, ７)" ]
}

@test "ASCII diagram of the start position, exactly" {
	run -0 xqshow -a
	expected='   a   b   c   d   e   f   g   h   i
9  r---n---b---a---k---a---b---n---r
   |   |   |   | \ | / |   |   |   |
8  +---+---+---+---+---+---+---+---+
   |   |   |   | / | \ |   |   |   |
7  +---c---+---+---+---+---+---c---+
   |   |   |   |   |   |   |   |   |
6  p---+---p---+---p---+---p---+---p
   |   |   |   |   |   |   |   |   |
5  +---+---+---+---+---+---+---+---+
   |    chu he          han jie    |
4  +---+---+---+---+---+---+---+---+
   |   |   |   |   |   |   |   |   |
3  P---+---P---+---P---+---P---+---P
   |   |   |   |   |   |   |   |   |
2  +---C---+---+---+---+---+---C---+
   |   |   |   | \ | / |   |   |   |
1  +---+---+---+---+---+---+---+---+
   |   |   |   | / | \ |   |   |   |
0  R---N---B---A---K---A---B---N---R
   a   b   c   d   e   f   g   h   i
FEN: rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1
red to move'
	[ "$output" = "$expected" ]
	run -0 xqshow --ascii "$START"
	[ "$output" = "$expected" ]
}

@test "Unicode diagram: Chinese pieces, palace, river, both sides' file numbers" {
	run -0 xqshow
	[ "${lines[0]}" = "   １  ２  ３  ４  ５  ６  ７  ８  ９" ]
	[ "${lines[1]}" = "9  车──马──象──士──将──士──象──马──车" ]
	[ "${lines[2]}" = "   │   │   │   │ ╲ │ ╱ │   │   │   │" ]
	[ "${lines[5]}" = "7  ├───砲──┼───┼───┼───┼───┼───砲──┤" ]
	[ "${lines[9]}" = "5  ├───┴───┴───┴───┴───┴───┴───┴───┤" ]
	[ "${lines[10]}" = "   │    楚  河           汉  界    │" ]
	[ "${lines[11]}" = "4  ├───┬───┬───┬───┬───┬───┬───┬───┤" ]
	[ "${lines[13]}" = "3  兵──┼───兵──┼───兵──┼───兵──┼───兵" ]
	[ "${lines[19]}" = "0  俥──傌──相──仕──帅──仕──相──傌──俥" ]
	[ "${lines[20]}" = "   九  八  七  六  五  四  三  二  一" ]
	[ "${lines[22]}" = "red to move" ]
	run -0 xqshow -u --trad
	[ "${lines[1]}" = "9  車──馬──象──士──將──士──象──馬──車" ]
	[ "${lines[19]}" = "0  俥──傌──相──仕──帥──仕──相──傌──俥" ]
}

@test "without colour the sides' pieces differ: 俥傌炮 and 车马砲 (車馬砲 with --trad), all 14 at the start" {
	local trad how c
	local -a simp=(帅 仕 相 傌 俥 炮 兵 将 士 象 马 车 砲 卒) trad_=(帥 仕 相 傌 俥 炮 兵 將 士 象 馬 車 砲 卒)
	for trad in "" --trad; do
		local -a want=("${simp[@]}") not=(帥 將 馬 車)
		[ -z "$trad" ] || { want=("${trad_[@]}"); not=(帅 将 马 车); }
		[ "${#want[@]}" -eq 14 ]
		for how in --color=never pipe no_color; do
			case $how in
			pipe) run -0 bash -o pipefail -c "xqshow $trad | cat" ;;
			no_color) NO_COLOR=1 run -0 xqshow --color=auto $trad ;;
			*) run -0 xqshow $how $trad ;;
			esac
			[[ "$output" != *$'\e['* ]]
			# the whole diagram, all 14 pieces in it
			[ "$output" = "$(golden_out "xqshow-unicode${trad:+-trad}")" ]
			for c in "${not[@]}"; do
				[[ "$output" != *"$c"* ]] || { echo "$c unexpected ($trad $how)"; false; }
			done
		done
	done
	run -0 xqshow --color=never
	[ "${lines[1]}" = "9  车──马──象──士──将──士──象──马──车" ]
	[ "${lines[5]}" = "7  ├───砲──┼───┼───┼───┼───┼───砲──┤" ]
	[ "${lines[15]}" = "2  ├───炮──┼───┼───┼───┼───┼───炮──┤" ]
	[ "${lines[19]}" = "0  俥──傌──相──仕──帅──仕──相──傌──俥" ]
	run -0 xqshow --color=never --trad
	[ "${lines[1]}" = "9  車──馬──象──士──將──士──象──馬──車" ]
	[ "${lines[19]}" = "0  俥──傌──相──仕──帥──仕──相──傌──俥" ]
}

@test "--flip: black at the bottom, files mirrored, labels swapped" {
	run -0 xqshow --flip
	[ "${lines[0]}" = "   一  二  三  四  五  六  七  八  九" ]
	[ "${lines[1]}" = "0  俥──傌──相──仕──帅──仕──相──傌──俥" ]
	[ "${lines[19]}" = "9  车──马──象──士──将──士──象──马──车" ]
	[ "${lines[20]}" = "   ９  ８  ７  ６  ５  ４  ３  ２  １" ]
	run -0 xqshow -a --flip "$P22"
	[ "${lines[0]}" = "   i   h   g   f   e   d   c   b   a" ]
	[ "${lines[3]}" = "1  +---+---+---+---+---+---+---+---+" ]
	[ "${lines[17]}" = "8  +---+---+---P---+---P---+---+---+" ]
	[ "${lines[19]}" = "9  +---+---+---+---k---+---+---+---+" ]
}

@test "--play marks the last move and names it" {
	run -0 xqshow -a --play 'h2e2 马８进７'
	[ "${lines[1]}" = "9  r---n---b---a---k---a---b--[+]--r" ]
	[ "${lines[5]}" = "7  +---c---+---+---+---+--[n]--c---+" ]
	[ "${lines[21]}" = "FEN: rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2" ]
	[ "${lines[22]}" = "red to move; last move 马８进７ (h9g7)" ]
	run -0 xqshow --play 'C2.5' -n wxf
	[ "${lines[15]}" = "2  ├───炮──┼───┼──[炮]─┼───┼──[┼]──┤" ]
	[ "${lines[22]}" = "black to move; last move C2.5" ]
	run -0 xqshow --play=h2e2,h9g7 --ascii-digits
	[ "${lines[22]}" = "red to move; last move 马8进7 (h9g7)" ]
}

@test "--play skips move numbers and takes tabs and line ends between moves" {
	run -0 xqshow -F --play 'h2e2 h9g7 h0g2'
	want=$output
	run -0 xqshow -F --play '1. h2e2 h9g7 2. h0g2'
	[ "$output" = "$want" ]
	run -0 xqshow -F --play "$(printf 'h2e2\th9g7,h0g2')"
	[ "$output" = "$want" ]
	run -0 xqshow -F --play "$(printf '1. h2e2\r\nh9g7\n2. h0g2')"
	[ "$output" = "$want" ]
	run -2 --separate-stderr xqshow --play '1. h2e2 2... h2h3'
	[ "$stderr" = "xqshow: --play, move 2: 'h2h3': no piece on h2 (the position: $AFTER_C25)
$(synopsis)" ]
}

@test "--play with a bad move is a usage error, as a bad FEN is: one line naming the move, the synopsis, exit 2" {
	run -2 --separate-stderr xqshow --play 'h2e2 h7h0'
	[ -z "$output" ]
	[ "$stderr" = "xqshow: --play, move 2: 'h7h0': illegal target; the black cannon on h7 can go to: c7 d7 e7 f7 g7 h1 h2 h3 h4 h5 h6 h8 i7 (the position: $AFTER_C25)
$(synopsis)" ]
	run -2 --separate-stderr xqshow --play '车六进一'
	[ -z "$output" ]
	[ "$stderr" = "xqshow: --play, move 1: '车六进一': no red chariot on file 六 (red chariots: files 一, 九) (the position: $START)
$(synopsis)" ]
	run -2 --separate-stderr xqshow 'bad fen'
	[ -z "$output" ]
	[ "$stderr" = "xqshow: invalid FEN 'bad fen': column 1: black elephant on a9: off the seven elephant points
$(synopsis)" ]
}

@test "status line: check and checkmate" {
	run -0 xqshow -a "$MATE"
	[ "${lines[22]}" = "black is checkmated" ]
	run -0 xqshow -a --play 'h2e2 h7e7 e2e6' "$START"
	[ "${lines[22]}" = "black to move, in check; last move 炮五进四 (e2e6)" ]
	run -0 xqshow -a '4k4/9/9/9/9/9/9/9/4R4/3K5 b'
	[ "${lines[22]}" = "black to move, in check" ]
}

@test "colours: on with --color, off by default, for NO_COLOR and --color=never" {
	# the whole diagram: black pieces bold, red ones bold red
	run -0 xqshow --color=always -a
	[ "${lines[1]}" = $'9  \e[1mr\e[0m---\e[1mn\e[0m---\e[1mb\e[0m---\e[1ma\e[0m---\e[1mk\e[0m---\e[1ma\e[0m---\e[1mb\e[0m---\e[1mn\e[0m---\e[1mr\e[0m' ]
	[ "${lines[19]}" = $'0  \e[1;31mR\e[0m---\e[1;31mN\e[0m---\e[1;31mB\e[0m---\e[1;31mA\e[0m---\e[1;31mK\e[0m---\e[1;31mA\e[0m---\e[1;31mB\e[0m---\e[1;31mN\e[0m---\e[1;31mR\e[0m' ]
	[ "$output" = "$(golden_out show-color-ascii)" ]
	run -0 xqshow -a
	[[ "$output" != *$'\e['* ]]
	NO_COLOR=1 run -0 xqshow --color=auto
	[[ "$output" != *$'\e['* ]]
	run -0 xqshow --color=never
	[[ "$output" != *$'\e['* ]]
	run -0 xqshow --color=always -F
	[[ "$output" != *$'\e['* ]]
}

@test "-F and --fen print only the FEN" {
	run -0 xqshow -F
	[ "$output" = "$START" ]
	run -0 xqshow --fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1
	[ "$output" = "$AFTER_C25" ]
	run -0 xqshow -F --play h2e2
	[ "$output" = "$AFTER_C25" ]
	run -0 xqshow -F 'rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r'
	[ "$output" = "$START" ]
}

@test "-m lists legal moves, sorted, in ICCS by default" {
	run -0 xqshow -m
	[ "${#lines[@]}" -eq 44 ]
	[ "${lines[0]}" = "a0a1" ]
	[ "${lines[43]}" = "i3i4" ]
	run -0 xqshow --moves -n iccs
	[ "${#lines[@]}" -eq 44 ]
	run -0 xqshow -m "$MATE"
	[ -z "$output" ]
}

@test "-m -n wxf" {
	# the whole lists (C2.5, H2+3, C2+7; 4+.5, 6-.7, P5+1 among them)
	run -0 xqshow -m -n wxf
	[ "${#lines[@]}" -eq 44 ]
	[ "$output" = "$(golden_out xqshow-moves-wxf)" ]
	run -0 xqshow -m -n WXF "$P22"
	[ "$output" = "$(golden_out xqshow-moves-wxf-pawns)" ]
}

@test "-m -n chinese, with --trad, --ascii-digits, --book-pawns" {
	run -0 xqshow -m -n chinese
	[ "${#lines[@]}" -eq 44 ]
	[ "${lines[0]}" = "车九进一" ]
	# the whole lists: 炮二平五 and 马二进三; 馬二進三 and 車九進一;
	# 马８进７, 马8进7 and 馬8進7 for Black; tandem pawns numbered front
	# to back, right to left (一兵平五, 四兵平七) or in book form
	# (前兵四平五, 后兵六平七), a lone pawn by its file (兵五进一)
	[ "$output" = "$(golden_out xqshow-moves-chinese)" ]
	run -0 xqshow -m -n chinese --trad
	[ "$output" = "$(golden_out xqshow-moves-chinese-trad)" ]
	run -0 xqshow -m -n chinese "$AFTER_C25"
	[ "$output" = "$(golden_out xqshow-moves-chinese-black)" ]
	run -0 xqshow -m -n chinese --ascii-digits "$AFTER_C25"
	[ "$output" = "$(golden_out xqshow-moves-chinese-digits)" ]
	run -0 xqshow -m -n chinese --trad --ascii-digits "$AFTER_C25"
	[ "$output" = "$(golden_out xqshow-moves-chinese-trad-digits)" ]
	run -0 xqshow -m -n chinese "$P22"
	[ "$output" = "$(golden_out xqshow-moves-chinese-pawns)" ]
	run -0 xqshow -m -n chinese --book-pawns "$P22"
	[ "$output" = "$(golden_out xqshow-moves-chinese-book-pawns)" ]
}

@test "-m -n uci and -n uci10" {
	# the whole lists: h2e2 and h2h9; h3e3 and h3h10 (ranks 1-10)
	run -0 xqshow -m -n uci
	[ "${#lines[@]}" -eq 44 ]
	[ "$output" = "$(golden_out xqshow-moves-uci)" ]
	run -0 xqshow -m -n uci10
	[ "${#lines[@]}" -eq 44 ]
	[ "$output" = "$(golden_out xqshow-moves-uci10)" ]
	[[ " ${lines[*]} " != *" h2e2 "* ]]
}

@test "-o writes the output to a file" {
	run -0 xqshow -F -o "$TMP/out.fen" --play h2e2
	[ -z "$output" ]
	[ "$(cat "$TMP/out.fen")" = "$AFTER_C25" ]
	run -2 --separate-stderr xqshow -F -o "$TMP/no/such/dir/x.fen"
	[ "$stderr" = "xqshow: cannot create '$TMP/no/such/dir/x.fen': No such file or directory" ]
	run -0 xqshow --svg -o /dev/null
	[ -z "$output" ]
	if [ -w /dev/full ]; then
		run -2 --separate-stderr xqshow -F -o /dev/full
		[ "$stderr" = "xqshow: error writing '/dev/full': No space left on device" ]
		run -2 --separate-stderr bash -c 'xqshow -F >/dev/full'
		[ "$stderr" = "xqshow: error writing standard output: No space left on device" ]
	fi
}

@test "--svg: well-formed SVG with lines, river, palace, discs and characters" {
	run -0 xqshow --svg
	[ "${lines[0]}" = '<?xml version="1.0" encoding="UTF-8"?>' ]
	[ "${lines[1]}" = '<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="520" height="570" viewBox="0 0 520 570">' ]
	[ "$output" = "$(golden_out show-svg-start)" ]
	[ "${lines[${#lines[@]}-1]}" = "</svg>" ]
	[ "$(grep -c '<circle' <<<"$output")" -eq 32 ]
	[ "$(grep -c 'class="red"' <<<"$output")" -eq 16 ]
	[ "$(grep -c '>帅</text>' <<<"$output")" -eq 1 ]
	[ "$(grep -c '>卒</text>' <<<"$output")" -eq 5 ]
	xqshow --svg >"$TMP/start.svg"
	xmllint --noout "$TMP/start.svg"
	rsvg-convert -o "$TMP/start.png" "$TMP/start.svg"
	[ "$(png_pixel "$TMP/start.png")" = "520 570" ]
}

@test "--svg rendered by rsvg-convert: pixel colours at known points" {
	# point (file j, row i from the top) is at x = 60 + 50j, y = 60 + 50i;
	# discs have radius 22: 19 pixels below a centre is the disc colour.
	xqshow --svg >"$TMP/s.svg"
	rsvg-convert -o "$TMP/s.png" "$TMP/s.svg"
	run -0 png_pixel "$TMP/s.png" 60 529 260 79 285 185 460 229 20 300
	is_colour "${lines[0]}" red     # red chariot a0
	is_colour "${lines[1]}" black   # black king e9
	is_colour "${lines[2]}" wood    # inside a square, nothing there
	is_colour "${lines[3]}" black   # black pawn i6
	is_colour "${lines[4]}" wood    # margin
}

@test "--svg --flip and the last-move highlight, rendered" {
	xqshow --svg --flip >"$TMP/f.svg"
	rsvg-convert -o "$TMP/f.png" "$TMP/f.svg"
	run -0 png_pixel "$TMP/f.png" 460 79 260 529
	is_colour "${lines[0]}" red     # red chariot a0 is now top right
	is_colour "${lines[1]}" black   # black king e9 is now bottom centre
	xqshow --svg --play h2e2 >"$TMP/l.svg"
	rsvg-convert -o "$TMP/l.png" "$TMP/l.svg"
	# origin h2 (j 7, i 7), ring round e2 (j 4, i 7) at radius 26
	run -0 png_pixel "$TMP/l.png" 410 410 286 410 285 185
	is_colour "${lines[0]}" blue
	is_colour "${lines[1]}" blue
	is_colour "${lines[2]}" wood
	# the origin reads as a marker: a dot in a dashed ring, the board
	# between them (r 12), not a filled tile
	run -0 png_pixel "$TMP/l.png" 419 401 401 419 401 401 430 410
	is_colour "${lines[0]}" wood
	is_colour "${lines[1]}" wood
	is_colour "${lines[2]}" wood
	is_colour "${lines[3]}" blue    # on the dashed ring, right
	xqshow --svg --trad -o "$TMP/t.svg"
	rsvg-convert -o "$TMP/t.png" "$TMP/t.svg"
}
