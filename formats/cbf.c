/*
 * cbf.c - CCBridge (象棋桥) records: CBF, the XML export
 * (shared/docs/notation.md section 8.1).  Header fields, start position,
 * moves, variations and comments; the moves are built as written, replay
 * checks them.  Markup not known is an error, never guessed at.  The
 * binary CBR and CBL files are read by formats/cbr.c.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "utf8.h"
#include "xq_format.h"
#include "cbf_impl.h"

#define CBF_MAX_SIZE (64u << 20)

struct cctx {
	struct xq_game *g;
	const struct xq_build_sink *s;
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
	long line, col;
	va_list ap;
	where(c, off, &line, &col);
	va_start(ap, fmt);
	xq__build_vreport(c->s, c->g, sev, code, XQ_BUILD_LINE(line, col), ply, text, fmt, ap);
	va_end(ap);
}

static int starts(const char *s, size_t n, const char *p)
{
	size_t k = strlen(p);
	return n >= k && !memcmp(s, p, k);
}

char *xq__cbf_xml_text(const char *s, size_t n)
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
	const char *e = s + n, *q = s;
	/* the first byte found by memchr(), the rest compared there */
	while (k <= (size_t)(e - q) && (q = memchr(q, pat[0], (size_t)(e - q) - k + 1))) {
		if (!memcmp(q, pat, k))
			return q;
		q++;
	}
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

/* A flag attribute: 1 when name="1", 0 when absent or "0", -1 else. */
static int flag_attr(const struct elem *e, const char *name)
{
	size_t n = 0;
	const char *v = attr(e, name, &n);
	if (!v || (n == 1 && v[0] == '0'))
		return 0;
	return n == 1 && v[0] == '1' ? 1 : -1;
}

/* The first attribute of e other than value, branch and end, or NULL;
 * its name's length in *n. */
static const char *unknown_attr(const struct elem *e, size_t *n)
{
	const char *a = e->attrs, *ae = e->attrs + e->alen;
	while (a < ae) {
		while (a < ae && (*a == ' ' || *a == '\t' || *a == '/' || *a == '\n' || *a == '\r'))
			a++;
		if (a >= ae)
			break;
		*n = 0;
		while (a + *n < ae && a[*n] != '=' && a[*n] != ' ' && a[*n] != '\t')
			(*n)++;
		if (!starts(a, (size_t)(ae - a), "value=") && !starts(a, (size_t)(ae - a), "end=") &&
		    !starts(a, (size_t)(ae - a), "branch="))
			return a;
		while (a < ae && *a != '"')
			a++;
		if (a < ae) {
			const char *q = memchr(a + 1, '"', (size_t)(ae - a - 1));
			a = q ? q + 1 : ae;
		}
	}
	return NULL;
}

/* A move whose branch="1" says an alternative to it follows its line. */
struct cbf_fork {
	struct xq_node *node;
	int ply;
};

#define CBF_MAX_FORKS 4096

/* Whether the element h can be the next <Move> (ply: of the move before;
 * prev: the node it follows, NULL when every line has ended); when not,
 * it is reported and the moves stop there. */
static int move_elem_ok(struct cctx *c, const struct elem *h, int ply, const struct xq_node *prev,
			int moves)
{
	size_t vn = 0, an = 0;
	const char *unk;
	int branch = flag_attr(h, "branch"), end = flag_attr(h, "end");

	if (!name_is(h, "Move")) {
		report(c, XQ_SEV_ERROR, XQ_P_SYNTAX, h->start, ply, NULL,
		       "element <%.*s> in the move list not known; the moves after it ignored",
		       (int)h->nlen, h->name);
		return 0;
	}
	if ((unk = unknown_attr(h, &an)) || branch < 0 || end < 0) {
		report(c, XQ_SEV_ERROR, XQ_P_SYNTAX, h->start, ply + 1, NULL,
		       unk ? "attribute '%.*s' of <Move> not known; the moves after it ignored" :
			     "<Move> with a branch or end value other than 0 or 1%.*s; the moves after it ignored",
		       unk ? (int)an : 0, unk ? unk : "");
		return 0;
	}
	if (xq__cbf_memstr(h->content, h->clen, "<Move")) {
		report(c, XQ_SEV_ERROR, XQ_P_SYNTAX, h->start, ply + 1, NULL,
		       "a move nested inside a move is not known; the moves after it ignored");
		return 0;
	}
	if (!prev) {
		report(c, XQ_SEV_ERROR, XQ_P_SYNTAX, h->start, ply + 1, NULL,
		       "a move after every line has ended (end=\"1\" with no branch=\"1\" open); "
		       "the moves after it ignored");
		return 0;
	}
	if (!attr(h, "value", &vn)) {
		report(c, XQ_SEV_ERROR, XQ_P_SYNTAX, h->start, ply + 1, NULL,
		       "<Move> without value; the moves after it ignored");
		return 0;
	}
	if (moves >= XQ_MAX_GAME_MOVES) {
		long line, col;
		where(c, h->start, &line, &col);
		xq__build_too_many(c->s, c->g, XQ_BUILD_LINE(line, col), ply + 1);
		return 0;
	}
	return 1;
}

