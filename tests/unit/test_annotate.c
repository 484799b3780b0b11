/*
 * test_annotate.c - lib/annotate.c: the expected-score model, the marks at
 * and beside each threshold (table-driven), mates missed and allowed, the
 * comment, NAG and better line written into a game (existing ones kept),
 * and the per-side summary as tags and comment; the book (ECCO lines left
 * at a known ply, the policy that leaves book moves unmarked) and the
 * wording of every language.
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
	   o.line_plies == 8 && o.notation == XQ_NOTATION_CHINESE && o.lang == XQ_LANG_ZH && !o.confirm, "defaults");
	xq_annotate_builtin_defaults(&o);
	ok(o.k == XQ_ANNOTATE_K_BUILTIN && o.inaccuracy == XQ_ANNOTATE_BUILTIN_INACCURACY &&
	   o.mistake == XQ_ANNOTATE_BUILTIN_MISTAKE && o.blunder == XQ_ANNOTATE_BUILTIN_BLUNDER &&
	   o.line_plies == 8 && o.lang == XQ_LANG_ZH && o.confirm, "the built-in engine's defaults");
	ok(XQ_ANNOTATE_BUILTIN_INACCURACY <= XQ_ANNOTATE_BUILTIN_MISTAKE &&
	   XQ_ANNOTATE_BUILTIN_MISTAKE <= XQ_ANNOTATE_BUILTIN_BLUNDER, "the built-in thresholds grow");
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
	o.lang = XQ_LANG_EN;
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
	o.lang = XQ_LANG_EN;
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
	struct xq_annotate_opts o;
	xq_annotate_defaults(&o);
	o.lang = XQ_LANG_EN;
	is_int(xq_annotate_summarise(g, &s, &o, "xqannotate test"), 0, "summarise");
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
		{ "错着：红方优势 +0.53 → 黑方优势 -1.47；应走马二进三。", 1, 53, -147 },
		{ "出谱。败着：均势 -0.03 → 黑方胜势 -6.00。", 1, -3, -600 },
		{ "缓着：红方胜势 #3 → 黑方胜势 #-2；应走車二進六。错失3步杀。", 1, M(5), -M(4) },
		{ "敗著：紅方優勢 +0.80 → 黑方優勢 -0.90；應走馬二進三。", 1, 80, -90 },
		{ "均势 +0.20 → 红方胜势 #1。让对方有1步杀。", 1, 20, M(1) },
		{ "错着：+0.53 → -1.47。", 1, 53, -147 },
		{ "错着：红方优势 0.53 → 黑方优势 -1.47。", 0, 0, 0 },   /* no sign */
		{ "错着：红方优势 +0.53 → 黑方优势 -1.47", 0, 0, 0 },    /* no full stop */
		/* past what a score can be, or no number */
		{ "Blunder: +299.99 -> -299.99.", 1, 29999, -29999 },
		{ "Blunder: +300.00 -> -1.00.", 0, 0, 0 },
		{ "Blunder: +0.50 -> -999.99.", 0, 0, 0 },
		{ "Blunder: +nan -> -1.00.", 0, 0, 0 },
		{ "Blunder: +0.50 -> -inf.", 0, 0, 0 },
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
	o.lang = XQ_LANG_EN;
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


/* xq_annotate_confirm: the mark lowered to what the next position's search
 * gives, never raised; nothing without o->confirm.  k 0.004, best 0: the
 * cut points are about -60 (?!), -122 (?) and -212 (??). */
static void confirm(void)
{
	static const struct {
		int played, next;   /* the own search's score for the mover; the next
				     * position's for the opponent */
		int on, nag;
	} t[] = {
		{ -300, 300, 1, XQ_NAG_BLUNDER },   /* both agree */
		{ -300, 150, 1, XQ_NAG_MISTAKE },
		{ -300, 100, 1, XQ_NAG_DUBIOUS },
		{ -300, -50, 1, 0 },                /* the next search sees nothing wrong */
		{ -300, 100, 0, XQ_NAG_BLUNDER },   /* not asked */
		{ -100, 400, 1, XQ_NAG_DUBIOUS },   /* never raised */
		{ -40, 400, 1, 0 },
	};
	struct xq_pos p;
	xq_pos_start(&p);
	xq_move played = mv(&p, "h2e2");
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		struct xq_annotate_opts o;
		struct xq_judgement j;
		xq_annotate_defaults(&o);
		o.k = 0.004;
		o.confirm = t[i].on;
		struct xq_search_info before = info(0, XQ_MOVE_NONE), after = info(-t[i].played, XQ_MOVE_NONE);
		struct xq_search_info next = info(t[i].next, XQ_MOVE_NONE);
		xq_annotate_judge(&o, &p, played, &before, &after, &j);
		double drop = j.drop;
		xq_annotate_confirm(&o, &next, &j);
		ok(j.nag == t[i].nag && j.drop == drop, "confirm %zu: played %d, next %d%s: mark %d",
		   i, t[i].played, t[i].next, t[i].on ? "" : " (off)", j.nag);
	}
}

