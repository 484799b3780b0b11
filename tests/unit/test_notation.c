/*
 * test_notation.c - move notation in and out (lib/notation.c).
 *
 * 1. The tricky cases of notation.md section 10, with the expected
 *    strings in every notation.
 * 2. Other accepted spellings (sections 2.2-2.9, 3, 4) and what they mean.
 * 3. Bad input: each failure with its own code and message.
 * 4. Round trip: every legal move of >= 2000 positions (seeded random
 *    games, pawn-heavy random positions, the section 10 positions) is
 *    formatted in every notation and flag combination and parsed back.
 * 5. The direct reader of Chinese and WXF against the reference that
 *    renders every legal move (the oracle, ref_notation.c): on every
 *    rendering of every legal move of the round-trip positions, in both
 *    dialect sets, the same moves; on random token strings the same
 *    moves; on the random texts of 3 and on the texts of every notation
 *    the same code, move, message and offset.
 * 6. The quick reader of the common shape (xq__relative_quick(), replay's
 *    first try): whatever it takes, xq_move_parse() in any notation (and
 *    the rendering oracle, for the character table) reads as the same
 *    move: every character U+0001..U+FFFF in each of the four places of
 *    a move, every "L f d v" token string and every Chinese and WXF
 *    rendering of every legal move of the round-trip positions.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "xq.h"
#include "notation_impl.h"
#include "ref_notation.h"

#define START XQ_START_FEN
#define AFTER_C25 "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1"
#define R_TANDEM "5k3/9/9/9/9/3R5/9/9/3R5/4K4 w - - 0 1"
#define R_TANDEM_B "3k5/9/2r6/9/9/9/2r6/9/9/4K4 b - - 0 1"
#define H_TANDEM "4k4/9/9/9/9/2N6/9/2N6/9/3K5 w - - 0 1"
#define C_TANDEM_B "4k4/9/1c7/9/1c7/9/9/9/9/3K5 b - - 0 1"
#define AE_FILE "5k3/9/9/9/9/2B6/9/3A5/9/2BAK4 w - - 0 1"
#define E_FILE_B "2b2k3/9/9/9/2b6/9/9/9/9/4K4 b - - 0 1"
#define P2_B "4k4/9/9/9/9/9/3p5/3p5/9/5K3 b - - 0 1"
#define P3 "5k3/9/4P4/4P4/4P4/9/9/9/9/3K5 w - - 0 1"
#define P4 "3k5/4P4/4P4/4P4/4P4/9/9/9/9/4K4 w - - 0 1"
#define P5 "2P1k4/2P6/2P6/2P6/2P6/9/9/9/9/3K5 w - - 0 1"
#define P22 "4k4/3P1P3/4P4/3P1P3/9/9/9/9/9/3K5 w - - 0 1"
#define P32_B "4k4/9/9/9/9/2p3p2/2p3p2/2p6/9/3K5 b - - 0 1"

/* Section 10: a move and its expected text.  book is the book form of
 * tandem pawns (XQ_NOTE_BOOK_PAWNS) when it differs from the default. */
struct case10 {
	const char *fen, *iccs, *chinese, *wxf, *book;
};

static const struct case10 cases10[] = {
	/* 10.1 black numbering, diagonal movers */
	{ AFTER_C25, "h9g7", "马８进７", "H8+7", NULL },
	{ AFTER_C25, "h7e7", "炮８平５", "C8.5", NULL },
	{ AFTER_C25, "b7e7", "炮２平５", "C2.5", NULL },
	{ AFTER_C25, "g9e7", "象７进５", "E7+5", NULL },
	{ AFTER_C25, "c9e7", "象３进５", "E3+5", NULL },
	{ AFTER_C25, "d9e8", "士４进５", "A4+5", NULL },
	{ AFTER_C25, "f9e8", "士６进５", "A6+5", NULL },
	{ AFTER_C25, "i9i8", "车９进１", "R9+1", NULL },
	{ AFTER_C25, "b7b0", "炮２进７", "C2+7", NULL },
	/* section 2.4 and 4.5, start position */
	{ START, "h2e2", "炮二平五", "C2.5", NULL },
	{ START, "h0g2", "马二进三", "H2+3", NULL },
	{ START, "b0c2", "马八进七", "H8+7", NULL },
	{ START, "c0e2", "相七进五", "E7+5", NULL },
	{ START, "f0e1", "仕四进五", "A4+5", NULL },
	{ START, "a0a1", "车九进一", "R9+1", NULL },
	{ START, "h2h1", "炮二退一", "C2-1", NULL },
	{ START, "h2h9", "炮二进七", "C2+7", NULL },
	{ START, "g3g4", "兵三进一", "P3+1", NULL },
	/* 10.2 tandem chariots, horses, cannons */
	{ R_TANDEM, "d4d7", "前车进三", "R++3", NULL },
	{ R_TANDEM, "d4a4", "前车平九", "R+.9", NULL },
	{ R_TANDEM, "d4d2", "前车退二", "R+-2", NULL },
	{ R_TANDEM, "d1a1", "后车平九", "R-.9", NULL },
	{ R_TANDEM, "d1d2", "后车进一", "R-+1", NULL },
	{ R_TANDEM, "d1d0", "后车退一", "R--1", NULL },
	{ R_TANDEM_B, "c3c0", "前车进３", "R++3", NULL },
	{ R_TANDEM_B, "c3i3", "前车平９", "R+.9", NULL },
	{ R_TANDEM_B, "c7c8", "后车退１", "R--1", NULL },
	{ R_TANDEM_B, "c7a7", "后车平１", "R-.1", NULL },
	{ H_TANDEM, "c4d6", "前马进六", "H++6", NULL },
	{ H_TANDEM, "c4b2", "前马退八", "H+-8", NULL },
	{ H_TANDEM, "c2a1", "后马退九", "H--9", NULL },
	{ H_TANDEM, "c2e3", "后马进五", "H-+5", NULL },
	{ C_TANDEM_B, "b5e5", "前炮平５", "C+.5", NULL },
	{ C_TANDEM_B, "b5b0", "前炮进５", "C++5", NULL },
	{ C_TANDEM_B, "b7b9", "后炮退２", "C--2", NULL },
	/* 10.3 advisors and elephants on one file */
	{ AE_FILE, "d2e1", "仕六退五", "A6-5", NULL },
	{ AE_FILE, "d0e1", "仕六进五", "A6+5", NULL },
	{ AE_FILE, "c4a2", "相七退九", "E7-9", NULL },
	{ AE_FILE, "c4e2", "相七退五", "E7-5", NULL },
	{ AE_FILE, "c0a2", "相七进九", "E7+9", NULL },
	{ AE_FILE, "c0e2", "相七进五", "E7+5", NULL },
	{ E_FILE_B, "c5e7", "象３退５", "E3-5", NULL },
	{ E_FILE_B, "c9e7", "象３进５", "E3+5", NULL },
	/* 10.4 pawns */
	{ P2_B, "d2d1", "前卒进１", "P++1", NULL },
	{ P2_B, "d3c3", "后卒平３", "P-.3", NULL },
	{ P3, "e7e8", "前兵进一", "P++1", NULL },
	{ P3, "e6d6", "中兵平六", "P5.6", NULL },
	{ P3, "e6f6", "中兵平四", "P5.4", NULL },
	{ P3, "e5d5", "后兵平六", "P-.6", NULL },
	{ P4, "e8d8", "一兵平六", "++.6", "前兵平六" },
	{ P4, "e7d7", "二兵平六", "P+.6", NULL },
	{ P4, "e6f6", "三兵平四", "P-.4", NULL },
	{ P4, "e5d5", "四兵平六", "--.6", NULL },
	{ P5, "c9b9", "一兵平八", "++.8", "前兵平八" },
	{ P5, "c8d8", "二兵平六", "P+.6", NULL },
	{ P5, "c7b7", "三兵平八", "P7.8", NULL },
	{ P5, "c6d6", "四兵平六", "P-.6", NULL },
	{ P5, "c5b5", "五兵平八", "--.8", NULL },
	{ P22, "f8e8", "一兵平五", "4+.5", "前兵四平五" },
	{ P22, "f6e6", "二兵平五", "4-.5", "后兵四平五" },
	{ P22, "d8e8", "三兵平五", "6+.5", "前兵六平五" },
	{ P22, "d6e6", "四兵平五", "6-.5", "后兵六平五" },
	{ P22, "d6c6", "四兵平七", "6-.7", "后兵六平七" },
	{ P22, "e7e8", "兵五进一", "P5+1", NULL },
	{ P32_B, "c2b2", "一卒平２", "3+.2", "前卒３平２" },
	{ P32_B, "c3d3", "二卒平４", "33.4", "中卒３平４" },
	{ P32_B, "c4b4", "三卒平２", "3-.2", "后卒３平２" },
	{ P32_B, "g3g2", "四卒进１", "7++1", "前卒７进１" },
	{ P32_B, "g4h4", "五卒平８", "7-.8", "后卒７平８" },
};

