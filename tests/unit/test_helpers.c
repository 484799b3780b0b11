/*
 * test_helpers.c - the one copy of each small helper of the library:
 * UTF-8 decoding and cutting (utf8.h), ASCII case folding (ascii.h), the
 * growable buffer (buf.c), the Chinese glyphs (zh.c), side names and
 * piece letters (pos.c).  Table-driven.
 */
#include <stdint.h>

#include "ascii.h"
#include "board.h"
#include "buf.h"
#include "tap.h"
#include "utf8.h"
#include "xq.h"

static void utf8(void)
{
	static const struct {
		const char *s;
		size_t n;
		int len;        /* xq__utf8_decode's return */
		uint32_t cp;
	} t[] = {
		{ "A", 1, 1, 'A' },
		{ "\xc2\xa0", 2, 2, 0xa0 },
		{ "炮", 3, 3, 0x70ae },
		{ "\xf0\x9f\x98\x80", 4, 4, 0x1f600 },
		{ "\xc0\x80", 2, 0, 0 },           /* overlong */
		{ "\xe0\x80\x80", 3, 0, 0 },       /* overlong */
		{ "\xed\xa0\x80", 3, 0, 0 },       /* surrogate */
		{ "\xf4\x90\x80\x80", 4, 0, 0 },   /* past U+10FFFF */
		{ "\xe7\x82", 2, -1, 0 },          /* cut by the end */
		{ "\xe7\x41", 2, 0, 0 },           /* bad continuation */
		{ "\x80", 1, 0, 0 },
	};
	for (size_t i = 0; i < sizeof t / sizeof *t; i++) {
		uint32_t cp = 0;
		int len = xq__utf8_decode((const unsigned char *)t[i].s, t[i].n, &cp);
		is_int(len, t[i].len, "utf8_decode case %zu: length", i);
		if (t[i].len > 0)
			is_int((int)cp, (int)t[i].cp, "utf8_decode case %zu: code point", i);
		is_int(xq__utf8_seq((const unsigned char *)t[i].s, t[i].n), t[i].len,
		       "utf8_seq agrees, case %zu", i);
	}
	static const struct {
		const char *s;
		size_t n, keep;
	} c[] = {
		{ "abc", 3, 3 }, { "a炮", 4, 4 }, { "a炮", 3, 1 }, { "a炮", 2, 1 },
		{ "\xf0\x9f\x98\x80", 3, 0 }, { "\xf0\x9f\x98\x80", 4, 4 }, { "", 0, 0 },
	};
	for (size_t i = 0; i < sizeof c / sizeof *c; i++)
		is_int((int)xq__utf8_cut(c[i].s, c[i].n), (int)c[i].keep, "utf8_cut case %zu", i);
}

static void ascii(void)
{
	ok(xq__ascii_casecmp("FEN", "fen") == 0, "casecmp: case ignored");
	ok(xq__ascii_casecmp("Red", "RedTeam") < 0, "casecmp: a prefix sorts first");
	ok(xq__ascii_casecmp("[", "{") != 0, "casecmp: only letters fold ('[' is not '{')");
	ok(xq__ascii_casecmp("\xc3\x89", "\xc3\xa9") != 0, "casecmp: no folding beyond ASCII");
	ok(xq__ascii_ieq("XiangQi", "xiangqi", 7), "ieq: n bytes");
	ok(!xq__ascii_ieq("xiangqa", "xiangqi", 7), "ieq: a difference");
	ok(xq__has_suffix("a.pgn.gz", ".gz") && !xq__has_suffix(".gz", ".gz") &&
	   !xq__has_suffix(NULL, ".gz"), "has_suffix");
}

static void buffer(void)
{
	struct xq__buf b = { 0 };
	char big[1000];
	memset(big, 'x', sizeof big - 1);
	big[sizeof big - 1] = '\0';
	is_int(xq__buf_puts(&b, "ab"), 0, "buf: put");
	is_int(xq__buf_put(&b, "cd", 2), 0, "buf: put again");
	is_str(b.p, "abcd", "buf: NUL-terminated bytes");
	is_int(xq__buf_printf(&b, "[%s]", big), 0, "buf: printf past any small buffer");
	ok(b.len == 4 + 2 + 999 && b.p[b.len] == '\0' && b.p[4] == '[' && b.p[b.len - 1] == ']',
	   "buf: the long printf whole");
	size_t len = b.len;
	is_int(xq__buf_put(&b, "x", SIZE_MAX - 8), XQ_ENOMEM, "buf: an impossible size fails");
	ok(b.oom && b.len == len && b.p[len] == '\0', "buf: oom set, the bytes as they were");
	is_int(xq__buf_puts(&b, "y"), XQ_ENOMEM, "buf: and later puts fail too (sticky)");
	xq__buf_free(&b);
	ok(!b.p && !b.len && !b.cap && !b.oom, "buf: free empties it");
	char *p = NULL;
	size_t cap = 0;
	is_int(xq__grow(&p, &cap, 300), 0, "grow: room made");
	ok(p && cap >= 300, "grow: at least what was asked");
	is_int(xq__grow(&p, &cap, SIZE_MAX), XQ_ENOMEM, "grow: an impossible size fails");
	ok(p && cap >= 300, "grow: the buffer unchanged by a failure");
	free(p);
}

