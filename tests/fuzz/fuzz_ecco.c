/*
 * fuzz_ecco.c - libFuzzer target for the ECCO classification and its code
 * sets: the bytes are read as a code set (xqgrep --ecco), which parses to
 * a range within A00..E99 holding what it names or fails cleanly, and as a
 * line of moves from the start (each byte picks one of the legal moves),
 * which always classifies to a code with a definition and its names.
 */
#include <stdlib.h>
#include <string.h>

#include "xq.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

static void code_set(const unsigned char *data, size_t size)
{
	char *text = malloc(size + 1);
	struct xq_ecco_range r;
	if (!text)
		return;
	memcpy(text, data, size);
	text[size] = '\0';
	int rc = xq_ecco_range_parse(text, &r);
	if (rc != 0 && rc != XQ_EINVAL)
		abort();
	if (rc == 0) {
		if (r.lo < 0 || r.lo > r.hi || r.hi > 499)
			abort();
		/* a code names itself */
		if (xq_ecco_code_valid(text) && (r.lo != r.hi || !xq_ecco_range_has(&r, text)))
			abort();
	}
	free(text);
}

static void line(const unsigned char *data, size_t size)
{
	struct xq_pos start, pos;
	xq_move moves[20];
	struct xq_ecco e, again;
	int n = 0;

	xq_pos_start(&start);
	pos = start;
	for (size_t i = 0; i < size && n < 20; i++) {
		xq_move legal[XQ_MAX_MOVES];
		struct xq_undo u;
		int k = xq_legal_moves(&pos, legal);
		if (k == 0)
			break;
		xq_sort_moves(legal, k);
		moves[n] = legal[data[i] % k];
		xq_make(&pos, moves[n++], &u);
	}
	if (xq_ecco_classify(&start, moves, n, &e) != 0 || xq_ecco_lookup(e.code, &again) != 0 ||
	    strcmp(e.opening, again.opening) != 0 || !*e.opening || !*e.opening_trad)
		abort();
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	code_set(data, size);
	line(data, size);
	return 0;
}
