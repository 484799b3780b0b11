#!/usr/bin/env bats
# Hostile input and faults, across the commands: size limits at and past
# their edge, full outputs, signals, modes.
bats_require_minimum_version 1.5.0

setup() {
	ROOT="$BATS_TEST_DIRNAME/../.."
	S="$ROOT/samples"
	T="$BATS_TEST_TMPDIR"
}

# rep CHAR COUNT: COUNT copies of CHAR, no newline
rep() { head -c "$2" /dev/zero | tr '\0' "$1"; }

@test "a comment over 1 MiB on one line is cut with a warning, and the next game is read" {
	{ printf '[Event "a"]\n\n1. h2e2 {'; rep a 1100000; printf '} h9g7 *\n\n'
	  printf '[Event "b"]\n\n1. h2e2 ; '; rep b 1100000; printf '\nh9g7 *\n\n'
	  printf '[Event "c"]\n\n1. h2e2 h9g7 *\n'; } >"$T/big.pgn"
	# (xqshow reads the first game only; column 9 is the '{' or the ';')
	run -0 --separate-stderr xqshow "$T/big.pgn"
	[ "$stderr" = "xqshow: $T/big.pgn:3:9: warning: game 1: comment longer than the limit of 1048576 bytes cut" ]
	run -0 --separate-stderr xqcheck "$T/big.pgn"
	[ "$stderr" = "xqcheck: $T/big.pgn:3:9: warning: game 1: comment longer than the limit of 1048576 bytes cut
xqcheck: $T/big.pgn:7:9: warning: game 2: comment longer than the limit of 1048576 bytes cut
xqcheck: 3 games: 3 valid, 0 invalid (0 errors, 2 warnings)" ]
	run -0 --separate-stderr xqconv -o "$T/out.pgn" "$T/big.pgn"
	[ "$stderr" = "xqconv: $T/big.pgn:3:9: warning: game 1: comment longer than the limit of 1048576 bytes cut
xqconv: $T/big.pgn:7:9: warning: game 2: comment longer than the limit of 1048576 bytes cut
xqconv: 3 games read, 3 written, 0 dropped" ]
	# the cut comment (1 MiB) is written as a comment that reads back the same
	run -0 --separate-stderr xqconv -o "$T/again.pgn" "$T/out.pgn"
	[ "$stderr" = "xqconv: 3 games read, 3 written, 0 dropped" ]
	cmp "$T/out.pgn" "$T/again.pgn"
	# a comment at the limit is kept whole: no warning
	{ printf '[Event "a"]\n\n1. h2e2 {'; rep a 1048576; printf '} h9g7 *\n'; } >"$T/edge.pgn"
	run -0 --separate-stderr xqcheck "$T/edge.pgn"
	[[ "$stderr" != *"comment longer"* ]]
	[ "$stderr" = "xqcheck: 1 game: 1 valid, 0 invalid (0 errors, 0 warnings)" ]
	{ printf '[Event "a"]\n\n1. h2e2 {'; rep a 1048577; printf '} h9g7 *\n'; } >"$T/past.pgn"
	run -0 --separate-stderr xqcheck "$T/past.pgn"
	[ "$stderr" = "xqcheck: $T/past.pgn:3:9: warning: game 1: comment longer than the limit of 1048576 bytes cut
xqcheck: 1 game: 1 valid, 0 invalid (0 errors, 1 warning)" ]
	# plain text reads its comments with the same scanner
	{ printf '1. 炮二平五 {'; rep a 1100000; printf '} 马８进７\n'; } >"$T/big.txt"
	run -0 --separate-stderr xqcheck -f text "$T/big.txt"
	[ "$stderr" = "xqcheck: $T/big.txt:1:9: warning: game 1: comment longer than the limit of 1048576 bytes cut
xqcheck: 1 game: 1 valid, 0 invalid (0 errors, 1 warning)" ]
}

# asan: the commands under test are the sanitizer build (no ulimit -v)
asan() { [[ "$(command -v xqcheck)" == */asan/* ]]; }

# The inputs below took seconds to minutes, or hundreds of MB, before the
# reading and writing were made linear; a CPU limit far above what a
# linear run needs (well under a second) catches a quadratic one.
# (the sanitizer build is about three times slower: 20 s there)
cpu_bound() { if asan; then ulimit -t 20; else ulimit -t 5; fi; "$@"; }

@test "10,000 DhtmlXQ comment tags on one move: joined in linear memory" {
	{ printf '[DhtmlXQ]\n[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]\n'
	  seq 10000 | awk '{ printf "[DhtmlXQ_comment1]note %d[/DhtmlXQ_comment1]\n", $1 }'
	  printf '[/DhtmlXQ]\n'; } >"$T/com.dhtmlxq"
	if asan; then
		run -0 --separate-stderr xqconv -o "$T/com.pgn" "$T/com.dhtmlxq"
	else
		# 978 MB before: xq_node_comment copied old + new on each append
		run -0 --separate-stderr bash -c 'ulimit -v 100000; xqconv -o "$1" "$2"' _ "$T/com.pgn" "$T/com.dhtmlxq"
	fi
	[ "$stderr" = "xqconv: 1 game read, 1 written, 0 dropped" ]
	tr '\n' ' ' <"$T/com.pgn" >"$T/com.one"
	[ "$(grep -o 'note [0-9]*' "$T/com.one" | wc -l)" -eq 10000 ]
	# the whole record: its tags, then its move text with the line ends of
	# the wrapping read as spaces: the 10,000 notes in order, one comment
	expected='[Game "Chinese Chess"]
[Red "?"]
[Black "?"]
[Result "*"]
[Format "Chinese"]'
	[ "$(sed -n '/^$/q;p' "$T/com.pgn")" = "$expected" ]
	[ "$(sed '1,/^$/d' "$T/com.pgn" | tr '\n' ' ' | sed 's/ *$//')" = "1. 炮二平五 { $(seq 10000 | sed 's/^/note /' | tr '\n' ' ')} *" ]
}

@test "100,000 alternatives to the first move: DhtmlXQ and XQF read in linear time" {
	{ printf '[DhtmlXQ]\n[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]\n'
	  seq 100000 | awk '{ printf "[DhtmlXQ_move_0_1_%d]7747[/DhtmlXQ_move_0_1_%d]\n", $1, $1 }'
	  printf '[/DhtmlXQ]\n'; } >"$T/wide.dhtmlxq"
	# 19 s and 10 s before (xq_node_add walked the sibling list)
	run -0 --separate-stderr cpu_bound xqconv -o "$T/wide.xqf" "$T/wide.dhtmlxq"
	[ "$stderr" = "xqconv: 1 game read, 1 written, 0 dropped" ]
	run -0 --separate-stderr cpu_bound xqcheck "$T/wide.xqf"
	[ "$stderr" = "xqcheck: 1 game: 1 valid, 0 invalid (0 errors, 0 warnings)" ]
}

# cycle N: N plies of the horses going out and back, as DhtmlXQ digits
cycle() { seq 0 $(($1 - 1)) | awk '{ split("1927 1022 2719 2210", c, " "); printf "%s", c[$1 % 4 + 1] }'; }

@test "a 2.6 MB line with an undecodable byte every few bytes is searched for its end once" {
	# 30 CPU s before: each short decoded piece made the line-end search
	# start again from the line's beginning
	perl -e 'print "[Event \""; print "aa\xff\xff``\x01\x02y\x90" x 262144; print "\"]\n\n1. h2e2 *\n"' >"$T/long.pgn"
	run -0 --separate-stderr cpu_bound xqcheck -f pgn "$T/long.pgn"
	# every warning is of line 1, the bytes of both its pieces said once;
	# the tag cut by the line's limit is not malformed
	[ "$stderr" = "xqcheck: $T/long.pgn:1: warning: line longer than the limit of 4194304 bytes split
xqcheck: $T/long.pgn:1:1: warning: game 1: tag 'Event' longer than the limit of 4095 bytes cut; the rest of its line, past the limit of 4194304 bytes, ignored
xqcheck: $T/long.pgn:1: warning: byte 0xff cannot be decoded as GB18030; kept as U+10FEFF, written back as the byte (as is any other on this line)
xqcheck: 1 game: 1 valid, 0 invalid (0 errors, 3 warnings)" ]
}

@test "a chain of 40,000 one-move DhtmlXQ lines reads in linear time" {
	# 25 s before: each line replayed its whole path from the start
	{ printf '[DhtmlXQ]\n[DhtmlXQ_movelist]1927[/DhtmlXQ_movelist]\n'
	  seq 39999 | awk '{ split("1927 1022 2719 2210", c, " ")
		printf "[DhtmlXQ_move_%d_%d_%d]%s[/DhtmlXQ_move_%d_%d_%d]\n", $1-1, $1+1, $1, c[$1 % 4 + 1], $1-1, $1+1, $1 }'
	  printf '[/DhtmlXQ]\n'; } >"$T/chain.dhtmlxq"
	run -0 --separate-stderr cpu_bound xqconv -t text -n iccs -o "$T/chain.txt" "$T/chain.dhtmlxq"
	[ "$(grep -o '[a-i][0-9][a-i][0-9]' "$T/chain.txt" | wc -l)" -eq 40000 ]
}

@test "a comb of 99,990 moves, each with an alternative: XQF written in linear time" {
	# each ply has an alternative: a cannon move, legal all along
	{ printf '[DhtmlXQ]\n[DhtmlXQ_movelist]'; cycle 99990; printf '[/DhtmlXQ_movelist]\n'
	  seq 99990 | awk '{ m = $1 % 2 ? "7747" : "7273"
		printf "[DhtmlXQ_move_0_%d_%d]%s[/DhtmlXQ_move_0_%d_%d]\n", $1, $1, m, $1, $1 }'
	  printf '[/DhtmlXQ]\n'; } >"$T/comb.dhtmlxq"
	# the XQF writer walked to the root for every sibling
	run -0 --separate-stderr cpu_bound xqconv -o "$T/comb.xqf" "$T/comb.dhtmlxq"
	run -0 --separate-stderr cpu_bound xqconv -o "$T/comb.pgn" "$T/comb.xqf"
	run -0 --separate-stderr cpu_bound xqconv -o "$T/comb2.pgn" "$T/comb.dhtmlxq"
	cmp "$T/comb.pgn" "$T/comb2.pgn"
}

# xqf_long FILE RECORDS: a version 10 XQF of RECORDS horse moves (a
# power of two times 4), the last one with a child it does not have
xqf_long() {
	printf '[Event "e"]\n\n*\n' | xqconv -q -t xqf -o "$1.empty" -
	head -c 1024 "$1.empty" >"$1"
	printf '\x18\x20\xf0\xff\0\0\0\0' >>"$1"
	printf '\x22\x36\xf0\0\0\0\0\0\x2b\x3b\xf0\0\0\0\0\0\x2e\x2a\xf0\0\0\0\0\0\x33\x33\xf0\0\0\0\0\0' >"$1.c"
	local n=4
	while [ "$n" -lt "$2" ]; do cat "$1.c" "$1.c" >"$1.d"; mv "$1.d" "$1.c"; n=$((n * 2)); done
	cat "$1.c" >>"$1"
}

@test "one move limit, 1,000,000, for every format: a longer XQF is cut there and converts to a PGN the tools read" {
	xqf_long "$T/long.xqf" 1048576
	run -1 --separate-stderr xqcheck "$T/long.xqf"
	[ "$stderr" = "xqcheck: $T/long.xqf: error: game 1: more than 1000000 moves in one game (the limit for every format); the records after the first 1000000 left out
xqcheck: 1 game: 0 valid, 1 invalid (1 error, 0 warnings)" ]
	run -1 --separate-stderr xqconv --keep-broken -o "$T/long.pgn" "$T/long.xqf"
	[ "$stderr" = "xqconv: $T/long.xqf: error: game 1: more than 1000000 moves in one game (the limit for every format); the records after the first 1000000 left out
xqconv: 1 game read, 1 written, 0 dropped" ]
	run -0 --separate-stderr xqcheck "$T/long.pgn"
	[ "$stderr" = "xqcheck: 1 game: 1 valid, 0 invalid (0 errors, 0 warnings)" ]
	# past the limit in DhtmlXQ and PGN: the same limit, named
	{ printf '[DhtmlXQ]\n[DhtmlXQ_movelist]'; cycle 1000004; printf '[/DhtmlXQ_movelist]\n[/DhtmlXQ]\n'; } >"$T/over.dhtmlxq"
	run -1 --separate-stderr xqcheck "$T/over.dhtmlxq"
	# DhtmlXQ leaves out the line that passes it (line 0: the main line),
	# named where its moves start (line 2, column 19)
	[ "$stderr" = "xqcheck: $T/over.dhtmlxq:2:19: error: game 1: more than 1000000 moves in one game (the limit for every format); line 0 left out
xqcheck: 1 game: 0 valid, 1 invalid (1 error, 0 warnings)" ]
	xqconv -q -n iccs -o "$T/edge.pgn" "$T/long.pgn"
	sed -i 's/ \*$/ h0g2 h9g7 */' "$T/edge.pgn"
	run -1 --separate-stderr xqcheck "$T/edge.pgn"
	[ "$stderr" = "xqcheck: $T/edge.pgn:122005:73: error: game 1: more than 1000000 moves in one game (the limit for every format): the rest is skipped
xqcheck: 1 game: 0 valid, 1 invalid (1 error, 0 warnings)" ]
}

@test "an unclosed DhtmlXQ block is read up to the 16 MiB limit, not buffered whole" {
	gen() {
		printf '[DhtmlXQ]\n[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]\n[DhtmlXQ_comment1]'
		yes "junk junk junk junk" | head -c 60000000
		printf '\n[DhtmlXQ]\n[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]\n[/DhtmlXQ]\n'
	}
	export -f gen
	if asan; then
		run -1 --separate-stderr bash -c 'gen | xqcheck -f dhtmlxq -'
	else
		run -1 --separate-stderr bash -c 'gen | (ulimit -v 100000; xqcheck -f dhtmlxq -)'
	fi
	[ "$stderr" = "xqcheck: <stdin>:1: error: game 1: DhtmlXQ block longer than the limit of 16777216 bytes: read up to there, the rest of it skipped
xqcheck: 2 games: 1 valid, 1 invalid (1 error, 0 warnings)" ]
}

@test "XQF: the tree error is not hidden by header warnings; a header alone is a cut game" {
	printf '[Event "e"]\n\n*\n' | xqconv -q -t xqf -o "$T/empty.xqf" -
	head -c 1024 "$T/empty.xqf" >"$T/warn.xqf"
	for o in 80 208 272 288 304 320 336 400 416 464 480; do
		printf '\xff' | dd of="$T/warn.xqf" bs=1 seek=$o conv=notrunc status=none
	done
	printf '\x18\x20\x00\xff\xff\xff\xff\xff' >>"$T/warn.xqf"
	run -1 --separate-stderr xqcheck "$T/warn.xqf"
	# the eight length bytes that overflow their fields (the last three
	# bytes set are not length bytes), then the tree error
	[ "$stderr" = "xqcheck: $T/warn.xqf: warning: game 1: byte 80 (0x50): title length 255 exceeds its 127 bytes; cut
xqcheck: $T/warn.xqf: warning: game 1: byte 208 (0xD0): event length 255 exceeds its 63 bytes; cut
xqcheck: $T/warn.xqf: warning: game 1: byte 272 (0x110): date length 255 exceeds its 15 bytes; cut
xqcheck: $T/warn.xqf: warning: game 1: byte 288 (0x120): site length 255 exceeds its 15 bytes; cut
xqcheck: $T/warn.xqf: warning: game 1: byte 304 (0x130): red player length 255 exceeds its 15 bytes; cut
xqcheck: $T/warn.xqf: warning: game 1: byte 320 (0x140): black player length 255 exceeds its 15 bytes; cut
xqcheck: $T/warn.xqf: warning: game 1: byte 336 (0x150): time rule length 255 exceeds its 63 bytes; cut
xqcheck: $T/warn.xqf: warning: game 1: byte 400 (0x190): red time length 255 exceeds its 15 bytes; cut
xqcheck: $T/warn.xqf: error: game 1: byte 1028 (0x404): comment length 4294967295 runs past the end of the file (0 bytes left); 0 move records before it kept
xqcheck: 1 game: 0 valid, 1 invalid (1 error, 8 warnings)" ]
	head -c 1024 "$T/empty.xqf" >"$T/header.xqf"
	run -1 --separate-stderr xqcheck "$T/header.xqf"
	[ "$stderr" = "xqcheck: $T/header.xqf: error: game 1: byte 1024 (0x400): file ends inside a root record (0 of 8 bytes); 0 move records before it kept
xqcheck: 1 game: 0 valid, 1 invalid (1 error, 0 warnings)" ]
	# shorter than the header: a game cut short too, not an unreadable input
	head -c 1000 "$T/empty.xqf" >"$T/short.xqf"
	run -1 --separate-stderr xqcheck "$T/short.xqf"
	[ "$stderr" = "xqcheck: $T/short.xqf: error: game 1: file too short: 1000 bytes, an XQF header has 1024
xqcheck: 1 game: 0 valid, 1 invalid (1 error, 0 warnings)" ]
}

@test "a size limit is named once, not as 'value out of range'" {
	{ printf 'XQ\x0a\0'; head -c 67200000 /dev/zero; } >"$T/big.xqf"
	run -2 --separate-stderr xqcheck "$T/big.xqf"
	[ "$stderr" = "xqcheck: $T/big.xqf: fatal: game 1: file larger than the limit of 64 MiB; not read
xqcheck: 0 games: 0 valid, 0 invalid (0 errors, 0 warnings)" ]
	[[ "$stderr" != *"out of range"* ]]
	run -2 --separate-stderr xqconv -o "$T/o.pgn" "$T/big.xqf"
	[[ "$stderr" != *"out of range"* ]]
	[ "$stderr" = "xqconv: $T/big.xqf: fatal: game 1: file larger than the limit of 64 MiB; not read
xqconv: 0 games read, 0 written, 0 dropped" ]
	[ ! -e "$T/o.pgn" ]
}

@test "written counts what reached the output: /dev/full, a file that cannot grow" {
	run -2 --separate-stderr xqconv -o /dev/full "$S/games.pgn"
	[ "$stderr" = "xqconv: error writing '/dev/full': No space left on device
xqconv: 2 games read, 0 written, 2 dropped" ]
	run -2 --separate-stderr bash -c 'xqconv "$1" >/dev/full' _ "$S/games.pgn"
	[ "$stderr" = "xqconv: error writing standard output: No space left on device
xqconv: 2 games read, 0 written, 2 dropped" ]
	# a disk filling midway (here: a file size limit) leaves no file
	cd "$T"
	for i in 1 2 3 4 5 6 7 8; do cat "$S/games.pgn"; done >many.pgn
	run -2 --separate-stderr bash -c 'trap "" XFSZ; ulimit -f 4; xqconv -o out.pgn many.pgn'
	[ "$stderr" = "xqconv: error writing 'out.pgn': File too large
xqconv: 16 games read, 0 written, 16 dropped" ]
	[ ! -e out.pgn ]
	[ -z "$(ls | grep tmp)" ]
	# a file named as the messages name standard output is still a file
	run -2 --separate-stderr bash -c 'trap "" XFSZ; ulimit -f 4; xqconv -o "<stdout>" many.pgn'
	[ "$stderr" = "xqconv: error writing '<stdout>': File too large
xqconv: 16 games read, 0 written, 16 dropped" ]
	[ ! -e '<stdout>' ]
	# what did reach the output is counted
	run -0 --separate-stderr xqconv -o out.pgn many.pgn
	[ "$stderr" = "xqconv: 16 games read, 16 written, 0 dropped" ]
}

@test "--strict writes nothing on an invalid game: -o, -d and standard output" {
	run -1 --separate-stderr xqconv --strict "$S/games.pgn" "$S/bad_illegal.pgn"
	[ "$output" = "" ]
	local expected="xqconv: $S/bad_illegal.pgn:7:35: error: game 1, ply 6: 马八进七: not a move for Black here: '马八进七': no black horse on file ８ (black horses: files ２, ７)
xqconv: $S/bad_illegal.pgn:1: error: game 1 is invalid: stopping (--strict)
xqconv: 3 games read, 0 written, 3 dropped"
	[ "$stderr" = "$expected" ]
	mkdir "$T/d"
	run -1 --separate-stderr xqconv --strict -d "$T/d" "$S/games.pgn" "$S/bad_illegal.pgn"
	[ -z "$(ls -A "$T/d")" ]
	[ "$stderr" = "$expected" ]
	# all valid: everything goes out
	run -0 --separate-stderr xqconv --strict "$S/games.pgn"
	[ "$(echo "$output" | grep -c '^\[Game ')" -eq 2 ]
	[ "$stderr" = "xqconv: 2 games read, 2 written, 0 dropped" ]
	run -0 --separate-stderr xqconv --strict -d "$T/d" "$S/games.pgn"
	[ "$stderr" = "xqconv: 2 games read, 2 written, 0 dropped" ]
	[ "$(ls "$T/d" | wc -l)" -eq 2 ]
}

@test "the output is never the file standard input reads" {
	cp "$S/games.pgn" "$T/f.pgn"
	run -2 --separate-stderr bash -c 'xqconv -o "$1" - <"$1"' _ "$T/f.pgn"
	[ "$stderr" = "xqconv: refusing to overwrite input '$T/f.pgn'" ]
	run -2 --separate-stderr bash -c 'xqconv -o "$1" <"$1"' _ "$T/f.pgn"
	[ "$stderr" = "xqconv: refusing to overwrite input '$T/f.pgn' (it is standard input)" ]
	cmp "$S/games.pgn" "$T/f.pgn"
	run -2 --separate-stderr bash -c 'xqshow -o "$1" - <"$1"' _ "$T/f.pgn"
	[ "$stderr" = "xqshow: refusing to overwrite input '$T/f.pgn'" ]
	cmp "$S/games.pgn" "$T/f.pgn"
	# another file as standard input is fine
	run -0 --separate-stderr bash -c 'xqconv -o "$1" - <"$2"' _ "$T/g.pgn" "$T/f.pgn"
	[ "$stderr" = "xqconv: 2 games read, 2 written, 0 dropped" ]
}

@test "a signal or a crash removes the temporary file of -o" {
	cd "$T"
	for sig in INT TERM HUP QUIT SEGV BUS ABRT; do
		rm -f in out.pgn
		mkfifo in
		# every signal at its default: a background job ignores INT and
		# QUIT, and under nohup HUP is ignored too (xqconv keeps that)
		env --default-signal xqconv -o out.pgn in 2>/dev/null 3>&- &
		pid=$!
		exec 7>in
		cat "$S/games.pgn" >&7
		# the temporary file is there while the input is still open
		for i in $(seq 50); do ls | grep -q 'out.pgn.tmp' && break; sleep 0.1; done
		ls | grep -q 'out.pgn.tmp'
		kill -s $sig $pid
		# a process that does not die fails the test, it does not hang it
		for i in $(seq 100); do
			st=$(awk '{ print $3 }' /proc/$pid/stat 2>/dev/null || true)
			{ [ -z "$st" ] || [ "$st" = Z ]; } && break
			sleep 0.1
		done
		if [ -n "$st" ] && [ "$st" != Z ]; then
			kill -9 $pid; echo "xqconv did not end on SIG$sig"; false
		fi
		rc=0; wait $pid || rc=$?
		exec 7>&-
		[ "$rc" -gt 128 ]
		[ -z "$(ls | grep tmp)" ]
		[ ! -e out.pgn ]
	done
}

@test "output files: the umask for a new one, the mode of an existing one" {
	cd "$T"
	(umask 022; xqconv -q -o a.pgn "$S/games.pgn")
	[ "$(stat -c %a a.pgn)" = 644 ]
	(umask 077; xqconv -q -o b.pgn "$S/games.pgn")
	[ "$(stat -c %a b.pgn)" = 600 ]
	chmod 444 a.pgn
	(umask 077; xqconv -q -o a.pgn "$S/games_iccs.pgn")
	[ "$(stat -c %a a.pgn)" = 444 ]
	mkdir d
	(umask 002; xqconv -q -d d "$S/games.pgn")
	[ "$(stat -c %a d/* | sort -u)" = 664 ]
}

@test "output through a link: the file it names is replaced, the link kept; /dev/stdout in place" {
	cd "$T"
	echo old >real.pgn
	ln -s real.pgn link.pgn
	run -0 xqconv -q -o link.pgn "$S/games.pgn"
	[ -L link.pgn ]
	[ "$(readlink link.pgn)" = real.pgn ]
	cmp real.pgn <(xqconv -q "$S/games.pgn")
	# /dev/stdout with standard output a regular file: written into that
	# file, and /dev/stdout left the kernel's link
	xqshow --svg -o /dev/stdout >board.svg
	[ -L /dev/stdout ]
	cmp board.svg <(xqshow --svg)
	xqstats -q -p 1 --svg /dev/stdout "$S/games.pgn" >tree.svg
	[ -L /dev/stdout ]
	# the whole file: the report ("2 games ..."), then the picture
	# ("<svg ..."), as when the picture goes to a file of its own
	xqstats -q -p 1 --svg own.svg "$S/games.pgn" >report.txt
	cat report.txt own.svg | cmp - tree.svg
	[ "$(head -1 tree.svg)" = "2 games" ]
	[ "$(grep -c '^<svg' tree.svg)" -eq 1 ]
}

@test "'cannot create' names the target, not the temporary file" {
	run -2 --separate-stderr xqconv -o "$T/no/such/dir/out.pgn" "$S/games.pgn"
	[ "$stderr" = "xqconv: cannot create '$T/no/such/dir/out.pgn': No such file or directory" ]
	[[ "$stderr" != *tmpXXXXXX* ]]
}

@test "an output-encoding error names the input game" {
	printf '[Event "x"]\n\n1. 炮二平五 *\n\n[Event "😀"]\n\n1. 炮二平五 *\n' >"$T/in.pgn"
	run -1 --separate-stderr xqconv -E big5 -o "$T/o.pgn" "$T/in.pgn"
	[ "$stderr" = "xqconv: $T/in.pgn:5: error: game 2: character '😀' cannot be encoded in BIG5, in '[Event \"😀\"]' (writing '$T/o.pgn')
xqconv: 2 games read, 1 written, 1 dropped" ]
}

@test "each diagnostic line goes to stderr in one write" {
	command -v strace
	strace -f -qq -e trace=write -o "$T/trace" xqcheck "$S/bad_illegal.pgn" 2>"$T/err" || true
	lines=$(wc -l <"$T/err")
	[ "$lines" -ge 2 ]
	[ "$(grep -c '^[0-9]* *write(2,' "$T/trace")" -eq "$lines" ]
}

@test "lines over 4 MiB: later line numbers count source lines; a split tag line stays one game" {
	{ printf '[Event "e"]\n\n1. h2e2 {'; rep a 9000000; printf '}\n\n h9g7 x9x9 *\n'; } >"$T/m.pgn"
	run -1 --separate-stderr xqcheck "$T/m.pgn"
	[ "$stderr" = "xqcheck: $T/m.pgn:3: warning: line longer than the limit of 4194304 bytes split
xqcheck: $T/m.pgn:3:9: warning: game 1: comment longer than the limit of 1048576 bytes cut
xqcheck: $T/m.pgn:5:7: error: game 1, ply 3: x9x9: not a move for Red here: 'x9x9': 'x' is not a piece letter (expected K A E H R C P, or B N)
xqcheck: 1 game: 0 valid, 1 invalid (1 error, 2 warnings)" ]
	[ "$(grep -c 'line longer than' <<<"$stderr")" -eq 1 ]
	{ printf '[Event "'; rep a 5000000; printf '"]\n[Site "s"]\n\n1. h2e2 h9g7 x9x9 *\n'; } >"$T/t.pgn"
	run -1 --separate-stderr xqcheck "$T/t.pgn"
	[ "$stderr" = "xqcheck: $T/t.pgn:1: warning: line longer than the limit of 4194304 bytes split
xqcheck: $T/t.pgn:1:1: warning: game 1: tag 'Event' longer than the limit of 4095 bytes cut; the rest of its line, past the limit of 4194304 bytes, ignored
xqcheck: $T/t.pgn:4:14: error: game 1, ply 3: x9x9: not a move for Red here: 'x9x9': 'x' is not a piece letter (expected K A E H R C P, or B N)
xqcheck: 1 game: 0 valid, 1 invalid (1 error, 2 warnings)" ]
	# the limit inside a tag's name: no tag of the piece before it; at a
	# tag's end: the tags after it on the line said ignored, once
	{ yes '[Round "1"]' | head -n 381300 | tr -d '\n'; printf '[Event "e"]\n[Site "s"]\n\n1. h2e2 *\n'; } >"$T/n.pgn"
	run -0 --separate-stderr xqcheck "$T/n.pgn"
	[ "$stderr" = "xqcheck: $T/n.pgn:1: warning: line longer than the limit of 4194304 bytes split
xqcheck: $T/n.pgn:1:4194301: warning: game 1: tag line longer than the limit of 4194304 bytes: the rest of it ignored
xqcheck: 1 game: 1 valid, 0 invalid (0 errors, 2 warnings)" ]
	run -0 --separate-stderr xqcheck -j "$T/n.pgn"
	[[ "$output" == *'"Round":"1","Site":"s"},"fen"'* ]]
	{ printf '    '; yes '[Round "1"]' | head -n 381300 | tr -d '\n'; printf '[Event "e"]\n[Site "s"]\n\n1. h2e2 *\n'; } >"$T/n.pgn"
	run -0 --separate-stderr xqcheck "$T/n.pgn"
	[ "$stderr" = "xqcheck: $T/n.pgn:1: warning: line longer than the limit of 4194304 bytes split
xqcheck: $T/n.pgn:1: warning: game 1: tag line longer than the limit of 4194304 bytes: the rest of it ignored
xqcheck: 1 game: 1 valid, 0 invalid (0 errors, 2 warnings)" ]
}

@test "a NUL byte in a tag, and a tag value past 4095 bytes, are reported" {
	printf '[Event "ab\0cd"]\n[Site "s"]\n\n1. h2e2 *\n' >"$T/nul.pgn"
	run -0 --separate-stderr xqcheck "$T/nul.pgn"
	[ "$stderr" = "xqcheck: $T/nul.pgn:1:1: warning: game 1: tag 'Event' holds a NUL byte: its value ends before it
xqcheck: 1 game: 1 valid, 0 invalid (0 errors, 1 warning)" ]
	{ printf '[Event "'; rep a 4095; printf '"]\n[Site "'; rep b 4096; printf '"]\n\n1. h2e2 *\n'; } >"$T/long.pgn"
	run -0 --separate-stderr xqcheck "$T/long.pgn"
	[[ "$stderr" != *"'Event' longer"* ]]
	[ "$stderr" = "xqcheck: $T/long.pgn:2:1: warning: game 1: tag 'Site' longer than the limit of 4095 bytes cut
xqcheck: 1 game: 1 valid, 0 invalid (0 errors, 1 warning)" ]
}

@test "a game cut off by a truncated .gz is reported cut, not valid" {
	gzip -c "$S/games.pgn" >"$T/g.pgn.gz"
	head -c 480 "$T/g.pgn.gz" >"$T/cut.pgn.gz"
	run -1 --separate-stderr xqcheck "$T/cut.pgn.gz"
	[ "$stderr" = "xqcheck: $T/cut.pgn.gz:27: error: game 2: the compressed input ends early: the game is cut there
xqcheck: 2 games: 1 valid, 1 invalid (1 error, 0 warnings)" ]
	run -1 --separate-stderr xqconv -o "$T/o.pgn" "$T/cut.pgn.gz"
	# the game dropped is named by its first line (19)
	[ "$stderr" = "xqconv: $T/cut.pgn.gz:27: error: game 2: the compressed input ends early: the game is cut there
xqconv: $T/cut.pgn.gz:19: warning: game 2 dropped
xqconv: 2 games read, 1 written, 1 dropped" ]
	gzip -c "$S/game.xqf" >"$T/x.xqf.gz"
	head -c 150 "$T/x.xqf.gz" >"$T/xc.xqf.gz"
	run -1 --separate-stderr xqcheck "$T/xc.xqf.gz"
	# the tree cut short where the data ends, and why it ends there
	[ "$stderr" = "xqcheck: $T/xc.xqf.gz: error: game 1: byte 1028 (0x404): comment length 70 runs past the end of the file (12 bytes left); 0 move records before it kept
xqcheck: $T/xc.xqf.gz: error: game 1: the compressed input ends early: the game is cut there
xqcheck: 1 game: 0 valid, 1 invalid (2 errors, 0 warnings)" ]
	# the whole file: no such error
	run -0 --separate-stderr xqcheck "$T/g.pgn.gz"
	[ "$stderr" = "xqcheck: 2 games: 2 valid, 0 invalid (0 errors, 0 warnings)" ]
}

@test "a game in another encoding than the file's detected one gets a hint" {
	cat "$S/games_gbk.pgn" "$S/games_big5.pgn" >"$T/mixed.pgn"
	run -1 --separate-stderr xqcheck "$T/mixed.pgn"
	# (read as Big5 here: the GBK games are the garbled ones; their first
	# moves read so, with a private-use character in each, U+F6CD, U+F6EF)
	local g1=$'蘿媼\xef\x9b\x8d拻' g2=$'條\xef\x9b\xaf輛珨'
	[ "$stderr" = "xqcheck: $T/mixed.pgn:14:4: error: game 1, ply 1: $g1: not a move for Red here: '$g1': unexpected character '蘿' (U+863F) at byte 1
xqcheck: $T/mixed.pgn:14: warning: game 1: the file was read as BIG5; if the text is garbled, -e chooses the encoding
xqcheck: $T/mixed.pgn:27:4: error: game 2, ply 1: $g2: not a move for Red here: '$g2': unexpected character '條' (U+689D) at byte 1
xqcheck: $T/mixed.pgn:27: warning: game 2: the file was read as BIG5; if the text is garbled, -e chooses the encoding
xqcheck: 4 games: 2 valid, 2 invalid (2 errors, 2 warnings)" ]
	[ "$(grep -c 'read as' <<<"$stderr")" -eq 2 ]
	run -1 --separate-stderr xqconv -o "$T/o.pgn" "$T/mixed.pgn"
	[ "$stderr" = "xqconv: $T/mixed.pgn:14:4: error: game 1, ply 1: $g1: not a move for Red here: '$g1': unexpected character '蘿' (U+863F) at byte 1
xqconv: $T/mixed.pgn:14: warning: game 1: the file was read as BIG5; if the text is garbled, -e chooses the encoding
xqconv: $T/mixed.pgn:1: warning: game 1 dropped
xqconv: $T/mixed.pgn:27:4: error: game 2, ply 1: $g2: not a move for Red here: '$g2': unexpected character '條' (U+689D) at byte 1
xqconv: $T/mixed.pgn:27: warning: game 2: the file was read as BIG5; if the text is garbled, -e chooses the encoding
xqconv: $T/mixed.pgn:19: warning: game 2 dropped
xqconv: 4 games read, 2 written, 2 dropped" ]
	# chosen with -e: no hint; valid games: no hint
	run -1 --separate-stderr xqcheck -e gbk "$T/mixed.pgn"
	[[ "$stderr" != *"read as"* ]]
	run -0 --separate-stderr xqcheck "$S/games_gbk.pgn"
	[[ "$stderr" != *"read as"* ]]
	[ "$stderr" = "xqcheck: 2 games: 2 valid, 0 invalid (0 errors, 0 warnings)" ]
}

@test "--keep-broken keeps what is not read as text: deep variations, XQF moves left out, an impossible XQF start" {
	# 1002 nested variations: the last two are past the limit of 1000
	{ printf '[Event "deep"]\n\n1. h2e2 '
	  seq 1002 | awk '{ printf "(1. %s ", $1 % 2 ? "h0g2" : "h2e2"; if ($1 % 50 == 0) printf "\n" }'
	  seq 1002 | awk '{ printf ")" }'; printf ' *\n'; } >"$T/deep.pgn"
	run -1 --separate-stderr xqconv --keep-broken -o "$T/deep.out" "$T/deep.pgn"
	# named where the 1001st opens: line 23 (20 lines of 50, from line 3)
	[ "$stderr" = "xqconv: $T/deep.pgn:23:1: error: game 1: variations nested deeper than the limit of 1000 skipped (kept as text in a comment)
xqconv: 1 game read, 1 written, 0 dropped" ]
	# the whole record: its tags, then its move text (line ends of the
	# wrapping read as spaces): the 1000 variations read, each an
	# alternative to the first move, the last holding the two past the limit
	expected='[Game "Chinese Chess"]
[Event "deep"]
[Red "?"]
[Black "?"]
[Result "*"]
[Format "Chinese"]'
	[ "$(sed -n '/^$/q;p' "$T/deep.out")" = "$expected" ]
	expected="1. 炮二平五 $(seq 999 | awk '{ printf "(1. %s) ", $1 % 2 ? "马二进三" : "炮二平五" }')(1. 炮二平五 { variation nested too deep to read, as written: (1. h0g2 (1. h2e2 )) }) *"
	[ "$(sed '1,/^$/d' "$T/deep.out" | tr '\n' ' ' | sed 's/ *$//')" = "$expected" ]
	run -0 --separate-stderr xqcheck "$T/deep.out"
	[ "$stderr" = "xqcheck: 1 game: 1 valid, 0 invalid (0 errors, 0 warnings)" ]
	# XQF: an illegal move and the moves below it
	printf '[Event "e"]\n\n1. h2e2 h9g7 *\n' | xqconv -q -t xqf -o "$T/two.xqf" -
	cp "$T/two.xqf" "$T/imp.xqf"
	printf '\x30' | dd of="$T/imp.xqf" bs=1 seek=16 conv=notrunc status=none
	run -1 --separate-stderr xqconv --keep-broken -o "$T/imp.pgn" "$T/imp.xqf"
	[ "$stderr" = "xqconv: $T/imp.xqf: error: game 1: bytes 16-47 (0x10-0x2F): the start position is impossible: Black is in check but it is Red's move; the moves kept as text
xqconv: 1 game read, 1 written, 0 dropped" ]
	expected='[Game "Chinese Chess"]
[Event "e"]
[Red "?"]
[Black "?"]
[Result "*"]
[Format "Chinese"]

{ moves not played, the start position being impossible: ply 1 h2e2, ply 2
h9g7 } *'
	diff -u <(printf '%s\n\n' "$expected") "$T/imp.pgn"
	# an illegal second move: black's horse jumps to where it cannot
	cp "$T/two.xqf" "$T/bad.xqf"
	printf '\x3c' | dd of="$T/bad.xqf" bs=1 seek=1041 conv=notrunc status=none
	run -1 --separate-stderr xqconv --keep-broken -n iccs -o "$T/bad.pgn" "$T/bad.xqf"
	[ "$stderr" = "xqconv: $T/bad.xqf: error: game 1, ply 2: h9c8: byte 1040 (0x410): move h9c8: not a legal move here; left out (kept as text)
xqconv: 1 game read, 1 written, 0 dropped" ]
	# replay's one policy for a bad move, as for PGN: the line kept as text
	expected='[Game "Chinese Chess"]
[Event "e"]
[Red "?"]
[Black "?"]
[Result "*"]
[Format "ICCS"]

1. h2e2 { unplayable moves as written: h9c8 } *'
	diff -u <(printf '%s\n\n' "$expected") "$T/bad.pgn"
}
