#!/usr/bin/env bash
# tests/run.sh BUILD - run every test suite, report each as TAP, and close
# with one "check: N passed, N failed" line.  Exit 1 on any failure.
#
#   unit tests      build/unit/test_*        (plain)
#                   build/asan/unit/test_*   (ASan + UBSan)
#   differential    build/tools/diff_*       (against fairy-stockfish)
#   browser         tests/browser/run.sh     (game pages in headless chromium,
#                   and in headless firefox-esr)
#   commands        tests/cmd/*.bats         (bats, PATH=build/bin)
#                   the same against build/asan/bin (ASan + UBSan), but
#                   install.bats, words.bats and deps.bats, which test no command
#   words           tests/words.sh: the tree speaks of the product alone
#   fuzz targets    tests/fuzz_link.sh: each libFuzzer target links
#   shell scripts   tests/shell_lint.sh: shellcheck at its warning level
#   python          python/tests (pytest), the bindings over BUILD/libxq.so
#
# CHECK_JOBS suites run at once (default: the number of CPUs); each
# suite's output is kept and printed whole, in the order above.
B=${1:-build}
top=$(pwd)
export XQ_SHARED="${XQ_SHARED:-$top/../shared}"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
jobs=${CHECK_JOBS:-$(nproc 2>/dev/null || echo 1)}
log=$(mktemp -d)
trap 'rm -rf "$log"' EXIT
passed=0 failed=0 broken=""
names=() running=0

[ -d "$XQ_SHARED/corpus" ] || echo "tests: shared data not found at $XQ_SHARED (set XQ_SHARED); the tests that read it will fail"

# suite NAME COMMAND...: start it (at most $jobs at once); its output,
# errors and status go to $log/K.*; the suites done so far are reported.
suite() {
	local k=${#names[@]}
	names+=("$1"); shift
	if [ "$running" -ge "$jobs" ]; then
		wait -n
		running=$((running - 1))
	fi
	( "$@" >"$log/$k.out" 2>"$log/$k.err"; echo $? >"$log/$k.rc.tmp"
	  mv "$log/$k.rc.tmp" "$log/$k.rc" ) &
	running=$((running + 1))
	flush
}

# flush: report, in order, every suite that has ended and follows the last
# one reported.
reported=0
flush() {
	while [ "$reported" -lt "${#names[@]}" ] && [ -f "$log/$reported.rc" ]; do
		report "$reported"
		reported=$((reported + 1))
	done
}

# report K: echo suite K's TAP and count its points.
report() {
	local k=$1 name=${names[$1]} rc p f
	echo "# --- $name"
	cat "$log/$k.out"
	[ -s "$log/$k.err" ] && sed 's/^/# stderr: /' "$log/$k.err"
	rc=$(cat "$log/$k.rc" 2>/dev/null || echo 2)
	p=$(grep -c '^ok ' "$log/$k.out")
	f=$(grep -c '^not ok ' "$log/$k.out")
	passed=$((passed + p)); failed=$((failed + f))
	if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
		failed=$((failed + 1))
		echo "not ok - $name exited with status $rc"
	fi
	if [ "$rc" -ne 0 ] || [ "$f" -ne 0 ]; then broken="$broken $name"; fi
}

suite "warnings (gcc, clang)" make -s --no-print-directory warnings
suite "symbols (nm)" sh tests/symbols.sh "$B/libxq.a"
suite "layout (nm)" sh tests/layout.sh "$B/libxq.a"
suite "fuzz targets link (clang)" sh tests/fuzz_link.sh "$B/libxq.a"
suite "words" sh tests/words.sh
suite "bats hygiene" sh tests/bats_lint.sh
suite "shell scripts (shellcheck)" sh tests/shell_lint.sh
for t in "$B"/unit/test_*; do
	[ -x "$t" ] && suite "unit ${t##*/}" "$t"
done
for t in "$B"/asan/unit/test_*; do
	[ -x "$t" ] && suite "asan ${t##*/}" "$t"
done
for t in "$B"/tools/diff_*; do
	[ -x "$t" ] && suite "differential ${t##*/}" "$t"
done
# python_suite PY: the pytest suite as TAP lines (pytest's -rA summary).
python_suite() {
	( cd python && XQ_LIBRARY="$top/$B/libxq.so.0" XQ_BIN="$top/$B/bin" \
		"$1" -m pytest -q -rA -p no:cacheprovider tests ) |
		awk '/^PASSED / { print "ok - " $2; next }
		     /^(FAILED|ERROR) / { print "not ok - " $2; next }
		     { print "# " $0 }'
	return "${PIPESTATUS[0]}"
}
py=""
for p in python3 /usr/bin/python3; do
	"$p" -c 'import pytest' 2>/dev/null && { py=$p; break; }
done
[ -n "$py" ] && suite "python (pytest)" python_suite "$py"

suite "browser (chromium)" bash tests/browser/run.sh "$B" chromium
suite "browser (firefox)" bash tests/browser/run.sh "$B" firefox
if command -v bats >/dev/null 2>&1; then
	for t in tests/cmd/*.bats; do
		[ -f "$t" ] && suite "bats ${t##*/}" env PATH="$top/$B/bin:$PATH" bats --tap "$t"
	done
	for t in tests/cmd/*.bats; do
		case ${t##*/} in install.bats|words.bats|deps.bats) continue ;; esac
		[ -f "$t" ] && [ -d "$B/asan/bin" ] &&
			suite "asan bats ${t##*/}" env PATH="$top/$B/asan/bin:$PATH" bats --tap "$t"
	done
	no_bats=
else
	no_bats=1
fi
wait
flush
if [ -z "$py" ]; then
	echo "not ok - pytest is not installed for python3 (python3-pytest): run 'make deps'"; failed=$((failed + 1))
fi
if [ -n "$no_bats" ]; then
	echo "not ok - bats is not installed: run 'make deps'"; failed=$((failed + 1))
fi
[ -n "$broken" ] && echo "# failing suites:$broken"
echo "check: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
