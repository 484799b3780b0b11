/*
 * search.h - internals of search.c, for the unit tests: the transposition
 * table and move ordering.
 */
#ifndef XQ_SEARCH_H
#define XQ_SEARCH_H

#include "xq.h"

struct xq__tt_entry {
	xq_move move;
	int score, depth, bound;   /* bound: 1 upper, 2 lower, 3 exact */
};

/* 1 and *e filled when the table holds key, else 0. */
int xq__tt_probe(struct xq_search *s, uint64_t key, struct xq__tt_entry *e);
void xq__tt_store(struct xq_search *s, uint64_t key, xq_move m, int score, int depth, int bound);

/* Ordering keys for moves[0..n): the hash move first, captures by most
 * valuable victim then least valuable attacker, the two killers, then the
 * history counters hist[from * 90 + to] (squares 0..89); killers and hist may be
 * NULL. */
void xq__order_moves(const struct xq_pos *pos, xq_move *moves, int *keys, int n,
		     xq_move hash, const xq_move killers[2], const int *hist);

#endif
