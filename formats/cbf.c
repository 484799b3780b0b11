/*
 * cbf.c - CCBridge (象棋桥) records: CBF, the XML export
 * (shared/docs/notation.md section 8.1).  Header fields, start position,
 * moves and comments.  Variations in CBF were not established from real
 * files: any element or attribute we do not know is reported as not
 * supported instead of guessed at.  The binary CBR and CBL files are
 * recognised and refused with that message (section 8.2 does not give
 * their text-field layout).
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "utf8.h"
#include "xq.h"
#include "cbf_impl.h"

#define CBF_MAX_SIZE (64u << 20)

struct cctx {
	struct xq_game *g;
	const struct cbf_sink *s;
	const char *b;
	size_t len;
	long line0;
	/* line counting moves forward only */
	size_t lpos;
	long lline;
	size_t lstart;
};

static void where(struct cctx *c, size_t off, long *line, long *col)
{
	if (off < c->lpos) {
		c->lpos = 0;
		c->lline = c->line0;
		c->lstart = 0;
	}
	for (; c->lpos < off && c->lpos < c->len; c->lpos++)
		if (c->b[c->lpos] == '\n') {
			c->lline++;
			c->lstart = c->lpos + 1;
		}
	*line = c->lline;
	*col = (long)(off - c->lstart) + 1;
}

__attribute__((format(printf, 7, 8)))
static void report(struct cctx *c, enum xq_severity sev, enum xq_problem_code code,
		   size_t off, int ply, const char *text, const char *fmt, ...)
{
	char msg[300];
	long line, col;
	va_list ap;
	if (sev >= XQ_SEV_ERROR)
		c->g->flags |= XQ_GAME_BROKEN;
	if (!c->s || !c->s->report)
		return;
	where(c, off, &line, &col);
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	c->s->report(c->s->ctx, c->g, sev, code, line, col, ply, text, msg);
}

static int starts(const char *s, size_t n, const char *p)
{
	size_t k = strlen(p);
	return n >= k && !memcmp(s, p, k);
}

/* XML text with entities and CDATA sections decoded into a malloc'd
 * string, spaces trimmed at both ends. */
static char *xml_text(const char *s, size_t n)
{
	char *o = malloc(n + 1);
	size_t k = 0;
	if (!o)
		return NULL;
	for (size_t i = 0; i < n;) {
		if (starts(s + i, n - i, "<![CDATA[")) {
			const char *e;
			size_t j = i + 9;
			for (e = NULL; j + 3 <= n; j++)
				if (!memcmp(s + j, "]]>", 3)) {
					e = s + j;
					break;
				}
			if (!e)
				j = n;
			memcpy(o + k, s + i + 9, j - (i + 9));
			k += j - (i + 9);
			i = e ? j + 3 : n;
		} else if (s[i] == '&') {
			static const struct {
				const char *e;
				char c;
			} ent[] = { { "&lt;", '<' }, { "&gt;", '>' }, { "&amp;", '&' },
				    { "&quot;", '"' }, { "&apos;", '\'' } };
			size_t e;
			for (e = 0; e < sizeof ent / sizeof ent[0]; e++)
				if (starts(s + i, n - i, ent[e].e)) {
					o[k++] = ent[e].c;
					i += strlen(ent[e].e);
					break;
				}
			if (e == sizeof ent / sizeof ent[0]) {
				unsigned long cp = 0;
				size_t j = i + 2;
				int hex = j < n && (s[j] == 'x' || s[j] == 'X');
				if (i + 1 < n && s[i + 1] == '#') {
					j += (size_t)hex;
					while (j < n && j - i < 12 && s[j] != ';') {
						int d = s[j] >= '0' && s[j] <= '9' ? s[j] - '0' :
							hex && (s[j] | 32) >= 'a' && (s[j] | 32) <= 'f' ? (s[j] | 32) - 'a' + 10 : -1;
						if (d < 0)
							break;
						cp = cp * (hex ? 16 : 10) + (unsigned long)d;
						j++;
					}
				}
				if (i + 1 < n && s[i + 1] == '#' && j < n && s[j] == ';' && cp > 0 &&
				    cp <= 0x10FFFF && !(cp >= 0xD800 && cp <= 0xDFFF) && j + 1 - i >= 4) {
					/* "&#N;" is at least 4 bytes, UTF-8 at most 4 */
					k += xq__utf8_put(o + k, (uint32_t)cp);
					i = j + 1;
				} else {
					o[k++] = s[i++];
				}
			}
		} else if (s[i] == '\r') {
			i++;
		} else {
			o[k++] = s[i++];
		}
	}
	o[k] = '\0';
	{
		char *a = o;
		while (*a == ' ' || *a == '\n' || *a == '\t')
			a++;
		while (k > (size_t)(a - o) && (o[k - 1] == ' ' || o[k - 1] == '\n' || o[k - 1] == '\t'))
			k--;
		memmove(o, a, k - (size_t)(a - o));
		o[k - (size_t)(a - o)] = '\0';
	}
	return o;
}

