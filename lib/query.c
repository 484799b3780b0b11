/*
 * query.c - selecting games: criteria compiled once, matched per game, and
 * the duplicate key (see "selecting games" in xq.h).
 *
 * The moves are matched on what replay left in the nodes (XQ_NODE_PLAYED:
 * the key after each move, what it captured): on the main line no move is
 * made again; --all-lines takes the library's tree walk.
 */
#include <errno.h>
#include <limits.h>
#include <regex.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xq.h"

enum tag_op { OP_EQ, OP_SUB, OP_RE };

struct tag_crit {
	char *name, *value;
	enum tag_op op;
	regex_t re;
};

struct range { long lo, hi; };  /* inclusive */

/* A piece count wanted: lo..hi; free when lo = 0 and hi = ANY_COUNT. */
#define ANY_COUNT 1000

struct xq_query {
	unsigned flags;              /* enum xq_query_flags */
	struct tag_crit *tags;
	int ntags;
	char **players;
	int nplayers;
	const char *result;          /* a static string: "1-0", ... */
	int have_date;
	long date_lo, date_hi;
	int have_plies;
	struct range plies;
	uint64_t *fen_keys;
	struct xq_pos *fen_pos;      /* the positions of fen_keys, to confirm a match */
	int nfen;
	int fen_fewest;              /* the fewest pieces of those positions */
	int have_material;
	long mat_plies;              /* positions in a row; 0 or 1: one */
	int mat_lo[2][8], mat_hi[2][8];
	int have_at;
	struct range at;
	uint64_t *open_keys;         /* keys[0..nopen] of the opening */
	int nopen;
	int have_ecco;
	struct xq_ecco_range ecco;   /* the opening's ECCO code among these */
	char *opening_name;          /* in the ECCO opening or variation name */
	char **key_tags;
	int nkey_tags;
	/* scratch kept from one game to the next */
	long (*runs)[2];             /* --material-plies: see material_at() */
	size_t nruns;
	const struct xq_node **path; /* fen_confirm() */
	size_t path_cap;
	unsigned char *kbuf;         /* xq_query_key() */
	size_t kcap;
};

/* err (when given) filled with code and a message. */
__attribute__((format(printf, 3, 4)))
static void fail(struct xq_err *err, int code, const char *fmt, ...)
{
	va_list ap;
	if (!err)
		return;
	err->code = code;
	err->offset = 0;
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof err->msg, fmt, ap);
	va_end(ap);
}

/* p[n] grown to hold one more element of size each; NULL when out of memory
 * (p unchanged). */
static void *grow(void *p, size_t n, size_t each)
{
	return realloc(p, (n + 1) * each);
}

struct xq_query *xq_query_new(void)
{
	return calloc(1, sizeof(struct xq_query));
}

void xq_query_free(struct xq_query *q)
{
	if (!q)
		return;
	for (int i = 0; i < q->ntags; i++) {
		if (q->tags[i].op == OP_RE)
			regfree(&q->tags[i].re);
		free(q->tags[i].name);
		free(q->tags[i].value);
	}
	free(q->tags);
	for (int i = 0; i < q->nplayers; i++)
		free(q->players[i]);
	free(q->players);
	for (int i = 0; i < q->nkey_tags; i++)
		free(q->key_tags[i]);
	free(q->key_tags);
	free(q->fen_keys);
	free(q->fen_pos);
	free(q->open_keys);
	free(q->opening_name);
	free(q->runs);
	free(q->path);
	free(q->kbuf);
	free(q);
}

void xq_query_set_flags(struct xq_query *q, unsigned flags)
{
	q->flags = flags;
}

/* --- compiling the criteria */

