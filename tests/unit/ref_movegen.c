/*
 * ref_movegen.c - the slow reference move generator (ref_movegen.h).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "ref_movegen.h"
#include "trymove.h"

struct grid {
	char at[10][9]; /* [rank][file], rank 0 Red's back rank; '.' empty */
	int side;       /* 0 Red, 1 Black to move */
};

static int side_of(char c) { return c == '.' ? -1 : isupper((unsigned char)c) ? 0 : 1; }

static int grid_in_palace(int f, int r, int side)
{
	return f >= 3 && f <= 5 && (side == 0 ? r <= 2 : r >= 7);
}

static int grid_own_half(int r, int side) { return side == 0 ? r <= 4 : r >= 5; }

static void from_pos(const struct xq_pos *pos, struct grid *g)
{
	char fen[XQ_FEN_MAX];
	const char *p = fen;
	int r = 9, f = 0;

	xq_pos_to_fen(pos, fen, sizeof fen);
	memset(g->at, '.', sizeof g->at);
	for (; *p && *p != ' '; p++) {
		if (*p == '/') {
			r--;
			f = 0;
		} else if (isdigit((unsigned char)*p)) {
			f += *p - '0';
		} else {
			g->at[r][f++] = *p;
		}
	}
	g->side = p[1] == 'b';
}

/* Whether the piece on (f, r) may go to (tf, tr) by the rules of its kind,
 * whatever stands there (a cannon's target decides its screens). */
static int goes(const struct grid *g, int f, int r, int tf, int tr)
{
	char c = g->at[r][f];
	int side = side_of(c), df = tf - f, dr = tr - r, between = 0;

	switch (tolower((unsigned char)c)) {
	case 'k':
		return abs(df) + abs(dr) == 1 && grid_in_palace(tf, tr, side);
	case 'a':
		return abs(df) == 1 && abs(dr) == 1 && grid_in_palace(tf, tr, side);
	case 'b':
		return abs(df) == 2 && abs(dr) == 2 && grid_own_half(tr, side) &&
		       g->at[r + dr / 2][f + df / 2] == '.';
	case 'n':
		if (abs(df) == 1 && abs(dr) == 2)
			return g->at[r + dr / 2][f] == '.';
		if (abs(df) == 2 && abs(dr) == 1)
			return g->at[r][f + df / 2] == '.';
		return 0;
	case 'r':
	case 'c':
		if ((df != 0) == (dr != 0))
			return 0;
		for (int i = 1; i < abs(df) + abs(dr); i++)
			between += g->at[r + i * (dr > 0) - i * (dr < 0)][f + i * (df > 0) - i * (df < 0)] != '.';
		if (tolower((unsigned char)c) == 'r')
			return between == 0;
		return g->at[tr][tf] == '.' ? between == 0 : between == 1;
	case 'p':
		if (df == 0 && dr == (side == 0 ? 1 : -1))
			return 1;
		return dr == 0 && abs(df) == 1 && !grid_own_half(r, side);
	}
	return 0;
}

/* Whether `side`'s king is attacked, or faces the other king. */
static int king_exposed(const struct grid *g, int side)
{
	int kf = -1, kr = -1;
	char king = side == 0 ? 'K' : 'k';

	for (int r = 0; r < 10; r++)
		for (int f = 0; f < 9; f++)
			if (g->at[r][f] == king)
				kf = f, kr = r;
	for (int r = 0; r < 10; r++)
		for (int f = 0; f < 9; f++) {
			char c = g->at[r][f];
			if (side_of(c) != !side)
				continue;
			if (tolower((unsigned char)c) == 'k' && f == kf) {
				int lo = r < kr ? r : kr, hi = r < kr ? kr : r, between = 0;
				for (int i = lo + 1; i < hi; i++)
					between += g->at[i][f] != '.';
				if (between == 0)
					return 1;
			} else if (goes(g, f, r, kf, kr)) {
				return 1;
			}
		}
	return 0;
}

static int grid_moves(const struct grid *g, int *from, int *to)
{
	int n = 0;

	for (int r = 0; r < 10; r++)
		for (int f = 0; f < 9; f++) {
			if (side_of(g->at[r][f]) != g->side)
				continue;
			for (int tr = 0; tr < 10; tr++)
				for (int tf = 0; tf < 9; tf++) {
					struct grid after = *g;
					if (side_of(g->at[tr][tf]) == g->side || !goes(g, f, r, tf, tr))
						continue;
					after.at[tr][tf] = g->at[r][f];
					after.at[r][f] = '.';
					if (king_exposed(&after, g->side))
						continue;
					from[n] = XQ_SQ(f, r);
					to[n++] = XQ_SQ(tf, tr);
				}
		}
	return n;
}

