/*
 * test_walk.c - xq_game_walk(): the order nodes are visited in, the
 * positions and keys handed to the visitor, skipping and stopping, bad
 * moves ending a line, variations nested past the limit, long lines.
 */
#include <stdlib.h>
#include <string.h>

#include "game_cmp.h"
#include "tap.h"
#include "walk.h"
#include "xq.h"

/* Read the one game of a PGN text, replayed. */
static struct xq_game *read_game(const char *pgn) { return read_pgn_game(pgn); }

struct record {
	char order[2048];     /* "text/ply/depth/m|v/+|-" per visit */
	int keys_ok;          /* every keys[] agreed with a replay by hand */
	int visits;
	int skip_at, stop_at; /* visit numbers to skip below / stop at */
	const struct xq_game *g;
};

/* Two positions alike in every field (the struct's padding aside). */
static int same_pos(const struct xq_pos *a, const struct xq_pos *b)
{
	return !memcmp(a->board, b->board, sizeof a->board) &&
	       !memcmp(a->sq_of, b->sq_of, sizeof a->sq_of) && a->side == b->side &&
	       a->in_check == b->in_check && a->halfmove == b->halfmove &&
	       a->fullmove == b->fullmove && a->key == b->key;
}

/* Replay node n's line from the root by hand and compare the keys, and
 * the whole positions before and after its move (the walk keeps the
 * position before a move in step with the one after by hand); for a node
 * below a bad move (XQ_STEP_UNPLAYED), the keys up to that move. */
static int keys_agree(const struct xq_game *g, const struct xq_walk_step *s)
{
	const struct xq_node *path[64];
	int n = 0;
	struct xq_pos pos = g->start;

	if (s->keys[0] != g->start.key)
		return 0;
	for (const struct xq_node *p = s->node; p && p->parent && n < 64; p = p->parent)
		path[n++] = p;
	/* path[n-1] is the first move of the line; the node itself is path[0] */
	for (int i = n - 1, ply = 1; i >= 0; i--, ply++) {
		struct xq_undo u;
		if (i == 0 && s->before && (!same_pos(s->before, &pos) || xq_pos_check(s->before) != 0))
			return 0;
		if (path[i]->move == XQ_MOVE_NONE) {
			if (i == 0 && !(s->flags & XQ_STEP_UNPLAYED))
				return s->after == NULL && s->before && s->nkeys == ply;
			return i > 0 && (s->flags & XQ_STEP_UNPLAYED) && !s->before &&
			       !s->after && s->nkeys == ply;
		}
		xq_make(&pos, path[i]->move, &u);
		if (ply < s->nkeys && s->keys[ply] != pos.key)
			return 0;
	}
	if (s->flags & XQ_STEP_UNPLAYED)
		return 0;
	return s->after ? same_pos(s->after, &pos) && s->nkeys == s->ply + 1 :
		s->nkeys == s->ply;
}

static int recorder(void *data, const struct xq_walk_step *s)
{
	struct record *r = data;
	char one[64];

	r->visits++;
	snprintf(one, sizeof one, "%s/%d/%d/%c/%c%s ", s->node->text ? s->node->text : "?",
		 s->ply, s->depth, s->flags & XQ_STEP_MAINLINE ? 'm' : 'v',
		 s->after ? '+' : '-', s->flags & XQ_STEP_UNPLAYED ? "u" : "");
	if (strlen(r->order) + strlen(one) < sizeof r->order)
		strcat(r->order, one);
	if (!keys_agree(r->g, s))
		r->keys_ok = 0;
	if (s->after && memcmp(s->before, s->after, sizeof *s->before) == 0)
		r->keys_ok = 0;
	if (r->visits == r->stop_at)
		return XQ_WALK_STOP;
	return r->visits == r->skip_at ? XQ_WALK_SKIP : XQ_WALK_NEXT;
}

static const char *const tree_pgn =
	"[Event \"walk\"]\n\n"
	"1. h2e2 (1. b2e2 h9g7 (1... b9c7 2. h0g2) 2. b0c2) (1. c3c4) "
	"1... h9g7 2. h0g2 (2. b0c2 b9c7) 2... i9h9 *\n";

