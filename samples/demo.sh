#!/bin/sh
# samples/demo.sh BIN - the main jobs of xqtools on the bundled samples.
set -e
BIN=${1:-build/bin}
PATH="$BIN:$PATH"
here=$(dirname "$0")

echo "== xqperft: legal-move tree sizes from the start position"
for d in 1 2 3 4; do
	printf 'depth %d: %s\n' "$d" "$(xqperft -p "$d")"
done
echo "== xqperft: a middle-game position, split by root move (first five)"
xqperft -D -p 2 'r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w' | head -5
echo "== xqperft: positions from $here/positions.fen, legal moves in each"
while IFS= read -r line; do
	case "$line" in ''|'#'*) continue ;; esac
	printf '%4s  %s\n' "$(xqperft "$line")" "$line"
done < "$here/positions.fen"

sh "$here/demo_records.sh" "$BIN"
