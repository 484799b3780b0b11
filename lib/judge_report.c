/*
 * judge_report.c - a game's judgement (xq_game_judge) written for people
 * or as one JSON line: what xqjudge prints.
 */
#include <stdio.h>
#include <string.h>

#include "xq.h"

/* The text goes out a line at a time, put together here (as printf
 * would write it, at a fraction of the cost: a line for every game). */
struct report {
	const struct xq_judge_report *r;
	FILE *fp;
	int first_event;
	char b[4096];
	size_t n;
};

static void put(struct report *w, const char *s)
{
	size_t k = strlen(s);
	if (k > sizeof w->b - w->n)
		k = sizeof w->b - w->n;
	memcpy(w->b + w->n, s, k);
	w->n += k;
}

/* s, then spaces to width bytes (printf's "%-Ns") */
static void put_left(struct report *w, const char *s, size_t width)
{
	size_t k = strlen(s);
	put(w, s);
	for (; k < width && w->n < sizeof w->b; k++)
		w->b[w->n++] = ' ';
}

/* v in decimal, right-aligned to width (printf's "%Nld") */
static void put_num(struct report *w, long v, int width)
{
	char d[24];
	int i = (int)sizeof d;
	unsigned long u = v < 0 ? 0ul - (unsigned long)v : (unsigned long)v;
	d[--i] = 0;
	do
		d[--i] = (char)('0' + u % 10);
	while (u /= 10);
	if (v < 0)
		d[--i] = '-';
	for (int k = (int)sizeof d - 1 - i; k < width && w->n < sizeof w->b; k++)
		w->b[w->n++] = ' ';
	put(w, d + i);
}

static void flush(struct report *w)
{
	if (w->n)
		fwrite(w->b, 1, w->n, w->fp);
	w->n = 0;
}

/* A game or line number, through the caller's put_pos when it has one. */
static void put_pos(struct report *w, char kind, long v)
{
	if (!w->r->put_pos) {
		put_num(w, v, 0);
		return;
	}
	flush(w);
	w->r->put_pos(w->r->data, w->fp, kind, v);
}

/* A name, through the caller's put_text when it has one. */
static void put_text(struct report *w, const char *s)
{
	flush(w);
	if (w->r->put_text)
		w->r->put_text(w->r->data, w->fp, s);
	else
		fputs(s, w->fp);
}

static void move_text(struct report *w, const struct xq_game_event *e,
		      const struct xq_label *l, char *buf, size_t size)
{
	if (xq_move_format(xq_judge_position(e->j, l->ply - 1), l->move, w->r->notation, 0,
			   buf, size) < 0)
		xq_move_iccs(l->move, buf);
}

static void square(int sq, char out[3])
{
	out[0] = (char)('a' + XQ_FILE(sq));
	out[1] = (char)('0' + XQ_RANK(sq));
	out[2] = 0;
}

/* --- text for people */

static void text_event(struct report *w, const struct xq_game_event *e)
{
	const struct xq_event *ev = e->ev;
	char buf[1024], mv[XQ_MOVE_TEXT_MAX];
	FILE *fp = w->fp;

	put(w, "  ply ");
	put_num(w, ev->ply, 0);
	put(w, e->mainline ? ": " : " (variation): ");
	if (ev->kind != XQ_EVENT_REPETITION) {
		xq_event_text(ev, buf, sizeof buf);
		put(w, buf);
		put(w, "\n");
		flush(w);
		return;
	}
	put(w, "repetition, ");
	put_num(w, ev->occurrences, 0);
	put(w, " occurrences of the position, cycle ");
	put_num(w, ev->cycle, 0);
	put(w, " plies; span plies ");
	put_num(w, ev->first, 0);
	put(w, "-");
	put_num(w, ev->ply, 0);
	put(w, "\n");
	flush(w);
	for (int i = 0; i < ev->nlabels; i++) {
		const struct xq_label *l = &ev->labels[i];
		move_text(w, e, l, mv, sizeof mv);
		xq_label_text(l, buf, sizeof buf);
		put(w, "    ");
		put_num(w, l->ply, 4);
		put(w, " ");
		put_left(w, xq_side_name(l->side), 5);
		put(w, " ");
		put_left(w, mv, 12);
		put(w, " ");
		put(w, buf);
		put(w, "\n");
		flush(w);
	}
	fprintf(fp, "    Red: %s; Black: %s\n", xq_class_name(ev->cls[0]), xq_class_name(ev->cls[1]));
	switch (ev->verdict) {
	case XQ_VERDICT_RED_LOSES: fputs("    verdict: Red must change; if Red goes on, Red loses\n", fp); break;
	case XQ_VERDICT_BLACK_LOSES: fputs("    verdict: Black must change; if Black goes on, Black loses\n", fp); break;
	default: fputs("    verdict: draw if neither side changes\n", fp); break;
	}
	fprintf(fp, "    rule (%s): %s\n", xq_rules_name(ev->rules), ev->rule);
	if (ev->review[0])
		fprintf(fp, "    needs review: %s\n", ev->review);
}

