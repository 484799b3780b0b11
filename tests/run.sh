#!/bin/sh
# tests/run.sh BUILD - run every test suite, report each as TAP, and close
# with one "check: N passed, N failed" line.  Exit 1 on any failure.
#
#   unit tests      build/unit/test_*        (plain)
#                   build/asan/unit/test_*   (ASan + UBSan)
#   differential    build/tools/diff_*       (against fairy-stockfish)
#   commands        tests/cmd/*.bats         (bats, PATH=build/bin)
#                   the same against build/asan/bin (ASan + UBSan), but
#                   install.bats, which tests make install, not a command
B=${1:-build}
top=$(pwd)
export XQ_SHARED="${XQ_SHARED:-$top/../shared}"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
log=$(mktemp -d)
trap 'rm -rf "$log"' EXIT
passed=0 failed=0 broken=""

[ -d "$XQ_SHARED/corpus" ] || echo "tests: shared data not found at $XQ_SHARED (set XQ_SHARED); the tests that read it will fail"

# suite NAME COMMAND...: run it, echo its TAP, count its points.
suite() {
	name=$1; shift
	echo "# --- $name"
	"$@" >"$log/out" 2>"$log/err"
	rc=$?
	cat "$log/out"
	[ -s "$log/err" ] && sed 's/^/# stderr: /' "$log/err"
	p=$(grep -c '^ok ' "$log/out")
	f=$(grep -c '^not ok ' "$log/out")
	passed=$((passed + p)); failed=$((failed + f))
	if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
		failed=$((failed + 1)); broken="$broken $name"
		echo "not ok - $name exited with status $rc"
	fi
	[ "$rc" -ne 0 ] || [ "$f" -ne 0 ] && broken="$broken $name"
	return 0
}

suite "warnings (gcc, clang)" make -s --no-print-directory warnings
suite "symbols (nm)" sh tests/symbols.sh "$B/libxq.a"
for t in "$B"/unit/test_*; do
	[ -x "$t" ] && suite "unit ${t##*/}" "$t"
done
for t in "$B"/asan/unit/test_*; do
	[ -x "$t" ] && suite "asan ${t##*/}" "$t"
done
for t in "$B"/tools/diff_*; do
	[ -x "$t" ] && suite "differential ${t##*/}" "$t"
done
if command -v bats >/dev/null 2>&1; then
	for t in tests/cmd/*.bats; do
		[ -f "$t" ] && suite "bats ${t##*/}" env PATH="$top/$B/bin:$PATH" bats --tap "$t"
	done
	for t in tests/cmd/*.bats; do
		[ "${t##*/}" = install.bats ] && continue
		[ -f "$t" ] && [ -d "$B/asan/bin" ] &&
			suite "asan bats ${t##*/}" env PATH="$top/$B/asan/bin:$PATH" bats --tap "$t"
	done
else
	echo "not ok - bats is not installed: run 'make deps'"; failed=$((failed + 1))
fi

[ -n "$broken" ] && echo "# failing suites:$broken"
echo "check: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
