/*
 * test_dhtmlxq.c - DhtmlXQ blocks: the corpus pages and the 1,447-line
 * variation compendium (shared/docs/notation.md section 7), XQF ->
 * DhtmlXQ -> XQF on every XQF corpus file, and hostile blocks.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "xq.h"
#include "../../formats/xqf_impl.h"
#include "../../formats/dhtmlxq_impl.h"
#include "game_cmp.h"

struct probs {
	int errors, warnings, notes;
	int first_ply;
	long first_line;
	char first_msg[300];
};

static void collect(void *ctx, struct xq_game *g, enum xq_severity sev,
		    enum xq_problem_code code, struct xq_build_at at, int ply,
		    const char *text, const char *msg)
{
	struct probs *p = ctx;
	(void)g, (void)code, (void)text;
	if (sev >= XQ_SEV_ERROR) {
		if (!p->errors++) {
			p->first_ply = ply;
			p->first_line = at.line;
			snprintf(p->first_msg, sizeof p->first_msg, "%s", msg);
		}
	} else if (sev == XQ_SEV_WARNING) {
		p->warnings++;
	} else {
		p->notes++;
	}
}

/* Replay's problems, counted the same way. */
static void replay_collect(void *ctx, const struct xq_problem *q)
{
	collect(ctx, NULL, q->severity, q->code, XQ_BUILD_LINE(q->line, q->col), q->ply, q->text,
		q->msg);
}

/* The first block of a file, or of a string, built and replayed (the
 * reader's two steps). */
static struct xq_game *block(const char *text, size_t len, struct probs *p)
{
	const struct xq_build_sink sink = { collect, p };
	struct xq_game *g = xq_game_new();
	const char *a = strstr(text, "[DhtmlXQ");
	const char *e = strstr(text, "[/DhtmlXQ]");
	memset(p, 0, sizeof *p);
	if (!a)
		a = text;
	if (!e)
		e = text + len;
	if (xq__dhtmlxq_build_game(a, (size_t)(e - a), 1, g, &sink) < 0) {
		xq_game_free(g);
		return NULL;
	}
	xq_game_replay(g, NULL, replay_collect, p);
	return g;
}

static struct xq_game *load_file(const char *rel, struct probs *p)
{
	size_t len = 0;
	char *buf = (char *)slurp(shared_path(rel), &len);
	struct xq_game *g;
	if (!ok(buf != NULL, "read %s", shared_path(rel)))
		return NULL;
	buf[len] = 0;
	g = block(buf, len, p);
	free(buf);
	return g;
}

static void pages(void)
{
	struct probs p;
	struct xq_game *g = load_file("corpus/dhtmlxq/wukong_wxf_game_116.html", &p);
	if (g) {
		is_int(xq_game_plies(g), 85, "wukong 116: 85 plies in the movelist");
		is_str(xq_game_tag(g, "Red") ? xq_game_tag(g, "Red") : "", "DING Wa Chong", "wukong 116: red");
		is_str(xq_game_tag(g, "BlackTeam") ? xq_game_tag(g, "BlackTeam") : "", "Germany", "wukong 116: black team");
		is_str(g->result ? g->result : "", "1-0", "wukong 116: result W is red's win");
		is_int(p.errors, 0, "wukong 116: no errors");
		xq_game_free(g);
	}
	g = load_file("corpus/dhtmlxq/wukong_wxf_game_44.html", &p);
	if (g) {
		is_int(xq_game_plies(g), 127, "wukong 44: 127 plies");
		is_str(g->result ? g->result : "", "0-1", "wukong 44: result L");
		is_int(p.errors, 0, "wukong 44: no errors");
		xq_game_free(g);
	}
}

static int same_moves(const struct xq_node *a, const struct xq_node *b)
{
	for (; a && b; a = a->next, b = b->next)
		if (a->move != b->move || !same_moves(a->child, b->child))
			return 0;
	return !a && !b;
}

