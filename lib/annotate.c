/*
 * annotate.c - search results to marks (?!, ?, ??), comments and better
 * lines, the per-side summary of a game, and the driver that annotates a
 * game with an engine.
 *
 * The expected-score model.  A centipawn score s for the side to move is
 * read as the expected result E(s) = 1 / (1 + exp(-k s)) of that side
 * (1 a win, 1/2 a draw, 0 a loss).  k was fitted by maximum likelihood on
 * xiangqi engine self-play generated here with bench/fit_logistic.sh,
 * which plays games from four random plies, takes the engine's score of
 * every position after ply 10 (mates left out) with the final result for
 * the side to move, and maximises the log-likelihood over k (games are
 * adjudicated at ply 240: a win at 500 or more, else a draw):
 *
 *	bash bench/fit_logistic.sh 150 5000
 *	    Fairy-Stockfish 11.1, 5000 nodes a move: stopped after 95 games,
 *	    11,647 samples: k = 0.00431 (XQ_ANNOTATE_K, 0.0043)
 *	bash bench/fit_logistic.sh 60 20000 build/bin/xqengine uci
 *	    the built-in engine, 20000 nodes a move: stopped after 30 games
 *	    (many drawn at ply 240), 4,746 samples: k = 0.00287
 *	    (XQ_ANNOTATE_K_BUILTIN, 0.0029)
 *
 * The built-in engine's centipawns mean less than Fairy-Stockfish's, so
 * xqannotate uses the second constant with it and the first with external
 * engines, unless --scale says otherwise.  A check of the second against
 * the first on the positions of bench/bench_annotate.sh (built-in engine at
 * its defaults, Fairy-Stockfish at depth 16, scores below 1000): its score
 * is 0.81 times ours on the four games the settings were compared on (k =
 * 0.0043 x 0.81 = 0.0035; the k whose E best matches Fairy-Stockfish's E in
 * least squares: 0.0034) and 0.64 times on a held-out one (0.0028, 0.0023),
 * so the self-play fit stands; 0.0034 raised the ?? agreement on the four
 * games and lowered it on the held-out one.
 *
 * Marks come from the drop E(best) - E(played) for the mover; accuracy per
 * move is the figure Lichess publishes for chess,
 * 103.1668 exp(-0.04354 d) - 3.1669 with d the drop in percent, clamped
 * to 0..100, and a side's accuracy is the mean over its moves.  The
 * average loss is the mean centipawn loss with scores capped at +-1000
 * (a mate counts as 1000).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xq.h"

void xq_annotate_defaults(struct xq_annotate_opts *o)
{
	memset(o, 0, sizeof *o);
	o->k = XQ_ANNOTATE_K;
	o->inaccuracy = 0.06;
	o->mistake = 0.12;
	o->blunder = 0.20;
	o->line_plies = 8;
	o->notation = XQ_NOTATION_CHINESE;
}

static int is_mate_for(int s) { return s > XQ_SCORE_MATE - 1000; }
static int is_mate_against(int s) { return s < -(XQ_SCORE_MATE - 1000); }

double xq_expected_score(int score, double k)
{
	if (is_mate_for(score))
		return 1.0;
	if (is_mate_against(score))
		return 0.0;
	return 1.0 / (1.0 + exp(-k * score));
}

static int capped(int s)
{
	return s > 1000 ? 1000 : s < -1000 ? -1000 : s;
}

void xq_annotate_judge(const struct xq_annotate_opts *o, const struct xq_pos *pos, xq_move m,
		       const struct xq_search_info *before,
		       const struct xq_search_info *after,
		       struct xq_judgement *j)
{
	memset(j, 0, sizeof *j);
	j->side = pos->side;
	j->best = before->score;
	j->played = -after->score;
	j->best_played = before->npv > 0 && before->pv[0] == m;
	double eb = xq_expected_score(j->best, o->k);
	double ep = xq_expected_score(j->played, o->k);
	if (!j->best_played && eb > ep) {
		j->drop = eb - ep;
		int l = capped(j->best) - capped(j->played);
		j->loss = l > 0 ? l : 0;
	}
	double acc = 103.1668 * exp(-0.04354 * (j->drop * 100.0)) - 3.1669;
	j->accuracy = acc > 100 ? 100 : acc < 0 ? 0 : acc;
	if (j->drop >= o->blunder)
		j->nag = XQ_NAG_BLUNDER;
	else if (j->drop >= o->mistake)
		j->nag = XQ_NAG_MISTAKE;
	else if (j->drop >= o->inaccuracy)
		j->nag = XQ_NAG_DUBIOUS;
	if (!j->best_played && is_mate_for(j->best) && !is_mate_for(j->played))
		j->missed_mate = XQ_SCORE_MATE - j->best;
	if (!j->best_played && is_mate_against(j->played) && !is_mate_against(j->best))
		j->allowed_mate = XQ_SCORE_MATE + j->played;
}

/* "+1.25", "-0.40", "#3" (Red mates in 3 moves), "#-2" for a score of the
 * mover turned to Red's side. */
