/*
 * check_report.c - a checked game as one JSON line: its tags, start,
 * notation, result, status and the problems found in it (what xqcheck -j
 * prints).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xq.h"

/* s copied (NULL stays NULL); *ok cleared when out of memory. */
static const char *copy(const char *s, int *ok)
{
	char *c;
	if (!s)
		return NULL;
	if (!(c = malloc(strlen(s) + 1))) {
		*ok = 0;
		return NULL;
	}
	return strcpy(c, s);
}

int xq_problem_list_add(struct xq_problem_list *l, const struct xq_problem *p)
{
	struct xq_problem *k;
	int ok = 1;
	if (l->n == l->cap) {
		size_t cap = l->cap ? 2 * l->cap : 16;
		struct xq_problem *np = realloc(l->p, cap * sizeof *np);
		if (!np)
			return XQ_ENOMEM;
		l->p = np;
		l->cap = cap;
	}
	k = &l->p[l->n++];
	*k = *p;
	k->text = copy(p->text, &ok);
	k->msg = copy(p->msg, &ok);
	k->file = copy(p->file, &ok);
	if (!ok) {
		l->n--;
		free((char *)k->text);
		free((char *)k->msg);
		free((char *)k->file);
		return XQ_ENOMEM;
	}
	return 0;
}

void xq_problem_list_clear(struct xq_problem_list *l)
{
	for (size_t i = 0; i < l->n; i++) {
		free((char *)l->p[i].text);
		free((char *)l->p[i].msg);
		free((char *)l->p[i].file);
	}
	l->n = 0;
}

void xq_problem_list_free(struct xq_problem_list *l)
{
	xq_problem_list_clear(l);
	free(l->p);
	l->p = NULL;
	l->cap = 0;
}

static void put_pos(FILE *fp, xq_put_pos_fn fn, void *data, char kind, long v)
{
	if (fn)
		fn(data, fp, kind, v);
	else
		fprintf(fp, "%ld", v);
}

static void put_problem(FILE *fp, const struct xq_problem *p, xq_put_pos_fn fn, void *data)
{
	fprintf(fp, "{\"severity\":\"%s\",\"code\":\"%s\",\"line\":",
		xq_severity_name(p->severity), xq_problem_name(p->code));
	put_pos(fp, fn, data, 'L', p->line);
	fprintf(fp, ",\"col\":%ld,\"ply\":%d,", p->col, p->ply);
	if (p->has_byte) {
		fputs("\"byte\":", fp);
		put_pos(fp, fn, data, 'B', p->byte);
		putc(',', fp);
	}
	fputs("\"text\":", fp);
	if (p->text)
		xq_json_put_string(fp, p->text);
	else
		fputs("null", fp);
	fputs(",\"message\":", fp);
	xq_json_put_string(fp, p->msg);
	putc('}', fp);
}

void xq_game_write_check_json(FILE *fp, const char *file, const struct xq_game *g,
			      const struct xq_problem *problems, size_t n,
			      xq_put_pos_fn put_pos_fn, void *data)
{
	int first = 1;
	fputs("{\"file\":", fp);
	xq_json_put_string(fp, file);
	fputs(",\"index\":", fp);
	put_pos(fp, put_pos_fn, data, 'G', g->index);
	fputs(",\"line\":", fp);
	put_pos(fp, put_pos_fn, data, 'L', g->line);
	fputs(",\"tags\":{", fp);
	for (const struct xq_tag *t = g->tags; t; t = t->next) {
		if (!first)
			putc(',', fp);
		first = 0;
		xq_json_put_string(fp, t->name);
		putc(':', fp);
		xq_json_put_string(fp, t->value);
	}
	fputs("},\"fen\":", fp);
	xq_json_put_string(fp, g->start_fen);
	fprintf(fp, ",\"notation\":\"%s\",\"plies\":%d,\"result\":",
		g->flags & XQ_GAME_SAN ? "san" : g->notation ? xq_notation_name(g->notation) : "none",
		xq_game_plies(g));
	xq_json_put_string(fp, g->result ? g->result : "");
	fprintf(fp, ",\"status\":\"%s\",\"errors\":%d,\"warnings\":%d,\"problems\":[",
		g->errors ? "invalid" : "valid", g->errors, g->warnings);
	first = 1;
	for (size_t i = 0; i < n; i++) {
		if (problems[i].game != g->index)
			continue;
		if (!first)
			putc(',', fp);
		first = 0;
		put_problem(fp, &problems[i], put_pos_fn, data);
	}
	fputs("]}\n", fp);
}
