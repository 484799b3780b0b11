#!/usr/bin/env bats
# -J N and --range K/N: the output of -J 1, 2, 3 and 0 (stdout, stderr,
# exit status) is one run's, over corpus files and edge cases made here (a
# byte range with no game start, games spanning range boundaries, more
# jobs than games, one game, an empty file, invalid games in several
# ranges, GBK with CRLF, an encoding settled far down the file, ranges
# halved down to a few bytes, .gz and standard input, many files); a pipe
# and a .gz file read in chunks of whole games (cuts at, just before and
# just after a game start, a chunk a game, an encoding the first chunk
# cannot settle) print what one job prints of them; --range K/N over every
# K merged with --merge is one run's; bad values are one line naming the
# valid ones, exit 2.
bats_require_minimum_version 1.5.0

setup_file() {
	ROOT="$BATS_TEST_DIRNAME/../.."
	SHARED="${XQ_SHARED:-$ROOT/../shared}"
	C="$SHARED/corpus/pgn"
	[ -d "$C" ] || { echo "no shared corpus at $SHARED (set XQ_SHARED)" >&2; return 1; }
	D="$BATS_FILE_TMPDIR"
	# the whole corpus and a big input, or under the sanitizer build (its
	# position checks make a move cost a hundred times more) a folder of
	# every dialect and a smaller big input
	ALL="$SHARED/corpus" first=0 second=200000
	case $(command -v xqcheck) in */asan/*) ALL="$SHARED/corpus/dialects" first=100000 second=60000 ;; esac
	# invalid games in several ranges, games starting with [Game
	{
		for n in 1 2 3; do
			if [ "$first" = 0 ]; then
				cat "$C/wukong_iccs_1125_games.pgn"
			else
				head -c "$first" "$C/wukong_iccs_1125_games.pgn" | sed '$d'
			fi
			printf '[Game "Chinese Chess"]\n[Event "bad %d"]\n\n1. h2e2 h9g7 2. h2h9 *\n\n' "$n"
			head -c "$second" "$C/wukong_hu_ronghua_1391_iccs.pgn" | sed '$d'
			printf '\n[Event "bad b%d"]\n\n1. h2e2 h2e3 *\n\n' "$n"
		done
	} >"$D/big.pgn"
	# two games, the first long enough to hold the middle third of the
	# file: a range without a game start, a game across two boundaries
	{
		printf '[Game "Chinese Chess"]\n[Event "long"]\n\n1. h2e2 h9g7 {'
		for i in $(seq 400); do printf 'a comment line %d\n' "$i"; done
		printf '} 2. h0g2 *\n\n[Game "Chinese Chess"]\n[Event "short"]\n\n1. h2e2 h2e3 *\n'
	} >"$D/span.pgn"
	head -6 "$C/wukong_iccs_1125_games.pgn" >"$D/one.pgn"
	: >"$D/empty.pgn"
	# GBK with CRLF line ends, the tags of a game before its first move
	for i in $(seq 40); do cat "$C/xqbase_ccgc2006_16_gbk_crlf.pgn" "$C/xqbase_ccgc2006_23_draw_gbk_crlf.pgn"; done >"$D/gbk.pgn"
	# ASCII for 800 KB, then UTF-8: the encoding settles far down
	cat "$C/wukong_iccs_1125_games.pgn" "$C/wukong_chinese_nospace_utf8.pgn" >"$D/late_utf8.pgn"
	# rulings in every range
	for i in $(seq 30); do cat "$BATS_TEST_DIRNAME/../../samples/repetition.pgn"; done >"$D/rep.pgn"
	gzip -c "$D/big.pgn" >"$D/big.pgn.gz"
	# a game whose few Chinese bytes read as GBK or UTF-8 alike, then GBK
	# games that settle it, and such games alone (a warning names both)
	amb='[Event "x"]\n\n1. h2e2 h9g7 { \xca\xb5\xd5\xbd } *\n\n'
	{ printf "$amb"; cat "$D/gbk.pgn"; } >"$D/amb_gbk.pgn"
	{ printf "$amb"; cat "$D/span.pgn" "$D/one.pgn"; } >"$D/amb.pgn"
	# a byte order mark, then the ASCII and UTF-8 games
	{ printf '\357\273\277'; cat "$D/late_utf8.pgn"; } >"$D/bom.pgn"
	export SHARED C D ALL
}

setup() {
	T="$BATS_TEST_TMPDIR"
}

# jobs_same CMD ARGS...: CMD -J 1, 2, 3 and 0 print what CMD prints
# (stdout, stderr, exit status); the status of one run in $one_rc
jobs_same() {
	local rc
	one_rc=0
	"$@" >"$T/one.out" 2>"$T/one.err" || one_rc=$?
	for j in 1 2 3 0; do
		rc=0
		"$1" -J "$j" "${@:2}" >"$T/j.out" 2>"$T/j.err" || rc=$?
		cmp "$T/one.out" "$T/j.out"
		cmp "$T/one.err" "$T/j.err"
		[ "$rc" = "$one_rc" ]
	done
}

# stdin_same CMD ARGS... FILE: the same with FILE on standard input
stdin_same() {
	local rc file="${*: -1}"
	one_rc=0
	"${@:1:$#-1}" <"$file" >"$T/one.out" 2>"$T/one.err" || one_rc=$?
	for j in 2 0; do
		rc=0
		"$1" -J "$j" "${@:2:$#-2}" <"$file" >"$T/j.out" 2>"$T/j.err" || rc=$?
		cmp "$T/one.out" "$T/j.out"
		cmp "$T/one.err" "$T/j.err"
		[ "$rc" = "$one_rc" ]
	done
}

# streams_same SIZES CMD ARGS... FILE: FILE through a pipe to CMD -J 2 -,
# in chunks of each of SIZES bytes (XQ_JOBS_CHUNK; "-" the default), prints
# what CMD - prints of it, and the file gzipped to CMD -J 3 what CMD prints
# of that
streams_same() {
	local rc sizes=$1 file="${*: -1}"
	shift
	one_rc=0
	cat "$file" | "${@:1:$#-1}" - >"$T/one.out" 2>"$T/one.err" || one_rc=$?
	for size in $sizes; do
		rc=0
		cat "$file" | XQ_JOBS_CHUNK=${size#-} "$1" -J 2 "${@:2:$#-2}" - >"$T/j.out" 2>"$T/j.err" || rc=$?
		cmp "$T/one.out" "$T/j.out"
		cmp "$T/one.err" "$T/j.err"
		[ "$rc" = "$one_rc" ]
	done
	gzip -c "$file" >"$T/in.pgn.gz"
	gz_rc=0
	"${@:1:$#-1}" "$T/in.pgn.gz" >"$T/one.out" 2>"$T/one.err" || gz_rc=$?
	for size in $sizes; do
		rc=0
		XQ_JOBS_CHUNK=${size#-} "$1" -J 3 "${@:2:$#-2}" "$T/in.pgn.gz" >"$T/j.out" 2>"$T/j.err" || rc=$?
		cmp "$T/one.out" "$T/j.out"
		cmp "$T/one.err" "$T/j.err"
		[ "$rc" = "$gz_rc" ]
	done
}

# forked NAME=VALUE CMD ARGS...: the number of processes CMD ARGS starts
# with that variable in its environment: those that exit (the sanitizer's
# tracer at exit is not followed)
forked() {
	local var=$1
	shift
	env "$var" strace -f -q -e trace=fork,vfork,clone,clone3,kill -o "$T/trace" "$@" \
		>/dev/null 2>&1 || true
	awk 'NR == 1 { first = $1 } /\+\+\+ (exited|killed)/ && $1 != first { n++ } END { print n + 0 }' \
		"$T/trace"
}

# workers SIZE CMD ARGS...: the processes of CMD ARGS (a pipe on its
# standard input) with XQ_JOBS_CHUNK=SIZE; range_workers LEAST CMD
# ARGS...: those of CMD ARGS over a file with XQ_JOBS_RANGE=LEAST
workers() { forked "XQ_JOBS_CHUNK=$1" "${@:2}"; }
range_workers() { forked "XQ_JOBS_RANGE=$1" "${@:2}"; }

# at_once: the most workers of the last workers run at work at once, each
# from the fork that starts it, or when it was forked to wait, from the
# command's word to start (SIGUSR1), to its exit
at_once() {
	awk 'NR == FNR { if (FNR == 1) first = $1; if (/\+\+\+ (exited|killed)/) worker[$1] = 1
	                 if ($1 == first && /kill\(.*SIGUSR1/) go = 1; next }
	     !go && /(fork|clone3?).*= [1-9][0-9]*$/ && ($NF in worker) && $NF != first { if (++n > max) max = n }
	     go && $1 == first && /kill\(.*SIGUSR1/ { if (++n > max) max = n }
	     /\+\+\+ (exited|killed)/ && $1 != first { n-- }
	     END { print max + 0 }' "$T/trace" "$T/trace"
}

# most_alive: the most workers of the last workers run alive at once,
# each from its fork to its exit
most_alive() {
	awk 'NR == 1 { first = $1 }
	     $1 == first && /(fork|clone3?).*= [1-9][0-9]*$/ { if (++n > max) max = n }
	     /\+\+\+ (exited|killed)/ && $1 != first { n-- }
	     END { print max + 0 }' "$T/trace"
}

# ranges_same N CMD ARGS... FILE: CMD --partial --range K/N FILE for
# every K, merged by CMD --merge, prints what CMD ARGS FILE prints
ranges_same() {
	local n=$1 rc=0 file="${*: -1}"
	shift
	one_rc=0
	"$@" >"$T/one.out" 2>"$T/one.err" || one_rc=$?
	for k in $(seq "$n"); do
		"${@:1:$#-1}" --partial --range "$k/$n" "$file" >"$T/part.$k" || true
	done
	"$1" --merge $(for k in $(seq "$n"); do echo "$T/part.$k"; done) >"$T/m.out" 2>"$T/m.err" || rc=$?
	cmp "$T/one.out" "$T/m.out"
	cmp "$T/one.err" "$T/m.err"
	[ "$rc" = "$one_rc" ]
}

@test "the inputs split: invalid games in several ranges, ranges without a game start" {
	# big.pgn: six invalid games, one in each of several of 3 ranges
	run -1 --separate-stderr xqcheck "$D/big.pgn"
	[ "$(grep -c ': error: ' <<<"$stderr")" = 6 ]
	for k in 1 2 3; do
		xqcheck --partial --range "$k/3" "$D/big.pgn" >"$T/p$k" || [ $? = 1 ]
		grep -q '^P	' "$T/p$k"
	done
	# span.pgn in 3 ranges: the first holds the long game, the second no
	# game start, the third the short game
	xqcheck --partial --range 2/3 "$D/span.pgn" >"$T/p2"
	run grep -c '^#end' "$T/p2"
	[ "$output" = 0 ]
	# the third: the short game alone (4 lines, 55 bytes), its error on
	# the range's own line 4
	run -1 xqcheck --partial --range 3/3 "$D/span.pgn"
	expected="#xqcheck-partial	1
P	2	2	1	4	9	2	-	=$D/span.pgn	=h2e3	illegal move: no legal move from h2 to e3
#end	$D/span.pgn	1	4	55
#counts	1	0	1	1	0	0"
	[ "$output" = "$expected" ]
}

@test "xqcheck -J: one run's output over files of every kind of edge" {
	for f in big span one empty gbk late_utf8; do
		jobs_same xqcheck "$D/$f.pgn"
		jobs_same xqcheck -j -v "$D/$f.pgn"
	done
	jobs_same xqcheck -q -r axf "$D/big.pgn"
	jobs_same xqcheck --summary-json "$D/big.pgn"
	[ "$one_rc" = 1 ]
}

@test "xqcheck -J: one run's output over the corpus, file by file and all at once" {
	while IFS= read -r f; do
		jobs_same xqcheck -j "$f"
	done < <(find "$ALL" -type f ! -name '*.xz' | sort)
	jobs_same xqcheck -R "$ALL" "$D/nonexistent.pgn"
	[ "$one_rc" = 2 ]
	jobs_same xqcheck -v -j "$D/big.pgn" "$C/walker_short_fen_gbk.pgn" "$D/empty.pgn" "$D/span.pgn"
}

@test "-J over a file: ranges halved down to XQ_JOBS_RANGE bytes, each to the next free job: one run's output" {
	for least in 1 3000 20000; do
		for f in big span gbk late_utf8 amb_gbk bom rep; do
			XQ_JOBS_RANGE=$least jobs_same xqcheck -j -v "$D/$f.pgn"
		done
	done
	for c in "xqconv -n wxf" "xqstats" "xqgrep --opening h2e2" "xqjudge -j"; do
		XQ_JOBS_RANGE=3000 jobs_same $c "$D/big.pgn"
		[ "$one_rc" = 1 ]
	done
}

@test "-J over a file: the jobs times the levels of halving plus one workers, at most the jobs at once" {
	# 80,000 bytes: a level of a range a job while such a range holds the
	# bytes asked for (the first level always), then the rest in a range a
	# job; one byte: 15 levels for two jobs (80000 / (2 * 2^15) >= 1), 14
	# for three
	head -c 80000 "$D/big.pgn" >"$T/f.pgn"
	[ "$(range_workers 10001 xqcheck -q -J 2 "$T/f.pgn")" = 4 ]
	[ "$(at_once)" = 2 ]
	[ "$(range_workers 10000 xqcheck -q -J 2 "$T/f.pgn")" = 6 ]
	[ "$(range_workers 2500 xqcheck -q -J 2 "$T/f.pgn")" = 10 ]
	[ "$(at_once)" = 2 ]
	[ "$(range_workers 1 xqcheck -q -J 2 "$T/f.pgn")" = 32 ]
	[ "$(range_workers 1 xqcheck -q -J 3 "$T/f.pgn")" = 45 ]
	[ "$(at_once)" -le 3 ]
	# XQ_JOBS_RANGE at and past its limits: 2^30 taken; 0, past 2^30 and
	# no number leave the default (1 MB: no level past the first here)
	[ "$(range_workers 1073741824 xqcheck -q -J 2 "$T/f.pgn")" = 4 ]
	for least in 0 1073741825 -5 12x ''; do
		[ "$(range_workers "$least" xqcheck -q -J 2 "$T/f.pgn")" = 4 ]
	done
}

@test "-J: no range of a file nor group of files over XQ_JOBS_RANGE_MOST bytes, no range cut below XQ_JOBS_RANGE; one worker forked ahead" {
	# 80,000 bytes at XQ_JOBS_RANGE 5000: two ranges of 20,000 bytes, two
	# of 10,000, then 5,000 twice, two each; past 20,000 the first two
	# cut in two, past 10,000 the next two and the first two again, never
	# below 5,000
	head -c 80000 "$D/big.pgn" >"$T/f.pgn"
	[ "$(XQ_JOBS_RANGE_MOST=20000 range_workers 5000 xqcheck -q -J 2 "$T/f.pgn")" = 8 ]
	[ "$(XQ_JOBS_RANGE_MOST=19999 range_workers 5000 xqcheck -q -J 2 "$T/f.pgn")" = 10 ]
	[ "$(at_once)" = 2 ]
	[ "$(most_alive)" = 3 ]
	[ "$(XQ_JOBS_RANGE_MOST=10000 range_workers 5000 xqcheck -q -J 2 "$T/f.pgn")" = 10 ]
	[ "$(XQ_JOBS_RANGE_MOST=9999 range_workers 5000 xqcheck -q -J 2 "$T/f.pgn")" = 16 ]
	[ "$(XQ_JOBS_RANGE_MOST=1 range_workers 5000 xqcheck -q -J 2 "$T/f.pgn")" = 16 ]
	[ "$(most_alive)" = 3 ]
	# at and past its limits: 2^30 taken; 0, past 2^30 and no number
	# leave the default (64 MB: no range cut here)
	[ "$(XQ_JOBS_RANGE_MOST=1073741824 range_workers 5000 xqcheck -q -J 2 "$T/f.pgn")" = 8 ]
	for most in 0 1073741825 -5 12x ''; do
		[ "$(XQ_JOBS_RANGE_MOST=$most range_workers 5000 xqcheck -q -J 2 "$T/f.pgn")" = 8 ]
	done
	# many files: a group a job, more past the limit, at most a file a
	# group (their bytes and a byte a file shared)
	set -- "$D/big.pgn" "$D/span.pgn" "$D/one.pgn" "$D/gbk.pgn" "$D/late_utf8.pgn"
	total=$(( $(stat -c %s "$@" | paste -sd+) + $# ))
	[ "$(forked XQ_JOBS_RANGE_MOST=$(( (total + 1) / 2 )) xqcheck -q -J 2 "$@")" = 2 ]
	[ "$(forked XQ_JOBS_RANGE_MOST=$(( total / 2 - 1 )) xqcheck -q -J 2 "$@")" = 3 ]
	[ "$(forked XQ_JOBS_RANGE_MOST=1 xqcheck -q -J 2 "$@")" = 5 ]
	[ "$(most_alive)" = 3 ]
	XQ_JOBS_RANGE_MOST=1 jobs_same xqcheck -j -v "$@"
	# the output is one job's, the ranges cut fine
	for c in "xqcheck -j -v" "xqconv -n wxf" "xqstats" "xqgrep --opening h2e2" "xqjudge -j"; do
		XQ_JOBS_RANGE_MOST=3000 jobs_same $c "$D/big.pgn"
		[ "$one_rc" = 1 ]
	done
}

@test "xqcheck -J: .gz and standard input: one run's output" {
	jobs_same xqcheck "$D/big.pgn.gz"
	[ "$one_rc" = 1 ]
	stdin_same xqcheck -j "$D/big.pgn"
	[ "$one_rc" = 1 ]
	stdin_same xqcheck - "$D/span.pgn"
}

@test "every command -J over a pipe and a .gz file: one job's output, invalid games at their line:col" {
	for c in "xqcheck -j -v" "xqconv -v" "xqstats -v" "xqgrep --verbose --opening h2e2" "xqjudge -j"; do
		streams_same "20000 -" $c "$D/big.pgn"
		[ "$one_rc" = 1 ]
		[ "$gz_rc" = 1 ]
		for f in span one empty gbk late_utf8; do
			streams_same "1 -" $c "$D/$f.pgn"
		done
	done
	# the diagnostics name the whole input's lines
	run -1 --separate-stderr xqcheck - <"$D/big.pgn"
	want=$stderr
	cat "$D/big.pgn" | XQ_JOBS_CHUNK=20000 xqcheck -J 2 - 2>"$T/err" || [ $? = 1 ]
	[ "$(cat "$T/err")" = "$want" ]
	[ "$(grep -c '<stdin>:[0-9]*:[0-9]*: error: game [0-9]*, ply' "$T/err")" = 6 ]
}

@test "-J over a pipe: chunks cut at, just before and just after a game start, a chunk a game" {
	# three games; the second (long) starts at byte b, the third far past
	# 2b
	{ cat "$D/one.pgn"; echo; cat "$D/span.pgn"; } >"$T/three.pgn"
	b=$(grep -b '^\[Game ' "$T/three.pgn" | sed -n 1p | cut -d: -f1)
	c=$(grep -b '^\[Game ' "$T/three.pgn" | sed -n 2p | cut -d: -f1)
	[ "$b" -gt 100 ] && [ "$c" -gt $((3 * b)) ]
	for size in $((b - 1)) "$b" $((b + 1)) 1; do
		streams_same "$size" xqcheck -v "$T/three.pgn"
		[ "$one_rc" = 1 ]
		streams_same "$size" xqconv -n wxf "$T/three.pgn"
	done
	# a chunk size up to the second game's start cuts there, and the long
	# game is a chunk: three workers; past it, the first cut is at the
	# third game: two; one byte, a worker a game: three
	[ "$(cat "$T/three.pgn" | workers $((b - 1)) xqcheck -J 2 -)" = 3 ]
	[ "$(cat "$T/three.pgn" | workers "$b" xqcheck -J 2 -)" = 3 ]
	[ "$(cat "$T/three.pgn" | workers $((b + 1)) xqcheck -J 2 -)" = 2 ]
	[ "$(cat "$T/three.pgn" | workers 1 xqcheck -J 2 -)" = 3 ]
	# an empty stream and one game: one worker
	[ "$(workers 1 xqcheck -J 2 - </dev/null)" = 1 ]
	[ "$(cat "$D/one.pgn" | workers 1 xqcheck -J 2 -)" = 1 ]
	# XQ_JOBS_CHUNK at and past its limits: 1 and 2^30 taken; 0, past
	# 2^30 and no number leave the default (4 MB: one chunk here)
	[ "$(cat "$T/three.pgn" | workers 1073741824 xqcheck -J 2 -)" = 1 ]
	for size in 0 1073741825 -5 12x ''; do
		[ "$(cat "$T/three.pgn" | workers "$size" xqcheck -J 2 -)" = 1 ]
	done
}

@test "-J over a pipe: workers each a chunk, at most the job count at once" {
	size=$(wc -c <"$D/big.pgn")
	n=$(cat "$D/big.pgn" | workers 50000 xqcheck -q -J 2 -)
	[ "$n" -ge $((size / 50000 - 1)) ]
	[ "$(at_once)" = 2 ]
	n=$(workers 50000 xqcheck -q -J 3 "$D/big.pgn.gz")
	[ "$n" -ge $((size / 50000 - 1)) ]
	[ "$(at_once)" -le 3 ]
}

@test "-J over a pipe: the encoding is the whole stream's (thin evidence, a rival to the end, a byte order mark)" {
	for f in amb_gbk amb bom gbk; do
		streams_same "1 -" xqconv -n iccs "$D/$f.pgn"
		streams_same "1 -" xqcheck -v "$D/$f.pgn"
	done
	run -1 --separate-stderr xqconv -n iccs - <"$D/amb.pgn"
	expected="xqconv: <stdin>: warning: the encoding is read as GB18030, but BIG5 is close: too little text to tell them apart (say which with the encoding option, -e)
xqconv: <stdin>:413:9: error: game 3, ply 2: h2e3: illegal move: no legal move from h2 to e3
xqconv: <stdin>:410: warning: game 3 dropped
xqconv: 4 games read, 3 written, 1 dropped"
	[ "$stderr" = "$expected" ]
	run -0 --separate-stderr xqconv -n iccs - <"$D/amb_gbk.pgn"
	[[ "$stderr" != *"is close"* ]]
}

@test "-J over a pipe: what cannot be cut is read by one job as it comes" {
	# other formats, a compressed stream, a damaged compressed file
	for f in "$SHARED/corpus/xqf/"*.xqf "$SHARED/corpus/dhtmlxq/wukong_wxf_game_44.html" \
		"$SHARED/corpus/cbf/walker_test_utf8bom.cbf" "$SHARED/corpus/dialects/xiexie_game1.wxf"; do
		[ -f "$f" ] || continue
		streams_same "1" xqcheck -v -j "$f"
		[ "$(cat "$f" | workers 1 xqcheck -J 2 -)" = 1 ]
	done
	one_rc=0
	xqcheck - <"$D/big.pgn.gz" >"$T/one.out" 2>"$T/one.err" || one_rc=$?
	cat "$D/big.pgn.gz" | XQ_JOBS_CHUNK=1000 xqcheck -J 2 - >"$T/j.out" 2>"$T/j.err" || [ $? = "$one_rc" ]
	cmp "$T/one.out" "$T/j.out"
	cmp "$T/one.err" "$T/j.err"
	head -c $(($(wc -c <"$D/big.pgn.gz") * 2 / 3)) "$D/big.pgn.gz" >"$T/cut.pgn.gz"
	jobs_same xqcheck "$T/cut.pgn.gz"
	grep -q 'the compressed input ends early' "$T/one.err"
	# standard input that cannot be read (a directory): said as one job says it
	run -2 --separate-stderr xqcheck - <"$D"
	want=$stderr
	run -2 --separate-stderr xqcheck -J 2 - <"$D"
	[ "$stderr" = "$want" ]
	[ "$stderr" = "xqcheck: cannot read '<stdin>': Is a directory
xqcheck: 0 games: 0 valid, 0 invalid (0 errors, 0 warnings)" ]
	# a named pipe is a stream too
	mkfifo "$T/fifo"
	cat "$D/big.pgn" >"$T/fifo" &
	xqcheck "$T/fifo" >"$T/one.out" 2>"$T/one.err" || [ $? = 1 ]
	cat "$D/big.pgn" >"$T/fifo" &
	XQ_JOBS_CHUNK=20000 xqcheck -J 2 "$T/fifo" >"$T/j.out" 2>"$T/j.err" || [ $? = 1 ]
	cmp "$T/one.out" "$T/j.out"
	cmp "$T/one.err" "$T/j.err"
}

# alive PID: whether process PID runs (not ended, nor a zombie)
alive() {
	[ -r "/proc/$1/stat" ] && ! grep -q '^[0-9]* (.*) Z' "/proc/$1/stat"
}

# stalled_run SIG BYTES FILE CMD...: CMD with a FIFO for its last input
# (SIG TERM: INT and HUP may be ignored where the tests run, and stay so),
# which gets the first BYTES of FILE and then nothing more, its parts in
# $T/tmp, ended by signal SIG once the files of a part are there
# ($parts_seen 1); its exit status in $cmd_status; $worker_ended 1 when
# its last worker alive then is gone a second later (before the FIFO ends)
stalled_run() {
	local sig=$1 bytes=$2 file=$3 writer cmd n=0 w
	shift 3
	rm -rf "$T/tmp" "$T/fifo"
	mkdir "$T/tmp"
	mkfifo "$T/fifo"
	# (head is ended by SIGPIPE when the command goes before reading all)
	(head -c "$bytes" "$file" || :; exec sleep 60) >"$T/fifo" 2>/dev/null &
	writer=$!
	(TMPDIR="$T/tmp" XQ_JOBS_CHUNK=100000 exec "$@" "$T/fifo" >/dev/null 2>&1) &
	cmd=$!
	parts_seen=0
	until [ "$parts_seen" = 1 ] || [ "$n" -ge 100 ]; do
		sleep 0.1
		[ -z "$(find "$T/tmp" -name '*.out')" ] || parts_seen=1
		n=$((n + 1))
	done
	# (the workers of what was read so far at work or done)
	sleep 0.3
	w=$(pgrep -P "$cmd" | tail -n 1)
	kill "-$sig" "$cmd"
	cmd_status=0
	wait "$cmd" || cmd_status=$?
	worker_ended=0
	for n in $(seq 10); do
		if [ -z "$w" ] || ! alive "$w"; then
			worker_ended=1
			break
		fi
		sleep 0.1
	done
	kill "$writer" 2>/dev/null || :
}

@test "-J ended by a signal: the parts' files and directory removed, the workers ended with it" {
	# chunks cut and read, the command waiting for more
	stalled_run TERM 300000 "$D/big.pgn" xqcheck -J 2
	[ "$parts_seen" = 1 ]
	[ "$cmd_status" = $((128 + 15)) ]
	[ -z "$(ls -A "$T/tmp")" ]
	# a compressed stream on a pipe, read by one worker as it comes
	gzip -c "$D/big.pgn" >"$T/big.pgn.gz"
	stalled_run TERM 100000 "$T/big.pgn.gz" xqcheck -J 2
	[ "$parts_seen" = 1 ]
	[ "$cmd_status" = $((128 + 15)) ]
	[ -z "$(ls -A "$T/tmp")" ]
	[ "$worker_ended" = 1 ]
	# a file a job, the second worker waiting on the FIFO, which only the
	# command's end can end
	stalled_run TERM 100000 "$D/big.pgn" xqcheck -J 2 "$D/big.pgn"
	[ "$parts_seen" = 1 ]
	[ "$cmd_status" = $((128 + 15)) ]
	[ -z "$(ls -A "$T/tmp")" ]
	[ "$worker_ended" = 1 ]
}

# streamed CMD ARGS...: CMD -J 2 ARGS FIFO, the FIFO held open and empty;
# what CMD prints on standard output within 10 seconds in $T/early, the
# parts' files then in $left (the command then ended), and what CMD ARGS
# prints in $T/whole
streamed() {
	local writer cmd n
	rm -rf "$T/fifo" "$T/tmp"
	mkdir "$T/tmp"
	mkfifo "$T/fifo"
	(exec sleep 60) >"$T/fifo" &
	writer=$!
	"$@" >"$T/whole" 2>/dev/null || :
	# (there before the command's shell opens it: the loop reads its size)
	: >"$T/early"
	(TMPDIR="$T/tmp" exec "$1" -J 2 "${@:2}" "$T/fifo" >"$T/early" 2>/dev/null) &
	cmd=$!
	for n in $(seq 100); do
		[ "$(wc -c <"$T/early")" -lt "$(wc -c <"$T/whole")" ] || break
		sleep 0.1
	done
	left=$(cd "$T/tmp" && echo */*)
	kill "$cmd" "$writer"
	wait "$cmd" || :
}

