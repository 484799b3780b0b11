#!/usr/bin/env bash
# bench/fit_logistic.sh [GAMES] [NODES] [ENGINE [DIALECT]] - fit the constant
# k of the annotator's expected-score model  E(cp) = 1 / (1 + exp(-k * cp))
# on xiangqi engine self-play generated here.
#
# ENGINE (default fairy-stockfish; DIALECT fsf for ranks 1..10, the default,
# or uci for ranks 0..9 as xqengine) plays GAMES games (default 100) against
# itself at NODES nodes a move (default 5000), each from the start position
# after four random plies (drawn by Fairy-Stockfish's "go perft 1", seeded:
# the run is repeatable).  Every position after ply 10 whose score is not a mate gives
# one sample (score for the side to move, that side's final result 1, 1/2
# or 0); k is the maximum-likelihood fit over all samples.  A game ends at
# mate or stalemate (a loss in xiangqi) or is adjudicated at ply 240: a
# win when the last score is 500 or more for one side, else a draw.
# The samples stay in SAMPLES (default /tmp/xq-fit-samples.tsv).
# Not part of make bench (it takes a few minutes); its result is the
# constant in lib/annotate.c.
set -u
games=${1:-100}
nodes=${2:-5000}
fsf=${XQ_FSF:-/usr/games/fairy-stockfish}
engine=${3:-$fsf}
dialect=${4:-fsf}
samples=${SAMPLES:-/tmp/xq-fit-samples.tsv}
RANDOM=11
: >"$samples"

coproc ENG { "$engine" 2>/dev/null; }
coproc OPEN { "$fsf" 2>/dev/null; }
send() { printf '%s\n' "$*" >&"${ENG[1]}"; }
open_send() { printf '%s\n' "$*" >&"${OPEN[1]}"; }
# conv MOVE: Fairy-Stockfish coordinates to the engine's
conv() {
	if [ "$dialect" = fsf ]; then echo "$1"; return; fi
	[[ $1 =~ ^([a-i])([0-9]+)([a-i])([0-9]+)$ ]] &&
		echo "${BASH_REMATCH[1]}$((BASH_REMATCH[2] - 1))${BASH_REMATCH[3]}$((BASH_REMATCH[4] - 1))"
}
# wait_for WORD: read engine lines until one starts with WORD; the line is in $line
wait_for() {
	while IFS= read -r -t 60 line <&"${ENG[0]}"; do
		line=${line%$'\r'}
		case $line in "$1"*) return 0 ;; esac
	done
	echo "fit: engine stopped answering" >&2; exit 2
}
send uci; wait_for uciok
send setoption name UCI_Variant value xiangqi
send isready; wait_for readyok
open_send uci
open_send setoption name UCI_Variant value xiangqi

for ((g = 1; g <= games; g++)); do
	moves="" fmoves="" scores=() result=""
	send ucinewgame
	for ((ply = 0; ply < 4; ply++)); do
		open_send position startpos moves $fmoves
		open_send go perft 1
		legal=()
		while IFS= read -r -t 60 line <&"${OPEN[0]}"; do
			case $line in "Nodes searched"*) break ;; [a-i][0-9]*": "*) legal+=("${line%%:*}") ;; esac
		done
		pick=${legal[RANDOM % ${#legal[@]}]}
		fmoves="$fmoves $pick"
		moves="$moves $(conv "$pick")"
	done
	ply=4
	while :; do
		send position startpos moves $moves
		send go nodes "$nodes"
		score=""
		while IFS= read -r -t 60 line <&"${ENG[0]}"; do
			line=${line%$'\r'}
			case $line in
			info*" score cp "*) s=${line#* score cp }; score=${s%% *} ;;
			info*" score mate "*) score=M ;;
			bestmove*) break ;;
			esac
		done
		best=${line#bestmove }; best=${best%% *}
		if [ "$best" = "(none)" ] || [ -z "$best" ]; then
			# side to move (ply even: red) has no move: it lost
			if ((ply % 2 == 0)); then result=0; else result=1; fi
			break
		fi
		scores[ply]=$score
		moves="$moves $best"
		ply=$((ply + 1))
		if ((ply >= 240)); then
			# adjudicate from the last score (for the side that just searched)
			last=${scores[ply - 1]}
			if [ "$last" = M ] || { [ -n "$last" ] && ((last >= 500 || last <= -500)); }; then
				[ "$last" = M ] && last=500
				# the side at ply-1 is ahead when last > 0
				if (( (last > 0) == ((ply - 1) % 2 == 0) )); then result=1; else result=0; fi
			else
				result=0.5
			fi
			break
		fi
	done
	# result is red's score; one sample per position (score for the side to move)
	for ((p = 10; p < ply; p++)); do
		s=${scores[p]:-}
		[ -n "$s" ] && [ "$s" != M ] || continue
		if ((p % 2 == 0)); then r=$result; else r=$(awk -v r="$result" 'BEGIN { print 1 - r }'); fi
		printf '%s\t%s\t%s\n' "$s" "$r" "$g" >>"$samples"
	done
	printf 'game %d: %d plies, red scores %s\n' "$g" "$ply" "$result" >&2
done
send quit
open_send quit

awk -F'\t' '
{ cp[n] = $1; y[n] = $2; n++ }
function ll(k,   i, p, s) {
	s = 0
	for (i = 0; i < n; i++) {
		p = 1 / (1 + exp(-k * cp[i]))
		if (p < 1e-12) p = 1e-12; if (p > 1 - 1e-12) p = 1 - 1e-12
		s += y[i] * log(p) + (1 - y[i]) * log(1 - p)
	}
	return s
}
END {
	a = 0.0001; b = 0.05; g = (sqrt(5) - 1) / 2
	for (it = 0; it < 80; it++) {
		c = b - g * (b - a); d = a + g * (b - a)
		if (ll(c) > ll(d)) b = d; else a = c
	}
	k = (a + b) / 2
	printf "samples %d, k = %.5f per centipawn (score 100 -> expected %.3f, 300 -> %.3f)\n", n, k, 1 / (1 + exp(-k * 100)), 1 / (1 + exp(-k * 300))
}' "$samples"