int xq_query_tag(struct xq_query *q, const char *crit, struct xq_err *err)
{
	struct tag_crit c;
	size_t n = strcspn(crit, "=~");
	const char *value;
	struct tag_crit *t;
	if (n == 0 || !crit[n]) {
		fail(err, XQ_EINVAL, "not NAME=VALUE, NAME~TEXT or NAME=~RE");
		return XQ_EINVAL;
	}
	memset(&c, 0, sizeof c);
	c.op = crit[n] == '~' ? OP_SUB : crit[n + 1] == '~' ? OP_RE : OP_EQ;
	value = crit + n + (c.op == OP_RE ? 2 : 1);
	if (!(t = grow(q->tags, (size_t)q->ntags, sizeof *q->tags)))
		return XQ_ENOMEM;
	q->tags = t;
	if (!(c.name = strndup(crit, n)) || !(c.value = strdup(value))) {
		free(c.name);
		return XQ_ENOMEM;
	}
	if (c.op == OP_RE) {
		int rc = regcomp(&c.re, c.value, REG_EXTENDED | REG_NOSUB);
		if (rc != 0) {
			if (err) {
				err->code = XQ_ERANGE;
				err->offset = (int)n + 2;
				regerror(rc, &c.re, err->msg, sizeof err->msg);
			}
			free(c.name);
			free(c.value);
			return rc == REG_ESPACE ? XQ_ENOMEM : XQ_ERANGE;
		}
	}
	q->tags[q->ntags++] = c;
	return 0;
}

int xq_query_player(struct xq_query *q, const char *text)
{
	char **p = grow(q->players, (size_t)q->nplayers, sizeof *q->players);
	if (!p)
		return XQ_ENOMEM;
	q->players = p;
	if (!(p[q->nplayers] = strdup(text)))
		return XQ_ENOMEM;
	q->nplayers++;
	return 0;
}

int xq_query_result(struct xq_query *q, const char *word)
{
	static const char *const words[][2] = {
		{ "red", "1-0" }, { "black", "0-1" }, { "draw", "1/2-1/2" },
		{ "1-0", "1-0" }, { "0-1", "0-1" }, { "1/2-1/2", "1/2-1/2" },
		{ "*", "*" }, { "unknown", "*" },
	};
	q->result = NULL;
	for (size_t i = 0; i < sizeof words / sizeof *words; i++)
		if (!strcmp(word, words[i][0]))
			q->result = words[i][1];
	if (!q->result)
		q->result = xq_result_word(word, strlen(word));
	return q->result ? 0 : XQ_EINVAL;
}

/* N, N.., ..M, N..M into r; 0 or -1. */
static int parse_range(const char *s, struct range *r)
{
	char *end;
	const char *dots = strstr(s, "..");
	r->lo = 0;
	r->hi = 1L << 30;
	errno = 0;
	if (!dots) {
		long v = strtol(s, &end, 10);
		if (end == s || *end || errno || v < 0)
			return -1;
		r->lo = r->hi = v;
		return 0;
	}
	if (dots != s) {
		r->lo = strtol(s, &end, 10);
		if (end != dots || errno || r->lo < 0)
			return -1;
	}
	if (dots[2]) {
		r->hi = strtol(dots + 2, &end, 10);
		if (end == dots + 2 || *end || errno || r->hi < 0)
			return -1;
	}
	return r->lo <= r->hi ? 0 : -1;
}

int xq_query_plies(struct xq_query *q, const char *range)
{
	struct range r;
	if (parse_range(range, &r) < 0)
		return XQ_EINVAL;
	q->plies = r;
	q->have_plies = 1;
	return 0;
}

int xq_query_at_ply(struct xq_query *q, const char *range)
{
	struct range r;
	if (parse_range(range, &r) < 0)
		return XQ_EINVAL;
	q->at = r;
	q->have_at = 1;
	return 0;
}

int xq_date_bounds(const char *s, long *lo, long *hi)
{
	long part[3] = { -1, -1, -1 };
	int i = 0;
	const char *p = s;
	while (*p && i < 3) {
		if (*p >= '0' && *p <= '9') {
			long v = 0;
			int digits = 0;
			while (*p >= '0' && *p <= '9' && digits < 5) {
				v = v * 10 + (*p++ - '0');
				digits++;
			}
			if (i == 0 && digits != 4)
				return XQ_EINVAL;
			part[i] = v;
		} else if (*p == '?') {
			while (*p == '?')
				p++;
		} else {
			return XQ_EINVAL;
		}
		i++;
		if (*p == '.' || *p == '-' || *p == '/')
			p++;
		else if (*p)
			return XQ_EINVAL;
	}
	if (part[0] < 0 || part[1] > 12 || part[2] > 31 || *p)
		return XQ_EINVAL;
	*lo = part[0] * 10000 + (part[1] > 0 ? part[1] : 1) * 100 + (part[1] > 0 && part[2] > 0 ? part[2] : 1);
	*hi = part[0] * 10000 + (part[1] > 0 ? part[1] : 12) * 100 + (part[1] > 0 && part[2] > 0 ? part[2] : 31);
	return 0;
}

