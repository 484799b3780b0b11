/*
 * movelist.c - a list of moves as a command line gives it (an opening to
 * look for, a position to start from): moves apart by blanks, tabs, line
 * ends or commas, move numbers left out, each move read in any notation.
 */
#include <string.h>

#include "xq.h"

int xq_moves_next(struct xq_pos *pos, const char **at, const char **move, size_t *len,
		  xq_move *played, struct xq_err *err)
{
	const char *p = *at;
	for (;;) {
		size_t n, d = 0;
		xq_move m;
		struct xq_undo u;
		int rc;
		while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' || *p == ',')
			p++;
		if (!(n = strcspn(p, " \t\n\r,")))
			return 0;
		/* a move number: digits, then dots */
		while (d < n && p[d] >= '0' && p[d] <= '9')
			d++;
		if (d && d < n && p[d] == '.') {
			while (d < n && p[d] == '.')
				d++;
			*at = p += d;
			continue;
		}
		*move = p;
		*len = n;
		if ((rc = xq_move_parse(pos, p, n, XQ_NOTATION_ANY, 0, &m, err)) < 0)
			return rc;
		xq_make(pos, m, &u);
		if (played)
			*played = m;
		*at = p + n;
		return 1;
	}
}
