/*
 * build.h - the format readers' toolkit for building a game: one sink for
 * the problems a builder finds, where they are (a byte offset in a binary
 * layout, a line and column in text), and the steps every builder takes
 * (a move added as the input gives it, a tag, the result).  Private to
 * the library, its unit tests and fuzz targets.
 */
#ifndef XQ_BUILD_H
#define XQ_BUILD_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include "xq_format.h"

/* Where in the input a problem or a move is: a byte offset (byte >= 0),
 * else a line and column (line > 0), else nowhere. */
struct xq_build_at {
	long byte;
	long line, col;
};

#define XQ_BUILD_NOWHERE ((struct xq_build_at){ -1, 0, 0 })
#define XQ_BUILD_BYTE(b) ((struct xq_build_at){ (long)(b), 0, 0 })
#define XQ_BUILD_LINE(l, c) ((struct xq_build_at){ -1, (long)(l), (long)(c) })

/* Where a builder's problems go; report may be NULL (the game is still
 * flagged). */
struct xq_build_sink {
	void (*report)(void *ctx, struct xq_game *g, enum xq_severity sev,
		       enum xq_problem_code code, struct xq_build_at at, int ply,
		       const char *text, const char *msg);
	void *ctx;
};

/* A problem of game g (may be NULL) to s (may be NULL): an error or worse
 * flags g XQ_GAME_BROKEN, the message is formatted and handed on. */
void xq__build_vreport(const struct xq_build_sink *s, struct xq_game *g, enum xq_severity sev,
		       enum xq_problem_code code, struct xq_build_at at, int ply, const char *text,
		       const char *fmt, va_list ap)
	__attribute__((format(printf, 8, 0)));
void xq__build_report(const struct xq_build_sink *s, struct xq_game *g, enum xq_severity sev,
		      enum xq_problem_code code, struct xq_build_at at, int ply, const char *text,
		      const char *fmt, ...)
	__attribute__((format(printf, 8, 9)));

/* The sink's report for a reader: ctx is the struct xq_reader *, the
 * problem goes to xq_reader_problem_at() or xq_reader_problem(). */
void xq__build_to_reader(void *ctx, struct xq_game *g, enum xq_severity sev,
			 enum xq_problem_code code, struct xq_build_at at, int ply,
			 const char *text, const char *msg);

/* A move added below parent as the input gives it (text[0..n): its
 * spelling), remembering where it stands; replay checks it.  NULL when
 * out of memory.  (Inline: a builder's step for every move.) */
static inline struct xq_node *xq__build_move(struct xq_game *g, struct xq_node *parent,
					     xq_move m, const char *text, size_t n,
					     struct xq_build_at at)
{
	struct xq_node *nd = xq_node_add(g, parent, m, text, n);
	if (!nd)
		return NULL;
	if (at.byte >= 0) {
		nd->byte = (uint32_t)at.byte;
		nd->flags |= XQ_NODE_AT_BYTE;
	} else {
		nd->line = (uint32_t)at.line;
		nd->col = (uint32_t)at.col;
	}
	return nd;
}

/* Tag name = value appended, unless value is empty.  0 or XQ_ENOMEM. */
int xq__build_tag(struct xq_game *g, const char *name, const char *value);

/* The game's result (a static string) and its Result tag.  0 or
 * XQ_ENOMEM. */
int xq__build_result(struct xq_game *g, const char *result);

/* The results of the result codes of the XQStudio and CCBridge layouts:
 * 0 unknown, 1 Red won, 2 Black won, 3 a draw, 4 a draw too (XQF, CBF). */
extern const char *const xq__result_codes[5];

/* The result code's result, for a layout whose codes go up to last.  A
 * code past last is read as unknown, reported at at (to s: NULL, not
 * reported). */
const char *xq__build_result_code(const struct xq_build_sink *s, struct xq_game *g, unsigned code,
				  unsigned last, struct xq_build_at at);

/* The report of a game past XQ_MAX_GAME_MOVES at the move that passes
 * it: that move and the rest are ignored. */
void xq__build_too_many(const struct xq_build_sink *s, struct xq_game *g, struct xq_build_at at,
			int ply);

#endif
