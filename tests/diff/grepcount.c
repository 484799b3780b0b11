/*
 * grepcount - count games a second way, for the xqgrep tests: replays the
 * tree itself with xq_make (no walker, no xqgrep code), computes every key
 * from scratch (xq_pos_compute_key) and counts pieces square by square.
 * Not a test by itself.
 *
 *   grepcount fen FEN [FEN...] -- FILE...    games whose main line passes
 *                                            through one of the positions
 *   grepcount fen-all FEN... -- FILE...      the same, in any line
 *   grepcount material R N C P R N C P [either] [plies N] -- FILE...
 *                                            chariots, horses, cannons and
 *                                            pawns of red, then black, at
 *                                            some ply of the main line
 *                                            (either: or black, then red;
 *                                            plies N: in N positions in a
 *                                            row, the same way round)
 *   grepcount opening ICCS... -- FILE...     main lines that begin so
 *   grepcount tag NAME TEXT -- FILE...       tag NAME contains TEXT
 *   grepcount tag-fold NAME TEXT -- FILE...  the same in any case and width
 *   grepcount fen-at FILE GAME PLY           FEN after PLY plies of game GAME
 *   grepcount lines FILE...                  per game a line: start FEN, main
 *                                            line in ICCS, Red and Black tags
 *
 * Prints the count; exit 2 on a problem.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xq.h"

static const char *mode;
static char **args;
static int nargs;
static uint64_t keys[64];
static int nkeys;

static int key_hit(const struct xq_pos *p)
{
	uint64_t k = xq_pos_compute_key(p);
	for (int i = 0; i < nkeys; i++)
		if (keys[i] == k)
			return 1;
	return 0;
}

/* any line: depth-first over the tree from node n played in pos */
static int tree_hit(const struct xq_node *first, const struct xq_pos *pos)
{
	for (const struct xq_node *v = first; v; v = v->next) {
		struct xq_pos p = *pos;
		struct xq_undo u;
		if (v->move == XQ_MOVE_NONE || !xq_is_legal(&p, v->move))
			continue;
		xq_make(&p, v->move, &u);
		if (key_hit(&p) || tree_hit(v->child, &p))
			return 1;
	}
	return 0;
}

static int either, plies = 1;
static int run[2];

static int material_count(const struct xq_pos *p, const int want[8]);

/* Counting the positions in a row with the material, each way round:
 * whether one of them reaches plies; reset with p NULL. */
static int material_run(const struct xq_pos *p, const int want[8])
{
	int other[8], hit = 0;
	if (!p) {
		run[0] = run[1] = 0;
		return 0;
	}
	for (int i = 0; i < 8; i++)
		other[i] = want[(i + 4) % 8];
	run[0] = material_count(p, want) ? run[0] + 1 : 0;
	run[1] = either && material_count(p, other) ? run[1] + 1 : 0;
	for (int w = 0; w < 2; w++)
		hit |= run[w] >= plies;
	return hit;
}

static int material_is(const struct xq_pos *p, const int want[8])
{
	return material_run(p, want);
}

static int material_count(const struct xq_pos *p, const int want[8])
{
	static const enum xq_type kinds[4] = { XQ_CHARIOT, XQ_HORSE, XQ_CANNON, XQ_PAWN };
	int n[8] = { 0 };
	for (int sq = 0; sq < 90; sq++) {
		enum xq_type t = xq_piece_type(p, sq);
		for (int k = 0; k < 4; k++)
			if (t == kinds[k])
				n[(xq_piece_side(p, sq) == XQ_BLACK ? 4 : 0) + k]++;
	}
	return !memcmp(n, want, sizeof n);
}

/* s in a new string with code points decoded one by one: ASCII upper
 * case lowered, U+FF01..U+FF5E as U+0021..U+007E (lowered), U+3000 as a
 * space; bytes that do not decode kept. */
static char *fold(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	char *out = malloc(strlen(s) + 1), *o = out;
	if (!out)
		exit(2);
	while (*p) {
		unsigned cp = *p;
		int len = 1;
		if ((p[0] & 0xF0) == 0xE0 && (p[1] & 0xC0) == 0x80 && (p[2] & 0xC0) == 0x80) {
			cp = (unsigned)(p[0] & 0x0F) << 12 | (unsigned)(p[1] & 0x3F) << 6 | (p[2] & 0x3Fu);
			len = 3;
		}
		if (len == 3 && cp >= 0xFF01 && cp <= 0xFF5E)
			cp -= 0xFEE0;
		else if (len == 3 && cp == 0x3000)
			cp = ' ';
		else {
			memcpy(o, p, (size_t)len);
			o += len;
			p += len;
			if (len == 1 && cp >= 'A' && cp <= 'Z')
				o[-1] = (char)(cp + 32);
			continue;
		}
		*o++ = (char)(cp >= 'A' && cp <= 'Z' ? cp + 32 : cp);
		p += len;
	}
	*o = '\0';
	return out;
}

