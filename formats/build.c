/*
 * build.c - the format readers' toolkit for building a game (build.h).
 */
#include <stdarg.h>
#include <stdio.h>

#include "build.h"

void xq__build_vreport(const struct xq_build_sink *s, struct xq_game *g, enum xq_severity sev,
		       enum xq_problem_code code, struct xq_build_at at, int ply, const char *text,
		       const char *fmt, va_list ap)
{
	char msg[512];
	if (g && sev >= XQ_SEV_ERROR)
		g->flags |= XQ_GAME_BROKEN;
	if (!s || !s->report)
		return;
	vsnprintf(msg, sizeof msg, fmt, ap);
	s->report(s->ctx, g, sev, code, at, ply, text, msg);
}

void xq__build_report(const struct xq_build_sink *s, struct xq_game *g, enum xq_severity sev,
		      enum xq_problem_code code, struct xq_build_at at, int ply, const char *text,
		      const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	xq__build_vreport(s, g, sev, code, at, ply, text, fmt, ap);
	va_end(ap);
}

void xq__build_to_reader(void *ctx, struct xq_game *g, enum xq_severity sev,
			 enum xq_problem_code code, struct xq_build_at at, int ply,
			 const char *text, const char *msg)
{
	if (at.byte >= 0)
		xq_reader_problem_at(ctx, g, sev, code, at.byte, ply, text, "%s", msg);
	else
		xq_reader_problem(ctx, g, sev, code, at.line, at.col, ply, text, "%s", msg);
}

int xq__build_tag(struct xq_game *g, const char *name, const char *value)
{
	return *value ? xq_game_add_tag(g, name, value) : 0;
}

int xq__build_result(struct xq_game *g, const char *result)
{
	g->result = result;
	return xq_game_set_tag(g, "Result", result) < 0 ? XQ_ENOMEM : 0;
}

const char *const xq__result_codes[5] = { "*", "1-0", "0-1", "1/2-1/2", "1/2-1/2" };

const char *xq__build_result_code(const struct xq_build_sink *s, struct xq_game *g, unsigned code,
				  unsigned last, struct xq_build_at at)
{
	if (code <= last && code < sizeof xq__result_codes / sizeof xq__result_codes[0])
		return xq__result_codes[code];
	if (s)
		xq__build_report(s, g, XQ_SEV_WARNING, XQ_P_RESULT, at, 0, NULL,
				 "result code %u unknown; read as unfinished", code);
	return "*";
}

void xq__build_too_many(const struct xq_build_sink *s, struct xq_game *g, struct xq_build_at at,
			int ply)
{
	xq__build_report(s, g, XQ_SEV_ERROR, XQ_P_LIMIT, at, ply, NULL,
			 "more than %d moves in one game (the limit for every format); the rest ignored",
			 XQ_MAX_GAME_MOVES);
}
