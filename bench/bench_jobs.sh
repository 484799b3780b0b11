#!/usr/bin/env bash
# bench/bench_jobs.sh BUILD - xqcheck -J: the speed-up at -J 2 (goal: at
# least 1.8x on two cores) and the scaling curve at 1, 2, 4, ... jobs and
# the core count (nproc), wall and CPU seconds each (best wall of
# $BENCH_RUNS, default 3; CPU: the workers' too); every batch command at
# 1 and 2 jobs over the same file, its output merged; then the same input
# through a pipe (cat big.pgn | xqcheck -q -J N -: one reader cutting it
# into chunks for the workers) and gzipped, at 1 and 2 jobs, with the
# peak memory of one process; over one big PGN file:
# the self-play games of pin.sh's selfplay_games (without Fairy-Stockfish,
# the corpus' ICCS games)
# replicated to $BENCH_JOBS_GAMES games (default 200,000), written here,
# never committed.  Unpinned: the jobs need every core; the machine's own
# ceiling at two busy CPUs (pin.sh's jobs_ceiling) is printed before and
# after, since no -J 2 figure can pass it.  Called by bench/run.sh.
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

selfplay_games
src=${SELFPLAY:-$CORPUS}
[ -f "$src" ] || { echo "bench_jobs: no $CORPUS"; exit 0; }
per=$(grep -c '^\[Event ' "$src")
[ "$per" -gt 0 ] || { echo "bench_jobs: no games in $src"; exit 0; }
for _ in $(seq $(( (WANT + per - 1) / per ))); do cat "$src"; done >"$tmp/big.pgn"
games=$(grep -c '^\[Event ' "$tmp/big.pgn")
cores=$(nproc)

# best_run J HOW CMD ARGS...: "wall cpu peak-MB" of CMD -J J ARGS over the
# file (HOW file), the file through a pipe (pipe: cat outside the timing,
# read as -) or the file gzipped (gz), the best wall of RUNS; its output to
# /dev/null
best_run() {
	local best='' cpu='' mem='' f="$tmp/t" j=$1 how=$2 c=$3 t0 t1 u s m w
	shift 3
	for _ in $(seq "$RUNS"); do
		t0=$(date +%s.%N)
		case $how in
		pipe) timed "$f" "$c" -J "$j" "$@" - < <(cat "$tmp/big.pgn") >/dev/null 2>&1 ;;
		gz) timed "$f" "$c" -J "$j" "$@" "$tmp/big.pgn.gz" </dev/null >/dev/null 2>&1 ;;
		*) timed "$f" "$c" -J "$j" "$@" "$tmp/big.pgn" </dev/null >/dev/null 2>&1 ;;
		esac
		t1=$(date +%s.%N)
		read -r u s m <"$f"
		w=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }')
		if [ -z "$best" ] || awk -v a="$w" -v b="$best" 'BEGIN { exit !(a < b) }'; then
			best=$w
			cpu=$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%.3f", u + s }')
			mem=$(awk -v m="$m" 'BEGIN { printf "%.0f", m / 1024 }')
		fi
	done
	echo "$best $cpu $mem"
}

# run J [pipe|gz]: best_run of xqcheck -q
run() {
	best_run "$1" "${2:-file}" "$XQCHECK" -q
}

echo
echo "== xqcheck -q -J N over one file of $games games ($(du -m "$tmp/big.pgn" | cut -f1) MB), $cores cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
ceiling_before=$(jobs_ceiling 2)
read -r w1 c1 _ < <(run 1)
printf '%-6s %10s %10s %9s\n' "jobs" "wall s" "CPU s" "speed-up"
printf '%-6s %10s %10s %8.2fx\n' 1 "$w1" "$c1" 1
j=2
while [ "$j" -le "$cores" ] || [ "$j" = 2 ]; do
	read -r w c _ < <(run "$j")
	printf '%-6s %10s %10s %8.2fx\n' "$j" "$w" "$c" "$(awk -v a="$w1" -v b="$w" 'BEGIN { print a / b }')"
	[ "$j" = 2 ] && w2=$w
	last=$j
	j=$((j * 2))
done
if [ "$cores" -gt "$last" ]; then
	read -r w c _ < <(run "$cores")
	printf '%-6s %10s %10s %8.2fx\n' "$cores" "$w" "$c" "$(awk -v a="$w1" -v b="$w" 'BEGIN { print a / b }')"
fi
printf 'speed-up at -J 2: %.2fx (goal at least 1.8x on two idle cores; the machine itself gave two jobs at once %sx one'"'"'s rate just before)\n' \
	"$(awk -v a="$w1" -v b="$w2" 'BEGIN { print a / b }')" "$ceiling_before"

# every batch command over the same file: its output goes through the
# parts and the merge, which xqcheck -q's hardly does
echo
echo "== every batch command -J 1 and -J 2 over the same file (wall s, best of $RUNS; output to /dev/null)"
printf '%-34s %8s %8s %9s\n' "command" "-J 1" "-J 2" "speed-up"
start_fen='rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR'
while IFS='|' read -r label cmd args; do
	# shellcheck disable=SC2086 # args: words
	read -r a1 _ < <(best_run 1 file "$B/bin/$cmd" $args)
	# shellcheck disable=SC2086
	read -r a2 _ < <(best_run 2 file "$B/bin/$cmd" $args)
	printf '%-34s %8s %8s %8.2fx\n' "$label" "$a1" "$a2" "$(awk -v a="$a1" -v b="$a2" 'BEGIN { print a / b }')"
done <<EOF2
xqcheck -q|xqcheck|-q
xqcheck -j (a JSON line a game)|xqcheck|-j
xqconv -n wxf (the games)|xqconv|-q -n wxf
xqgrep -c --fen (start position)|xqgrep|-c --fen $start_fen
xqstats|xqstats|
xqjudge -q (a verdict a game)|xqjudge|-q
EOF2

# a stream: one reader cuts it into chunks of whole games for the workers
gzip -c "$tmp/big.pgn" >"$tmp/big.pgn.gz"
echo
echo "== the same through a pipe (cat big.pgn | xqcheck -q -J N -) and gzipped (xqcheck -q -J N big.pgn.gz)"
printf '%-12s %10s %10s %9s %8s\n' "input, jobs" "wall s" "CPU s" "speed-up" "peak MB"
for how in pipe gz; do
	read -r p1 pc1 pm1 < <(run 1 "$how")
	read -r p2 pc2 pm2 < <(run 2 "$how")
	printf '%-12s %10s %10s %8.2fx %8s\n' "$how, 1" "$p1" "$pc1" "$(awk -v a="$w1" -v b="$p1" 'BEGIN { print a / b }')" "$pm1"
	printf '%-12s %10s %10s %8.2fx %8s\n' "$how, 2" "$p2" "$pc2" "$(awk -v a="$w1" -v b="$p2" 'BEGIN { print a / b }')" "$pm2"
	printf 'speed-up at -J 2 over %s: %.2fx its one job, %.2fx the file'"'"'s one job (file -J 2: %.2fx)\n' \
		"$how" "$(awk -v a="$p1" -v b="$p2" 'BEGIN { print a / b }')" \
		"$(awk -v a="$w1" -v b="$p2" 'BEGIN { print a / b }')" "$(awk -v a="$w1" -v b="$w2" 'BEGIN { print a / b }')"
done
printf 'the machine'"'"'s ceiling at 2 busy CPUs (2 copies of xqperft -p 5 at once against one, wall): %sx before the rows, %sx after\n' \
	"$ceiling_before" "$(jobs_ceiling 2)"
