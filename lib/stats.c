/*
 * stats.c - database statistics: totals (results, lengths, events, years,
 * players with their scores, ECCO codes) and an opening tree with the
 * games, the score of the side to move and the average rating behind
 * every move, transpositions merged by position key; the counts as lines
 * of a part that add up, and the reports as text, JSON and SVG (see
 * "database statistics" in xq.h).
 */
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "tally.h"
#include "xq.h"

#define PLY_BUCKET 20
#define PLY_BUCKETS 16   /* the last one: 300 plies and more */
_Static_assert(PLY_BUCKETS <= 100, "add_game writes a bucket in two digits");

/* Keys of the names table: one kind letter, then the name. */
enum { K_RESULT = 'R', K_EVENT = 'E', K_YEAR = 'Y', K_PLAYER = 'P', K_PLIES = 'L', K_ECCO = 'O' };
/* Edge values */
enum { V_GAMES, V_RED, V_DRAW, V_BLACK, V_RSUM, V_RN };

typedef struct xq__tally_entry entry;

struct xq_stats {
	int depth, top;
	unsigned flags;                 /* enum xq_stats_flags */
	enum xq_notation notation;
	const struct xq_query *filter;
	struct xq_pos root;
	char root_fen[XQ_FEN_MAX];
	int have_settings;              /* a part's settings taken */
	long games, invalid, root_games;
	struct xq__tally names, edges;
	/* the last two name entries of each kind: names repeat from game to
	 * game (entries stay where they are until the tally is freed) */
	entry *last_name[128][2];
	/* printing: the edges sorted (NULL: not yet, or counts added since),
	 * and the line printed, moves and keys from the root down */
	entry **sorted;
	size_t nsorted;
	xq_move line[XQ_STATS_DEPTH_MAX + 1];
	uint64_t path[XQ_STATS_DEPTH_MAX + 1];
};

static const char *const result_names[][2] = {
	{ "1-0", "red wins" }, { "1/2-1/2", "draws" }, { "0-1", "black wins" }, { "*", "unknown" },
};

/* The root FEN without the move counters (not part of the position). */
static void set_root(struct xq_stats *s, const struct xq_pos *root)
{
	char *sp;
	s->root = *root;
	xq_pos_to_fen(&s->root, s->root_fen, sizeof s->root_fen);
	if ((sp = strchr(s->root_fen, ' ')) && (sp = strchr(sp + 1, ' ')))
		strcpy(sp, " - - 0 1");
}

struct xq_stats *xq_stats_new(const struct xq_stats_opts *o, int *err)
{
	struct xq_stats *s;
	struct xq_pos start;
	if (o->depth < 0 || o->depth > XQ_STATS_DEPTH_MAX || o->top < 0) {
		if (err)
			*err = XQ_ERANGE;
		return NULL;
	}
	if (!(s = calloc(1, sizeof *s))) {
		if (err)
			*err = XQ_ENOMEM;
		return NULL;
	}
	s->depth = o->depth;
	s->top = o->top;
	s->flags = o->flags;
	s->notation = o->notation == XQ_NOTATION_ANY ? XQ_NOTATION_CHINESE : o->notation;
	s->filter = o->filter;
	if (!o->root)
		xq_pos_start(&start);
	set_root(s, o->root ? o->root : &start);
	return s;
}

void xq_stats_free(struct xq_stats *s)
{
	if (!s)
		return;
	free(s->sorted);
	xq__tally_free(&s->names);
	xq__tally_free(&s->edges);
	free(s);
}

long xq_stats_games(const struct xq_stats *s) { return s->games; }
long xq_stats_invalid(const struct xq_stats *s) { return s->invalid; }
int xq_stats_depth(const struct xq_stats *s) { return s->depth; }
const char *xq_stats_root_fen(const struct xq_stats *s) { return s->root_fen; }

/* Counts are added: the sorted edges no longer hold. */
static void unsort(struct xq_stats *s)
{
	free(s->sorted);
	s->sorted = NULL;
	s->nsorted = 0;
}

static entry *name_entry_n(struct xq_stats *s, int kind, const char *name, size_t n)
{
	entry **l = s->last_name[kind & 127], *e;
	for (int i = 0; i < 2; i++)
		if (l[i] && l[i]->klen == n + 1 && l[i]->key[0] == kind &&
		    !memcmp(l[i]->key + 1, name, n)) {
			e = l[i];
			l[i] = l[0];
			return l[0] = e;
		}
	char buf[256], *k = n < sizeof buf ? buf : malloc(n + 1);
	if (!k)
		return NULL;
	k[0] = (char)kind;
	memcpy(k + 1, name, n);
	e = xq__tally_get(&s->names, k, n + 1, 1);
	if (k != buf)
		free(k);
	if (!e)
		return NULL;
	l[1] = l[0];
	return l[0] = e;
}

static entry *name_entry(struct xq_stats *s, int kind, const char *name)
{
	return name_entry_n(s, kind, name, strlen(name));
}

static entry *edge_entry(struct xq_stats *s, uint64_t key, xq_move m, int create)
{
	unsigned char k[10];
	memcpy(k, &key, 8);
	k[8] = (unsigned char)(m >> 8);
	k[9] = (unsigned char)m;
	return xq__tally_get(&s->edges, k, 10, create);
}

static uint64_t edge_key(const entry *e)
{
	uint64_t k;
	memcpy(&k, e->key, 8);
	return k;
}

static xq_move edge_move(const entry *e)
{
	return (xq_move)((unsigned char)e->key[8] << 8 | (unsigned char)e->key[9]);
}

/* --- one game */

