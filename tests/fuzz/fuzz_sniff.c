/*
 * fuzz_sniff.c - libFuzzer target for format detection: any bytes, with
 * no format named, are sniffed (the head, then past it for embedded
 * records), decoded and read to the end without a crash; a source that
 * yields no game reports why, one that yields games reports no "no game
 * record found"; no sniffer scores outside 0..XQ_SNIFF_TOP (the reader's
 * shortcut for a named format relies on it).
 */
#include <string.h>

#include "fuzz_common.h"
#include "xq_format.h"

struct seen {
	int no_record;
};

static void note_problem(void *data, const struct xq_problem *p)
{
	struct seen *s = data;
	if (p->code == XQ_P_FORMAT && p->severity == XQ_SEV_FATAL)
		s->no_record = 1;
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	struct xq_reader_opts o = { 0 };
	struct seen s = { 0 };
	struct xq_reader *r;
	struct xq_game *g;
	int err, n = 0;

	for (int i = 0; xq_formats[i]; i++) {
		int sc = xq_formats[i]->sniff ? xq_formats[i]->sniff(data, size, NULL) : 0;
		if (sc < 0 || sc > XQ_SNIFF_TOP)
			abort();
	}
	o.problem = note_problem;
	o.problem_data = &s;
	o.name = size % 2 ? "input.html" : "input";
	if (!(r = xq_reader_open_mem(data, size, &o, &err)))
		abort();
	while (xq_reader_next(r, &g) > 0) {
		n++;
		xq_game_free(g);
	}
	xq_reader_close(r);
	if (n > 0 && s.no_record)
		abort();
	return 0;
}