/* One element: <name attrs> content </name> or <name attrs/>. */
struct elem {
	size_t start;                   /* offset of '<' */
	const char *name, *attrs, *content;
	size_t nlen, alen, clen;
	size_t end;                     /* offset after the element */
};

/* Skip declarations, processing instructions, comments and text; read the
 * next element at or after *pos that starts before limit.  0 when none,
 * -1 on broken XML (offset in *pos). */
static int next_elem(const char *b, size_t limit, size_t *pos, struct elem *e)
{
	size_t i = *pos;
	for (;;) {
		const char *p = i < limit ? memchr(b + i, '<', limit - i) : NULL;
		size_t j;
		if (!p)
			return 0;
		i = (size_t)(p - b);
		if (starts(b + i, limit - i, "<?")) {
			const char *q = xq__cbf_memstr(b + i, limit - i, "?>");
			i = q ? (size_t)(q - b) + 2 : limit;
			continue;
		}
		if (starts(b + i, limit - i, "<!--")) {
			const char *q = xq__cbf_memstr(b + i, limit - i, "-->");
			i = q ? (size_t)(q - b) + 3 : limit;
			continue;
		}
		if (starts(b + i, limit - i, "<!") || starts(b + i, limit - i, "</")) {
			*pos = i;
			return b[i + 1] == '/' ? 0 : -1;
		}
		e->start = i;
		e->name = b + i + 1;
		for (j = i + 1; j < limit && b[j] != ' ' && b[j] != '>' && b[j] != '/' &&
				b[j] != '\t' && b[j] != '\n' && b[j] != '\r'; j++)
			;
		e->nlen = j - (i + 1);
		e->attrs = b + j;
		for (; j < limit && b[j] != '>'; j++)
			if (b[j] == '"') {
				const char *q = memchr(b + j + 1, '"', limit - j - 1);
				if (!q)
					break;
				j = (size_t)(q - b);
			}
		if (j >= limit || e->nlen == 0) {
			*pos = i;
			return -1;
		}
		if (b[j - 1] == '/') {
			e->alen = (size_t)(b + j - 1 - e->attrs);
			e->content = b + j + 1;
			e->clen = 0;
			e->end = j + 1;
			*pos = e->end;
			return 1;
		}
		e->alen = (size_t)(b + j - e->attrs);
		e->content = b + j + 1;
		/* the matching close tag; same-name nesting is not expected */
		{
			size_t k = j + 1;
			for (;;) {
				const char *q = k < limit ? memchr(b + k, '<', limit - k) : NULL;
				if (!q) {
					*pos = i;
					return -1;
				}
				k = (size_t)(q - b);
				if (starts(b + k, limit - k, "<![CDATA[")) {
					const char *r = xq__cbf_memstr(b + k, limit - k, "]]>");
					if (!r) {
						*pos = k;
						return -1;
					}
					k = (size_t)(r - b) + 3;
					continue;
				}
				if (k + 1 < limit && b[k + 1] == '/' && limit - k - 2 >= e->nlen + 1 &&
				    !memcmp(b + k + 2, e->name, e->nlen) && b[k + 2 + e->nlen] == '>') {
					e->clen = k - (j + 1);
					e->end = k + 3 + e->nlen;
					*pos = e->end;
					return 1;
				}
				k++;
			}
		}
	}
}

const char *xq__cbf_memstr(const char *s, size_t n, const char *pat)
{
	size_t k = strlen(pat);
	for (size_t i = 0; i + k <= n; i++)
		if (s[i] == pat[0] && !memcmp(s + i, pat, k))
			return s + i;
	return NULL;
}

static int name_is(const struct elem *e, const char *n)
{
	return e->nlen == strlen(n) && !memcmp(e->name, n, e->nlen);
}

/* The value of attribute name, or NULL; its length in *n. */
static const char *attr(const struct elem *e, const char *name, size_t *n)
{
	size_t k = strlen(name);
	for (size_t i = 0; i + k + 2 <= e->alen; i++) {
		if (memcmp(e->attrs + i, name, k) || e->attrs[i + k] != '=' ||
		    e->attrs[i + k + 1] != '"' || (i && e->attrs[i - 1] != ' ' && e->attrs[i - 1] != '\t'))
			continue;
		{
			const char *v = e->attrs + i + k + 2;
			const char *q = memchr(v, '"', e->alen - (i + k + 2));
			if (!q)
				return NULL;
			*n = (size_t)(q - v);
			return v;
		}
	}
	return NULL;
}

