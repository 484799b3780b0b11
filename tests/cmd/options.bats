#!/usr/bin/env bats
# The options and the input loop every record command shares
# (cmd/record_input.c: cmd_getopt, opt_output, record_loop_run): the same
# refusal for the same bad value in every command, and the same handling
# of inputs that cannot be opened or read.  Outputs compared whole.
bats_require_minimum_version 1.5.0

# Each record command with the shared letters it takes.
READERS="xqcheck xqconv xqshow xqjudge xqgrep xqstats xqannotate"
WITH_N="xqconv xqshow xqjudge xqgrep xqstats xqannotate"
WITH_T="xqconv xqannotate"
WITH_E_OUT="xqconv xqgrep xqannotate"
WITH_D="xqconv xqannotate"
# The commands whose output of an input does not depend on the others.
STREAMS="xqcheck xqconv xqjudge xqgrep xqstats"

setup() {
	ROOT="$BATS_TEST_DIRNAME/../.."
	S="$ROOT/samples"
	T="$BATS_TEST_TMPDIR"
	printf '\211PNG\r\n\032\n\0\0\0\0not a record' >"$T/picture.png"
}

# synopsis CMD: what every usage error of CMD says after its message: the
# usage lines that begin its --help (up to the first line of prose) and
# where the rest is.
synopsis() {
	"$1" --help | awk 'NR > 1 && !/^ / { exit } { print }'
	echo "Try '$1 --help' for more."
}

# refused CMD MESSAGE ARGS...: a usage error: exit 2, nothing on stdout,
# MESSAGE and the synopsis on stderr.
refused() {
	local cmd=$1 msg=$2
	shift 2
	run -2 --separate-stderr "$cmd" "$@"
	[ -z "$output" ]
	[ "$stderr" = "$cmd: $msg"$'\n'"$(synopsis "$cmd")" ]
}

# refused_value CMD MESSAGE LIST ARGS...: a bad option value, a usage
# error whose message names the values that are right (LIST).
refused_value() {
	local cmd=$1 msg=$2 list=$3
	shift 3
	refused "$cmd" "$msg ($list)" "$@"
}

# the values each refusal names
IN="auto, pgn, text, xqf, dhtmlxq, cbf, cbr, xiexie, oldcbl, pfc, openings, che, ourgame, ccm, mxq, xgf, xfen"
ENC="utf-8, gbk, gb18030, gb2312, big5, big5-hkscs, cp936, cp950"
OUT="pgn, text, xqf, xqf18, dhtmlxq, xiexie, html"
NOTATIONS="chinese, wxf, iccs, uci, uci10"

@test "-f and -e: the same refusal in every record command" {
	for c in $READERS; do
		refused_value $c "unknown input format 'nosuch'" "$IN" -f nosuch "$S/games.pgn"
		refused_value $c "unknown input format 'nosuch'" "$IN" --format=nosuch "$S/games.pgn"
		refused_value $c "unknown encoding 'klingon'" "auto, $ENC" -e klingon "$S/games.pgn"
		refused_value $c "unknown encoding 'klingon'" "auto, $ENC" --encoding=klingon "$S/games.pgn"
	done
}

@test "-n, -t and -E: the same refusal in every command that takes them" {
	for c in $WITH_N; do
		refused_value $c "unknown notation 'klingon'" "$NOTATIONS" -n klingon "$S/games.pgn"
		refused_value $c "unknown notation 'any'" "$NOTATIONS" --notation=any "$S/games.pgn"
	done
	for c in $WITH_T; do
		refused_value $c "unknown output format 'nosuch'" "$OUT" -t nosuch "$S/games.pgn"
	done
	# xqgrep's -t also refuses a format of one game a file
	refused_value xqgrep "unknown output format 'xqf' for a stream of games" "pgn, text, dhtmlxq, xiexie" -t xqf "$S/games.pgn"
	for c in $WITH_E_OUT; do
		refused_value $c "unknown encoding 'klingon'" "$ENC" -E klingon "$S/games.pgn"
		refused_value $c "unknown encoding 'auto'" "$ENC" --output-encoding=auto "$S/games.pgn"
	done
}

