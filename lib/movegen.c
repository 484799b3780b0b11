/*
 * movegen.c - legal moves, attacks, check, make/unmake and perft.
 *
 * Moves are generated per piece from its slot, then filtered for king
 * safety.  Most moves cannot expose the king at all: out of check, the
 * pieces pinned to the king (by a chariot, the other king, a cannon behind
 * two screens, a horse behind a leg) are found once per position, and only
 * their moves, the king's steps and moves on to the line of a cannon
 * facing the king are tested.  A pinned piece's test reads the board "as
 * if" the move were made (at(), trymove.h), a king's step asks the enemy's
 * pieces from their slots, so that generation never writes to the
 * position; in check every move is tried on a copy.  Perft's last ply
 * counts the legal moves without listing them.
 *
 * Whether the side to move is in check is kept in the position by
 * xq_make(), which looks only at what the two changed points touch
 * (gives_check); xq_is_legal() likewise tests only the rays and horse legs
 * a move changes.  Both are replay's run's tests (trymove.h), reading the
 * board by scans where the run reads its lines.
 */
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "movegen.h"
#include "trymove.h"

static const int diag[4] = { 15, 17, -15, -17 };

/* Horse jumps and the leg point that must be empty, relative to the horse. */
static const int horse_jump[8] = { 33, 31, -33, -31, 18, -14, -18, 14 };
static const int horse_leg[8] = { 16, 16, -16, -16, 1, 1, -1, -1 };

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

/* Steps by the point difference to - from + 256 (a difference of two
 * points fixes their rank and file differences, files being 9 apart at
 * most): a king's step, as a pawn attacks; a horse's jump is
 * horse_leg_of[] (movegen.h). */
enum { STEP_KING = 1 };
#define D(d) [256 + (d)]
static const uint8_t step_kind[512] = {
	D(1) = STEP_KING, D(-1) = STEP_KING, D(16) = STEP_KING, D(-16) = STEP_KING,
};
#undef D

/* Palace points by side: palace_of[isq] & (1 << side). */
#define PR(r, bit) [ISQ(3, r)] = bit, [ISQ(4, r)] = bit, [ISQ(5, r)] = bit
static const uint8_t palace_of[256] = {
	PR(0, 1), PR(1, 1), PR(2, 1), PR(7, 2), PR(8, 2), PR(9, 2),
};
#undef PR

/*
 * attacked_now() from the attackers' side: each piece of side `by` that
 * can attack at all, from its slot, tested against k by its difference to
 * it (a horse: the jump and its leg; a chariot, cannon or the king: in
 * line, with the pieces between counted).  The same answer as the scan
 * from k when the slots agree with the board; cheaper, since few pieces
 * are ever in line with k.
 */
/* A chariot, cannon or king on s (screens: 0, 1, 0) attacks k: in line,
 * with that many pieces between, the point `gone` read as empty. */
SCAN int line_attacks(const uint8_t *b, int s, int k, int screens, int gone)
{
	int step, between = 0;
	if (((s ^ k) & 15) == 0)
		step = k > s ? 16 : -16;
	else if (((s ^ k) >> 4) == 0)
		step = k > s ? 1 : -1;
	else
		return 0;
	for (int i = s + step; i != k; i += step)
		if (b[i] && i != gone && ++between > screens)
			return 0;
	return between == screens;
}

/* sq: the slots of side `by`; gone: a point read as empty (0: none); a
 * slot on k itself is a piece being taken there. */
SCAN int attacked_by_slots(const uint8_t *b, const uint8_t *sq, int k, int by, int gone)
{
	int back = -FORWARD(by), s;

	/* a taken piece's slot is 0, which no table entry reaches from k,
	 * nor does k itself */
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
	if ((s = sq[SLOT_KING]) && line_attacks(b, s, k, 0, gone))
		return 1;
	for (int slot = SLOT_CHARIOT; slot < SLOT_CANNON + 2; slot++)
		if ((s = sq[slot]) && s != k && line_attacks(b, s, k, slot >= SLOT_CANNON, gone))
			return 1;
	return 0;
}

