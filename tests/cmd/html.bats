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
	# the page of -t html, byte for byte (its text is a golden case)
	run -0 xqconv -q -t html -o "$T/p.html" "$LINES"
	cmp "$T/p.html" "$T/n.html"
}

@test "-t html: several games need -d; a game without a start position is dropped" {
	run -2 --separate-stderr xqconv -t html "$S/games.pgn"
	# the first game's page is out when the second is refused
	[ "$stderr" = "xqconv: the html format holds one game per file: use -d DIR to write several
xqconv: 2 games read, 1 written, 1 dropped" ]
	run -1 --separate-stderr xqconv --keep-broken -t html -o "$T/b.html" "$S/bad_fen.pgn"
	[ ! -s "$T/b.html" ]
}

@test "-t html -d DIR: a page per game and index.html linking them" {
	mkdir "$T/d" "$T/s"
	run -0 --separate-stderr xqconv -t html -d "$T/d" "$S/games.pgn"
	[ "$stderr" = "xqconv: 2 games read, 2 written, 0 dropped" ]
	[ "$(ls "$T/d" | wc -l)" -eq 3 ]
	[ "$(ls "$T/d")" = "000001-Red_Sample-Black_Sample.html
000002-Black_Sample-Red_Sample.html
index.html" ]
	diff -u - "$T/d/index.html" <<'HTML'
<!DOCTYPE html>
<html lang="zh">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>Games</title>
<style>
body{margin:0;padding:8px;background:#faf6ee;color:#222;font:16px/1.6 system-ui,-apple-system,'Segoe UI',Roboto,'Noto Serif CJK SC','Noto Sans CJK SC','Source Han Serif SC','Source Han Sans SC','WenQuanYi Micro Hei','WenQuanYi Zen Hei','AR PL UMing CN','AR PL UKai CN','Microsoft YaHei','SimSun','PingFang SC','Hiragino Sans GB','Songti SC',serif}
a{color:#a11}.tag{color:#666;font-size:.9em;margin-left:6px}.result{font-weight:700}
ol{padding-left:2.2em}
</style>
</head>
<body>
<h1>Games (2)</h1>
<ol>
<li><a href="000001-Red_Sample-Black_Sample.html">Red Sample &#8211; Black Sample</a> <span class="result">1-0</span> <span class="tag">xqtools sample match</span> <span class="tag">2026.01.15</span> <span class="tag">central cannon</span></li>
<li><a href="000002-Black_Sample-Red_Sample.html">Black Sample &#8211; Red Sample</a> <span class="result">1/2-1/2</span> <span class="tag">xqtools sample match</span></li>
</ol>
</body>
</html>
HTML
	# each page is the page -t html writes of its game alone
	for g in "1|Red Sample|Black Sample" "2|Black Sample|Red Sample"; do
		IFS='|' read -r k red black <<<"$g"
		run -0 xqgrep -T "Red=$red" -o "$T/g$k.pgn" "$S/games.pgn"
		run -0 xqconv -q -t html -o "$T/g$k.html" "$T/g$k.pgn"
		cmp "$T/g$k.html" "$T/d/00000$k-${red// /_}-${black// /_}.html"
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