@test "-o and -d: the same checks in every command that writes records" {
	for c in $WITH_D; do
		refused $c "-o and -d cannot be used together" -o "$T/x.pgn" -d "$T" "$S/games.pgn"
		: >"$T/afile"
		run -2 --separate-stderr $c -d "$T/afile" "$S/games.pgn"
		[ -z "$output" ]
		[ "$stderr" = "$c: '$T/afile' is not a directory" ]
		# a missing directory is made, with its parents; --name and --force
		run -0 --separate-stderr $c -d "$T/$c/new/dir" --name='%{Red}' "$S/games.pgn"
		[ "$(ls "$T/$c/new/dir")" = "$(printf '%s\n' Black_Sample.pgn Red_Sample.pgn)" ]
		run -1 --separate-stderr $c -d "$T/$c/new/dir" --name='%{Red}' "$S/games.pgn"
		# the game's error, naming the file
		[[ "$stderr" == *"$c: "*"game 1: "*"exists: not overwritten (--force replaces it)"* ]]
		[[ "$stderr" == *"'$T/$c/new/dir/Red_Sample.pgn'"* ]]
		run -0 --separate-stderr $c -d "$T/$c/new/dir" --name='%{Red}' --force "$S/games.pgn"
		refused $c "--name and --force need -d DIR" --force "$S/games.pgn"
		refused $c "invalid --name '%q' at '%q': the fields are %n, %06n, %{Tag} and %%" -d "$T/$c/x" --name=%q "$S/games.pgn"
		[ ! -e "$T/$c/x" ]
	done
}

@test "an input that cannot be opened or read: said once, exit 2, the others still read" {
	for c in $STREAMS; do
		run -0 --separate-stderr $c "$S/endgame.txt"
		local alone=$output
		run -2 --separate-stderr $c "$T/picture.png" "$T/nonexistent.pgn" "$T" "$S/endgame.txt"
		[ "$output" = "$alone" ]
		local first3
		first3=$(printf '%s\n' "$stderr" | head -n 3)
		[ "$first3" = "$c: $T/picture.png: fatal: unrecognised format: looks like a PNG image, no game record found
$c: cannot open '$T/nonexistent.pgn': No such file or directory
$c: cannot read '$T': Is a directory" ]
		# the fatal problem is not said again as a reading error
		[[ "$stderr" != *"error reading"* ]]
	done
}

@test "known values, auto and standard input: the same games read in every command" {
	for c in $STREAMS; do
		run -0 --separate-stderr $c "$S/games.pgn"
		local want=$output want_err=$stderr
		[ -n "$want$want_err" ]
		run -0 --separate-stderr $c -f pgn -e utf-8 "$S/games.pgn"
		[ "$output" = "$want" ]
		[ "$stderr" = "$want_err" ]
		run -0 --separate-stderr $c --format=auto --encoding=auto "$S/games.pgn"
		[ "$output" = "$want" ]
		[ "$stderr" = "$want_err" ]
		# no file, or '-': standard input, named <stdin>
		want=${want//"$S/games.pgn"/<stdin>}
		want_err=${want_err//"$S/games.pgn"/<stdin>}
		run -0 --separate-stderr $c <"$S/games.pgn"
		[ "$output" = "$want" ]
		[ "$stderr" = "$want_err" ]
		run -0 --separate-stderr $c - <"$S/games.pgn"
		[ "$output" = "$want" ]
		[ "$stderr" = "$want_err" ]
	done
	run -0 xqshow -F "$S/games.pgn"
	local want=$output
	run -0 xqshow -F - <"$S/games.pgn"
	[ "$output" = "$want" ]
}

# problem_lines CMD: the error and fatal lines of $stderr, without the
# command's name
problem_lines() {
	grep -E '^[a-z]+: .*: (error|fatal): ' <<<"$stderr" | sed "s/^$1: //" || true
}

@test "an input cut short: the same error line and exit 1 in every command" {
	# a PGN cut inside a comment and inside a variation, an XQF cut in its
	# header and in its tree, a .gz cut inside a game
	printf '[Event "cut"]\n\n1. h2e2 h9g7 2. h0g2 (2. b2c2 b9c7\n' >"$T/variation.pgn"
	head -c 700 "$S/game.xqf" >"$T/header.xqf"
	head -c 1100 "$S/game.xqf" >"$T/tree.xqf"
	gzip -c "$S/games.pgn" >"$T/whole.pgn.gz"
	head -c 300 "$T/whole.pgn.gz" >"$T/cut.pgn.gz"
	for f in "$S/bad_truncated.pgn" "$T/variation.pgn" "$T/header.xqf" "$T/tree.xqf" "$T/cut.pgn.gz"; do
		run -1 --separate-stderr xqcheck "$f"
		local want
		want=$(problem_lines xqcheck)
		case $f in
		*/bad_truncated.pgn) [ "$want" = "$f:4:22: error: game 1: comment not closed before the end of the game" ] ;;
		*/variation.pgn) [ "$want" = "$f:3: error: game 1: 1 variation not closed before the end of the game" ] ;;
		*/header.xqf) [ "$want" = "$f: error: game 1: file too short: 700 bytes, an XQF header has 1024" ] ;;
		*/tree.xqf) [ "$want" = "$f: error: game 1: byte 1028 (0x404): comment length 70 runs past the end of the file (68 bytes left); 0 move records before it kept" ] ;;
		*) [[ "$want" == *"error: game 1: "* ]] ;;
		esac || { echo "$f: $stderr"; return 1; }
		for c in $READERS; do
			run --separate-stderr $c "$f"
			[ "$status" -eq 1 ] || { echo "$c $f: exit $status: $stderr"; return 1; }
			[ "$(problem_lines $c)" = "$want" ] || { echo "$c $f: $stderr"; return 1; }
		done
	done
	# each names the cut
	run -1 --separate-stderr xqcheck "$T/header.xqf"
	[ "$(problem_lines xqcheck)" = "$T/header.xqf: error: game 1: file too short: 700 bytes, an XQF header has 1024" ]
	run -1 --separate-stderr xqcheck "$T/cut.pgn.gz"
	[[ "$stderr" == *"cut.pgn.gz:"*": error: game 1: the compressed input ends early: the game is cut there"* ]]
}