/* The opening tree's edges of game g from what replay left in its nodes
 * (XQ_NODE_PLAYED: the key after each move), no move made again: from
 * where the main line first stands on the tree's root, each move to the
 * depth with the key of the position it is played in. */
static int add_tree(struct xq_stats *s, const struct xq_game *g, int result, const long rating[2])
{
	uint64_t before = g->start.key;
	int side = g->start.side, ply = 1, ply0 = -1;
	for (const struct xq_node *n = g->root.child; n && (n->flags & XQ_NODE_PLAYED);
	     n = n->child, ply++, side ^= 1) {
		if (ply0 < 0 && before == s->root.key) {
			ply0 = ply - 1;
			s->root_games++;
		}
		if (ply0 >= 0) {
			entry *e;
			if (ply - ply0 > s->depth)
				return 0;
			if (!(e = edge_entry(s, before, n->move, 1)))
				return XQ_ENOMEM;
			e->v[V_GAMES]++;
			if (result >= 0)
				e->v[result]++;
			if (rating[side] > 0) {
				e->v[V_RSUM] += rating[side];
				e->v[V_RN]++;
			}
		}
		before = n->key;
	}
	return 0;
}

/*
 * The tags add_game() reads, found in one pass over the game's tags
 * (xq_game_tags()): eight lookups a game walked the list eight times.
 */
enum { T_RESULT, T_EVENT, T_DATE, T_RED, T_BLACK, T_REDELO, T_WHITEELO, T_BLACKELO, T_N };

/* A value that says something: not empty, not "?" (xq_game_tag_known). */
static const char *known(const char *v)
{
	return v && *v && strcmp(v, "?") != 0 ? v : NULL;
}

static long tag_rating(const char *t)
{
	if (!t)
		return 0;
	long v = strtol(t, NULL, 10);
	return v > 0 && v < 100000 ? v : 0;
}

static int add_player(struct xq_stats *s, const char *name, double points, int known)
{
	entry *e;
	if (!name)
		return 0;
	if (!(e = name_entry(s, K_PLAYER, name)))
		return XQ_ENOMEM;
	e->v[0]++;
	if (known) {
		e->v[1]++;
		e->v[2] += (long)(points * 2);
	}
	return 0;
}

/* A name's count: 0, or XQ_ENOMEM. */
static int count_name(struct xq_stats *s, int kind, const char *name)
{
	entry *e = name_entry(s, kind, name);
	if (!e)
		return XQ_ENOMEM;
	e->v[0]++;
	return 0;
}

static int add_game(struct xq_stats *s, const struct xq_game *g)
{
	static const char *const names[T_N] = {
		"Result", "Event", "Date", "Red", "Black", "RedElo", "WhiteElo", "BlackElo",
	};
	const char *tags[T_N], *res, *t;
	xq_game_tags(g, names, T_N, tags);
	res = xq_game_result_of(g, tags[T_RESULT]);
	int result = !strcmp(res, "1-0") ? V_RED : !strcmp(res, "0-1") ? V_BLACK :
		!strcmp(res, "1/2-1/2") ? V_DRAW : -1;
	char buf[16], *p = buf;
	/* (xq_game_plies(), kept by replay) */
	int plies = g->plies, b = plies / PLY_BUCKET;

	s->games++;
	if (count_name(s, K_RESULT, res) < 0)
		return XQ_ENOMEM;
	if (b >= PLY_BUCKETS)
		b = PLY_BUCKETS - 1;
	if (b >= 10)
		*p++ = (char)('0' + b / 10);
	*p++ = (char)('0' + b % 10);
	*p = '\0';
	if (count_name(s, K_PLIES, buf) < 0)
		return XQ_ENOMEM;
	if ((t = known(tags[T_EVENT])) && count_name(s, K_EVENT, t) < 0)
		return XQ_ENOMEM;
	int year = xq_date_year(tags[T_DATE]);
	if (year > 0) {
		snprintf(buf, sizeof buf, "%d", year);
		if (count_name(s, K_YEAR, buf) < 0)
			return XQ_ENOMEM;
	}
	if (s->flags & XQ_STATS_ECCO) {
		struct xq_ecco e;
		if (xq_ecco_game(g, &e) == 0) {
			entry *o = name_entry(s, K_ECCO, e.code);
			if (!o)
				return XQ_ENOMEM;
			o->v[0]++;
			if (result >= 0) {
				o->v[1]++;
				o->v[2] += result == V_RED ? 2 : result == V_DRAW ? 1 : 0;
			}
		}
	}
	if (add_player(s, known(tags[T_RED]), result == V_RED ? 1 : result == V_DRAW ? 0.5 : 0,
		       result >= 0) < 0 ||
	    add_player(s, known(tags[T_BLACK]), result == V_BLACK ? 1 : result == V_DRAW ? 0.5 : 0,
		       result >= 0) < 0)
		return XQ_ENOMEM;
	if (s->depth > 0) {
		long rating[2];
		rating[XQ_RED] = tag_rating(tags[T_REDELO] ? tags[T_REDELO] : tags[T_WHITEELO]);
		rating[XQ_BLACK] = tag_rating(tags[T_BLACKELO]);
		return add_tree(s, g, result, rating);
	}
	return 0;
}

int xq_stats_add_game(struct xq_stats *s, const struct xq_game *g)
{
	if (s->sorted)
		unsort(s);
	if (g->errors) {
		s->invalid++;
		return 0;
	}
	if (s->filter && !xq_query_match_tags(s->filter, g))
		return 0;
	return add_game(s, g);
}

/* --- parts: one line per count, tab-separated */

