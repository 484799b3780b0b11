#!/usr/bin/env bats
# xqengine: the UCI session, every command and limit, its errors.
bats_require_minimum_version 1.5.0

# Drop the two fields that depend on the clock.
untimed() { sed -E 's/ nps [0-9]+ time [0-9]+//'; }

SESSION='uci
setoption name UCI_Variant value xiangqi
isready
ucinewgame
position startpos moves h2e2 h9g7
go depth 5'

# What xqengine answers to uci.
HANDSHAKE='id name xqengine 0.1.0
id author the xqtools authors
option name Hash type spin default 16 min 1 max 4096
option name Threads type spin default 1 min 1 max 64
option name Clear Hash type button
option name UCI_Variant type combo default xiangqi var xiangqi
uciok'

@test "a scripted session at fixed depth, compared whole" {
	run -0 bash -c "printf '%s\n' '$SESSION' | xqengine"
	expected="$HANDSHAKE"'
readyok
info depth 1 seldepth 3 score cp 71 nodes 51 pv i0i1
info depth 2 seldepth 8 score cp -3 nodes 371 pv i0i1 i9i8
info depth 3 seldepth 10 score cp 84 nodes 1295 pv i0i1 i9i8 i1f1
info depth 4 seldepth 10 score cp 2 nodes 4889 pv e2g2 h7h4 i0i1 i9i8
info depth 5 seldepth 13 score cp 79 nodes 12245 pv i0i1 i9i8 i1f1 i8d8 b2b5
bestmove i0i1 ponder i9i8'
	[ "$(untimed <<<"$output")" = "$expected" ]
}

@test "info lines carry nps and time as numbers; the session is reproducible" {
	a=$(printf '%s\n' "$SESSION" | xqengine)
	b=$(printf '%s\n' "$SESSION" | xqengine)
	[ "$(echo "$a" | untimed)" = "$(echo "$b" | untimed)" ]
	n=$(echo "$a" | grep -cE '^info depth [0-9]+ seldepth [0-9]+ score cp -?[0-9]+ nodes [0-9]+ nps [0-9]+ time [0-9]+ pv( [a-i][0-9][a-i][0-9])+$')
	[ "$n" -eq 5 ]
}

@test "position fen ... moves: mate in one is score mate 1" {
	run -0 bash -c "printf 'position fen 4k4/3a1a3/4P4/9/9/9/9/9/9/R2K5 w - - 0 1\ngo depth 3\n' | xqengine"
	[[ "${lines[0]}" == "info depth 1 "*" score mate 1 "*" pv a0a9" ]]
	[ "${lines[-1]}" = "bestmove a0a9" ]
	# the same position reached by moves
	run -0 bash -c "printf 'position fen 4k4/3a1a3/4P4/9/9/9/9/9/R8/3K5 w - - 0 1 moves a1a2 e9d9 a2a0 d9e9\ngo depth 2\n' | xqengine"
	[ "${lines[-1]}" = "bestmove a0a9" ]
}

@test "the side to move is being mated: mate -N; no legal move: bestmove (none)" {
	run -0 bash -c "printf 'position fen 4k4/3a1a3/4P4/9/9/9/9/9/9/R2K5 w - - 0 1 moves a0a9\ngo depth 2\n' | xqengine"
	[ "$output" = "bestmove (none)" ]
	run -0 bash -c "printf 'position fen 4k4/9/9/9/9/9/9/9/R8/1R3K3 b - - 0 1\ngo depth 4\n' | xqengine"
	[[ "${lines[-2]}" == "info depth 4 "*" score mate -2 "* ]]
}

@test "go nodes: the node limit is kept within a few thousand" {
	run -0 bash -c "printf 'position startpos\ngo nodes 20000\n' | xqengine"
	[[ "${lines[-1]}" == "bestmove "* ]]
	n=$(echo "$output" | grep '^info' | tail -1 | sed -E 's/.* nodes ([0-9]+) .*/\1/')
	[ "$n" -le 24096 ]
	printf 'position startpos\ngo nodes 20000\n' | xqengine >"$BATS_TEST_TMPDIR/a"
	printf 'position startpos\ngo nodes 20000\n' | xqengine >"$BATS_TEST_TMPDIR/b"
	[ "$(untimed <"$BATS_TEST_TMPDIR/a")" = "$(untimed <"$BATS_TEST_TMPDIR/b")" ]
}

@test "go movetime and go wtime/btime/winc/binc/movestogo answer with a move" {
	run -0 bash -c "printf 'position startpos\ngo movetime 100\n' | xqengine"
	[[ "${lines[-1]}" =~ ^bestmove\ [a-i][0-9][a-i][0-9] ]]
	run -0 bash -c "printf 'position startpos moves h2e2\ngo wtime 2000 btime 2000 winc 10 binc 10\n' | xqengine"
	[[ "${lines[-1]}" =~ ^bestmove\ [a-i][0-9][a-i][0-9] ]]
	run -0 bash -c "printf 'position startpos\ngo wtime 3000 btime 1 movestogo 10\n' | xqengine"
	[[ "${lines[-1]}" =~ ^bestmove\ [a-i][0-9][a-i][0-9] ]]
}

