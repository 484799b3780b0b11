/*
 * ref_movegen.c - the slow reference move generator (ref_movegen.h).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "ref_movegen.h"

struct grid {
	char at[10][9]; /* [rank][file], rank 0 Red's back rank; '.' empty */
	int side;       /* 0 Red, 1 Black to move */
};

static int side_of(char c) { return c == '.' ? -1 : isupper((unsigned char)c) ? 0 : 1; }

static int in_palace(int f, int r, int side)
{
	return f >= 3 && f <= 5 && (side == 0 ? r <= 2 : r >= 7);
}

static int own_half(int r, int side) { return side == 0 ? r <= 4 : r >= 5; }

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
		return abs(df) + abs(dr) == 1 && in_palace(tf, tr, side);
	case 'a':
		return abs(df) == 1 && abs(dr) == 1 && in_palace(tf, tr, side);
	case 'b':
		return abs(df) == 2 && abs(dr) == 2 && own_half(tr, side) &&
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
		return dr == 0 && abs(df) == 1 && !own_half(r, side);
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
