#!/usr/bin/env bats
# xqconv -t html: the self-contained game page (its steps in a browser
# are tests/browser's), -d with index.html, and .html still read as
# DhtmlXQ pages.
bats_require_minimum_version 1.5.0

setup() {
	ROOT="$BATS_TEST_DIRNAME/../.."
	S="$ROOT/samples"
	LINES="$ROOT/tests/browser/lines.pgn"
	T="$BATS_TEST_TMPDIR"
}

@test "-t html: one page, nothing from the network, FEN, tags, moves, variations, comments" {
	run -0 --separate-stderr xqconv -t html -o "$T/p.html" "$LINES"
	[[ "$stderr" == *"1 game read, 1 written, 0 dropped"* ]]
	head -1 "$T/p.html" | grep -qx '<!DOCTYPE html>'
	grep -q "Content-Security-Policy\" content=\"default-src 'none'" "$T/p.html"
	# no address but the SVG namespace, no external script, style or font
	[ "$(grep -o "https\?://[^\"' ]*" "$T/p.html" | sort -u)" = "http://www.w3.org/2000/svg" ]
	run grep -c '<script src\|<link\|@import\|url(http' "$T/p.html"
	[ "$output" = 0 ]
	grep -q '<div id="fen">rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1</div>' "$T/p.html"
	grep -q '<dt>Event</dt><dd>Variations, a nested one, and comments</dd>' "$T/p.html"
	grep -q '<h1>红方 &#8211; 黑方' "$T/p.html"
	# 7 main-line moves and 7 in variations, the nested one inside another
	[ "$(grep -o '<a class="m' "$T/p.html" | wc -l)" -eq 14 ]
	[ "$(grep -o '<span class="var' "$T/p.html" | wc -l)" -eq 3 ]
	grep -q '<span class="c">the usual</span>' "$T/p.html"
	grep -q '炮二平五' "$T/p.html"
	grep -q "'Noto Sans CJK SC'" "$T/p.html"
	# the script's positions: the last main-line one is xqshow's
	last=$(xqshow -F -p 7 "$LINES")
	grep -qF "[\"$last\"," "$T/p.html"
	# the inline board: pieces as copies of one drawing each
	[ "$(grep -c '<use href="#pc-' "$T/p.html")" -eq 32 ]
}

@test "-t html -n iccs, -E gbk, and the name .html picks the page" {
	run -0 xqconv -q -n iccs -t html -o "$T/i.html" "$LINES"
	grep -q 'data-n="1" href="#">h2e2</a>' "$T/i.html"
	run -0 xqconv -q -E gbk -t html -o "$T/g.html" "$LINES"
	grep -q '<meta charset="GBK">' "$T/g.html"
	iconv -f gbk -t utf-8 "$T/g.html" | grep -q '红方'
	run -0 xqconv -q -o "$T/n.html" "$LINES"
	grep -q '<div id="fen">' "$T/n.html"
}

@test "-t html: several games need -d; a game without a start position is dropped" {
	run -2 --separate-stderr xqconv -t html "$S/games.pgn"
	[[ "$stderr" == *"the html format holds one game per file: use -d DIR"* ]]
	run -1 --separate-stderr xqconv --keep-broken -t html -o "$T/b.html" "$S/bad_fen.pgn"
	[[ "$stderr" == *"a game page needs a start position"* ]]
	[[ "$stderr" == *"1 game read, 0 written, 1 dropped"* ]]
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
	grep -q '<svg xmlns="http://www.w3.org/2000/svg" id="chart"' "$T/a.html"
	# one disc to click per mark, with the move and the judgement as its title
	[ "$(grep -c '<circle class="mark pt" data-ply="[0-9]*" data-mark="[?!]*" data-n="[0-9]*"' "$T/a.html")" -eq "$marks" ]
	grep -q '<title>2. 炮五进四?? (出谱。败着：均势 ' "$T/a.html"
	# a game without annotations has no chart
	run -0 xqconv -q -t html -o "$T/p.html" "$LINES"
	run grep -c 'id="chart"' "$T/p.html"
	[ "$output" = 0 ]
}

@test ".html pages are still read for DhtmlXQ blocks; -t dhtmlxq writes them" {
	run -0 --separate-stderr xqconv "$S/games_dhtmlxq_gbk.html"
	[[ "$stderr" == *"2 games read, 2 written"* ]]
	run -0 --separate-stderr xqconv -f html "$S/games_dhtmlxq_gbk.html"
	[[ "$stderr" == *"2 games read, 2 written"* ]]
	run -0 xqconv -q -t dhtmlxq "$LINES"
	[[ "$output" == *"[DhtmlXQ]"* ]]
	run -2 --separate-stderr xqconv -f bogus "$LINES"
	[[ "$stderr" == *"unknown input format 'bogus'"* ]]
}
