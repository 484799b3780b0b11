/*
 * test_iccs_spellings.c - ICCS as people write it, read as PGN and
 * replayed (table-driven): every spelling ("h2e2", "H2E2", "H2-E2",
 * "h2-e2", and case mixed within a move), with no move numbers, with
 * numbers before Red's moves, with numbers before both sides' ("1...");
 * many moves a line, a move pair a line with the number right-aligned (as
 * xqbase writes), one move a line: the same moves played, each node
 * keeping its text as written at its line and column.  Then bad moves in
 * each spelling: the diagnostic, its line, column, ply and text, exactly.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "xq.h"

/* The first 20 plies of a master game (captures, a cannon over a screen). */
static const char *const game[] = {
	"g0e2", "b9c7", "g3g4", "c6c5", "h0g2", "c7d5", "b0a2", "h7e7", "f0e1", "h9g7",
	"g2h4", "e7e3", "b2d2", "b7b4", "h4g6", "i9h9", "a0b0", "a9b9", "g4g5", "c9e7",
};
#define PLIES (int)(sizeof game / sizeof *game)

enum { LOWER, UPPER, UPPER_DASH, LOWER_DASH, MIXED, SPELLINGS };
static const char *const spelling_name[SPELLINGS] = {
	"h2e2", "H2E2", "H2-E2", "h2-e2", "mixed case",
};
enum { NO_NUMBERS, RED_NUMBERS, BOTH_NUMBERS, NUMBERINGS };
static const char *const numbering_name[NUMBERINGS] = {
	"no numbers", "numbers", "numbers for both sides",
};
enum { MANY, PAIR, ONE, LAYOUTS };
static const char *const layout_name[LAYOUTS] = {
	"many moves a line", "a move pair a line", "one move a line",
};

/* Move k of the game in a spelling (mixed: each move its own mix). */
static void spell(int k, int spelling, char out[6])
{
	const char *m = game[k];
	int up1 = spelling == UPPER || spelling == UPPER_DASH, up2 = up1;
	int dash = spelling == UPPER_DASH || spelling == LOWER_DASH;
	if (spelling == MIXED) {
		up1 = k % 2 == 0;
		up2 = k % 4 < 2 ? !up1 : up1;
		dash = k % 3 == 0;
	}
	size_t n = 0;
	out[n++] = (char)(up1 ? m[0] - 'a' + 'A' : m[0]);
	out[n++] = m[1];
	if (dash)
		out[n++] = '-';
	out[n++] = (char)(up2 ? m[2] - 'a' + 'A' : m[2]);
	out[n++] = m[3];
	out[n] = '\0';
}

struct text {
	char s[4096];
	size_t n;
	long line, col;    /* where the next byte goes, 1-based */
};

static void put(struct text *t, const char *s)
{
	for (; *s; s++) {
		if (t->n + 1 < sizeof t->s)
			t->s[t->n++] = *s;
		if (*s == '\n') {
			t->line++;
			t->col = 1;
		} else {
			t->col++;
		}
	}
	t->s[t->n] = '\0';
}

/* One game as PGN; each move's text, line and column in the arrays. */
static void write_game(struct text *t, int spelling, int numbering, int layout,
		       char texts[][6], long *lines, long *cols)
{
	char b[32];
	t->n = 0;
	t->line = t->col = 1;
	put(t, "[Game \"Chinese Chess\"]\n[Format \"ICCS\"]\n\n");
	for (int k = 0; k < PLIES; k++) {
		int red = k % 2 == 0;
		spell(k, spelling, texts[k]);
		if (layout == PAIR && red) {
			snprintf(b, sizeof b, numbering != NO_NUMBERS ? "%3d. " : "  ", k / 2 + 1);
			put(t, b);
		} else if (layout == PAIR) {
			put(t, "  ");
		} else if (numbering != NO_NUMBERS && (red || numbering == BOTH_NUMBERS)) {
			snprintf(b, sizeof b, red ? "%d. " : "%d... ", k / 2 + 1);
			put(t, b);
		}
		lines[k] = t->line;
		cols[k] = t->col;
		put(t, texts[k]);
		if (layout == ONE || (layout == PAIR && !red) || (layout == MANY && k % 7 == 6))
			put(t, "\n");
		else
			put(t, " ");
	}
	put(t, "*\n");
}

struct sink {
	int errors, warnings;
	char msg[600], text[32];
	long line, col;
	int ply;
};

static void on_problem(void *data, const struct xq_problem *p)
{
	struct sink *s = data;
	if (p->severity == XQ_SEV_WARNING)
		s->warnings++;
	if (p->severity < XQ_SEV_ERROR || s->errors++)
		return;
	snprintf(s->msg, sizeof s->msg, "%s", p->msg);
	snprintf(s->text, sizeof s->text, "%s", p->text ? p->text : "");
	s->line = p->line;
	s->col = p->col;
	s->ply = p->ply;
}