static void put_escaped_field(FILE *fp, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '\t')
			fputs("\\t", fp);
		else if (s[i] == '\n')
			fputs("\\n", fp);
		else if (s[i] == '\r')
			fputs("\\r", fp);
		else if (s[i] == '\\')
			fputs("\\\\", fp);
		else
			fputc(s[i], fp);
	}
}

/* s unescaped in place: its new length. */
static size_t unescape_field(char *s)
{
	char *o = s, *start = s;
	for (; *s; s++) {
		if (*s == '\\' && s[1]) {
			s++;
			*o++ = *s == 't' ? '\t' : *s == 'n' ? '\n' : *s == 'r' ? '\r' : *s;
		} else {
			*o++ = *s;
		}
	}
	*o = '\0';
	return (size_t)(o - start);
}

static int cmp_raw(const void *a, const void *b)
{
	const entry *x = *(entry *const *)a, *y = *(entry *const *)b;
	size_t n = x->klen < y->klen ? x->klen : y->klen;
	int c = memcmp(x->key, y->key, n);
	return c ? c : (x->klen > y->klen) - (x->klen < y->klen);
}

int xq_stats_write_part(struct xq_stats *s, FILE *fp)
{
	entry **list;
	fprintf(fp, "games\t%ld\t%ld\t%ld\n", s->games, s->invalid, s->root_games);
	if (!(list = xq__tally_list(&s->names)))
		return XQ_ENOMEM;
	qsort(list, s->names.n, sizeof *list, cmp_raw);
	for (size_t i = 0; i < s->names.n; i++) {
		entry *e = list[i];
		fprintf(fp, "%c\t", e->key[0]);
		put_escaped_field(fp, e->key + 1, e->klen - 1);
		fprintf(fp, "\t%ld\t%ld\t%ld\n", e->v[0], e->v[1], e->v[2]);
	}
	free(list);
	if (!(list = xq__tally_list(&s->edges)))
		return XQ_ENOMEM;
	qsort(list, s->edges.n, sizeof *list, cmp_raw);
	for (size_t i = 0; i < s->edges.n; i++) {
		entry *e = list[i];
		char iccs[5];
		xq_move_iccs(edge_move(e), iccs);
		fprintf(fp, "M\t%016" PRIx64 "\t%s\t%ld\t%ld\t%ld\t%ld\t%ld\t%ld\n", edge_key(e), iccs,
			e->v[0], e->v[1], e->v[2], e->v[3], e->v[4], e->v[5]);
	}
	free(list);
	return ferror(fp) ? XQ_EIO : 0;
}

/* A count of a part: digits only, at most XQ_STATS_COUNT_MAX; 0 or -1. */
static int count_field(const char *t, long *v)
{
	char *end;
	unsigned long long x;
	if (*t < '0' || *t > '9')
		return -1;
	x = strtoull(t, &end, 10);
	if (*end || x > (unsigned long long)XQ_STATS_COUNT_MAX)
		return -1;
	*v = (long)x;
	return 0;
}

int xq_stats_part_settings(struct xq_stats *s, const char *depth, const char *fen,
			   struct xq_err *err)
{
	long d;
	struct xq_pos pos;
	if (count_field(depth, &d) < 0 || d > XQ_STATS_DEPTH_MAX)
		return XQ_ERANGE;
	if (s->have_settings)
		return d != s->depth || strcmp(fen, s->root_fen) ? 1 : 0;
	if (strlen(fen) >= sizeof s->root_fen) {
		if (err) {
			err->code = XQ_EINVAL;
			err->offset = 0;
			snprintf(err->msg, sizeof err->msg, "too long for a FEN");
		}
		return XQ_EINVAL;
	}
	if (xq_pos_from_fen(&pos, fen, XQ_FEN_LAX, err) < 0)
		return XQ_EINVAL;
	unsort(s);
	s->depth = (int)d;
	s->root = pos;
	snprintf(s->root_fen, sizeof s->root_fen, "%s", fen);
	s->have_settings = 1;
	return 0;
}

/* Is name one add_game() writes for this kind?  R: a result, Y: four
 * digits, L: a ply bucket 0..PLY_BUCKETS-1 without leading zeros (so "08"
 * cannot make a second entry for bucket 8); events and players are free. */
static int name_ok(int kind, const char *name)
{
	switch (kind) {
	case K_RESULT:
		for (int i = 0; i < 4; i++)
			if (!strcmp(name, result_names[i][0]))
				return 1;
		return 0;
	case K_YEAR:
		return strlen(name) == 4 && strspn(name, "0123456789") == 4;
	case K_PLIES: {
		char buf[24];
		long b;
		if (count_field(name, &b) < 0 || b >= PLY_BUCKETS)
			return 0;
		snprintf(buf, sizeof buf, "%ld", b);
		return !strcmp(buf, name);
	}
	case K_ECCO:
		return xq_ecco_code_valid(name);
	default:
		return 1;
	}
}

/* Whether v[0..n) + x[0..n) stays within XQ_STATS_COUNT_MAX; then added. */
static int add_counts(long *v, const long *x, int n)
{
	for (int i = 0; i < n; i++)
		if (v[i] > XQ_STATS_COUNT_MAX - x[i])
			return -1;
	for (int i = 0; i < n; i++)
		v[i] += x[i];
	return 0;
}

static int is_edge(char **f)
{
	return strlen(f[1]) == 16 && strspn(f[1], "0123456789abcdef") == 16 && strlen(f[2]) == 4 &&
	       f[2][0] >= 'a' && f[2][0] <= 'i' && f[2][2] >= 'a' && f[2][2] <= 'i' &&
	       f[2][1] >= '0' && f[2][1] <= '9' && f[2][3] >= '0' && f[2][3] <= '9';
}

