/*
 * fuzz_dhtmlxq.c - libFuzzer target for the DhtmlXQ reader: any text gives
 * games or nothing, never a crash; each game written back as DhtmlXQ reads
 * back with as many nodes as replay could play in it (fewer when it has a
 * bad move: the writer leaves out the alternatives to one).
 */
#include <stdlib.h>
#include <string.h>

#include "xq.h"
#include "fuzz_common.h"
#include "../../formats/dhtmlxq_impl.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	struct xq_reader_opts o = { 0 };
	struct xq_reader *r;
	struct xq_game *g;
	int err;

	o.format = "dhtmlxq";
	r = xq_reader_open_mem(data, size, &o, &err);
	if (!r)
		return 0;
	while (xq_reader_next(r, &g) > 0) {
		struct xq__buf b = { 0 };
		if (xq__dhtmlxq_encode_game(g, 0, &b) == 0) {
			struct xq_game *h = xq_game_new();
			/* what replay could play is written (the writer leaves
			 * out a bad move's alternatives too: then fewer nodes) */
			int played = count_played(g->root.child);
			if (xq__dhtmlxq_build_game(b.p, b.len, 1, h, NULL) < 0 ||
			    count_nodes(h->root.child) > played ||
			    (played == count_nodes(g->root.child) &&
			     count_nodes(h->root.child) != played))
				abort();
			xq_game_free(h);
		}
		free(b.p);
		xq_game_free(g);
	}
	xq_reader_close(r);
	return 0;
}
