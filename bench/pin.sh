# bench/pin.sh - sourced by the bench scripts: timed() below, and PIN,
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