static void compendium(void)
{
	struct probs p, q;
	struct xq_game *g = load_file("corpus/dhtmlxq/vschess_xianrenzhilu_variations_utf8bom.txt", &p);
	struct xq_game *x = NULL;
	uint8_t *buf;
	size_t len = 0;
	int comments = 0;

	if (!g)
		return;
	is_int(p.errors, 1, "compendium: one illegal line: %s", p.first_msg);
	/* replay reports it where it stands (source line 1517, below) */
	ok(strstr(p.first_msg, "move 4765: ") != NULL, "compendium: the illegal move is 4765 (of line 1194): %s",
	   p.first_msg);
	is_int(p.first_ply, 65, "compendium: at ply 65");
	is_int(p.first_line, 1517, "compendium: source line 1517");
	is_int(count_played(g->root.child), 106997, "compendium: 106,997 nodes played");
	is_int(xq_game_plies(g), 53, "compendium: main line 53 plies");
	/* the same work as hbsxcjp_xianren_v18_huge.xqf: the same tree */
	buf = slurp(shared_path("corpus/xqf/hbsxcjp_xianren_v18_huge.xqf"), &len);
	if (buf) {
		const struct xq_build_sink sink = { collect, &q };
		memset(&q, 0, sizeof q);
		x = xq_game_new();
		xq__xqf_build_game(buf, len, x, &sink);
		xq_game_replay(x, NULL, NULL, NULL);
		ok(same_moves(g->root.child, x->root.child),
		   "compendium: the same move tree as hbsxcjp_xianren_v18_huge.xqf");
		free(buf);
	} else {
		ok(0, "read hbsxcjp_xianren_v18_huge.xqf");
	}
	for (const struct xq_node *n = g->root.child; n; n = n->child)
		comments += n->comment != NULL;
	ok(comments >= 1, "compendium: main-line comments (comment53) attached: %d", comments);
	ok(g->root.comment && strstr(g->root.comment, "\n") && !strstr(g->root.comment, "||"),
	   "compendium: comment0 with || as line breaks");
	xq_game_free(x);
	xq_game_free(g);
}

static const char *const xqf_files[] = {
	"hbsxcjp_05wy0001_v10.xqf", "hbsxcjp_buju_xianjing_v12.xqf", "hbsxcjp_chebing_029_v10.xqf",
	"hbsxcjp_feixiang_v18_big.xqf", "hbsxcjp_siliang_v10.xqf", "hbsxcjp_wuyang_r1_v16.xqf",
	"hbsxcjp_xianren_v18_huge.xqf", "hbsxcjp_zhangqiang_v13.xqf", "vschess_0.xqf",
	"vschess_0_v13.xqf", "vschess_1.xqf", "walker_badmovetest2_v12.xqf", "walker_badmovetest3.xqf",
	"walker_badmovetest4.xqf", "walker_emptytest.xqf", "walker_fivegoats.xqf",
	"walker_game_varations.xqf", "walker_huang_feng_030.xqf", "walker_nomove.xqf",
	"walker_pawn_move.xqf", "walker_test1_v10.xqf", "walker_test_5_variations.xqf",
	"walker_ucci_test1.xqf", "walker_v10_black_first.xqf", "walker_v10_code0_endgame.xqf",
	"walker_v10_result4_truncgbk.xqf", "walker_v10_title_overflow.xqf", "walker_v10_variations.xqf",
	"walker_v10_whoplay_mismatch.xqf", "walker_v11_endgame.xqf", "walker_v11_nomoves.xqf",
	"walker_v12_rangshuangxian.xqf", "walker_v13_endgame.xqf", "walker_v15_game.xqf",
	"walker_v18_black_first.xqf", "walker_wildhouse.xqf", "xqbase_sample.xqf",
	"xqbase_xqfexama.xqf", "xqbase_xqfexamb.xqf",
};

