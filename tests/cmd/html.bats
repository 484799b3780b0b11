#!/usr/bin/env bats
# xqconv -t html: the self-contained game page (its steps in a browser
# are tests/browser's; whole pages, and .html still read as DhtmlXQ
# pages, are golden cases), -d with index.html.
bats_require_minimum_version 1.5.0

setup() {
	ROOT="$BATS_TEST_DIRNAME/../.."
	S="$ROOT/samples"
	LINES="$ROOT/tests/browser/lines.pgn"
	T="$BATS_TEST_TMPDIR"
}

@test "-t html: nothing from the network; moves, variations and pieces counted" {
	run -0 --separate-stderr xqconv -t html -o "$T/p.html" "$LINES"
	# no address but the SVG namespace, no external script, style or font
	[ "$(grep -o "https\?://[^\"' ]*" "$T/p.html" | sort -u)" = "http://www.w3.org/2000/svg" ]
	run grep -c '<script src\|<link\|@import\|url(http' "$T/p.html"
	[ "$output" = 0 ]
	# 7 main-line moves and 7 in variations, the nested one inside another
	[ "$(grep -o '<a class="m' "$T/p.html" | wc -l)" -eq 14 ]
	[ "$(grep -o '<span class="var' "$T/p.html" | wc -l)" -eq 3 ]
	# the inline board: pieces as copies of one drawing each
	[ "$(grep -c '<use href="#pc-' "$T/p.html")" -eq 32 ]
}

@test "the name .html picks the page" {
	run -0 xqconv -q -o "$T/n.html" "$LINES"
	grep -q '<div id="fen">' "$T/n.html"
}

@test "-t html: several games need -d; a game without a start position is dropped" {
	run -2 --separate-stderr xqconv -t html "$S/games.pgn"
	[[ "$stderr" == *"the html format holds one game per file: use -d DIR"* ]]
	run -1 --separate-stderr xqconv --keep-broken -t html -o "$T/b.html" "$S/bad_fen.pgn"
	[ ! -s "$T/b.html" ]
}

@test "-t html -d DIR: a page per game and index.html linking them" {
	mkdir "$T/d" "$T/s"
	run -0 --separate-stderr xqconv -t html -d "$T/d" "$S/games.pgn"
	[[ "$stderr" == *"2 games read, 2 written, 0 dropped"* ]]
	[ "$(ls "$T/d" | wc -l)" -eq 3 ]
	grep -q '<h1>Games (2)</h1>' "$T/d/index.html"
	for f in "$T/d"/*.html; do
		[ "${f##*/}" = index.html ] && continue
		grep -qF "<a href=\"${f##*/}\">" "$T/d/index.html"
		grep -q '<div id="fen">' "$f"
	done
	# --strict: an invalid game leaves no page and no index
	cat "$S/games.pgn" "$S/bad_illegal.pgn" >"$T/mixed.pgn"
	run -1 --separate-stderr xqconv --strict -t html -d "$T/s" "$T/mixed.pgn"
	[ -z "$(ls "$T/s")" ]
}

@test "-t html: an annotated game's marks and its chart" {
	run -0 xqannotate -q --nodes 3000 -o "$T/a.pgn" "$S/annotate/blunder.pgn"
	run -0 xqconv -q -t html -o "$T/a.html" "$T/a.pgn"
	marks=$(grep -o '<span class="nag n[246]">' "$T/a.html" | wc -l)
	[ "$marks" -gt 0 ]
	# one disc to click per mark, with the move and the judgement as its title
	[ "$(grep -c '<circle class="mark pt" data-ply="[0-9]*" data-mark="[?!]*" data-n="[0-9]*"' "$T/a.html")" -eq "$marks" ]
	# a game without annotations has no chart
	run -0 xqconv -q -t html -o "$T/p.html" "$LINES"
	run grep -c 'id="chart"' "$T/p.html"
	[ "$output" = 0 ]
}
