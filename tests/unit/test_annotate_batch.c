/*
 * test_annotate_batch.c - the annotation of many games: a judged move as
 * its JSON line (xq_annotate_json_ply), compared whole; the engine's
 * defaults (xq_annotate_engine_defaults); and a batch over a scripted
 * engine (xq_annotate_batch_*): the games handed back in the order put
 * whatever the number of engines, the same JSON lines and charts with one
 * engine and with two, a chart compared whole with the one drawn from the
 * points it must hold, a game with errors passed through, an engine's
 * failure handed back with its ply and words, a restarted engine, and the
 * games not handed back freed with their data, and an engine that fails
 * before any search.
 */
#include <string.h>

#include "tap.h"
#include "xq.h"

static xq_move move_of(const struct xq_pos *pos, const char *iccs)
{
	xq_move m = XQ_MOVE_NONE;
	xq_move_parse(pos, iccs, strlen(iccs), XQ_NOTATION_ICCS, 0, &m, NULL);
	return m;
}

/* --- xq_annotate_json_ply */

static void json_lines(void)
{
	static const struct {
		const char *name;
		enum xq_notation notation;
		const char *before;          /* moves before it, ICCS, space-separated */
		const char *move;
		const char *pv[3];           /* the engine's line; NULL ends it */
		int best, played, nag, in_book, missed, allowed;
		double drop, accuracy;
		int loss;
		const char *want;
	} t[] = {
		{ "a blunder, ICCS, a line of three", XQ_NOTATION_ICCS, "", "h2e2",
		  { "b2e2", "h9g7", "h0g2" }, 20, -560, XQ_NAG_BLUNDER, 0, 0, 0, 0.40851, 0.0, 580,
		  "{\"game\":7,\"ply\":1,\"side\":\"red\",\"move\":\"h2e2\",\"iccs\":\"h2e2\","
		  "\"best\":\"b2e2\",\"best_iccs\":\"b2e2\",\"score_best\":20,\"score_best_mate\":null,"
		  "\"score_played\":-560,\"score_played_mate\":null,\"drop\":0.4085,\"loss\":580,"
		  "\"accuracy\":0.0,\"mark\":\"??\",\"book\":false,\"missed_mate\":0,\"allowed_mate\":0,"
		  "\"depth\":9,\"nodes\":12345,\"pv\":[\"b2e2\",\"h9g7\",\"h0g2\"]}\n" },
		{ "Chinese, Black, mates both ways, no line, in book", XQ_NOTATION_CHINESE, "h2e2", "h9g7",
		  { NULL }, XQ_SCORE_MATE - 3, -(XQ_SCORE_MATE - 2), 0, 1, 3, 2, 1.0, 0.0, 1000,
		  "{\"game\":7,\"ply\":2,\"side\":\"black\",\"move\":\"马８进７\",\"iccs\":\"h9g7\","
		  "\"best\":null,\"best_iccs\":null,\"score_best\":null,\"score_best_mate\":2,"
		  "\"score_played\":null,\"score_played_mate\":-1,\"drop\":1.0000,\"loss\":1000,"
		  "\"accuracy\":0.0,\"mark\":\"\",\"book\":true,\"missed_mate\":2,\"allowed_mate\":1,"
		  "\"depth\":9,\"nodes\":12345,\"pv\":[]}\n" },
		{ "the line cut at its first illegal move, an inaccuracy", XQ_NOTATION_ICCS, "", "b2e2",
		  { "b2e2", "a0a5", "h9g7" }, 35, -5, XQ_NAG_DUBIOUS, 0, 0, 0, 0.0617, 80.5, 40,
		  "{\"game\":7,\"ply\":1,\"side\":\"red\",\"move\":\"b2e2\",\"iccs\":\"b2e2\","
		  "\"best\":\"b2e2\",\"best_iccs\":\"b2e2\",\"score_best\":35,\"score_best_mate\":null,"
		  "\"score_played\":-5,\"score_played_mate\":null,\"drop\":0.0617,\"loss\":40,"
		  "\"accuracy\":80.5,\"mark\":\"?!\",\"book\":false,\"missed_mate\":0,\"allowed_mate\":0,"
		  "\"depth\":9,\"nodes\":12345,\"pv\":[\"b2e2\"]}\n" },
	};
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		struct xq_annotate_opts o;
		struct xq_pos pos;
		struct xq_search_info before;
		struct xq_judgement j;
		char *text = NULL;
		size_t len = 0;

		xq_annotate_defaults(&o);
		o.notation = t[i].notation;
		xq_pos_start(&pos);
		int ply = 1;
		if (*t[i].before) {
			struct xq_undo u;
			xq_make(&pos, move_of(&pos, t[i].before), &u);
			ply++;
		}
		memset(&before, 0, sizeof before);
		before.depth = 9;
		before.nodes = 12345;
		/* the line's moves read in the positions they are played in */
		struct xq_pos p = pos;
		for (int k = 0; k < 3 && t[i].pv[k]; k++) {
			struct xq_undo u;
			xq_move m = move_of(&p, t[i].pv[k]);
			if (m == XQ_MOVE_NONE) {   /* illegal: its squares alone */
				struct xq_pos any;
				xq_pos_from_fen(&any, "9/9/9/9/9/9/9/9/9/R8 w - - 0 1", 0, NULL);
				m = move_of(&any, t[i].pv[k]);
			}
			before.pv[before.npv++] = m;
			if (xq_is_legal(&p, m))
				xq_make(&p, m, &u);
		}
		memset(&j, 0, sizeof j);
		j.side = pos.side;
		j.best = t[i].best;
		j.played = t[i].played;
		j.nag = t[i].nag;
		j.in_book = t[i].in_book;
		j.missed_mate = t[i].missed;
		j.allowed_mate = t[i].allowed;
		j.drop = t[i].drop;
		j.accuracy = t[i].accuracy;
		j.loss = t[i].loss;
		FILE *fp = open_memstream(&text, &len);
		if (!ok(fp != NULL, "%s: a memory stream", t[i].name))
			continue;
		int rc = xq_annotate_json_ply(fp, &o, 7, ply, &pos, move_of(&pos, t[i].move), &before, &j);
		fclose(fp);
		is_int(rc, 0, "%s: written", t[i].name);
		is_str(text, t[i].want, "%s: the whole line", t[i].name);
		free(text);
	}
}

