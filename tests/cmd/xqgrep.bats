#!/usr/bin/env bats
# xqgrep: every option, exit statuses, bad input; the searches over the
# corpus checked against counts computed a second way (tests/diff/grepcount
# replays with the library, computes keys from scratch, counts pieces square
# by square); duplicates in the corpus twice over plus renamed copies.
bats_require_minimum_version 1.5.0

setup() {
	ROOT="$BATS_TEST_DIRNAME/../.."
	SHARED="${XQ_SHARED:-$ROOT/../shared}"
	C="$SHARED/corpus/pgn"
	S="$ROOT/samples"
	T="$BATS_TEST_TMPDIR"
	GC="$ROOT/build/tools/grepcount"
	# three small games with dates, results and lengths to select on
	cat >"$T/d.pgn" <<'PGN'
[Event "全国象棋个人赛"]
[Date "1995.06.12"]
[Red "胡荣华"]
[Black "吕钦"]
[Result "1-0"]
[RedElo "2600"]

1. h2e2 h9g7 2. h0g2 i9h9 1-0

[Event "Asian Cup"]
[Date "1995.??.??"]
[Red "吕钦"]
[Black "许银川"]
[Result "1/2-1/2"]

1. c3c4 g6g5 1/2-1/2

[Event "全国团体赛"]
[Date "2001.03"]
[Red "许银川"]
[Black "胡荣华"]
[Result "0-1"]

1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 h7h5 0-1
PGN
}

sum() { awk -F: '{ s += $NF } END { print s + 0 }'; }

# synopsis: what every usage error says after its message, the usage
# lines of --help and where the rest of it is.
synopsis() {
	cat <<'EOF'
usage: xqgrep [-chlqVv] [-T tag-criterion] [-P player] [--exact-names]
              [-r result] [--date range] [--plies range]
              [--fen FEN] [--all-lines] [--mirror]
              [--material spec [--material-either] [--material-plies N]]
              [--at-ply range] [--opening moves] [--event-year]
              [--ecco codes] [--opening-name text]
              [--unique [--key tags] [--keys | --drops file]] [--partial] [--part N]
              [--range K/N] [-J jobs]
              [-e enc] [-f fmt] [-E enc] [-n notation] [-t fmt] [-o file]
              [-R] [--files-from=list [-0]] [file ...]
       xqgrep --merge-keys [--write-drops file] [file ...]
       xqgrep --merge [file ...]
Try 'xqgrep --help' for more.
EOF
}

@test "-h, --version, -V" {
	run -0 xqgrep -h
	run -0 xqgrep --version
	[[ "$output" =~ ^xqgrep\ \(xqtools\)\ [0-9]+\.[0-9]+\.[0-9]+$ ]]
	run -0 xqgrep -V
}

@test "usage errors: the message, the synopsis and where the help is; exit 2, nothing on stdout" {
	run -2 --separate-stderr xqgrep --bogus "$T/d.pgn"
	[ "$output" = "" ]
	[ "$stderr" = "xqgrep: unknown option '--bogus'"$'\n'"$(synopsis)" ]
	run -2 --separate-stderr xqgrep -cZ "$T/d.pgn"
	[ "$output" = "" ]
	[ "$stderr" = "xqgrep: unknown option '-Z'"$'\n'"$(synopsis)" ]
	run -2 --separate-stderr xqgrep "$T/d.pgn" --date
	[ "$output" = "" ]
	[ "$stderr" = "xqgrep: option '--date' needs a value"$'\n'"$(synopsis)" ]
	run -2 --separate-stderr xqgrep "$T/d.pgn" -P
	[ "$output" = "" ]
	[ "$stderr" = "xqgrep: option '-P' needs a value"$'\n'"$(synopsis)" ]
	run -2 --separate-stderr xqgrep --unique=yes "$T/d.pgn"
	[ "$output" = "" ]
	[ "$stderr" = "xqgrep: option '--unique' takes no value"$'\n'"$(synopsis)" ]
	run -2 --separate-stderr xqgrep --date foo "$T/d.pgn"
	[ "$output" = "" ]
	[ "$stderr" = "xqgrep: invalid date range 'foo' (e.g. 1990..1995.06)"$'\n'"$(synopsis)" ]
	run -2 --separate-stderr xqgrep -c -l "$T/d.pgn"
	[ "$output" = "" ]
	[ "$stderr" = "xqgrep: -c, -l and --keys exclude each other"$'\n'"$(synopsis)" ]
}

