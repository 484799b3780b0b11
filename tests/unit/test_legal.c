/*
 * test_legal.c - the move generator (lib/movegen.c) against the slow
 * reference (ref_movegen.c): the tricky cases one by one (cannon screens
 * and pins, the flying general, horse legs, checks by two pieces,
 * evasions), then every position of seeded random games: the same legal
 * moves as a list, the same number from perft's counting last ply, the
 * captures, the status, and perft 2 against the reference's.
 */
#include <inttypes.h>
#include <string.h>

#include "tap.h"
#include "xq.h"
#include "board.h"
#include "ref_movegen.h"

static int shown_failures;

/* Whether the generator's moves of pos are the reference's, and perft 1
 * (the counting path) their number; the first few that are not shown. */
static int same_moves(struct xq_pos *pos, const char *what)
{
	xq_move got[XQ_MAX_MOVES], want[XQ_MAX_MOVES];
	int n = xq_legal_moves(pos, got), m = ref_legal_moves(pos, want);
	uint64_t counted = xq_perft(pos, 1);

	xq_sort_moves(got, n);
	if (n == m && memcmp(got, want, (size_t)n * sizeof *got) == 0 && counted == (uint64_t)n)
		return 1;
	if (what && shown_failures++ < 5) {
		char fen[XQ_FEN_MAX];
		xq_pos_to_fen(pos, fen, sizeof fen);
		printf("# %s: %s: generated %d, counted %" PRIu64 ", reference %d\n", what, fen, n,
		       counted, m);
	}
	return 0;
}

static xq_move iccs_move(const char *t)
{
	return xq_move_make(XQ_SQ(t[0] - 'a', t[1] - '0'), XQ_SQ(t[2] - 'a', t[3] - '0'));
}

static int has_move(const struct xq_pos *pos, const char *iccs)
{
	xq_move moves[XQ_MAX_MOVES];
	int n = xq_legal_moves(pos, moves);
	for (int i = 0; i < n; i++) {
		char s[5];
		xq_move_iccs(moves[i], s);
		if (strcmp(s, iccs) == 0)
			return 1;
	}
	return 0;
}

static const struct {
	const char *what, *fen;
	int count;          /* legal moves */
	const char *legal;  /* some of them, space-separated */
	const char *illegal; /* moves of the right shape that expose the king */
} cases[] = {
	{ "a cannon facing the king: a piece put between becomes its screen",
	  "3k5/9/3a5/9/4c4/9/9/R8/9/4K4 w - - 0 1", 19, "a2d2 a2f2 a2a9 e0d0", "a2e2" },
	{ "a cannon first on the ray is the screen of a cannon third: the piece "
	  "second may not leave",
	  "CnC1k1b2/c3a4/5a3/9/2nr5/9/9/9/4A4/4KA3 b - - 0 2", 36, "e9d9 e8d7 c5d7", "b9a7 b9c7" },
	{ "an enemy pawn first and a cannon third pin the piece second",
	  "3k5/4c4/3a5/9/4N4/9/4p4/9/9/4K4 w - - 0 1", 3, "e0d0 e0f0 e0e1", "e5d7 e5f3 e5c4" },
	{ "the flying general: the one piece between the kings is pinned",
	  "4k4/9/9/9/9/9/9/9/4N4/4K4 w - - 0 1", 2, "e0d0 e0f0", "e1d3 e1f3 e1c2 e1g2" },
	{ "the flying general: the king may not step on to the other's open file",
	  "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", 2, "e0e1 e0f0", "e0d0" },
	{ "a pinned chariot moves along the pin and takes the pinner",
	  "4k4/9/9/9/4r4/9/9/9/4R4/3K5 b - - 0 1", -1, "e5e1 e5e6 e5e2", "e5d5 e5a5" },
	{ "a piece on the horse's leg next to the king is pinned unless it takes the horse",
	  "3k5/9/3a5/9/9/9/9/3n5/3R5/4K4 w - - 0 1", 4, "d1d2 e0e1 e0f0", "d1a1 d1d0 d1e1" },
	{ "check by two pieces: only the king moves",
	  "3k5/9/9/9/4r4/9/9/3n5/R8/4K4 w - - 0 1", 2, "e0d0 e0f0", "a1d1 a1e1 e0e1" },
	{ "cannon check: the screen steps away, a second screen, the king steps aside",
	  "3k5/9/3a5/4c4/9/R8/9/4N4/9/4K4 w - - 0 1", 11, "e2d4 e2c1 a4e4 e0d0 e0f0",
	  "e0e1 a4a5 a4d4" },
	{ "chariot check: block, take, or step aside",
	  "3k5/9/3a5/9/4r4/9/9/9/R7C/4K4 w - - 0 1", 4, "a1e1 i1e1 e0d0 e0f0", "a1a2 i1h1 e0e1" },
	{ "horse check: block its leg or step aside",
	  "3k5/9/3a5/9/9/9/9/3n5/R8/4K4 w - - 0 1", 4, "a1d1 e0d0 e0e1 e0f0", "a1a2 a1b1" },
	{ "a king's step straight away from a cannon facing it: its old point is no screen",
	  "3k5/9/3a5/9/4c4/9/9/9/4K4/9 w - - 0 1", 4, "e1e0 e1e2 e1d1 e1f1", "" },
};

