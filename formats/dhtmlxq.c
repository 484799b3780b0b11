/*
 * dhtmlxq.c - DhtmlXQ blocks (dpxq.com viewer, shared/docs/notation.md
 * section 7): [DhtmlXQ]...[/DhtmlXQ] in text files and HTML pages, several
 * per page; binit positions, movelist, variations [DhtmlXQ_move_P_S_B],
 * comments; and the writer of the same block.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ascii.h"
#include "cbf_impl.h"
#include "utf8.h"
#include "walk.h"
#include "xq_format.h"
#include "xqf_impl.h"
#include "dhtmlxq_impl.h"

/* ------------------------------------------------------------ parsing */

struct dtag {
	const char *name, *val;
	size_t nlen, vlen;
	long line, col;     /* of the value, 1-based */
};

struct dline {
	long id, parent, start;     /* B, P, S */
	const struct dtag *tag;
	struct xq_node **nodes;     /* nodes[k]: ply start + k */
	long n;                     /* moves built */
	int state;                  /* 0 waiting, 1 built, 2 given up */
};

struct dctx {
	struct xq_game *g;
	const struct xq_build_sink *s;
	struct dline *lines;
	size_t nlines;
	long total_moves;
	int rot;                    /* board given turned 180 degrees */
};

#define MAX_TAGS 200000
#define MAX_MOVES XQ_MAX_GAME_MOVES

__attribute__((format(printf, 7, 8)))
static void report(struct dctx *c, enum xq_severity sev, enum xq_problem_code code,
		   const struct dtag *t, int ply, const char *text, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	xq__build_vreport(c->s, c->g, sev, code, XQ_BUILD_LINE(t ? t->line : 0, t ? t->col : 0), ply,
			  text, fmt, ap);
	va_end(ap);
}

static int name_is(const struct dtag *t, const char *name)
{
	size_t n = strlen(name);
	return t->nlen == n && !memcmp(t->name, name, n);
}

static int prefix(const char *s, size_t n, const char *p)
{
	size_t k = strlen(p);
	return n >= k && !memcmp(s, p, k);
}

/* Whether s holds four hex digits, and their value. */
static int is_u_escape(const char *s)
{
	for (int k = 0; k < 4; k++)
		if (xq__hex_digit((unsigned char)s[k]) < 0)
			return 0;
	return 1;
}

static uint32_t u_escape(const char *s)
{
	return (uint32_t)(xq__hex_digit((unsigned char)s[0]) << 12 | xq__hex_digit((unsigned char)s[1]) << 8 |
			  xq__hex_digit((unsigned char)s[2]) << 4 | xq__hex_digit((unsigned char)s[3]));
}

/*
 * Comment and tag text: "||" and <br> become line breaks, HTML entities
 * and \uXXXX escapes are decoded (a surrogate pair of them as one
 * character, a lone surrogate kept as the escape), CR LF becomes LF.  Writes into out
 * (room for len + 1 bytes: the result is never longer) and returns the
 * length.
 */
static size_t unescape(const char *s, size_t len, char *out)
{
	static const struct {
		const char *name;
		uint32_t cp;
	} ent[] = {
		{ "lt", '<' }, { "gt", '>' }, { "amp", '&' }, { "quot", '"' },
		{ "apos", '\'' }, { "nbsp", 0xA0 },
	};
	size_t o = 0;
	for (size_t i = 0; i < len;) {
		char ch = s[i];
		if (ch == '|' && i + 1 < len && s[i + 1] == '|') {
			out[o++] = '\n';
			i += 2;
		} else if (ch == '\r') {
			i++;
		} else if (ch == '<' && (prefix(s + i, len - i, "<br>") || prefix(s + i, len - i, "<BR>") ||
					 prefix(s + i, len - i, "<br/>") || prefix(s + i, len - i, "<br />"))) {
			out[o++] = '\n';
			while (i < len && s[i] != '>')
				i++;
			i++;
		} else if (ch == '&') {
			size_t j = i + 1;
			uint32_t cp = 0;
			int okk = 0;
			while (j < len && j - i < 10 && s[j] != ';')
				j++;
			if (j < len && s[j] == ';') {
				if (s[i + 1] == '#') {
					size_t k = i + 2;
					int base = 10;
					if (k < j && (s[k] == 'x' || s[k] == 'X')) {
						base = 16;
						k++;
					}
					okk = k < j;
					for (; k < j && okk; k++) {
						int d = xq__hex_digit((unsigned char)s[k]);
						if (d < 0 || d >= base)
							okk = 0;
						else
							cp = cp * (uint32_t)base + (uint32_t)d;
					}
					if (cp == 0 || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
						okk = 0;
				} else {
					for (size_t e = 0; e < sizeof ent / sizeof ent[0]; e++)
						if (strlen(ent[e].name) == j - i - 1 &&
						    !memcmp(ent[e].name, s + i + 1, j - i - 1)) {
							cp = ent[e].cp;
							okk = 1;
						}
				}
			}
			/* an entity is at least 4 bytes ("&lt;"), its UTF-8 at most 4 */
			if (okk && xq__utf8_put(out + o, cp) <= j - i + 1) {
				o += xq__utf8_put(out + o, cp);
				i = j + 1;
			} else {
				out[o++] = ch;
				i++;
			}
		} else if (ch == '\\' && i + 5 < len + 0 && s[i + 1] == 'u' &&
			   xq__hex_digit((unsigned char)s[i + 2]) >= 0 && xq__hex_digit((unsigned char)s[i + 3]) >= 0 &&
			   xq__hex_digit((unsigned char)s[i + 4]) >= 0 && xq__hex_digit((unsigned char)s[i + 5]) >= 0) {
			uint32_t cp = u_escape(s + i + 2);
			if (cp >= 0xD800 && cp <= 0xDBFF && i + 11 < len && s[i + 6] == '\\' &&
			    s[i + 7] == 'u' && is_u_escape(s + i + 8)) {
				/* a surrogate pair: one character */
				uint32_t lo = u_escape(s + i + 8);
				if (lo >= 0xDC00 && lo <= 0xDFFF) {
					o += xq__utf8_put(out + o, 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00));
					i += 12;    /* 4 bytes for 12 */
					continue;
				}
			}
			if (cp >= 0xD800 && cp <= 0xDFFF) {
				/* a lone surrogate is no character: the escape
				 * kept as it stands, nothing invented */
				memcpy(out + o, s + i, 6);
				o += 6;
			} else {
				o += xq__utf8_put(out + o, cp);     /* <= 3 bytes for 6 */
			}
			i += 6;
		} else {
			out[o++] = ch;
			i++;
		}
	}
	out[o] = '\0';
	return o;
}

static char *dup_text(struct dctx *c, const char *s, size_t len, int trim)
{
	char *tmp = malloc(len + 1), *r;
	size_t n;
	if (!tmp)
		return NULL;
	n = unescape(s, len, tmp);
	if (trim) {
		char *a = tmp;
		while (*a == ' ' || *a == '\t' || *a == '\n')
			a++;
		while (n > (size_t)(a - tmp) && (tmp[n - 1] == ' ' || tmp[n - 1] == '\t' || tmp[n - 1] == '\n'))
			n--;
		r = xq_game_strndup(c->g, a, n - (size_t)(a - tmp));
	} else {
		r = xq_game_strndup(c->g, tmp, n);
	}
	free(tmp);
	return r;
}

