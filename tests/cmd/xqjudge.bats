#!/usr/bin/env bats
# xqjudge: every option, both output forms (whole output against the
# expected files in tests/cmd/xqjudge/), the exit statuses, bad input;
# xqcheck -r and xqconv --judge.
bats_require_minimum_version 1.5.0

setup() {
	ROOT="$BATS_TEST_DIRNAME/../.."
	S=samples
	E="$BATS_TEST_DIRNAME/xqjudge"
	T="$BATS_TEST_TMPDIR"
	cd "$ROOT"
}

# golden_at NAME FILE: the standard output golden case NAME expects
# (tests/golden/expected/NAME up to its stderr), of FILE, not <stdin>
golden_at() {
	sed -e '/^--- stderr$/,$d' -e "s|<stdin>|$2|" "$ROOT/tests/golden/expected/$1"
}

# game FEN MOVES: one PGN game on stdout
game() {
	printf '[Event "t"]\n[FEN "%s"]\n[Result "*"]\n\n%s *\n\n' "$1" "$2"
}
CHASE_FEN="4k4/9/c8/1R7/9/9/9/9/9/3K5 w - - 0 1"
CHASE="b6b7 a7a6 b7b6 a6a7 b6b7 a7a6 b7b6 a6a7"
QUIET_FEN="4k4/9/9/9/9/9/9/9/9/N2K5 w - - 0 1"
QUIET="a0b2 e9f9 b2a0 f9e9 a0c1 e9f9 c1a0 f9e9"

@test "-h prints the usage as --help does, exit 0" {
	run -0 --separate-stderr xqjudge -h
	[ "$output" = "$(xqjudge --help)" ]
}

@test "--version and -V" {
	run -0 xqjudge --version
	[[ "$output" =~ ^xqjudge\ \(xqtools\)\ [0-9]+\.[0-9]+\.[0-9]+$ ]]
	want=$output
	run -0 xqjudge -V
	[ "$output" = "$want" ]
}

# synopsis: what every usage error says after its message, the usage
# lines of --help and where the rest of it is.
synopsis() {
	cat <<'EOF'
usage: xqjudge [-hjqVv] [-r axf | cxa | 1956] [--fold N] [--limit PLIES]
               [--all-lines] [-n notation] [-e encoding] [-f format]
               [-J jobs] [-R] [--files-from=list [-0]] [file ...]
Try 'xqjudge --help' for more.
EOF
}

@test "usage errors: the message, the synopsis and where the help is; exit 2, nothing on stdout" {
	run -2 --separate-stderr xqjudge --bogus "$S/repetition.pgn"
	[ "$output" = "" ]
	[ "$stderr" = "xqjudge: unknown option '--bogus'"$'\n'"$(synopsis)" ]
	run -2 --separate-stderr xqjudge -jk "$S/repetition.pgn"
	[ "$output" = "" ]
	[ "$stderr" = "xqjudge: unknown option '-k'"$'\n'"$(synopsis)" ]
	run -2 --separate-stderr xqjudge "$S/repetition.pgn" -r
	[ "$output" = "" ]
	[ "$stderr" = "xqjudge: option '-r' needs a value"$'\n'"$(synopsis)" ]
	run -2 --separate-stderr xqjudge --all-lines=1 "$S/repetition.pgn"
	[ "$output" = "" ]
	[ "$stderr" = "xqjudge: option '--all-lines' takes no value"$'\n'"$(synopsis)" ]
	run -2 --separate-stderr xqjudge --limit 3 "$S/repetition.pgn"
	[ "$output" = "" ]
	[ "$stderr" = "xqjudge: invalid limit '3': a number of plies must be even"$'\n'"$(synopsis)" ]
	run -2 --separate-stderr xqjudge --fold 1 "$S/repetition.pgn"
	[ "$output" = "" ]
	[ "$stderr" = "xqjudge: invalid fold '1' (expected 2..4)"$'\n'"$(synopsis)" ]
	run -2 --separate-stderr xqjudge -0 "$S/repetition.pgn"
	[ "$output" = "" ]
	[ "$stderr" = "xqjudge: -0 needs --files-from"$'\n'"$(synopsis)" ]
}

@test "bad options and values exit 2" {
	run -2 xqjudge --fold 1 "$S/repetition.pgn"
	run -2 xqjudge --fold x "$S/repetition.pgn"
	run -2 xqjudge --limit 0 "$S/repetition.pgn"
	run -2 xqjudge --limit 1002 "$S/repetition.pgn"
	run -2 xqjudge -f nosuch "$S/repetition.pgn"
	run -2 xqjudge -e nosuch "$S/repetition.pgn"
	run -2 xqjudge -r
}