static void order(void)
{
	struct xq_game *g = read_game(tree_pgn);
	struct record r;

	ok(g != NULL && g->errors == 0, "the tree game reads and replays");
	if (!g)
		return;
	memset(&r, 0, sizeof r);
	r.keys_ok = 1;
	r.g = g;
	is_int(xq_game_walk(g, recorder, &r), 0, "walk returns 0");
	is_str(r.order,
	       "h2e2/1/0/m/+ h9g7/2/0/m/+ h0g2/3/0/m/+ i9h9/4/0/m/+ "
	       "b2e2/1/1/v/+ h9g7/2/1/v/+ b0c2/3/1/v/+ b9c7/2/2/v/+ h0g2/3/2/v/+ "
	       "c3c4/1/1/v/+ b0c2/3/1/v/+ b9c7/4/1/v/+ ",
	       "main line first, then each branch point's variations in order");
	ok(r.keys_ok, "keys[0..ply] and before/after agree with a replay by hand");

	memset(&r, 0, sizeof r);
	r.keys_ok = 1;
	r.g = g;
	r.skip_at = 2;  /* below h9g7 on the main line: h0g2, i9h9, 2. b0c2 */
	xq_game_walk(g, recorder, &r);
	is_str(r.order,
	       "h2e2/1/0/m/+ h9g7/2/0/m/+ "
	       "b2e2/1/1/v/+ h9g7/2/1/v/+ b0c2/3/1/v/+ b9c7/2/2/v/+ h0g2/3/2/v/+ "
	       "c3c4/1/1/v/+ ",
	       "skip leaves out the continuation and the variations inside it");

	memset(&r, 0, sizeof r);
	r.keys_ok = 1;
	r.g = g;
	r.stop_at = 6;
	is_int(xq_game_walk(g, recorder, &r), 1, "a stopped walk returns 1");
	is_int(r.visits, 6, "stop ends the walk at once");

	memset(&r, 0, sizeof r);
	r.keys_ok = 1;
	r.g = g;
	r.skip_at = 5;  /* below the first variation's first move */
	xq_game_walk(g, recorder, &r);
	is_str(r.order,
	       "h2e2/1/0/m/+ h9g7/2/0/m/+ h0g2/3/0/m/+ i9h9/4/0/m/+ "
	       "b2e2/1/1/v/+ c3c4/1/1/v/+ b0c2/3/1/v/+ b9c7/4/1/v/+ ",
	       "skip in a variation leaves out its line and its own variations");
	xq_game_free(g);
}

static void bad_moves(void)
{
	struct xq_game *g = read_game("1. h2e2 h9g7 2. h0h5 (2. b0c2) 2... i9h9 *\n");
	struct record r;

	ok(g != NULL && g->errors == 1, "a game with an illegal move replays with one error");
	if (!g)
		return;
	memset(&r, 0, sizeof r);
	r.keys_ok = 1;
	r.g = g;
	xq_game_walk(g, recorder, &r);
	/* replay put the bad move after its alternative: b0c2 goes on */
	is_str(r.order, "h2e2/1/0/m/+ h9g7/2/0/m/+ b0c2/3/0/m/+ h0h5/3/1/v/- ",
	       "a bad move is visited without an after position; replay put it after "
	       "its alternative, which continues the main line");
	ok(r.keys_ok, "keys of a line ending in a bad move");
	xq_game_free(g);

	g = read_game("1. h2e2 h9g7 2. h0h5 2... i9h9 (2... b9c7) *\n");
	ok(g != NULL && g->errors == 1, "a bad move without alternatives: one error");
	if (!g)
		return;
	memset(&r, 0, sizeof r);
	r.keys_ok = 1;
	r.g = g;
	xq_game_walk(g, recorder, &r);
	is_str(r.order, "h2e2/1/0/m/+ h9g7/2/0/m/+ h0h5/3/0/m/- ",
	       "a bad move ends its line: nothing below it is walked");
	ok(r.keys_ok, "keys of a main line ending in a bad move");
	xq_game_free(g);
}