/* Split the block into tags.  Returns the count or XQ_ENOMEM. */
static long split_tags(struct dctx *c, const char *b, size_t len, long line0,
		       struct dtag **out)
{
	struct dtag *t = NULL;
	size_t n = 0, cap = 0, i = 0, ls = 0;   /* ls: offset where the line starts */
	long line = line0;

	while (i < len) {
		const char *p = memchr(b + i, '[', len - i);
		size_t st, ne, ve;
		if (!p)
			break;
		for (; i < (size_t)(p - b); i++)
			if (b[i] == '\n') {
				line++;
				ls = i + 1;
			}
		st = i;
		if (!prefix(b + st, len - st, "[DhtmlXQ_")) {
			i++;
			continue;
		}
		ne = st + 9;
		while (ne < len && b[ne] != ']' && b[ne] != '[' && b[ne] != '\n' && ne - st < 64)
			ne++;
		if (ne >= len || b[ne] != ']') {
			i = st + 1;
			continue;
		}
		if (n == cap) {
			size_t nc = cap ? cap * 2 : 64;
			struct dtag *nt;
			if (n >= MAX_TAGS) {
				report(c, XQ_SEV_ERROR, XQ_P_LIMIT, NULL, 0, NULL,
				       "more than the limit of %d DhtmlXQ tags in one block; the rest ignored",
				       MAX_TAGS);
				break;
			}
			if (nc > MAX_TAGS)
				nc = MAX_TAGS;
			if (!(nt = realloc(t, nc * sizeof *nt))) {
				free(t);
				return XQ_ENOMEM;
			}
			t = nt;
			cap = nc;
		}
		t[n].name = b + st + 9;
		t[n].nlen = ne - st - 9;
		t[n].val = b + ne + 1;
		t[n].line = line;
		t[n].col = (long)(ne + 1 - ls) + 1;
		/* the value runs to [/DhtmlXQ_name], else to the next tag */
		ve = ne + 1;
		for (;;) {
			const char *q = ve < len ? memchr(b + ve, '[', len - ve) : NULL;
			if (!q) {
				ve = len;
				t[n].vlen = len - (ne + 1);
				break;
			}
			ve = (size_t)(q - b);
			if (prefix(b + ve, len - ve, "[/DhtmlXQ_") && len - ve - 10 >= t[n].nlen + 1 &&
			    !memcmp(b + ve + 10, t[n].name, t[n].nlen) && b[ve + 10 + t[n].nlen] == ']') {
				t[n].vlen = ve - (ne + 1);
				ve += 11 + t[n].nlen;
				break;
			}
			if (prefix(b + ve, len - ve, "[DhtmlXQ") || prefix(b + ve, len - ve, "[/DhtmlXQ")) {
				t[n].vlen = ve - (ne + 1);
				report(c, XQ_SEV_WARNING, XQ_P_SYNTAX, &t[n], 0, NULL,
				       "[DhtmlXQ_%.*s] is not closed", (int)t[n].nlen, t[n].name);
				break;
			}
			ve++;
		}
		for (; i < ve; i++)
			if (b[i] == '\n') {
				line++;
				ls = i + 1;
			}
		n++;
	}
	*out = t;
	return (long)n;
}

static long parse_num(const char *s, size_t n, size_t *used)
{
	long v = 0;
	size_t i = 0;
	while (i < n && s[i] >= '0' && s[i] <= '9' && i < 9)
		v = v * 10 + (s[i++] - '0');
	*used = i;
	return i ? v : -1;
}

static struct dline *find_line(struct dctx *c, long id)
{
	size_t lo = 0, hi = c->nlines;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (c->lines[mid].id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < c->nlines && c->lines[lo].id == id)
		return &c->lines[lo];
	return NULL;
}

static int cmp_line(const void *a, const void *b)
{
	const struct dline *x = a, *y = b;
	return x->id < y->id ? -1 : x->id > y->id;
}

/* The node at absolute ply k of line l (the root for 0), or NULL. */
static struct xq_node *node_at(struct dctx *c, struct dline *l, long k)
{
	size_t guard = 0;
	while (l && guard++ <= c->nlines) {
		if (k <= 0)
			return &c->g->root;
		if (k >= l->start)
			return k - l->start < l->n ? l->nodes[k - l->start] : NULL;
		l = l->id == 0 ? NULL : find_line(c, l->parent);
	}
	return NULL;
}

/* DhtmlXQ's "xy" (x 0..8 from Red's left, y 0..9 from the top) as a
 * square; a board given turned 180 degrees is turned back. */
static int digit_sq(const struct dctx *c, const char *d, int *sq)
{
	int x = d[0] - '0', y = d[1] - '0';
	if (x < 0 || x > 8 || y < 0 || y > 9)
		return -1;
	if (c && c->rot)
		x = 8 - x, y = 9 - y;
	*sq = XQ_SQ(x, 9 - y);
	return 0;
}

/* One move of a move list as written: its four digits and where. */
struct dmove {
	char d[4];
	long line, col;
};

/*
 * The moves of a movelist or move_P_S_B value: four digits each (blanks
 * between them ignored).  Two other forms are met: ichinachess writes 12
 * characters a move (4 digits of the move, a 4-character code, a 4-digit
 * index), read as the moves with a note; letters anywhere else are
 * skipped with a warning that names them and where they stand.  *out is
 * malloc'd (NULL when no move); returns the count or XQ_ENOMEM.
 */
