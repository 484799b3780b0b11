#!/usr/bin/env bash
# tests/browser/run.sh BUILD [chromium|firefox] - the game pages of
# xqconv -t html in a real browser, headless: Debian's chromium driven by
# playwright-core (page.mjs), or Debian's firefox-esr driven by puppeteer-core
# over WebDriver BiDi (firefox.mjs), both making the checks of checks.mjs;
# npm ci here installs both drivers, no browser is downloaded.  Writes the
# pages of an annotated game and of a game with variations and comments,
# lets the driver step through them (TAP), then looks at the screenshots'
# pixels.  TAP lines.
B=${1:-build}
browser=${2:-chromium}
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
bin="$top/$B/bin"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

bail() { echo "not ok 1 - $1"; echo "1..1"; exit 1; }
case $browser in
chromium) exe=/usr/bin/chromium driver=page.mjs module=playwright-core ;;
firefox) exe=/usr/bin/firefox-esr driver=firefox.mjs module=puppeteer-core ;;
*) bail "unknown browser $browser (chromium or firefox)" ;;
esac
[ -x "$exe" ] || bail "$exe is not installed (apt-get install ${exe##*/})"
command -v node >/dev/null || bail "node is not installed (apt-get install nodejs npm)"
[ -d "$here/node_modules/$module" ] || bail "$module is missing: run 'npm ci' in tests/browser"
[ -x "$bin/xqconv" ] || bail "$bin/xqconv is not built"

# an annotated game (marks, comments, better lines as variations, chart)
"$bin/xqannotate" -q --nodes 3000 -o "$tmp/annotated.pgn" "$top/samples/annotate/blunder.pgn" ||
	bail "xqannotate failed"
# a game with variations, a nested one, and comments
cp "$here/lines.pgn" "$tmp/lines.pgn"
for g in annotated lines; do
	"$bin/xqconv" -q -n iccs -t html -o "$tmp/$g.html" "$tmp/$g.pgn" 2>/dev/null ||
		bail "xqconv -t html failed on $g.pgn"
done

out=$(cd "$here" && node "$driver" "$bin/xqshow" \
	"$tmp/annotated.pgn" "$tmp/annotated.html" "$tmp/annotated" \
	"$tmp/lines.pgn" "$tmp/lines.html" "$tmp/lines" 2>&1)
status=$?
n=$(printf '%s\n' "$out" | grep -c '^\(not \)\?ok ')
printf '%s\n' "$out" | grep -v '^1\.\.'
[ "$status" -eq 0 ] || [ "$n" -gt 0 ] || { echo "not ok $((n + 1)) - $driver failed ($status)"; n=$((n + 1)); }

# the screenshots: the board at the start, red chariot bottom left, black
# one top left, wood between; the page as tall as its contents
png_pixel() {
	local tool="$top/$B/tools/png_pixel"
	if [ ! -x "$tool" ]; then
		tool="$tmp/png_pixel"
		[ -x "$tool" ] || ${CC:-cc} -O1 -o "$tool" "$top/tests/diff/png_pixel.c" -lz
	fi
	"$tool" "$@"
}
bad=0
for g in annotated lines; do
	n=$((n + 1))
	if ! size=$(png_pixel "$tmp/$g.board.png"); then
		echo "not ok $n - $g: no board screenshot"
		bad=$((bad + 1))
		continue
	fi
	read -r w h <<<"$size"
	# points of the 520 x 570 picture, scaled to the screenshot
	px() { echo $(($1 * w / 520)) $(($2 * h / 570)); }
	colours=$(png_pixel "$tmp/$g.board.png" $(px 60 510) $(px 60 60) $(px 285 185))
	ok=1
	{ read -r r1 g1 b1; read -r r2 g2 b2; read -r r3 g3 b3; } <<<"$colours"
	[ "$r1" -gt 150 ] && [ "$g1" -lt 100 ] && [ "$b1" -lt 100 ] || ok=0          # red disc
	[ "$r2" -lt 80 ] && [ "$g2" -lt 80 ] && [ "$b2" -lt 80 ] || ok=0             # black disc
	[ "$r3" -gt 200 ] && [ "$g3" -gt 170 ] && [ "$b3" -gt 120 ] && [ "$b3" -lt 200 ] || ok=0  # wood
	if [ "$ok" = 1 ]; then
		echo "ok $n - $g: the board's screenshot ($w x $h) shows a red and a black piece on wood"
	else
		echo "not ok $n - $g: the board's screenshot colours: $(echo $colours)"
		bad=$((bad + 1))
	fi
	n=$((n + 1))
	read -r w h <<<"$(png_pixel "$tmp/$g.page.png")"
	if [ "${w:-0}" -eq 360 ] && [ "${h:-0}" -gt 600 ]; then
		echo "ok $n - $g: the page's screenshot is $w x $h"
	else
		echo "not ok $n - $g: the page's screenshot is ${w:-?} x ${h:-?}"
		bad=$((bad + 1))
	fi
done
echo "1..$n"
[ "$status" -eq 0 ] && [ "$bad" -eq 0 ]
