#!/usr/bin/env bats
# ECCO openings in the commands: xqconv --ecco and --ecco=check, xqgrep
# --ecco and --opening-name, xqstats --by ecco and --trad, xqshow --ecco
# (outputs of samples/ecco.pgn compared whole in tests/golden), and the
# agreement with the ECCO tags other tools wrote in ../shared/corpus.
bats_require_minimum_version 1.5.0

setup() {
	ROOT="$BATS_TEST_DIRNAME/../.."
	SHARED="${XQ_SHARED:-$ROOT/../shared}"
	S="$ROOT/samples"
	T="$BATS_TEST_TMPDIR"
}

@test "--help names the ECCO options of every command" {
	# each option's whole entry, from its first line to the next option's
	run -0 xqconv --help
	expected='      --ecco           set the ECCO, Opening and Variation tags from the
                       opening (games from the standard start)
      --ecco=check     a warning for each game whose ECCO tag disagrees'
	[ "$(sed -n '/^      --ecco  /,/^      --ecco=check/p' <<<"$output")" = "$expected" ]
	run -0 xqgrep --help
	expected='      --ecco=CODES     the opening'"'"'s ECCO code (classified from the moves)
                       is one of CODES: C45, a prefix C4, a range C40-C49
      --opening-name=TEXT  the ECCO opening or variation name contains TEXT
                       (simplified or traditional characters)'
	[ "$(sed -n '/^      --ecco=CODES/,/^                       (simplified/p' <<<"$output")" = "$expected" ]
	run -0 xqstats --help
	expected='      --by=ecco        games and Red'"'"'s score per ECCO opening code, and the
                       ECCO names in the opening tree
      --trad           ECCO names in traditional characters'
	[ "$(sed -n '/^      --by=ecco/,/^      --trad/p' <<<"$output")" = "$expected" ]
	run -0 xqshow --help
	expected='      --ecco           print only the ECCO code and names of the opening
                       that the moves from the start to the position play'
	[ "$(sed -n '/^      --ecco  /,/^                       that the moves/p' <<<"$output")" = "$expected" ]
}

# synopsis CMD: what every usage error of CMD says after its message: the
# usage lines that begin its --help (up to the first line of prose) and
# where the rest is.
synopsis() {
	"$1" --help | awk 'NR > 1 && !/^ / { exit } { print }'
	echo "Try '$1 --help' for more."
}

@test "bad ECCO option values: exit 2 with the reason" {
	# a bad value is a usage error: the reason, then the synopsis
	run -2 --separate-stderr xqconv --ecco=fix "$S/ecco.pgn"
	[ "$stderr" = "xqconv: unknown --ecco 'fix' (check, or nothing to set the tags)"$'\n'"$(synopsis xqconv)" ]
	[ -z "$output" ]
	for spec in F1 C456 C49-C40 C4- ""; do
		run -2 --separate-stderr xqgrep --ecco="$spec" "$S/ecco.pgn"
		[ "$stderr" = "xqgrep: invalid ECCO codes '$spec' (C45, C4, C40-C49)"$'\n'"$(synopsis xqgrep)" ]
		[ -z "$output" ]
	done
	run -2 --separate-stderr xqstats --by player "$S/ecco.pgn"
	[ "$stderr" = "xqstats: unknown --by 'player' (ecco)"$'\n'"$(synopsis xqstats)" ]
	run -2 --separate-stderr xqshow --ecco -F
	[ "$stderr" = "xqshow: choose one of -F, -m, --svg and --ecco"$'\n'"$(synopsis xqshow)" ]
}

