#!/usr/bin/env bash
# bench/bench_grep.sh BUILD - xqgrep by tag and by position, and xqstats,
# in games per CPU second over the 100,000-game benchmark input (the
# largest corpus PGN replicated, as bench_records.sh builds it), beside
# pgn-extract's tag search (-T) and position search (-x) over
# ../shared/bench/chess-selfplay.pgn replicated to the same number of games.
# Neither search matches a game here, so both read and test every game
# and write nothing.  Each figure is the best of $BENCH_RUNS (default 3)
# runs.  Called by bench/run.sh.
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
	echo "bench_grep: $SRC not found"; exit 0
fi
per=$(grep -c '^\[Event ' "$SRC")
copies=$(( (WANT + per - 1) / per ))
for _ in $(seq "$copies"); do cat "$SRC"; done >"$tmp/xq.pgn"
games=$((per * copies))

# cpu LABEL GAMES CMD...: prints a line, leaves games/CPU s in $rate; the
# best of $BENCH_RUNS (default 3) runs, ours and the peer's alike, so that
# another process's load on a shared machine counts less (peak RSS: the
# largest)
cpu() {
	local label=$1 n=$2 u s rss bu= bs= brss= i; shift 2
	for ((i = 0; i < ${BENCH_RUNS:-3}; i++)); do
		/usr/bin/time -f '%U %S %M' -o "$tmp/time" "$@" >/dev/null 2>"$tmp/err"
		read -r u s rss < <(tail -1 "$tmp/time")   # after "Command exited with ..."
		if [ -z "$bu" ] || awk -v a="$u" -v b="$s" -v c="$bu" -v d="$bs" 'BEGIN { exit !(a + b < c + d) }'; then
			bu=$u bs=$s
		fi
		[ "$rss" -gt "${brss:-0}" ] && brss=$rss
	done
	u=$bu s=$bs rss=$brss
	rate=$(awk -v u="$u" -v s="$s" -v n="$n" 'BEGIN { c = u + s; if (c <= 0) c = 0.001; printf "%.0f", n / c }')
	awk -v l="$label" -v u="$u" -v s="$s" -v r="$rss" -v n="$n" 'BEGIN {
		c = u + s; if (c <= 0) c = 0.001
		printf "%-34s %7d games %6.2f CPU s %9.0f games/s  peak RSS %6.1f MB\n", l, n, c, n / c, r / 1024 }'
}

# a position no game reaches: after 1. 炮二平五 炮８平５ 2. 炮五进四 士４进５
FEN='rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w'
FEN=$("$B/bin/xqshow" -F --play 'h2e2 h7e7 e2e6 d9e8' 2>/dev/null || echo "$FEN")
echo "== search: xqgrep and xqstats on $(basename "$SRC") x $copies ($games games)"
cpu "xqgrep -c -P nobody (tag)" "$games" "$B/bin/xqgrep" -c -P nobody "$tmp/xq.pgn"; tag=$rate
cpu "xqgrep -c -T 'Event=~^Yinli' (regex)" "$games" "$B/bin/xqgrep" -c -T 'Event=~^Yinli' "$tmp/xq.pgn"
cpu "xqgrep -c --fen (position)" "$games" "$B/bin/xqgrep" -c --fen "$FEN" "$tmp/xq.pgn"; pos=$rate
cpu "xqgrep -c --material RN/R" "$games" "$B/bin/xqgrep" -c --material RN/R "$tmp/xq.pgn"
cpu "xqgrep -c --unique" "$games" "$B/bin/xqgrep" -c --unique "$tmp/xq.pgn"
cpu "xqstats -p 3" "$games" "$B/bin/xqstats" -p 3 "$tmp/xq.pgn"; stats=$rate

if [ -x "$PGNX" ] && [ -f "$CHESS" ]; then
	cper=$(grep -c '^\[Event ' "$CHESS")
	ccopies=$(( (games + cper - 1) / cper ))
	for _ in $(seq "$ccopies"); do cat "$CHESS"; done >"$tmp/chess.pgn"
	cgames=$((cper * ccopies))
	printf '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 *\n' >"$tmp/pos.pgn"
	cpu "pgn-extract -Tpnobody (chess)" "$cgames" "$PGNX" -s -Tpnobody -o /dev/null "$tmp/chess.pgn"; ptag=$rate
	cpu "pgn-extract -x (chess)" "$cgames" "$PGNX" -s -x"$tmp/pos.pgn" -o /dev/null "$tmp/chess.pgn"; ppos=$rate
	awk -v a="$tag" -v b="$ptag" -v c="$pos" -v d="$ppos" -v e="$stats" 'BEGIN {
		printf "ratio: xqgrep by tag %.1fx pgn-extract -T, by position %.1fx pgn-extract -x (goal 5x each)\n", a / b, c / d
		printf "ratio: xqstats -p 3 %.1fx pgn-extract -x (goal 5x)\n", e / d }'
else
	echo "pgn-extract or $CHESS not found: no peer figure (apt-get install pgn-extract)"
fi