/* Other spellings: text, notation to parse with, expected ICCS. */
struct alt {
	const char *fen, *text;
	enum xq_notation n;
	const char *iccs;
};

static const struct alt alts[] = {
	/* 10.5: the same move, many texts */
	{ AFTER_C25, "马８进７", XQ_NOTATION_CHINESE, "h9g7" },
	{ AFTER_C25, "马8进7", XQ_NOTATION_CHINESE, "h9g7" },
	{ AFTER_C25, "馬８進７", XQ_NOTATION_CHINESE, "h9g7" },
	{ AFTER_C25, "马８上７", XQ_NOTATION_CHINESE, "h9g7" },
	{ AFTER_C25, "马八进七", XQ_NOTATION_CHINESE, "h9g7" },
	{ AFTER_C25, "H8+7", XQ_NOTATION_WXF, "h9g7" },
	{ AFTER_C25, "h8+7", XQ_NOTATION_WXF, "h9g7" },
	{ AFTER_C25, "Ｈ８＋７", XQ_NOTATION_WXF, "h9g7" },
	{ AFTER_C25, "N8+7", XQ_NOTATION_WXF, "h9g7" },
	{ AFTER_C25, "H9-G7", XQ_NOTATION_ICCS, "h9g7" },
	{ AFTER_C25, "h9-g7", XQ_NOTATION_ICCS, "h9g7" },
	{ AFTER_C25, "h9g7", XQ_NOTATION_UCI, "h9g7" },
	{ AFTER_C25, "h10g8", XQ_NOTATION_UCI10, "h9g7" },
	{ AFTER_C25, "H9-G7", XQ_NOTATION_ANY, "h9g7" },
	{ AFTER_C25, "h10g8", XQ_NOTATION_ANY, "h9g7" },
	{ AFTER_C25, "马８进７", XQ_NOTATION_ANY, "h9g7" },
	{ AFTER_C25, "H8+7", XQ_NOTATION_ANY, "h9g7" },
	{ AFTER_C25, "砲８平５", XQ_NOTATION_CHINESE, "h7e7" },
	{ AFTER_C25, "包8平5", XQ_NOTATION_CHINESE, "h7e7" },
	{ AFTER_C25, "将５进１", XQ_NOTATION_CHINESE, "e9e8" },
	{ AFTER_C25, "將5進1", XQ_NOTATION_CHINESE, "e9e8" },
	{ AFTER_C25, "卒７进１", XQ_NOTATION_CHINESE, "g6g5" },
	{ AFTER_C25, "c2=5", XQ_NOTATION_WXF, "b7e7" },
	{ AFTER_C25, "B7+5", XQ_NOTATION_WXF, "g9e7" },
	/* characters and numerals of section 2.2 */
	{ START, "炮二平五", XQ_NOTATION_CHINESE, "h2e2" },
	{ START, "炮2平5", XQ_NOTATION_CHINESE, "h2e2" },
	{ START, "炮２平５", XQ_NOTATION_CHINESE, "h2e2" },
	{ START, "炮贰平伍", XQ_NOTATION_CHINESE, "h2e2" },
	{ START, " 炮 二　平 五 ", XQ_NOTATION_CHINESE, "h2e2" },
	{ START, "俥九進一", XQ_NOTATION_CHINESE, "a0a1" },
	{ START, "伡九进一", XQ_NOTATION_CHINESE, "a0a1" },
	{ START, "車一下一", XQ_NOTATION_CHINESE, NULL }, /* nothing behind it */
	{ START, "傌二進三", XQ_NOTATION_CHINESE, "h0g2" },
	{ START, "马二上三", XQ_NOTATION_CHINESE, "h0g2" },
	{ START, "帥五進一", XQ_NOTATION_CHINESE, "e0e1" },
	{ START, "士四进五", XQ_NOTATION_CHINESE, "f0e1" },
	{ START, "象三进五", XQ_NOTATION_CHINESE, "g0e2" },
	{ START, "卒三进一", XQ_NOTATION_CHINESE, "g3g4" },
	/* annotation marks after a complete move (2.9) */
	{ START, "车九进一+", XQ_NOTATION_CHINESE, "a0a1" },
	{ START, "马二进三!", XQ_NOTATION_CHINESE, "h0g2" },
	{ START, "炮二平五?!", XQ_NOTATION_ANY, "h2e2" },
	{ START, "C2.5!?", XQ_NOTATION_WXF, "h2e2" },
	{ START, "h2e2+", XQ_NOTATION_ICCS, "h2e2" },
	/* scoresheet short form (2.7), bars as combining marks */
	{ START, "炮25", XQ_NOTATION_CHINESE, "h2e2" },
	{ START, "马87", XQ_NOTATION_CHINESE, "b0c2" },
	{ START, "C25", XQ_NOTATION_WXF, "h2e2" },
	/* number-pad form (2.8) */
	{ START, "62.5", XQ_NOTATION_CHINESE, "h2e2" },
	{ START, "42+3", XQ_NOTATION_WXF, "h0g2" },
	{ AFTER_C25, "48+7", XQ_NOTATION_ANY, "h9g7" },
	{ START, "马87\xcc\xb2", XQ_NOTATION_CHINESE, "b0c2" },
	{ START, "炮21\xcc\x85", XQ_NOTATION_CHINESE, "h2h1" },
	{ R_TANDEM, "后车9", XQ_NOTATION_CHINESE, "d1a1" },
	/* tandem pieces: the position word after the piece, prefix WXF */
	{ R_TANDEM, "车前平九", XQ_NOTATION_CHINESE, "d4a4" },
	{ R_TANDEM, "車後退一", XQ_NOTATION_CHINESE, "d1d0" },
	{ R_TANDEM, "后车下一", XQ_NOTATION_CHINESE, "d1d0" },
	{ R_TANDEM, "+R.9", XQ_NOTATION_WXF, "d4a4" },
	{ R_TANDEM, "r-=9", XQ_NOTATION_WXF, "d1a1" },
	{ R_TANDEM, "车六进三", XQ_NOTATION_CHINESE, "d4d7" }, /* only one fits */
	{ C_TANDEM_B, "炮後退2", XQ_NOTATION_CHINESE, "b7b9" },
	{ P2_B, "+P+1", XQ_NOTATION_WXF, "d2d1" },
	{ AE_FILE, "前仕退五", XQ_NOTATION_CHINESE, "d2e1" },
	{ AE_FILE, "后相进九", XQ_NOTATION_CHINESE, "c0a2" },
	{ AE_FILE, "A-+5", XQ_NOTATION_WXF, "d0e1" },
	{ P2_B, "＋Ｐ＋１", XQ_NOTATION_WXF, "d2d1" },
	/* pawns: xqbase symbols, book, dpxq forms (2.6, 3.4) */
	{ P3, "P..6", XQ_NOTATION_WXF, "e6d6" },
	{ P3, "P+.4", XQ_NOTATION_WXF, "e7f7" },
	{ P3, "P-+2", XQ_NOTATION_WXF, NULL }, /* a pawn never moves two */
	{ P4, "Pa.6", XQ_NOTATION_WXF, "e8d8" },
	{ P4, "前兵平六", XQ_NOTATION_CHINESE, "e8d8" },
	{ P4, "后兵平六", XQ_NOTATION_CHINESE, "e5d5" },
	{ P4, "Pd.6", XQ_NOTATION_WXF, "e5d5" },
	{ P5, "五兵平八", XQ_NOTATION_CHINESE, "c5b5" },
	{ P5, "后兵平八", XQ_NOTATION_CHINESE, "c5b5" },
	{ P22, "Pc.5", XQ_NOTATION_WXF, "d8e8" },
	{ P22, "前四平五", XQ_NOTATION_CHINESE, "f8e8" },
	{ P22, "后六平七", XQ_NOTATION_CHINESE, "d6c6" },
	{ P22, "后兵六平七", XQ_NOTATION_CHINESE, "d6c6" },
	{ P32_B, "中卒３平４", XQ_NOTATION_CHINESE, "c3d3" },
	{ P32_B, "中3平4", XQ_NOTATION_CHINESE, "c3d3" },
	{ P32_B, "二3平4", XQ_NOTATION_CHINESE, "c3d3" },
	{ P32_B, "后卒7平8", XQ_NOTATION_CHINESE, "g4h4" },
	{ P32_B, "二卒平4", XQ_NOTATION_CHINESE, "c3d3" },
	{ P32_B, "Pb.4", XQ_NOTATION_WXF, "c3d3" },
	{ P32_B, "pe.8", XQ_NOTATION_WXF, "g4h4" },
};

