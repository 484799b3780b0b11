/*
 * annotate_batch.c - many games annotated by N engines, a game each at a
 * time (a game is the unit: an engine's table is kept within it), handed
 * back in the order they were put, with each game's JSON lines and chart
 * points gathered on the way.  One engine annotates in the caller's thread
 * as each game is put; more have a thread each.  The batch is the whole
 * state: nothing global.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xq.h"

enum state { QUEUED, RUNNING, DONE };

/* A game in the batch: what is handed back, and what goes with it. */
struct item {
	struct xq_annotated a;      /* first: the caller's pointer is the item's */
	struct item *next;
	enum state state;
	struct xq_chart_point *pts; /* plies 0..n */
	char (*text)[2][XQ_MOVE_TEXT_MAX];  /* each point's move and better move */
	FILE *json;
	double k;                   /* the chart's */
};

/* An engine and the game it annotates. */
struct worker {
	struct xq_annotate_batch *b;
	int index;
	struct xq_annotate_run run; /* the batch's, with the hooks below */
	struct item *it;
	pthread_t tid;
};

struct xq_annotate_batch {
	struct xq_annotate_batch_opts o;
	struct worker *workers;
	int started;                /* threads running */
	struct item *head, *tail;   /* put and not handed back */
	int queued;                 /* items in that list */
	int quit;
	long seq;
	pthread_mutex_t lock;
	pthread_cond_t work, done;
};

static void on_progress(void *data, int done, int total)
{
	struct worker *w = data;
	if (w->b->o.progress)
		w->b->o.progress(w->b->o.data, &w->it->a, done, total);
}

/* A chart point: Red's score of each position searched. */
static void on_position(void *data, int ply, const struct xq_pos *pos,
			const struct xq_search_info *info)
{
	struct item *it = ((struct worker *)data)->it;
	if (!it->pts)
		return;
	it->pts[ply].red_score = pos->side == XQ_RED ? info->score : -info->score;
	it->pts[ply].has = 1;
	if (ply > it->a.chart_last)
		it->a.chart_last = ply;
}

static void on_move(void *data, int ply, const struct xq_pos *pos, xq_move m,
		    const struct xq_search_info *before, const struct xq_judgement *j)
{
	struct worker *w = data;
	struct item *it = w->it;
	const struct xq_annotate_opts *o = &w->run.o;
	if (it->pts) {
		/* the point after the move: its mark, its text and the better move */
		struct xq_chart_point *p = &it->pts[ply];
		char (*text)[XQ_MOVE_TEXT_MAX] = it->text[ply];
		p->nag = j->nag;
		p->move_no = pos->fullmove;
		p->red_moved = pos->side == XQ_RED;
		if (xq_move_format(pos, m, o->notation, o->notation_flags, text[0], sizeof text[0]) > 0)
			p->move = text[0];
		if (before->npv > 0 && before->pv[0] != m && xq_is_legal(pos, before->pv[0]) &&
		    xq_move_format(pos, before->pv[0], o->notation, o->notation_flags,
				   text[1], sizeof text[1]) > 0)
			p->best = text[1];
	}
	if (it->json)
		xq_annotate_json_ply(it->json, o, it->a.seq, ply, pos, m, before, j);
}

/* Annotate it's game with w's engine, then tell the caller. */
static void annotate(struct worker *w, struct item *it)
{
	struct xq_annotate_batch *b = w->b;
	struct xq_engine *e = b->o.engines[w->index];
	size_t n = (size_t)xq_game_plies(it->a.g) + 1;
	int rc = 0;
	w->it = it;
	it->a.engine = w->index;
	if (b->o.flags & XQ_BATCH_CHART) {
		it->pts = calloc(n, sizeof *it->pts);
		it->text = calloc(n, sizeof *it->text);
		if (!it->pts || !it->text)
			rc = XQ_ENOMEM;
		for (size_t i = 0; it->pts && i < n; i++)
			it->pts[i].ply = (int)i;
		it->a.chart = it->pts;
	}
	char *json = NULL;
	size_t json_len = 0;
	if ((b->o.flags & XQ_BATCH_JSON) && !(it->json = open_memstream(&json, &json_len)))
		rc = XQ_ENOMEM;
	e->searches = 0;
	e->restarted = 0;
	if (rc == 0)
		rc = xq_game_annotate(it->a.g, e, &w->run);
	if (it->json && fclose(it->json) != 0 && rc >= 0)
		rc = XQ_ENOMEM;
	it->json = NULL;
	it->a.json = json;
	it->a.json_len = json_len;
	it->a.rc = rc;
	it->a.engine_failed = rc < 0 && e->failed;
	it->a.restarted = e->restarted;
	it->a.failed_ply = it->a.engine_failed ? e->failed_at : -1;
	if (it->a.engine_failed && e->error && e->error(e) && !(it->a.error = strdup(e->error(e))))
		it->a.rc = XQ_ENOMEM;
	if (b->o.done)
		b->o.done(b->o.data, &it->a);
	w->it = NULL;
}

