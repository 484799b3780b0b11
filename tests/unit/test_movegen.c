/*
 * test_movegen.c - replay's run of legal ICCS moves (xq__replay_run), one
 * move at a time, against xq_is_legal() then xq_make() (the one test of
 * lib/trymove.h read three ways), each move written in the ICCS spellings and given as
 * points (as the binary formats give it): the same answer for every
 * (from, to) pair of many
 * positions, the same position after it (the whole struct) and the node
 * marked as replay marks it, or the position and the node untouched when
 * the move is refused; the same move as a UCI10 text (ranks 1..10);
 * whole games as one run, of ICCS, of mixed notations, of UCI10; the single-move test
 * against the generator and against the former single-move test and
 * check test (ref_is_legal, ref_gives_check) on the same positions.
 */
#include <stdio.h>
#include <string.h>

#include "tap.h"
#include "xq.h"
#include "board.h"
#include "notation_impl.h"
#include "ref_movegen.h"
#include "replay.h"

struct tally {
	long pairs, legal, wrong_answer, wrong_after, wrong_node, touched, gen_disagree;
	long ref_disagree, check_disagree, uci10_disagree;
};

/* A node as replay finds it: an ICCS text, no move yet, in one of the
 * spellings people write, by spelling % 5: "h2e2", "H2E2", "H2-E2",
 * "h2-e2", "H2e2" (text: room for six bytes). */
static void iccs_node(struct xq_node *n, char *text, xq_move m, int spelling)
{
	memset(n, 0, sizeof *n);
	xq_move_iccs(m, text);
	spelling %= 5;
	if (spelling == 1 || spelling == 2 || spelling == 4)
		text[0] = (char)(text[0] - 'a' + 'A');
	if (spelling == 1 || spelling == 2)
		text[2] = (char)(text[2] - 'a' + 'A');
	if (spelling == 2 || spelling == 3) {
		memmove(text + 3, text + 2, 3);
		text[2] = '-';
	}
	n->text = text;
}

/* The same with ranks 1..10, as [Format "UCI10"] writes them, by
 * spelling % 4: "h3e3", "H3E3", "H3-E3", "h10-e10" (text: room for eight
 * bytes). */
static void uci10_node(struct xq_node *n, char *text, xq_move m, int spelling)
{
	char sq[2][4];
	for (int i = 0; i < 2; i++) {
		unsigned p = i ? MOVE_TO(m) : MOVE_FROM(m);
		/* the padded board's column and row 3.. from a corner: a point
		 * off the board gets a name out of range, as ICCS would */
		int file = (int)(p & 15) - 3, rank = (int)(p >> 4) - 3 + 1;
		snprintf(sq[i], sizeof sq[i], "%c%d", 'a' + file, rank);
		if (spelling % 4 == 1 || spelling % 4 == 2)
			sq[i][0] = (char)(sq[i][0] - 'a' + 'A');
	}
	memset(n, 0, sizeof *n);
	snprintf(text, 8, "%s%s%s", sq[0], spelling % 4 >= 2 ? "-" : "", sq[1]);
	n->text = text;
}

/* Whether node n holds what replay keeps of move m played from before to
 * after. */
static int node_right(const struct xq_node *n, xq_move m, const struct xq_pos *before,
		      const struct xq_pos *after)
{
	uint8_t cap = before->board[MOVE_TO(m)];
	unsigned flags = XQ_NODE_PLAYED | (after->in_check ? XQ_NODE_CHECK : 0) |
			 (cap ? XQ_NODE_CAPTURE : 0);
	return n->move == m && n->key == after->key && n->flags == flags &&
	       n->taken == (cap ? piece_type(cap) : XQ_NONE);
}

/* One move both ways: as an ICCS text (its points on the board: ICCS
 * names no other), or given as points (given: any two of the padded
 * board, as a binary format may give them; with or without a text). */
