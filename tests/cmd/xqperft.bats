#!/usr/bin/env bats
# xqperft: every option, its output shape and its errors.
bats_require_minimum_version 1.5.0

START='rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1'
MID='r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1'

@test "default: start position, depth 1" {
	run -0 xqperft
	[ "$output" = "44" ]
}

@test "-p, --plies and --depth" {
	run -0 xqperft -p 3
	[ "$output" = "79666" ]
	run -0 xqperft --depth=2
	[ "$output" = "1920" ]
	run -0 xqperft --depth 0
	[ "$output" = "1" ]
	run -0 xqperft --plies 2
	[ "$output" = "1920" ]
}

@test "FEN as one argument and as separate fields" {
	run -0 xqperft -p 2 "$MID"
	[ "$output" = "1128" ]
	run -0 xqperft -p 2 $MID
	[ "$output" = "1128" ]
}

@test "-D lists each root move sorted, total last" {
	run -0 xqperft -D -p 2
	[ "${#lines[@]}" -eq 45 ]
	[ "${lines[0]}" = "a0a1 44" ]
	[ "${lines[44]}" = "1920" ]
	sorted=$(printf '%s\n' "${lines[@]:0:44}" | LC_ALL=C sort -c && echo yes)
	[ "$sorted" = "yes" ]
	sum=0
	for l in "${lines[@]:0:44}"; do sum=$((sum + ${l#* })); done
	[ "$sum" -eq 1920 ]
}

@test "--divide matches fairy-stockfish's split at depth 1" {
	run -0 xqperft --divide "$MID"
	[ "${lines[-1]}" = "38" ]
	[[ "$output" == *"b6c8 1"* ]]
}

@test "-v (--verbose, --time) reports time and speed on stderr, not stdout" {
	for opt in -v --verbose --time; do
		run -0 --separate-stderr xqperft $opt -p 3
		[ "$output" = "79666" ]
		[[ "$stderr" == "xqperft: depth 3: 79666 nodes in "*" s, "*" nodes/s" ]]
	done
	run -0 --separate-stderr xqperft -p 3
	[ -z "$stderr" ]
}

# synopsis: what every usage error says after its message, the usage
# line of --help and where the rest of it is.
synopsis() {
	cat <<'EOF'
usage: xqperft [-Dhv] [-p plies] [fen]
Try 'xqperft --help' for more.
EOF
}

@test "-d and -t are not perft options (they mean directory and format elsewhere)" {
	run -2 --separate-stderr xqperft -d 3
	[ "$stderr" = "xqperft: unknown option '-d'"$'\n'"$(synopsis)" ]
	run -2 --separate-stderr xqperft -t
	[ "$stderr" = "xqperft: unknown option '-t'"$'\n'"$(synopsis)" ]
}

@test "usage errors: the message, the synopsis and where the help is; exit 2, nothing on stdout" {
	run -2 --separate-stderr xqperft --bogus
	[ "$output" = "" ]
	[ "$stderr" = "xqperft: unknown option '--bogus'"$'\n'"$(synopsis)" ]
	run -2 --separate-stderr xqperft -Dz
	[ "$output" = "" ]
	[ "$stderr" = "xqperft: unknown option '-z'"$'\n'"$(synopsis)" ]
	run -2 --separate-stderr xqperft -D -p
	[ "$output" = "" ]
	[ "$stderr" = "xqperft: option '-p' needs a value"$'\n'"$(synopsis)" ]
	run -2 --separate-stderr xqperft --depth
	[ "$output" = "" ]
	[ "$stderr" = "xqperft: option '--depth' needs a value"$'\n'"$(synopsis)" ]
	run -2 --separate-stderr xqperft --divide=2
	[ "$output" = "" ]
	[ "$stderr" = "xqperft: option '--divide' takes no value"$'\n'"$(synopsis)" ]
	run -2 --separate-stderr xqperft -p 33
	[ "$output" = "" ]
	[ "$stderr" = "xqperft: invalid plies '33' (expected 0..32)"$'\n'"$(synopsis)" ]
	run -2 --separate-stderr xqperft --d 2
	[ "$output" = "" ]
	[ "$stderr" = "xqperft: option '--d' is ambiguous: --depth, --divide"$'\n'"$(synopsis)" ]
}

@test "checkmated side has no moves" {
	run -0 xqperft 'R2k5/R8/9/9/9/9/9/9/9/4K4 b'
	[ "$output" = "0" ]
}

@test "bad FEN: message with column, exit 2" {
	run -2 --separate-stderr xqperft 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w'
	[ -z "$output" ]
	[ "$stderr" = "xqperft: invalid FEN 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w': column 59: unknown piece letter 'X'"$'\n'"$(synopsis)" ]
}

@test "facing kings rejected" {
	run -2 --separate-stderr xqperft '4k4/9/9/9/9/9/9/9/9/4K4 w'
	[[ "$stderr" == *"kings face each other"* ]]
}

@test "bad depth and bad option exit 2" {
	run -2 xqperft -p x
	run -2 xqperft -p 99
	run -2 xqperft -p -1
	run -0 xqperft -p 32 'R2k5/R8/9/9/9/9/9/9/9/4K4 b'
	run -2 xqperft -p 33
	run -2 xqperft --bogus
	run -2 xqperft -z
}

@test "--help on stdout exit 0, -h too" {
	run -0 xqperft --help
	[[ "${lines[0]}" == "usage: xqperft"* ]]
	run -0 xqperft -h
	[[ "${lines[0]}" == "usage: xqperft"* ]]
}

@test "--version and -V" {
	run -0 xqperft --version
	[[ "$output" == "xqperft (xqtools) "* ]]
	run -0 xqperft -V
	[[ "$output" == "xqperft (xqtools) "* ]]
}

@test "write error on stdout is exit 2" {
	run -2 --separate-stderr sh -c 'xqperft > /dev/full'
	[[ "$stderr" == *"error writing standard output"* ]]
}
