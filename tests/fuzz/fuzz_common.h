/*
 * fuzz_common.h - what the libFuzzer targets share: counting games and
 * nodes, and the read-write-read round trip of the text formats (PGN and
 * plain text), whose targets differ only in the format's name.
 * Static inline, so a target that uses part of it compiles cleanly.
 */
#ifndef XQ_FUZZ_COMMON_H
#define XQ_FUZZ_COMMON_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xq.h"

/* Nodes of a move tree: n, its siblings and everything below them. */
static inline int count_nodes(const struct xq_node *n)
{
	int c = 0;
	for (; n; n = n->next)
		c += 1 + count_nodes(n->child);
	return c;
}

/* The nodes replay could play: bad moves (kept in the tree, marked) and
 * everything below them left out. */
static inline int count_played(const struct xq_node *n)
{
	int c = 0;
	for (; n; n = n->next)
		if (!(n->flags & XQ_NODE_BAD))
			c += 1 + count_played(n->child);
	return c;
}

/* A problem handler that only checks the problem has a message. */
static inline void ignore_problem(void *data, const struct xq_problem *p)
{
	(void)data;
	if (!p->msg)
		abort();
}

/* Games in buf read as fmt, or -1 when it cannot be opened. */
static inline int count_games(const void *buf, size_t len, const char *fmt)
{
	struct xq_reader_opts o = { 0 };
	struct xq_reader *r;
	struct xq_game *g;
	int err, n = 0;
	o.format = fmt;
	/* what the writer wrote: guessing it is the detector's job, tested on
	 * its own, and on fuzzed text (bytes kept raw, stray hanzi) a guess may
	 * rightly go the other way, with a warning */
	o.encoding = "UTF-8";
	o.problem = ignore_problem;
	if (!(r = xq_reader_open_mem(buf, len, &o, &err)))
		return -1;
	while (xq_reader_next(r, &g) > 0) {
		n++;
		xq_game_free(g);
	}
	xq_reader_close(r);
	return n;
}

/*
 * Any bytes read as fmt to the end without a crash; every game read and
 * replayed, passing check (may be NULL: aborts otherwise), writes to outfmt
 * in notation n, and that reads back with the same number of games.  When
 * must_open, the reader must open (text formats open anything).
 */
static inline int fuzz_convert(const unsigned char *data, size_t size, const char *fmt,
			       int must_open, const char *outfmt, enum xq_notation n,
			       int (*check)(const struct xq_game *))
{
	struct xq_reader_opts o = { 0 };
	struct xq_writer_opts wo = { 0 };
	struct xq_reader *r;
	struct xq_game *g;
	char *out = NULL;
	size_t len = 0;
	int err, written = 0;
	FILE *fp;

	o.format = fmt;
	o.problem = ignore_problem;
	if (!(r = xq_reader_open_mem(data, size, &o, &err))) {
		if (must_open)
			abort();
		return 0;
	}
	if (!(fp = open_memstream(&out, &len)))
		abort();
	wo.notation = n;
	wo.format = outfmt;
	struct xq_writer *w = xq_writer_open(fp, &wo, &err);
	if (!w)
		abort();
	while (xq_reader_next(r, &g) > 0) {
		if (check && !check(g))
			abort();
		if (xq_writer_write(w, g) == 0)
			written++;
		xq_game_free(g);
	}
	xq_reader_close(r);
	xq_writer_close(w);
	fclose(fp);
	if (count_games(out, len, outfmt) != written)
		abort();
	free(out);
	return 0;
}

/* The position at the end of the main line is a consistent one. */
static inline int end_position_ok(const struct xq_game *g)
{
	struct xq_pos pos;
	xq_game_position(g, -1, &pos);
	return xq_pos_check(&pos) == 0;
}

/* The round trip of a text format, in the notation the input's size picks. */
static inline int fuzz_text_roundtrip(const unsigned char *data, size_t size,
				      const char *fmt)
{
	return fuzz_convert(data, size, fmt, 1, fmt, (enum xq_notation)(size % 5 + 1),
			    end_position_ok);
}

#endif
