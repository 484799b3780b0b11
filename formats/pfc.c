/*
 * pfc.c - PengFei (鹏飞象棋) records, .pfc: an XML tree of <n> elements,
 * read only.  Not documented by its authors; the layout below is what the
 * files show, stated in xq-formats(5):
 *
 *   <?xml version="1.0" encoding="utf-8"?>
 *   <n version="2" win="*" create-time="..." m="FEN">   the start
 *     <n m="h2e2" c="comment">                         a move, ICCS
 *       <n m="h9g7"/> <n m="b9c7"/>                    its replies: the
 *     </n>                                             first is the main
 *   </n>                                               line
 *
 * Every element is a node; the <n> elements inside one are the moves from
 * its position, the first the main line and the others its alternatives.
 * Markup not known here is an error, never guessed at.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cbf_impl.h"
#include "whole.h"
#include "xq_format.h"

#define PFC_MAX_SIZE (64u << 20)
#define PFC_MAX_DEPTH 10000

struct pfc {
	struct xq_reader *r;
	struct xq_game *g;
	const char *b;
	size_t len;
	int nodes;
};

/* The value of attribute name in a[0..n), its length in *vn; NULL if none. */
static const char *attr(const char *a, size_t n, const char *name, size_t *vn)
{
	size_t k = strlen(name);
	for (size_t i = 0; i + k + 2 <= n; i++) {
		const char *v, *q;
		if (memcmp(a + i, name, k) || a[i + k] != '=' || a[i + k + 1] != '"' ||
		    (i && a[i - 1] != ' ' && a[i - 1] != '\t' && a[i - 1] != '\n' && a[i - 1] != '\r'))
			continue;
		v = a + i + k + 2;
		if (!(q = memchr(v, '"', n - (i + k + 2))))
			return NULL;
		*vn = (size_t)(q - v);
		return v;
	}
	return NULL;
}

/* The first attribute of a[0..n) not in known (NULL-terminated), or NULL;
 * its name's length in *len; *broken set when the attributes do not parse. */
static const char *unknown_attr(const char *a, size_t n, const char *const *known, size_t *len,
				int *broken)
{
	size_t i = 0;
	*broken = 0;
	while (i < n) {
		size_t s, k;
		const char *q;
		while (i < n && (a[i] == ' ' || a[i] == '\t' || a[i] == '\n' || a[i] == '\r' || a[i] == '/'))
			i++;
		if (i >= n)
			break;
		s = i;
		while (i < n && a[i] != '=')
			i++;
		if (i + 1 >= n || a[i + 1] != '"' || !(q = memchr(a + i + 2, '"', n - i - 2))) {
			*broken = 1;
			return a + s;
		}
		for (k = 0; known[k]; k++)
			if (strlen(known[k]) == i - s && !memcmp(a + s, known[k], i - s))
				break;
		if (!known[k]) {
			*len = i - s;
			return a + s;
		}
		i = (size_t)(q - a) + 1;
	}
	return NULL;
}

static char *value(struct pfc *p, const char *a, size_t n, const char *name)
{
	size_t vn;
	const char *v = attr(a, n, name, &vn);
	return v ? xq__cbf_xml_text(v, vn) : NULL;
}