/* Bad input: text, notation, expected code, a piece of the message. */
struct bad {
	const char *name, *fen, *text;
	enum xq_notation n;
	int code;
	const char *msg;
};

static const struct bad bads[] = {
	{ "empty", START, "", XQ_NOTATION_CHINESE, XQ_EINVAL, "empty move" },
	{ "blank", START, "  \t ", XQ_NOTATION_ANY, XQ_EINVAL, "empty move" },
	{ "wrong piece letter", START, "X2.5", XQ_NOTATION_WXF, XQ_EINVAL, "'X' is not a piece letter" },
	{ "wrong piece: none left", R_TANDEM, "马二进三", XQ_NOTATION_CHINESE, XQ_EINVAL,
	  "Red has no horse on the board" },
	{ "no such piece on the file", START, "车二进一", XQ_NOTATION_CHINESE, XQ_EINVAL,
	  "no red chariot on file 二 (red chariots: files 一, 九)" },
	{ "no such piece on the file, black", AFTER_C25, "马5进7", XQ_NOTATION_CHINESE, XQ_EINVAL,
	  "no black horse on file ５" },
	{ "illegal target", START, "马二进四", XQ_NOTATION_CHINESE, XQ_EILLEGAL,
	  "illegal target; the red horse on file 二 can play: 马二进三 (h0g2), 马二进一 (h0i2)" },
	{ "illegal target, WXF", START, "H2+4", XQ_NOTATION_WXF, XQ_EILLEGAL,
	  "the red horse on file 2 can play: H2+3 (h0g2), H2+1 (h0i2)" },
	{ "no legal move at all", START, "车一退一", XQ_NOTATION_CHINESE, XQ_EILLEGAL,
	  "the red chariot on file 一 can play: 车一进一 (i0i1), 车一进二 (i0i2)" },
	{ "sideways horse", START, "马二平三", XQ_NOTATION_CHINESE, XQ_EILLEGAL, "a horse never moves sideways" },
	{ "backward pawn", START, "兵三退一", XQ_NOTATION_CHINESE, XQ_EILLEGAL, "a pawn never moves backward" },
	{ "ambiguous tandem pawns", P3, "兵五平四", XQ_NOTATION_CHINESE, XQ_EAMBIG,
	  "3 red pawns on file 五; name the one meant: 后兵平四 (e5f5), 中兵平四 (e6f6), 前兵平四 (e7f7)" },
	{ "ambiguous tandem", R_TANDEM, "车六进一", XQ_NOTATION_CHINESE, XQ_EAMBIG,
	  "2 red chariots on file 六; name the one meant: 后车进一 (d1d2), 前车进一 (d4d5)" },
	{ "ambiguous dpxq pawns", P22, "前兵平五", XQ_NOTATION_CHINESE, XQ_EAMBIG,
	  "ambiguous, fits 2 legal moves: 三兵平五 (d8e8), 一兵平五 (f8e8)" },
	{ "ambiguous short form", R_TANDEM, "后车1", XQ_NOTATION_CHINESE, XQ_EAMBIG,
	  "ambiguous, fits 3 legal moves: 后车退一 (d1d0), 后车进一 (d1d2), 后车平一 (d1i1)" },
	{ "no tandem", START, "前炮进一", XQ_NOTATION_CHINESE, XQ_EINVAL,
	  "no two red cannons stand on one file" },
	{ "tandem, no such move", R_TANDEM, "前车平六", XQ_NOTATION_CHINESE, XQ_EILLEGAL,
	  "no such move; the tandem red chariots can play" },
	{ "mixed garbage", START, "炮二平五xyz", XQ_NOTATION_ANY, XQ_EINVAL, "'x' is not a piece letter" },
	{ "garbage symbols", START, "@@", XQ_NOTATION_ANY, XQ_EINVAL, "unexpected character '@' at byte 1" },
	{ "garbage CJK", START, "你好", XQ_NOTATION_CHINESE, XQ_EINVAL, "unexpected character '你' (U+4F60)" },
	{ "byte not decoded", START, "\xf4\x8f\xbb\xa8\xf4\x8f\xba\xbd", XQ_NOTATION_ANY, XQ_EINVAL,
	  "byte 0xe8, which the input's encoding does not decode, at byte 1" },
	{ "not a move shape", START, "炮炮炮", XQ_NOTATION_CHINESE, XQ_EINVAL, "not a move shape" },
	{ "incomplete", START, "炮二", XQ_NOTATION_CHINESE, XQ_EINVAL, "incomplete move" },
	{ "only marks", START, "!?", XQ_NOTATION_ANY, XQ_EINVAL, "no move in it" },
	{ "mark inside", START, "炮!二平五", XQ_NOTATION_CHINESE, XQ_EINVAL, "annotation mark '!' inside" },
	{ "bad UTF-8", START, "\xff\xfe", XQ_NOTATION_CHINESE, XQ_EINVAL, "invalid UTF-8 at byte 1" },
	{ "promotion", START, "仕四变兵", XQ_NOTATION_CHINESE, XQ_EINVAL, "promotion (变) is a house rule" },
	{ "G letter", START, "G5+1", XQ_NOTATION_WXF, XQ_EINVAL, "the letter 'G' is ambiguous" },
	{ "Chinese in WXF", START, "炮二平五", XQ_NOTATION_WXF, XQ_EINVAL, "Chinese characters in a WXF move" },
	{ "letters in Chinese", START, "C2.5", XQ_NOTATION_CHINESE, XQ_EINVAL, "Latin letters in a Chinese move" },
	{ "ICCS shape", START, "h2e", XQ_NOTATION_ICCS, XQ_EINVAL, "not an ICCS move" },
	{ "UCI10 rank 0", START, "h0g2", XQ_NOTATION_UCI10, XQ_EINVAL, "not a UCI (ranks 1..10) move" },
	{ "ICCS empty square", START, "e5e6", XQ_NOTATION_ICCS, XQ_EILLEGAL, "no piece on e5" },
	{ "ICCS wrong side", START, "h9g7", XQ_NOTATION_ICCS, XQ_EILLEGAL,
	  "the piece on h9 is Black's, and Red is to move" },
	{ "ICCS illegal target", START, "h0h1", XQ_NOTATION_ICCS, XQ_EILLEGAL,
	  "illegal target; the red horse on h0 can go to: g2 i2" },
	{ "ICCS no screen", AFTER_C25, "h7h0", XQ_NOTATION_ICCS, XQ_EILLEGAL,
	  "the black cannon on h7 can go to:" },
	{ "UCI10 illegal target", START, "h1h2", XQ_NOTATION_UCI10, XQ_EILLEGAL,
	  "the red horse on h1 can go to: g3 i3" },
};

