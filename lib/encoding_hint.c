/*
 * encoding_hint.c - a hint after a game that did not replay: when its
 * first bad move reads as no move of either side, failing at a character
 * outside ASCII, the detected encoding may be the wrong one.
 */
#include <stdio.h>
#include <string.h>

#include "xq.h"

int xq_game_encoding_hint(const struct xq_reader *r, const struct xq_game *g, const char *name,
			  const char *encoding, xq_problem_fn fn, void *data)
{
	const char *enc = xq_reader_encoding(r);
	const struct xq_node *n;
	char msg[200];
	struct xq_problem p;

	if (!g->errors || (encoding && *encoding && strcmp(encoding, "auto")) || !enc ||
	    !strcmp(enc, "binary"))
		return 0;
	/* the first move that did not resolve: garbled text is not ASCII */
	for (n = g->root.child; n && n->move != XQ_MOVE_NONE; n = n->child)
		;
	if (!n || !n->text)
		return 0;
	/* garbled: the move does not even read, for either side, failing at
	 * a character no notation has (not ASCII, "unexpected character") */
	{
		static const char *const fens[] = {
			XQ_START_FEN,
			"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1",
		};
		size_t len = strlen(n->text);
		for (int side = 0; side < 2; side++) {
			struct xq_pos start;
			struct xq_err e;
			xq_move m;
			if (xq_pos_from_fen(&start, fens[side], 0, NULL) < 0)
				return 0;
			memset(&e, 0, sizeof e);
			/* a move of either side that reads (legal or not) is not garbled */
			if (xq_move_parse(&start, n->text, len, XQ_NOTATION_ANY, 0, &m, &e) != XQ_EINVAL ||
			    e.offset < 0 || (size_t)e.offset >= len ||
			    (unsigned char)n->text[e.offset] < 0x80 ||
			    !strstr(e.msg, "unexpected character"))
				return 0;
		}
	}
	snprintf(msg, sizeof msg, "the file was read as %s; if the text is garbled, "
		 "-e chooses the encoding", enc);
	memset(&p, 0, sizeof p);
	p.severity = XQ_SEV_WARNING;
	p.code = XQ_P_ENCODING;
	p.file = name;
	p.game = g->index;
	p.line = n->line;
	p.msg = msg;
	fn(data, &p);
	return 1;
}
