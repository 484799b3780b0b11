#!/usr/bin/env bash
# bench/tune.sh BUILD [GAMES] - remake the evaluation's weights
# (lib/eval_weights.h) the way the committed table was made:
#
#  1. fairy-stockfish plays itself GAMES times (default 400) at 10 ms a move,
#     from the first 6 and 10 plies of the corpus's master games, recording
#     each game's result and fairy-stockfish's score of each move
#     (bench/xqmatch -g);
#  2. bench/xqtune fits the weights, all but the piece-square tables, to
#     those positions (Texel's method: quiet positions from ply 12 on, the
#     target half the result for the side to move and half
#     fairy-stockfish's score turned into an expectation, an L2 pull
#     towards the table it starts from, every tenth game held out), and
#     writes the new table to stdout.
#
# Not part of make bench (it takes about an hour of CPU); the games are
# written to a temporary directory, not to the repository.
set -eu
B=${1:-build}
GAMES=${2:-400}
SHARED="${XQ_SHARED:-$(pwd)/../shared}"
FSF=${XQ_FSF:-/usr/games/fairy-stockfish}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
half=$((GAMES / 2))
"$B/tools/xqmatch" -q -n "$half" -t 10 -m 300 -p 6 -o "$SHARED/corpus/pgn/wukong_iccs_1125_games.pgn" \
	-g "$tmp/a.txt" "uci10:$FSF" "uci10:$FSF" >&2
"$B/tools/xqmatch" -q -n "$half" -t 10 -m 300 -p 10 -o "$SHARED/corpus/pgn/wukong_hu_ronghua_1391_iccs.pgn" \
	-g "$tmp/b.txt" "uci10:$FSF" "uci10:$FSF" >&2
"$B/tools/xqtune" ${XQ_TUNE_FLAGS:--p -b 0.5 -l 1e-6 -e 300} lib/eval_weights.h "$tmp/a.txt" "$tmp/b.txt"
