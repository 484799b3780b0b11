#!/bin/bash
# tests/fuzz.sh SECONDS LIBSRC... -- TARGET... : build each libFuzzer target
# with clang (ASan + UBSan + fuzzer) and run it for SECONDS on a corpus
# seeded from the target's own seeds (tests/fuzz/seeds/NAME) and the
# samples/ of its format, with its dictionary (tests/fuzz/dict/NAME.dict)
# when there is one.  Each run has a per-input time limit (-timeout: 20 s,
# 90 s for fuzz_limits) and a
# memory limit (-rss_limit_mb): a slow or memory-hungry input fails as a
# crash does.  Inputs are at most 64 KiB (-max_len); fuzz_limits expands
# its small inputs to records past every size limit (1 MiB comment, 4 MiB
# line, 200,000 moves, DhtmlXQ tags and 16 MiB block).  FUZZ_JOBS targets
# run at once (default 1).  Prints, per target, its CPU seconds and
# coverage; exit 1 on a crash, 2 when a target does not build.
set -u
secs=$1; shift
jobs=${FUZZ_JOBS:-1}
lib=""
while [ $# -gt 0 ] && [ "$1" != "--" ]; do lib="$lib $1"; shift; done
shift
out=build/fuzz
mkdir -p "$out"
status=0

# Build the library once (its objects instrumented for the fuzzer), then
# every target, FUZZ_JOBS compilers at once, so a build error shows before
# hours of running.
cflags="-g -O1 -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -Ilib -fsanitize=address,undefined -fno-sanitize-recover=all"
mkdir -p "$out/obj"
objs=""
for src in $lib; do objs="$objs $out/obj/$(echo "$src" | tr / _ | sed 's/\.c$/.o/')"; done
echo "fuzz: building the library"
# shellcheck disable=SC2086
if ! printf '%s\n' $lib | xargs -P "$jobs" -I{} sh -c \
	'o="$1/obj/$(echo "$2" | tr / _ | sed "s/\.c\$/.o/")"; clang $3 -fsanitize=fuzzer-no-link -c -o "$o" "$2"' \
	sh "$out" {} "$cflags"; then
	echo "fuzz: the library does not build"; exit 2
fi
names=""
for t in "$@"; do
	name=$(basename "$t" .c)
	rm -f "$out/$name.rc"
	echo "fuzz: building $name"
	# shellcheck disable=SC2086
	{ clang $cflags -fsanitize=fuzzer -o "$out/$name" "$t" $objs -lisal -lz -lopencc -pthread -lm \
		>"$out/$name.build" 2>&1; echo $? >"$out/$name.rc"; } &
	if [ "$(jobs -pr | wc -l)" -ge "$jobs" ]; then wait -n; fi
done
wait
for t in "$@"; do
	name=$(basename "$t" .c)
	if [ "$(cat "$out/$name.rc" 2>/dev/null)" = 0 ]; then
		names="$names $name"
	else
		cat "$out/$name.build"; echo "fuzz: $name does not build"; status=2
	fi
done

# run_one NAME: fuzz one target; its verdict goes to $out/NAME.result.
run_one() {
	name=$1
	short=${name#fuzz_}
	corpus="$out/$name.corpus"
	mkdir -p "$corpus"
	seeds="tests/fuzz/seeds/$short"
	[ -d "$seeds" ] && cp -n "$seeds"/* "$corpus"/ 2>/dev/null
	case $short in
	pgn) samples="samples/*.pgn" ;;
	html) samples="samples/*.pgn samples/annotate/*.pgn tests/browser/lines.pgn" ;;
	text) samples="samples/*.txt" ;;
	dhtmlxq) samples="samples/*.dhtmlxq samples/*dhtmlxq*.html" ;;
	xqf) samples="samples/*.xqf" ;;
	fen) samples="samples/*.fen" ;;
	*) samples="" ;;
	esac
	for f in $samples; do [ -f "$f" ] && cp -n "$f" "$corpus"/; done
	dict=""
	[ -f "tests/fuzz/dict/$short.dict" ] && dict="-dict=tests/fuzz/dict/$short.dict"
	# fuzz_limits reads up to 18 MiB an input (320,000 games of DhtmlXQ
	# blocks take 1.3 s plain, a minute under the sanitizers)
	limit=20
	[ "$short" = limits ] && limit=90
	echo "fuzz: running $name for ${secs}s"
	if ! /usr/bin/time -f "%U %S" -o "$out/$name.time" "$out/$name" \
		-max_total_time="$secs" -max_len=65536 -timeout="$limit" -rss_limit_mb=2048 \
		$dict -print_final_stats=1 \
		-artifact_prefix="$out/$name-" "$corpus" >"$out/$name.log" 2>&1; then
		{ echo "fuzz: $name found a crash; see $out/$name.log"
		  tail -30 "$out/$name.log"; } >"$out/$name.result"
	else
		cpu=$(awk '{ printf "%.0f", $1 + $2 }' "$out/$name.time")
		last=$(grep -E '^#[0-9]+.*DONE' "$out/$name.log" | tail -1)
		echo "fuzz: $name clean: ${cpu} CPU s; $last" >"$out/$name.result"
	fi
	cat "$out/$name.result"
}

running=0
for name in $names; do
	rm -f "$out/$name.result"
	run_one "$name" &
	running=$((running + 1))
	if [ "$running" -ge "$jobs" ]; then wait; running=0; fi
done
wait

echo "fuzz: summary"
crashed=""
for name in $names; do
	if [ -f "$out/$name.result" ]; then
		head -1 "$out/$name.result"
		grep -q 'found a crash' "$out/$name.result" && { status=1; crashed="$crashed $name"; }
	else
		echo "fuzz: $name gave no result"; status=1
	fi
done
# What each crash was, last, where a CI log's tail shows it.
for name in $crashed; do
	echo "fuzz: $name:"
	grep -E 'ERROR|runtime error|SUMMARY|Test unit written|^0x|Base64' "$out/$name.log" | head -12
done
exit $status