@test "-J: a part's output comes out once it and the parts before it have ended, while later ones are read" {
	# the first file's worker ends, the second's waits on a FIFO that
	# never ends: the first file's output is out whole all the same
	for c in "xqconv -n iccs" xqjudge "xqgrep --opening h2e2" "xqcheck -j"; do
		streamed $c "$D/big.pgn"
		[ -s "$T/whole" ]
		cmp "$T/whole" "$T/early"
		# the first part's files removed once merged
		[[ "$left" =~ ^${c%% *}\.[^/]*/2\.err\ ${c%% *}\.[^/]*/2\.out$ ]]
	done
}

@test "-J into a reader that goes away (head): SIGPIPE ends the command, its parts removed" {
	mkdir "$T/tmp"
	for c in "xqconv -n iccs" "xqcheck -j" "xqjudge -j"; do
		run bash -c 'set -o pipefail; TMPDIR="$1" $2 -J 2 "$3" | head -c 10 >/dev/null' _ \
			"$T/tmp" "$c" "$D/big.pgn"
		[ "$status" = $((128 + 13)) ]
		[ -z "$(ls -A "$T/tmp")" ]
	done
}

@test "xqcheck --range K/N over every K, merged: one run's output" {
	for n in 1 2 5 64; do
		ranges_same "$n" xqcheck -j "$D/big.pgn"
	done
	ranges_same 4 xqcheck "$D/span.pgn"
	ranges_same 9 xqcheck -v "$D/gbk.pgn"
	ranges_same 3 xqcheck "$D/late_utf8.pgn"
	ranges_same 3 xqcheck "$D/empty.pgn"
	ranges_same 3 xqcheck "$D/big.pgn.gz"
}

