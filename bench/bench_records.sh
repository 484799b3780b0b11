#!/usr/bin/env bash
# bench/bench_records.sh BUILD - xqcheck over the largest corpus PGN
# replicated to at least 100,000 games: games per CPU second, MB/s, peak
# RSS; and in the same run pgn-extract's check-only pass (-s -r) over
# ../shared/bench/chess-selfplay.pgn replicated to the same number of games.
# Also xqconv to WXF and xqjudge over the same input.  Called by bench/run.sh.
set -u
B=${1:-build}
SHARED="${XQ_SHARED:-$(pwd)/../shared}"
SRC="$SHARED/corpus/pgn/wukong_hu_ronghua_1391_iccs.pgn"
CHESS="$SHARED/bench/chess-selfplay.pgn"
WANT=${BENCH_GAMES:-100000}
PGNX=$(command -v pgn-extract || echo /usr/games/pgn-extract)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if [ ! -f "$SRC" ]; then
	echo "bench_records: $SRC not found"; exit 0
fi
per=$(grep -c '^\[Event ' "$SRC")
copies=$(( (WANT + per - 1) / per ))
for _ in $(seq "$copies"); do cat "$SRC"; done >"$tmp/xq.pgn"
games=$((per * copies))
bytes=$(wc -c <"$tmp/xq.pgn")

# measure LABEL GAMES BYTES CMD...: CPU seconds, games/s, MB/s, peak RSS
measure() {
	local label=$1 n=$2 size=$3; shift 3
	/usr/bin/time -f '%U %S %M' -o "$tmp/time" "$@" >/dev/null 2>"$tmp/err"
	read -r u s rss <"$tmp/time"
	awk -v l="$label" -v u="$u" -v s="$s" -v r="$rss" -v n="$n" -v b="$size" 'BEGIN {
		c = u + s; if (c <= 0) c = 0.001
		printf "%-26s %8d games %7.2f CPU s %9.0f games/s %7.1f MB/s  peak RSS %6.1f MB\n",
			l, n, c, n / c, b / 1e6 / c, r / 1024 }'
	echo "$u $s" >"$tmp/last"
}

echo "== records: xqcheck on $(basename "$SRC") x $copies ($games games, $((bytes / 1000000)) MB)"
measure "xqcheck -q" "$games" "$bytes" "$B/bin/xqcheck" -q "$tmp/xq.pgn"
ours=$(awk '{ print $1 + $2 }' "$tmp/last")
tail -1 "$tmp/err"
gzip -1 -c "$tmp/xq.pgn" >"$tmp/xq.pgn.gz"
measure "xqcheck -q (gzip input)" "$games" "$bytes" "$B/bin/xqcheck" -q "$tmp/xq.pgn.gz"
measure "xqconv -n wxf" "$games" "$bytes" "$B/bin/xqconv" -q -n wxf "$tmp/xq.pgn"
# xqjudge replays and judges (repetition rulings, natural limit) the same games
# (through sh: its exit status 1, rulings found, would make time(1) add a line)
measure "xqjudge -q" "$games" "$bytes" sh -c '"$0" -q "$1"; exit 0' "$B/bin/xqjudge" "$tmp/xq.pgn"
judge=$(awk '{ print $1 + $2 }' "$tmp/last")
awk -v a="$ours" -v j="$judge" -v n="$games" 'BEGIN {
	if (a <= 0) a = 0.001; if (j <= 0) j = 0.001
	printf "xqjudge: %.0f games per CPU second, xqcheck %.0f: judging costs %.2fx a check\n", n / j, n / a, j / a }'

if [ -x "$PGNX" ] && [ -f "$CHESS" ]; then
	cper=$(grep -c '^\[Event ' "$CHESS")
	ccopies=$(( (games + cper - 1) / cper ))
	for _ in $(seq "$ccopies"); do cat "$CHESS"; done >"$tmp/chess.pgn"
	cgames=$((cper * ccopies))
	cbytes=$(wc -c <"$tmp/chess.pgn")
	measure "pgn-extract -s -r (chess)" "$cgames" "$cbytes" "$PGNX" -s -r "$tmp/chess.pgn"
	peer=$(awk '{ print $1 + $2 }' "$tmp/last")
	awk -v a="$ours" -v b="$peer" -v n="$games" -v m="$cgames" 'BEGIN {
		if (a <= 0) a = 0.001; if (b <= 0) b = 0.001
		printf "ratio: xqcheck checks %.1fx the games per CPU second of pgn-extract (goal 5x)\n", (n / a) / (m / b) }'
else
	echo "pgn-extract or $CHESS not found: no peer figure (apt-get install pgn-extract)"
fi
