/*
 * trymove.h - trying one move: whether it is legal (the step by the
 * rules of its kind, then its own king) and whether it gives check, the
 * one test that xq_is_legal(), xq_make() (lib/movegen.c) and replay's run
 * (lib/replay.c) share.  Internal.
 *
 * The tests read the board in one of three ways, a constant of each
 * caller's, so that each is compiled to plain reads of its own kind:
 * LINES, the move already on the board and its rays read from the
 * board's lines (struct occ, kept by the run); NOW, the move on the
 * board, rays scanned; AFTER, the board as it stood, read as if the move
 * were made (at()), so that xq_is_legal() writes nothing.
 */
#ifndef XQ_TRYMOVE_H
#define XQ_TRYMOVE_H

#include <string.h>

#include "board.h"
#include "movegen.h"

/* The board value at i once `mover` has gone from `from` to `to`, or
 * with NOW or LINES the board as it stands (from, to and mover unused). */
enum { AFTER, NOW, LINES };
SCAN uint8_t at(int mode, const uint8_t *b, unsigned i, unsigned from, unsigned to,
	       uint8_t mover)
{
	if (mode != AFTER)
		return b[i];
	return i == to ? mover : i == from ? 0 : b[i];
}

/* Along ray d (index into ortho[]) from k: an enemy chariot first, the
 * enemy king first on a file, or an enemy cannon second. */
SCAN int ray_attacked_after(int mode, const uint8_t *b, unsigned k, unsigned d, int by,
			    unsigned from, unsigned to, uint8_t mover)
{
	int enemy = SIDE_TAG(by);
	unsigned step = (unsigned)ortho[d], i = k + step; /* indices mod 2^32 */
	uint8_t v;

	while ((v = at(mode, b, i, from, to, mover)) == 0)
		i += step;
	if (v & enemy) {
		int t = piece_type(v);
		if (t == XQ_CHARIOT || (t == XQ_KING && d < 2))
			return 1;
	}
	if (v == XQ_OFFBOARD)
		return 0;
	i += step;
	while ((v = at(mode, b, i, from, to, mover)) == 0)
		i += step;
	return (v & enemy) && piece_type(v) == XQ_CANNON;
}

/* horse_behind() with the board read as at() reads it. */
SCAN int horse_behind_in(int mode, const uint8_t *b, unsigned k, unsigned l, int tag,
			 unsigned from, unsigned to, uint8_t mover)
{
	unsigned vert = l > k ? 16 : -16u, horiz = l - k - vert;
	return IS_SLOTS(at(mode, b, l + vert, from, to, mover), tag, SLOT_HORSE, 2) ||
	       IS_SLOTS(at(mode, b, l + horiz, from, to, mover), tag, SLOT_HORSE, 2);
}

/*
 * The replay run's view of the board by line: for each file (line[c],
 * bit r for the point of rank row r and column c of the padded board) and
 * each rank (line[16 + r], bit c), the points that are not empty, pieces
 * and padding alike, in the low half and mirrored (bit 31 - i for bit i) in
 * the high half.  The padding is three points deep, so a ray from a point
 * of the board meets two set bits within its line: the first two pieces
 * on a ray are bit operations, not loops whose ends the processor must
 * guess.
 */
struct occ {
	uint32_t line[32];
};

/* The empty board's lines: a file's padding is rows 0-2 and 13-15, a
 * rank's columns 0-2 and 12-15 (0xf007, mirrored 0xe00f); the rows and
 * columns off the board are padding throughout. */
#define OCC_OFF 0xffffffffu
#define OCC_FILE 0xe007e007u
#define OCC_RANK 0xe00ff007u
static const uint32_t occ_empty[32] = {
	OCC_OFF, OCC_OFF, OCC_OFF, OCC_FILE, OCC_FILE, OCC_FILE, OCC_FILE, OCC_FILE,
	OCC_FILE, OCC_FILE, OCC_FILE, OCC_FILE, OCC_OFF, OCC_OFF, OCC_OFF, OCC_OFF,
	OCC_OFF, OCC_OFF, OCC_OFF, OCC_RANK, OCC_RANK, OCC_RANK, OCC_RANK, OCC_RANK,
	OCC_RANK, OCC_RANK, OCC_RANK, OCC_RANK, OCC_RANK, OCC_OFF, OCC_OFF, OCC_OFF,
};

/* A point's bits in its line: index i and, mirrored, 31 - i. */
#define OB(i) (1u << (i)) | (0x80000000u >> (i))
static const uint32_t occ_bit[16] = {
	OB(0), OB(1), OB(2), OB(3), OB(4), OB(5), OB(6), OB(7),
	OB(8), OB(9), OB(10), OB(11), OB(12), OB(13), OB(14), OB(15),
};
#undef OB

