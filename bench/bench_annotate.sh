#!/usr/bin/env bash
# bench/bench_annotate.sh BUILD - xqannotate at its default settings: CPU
# seconds for a 100-ply game, and how its ?? marks agree with those of
# Fairy-Stockfish at depth 16 (precision and recall, and the share of the
# plies where either marks ?? on which both do).
#
# Games: the first $ANNOTATE_HUMAN (default 3) games of at least 100 plies
# of ../shared/corpus/pgn/wukong_iccs_1125_games.pgn (master games: few
# blunders), and $ANNOTATE_WEAK (default 3) games of Fairy-Stockfish at depth
# 3 against itself from four random plies (many blunders), made here; the
# first 100 plies of each are judged.  The last $ANNOTATE_HELDOUT (default
# 1) games of each kind are the held-out set: the figures are printed for
# the games the built-in engine's settings were tuned on, for the held-out
# ones, and for all (README, "xqannotate", says which were used how).
# Depth 16 takes Fairy-Stockfish several seconds a position: half an hour a
# game on a loaded 2-core machine; $ANNOTATE_JOBS (default 1) games are
# searched at a time, niced.  With ANNOTATE_CACHE=DIR the games and
# Fairy-Stockfish's marks (one file per game, fsf-N.json, kept while game N
# stays the same) are kept in DIR and read from there on the next run (only
# ours are computed again).  ANNOTATE_ARGS adds options to our run (e.g.
# "--nodes 60000"), to compare settings against the same cached marks.
set -u
B=${1:-build}
FSF=${XQ_FSF:-/usr/games/fairy-stockfish}
human=${ANNOTATE_HUMAN:-3}
weak=${ANNOTATE_WEAK:-3}
heldout=${ANNOTATE_HELDOUT:-1}
jobs=${ANNOTATE_JOBS:-1}
X="$B/bin/xqannotate"
if [ -n "${ANNOTATE_CACHE:-}" ]; then
	tmp=$ANNOTATE_CACHE
	mkdir -p "$tmp"
else
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
fi

echo "== xqannotate: a 100-ply game at default settings, ?? against Fairy-Stockfish depth 16"
src="$XQ_SHARED/corpus/pgn/wukong_iccs_1125_games.pgn"
if [ ! -f "$src" ]; then echo "not found: $src"; exit 0; fi
if [ ! -s "$tmp/all.pgn" ] || [ "$(cat "$tmp/kinds" 2>/dev/null)" != "$human $weak" ]; then
# games of 100 plies or more
"$B/bin/xqconv" -q -n iccs "$src" 2>/dev/null | awk -v want="$human" -v out="$tmp/human.pgn" '
	/^\[Event / { if (buf != "" && plies >= 100 && n < want) { printf "%s", buf > out; n++ } buf = ""; plies = 0 }
	{ buf = buf $0 "\n"; if ($0 !~ /^\[/) { t = $0; gsub(/[0-9]+\./, "", t); plies += split(t, a, " ") } }
	END { if (buf != "" && plies >= 100 && n < want) printf "%s", buf > out }'

# weak self-play games, 100 plies (fewer when one ends)
if [ -x "$FSF" ] && [ "$weak" -gt 0 ]; then
	RANDOM=7
	coproc ENG { "$FSF" 2>/dev/null; }
	send() { printf '%s\n' "$*" >&"${ENG[1]}"; }
	send uci; send setoption name UCI_Variant value xiangqi
	for ((g = 1; g <= weak; g++)); do
		moves=""
		for ((p = 0; p < 100; p++)); do
			send position startpos moves $moves
			if ((p < 4)); then
				send go perft 1
				legal=()
				while IFS= read -r -t 60 line <&"${ENG[0]}"; do
					case $line in "Nodes searched"*) break ;; [a-i][0-9]*": "*) legal+=("${line%%:*}") ;; esac
				done
				moves="$moves ${legal[RANDOM % ${#legal[@]}]}"
				continue
			fi
			send go depth 3
			while IFS= read -r -t 60 line <&"${ENG[0]}"; do case $line in bestmove*) break ;; esac; done
			b=${line#bestmove }; b=${b%% *}
			[ "$b" = "(none)" ] && break
			moves="$moves $b"
		done
		printf '[Event "Fairy-Stockfish depth 3 self-play %d"]\n[Result "*"]\n\n' "$g"
		for m in $moves; do echo "$m"; done | awk '{ match($0, /^[a-i][0-9]+/); a = substr($0, 1, RLENGTH); b = substr($0, RLENGTH + 1)
			printf "%s%d%s%d ", substr(a, 1, 1), substr(a, 2) - 1, substr(b, 1, 1), substr(b, 2) - 1 } END { print "*\n" }'
	done >"$tmp/weak.pgn"
	send quit