static int count_deep(void *data, const struct xq_walk_step *s)
{
	int *c = data;
	if (s->flags & XQ_STEP_TOO_DEEP) {
		c[0]++;
		c[2] = s->depth;
	}
	if (s->depth > c[1])
		c[1] = s->depth;
	return XQ_WALK_NEXT;
}

/*
 * Variations nested past the limit, built by hand: at each ply i the main
 * move y_i and an alternative x_i; x_i's line holds ply i + 1, so x_i is
 * at depth i.  The x moves walk a horse to and fro, so both stay legal.
 */
static void too_deep(void)
{
	static const char *const x[] = { "h0g2", "h9g7", "g2h0", "g7h9" };
	struct xq_game *g = xq_game_new();
	struct xq_node *parent = &g->root;
	int c[3] = { 0, 0, 0 };

	for (int i = 0; i < XQ_MAX_VARIATION_DEPTH + 5; i++) {
		xq_node_add(g, parent, XQ_MOVE_NONE, i % 2 ? "b9c7" : "b0c2", 4);
		parent = xq_node_add(g, parent, XQ_MOVE_NONE, x[i % 4], 4);
	}
	xq_game_replay(g, "deep", NULL, NULL);
	is_int(g->errors, 1, "replay reports variations nested too deep, once");
	xq_game_walk(g, count_deep, c);
	is_int(c[0], 1, "one too-deep visit");
	is_int(c[2], XQ_MAX_VARIATION_DEPTH + 1, "at depth XQ_MAX_VARIATION_DEPTH + 1");
	is_int(c[1], XQ_MAX_VARIATION_DEPTH + 1, "nothing deeper is entered");
	/* the tree order has no limit: below the moves replay left unresolved
	 * (bad moves to the walk), down to the last */
	memset(c, 0, sizeof c);
	xq_game_walk_mode(g, XQ_WALK_TREE, count_deep, c);
	is_int(c[0], 0, "tree order: no too-deep visit");
	is_int(c[1], XQ_MAX_VARIATION_DEPTH + 1, "tree order: a bad move ends its line");
	memset(c, 0, sizeof c);
	xq_game_walk_mode(g, XQ_WALK_TREE | XQ_WALK_UNPLAYED, count_deep, c);
	is_int(c[0], 0, "tree order, unplayed too: no too-deep visit");
	is_int(c[1], XQ_MAX_VARIATION_DEPTH + 5, "tree order, unplayed too: every depth entered");
	memset(c, 0, sizeof c);
	xq_game_walk_mode(g, XQ_WALK_WRITTEN | XQ_WALK_UNPLAYED, count_deep, c);
	is_int(c[0], 1, "written order, unplayed too: one too-deep visit");
	is_int(c[1], XQ_MAX_VARIATION_DEPTH + 1, "written order, unplayed too: the limit holds");
	xq_game_free(g);
}

struct last {
	int ply, keys_ok;
	struct xq_pos pos;
};

static int last_step(void *data, const struct xq_walk_step *s)
{
	struct last *l = data;
	l->ply = s->ply;
	if (s->after) {
		l->pos = *s->after;
		if (s->keys[s->ply] != s->after->key || s->keys[s->ply - 1] != s->before->key)
			l->keys_ok = 0;
	}
	return XQ_WALK_NEXT;
}