/* XQF -> DhtmlXQ -> XQF: the same game. */
static void round_trip(void)
{
	for (size_t i = 0; i < sizeof xqf_files / sizeof xqf_files[0]; i++) {
		char path[256], why[256] = "";
		struct probs p;
		const struct xq_build_sink xs = { collect, &p };
		struct xq_game *g = xq_game_new(), *h = NULL, *k = NULL;
		struct xq__buf o = { 0 };
		uint8_t *buf, *out = NULL;
		size_t len = 0, olen = 0;

		snprintf(path, sizeof path, "corpus/xqf/%s", xqf_files[i]);
		buf = slurp(shared_path(path), &len);
		if (!ok(buf != NULL, "read %s", shared_path(path))) {
			xq_game_free(g);
			continue;
		}
		memset(&p, 0, sizeof p);
		xq__xqf_build_game(buf, len, g, &xs);
		xq_game_replay(g, NULL, NULL, NULL);
		if (ok(xq__dhtmlxq_encode_game(g, 0, &o) == 0, "%s: written as DhtmlXQ", xqf_files[i])) {
			h = block(o.p, o.len, &p);
			ok(h && p.errors == 0 && same_game(g, h, why, sizeof why),
			   "%s: the DhtmlXQ copy reads back the same %s%s", xqf_files[i], why, p.first_msg);
			if (h && xq__xqf_encode_game(h, 0, &out, &olen, &xs, NULL) == 0) {
				k = xq_game_new();
				memset(&p, 0, sizeof p);
				xq__xqf_build_game(out, olen, k, &xs);
				xq_game_replay(k, NULL, replay_collect, &p);
				ok(p.errors == 0 && same_game(g, k, why, sizeof why),
				   "%s: XQF -> DhtmlXQ -> XQF gives the same game %s", xqf_files[i], why);
			} else {
				ok(0, "%s: DhtmlXQ copy written back as XQF", xqf_files[i]);
			}
		}
		free(o.p);
		free(out);
		free(buf);
		xq_game_free(g);
		xq_game_free(h);
		xq_game_free(k);
	}
}