int ref_legal_moves(const struct xq_pos *pos, xq_move *moves)
{
	struct grid g;
	int from[XQ_MAX_MOVES * 2], to[XQ_MAX_MOVES * 2], n;

	from_pos(pos, &g);
	n = grid_moves(&g, from, to);
	for (int i = 0; i < n && i < XQ_MAX_MOVES; i++)
		moves[i] = xq_move_make(from[i], to[i]);
	n = n < XQ_MAX_MOVES ? n : XQ_MAX_MOVES;
	xq_sort_moves(moves, n);
	return n;
}

uint64_t ref_perft(const struct xq_pos *pos, int depth)
{
	xq_move moves[XQ_MAX_MOVES];
	int n = ref_legal_moves(pos, moves);
	uint64_t nodes = 0;

	if (depth <= 1)
		return (uint64_t)n;
	for (int i = 0; i < n; i++) {
		struct xq_pos next = *pos;
		struct xq_undo u;
		xq_make(&next, moves[i], &u);
		nodes += ref_perft(&next, depth - 1);
	}
	return nodes;
}

/*
 * The library's former single-move test, kept as a second reference for
 * xq_is_legal() and xq_make()'s check (trymove.h): the step by the rules
 * of the piece's kind, then out of check the rays through the two
 * changed points read "as if" (at()), in check or for a king's move the
 * king's point tested whole on a copy (xq__attacked()).  It reads the
 * library's padded board, unlike the grid reference above.
 */

/* Steps by the point difference to - from + 256: a king's or an
 * advisor's step, an elephant's jump (its eye is halfway). */
enum { STEP_KING = 1, STEP_ADVISOR, STEP_ELEPHANT };
#define D(d) [256 + (d)]
static const uint8_t step_kind[512] = {
	D(1) = STEP_KING, D(-1) = STEP_KING, D(16) = STEP_KING, D(-16) = STEP_KING,
	D(15) = STEP_ADVISOR, D(17) = STEP_ADVISOR, D(-15) = STEP_ADVISOR, D(-17) = STEP_ADVISOR,
	D(30) = STEP_ELEPHANT, D(34) = STEP_ELEPHANT, D(-30) = STEP_ELEPHANT, D(-34) = STEP_ELEPHANT,
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
 * on to), from the tables above. */
static int piece_goes(const uint8_t *b, int side, unsigned from, unsigned to, unsigned v)
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
static int pseudo_legal(const struct xq_pos *pos, int from, int to)
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

/*
 * After side `by` moved from -> to (with NOW the board already shows it;
 * with AFTER it is read as if, the mover on to), is the king on k
 * attacked?  It was not before (the history is legal), so only what the
 * two changed points touch needs looking at: the rays through them, the
 * horses behind a leg the move freed, the moved piece itself as a horse
 * or a pawn.  rf and rt: king_rel[] of from and to, not both 0.  With
 * `by` the side that did not move, the same question is whether the move
 * exposed its own king (the piece on to is not by's then).
 */
SCAN int lines_attack(int mode, const uint8_t *b, unsigned k, int by, unsigned from,
		      unsigned to, unsigned rf, unsigned rt, uint8_t mover)
{
	int tag = SIDE_TAG(by);
	uint8_t v;

	if ((rf & KR_RAY) && ray_attacked_after(mode, b, k, rf & 3, by, from, to, mover))
		return 1;
	if ((rt & KR_RAY) && ((rt ^ rf) & 7) &&
	    ray_attacked_after(mode, b, k, rt & 3, by, from, to, mover))
		return 1;
	if ((rf & KR_DIAG) && horse_behind_in(mode, b, k, from, tag, from, to, mover))
		return 1;
	v = at(mode, b, to, from, to, mover);
	if (rt & KR_JUMP)
		return IS_SLOTS(v, tag, SLOT_HORSE, 2) &&
		       at(mode, b, to + horse_leg_of[256 + k - to], from, to, mover) == 0;
	if (rt & KR_STEP)
		return IS_SLOTS(v, tag, SLOT_PAWN, 5) && to - k != (unsigned)FORWARD(by);
	return 0;
}

int ref_gives_check(const uint8_t *b, unsigned k, int by, unsigned from, unsigned to)
{
	unsigned rf = king_rel[256 + from - k], rt = king_rel[256 + to - k];
	return (rf | rt) && lines_attack(NOW, b, k, by, from, to, rf, rt, 0);
}

int ref_is_legal(const struct xq_pos *pos, xq_move m)
{
	const uint8_t *b = pos->board;
	unsigned from = MOVE_FROM(m), to = MOVE_TO(m), king, rf, rt;
	int by = !pos->side;

	if (!pseudo_legal(pos, (int)from, (int)to))
		return 0;
	king = (unsigned)king_isq(pos, pos->side);
	if (from == king || pos->in_check) {
		struct xq_pos after = *pos;
		after.board[to] = after.board[from];
		after.board[from] = 0;
		return !xq__attacked(&after, (int)(from == king ? to : king), by);
	}
	rf = king_rel[256 + from - king];
	rt = king_rel[256 + to - king];
	return !((rf | rt) && lines_attack(AFTER, b, king, by, from, to, rf, rt, b[from]));
}
