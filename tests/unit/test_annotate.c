/*
 * test_annotate.c - lib/annotate.c: the expected-score model, the marks at
 * and beside each threshold (table-driven), mates missed and allowed, the
 * comment, NAG and better line written into a game (existing ones kept),
 * and the per-side summary as tags and comment.
 */
#include <math.h>
#include <string.h>

#include "tap.h"
#include "xq.h"

#define M(n) (XQ_SCORE_MATE - (n))

static struct xq_search_info info(int score, xq_move best)
{
	struct xq_search_info i;
	memset(&i, 0, sizeof i);
	i.score = score;
	if (best != XQ_MOVE_NONE) {
		i.pv[0] = best;
		i.npv = 1;
	}
	return i;
}

static void model(void)
{
	ok(fabs(xq_expected_score(0, 0.004) - 0.5) < 1e-12, "E(0) = 1/2");
	ok(fabs(xq_expected_score(100, 0.004) - 1 / (1 + exp(-0.4))) < 1e-12, "E(100) at k 0.004");
	ok(fabs(xq_expected_score(-300, 0.004) + xq_expected_score(300, 0.004) - 1) < 1e-12, "E(-s) = 1 - E(s)");
	ok(xq_expected_score(M(5), 0.004) == 1.0, "a mate for is 1");
	ok(xq_expected_score(-M(5), 0.004) == 0.0, "a mate against is 0");
	ok(xq_expected_score(XQ_SCORE_MATE - 1001, 0.00001) < 1.0, "just below the mate range is a score");
	struct xq_annotate_opts o;
	xq_annotate_defaults(&o);
	ok(o.k == XQ_ANNOTATE_K && o.inaccuracy == 0.06 && o.mistake == 0.12 && o.blunder == 0.20 &&
	   o.line_plies == 8 && o.notation == XQ_NOTATION_CHINESE, "defaults");
}

/* Best 0 for the mover (E = 1/2), k = 0.004: the cut points are about
 * -60.3 (?!), -122.4 (?) and -211.8 (??) centipawns. */
static const struct mark_case {
	int best, played;       /* for the mover */
	int best_played;        /* the engine's own move was played */
	int nag, missed, allowed;
	int loss;
} mark_cases[] = {
	{ 0, 0, 0, 0, 0, 0, 0 },
	{ 0, -60, 0, 0, 0, 0, 60 },
	{ 0, -61, 0, XQ_NAG_DUBIOUS, 0, 0, 61 },
	{ 0, -122, 0, XQ_NAG_DUBIOUS, 0, 0, 122 },
	{ 0, -123, 0, XQ_NAG_MISTAKE, 0, 0, 123 },
	{ 0, -211, 0, XQ_NAG_MISTAKE, 0, 0, 211 },
	{ 0, -212, 0, XQ_NAG_BLUNDER, 0, 0, 212 },
	{ 0, -900, 0, XQ_NAG_BLUNDER, 0, 0, 900 },
	{ 0, -900, 1, 0, 0, 0, 0 },                 /* its own choice: never marked */
	{ 0, 40, 0, 0, 0, 0, 0 },                   /* better than "best": no loss */
	{ 2000, 1500, 0, 0, 0, 0, 0 },              /* capped at 1000 both: no loss */
	{ 900, 700, 0, 0, 0, 0, 200 },              /* still winning: tiny drop */
	{ M(5), 500, 0, XQ_NAG_DUBIOUS, 5, 0, 500 }, /* missed mate in 3 */
	{ M(5), 2000, 0, 0, 5, 0, 0 },              /* missed, still crushing */
	{ M(5), M(7), 0, 0, 0, 0, 0 },              /* a slower mate is no miss */
	{ 0, -M(4), 0, XQ_NAG_BLUNDER, 0, 4, 1000 }, /* allows mate in 2 */
	{ -300, -M(4), 0, XQ_NAG_BLUNDER, 0, 4, 700 },
	{ -600, -M(4), 0, XQ_NAG_DUBIOUS, 0, 4, 400 },
	{ -M(6), -M(2), 0, 0, 0, 0, 0 },            /* mated anyway: nothing allowed */
	{ -1500, -M(2), 0, 0, 0, 2, 0 },            /* lost anyway, but mate is called out */
};

