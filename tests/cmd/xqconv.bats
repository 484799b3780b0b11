#!/usr/bin/env bats
# xqconv: every option, the policies for broken games, atomic output,
# "games read = games written + games dropped", bad input.
bats_require_minimum_version 1.5.0

setup() {
	ROOT="$BATS_TEST_DIRNAME/../.."
	SHARED="${XQ_SHARED:-$ROOT/../shared}"
	CORPUS="$SHARED/corpus/pgn"
	S="$ROOT/samples"
	T="$BATS_TEST_TMPDIR"
}

# golden_out NAME: the standard output a golden case expects, whole
# (tests/golden/expected/NAME up to its stderr)
golden_out() {
	sed '/^--- stderr$/,$d' "$ROOT/tests/golden/expected/$1"
}

@test "-h prints the usage as --help does, exit 0" {
	run -0 --separate-stderr xqconv -h
	[ "$output" = "$(xqconv --help)" ]
}

@test "--version and -V" {
	run -0 xqconv --version
	[[ "$output" =~ ^xqconv\ \(xqtools\)\ [0-9]+\.[0-9]+\.[0-9]+$ ]]
	want=$output
	run -0 xqconv -V
	[ "$output" = "$want" ]
}

# synopsis: what every usage error says after its message, the usage
# lines of --help and where the rest of it is.
synopsis() {
	cat <<'EOF'
usage: xqconv [-hqVv] [--keep-broken | --strict] [--judge[=rules]] [--script=S]
              [--ecco[=check]]
              [-E encoding [--replace]] [-e encoding]
              [-f format] [-n notation] [-t format] [-o file | -d dir]
              [-J jobs] [-R] [--files-from=list [-0]] [file ...]
Try 'xqconv --help' for more.
EOF
}

@test "usage errors: the message, the synopsis and where the help is; exit 2, nothing on stdout" {
	run -2 --separate-stderr xqconv --bogus=1 "$S/games.pgn"
	[ "$stderr" = "xqconv: unknown option '--bogus'"$'\n'"$(synopsis)" ]
	[ "$output" = "" ]
	run -2 --separate-stderr xqconv -qZ "$S/games.pgn"
	[ "$stderr" = "xqconv: unknown option '-Z'"$'\n'"$(synopsis)" ]
	[ "$output" = "" ]
	run -2 --separate-stderr xqconv "$S/games.pgn" -J
	[ "$stderr" = "xqconv: option '-J' needs a value"$'\n'"$(synopsis)" ]
	[ "$output" = "" ]
	run -2 --separate-stderr xqconv "$S/games.pgn" --split
	[ "$stderr" = "xqconv: option '--split' needs a value"$'\n'"$(synopsis)" ]
	[ "$output" = "" ]
	run -2 --separate-stderr xqconv --qui=yes "$S/games.pgn"
	[ "$stderr" = "xqconv: option '--qui' takes no value"$'\n'"$(synopsis)" ]
	[ "$output" = "" ]
	run -2 --separate-stderr xqconv --s "$S/games.pgn"
	[ "$stderr" = "xqconv: option '--s' is ambiguous: --script, --split, --strict"$'\n'"$(synopsis)" ]
	[ "$output" = "" ]
	run -2 --separate-stderr xqconv --split 0 -d "$T/d" "$S/games.pgn"
	[ "$stderr" = "xqconv: invalid --split count '0' (expected 1..1000000000)"$'\n'"$(synopsis)" ]
	[ "$output" = "" ]
	run -2 --separate-stderr xqconv -o "$T/x.pgn" -d "$T" "$S/games.pgn"
	[ "$stderr" = "xqconv: -o and -d cannot be used together"$'\n'"$(synopsis)" ]
	[ "$output" = "" ]
	[ ! -e "$T/x.pgn" ]
}

