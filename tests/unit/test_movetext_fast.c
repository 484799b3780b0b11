/*
 * test_movetext_fast.c - the shortcuts of the PGN reader against its
 * general paths, on the same text read two ways:
 *
 *   - the movetext scanner's run of common tokens (formats/movetext.c,
 *     fast_run(): blanks, move numbers, ASCII move words): every game
 *     "N. h2e2  W..." with W a few bases with each ASCII byte (and a few
 *     wider characters) in each place, after text that moves the column
 *     (a Chinese comment, a tab), against "N. h2e2 !W...", where the mark
 *     glued before W makes the general path read W (scan_word()): the
 *     same moves as written, at the same columns, and the same problems;
 *     and runs of ICCS, WXF and Chinese moves, numbers, blanks and
 *     comments against the same with a full-width mark after each move;
 *   - the tag shortcut (formats/pgn.c, plain_tag()): [Name "value"] with
 *     every byte in every place of the name and the value, values of 0 to
 *     40 bytes, against [Name "value" ] (a blank before the bracket, which
 *     only the general loop reads): the same tags and the same problems.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "xq.h"

struct text {
	char *s;
	size_t n, cap;
};

static void put(struct text *t, const void *s, size_t n)
{
	if (t->n + n + 1 > t->cap) {
		t->cap = (t->n + n + 1) * 2;
		t->s = realloc(t->s, t->cap);
		if (!t->s)
			abort();
	}
	memcpy(t->s + t->n, s, n);
	t->n += n;
	t->s[t->n] = '\0';
}

static void puts_(struct text *t, const char *s)
{
	put(t, s, strlen(s));
}

static void on_problem(void *data, const struct xq_problem *p)
{
	char b[600];
	int n = snprintf(b, sizeof b, "[%ld:%ld %d %s]", p->line, p->col, (int)p->severity, p->msg);
	put(data, b, (size_t)n < sizeof b ? (size_t)n : sizeof b - 1);
}

/* Each game of text (PGN, not replayed) as one line: its tags, its moves as
 * written with their lines and columns, and the problems met so far. */
static struct text read_games(const struct text *in, long *games)
{
	struct xq_reader_opts o = { 0 };
	struct text out = { 0 }, probs = { 0 };
	struct xq_reader *r;
	struct xq_game *g;
	int err;
	o.format = "pgn";
	o.flags = XQ_READ_NO_REPLAY;
	o.problem = on_problem;
	o.problem_data = &probs;
	*games = 0;
	puts_(&out, "");
	puts_(&probs, "");
	r = xq_reader_open_mem(in->s, in->n, &o, &err);
	while (r && xq_reader_next(r, &g) > 0) {
		char b[64];
		puts_(&out, g->start_fen);
		puts_(&out, ";");
		for (const struct xq_tag *t = g->tags; t; t = t->next) {
			puts_(&out, t->name);
			puts_(&out, "=");
			puts_(&out, t->value);
			puts_(&out, ";");
		}
		for (const struct xq_node *nd = g->root.child; nd; nd = nd->child) {
			puts_(&out, nd->text ? nd->text : "-");
			snprintf(b, sizeof b, "@%u:%u ", (unsigned)nd->line, (unsigned)nd->col);
			puts_(&out, b);
		}
		put(&out, probs.s, probs.n);
		probs.n = 0;
		puts_(&out, "\n");
		(*games)++;
		xq_game_free(g);
	}
	xq_reader_close(r);
	free(probs.s);
	return out;
}

/* Line by line, how many lines of x and y differ (the first few shown). */
static long differing(const char *x, const char *y)
{
	long differ = 0;
	while (*x && *y) {
		const char *ex = strchr(x, '\n'), *ey = strchr(y, '\n');
		if (!ex || !ey)
			break;
		if (ex - x != ey - y || memcmp(x, y, (size_t)(ex - x))) {
			if (differ++ < 5)
				diagf("differ: '%.*s' / '%.*s'", (int)(ex - x), x, (int)(ey - y), y);
		}
		x = ex + 1;
		y = ey + 1;
	}
	return differ + (*x != *y);
}

