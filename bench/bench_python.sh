#!/usr/bin/env bash
# bench/bench_python.sh BUILD - reading and replaying games from Python
# (python/, the ctypes bindings over BUILD/libxq.so): games per CPU second,
# beside the cchess library reading the same games when it is importable.
#
# The games: the fairy-stockfish self-play bench_records.sh keeps in
# BUILD/bench/, else the corpus's 1,125 ICCS games, replicated to
# BENCH_PY_GAMES (default 50,000) in ICCS PGN.  (../shared/bench holds
# chess games, which are no xiangqi input.)  Called by bench/run.sh.
set -u
B=${1:-build}
SHARED="${XQ_SHARED:-$(pwd)/../shared}"
WANT=${BENCH_PY_GAMES:-50000}
bench_dir=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$bench_dir/pin.sh"

echo "== Python: read and replay games (xqtools over libxq.so)"
py=""
for p in python3 /usr/bin/python3; do
	command -v "$p" >/dev/null && { py=$p; break; }
done
[ -n "$py" ] || { echo "bench_python: no python3"; exit 0; }
selfplay_games
if [ -n "$SELFPLAY" ]; then
	src=$SELFPLAY
	what="fairy-stockfish self-play"
else
	src="$SHARED/corpus/pgn/wukong_iccs_1125_games.pgn"
	what="corpus ICCS games"
	[ -f "$src" ] || { echo "bench_python: no input ($src)"; exit 0; }
fi
"$B/bin/xqconv" -q -n iccs "$src" >"$tmp/one.pgn" 2>/dev/null
have=$(grep -c '^\[Event ' "$tmp/one.pgn")
[ "$have" -gt 0 ] || { echo "bench_python: no game in $src"; exit 0; }
: >"$tmp/all.pgn"
n=0
while [ "$n" -lt "$WANT" ]; do
	cat "$tmp/one.pgn" >>"$tmp/all.pgn"
	n=$((n + have))
done
echo "input: $n games ($what, ICCS PGN, $(du -m "$tmp/all.pgn" | cut -f1) MB)"
games_dir=""
if "$py" -c 'import cchess' 2>/dev/null; then
	games_dir="$tmp/games"
	"$B/bin/xqconv" -q -n chinese -d "$games_dir" "$tmp/all.pgn" 2>/dev/null
fi
XQ_LIBRARY="$(pwd)/$B/libxq.so.0" "${PIN[@]}" "$py" "$bench_dir/python_read.py" \
	"$tmp/all.pgn" $games_dir
