/*
 * test_pos.c - the rules core: FEN in/out and its errors, legal moves,
 * single-move legality, make/unmake, perft against published counts.
 */
#include <inttypes.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tap.h"
#include "xq.h"
#include "board.h"

/* FENs that must be rejected, with a piece of the expected message. */
static const struct {
	const char *fen, *why;
	int offset;
} bad_fens[] = {
	{ "", "empty FEN", 0 },
	{ "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w", "rank 0 has 8 files", 58 },
	{ "rnbakabnr/8/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "rank 8 has 8 files", 11 },
	{ "rnbakabnrr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "rank 9 has more than 9 files", 9 },
	{ "3k5/9/9/9/9/9/9/9/4K4 w", "only 9 ranks", 21 },
	{ "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR/9 w", "more than 10 ranks", 59 },
	{ "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w", "unknown piece letter 'X'", 58 },
	{ "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKAB0R w", "unknown piece letter '0'", 57 },
	{ "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBA1ABNR w", "no red king", 59 },
	{ "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBAKABNR w", "too many red kings", 56 },
	{ "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1CR4C1/9/RNBAKABNR w", "too many red chariots", 59 },
	{ "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/P8/RNBAKABNR w", "too many red pawns", 48 },
	{ "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2A2C1/9/RNB1KABNR w", "red advisor on e2: off the five advisor points", 45 },
	{ "rnbakabnr/9/1c5c1/p1p1p1p1p/9/A8/P1P1P1P1P/1C5C1/9/RNB1KABNR w", "red advisor on a4", 30 },
	{ "rnbakabnr/9/1c5c1/p1p1p1p1p/9/B8/P1P1P1P1P/1C5C1/9/RN1AKABNR w", "red elephant on a4: off the seven elephant points", 30 },
	{ "rnbakabnr/9/1c5c1/p1p1p1p1p/4B4/9/P1P1P1P1P/1C5C1/9/RN1AKABNR w", "red elephant on e5", 29 },
	{ "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/P8/RNBAKABNR w", "too many red pawns", 48 },
	{ "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/2P1P1P1P/1C5C1/P8/RNBAKABNR w", "red pawn on a1: behind its starting rank", 47 },
	{ "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/1PP1P1P1P/1C5C1/9/RNBAKABNR w", "red pawn on b3: on a file it cannot reach", 33 },
	{ "rnbakabnr/9/1c5c1/1pp1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "black pawn on b6", 19 },
	{ "rnbakabnr/p8/1c5c1/2p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "black pawn on a8: behind its starting rank", 10 },
	{ "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "", 0 }, /* legal: king e8 */
	{ "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBA1ABNRK w", "rank 0 has more than 9 files", 59 },
	{ "3k5/9/9/9/9/9/9/9/9/3K5 w", "the kings face each other on the open d-file", 0 },
	{ "4k4/9/9/9/9/9/9/9/9/3AK4 w", "the kings face each other on the open e-file", 0 },
	{ "3k5/9/9/9/9/9/9/9/9/4K4 w", "", 0 },
	{ "k8/9/9/9/9/9/9/9/9/4K4 w", "black king on a9: outside its palace", 0 },
	{ "3k5/9/9/9/9/9/9/9/9/K8 w", "red king on a0: outside its palace", 20 },
	{ "3k5/9/9/9/9/9/9/9/3R5/4K4 w", "Black is in check but it is Red's move", 0 },
	{ "3k5/9/9/9/9/9/9/9/9/r3K4 b", "Red is in check but it is Black's move", 0 },
	{ "3k5/9/9/9/9/9/9/9/9/4K4 x", "side to move 'x' is not w, r or b", 24 },
	{ "3k5/9/9/9/9/9/9/9/9/4K4 w - - x 1", "move counter is not a number", 30 },
	{ "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1 junk", "unexpected text after the FEN", 34 },
};

static void test_bad_fens(void)
{
	for (size_t i = 0; i < sizeof bad_fens / sizeof bad_fens[0]; i++) {
		struct xq_pos pos;
		struct xq_err err = { 0, -1, "" };
		int rc = xq_pos_from_fen(&pos, bad_fens[i].fen, 0, &err);
		if (!*bad_fens[i].why) {
			ok(rc == 0, "accepted: %s", bad_fens[i].fen);
			continue;
		}
		ok(rc < 0 && strstr(err.msg, bad_fens[i].why) != NULL,
		   "rejected '%s': want '%s', got '%s'", bad_fens[i].fen, bad_fens[i].why, err.msg);
		is_int(err.offset, bad_fens[i].offset, "offset of the error in '%s'", bad_fens[i].fen);
	}
}

static void test_fen_forms(void)
{
	struct xq_pos a, b;
	char fen[XQ_FEN_MAX];

	xq_pos_start(&a);
	xq_pos_to_fen(&a, fen, sizeof fen);
	is_str(fen, XQ_START_FEN, "start position FEN");
	xq_pos_from_fen(&b, XQ_START_FEN, 0, NULL);
	ok(memcmp(&a, &b, sizeof a) == 0, "xq_pos_start() equals the parsed start FEN byte for byte");
	ok(xq_pos_check(&a) == 0, "start position consistent");

	/* Aliases, r for red, short forms. */
	ok(xq_pos_from_fen(&b, "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r", 0, NULL) == 0,
	   "E/H letters and 'r' side accepted");
	xq_pos_to_fen(&b, fen, sizeof fen);
	is_str(fen, XQ_START_FEN, "aliases written as B/N, missing fields defaulted");
	ok(b.key == a.key, "same key through aliases");
	ok(xq_pos_from_fen(&b, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR", 0, NULL) == 0 &&
	   b.side == XQ_RED, "placement only: Red to move");
	ok(xq_pos_from_fen(&b, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 0", 0, NULL) == 0 &&
	   b.side == XQ_BLACK && b.fullmove == 1, "black to move, full-move 0 read as 1");
	ok(b.key != a.key, "side to move changes the key");
	ok(xq_pos_from_fen(&b, "3k5/9/9/9/9/9/9/9/9/2A1KA3 w - - 0 1", 0, NULL) < 0,
	   "advisor off its points is an error by default");
	ok(xq_pos_from_fen(&b, "3k5/9/9/9/9/9/9/9/9/2A1KA3 w - - 0 1", XQ_FEN_LAX, NULL) == 0,
	   "... and accepted with XQ_FEN_LAX");
	ok(xq_pos_from_fen(&b, "4k4/9/9/9/9/9/9/9/9/9 w", XQ_FEN_LAX, NULL) < 0,
	   "a missing king is an error even when lax");
	ok(xq_pos_from_fen(&b, "  3k5/9/9/9/9/9/9/9/9/4K4   w  -  -  3  7 \n", 0, NULL) == 0 &&
	   b.halfmove == 3 && b.fullmove == 7, "stray spaces and counters");
}

/* Every (from, to) pair: xq_is_legal() agrees with the generator. */
static int pairs_agree(const struct xq_pos *pos)
{
	xq_move moves[XQ_MAX_MOVES];
	char legal[90][90] = { { 0 } };
	int n = xq_legal_moves(pos, moves);

	for (int i = 0; i < n; i++) {
		if (legal[xq_move_from(moves[i])][xq_move_to(moves[i])])
			return 0; /* generated twice */
		legal[xq_move_from(moves[i])][xq_move_to(moves[i])] = 1;
	}
	for (int f = 0; f < 90; f++)
		for (int t = 0; t < 90; t++)
			if (xq_is_legal(pos, xq_move_make(f, t)) != legal[f][t])
				return 0;
	return 1;
}

/* Random games: FEN round trips, make/unmake restores everything, the
 * incremental key equals the computed one, single-move legality agrees. */
static void test_random_games(void)
{
	unsigned long long seed = 0x5eed1234ull;
	int positions = 0, fen_ok = 0, undo_ok = 0, key_ok = 0, pairs_ok = 0;

	for (int game = 0; game < 60; game++) {
		struct xq_pos pos;
		xq_pos_start(&pos);
		for (int ply = 0; ply < 150; ply++) {
			xq_move moves[XQ_MAX_MOVES];
			char fen[XQ_FEN_MAX], fen2[XQ_FEN_MAX];
			struct xq_pos copy = pos, back;
			int n = xq_legal_moves(&pos, moves);

			positions++;
			xq_pos_to_fen(&pos, fen, sizeof fen);
			if (xq_pos_from_fen(&back, fen, 0, NULL) == 0 &&
			    xq_pos_to_fen(&back, fen2, sizeof fen2) > 0 &&
			    strcmp(fen, fen2) == 0 && back.key == pos.key)
				fen_ok++;
			key_ok += pos.key == xq_pos_compute_key(&pos) && xq_pos_check(&pos) == 0;
			pairs_ok += pairs_agree(&pos);
			{
				int all = 1;
				for (int i = 0; i < n; i++) {
					struct xq_undo u;
					xq_make(&pos, moves[i], &u);
					all &= xq_pos_check(&pos) == 0;
					xq_unmake(&pos, moves[i], &u);
					all &= memcmp(&pos, &copy, sizeof pos) == 0;
				}
				undo_ok += all;
			}
			if (n == 0)
				break;
			{
				struct xq_undo u;
				xq_make(&pos, moves[tap_rand(&seed) % (unsigned)n], &u);
			}
		}
	}
	ok(positions >= 2000, "%d random positions", positions);
	is_int(fen_ok, positions, "FEN round trips (with key)");
	is_int(key_ok, positions, "incremental key and consistency");
	is_int(undo_ok, positions, "make/unmake restores position, key and counters for every move");
	is_int(pairs_ok, positions, "xq_is_legal agrees with the generator on all 8100 pairs");
}

/* Set a position the test relies on; a FEN that fails is a failed point. */
static void setfen(struct xq_pos *pos, const char *fen)
{
	struct xq_err err;
	if (xq_pos_from_fen(pos, fen, 0, &err) < 0) {
		ok(0, "test FEN '%s' parses: %s", fen, err.msg);
		xq_pos_start(pos);
	}
}

static void test_status(void)
{
	struct xq_pos pos;
	/* Chariot mate on the back rank, supported by the flying king. */
	setfen(&pos, "3k5/R8/9/9/9/9/9/9/9/4K4 w");
	ok(xq_status(&pos) == XQ_PLAYING && !xq_in_check(&pos), "ordinary position");
	setfen(&pos, "R2k5/9/9/9/9/9/9/9/9/4K4 b");
	ok(xq_in_check(&pos), "chariot gives check along the rank");
	/* d9 king: d8 covered by nothing?  The red king on e0 covers the
	 * e-file, the chariot a9 the rank: king escapes to d8. */
	ok(xq_status(&pos) == XQ_PLAYING, "check with an escape is not mate");
	setfen(&pos, "R2k5/R8/9/9/9/9/9/9/9/4K4 b");
	ok(xq_status(&pos) == XQ_CHECKMATE, "two chariots and the facing king mate");
	setfen(&pos, "3k5/4R4/9/9/9/9/9/9/9/5K3 b");
	ok(!xq_in_check(&pos), "no check on d9");
	/* Stalemate: black king d9 boxed in, not in check. */
	setfen(&pos, "3k5/5R3/3P5/9/9/9/9/9/9/4K4 b");
	ok(xq_status(&pos) == XQ_STALEMATE, "stalemate is recognised");
	/* Cannon check through a screen, horse check and a blocked leg. */
	setfen(&pos, "4k4/4a4/9/9/9/9/9/4C4/9/3K5 b");
	ok(xq_in_check(&pos), "cannon checks over one screen");
	setfen(&pos, "4k4/9/3N5/9/9/9/9/9/9/3K5 b");
	ok(xq_in_check(&pos), "horse checks");
	setfen(&pos, "4k4/3n5/3N5/9/9/9/9/9/9/3K5 b");
	ok(!xq_in_check(&pos), "horse with a blocked leg does not check");
}

/* xq_make() keeps in_check from the two points a move changes: every way
 * a move can give check, and quiet moves that do not. */
static void test_gives_check(void)
{
	static const struct {
		const char *fen, *move;
		int check;
		const char *what;
	} cases[] = {
		{ "4k4/9/9/9/4N4/9/9/9/4R4/3K5 w", "e5c6", 1, "a horse steps off the file: the chariot behind checks" },
		{ "4k4/9/9/9/9/2N6/9/9/4C4/3K5 w", "c4e5", 1, "a horse lands between cannon and king: a screen" },
		{ "4k4/9/9/4p4/9/4N4/9/4C4/9/3K5 w", "e4c5", 1, "one of two screens leaves: the cannon checks" },
		{ "4k4/5RN2/9/9/9/9/9/9/9/3K5 w", "f8f5", 1, "the chariot frees the horse's leg" },
		{ "4k4/3P5/9/9/9/9/9/9/9/3K5 w", "d8e8", 1, "a pawn lands in front of the king" },
		{ "3k5/9/9/9/9/9/9/9/9/R3K4 w", "a0a9", 1, "a chariot lands on the king's rank" },
		{ "4k4/9/9/9/9/9/9/2N6/9/3K5 w", "c2d4", 0, "a horse move that checks nothing" },
		{ "4k4/9/9/9/4N4/9/9/9/4R4/3K5 w", "e1d1", 0, "the chariot leaves the file behind the horse" },
		{ XQ_START_FEN, "h2e2", 0, "the central cannon: two screens, no check" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct xq_pos pos;
		struct xq_undo u;
		xq_move m = xq_move_make(XQ_SQ(cases[i].move[0] - 'a', cases[i].move[1] - '0'),
					 XQ_SQ(cases[i].move[2] - 'a', cases[i].move[3] - '0'));
		setfen(&pos, cases[i].fen);
		if (!ok(xq_is_legal(&pos, m), "%s: %s is legal", cases[i].what, cases[i].move))
			continue;
		xq_make(&pos, m, &u);
		is_int(xq_in_check(&pos), cases[i].check, "%s", cases[i].what);
		ok(xq_pos_check(&pos) == 0, "%s: in_check agrees with a full scan", cases[i].what);
		xq_unmake(&pos, m, &u);
		ok(!xq_in_check(&pos), "%s: unmade, not in check", cases[i].what);
	}
}

static void test_perft_table(void)
{
	FILE *fp = fopen(shared_path("corpus/rules/perft.tsv"), "r");
	char line[512];
	int rows = 0, good = 0;

	if (!ok(fp != NULL, "perft table %s found", shared_path("corpus/rules/perft.tsv")))
		return;
	while (fgets(line, sizeof line, fp)) {
		char *fen = strtok(line, "\t"), *d = strtok(NULL, "\t"), *n = strtok(NULL, "\t\n");
		struct xq_pos pos;
		uint64_t want, got;
		if (!fen || !d || !n || strcmp(fen, "fen") == 0)
			continue;
		want = strtoull(n, NULL, 10);
		if (want > 10000000)
			continue; /* deeper rows run in make bench */
		rows++;
		if (xq_pos_from_fen(&pos, fen, 0, NULL) < 0) {
			ok(0, "perft FEN parses: %s", fen);
			continue;
		}
		got = xq_perft(&pos, atoi(d));
		good += got == want;
		if (got != want)
			ok(0, "perft %s depth %s: got %" PRIu64 ", want %" PRIu64, fen, d, got, want);
	}
	fclose(fp);
	ok(rows >= 40, "%d perft rows of at most ten million nodes", rows);
	is_int(good, rows, "perft rows match the published counts");
}

static void test_divide(void)
{
	struct xq_pos pos;
	xq_move moves[XQ_MAX_MOVES];
	uint64_t counts[XQ_MAX_MOVES], sum = 0;
	char first[5], last[5];
	int n, sorted = 1;

	xq_pos_start(&pos);
	n = xq_perft_divide(&pos, 3, moves, counts);
	for (int i = 0; i < n; i++) {
		sum += counts[i];
		if (i) {
			xq_move_iccs(moves[i - 1], first);
			xq_move_iccs(moves[i], last);
			sorted &= strcmp(first, last) < 0;
		}
	}
	is_int(n, 44, "divide: 44 root moves");
	is_int(sum, 79666, "divide: the counts add up to perft 3");
	ok(sorted, "divide: moves sorted by ICCS text");
	xq_move_iccs(moves[0], first);
	is_str(first, "a0a1", "divide: first move");
	is_int(counts[0], 2271, "divide: a0a1 has 2271 leaves below it (fairy-stockfish agrees)");
}

/*
 * The sanitizer build asserts xq_pos_check() after every make and unmake
 * (-DXQ_CHECK_POSITIONS): a corrupted key aborts there, in a child; the
 * plain build does not check.
 */
static void test_checked_make(void)
{
	pid_t pid;
	int status = 0;

	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		struct xq_pos pos;
		struct xq_undo u;
		signal(SIGABRT, SIG_DFL);
		xq_pos_start(&pos);
		pos.key ^= 1;
		close(2);  /* the assertion's message is expected */
		xq_make(&pos, xq_move_make(XQ_SQ(7, 2), XQ_SQ(4, 2)), &u);
		_exit(0);
	}
	ok(pid > 0 && waitpid(pid, &status, 0) == pid, "child for the checked make");
#ifdef XQ_CHECK_POSITIONS
	ok(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT,
	   "sanitizer build: make on an inconsistent position aborts");
#else
	ok(WIFEXITED(status) && WEXITSTATUS(status) == 0,
	   "plain build: make does not check the position");
#endif
}

/* The position builder: each refusal with its reason, and a board built
 * piece by piece equal to the same board read from its FEN. */
static void test_builder(void)
{
	static const struct {
		int sq, side, type;
		unsigned flags;
		const char *msg;  /* NULL: accepted */
	} puts[] = {
		{ XQ_SQ(4, 0), XQ_RED, XQ_KING, 0, NULL },
		{ XQ_SQ(4, 0), XQ_BLACK, XQ_CHARIOT, 0, "e0 holds two pieces" },
		{ XQ_SQ(3, 9), XQ_BLACK, XQ_KING, 0, NULL },
		{ XQ_SQ(4, 8), XQ_BLACK, XQ_KING, 0, "too many black kings (at most 1)" },
		{ XQ_SQ(0, 0), XQ_RED, XQ_ADVISOR, 0, "red advisor on a0: off the five advisor points" },
		{ XQ_SQ(0, 0), XQ_RED, XQ_ADVISOR, XQ_FEN_LAX, NULL },
		{ XQ_SQ(4, 1), XQ_RED, XQ_KING, 0, "too many red kings (at most 1)" },
		{ XQ_SQ(1, 1), XQ_RED, XQ_PAWN, 0, "red pawn on b1: behind its starting rank" },
		{ 90, XQ_RED, XQ_PAWN, 0, "no such square or piece" },
		{ XQ_SQ(0, 3), XQ_RED, XQ_NONE, 0, "no such square or piece" },
		{ XQ_SQ(0, 6), XQ_BLACK, XQ_PAWN, 0, NULL },
		{ XQ_SQ(2, 6), XQ_BLACK, XQ_PAWN, 0, NULL },
		{ XQ_SQ(4, 6), XQ_BLACK, XQ_PAWN, 0, NULL },
		{ XQ_SQ(6, 6), XQ_BLACK, XQ_PAWN, 0, NULL },
		{ XQ_SQ(8, 6), XQ_BLACK, XQ_PAWN, 0, NULL },
		{ XQ_SQ(4, 4), XQ_BLACK, XQ_PAWN, 0, "too many black pawns (at most 5)" },
	};
	struct xq_pos pos, fen;
	struct xq_err err;

	xq_pos_clear(&pos);
	for (size_t i = 0; i < sizeof puts / sizeof *puts; i++) {
		struct xq_pos before = pos;
		int rc;
		err.msg[0] = '\0';
		rc = xq_pos_put(&pos, puts[i].sq, (enum xq_side)puts[i].side,
				(enum xq_type)puts[i].type, puts[i].flags, &err);
		if (!puts[i].msg) {
			is_int(rc, 0, "put %zu accepted", i);
		} else {
			is_int(rc, XQ_EINVAL, "put %zu refused", i);
			is_str(err.msg, puts[i].msg, "put %zu: the reason", i);
			ok(!memcmp(&before, &pos, sizeof pos), "put %zu: position unchanged", i);
		}
	}
	xq_pos_set_side(&pos, XQ_BLACK);
	is_int(xq_pos_finish(&pos, &err), 0, "finish");
	ok(xq_pos_from_fen(&fen, "3k5/9/9/p1p1p1p1p/9/9/9/9/9/A3K4 b", XQ_FEN_LAX, NULL) == 0 &&
	   !memcmp(&fen, &pos, sizeof pos), "built board equals the one read from its FEN");
	is_int(xq_pos_check(&pos), 0, "built position is consistent");

	xq_pos_clear(&pos);
	is_int(xq_pos_put(&pos, XQ_SQ(0, 5), XQ_RED, XQ_KING, XQ_FEN_LAX, &err), XQ_EINVAL,
	       "a king outside its palace, even with XQ_FEN_LAX");
	is_str(err.msg, "red king on a5: outside its palace", "its reason");
	xq_pos_put(&pos, XQ_SQ(4, 0), XQ_RED, XQ_KING, 0, NULL);
	is_int(xq_pos_finish(&pos, &err), XQ_EINVAL, "finish without a black king");
	is_str(err.msg, "no black king", "its reason");
	xq_pos_put(&pos, XQ_SQ(4, 9), XQ_BLACK, XQ_KING, 0, NULL);
	is_int(xq_pos_finish(&pos, &err), XQ_EINVAL, "finish with facing kings");
	is_str(err.msg, "the kings face each other on the open e-file", "its reason");
	xq_pos_put(&pos, XQ_SQ(4, 5), XQ_RED, XQ_CHARIOT, 0, NULL);
	is_int(xq_pos_finish(&pos, &err), XQ_EINVAL, "finish with the side not to move in check");
	is_str(err.msg, "Black is in check but it is Red's move", "its reason");
	xq_pos_set_side(&pos, XQ_BLACK);
	is_int(xq_pos_finish(&pos, &err), 0, "finish with the side to move in check");
	ok(pos.in_check && pos.key == xq_pos_compute_key(&pos), "check flag and key set");
}

/* The Zobrist table the compiler works out (board.h) against splitmix64
 * computed here at run time, entry by entry; the empty board against
 * in_board(); the start position's key against the key from scratch. */
static uint64_t splitmix(uint64_t z)
{
	z += 0x9e3779b97f4a7c15ull;
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static void test_tables(void)
{
	int bad = 0, off = 0;
	struct xq_pos pos;
	for (int i = 0; i < 16 * 256; i++)
		bad += xq__zobrist[i] != splitmix((uint64_t)i);
	is_int(bad, 0, "Zobrist table: all 4096 entries are splitmix64 of their index");
	for (int i = 0; i < 256; i++)
		off += xq__empty_board[i] != (in_board(i) ? 0 : XQ_OFFBOARD);
	is_int(off, 0, "empty board: 0 on the 90 points, XQ_OFFBOARD elsewhere");
	xq_pos_start(&pos);
	ok(pos.key == xq_pos_compute_key(&pos) && xq_pos_check(&pos) == 0,
	   "start position: key from its 32 pieces equals the key from scratch");
	ok(pos.key == 0xda85ddf283c32e98ull, "start position key as before the table (keys in partial files stay valid)");
}

/* xq_pos_same: placement and side, whichever piece of a kind is where. */
static void test_same(void)
{
	struct xq_pos a, b, c;
	struct xq_undo u;
	static const char *const moves[] = {
		"a0a1", "e9f9", "i0i2", "f9e9", "a1i1", "e9f9", "i2a2", "f9e9", "i1i0", "e9f9",
		"a2a0", "f9e9",
	};
	setfen(&a, "4k4/9/9/9/9/9/9/9/9/R2K4R w - - 0 1");
	b = a;
	ok(xq_pos_same(&a, &b), "a position is the same as its copy");
	/* the two chariots change places: other slots, the same placement */
	for (size_t i = 0; i < sizeof moves / sizeof *moves; i++) {
		const char *m = moves[i];
		xq_make(&b, xq_move_make(XQ_SQ(m[0] - 'a', m[1] - '0'), XQ_SQ(m[2] - 'a', m[3] - '0')), &u);
	}
	ok(a.board[ISQ(0, 0)] != b.board[ISQ(0, 0)] && a.side == b.side,
	   "the chariots changed places: another piece on a0");
	ok(xq_pos_same(&a, &b), "the same placement reached by moves, the counters aside");
	setfen(&c, "4k4/9/9/9/9/9/9/9/9/R2K4R b - - 0 1");
	ok(!xq_pos_same(&a, &c), "the other side to move differs");
	c.key = a.key;
	ok(!xq_pos_same(&a, &c), "the other side to move differs, the key made equal");
	c = a;
	c.key ^= 1;
	ok(!xq_pos_same(&a, &c), "another key differs");
	/* collisions: the same key and side, another placement */
	static const struct { const char *fen, *what; } other[] = {
		{ "4k4/9/9/9/9/9/9/9/9/R2K3R1 w - - 0 1", "a piece elsewhere" },
		{ "4k4/9/9/9/9/9/9/9/9/R2K4C w - - 0 1", "another kind" },
		{ "4k4/9/9/9/9/9/9/9/9/R2K4r w - - 0 1", "another side's piece" },
		{ "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1", "a piece missing" },
	};
	for (size_t i = 0; i < sizeof other / sizeof *other; i++) {
		setfen(&c, other[i].fen);
		c.key = a.key;
		ok(!xq_pos_same(&a, &c), "a key collision is no match (%s)", other[i].what);
	}
}

int main(void)
{
	test_same();
	test_tables();
	test_checked_make();
	test_builder();
	test_divide();
	test_bad_fens();
	test_fen_forms();
	test_status();
	test_gives_check();
	test_random_games();
	test_perft_table();
	return done_testing();
}
