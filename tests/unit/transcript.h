/*
 * transcript.h - everything a reader makes of a text, as one string: each
 * game's line, result and tail, each node (text, place, resolved move,
 * NAGs, comments, variations) and each problem (severity, place, ply,
 * message).  Two readings of the same games give the same transcript; the
 * tests and the PGN fuzz target compare the run over movetext lines with
 * the general line reader by it.  Static inline, for both.
 */
#ifndef XQ_TEST_TRANSCRIPT_H
#define XQ_TEST_TRANSCRIPT_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xq.h"

struct transcript {
	char *s;
	size_t n, cap;
};

static inline void tr_add(struct transcript *t, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static inline void tr_add(struct transcript *t, const char *fmt, ...)
{
	va_list ap;
	int k;
	va_start(ap, fmt);
	k = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (k < 0)
		abort();
	if (t->n + (size_t)k + 1 > t->cap) {
		size_t cap = (t->n + (size_t)k + 1) * 2;
		char *s = realloc(t->s, cap);
		if (!s)
			abort();
		t->s = s;
		t->cap = cap;
	}
	va_start(ap, fmt);
	vsnprintf(t->s + t->n, t->cap - t->n, fmt, ap);
	va_end(ap);
	t->n += (size_t)k;
}

static inline void tr_problem(void *data, const struct xq_problem *p)
{
	tr_add(data, "P%d %ld:%ld ply %d %s '%s'\n", (int)p->severity, p->line, p->col, p->ply,
	       p->msg, p->text ? p->text : "");
}

static inline void tr_nodes(struct transcript *t, const struct xq_node *n)
{
	for (; n; n = n->child) {
		char iccs[6] = "-";
		if (n->move)
			xq_move_iccs(n->move, iccs);
		tr_add(t, " %s@%u:%u=%s", n->text ? n->text : "-", (unsigned)n->line,
		       (unsigned)n->col, iccs);
		for (int i = 0; i < n->nnags; i++)
			tr_add(t, " $%d", n->nags[i]);
		if (n->comment_before)
			tr_add(t, " {<%s}", n->comment_before);
		if (n->comment)
			tr_add(t, " {%s}", n->comment);
		for (const struct xq_node *v = n->next; v; v = v->next) {
			tr_add(t, " (");
			tr_nodes(t, v);
			tr_add(t, ")");
		}
	}
}

/* The transcript of text[0..len) read as fmt (and replayed, as the reader
 * does) in t, emptied first (free t->s after).  Returns the games read, or
 * -1 when the reader does not open. */
static inline int transcribe(const char *text, size_t len, const char *fmt,
			     struct transcript *t)
{
	struct xq_reader_opts o = { 0 };
	struct xq_reader *r;
	struct xq_game *g;
	int err, n = 0;
	t->n = 0;
	tr_add(t, "%s", "");
	o.format = fmt;
	o.name = "t";
	o.problem = tr_problem;
	o.problem_data = t;
	if (!(r = xq_reader_open_mem(text, len, &o, &err)))
		return -1;
	while (xq_reader_next(r, &g) > 0) {
		tr_add(t, "G%d line %ld: %s | tail '%s' | {%s}\n", ++n, (long)g->line,
		       g->result ? g->result : "-", g->tail ? g->tail : "",
		       g->root.comment ? g->root.comment : "");
		tr_nodes(t, g->root.child);
		tr_add(t, "\n");
		xq_game_free(g);
	}
	xq_reader_close(r);
	return n;
}

#endif
