/*
 * eval.h - internals of the evaluation shared by eval.c, search.c, the unit
 * tests and the tuner (bench/tune.c).
 *
 * The evaluation is linear in its weights: eval = sum w[i] * f[i], where
 * f[] are integer features of the position counted for the side to move
 * minus the same features for the other side.  The weights are the table in
 * eval_weights.h; xq__eval_features() evaluates with any table and, when
 * feat is not NULL, adds the feature counts to feat[0..XQ__EVAL_NW), which
 * is what the tuner fits.
 */
#ifndef XQ_EVAL_H
#define XQ_EVAL_H

#include "xq.h"

/* Index blocks of the weight table. */
enum {
	XQ__W_MAT = 0,                        /* 8: material by enum xq_type */
	XQ__W_PST = 8,                        /* 7 x 50: type, own rank 0..9, file 0..4 (4 the centre) */
	XQ__W_MOB = XQ__W_PST + 7 * 50,       /* horse, chariot, cannon moves */
	XQ__W_CANNON_HOLLOW = XQ__W_MOB + 3,  /* enemy cannon on the king's file, nothing between */
	XQ__W_CANNON_SCREENS,                 /* ... with two pieces between */
	XQ__W_CANNON_RANK,                    /* enemy cannon on the king's rank, 0 or 2 between */
	XQ__W_CHARIOT_PALACE,                 /* enemy chariot on a palace file, clear to the palace */
	XQ__W_KFILE_OPEN,                     /* no own piece before the king on its file x enemy chariots */
	XQ__W_ADV_R, XQ__W_ADV_H, XQ__W_ADV_C,/* advisors missing x enemy chariots, horses, cannons */
	XQ__W_ELE_R, XQ__W_ELE_H, XQ__W_ELE_C,/* elephants missing x the same */
	XQ__W_ATTACKERS,                      /* enemy attackers in our half, squared */
	XQ__W_PAWN_LINK,                      /* pairs of side by side crossed pawns */
	XQ__W_PHASE_C, XQ__W_PHASE_H, XQ__W_PHASE_P, /* cannons, horses, crossed pawns x pieces left */
	XQ__W_TEMPO,
	XQ__EVAL_NW
};

/* The engine's table (eval_weights.h). */
extern const int16_t xq__eval_weights[XQ__EVAL_NW];

/* Evaluate pos for the side to move with weights w; add features to feat
 * unless NULL. */
int xq__eval_features(const struct xq_pos *pos, const int16_t *w, int *feat);

/* Centipawn value of each enum xq_type (material of the table), for move
 * ordering and pruning. */
extern const int16_t xq__piece_value[8];

#endif
