/*
 * test_search.c - the built-in engine: mates found at the right depth
 * (composed ones and the corpus's mate puzzles), a winning capture, perpetual
 * check and plain repetition, the transposition table, move ordering,
 * reproducible fixed-depth and fixed-node results, searchmoves, the evaluation's
 * features against its score.
 */
#include <pthread.h>
#include <time.h>

#include "tap.h"
#include "xq.h"
#include "board.h"
#include "eval.h"
#include "search.h"

static struct xq_search *S;

static int run_fen(const char *fen, int depth, uint64_t nodes, struct xq_search_info *out)
{
	struct xq_pos pos;
	struct xq_search_limits lim = { .depth = depth, .nodes = nodes, .threads = 1 };
	if (xq_pos_from_fen(&pos, fen, XQ_FEN_LAX, NULL) < 0) {
		ok(0, "FEN parses: %s", fen);
		return -1;
	}
	xq_search_clear(S);
	return xq_search_run(S, &pos, NULL, 0, &lim, NULL, NULL, out);
}

static const char *iccs(xq_move m, char buf[5])
{
	if (m == XQ_MOVE_NONE)
		return "none";
	xq_move_iccs(m, buf);
	return buf;
}

/* Composed mates: FEN, mate in this many plies, the first move. */
static const struct {
	const char *fen;
	int plies;
	const char *move;
} mates[] = {
	/* chariot mates on the back rank, the king held by its own advisors */
	{ "4k4/3a1a3/4P4/9/9/9/9/9/9/R2K5 w", 1, "a0a9" },
	/* double chariot: one checks, the other closes the file */
	{ "4k4/9/9/9/9/9/9/9/R8/1R3K3 w", 3, NULL },
	/* the side to move is mated already */
	{ "3k5/3R5/3R5/9/9/9/9/9/9/4K4 b", 0, NULL },
	/* black to mate: the mirror of the first */
	{ "r2k5/9/9/9/9/9/9/4p4/3A1A3/4K4 b", 1, "a9a0" },
};

static void test_composed_mates(void)
{
	for (size_t i = 0; i < sizeof mates / sizeof *mates; i++) {
		struct xq_search_info out, shallow;
		char b[5];
		int p = mates[i].plies;
		int rc = run_fen(mates[i].fen, p > 0 ? p : 1, 0, &out);
		is_int(rc, 0, "mate %zu: search runs", i);
		if (p == 0) {
			is_int(out.score, -XQ_SCORE_MATE, "mate %zu: mated already: -XQ_SCORE_MATE", i);
			ok(out.pv[0] == XQ_MOVE_NONE && out.npv == 0, "mate %zu: no move", i);
			continue;
		}
		is_int(out.score, XQ_SCORE_MATE - p, "mate %zu: mate in %d plies at depth %d", i, p, p);
		if (mates[i].move)
			is_str(iccs(out.pv[0], b), mates[i].move, "mate %zu: first move", i);
		if (p > 1) {
			run_fen(mates[i].fen, p - 1, 0, &shallow);
			ok(!XQ_SCORE_IS_MATE(shallow.score) || shallow.score < XQ_SCORE_MATE - p + 1,
			   "mate %zu: not seen as a shorter mate at depth %d (score %d)", i, p - 1,
			   shallow.score);
		}
	}
}

static void test_winning_capture(void)
{
	/* The black chariot on e5 is unguarded: the red chariot takes it. */
	struct xq_search_info out;
	char b[5];
	run_fen("3k5/9/9/9/R3r4/9/9/9/9/5K3 w - - 0 1", 4, 0, &out);
	is_str(iccs(out.pv[0], b), "a5e5", "capture: the chariot takes the chariot");
	ok(out.score > 500, "capture: winning score (%d)", out.score);
	/* A hanging cannon in front of the chariot: take it. */
	run_fen("4k4/9/9/9/9/4c4/9/4R4/9/4K4 w - - 0 1", 3, 0, &out);
	is_str(iccs(out.pv[0], b), "e2e4", "capture: the chariot takes the hanging cannon");
}