/* A digit at p, ASCII or full-width (U+FF10..U+FF19, EF BC 90..99): its
 * value, with *len its bytes; -1 when none. */
static int digit_at(const unsigned char *p, int *len)
{
	if (*p >= '0' && *p <= '9') {
		*len = 1;
		return *p - '0';
	}
	if (p[0] == 0xEF && p[1] == 0xBC && p[2] >= 0x90 && p[2] <= 0x99) {
		*len = 3;
		return p[2] - 0x90;
	}
	return -1;
}

int xq_date_year(const char *date)
{
	const unsigned char *p = (const unsigned char *)date;
	while (p && *p) {
		int len, d, n = 0;
		long v = 0;
		while ((d = digit_at(p, &len)) >= 0) {
			if (n < 4)
				v = v * 10 + d;
			n++;
			p += len;
		}
		if ((n == 4 || n == 8) && v >= 1000 && v <= 2999)
			return (int)v;
		if (!n)
			p++;
	}
	return 0;
}

/* XQ_QUERY_EVENT_YEAR: the year Event names, as the days it can mean: a
 * run of four ASCII digits (1000-2999) with no digit either side; 0, or -1
 * when Event names no year or years that differ. */
static int event_year(const struct xq_game *g, long *lo, long *hi)
{
	const char *e = xq_game_tag(g, "Event");
	long year = -1;
	while (e && *e) {
		size_t n = strspn(e, "0123456789");
		if (!n) {
			e++;
			continue;
		}
		if (n == 4 && (*e == '1' || *e == '2')) {
			long y = strtol(e, NULL, 10);
			if (year >= 0 && y != year)
				return -1;
			year = y;
		}
		e += n;
	}
	if (year < 0)
		return -1;
	*lo = year * 10000 + 101;
	*hi = year * 10000 + 1231;
	return 0;
}

int xq_query_date(struct xq_query *q, const char *range)
{
	const char *dots = strstr(range, "..");
	long lo, hi, from = 0, to = 99999999;
	if (!dots) {
		if (xq_date_bounds(range, &from, &to) < 0)
			return XQ_EINVAL;
	} else {
		if (dots != range) {
			char *a = strndup(range, (size_t)(dots - range));
			int rc;
			if (!a)
				return XQ_ENOMEM;
			rc = xq_date_bounds(a, &lo, &hi);
			free(a);
			if (rc < 0)
				return XQ_EINVAL;
			from = lo;
		}
		if (dots[2]) {
			if (xq_date_bounds(dots + 2, &lo, &hi) < 0)
				return XQ_EINVAL;
			to = hi;
		}
		if (from > to)
			return XQ_EINVAL;
	}
	q->have_date = 1;
	q->date_lo = from;
	q->date_hi = to;
	return 0;
}

/* The FEN with each rank reversed: the left-right mirror. */
static void mirror_fen(const char *fen, char *out, size_t size)
{
	size_t n = strcspn(fen, " "), o = 0, i = 0;
	while (i < n && o + 1 < size) {
		size_t k = i;
		while (k < n && fen[k] != '/')
			k++;
		for (size_t j = k; j > i && o + 1 < size; j--)
			out[o++] = fen[j - 1];
		if (k < n && o + 1 < size)
			out[o++] = '/';
		i = k + 1;
	}
	snprintf(out + o, size - o, "%s", fen + n);
}

/* The pieces on pos's board. */
static int pieces_on(const struct xq_pos *pos)
{
	int n = 0;
	for (int s = 0; s < 32; s++)
		n += pos->sq_of[s] != 0;
	return n;
}