static void one(struct tally *t, const struct xq_pos *pos, xq_move m, int given)
{
	struct xq_pos ref = *pos, got = *pos;
	struct xq_node n, *last = NULL;
	struct xq_undo u;
	char text[6];
	int legal = xq_is_legal(pos, m), plies = 0, made;

	if (given) {
		memset(&n, 0, sizeof n);
		n.move = m;
		if (in_board(MOVE_FROM(m)) && in_board(MOVE_TO(m)) && t->pairs % 2) {
			xq_move_iccs(m, text);
			n.text = text;
		}
	} else {
		iccs_node(&n, text, m, (int)(t->pairs % 7));
	}
	made = xq__replay_run(&got, &n, &plies, &last, 0) == NULL;
	if (!given) {
		/* and with ranks 1..10: the same answer, the same position */
		struct xq_pos got10 = *pos;
		struct xq_node n10, *last10 = NULL;
		char text10[8];
		int plies10 = 0;
		uci10_node(&n10, text10, m, (int)(t->pairs % 5));
		t->uci10_disagree += (xq__replay_run(&got10, &n10, &plies10, &last10,
						     XQ__RUN_UCI10) == NULL) != made ||
				     memcmp(&got10, &got, sizeof got) != 0;
	}
	t->pairs++;
	if (made != legal || plies != made || last != (made ? &n : NULL)) {
		t->wrong_answer++;
		return;
	}
	if (!legal) {
		t->touched += memcmp(&got, pos, sizeof got) != 0 ||
			      n.move != (given ? m : XQ_MOVE_NONE) || n.flags != 0;
		return;
	}
	t->legal++;
	xq_make(&ref, m, &u);
	t->check_disagree += ref.in_check != ref_gives_check(ref.board, (unsigned)king_isq(&ref, ref.side),
							     !ref.side, MOVE_FROM(m), MOVE_TO(m));
	t->wrong_after += memcmp(&got, &ref, sizeof got) != 0 || xq_pos_check(&got) != 0;
	t->wrong_node += !node_right(&n, m, pos, &ref);
}

/* Pairs of points: all 256 x 256 of the padded board (ALL), the 90 x 90
 * real ones (REAL), or from the side to move's pieces to the 90 points
 * (PIECES); and the generator's list against the same pairs. */
enum { PIECES, REAL, ALL };
static void pairs(struct tally *t, const struct xq_pos *pos, int which)
{
	xq_move moves[XQ_MAX_MOVES];
	static char gen[256][256];
	int n = xq_legal_moves(pos, moves);

	memset(gen, 0, sizeof gen);
	for (int i = 0; i < n; i++)
		gen[MOVE_FROM(moves[i])][MOVE_TO(moves[i])] = 1;
	for (int f = 0; f < (which == ALL ? 256 : which == REAL ? 90 : 16); f++) {
		int from = which == ALL ? f : which == REAL ? sq_to_isq(f) :
			pos->sq_of[pos->side * 16 + f];
		if (!from)
			continue;
		for (int to = 0; to < (which == ALL ? 256 : 90); to++) {
			xq_move m = MOVE(from, which == ALL ? to : sq_to_isq(to));
			if (in_board(MOVE_FROM(m)) && in_board(MOVE_TO(m)))
				one(t, pos, m, 0);
			if (which != PIECES)
				one(t, pos, m, 1);
			t->gen_disagree += xq_is_legal(pos, m) != gen[MOVE_FROM(m)][MOVE_TO(m)];
			t->ref_disagree += xq_is_legal(pos, m) != ref_is_legal(pos, m);
		}
	}
}

static void report(const struct tally *t, const char *what)
{
	ok(t->pairs > 0 && t->legal > 0, "%s: %ld pairs, %ld legal", what, t->pairs, t->legal);
	is_int(t->wrong_answer, 0, "%s: xq__replay_run says what xq_is_legal says", what);
	is_int(t->wrong_after, 0, "%s: the position after it is xq_make's, and consistent", what);
	is_int(t->wrong_node, 0, "%s: the node holds the move, key, check and capture", what);
	is_int(t->touched, 0, "%s: a refused move leaves the position as it was", what);
	is_int(t->gen_disagree, 0, "%s: xq_is_legal agrees with the generator", what);
	is_int(t->ref_disagree, 0, "%s: xq_is_legal agrees with the former single-move test "
				   "(ref_is_legal)", what);
	is_int(t->check_disagree, 0, "%s: xq_make's check agrees with ref_gives_check", what);
	is_int(t->uci10_disagree, 0, "%s: the move as a UCI10 text, run with XQ__RUN_UCI10: the "
				     "same answer and position", what);
}