static void eval_text(int score, int mover, char *buf, size_t size)
{
	int s = mover == XQ_RED ? score : -score;
	if (is_mate_for(s) || is_mate_against(s)) {
		int plies = XQ_SCORE_MATE - (s < 0 ? -s : s);
		snprintf(buf, size, "#%s%d", s < 0 ? "-" : "", (plies + 1) / 2);
	} else {
		snprintf(buf, size, "%+.2f", s / 100.0);
	}
}

static int has_move_mark(const struct xq_node *n)
{
	for (int i = 0; i < n->nnags; i++)
		if (n->nags[i] >= 1 && n->nags[i] <= 6)
			return 1;
	return 0;
}

int xq_annotate_node(struct xq_game *g, struct xq_node *n, const struct xq_pos *pos,
		     const struct xq_annotate_opts *o,
		     const struct xq_search_info *before, const struct xq_judgement *j)
{
	static const char *const names[7] = { NULL, NULL, "Mistake", NULL, "Blunder", NULL, "Inaccuracy" };
	char text[400], eb[16], ep[16], best[XQ_MOVE_TEXT_MAX] = "";
	size_t len = 0;
	int mover = pos->side;

	if (!j->nag && !j->missed_mate && !j->allowed_mate)
		return 0;
	if (j->nag && !has_move_mark(n))
		xq_node_add_nag(n, j->nag);
	int have_best = before->npv > 0 && before->pv[0] != XQ_MOVE_NONE &&
			xq_is_legal(pos, before->pv[0]) &&
			xq_move_format(pos, before->pv[0], o->notation, o->notation_flags,
				       best, sizeof best) > 0;
	eval_text(j->best, mover, eb, sizeof eb);
	eval_text(j->played, mover, ep, sizeof ep);
	len += (size_t)snprintf(text + len, sizeof text - len, "%s%s%s -> %s",
				j->nag ? names[j->nag] : "", j->nag ? ": " : "", eb, ep);
	if (have_best)
		len += (size_t)snprintf(text + len, sizeof text - len, "; %s was best", best);
	len += (size_t)snprintf(text + len, sizeof text - len, ".");
	if (j->missed_mate)
		len += (size_t)snprintf(text + len, sizeof text - len, " Missed mate in %d.",
					(j->missed_mate + 1) / 2);
	if (j->allowed_mate)
		len += (size_t)snprintf(text + len, sizeof text - len, " Allows mate in %d.",
					(j->allowed_mate + 1) / 2);
	if (len >= sizeof text)
		len = sizeof text - 1;
	if (xq_node_comment(g, n, 0, text, len) < 0)
		return XQ_ENOMEM;

	/* the better line, unless a variation already starts with its move */
	if (!have_best || o->line_plies <= 0 || !n->parent)
		return 1;
	for (const struct xq_node *v = n->parent->child; v; v = v->next)
		if (v->move == before->pv[0])
			return 1;
	struct xq_pos p = *pos;
	struct xq_node *at = n->parent;
	for (int i = 0; i < before->npv && i < o->line_plies && i < XQ_MAX_PV; i++) {
		xq_move mv = before->pv[i];
		struct xq_undo u;
		if (mv == XQ_MOVE_NONE || !xq_is_legal(&p, mv))
			break;
		if (!(at = xq_node_add(g, at, mv, NULL, 0)))
			return XQ_ENOMEM;
		xq_make(&p, mv, &u);
	}
	return 1;
}