/* The start element's attributes: the position, the result, the time. */
static int start(struct pfc *p, size_t at, const char *a, size_t n)
{
	static const char *const known[] = { "version", "win", "create-time", "m", "c", NULL };
	struct xq_game *g = p->g;
	size_t ul;
	int broken, rc = 0;
	const char *u = unknown_attr(a, n, known, &ul, &broken);
	char *fen, *win, *time, *c;
	if (u) {
		xq_reader_problem_at(p->r, g, XQ_SEV_ERROR, XQ_P_SYNTAX, (long)at, 0, NULL,
				     broken ? "PengFei: the start element's attributes do not parse" :
					      "PengFei: attribute '%.*s' of the start not known; not read",
				     (int)(broken ? 0 : ul), u);
		return 0;
	}
	fen = value(p, a, n, "m");
	win = value(p, a, n, "win");
	time = value(p, a, n, "create-time");
	c = value(p, a, n, "c");
	if (fen && *fen) {
		struct xq_err err;
		if (xq_game_set_tag(g, "FEN", fen) < 0)
			rc = XQ_ENOMEM;
		else if (xq_game_set_fen(g, fen, XQ_FEN_LAX, &err) < 0) {
			xq_reader_problem_at(p->r, g, XQ_SEV_ERROR, XQ_P_FEN, (long)at, 0, fen,
					     "PengFei: bad start position: %s", err.msg);
			g->flags |= XQ_GAME_BAD_FEN;
		}
	}
	if (rc == 0 && win && *win) {
		if (!strcmp(win, "*")) {
			g->result = "*";
			rc = xq_game_set_tag(g, "Result", "*");
		} else {
			/* what other values mean is not known: kept as written */
			xq_reader_problem_at(p->r, g, XQ_SEV_WARNING, XQ_P_RESULT, (long)at, 0, win,
					     "PengFei: result '%s' not known; kept as the tag PengFeiWin", win);
			rc = xq_game_set_tag(g, "PengFeiWin", win);
		}
	}
	if (rc == 0 && time && *time)
		rc = xq_game_set_tag(g, "DateCreated", time);
	if (rc == 0 && c && *c)
		rc = xq_node_comment(g, &g->root, 0, c, strlen(c));
	free(fen);
	free(win);
	free(time);
	free(c);
	return rc < 0 ? XQ_ENOMEM : 0;
}

/* A move element under parent: its node, NULL after an error (reported,
 * or *rc set when out of memory). */
static struct xq_node *move(struct pfc *p, struct xq_node *parent, size_t at, int ply,
			    const char *a, size_t n, int *rc)
{
	static const char *const known[] = { "m", "c", NULL };
	size_t ul, mn = 0;
	int broken, sq[4];
	const char *u = unknown_attr(a, n, known, &ul, &broken), *m = attr(a, n, "m", &mn);
	struct xq_node *node;
	char *c;
	if (u) {
		xq_reader_problem_at(p->r, p->g, XQ_SEV_ERROR, XQ_P_SYNTAX, (long)at, ply, NULL,
				     broken ? "PengFei: a move's attributes do not parse; the rest ignored" :
					      "PengFei: attribute '%.*s' of a move not known; the rest ignored",
				     (int)(broken ? 0 : ul), u);
		return NULL;
	}
	if (!m || mn != 4 || m[0] < 'a' || m[0] > 'i' || m[1] < '0' || m[1] > '9' || m[2] < 'a' ||
	    m[2] > 'i' || m[3] < '0' || m[3] > '9') {
		xq_reader_problem_at(p->r, p->g, XQ_SEV_ERROR, XQ_P_SYNTAX, (long)at, ply, NULL,
				     "PengFei: a move that is not ICCS (m=\"%.*s\"); the rest ignored",
				     m ? (int)(mn < 16 ? mn : 16) : 0, m ? m : "");
		return NULL;
	}
	if (++p->nodes > XQ_MAX_GAME_MOVES) {
		xq_reader_problem_at(p->r, p->g, XQ_SEV_ERROR, XQ_P_LIMIT, (long)at, ply, NULL,
				     "more than %d moves in one game (the limit for every format); "
				     "the rest ignored", XQ_MAX_GAME_MOVES);
		return NULL;
	}
	for (int i = 0; i < 4; i++)
		sq[i] = i % 2 ? m[i] - '0' : m[i] - 'a';
	if (!(node = xq_node_add(p->g, parent, xq_move_make(XQ_SQ(sq[0], sq[1]), XQ_SQ(sq[2], sq[3])),
				 m, 4))) {
		*rc = XQ_ENOMEM;
		return NULL;
	}
	node->byte = (uint32_t)at;
	node->flags |= XQ_NODE_AT_BYTE;
	if ((c = value(p, a, n, "c"))) {
		if (*c && xq_node_comment(p->g, node, 0, c, strlen(c)) < 0)
			*rc = XQ_ENOMEM;
		free(c);
	}
	return node;
}