@test "xqconv --ecco: tags set once; a second pass finds nothing to change" {
	run -0 --separate-stderr xqconv --ecco -o "$T/tagged.pgn" "$S/ecco.pgn"
	run -0 --separate-stderr xqconv --ecco=check -o /dev/null "$T/tagged.pgn"
	[ "$stderr" = "xqconv: 6 games read, 6 written, 0 dropped"$'\n'"xqconv: ECCO tags: 5 checked, 5 agree, 0 disagree" ]
	run -0 --separate-stderr xqconv --ecco -o "$T/again.pgn" "$T/tagged.pgn"
	cmp "$T/tagged.pgn" "$T/again.pgn"
	# the set-up game has no ECCO tags
	run -1 --separate-stderr xqgrep -c -T 'Round=5' -T 'ECCO~C' "$T/tagged.pgn"
	[ "$output" = "0" ]
	run -0 --separate-stderr xqgrep -c -T 'Round=4' -T 'ECCO=C30' -T 'Variation=' "$T/tagged.pgn"
	[ "$output" = "1" ]
}

@test "xqconv --ecco=check -q: no warnings, the count stays" {
	run -0 --separate-stderr xqconv -q --ecco=check -o /dev/null "$S/ecco.pgn"
	[ "$stderr" = "xqconv: 6 games read, 6 written, 0 dropped"$'\n'"xqconv: ECCO tags: 2 checked, 1 agree, 1 disagree" ]
}

@test "xqconv --ecco with Big5 output: traditional names" {
	run -0 --separate-stderr xqconv --ecco -E big5 -o "$T/big5.pgn" "$S/ecco.pgn"
	run -0 --separate-stderr xqgrep -c -e big5 -T 'Opening=中炮過河車互進七兵對屏風馬' "$T/big5.pgn"
	[ "$output" = "1" ]
}

@test "xqgrep --ecco: a code, a prefix, a range, lower case; -v the rest" {
	for spec in C45 C4 C40-C49 c4 C-C; do
		run -0 --separate-stderr xqgrep -c --ecco "$spec" "$S/ecco.pgn"
		case $spec in C-C) [ "$output" = "2" ] ;; *) [ "$output" = "1" ] ;; esac
	done
	run -1 --separate-stderr xqgrep -c --ecco B "$S/ecco.pgn"
	[ "$output" = "0" ]
	# the set-up game has no code: not matched, and matched by -v
	run -0 --separate-stderr xqgrep -v --ecco A-E "$S/ecco.pgn"
	expected='[Game "Chinese Chess"]
[Event "ECCO sample"]
[Round "5"]
[Red "Red One"]
[Black "Black One"]
[Result "*"]
[FEN "3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1"]
[Format "Chinese"]

{ Set up: no opening to classify. } 1. 车五进七 *'
	[ "$output" = "$expected" ]
	[ "$stderr" = "" ]
}

@test "xqgrep --opening-name: substring of the opening or the variation name" {
	run -0 --separate-stderr xqgrep -c --opening-name 红左边炮 "$S/ecco.pgn"
	[ "$output" = "1" ]
	run -0 --separate-stderr xqgrep -c --opening-name 屏风马 "$S/ecco.pgn"
	[ "$output" = "2" ]
	run -1 --separate-stderr xqgrep -c --opening-name 列炮 "$S/ecco.pgn"
	[ "$output" = "0" ]
	# with --ecco both must hold
	run -0 --separate-stderr xqgrep -c --opening-name 屏风马 --ecco C3 "$S/ecco.pgn"
	[ "$output" = "1" ]
}

@test "xqstats --by ecco: --partial parts merged give the one run's output" {
	run -0 --separate-stderr xqstats --by ecco -p 2 "$S/ecco.pgn" "$S/games.pgn"
	whole=$output
	run -0 --separate-stderr xqstats --partial --by ecco -p 2 -o "$T/1.part" "$S/ecco.pgn"
	run -0 --separate-stderr xqstats --partial --by ecco -p 2 -o "$T/2.part" "$S/games.pgn"
	run -0 --separate-stderr xqstats --merge --by ecco "$T/1.part" "$T/2.part"
	[ "$output" = "$whole" ]
	# a part's ECCO line that is no code is refused
	printf 'O\tZ99\t1\t0\t0\n' >>"$T/2.part"
	run -2 --separate-stderr xqstats --merge --by ecco "$T/1.part" "$T/2.part"
	[ "$stderr" = "xqstats: $T/2.part:17: error: not a line of xqstats --partial" ]
}

