/*
 * test_cbf.c - CCBridge CBF (XML) records: the two corpus files
 * (shared/docs/notation.md section 8.1), CBR/CBL refused clearly, and
 * hostile XML.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "xq.h"
#include "../../formats/cbf_impl.h"
#include "game_cmp.h"

struct probs {
	int errors, warnings, notes, fatal;
	int first_ply;
	char first_msg[300];
};

static void collect(void *ctx, struct xq_game *g, enum xq_severity sev,
		    enum xq_problem_code code, long line, long col, int ply,
		    const char *text, const char *msg)
{
	struct probs *p = ctx;
	(void)g, (void)code, (void)text, (void)col, (void)line;
	if (sev == XQ_SEV_FATAL)
		p->fatal++;
	if (sev >= XQ_SEV_ERROR) {
		if (!p->errors++) {
			p->first_ply = ply;
			snprintf(p->first_msg, sizeof p->first_msg, "%s", msg);
		}
	} else if (sev == XQ_SEV_WARNING) {
		p->warnings++;
	} else {
		p->notes++;
	}
}

static struct xq_game *doc(const char *text, size_t len, struct probs *p, int *rc)
{
	struct cbf_sink sink = { collect, p };
	struct xq_game *g = xq_game_new();
	memset(p, 0, sizeof *p);
	*rc = cbf_build_game(text, len, 1, g, &sink);
	return g;
}

static void corpus(void)
{
	static const struct {
		const char *file, *first, *result, *title;
		int plies;
	} t[] = {
		{ "corpus/cbf/walker_test_utf8bom.cbf", "h2e2 h9g7", "*", "第一局 屏风马巡河炮抵当头炮局(和)", 50 },
		{ "corpus/cbf/walker_test2_utf8bom.cbf", "h2e2 h7e7", "1/2-1/2", "第十局 当头炮抵当头炮局(和)", 75 },
	};
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		size_t len = 0;
		char *b = (char *)slurp(shared_path(t[i].file), &len);
		struct probs p;
		struct xq_game *g;
		char first[16] = "", a[5];
		int rc;
		if (!ok(b != NULL, "read %s", shared_path(t[i].file)))
			continue;
		g = doc(b, len, &p, &rc);
		is_int(rc, 0, "%s: reads", t[i].file);
		is_int(p.errors + p.warnings, 0, "%s: no errors or warnings %s", t[i].file, p.first_msg);
		is_int(xq_game_plies(g), t[i].plies, "%s: %d plies", t[i].file, t[i].plies);
		if (g->root.child && g->root.child->child) {
			xq_move_iccs(g->root.child->move, a);
			strcat(first, a);
			strcat(first, " ");
			xq_move_iccs(g->root.child->child->move, a);
			strcat(first, a);
		}
		is_str(first, t[i].first, "%s: first moves", t[i].file);
		is_str(g->result ? g->result : "", t[i].result, "%s: result", t[i].file);
		is_str(xq_game_tag(g, "Title") ? xq_game_tag(g, "Title") : "", t[i].title, "%s: title", t[i].file);
		ok(g->root.comment != NULL || i == 1, "%s: the 00-00 root carries the start comment", t[i].file);
		xq_game_free(g);
		free(b);
	}
}

static void binaries(void)
{
	static const char *const files[] = { "corpus/cbf/walker_test.cbr", "corpus/cbf/walker_1989_longhua_35games.cbl" };
	for (size_t i = 0; i < 2; i++) {
		FILE *f = fopen(shared_path(files[i]), "rb");
		struct xq_reader_opts o = { 0 };
		struct probs p;
		struct xq_reader *r;
		struct xq_game *g = NULL;
		int err = 0, rc;
		memset(&p, 0, sizeof p);
		if (!ok(f != NULL, "open %s", shared_path(files[i])))
			continue;
		o.name = files[i];
		r = xq_reader_open(f, &o, &err);
		if (ok(r != NULL, "%s: reader opens", files[i])) {
			is_str(xq_reader_format(r), "cbr", "%s: recognised as CCBridge binary", files[i]);
			rc = xq_reader_next(r, &g);
			ok(rc < 0 && g == NULL, "%s: refused (not supported), no game made up", files[i]);
			xq_reader_close(r);
		}
		fclose(f);
	}
}

static void hostile(void)
{
	static const char *const cases[][2] = {
		{ "", "empty" },
		{ "<ChineseChessRecord", "unterminated root tag" },
		{ "<ChineseChessRecord><MoveList><Move value=\"77-47\"", "unterminated move" },
		{ "<ChineseChessRecord><MoveList><Move value=\"77-4", "unterminated attribute" },
		{ "<ChineseChessRecord><MoveList><Move value=\"99-99\"/></MoveList></ChineseChessRecord>", "square off the board" },
		{ "<ChineseChessRecord><MoveList><Move value=\"77-47\"><![CDATA[x</Move></MoveList></ChineseChessRecord>", "CDATA not closed" },
		{ "<ChineseChessRecord><Head><FEN>9/9/9</FEN></Head><MoveList><Move value=\"77-47\"/></MoveList></ChineseChessRecord>", "bad FEN" },
		{ "<ChineseChessRecord><MoveList><Move value=\"77-47\" var=\"1\"><Move value=\"70-62\"/></Move></MoveList></ChineseChessRecord>", "nested moves, unknown attribute" },
		{ "<ChineseChessRecord><MoveList><Move value=\"00-00\">&#0;&#x110000;&#99999999999999;&bogus;</Move></MoveList></ChineseChessRecord>", "broken character references" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct probs p;
		int rc;
		struct xq_game *g = doc(cases[i][0], strlen(cases[i][0]), &p, &rc);
		ok(g != NULL, "hostile CBF: %s (rc %d, %d errors, %d warnings)", cases[i][1], rc, p.errors, p.warnings);
		xq_game_free(g);
	}
	{
		struct probs p;
		int rc;
		const char *s = "<ChineseChessRecord><MoveList><Move value=\"00-00\"/><Move value=\"77-47\"/>"
				"<Move value=\"77-47\"/><Move value=\"70-62\"/></MoveList></ChineseChessRecord>";
		struct xq_game *g = doc(s, strlen(s), &p, &rc);
		ok(p.errors == 1 && p.first_ply == 2 && xq_game_plies(g) == 1,
		   "an illegal second move is reported at ply 2, the first kept: %s", p.first_msg);
		xq_game_free(g);
	}
}

int main(void)
{
	corpus();
	binaries();
	hostile();
	return done_testing();
}
