#!/usr/bin/env bats
# The progress line of the commands that read records (xqconv, xqcheck,
# xqgrep, xqstats, xqjudge): shown on a terminal (tests/diff/tty_stderr
# puts standard error on a pseudo-terminal), per cent and time left for
# files, games and rate for a pipe, the sums of the workers under -J;
# never when standard error is a file or a pipe; cleared before each
# diagnostic; the output the same either way.
bats_require_minimum_version 1.5.0

setup() {
	ROOT="$BATS_TEST_DIRNAME/../.."
	SHARED="${XQ_SHARED:-$ROOT/../shared}"
	C="$SHARED/corpus/pgn"
	T="$BATS_TEST_TMPDIR"
	TTY="$ROOT/build/tools/tty_stderr"
	F="$C/wukong_iccs_1125_games.pgn"
	[ -f "$F" ] || { echo "the shared corpus is missing: $F (set XQ_SHARED)" >&2; return 1; }
	# a line at every game, so that a short run shows some
	export XQ_PROGRESS_INTERVAL=0
	# a game with an illegal move between valid ones: a diagnostic mid-run
	{
		head -n 12 "$F"
		printf '[Event "bad"]\n[Red "LIU x"]\n[Black "y"]\n\n1. h2e2 h9g7 2. a0a5 *\n\n'
		tail -n +13 "$F"
	} >"$T/mixed.pgn"
}

# Each command as run here: its arguments, the input last.
args() {
	case $1 in
	xqconv) echo "xqconv -t pgn" ;;
	xqcheck) echo "xqcheck" ;;
	xqgrep) echo "xqgrep -P liu" ;;
	xqstats) echo "xqstats -p 2" ;;
	xqjudge) echo "xqjudge" ;;
	esac
}