static inline void occ_set(struct occ *o, unsigned isq)
{
	o->line[isq & 15] |= occ_bit[isq >> 4];
	o->line[16 + (isq >> 4)] |= occ_bit[isq & 15];
}

static inline void occ_clear(struct occ *o, unsigned isq)
{
	o->line[isq & 15] &= ~occ_bit[isq >> 4];
	o->line[16 + (isq >> 4)] &= ~occ_bit[isq & 15];
}

static inline void occ_init(struct occ *o, const uint8_t *sq_of)
{
	memcpy(o->line, occ_empty, sizeof o->line);
	/* a taken piece's slot is 0, a padding point: set already */
	for (int s = 0; s < 32; s++)
		occ_set(o, sq_of[s]);
}

/* Where the rays from a point start in the lines: for point k and ray d
 * (ortho[] order: up and down the file, right and left along the rank),
 * the line's index in struct occ and the shift that brings the bit after
 * k to bit 0 (k's place i in its line: i + 1 up or right, 32 - i down or
 * left, in the mirrored half). */
#define RAY_AT(k, d) (((d) < 2 ? (k) & 15 : 16 + ((k) >> 4)) | \
	((d) == 0 ? ((k) >> 4) + 1 : (d) == 1 ? 32 - ((k) >> 4) : \
	 (d) == 2 ? ((k) & 15) + 1 : 32 - ((k) & 15)) << 8)
#define RAYS_AT(k) { RAY_AT(k, 0), RAY_AT(k, 1), RAY_AT(k, 2), RAY_AT(k, 3) }
static const uint16_t ray_at[256][4] = { REP256(RAYS_AT, 0) };
#undef RAYS_AT
#undef RAY_AT

/* The first two points that are not empty from k along ray d. */
SCAN void occ_ray(const struct occ *o, unsigned k, unsigned d, unsigned *p1, unsigned *p2)
{
	unsigned at = ray_at[k][d], step = (unsigned)ortho[d]; /* indices mod 2^32 */
	uint32_t m = o->line[at & 31] >> (at >> 8);

	*p1 = k + step * ((unsigned)__builtin_ctz(m) + 1);
	m &= m - 1;
	*p2 = k + step * ((unsigned)__builtin_ctz(m) + 1);
}

/* What a piece of side `by` does on a ray from the other king, by
 * [by][board value]: bit 0 it attacks first on a rank (a chariot), bit 1
 * first on a file (a chariot, the king: the kings face), bit 2 second (a
 * cannon, over a screen). */
#define ROLE(tag) [(tag) + SLOT_KING] = 2, [(tag) + SLOT_CHARIOT] = 3, \
	[(tag) + SLOT_CHARIOT + 1] = 3, [(tag) + SLOT_CANNON] = 4, [(tag) + SLOT_CANNON + 1] = 4
static const uint8_t ray_role[2][XQ_OFFBOARD + 1] = { { ROLE(TAG_RED) }, { ROLE(TAG_BLACK) } };
#undef ROLE

/* How the tests read the board (struct look): b, and for LINES the
 * lines o; for AFTER the move read as made (at()).  A caller's local,
 * taken apart again by the compiler. */
struct look {
	const uint8_t *b;
	const struct occ *o;
	unsigned from, to;
	uint8_t mover;
};

SCAN uint8_t look_at(int mode, const struct look *w, unsigned i)
{
	return at(mode, w->b, i, w->from, w->to, w->mover);
}

/* Along ray d from k: an enemy chariot first, the enemy king first on a
 * file, or an enemy cannon second (ray_attacked_after(), from the lines
 * with LINES). */
SCAN int ray_attacked_in(int mode, const struct look *w, unsigned k, unsigned d, int by)
{
	unsigned p1, p2;

	if (mode != LINES)
		return ray_attacked_after(mode, w->b, k, d, by, w->from, w->to, w->mover);
	occ_ray(w->o, k, d, &p1, &p2);
	return ((ray_role[by][w->b[p1]] >> (1 - (d >> 1))) | (ray_role[by][w->b[p2]] >> 2)) & 1;
}

/* What a piece of side `by` on the destination of its move can do to the
 * other king a horse's jump or a step away, by [board value]: KR_JUMP
 * for a horse, KR_STEP for a pawn (the side is the move's: a piece never
 * attacks its own king). */