/* Random games from the start, every position on the way. */
static void random_games(void)
{
	unsigned long long seed = 0x6d6f7665ull;
	struct tally t = { 0 };
	long positions = 0, checks = 0;

	static struct xq_node nodes[201];
	static char texts[201][6];
	static struct xq_pos before[201];
	static xq_move played[201];
	long runs_wrong = 0, run_plies = 0;

	for (int game = 0; game < 60; game++) {
		struct xq_pos pos, got;
		int plies = 0, made = 0, stop;
		struct xq_node *last = NULL, *left;
		xq_pos_start(&pos);
		got = pos;
		for (int ply = 0; ply < 200; ply++) {
			xq_move moves[XQ_MAX_MOVES];
			int n = xq_legal_moves(&pos, moves);
			struct xq_undo u;
			positions++;
			checks += pos.in_check;
			pairs(&t, &pos, game < 2 && ply % 25 == 0 ? ALL : ply % 8 == 0 ? REAL : PIECES);
			if (n == 0)
				break;
			/* captures first now and then, so that games thin out
			 * to endings with open lines and kings in reach */
			xq_move m = moves[tap_rand(&seed) % (unsigned)n];
			if (tap_rand(&seed) % 3 == 0)
				for (int i = 0; i < n; i++)
					if (pos.board[MOVE_TO(moves[i])]) {
						m = moves[i];
						break;
					}
			before[made] = pos;
			played[made] = m;
			iccs_node(&nodes[made], texts[made], m, (int)(tap_rand(&seed) % 5));
			if (made)
				nodes[made - 1].child = &nodes[made];
			made++;
			xq_make(&pos, m, &u);
		}
		/* the game as one run, ending in a move that is not legal
		 * (the last one again, or a text that is no ICCS); every
		 * third game with its moves given as points, as the binary
		 * formats give them */
		int given = game % 3 == 2;
		xq_move bad = given ? played[made - 1] : XQ_MOVE_NONE;
		stop = made;
		before[made] = pos;
		iccs_node(&nodes[made], texts[made], played[made - 1], 0);
		if (game % 2)
			memcpy(texts[made], "h2e", 4);
		if (made)
			nodes[made - 1].child = &nodes[made];
		for (int i = 0; i <= made; i++)
			nodes[i].move = given ? (i < made ? played[i] : bad) : XQ_MOVE_NONE;
		left = xq__replay_run(&got, &nodes[0], &plies, &last, 0);
		run_plies += plies;
		runs_wrong += left != &nodes[stop] || plies != made ||
			      last != (made ? &nodes[made - 1] : NULL) ||
			      memcmp(&got, &pos, sizeof got) != 0 || nodes[stop].move != bad ||
			      nodes[stop].flags != 0;
		for (int i = 0; i < made; i++) {
			struct xq_pos after = i + 1 < made ? before[i + 1] : pos;
			runs_wrong += !node_right(&nodes[i], played[i], &before[i], &after);
		}
	}
	ok(positions >= 8000 && checks >= 200, "%ld random positions, %ld in check", positions, checks);
	report(&t, "random games");
	ok(run_plies > 5000, "%ld plies replayed in whole-game runs", run_plies);
	is_int(runs_wrong, 0, "whole games as one run: stopped at the bad move, every node and "
			      "the final position as xq_make gives them");
}

/* Positions where the king's safety hangs on one line or leg: pins by
 * chariot, cannon (screen moved, screen added) and the facing kings,
 * horse legs, checks of every kind, a king walking into attacks. */
static const char *const fens[] = {
	XQ_START_FEN,
	"3k5/9/9/9/9/9/9/9/4R4/5K3 b",                 /* the king steps beside a chariot's file */
	"4k4/4a4/9/9/9/9/9/9/4R4/3K5 b",               /* advisor pinned by a chariot */
	"4k4/4a4/9/9/4C4/9/9/9/9/3K5 b",               /* cannon with the advisor as screen */
	"3k5/9/4c4/9/9/9/4R4/9/4K4/9 w",               /* check by a cannon over the own chariot */
	"4k4/9/9/9/9/9/9/9/4R4/4K4 b",                 /* the kings would face: the chariot between */
	"4k4/9/9/9/9/9/9/9/4A4/4K4 w",                 /* the advisor between the kings */
	"4k4/4n4/9/9/9/9/9/9/9/4K4 b",                 /* a horse between the kings */
	"3k5/9/4N4/9/9/9/9/9/9/4K4 b",                 /* a horse checks */
	"3k5/4a4/3N5/9/9/9/9/9/9/4K4 b",               /* leg blocked by the advisor */
	"3k5/3P5/9/9/9/9/9/9/9/4K4 b",                 /* pawn check */
	"4k4/9/4c4/9/9/9/9/4R4/9/4K4 w",               /* a chariot pinned on the king's file */
	"4k4/4a4/9/9/9/9/9/4r4/4C4/4K4 w",             /* a cannon pinned by a chariot */
	"4k4/9/9/9/4c4/9/9/9/4A4/4K4 w",               /* cannon check through the advisor */
	"2bak4/4a4/4b4/9/9/9/4C4/9/9/3K5 w",           /* screens near the black king */
	"r1bakab1r/9/1cn4c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b",
	"3akab2/9/4b4/p3N3p/2p3p2/9/P1P3P1P/4B4/4A4/2BAK4 b",
	"4k4/9/9/9/9/9/9/9/3pp4/4K4 w",                /* pawns next to the king */
	"3k5/9/9/9/9/9/9/9/3nn4/3K5 w",                /* horses next to the king */
	"5k3/4P4/9/9/9/9/9/9/9/3K5 b",                 /* the king takes the checking pawn */
};

