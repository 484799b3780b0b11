/*
 * fuzz_range.c - libFuzzer target for byte ranges (xq_reader_range() and
 * PGN's rule for where a game begins): on any bytes, the ranges of every
 * count from 1 to 9 cover the input in order, each once (range 1 from 0,
 * each range ending where the next begins, the last at the end), every
 * range of a split input begins at 0 or at a '[' after a line feed, and
 * each range reads to its end without a crash.  (That the ranges read the
 * games the whole input gives holds but for a '[' opening a line inside a
 * comment of several lines, the rule's documented limit; tests/unit/
 * test_range.c checks it on real and made inputs.)
 */
#include <stdlib.h>

#include "xq.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

static void read_all(const unsigned char *buf, size_t len, struct xq_reader_opts o)
{
	struct xq_reader *r;
	struct xq_game *g;
	int err;
	if (!(r = xq_reader_open_mem(buf, len, &o, &err)))
		return;
	while (xq_reader_next(r, &g) > 0)
		xq_game_free(g);
	xq_reader_close(r);
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	struct xq_reader_opts o = { 0 };
	o.name = "fuzz.pgn";
	for (long n = 1; n <= 9; n++) {
		size_t at = 0;
		for (long k = 1; k <= n; k++) {
			struct xq_range rg;
			if (xq_reader_range(data, size, &o, k, n, &rg) < 0)
				return 0;   /* out of memory */
			if (rg.start != (k == 1 ? 0 : rg.split ? at : size) || rg.end < rg.start ||
			    rg.end > size || (k == n && rg.end != size))
				abort();
			if (rg.split && rg.start > 0 && rg.start < size &&
			    (data[rg.start - 1] != '\n' || data[rg.start] != '['))
				abort();
			if (rg.start < rg.end || (k == 1 && size == 0))
				read_all(data + rg.start, rg.end - rg.start, xq_range_opts(&rg, &o));
			at = rg.end;
		}
	}
	return 0;
}
