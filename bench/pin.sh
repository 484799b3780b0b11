# shellcheck shell=bash
# bench/pin.sh - sourced by the bench scripts: timed(), cpu_seconds(), the
# speed probe and the ceiling of N jobs below, and PIN,
# the prefix that runs a timed command, ours and the peer's alike, on one
# CPU (BENCH_CPU, default the last).  The CPUs of a shared or virtual
# machine need not be equally fast: on the 2-core development machine of
# December 2026 pgn-extract took 2.7 CPU s on CPU 0 and 1.7 on CPU 1 for
# the same job, xqgrep 0.62 and 0.49, so a comparison whose sides ran on
# different CPUs said more about the CPUs than about the programs.
# BENCH_CPU=none runs unpinned.  PIN_CPU: the CPU, empty when unpinned.
PIN=() PIN_CPU=
if [ "${BENCH_CPU:-}" != none ] && command -v taskset >/dev/null 2>&1; then
	PIN_CPU=${BENCH_CPU:-$(($(nproc) - 1))}
	PIN=(taskset -c "$PIN_CPU")
fi

# timed FILE CMD...: CMD run (its output and errors go where the caller's
# do) and "user-s system-s peak-RSS-KiB" written to FILE, by cputime
# (bench/cputime.c, built by make bench: to the microsecond, the command
# alone), else by GNU time (hundredths).  Returns CMD's status.
timed() {
	if [ -x "${B:-build}/tools/cputime" ]; then
		"${B:-build}/tools/cputime" "$@"
	else
		local rc
		/usr/bin/time -f '%U %S %M' -o "$1" "${@:2}"
		rc=$?
		# (after "Command exited with non-zero status N")
		tail -n 1 "$1" >"$1.last" && mv "$1.last" "$1"
		return "$rc"
	fi
}

# cpu_seconds CMD...: user+system CPU seconds of CMD (its output and
# errors to /dev/null), on one CPU (PIN and timed()).
cpu_seconds() {
	local f u s
	f=$(mktemp)
	timed "$f" "${PIN[@]}" "$@" >/dev/null 2>&1
	read -r u s _ <"$f"
	rm -f "$f"
	awk -v u="$u" -v s="$s" 'BEGIN { printf "%.3f", u + s }'
}

# The machine's speed during a script: a virtual machine's CPU can run at
# half its speed for minutes at a time, and rows timed in such a spell
# cannot be set beside the others.  speed_probe takes the CPU seconds of
# one fixed job (xqperft -p 5 from the start, 133 M nodes, half a second)
# on the pinned CPU into PROBES; speed_report says the spread of the
# probes, and when the slowest took more than 10% longer than the fastest,
# that the rows between them were timed at different speeds.
PROBES=()
speed_probe() {
	PROBES+=("$(cpu_seconds "${B:-build}/bin/xqperft" -p 5)")
}
speed_report() {
	printf '%s\n' "${PROBES[@]}" | awk '
		NR == 1 || $1 < lo { lo = $1 } NR == 1 || $1 > hi { hi = $1 }
		END {
			if (NR < 2 || lo <= 0) exit
			printf "machine speed: %d probes (xqperft -p 5) took %.3f to %.3f CPU s: ", NR, lo, hi
			if (hi > lo * 1.10)
				printf "NOT steady (%.0f%% apart): the rows were timed at different speeds; run again\n", (hi / lo - 1) * 100
			else
				printf "steady (%.0f%% apart)\n", (hi / lo - 1) * 100
		}'
}

# The machine's own speed-up with N busy CPUs, the most any -J N can reach
# here: a virtual machine's CPUs may share a physical core or be taken by
# other guests, so two busy CPUs can do less than twice the work of one
# (on the 2-core development machine, between 1.3x and 2x from one hour to
# the next).  jobs_ceiling N: one copy of the probe job alone, then N
# copies started at once (unpinned), in turn five times; N * t1 / tN of
# the best wall times, the turns taken so that a slow spell of the machine
# meets both.
probe_wall() {
	local k=$1 t0 t1
	t0=$(date +%s.%N)
	for _ in $(seq "$k"); do "${B:-build}/bin/xqperft" -p 5 >/dev/null 2>&1 & done
	wait
	t1=$(date +%s.%N)
	awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }'
}
jobs_ceiling() {
	local one='' many=''
	for _ in 1 2 3 4 5; do
		one+=" $(probe_wall 1)"
		many+=" $(probe_wall "$1")"
	done
	awk -v n="$1" -v a="$one" -v b="$many" '
		function least(s, f, i, m) { split(s, f, " "); m = f[1]; for (i in f) if (f[i] < m) m = f[i]; return m }
		BEGIN { t1 = least(a); tn = least(b); printf "%.2f", (tn > 0 ? n * t1 / tn : 0) }'
}

# The Fairy-Stockfish self-play games that the record, job and Python rows
# read (bench/selfplay.sh, BENCH_SELFPLAY games, 400 by default), made once
# into BUILD/bench by whichever of those scripts runs first, so that each
# row reads the same games in a first run as in a later one.
# selfplay_games: SELFPLAY set to the file, or empty without Fairy-Stockfish.
selfplay_games() {
	local n=${BENCH_SELFPLAY:-400}
	SELFPLAY="${B:-build}/bench/selfplay-$n.pgn"
	if [ ! -s "$SELFPLAY" ] && [ -x "${XQ_FSF:-/usr/games/fairy-stockfish}" ]; then
		echo "(making $n fairy-stockfish self-play games once, into $SELFPLAY)"
		mkdir -p "${SELFPLAY%/*}"
		# shellcheck disable=SC2154 # bench_dir: the sourcing script's
		bash "$bench_dir/selfplay.sh" "$n" "$SELFPLAY"
	fi
	[ -s "$SELFPLAY" ] || SELFPLAY=
}