/* --- xq_annotate_engine_defaults */

static void engine_defaults(void)
{
	static const struct {
		const char *name;
		int external;
		unsigned given;
		double k, inaccuracy, mistake, blunder;   /* given: these */
		int depth;                                /* a limit given */
		double want_k, want_inaccuracy, want_mistake, want_blunder;
		int want_confirm;
		unsigned long long want_nodes;
		int rc;
	} t[] = {
		{ "built-in, nothing given", 0, 0, 0, 0, 0, 0, 0,
		  XQ_ANNOTATE_K_BUILTIN, XQ_ANNOTATE_BUILTIN_INACCURACY, XQ_ANNOTATE_BUILTIN_MISTAKE,
		  XQ_ANNOTATE_BUILTIN_BLUNDER, 1, XQ_ANNOTATE_NODES_BUILTIN, 0 },
		{ "built-in, the scale and a blunder given", 0, XQ_GIVEN_K | XQ_GIVEN_BLUNDER,
		  0.005, 0, 0, 0.5, 0,
		  0.005, XQ_ANNOTATE_BUILTIN_INACCURACY, XQ_ANNOTATE_BUILTIN_MISTAKE, 0.5, 1,
		  XQ_ANNOTATE_NODES_BUILTIN, 0 },
		{ "built-in, a depth given: no node budget", 0, 0, 0, 0, 0, 0, 4,
		  XQ_ANNOTATE_K_BUILTIN, XQ_ANNOTATE_BUILTIN_INACCURACY, XQ_ANNOTATE_BUILTIN_MISTAKE,
		  XQ_ANNOTATE_BUILTIN_BLUNDER, 1, 0, 0 },
		{ "external, nothing given", 1, 0, 0, 0, 0, 0, 0,
		  XQ_ANNOTATE_K, 0.06, 0.12, 0.20, 0, XQ_ANNOTATE_NODES_EXTERNAL, 0 },
		{ "external, thresholds that do not grow", 1, XQ_GIVEN_MISTAKE, 0, 0, 0.3, 0, 0,
		  XQ_ANNOTATE_K, 0.06, 0.3, 0.20, 0, XQ_ANNOTATE_NODES_EXTERNAL, XQ_EINVAL },
		{ "built-in, an inaccuracy above its mistake", 0, XQ_GIVEN_INACCURACY, 0, 0.15, 0, 0, 0,
		  XQ_ANNOTATE_K_BUILTIN, 0.15, XQ_ANNOTATE_BUILTIN_MISTAKE, XQ_ANNOTATE_BUILTIN_BLUNDER,
		  1, XQ_ANNOTATE_NODES_BUILTIN, XQ_EINVAL },
	};
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		struct xq_annotate_run r;
		memset(&r, 0, sizeof r);
		xq_annotate_defaults(&r.o);
		if (t[i].given & XQ_GIVEN_K)
			r.o.k = t[i].k;
		if (t[i].given & XQ_GIVEN_INACCURACY)
			r.o.inaccuracy = t[i].inaccuracy;
		if (t[i].given & XQ_GIVEN_MISTAKE)
			r.o.mistake = t[i].mistake;
		if (t[i].given & XQ_GIVEN_BLUNDER)
			r.o.blunder = t[i].blunder;
		r.lim.depth = t[i].depth;
		is_int(xq_annotate_engine_defaults(&r, t[i].external, t[i].given), t[i].rc,
		       "%s: returns %d", t[i].name, t[i].rc);
		ok(r.o.k == t[i].want_k && r.o.inaccuracy == t[i].want_inaccuracy &&
		   r.o.mistake == t[i].want_mistake && r.o.blunder == t[i].want_blunder,
		   "%s: k %g, thresholds %g %g %g", t[i].name, r.o.k, r.o.inaccuracy, r.o.mistake,
		   r.o.blunder);
		is_int(r.o.confirm, t[i].want_confirm, "%s: confirm", t[i].name);
		is_int(r.lim.nodes, t[i].want_nodes, "%s: the node budget", t[i].name);
		is_int(r.lim.depth, t[i].depth, "%s: the depth as given", t[i].name);
	}
}

