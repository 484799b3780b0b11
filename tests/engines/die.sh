#!/bin/sh
# die.sh - a fake UCI engine that shakes hands, then dies at its Nth "go"
# (N = $1, default 1) with a last word and exit status 3.
n=${1:-1}
while IFS= read -r line; do
	case $line in
	uci) echo "id name Dying Engine"; echo "uciok" ;;
	isready) echo "readyok" ;;
	go*)
		n=$((n - 1))
		if [ "$n" -le 0 ]; then
			echo "info string about to crash"
			echo "segmentation fault (pretend)" >&2
			exit 3
		fi
		echo "info depth 1 score cp 0 pv a3a4"
		echo "bestmove a3a4" ;;
	quit) exit 0 ;;
	esac
done