static void marks(void)
{
	struct xq_annotate_opts o;
	struct xq_pos p;
	xq_annotate_defaults(&o);
	o.k = 0.004;
	xq_pos_start(&p);
	xq_move played = xq_move_make(XQ_SQ(7, 2), XQ_SQ(4, 2));   /* h2e2 */
	xq_move other = xq_move_make(XQ_SQ(1, 0), XQ_SQ(2, 2));    /* b0c2 */
	for (size_t i = 0; i < sizeof mark_cases / sizeof mark_cases[0]; i++) {
		const struct mark_case *c = &mark_cases[i];
		struct xq_search_info before = info(c->best, c->best_played ? played : other);
		struct xq_search_info after = info(-c->played, XQ_MOVE_NONE);
		struct xq_judgement j;
		xq_annotate_judge(&o, &p, played, &before, &after, &j);
		int good = j.nag == c->nag && j.missed_mate == c->missed && j.allowed_mate == c->allowed &&
			   j.loss == c->loss && j.best == c->best && j.played == c->played &&
			   j.side == XQ_RED && j.best_played == c->best_played;
		ok(good, "best %d played %d%s: nag %d", c->best, c->played,
		   c->best_played ? " (its choice)" : "", c->nag);
		if (!good)
			diagf("nag %d missed %d allowed %d loss %d drop %.4f", j.nag, j.missed_mate,
			      j.allowed_mate, j.loss, j.drop);
	}
	/* thresholds are options */
	struct xq_search_info before = info(0, other), after = info(61, XQ_MOVE_NONE);
	struct xq_judgement j;
	o.inaccuracy = 0.07;
	xq_annotate_judge(&o, &p, played, &before, &after, &j);
	is_int(j.nag, 0, "a higher inaccuracy threshold: -61 is no longer ?!");
	o.blunder = 0.05;
	o.mistake = 0.05;
	o.inaccuracy = 0.05;
	xq_annotate_judge(&o, &p, played, &before, &after, &j);
	is_int(j.nag, XQ_NAG_BLUNDER, "a low blunder threshold: -61 is ??");
	/* accuracy */
	xq_annotate_defaults(&o);
	o.k = 0.004;
	after = info(0, XQ_MOVE_NONE);
	xq_annotate_judge(&o, &p, played, &before, &after, &j);
	ok(j.accuracy > 99.99 && j.accuracy <= 100, "no drop: accuracy 100");
	after = info(M(3), XQ_MOVE_NONE);
	xq_annotate_judge(&o, &p, played, &before, &after, &j);
	ok(fabs(j.accuracy - (103.1668 * exp(-0.04354 * 50) - 3.1669)) < 1e-9, "a drop of 1/2: accuracy %.2f", j.accuracy);
	/* Black's side */
	struct xq_pos q = p;
	struct xq_undo u;
	xq_make(&q, played, &u);
	before = info(0, XQ_MOVE_NONE);
	after = info(300, XQ_MOVE_NONE);
	xq_annotate_judge(&o, &q, xq_move_make(XQ_SQ(7, 9), XQ_SQ(6, 7)), &before, &after, &j);
	ok(j.side == XQ_BLACK && j.nag == XQ_NAG_BLUNDER, "a Black move judged for Black");
}

static struct xq_game *game_of(const char *const *iccs, int n)
{
	struct xq_game *g = xq_game_new();
	struct xq_pos p = g->start;
	struct xq_node *at = &g->root;
	for (int i = 0; i < n; i++) {
		xq_move m;
		struct xq_undo u;
		xq_move_parse(&p, iccs[i], strlen(iccs[i]), XQ_NOTATION_ICCS, 0, &m, NULL);
		at = xq_node_add(g, at, m, NULL, 0);
		xq_make(&p, m, &u);
	}
	g->flags |= XQ_GAME_REPLAYED;
	return g;
}