int xq_query_fen(struct xq_query *q, const char *fen, struct xq_err *err)
{
	struct xq_pos pos;
	struct xq_err e;
	char m[256], mf[256];
	uint64_t *keys;
	struct xq_pos *ps;
	int pieces;
	if (xq_pos_from_fen(&pos, fen, XQ_FEN_LAX, &e) < 0) {
		if (err)
			*err = e;
		return XQ_EINVAL;
	}
	/* room for the mirror too */
	if (!(keys = realloc(q->fen_keys, (size_t)(q->nfen + 2) * sizeof *keys)))
		return XQ_ENOMEM;
	q->fen_keys = keys;
	if (!(ps = realloc(q->fen_pos, (size_t)(q->nfen + 2) * sizeof *ps)))
		return XQ_ENOMEM;
	q->fen_pos = ps;
	ps[q->nfen] = pos;
	keys[q->nfen++] = pos.key;
	pieces = pieces_on(&pos);   /* (the mirror has as many) */
	if (q->flags & XQ_QUERY_MIRROR) {
		xq_pos_to_fen(&pos, m, sizeof m);
		mirror_fen(m, mf, sizeof mf);
		if (xq_pos_from_fen(&pos, mf, XQ_FEN_LAX, &e) < 0) {
			q->nfen--;
			if (err)
				*err = e;
			return XQ_ERANGE;
		}
		ps[q->nfen] = pos;
		keys[q->nfen++] = pos.key;
	}
	if (q->nfen <= 2 || pieces < q->fen_fewest)
		q->fen_fewest = pieces;
	return 0;
}

int xq_query_material(struct xq_query *q, const char *spec, long plies)
{
	const char *p = spec;
	int side = 0, mlo[2][8], mhi[2][8];
	for (int s = 0; s < 2; s++)
		for (int k = 0; k < 8; k++) {
			int fixed = k == XQ_CHARIOT || k == XQ_HORSE || k == XQ_CANNON || k == XQ_PAWN;
			mlo[s][k] = 0;
			mhi[s][k] = fixed ? 0 : ANY_COUNT;
		}
	for (;; p++) {
		long lo = 1, hi = 1;
		int k;
		if (*p == '/' || *p == '\0') {
			if (*p == '\0')
				break;
			if (++side > 1)
				return XQ_EINVAL;
			continue;
		}
		if (*p >= '0' && *p <= '9') {
			char *end;
			lo = hi = strtol(p, &end, 10);
			p = end;
			if (*p == '+') {
				hi = ANY_COUNT;
				p++;
			} else if (*p == '-') {
				hi = strtol(p + 1, &end, 10);
				if (end == p + 1 || hi < lo)
					return XQ_EINVAL;
				p = end;
			}
		}
		if (!(k = xq_type_from_letter(*p >= 'a' && *p <= 'z' ? *p - 32 : *p)))
			return XQ_EINVAL;
		mlo[side][k] = (int)lo;
		mhi[side][k] = (int)hi;
	}
	if (side != 1)
		return XQ_EINVAL;
	memcpy(q->mat_lo, mlo, sizeof mlo);
	memcpy(q->mat_hi, mhi, sizeof mhi);
	q->have_material = 1;
	q->mat_plies = plies;
	return 0;
}

int xq_query_opening(struct xq_query *q, const char *moves, struct xq_err *err)
{
	struct xq_pos pos;
	const char *p = moves, *mv = NULL;
	size_t n = 0;
	struct xq_err e;
	int rc, nopen = 0;
	uint64_t *keys = malloc(sizeof *keys), *more;
	if (!keys)
		return XQ_ENOMEM;
	xq_pos_start(&pos);
	keys[0] = pos.key;
	while ((rc = xq_moves_next(&pos, &p, &mv, &n, NULL, &e)) > 0) {
		if (!(more = realloc(keys, (size_t)(nopen + 2) * sizeof *keys))) {
			free(keys);
			return XQ_ENOMEM;
		}
		keys = more;
		keys[++nopen] = pos.key;
	}
	if (rc < 0 || !nopen) {
		if (rc < 0)
			fail(err, rc, "move %d '%.*s': %s", nopen + 1, (int)n, mv, e.msg);
		else
			fail(err, rc = XQ_EINVAL, "no moves");
		if (err && mv)
			err->offset = (int)(mv - moves);
		free(keys);
		return rc;
	}
	free(q->open_keys);
	q->open_keys = keys;
	q->nopen = nopen;
	return 0;
}

int xq_query_ecco(struct xq_query *q, const char *codes)
{
	struct xq_ecco_range r;
	if (xq_ecco_range_parse(codes, &r) < 0)
		return XQ_EINVAL;
	q->ecco = r;
	q->have_ecco = 1;
	return 0;
}