static void test_reproducible(void)
{
	struct xq_search_info a, b;
	char x[5], y[5];
	const char *mid = "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1";

	run_fen(XQ_START_FEN, 6, 0, &a);
	run_fen(XQ_START_FEN, 6, 0, &b);
	is_str(iccs(a.pv[0], x), iccs(b.pv[0], y), "depth 6 twice: same best move");
	is_int(a.score, b.score, "depth 6 twice: same score");
	is_int(a.nodes, b.nodes, "depth 6 twice: same node count");
	is_int(a.depth, 6, "depth 6: six iterations");
	run_fen(mid, 0, 30000, &a);
	run_fen(mid, 0, 30000, &b);
	is_str(iccs(a.pv[0], x), iccs(b.pv[0], y), "30000 nodes twice: same best move");
	is_int(a.score, b.score, "30000 nodes twice: same score");
	is_int(a.nodes, b.nodes, "30000 nodes twice: same node count");
	ok(a.nodes >= 30000 && a.nodes < 30000 + 4096, "node limit kept within 4096 (%llu)",
	   (unsigned long long)a.nodes);
}

/* Play ICCS moves from fen; the keys and checks before each go to keys[],
 * checks[]; returns how many were played. */
static int replay(struct xq_pos *pos, const char *fen, const char *const *moves,
		  uint64_t *keys, uint8_t *checks)
{
	int n = 0;
	xq_pos_from_fen(pos, fen, 0, NULL);
	for (; moves[n]; n++) {
		xq_move m;
		struct xq_undo u;
		if (xq_move_parse(pos, moves[n], 4, XQ_NOTATION_ICCS, 0, &m, NULL) < 0) {
			ok(0, "replay: %s legal", moves[n]);
			return n;
		}
		keys[n] = pos->key;
		checks[n] = (uint8_t)xq_in_check(pos);
		xq_make(pos, m, &u);
	}
	return n;
}

/*
 * Red's chariot can check the black king (held on the d-file by the red
 * king across the open e-file, and by its own advisor) from a9 and a8
 * forever, and must, or black's chariots mate.  Perpetual check loses: the
 * score is the perpetual's loss, not a draw.
 */
static void test_perpetual(void)
{
	const char *fen = "9/3k5/3a5/9/R8/9/9/7r1/8r/4K4 w - - 0 1";
	static const char *const cycle[] = { "a5a8", "d8d9", "a8a9", "d9d8", "a9a8", "d8d9", NULL };
	struct xq_search_info out;
	struct xq_pos pos;
	struct xq_search_limits lim = { .depth = 8, .threads = 1 };
	uint64_t keys[16];
	uint8_t checks[16];
	char b[5];
	int n;

	run_fen(fen, 8, 0, &out);
	ok(out.score <= -(XQ_SCORE_WIN_PERPETUAL - 20) && out.score > -(XQ_SCORE_MATE - 1000),
	   "perpetual in the tree: a loss for the checking side (%d)", out.score);
	is_str(iccs(out.pv[0], b), "a5a8", "perpetual: checking is still better than being mated");
	run_fen("9/3k5/3a5/9/R8/9/9/7r1/8r/4K4 b - - 0 1", 1, 0, &out);
	ok(out.npv > 0, "perpetual: black to move has moves");

	/* The same cycle begun in the game: the game's positions after plies 1
	 * and 2 come again at the root (ply 6) and after a8a9 d9d8 (plies 3,
	 * 4) are second returns, no repetition yet; a9a8 at ply 3 of the
	 * search brings the position after ply 1 a third time, a perpetual.
	 * Its last round (plies 5 to 9) is in the tree, so the game's checks
	 * are not needed to see it. */
	n = replay(&pos, fen, cycle, keys, checks);
	is_int(n, 6, "perpetual: the game's six plies played");
	xq_search_clear(S);
	xq_search_run_checks(S, &pos, keys, checks, n, &lim, NULL, NULL, &out);
	is_int(out.score, -(XQ_SCORE_WIN_PERPETUAL - 3), "perpetual from the game: lost at ply 3");
	xq_search_clear(S);
	xq_search_run(S, &pos, keys, n, &lim, NULL, NULL, &out);
	is_int(out.score, -(XQ_SCORE_WIN_PERPETUAL - 3), "without the game's checks: the same");
	/* half a round in the game: the first returns are not repetitions */
	n = replay(&pos, fen, (const char *const[]){ "a5a8", "d8d9", NULL }, keys, checks);
	xq_search_clear(S);
	xq_search_run_checks(S, &pos, keys, checks, n, &lim, NULL, NULL, &out);
	is_int(out.score, -(XQ_SCORE_WIN_PERPETUAL - 5),
	       "half a round in the game: the perpetual when the tree repeats its own ply 1, at ply 5");
}