# synopsis CMD: what every usage error of CMD says after its message: the
# usage lines that begin its --help (up to the first line of prose) and
# where the rest is.
synopsis() {
	"$1" --help | awk 'NR > 1 && !/^ / { exit } { print }'
	echo "Try '$1 --help' for more."
}

@test "xqcheck: bad -J and --range values are usage errors naming the valid ones, exit 2" {
	for v in x -1 257 1.5 ""; do
		run -2 --separate-stderr xqcheck -J "$v" "$D/one.pgn"
		[ "$stderr" = "xqcheck: invalid -J '$v': a number of jobs from 1 to 256, or 0 for one a core"$'\n'"$(synopsis xqcheck)" ]
	done
	for v in 0/3 4/3 3 /3 3/ 1/100001 a/b; do
		run -2 --separate-stderr xqcheck --partial --range "$v" "$D/one.pgn"
		[ "$stderr" = "xqcheck: invalid --range '$v': K/N, the K-th of N byte ranges, 1 <= K <= N <= 100000"$'\n'"$(synopsis xqcheck)" ]
	done
	run -2 --separate-stderr xqcheck --range 1/2 "$D/one.pgn"
	[[ "$stderr" == "xqcheck: --range goes with --partial"* ]]
	run -2 --separate-stderr xqcheck --partial --range 1/2 "$D/one.pgn" "$D/span.pgn"
	[[ "$stderr" == "xqcheck: --range reads one file"* ]]
	run -2 --separate-stderr xqcheck -J 2 --partial "$D/one.pgn"
	[[ "$stderr" == "xqcheck: -J goes without --partial and --merge"* ]]
	run -0 xqcheck --jobs=2 "$D/one.pgn"
	run -0 xqcheck -J1 "$D/one.pgn"
}

