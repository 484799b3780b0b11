#!/bin/sh
# tests/deps.sh - make sure the build and test dependencies are here.
# Missing ones are installed with apt-get when running as root; otherwise
# the one command that would install them is printed and we fail.
need=""
have() { command -v "$1" >/dev/null 2>&1; }
header() { printf '#include <%s>\n' "$1" | ${CC:-cc} -E - >/dev/null 2>&1; }

have cc || have gcc || need="$need gcc"
have make || need="$need make"
header zlib.h || need="$need zlib1g-dev"
header opencc/opencc.h || need="$need libopencc-dev"
have bats || need="$need bats"
have clang || need="$need clang"
[ -n "$(ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-*.a 2>/dev/null)" ] || need="$need libclang-rt-dev"
[ -x /usr/games/fairy-stockfish ] || have fairy-stockfish || need="$need fairy-stockfish"
have rsvg-convert || need="$need librsvg2-bin"
have pgn-extract || [ -x /usr/games/pgn-extract ] || need="$need pgn-extract"
have mandoc || need="$need mandoc"
[ -x /usr/bin/time ] || need="$need time"
have jq || need="$need jq"
have xz || need="$need xz-utils"
have xmllint || need="$need libxml2-utils"
have strace || need="$need strace"
have parallel || need="$need parallel"
[ -x /usr/bin/chromium ] || need="$need chromium"
have node || need="$need nodejs"
have npm || need="$need npm"

# the browser test's driver (playwright-core, no browser of its own)
browser() {
	[ -d tests/browser/node_modules/playwright-core ] && return 0
	have npm || return 0
	echo "deps: npm ci in tests/browser"
	(cd tests/browser && npm ci --no-audit --no-fund >/dev/null) || {
		echo "deps: npm ci in tests/browser failed" >&2; exit 1; }
}

[ -z "$need" ] && { browser; exit 0; }
if [ "$(id -u)" = 0 ] && have apt-get; then
	echo "deps: installing$need"
	export DEBIAN_FRONTEND=noninteractive
	{ apt-get update -qq && apt-get install -y -qq $need; } >/dev/null || {
		echo "deps: apt-get install$need failed" >&2; exit 1; }
	browser
else
	echo "deps: missing$need; install them with:" >&2
	echo "  sudo apt-get install$need" >&2
	exit 1
fi