static int game_counts(const struct xq_game *g)
{
	struct xq_pos p = g->start;
	struct xq_undo u;
	int ply = 0;
	if (!strcmp(mode, "fen-all"))
		return key_hit(&p) || tree_hit(g->root.child, &p);
	if (!strcmp(mode, "tag")) {
		const char *v = xq_game_tag(g, args[0]);
		return v && strstr(v, args[1]);
	}
	if (!strcmp(mode, "tag-fold")) {
		const char *v = xq_game_tag(g, args[0]);
		char *a = v ? fold(v) : NULL, *b = fold(args[1]);
		int hit = a && strstr(a, b);
		free(a);
		free(b);
		return hit;
	}
	int want[8];
	for (int i = 0; i < 8 && !strcmp(mode, "material"); i++)
		want[i] = atoi(args[i]);
	if (!strcmp(mode, "opening")) {
		struct xq_pos s;
		xq_pos_start(&s);
		if (xq_pos_compute_key(&p) != xq_pos_compute_key(&s))
			return 0;
	}
	if (!strcmp(mode, "fen") && key_hit(&p))
		return 1;
	material_run(NULL, want);
	if (!strcmp(mode, "material") && material_is(&p, want))
		return 1;
	for (const struct xq_node *n = g->root.child; n; n = n->child, ply++) {
		if (n->move == XQ_MOVE_NONE || !xq_is_legal(&p, n->move))
			break;
		if (!strcmp(mode, "opening") && ply < nargs) {
			char iccs[5];
			xq_move_iccs(n->move, iccs);
			if (strcmp(iccs, args[ply]))
				return 0;
		}
		xq_make(&p, n->move, &u);
		if (!strcmp(mode, "fen") && key_hit(&p))
			return 1;
		if (!strcmp(mode, "material") && material_is(&p, want))
			return 1;
	}
	return !strcmp(mode, "opening") && ply >= nargs;
}

int main(int argc, char **argv)
{
	long count = 0;
	int i;
	if (argc < 3)
		return 2;
	mode = argv[1];
	if (!strcmp(mode, "fen-at")) {
		struct xq_reader_opts o = { 0 };
		FILE *fp = fopen(argv[2], "rb");
		struct xq_game *g;
		struct xq_reader *r;
		long want = atol(argv[3]), n = 0;
		int err;
		char fen[XQ_FEN_MAX];
		if (!fp || !(r = xq_reader_open(fp, &o, &err)))
			return 2;
		while (xq_reader_next(r, &g) > 0) {
			if (++n == want) {
				struct xq_pos p;
				xq_game_position(g, atoi(argv[4]), &p);
				xq_pos_to_fen(&p, fen, sizeof fen);
				puts(fen);
				return 0;
			}
			xq_game_free(g);
		}
		return 2;
	}
	if (!strcmp(mode, "lines")) {
		for (i = 2; i < argc; i++) {
			struct xq_reader_opts o = { 0 };
			FILE *fp = fopen(argv[i], "rb");
			struct xq_game *g;
			struct xq_reader *r;
			int err;
			if (!fp || !(r = xq_reader_open(fp, &o, &err)))
				return 2;
			while (xq_reader_next(r, &g) > 0) {
				char fen[XQ_FEN_MAX], iccs[5];
				struct xq_pos p = g->start;
				xq_pos_to_fen(&p, fen, sizeof fen);
				fen[strcspn(fen, " ")] = '\0';
				printf("%s %c", fen, p.side == XQ_RED ? 'w' : 'b');
				for (const struct xq_node *n = g->root.child; n && n->move; n = n->child) {
					xq_move_iccs(n->move, iccs);
					printf(" %s", iccs);
				}
				printf("\t%s\t%s\n", xq_game_tag(g, "Red") ? xq_game_tag(g, "Red") : "",
				       xq_game_tag(g, "Black") ? xq_game_tag(g, "Black") : "");
				xq_game_free(g);
			}
			xq_reader_close(r);
			fclose(fp);
		}
		return 0;
	}
	args = argv + 2;
	for (i = 2; i < argc && strcmp(argv[i], "--"); i++)
		nargs++;
	if (i == argc)
		return 2;
	if (!strcmp(mode, "material"))
		for (int k = 8; k < nargs; k++) {
			if (!strcmp(args[k], "either"))
				either = 1;
			else if (!strcmp(args[k], "plies") && k + 1 < nargs)
				plies = atoi(args[++k]);
			else
				return 2;
		}
	if (!strcmp(mode, "fen") || !strcmp(mode, "fen-all")) {
		for (int k = 0; k < nargs && k < 64; k++) {
			struct xq_pos p;
			if (xq_pos_from_fen(&p, args[k], XQ_FEN_LAX, NULL) < 0)
				return 2;
			keys[nkeys++] = xq_pos_compute_key(&p);
		}
	}
	for (i++; i < argc; i++) {
		struct xq_reader_opts o = { 0 };
		FILE *fp = fopen(argv[i], "rb");
		struct xq_game *g;
		struct xq_reader *r;
		int err;
		if (!fp || !(r = xq_reader_open(fp, &o, &err)))
			return 2;
		while (xq_reader_next(r, &g) > 0) {
			if (!g->errors && game_counts(g))
				count++;
			xq_game_free(g);
		}
		xq_reader_close(r);
		fclose(fp);
	}
	printf("%ld\n", count);
	return 0;
}