int xq_query_opening_name(struct xq_query *q, const char *text)
{
	char *t = strdup(text);
	if (!t)
		return XQ_ENOMEM;
	free(q->opening_name);
	q->opening_name = t;
	return 0;
}

/* Whether g's ECCO opening (classified from its main line) meets the
 * code and name criteria; a game ECCO cannot classify meets none. */
static int ecco_matches(const struct xq_query *q, const struct xq_game *g)
{
	struct xq_ecco e;
	const char *t = q->opening_name;
	if (xq_ecco_game(g, &e) < 0)
		return 0;
	if (q->have_ecco && !xq_ecco_range_has(&q->ecco, e.code))
		return 0;
	return !t || strstr(e.opening, t) || strstr(e.variation, t) ||
	       strstr(e.opening_trad, t) || strstr(e.variation_trad, t);
}

int xq_query_key_tags(struct xq_query *q, const char *tags)
{
	const char *p = tags;
	while (*p) {
		size_t n = strcspn(p, ",");
		char **t;
		if (n) {
			if (!(t = grow(q->key_tags, (size_t)q->nkey_tags, sizeof *t)))
				return XQ_ENOMEM;
			q->key_tags = t;
			if (!(t[q->nkey_tags] = strndup(p, n)))
				return XQ_ENOMEM;
			q->nkey_tags++;
		}
		p += n + (p[n] == ',');
	}
	return 0;
}

/* --- names: case and width folded */

/* The byte the character at *p folds to (ASCII lower case; a full-width
 * form its ASCII one; U+3000 a space; any other byte itself), *p moved
 * past it. */
static unsigned fold_next(const unsigned char **p)
{
	const unsigned char *s = *p;
	unsigned c = s[0];
	if (c == 0xEF && (s[1] == 0xBC || s[1] == 0xBD) && (s[2] & 0xC0) == 0x80) {
		unsigned cp = 0xF000u | (unsigned)(s[1] & 0x3F) << 6 | (s[2] & 0x3Fu);
		if (cp >= 0xFF01 && cp <= 0xFF5E) {
			*p += 3;
			c = cp - 0xFF01 + 0x21;
			return c >= 'A' && c <= 'Z' ? c + 32 : c;
		}
	}
	if (c == 0xE3 && s[1] == 0x80 && s[2] == 0x80) {
		*p += 3;
		return ' ';
	}
	*p += 1;
	return c >= 'A' && c <= 'Z' ? c + 32 : c;
}

/* Whether needle folded starts text folded (whole: and is all of it). */
static int names_agree(const unsigned char *t, const unsigned char *n, int whole)
{
	while (*n) {
		if (!*t || fold_next(&t) != fold_next(&n))
			return 0;
	}
	return !whole || !*t;
}

int xq_name_contains(const char *text, const char *needle)
{
	const unsigned char *t = (const unsigned char *)text;
	if (!text || !needle)
		return 0;
	for (;;) {
		if (names_agree(t, (const unsigned char *)needle, 0))
			return 1;
		if (!*t)
			return 0;
		t++;    /* a byte at a time: bytes that are not UTF-8 as they are */
	}
}

int xq_name_equal(const char *a, const char *b)
{
	if (!a || !b)
		return 0;
	return names_agree((const unsigned char *)a, (const unsigned char *)b, 1);
}

/* --- matching the tags */

static int name_in(const struct xq_query *q, const char *text, const char *needle)
{
	if (q->flags & XQ_QUERY_EXACT_NAMES)
		return text && strstr(text, needle);
	return xq_name_contains(text, needle);
}

static int tag_matches(const struct xq_query *q, const struct xq_game *g,
		       const struct tag_crit *c)
{
	int exact = (q->flags & XQ_QUERY_EXACT_NAMES) != 0;
	for (const struct xq_tag *t = g->tags; t; t = t->next) {
		const char *a = t->name, *b = c->name;
		while (*a && *b && ((*a | 32) == (*b | 32)))
			a++, b++;
		if (*a || *b)
			continue;
		switch (c->op) {
		case OP_EQ:
			if (exact ? !strcmp(t->value, c->value) : xq_name_equal(t->value, c->value))
				return 1;
			break;
		case OP_SUB: if (name_in(q, t->value, c->value)) return 1; break;
		case OP_RE: if (regexec(&c->re, t->value, 0, NULL, 0) == 0) return 1; break;
		}
	}
	return 0;
}

