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
 * out of memory. */
struct xq_node *xq__build_move(struct xq_game *g, struct xq_node *parent, xq_move m,
			       const char *text, size_t n, struct xq_build_at at);

/* Tag name = value appended, unless value is empty.  0 or XQ_ENOMEM. */
int xq__build_tag(struct xq_game *g, const char *name, const char *value);

/* The game's result (a static string) and its Result tag.  0 or
 * XQ_ENOMEM. */
int xq__build_result(struct xq_game *g, const char *result);

#endif
