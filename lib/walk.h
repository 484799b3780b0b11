/*
 * walk.h - the tree walk with a resolver, for replay (lib/replay.c): the
 * resolver turns node n's text into a move legal in pos (storing it in the
 * node) or returns XQ_MOVE_NONE; the walk then plays it as xq_game_walk()
 * plays node->move.  Internal to libxq.
 */
#ifndef XQ_WALK_H
#define XQ_WALK_H

#include "xq.h"

typedef xq_move (*xq__resolve_fn)(void *data, struct xq_node *n,
				   const struct xq_pos *pos, int ply,
				   unsigned step_flags);

int xq__walk(const struct xq_game *g, xq__resolve_fn resolve,
	     xq_walk_fn fn, void *data);

/* The same, and *end gets the position where the main line stops (after
 * its last move played, ply *end_ply; the start and 0 when none is). */
int xq__walk_to_end(const struct xq_game *g, xq__resolve_fn resolve,
		    xq_walk_fn fn, void *data, struct xq_pos *end, int *end_ply);

/* What lies below node n (its continuation, the alternatives to that and
 * all below them) in the tree order, every step XQ_STEP_UNPLAYED (no
 * positions, nkeys 0, ply and depth counted from the root): for replay's
 * count of the moves a bad move takes with it.  Returns as
 * xq_game_walk() does. */
int xq__walk_below(const struct xq_node *n, xq_walk_fn fn, void *data);

/*
 * For readers of formats whose files leave a reading open, to choose one
 * (lib/replay.c); they validate nothing (replay does):
 * xq__playable_prefix() is how many of moves[0..n) can be played one
 * after the other from start (DhtmlXQ: a board given turned round);
 * xq__fits() whether m can be played after the moves from the root of g
 * to anchor, as given (old CBL: which line a variation hangs on).
 */
long xq__playable_prefix(const struct xq_pos *start, const xq_move *moves, long n);
int xq__fits(const struct xq_game *g, const struct xq_node *anchor, xq_move m);

#endif