/* A line being read: its fields (split in place, at most 12) and where
 * the first is, for the error's offset. */
struct part_line {
	char *f[12];
	int nf;
	const char *base;
	struct xq_err *err;
};

/* The line is wrong at field k (-1: as a whole): XQ_EINVAL. */
static int bad_field(struct part_line *l, int k, const char *why)
{
	if (l->err) {
		l->err->code = XQ_EINVAL;
		l->err->offset = k < 0 ? 0 : (int)(l->f[k] - l->base);
		snprintf(l->err->msg, sizeof l->err->msg, "%s", why);
	}
	return XQ_EINVAL;
}

/* The counts f[first..first + n) into x: 0, or XQ_EINVAL. */
static int read_counts(struct part_line *l, int first, int n, long *x)
{
	for (int i = 0; i < n; i++)
		if (count_field(l->f[first + i], &x[i]) < 0)
			return bad_field(l, first + i, "not a count");
	return 0;
}

static const char sum_past[] = "a sum past the limit";
static const char no_sum[] = "counts that do not add up";

/* One count line: 1 added; XQ_EINVAL or XQ_ENOMEM. */
static int read_fields(struct xq_stats *s, struct part_line *l)
{
	char **f = l->f;
	long x[6];
	struct xq__tally_entry *e;
	if (!strcmp(f[0], "games")) {
		long v[3] = { s->games, s->invalid, s->root_games };
		if (l->nf != 4)
			return bad_field(l, -1, "not 4 fields");
		if (read_counts(l, 1, 3, x) < 0)
			return XQ_EINVAL;
		if (add_counts(v, x, 3) < 0)
			return bad_field(l, 1, sum_past);
		s->games = v[0], s->invalid = v[1], s->root_games = v[2];
		return 1;
	}
	if (!strcmp(f[0], "M")) {
		if (l->nf != 9)
			return bad_field(l, -1, "not 9 fields");
		if (!is_edge(f))
			return bad_field(l, 1, "not a position key and a move");
		if (read_counts(l, 3, 6, x) < 0)
			return XQ_EINVAL;
		/* games, their results, ratings within the games, each under
		 * 100000 (no product that overflows) */
		if (x[0] == 0 || x[1] + x[2] + x[3] > x[0] || x[5] > x[0] ||
		    (x[5] <= LONG_MAX / 100000 && x[4] > x[5] * 100000))
			return bad_field(l, 3, no_sum);
		uint64_t key = strtoull(f[1], NULL, 16);
		xq_move m = xq_move_make(XQ_SQ(f[2][0] - 'a', f[2][1] - '0'),
					 XQ_SQ(f[2][2] - 'a', f[2][3] - '0'));
		if ((e = edge_entry(s, key, m, 0)))
			return add_counts(e->v, x, 6) < 0 ? bad_field(l, 3, sum_past) : 1;
		if (!(e = edge_entry(s, key, m, 1)))
			return XQ_ENOMEM;
		add_counts(e->v, x, 6);
		return 1;
	}
	/* a name */
	if (l->nf != 5)
		return bad_field(l, -1, "not 5 fields");
	if (read_counts(l, 2, 3, x) < 0)
		return XQ_EINVAL;
	if (x[0] == 0 || x[1] > x[0] || x[2] > 2 * x[1])
		return bad_field(l, 2, no_sum);
	size_t n = unescape_field(f[1]);
	if (!name_ok(f[0][0], f[1]))
		return bad_field(l, 1, "a name the statistics never write");
	if (!(e = name_entry_n(s, f[0][0], f[1], n)))
		return XQ_ENOMEM;
	/* (a new entry holds the counts: each is within the limit) */
	return add_counts(e->v, x, 3) < 0 ? bad_field(l, 2, sum_past) : 1;
}

/* Whether a line that starts with field f0 (len bytes) and has nf fields
 * is one of the counts' (a P line of 11 fields is a diagnostic). */
static int counts_line(const char *f0, size_t len, int nf)
{
	if (len == 5 && !memcmp(f0, "games", 5))
		return 1;
	if (len != 1)
		return 0;
	return strchr("MREYLO", *f0) || (*f0 == 'P' && nf != 11);
}

int xq_stats_read_part_line(struct xq_stats *s, const char *line, struct xq_err *err)
{
	size_t len = strlen(line);
	struct part_line l = { .nf = 1, .err = err };
	int rc;
	for (const char *p = line; (p = strchr(p, '\t')) && l.nf < 12; p++)
		l.nf++;
	if (!*line || !counts_line(line, strcspn(line, "\t"), l.nf))
		return 0;
	char buf[512], *copy = len < sizeof buf ? buf : malloc(len + 1), *p = copy;
	if (!copy)
		return XQ_ENOMEM;
	memcpy(copy, line, len + 1);
	l.base = copy;
	for (l.nf = 0; l.nf < 12;) {
		l.f[l.nf++] = p;
		if (!(p = strchr(p, '\t')))
			break;
		*p++ = '\0';
	}
	unsort(s);
	rc = read_fields(s, &l);
	if (copy != buf)
		free(copy);
	return rc;
}

/* --- printing */

static double pct(long a, long b)
{
	return b ? 100.0 * (double)a / (double)b : 0.0;
}

static int cmp_count_name(const void *a, const void *b)
{
	const entry *x = *(entry *const *)a, *y = *(entry *const *)b;
	if (x->v[0] != y->v[0])
		return x->v[0] > y->v[0] ? -1 : 1;
	return cmp_raw(a, b);
}

/* The entries of one kind, sorted by raw key (by_count: by count first);
 * NULL when out of memory. */
