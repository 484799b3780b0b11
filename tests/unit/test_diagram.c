/*
 * test_diagram.c - lib/diagram.c: the text diagram of a position, whole,
 * for a table of positions and options (ASCII and Chinese pieces, flipped,
 * colours, traditional characters, the status lines after a last move in
 * each notation, check, checkmate, stalemate), and its refusals.
 */
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "xq.h"

static const struct text_case {
	const char *name, *fen, *moves;
	unsigned flags;
	enum xq_notation notation;
	unsigned notation_flags;
	const char *want;
} text_cases[] = {
	{ "the start, ASCII, no status", NULL, "", XQ_BOARD_ASCII, XQ_NOTATION_CHINESE, 0,
	  "   a   b   c   d   e   f   g   h   i\n"
	  "9  r---n---b---a---k---a---b---n---r\n"
	  "   |   |   |   | \\ | / |   |   |   |\n"
	  "8  +---+---+---+---+---+---+---+---+\n"
	  "   |   |   |   | / | \\ |   |   |   |\n"
	  "7  +---c---+---+---+---+---+---c---+\n"
	  "   |   |   |   |   |   |   |   |   |\n"
	  "6  p---+---p---+---p---+---p---+---p\n"
	  "   |   |   |   |   |   |   |   |   |\n"
	  "5  +---+---+---+---+---+---+---+---+\n"
	  "   |    chu he          han jie    |\n"
	  "4  +---+---+---+---+---+---+---+---+\n"
	  "   |   |   |   |   |   |   |   |   |\n"
	  "3  P---+---P---+---P---+---P---+---P\n"
	  "   |   |   |   |   |   |   |   |   |\n"
	  "2  +---C---+---+---+---+---+---C---+\n"
	  "   |   |   |   | \\ | / |   |   |   |\n"
	  "1  +---+---+---+---+---+---+---+---+\n"
	  "   |   |   |   | / | \\ |   |   |   |\n"
	  "0  R---N---B---A---K---A---B---N---R\n"
	  "   a   b   c   d   e   f   g   h   i\n" },
	{ "the start, Chinese pieces on box drawing", NULL, "", XQ_BOARD_STATUS, XQ_NOTATION_CHINESE, 0,
	  "   １  ２  ３  ４  ５  ６  ７  ８  ９\n"
	  "9  车──马──象──士──将──士──象──马──车\n"
	  "   │   │   │   │ ╲ │ ╱ │   │   │   │\n"
	  "8  ├───┼───┼───┼───┼───┼───┼───┼───┤\n"
	  "   │   │   │   │ ╱ │ ╲ │   │   │   │\n"
	  "7  ├───砲──┼───┼───┼───┼───┼───砲──┤\n"
	  "   │   │   │   │   │   │   │   │   │\n"
	  "6  卒──┼───卒──┼───卒──┼───卒──┼───卒\n"
	  "   │   │   │   │   │   │   │   │   │\n"
	  "5  ├───┴───┴───┴───┴───┴───┴───┴───┤\n"
	  "   │    楚  河           汉  界    │\n"
	  "4  ├───┬───┬───┬───┬───┬───┬───┬───┤\n"
	  "   │   │   │   │   │   │   │   │   │\n"
	  "3  兵──┼───兵──┼───兵──┼───兵──┼───兵\n"
	  "   │   │   │   │   │   │   │   │   │\n"
	  "2  ├───炮──┼───┼───┼───┼───┼───炮──┤\n"
	  "   │   │   │   │ ╲ │ ╱ │   │   │   │\n"
	  "1  ├───┼───┼───┼───┼───┼───┼───┼───┤\n"
	  "   │   │   │   │ ╱ │ ╲ │   │   │   │\n"
	  "0  俥──傌──相──仕──帅──仕──相──傌──俥\n"
	  "   九  八  七  六  五  四  三  二  一\n"
	  "FEN: rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\n"
	  "red to move\n" },
	{ "two moves, ASCII, flipped, WXF", NULL, "h2e2 h9g7", XQ_BOARD_ASCII | XQ_BOARD_FLIP | XQ_BOARD_STATUS, XQ_NOTATION_WXF, 0,
	  "   i   h   g   f   e   d   c   b   a\n"
	  "0  R---N---B---A---K---A---B---N---R\n"
	  "   |   |   |   | \\ | / |   |   |   |\n"
	  "1  +---+---+---+---+---+---+---+---+\n"
	  "   |   |   |   | / | \\ |   |   |   |\n"
	  "2  +---+---+---+---C---+---+---C---+\n"
	  "   |   |   |   |   |   |   |   |   |\n"
	  "3  P---+---P---+---P---+---P---+---P\n"
	  "   |   |   |   |   |   |   |   |   |\n"
	  "4  +---+---+---+---+---+---+---+---+\n"
	  "   |    chu he          han jie    |\n"
	  "5  +---+---+---+---+---+---+---+---+\n"
	  "   |   |   |   |   |   |   |   |   |\n"
	  "6  p---+---p---+---p---+---p---+---p\n"
	  "   |   |   |   |   |   |   |   |   |\n"
	  "7  +---c--[n]--+---+---+---+---c---+\n"
	  "   |   |   |   | \\ | / |   |   |   |\n"
	  "8  +---+---+---+---+---+---+---+---+\n"
	  "   |   |   |   | / | \\ |   |   |   |\n"
	  "9  r--[+]--b---a---k---a---b---n---r\n"
	  "   i   h   g   f   e   d   c   b   a\n"
	  "FEN: rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2\n"
	  "red to move; last move H8+7\n" },
	{ "check, traditional, ICCS with ASCII digits", NULL, "h2e2 h7e7 e2e6", XQ_BOARD_TRAD | XQ_BOARD_STATUS, XQ_NOTATION_ICCS, XQ_NOTE_TRAD | XQ_NOTE_ASCII_DIGITS,
	  "   １  ２  ３  ４  ５  ６  ７  ８  ９\n"
	  "9  車──馬──象──士──將──士──象──馬──車\n"
	  "   │   │   │   │ ╲ │ ╱ │   │   │   │\n"
	  "8  ├───┼───┼───┼───┼───┼───┼───┼───┤\n"
	  "   │   │   │   │ ╱ │ ╲ │   │   │   │\n"
	  "7  ├───砲──┼───┼───砲──┼───┼───┼───┤\n"
	  "   │   │   │   │   │   │   │   │   │\n"
	  "6  卒──┼───卒──┼──[炮]─┼───卒──┼───卒\n"
	  "   │   │   │   │   │   │   │   │   │\n"
	  "5  ├───┴───┴───┴───┴───┴───┴───┴───┤\n"
	  "   │    楚  河           漢  界    │\n"
	  "4  ├───┬───┬───┬───┬───┬───┬───┬───┤\n"
	  "   │   │   │   │   │   │   │   │   │\n"
	  "3  兵──┼───兵──┼───兵──┼───兵──┼───兵\n"
	  "   │   │   │   │   │   │   │   │   │\n"
	  "2  ├───炮──┼───┼──[┼]──┼───┼───┼───┤\n"
	  "   │   │   │   │ ╲ │ ╱ │   │   │   │\n"
	  "1  ├───┼───┼───┼───┼───┼───┼───┼───┤\n"
	  "   │   │   │   │ ╱ │ ╲ │   │   │   │\n"
	  "0  俥──傌──相──仕──帥──仕──相──傌──俥\n"
	  "   九  八  七  六  五  四  三  二  一\n"
	  "FEN: rnbakabnr/9/1c2c4/p1p1C1p1p/9/9/P1P1P1P1P/1C7/9/RNBAKABNR b - - 0 2\n"
	  "black to move, in check; last move 炮五進四 (e2e6)\n" },
	{ "flipped Chinese with the last move marked", NULL, "h2e2 h9g7 h0g2", XQ_BOARD_FLIP | XQ_BOARD_STATUS, XQ_NOTATION_CHINESE, 0,
	  "   一  二  三  四  五  六  七  八  九\n"
	  "0  俥─[┬]──相──仕──帅──仕──相──傌──俥\n"
	  "   │   │   │   │ ╲ │ ╱ │   │   │   │\n"
	  "1  ├───┼───┼───┼───┼───┼───┼───┼───┤\n"
	  "   │   │   │   │ ╱ │ ╲ │   │   │   │\n"
	  "2  ├───┼──[傌]─┼───炮──┼───┼───炮──┤\n"
	  "   │   │   │   │   │   │   │   │   │\n"
	  "3  兵──┼───兵──┼───兵──┼───兵──┼───兵\n"
	  "   │   │   │   │   │   │   │   │   │\n"
	  "4  ├───┴───┴───┴───┴───┴───┴───┴───┤\n"
	  "   │    楚  河           汉  界    │\n"
	  "5  ├───┬───┬───┬───┬───┬───┬───┬───┤\n"
	  "   │   │   │   │   │   │   │   │   │\n"
	  "6  卒──┼───卒──┼───卒──┼───卒──┼───卒\n"
	  "   │   │   │   │   │   │   │   │   │\n"
	  "7  ├───砲──马──┼───┼───┼───┼───砲──┤\n"
	  "   │   │   │   │ ╲ │ ╱ │   │   │   │\n"
	  "8  ├───┼───┼───┼───┼───┼───┼───┼───┤\n"
	  "   │   │   │   │ ╱ │ ╲ │   │   │   │\n"
	  "9  车──┴───象──士──将──士──象──马──车\n"
	  "   ９  ８  ７  ６  ５  ４  ３  ２  １\n"
	  "FEN: rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b - - 3 2\n"
	  "black to move; last move 马二进三 (h0g2)\n" },
	{ "colours", NULL, "h2e2", XQ_BOARD_ASCII | XQ_BOARD_COLOR | XQ_BOARD_STATUS, XQ_NOTATION_UCI10, 0,
	  "   a   b   c   d   e   f   g   h   i\n"
	  "9  \033[1mr\033[0m---\033[1mn\033[0m---\033[1mb\033[0m---\033[1ma\033[0m---\033[1mk\033[0m---\033[1ma\033[0m---\033[1mb\033[0m---\033[1mn\033[0m---\033[1mr\033[0m\n"
	  "   |   |   |   | \\ | / |   |   |   |\n"
	  "8  +---+---+---+---+---+---+---+---+\n"
	  "   |   |   |   | / | \\ |   |   |   |\n"
	  "7  +---\033[1mc\033[0m---+---+---+---+---+---\033[1mc\033[0m---+\n"
	  "   |   |   |   |   |   |   |   |   |\n"
	  "6  \033[1mp\033[0m---+---\033[1mp\033[0m---+---\033[1mp\033[0m---+---\033[1mp\033[0m---+---\033[1mp\033[0m\n"
	  "   |   |   |   |   |   |   |   |   |\n"
	  "5  +---+---+---+---+---+---+---+---+\n"
	  "   |    chu he          han jie    |\n"
	  "4  +---+---+---+---+---+---+---+---+\n"
	  "   |   |   |   |   |   |   |   |   |\n"
	  "3  \033[1;31mP\033[0m---+---\033[1;31mP\033[0m---+---\033[1;31mP\033[0m---+---\033[1;31mP\033[0m---+---\033[1;31mP\033[0m\n"
	  "   |   |   |   |   |   |   |   |   |\n"
	  "2  +---\033[1;31mC\033[0m---+---+--[\033[1;31mC\033[0m]--+---+--[+]--+\n"
	  "   |   |   |   | \\ | / |   |   |   |\n"
	  "1  +---+---+---+---+---+---+---+---+\n"
	  "   |   |   |   | / | \\ |   |   |   |\n"
	  "0  \033[1;31mR\033[0m---\033[1;31mN\033[0m---\033[1;31mB\033[0m---\033[1;31mA\033[0m---\033[1;31mK\033[0m---\033[1;31mA\033[0m---\033[1;31mB\033[0m---\033[1;31mN\033[0m---\033[1;31mR\033[0m\n"
	  "   a   b   c   d   e   f   g   h   i\n"
	  "FEN: rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1\n"
	  "black to move; last move h3e3\n" },
	{ "checkmate", "4k4/4R4/6N2/9/3R5/9/9/9/9/4K4 b - - 0 1", "", XQ_BOARD_ASCII | XQ_BOARD_STATUS, XQ_NOTATION_CHINESE, 0,
	  "   a   b   c   d   e   f   g   h   i\n"
	  "9  +---+---+---+---k---+---+---+---+\n"
	  "   |   |   |   | \\ | / |   |   |   |\n"
	  "8  +---+---+---+---R---+---+---+---+\n"
	  "   |   |   |   | / | \\ |   |   |   |\n"
	  "7  +---+---+---+---+---+---N---+---+\n"
	  "   |   |   |   |   |   |   |   |   |\n"
	  "6  +---+---+---+---+---+---+---+---+\n"
	  "   |   |   |   |   |   |   |   |   |\n"
	  "5  +---+---+---R---+---+---+---+---+\n"
	  "   |    chu he          han jie    |\n"
	  "4  +---+---+---+---+---+---+---+---+\n"
	  "   |   |   |   |   |   |   |   |   |\n"
	  "3  +---+---+---+---+---+---+---+---+\n"
	  "   |   |   |   |   |   |   |   |   |\n"
	  "2  +---+---+---+---+---+---+---+---+\n"
	  "   |   |   |   | \\ | / |   |   |   |\n"
	  "1  +---+---+---+---+---+---+---+---+\n"
	  "   |   |   |   | / | \\ |   |   |   |\n"
	  "0  +---+---+---+---K---+---+---+---+\n"
	  "   a   b   c   d   e   f   g   h   i\n"
	  "FEN: 4k4/4R4/6N2/9/3R5/9/9/9/9/4K4 b - - 0 1\n"
	  "black is checkmated\n" },
	{ "stalemate", "3k5/8R/9/9/9/9/9/9/9/4K4 b - - 0 1", "", XQ_BOARD_STATUS, XQ_NOTATION_CHINESE, 0,
	  "   １  ２  ３  ４  ５  ６  ７  ８  ９\n"
	  "9  ┌───┬───┬───将──┬───┬───┬───┬───┐\n"
	  "   │   │   │   │ ╲ │ ╱ │   │   │   │\n"
	  "8  ├───┼───┼───┼───┼───┼───┼───┼───俥\n"
	  "   │   │   │   │ ╱ │ ╲ │   │   │   │\n"
	  "7  ├───┼───┼───┼───┼───┼───┼───┼───┤\n"
	  "   │   │   │   │   │   │   │   │   │\n"
	  "6  ├───┼───┼───┼───┼───┼───┼───┼───┤\n"
	  "   │   │   │   │   │   │   │   │   │\n"
	  "5  ├───┴───┴───┴───┴───┴───┴───┴───┤\n"
	  "   │    楚  河           汉  界    │\n"
	  "4  ├───┬───┬───┬───┬───┬───┬───┬───┤\n"
	  "   │   │   │   │   │   │   │   │   │\n"
	  "3  ├───┼───┼───┼───┼───┼───┼───┼───┤\n"
	  "   │   │   │   │   │   │   │   │   │\n"
	  "2  ├───┼───┼───┼───┼───┼───┼───┼───┤\n"
	  "   │   │   │   │ ╲ │ ╱ │   │   │   │\n"
	  "1  ├───┼───┼───┼───┼───┼───┼───┼───┤\n"
	  "   │   │   │   │ ╱ │ ╲ │   │   │   │\n"
	  "0  └───┴───┴───┴───帅──┴───┴───┴───┘\n"
	  "   九  八  七  六  五  四  三  二  一\n"
	  "FEN: 3k5/8R/9/9/9/9/9/9/9/4K4 b - - 0 1\n"
	  "black has no legal move (stalemated, a loss)\n" },
};

