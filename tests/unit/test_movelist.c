/*
 * test_movelist.c - xq_moves_next(): a command line's list of moves
 * (blanks, tabs, line ends, commas, move numbers), table-driven: the moves played,
 * where it stops, the bad move named.
 */
#include <string.h>

#include "tap.h"
#include "xq.h"

static const struct list_case {
	const char *text;
	int played;          /* moves played before the end or the bad move */
	int rc;              /* the last call's: 0 the end, else the error */
	const char *bad;     /* the bad move's text */
	const char *fen;     /* the position reached (placement and side) */
} cases[] = {
	{ "", 0, 0, NULL, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w" },
	{ "  \t, ", 0, 0, NULL, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w" },
	{ "h2e2", 1, 0, NULL, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b" },
	{ "1. h2e2 h9g7 2. h0g2", 3, 0, NULL,
	  "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b" },
	{ "1.h2e2,h9g7\t2...h0g2", 3, 0, NULL,
	  "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b" },
	{ "1. h2e2\nh9g7\r\n2. h0g2\n", 3, 0, NULL,
	  "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b" },
	{ "炮二平五 马8进7 C2=5", 2, XQ_EINVAL, "C2=5",
	  "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w" },
	{ "h2e2 h2e2", 1, XQ_EILLEGAL, "h2e2",
	  "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b" },
	{ "1. h2e2 zz 3. h0g2", 1, XQ_EINVAL, "zz",
	  "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b" },
	{ "12", 0, XQ_EINVAL, "12", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w" },
};

/* text with its line ends shown as \n and \r, for one TAP line */
static const char *shown(const char *text)
{
	static char buf[200];
	size_t k = 0;
	for (const char *p = text; *p && k + 3 < sizeof buf; p++) {
		if (*p == '\n' || *p == '\r') {
			buf[k++] = '\\';
			buf[k++] = *p == '\n' ? 'n' : 'r';
		} else {
			buf[k++] = *p;
		}
	}
	buf[k] = 0;
	return buf;
}

int main(void)
{
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const struct list_case *c = &cases[i];
		struct xq_pos pos;
		struct xq_err err;
		const char *at = c->text, *mv = NULL;
		size_t len = 0;
		int rc, n = 0, told = 1;
		char fen[128];
		struct xq_pos before;
		xq_move m;

		xq_pos_start(&pos);
		before = pos;
		while ((rc = xq_moves_next(&pos, &at, &mv, &len, &m, &err)) > 0) {
			/* the move said is the one played */
			struct xq_undo u;
			xq_make(&before, m, &u);
			told &= xq_pos_same(&before, &pos);
			n++;
		}
		ok(n == c->played && rc == c->rc, "'%s': %d moves played, then %d (got %d, %d)", shown(c->text),
		   c->played, c->rc, n, rc);
		ok(told, "'%s': each move played is the one handed back", shown(c->text));
		if (c->bad)
			ok(mv && len == strlen(c->bad) && !strncmp(mv, c->bad, len) && err.msg[0],
			   "'%s': the bad move named, with why", shown(c->text));
		xq_pos_to_fen(&pos, fen, sizeof fen);
		ok(!strncmp(fen, c->fen, strlen(c->fen)) && fen[strlen(c->fen)] == ' ',
		   "'%s': the position reached (%s)", shown(c->text), fen);
	}
	return done_testing();
}