/* The book of a line (xq_ecco_book_plies): the plies up to the last move
 * whose branch the ECCO definitions name; then the policy on judgements
 * (xq_annotate_book): inside no mark, the first move past it said. */
static void book(void)
{
	static const struct {
		const char *line;   /* ICCS moves from the start */
		int book;
		const char *code;
	} t[] = {
		{ "", 0, "A00" },
		{ "e3e4 h9g7 h0g2", 0, "A00" },                     /* 兵五进一: no line */
		{ "c3c4", 1, "E00" },                               /* 仙人指路 */
		{ "h2e2", 1, "B00" },
		{ "h2e2 h9g7", 2, "B05" },                          /* 中炮对进左马 */
		{ "h2e2 h9g7 h0g2 a6a5", 2, "B05" },                /* left at once */
		{ "b2e2 b9c7", 2, "B05" },                          /* the other wing, mirrored */
		/* 中炮过河车对屏风马: the book ends with 车二进六, the code stays */
		{ "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 h0h6", 7, "C17" },
		{ "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 h0h6 c6c5 h6g6 h7i7 g6g7 i7i3", 7, "C17" },
		{ "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 h0h6 c6c5 h6g6 h7i7 g6g7 i7i3 g3g4 i3h3", 7, "C17" },
	};
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		struct xq_pos start, p;
		xq_move moves[32];
		int n = 0;
		xq_pos_start(&start);
		p = start;
		for (const char *c = t[i].line; *c; c += c[4] ? 5 : 4) {
			struct xq_undo u;
			xq_move_parse(&p, c, 4, XQ_NOTATION_ICCS, 0, &moves[n], NULL);
			xq_make(&p, moves[n++], &u);
		}
		struct xq_ecco e;
		is_int(xq_ecco_book_plies(&start, moves, n), t[i].book, "book of '%s'", t[i].line);
		ok(xq_ecco_classify(&start, moves, n, &e) == 0 && !strcmp(e.code, t[i].code),
		   "'%s' is %s", t[i].line, t[i].code);
	}
	struct xq_pos other;
	xq_pos_from_fen(&other, "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", 0, NULL);
	is_int(xq_ecco_book_plies(&other, NULL, 0), XQ_EINVAL, "no book from another position");

	/* the policy: a book of 4 plies */
	static const struct {
		int ply, nag, in_book, out_of_book;
	} j[] = {
		{ 1, 0, 1, 0 }, { 4, 0, 1, 0 }, { 5, XQ_NAG_BLUNDER, 0, 5 }, { 6, XQ_NAG_BLUNDER, 0, 0 },
	};
	for (size_t i = 0; i < sizeof j / sizeof j[0]; i++) {
		struct xq_judgement x;
		memset(&x, 0, sizeof x);
		x.nag = XQ_NAG_BLUNDER;
		x.missed_mate = 3;
		xq_annotate_book(&x, j[i].ply, 4);
		ok(x.nag == j[i].nag && x.in_book == j[i].in_book && x.out_of_book == j[i].out_of_book &&
		   x.missed_mate == (j[i].in_book ? 0 : 3),
		   "book of 4: ply %d mark %d, in %d, out %d", j[i].ply, x.nag, x.in_book, x.out_of_book);
	}
	struct xq_judgement x = { .nag = XQ_NAG_MISTAKE };
	xq_annotate_book(&x, 1, 0);
	ok(x.nag == XQ_NAG_MISTAKE && !x.in_book && !x.out_of_book, "no book: judged, nothing said");
}

/* The wording of each language: a marked move's comment, the summary, the
 * marks' names and the engine text, whole. */
