#!/usr/bin/env bats
# Inputs of the record commands: folders walked with -R, lists of names
# with --files-from (newlines, or NUL with -0; '-' for standard input).
bats_require_minimum_version 1.5.0

setup() {
	ROOT="$BATS_TEST_DIRNAME/../.."
	S="$ROOT/samples"
	T="$BATS_TEST_TMPDIR"
	cd "$T"
	# tree/: two records, a README, a nested folder, a link to a folder
	mkdir -p tree/sub other empty
	cp "$S/games.pgn" tree/b.pgn
	cp "$S/bad_fen.pgn" tree/sub/a.pgn
	cp "$S/games_iccs.pgn" tree/a.pgn
	echo "These are the club's games." > tree/README
	cp "$S/bad_illegal.pgn" other/c.pgn
	ln -s ../other tree/link
}

@test "-R: files in name order, the README skipped (a note under -v), the linked folder not followed" {
	run -1 --separate-stderr xqcheck -v -R tree
	[ "$output" = "" ]
	[ "$stderr" = "xqcheck: tree/README: note: skipped: no game record found (read as pgn)
xqcheck: tree/link: note: skipped: a symbolic link to a directory
xqcheck: tree/sub/a.pgn:3: error: game 1: malformed FEN 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9 w - - 0 1': column 50: only 9 ranks, not 10
xqcheck: 5 games: 4 valid, 1 invalid (1 error, 0 warnings)" ]
}

@test "-R reads what the files named one by one give, in every record command" {
	for cmd in "xqconv" "xqcheck" "xqgrep -r 1-0" "xqstats" "xqjudge" "xqannotate --depth 1 -q"; do
		run --separate-stderr $cmd tree/a.pgn tree/b.pgn tree/sub/a.pgn
		local out="$output" err="$stderr" st="$status" notes
		run --separate-stderr $cmd --recursive tree
		[ "$status" = "$st" ] || { echo "$cmd: status $status, not $st"; false; }
		[ "$output" = "$out" ] || { echo "$cmd: output differs"; false; }
		# the diagnostics of the files: the two skipped are notes, said
		# with -v alone
		[ "$stderr" = "$err" ] || { echo "$cmd: diagnostics differ: $stderr"; false; }
	done
}

@test "-v: the notes of the skipped files in name order, before sub/a.pgn's, in every record command" {
	for cmd in "xqconv -v" "xqcheck -v" "xqgrep --verbose -r 1-0" "xqstats -v" "xqjudge -v"; do
		run --separate-stderr $cmd tree/a.pgn tree/b.pgn tree/sub/a.pgn
		local err="$stderr"
		run --separate-stderr $cmd --recursive tree
		[ "$stderr" = "${cmd%% *}: tree/README: note: skipped: no game record found (read as pgn)
${cmd%% *}: tree/link: note: skipped: a symbolic link to a directory
$err" ] || { echo "$cmd: diagnostics differ: $stderr"; false; }
	done
}

@test "-q: no notes for skipped files, even with -v; the summary line stays" {
	run -1 --separate-stderr xqcheck -q -R tree
	[ "$stderr" = "xqcheck: 5 games: 4 valid, 1 invalid (1 error, 0 warnings)" ]
	run -1 --separate-stderr xqcheck -q -v -R tree
	[ "$stderr" = "xqcheck: 5 games: 4 valid, 1 invalid (1 error, 0 warnings)" ]
}

@test "-R over an empty folder reads nothing, not standard input" {
	run -0 --separate-stderr xqcheck -R empty < "$S/games.pgn"
	[ "$stderr" = "xqcheck: 0 games: 0 valid, 0 invalid (0 errors, 0 warnings)" ]
}

@test "--files-from: one name a line; a missing file is said, the run goes on, exit 2" {
	printf 'tree/b.pgn\nnosuch.pgn\n\ntree/sub/a.pgn\n' > list
	run -2 --separate-stderr xqcheck --files-from=list
	[ "$stderr" = "xqcheck: cannot open 'nosuch.pgn': No such file or directory
xqcheck: tree/sub/a.pgn:3: error: game 1: malformed FEN 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9 w - - 0 1': column 50: only 9 ranks, not 10
xqcheck: 3 games: 2 valid, 1 invalid (1 error, 0 warnings)" ]
}

@test "--files-from=- reads the list from standard input, after the files named" {
	run -0 --separate-stderr xqconv tree/a.pgn --files-from=- < <(printf 'tree/b.pgn\n')
	[ "$stderr" = "xqconv: 4 games read, 4 written, 0 dropped" ]
	[ "$output" = "$(xqconv tree/a.pgn tree/b.pgn 2>/dev/null)" ]
}

@test "-0: NUL-separated names, a newline in a name kept" {
	cp "$S/games.pgn" "$T/two
lines.pgn"
	printf 'two\nlines.pgn\0tree/sub/a.pgn\0' > list0
	run -1 --separate-stderr xqcheck -0 --files-from list0
	[ "$stderr" = "xqcheck: tree/sub/a.pgn:3: error: game 1: malformed FEN 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9 w - - 0 1': column 50: only 9 ranks, not 10
xqcheck: 3 games: 2 valid, 1 invalid (1 error, 0 warnings)" ]
	run -1 --separate-stderr xqcheck --null --files-from=- < list0
	[ "$stderr" = "xqcheck: tree/sub/a.pgn:3: error: game 1: malformed FEN 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9 w - - 0 1': column 50: only 9 ranks, not 10
xqcheck: 3 games: 2 valid, 1 invalid (1 error, 0 warnings)" ]
}

@test "--files-from with -R walks the folders listed; a README named in a list is no record: exit 2" {
	printf 'tree\n' > list
	run -1 --separate-stderr xqcheck -v -R --files-from=list
	[ "$stderr" = "xqcheck: tree/README: note: skipped: no game record found (read as pgn)
xqcheck: tree/link: note: skipped: a symbolic link to a directory
xqcheck: tree/sub/a.pgn:3: error: game 1: malformed FEN 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9 w - - 0 1': column 50: only 9 ranks, not 10
xqcheck: 5 games: 4 valid, 1 invalid (1 error, 0 warnings)" ]
	printf 'tree/README\n' > list
	run -2 --separate-stderr xqcheck --files-from=list
	[ "$stderr" = "xqcheck: tree/README: fatal: no game record found (read as pgn)
xqcheck: 0 games: 0 valid, 0 invalid (0 errors, 0 warnings)" ]
}

@test "a folder without -R stays an error; a list that cannot be read: exit 2" {
	run -2 --separate-stderr xqcheck tree
	[ "$stderr" = "xqcheck: cannot read 'tree': Is a directory
xqcheck: 0 games: 0 valid, 0 invalid (0 errors, 0 warnings)" ]
	run -2 --separate-stderr xqcheck --files-from=nolist tree/b.pgn
	[ "$stderr" = "xqcheck: cannot open 'nolist': No such file or directory
xqcheck: 2 games: 2 valid, 0 invalid (0 errors, 0 warnings)" ]
}

# synopsis CMD: what every usage error of CMD says after its message: the
# usage lines that begin its --help (up to the first line of prose) and
# where the rest is.
synopsis() {
	"$1" --help | awk 'NR > 1 && !/^ / { exit } { print }'
	echo "Try '$1 --help' for more."
}

@test "-0 without --files-from is a usage error" {
	run -2 --separate-stderr xqconv -0 tree/b.pgn
	[ "$output" = "" ]
	[ "$stderr" = "xqconv: -0 needs --files-from"$'\n'"$(synopsis xqconv)" ]
}

@test "every record command lists -R, --files-from and -0 in --help and reads a NUL list as the names given" {
	printf 'tree/a.pgn\0tree/sub/a.pgn\0' > list0
	for cmd in "xqconv" "xqcheck" "xqgrep -r 1-0" "xqstats" "xqjudge" "xqannotate --depth 1 -q"; do
		# the three entries whole, at the command's own column
		run -0 ${cmd%% *} --help
		[ "$(sed -n '/^  -R, --recursive/,/^  -0, --null/p' <<<"$output" | tr -s ' ')" = " -R, --recursive walk directories (name order; non-records skipped)
 --files-from=LIST read the inputs named in LIST ('-': stdin)
 -0, --null --files-from names end with NUL, not newline" ] || { echo "$cmd --help"; false; }
		run --separate-stderr $cmd tree/a.pgn tree/sub/a.pgn
		local out="$output" err="$stderr" st="$status"
		run --separate-stderr $cmd --null --files-from=list0
		[ "$status" = "$st" ] || { echo "$cmd: status $status, not $st"; false; }
		[ "$output" = "$out" ] || { echo "$cmd: output differs"; false; }
		[ "$stderr" = "$err" ] || { echo "$cmd: diagnostics differ"; false; }
	done
}

@test "-R: a special file and a link to a folder are said in their turn, also after the last file" {
	mkdir tree2
	cp "$S/bad_fen.pgn" tree2/b.pgn
	mkfifo tree2/a.fifo
	ln -s ../other tree2/z
	run -1 --separate-stderr xqcheck -v -R tree2
	[ "$stderr" = "xqcheck: tree2/a.fifo: note: skipped: not a regular file
xqcheck: tree2/b.pgn:3: error: game 1: malformed FEN 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9 w - - 0 1': column 50: only 9 ranks, not 10
xqcheck: tree2/z: note: skipped: a symbolic link to a directory
xqcheck: 1 game: 0 valid, 1 invalid (1 error, 0 warnings)" ]
	run -1 --separate-stderr xqcheck -q -R tree2
	[ "$stderr" = "xqcheck: 1 game: 0 valid, 1 invalid (1 error, 0 warnings)" ]
}