@test "text output, whole, for each rule set (-r axf, cxa, 1956)" {
	for r in axf cxa 1956; do
		run -1 --separate-stderr xqjudge -r "$r" "$S/repetition.pgn"
		diff -u "$E/repetition_$r.txt" <(printf '%s\n' "$output")
		# axf: the chases of games 2 and 3 are no loss
		against=3
		[ "$r" != axf ] || against=1
		[ "$stderr" = "xqjudge: 5 games: 4 rulings ($against against a side), 1 natural-limit event, 0 invalid" ]
	done
}

@test "the default rules are cxa, and --rules= is -r" {
	run -1 --separate-stderr xqjudge "$S/repetition.pgn"
	diff -u "$E/repetition_cxa.txt" <(printf '%s\n' "$output")
	run -1 --separate-stderr xqjudge --rules=cxa "$S/repetition.pgn"
	diff -u "$E/repetition_cxa.txt" <(printf '%s\n' "$output")
	run -1 --separate-stderr xqjudge --rules=wxf "$S/repetition.pgn"
	diff -u "$E/repetition_axf.txt" <(printf '%s\n' "$output")
}

@test "-j: one JSON object per game, whole output, with --all-lines" {
	run -1 --separate-stderr xqjudge -j -r axf --all-lines "$S/repetition.pgn"
	diff -u "$E/repetition_axf_all.json" <(printf '%s\n' "$output")
	[ "$(printf '%s\n' "$output" | wc -l)" -eq 5 ]
	printf '%s\n' "$output" | jq -e . >/dev/null
}

@test "-j: the top-level verdict and the rulings' fields" {
	run -1 --separate-stderr xqjudge -j -r cxa "$S/repetition.pgn"
	v=$(printf '%s\n' "$output" | jq -r .verdict | tr '\n' ' ')
	[ "$v" = "red-loses red-loses red-loses draw draw " ]
	r=$(printf '%s\n' "$output" | jq -r 'select(.index == 1) | .rulings[0] | "\(.kind) \(.ply) \(.first) \(.occurrences) \(.cycle) \(.rules) \(.class.red) \(.class.black) \(.needs_review)"')
	[ "$r" = "repetition 8 1 3 4 cxa forbidden allowed false" ]
	l=$(printf '%s\n' "$output" | jq -r 'select(.index == 1) | .rulings[0].labels[0] | "\(.move) \(.iccs) \(.labels[0]) \(.chased[0].piece) \(.chased[0].square)"')
	[ "$l" = "车八进一 b6b7 chase cannon a7" ]
	n=$(printf '%s\n' "$output" | jq -r 'select(.index == 5) | .rulings[0] | "\(.kind) \(.ply) \(.plies) \(.unseen) \(.may_claim.red) \(.may_claim.black) \(.verdict)"')
	[ "$n" = "natural-limit 1 120 119 true true draw" ]
}

@test "--all-lines judges the variations, marked as such" {
	run -1 --separate-stderr xqjudge "$S/repetition.pgn"
	diff -u "$E/repetition_cxa.txt" <(printf '%s\n' "$output")
	# game 4's variation: "ply 8 (variation): repetition", a perpetual check
	run -1 --separate-stderr xqjudge --all-lines "$S/repetition.pgn"
	diff -u "$E/repetition_cxa_all.txt" <(printf '%s\n' "$output")
	[ "$stderr" = "xqjudge: 5 games: 5 rulings (4 against a side), 1 natural-limit event, 0 invalid" ]
}