/* Red is two chariots down; the game's last eight plies went e0d0 a5a6
 * d0e0 a6a5 twice, so e0d0 brings a position the third time: a draw, its
 * best result.  After one round only, e0d0 is a second return, not yet a
 * draw, and without the game red is mated. */
static void test_repetition(void)
{
	const char *fen = "4k4/9/9/9/r7r/9/4P4/9/9/4K4 w - - 10 20";
	static const char *const game[] = { "e0d0", "a5a6", "d0e0", "a6a5",
					    "e0d0", "a5a6", "d0e0", "a6a5", NULL };
	struct xq_search_info out;
	struct xq_pos pos;
	struct xq_search_limits lim = { .depth = 6, .threads = 1 };
	uint64_t keys[12];
	uint8_t checks[12];
	char b[5];
	int n = replay(&pos, fen, game, keys, checks);

	xq_search_clear(S);
	xq_search_run(S, &pos, keys, n, &lim, NULL, NULL, &out);
	is_int(out.score, 0, "repetition: a draw");
	is_str(iccs(out.pv[0], b), "e0d0", "repetition: the repeating move");
	xq_search_clear(S);
	xq_search_run_checks(S, &pos, keys, checks, n, &lim, NULL, NULL, &out);
	is_int(out.score, 0, "repetition without checks: a draw with the checks known too");
	n = replay(&pos, fen, game + 4, keys, checks);
	xq_search_clear(S);
	xq_search_run(S, &pos, keys, n, &lim, NULL, NULL, &out);
	ok(out.score < -(XQ_SCORE_MATE - 1000), "one round in the game: no draw yet, red is mated (%d)",
	   out.score);
	run_fen(fen, 6, 0, &out);
	ok(out.score < -(XQ_SCORE_MATE - 1000), "no game: red is mated (%d)", out.score);
}

/*
 * The mate puzzles of the corpus (label "N步杀": mate in N moves, so 2N - 1
 * plies), each searched to 2N - 1 plies, and when no mate of at most N
 * moves is found there, to 2N + 1.  Pruning near the leaves (reverse
 * futility, late moves) hides some mates at exactly 2N - 1 plies, and some
 * labels are not the shortest mate; the counts are printed and held to
 * floors.
 */
static void test_corpus_mates(void)
{
	const char *path = shared_path("corpus/text/walker_mate_puzzles_fen_list_utf8.txt");
	char line[512];
	FILE *fp;
	int total = 0, exact = 0, found = 0, shorter = 0;

	fp = fopen(path, "r");
	if (!ok(fp != NULL, "corpus mate puzzles: %s", path))
		return;
	while (fgets(line, sizeof line, fp)) {
		struct xq_search_info out;
		char *fen = strchr(line, ',');
		int moves;
		if (line[0] == '#' || !fen || line[0] < '1' || line[0] > '9')
			continue;
		moves = atoi(line);
		fen++;
		fen[strcspn(fen, "\r\n")] = '\0';
		total++;
		if (run_fen(fen, 2 * moves - 1, 0, &out) == 0 && out.score >= XQ_SCORE_MATE - (2 * moves - 1)) {
			exact += out.score == XQ_SCORE_MATE - (2 * moves - 1);
			shorter += out.score > XQ_SCORE_MATE - (2 * moves - 1);
			found++;
		} else if (run_fen(fen, 2 * moves + 1, 0, &out) == 0 &&
			   out.score >= XQ_SCORE_MATE - (2 * moves - 1)) {
			found++;
			shorter += out.score > XQ_SCORE_MATE - (2 * moves - 1);
		} else {
			diagf("not found within %d plies: %s (score %d)", 2 * moves + 1, fen, out.score);
		}
	}
	fclose(fp);
	is_int(total, 144, "corpus mate puzzles: 144 positions (4 commented out)");
	diagf("mates of N moves found at 2N-1 plies: %d of %d (and %d shorter than labelled); "
	      "within 2N+1: %d", exact, total, shorter, found);
	ok(exact + shorter >= 105, "at least 105 of 144 mates found at 2N-1 plies (%d)", exact + shorter);
	ok(found >= 120, "at least 120 of 144 mates found within 2N+1 plies (%d)", found);
}

