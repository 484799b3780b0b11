/*
 * fuzz_fen.c - libFuzzer target for the FEN parser: any bytes either fail
 * cleanly or give a consistent position whose FEN reads back the same.
 */
#include <stdlib.h>
#include <string.h>

#include "xq.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	char *text = malloc(size + 1), fen[XQ_FEN_MAX], again[XQ_FEN_MAX];
	struct xq_pos pos, back;
	struct xq_err err;

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	for (unsigned flags = 0; flags <= XQ_FEN_LAX; flags += XQ_FEN_LAX) {
		if (xq_pos_from_fen(&pos, text, flags, &err) < 0) {
			if (err.offset < 0 || (size_t)err.offset > size)
				abort();
			continue;
		}
		if (xq_pos_check(&pos) != 0 || xq_pos_to_fen(&pos, fen, sizeof fen) < 0)
			abort();
		if (xq_pos_from_fen(&back, fen, flags, NULL) < 0 ||
		    xq_pos_to_fen(&back, again, sizeof again) < 0 || strcmp(fen, again) != 0)
			abort();
		(void)xq_perft(&pos, 2);
	}
	free(text);
	return 0;
}
