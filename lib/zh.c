/*
 * zh.c - the Chinese glyphs of notation and diagrams, the one table (see
 * zh.h): UTF-8, simplified and traditional.
 */
#include "xq.h"
#include "zh.h"

const char *const xq__zh_piece[2][2][8] = {
	{ /* simplified */
		{ "", "帅", "仕", "相", "马", "车", "炮", "兵" },
		{ "", "将", "士", "象", "马", "车", "炮", "卒" },
	},
	{ /* traditional */
		{ "", "帥", "仕", "相", "馬", "車", "炮", "兵" },
		{ "", "將", "士", "象", "馬", "車", "炮", "卒" },
	},
};

/* The board's pieces: [traditional][side][type]. */
static const char *const zh_board_piece[2][2][8] = {
	{ /* simplified */
		{ "", "帅", "仕", "相", "傌", "俥", "炮", "兵" },
		{ "", "将", "士", "象", "马", "车", "砲", "卒" },
	},
	{ /* traditional */
		{ "", "帥", "仕", "相", "傌", "俥", "炮", "兵" },
		{ "", "將", "士", "象", "馬", "車", "砲", "卒" },
	},
};

const char *const xq__zh_numeral[10] = {
	"", "一", "二", "三", "四", "五", "六", "七", "八", "九",
};

const char *const xq__zh_digit[10] = {
	"", "１", "２", "３", "４", "５", "６", "７", "８", "９",
};

const char *xq_zh_piece(int side, int type, int trad)
{
	if ((side != XQ_RED && side != XQ_BLACK) || type < XQ_KING || type > XQ_PAWN)
		return "";
	return xq__zh_piece[trad != 0][side][type];
}

const char *xq_zh_board_piece(int side, int type, int trad)
{
	if ((side != XQ_RED && side != XQ_BLACK) || type < XQ_KING || type > XQ_PAWN)
		return "";
	return zh_board_piece[trad != 0][side][type];
}

const char *xq_zh_number(int side, int n)
{
	if (n < 1 || n > 9)
		return "";
	return side == XQ_RED ? xq__zh_numeral[n] : xq__zh_digit[n];
}
