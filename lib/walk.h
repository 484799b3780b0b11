/*
 * walk.h - the tree walk with a resolver, for replay (lib/replay.c): the
 * resolver turns node n's text into a move legal in pos (storing it in the
 * node) or returns XQ_MOVE_NONE; the walk then plays it as xq_game_walk()
 * plays node->move.  Internal to libxq.
 */
#ifndef XQ_WALK_H
#define XQ_WALK_H

#include "board.h"
#include "xq.h"

typedef xq_move (*xq__resolve_fn)(void *data, struct xq_node *n,
				   const struct xq_pos *pos, int ply,
				   unsigned step_flags);

/* The resolver's fast step: play on pos the moves of the line from n on
 * that it can, each node set as the resolver and the visitor together
 * would set it, no node with alternatives among them; returns the first
 * node not played (NULL at the line's end), *ply (n's) grows by the moves
 * played.  The walk visits none of them and keeps no keys for them. */
typedef struct xq_node *(*xq__run_fn)(void *data, struct xq_pos *pos, struct xq_node *n,
				      int *ply);

/* The walk (the lines order) with a resolver and, or NULL, its run; *end
 * gets the position where the main line stops (after its last move
 * played, ply *end_ply; the start and 0 when none is). */
int xq__walk_to_end(const struct xq_game *g, xq__resolve_fn resolve, xq__run_fn run,
		    xq_walk_fn fn, void *data, struct xq_pos *end, int *end_ply);

/* Whether m, which replay found legal in pos, still moves a piece of the
 * side to move there, to a point not its own and not a king's (so that a
 * node added by hand cannot break the position). */
static inline int xq__still_plays(const struct xq_pos *pos, xq_move m)
{
	uint8_t v = pos->board[MOVE_FROM(m)], t = pos->board[MOVE_TO(m)];

	return v && v != XQ_OFFBOARD && PIECE_SIDE(v) == pos->side &&
	       t != XQ_OFFBOARD && (!t || PIECE_SIDE(t) != pos->side) &&
	       (!t || piece_type(t) != XQ_KING);
}

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