static void test_tt(void)
{
	struct xq__tt_entry e;
	struct xq_search *s = xq_search_new(1);
	xq_move m = xq_move_make(XQ_SQ(7, 2), XQ_SQ(4, 2));

	ok(s != NULL, "tt: handle");
	ok(!xq__tt_probe(s, 0x1234567890abcdefull, &e), "tt: empty table misses");
	xq__tt_store(s, 0x1234567890abcdefull, m, -123, 7, 3);
	ok(xq__tt_probe(s, 0x1234567890abcdefull, &e), "tt: stored key hits");
	is_int(e.move, m, "tt: move");
	is_int(e.score, -123, "tt: score");
	is_int(e.depth, 7, "tt: depth");
	is_int(e.bound, 3, "tt: bound");
	ok(!xq__tt_probe(s, 0x1234567890abcdefull ^ 1ull << 40, &e), "tt: another key in the same cluster misses");
	xq__tt_store(s, 0x1234567890abcdefull, XQ_MOVE_NONE, 50, 8, 2);
	ok(xq__tt_probe(s, 0x1234567890abcdefull, &e) && e.move == m && e.score == 50,
	   "tt: a store without a move keeps the old move");
	xq__tt_store(s, 0x42, m, XQ_SCORE_MATE - 3, 0, 3);
	ok(xq__tt_probe(s, 0x42, &e) && e.score == XQ_SCORE_MATE - 3 && e.depth == 0, "tt: mate score, depth 0");
	xq__tt_store(s, 0x43, m, 0, -1, 1);
	ok(xq__tt_probe(s, 0x43, &e) && e.depth == -1, "tt: depth -1 (quiescence)");
	xq_search_clear(s);
	ok(!xq__tt_probe(s, 0x1234567890abcdefull, &e), "tt: cleared");
	xq_search_free(s);
}

static void test_ordering(void)
{
	struct xq_pos pos;
	xq_move moves[XQ_MAX_MOVES], killers[2];
	int keys[XQ_MAX_MOVES], n, hist[90 * 90] = { 0 };
	/* Red can take a chariot with a pawn or a cannon, or a pawn with the chariot. */
	xq_pos_from_fen(&pos, "3k5/9/9/9/4r4/4P4/9/4C4/p8/R3K4 w - - 0 1", 0, NULL);
	n = xq_legal_moves(&pos, moves);
	killers[0] = xq_move_make(XQ_SQ(4, 2), XQ_SQ(5, 2));   /* cannon e2f2 */
	killers[1] = xq_move_make(XQ_SQ(4, 2), XQ_SQ(6, 2));   /* cannon e2g2 */
	hist[XQ_SQ(4, 2) * 90 + XQ_SQ(3, 2)] = 500;            /* cannon e2d2 */
	xq__order_moves(&pos, moves, keys, n, xq_move_make(XQ_SQ(4, 2), XQ_SQ(8, 2)),
			killers, hist);
	{
		int khash = -1, kpx = -1, krx = -1, kk1 = -1, kk2 = -1, kh = -1;
		for (int i = 0; i < n; i++) {
			int f = xq_move_from(moves[i]), t = xq_move_to(moves[i]);
			if (f == XQ_SQ(4, 2) && t == XQ_SQ(8, 2)) khash = keys[i];
			else if (f == XQ_SQ(4, 4) && t == XQ_SQ(4, 5)) kpx = keys[i];
			else if (f == XQ_SQ(0, 0) && t == XQ_SQ(0, 1)) krx = keys[i];
			else if (moves[i] == killers[0]) kk1 = keys[i];
			else if (moves[i] == killers[1]) kk2 = keys[i];
			else if (f == XQ_SQ(4, 2) && t == XQ_SQ(3, 2)) kh = keys[i];
		}
		ok(khash > kpx, "ordering: hash move first");
		ok(kpx > krx, "ordering: pawn takes chariot before chariot takes pawn");
		ok(krx > kk1, "ordering: captures before killers");
		ok(kk1 > kk2, "ordering: first killer before second");
		ok(kk2 > kh && kh > 0, "ordering: killers before history, history above zero");
	}
}

struct bg {
	struct xq_search *s;
	struct xq_pos pos;
	struct xq_search_info out;
	int rc, iterations;
};