/* The one game of a text, read and replayed (NULL: none or more). */
static struct xq_game *read_one(const char *text, struct sink *sink)
{
	struct xq_reader_opts o = { 0 };
	struct xq_reader *r;
	struct xq_game *g = NULL, *extra = NULL;
	int err;
	memset(sink, 0, sizeof *sink);
	o.name = "t.pgn";
	o.problem = on_problem;
	o.problem_data = sink;
	if (!(r = xq_reader_open_mem(text, strlen(text), &o, &err)))
		return NULL;
	if (xq_reader_next(r, &g) > 0 && xq_reader_next(r, &extra) > 0) {
		xq_game_free(extra);
		xq_game_free(g);
		g = NULL;
	}
	xq_reader_close(r);
	return g;
}

static void spellings(void)
{
	for (int sp = 0; sp < SPELLINGS; sp++)
		for (int nu = 0; nu < NUMBERINGS; nu++)
			for (int la = 0; la < LAYOUTS; la++) {
				struct text t;
				char texts[PLIES][6];
				long lines[PLIES], cols[PLIES];
				struct sink sink;
				struct xq_game *g;
				int right = 0, k = 0;

				write_game(&t, sp, nu, la, texts, lines, cols);
				g = read_one(t.s, &sink);
				if (g) {
					const struct xq_node *n = g->root.child;
					for (; n && k < PLIES; n = n->child, k++) {
						char iccs[5];
						xq_move_iccs(n->move, iccs);
						right += n->move != XQ_MOVE_NONE && !strcmp(iccs, game[k]) &&
							 n->text && !strcmp(n->text, texts[k]) &&
							 (long)n->line == lines[k] && (long)n->col == cols[k] &&
							 (n->flags & XQ_NODE_PLAYED) && !n->next;
					}
					k += n != NULL;
				}
				ok(g && sink.errors == 0 && sink.warnings == 0 && g->plies == PLIES &&
				   k == PLIES && right == PLIES,
				   "%s, %s, %s: %d of %d moves played, as written, at their places "
				   "(%d errors: %s)", spelling_name[sp], numbering_name[nu], layout_name[la],
				   right, PLIES, sink.errors, sink.msg);
				xq_game_free(g);
			}
}

/* Bad moves in the spellings: the first error, exactly. */
static const struct {
	const char *name, *pgn, *msg, *text;
	long line, col;
	int ply;
} bad[] = {
	{ "H2-E2: an illegal move", "[Format \"ICCS\"]\n\n1. H2-E2 H9-G7 2. H0-G2 H7-H3 3. H2-E3 *\n",
	  "illegal move: no legal move from h2 to e3", "H2-E3", 3, 34, 5 },
	{ "h2-e2: a move cut short", "[Format \"ICCS\"]\n\n1. h2-e2 h9-g7\n2. h0-g2 h7-e\n",
	  "not a move for Black here: 'h7-e': not a move shape (expected piece, file, direction, "
	  "value, as 炮二平五 or C2.5)", "h7-e", 4, 10, 4 },
	{ "H2-E2, a pair a line: two dashes", "[Format \"ICCS\"]\n\n  1. H2-E2  H9-G7\n  2. H0--G2  I9-H9\n",
	  "not a move for Red here: 'H0--G2': unexpected character '0' at byte 2", "H0--G2", 4, 6, 3 },
	{ "H2E2, one a line: no such file", "[Format \"ICCS\"]\n\nH2E2\nH9G7\nJ0G2\n",
	  "not a move for Red here: 'J0G2': 'J' is not a piece letter (expected K A E H R C P, or B N)",
	  "J0G2", 5, 1, 3 },
	{ "h2-e2: a letter after the move", "[Event \"x\"]\n\n1. h2-e2 h9-g7 2. h0-g2x i9-h9 *\n",
	  "not a move for Red here: 'h0-g2x': unexpected character '0' at byte 2", "h0-g2x", 3, 19, 3 },
	{ "H2-E2: a chariot through a piece", "[Event \"x\"]\n\n1. H2-E2 H9-G7 2. A0-A2 A9-A8 3. A2-D2 A8-D8 4. D2-D9 *\n",
	  "illegal move: no legal move from a2 to d2", "A2-D2", 3, 34, 5 },
	{ "mixed case: the same move twice", "[Event \"x\"]\n\n1. H2E2 H9G7 2. H2e2 *\n",
	  "illegal move: no legal move from h2 to e2", "H2e2", 3, 17, 3 },
	{ "h2e2: an illegal move", "1. h2e2 h9g7 2. h0g2 h7h3 3. h2e3 *\n",
	  "illegal move: no legal move from h2 to e3", "h2e3", 1, 30, 5 },
};

static void bad_moves(void)
{
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		struct sink sink;
		struct xq_game *g = read_one(bad[i].pgn, &sink);
		ok(g && sink.errors == 1 && !strcmp(sink.msg, bad[i].msg) &&
		   !strcmp(sink.text, bad[i].text) && sink.line == bad[i].line &&
		   sink.col == bad[i].col && sink.ply == bad[i].ply,
		   "%s: %ld:%ld ply %d '%s': %s", bad[i].name, sink.line, sink.col, sink.ply,
		   sink.text, sink.msg);
		xq_game_free(g);
	}
}

int main(void)
{
	spellings();
	bad_moves();
	return done_testing();
}
