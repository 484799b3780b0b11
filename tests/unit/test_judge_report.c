/*
 * test_judge_report.c - a game's judgement written whole
 * (xq_game_judge_report): for people and as JSON, rulings with their
 * labels, natural-limit events, variations, positions and names through
 * the caller's writers; each output compared whole.
 */
#include <stdlib.h>
#include <string.h>

#include "game_cmp.h"
#include "tap.h"

#define CHASE_FEN "4k4/9/c8/1R7/9/9/9/9/9/3K5 w - - 0 1"
#define CHASE "b6b7 a7a6 b7b6 a6a7 b6b7 a7a6 b7b6 a6a7"
#define QUIET_FEN "4k4/9/9/9/9/9/9/9/9/N2K5 w - - 0 1"
#define QUIET "a0b2 e9f9 b2a0 f9e9 a0c1 e9f9 c1a0 f9e9"

/* The span of the chase under CXA in ICCS, from its labels to the rule
 * cited, as the text gives it. */
#define CHASE_CXA_TEXT \
	"       1 Red   b6b7         chase 捉 cannon a7\n" \
	"       2 Black a7a6         idle 闲\n" \
	"       3 Red   b7b6         chase 捉 cannon a6\n" \
	"       4 Black a6a7         idle 闲\n" \
	"       5 Red   b6b7         chase 捉 cannon a7\n" \
	"       6 Black a7a6         idle 闲\n" \
	"       7 Red   b7b6         chase 捉 cannon a6\n" \
	"       8 Black a6a7         idle 闲\n" \
	"    Red: forbidden; Black: allowed\n" \
	"    verdict: Red must change; if Red goes on, Red loses\n" \
	"    rule (cxa): CXA 26.4: forbidden moves (25.2: every move attacks) against allowed ones: the forbidden side must change\n"

/* The caller's writers of positions and names: both bracketed. */
static void bracket_pos(void *data, FILE *fp, char kind, long v)
{
	(void)data;
	fprintf(fp, "<%c%ld>", kind, v);
}

static void bracket_text(void *data, FILE *fp, const char *s)
{
	(void)data;
	fprintf(fp, "[%s]", s);
}

