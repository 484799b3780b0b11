#!/usr/bin/env bats
# Round trips keep everything: the whole bulk XQF set (31,372 real files)
# through XQF -> PGN (UTF-8) -> XQF -> PGN gives the same moves, tags and
# comments for every game that reads valid, bytes no encoding decodes
# included (kept as U+10FE00 + byte and written back), and the counts add
# up: games read = games written + games reported.
bats_require_minimum_version 1.5.0

# The set unpacked once for the file's tests (31,372 files: unpacking and
# removing them is most of the time these tests take).
setup_file() {
	local shared="${XQ_SHARED:-$BATS_TEST_DIRNAME/../../../shared}"
	[ -f "$shared/corpus/xqf-bulk.tar.xz" ] ||
		{ echo "bulk XQF set not found at $shared/corpus/xqf-bulk.tar.xz (set XQ_SHARED)"; return 1; }
	tar xJf "$shared/corpus/xqf-bulk.tar.xz" -C "$BATS_FILE_TMPDIR"
}

setup() {
	B="$BATS_FILE_TMPDIR/xqf-bulk"
	T="$BATS_TEST_TMPDIR"
}

# last LINES: the last line of LINES (the summary)
last() {
	printf '%s\n' "${1##*$'\n'}"
}

@test "bulk XQF -> PGN -> XQF -> PGN: every valid game kept whole, the counts add up" {
	# XQF -> PGN: the 70 games with genuine errors (tests/diff/xqf_bulk_bad.h)
	# are reported and dropped, nothing else
	run -1 --separate-stderr xqconv -R "$B" -o "$T/first.pgn"
	[ "$(last "$stderr")" = "xqconv: 31372 games read, 31302 written, 70 dropped" ]
	[ "$(grep -c ': warning: game 1 dropped$' <<<"$stderr")" -eq 70 ]
	# bytes that are no GBK character: kept, one warning a field a game
	first_raw=$(grep -c 'is no GBK character; kept as U+10FE' <<<"$stderr")
	[ "$first_raw" -eq 120 ]
	# PGN -> XQF: every game written, none refused for its text
	run -0 --separate-stderr xqconv -t xqf -d "$T/back" "$T/first.pgn"
	[ "$(last "$stderr")" = "xqconv: 31302 games read, 31302 written, 0 dropped" ]
	[ "$(find "$T/back" -name '*.xqf' | wc -l)" -eq 31302 ]
	# XQF -> PGN again: the same text, byte for byte, and the same bytes
	# kept raw (written back as they were read)
	run -0 --separate-stderr xqconv -R "$T/back" -o "$T/again.pgn"
	[ "$(last "$stderr")" = "xqconv: 31302 games read, 31302 written, 0 dropped" ]
	[ "$(grep -c 'is no GBK character; kept as U+10FE' <<<"$stderr")" -eq "$first_raw" ]
	cmp "$T/first.pgn" "$T/again.pgn"
}

@test "bulk XQF -> PGN in GBK and in GB18030 -> PGN (UTF-8): the same text" {
	run -1 --separate-stderr xqconv -q -R "$B" -o "$T/utf8.pgn"
	for e in gbk gb18030; do
		run -1 --separate-stderr xqconv -q -E "$e" -R "$B" -o "$T/$e.pgn"
		[ "$(last "$stderr")" = "xqconv: 31372 games read, 31302 written, 70 dropped" ]
		run -0 --separate-stderr xqconv -q -e "$e" -o "$T/$e-back.pgn" "$T/$e.pgn"
		[ "$(last "$stderr")" = "xqconv: 31302 games read, 31302 written, 0 dropped" ]
		cmp "$T/utf8.pgn" "$T/$e-back.pgn"
	done
}
