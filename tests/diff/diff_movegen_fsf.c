/*
 * diff_movegen_fsf.c - differential test of the move generator: in
 * positions reached by seeded random games, our legal moves and
 * fairy-stockfish's (`go perft 1`) must be the same sets.
 */
#include "../unit/tap.h"
#include "fsf.h"
#include "xq.h"

/* fairy-stockfish's legal moves of a FEN, as sorted ICCS strings. */
static int fsf_moves(struct fsf *e, const char *fen, char moves[][5], int max)
{
	char line[512];
	int n = 0;

	fprintf(e->to, "position fen %s\ngo perft 1\n", fen);
	fflush(e->to);
	while (fgets(line, sizeof line, e->from)) {
		char from[2], to[2];
		int a, b;
		if (strncmp(line, "Nodes searched", 14) == 0)
			break;
		if (!(a = fsf_square(line, from)) || !(b = fsf_square(line + a, to)) ||
		    line[a + b] != ':')
			continue;
		if (n < max) {
			moves[n][0] = from[0]; moves[n][1] = from[1];
			moves[n][2] = to[0]; moves[n][3] = to[1]; moves[n][4] = 0;
		}
		n++;
	}
	qsort(moves, (size_t)(n < max ? n : max), 5, (int (*)(const void *, const void *))strcmp);
	return n;
}

/* A random move; every other ply a capture or a check when there is one,
 * so that the games reach tactical positions and not only shuffles. */
static xq_move pick(struct xq_pos *pos, const xq_move *moves, int n, unsigned long long *seed)
{
	xq_move sharp[XQ_MAX_MOVES];
	int m = 0;

	if (tap_rand(seed) % 2) {
		for (int i = 0; i < n; i++) {
			struct xq_undo u;
			int capture = xq_piece_type(pos, xq_move_to(moves[i])) != XQ_NONE, check;
			xq_make(pos, moves[i], &u);
			check = xq_in_check(pos);
			xq_unmake(pos, moves[i], &u);
			if (capture || check)
				sharp[m++] = moves[i];
		}
		if (m)
			return sharp[tap_rand(seed) % (unsigned)m];
	}
	return moves[tap_rand(seed) % (unsigned)n];
}

int main(void)
{
	struct fsf e;
	unsigned long long seed = 20261129;
	int positions = 0, agree = 0, reported = 0, checks = 0;

	if (!ok(fsf_start(&e) == 0, "fairy-stockfish runs (%s; apt-get install fairy-stockfish)", fsf_path()))
		return done_testing();
	for (int game = 0; game < 40; game++) {
		struct xq_pos pos;
		xq_pos_start(&pos);
		for (int ply = 0; ply < 200; ply++) {
			xq_move ours[XQ_MAX_MOVES];
			char fen[XQ_FEN_MAX], theirs[XQ_MAX_MOVES * 2][5];
			int n = xq_legal_moves(&pos, ours), m, same;
			struct xq_undo u;

			xq_sort_moves(ours, n);
			xq_pos_to_fen(&pos, fen, sizeof fen);
			m = fsf_moves(&e, fen, theirs, XQ_MAX_MOVES * 2);
			same = m == n;
			for (int i = 0; same && i < n; i++) {
				char iccs[5];
				xq_move_iccs(ours[i], iccs);
				same = strcmp(iccs, theirs[i]) == 0;
			}
			positions++;
			checks += xq_in_check(&pos);
			agree += same;
			if (!same && reported++ < 10)
				ok(0, "move sets differ in %s: ours %d, fairy-stockfish %d", fen, n, m);
			if (n == 0)
				break;
			xq_make(&pos, pick(&pos, ours, n, &seed), &u);
		}
	}
	fsf_stop(&e);
	ok(positions >= 1000, "%d positions from 40 seeded random games", positions);
	ok(checks >= 100, "%d of them in check", checks);
	is_int(agree, positions, "legal-move sets equal fairy-stockfish's");
	return done_testing();
}