@test "bad options exit 2" {
	run -2 xqconv -f nosuch "$S/games.pgn"
	run -2 xqconv -e nosuch "$S/games.pgn"
	run -2 xqconv -E nosuch "$S/games.pgn"
	# a directory that cannot be made: one line, no synopsis
	: >"$T/afile"
	run -2 xqconv -d "$T/afile" "$S/games.pgn"
	[ "$output" = "xqconv: '$T/afile' is not a directory" ]
	run -2 xqconv -d "$T/afile/sub" "$S/games.pgn"
	[ "$output" = "xqconv: cannot make directory '$T/afile/sub': Not a directory" ]
	for bad in '%x' '%{}' '%{Red' '%' '%6' '%99n'; do
		run -2 xqconv -d "$T/dd" --name="$bad" "$S/games.pgn"
		# (each of these goes wrong at its first character)
		[ "$output" = "xqconv: invalid --name '$bad' at '$bad': the fields are %n, %06n, %{Tag} and %%
$(synopsis)" ]
	done
	[ ! -e "$T/dd" ]
	run -2 xqconv -o
}

@test "lines are at most 80 columns" {
	run -0 --separate-stderr xqconv "$CORPUS/xqbase_sample_handicap_comments_gbk.pgn"
	# display width: a 3-byte UTF-8 character (CJK, full-width) is 2 columns
	wide=$(echo "$output" | grep -v '^\[' |
		perl -ne 'chomp; $w = length($_); $w -= () = /[\xe0-\xef][\x80-\xbf]{2}/g; print "$w: $_\n" if $w > 80')
	[ -z "$wide" ] || { echo "$wide"; return 1; }
	[ "$(echo "$output" | grep -c .)" -gt 20 ]
}

@test "-n and --notation: every notation, read back the same" {
	for n in chinese wxf iccs uci uci10; do
		run -0 --separate-stderr xqconv -n "$n" -o "$T/$n.pgn" "$S/games.pgn"
		run -0 --separate-stderr xqcheck "$T/$n.pgn"
		xqconv -n iccs "$T/$n.pgn" >"$T/$n.iccs" 2>/dev/null
		xqconv -n iccs "$S/games.pgn" >"$T/ref.iccs" 2>/dev/null
		cmp "$T/$n.iccs" "$T/ref.iccs"
	done
	# the files whole: tags with the [Format] of the notation, movetext
	for n in wxf iccs uci10; do
		golden_out "xqconv-notation-$n" >"$T/want.$n"
		diff -u "$T/want.$n" "$T/$n.pgn"
	done
	run -0 xqconv --notation=wxf "$S/games.pgn"
}

@test "-t and --to text, -f and --from text" {
	run -0 --separate-stderr xqconv -t text "$S/games.pgn"
	[ "$output" = "$(golden_out xqconv-text)" ]
	[ "$stderr" = "xqconv: $S/games.pgn:1: warning: game 1: the text format holds no comments or variations: 2 comments and 3 variations left out (-t pgn keeps them) (writing '<stdout>')
xqconv: $S/games.pgn:19: warning: game 2: the text format holds no comments or variations: 1 comment and 0 variations left out (-t pgn keeps them) (writing '<stdout>')
xqconv: 2 games read, 2 written, 0 dropped" ]
	run -0 --separate-stderr xqconv --to=text -n iccs "$S/endgame.txt"
	[ "$output" = "3k5/9/9/9/9/9/9/9/8R/4K4 w - - 0 1
1. i1d1
红胜" ]
	xqconv -t text "$S/games.pgn" 2>/dev/null >"$T/g.txt"
	run -0 --separate-stderr xqconv -f text -n iccs "$T/g.txt"
	[ "$output" = "$(golden_out xqconv-text-back)" ]
	run -0 xqconv --from=pgn "$S/games.pgn"
	run -0 xqconv --format=pgn "$S/games.pgn"
	xqconv -o "$T/out.txt" "$S/games.pgn" 2>/dev/null
	golden_out xqconv-text >"$T/want.txt"
	diff -u "$T/want.txt" "$T/out.txt"
}

@test "-e, -E: GBK and Big5 in and out" {
	run -0 xqconv -E gbk -o "$T/g.pgn" "$S/games.pgn"
	iconv -f gbk -t utf-8 "$T/g.pgn" >"$T/g.utf8"
	golden_out xqconv-gbk-out >"$T/want.gbk"
	diff -u "$T/want.gbk" "$T/g.utf8"
	# big5: the text made traditional (馬８進７)
	run -0 xqconv --output-encoding=big5 -o "$T/b.pgn" "$S/games.pgn"
	iconv -f big5 -t utf-8 "$T/b.pgn" >"$T/b.utf8"
	golden_out xqconv-big5-out >"$T/want.big5"
	diff -u "$T/want.big5" "$T/b.utf8"
	run -0 --separate-stderr xqconv -e big5 -n iccs "$T/b.pgn"
	[ "$output" = "$(golden_out xqconv-notation-iccs)" ]
	run -0 xqconv --encoding=gbk "$T/g.pgn"
	run -0 --separate-stderr xqconv -E utf-8 "$CORPUS/ccpd_big5_master_game.pgn"
	[ "$output" = "$(golden_out xqconv-big5-in)" ]
	[ "$stderr" = "xqconv: 1 game read, 1 written, 0 dropped" ]
}

@test "an unencodable character is an error naming the game and the text" {
	run -1 --separate-stderr xqconv -E big5 --script=keep "$CORPUS/xqbase_sample_handicap_comments_gbk.pgn"
	[ "$stderr" = "xqconv: $CORPUS/xqbase_sample_handicap_comments_gbk.pgn:1: error: game 1: character '许' cannot be encoded in BIG5, in '[Event \"许银川让九子对聂棋圣\"]' (writing '<stdout>')
xqconv: 1 game read, 0 written, 1 dropped" ]
	[ "$output" = "" ]
	# by default the text is made traditional (OpenCC, Taiwan forms) first
	run -0 --separate-stderr xqconv -E big5 "$CORPUS/xqbase_sample_handicap_comments_gbk.pgn"
	[ "$stderr" = "xqconv: 1 game read, 1 written, 0 dropped; 27 lines converted to traditional characters" ]
	run -0 xqconv -q "$CORPUS/xqbase_sample_handicap_comments_gbk.pgn" -E big5 -o "$T/h.pgn"
	# read back: [Event "許銀川讓九子對聶棋聖"] and the comments traditional
	run -0 --separate-stderr xqconv -q "$T/h.pgn"
	[ "$output" = "$(golden_out xqconv-big5-script)" ]
	[ "$stderr" = "xqconv: 1 game read, 1 written, 0 dropped" ]
}

@test "--crlf" {
	xqconv --crlf "$S/games.pgn" >"$T/crlf.pgn" 2>/dev/null
	[ "$(grep -c $'\r$' "$T/crlf.pgn")" -eq "$(wc -l <"$T/crlf.pgn")" ]
	run -0 xqcheck "$T/crlf.pgn"
}

@test "broken games are dropped by default and counted" {
	run -1 --separate-stderr xqconv "$S/games.pgn" "$S/bad_illegal.pgn"
	[ "$stderr" = "xqconv: $S/bad_illegal.pgn:7:35: error: game 1, ply 6: 马八进七: not a move for Black here: '马八进七': no black horse on file ８ (black horses: files ２, ７)
xqconv: $S/bad_illegal.pgn:1: warning: game 1 dropped
xqconv: 3 games read, 2 written, 1 dropped" ]
	[ "$(echo "$output" | grep -c '^\[Game ')" -eq 2 ]
}

@test "--keep-broken: a bad move's own variations stay in its comment, its alternatives play on" {
	printf '[Event "t"]\n\n1. h2e2 h9g7 2. a0a5 (2. h0g2 i9h9) 2... b9c7 (2... i9h9 3. b0c2 (3. h0g2)) 3. b0c2 *\n' >"$T/bad.pgn"
	run -1 --separate-stderr xqconv -q --keep-broken -n iccs "$T/bad.pgn"
	# (the comment is filled to 80 columns as any comment is)
	printf '%s\n' '[Game "Chinese Chess"]' '[Event "t"]' '[Red "?"]' '[Black "?"]' '[Result "*"]' \
		'[Format "ICCS"]' '' \
		'1. h2e2 h9g7 2. h0g2 ({ unplayable moves as written: a0a5 b9c7 (i9h9 b0c2' \
		'(h0g2)) b0c2 }) 2... i9h9 *' >"$T/want"
	printf '%s\n' "$output" | diff -u "$T/want" -
	# and it reads back clean
	run -1 xqconv -q --keep-broken -n iccs -o "$T/kept.pgn" "$T/bad.pgn"
	run -0 xqcheck -q "$T/kept.pgn"
	# the text writer keeps the same line, from the same code (without
	# the alternative: text has no variations to hold the bad move)
	printf '[Event "t"]\n\n1. h2e2 h9g7 2. a0a5 b9c7 (2... i9h9 3. b0c2 (3. h0g2)) 3. b0c2 *\n' >"$T/bad2.pgn"
	run -1 --separate-stderr xqconv -q --keep-broken -t text -n iccs "$T/bad2.pgn"
	printf '%s\n' 'Event: t' '1. h2e2 h9g7' \
		'# unplayable moves as written: a0a5 b9c7 (i9h9 b0c2 (h0g2)) b0c2' '*' >"$T/want.txt"
	printf '%s\n' "$output" | diff -u "$T/want.txt" -
}

@test "--keep-broken keeps the legal part and the rest in a comment" {
	run -1 --separate-stderr xqconv --keep-broken "$S/bad_illegal.pgn"
	expected='[Game "Chinese Chess"]
[Event "bad sample: an illegal move"]
[Red "A"]
[Black "B"]
[Result "*"]
[Format "Chinese"]

1. 炮二平五 马８进７ 2. 马二进三 车９平８ 3. 车一平二 { unplayable moves as
written: 马八进七 兵七进一 } *'
	[ "$output" = "$expected" ]
	[ "$stderr" = "xqconv: $S/bad_illegal.pgn:7:35: error: game 1, ply 6: 马八进七: not a move for Black here: '马八进七': no black horse on file ８ (black horses: files ２, ７)
xqconv: 1 game read, 1 written, 0 dropped" ]
	echo "$output" >"$T/kept.pgn"
	run -0 xqcheck "$T/kept.pgn"
}

@test "--strict stops at the first invalid game and writes nothing" {
	run -1 --separate-stderr xqconv --strict -o "$T/strict.pgn" "$S/games.pgn" "$S/bad_illegal.pgn" "$S/games_iccs.pgn"
	# the two valid games did not reach the output: none written; the
	# third input is not read
	[ "$stderr" = "xqconv: $S/bad_illegal.pgn:7:35: error: game 1, ply 6: 马八进七: not a move for Black here: '马八进七': no black horse on file ８ (black horses: files ２, ７)
xqconv: $S/bad_illegal.pgn:1: error: game 1 is invalid: stopping (--strict)
xqconv: 3 games read, 0 written, 3 dropped" ]
	[ ! -e "$T/strict.pgn" ]
	[ -z "$(ls "$T" | grep tmp)" ]
}

@test "--strict --split: the files written before the invalid game go, their games dropped" {
	run -1 --separate-stderr xqconv --strict --split 1 -d "$T/dg" "$S/games.pgn" "$S/bad_illegal.pgn"
	[ "$stderr" = "xqconv: $S/bad_illegal.pgn:7:35: error: game 1, ply 6: 马八进七: not a move for Black here: '马八进七': no black horse on file ８ (black horses: files ２, ７)
xqconv: $S/bad_illegal.pgn:1: error: game 1 is invalid: stopping (--strict)
xqconv: 3 games read, 0 written, 3 dropped" ]
	[ "$output" = "" ]
	[ "$(ls -A "$T/dg")" = "" ]
	# the file being written when the invalid game came goes too
	run -1 --separate-stderr xqconv --strict --split 2 -d "$T/dg2" "$S/games.pgn" "$S/bad_illegal.pgn"
	[ "$(ls -A "$T/dg2")" = "" ]
	[ "${stderr##*$'\n'}" = "xqconv: 3 games read, 0 written, 3 dropped" ]
	# every game valid: the files stay
	run -0 --separate-stderr xqconv --strict --split 1 -d "$T/dg3" "$S/games.pgn"
	[ "$stderr" = "xqconv: 2 games read, 2 written, 0 dropped" ]
	[ "$(ls "$T/dg3")" = "000001.pgn
000002.pgn" ]
}

@test "-o and --output: atomic, never over an input" {
	run -0 xqconv -o "$T/o.pgn" "$S/games.pgn"
	[ -s "$T/o.pgn" ]
	cp "$S/games.pgn" "$T/in.pgn"
	run -2 --separate-stderr xqconv -o "$T/in.pgn" "$T/in.pgn"
	[ "$stderr" = "xqconv: refusing to overwrite input '$T/in.pgn'" ]
	cmp "$T/in.pgn" "$S/games.pgn"
	run -0 xqconv --output="$T/o2.pgn" "$S/games.pgn"
	cmp "$T/o.pgn" "$T/o2.pgn"
	[ -z "$(ls "$T" | grep tmp)" ]
}

@test "/dev/full as output: exit 2, no partial file" {
	run -2 --separate-stderr xqconv -o /dev/full "$S/games.pgn"
	[ "$stderr" = "xqconv: error writing '/dev/full': No space left on device
xqconv: 2 games read, 0 written, 2 dropped" ]
	[ -c /dev/full ]
	[ -z "$(ls /dev | grep 'full\.tmp')" ]
	# --strict: the games held for the device fail to reach it, said once
	run -2 --separate-stderr xqconv --strict -o /dev/full "$S/games.pgn"
	[ "$stderr" = "xqconv: error writing '/dev/full': No space left on device
xqconv: 2 games read, 0 written, 2 dropped" ]
	run -2 sh -c 'xqconv "$1" >/dev/full' sh "$S/games.pgn"
	[ "$output" = "xqconv: error writing standard output: No space left on device
xqconv: 2 games read, 0 written, 2 dropped" ]
	run -2 sh -c 'xqconv -d "$2" "$1" >/dev/full' sh "$S/games.pgn" /dev/full
}

@test "a failed run to standard output: the games that reached it count as written" {
	# an input that cannot be opened after two good games: both are on
	# standard output (a file here, flushed at the end) and said written
	run -2 --separate-stderr sh -c 'xqconv -n iccs "$1" "$2/none.pgn" >"$2/out.pgn"' sh "$S/games.pgn" "$T"
	[ "$(grep -c '^\[Event ' "$T/out.pgn")" -eq 2 ]
	[ "$stderr" = "xqconv: cannot open '$T/none.pgn': No such file or directory
xqconv: 2 games read, 2 written, 0 dropped" ]
	# a format of one game a file: the first page is out, the second game
	# is refused and dropped
	run -2 --separate-stderr sh -c 'xqconv -t html "$1" >"$2/out.html"' sh "$S/games.pgn" "$T"
	[ "$(grep -c '^<!DOCTYPE html>' "$T/out.html")" -eq 1 ]
	[ "$stderr" = "xqconv: the html format holds one game per file: use -d DIR to write several
xqconv: 2 games read, 1 written, 1 dropped" ]
	# with -o nothing is left: the file is not made, and none is written
	run -2 --separate-stderr xqconv -o "$T/o.pgn" "$S/games.pgn" "$T/none.pgn"
	[ ! -e "$T/o.pgn" ]
	[ "$stderr" = "xqconv: cannot open '$T/none.pgn': No such file or directory
xqconv: 2 games read, 0 written, 2 dropped" ]
}

@test "-d and --directory: one file per game, default names number-Red-Black, DIR made as mkdir -p" {
	run -0 --separate-stderr xqconv -d "$T/new/sub/d" "$S/games.pgn"
	[ "$(ls "$T/new/sub/d")" = "$(printf '%s\n' 000001-Red_Sample-Black_Sample.pgn 000002-Black_Sample-Red_Sample.pgn)" ]
	for f in "$T"/new/sub/d/*; do xqcheck -q "$f"; done
	run -0 xqconv --directory="$T/new/sub/d" -t text "$S/games.pgn"
	[ -f "$T/new/sub/d/000002-Black_Sample-Red_Sample.txt" ]
	# games without Red and Black: the number alone, never an empty name
	printf '1. h2e2 h9g7 *\n\n[Red "Only Red"]\n\n1. h2e2 h9g7 *\n' >"$T/notags.pgn"
	run -0 xqconv -d "$T/e" "$T/notags.pgn"
	[ "$(ls "$T/e")" = "$(printf '%s\n' 000001.pgn 000002-Only_Red.pgn)" ]
}

@test "-d: an existing file is never overwritten: an error for that game naming it, the run goes on" {
	mkdir "$T/d"
	echo keep >"$T/d/000001-Red_Sample-Black_Sample.pgn"
	run -1 --separate-stderr xqconv -d "$T/d" "$S/games.pgn"
	# said where the game starts, the file named before the reason, as
	# xqannotate says it (xqannotate.bats)
	[ "$stderr" = "xqconv: $S/games.pgn:1: error: game 1: '$T/d/000001-Red_Sample-Black_Sample.pgn' exists: not overwritten (--force replaces it)
xqconv: 2 games read, 1 written, 1 dropped" ]
	[ "$(cat "$T/d/000001-Red_Sample-Black_Sample.pgn")" = keep ]
	# -d is one job: -J 2 says the same bytes
	run -1 --separate-stderr xqconv -J 2 -d "$T/d" "$S/games.pgn"
	[ "$stderr" = "xqconv: $S/games.pgn:1: error: game 1: '$T/d/000001-Red_Sample-Black_Sample.pgn' exists: not overwritten (--force replaces it)
xqconv: $S/games.pgn:19: error: game 2: '$T/d/000002-Black_Sample-Red_Sample.pgn' exists: not overwritten (--force replaces it)
xqconv: 2 games read, 0 written, 2 dropped" ]
	local one=$stderr
	run -1 --separate-stderr xqconv -d "$T/d" "$S/games.pgn"
	[ "$stderr" = "$one" ]
	# from standard input, the input's name is <stdin>; -q says only the counts
	run -1 --separate-stderr xqconv -d "$T/d" <"$S/games.pgn"
	[ "${stderr%%$'\n'*}" = "xqconv: <stdin>:1: error: game 1: '$T/d/000001-Red_Sample-Black_Sample.pgn' exists: not overwritten (--force replaces it)" ]
	run -1 --separate-stderr xqconv -q -d "$T/d" "$S/games.pgn"
	[ "$stderr" = "xqconv: 2 games read, 0 written, 2 dropped" ]
	[ -f "$T/d/000002-Black_Sample-Red_Sample.pgn" ]
	# no silent -2 copy, no temporary file left
	[ "$(ls "$T/d" | wc -l)" -eq 2 ]
	# --force replaces it (and still never an input)
	run -0 --separate-stderr xqconv -d "$T/d" --force "$S/games.pgn"
	xqcheck -q "$T/d/000001-Red_Sample-Black_Sample.pgn"
	[ "$(ls "$T/d" | wc -l)" -eq 2 ]
	cp "$S/games.pgn" "$T/d/000001-Red_Sample-Black_Sample.pgn"
	run -2 --separate-stderr xqconv -d "$T/d" --force "$T/d/000001-Red_Sample-Black_Sample.pgn"
	[ "$stderr" = "xqconv: refusing to overwrite input '$T/d/000001-Red_Sample-Black_Sample.pgn'
xqconv: 1 game read, 0 written, 1 dropped" ]
	cmp "$S/games.pgn" "$T/d/000001-Red_Sample-Black_Sample.pgn"
	# an unwritable directory is an I/O error: exit 2
	if [ "$(id -u)" -ne 0 ]; then
		mkdir "$T/ro" && chmod a-w "$T/ro"
		run -2 --separate-stderr xqconv -d "$T/ro" "$S/games.pgn"
		# the run stops at the first game: nothing can be written
		[ "$stderr" = "xqconv: cannot create '$T/ro/000001-Red_Sample-Black_Sample.pgn': Permission denied
xqconv: 1 game read, 0 written, 1 dropped" ]
		chmod u+w "$T/ro"
	fi
}

@test "--name: %n, %06n, %{Tag} of any tag, %%; an empty field drops with its separator" {
	run -0 xqconv -d "$T/a" --name='%{Event}_%n' "$S/games.pgn"
	[ "$(ls "$T/a")" = "$(printf '%s\n' xqtools_sample_match_1.pgn xqtools_sample_match_2.pgn)" ]
	run -0 xqconv -d "$T/b" --name='%{Date}-%{Red}-vs-%{Black}-%03n-100%%' "$S/games.pgn"
	[ "$(ls "$T/b")" = "$(printf '%s\n' 2026.01.15-Red_Sample-vs-Black_Sample-001-100%.pgn \
		Black_Sample-vs-Red_Sample-002-100%.pgn)" ]
	# a name used twice in one run: -2, -3 decided in memory
	printf '[Red "A"]\n\n1. h2e2 *\n\n[Red "A"]\n\n1. h2e2 *\n\n[Red "A"]\n\n1. h2e2 *\n' >"$T/same.pgn"
	run -0 xqconv -d "$T/c" --name='%{Red}' "$T/same.pgn"
	[ "$(ls "$T/c")" = "$(printf '%s\n' A-2.pgn A-3.pgn A.pgn)" ]
	# a field that gives nothing: the number; '/' and blanks never make paths
	run -0 xqconv -d "$T/f" --name='%{Site}' "$T/same.pgn"
	[ "$(ls "$T/f")" = "$(printf '%s\n' 000001.pgn 000002.pgn 000003.pgn)" ]
	printf '[Red "../x y"]\n\n1. h2e2 *\n' >"$T/slash.pgn"
	run -0 xqconv -d "$T/g" --name='%{Red}/%n' "$T/slash.pgn"
	[ "$(ls "$T/g")" = "x_y_1.pgn" ]
}

@test "nothing lost over the whole corpus: read = written + dropped" {
	run --separate-stderr xqconv -o "$T/all.pgn" "$CORPUS"/*.pgn "$SHARED"/corpus/text/*.txt "$S"/*.pgn "$S"/*.txt
	[ "$status" -eq 1 ]
	read_n=$(echo "$stderr" | sed -n 's/^xqconv: \([0-9]*\) games read, \([0-9]*\) written, \([0-9]*\) dropped$/\1/p')
	written=$(echo "$stderr" | sed -n 's/^xqconv: \([0-9]*\) games read, \([0-9]*\) written, \([0-9]*\) dropped$/\2/p')
	dropped=$(echo "$stderr" | sed -n 's/^xqconv: \([0-9]*\) games read, \([0-9]*\) written, \([0-9]*\) dropped$/\3/p')
	[ "$read_n" -eq $((written + dropped)) ]
	[ "$dropped" -eq 6 ]
	[ "$(grep -c '^\[Game ' "$T/all.pgn")" -eq "$written" ]
	run -0 --separate-stderr xqcheck "$T/all.pgn"
	[ "$stderr" = "xqcheck: $written games: $written valid, 0 invalid (0 errors, 0 warnings)" ]
}

@test "standard input, '-', .gz" {
	want=$(golden_out xqconv-notation-iccs)
	run -0 --separate-stderr xqconv -n iccs <"$S/games.pgn"
	[ "$output" = "$want" ]
	[ "$stderr" = "xqconv: 2 games read, 2 written, 0 dropped" ]
	run -0 --separate-stderr xqconv -n iccs - <"$S/games_gbk.pgn"
	[ "$output" = "$want" ]
	[ "$stderr" = "xqconv: 2 games read, 2 written, 0 dropped" ]
	gzip -c "$S/games.pgn" >"$T/g.pgn.gz"
	run -0 --separate-stderr xqconv -n iccs "$T/g.pgn.gz"
	[ "$output" = "$want" ]
	[ "$stderr" = "xqconv: 2 games read, 2 written, 0 dropped" ]
}

@test "unreadable, truncated and garbage input: clear errors, no crash" {
	run -2 --separate-stderr xqconv "$T/nonexistent.pgn"
	[ "$stderr" = "xqconv: cannot open '$T/nonexistent.pgn': No such file or directory
xqconv: 0 games read, 0 written, 0 dropped" ]
	for n in 100 400 700 900 1000; do
		head -c $n "$S/games.pgn" >"$T/cut.pgn"
		run --separate-stderr xqconv "$T/cut.pgn"
		[ "$status" -le 1 ]
		case $n in
		100)	# inside the fifth tag
			[ "$status" -eq 0 ]
			[ "$stderr" = "xqconv: $T/cut.pgn:5:1: warning: game 1: malformed tag 'Roun' read as ''
xqconv: 1 game read, 1 written, 0 dropped" ] ;;
		400)	# inside a character, in a variation: the bytes of the
			# cut character shown as bytes, in the warning and the error
			[ "$status" -eq 1 ]
			[ "$stderr" = "xqconv: $T/cut.pgn:15: warning: byte 0xe8 cannot be decoded as UTF-8; kept as U+10FEE8, written back as the byte (as is any other on this line)
xqconv: $T/cut.pgn:15: error: game 1: 1 variation not closed before the end of the game
xqconv: $T/cut.pgn:15:4: error: game 1, ply 5: \\xe8\\xbd: not a move for Red here: '\\xe8\\xbd': byte 0xe8, which the input's encoding does not decode, at byte 1
xqconv: $T/cut.pgn:1: warning: game 1 dropped
xqconv: 1 game read, 0 written, 1 dropped" ] ;;
		700)	# inside the second game's Red tag
			[ "$status" -eq 0 ]
			[ "$stderr" = "xqconv: $T/cut.pgn:22:1: warning: game 2: malformed tag 'Red' read as 'Black S'
xqconv: 2 games read, 2 written, 0 dropped" ] ;;
		900)	# inside the second game's comment
			[ "$status" -eq 1 ]
			[ "$stderr" = "xqconv: $T/cut.pgn:28:6: error: game 2: comment not closed before the end of the game
xqconv: $T/cut.pgn:19: warning: game 2 dropped
xqconv: 2 games read, 1 written, 1 dropped" ] ;;
		1000)	# the whole file
			[ "$status" -eq 0 ]
			[ "$stderr" = "xqconv: 2 games read, 2 written, 0 dropped" ] ;;
		esac
	done
	head -c 20000 "$(command -v xqperft)" >"$T/garbage.bin"
	# fixed pseudo-random bytes (perl's drand48, seeded): the same file every run
	perl -e 'srand(42); print map { chr(int(rand(256))) } 1..20000' >"$T/random.bin"
	run -2 xqconv -q "$T/random.bin"
	run -2 xqcheck -q "$T/random.bin"
	run -2 --separate-stderr xqconv "$T/garbage.bin"
	[ "$stderr" = "xqconv: $T/garbage.bin: fatal: unrecognised format: looks like an executable (ELF), no game record found
xqconv: 0 games read, 0 written, 0 dropped" ]
	run -1 --separate-stderr xqconv -f pgn "$T/garbage.bin"
	[[ "$stderr" == *"unreadable bytes"* ]]
	# how many games the bytes of a build split into depends on the build:
	# every one read is dropped
	[[ "$stderr" =~ ([0-9]+)\ games?\ read,\ 0\ written,\ ([0-9]+)\ dropped ]]
	[ "${BASH_REMATCH[1]}" -ge 1 ] && [ "${BASH_REMATCH[1]}" = "${BASH_REMATCH[2]}" ]
}

@test "-q and -v" {
	run -1 --separate-stderr xqconv -q "$S/bad_illegal.pgn"
	[ "$stderr" = "xqconv: 1 game read, 0 written, 1 dropped" ]
	printf '[Game "Chinese Chess"]\n[Weather "rain"]\n\n1. h2e2 *\n' >"$T/tag.pgn"
	run -0 --separate-stderr xqconv -v "$T/tag.pgn"
	[ "$stderr" = "xqconv: $T/tag.pgn:2:1: note: game 1: unknown tag 'Weather' kept
xqconv: 1 game read, 1 written, 0 dropped" ]
	expected='[Game "Chinese Chess"]
[Red "?"]
[Black "?"]
[Result "*"]
[Weather "rain"]
[Format "Chinese"]

1. 炮二平五 *'
	[ "$output" = "$expected" ]
	run -0 xqconv --quiet --verbose "$T/tag.pgn"
}

@test "a brace inside a comment is written as a stand-in, with a warning" {
	printf '[DhtmlXQ][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][DhtmlXQ_comment1]x } y[/DhtmlXQ_comment1][/DhtmlXQ]\n' >"$T/brace.txt"
	run -0 --separate-stderr xqconv -f dhtmlxq "$T/brace.txt"
	expected='[Game "Chinese Chess"]
[Red "?"]
[Black "?"]
[Result "*"]
[Format "Chinese"]

1. 炮二平五 { x ｝ y } *'
	[ "$output" = "$expected" ]
	[ "$stderr" = "xqconv: $T/brace.txt:1: warning: game 1: a comment holds 1 character PGN cannot write ('}' or a control character), written as '｝' or a space: 'x } y' (writing '<stdout>')
xqconv: 1 game read, 1 written, 0 dropped" ]
}

@test "--split N: files of N games in -d DIR, numbered, the rest in the last" {
	f="$SHARED/corpus/pgn/wukong_iccs_small_utf8.pgn"
	mkdir "$T/sp"
	run -0 --separate-stderr xqconv --split 4 -d "$T/sp" "$f" "$S/games.pgn"
	[ "$(ls "$T/sp")" = "000001.pgn
000002.pgn
000003.pgn
000004.pgn
000005.pgn" ]
	for i in 1 2 3 4; do [ "$(grep -c '^\[Event' "$T/sp/00000$i.pgn")" = 4 ]; done
	[ "$(grep -c '^\[Event' "$T/sp/000005.pgn")" = 1 ]
	# the same games in the same order as one stream
	xqconv "$f" "$S/games.pgn" >"$T/one.pgn" 2>/dev/null
	cat "$T"/sp/*.pgn | cmp - "$T/one.pgn"
	# exactly N: no empty last file; -t picks the extension
	mkdir "$T/sp2"
	run -0 xqconv --split=17 -t text -d "$T/sp2" "$f" "$S/games.pgn"
	[ "$(ls "$T/sp2")" = 000001.txt ]
	# an existing numbered file is not overwritten
	run -2 xqconv --split 4 -d "$T/sp" "$f"
	[ "$output" = "xqconv: '$T/sp/000001.pgn' exists: not overwritten
xqconv: 1 game read, 0 written, 1 dropped" ]
	run -2 xqconv --split 4 "$f"
	run -2 xqconv --split 0 -d "$T/sp" "$f"
	run -2 xqconv --split 4 -t xqf -d "$T/sp" "$f"
}

@test "-E: every corpus file written in each encoding reads back without -e as with it" {
	[ -d "$SHARED/corpus" ] || { echo "shared corpus not found at $SHARED (set XQ_SHARED)"; false; }
	n=0 differ=""
	while IFS= read -r f; do
		for E in gbk gb18030 big5; do
			# (a game big5 cannot hold is refused: nothing to read back)
			xqconv -q -E "$E" -o "$T/w" "$f" 2>/dev/null || continue
			run -0 xqconv -q -e "$E" "$T/w"
			want=$output
			run -0 xqconv -q "$T/w"
			[ "$output" = "$want" ] || differ="$differ $E:${f##*/}"
			n=$((n + 1))
		done
	done < <(find "$SHARED/corpus" -type f \( -name '*.pgn*' -o -name '*.txt' -o -name '*.wxf' \
		-o -name '*.xqf' -o -name '*.cbf' -o -name '*.html' -o -name '*.dhtmlxq' -o -name '*.CBL' \
		-o -name '*.cbl' -o -name '*.cbr' \) | sort)
	echo "differ:$differ"
	[ -z "$differ" ]
	[ "$n" -ge 150 ]
}

@test "encoding: GBK that is valid UTF-8 is read as GBK, with a warning naming both" {
	printf '[Event "x"]\n\n1. h2e2 h9g7 { \xca\xb5\xd5\xbd } *\n' >"$T/gbk.pgn"
	expected='[Game "Chinese Chess"]
[Event "x"]
[Red "?"]
[Black "?"]
[Result "*"]
[Format "ICCS"]

1. h2e2 h9g7 { 实战 } *'
	run -0 --separate-stderr xqconv -n iccs "$T/gbk.pgn"
	[ "$output" = "$expected" ]
	# (the bytes are Big5 too: the runner-up named is BIG5)
	[ "$stderr" = "xqconv: $T/gbk.pgn: warning: the encoding is read as GB18030, but BIG5 is close: too little text to tell them apart (say which with the encoding option, -e)
xqconv: 1 game read, 1 written, 0 dropped" ]
	run -0 --separate-stderr xqconv -e gbk -n iccs "$T/gbk.pgn"
	[ "$output" = "$expected" ]
	[ "$stderr" = "xqconv: 1 game read, 1 written, 0 dropped" ]
}

@test "--keep-broken: a variation kept as a comment reads back with its text" {
	printf '1. h2e2 h9g7 (1... h2h3 2. h0g2) 2. h0g2 *\n' >"$T/kb.pgn"
	run -1 --separate-stderr xqconv --keep-broken -n iccs -o "$T/kb2.pgn" "$T/kb.pgn"
	[ "$stderr" = "xqconv: $T/kb.pgn:1:20: error: game 1, ply 2: h2h3: illegal move: no legal move from h2 to h3
xqconv: 1 game read, 1 written, 0 dropped" ]
	expected='[Game "Chinese Chess"]
[Red "?"]
[Black "?"]
[Result "*"]
[Format "ICCS"]

1. h2e2 h9g7 ({ unplayable moves as written: h2h3 h0g2 }) 2. h0g2 *'
	diff -u <(printf '%s\n\n' "$expected") "$T/kb2.pgn"
	run -0 --separate-stderr xqconv -n iccs "$T/kb2.pgn"
	[ "$output" = '[Game "Chinese Chess"]
[Red "?"]
[Black "?"]
[Result "*"]
[Format "ICCS"]

1. h2e2 h9g7 { unplayable moves as written: h2h3 h0g2 } 2. h0g2 *' ]
	[ "$stderr" = "xqconv: 1 game read, 1 written, 0 dropped" ]
}

@test "encoding: decided from the whole input, not the first chunk with a byte past ASCII" {
	# 实战 (GBK, valid UTF-8 too) early; the GBK notation that settles it
	# more than 64 KiB later
	{ printf '[Event "a"]\n\n1. h2e2 h9g7 { \xca\xb5\xd5\xbd } *\n\n'
	  for i in $(seq 1 3000); do printf '[Event "b"]\n\n1. h2e2 h9g7 *\n\n'; done
	  printf '[Event "c"]\n\n1. \xc5\xda\xb6\xfe\xc6\xbd\xce\xe5 \xc2\xed\xa3\xb8\xbd\xf8\xa3\xb7 *\n'
	} >"$T/late.pgn"
	[ "$(wc -c <"$T/late.pgn")" -gt 70000 ]
	run -0 --separate-stderr xqconv -n iccs "$T/late.pgn"
	[ "$stderr" = "xqconv: 3002 games read, 3002 written, 0 dropped" ]
	# every game whole: the first one's comment read as GBK
	game() { printf '[Game "Chinese Chess"]\n[Event "%s"]\n[Red "?"]\n[Black "?"]\n[Result "*"]\n[Format "ICCS"]\n\n%s *\n\n' "$1" "$2"; }
	{ game a '1. h2e2 h9g7 { 实战 }'
	  for i in $(seq 1 3000); do game b '1. h2e2 h9g7'; done
	  game c '1. h2e2 h9g7'
	} >"$T/want"
	diff -u "$T/want" <(printf '%s\n\n' "$output")
}