static xq_move mv(const struct xq_pos *p, const char *iccs)
{
	xq_move m = XQ_MOVE_NONE;
	xq_move_parse(p, iccs, strlen(iccs), XQ_NOTATION_ICCS, 0, &m, NULL);
	return m;
}

static void nodes(void)
{
	static const char *const line[] = { "h2e2", "h9g7", "e2e6" };
	struct xq_game *g = game_of(line, 3);
	struct xq_annotate_opts o;
	struct xq_pos p;
	struct xq_undo u;
	xq_annotate_defaults(&o);
	o.k = 0.004;
	o.notation = XQ_NOTATION_ICCS;
	p = g->start;
	xq_make(&p, g->root.child->move, &u);
	xq_make(&p, g->root.child->child->move, &u);
	struct xq_node *n = g->root.child->child->child;   /* 2. e2e6 */
	xq_node_comment(g, n, 0, "old words", 9);
	struct xq_search_info before = info(24, mv(&p, "h0g2"));
	struct xq_pos q = p;
	xq_make(&q, before.pv[0], &u);
	before.pv[1] = mv(&q, "i9h9");
	xq_make(&q, before.pv[1], &u);
	before.pv[2] = mv(&q, "i0h0");
	before.pv[3] = xq_move_make(XQ_SQ(0, 0), XQ_SQ(0, 9));  /* illegal: the line stops */
	before.pv[4] = mv(&q, "b0c2");
	before.npv = 5;
	struct xq_search_info after = info(425, XQ_MOVE_NONE);
	struct xq_judgement j;
	xq_annotate_judge(&o, &p, n->move, &before, &after, &j);
	is_int(j.nag, XQ_NAG_BLUNDER, "the planted cannon sacrifice is ??");
	is_int(xq_annotate_node(g, n, &p, &o, &before, &j), 1, "annotated");
	ok(n->nnags == 1 && n->nags[0] == XQ_NAG_BLUNDER, "?? added");
	is_str(n->comment, "old words Blunder: +0.24 -> -4.25; h0g2 was best.", "comment after the old one");
	const struct xq_node *v = n->next;
	ok(v && v->move == before.pv[0] && v->child && v->child->move == before.pv[1] &&
	   v->child->child && v->child->child->move == before.pv[2] && !v->child->child->child,
	   "the better line as a variation, cut at its first illegal move");
	ok(n->child == NULL && g->root.child->child->child == n, "the main line is untouched");
	/* a second time: no second NAG, no second variation with that move */
	is_int(xq_annotate_node(g, n, &p, &o, &before, &j), 1, "annotated again");
	ok(n->nnags == 1, "a move mark is not doubled");
	ok(n->next == v && v->next == NULL, "no second variation starting with the same move");
	/* a move that already has a human mark keeps it */
	struct xq_node *n1 = g->root.child;
	xq_node_add_nag(n1, XQ_NAG_GOOD);
	struct xq_search_info b1 = info(30, mv(&g->start, "b0c2"));
	struct xq_search_info a1 = info(300, XQ_MOVE_NONE);
	xq_annotate_judge(&o, &g->start, n1->move, &b1, &a1, &j);
	xq_annotate_node(g, n1, &g->start, &o, &b1, &j);
	ok(n1->nnags == 1 && n1->nags[0] == XQ_NAG_GOOD, "an existing ! is kept, no ?? beside it");
	ok(n1->comment && strstr(n1->comment, "Blunder: +0.30 -> -3.00; b0c2 was best."), "the comment still says it");
	/* line length 0: no variation */
	struct xq_node *n2 = g->root.child->child;
	struct xq_pos p1 = g->start;
	xq_make(&p1, n1->move, &u);
	struct xq_search_info b2 = info(-10, mv(&p1, "b9c7"));
	struct xq_search_info a2 = info(290, XQ_MOVE_NONE);
	o.line_plies = 0;
	xq_annotate_judge(&o, &p1, n2->move, &b2, &a2, &j);
	xq_annotate_node(g, n2, &p1, &o, &b2, &j);
	ok(n2->nnags == 1 && n2->next == NULL, "line 0: marked, no variation");
	is_str(n2->comment, "Blunder: +0.10 -> +2.90; b9c7 was best.", "evaluations from Red's side for Black's move");
	/* nothing to say: nothing added */
	struct xq_search_info b3 = info(10, XQ_MOVE_NONE), a3 = info(-10, XQ_MOVE_NONE);
	xq_annotate_judge(&o, &p1, n2->move, &b3, &a3, &j);
	is_int(xq_annotate_node(g, n2, &p1, &o, &b3, &j), 0, "an unmarked move: nothing added");
	xq_game_free(g);

	/* mates in the comment, Chinese notation */
	static const char *const line2[] = { "h2e2" };
	g = game_of(line2, 1);
	xq_annotate_defaults(&o);
	struct xq_search_info b4 = info(M(5), mv(&g->start, "b0c2"));
	struct xq_search_info a4 = info(-1500, XQ_MOVE_NONE);
	xq_annotate_judge(&o, &g->start, g->root.child->move, &b4, &a4, &j);
	xq_annotate_node(g, g->root.child, &g->start, &o, &b4, &j);
	is_str(g->root.child->comment, "#3 -> +15.00; 马八进七 was best. Missed mate in 3.",
	       "a missed mate, in Chinese");
	xq_game_free(g);
	g = game_of(line2, 1);
	struct xq_search_info b5 = info(0, mv(&g->start, "b0c2"));
	struct xq_search_info a5 = info(M(3), XQ_MOVE_NONE);
	xq_annotate_judge(&o, &g->start, g->root.child->move, &b5, &a5, &j);
	xq_annotate_node(g, g->root.child, &g->start, &o, &b5, &j);
	is_str(g->root.child->comment, "Blunder: +0.00 -> #-2; 马八进七 was best. Allows mate in 2.",
	       "an allowed mate");
	xq_game_free(g);
}