/* --- the batch */

/* The scripted engine: the position after n plies scores 20 n - 40 for
 * the side to move, its best move the first legal one; a search over the
 * played move alone scores -600 after one ply, else 0.  A search after two
 * plies of a game that opened with fail_first fails; the engine is then
 * "dead" and its next game starts it again.  Only the query counts, so
 * any engine gives the same answers. */
struct script {
	xq_move fail_first;
	int dead;
	long games;
};

static int script_new_game(struct xq_engine *e)
{
	struct script *s = e->data;
	e->restarted = s->dead;
	s->dead = 0;
	s->games++;
	return 0;
}

static int script_search(struct xq_engine *e, const struct xq_engine_query *q,
			 struct xq_search_info *out)
{
	struct script *s = e->data;
	int n = q->nmoves;
	if (n == 2 && q->moves[0] == s->fail_first) {
		s->dead = 1;
		return XQ_EIO;
	}
	memset(out, 0, sizeof *out);
	out->depth = 7;
	out->nodes = 100;
	if (q->lim->nsearchmoves) {
		out->score = n == 1 ? -600 : 0;
		out->pv[out->npv++] = q->lim->searchmoves[0];
		return 0;
	}
	xq_move moves[XQ_MAX_MOVES];
	out->score = 20 * n - 40;
	if (xq_legal_moves(q->pos, moves) > 0)
		out->pv[out->npv++] = moves[0];
	return 0;
}

static const char *script_error(const struct xq_engine *e)
{
	(void)e;
	return "the script fails here";
}

/* The games put: four plies each; the third has errors, the fourth
 * fails its engine. */
static const char *const lines[][4] = {
	{ "e3e4", "h9g7", "h0g2", "i9h9" },
	{ "c3c4", "h9g7", "h0g2", "i9h9" },
	{ "g3g4", "h9g7", "h0g2", "i9h9" },
	{ "a3a4", "h9g7", "h0g2", "i9h9" },
	{ "e3e4", "b9c7", "h0g2", "a9b9" },
	{ "c3c4", "b9c7", "h0g2", "a9b9" },
};
#define NGAMES (int)(sizeof lines / sizeof lines[0])
#define BROKEN 2
#define FAILING 3

static struct xq_game *game_of(int i)
{
	struct xq_game *g = xq_game_new();
	struct xq_pos p = g->start;
	struct xq_node *at = &g->root;
	for (int k = 0; k < 4; k++) {
		struct xq_undo u;
		xq_move m = move_of(&p, lines[i][k]);
		at = xq_node_add(g, at, m, NULL, 0);
		xq_make(&p, m, &u);
	}
	g->flags |= XQ_GAME_REPLAYED;
	g->index = i + 1;
	if (i == BROKEN) {
		g->errors = 1;
		g->flags |= XQ_GAME_BROKEN;
	}
	return g;
}