static const struct report_case {
	const char *name, *tags, *fen, *moves;
	enum xq_rules rules;
	int limit, all_lines, json, marked;
	enum xq_notation notation;
	const char *want;
} cases[] = {
	{ "a perpetual chase, text", "[Red \"R\"]\n[Black \"B\"]\n", CHASE_FEN, CHASE,
	  XQ_RULES_CXA, 0, 0, 0, 0, XQ_NOTATION_ICCS,
	  "f.pgn: game 1 (line 1): R - B\n"
	  "  ply 8: repetition, 3 occurrences of the position, cycle 4 plies; span plies 1-8\n"
	  CHASE_CXA_TEXT
	  "  verdict at the end of the main line: red-loses\n" },
	{ "a perpetual chase, JSON", "", CHASE_FEN, CHASE,
	  XQ_RULES_AXF, 0, 0, 1, 0, XQ_NOTATION_WXF,
	  "{\"file\":\"f.pgn\",\"index\":1,\"line\":1,\"fen\":\"4k4/9/c8/1R7/9/9/9/9/9/3K5 w - - 0 1\",\"rules\":\"axf\",\"fold\":3,\"limit\":120,\"plies\":8,\"valid\":true,\"rulings\":[{\"kind\":\"repetition\",\"ply\":8,\"mainline\":true,\"depth\":0,\"line\":5,\"col\":36,\"rules\":\"axf\",\"first\":1,\"occurrences\":3,\"cycle\":4,\"verdict\":\"red-loses\",\"class\":{\"red\":\"perpetual-chase\",\"black\":\"allowed\"},\"victim\":{\"red\":\"a7\",\"black\":null},\"rule\":\"AXF rules 15-33: perpetual chase of one piece loses against an allowed cycle (总纲 3: 一子长捉一子作负; 判决原则 4)\",\"needs_review\":false,\"review\":\"\",\"labels\":[{\"ply\":1,\"side\":\"red\",\"move\":\"R8+1\",\"iccs\":\"b6b7\",\"labels\":[\"chase\"],\"chased\":[{\"piece\":\"cannon\",\"square\":\"a7\",\"id\":9}]},"
	  "{\"ply\":2,\"side\":\"black\",\"move\":\"C1+1\",\"iccs\":\"a7a6\",\"labels\":[\"idle\"],\"chased\":[]},"
	  "{\"ply\":3,\"side\":\"red\",\"move\":\"R8-1\",\"iccs\":\"b7b6\",\"labels\":[\"chase\"],\"chased\":[{\"piece\":\"cannon\",\"square\":\"a6\",\"id\":9}]},"
	  "{\"ply\":4,\"side\":\"black\",\"move\":\"C1-1\",\"iccs\":\"a6a7\",\"labels\":[\"idle\"],\"chased\":[]},"
	  "{\"ply\":5,\"side\":\"red\",\"move\":\"R8+1\",\"iccs\":\"b6b7\",\"labels\":[\"chase\"],\"chased\":[{\"piece\":\"cannon\",\"square\":\"a7\",\"id\":9}]},"
	  "{\"ply\":6,\"side\":\"black\",\"move\":\"C1+1\",\"iccs\":\"a7a6\",\"labels\":[\"idle\"],\"chased\":[]},"
	  "{\"ply\":7,\"side\":\"red\",\"move\":\"R8-1\",\"iccs\":\"b7b6\",\"labels\":[\"chase\"],\"chased\":[{\"piece\":\"cannon\",\"square\":\"a6\",\"id\":9}]},"
	  "{\"ply\":8,\"side\":\"black\",\"move\":\"C1-1\",\"iccs\":\"a6a7\",\"labels\":[\"idle\"],\"chased\":[]}]}],\"verdict\":\"red-loses\"}\n" },
	{ "the natural limit, no player tags, text", "", QUIET_FEN, QUIET,
	  XQ_RULES_CXA, 4, 0, 0, 0, XQ_NOTATION_CHINESE,
	  "f.pgn: game 1 (line 1)\n"
	  "  ply 4: natural limit reached at ply 4 (4 plies without a capture): either side may claim a draw\n"
	  "  ply 8: repetition, 3 occurrences of the position, cycle 4 plies; span plies 1-8\n"
	  "       1 Red   马九进八 idle 闲\n"
	  "       2 Black 将５平６ idle 闲\n"
	  "       3 Red   马八退九 idle 闲\n"
	  "       4 Black 将６平５ idle 闲\n"
	  "       5 Red   马九进七 idle 闲\n"
	  "       6 Black 将５平６ idle 闲\n"
	  "       7 Red   马七退九 idle 闲\n"
	  "       8 Black 将６平５ idle 闲\n"
	  "    Red: allowed; Black: allowed\n"
	  "    verdict: draw if neither side changes\n"
	  "    rule (cxa): CXA 26.2: both sides use allowed moves (25.2), a draw\n"
	  "  verdict at the end of the main line: draw\n" },
	{ "the natural limit, JSON", "", QUIET_FEN, QUIET,
	  XQ_RULES_1956, 4, 0, 1, 0, XQ_NOTATION_CHINESE,
	  "{\"file\":\"f.pgn\",\"index\":1,\"line\":1,\"fen\":\"4k4/9/9/9/9/9/9/9/9/N2K5 w - - 0 1\",\"rules\":\"1956\",\"fold\":3,\"limit\":4,\"plies\":8,\"valid\":true,\"rulings\":[{\"kind\":\"natural-limit\",\"ply\":4,\"mainline\":true,\"depth\":0,\"line\":5,\"col\":16,\"plies\":4,\"unseen\":0,\"moves\":{\"red\":2,\"black\":2},\"checks\":{\"red\":0,\"black\":0},\"may_claim\":{\"red\":true,\"black\":true},\"verdict\":\"draw\"},"
	  "{\"kind\":\"repetition\",\"ply\":8,\"mainline\":true,\"depth\":0,\"line\":5,\"col\":36,\"rules\":\"1956\",\"first\":1,\"occurrences\":3,\"cycle\":4,\"verdict\":\"draw\",\"class\":{\"red\":\"allowed\",\"black\":\"allowed\"},\"victim\":{\"red\":null,\"black\":null},\"rule\":\"both sides allowed, a draw: Red ch. 7 item 2: idle moves are allowed; Black ch. 7 item 2: idle moves are allowed\",\"needs_review\":false,\"review\":\"\",\"labels\":[{\"ply\":1,\"side\":\"red\",\"move\":\"马九进八\",\"iccs\":\"a0b2\",\"labels\":[\"idle\"],\"chased\":[]},"
	  "{\"ply\":2,\"side\":\"black\",\"move\":\"将５平６\",\"iccs\":\"e9f9\",\"labels\":[\"idle\"],\"chased\":[]},"
	  "{\"ply\":3,\"side\":\"red\",\"move\":\"马八退九\",\"iccs\":\"b2a0\",\"labels\":[\"idle\"],\"chased\":[]},"
	  "{\"ply\":4,\"side\":\"black\",\"move\":\"将６平５\",\"iccs\":\"f9e9\",\"labels\":[\"idle\"],\"chased\":[]},"
	  "{\"ply\":5,\"side\":\"red\",\"move\":\"马九进七\",\"iccs\":\"a0c1\",\"labels\":[\"idle\"],\"chased\":[]},"
	  "{\"ply\":6,\"side\":\"black\",\"move\":\"将５平６\",\"iccs\":\"e9f9\",\"labels\":[\"idle\"],\"chased\":[]},"
	  "{\"ply\":7,\"side\":\"red\",\"move\":\"马七退九\",\"iccs\":\"c1a0\",\"labels\":[\"idle\"],\"chased\":[]},"
	  "{\"ply\":8,\"side\":\"black\",\"move\":\"将６平５\",\"iccs\":\"f9e9\",\"labels\":[\"idle\"],\"chased\":[]}]}],\"verdict\":\"draw\"}\n" },
	{ "no event, one player, text", "[Red \"R\"]\n", QUIET_FEN, "a0b2 e9f9 b2a0",
	  XQ_RULES_CXA, 0, 0, 0, 0, XQ_NOTATION_CHINESE,
	  "f.pgn: game 1 (line 1): R - ?\n"
	  "  verdict at the end of the main line: none (no repetition ruling, natural limit not reached)\n" },
	{ "a ruling in a variation, text", "", CHASE_FEN,
	  "b6b7 a7a6 b7b6 a6a7 d0d1 (b6b7 a7a6 b7b6 a6a7)",
	  XQ_RULES_CXA, 0, 1, 0, 0, XQ_NOTATION_ICCS,
	  "f.pgn: game 1 (line 1)\n"
	  "  ply 8 (variation): repetition, 3 occurrences of the position, cycle 4 plies; span plies 1-8\n"
	  CHASE_CXA_TEXT
	  "  verdict at the end of the main line: none\n" },
	{ "positions and names through the caller, text", "[Red \"R\"]\n[Black \"B\"]\n",
	  CHASE_FEN, CHASE, XQ_RULES_CXA, 0, 0, 0, 1, XQ_NOTATION_ICCS,
	  "[f.pgn]: game <G1> (line <L1>): [R] - [B]\n"
	  "  ply 8: repetition, 3 occurrences of the position, cycle 4 plies; span plies 1-8\n"
	  CHASE_CXA_TEXT
	  "  verdict at the end of the main line: red-loses\n" },
	{ "positions through the caller, JSON", "", QUIET_FEN, QUIET,
	  XQ_RULES_CXA, 4, 0, 1, 1, XQ_NOTATION_ICCS,
	  "{\"file\":\"f.pgn\",\"index\":<G1>,\"line\":<L1>,\"fen\":\"4k4/9/9/9/9/9/9/9/9/N2K5 w - - 0 1\",\"rules\":\"cxa\",\"fold\":3,\"limit\":4,\"plies\":8,\"valid\":true,\"rulings\":[{\"kind\":\"natural-limit\",\"ply\":4,\"mainline\":true,\"depth\":0,\"line\":<L5>,\"col\":16,\"plies\":4,\"unseen\":0,\"moves\":{\"red\":2,\"black\":2},\"checks\":{\"red\":0,\"black\":0},\"may_claim\":{\"red\":true,\"black\":true},\"verdict\":\"draw\"},"
	  "{\"kind\":\"repetition\",\"ply\":8,\"mainline\":true,\"depth\":0,\"line\":<L5>,\"col\":36,\"rules\":\"cxa\",\"first\":1,\"occurrences\":3,\"cycle\":4,\"verdict\":\"draw\",\"class\":{\"red\":\"allowed\",\"black\":\"allowed\"},\"victim\":{\"red\":null,\"black\":null},\"rule\":\"CXA 26.2: both sides use allowed moves (25.2), a draw\",\"needs_review\":false,\"review\":\"\",\"labels\":[{\"ply\":1,\"side\":\"red\",\"move\":\"a0b2\",\"iccs\":\"a0b2\",\"labels\":[\"idle\"],\"chased\":[]},"
	  "{\"ply\":2,\"side\":\"black\",\"move\":\"e9f9\",\"iccs\":\"e9f9\",\"labels\":[\"idle\"],\"chased\":[]},"
	  "{\"ply\":3,\"side\":\"red\",\"move\":\"b2a0\",\"iccs\":\"b2a0\",\"labels\":[\"idle\"],\"chased\":[]},"
	  "{\"ply\":4,\"side\":\"black\",\"move\":\"f9e9\",\"iccs\":\"f9e9\",\"labels\":[\"idle\"],\"chased\":[]},"
	  "{\"ply\":5,\"side\":\"red\",\"move\":\"a0c1\",\"iccs\":\"a0c1\",\"labels\":[\"idle\"],\"chased\":[]},"
	  "{\"ply\":6,\"side\":\"black\",\"move\":\"e9f9\",\"iccs\":\"e9f9\",\"labels\":[\"idle\"],\"chased\":[]},"
	  "{\"ply\":7,\"side\":\"red\",\"move\":\"c1a0\",\"iccs\":\"c1a0\",\"labels\":[\"idle\"],\"chased\":[]},"
	  "{\"ply\":8,\"side\":\"black\",\"move\":\"f9e9\",\"iccs\":\"f9e9\",\"labels\":[\"idle\"],\"chased\":[]}]}],\"verdict\":\"draw\"}\n" },
};