static entry **kind_list(struct xq_stats *s, int kind, size_t *n, int by_count)
{
	entry **all = xq__tally_list(&s->names);
	size_t k = 0;
	if (!all)
		return NULL;
	for (size_t i = 0; i < s->names.n; i++)
		if (all[i]->key[0] == kind)
			all[k++] = all[i];
	qsort(all, k, sizeof *all, by_count ? cmp_count_name : cmp_raw);
	*n = k;
	return all;
}

static long kind_count(struct xq_stats *s, int kind, const char *name)
{
	size_t n = strlen(name);
	char k[32];
	entry *e;
	k[0] = (char)kind;
	memcpy(k + 1, name, n);
	e = xq__tally_get(&s->names, k, n + 1, 0);
	return e ? e->v[0] : 0;
}

/* Edges sorted by position key, then games (most first), then move. */
static int cmp_edge(const void *a, const void *b)
{
	const entry *x = *(entry *const *)a, *y = *(entry *const *)b;
	uint64_t kx = edge_key(x), ky = edge_key(y);
	if (kx != ky)
		return kx < ky ? -1 : 1;
	if (x->v[V_GAMES] != y->v[V_GAMES])
		return x->v[V_GAMES] > y->v[V_GAMES] ? -1 : 1;
	return (int)edge_move(x) - (int)edge_move(y);
}

static int sort_edges(struct xq_stats *s)
{
	if (s->sorted)
		return 0;
	if (!(s->sorted = xq__tally_list(&s->edges)))
		return XQ_ENOMEM;
	s->nsorted = s->edges.n;
	qsort(s->sorted, s->nsorted, sizeof *s->sorted, cmp_edge);
	return 0;
}

/* The edges from key: [*first, *first + count). */
static size_t children(const struct xq_stats *s, uint64_t key, size_t *first)
{
	size_t lo = 0, hi = s->nsorted, n = 0;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (edge_key(s->sorted[mid]) < key)
			lo = mid + 1;
		else
			hi = mid;
	}
	*first = lo;
	while (lo + n < s->nsorted && edge_key(s->sorted[lo + n]) == key)
		n++;
	return n;
}

/* Score of the side to move in per cent, -1 when no result is known. */
static double edge_score(const entry *e, int side)
{
	long known = e->v[V_RED] + e->v[V_DRAW] + e->v[V_BLACK];
	long won = side == XQ_RED ? e->v[V_RED] : e->v[V_BLACK];
	return known ? 100.0 * ((double)won + 0.5 * (double)e->v[V_DRAW]) / (double)known : -1;
}

static void move_text(const struct xq_stats *s, const struct xq_pos *pos, xq_move m, char *buf)
{
	if (xq_move_format(pos, m, s->notation, 0, buf, XQ_MOVE_TEXT_MAX) < 0)
		xq_move_iccs(m, buf);
}

/*
 * The tree is printed along every path from the root, to the depth, but
 * never round a cycle (a repetition): a move to a position already on the
 * path is printed with its counts and not followed (marked "repetition").
 * follow() plays m from pos into *next and says whether the position it
 * reaches is one; s->path[0..level] holds the keys.
 */
static int follow(const struct xq_stats *s, const struct xq_pos *pos, xq_move m, int level,
		  struct xq_pos *next)
{
	struct xq_undo u;
	*next = *pos;
	xq_make(next, m, &u);
	for (int i = 0; i <= level; i++)
		if (s->path[i] == next->key)
			return 1;
	return 0;
}

static const char *ecco_opening(const struct xq_stats *s, const struct xq_ecco *e)
{
	return s->flags & XQ_STATS_TRADITIONAL ? e->opening_trad : e->opening;
}

static const char *ecco_variation(const struct xq_stats *s, const struct xq_ecco *e)
{
	return s->flags & XQ_STATS_TRADITIONAL ? e->variation_trad : e->variation;
}

/* XQ_STATS_ECCO: the ECCO code and names of the line s->line[0..level]
 * (from the start only), where they differ from the line's without its
 * last move. */
static void print_tree_ecco(struct xq_stats *s, FILE *fp, int level)
{
	struct xq_pos start;
	struct xq_ecco e, before;
	xq_pos_start(&start);
	if (strcmp(s->root_fen, XQ_START_FEN) ||
	    xq_ecco_classify(&start, s->line, level + 1, &e) < 0 ||
	    (xq_ecco_classify(&start, s->line, level, &before) == 0 && level > 0 &&
	     !strcmp(before.code, e.code)))
		return;
	const char *variation = ecco_variation(s, &e);
	fprintf(fp, "  %s %s%s%s", e.code, ecco_opening(s, &e), *variation ? " " : "", variation);
}

static void print_tree_text(struct xq_stats *s, FILE *fp, const struct xq_pos *pos, int level)
{
	size_t first, n = children(s, pos->key, &first);
	s->path[level] = pos->key;
	for (size_t i = 0; i < n; i++) {
		const entry *e = s->sorted[first + i];
		xq_move m = edge_move(e);
		char text[XQ_MOVE_TEXT_MAX];
		double sc;
		if (!xq_is_legal(pos, m))
			continue;
		move_text(s, pos, m, text);
		int pad = 12 - xq_text_width(text, strlen(text));
		fprintf(fp, "%*s%s%*s %7ld game%s", 2 + 2 * level, "", text, pad > 0 ? pad : 0, "",
			e->v[V_GAMES], e->v[V_GAMES] == 1 ? " " : "s");
		fprintf(fp, "  +%ld =%ld -%ld", pos->side == XQ_RED ? e->v[V_RED] : e->v[V_BLACK],
			e->v[V_DRAW], pos->side == XQ_RED ? e->v[V_BLACK] : e->v[V_RED]);
		if ((sc = edge_score(e, pos->side)) >= 0)
			fprintf(fp, "  score %5.1f%%", sc);
		if (e->v[V_RN])
			fprintf(fp, "  rating %.0f", (double)e->v[V_RSUM] / (double)e->v[V_RN]);
		s->line[level] = m;
		if (s->flags & XQ_STATS_ECCO)
			print_tree_ecco(s, fp, level);
		if (level + 1 < s->depth) {
			struct xq_pos next;
			if (follow(s, pos, m, level, &next)) {
				fputs("  repetition\n", fp);
				continue;
			}
			fputc('\n', fp);
			print_tree_text(s, fp, &next, level + 1);
			continue;
		}
		fputc('\n', fp);
	}
}

