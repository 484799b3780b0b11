/*
 * test_judge_nodes.c - what replay leaves in each node for the judge
 * (XQ_NODE_PLAYED: key, XQ_NODE_CHECK, XQ_NODE_CAPTURE), and the judge fed
 * from nodes (xq_judge_push_node, no position made) against the judge fed
 * the walk's positions (xq_judge_push_played): the same events, field by
 * field, under each rule set, fold and limit; cut back and pushed again.
 */
#include <stdlib.h>
#include <string.h>

#include "game_cmp.h"
#include "tap.h"

static struct xq_game *read_game(const char *pgn) { return read_pgn_game(pgn); }

/* --- the node data, checked against the walk's positions */

struct nodecheck {
	int visits, played, bad, wrong;
};

static int check_node(void *data, const struct xq_walk_step *s)
{
	struct nodecheck *c = data;
	const struct xq_node *n = s->node;

	c->visits++;
	if (!s->after) {
		c->bad++;
		if (n->flags & (XQ_NODE_PLAYED | XQ_NODE_CHECK | XQ_NODE_CAPTURE))
			c->wrong++;
		return XQ_WALK_NEXT;
	}
	c->played++;
	int capture = xq_piece_type(s->before, xq_move_to(n->move)) != XQ_NONE;
	if (!(n->flags & XQ_NODE_PLAYED) || n->key != s->after->key ||
	    !(n->flags & XQ_NODE_CHECK) != !xq_in_check(s->after) ||
	    !(n->flags & XQ_NODE_CAPTURE) != !capture ||
	    n->taken != xq_piece_type(s->before, xq_move_to(n->move)))
		c->wrong++;
	return XQ_WALK_NEXT;
}

/* Nodes below n (n excluded) with XQ_NODE_PLAYED set. */
static int played_below(const struct xq_node *n)
{
	int k = 0;
	for (const struct xq_node *c = n->child; c; c = c->next)
		k += !!(c->flags & XQ_NODE_PLAYED) + played_below(c);
	return k;
}

static void node_data(void)
{
	/* checks, a capture with check, variations, two bad moves (a king
	 * move into the rook's line, with a line below it; a black move on
	 * Red's turn) */
	struct xq_game *g = read_game(
		"[FEN \"4k4/9/9/4p4/9/9/9/9/9/R3K4 w - - 0 1\"]\n\n"
		"1. a0a9 e9e8 (1... e9f9 2. a9a8) 2. a9a6 (2. a9a1 e8e9 3. a1a0 (3. e0e1)) 2... e8e9 "
		"3. a6e6 e9f9 4. e6e9 f9f8 (4... a1a2 5. e9e8) *\n");
	struct nodecheck c = { 0 };

	ok(g && g->errors == 2, "the game replays, two bad moves");
	if (!g)
		return;
	xq_game_walk(g, check_node, &c);
	ok(c.played == 12 && c.bad == 2 && c.wrong == 0,
	   "every played node holds its key, check and capture flags and the kind taken; the bad one none "
	   "(%d played, %d bad, %d wrong)", c.played, c.bad, c.wrong);
	const struct xq_node *bad = NULL;
	for (const struct xq_node *n = g->root.child; n; n = n->child)
		for (const struct xq_node *v = n; v; v = v->next)
			if (v->flags & XQ_NODE_BAD)
				bad = v;
	ok(bad && !(bad->flags & XQ_NODE_PLAYED) && played_below(bad) == 0,
	   "a bad move and the line below it are not played");
	int checks = 0, captures = 0;
	for (const struct xq_node *n = g->root.child; n && (n->flags & XQ_NODE_PLAYED); n = n->child) {
		checks += !!(n->flags & XQ_NODE_CHECK);
		captures += !!(n->flags & XQ_NODE_CAPTURE);
	}
	ok(checks == 3 && captures == 1, "the main line's checks (%d: a0a9, a6e6 taking the pawn, "
	   "e6e9) and captures (%d)", checks, captures);

	/* a node added after replay has no data, and the judge refuses it */
	struct xq_node *last = &g->root;
	while (last->child && (last->child->flags & XQ_NODE_PLAYED))
		last = last->child;
	struct xq_node *added = xq_node_add(g, last, xq_move_make(XQ_SQ(0, 0), XQ_SQ(0, 1)), NULL, 0);
	ok(added && !(added->flags & XQ_NODE_PLAYED), "a node added after replay is not marked played");
	struct xq_judge *j = xq_judge_new(NULL, NULL);
	xq_judge_start(j, &g->start);
	is_int(xq_judge_push_node(j, added), XQ_EILLEGAL, "push_node refuses a node replay did not play");
	xq_judge_free(j);
	xq_game_free(g);
}