@test "xqstats -J: one run's output (stdout, -o and --svg files, stderr, status)" {
	for f in big span one empty gbk late_utf8; do
		jobs_same xqstats -v "$D/$f.pgn"
	done
	jobs_same xqstats -j -p 3 --by ecco "$D/big.pgn" "$D/gbk.pgn" "$D/nonexistent.pgn"
	[ "$one_rc" = 2 ]
	jobs_same xqstats -R "$ALL"
	stdin_same xqstats -p 2 "$D/big.pgn"
	jobs_same xqstats "$D/big.pgn.gz"
	xqstats -p 2 -o "$T/one.txt" --svg "$T/one.svg" "$D/big.pgn" || [ $? = 1 ]
	xqstats -J 3 -p 2 -o "$T/j.txt" --svg "$T/j.svg" "$D/big.pgn" || [ $? = 1 ]
	cmp "$T/one.txt" "$T/j.txt"
	cmp "$T/one.svg" "$T/j.svg"
}

@test "xqstats --range K/N over every K, merged: one run's output" {
	for n in 1 3 64; do
		ranges_same "$n" xqstats -p 4 "$D/big.pgn"
	done
	ranges_same 4 xqstats "$D/span.pgn"
	ranges_same 5 xqstats -v "$D/gbk.pgn"
}