#define NEAR(tag) [(tag) + SLOT_HORSE] = KR_JUMP, [(tag) + SLOT_HORSE + 1] = KR_JUMP, \
	[(tag) + SLOT_PAWN] = KR_STEP, [(tag) + SLOT_PAWN + 1] = KR_STEP, \
	[(tag) + SLOT_PAWN + 2] = KR_STEP, [(tag) + SLOT_PAWN + 3] = KR_STEP, \
	[(tag) + SLOT_PAWN + 4] = KR_STEP
static const uint8_t near_role[XQ_OFFBOARD + 1] = { NEAR(TAG_RED), NEAR(TAG_BLACK) };
#undef NEAR

/* The rays from k that hold a chariot or a cannon of side `by` (sq: by's
 * slots), as KR_RAYS bits: the pieces that attack along rays, but for the
 * king (kings_face()). */
SCAN unsigned ray_holders(const uint8_t *sq, unsigned k)
{
	return (king_rel[256 + sq[SLOT_CHARIOT] - k] | king_rel[256 + sq[SLOT_CHARIOT + 1] - k] |
		king_rel[256 + sq[SLOT_CANNON] - k] | king_rel[256 + sq[SLOT_CANNON + 1] - k]) &
	       KR_RAYS;
}

/* Whether the kings on a and b, on one file, face each other: nothing
 * between (their ranks are apart: the mask is of the low half).  Only a
 * move from that file makes them face. */
SCAN int kings_face(int mode, const struct look *w, unsigned a, unsigned b)
{
	unsigned ra = a >> 4, rb = b >> 4, lo = ra < rb ? ra : rb, hi = ra ^ rb ^ lo;

	if (mode == LINES)
		return (w->o->line[a & 15] & ((1u << hi) - (2u << lo))) == 0;
	for (unsigned i = (lo + 1) << 4 | (a & 15); i >> 4 < hi; i += 16)
		if (look_at(mode, w, i))
			return 0;
	return 1;
}

/*
 * After side `by` moved from `from` to `to` (or as if, with AFTER), or
 * the other side did, is the king on k attacked?  It was not before (the
 * history is legal), so only what the two changed points touch needs
 * looking at.  A ray through from or to is read only when it holds one
 * of by's chariots or cannons (holders: ray_holders() of by's slots, or
 * KR_RAYS for every ray; one of those the move just took may be in: a
 * ray is then read for nothing), and the rest only for a freed horse's
 * leg (KR_DIAG) or the moved piece a horse or pawn near the
 * king (near: near_role[] of the piece on to, 0 for a test of the mover's
 * own king).  The king attacks along a ray too (read with the rest of a
 * ray, as for xq_make() with KR_RAYS), but a move that makes the kings
 * face is refused by the test of the mover's own king (kings_face()).  Mostly the one test is false, and the branch on it is
 * rarely mispredicted.
 */
SCAN int move_attacks(int mode, const struct look *w, unsigned holders, unsigned near,
		     unsigned k, int by)
{
	unsigned from = w->from, to = w->to;
	unsigned rf = king_rel[256 + from - k], rt = king_rel[256 + to - k];

	if (__builtin_expect(((rf & (holders | KR_DIAG)) | (rt & (holders | near))) != 0, 0)) {
		if ((rf & holders) && ray_attacked_in(mode, w, k, rf & 3, by))
			return 1;
		/* (a ray through both points is read once) */
		if ((rt & ~rf & holders) && ray_attacked_in(mode, w, k, rt & 3, by))
			return 1;
		if ((rf & KR_DIAG) &&
		    horse_behind_in(mode, w->b, k, from, SIDE_TAG(by), from, to, w->mover))
			return 1;
		if ((rt & near & KR_JUMP) && look_at(mode, w, to + horse_leg_of[256 + k - to]) == 0)
			return 1;
		if ((rt & near & KR_STEP) && to - k != (unsigned)FORWARD(by))
			return 1;
	}
	return 0;
}

/* A horse of the side with tag `tag` attacks k over the leg point l. */
SCAN int horse_near_in(int mode, const struct look *w, unsigned k, unsigned l, int tag)
{
	return (look_at(mode, w, l) == 0) &
	       horse_behind_in(mode, w->b, k, l, tag, w->from, w->to, w->mover);
}

/*
 * Whether the king on k is attacked by side `by` at all, for king moves
 * and moves out of check: the four rays, the horses behind the four leg
 * points that are empty, the pawns a step away (a pawn beside a king has
 * crossed the river), all read, with no branch.
 */