static void fixed_positions(void)
{
	struct tally t = { 0 };
	int read = 0;
	for (size_t i = 0; i < sizeof fens / sizeof *fens; i++) {
		struct xq_pos pos;
		if (xq_pos_from_fen(&pos, fens[i], 0, NULL) != 0) {
			ok(0, "FEN %s", fens[i]);
			continue;
		}
		read++;
		pairs(&t, &pos, ALL);
		/* and one ply further, every reply */
		xq_move moves[XQ_MAX_MOVES];
		int n = xq_legal_moves(&pos, moves);
		for (int k = 0; k < n; k++) {
			struct xq_pos q = pos;
			struct xq_undo u;
			xq_make(&q, moves[k], &u);
			pairs(&t, &q, REAL);
		}
	}
	is_int(read, (int)(sizeof fens / sizeof *fens), "the positions read");
	report(&t, "set positions and their replies");
}

/*
 * Whole games as one run with relative moves (XQ__RUN_RELATIVE), the
 * notation of each move changing in stretches: ICCS in its spellings, WXF,
 * Chinese.  The run takes a move the quick readers take, ICCS or
 * xq__relative_quick(), and stops at the first other one: at that node,
 * every node before it marked as played and the position that before it.
 * (The run tries first the reader that took the last move: the stretches
 * hold it to giving the same answer whichever reader comes first.)
 */
static void mixed_runs(void)
{
	unsigned long long seed = 0x6d697864ull;
	static struct xq_node nodes[161];
	static char texts[161][XQ_MOVE_TEXT_MAX];
	static struct xq_pos before[161];
	static xq_move played[161];
	long wrong = 0, plies_run = 0, relative = 0, stops = 0, switches = 0;

	for (int game = 0; game < 80; game++) {
		struct xq_pos pos, got;
		struct xq_node *last = NULL, *left;
		int made = 0, plies = 0, stop = -1, kind = 0;
		xq_pos_start(&pos);
		got = pos;
		for (int ply = 0; ply < 160; ply++) {
			xq_move moves[XQ_MAX_MOVES], m, mq;
			int n = xq_legal_moves(&pos, moves), k = kind;
			struct xq_undo u;
			if (n == 0)
				break;
			m = moves[tap_rand(&seed) % (unsigned)n];
			/* a stretch of one notation, now and then another */
			if (tap_rand(&seed) % 6 == 0)
				kind = (int)(tap_rand(&seed) % 3);
			switches += kind != k;
			before[made] = pos;
			played[made] = m;
			if (kind == 0) {
				iccs_node(&nodes[made], texts[made], m, (int)(tap_rand(&seed) % 5));
			} else {
				memset(&nodes[made], 0, sizeof nodes[made]);
				if (xq_move_format(&pos, m, kind == 1 ? XQ_NOTATION_WXF : XQ_NOTATION_CHINESE,
						   0, texts[made], sizeof texts[made]) < 0)
					wrong++;
				nodes[made].text = texts[made];
				if (stop < 0 && !(xq__relative_quick(&pos, texts[made], &mq) && mq == m))
					stop = made;
				relative += stop < 0;
			}
			if (made)
				nodes[made - 1].child = &nodes[made];
			made++;
			xq_make(&pos, m, &u);
		}
		if (stop < 0)
			stop = made;
		else
			stops++;
		left = xq__replay_run(&got, &nodes[0], &plies, &last, XQ__RUN_RELATIVE);
		plies_run += plies;
		wrong += left != (stop < made ? &nodes[stop] : NULL) || plies != stop ||
			 last != (stop ? &nodes[stop - 1] : NULL) ||
			 memcmp(&got, stop < made ? &before[stop] : &pos, sizeof got) != 0;
		for (int i = 0; i < stop; i++) {
			struct xq_pos after = i + 1 < made ? before[i + 1] : pos;
			wrong += !node_right(&nodes[i], played[i], &before[i], &after);
		}
		for (int i = stop; i < made; i++)
			wrong += nodes[i].move != XQ_MOVE_NONE || nodes[i].flags != 0;
	}
	ok(plies_run > 2000 && relative > 500 && stops > 0 && switches > 200,
	   "mixed notations: %ld plies run, %ld relative, %ld runs stopped by a move the quick "
	   "readers leave, %ld changes of notation", plies_run, relative, stops, switches);
	is_int(wrong, 0, "mixed notations: each run stopped where the quick readers stop, every "
			 "node before as xq_make gives it");
}