static int attacked_by_pieces(const struct xq_pos *pos, int k, int by)
{
	return attacked_by_slots(pos->board, pos->sq_of + by * 16, k, by, 0);
}


/*
 * What the king's surroundings say about which moves might expose it,
 * worked out once per position (out of check).  On each ray from the king
 * (ortho[] order) let p1, p2, p3 be the first three pieces.  An own p1 is
 * pinned when an enemy chariot (or the enemy king, on a file) stands
 * second or an enemy cannon third; an own p2 when an enemy cannon stands
 * third (either leaves the cannon one screen).  An own piece on a
 * horse-leg point next to the king is pinned when an enemy horse waits
 * behind it.  When p1 is an enemy cannon, a piece put between it and the
 * king becomes its screen (and p1 itself may be the screen of a cannon
 * third).  Nothing else a move does can expose the king: only the moves
 * of pinned pieces and of the king, and the moves on to a cannon's empty
 * line, get the full attack test; out of check the others are legal as
 * generated.  In check, every move that might answer it is tried
 * (survey_checks()).
 */
struct gen {
	const uint8_t *b;
	int side, king;
	const uint8_t *enemy_sq; /* the enemy's slots */
	unsigned pinned; /* own slots, as bits, whose moves need the test (the king's too) */
	unsigned fast; /* own slots, as bits, whose moves need no test */
	unsigned screens; /* rays, as bits, whose first piece is an enemy cannon */
	int p1[4];
	xq_move *out;
	int n;
	int caps;   /* captures only */
	struct xq_pos *work; /* in check: a copy to try the moves on */
	const uint64_t *evade; /* in check: points, as bits, a move must leave or reach */
};

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

SCAN void survey_king(struct gen *g)
{
	const uint8_t *b = g->b;
	int k = g->king, own = SIDE_TAG(g->side), enemy = SIDE_TAG(!g->side);
	unsigned pinned = 1u << SLOT_KING, screens = 0;

	for (int d = 0; d < 4; d++) {
		int step = ortho[d], i = k + step;
		uint8_t v1, v2, v3;
		int cannon3;

		while ((v1 = b[i]) == 0)
			i += step;
		g->p1[d] = i;
		if (v1 == XQ_OFFBOARD)
			continue;
		if (IS_SLOTS(v1, enemy, SLOT_CANNON, 2))
			screens |= 1u << d; /* (and it may screen a cannon third) */
		for (i += step; (v2 = b[i]) == 0; i += step)
			;
		if (v2 == XQ_OFFBOARD)
			continue;
		for (i += step; (v3 = b[i]) == 0; i += step)
			;
		cannon3 = IS_SLOTS(v3, enemy, SLOT_CANNON, 2);
		if ((v1 & own) && (cannon3 || IS_SLOTS(v2, enemy, SLOT_CHARIOT, 2) ||
				   (d < 2 && v2 == enemy + SLOT_KING)))
			pinned |= 1u << PIECE_SLOT(v1);
		if ((v2 & own) && cannon3)
			pinned |= 1u << PIECE_SLOT(v2);
	}
	for (int d = 0; d < 4; d++) {
		unsigned l = (unsigned)(k + diag[d]);
		uint8_t v = b[l];
		if ((v & own) && horse_behind(b, (unsigned)k, l, enemy))
			pinned |= 1u << PIECE_SLOT(v);
	}
	g->pinned = pinned;
	g->screens = screens;
}

/*
 * In check, the points a move other than the king's must leave or reach
 * to answer it: each checker's point (to take it), the points between it
 * and the king (to block a chariot's or the king's line, to put a second
 * screen before a cannon or take its screen away), a checking horse's
 * leg.  A move that touches none leaves every checker checking; the
 * others get the full test.
 */