/* Build the game from the document b[0..len) (UTF-8). */
static int pfc_build(struct pfc *p)
{
	const char *b = p->b;
	size_t i = 0, len = p->len;
	struct xq_node **stack;
	int depth = 0, rc = 0, seen_root = 0;

	if (!(stack = malloc(PFC_MAX_DEPTH * sizeof *stack)))
		return XQ_ENOMEM;
	if (len >= 3 && !memcmp(b, "\xEF\xBB\xBF", 3))
		i = 3;
	while (rc == 0) {
		const char *lt = i < len ? memchr(b + i, '<', len - i) : NULL, *gt;
		size_t at, nl, alen;
		int closing, empty;
		/* text between elements: blanks only */
		for (size_t k = i; k < (lt ? (size_t)(lt - b) : len); k++)
			if (b[k] != ' ' && b[k] != '\t' && b[k] != '\n' && b[k] != '\r') {
				xq_reader_problem_at(p->r, p->g, XQ_SEV_ERROR, XQ_P_SYNTAX, (long)k, 0, NULL,
						     "PengFei: text outside the elements; not read");
				goto out;
			}
		if (!lt)
			break;
		at = (size_t)(lt - b);
		if (len - at >= 4 && (!memcmp(lt, "<?", 2) || !memcmp(lt, "<!--", 4))) {
			const char *end = xq__cbf_memstr(lt, len - at, lt[1] == '?' ? "?>" : "-->");
			if (!end) {
				xq_reader_problem_at(p->r, p->g, XQ_SEV_ERROR, XQ_P_SYNTAX, (long)at, 0, NULL,
						     "PengFei: broken XML (a declaration or comment not closed)");
				goto out;
			}
			i = (size_t)(end - b) + (lt[1] == '?' ? 2 : 3);
			continue;
		}
		if (!(gt = memchr(lt, '>', len - at))) {
			xq_reader_problem_at(p->r, p->g, XQ_SEV_ERROR, XQ_P_TRUNCATED, (long)at, 0, NULL,
					     "PengFei: the file ends inside an element");
			goto out;
		}
		closing = lt[1] == '/';
		empty = gt[-1] == '/' && gt - 1 > lt + 1;
		nl = 0;
		while (lt + 1 + closing + nl < gt && lt[1 + closing + nl] != ' ' && lt[1 + closing + nl] != '/' &&
		       lt[1 + closing + nl] != '\t' && lt[1 + closing + nl] != '\n' && lt[1 + closing + nl] != '\r')
			nl++;
		if (nl != 1 || lt[1 + closing] != 'n') {
			xq_reader_problem_at(p->r, p->g, XQ_SEV_ERROR, XQ_P_SYNTAX, (long)at, 0, NULL,
					     "PengFei: element <%.*s> not known; the rest ignored",
					     (int)(nl < 32 ? nl : 32), lt + 1 + closing);
			goto out;
		}
		i = (size_t)(gt - b) + 1;
		if (closing) {
			if (!depth) {
				xq_reader_problem_at(p->r, p->g, XQ_SEV_ERROR, XQ_P_SYNTAX, (long)at, 0, NULL,
						     "PengFei: </n> without <n>; the rest ignored");
				goto out;
			}
			depth--;
			continue;
		}
		alen = (size_t)(gt - (lt + 2)) - (size_t)empty;
		if (!seen_root) {
			seen_root = 1;
			if ((rc = start(p, at, lt + 2, alen)) < 0)
				break;
			if (p->g->flags & XQ_GAME_BAD_FEN)
				goto out;
			if (!empty)
				stack[depth++] = &p->g->root;
			continue;
		}
		if (!depth) {
			xq_reader_problem_at(p->r, p->g, XQ_SEV_ERROR, XQ_P_SYNTAX, (long)at, 0, NULL,
					     "PengFei: a second top element; not read");
			goto out;
		}
		{
			struct xq_node *n = move(p, stack[depth - 1], at, depth, lt + 2, alen, &rc);
			if (!n)
				goto out;
			if (!empty) {
				if (depth == PFC_MAX_DEPTH) {
					xq_reader_problem_at(p->r, p->g, XQ_SEV_ERROR, XQ_P_LIMIT, (long)at, depth,
							     NULL, "PengFei: moves nested deeper than %d; the rest ignored",
							     PFC_MAX_DEPTH);
					goto out;
				}
				stack[depth++] = n;
			}
		}
	}
	if (rc == 0 && !seen_root)
		xq_reader_problem_at(p->r, p->g, XQ_SEV_ERROR, XQ_P_FORMAT, 0, 0, NULL,
				     "PengFei: no <n> element");
	else if (rc == 0 && depth)
		xq_reader_problem_at(p->r, p->g, XQ_SEV_ERROR, XQ_P_TRUNCATED, (long)len, 0, NULL,
				     "PengFei: the file ends inside %d element%s", depth, depth > 1 ? "s" : "");
out:
	free(stack);
	return rc;
}