fi
cat "$tmp/human.pgn" "$tmp/weak.pgn" 2>/dev/null >"$tmp/all.pgn"
echo "$human $weak" >"$tmp/kinds"
fi
ngames=$(grep -c '^\[Event ' "$tmp/all.pgn")

# speed: the built-in engine at its defaults, CPU seconds per game
TIMEFORMAT='%3U %3S'
# shellcheck disable=SC2086
t=$( { time "$X" -q -j --to 100 ${ANNOTATE_ARGS:-} "$tmp/all.pgn" >"$tmp/ours.json" 2>/dev/null; } 2>&1 )
cpu=$(awk -v t="$t" 'BEGIN { split(t, a, " "); printf "%.2f", a[1] + a[2] }')
plies=$(grep -c . "$tmp/ours.json")
printf 'xqannotate, built-in engine, %s: %d games, %d plies, %s CPU s, %.2f s per 100 plies (goal < 10)\n' \
	"${ANNOTATE_ARGS:-defaults}" "$ngames" "$plies" "$cpu" "$(awk -v c="$cpu" -v p="$plies" 'BEGIN { print p ? c * 100 / p : 0 }')"

# throughput: plies per CPU second (the engines' processes included) and per
# wall second at -J 1 and -J 2, the built-in engine and Fairy-Stockfish at
# their default budgets, over the first $ANNOTATE_THROUGHPUT (default 8)
# master games of the Hu Ronghua collection; not pinned (two jobs want two
# cores), so the speed-up is only as good as the machine is idle: "cores
# used" (CPU over wall seconds) says how much of it the run got (a busy
# machine that shares its CPUs among sessions, as Linux's autogroups do,
# gives two jobs no more than one)
. "$(dirname "$0")/pin.sh"
thr_src="$XQ_SHARED/corpus/pgn/wukong_hu_ronghua_1391_iccs.pgn"
echo "== xqannotate -J: plies per second, one and two jobs, default budgets ($(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg))"
if [ -f "$thr_src" ]; then
	echo "the machine's ceiling at 2 busy CPUs (2 copies of xqperft -p 5 at once against one, wall): $(jobs_ceiling 2)x"
	awk -v n="${ANNOTATE_THROUGHPUT:-8}" '/^\[Event /{ k++ } k >= 1 && k <= n' "$thr_src" >"$tmp/thr.pgn"
	# thr LABEL ARGS...: one line per job count, then the speed-up
	thr() {
		local label=$1 j w0 w1 wall1=0 cpu plies same=""
		shift
		for j in 1 2; do
			w0=$(date +%s.%N)
			timed "$tmp/thr.t" "$X" -q -j -J "$j" "$@" "$tmp/thr.pgn" >"$tmp/thr-$j.json" 2>/dev/null
			w1=$(date +%s.%N)
			cpu=$(awk '{ print $1 + $2 }' "$tmp/thr.t")
			plies=$(grep -c . "$tmp/thr-$j.json")
			awk -v l="$label" -v j="$j" -v p="$plies" -v c="$cpu" -v a="$w0" -v b="$w1" -v w1="$wall1" 'BEGIN {
				printf "%-26s -J %d: %4d plies, %7.2f CPU s, %6.1f plies/CPU s, %7.2f s wall, %6.1f plies/wall s, %.2f cores used%s\n",
					l, j, p, c, p / c, b - a, p / (b - a), c / (b - a),
					j == 2 ? sprintf(", speed-up %.2fx (goal 1.8x)", w1 / (b - a)) : "" }'
			[ "$j" = 1 ] && wall1=$(awk -v a="$w0" -v b="$w1" 'BEGIN { print b - a }')
		done
		cmp -s "$tmp/thr-1.json" "$tmp/thr-2.json" && same="byte-identical" || same="DIFFERENT"
		echo "$label: -J 2 output $same to -J 1"
	}
	thr "built-in, 30000 nodes"
	if [ -x "$FSF" ]; then
		thr "Fairy-Stockfish, 7000 nodes" --engine "$FSF"
	else
		echo "fairy-stockfish not found at $FSF: no -J figure for it"
	fi
