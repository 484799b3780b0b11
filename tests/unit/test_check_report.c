/*
 * test_check_report.c - a checked game as a JSON line
 * (xq_game_write_check_json) compared whole, with and without the
 * caller's writer of positions; problems kept past their callback
 * (xq_problem_list_*); JSON strings written and read back
 * (xq_json_put_string, xq_json_get_string); a problem as the commands'
 * diagnostic line words it (xq_problem_describe).
 */
#include <stdlib.h>
#include <string.h>

#include "game_cmp.h"
#include "tap.h"

static void bracket_pos(void *data, FILE *fp, char kind, long v)
{
	(void)data;
	fprintf(fp, "<%c%ld>", kind, v);
}

/* Problems as a caller keeps them: of game 1 with a text, of game 2
 * (skipped), of game 1 at a byte offset with no text. */
static const struct xq_problem problems[] = {
	{ XQ_SEV_ERROR, XQ_P_ILLEGAL, "f.pgn", 1, 3, 9, 0, 0, 2, "h9h9", "illegal \"move\"" },
	{ XQ_SEV_WARNING, XQ_P_TAG, "f.pgn", 2, 7, 1, 0, 0, 0, NULL, "of another game" },
	{ XQ_SEV_NOTE, XQ_P_TAG, "f.pgn", 1, 0, 0, 1106, 1, 0, NULL, "a note" },
};

static const struct json_case {
	const char *name, *pgn;
	size_t nproblems;
	int marked;
	const char *want;
} json_cases[] = {
	{ "a valid game, tags in order, no problem",
	  "[Event \"e \\\"q\\\"\"]\n[Red \"R\"]\n[Result \"1-0\"]\n\n1. h2e2 h9g7 1-0\n", 0, 0,
	  "{\"file\":\"f\\tg.pgn\",\"index\":1,\"line\":1,\"tags\":{\"Event\":\"e \\\"q\\\"\",\"Red\":\"R\",\"Result\":\"1-0\"},"
	  "\"fen\":\"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\","
	  "\"notation\":\"iccs\",\"plies\":2,\"result\":\"1-0\",\"status\":\"valid\",\"errors\":0,\"warnings\":0,"
	  "\"problems\":[]}\n" },
	{ "problems: the game's alone, a byte offset, a missing text as null", "[Event \"e\"]\n\n1. h2e2 *\n",
	  3, 0,
	  "{\"file\":\"f\\tg.pgn\",\"index\":1,\"line\":1,\"tags\":{\"Event\":\"e\"},"
	  "\"fen\":\"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\","
	  "\"notation\":\"iccs\",\"plies\":1,\"result\":\"*\",\"status\":\"valid\",\"errors\":0,\"warnings\":0,"
	  "\"problems\":[{\"severity\":\"error\",\"code\":\"illegal-move\",\"line\":3,\"col\":9,\"ply\":2,"
	  "\"text\":\"h9h9\",\"message\":\"illegal \\\"move\\\"\"},"
	  "{\"severity\":\"note\",\"code\":\"tag\",\"line\":0,\"col\":0,\"ply\":0,\"byte\":1106,"
	  "\"text\":null,\"message\":\"a note\"}]}\n" },
	{ "positions through the caller", "[Event \"e\"]\n\n1. h2e2 *\n", 3, 1,
	  "{\"file\":\"f\\tg.pgn\",\"index\":<G1>,\"line\":<L1>,\"tags\":{\"Event\":\"e\"},"
	  "\"fen\":\"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\","
	  "\"notation\":\"iccs\",\"plies\":1,\"result\":\"*\",\"status\":\"valid\",\"errors\":0,\"warnings\":0,"
	  "\"problems\":[{\"severity\":\"error\",\"code\":\"illegal-move\",\"line\":<L3>,\"col\":9,\"ply\":2,"
	  "\"text\":\"h9h9\",\"message\":\"illegal \\\"move\\\"\"},"
	  "{\"severity\":\"note\",\"code\":\"tag\",\"line\":<L0>,\"col\":0,\"ply\":0,\"byte\":<B1106>,"
	  "\"text\":null,\"message\":\"a note\"}]}\n" },
};

