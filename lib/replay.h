/*
 * replay.h - replay.c's run, for the unit test that holds it against
 * xq_is_legal() and xq_make().  Internal.
 */
#ifndef XQ_REPLAY_H
#define XQ_REPLAY_H

#include "xq.h"

/* What the run takes besides ICCS texts and moves given as points (n->move
 * set, as the binary formats give them): the common shape of a Chinese or
 * WXF move (xq__relative_quick_on); or, in place of ICCS, UCI texts with
 * ranks 1..10 ([Format "UCI10"]). */
enum { XQ__RUN_RELATIVE = 1, XQ__RUN_UCI10 = 2 };

/* Replay's run: the line from n on (n, its first child, ...) for as
 * long as each node has no alternatives (next) and holds a legal move
 * given as points or as an ICCS text, or with the flags above a move of
 * the shape they name: each is made on pos and marked played
 * (mark_played, n->move set).  Returns the first node not played, or NULL
 * at the end of the line; *last is the last node played (unchanged when
 * none) and *plies grows by the moves made. */
struct xq_node *xq__replay_run(struct xq_pos *pos, struct xq_node *n, int *plies,
			       struct xq_node **last, unsigned flags);


#endif
