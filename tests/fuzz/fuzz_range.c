/*
 * fuzz_range.c - libFuzzer target for byte ranges (xq_reader_range() and
 * PGN's rule for where a game begins): on any bytes, the ranges of every
 * count from 1 to 9 cover the input in order, each once (range 1 from 0,
 * each range ending where the next begins, the last at the end), every
 * range of a split input begins at 0 or at a '[' after a line feed, and
 * each range reads to its end without a crash; so do the ranges of -J
 * (a range a job over the first half, over half the rest, and so on, each
 * of N the jobs times a power of two), cut by a head found once, and the
 * same after more than 64 KiB of ASCII games (bytes that hold one outside
 * ASCII), where the head leaves the encoding to the ranges that hold one.  (That the ranges read the
 * games the whole input gives holds but for a '[' opening a line inside a
 * comment of several lines, the rule's documented limit; tests/unit/
 * test_range.c checks it on real and made inputs.)  The same input as a
 * stream cut into chunks (xq_splitter_*()) at 1, 64 and 4096 bytes: the
 * chunks are its bytes in order, each after the first beginning at a '['
 * after a line feed, and each reads to its end; a stream not cut hands
 * out its bytes in order.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

static void chunks(const unsigned char *data, size_t size, const struct xq_reader_opts *o,
		   size_t target)
{
	FILE *fp = tmpfile();
	struct xq_splitter *sp;
	struct xq_chunk c;
	const void *buf;
	size_t at = 0;
	long n;
	int err, rc;
	if (!fp)
		return;
	if ((size && fwrite(data, 1, size, fp) != size) || fflush(fp) || fseek(fp, 0, SEEK_SET)) {
		fclose(fp);
		return;
	}
	if (!(sp = xq_splitter_open(fileno(fp), NULL, o, target, &err))) {
		fclose(fp);
		return;   /* out of memory */
	}
	if (xq_splitter_cuts(sp) == 1) {
		while ((rc = xq_splitter_next(sp, &c)) > 0) {
			if (c.offset != at || c.len > size - at || memcmp(c.buf, data + at, c.len) ||
			    (at > 0 && (data[at - 1] != '\n' || data[at] != '[')))
				abort();
			read_all(c.buf, c.len, xq_chunk_opts(&c, o));
			at += c.len;
		}
		if (rc != XQ_ENOMEM && (rc != 0 || at != size))
			abort();
	} else if (xq_splitter_cuts(sp) == 0) {
		while ((n = xq_splitter_read(sp, &buf)) > 0) {
			if ((size_t)n > size - at || memcmp(buf, data + at, (size_t)n))
				abort();
			at += (size_t)n;
		}
		if (n != 0 || at != size)
			abort();
	} else {
		abort();   /* a file that reads */
	}
	xq_splitter_close(sp);
	fclose(fp);
}

/* -J's ranges (xq_range_plan()) for jobs jobs down to least bytes and
 * cut past most, cut by one head: they cover the input in order, each
 * once; read: each is read too. */
static void planned(const unsigned char *data, size_t size, const struct xq_reader_opts *o,
		    int jobs, uint64_t least, uint64_t most, int read)
{
	struct xq_range head, rg;
	size_t at = 0;
	long count = xq_range_plan(size, jobs, least, most, NULL, NULL, 0);
	long *ks = malloc((size_t)count * sizeof *ks), *ns = malloc((size_t)count * sizeof *ns);
	if (!ks || !ns || xq_range_plan(size, jobs, least, most, ks, ns, count) != count ||
	    xq_range_head(data, size, o, &head) < 0) {
		free(ks);
		free(ns);
		return;   /* out of memory */
	}
	for (long i = 0; i < count; i++) {
		long k = ks[i], n = ns[i];
		if (xq_range_cut(&head, data, size, k, n, &rg) < 0)
			break;   /* out of memory */
		if (rg.start != (k == 1 ? 0 : rg.split ? at : size) || rg.end < rg.start ||
		    rg.end > size || (k == n && rg.end != size))
			abort();
		if (read && rg.start < rg.end)
			read_all(data + rg.start, rg.end - rg.start, xq_range_opts(&rg, o));
		at = rg.end;
	}
	free(ks);
	free(ns);
}

/* data after 70,000 bytes of ASCII games: its -J ranges, each read. */
static void after_ascii(const unsigned char *data, size_t size, const struct xq_reader_opts *o)
{
	static const char game[] = "[Event \"a\"]\n\n1. h2e2 h9g7 *\n\n";
	size_t pre = 70000 - 70000 % (sizeof game - 1);
	unsigned char *buf = malloc(pre + size + 1);
	if (!buf)
		return;
	for (size_t i = 0; i < pre; i += sizeof game - 1)
		memcpy(buf + i, game, sizeof game - 1);
	if (size)
		memcpy(buf + pre, data, size);
	planned(buf, pre + size, o, 2, (pre + size) / 16 + 1, (pre + size) / 4 + 1, 1);
	free(buf);
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	struct xq_reader_opts o = { 0 };
	o.name = "fuzz.pgn";
	/* a level of halving; a few, cut; ranges cut down to the least */
	planned(data, size, &o, 2, size / 4 + 1, size + 1, 0);
	planned(data, size, &o, 2, size / 64 + 1, size / 8 + 1, 0);
	planned(data, size, &o, 3, size / 128 + 1, 1, 0);
	for (size_t i = 0; i < size; i++)
		if (data[i] >= 0x80) {
			/* (only then does a range look further than the head) */
			after_ascii(data, size, &o);
			break;
		}
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
	chunks(data, size, &o, 1);
	chunks(data, size, &o, 64);
	chunks(data, size, &o, 4096);
	return 0;
}