static xq_move iccs_move(const char *s)
{
	return xq_move_make(XQ_SQ(s[0] - 'a', s[1] - '0'), XQ_SQ(s[2] - 'a', s[3] - '0'));
}

static void load(struct xq_pos *pos, const char *fen)
{
	struct xq_err err;
	if (xq_pos_from_fen(pos, fen, 0, &err) < 0) {
		ok(0, "FEN %s: %s", fen, err.msg);
		xq_pos_start(pos);
	}
}

static const char *fmt(const struct xq_pos *pos, xq_move m, enum xq_notation n, unsigned flags)
{
	static char buf[XQ_MOVE_TEXT_MAX];
	if (xq_move_format(pos, m, n, flags, buf, sizeof buf) < 0)
		return "(error)";
	return buf;
}

static const char *iccs_of(int rc, xq_move m)
{
	static char buf[8];
	if (rc < 0)
		return "(error)";
	xq_move_iccs(m, buf);
	return buf;
}

static void test_section10(void)
{
	for (size_t i = 0; i < sizeof cases10 / sizeof cases10[0]; i++) {
		const struct case10 *c = &cases10[i];
		struct xq_pos pos;
		struct xq_err err;
		xq_move m = iccs_move(c->iccs), got = 0;
		int rc;
		char upper[8];

		load(&pos, c->fen);
		is_str(fmt(&pos, m, XQ_NOTATION_CHINESE, 0), c->chinese, "10: %s chinese", c->iccs);
		is_str(fmt(&pos, m, XQ_NOTATION_WXF, 0), c->wxf, "10: %s %s wxf", c->iccs, c->chinese);
		is_str(fmt(&pos, m, XQ_NOTATION_CHINESE, XQ_NOTE_BOOK_PAWNS),
		       c->book ? c->book : c->chinese, "10: %s %s book form", c->iccs, c->chinese);
		is_str(fmt(&pos, m, XQ_NOTATION_ICCS, 0), c->iccs, "10: %s iccs", c->iccs);

		rc = xq_move_parse(&pos, c->chinese, strlen(c->chinese), XQ_NOTATION_CHINESE, 0, &got, &err);
		is_str(iccs_of(rc, got), c->iccs, "10: parse %s %s", c->chinese, rc < 0 ? err.msg : "");
		rc = xq_move_parse(&pos, c->wxf, strlen(c->wxf), XQ_NOTATION_WXF, 0, &got, &err);
		is_str(iccs_of(rc, got), c->iccs, "10: parse %s %s", c->wxf, rc < 0 ? err.msg : "");
		if (c->book) {
			rc = xq_move_parse(&pos, c->book, strlen(c->book), XQ_NOTATION_CHINESE, 0, &got, &err);
			is_str(iccs_of(rc, got), c->iccs, "10: parse book %s %s", c->book, rc < 0 ? err.msg : "");
		}
		snprintf(upper, sizeof upper, "%c%c-%c%c", c->iccs[0] - 32, c->iccs[1], c->iccs[2] - 32, c->iccs[3]);
		rc = xq_move_parse(&pos, upper, strlen(upper), XQ_NOTATION_ICCS, 0, &got, &err);
		is_str(iccs_of(rc, got), c->iccs, "10: parse %s", upper);
	}
}

static void test_flags(void)
{
	struct xq_pos pos;
	xq_move m;

	load(&pos, AFTER_C25);
	m = iccs_move("h9g7");
	is_str(fmt(&pos, m, XQ_NOTATION_CHINESE, XQ_NOTE_ASCII_DIGITS), "马8进7", "ascii digits");
	is_str(fmt(&pos, m, XQ_NOTATION_CHINESE, XQ_NOTE_TRAD), "馬８進７", "traditional");
	is_str(fmt(&pos, m, XQ_NOTATION_CHINESE, XQ_NOTE_TRAD | XQ_NOTE_ASCII_DIGITS), "馬8進7",
	       "traditional, ascii digits");
	is_str(fmt(&pos, m, XQ_NOTATION_UCI, 0), "h9g7", "uci");
	is_str(fmt(&pos, m, XQ_NOTATION_UCI10, 0), "h10g8", "uci10, rank 10");
	is_str(fmt(&pos, iccs_move("e9e8"), XQ_NOTATION_CHINESE, XQ_NOTE_TRAD), "將５進１", "traditional king");
	load(&pos, R_TANDEM);
	is_str(fmt(&pos, iccs_move("d1d0"), XQ_NOTATION_CHINESE, XQ_NOTE_TRAD), "後車退一", "traditional rear");
	load(&pos, P22);
	is_str(fmt(&pos, iccs_move("f6e6"), XQ_NOTATION_CHINESE, XQ_NOTE_BOOK_PAWNS | XQ_NOTE_TRAD),
	       "後兵四平五", "book, traditional");
	load(&pos, P32_B);
	is_str(fmt(&pos, iccs_move("c3d3"), XQ_NOTATION_CHINESE, XQ_NOTE_ASCII_DIGITS), "二卒平4",
	       "black ordinals stay Chinese");
	is_str(fmt(&pos, iccs_move("c3d3"), XQ_NOTATION_CHINESE, XQ_NOTE_BOOK_PAWNS | XQ_NOTE_ASCII_DIGITS),
	       "中卒3平4", "book, ascii digits");

	/* errors of the formatter */
	{
		char small[4];
		xq_pos_start(&pos);
		is_int(xq_move_format(&pos, iccs_move("h2e2"), XQ_NOTATION_CHINESE, 0, small, sizeof small),
		       XQ_ERANGE, "format: buffer too small");
		is_int(xq_move_format(&pos, iccs_move("h2h8"), XQ_NOTATION_ICCS, 0, small, sizeof small),
		       XQ_EILLEGAL, "format: illegal move");
		is_int(xq_move_format(&pos, XQ_MOVE_NONE, XQ_NOTATION_WXF, 0, small, sizeof small),
		       XQ_EILLEGAL, "format: no move");
		is_int(xq_move_format(&pos, iccs_move("h2e2"), XQ_NOTATION_ANY, 0, small, sizeof small),
		       XQ_EINVAL, "format: ANY is for parsing");
	}
	/* names */
	{
		enum xq_notation n = XQ_NOTATION_ANY;
		is_int(xq_notation_from_name("UCI10", &n), 0, "name UCI10");
		is_int(n, XQ_NOTATION_UCI10, "name UCI10 value");
		is_int(xq_notation_from_name("chinese", &n), 0, "name chinese");
		is_str(xq_notation_name(n), "chinese", "name of chinese");
		is_int(xq_notation_from_name("chin", &n), XQ_EINVAL, "unknown name");
	}
}