SCAN int king_attacked(int mode, const struct look *w, unsigned k, int by)
{
	int tag = SIDE_TAG(by);
	unsigned hit = (unsigned)(ray_attacked_in(mode, w, k, 0, by) |
				  ray_attacked_in(mode, w, k, 1, by) |
				  ray_attacked_in(mode, w, k, 2, by) |
				  ray_attacked_in(mode, w, k, 3, by));

	hit |= (unsigned)(horse_near_in(mode, w, k, k + 17, tag) |
			  horse_near_in(mode, w, k, k + 15, tag) |
			  horse_near_in(mode, w, k, k - 15, tag) |
			  horse_near_in(mode, w, k, k - 17, tag));
	return (int)hit | IS_SLOTS(look_at(mode, w, k - FORWARD(by)), tag, SLOT_PAWN, 5) |
	       IS_SLOTS(look_at(mode, w, k + 1), tag, SLOT_PAWN, 5) |
	       IS_SLOTS(look_at(mode, w, k - 1), tag, SLOT_PAWN, 5);
}

/*
 * Whether piece v of `side` may go from `from` to `to` (cap on to) by the
 * rules of its kind, from tables: what each kind's step needs of its destination
 * (on the board, in its palace, on its own or the other half) and which
 * point must be empty (an elephant's eye, a horse's leg; 0, the point it
 * left, for the others), and for a chariot or a cannon the pieces between.
 */
enum { G_BOARD = 1, G_PALACE = 2, G_OWN = 4, G_OTHER = 8 };
enum { K_KING, K_ADVISOR, K_ELEPHANT, K_HORSE, K_CHARIOT, K_CANNON, K_RED_PAWN, K_BLACK_PAWN };
struct geo {
	uint8_t need;  /* the G_ bit the destination must have; 0: no such step */
	int8_t empty;  /* the point from + empty must be empty */
};
#define G(d, n, e) [256 + (d)] = { n, e }
#define LINE(k) G(16 * (k), G_BOARD, 0), G(-16 * (k), G_BOARD, 0), G(k, G_BOARD, 0), \
	G(-(k), G_BOARD, 0)
#define SLIDER { LINE(1), LINE(2), LINE(3), LINE(4), LINE(5), LINE(6), LINE(7), LINE(8), \
		 G(144, G_BOARD, 0), G(-144, G_BOARD, 0) }
static const struct geo geo[8][512] = {
	[K_KING] = { G(16, G_PALACE, 0), G(-16, G_PALACE, 0), G(1, G_PALACE, 0), G(-1, G_PALACE, 0) },
	[K_ADVISOR] = { G(15, G_PALACE, 0), G(17, G_PALACE, 0), G(-15, G_PALACE, 0),
			G(-17, G_PALACE, 0) },
	[K_ELEPHANT] = { G(30, G_OWN, 15), G(34, G_OWN, 17), G(-30, G_OWN, -15), G(-34, G_OWN, -17) },
	[K_HORSE] = { G(33, G_BOARD, 16), G(31, G_BOARD, 16), G(-33, G_BOARD, -16),
		      G(-31, G_BOARD, -16), G(18, G_BOARD, 1), G(-14, G_BOARD, 1),
		      G(-18, G_BOARD, -1), G(14, G_BOARD, -1) },
	[K_CHARIOT] = SLIDER,
	[K_CANNON] = SLIDER,
	/* sideways only across the river: on the other half (the rank of
	 * to is that of from) */
	[K_RED_PAWN] = { G(16, G_BOARD, 0), G(1, G_OTHER, 0), G(-1, G_OTHER, 0) },
	[K_BLACK_PAWN] = { G(-16, G_BOARD, 0), G(1, G_OTHER, 0), G(-1, G_OTHER, 0) },
};
#undef SLIDER
#undef LINE
#undef G

/* The kind by board value less 16 (side * 16 + slot). */
#define KINDS(pawn) K_KING, K_ADVISOR, K_ADVISOR, K_ELEPHANT, K_ELEPHANT, K_HORSE, K_HORSE, \
	K_CHARIOT, K_CHARIOT, K_CANNON, K_CANNON, pawn, pawn, pawn, pawn, pawn
static const uint8_t geo_kind[32] = { KINDS(K_RED_PAWN), KINDS(K_BLACK_PAWN) };
#undef KINDS

/* What each point is to each side: G_ bits by [side][point]. */
#define ROW(r, z, p) [ISQ(0, r)] = (z), [ISQ(1, r)] = (z), [ISQ(2, r)] = (z), \
	[ISQ(3, r)] = (z) | (p), [ISQ(4, r)] = (z) | (p), [ISQ(5, r)] = (z) | (p), \
	[ISQ(6, r)] = (z), [ISQ(7, r)] = (z), [ISQ(8, r)] = (z)