/* What a batch handed back, joined. */
struct outcome {
	char json[16384];
	char *charts[NGAMES];
	int order_ok, rc[NGAMES], engine[NGAMES], failed[NGAMES], failed_ply[NGAMES];
	int restarted[NGAMES], error_ok, done_calls, freed;
	int progress_calls, progress_bad;
};

/* Each game's progress: its positions, then done == total. */
static void on_progress(void *data, const struct xq_annotated *a, int done, int total)
{
	struct outcome *o = data;
	__atomic_add_fetch(&o->progress_calls, 1, __ATOMIC_SEQ_CST);
	if (a->seq < 1 || a->seq > NGAMES || a->engine < 0 || done < 0 || done > total || total != 5)
		__atomic_add_fetch(&o->progress_bad, 1, __ATOMIC_SEQ_CST);
}

static void on_done(void *data, struct xq_annotated *a)
{
	struct outcome *o = data;
	__atomic_add_fetch(&o->done_calls, 1, __ATOMIC_SEQ_CST);
}

static void on_free(void *game_data)
{
	(*(int *)game_data)++;
}

static void take(struct outcome *o, struct xq_annotated *a, long *next)
{
	int i = (int)a->seq - 1;
	if (a->seq != ++*next || i < 0 || i >= NGAMES || a->data != &o->rc[i])
		o->order_ok = 0;
	if (i < 0 || i >= NGAMES)
		return;
	o->rc[i] = a->rc;
	o->engine[i] = a->engine;
	o->failed[i] = a->engine_failed;
	o->failed_ply[i] = a->failed_ply;
	o->restarted[i] = a->restarted;
	if (a->engine_failed && !(a->error && !strcmp(a->error, "the script fails here")))
		o->error_ok = 0;
	if (a->json)
		strncat(o->json, a->json, sizeof o->json - strlen(o->json) - 1);
	size_t len;
	if (a->rc > 0 && xq_annotated_chart_svg(a, &o->charts[i], &len) < 0)
		o->charts[i] = NULL;
}

/* Run the games through a batch of n engines, handing them back as it
 * goes (keep games at most waiting) and the rest at the end. */
static void run_batch(int n, int keep, struct outcome *o)
{
	struct script s[2] = { { 0 }, { 0 } };
	struct xq_engine e[2];
	struct xq_engine *engines[2] = { &e[0], &e[1] };
	struct xq_pos start;
	xq_pos_start(&start);
	memset(o, 0, sizeof *o);
	o->order_ok = o->error_ok = 1;
	for (int i = 0; i < 2; i++) {
		s[i].fail_first = move_of(&start, lines[FAILING][0]);
		memset(&e[i], 0, sizeof e[i]);
		e[i].new_game = script_new_game;
		e[i].search = script_search;
		e[i].error = script_error;
		e[i].data = &s[i];
	}
	struct xq_annotate_batch_opts bo = {
		.engines = engines, .nengines = n, .flags = XQ_BATCH_JSON | XQ_BATCH_CHART,
		.data = o, .done = on_done, .progress = on_progress,
	};
	xq_annotate_defaults(&bo.run.o);
	bo.run.o.notation = XQ_NOTATION_ICCS;
	bo.run.lim.nodes = 1000;
	struct xq_annotate_batch *b = xq_annotate_batch_new(&bo, NULL);
	if (!ok(b != NULL, "%d engines: a batch", n))
		return;
	long next = 0;
	struct xq_annotated *a;
	for (int i = 0; i < NGAMES; i++) {
		if (xq_annotate_batch_put(b, game_of(i), &o->rc[i]) < 0)
			o->order_ok = 0;
		while (xq_annotate_batch_next(b, keep, &a) == 1) {
			take(o, a, &next);
			xq_annotated_free(a);
		}
	}
	while (xq_annotate_batch_next(b, 0, &a) == 1) {
		take(o, a, &next);
		xq_annotated_free(a);
	}
	ok(o->order_ok && next == NGAMES, "%d engines, keep %d: every game back, in the order put",
	   n, keep);
	is_int(xq_annotate_batch_next(b, 0, &a), 0, "%d engines: none left", n);
	xq_annotate_batch_free(b);
	is_int(s[0].games + s[1].games, NGAMES - 1, "%d engines: a new game for each game annotated", n);
}