/* --- a game that is its main line alone (replay's fused path) against
 * the same game with a variation (the walk): the same problems, moves,
 * keys and flags */

struct plog {
	int n, skip_line;
	char text[32][160];
};

static void log_problem(void *data, const struct xq_problem *p)
{
	struct plog *l = data;
	if (p->line == l->skip_line || l->n == 32)
		return;
	snprintf(l->text[l->n++], sizeof l->text[0], "%ld:%ld ply %d code %d sev %d %s",
		 p->line, p->col, p->ply, (int)p->code, (int)p->severity, p->msg);
}

static struct xq_game *read_logged(const char *pgn, struct plog *l)
{
	return read_pgn_game_fn(pgn, log_problem, l);
}

static const char *const lines_alone[] = {
	/* captures and checks */
	"1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 b9c7 4. b0c2 a9b9 5. a0b0 b7b3 6. e2e6 g7e6 "
	"7. b2b9 c7b9 8. b0b3",
	/* a mate, and a result against it */
	"[FEN \"3k5/9/9/9/9/9/9/9/1R7/R4K3 w - - 0 1\"]\n[Result \"0-1\"]\n\n"
	"1. b1b8 d9e9 2. a0a9",
	/* a bad move in the middle, moves after it */
	"1. h2e2 h9g7 2. a0a5 a9a8 3. h0g2",
	/* a move after the mate */
	"[FEN \"3k5/9/9/9/9/9/9/9/1R7/R4K3 w - - 0 1\"]\n\n1. b1b8 d9e9 2. a0a9 e9e8",
	/* the same with a result: the line does not end in the mate, so
	 * nothing is said of the result */
	"[FEN \"3k5/9/9/9/9/9/9/9/1R7/R4K3 w - - 0 1\"]\n[Result \"0-1\"]\n\n"
	"1. b1b8 d9e9 2. a0a9 e9e8",
	/* WXF and Chinese: resolved by replay_node */
	"1. C2=5 H8+7 2. H2+3 R9=8 3. R1=2 C8+4",
	"1. \xe7\x82\xae\xe4\xba\x8c\xe5\xb9\xb3\xe4\xba\x94 "
	"\xe9\xa9\xac\xef\xbc\x98\xe8\xbf\x9b\xef\xbc\x97",
	/* the FEN's side against the first move */
	"[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\"]\n\n"
	"1... h7e7 2. h2e2",
	/* ICCS in capitals with a dash, SAN, an unknown word */
	"1. H2-E2 H9-G7 2. Nb0c2 xyz",
	"[Variant \"xiangqi\"]\n\n1. Che2 Hh9g7 2. Hh0g2",
	"[Format \"UCI10\"]\n\n1. h3e3 h10g8",
	/* a checking move and a king move out of check */
	"[FEN \"4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1\"]\n\n1. a0a9 e9e8 2. a9a8 e8e9 3. a8e8",
};

static void main_line_alone(void)
{
	int games = 0, same = 0, fused = 0;
	for (size_t i = 0; i < sizeof lines_alone / sizeof *lines_alone; i++) {
		char a[1024], b[1100];
		struct plog la = { 0 }, lb = { 0 };
		const char *body = lines_alone[i];
		int lines = 1;
		if (!strstr(body, "\n\n"))
			snprintf(a, sizeof a, "[Event \"t\"]\n\n%s *\n", body);
		else
			snprintf(a, sizeof a, "[Event \"t\"]\n%s *\n", body);
		/* the same with a variation on its own line, on the last move */
		snprintf(b, sizeof b, "%.*s\n(a0a0)\n*\n", (int)(strlen(a) - 3), a);
		for (const char *p = b; *p; p++)
			lines += *p == '\n';
		lb.skip_line = lines - 2;
		la.skip_line = -1;
		struct xq_game *ga = read_logged(a, &la), *gb = read_logged(b, &lb);
		games++;
		if (!ga || !gb) {
			ok(0, "game %zu read", i);
			xq_game_free(ga);
			xq_game_free(gb);
			continue;
		}
		int ok1 = la.n == lb.n;
		for (int k = 0; ok1 && k < la.n; k++)
			ok1 = !strcmp(la.text[k], lb.text[k]);
		const struct xq_node *x = ga->root.child, *y = gb->root.child;
		for (; x && y; x = x->child, y = y->child)
			ok1 &= x->move == y->move && x->flags == y->flags &&
			       (!(x->flags & XQ_NODE_PLAYED) || x->key == y->key);
		ok1 &= !x && !y && ga->notation == gb->notation && ga->start.side == gb->start.side;
		for (const struct xq_node *n = ga->root.child; n; n = n->child)
			ok1 &= !n->next;
		struct nodecheck c = { 0 };
		xq_game_walk(ga, check_node, &c);
		ok1 &= c.wrong == 0;
		fused += c.played;
		if (!ok1 || getenv("SHOWALL")) {
			diagf("game %zu: %d and %d problems, %d wrong nodes", i, la.n, lb.n, c.wrong);
			for (int k = 0; k < la.n || k < lb.n; k++)
				diagf("  %s | %s", k < la.n ? la.text[k] : "", k < lb.n ? lb.text[k] : "");
		}
		same += ok1;
		xq_game_free(ga);
		xq_game_free(gb);
	}
	is_int(same, games, "a main line alone replays as it does with a variation: "
	       "problems, moves, keys, flags (%d moves played)", fused);
}

