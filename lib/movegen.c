/*
 * movegen.c - legal moves, attacks, check, make/unmake and perft.
 *
 * Moves are generated per piece from its slot, then filtered for king
 * safety.  The safety test asks whether the king would be attacked with the
 * board read "as if" the move were made (at() below), so that generation
 * never writes to the position.  Most moves cannot expose the king at all:
 * when not in check, only king moves and moves from or to the king's file
 * or rank, or off a horse-leg point next to the king, are tested.
 *
 * Whether the side to move is in check is kept in the position by
 * xq_make(), which looks only at what the two changed points touch
 * (gives_check); xq_is_legal() likewise tests only the rays and horse legs
 * a move changes.
 */
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "notation_impl.h"

static const int ortho[4] = { 16, -16, 1, -1 };
static const int diag[4] = { 15, 17, -15, -17 };

/* Horse jumps and the leg point that must be empty, relative to the horse. */
static const int horse_jump[8] = { 33, 31, -33, -31, 18, -14, -18, 14 };
static const int horse_leg[8] = { 16, 16, -16, -16, 1, 1, -1, -1 };

/* The board value at i once `mover` has gone from `from` to `to`, or
 * with NOW the board as it stands (from, to and mover unused).  Every
 * caller passes the mode as a constant: the scans below are compiled once
 * per mode, the NOW ones to plain reads. */
