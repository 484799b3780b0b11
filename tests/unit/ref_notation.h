/*
 * ref_notation.h - the reference reader of relative moves the unit tests
 * hold lib/notation.c against (ref_notation.c).
 */
#ifndef REF_NOTATION_H
#define REF_NOTATION_H

#include "xq.h"
#include "notation_impl.h"

/* The legal moves whose renderings in the token alphabet include t (the
 * WXF-only pawn forms too with wxf), by rendering every legal move; in
 * found (XQ_MAX_MOVES room), how many returned. */
int ref_relative_match(const struct xq_pos *pos, const char *t, int wxf, xq_move *found);
/* Every rendering of the legal move m in the token alphabet (at most 24). */
int ref_relative_renderings(const struct xq_pos *pos, xq_move m, int wxf,
			    char (*out)[XQ__RENDER_MAX]);
/* xq_move_parse() with relative moves read by ref_relative_match() alone. */
int ref_move_parse(const struct xq_pos *pos, const char *text, size_t len, enum xq_notation n,
		   xq_move *out, struct xq_err *err);

#endif