@test "xqstats: bad -J and --range values, -J with --partial or --merge: exit 2" {
	run -2 --separate-stderr xqstats -J 1x "$D/one.pgn"
	[ "$stderr" = "xqstats: invalid -J '1x': a number of jobs from 1 to 256, or 0 for one a core"$'\n'"$(synopsis xqstats)" ]
	run -2 --separate-stderr xqstats --partial --range 2/1 "$D/one.pgn"
	[ "$stderr" = "xqstats: invalid --range '2/1': K/N, the K-th of N byte ranges, 1 <= K <= N <= 100000"$'\n'"$(synopsis xqstats)" ]
	run -2 --separate-stderr xqstats --range 1/2 "$D/one.pgn"
	[[ "$stderr" == "xqstats: --range goes with --partial"* ]]
	run -2 --separate-stderr xqstats -J 2 --merge "$D/one.pgn"
	[[ "$stderr" == "xqstats: -J goes without --partial and --merge"* ]]
	run -2 --separate-stderr xqstats --partial --range 1/2 -
	[[ "$stderr" == "xqstats: --range reads one file"* ]]
}

# granges_same N ARGS... FILE: xqgrep's parts put their games on standard
# output and the part on standard error; the games in order and the merge
# of the parts print what one run prints
granges_same() {
	local n=$1 rc=0 file="${*: -1}"
	shift
	one_rc=0
	xqgrep "$@" >"$T/one.out" 2>"$T/one.err" || one_rc=$?
	: >"$T/games"
	for k in $(seq "$n"); do
		xqgrep "${@:1:$#-1}" --partial --range "$k/$n" "$file" >>"$T/games" 2>"$T/part.$k" || true
	done
	xqgrep --merge $(for k in $(seq "$n"); do echo "$T/part.$k"; done) >"$T/m.out" 2>"$T/m.err" || rc=$?
	cat "$T/games" "$T/m.out" | cmp "$T/one.out" -
	cmp "$T/one.err" "$T/m.err"
	[ "$rc" = "$one_rc" ]
}