static void test_alts(void)
{
	for (size_t i = 0; i < sizeof alts / sizeof alts[0]; i++) {
		const struct alt *a = &alts[i];
		struct xq_pos pos;
		struct xq_err err;
		xq_move got = 0;
		int rc;

		load(&pos, a->fen);
		err.msg[0] = '\0';
		rc = xq_move_parse(&pos, a->text, strlen(a->text), a->n, 0, &got, &err);
		if (a->iccs)
			is_str(iccs_of(rc, got), a->iccs, "alt: %s (%s) %s", a->text,
			       xq_notation_name(a->n), rc < 0 ? err.msg : "");
		else
			ok(rc < 0 && err.msg[0], "alt: %s is refused: %s", a->text, err.msg);
	}
}

static void test_bad(void)
{
	size_t nb = sizeof bads / sizeof bads[0];
	char msgs[sizeof bads / sizeof bads[0]][200];

	for (size_t i = 0; i < nb; i++) {
		const struct bad *b = &bads[i];
		struct xq_pos pos;
		struct xq_err err;
		xq_move got = 0;
		int rc;

		load(&pos, b->fen);
		memset(&err, 0, sizeof err);
		rc = xq_move_parse(&pos, b->text, strlen(b->text), b->n, 0, &got, &err);
		is_int(rc, b->code, "bad %s: code (%s)", b->name, err.msg);
		if (!ok(strstr(err.msg, b->msg) != NULL, "bad %s: message", b->name))
			diagf("  got:  %s\n#   want: ...%s...", err.msg, b->msg);
		is_int(err.code, rc, "bad %s: err.code", b->name);
		/* the input is named (except when it is empty) */
		if (b->code != XQ_EINVAL || strcmp(b->msg, "empty move") != 0)
			ok(strncmp(err.msg, "'", 1) == 0, "bad %s: names the input", b->name);
		snprintf(msgs[i], sizeof msgs[i], "%s", err.msg);
	}
	/* each failure has its own message */
	{
		int same = 0;
		for (size_t i = 0; i < nb; i++)
			for (size_t k = i + 1; k < nb; k++)
				if (strcmp(msgs[i], msgs[k]) == 0 && strcmp(bads[i].msg, bads[k].msg) != 0) {
					same++;
					diagf("same message for '%s' and '%s'", bads[i].name, bads[k].name);
				}
		is_int(same, 0, "bad: every failure says something different");
	}
	/* long input is cut in the message, not the buffer */
	{
		struct xq_pos pos;
		struct xq_err err;
		xq_move got;
		const char *lng = "炮二平五炮二平五炮二平五炮二平五炮二平五炮二平五炮二平五";
		xq_pos_start(&pos);
		is_int(xq_move_parse(&pos, lng, strlen(lng), XQ_NOTATION_ANY, 0, &got, &err), XQ_EINVAL,
		       "bad: very long input");
		ok(strstr(err.msg, "...'") != NULL && strlen(err.msg) < sizeof err.msg, "bad: long input quoted short: %s",
		   err.msg);
		is_int(xq_move_parse(&pos, "h2e2", 4, XQ_NOTATION_ICCS, 0, &got, NULL), 0, "parse without err");
		is_int(xq_move_parse(&pos, "h2h8", 4, XQ_NOTATION_ICCS, 0, &got, NULL), XQ_EILLEGAL,
		       "failure without err");
		is_int(xq_move_parse(&pos, "h2e2xxxx", 4, XQ_NOTATION_ICCS, 0, &got, NULL), 0,
		       "only len bytes are read");
		/* a long message is cut on a character boundary */
		{
			struct xq_pos p2;
			const unsigned char *s;
			int valid = 1;
			load(&p2, "3k5/9/9/9/4R4/9/9/9/9/4K4 w - - 0 1");
			is_int(xq_move_parse(&p2, "车五进五", strlen("车五进五"), XQ_NOTATION_CHINESE, 0, &got, &err),
			       XQ_EILLEGAL, "long list of moves");
			for (s = (const unsigned char *)err.msg; *s; s++) {
				int k = *s < 0x80 ? 0 : *s >= 0xF0 ? 3 : *s >= 0xE0 ? 2 : *s >= 0xC0 ? 1 : -1;
				if (k < 0)
					valid = 0;
				for (; k > 0; k--)
					if ((*++s & 0xC0) != 0x80)
						valid = 0;
			}
			ok(valid && strlen(err.msg) < sizeof err.msg, "long message is valid UTF-8: %s", err.msg);
		}
		/* offsets: the first offending byte, leading blanks counted */
		xq_move_parse(&pos, "炮二平五xyz", strlen("炮二平五xyz"), XQ_NOTATION_ANY, 0, &got, &err);
		is_int(err.offset, 12, "offset of a bad letter after four Chinese characters");
		xq_move_parse(&pos, "  C2@5", 6, XQ_NOTATION_WXF, 0, &got, &err);
		is_int(err.offset, 4, "offset counts leading blanks");
		xq_move_parse(&pos, " 马二进四", strlen(" 马二进四"), XQ_NOTATION_CHINESE, 0, &got, &err);
		is_int(err.offset, 1, "offset of a whole-move failure is its start");
	}
}

/* ------------------------------------------------ direct reader oracle */

struct oracle_stats {
	long strings, texts, differ, text_differ;
	int shown;
};

static void sort_moves(xq_move *m, int n)
{
	for (int i = 1; i < n; i++)
		for (int k = i; k > 0 && m[k - 1] > m[k]; k--) {
			xq_move t = m[k];
			m[k] = m[k - 1];
			m[k - 1] = t;
		}
}

/* The direct reader and the oracle fit the same moves to token string t. */
static void oracle_tokens(const struct xq_pos *pos, const char *t, int wxf, struct oracle_stats *st)
{
	xq_move a[XQ_MAX_MOVES], b[XQ_MAX_MOVES];
	int na = xq__relative_match(pos, t, wxf, a);
	int nb = ref_relative_match(pos, t, wxf, b);
	st->strings++;
	sort_moves(a, na);
	sort_moves(b, nb);
	if (na != nb || memcmp(a, b, (size_t)na * sizeof *a) != 0) {
		if (st->differ++ < 10) {
			char fen[XQ_FEN_MAX];
			xq_pos_to_fen(pos, fen, sizeof fen);
			diagf("direct reader: %s '%s' wxf=%d: %d moves, oracle %d", fen, t, wxf, na, nb);
		}
	}
}

/* xq_move_parse() and the oracle say the same about text. */
static void oracle_text(const struct xq_pos *pos, const char *text, size_t len,
			enum xq_notation n, struct oracle_stats *st)
{
	struct xq_err ea, eb;
	xq_move ma = 0, mb = 0;
	int ra, rb;
	memset(&ea, 0, sizeof ea);
	memset(&eb, 0, sizeof eb);
	ra = xq_move_parse(pos, text, len, n, 0, &ma, &ea);
	rb = ref_move_parse(pos, text, len, n, &mb, &eb);
	st->texts++;
	if (ra != rb || (ra == 0 && ma != mb) ||
	    (ra < 0 && (strcmp(ea.msg, eb.msg) || ea.offset != eb.offset || ea.code != eb.code))) {
		if (st->text_differ++ < 10) {
			char fen[XQ_FEN_MAX];
			xq_pos_to_fen(pos, fen, sizeof fen);
			diagf("direct reader: %s '%.*s' as %s: %d '%s', oracle %d '%s'", fen, (int)len, text,
			      xq_notation_name(n), ra, ra < 0 ? ea.msg : "", rb, rb < 0 ? eb.msg : "");
		}
	}
}

/* Every rendering of every legal move, both dialect sets. */
static void oracle_pos(const struct xq_pos *pos, struct oracle_stats *st)
{
	xq_move moves[XQ_MAX_MOVES];
	int n = xq_legal_moves(pos, moves);
	for (int i = 0; i < n; i++)
		for (int wxf = 0; wxf < 2; wxf++) {
			char r[32][XQ__RENDER_MAX];
			int nr = ref_relative_renderings(pos, moves[i], wxf, r);
			for (int k = 0; k < nr; k++)
				oracle_tokens(pos, r[k], wxf, st);
		}
}