int xq_query_match_tags(const struct xq_query *q, const struct xq_game *g)
{
	for (int i = 0; i < q->ntags; i++)
		if (!tag_matches(q, g, &q->tags[i]))
			return 0;
	for (int i = 0; i < q->nplayers; i++) {
		const char *red = xq_game_tag(g, "Red"), *black = xq_game_tag(g, "Black");
		if (!name_in(q, red, q->players[i]) && !name_in(q, black, q->players[i]))
			return 0;
	}
	if (q->result && strcmp(xq_game_result(g), q->result))
		return 0;
	if (q->have_date) {
		const char *d = xq_game_tag(g, "Date");
		long lo, hi;
		long y;
		if (d && xq_date_bounds(d, &lo, &hi) == 0)
			;
		else if ((y = xq_date_year(d)) > 0) {
			/* another form of date: its year, the whole of it */
			lo = y * 10000 + 101;
			hi = y * 10000 + 1231;
		} else if (!(q->flags & XQ_QUERY_EVENT_YEAR) || event_year(g, &lo, &hi) < 0)
			return 0;
		if (lo < q->date_lo || hi > q->date_hi)
			return 0;
	}
	return 1;
}

/* --- matching the moves */

/* Slots by kind (see struct xq_pos): 0 K, 1-2 A, 3-4 E, 5-6 H, 7-8 R, 9-10 C,
 * 11-15 P. */
static const uint8_t slot_kind[16] = {
	XQ_KING, XQ_ADVISOR, XQ_ADVISOR, XQ_ELEPHANT, XQ_ELEPHANT, XQ_HORSE, XQ_HORSE,
	XQ_CHARIOT, XQ_CHARIOT, XQ_CANNON, XQ_CANNON, XQ_PAWN, XQ_PAWN, XQ_PAWN, XQ_PAWN, XQ_PAWN,
};

/* The pieces of each side by kind (enum xq_type) on pos's board. */
static void count_material(const struct xq_pos *pos, int n[2][8])
{
	memset(n, 0, 2 * sizeof *n);
	for (int s = 0; s < 2; s++)
		for (int i = 0; i < 16; i++)
			if (pos->sq_of[s * 16 + i])
				n[s][slot_kind[i]]++;
}

/* Whether counts n have the material as written (bit 0) and, with
 * XQ_QUERY_MATERIAL_EITHER, the other way round (bit 1: Red with Black's
 * part, Black with Red's). */
static int material_matches(const struct xq_query *q, const int n[2][8])
{
	int hit = 0, either = (q->flags & XQ_QUERY_MATERIAL_EITHER) != 0;
	for (int swap = 0; swap <= either; swap++) {
		int ok = 1;
		for (int s = 0; s < 2 && ok; s++)
			for (int k = XQ_ADVISOR; k <= XQ_PAWN && ok; k++)
				ok = n[s][k] >= q->mat_lo[s ^ swap][k] && n[s][k] <= q->mat_hi[s ^ swap][k];
		hit |= ok << swap;
	}
	return hit;
}

static int in_at(const struct xq_query *q, int ply)
{
	return !q->have_at || (ply >= q->at.lo && ply <= q->at.hi);
}

/* The search of one replayed game. */
struct search {
	struct xq_query *q;
	const struct xq_game *g;
	unsigned todo;          /* S_FEN, S_MAT: the criteria not met yet */
	int n[2][8];            /* material: the pieces in the current position */
	int hit;                /* material_matches(n), kept while no capture */
	int rc;                 /* XQ_ENOMEM when scratch could not grow */
};
enum { S_FEN = 1, S_MAT = 2 };

/* A key match of FEN target i at node n (NULL: the start): the position
 * made again along the moves from the start and compared whole, so that a
 * Zobrist collision is no match.  pos: the position when known. */