#define OWN (G_BOARD | G_OWN)
#define OTHER (G_BOARD | G_OTHER)
static const uint8_t zone_of[2][256] = {
	{ ROW(0, OWN, G_PALACE), ROW(1, OWN, G_PALACE), ROW(2, OWN, G_PALACE), ROW(3, OWN, 0),
	  ROW(4, OWN, 0), ROW(5, OTHER, 0), ROW(6, OTHER, 0), ROW(7, OTHER, 0), ROW(8, OTHER, 0),
	  ROW(9, OTHER, 0) },
	{ ROW(0, OTHER, 0), ROW(1, OTHER, 0), ROW(2, OTHER, 0), ROW(3, OTHER, 0), ROW(4, OTHER, 0),
	  ROW(5, OWN, 0), ROW(6, OWN, 0), ROW(7, OWN, G_PALACE), ROW(8, OWN, G_PALACE),
	  ROW(9, OWN, G_PALACE) },
};
#undef OTHER
#undef OWN
#undef ROW

/* The line a chariot's or cannon's move goes along, by the difference +
 * 256: the ray's ortho[] index and, from bit 2, how many points away its
 * destination is; 0 for a difference along no line.  (A difference of 8
 * is also one rank and eight files back; the padding, two points deep at
 * least, ends such a ray before that far.) */
#define D(d) [256 + (d)]
#define LINE(k) D(16 * (k)) = 0 | (k) << 2, D(-16 * (k)) = 1 | (k) << 2, D(k) = 2 | (k) << 2, \
	D(-(k)) = 3 | (k) << 2
static const uint8_t slide_of[512] = {
	LINE(1), LINE(2), LINE(3), LINE(4), LINE(5), LINE(6), LINE(7), LINE(8),
	D(144) = 0 | 9 << 2, D(-144) = 1 | 9 << 2,
};
#undef LINE
#undef D

SCAN int step_goes(int mode, const struct look *w, unsigned side, unsigned v, unsigned cap)
{
	unsigned from = w->from, to = w->to, kind = geo_kind[v - 16];
	struct geo g = geo[kind][256 + to - from];
	unsigned line = slide_of[256 + to - from], slides;
	unsigned jump = (kind == K_CANNON) & (cap != 0), slider = kind - K_CHARIOT < 2;

	if (mode == LINES) {
		/* a chariot or cannon: its destination the first piece along
		 * its line, or the second when a cannon takes; arithmetic,
		 * not branches, as the kinds come in no order (a difference
		 * along no line: no piece is 0 points away) */
		unsigned ra = ray_at[from][line & 3];
		uint32_t m = w->o->line[ra & 31] >> (ra >> 8);
		uint32_t past = jump ? m & (m - 1) : m;
		slides = ((unsigned)__builtin_ctz(past) + 1 == line >> 2) | !slider;
	} else if (slider) {
		/* the pieces between, neither from nor to: the board's */
		unsigned step = (unsigned)ortho[line & 3], between = 0;
		for (unsigned i = 1; i < line >> 2; i++)
			between += w->b[from + step * i] != 0;
		slides = between == jump;
	} else {
		slides = 1;
	}
	/* the eye or leg, never from or to; or from itself, empty after */
	if (mode == AFTER)
		return ((g.need & zone_of[side][to]) != 0) &
		       ((w->b[from + g.empty] == 0) | (g.empty == 0)) & slides;
	return ((g.need & zone_of[side][to]) != 0) & (w->b[from + g.empty] == 0) & slides;
}

/*
 * Whether the move of side's piece v from w->from to w->to, taking cap
 * (a piece not side's), is legal: the step by the rules of its kind,
 * then its own king.  In check (check) or for a king's move, the king's
 * point is tested whole; otherwise the move exposes the king only along
 * the rays through the two points it changes (holders: ray_holders() of
 * the other side's slots, or KR_RAYS), by freeing a horse's leg, or by making the
 * kings face.  sq_of: the slots before the move.
 */
SCAN int try_move(int mode, const struct look *w, const uint8_t *sq_of, unsigned side,
		  unsigned v, unsigned cap, unsigned check, unsigned holders)
{
	unsigned from = w->from, to = w->to, king, k;

	if (!step_goes(mode, w, side, v, cap))
		return 0;
	king = sq_of[side * 16 + SLOT_KING];
	k = sq_of[(side ^ 1) * 16 + SLOT_KING];
	if (from == king || check)
		return !king_attacked(mode, w, from == king ? to : king, (int)!side);
	return !(move_attacks(mode, w, holders, 0, king, (int)!side) ||
		 ((((king ^ k) | (from ^ k)) & 15) == 0 && kings_face(mode, w, king, k)));
}


#endif