static void count_iteration(void *data, const struct xq_search_info *i)
{
	struct bg *b = data;
	(void)i;
	b->iterations++;
}

static void *bg_search(void *arg)
{
	struct bg *b = arg;
	struct xq_search_limits lim = { .threads = 1 };   /* no limit: until stopped */
	b->rc = xq_search_run(b->s, &b->pos, NULL, 0, &lim, count_iteration, b, &b->out);
	return NULL;
}

/* Threads, the time limit and xq_search_stop(); none of it deterministic,
 * so only the shape of the answer is checked. */
static void test_limits(void)
{
	struct xq_search_limits lim = { .depth = 7, .threads = 2 };
	struct xq_search_info out;
	struct xq_pos pos;
	struct bg b;
	pthread_t t;
	struct timespec ts = { 0, 100000000 };

	xq_pos_start(&pos);
	is_int(xq_search_run(S, &pos, NULL, 0, &lim, NULL, NULL, &out), 0, "two threads: runs");
	ok(out.npv > 0 && xq_is_legal(&pos, out.pv[0]), "two threads: a legal best move");
	is_int(out.depth, 7, "two threads: the main thread reached depth 7");
	lim.depth = 0;
	lim.threads = 1;
	lim.movetime_ms = 50;
	is_int(xq_search_run(S, &pos, NULL, 0, &lim, NULL, NULL, &out), 0, "movetime 50: runs");
	ok(out.npv > 0 && xq_is_legal(&pos, out.pv[0]), "movetime 50: a legal best move");
	ok(out.depth >= 1 && out.depth < 80, "movetime 50: stopped by the clock (depth %d)", out.depth);
	/* the longest time there is: as good as none (the depth ends it),
	 * with no overflow in the deadline (UBSan in the sanitizer build) */
	lim.depth = 3;
	lim.movetime_ms = INT64_MAX;
	is_int(xq_search_run(S, &pos, NULL, 0, &lim, NULL, NULL, &out), 0, "movetime INT64_MAX: runs");
	is_int(out.depth, 3, "movetime INT64_MAX: the depth ends it");
	lim.depth = 0;
	lim.movetime_ms = 50;

	b.s = xq_search_new(4);
	b.pos = pos;
	b.iterations = 0;
	pthread_create(&t, NULL, bg_search, &b);
	nanosleep(&ts, NULL);
	xq_search_stop(b.s);
	pthread_join(t, NULL);
	is_int(b.rc, 0, "stopped from another thread: returns 0");
	ok(b.out.npv > 0 && xq_is_legal(&pos, b.out.pv[0]), "stopped: a legal best move");
	ok(b.iterations >= 1 && b.iterations == b.out.depth, "stopped: info once per completed iteration (%d, depth %d)",
	   b.iterations, b.out.depth);
	xq_search_free(b.s);

	lim.movetime_ms = 0;
	lim.depth = -1;
	is_int(xq_search_run(S, &pos, NULL, 0, &lim, NULL, NULL, &out), XQ_EINVAL, "negative depth: XQ_EINVAL");
	lim.depth = 1;
	is_int(xq_search_run(S, &pos, NULL, -1, &lim, NULL, NULL, &out), XQ_EINVAL, "negative history: XQ_EINVAL");
	lim.depth = 3;
	is_int(xq_search_run(S, &pos, NULL, 0, &lim, NULL, NULL, &out), 0, "depth 3: runs");
	is_int(out.depth, 3, "depth 3: three iterations");
}

/* searchmoves: the root searched over the moves given only, the move's own
 * score; the root's table entry is not taken from such a run. */
