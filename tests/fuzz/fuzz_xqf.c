/*
 * fuzz_xqf.c - libFuzzer target for the XQF reader: any bytes give a game
 * or a clean refusal; a game read is written back as XQF (versions 10 and
 * 18) and must read back, replayed, with no errors and as many nodes as
 * replay could play in the first.
 */
#include <stdlib.h>
#include <string.h>

#include "xq.h"
#include "fuzz_common.h"
#include "../../formats/xqf_impl.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

static void errs(void *ctx, struct xq_game *g, enum xq_severity sev,
		 enum xq_problem_code code, long byte, int ply, const char *text, const char *msg)
{
	(void)g, (void)code, (void)byte, (void)ply, (void)text, (void)msg;
	if (sev >= XQ_SEV_ERROR)
		++*(int *)ctx;
}

static void replay_errs(void *ctx, const struct xq_problem *p)
{
	if (p->severity >= XQ_SEV_ERROR)
		++*(int *)ctx;
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	struct xq_reader_opts o = { 0 };
	struct xq_reader *r;
	struct xq_game *g;
	int err;

	o.format = "xqf";
	r = xq_reader_open_mem(data, size, &o, &err);
	if (!r)
		return 0;
	while (xq_reader_next(r, &g) > 0) {
		for (unsigned opts = 0; opts <= XQF_WRITE_V18; opts += XQF_WRITE_V18) {
			uint8_t *out;
			size_t len;
			int e = 0;
			struct xqf_sink s = { errs, &e, NULL };
			if (xq__xqf_encode_game(g, opts, &out, &len, &s) == 0) {
				struct xq_game *h = xq_game_new();
				e = 0;
				/* what replay could play is written (bad moves left
				 * out, their alternatives kept), and reads back valid */
				if (xq__xqf_build_game(out, len, h, &s) < 0 || e != 0 ||
				    xq_game_replay(h, NULL, replay_errs, &e) != 0 || e != 0 ||
				    count_nodes(h->root.child) != count_played(g->root.child))
					abort();
				xq_game_free(h);
				free(out);
			}
		}
		xq_game_free(g);
	}
	xq_reader_close(r);
	return 0;
}
