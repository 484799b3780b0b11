#!/usr/bin/env bats
# tests/deps.sh: plain make, missing a build dependency, prints the one
# apt-get line that installs it and stops; each job asks for what it needs
# and no more (-n: only say what is missing).
bats_require_minimum_version 1.5.0

setup() {
	ROOT=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)
	T=$BATS_TEST_TMPDIR
	# a PATH with the shell tools and make, and nothing else
	mkdir "$T/bin"
	for t in sh make id ls find cat; do ln -s "$(command -v $t)" "$T/bin/$t"; done
}

@test "plain make without a C compiler prints one apt-get line and stops" {
	run -2 --separate-stderr env PATH="$T/bin" make --no-print-directory -C "$ROOT"
	[ "$(grep -c 'apt-get install' <<<"$stderr")" = 1 ]
	[[ "$stderr" == *"  sudo apt-get install gcc zlib1g-dev libopencc-dev"$'\n'* ]]
	[[ "$stderr" == *"a build dependency is missing.  Stop."* ]]
	[ -z "$output" ]
}

@test "plain make without zlib's header names zlib1g-dev alone" {
	ln -s "$(command -v cc)" "$T/bin/cc"
	mkdir -p "$T/inc/opencc"
	: >"$T/inc/opencc/opencc.h"
	run -2 --separate-stderr env PATH="$T/bin" CC="cc -nostdinc -I$T/inc" make --no-print-directory -C "$ROOT"
	[[ "$stderr" == *"  sudo apt-get install zlib1g-dev"$'\n'* ]]
}

@test "demo needs only the build's dependencies, check and bench the tools of theirs" {
	ln -s "$(command -v cc)" "$T/bin/cc"
	run -0 env PATH="$T/bin" sh "$ROOT/tests/deps.sh" -n demo
	run -0 env PATH="$T/bin" sh "$ROOT/tests/deps.sh" -n build
	run -1 env PATH="$T/bin" sh "$ROOT/tests/deps.sh" -n check
	[[ "$output" == *"sudo apt-get install bats "*" pkg-config "* ]]
	[[ "$output" != *pgn-extract* ]] && [[ "$output" != *zlib1g-dev* ]]
	run -1 env PATH="$T/bin" sh "$ROOT/tests/deps.sh" -n bench
	[[ "$output" == *" pgn-extract"* ]] && [[ "$output" != *bats* ]]
	run -1 env PATH="$T/bin" sh "$ROOT/tests/deps.sh" -n fuzz
	[[ "$output" == *" clang"* ]] && [[ "$output" != *bats* ]]
	run -2 sh "$ROOT/tests/deps.sh" nosuchjob
}

@test "on this machine every job has what it needs" {
	for j in build demo check; do
		run -0 sh "$ROOT/tests/deps.sh" -n "$j"
	done
}