static long scan_moves(struct dctx *c, const struct dtag *t, struct dmove **out)
{
	const char *v = t->val;
	size_t n = t->vlen, chars = 0;
	long line = t->line, col = t->col, k = 0, cap = 0;
	int ichina = 0, letters = 0;
	struct dmove *m = NULL;
	char tok[12];
	long tl[12], tc[12];
	size_t nt = 0;

	*out = NULL;
	/* ichinachess: every 12-character group is DDDD, 4 letters or
	 * digits, DDDD, and some group has a letter */
	{
		size_t g = 0;
		int ok = 1, any_letter = 0;
		for (size_t i = 0; i < n && ok; i++) {
			char ch = v[i];
			if (ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n')
				continue;
			size_t at = g % 12;
			int dig = ch >= '0' && ch <= '9';
			int alpha = (ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z');
			if (at >= 4 && at < 8)
				ok = dig || alpha, any_letter |= alpha;
			else
				ok = dig;
			g++;
		}
		chars = g;
		/* one group alone ("7747ABCD7062") reads as two moves */
		ichina = ok && any_letter && chars >= 24 && chars % 12 == 0;
	}
	if (ichina)
		report(c, XQ_SEV_NOTE, XQ_P_SYNTAX, t, 0, NULL,
		       "ichinachess move list (12 characters a move): the 4-digit moves read, "
		       "the codes and indexes after them left out");
	for (size_t i = 0; i < n; i++) {
		char ch = v[i];
		if (ch == '\n') {
			line++;
			col = 1;
			continue;
		}
		if (((unsigned char)ch & 0xc0) != 0x80)
			col++;
		if (ch == ' ' || ch == '\t' || ch == '\r')
			continue;
		if (ichina) {
			tok[nt] = ch;
			tl[nt] = line;
			tc[nt] = col - 1;
			if (++nt < 12)
				continue;
			nt = 4;
		} else if (ch >= '0' && ch <= '9') {
			tok[nt] = ch;
			tl[nt] = line;
			tc[nt] = col - 1;
			if (++nt < 4)
				continue;
		} else {
			if (!letters++) {
				struct dtag at = *t;
				at.line = line;
				at.col = col - 1;
				report(c, XQ_SEV_WARNING, XQ_P_SYNTAX, &at, 0, NULL,
				       "'%c' in the move list is no digit; it and any others skipped",
				       ch >= ' ' && ch < 0x7f ? ch : '?');
			}
			continue;
		}
		if (k == cap) {
			long nc = cap ? cap * 2 : 64;
			struct dmove *nm = realloc(m, (size_t)nc * sizeof *nm);
			if (!nm) {
				free(m);
				return XQ_ENOMEM;
			}
			m = nm;
			cap = nc;
		}
		memcpy(m[k].d, tok, 4);
		m[k].line = tl[0];
		m[k].col = tc[0];
		k++;
		nt = 0;
	}
	if (nt) {
		struct dtag at = *t;
		at.line = tl[0];
		at.col = tc[0];
		report(c, XQ_SEV_WARNING, XQ_P_SYNTAX, &at, 0, NULL,
		       "%zu digit%s at the end of the move list, not a move; left out",
		       nt, nt == 1 ? "" : "s");
	}
	*out = m;
	return k;
}

/*
 * Build line l below its anchor (the node at ply S - 1 of line P: by index,
 * not by position); 0 or XQ_ENOMEM.  Each move is added as written: its
 * squares, its four digits as text, where it stands; replay checks it.
 * Only digits that name no square end the line here.
 */
static int build_moves(struct dctx *c, struct dline *l, const struct dmove *mv, long nm)
{
	struct xq_node *anchor, *prev;

	if (l->id == 0) {
		anchor = &c->g->root;
	} else {
		struct dline *p = find_line(c, l->parent);
		anchor = node_at(c, p, l->start - 1);
		if (!anchor) {
			report(c, XQ_SEV_ERROR, XQ_P_SYNTAX, l->tag, 0, NULL,
			       "variation %ld starts at ply %ld, beyond the end of line %ld; left out",
			       l->id, l->start, l->parent);
			l->state = 2;
			return 0;
		}
	}
	if (c->total_moves + nm > MAX_MOVES) {
		report(c, XQ_SEV_ERROR, XQ_P_LIMIT, l->tag, 0, NULL,
		       "more than %d moves in one game (the limit for every format); line %ld left out",
		       MAX_MOVES, l->id);
		l->state = 2;
		return 0;
	}
	c->total_moves += nm;
	if (nm && !(l->nodes = xq_game_alloc(c->g, (size_t)nm * sizeof *l->nodes)))
		return XQ_ENOMEM;
	prev = anchor;
	for (long k = 0; k < nm; k++) {
		const char *dg = mv[k].d;
		int from, to;
		struct xq_node *nd;
		if (digit_sq(c, dg, &from) < 0 || digit_sq(c, dg + 2, &to) < 0) {
			struct dtag at = *l->tag;
			at.line = mv[k].line;
			at.col = mv[k].col;
			report(c, XQ_SEV_ERROR, XQ_P_ILLEGAL, &at, (int)(l->start + k), NULL,
			       "line %ld (move_%ld_%ld_%ld): move %.4s: not a square pair; "
			       "the line is kept up to the move before it (%ld of %ld moves)",
			       l->id, l->parent, l->start, l->id, dg, k, nm);
			break;
		}
		if (!(nd = xq__build_move(c->g, prev, xq_move_make(from, to), dg, 4,
					  XQ_BUILD_LINE(mv[k].line, mv[k].col))))
			return XQ_ENOMEM;
		l->nodes[k] = nd;
		l->n = k + 1;
		prev = nd;
	}
	l->state = 1;
	return 0;
}

static int build_line(struct dctx *c, struct dline *l)
{
	struct dmove *mv;
	long nm = scan_moves(c, l->tag, &mv);
	int rc;
	if (nm < 0)
		return (int)nm;
	rc = build_moves(c, l, mv, nm);
	free(mv);
	return rc;
}

static const struct {
	const char *dtag, *tag;
} tag_map[] = {
	{ "title", "Title" }, { "event", "Event" }, { "date", "Date" },
	{ "place", "Site" }, { "round", "Round" }, { "red", "Red" },
	{ "black", "Black" }, { "redteam", "RedTeam" }, { "blackteam", "BlackTeam" },
	{ "timerule", "TimeControl" }, { "redtime", "RedTime" },
	{ "blacktime", "BlackTime" }, { "remark", "Annotator" },
	{ "author", "Author" }, { "open", "Opening" }, { "group", "Group" },
	{ "table", "Table" }, { "judge", "Judge" }, { "record", "Recorder" },
	/* free tags the viewer ignores: kept so that a round trip keeps them */
	{ "ecco", "ECCO" }, { "variation", "Variation" },
};

static const struct {
	const char *word, *type;
} type_map[] = {
	{ "布局", "opening" }, { "开局", "opening" }, { "中局", "middlegame" },
	{ "残局", "endgame" }, { "排局", "endgame" },
};

/*
 * A move list from the usual start that reads as given only with Black
 * moving first (or not at all) but turned 180 degrees as Red moving first,
 * as far or further: a board given with Red at the top, as some sites
 * write it.  It is read turned back, with a note.
 */
static void detect_turned(struct dctx *c, const struct dtag *movelist)
{
	struct dmove *mv;
	long nm = scan_moves(&(struct dctx){ c->g, NULL, NULL, 0, 0, 0 }, movelist, &mv);
	long played[2] = { 0, 0 };
	int first[2] = { -1, -1 };
	xq_move *moves;
	if (nm <= 0) {
		free(mv);
		return;
	}
	if (!(moves = malloc((size_t)nm * sizeof *moves))) {
		free(mv);
		return;
	}
	for (int rot = 0; rot < 2; rot++) {
		struct dctx t = { c->g, NULL, NULL, 0, 0, rot };
		struct xq_pos pos;
		int from, to;
		long k;
		xq_pos_start(&pos);
		if (digit_sq(&t, mv[0].d, &from) < 0 || xq_piece_type(&pos, from) == XQ_NONE)
			continue;
		first[rot] = (int)xq_piece_side(&pos, from);
		if (first[rot] == XQ_BLACK) {
			char fen[] = XQ_START_FEN;
			*strchr(fen, 'w') = 'b';
			xq_pos_from_fen(&pos, fen, 0, NULL);
		}
		/* how far each reading plays (a choice of reading, not a check:
		 * replay checks the moves) */
		for (k = 0; k < nm; k++) {
			if (digit_sq(&t, mv[k].d, &from) < 0 || digit_sq(&t, mv[k].d + 2, &to) < 0 ||
			    from == to)
				break;
			moves[k] = xq_move_make(from, to);
		}
		played[rot] = xq__playable_prefix(&pos, moves, k);
	}
	free(moves);
	if (first[0] != XQ_RED && first[1] == XQ_RED && played[1] >= played[0] && played[1] > 0) {
		c->rot = 1;
		report(c, XQ_SEV_NOTE, XQ_P_SYNTAX, movelist, 0, NULL,
		       "board given turned 180 degrees (Red at the top): moves read turned back");
	}
	free(mv);
}

/* The tags the block's pieces are: binit, fen, the movelist, and the
 * count of move_P_S_B lines. */
struct dparts {
	const struct dtag *binit, *fen, *movelist;
	size_t nlines;
};

/* The result tag, read as the result words say (and as the WXF site's
 * one letter).  0 or XQ_ENOMEM. */
static int read_result(struct dctx *c, const struct dtag *x)
{
	char *v = dup_text(c, x->val, x->vlen, 1);
	const char *r;
	if (!v)
		return XQ_ENOMEM;
	r = xq_result_word(v, strlen(v));
	if (!r && *v && !v[1] && strchr("WLD", *v)) {
		/* the WXF site's export: Red's result as one letter */
		r = *v == 'W' ? "1-0" : *v == 'L' ? "0-1" : "1/2-1/2";
		report(c, XQ_SEV_NOTE, XQ_P_RESULT, x, 0, v,
		       "result '%s' read as %s (red's result, as the WXF site writes it)", v, r);
	} else if (!r && *v) {
		report(c, XQ_SEV_NOTE, XQ_P_RESULT, x, 0, v,
		       "result '%s' is not a known result word; kept as unknown", v);
	}
	return xq__build_result(c->g, r ? r : "*");
}

/* The header tags, the result and the game type; the tags that hold the
 * record's pieces in *parts.  0 or XQ_ENOMEM. */
static int read_tags(struct dctx *c, const struct dtag *t, long nt, struct dparts *parts)
{
	int rc = 0;
	for (long i = 0; i < nt && rc == 0; i++) {
		const struct dtag *x = &t[i];
		if (name_is(x, "binit")) {
			parts->binit = x;
		} else if (name_is(x, "fen")) {
			parts->fen = x;
		} else if (name_is(x, "movelist") && !parts->movelist) {
			parts->movelist = x;
		} else if (prefix(x->name, x->nlen, "move_")) {
			parts->nlines++;
		} else if (name_is(x, "result")) {
			rc = read_result(c, x);
		} else if (name_is(x, "type")) {
			char *v = dup_text(c, x->val, x->vlen, 1);
			if (!v)
				return XQ_ENOMEM;
			for (size_t k = 0; k < sizeof type_map / sizeof type_map[0]; k++)
				if (strstr(v, type_map[k].word))
					rc = xq_game_set_tag(c->g, "GameType", type_map[k].type);
		} else {
			for (size_t k = 0; k < sizeof tag_map / sizeof tag_map[0]; k++)
				if (name_is(x, tag_map[k].dtag)) {
					char *v = dup_text(c, x->val, x->vlen, 1);
					if (!v) {
						rc = XQ_ENOMEM;
						break;
					}
					rc = xq__build_tag(c->g, tag_map[k].tag, v);
				}
		}
	}
	if (rc == 0 && !xq_game_tag(c->g, "Result"))
		rc = xq__build_result(c->g, "*");
	return rc;
}

static void add_line(struct dctx *c, long id, long parent, long start, const struct dtag *x)
{
	c->lines[c->nlines].id = id;
	c->lines[c->nlines].parent = parent;
	c->lines[c->nlines].start = start;
	c->lines[c->nlines].tag = x;
	c->nlines++;
}

/* The lines, sorted by id: 0 is the movelist, then every move_P_S_B (the
 * dpxq editor's move_0_1_0 the main line when there is no movelist).  0
 * or XQ_ENOMEM. */
static int collect_lines(struct dctx *c, const struct dtag *t, long nt, struct dparts *parts)
{
	if (!(c->lines = calloc(parts->nlines + 1, sizeof *c->lines)))
		return XQ_ENOMEM;
	if (parts->movelist)
		add_line(c, 0, 0, 1, parts->movelist);
	for (long i = 0; i < nt; i++) {
		const struct dtag *x = &t[i];
		long v[3];
		size_t at = 5, used = 0;
		if (!prefix(x->name, x->nlen, "move_"))
			continue;
		for (int k = 0; k < 3; k++) {
			v[k] = at < x->nlen ? parse_num(x->name + at, x->nlen - at, &used) : -1;
			at += used + 1;
			if (v[k] < 0)
				break;
		}
		if (v[0] < 0 || v[1] < 1 || v[2] < 0 || at - 1 != x->nlen) {
			report(c, XQ_SEV_WARNING, XQ_P_SYNTAX, x, 0, NULL,
			       "[DhtmlXQ_%.*s] is not move_P_S_B; ignored", (int)x->nlen, x->name);
			continue;
		}
		if (v[2] == 0) {
			/* the dpxq editor's name for the main line */
			if (!parts->movelist && v[0] == 0 && v[1] == 1) {
				add_line(c, 0, 0, 1, x);
				parts->movelist = x;
			}
			continue;
		}
		add_line(c, v[2], v[0], v[1], x);
	}
	qsort(c->lines, c->nlines, sizeof *c->lines, cmp_line);
	for (size_t i = 1; i < c->nlines; i++)
		if (c->lines[i].id == c->lines[i - 1].id) {
			report(c, XQ_SEV_WARNING, XQ_P_SYNTAX, c->lines[i].tag, 0, NULL,
			       "line %ld defined twice; the second one ignored", c->lines[i].id);
			c->lines[i].state = 2;
		}
	return 0;
}

/* The board of a binit value (32 pairs "xy"; "99" and pairs that are not
 * digits, "nn", stand for pieces not on the board) as a FEN board in
 * board[XQ_FEN_MAX + 16].  1 when read, 0 when empty or not 32 pairs
 * (the usual start is used; reported). */
static int binit_board(struct dctx *c, const struct dtag *binit, char *board)
{
	uint8_t sq[32];
	size_t nd = 0, other = 0;
	char dg[64];

	for (size_t i = 0; i < binit->vlen && nd < 64; i++) {
		char ch = binit->val[i];
		if (ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n')
			continue;
		other += ch < '0' || ch > '9';
		dg[nd++] = ch;
	}
	if (nd == 0)
		return 0;       /* empty: the usual start */
	if (nd != 64) {
		report(c, XQ_SEV_ERROR, XQ_P_FEN, binit, 0, NULL,
		       "binit has %zu characters, not 64 (32 pairs); the usual start used", nd);
		return 0;
	}
	/* a board turned 180 degrees: Red's king in the top palace */
	if (dg[9] >= '0' && dg[9] <= '2' && dg[8] >= '3' && dg[8] <= '5') {
		c->rot = 1;
		report(c, XQ_SEV_NOTE, XQ_P_FEN, binit, 0, NULL,
		       "board given turned 180 degrees (Red at the top): read turned back");
	}
	if (other)
		report(c, XQ_SEV_NOTE, XQ_P_FEN, binit, 0, NULL,
		       "binit: pairs that are not two digits read as pieces off the board");
	for (int i = 0; i < 32; i++) {
		int x = dg[2 * i] - '0', y = dg[2 * i + 1] - '0';
		int on = x >= 0 && x <= 8 && y >= 0 && y <= 9;
		if (on && c->rot)
			x = 8 - x, y = 9 - y;
		sq[i] = on ? (uint8_t)(x * 10 + (9 - y)) : 0xFF;
		for (int j = 0; j < i && sq[i] != 0xFF; j++)
			if (sq[j] == sq[i]) {
				report(c, XQ_SEV_ERROR, XQ_P_FEN, binit, 0, NULL,
				       "binit: pieces %d and %d both on %c%d; the second left out",
				       j + 1, i + 1, 'a' + x, 9 - y);
				sq[i] = 0xFF;
			}
	}
	xq__xqf_board_fen(sq, board, XQ_FEN_MAX);
	return 1;
}

/* The side whose piece stands on the origin of the movelist's first move
 * on the FEN board (red to move may be impossible: then looked at with
 * black); -1 when there is none. */
static int first_move_side(struct dctx *c, const struct dtag *movelist, char *board)
{
	struct xq_pos tmp;
	size_t nd = 0;
	char dg[2];
	int from, side = -1;

	for (size_t i = 0; i < movelist->vlen && nd < 2; i++)
		if (movelist->val[i] >= '0' && movelist->val[i] <= '9')
			dg[nd++] = movelist->val[i];
	strcat(board, " w");
	if (nd == 2 && xq_pos_from_fen(&tmp, board, XQ_FEN_LAX, NULL) != 0) {
		board[strlen(board) - 1] = 'b';
		if (xq_pos_from_fen(&tmp, board, XQ_FEN_LAX, NULL) != 0)
			nd = 0;
	}
	if (nd == 2 && digit_sq(c, dg, &from) == 0 && xq_piece_type(&tmp, from) != XQ_NONE)
		side = (int)xq_piece_side(&tmp, from);
	board[strlen(board) - 2] = '\0';
	return side;
}

/* The start position: the fen tag (vschess), else binit, else the usual
 * start (turned when the moves say so), the side from the first move.
 * 0, or 1 when it is impossible (reported: the moves are not read). */
static int read_start(struct dctx *c, const struct dparts *parts)
{
	char board[XQ_FEN_MAX + 16];
	struct xq_err err;
	int side = -1, have = 0;

	if (parts->fen) {
		char *v = dup_text(c, parts->fen->val, parts->fen->vlen, 1);
		if (!v)
			return XQ_ENOMEM;
		if (*v) {
			if (xq_game_set_fen(c->g, v, XQ_FEN_LAX, &err) < 0)
				report(c, XQ_SEV_ERROR, XQ_P_FEN, parts->fen, 0, v, "bad FEN: %s", err.msg);
			else
				have = 1;
		}
	}
	if (!have && parts->binit && binit_board(c, parts->binit, board))
		have = 2;
	if (have == 1 || (have == 0 && !parts->movelist))
		return 0;
	if (have == 0) {
		detect_turned(c, parts->movelist);
		snprintf(board, sizeof board, "%.*s", (int)(strchr(XQ_START_FEN, ' ') - XQ_START_FEN),
			 XQ_START_FEN);
	}
	if (parts->movelist)
		side = first_move_side(c, parts->movelist, board);
	if (side < 0) {
		/* no moves: the side for which the position is legal */
		struct xq_pos tmp;
		char w[sizeof board + 2];
		snprintf(w, sizeof w, "%s w", board);
		side = xq_pos_from_fen(&tmp, w, XQ_FEN_LAX, NULL) == 0 ? XQ_RED : XQ_BLACK;
	}
	strcat(board, side == XQ_BLACK ? " b - - 0 1" : " w - - 0 1");
	if (xq_game_set_fen(c->g, board, XQ_FEN_LAX, &err) < 0) {
		report(c, XQ_SEV_ERROR, XQ_P_FEN, parts->binit ? parts->binit : parts->movelist, 0, board,
		       "the start position is impossible: %s; moves not read", err.msg);
		return 1;
	}
	return 0;
}

/* Build the lines: parents first (ids are in pre-order in practice; a
 * few passes settle any other order).  0 or XQ_ENOMEM. */
static int build_lines(struct dctx *c)
{
	int progress = 1, passes = 0, rc;
	while (progress && passes++ < 64) {
		progress = 0;
		for (size_t i = 0; i < c->nlines; i++) {
			struct dline *l = &c->lines[i], *p;
			if (l->state)
				continue;
			if (l->id != 0) {
				p = find_line(c, l->parent);
				if (!p || p->state == 2) {
					report(c, XQ_SEV_ERROR, XQ_P_SYNTAX, l->tag, 0, NULL,
					       "variation %ld hangs on line %ld, which %s; left out",
					       l->id, l->parent, p ? "was left out" : "does not exist");
					l->state = 2;
					progress = 1;
					continue;
				}
				if (p->state != 1 || p == l)
					continue;
			}
			if ((rc = build_line(c, l)) < 0)
				return rc;
			progress = 1;
		}
	}
	for (size_t i = 0; i < c->nlines; i++)
		if (c->lines[i].state == 0)
			report(c, XQ_SEV_ERROR, XQ_P_LIMIT, c->lines[i].tag, 0, NULL,
			       "variation %ld: its parent lines nest in a loop or too deep; left out",
			       c->lines[i].id);
	return 0;
}

/* The comments: comment0, commentN (main line), commentB_N.  0 or
 * XQ_ENOMEM. */
static int read_comments(struct dctx *c, const struct dtag *t, long nt)
{
	for (long i = 0; i < nt; i++) {
		const struct dtag *x = &t[i];
		long line = 0, ply;
		size_t used, at = 7;
		struct xq_node *n;
		char *v;
		if (!prefix(x->name, x->nlen, "comment"))
			continue;
		ply = parse_num(x->name + at, x->nlen - at, &used);
		at += used;
		if (ply >= 0 && at < x->nlen && x->name[at] == '_') {
			line = ply;
			at++;
			ply = parse_num(x->name + at, x->nlen - at, &used);
			at += used;
		}
		if (ply < 0 || at != x->nlen) {
			report(c, XQ_SEV_NOTE, XQ_P_TAG, x, 0, NULL,
			       "[DhtmlXQ_%.*s] is no comment tag; ignored", (int)x->nlen, x->name);
			continue;
		}
		n = ply == 0 ? &c->g->root : node_at(c, find_line(c, line), ply);
		if (!n) {
			report(c, XQ_SEV_WARNING, XQ_P_SYNTAX, x, (int)ply, NULL,
			       "comment for ply %ld of line %ld, which is not in the game; dropped", ply, line);
			continue;
		}
		if (!(v = dup_text(c, x->val, x->vlen, 0)))
			return XQ_ENOMEM;
		if (*v && xq_node_comment(c->g, n, 0, v, strlen(v)) < 0)
			return XQ_ENOMEM;
	}
	return 0;
}

int xq__dhtmlxq_build_game(const char *b, size_t len, long line0, struct xq_game *g,
			   const struct xq_build_sink *s)
{
	struct dctx c = { g, s, NULL, 0, 0, 0 };
	struct dparts parts = { NULL, NULL, NULL, 0 };
	struct dtag *t = NULL;
	long nt;
	int rc;

	g->line = line0;
	if ((nt = split_tags(&c, b, len, line0, &t)) < 0)
		return (int)nt;
	if ((rc = read_tags(&c, t, nt, &parts)) == 0 &&
	    (rc = collect_lines(&c, t, nt, &parts)) == 0 &&
	    (rc = read_start(&c, &parts)) == 0 &&
	    (rc = build_lines(&c)) == 0)
		rc = read_comments(&c, t, nt);
	free(c.lines);
	free(t);
	return rc < 0 ? rc : 0;
}

/* ------------------------------------------------------------ writing */

static int put_escaped(struct xq__buf *o, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '\n':
			xq__buf_puts(o, "||");
			break;
		case '\r':
			break;
		case '&':
			xq__buf_puts(o, "&amp;");
			break;
		case '<':
			xq__buf_puts(o, "&lt;");
			break;
		case '>':
			xq__buf_puts(o, "&gt;");
			break;
		case '[':
			xq__buf_puts(o, "&#91;");
			break;
		case '|':
			if (s[1] == '|' || s[1] == '\n' || s[1] == '\0') {
				xq__buf_puts(o, "&#124;");
				break;
			}
			/* fall through */
		default:
			xq__buf_put(o, s, 1);
		}
	}
	return o->oom ? XQ_ENOMEM : 0;
}

static void put_tag(struct xq__buf *o, const char *name, const char *value, const char *nl)
{
	xq__buf_printf(o, "[DhtmlXQ_%s]", name);
	put_escaped(o, value);
	xq__buf_printf(o, "[/DhtmlXQ_%s]%s", name, nl);
}

static void put_move(struct xq__buf *o, xq_move m)
{
	int f = xq_move_from(m), t = xq_move_to(m);
	char d[5] = { (char)('0' + XQ_FILE(f)), (char)('0' + 9 - XQ_RANK(f)),
		      (char)('0' + XQ_FILE(t)), (char)('0' + 9 - XQ_RANK(t)), 0 };
	xq__buf_put(o, d, 4);
}

/*
 * The lines a game is written in: the main line is 0, every alternative
 * to a first child that holds a move starts a line, and the line ids
 * follow a breadth-first order (a parent line first; the lines hanging on
 * one line by the ply they branch at, then as written).  The heads are
 * collected from one tree-order walk, then numbered level by level.
 */
struct whead {
	const struct xq_node *first;
	long parent;       /* head index of the line it hangs on (-1: main) */
	long start;        /* the ply of its first move */
	long level;        /* lines it hangs below: 0 for the main line */
	long key;          /* the parent's id, while a level is sorted */
	long seq;          /* its index, in the walk's order */
	long id;
};

struct wheads {
	const struct xq_game *g;
	struct whead *h;
	size_t n, cap;
	long *cur;         /* cur[level]: the head of the line walked there */
	size_t ncur;
	int shift;         /* 1: the main line is a root alternative */
	int oom;
};

static int add_head(struct wheads *c, const struct xq_node *n, long level, long start)
{
	if (c->n == c->cap) {
		size_t nc = c->cap ? 2 * c->cap : 16;
		struct whead *nh = realloc(c->h, nc * sizeof *nh);
		if (!nh)
			return -1;
		c->h = nh;
		c->cap = nc;
	}
	if ((size_t)level >= c->ncur) {
		size_t nc = (size_t)level + 64;
		long *ncur = realloc(c->cur, nc * sizeof *ncur);
		if (!ncur)
			return -1;
		c->cur = ncur;
		c->ncur = nc;
	}
	c->h[c->n] = (struct whead){ n, level ? c->cur[level - 1] : -1, start, level, 0,
				     (long)c->n, level ? -1 : 0 };
	c->cur[level] = (long)c->n++;
	return 0;
}

/* The tree-order walk's visitor: what holds no move is left out with all
 * below it; an alternative to a first child with no move opens no line
 * (the main line is the first root move that holds one). */
static int head_step(void *data, const struct xq_walk_step *s)
{
	struct wheads *c = data;
	const struct xq_node *n = s->node, *p = n->parent;

	if (n->move == XQ_MOVE_NONE)
		return XQ_WALK_SKIP;
	if (p->child == n) {
		if (p != &c->g->root)
			return XQ_WALK_NEXT;   /* on along its line */
		if (add_head(c, n, 0, 1) < 0)
			goto nomem;
		return XQ_WALK_NEXT;
	}
	if (p->child->move == XQ_MOVE_NONE) {
		if (p != &c->g->root || c->n)
			return XQ_WALK_SKIP;
		c->shift = 1;
		if (add_head(c, n, 0, 1) < 0)
			goto nomem;
		return XQ_WALK_NEXT;
	}
	if (add_head(c, n, s->depth - c->shift, s->ply) < 0)
		goto nomem;
	return XQ_WALK_NEXT;
nomem:
	c->oom = 1;
	return XQ_WALK_STOP;
}

static int by_parent(const void *a, const void *b)
{
	const struct whead *x = a, *y = b;
	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* Number the heads breadth-first and put them in that order (parent
 * becomes the parent's id). */
static int number_heads(struct wheads *c)
{
	size_t n = c->n, maxl = 0;
	size_t *at = NULL;
	long *ids = NULL;
	struct whead *out;

	if (!n)
		return 0;
	for (size_t i = 0; i < n; i++)
		if ((size_t)c->h[i].level > maxl)
			maxl = (size_t)c->h[i].level;
	out = malloc(n * sizeof *out);
	ids = malloc(n * sizeof *ids);
	at = calloc(maxl + 2, sizeof *at);
	if (!out || !ids || !at) {
		free(out);
		free(ids);
		free(at);
		return -1;
	}
	/* by level, keeping the walk's order within one (counting sort) */
	for (size_t i = 0; i < n; i++)
		at[c->h[i].level + 1]++;
	for (size_t l = 1; l <= maxl + 1; l++)
		at[l] += at[l - 1];
	for (size_t i = 0; i < n; i++)
		out[at[c->h[i].level]++] = c->h[i];
	/* at[l] is now where level l + 1 begins: each level sorted by its
	 * parents' ids, known from the level before */
	for (size_t l = 0, from = 0; l <= maxl; from = at[l], l++) {
		for (size_t i = from; i < at[l]; i++)
			out[i].key = l ? ids[out[i].parent] : -1;
		qsort(out + from, at[l] - from, sizeof *out, by_parent);
		for (size_t i = from; i < at[l]; i++) {
			out[i].id = (long)i;
			ids[out[i].seq] = (long)i;
			out[i].parent = out[i].key;
		}
	}
	free(at);
	free(ids);
	free(c->h);
	c->h = out;
	return 0;
}

int xq__dhtmlxq_encode_game(const struct xq_game *g, int crlf, struct xq__buf *o)
{
	const char *nl = crlf ? "\r\n" : "\n";
	struct wheads heads = { g, NULL, 0, 0, NULL, 0, 0, 0 };
	struct xq__buf com = { 0 };

	xq__buf_printf(o, "[DhtmlXQ]%s", nl);
	put_tag(o, "ver", "www_dpxq_com", nl);
	for (size_t k = 0; k < sizeof tag_map / sizeof tag_map[0]; k++) {
		const char *v = xq_game_tag_known(g, tag_map[k].tag);
		if (v)
			put_tag(o, tag_map[k].dtag, v, nl);
	}
	{
		const char *gt = xq_game_tag(g, "GameType");
		static const char *const words[][2] = {
			{ "opening", "布局" }, { "middlegame", "中局" }, { "endgame", "残局" },
		};
		for (size_t k = 0; gt && k < 3; k++)
			if (!strcmp(gt, words[k][0]))
				put_tag(o, "type", words[k][1], nl);
	}
	{
		const char *r = g->result ? g->result : xq_game_tag(g, "Result");
		const char *w = "未知";
		if (r && !strcmp(r, "1-0"))
			w = "红胜";
		else if (r && !strcmp(r, "0-1"))
			w = "黑胜";
		else if (r && !strcmp(r, "1/2-1/2"))
			w = "和棋";
		put_tag(o, "result", w, nl);
	}
	if (g->flags & XQ_GAME_SETUP) {
		uint8_t slot[32];
		char d[65];
		if (xq__xqf_fill_slots(&g->start, slot) < 0)
			return XQ_EINVAL;
		for (int i = 0; i < 32; i++) {
			if (slot[i] > 89) {
				d[2 * i] = d[2 * i + 1] = '9';
			} else {
				d[2 * i] = (char)('0' + slot[i] / 10);
				d[2 * i + 1] = (char)('0' + 9 - slot[i] % 10);
			}
		}
		d[64] = 0;
		put_tag(o, "binit", d, nl);
		/* binit holds no side nor move number: vschess's fen tag does */
		if (g->start.side == XQ_BLACK || g->start.fullmove != 1)
			put_tag(o, "fen", g->start_fen, nl);
	} else if (g->start.fullmove != 1) {
		put_tag(o, "fen", g->start_fen, nl);   /* the first move number */
	}

	if (g->root.child) {
		int rc = xq_game_walk_mode(g, XQ_WALK_TREE | XQ_WALK_NO_POSITIONS, head_step, &heads);
		free(heads.cur);
		heads.cur = NULL;
		if (rc < 0 || heads.oom || number_heads(&heads) < 0) {
			free(heads.h);
			return rc < 0 ? rc : XQ_ENOMEM;
		}
	}
	if (g->root.comment && *g->root.comment)
		put_tag(o, "comment0", g->root.comment, nl);
	for (size_t done = 0; done < heads.n; done++) {
		struct whead L = heads.h[done];
		long ply = L.start;
		char name[64];
		if (L.id == 0)
			xq__buf_printf(o, "[DhtmlXQ_movelist]");
		else
			xq__buf_printf(o, "[DhtmlXQ_move_%ld_%ld_%ld]", L.parent, L.start, L.id);
		for (const struct xq_node *nd = L.first; nd && nd->move != XQ_MOVE_NONE;
		     nd = nd->child, ply++) {
			put_move(o, nd->move);
			if (nd->comment_before && *nd->comment_before) {
				/* no place before a move: attach to the one before */
				if (ply - 1 == 0)
					snprintf(name, sizeof name, "comment0");
				else if (L.id == 0)
					snprintf(name, sizeof name, "comment%ld", ply - 1);
				else if (ply - 1 >= L.start)
					snprintf(name, sizeof name, "comment%ld_%ld", L.id, ply - 1);
				else
					name[0] = 0;
				if (name[0])
					put_tag(&com, name, nd->comment_before, nl);
			}
			if (nd->comment && *nd->comment) {
				if (L.id)
					snprintf(name, sizeof name, "comment%ld_%ld", L.id, ply);
				else
					snprintf(name, sizeof name, "comment%ld", ply);
				put_tag(&com, name, nd->comment, nl);
			}
		}
		if (L.id == 0)
			xq__buf_printf(o, "[/DhtmlXQ_movelist]%s", nl);
		else
			xq__buf_printf(o, "[/DhtmlXQ_move_%ld_%ld_%ld]%s", L.parent, L.start, L.id, nl);
	}
	if (com.len)
		xq__buf_put(o, com.p, com.len);
	xq__buf_printf(o, "[/DhtmlXQ]%s", nl);
	free(com.p);
	free(heads.h);
	return o->oom || com.oom ? XQ_ENOMEM : 0;
}

/* ----------------------------------------------------- the format ops */

struct drstate {
	char *buf;
	size_t len, cap, pos;
	long line0;     /* line number of buf[pos] */
	int eof;
	int skip_rest;  /* a block was cut at DH_MAX_BLOCK: skip to its end */
};

/* The most bytes of one block read into memory (xq-formats(5)): past it
 * the block is read as cut there and the rest of it skipped. */
#define DH_MAX_BLOCK (16 << 20)

static void dh_read_end(struct xq_reader *r)
{
	struct drstate *st = *xq_reader_state(r);
	if (st)
		free(st->buf);
	free(st);
	*xq_reader_state(r) = NULL;
}

/*
 * A block tag at b[i]: [DhtmlXQ] or one of the page wrappers that stand
 * for it, [DhtmlXQiFrame], [DhtmlXQFLASH], [DhtmlXQJAVA], [DhtmlXQHTML]
 * (letters after "DhtmlXQ"), opening or, with closing set, "[/...]".
 * Returns its length, 0 when there is none.
 */
#define BLOCK_TAG_MAX 32
static size_t block_tag(const char *b, size_t len, size_t i, int closing)
{
	size_t k = i + 1;
	if (i >= len || b[i] != '[')
		return 0;
	if (closing) {
		if (k >= len || b[k] != '/')
			return 0;
		k++;
	}
	if (len - k < 8 || memcmp(b + k, "DhtmlXQ", 7))
		return 0;
	k += 7;
	while (k < len && k - i < BLOCK_TAG_MAX &&
	       ((b[k] >= 'a' && b[k] <= 'z') || (b[k] >= 'A' && b[k] <= 'Z')))
		k++;
	return k < len && b[k] == ']' ? k + 1 - i : 0;
}

/* Past the block tags at b[i] and those right after it (a wrapper around
 * a [DhtmlXQ] block, blanks between): the offset after the last one. */
static size_t skip_block_tags(const char *b, size_t len, size_t i, int closing)
{
	size_t n, end = i;
	while ((n = block_tag(b, len, i, closing))) {
		end = i + n;
		for (i = end; i < len && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r'); i++)
			;
	}
	return end;
}

/* Find an opening tag at or after from; returns its offset or -1. */
static long find_open(const char *b, size_t len, size_t from, size_t *after)
{
	for (size_t i = from; i + 9 <= len; i++) {
		const char *p = memchr(b + i, '[', len - i);
		if (!p)
			return -1;
		i = (size_t)(p - b);
		if (block_tag(b, len, i, 0)) {
			*after = skip_block_tags(b, len, i, 0);
			return (long)i;
		}
		if (prefix(p, len - i, "[DhtmlXQ_")) {
			/* a block without its opening tag */
			*after = i;
			return (long)i;
		}
	}
	return -1;
}

static int dh_more(struct xq_reader *r, struct drstate *st)
{
	const char *line;
	size_t n;
	int rc = xq_reader_getline(r, &line, &n);
	if (rc <= 0) {
		st->eof = 1;
		return rc;
	}
	if (st->pos > 0 && st->pos == st->len) {
		st->len = st->pos = 0;
	} else if (st->pos > 65536 && st->pos * 2 > st->len) {
		memmove(st->buf, st->buf + st->pos, st->len - st->pos);
		st->len -= st->pos;
		st->pos = 0;
	}
	if (xq__grow(&st->buf, &st->cap, st->len + n + 2) < 0)
		return XQ_ENOMEM;
	memcpy(st->buf + st->len, line, n);
	st->len += n;
	st->buf[st->len++] = '\n';
	return 1;
}

static void advance(struct drstate *st, size_t to)
{
	for (size_t i = st->pos; i < to; i++)
		if (st->buf[i] == '\n')
			st->line0++;
	st->pos = to;
}

/* Nothing found in the buffer: keep only a tail that may hold the start of
 * a tag, and read more.  1 when there is more, 0 at the end, or an error. */
static int dh_tail_more(struct xq_reader *r, struct drstate *st)
{
	if (st->len - st->pos > BLOCK_TAG_MAX)
		advance(st, st->len - BLOCK_TAG_MAX);
	if (st->eof)
		return 0;
	int rc = dh_more(r, st);
	return rc < 0 ? rc : 1;
}

static int dh_read(struct xq_reader *r, struct xq_game *g)
{
	struct drstate *st = *xq_reader_state(r);
	const struct xq_build_sink sink = { xq__build_to_reader, r };
	long open = -1;
	size_t after = 0, scan = 0;

	if (!st) {
		if (!(st = calloc(1, sizeof *st)))
			return XQ_ENOMEM;
		st->line0 = 1;
		*xq_reader_state(r) = st;
	}
	/* the rest of a block cut at the limit: up to its end or the next one */
	while (st->skip_rest) {
		size_t i;
		for (i = st->pos; i < st->len; i++) {
			if (st->buf[i] != '[')
				continue;
			if (prefix(st->buf + i, st->len - i, "[/DhtmlXQ]")) {
				advance(st, i + 10);
				st->skip_rest = 0;
				break;
			}
			if (prefix(st->buf + i, st->len - i, "[DhtmlXQ]")) {
				advance(st, i);
				st->skip_rest = 0;
				break;
			}
		}
		if (!st->skip_rest)
			break;
		int rc = dh_tail_more(r, st);
		if (rc <= 0)
			return rc;
	}
	/* find the opening tag */
	for (;;) {
		open = find_open(st->buf, st->len, st->pos, &after);
		if (open >= 0)
			break;
		int rc = dh_tail_more(r, st);
		if (rc <= 0)
			return rc;
	}
	advance(st, (size_t)open);
	/* find the end: [/DhtmlXQ], the next opening tag, or the end */
	scan = after;
	for (;;) {
		const char *e = NULL;
		size_t i, nxt;
		for (i = scan; i < st->len; i++) {
			if (st->buf[i] != '[')
				continue;
			if (block_tag(st->buf, st->len, i, 1)) {
				e = st->buf + i;
				break;
			}
			if (block_tag(st->buf, st->len, i, 0)) {
				/* a wrapper's opening tag and the block's on
				 * separate lines: one block */
				size_t k = after;
				while (k < i && strchr(" \t\r\n", st->buf[k]))
					k++;
				if (k == i) {
					after = skip_block_tags(st->buf, st->len, i, 0);
					i = after - 1;
					continue;
				}
				break;
			}
		}
		int cut = !e && i >= st->len && !st->eof && st->len - after >= DH_MAX_BLOCK;
		if (e || i < st->len || st->eof || cut) {
			size_t end = e ? (size_t)(e - st->buf) : i;
			int rc;
			if (cut) {
				/* checked before reading more: memory stays bounded */
				xq_reader_problem(r, g, XQ_SEV_ERROR, XQ_P_LIMIT, st->line0, 0, 0, NULL,
						  "DhtmlXQ block longer than the limit of %d bytes: "
						  "read up to there, the rest of it skipped", DH_MAX_BLOCK);
				g->flags |= XQ_GAME_TRUNCATED;
				st->skip_rest = 1;
				/* the last tag may be cut: end at the last '[' */
				while (end > after && st->buf[end - 1] != '[')
					end--;
				if (end > after)
					end--;
			} else if (!e)
				xq_reader_problem(r, g, XQ_SEV_WARNING, XQ_P_TRUNCATED, st->line0, 0, 0, NULL,
						  "DhtmlXQ block without [/DhtmlXQ]");
			/* from the opening tag, so that lines count from it */
			rc = xq__dhtmlxq_build_game(st->buf + st->pos, end - st->pos,
						st->line0, g, &sink);
			nxt = e ? skip_block_tags(st->buf, st->len, end, 1) : end;
			if (nxt > st->len)
				nxt = st->len;
			advance(st, nxt);
			return rc < 0 ? rc : 1;
		}
		scan = st->len > BLOCK_TAG_MAX ? st->len - BLOCK_TAG_MAX : 0;
		if (scan < after)
			scan = after;
		{
			int rc = dh_more(r, st);
			if (rc < 0)
				return rc;
		}
	}
}

static int dh_sniff(const unsigned char *head, size_t len, const char *name)
{
	/* above PGN's 80 for a file starting with '[': no PGN holds these */
	return xq__cbf_memstr((const char *)head, len, "[DhtmlXQ") ? 90 : 0;
}

/* Tags the block has no place for, named in one warning per game. */
static void lost_tags(struct xq_writer *w, const struct xq_game *g)
{
	static const char *const own[] = { "Game", "Format", "Result", "FEN", "SetUp", "GameType" };
	char list[300] = "";
	size_t n = 0;
	for (const struct xq_tag *t = g->tags; t; t = t->next) {
		int kept = 0;
		if (!*t->value || !strcmp(t->value, "?"))
			continue;
		for (size_t k = 0; k < sizeof own / sizeof *own && !kept; k++)
			kept = !strcmp(t->name, own[k]);
		for (size_t k = 0; k < sizeof tag_map / sizeof *tag_map && !kept; k++)
			kept = xq_game_tag(g, tag_map[k].tag) == t->value;
		if (!kept) {
			size_t l = strlen(list);
			snprintf(list + l, sizeof list - l, "%s%s", n++ ? ", " : "", t->name);
		}
	}
	if (n)
		xq_writer_problem(w, g, XQ_SEV_WARNING, XQ_P_TAG,
				  "DhtmlXQ has no place for tag%s %s; left out", n == 1 ? "" : "s", list);
}

static int dh_write(struct xq_writer *w, const struct xq_game *g)
{
	struct xq__buf o = { 0 };
	lost_tags(w, g);
	int rc = xq__dhtmlxq_encode_game(g, (xq_writer_options(w)->flags & XQ_WRITE_CRLF) != 0, &o);
	if (rc == 0 && o.len)
		rc = xq_writer_put(w, o.p, o.len);
	free(o.p);
	return rc;
}

const struct xq_format xq_format_dhtmlxq = {
	.name = "dhtmlxq",
	.extensions = "dhtmlxq html htm",
	.description = "DhtmlXQ blocks of the dpxq.com viewer, also inside HTML pages",
	.flags = XQ_FORMAT_EMBEDDED,
	.sniff = dh_sniff,
	.read = dh_read,
	.read_end = dh_read_end,
	.write = dh_write,
};