/* The node a <Move> h stands for below prev: the root for the start
 * (00-00, which carries the start comment), else the move as written
 * (replay checks it; only what names no squares is refused here, with a
 * report).  *n is NULL after a report; 0 or XQ_ENOMEM. */
static int move_node(struct cctx *c, const struct elem *h, struct xq_node *prev, int ply,
		     struct xq_node **n)
{
	struct xq_game *g = c->g;
	size_t vn = 0;
	const char *v = attr(h, "value", &vn);
	char iccs[8];
	int from, to;
	long line, col;

	*n = NULL;
	snprintf(iccs, sizeof iccs, "%.*s", (int)(vn < 5 ? vn : 5), v);
	if (ply == 0 && prev == &g->root && vn == 5 && !memcmp(v, "00-00", 5) && !g->root.child &&
	    !g->root.comment) {
		if (flag_attr(h, "branch") || flag_attr(h, "end")) {
			report(c, XQ_SEV_ERROR, XQ_P_SYNTAX, h->start, 0, NULL,
			       "the start (00-00) marked branch or end; the moves after it ignored");
			return 0;
		}
		*n = &g->root;
		return 0;
	}
	if (read_move(v, vn, &from, &to) < 0) {
		report(c, XQ_SEV_ERROR, XQ_P_ILLEGAL, h->start, ply + 1, iccs,
		       "ply %d: move %s: not an XY-XY square pair; the moves after it ignored",
		       ply + 1, iccs);
		return 0;
	}
	where(c, h->start, &line, &col);
	*n = xq__build_move(g, prev, xq_move_make(from, to), iccs, strlen(iccs),
			    XQ_BUILD_LINE(line, col));
	return *n ? 0 : XQ_ENOMEM;
}

/* The text of element h as the comment of n.  0 or XQ_ENOMEM. */
static int elem_comment(struct cctx *c, const struct elem *h, struct xq_node *n)
{
	char *t;
	int rc = 0;
	if (!h->clen)
		return 0;
	if (!(t = xq__cbf_xml_text(h->content, h->clen)))
		return XQ_ENOMEM;
	if (*t && xq_node_comment(c->g, n, 0, t, strlen(t)) < 0)
		rc = XQ_ENOMEM;
	free(t);
	return rc;
}

/*
 * The <MoveList>: the tree in pre-order, as XQF stores it.  Each <Move>
 * follows the one before it, but after a move marked end="1" (its line
 * ends there) the next move is the alternative to the latest move marked
 * branch="1" whose alternative has not come yet.  Markup not known here
 * is an error: what it meant is not guessed.
 */
static int read_moves(struct cctx *c, const struct elem *list)
{
	const char *b = c->b;
	struct xq_node *prev = &c->g->root;
	struct cbf_fork *forks = NULL;
	size_t mpos = (size_t)(list->content - b), nforks = 0;
	const size_t mend = mpos + list->clen;
	int ply = 0, moves = 0, r, rc = 0;
	struct elem h;

	while ((r = next_elem(b, mend, &mpos, &h)) > 0) {
		struct xq_node *n;
		if (!move_elem_ok(c, &h, ply, prev, moves))
			break;
		if ((rc = move_node(c, &h, prev, ply, &n)) < 0 || !n)
			break;
		if (n != &c->g->root) {
			ply++;
			moves++;
		}
		if ((rc = elem_comment(c, &h, n)) < 0)
			break;
		if (flag_attr(&h, "branch")) {
			if (nforks == CBF_MAX_FORKS) {
				report(c, XQ_SEV_ERROR, XQ_P_LIMIT, h.start, ply, NULL,
				       "more than %d alternatives open at once; the moves after it ignored",
				       CBF_MAX_FORKS);
				break;
			}
			if (!forks && !(forks = malloc(CBF_MAX_FORKS * sizeof *forks))) {
				rc = XQ_ENOMEM;
				break;
			}
			forks[nforks].node = n;
			forks[nforks++].ply = ply;
		}
		if (!flag_attr(&h, "end")) {
			prev = n;
		} else if (nforks) {
			nforks--;
			prev = forks[nforks].node->parent;
			ply = forks[nforks].ply - 1;
		} else {
			prev = NULL;
		}
	}
	if (rc == 0 && r < 0)
		report(c, XQ_SEV_ERROR, XQ_P_SYNTAX, mpos, ply, NULL,
		       "broken XML in <MoveList>; the moves after it ignored");
	else if (rc == 0 && r == 0 && nforks)
		report(c, XQ_SEV_ERROR, XQ_P_TRUNCATED, mend, ply, NULL,
		       "%zu alternative%s promised by branch=\"1\" never come%s",
		       nforks, nforks > 1 ? "s" : "", nforks > 1 ? "" : "s");
	free(forks);
	return rc;
}

