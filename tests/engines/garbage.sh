#!/bin/sh
# garbage.sh MODE - a fake UCI engine that speaks garbage:
#   illegal    "bestmove" with a move that is not legal (a1a9 over pieces)
#   nonsense   "bestmove" with no move at all
#   noshake    never says uciok, only noise
#   malformed  an info line whose depth is no number
#   noscore    a best move without any info line
mode=${1:-illegal}
while IFS= read -r line; do
	case $line in
	uci)
		if [ "$mode" = noshake ]; then echo "Hello! I am not a chess engine."; echo "@#%&*"; continue; fi
		echo "id name Garbage Engine"; echo "uciok" ;;
	isready) [ "$mode" = noshake ] || echo "readyok" ;;
	go*)
		case $mode in
		illegal) echo "info depth 1 score cp 12 pv a0a9"; echo "bestmove a0a9" ;;
		nonsense) echo "info depth 1 score cp 12"; echo "bestmove !!!" ;;
		malformed) echo "info depth many score cp 12 pv a3a4"; echo "bestmove a3a4" ;;
		noscore) echo "bestmove a3a4" ;;
		esac ;;
	quit) exit 0 ;;
	esac
done
