#!/usr/bin/env bash
# bench/selfplay.sh GAMES OUT - fairy-stockfish xiangqi self-play games for
# the record benchmarks, written as PGN in UCI notation (ranks 1-10,
# [Format "UCI10"]; xqconv turns them into any notation).  The openings are
# six random legal plies (bash's RANDOM, seeded: the same games every run),
# then both sides search 1000 nodes a move, one thread, which is
# deterministic; a game ends at mate or stalemate or after 200 plies ("*").
# Slow (about a second a game): bench/bench_records.sh caches the result
# under build/.
set -u
GAMES=${1:-300}
OUT=${2:-selfplay.pgn}
FSF=${XQ_FSF:-/usr/games/fairy-stockfish}
RANDOM=20261201

coproc ENGINE { "$FSF" 2>/dev/null; }
say() { printf '%s\n' "$*" >&"${ENGINE[1]}"; }
# read engine lines until one starts with $1; the line is left in $line
until_line() {
	while IFS= read -r line <&"${ENGINE[0]}"; do
		case $line in "$1"*) return 0 ;; esac
	done
	return 1
}
say uci
until_line uciok
say "setoption name UCI_Variant value xiangqi"
say "setoption name Threads value 1"
say "setoption name Hash value 16"
say isready
until_line readyok

tmp="$OUT.tmp"
: >"$tmp"
for g in $(seq "$GAMES"); do
	moves=()
	result='*'
	say ucinewgame
	for ply in $(seq 200); do
		say "position startpos moves ${moves[*]}"
		if [ "$ply" -le 6 ]; then
			say "go perft 1"
			legal=()
			while IFS= read -r line <&"${ENGINE[0]}"; do
				case $line in
				"Nodes searched"*) break ;;
				*:\ 1) legal+=("${line%%:*}") ;;
				esac
			done
			if [ ${#legal[@]} -eq 0 ]; then
				best='(none)'
			else
				best=${legal[RANDOM % ${#legal[@]}]}
			fi
		else
			say "go nodes 1000"
			until_line bestmove
			best=$(set -- $line; echo "$2")
		fi
		if [ "$best" = '(none)' ]; then
			# no legal move: the side to move has lost
			if [ $(( ${#moves[@]} % 2 )) -eq 0 ]; then result='0-1'; else result='1-0'; fi
			break
		fi
		moves+=("$best")
	done
	{
		printf '[Event "fairy-stockfish self-play, 1000 nodes"]\n[Round "%d"]\n' "$g"
		printf '[Red "fairy-stockfish"]\n[Black "fairy-stockfish"]\n'
		printf '[Result "%s"]\n[Format "UCI10"]\n\n' "$result"
		n=0
		line=''
		for m in "${moves[@]}"; do
			if [ $((n % 2)) -eq 0 ]; then line+="$((n / 2 + 1)). "; fi
			line+="$m "
			n=$((n + 1))
			if [ ${#line} -gt 70 ]; then printf '%s\n' "${line% }"; line=''; fi
		done
		printf '%s%s\n\n' "$line" "$result"
	} >>"$tmp"
done
say quit
wait "$ENGINE_PID" 2>/dev/null
mv "$tmp" "$OUT"
