#!/usr/bin/env bats
# Across machines: a big file split on game boundaries by GNU parallel
# (--pipe --recstart on a game's first line, several jobs); the merged
# results of xqcheck, xqgrep and xqstats are byte-identical to one process.
# The file is the corpus replicated to XQ_PARALLEL_GAMES games (default
# 100,000, a large database; 20,000 under the ASan build, whose cost is per
# game while what is tested, the split and the merge, is the same), plus
# invalid games and duplicates.
bats_require_minimum_version 1.5.0

setup_file() {
	ROOT="$BATS_TEST_DIRNAME/../.."
	SHARED="${XQ_SHARED:-$ROOT/../shared}"
	C="$SHARED/corpus/pgn"
	case "$(command -v xqcheck)" in
	*/asan/bin/*) want=${XQ_PARALLEL_GAMES:-20000} ;;
	*) want=${XQ_PARALLEL_GAMES:-100000} ;;
	esac
	big="$BATS_FILE_TMPDIR/big.pgn"
	{
		n=0
		while [ "$n" -lt "$want" ]; do
			cat "$C/wukong_iccs_1125_games.pgn"
			printf '[Event "bad %d"]\n[Red "X"]\n[Black "Y"]\n\n1. h2e2 h9g7 2. h2h9 *\n\n' "$n"
			cat "$C/wukong_hu_ronghua_1391_iccs.pgn"
			n=$((n + 1125 + 1 + 1391))
		done
	} >"$big"
	export big want
}

setup() {
	T="$BATS_TEST_TMPDIR"
	# several jobs, blocks small enough that there are many parts
	P="parallel -q --pipe --recstart [Event --block 400k -j 4"
}

@test "the input is big and splits into many parts" {
	[ "$(grep -c '^\[Event ' "$big")" -ge "$want" ]
	n=$($P -k wc -l <"$big" | wc -l)
	[ "$n" -ge 8 ]
	# every part starts at a game's first line
	[ "$($P -k head -1 <"$big" | grep -v -c '^\[Event ')" = 0 ]
}

@test "xqcheck --partial | xqcheck --merge: the diagnostics, -j lines and summary of one run" {
	# the input is blocks of 2517 games (1125, a bad one, 1391) of L lines;
	# the bad game of each is game 1126 of the block, its bad move on the
	# block's line 6755
	blocks=$(((want + 2516) / 2517))
	games=$((blocks * 2517))
	L=$(($(wc -l <"$big") / blocks))
	summary="xqcheck: $games games: $((games - blocks)) valid, $blocks invalid ($blocks errors, 0 warnings)"
	for k in $(seq 0 $((blocks - 1))); do
		echo "xqcheck: <stdin>:$((6755 + k * L)):17: error: game $((1126 + k * 2517)), ply 3: h2h9: illegal move: no legal move from h2 to h9"
	done >"$T/errors"
	for opts in "-v" "-j"; do
		rc=0
		# shellcheck disable=SC2086
		xqcheck $opts <"$big" >"$T/one.out" 2>"$T/one.err" || rc=$?
		[ "$rc" = 1 ]
		# -v: the errors, then the summary; -j: the errors are in the lines
		if [ "$opts" = -v ]; then
			diff -u <(cat "$T/errors"; echo "$summary") "$T/one.err"
		else
			diff -u <(echo "$summary") "$T/one.err"
		fi
		# shellcheck disable=SC2086
		$P -k xqcheck $opts --partial <"$big" >"$T/parts" || true
		[ "$(grep -c '^#xqcheck-partial' "$T/parts")" -ge 8 ]
		rc=0
		xqcheck --merge "$T/parts" >"$T/merged.out" 2>"$T/merged.err" || rc=$?
		[ "$rc" = 1 ]
		cmp "$T/one.out" "$T/merged.out"
		cmp "$T/one.err" "$T/merged.err"
	done
	# an invalid game in every 2517, the last ones far into the input
	[ "$(grep -c '"status":"invalid"' "$T/one.out")" -ge $((want / 2600)) ]
	last=$(grep '"status":"invalid"' "$T/one.out" | tail -1 | sed 's/.*"index":\([0-9]*\),.*/\1/')
	[ "$last" -gt $((want / 2)) ]
	# the summaries alone
	$P xqcheck -q --summary-json <"$big" >"$T/sums" || true
	run -1 --separate-stderr xqcheck --merge-summary "$T/sums"
	[ "$stderr" = "$(tail -1 "$T/one.err")" ]
}

@test "xqgrep: the games (kept in order), -c and --unique byte-identical" {
	for c in "-T|Event~National" "--opening|h2e2 h9g7 h0g2" \
		 "--fen|rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b" \
		 "--material|R2P/R" "-P|HU RongHua|--plies|..60"; do
		IFS='|' read -ra crit <<<"$c"
		xqgrep -q "${crit[@]}" <"$big" >"$T/one.pgn" || true
		$P -k xqgrep -q "${crit[@]}" <"$big" >"$T/par.pgn" || true
		[ -s "$T/one.pgn" ]
		cmp "$T/one.pgn" "$T/par.pgn"
		one=$(xqgrep -q -c "${crit[@]}" <"$big" || true)
		$P xqgrep -q -c "${crit[@]}" <"$big" >"$T/counts" || true
		par=$(awk '{ s += $1 } END { print s }' "$T/counts")
		[ "$one" = "$par" ]
	done
	xqgrep --unique <"$big" 2>"$T/one.err" >"$T/one.pgn" || true
	grep -v 'invalid\|error' "$T/one.err" >"$T/one.dups"
	$P -k xqgrep -q --unique --keys <"$big" >"$T/keys" || true
	xqgrep --merge-keys --write-drops "$T/drops" "$T/keys" 2>"$T/merged.dups"
	[ "$(grep -c 'is a duplicate' "$T/one.dups")" -gt 1000 ]
	cmp "$T/one.dups" "$T/merged.dups"
	# the second pass: each part's games less the duplicates of all parts
	$P -k xqgrep -q --unique --drops "$T/drops" --part '{#}' <"$big" >"$T/par.pgn" || true
	[ -s "$T/one.pgn" ]
	cmp "$T/one.pgn" "$T/par.pgn"
}

@test "xqstats --partial | xqstats --merge: text, JSON and SVG byte-identical" {
	xqstats -q -p 3 --svg "$T/one.svg" <"$big" >"$T/one.txt" || true
	xqstats -q -j -p 3 <"$big" >"$T/one.json" || true
	$P xqstats -q --partial -p 3 <"$big" >"$T/parts" || true
	run -1 xqstats --merge --svg "$T/merged.svg" -o "$T/merged.txt" "$T/parts"
	run -1 xqstats --merge -j -o "$T/merged.json" <"$T/parts"
	cmp "$T/one.txt" "$T/merged.txt"
	cmp "$T/one.json" "$T/merged.json"
	cmp "$T/one.svg" "$T/merged.svg"
	blocks=$(((want + 2516) / 2517))
	[ "$(head -1 "$T/one.txt")" = "$((blocks * 2517 - blocks)) games ($blocks invalid games left out)" ]
}