static void ply_label(char *buf, size_t size, long b)
{
	if (b == PLY_BUCKETS - 1)
		snprintf(buf, size, "%ld+", b * PLY_BUCKET);
	else
		snprintf(buf, size, "%ld-%ld", b * PLY_BUCKET, b * PLY_BUCKET + PLY_BUCKET - 1);
}

static int cmp_bucket(const void *a, const void *b)
{
	const entry *x = *(entry *const *)a, *y = *(entry *const *)b;
	long p = atol(x->key + 1), q = atol(y->key + 1);
	return (p > q) - (p < q);
}

/* A tally's games, score (half points of games with a result, as "w/n")
 * and percentage columns, as the players' and the ECCO tables print them. */
static void print_scored(FILE *fp, const entry *e)
{
	char sc[96];
	snprintf(sc, sizeof sc, "%ld%s/%ld", e->v[2] / 2, e->v[2] & 1 ? ".5" : "", e->v[1]);
	fprintf(fp, "  %8ld %10s", e->v[0], sc);
	if (e->v[1])
		fprintf(fp, " %6.1f%%", pct(e->v[2], 2 * e->v[1]));
	else
		fprintf(fp, " %7s", "-");
}

/* The heading of a list shown to --top: its count, and how many shown. */
static void print_heading(const struct xq_stats *s, FILE *fp, const char *label, size_t n)
{
	fprintf(fp, "\n%s: %zu", label, n);
	if (s->top && n > (size_t)s->top)
		fprintf(fp, " (the %d with most games)", s->top);
}

static int shown(const struct xq_stats *s, size_t i)
{
	return !s->top || i < (size_t)s->top;
}

static int write_end(FILE *fp)
{
	return ferror(fp) ? XQ_EIO : 0;
}

int xq_stats_write_text(struct xq_stats *s, FILE *fp)
{
	entry **l;
	size_t n;

	if (sort_edges(s) < 0)
		return XQ_ENOMEM;
	fprintf(fp, "%ld game%s", s->games, s->games == 1 ? "" : "s");
	if (s->invalid)
		fprintf(fp, " (%ld invalid game%s left out)", s->invalid, s->invalid == 1 ? "" : "s");
	fputs("\n\nresults:\n", fp);
	for (int i = 0; i < 4; i++) {
		long c = kind_count(s, K_RESULT, result_names[i][0]);
		fprintf(fp, "  %-12s %8ld %6.1f%%\n", result_names[i][1], c, pct(c, s->games));
	}
	fputs("\nplies:\n", fp);
	if (!(l = kind_list(s, K_PLIES, &n, 0)))
		return XQ_ENOMEM;
	qsort(l, n, sizeof *l, cmp_bucket);
	for (size_t i = 0; i < n; i++) {
		char lab[64];
		ply_label(lab, sizeof lab, atol(l[i]->key + 1));
		fprintf(fp, "  %-12s %8ld %6.1f%%\n", lab, l[i]->v[0], pct(l[i]->v[0], s->games));
	}
	free(l);
	if (!(l = kind_list(s, K_EVENT, &n, 1)))
		return XQ_ENOMEM;
	print_heading(s, fp, "events", n);
	fputs(":\n", fp);
	for (size_t i = 0; i < n && shown(s, i); i++)
		fprintf(fp, "  %8ld  %s\n", l[i]->v[0], l[i]->key + 1);
	free(l);
	if (!(l = kind_list(s, K_YEAR, &n, 0)))
		return XQ_ENOMEM;
	fprintf(fp, "\nyears: %zu:\n", n);
	for (size_t i = 0; i < n; i++)
		fprintf(fp, "  %-12s %8ld\n", l[i]->key + 1, l[i]->v[0]);
	free(l);
	if (!(l = kind_list(s, K_PLAYER, &n, 1)))
		return XQ_ENOMEM;
	print_heading(s, fp, "players", n);
	fprintf(fp, ":\n  %8s %10s %7s  %s\n", "games", "score", "%", "player");
	for (size_t i = 0; i < n && shown(s, i); i++) {
		print_scored(fp, l[i]);
		fprintf(fp, "  %s\n", l[i]->key + 1);
	}
	free(l);
	if (s->flags & XQ_STATS_ECCO) {
		if (!(l = kind_list(s, K_ECCO, &n, 0)))
			return XQ_ENOMEM;
		fprintf(fp, "\nECCO openings: %zu:\n  %8s %10s %7s  %s\n", n, "games", "red", "%", "opening");
		for (size_t i = 0; i < n; i++) {
			struct xq_ecco names;
			print_scored(fp, l[i]);
			fprintf(fp, "  %s", l[i]->key + 1);
			if (xq_ecco_lookup(l[i]->key + 1, &names) == 0) {
				const char *variation = ecco_variation(s, &names);
				fprintf(fp, " %s%s%s", ecco_opening(s, &names), *variation ? " " : "",
					variation);
			}
			fputc('\n', fp);
		}
		free(l);
	}
	if (s->depth > 0) {
		fprintf(fp, "\nopening tree from %s, depth %d: %ld game%s\n",
			strcmp(s->root_fen, XQ_START_FEN) ? s->root_fen : "the start",
			s->depth, s->root_games, s->root_games == 1 ? "" : "s");
		print_tree_text(s, fp, &s->root, 0);
	}
	return write_end(fp);
}

