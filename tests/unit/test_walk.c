/*
 * test_walk.c - xq_game_walk(): the order nodes are visited in, the
 * positions and keys handed to the visitor, skipping and stopping, bad
 * moves ending a line, variations nested past the limit, long lines.
 */
#include <stdlib.h>
#include <string.h>

#include "game_cmp.h"
#include "tap.h"

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
 * position before a move in step with the one after by hand). */
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
		if (i == 0 && (!same_pos(s->before, &pos) || xq_pos_check(s->before) != 0))
			return 0;
		if (path[i]->move == XQ_MOVE_NONE)
			return i == 0 && s->after == NULL;
		xq_make(&pos, path[i]->move, &u);
		if (ply < s->nkeys && s->keys[ply] != pos.key)
			return 0;
	}
	return s->after ? same_pos(s->after, &pos) && s->nkeys == s->ply + 1 :
		s->nkeys == s->ply;
}

static int recorder(void *data, const struct xq_walk_step *s)
{
	struct record *r = data;
	char one[64];

	r->visits++;
	snprintf(one, sizeof one, "%s/%d/%d/%c/%c ", s->node->text ? s->node->text : "?",
		 s->ply, s->depth, s->flags & XQ_STEP_MAINLINE ? 'm' : 'v',
		 s->after ? '+' : '-');
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
	xq_game_free(g);
}

/* The written-order walk: events as "(" and ")", nodes as text/ply/depth;
 * skip_enter leaves out the n-th variation entered, skip_node the
 * continuation of the n-th node. */
struct wrec {
	const struct xq_game *g;
	char order[1024];
	int keys_ok, enters, nodes, skip_enter, skip_node, stop_at, steps;
};

static int written_recorder(void *data, const struct xq_walk_step *s)
{
	struct wrec *r = data;
	char one[64];

	r->steps++;
	if (s->flags & XQ_STEP_ENTER)
		snprintf(one, sizeof one, "(%d ", s->depth);
	else if (s->flags & XQ_STEP_LEAVE)
		snprintf(one, sizeof one, ")%d ", s->depth);
	else
		snprintf(one, sizeof one, "%s/%d/%d%s ", s->node->text ? s->node->text : "?",
			 s->ply, s->depth, s->after ? "" : "-");
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

int main(void)
{
	order();
	bad_moves();
	too_deep();
	long_line();
	written();
	return done_testing();
}
