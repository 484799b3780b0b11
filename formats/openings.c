/*
 * openings.c - opening lists, one opening a line, read only:
 *
 *   C00-中炮对屏风马:h2e2,h9g7,h0g2,b9c7
 *
 * the ECCO code, '-', the opening's name, ':', then its moves in ICCS
 * separated by commas (XQMagic's opening book is written so).  Each line
 * is one game from the usual start, with the tags ECCO and Opening; blank
 * lines and lines starting with '#' are skipped.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "xq_format.h"

static int is_iccs(const char *s)
{
	return s[0] >= 'a' && s[0] <= 'i' && s[1] >= '0' && s[1] <= '9' && s[2] >= 'a' &&
	       s[2] <= 'i' && s[3] >= '0' && s[3] <= '9';
}

/* The shape of an opening line: a letter A-E and two digits, '-', a name
 * without ':', ':', and ICCS moves joined by commas.  Its name's end (the
 * offset of ':') in *colon. */
static int opening_line(const char *s, size_t n, size_t *colon)
{
	const char *c;
	size_t i;
	if (n < 5 || s[0] < 'A' || s[0] > 'E' || s[1] < '0' || s[1] > '9' || s[2] < '0' ||
	    s[2] > '9' || s[3] != '-' || !(c = memchr(s, ':', n)) || c == s + 4)
		return 0;
	*colon = (size_t)(c - s);
	for (i = *colon + 1; i + 4 <= n && is_iccs(s + i); i += 5)
		if (i + 4 == n || s[i + 4] != ',')
			break;
	while (n > i + 4 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	return i + 4 == n && is_iccs(s + i);
}

static int blank(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i] != ' ' && s[i] != '\t')
			return 0;
	return 1;
}

static int openings_read(struct xq_reader *r, struct xq_game *g)
{
	const char *s;
	size_t n, colon;
	int rc;
	char buf[256];

	while ((rc = xq_reader_getline(r, &s, &n)) > 0) {
		long ln = xq_reader_line(r);
		struct xq_node *prev = &g->root;
		size_t i;
		int plies = 0;
		if (blank(s, n) || s[0] == '#')
			continue;
		g->line = ln;
		if (!opening_line(s, n, &colon)) {
			xq_reader_problem(r, g, XQ_SEV_ERROR, XQ_P_SYNTAX, ln, 1, 0, NULL,
					  "not an opening line (CODE-name:iccs,iccs,...); not read");
			g->flags |= XQ_GAME_BROKEN;
			return 1;
		}
		snprintf(buf, sizeof buf, "%.3s", s);
		if (xq_game_set_tag(g, "ECCO", buf) < 0)
			return XQ_ENOMEM;
		if (colon - 4 >= sizeof buf)
			xq_reader_problem(r, g, XQ_SEV_WARNING, XQ_P_LIMIT, ln, 5, 0, NULL,
					  "opening name longer than %zu bytes cut", sizeof buf - 1);
		snprintf(buf, sizeof buf, "%.*s", (int)(colon - 4), s + 4);
		if (xq_game_set_tag(g, "Opening", buf) < 0)
			return XQ_ENOMEM;
		for (i = colon + 1; i + 4 <= n && is_iccs(s + i); i += 5) {
			struct xq_node *node;
			if (plies++ >= XQ_MAX_GAME_MOVES) {
				xq_reader_problem(r, g, XQ_SEV_ERROR, XQ_P_LIMIT, ln, (long)i + 1, 0, NULL,
						  "more than %d moves in one game (the limit for every format); "
						  "the rest ignored", XQ_MAX_GAME_MOVES);
				break;
			}
			node = xq_node_add(g, prev, xq_move_make(XQ_SQ(s[i] - 'a', s[i + 1] - '0'),
								 XQ_SQ(s[i + 2] - 'a', s[i + 3] - '0')),
					   s + i, 4);
			if (!node)
				return XQ_ENOMEM;
			node->line = (uint32_t)ln;
			node->col = (uint32_t)i + 1;
			prev = node;
		}
		return 1;
	}
	return rc;
}

/* The first line that is not blank or '#' is an opening line. */
static int openings_sniff(const unsigned char *head, size_t len, const char *name)
{
	const char *s = (const char *)head;
	size_t i = 0, colon;
	(void)name;
	if (len >= 3 && !memcmp(s, "\xEF\xBB\xBF", 3))
		i = 3;
	while (i < len) {
		const char *e = memchr(s + i, '\n', len - i);
		size_t n = e ? (size_t)(e - (s + i)) : len - i;
		if (!e && len >= 4096)
			return 0;       /* a line past the head: not this */
		if (n && s[i + n - 1] == '\r')
			n--;
		if (!blank(s + i, n) && s[i] != '#')
			return opening_line(s + i, n, &colon) ? 90 : 0;
		if (!e)
			break;
		i += n + 1;
		if (i < len && s[i] == '\n')
			i++;
	}
	return 0;
}

const struct xq_format xq_format_openings = {
	.name = "openings",
	.extensions = "",
	.description = "opening list, one a line: CODE-name:iccs,iccs,... (read only)",
	.flags = 0,
	.sniff = openings_sniff,
	.read = openings_read,
	.read_end = NULL,
	.write = NULL,
};
