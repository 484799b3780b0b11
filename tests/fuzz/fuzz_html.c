/*
 * fuzz_html.c - libFuzzer target for the game page writer and the reader
 * of annotation comments it uses: any bytes read as PGN; every game read
 * writes to a page that is whole (ends with its closing tag) with one
 * <script> and one <svg> for the board, and one more for an annotated
 * game's chart (text is escaped, whatever the comments, tags and
 * variations hold); every comment's
 * scores, when read, are within what eval_text() writes.
 */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

static void check_comments(const struct xq_node *n)
{
	for (; n; n = n->next) {
		int b = 0, a = 0;
		int r = xq_annotate_comment_scores(n->comment, &b, &a);
		if (r != 0 && r != 1)
			abort();
		if (r && (b > XQ_SCORE_MATE || b < -XQ_SCORE_MATE || a > XQ_SCORE_MATE || a < -XQ_SCORE_MATE))
			abort();
		check_comments(n->child);
	}
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	struct xq_reader_opts o = { 0 };
	struct xq_writer_opts wo = { 0 };
	struct xq_reader *r;
	struct xq_game *g;
	int err;

	o.format = "pgn";
	o.problem = ignore_problem;
	if (!(r = xq_reader_open_mem(data, size, &o, &err)))
		abort();
	wo.format = "html";
	wo.notation = (enum xq_notation)(size % 5 + 1);
	wo.problem = ignore_problem;
	while (xq_reader_next(r, &g) > 0) {
		char *out = NULL;
		size_t len = 0;
		FILE *fp = open_memstream(&out, &len);
		struct xq_writer *w;
		if (!fp || !(w = xq_writer_open(fp, &wo, &err)))
			abort();
		check_comments(g->root.child);
		int rc = xq_writer_write(w, g);
		xq_writer_close(w);
		fclose(fp);
		if (rc == 0) {
			const char *end = "</html>\n";
			int scripts = 0, svgs = 0;
			for (const char *p = out; (p = strstr(p, "<script")); p++)
				scripts++;
			for (const char *p = out; (p = strstr(p, "<svg")); p++)
				svgs++;
			if (len < strlen(end) || strcmp(out + len - strlen(end), end) || scripts != 1 ||
			    svgs < 1 || svgs > 2 || (svgs == 2) != (strstr(out, "id=\"chart\"") != NULL))
				abort();
		} else if (len) {
			abort();    /* a game not written leaves nothing */
		}
		free(out);
		xq_game_free(g);
	}
	xq_reader_close(r);
	return 0;
}