/* One element of the <Head>: a tag, the result in *result, or the start
 * position.  0, 1 when the FEN is bad (reported: the moves are not read)
 * or XQ_ENOMEM. */
static int head_elem(struct cctx *c, const struct elem *h, const char **result)
{
	char *v = xq__cbf_xml_text(h->content, h->clen);
	size_t k;
	int rc = 0;

	if (!v)
		return XQ_ENOMEM;
	for (k = 0; k < sizeof head_map / sizeof head_map[0]; k++)
		if (name_is(h, head_map[k].el))
			break;
	if (k == sizeof head_map / sizeof head_map[0]) {
		report(c, XQ_SEV_NOTE, XQ_P_TAG, h->start, 0, NULL,
		       "head element <%.*s> not supported; ignored", (int)h->nlen, h->name);
	} else if (head_map[k].tag) {
		rc = xq__build_tag(c->g, head_map[k].tag, v);
	} else if (name_is(h, "RecordResult")) {
		if (*v >= '0' && *v <= '4' && !v[1])
			*result = xq__build_result_code(NULL, c->g, (unsigned)(*v - '0'), 4,
							XQ_BUILD_NOWHERE);
		else if (*v)
			report(c, XQ_SEV_WARNING, XQ_P_RESULT, h->start, 0, v,
			       "RecordResult '%s' unknown; read as unfinished", v);
	} else if (name_is(h, "FEN") && *v) {
		struct xq_err err;
		if (xq_game_set_fen(c->g, v, XQ_FEN_LAX, &err) < 0) {
			report(c, XQ_SEV_ERROR, XQ_P_FEN, h->start, 0, v, "bad FEN: %s", err.msg);
			rc = 1;
		}
	}
	free(v);
	return rc;
}

/* The <Head>: 0, 1 when the FEN is bad or XQ_ENOMEM. */
static int read_head(struct cctx *c, const struct elem *head, const char **result)
{
	size_t hpos = (size_t)(head->content - c->b);
	const size_t hend = hpos + head->clen;
	struct elem h;
	int r, rc;

	while ((r = next_elem(c->b, hend, &hpos, &h)) > 0)
		if ((rc = head_elem(c, &h, result)) != 0)
			return rc;
	if (r < 0)
		report(c, XQ_SEV_ERROR, XQ_P_SYNTAX, hpos, 0, NULL, "broken XML in <Head>");
	return 0;
}

int xq__cbf_build_game(const char *b, size_t len, long line0, struct xq_game *g,
		       const struct xq_build_sink *s)
{
	struct cctx c = { g, s, b, len, line0, 0, line0, 0 };
	struct elem root, e;
	size_t pos = 0, rpos;
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
			if ((rc = read_head(&c, &e, &result)) < 0)
				return rc;
			if (rc)
				return xq__build_result(g, result);
		} else if (name_is(&e, "MoveList")) {
			seen_moves = 1;
			if ((rc = read_moves(&c, &e)) < 0)
				return rc;
		} else {
			report(&c, XQ_SEV_ERROR, XQ_P_SYNTAX, e.start, 0, NULL,
			       "element <%.*s> not known; not read", (int)e.nlen, e.name);
		}
	}
	if (!seen_head || !seen_moves)
		report(&c, XQ_SEV_WARNING, XQ_P_SYNTAX, 0, 0, NULL, "no <%s> element",
		       seen_head ? "MoveList" : "Head");
	return xq__build_result(g, result);
}

/* ----------------------------------------------------- the format ops */

static int cbf_read(struct xq_reader *r, struct xq_game *g)
{
	const struct xq_build_sink sink = { xq__build_to_reader, r };
	char *buf = NULL;
	size_t len = 0, cap = 0;
	const char *line;
	size_t n;
	int rc;

	/* (called once: one game a file, XQ_FORMAT_ONE_GAME) */
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
	.description = "CCBridge XML record (CBF); moves, variations and comments",
	.flags = XQ_FORMAT_ONE_GAME,
	.sniff = cbf_sniff,
	.read = cbf_read,
};