/* Random strings in the token alphabet, lengths 1 to 6. */
static void oracle_random(const struct xq_pos *pos, unsigned long long *seed, int count,
			  struct oracle_stats *st)
{
	static const char alphabet[] = "KAEHRCP123456789abcde+-.";
	for (int i = 0; i < count; i++) {
		char t[8];
		int len = 1 + (int)(tap_rand(seed) % 6);
		for (int k = 0; k < len; k++)
			t[k] = alphabet[tap_rand(seed) % (sizeof alphabet - 1)];
		t[len] = '\0';
		oracle_tokens(pos, t, (int)(tap_rand(seed) % 2), st);
	}
}

static struct oracle_stats ost;

/* ------------------------------------------------------- quick reader */

struct quick_stats {
	long tried, accepted, differ;
};
static struct quick_stats qst;

/* When xq__relative_quick() takes text, xq_move_parse() in any notation
 * reads it as the same move (and the rendering oracle too: oracle). */
static void quick_text(const struct xq_pos *pos, const char *text, int oracle)
{
	xq_move mq = 0, mp = 0, mb = 0;
	struct xq_err err;
	int rp, rb = 0;
	qst.tried++;
	if (!xq__relative_quick(pos, text, &mq))
		return;
	qst.accepted++;
	rp = xq_move_parse(pos, text, strlen(text), XQ_NOTATION_ANY, 0, &mp, &err);
	if (oracle)
		rb = ref_move_parse(pos, text, strlen(text), XQ_NOTATION_ANY, &mb, &err);
	else
		mb = mq;
	if (rp != 0 || mp != mq || rb != 0 || mb != mq || !xq_is_legal(pos, mq)) {
		if (qst.differ++ < 10) {
			char fen[XQ_FEN_MAX];
			xq_pos_to_fen(pos, fen, sizeof fen);
			diagf("quick reader: %s '%s': move %04x, parse %d %04x, oracle %d %04x", fen, text,
			      (unsigned)mq, rp, (unsigned)mp, rb, (unsigned)mb);
		}
	}
}

/* Every "L f d v" token string and every Chinese and WXF text of every
 * legal move. */
static void quick_pos(const struct xq_pos *pos)
{
	static const char pieces[] = "KAEHRCP", dirs[] = "+-.";
	xq_move moves[XQ_MAX_MOVES];
	int n = xq_legal_moves(pos, moves);
	char t[5] = { 0 };
	for (int a = 0; pieces[a]; a++)
		for (int f = 1; f <= 9; f++)
			for (int d = 0; dirs[d]; d++)
				for (int v = 1; v <= 9; v++) {
					t[0] = pieces[a], t[1] = (char)('0' + f);
					t[2] = dirs[d], t[3] = (char)('0' + v);
					quick_text(pos, t, 0);
				}
	/* and the tandem forms "l L d v", "L l d v" of the horses, chariots
	 * and cannons (前车进三, +R+3, R-.4), with the labels of both
	 * scripts and of none (5R+3) */
	static const char *const labels[] = { "+", "-", ".", "前", "后", "後", "中", "5", "a" };
	for (int a = 0; a < 3; a++)
		for (size_t l = 0; l < sizeof labels / sizeof *labels; l++)
			for (int order = 0; order < 2; order++)
				for (int d = 0; dirs[d]; d++)
					for (int v = 1; v <= 9; v++) {
						char text[16];
						char L[2] = { "HRC"[a], '\0' };
						snprintf(text, sizeof text, "%s%s%c%c", order ? L : labels[l],
							 order ? labels[l] : L, dirs[d], '0' + v);
						quick_text(pos, text, 0);
					}
	for (int i = 0; i < n; i++)
		for (unsigned fl = 0; fl <= XQ_NOTE_TRAD + XQ_NOTE_ASCII_DIGITS + XQ_NOTE_BOOK_PAWNS; fl++)
			for (int w = 0; w < 2; w++) {
				char text[XQ_MOVE_TEXT_MAX];
				if (w && fl)
					continue;
				if (xq_move_format(pos, moves[i], w ? XQ_NOTATION_WXF : XQ_NOTATION_CHINESE,
						   fl, text, sizeof text) > 0)
					quick_text(pos, text, 0);
			}
}

/* The quick reader's table of characters against the full reader's: for
 * every character beyond ASCII, alone and before more text, the same
 * token (the full-width digits as digits; the minus sign left to the full
 * reader), and no read past a text cut inside a character (ASan). */
static void test_quick_table(void)
{
	long wrong = 0, tokens = 0, cut_wrong = 0;
	for (uint32_t cp = 0x80; cp < 0x10000; cp++) {
		char *b, tok = 0, want;
		size_t len = cp < 0x800 ? 2 : 3;
		int k;
		if (cp >= 0xD800 && cp <= 0xDFFF)
			continue;
		want = cp >= 0xFF11 && cp <= 0xFF19 ? (char)('1' + cp - 0xFF11)
		       : cp == 0x2212 ? 0 : xq__zh_token(cp);
		for (int more = 0; more < 2; more++) {
			b = malloc(len + 2);
			if (len == 2)
				b[0] = (char)(0xC0 | cp >> 6), b[1] = (char)(0x80 | (cp & 0x3F));
			else
				b[0] = (char)(0xE0 | cp >> 12), b[1] = (char)(0x80 | ((cp >> 6) & 0x3F)),
				b[2] = (char)(0x80 | (cp & 0x3F));
			b[len] = more ? '5' : '\0';
			b[len + 1] = '\0';
			tok = 0;
			k = xq__quick_char(b, &tok);
			if (want ? k != 3 || tok != want : k != 0)
				wrong++;
			/* cut: the lead (and the second byte) alone, in a buffer of
			 * just that */
			for (size_t cut = 1; cut < len; cut++) {
				char *c = malloc(cut + 1);
				memcpy(c, b, cut);
				c[cut] = '\0';
				cut_wrong += xq__quick_char(c, &tok) != 0;
				free(c);
			}
			free(b);
		}
		tokens += want != 0;
	}
	diagf("quick reader: %ld characters beyond ASCII with a token", tokens);
	ok(tokens == 61, "quick reader: the 52 characters of the full reader and the 9 full-width digits (%ld)", tokens);
	is_int(wrong, 0, "quick reader: every character U+0080..U+FFFF gets the full reader's token");
	is_int(cut_wrong, 0, "quick reader: a character cut by the end of the text is none");
	{
		/* every ASCII byte: as quick_tokens() reads it, or none */
		long ascii_wrong = 0;
		for (int c = 1; c < 0x80; c++) {
			char b[2] = { (char)c, '\0' }, tok = 0;
			int k = xq__quick_char(b, &tok);
			const char *want = strchr("123456789+-.=KkAaEeBbMmHhNnRrCcPpSs", c);
			ascii_wrong += want ? k != 1 || !tok : k != 0;
		}
		is_int(ascii_wrong, 0, "quick reader: the ASCII bytes with a token, and no others");
	}
}

/* The character table: every character U+0001..U+FFFF (and broken UTF-8)
 * in each place of a few moves, against xq_move_parse() and the oracle. */
