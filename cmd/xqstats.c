/*
 * xqstats - what is in a database: totals (results, lengths, events,
 * years, players with their scores) and an opening tree with the games,
 * the score of the side to move and the average rating behind every move,
 * transpositions merged by position key.  --partial writes the counts in
 * a form that adds up; --merge adds any number of them and prints exactly
 * what one run over all the input prints.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "jobs.h"
#include "part.h"
#include "record_input.h"
#include "tally.h"

static const char usage_text[] =
	"usage: xqstats [-hjqVv] [--depth N] [--from FEN|MOVES] [--top N] [--svg FILE]\n"
	"               [--by ecco] [--trad] [-P player [--exact-names]] [-J jobs]\n"
	"               [-n notation] [-e enc] [-f fmt] [-o file]\n"
	"               [-R] [--files-from=list [-0]] [file ...]\n"
	"       xqstats --partial [--part N] [--range K/N] [--depth N] [--from FEN|MOVES]\n"
	"               [file ...]\n"
	"       xqstats --merge [-j] [--top N] [--svg FILE] [-n notation] [file ...]\n"
	"Summarise a database: games, results, lengths, events, years, players,\n"
	"and the opening tree.\n"
	"\n"
	"  -p, --depth=N        opening tree depth in plies (default 1; 0: no tree)\n"
	"      --from=POS       tree from this FEN, or from the position after these\n"
	"                       moves from the usual start (any notation)\n"
	"      --top=N          events and players shown in text (default 20; 0: all)\n"
	"  -P, --player=TEXT    only the games where Red or Black contains TEXT, in\n"
	"                       any case and width (full-width letters as ASCII);\n"
	"                       repeat: all must hold\n"
	"      --exact-names    -P byte for byte: case and width count\n"
	"  -n, --notation=N     tree moves: chinese (default), wxf, iccs, uci, uci10\n"
	"      --by=ecco        games and Red's score per ECCO opening code, and the\n"
	"                       ECCO names in the opening tree\n"
	"      --trad           ECCO names in traditional characters\n"
	"  -j, --json           JSON for scripts\n"
	"      --svg=FILE       bar chart of the results after each next move\n"
	"  -J, --jobs=N         N jobs (0: one a core) over byte ranges of a file,\n"
	"                       chunks of a stream or the files; the output is\n"
	"                       one job's\n"
	"      --partial        counts that add up, and the diagnostics, for --merge\n"
	"                       (one run per part)\n"
	"      --part=N         --partial: this is part N (parallel's {#}), so that\n"
	"                       --merge finds parts out of order or missing\n"
	"      --range=K/N      --partial: only the games that start in the K-th of N\n"
	"                       byte ranges of the file (one file)\n"
	"      --merge          add up --partial outputs (files or stdin; counts in\n"
	"                       any order of lines, diagnostics in the parts' order)\n"
	"                       and print what one run would\n"
	"  -e, --encoding=ENC   input encoding (default: detect)\n"
	"  -f, --format=FMT     input format (default: detect)\n"
	"  -o, --output=FILE    write to FILE (atomically); default standard output\n"
	"  -R, --recursive      walk directories (name order; non-records skipped)\n"
	"      --files-from=LIST read the inputs named in LIST ('-': stdin)\n"
	"  -0, --null           --files-from names end with NUL, not newline\n"
	"  -q, --quiet          no game diagnostics or progress\n"
	"  -v, --verbose        notes too\n"
	"  -h, --help           this help\n"
	"  -V, --version        version\n"
	"\n"
	"Invalid games are reported as xqcheck reports them and left out.\n"
	"Exit status: 0 done, 1 some game invalid, 2 usage or I/O error.\n";

#define PLY_BUCKET 20
#define PLY_BUCKETS 16   /* the last one: 300 plies and more */
_Static_assert(PLY_BUCKETS <= 100, "add_game writes a bucket in two digits");

/* Keys of the names table: one kind letter, then the name. */
enum { K_RESULT = 'R', K_EVENT = 'E', K_YEAR = 'Y', K_PLAYER = 'P', K_PLIES = 'L', K_ECCO = 'O' };
/* Edge values */
enum { V_GAMES, V_RED, V_DRAW, V_BLACK, V_RSUM, V_RN };

static struct {
	struct problem_printer pp;
	struct cmd_opts o;
	int depth, top, merge;
	int by_ecco, trad;         /* --by ecco, --trad */
	struct xq_query *q;        /* -P: the games counted (NULL: all) */
	unsigned query_flags;      /* --exact-names */
	xq_move line[1001];        /* the tree printed: the moves from the root down */
	const char *svg;
	struct xq_pos root;
	char root_fen[XQ_FEN_MAX];
	long games, invalid, root_games;
	struct tally names, edges;
	/* the last two name entries of each kind: names repeat from game to
	 * game (entries stay where they are until tally_free, which must
	 * clear this with the tally) */
	struct tally_entry *last_name[128][2];
	int trouble;
	char **inputs;
	int ninputs;
	long part;                 /* --partial --part N */
	int jobs;                  /* -J */
	long range_k, range_n;     /* --partial --range K/N */
	FILE *partial;             /* --partial: where the part goes */
	struct part_merge pm;      /* --merge: the parts' inputs */
	int unordered;             /* --merge: lines not in the parts' order */
	uint64_t path[1001];       /* the tree printed: the keys from the root down */
} st;

static struct tally_entry *name_entry(int kind, const char *name)
{
	struct tally_entry **l = st.last_name[kind & 127], *e;
	size_t n = strlen(name);
	for (int i = 0; i < 2; i++)
		if (l[i] && l[i]->klen == n + 1 && l[i]->key[0] == kind &&
		    !memcmp(l[i]->key + 1, name, n)) {
			e = l[i];
			l[i] = l[0];
			return l[0] = e;
		}
	char buf[256], *k = n < sizeof buf ? buf : xrealloc(NULL, n + 1);
	k[0] = (char)kind;
	memcpy(k + 1, name, n);
	e = tally_get(&st.names, k, n + 1, 1);
	if (k != buf)
		free(k);
	l[1] = l[0];
	return l[0] = e;
}