/* --- the judge from nodes against the judge from the walk's positions */

#define MAXEV 64
struct evlog {
	int n;
	struct xq_event ev[MAXEV];
	struct xq_label lab[MAXEV][24];
};

static void log_events(struct xq_judge *j, int nev, struct evlog *l)
{
	for (int i = 0; i < nev && l->n < MAXEV; i++) {
		const struct xq_event *e = xq_judge_event(j, i);
		l->ev[l->n] = *e;
		int nl = e->nlabels < 24 ? e->nlabels : 24;
		if (e->labels)
			memcpy(l->lab[l->n], e->labels, (size_t)nl * sizeof *e->labels);
		l->ev[l->n].labels = NULL;
		l->n++;
	}
}

struct walker {
	struct xq_judge *j;
	struct evlog *log;
};

static int by_walk(void *data, const struct xq_walk_step *s)
{
	struct walker *w = data;
	if (!(s->flags & XQ_STEP_MAINLINE))
		return XQ_WALK_STOP;
	if (!s->after)
		return XQ_WALK_SKIP;
	int rc = xq_judge_push_played(w->j, s->node->move, s->after);
	if (rc > 0)
		log_events(w->j, rc, w->log);
	return XQ_WALK_NEXT;
}

static int same_log(const struct evlog *a, const struct evlog *b)
{
	if (a->n != b->n)
		return 0;
	for (int i = 0; i < a->n; i++) {
		if (memcmp(&a->ev[i], &b->ev[i], sizeof a->ev[i]))
			return 0;
		int nl = a->ev[i].nlabels < 24 ? a->ev[i].nlabels : 24;
		for (int k = 0; k < nl; k++) {
			const struct xq_label *x = &a->lab[i][k], *y = &b->lab[i][k];
			if (x->ply != y->ply || x->move != y->move || x->side != y->side ||
			    x->flags != y->flags || x->nchased != y->nchased)
				return 0;
		}
	}
	return 1;
}

static const char *const games[] = {
	/* perpetual check, repeated long enough for second rulings */
	("[FEN \"4k4/1R7/9/9/9/9/9/9/9/3K5 w - - 0 1\"]\n\n"
	"1. b8b9 e9e8 2. b9b8 e8e9 3. b8b9 e9e8 4. b9b8 e8e9 5. b8b9 e9e8 6. b9b8 e8e9 "
	"7. b8b9 e9e8 8. b9b8 e8e9 9. b8b9 e9e8 *\n"),
	/* a chase of the cannon, then the rook takes it: a new window, and
	 * the king and rook repeat again */
	("[FEN \"4k4/9/c8/1R7/9/9/9/9/9/3K5 w - - 0 1\"]\n\n"
	"1. b6b7 a7a6 2. b7b6 a6a7 3. b6b7 a7a6 4. b7b6 a6a7 5. b6b7 a7a6 6. b7a7 e9e8 "
	"7. a7a6 e8e9 8. a6a7 e9e8 9. a7a6 e8e9 10. a6a7 e9e8 11. a7a6 *\n"),
	/* the natural limit from the FEN's counter, checks counted */
	("[FEN \"4k4/R8/9/9/9/9/9/1R7/9/3K5 w - - 100 60\"]\n\n"
	"60. b2b3 e9f9 61. b3b2 f9e9 62. a8a7 e9f9 63. a7a8 f9e9 64. a8a9 e9e8 65. a9a8 e8e9 "
	"66. b2b3 e9f9 67. b3b2 f9e9 68. a8a7 e9f9 69. a7a8 f9e9 70. b2b3 e9f9 71. b3b2 *\n"),
	/* an ordinary opening with captures */
	("1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 b9c7 4. b0c2 a9b9 5. a0b0 b7b3 6. e2e6 g7e6 "
	"7. b2b9 c7b9 8. b0b3 *\n"),
};