@test "xqstats --by ecco --trad: traditional names in the table and the tree" {
	run -0 --separate-stderr xqstats --by ecco --trad -p 1 "$S/ecco.pgn"
	expected='6 games

results:
  red wins            2   33.3%
  draws               1   16.7%
  black wins          2   33.3%
  unknown             1   16.7%

plies:
  0-19                6  100.0%

events: 1:
         6  ECCO sample

years: 0:

players: 4:
     games      score       %  player
         3        0/2    0.0%  Black One
         3      2.5/3   83.3%  Black Two
         3      1.5/2   75.0%  Red One
         3        1/3   33.3%  Red Two

ECCO openings: 5:
     games        red       %  opening
         1      0.5/1   50.0%  A13 飛相對進左馬
         1        1/1  100.0%  C30 中炮過河車互進七兵對屏風馬
         1        1/1  100.0%  C45 中炮過河車互進七兵對屏風馬平炮兌車 紅左邊炮對黑退邊炮上右士
         1        0/1    0.0%  D00 順炮緩開車對其他
         1        0/1    0.0%  E14 仙人指路轉左中炮對卒底炮飛右象

opening tree from the start, depth 1: 5 games
  炮二平五           2 games  +1 =0 -1  score  50.0%  B00 中炮局
  相三进五           1 game   +0 =1 -0  score  50.0%  A10 飛相局
  炮八平五           1 game   +1 =0 -0  score 100.0%  B00 中炮局
  兵七进一           1 game   +0 =0 -1  score   0.0%  E00 仙人指路局'
	[ "$output" = "$expected" ]
}

@test "xqshow --ecco: the moves from the start, from a record or --play" {
	run -0 --separate-stderr xqshow --ecco
	[ "$output" = "A00 其他开局" ]
	run -0 --separate-stderr xqshow --ecco --play '炮八平五 炮８平５'
	[ "$output" = "D50 中炮对列炮" ]
	run -0 --separate-stderr xqshow --ecco --trad --play '炮八平五 炮２平５'
	[ "$output" = "D00 順炮緩開車對其他" ]
	run -0 --separate-stderr xqshow --ecco -p 2 "$S/ecco.pgn"
	[ "$output" = "B05 中炮对进左马" ]
	run -0 --separate-stderr xqshow --ecco -p 2 --play '马二进三' "$S/ecco.pgn"
	[ "$output" = "B05 中炮对进左马" ]
	# a FEN that is the start counts as the start; any other does not
	run -0 --separate-stderr xqshow --ecco --play '相三进五' rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w
	[ "$output" = "A10 飞相局" ]
	run -1 --separate-stderr xqshow --ecco 3k5/9/9/9/9/9/9/9/4R4/4K4 w
	[ -z "$output" ]
	[ "$stderr" = "xqshow: no ECCO opening: the moves do not start from the standard start" ]
}

@test "the corpus: ECCO tags written by other tools agree but for the explained ones" {
	C="$SHARED/corpus"
	[ -d "$C/pgn" ] || { echo "no shared corpus at $C (set XQ_SHARED)"; return 1; }
	files=$(cd "$C" && find . -type f ! -name '*.tar.xz' ! -name '*.tsv' | sort)
	# shellcheck disable=SC2086
	run --separate-stderr bash -c "cd '$C' && xqconv --ecco=check -o /dev/null $(echo $files)"
	notes=$(grep ': warning: game [0-9]*: ECCO tag' <<<"$stderr" |
		sed -E "s/^xqconv: \.\/([^:]*):[0-9]*: warning: game ([0-9]*): ECCO tag '([^']*)', opening ([A-E][0-9][0-9]) .*/\1\t\2\t\3\t\4/")
	known=$(grep -v '^#' "$BATS_TEST_DIRNAME/ecco_corpus.tsv" | cut -f1-4)
	[ "$notes" = "$known" ] || { echo "disagreements: $notes"; echo "explained: $known"; return 1; }
	summary=$(grep '^xqconv: ECCO tags:' <<<"$stderr")
	echo "# $summary" >&3
	[ "$summary" = "xqconv: ECCO tags: 200 checked, 193 agree, 7 disagree" ]
}
