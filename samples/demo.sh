#!/bin/sh
# samples/demo.sh BIN - every command once on the bundled samples, each
# step labelled and shown as it would be typed in the project's directory.
BIN=${1:-build/bin}
BIN=$(cd "$BIN" && pwd) || exit 2
PATH="$BIN:$PATH"
here=$(cd "$(dirname "$0")" && pwd) || exit 2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
ln -s "$here" "$work/samples"
cd "$work" || exit 2

# step LABEL COMMAND-LINE [LINES]: the label, the line as typed, and its
# output (the first LINES lines, default 14, errors included), with the
# exit status when it is not 0.
step() {
	printf '\n== %s\n$ %s\n' "$1" "$2"
	eval "$2" >.out 2>&1
	rc=$?
	head -n "${3:-14}" .out
	n=$(wc -l <.out)
	[ "$n" -gt "${3:-14}" ] && echo "... ($((n - ${3:-14})) more lines)"
	[ "$rc" -ne 0 ] && echo "(exit $rc)"
	return 0
}

step "xqconv: a GBK PGN to UTF-8 PGN in WXF notation" \
	"xqconv -n wxf samples/games_gbk.pgn" 16
step "xqconv: one XQF file per game, named by number and players" \
	"xqconv -t xqf -d . samples/games.pgn && ls *.xqf"
step "xqcheck: every move replayed; a bad one is reported where it stands" \
	"xqcheck samples/games.pgn samples/game.xqf samples/bad_illegal.pgn"
step "xqshow: the position after 6 plies of the first game" \
	"xqshow -p 6 samples/games.pgn" 23
step "xqgrep: the games that open with the central cannon, per file" \
	"xqgrep -c --opening 炮二平五 samples/games.pgn samples/games_wxf.pgn samples/games_big5.pgn"
step "xqstats: a summary and the opening tree, two plies deep" \
	"xqstats -p 2 samples/games.pgn samples/games_wxf.pgn samples/games_iccs.pgn samples/games_big5.pgn" 30
step "xqjudge: a perpetual chase ruled under the CXA rules" \
	"xqjudge -q samples/repetition.pgn" 13
step "xqannotate: the built-in engine marks a blunder (2000 nodes a position)" \
	"xqannotate -q --nodes 2000 -n iccs samples/annotate/blunder.pgn | grep -v '^\\[' | grep ."
step "xqengine: UCI on standard input, a search to depth 6" \
	"printf 'uci\\nposition startpos\\ngo depth 6\\n' | xqengine | tail -2"
step "xqperft: the legal-move tree from the start, 4 plies deep (last root moves)" \
	"xqperft -D -p 4 | tail -3"
