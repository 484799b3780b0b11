#!/bin/sh
# tests/deps.sh [-n] JOB - make sure what JOB needs is here:
#
#   build   compiling and running: a C compiler, make, zlib, ISA-L, OpenCC
#   demo    the same (make demo builds and runs the commands)
#   check   build, and what the tests need (the differential tests run
#           fairy-stockfish; the rest: bats, clang for the warnings, ...)
#   bench   build, and the peers make bench measures against
#   fuzz    build, and clang with libFuzzer
#
# What is missing is installed with apt-get when running as root, but for
# build (plain make never installs); otherwise the one command that would
# install it is printed and we fail.  -n only prints.
dry=
[ "${1:-}" = -n ] && { dry=1; shift; }
job=${1:-check}
need=""
have() { command -v "$1" >/dev/null 2>&1; }
header() { printf '#include <%s>\n' "$1" | ${CC:-cc} -E - >/dev/null 2>&1; }
add() { case " $need " in *" $1 "*) ;; *) need="$need $1" ;; esac; }

build() {
	have cc || have gcc || add gcc
	have make || add make
	header zlib.h || add zlib1g-dev
	header isa-l/igzip_lib.h || add libisal-dev
	header opencc/opencc.h || add libopencc-dev
}
tests() {
	have bats || add bats
	have clang || add clang
	have pkg-config || add pkg-config
	have zsh || add zsh
	have rsvg-convert || add librsvg2-bin
	have mandoc || add mandoc
	have jq || add jq
	have shellcheck || add shellcheck
	have xz || add xz-utils
	have xmllint || add libxml2-utils
	have strace || add strace
	have pgrep || add procps
	have parallel || add parallel
	[ -x /usr/games/fairy-stockfish ] || have fairy-stockfish || add fairy-stockfish
	# the Python bindings' tests (python/tests): pytest for the system python3
	/usr/bin/python3 -c 'import pytest' 2>/dev/null || have pytest-3 || add python3-pytest
	# the game pages' browser tests: Debian's chromium and firefox-esr,
	# driven from node
	[ -x /usr/bin/chromium ] || add chromium
	[ -x /usr/bin/firefox-esr ] || add firefox-esr
	have node || add nodejs
	have npm || add npm
}

# browser: the browser tests' drivers (playwright-core for chromium,
# puppeteer-core for firefox-esr; no browser of their own) from the npm
# registry, once
browser() {
	[ -d tests/browser/node_modules/playwright-core ] &&
		[ -d tests/browser/node_modules/puppeteer-core ] && return 0
	have npm || return 0
	[ -z "$dry" ] || { echo "deps: would run npm ci in tests/browser"; return 0; }
	echo "deps: npm ci in tests/browser"
	(cd tests/browser && npm ci --no-audit --no-fund >/dev/null) || {
		echo "deps: npm ci in tests/browser failed" >&2; exit 1; }
}
peers() {
	[ -x /usr/games/fairy-stockfish ] || have fairy-stockfish || add fairy-stockfish
	have pgn-extract || [ -x /usr/games/pgn-extract ] || add pgn-extract
	# the strength matches' other two peers (bench/bench_strength.sh)
	[ -x /usr/games/maxqi ] || add fairymax
	[ -x /usr/games/sjaakii ] || add sjaakii
	[ -x /usr/bin/time ] || add time
	have xz || add xz-utils
}
fuzzer() {
	have clang || add clang
	[ -n "$(ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-*.a 2>/dev/null)" ] || add libclang-rt-dev
	[ -x /usr/bin/time ] || add time
}

case $job in
build|demo) build ;;
check) build; tests ;;
bench) build; peers ;;
fuzz) build; fuzzer ;;
*) echo "usage: tests/deps.sh [-n] build|demo|check|bench|fuzz" >&2; exit 2 ;;
esac

if [ -z "$need" ]; then
	[ "$job" != check ] || browser
	exit 0
fi
if [ -z "$dry" ] && [ "$job" != build ] && [ "$(id -u)" = 0 ] && have apt-get; then
	echo "deps: installing$need"
	export DEBIAN_FRONTEND=noninteractive
	{ apt-get update -qq && apt-get install -y -qq $need; } >/dev/null || {
		echo "deps: apt-get install$need failed" >&2; exit 1; }
	# (as "[ check ] && browser" the failed test would be the exit status
	# of every other job)
	[ "$job" != check ] || browser
	exit 0
else
	echo "deps: missing$need; install them with:" >&2
	echo "  sudo apt-get install$need" >&2
	exit 1
fi
