/*
 * eval.c - the static evaluation: material, piece-square tables for every
 * piece, mobility of horses, chariots and cannons, king safety (palace
 * defenders against the attackers they guard against, open files and
 * cannon lines against the king, attackers in the own half), crossed pawns
 * and the game phase.  Linear in the weights of eval_weights.h (see
 * eval.h), which bench/tune fits to self-play games.
 */
#include "board.h"
#include "eval.h"
#include "eval_weights.h"

const int16_t xq__piece_value[8] = { 0, 10000, 200, 200, 400, 900, 450, 150 };

static const int ortho[4] = { 16, -16, 1, -1 };
static const int horse_jump[8] = { 33, 31, -33, -31, 18, -14, -18, 14 };
static const int horse_leg[8] = { 16, 16, -16, -16, 1, 1, -1, -1 };

struct acc {
	const int16_t *w;
	int *feat;
	int sign;   /* +1 for the side to move, -1 for the other */
	int score;
};

static inline __attribute__((always_inline)) void add(struct acc *a, int i, int n)
{
	a->score += a->w[i] * n;
	if (a->feat)
		a->feat[i] += a->sign * n;
}

/* Rank seen from side (0 its back rank) and file folded onto 0..4. */
static inline int own_rank(int isq, int side)
{
	int r = ISQ_RANK(isq);
	return side == XQ_RED ? r : 9 - r;
}
static inline int fold_file(int isq)
{
	int f = ISQ_FILE(isq);
	return f <= 4 ? f : 8 - f;
}

static int count_type(const struct xq_pos *pos, int side, int slot, int n)
{
	int c = 0;
	for (int i = 0; i < n; i++)
		c += pos->sq_of[side * 16 + slot + i] != 0;
	return c;
}

/* Everything counted for one side (us); the enemy's pieces enter as what
 * threatens our king. */