@test "go infinite: isready answers at once, bestmove only after stop" {
	run -0 bash -c "{ printf 'position startpos\ngo infinite\nisready\n'; sleep 0.5; echo stop; sleep 0.2; echo quit; } | xqengine"
	r=$(printf '%s\n' "${lines[@]}" | grep -n '^readyok' | cut -d: -f1)
	b=$(printf '%s\n' "${lines[@]}" | grep -n '^bestmove' | cut -d: -f1)
	[ -n "$r" ] && [ -n "$b" ] && [ "$r" -lt "$b" ]
	[ "$(printf '%s\n' "${lines[@]}" | grep -c '^bestmove')" -eq 1 ]
}

@test "quit and the end of input stop an infinite search" {
	run -0 timeout 20 bash -c "{ printf 'position startpos\ngo infinite\n'; sleep 0.3; echo quit; } | xqengine"
	[[ "${lines[-1]}" == "bestmove "* ]]
	run -0 timeout 20 bash -c "printf 'position startpos\ngo infinite\n' | xqengine"
	[[ "${lines[-1]}" == "bestmove "* ]]
}

@test "a new go or position stops the running search first" {
	run -0 bash -c "{ printf 'position startpos\ngo infinite\n'; sleep 0.2; printf 'go depth 2\n'; } | xqengine"
	[ "$(printf '%s\n' "${lines[@]}" | grep -c '^bestmove')" -eq 2 ]
}

@test "setoption: Hash, Threads, Clear Hash, UCI_Variant; bad values reported" {
	run -0 bash -c "printf 'setoption name Hash value 4\nsetoption name Threads value 2\nsetoption name Clear Hash\nposition startpos\ngo depth 4\n' | xqengine"
	[[ "${lines[-1]}" == "bestmove "* ]]
	[ "$(printf '%s\n' "${lines[@]}" | grep -c '^info string')" -eq 0 ]
	run -0 bash -c "printf 'setoption name Hash value 0\nsetoption name Hash value 4097\nsetoption name Threads value 65\nsetoption name UCI_Variant value chess\nsetoption name Foo value 1\nsetoption Hash\n' | xqengine"
	[ "${lines[0]}" = "info string setoption: Hash must be 1..4096" ]
	[ "${lines[1]}" = "info string setoption: Hash must be 1..4096" ]
	[ "${lines[2]}" = "info string setoption: Threads must be 1..64" ]
	[ "${lines[3]}" = "info string setoption: only the variant xiangqi is played" ]
	[ "${lines[4]}" = "info string setoption: unknown option 'Foo' ignored" ]
	[ "${lines[5]}" = "info string setoption: 'name' expected" ]
}

@test "bad positions, moves and commands are reported with info string" {
	run -0 bash -o pipefail -c "printf 'position fen 9/9/9 w\nposition startpos moves h2e2 h2e2 b0c2\ngo depth 1\nposition\nposition nowhere\nfrobnicate\ngo depth x\ngo depth\ngo sideways depth 1\n' | xqengine"
	# Black to move after h2e2: the search plays for Black (i9i8)
	expected="info string position: invalid FEN '9/9/9 w': column 6: only 3 ranks, not 10
info string position: move 'h2e2': 'h2e2': no piece on h2; the moves from there on are ignored
info depth 1 seldepth 6 score cp 147 nodes 113 pv i9i8
bestmove i9i8
info string position: startpos or fen expected
info string position: startpos or fen expected, not 'nowhere'
info string unknown command 'frobnicate'
info string go: depth: not a number: 'x'
info string go: depth needs a number
info string go: unknown word 'sideways' ignored
info depth 1 seldepth 3 score cp 147 nodes 49 pv i9i8
bestmove i9i8"
	[ "$(untimed <<<"$output")" = "$expected" ]
}

@test "repetitions from the game are passed to the search" {
	# Red shuffles a chariot while Black's king is bare, two rounds: a0a1
	# would bring a position the third time, a draw (0), so a winning side
	# avoids it and keeps a positive score.  After one round a0a1 is a
	# second return only, not a draw, and scored as what follows.
	run -0 bash -c "printf 'position fen 4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1 moves a0a1 e9f9 a1a0 f9e9 a0a1 e9f9 a1a0 f9e9\ngo depth 4 searchmoves a0a1\n' | xqengine"
	[[ "${lines[-2]}" == "info depth 4 "*" score cp 0 "* ]]
	[[ "$output" != *"info string"* ]]   # the position and every move taken
	run -0 bash -c "printf 'position fen 4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1 moves a0a1 e9f9 a1a0 f9e9 a0a1 e9f9 a1a0 f9e9\ngo depth 4\n' | xqengine"
	[[ "${lines[-1]}" == "bestmove "* ]]
	[[ "${lines[-1]}" != "bestmove a0a1"* ]]
	[[ "${lines[-2]}" != *" score cp 0 "* ]]
	run -0 bash -c "printf 'position fen 4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1 moves a0a1 e9f9 a1a0 f9e9\ngo depth 4 searchmoves a0a1\n' | xqengine"
	[[ "${lines[-2]}" == "info depth 4 "* ]]
	[[ "${lines[-2]}" != *" score cp 0 "* ]]
}