static const struct {
	const char *el, *tag;
} head_map[] = {
	{ "Name", "Title" }, { "Contest", "Event" }, { "Round", "Round" },
	{ "Group", "Group" }, { "Table", "Table" }, { "Date", "Date" },
	{ "Site", "Site" }, { "TimeRule", "TimeControl" }, { "Red", "Red" },
	{ "RedTeam", "RedTeam" }, { "RedTime", "RedTime" }, { "RedRating", "RedElo" },
	{ "Black", "Black" }, { "BlackTeam", "BlackTeam" }, { "BlackTime", "BlackTime" },
	{ "BlackRating", "BlackElo" }, { "Referee", "Judge" }, { "Recorder", "Recorder" },
	{ "Commentator", "Annotator" }, { "Creator", "Author" }, { "ECCO", "ECCO" },
	{ "URL", NULL }, { "From", NULL }, { "ContestType", NULL },
	{ "CommentatorURL", NULL }, { "CreatorURL", NULL }, { "DateCreated", NULL },
	{ "DateModified", NULL }, { "RecordType", NULL }, { "RecordKind", NULL },
	{ "ResultType", NULL }, { "RecordResult", NULL }, { "FEN", NULL },
};

static int read_move(const char *v, size_t n, int *from, int *to)
{
	int d[4];
	if (n != 5 || v[2] != '-')
		return -1;
	d[0] = v[0] - '0';
	d[1] = v[1] - '0';
	d[2] = v[3] - '0';
	d[3] = v[4] - '0';
	for (int i = 0; i < 4; i++)
		if (d[i] < 0 || d[i] > 9)
			return -1;
	if (d[0] > 8 || d[2] > 8)
		return -1;
	*from = XQ_SQ(d[0], 9 - d[1]);
	*to = XQ_SQ(d[2], 9 - d[3]);
	return 0;
}