static inline __attribute__((always_inline))
void side_terms(const struct xq_pos *pos, int us, int phase, struct acc *a)
{
	const uint8_t *b = pos->board;
	const uint8_t *sq = pos->sq_of + us * 16;
	const uint8_t *esq = pos->sq_of + (!us) * 16;
	int own = SIDE_TAG(us), blocked = own | XQ_OFFBOARD, k = sq[SLOT_KING];
	int crossed = 0, attackers = 0;

	for (int slot = 0; slot < 16; slot++) {
		int from = sq[slot], t;
		if (!from)
			continue;
		t = slot_type[slot];
		add(a, XQ__W_MAT + t, 1);
		add(a, XQ__W_PST + (t - 1) * 50 + own_rank(from, us) * 5 + fold_file(from), 1);
		if (t == XQ_HORSE) {
			int m = 0;
			for (int d = 0; d < 8; d++)
				m += !(b[from + horse_jump[d]] & blocked) && b[from + horse_leg[d]] == 0;
			add(a, XQ__W_MOB, m);
		} else if (t == XQ_CHARIOT || t == XQ_CANNON) {
			int m = 0;
			for (int d = 0; d < 4; d++) {
				int to = from + ortho[d];
				for (; b[to] == 0; to += ortho[d])
					m++;
				if (t == XQ_CHARIOT) {
					m += !(b[to] & blocked);
				} else if (b[to] != XQ_OFFBOARD) {
					for (to += ortho[d]; b[to] == 0; to += ortho[d])
						;
					m += !(b[to] & blocked);
				}
			}
			add(a, XQ__W_MOB + (t == XQ_CHARIOT ? 1 : 2), m);
		} else if (t == XQ_PAWN && !own_half(from, us)) {
			crossed++;
			if (slot < 15)
				for (int s2 = slot + 1; s2 < 16; s2++) {
					int o = sq[s2];
					if (o && (o == from + 1 || o == from - 1))
						add(a, XQ__W_PAWN_LINK, 1);
				}
		}
	}
	add(a, XQ__W_PHASE_C, count_type(pos, us, SLOT_CANNON, 2) * phase);
	add(a, XQ__W_PHASE_H, count_type(pos, us, SLOT_HORSE, 2) * phase);
	add(a, XQ__W_PHASE_P, crossed * phase);

	/* King safety against the enemy pieces. */
	{
		int er = count_type(pos, !us, SLOT_CHARIOT, 2);
		int eh = count_type(pos, !us, SLOT_HORSE, 2);
		int ec = count_type(pos, !us, SLOT_CANNON, 2);
		int am = 2 - count_type(pos, us, SLOT_ADVISOR, 2);
		int em = 2 - count_type(pos, us, SLOT_ELEPHANT, 2);
		int fwd = FORWARD(us), open = 1;

		add(a, XQ__W_ADV_R, am * er);
		add(a, XQ__W_ADV_H, am * eh);
		add(a, XQ__W_ADV_C, am * ec);
		add(a, XQ__W_ELE_R, em * er);
		add(a, XQ__W_ELE_H, em * eh);
		add(a, XQ__W_ELE_C, em * ec);
		for (int i = k + fwd; b[i] != XQ_OFFBOARD; i += fwd)
			if (b[i] & own) {
				open = 0;
				break;
			}
		add(a, XQ__W_KFILE_OPEN, open * er);

		for (int slot = SLOT_HORSE; slot < 16; slot++) {
			int e = esq[slot];
			if (e && own_half(e, us))
				attackers++;
		}
		add(a, XQ__W_ATTACKERS, attackers * attackers);

		for (int slot = SLOT_CANNON; slot < SLOT_CANNON + 2; slot++) {
			int c = esq[slot], between = 0, step;
			if (!c)
				continue;
			if (ISQ_FILE(c) == ISQ_FILE(k))
				step = c > k ? 16 : -16;
			else if (ISQ_RANK(c) == ISQ_RANK(k))
				step = c > k ? 1 : -1;
			else
				continue;
			for (int i = k + step; i != c; i += step)
				between += b[i] != 0;
			if (step == 16 || step == -16) {
				if (between == 0)
					add(a, XQ__W_CANNON_HOLLOW, 1);
				else if (between == 2)
					add(a, XQ__W_CANNON_SCREENS, 1);
			} else if (between == 0 || between == 2) {
				add(a, XQ__W_CANNON_RANK, 1);
			}
		}
		for (int slot = SLOT_CHARIOT; slot < SLOT_CHARIOT + 2; slot++) {
			int r = esq[slot], f, edge, clear = 1;
			if (!r)
				continue;
			f = ISQ_FILE(r);
			if (f < 3 || f > 5 || own_rank(r, us) <= 2)
				continue;
			/* Clear down to the palace's front rank. */
			edge = ISQ(f, us == XQ_RED ? 2 : 7);
			for (int i = r - fwd; i != edge; i -= fwd)
				if (b[i]) {
					clear = 0;
					break;
				}
			add(a, XQ__W_CHARIOT_PALACE, clear);
		}
	}
}

static inline __attribute__((always_inline))
int eval_core(const struct xq_pos *pos, const int16_t *w, int *feat)
{
	struct acc us = { w, feat, 1, 0 }, them = { w, feat, -1, 0 };
	int phase = 0;

	for (int side = 0; side < 2; side++)
		for (int slot = SLOT_HORSE; slot < SLOT_PAWN; slot++)
			phase += pos->sq_of[side * 16 + slot] != 0;
	side_terms(pos, pos->side, phase, &us);
	side_terms(pos, !pos->side, phase, &them);
	add(&us, XQ__W_TEMPO, 1);
	return us.score - them.score;
}

int xq__eval_features(const struct xq_pos *pos, const int16_t *w, int *feat)
{
	return eval_core(pos, w, feat);
}

/* The same code with feat known to be NULL, so that the compiler drops the
 * feature counting. */
int xq_evaluate(const struct xq_pos *pos)
{
	return eval_core(pos, xq__eval_weights, NULL);
}