static void compare(const struct text *a, const struct text *b, const char *what)
{
	long ga, gb;
	struct text ra = read_games(a, &ga), rb = read_games(b, &gb);
	is_int(gb, ga, "%s: as many games both ways", what);
	is_int(differing(ra.s, rb.s), 0, "%s: the shortcut and the general path read alike", what);
	free(ra.s);
	free(rb.s);
}

static void moves(void)
{
	static const char *const bases[] = { "h2e2", "C8+2", "R9.8", "e4", "Nf3", "c++6", "a0a1b", "12." };
	static const char *const before[] = {
		"", "{注释} ", "\t", "{一} 1. h2e2 h9g7 ", "１． ", "h2e2 {长 注释 二} ",
	};
	static const char *const numbers[] = { "1. ", "12.", "3... ", "1..", "77. ", "" };
	/* what follows the word */
	static const char *const after[] = { " *", "\t*", "{c} *", "(h9g7) *", "", "$1 *" };
	/* characters put in the word besides the ASCII bytes */
	static const char *const wide[] = { "é", "二", "！", "　", "进", "８" };
	struct text a = { 0 }, b = { 0 };
	long words = 0;
	char w[32];

	for (size_t bi = 0; bi < sizeof bases / sizeof *bases; bi++) {
		size_t bl = strlen(bases[bi]);
		for (size_t k = 0; k < bl; k++)
			for (int c = 0; c < 0x80 + (int)(sizeof wide / sizeof *wide); c++) {
				size_t wl = 0;
				if (c == '\n' || c == '\r')
					continue;
				memcpy(w, bases[bi], k);
				wl = k;
				if (c < 0x80) {
					w[wl++] = (char)c;
				} else {
					memcpy(w + wl, wide[c - 0x80], strlen(wide[c - 0x80]));
					wl += strlen(wide[c - 0x80]);
				}
				memcpy(w + wl, bases[bi] + k + 1, bl - k - 1);
				wl += bl - k - 1;
				for (size_t p = 0; p < sizeof before / sizeof *before; p++) {
					const char *num = numbers[(words + p) % (sizeof numbers / sizeof *numbers)];
					const char *aft = after[(size_t)(words + c) % (sizeof after / sizeof *after)];
					/* "h2e2  W" and "h2e2 !W": the mark, on h2e2, makes
					 * the general path read the word whole (scan_word());
					 * it stands where the other has a blank, so that the
					 * columns stay.  A game a line, a blank line between. */
					puts_(&a, before[p]);
					puts_(&a, num);
					puts_(&a, "h2e2  ");
					put(&a, w, wl);
					puts_(&a, aft);
					puts_(&a, "\n\n");
					puts_(&b, before[p]);
					puts_(&b, num);
					puts_(&b, "h2e2 !");
					put(&b, w, wl);
					puts_(&b, aft);
					puts_(&b, "\n\n");
					words++;
				}
			}
	}
	diagf("%ld words", words);
	compare(&a, &b, "ASCII words");
	free(a.s);
	free(b.s);

	/* runs of moves and numbers, with the columns counted across
	 * Chinese moves and comments, against the same with every move marked */
	a = (struct text){ 0 };
	b = (struct text){ 0 };
	for (int g = 0; g < 200; g++) {
		static const char *const toks[] = {
			"h2e2", "h9g7", "炮二平五", "马８进７", "C2.5", "12.", "3...", "{注}", "\t",
			" ", "　", "前炮进６", "e2e6", "a9a8", "5.", "1..", "H8+7",
		};
		static const int is_move[] = { 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 1, 1, 1, 0, 0, 1 };
		unsigned x = (unsigned)g * 2654435761u;
		for (int t = 0; t < 40; t++) {
			int k;
			x = x * 1103515245u + 12345u;
			k = (int)((x >> 16) % (sizeof toks / sizeof *toks));
			/* the mark where the other has a blank: the columns stay */
			puts_(&a, toks[k]);
			puts_(&b, toks[k]);
			puts_(&a, is_move[k] ? "  " : " ");
			puts_(&b, is_move[k] ? "！ " : " ");
			if (t % 13 == 12) {
				puts_(&a, "\n");
				puts_(&b, "\n");
			}
		}
		puts_(&a, "*\n\n");
		puts_(&b, "*\n\n");
	}
	compare(&a, &b, "runs of tokens");
	free(a.s);
	free(b.s);
}

