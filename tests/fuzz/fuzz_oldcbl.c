/*
 * fuzz_oldcbl.c - libFuzzer target for the old CCBridge library reader:
 * any bytes (a "CCBridge" header is put in front of most inputs, and the
 * rest packed with zlib half of the time, so that the record parser is
 * reached) read to the end without a crash; every game read replays to a
 * consistent position.
 */
#include <zlib.h>

#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	struct xq_reader_opts o = { 0 };
	struct xq_reader *r;
	struct xq_game *g;
	unsigned char *buf;
	size_t len = size;
	int err;

	buf = malloc(20 + compressBound(size) + 1);
	if (!buf)
		abort();
	if (size && (data[0] & 1)) {
		/* the rest as the unpacked stream */
		uLongf zl = compressBound(size - 1);
		memcpy(buf, "CCBridge\x15\0\0\0\x03\0\0\0", 16);
		buf[16] = (unsigned char)(size - 1);
		buf[17] = (unsigned char)((size - 1) >> 8);
		buf[18] = (unsigned char)((size - 1) >> 16);
		buf[19] = 0;
		if (compress(buf + 20, &zl, data + 1, size - 1) != Z_OK)
			abort();
		len = 20 + zl;
	} else {
		memcpy(buf, data, size);
	}
	o.format = "oldcbl";
	o.problem = ignore_problem;
	if (!(r = xq_reader_open_mem(buf, len, &o, &err)))
		abort();
	while (xq_reader_next(r, &g) > 0) {
		struct xq_pos pos;
		xq_game_position(g, -1, &pos);
		if (xq_pos_check(&pos) != 0)
			abort();
		xq_game_free(g);
	}
	xq_reader_close(r);
	free(buf);
	return 0;
}