static void test_searchmoves(void)
{
	/* the red chariot takes the unguarded black one, or not */
	const char *fen = "3k5/9/9/9/R3r4/9/9/9/9/5K3 w - - 0 1";
	struct xq_search_info full, only, again;
	struct xq_search_limits lim = { .depth = 4, .threads = 1 };
	struct xq_pos pos;
	xq_move m[3];
	char b[5];

	xq_pos_from_fen(&pos, fen, XQ_FEN_LAX, NULL);
	xq_move_parse(&pos, "a5a6", 4, XQ_NOTATION_ICCS, 0, &m[0], NULL);
	xq_move_parse(&pos, "f0f1", 4, XQ_NOTATION_ICCS, 0, &m[1], NULL);
	xq_move_parse(&pos, "a5e5", 4, XQ_NOTATION_ICCS, 0, &m[2], NULL);
	xq_search_clear(S);
	xq_search_run(S, &pos, NULL, 0, &lim, NULL, NULL, &full);
	lim.searchmoves = m;
	lim.nsearchmoves = 1;
	is_int(xq_search_run(S, &pos, NULL, 0, &lim, NULL, NULL, &only), 0, "searchmoves a5a6: runs");
	is_str(iccs(only.pv[0], b), "a5a6", "searchmoves a5a6: the move searched is the best");
	is_int(only.depth, 4, "searchmoves a5a6: to depth 4");
	ok(only.score < full.score - 500, "searchmoves a5a6: scores the chariot left en prise (%d, best %d)",
	   only.score, full.score);
	lim.nsearchmoves = 2;
	xq_search_run(S, &pos, NULL, 0, &lim, NULL, NULL, &only);
	ok(only.pv[0] == m[0] || only.pv[0] == m[1], "searchmoves a5a6 f0f1: one of the two (%s)",
	   iccs(only.pv[0], b));
	lim.nsearchmoves = 0;
	xq_search_run(S, &pos, NULL, 0, &lim, NULL, NULL, &again);
	is_str(iccs(again.pv[0], b), "a5e5", "then a full search on the same table: the capture");
	is_int(again.score, full.score, "then a full search: the same score as on a fresh table");
	/* a move that is not legal here, or moves not given */
	xq_move_parse(&pos, "f0f1", 4, XQ_NOTATION_ICCS, 0, &m[0], NULL);
	m[0] = xq_move_make(XQ_SQ(0, 0), XQ_SQ(0, 1));   /* no piece on a0 */
	lim.searchmoves = m;
	lim.nsearchmoves = 1;
	is_int(xq_search_run(S, &pos, NULL, 0, &lim, NULL, NULL, &only), XQ_EINVAL,
	       "searchmoves with no legal move: XQ_EINVAL");
	lim.searchmoves = NULL;
	is_int(xq_search_run(S, &pos, NULL, 0, &lim, NULL, NULL, &only), XQ_EINVAL,
	       "searchmoves count without moves: XQ_EINVAL");
	lim.nsearchmoves = -1;
	is_int(xq_search_run(S, &pos, NULL, 0, &lim, NULL, NULL, &only), XQ_EINVAL,
	       "a negative searchmoves count: XQ_EINVAL");
}

/* The evaluation is the dot product of its weights and features, for the
 * side to move, and the colours mirror. */
static void test_eval(void)
{
	static const char *const fens[] = {
		XQ_START_FEN,
		"r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
		"r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 b - - 0 1",
		"3k1ab2/4a4/4b4/p3p3p/2p6/6P2/P3P3P/4B4/4A4/2BAK4 w - - 0 1",
	};
	for (size_t i = 0; i < sizeof fens / sizeof *fens; i++) {
		struct xq_pos pos;
		int feat[XQ__EVAL_NW] = { 0 }, dot = 0, e;
		xq_pos_from_fen(&pos, fens[i], 0, NULL);
		e = xq__eval_features(&pos, xq__eval_weights, feat);
		for (int k = 0; k < XQ__EVAL_NW; k++)
			dot += feat[k] * xq__eval_weights[k];
		is_int(e, dot, "eval %zu: score = weights . features", i);
		is_int(xq_evaluate(&pos), e, "eval %zu: xq_evaluate agrees", i);
	}
	{
		/* The start position is symmetric: only the tempo is left. */
		struct xq_pos pos;
		xq_pos_start(&pos);
		is_int(xq_evaluate(&pos), xq__eval_weights[XQ__W_TEMPO], "start position: the tempo alone");
		pos.side = XQ_BLACK;
		pos.key = xq_pos_compute_key(&pos);
		is_int(xq_evaluate(&pos), xq__eval_weights[XQ__W_TEMPO], "start, black to move: the same");
	}
}

int main(void)
{
	S = xq_search_new(16);
	ok(S != NULL, "xq_search_new(16)");
	test_composed_mates();
	test_winning_capture();
	test_reproducible();
	test_perpetual();
	test_repetition();
	test_corpus_mates();
	test_tt();
	test_ordering();
	test_limits();
	test_searchmoves();
	test_eval();
	xq_search_free(S);
	return done_testing();
}