@test "xqgrep -J: one run's games, -c, -l, diagnostics and status" {
	for f in big span one empty gbk late_utf8; do
		jobs_same xqgrep --verbose --opening h2e2 "$D/$f.pgn"
	done
	jobs_same xqgrep -c --opening h2e2 "$D/big.pgn" "$D/gbk.pgn" "$D/nonexistent.pgn"
	[ "$one_rc" = 2 ]
	jobs_same xqgrep -l -r 1-0 -R "$ALL"
	jobs_same xqgrep -l --opening h2e2 "$D/big.pgn"
	jobs_same xqgrep -t text -E gbk -n wxf -P LIU "$D/big.pgn" "$D/gbk.pgn"
	jobs_same xqgrep -v -q -r 1-0 "$D/big.pgn"
	jobs_same xqgrep --unique "$D/gbk.pgn"
	stdin_same xqgrep -c --opening h2e2 "$D/big.pgn"
	jobs_same xqgrep --opening h2e2 "$D/big.pgn.gz"
	run -1 xqgrep -c --opening h2e2 -o "$T/one.txt" "$D/big.pgn" "$D/gbk.pgn"
	run -1 xqgrep -J 3 -c --opening h2e2 -o "$T/j.txt" "$D/big.pgn" "$D/gbk.pgn"
	cmp "$T/one.txt" "$T/j.txt"
	xqgrep --opening h2e2 -o "$T/one.pgn" "$D/gbk.pgn"
	xqgrep -J 2 --opening h2e2 -o "$T/j.pgn" "$D/gbk.pgn"
	cmp "$T/one.pgn" "$T/j.pgn"
}

