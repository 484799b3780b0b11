#!/usr/bin/env bash
# bench/bench_outdir.sh BUILD - one file per game: the games of
# ../shared/corpus/xqf-bulk.tar.xz as one PGN stream, written back by
# "xqconv -t xqf -d DIR" into an empty directory; files per CPU second and
# per wall second, beside "tar -x" of the same files into an empty
# directory (the floor: the same creates and writes, no conversion).
# Called by bench/run.sh.
set -u
B=${1:-build}
SHARED="${XQ_SHARED:-$(pwd)/../shared}"
TAR="$SHARED/corpus/xqf-bulk.tar.xz"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if [ ! -f "$TAR" ]; then
	echo "bench_outdir: $TAR not found"; exit 0
fi
tar xJf "$TAR" -C "$tmp"
XQCONV="$(cd "$B/bin" && pwd)/xqconv"
# shellcheck disable=SC2010 # the archive's names are plain (NNNNN.xqf)
(cd "$tmp/xqf-bulk" && ls | grep '\.xqf$' | xargs "$XQCONV" -q --keep-broken >"$tmp/all.pgn" 2>/dev/null)
rm -rf "$tmp/xqf-bulk"

. "$(dirname "$0")/pin.sh"

# measure LABEL CMD...: files written (in $tmp/out), CPU and wall seconds,
# of the run of $BENCH_RUNS (default 3) that took the least CPU: the
# kernel's cost of making files swings with what the file system did just
# before (one run in a full bench took 3.6 system seconds, alone 0.7)
measure() {
	local label=$1 t0 t1 u s n best=''
	shift
	for _ in $(seq "${BENCH_RUNS:-3}"); do
		rm -rf "$tmp/out" && mkdir "$tmp/out"
		sync
		t0=$(date +%s.%N)
		timed "$tmp/time" "${PIN[@]}" "$@" 2>"$tmp/err"
		t1=$(date +%s.%N)
		read -r u s _ <"$tmp/time"
		if [ -z "$best" ] || awk -v a="$u" -v b="$s" -v c="$best" 'BEGIN { exit !(a + b < c) }'; then
			best=$(awk -v a="$u" -v b="$s" 'BEGIN { print a + b }')
			echo "$u $s $t0 $t1" >"$tmp/best"
		fi
	done
	read -r u s t0 t1 <"$tmp/best"
	n=$(find "$tmp/out" -type f | wc -l)
	awk -v l="$label" -v u="$u" -v s="$s" -v t0="$t0" -v t1="$t1" -v n="$n" 'BEGIN {
		c = u + s; if (c <= 0) c = 0.001; w = t1 - t0; if (w <= 0) w = 0.001
		printf "%-30s %6d files %6.2f CPU s (%5.2f sys) %6.2f wall s %8.0f files/CPU s %8.0f files/wall s\n",
			l, n, c, s, w, n / c, n / w }'
	echo "$u $s $t0 $t1 $n" >"$tmp/last"
}

games=$(grep -c '^\[Game ' "$tmp/all.pgn")
echo "== one file per game: $games games of one PGN stream into an empty directory"
measure "xqconv -t xqf -d" "$XQCONV" -q --keep-broken -t xqf -d "$tmp/out" "$tmp/all.pgn"
ours=$(awk '{ print $1 + $2, $4 - $3 }' "$tmp/last")
# the same files, as tar would make them
(cd "$tmp/out" && tar cf "$tmp/files.tar" .)
measure "tar -x of the same files" tar xf "$tmp/files.tar" -C "$tmp/out"
floor=$(awk '{ print $1 + $2, $4 - $3 }' "$tmp/last")
read -r oc ow <<<"$ours"
read -r fc fw <<<"$floor"
awk -v oc="$oc" -v ow="$ow" -v fc="$fc" -v fw="$fw" 'BEGIN {
	if (fc <= 0) fc = 0.001; if (fw <= 0) fw = 0.001
	printf "ratio: xqconv -d takes %.2fx the CPU and %.2fx the wall time of tar -x (goal: <= 2)\n",
		oc / fc, ow / fw }'
