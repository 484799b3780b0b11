/*
 * fuzz_cbf.c - libFuzzer target for the CCBridge readers, CBF (XML,
 * formats/cbf.c) and CBR/CBL (binary, formats/cbr.c), each with replay:
 * any bytes give a game or a clean refusal.
 */
#include <stdlib.h>
#include <string.h>

#include "xq.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	static const char *const formats[] = { "cbf", "cbr" };
	for (int i = 0; i < 2; i++) {
		struct xq_reader_opts o = { 0 };
		struct xq_reader *r;
		struct xq_game *g;
		int err;
		o.format = formats[i];
		if (!(r = xq_reader_open_mem(data, size, &o, &err)))
			continue;
		while (xq_reader_next(r, &g) > 0) {
			if (xq_game_plies(g) < 0)
				abort();
			xq_game_free(g);
		}
		xq_reader_close(r);
	}
	return 0;
}
