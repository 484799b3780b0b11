/*
 * report.c - a reader's problems to the caller's callback (struct
 * xq_reader_opts), each counted on its game: for the formats and for
 * every layer of the reader (source.c, lines.c, reader.c).
 */
#include <stdarg.h>
#include <stdio.h>

#include "reader_state.h"

/* byte < 0: none */
__attribute__((format(printf, 10, 0)))
static void report(struct xq_reader *r, struct xq_game *g,
		   enum xq_severity sev, enum xq_problem_code code,
		   long line, long col, long byte, int ply, const char *text,
		   const char *fmt, va_list ap)
{
	char msg[512];
	struct xq_problem p;

	if (g) {
		if (sev >= XQ_SEV_ERROR) {
			g->errors++;
			g->flags |= XQ_GAME_BROKEN;
		} else if (sev == XQ_SEV_WARNING) {
			g->warnings++;
		}
	}
	if (!r->o.problem)
		return;
	vsnprintf(msg, sizeof msg, fmt, ap);
	p.severity = sev;
	p.code = code;
	p.file = r->o.name;
	p.game = g ? g->index : 0;
	p.line = line;
	p.col = col;
	p.byte = byte >= 0 ? byte : 0;
	p.has_byte = byte >= 0;
	p.ply = ply;
	p.text = text;
	p.msg = msg;
	r->o.problem(r->o.problem_data, &p);
}

void xq_reader_problem(struct xq_reader *r, struct xq_game *g,
		       enum xq_severity sev, enum xq_problem_code code,
		       long line, long col, int ply, const char *text,
		       const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	report(r, g, sev, code, line, col, -1, ply, text, fmt, ap);
	va_end(ap);
}

void xq_reader_problem_at(struct xq_reader *r, struct xq_game *g,
			  enum xq_severity sev, enum xq_problem_code code,
			  long byte, int ply, const char *text,
			  const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	report(r, g, sev, code, 0, 0, byte < 0 ? 0 : byte, ply, text, fmt, ap);
	va_end(ap);
}

void xq__reader_fatal(struct xq_reader *r, enum xq_problem_code code, long line,
		      const char *fmt, ...)
{
	va_list ap;
	r->fatal = 1;
	va_start(ap, fmt);
	report(r, NULL, XQ_SEV_FATAL, code, line, 0, -1, 0, NULL, fmt, ap);
	va_end(ap);
}