/* A line far longer than the key array's first block: horses to and fro. */
static void long_line(void)
{
	static const char *const cycle[] = { "h0g2", "h9g7", "g2h0", "g7h9" };
	struct xq_game *g = xq_game_new();
	struct xq_node *n = &g->root;
	struct last l;
	struct xq_pos pos;

	memset(&l, 0, sizeof l);
	l.keys_ok = 1;
	for (int i = 0; i < 5000; i++)
		n = xq_node_add(g, n, XQ_MOVE_NONE, cycle[i % 4], 4);
	is_int(xq_game_replay(g, "long", NULL, NULL), 0, "a 5000-ply game replays");
	xq_game_walk(g, last_step, &l);
	is_int(l.ply, 5000, "every ply visited");
	ok(l.keys_ok, "keys kept past the first block");
	xq_pos_start(&pos);
	ok(l.pos.key == pos.key, "the cycle ends where it began");
	is_int(xq_game_position(g, 1234, &pos), 1234, "xq_game_position stops at its ply");
	is_int(xq_game_position(g, -1, &pos), 5000, "xq_game_position -1: the whole line");
	is_int(xq_game_position(g, 9000, &pos), 5000, "xq_game_position past the end");
	memset(&l, 0, sizeof l);
	l.keys_ok = 1;
	is_int(xq_game_walk_mode(g, XQ_WALK_TREE, last_step, &l), 0, "tree order: a 5000-ply line");
	is_int(l.ply, 5000, "tree order: every ply visited");
	ok(l.keys_ok, "tree order: keys kept past the first block");
	xq_pos_start(&pos);
	ok(l.pos.key == pos.key, "tree order: the cycle ends where it began");
	xq_game_free(g);
}

/* The written-order walk: events as "(" and ")", nodes as text/ply/depth;
 * skip_enter leaves out the n-th variation entered, skip_node the
 * continuation of the n-th node. */
struct wrec {
	const struct xq_game *g;
	char order[1024];
	int keys_ok, enters, nodes, skip_enter, skip_node, stop_at, steps;
	unsigned mode;        /* for xq_game_walk_mode() */
};

static int written_recorder(void *data, const struct xq_walk_step *s)
{
	struct wrec *r = data;
	char one[64];

	r->steps++;
	const char *u = s->flags & XQ_STEP_UNPLAYED ? "u" : "";
	if (s->flags & XQ_STEP_ENTER)
		snprintf(one, sizeof one, "(%d%s ", s->depth, u);
	else if (s->flags & XQ_STEP_LEAVE)
		snprintf(one, sizeof one, ")%d%s ", s->depth, u);
	else if (s->flags & XQ_STEP_TOO_DEEP)
		snprintf(one, sizeof one, "!%d%s ", s->depth, u);
	else
		snprintf(one, sizeof one, "%s/%d/%d%s%s ", s->node->text ? s->node->text : "?",
			 s->ply, s->depth, s->after ? "" : "-", u);
	if (strlen(r->order) + strlen(one) < sizeof r->order)
		strcat(r->order, one);
	if (!keys_agree(r->g, s))
		r->keys_ok = 0;
	if ((s->flags & (XQ_STEP_ENTER | XQ_STEP_LEAVE)) && s->after)
		r->keys_ok = 0;
	if (r->steps == r->stop_at)
		return XQ_WALK_STOP;
	if (s->flags & XQ_STEP_ENTER)
		return ++r->enters == r->skip_enter ? XQ_WALK_SKIP : XQ_WALK_NEXT;
	if (s->flags & XQ_STEP_LEAVE)
		return XQ_WALK_NEXT;
	return ++r->nodes == r->skip_node ? XQ_WALK_SKIP : XQ_WALK_NEXT;
}

