#!/bin/sh
# die-once.sh MARKER - dies at its first search the first time it is run
# (MARKER does not exist yet: it is created), and is Fairy-Stockfish every
# time after: for "the next game gets a fresh engine".
if [ ! -e "$1" ]; then
	: >"$1"
	exec sh "$(dirname "$0")/die.sh" 1
fi
exec "${XQ_FSF:-/usr/games/fairy-stockfish}"