static void hostile(void)
{
	struct probs p;
	struct xq_game *g;
	static const char *const cases[][2] = {
		{ "[DhtmlXQ][DhtmlXQ_movelist]7747706277[/DhtmlXQ_movelist]", "a half move at the end is ignored" },
		{ "[DhtmlXQ][DhtmlXQ_movelist]77477062", "unclosed movelist at the end" },
		{ "[DhtmlXQ][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][DhtmlXQ_move_5_1_1]7967[/DhtmlXQ_move_5_1_1]", "variation on a missing line" },
		{ "[DhtmlXQ][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][DhtmlXQ_move_2_1_1]7967[/DhtmlXQ_move_2_1_1][DhtmlXQ_move_1_1_2]1927[/DhtmlXQ_move_1_1_2]", "two lines hanging on each other" },
		{ "[DhtmlXQ][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][DhtmlXQ_move_0_9_1]7967[/DhtmlXQ_move_0_9_1]", "variation beyond the end of its line" },
		{ "[DhtmlXQ][DhtmlXQ_binit]99[/DhtmlXQ_binit][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]", "binit of 2 digits" },
		{ "[DhtmlXQ][DhtmlXQ_binit]4040404040404040404040404040404040404040404040404040404040404040[/DhtmlXQ_binit]", "32 pieces on one square" },
		{ "[DhtmlXQ][DhtmlXQ_comment999999999999_99999999999]x[/DhtmlXQ_comment999999999999_99999999999]", "huge comment numbers" },
		{ "[DhtmlXQ][DhtmlXQ_move_99999999999_999999999999_9999999999]7747[/DhtmlXQ_move_99999999999_999999999999_9999999999]", "huge line numbers" },
		{ "[DhtmlXQ][DhtmlXQ_comment0]&#0;&#xFFFFFFFF;&#99999999999;&;&#;\\u12\\uD800[/DhtmlXQ_comment0]", "broken entities and escapes" },
		{ "[DhtmlXQ][DhtmlXQ_title][DhtmlXQ_title][/DhtmlXQ_title]", "nested tag" },
		{ "[DhtmlXQ_", "a lone tag start" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		g = block(cases[i][0], strlen(cases[i][0]), &p);
		ok(g != NULL, "hostile: %s (%d errors, %d warnings)", cases[i][1], p.errors, p.warnings);
		xq_game_free(g);
	}
	g = block(cases[0][0], strlen(cases[0][0]), &p);
	is_int(g ? xq_game_plies(g) : -1, 2, "two whole moves read");
	xq_game_free(g);
	g = block(cases[3][0], strlen(cases[3][0]), &p);
	is_int(p.errors, 2, "both lines of a loop reported");
	xq_game_free(g);
	{
		const char *s = "[DhtmlXQ][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]"
				"[DhtmlXQ_comment1]a&lt;b&gt;&amp;c||d<br>e&#x4E2D;&#25991;\\u4e2d[/DhtmlXQ_comment1]";
		g = block(s, strlen(s), &p);
		is_str(g && g->root.child && g->root.child->comment ? g->root.child->comment : "",
		       "a<b>&c\nd\ne中文中", "comment: entities, ||, <br>, \\u escapes");
		xq_game_free(g);
	}
	{
		/* surrogates: a pair of escapes is one character; a lone one is
		 * no character, kept as the escape (nothing invented) */
		static const char *const sur[][3] = {
			{ "\\ud83d\\ude00", "\xF0\x9F\x98\x80", "a pair: U+1F600" },
			{ "\\uD800\\uDC00", "\xF0\x90\x80\x80", "the first pair: U+10000" },
			{ "\\udbff\\udfff", "\xF4\x8F\xBF\xBF", "the last pair: U+10FFFF" },
			{ "a\\ud800b", "a\\ud800b", "a lone high surrogate kept as written" },
			{ "\\udc00\\ud800", "\\udc00\\ud800", "low before high: both kept" },
			{ "\\ud800\\u4e2d", "\\ud800中", "a high one before no low one" },
			{ "\\udbff", "\\udbff", "a high one at the end" },
		};
		for (size_t i = 0; i < sizeof sur / sizeof *sur; i++) {
			char t[256];
			snprintf(t, sizeof t, "[DhtmlXQ][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]"
				 "[DhtmlXQ_comment1]%s[/DhtmlXQ_comment1]", sur[i][0]);
			g = block(t, strlen(t), &p);
			is_str(g && g->root.child && g->root.child->comment ? g->root.child->comment : "",
			       sur[i][1], "\\u escapes: %s", sur[i][2]);
			xq_game_free(g);
		}
	}
	{
		/* deep nesting: 3,000 lines each hanging on the previous one */
		struct xq__buf o = { 0 };
		char t[128];
		xq__buf_puts(&o, "[DhtmlXQ][DhtmlXQ_movelist]");
		for (int i = 0; i < 3000; i++)
			xq__buf_puts(&o, i % 2 ? "70627967" : "79677062");
		xq__buf_puts(&o, "[/DhtmlXQ_movelist]");
		for (int i = 1; i <= 3000; i++) {
			snprintf(t, sizeof t, "[DhtmlXQ_move_%d_%d_%d]%s[/DhtmlXQ_move_%d_%d_%d]",
				 i - 1, i + 1, i, i % 2 ? "1927" : "7062", i - 1, i + 1, i);
			xq__buf_puts(&o, t);
		}
		xq__buf_puts(&o, "[/DhtmlXQ]");
		g = block(o.p, o.len, &p);
		ok(g != NULL && p.errors >= 0, "3,000 nested variation lines: no crash (%d errors)", p.errors);
		xq_game_free(g);
		free(o.p);
	}
}

int main(void)
{
	pages();
	compendium();
	round_trip();
	hostile();
	return done_testing();
}
