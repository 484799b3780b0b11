/*
 * fuzz_xqf.c - libFuzzer target for the XQF reader: any bytes give a game
 * or a clean refusal; a game read is written back as XQF (versions 10 and
 * 18) and reads back with as many nodes as replay could play in the first.
 * A game read with no error reads back with none.  A game with errors the
 * writer keeps as they were (two pieces on one point, a result the final
 * position contradicts) is a fixed point instead: written again, it gives
 * the same bytes, and read again, the same errors.  Nothing is invented
 * or lost in the strings: every tag and comment read encodes in GB18030
 * (raw code points as their bytes) and decodes back to itself.
 */
#include <stdlib.h>
#include <string.h>

#include "xq.h"
#include "fuzz_common.h"
#include "../../formats/xqf_impl.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

static void errs(void *ctx, struct xq_game *g, enum xq_severity sev,
		 enum xq_problem_code code, struct xq_build_at at, int ply, const char *text,
		 const char *msg)
{
	(void)g, (void)code, (void)at, (void)ply, (void)text, (void)msg;
	if (sev >= XQ_SEV_ERROR)
		++*(int *)ctx;
}

static void replay_errs(void *ctx, const struct xq_problem *p)
{
	if (p->severity >= XQ_SEV_ERROR)
		++*(int *)ctx;
}

/* The reader's errors for the game being read (reset per game). */
static void read_errs(void *ctx, const struct xq_problem *p)
{
	if (!p->msg)
		abort();
	if (p->severity >= XQ_SEV_ERROR)
		++*(int *)ctx;
}

/* Whether s encodes in GB18030 (XQF_WRITE_GB18030) and decodes back to
 * itself. */
static int string_comes_back(const char *s)
{
	size_t n = strlen(s), len = 0, off, back_len = 0;
	uint32_t bad;
	uint8_t *b = xq__xqf_utf8_to_gbk(s, n, XQF_WRITE_GB18030, &len, &bad, &off, NULL);
	char *back;
	int same;
	if (!b)
		return 0;
	back = xq__xqf_gbk_to_utf8(b, len, 0, &back_len);
	same = back && back_len == n && !memcmp(back, s, n);
	free(b);
	free(back);
	return same;
}

static void check_comments(const struct xq_node *n)
{
	for (; n; n = n->next) {
		if ((n->comment && !string_comes_back(n->comment)) ||
		    (n->comment_before && !string_comes_back(n->comment_before)))
			abort();
		check_comments(n->child);
	}
}

/* Build and replay an XQF image: its errors, or -1 when it is refused. */
static int read_image(const uint8_t *img, size_t len, struct xq_game *h)
{
	int e = 0;
	const struct xq_build_sink s = { errs, &e };
	if (xq__xqf_build_game(img, len, h, &s) < 0)
		return -1;
	xq_game_replay(h, NULL, replay_errs, &e);
	return e;
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	struct xq_reader_opts o = { 0 };
	struct xq_reader *r;
	struct xq_game *g;
	int err, read_errors = 0;

	o.format = "xqf";
	o.problem = read_errs;
	o.problem_data = &read_errors;
	r = xq_reader_open_mem(data, size, &o, &err);
	if (!r)
		return 0;
	while (xq_reader_next(r, &g) > 0) {
		int clean = read_errors == 0;
		for (const struct xq_tag *t = g->tags; t; t = t->next)
			if (!string_comes_back(t->value))
				abort();
		if (g->root.comment && !string_comes_back(g->root.comment))
			abort();
		check_comments(g->root.child);
		for (unsigned opts = 0; opts <= XQF_WRITE_V18; opts += XQF_WRITE_V18) {
			uint8_t *out, *again;
			size_t len, len2;
			int e = 0, eh, eh2;
			const struct xq_build_sink s = { errs, &e };
			struct xq_game *h, *h2;
			if (xq__xqf_encode_game(g, opts, &out, &len, &s, NULL) != 0)
				continue;
			/* what replay could play is written (bad moves left
			 * out, their alternatives kept) */
			h = xq_game_new();
			eh = read_image(out, len, h);
			if (eh < 0 || count_nodes(h->root.child) != count_played(g->root.child) ||
			    (clean && eh != 0))
				abort();
			if (!clean) {
				e = 0;
				if (xq__xqf_encode_game(h, opts, &again, &len2, &s, NULL) != 0)
					abort();
				h2 = xq_game_new();
				eh2 = read_image(again, len2, h2);
				if (len2 != len || memcmp(again, out, len) || eh2 != eh)
					abort();
				xq_game_free(h2);
				free(again);
			}
			xq_game_free(h);
			free(out);
		}
		xq_game_free(g);
		read_errors = 0;
	}
	xq_reader_close(r);
	return 0;
}
