/*
 * movelist.c - a list of moves typed by a person ("h2e2 h7e7", "1. 炮二平五
 * 马8进7"), played one at a time (see xq_moves_next() in xq.h).
 */
#include <string.h>

#include "xq.h"

int xq_moves_next(struct xq_pos *pos, const char **at, const char **move, size_t *len,
		  struct xq_err *err)
{
	const char *p = *at;
	for (;;) {
		size_t n, d = 0;
		xq_move m;
		struct xq_undo u;
		while (*p == ' ' || *p == '\t' || *p == ',')
			p++;
		if (!(n = strcspn(p, " \t,")))
			return 0;
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
		if (xq_move_parse(pos, p, n, XQ_NOTATION_ANY, 0, &m, err) < 0)
			return -1;
		xq_make(pos, m, &u);
		*at = p + n;
		return 1;
	}
}
