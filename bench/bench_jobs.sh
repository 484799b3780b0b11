#!/usr/bin/env bash
# bench/bench_jobs.sh BUILD - xqcheck -J: the speed-up at -J 2 (goal: at
# least 1.8x on two cores) and the scaling curve at 1, 2, 4, ... jobs and
# the core count (nproc), wall and CPU seconds each (best wall of
# $BENCH_RUNS, default 3; CPU: the workers' too), over one big PGN file:
# the corpus' ICCS games (or the self-play games bench_records.sh keeps)
# replicated to $BENCH_JOBS_GAMES games (default 200,000), written here,
# never committed.  Unpinned: the jobs need every core.  Called by
# bench/run.sh.
set -u
B=${1:-build}
SHARED="${XQ_SHARED:-$(pwd)/../shared}"
CORPUS="$SHARED/corpus/pgn/wukong_hu_ronghua_1391_iccs.pgn"
WANT=${BENCH_JOBS_GAMES:-200000}
RUNS=${BENCH_RUNS:-3}
XQCHECK="$B/bin/xqcheck"
bench_dir=$(cd "$(dirname "$0")" && pwd)
. "$bench_dir/pin.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

src=$(ls "$B"/bench/selfplay-*.pgn 2>/dev/null | head -1)
[ -s "$src" ] || src="$CORPUS"
[ -f "$src" ] || { echo "bench_jobs: no $CORPUS"; exit 0; }
per=$(grep -c '^\[Event ' "$src")
[ "$per" -gt 0 ] || { echo "bench_jobs: no games in $src"; exit 0; }
for _ in $(seq $(( (WANT + per - 1) / per ))); do cat "$src"; done >"$tmp/big.pgn"
games=$(grep -c '^\[Event ' "$tmp/big.pgn")
cores=$(nproc)

# run J: "wall cpu" of xqcheck -q -J J, the best wall of RUNS
run() {
	local best= cpu= f="$tmp/t" t0 t1 u s m w
	for _ in $(seq "$RUNS"); do
		t0=$(date +%s.%N)
		timed "$f" "$XQCHECK" -q -J "$1" "$tmp/big.pgn" 2>/dev/null
		t1=$(date +%s.%N)
		read -r u s m <"$f"
		w=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }')
		if [ -z "$best" ] || awk -v a="$w" -v b="$best" 'BEGIN { exit !(a < b) }'; then
			best=$w
			cpu=$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%.3f", u + s }')
		fi
	done
	echo "$best $cpu"
}

echo
echo "== xqcheck -q -J N over one file of $games games ($(du -m "$tmp/big.pgn" | cut -f1) MB), $cores cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
read -r w1 c1 < <(run 1)
printf '%-6s %10s %10s %9s\n' "jobs" "wall s" "CPU s" "speed-up"
printf '%-6s %10s %10s %8.2fx\n' 1 "$w1" "$c1" 1
j=2
while [ "$j" -le "$cores" ] || [ "$j" = 2 ]; do
	read -r w c < <(run "$j")
	printf '%-6s %10s %10s %8.2fx\n' "$j" "$w" "$c" "$(awk -v a="$w1" -v b="$w" 'BEGIN { print a / b }')"
	[ "$j" = 2 ] && w2=$w
	last=$j
	j=$((j * 2))
done
if [ "$cores" -gt "$last" ]; then
	read -r w c < <(run "$cores")
	printf '%-6s %10s %10s %8.2fx\n' "$cores" "$w" "$c" "$(awk -v a="$w1" -v b="$w" 'BEGIN { print a / b }')"
fi
printf 'speed-up at -J 2: %.2fx (goal at least 1.8x on two idle cores)\n' "$(awk -v a="$w1" -v b="$w2" 'BEGIN { print a / b }')"