enum { AFTER, NOW };
#define SCAN static inline __attribute__((always_inline))
SCAN uint8_t at(int mode, const uint8_t *b, unsigned i, unsigned from, unsigned to,
	       uint8_t mover)
{
	if (mode == NOW)
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

/* An enemy horse whose jump lands on k, leg free (it stands at k - d). */
SCAN int horse_attacked_after(int mode, const uint8_t *b, int k, int by,
				       int from, int to, uint8_t mover)
{
	int enemy = SIDE_TAG(by);
	for (int d = 0; d < 8; d++) {
		int h = k - horse_jump[d];
		uint8_t v = at(mode, b, h, from, to, mover);
		if ((v & enemy) && piece_type(v) == XQ_HORSE &&
		    at(mode, b, h + horse_leg[d], from, to, mover) == 0)
			return 1;
	}
	return 0;
}

/* An enemy pawn in front of k (seen from the pawn) or beside it. */
SCAN int pawn_attacked_after(int mode, const uint8_t *b, int k, int by,
				      int from, int to, uint8_t mover)
{
	int enemy = SIDE_TAG(by);
	int sq[3] = { k - FORWARD(by), k + 1, k - 1 };
	for (int i = 0; i < 3; i++) {
		uint8_t v = at(mode, b, sq[i], from, to, mover);
		if ((v & enemy) && piece_type(v) == XQ_PAWN)
			return 1;
	}
	return 0;
}

/* Is point k attacked by side `by` once the move from->to is made (or
 * with NOW, as the board stands)? */
SCAN int attacked_in(int mode, const uint8_t *b, int k, int by, int from, int to,
			      uint8_t mover)
{
	for (int d = 0; d < 4; d++)
		if (ray_attacked_after(mode, b, k, d, by, from, to, mover))
			return 1;
	return horse_attacked_after(mode, b, k, by, from, to, mover) ||
	       pawn_attacked_after(mode, b, k, by, from, to, mover);
}

static int attacked_after(const uint8_t *b, int k, int by, int from, int to, uint8_t mover)
{
	return attacked_in(AFTER, b, k, by, from, to, mover);
}

static int attacked_now(const uint8_t *b, int k, int by)
{
	return attacked_in(NOW, b, k, by, 0, 0, 0);
}

int xq__attacked(const struct xq_pos *pos, int isq, int by)
{
	return attacked_now(pos->board, isq, by);
}

int xq_in_check(const struct xq_pos *pos)
{
	return pos->in_check;
}

/*
 * What the king's surroundings say about which moves might expose it,
 * worked out once per position.  On each ray from the king (ortho[] order)
 * p1 and p2 are the first two pieces.  Moving p1 away is dangerous when an
 * enemy chariot (or the enemy king, on the file) stands next in line or an
 * enemy cannon third; moving p2 away when an enemy cannon stands third; and
 * putting a piece between the king and p1 when p1 is an enemy cannon.  A
 * piece on a horse-leg point next to the king is dangerous to move when an
 * enemy horse waits behind it.  Only such moves, king moves and every move
 * out of check get the full attack test.
 */
struct gen {
	const uint8_t *b;
	int side, king, check;
	int p1[4], p2[4];
	uint8_t free1[4], free2[4], screen[4], leg[4];
	xq_move *out;
	int n;
	int caps;   /* captures only */
	struct xq_pos *work; /* in check: a copy to try the moves on */
};

static int attacked_by_pieces(const struct xq_pos *pos, int k, int by);

/* With a move already on pos's board that took cap (0: nothing) on to:
 * whether point k is attacked by side `by`, from the attackers' slots,
 * the taken piece's slot emptied for the test (it attacks no more) and
 * put back after. */
static inline int attacked_after_capture(struct xq_pos *pos, int k, int by, uint8_t cap, int to)
{
	int bad;
	if (cap)
		pos->sq_of[by * 16 + PIECE_SLOT(cap)] = 0;
	bad = attacked_by_pieces(pos, k, by);
	if (cap)
		pos->sq_of[by * 16 + PIECE_SLOT(cap)] = (uint8_t)to;
	return bad;
}

/* Whether from->to leaves the king attacked, tried on the copy w (the
 * board put back after). */
static int exposes(struct xq_pos *w, int king, int from, int to)
{
	uint8_t *b = w->board, v = b[from], cap = b[to];
	int bad;

	b[to] = v;
	b[from] = 0;
	bad = attacked_after_capture(w, from == king ? to : king, !w->side, cap, to);
	b[from] = v;
	b[to] = cap;
	return bad;
}

/* The ray from k (index into ortho[]) that s lies on, or -1. */
static inline int ray_of(int k, int s)
{
	if (((s ^ k) & 15) == 0)
		return s > k ? 0 : 1;
	if (((s ^ k) >> 4) == 0)
		return s > k ? 2 : 3;
	return -1;
}

static void survey_king(struct gen *g)
{
	const uint8_t *b = g->b;
	int k = g->king, enemy = SIDE_TAG(!g->side);

	for (int d = 0; d < 4; d++) {
		int step = ortho[d], i = k + step;
		uint8_t v1, v2 = XQ_OFFBOARD, v3 = XQ_OFFBOARD;
		int t2, t3;

		g->p1[d] = g->p2[d] = 0;
		g->free1[d] = g->free2[d] = g->screen[d] = 0;
		while ((v1 = b[i]) == 0)
			i += step;
		if (v1 == XQ_OFFBOARD)
			continue;
		g->p1[d] = i;
		for (i += step; (v2 = b[i]) == 0; i += step)
			;
		if (v2 != XQ_OFFBOARD) {
			g->p2[d] = i;
			for (i += step; (v3 = b[i]) == 0; i += step)
				;
		}
		t2 = (v2 & enemy) ? piece_type(v2) : 0;
		t3 = (v3 & enemy) ? piece_type(v3) : 0;
		g->screen[d] = (v1 & enemy) && piece_type(v1) == XQ_CANNON;
		g->free1[d] = t2 == XQ_CHARIOT || (t2 == XQ_KING && d < 2) || t3 == XQ_CANNON;
		g->free2[d] = t3 == XQ_CANNON;
	}
	for (int d = 0; d < 4; d++) {
		/* Leg point k + diag[d]; the horses that use it stand one rank
		 * or one file further out. */
		int l = k + diag[d], vert = diag[d] > 0 ? 16 : -16, horiz = diag[d] - vert;
		uint8_t h1 = b[l + vert], h2 = b[l + horiz];
		int horse = ((h1 & enemy) && piece_type(h1) == XQ_HORSE) ||
			    ((h2 & enemy) && piece_type(h2) == XQ_HORSE);
		g->leg[d] = (uint8_t)horse;
	}
}

static inline void add(struct gen *g, int from, int to)
{
	int k = g->king, test = g->check;

	if (g->caps && !g->b[to])
		return;
	if (g->work) {
		/* in check: every move is tried */
		if (!exposes(g->work, k, from, to))
			g->out[g->n++] = MOVE(from, to);
		return;
	}
	if (from == k) {
		if (attacked_after(g->b, to, !g->side, from, to, g->b[from]))
			return;
		g->out[g->n++] = MOVE(from, to);
		return;
	}
	if (!test) {
		int fr = ray_of(k, from), tr = ray_of(k, to);
		if (fr >= 0)
			test = tr == fr || (from == g->p1[fr] && g->free1[fr]) ||
			       (from == g->p2[fr] && g->free2[fr]);
		if (tr >= 0 && g->screen[tr])
			test |= ortho[tr] > 0 ? to < g->p1[tr] : to > g->p1[tr];
		if (!test && (abs(from - k) == 15 || abs(from - k) == 17))
			for (int d = 0; d < 4; d++)
				test |= from == k + diag[d] && g->leg[d];
	}
	if (test && attacked_after(g->b, k, !g->side, from, to, g->b[from]))
		return;
	g->out[g->n++] = MOVE(from, to);
}

/* The legal moves (caps: the captures only; one: stop after the first
 * piece that has a legal move, for xq_status() and xq__has_legal_move()). */
static int generate_moves(const struct xq_pos *pos, xq_move *out, int caps, int one)
{
	const uint8_t *b = pos->board;
	int side = pos->side;
	int blocked = SIDE_TAG(side) | XQ_OFFBOARD; /* own pieces and padding */
	int fwd = FORWARD(side);
	struct gen g;
	struct xq_pos work;
	const uint8_t *sq_of = pos->sq_of + side * 16;

	g.b = b;
	g.side = side;
	g.king = king_isq(pos, side);
	g.check = pos->in_check;
	g.out = out;
	g.n = 0;
	g.caps = caps;
	g.work = NULL;
	if (g.check) {
		work = *pos;
		g.work = &work;
	} else {
		survey_king(&g);
	}

	for (int slot = 0; slot < 16; slot++) {
		int from = sq_of[slot], to;
		if (!from)
			continue;
		switch (slot_type[slot]) {
		case XQ_KING:
			for (int d = 0; d < 4; d++) {
				to = from + ortho[d];
				if (in_palace(to, side) && !(b[to] & blocked))
					add(&g, from, to);
			}
			break;
		case XQ_ADVISOR:
			for (int d = 0; d < 4; d++) {
				to = from + diag[d];
				if (in_palace(to, side) && !(b[to] & blocked))
					add(&g, from, to);
			}
			break;
		case XQ_ELEPHANT:
			for (int d = 0; d < 4; d++) {
				to = from + 2 * diag[d];
				if (!(b[to] & blocked) && b[from + diag[d]] == 0 && own_half(to, side))
					add(&g, from, to);
			}
			break;
		case XQ_HORSE:
			for (int d = 0; d < 8; d++) {
				to = from + horse_jump[d];
				if (!(b[to] & blocked) && b[from + horse_leg[d]] == 0)
					add(&g, from, to);
			}
			break;
		case XQ_CHARIOT:
			for (int d = 0; d < 4; d++) {
				for (to = from + ortho[d]; b[to] == 0; to += ortho[d])
					if (!caps)
						add(&g, from, to);
				if (!(b[to] & blocked))
					add(&g, from, to);
			}
			break;
		case XQ_CANNON:
			for (int d = 0; d < 4; d++) {
				for (to = from + ortho[d]; b[to] == 0; to += ortho[d])
					if (!caps)
						add(&g, from, to);
				if (b[to] == XQ_OFFBOARD)
					continue;
				for (to += ortho[d]; b[to] == 0; to += ortho[d])
					;
				if (!(b[to] & blocked))
					add(&g, from, to);
			}
			break;
		case XQ_PAWN:
			to = from + fwd;
			if (!(b[to] & blocked))
				add(&g, from, to);
			if (!own_half(from, side)) {
				if (!(b[from + 1] & blocked))
					add(&g, from, from + 1);
				if (!(b[from - 1] & blocked))
					add(&g, from, from - 1);
			}
			break;
		}
		if (one && g.n)
			break;
	}
	return g.n;
}

static int generate(const struct xq_pos *pos, xq_move *out, int caps)
{
	return generate_moves(pos, out, caps, 0);
}

int xq_legal_moves(const struct xq_pos *pos, xq_move *moves)
{
	return generate(pos, moves, 0);
}

int xq__has_legal_move(const struct xq_pos *pos)
{
	xq_move moves[XQ_MAX_MOVES];
	return generate_moves(pos, moves, 0, 1) > 0;
}

int xq__legal_captures(const struct xq_pos *pos, xq_move *moves)
{
	return generate(pos, moves, 1);
}

/* Steps by the point difference to - from + 256 (a difference of two
 * points fixes their rank and file differences, files being 9 apart at
 * most): a king's or an advisor's step, an elephant's jump (its eye is
 * halfway), and a horse's jump (the offset of its leg from the horse). */
enum { STEP_KING = 1, STEP_ADVISOR, STEP_ELEPHANT };
#define D(d) [256 + (d)]
static const uint8_t step_kind[512] = {
	D(1) = STEP_KING, D(-1) = STEP_KING, D(16) = STEP_KING, D(-16) = STEP_KING,
	D(15) = STEP_ADVISOR, D(17) = STEP_ADVISOR, D(-15) = STEP_ADVISOR, D(-17) = STEP_ADVISOR,
	D(30) = STEP_ELEPHANT, D(34) = STEP_ELEPHANT, D(-30) = STEP_ELEPHANT, D(-34) = STEP_ELEPHANT,
};
static const int8_t horse_leg_of[512] = {
	D(33) = 16, D(31) = 16, D(-33) = -16, D(-31) = -16,
	D(18) = 1, D(-14) = 1, D(-18) = -1, D(14) = -1,
};
#undef D

/* Palace points by side: palace_of[isq] & (1 << side). */
#define PR(r, bit) [ISQ(3, r)] = bit, [ISQ(4, r)] = bit, [ISQ(5, r)] = bit
static const uint8_t palace_of[256] = {
	PR(0, 1), PR(1, 1), PR(2, 1), PR(7, 2), PR(8, 2), PR(9, 2),
};
#undef PR

/* Whether piece v of the side to move may go from `from` to `to` by the
 * rules of its kind (both points on the board, no piece of its own side
 * on to), from the tables above (not from the generator, so that tests
 * can hold one against the other). */
SCAN int piece_goes(const uint8_t *b, int side, unsigned from, unsigned to, unsigned v)
{
	int d = (int)(to - from), between = 0;
	unsigned step;

	switch (PIECE_SLOT(v)) {
	case SLOT_KING:
		return step_kind[256 + d] == STEP_KING && (palace_of[to] >> side & 1);
	case SLOT_ADVISOR:
	case SLOT_ADVISOR + 1:
		return step_kind[256 + d] == STEP_ADVISOR && (palace_of[to] >> side & 1);
	case SLOT_ELEPHANT:
	case SLOT_ELEPHANT + 1:
		return step_kind[256 + d] == STEP_ELEPHANT && own_half(to, side) &&
		       b[from + d / 2] == 0;
	case SLOT_HORSE:
	case SLOT_HORSE + 1:
		return horse_leg_of[256 + d] && b[from + horse_leg_of[256 + d]] == 0;
	case SLOT_CHARIOT:
	case SLOT_CHARIOT + 1:
	case SLOT_CANNON:
	case SLOT_CANNON + 1:
		if (((from ^ to) & 15) == 0)
			step = d > 0 ? 16 : -16u;
		else if (((from ^ to) >> 4) == 0)
			step = d > 0 ? 1 : -1u;
		else
			return 0;
		if (PIECE_SLOT(v) < SLOT_CANNON) {
			for (unsigned i = from + step; i != to; i += step)
				if (b[i])
					return 0;
			return 1;
		}
		for (unsigned i = from + step; i != to; i += step)
			between += b[i] != 0;
		return b[to] ? between == 1 : between == 0;
	default: /* the pawns */
		if (d == FORWARD(side))
			return 1;
		return (d == 1 || d == -1) && !own_half(from, side);
	}
}

/* Pseudo-legality of one move. */
SCAN int pseudo_legal(const struct xq_pos *pos, int from, int to)
{
	const uint8_t *b = pos->board;
	int side = pos->side, tag = SIDE_TAG(side);
	uint8_t v = b[from];

	/* in_board(from) and in_board(to), by table; from == to fails the
	 * second test (the own piece on to) */
	if (xq__empty_board[from] | xq__empty_board[to])
		return 0;
	if (!(v & tag) || (b[to] & tag))
		return 0;
	return piece_goes(b, side, from, to, v);
}

static inline int diagonal_neighbour(int s, int k)
{
	return step_kind[256 + s - k] == STEP_ADVISOR;
}

/*
 * attacked_now() from the attackers' side: each piece of side `by` that
 * can attack at all, from its slot, tested against k by its difference to
 * it (a horse: the jump and its leg; a chariot, cannon or the king: in
 * line, with the pieces between counted).  The same answer as the scan
 * from k when the slots agree with the board; cheaper, since few pieces
 * are ever in line with k.
 */
/* A chariot, cannon or king on s (screens: 0, 1, 0) attacks k: in line,
 * with that many pieces between. */
static inline int line_attacks(const uint8_t *b, int s, int k, int screens)
{
	int step, between = 0;
	if (((s ^ k) & 15) == 0)
		step = k > s ? 16 : -16;
	else if (((s ^ k) >> 4) == 0)
		step = k > s ? 1 : -1;
	else
		return 0;
	for (int i = s + step; i != k; i += step)
		if (b[i] && ++between > screens)
			return 0;
	return between == screens;
}

static int attacked_by_pieces(const struct xq_pos *pos, int k, int by)
{
	const uint8_t *b = pos->board, *sq = pos->sq_of + by * 16;
	int back = -FORWARD(by), s;

	/* a taken piece's slot is 0, which no table entry reaches from k */
	for (int slot = SLOT_HORSE; slot < SLOT_HORSE + 2; slot++) {
		int leg = horse_leg_of[256 + k - sq[slot]];
		if (leg && b[sq[slot] + leg] == 0)
			return 1;
	}
	/* a pawn: a step forward or sideways (beside a king is always
	 * across the river) */
	for (int slot = SLOT_PAWN; slot < SLOT_PAWN + 5; slot++)
		if (step_kind[256 + k - sq[slot]] == STEP_KING && k - sq[slot] != back)
			return 1;
	/* the king on its file (the palaces share no rank), chariots,
	 * cannons */
	if ((s = sq[SLOT_KING]) && line_attacks(b, s, k, 0))
		return 1;
	for (int slot = SLOT_CHARIOT; slot < SLOT_CANNON + 2; slot++)
		if ((s = sq[slot]) && line_attacks(b, s, k, slot >= SLOT_CANNON))
			return 1;
	return 0;
}

int xq_is_legal(const struct xq_pos *pos, xq_move m)
{
	const uint8_t *b = pos->board;
	int from = MOVE_FROM(m), to = MOVE_TO(m), by = !pos->side;
	int king, fr, tr;

	if (!pseudo_legal(pos, from, to))
		return 0;
	king = king_isq(pos, pos->side);
	if (from == king || pos->in_check)
		return !attacked_after(b, from == king ? to : king, by, from, to, b[from]);
	/* Out of check, a move exposes the king only along the rays through
	 * the two points it changes, or by freeing a horse's leg. */
	fr = ray_of(king, from);
	tr = ray_of(king, to);
	if (fr >= 0 && ray_attacked_after(AFTER, b, king, fr, by, from, to, b[from]))
		return 0;
	if (tr >= 0 && tr != fr && ray_attacked_after(AFTER, b, king, tr, by, from, to, b[from]))
		return 0;
	if (diagonal_neighbour(from, king) &&
	    horse_attacked_after(AFTER, b, king, by, from, to, b[from]))
		return 0;
	return 1;
}

enum xq_status xq_status(const struct xq_pos *pos)
{
	xq_move moves[XQ_MAX_MOVES];
	if (generate_moves(pos, moves, 0, 1) > 0)
		return XQ_PLAYING;
	return xq_in_check(pos) ? XQ_CHECKMATE : XQ_STALEMATE;
}

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

static void occ_init(struct occ *o, const uint8_t *sq_of)
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

/* ray_attacked_after(NOW, ...) from the lines: an enemy chariot first,
 * the enemy king first on a file, or an enemy cannon second. */
SCAN int occ_ray_attacked(const uint8_t *b, const struct occ *o, unsigned k, unsigned d, int by)
{
	unsigned p1, p2;

	occ_ray(o, k, d, &p1, &p2);
	return ((ray_role[by][b[p1]] >> (1 - (d >> 1))) | (ray_role[by][b[p2]] >> 2)) & 1;
}

/*
 * After side `by` moved from -> to (the board already shows it), is the
 * king on k attacked?  It was not before (the history is legal), so only
 * what the two changed points touch needs looking at: the rays through
 * them, the horses behind a leg the move freed, the moved piece itself as
 * a horse or a pawn.  rf and rt: king_rel[] of from and to, not both 0.
 * With `by` the side that did not move, the same question is whether the
 * move exposed its own king (the piece on to is not by's then).
 */
SCAN int lines_attack(const uint8_t *b, unsigned k, int by, unsigned from, unsigned to,
		      unsigned rf, unsigned rt)
{
	int tag = SIDE_TAG(by);
	uint8_t v;

	if ((rf & KR_RAY) && ray_attacked_after(NOW, b, k, rf & 3, by, 0, 0, 0))
		return 1;
	if ((rt & KR_RAY) && ((rt ^ rf) & 7) && ray_attacked_after(NOW, b, k, rt & 3, by, 0, 0, 0))
		return 1;
	if ((rf & KR_DIAG) && horse_behind(b, k, from, tag))
		return 1;
	v = b[to];
	if (rt & KR_JUMP)
		return IS_SLOTS(v, tag, SLOT_HORSE, 2) && b[to + horse_leg_of[256 + k - to]] == 0;
	if (rt & KR_STEP)
		return IS_SLOTS(v, tag, SLOT_PAWN, 5) && to - k != (unsigned)FORWARD(by);
	return 0;
}

SCAN int gives_check(const uint8_t *b, unsigned k, int by, unsigned from, unsigned to)
{
	unsigned rf = king_rel[256 + from - k], rt = king_rel[256 + to - k];
	return (rf | rt) && lines_attack(b, k, by, from, to, rf, rt);
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
SCAN int kings_face(const struct occ *o, unsigned a, unsigned b)
{
	unsigned ra = a >> 4, rb = b >> 4, lo = ra < rb ? ra : rb, hi = ra ^ rb ^ lo;
	return (o->line[a & 15] & ((1u << hi) - (2u << lo))) == 0;
}

/*
 * gives_check() for the replay run.  A ray through from or to is read
 * (from the lines) only when it holds one of by's chariots or cannons
 * (holders: ray_holders() of by's slots; one of those the move just took
 * may be in: a ray is then read for nothing), and the rest only for a
 * freed horse's leg (KR_DIAG) or the moved piece a horse or pawn near the
 * king (near: near_role[] of the piece on to, 0 for a test of the mover's
 * own king).  The king attacks along a ray too, but a move that makes
 * the kings face is refused by the test of the mover's own king
 * (kings_face()).  Mostly the one test is false, and the branch on it is
 * rarely mispredicted.
 */
SCAN int run_attacks(const uint8_t *b, const struct occ *o, unsigned holders, unsigned near,
		     unsigned k, int by, unsigned from, unsigned to)
{
	unsigned rf = king_rel[256 + from - k], rt = king_rel[256 + to - k];

	if (__builtin_expect(((rf & (holders | KR_DIAG)) | (rt & (holders | near))) != 0, 0)) {
		if ((rf & holders) && occ_ray_attacked(b, o, k, rf & 3, by))
			return 1;
		if ((rt & holders) && occ_ray_attacked(b, o, k, rt & 3, by))
			return 1;
		if ((rf & KR_DIAG) && horse_behind(b, k, from, SIDE_TAG(by)))
			return 1;
		if ((rt & near & KR_JUMP) && b[to + horse_leg_of[256 + k - to]] == 0)
			return 1;
		if ((rt & near & KR_STEP) && to - k != (unsigned)FORWARD(by))
			return 1;
	}
	return 0;
}

/*
 * Whether the king on k is attacked by side `by` at all, from the lines,
 * for the run's king moves and moves out of check: the four rays, the
 * horses behind the four leg points that are empty, the pawns a step
 * away (a pawn beside a king has crossed the river), all read, with no
 * branch.
 */
SCAN int run_attacked(const uint8_t *b, const struct occ *o, unsigned k, int by)
{
	int tag = SIDE_TAG(by);
	unsigned hit = (unsigned)(occ_ray_attacked(b, o, k, 0, by) | occ_ray_attacked(b, o, k, 1, by) |
				  occ_ray_attacked(b, o, k, 2, by) | occ_ray_attacked(b, o, k, 3, by));

	hit |= (unsigned)((b[k + 17] == 0) & horse_behind(b, k, k + 17, tag)) |
	       (unsigned)((b[k + 15] == 0) & horse_behind(b, k, k + 15, tag)) |
	       (unsigned)((b[k - 15] == 0) & horse_behind(b, k, k - 15, tag)) |
	       (unsigned)((b[k - 17] == 0) & horse_behind(b, k, k - 17, tag));
	return (int)hit | IS_SLOTS(b[k - FORWARD(by)], tag, SLOT_PAWN, 5) |
	       IS_SLOTS(b[k + 1], tag, SLOT_PAWN, 5) | IS_SLOTS(b[k - 1], tag, SLOT_PAWN, 5);
}

/*
 * piece_goes() for the run, from tables and the lines (piece_goes() stays
 * for xq_is_legal(), which has no lines, and as test_movegen's reference),
 * with the move already on the board: what each kind's step needs of its destination
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

SCAN int run_goes(const uint8_t *b, const struct occ *o, unsigned side, unsigned from,
		  unsigned to, unsigned v, unsigned cap)
{
	unsigned kind = geo_kind[v - 16];
	struct geo g = geo[kind][256 + to - from];
	/* a chariot or cannon: its destination the first piece along its
	 * line, or the second when a cannon takes; arithmetic, not branches,
	 * as the kinds come in no order (a difference along no line: no
	 * piece is 0 points away) */
	unsigned line = slide_of[256 + to - from], at = ray_at[from][line & 3];
	uint32_t m = o->line[at & 31] >> (at >> 8);
	unsigned jump = (kind == K_CANNON) & (cap != 0), slider = kind - K_CHARIOT < 2;
	uint32_t past = jump ? m & (m - 1) : m;
	unsigned slides = ((unsigned)__builtin_ctz(past) + 1 == line >> 2) | !slider;

	return ((g.need & zone_of[side][to]) != 0) & (b[from + g.empty] == 0) & slides;
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

/* make_counted() on the position; in_check is the callers'. */
static inline void make_rest(struct xq_pos *pos, unsigned from, unsigned to, unsigned v,
			     unsigned cap)
{
	struct counters c = { pos->key, pos->side, pos->halfmove, pos->fullmove };
	make_counted(&c, pos->sq_of, from, to, v, cap);
	put_counters(pos, &c);
}

/* The move on the board, key, slots and counters; in_check is the callers'. */
static inline void make_board(struct xq_pos *pos, xq_move m, struct xq_undo *u)
{
	int from = MOVE_FROM(m), to = MOVE_TO(m);
	uint8_t v = pos->board[from], cap = pos->board[to];

	u->key = pos->key;
	u->halfmove = pos->halfmove;
	u->fullmove = pos->fullmove;
	u->captured = cap;

	pos->board[to] = v;
	pos->board[from] = 0;
	u->in_check = pos->in_check;
	make_rest(pos, from, to, v, cap);
}

void xq_make(struct xq_pos *pos, xq_move m, struct xq_undo *u)
{
	make_board(pos, m, u);
	pos->in_check = (uint8_t)gives_check(pos->board, king_isq(pos, pos->side), !pos->side,
					     MOVE_FROM(m), MOVE_TO(m));
	XQ_CHECK_POSITION(pos);
}

/*
 * Replay's main line, each move tested and made in one (see board.h): the
 * move is put on the board first, so that the tests read the board as it
 * stands (no "as if" reads), and it tests only what xq_is_legal() tests:
 * the step by the rules of its kind, out of check, the rays from the king
 * through the two changed points and the horses behind a leg it frees.
 * The tests read the board's lines (struct occ) where they would scan,
 * and a king's rays only where an enemy chariot or cannon stands on them
 * (run_attacks()).  An illegal move is taken back off the board.  Key,
 * side, counters and check stay in registers over the run and go to pos
 * at its end.
 */
struct xq_node *xq__replay_run(struct xq_pos *pos, struct xq_node *n, int *plies,
			       struct xq_node **last, int relative)
{
	uint8_t *b = pos->board;
	struct counters c = { pos->key, pos->side, pos->halfmove, pos->fullmove };
	unsigned check = pos->in_check;
	int played = 0;
	struct occ o;
	/* the rays from the king of the side to move that hold a chariot or
	 * cannon of the other side's, for the next move's test of its own
	 * king; worked out anew for the other king with each move (its
	 * check), which is the king to move at the next (a piece of those
	 * the move takes stays in: a ray too many is only read for nothing) */
	unsigned holders = ray_holders(pos->sq_of + (pos->side ^ 1) * 16,
				       pos->sq_of[pos->side * 16 + SLOT_KING]);

	occ_init(&o, pos->sq_of);
	for (; n; n = n->child) {
		unsigned from, to, side = c.side, tag = SIDE_TAG(side), v, cap, king, k;

		if (n->move != XQ_MOVE_NONE || !n->text || n->next)
			break;
		if (!quick_iccs(n->text, &from, &to)) {
			/* relative: the common Chinese and WXF shapes too
			 * (xq__relative_quick_on, lib/notation.c) */
			xq_move m = relative ? xq__relative_quick_on(pos->sq_of + side * 16, (int)side,
								      n->text) : XQ_MOVE_NONE;
			if (m == XQ_MOVE_NONE)
				break;
			from = MOVE_FROM(m);
			to = MOVE_TO(m);
		}
		v = b[from];
		cap = b[to];
		if (!(v & tag) || (cap & tag))
			break;
		b[to] = (uint8_t)v;
		b[from] = 0;
		occ_clear(&o, from);
		occ_set(&o, to);
		if (!run_goes(b, &o, side, from, to, v, cap))
			goto illegal;
		king = pos->sq_of[side * 16 + SLOT_KING];
		k = pos->sq_of[(side ^ 1) * 16 + SLOT_KING];
		if (from == king || check) {
			if (run_attacked(b, &o, from == king ? to : king, !side))
				goto illegal;
		} else if (run_attacks(b, &o, holders, 0, king, !side, from, to) ||
			   ((((king ^ k) | (from ^ k)) & 15) == 0 && kings_face(&o, king, k))) {
			/* (the move exposes its own king) */
			goto illegal;
		}
		make_counted(&c, pos->sq_of, from, to, v, cap);
		holders = ray_holders(pos->sq_of + side * 16, k);
		check = (unsigned)run_attacks(b, &o, holders, near_role[v], k, (int)side, from, to);
		n->move = MOVE(from, to);
		mark_played(n, c.key, (int)check, cap);
		*last = n;
		played++;
#ifdef XQ_CHECK_POSITIONS
		put_counters(pos, &c);
		pos->in_check = (uint8_t)check;
		XQ_CHECK_POSITION(pos);
#endif
		continue;
illegal:
		/* (the lines are the run's own and end with it) */
		b[from] = (uint8_t)v;
		b[to] = (uint8_t)cap;
		break;
	}
	put_counters(pos, &c);
	pos->in_check = (uint8_t)check;
	*plies += played;
	return n;
}

int xq__gives_check(struct xq_pos *pos, xq_move m)
{
	int from = MOVE_FROM(m), to = MOVE_TO(m), c;
	uint8_t v = pos->board[from], cap = pos->board[to];

	pos->board[to] = v;
	pos->board[from] = 0;
	c = gives_check(pos->board, king_isq(pos, !pos->side), pos->side, from, to);
	pos->board[from] = v;
	pos->board[to] = cap;
	return c;
}

void xq__make_any(struct xq_pos *pos, xq_move m)
{
	struct xq_undo u;
	make_board(pos, m, &u);
	pos->in_check = (uint8_t)xq__attacked(pos, king_isq(pos, pos->side), !pos->side);
	XQ_CHECK_POSITION(pos);
}

void xq_unmake(struct xq_pos *pos, xq_move m, const struct xq_undo *u)
{
	int from = MOVE_FROM(m), to = MOVE_TO(m);
	uint8_t v = pos->board[to], cap = u->captured;

	pos->board[from] = v;
	pos->board[to] = cap;
	pos->sq_of[PIECE_SIDE(v) * 16 + PIECE_SLOT(v)] = (uint8_t)from;
	if (cap)
		pos->sq_of[PIECE_SIDE(cap) * 16 + PIECE_SLOT(cap)] = (uint8_t)to;
	pos->side ^= 1;
	pos->in_check = u->in_check;
	pos->key = u->key;
	pos->halfmove = u->halfmove;
	pos->fullmove = u->fullmove;
	XQ_CHECK_POSITION(pos);
}

uint64_t xq_perft(struct xq_pos *pos, int depth)
{
	xq_move moves[XQ_MAX_MOVES];
	uint64_t nodes = 0;
	int n;

	if (depth <= 0)
		return 1;
	n = generate(pos, moves, 0);
	if (depth == 1)
		return (uint64_t)n;
	for (int i = 0; i < n; i++) {
		struct xq_undo u;
		xq_make(pos, moves[i], &u);
		nodes += xq_perft(pos, depth - 1);
		xq_unmake(pos, moves[i], &u);
	}
	return nodes;
}

int xq_perft_divide(struct xq_pos *pos, int depth, xq_move *moves, uint64_t *counts)
{
	int n = generate(pos, moves, 0);

	xq_sort_moves(moves, n);
	for (int i = 0; i < n; i++) {
		struct xq_undo u;
		xq_make(pos, moves[i], &u);
		counts[i] = xq_perft(pos, depth - 1);
		xq_unmake(pos, moves[i], &u);
	}
	return n;
}

int xq_move_from(xq_move m) { return isq_to_sq(MOVE_FROM(m)); }
int xq_move_to(xq_move m) { return isq_to_sq(MOVE_TO(m)); }
xq_move xq_move_make(int from_sq, int to_sq)
{
	return MOVE(sq_to_isq(from_sq), sq_to_isq(to_sq));
}

void xq_move_iccs(xq_move m, char out[5])
{
	int f = MOVE_FROM(m), t = MOVE_TO(m);
	out[0] = (char)('a' + ISQ_FILE(f));
	out[1] = (char)('0' + ISQ_RANK(f));
	out[2] = (char)('a' + ISQ_FILE(t));
	out[3] = (char)('0' + ISQ_RANK(t));
	out[4] = '\0';
}

static int cmp_iccs(const void *a, const void *b)
{
	char x[5], y[5];
	xq_move_iccs(*(const xq_move *)a, x);
	xq_move_iccs(*(const xq_move *)b, y);
	return strcmp(x, y);
}

void xq_sort_moves(xq_move *moves, int n)
{
	qsort(moves, (size_t)n, sizeof *moves, cmp_iccs);
}