void xq_annotate_count(struct xq_annotate_summary *s, const struct xq_judgement *j)
{
	int side = j->side ? 1 : 0;
	s->moves[side]++;
	if (j->nag == XQ_NAG_DUBIOUS)
		s->inaccuracies[side]++;
	else if (j->nag == XQ_NAG_MISTAKE)
		s->mistakes[side]++;
	else if (j->nag == XQ_NAG_BLUNDER)
		s->blunders[side]++;
	s->loss_sum[side] += j->loss;
	s->accuracy_sum[side] += j->accuracy;
}

double xq_annotate_average_loss(const struct xq_annotate_summary *s, int side)
{
	return s->moves[side] ? s->loss_sum[side] / s->moves[side] : 0.0;
}

double xq_annotate_accuracy(const struct xq_annotate_summary *s, int side)
{
	return s->moves[side] ? s->accuracy_sum[side] / s->moves[side] : 100.0;
}

int xq_annotate_summarise(struct xq_game *g, const struct xq_annotate_summary *s,
			  const char *who)
{
	char text[600], name[40], value[40];
	size_t len = 0;
	if (who && xq_game_set_tag(g, "Annotator", who) < 0)
		return XQ_ENOMEM;
	for (int side = 0; side < 2; side++) {
		const struct {
			const char *tag;
			double v;
			int decimals;
		} t[] = {
			{ "Inaccuracies", s->inaccuracies[side], 0 },
			{ "Mistakes", s->mistakes[side], 0 },
			{ "Blunders", s->blunders[side], 0 },
			{ "AverageLoss", xq_annotate_average_loss(s, side), 0 },
			{ "Accuracy", xq_annotate_accuracy(s, side), 1 },
		};
		for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
			snprintf(name, sizeof name, "%s%s", xq_side_name(side), t[i].tag);
			snprintf(value, sizeof value, "%.*f", t[i].decimals, t[i].v);
			if (xq_game_set_tag(g, name, value) < 0)
				return XQ_ENOMEM;
		}
		len += (size_t)snprintf(text + len, sizeof text - len,
					"%s%s: %d move%s, %d ?!, %d ?, %d ??, average loss %.0f, accuracy %.1f%%",
					side ? "; " : "", xq_side_name(side), s->moves[side],
					s->moves[side] == 1 ? "" : "s", s->inaccuracies[side],
					s->mistakes[side], s->blunders[side],
					xq_annotate_average_loss(s, side), xq_annotate_accuracy(s, side));
	}
	len += (size_t)snprintf(text + len, sizeof text - len, ".");
	if (len >= sizeof text)
		len = sizeof text - 1;
	return xq_node_comment(g, &g->root, 0, text, len) < 0 ? XQ_ENOMEM : 0;
}

/* Read eval_text() back: "+1.20" (pawns) or "#3" / "#-3" (mate in moves,
 * Red's side); the centipawns, or a mate score; NULL if s is neither. */
static const char *read_eval(const char *s, int *cp)
{
	char *end;
	if (*s == '#') {
		long m = strtol(s + 1, &end, 10);
		if (end == s + 1 || m == 0 || m > 500 || m < -500)
			return NULL;
		*cp = m > 0 ? XQ_SCORE_MATE - (int)(2 * m - 1) : -(XQ_SCORE_MATE - (int)(-2 * m));
		return end;
	}
	if (*s != '+' && *s != '-')
		return NULL;
	double v = strtod(s, &end);
	if (end == s || v > 1e5 || v < -1e5)
		return NULL;
	*cp = (int)lround(v * 100);
	return end;
}