static void names(void)
{
	is_str(xq_zh_piece(XQ_RED, XQ_CHARIOT, 0), "车", "zh: Red chariot");
	is_str(xq_zh_piece(XQ_BLACK, XQ_KING, 1), "將", "zh: Black king, traditional");
	is_str(xq_zh_piece(XQ_RED, XQ_NONE, 0), "", "zh: no piece");
	is_str(xq_zh_piece(2, XQ_PAWN, 0), "", "zh: no such side");
	/* a diagram's glyphs: every one distinct between the sides */
	static const char *const board[2][2] = { { "帅仕相傌俥炮兵", "将士象马车砲卒" },
						 { "帥仕相傌俥炮兵", "將士象馬車砲卒" } };
	for (int trad = 0; trad < 2; trad++)
		for (int side = 0; side < 2; side++) {
			char all[64] = "";
			for (int t = XQ_KING; t <= XQ_PAWN; t++)
				strcat(all, xq_zh_board_piece(side, t, trad));
			is_str(all, board[trad][side], "zh: diagram pieces, side %d, trad %d", side, trad);
		}
	for (int t = XQ_KING; t <= XQ_PAWN; t++)
		ok(strcmp(xq_zh_board_piece(XQ_RED, t, 0), xq_zh_board_piece(XQ_BLACK, t, 0)) != 0 &&
		   strcmp(xq_zh_board_piece(XQ_RED, t, 1), xq_zh_board_piece(XQ_BLACK, t, 1)) != 0,
		   "zh: diagram piece %d differs between the sides", t);
	is_str(xq_zh_board_piece(XQ_RED, XQ_NONE, 0), "", "zh: diagram, no piece");
	is_str(xq_zh_board_piece(-1, XQ_PAWN, 1), "", "zh: diagram, no such side");
	is_str(xq_zh_number(XQ_RED, 5), "五", "zh: Red's five");
	is_str(xq_zh_number(XQ_BLACK, 9), "９", "zh: Black's nine");
	is_str(xq_zh_number(XQ_RED, 10), "", "zh: out of range");
	is_str(xq_side_name(XQ_RED), "Red", "side name: Red");
	is_str(xq_side_name(XQ_BLACK), "Black", "side name: Black");
	is_str(xq__side_adjective(XQ_BLACK), "black", "side before a piece: black");
	static const struct { int c, type; } l[] = {
		{ 'K', XQ_KING }, { 'A', XQ_ADVISOR }, { 'B', XQ_ELEPHANT }, { 'E', XQ_ELEPHANT },
		{ 'N', XQ_HORSE }, { 'H', XQ_HORSE }, { 'R', XQ_CHARIOT }, { 'C', XQ_CANNON },
		{ 'P', XQ_PAWN }, { 'k', XQ_NONE }, { 'b', XQ_NONE }, { 'X', XQ_NONE }, { '1', XQ_NONE },
	};
	for (size_t i = 0; i < sizeof l / sizeof *l; i++)
		is_int(xq_type_from_letter(l[i].c), l[i].type, "letter '%c'", l[i].c);
	enum xq_notation n;
	static const char *const nn[] = { "iccs", "WXF", "Chinese", "zh", "ucci", "uci10", "fsf", "any" };
	for (size_t i = 0; i < sizeof nn / sizeof *nn; i++)
		ok(xq_notation_from_name(nn[i], &n) == 0, "notation name '%s' read", nn[i]);
	ok(xq_notation_from_name("chinese!", &n) == XQ_EINVAL, "an unknown notation name");
	is_str(xq_notation_name(XQ_NOTATION_UCI10), "uci10", "notation name of UCI10");
}

int main(void)
{
	utf8();
	ascii();
	buffer();
	names();
	return done_testing();
}