static void text_game(struct report *w, const char *file, const struct xq_game *g)
{
	const char *red = xq_game_tag_known(g, "Red"), *black = xq_game_tag_known(g, "Black");
	put_text(w, file);
	put(w, ": game ");
	put_pos(w, 'G', g->index);
	put(w, " (line ");
	put_pos(w, 'L', g->line);
	put(w, ")");
	flush(w);
	if (red || black) {
		fputs(": ", w->fp);
		put_text(w, red ? red : "?");
		fputs(" - ", w->fp);
		put_text(w, black ? black : "?");
	}
	putc('\n', w->fp);
}

static void text_end(struct report *w, const struct xq_game_verdict *res)
{
	fputs("  verdict at the end of the main line: ", w->fp);
	fputs(xq_verdict_name(res->verdict), w->fp);
	fputs(res->rulings || res->limits ? "\n" :
	      " (no repetition ruling, natural limit not reached)\n", w->fp);
}

/* --- JSON */

static void json_pos(struct report *w, char kind, long v)
{
	if (w->r->put_pos)
		w->r->put_pos(w->r->data, w->fp, kind, v);
	else
		fprintf(w->fp, "%ld", v);
}

static void json_sides_int(FILE *fp, const char *name, const int v[2])
{
	fprintf(fp, ",\"%s\":{\"red\":%d,\"black\":%d}", name, v[0], v[1]);
}

static void json_labels(struct report *w, const struct xq_game_event *e)
{
	const struct xq_event *ev = e->ev;
	FILE *fp = w->fp;
	char mv[XQ_MOVE_TEXT_MAX], iccs[5], sq[3];

	fputs(",\"labels\":[", fp);
	for (int i = 0; i < ev->nlabels; i++) {
		const struct xq_label *l = &ev->labels[i];
		const char *names[XQ_LABEL_KINDS];
		int nnames = xq_label_names(l->flags, names, XQ_LABEL_KINDS);
		move_text(w, e, l, mv, sizeof mv);
		xq_move_iccs(l->move, iccs);
		fprintf(fp, "%s{\"ply\":%d,\"side\":\"%s\",\"move\":", i ? "," : "", l->ply,
			l->side == XQ_RED ? "red" : "black");
		xq_json_put_string(fp, mv);
		fprintf(fp, ",\"iccs\":\"%s\",\"labels\":[", iccs);
		for (int k = 0; k < nnames; k++)
			fprintf(fp, "%s\"%s\"", k ? "," : "", names[k]);
		fputs("],\"chased\":[", fp);
		for (int c = 0; c < l->nchased; c++) {
			square(l->chased[c].sq, sq);
			fprintf(fp, "%s{\"piece\":\"%s\",\"square\":\"%s\",\"id\":%d}", c ? "," : "",
				xq_type_name(l->chased[c].type), sq, l->chased[c].id);
		}
		fputs("]}", fp);
	}
	fputs("]}", fp);
}