static void written(void)
{
	struct xq_game *g = read_game(tree_pgn);
	struct wrec r;

	ok(g != NULL && g->errors == 0, "written order: the tree game reads");
	if (!g)
		return;
	memset(&r, 0, sizeof r);
	r.g = g;
	r.keys_ok = 1;
	is_int(xq_game_walk_written(g, written_recorder, &r), 0, "written walk returns 0");
	is_str(r.order,
	       "h2e2/1/0 (1 b2e2/1/1 h9g7/2/1 (2 b9c7/2/2 h0g2/3/2 )2 b0c2/3/1 )1 "
	       "(1 c3c4/1/1 )1 h9g7/2/0 h0g2/3/0 (1 b0c2/3/1 b9c7/4/1 )1 i9h9/4/0 ",
	       "written order: each node, then its variations in parentheses, then on");
	ok(r.keys_ok, "written order: keys agree with a replay by hand, at every step");

	memset(&r, 0, sizeof r);
	r.g = g;
	r.keys_ok = 1;
	r.skip_enter = 1;
	xq_game_walk_written(g, written_recorder, &r);
	is_str(r.order,
	       "h2e2/1/0 (1 (1 c3c4/1/1 )1 h9g7/2/0 h0g2/3/0 (1 b0c2/3/1 b9c7/4/1 )1 i9h9/4/0 ",
	       "skip at an enter step leaves that variation out, without a leave step");
	ok(r.keys_ok, "keys agree after a skipped variation");

	memset(&r, 0, sizeof r);
	r.g = g;
	r.keys_ok = 1;
	r.skip_node = 1;
	xq_game_walk_written(g, written_recorder, &r);
	is_str(r.order,
	       "h2e2/1/0 (1 b2e2/1/1 h9g7/2/1 (2 b9c7/2/2 h0g2/3/2 )2 b0c2/3/1 )1 (1 c3c4/1/1 )1 ",
	       "skip at a node leaves out its continuation, not the variations replacing it");

	memset(&r, 0, sizeof r);
	r.g = g;
	r.keys_ok = 1;
	r.stop_at = 4;
	is_int(xq_game_walk_written(g, written_recorder, &r), 1, "a stopped written walk returns 1");
	is_str(r.order, "h2e2/1/0 (1 b2e2/1/1 h9g7/2/1 ", "stop ends the written walk at once");
	xq_game_free(g);

	g = read_game("1. h2e2 h9g7 2. h0g2 (2. h2h9 b9c7) 2... i9h9 *\n");
	ok(g != NULL && g->errors == 1, "written order: a variation with an illegal move");
	if (!g)
		return;
	memset(&r, 0, sizeof r);
	r.g = g;
	r.keys_ok = 1;
	xq_game_walk_written(g, written_recorder, &r);
	is_str(r.order, "h2e2/1/0 h9g7/2/0 h0g2/3/0 (1 h2h9/3/1- )1 i9h9/4/0 ",
	       "a bad move ends its line, the walk goes on after the variation");
	ok(r.keys_ok, "keys agree around a bad move");
	xq_game_free(g);
}


/* The tree order and the unplayed steps: whole sequences, table-driven. */
static const char *const bad_pgn =
	"1. h2e2 h9g7 2. h0g2 (2. h2h9 b9c7 (2... i9h9 3. b0c2) 3. c3c4 (3. a3a4)) "
	"2... i9h9 *\n";

