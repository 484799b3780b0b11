/*
 * movegen.c - legal moves, attacks, check, make/unmake and perft.
 *
 * Moves are generated per piece from its slot, then filtered for king
 * safety.  The safety test asks whether the king would be attacked with the
 * board read "as if" the move were made (at() below), so that generation
 * never writes to the position.  Most moves cannot expose the king at all:
 * when not in check, only king moves and moves from or to the king's file
 * or rank, or off a horse-leg point next to the king, are tested.
 */
#include <stdlib.h>
#include <string.h>

#include "board.h"

static const int ortho[4] = { 16, -16, 1, -1 };
static const int diag[4] = { 15, 17, -15, -17 };

/* Horse jumps and the leg point that must be empty, relative to the horse. */
static const int horse_jump[8] = { 33, 31, -33, -31, 18, -14, -18, 14 };
static const int horse_leg[8] = { 16, 16, -16, -16, 1, 1, -1, -1 };

/* The board value at i once `mover` has gone from `from` to `to`.  With
 * from = to = 0 (a padding point no scan reaches) it is the board itself. */
static inline uint8_t at(const uint8_t *b, int i, int from, int to, uint8_t mover)
{
	return i == to ? mover : i == from ? 0 : b[i];
}

/* Is point k attacked by side `by` once the move from->to is made? */
static int attacked_after(const uint8_t *b, int k, int by, int from, int to, uint8_t mover)
{
	int enemy = SIDE_TAG(by);
	uint8_t v;

	/* Chariots and the facing king on the lines, cannons one screen on. */
	for (int d = 0; d < 4; d++) {
		int step = ortho[d], i = k + step;
		while ((v = at(b, i, from, to, mover)) == 0)
			i += step;
		if (v & enemy) {
			int t = piece_type(v);
			if (t == XQ_CHARIOT || (t == XQ_KING && d < 2))
				return 1;
		}
		if (v == XQ_OFFBOARD)
			continue;
		i += step;
		while ((v = at(b, i, from, to, mover)) == 0)
			i += step;
		if ((v & enemy) && piece_type(v) == XQ_CANNON)
			return 1;
	}
	/* Horses: the one that jumps by d onto k stands at k - d. */
	for (int d = 0; d < 8; d++) {
		int h = k - horse_jump[d];
		v = at(b, h, from, to, mover);
		if ((v & enemy) && piece_type(v) == XQ_HORSE &&
		    at(b, h + horse_leg[d], from, to, mover) == 0)
			return 1;
	}
	/* Pawns: one in front of k (seen from the pawn) or beside it. */
	v = at(b, k - FORWARD(by), from, to, mover);
	if ((v & enemy) && piece_type(v) == XQ_PAWN)
		return 1;
	for (int d = -1; d <= 1; d += 2) {
		v = at(b, k + d, from, to, mover);
		if ((v & enemy) && piece_type(v) == XQ_PAWN)
			return 1;
	}
	return 0;
}

int xq__attacked(const struct xq_pos *pos, int isq, int by)
{
	return attacked_after(pos->board, isq, by, 0, 0, 0);
}

int xq_in_check(const struct xq_pos *pos)
{
	return xq__attacked(pos, king_isq(pos, pos->side), !pos->side);
}

/* Collects moves, filtering those that would leave the king attacked. */
struct gen {
	const uint8_t *b;
	int side, king, check;
	xq_move *out;
	int n;
};

static inline void add(struct gen *g, int from, int to)
{
	int k = g->king;
	uint8_t mover = g->b[from];

	if (from == k) {
		if (attacked_after(g->b, to, !g->side, from, to, mover))
			return;
	} else if (g->check || ((from ^ k) & 15) == 0 || ((from ^ k) >> 4) == 0 ||
		   ((to ^ k) & 15) == 0 || ((to ^ k) >> 4) == 0 ||
		   abs(from - k) == 15 || abs(from - k) == 17) {
		if (attacked_after(g->b, k, !g->side, from, to, mover))
			return;
	}
	g->out[g->n++] = MOVE(from, to);
}

static int generate(const struct xq_pos *pos, xq_move *out)
{
	const uint8_t *b = pos->board;
	int side = pos->side;
	int blocked = SIDE_TAG(side) | XQ_OFFBOARD; /* own pieces and padding */
	int fwd = FORWARD(side);
	struct gen g = { b, side, king_isq(pos, side), 0, out, 0 };
	const uint8_t *sq_of = pos->sq_of + side * 16;

	g.check = xq__attacked(pos, g.king, !side);

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
					add(&g, from, to);
				if (!(b[to] & blocked))
					add(&g, from, to);
			}
			break;
		case XQ_CANNON:
			for (int d = 0; d < 4; d++) {
				for (to = from + ortho[d]; b[to] == 0; to += ortho[d])
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
	}
	return g.n;
}