static void test_quick_chars(void)
{
	static const struct {
		const char *fen, *move[4]; /* the move, one character a place */
	} bases[] = {
		{ START, { "炮", "二", "平", "五" } },
		{ START, { "C", "2", ".", "5" } },
		{ AFTER_C25, { "马", "８", "进", "７" } },
		{ AE_FILE, { "相", "七", "进", "九" } },
		{ E_FILE_B, { "e", "3", "-", "1" } },
	};
	static const char *const broken[] = {
		"\xe7", "\xe7\x82", "\xe7\x82\xae\xae", "\xe0\x80\xb0", "\xed\xa0\x80", "\xc2\xa0",
		"\xf0\x9f\x98\x80", "\xef\xbc", "\xef\xbc\x91\x80", "\x80", "\xff", " ", "",
	};
	long before = qst.accepted, tried = qst.tried;
	for (size_t b = 0; b < sizeof bases / sizeof bases[0]; b++) {
		struct xq_pos pos;
		load(&pos, bases[b].fen);
		for (int k = 0; k < 4; k++) {
			for (uint32_t cp = 1; cp < 0x10000 + sizeof broken / sizeof broken[0]; cp++) {
				char c[8], text[32];
				size_t len = 0;
				if (cp >= 0xD800 && cp <= 0xDFFF)
					continue;
				if (cp < 0x10000) {
					/* UTF-8 by hand */
					if (cp < 0x80)
						c[len++] = (char)cp;
					else if (cp < 0x800)
						c[len++] = (char)(0xC0 | cp >> 6), c[len++] = (char)(0x80 | (cp & 0x3F));
					else
						c[len++] = (char)(0xE0 | cp >> 12),
						c[len++] = (char)(0x80 | ((cp >> 6) & 0x3F)),
						c[len++] = (char)(0x80 | (cp & 0x3F));
					c[len] = '\0';
				} else {
					snprintf(c, sizeof c, "%s", broken[cp - 0x10000]);
				}
				snprintf(text, sizeof text, "%s%s%s%s", k == 0 ? c : bases[b].move[0],
					 k == 1 ? c : bases[b].move[1], k == 2 ? c : bases[b].move[2],
					 k == 3 ? c : bases[b].move[3]);
				quick_text(&pos, text, 1);
			}
		}
	}
	diagf("quick reader: %ld of %ld texts of the character table taken", qst.accepted - before,
	      qst.tried - tried);
	/* each base move, the variant characters of its places (车車俥, 进進上,
	 * 二2２贰), the check sign and the like are the rest of what is taken */
	ok(qst.accepted - before > 100, "quick reader: the character table has moves it takes (%ld)",
	   qst.accepted - before);
	is_int(qst.differ, 0, "quick reader: every text of the character table it takes reads the same");
	{
		struct xq_pos pos;
		xq_move m = 0;
		static const char *const no[] = {
			"炮二平五 ", " 炮二平五", "炮二平五+", "炮二平", "炮二平五五", "", "前炮平五",
			"炮2平5!", "C2.5+", "C2.50", "C25", "Ｃ２．５", "马二进四", "炮二进十",
		};
		load(&pos, START);
		for (size_t i = 0; i < sizeof no / sizeof no[0]; i++)
			ok(!xq__relative_quick(&pos, no[i], &m), "quick reader: '%s' left to the full reader", no[i]);
		ok(xq__relative_quick(&pos, "炮二平五", &m) && m == iccs_move("h2e2"), "quick reader: 炮二平五 is h2e2");
	}
}

/* ------------------------------------------------------------ round trip */

struct combo {
	enum xq_notation n;
	unsigned flags;
};
/* Every notation with every combination of the three flags (which only
 * Chinese uses; the others must ignore them). */
#define NFLAGS 8
_Static_assert((XQ_NOTE_TRAD | XQ_NOTE_ASCII_DIGITS | XQ_NOTE_BOOK_PAWNS) == NFLAGS - 1,
	       "the three notation flags are bits 0..2");
#define NCOMBO (5 * NFLAGS)
static const enum xq_notation notations[5] = {
	XQ_NOTATION_ICCS, XQ_NOTATION_UCI, XQ_NOTATION_UCI10, XQ_NOTATION_WXF, XQ_NOTATION_CHINESE,
};
static struct combo combos[NCOMBO];

static void make_combos(void)
{
	for (int i = 0; i < NCOMBO; i++) {
		combos[i].n = notations[i / NFLAGS];
		combos[i].flags = (unsigned)(i % NFLAGS); /* TRAD, ASCII_DIGITS, BOOK_PAWNS bits */
	}
}

struct rt_stats {
	long positions, moves, checks;
	long fail[NCOMBO], fail_any[NCOMBO], nondet[NCOMBO];
	int shown;
};

static void round_trip_pos(const struct xq_pos *pos, struct rt_stats *st)
{
	xq_move moves[XQ_MAX_MOVES];
	int n = xq_legal_moves(pos, moves);

	st->positions++;
	oracle_pos(pos, &ost);
	quick_pos(pos);
	for (int i = 0; i < n; i++) {
		st->moves++;
		for (size_t c = 0; c < NCOMBO; c++) {
			char a[XQ_MOVE_TEXT_MAX], b[XQ_MOVE_TEXT_MAX];
			struct xq_err err;
			xq_move got = 0;
			int la = xq_move_format(pos, moves[i], combos[c].n, combos[c].flags, a, sizeof a);
			int lb = xq_move_format(pos, moves[i], combos[c].n, combos[c].flags, b, sizeof b);
			int rc;
			st->checks++;
			if (la < 0 || la != lb || strcmp(a, b) != 0 || (size_t)la != strlen(a)) {
				st->nondet[c]++;
				continue;
			}
			/* (WXF ignores the flags: its text is written once) */
			if ((combos[c].n == XQ_NOTATION_WXF && combos[c].flags == 0) ||
			    combos[c].n == XQ_NOTATION_CHINESE)
				oracle_text(pos, a, (size_t)la, combos[c].n, &ost);
			rc = xq_move_parse(pos, a, (size_t)la, combos[c].n, combos[c].flags, &got, &err);
			if (rc < 0 || got != moves[i]) {
				if (st->fail[c]++ < 3 && st->shown++ < 20) {
					char fen[XQ_FEN_MAX], iccs[5];
					xq_pos_to_fen(pos, fen, sizeof fen);
					xq_move_iccs(moves[i], iccs);
					diagf("round trip %s/%u: %s %s: %s", xq_notation_name(combos[c].n),
					      combos[c].flags, fen, iccs, rc < 0 ? err.msg : a);
				}
			}
			/* UCI and ICCS are the same text and ANY reads both as ICCS;
			 * UCI10 is only told apart when a rank is 10 */
			if (combos[c].n == XQ_NOTATION_UCI || combos[c].n == XQ_NOTATION_UCI10)
				continue;
			rc = xq_move_parse(pos, a, (size_t)la, XQ_NOTATION_ANY, 0, &got, &err);
			if (rc < 0 || got != moves[i]) {
				if (st->fail_any[c]++ < 3 && st->shown++ < 20) {
					char fen[XQ_FEN_MAX];
					xq_pos_to_fen(pos, fen, sizeof fen);
					diagf("round trip any <- %s: %s %s: %s", xq_notation_name(combos[c].n),
					      fen, a, rc < 0 ? err.msg : "other move");
				}
			}
		}
	}
}

