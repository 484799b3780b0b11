/*
 * game_cmp.h - helpers the format tests share: read a file, read the one
 * game of a PGN text, count nodes, compare two games (tags, start, moves,
 * comments, shape).
 */
#ifndef XQ_GAME_CMP_H
#define XQ_GAME_CMP_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xq.h"

/* The first game of a PGN text, replayed (NULL when there is none), its
 * problems to fn (may be NULL). */
__attribute__((unused))
static struct xq_game *read_pgn_game_fn(const char *pgn, xq_problem_fn fn, void *data)
{
	struct xq_reader_opts o = { 0 };
	struct xq_game *g = NULL;
	int err = 0;
	struct xq_reader *r;

	o.format = "pgn";
	o.name = "test";
	o.problem = fn;
	o.problem_data = data;
	r = xq_reader_open_mem(pgn, strlen(pgn), &o, &err);
	if (!r || xq_reader_next(r, &g) != 1)
		g = NULL;
	xq_reader_close(r);
	return g;
}

__attribute__((unused))
static struct xq_game *read_pgn_game(const char *pgn)
{
	return read_pgn_game_fn(pgn, NULL, NULL);
}

__attribute__((unused))
static uint8_t *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	uint8_t *buf = NULL;
	long n;
	if (!f)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0) {
		buf = malloc((size_t)n + 1);
		if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
			free(buf);
			buf = NULL;
		}
		*len = (size_t)n;
	}
	fclose(f);
	return buf;
}

__attribute__((unused))
static int count_nodes(const struct xq_node *n)
{
	int c = 0;
	/* siblings iteratively, children recursively (test files only) */
	for (; n; n = n->next)
		c += 1 + count_nodes(n->child);
	return c;
}

/*
 * A CBR image (notation.md section 8.2) from the start position with the
 * 4-byte move records recs[0..n) (flags, 0, from, to; squares row * 9 +
 * column from the top; flag 1 ends a line, 2 an alternative follows),
 * into buf (CBR_IMAGE_SIZE(n) bytes): the magic, the board at byte 2120,
 * an empty start comment at 2214, the records from 2218.
 */
#define CBR_IMAGE_SIZE(n) (2218 + 4 * (size_t)(n))
#define CBR_SQ(f, r) ((9 - (r)) * 9 + (f))
__attribute__((unused))
static void cbr_image(unsigned char *buf, const unsigned char (*recs)[4], size_t n)
{
	static const unsigned char rows[10][9] = {
		{ 0x21, 0x22, 0x23, 0x24, 0x25, 0x24, 0x23, 0x22, 0x21 }, { 0 },
		{ 0, 0x26, 0, 0, 0, 0, 0, 0x26, 0 }, { 0x27, 0, 0x27, 0, 0x27, 0, 0x27, 0, 0x27 },
		{ 0 }, { 0 }, { 0x17, 0, 0x17, 0, 0x17, 0, 0x17, 0, 0x17 },
		{ 0, 0x16, 0, 0, 0, 0, 0, 0x16, 0 }, { 0 },
		{ 0x11, 0x12, 0x13, 0x14, 0x15, 0x14, 0x13, 0x12, 0x11 },
	};
	memset(buf, 0, CBR_IMAGE_SIZE(n));
	memcpy(buf, "CCBridge Record", 16);
	memcpy(buf + 2120, rows, 90);
	if (n)
		memcpy(buf + 2218, recs, 4 * n);
}

/* The nodes that replay could play: bad moves and all below them left
 * out (test files only: recursive). */
__attribute__((unused))
static int count_played(const struct xq_node *n)
{
	int c = 0;
	for (; n; n = n->next)
		if (!(n->flags & XQ_NODE_BAD))
			c += 1 + count_played(n->child);
	return c;
}

/* The next node from a that replay could play (a bad move is kept in the
 * tree as text, and writers of binary formats leave it out). */
static const struct xq_node *playable(const struct xq_node *a)
{
	while (a && (a->flags & XQ_NODE_BAD))
		a = a->next;
	return a;
}

/* Two trees equal: moves, comments, shape (bad moves left out). */
static int same_tree(const struct xq_node *a, const struct xq_node *b, char *why, size_t n)
{
	for (a = playable(a), b = playable(b); a && b;
	     a = playable(a->next), b = playable(b->next)) {
		if (a->move != b->move) {
			snprintf(why, n, "moves differ");
			return 0;
		}
		if ((a->comment == NULL) != (b->comment == NULL) ||
		    (a->comment && strcmp(a->comment, b->comment))) {
			snprintf(why, n, "comments differ: '%.40s' vs '%.40s'",
				 a->comment ? a->comment : "(none)", b->comment ? b->comment : "(none)");
			return 0;
		}
		if (!same_tree(a->child, b->child, why, n))
			return 0;
	}
	if (a || b) {
		snprintf(why, n, "variation counts differ");
		return 0;
	}
	return 1;
}

__attribute__((unused))
static int same_game(const struct xq_game *a, const struct xq_game *b, char *why, size_t n)
{
	const struct xq_tag *t;
	if (strcmp(a->start_fen, b->start_fen)) {
		snprintf(why, n, "start %s vs %s", a->start_fen, b->start_fen);
		return 0;
	}
	for (t = a->tags; t; t = t->next) {
		const char *v = xq_game_tag(b, t->name);
		if (!v || strcmp(v, t->value)) {
			snprintf(why, n, "tag %s: '%s' vs '%s'", t->name, t->value, v ? v : "(none)");
			return 0;
		}
	}
	for (t = b->tags; t; t = t->next)
		if (!xq_game_tag(a, t->name)) {
			snprintf(why, n, "extra tag %s", t->name);
			return 0;
		}
	if ((a->root.comment == NULL) != (b->root.comment == NULL) ||
	    (a->root.comment && strcmp(a->root.comment, b->root.comment))) {
		snprintf(why, n, "root comments differ");
		return 0;
	}
	return same_tree(a->root.child, b->root.child, why, n);
}

#endif