int xq__cbf_build_game(const char *b, size_t len, long line0, struct xq_game *g,
		   const struct cbf_sink *s)
{
	struct cctx c = { g, s, b, len, line0, 0, line0, 0 };
	struct elem root, e, h;
	size_t pos = 0, rpos, hpos;
	int rc = 0, r, seen_head = 0, seen_moves = 0;
	const char *result = "*";

	g->line = line0;
	if (len >= 3 && !memcmp(b, "\xEF\xBB\xBF", 3))
		pos = 3;
	r = next_elem(b, len, &pos, &root);
	if (r <= 0 || !name_is(&root, "ChineseChessRecord")) {
		report(&c, XQ_SEV_FATAL, XQ_P_FORMAT, pos, 0, NULL,
		       "no <ChineseChessRecord> element: not a CBF file");
		return XQ_EINVAL;
	}
	rpos = (size_t)(root.content - b);
	/* each element's content ends where it ends, wherever the scan has
	 * got to inside it */
	const size_t rend = rpos + root.clen;
	for (;;) {
		r = next_elem(b, rend, &rpos, &e);
		if (r < 0) {
			report(&c, XQ_SEV_ERROR, XQ_P_SYNTAX, rpos, 0, NULL, "broken XML; the rest ignored");
			break;
		}
		if (r == 0)
			break;
		if (name_is(&e, "Head")) {
			seen_head = 1;
			hpos = (size_t)(e.content - b);
			const size_t hend = hpos + e.clen;
			while ((r = next_elem(b, hend, &hpos, &h)) > 0) {
				char *v = xml_text(h.content, h.clen);
				size_t k;
				if (!v)
					return XQ_ENOMEM;
				for (k = 0; k < sizeof head_map / sizeof head_map[0]; k++)
					if (name_is(&h, head_map[k].el))
						break;
				if (k == sizeof head_map / sizeof head_map[0]) {
					report(&c, XQ_SEV_NOTE, XQ_P_TAG, h.start, 0, NULL,
					       "head element <%.*s> not supported; ignored", (int)h.nlen, h.name);
				} else if (head_map[k].tag && *v) {
					rc = xq_game_add_tag(g, head_map[k].tag, v);
				} else if (name_is(&h, "RecordResult")) {
					static const char *const res[] = { "*", "1-0", "0-1", "1/2-1/2", "1/2-1/2" };
					if (*v >= '0' && *v <= '4' && !v[1])
						result = res[*v - '0'];
					else if (*v)
						report(&c, XQ_SEV_WARNING, XQ_P_RESULT, h.start, 0, v,
						       "RecordResult '%s' unknown; read as unfinished", v);
				} else if (name_is(&h, "FEN") && *v) {
					struct xq_err err;
					if (xq_game_set_fen(g, v, XQ_FEN_LAX, &err) < 0) {
						report(&c, XQ_SEV_ERROR, XQ_P_FEN, h.start, 0, v, "bad FEN: %s", err.msg);
						free(v);
						g->result = result;
						return xq_game_set_tag(g, "Result", result) < 0 ? XQ_ENOMEM : 0;
					}
				}
				free(v);
				if (rc < 0)
					return rc;
			}
			if (r < 0)
				report(&c, XQ_SEV_ERROR, XQ_P_SYNTAX, hpos, 0, NULL, "broken XML in <Head>");
		} else if (name_is(&e, "MoveList")) {
			struct xq_node *prev = &g->root;
			size_t mpos = (size_t)(e.content - b);
			const size_t mend = mpos + e.clen;
			int ply = 0, ended = 0;
			seen_moves = 1;
			while ((r = next_elem(b, mend, &mpos, &h)) > 0) {
				size_t vn = 0, en = 0;
				const char *v = attr(&h, "value", &vn), *end = attr(&h, "end", &en);
				char iccs[8];
				int from, to;
				struct xq_node *n;
				if (!name_is(&h, "Move")) {
					report(&c, XQ_SEV_WARNING, XQ_P_SYNTAX, h.start, ply, NULL,
					       "element <%.*s> in the move list not supported (variations in CBF are not known); ignored",
					       (int)h.nlen, h.name);
					continue;
				}
				{
					/* attributes other than value and end: not supported */
					const char *a = h.attrs, *ae = h.attrs + h.alen;
					while (a < ae) {
						while (a < ae && (*a == ' ' || *a == '\t' || *a == '/' || *a == '\n' || *a == '\r'))
							a++;
						if (a >= ae)
							break;
						if (!starts(a, (size_t)(ae - a), "value=") && !starts(a, (size_t)(ae - a), "end="))
							report(&c, XQ_SEV_WARNING, XQ_P_SYNTAX, h.start, ply, NULL,
							       "attribute '%.*s' of <Move> not supported; ignored",
							       (int)strcspn(a, "= \t>"), a);
						while (a < ae && *a != '"')
							a++;
						if (a < ae) {
							const char *q = memchr(a + 1, '"', (size_t)(ae - a - 1));
							a = q ? q + 1 : ae;
						}
					}
				}
				if (xq__cbf_memstr(h.content, h.clen, "<Move")) {
					report(&c, XQ_SEV_WARNING, XQ_P_SYNTAX, h.start, ply, NULL,
					       "moves nested inside a move (variations?) not supported; ignored");
				}
				if (ended) {
					report(&c, XQ_SEV_WARNING, XQ_P_SYNTAX, h.start, ply, NULL,
					       "move after the one marked end=\"1\"; ignored");
					continue;
				}
				if (!v) {
					report(&c, XQ_SEV_ERROR, XQ_P_SYNTAX, h.start, ply + 1, NULL,
					       "<Move> without value; the moves after it ignored");
					break;
				}
				if (ply >= XQ_MAX_GAME_MOVES) {
					report(&c, XQ_SEV_ERROR, XQ_P_LIMIT, h.start, ply + 1, NULL,
					       "more than %d moves in one game (the limit for every format); "
					       "the rest ignored", XQ_MAX_GAME_MOVES);
					break;
				}
				snprintf(iccs, sizeof iccs, "%.*s", (int)(vn < 5 ? vn : 5), v);
				if (ply == 0 && prev == &g->root && vn == 5 && !memcmp(v, "00-00", 5) && !g->root.child &&
				    !g->root.comment) {
					/* the root node: carries the start comment */
					n = &g->root;
				} else {
					/* the move as written: replay checks it; only
					 * what names no squares is refused here */
					if (read_move(v, vn, &from, &to) < 0) {
						report(&c, XQ_SEV_ERROR, XQ_P_ILLEGAL, h.start, ply + 1, iccs,
						       "ply %d: move %s: not an XY-XY square pair; the moves after it ignored",
						       ply + 1, iccs);
						break;
					}
					if (!(n = xq_node_add(g, prev, xq_move_make(from, to), iccs, strlen(iccs))))
						return XQ_ENOMEM;
					{
						long ln, cl;
						where(&c, h.start, &ln, &cl);
						n->line = (uint32_t)ln;
						n->col = (uint32_t)cl;
					}
					prev = n;
					ply++;
				}
				if (h.clen) {
					char *t = xml_text(h.content, h.clen);
					if (!t)
						return XQ_ENOMEM;
					if (*t && xq_node_comment(g, n, 0, t, strlen(t)) < 0) {
						free(t);
						return XQ_ENOMEM;
					}
					free(t);
				}
				if (en == 1 && end[0] == '1')
					ended = 1;
			}
			if (r < 0)
				report(&c, XQ_SEV_ERROR, XQ_P_SYNTAX, mpos, ply, NULL,
				       "broken XML in <MoveList>; the moves after it ignored");
		} else {
			report(&c, XQ_SEV_NOTE, XQ_P_SYNTAX, e.start, 0, NULL,
			       "element <%.*s> not supported; ignored", (int)e.nlen, e.name);
		}
	}
	if (!seen_head || !seen_moves)
		report(&c, XQ_SEV_WARNING, XQ_P_SYNTAX, 0, 0, NULL, "no <%s> element",
		       seen_head ? "MoveList" : "Head");
	g->result = result;
	return xq_game_set_tag(g, "Result", result) < 0 ? XQ_ENOMEM : 0;
}