@test "--all-lines: a variation after a nested variation is judged on its own line" {
	# Main line idle; a variation from ply 1 chases, with a variation of
	# its own at ply 3, and another at ply 8 that completes the chase: the
	# judge must replay the line's plies 3 and 4 the first one replaced.
	cat >"$T/nested.pgn" <<EOF
[Event "nested"]
[FEN "$CHASE_FEN"]
[Result "*"]

1. d0d1 (1. b6b7 a7a6 2. b7b6 (2. d0d1 e9f9) 2... a6a7 3. b6b7 a7a6 4. b7b6 e9f9 (4... a6a7)) 1... e9f9 2. d1d0 f9e9 *
EOF
	run -1 --separate-stderr xqjudge -n iccs --all-lines "$T/nested.pgn"
	expected="$T/nested.pgn: game 1 (line 1)"'
  ply 8 (variation): repetition, 3 occurrences of the position, cycle 4 plies; span plies 1-8
       1 Red   b6b7         chase 捉 cannon a7
       2 Black a7a6         idle 闲
       3 Red   b7b6         chase 捉 cannon a6
       4 Black a6a7         idle 闲
       5 Red   b6b7         chase 捉 cannon a7
       6 Black a7a6         idle 闲
       7 Red   b7b6         chase 捉 cannon a6
       8 Black a6a7         idle 闲
    Red: forbidden; Black: allowed
    verdict: Red must change; if Red goes on, Red loses
    rule (cxa): CXA 26.4: forbidden moves (25.2: every move attacks) against allowed ones: the forbidden side must change
  verdict at the end of the main line: none'
	[ "$output" = "$expected" ]
	[ "$stderr" = "xqjudge: 1 game: 1 ruling (1 against a side), 0 natural-limit events, 0 invalid" ]
	run -1 --separate-stderr xqjudge -j --all-lines "$T/nested.pgn"
	[ "$(printf '%s\n' "$output" | jq -c '[.rulings[] | [.ply, .depth, .mainline]]')" = "[[8,2,false]]" ]
	[ "$stderr" = "xqjudge: 1 game: 1 ruling (1 against a side), 0 natural-limit events, 0 invalid" ]
	run -0 --separate-stderr xqjudge -n iccs "$T/nested.pgn"
	[ "$output" = "$T/nested.pgn: game 1 (line 1)
  verdict at the end of the main line: none (no repetition ruling, natural limit not reached)" ]
	[ "$stderr" = "xqjudge: 1 game: 0 rulings (0 against a side), 0 natural-limit events, 0 invalid" ]
}

@test "--fold: 2 rules at the first recurrence, 4 waits for the fourth" {
	game "$CHASE_FEN" "$CHASE $CHASE" >"$T/c.pgn"
	run -1 --separate-stderr xqjudge --fold 2 -j "$T/c.pgn"
	[ "$(printf '%s\n' "$output" | jq '.rulings | length')" -eq 4 ]
	[ "$(printf '%s\n' "$output" | jq '.rulings[0].ply')" -eq 4 ]
	run -1 --separate-stderr xqjudge --fold=3 -j "$T/c.pgn"
	[ "$(printf '%s\n' "$output" | jq '.rulings[0].ply')" -eq 8 ]
	run -1 --separate-stderr xqjudge --fold 4 -j "$T/c.pgn"
	[ "$(printf '%s\n' "$output" | jq '.rulings[0].ply')" -eq 12 ]
	[ "$(printf '%s\n' "$output" | jq '.rulings[0].occurrences')" -eq 4 ]
	game "$CHASE_FEN" "b6b7 a7a6 b7b6 a6a7 b6b7 a7a6 b7b6" >"$T/short.pgn"
	run -0 --separate-stderr xqjudge "$T/short.pgn"
	[ "$output" = "$T/short.pgn: game 1 (line 1)
  verdict at the end of the main line: none (no repetition ruling, natural limit not reached)" ]
	[ "$stderr" = "xqjudge: 1 game: 0 rulings (0 against a side), 0 natural-limit events, 0 invalid" ]
}

@test "--limit: the natural limit at the plies given, and not one ply before" {
	moves=""
	for _ in 1 2 3 4 5; do moves="$moves a0b2 e9f9 b2a0 f9e9 a0c1 e9f9 c1a0 f9e9"; done
	game "$QUIET_FEN" "$moves" >"$T/q.pgn"
	# the rulings of every recurrence, then "ply 40: natural limit
	# reached at ply 40 (40 plies without a capture)"
	run -0 --separate-stderr xqjudge --limit 40 "$T/q.pgn"
	[ "$output" = "$(golden_at xqjudge-limit "$T/q.pgn")" ]
	[ "$stderr" = "xqjudge: 1 game: 5 rulings (0 against a side), 1 natural-limit event, 0 invalid" ]
	run -0 --separate-stderr xqjudge --limit=38 -j "$T/q.pgn"
	[ "$(printf '%s\n' "$output" | jq -c '[.rulings[] | select(.kind == "natural-limit") | .ply]')" = "[38]" ]
	# 120 by default: no natural limit in 40 plies
	run -0 --separate-stderr xqjudge "$T/q.pgn"
	[ "$output" = "$(golden_at xqjudge-nolimit "$T/q.pgn")" ]
	[ "$stderr" = "xqjudge: 1 game: 5 rulings (0 against a side), 0 natural-limit events, 0 invalid" ]
}

@test "a FEN counter at the limit already: the event at ply 0, main line and --all-lines alike" {
	for o in "" --all-lines; do
		run -1 --separate-stderr xqjudge $o --limit 40 -j "$S/repetition.pgn"
		[ "$(printf '%s\n' "$output" | jq -c 'select(.index == 5) | [.verdict, (.rulings[] | [.kind, .ply, .plies, .unseen])]')" = '["draw",["natural-limit",0,119,119]]' ]
		# game 5: "ply 0: natural limit reached at ply 0 (119 plies
		# without a capture)"
		run -1 --separate-stderr xqjudge $o --limit 40 "$S/repetition.pgn"
		diff -u "$E/repetition_cxa${o:+_all}_limit40.txt" <(printf '%s\n' "$output")
	done
}

@test "exit 0 when nothing goes against a side, also for no input" {
	game "$QUIET_FEN" "$QUIET $QUIET" >"$T/q.pgn"
	run -0 --separate-stderr xqjudge "$T/q.pgn"
	[ "$output" = "$(golden_at xqjudge-quiet "$T/q.pgn")" ]
	[ "$stderr" = "xqjudge: 1 game: 2 rulings (0 against a side), 0 natural-limit events, 0 invalid" ]
	run -0 --separate-stderr xqjudge </dev/null
	[ "$stderr" = "xqjudge: 0 games: 0 rulings (0 against a side), 0 natural-limit events, 0 invalid" ]
}

@test "standard input and '-'; -q silences the diagnostics, keeps the summary" {
	run -1 --separate-stderr xqjudge -r axf - <"$S/repetition.pgn"
	[ "$output" = "$(sed 's|^samples/repetition.pgn: |<stdin>: |' "$E/repetition_axf.txt")" ]
	[ "$stderr" = "xqjudge: 5 games: 4 rulings (1 against a side), 1 natural-limit event, 0 invalid" ]
	{ printf '[Event "bad"]\n[Result "*"]\n\n1. h2e2 h9g7 2. e2e9 *\n\n'; cat "$S/repetition.pgn"; } >"$T/mixed.pgn"
	run -1 --separate-stderr xqjudge -q <"$T/mixed.pgn"
	[ "$stderr" = "xqjudge: 6 games: 4 rulings (3 against a side), 1 natural-limit event, 1 invalid" ]
}

@test "an invalid game is a finding: exit 1, also with no ruling against a side" {
	game "$QUIET_FEN" "$QUIET $QUIET" >"$T/q.pgn"
	printf '[Event "bad"]\n[Result "*"]\n\n1. h2e2 h9g7 2. e2e9 *\n' >>"$T/q.pgn"
	run -1 --separate-stderr xqjudge "$T/q.pgn"
	[ "$stderr" = "xqjudge: $T/q.pgn:10:17: error: game 2, ply 3: e2e9: illegal move: no legal move from e2 to e9
xqjudge: 2 games: 2 rulings (0 against a side), 0 natural-limit events, 1 invalid" ]
}

@test "bad input is reported, the run goes on; exit 1 for an invalid game, 2 for an unreadable input" {
	{ printf '[Event "bad"]\n[Result "*"]\n\n1. h2e2 h9g7 2. e2e9 *\n\n'; cat "$S/repetition.pgn"; } >"$T/mixed.pgn"
	run -1 --separate-stderr xqjudge "$T/mixed.pgn"
	[ "$stderr" = "xqjudge: $T/mixed.pgn:4:17: error: game 1, ply 3: e2e9: illegal move: no legal move from e2 to e9
xqjudge: 6 games: 4 rulings (3 against a side), 1 natural-limit event, 1 invalid" ]
	# the games of repetition.pgn after it: game 2 (line 6) to game 6
	diff -u <(sed "s|^mixed.pgn: |$T/mixed.pgn: |" "$E/mixed_cxa.txt") <(printf '%s\n' "$output")
	run -1 --separate-stderr xqjudge "$S/bad_fen.pgn"
	run -2 --separate-stderr xqjudge "$T/no-such-file.pgn" "$S/repetition.pgn"
	[ "$stderr" = "xqjudge: cannot open '$T/no-such-file.pgn': No such file or directory
xqjudge: 5 games: 4 rulings (3 against a side), 1 natural-limit event, 0 invalid" ]
	diff -u "$E/repetition_cxa.txt" <(printf '%s\n' "$output")
	perl -e 'srand(42); print map { chr(int(rand(256))) } 1..3000' >"$T/noise.bin"
	run -2 --separate-stderr xqjudge "$T/noise.bin"
	[ "$stderr" = "xqjudge: $T/noise.bin: fatal: unrecognised format: binary data, no game record found
xqjudge: 0 games: 0 rulings (0 against a side), 0 natural-limit events, 0 invalid" ]
}

@test "xqcheck -r: no rulings without it, their codes in -j, unknown rules exit 2" {
	run -0 --separate-stderr xqcheck "$S/repetition.pgn"
	[ "$stderr" = "xqcheck: 5 games: 5 valid, 0 invalid (0 errors, 0 warnings)" ]
	run -0 --separate-stderr xqcheck --rules=1956 -j "$S/repetition.pgn"
	c=$(printf '%s\n' "$output" | jq -r 'select(.index == 3) | .problems[0].code')
	[ "$c" = repetition ]
	run -2 xqcheck -r nosuch "$S/repetition.pgn"
}

@test "xqconv --judge: the judged record reads back clean, no rulings without it" {
	run -0 --separate-stderr xqconv --judge=axf "$S/repetition.pgn"
	printf '%s\n' "$output" >"$T/judged.pgn"
	run -0 --separate-stderr xqcheck "$T/judged.pgn"
	run -0 --separate-stderr xqconv "$S/repetition.pgn"
	[ "$output" = "$(golden_at xqjudge-conv-plain "$S/repetition.pgn")" ]
	run -2 xqconv --judge=nosuch "$S/repetition.pgn"
}

@test "CXA joint chase 联合捉 / 少根子 and 29.4: labels, review, JSON words" {
	# the red rook chases in turn an unprotected horse and, with the
	# cannon, a horse protected once; black's rook chases two horses
	game "4k2r1/1r6N/8N/9/n2R5/7n1/9/7p1/9/3K3C1 w - - 0 1" \
		"d5d4 b8b7 d4d5 b7b8 d5d4 b8b7 d4d5 b7b8" >"$T/joint.pgn"
	# d5d4: "chase 捉 horse h4, joint-chase 联合捉 (少根子)", d4d5 "chase
	# 捉 horse a5" alone; the review names 少根子 and 联合捉
	run -0 --separate-stderr xqjudge -n iccs "$T/joint.pgn"
	[ "$output" = "$(golden_at xqjudge-joint "$T/joint.pgn")" ]
	[ "$stderr" = "xqjudge: 1 game: 1 ruling (0 against a side), 0 natural-limit events, 0 invalid" ]
	# "labels":["chase","joint-chase"], "needs_review":true
	run -0 --separate-stderr xqjudge -j "$T/joint.pgn"
	[ "$output" = "$(golden_at xqjudge-joint-json "$T/joint.pgn")" ]
	[ "$stderr" = "xqjudge: 1 game: 1 ruling (0 against a side), 0 natural-limit events, 0 invalid" ]
	# axf: no such labels, each side chases two pieces in turn, no review
	run -0 --separate-stderr xqjudge -r axf -j "$T/joint.pgn"
	[ "$output" = "$(golden_at xqjudge-joint-axf-json "$T/joint.pgn")" ]
	[ "$stderr" = "xqjudge: 1 game: 1 ruling (0 against a side), 0 natural-limit events, 0 invalid" ]
	# 29.4: taking the cannon opens the b-file to 车2进9 mate
	game "1r2k4/9/c8/1R7/9/9/9/3pp4/9/3K5 w - - 0 1" \
		"b6b7 a7a6 b7b6 a6a7 b6b7 a7a6 b7b6 a6a7" >"$T/mate.pgn"
	# the rook's moves "idle 闲, exchange 兑, capture-allows-mate (CXA
	# 29.4)": CXA 26.2, a draw
	run -0 --separate-stderr xqjudge "$T/mate.pgn"
	[ "$output" = "$(golden_at xqjudge-mate "$T/mate.pgn")" ]
	[ "$stderr" = "xqjudge: 1 game: 1 ruling (0 against a side), 0 natural-limit events, 0 invalid" ]
	run -0 --separate-stderr xqjudge -j "$T/mate.pgn"
	[ "$output" = "$(golden_at xqjudge-mate-json "$T/mate.pgn")" ]
	[ "$stderr" = "xqjudge: 1 game: 1 ruling (0 against a side), 0 natural-limit events, 0 invalid" ]
	# axf has no such exception: a perpetual chase, "Red must change"
	run -1 --separate-stderr xqjudge -r axf "$T/mate.pgn"
	[ "$output" = "$(golden_at xqjudge-mate-axf "$T/mate.pgn")" ]
	[ "$stderr" = "xqjudge: 1 game: 1 ruling (1 against a side), 0 natural-limit events, 0 invalid" ]
}
