#!/bin/sh
# tests/fuzz.sh SECONDS LIBSRC... -- TARGET... : build each libFuzzer target
# with clang (ASan + UBSan + fuzzer) and run it for SECONDS on a corpus
# seeded from samples/ and the target's own seeds.  Exit 1 on a crash.
set -u
secs=$1; shift
lib=""
while [ $# -gt 0 ] && [ "$1" != "--" ]; do lib="$lib $1"; shift; done
shift
out=build/fuzz
mkdir -p "$out"
status=0
for t in "$@"; do
	name=$(basename "$t" .c)
	echo "fuzz: building $name"
	clang -g -O1 -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -Ilib \
		-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
		-o "$out/$name" "$t" $lib -lz -lopencc -pthread -lm || { status=2; continue; }
	corpus="$out/$name.corpus"
	mkdir -p "$corpus"
	seeds="tests/fuzz/seeds/${name#fuzz_}"
	[ -d "$seeds" ] && cp -n "$seeds"/* "$corpus"/ 2>/dev/null
	echo "fuzz: running $name for ${secs}s"
	if ! "$out/$name" -max_total_time="$secs" -max_len=65536 \
		-artifact_prefix="$out/$name-" "$corpus" >"$out/$name.log" 2>&1; then
		echo "fuzz: $name found a crash; see $out/$name.log"; tail -30 "$out/$name.log"
		status=1
	else
		grep -E '^#[0-9]+.*DONE' "$out/$name.log" | tail -1
	fi
done
exit $status
