/*
 * test_movetext_zh.c - the movetext scanner's shortcut for Chinese moves
 * (four characters, the third a direction: formats/movetext.c,
 * zh_move_word()) against its general path: for every character
 * U+0080..U+FFFF in each place of 炮二平五, the game "1. W *" read as
 * the word W alone (where the shortcut may take it) and as "W!" (where it
 * cannot, the general path reads the word and the mark) gives the same
 * moves as written, at the same columns, and the same problems.
 */
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "utf8.h"
#include "xq.h"

struct count {
	long problems;
};

static void on_problem(void *data, const struct xq_problem *p)
{
	struct count *c = data;
	if (c->problems++ < 3 && getenv("SHOW"))
		diagf("problem: line %ld col %ld: %s", p->line, p->col, p->msg);
}

/* The games of text: per game its move texts and columns, one line each,
 * into out (grown); the problems counted. */
static char *read_games(const char *text, size_t len, long *games, long *problems)
{
	struct xq_reader_opts o = { 0 };
	struct count c = { 0 };
	struct xq_reader *r;
	struct xq_game *g;
	size_t cap = len * 2 + 64, n = 0;
	char *out = malloc(cap);
	int err;
	o.format = "pgn";
	o.flags = XQ_READ_NO_REPLAY;
	o.problem = on_problem;
	o.problem_data = &c;
	*games = 0;
	r = xq_reader_open_mem(text, len, &o, &err);
	while (r && xq_reader_next(r, &g) > 0) {
		for (const struct xq_node *nd = g->root.child; nd; nd = nd->child) {
			size_t l = nd->text ? strlen(nd->text) : 0;
			if (n + l + 32 > cap)
				out = realloc(out, cap = cap * 2 + l + 32);
			n += (size_t)snprintf(out + n, cap - n, "%s@%u ", nd->text ? nd->text : "-",
					      (unsigned)nd->col);
		}
		if (n + 2 > cap)
			out = realloc(out, cap = cap * 2);
		out[n++] = '\n';
		(*games)++;
		xq_game_free(g);
	}
	out[n] = '\0';
	xq_reader_close(r);
	*problems = c.problems;
	return out;
}

int main(void)
{
	static const char *const base[4] = { "炮", "二", "平", "五" };
	size_t cap = 16 << 20, na = 0, nb = 0;
	char *a = malloc(cap), *b = malloc(cap);
	long ga, gb, pa, pb, words = 0;

	for (int k = 0; k < 4; k++)
		for (uint32_t cp = 0x80; cp < 0x10000; cp++) {
			char c[4], w[16];
			size_t cl, wl = 0;
			/* no surrogates, no line ends or blanks of the scanner, no U+FFFD
			 * (unreadable: the rest of the game, here the input, is skipped) */
			if ((cp >= 0xD800 && cp <= 0xDFFF) || cp == 0x85 || cp == 0xA0 ||
			    cp == 0x2028 || cp == 0x2029 || cp == 0x3000 || cp == 0xFEFF || cp == 0xFFFD)
				continue;
			cl = xq__utf8_put(c, cp);
			for (int p = 0; p < 4; p++) {
				const char *part = p == k ? c : base[p];
				size_t pl = p == k ? cl : strlen(base[p]);
				memcpy(w + wl, part, pl);
				wl += pl;
			}
			/* "1. W *" and "1. W! *", a game a line */
			memcpy(a + na, "1. ", 3), na += 3;
			memcpy(a + na, w, wl), na += wl;
			memcpy(a + na, " *\n", 3), na += 3;
			memcpy(b + nb, "1. ", 3), nb += 3;
			memcpy(b + nb, w, wl), nb += wl;
			memcpy(b + nb, "! *\n", 4), nb += 4;
			words++;
		}
	char *ra = read_games(a, na, &ga, &pa);
	char *rb = read_games(b, nb, &gb, &pb);
	diagf("%ld words, %ld and %ld games read, %ld and %ld problems", words, ga, gb, pa, pb);
	is_int(ga, words, "every word a game of its own");
	is_int(gb, ga, "as many games with the mark glued");
	is_int(pb, pa, "as many problems");
	{
		/* line by line: the same moves as written, at the same columns */
		long differ = 0, shown = 0;
		const char *x = ra, *y = rb;
		while (*x && *y) {
			const char *ex = strchr(x, '\n'), *ey = strchr(y, '\n');
			if (ex - x != ey - y || memcmp(x, y, (size_t)(ex - x))) {
				if (shown++ < 5)
					diagf("differ: '%.*s' / '%.*s'", (int)(ex - x), x, (int)(ey - y), y);
				differ++;
			}
			x = ex + 1;
			y = ey + 1;
		}
		is_int(differ, 0, "the shortcut and the general path read every word alike");
	}
	ok(strstr(ra, "炮二平五@4 ") != NULL, "the base move read, at column 4");
	free(ra);
	free(rb);
	free(a);
	free(b);
	return done_testing();
}