static void wording(void)
{
	static const struct {
		enum xq_lang lang;
		unsigned flags;
		const char *comment, *summary, *mistake, *engine;
	} t[] = {
		{ XQ_LANG_EN, 0, "Out of book. Blunder: +1.20 -> -5.00; 马八进七 was best. Missed mate in 3.",
		  "Red: 1 move, 0 ?!, 0 ?, 1 ??, average loss 620, accuracy 20.0%; "
		  "Black: 0 moves, 0 ?!, 0 ?, 0 ??, average loss 0, accuracy 100.0%. "
		  "ECCO B00: out of book at move 1.",
		  "Mistake", ", built-in engine, depth 12, 4000 nodes, 500 ms" },
		{ XQ_LANG_ZH, 0, "出谱。败着：红方优势 +1.20 → 黑方胜势 -5.00；应走马八进七。错失3步杀。",
		  "红方：1步，缓着0，错着0，败着1，平均损失620，准确率20.0%；"
		  "黑方：0步，缓着0，错着0，败着0，平均损失0，准确率100.0%。"
		  "B00 中炮局：第1回合红方出谱。",
		  "错着", "，内置引擎，深度12，4000节点，500毫秒" },
		{ XQ_LANG_ZH, XQ_NOTE_TRAD, "出譜。敗著：紅方優勢 +1.20 → 黑方勝勢 -5.00；應走馬八進七。錯失3步殺。",
		  "紅方：1步，緩著0，錯著0，敗著1，平均損失620，準確率20.0%；"
		  "黑方：0步，緩著0，錯著0，敗著0，平均損失0，準確率100.0%。"
		  "B00 中炮局：第1回合紅方出譜。",
		  "錯著", "，內置引擎，深度12，4000節點，500毫秒" },
	};
	static const char *const line[] = { "h2e2" };
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		struct xq_game *g = game_of(line, 1);
		struct xq_annotate_opts o;
		struct xq_judgement j;
		xq_annotate_defaults(&o);
		o.lang = t[i].lang;
		o.notation_flags = t[i].flags;
		o.line_plies = 0;
		/* k 0.0043: +1.20 is 优势 (E 0.63), -5.00 胜势 (E 0.10) */
		struct xq_search_info b = info(120, mv(&g->start, "b0c2"));
		struct xq_search_info a = info(500, XQ_MOVE_NONE);
		xq_annotate_judge(&o, &g->start, g->root.child->move, &b, &a, &j);
		j.missed_mate = 5;
		j.out_of_book = 1;
		xq_annotate_node(g, g->root.child, &g->start, &o, &b, &j);
		is_str(g->root.child->comment, t[i].comment, "wording %zu: the comment", i);
		int rb, ra;
		ok(xq_annotate_comment_scores(g->root.child->comment, &rb, &ra) == 1 && rb == 120 &&
		   ra == -500, "wording %zu: its scores read back", i);
		struct xq_annotate_summary s;
		memset(&s, 0, sizeof s);
		j.accuracy = 20;
		xq_annotate_count(&s, &j);
		xq_annotate_summarise(g, &s, &o, NULL);
		is_str(g->root.comment, t[i].summary, "wording %zu: the summary", i);
		const char *name = xq_annotate_mark_name(t[i].flags ? XQ_LANG_ZH_TRAD : t[i].lang,
							 XQ_NAG_MISTAKE);
		is_str(name, t[i].mistake, "wording %zu: the name of ?", i);
		char buf[200];
		struct xq_search_limits lim = { .depth = 12, .nodes = 4000, .movetime_ms = 500 };
		size_t n = xq_annotate_engine_text(buf, sizeof buf, t[i].lang, t[i].flags, NULL, &lim);
		ok(n == strlen(t[i].engine) && !strcmp(buf, t[i].engine), "wording %zu: '%s'", i, buf);
		xq_game_free(g);
	}
	ok(xq_annotate_mark_name(XQ_LANG_EN, 7) == NULL && !strcmp(xq_annotate_mark_name(XQ_LANG_ZH, 1), ""),
	   "mark names: out of range NULL, a mark without a name empty");
	char small[8];
	struct xq_search_limits lim = { .nodes = 4000 };
	ok(xq_annotate_engine_text(small, sizeof small, XQ_LANG_EN, 0, "Engine X", &lim) ==
	   strlen(", Engine X, 4000 nodes") && strlen(small) == 7, "engine text: cut to the buffer");
	ok(xq_annotate_engine_text(small, sizeof small, XQ_LANG_ZH, 0, NULL, &lim) ==
	   strlen("，内置引擎，4000节点") && !strcmp(small, "，内"),
	   "engine text: cut before a whole character ('%s')", small);
}

int main(void)
{
	model();
	marks();
	nodes();
	summary();
	comment_scores();
	confirm();
	book();
	wording();
	return done_testing();
}
