# bench/pin.sh - sourced by the bench scripts: PIN, the prefix that runs a
# timed command, ours and the peer's alike, on one CPU (BENCH_CPU, default
# the last).  The CPUs of a shared or virtual machine need not be equally
# fast: on the 2-core development machine of December 2026 pgn-extract took
# 2.7 CPU s on CPU 0 and 1.7 on CPU 1 for the same job, xqgrep 0.62 and
# 0.49, so a comparison whose sides ran on different CPUs said more about
# the CPUs than about the programs.  BENCH_CPU=none runs unpinned.
# PIN_CPU: the CPU, empty when unpinned.
PIN=() PIN_CPU=
if [ "${BENCH_CPU:-}" != none ] && command -v taskset >/dev/null 2>&1; then
	PIN_CPU=${BENCH_CPU:-$(($(nproc) - 1))}
	PIN=(taskset -c "$PIN_CPU")
fi
