/*
 * test_game_name.c - a file name for a game from a template
 * (xq_game_format_name, xq_game_name_check): every field, the characters
 * made safe, empty fields and their separators, the cuts at a field's
 * and the buffer's size, and the malformed templates with where they
 * go wrong.
 */
#include <stdlib.h>
#include <string.h>

#include "game_cmp.h"
#include "tap.h"

#define LONG60 "0123456789012345678901234567890123456789012345678901234567890123456789"

static const struct name_case {
	const char *tags, *tmpl;
	long seq;
	size_t size;
	const char *want;
} names[] = {
	{ "[Red \"Lü Qin\"]\n[Black \"Xu Yinchuan\"]\n", XQ_GAME_NAME_DEFAULT, 7, 64,
	  "000007-Lü_Qin-Xu_Yinchuan" },
	{ "[Red \"R\"]\n", XQ_GAME_NAME_DEFAULT, 7, 64, "000007-R" },
	{ "[Black \"B\"]\n", XQ_GAME_NAME_DEFAULT, 7, 64, "000007-B" },
	{ "", "%{Red}-%{Black}", 12, 64, "000012" },
	{ "", "%n", 12, 64, "12" },
	{ "", "%3n.%%", 5, 64, "005.%" },
	{ "", "%20n", 5, 64, "00000000000000000005" },
	{ "[Event \"a/b\\\\c:d*e?f\\\"g<h>i|j k\"]\n", "%{Event}", 1, 64, "a_b_c_d_e_f_g_h_i_j_k" },
	{ "[Event \"" LONG60 "\"]\n", "x%{Event}y", 1, 128,
	  "x012345678901234567890123456789012345678901234567890123456789y" },
	{ "[Event \"中文名字\"]\n", "%{Event}", 1, 8, "中文" },
	{ "[Event \"abcdef\"]\n", "%{Event}", 1, 4, "abc" },
	{ "[Site \"-S-\"]\n", "_.%{Site}._", 1, 64, "S" },
	{ "[Date \"\"]\n[Round \"3\"]\n", "%{Event}_%{Date}-%{Round}", 1, 64, "3" },
	{ "[event \"e\"]\n", "%{EVENT}", 1, 64, "e" },
	{ "", "a b", 1, 64, "a_b" },
};

static const struct check_case {
	const char *tmpl;
	int rc;
	size_t bad;
} checks[] = {
	{ XQ_GAME_NAME_DEFAULT, 0, 0 },
	{ "plain", 0, 0 },
	{ "%%%n%{X}", 0, 0 },
	{ "%20n", 0, 0 },
	{ "%21n", XQ_EINVAL, 0 },
	{ "ab%x", XQ_EINVAL, 2 },
	{ "%n%", XQ_EINVAL, 2 },
	{ "%{}", XQ_EINVAL, 0 },
	{ "%n-%{Red", XQ_EINVAL, 3 },
	{ "%06", XQ_EINVAL, 0 },
	{ "%{" LONG60 "}", XQ_EINVAL, 0 },
};

int main(void)
{
	char buf[128];
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		const struct name_case *c = &names[i];
		char pgn[512];
		snprintf(pgn, sizeof pgn, "%s\n1. h2e2 *\n", c->tags);
		struct xq_game *g = read_pgn_game(pgn);
		if (!ok(g != NULL, "name %zu: the game read", i))
			continue;
		memset(buf, 'Z', sizeof buf);
		is_int(xq_game_format_name(c->tmpl, g, c->seq, buf, c->size), 0, "name %zu: 0", i);
		is_str(buf, c->want, "name %zu: '%s'", i, c->tmpl);
		xq_game_free(g);
	}
	for (size_t i = 0; i < sizeof checks / sizeof checks[0]; i++) {
		const struct check_case *c = &checks[i];
		size_t bad = 0;
		is_int(xq_game_name_check(c->tmpl, &bad), c->rc, "check '%s'", c->tmpl);
		is_int(bad, c->bad, "check '%s': where", c->tmpl);
		if (c->rc)
			is_int(xq_game_format_name(c->tmpl, NULL, 1, buf, sizeof buf), c->rc,
			       "format '%s' refused too", c->tmpl);
	}
	is_int(xq_game_format_name("%n", NULL, 1, buf, 0), XQ_ERANGE, "no room: XQ_ERANGE");
	return done_testing();
}
