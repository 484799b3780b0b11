#!/bin/sh
# samples/demo_records.sh BIN - xqcheck and xqconv on the bundled samples:
# every format and encoding we ship, the good ones and the bad ones.
set -e
BIN=${1:-build/bin}
PATH="$BIN:$PATH"
here=$(dirname "$0")
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

echo "== xqcheck: the good samples (PGN in UTF-8, GBK with CRLF, Big5; WXF, ICCS; text)"
xqcheck "$here"/games.pgn "$here"/games_gbk.pgn "$here"/games_big5.pgn \
	"$here"/games_wxf.pgn "$here"/games_iccs.pgn "$here"/games.txt \
	"$here"/games_gbk.txt "$here"/endgame.txt
echo "== xqcheck: the bad samples, each reported where it goes wrong"
xqcheck "$here"/bad_*.pgn || echo "(exit $?: invalid games found, as expected)"
echo "== xqcheck -j: one JSON object per game"
xqcheck -j "$here"/bad_illegal.pgn 2>/dev/null | cut -c1-160 || true
echo "== xqconv: GBK PGN to UTF-8 PGN in WXF notation"
xqconv -n wxf "$here"/games_gbk.pgn | sed -n '1,14p'
echo "== xqconv: Big5 PGN to plain text, ICCS"
xqconv -t text -n iccs "$here"/games_big5.pgn | sed -n '1,12p'
echo "== xqconv: a text endgame to PGN, then to GBK with CRLF"
xqconv -f text "$here"/endgame.txt -o "$out/endgame.pgn"
xqconv -E gbk --crlf -o "$out/endgame-gbk.pgn" "$out/endgame.pgn"
xqcheck "$out/endgame-gbk.pgn"
echo "== xqconv: one file per game, names from the tags"
xqconv -d "$out" "$here"/games.pgn
ls "$out"
echo "== xqconv: broken games dropped, kept as far as legal, or stopping the run"
xqconv "$here"/games.pgn "$here"/bad_illegal.pgn >/dev/null || true
xqconv --keep-broken "$here"/bad_illegal.pgn | tail -3 || true
xqconv --strict -o "$out/strict.pgn" "$here"/bad_illegal.pgn || echo "(exit $?, no output file: $(ls "$out"/strict.pgn 2>/dev/null || echo none))"
echo "== xqconv: a character Big5 cannot hold is an error, not a '?'"
printf '[Event "%s"]\n1. h2e2 *\n' "许" | xqconv -E big5 >/dev/null || true
echo "== xqcheck: XQF (version 10, and version 18 encrypted) and DhtmlXQ (a GBK web page, a block file)"
xqcheck "$here"/game.xqf "$here"/game_v18.xqf "$here"/games_dhtmlxq_gbk.html "$here"/games.dhtmlxq
echo "== xqconv: the encrypted XQF to PGN in ICCS, variations and comments kept"
xqconv -n iccs "$here"/game_v18.xqf | sed -n '/^$/,$p'
echo "== xqconv: the DhtmlXQ page to plain text"
xqconv -t text "$here"/games_dhtmlxq_gbk.html | head -8
echo "== xqconv: PGN to XQF, one file per game, read back"
mkdir "$out/xqf"
xqconv -t xqf -d "$out/xqf" "$here"/games.pgn
ls "$out/xqf"
xqcheck "$out"/xqf/*.xqf
