/*
 * test_game_result.c - a game's result from its Result tag and its final
 * token (xq_game_result, xq_game_result_of), table-driven; and the hint
 * after a game whose first bad move is not ASCII (xq_game_encoding_hint).
 */
#include <string.h>

#include "game_cmp.h"
#include "tap.h"

static const struct result_case {
	const char *tag;     /* the Result tag, NULL none */
	const char *token;   /* after the moves */
	const char *want;
} results[] = {
	{ "1-0", "*", "1-0" },
	{ "0-1", "1-0", "0-1" },            /* the tag wins over the token */
	{ "1/2-1/2", "*", "1/2-1/2" },
	{ "红胜", "*", "1-0" },              /* any spelling xq_result_word knows */
	{ "*", "0-1", "0-1" },              /* "*" in the tag: the token says */
	{ NULL, "1/2-1/2", "1/2-1/2" },
	{ "unknown", "1-0", "1-0" },        /* a tag that is no result */
	{ NULL, "*", "*" },
	{ "?", NULL, "*" },
};

static void result(void)
{
	for (size_t i = 0; i < sizeof results / sizeof results[0]; i++) {
		const struct result_case *c = &results[i];
		char pgn[256];
		int n = 0;
		if (c->tag)
			n = snprintf(pgn, sizeof pgn, "[Result \"%s\"]\n", c->tag);
		snprintf(pgn + n, sizeof pgn - (size_t)n, "\n1. h2e2 h9g7 %s\n", c->token ? c->token : "");
		struct xq_game *g = read_pgn_game(pgn);
		if (!ok(g != NULL, "tag %s, token %s: read", c->tag ? c->tag : "none",
			c->token ? c->token : "none"))
			continue;
		is_str(xq_game_result(g), c->want, "tag %s, token %s: %s", c->tag ? c->tag : "none",
		       c->token ? c->token : "none", c->want);
		is_str(xq_game_result_of(g, c->tag), c->want, "the same with the tag given");
		xq_game_free(g);
	}
}

struct hint {
	int n;
	struct xq_problem p;
	char msg[200];
};

static void on_problem(void *data, const struct xq_problem *p)
{
	struct hint *h = data;
	h->n++;
	h->p = *p;
	snprintf(h->msg, sizeof h->msg, "%s", p->msg);
}

static const struct hint_case {
	const char *name, *movetext, *encoding;
	int warned;
} hints[] = {
	{ "a bad move of other bytes, encoding detected", "1. h2e2 h9g7 2. \xc3\xbf\xc3\xbe *", NULL, 1 },
	{ "the same with auto", "1. h2e2 h9g7 2. \xc3\xbf\xc3\xbe *", "auto", 1 },
	{ "the same with an encoding named", "1. h2e2 h9g7 2. \xc3\xbf\xc3\xbe *", "utf-8", 0 },
	{ "an illegal move in ASCII", "1. h2e2 h9g7 2. h9h5 *", NULL, 0 },
	{ "a Chinese move that reads, not legal", "1. h2e2 h9g7 2. 炮五进九 *", NULL, 0 },
	{ "a valid game", "1. h2e2 h9g7 *", NULL, 0 },
};

static void hint(void)
{
	for (size_t i = 0; i < sizeof hints / sizeof hints[0]; i++) {
		const struct hint_case *c = &hints[i];
		char pgn[256];
		struct xq_reader_opts o = { 0 };
		struct xq_game *g = NULL;
		struct hint h = { 0 };
		int err = 0;
		snprintf(pgn, sizeof pgn, "[Event \"t\"]\n\n%s\n", c->movetext);
		o.format = "pgn";
		o.name = "t.pgn";
		struct xq_reader *r = xq_reader_open_mem(pgn, strlen(pgn), &o, &err);
		if (!ok(r && xq_reader_next(r, &g) == 1, "%s: read", c->name)) {
			xq_reader_close(r);
			continue;
		}
		is_int(xq_game_encoding_hint(r, g, "t.pgn", c->encoding, on_problem, &h), c->warned,
		       "%s: %s", c->name, c->warned ? "warned" : "no hint");
		is_int(h.n, c->warned, "%s: %d problem", c->name, c->warned);
		if (c->warned) {
			ok(h.p.severity == XQ_SEV_WARNING && h.p.code == XQ_P_ENCODING && h.p.line == 3 &&
			   h.p.game == 1 && !strcmp(h.p.file, "t.pgn"), "%s: a warning on the move's line",
			   c->name);
			is_str(h.msg, "the file was read as UTF-8; if the text is garbled, -e chooses the "
			       "encoding", "%s: what it says", c->name);
		}
		xq_game_free(g);
		xq_reader_close(r);
	}
}

int main(void)
{
	result();
	hint();
	return done_testing();
}
