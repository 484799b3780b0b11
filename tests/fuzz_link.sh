#!/bin/sh
# tests/fuzz_link.sh LIB - every libFuzzer target in tests/fuzz compiles and
# links against LIB (clang -fsanitize=fuzzer, no run), so a target that a
# change of the library or of the commands it compiles in has broken fails
# here and not only in 'make fuzz'.  TAP lines.
lib=${1:-build/libxq.a}
if ! command -v clang >/dev/null 2>&1; then
	echo "not ok 1 - clang is not installed"
	exit 1
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
. tests/tap.sh
for t in tests/fuzz/fuzz_*.c; do
	name=${t##*/}
	tap "${name%.c} links" clang -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -Ilib \
		-fsanitize=fuzzer -o "$out/${name%.c}" "$t" "$lib" -lisal -lz -lopencc -pthread -lm
done
tap_end
