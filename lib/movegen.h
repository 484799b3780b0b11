/*
 * movegen.h - what the move generator (movegen.c) shares with replay's
 * run (replay.c): the rays, a horse's leg by its jump, where a point lies
 * from a king, and a move's key, slots and counters.  Internal.
 */
#ifndef XQ_MOVEGEN_H
#define XQ_MOVEGEN_H

#include "board.h"

/* The scans and tests inlined into every caller: each is compiled for
 * its caller's constant arguments. */
#define SCAN static inline __attribute__((always_inline))

/* The rays: up and down the file, right and left along the rank. */
static const int ortho[4] = { 16, -16, 1, -1 };

/* A horse's leg (the offset from the horse of the point that must be
 * empty) by its jump to - from + 256; 0: no jump. */
#define D(d) [256 + (d)]
static const int8_t horse_leg_of[512] = {
	D(33) = 16, D(31) = 16, D(-33) = -16, D(-31) = -16,
	D(18) = 1, D(-14) = 1, D(-18) = -1, D(14) = -1,
};
#undef D

/*
 * Where a point lies from a king, by their difference s - k + 256: on
 * which ray (KR_RAY and the ortho[] index in the low bits; and the ray as
 * a bit, 1 << (8 + index), in KR_RAYS, for the replay run), on a horse-leg
 * point (KR_DIAG), a horse's jump away (KR_JUMP), a step away (KR_STEP).
 * A king stands in its palace, so the files differ by five at most and
 * the difference fixes the ranks and files apart (ray_of() without its
 * tests).  For king points only.
 */
enum { KR_RAY = 4, KR_DIAG = 8, KR_JUMP = 16, KR_STEP = 32, KR_RAYS = 0xf00 };
#define D(d) [256 + (d)]
#define RAY(d) (KR_RAY | (d) | 1 << (8 + (d)))
#define FILE_RAYS(r) D(16 * (r)) = RAY(0), D(-16 * (r)) = RAY(1)
#define RANK_RAYS(f) D(f) = RAY(2), D(-(f)) = RAY(3)
static const uint16_t king_rel[512] = {
	D(16) = RAY(0) | KR_STEP, D(-16) = RAY(1) | KR_STEP,
	D(1) = RAY(2) | KR_STEP, D(-1) = RAY(3) | KR_STEP,
	FILE_RAYS(2), FILE_RAYS(3), FILE_RAYS(4), FILE_RAYS(5), FILE_RAYS(6),
	FILE_RAYS(7), FILE_RAYS(8), FILE_RAYS(9),
	RANK_RAYS(2), RANK_RAYS(3), RANK_RAYS(4), RANK_RAYS(5),
	D(15) = KR_DIAG, D(17) = KR_DIAG, D(-15) = KR_DIAG, D(-17) = KR_DIAG,
	D(33) = KR_JUMP, D(31) = KR_JUMP, D(-33) = KR_JUMP, D(-31) = KR_JUMP,
	D(18) = KR_JUMP, D(-14) = KR_JUMP, D(-18) = KR_JUMP, D(14) = KR_JUMP,
};
#undef RANK_RAYS
#undef FILE_RAYS
#undef RAY
#undef D

/* Board values by kind and side, as ranges: is v a horse (pawn, ...) of
 * the side with tag `tag`? */
#define IS_SLOTS(v, tag, first, count) ((unsigned)((v) - ((tag) + (first))) < (count))

/* With l a horse-leg point next to k (KR_DIAG) and its leg free: whether a
 * horse of the side with tag `tag` stands on either point whose jump to k
 * uses l (one rank or one file further out). */
static inline int horse_behind(const uint8_t *b, unsigned k, unsigned l, int tag)
{
	unsigned vert = l > k ? 16 : -16u, horiz = l - k - vert;
	return IS_SLOTS(b[l + vert], tag, SLOT_HORSE, 2) ||
	       IS_SLOTS(b[l + horiz], tag, SLOT_HORSE, 2);
}

/* What a move changes besides the board and the slots, held in registers
 * over a run of moves (xq__replay_run). */
struct counters {
	uint64_t key;
	unsigned side, halfmove, fullmove;
};

/* All of a move but the board (v went from `from` to `to`, taking cap):
 * key, slots (sq_of), counters, side.  A board value less 16 is its
 * piece's sq_of[] index. */
SCAN void make_counted(struct counters *c, uint8_t *sq_of, unsigned from, unsigned to,
		       unsigned v, unsigned cap)
{
	c->key ^= zobrist_of((uint8_t)v, from) ^ zobrist_of((uint8_t)v, to) ^ ZOBRIST_SIDE;
	if (cap) {
		c->key ^= zobrist_of((uint8_t)cap, to);
		sq_of[cap - 16] = 0;
		c->halfmove = 0;
	} else {
		c->halfmove++;
	}
	sq_of[v - 16] = (uint8_t)to;
	c->fullmove += c->side; /* after Black's move */
	c->side ^= 1;
}

/* The counters back on the position. */
static inline void put_counters(struct xq_pos *pos, const struct counters *c)
{
	pos->key = c->key;
	pos->side = (uint8_t)c->side;
	pos->halfmove = (uint16_t)c->halfmove;
	pos->fullmove = (uint16_t)c->fullmove;
}

#endif