/* The ply of the main line's last capture, 0 for none. */
static int last_capture(const struct xq_game *g)
{
	int ply = 0, last = 0;
	for (const struct xq_node *n = g->root.child; n; n = n->child)
		if (++ply && (n->flags & XQ_NODE_CAPTURE))
			last = ply;
	return last;
}

static void compare(void)
{
	static const enum xq_rules rules[] = { XQ_RULES_CXA, XQ_RULES_AXF, XQ_RULES_1956 };
	static const int folds[] = { 2, 3, 4 }, limits[] = { 0, 12, 20 };
	int runs = 0, same = 0, events = 0, cut_same = 0, runs_same = 0, windows = 0;
	static struct evlog a, b, c;

	for (size_t gi = 0; gi < sizeof games / sizeof *games; gi++) {
		struct xq_game *g = read_game(games[gi]);
		if (!g || g->errors) {
			ok(0, "game %zu replays", gi);
			xq_game_free(g);
			continue;
		}
		for (int r = 0; r < 3; r++)
			for (int f = 0; f < 3; f++)
				for (int li = 0; li < 3; li++) {
					struct xq_judge_opts o = { 0 };
					o.rules = rules[r];
					o.fold = folds[f];
					o.limit = limits[li];
					struct xq_judge *j = xq_judge_new(&o, NULL);
					struct walker w = { j, &a };
					int plies = 0;

					a.n = b.n = c.n = 0;
					log_events(j, xq_judge_start(j, &g->start), &a);
					xq_game_walk(g, by_walk, &w);
					log_events(j, xq_judge_start(j, &g->start), &b);
					for (const struct xq_node *n = g->root.child; n; n = n->child, plies++)
						log_events(j, xq_judge_push_node(j, n), &b);
					runs++;
					same += same_log(&a, &b);
					/* the same from xq_judge_push_nodes, a run at a time */
					c.n = 0;
					log_events(j, xq_judge_start(j, &g->start), &c);
					int rc, last = 0, window_ok = 1;
					for (const struct xq_node *n = g->root.child;
					     (rc = xq_judge_push_nodes(j, &n)) > 0; n = n->child) {
						log_events(j, rc, &c);
						window_ok &= xq_judge_plies(j) > last;
						last = xq_judge_plies(j);
					}
					runs_same += same_log(&a, &c) && rc == 0 && xq_judge_plies(j) == plies &&
						     window_ok;
					windows += xq_judge_window(j) == last_capture(g);
					events += a.n;
					/* cut back to every ply of the line in turn and push
					 * the rest again (from nodes): the events past the
					 * cut, as first seen */
					int cuts_ok = 1;
					for (int cut = plies - 1; cut >= 0; cut--) {
						int k = 0, m = 0;
						xq_judge_start(j, &g->start);
						for (const struct xq_node *n = g->root.child; n; n = n->child)
							xq_judge_push_node(j, n);
						xq_judge_truncate(j, cut);
						c.n = 0;
						k = 0;
						for (const struct xq_node *n = g->root.child; n; n = n->child)
							if (++k > cut)
								log_events(j, xq_judge_push_node(j, n), &c);
						while (m < b.n && b.ev[m].ply <= cut)
							m++;
						a.n = 0; /* reused: b's events past the cut */
						for (int i = m; i < b.n; i++) {
							a.ev[a.n] = b.ev[i];
							memcpy(a.lab[a.n], b.lab[i], sizeof b.lab[i]);
							a.n++;
						}
						cuts_ok &= same_log(&a, &c);
					}
					cut_same += cuts_ok;
					xq_judge_free(j);
				}
		xq_game_free(g);
	}
	is_int(same, runs, "push_node gives the events of push_played, field by field (%d runs, %d events)",
	       runs, events);
	is_int(runs_same, runs, "push_nodes: the same events, a run at a time, to the end of the line");
	is_int(windows, runs, "push_nodes: the window starts at the last capture");
	ok(events > 50, "the runs have events to compare (%d)", events);
	is_int(cut_same, runs, "cut back to each ply and pushed again: the same events");
}

int main(void)
{
	node_data();
	main_line_alone();
	compare();
	return done_testing();
}
