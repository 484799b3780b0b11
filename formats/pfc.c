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
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "build.h"
#include "cbf_impl.h"
#include "whole.h"
#include "xq_format.h"

#define PFC_MAX_SIZE (64u << 20)
#define PFC_MAX_DEPTH 10000

struct pfc {
	const struct xq_build_sink *s;
	struct xq_game *g;
	const char *b;
	size_t len;
	int nodes;
};

/* A problem at byte offset at of the file. */
__attribute__((format(printf, 7, 8)))
static void report(struct pfc *p, enum xq_severity sev, enum xq_problem_code code, size_t at,
		   int ply, const char *text, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	xq__build_vreport(p->s, p->g, sev, code, XQ_BUILD_BYTE(at), ply, text, fmt, ap);
	va_end(ap);
}

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
		report(p, XQ_SEV_ERROR, XQ_P_SYNTAX, at, 0, NULL,
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
			report(p, XQ_SEV_ERROR, XQ_P_FEN, at, 0, fen,
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
			report(p, XQ_SEV_WARNING, XQ_P_RESULT, at, 0, win,
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
		report(p, XQ_SEV_ERROR, XQ_P_SYNTAX, at, ply, NULL,
		       broken ? "PengFei: a move's attributes do not parse; the rest ignored" :
				"PengFei: attribute '%.*s' of a move not known; the rest ignored",
		       (int)(broken ? 0 : ul), u);
		return NULL;
	}
	if (!m || mn != 4 || m[0] < 'a' || m[0] > 'i' || m[1] < '0' || m[1] > '9' || m[2] < 'a' ||
	    m[2] > 'i' || m[3] < '0' || m[3] > '9') {
		report(p, XQ_SEV_ERROR, XQ_P_SYNTAX, at, ply, NULL,
		       "PengFei: a move that is not ICCS (m=\"%.*s\"); the rest ignored",
		       m ? (int)(mn < 16 ? mn : 16) : 0, m ? m : "");
		return NULL;
	}
	if (++p->nodes > XQ_MAX_GAME_MOVES) {
		xq__build_too_many(p->s, p->g, XQ_BUILD_BYTE(at), ply);
		return NULL;
	}
	for (int i = 0; i < 4; i++)
		sq[i] = i % 2 ? m[i] - '0' : m[i] - 'a';
	if (!(node = xq__build_move(p->g, parent, xq_move_make(XQ_SQ(sq[0], sq[1]), XQ_SQ(sq[2], sq[3])),
				    m, 4, XQ_BUILD_BYTE(at)))) {
		*rc = XQ_ENOMEM;
		return NULL;
	}
	if ((c = value(p, a, n, "c"))) {
		if (*c && xq_node_comment(p->g, node, 0, c, strlen(c)) < 0)
			*rc = XQ_ENOMEM;
		free(c);
	}
	return node;
}

/* One tag of the document: <n ...>, <n .../> or </n>. */
struct pfc_tag {
	size_t at;              /* the offset of its '<' */
	const char *attrs;      /* its attributes, alen bytes */
	size_t alen;
	int closing, empty;
};

/* The next tag from *i on, past blanks, the declaration and comments:
 * 1, 0 at the end of the document, or -1 when the document is broken
 * there (reported). */
static int next_tag(struct pfc *p, size_t *i, struct pfc_tag *t)
{
	const char *b = p->b;
	size_t len = p->len;

	for (;;) {
		const char *lt = *i < len ? memchr(b + *i, '<', len - *i) : NULL, *gt;
		size_t at, nl, c;
		/* text between elements: blanks only */
		for (size_t k = *i; k < (lt ? (size_t)(lt - b) : len); k++)
			if (b[k] != ' ' && b[k] != '\t' && b[k] != '\n' && b[k] != '\r') {
				report(p, XQ_SEV_ERROR, XQ_P_SYNTAX, k, 0, NULL,
				       "PengFei: text outside the elements; not read");
				return -1;
			}
		if (!lt)
			return 0;
		at = (size_t)(lt - b);
		if (len - at >= 4 && (!memcmp(lt, "<?", 2) || !memcmp(lt, "<!--", 4))) {
			const char *end = xq__cbf_memstr(lt, len - at, lt[1] == '?' ? "?>" : "-->");
			if (!end) {
				report(p, XQ_SEV_ERROR, XQ_P_SYNTAX, at, 0, NULL,
				       "PengFei: broken XML (a declaration or comment not closed)");
				return -1;
			}
			*i = (size_t)(end - b) + (lt[1] == '?' ? 2 : 3);
			continue;
		}
		if (!(gt = memchr(lt, '>', len - at))) {
			report(p, XQ_SEV_ERROR, XQ_P_TRUNCATED, at, 0, NULL,
			       "PengFei: the file ends inside an element");
			return -1;
		}
		t->closing = lt[1] == '/';
		t->empty = gt[-1] == '/' && gt - 1 > lt + 1;
		c = 1 + (size_t)t->closing;
		nl = 0;
		while (lt + c + nl < gt && lt[c + nl] != ' ' && lt[c + nl] != '/' && lt[c + nl] != '\t' &&
		       lt[c + nl] != '\n' && lt[c + nl] != '\r')
			nl++;
		if (nl != 1 || lt[c] != 'n') {
			report(p, XQ_SEV_ERROR, XQ_P_SYNTAX, at, 0, NULL,
			       "PengFei: element <%.*s> not known; the rest ignored",
			       (int)(nl < 32 ? nl : 32), lt + c);
			return -1;
		}
		*i = (size_t)(gt - b) + 1;
		t->at = at;
		t->attrs = lt + 2;
		t->alen = (size_t)(gt - (lt + 2)) - (size_t)t->empty;
		return 1;
	}
}

/* Build the game from the document b[0..len) (UTF-8): the first element
 * is the start, the elements inside an element the moves from it. */
static int pfc_build(struct pfc *p)
{
	struct xq_node **stack;
	struct pfc_tag t;
	size_t i = 0;
	int depth = 0, rc = 0, seen_root = 0, r = 0;

	if (!(stack = malloc(PFC_MAX_DEPTH * sizeof *stack)))
		return XQ_ENOMEM;
	if (p->len >= 3 && !memcmp(p->b, "\xEF\xBB\xBF", 3))
		i = 3;
	while (rc == 0 && (r = next_tag(p, &i, &t)) > 0) {
		struct xq_node *n;
		if (t.closing) {
			if (!depth) {
				report(p, XQ_SEV_ERROR, XQ_P_SYNTAX, t.at, 0, NULL,
				       "PengFei: </n> without <n>; the rest ignored");
				goto out;
			}
			depth--;
			continue;
		}
		if (!seen_root) {
			seen_root = 1;
			if ((rc = start(p, t.at, t.attrs, t.alen)) < 0)
				break;
			if (p->g->flags & XQ_GAME_BAD_FEN)
				goto out;
			if (!t.empty)
				stack[depth++] = &p->g->root;
			continue;
		}
		if (!depth) {
			report(p, XQ_SEV_ERROR, XQ_P_SYNTAX, t.at, 0, NULL,
			       "PengFei: a second top element; not read");
			goto out;
		}
		if (!(n = move(p, stack[depth - 1], t.at, depth, t.attrs, t.alen, &rc)))
			goto out;
		if (!t.empty) {
			if (depth == PFC_MAX_DEPTH) {
				report(p, XQ_SEV_ERROR, XQ_P_LIMIT, t.at, depth, NULL,
				       "PengFei: moves nested deeper than %d; the rest ignored",
				       PFC_MAX_DEPTH);
				goto out;
			}
			stack[depth++] = n;
		}
	}
	if (r < 0)
		goto out;
	if (rc == 0 && !seen_root)
		report(p, XQ_SEV_ERROR, XQ_P_FORMAT, 0, 0, NULL, "PengFei: no <n> element");
	else if (rc == 0 && depth)
		report(p, XQ_SEV_ERROR, XQ_P_TRUNCATED, p->len, 0, NULL,
		       "PengFei: the file ends inside %d element%s", depth, depth > 1 ? "s" : "");
out:
	free(stack);
	return rc;
}

static int pfc_read(struct xq_reader *r, struct xq_game *g)
{
	const struct xq_build_sink sink = { xq__build_to_reader, r };
	struct pfc p = { &sink, g, NULL, 0, 0 };
	unsigned char *buf;
	size_t len;
	int rc;

	/* (called once: one game a file, XQ_FORMAT_ONE_GAME) */
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
	.write = NULL,
};