static char *check_json(const struct json_case *c)
{
	char *out = NULL;
	size_t len = 0;
	FILE *fp;
	struct xq_game *g = read_pgn_game(c->pgn);
	if (!g || !(fp = open_memstream(&out, &len))) {
		xq_game_free(g);
		return NULL;
	}
	xq_game_write_check_json(fp, "f\tg.pgn", g, problems, c->nproblems,
				 c->marked ? bracket_pos : NULL, NULL);
	fclose(fp);
	xq_game_free(g);
	return out;
}

static void json_lines(void)
{
	for (size_t i = 0; i < sizeof json_cases / sizeof json_cases[0]; i++) {
		const struct json_case *c = &json_cases[i];
		char *got = check_json(c);
		if (ok(got != NULL, "%s: written", c->name))
			is_str(got, c->want, "%s", c->name);
		free(got);
	}
}

/* A kept problem is a copy: its strings outlive the caller's. */
static void problem_list(void)
{
	struct xq_problem_list l = { 0 };
	char text[] = "h9h9", msg[] = "illegal", file[] = "f.pgn";
	struct xq_problem p = { XQ_SEV_ERROR, XQ_P_ILLEGAL, file, 1, 3, 9, 0, 0, 2, text, msg };
	for (int i = 0; i < 40; i++) {
		p.line = i;
		p.text = i % 2 ? text : NULL;
		is_int(xq_problem_list_add(&l, &p), 0, "add %d", i);
	}
	strcpy(text, "XXXX");
	strcpy(msg, "XXXXXXX");
	strcpy(file, "XXXXX");
	is_int(l.n, 40, "40 kept");
	is_str(l.p[39].text, "h9h9", "the text copied");
	ok(l.p[38].text == NULL, "no text stays none");
	is_str(l.p[0].msg, "illegal", "the message copied");
	is_str(l.p[0].file, "f.pgn", "the file copied");
	is_int(l.p[17].line, 17, "the rest as given");
	xq_problem_list_clear(&l);
	is_int(l.n, 0, "cleared");
	ok(l.cap >= 40, "the room kept");
	is_int(xq_problem_list_add(&l, &p), 0, "added after the clear");
	is_str(l.p[0].msg, "XXXXXXX", "the new copy");
	xq_problem_list_free(&l);
	ok(l.p == NULL && l.n == 0 && l.cap == 0, "freed");
}

/* What xq_json_put_string writes, and what xq_json_get_string reads. */
static const struct string_case {
	const char *text, *json;
} strings[] = {
	{ "", "\"\"" },
	{ "plain 中文", "\"plain 中文\"" },
	{ "a \"quote\" and \\", "\"a \\\"quote\\\" and \\\\\"" },
	{ "tab\tnewline\n", "\"tab\\tnewline\\n\"" },
	{ "\001\037\177", "\"\\u0001\\u001f\\u007f\"" },
};

static const struct get_case {
	const char *json, *want;
	long rc;
	int consumed;
} gets[] = {
	{ "\"abc\",\"x\"", "abc", 3, 5 },
	{ "\"\\/\\u00e9\\U\"", "/\xe9U", 3, 12 },
	{ "\"\\u00E9\"", "\xe9", 1, 8 },
	{ "abc", "", XQ_EINVAL, 0 },
	{ "\"abc", "", XQ_EINVAL, 0 },
	{ "\"a\\", "", XQ_EINVAL, 0 },
	{ "\"\\u12\"", "", XQ_EINVAL, 0 },
	{ "\"\\u0100\"", "", XQ_EINVAL, 0 },
	{ "\"a\\u0000b\"", "", XQ_EINVAL, 0 },
};

