/*
 * notation_impl.h - notation.c's internals: the readers of relative moves
 * (Chinese, WXF) that the tests hold against their reference
 * (tests/unit/ref_notation.c, which renders every legal move), what that
 * reference renders from, and the notations' PGN [Format] names for the
 * PGN writer.  Not API.
 */
#ifndef XQ_NOTATION_IMPL_H
#define XQ_NOTATION_IMPL_H

#include "xq.h"

/* Longest rendering in the token alphabet of notation.c, NUL included. */
#define XQ__RENDER_MAX 8
/* Most moves one token string can fit (five pawns, three directions). */
#define XQ__MATCH_MAX 16

/* Everything the relative notations say about one move. */
struct minfo {
	int side, type;
	int file;     /* origin file in the mover's numbering, 1..9 */
	char dir;     /* '+' forward, '-' backward, '.' sideways */
	int value;    /* ranks moved, or destination file (mover's numbering) */
	int n, j;     /* pieces of this kind on the origin file; index from the front */
	int ndf;      /* pawns: files holding two or more of the mover's pawns */
	int xn, xi;   /* pawns: pawns on such files; index in xqbase order */
};

/* What the reference reader of the tests (tests/unit/ref_notation.c)
 * renders moves from: a legal move m described; the labels that name a
 * piece of a tandem (mi->n >= 2: front, middle, rear or ordinal, and a
 * pawn's xqbase label), how many (at most 3); WXF's official form of a
 * tandem pawn's first two tokens (0: none beyond the others). */
void xq__describe(const struct xq_pos *pos, xq_move m, struct minfo *mi);
int xq__tandem_labels(const struct minfo *mi, char labels[4]);
int xq__wxf_pawn_prefix(const struct minfo *mi, char p[2]);

/* The legal moves of the side to move whose renderings in the token
 * alphabet (see notation.c) include t, found directly (without rendering
 * any move).  wxf: the WXF-only pawn forms count too.  Fills found
 * (XQ_MAX_MOVES room) in no particular order; returns how many. */
int xq__relative_match(const struct xq_pos *pos, const char *t, int wxf, xq_move *found);
/* A reader of token strings as xq__relative_match() is. */
typedef int (*xq__match_fn)(const struct xq_pos *pos, const char *t, int wxf, xq_move *found);
/* xq_move_parse() with the relative moves read by match alone (no quick
 * reader first): the same codes, moves and messages when match finds
 * what xq__relative_match() finds. */
int xq__move_parse_with(const struct xq_pos *pos, const char *text, size_t len,
			enum xq_notation n, xq__match_fn match, xq_move *out, struct xq_err *err);

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

/* Which rank numbering a coordinate move text ("h0g2", "H10-G8+") fits:
 * 0 ICCS's alone (a rank 0), 10 UCI10's alone (a rank 10), 1 both, -1
 * neither (no coordinate move, or ranks 0 and 10 together). */
int xq__coord_numbering(const char *s, size_t len);

/* The notation as a PGN [Format] tag names it ("ICCS", "Chinese"); the
 * default's, "Chinese", for ANY. */
const char *xq__notation_tag(enum xq_notation n);

#endif