static void json_tree(struct xq_stats *s, FILE *fp, const struct xq_pos *pos, int level)
{
	size_t first, n = children(s, pos->key, &first);
	int comma = 0;
	s->path[level] = pos->key;
	fputc('[', fp);
	for (size_t i = 0; i < n; i++) {
		const entry *e = s->sorted[first + i];
		xq_move m = edge_move(e);
		char text[XQ_MOVE_TEXT_MAX], iccs[5];
		double sc;
		if (!xq_is_legal(pos, m))
			continue;
		move_text(s, pos, m, text);
		xq_move_iccs(m, iccs);
		fputs(comma ? "," : "", fp);
		comma = 1;
		fputs("{\"move\":", fp);
		xq_json_put_string(fp, text);
		fprintf(fp, ",\"iccs\":\"%s\",\"games\":%ld,\"red_wins\":%ld,\"draws\":%ld,\"black_wins\":%ld",
			iccs, e->v[V_GAMES], e->v[V_RED], e->v[V_DRAW], e->v[V_BLACK]);
		if ((sc = edge_score(e, pos->side)) >= 0)
			fprintf(fp, ",\"score\":%.1f", sc);
		else
			fputs(",\"score\":null", fp);
		if (e->v[V_RN])
			fprintf(fp, ",\"rating\":%.0f", (double)e->v[V_RSUM] / (double)e->v[V_RN]);
		else
			fputs(",\"rating\":null", fp);
		if (level + 1 < s->depth) {
			struct xq_pos next;
			if (follow(s, pos, m, level, &next)) {
				fputs(",\"repetition\":true", fp);
			} else {
				fputs(",\"next\":", fp);
				json_tree(s, fp, &next, level + 1);
			}
		}
		fputc('}', fp);
	}
	fputc(']', fp);
}

static int json_names(struct xq_stats *s, FILE *fp, const char *label, int kind, int by_count,
		      int player)
{
	size_t n;
	entry **l = kind_list(s, kind, &n, by_count);
	if (!l)
		return XQ_ENOMEM;
	if (kind == K_PLIES)
		qsort(l, n, sizeof *l, cmp_bucket);
	fprintf(fp, ",\"%s\":[", label);
	for (size_t i = 0; i < n; i++) {
		fputs(i ? ",{\"name\":" : "{\"name\":", fp);
		if (kind == K_PLIES) {
			char lab[64];
			ply_label(lab, sizeof lab, atol(l[i]->key + 1));
			xq_json_put_string(fp, lab);
		} else {
			xq_json_put_string(fp, l[i]->key + 1);
		}
		fprintf(fp, ",\"games\":%ld", l[i]->v[0]);
		if (player)
			fprintf(fp, ",\"decided\":%ld,\"score\":%.1f", l[i]->v[1], (double)l[i]->v[2] / 2);
		fputc('}', fp);
	}
	fputc(']', fp);
	free(l);
	return 0;
}

/* XQ_STATS_ECCO: the codes in order, with their names and Red's score. */
static int json_ecco(struct xq_stats *s, FILE *fp)
{
	size_t n;
	entry **l = kind_list(s, K_ECCO, &n, 0);
	if (!l)
		return XQ_ENOMEM;
	fputs(",\"ecco\":[", fp);
	for (size_t i = 0; i < n; i++) {
		struct xq_ecco e;
		int named = xq_ecco_lookup(l[i]->key + 1, &e) == 0;
		fputs(i ? ",{\"code\":" : "{\"code\":", fp);
		xq_json_put_string(fp, l[i]->key + 1);
		fputs(",\"opening\":", fp);
		xq_json_put_string(fp, named ? ecco_opening(s, &e) : "");
		fputs(",\"variation\":", fp);
		xq_json_put_string(fp, named ? ecco_variation(s, &e) : "");
		fprintf(fp, ",\"games\":%ld,\"decided\":%ld,\"red_score\":%.1f}", l[i]->v[0],
			l[i]->v[1], (double)l[i]->v[2] / 2);
	}
	fputc(']', fp);
	free(l);
	return 0;
}

int xq_stats_write_json(struct xq_stats *s, FILE *fp)
{
	if (sort_edges(s) < 0)
		return XQ_ENOMEM;
	fprintf(fp, "{\"games\":%ld,\"invalid\":%ld,\"results\":{", s->games, s->invalid);
	for (int i = 0; i < 4; i++)
		fprintf(fp, "%s\"%s\":%ld", i ? "," : "", result_names[i][0],
			kind_count(s, K_RESULT, result_names[i][0]));
	fputc('}', fp);
	if (json_names(s, fp, "plies", K_PLIES, 0, 0) < 0 ||
	    json_names(s, fp, "events", K_EVENT, 1, 0) < 0 ||
	    json_names(s, fp, "years", K_YEAR, 0, 0) < 0 ||
	    json_names(s, fp, "players", K_PLAYER, 1, 1) < 0 ||
	    ((s->flags & XQ_STATS_ECCO) && json_ecco(s, fp) < 0))
		return XQ_ENOMEM;
	fputs(",\"tree\":{\"fen\":", fp);
	xq_json_put_string(fp, s->root_fen);
	fprintf(fp, ",\"depth\":%d,\"games\":%ld,\"moves\":", s->depth, s->root_games);
	if (s->depth > 0)
		json_tree(s, fp, &s->root, 0);
	else
		fputs("[]", fp);
	fputs("}}\n", fp);
	return write_end(fp);
}

