#!/usr/bin/env bats
# tests/deps.sh: plain make, missing a build dependency, prints the one
# apt-get line that installs it and stops; each job asks for what it needs
# and no more (-n: only say what is missing); as root, every job but plain
# make's installs what is missing and goes on.
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
	[[ "$stderr" == *"  sudo apt-get install gcc zlib1g-dev libisal-dev libopencc-dev"$'\n'* ]]
	[[ "$stderr" == *"a build dependency is missing.  Stop."* ]]
	[ -z "$output" ]
}

@test "plain make without zlib's header names zlib1g-dev alone" {
	ln -s "$(command -v cc)" "$T/bin/cc"
	mkdir -p "$T/inc/opencc" "$T/inc/isa-l"
	: >"$T/inc/opencc/opencc.h"
	: >"$T/inc/isa-l/igzip_lib.h"
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

@test "as root every job installs what it misses with apt-get and goes on" {
	rm "$T/bin/id"
	printf '#!/bin/sh\necho 0\n' >"$T/bin/id"
	printf '#!/bin/sh\necho "$*" >>"%s/apt.log"\n' "$T" >"$T/bin/apt-get"
	chmod +x "$T/bin/id" "$T/bin/apt-get"
	for j in demo check bench fuzz; do
		rm -f "$T/apt.log"
		run -0 env PATH="$T/bin" sh "$ROOT/tests/deps.sh" "$j"
		[[ "$output" == "deps: installing gcc zlib1g-dev libisal-dev libopencc-dev"* ]]
		[ "$(sed -n 1p "$T/apt.log")" = "update -qq" ]
		[[ "$(sed -n 2p "$T/apt.log")" == "install -y -qq gcc zlib1g-dev libisal-dev libopencc-dev"* ]]
	done
	# plain make's build job never installs
	rm -f "$T/apt.log"
	run -1 env PATH="$T/bin" sh "$ROOT/tests/deps.sh" build
	[ ! -e "$T/apt.log" ]
	# an apt-get that fails is said, and the job fails
	printf '#!/bin/sh\nexit 100\n' >"$T/bin/apt-get"
	run -1 --separate-stderr env PATH="$T/bin" sh "$ROOT/tests/deps.sh" demo
	[ "$stderr" = "deps: apt-get install gcc zlib1g-dev libisal-dev libopencc-dev failed" ]
}