# synopsis: what every usage error says after its message, the usage
# line of --help and where the rest of it is.
synopsis() {
	cat <<'EOF'
usage: xqengine [-hV] [-H mb] [-J threads]
Try 'xqengine --help' for more.
EOF
}

@test "-H and -J (--threads, --jobs): ranges checked; extra arguments refused" {
	run -0 bash -c "printf 'position startpos\ngo depth 3\n' | xqengine -H 2 -J 2"
	[[ "${lines[-1]}" == "bestmove "* ]]
	run -0 bash -c "printf 'position startpos\ngo depth 3\n' | xqengine --jobs 2"
	[[ "${lines[-1]}" == "bestmove "* ]]
	run -2 --separate-stderr xqengine --jobs=0
	[ "$stderr" = "xqengine: invalid thread count '0' (expected 1..64)"$'\n'"$(synopsis)" ]
	run -2 --separate-stderr xqengine -H 0
	[ "$stderr" = "xqengine: invalid hash size '0' (expected 1..4096)"$'\n'"$(synopsis)" ]
	run -2 --separate-stderr xqengine --threads=65
	[ "$stderr" = "xqengine: invalid thread count '65' (expected 1..64)"$'\n'"$(synopsis)" ]
	# an argument is a usage error: its message, then the synopsis
	run -2 --separate-stderr xqengine extra
	[ "$output" = "" ]
	[ "$stderr" = "xqengine: unexpected argument 'extra'"$'\n'"$(synopsis)" ]
}

@test "usage errors: the message, the synopsis and where the help is; exit 2, nothing on stdout" {
	run -2 --separate-stderr xqengine --bogus </dev/null
	[ "$output" = "" ]
	[ "$stderr" = "xqengine: unknown option '--bogus'"$'\n'"$(synopsis)" ]
	run -2 --separate-stderr xqengine -x </dev/null
	[ "$output" = "" ]
	[ "$stderr" = "xqengine: unknown option '-x'"$'\n'"$(synopsis)" ]
	run -2 --separate-stderr xqengine -H </dev/null
	[ "$output" = "" ]
	[ "$stderr" = "xqengine: option '-H' needs a value"$'\n'"$(synopsis)" ]
	run -2 --separate-stderr xqengine --threads </dev/null
	[ "$output" = "" ]
	[ "$stderr" = "xqengine: option '--threads' needs a value"$'\n'"$(synopsis)" ]
	run -2 --separate-stderr xqengine --help=all </dev/null
	[ "$output" = "" ]
	[ "$stderr" = "xqengine: option '--help' takes no value"$'\n'"$(synopsis)" ]
	run -2 --separate-stderr xqengine -H x </dev/null
	[ "$output" = "" ]
	[ "$stderr" = "xqengine: invalid hash size 'x' (expected 1..4096)"$'\n'"$(synopsis)" ]
	run -2 --separate-stderr xqengine -J 1 extra </dev/null
	[ "$output" = "" ]
	[ "$stderr" = "xqengine: unexpected argument 'extra'"$'\n'"$(synopsis)" ]
}

@test "go searchmoves: only the moves named, up to the next keyword; none legal is reported" {
	run -0 bash -c "printf '%s\n' uci 'position startpos moves h2e2 h9g7' 'go depth 3 searchmoves a0a1' isready | xqengine"
	[[ "$(echo "$output" | grep ^bestmove)" == "bestmove a0a1"* ]]
	# the moves end at the next keyword, which still counts
	# (readyok may come before the search's lines or after them: left out)
	run -0 bash -o pipefail -c "printf '%s\n' uci 'position startpos' 'go searchmoves b0c2 h0g2 depth 2' isready | xqengine | sed -E '/^(id|option) /d; /^readyok$/d; s/ nps [0-9]+ time [0-9]+//'"
	expected='uciok
info depth 1 seldepth 3 score cp -23 nodes 5 pv b0c2
info depth 2 seldepth 6 score cp -75 nodes 181 pv b0c2 b7b4
bestmove b0c2 ponder b7b4'
	[ "$output" = "$expected" ]
	# moves that are not legal here are not moves: reported, no search
	run -0 bash -c "printf '%s\n' uci 'position startpos' 'go depth 2 searchmoves a0a5' isready | xqengine"
	expected="$HANDSHAKE"'
info string go: unknown word '"'a0a5'"' ignored
info string go: searchmoves names no legal move
readyok'
	[ "$output" = "$expected" ]
}