/* SVG: the opening tree as bars, every level indented under its move
 * (top moves at most under each), red wins, draws, black wins and unknown
 * results side by side in proportion with their percentages, and a legend
 * of the colours. */
#define SVG_W 720
#define SVG_BAR_X 300
#define SVG_BAR_W 400
#define SVG_ROW 26
#define SVG_TOP 44

static const char *const svg_colours[4] = { "#d62728", "#9e9e9e", "#1a1a1a", "#e0e0e0" };
static const char *const svg_ink[4] = { "#ffffff", "#000000", "#ffffff", "#000000" };
static const char *const svg_names[4] = { "red wins", "draws", "black wins", "unknown" };

/* The bars of edge e: red wins, draws, black wins, unknown. */
static void svg_bars(FILE *fp, const entry *e, int y)
{
	long part[4], x = SVG_BAR_X, acc = 0;
	part[0] = e->v[V_RED];
	part[1] = e->v[V_DRAW];
	part[2] = e->v[V_BLACK];
	part[3] = e->v[V_GAMES] - part[0] - part[1] - part[2];
	for (int k = 0; k < 4; k++) {
		/* edges at rounded cumulative sums: the widths add up */
		long end = SVG_BAR_X + (long)((double)(acc + part[k]) * SVG_BAR_W /
					      (double)e->v[V_GAMES]);
		acc += part[k];
		if (end > x) {
			fprintf(fp, "<rect class=\"r%d\" x=\"%ld\" y=\"%d\" width=\"%ld\" height=\"20\" "
				"fill=\"%s\"><title>%s: %ld (%.0f%%)</title></rect>\n", k, x, y + 2, end - x,
				svg_colours[k], svg_names[k], part[k],
				100.0 * (double)part[k] / (double)e->v[V_GAMES]);
			if (end - x >= 34)
				fprintf(fp, "<text class=\"pct\" x=\"%ld\" y=\"%d\" font-size=\"11\" "
					"text-anchor=\"middle\" fill=\"%s\">%.0f%%</text>\n",
					(x + end) / 2, y + 16, svg_ink[k],
					100.0 * (double)part[k] / (double)e->v[V_GAMES]);
		}
		x = end;
	}
}

/* The rows under pos, drawn from row *row on (fp NULL: counted only);
 * the walk of print_tree_text(), top moves under each position.  0 or
 * XQ_ENOMEM. */
static int svg_tree(struct xq_stats *s, FILE *fp, const struct xq_pos *pos, int level, int *row)
{
	size_t first, n = children(s, pos->key, &first), count = 0;
	s->path[level] = pos->key;
	for (size_t i = 0; i < n && shown(s, count); i++) {
		const entry *e = s->sorted[first + i];
		xq_move m = edge_move(e);
		if (!xq_is_legal(pos, m))
			continue;
		count++;
		if (fp) {
			char text[XQ_MOVE_TEXT_MAX];
			struct xq__buf b = { 0 };
			int y = SVG_TOP + *row * SVG_ROW;
			move_text(s, pos, m, text);
			if (xq__buf_put_xml(&b, text) < 0)
				return XQ_ENOMEM;
			fprintf(fp, "<text class=\"move\" x=\"%d\" y=\"%d\" font-size=\"14\">%s",
				10 + 18 * level, y + 16, b.p ? b.p : "");
			xq__buf_free(&b);
			fprintf(fp, "</text>\n<text x=\"%d\" y=\"%d\" font-size=\"12\" text-anchor=\"end\" "
				"fill=\"#555555\">%ld</text>\n", SVG_BAR_X - 8, y + 16, e->v[V_GAMES]);
			svg_bars(fp, e, y);
		}
		(*row)++;
		if (level + 1 < s->depth) {
			struct xq_pos next;
			if (!follow(s, pos, m, level, &next) && svg_tree(s, fp, &next, level + 1, row) < 0)
				return XQ_ENOMEM;
		}
	}
	return 0;
}

int xq_stats_write_svg(struct xq_stats *s, FILE *fp)
{
	int rows = 0;
	if (sort_edges(s) < 0)
		return XQ_ENOMEM;
	if (s->depth > 0)
		svg_tree(s, NULL, &s->root, 0, &rows);
	int height = SVG_TOP + rows * SVG_ROW + 44;
	fprintf(fp, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">\n"
		"<rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n"
		"<g font-family=\"%s\">\n"
		"<text x=\"10\" y=\"24\" font-size=\"15\">results after each move (%ld games)</text>\n",
		SVG_W, height, SVG_W, height, SVG_W, height, xq_svg_cjk_fonts, s->root_games);
	rows = 0;
	if (s->depth > 0 && svg_tree(s, fp, &s->root, 0, &rows) < 0)
		return XQ_ENOMEM;
	/* the legend: a swatch of each colour and its name */
	for (int k = 0, x = 10; k < 4; k++) {
		fprintf(fp, "<rect class=\"swatch\" x=\"%d\" y=\"%d\" width=\"14\" height=\"14\" fill=\"%s\" "
			"stroke=\"#808080\"/><text x=\"%d\" y=\"%d\" font-size=\"12\">%s</text>\n",
			x, height - 26, svg_colours[k], x + 20, height - 14, svg_names[k]);
		x += 120;
	}
	fputs("</g>\n</svg>\n", fp);
	return write_end(fp);
}