/* ----------------------------------------------------- the format ops */

static void cbf_report(void *ctx, struct xq_game *g, enum xq_severity sev,
		       enum xq_problem_code code, long line, long col, int ply,
		       const char *text, const char *msg)
{
	xq_reader_problem(ctx, g, sev, code, line, col, ply, text, "%s", msg);
}

static int cbf_read(struct xq_reader *r, struct xq_game *g)
{
	int *done = (int *)xq_reader_state(r);
	struct cbf_sink sink = { cbf_report, r };
	char *buf = NULL;
	size_t len = 0, cap = 0;
	const char *line;
	size_t n;
	int rc;

	/* the state slot holds a flag, not a pointer: one game per file */
	if (*done)
		return 0;
	*done = 1;
	while ((rc = xq_reader_getline(r, &line, &n)) > 0) {
		if (cap - len < n + 2) {
			size_t nc = cap ? cap * 2 : 65536;
			char *nb;
			while (nc - len < n + 2)
				nc *= 2;
			if (nc > CBF_MAX_SIZE) {
				free(buf);
				xq_reader_problem(r, g, XQ_SEV_FATAL, XQ_P_LIMIT, 0, 0, 0, NULL,
						  "CBF file larger than the limit of %u MiB; not read", CBF_MAX_SIZE >> 20);
				return XQ_ERANGE;
			}
			if (!(nb = realloc(buf, nc))) {
				free(buf);
				return XQ_ENOMEM;
			}
			buf = nb;
			cap = nc;
		}
		memcpy(buf + len, line, n);
		len += n;
		buf[len++] = '\n';
	}
	if (rc < 0) {
		free(buf);
		return rc;
	}
	if (!len) {
		free(buf);
		return 0;
	}
	rc = xq__cbf_build_game(buf, len, 1, g, &sink);
	free(buf);
	return rc < 0 ? rc : 1;
}

static void cbf_read_end(struct xq_reader *r)
{
	*xq_reader_state(r) = NULL;
}

static int cbf_sniff(const unsigned char *head, size_t len, const char *name)
{
	const char *h = (const char *)head;
	if (xq__cbf_memstr(h, len, "<ChineseChessRecord"))
		return 90;
	return 0;
}

const struct xq_format xq_format_cbf = {
	.name = "cbf",
	.extensions = "cbf",
	.description = "CCBridge XML record (CBF); main line and comments",
	.flags = XQ_FORMAT_ONE_GAME,
	.sniff = cbf_sniff,
	.read = cbf_read,
	.read_end = cbf_read_end,
};

/*
 * CBR (one game) and CBL (a library of CBR images).  What section 8.2 and
 * the corpus sample establish: the 90-byte board at byte 2120 (row * 9 +
 * column from the top left; 0x11-0x17 red 车马相仕帅炮兵, 0x21-0x27 black),
 * the 2214-byte header, then a u32 byte count and the UTF-16LE start
 * comment, then 4-byte move records (flags, unused, from, to; squares row
 * * 9 + column from the top), flag 1 = the line ends here, 2 = an
 * alternative follows after this line, 4 = a comment follows (u32 byte
 * count, UTF-16LE text); records in pre-order.  The header's text fields
 * (title, players, result) are not documented: not read, a note says so.
 * CBL: records of 4096 bytes from byte 101952 when the capacity at byte 60
 * is at most 128; other capacities are refused.
 */
#define CBR_BOARD 2120
#define CBR_HEADER 2214
#define CBL_FIRST 101952
#define CBL_RECORD 4096

struct cbr_state {
	unsigned char *buf;
	size_t len, next;
	int lib, done;
};

