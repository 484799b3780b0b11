#!/usr/bin/env bats
# xqannotate: marks, comments, better lines and summaries with the built-in
# engine and with external ones (Fairy-Stockfish, a UCCI wrapper of it, and
# fake engines that die, hang or speak garbage); every option; the chart
# rendered with rsvg-convert and checked pixel by pixel.  Small node and
# depth limits keep it fast.
bats_require_minimum_version 1.5.0

setup() {
	TOP="$BATS_TEST_DIRNAME/../.."
	S="$TOP/samples/annotate"
	E="$TOP/tests/engines"
	T="$BATS_TEST_TMPDIR"
	FSF=${XQ_FSF:-/usr/games/fairy-stockfish}
}

# png_pixel: built by make into build/tools; compiled here if missing.
png_pixel() {
	local tool="$TOP/build/tools/png_pixel"
	if [ ! -x "$tool" ]; then
		tool="$BATS_FILE_TMPDIR/png_pixel"
		[ -x "$tool" ] || ${CC:-cc} -O1 -o "$tool" "$TOP/tests/diff/png_pixel.c" -lz
	fi
	"$tool" "$@"
}

# golden NAME: the standard output held by the golden case NAME
golden() { sed '/^--- stderr$/,$d' "$TOP/tests/golden/expected/$1"; }

# unversioned TEXT: TEXT with Fairy-Stockfish's version, which changes with
# the build installed, as VERSION (where it has the form of one)
unversioned() { sed -E 's/Fairy-Stockfish [0-9]+(\.[0-9]+)*( [A-Za-z0-9]+)*/Fairy-Stockfish VERSION/g' <<<"$1"; }

# last_words TEXT: TEXT with die.sh's last word, from its stdout or its
# stderr (whichever is read first), as LAST
last_words() {
	sed "s/; it said last: '\(info string about to crash\|segmentation fault (pretend)\)'\$/; it said last: LAST/" <<<"$1"
}

# The error of samples/bad_illegal.pgn's illegal move, after "prog: ";
# and all xqannotate --strict says of games.pgn then that file.
illegal() {
	echo "$TOP/samples/bad_illegal.pgn:7:35: error: game 1, ply 6: 马八进七: not a move for Black here: '马八进七': no black horse on file ８ (black horses: files ２, ７)"
}
strict_stopped() {
	printf 'xqannotate: %s\nxqannotate: %s\nxqannotate: 3 games read, 0 annotated, 0 unannotated, 3 dropped' \
		"$(illegal)" "$TOP/samples/bad_illegal.pgn:1: error: game 1 is invalid: stopping (--strict)"
}

# movetext OUTPUT: the movetext on one line
movetext() { grep -v '^\[' <<<"$1" | tr '\n' ' ' | tr -s ' '; }

# no engine processes of ours left (fake engines are shell scripts)
no_leftovers() {
	[ -z "$(ps -eo pid,ppid,stat,args | grep -E '[t]ests/engines/|[s]leep 1000' | grep -v grep)" ]
	[ -z "$(ps -eo stat,args | grep -E '^Z' | grep -E 'die.sh|hang.sh|garbage.sh|fairy')" ]
}

# synopsis: what every usage error says after its message, the usage
# lines of --help and where the rest of it is.
synopsis() {
	cat <<'EOF'
usage: xqannotate [-hjqVv] [--engine CMD [--engine-arg ARG]... [--engine-option N=V]...]
                  [--depth N | --nodes N | --movetime MS] [--from PLY] [--to PLY]
                  [--played root|next] [--order forward|backward] [-J jobs]
                  [--lang zh|en]
                  [--plot FILE.svg|DIR] [-f format] [-t format] [-e enc] [-E enc]
                  [-n notation] [-o file | -d dir]
                  [-R] [--files-from=list [-0]] [file ...]
Try 'xqannotate --help' for more.
EOF
}

@test "--help on stdout, exit 0; --version; bad usage is exit 2" {
	# the help text whole: the golden case annotate-help holds it
	run -0 --separate-stderr xqannotate --help
	[ "$output" = "$(sed '/^--- stderr$/,$d' "$TOP/tests/golden/expected/annotate-help")" ]
	[ -z "$stderr" ]
	local help=$output
	run -0 xqannotate -h
	[ "$output" = "$help" ]
	# the version number itself may change: its form is checked
	run -0 xqannotate -V
	[[ "$output" =~ ^xqannotate\ \(xqtools\)\ [0-9]+\.[0-9]+\.[0-9]+$ ]]
}

@test "usage errors: the message, the synopsis and where the help is; exit 2, nothing on stdout" {
	run -2 --separate-stderr xqannotate --no-such-option "$S/blunder.pgn"
	[ -z "$output" ]
	[ "$stderr" = "xqannotate: unknown option '--no-such-option'"$'\n'"$(synopsis)" ]
	run -2 --separate-stderr xqannotate -qy "$S/blunder.pgn"
	[ -z "$output" ]
	[ "$stderr" = "xqannotate: unknown option '-y'"$'\n'"$(synopsis)" ]
	run -2 --separate-stderr xqannotate "$S/blunder.pgn" --depth
	[ -z "$output" ]
	[ "$stderr" = "xqannotate: option '--depth' needs a value"$'\n'"$(synopsis)" ]
	run -2 --separate-stderr xqannotate --strict=yes "$S/blunder.pgn"
	[ -z "$output" ]
	[ "$stderr" = "xqannotate: option '--strict' takes no value"$'\n'"$(synopsis)" ]
	run -2 --separate-stderr xqannotate --engine- x "$S/blunder.pgn"
	[ -z "$output" ]
	[ "$stderr" = "xqannotate: option '--engine-' is ambiguous: --engine-arg, --engine-dialect, --engine-option, --engine-timeout"$'\n'"$(synopsis)" ]
}

@test "option errors: ranges, thresholds, engine options without --engine" {
	# a usage error is its line, then the synopsis on stderr
	run -2 --separate-stderr xqannotate --from 5 --to 3 "$S/blunder.pgn"
	[ "$stderr" = "xqannotate: --from 5 is after --to 3"$'\n'"$(synopsis)" ]
	run -2 --separate-stderr xqannotate --from 0 "$S/blunder.pgn"
	[ "$stderr" = "xqannotate: invalid ply '0' (expected 1..100000)"$'\n'"$(synopsis)" ]
	run -2 --separate-stderr xqannotate --mistake 0.3 --blunder 0.2 "$S/blunder.pgn"
	[ "$stderr" = "xqannotate: the thresholds must grow: inaccuracy <= mistake <= blunder"$'\n'"$(synopsis)" ]
	run -2 --separate-stderr xqannotate --blunder 1.5 "$S/blunder.pgn"
	[ "$stderr" = "xqannotate: invalid blunder threshold '1.5' (a number in (0, 1])"$'\n'"$(synopsis)" ]
	run -2 --separate-stderr xqannotate --blunder x "$S/blunder.pgn"
	[ "$stderr" = "xqannotate: invalid blunder threshold 'x' (a number in (0, 1])"$'\n'"$(synopsis)" ]
	run -2 --separate-stderr xqannotate --engine-arg x "$S/blunder.pgn"
	[ "$stderr" = "xqannotate: --engine-arg, --engine-option and --engine-dialect need --engine"$'\n'"$(synopsis)" ]
	run -2 --separate-stderr xqannotate --engine "$FSF" --engine-dialect xboard "$S/blunder.pgn"
	[ "$stderr" = "xqannotate: unknown engine dialect 'xboard'"$'\n'"$(synopsis)" ]
	run -2 --separate-stderr xqannotate --engine "$FSF" --engine-option Hash "$S/blunder.pgn"
	[ "$stderr" = "xqannotate: --engine-option wants NAME=VALUE, not 'Hash'"$'\n'"$(synopsis)" ]
	run -2 --separate-stderr xqannotate --depth 0 "$S/blunder.pgn"
	[ "$stderr" = "xqannotate: invalid depth '0' (expected 1..100)"$'\n'"$(synopsis)" ]
	run -2 --separate-stderr xqannotate --depth 101 "$S/blunder.pgn"
	[ "$stderr" = "xqannotate: invalid depth '101' (expected 1..100)"$'\n'"$(synopsis)" ]
	run -2 --separate-stderr xqannotate --line 65 "$S/blunder.pgn"
	[ "$stderr" = "xqannotate: invalid line length '65' (expected 0..64)"$'\n'"$(synopsis)" ]
	run -2 --separate-stderr xqannotate -o "$T/a" -d "$T" "$S/blunder.pgn"
	[ "$stderr" = "xqannotate: -o and -d cannot be used together"$'\n'"$(synopsis)" ]
	run -2 --separate-stderr xqannotate -n klingon "$S/blunder.pgn"
	[ "$stderr" = "xqannotate: unknown notation 'klingon' (chinese, wxf, iccs, uci, uci10)"$'\n'"$(synopsis)" ]
	: >"$T/file"
	run -2 --separate-stderr xqannotate -d "$T/file" "$S/blunder.pgn"
	[ "$stderr" = "xqannotate: '$T/file' is not a directory" ]
}

@test "built-in engine: a planted blunder (a cannon given away) is ?? with the better line" {
	# the record whole (golden case annotate-blunder-iccs): 2. e2e6?? with
	# a Blunder comment from + to -, the variation starting with the move
	# the comment names, [RedBlunders "1"], the built-in engine as Annotator
	run -0 --separate-stderr xqannotate -n iccs "$S/blunder.pgn"
	[ "$output" = "$(golden annotate-blunder-iccs)" ]
	[ "$stderr" = "xqannotate: 1 game read, 1 annotated, 0 unannotated, 0 dropped" ]
}

@test "built-in engine: the piece left hanging gets a variation that wins it" {
	# Black's 2... i9h9 leaves the cannon on e6: marked, and the line takes
	# it (g7e6 was best, the variation 2... g7e6); 2. e2e6 is ?? too.  The
	# record whole: golden case annotate-ignored-iccs
	run -0 --separate-stderr xqannotate -n iccs "$S/ignored.pgn"
	[ "$output" = "$(golden annotate-ignored-iccs)" ]
	[ "$stderr" = "xqannotate: 1 game read, 1 annotated, 0 unannotated, 0 dropped" ]
}

@test "the output reads back with xqcheck clean, in every notation and in GBK" {
	for n in chinese wxf iccs uci uci10; do
		xqannotate -q --nodes 5000 -n "$n" -o "$T/$n.pgn" "$S/blunder.pgn" "$S/ignored.pgn"
		run -0 xqcheck "$T/$n.pgn"
		[ "$output" = "xqcheck: 2 games: 2 valid, 0 invalid (0 errors, 0 warnings)" ]
	done
	# the files whole: 炮五进四?? in Chinese, C5+4?? and "was best" in WXF
	diff -u <(golden annotate-readback-chinese) "$T/chinese.pgn"
	diff -u <(golden annotate-readback-wxf) "$T/wxf.pgn"
	xqannotate -q -E gbk -o "$T/gbk.pgn" "$S/blunder.pgn"
	run -0 xqcheck "$T/gbk.pgn"
	[ "$output" = "xqcheck: 1 game: 1 valid, 0 invalid (0 errors, 0 warnings)" ]
	# GBK holds the record of UTF-8 output (炮五进四??), byte for byte once converted
	run -0 iconv -f gbk -t utf-8 "$T/gbk.pgn"
	[ "$output" = "$(golden annotate-blunder-gbk)" ]
	xqannotate -q -t text -o "$T/t.txt" "$S/blunder.pgn"
	run -0 xqcheck "$T/t.txt"
	[ "$output" = "xqcheck: 1 game: 1 valid, 0 invalid (0 errors, 0 warnings)" ]
}

