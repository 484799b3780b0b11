/*
 * fuzz_text.c - libFuzzer target for the plain-text reader: any bytes read to the
 * end without a crash; every game read and replayed writes, in every
 * notation, to text that reads back with the same number of games.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xq.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

static void ignore(void *data, const struct xq_problem *p)
{
	(void)data;
	if (!p->msg)
		abort();
}

static int count_games(const void *buf, size_t len, const char *fmt)
{
	struct xq_reader_opts o = { 0 };
	struct xq_reader *r;
	struct xq_game *g;
	int err, n = 0;
	o.format = fmt;
	o.problem = ignore;
	if (!(r = xq_reader_open_mem(buf, len, &o, &err)))
		return -1;
	while (xq_reader_next(r, &g) > 0) {
		n++;
		xq_game_free(g);
	}
	xq_reader_close(r);
	return n;
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	struct xq_reader_opts o = { 0 };
	struct xq_writer_opts wo = { 0 };
	struct xq_reader *r;
	struct xq_game *g;
	char *out = NULL;
	size_t len = 0;
	int err, written = 0;
	FILE *fp;

	o.format = "text";
	o.problem = ignore;
	if (!(r = xq_reader_open_mem(data, size, &o, &err)))
		abort();
	if (!(fp = open_memstream(&out, &len)))
		abort();
	wo.notation = (enum xq_notation)(size % 5 + 1);
	wo.format = "text";
	struct xq_writer *w = xq_writer_open(fp, &wo, &err);
	if (!w)
		abort();
	while (xq_reader_next(r, &g) > 0) {
		struct xq_pos pos;
		xq_game_position(g, -1, &pos);
		if (xq_pos_check(&pos) != 0)
			abort();
		if (xq_writer_write(w, g) == 0)
			written++;
		xq_game_free(g);
	}
	xq_reader_close(r);
	xq_writer_close(w);
	fclose(fp);
	if (count_games(out, len, "text") != written)
		abort();
	free(out);
	return 0;
}