static int cbr_sniff(const unsigned char *head, size_t len, const char *name)
{
	if (len >= 16 && (!memcmp(head, "CCBridge Record\0", 16) ||
			  !memcmp(head, "CCBridgeLibrary\0", 16)))
		return 95;
	return 0;
}

static uint32_t le32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* UTF-16LE to UTF-8 in a malloc'd string; bad surrogates become U+FFFD;
 * stops at a NUL; CR LF becomes LF. */
static char *utf16_text(const unsigned char *p, size_t n)
{
	char *o = malloc(n / 2 * 3 + 1);
	size_t k = 0;
	if (!o)
		return NULL;
	for (size_t i = 0; i + 1 < n; i += 2) {
		uint32_t c = (uint32_t)(p[i] | p[i + 1] << 8);
		if (c == 0)
			break;
		if (c == '\r')
			continue;
		if (c >= 0xD800 && c <= 0xDBFF && i + 3 < n) {
			uint32_t d = (uint32_t)(p[i + 2] | p[i + 3] << 8);
			if (d >= 0xDC00 && d <= 0xDFFF) {
				c = 0x10000 + ((c - 0xD800) << 10) + (d - 0xDC00);
				i += 2;
			} else {
				c = 0xFFFD;
			}
		} else if (c >= 0xD800 && c <= 0xDFFF) {
			c = 0xFFFD;
		}
		/* at most 3 bytes for 2 input bytes, 4 for a pair's 4 */
		k += xq__utf8_put(o + k, c);
	}
	o[k] = '\0';
	return o;
}

__attribute__((format(printf, 7, 8)))
static void cbr_report(struct xq_reader *r, struct xq_game *g, enum xq_severity sev,
		       enum xq_problem_code code, size_t off, int ply, const char *fmt, ...)
{
	char msg[300];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	xq_reader_problem_at(r, g, sev, code, (long)off, ply, NULL, "%s", msg);
}

static int cbr_comment(struct xq_reader *r, struct xq_game *g, struct xq_node *n,
		       const unsigned char *p, size_t len, size_t *at, size_t base, int ply)
{
	uint32_t cl;
	char *t;
	if (len - *at < 4) {
		cbr_report(r, g, XQ_SEV_ERROR, XQ_P_TRUNCATED, base + *at, ply,
			   "the record ends inside a comment length");
		return -1;
	}
	cl = le32(p + *at);
	if (cl > len - *at - 4) {
		cbr_report(r, g, XQ_SEV_ERROR, XQ_P_TRUNCATED, base + *at, ply,
			   "comment length %u runs past the end of the record", (unsigned)cl);
		return -1;
	}
	if (!(t = utf16_text(p + *at + 4, cl)))
		return XQ_ENOMEM;
	if (*t && xq_node_comment(g, n, 0, t, strlen(t)) < 0) {
		free(t);
		return XQ_ENOMEM;
	}
	free(t);
	*at += 4 + cl;
	return 0;
}