/* The chart game 1 must have: Red's score of each position, the blunder
 * of ply 2 (the played move's own search, -600, against -20), each move
 * and, where it is not the move played, the engine's first. */
static char *chart_wanted(void)
{
	struct xq_game *g = game_of(0);
	struct xq_chart_point pts[5];
	char text[5][2][XQ_MOVE_TEXT_MAX];
	struct xq_pos p = g->start;
	const struct xq_node *nd = g->root.child;
	memset(pts, 0, sizeof pts);
	for (int n = 0; n <= 4; n++) {
		int score = 20 * n - 40;
		pts[n].ply = n;
		pts[n].has = 1;
		pts[n].red_score = n % 2 == 0 ? score : -score;
		if (n == 4)
			break;
		xq_move moves[XQ_MAX_MOVES], m = nd->move;
		struct xq_undo u;
		struct xq_chart_point *q = &pts[n + 1];
		xq_legal_moves(&p, moves);
		q->nag = n + 1 == 2 ? XQ_NAG_BLUNDER : 0;
		q->move_no = p.fullmove;
		q->red_moved = p.side == XQ_RED;
		xq_move_format(&p, m, XQ_NOTATION_ICCS, 0, text[n + 1][0], sizeof text[n + 1][0]);
		q->move = text[n + 1][0];
		if (moves[0] != m) {
			xq_move_format(&p, moves[0], XQ_NOTATION_ICCS, 0, text[n + 1][1],
				       sizeof text[n + 1][1]);
			q->best = text[n + 1][1];
		}
		xq_make(&p, m, &u);
		nd = nd->child;
	}
	struct xq_chart c = { .pts = pts, .npts = 5, .plies = 4, .k = XQ_ANNOTATE_K };
	char *svg = NULL;
	size_t len;
	if (xq_eval_chart_svg(&c, &svg, &len) < 0)
		svg = NULL;
	xq_game_free(g);
	return svg;
}

static void batches(void)
{
	struct outcome one, two, lazy;
	run_batch(1, 0, &one);
	run_batch(2, 0, &two);
	run_batch(2, 100, &lazy);
	is_int(one.done_calls, NGAMES - 1, "done for each game annotated, not the one with errors");
	is_int(two.done_calls, NGAMES - 1, "2 engines: done for each game annotated");
	/* 5 positions and the end for each of 4 games; the failing one's first 2 */
	ok(one.progress_calls == 6 * (NGAMES - 2) + 3 && two.progress_calls == one.progress_calls &&
	   !one.progress_bad && !two.progress_bad, "progress for each game's positions, with its "
	   "game (%d calls)", one.progress_calls);
	for (int i = 0; i < NGAMES; i++) {
		int want = i == BROKEN ? 0 : i == FAILING ? XQ_EIO : 4;
		is_int(one.rc[i], want, "game %d: rc %d", i + 1, want);
		ok(two.rc[i] == want && lazy.rc[i] == want, "game %d: rc %d with 2 engines", i + 1, want);
		is_int(one.engine[i], i == BROKEN ? -1 : 0, "game %d: its engine", i + 1);
		ok(i == BROKEN ? two.engine[i] == -1 : two.engine[i] == 0 || two.engine[i] == 1,
		   "game %d: one of 2 engines", i + 1);
		ok(one.failed[i] == (i == FAILING) && two.failed[i] == (i == FAILING),
		   "game %d: the engine failed %s", i + 1, i == FAILING ? "here" : "elsewhere");
		is_int(one.failed_ply[i], i == FAILING ? 2 : -1, "game %d: where it failed", i + 1);
		is_int(one.restarted[i], i == FAILING + 1, "game %d: the engine started again after "
		       "the failure, only then", i + 1);
		if (i == BROKEN || i == FAILING) {
			ok(!one.charts[i] && !two.charts[i], "game %d: no chart", i + 1);
		} else if (ok(one.charts[i] && two.charts[i] && lazy.charts[i], "game %d: charts", i + 1)) {
			is_str(two.charts[i], one.charts[i], "game %d: the chart of 2 engines is one's", i + 1);
			is_str(lazy.charts[i], one.charts[i], "game %d: the same, handed back late", i + 1);
		}
	}
	ok(one.error_ok && two.error_ok, "the engine's words for its failure");
	ok(strlen(one.json) > 0 && strlen(one.json) < sizeof one.json - 1, "JSON lines (%zu bytes)",
	   strlen(one.json));
	is_str(two.json, one.json, "the JSON lines of 2 engines are one's, in the same order");
	is_str(lazy.json, one.json, "the same, handed back late");
	/* 4 lines for each of the 4 games annotated, 2 for the failing one */
	int lines_seen = 0;
	for (const char *c = one.json; *c; c++)
		lines_seen += *c == '\n';
	is_int(lines_seen, 4 * (NGAMES - 2), "a JSON line for each move judged");
	ok(strstr(one.json, "{\"game\":2,\"ply\":1,") && strstr(one.json, "{\"game\":6,\"ply\":4,") &&
	   !strstr(one.json, "\"game\":3,") && !strstr(one.json, "\"game\":4,"),
	   "the JSON lines numbered by the games put; none for the games not annotated");
	char *want = chart_wanted();
	if (ok(want && one.charts[0], "the chart of game 1 and the one wanted"))
		is_str(one.charts[0], want, "game 1: the chart compared whole");
	free(want);
	for (int i = 0; i < NGAMES; i++) {
		free(one.charts[i]);
		free(two.charts[i]);
		free(lazy.charts[i]);
	}
}

