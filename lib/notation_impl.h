/*
 * notation_impl.h - notation.c's internals that tests hold against each
 * other: the direct reader of relative moves (Chinese, WXF) and the
 * rendering-based reader it replaced, kept as its oracle; and the
 * notations' PGN [Format] names for the PGN writer.  Not API.
 */
#ifndef XQ_NOTATION_IMPL_H
#define XQ_NOTATION_IMPL_H

#include "xq.h"

/* Longest rendering in the token alphabet of notation.c, NUL included. */
#define XQ__RENDER_MAX 8
/* Most moves one token string can fit (five pawns, three directions). */
#define XQ__MATCH_MAX 16

/* The legal moves of the side to move whose renderings in the token
 * alphabet (see notation.c) include t: by rendering every legal move
 * (direct = 0) or directly.  wxf: the WXF-only pawn forms count too.
 * Fills found (XQ_MAX_MOVES room) in no particular order; returns how
 * many. */
int xq__relative_match(const struct xq_pos *pos, const char *t, int wxf, int direct,
		       xq_move *found);
/* Every rendering of the legal move m in the token alphabet (at most 24). */
int xq__relative_renderings(const struct xq_pos *pos, xq_move m, int wxf,
			    char (*out)[XQ__RENDER_MAX]);
/* xq_move_parse() resolving relative moves the old way, by rendering. */
int xq__move_parse_by_rendering(const struct xq_pos *pos, const char *text, size_t len,
				enum xq_notation n, xq_move *out, struct xq_err *err);

/* The common shape of a relative move read at once: a piece, its file, a
 * direction and a number, in any of the characters quick_tokens() reads
 * ("马８进７", "車九進二", "C2.5", "h8+7"), NUL-terminated, when exactly one
 * piece of that kind of the side to move stands on that file and its move
 * there is legal.  1 with *out set, the move xq_move_parse() (any
 * notation) gives; 0 for anything else, left to it. */
int xq__relative_quick(const struct xq_pos *pos, const char *text, xq_move *out);
/* xq__relative_quick() short of the legality test, from the side to move
 * and its slots alone (pos->sq_of + side * 16), for replay's run
 * (xq__replay_run tests and makes the move): the one move that text can
 * mean there if it is legal, or XQ_MOVE_NONE for anything the full reader
 * must decide (xq__relative_quick() gives 0 for it). */
xq_move xq__relative_quick_on(const uint8_t *sq_of, int side, const char *text);

/* For tests of the quick reader's character table: the token and length
 * of the character at s (NUL-terminated) as it reads them (0: none, the
 * full reader decides), and the token the full reader gives a code point
 * beyond ASCII (0: none). */
int xq__quick_char(const char *s, char *tok);
char xq__zh_token(unsigned cp);

/* The notation as a PGN [Format] tag names it ("ICCS", "Chinese"); the
 * default's, "Chinese", for ANY. */
const char *xq__notation_tag(enum xq_notation n);

#endif