@test "xqgrep -J: a standard output that fails is said once, as one run says it" {
	for j in 1 2; do
		run -2 --separate-stderr sh -c "xqgrep -J $j -P Hu \"\$1\" >/dev/full" sh "$D/big.pgn"
		[ "$stderr" = "xqgrep: error writing standard output: No space left on device" ]
		run -2 --separate-stderr xqgrep -J "$j" -P Hu -o /dev/full "$D/big.pgn"
		[ "$stderr" = "xqgrep: error writing '/dev/full': No space left on device" ]
	done
}

@test "xqgrep --range K/N over every K: the games in order and the merge are one run's" {
	for n in 1 3 64; do
		granges_same "$n" --opening h2e2 "$D/big.pgn"
		granges_same "$n" -c -P LIU "$D/big.pgn"
	done
	granges_same 4 -l --opening h2e2 "$D/big.pgn"
	granges_same 4 "$D/span.pgn"
}

@test "xqgrep: bad -J and --range values are usage errors, exit 2" {
	run -2 --separate-stderr xqgrep -J '' "$D/one.pgn"
	[ "$stderr" = "xqgrep: invalid -J '': a number of jobs from 1 to 256, or 0 for one a core"$'\n'"$(synopsis xqgrep)" ]
	run -2 --separate-stderr xqgrep --partial --range 1/0 "$D/one.pgn"
	[ "$stderr" = "xqgrep: invalid --range '1/0': K/N, the K-th of N byte ranges, 1 <= K <= N <= 100000"$'\n'"$(synopsis xqgrep)" ]
	run -2 --separate-stderr xqgrep -J 2 --merge "$D/one.pgn"
	[[ "$stderr" == "xqgrep: -J goes without --partial and --merge"* ]]
}