static char *report(const struct report_case *c, int *rc)
{
	char pgn[1024], *out = NULL;
	size_t len = 0;
	struct xq_judge_opts jo = { 0 };
	struct xq_judge_report r = { NULL, c->notation, c->json, NULL, NULL, NULL };
	struct xq_game_verdict res;
	struct xq_game *g;
	struct xq_judge *j;
	int err;

	snprintf(pgn, sizeof pgn, "[Event \"t\"]\n%s[FEN \"%s\"]\n[Result \"*\"]\n\n%s *\n",
		 c->tags, c->fen, c->moves);
	jo.rules = c->rules;
	jo.limit = c->limit;
	if (!(g = read_pgn_game(pgn)) || !(j = xq_judge_new(&jo, &err)) ||
	    !(r.fp = open_memstream(&out, &len)))
		return NULL;
	if (c->marked) {
		r.put_pos = bracket_pos;
		r.put_text = bracket_text;
	}
	*rc = xq_game_judge_report(j, g, "f.pgn", c->all_lines, &r, &res);
	fclose(r.fp);
	xq_judge_free(j);
	xq_game_free(g);
	return out;
}

int main(void)
{
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const struct report_case *c = &cases[i];
		int rc = -1;
		char *got = report(c, &rc);
		if (!ok(got != NULL, "%s: written", c->name))
			continue;
		is_int(rc, 0, "%s: returns 0", c->name);
		is_str(got, c->want, "%s", c->name);
		free(got);
	}
	return done_testing();
}