/* Set up a case: its FEN (NULL: the start), then its moves played; *last
 * and *before are the last move and the position it was played in. */
static int set_up(const struct text_case *c, struct xq_pos *pos, struct xq_pos *before,
		  xq_move *last)
{
	char moves[128], *save = NULL;
	*last = XQ_MOVE_NONE;
	if (!c->fen)
		xq_pos_start(pos);
	else if (xq_pos_from_fen(pos, c->fen, 0, NULL) < 0)
		return -1;
	snprintf(moves, sizeof moves, "%s", c->moves);
	for (char *t = strtok_r(moves, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
		struct xq_undo u;
		if (xq_move_parse(pos, t, strlen(t), XQ_NOTATION_ICCS, 0, last, NULL) < 0)
			return -1;
		*before = *pos;
		xq_make(pos, *last, &u);
	}
	return 0;
}

int main(void)
{
	for (size_t i = 0; i < sizeof text_cases / sizeof text_cases[0]; i++) {
		const struct text_case *c = &text_cases[i];
		struct xq_pos pos, before;
		xq_move last;
		char *out = NULL;
		size_t len = 0;
		if (!ok(set_up(c, &pos, &before, &last) == 0, "%s: set up", c->name))
			continue;
		struct xq_board_text_opts o = { c->flags, last, &before, c->notation, c->notation_flags };
		int rc = xq_board_text(&pos, &o, &out, &len);
		is_int(rc, 0, "%s: drawn", c->name);
		is_str(out ? out : "", c->want, "%s: the whole text", c->name);
		is_int(len, strlen(c->want), "%s: its length", c->name);
		free(out);
	}

	/* no options: Chinese pieces, no status lines, nothing marked */
	{
		struct xq_pos pos;
		char *out = NULL;
		size_t len;
		const char *want = text_cases[1].want;
		size_t board = (size_t)(strstr(want, "FEN: ") - want);
		xq_pos_start(&pos);
		is_int(xq_board_text(&pos, NULL, &out, &len), 0, "no options: drawn");
		ok(out && len == board && !memcmp(out, want, board) && out[len] == '\0',
		   "no options: the board alone, as the default flags draw it");
		free(out);
	}

	/* the status line names the last move in the position before it */
	{
		struct xq_pos pos;
		char *out = (char *)"unchanged";
		size_t len = 1;
		struct xq_board_text_opts o = { XQ_BOARD_STATUS, 0, NULL, XQ_NOTATION_CHINESE, 0 };
		xq_pos_start(&pos);
		o.last = xq_move_make(XQ_SQ(7, 2), XQ_SQ(4, 2));
		is_int(xq_board_text(&pos, &o, &out, &len), XQ_EINVAL, "a last move without the position before it");
		ok(out == NULL && len == 0, "refused: nothing returned");
		o.before = &pos;
		o.last = xq_move_make(XQ_SQ(0, 0), XQ_SQ(0, 5));   /* through a pawn */
		is_int(xq_board_text(&pos, &o, &out, &len), XQ_EINVAL, "a last move that cannot be written there");
		ok(out == NULL && len == 0, "refused: nothing returned");
		o.flags = 0;
		is_int(xq_board_text(&pos, &o, &out, &len), 0, "without the status line the move is only marked");
		ok(out && strstr(out, "[├]") && strstr(out, "[俥]"), "both squares of the move in brackets");
		free(out);
	}
	return done_testing();
}