/* A batch freed with games not handed back: their data freed too. */
static void dropped(void)
{
	for (int n = 1; n <= 2; n++) {
		struct script s[2] = { { 0 }, { 0 } };
		struct xq_engine e[2];
		struct xq_engine *engines[2] = { &e[0], &e[1] };
		int counts[NGAMES] = { 0 };
		for (int i = 0; i < 2; i++) {
			memset(&e[i], 0, sizeof e[i]);
			e[i].new_game = script_new_game;
			e[i].search = script_search;
			e[i].data = &s[i];
		}
		struct xq_annotate_batch_opts bo = {
			.engines = engines, .nengines = n, .free_data = on_free,
		};
		xq_annotate_defaults(&bo.run.o);
		bo.run.lim.nodes = 1000;
		struct xq_annotate_batch *b = xq_annotate_batch_new(&bo, NULL);
		if (!ok(b != NULL, "%d engines: a batch to drop", n))
			continue;
		for (int i = 0; i < NGAMES; i++)
			xq_annotate_batch_put(b, game_of(i), &counts[i]);
		struct xq_annotated *a;
		if (ok(xq_annotate_batch_next(b, 0, &a) == 1 && a->seq == 1, "%d engines: the first back", n))
			xq_annotated_free(a);
		xq_annotate_batch_free(b);
		int all = counts[0] == 0;
		for (int i = 1; i < NGAMES; i++)
			all = all && counts[i] == 1;
		ok(all, "%d engines: the games not handed back freed with their data, once each", n);
	}
	int err = 0;
	struct xq_annotate_batch_opts none = { 0 };
	ok(!xq_annotate_batch_new(&none, &err) && err == XQ_EINVAL, "no engine: XQ_EINVAL");
	xq_annotate_batch_free(NULL);
	xq_annotated_free(NULL);
}

static int refuse_new_game(struct xq_engine *e)
{
	(void)e;
	return XQ_EIO;
}

/* An engine that fails before any search: failed_ply -1. */
static void no_start(void)
{
	struct script sc = { 0 };
	struct xq_engine e = { .new_game = refuse_new_game, .search = script_search, .data = &sc,
			       .error = script_error };
	struct xq_engine *engines[1] = { &e };
	struct xq_annotate_batch_opts bo = { .engines = engines, .nengines = 1 };
	xq_annotate_defaults(&bo.run.o);
	bo.run.lim.nodes = 1000;
	struct xq_annotate_batch *b = xq_annotate_batch_new(&bo, NULL);
	struct xq_annotated *a = NULL;
	if (!ok(b != NULL, "no start: a batch"))
		return;
	xq_annotate_batch_put(b, game_of(0), NULL);
	if (ok(xq_annotate_batch_next(b, 0, &a) == 1, "no start: the game back")) {
		ok(a->rc == XQ_EIO && a->engine_failed && a->failed_ply == -1 && a->error &&
		   !strcmp(a->error, "the script fails here") && !a->json && !a->chart,
		   "no start: failed before any search, with the engine's words, nothing gathered");
		ok(!a->g->root.comment && !xq_game_tag(a->g, "Annotator"), "no start: the game untouched");
		xq_annotated_free(a);
	}
	xq_annotate_batch_free(b);
}

int main(void)
{
	json_lines();
	engine_defaults();
	batches();
	dropped();
	no_start();
	return done_testing();
}