SCAN void evade_add(uint64_t *evade, unsigned i)
{
	evade[i >> 6] |= 1ull << (i & 63);
}

/* (evade: 4 words; the enemy's slots sq, the king on k) */
static void survey_checks(uint64_t *evade, const uint8_t *b, const uint8_t *sq, int k, int by)
{
	int back = -FORWARD(by);

	memset(evade, 0, 4 * sizeof *evade);
	for (int slot = SLOT_HORSE; slot < SLOT_HORSE + 2; slot++) {
		int s = sq[slot], leg = horse_leg_of[256 + k - s];
		if (s && leg && b[s + leg] == 0) {
			evade_add(evade, (unsigned)s);
			evade_add(evade, (unsigned)(s + leg));
		}
	}
	for (int slot = SLOT_PAWN; slot < SLOT_PAWN + 5; slot++) {
		int s = sq[slot];
		if (s && step_kind[256 + k - s] == STEP_KING && k - s != back)
			evade_add(evade, (unsigned)s);
	}
	/* the king on its file (slot 0), the chariots, the cannons */
	for (int slot = SLOT_CHARIOT - 1; slot < SLOT_CANNON + 2; slot++) {
		int s = sq[slot < SLOT_CHARIOT ? SLOT_KING : slot], step;
		if (!s || !line_attacks(b, s, k, slot >= SLOT_CANNON, 0))
			continue;
		step = ((s ^ k) & 15) == 0 ? (k > s ? 16 : -16) : (k > s ? 1 : -1);
		for (int i = s; i != k; i += step)
			evade_add(evade, (unsigned)i);
	}
}

/* Whether a piece put on the empty point `to` becomes the screen of an
 * enemy cannon facing the king. */
static inline int makes_screen(const struct gen *g, int to)
{
	unsigned r = king_rel[256 + to - g->king], d = r & 3;
	if (!(r & KR_RAY) || !(g->screens >> d & 1))
		return 0;
	return ortho[d] > 0 ? to < g->p1[d] : to > g->p1[d];
}

/* One move (test: of a pinned piece or the king): kept, or with `count`
 * counted, when legal.  With `fast` (a piece not pinned, no cannon facing
 * the king, not in check) it is legal as generated. */
SCAN void add(int count, struct gen *g, int fast, int test, int from, int to)
{
	if (g->caps && !g->b[to])
		return;
	if (fast) {
		/* nothing to test */
	} else if (g->work) {
		/* in check: every move that might answer it is tried */
		if (from != g->king && !(g->evade[to >> 6] >> (to & 63) & 1) &&
		    !(g->evade[from >> 6] >> (from & 63) & 1))
			return;
		if (exposes(g->work, g->king, from, to))
			return;
	} else if (from == g->king) {
		if (attacked_by_slots(g->b, g->enemy_sq, to, !g->side, from))
			return;
	} else if (test || (g->screens && makes_screen(g, to))) {
		if (attacked_after(g->b, g->king, !g->side, from, to, g->b[from]))
			return;
	}
	if (count)
		g->n++;
	else
		g->out[g->n++] = MOVE(from, to);
}

/* A slider's steps along ray `step` up to the first piece (its point
 * returned), counted at once when nothing needs testing. */
SCAN int slide(int count, struct gen *g, int fast, int test, int from, int step, int quiet)
{
	const uint8_t *b = g->b;
	int to = from + step;

	if (count && fast) {
		while (b[to] == 0)
			to += step;
		/* the points passed: the distance over the (constant) step */
		g->n += (int)((unsigned)(step > 0 ? to - from : from - to) /
			      (unsigned)(step > 0 ? step : -step)) - 1;
		return to;
	}
	for (; b[to] == 0; to += step)
		if (quiet)
			add(count, g, fast, test, from, to);
	return to;
}