static void json_strings(void)
{
	char out[64];
	const char *end;
	for (size_t i = 0; i < sizeof strings / sizeof strings[0]; i++) {
		char *buf = NULL;
		size_t len = 0;
		FILE *fp = open_memstream(&buf, &len);
		if (!ok(fp != NULL, "string %zu: a stream", i))
			continue;
		xq_json_put_string(fp, strings[i].text);
		fclose(fp);
		is_str(buf, strings[i].json, "string %zu written", i);
		is_int(xq_json_get_string(buf, out, &end), (long)strlen(strings[i].text),
		       "string %zu read back: its length", i);
		is_str(out, strings[i].text, "string %zu read back", i);
		ok(*end == 0, "string %zu read to its end", i);
		free(buf);
	}
	for (size_t i = 0; i < sizeof gets / sizeof gets[0]; i++) {
		const struct get_case *c = &gets[i];
		long rc = xq_json_get_string(c->json, out, &end);
		is_int(rc, c->rc, "get %zu: returns", i);
		if (rc >= 0) {
			is_str(out, c->want, "get %zu: the text", i);
			is_int(end - c->json, c->consumed, "get %zu: read up to", i);
		}
	}
}

/* What a diagnostic line says after its place and severity, whole, and
 * a buffer too small: cut as snprintf() cuts, the length of the whole. */
static void describe(void)
{
	static const struct {
		long game;
		int ply;
		enum xq_problem_code code;
		const char *text, *msg;
		long byte;
		int has_byte;
		const char *want;
	} t[] = {
		{ 3, 12, XQ_P_ILLEGAL, "h2h8", "illegal move", 0, 0, "game 3, ply 12: h2h8: illegal move" },
		{ 3, 0, XQ_P_TAG, NULL, "no Result tag", 0, 0, "game 3: no Result tag" },
		{ 0, 4, XQ_P_SYNTAX, "x", "bad", 0, 0, "ply 4: x: bad" },
		{ 0, 0, XQ_P_IO, NULL, "cannot read", 0, 0, "cannot read" },
		{ 1, 0, XQ_P_FEN, "9/9 w", "bad FEN '9/9 w': too few ranks", 0, 0,
		  "game 1: bad FEN '9/9 w': too few ranks" },
		{ 2, 5, XQ_P_ILLEGAL, NULL, "move off the board", 1106, 1,
		  "game 2, ply 5: byte 1106 (0x452): move off the board" },
		{ 0, 0, XQ_P_SYNTAX, "", "empty text", 0, 1, "byte 0 (0x0): empty text" },
		{ 7, 0, XQ_P_SYNTAX, "t", NULL, 0, 0, "game 7: t: " },
	};
	for (size_t i = 0; i < sizeof t / sizeof *t; i++) {
		const struct xq_problem p = {
			.severity = XQ_SEV_ERROR, .code = t[i].code, .game = t[i].game,
			.ply = t[i].ply, .text = t[i].text, .msg = t[i].msg,
			.byte = t[i].byte, .has_byte = t[i].has_byte,
		};
		char buf[200], small[8];
		int n = xq_problem_describe(buf, sizeof buf, &p);
		is_str(buf, t[i].want, "describe %zu: %s", i + 1, t[i].want);
		is_int(n, strlen(t[i].want), "describe %zu: its length", i + 1);
		is_int(xq_problem_describe(NULL, 0, &p), n, "describe %zu: the length asked with no buffer",
		       i + 1);
		xq_problem_describe(small, sizeof small, &p);
		ok(strncmp(small, t[i].want, sizeof small - 1) == 0 && strlen(small) ==
		   (strlen(t[i].want) < sizeof small ? strlen(t[i].want) : sizeof small - 1),
		   "describe %zu: cut in 8 bytes", i + 1);
	}
}

int main(void)
{
	json_lines();
	problem_list();
	json_strings();
	describe();
	return done_testing();
}
