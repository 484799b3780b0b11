#!/usr/bin/env bash
# bench/bench_strength.sh BUILD - xqengine's strength: matches at equal
# time per move against maxqi (Debian fairymax, xboard), sjaakii (UCI,
# ranks 1..10) and fairy-stockfish (UCI, ranks 1..10), colours alternated,
# openings from the first 8 plies of the corpus's master games, adjudicated
# by libxq (bench/xqmatch.c).  Called by bench/run.sh.
#
#   XQ_MATCH_GAMES   games per match (default 100)
#   XQ_MATCH_MS      milliseconds per move (default 50)
#   XQ_MATCH_PEERS   which peers (default "maxqi sjaakii fairy-stockfish")
#
# maxqi gets a clock of one move in XQ_MAXQI_MS (default 3 x XQ_MATCH_MS):
# it uses about a third of what it is given, so that both sides think about
# as long per move; the time each side used is printed after the score.
set -u
B=${1:-build}
SHARED="${XQ_SHARED:-$(pwd)/../shared}"
GAMES=${XQ_MATCH_GAMES:-100}
MS=${XQ_MATCH_MS:-50}
MAXQI_MS=${XQ_MAXQI_MS:-$((3 * MS))}
PEERS=${XQ_MATCH_PEERS:-"maxqi sjaakii fairy-stockfish"}
OPENINGS="$SHARED/corpus/pgn/wukong_iccs_1125_games.pgn"
MATCH="$B/tools/xqmatch"
ENGINE="$B/bin/xqengine"

echo "== strength: xqengine against the peers, $GAMES games each at $MS ms/move"
[ -f "$OPENINGS" ] || { echo "openings not found at $OPENINGS"; exit 0; }
for peer in $PEERS; do
	case $peer in
	maxqi) spec=xboard:/usr/games/maxqi; pkg=fairymax; extra="-T $MAXQI_MS" ;;
	sjaakii) spec=uci10:/usr/games/sjaakii; pkg=sjaakii; extra="" ;;
	fairy-stockfish) spec=uci10:/usr/games/fairy-stockfish; pkg=fairy-stockfish; extra="" ;;
	*) echo "unknown peer $peer"; continue ;;
	esac
	if [ ! -x "${spec#*:}" ]; then
		echo "$peer: not installed (apt-get install $pkg): no match"
		continue
	fi
	# shellcheck disable=SC2086
	"$MATCH" -q -n "$GAMES" -t "$MS" $extra -o "$OPENINGS" -p 8 "uci:$ENGINE" "$spec"
done