static int fen_confirm(struct search *se, const struct xq_node *n, const struct xq_pos *pos, int i)
{
	struct xq_query *q = se->q;
	struct xq_pos made = se->g->start;
	size_t d = 0;
	if (pos)
		return xq_pos_same(pos, &q->fen_pos[i]);
	for (const struct xq_node *a = n; a && a->parent; a = a->parent) {
		if (d == q->path_cap) {
			size_t cap = q->path_cap ? 2 * q->path_cap : 256;
			const struct xq_node **p = realloc(q->path, cap * sizeof *p);
			if (!p) {
				se->rc = XQ_ENOMEM;
				return 0;
			}
			q->path = p;
			q->path_cap = cap;
		}
		q->path[d++] = a;
	}
	while (d) {
		struct xq_undo u;
		xq_make(&made, q->path[--d]->move, &u);
	}
	return xq_pos_same(&made, &q->fen_pos[i]);
}

/* Whether key is one of the FEN targets' (and maybe a collision). */
static inline int key_wanted(const struct xq_query *q, uint64_t key)
{
	for (int i = 0; i < q->nfen; i++)
		if (q->fen_keys[i] == key)
			return 1;
	return 0;
}

/* Whether the position with key, reached at node n (NULL: the start), is
 * one of the FEN targets. */
static int fen_hit(struct search *se, const struct xq_node *n, const struct xq_pos *pos,
		   uint64_t key)
{
	for (int i = 0; i < se->q->nfen; i++)
		if (se->q->fen_keys[i] == key && fen_confirm(se, n, pos, i))
			return 1;
	return 0;
}

/* Material at ply, whose material is se->hit: clears S_MAT when it holds
 * (for mat_plies positions in a row: runs[ply][w] counts the positions in
 * a row up to ply of the current line with the material, each way round,
 * which a walk in pre-order keeps right). */
static void material_at(struct search *se, int ply)
{
	struct xq_query *q = se->q;
	int hit = in_at(q, ply) ? se->hit : 0;
	if (q->mat_plies <= 1) {
		if (hit)
			se->todo &= ~(unsigned)S_MAT;
		return;
	}
	if ((size_t)ply >= q->nruns) {
		size_t n = q->nruns ? 2 * q->nruns : 1024;
		long (*r)[2];
		while (n <= (size_t)ply)
			n *= 2;
		if (!(r = realloc(q->runs, n * sizeof *r))) {
			se->rc = XQ_ENOMEM;
			return;
		}
		q->runs = r;
		q->nruns = n;
	}
	for (int w = 0; w < 2; w++) {
		q->runs[ply][w] = hit & (1 << w) ? (ply ? q->runs[ply - 1][w] : 0) + 1 : 0;
		if (q->runs[ply][w] >= q->mat_plies)
			se->todo &= ~(unsigned)S_MAT;
	}
}

/* The position at ply with key, reached by node n (NULL: the start;
 * se->n and se->hit already its own; pos: it, when known): 1 when the
 * search is done. */
static inline int search_at(struct search *se, const struct xq_node *n, const struct xq_pos *pos,
			    int ply, uint64_t key)
{
	if ((se->todo & S_FEN) && key_wanted(se->q, key) && in_at(se->q, ply) &&
	    fen_hit(se, n, pos, key))
		se->todo &= ~(unsigned)S_FEN;
	if ((se->todo & S_MAT) && (se->hit || se->q->mat_plies > 1))
		material_at(se, ply);
	return !se->todo || se->rc;
}

/* Node n's move made on the material, while it is still wanted. */
static inline void material_move(struct search *se, const struct xq_node *n, int ply)
{
	if (!n->taken || !(se->todo & S_MAT))
		return;
	/* the piece taken is the side's not to move before the move */
	int side = (se->g->start.side + ply) & 1;
	se->n[side][n->taken]--;
	se->hit = material_matches(se->q, (const int (*)[8])se->n);
}

/* XQ_QUERY_ALL_LINES: each position of the tree, in pre-order. */
static int search_step(void *data, const struct xq_walk_step *s)
{
	struct search *se = data;
	if (!s->after)
		return XQ_WALK_NEXT;
	if (se->todo & S_MAT) {
		count_material(s->after, se->n);
		se->hit = material_matches(se->q, (const int (*)[8])se->n);
	}
	return search_at(se, s->node, s->after, s->ply, s->after->key) ? XQ_WALK_STOP : XQ_WALK_NEXT;
}

