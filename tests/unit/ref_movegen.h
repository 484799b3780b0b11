/*
 * ref_movegen.h - the slow reference move generator the unit tests hold
 * lib/movegen.c against (ref_movegen.c): the rules read off a plain 9x10
 * grid, every (from, to) pair tried, a move legal when afterwards no enemy
 * piece could go to the king's point and the kings do not face each
 * other.  Nothing shared with the library but the FEN text and the move
 * encoding; but for ref_is_legal() and ref_gives_check() below.
 */
#ifndef REF_MOVEGEN_H
#define REF_MOVEGEN_H

#include <stdint.h>

#include "xq.h"

/* The legal moves of pos, sorted as xq_sort_moves() sorts (XQ_MAX_MOVES
 * room); returns how many. */
int ref_legal_moves(const struct xq_pos *pos, xq_move *moves);
/* Leaf nodes of the legal-move tree, depth >= 1. */
uint64_t ref_perft(const struct xq_pos *pos, int depth);

/* The single-move test and the check test the library had before it
 * shared one with replay's run, on the padded board (lib/board.h): whether
 * m is legal in pos; whether the move from -> to just made on board b by
 * side `by` gives check to the king on k. */
int ref_is_legal(const struct xq_pos *pos, xq_move m);
int ref_gives_check(const uint8_t *b, unsigned k, int by, unsigned from, unsigned to);

#endif