/* One CBR image p[0..len) at file offset base. */
static int cbr_game(struct xq_reader *r, struct xq_game *g, const unsigned char *p,
		    size_t len, size_t base, int padded)
{
	static const char letters[] = "RHBAKCP";
	struct pend {
		struct xq_node *parent; /* NULL: below a move left out */
		size_t depth;
	} *pend = NULL;
	size_t npend = 0, depth = 0, at = CBR_HEADER + 0, maxn, nrec = 0;
	char board[10][9], fen[XQ_FEN_MAX + 16];
	struct xq_err err;
	struct xq_node *parent;
	int rc = 0, ply = 0, more;

	xq_game_set_tag(g, "Result", "*");
	g->result = "*";
	if (len < CBR_HEADER + 4) {
		cbr_report(r, g, XQ_SEV_ERROR, XQ_P_TRUNCATED, base + len, 0,
			   "a CBR record has at least %d bytes, this one %zu", CBR_HEADER + 4, len);
		return 0;
	}
	xq_reader_problem(r, g, XQ_SEV_NOTE, XQ_P_TAG, 0, 0, 0, NULL,
			  "CBR header fields (title, players, result) not read: their layout is not documented");
	memset(board, 0, sizeof board);
	for (int i = 0; i < 90; i++) {
		unsigned v = p[CBR_BOARD + i];
		if (!v)
			continue;
		if ((v >> 4 != 1 && v >> 4 != 2) || (v & 15) < 1 || (v & 15) > 7) {
			cbr_report(r, g, XQ_SEV_ERROR, XQ_P_FEN, base + CBR_BOARD + (size_t)i, 0,
				   "piece code 0x%02X unknown; the record is not read", v);
			return 0;
		}
		board[i / 9][i % 9] = (char)(v >> 4 == 1 ? letters[(v & 15) - 1]
							 : letters[(v & 15) - 1] + 32);
	}
	{
		size_t k = 0;
		for (int row = 0; row < 10; row++) {
			int empty = 0;
			for (int c = 0; c < 9; c++) {
				if (!board[row][c]) {
					empty++;
					continue;
				}
				if (empty)
					fen[k++] = (char)('0' + empty);
				empty = 0;
				fen[k++] = board[row][c];
			}
			if (empty)
				fen[k++] = (char)('0' + empty);
			if (row < 9)
				fen[k++] = '/';
		}
		fen[k] = 0;
	}
	/* side: the colour on the first move's origin (after the comment) */
	{
		uint32_t cl = le32(p + CBR_HEADER);
		size_t first = CBR_HEADER + 4 + (size_t)cl;
		int side = 0;
		if (cl <= len - CBR_HEADER - 4 && len - first >= 4 && p[first + 2] < 90) {
			char c = board[p[first + 2] / 9][p[first + 2] % 9];
			side = c >= 'a';
		}
		strcat(fen, side ? " b - - 0 1" : " w - - 0 1");
		if (xq_game_set_fen(g, fen, XQ_FEN_LAX, &err) < 0) {
			cbr_report(r, g, XQ_SEV_ERROR, XQ_P_FEN, base + CBR_BOARD, 0,
				   "the board is impossible: %s", err.msg);
			return 0;
		}
	}
	/* the start comment */
	if ((rc = cbr_comment(r, g, &g->root, p, len, &at, base, 0)) != 0)
		return rc < -1 ? rc : 0;
	maxn = (len - at) / 4 + 1;
	if (maxn > XQ_MAX_GAME_MOVES + 1)
		maxn = XQ_MAX_GAME_MOVES + 1;
	if (!(pend = malloc(maxn * sizeof *pend)))
		return XQ_ENOMEM;
	parent = &g->root;
	/* no moves: nothing after the comment, or an empty first record */
	more = len - at >= 4 && (p[at + 2] | p[at + 3]) != 0;
	while (more) {
		unsigned flags, from, to;
		size_t rec = at;
		struct xq_node *n = NULL;
		if (++nrec > XQ_MAX_GAME_MOVES) {
			cbr_report(r, g, XQ_SEV_ERROR, XQ_P_LIMIT, base + at, ply + 1,
				   "more than %d moves in one game (the limit for every format); "
				   "the rest ignored", XQ_MAX_GAME_MOVES);
			break;
		}
		if (len - at < 4) {
			cbr_report(r, g, XQ_SEV_ERROR, XQ_P_TRUNCATED, base + at, ply + 1,
				   "the record ends inside a move");
			break;
		}
		flags = p[at];
		from = p[at + 2];
		to = p[at + 3];
		at += 4;
		/* the move hangs on parent (records are in pre-order); it is
		 * added as the file gives it, for replay to check: only a
		 * square off the board is no move at all */
		ply = (int)depth + 1;
		if (parent) {
			if (from < 90 && to < 90) {
				char iccs[5];
				xq_move m = xq_move_make(XQ_SQ(from % 9, 9 - from / 9),
							 XQ_SQ(to % 9, 9 - to / 9));
				xq_move_iccs(m, iccs);
				if (!(n = xq_node_add(g, parent, m, iccs, 4))) {
					rc = XQ_ENOMEM;
					break;
				}
				n->byte = (uint32_t)(base + rec);
				n->flags |= XQ_NODE_AT_BYTE;
			} else {
				cbr_report(r, g, XQ_SEV_ERROR, XQ_P_ILLEGAL, base + rec, ply,
					   "square %u off the board; the move and those below it left out",
					   from < 90 ? to : from);
			}
		}
		if (flags & 4) {
			struct xq_node dummy;
			memset(&dummy, 0, sizeof dummy);
			if ((rc = cbr_comment(r, g, n ? n : &dummy, p, len, &at, base, ply)) != 0) {
				rc = rc < -1 ? rc : 0;
				break;
			}
		}
		if (flags & 2)
			pend[npend++] = (struct pend){ parent, depth };
		if (!(flags & 1)) {
			depth++;
			parent = n;     /* NULL below a move left out */
		} else if (npend) {
			npend--;
			parent = pend[npend].parent;
			depth = pend[npend].depth;
		} else {
			more = 0;
		}
	}
	if (!padded && rc == 0 && !more && at < len)
		cbr_report(r, g, XQ_SEV_WARNING, XQ_P_SYNTAX, base + at, 0,
			   "%zu bytes after the last move record ignored", len - at);
	free(pend);
	return rc;
}