@test "-n chinese: no line ends in a space, no move cut across lines" {
	# Chinese comments: no trailing space, and the reader joins the wrapped
	# lines back to the same text (a wrap between two Chinese characters)
	run -0 --separate-stderr xqannotate --nodes 5000 --line 12 -n chinese "$S/blunder.pgn" "$S/ignored.pgn"
	# the records whole, "；应走" in the comments: golden case annotate-line12-chinese
	[ "$output" = "$(golden annotate-line12-chinese)" ]
	[ "$stderr" = "xqannotate: 2 games read, 2 annotated, 0 unannotated, 0 dropped" ]
	[[ "$output"$'\n' != *$' \n'* ]]
	printf '%s\n' "$output" >"$T/zh.pgn"
	run -0 --separate-stderr xqconv -n chinese "$T/zh.pgn"
	[ "$output" = "$(cat "$T/zh.pgn")" ]
	# moves inside English comments are never cut
	run -0 --separate-stderr xqannotate --lang en --nodes 5000 --line 12 -n chinese "$S/blunder.pgn" "$S/ignored.pgn"
	# the records whole, 炮五进四?? and " was best.": golden case annotate-line12-english
	[ "$output" = "$(golden annotate-line12-english)" ]
	[ "$stderr" = "xqannotate: 2 games read, 2 annotated, 0 unannotated, 0 dropped" ]
	run -0 perl -CSD -e '
		local $/; my $t = <STDIN>; my $bad = 0;
		for my $l (split /\n/, $t) {
			next if $l =~ /^\[/;
			if ($l =~ / $/) { print "trailing space: [$l]\n"; $bad++ }
			for my $w (split / +/, $l) {
				next unless $w =~ /[^\x00-\x7f]/;
				$w =~ s/^[({]+//; $w =~ s/[)}?!;:.,]+$//;
				next if $w =~ /^[\p{Han}][\p{Han}\x{FF10}-\x{FF19}][\p{Han}][\p{Han}\x{FF10}-\x{FF19}]$/;
				print "not a whole move: [$w] in [$l]\n"; $bad++;
			}
		}
		exit($bad ? 1 : 0);' <<<"$output"
	[ -z "$output" ]
}

@test "a clean engine game gets no ??" {
	# the record whole (golden case annotate-clean-iccs): ?! and ? marks
	# only, [RedBlunders "0"] and [BlackBlunders "0"]
	run -0 --separate-stderr xqannotate -n iccs "$S/clean.pgn"
	[ "$output" = "$(golden annotate-clean-iccs)" ]
	[ "$stderr" = "xqannotate: 1 game read, 1 annotated, 0 unannotated, 0 dropped" ]
}

@test "summaries count the marks written, per side, as tags and as a comment" {
	xqannotate -q --nodes 8000 -n iccs "$S/clean.pgn" "$S/ignored.pgn" "$S/blunder.pgn" >"$T/all.pgn"
	# the records whole: golden case annotate-summaries
	diff -u <(golden annotate-summaries) "$T/all.pgn"
	# one game per file to count
	awk '/^\[Game /{n++} {print > (dir "/g" n ".pgn")}' dir="$T" "$T/all.pgn"
	for f in "$T"/g1.pgn "$T"/g2.pgn "$T"/g3.pgn; do
		mt=$(grep -v '^\[' "$f" | tr '\n' ' ' | tr -s ' ')
		# main-line marks only: variations carry none of ours
		total_tags=0
		for side in Red Black; do
			for k in Inaccuracies Mistakes Blunders; do
				v=$(sed -n "s/^\[$side$k \"\([0-9]*\)\"\]/\1/p" "$f")
				total_tags=$((total_tags + v))
			done
		done
		marks=$(grep -o '[a-i][0-9][a-i][0-9]\(??\|?!\|?\)' <<<"$mt" | wc -l)
		[ "$marks" -eq "$total_tags" ] || { echo "$f: $marks marks, tags say $total_tags"; return 1; }
		b=$(grep -o '[a-i][0-9][a-i][0-9]??' <<<"$mt" | wc -l)
		tb=$(( $(sed -n 's/^\[RedBlunders "\([0-9]*\)"\]/\1/p' "$f") + $(sed -n 's/^\[BlackBlunders "\([0-9]*\)"\]/\1/p' "$f") ))
		[ "$b" -eq "$tb" ]
		# the comment says the same as the tags, with each side's moves
		# of the main line (comments and variations taken out)
		tag() { sed -n "s/^\[$1 \"\(.*\)\"\]/\1/p" "$f"; }
		plies=$(sed -e 's/{[^}]*}//g' -e 's/([^)]*)//g' <<<"$mt" | grep -o '[a-i][0-9][a-i][0-9]' | wc -l)
		summary=${mt#*\{ }
		summary=${summary%%. ECCO *}
		[ "$summary" = "Red: $(( (plies + 1) / 2 )) moves, $(tag RedInaccuracies) ?!, $(tag RedMistakes) ?, $(tag RedBlunders) ??, average loss $(tag RedAverageLoss), accuracy $(tag RedAccuracy)%; Black: $((plies / 2)) moves, $(tag BlackInaccuracies) ?!, $(tag BlackMistakes) ?, $(tag BlackBlunders) ??, average loss $(tag BlackAverageLoss), accuracy $(tag BlackAccuracy)%" ]
	done
	# the planted game: Red 1 ??, Black none, 4 moves each
	[ "$(sed -n 's/^\[\(Red\|Black\)Blunders "\([0-9]*\)"\]/\1 \2/p' "$T/g3.pgn" | tr '\n' ' ')" = "Red 1 Black 0 " ]
	[ "$(sed -e 's/{[^}]*}//g' -e 's/([^)]*)//g' <<<"$(movetext "$(cat "$T/g3.pgn")")" | grep -o '[a-i][0-9][a-i][0-9]' | wc -l)" -eq 8 ]
	# JSON agrees with the tags
	run -0 --separate-stderr xqannotate -j "$S/blunder.pgn"
	[ "$(jq -s '[.[] | select(.mark == "??")] | length' <<<"$output")" -eq 1 ]
	[ "$(jq -s '[.[] | select(.side == "red")] | length' <<<"$output")" -eq 4 ]
}

@test "existing comments, marks and variations survive" {
	# the record whole (golden case annotate-commented-iccs): the first
	# comment "Before the first move." then the summary, "the central
	# cannon", the variation (1... b9c7 { the other horse }); the human's !
	# is kept (no ?? beside it) and our comment comes after theirs:
	# 2. e2e6! { a sacrifice? Out of book. Blunder: ... }
	run -0 --separate-stderr xqannotate -n iccs "$S/commented.pgn"
	[ "$output" = "$(golden annotate-commented-iccs)" ]
	[ "$stderr" = "xqannotate: 1 game read, 1 annotated, 0 unannotated, 0 dropped" ]
	xqannotate -q "$S/commented.pgn" >"$T/c.pgn"
	run -0 xqcheck "$T/c.pgn"
	# annotating twice adds no second variation with the same first move
	xqannotate -q -n iccs "$T/c.pgn" >"$T/c2.pgn"
	[ "$(grep -o '(2\. [a-i][0-9][a-i][0-9]' "$T/c2.pgn" | sort | uniq -d | wc -l)" -eq 0 ]
}

@test "--from and --to limit the plies judged; --line limits the better line" {
	run -0 --separate-stderr xqannotate --nodes 5000 -j --from 3 --to 5 "$S/blunder.pgn"
	[ "$(jq -s -c '[.[].ply]' <<<"$output")" = "[3,4,5]" ]
	run -0 --separate-stderr xqannotate --nodes 5000 -n iccs --from 4 "$S/blunder.pgn"
	# no ?? (the blunder is ply 3), Red: 2 moves: golden case annotate-from4
	[ "$output" = "$(golden annotate-from4)" ]
	[ "$stderr" = "xqannotate: 1 game read, 1 annotated, 0 unannotated, 0 dropped" ]
	run -0 --separate-stderr xqannotate --nodes 5000 -n iccs --to 100 "$S/blunder.pgn"
	# Red: 4 moves: golden case annotate-to100
	[ "$output" = "$(golden annotate-to100)" ]
	[ "$stderr" = "xqannotate: 1 game read, 1 annotated, 0 unannotated, 0 dropped" ]
	run -0 --separate-stderr xqannotate --nodes 5000 -n iccs --line 0 "$S/blunder.pgn"
	# no variation: golden case annotate-line0
	[ "$output" = "$(golden annotate-line0)" ]
	[ "$stderr" = "xqannotate: 1 game read, 1 annotated, 0 unannotated, 0 dropped" ]
	run -0 --separate-stderr xqannotate --nodes 5000 -n iccs --line 2 "$S/blunder.pgn"
	# variations of two plies, (2. e2g2 h7h4): golden case annotate-line2
	[ "$output" = "$(golden annotate-line2)" ]
	[ "$stderr" = "xqannotate: 1 game read, 1 annotated, 0 unannotated, 0 dropped" ]
	# a range past the end judges nothing: the game goes out as it came,
	# counted unannotated, with a note (-v)
	run -0 --separate-stderr xqannotate -v --nodes 5000 -n iccs --from 50 "$S/blunder.pgn"
	# no mark, no comment: golden case annotate-from50
	[ "$output" = "$(golden annotate-from50)" ]
	[ "$stderr" = "xqannotate: $S/blunder.pgn:1: note: game 1 written unannotated: --from 50 is past its 8 plies
xqannotate: 1 game read, 0 annotated, 1 unannotated, 0 dropped" ]
}

@test "--from at the edge: the last ply is judged; one past it, the game is written unannotated with a note (-v)" {
	run -0 --separate-stderr xqannotate --nodes 2000 -j --from 8 "$S/blunder.pgn"
	[ "$(jq -s -c '[.[].ply]' <<<"$output")" = "[8]" ]
	[ "$stderr" = "xqannotate: 1 game read, 1 annotated, 0 unannotated, 0 dropped" ]
	run -0 --separate-stderr xqannotate -v --nodes 2000 -n iccs --from 9 "$S/blunder.pgn"
	[ "$output" = "$(xqconv -q -n iccs "$S/blunder.pgn")" ]
	[ "$stderr" = "xqannotate: $S/blunder.pgn:1: note: game 1 written unannotated: --from 9 is past its 8 plies
xqannotate: 1 game read, 0 annotated, 1 unannotated, 0 dropped" ]
	# what was asked: without -v, the count alone
	run -0 --separate-stderr xqannotate --nodes 2000 -n iccs --from 9 "$S/blunder.pgn"
	[ "$stderr" = "xqannotate: 1 game read, 0 annotated, 1 unannotated, 0 dropped" ]
	# no JSON line, no chart; -q keeps the counts alone
	run -0 --separate-stderr xqannotate --nodes 2000 -j -q --from 9 --plot "$T/c.svg" "$S/blunder.pgn"
	[ -z "$output" ]
	[ ! -e "$T/c.svg" ]
	[ "$stderr" = "xqannotate: 1 game read, 0 annotated, 1 unannotated, 0 dropped" ]
	# every game of a file past --from, one job or two; --strict keeps them
	local G="$TOP/samples/games_iccs.pgn"
	local want="xqannotate: $G:1: note: game 1 written unannotated: --from 500 is past its 12 plies
xqannotate: $G:18: note: game 2 written unannotated: --from 500 is past its 10 plies
xqannotate: 2 games read, 0 annotated, 2 unannotated, 0 dropped"
	run -0 --separate-stderr xqannotate -v --nodes 100 --from 500 "$G"
	[ "$stderr" = "$want" ]
	run -0 --separate-stderr xqannotate -v --nodes 100 -J 2 --from 500 "$G"
	[ "$stderr" = "$want" ]
	run -0 --separate-stderr xqannotate -v --nodes 100 --strict --from 500 -o "$T/s.pgn" "$G"
	[ "$stderr" = "$want" ]
	cmp "$T/s.pgn" <(xqconv -q "$G")
	# a game with no move at all
	printf '[Red "R"]\n\n*\n' >"$T/empty.pgn"
	run -0 --separate-stderr xqannotate -v --nodes 100 "$T/empty.pgn"
	[ "$stderr" = "xqannotate: $T/empty.pgn:1: note: game 1 written unannotated: it has no moves
xqannotate: 1 game read, 0 annotated, 1 unannotated, 0 dropped" ]
	# --to counts from 1: 0 is a usage error
	run -2 --separate-stderr xqannotate --to 0 "$S/blunder.pgn"
	[ -z "$output" ]
	[ "$stderr" = "xqannotate: invalid ply '0' (expected 1..100000)"$'\n'"$(synopsis)" ]
}

@test "--blunder, --mistake, --inaccuracy and --scale move the marks" {
	run -0 --separate-stderr xqannotate --nodes 5000 --nodes 5000 -n iccs --blunder 0.99 --mistake 0.99 --inaccuracy 0.99 "$S/blunder.pgn"
	# no mark anywhere: golden case annotate-no-marks
	[ "$output" = "$(golden annotate-no-marks)" ]
	[ "$stderr" = "xqannotate: 1 game read, 1 annotated, 0 unannotated, 0 dropped" ]
	run -0 --separate-stderr xqannotate --nodes 5000 --nodes 5000 -n iccs --blunder 0.6 "$S/blunder.pgn"
	# 2. e2e6? { Out of book. Mistake: ... }: golden case annotate-blunder-0.6
	[ "$output" = "$(golden annotate-blunder-0.6)" ]
	[ "$stderr" = "xqannotate: 1 game read, 1 annotated, 0 unannotated, 0 dropped" ]
	run -0 --separate-stderr xqannotate --nodes 5000 --nodes 5000 -j --scale 0.001 "$S/blunder.pgn"
	d1=$(jq -s '.[2].drop' <<<"$output")
	run -0 --separate-stderr xqannotate --nodes 5000 --nodes 5000 -j --scale 0.01 "$S/blunder.pgn"
	d2=$(jq -s '.[2].drop' <<<"$output")
	awk -v a="$d1" -v b="$d2" 'BEGIN { exit !(a < b) }'
}

@test "-j: one JSON object per ply with both scores, the best move and its line" {
	run -0 --separate-stderr xqannotate -j -n iccs --nodes 5000 "$S/blunder.pgn"
	# the lines whole: golden case annotate-json-blunder
	[ "$output" = "$(golden annotate-json-blunder)" ]
	[ "$stderr" = "xqannotate: 1 game read, 1 annotated, 0 unannotated, 0 dropped" ]
	[ "${#lines[@]}" -eq 8 ]
	for l in "${lines[@]}"; do jq -e . <<<"$l" >/dev/null; done
	[ "$(jq -r '.move' <<<"${lines[2]}")" = "e2e6" ]
	[ "$(jq -r '.mark' <<<"${lines[2]}")" = "??" ]
	[ "$(jq -r '.side' <<<"${lines[3]}")" = "black" ]
	jq -e '.score_best > .score_played and .drop >= 0.2 and (.pv | length) >= 1 and .best_iccs == .pv[0] and .nodes > 0' <<<"${lines[2]}"
	# -j with -o: JSON on stdout, the records to the file
	run -0 --separate-stderr xqannotate -j -o "$T/out.pgn" "$S/blunder.pgn"
	[ "${#lines[@]}" -eq 8 ]
	[ "$stderr" = "xqannotate: 1 game read, 1 annotated, 0 unannotated, 0 dropped" ]
	# the record (its [RedBlunders "1"]) is the one written without -j, the
	# UTF-8 text of golden case annotate-blunder-gbk
	diff -u <(golden annotate-blunder-gbk) "$T/out.pgn"
}

@test "--plot: an SVG chart, rendered, with the ?? disc in red where the SVG puts it" {
	run -0 --separate-stderr xqannotate --plot "$T/c.svg" -o /dev/null "$S/ignored.pgn"
	xmllint --noout "$T/c.svg"
	rsvg-convert -o "$T/c.png" "$T/c.svg"
	[ "$(png_pixel "$T/c.png")" = "800 320" ]
	n=$(grep -c 'class="mark" data-ply="[0-9]*" data-mark="??"' "$T/c.svg")
	[ "$n" -eq 3 ]
	line=$(grep 'data-ply="4" data-mark="??"' "$T/c.svg")
	cx=$(sed 's/.* cx="\([0-9.]*\)".*/\1/' <<<"$line"); cy=$(sed 's/.* cy="\([0-9.]*\)".*/\1/' <<<"$line")
	set -- $(png_pixel "$T/c.png" "${cx%.*}" "${cy%.*}")
	[ "$1" -gt 180 ] && [ "$2" -lt 60 ] && [ "$3" -lt 60 ] || { echo "disc colour $*"; return 1; }
	# the background at a corner is white, the plot area light grey
	[ "$(png_pixel "$T/c.png" 2 2)" = "255 255 255" ]
	set -- $(png_pixel "$T/c.png" 780 300)
	[ "$1" -gt 200 ]
	# a ? disc is orange, a ?! one yellow
	run -0 --separate-stderr xqannotate --blunder 0.9 --plot "$T/m.svg" -o /dev/null "$S/blunder.pgn"
	[ "$stderr" = "xqannotate: 1 game read, 1 annotated, 0 unannotated, 0 dropped" ]
	# the chart whole, its ? disc fill="#ff8000": golden case annotate-plot-blunder09
	diff -u <(golden annotate-plot-blunder09) "$T/m.svg"
	rsvg-convert -o "$T/m.png" "$T/m.svg"
	line=$(grep 'data-ply="3"' "$T/m.svg")
	cx=$(sed 's/.* cx="\([0-9.]*\)".*/\1/' <<<"$line"); cy=$(sed 's/.* cy="\([0-9.]*\)".*/\1/' <<<"$line")
	set -- $(png_pixel "$T/m.png" "${cx%.*}" "${cy%.*}")
	[ "$1" -gt 200 ] && [ "$2" -gt 90 ] && [ "$2" -lt 170 ] && [ "$3" -lt 60 ] || { echo "disc colour $*"; return 1; }
}

@test "-d: an existing file is the game's error, said, counted and exited on as xqconv does" {
	local G="$TOP/samples/games.pgn" f="$T/d/000001-Red_Sample-Black_Sample.pgn"
	mkdir "$T/d"
	echo keep >"$f"
	run -1 --separate-stderr xqannotate --nodes 100 -d "$T/d" "$G"
	[ "$stderr" = "xqannotate: $G:1: error: game 1: '$f' exists: not overwritten (--force replaces it)
xqannotate: 2 games read, 1 annotated, 0 unannotated, 1 dropped" ]
	[ "$(cat "$f")" = keep ]
	rm "$T/d/000002-Black_Sample-Red_Sample.pgn"
	run -1 --separate-stderr xqconv -d "$T/d" "$G"
	[ "$stderr" = "xqconv: $G:1: error: game 1: '$f' exists: not overwritten (--force replaces it)
xqconv: 2 games read, 1 written, 1 dropped" ]
	# both files there: -J 2 says what one job says; -q the counts alone
	run -1 --separate-stderr xqannotate --nodes 100 -d "$T/d" "$G"
	local want="xqannotate: $G:1: error: game 1: '$f' exists: not overwritten (--force replaces it)
xqannotate: $G:19: error: game 2: '$T/d/000002-Black_Sample-Red_Sample.pgn' exists: not overwritten (--force replaces it)
xqannotate: 2 games read, 0 annotated, 0 unannotated, 2 dropped"
	[ "$stderr" = "$want" ]
	run -1 --separate-stderr xqannotate --nodes 100 -J 2 -d "$T/d" "$G"
	[ "$stderr" = "$want" ]
	run -1 --separate-stderr xqannotate -q --nodes 100 -d "$T/d" "$G"
	[ "$stderr" = "xqannotate: 2 games read, 0 annotated, 0 unannotated, 2 dropped" ]
	[ "$(cat "$f")" = keep ]
}

@test "--plot FILE holds one game; --plot DIR and -d give one chart per game" {
	run -0 --separate-stderr xqannotate --plot "$T/one.svg" -o /dev/null "$S/blunder.pgn" "$S/ignored.pgn"
	expected="xqannotate: --plot $T/one.svg holds one game's chart: the charts of later games are not written (give a directory for one per game)
xqannotate: 2 games read, 2 annotated, 0 unannotated, 0 dropped"
	[ "$stderr" = "$expected" ]
	[ -f "$T/one.svg" ]
	mkdir "$T/d"
	run -0 --separate-stderr xqannotate -d "$T/d" --plot "$T/d" "$S/blunder.pgn" "$S/ignored.pgn"
	[ "$(ls "$T/d"/*.svg | wc -l)" -eq 2 ]
	[ "$(ls "$T/d"/*.pgn | wc -l)" -eq 2 ]
	for f in "$T/d"/*.svg; do xmllint --noout "$f"; done
	for f in "$T/d"/*.pgn; do xqcheck -q "$f"; [ -f "${f%.pgn}.svg" ]; done
}

@test "games in = games out + games reported: an invalid game is dropped, exit 1" {
	local bad="$TOP/samples/bad_illegal.pgn"
	run -1 --separate-stderr xqannotate -n iccs "$S/blunder.pgn" "$bad"
	[ "$output" = "$(golden annotate-blunder-iccs)" ]
	expected="xqannotate: $(illegal)
xqannotate: $bad:1: warning: game 1 is invalid: dropped
xqannotate: 2 games read, 1 annotated, 0 unannotated, 1 dropped"
	[ "$stderr" = "$expected" ]
	run -1 --separate-stderr xqannotate --strict "$bad" "$S/blunder.pgn"
	expected="xqannotate: $(illegal)
xqannotate: $bad:1: error: game 1 is invalid: stopping (--strict)
xqannotate: 1 game read, 0 annotated, 0 unannotated, 1 dropped"
	[ "$stderr" = "$expected" ]
	[ -z "$output" ]
}

@test "--strict writes nothing on an invalid game, as xqconv: standard output, a pipe, -o and -d" {
	local bad="$TOP/samples/bad_illegal.pgn" G="$TOP/samples/games.pgn"
	local illegal
	illegal=$(illegal)
	local stop="$bad:1: error: game 1 is invalid: stopping (--strict)"
	# the two games before the invalid one are dropped with it
	run -1 --separate-stderr xqconv --strict "$G" "$bad"
	[ "$output" = "" ]
	[ "$stderr" = "xqconv: $illegal
xqconv: $stop
xqconv: 3 games read, 0 written, 3 dropped" ]
	run -1 --separate-stderr xqannotate --depth 1 --strict "$G" "$bad"
	[ "$output" = "" ]
	local expected="xqannotate: $illegal
xqannotate: $stop
xqannotate: 3 games read, 0 annotated, 0 unannotated, 3 dropped"
	[ "$stderr" = "$expected" ]
	# a pipe: the games wait until the last one is known to be valid
	run -1 --separate-stderr bash -o pipefail -c 'xqannotate --depth 1 --strict "$1" "$2" | od -c' _ "$G" "$bad"
	[ "$output" = "0000000" ]
	[ "$stderr" = "$expected" ]
	run -1 --separate-stderr xqannotate --depth 1 --strict -o "$T/s.pgn" "$G" "$bad"
	[ "$stderr" = "$expected" ]
	[ ! -e "$T/s.pgn" ]
	run -1 --separate-stderr xqannotate --depth 1 --strict -d "$T/d" "$G" "$bad"
	[ "$stderr" = "$expected" ]
	[ -z "$(ls -A "$T/d")" ]
	[ -z "$(ls "$T" | grep tmp)" ]
	# every game valid: all of them out, the same to each
	run -0 --separate-stderr xqannotate --depth 1 --strict "$G"
	[ "$stderr" = "xqannotate: 2 games read, 2 annotated, 0 unannotated, 0 dropped" ]
	local all=$output
	[ "$all" = "$(xqannotate -q --depth 1 "$G")" ]
	run -0 --separate-stderr bash -o pipefail -c 'xqannotate --depth 1 --strict "$1" | cat' _ "$G"
	[ "$output" = "$all" ]
	run -0 --separate-stderr xqannotate --depth 1 --strict -o "$T/s.pgn" "$G"
	[ "$(cat "$T/s.pgn")" = "$all" ]
	run -0 --separate-stderr xqannotate --depth 1 --strict -d "$T/d" "$G"
	[ "$(ls "$T/d" | wc -l)" -eq 2 ]
}

@test "--strict --plot: the charts follow the records" {
	local bad="$TOP/samples/bad_illegal.pgn" G="$TOP/samples/games.pgn"
	local expected
	expected=$(strict_stopped)
	# a directory: the charts written go with the records
	mkdir "$T/d" "$T/p"
	run -1 --separate-stderr xqannotate --depth 1 --strict -d "$T/d" --plot "$T/d" "$G" "$bad"
	[ "$stderr" = "$expected" ]
	[ -z "$(ls -A "$T/d")" ]
	run -1 --separate-stderr xqannotate --depth 1 --strict -o "$T/s.pgn" --plot "$T/p" "$G" "$bad"
	[ "$stderr" = "$expected" ]
	[ -z "$(ls -A "$T/p")" ]
	[ ! -e "$T/s.pgn" ]
	# a file: not written, one there left as it was
	echo old >"$T/c.svg"
	run -1 --separate-stderr xqannotate --depth 1 --strict -o "$T/s.pgn" --plot "$T/c.svg" "$G" "$bad"
	[ "$(cat "$T/c.svg")" = old ]
	[ -z "$(ls "$T" | grep tmp)" ]
	# every game valid: the chart and the records
	run -0 --separate-stderr xqannotate --depth 1 --strict -o "$T/s.pgn" --plot "$T/c.svg" "$G"
	[ -s "$T/s.pgn" ]
	xmllint --noout "$T/c.svg"
	run -0 --separate-stderr xqannotate --depth 1 --strict -d "$T/d" --plot "$T/d" "$G"
	[ "$(ls "$T/d"/*.svg | wc -l)" -eq 2 ]
	[ "$(ls "$T/d"/*.pgn | wc -l)" -eq 2 ]
}

@test "--strict -j: the JSON lines follow the records, the summary counts what was kept" {
	local bad="$TOP/samples/bad_illegal.pgn" G="$TOP/samples/games.pgn"
	local expected
	expected=$(strict_stopped)
	run -1 --separate-stderr xqannotate --depth 1 --strict -j "$G" "$bad"
	[ "$output" = "" ]
	[ "$stderr" = "$expected" ]
	run -1 --separate-stderr bash -o pipefail -c 'xqannotate --depth 1 --strict -j "$1" "$2" | od -c' _ "$G" "$bad"
	[ "$output" = "0000000" ]
	[ "$stderr" = "$expected" ]
	run -1 --separate-stderr xqannotate --depth 1 --strict -j -o "$T/s.pgn" "$G" "$bad"
	[ "$output" = "" ]
	[ "$stderr" = "$expected" ]
	[ ! -e "$T/s.pgn" ]
	# every game valid: the same lines as without --strict
	run -0 --separate-stderr xqannotate --depth 1 --strict -j "$G"
	[ "$output" = "$(xqannotate -q --depth 1 -j "$G")" ]
	[ "$(wc -l <<<"$output")" -eq 22 ]
	[ "$stderr" = "xqannotate: 2 games read, 2 annotated, 0 unannotated, 0 dropped" ]
}

@test "a writer's problem is said as xqconv says it: the input and the game's line, the output last" {
	cd "$T"
	printf '[Event "\xf0\x9f\x98\x80"]\n1. h2e2 h9g7 *\n\n' >in.pgn
	printf '[Event "y"]\n1. h2e2 { a } h9g7 *\n' >good.pgn
	cat good.pgn >>in.pgn
	# a character GBK lacks: the game is dropped, exit 1
	run -1 --separate-stderr xqconv -e utf-8 -n iccs -E gbk in.pgn
	[ "$stderr" = "xqconv: in.pgn:1: error: game 1: character '😀' cannot be encoded in GBK, in '[Event \"😀\"]' (writing '<stdout>')
xqconv: 2 games read, 1 written, 1 dropped" ]
	[ "$output" = "$(xqconv -q -e utf-8 -n iccs -E gbk good.pgn)" ]
	run -1 --separate-stderr xqannotate --depth 1 -e utf-8 -n iccs -E gbk in.pgn
	[ "$stderr" = "xqannotate: in.pgn:1: error: game 1: character '😀' cannot be encoded in GBK, in '[Event \"😀\"]' (writing '<stdout>')
xqannotate: 2 games read, 1 annotated, 0 unannotated, 1 dropped" ]
	[ "$output" = "$(xqannotate -q --depth 1 -e utf-8 -n iccs -E gbk good.pgn)" ]
	# -o and -d are named as they were given
	run -1 --separate-stderr xqannotate --depth 1 -e utf-8 -E gbk -o out.pgn in.pgn
	[ "$stderr" = "xqannotate: in.pgn:1: error: game 1: character '😀' cannot be encoded in GBK, in '[Event \"😀\"]' (writing 'out.pgn')
xqannotate: 2 games read, 1 annotated, 0 unannotated, 1 dropped" ]
	run -1 --separate-stderr xqannotate --depth 1 -e utf-8 -E gbk -d d in.pgn
	[ "$stderr" = "xqannotate: in.pgn:1: error: game 1: character '😀' cannot be encoded in GBK, in '[Event \"😀\"]' (writing 'd/000001.pgn')
xqannotate: 2 games read, 1 annotated, 0 unannotated, 1 dropped" ]
	# -t text leaves the comments out: a warning, the game written
	run -0 --separate-stderr xqconv -e utf-8 -t text -o c.txt in.pgn
	[ "$stderr" = "xqconv: in.pgn:4: warning: game 2: the text format holds no comments or variations: 1 comment and 0 variations left out (-t pgn keeps them) (writing 'c.txt')
xqconv: 2 games read, 2 written, 0 dropped" ]
	run -0 --separate-stderr xqannotate --depth 1 -e utf-8 -t text -o a.txt in.pgn
	[ "$stderr" = "xqannotate: in.pgn:1: warning: game 1: the text format holds no comments or variations: 1 comment and 0 variations left out (-t pgn keeps them) (writing 'a.txt')
xqannotate: in.pgn:4: warning: game 2: the text format holds no comments or variations: 2 comments and 0 variations left out (-t pgn keeps them) (writing 'a.txt')
xqannotate: 2 games read, 2 annotated, 0 unannotated, 0 dropped" ]
	[ "$(ls d)" = 000002.pgn ]
}

@test "stdin in, stdout out: a filter in a pipe; -q keeps only the summary" {
	run -0 --separate-stderr bash -o pipefail -c "xqconv -q '$S/blunder.pgn' 2>/dev/null | xqannotate -q --nodes 3000 2>&1 >/dev/null"
	[ "$output" = "xqannotate: 1 game read, 1 annotated, 0 unannotated, 0 dropped" ]
	run -0 --separate-stderr sh -c "xqannotate -q <'$S/blunder.pgn'"
	[ "$stderr" = "xqannotate: 1 game read, 1 annotated, 0 unannotated, 0 dropped" ]
	# the record of a file argument (its [RedBlunders "1"]): the UTF-8
	# text of golden case annotate-blunder-gbk
	[ "$output" = "$(golden annotate-blunder-gbk)" ]
	run -1 --separate-stderr xqannotate -q -n iccs "$S/blunder.pgn" "$TOP/samples/bad_illegal.pgn"
	[ "$stderr" = "xqannotate: 2 games read, 1 annotated, 0 unannotated, 1 dropped" ]
}

@test "Fairy-Stockfish (ranks 1..10, UCI_Variant): the planted blunder is ??" {
	# single-threaded at a depth limit the record is fixed, but for the
	# engine's version: 2. e2e6?? { Out of book. Blunder: ... }, the
	# engine and the depth in [Annotator]
	run -0 --separate-stderr xqannotate -v -n iccs --engine "$FSF" --depth 8 "$S/blunder.pgn"
	expected="xqannotate: note: engine 'Fairy-Stockfish VERSION', dialect fsf
xqannotate: 1 game read, 1 annotated, 0 unannotated, 0 dropped"
	[ "$(unversioned "$stderr")" = "$expected" ]
	expected='[Game "Chinese Chess"]
[Event "planted blunder: 2. e2e6 gives the cannon away"]
[Red "R"]
[Black "B"]
[Result "*"]
[Annotator "xqannotate 0.1.0, Fairy-Stockfish VERSION, depth 8"]
[RedInaccuracies "0"]
[RedMistakes "0"]
[RedBlunders "1"]
[RedAverageLoss "123"]
[RedAccuracy "72.5"]
[BlackInaccuracies "0"]
[BlackMistakes "0"]
[BlackBlunders "0"]
[BlackAverageLoss "10"]
[BlackAccuracy "97.6"]
[Format "ICCS"]

{ Red: 4 moves, 0 ?!, 0 ?, 1 ??, average loss 123, accuracy 72.5%; Black: 4
moves, 0 ?!, 0 ?, 0 ??, average loss 10, accuracy 97.6%. ECCO B05: out of book
at move 2. } 1. h2e2 h9g7 2. e2e6?? { Out of book. Blunder: +0.32 -> -3.80;
h0g2 was best. } (2. h0g2 h7h5 3. g3g4 d9e8 4. g2f4 h5f5 5. f4d5) 2... g7e6
3. h0g2 i9h9 4. i0h0 b9c7 *'
	[ "$(unversioned "$output")" = "$expected" ]
	xqannotate -q --engine "$FSF" --depth 6 "$S/blunder.pgn" >"$T/f.pgn"
	run -0 xqcheck "$T/f.pgn"
	# options pass through; the dialect can be named
	run -0 --separate-stderr xqannotate -v -n iccs --engine "$FSF" --engine-dialect fsf \
		--engine-option Hash=8 --engine-option "Skill Level=20" --nodes 3000 "$S/ignored.pgn"
	expected="xqannotate: note: engine 'Fairy-Stockfish VERSION', dialect fsf
xqannotate: 1 game read, 1 annotated, 0 unannotated, 0 dropped"
	[ "$(unversioned "$stderr")" = "$expected" ]
	# 2... i9h9?? among the rest
	expected='[Game "Chinese Chess"]
[Event "a cannon given away and not taken: 2... i9h9 misses 2... g7e6"]
[Red "R"]
[Black "B"]
[Result "*"]
[Annotator "xqannotate 0.1.0, Fairy-Stockfish VERSION, 3000 nodes"]
[RedInaccuracies "0"]
[RedMistakes "0"]
[RedBlunders "2"]
[RedAverageLoss "431"]
[RedAccuracy "27.1"]
[BlackInaccuracies "0"]
[BlackMistakes "0"]
[BlackBlunders "1"]
[BlackAverageLoss "264"]
[BlackAccuracy "55.9"]
[Format "ICCS"]

{ Red: 3 moves, 0 ?!, 0 ?, 2 ??, average loss 431, accuracy 27.1%; Black: 2
moves, 0 ?!, 0 ?, 1 ??, average loss 264, accuracy 55.9%. ECCO B05: out of
book at move 2. } 1. h2e2 h9g7 2. e2e6?? { Out of book. Blunder: +0.65 ->
-4.28; b0c2 was best. } (2. b0c2 b9c7) 2... i9h9?? { Blunder: -4.69 -> +0.58;
g7e6 was best. } (2... g7e6 3. h0g2 b9c7 4. c0e2 a9a8 5. g3g4 c6c5 6. b0d1)
3. h0g2?? { Blunder: +3.27 -> -3.83; e6e4 was best. } (3. e6e4 b9c7) *'
	[ "$(unversioned "$output")" = "$expected" ]
	no_leftovers
}

@test "xqengine as an external engine, no dialect option: known by its name, ranks 0..9" {
	# the record whole (golden case annotate-xqengine-depth4): 2. e2e6??
	# { Out of book. Blunder: ... }, xqengine and depth 4 in [Annotator];
	# the note names the engine and the dialect
	run -0 xqengine -V
	local version=${output##* }
	run -0 --separate-stderr xqannotate -v -n iccs --engine xqengine --depth 4 "$S/blunder.pgn"
	[ "$output" = "$(golden annotate-xqengine-depth4)" ]
	expected="xqannotate: note: engine 'xqengine $version', dialect uci
xqannotate: 1 game read, 1 annotated, 0 unannotated, 0 dropped"
	[ "$stderr" = "$expected" ]
	no_leftovers
}

@test "engines told apart with no dialect option: each gives the planted ??" {
	# xqengine (UCI, ranks 0..9), Fairy-Stockfish (UCI_Variant among other
	# variants: ranks 1..10), a UCCI engine (ucciok)
	local -a names=(xqengine "$FSF" "$E/ucci-fsf.sh") want=(uci fsf ucci)
	run -0 xqengine -V
	local -a ids=("xqengine ${output##* }" "Fairy-Stockfish VERSION" "UCCI wrapper of Fairy-Stockfish VERSION")
	# each one's movetext whole, 2. e2e6?? { Out of book. Blunder: ... } in it
	local -a moves=(' { Red: 4 moves, 0 ?!, 0 ?, 1 ??, average loss 233, accuracy 68.5%; Black: 4 moves, 0 ?!, 0 ?, 0 ??, average loss 28, accuracy 96.6%. ECCO B05: out of book at move 2. } 1. h2e2 h9g7 2. e2e6?? { Out of book. Blunder: +0.86 -> -5.80; i0i1 was best. } (2. i0i1 h7h4 3. i1f1 b7b3 4. e3e4) 2... g7e6 3. h0g2 i9h9 4. i0h0 b9c7 * '
		' { Red: 4 moves, 0 ?!, 0 ?, 1 ??, average loss 144, accuracy 71.6%; Black: 4 moves, 0 ?!, 0 ?, 0 ??, average loss 29, accuracy 91.2%. ECCO B05: out of book at move 2. } 1. h2e2 h9g7 2. e2e6?? { Out of book. Blunder: +0.56 -> -4.47; b2b4 was best. } (2. b2b4 b7e7 3. h0g2 b9c7 4. b0c2) 2... g7e6 3. h0g2 i9h9 4. i0h0 b9c7 * '
		' { Red: 4 moves, 0 ?!, 0 ?, 1 ??, average loss 202, accuracy 59.4%; Black: 4 moves, 0 ?!, 0 ?, 0 ??, average loss 83, accuracy 77.7%. ECCO B05: out of book at move 2. } 1. h2e2 h9g7 2. e2e6?? { Out of book. Blunder: +0.53 -> -4.93; h0g2 was best. } (2. h0g2 b9c7 3. b0c2) 2... g7e6 3. h0g2 i9h9 4. i0h0 b9c7 * ')
	local e
	for e in 0 1 2; do
		run -0 --separate-stderr xqannotate -v -n iccs --engine "${names[$e]}" --depth 5 "$S/blunder.pgn"
		[ "$(unversioned "$stderr")" = "xqannotate: note: engine '${ids[$e]}', dialect ${want[$e]}"$'\n'"xqannotate: 1 game read, 1 annotated, 0 unannotated, 0 dropped" ]
		[ "$(movetext "$output")" = "${moves[$e]}" ]
	done
	no_leftovers
}

@test "Sjaak II (UCI_Variant among other variants: ranks 1..10), no dialect option: the planted ??" {
	local sjaak=${XQ_SJAAK:-/usr/games/sjaakii}
	[ -x "$sjaak" ] || skip "Sjaak II ($sjaak, Debian package sjaakii) is not installed"
	# Sjaak II searches the whole position when given searchmoves: --played next
	run -0 --separate-stderr xqannotate -v -n iccs --played next --engine "$sjaak" --depth 5 "$S/blunder.pgn"
	# the note and the summary exactly, but for the engine's version (a pattern)
	local ver
	ver=$(sed -n "s/^xqannotate: note: engine 'Sjaak II \(.*\)', dialect fsf\$/\1/p" <<<"$stderr")
	[[ "$ver" =~ ^[0-9]+(\.[0-9]+)+( .*)?$ ]]
	expected="xqannotate: note: engine 'Sjaak II $ver', dialect fsf
xqannotate: 1 game read, 1 annotated, 0 unannotated, 0 dropped"
	[ "$stderr" = "$expected" ]
	# at a depth limit the movetext whole: 2. e2e6?? { Out of book. Blunder: ... }
	[ "$(movetext "$output")" = ' { Red: 4 moves, 0 ?!, 0 ?, 1 ??, average loss 116, accuracy 76.5%; Black: 4 moves, 0 ?!, 0 ?, 0 ??, average loss 7, accuracy 97.0%. ECCO B05: out of book at move 2. } 1. h2e2 h9g7 2. e2e6?? { Out of book. Blunder: +0.03 -> -4.36; h0g2 was best. } (2. h0g2 g6g5 3. b0c2 b9c7 4. c3c4) 2... g7e6 3. h0g2 i9h9 4. i0h0 b9c7 * ' ]
	no_leftovers
}

@test "a UCCI engine (ElephantEye's dialect): detected, or named with --engine-dialect" {
	run -0 --separate-stderr xqannotate -v -n iccs --engine "$E/ucci-fsf.sh" --depth 7 "$S/blunder.pgn"
	expected="xqannotate: note: engine 'UCCI wrapper of Fairy-Stockfish VERSION', dialect ucci
xqannotate: 1 game read, 1 annotated, 0 unannotated, 0 dropped"
	[ "$(unversioned "$stderr")" = "$expected" ]
	# at a depth limit the record whole: 2. e2e6?? { Out of book. Blunder: ... }
	expected='[Game "Chinese Chess"]
[Event "planted blunder: 2. e2e6 gives the cannon away"]
[Red "R"]
[Black "B"]
[Result "*"]
[Annotator "xqannotate 0.1.0, UCCI wrapper of Fairy-Stockfish VERSION, depth 7"]
[RedInaccuracies "1"]
[RedMistakes "0"]
[RedBlunders "1"]
[RedAverageLoss "212"]
[RedAccuracy "57.5"]
[BlackInaccuracies "1"]
[BlackMistakes "0"]
[BlackBlunders "0"]
[BlackAverageLoss "85"]
[BlackAccuracy "79.6"]
[Format "ICCS"]

{ Red: 4 moves, 1 ?!, 0 ?, 1 ??, average loss 212, accuracy 57.5%; Black: 4
moves, 1 ?!, 0 ?, 0 ??, average loss 85, accuracy 79.6%. ECCO B05: out of book
at move 2. } 1. h2e2 h9g7 2. e2e6?? { Out of book. Blunder: +0.13 -> -5.02;
h0g2 was best. } (2. h0g2 h7h1 3. i0i2 i9h9 4. b0c2 b9c7 5. f0e1 c9e7) 2... g7e6
3. h0g2 i9h9 4. i0h0?! { Inaccuracy: -4.09 -> -5.54; g3g4 was best. }
(4. g3g4 h7e7 5. f0e1 e6d4 6. g0e2 b9c7 7. i0f0 d4e2) 4... b9c7?!
{ Inaccuracy: -5.54 -> -3.80; e6f4 was best. } (4... e6f4 5. b2e2 f4e2 6. c0e2
h7h2) *'
	[ "$(unversioned "$output")" = "$expected" ]
	run -0 --separate-stderr xqannotate -v -n iccs --engine sh --engine-arg "$E/ucci-fsf.sh" \
		--engine-dialect ucci --movetime 50 "$S/blunder.pgn"
	expected="xqannotate: note: engine 'UCCI wrapper of Fairy-Stockfish VERSION', dialect ucci
xqannotate: 1 game read, 1 annotated, 0 unannotated, 0 dropped"
	[ "$(unversioned "$stderr")" = "$expected" ]
	# under a time limit the analysis varies: the mark only
	[[ "$(movetext "$output")" == *"2. e2e6??"* ]]
	no_leftovers
}

@test "an engine that dies: reported with its last words, the game written unannotated, the run goes on" {
	xqconv -q "$S/blunder.pgn" "$S/ignored.pgn" >"$T/plain.pgn"
	run -2 --separate-stderr xqannotate --engine "$E/die.sh" "$S/blunder.pgn" "$S/ignored.pgn"
	# its last word comes from stdout or stderr, whichever is read first
	expected="xqannotate: $S/blunder.pgn:1: error: game 1, ply 1: engine 'Dying Engine' died (exit status 3) while we waited for bestmove; it said last: LAST
xqannotate: $S/blunder.pgn:1: warning: game 1 written unannotated
xqannotate: $S/ignored.pgn:1: error: game 1, ply 1: engine 'Dying Engine' died (exit status 3) while we waited for bestmove; it said last: LAST
xqannotate: $S/ignored.pgn:1: warning: game 1 written unannotated
xqannotate: 2 games read, 0 annotated, 2 unannotated, 0 dropped"
	[ "$(last_words "$stderr")" = "$expected" ]
	# unannotated means exactly as xqconv writes it
	[ "$output" = "$(cat "$T/plain.pgn")" ]
	no_leftovers
	# --strict stops at the first failure and writes nothing
	run -2 --separate-stderr xqannotate --strict --engine "$E/die.sh" "$S/blunder.pgn" "$S/ignored.pgn"
	expected="xqannotate: $S/blunder.pgn:1: error: game 1, ply 1: engine 'Dying Engine' died (exit status 3) while we waited for bestmove; it said last: LAST
xqannotate: $S/blunder.pgn:1: error: game 1: stopping (--strict)
xqannotate: 1 game read, 0 annotated, 0 unannotated, 1 dropped"
	[ "$(last_words "$stderr")" = "$expected" ]
	[ -z "$output" ]
	no_leftovers
}

@test "dead engines are reaped: no zombie children while the run goes on" {
	run -2 --separate-stderr xqannotate --engine "$E/zombie-check.sh" --engine-arg "$T/z.log" \
		"$S/blunder.pgn" "$S/ignored.pgn" "$S/blunder.pgn"
	expected="xqannotate: $S/blunder.pgn:1: error: game 1, ply 1: engine 'Dying Engine' died (exit status 3) while we waited for bestmove; it said last: LAST
xqannotate: $S/blunder.pgn:1: warning: game 1 written unannotated
xqannotate: $S/ignored.pgn:1: error: game 1, ply 1: engine 'Dying Engine' died (exit status 3) while we waited for bestmove; it said last: LAST
xqannotate: $S/ignored.pgn:1: warning: game 1 written unannotated
xqannotate: $S/blunder.pgn:1: error: game 1, ply 1: engine 'Dying Engine' died (exit status 3) while we waited for bestmove; it said last: LAST
xqannotate: $S/blunder.pgn:1: warning: game 1 written unannotated
xqannotate: 3 games read, 0 annotated, 3 unannotated, 0 dropped"
	[ "$(last_words "$stderr")" = "$expected" ]
	[ "$(cat "$T/z.log" | tr '\n' ' ')" = "0 0 0 " ]
}

@test "after a death the next game gets a fresh engine" {
	run -2 --separate-stderr xqannotate -n iccs --engine "$E/die-once.sh" --engine-arg "$T/marker" \
		--depth 5 "$S/blunder.pgn" "$S/ignored.pgn"
	expected="xqannotate: $S/blunder.pgn:1: error: game 1, ply 1: engine 'Dying Engine' died (exit status 3) while we waited for bestmove; it said last: LAST
xqannotate: $S/blunder.pgn:1: warning: game 1 written unannotated
xqannotate: 2 games read, 1 annotated, 1 unannotated, 0 dropped"
	[ "$(last_words "$stderr")" = "$expected" ]
	# the second game's tag names the engine that annotated it, not the
	# one that died (the same command, started again)
	[ "$(unversioned "$(grep '^\[Annotator ' <<<"$output")")" = '[Annotator "xqannotate 0.1.0, Fairy-Stockfish VERSION, depth 5"]' ]
	# the first game as it came, the second annotated by Fairy-Stockfish at
	# depth 5 (2... i9h9??): the movetext whole
	[ "$(movetext "$output")" = ' 1. h2e2 h9g7 2. e2e6 g7e6 3. h0g2 i9h9 4. i0h0 b9c7 * { Red: 3 moves, 0 ?!, 0 ?, 2 ??, average loss 361, accuracy 34.1%; Black: 2 moves, 0 ?!, 0 ?, 1 ??, average loss 306, accuracy 43.5%. ECCO B05: out of book at move 2. } 1. h2e2 h9g7 2. e2e6?? { Out of book. Blunder: +0.56 -> -4.47; b2b4 was best. } (2. b2b4 b7e7 3. h0g2 b9c7 4. b0c2) 2... i9h9?? { Blunder: -4.82 -> +0.73; g7e6 was best. } (2... g7e6 3. h0g2 f9e8 4. c0e2) 3. h0g2?? { Blunder: +1.41 -> -3.93; e6e4 was best. } (3. e6e4 h7h6) * ' ]
	no_leftovers
}

@test "an engine that hangs is stopped, then killed with its children" {
	run -2 --separate-stderr xqannotate --engine "$E/hang.sh" --engine-timeout 1 "$S/blunder.pgn" "$S/ignored.pgn"
	expected="xqannotate: $S/blunder.pgn:1: error: game 1, ply 1: engine 'Hanging Engine' gave no bestmove in time; it said last: 'info string thinking forever'
xqannotate: $S/blunder.pgn:1: warning: game 1 written unannotated
xqannotate: $S/ignored.pgn:1: error: game 1, ply 1: engine 'Hanging Engine' gave no bestmove in time; it said last: 'info string thinking forever'
xqannotate: $S/ignored.pgn:1: warning: game 1 written unannotated
xqannotate: 2 games read, 0 annotated, 2 unannotated, 0 dropped"
	[ "$stderr" = "$expected" ]
	# unannotated means exactly as xqconv writes it (1. 炮二平五 马８进７ ...)
	local out=$output
	run -0 --separate-stderr xqconv -q "$S/blunder.pgn" "$S/ignored.pgn"
	[ "$out" = "$output" ]
	no_leftovers
}

@test "interrupted (TERM, INT, HUP): every engine killed with its children, the signal's own status" {
	for sig in TERM INT HUP; do
		xqannotate -J 2 --engine "$E/hang.sh" --engine-timeout 600 "$S/blunder.pgn" "$S/ignored.pgn" \
			>"$T/out" 2>"$T/err" &
		local pid=$! thinking="" i
		# both engines searching: each hang.sh has its sleep child
		for i in $(seq 200); do
			thinking=$(ps -o pid= --ppid "$(pgrep -d, -P "$pid")" 2>/dev/null || true)
			[ "$(echo "$thinking" | grep -c .)" -eq 2 ] && break
			sleep 0.05
		done
		[ "$(echo "$thinking" | grep -c .)" -eq 2 ]
		local engines
		engines=$(pgrep -d ' ' -P "$pid")
		kill -"$sig" "$pid"
		local status=0
		wait "$pid" || status=$?
		[ "$status" -eq $((128 + $(kill -l "$sig"))) ]
		# the engines and their children die at once (SIGKILL to each group)
		for i in $(seq 40); do
			local left=""
			for p in $engines $thinking; do kill -0 "$p" 2>/dev/null && left="$left $p"; done
			[ -z "$left" ] && break
			sleep 0.05
		done
		[ -z "$left" ] || { kill -KILL $left; false; }
	done
	no_leftovers
}

@test "an engine that speaks garbage: each kind reported, the games written unannotated" {
	# unannotated: as xqconv writes it (2. 炮五进四 马７进５ ...)
	run -0 --separate-stderr xqconv -q "$S/blunder.pgn"
	local plain=$output
	run -2 --separate-stderr xqannotate --engine "$E/garbage.sh" --engine-arg illegal "$S/blunder.pgn"
	expected="xqannotate: $S/blunder.pgn:1: error: game 1, ply 1: engine 'Garbage Engine' answered an illegal move 'a0a9' (dialect uci); it said last: 'bestmove a0a9'
xqannotate: $S/blunder.pgn:1: warning: game 1 written unannotated
xqannotate: 1 game read, 0 annotated, 1 unannotated, 0 dropped"
	[ "$stderr" = "$expected" ]
	[ "$output" = "$plain" ]
	run -2 --separate-stderr xqannotate --engine "$E/garbage.sh" --engine-arg nonsense "$S/blunder.pgn"
	expected="xqannotate: $S/blunder.pgn:1: error: game 1, ply 1: engine 'Garbage Engine' wrote a malformed line (bestmove '!!!' is no move); it said last: 'bestmove !!!'
xqannotate: $S/blunder.pgn:1: warning: game 1 written unannotated
xqannotate: 1 game read, 0 annotated, 1 unannotated, 0 dropped"
	[ "$stderr" = "$expected" ]
	run -2 --separate-stderr xqannotate --engine "$E/garbage.sh" --engine-arg malformed "$S/blunder.pgn"
	expected="xqannotate: $S/blunder.pgn:1: error: game 1, ply 1: engine 'Garbage Engine' wrote a malformed line (info depth needs a number); it said last: 'info depth many score cp 12 pv a3a4'
xqannotate: $S/blunder.pgn:1: warning: game 1 written unannotated
xqannotate: 1 game read, 0 annotated, 1 unannotated, 0 dropped"
	[ "$stderr" = "$expected" ]
	run -2 --separate-stderr xqannotate --engine "$E/garbage.sh" --engine-arg noscore "$S/blunder.pgn"
	expected="xqannotate: $S/blunder.pgn:1: error: game 1, ply 1: engine 'Garbage Engine' named its best move without a score; it said last: 'bestmove a3a4'
xqannotate: $S/blunder.pgn:1: warning: game 1 written unannotated
xqannotate: 1 game read, 0 annotated, 1 unannotated, 0 dropped"
	[ "$stderr" = "$expected" ]
	run -2 --separate-stderr xqannotate --engine "$E/garbage.sh" --engine-arg noshake --engine-timeout 2 "$S/blunder.pgn"
	# the failed handshake named once, by the game it failed, the summary
	expected="xqannotate: $S/blunder.pgn:1: error: game 1: engine '$E/garbage.sh' gave no uciok or ucciok in time; it said last: '@#%&*'
xqannotate: $S/blunder.pgn:1: warning: game 1 written unannotated
xqannotate: 1 game read, 0 annotated, 1 unannotated, 0 dropped"
	[ "$stderr" = "$expected" ]
	[ "$output" = "$plain" ]
	# with the games' messages kept quiet, said once before the summary
	run -2 --separate-stderr xqannotate -q --engine "$E/garbage.sh" --engine-arg noshake --engine-timeout 2 "$S/blunder.pgn"
	expected="xqannotate: engine '$E/garbage.sh' gave no uciok or ucciok in time; it said last: '@#%&*'
xqannotate: 1 game read, 0 annotated, 1 unannotated, 0 dropped"
	[ "$stderr" = "$expected" ]
	no_leftovers
}

@test "an engine command that cannot run is exit 2 at once" {
	run -2 --separate-stderr xqannotate --engine "$T/no-such-engine" "$S/blunder.pgn"
	[ "$stderr" = "xqannotate: cannot run engine '$T/no-such-engine': No such file or directory" ]
	[ -z "$output" ]
}

@test "--played: root searches the played move alone (searchmoves), next reads the next position" {
	# what the engine is told, through a logging wrapper
	printf '#!/bin/sh\ntee -a "%s" | "%s"\n' "$T/said" "$FSF" >"$T/logged.sh"
	chmod +x "$T/logged.sh"
	run -0 --separate-stderr xqannotate -n iccs --engine "$T/logged.sh" --depth 6 "$S/blunder.pgn"
	# at a depth limit the movetext whole: 2. e2e6?? { Out of book. Blunder: ... }
	[ "$(movetext "$output")" = ' { Red: 4 moves, 0 ?!, 0 ?, 1 ??, average loss 156, accuracy 68.9%; Black: 4 moves, 0 ?!, 0 ?, 0 ??, average loss 22, accuracy 94.7%. ECCO B05: out of book at move 2. } 1. h2e2 h9g7 2. e2e6?? { Out of book. Blunder: +0.53 -> -4.77; h0g2 was best. } (2. h0g2 h7h1 3. i0h0) 2... g7e6 3. h0g2 i9h9 4. i0h0 b9c7 * ' ]
	[ "$stderr" = "xqannotate: 1 game read, 1 annotated, 0 unannotated, 0 dropped" ]
	# every searchmoves search is of one move, at the depth asked for, in
	# the position searched just before (the full search of the same
	# position), and it is the move the game plays there
	grep -E '^go ' "$T/said" | grep -vxE 'go depth 6( searchmoves [a-i]([1-9]|10)[a-i]([1-9]|10))?' && false
	[ "$(grep -c 'searchmoves' "$T/said")" -ge 1 ]
	awk '/^position/ { cur = $0 }
	     /^go / { if ($0 ~ /searchmoves/) { if (cur != prev) bad++; sm++ } prev = cur }
	     END { exit !(sm > 0 && bad == 0) }' "$T/said"
	game=$(grep '^position' "$T/said" | tail -1)
	awk -v game="$game" '/^position/ { cur = $0 }
	     /searchmoves/ { k = (cur ~ / moves/ ? cur : cur " moves") " " $NF; if (index(game, k) != 1) bad++ }
	     END { exit bad > 0 }' "$T/said"
	: >"$T/said"
	run -0 --separate-stderr xqannotate -n iccs --played next --engine "$T/logged.sh" --depth 6 "$S/blunder.pgn"
	local next=' { Red: 4 moves, 0 ?!, 0 ?, 1 ??, average loss 205, accuracy 59.7%; Black: 4 moves, 1 ?!, 0 ?, 0 ??, average loss 108, accuracy 73.9%. ECCO B05: out of book at move 2. } 1. h2e2 h9g7 2. e2e6?? { Out of book. Blunder: +0.69 -> -4.81; h0g2 was best. } (2. h0g2 f9e8) 2... g7e6 3. h0g2 i9h9?! { Inaccuracy: -5.58 -> -3.78; b9c7 was best. } (3... b9c7 4. g0e2 c6c5 5. g3g4 c7d5) 4. i0h0 b9c7 * '
	[ "$(movetext "$output")" = "$next" ]
	[ "$stderr" = "xqannotate: 1 game read, 1 annotated, 0 unannotated, 0 dropped" ]
	run -1 grep -q searchmoves "$T/said"
	# UCCI has no searchmoves: the next position's search is used
	: >"$T/said"
	printf '#!/bin/sh\ntee -a "%s" | sh "%s"\n' "$T/said" "$E/ucci-fsf.sh" >"$T/logged-ucci.sh"
	run -0 --separate-stderr xqannotate -n iccs --engine sh --engine-arg "$T/logged-ucci.sh" --depth 6 "$S/blunder.pgn"
	# the same engine and depth: the movetext of --played next
	[ "$(movetext "$output")" = "$next" ]
	[ "$stderr" = "xqannotate: 1 game read, 1 annotated, 0 unannotated, 0 dropped" ]
	run -1 grep -q searchmoves "$T/said"
	# the built-in engine both ways; a bad word is a usage error
	# (2. e2e6?? in each record, golden cases annotate-nodes, the default
	# root, and annotate-played-next)
	run -0 --separate-stderr xqannotate -n iccs --nodes 4000 --played root "$S/blunder.pgn"
	[ "$output" = "$(golden annotate-nodes)" ]
	[ "$stderr" = "xqannotate: 1 game read, 1 annotated, 0 unannotated, 0 dropped" ]
	run -0 --separate-stderr xqannotate -n iccs --nodes 4000 --played next "$S/blunder.pgn"
	[ "$output" = "$(golden annotate-played-next)" ]
	[ "$stderr" = "xqannotate: 1 game read, 1 annotated, 0 unannotated, 0 dropped" ]
	run -2 --separate-stderr xqannotate --played both "$S/blunder.pgn"
	[ "$stderr" = "xqannotate: --played wants root or next, not 'both'"$'\n'"$(synopsis)" ]
	no_leftovers
}

@test "--plot: legend, move numbers, players, result and date, each side's colour, tooltips" {
	sed 's/^\[Result .*/[Result "1\/2-1\/2"]\n[Date "2024.05.01"]/' "$S/ignored.pgn" >"$T/g.pgn"
	run -0 --separate-stderr xqannotate --plot "$T/c.svg" -o /dev/null "$T/g.pgn"
	xmllint --noout "$T/c.svg"
	# the chart whole (golden case annotate-plot-players): <text
	# class="players" ...>R &#8211; B  1/2-1/2  2024.05.01</text>, each
	# disc's <title>, as 2. 炮五进四??; better: 车一进一
	diff -u <(golden annotate-plot-players) "$T/c.svg"
	# move numbers, not plies: 5 plies are moves 1 to 3
	[ "$(grep -c 'class="move-no"' "$T/c.svg")" -eq 3 ]
	[ "$(grep -c '<title>' "$T/c.svg")" -eq 4 ]     # the picture's and one per disc
	rsvg-convert -o "$T/c.png" "$T/c.svg"
	# the legend's discs in their colours: ?! yellow, ? orange, ?? red
	run -0 png_pixel "$T/c.png" 456 14 566 14 676 14
	set -- ${lines[0]}; [ "$1" -gt 200 ] && [ "$2" -gt 170 ] && [ "$3" -lt 60 ]
	set -- ${lines[1]}; [ "$1" -gt 200 ] && [ "$2" -gt 90 ] && [ "$2" -lt 170 ] && [ "$3" -lt 60 ]
	set -- ${lines[2]}; [ "$1" -gt 180 ] && [ "$2" -lt 60 ] && [ "$3" -lt 60 ]
	# Red's advantage red just above the middle (y 165) under the disc above
	# it, Black's dark just below under the discs below it
	for line in $(grep -o 'data-ply="[0-9]*" data-mark="??" cx="[0-9.]*" cy="[0-9.]*"' "$T/c.svg" |
		      sed 's/.*cx="\([0-9]*\)[0-9.]*" cy="\([0-9]*\).*/\1,\2/'); do
		x=${line%,*} y=${line#*,}
		if [ "$y" -lt 165 ]; then
			set -- $(png_pixel "$T/c.png" "$x" 161)
			[ "$1" -gt 180 ] && [ "$2" -lt 150 ] && [ "$3" -lt 150 ] || { echo "red area at $x: $*"; return 1; }
			red=1
		else
			set -- $(png_pixel "$T/c.png" "$((x - 3))" 170)
			[ "$1" -lt 110 ] && [ "$2" -lt 110 ] && [ "$3" -lt 110 ] || { echo "black area at $x: $*"; return 1; }
			black=1
		fi
	done
	[ "$red" = 1 ] && [ "$black" = 1 ]
}

@test "--replace: a character -E lacks is '?' with a warning; without it the game is dropped" {
	printf '[Event "x"]\n1. h2e2 { \xf0\x9f\x98\x80 } h9g7 *\n' >"$T/r.pgn"
	run -1 --separate-stderr xqannotate --nodes 200 -e utf-8 -n iccs -E gbk "$T/r.pgn"
	[ "$output" = "" ]
	expected="xqannotate: $T/r.pgn:1: error: game 1: character '😀' cannot be encoded in GBK, in '?!, 0 ?, 0 ??, average loss 99, accuracy 72.4%. } 1. h2e2 { 😀 }' (writing '<stdout>')
xqannotate: 1 game read, 0 annotated, 0 unannotated, 1 dropped"
	[ "$stderr" = "$expected" ]
	run -0 xqannotate -V
	local version=${output##* }
	run -0 --separate-stderr xqannotate --nodes 200 -e utf-8 -n iccs -E gbk --replace "$T/r.pgn"
	# GBK, all ASCII here: the record whole, 1. h2e2 { ? }, with the
	# version of xqtools (xqannotate -V) as VERSION
	expected='[Game "Chinese Chess"]
[Event "x"]
[Red "?"]
[Black "?"]
[Result "*"]
[Annotator "xqannotate VERSION, built-in engine, 200 nodes"]
[RedInaccuracies "0"]
[RedMistakes "0"]
[RedBlunders "0"]
[RedAverageLoss "157"]
[RedAccuracy "60.1"]
[BlackInaccuracies "0"]
[BlackMistakes "0"]
[BlackBlunders "0"]
[BlackAverageLoss "99"]
[BlackAccuracy "72.4"]
[Format "ICCS"]

{ Red: 1 move, 0 ?!, 0 ?, 0 ??, average loss 157, accuracy 60.1%; Black: 1
move, 0 ?!, 0 ?, 0 ??, average loss 99, accuracy 72.4%. } 1. h2e2 { ? }
1... h9g7 *'
	[ "${output/"xqannotate $version,"/xqannotate VERSION,}" = "$expected" ]
	[ "$stderr" = "$(printf '%s\n' "xqannotate: $T/r.pgn:1: warning: game 1: 1 character with no GBK form written as '?' (writing '<stdout>')" \
		'xqannotate: 1 game read, 1 annotated, 0 unannotated, 0 dropped')" ]
}

# several games, one invalid among them (its note must come in its place)
games_with_invalid() {
	{
		cat "$S/clean.pgn" "$S/blunder.pgn"
		printf '[Event "illegal"]\n[Result "*"]\n\n1. h2e2 h9g7 2. e2e9 *\n\n'
		cat "$S/commented.pgn" "$S/ignored.pgn" "$S/clean.pgn"
	} >"$T/games.pgn"
}

@test "-J N: records, messages and exit status byte for byte those of -J 1 (built-in, node limits)" {
	games_with_invalid
	# the records of -J 1 whole: golden cases (the same games on stdin)
	local -A golden_of=(["--nodes 3000"]=annotate-six-nodes3000 ["--nodes 1500 --order backward"]=annotate-six-backward
		["--depth 3 -n iccs"]=annotate-six-depth3 ["--strict --nodes 1000"]=annotate-six-strict)
	local illegal="xqannotate: $T/games.pgn:46:17: error: game 3, ply 3: e2e9: illegal move: no legal move from e2 to e9"
	for args in "--nodes 3000" "--nodes 1500 --order backward" "--depth 3 -n iccs" "--strict --nodes 1000"; do
		# shellcheck disable=SC2086
		run -1 --separate-stderr xqannotate $args "$T/games.pgn"
		local out1=$output err1=$stderr
		[ "$out1" = "$(golden "${golden_of[$args]}")" ]
		if [[ "$args" == --strict* ]]; then
			expected="$illegal
xqannotate: $T/games.pgn:43: error: game 3 is invalid: stopping (--strict)
xqannotate: 3 games read, 0 annotated, 0 unannotated, 3 dropped"
		else
			expected="$illegal
xqannotate: $T/games.pgn:43: warning: game 3 is invalid: dropped
xqannotate: 6 games read, 5 annotated, 0 unannotated, 1 dropped"
		fi
		[ "$err1" = "$expected" ]
		for j in "-J 2" -J3 "-J 0" --jobs=2; do
			# shellcheck disable=SC2086
			run -1 --separate-stderr xqannotate $args $j "$T/games.pgn"
			[ "$output" = "$out1" ]
			[ "$stderr" = "$err1" ]
		done
	done
}

@test "-J 2: JSON lines, -d files and --plot charts those of -J 1" {
	games_with_invalid
	mkdir "$T/d1" "$T/d2" "$T/p1" "$T/p2"
	run -1 --separate-stderr xqannotate -q -j --nodes 2000 -d "$T/d1" --plot "$T/p1" "$T/games.pgn"
	local out1=$output
	[ "$(grep -c '"ply":' <<<"$out1")" -gt 60 ]
	run -1 --separate-stderr xqannotate -q -j --nodes 2000 -J 2 -d "$T/d2" --plot "$T/p2" "$T/games.pgn"
	[ "$output" = "$out1" ]
	[ "$(ls "$T/d1" | wc -l)" -eq 5 ]
	[ "$(ls "$T/p1" | wc -l)" -eq 5 ]
	diff -r "$T/d1" "$T/d2"
	diff -r "$T/p1" "$T/p2"
}

@test "-J 2 with Fairy-Stockfish at a node limit: the output of -J 1" {
	[ -x "$FSF" ] || skip "Fairy-Stockfish ($FSF) is not installed: -J with an external engine not tested"
	games_with_invalid
	run -1 --separate-stderr xqannotate -n iccs --engine "$FSF" --nodes 3000 "$T/games.pgn"
	local out1=$output err1=$stderr
	expected="xqannotate: $T/games.pgn:46:17: error: game 3, ply 3: e2e9: illegal move: no legal move from e2 to e9
xqannotate: $T/games.pgn:43: warning: game 3 is invalid: dropped
xqannotate: 6 games read, 5 annotated, 0 unannotated, 1 dropped"
	[ "$err1" = "$expected" ]
	# the planted game's record whole (2. e2e6?? { Out of book. Blunder: ... }),
	# Fairy-Stockfish's version as VERSION
	expected='[Game "Chinese Chess"]
[Event "planted blunder: 2. e2e6 gives the cannon away"]
[Red "R"]
[Black "B"]
[Result "*"]
[Annotator "xqannotate 0.1.0, Fairy-Stockfish VERSION, 3000 nodes"]
[RedInaccuracies "0"]
[RedMistakes "0"]
[RedBlunders "1"]
[RedAverageLoss "146"]
[RedAccuracy "69.5"]
[BlackInaccuracies "0"]
[BlackMistakes "0"]
[BlackBlunders "0"]
[BlackAverageLoss "6"]
[BlackAccuracy "98.5"]
[Format "ICCS"]

{ Red: 4 moves, 0 ?!, 0 ?, 1 ??, average loss 146, accuracy 69.5%; Black: 4
moves, 0 ?!, 0 ?, 0 ??, average loss 6, accuracy 98.5%. ECCO B05: out of book
at move 2. } 1. h2e2 h9g7 2. e2e6?? { Out of book. Blunder: +0.65 -> -4.28;
b0c2 was best. } (2. b0c2 b9c7) 2... g7e6 3. h0g2 i9h9 4. i0h0 b9c7 *'
	[ "$(unversioned "$(awk '/^\[Game /{n++} n==2' <<<"$out1")")" = "$expected" ]
	run -1 --separate-stderr xqannotate -n iccs --engine "$FSF" --nodes 3000 -J 2 "$T/games.pgn"
	[ "$output" = "$out1" ]
	[ "$stderr" = "$err1" ]
	no_leftovers
}

@test "-J 2 with an engine that dies: each game unannotated, in order, no engine left" {
	games_with_invalid
	# its last word is from stdout or stderr, whichever is read first
	run -2 --separate-stderr xqannotate -J 2 --engine "$E/die.sh" "$T/games.pgn"
	local out2=$output err2
	err2=$(sed 's/; it said last: .*//' <<<"$stderr")
	run -2 --separate-stderr xqannotate --engine "$E/die.sh" "$T/games.pgn"
	[ "$out2" = "$output" ]
	[ "$err2" = "$(sed 's/; it said last: .*//' <<<"$stderr")" ]
	[ "$(grep -c 'written unannotated' <<<"$stderr")" -eq 5 ]
	# every message in its place, each last word one of the engine's two
	expected="xqannotate: $T/games.pgn:1: error: game 1, ply 1: engine 'Dying Engine' died (exit status 3) while we waited for bestmove; it said last: LAST
xqannotate: $T/games.pgn:1: warning: game 1 written unannotated
xqannotate: $T/games.pgn:37: error: game 2, ply 1: engine 'Dying Engine' died (exit status 3) while we waited for bestmove; it said last: LAST
xqannotate: $T/games.pgn:37: warning: game 2 written unannotated
xqannotate: $T/games.pgn:46:17: error: game 3, ply 3: e2e9: illegal move: no legal move from e2 to e9
xqannotate: $T/games.pgn:43: warning: game 3 is invalid: dropped
xqannotate: $T/games.pgn:48: error: game 4, ply 1: engine 'Dying Engine' died (exit status 3) while we waited for bestmove; it said last: LAST
xqannotate: $T/games.pgn:48: warning: game 4 written unannotated
xqannotate: $T/games.pgn:55: error: game 5, ply 1: engine 'Dying Engine' died (exit status 3) while we waited for bestmove; it said last: LAST
xqannotate: $T/games.pgn:55: warning: game 5 written unannotated
xqannotate: $T/games.pgn:61: error: game 6, ply 1: engine 'Dying Engine' died (exit status 3) while we waited for bestmove; it said last: LAST
xqannotate: $T/games.pgn:61: warning: game 6 written unannotated
xqannotate: 6 games read, 0 annotated, 5 unannotated, 1 dropped"
	[ "$(last_words "$stderr")" = "$expected" ]
	no_leftovers
}

@test "a bad -J is a usage error naming the values taken, exit 2" {
	for bad in x -1 257 "" 2x 1.5; do
		run -2 --separate-stderr xqannotate -J "$bad" "$S/blunder.pgn"
		[ -z "$output" ]
		[ "$stderr" = "xqannotate: invalid -J '$bad': a number of jobs from 1 to 256, or 0 for one a core"$'\n'"$(synopsis)" ]
	done
	run -2 --separate-stderr xqannotate --jobs=300 "$S/blunder.pgn"
	[ "$stderr" = "xqannotate: invalid -J '300': a number of jobs from 1 to 256, or 0 for one a core"$'\n'"$(synopsis)" ]
	run -0 --separate-stderr xqannotate -q -J 256 --hash 1 --nodes 500 "$S/blunder.pgn"
	# the record whole ([RedBlunders "1"]): golden case annotate-jobs256
	[ "$output" = "$(golden annotate-jobs256)" ]
	[ "$stderr" = "xqannotate: 1 game read, 1 annotated, 0 unannotated, 0 dropped" ]
}

@test "--order backward: the planted blunder is ??; a bad --order is exit 2" {
	# the records whole, 2. e2e6?? { Out of book. Blunder: ... } in each:
	# golden cases annotate-backward and annotate-forward
	run -0 --separate-stderr xqannotate -n iccs --order backward --nodes 3000 "$S/blunder.pgn"
	[ "$output" = "$(golden annotate-backward)" ]
	[ "$stderr" = "xqannotate: 1 game read, 1 annotated, 0 unannotated, 0 dropped" ]
	run -0 --separate-stderr xqannotate -n iccs --order=forward --nodes 3000 "$S/blunder.pgn"
	[ "$output" = "$(golden annotate-forward)" ]
	[ "$stderr" = "xqannotate: 1 game read, 1 annotated, 0 unannotated, 0 dropped" ]
	run -2 --separate-stderr xqannotate --order sideways "$S/blunder.pgn"
	[ "$stderr" = "xqannotate: --order wants forward or backward, not 'sideways'"$'\n'"$(synopsis)" ]
}

@test "-J 3: an unreadable input's message in its place among the games' messages" {
	games_with_invalid
	run -2 --separate-stderr xqannotate --nodes 1000 "$T/games.pgn" "$T/none.pgn" "$T/games.pgn" "$T/none2.pgn"
	local out1=$output err1=$stderr
	local illegal="xqannotate: $T/games.pgn:46:17: error: game 3, ply 3: e2e9: illegal move: no legal move from e2 to e9
xqannotate: $T/games.pgn:43: warning: game 3 is invalid: dropped"
	expected="$illegal
xqannotate: cannot open '$T/none.pgn': No such file or directory
$illegal
xqannotate: cannot open '$T/none2.pgn': No such file or directory
xqannotate: 12 games read, 10 annotated, 0 unannotated, 2 dropped"
	[ "$err1" = "$expected" ]
	run -2 --separate-stderr xqannotate --nodes 1000 -J 3 "$T/games.pgn" "$T/none.pgn" "$T/games.pgn" "$T/none2.pgn"
	[ "$output" = "$out1" ]
	[ "$stderr" = "$err1" ]
}

@test "--lang: Chinese comments with Chinese notation, English with the others, either when asked" {
	o="$TOP/samples/annotate/opening.pgn"
	# each record whole, a golden case: in Chinese { 出谱。 }, 败着：红方优势
	# +... ；应走..., [Annotator "xqannotate ...，内置引擎，4000节点"]
	run -0 --separate-stderr xqannotate --nodes 4000 "$o"
	[ "$output" = "$(golden annotate-chinese)" ]
	[ "$stderr" = "xqannotate: 1 game read, 1 annotated, 0 unannotated, 0 dropped" ]
	# in English { Out of book. }, Blunder: +... was best., out of book at
	# move 8 (Black).
	run -0 --separate-stderr xqannotate --lang en --nodes 4000 "$o"
	[ "$output" = "$(golden annotate-english)" ]
	[ "$stderr" = "xqannotate: 1 game read, 1 annotated, 0 unannotated, 0 dropped" ]
	# WXF: English (Blunder: +..., no 败着) unless Chinese is asked for
	run -0 --separate-stderr xqannotate -n wxf --nodes 4000 "$o"
	[ "$output" = "$(golden annotate-wxf)" ]
	[ "$stderr" = "xqannotate: 1 game read, 1 annotated, 0 unannotated, 0 dropped" ]
	run -0 --separate-stderr xqannotate -n wxf --lang zh --nodes 4000 "$o"
	[ "$output" = "$(golden annotate-wxf-zh)" ]
	[ "$stderr" = "xqannotate: 1 game read, 1 annotated, 0 unannotated, 0 dropped" ]
	# Big5 output: the traditional words (敗著：紅方優勢 ... 應走)
	run -0 --separate-stderr xqannotate -E big5 --nodes 4000 -o "$T/big5.pgn" "$o"
	[ "$stderr" = "xqannotate: 1 game read, 1 annotated, 0 unannotated, 0 dropped" ]
	run -0 iconv -f big5 -t utf-8 "$T/big5.pgn"
	[ "$output" = "$(golden annotate-big5)" ]
	run -0 xqannotate --help
	local help=$output
	run -2 --separate-stderr xqannotate --lang fr "$o"
	[ "$stderr" = "xqannotate: --lang wants zh or en, not 'fr'"$'\n'"$(synopsis)" ]
	# the help (its --lang=zh|en line) whole
	[ "$help" = "$(golden annotate-help)" ]
}

@test "the book: moves inside the opening's ECCO definition are never marked, whatever they lose" {
	o="$TOP/samples/annotate/opening.pgn"
	# at thresholds that mark nearly every move, the book still gets none
	run -0 --separate-stderr xqannotate -j --nodes 4000 --inaccuracy 0.001 --mistake 0.001 --blunder 0.001 "$o"
	[ "$(jq -s '[.[] | select(.book)] | length' <<<"$output")" -eq 15 ]
	[ "$(jq -s '[.[] | select(.book and .mark != "")] | length' <<<"$output")" -eq 0 ]
	[ "$(jq -s '[.[] | select((.book | not) and .drop >= 0.001 and .mark == "")] | length' <<<"$output")" -eq 0 ]
	# a game set up from another position (Red's edge pawn gone) has no book
	printf '[FEN "%s"]\n\n1. h2e2 h9g7 *\n' 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P2/1C5C1/9/RNBAKABNR w - - 0 1' >"$T/setup.pgn"
	run -0 --separate-stderr xqannotate -j --nodes 2000 "$T/setup.pgn"
	[ "$(jq -s '[.[] | select(.book)] | length' <<<"$output")" -eq 0 ]
}