static void test_cases(void)
{
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		struct xq_pos pos;
		xq_move moves[XQ_MAX_MOVES];
		char buf[64], *t, *save;

		if (!ok(xq_pos_from_fen(&pos, cases[i].fen, 0, NULL) == 0, "%s: FEN parses",
			cases[i].what))
			continue;
		ok(same_moves(&pos, cases[i].what), "%s: the reference's moves", cases[i].what);
		if (cases[i].count >= 0)
			is_int(xq_legal_moves(&pos, moves), cases[i].count, "%s: %d legal moves",
			       cases[i].what, cases[i].count);
		snprintf(buf, sizeof buf, "%s", cases[i].legal);
		for (t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save))
			ok(has_move(&pos, t) && xq_is_legal(&pos, iccs_move(t)),
			   "%s: %s legal", cases[i].what, t);
		snprintf(buf, sizeof buf, "%s", cases[i].illegal);
		for (t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save))
			ok(!has_move(&pos, t) && !xq_is_legal(&pos, iccs_move(t)),
			   "%s: %s illegal", cases[i].what, t);
	}
}

/* The captures-only list is the legal moves that take a piece. */
static int same_captures(const struct xq_pos *pos)
{
	xq_move all[XQ_MAX_MOVES], caps[XQ_MAX_MOVES], want[XQ_MAX_MOVES];
	int n = xq_legal_moves(pos, all), nc = xq__legal_captures(pos, caps), m = 0;

	for (int i = 0; i < n; i++)
		if (pos->board[MOVE_TO(all[i])])
			want[m++] = all[i];
	xq_sort_moves(caps, nc);
	xq_sort_moves(want, m);
	return nc == m && memcmp(caps, want, (size_t)m * sizeof *caps) == 0;
}

/* Seeded random games, captures preferred now and then so that the
 * board thins out and the late, open positions come too. */
static void test_random_games(void)
{
	uint64_t seed = 0x9e3779b97f4a7c15ull;
	int positions = 0, moves_ok = 0, caps_ok = 0, status_ok = 0, perft_rows = 0, perft_ok = 0;

	for (int game = 0; game < 120; game++) {
		struct xq_pos pos;
		xq_pos_start(&pos);
		for (int ply = 0; ply < 200; ply++) {
			xq_move moves[XQ_MAX_MOVES];
			int n = xq_legal_moves(&pos, moves), pick = -1;
			enum xq_status st = xq_status(&pos);

			positions++;
			moves_ok += same_moves(&pos, "random game");
			caps_ok += same_captures(&pos);
			status_ok += st == (n ? XQ_PLAYING : pos.in_check ? XQ_CHECKMATE : XQ_STALEMATE);
			if (ply % 25 == 7) {
				perft_rows++;
				perft_ok += xq_perft(&pos, 2) == ref_perft(&pos, 2);
			}
			if (n == 0)
				break;
			seed = seed * 6364136223846793005ull + 1442695040888963407ull;
			if ((seed >> 60) < 6)
				for (int i = 0; i < n && pick < 0; i++)
					if (pos.board[MOVE_TO(moves[i])])
						pick = i;
			if (pick < 0)
				pick = (int)((seed >> 33) % (uint64_t)n);
			{
				struct xq_undo u;
				xq_make(&pos, moves[pick], &u);
			}
		}
	}
	ok(positions > 10000, "%d random positions", positions);
	is_int(moves_ok, positions, "random positions: the reference's moves, listed and counted");
	is_int(caps_ok, positions, "random positions: the captures are the legal moves that take");
	is_int(status_ok, positions, "random positions: the status agrees with the moves");
	ok(perft_rows > 200, "%d perft 2 rows", perft_rows);
	is_int(perft_ok, perft_rows, "random positions: perft 2 is the reference's");
}

int main(void)
{
	test_cases();
	test_random_games();
	return done_testing();
}
