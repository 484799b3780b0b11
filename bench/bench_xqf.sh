#!/usr/bin/env bash
# bench/bench_xqf.sh BUILD - the 31,372 real XQF files of
# ../shared/corpus/xqf-bulk.tar.xz converted into one PGN stream by xqconv:
# files per CPU second, peak RSS; and, in the same run, xqconv reading that
# PGN stream back (the same games as PGN input), to compare the cost of a
# game read from XQF with that of one read from PGN.  Both write their PGN
# to /dev/null.  Also the 449 KB, 107,001-node file alone.
# Called by bench/run.sh.
set -u
B=${1:-build}
SHARED="${XQ_SHARED:-$(pwd)/../shared}"
TAR="$SHARED/corpus/xqf-bulk.tar.xz"
HUGE="$SHARED/corpus/xqf/hbsxcjp_xianren_v18_huge.xqf"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if [ ! -f "$TAR" ]; then
	echo "bench_xqf: $TAR not found"; exit 0
fi
tar xJf "$TAR" -C "$tmp"
XQCONV="$(cd "$B/bin" && pwd)/xqconv"
n=$(find "$tmp/xqf-bulk" -maxdepth 1 -name '*.xqf' | wc -l)

. "$(dirname "$0")/pin.sh"

# measure LABEL COUNT CMD...: CPU seconds, per second, peak RSS (on one
# CPU, bench/pin.sh), the machine's speed probed before each row (and
# after the last: speed_report)
measure() {
	local label=$1 count=$2; shift 2
	speed_probe
	timed "$tmp/time" "${PIN[@]}" "$@" 2>"$tmp/err"
	read -r u s rss <"$tmp/time"
	awk -v l="$label" -v u="$u" -v s="$s" -v r="$rss" -v n="$count" 'BEGIN {
		c = u + s; if (c <= 0) c = 0.001
		printf "%-34s %6d games %6.2f CPU s %8.0f games/CPU s  peak RSS %6.1f MB\n",
			l, n, c, n / c, r / 1024 }'
	echo "$u $s" >"$tmp/last"
}

echo "== xqf: $n real XQF files into one PGN stream (xqconv --keep-broken)"
# both timed runs write to /dev/null, so that only the input differs; the
# PGN stream for the second is written first, untimed
# shellcheck disable=SC2010 # the archive's names are plain (NNNNN.xqf)
(cd "$tmp/xqf-bulk" && ls | grep '\.xqf$' | xargs "$XQCONV" -q --keep-broken >"$tmp/all.pgn" 2>/dev/null)
measure "xqconv *.xqf" "$n" \
	sh -c "cd '$tmp/xqf-bulk' && ls | grep '\\.xqf\$' | xargs '$XQCONV' -q --keep-broken >/dev/null"
xqf=$(awk '{ print $1 + $2 }' "$tmp/last")
measure "xqconv all.pgn (the same as PGN)" "$n" \
	sh -c "'$XQCONV' -q --keep-broken '$tmp/all.pgn' >/dev/null"
pgn=$(awk '{ print $1 + $2 }' "$tmp/last")
awk -v a="$xqf" -v b="$pgn" 'BEGIN {
	if (a <= 0) a = 0.001
	printf "ratio: XQF input is %.2fx the speed of PGN input per game (goal: >= 1)\n", b / a }'
if [ -f "$HUGE" ]; then
	measure "xqconv $(basename "$HUGE")" 1 sh -c "'$XQCONV' -q --keep-broken '$HUGE' >/dev/null"
fi
speed_probe
speed_report
