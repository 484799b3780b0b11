/*
 * fuzz_limits.c - libFuzzer target for the size limits, which a fuzz input
 * of at most -max_len bytes cannot reach as it is: the input is a recipe
 * that expands to a big record, read to the end without a crash, every
 * game written to PGN that reads back with the same number of games.
 *
 *   byte 0      the format: pgn, text, dhtmlxq, xqf, cbf (mod 5)
 *   bytes 1-2   N, little-endian
 *   the rest    PREFIX \x01 CHUNK \x01 SUFFIX (a missing \x01: empty parts)
 *
 * expands to PREFIX, CHUNK repeated 64 * N times (at most 18 MiB in all,
 * past the 16 MiB DhtmlXQ block), SUFFIX: so "{" a{1 MiB} "}" (a comment
 * past 1 MiB), one line past 4 MiB, 1,000,001 moves, 200,001 DhtmlXQ tags,
 * a DhtmlXQ block past 16 MiB are a few bytes each (tests/fuzz/seeds/limits).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"

#define EXPANDED_MAX (18u << 20)

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

/* Nodes of g's tree, without recursion (a line may be 1,000,000 deep). */
static long tree_size(const struct xq_game *g)
{
	long c = 0;
	const struct xq_node *n = g->root.child;
	while (n) {
		c++;
		if (n->child) {
			n = n->child;
			continue;
		}
		while (n != &g->root && !n->next)
			n = n->parent;
		n = n == &g->root ? NULL : n->next;
	}
	return c;
}

/* The one move limit holds. */
static int within_limit(const struct xq_game *g)
{
	return tree_size(g) <= XQ_MAX_GAME_MOVES;
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	static const char *const fmts[] = { "pgn", "text", "dhtmlxq", "xqf", "cbf" };
	const unsigned char *p, *c1, *c2, *end = data + size;
	size_t plen, clen, slen, reps, total;
	unsigned char *buf;

	if (size < 3)
		return 0;
	const char *fmt = fmts[data[0] % 5];
	reps = (size_t)(data[1] | data[2] << 8) * 64;
	p = data + 3;
	c1 = memchr(p, 1, (size_t)(end - p));
	c2 = c1 ? memchr(c1 + 1, 1, (size_t)(end - c1 - 1)) : NULL;
	plen = c1 ? (size_t)(c1 - p) : (size_t)(end - p);
	clen = c1 ? (size_t)((c2 ? c2 : end) - c1 - 1) : 0;
	slen = c2 ? (size_t)(end - c2 - 1) : 0;
	if (clen && reps > (EXPANDED_MAX - plen - slen) / clen)
		reps = (EXPANDED_MAX - plen - slen) / clen;
	if (!clen)
		reps = 0;
	total = plen + clen * reps + slen;
	if (!(buf = malloc(total ? total : 1)))
		abort();
	memcpy(buf, p, plen);
	for (size_t i = 0; i < reps; i++)
		memcpy(buf + plen + i * clen, c1 + 1, clen);
	if (slen)
		memcpy(buf + plen + clen * reps, c2 + 1, slen);

	fuzz_convert(buf, total, fmt, 0, "pgn", XQ_NOTATION_ICCS, within_limit);
	free(buf);
	return 0;
}