static struct tally_entry *edge_entry(uint64_t key, xq_move m)
{
	unsigned char k[10];
	memcpy(k, &key, 8);
	k[8] = (unsigned char)(m >> 8);
	k[9] = (unsigned char)m;
	return tally_get(&st.edges, k, 10, 1);
}

static uint64_t edge_key(const struct tally_entry *e)
{
	uint64_t k;
	memcpy(&k, e->key, 8);
	return k;
}

static xq_move edge_move(const struct tally_entry *e)
{
	return (xq_move)((unsigned char)e->key[8] << 8 | (unsigned char)e->key[9]);
}

/* --- one game */

/* The opening tree's edges of game g from what replay left in its nodes
 * (XQ_NODE_PLAYED: the key after each move), no move made again: from
 * where the main line first stands on the tree's root, each move to
 * --depth with the key of the position it is played in. */
static void add_tree(const struct xq_game *g, int result, const long rating[2])
{
	uint64_t before = g->start.key;
	int side = g->start.side, ply = 1, ply0 = -1;
	for (const struct xq_node *n = g->root.child; n && (n->flags & XQ_NODE_PLAYED);
	     n = n->child, ply++, side ^= 1) {
		if (ply0 < 0 && before == st.root.key) {
			ply0 = ply - 1;
			st.root_games++;
		}
		if (ply0 >= 0) {
			struct tally_entry *e;
			if (ply - ply0 > st.depth)
				return;
			e = edge_entry(before, n->move);
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
}

/*
 * The tags add_game() reads, found in one pass over the game's tags
 * (xq_game_tags()): eight lookups a game walked the list eight times.
 */
enum { T_RESULT, T_EVENT, T_DATE, T_RED, T_BLACK, T_REDELO, T_WHITEELO, T_BLACKELO, T_N };

static void game_tags(const struct xq_game *g, const char *v[T_N])
{
	static const char *const names[T_N] = {
		"Result", "Event", "Date", "Red", "Black", "RedElo", "WhiteElo", "BlackElo",
	};
	xq_game_tags(g, names, T_N, v);
}

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

static void add_player(const char *name, double points, int known)
{
	struct tally_entry *e;
	if (!name)
		return;
	e = name_entry(K_PLAYER, name);
	e->v[0]++;
	if (known) {
		e->v[1]++;
		e->v[2] += (long)(points * 2);
	}
}

static void add_game(const struct xq_game *g)
{
	const char *tags[T_N], *res, *t;
	game_tags(g, tags);
	res = xq_game_result_of(g, tags[T_RESULT]);
	int result = !strcmp(res, "1-0") ? V_RED : !strcmp(res, "0-1") ? V_BLACK :
		!strcmp(res, "1/2-1/2") ? V_DRAW : -1;
	char buf[16], *p = buf;
	/* (xq_game_plies(), kept by replay) */
	int plies = g->plies, b = plies / PLY_BUCKET;

	st.games++;
	name_entry(K_RESULT, res)->v[0]++;
	if (b >= PLY_BUCKETS)
		b = PLY_BUCKETS - 1;
	if (b >= 10)
		*p++ = (char)('0' + b / 10);
	*p++ = (char)('0' + b % 10);
	*p = '\0';
	name_entry(K_PLIES, buf)->v[0]++;
	if ((t = known(tags[T_EVENT])))
		name_entry(K_EVENT, t)->v[0]++;
	int year = xq_date_year(tags[T_DATE]);
	if (year > 0) {
		snprintf(buf, sizeof buf, "%d", year);
		name_entry(K_YEAR, buf)->v[0]++;
	}
	if (st.by_ecco) {
		struct xq_ecco e;
		if (xq_ecco_game(g, &e) == 0) {
			struct tally_entry *o = name_entry(K_ECCO, e.code);
			o->v[0]++;
			if (result >= 0) {
				o->v[1]++;
				o->v[2] += result == V_RED ? 2 : result == V_DRAW ? 1 : 0;
			}
		}
	}
	add_player(known(tags[T_RED]), result == V_RED ? 1 : result == V_DRAW ? 0.5 : 0, result >= 0);
	add_player(known(tags[T_BLACK]), result == V_BLACK ? 1 : result == V_DRAW ? 0.5 : 0, result >= 0);
	if (st.depth > 0) {
		long rating[2];
		rating[XQ_RED] = tag_rating(tags[T_REDELO] ? tags[T_REDELO] : tags[T_WHITEELO]);
		rating[XQ_BLACK] = tag_rating(tags[T_BLACKELO]);
		add_tree(g, result, rating);
	}
}

static enum record_step stats_game(struct record_loop *l, struct xq_game *g)
{
	(void)l;
	if (g->errors)
		st.invalid++;
	else if (!st.q || xq_query_match_tags(st.q, g))
		add_game(g);
	return RECORD_NEXT;
}

/* --- partial summaries: one line per count, tab-separated */

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

static void unescape_field(char *s)
{
	char *o = s;
	for (; *s; s++) {
		if (*s == '\\' && s[1]) {
			s++;
			*o++ = *s == 't' ? '\t' : *s == 'n' ? '\n' : *s == 'r' ? '\r' : *s;
		} else {
			*o++ = *s;
		}
	}
	*o = '\0';
}

static int cmp_raw(const void *a, const void *b)
{
	const struct tally_entry *x = *(struct tally_entry *const *)a, *y = *(struct tally_entry *const *)b;
	size_t n = x->klen < y->klen ? x->klen : y->klen;
	int c = memcmp(x->key, y->key, n);
	return c ? c : (x->klen > y->klen) - (x->klen < y->klen);
}

/* --partial's first line (the diagnostics and each input's #end follow
 * while reading, the counts at the end). */
static void write_header(FILE *fp)
{
	fprintf(fp, "#xqstats-partial\t1\t%d\t%s", st.depth, st.root_fen);
	if (st.part)
		fprintf(fp, "\t%ld", st.part);
	putc('\n', fp);
}

static void partial_end(struct record_loop *l)
{
	fputs("#end\t", st.partial);
	part_put_text(st.partial, l->name, 0);
	fprintf(st.partial, "\t%ld\t%ld\t%llu\n", l->input_games, xq_reader_line(l->r),
		(unsigned long long)xq_reader_offset(l->r));
}

static void write_partial(FILE *fp)
{
	struct tally_entry **list;
	fprintf(fp, "games\t%ld\t%ld\t%ld\n", st.games, st.invalid, st.root_games);
	list = tally_list(&st.names);
	qsort(list, st.names.n, sizeof *list, cmp_raw);
	for (size_t i = 0; i < st.names.n; i++) {
		struct tally_entry *e = list[i];
		fprintf(fp, "%c\t", e->key[0]);
		put_escaped_field(fp, e->key + 1, e->klen - 1);
		fprintf(fp, "\t%ld\t%ld\t%ld\n", e->v[0], e->v[1], e->v[2]);
	}
	free(list);
	list = tally_list(&st.edges);
	qsort(list, st.edges.n, sizeof *list, cmp_raw);
	for (size_t i = 0; i < st.edges.n; i++) {
		struct tally_entry *e = list[i];
		char iccs[5];
		xq_move_iccs(edge_move(e), iccs);
		fprintf(fp, "M\t%016" PRIx64 "\t%s\t%ld\t%ld\t%ld\t%ld\t%ld\t%ld\n", edge_key(e), iccs,
			e->v[0], e->v[1], e->v[2], e->v[3], e->v[4], e->v[5]);
	}
	free(list);
}

/* A count of a --partial line: digits only, at most COUNT_MAX. */
#define COUNT_MAX 100000000000000000L   /* 1e17 */

static int count_field(const char *s, long *v)
{
	return parse_count(s, COUNT_MAX, v);
}

/* Add n values to v[], each sum kept within COUNT_MAX; -1 if one is not. */
static int add_counts(long *v, char **f, int n)
{
	long x[8];
	for (int i = 0; i < n; i++)
		if (count_field(f[i], &x[i]) < 0 || v[i] > COUNT_MAX - x[i])
			return -1;
	for (int i = 0; i < n; i++)
		v[i] += x[i];
	return 0;
}

static const char *const result_names[][2] = {
	{ "1-0", "red wins" }, { "1/2-1/2", "draws" }, { "0-1", "black wins" }, { "*", "unknown" },
};

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

static int read_partial(FILE *fp, const char *name, int *have_header)
{
	char *line = NULL, *f[12];
	size_t cap = 0;
	ssize_t len;
	long lineno = 0;
	int bad = 0;
	while ((len = getline(&line, &cap, fp)) > 0) {
		int nf = 0;
		char *p = line;
		lineno++;
		if (line[len - 1] == '\n')
			line[--len] = '\0';
		if (!*line)
			continue;
		while (nf < 12) {
			f[nf++] = p;
			if (!(p = strchr(p, '\t')))
				break;
			*p++ = '\0';
		}
		if (part_is_header(f, nf, "xqstats", 2)) {
			long dl;
			if (count_field(f[2], &dl) < 0 || dl > 1000)
				goto bad;
			if (part_begin(&st.pm, nf == 5 ? f[4] : NULL, name, lineno) < 0)
				bad = 1;
			int depth = (int)dl;
			if (*have_header && (depth != st.depth || strcmp(f[3], st.root_fen))) {
				diag(name, lineno, 0, "error", "parts made with other --depth or --from");
				bad = 1;
				continue;
			}
			if (!*have_header) {
				struct xq_err err;
				st.depth = depth;
				snprintf(st.root_fen, sizeof st.root_fen, "%s", f[3]);
				if (xq_pos_from_fen(&st.root, st.root_fen, XQ_FEN_LAX, &err) < 0) {
					diag(name, lineno, 0, "error", "bad FEN in the header: %s", err.msg);
					bad = 1;
					continue;
				}
			}
			*have_header = 1;
		} else if (!strcmp(f[0], "P") && nf == 11) {
			/* a problem (a player line has 5 fields); its positions
			 * need the parts in order, which sorted lines are not */
			struct xq_problem pr;
			struct part_input *in;
			if (!*have_header || st.unordered) {
				diag(name, lineno, 0, "error", "a diagnostic among parts not in their order "
				     "(sorted?): merge parts with diagnostics in order, or make them with -q");
				bad = 1;
				continue;
			}
			if (part_problem(&st.pm, f, nf, &pr, &in) < 0)
				goto bad;
			if (!st.pp.quiet || pr.severity == XQ_SEV_FATAL)
				print_problem_always(&pr);
		} else if (*have_header && part_message(f, nf) == 0) {
			/* a message of a worker of -J, in its place */
		} else if (!strcmp(f[0], "#end") && nf == 5) {
			/* an input's end before any part began: lines sorted */
			struct part_input *in;
			if (!*have_header)
				st.unordered = 1;
			if (part_end(&st.pm, f, nf, &in) < 0)
				goto bad;
		} else if (!strcmp(f[0], "games") && nf == 4) {
			long v[3] = { st.games, st.invalid, st.root_games };
			if (add_counts(v, f + 1, 3) < 0)
				goto bad;
			st.games = v[0], st.invalid = v[1], st.root_games = v[2];
		} else if (strlen(f[0]) == 1 && strchr("REYPLO", f[0][0]) && nf == 5) {
			long v[3] = { 0, 0, 0 };
			if (add_counts(v, f + 2, 3) < 0 || v[0] == 0 || v[1] > v[0] || v[2] > 2 * v[1])
				goto bad;
			unescape_field(f[1]);
			if (!name_ok(f[0][0], f[1]))
				goto bad;
			struct tally_entry *e = name_entry(f[0][0], f[1]);
			if (add_counts(e->v, f + 2, 3) < 0)
				goto bad;
		} else if (!strcmp(f[0], "M") && nf == 9 && strlen(f[1]) == 16 &&
			   strspn(f[1], "0123456789abcdef") == 16 && strlen(f[2]) == 4 &&
			   f[2][0] >= 'a' && f[2][0] <= 'i' && f[2][2] >= 'a' && f[2][2] <= 'i' &&
			   f[2][1] >= '0' && f[2][1] <= '9' && f[2][3] >= '0' && f[2][3] <= '9') {
			long v[6] = { 0 };
			if (add_counts(v, f + 3, 6) < 0 || v[0] == 0 || v[1] + v[2] + v[3] > v[0] || v[5] > v[0] ||
			    v[4] > v[5] * 100000)
				goto bad;
			uint64_t key = strtoull(f[1], NULL, 16);
			xq_move m = xq_move_make(XQ_SQ(f[2][0] - 'a', f[2][1] - '0'),
						 XQ_SQ(f[2][2] - 'a', f[2][3] - '0'));
			struct tally_entry *e = edge_entry(key, m);
			if (add_counts(e->v, f + 3, 6) < 0)
				goto bad;
		} else {
bad:
			diag(name, lineno, 0, "error", "not a line of xqstats --partial");
			bad = 1;
		}
	}
	free(line);
	return bad;
}

/* --- printing */

static double pct(long a, long b)
{
	return b ? 100.0 * (double)a / (double)b : 0.0;
}

static int cmp_count_name(const void *a, const void *b)
{
	const struct tally_entry *x = *(struct tally_entry *const *)a, *y = *(struct tally_entry *const *)b;
	if (x->v[0] != y->v[0])
		return x->v[0] > y->v[0] ? -1 : 1;
	return cmp_raw(a, b);
}

/* The entries of one kind, sorted by raw key (by_count: by count first). */
static struct tally_entry **kind_list(int kind, size_t *n, int by_count)
{
	struct tally_entry **all = tally_list(&st.names);
	size_t k = 0;
	for (size_t i = 0; i < st.names.n; i++)
		if (all[i]->key[0] == kind)
			all[k++] = all[i];
	qsort(all, k, sizeof *all, by_count ? cmp_count_name : cmp_raw);
	*n = k;
	return all;
}

static long kind_count(int kind, const char *name)
{
	size_t n = strlen(name);
	char k[32];
	struct tally_entry *e;
	k[0] = (char)kind;
	memcpy(k + 1, name, n);
	e = tally_get(&st.names, k, n + 1, 0);
	return e ? e->v[0] : 0;
}

/* Edges sorted by position key, then games (most first), then move. */
static struct tally_entry **edges;
static size_t nedges;

static int cmp_edge(const void *a, const void *b)
{
	const struct tally_entry *x = *(struct tally_entry *const *)a, *y = *(struct tally_entry *const *)b;
	uint64_t kx = edge_key(x), ky = edge_key(y);
	if (kx != ky)
		return kx < ky ? -1 : 1;
	if (x->v[V_GAMES] != y->v[V_GAMES])
		return x->v[V_GAMES] > y->v[V_GAMES] ? -1 : 1;
	return (int)edge_move(x) - (int)edge_move(y);
}

static void sort_edges(void)
{
	edges = tally_list(&st.edges);
	nedges = st.edges.n;
	qsort(edges, nedges, sizeof *edges, cmp_edge);
}

/* The edges from key: [*first, *first + count). */
static size_t children(uint64_t key, size_t *first)
{
	size_t lo = 0, hi = nedges, n = 0;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (edge_key(edges[mid]) < key)
			lo = mid + 1;
		else
			hi = mid;
	}
	*first = lo;
	while (lo + n < nedges && edge_key(edges[lo + n]) == key)
		n++;
	return n;
}

/* Score of the side to move in per cent, -1 when no result is known. */
static double edge_score(const struct tally_entry *e, int side)
{
	long known = e->v[V_RED] + e->v[V_DRAW] + e->v[V_BLACK];
	long won = side == XQ_RED ? e->v[V_RED] : e->v[V_BLACK];
	return known ? 100.0 * ((double)won + 0.5 * (double)e->v[V_DRAW]) / (double)known : -1;
}

static void move_text(const struct xq_pos *pos, xq_move m, char *buf)
{
	if (xq_move_format(pos, m, st.o.notation, 0, buf, XQ_MOVE_TEXT_MAX) < 0)
		xq_move_iccs(m, buf);
}


/*
 * The tree is printed along every path from the root, to the depth, but
 * never round a cycle (a repetition): a move to a position already on the
 * path is printed with its counts and not followed (marked "repetition").
 * on_path() says whether next is one; st.path[0..level] holds the keys.
 */
static int on_path(const struct xq_pos *next, int level)
{
	for (int i = 0; i <= level; i++)
		if (st.path[i] == next->key)
			return 1;
	return 0;
}

/* --by ecco: the ECCO code and names of the line st.line[0..level]
 * (from the start only), where they differ from the line's without its
 * last move. */
static void print_tree_ecco(FILE *fp, int level)
{
	struct xq_pos start;
	struct xq_ecco e, before;
	xq_pos_start(&start);
	if (strcmp(st.root_fen, XQ_START_FEN) ||
	    xq_ecco_classify(&start, st.line, level + 1, &e) < 0 ||
	    (xq_ecco_classify(&start, st.line, level, &before) == 0 && level > 0 &&
	     !strcmp(before.code, e.code)))
		return;
	const char *opening = st.trad ? e.opening_trad : e.opening;
	const char *variation = st.trad ? e.variation_trad : e.variation;
	fprintf(fp, "  %s %s%s%s", e.code, opening, *variation ? " " : "", variation);
}

static void print_tree_text(FILE *fp, const struct xq_pos *pos, int level)
{
	size_t first, n = children(pos->key, &first);
	st.path[level] = pos->key;
	for (size_t i = 0; i < n; i++) {
		const struct tally_entry *e = edges[first + i];
		xq_move m = edge_move(e);
		char text[XQ_MOVE_TEXT_MAX];
		double sc;
		if (!xq_is_legal(pos, m))
			continue;
		move_text(pos, m, text);
		fprintf(fp, "%*s%s%*s %7ld game%s", 2 + 2 * level, "", text,
			12 - xq_text_width(text, strlen(text)) > 0 ? 12 - xq_text_width(text, strlen(text)) : 0, "",
			e->v[V_GAMES], e->v[V_GAMES] == 1 ? " " : "s");
		fprintf(fp, "  +%ld =%ld -%ld", pos->side == XQ_RED ? e->v[V_RED] : e->v[V_BLACK],
			e->v[V_DRAW], pos->side == XQ_RED ? e->v[V_BLACK] : e->v[V_RED]);
		if ((sc = edge_score(e, pos->side)) >= 0)
			fprintf(fp, "  score %5.1f%%", sc);
		if (e->v[V_RN])
			fprintf(fp, "  rating %.0f", (double)e->v[V_RSUM] / (double)e->v[V_RN]);
		st.line[level] = m;
		if (st.by_ecco)
			print_tree_ecco(fp, level);
		if (level + 1 < st.depth) {
			struct xq_pos next = *pos;
			struct xq_undo u;
			xq_make(&next, m, &u);
			if (on_path(&next, level)) {
				fputs("  repetition\n", fp);
				continue;
			}
			fputc('\n', fp);
			print_tree_text(fp, &next, level + 1);
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
	const struct tally_entry *x = *(struct tally_entry *const *)a, *y = *(struct tally_entry *const *)b;
	long p = atol(x->key + 1), q = atol(y->key + 1);
	return (p > q) - (p < q);
}

/* A tally's games, score (half points of games with a result, as "w/n")
 * and percentage columns, as the players' and the ECCO tables print them. */
static void print_scored(FILE *fp, const struct tally_entry *e)
{
	char sc[96];
	snprintf(sc, sizeof sc, "%ld%s/%ld", e->v[2] / 2, e->v[2] & 1 ? ".5" : "", e->v[1]);
	fprintf(fp, "  %8ld %10s", e->v[0], sc);
	if (e->v[1])
		fprintf(fp, " %6.1f%%", pct(e->v[2], 2 * e->v[1]));
	else
		fprintf(fp, " %7s", "-");
}

static void print_text(FILE *fp)
{
	struct tally_entry **l;
	size_t n;

	fprintf(fp, "%ld game%s", st.games, st.games == 1 ? "" : "s");
	if (st.invalid)
		fprintf(fp, " (%ld invalid game%s left out)", st.invalid, st.invalid == 1 ? "" : "s");
	fputs("\n\nresults:\n", fp);
	for (int i = 0; i < 4; i++) {
		long c = kind_count(K_RESULT, result_names[i][0]);
		fprintf(fp, "  %-12s %8ld %6.1f%%\n", result_names[i][1], c, pct(c, st.games));
	}
	fputs("\nplies:\n", fp);
	l = kind_list(K_PLIES, &n, 0);
	qsort(l, n, sizeof *l, cmp_bucket);
	for (size_t i = 0; i < n; i++) {
		char lab[64];
		ply_label(lab, sizeof lab, atol(l[i]->key + 1));
		fprintf(fp, "  %-12s %8ld %6.1f%%\n", lab, l[i]->v[0], pct(l[i]->v[0], st.games));
	}
	free(l);
	l = kind_list(K_EVENT, &n, 1);
	fprintf(fp, "\nevents: %zu", n);
	if (st.top && n > (size_t)st.top)
		fprintf(fp, " (the %d with most games)", st.top);
	fputs(":\n", fp);
	for (size_t i = 0; i < n && (!st.top || i < (size_t)st.top); i++)
		fprintf(fp, "  %8ld  %s\n", l[i]->v[0], l[i]->key + 1);
	free(l);
	l = kind_list(K_YEAR, &n, 0);
	fprintf(fp, "\nyears: %zu:\n", n);
	for (size_t i = 0; i < n; i++)
		fprintf(fp, "  %-12s %8ld\n", l[i]->key + 1, l[i]->v[0]);
	free(l);
	l = kind_list(K_PLAYER, &n, 1);
	fprintf(fp, "\nplayers: %zu", n);
	if (st.top && n > (size_t)st.top)
		fprintf(fp, " (the %d with most games)", st.top);
	fprintf(fp, ":\n  %8s %10s %7s  %s\n", "games", "score", "%", "player");
	for (size_t i = 0; i < n && (!st.top || i < (size_t)st.top); i++) {
		const struct tally_entry *e = l[i];
		print_scored(fp, e);
		fprintf(fp, "  %s\n", e->key + 1);
	}
	free(l);
	if (st.by_ecco) {
		l = kind_list(K_ECCO, &n, 0);
		fprintf(fp, "\nECCO openings: %zu:\n  %8s %10s %7s  %s\n", n, "games", "red", "%", "opening");
		for (size_t i = 0; i < n; i++) {
			const struct tally_entry *e = l[i];
			struct xq_ecco names;
			print_scored(fp, e);
			fprintf(fp, "  %s", e->key + 1);
			if (xq_ecco_lookup(e->key + 1, &names) == 0) {
				const char *opening = st.trad ? names.opening_trad : names.opening;
				const char *variation = st.trad ? names.variation_trad : names.variation;
				fprintf(fp, " %s%s%s", opening, *variation ? " " : "", variation);
			}
			fputc('\n', fp);
		}
		free(l);
	}
	if (st.depth > 0) {
		fprintf(fp, "\nopening tree from %s, depth %d: %ld game%s\n",
			strcmp(st.root_fen, XQ_START_FEN) ? st.root_fen : "the start",
			st.depth, st.root_games, st.root_games == 1 ? "" : "s");
		print_tree_text(fp, &st.root, 0);
	}
}

static void json_tree(FILE *fp, const struct xq_pos *pos, int level)
{
	size_t first, n = children(pos->key, &first);
	int comma = 0;
	st.path[level] = pos->key;
	fputc('[', fp);
	for (size_t i = 0; i < n; i++) {
		const struct tally_entry *e = edges[first + i];
		xq_move m = edge_move(e);
		char text[XQ_MOVE_TEXT_MAX], iccs[5];
		double sc;
		if (!xq_is_legal(pos, m))
			continue;
		move_text(pos, m, text);
		xq_move_iccs(m, iccs);
		fputs(comma ? "," : "", fp);
		comma = 1;
		fputs("{\"move\":", fp);
		json_put_string(fp, text);
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
		if (level + 1 < st.depth) {
			struct xq_pos next = *pos;
			struct xq_undo u;
			xq_make(&next, m, &u);
			if (on_path(&next, level)) {
				fputs(",\"repetition\":true", fp);
			} else {
				fputs(",\"next\":", fp);
				json_tree(fp, &next, level + 1);
			}
		}
		fputc('}', fp);
	}
	fputc(']', fp);
}

static void json_names(FILE *fp, const char *label, int kind, int by_count, int player)
{
	size_t n;
	struct tally_entry **l = kind_list(kind, &n, by_count);
	if (kind == K_PLIES)
		qsort(l, n, sizeof *l, cmp_bucket);
	fprintf(fp, ",\"%s\":[", label);
	for (size_t i = 0; i < n; i++) {
		fputs(i ? ",{\"name\":" : "{\"name\":", fp);
		if (kind == K_PLIES) {
			char lab[64];
			ply_label(lab, sizeof lab, atol(l[i]->key + 1));
			json_put_string(fp, lab);
		} else {
			json_put_string(fp, l[i]->key + 1);
		}
		fprintf(fp, ",\"games\":%ld", l[i]->v[0]);
		if (player)
			fprintf(fp, ",\"decided\":%ld,\"score\":%.1f", l[i]->v[1], (double)l[i]->v[2] / 2);
		fputc('}', fp);
	}
	fputc(']', fp);
	free(l);
}

/* --by ecco: the codes in order, with their names and Red's score. */
static void json_ecco(FILE *fp)
{
	size_t n;
	struct tally_entry **l = kind_list(K_ECCO, &n, 0);
	fputs(",\"ecco\":[", fp);
	for (size_t i = 0; i < n; i++) {
		struct xq_ecco e;
		int named = xq_ecco_lookup(l[i]->key + 1, &e) == 0;
		fputs(i ? ",{\"code\":" : "{\"code\":", fp);
		json_put_string(fp, l[i]->key + 1);
		fputs(",\"opening\":", fp);
		json_put_string(fp, !named ? "" : st.trad ? e.opening_trad : e.opening);
		fputs(",\"variation\":", fp);
		json_put_string(fp, !named ? "" : st.trad ? e.variation_trad : e.variation);
		fprintf(fp, ",\"games\":%ld,\"decided\":%ld,\"red_score\":%.1f}", l[i]->v[0],
			l[i]->v[1], (double)l[i]->v[2] / 2);
	}
	fputc(']', fp);
	free(l);
}

static void print_json(FILE *fp)
{
	fprintf(fp, "{\"games\":%ld,\"invalid\":%ld,\"results\":{", st.games, st.invalid);
	for (int i = 0; i < 4; i++)
		fprintf(fp, "%s\"%s\":%ld", i ? "," : "", result_names[i][0],
			kind_count(K_RESULT, result_names[i][0]));
	fputc('}', fp);
	json_names(fp, "plies", K_PLIES, 0, 0);
	json_names(fp, "events", K_EVENT, 1, 0);
	json_names(fp, "years", K_YEAR, 0, 0);
	json_names(fp, "players", K_PLAYER, 1, 1);
	if (st.by_ecco)
		json_ecco(fp);
	fputs(",\"tree\":{\"fen\":", fp);
	json_put_string(fp, st.root_fen);
	fprintf(fp, ",\"depth\":%d,\"games\":%ld,\"moves\":", st.depth, st.root_games);
	if (st.depth > 0)
		json_tree(fp, &st.root, 0);
	else
		fputs("[]", fp);
	fputs("}}\n", fp);
}

/* --svg: the opening tree as bars, every level of -p indented under its
 * move (--top moves at most under each), red wins, draws, black wins and
 * unknown results side by side in proportion with their percentages, and
 * a legend of the colours. */
#define SVG_W 720
#define SVG_BAR_X 300
#define SVG_BAR_W 400
#define SVG_ROW 26
#define SVG_TOP 44

static const char *const svg_colours[4] = { "#d62728", "#9e9e9e", "#1a1a1a", "#e0e0e0" };
static const char *const svg_ink[4] = { "#ffffff", "#000000", "#ffffff", "#000000" };
static const char *const svg_names[4] = { "red wins", "draws", "black wins", "unknown" };

static void xml_text(FILE *fp, const char *s)
{
	for (; *s; s++) {
		if (*s == '<') fputs("&lt;", fp);
		else if (*s == '>') fputs("&gt;", fp);
		else if (*s == '&') fputs("&amp;", fp);
		else if (*s == '"') fputs("&quot;", fp);
		else fputc(*s, fp);
	}
}

/* The rows under pos, drawn from row *row on (fp NULL: counted only);
 * the walk of print_tree_text(), --top moves under each position. */
static void svg_tree(FILE *fp, const struct xq_pos *pos, int level, int *row)
{
	size_t first, n = children(pos->key, &first), shown = 0;
	st.path[level] = pos->key;
	for (size_t i = 0; i < n && (!st.top || shown < (size_t)st.top); i++) {
		const struct tally_entry *e = edges[first + i];
		xq_move m = edge_move(e);
		if (!xq_is_legal(pos, m))
			continue;
		shown++;
		if (fp) {
			char text[XQ_MOVE_TEXT_MAX];
			long part[4], x = SVG_BAR_X, acc = 0;
			int y = SVG_TOP + *row * SVG_ROW;
			move_text(pos, m, text);
			part[0] = e->v[V_RED];
			part[1] = e->v[V_DRAW];
			part[2] = e->v[V_BLACK];
			part[3] = e->v[V_GAMES] - part[0] - part[1] - part[2];
			fprintf(fp, "<text class=\"move\" x=\"%d\" y=\"%d\" font-size=\"14\">",
				10 + 18 * level, y + 16);
			xml_text(fp, text);
			fprintf(fp, "</text>\n<text x=\"%d\" y=\"%d\" font-size=\"12\" text-anchor=\"end\" "
				"fill=\"#555555\">%ld</text>\n", SVG_BAR_X - 8, y + 16, e->v[V_GAMES]);
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
		(*row)++;
		if (level + 1 < st.depth) {
			struct xq_pos next = *pos;
			struct xq_undo u;
			xq_make(&next, m, &u);
			if (!on_path(&next, level))
				svg_tree(fp, &next, level + 1, row);
		}
	}
}

static void print_svg(FILE *fp)
{
	int rows = 0;
	if (st.depth > 0)
		svg_tree(NULL, &st.root, 0, &rows);
	int height = SVG_TOP + rows * SVG_ROW + 44;
	fprintf(fp, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">\n"
		"<rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n"
		"<g font-family=\"%s\">\n"
		"<text x=\"10\" y=\"24\" font-size=\"15\">results after each move (%ld games)</text>\n",
		SVG_W, height, SVG_W, height, SVG_W, height, xq_svg_cjk_fonts, st.root_games);
	rows = 0;
	if (st.depth > 0)
		svg_tree(fp, &st.root, 0, &rows);
	/* the legend: a swatch of each colour and its name */
	for (int k = 0, x = 10; k < 4; k++) {
		fprintf(fp, "<rect class=\"swatch\" x=\"%d\" y=\"%d\" width=\"14\" height=\"14\" fill=\"%s\" "
			"stroke=\"#808080\"/><text x=\"%d\" y=\"%d\" font-size=\"12\">%s</text>\n",
			x, height - 26, svg_colours[k], x + 20, height - 14, svg_names[k]);
		x += 120;
	}
	fputs("</g>\n</svg>\n", fp);
}

static void print_all(void)
{
	struct outfile o;
	sort_edges();
	if (out_open(&o, st.o.outpath, st.inputs, st.ninputs) < 0)
		exit(EXIT_TROUBLE);
	if (st.o.json)
		print_json(o.fp);
	else
		print_text(o.fp);
	if (out_commit(&o) < 0)
		st.trouble = 1;
	if (st.svg) {
		if (out_open(&o, st.svg, st.inputs, st.ninputs) < 0)
			exit(EXIT_TROUBLE);
		print_svg(o.fp);
		if (out_commit(&o) < 0)
			st.trouble = 1;
	}
	free(edges);
}

static void set_root(const char *arg)
{
	struct xq_err err;
	if (strchr(arg, '/')) {
		if (xq_pos_from_fen(&st.root, arg, XQ_FEN_LAX, &err) < 0)
			die(EXIT_TROUBLE, "invalid FEN '%s': %s", arg, err.msg);
	} else {
		const char *p = arg, *mv;
		size_t n;
		int rc;
		xq_pos_start(&st.root);
		while ((rc = xq_moves_next(&st.root, &p, &mv, &n, &err)) > 0)
			;
		if (rc < 0)
			die(EXIT_TROUBLE, "invalid --from '%s': '%.*s': %s", arg, (int)n, mv, err.msg);
	}
	xq_pos_to_fen(&st.root, st.root_fen, sizeof st.root_fen);
	/* the counters are not part of the position */
	char *sp = strchr(st.root_fen, ' ');
	if (sp && (sp = strchr(sp + 1, ' ')))
		strcpy(sp, " - - 0 1");
}

/* The options into st; 1 when --partial is given. */
static int parse_options(int argc, char **argv)
{
	enum { OPT_FROM = 256, OPT_TOP, OPT_SVG, OPT_PARTIAL, OPT_MERGE, OPT_PART, OPT_BY, OPT_TRAD,
	       OPT_EXACT };
	static const struct option longopts[] = {
		{ "by", required_argument, NULL, OPT_BY },
		{ "jobs", required_argument, NULL, 'J' },
		{ "range", required_argument, NULL, OPT_RANGE },
		{ "depth", required_argument, NULL, 'p' },
		{ "exact-names", no_argument, NULL, OPT_EXACT },
		{ "player", required_argument, NULL, 'P' },
		{ "from", required_argument, NULL, OPT_FROM },
		{ "merge", no_argument, NULL, OPT_MERGE },
		{ "part", required_argument, NULL, OPT_PART },
		{ "partial", no_argument, NULL, OPT_PARTIAL },
		{ "svg", required_argument, NULL, OPT_SVG },
		{ "top", required_argument, NULL, OPT_TOP },
		{ "trad", no_argument, NULL, OPT_TRAD },
		{ NULL, 0, NULL, 0 },
	};
	const char *from_pos = NULL;
	int c, depth_given = 0, partial = 0;

	st.depth = 1;
	st.top = 20;
	st.o.pp = &st.pp;
	st.o.notation = XQ_NOTATION_CHINESE;
	while ((c = cmd_getopt(&st.o, argc, argv, "0e:f:hJ:jn:o:P:p:qRVv", longopts)) != -1) {
		switch (c) {
		case 'P':
			if ((!st.q && !(st.q = xq_query_new())) || xq_query_player(st.q, optarg) < 0)
				die(EXIT_TROUBLE, "out of memory");
			break;
		case OPT_EXACT: st.query_flags |= XQ_QUERY_EXACT_NAMES; break;
		case 'p':
			st.depth = (int)parse_number(optarg, 0, 1000, "depth");
			depth_given = 1;
			break;
		case OPT_FROM: from_pos = optarg; break;
		case OPT_TOP: st.top = (int)parse_number(optarg, 0, 1000000, "--top count"); break;
		case OPT_SVG: st.svg = optarg; break;
		case OPT_BY:
			if (strcmp(optarg, "ecco")) {
				warnx_("unknown --by '%s' (ecco)", optarg);
				usage(EXIT_TROUBLE);
			}
			st.by_ecco = 1;
			break;
		case OPT_TRAD: st.trad = 1; break;
		case 'J': st.jobs = cmd_jobs_arg(optarg); break;
		case OPT_RANGE: range_parse(optarg, &st.range_k, &st.range_n); break;
		case OPT_PARTIAL: partial = 1; break;
		case OPT_MERGE: st.merge = 1; break;
		case OPT_PART: st.part = parse_number(optarg, 1, PART_POS_MAX, "part number"); break;
		default: usage(EXIT_TROUBLE);
		}
	}
	if (partial && st.merge) {
		warnx_("--partial and --merge exclude each other");
		usage(EXIT_TROUBLE);
	}
	jobs_check_options(st.jobs, st.range_n, partial, st.merge);
	if (st.part && !partial) {
		warnx_("--part goes with --partial");
		usage(EXIT_TROUBLE);
	}
	if (st.merge && (from_pos || depth_given)) {
		warnx_("--merge takes --depth and --from from the parts");
		usage(EXIT_TROUBLE);
	}
	if (partial && (st.o.json || st.svg)) {
		warnx_("--partial writes counts only: -j and --svg go with --merge");
		usage(EXIT_TROUBLE);
	}
	if (st.merge && st.q) {
		warnx_("--merge takes the games the parts counted: -P goes with --partial");
		usage(EXIT_TROUBLE);
	}
	if (st.q)
		xq_query_set_flags(st.q, st.query_flags);
	set_root(from_pos ? from_pos : XQ_START_FEN);
	return partial;
}

/* --merge: the parts in the files argv[0..argc) (none: stdin) added up. */
static void merge_parts(int argc, char **argv)
{
	int have_header = 0;
	for (int i = 0; i < (argc ? argc : 1); i++) {
		const char *name;
		FILE *fp = record_open(argc ? argv[i] : NULL, &name);
		if (!fp || read_partial(fp, name, &have_header))
			st.trouble = 1;
		record_close(fp);
	}
	part_merge_free(&st.pm);
}

/* The games of the inputs counted; with partial, written as a part.  0,
 * or -1 when the part cannot be written (said). */
static int gather(int argc, char **argv, int partial)
{
	struct record_loop l = { 0 };
	struct outfile o;
	if (partial) {
		/* the diagnostics go into the part */
		if (out_open(&o, st.o.outpath, argv, argc) < 0)
			return -1;
		st.partial = o.fp;
		write_header(o.fp);
		st.pp.partial = o.fp;
		l.end = partial_end;
	}
	l.o = &st.o;
	l.game = stats_game;
	/* a part on standard output takes the diagnostics as they come */
	l.progress = progress_wanted(st.pp.quiet, partial);
	l.range_k = st.range_k;
	l.range_n = st.range_n;
	if (record_loop_run(&l, argc, argv))
		st.trouble = 1;
	if (st.partial) {
		write_partial(o.fp);
		if (out_commit(&o) < 0)
			st.trouble = 1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct jobs j;
	int partial, rc = -1;

	cmd_init(argv, usage_text);
	partial = parse_options(argc, argv);
	argc -= optind;
	argv += optind;
	cmd_inputs(&st.o, &argc, &argv);
	jobs_check_inputs(st.range_n, argc, argv);
	st.inputs = argv;
	st.ninputs = argc;
	if (st.jobs > 1 && (rc = jobs_start(&j, st.jobs, &st.o, stdout, &argc, &argv, &st.range_k,
					    &st.range_n)) == 1) {
		/* a worker: its part on its standard output */
		partial = 1;
		st.o.outpath = NULL;
	}
	if (rc == 0) {
		/* the workers' parts added up: what one job prints */
		merge_parts(j.parts, j.out);
		if (jobs_copy(j.err, j.parts, stderr) < 0 || j.failed || j.trouble)
			st.trouble = 1;
		jobs_end(&j);
	} else if (st.merge) {
		merge_parts(argc, argv);
	} else if (gather(argc, argv, partial) < 0) {
		return EXIT_TROUBLE;
	}
	if (!st.partial)
		print_all();
	tally_free(&st.names);
	memset(st.last_name, 0, sizeof st.last_name);
	tally_free(&st.edges);
	xq_query_free(st.q);
	return exit_status(1, st.trouble, st.invalid);
}