/* A chariot's or a cannon's moves along ray `step`. */
SCAN void ray_moves(int count, struct gen *g, int kind, int fast, int test, int from, int step)
{
	const uint8_t *b = g->b;
	int blocked = SIDE_TAG(g->side) | XQ_OFFBOARD, to;

	to = slide(count, g, fast, test, from, step, !g->caps);
	if (kind == XQ_CANNON) {
		if (b[to] == XQ_OFFBOARD)
			return;
		for (to += step; b[to] == 0; to += step)
			;
	}
	if (!(b[to] & blocked))
		add(count, g, fast, test, from, to);
}

/* The moves of one piece on `from`, of kind `kind` in slot `slot`
 * (all_fast: no piece but the king needs the test). */
SCAN void piece_moves(int count, int all_fast, struct gen *g, int kind, int slot, int from)
{
	const uint8_t *b = g->b;
	int side = g->side;
	int blocked = SIDE_TAG(side) | XQ_OFFBOARD; /* own pieces and padding */
	int test = all_fast ? 0 : (int)(g->pinned >> slot & 1);
	int fast = all_fast ? 1 : (int)(g->fast >> slot & 1), to;

	switch (kind) {
	case XQ_KING:
		for (int d = 0; d < 4; d++) {
			to = from + ortho[d];
			if ((palace_of[to] >> side & 1) && !(b[to] & blocked))
				add(count, g, 0, 1, from, to);
		}
		break;
	case XQ_ADVISOR:
		for (int d = 0; d < 4; d++) {
			to = from + diag[d];
			if ((palace_of[to] >> side & 1) && !(b[to] & blocked))
				add(count, g, fast, test, from, to);
		}
		break;
	case XQ_ELEPHANT:
		for (int d = 0; d < 4; d++) {
			to = from + 2 * diag[d];
			if (!(b[to] & blocked) && b[from + diag[d]] == 0 && own_half(to, side))
				add(count, g, fast, test, from, to);
		}
		break;
	case XQ_HORSE:
		/* by leg, each leg's two jumps (horse_jump[]'s order) */
		for (int d = 0; d < 8; d += 2) {
			if (b[from + horse_leg[d]] != 0)
				continue;
			to = from + horse_jump[d];
			if (!(b[to] & blocked))
				add(count, g, fast, test, from, to);
			to = from + horse_jump[d + 1];
			if (!(b[to] & blocked))
				add(count, g, fast, test, from, to);
		}
		break;
	case XQ_CHARIOT:
	case XQ_CANNON:
		/* the rays in ortho[]'s order, each step a constant */
		ray_moves(count, g, kind, fast, test, from, 16);
		ray_moves(count, g, kind, fast, test, from, -16);
		ray_moves(count, g, kind, fast, test, from, 1);
		ray_moves(count, g, kind, fast, test, from, -1);
		break;
	case XQ_PAWN:
		to = from + FORWARD(side);
		if (!(b[to] & blocked))
			add(count, g, fast, test, from, to);
		if (!own_half(from, side)) {
			if (!(b[from + 1] & blocked))
				add(count, g, fast, test, from, from + 1);
			if (!(b[from - 1] & blocked))
				add(count, g, fast, test, from, from - 1);
		}
		break;
	}
}

/* Every piece's moves, slot by slot, each kind's code compiled for its
 * slots (one: stop after the first piece that has a legal move). */
SCAN int all_pieces(int count, int all_fast, struct gen *g, const uint8_t *sq_of, int one)
{
#define KIND(kind, first, count_of_slots)                                    \
	for (int slot = (first); slot < (first) + (count_of_slots); slot++) { \
		if (sq_of[slot])                                                 \
			piece_moves(count, all_fast, g, kind, slot, sq_of[slot]); \
		if (one && g->n)                                                 \
			return g->n;                                             \
	}
	KIND(XQ_KING, SLOT_KING, 1)
	KIND(XQ_ADVISOR, SLOT_ADVISOR, 2)
	KIND(XQ_ELEPHANT, SLOT_ELEPHANT, 2)
	KIND(XQ_HORSE, SLOT_HORSE, 2)
	KIND(XQ_CHARIOT, SLOT_CHARIOT, 2)
	KIND(XQ_CANNON, SLOT_CANNON, 2)
	KIND(XQ_PAWN, SLOT_PAWN, 5)
#undef KIND
	return g->n;
}