/* A move w, then what follows it in a (blanks, or the line's end); in b
 * with an ideographic space (U+3000) after it in place of a blank, so that
 * the general path reads the move and the columns stay. */
static void move_then(struct text *a, struct text *b, const char *w, const char *next)
{
	puts_(a, w);
	puts_(a, next);
	puts_(b, w);
	puts_(b, "　");
	puts_(b, next[0] == ' ' ? next + 1 : next);
}

static void both(struct text *a, struct text *b, const char *s)
{
	puts_(a, s);
	puts_(b, s);
}

/* The layouts of real databases, in runs over whole lines: a pair a line
 * with the numbers right-aligned and two blanks between ("  1. B2-B4
 * H9-I7"), a move a line, numbers on lines of their own, many moves a
 * line; lines that start with blanks and tabs. */
static void layouts(void)
{
	static const char *const mv[] = { "B2-B4", "h9-i7", "H2E2", "c3c4", "C2.5", "炮二平五", "H0-G2" };
	static const char *const lead[] = { "", " ", "  ", "\t", " \t " };
	struct text a = { 0 }, b = { 0 };
	char s[32];

	for (int g = 0; g < 80; g++) {
		for (int k = 0; k < 130; k++) {
			const char *w = mv[(g + k) % 7], *x = mv[(g + 3 * k + 1) % 7];
			const char *ld = lead[(g + k) % 5];
			switch (g % 4) {
			case 0:
				snprintf(s, sizeof s, "%3d. ", k + 1);
				both(&a, &b, s);
				move_then(&a, &b, w, "  ");
				move_then(&a, &b, x, "\n");
				break;
			case 1:
				both(&a, &b, ld);
				move_then(&a, &b, w, "\n");
				break;
			case 2:
				snprintf(s, sizeof s, "%s%d.%s\n", ld, k + 1, k % 9 == 8 ? ".." : "");
				both(&a, &b, s);
				move_then(&a, &b, w, "\n");
				both(&a, &b, lead[(k + 2) % 5]);
				move_then(&a, &b, x, "\n");
				break;
			default:
				if (k % 5 == 0)
					both(&a, &b, ld);
				snprintf(s, sizeof s, "%d. ", k + 1);
				both(&a, &b, s);
				move_then(&a, &b, w, " ");
				move_then(&a, &b, x, k % 5 == 4 ? "\n" : " ");
				break;
			}
		}
		both(&a, &b, "*\n\n");
	}
	compare(&a, &b, "layouts");
	free(a.s);
	free(b.s);
}

/* [name "value"] and a game into a, the same with a blank before ']'
 * (which only the general loop of pgn_tags() reads) into b. */
static void tag_pair(struct text *a, struct text *b, const char *name, size_t nl,
		     const char *value, size_t vl)
{
	puts_(a, "[");
	put(a, name, nl);
	puts_(a, " \"");
	put(a, value, vl);
	puts_(a, "\"]\n\n1. h2e2 *\n\n");
	puts_(b, "[");
	put(b, name, nl);
	puts_(b, " \"");
	put(b, value, vl);
	puts_(b, "\" ]\n\n1. h2e2 *\n\n");
}