int xq_annotate_comment_scores(const char *comment, int *red_before, int *red_after)
{
	static const char *const names[] = { "Mistake: ", "Blunder: ", "Inaccuracy: ", "" };
	if (!comment)
		return 0;
	/* the judgement is the last sentence group of this form in the comment */
	for (const char *p = comment; *p; p++) {
		for (int i = 0; i < 4; i++) {
			size_t l = strlen(names[i]);
			const char *s = p, *e;
			int b, a;
			if (strncmp(s, names[i], l) || (p > comment && i == 3 && p[-1] != ' ' && p[-1] != '\n'))
				continue;
			s += l;
			if (!(e = read_eval(s, &b)) || strncmp(e, " -> ", 4) || !(e = read_eval(e + 4, &a)))
				continue;
			if (*e != ';' && *e != '.')
				continue;
			*red_before = b;
			*red_after = a;
			return 1;
		}
	}
	return 0;
}

/* ------------------------------------------------ the annotation driver */

static int ask_engine(struct xq_engine *e, const struct xq_engine_query *q,
			 struct xq_search_info *out)
{
	int rc = e->search(e, q, out);
	if (rc < 0) {
		e->failed = 1;
		return rc;
	}
	e->searches++;
	return 0;
}

/*
 * The score of the move played at ply p + 1 (moves[p], played in q's
 * position, whose full search is best) as the analysis of the position it
 * leads to, into *after: a search of that position over the move alone, to
 * the depth the full search reached.  The next position's own search
 * (played_next, and engines without searchmoves) is a ply deeper into the
 * game and from the other side, and its parity shows as a swing of its
 * own.  Nothing is searched when the move is the best one or the position
 * has no move.  1 when *after was filled, 0 when nothing was searched, or
 * the engine's failure.
 */
static int search_played(struct xq_engine *e, const struct xq_annotate_run *r,
			 const struct xq_engine_query *q, xq_move played,
			 const struct xq_search_info *best, struct xq_search_info *after)
{
	struct xq_search_limits lim = r->lim;
	struct xq_engine_query one = *q;
	struct xq_search_info s;
	if (r->played_next || e->no_searchmoves || xq_status(q->pos) != XQ_PLAYING ||
	    (best->npv > 0 && best->pv[0] == played))
		return 0;
	lim.searchmoves = &played;
	lim.nsearchmoves = 1;
	if (best->depth > 0 && (!lim.depth || best->depth < lim.depth))
		lim.depth = best->depth;
	one.lim = &lim;
	int rc = ask_engine(e, &one, &s);
	if (rc < 0)
		return rc;
	memset(after, 0, sizeof *after);
	after->score = -s.score;
	after->depth = s.depth;
	after->nodes = s.nodes;
	/* the line after the move: s's principal variation from its second move */
	for (int i = 1; i < s.npv; i++)
		after->pv[after->npv++] = s.pv[i];
	return 1;
}

/* The main line's n moves, positions and keys (pos[0] the start). */
struct main_line {
	struct xq_node **nodes;
	struct xq_pos *pos;
	uint64_t *keys;
	xq_move *moves;
	struct xq_search_info *info, *after;
	char *own;      /* after[p] is the played move's own search */
};

static void line_free(struct main_line *l)
{
	free(l->nodes);
	free(l->pos);
	free(l->keys);
	free(l->moves);
	free(l->info);
	free(l->after);
	free(l->own);
}

/*
 * Every search, positions a - 1 .. b; 0 or the engine's failure.  Forward
 * (from a - 1 on) or backward (from b back): backward, the table a search
 * leaves holds the positions the next one, a ply earlier, reaches through
 * the move played, so that move's own search mostly reads it back.
 */
