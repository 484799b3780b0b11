#!/usr/bin/env bash
# bench/run.sh BUILD - our figures and the peers', side by side, in one run.
# Speed is measured here and only here, never by a timed test.
set -u
B=${1:-build}
export XQ_SHARED="${XQ_SHARED:-$(pwd)/../shared}"
FSF=${XQ_FSF:-/usr/games/fairy-stockfish}
bench_dir=$(cd "$(dirname "$0")" && pwd)
. "$bench_dir/pin.sh"

echo "== perft 5 from the start position (133,312,995 nodes), one thread"
ours=$(cpu_seconds "$B/bin/xqperft" -p 5)
printf '%-18s %8s CPU s  %6.1f M nodes/s\n' "xqperft" "$ours" "$(awk -v s="$ours" 'BEGIN { print 133.312995 / s }')"
if [ -x "$FSF" ]; then
	peer=$(cpu_seconds sh -c "printf 'uci\nsetoption name UCI_Variant value xiangqi\nposition startpos\ngo perft 5\nisready\nquit\n' | $FSF")
	printf '%-18s %8s CPU s  %6.1f M nodes/s\n' "fairy-stockfish" "$peer" "$(awk -v s="$peer" 'BEGIN { print 133.312995 / s }')"
	printf 'ratio: xqperft is %.2fx fairy-stockfish (goal 15x; Pikafish is about 6x)\n' \
		"$(awk -v a="$ours" -v b="$peer" 'BEGIN { print b / a }')"
else
	echo "fairy-stockfish not found at $FSF: no peer figure (apt-get install fairy-stockfish)"
fi

echo
echo "== perft rows deeper than ten million nodes (../shared/corpus/rules/perft.tsv)"
table="$XQ_SHARED/corpus/rules/perft.tsv"
if [ -f "$table" ]; then
	bad=0
	while IFS=$'\t' read -r fen depth nodes; do
		[ "$fen" = fen ] && continue
		[ "$nodes" -gt 10000000 ] || continue
		got=$("$B/bin/xqperft" -p "$depth" "$fen")
		[ "$got" = "$nodes" ] && mark=ok || { mark=MISMATCH; bad=1; }
		printf '%-9s depth %s %12s  %s\n' "$mark" "$depth" "$nodes" "$fen"
	done < "$table"
	[ "$bad" -eq 0 ] || echo "bench: a deep perft count is wrong" >&2
else
	echo "perft table not found at $table"
fi

for extra in "$bench_dir"/bench_*.sh; do
	[ -f "$extra" ] || continue
	echo
	bash "$extra" "$B"
done