static int pfc_read(struct xq_reader *r, struct xq_game *g)
{
	int *done = (int *)xq_reader_state(r);
	struct pfc p = { r, g, NULL, 0, 0 };
	unsigned char *buf;
	size_t len;
	int rc;

	/* the state slot holds a flag, not a pointer: one game per file */
	if (*done)
		return 0;
	*done = 1;
	if ((rc = xq__read_whole(r, g, PFC_MAX_SIZE, "file", &buf, &len)) < 0)
		return rc;
	if (!len)
		return 0;
	p.b = (const char *)buf;
	p.len = len;
	if (xq_utf8_prefix(p.b, len) != len) {
		xq_reader_problem_at(r, g, XQ_SEV_ERROR, XQ_P_ENCODING, (long)xq_utf8_prefix(p.b, len), 0,
				     NULL, "PengFei: the file is not UTF-8 from this byte on; not read");
		free(buf);
		return 1;
	}
	rc = pfc_build(&p);
	free(buf);
	return rc < 0 ? rc : 1;
}

static void pfc_read_end(struct xq_reader *r)
{
	*xq_reader_state(r) = NULL;
}

/* The root element, past a byte-order mark, the XML declaration and
 * blanks, is <n with a version or a position. */
static int pfc_sniff(const unsigned char *head, size_t len, const char *name)
{
	const char *h = (const char *)head, *e;
	size_t i = 0;
	(void)name;
	if (len >= 3 && !memcmp(h, "\xEF\xBB\xBF", 3))
		i = 3;
	while (i < len && (h[i] == ' ' || h[i] == '\t' || h[i] == '\r' || h[i] == '\n'))
		i++;
	if (len - i >= 5 && !memcmp(h + i, "<?xml", 5)) {
		if (!(e = xq__cbf_memstr(h + i, len - i, "?>")))
			return 0;
		i = (size_t)(e - h) + 2;
		while (i < len && (h[i] == ' ' || h[i] == '\t' || h[i] == '\r' || h[i] == '\n'))
			i++;
	}
	if (len - i < 4 || memcmp(h + i, "<n ", 3))
		return 0;
	e = memchr(h + i, '>', len - i);
	if (!e)
		return 0;
	return xq__cbf_memstr(h + i, (size_t)(e - (h + i)), " version=\"") ||
	       xq__cbf_memstr(h + i, (size_t)(e - (h + i)), " m=\"") ? 90 : 0;
}

const struct xq_format xq_format_pfc = {
	.name = "pfc",
	.extensions = "pfc",
	.description = "PengFei XML record (.pfc); moves, variations and comments; read only",
	.flags = XQ_FORMAT_BINARY | XQ_FORMAT_ONE_GAME,
	.sniff = pfc_sniff,
	.read = pfc_read,
	.read_end = pfc_read_end,
	.write = NULL,
};