static void summary(void)
{
	struct xq_annotate_summary s;
	memset(&s, 0, sizeof s);
	static const struct { int side, nag, loss; double acc; } moves[] = {
		{ XQ_RED, 0, 0, 100 }, { XQ_BLACK, XQ_NAG_DUBIOUS, 70, 80 },
		{ XQ_RED, XQ_NAG_BLUNDER, 400, 20 }, { XQ_BLACK, XQ_NAG_MISTAKE, 150, 60 },
		{ XQ_RED, XQ_NAG_BLUNDER, 300, 30 }, { XQ_BLACK, 0, 5, 97 },
		{ XQ_RED, XQ_NAG_MISTAKE, 120, 55 },
	};
	for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++) {
		struct xq_judgement j;
		memset(&j, 0, sizeof j);
		j.side = moves[i].side;
		j.nag = moves[i].nag;
		j.loss = moves[i].loss;
		j.accuracy = moves[i].acc;
		xq_annotate_count(&s, &j);
	}
	ok(s.moves[0] == 4 && s.moves[1] == 3, "moves per side");
	ok(s.inaccuracies[0] == 0 && s.mistakes[0] == 1 && s.blunders[0] == 2, "Red's counts");
	ok(s.inaccuracies[1] == 1 && s.mistakes[1] == 1 && s.blunders[1] == 0, "Black's counts");
	ok(fabs(xq_annotate_average_loss(&s, 0) - 205) < 1e-9, "Red's average loss");
	ok(fabs(xq_annotate_accuracy(&s, 1) - 79) < 1e-9, "Black's accuracy");
	struct xq_game *g = xq_game_new();
	xq_node_comment(g, &g->root, 0, "Before.", 7);
	is_int(xq_annotate_summarise(g, &s, "xqannotate test"), 0, "summarise");
	is_str(xq_game_tag(g, "Annotator"), "xqannotate test", "Annotator tag");
	is_str(xq_game_tag(g, "RedBlunders"), "2", "RedBlunders");
	is_str(xq_game_tag(g, "RedMistakes"), "1", "RedMistakes");
	is_str(xq_game_tag(g, "RedInaccuracies"), "0", "RedInaccuracies");
	is_str(xq_game_tag(g, "BlackInaccuracies"), "1", "BlackInaccuracies");
	is_str(xq_game_tag(g, "RedAverageLoss"), "205", "RedAverageLoss");
	is_str(xq_game_tag(g, "BlackAverageLoss"), "75", "BlackAverageLoss");
	is_str(xq_game_tag(g, "RedAccuracy"), "51.2", "RedAccuracy");
	is_str(xq_game_tag(g, "BlackAccuracy"), "79.0", "BlackAccuracy");
	is_str(g->root.comment,
	       "Before. Red: 4 moves, 0 ?!, 1 ?, 2 ??, average loss 205, accuracy 51.2%; "
	       "Black: 3 moves, 1 ?!, 1 ?, 0 ??, average loss 75, accuracy 79.0%.",
	       "the summary comment after the old one");
	xq_game_free(g);
	memset(&s, 0, sizeof s);
	ok(xq_annotate_average_loss(&s, 0) == 0 && xq_annotate_accuracy(&s, 1) == 100, "no moves: 0 and 100");
}