/*
 * Whole games as one run of UCI10 texts (XQ__RUN_UCI10), in their four
 * spellings, each read by xq_move_parse() as the same move, up to a last
 * text the run leaves to resolve(): a mark after the move (which resolve()
 * reads), a rank 0 (ICCS), the move before again (illegal), a text cut
 * short, a Chinese move.  The run stops at it, every node before marked
 * as played.
 */
static void uci10_runs(void)
{
	static const char *const stoppers[] = { "+", "a0a1", NULL, "h10", "炮二平五" };
	unsigned long long seed = 0x75636931ull;
	static struct xq_node nodes[121];
	static char texts[121][XQ_MOVE_TEXT_MAX];
	static struct xq_pos before[121];
	static xq_move played[121];
	long wrong = 0, misread = 0, plies_run = 0, tens = 0;

	for (int game = 0; game < 60; game++) {
		struct xq_pos pos, got;
		struct xq_node *last = NULL, *left;
		const char *stopper = stoppers[game % 5];
		int made = 0, plies = 0;
		xq_pos_start(&pos);
		got = pos;
		for (int ply = 0; ply < 120; ply++) {
			xq_move moves[XQ_MAX_MOVES], m, read;
			int n = xq_legal_moves(&pos, moves);
			struct xq_undo u;
			if (n == 0)
				break;
			m = moves[tap_rand(&seed) % (unsigned)n];
			before[made] = pos;
			played[made] = m;
			uci10_node(&nodes[made], texts[made], m, (int)(tap_rand(&seed) % 4));
			tens += strstr(texts[made], "10") != NULL;
			misread += xq_move_parse(&pos, texts[made], strlen(texts[made]),
						 XQ_NOTATION_UCI10, 0, &read, NULL) != 0 || read != m;
			if (made)
				nodes[made - 1].child = &nodes[made];
			made++;
			xq_make(&pos, m, &u);
		}
		before[made] = pos;
		memset(&nodes[made], 0, sizeof nodes[made]);
		if (!stopper)
			uci10_node(&nodes[made], texts[made], played[made - 1], 0);
		else if (!strcmp(stopper, "+"))
			uci10_node(&nodes[made], texts[made], played[made - 1], 0),
				strcat(texts[made], "+");
		else
			strcpy(texts[made], stopper);
		nodes[made].text = texts[made];
		nodes[made - 1].child = &nodes[made];
		left = xq__replay_run(&got, &nodes[0], &plies, &last, XQ__RUN_UCI10);
		plies_run += plies;
		wrong += left != &nodes[made] || plies != made || last != &nodes[made - 1] ||
			 memcmp(&got, &pos, sizeof got) != 0 || nodes[made].move != XQ_MOVE_NONE ||
			 nodes[made].flags != 0;
		for (int i = 0; i < made; i++) {
			struct xq_pos after = i + 1 < made ? before[i + 1] : pos;
			wrong += !node_right(&nodes[i], played[i], &before[i], &after);
		}
	}
	ok(plies_run > 3000 && tens > 100, "UCI10 runs: %ld plies, %ld texts with rank 10",
	   plies_run, tens);
	is_int(misread, 0, "UCI10 runs: xq_move_parse() reads every text as the move it names");
	is_int(wrong, 0, "UCI10 runs: each run stopped at the text it leaves, every node before "
			 "as xq_make gives it");
}

int main(void)
{
	random_games();
	fixed_positions();
	mixed_runs();
	uci10_runs();
	return done_testing();
}