static int search_all(struct xq_engine *e, const struct xq_annotate_run *r, const char *fen,
		      struct main_line *l, int a, int b)
{
	for (int i = 0; i <= b - a + 1; i++) {
		int p = r->backward ? b - i : a - 1 + i;
		struct xq_engine_query q = { fen, l->moves, p, &l->pos[p], l->keys, &r->lim };
		int rc;
		if (r->progress)
			r->progress(r->data, i, b - a + 2);
		if (xq_status(&l->pos[p]) != XQ_PLAYING) {
			l->info[p].score = -XQ_SCORE_MATE;
			l->info[p].npv = 0;
			e->searches++;
		} else if ((rc = ask_engine(e, &q, &l->info[p])) < 0) {
			return rc;
		}
		if (r->position)
			r->position(r->data, p, &l->pos[p], &l->info[p]);
		if (p < b) {
			rc = search_played(e, r, &q, l->moves[p], &l->info[p], &l->after[p + 1]);
			if (rc < 0)
				return rc;
			l->own[p + 1] = (char)rc;
		}
	}
	if (r->progress)
		r->progress(r->data, b - a + 2, b - a + 2);
	return 0;
}

int xq_game_annotate(struct xq_game *g, struct xq_engine *e, const struct xq_annotate_run *r)
{
	int n = 0, rc;
	e->failed = 0;
	for (const struct xq_node *nd = g->root.child; nd && nd->move != XQ_MOVE_NONE; nd = nd->child)
		n++;
	int a = r->from > 0 ? r->from : 1;
	int b = r->to > 0 && r->to < n ? r->to : n;
	if (a > b)
		return 0;
	struct main_line l;
	size_t k = (size_t)n + 1;
	l.nodes = calloc(k, sizeof *l.nodes);
	l.pos = calloc(k, sizeof *l.pos);
	l.keys = calloc(k, sizeof *l.keys);
	l.moves = calloc(k, sizeof *l.moves);
	l.info = calloc(k, sizeof *l.info);
	l.after = calloc(k, sizeof *l.after);
	l.own = calloc(k, 1);
	if (!l.nodes || !l.pos || !l.keys || !l.moves || !l.info || !l.after || !l.own) {
		line_free(&l);
		return XQ_ENOMEM;
	}
	l.pos[0] = g->start;
	l.keys[0] = g->start.key;
	int i = 0;
	for (struct xq_node *nd = g->root.child; nd && i < n; nd = nd->child, i++) {
		struct xq_undo u;
		l.nodes[i + 1] = nd;
		l.moves[i] = nd->move;
		l.pos[i + 1] = l.pos[i];
		if (!xq_is_legal(&l.pos[i], nd->move)) {
			n = i;
			break;
		}
		xq_make(&l.pos[i + 1], nd->move, &u);
		l.keys[i + 1] = l.pos[i + 1].key;
	}
	if (b > n)
		b = n;
	const char *fen = (g->flags & XQ_GAME_SETUP) ? g->start_fen : NULL;
	if (e->new_game && (rc = e->new_game(e)) < 0) {
		e->failed = 1;
		line_free(&l);
		return rc;
	}
	if ((rc = search_all(e, r, fen, &l, a, b)) < 0) {
		line_free(&l);
		return rc;
	}

	struct xq_annotate_summary sum;
	memset(&sum, 0, sizeof sum);
	for (int p = a; p <= b && rc >= 0; p++) {
		struct xq_judgement j;
		/* the played move's own search, or the next position's */
		xq_annotate_judge(&r->o, &l.pos[p - 1], l.moves[p - 1], &l.info[p - 1],
				  l.own[p] ? &l.after[p] : &l.info[p], &j);
		xq_annotate_count(&sum, &j);
		if (r->move)
			r->move(r->data, p, &l.pos[p - 1], l.moves[p - 1], &l.info[p - 1], &j);
		rc = xq_annotate_node(g, l.nodes[p], &l.pos[p - 1], &r->o, &l.info[p - 1], &j);
	}
	if (rc >= 0)
		rc = xq_annotate_summarise(g, &sum, r->who);
	line_free(&l);
	return rc < 0 ? rc : b - a + 1;
}