@test "on a terminal: per cent, games and time left, then the line erased; the output unchanged" {
	for c in xqconv xqcheck xqgrep xqstats xqjudge; do
		read -ra cmd <<<"$(args "$c")"
		run "$TTY" "$T/tty" "${cmd[@]}" "$F"
		[ "$status" -le 1 ]
		printf '%s\n' "$output" >"$T/out.tty"
		st=$status
		run --separate-stderr "${cmd[@]}" "$F"
		[ "$status" = "$st" ]
		printf '%s\n' "$output" >"$T/out.file"
		cmp "$T/out.tty" "$T/out.file"
		# the lines: over each other with \r, erased at the end
		grep -aq $'\r'"$c: $F: [0-9]*%, 1 game, [?0-9:]* left"$'\033\\[K' "$T/tty"
		grep -aq $'\r'"$c: $F: 100%, 1125 games, [?0-9:]* left"$'\033\\[K'$'\r\033\\[K' "$T/tty"
		# no line of them left standing: after the last \r, nothing of them
		last=$(tr -d '\n' <"$T/tty")
		last=${last##*$'\r'}
		[[ "$last" != *games* ]]
		# a file or a pipe on standard error: nothing of them
		"${cmd[@]}" "$F" 2>"$T/err" >/dev/null || [ $? = 1 ]
		run -1 grep -aq $'[\r\033]' "$T/err"
	done
}

@test "standard error a pipe: no progress line" {
	for c in xqconv xqcheck xqgrep xqstats xqjudge; do
		read -ra cmd <<<"$(args "$c")"
		run bash -o pipefail -c '"$@" 2>&1 >/dev/null | od -c' _ "${cmd[@]}" "$F"
		[ "$status" -le 1 ]
		[[ "$output" != *'\r'* && "$output" != *033* ]]
	done
}

@test "a pipe on standard input: games and a rate, no per cent" {
	for c in xqconv xqcheck xqgrep xqstats xqjudge; do
		read -ra cmd <<<"$(args "$c")"
		run bash -c 'cat "$1" | "${@:2}"' _ "$F" "$TTY" "$T/tty" "${cmd[@]}" -
		[ "$status" -le 1 ]
		grep -aq $'\r'"$c: <stdin>: 1125 games, [0-9]* games/s"$'\033\\[K' "$T/tty"
		run -1 grep -aq '%' "$T/tty"
	done
}

@test "a diagnostic clears the progress line first; the next line comes after it" {
	for c in xqconv xqcheck xqgrep xqstats xqjudge; do
		read -ra cmd <<<"$(args "$c")"
		run "$TTY" "$T/tty" "${cmd[@]}" "$T/mixed.pgn"
		[ "$status" -ge 1 ]
		# the diagnostic stands at the start of its terminal line: after a
		# \r and the erase, with no progress text before it on the screen
		n=0
		while IFS= read -r line; do
			line=${line%$'\r'}
			rest=${line##*$'\r'}
			[[ "$rest" == $'\033[K'"$c: $T/mixed.pgn:"*error:* ]]
			n=$((n + 1))
		done < <(grep -a 'error:' "$T/tty")
		[ "$n" -ge 1 ]
		# progress before and after it
		grep -aq $'\r'"$c: $T/mixed.pgn: [0-9]*%, 2 games" "$T/tty"
		grep -aq $'\r'"$c: $T/mixed.pgn: 100%, 1126 games" "$T/tty"
	done
}

@test "-q: no progress line; a narrow terminal: the name's end, one row" {
	run "$TTY" "$T/tty" xqstats -q -p 0 "$F"
	[ "$status" = 0 ]
	run -1 grep -aq 'games,' "$T/tty"
	run "$TTY" -w 60 "$T/tty" xqstats -p 0 "$F"
	[ "$status" = 0 ]
	grep -aq $'\r'"xqstats: \\.\\.\\.[a-z_0-9]*\\.pgn: 100%, 1125 games, [?0-9:]* left"$'\033\\[K' "$T/tty"
	# no line wider than the terminal
	while IFS= read -r seg; do
		seg=${seg%$'\033[K'}
		[ "${#seg}" -lt 60 ]
	done < <(tr '\r' '\n' <"$T/tty" | grep -a 'games,')
}

@test "xqannotate: its line of plies on the same row, erased before the summary" {
	head -n 6 "$F" >"$T/one.pgn"
	run -0 "$TTY" "$T/tty" xqannotate --depth 1 "$T/one.pgn"
	printf '%s\n' "$output" >"$T/out.tty"
	grep -aq $'\r'"xqannotate: game 1, ply 1 of [0-9]*, about [0-9]* s left in this game"$'\033\\[K' "$T/tty"
	grep -aq $'\r\033\\[K'"xqannotate: 1 game read" "$T/tty"
	run -0 --separate-stderr xqannotate --depth 1 "$T/one.pgn"
	printf '%s\n' "$output" >"$T/out.file"
	printf '%s\n' "$stderr" >"$T/err"
	cmp "$T/out.tty" "$T/out.file"
	grep -q 'xqannotate: 1 game read' "$T/err"
	run -1 grep -aq $'[\r\033]' "$T/err"
}

@test "xqannotate -J: the games done and under way on one row, erased before the summary" {
	awk '/^\[Event /{ n++ } n <= 3' "$F" >"$T/three.pgn"
	run -0 "$TTY" "$T/tty" xqannotate -J 2 --depth 1 "$T/three.pgn"
	printf '%s\n' "$output" >"$T/out.tty"
	grep -aq $'\r'"xqannotate: 0 games done, [12] under way: ply [0-9]* of [0-9]*, about [0-9]* s left in them"$'\033\\[K' "$T/tty"
	grep -aq $'\r'"xqannotate: 2 games done, 1 under way: ply [0-9]* of [0-9]*" "$T/tty"
	grep -aq $'\r\033\\[K'"xqannotate: 3 games read" "$T/tty"
	run -0 --separate-stderr xqannotate --depth 1 "$T/three.pgn"
	printf '%s\n' "$output" >"$T/out.one"
	cmp "$T/out.tty" "$T/out.one"
	run -0 "$TTY" "$T/tty" xqannotate -q -J 2 --depth 1 "$T/three.pgn"
	run -1 grep -aq 'under way' "$T/tty"
}

@test "-J over a file, a pipe, a .gz file and several files: the workers' sums, erased; the output one job's" {
	gzip -c "$F" >"$T/f.pgn.gz"
	# the games in two files, the first 500 and the rest
	awk -v a="$T/a.pgn" -v b="$T/b.pgn" '/^\[Event /{ n++ } { print > (n <= 500 ? a : b) }' "$F"
	for c in xqconv xqcheck xqgrep xqstats xqjudge; do
		read -ra cmd <<<"$(args "$c")"
		# a file in ranges of 64 KiB, the workers' games at the end
		run env XQ_JOBS_RANGE=65536 "$TTY" "$T/tty" "${cmd[0]}" -J 2 "${cmd[@]:1}" "$F"
		[ "$status" -le 1 ]
		printf '%s\n' "$output" >"$T/out.tty"
		grep -aq $'\r'"$c: $F: [0-9]*%, [0-9]* games, [?0-9:]* left"$'\033\\[K' "$T/tty"
		grep -aq $'\r'"$c: $F: 100%, 1125 games, [?0-9:]* left"$'\033\\[K'$'\r\033\\[K' "$T/tty"
		last=$(tr -d '\n' <"$T/tty")
		last=${last##*$'\r'}
		[[ "$last" != *games,* ]]
		run --separate-stderr "${cmd[@]}" "$F"
		printf '%s\n' "$output" >"$T/out.one"
		cmp "$T/out.tty" "$T/out.one"
		# a pipe in chunks: games and a rate
		run bash -c 'cat "$1" | XQ_JOBS_CHUNK=100000 "${@:2}"' _ "$F" "$TTY" "$T/tty" \
			"${cmd[0]}" -J 2 "${cmd[@]:1}" -
		[ "$status" -le 1 ]
		printf '%s\n' "$output" >"$T/out.tty"
		grep -aq $'\r'"$c: <stdin>: 1125 games, [0-9]* games/s"$'\033\\[K'$'\r\033\\[K' "$T/tty"
		run -1 grep -aq '%' "$T/tty"
		run bash -c 'cat "$1" | "${@:2}" 2>/dev/null' _ "$F" "${cmd[@]}" -
		printf '%s\n' "$output" >"$T/out.one"
		cmp "$T/out.tty" "$T/out.one"
		# a .gz file in chunks: per cent of its compressed bytes
		run env XQ_JOBS_CHUNK=100000 "$TTY" "$T/tty" "${cmd[0]}" -J 2 "${cmd[@]:1}" "$T/f.pgn.gz"
		[ "$status" -le 1 ]
		grep -aq $'\r'"$c: $T/f.pgn.gz: 100%, 1125 games, [?0-9:]* left"$'\033\\[K'$'\r\033\\[K' "$T/tty"
		# several files, a group a job: their count for the name
		run "$TTY" "$T/tty" "${cmd[0]}" -J 2 "${cmd[@]:1}" "$T/a.pgn" "$T/b.pgn"
		[ "$status" -le 1 ]
		grep -aq $'\r'"$c: 2 files: 100%, 1125 games, [?0-9:]* left"$'\033\\[K'$'\r\033\\[K' "$T/tty"
		# -q, or standard error a file: none
		run "$TTY" "$T/tty" "${cmd[0]}" -q -J 2 "${cmd[@]:1}" "$F"
		run -1 grep -aq 'games,' "$T/tty"
		"${cmd[0]}" -J 2 "${cmd[@]:1}" "$F" 2>"$T/err" >/dev/null || [ $? = 1 ]
		run -1 grep -aq $'[\r\033]' "$T/err"
	done
}