/* A thread of its own: the next game queued, annotated, until told to quit. */
static void *worker_main(void *arg)
{
	struct worker *w = arg;
	struct xq_annotate_batch *b = w->b;
	pthread_mutex_lock(&b->lock);
	for (;;) {
		struct item *it = b->head;
		while (it && it->state != QUEUED)
			it = it->next;
		if (!it) {
			if (b->quit)
				break;
			pthread_cond_wait(&b->work, &b->lock);
			continue;
		}
		it->state = RUNNING;
		pthread_mutex_unlock(&b->lock);
		annotate(w, it);
		pthread_mutex_lock(&b->lock);
		it->state = DONE;
		pthread_cond_broadcast(&b->done);
	}
	pthread_mutex_unlock(&b->lock);
	return NULL;
}

struct xq_annotate_batch *xq_annotate_batch_new(const struct xq_annotate_batch_opts *o, int *err)
{
	struct xq_annotate_batch *b;
	int rc = XQ_ENOMEM;
	if (o->nengines < 1 || !o->engines) {
		rc = XQ_EINVAL;
		goto fail;
	}
	if (!(b = calloc(1, sizeof *b)))
		goto fail;
	b->o = *o;
	if (!(b->workers = calloc((size_t)o->nengines, sizeof *b->workers))) {
		free(b);
		goto fail;
	}
	if (pthread_mutex_init(&b->lock, NULL) || pthread_cond_init(&b->work, NULL) ||
	    pthread_cond_init(&b->done, NULL)) {
		free(b->workers);
		free(b);
		rc = XQ_EIO;
		goto fail;
	}
	for (int i = 0; i < o->nengines; i++) {
		struct worker *w = &b->workers[i];
		w->b = b;
		w->index = i;
		w->run = o->run;
		w->run.data = w;
		w->run.progress = on_progress;
		w->run.position = on_position;
		w->run.move = on_move;
	}
	for (int i = 0; o->nengines > 1 && i < o->nengines; i++) {
		if (pthread_create(&b->workers[i].tid, NULL, worker_main, &b->workers[i])) {
			xq_annotate_batch_free(b);
			rc = XQ_EIO;
			goto fail;
		}
		b->started = i + 1;
	}
	return b;
fail:
	if (err)
		*err = rc;
	return NULL;
}

int xq_annotate_batch_put(struct xq_annotate_batch *b, struct xq_game *g, void *data)
{
	struct item *it = calloc(1, sizeof *it);
	if (!it)
		return XQ_ENOMEM;
	it->a.g = g;
	it->a.data = data;
	it->a.seq = ++b->seq;
	it->a.engine = -1;
	it->a.failed_ply = -1;
	it->k = b->o.run.o.k;
	it->state = g->errors ? DONE : QUEUED;
	if (b->o.nengines == 1) {
		if (it->state == QUEUED)
			annotate(&b->workers[0], it);
		it->state = DONE;
	}
	pthread_mutex_lock(&b->lock);
	if (b->tail)
		b->tail->next = it;
	else
		b->head = it;
	b->tail = it;
	b->queued++;
	pthread_cond_signal(&b->work);
	pthread_mutex_unlock(&b->lock);
	return 0;
}

int xq_annotate_batch_next(struct xq_annotate_batch *b, int keep, struct xq_annotated **a)
{
	int rc = 0;
	pthread_mutex_lock(&b->lock);
	while (b->head) {
		struct item *it = b->head;
		if (it->state == DONE) {
			b->head = it->next;
			if (!b->head)
				b->tail = NULL;
			b->queued--;
			*a = &it->a;
			rc = 1;
			break;
		}
		if (b->queued <= keep)
			break;
		pthread_cond_wait(&b->done, &b->lock);
	}
	pthread_mutex_unlock(&b->lock);
	return rc;
}

void xq_annotated_free(struct xq_annotated *a)
{
	struct item *it = (struct item *)a;
	if (!a)
		return;
	xq_game_free(a->g);
	free(a->json);
	free(a->error);
	free(it->pts);
	free(it->text);
	free(it);
}

int xq_annotated_chart_svg(const struct xq_annotated *a, char **out, size_t *outlen)
{
	const struct item *it = (const struct item *)a;
	const struct xq_game *g = a->g;
	if (!a->chart)
		return XQ_EINVAL;
	struct xq_chart c = {
		.pts = a->chart, .npts = a->chart_last + 1, .plies = a->chart_last, .k = it->k,
		.red = xq_game_tag(g, "Red"), .black = xq_game_tag(g, "Black"),
		.result = xq_game_tag(g, "Result"), .date = xq_game_tag(g, "Date"),
	};
	return xq_eval_chart_svg(&c, out, outlen);
}

void xq_annotate_batch_free(struct xq_annotate_batch *b)
{
	if (!b)
		return;
	/* the games not begun stay so; the ones running end first */
	pthread_mutex_lock(&b->lock);
	for (struct item *it = b->head; it; it = it->next)
		if (it->state == QUEUED)
			it->state = DONE;
	b->quit = 1;
	pthread_cond_broadcast(&b->work);
	pthread_mutex_unlock(&b->lock);
	for (int i = 0; i < b->started; i++)
		pthread_join(b->workers[i].tid, NULL);
	while (b->head) {
		struct item *it = b->head;
		b->head = it->next;
		if (b->o.free_data)
			b->o.free_data(it->a.data);
		xq_annotated_free(&it->a);
	}
	pthread_mutex_destroy(&b->lock);
	pthread_cond_destroy(&b->work);
	pthread_cond_destroy(&b->done);
	free(b->workers);
	free(b);
}