@test "an empty input is an empty success in every command: no game, no diagnostic" {
	: >"$T/empty.pgn"
	printf '\n  \n' >"$T/blank.pgn"
	: >"$T/empty.xqf"
	for f in "$T/empty.pgn" "$T/blank.pgn" "$T/empty.xqf"; do
		for c in xqcheck xqconv xqjudge xqstats xqannotate; do
			run -0 --separate-stderr $c "$f"
			[ "$(problem_lines $c)" = "" ]
			[[ "$stderr" != *": warning: "* ]]
		done
		run -0 --separate-stderr xqcheck "$f"
		[ "$stderr" = "xqcheck: 0 games: 0 valid, 0 invalid (0 errors, 0 warnings)" ]
		# xqgrep: no game matched; xqshow: no game 1 to show
		run -1 --separate-stderr xqgrep -c "$f"
		[ "$output" = 0 ]
		[ "$stderr" = "" ]
		run -2 --separate-stderr xqshow "$f"
		[ "$stderr" = "xqshow: '$f' has 0 games, not 1" ]
	done
}

@test "-q means one thing in every command: no game diagnostics, the summary line stays" {
	printf '[Event "x"]\n[Bogus "1"]\n\n1. h2e2 h9g7 *\n' >"$T/warned.pgn"
	for c in xqcheck xqconv xqgrep xqjudge "xqannotate --nodes 2000" xqstats; do
		run -1 --separate-stderr $c "$S/bad_illegal.pgn" "$T/warned.pgn"
		local loud=$stderr summary=${stderr##*$'\n'}
		[ "$(problem_lines "${c%% *}")" = "$S/bad_illegal.pgn:7:35: error: game 1, ply 6: 马八进七: not a move for Black here: '马八进七': no black horse on file ８ (black horses: files ２, ７)" ] ||
			{ echo "$c: $loud"; return 1; }
		# xqstats has no summary line: its figures are its output
		[ "${c%% *}" != xqstats ] || summary=""
		run -1 --separate-stderr $c -q "$S/bad_illegal.pgn" "$T/warned.pgn"
		[ "$stderr" = "$summary" ] || { echo "$c -q: $stderr"; return 1; }
		# an input that cannot be read is still said
		# (then the summary of no game, where the command has one)
		run -2 --separate-stderr $c -q "$T/nonexistent.pgn"
		case ${c%% *} in
		xqcheck) summary=$'\nxqcheck: 0 games: 0 valid, 0 invalid (0 errors, 0 warnings)' ;;
		xqconv) summary=$'\nxqconv: 0 games read, 0 written, 0 dropped' ;;
		xqjudge) summary=$'\nxqjudge: 0 games: 0 rulings (0 against a side), 0 natural-limit events, 0 invalid' ;;
		xqannotate) summary=$'\nxqannotate: 0 games read, 0 annotated, 0 unannotated, 0 dropped' ;;
		*) summary="" ;;
		esac
		[ "$stderr" = "${c%% *}: cannot open '$T/nonexistent.pgn': No such file or directory$summary" ] ||
			{ echo "$c -q: $stderr"; return 1; }
	done
}