/* A random but valid position heavy in pawns (tandem cases), or -1. */
static int random_pawn_position(struct xq_pos *pos, unsigned long long *seed)
{
	char board[10][9];
	char fen[XQ_FEN_MAX * 2];
	int k = 0;
	static const char others[] = "RHCRHC";

	memset(board, 0, sizeof board);
	board[(int)(tap_rand(seed) % 3)][3 + (int)(tap_rand(seed) % 3)] = 'K';
	board[7 + (int)(tap_rand(seed) % 3)][3 + (int)(tap_rand(seed) % 3)] = 'k';
	for (int side = 0; side < 2; side++) {
		int pawns = 2 + (int)(tap_rand(seed) % 4);
		int file = (int)(tap_rand(seed) % 9);
		for (int p = 0; p < pawns; p++) {
			/* mostly across the river, often on one or two files */
			int f = tap_rand(seed) % 3 ? file : (int)(tap_rand(seed) % 9);
			int r = 5 + (int)(tap_rand(seed) % 5);
			if (side)
				r = 9 - r;
			if (!board[r][f])
				board[r][f] = side ? 'p' : 'P';
			else
				file = (int)(tap_rand(seed) % 9);
		}
		for (int o = 0; o < 2; o++) {
			int r = (int)(tap_rand(seed) % 10), f = (int)(tap_rand(seed) % 9);
			char c = others[tap_rand(seed) % 6];
			if (!board[r][f])
				board[r][f] = side ? (char)(c | 0x20) : c;
		}
	}
	for (int r = 9; r >= 0; r--) {
		int empty = 0;
		for (int f = 0; f < 9; f++) {
			if (!board[r][f]) {
				empty++;
				continue;
			}
			if (empty)
				fen[k++] = (char)('0' + empty);
			empty = 0;
			fen[k++] = board[r][f] == 'H' ? 'N' : board[r][f] == 'h' ? 'n' : board[r][f];
		}
		if (empty)
			fen[k++] = (char)('0' + empty);
		if (r)
			fen[k++] = '/';
	}
	snprintf(fen + k, sizeof fen - (size_t)k, " %c - - 0 1", tap_rand(seed) % 2 ? 'b' : 'w');
	if (xq_pos_from_fen(pos, fen, 0, NULL) < 0)
		return -1;
	{
		/* the side not to move may not be in check */
		struct xq_pos other = *pos;
		other.side = (uint8_t)!other.side;
		if (xq_in_check(&other))
			return -1;
	}
	return 0;
}

static void test_round_trip(void)
{
	struct rt_stats st;
	unsigned long long seed = 0x5eed0123456789ull, oseed = 0x0a4ac1eull;
	int games = 0, pawnpos = 0;
	long gamepos;

	make_combos();
	memset(&st, 0, sizeof st);
	/* the section 10 positions */
	for (size_t i = 0; i < sizeof cases10 / sizeof cases10[0]; i++) {
		struct xq_pos pos;
		load(&pos, cases10[i].fen);
		round_trip_pos(&pos, &st);
	}
	/* seeded random games: at least 2000 positions of their own */
	gamepos = st.positions;
	while (st.positions - gamepos < 2000) {
		struct xq_pos pos;
		xq_pos_start(&pos);
		games++;
		for (int ply = 0; ply < 160; ply++) {
			xq_move moves[XQ_MAX_MOVES];
			struct xq_undo u;
			int n = xq_legal_moves(&pos, moves);
			if (n == 0)
				break;
			round_trip_pos(&pos, &st);
			xq_make(&pos, moves[tap_rand(&seed) % (unsigned)n], &u);
		}
	}
	/* pawn-heavy random positions: tandem pawns of every shape */
	while (pawnpos < 600) {
		struct xq_pos pos;
		if (random_pawn_position(&pos, &seed) < 0)
			continue;
		pawnpos++;
		round_trip_pos(&pos, &st);
		oracle_random(&pos, &oseed, 200, &ost);
	}
	for (size_t i = 0; i < sizeof cases10 / sizeof cases10[0]; i++) {
		struct xq_pos pos;
		load(&pos, cases10[i].fen);
		oracle_random(&pos, &oseed, 2000, &ost);
	}
	gamepos = st.positions - gamepos - pawnpos;
	diagf("round trip: %ld positions (%ld from %d random games, %d pawn-heavy), %ld moves, %ld format/parse checks",
	      st.positions, gamepos, games, pawnpos, st.moves, st.checks);
	ok(gamepos >= 2000, "round trip: at least 2000 positions from random games (%ld)", gamepos);
	diagf("direct reader: %ld token strings and %ld texts held against the rendering oracle",
	      ost.strings, ost.texts);
	ok(ost.strings > 500000, "direct reader: over 500,000 token strings compared (%ld)", ost.strings);
	is_int(ost.differ, 0, "direct reader: the same moves as the oracle on every rendering and random token string");
	is_int(ost.text_differ, 0, "direct reader: the same answer as the oracle on every Chinese and WXF text written");
	diagf("quick reader: %ld of %ld texts taken", qst.accepted, qst.tried);
	ok(qst.accepted > 100000, "quick reader: over 100,000 texts of the round-trip positions taken (%ld)",
	   qst.accepted);
	is_int(qst.differ, 0, "quick reader: every text it takes reads as xq_move_parse() reads it");
	for (size_t c = 0; c < NCOMBO; c++) {
		is_int(st.nondet[c], 0, "round trip %s flags %u: formatting deterministic",
		       xq_notation_name(combos[c].n), combos[c].flags);
		is_int(st.fail[c], 0, "round trip %s flags %u: parse(format(m)) == m",
		       xq_notation_name(combos[c].n), combos[c].flags);
		if (combos[c].n != XQ_NOTATION_UCI && combos[c].n != XQ_NOTATION_UCI10)
			is_int(st.fail_any[c], 0, "round trip %s flags %u: parse as any notation",
			       xq_notation_name(combos[c].n), combos[c].flags);
	}
}

/* Random soups of move characters: never a crash, always a code and a
 * message, and whatever parses is a legal move. */
static void test_soup(void)
{
	static const char *const bits[] = {
		"车", "马", "炮", "兵", "卒", "帅", "仕", "相", "象", "前", "中", "后", "進", "退",
		"平", "上", "一", "五", "九", "２", "８", "1", "5", "9", "+", "-", ".", "=", "P",
		"R", "a", "e", "h", "0", " ", "!", "?", "\xcc\xb2", "\xe4", "\xff", "10", "-", "Ｈ",
	};
	const char *fens[] = { START, AFTER_C25, P22, P32_B, R_TANDEM, P5 };
	unsigned long long seed = 77;
	long bad_code = 0, no_msg = 0, illegal = 0, accepted = 0;

	for (int i = 0; i < 20000; i++) {
		struct xq_pos pos;
		struct xq_err err;
		char text[64];
		size_t len = 0;
		int parts = 1 + (int)(tap_rand(&seed) % 7), rc;
		xq_move got = 0;
		xq_pos_from_fen(&pos, fens[tap_rand(&seed) % 6], 0, NULL);
		for (int k = 0; k < parts; k++) {
			const char *b = bits[tap_rand(&seed) % (sizeof bits / sizeof bits[0])];
			if (len + strlen(b) < sizeof text)
				memcpy(text + len, b, strlen(b)), len += strlen(b);
		}
		memset(&err, 0, sizeof err);
		enum xq_notation nt = (enum xq_notation)(tap_rand(&seed) % 6);
		oracle_text(&pos, text, len, nt, &ost);
		rc = xq_move_parse(&pos, text, len, nt, 0, &got, &err);
		if (rc == 0) {
			accepted++;
			if (!xq_is_legal(&pos, got))
				illegal++;
		} else if (rc != XQ_EINVAL && rc != XQ_EILLEGAL && rc != XQ_EAMBIG) {
			bad_code++;
		} else if (!err.msg[0] || err.code != rc || err.offset < 0 || (size_t)err.offset > len) {
			no_msg++;
		}
	}
	diagf("soup: %ld of 20000 random texts were moves", accepted);
	is_int(bad_code, 0, "soup: only the documented codes");
	is_int(no_msg, 0, "soup: every failure has a message, a code and an offset inside the text");
	is_int(illegal, 0, "soup: whatever is accepted is legal");
	is_int(ost.text_differ, 0, "soup: the direct reader answers as the oracle (code, move, message, offset)");
}

int main(void)
{
	test_section10();
	test_flags();
	test_alts();
	test_bad();
	test_soup();
	test_quick_table();
	test_quick_chars();
	test_round_trip();
	return done_testing();
}
