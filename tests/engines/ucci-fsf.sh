#!/bin/sh
# ucci-fsf.sh - a UCCI engine (ElephantEye's dialect) made of Fairy-Stockfish,
# for the tests of xqannotate: UCCI commands are turned into UCI ones
# (ranks 0..9 -> 1..10, "go time T" -> "go movetime T", "setoption N V" ->
# "setoption name N value V") and the answers back ("uciok" -> "ucciok",
# "score cp N" -> "score N", "bestmove (none)" -> "nobestmove").
FSF=${XQ_FSF:-/usr/games/fairy-stockfish}
# mawk reads pipes in blocks unless told to read line by line
if awk -W version 2>/dev/null | grep -q mawk; then AWK="awk -W interactive"; else AWK=awk; fi
$AWK '
function conv(m, d,   f1, r1, f2, r2, s) {
	if (!match(m, /^[a-i][0-9]+[a-i][0-9]+$/)) return m
	f1 = substr(m, 1, 1); s = substr(m, 2)
	match(s, /^[0-9]+/); r1 = substr(s, 1, RLENGTH) + d; s = substr(s, RLENGTH + 1)
	f2 = substr(s, 1, 1); r2 = substr(s, 2) + d
	return f1 r1 f2 r2
}
{ sub(/\r$/, "") }
$1 == "uci" { next }   # a UCCI engine does not know it
$1 == "ucci" { print "uci"; print "setoption name UCI_Variant value xiangqi"; fflush(); next }
$1 == "setoption" && $2 == "usemillisec" { next }
$1 == "setoption" { print "setoption name " $2 " value " $3; fflush(); next }
$1 == "position" {
	out = ""; moves = 0
	for (i = 1; i <= NF; i++) {
		if ($i == "moves") moves = 1
		out = out (i > 1 ? " " : "") (moves ? conv($i, 1) : $i)
	}
	print out; fflush(); next
}
$1 == "go" {
	out = "go"
	for (i = 2; i <= NF; i++) {
		if ($i == "time") { out = out " movetime " $(i + 1); i++ }
		else if ($i == "movestogo" || $i == "increment") i++
		else out = out " " $i
	}
	print out; fflush(); next
}
{ print; fflush() }
' | "$FSF" | $AWK '
function conv(m, d,   f1, r1, f2, r2, s) {
	if (!match(m, /^[a-i][0-9]+[a-i][0-9]+$/)) return m
	f1 = substr(m, 1, 1); s = substr(m, 2)
	match(s, /^[0-9]+/); r1 = substr(s, 1, RLENGTH) + d; s = substr(s, RLENGTH + 1)
	f2 = substr(s, 1, 1); r2 = substr(s, 2) + d
	return f1 r1 f2 r2
}
$1 == "id" && $2 == "name" { print "id name UCCI wrapper of " substr($0, 9); fflush(); next }
$1 == "option" { next }
$1 == "uciok" { print "option usemillisec type check default false"; print "ucciok"; fflush(); next }
$1 == "bestmove" && $2 == "(none)" { print "nobestmove"; fflush(); next }
$1 == "bestmove" { print "bestmove " conv($2, -1) ($3 == "ponder" ? " ponder " conv($4, -1) : ""); fflush(); next }
$1 == "info" {
	out = "info"; pv = 0
	for (i = 2; i <= NF; i++) {
		if ($i == "pv") pv = 1
		if ($i == "score" && $(i + 1) == "cp") { out = out " score " $(i + 2); i += 2; continue }
		out = out " " (pv ? conv($i, -1) : $i)
	}
	print out; fflush(); next
}
{ print; fflush() }
'
