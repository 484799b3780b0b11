#!/bin/sh
# hang.sh - a fake UCI engine that shakes hands, then never answers "go"
# (nor "stop"): it sleeps, in a child process, until it is killed.
while IFS= read -r line; do
	case $line in
	uci) echo "id name Hanging Engine"; echo "uciok" ;;
	isready) echo "readyok" ;;
	go*) echo "info string thinking forever"; sleep 1000; exit 0 ;;
	quit) exit 0 ;;
	esac
done