static void json_event(struct report *w, const struct xq_game_event *e)
{
	const struct xq_event *ev = e->ev;
	FILE *fp = w->fp;
	char sq[3];
	static const char *const kinds[] = {
		"", "repetition", "natural-limit", "natural-limit-mate", "natural-limit-claim",
	};

	if (!w->first_event)
		putc(',', fp);
	w->first_event = 0;
	fprintf(fp, "{\"kind\":\"%s\",\"ply\":%d,\"mainline\":%s,\"depth\":%d",
		kinds[ev->kind], ev->ply, e->mainline ? "true" : "false", e->depth);
	if (e->node && e->node->line) {
		fputs(",\"line\":", fp);
		json_pos(w, 'L', (long)e->node->line);
		fprintf(fp, ",\"col\":%u", e->node->col);
	}
	if (ev->kind != XQ_EVENT_REPETITION) {
		fprintf(fp, ",\"plies\":%d,\"unseen\":%d", ev->plies, ev->unseen);
		json_sides_int(fp, "moves", ev->moves);
		json_sides_int(fp, "checks", ev->checks);
		fprintf(fp, ",\"may_claim\":{\"red\":%s,\"black\":%s}",
			ev->may_claim[0] ? "true" : "false", ev->may_claim[1] ? "true" : "false");
		if (ev->kind == XQ_EVENT_LIMIT_MATE)
			fprintf(fp, ",\"loses\":\"%s\"", ev->mated == XQ_RED ? "red" : "black");
		fprintf(fp, ",\"verdict\":\"%s\"}", xq_verdict_name(xq_event_verdict(ev)));
		return;
	}
	fprintf(fp, ",\"rules\":\"%s\",\"first\":%d,\"occurrences\":%d,\"cycle\":%d,\"verdict\":\"%s\"",
		xq_rules_name(ev->rules), ev->first, ev->occurrences, ev->cycle,
		xq_verdict_name(ev->verdict));
	fprintf(fp, ",\"class\":{\"red\":\"%s\",\"black\":\"%s\"}",
		xq_class_name(ev->cls[0]), xq_class_name(ev->cls[1]));
	fputs(",\"victim\":{", fp);
	for (int k = 0; k < 2; k++) {
		fprintf(fp, "%s\"%s\":", k ? "," : "", k ? "black" : "red");
		if (ev->victim[k] < 0) {
			fputs("null", fp);
		} else {
			square(ev->victim[k], sq);
			fprintf(fp, "\"%s\"", sq);
		}
	}
	fputs("},\"rule\":", fp);
	xq_json_put_string(fp, ev->rule);
	fprintf(fp, ",\"needs_review\":%s,\"review\":", ev->review[0] ? "true" : "false");
	xq_json_put_string(fp, ev->review);
	json_labels(w, e);
}

static void json_game(struct report *w, const char *file, const struct xq_game *g,
		      const struct xq_judge_opts *o)
{
	FILE *fp = w->fp;
	fputs("{\"file\":", fp);
	xq_json_put_string(fp, file);
	fputs(",\"index\":", fp);
	json_pos(w, 'G', g->index);
	fputs(",\"line\":", fp);
	json_pos(w, 'L', g->line);
	fputs(",\"fen\":", fp);
	xq_json_put_string(fp, g->start_fen);
	fprintf(fp, ",\"rules\":\"%s\",\"fold\":%d,\"limit\":%d,\"plies\":%d,\"valid\":%s,\"rulings\":[",
		xq_rules_name(o->rules), o->fold, o->limit, xq_game_plies(g),
		g->errors ? "false" : "true");
	w->first_event = 1;
}

static void on_event(void *data, const struct xq_game_event *e)
{
	struct report *w = data;
	if (w->r->json)
		json_event(w, e);
	else
		text_event(w, e);
}

int xq_game_judge_report(struct xq_judge *j, const struct xq_game *g, const char *file,
			 int all_lines, const struct xq_judge_report *r,
			 struct xq_game_verdict *res)
{
	struct report w;
	int rc;

	w.r = r;
	w.fp = r->fp;
	w.n = 0;
	if (r->json)
		json_game(&w, file, g, xq_judge_options(j));
	else
		text_game(&w, file, g);
	if ((rc = xq_game_judge(j, g, all_lines, on_event, &w, res)) < 0)
		return rc;
	if (r->json)
		fprintf(w.fp, "],\"verdict\":\"%s\"}\n", xq_verdict_name(res->verdict));
	else
		text_end(&w, res);
	return 0;
}