static int cbr_read(struct xq_reader *r, struct xq_game *g)
{
	struct cbr_state *st = *xq_reader_state(r);
	size_t off;
	int rc;

	if (!st) {
		size_t cap = 0;
		if (!(st = calloc(1, sizeof *st)))
			return XQ_ENOMEM;
		*xq_reader_state(r) = st;
		for (;;) {
			long n;
			/* the buffer stops growing just past the limit: a larger
			 * file is refused once that much is read */
			if (cap - st->len < 65536 && cap < CBF_MAX_SIZE + 65536) {
				unsigned char *nb;
				size_t nc = cap ? cap * 2 : 65536;
				if (nc > CBF_MAX_SIZE + 65536)
					nc = CBF_MAX_SIZE + 65536;
				if (!(nb = realloc(st->buf, nc)))
					return XQ_ENOMEM;
				st->buf = nb;
				cap = nc;
			}
			n = xq_reader_read(r, st->buf + st->len, cap - st->len);
			if (n < 0)
				return (int)n;
			if (n == 0)
				break;
			st->len += (size_t)n;
			if (st->len > CBF_MAX_SIZE) {
				xq_reader_problem(r, g, XQ_SEV_FATAL, XQ_P_LIMIT, 0, 0, 0, NULL,
						  "file larger than the limit of %u MiB; not read",
						  CBF_MAX_SIZE >> 20);
				return XQ_ERANGE;
			}
		}
		st->lib = st->len >= 16 && !memcmp(st->buf, "CCBridgeLibrary\0", 16);
		if (st->lib) {
			uint32_t capn = st->len >= 64 ? le32(st->buf + 60) : 0;
			if (capn == 0 || capn > 128) {
				xq_reader_problem(r, g, XQ_SEV_FATAL, XQ_P_FORMAT, 0, 0, 0, NULL,
						  "CBL library with an index for %u games not supported (only "
						  "up to 128 is known)", (unsigned)capn);
				return XQ_EINVAL;
			}
			st->next = CBL_FIRST;
			if (st->len < CBL_FIRST + CBR_HEADER) {
				xq_reader_problem(r, g, XQ_SEV_FATAL, XQ_P_TRUNCATED, 0, 0, 0, NULL,
						  "CBL library of %zu bytes ends before its first record (byte %d)",
						  st->len, CBL_FIRST);
				return XQ_EINVAL;
			}
		} else if (st->len < 16 || memcmp(st->buf, "CCBridge Record\0", 16)) {
			xq_reader_problem(r, g, XQ_SEV_FATAL, XQ_P_FORMAT, 0, 0, 0, NULL,
					  "no CCBridge magic: not a CBR or CBL file");
			return XQ_EINVAL;
		}
	}
	if (st->done)
		return 0;
	off = st->next;
	if (!st->lib) {
		st->done = 1;
		rc = cbr_game(r, g, st->buf, st->len, 0, 0);
		return rc < 0 ? rc : 1;
	}
	/* the next record of the library: count them, do not trust titles */
	for (;;) {
		int empty = 1;
		if (off >= st->len || st->len - off < 16 ||
		    memcmp(st->buf + off, "CCBridge Record\0", 16)) {
			st->done = 1;
			return 0;
		}
		for (size_t i = 0; i < 90 && off + CBR_BOARD + i < st->len; i++)
			if (st->buf[off + CBR_BOARD + i])
				empty = 0;
		if (!empty)
			break;
		xq_reader_problem(r, NULL, XQ_SEV_NOTE, XQ_P_SYNTAX, 0, 0, 0, NULL,
				  "byte %zu (0x%zX): library record %zu has an empty board (no game); skipped",
				  off, off, (off - CBL_FIRST) / CBL_RECORD + 1);
		off += CBL_RECORD;
	}
	st->next = off + CBL_RECORD;
	rc = cbr_game(r, g, st->buf + off, st->len - off < CBL_RECORD ? st->len - off : CBL_RECORD, off, 1);
	return rc < 0 ? rc : 1;
}

static void cbr_read_end(struct xq_reader *r)
{
	struct cbr_state *st = *xq_reader_state(r);
	if (st)
		free(st->buf);
	free(st);
	*xq_reader_state(r) = NULL;
}

const struct xq_format xq_format_cbr = {
	.name = "cbr",
	.extensions = "cbr cbl",
	.description = "CCBridge binary record and library (CBR, CBL): board, moves, variations, comments",
	.flags = XQ_FORMAT_BINARY,
	.sniff = cbr_sniff,
	.read = cbr_read,
	.read_end = cbr_read_end,
};