@test "xqconv -J: one run's games, diagnostics, summary and status" {
	for f in big span one empty gbk late_utf8; do
		jobs_same xqconv -v "$D/$f.pgn"
	done
	jobs_same xqconv -n wxf -E gbk --ecco=check "$D/big.pgn" "$D/gbk.pgn"
	jobs_same xqconv --keep-broken -t text -n iccs "$D/big.pgn"
	# trouble: the games that reached standard output count as written, as in one run
	jobs_same xqconv -n iccs -R "$ALL" "$D/nonexistent.pgn"
	[ "$one_rc" = 2 ]
	jobs_same xqconv --strict "$D/big.pgn"
	stdin_same xqconv -n wxf "$D/big.pgn"
	jobs_same xqconv "$D/big.pgn.gz"
	xqconv -n wxf -o "$T/one.pgn" "$D/big.pgn" 2>"$T/one.err" || [ $? = 1 ]
	xqconv -J 3 -n wxf -o "$T/j.pgn" "$D/big.pgn" 2>"$T/j.err" || [ $? = 1 ]
	cmp "$T/one.pgn" "$T/j.pgn"
	cmp "$T/one.err" "$T/j.err"
	xqconv -d "$T/one" "$D/gbk.pgn" 2>"$T/one.err"
	xqconv -J 2 -d "$T/j" "$D/gbk.pgn" 2>"$T/j.err"
	diff -r "$T/one" "$T/j"
	run -2 --separate-stderr xqconv -J 300 "$D/one.pgn"
	[ "$stderr" = "xqconv: invalid -J '300': a number of jobs from 1 to 256, or 0 for one a core"$'\n'"$(synopsis xqconv)" ]
}

@test "xqconv -J: standard output that fails is said where it fails, and written counts what reached it" {
	# nothing reaches /dev/full: every game read is dropped, the run ends
	# with the part being written
	run -2 --separate-stderr sh -c 'xqconv -J 2 -n iccs "$1" >/dev/full' sh "$D/big.pgn"
	# said once, as one run says it
	[ "$(sed -n 1p <<<"$stderr")" = "xqconv: error writing standard output: No space left on device" ]
	[ "$(grep -c 'error writing' <<<"$stderr")" -eq 1 ]
	[[ "$stderr" =~ xqconv:\ ([0-9]+)\ games\ read,\ 0\ written,\ ([0-9]+)\ dropped ]]
	[ "${BASH_REMATCH[1]}" -gt 0 ]
	[ "${BASH_REMATCH[1]}" = "${BASH_REMATCH[2]}" ]
	# a file that stops growing in the second part: the games of the
	# first part are out and counted written, those after are dropped
	xqconv -n iccs "$D/big.pgn" >"$T/all.pgn" 2>/dev/null || [ $? = 1 ]
	kb=$(( $(wc -c <"$T/all.pgn") * 3 / 4 / 1024 ))
	run -2 --separate-stderr bash -c 'trap "" XFSZ; ulimit -f "$3"; xqconv -J 2 -n iccs "$1" >"$2"' \
		_ "$D/big.pgn" "$T/out.pgn" "$kb"
	[ "$(grep 'error writing' <<<"$stderr")" = "xqconv: error writing standard output: File too large" ]
	[[ "$stderr" =~ xqconv:\ ([0-9]+)\ games\ read,\ ([0-9]+)\ written,\ ([0-9]+)\ dropped ]]
	written=${BASH_REMATCH[2]}
	[ "$written" -gt 0 ]
	[ "$((BASH_REMATCH[2] + BASH_REMATCH[3]))" = "${BASH_REMATCH[1]}" ]
	# the games said written are whole in the output, as one run writes them
	cmp <(head -c "$(wc -c <"$T/out.pgn")" "$T/all.pgn") "$T/out.pgn"
	[ "$(grep -c '^\[Event ' "$T/out.pgn")" -ge "$written" ]
}

@test "xqjudge -J: one run's rulings (text and JSON, positions of the whole input), summary and status" {
	for f in big span one empty gbk rep; do
		jobs_same xqjudge "$D/$f.pgn"
		jobs_same xqjudge -j --all-lines "$D/$f.pgn"
	done
	[ "$one_rc" = 1 ]
	jobs_same xqjudge -r axf -R "$ALL" "$D/nonexistent.pgn"
	[ "$one_rc" = 2 ]
	jobs_same xqjudge -q "$D/rep.pgn" "$D/big.pgn"
	# a name holding the byte that marks a position in a part, and parts
	# longer than the blocks the merge copies them in
	cp "$D/rep.pgn" "$T/a"$'\001'"b.pgn"
	jobs_same xqjudge "$D/big.pgn" "$T/a"$'\001'"b.pgn"
	jobs_same xqjudge -j "$T/a"$'\001'"b.pgn" "$D/rep.pgn"
	stdin_same xqjudge -j "$D/rep.pgn"
	run -2 --separate-stderr xqjudge -J -3 "$D/one.pgn"
	[ "$stderr" = "xqjudge: invalid -J '-3': a number of jobs from 1 to 256, or 0 for one a core"$'\n'"$(synopsis xqjudge)" ]
}

@test "every command -J: an input named twice is read as one run reads it (one job)" {
	for c in xqcheck xqstats xqconv xqjudge; do
		jobs_same "$c" "$D/big.pgn" "$D/gbk.pgn" "$D/big.pgn"
	done
	jobs_same xqgrep -c --opening h2e2 "$D/big.pgn" "$D/gbk.pgn" "$D/big.pgn"
}

@test "-J under a long command name (argv[0]): the parts' directory is named after it whole" {
	local long
	long="$T/xqcheck-$(printf 'n%.0s' $(seq 60))"
	ln -s "$(command -v xqcheck)" "$long"
	jobs_same "$long" "$D/big.pgn"
	stdin_same "$long" "$D/big.pgn"
}
