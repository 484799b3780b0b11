/*
 * fuzz_search.c - libFuzzer target for the search: any position a lax FEN
 * gives (the bytes after the first; the first picks the depth) is searched
 * to a small depth and node limit; the answer must be a legal move, or none
 * exactly when there is no legal move, with a score in range.
 */
#include <stdlib.h>
#include <string.h>

#include "xq.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	static struct xq_search *s;
	struct xq_search_limits lim = { .depth = 1, .nodes = 3000, .threads = 1 };
	struct xq_search_info out;
	struct xq_pos pos;
	xq_move moves[XQ_MAX_MOVES];
	char fen[256];
	int n;

	if (size < 2 || size > sizeof fen)
		return 0;
	lim.depth = 1 + data[0] % 4;
	memcpy(fen, data + 1, size - 1);
	fen[size - 1] = '\0';
	if (xq_pos_from_fen(&pos, fen, XQ_FEN_LAX, NULL) < 0)
		return 0;
	if (!s && !(s = xq_search_new(1)))
		abort();
	xq_search_clear(s);
	if (xq_search_run(s, &pos, NULL, 0, &lim, NULL, NULL, &out) != 0)
		abort();
	n = xq_legal_moves(&pos, moves);
	if (n == 0 ? out.npv != 0 || out.pv[0] != XQ_MOVE_NONE : out.npv < 1 || !xq_is_legal(&pos, out.pv[0]))
		abort();
	if (out.score < -XQ_SCORE_MATE || out.score > XQ_SCORE_MATE)
		abort();
	return 0;
}