int xq_legal_moves(const struct xq_pos *pos, xq_move *moves)
{
	return generate(pos, moves);
}

/* Pseudo-legality of one move, straight from the rules (not from the
 * generator, so that tests can hold one against the other). */
static int pseudo_legal(const struct xq_pos *pos, int from, int to)
{
	const uint8_t *b = pos->board;
	int side = pos->side;
	uint8_t v = b[from];
	int df, dr, step, between = 0;

	if (!in_board(from) || !in_board(to) || from == to)
		return 0;
	if (!(v & SIDE_TAG(side)) || (b[to] & SIDE_TAG(side)))
		return 0;
	df = ISQ_FILE(to) - ISQ_FILE(from);
	dr = ISQ_RANK(to) - ISQ_RANK(from);
	switch (piece_type(v)) {
	case XQ_KING:
		return in_palace(to, side) && abs(df) + abs(dr) == 1;
	case XQ_ADVISOR:
		return in_palace(to, side) && abs(df) == 1 && abs(dr) == 1;
	case XQ_ELEPHANT:
		return abs(df) == 2 && abs(dr) == 2 && own_half(to, side) &&
		       b[(from + to) / 2] == 0;
	case XQ_HORSE:
		if (abs(df) == 1 && abs(dr) == 2)
			return b[from + (dr > 0 ? 16 : -16)] == 0;
		if (abs(df) == 2 && abs(dr) == 1)
			return b[from + (df > 0 ? 1 : -1)] == 0;
		return 0;
	case XQ_CHARIOT:
	case XQ_CANNON:
		if (df != 0 && dr != 0)
			return 0;
		step = df > 0 ? 1 : df < 0 ? -1 : dr > 0 ? 16 : -16;
		for (int i = from + step; i != to; i += step)
			between += b[i] != 0;
		if (piece_type(v) == XQ_CHARIOT)
			return between == 0;
		return b[to] ? between == 1 : between == 0;
	case XQ_PAWN:
		if (to == from + FORWARD(side))
			return 1;
		return dr == 0 && abs(df) == 1 && !own_half(from, side);
	}
	return 0;
}

int xq_is_legal(const struct xq_pos *pos, xq_move m)
{
	int from = MOVE_FROM(m), to = MOVE_TO(m);
	int king;

	if (!pseudo_legal(pos, from, to))
		return 0;
	king = king_isq(pos, pos->side);
	return !attacked_after(pos->board, from == king ? to : king, !pos->side,
			       from, to, pos->board[from]);
}

enum xq_status xq_status(const struct xq_pos *pos)
{
	xq_move moves[XQ_MAX_MOVES];
	if (generate(pos, moves) > 0)
		return XQ_PLAYING;
	return xq_in_check(pos) ? XQ_CHECKMATE : XQ_STALEMATE;
}

void xq_make(struct xq_pos *pos, xq_move m, struct xq_undo *u)
{
	int from = MOVE_FROM(m), to = MOVE_TO(m);
	uint8_t v = pos->board[from], cap = pos->board[to];

	u->key = pos->key;
	u->halfmove = pos->halfmove;
	u->fullmove = pos->fullmove;
	u->captured = cap;

	pos->key ^= zobrist_of(v, from) ^ zobrist_of(v, to) ^ ZOBRIST_SIDE;
	if (cap) {
		pos->key ^= zobrist_of(cap, to);
		pos->sq_of[PIECE_SIDE(cap) * 16 + PIECE_SLOT(cap)] = 0;
		pos->halfmove = 0;
	} else {
		pos->halfmove++;
	}
	pos->board[to] = v;
	pos->board[from] = 0;
	pos->sq_of[PIECE_SIDE(v) * 16 + PIECE_SLOT(v)] = (uint8_t)to;
	if (pos->side == XQ_BLACK)
		pos->fullmove++;
	pos->side ^= 1;
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
	pos->key = u->key;
	pos->halfmove = u->halfmove;
	pos->fullmove = u->fullmove;
}

uint64_t xq_perft(struct xq_pos *pos, int depth)
{
	xq_move moves[XQ_MAX_MOVES];
	uint64_t nodes = 0;
	int n;

	if (depth <= 0)
		return 1;
	n = generate(pos, moves);
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
