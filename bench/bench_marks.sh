#!/usr/bin/env bash
# bench/bench_marks.sh BUILD - how many ? and ?? xqannotate's built-in
# engine gives a master game at its default settings, against
# Fairy-Stockfish at depth 16 through xqannotate on the same plies: the
# per-game counts of both (mean, median; the goal is ours within 1.5x of
# Fairy-Stockfish's), and the precision of ours (of the plies we mark ? or
# ??, the share Fairy-Stockfish marks ? or ?? too) with its recall.
#
# Sample: every $MARKS_STEP-th game (default 50: games 1, 51, ..., 1351, 28
# games) of ../shared/corpus/pgn/wukong_hu_ronghua_1391_iccs.pgn, plies 1 to
# $MARKS_PLIES (default 60) of each.  Plies inside the book of the game's
# opening (its ECCO definition) are left out of both counts: xqannotate
# marks none of them with either engine.
#
# Depth 16 takes Fairy-Stockfish one to several seconds a position, so its
# results are kept in BUILD/bench-marks (fsf-N.json for game N, kept while
# game-N.pgn and the settings stay the same) and only missing games are
# searched, $MARKS_JOBS (default 1) at a time under nice -n 19.  With
# MARKS_CACHED=1 only the games already there are compared (none searched).
# MARKS_ARGS adds options to our run (e.g. "--nodes 60000 --mistake 0.2"),
# to compare settings against the same cached marks.
set -u
B=${1:-build}
FSF=${XQ_FSF:-/usr/games/fairy-stockfish}
step=${MARKS_STEP:-50}
plies=${MARKS_PLIES:-60}
jobs=${MARKS_JOBS:-1}
X="$B/bin/xqannotate"
dir="$B/bench-marks"
src="${XQ_SHARED:-../shared}/corpus/pgn/wukong_hu_ronghua_1391_iccs.pgn"

echo "== xqannotate marks on master games: built-in engine against Fairy-Stockfish depth 16"
if [ ! -f "$src" ]; then echo "corpus not found: $src (no figure)"; exit 0; fi
mkdir -p "$dir" || exit 2
settings="depth 16, plies 1..$plies"
if [ "$(cat "$dir/fsf.settings" 2>/dev/null)" != "$settings" ]; then
	rm -f "$dir"/fsf-*.json
	echo "$settings" >"$dir/fsf.settings"
fi

# the sample, one file per game (game-N.pgn, N its number in the corpus)
"$B/bin/xqconv" -q -n iccs "$src" 2>/dev/null |
	awk -v step="$step" -v dir="$dir" '
	/^\[Event / { n++; f = ((n - 1) % step == 0) ? sprintf("%s/game-%d.pgn.new", dir, n) : "" }
	f != "" { print > f }'
games=()
for f in "$dir"/game-*.pgn.new; do
	g=${f##*/game-}; g=${g%.pgn.new}
	if cmp -s "$f" "$dir/game-$g.pgn"; then rm -f "$f"; else mv "$f" "$dir/game-$g.pgn"; rm -f "$dir/fsf-$g.json"; fi
	games+=("$g")
done
mapfile -t games < <(printf '%s\n' "${games[@]}" | sort -n)

# Fairy-Stockfish's marks for the games without them
todo=()
for g in "${games[@]}"; do [ -s "$dir/fsf-$g.json" ] || todo+=("$g"); done
if [ ${#todo[@]} -gt 0 ] && [ "${MARKS_CACHED:-0}" != 1 ]; then
	if [ -x "$FSF" ]; then
		echo "Fairy-Stockfish depth 16 on games ${todo[*]} (slow: minutes a game)"
		start=$(date +%s)
		for g in "${todo[@]}"; do
			while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
			{ nice -n 19 "$X" -q -j --to "$plies" --engine "$FSF" --depth 16 "$dir/game-$g.pgn" \
				>"$dir/fsf-$g.json.part" 2>/dev/null &&
				mv "$dir/fsf-$g.json.part" "$dir/fsf-$g.json"; } &
		done
		wait
		echo "Fairy-Stockfish: $(( $(date +%s) - start )) s wall"
	else
		echo "fairy-stockfish not found at $FSF: games ${todo[*]} have no marks to compare"
	fi
fi
have=()
for g in "${games[@]}"; do [ -s "$dir/fsf-$g.json" ] && have+=("$g"); done
if [ ${#have[@]} -eq 0 ]; then echo "no game has Fairy-Stockfish's marks: no figure"; exit 0; fi

# ours, at the defaults (and MARKS_ARGS); the book from our run
for g in "${have[@]}"; do
	# shellcheck disable=SC2086
	"$X" -q -j --to "$plies" ${MARKS_ARGS:-} "$dir/game-$g.pgn" 2>/dev/null | jq -c ".game = $g"
done >"$dir/ours.json"
for g in "${have[@]}"; do jq -c ".game = $g" "$dir/fsf-$g.json"; done >"$dir/fsf.json"

# one line per ply: GAME/PLY BOOK OURS FSF (marks, "-" for none)
q='"\(.game)/\(.ply) \(if .mark == "" then "-" else .mark end)"'
join -j1 <(jq -r '"\(.game)/\(.ply) \(if .book then 1 else 0 end) \(if .mark == "" then "-" else .mark end)"' "$dir/ours.json" | sort) \
	<(jq -r "$q" "$dir/fsf.json" | sort) |
awk -v games="${have[*]}" -v total="${#games[@]}" -v step="$step" -v plies="$plies" -v args="${MARKS_ARGS:-defaults}" '
function bad(m) { return m == "?" || m == "??" }
function median(a, n,   i, j, t) {
	for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
	return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
{ split($1, a, "/"); g = a[1]
  if ($2 == 1) { book++; next }
  judged++
  if (bad($3)) { o[g]++; no++ }
  if (bad($4)) { f[g]++; nf++ }
  if (bad($3) && bad($4)) both++ }
END {
	n = split(games, list, " ")
	line = ""
	for (i = 1; i <= n; i++) {
		g = list[i]; oc[i] = o[g] + 0; fc[i] = f[g] + 0
		line = line sprintf(" %d:%d/%d", g, oc[i], fc[i])
	}
	printf "sample: %d of the %d games (every %dth of the corpus) have Fairy-Stockfish\x27s marks; plies 1..%d: %d judged, %d in book left out\n", n, total, step, plies, judged, book
	printf "? and ?? per game, ours/Fairy-Stockfish:%s\n", line
	mo = no / n; mf = nf / n
	printf "built-in (%s): %d ?/?? in all, mean %.2f, median %.1f a game\n", args, no, mo, median(oc, n)
	printf "Fairy-Stockfish depth 16: %d ?/?? in all, mean %.2f, median %.1f a game\n", nf, mf, median(fc, n)
	printf "ratio of the means: %.2f (goal 0.67..1.5)\n", mf ? mo / mf : 0
	printf "precision: %d of our %d ?/?? are ?/?? for Fairy-Stockfish too (%.0f%%); recall %d of its %d (%.0f%%)\n",
		both, no, no ? 100 * both / no : 0, both, nf, nf ? 100 * both / nf : 0
}'