@test "bad options and arguments exit 2" {
	run -2 xqgrep -T 'nooperator' "$T/d.pgn"
	[ "$output" = "xqgrep: invalid tag criterion 'nooperator' (NAME=VALUE, NAME~TEXT or NAME=~RE)
$(synopsis)" ]
	run -2 xqgrep -T 'Event=~(' "$T/d.pgn"
	run -2 xqgrep -r maybe "$T/d.pgn"
	run -2 xqgrep --date 1995.13 "$T/d.pgn"
	run -2 xqgrep --date 2000..1990 "$T/d.pgn"
	run -2 xqgrep --plies 9..3 "$T/d.pgn"
	run -2 xqgrep --plies x "$T/d.pgn"
	run -2 xqgrep --fen 'not a fen' "$T/d.pgn"
	run -2 xqgrep --mirror "$T/d.pgn"
	run -2 xqgrep --material 'R2X/R' "$T/d.pgn"
	run -2 xqgrep --material 'R2N' "$T/d.pgn"
	run -2 xqgrep --opening 'h2e2 h2e2' "$T/d.pgn"
	run -2 xqgrep --keys "$T/d.pgn"
	run -2 xqgrep --material-either "$T/d.pgn"
	[ "$output" = "xqgrep: --material-either and --material-plies need --material
$(synopsis)" ]
	run -2 xqgrep --material-plies 2 "$T/d.pgn"
	run -2 xqgrep --material R/R --material-plies 0 "$T/d.pgn"
	run -2 xqgrep --material R/R --material-plies x "$T/d.pgn"
	run -2 xqgrep --event-year "$T/d.pgn"
	[ "$output" = "xqgrep: --event-year needs --date
$(synopsis)" ]
	run -2 xqgrep -c -l "$T/d.pgn"
	run -2 xqgrep -n klingon "$T/d.pgn"
	run -2 xqgrep -t nosuch "$T/d.pgn"
	run -2 xqgrep -t xqf "$T/d.pgn"
	run -2 xqgrep -e nosuch "$T/d.pgn"
	run -2 xqgrep -E nosuch "$T/d.pgn"
	run -2 xqgrep -f nosuch "$T/d.pgn"
	run -2 xqgrep -c "$T/missing.pgn"
}

@test "exit 0 on a match, 1 on none; no criterion matches every game" {
	run -0 xqgrep -c "$T/d.pgn"
	[ "$output" = 3 ]
	run -1 xqgrep -c -P nobody "$T/d.pgn"
	[ "$output" = 0 ]
	run -1 --separate-stderr xqgrep -P nobody "$T/d.pgn"
	[ "$output" = "" ]
}

@test "-T: exact, substring and regular expression; all must hold" {
	run -0 xqgrep -c -T 'Event=Asian Cup' "$T/d.pgn"
	[ "$output" = 1 ]
	run -1 xqgrep -c -T 'Event=Asian' "$T/d.pgn"
	run -0 xqgrep -c -T 'Event~全国' "$T/d.pgn"
	[ "$output" = 2 ]
	run -0 xqgrep -c --tag='event~全国' "$T/d.pgn"
	[ "$output" = 2 ]
	run -0 xqgrep -c -T 'Event=~^全国.*赛$' -T 'Red~许' "$T/d.pgn"
	[ "$output" = 1 ]
	run -0 xqgrep -c -T 'Date=~^199[0-9]' "$T/d.pgn"
	[ "$output" = 2 ]
	run -1 xqgrep -c -T 'NoSuchTag~x' "$T/d.pgn"
}

@test "-P player on either side, -r result in words or tokens" {
	run -0 xqgrep -c -P 胡荣华 "$T/d.pgn"
	[ "$output" = 2 ]
	run -0 xqgrep -c --player=许银川 -P 吕钦 "$T/d.pgn"
	[ "$output" = 1 ]
	run -0 xqgrep -c -r red "$T/d.pgn"
	[ "$output" = 1 ]
	run -0 xqgrep -c -r 1/2-1/2 "$T/d.pgn"
	[ "$output" = 1 ]
	run -0 xqgrep -c --result=黑胜 "$T/d.pgn"
	[ "$output" = 1 ]
	run -1 xqgrep -c -r '*' "$T/d.pgn"
	[ "$output" = 0 ]
	printf '[Event "u"]\n\n1. h2e2 h9g7\n' >"$T/u.pgn"
	run -0 xqgrep -c -r unknown "$T/u.pgn"
	[ "$output" = 1 ]
	run -1 xqgrep -c -r draw "$T/u.pgn"
}

@test "-P and -T = ~ ignore case and width; --exact-names compares bytes" {
	F="$C/wukong_hu_ronghua_1391_iccs.pgn"
	for p in 'HU RongHua' 'hu ronghua' 'HU RONGHUA' 'ｈｕ　ｒｏｎｇｈｕａ' 'Ｈｕ Ronghua'; do
		run -0 xqgrep -c -P "$p" "$F"
		[ "$output" = 1391 ]
	done
	run -0 xqgrep -c --exact-names -P 'HU RongHua' "$F"
	[ "$output" = 1391 ]
	run -1 xqgrep -c --exact-names -P 'hu ronghua' "$F"
	[ "$output" = 0 ]
	printf '[Red "ＬＩ Ｌａｉ"]\n[Black "王\xe3\x80\x80五"]\n[Event "Open"]\n\n1. h2e2 *\n\n[Red "li lai"]\n[Black "王 五"]\n[Event "OPEN Cup"]\n\n1. h2e2 *\n' >"$T/w.pgn"
	run -0 xqgrep -c -P 'Li Lai' "$T/w.pgn"
	[ "$output" = 2 ]
	run -0 xqgrep -c -P '王 五' "$T/w.pgn"
	[ "$output" = 2 ]
	run -0 xqgrep -c -P '王　五' "$T/w.pgn"
	[ "$output" = 2 ]
	run -0 xqgrep -c --exact-names -P '王 五' "$T/w.pgn"
	[ "$output" = 1 ]
	run -0 xqgrep -c -T 'Event=open' "$T/w.pgn"
	[ "$output" = 1 ]
	run -0 xqgrep -c -T 'Event~open' "$T/w.pgn"
	[ "$output" = 2 ]
	run -1 xqgrep -c --exact-names -T 'Event=open' "$T/w.pgn"
	# a regular expression is taken as written
	run -0 xqgrep -c -T 'Event=~^Op' "$T/w.pgn"
	[ "$output" = 1 ]
}

@test "--date: a Date of another form counts for its year; unknown years never match" {
	printf '[Date "%s"]\n\n1. h2e2 *\n\n' '1990年10月20日' '4/21/1990' '20140422' '90-10-20' '0909' '????.??.??' '71:' >"$T/dates.pgn"
	run -0 xqgrep -c --date 1990 "$T/dates.pgn"
	[ "$output" = 2 ]
	run -0 xqgrep -c --date 1980..2020 "$T/dates.pgn"
	[ "$output" = 3 ]
	# the month is not read from these forms: a range within the year misses
	run -1 xqgrep -c --date 1990.10..1990.11 "$T/dates.pgn"
	run -0 xqgrep -c -v --date 1000..2999 "$T/dates.pgn"
	[ "$output" = 4 ]
}

@test "--event-year: the year of Event when Date has none" {
	{
		printf '[Event "China National Xiangqi League 2004"]\n\n1. h2e2 *\n\n'
		printf '[Event "2014 League 2014"]\n\n1. h2e2 *\n\n'
		printf '[Event "1999-2000 season"]\n\n1. h2e2 *\n\n'
		printf '[Event "Cup 20041"]\n\n1. h2e2 *\n\n'
		printf '[Event "2015年全国象棋个人赛"]\n\n1. h2e2 *\n\n'
		printf '[Event "Cup 2004"]\n[Date "????.??.??"]\n\n1. h2e2 *\n\n'
		printf '[Event "Cup 2004"]\n[Date "1995.06.01"]\n\n1. h2e2 *\n\n'
	} >"$T/e.pgn"
	run -1 xqgrep -c --date 2004 "$T/e.pgn"
	run -0 xqgrep -c --date 2004 --event-year "$T/e.pgn"
	[ "$output" = 2 ]
	run -0 xqgrep -c --date 2014..2015 --event-year "$T/e.pgn"
	[ "$output" = 2 ]
	run -0 xqgrep -c --date 1990..2000 --event-year "$T/e.pgn"
	[ "$output" = 1 ]
	# a year is not inside part of that year
	run -1 xqgrep -c --date 2004.03..2004.12 --event-year "$T/e.pgn"
	run -0 xqgrep -c --date 2004.01..2004.12 --event-year "$T/e.pgn"
	[ "$output" = 2 ]
	# the corpus (no Date tags): against the years counted with awk
	for y in 1964 1990 2004 2014; do
		want=$(awk -v y="$y" '/^\[Event "/ { e = $0; n = 0; ok = 1; while (match(e, /[0-9]+/)) {
			d = substr(e, RSTART, RLENGTH); e = substr(e, RSTART + RLENGTH)
			if (length(d) == 4 && d ~ /^[12]/) { n++; if (d != y) ok = 0 } }
			if (n && ok) c++ } END { print c + 0 }' "$C"/wukong_*.pgn)
		[ "$want" -gt 0 ]
		run -0 xqgrep -c --date "$y" --event-year "$C"/wukong_*.pgn
		[ "$(sum <<<"$output")" = "$want" ]
	done
}

@test "--date: partial dates at both ends, open ends" {
	run -0 xqgrep -c --date 1995 "$T/d.pgn"
	[ "$output" = 2 ]
	run -0 xqgrep -c --date 1995.06 "$T/d.pgn"
	[ "$output" = 1 ]
	run -0 xqgrep -c --date 1995.06.12..1995.06.12 "$T/d.pgn"
	[ "$output" = 1 ]
	run -0 xqgrep -c --date 2000.. "$T/d.pgn"
	[ "$output" = 1 ]
	run -0 xqgrep -c --date ..1999 "$T/d.pgn"
	[ "$output" = 2 ]
	run -0 xqgrep -c --date 1990..2001.03 "$T/d.pgn"
	[ "$output" = 3 ]
	run -0 xqgrep -c --date 1990..2001.02 "$T/d.pgn"
	[ "$output" = 2 ]
	# a date known only to the year is not inside part of that year
	run -0 xqgrep -c --date 1995.01..1995.07 "$T/d.pgn"
	[ "$output" = 1 ]
}

@test "--plies ranges, at and past their edges" {
	run -0 xqgrep -c --plies 4 "$T/d.pgn"
	[ "$output" = 1 ]
	run -0 xqgrep -c --plies 2..4 "$T/d.pgn"
	[ "$output" = 2 ]
	run -0 xqgrep -c --plies 5.. "$T/d.pgn"
	[ "$output" = 1 ]
	run -0 xqgrep -c --plies ..2 "$T/d.pgn"
	[ "$output" = 1 ]
	run -1 xqgrep -c --plies 7.. "$T/d.pgn"
	run -0 xqgrep -c --plies 0.. "$T/d.pgn"
	[ "$output" = 3 ]
}

@test "-v inverts, -l lists inputs with a match, -c counts per file" {
	run -0 xqgrep -c -v -P 胡荣华 "$T/d.pgn"
	[ "$output" = 1 ]
	run -0 xqgrep -l -P 胡荣华 "$T/d.pgn" "$S/games.pgn"
	[ "$output" = "$T/d.pgn" ]
	run -0 xqgrep --files-with-matches -T 'Event~sample' "$T/d.pgn" "$S/games.pgn"
	[ "$output" = "$S/games.pgn" ]
	run -0 xqgrep --count -P Sample "$T/d.pgn" "$S/games.pgn"
	[ "$output" = "$T/d.pgn:0
$S/games.pgn:2" ]
}

@test "matching games are written unchanged in content; -E, -o" {
	xqgrep -P 'Red Sample' "$S/games.pgn" >"$T/all.pgn"
	xqconv -n chinese "$S/games.pgn" >"$T/ref.pgn" 2>/dev/null
	cmp "$T/all.pgn" "$T/ref.pgn"
	run -0 xqgrep -E gbk -o "$T/g.pgn" -P 胡荣华 "$T/d.pgn"
	[ "$output" = "" ]
	run -0 xqgrep -c "$T/g.pgn"
	[ "$output" = 2 ]
	# what is written reads back to the same games
	xqgrep -o "$T/r.pgn" "$T/d.pgn"
	run -0 xqgrep -c --opening 'h2e2 h9g7' "$T/r.pgn"
	[ "$output" = 2 ]
	# -o never writes over an input
	run -2 xqgrep -o "$T/d.pgn" "$T/d.pgn"
}

@test "invalid games are reported as xqcheck reports them, never matched; exit 1" {
	# matches beside an invalid game: exit 1, the invalid game was not searched
	run -1 --separate-stderr xqgrep -c "$S/bad_illegal.pgn" "$S/games.pgn"
	rc=0; xqcheck "$S/bad_illegal.pgn" 2>"$T/check.err" || rc=$?
	[ "$rc" -eq 1 ]
	grep error: "$T/check.err" | sed 's/^xqcheck/xqgrep/' >"$T/want"
	grep error: <<<"$stderr" >"$T/got"
	cmp "$T/want" "$T/got"
	[ "$stderr" = "$(cat "$T/want")
xqgrep: 3 games, 1 invalid (reported above, not searched)" ]
	[ "$output" = "$S/bad_illegal.pgn:0
$S/games.pgn:2" ]
	run -1 --separate-stderr xqgrep -q -c "$S/bad_truncated.pgn"
	[ "$output" = 0 ]
	# a game that fails a tag criterion is not replayed: its moves are
	# not looked at (xqcheck does that)
	run -1 --separate-stderr xqgrep -c -P nobody "$S/bad_illegal.pgn"
	[ "$stderr" = "" ]
	# an input that holds no record is trouble, not a finding
	printf 'garbage\x00\x01 not a record\n' >"$T/junk.pgn"
	run -2 xqgrep -c "$T/junk.pgn"
}

@test "--opening: a move prefix in any notation, checked against a replay" {
	for o in 'h2e2 h9g7 h0g2' '炮二平五 马8进7 马二进三' 'C2.5 H8+7 H2+3' '1. h2e2 h9g7 2. h0g2'; do
		run -0 xqgrep -c --opening "$o" "$C"/*.pgn
		got=$(sum <<<"$output")
		want=$("$GC" opening h2e2 h9g7 h0g2 -- "$C"/*.pgn)
		[ "$got" = "$want" ]
		[ "$got" -gt 100 ]
	done
	run -0 xqgrep -c --opening 'c3c4' "$C"/*.pgn
	[ "$(sum <<<"$output")" = "$("$GC" opening c3c4 -- "$C"/*.pgn)" ]
}

@test "-T over the corpus agrees with a second count, folded and --exact-names" {
	for c in Event~National Event~Cup Event~League Event~1995 Event~cup Event~ＣＵＰ \
		 'Red~hu rong' 'Black~ＨＵ' Red~wang; do
		run xqgrep -c -T "$c" "$C"/*.pgn
		[ "$status" -le 1 ]
		[ "$(sum <<<"$output")" = "$("$GC" tag-fold "${c%%~*}" "${c#*~}" -- "$C"/*.pgn)" ]
		run xqgrep -c --exact-names -T "$c" "$C"/*.pgn
		[ "$status" -le 1 ]
		[ "$(sum <<<"$output")" = "$("$GC" tag "${c%%~*}" "${c#*~}" -- "$C"/*.pgn)" ]
	done
	# folding finds more than bytes do
	run -0 xqgrep -c -T 'Red~hu rong' "$C"/*.pgn
	[ "$(sum <<<"$output")" -ge 684 ]
	run -1 xqgrep -c --exact-names -T 'Red~hu rong' "$C"/*.pgn
}

@test "--fen: main line and --all-lines agree with keys computed from scratch" {
	n=0
	for f in "$C"/wukong_iccs_1125_games.pgn "$C"/hbsxcjp_xqbase_spec_example_gbk.pgn "$C"/xqbase_sample_handicap_comments_gbk.pgn; do
		for g in 1 2 7; do
			for ply in 0 3 8 20 60; do
				fen=$("$GC" fen-at "$f" "$g" "$ply") || continue
				run -0 xqgrep -c --fen "$fen" "$C"/*.pgn
				[ "$(sum <<<"$output")" = "$("$GC" fen "$fen" -- "$C"/*.pgn)" ]
				run -0 xqgrep -c --all-lines --fen "$fen" "$C"/*.pgn
				[ "$(sum <<<"$output")" = "$("$GC" fen-all "$fen" -- "$C"/*.pgn)" ]
				n=$((n + 1))
			done
		done
	done
	[ "$n" -ge 20 ]
}

@test "--all-lines finds a position only a variation reaches" {
	# samples/games.pgn, game 1: 2... 马２进３ is only a variation
	run -1 xqgrep -c --opening '炮二平五 马８进７ 马二进三 马２进３' "$S/games.pgn"
	printf '[Event "v"]\n\n1. h2e2 h9g7 2. h0g2 b9c7 *\n' >"$T/v.pgn"
	vfen=$("$GC" fen-at "$T/v.pgn" 1 4)
	run -1 xqgrep -c --fen "$vfen" "$S/games.pgn"
	run -0 xqgrep -c --all-lines --fen "$vfen" "$S/games.pgn"
	[ "$output" = 1 ]
	[ "$("$GC" fen-all "$vfen" -- "$S/games.pgn")" = 1 ]
}

@test "--mirror matches the left-right mirror too" {
	f="$C/wukong_iccs_1125_games.pgn"
	for g in 1 2 3 4 5; do
		fen=$("$GC" fen-at "$f" "$g" 1)
		board=${fen%% *}; rest=${fen#* }
		mirror=$(tr '/' '\n' <<<"$board" | rev | paste -sd/)" $rest"
		run -0 xqgrep -c --mirror --fen "$fen" "$C"/*.pgn
		[ "$(sum <<<"$output")" = "$("$GC" fen "$fen" "$mirror" -- "$C"/*.pgn)" ]
		run -0 xqgrep -c --fen "$mirror" --fen "$fen" "$C"/*.pgn
		[ "$(sum <<<"$output")" = "$("$GC" fen "$fen" "$mirror" -- "$C"/*.pgn)" ]
	done
	# 炮二平五 and 炮八平五 are mirrors: each finds both
	a=$("$GC" opening h2e2 -- "$C"/*.pgn); b=$("$GC" opening b2e2 -- "$C"/*.pgn)
	printf '[Event "m"]\n\n1. h2e2 *\n' >"$T/m.pgn"
	run -0 xqgrep -c --at-ply 1 --mirror --fen "$("$GC" fen-at "$T/m.pgn" 1 1)" "$C"/*.pgn
	[ "$(sum <<<"$output")" = $((a + b)) ]
}

@test "--material: counts against pieces counted square by square" {
	for spec in 'RNCP/RNCP:1 1 1 1 1 1 1 1' 'R2P/R:1 0 0 2 1 0 0 0' 'RC/RC:1 0 1 0 1 0 1 0' \
		    'R/R:1 0 0 0 1 0 0 0' 'RNC3P/R2C2P:1 1 1 3 1 0 2 2'; do
		run -0 xqgrep -c --material "${spec%%:*}" "$C"/*.pgn
		got=$(sum <<<"$output")
		[ "$got" = "$("$GC" material ${spec#*:} -- "$C"/*.pgn)" ]
	done
	# ranges: 0-1 horses is the sum of 0 and 1
	a=$(xqgrep -c --material 'RC/RC' "$C"/wukong_iccs_1125_games.pgn)
	b=$(xqgrep -c --material 'RNC/RC' "$C"/wukong_iccs_1125_games.pgn)
	run -0 xqgrep -c --material 'R0-1NC/RC' "$C"/wukong_iccs_1125_games.pgn
	[ "$output" -le $((a + b)) ] && [ "$output" -ge "$a" ] && [ "$output" -ge "$b" ]
	run -0 xqgrep -c --material '2R2N2C5P/2R2N2C5P' "$C"/wukong_iccs_1125_games.pgn
	[ "$output" = 1125 ]
	run -0 xqgrep -c --material '2R2N2C5P2A2B/2R2N2C5P2A2E' "$C"/wukong_iccs_1125_games.pgn
	[ "$output" = 1125 ]
	run -1 xqgrep -c --material '2R2N2C5P/2R2N2C5P' --at-ply 1.. "$T/d.pgn" -P nobody
	run -0 xqgrep -c --material '1+R/1+R' "$C"/wukong_iccs_1125_games.pgn
	[ "$output" -gt 0 ]
}

@test "--material-either and --material-plies: counts against a second count" {
	for spec in 'R2P/R:1 0 0 2 1 0 0 0' 'RC/R:1 0 1 0 1 0 0 0' 'R/RP:1 0 0 0 1 0 0 1' \
		    'RNC3P/R2C2P:1 1 1 3 1 0 2 2' 'RN/R:1 1 0 0 1 0 0 0'; do
		for x in "" "either" "plies 6" "either plies 6" "plies 20" "either plies 20"; do
			o=()
			[[ "$x" == *either* ]] && o+=(--material-either)
			[[ "$x" == *plies* ]] && o+=(--material-plies "${x##* }")
			run xqgrep -c --material "${spec%%:*}" "${o[@]}" "$C"/*.pgn
			# shellcheck disable=SC2086
			[ "$(sum <<<"$output")" = "$("$GC" material ${spec#*:} $x -- "$C"/*.pgn)" ]
		done
	done
	# either way round finds more than one way; N in a row fewer than 1
	a=$(sum <<<"$(xqgrep -c --material R2P/R "$C"/*.pgn)")
	b=$(sum <<<"$(xqgrep -c --material R/R2P "$C"/*.pgn)")
	run -0 xqgrep -c --material R2P/R --material-either "$C"/*.pgn
	[ "$(sum <<<"$output")" -le $((a + b)) ] && [ "$(sum <<<"$output")" -gt "$a" ]
	run -0 xqgrep -c --material R/R --material-plies 1 "$C"/*.pgn
	one=$(sum <<<"$output")
	run -0 xqgrep -c --material R/R "$C"/*.pgn
	[ "$(sum <<<"$output")" = "$one" ]
}

@test "--material-plies: a run goes on from the main line into a variation (--all-lines)" {
	# the full material holds at plies 0-2 of the main line (2. e2e6 takes a
	# pawn), and at plies 0-5 through the variation
	printf '[Event "v"]\n\n1. h2e2 h9g7 2. e2e6 (2. h0g2 i9h9 3. i0h0) 2... i9h9 *\n' >"$T/v.pgn"
	full=2R2N2C5P/2R2N2C5P
	run -0 xqgrep -c --material $full --material-plies 3 "$T/v.pgn"
	[ "$output" = 1 ]
	run -1 xqgrep -c --material $full --material-plies 4 "$T/v.pgn"
	run -0 xqgrep -c --material $full --material-plies 4 --all-lines "$T/v.pgn"
	run -0 xqgrep -c --material $full --material-plies 6 --all-lines "$T/v.pgn"
	run -1 xqgrep -c --material $full --material-plies 7 --all-lines "$T/v.pgn"
	# --at-ply: only the plies inside it count
	run -1 xqgrep -c --material $full --material-plies 3 --at-ply 1.. "$T/v.pgn"
	run -0 xqgrep -c --material $full --material-plies 5 --at-ply 1.. --all-lines "$T/v.pgn"
	# the other way round: four black pawns against five red ones
	run -0 xqgrep -c --material 2R2N2C4P/2R2N2C5P --material-either --all-lines "$T/v.pgn"
	run -1 xqgrep -c --material 2R2N2C4P/2R2N2C5P --all-lines "$T/v.pgn"
	run -0 xqgrep -c --material 2R2N2C5P/2R2N2C4P --material-plies 2 "$T/v.pgn"
	run -1 xqgrep -c --material 2R2N2C5P/2R2N2C4P --material-plies 3 "$T/v.pgn"
}

@test "--material --all-lines: a capture in one variation is taken back for the next" {
	# 1. h2h9 and 1. b2b9 each take a black horse, in two variations, and
	# black takes a red one back; 1... b7b0 takes a red horse on the main
	# line's alternative; no position has black without both horses
	printf '[Event "c"]\n\n1. h2e2 (1. h2h9 b7b0) (1. b2b9 h7h0) 1... h9g7 (1... b7b0) 2. h0g2 *\n' >"$T/c.pgn"
	run -1 xqgrep -c --material 2R2N2C5P/2RN2C5P "$T/c.pgn"
	run -0 xqgrep -c --material 2R2N2C5P/2RN2C5P --all-lines "$T/c.pgn"
	run -0 xqgrep -c --material 2R2N2C5P/2RN2C5P --all-lines --at-ply 1 "$T/c.pgn"
	run -1 xqgrep -c --material 2R2N2C5P/2RN2C5P --all-lines --at-ply 2.. "$T/c.pgn"
	run -1 xqgrep -c --material 2R2N2C5P/2R2C5P --all-lines "$T/c.pgn"
	run -1 xqgrep -c --material 2RN2C5P/2R2C5P --all-lines "$T/c.pgn"
	run -1 xqgrep -c --material 2R2C5P/2R2N2C5P --all-lines "$T/c.pgn"
	run -0 xqgrep -c --material 2RN2C5P/2R2N2C5P --all-lines --at-ply 2 "$T/c.pgn"
	run -1 xqgrep -c --material 2RN2C5P/2R2N2C5P "$T/c.pgn"
	run -0 xqgrep -c --material 2RN2C5P/2RN2C5P --all-lines "$T/c.pgn"
	run -1 xqgrep -c --material 2RN2C5P/2RN2C5P --all-lines --at-ply 3.. "$T/c.pgn"
	# after the variations the main line has all its pieces
	run -0 xqgrep -c --material 2R2N2C5P/2R2N2C5P --all-lines --at-ply 3 "$T/c.pgn"
	run -0 xqgrep -c --material 2R2N2C5P/2R2N2C5P --material-plies 4 "$T/c.pgn"
	[ "$("$GC" material 2 2 2 5 2 1 2 5 -- "$T/c.pgn")" = 0 ]
	[ "$("$GC" material 2 2 2 5 2 2 2 5 plies 4 -- "$T/c.pgn")" = 1 ]
}

@test "--fen from a start position other than the usual one, in a variation too" {
	# the main line and its variation both reach the chariot on b5 at ply 3;
	# the chariot on b4 only the second variation reaches
	printf '[Event "e"]\n[FEN "3k5/9/9/9/9/9/9/9/R8/5K3 w - - 0 1"]\n\n1. a1a5 (1. a1b1 d9e9 2. b1b5) (1. a1a4 d9e9 2. a4b4) 1... d9e9 2. a5b5 *\n' >"$T/e.pgn"
	fen=$("$GC" fen-at "$T/e.pgn" 1 3)
	run -0 xqgrep -c --fen "$fen" "$T/e.pgn"
	[ "$output" = 1 ]
	run -0 xqgrep -c --fen "$fen" --at-ply 3 "$T/e.pgn"
	run -1 xqgrep -c --fen "$fen" --at-ply 0..2 "$T/e.pgn"
	run -0 xqgrep -c --fen "$fen" --all-lines --at-ply 3 "$T/e.pgn"
	run -1 xqgrep -c --fen '3k5/9/9/9/9/9/9/9/R8/5K3 w' --at-ply 1.. "$T/e.pgn"
	run -0 xqgrep -c --fen '3k5/9/9/9/9/9/9/9/R8/5K3 w' --at-ply 0 "$T/e.pgn"
	run -1 xqgrep -c --fen '3k5/9/9/9/9/9/9/9/R8/5K3 b' "$T/e.pgn"
	run -1 xqgrep -c --fen '5k3/9/9/9/9/9/9/9/8R/3K5 w' "$T/e.pgn"
	run -0 xqgrep -c --fen '5k3/9/9/9/9/9/9/9/8R/3K5 w' --mirror "$T/e.pgn"
	run -1 xqgrep -c --fen '9/4k4/9/9/1R7/9/9/9/9/5K3 w' "$T/e.pgn"
	run -1 xqgrep -c --fen '4k4/9/9/9/9/1R7/9/9/9/5K3 b' "$T/e.pgn"
	run -0 xqgrep -c --fen '4k4/9/9/9/9/1R7/9/9/9/5K3 b' --all-lines "$T/e.pgn"
	run -0 xqgrep -c --fen '4k4/9/9/9/9/7R1/9/9/9/3K5 b' --all-lines --mirror "$T/e.pgn"
	run -1 xqgrep -c --fen '4k4/9/9/9/9/7R1/9/9/9/3K5 b' --all-lines "$T/e.pgn"
	[ "$("$GC" fen-all '4k4/9/9/9/9/1R7/9/9/9/5K3 b' -- "$T/e.pgn")" = 1 ]
	[ "$("$GC" fen '4k4/9/9/9/9/1R7/9/9/9/5K3 b' -- "$T/e.pgn")" = 0 ]
}

@test "diagnostics and output keep their order when both go to one stream" {
	# stderr is written in blocks but flushed before anything is output:
	# the duplicate's line comes before the games (which the writer holds
	# until it is closed), the summary after them, the count last
	printf '[Event "a"]\n\n1. h2e2 *\n\n[Event "b"]\n\n1. h2e2 *\n\n[Event "c"]\n\n1. b2e2 *\n' >"$T/u.pgn"
	run -0 xqgrep --unique "$T/u.pgn"
	[ "${lines[0]}" = "xqgrep: $T/u.pgn:5: game 2 is a duplicate of game 1 ($T/u.pgn:1)" ]
	[ "${lines[2]}" = '[Event "a"]' ]
	[ "${lines[-1]}" = "xqgrep: 3 games, 1 duplicate removed, 2 kept" ]
	run -0 xqgrep -c --unique "$T/u.pgn"
	[ "${lines[1]}" = "xqgrep: 3 games, 1 duplicate removed, 2 kept" ]
	[ "${lines[2]}" = 2 ]
	# a name with a control character is shown escaped, as every diagnostic
	cp "$T/u.pgn" "$T/u"$'\t'".pgn"
	run -0 --separate-stderr xqgrep -c --unique "$T/u"$'\t'".pgn"
	[ "$stderr" = "xqgrep: $T/u\\x09.pgn:5: game 2 is a duplicate of game 1 ($T/u\\x09.pgn:1)
xqgrep: 3 games, 1 duplicate removed, 2 kept" ]
	[ "$output" = 2 ]
}

@test "--at-ply limits --fen and --material to those plies" {
	printf '[Event "m"]\n\n1. h2e2 *\n' >"$T/m.pgn"
	fen=$("$GC" fen-at "$T/m.pgn" 1 1)
	run -0 xqgrep -c --fen "$fen" --at-ply 1 "$T/d.pgn"
	[ "$output" = 2 ]
	run -1 xqgrep -c --fen "$fen" --at-ply 2.. "$T/d.pgn"
	run -0 xqgrep -c --material '2R2N2C5P/2R2N2C5P' --at-ply 0 "$T/d.pgn"
	[ "$output" = 3 ]
}

@test "--unique over the corpus twice plus renamed copies" {
	f="$C/wukong_iccs_1125_games.pgn"
	sed 's/^\[Red "/[Red "renamed /' "$f" >"$T/renamed.pgn"
	cat "$f" "$f" "$T/renamed.pgn" >"$T/dup.pgn"
	total=$(grep -c '^\[Event' "$T/dup.pgn")
	distinct=$("$GC" lines "$T/dup.pgn" | cut -f1 | sort -u | wc -l)
	distinct_tags=$("$GC" lines "$T/dup.pgn" | sort -u | wc -l)
	run -0 --separate-stderr xqgrep --unique -o "$T/u.pgn" "$T/dup.pgn"
	[ "$(xqgrep -c "$T/u.pgn")" = "$distinct" ]
	# one line a duplicate, then the summary, nothing else
	[ "${stderr_lines[-1]}" = "xqgrep: $total games, $((total - distinct)) duplicates removed, $distinct kept" ]
	[ "$(grep -c 'is a duplicate of game' <<<"$stderr")" = $((total - distinct)) ]
	[ "${#stderr_lines[@]}" = $((total - distinct + 1)) ]
	# the first copy is kept and named with where it is
	[ "${stderr_lines[0]}" = "xqgrep: $T/dup.pgn:691: game 116 is a duplicate of game 76 ($T/dup.pgn:451)" ]
	# --key: the renamed copies differ in Red, so they stay
	run -0 --separate-stderr xqgrep --unique --key Red,Black -c "$T/dup.pgn"
	[ "$output" = "$distinct_tags" ]
	[ "$distinct_tags" -gt "$distinct" ]
	run -0 --separate-stderr xqgrep --unique -q -c "$T/dup.pgn"
	[ "$output" = "$distinct" ]
	[[ "$stderr" != *"is a duplicate"* ]]
	# across files: each input's count is of the games it keeps; every
	# game of the renamed copy goes, its line naming the first file
	run -0 --separate-stderr xqgrep --unique -c "$f" "$T/renamed.pgn"
	kept=$("$GC" lines "$f" | cut -f1 | sort -u | wc -l)
	n=$(grep -c '^\[Event' "$f")
	[ "$output" = "$f:$kept
$T/renamed.pgn:0" ]
	[ "$(grep -c "^xqgrep: $T/renamed.pgn:[0-9]*: game [0-9]* is a duplicate of game [0-9]* ($f:[0-9]*)$" <<<"$stderr")" = "$n" ]
	[ "${stderr_lines[-1]}" = "xqgrep: $((2 * n)) games, $((2 * n - kept)) duplicates removed, $kept kept" ]
	# -l: the inputs that keep a game; the copy keeps none
	run -0 --separate-stderr xqgrep --unique -l "$f" "$T/renamed.pgn"
	[ "$output" = "$f" ]
}

@test "--unique --keys and --merge-keys report exactly what one run does" {
	f="$C/wukong_hu_ronghua_1391_iccs.pgn"
	cat "$f" "$f" >"$T/two.pgn"
	xqgrep --unique -c <"$T/two.pgn" 2>"$T/one.err" >/dev/null
	head -c 400000 "$f" | awk '/^\[Event /{ n++ } { print > ("'"$T"'/part" (n > 700 ? 2 : 1)) }'
	cat "$T/two.pgn" | awk -v d="$T" '/^\[Event /{ n++ } { print > (d "/chunk" int((n - 1) / 1000)) }'
	for p in "$T"/chunk?; do xqgrep --unique --keys <"$p" >"$p.keys"; done
	xqgrep --merge-keys "$T"/chunk?.keys 2>"$T/merged.err"
	cmp "$T/one.err" "$T/merged.err"
	cat "$T"/chunk?.keys | xqgrep --merge-keys 2>"$T/merged2.err"
	cmp "$T/one.err" "$T/merged2.err"
	run -2 xqgrep --merge-keys "$T/two.pgn"
	[ "$output" = "xqgrep: $T/two.pgn:1: error: not a line of xqgrep --keys: the file skipped, its first line is no part's
xqgrep: 0 games, 0 duplicates removed, 0 kept" ]
	# a key is 32 lower-case hex digits, as --keys writes it: 0x or upper
	# case, which sscanf() would take, is refused
	awk -F'\t' -v OFS='\t' 'NR == 2 { $1 = "0x" substr($1, 3) } 1' "$T/chunk0.keys" >"$T/0x.keys"
	awk -F'\t' -v OFS='\t' 'NR == 2 { $1 = toupper($1) } 1' "$T/chunk0.keys" >"$T/upper.keys"
	for k in 0x upper; do
		run -2 --separate-stderr xqgrep --merge-keys "$T/$k.keys"
		[ "${stderr_lines[0]}" = "xqgrep: $T/$k.keys:2: error: not a key of xqgrep --keys" ]
	done
}

@test "--merge-keys --write-drops, then --drops --part: the games one --unique run writes" {
	f="$C/wukong_hu_ronghua_1391_iccs.pgn"
	sed 's/^\[Red "\(.*\)"\]/[Red "\1 copy"]/' "$C/wukong_iccs_1125_games.pgn" >"$T/renamed.pgn"
	cat "$f" "$T/renamed.pgn" "$f" "$S/bad_illegal.pgn" "$C/wukong_iccs_1125_games.pgn" >"$T/all.pgn"
	awk -v d="$T" '/^\[/ && !tag { n++ } { tag = /^\[/; print > (d "/chunk" int((n - 1) / 900)) }' "$T/all.pgn"
	[ -f "$T/chunk5" ]
	for crit in "" "--key|Red" "-P|HU RongHua|--plies|..80"; do
		IFS='|' read -ra c <<<"$crit"
		run --separate-stderr xqgrep --unique "${c[@]}" -o "$T/one.pgn" <"$T/all.pgn"
		grep -v 'invalid\|error' <<<"$stderr" >"$T/one.dups"
		[ "$(grep -c 'is a duplicate' "$T/one.dups")" -gt 100 ]
		one_c=$(xqgrep -q --unique -c "${c[@]}" <"$T/all.pgn" || true)
		for p in "$T"/chunk?; do xqgrep -q --unique --keys "${c[@]}" <"$p" || true; done >"$T/keys"
		[ "$(grep -c '^#xqgrep-keys' "$T/keys")" = 6 ]
		run -0 --separate-stderr xqgrep --merge-keys --write-drops "$T/drops" "$T/keys"
		[ "$stderr" = "$(cat "$T/one.dups")" ]
		[ "$(head -1 "$T/drops")" = $'#xqgrep-drops\t1' ]
		i=0 sum=0
		rm -f "$T/par.pgn"
		for p in "$T"/chunk?; do
			i=$((i + 1))
			xqgrep -q --unique --drops "$T/drops" --part $i "${c[@]}" <"$p" >>"$T/par.pgn" || true
			n=$(xqgrep -q --unique --drops "$T/drops" --part $i -c "${c[@]}" <"$p" || true)
			sum=$((sum + n))
		done
		cmp "$T/one.pgn" "$T/par.pgn"
		[ "$sum" = "$one_c" ]
	done
	# the second pass says nothing of duplicates: the merge did
	run -0 --separate-stderr xqgrep --unique --drops "$T/drops" --part 2 -c "${c[@]}" <"$T/chunk1"
	[ "$stderr" = "" ]
}

@test "--drops --part: parts other than those of --keys, bad drop lists, options (exit 2)" {
	f="$C/wukong_hu_ronghua_1391_iccs.pgn"
	cat "$f" "$f" | awk -v d="$T" '/^\[Event /{ n++ } { print > (d "/chunk" int((n - 1) / 1000)) }'
	for p in "$T"/chunk?; do xqgrep -q --unique --keys <"$p"; done >"$T/keys"
	xqgrep -q --merge-keys --write-drops "$T/drops" "$T/keys"
	# parts swapped: other games at the indices dropped, other counts
	run -2 --separate-stderr xqgrep --unique --drops "$T/drops" --part 2 -c <"$T/chunk0"
	[ "$stderr" = "xqgrep: <stdin>: error: part 2: game 20 is another game, not as --keys saw it (run both passes on the same parts: the same parallel options)" ]
	# the right games, but the part cut short: the drops after it missing
	head -n 3000 "$T/chunk1" >"$T/short"
	run -2 --separate-stderr xqgrep --unique --drops "$T/drops" --part 2 -c <"$T/short"
	[ "$stderr" = "xqgrep: <stdin>: error: part 2: 500 games in 3000 lines, not as --keys saw it (run both passes on the same parts: the same parallel options)" ]
	# a file for a part that read standard input
	run -2 --separate-stderr xqgrep --unique --drops "$T/drops" --part 1 -c "$T/chunk0"
	[ "$stderr" = "xqgrep: $T/chunk0: error: part 1: input 1 is another input, not as --keys saw it (run both passes on the same parts: the same parallel options)" ]
	run -2 --separate-stderr xqgrep --unique --drops "$T/drops" --part 9 <"$T/chunk0"
	[ "$stderr" = "xqgrep: '$T/drops' has no part 9" ]
	[ "$output" = "" ]
	# a bad drop list, and keys without a part header
	for bad in 'D\t1\t1' 'D\tx\t1\t0123456789abcdef0123456789abcdef\tn' 'D\t1\t0\t0123456789abcdef0123456789abcdef\tn' \
		   'D\t1\t1\t0123\tn' '#part\t1\tn\t-1\t0' 'X\t1\t1\t1\t1'; do
		printf "#xqgrep-drops\t1\n$bad\n" >"$T/bad"
		run -2 --separate-stderr xqgrep --unique --drops "$T/bad" --part 1 <"$T/chunk0"
		[ "$stderr" = "xqgrep: $T/bad:2: error: not a line of xqgrep --merge-keys --write-drops" ]
	done
	run -2 --separate-stderr xqgrep --unique --drops "$T/keys" --part 1 <"$T/chunk0"
	[ "$stderr" = "xqgrep: $T/keys:1: error: not a line of xqgrep --merge-keys --write-drops" ]
	grep -v '^#xqgrep-keys' "$T/keys" >"$T/old"
	run -2 --separate-stderr xqgrep --merge-keys --write-drops "$T/d2" "$T/old"
	[ "$stderr" = "xqgrep: $T/old:1: error: a line of xqgrep --keys before the first part's header: the file skipped, its first line is no part's
xqgrep: 0 games, 0 duplicates removed, 0 kept" ]
	[ ! -e "$T/d2" ]
	run -2 xqgrep --unique --drops "$T/drops" <"$T/chunk0"
	run -2 xqgrep --unique --part 1 <"$T/chunk0"
	run -2 xqgrep --drops "$T/drops" --part 1 <"$T/chunk0"
	run -2 xqgrep --unique --keys --drops "$T/drops" --part 1 <"$T/chunk0"
	run -2 xqgrep --unique --drops "$T/drops" --part 0 <"$T/chunk0"
	run -2 xqgrep --write-drops "$T/d3" --unique <"$T/chunk0"
	[ "$output" = "xqgrep: --write-drops goes with --merge-keys
$(synopsis)" ]
}

@test "-q silences the reports but keeps the summary; no notes without --verbose" {
	printf '[Event "x"]\n[Bogus "1"]\n\n1. h2e2 h9g7 *\n' >"$T/n.pgn"
	run -0 --separate-stderr xqgrep -c "$T/n.pgn"
	[ "$stderr" = "" ]
	run -1 --separate-stderr xqgrep -q -c "$S/bad_illegal.pgn"
	[ "$stderr" = "xqgrep: 1 game, 1 invalid (reported above, not searched)" ]
}

@test "standard input, '-' and a pipe" {
	run -0 xqgrep -c -P 胡荣华 <"$T/d.pgn"
	[ "$output" = 2 ]
	run -0 xqgrep -c -P 胡荣华 - <"$T/d.pgn"
	[ "$output" = 2 ]
	run -0 bash -o pipefail -c "cat '$T/d.pgn' | xqgrep -P 吕钦 | xqgrep -c -P 许银川"
	[ "$output" = 1 ]
}

@test "--replace: a character -E lacks is '?' with a warning" {
	printf '[Event "x"]\n1. h2e2 { \xf0\x9f\x98\x80 } h9g7 *\n' >"$T/r.pgn"
	run -0 --separate-stderr xqgrep -e utf-8 -n iccs -E gbk --replace "$T/r.pgn"
	[ "$output" = "$(printf '%s\n' '[Game "Chinese Chess"]' '[Event "x"]' '[Red "?"]' '[Black "?"]' \
		'[Result "*"]' '[Format "ICCS"]' '' '1. h2e2 { ? } 1... h9g7 *')" ]
	[ "$stderr" = "xqgrep: $T/r.pgn:1: warning: game 1: 1 character with no GBK form written as '?' (writing '<stdout>')" ]
}

@test "a game -E cannot hold is dropped with its error, as xqconv drops it: the rest written, exit 1" {
	printf '[Event "y"]\n1. h2e2 h9g7 *\n\n[Event "x"]\n1. h2e2 { \xf0\x9f\x98\x80 } h9g7 *\n\n[Event "z"]\n1. h2e2 *\n' >"$T/r.pgn"
	local err="$T/r.pgn:4: error: game 2: character '😀' cannot be encoded in GBK, in '1. h2e2 { 😀 } 1... h9g7 *'"
	run -1 --separate-stderr xqconv -e utf-8 -n iccs -E gbk -o "$T/c.pgn" "$T/r.pgn"
	[ "$stderr" = "xqconv: $err (writing '$T/c.pgn')
xqconv: 3 games read, 2 written, 1 dropped" ]
	run -1 --separate-stderr xqgrep -e utf-8 -n iccs -E gbk -o "$T/o.pgn" "$T/r.pgn"
	[ "$output" = "" ]
	[ "$stderr" = "xqgrep: $err (writing '$T/o.pgn')
xqgrep: 3 games, 1 matching not written (reported above)" ]
	[ "$(cat "$T/o.pgn")" = "$(cat "$T/c.pgn")" ]
	# standard output, one job or two
	for j in 1 2; do
		run -1 --separate-stderr xqgrep -J "$j" -e utf-8 -n iccs -E gbk "$T/r.pgn"
		[ "$output" = "$(cat "$T/c.pgn")" ]
		[ "$stderr" = "xqgrep: $err (writing '<stdout>')
xqgrep: 3 games, 1 matching not written (reported above)" ]
	done
	# the only match: nothing written
	run -1 --separate-stderr xqgrep -e utf-8 -n iccs -E gbk -T Event=x "$T/r.pgn"
	[ "$output" = "" ]
	[ "$stderr" = "xqgrep: $err (writing '<stdout>')
xqgrep: 3 games, 1 matching not written (reported above)" ]
}