int xq_query_match_moves(struct xq_query *q, const struct xq_game *g)
{
	if (q->have_plies) {
		int n = xq_game_plies(g);
		if (n < q->plies.lo || n > q->plies.hi)
			return 0;
	}
	if (q->nopen) {
		const struct xq_node *n = g->root.child;
		if (g->start.key != q->open_keys[0])
			return 0;
		for (int ply = 1; ply <= q->nopen; ply++, n = n->child)
			if (!n || !(n->flags & XQ_NODE_PLAYED) || n->key != q->open_keys[ply])
				return 0;
	}
	if ((q->have_ecco || q->opening_name) && !ecco_matches(q, g))
		return 0;
	if (!q->nfen && !q->have_material)
		return 1;
	struct search se;
	se.q = q;
	se.g = g;
	se.todo = (q->nfen ? S_FEN : 0) | (q->have_material ? S_MAT : 0);
	se.hit = 0;
	se.rc = 0;
	if (q->have_material) {
		count_material(&g->start, se.n);
		se.hit = material_matches(q, (const int (*)[8])se.n);
	}
	/* the start position counts as ply 0 */
	if (search_at(&se, NULL, &g->start, 0, g->start.key))
		return se.rc ? se.rc : 1;
	if (q->flags & XQ_QUERY_ALL_LINES) {
		int rc = xq_game_walk_mode(g, XQ_WALK_TREE, search_step, &se);
		return se.rc ? se.rc : rc < 0 ? rc : rc == 1;
	}
	int ply = 1;
	if (se.todo == S_FEN && q->nfen <= 2) {
		/* the common case: one position (and its mirror; k1 is k0
		 * without), not looked for past the capture that leaves fewer
		 * pieces than it has (none comes back) */
		uint64_t k0 = q->fen_keys[0], k1 = q->fen_keys[q->nfen - 1];
		const struct xq_node *n = g->root.child;
		int left = pieces_on(&g->start);
		for (; n && (n->flags & XQ_NODE_PLAYED); n = n->child, ply++) {
			if ((left -= (n->flags & XQ_NODE_CAPTURE) != 0) < q->fen_fewest)
				return 0;
			if ((n->key == k0 || n->key == k1) && search_at(&se, n, NULL, ply, n->key))
				return se.rc ? se.rc : 1;
		}
		return 0;
	}
	for (const struct xq_node *n = g->root.child; n && (n->flags & XQ_NODE_PLAYED);
	     n = n->child, ply++) {
		material_move(&se, n, ply);
		if (search_at(&se, n, NULL, ply, n->key))
			return se.rc ? se.rc : 1;
	}
	return 0;
}

/* --- the duplicate key */

int xq_query_key(struct xq_query *q, const struct xq_game *g, uint64_t key[2])
{
	size_t n = 8;
	if (!q->kcap) {
		if (!(q->kbuf = malloc(4096)))
			return XQ_ENOMEM;
		q->kcap = 4096;
	}
	memcpy(q->kbuf, &g->start.key, 8);
	for (const struct xq_node *nd = g->root.child; nd && nd->move != XQ_MOVE_NONE; nd = nd->child) {
		if (n + 2 > q->kcap) {
			unsigned char *b = realloc(q->kbuf, 2 * q->kcap);
			if (!b)
				return XQ_ENOMEM;
			q->kbuf = b;
			q->kcap *= 2;
		}
		q->kbuf[n++] = (unsigned char)(nd->move >> 8);
		q->kbuf[n++] = (unsigned char)nd->move;
	}
	for (int i = 0; i < q->nkey_tags; i++) {
		const char *v = xq_game_tag(g, q->key_tags[i]);
		size_t len = v ? strlen(v) + 1 : 0;
		if (n + len + 1 > q->kcap) {
			size_t cap = 2 * q->kcap + len;
			unsigned char *b = realloc(q->kbuf, cap);
			if (!b)
				return XQ_ENOMEM;
			q->kbuf = b;
			q->kcap = cap;
		}
		q->kbuf[n++] = v ? 1 : 0;
		if (v) {
			memcpy(q->kbuf + n, v, len);
			n += len;
		}
	}
	key[0] = xq_hash64(q->kbuf, n, 0x5851f42d4c957f2dULL);
	key[1] = xq_hash64(q->kbuf, n, 0x14057b7ef767814fULL);
	return 0;
}
