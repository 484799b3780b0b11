#!/usr/bin/env bash
# bench/bench_grep.sh BUILD - xqgrep by tag and by position, and xqstats,
# in games per CPU second over the 100,000-game benchmark input (the
# largest corpus PGN replicated, as bench_records.sh builds it), beside
# pgn-extract's tag search (-T) and position search (-x) over
# ../shared/bench/chess-selfplay.pgn replicated to the same number of games.
# Neither search matches a game here, so both read and test every game
# and write nothing.  Each figure is the best of $BENCH_RUNS (default 3)
# rounds, every command once a round, all on one CPU.  Called by
# bench/run.sh.
set -u
B=${1:-build}
SHARED="${XQ_SHARED:-$(pwd)/../shared}"
SRC="$SHARED/corpus/pgn/wukong_hu_ronghua_1391_iccs.pgn"
CHESS="$SHARED/bench/chess-selfplay.pgn"
WANT=${BENCH_GAMES:-100000}
PGNX=$(command -v pgn-extract || echo /usr/games/pgn-extract)
tmp=$(mktemp -d)
. "$(dirname "$0")/pin.sh"
trap 'rm -rf "$tmp"' EXIT

if [ ! -f "$SRC" ]; then
	echo "bench_grep: $SRC not found"; exit 0
fi
per=$(grep -c '^\[Event ' "$SRC")
copies=$(( (WANT + per - 1) / per ))
for _ in $(seq "$copies"); do cat "$SRC"; done >"$tmp/xq.pgn"
games=$((per * copies))

# job KEY LABEL GAMES CMD...: a timed job.  run_jobs runs every job once a
# round for $BENCH_RUNS (default 3) rounds, ours and the peer's in turn on
# one CPU (bench/pin.sh), so that a change in the machine's speed over the
# minutes of the bench falls on both alike; each figure is the job's best
# round (peak RSS: the largest), its games per CPU second in rate[KEY].
keys=()
declare -A label ngames cmd best rss rate
job() {
	local k=$1; keys+=("$k") label[$k]=$2 ngames[$k]=$3; shift 3
	cmd[$k]=$(printf '%q ' "${PIN[@]}" "$@")
}
run_jobs() {
	local r k u s m
	for ((r = 0; r < ${BENCH_RUNS:-3}; r++)); do
		speed_probe
		for k in "${keys[@]}"; do
			eval "timed \"\$tmp/time\" ${cmd[$k]}" >/dev/null 2>"$tmp/err"
			read -r u s m <"$tmp/time"
			u=$(awk -v u="$u" -v s="$s" 'BEGIN { print u + s }')
			if [ -z "${best[$k]:-}" ] || awk -v a="$u" -v b="${best[$k]}" 'BEGIN { exit !(a < b) }'; then
				best[$k]=$u
			fi
			[ "$m" -gt "${rss[$k]:-0}" ] && rss[$k]=$m
		done
	done
	speed_probe
	for k in "${keys[@]}"; do
		rate[$k]=$(awk -v n="${ngames[$k]}" -v c="${best[$k]}" 'BEGIN { if (c <= 0) c = 0.001; printf "%.0f", n / c }')
		awk -v l="${label[$k]}" -v c="${best[$k]}" -v r="${rss[$k]}" -v n="${ngames[$k]}" 'BEGIN {
			if (c <= 0) c = 0.001
			printf "%-38s %7d games %6.3f CPU s %9.0f games/s  peak RSS %6.1f MB\n", l, n, c, n / c, r / 1024 }'
	done
}

# a position no game reaches: after 1. 炮二平五 炮８平５ 2. 炮五进四 士４进５
FEN='rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w'
FEN=$("$B/bin/xqshow" -F --play 'h2e2 h7e7 e2e6 d9e8' 2>/dev/null || echo "$FEN")
echo "== search: xqgrep and xqstats on $(basename "$SRC") x $copies ($games games)${PIN_CPU:+, on CPU $PIN_CPU}"
job tag "xqgrep -c -P nobody (tag)" "$games" "$B/bin/xqgrep" -c -P nobody "$tmp/xq.pgn"
job regex "xqgrep -c -T 'Event=~^Yinli' (regex)" "$games" "$B/bin/xqgrep" -c -T 'Event=~^Yinli' "$tmp/xq.pgn"
job pos "xqgrep -c --fen (position)" "$games" "$B/bin/xqgrep" -c --fen "$FEN" "$tmp/xq.pgn"
job mat "xqgrep -c --material RN/R" "$games" "$B/bin/xqgrep" -c --material RN/R "$tmp/xq.pgn"
job uniq "xqgrep -c --unique" "$games" "$B/bin/xqgrep" -c --unique "$tmp/xq.pgn"
job stats "xqstats -p 3" "$games" "$B/bin/xqstats" -p 3 "$tmp/xq.pgn"

if [ -x "$PGNX" ] && [ -f "$CHESS" ]; then
	cper=$(grep -c '^\[Event ' "$CHESS")
	ccopies=$(( (games + cper - 1) / cper ))
	for _ in $(seq "$ccopies"); do cat "$CHESS"; done >"$tmp/chess.pgn"
	cgames=$((cper * ccopies))
	printf '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 *\n' >"$tmp/pos.pgn"
	job ptag "pgn-extract -Tpnobody (chess)" "$cgames" "$PGNX" -s -Tpnobody -o /dev/null "$tmp/chess.pgn"
	job ppos "pgn-extract -x (chess)" "$cgames" "$PGNX" -s -x"$tmp/pos.pgn" -o /dev/null "$tmp/chess.pgn"
	# pgn-extract -x leaves a game once it can no longer reach the
	# position: a bad move after that goes unreported (README, Speed).
	# -r replays and checks every move, as xqgrep and xqstats do.
	job pall "pgn-extract -r (chess, every move)" "$cgames" "$PGNX" -s -r -o /dev/null "$tmp/chess.pgn"
	run_jobs
	awk -v a="${rate[tag]}" -v b="${rate[ptag]}" -v c="${rate[pos]}" -v d="${rate[ppos]}" -v e="${rate[stats]}" \
	    -v f="${rate[pall]}" 'BEGIN {
		printf "ratio: xqgrep by tag %.1fx pgn-extract -T, by position %.1fx pgn-extract -x (goal 5x each)\n", a / b, c / d
		printf "ratio: xqstats -p 3 %.1fx pgn-extract -x (goal 5x)\n", e / d
		printf "ratio, every move checked on both sides: xqgrep by position %.1fx, xqstats %.1fx pgn-extract -r\n", c / f, e / f }'
else
	run_jobs
	echo "pgn-extract or $CHESS not found: no peer figure (apt-get install pgn-extract)"
fi
speed_report