static void tree_and_unplayed(void)
{
	static const struct {
		int game;            /* 0: tree_pgn, 1: bad_pgn */
		unsigned mode;
		int skip_node, skip_enter;
		const char *want, *what;
	} cases[] = {
		{ 0, XQ_WALK_TREE, 0, 0,
		  "h2e2/1/0 h9g7/2/0 h0g2/3/0 i9h9/4/0 b0c2/3/1 b9c7/4/1 "
		  "b2e2/1/1 h9g7/2/1 b0c2/3/1 b9c7/2/2 h0g2/3/2 c3c4/1/1 ",
		  "tree order: each node, all below it, then its next alternative" },
		{ 0, XQ_WALK_TREE, 2, 0,
		  "h2e2/1/0 h9g7/2/0 b2e2/1/1 h9g7/2/1 b0c2/3/1 b9c7/2/2 h0g2/3/2 c3c4/1/1 ",
		  "tree order: skip leaves out what lies below the node" },
		{ 0, XQ_WALK_TREE, 7, 0,
		  "h2e2/1/0 h9g7/2/0 h0g2/3/0 i9h9/4/0 b0c2/3/1 b9c7/4/1 b2e2/1/1 c3c4/1/1 ",
		  "tree order: skip at a variation's first node, its alternatives still come" },
		{ 0, XQ_WALK_TREE | XQ_WALK_UNPLAYED, 0, 0,
		  "h2e2/1/0 h9g7/2/0 h0g2/3/0 i9h9/4/0 b0c2/3/1 b9c7/4/1 "
		  "b2e2/1/1 h9g7/2/1 b0c2/3/1 b9c7/2/2 h0g2/3/2 c3c4/1/1 ",
		  "tree order, unplayed too: the same without bad moves" },
		{ 1, XQ_WALK_TREE, 0, 0,
		  "h2e2/1/0 h9g7/2/0 h0g2/3/0 i9h9/4/0 h2h9/3/1- ",
		  "tree order: nothing below a bad move" },
		{ 1, XQ_WALK_TREE | XQ_WALK_UNPLAYED, 0, 0,
		  "h2e2/1/0 h9g7/2/0 h0g2/3/0 i9h9/4/0 h2h9/3/1- "
		  "b9c7/4/1-u c3c4/5/1-u a3a4/5/2-u i9h9/4/2-u b0c2/5/2-u ",
		  "tree order, unplayed too: below a bad move, without positions" },
		{ 1, XQ_WALK_TREE | XQ_WALK_UNPLAYED, 5, 0,
		  "h2e2/1/0 h9g7/2/0 h0g2/3/0 i9h9/4/0 h2h9/3/1- ",
		  "tree order, unplayed too: skip at the bad move leaves it all out" },
		{ 1, XQ_WALK_TREE | XQ_WALK_UNPLAYED, 6, 0,
		  "h2e2/1/0 h9g7/2/0 h0g2/3/0 i9h9/4/0 h2h9/3/1- b9c7/4/1-u i9h9/4/2-u b0c2/5/2-u ",
		  "tree order, unplayed too: skip below a bad move" },
		{ 1, XQ_WALK_WRITTEN, 0, 0,
		  "h2e2/1/0 h9g7/2/0 h0g2/3/0 (1 h2h9/3/1- )1 i9h9/4/0 ",
		  "written order: nothing below a bad move" },
		{ 1, XQ_WALK_WRITTEN | XQ_WALK_UNPLAYED, 0, 0,
		  "h2e2/1/0 h9g7/2/0 h0g2/3/0 (1 h2h9/3/1- b9c7/4/1-u (2u i9h9/4/2-u b0c2/5/2-u )2u "
		  "c3c4/5/1-u (2u a3a4/5/2-u )2u )1 i9h9/4/0 ",
		  "written order, unplayed too: the bad move's line as written, in its place" },
		{ 1, XQ_WALK_WRITTEN | XQ_WALK_UNPLAYED, 0, 2,
		  "h2e2/1/0 h9g7/2/0 h0g2/3/0 (1 h2h9/3/1- b9c7/4/1-u (2u c3c4/5/1-u (2u a3a4/5/2-u )2u )1 i9h9/4/0 ",
		  "written order, unplayed too: skip at an enter step below a bad move" },
		{ 1, XQ_WALK_WRITTEN | XQ_WALK_UNPLAYED, 4, 0,
		  "h2e2/1/0 h9g7/2/0 h0g2/3/0 (1 h2h9/3/1- )1 i9h9/4/0 ",
		  "written order, unplayed too: skip at the bad move" },
		{ 1, XQ_WALK_WRITTEN | XQ_WALK_UNPLAYED, 5, 0,
		  "h2e2/1/0 h9g7/2/0 h0g2/3/0 (1 h2h9/3/1- b9c7/4/1-u (2u i9h9/4/2-u b0c2/5/2-u )2u )1 i9h9/4/0 ",
		  "written order, unplayed too: skip below a bad move: its variations still come" },
	};
	struct xq_game *g[2] = { read_game(tree_pgn), read_game(bad_pgn) };

	ok(g[0] && g[1] && g[1]->errors == 1, "the two games read, one bad move");
	for (size_t i = 0; g[0] && g[1] && i < sizeof cases / sizeof cases[0]; i++) {
		struct wrec r;
		memset(&r, 0, sizeof r);
		r.g = g[cases[i].game];
		r.keys_ok = 1;
		r.skip_node = cases[i].skip_node;
		r.skip_enter = cases[i].skip_enter;
		is_int(xq_game_walk_mode(r.g, cases[i].mode, written_recorder, &r), 0,
		       "%s: returns 0", cases[i].what);
		is_str(r.order, cases[i].want, "%s", cases[i].what);
		ok(r.keys_ok, "%s: positions and keys agree with a replay by hand", cases[i].what);
	}
	if (g[0]) {
		struct wrec r;
		memset(&r, 0, sizeof r);
		r.g = g[0];
		r.keys_ok = 1;
		r.stop_at = 3;
		is_int(xq_game_walk_mode(g[0], XQ_WALK_TREE, written_recorder, &r), 1,
		       "tree order: a stopped walk returns 1");
		is_str(r.order, "h2e2/1/0 h9g7/2/0 h0g2/3/0 ", "tree order: stop ends it at once");
		is_int(xq_game_walk_mode(g[0], XQ_WALK_LINES | XQ_WALK_UNPLAYED, written_recorder, &r),
		       XQ_EINVAL, "the lines order has no unplayed steps: XQ_EINVAL");
		is_int(xq_game_walk_mode(g[0], 3, written_recorder, &r), XQ_EINVAL,
		       "an unknown order: XQ_EINVAL");
		is_int(xq_game_walk_mode(g[0], 1u << 9, written_recorder, &r), XQ_EINVAL,
		       "an unknown option: XQ_EINVAL");
		is_int(xq_game_walk_mode(g[0], XQ_WALK_WRITTEN | XQ_WALK_NO_POSITIONS, written_recorder,
					 &r), XQ_EINVAL, "no positions in the written order: XQ_EINVAL");
		is_int(r.steps, 3, "a refused mode visits nothing");
	}
	if (g[1]) {
		struct wrec r;
		memset(&r, 0, sizeof r);
		r.g = g[1];
		is_int(xq_game_walk_mode(g[1], XQ_WALK_TREE | XQ_WALK_NO_POSITIONS, written_recorder, &r),
		       0, "tree order, no positions: returns 0");
		is_str(r.order, "h2e2/1/0- h9g7/2/0- h0g2/3/0- i9h9/4/0- h2h9/3/1- b9c7/4/1- "
		       "c3c4/5/1- a3a4/5/2- i9h9/4/2- b0c2/5/2- ",
		       "tree order, no positions: every node, none played, none flagged unplayed");
	}
	if (g[1]) {
		/* below the bad move h2h9 of bad_pgn (the last alternative at ply 3),
		 * and below the main line's second move: the internal subtree walk */
		static const struct {
			const char *path;   /* from the root: c child, n next */
			const char *want;
		} below[] = {
			{ "cccn", "b9c7/4/1-u c3c4/5/1-u a3a4/5/2-u i9h9/4/2-u b0c2/5/2-u " },
			{ "cc", "h0g2/3/0-u i9h9/4/0-u h2h9/3/1-u b9c7/4/1-u c3c4/5/1-u a3a4/5/2-u "
				"i9h9/4/2-u b0c2/5/2-u " },
			{ "cccc", "" },
		};
		for (size_t i = 0; i < sizeof below / sizeof below[0]; i++) {
			const struct xq_node *n = &g[1]->root;
			struct wrec r;
			for (const char *p = below[i].path; n && *p; p++)
				n = *p == 'c' ? n->child : n->next;
			memset(&r, 0, sizeof r);
			r.g = g[1];
			r.keys_ok = 1;
			is_int(n ? xq__walk_below(n, written_recorder, &r) : -1, 0,
			       "below %s: returns 0", below[i].path);
			is_str(r.order, below[i].want, "below %s: every node, unplayed, tree order",
			       below[i].path);
		}
	}
	xq_game_free(g[0]);
	xq_game_free(g[1]);
}

int main(void)
{
	order();
	bad_moves();
	too_deep();
	long_line();
	written();
	tree_and_unplayed();
	return done_testing();
}