else
	echo "not found: $thr_src"
fi

if [ ! -x "$FSF" ]; then echo "fairy-stockfish not found at $FSF: no agreement figure"; exit 0; fi
# one file per game; Fairy-Stockfish's marks of game N in fsf-N.json, made
# again only when game-N.pgn changed
awk -v dir="$tmp" '/^\[/ && prev == "" { n++; f = dir "/game-" n ".pgn.new" } n { print > f } { prev = $0 }' "$tmp/all.pgn"
todo=()
for ((g = 1; g <= ngames; g++)); do
	if cmp -s "$tmp/game-$g.pgn.new" "$tmp/game-$g.pgn" && [ -s "$tmp/fsf-$g.json" ]; then
		rm -f "$tmp/game-$g.pgn.new"
	else
		mv "$tmp/game-$g.pgn.new" "$tmp/game-$g.pgn"
		rm -f "$tmp/fsf-$g.json"
		todo+=("$g")
	fi
done
if [ ${#todo[@]} -gt 0 ]; then
	start=$(date +%s)
	for g in "${todo[@]}"; do
		while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
		{ nice "$X" -q -j --to 100 --engine "$FSF" --depth 16 "$tmp/game-$g.pgn" >"$tmp/fsf-$g.json.part" 2>/dev/null &&
			mv "$tmp/fsf-$g.json.part" "$tmp/fsf-$g.json"; } &
	done
	wait
	echo "Fairy-Stockfish depth 16 through xqannotate, games ${todo[*]}: $(( $(date +%s) - start )) s wall"
else
	echo "Fairy-Stockfish depth 16: marks read from $tmp/fsf-*.json"
fi
for ((g = 1; g <= ngames; g++)); do jq -c ".game = $g" "$tmp/fsf-$g.json"; done >"$tmp/fsf.json"
# one line per ply: GAME/PLY MARK ("-" for none)
q='"\(.game)/\(.ply) \(if .mark == "" then "-" else .mark end)"'
nh=$(cat "$tmp/human.pgn" 2>/dev/null | grep -c '^\[Event ')
join -j1 <(jq -r "$q" "$tmp/ours.json" | sort) <(jq -r "$q" "$tmp/fsf.json" | sort) |
awk -v nh="${nh:-0}" -v ng="$ngames" -v ho="$heldout" '
{ split($1, a, "/"); g = a[1]
  # held out: the last ho games of each kind
  s = ((g <= nh && g > nh - ho) || (g > nh && g > ng - ho)) ? "held-out" : "tuned"
  o = ($2 == "??"); f = ($3 == "??")
  for (k = 0; k < 2; k++) { t = k ? "all" : s
	if (o) no[t]++; if (f) nf[t]++; if (o && f) both[t]++; if (o || f) either[t]++; games[t, g] = 1 } }
END {
	split("tuned held-out all", order, " ")
	for (i = 1; i <= 3; i++) { t = order[i]; list = ""
		for (g = 1; g <= ng; g++) if ((t, g) in games) list = list (list == "" ? "" : ",") g
		printf "%-8s games %s: ?? by ours %d, by Fairy-Stockfish d16 %d, by both %d; precision %.0f%%, recall %.0f%%, agreement on the %d plies where either marks ??: %.0f%%%s\n",
			t, list, no[t], nf[t], both[t], no[t] ? 100 * both[t] / no[t] : 100, nf[t] ? 100 * both[t] / nf[t] : 100,
			either[t], either[t] ? 100 * both[t] / either[t] : 100, t == "all" ? " (goal >= 80%)" : "" }
}'