/* xq_annotate_comment_scores: what xq_annotate_node() writes, read back
 * (the round trip of every score form), and comments that hold none. */
static void comment_scores(void)
{
	static const struct {
		const char *comment;
		int found, before, after;
	} t[] = {
		{ "Mistake: +0.53 -> -1.47; h0g2 was best.", 1, 53, -147 },
		{ "Blunder: -0.03 -> -6.00.", 1, -3, -600 },
		{ "Inaccuracy: +12.00 -> +0.00; x was best. Missed mate in 2.", 1, 1200, 0 },
		{ "Blunder: #3 -> #-2; b was best.", 1, M(5), -M(4) },
		{ "old words\nMistake: +0.40 -> -1.10; b was best.", 1, 40, -110 },
		{ "+0.20 -> #1. Allows mate in 1.", 1, 20, M(1) },
		{ "a good move", 0, 0, 0 },
		{ "Mistake: 0.53 -> -1.47.", 0, 0, 0 },       /* no sign: not ours */
		{ "Mistake: +0.53 -> -1.47", 0, 0, 0 },       /* no full stop */
		{ "Mistake: #0 -> +1.00.", 0, 0, 0 },
		{ "", 0, 0, 0 },
	};
	for (size_t i = 0; i < sizeof t / sizeof *t; i++) {
		int b = 7, a = 7;
		int r = xq_annotate_comment_scores(t[i].comment, &b, &a);
		ok(r == t[i].found && (!r || (b == t[i].before && a == t[i].after)),
		   "comment scores: case %zu -> %d %d %d", i, r, b, a);
	}
	ok(xq_annotate_comment_scores(NULL, &(int){ 0 }, &(int){ 0 }) == 0, "comment scores: no comment");
	/* the round trip through a comment xq_annotate_node() writes */
	static const char *const line[] = { "h2e2", "h9g7", "e2e6" };
	struct xq_game *g = game_of(line, 3);
	struct xq_annotate_opts o;
	struct xq_pos p = g->start;
	struct xq_undo u;
	xq_annotate_defaults(&o);
	o.notation = XQ_NOTATION_ICCS;
	xq_make(&p, g->root.child->move, &u);
	xq_make(&p, g->root.child->child->move, &u);
	struct xq_node *n = g->root.child->child->child;
	struct xq_search_info before = info(24, mv(&p, "h0g2")), after = info(425, XQ_MOVE_NONE);
	struct xq_judgement j;
	int b, a;
	xq_annotate_judge(&o, &p, n->move, &before, &after, &j);
	xq_annotate_node(g, n, &p, &o, &before, &j);
	ok(xq_annotate_comment_scores(n->comment, &b, &a) == 1 && b == 24 && a == -425,
	   "comment scores: read back from xq_annotate_node(): %d %d", b, a);
	xq_game_free(g);
}

int main(void)
{
	model();
	marks();
	nodes();
	summary();
	comment_scores();
	return done_testing();
}
