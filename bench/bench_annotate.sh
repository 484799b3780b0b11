#!/usr/bin/env bash
# bench/bench_annotate.sh BUILD - xqannotate at its default settings: CPU
# seconds for a 100-ply game, and how its ?? marks agree with those of
# Fairy-Stockfish at depth 16 (precision and recall, and the share of the
# plies where either marks ?? on which both do).
#
# Games: the first $ANNOTATE_HUMAN (default 1) games of at least 100 plies
# of ../shared/corpus/pgn/wukong_iccs_1125_games.pgn (master games: few
# blunders), and $ANNOTATE_WEAK (default 1) games of Fairy-Stockfish at depth
# 3 against itself from four random plies (many blunders), made here; the
# first 100 plies of each are judged.  Depth 16 takes Fairy-Stockfish
# several seconds a position: half an hour a game on a loaded 2-core machine.
# With ANNOTATE_CACHE=DIR the games and Fairy-Stockfish's marks are kept in
# DIR and read from there on the next run (only ours are computed again).
set -u
B=${1:-build}
FSF=${XQ_FSF:-/usr/games/fairy-stockfish}
human=${ANNOTATE_HUMAN:-1}
weak=${ANNOTATE_WEAK:-1}
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
if [ ! -s "$tmp/all.pgn" ]; then
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
fi
ngames=$(grep -c '^\[Event ' "$tmp/all.pgn")

# speed: the built-in engine at its defaults, CPU seconds per game
TIMEFORMAT='%3U %3S'
t=$( { time "$X" -q -j --to 100 "$tmp/all.pgn" >"$tmp/ours.json" 2>/dev/null; } 2>&1 )
cpu=$(awk -v t="$t" 'BEGIN { split(t, a, " "); printf "%.2f", a[1] + a[2] }')
plies=$(grep -c . "$tmp/ours.json")
printf 'xqannotate, built-in engine, defaults: %d games, %d plies, %s CPU s, %.2f s per 100 plies (goal < 10)\n' \
	"$ngames" "$plies" "$cpu" "$(awk -v c="$cpu" -v p="$plies" 'BEGIN { print p ? c * 100 / p : 0 }')"

if [ ! -x "$FSF" ]; then echo "fairy-stockfish not found at $FSF: no agreement figure"; exit 0; fi
if [ ! -s "$tmp/fsf.json" ] || [ "$tmp/fsf.json" -ot "$tmp/all.pgn" ]; then
	start=$(date +%s)
	"$X" -q -j --to 100 --engine "$FSF" --depth 16 "$tmp/all.pgn" >"$tmp/fsf.json.part" 2>/dev/null &&
		mv "$tmp/fsf.json.part" "$tmp/fsf.json"
	echo "Fairy-Stockfish depth 16 through xqannotate: $(( $(date +%s) - start )) s wall"
else
	echo "Fairy-Stockfish depth 16: marks read from $tmp/fsf.json"
fi
# one line per ply: GAME/PLY MARK ("-" for none)
q='"\(.game)/\(.ply) \(if .mark == "" then "-" else .mark end)"'
join -j1 <(jq -r "$q" "$tmp/ours.json" | sort) <(jq -r "$q" "$tmp/fsf.json" | sort) |
awk '{ o = ($2 == "??"); f = ($3 == "??"); if (o) no++; if (f) nf++; if (o && f) both++; if (o || f) either++ }
END {
	printf "?? by ours: %d, by Fairy-Stockfish d16: %d, by both: %d\n", no, nf, both
	printf "precision %.0f%%, recall %.0f%%, agreement on the %d plies where either marks ??: %.0f%% (goal >= 80%%)\n",
		no ? 100 * both / no : 100, nf ? 100 * both / nf : 100, either, either ? 100 * both / either : 100
}'