static void tags(void)
{
	struct text a = { 0 }, b = { 0 };
	char v[64];
	long n = 0;

	/* every byte in every place of a value of 0 to 40 bytes */
	for (size_t len = 0; len <= 40; len++)
		for (size_t k = 0; k < (len ? len : 1); k++)
			for (int c = 0; c < 0x100; c += len > 12 ? 7 : 1) {
				/* (a backslash last escapes the quote: then the
				 * blank is part of the value) */
				if (c == '\n' || c == '\r' || (c == '\\' && k == len - 1))
					continue;
				for (size_t i = 0; i < len; i++)
					v[i] = (char)('a' + i % 26);
				if (len)
					v[k] = (char)c;
				tag_pair(&a, &b, "Event", 5, v, len);
				n++;
			}
	/* every byte in every place of a name */
	for (size_t k = 0; k < 6; k++)
		for (int c = 1; c < 0x100; c++) {
			char name[8] = "Result";
			if (c == '\n' || c == '\r')
				continue;
			name[k] = (char)c;
			tag_pair(&a, &b, name, 6, "1-0", 3);
			n++;
		}
	/* names of every length around the limit, values at theirs */
	for (size_t nl = 250; nl <= 260; nl++) {
		char name[300];
		memset(name, 'N', nl);
		tag_pair(&a, &b, name, nl, "x", 1);
		n++;
	}
	for (size_t vl = 4090; vl <= 4100; vl++) {
		char *val = malloc(vl);
		memset(val, 'v', vl);
		val[vl - 1] = (char)0xe4; /* a cut character at the end */
		tag_pair(&a, &b, "Site", 4, val, vl);
		free(val);
		n++;
	}
	/* the tags looked up when the game is read (FEN, White for Red), in
	 * any case and place */
	{
		static const char *const looked[] = {
			"[fen \"4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1\"]",
			"[Red \"a\"] [FEN \"4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1\"]",
			"[FeN \"bad\"]", "[white \"w\"]", "[WHITE \"w\"][red \"?\"]",
			"[White \"w\"] [Red \"r\"]", "[Whites \"w\"]", "[FENs \"x\"]",
		};
		for (size_t k = 0; k < sizeof looked / sizeof *looked; k++) {
			size_t l = strlen(looked[k]);
			puts_(&a, looked[k]);
			puts_(&a, "\n\n1. h2e2 *\n\n");
			/* the general loop: a blank before each ']' */
			for (size_t c = 0; c < l; c++)
				put(&b, c + 1 < l && looked[k][c + 1] == ']' ? (const char[]){ looked[k][c], ' ' } :
					&looked[k][c], c + 1 < l && looked[k][c + 1] == ']' ? 2 : 1);
			puts_(&b, "\n\n1. h2e2 *\n\n");
			n++;
		}
	}
	/* several on one line, blanks around, the gap before the value */
	puts_(&a, " [Red \"a\"]\t[Black\t\"b\"]  [Date  \"c\"]\n\n1. h2e2 *\n\n");
	puts_(&b, " [Red \"a\" ]\t[Black\t\"b\" ]  [Date  \"c\" ]\n\n1. h2e2 *\n\n");
	diagf("%ld tags", n);
	compare(&a, &b, "tags");
	free(a.s);
	free(b.s);
}

/* The tags looked up when the game is read, by what they do. */
static void looked_up(void)
{
	static const struct {
		const char *text, *fen, *red;
	} t[] = {
		{ "[fen \"4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1\"]", "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1", NULL },
		{ "[Event \"e\"] [fEN \"4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1\"]",
		  "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1", NULL },
		{ "[FEN 4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1]", "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1", NULL },
		{ "[white \"w\"]", NULL, "w" },
		{ "[Date \"d\"][WHITE \"w\"]", NULL, "w" },
		{ "[White \"w\\\\x\"]", NULL, "w\\x" },
		{ "[White \"w\"] [Red \"r\"]", NULL, "r" },
	};
	for (size_t k = 0; k < sizeof t / sizeof *t; k++) {
		struct xq_reader_opts o = { 0 };
		struct xq_reader *r;
		struct xq_game *g = NULL;
		char text[200];
		int err;
		snprintf(text, sizeof text, "%s\n\n1. h2e2 *\n", t[k].text);
		o.format = "pgn";
		o.flags = XQ_READ_NO_REPLAY;
		r = xq_reader_open_mem(text, strlen(text), &o, &err);
		if (!r || xq_reader_next(r, &g) <= 0) {
			ok(0, "%s: read", t[k].text);
			xq_reader_close(r);
			continue;
		}
		if (t[k].fen)
			is_str(g->start_fen, t[k].fen, "%s: the position set", t[k].text);
		if (t[k].red)
			is_str(xq_game_tag(g, "Red") ? xq_game_tag(g, "Red") : "(none)", t[k].red,
			       "%s: Red", t[k].text);
		xq_game_free(g);
		xq_reader_close(r);
	}
}

int main(void)
{
	moves();
	layouts();
	tags();
	looked_up();
	return done_testing();
}