/* The legal moves (caps: the captures only; one: stop after the first
 * piece that has a legal move, for xq_status() and xq__has_legal_move());
 * with `count`, only their number. */
SCAN int generate_in(int count, const struct xq_pos *pos, xq_move *out, int caps, int one)
{
	struct gen g;
	struct xq_pos work;
	uint64_t evade[4];
	const uint8_t *sq_of = pos->sq_of + pos->side * 16;

	g.b = pos->board;
	g.side = pos->side;
	g.king = king_isq(pos, pos->side);
	g.enemy_sq = pos->sq_of + !pos->side * 16;
	g.out = out;
	g.n = 0;
	g.caps = caps;
	g.work = NULL;
	if (pos->in_check) {
		work = *pos;
		g.work = &work;
		survey_checks(evade, g.b, g.enemy_sq, g.king, !g.side);
		g.evade = evade;
		g.pinned = ~0u;
		g.screens = 0;
	} else {
		survey_king(&g);
	}

	/* the slots whose moves are legal as generated */
	g.fast = g.work || g.screens ? 0 : ~g.pinned;
	/* most positions: nothing pinned, no cannon facing the king */
	if (g.fast == ~(1u << SLOT_KING))
		return all_pieces(count, 1, &g, sq_of, one);
	return all_pieces(count, 0, &g, sq_of, one);
}

static int generate_moves(const struct xq_pos *pos, xq_move *out, int caps, int one)
{
	return generate_in(0, pos, out, caps, one);
}

/* The number of legal moves, none written (perft's last ply). */
static int count_moves(const struct xq_pos *pos)
{
	return generate_in(1, pos, NULL, 0, 0);
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

enum xq_status xq_status(const struct xq_pos *pos)
{
	xq_move moves[XQ_MAX_MOVES];
	if (generate_moves(pos, moves, 0, 1) > 0)
		return XQ_PLAYING;
	return xq_in_check(pos) ? XQ_CHECKMATE : XQ_STALEMATE;
}



/* Out of check, a move exposes the king only along the rays through the
 * two points it changes, or by freeing a horse's leg, or the kings face:
 * try_move() (trymove.h) reads the board as if it were made. */
int xq_is_legal(const struct xq_pos *pos, xq_move m)
{
	const uint8_t *b = pos->board;
	unsigned from = MOVE_FROM(m), to = MOVE_TO(m), side = pos->side, tag = SIDE_TAG(side);
	uint8_t v = b[from], cap = b[to];
	struct look w = { b, NULL, from, to, v };

	/* (a point off the board holds no piece, and is no step's
	 * destination: step_goes()) */
	if (!(v & tag) || (cap & tag))
		return 0;
	/* every ray through the two points read (KR_RAYS): cheaper here
	 * than finding which hold a chariot or cannon */
	return try_move(AFTER, &w, pos->sq_of, side, v, cap, pos->in_check, KR_RAYS);
}

/* Whether the move just made on the board (from, to) gives check to the
 * king on k: move_attacks() with every ray through the two points read
 * (the moved piece is by's). */
SCAN int gives_check(const uint8_t *b, unsigned k, int by, unsigned from, unsigned to)
{
	struct look w = { b, NULL, from, to, 0 };
	return move_attacks(NOW, &w, KR_RAYS, near_role[b[to]], k, by);
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
	if (depth == 1)
		return (uint64_t)count_moves(pos);
	n = generate(pos, moves, 0);
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
