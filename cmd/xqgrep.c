/*
 * xqgrep - select the games of a record stream that match: tags, players,
 * results, dates, lengths, positions (by Zobrist key), material, openings;
 * and drop duplicate games (--unique), also across machines (--keys out on
 * each part, --merge-keys in).
 */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <regex.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "record_input.h"
#include "tally.h"
#include "xq_format.h"

/* In two literals, each within the length C compilers must accept;
 * main() joins them. */
static const char usage_synopsis[] =
	"usage: xqgrep [-chlqVv] [-T tag-criterion] [-P player] [-r result]\n"
	"              [--date range] [--plies range] [--fen FEN] [--all-lines] [--mirror]\n"
	"              [--material spec [--material-either] [--material-plies N]]\n"
	"              [--at-ply range] [--opening moves] [--event-year]\n"
	"              [--ecco codes] [--opening-name text]\n"
	"              [--unique [--key tags] [--keys | --drops file]] [--partial] [--part N]\n"
	"              [-e enc] [-f fmt] [-E enc] [-n notation] [-t fmt] [-o file] [file ...]\n"
	"       xqgrep --merge-keys [--write-drops file] [file ...]\n"
	"       xqgrep --merge [file ...]\n";
static const char usage_options[] =
	"Write the games that match every criterion given, unchanged in content.\n"
	"\n"
	"  -T, --tag=CRIT       NAME=VALUE exact, NAME~TEXT substring, NAME=~RE regular\n"
	"                       expression (POSIX extended); repeat: all must hold\n"
	"  -P, --player=TEXT    Red or Black contains TEXT\n"
	"  -r, --result=R       1-0, 0-1, 1/2-1/2, * or red, black, draw\n"
	"      --date=FROM..TO  Date tag within the range; partial dates (1995,\n"
	"                       1995.06); either end may be left out\n"
	"      --event-year     --date: a game with no year in Date takes the year\n"
	"                       that Event names (a four-digit number standing alone)\n"
	"      --plies=N..M     main-line length in plies (N, N.., ..M, N..M)\n"
	"      --fen=FEN        the main line passes through this position (board and\n"
	"                       side to move); repeat for any of several\n"
	"      --all-lines      look in variations too (--fen, --material)\n"
	"      --mirror         match the left-right mirror of --fen too\n"
	"      --material=SPEC  RED/BLACK pieces on the board at some ply, e.g. R2NC/RN2P;\n"
	"                       a count before a letter may be N, N-M or N+; R N C P not\n"
	"                       named must be absent, A B K not named are free\n"
	"      --material-either  the other way round too (Red with BLACK's pieces)\n"
	"      --material-plies=N  --material in N positions in a row of one line\n"
	"                       (the same side with the same part of SPEC)\n"
	"      --at-ply=N..M    --fen and --material only at these plies\n"
	"      --opening=MOVES  the main line starts with these moves (any notation,\n"
	"                       from the usual start), e.g. '炮二平五 马8进7'\n"
	"      --ecco=CODES     the opening's ECCO code (classified from the moves)\n"
	"                       is one of CODES: C45, a prefix C4, a range C40-C49\n"
	"      --opening-name=TEXT  the ECCO opening or variation name contains TEXT\n"
	"                       (simplified or traditional characters)\n"
	"  -v, --invert-match   the games that do not match\n"
	"  -c, --count          only the number of matching games\n"
	"  -l, --files-with-matches  only the names of inputs with a match\n"
	"      --unique         drop duplicates (same start, same main line; with --key\n"
	"                       also the same tags), listing them and where the first is\n"
	"      --key=TAGS       comma-separated tags that duplicates must share too\n"
	"      --keys           with --unique: write the key of every game, not games\n"
	"      --merge-keys     read --keys output (parts in order) and report the\n"
	"                       duplicates exactly as one --unique run over the whole\n"
	"      --write-drops=FILE  with --merge-keys: the games each part drops, for\n"
	"                       a second pass with --drops\n"
	"      --drops=FILE --part=N  with --unique: the games of part N less those\n"
	"                       FILE drops; the parts must be those of --keys\n"
	"      --partial        a part's diagnostics, -c, -l on stderr for --merge\n"
	"      --part=N         --partial, --keys: part N (parallel's {#}), checked\n"
	"      --merge          --partial parts' stderr, in order, as one run's\n"
	"  -e, --encoding=ENC   input encoding (default: detect)\n"
	"  -f, --format=FMT     input format (default: detect)\n"
	"  -t, --to=FMT         output format: pgn (default), text, ...\n"
	"  -E, --output-encoding=ENC  output encoding (default utf-8)\n"
	"  -n, --notation=N     movetext notation (default: each game's own)\n"
	"  -o, --output=FILE    write to FILE (atomically); default standard output\n"
	"  -q, --quiet          no diagnostics\n"
	"      --verbose        notes too\n"
	"  -h, --help           this help\n"
	"  -V, --version        version\n"
	"\n"
	"Invalid games are reported as xqcheck reports them and never match; a game\n"
	"that fails -T, -p, -r or --date is not replayed, so its moves go unchecked.\n"
	"Exit status: 0 some game matched, 1 none, 2 usage or I/O error or invalid games.\n";

/* A game --drops drops: the part's game index of an input, its key. */
struct drop { int name; long index; uint64_t k[2]; };
/* An input of the part as --keys saw it: games and lines. */
struct held_input { int name; long games, lines; };

/* --- criteria */

enum tag_op { OP_EQ, OP_SUB, OP_RE };

struct tag_crit {
	char *name, *value;
	enum tag_op op;
	regex_t re;
};

struct range { long lo, hi; };  /* inclusive */

/* A piece count wanted: lo..hi; free when lo = 0 and hi = LONG_MAX. */
#define ANY_COUNT 1000
struct material { int lo[2][8], hi[2][8]; };

static struct {
	struct problem_printer pp;
	struct tag_crit *tags;
	int ntags;
	char **players;
	int nplayers;
	const char *result;
	int have_date;
	long date_lo, date_hi;
	int have_plies;
	struct range plies;
	uint64_t *fen_keys;
	struct xq_pos *fen_pos;      /* the positions of fen_keys, to confirm a match */
	int nfen;
	int fen_fewest;              /* the fewest pieces of those positions */
	int all_lines, mirror;
	int have_material, mat_either;
	long mat_plies;              /* --material-plies: 1 unless given */
	struct material mat;
	int event_year;
	int have_at;
	struct range at;
	uint64_t *open_keys;      /* keys[0..nopen] of the opening */
	int nopen;
	int have_ecco;
	struct xq_ecco_range ecco;   /* --ecco */
	const char *opening_name;    /* --opening-name */
	int invert, count, list;
	int unique, keys_out;
	char **key_tags;
	int nkey_tags;
	/* output */
	struct cmd_opts o;           /* -n ANY: each game's own notation */
	struct outfile out;
	struct xq_writer *w[XQ_NOTATION_UCI10 + 1];
	/* counts */
	long games, matched, invalid, written, dupes;
	long file_matched, file_invalid;
	int partial;                 /* --partial: diagnostics and counts as a part's */
	int nfiles;                  /* inputs named */
	int trouble;
	struct tally seen;
	char **names;             /* input names, for the duplicates report */
	int nnames;
	/* --drops FILE --part N: what this part drops, and what it held */
	struct drop *drops;
	size_t ndrops, next_drop;
	struct held_input *held;
	int nheld, inputs_done;
	long part;
	int parts_differ;
	const char *drops_path;
} st;

static char *xstrdup(const char *s)
{
	char *p = strdup(s);
	if (!p)
		die(EXIT_TROUBLE, "out of memory");
	return p;
}

static void *xrealloc(void *p, size_t n)
{
	if (!(p = realloc(p, n ? n : 1)))
		die(EXIT_TROUBLE, "out of memory");
	return p;
}

static void add_tag_crit(const char *arg)
{
	struct tag_crit c;
	size_t n = strcspn(arg, "=~");
	if (n == 0 || !arg[n]) {
		warnx_("invalid tag criterion '%s' (NAME=VALUE, NAME~TEXT or NAME=~RE)", arg);
		usage(EXIT_TROUBLE);
	}
	memset(&c, 0, sizeof c);
	c.name = xstrdup(arg);
	c.name[n] = '\0';
	if (arg[n] == '~') {
		c.op = OP_SUB;
		c.value = xstrdup(arg + n + 1);
	} else if (arg[n + 1] == '~') {
		int rc;
		c.op = OP_RE;
		c.value = xstrdup(arg + n + 2);
		if ((rc = regcomp(&c.re, c.value, REG_EXTENDED | REG_NOSUB)) != 0) {
			char msg[200];
			regerror(rc, &c.re, msg, sizeof msg);
			die(EXIT_TROUBLE, "invalid regular expression '%s': %s", c.value, msg);
		}
	} else {
		c.op = OP_EQ;
		c.value = xstrdup(arg + n + 1);
	}
	st.tags = xrealloc(st.tags, (size_t)(st.ntags + 1) * sizeof *st.tags);
	st.tags[st.ntags++] = c;
}

/* N, N.., ..M, N..M (also N-M) into r; 0 or -1. */
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

/* A PGN date, maybe partial ("1995", "1995.06", "1995.??.??", "1995-06-12"),
 * as the first and last day it can mean (YYYYMMDD); -1 when the year is
 * unknown or the text is no date. */
static int date_bounds(const char *s, long *lo, long *hi)
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
				return -1;
			part[i] = v;
		} else if (*p == '?') {
			while (*p == '?')
				p++;
		} else {
			return -1;
		}
		i++;
		if (*p == '.' || *p == '-' || *p == '/')
			p++;
		else if (*p)
			return -1;
	}
	if (part[0] < 0 || part[1] > 12 || part[2] > 31 || *p)
		return -1;
	*lo = part[0] * 10000 + (part[1] > 0 ? part[1] : 1) * 100 + (part[1] > 0 && part[2] > 0 ? part[2] : 1);
	*hi = part[0] * 10000 + (part[1] > 0 ? part[1] : 12) * 100 + (part[1] > 0 && part[2] > 0 ? part[2] : 31);
	return 0;
}

/* --event-year: the year Event names, as the days it can mean: a run of
 * four ASCII digits (1000-2999) with no digit either side; 0, or -1 when
 * Event names no year or years that differ. */
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

static void parse_date_range(const char *arg)
{
	const char *dots = strstr(arg, "..");
	long lo, hi;
	st.have_date = 1;
	st.date_lo = 0;
	st.date_hi = 99999999;
	if (!dots) {
		if (date_bounds(arg, &st.date_lo, &st.date_hi) < 0)
			goto bad;
		return;
	}
	if (dots != arg) {
		char *a = xstrdup(arg);
		a[dots - arg] = '\0';
		int rc = date_bounds(a, &lo, &hi);
		free(a);
		if (rc < 0)
			goto bad;
		st.date_lo = lo;
	}
	if (dots[2]) {
		if (date_bounds(dots + 2, &lo, &hi) < 0)
			goto bad;
		st.date_hi = hi;
	}
	if (st.date_lo <= st.date_hi)
		return;
bad:
	die(EXIT_TROUBLE, "invalid date range '%s' (e.g. 1990..1995.06)", arg);
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

static void add_fen(const char *fen)
{
	struct xq_pos pos;
	struct xq_err err;
	char m[256];
	if (xq_pos_from_fen(&pos, fen, XQ_FEN_LAX, &err) < 0)
		die(EXIT_TROUBLE, "invalid FEN '%s': %s", fen, err.msg);
	st.fen_keys = xrealloc(st.fen_keys, (size_t)(st.nfen + 2) * sizeof *st.fen_keys);
	st.fen_pos = xrealloc(st.fen_pos, (size_t)(st.nfen + 2) * sizeof *st.fen_pos);
	st.fen_pos[st.nfen] = pos;
	st.fen_keys[st.nfen++] = pos.key;
	/* (the mirror has as many) */
	int pieces = pieces_on(&pos);
	if (st.nfen == 1 || pieces < st.fen_fewest)
		st.fen_fewest = pieces;
	if (st.mirror) {
		xq_pos_to_fen(&pos, m, sizeof m);
		char mf[256];
		mirror_fen(m, mf, sizeof mf);
		if (xq_pos_from_fen(&pos, mf, XQ_FEN_LAX, &err) < 0)
			die(EXIT_TROUBLE, "cannot mirror FEN '%s': %s", fen, err.msg);
		st.fen_pos[st.nfen] = pos;
		st.fen_keys[st.nfen++] = pos.key;
	}
}

/* Material: kinds indexed by enum xq_type. */
static int piece_kind(char c)
{
	return xq_type_from_letter(c);
}

static void parse_material(const char *arg)
{
	const char *p = arg;
	int side = 0;
	for (int s = 0; s < 2; s++)
		for (int k = 0; k < 8; k++) {
			int fixed = k == XQ_CHARIOT || k == XQ_HORSE || k == XQ_CANNON || k == XQ_PAWN;
			st.mat.lo[s][k] = 0;
			st.mat.hi[s][k] = fixed ? 0 : ANY_COUNT;
		}
	for (;; p++) {
		long lo = 1, hi = 1;
		int k;
		if (*p == '/' || *p == '\0') {
			if (*p == '\0')
				break;
			if (++side > 1)
				goto bad;
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
					goto bad;
				p = end;
			}
		}
		if (!(k = piece_kind((char)(*p >= 'a' && *p <= 'z' ? *p - 32 : *p))))
			goto bad;
		st.mat.lo[side][k] = (int)lo;
		st.mat.hi[side][k] = (int)hi;
	}
	if (side != 1)
		goto bad;
	st.have_material = 1;
	return;
bad:
	die(EXIT_TROUBLE, "invalid material '%s' (e.g. R2NC/RN2P, 0-2P)", arg);
}

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

/* Whether counts n have the material of --material as written (bit 0)
 * and, with --material-either, the other way round (bit 1: Red with
 * BLACK's part, Black with RED's). */
static int material_matches(const int n[2][8])
{
	int hit = 0;
	for (int swap = 0; swap <= st.mat_either; swap++) {
		int ok = 1;
		for (int s = 0; s < 2 && ok; s++)
			for (int k = XQ_ADVISOR; k <= XQ_PAWN && ok; k++)
				ok = n[s][k] >= st.mat.lo[s ^ swap][k] && n[s][k] <= st.mat.hi[s ^ swap][k];
		hit |= ok << swap;
	}
	return hit;
}

/* Opening moves from the usual start, into keys. */
static void parse_opening(const char *arg)
{
	struct xq_pos pos;
	const char *p = arg;
	xq_pos_start(&pos);
	st.open_keys = xrealloc(NULL, sizeof *st.open_keys);
	st.open_keys[0] = pos.key;
	const char *mv;
	size_t n;
	struct xq_err err;
	int rc;
	while ((rc = xq_moves_next(&pos, &p, &mv, &n, &err)) > 0) {
		st.open_keys = xrealloc(st.open_keys, (size_t)(st.nopen + 2) * sizeof *st.open_keys);
		st.open_keys[++st.nopen] = pos.key;
	}
	if (rc < 0)
		die(EXIT_TROUBLE, "invalid opening '%s': move %d '%.*s': %s", arg,
		    st.nopen + 1, (int)n, mv, err.msg);
	if (!st.nopen)
		die(EXIT_TROUBLE, "invalid opening '%s': no moves", arg);
}

/* --- matching one game */

static int tag_matches(const struct xq_game *g, const struct tag_crit *c)
{
	for (const struct xq_tag *t = g->tags; t; t = t->next) {
		const char *a = t->name, *b = c->name;
		while (*a && *b && ((*a | 32) == (*b | 32)))
			a++, b++;
		if (*a || *b)
			continue;
		switch (c->op) {
		case OP_EQ: if (!strcmp(t->value, c->value)) return 1; break;
		case OP_SUB: if (strstr(t->value, c->value)) return 1; break;
		case OP_RE: if (regexec(&c->re, t->value, 0, NULL, 0) == 0) return 1; break;
		}
	}
	return 0;
}

static int in_at(int ply)
{
	return !st.have_at || (ply >= st.at.lo && ply <= st.at.hi);
}

/*
 * The search of one replayed game reads what replay left in its nodes
 * (XQ_NODE_PLAYED: the key after each move, what it captured): no move
 * is made again.  A node replay did not play ends its line, as in
 * xq_game_walk(); a game without errors has none.
 */
struct search {
	const struct xq_game *g;
	unsigned todo;          /* S_FEN, S_MAT: the criteria not met yet */
	int n[2][8];            /* --material: the pieces in the current position */
	int hit;                /* material_matches(n), kept while no capture */
};
enum { S_FEN = 1, S_MAT = 2 };

/* --material-plies: the positions in a row up to each ply of the current
 * line with the material, each way round (runs[ply][0..1]); kept between
 * games. */
static long (*runs)[2];
static size_t nruns;

/* A key match of --fen target i at node n (NULL: the start): the
 * position made again along the moves from the start (only here) and
 * compared whole, so that a Zobrist collision is no match. */
static int fen_confirm(const struct xq_game *g, const struct xq_node *n, int i)
{
	static const struct xq_node **path;
	static size_t cap;
	struct xq_pos pos = g->start;
	size_t d = 0;
	for (const struct xq_node *a = n; a && a->parent; a = a->parent) {
		if (d == cap)
			path = xrealloc(path, (cap = cap ? 2 * cap : 256) * sizeof *path);
		path[d++] = a;
	}
	while (d) {
		struct xq_undo u;
		xq_make(&pos, path[--d]->move, &u);
	}
	return xq_pos_same(&pos, &st.fen_pos[i]);
}

/* Whether key is one of --fen's (and maybe a collision). */
static inline int key_wanted(uint64_t key)
{
	for (int i = 0; i < st.nfen; i++)
		if (st.fen_keys[i] == key)
			return 1;
	return 0;
}

/* Whether the position with key, reached at node n (NULL: the start), is
 * one of --fen's. */
static int fen_hit(const struct xq_game *g, const struct xq_node *n, uint64_t key)
{
	for (int i = 0; i < st.nfen; i++)
		if (st.fen_keys[i] == key && fen_confirm(g, n, i))
			return 1;
	return 0;
}

/* --material at ply, whose material is se->hit: clears S_MAT when it
 * holds (for --material-plies positions in a row). */
static void material_at(struct search *se, int ply)
{
	int hit = in_at(ply) ? se->hit : 0;
	if (st.mat_plies <= 1) {
		if (hit)
			se->todo &= ~(unsigned)S_MAT;
		return;
	}
	if ((size_t)ply >= nruns) {
		nruns = nruns ? 2 * nruns : 1024;
		while (nruns <= (size_t)ply)
			nruns *= 2;
		runs = xrealloc(runs, nruns * sizeof *runs);
	}
	for (int w = 0; w < 2; w++) {
		runs[ply][w] = hit & (1 << w) ? (ply ? runs[ply - 1][w] : 0) + 1 : 0;
		if (runs[ply][w] >= st.mat_plies)
			se->todo &= ~(unsigned)S_MAT;
	}
}

/* The position at ply with key, reached by node n (NULL: the start;
 * se->n and se->hit already its own): 1 when the search is done. */
static inline int search_at(struct search *se, const struct xq_node *n, int ply, uint64_t key)
{
	if ((se->todo & S_FEN) && key_wanted(key) && in_at(ply) && fen_hit(se->g, n, key))
		se->todo &= ~(unsigned)S_FEN;
	if ((se->todo & S_MAT) && (se->hit || st.mat_plies > 1))
		material_at(se, ply);
	return !se->todo;
}

/* Node n's move made on the material (undo: taken back), while it is
 * still wanted. */
static inline void material_move(struct search *se, const struct xq_node *n, int ply, int undo)
{
	if (!n->taken || !(se->todo & S_MAT))
		return;
	/* the piece taken is the side's not to move before the move */
	int side = (se->g->start.side + ply) & 1;
	se->n[side][n->taken] += undo ? 1 : -1;
	se->hit = material_matches((const int (*)[8])se->n);
}

/* Every line below the start, in pre-order over the links (one path of
 * material kept, no position): 1 when the search is done. */
static int search_tree(struct search *se)
{
	const struct xq_node *n = se->g->root.child;
	int ply = 1;
	while (n) {
		if (n->flags & XQ_NODE_PLAYED) {
			material_move(se, n, ply, 0);
			if (search_at(se, n, ply, n->key))
				return 1;
			if (n->child) {
				n = n->child;
				ply++;
				continue;
			}
			material_move(se, n, ply, 1);
		}
		/* on to the next alternative, up as far as needed */
		while (!n->next) {
			n = n->parent;
			if (!n->parent)
				return 0;
			ply--;
			material_move(se, n, ply, 1);
		}
		n = n->next;
	}
	return 0;
}

/* The criteria that need only the tags and the result token. */
static int tags_match(const struct xq_game *g)
{
	for (int i = 0; i < st.ntags; i++)
		if (!tag_matches(g, &st.tags[i]))
			return 0;
	for (int i = 0; i < st.nplayers; i++) {
		const char *red = xq_game_tag(g, "Red"), *black = xq_game_tag(g, "Black");
		if (!(red && strstr(red, st.players[i])) && !(black && strstr(black, st.players[i])))
			return 0;
	}
	if (st.result && strcmp(xq_game_result(g), st.result))
		return 0;
	if (st.have_date) {
		const char *d = xq_game_tag(g, "Date");
		long lo, hi;
		if ((!d || date_bounds(d, &lo, &hi) < 0) &&
		    (!st.event_year || event_year(g, &lo, &hi) < 0))
			return 0;
		if (lo < st.date_lo || hi > st.date_hi)
			return 0;
	}
	return 1;
}

/* The criteria that need the moves (a replayed game). */
static int moves_match(const struct xq_game *g)
{
	if (st.have_plies) {
		int n = xq_game_plies(g);
		if (n < st.plies.lo || n > st.plies.hi)
			return 0;
	}
	if (st.nopen) {
		const struct xq_node *n = g->root.child;
		if (g->start.key != st.open_keys[0])
			return 0;
		for (int ply = 1; ply <= st.nopen; ply++, n = n->child)
			if (!n || !(n->flags & XQ_NODE_PLAYED) || n->key != st.open_keys[ply])
				return 0;
	}
	if (st.have_ecco || st.opening_name) {
		struct xq_ecco e;
		if (xq_ecco_game(g, &e) < 0)
			return 0;
		if (st.have_ecco && !xq_ecco_range_has(&st.ecco, e.code))
			return 0;
		if (st.opening_name && !strstr(e.opening, st.opening_name) &&
		    !strstr(e.variation, st.opening_name) && !strstr(e.opening_trad, st.opening_name) &&
		    !strstr(e.variation_trad, st.opening_name))
			return 0;
	}
	if (st.nfen || st.have_material) {
		struct search se;
		se.g = g;
		se.todo = (st.nfen ? S_FEN : 0) | (st.have_material ? S_MAT : 0);
		se.hit = 0;
		if (st.have_material) {
			count_material(&g->start, se.n);
			se.hit = material_matches((const int (*)[8])se.n);
		}
		/* the start position counts as ply 0 */
		if (search_at(&se, NULL, 0, g->start.key))
			return 1;
		if (st.all_lines)
			return search_tree(&se);
		int ply = 1;
		if (se.todo == S_FEN && st.nfen <= 2) {
			/* the common case: one position (and its mirror; k1 is
			 * k0 without), not looked for past the capture that
			 * leaves fewer pieces than it has (none comes back) */
			uint64_t k0 = st.fen_keys[0], k1 = st.fen_keys[st.nfen - 1];
			const struct xq_node *n = g->root.child;
			int left = pieces_on(&g->start);
			for (; n && (n->flags & XQ_NODE_PLAYED); n = n->child, ply++) {
				if ((left -= (n->flags & XQ_NODE_CAPTURE) != 0) < st.fen_fewest)
					return 0;
				if ((n->key == k0 || n->key == k1) && search_at(&se, n, ply, n->key))
					return 1;
			}
			return 0;
		}
		for (const struct xq_node *n = g->root.child; n && (n->flags & XQ_NODE_PLAYED);
		     n = n->child, ply++) {
			material_move(&se, n, ply, 0);
			if (search_at(&se, n, ply, n->key))
				return 1;
		}
		return 0;
	}
	return 1;
}

/* --- output */

/*
 * Diagnostics go out in blocks, not a write per line (--unique may note a
 * duplicate for nearly every game), except on a terminal.  stderr is
 * flushed before anything is written to an output, and after each problem
 * a writer reports while writing, so that the two streams keep the order
 * they had with a write per line.
 */
static void sync_stderr(void)
{
	fflush(stderr);
}

static void print_problem_now(void *data, const struct xq_problem *p)
{
	print_problem(data, p);
	fflush(stderr);
}

static struct xq_writer *writer_for(const struct xq_game *g)
{
	enum xq_notation n = st.o.notation != XQ_NOTATION_ANY ? st.o.notation :
		g->notation != XQ_NOTATION_ANY ? g->notation : XQ_NOTATION_CHINESE;
	const char *name = st.o.outpath ? st.o.outpath : "<stdout>";
	if (!st.w[n] &&
	    !(st.w[n] = record_writer_open(st.out.fp, name, &st.o, n, 0, print_problem_now, &st.pp)))
		exit(EXIT_TROUBLE);   /* said */
	return st.w[n];
}

static void write_game(const struct xq_game *g)
{
	struct xq_writer *w = writer_for(g);
	int rc;
	sync_stderr();
	rc = xq_writer_write(w, g);
	if (rc == XQ_EIO)
		die(EXIT_TROUBLE, "error writing '%s': %s", st.o.outpath ? st.o.outpath : "<stdout>",
		    strerror(errno ? errno : EIO));
	if (rc < 0)
		st.trouble = 1;   /* reported by the writer */
	else
		st.written++;
}

/* --- duplicates */

/* The duplicate key of a game: start position, main-line moves and the
 * --key tags, hashed to 128 bits. */
static void game_key(const struct xq_game *g, uint64_t k[2])
{
	/* the bytes hashed, kept from one game to the next */
	static unsigned char *buf;
	static size_t cap;
	size_t n = 8;
	if (!cap)
		buf = xrealloc(NULL, cap = 4096);
	memcpy(buf, &g->start.key, 8);
	for (const struct xq_node *nd = g->root.child; nd && nd->move != XQ_MOVE_NONE; nd = nd->child) {
		if (n + 2 > cap)
			buf = xrealloc(buf, cap *= 2);
		buf[n++] = (unsigned char)(nd->move >> 8);
		buf[n++] = (unsigned char)nd->move;
	}
	for (int i = 0; i < st.nkey_tags; i++) {
		const char *v = xq_game_tag(g, st.key_tags[i]);
		size_t len = v ? strlen(v) + 1 : 0;
		if (n + len + 1 > cap)
			buf = xrealloc(buf, cap = 2 * cap + len);
		buf[n++] = v ? 1 : 0;
		if (v) {
			memcpy(buf + n, v, len);
			n += len;
		}
	}
	k[0] = tally_hash(buf, n, 0x5851f42d4c957f2dULL);
	k[1] = tally_hash(buf, n, 0x14057b7ef767814fULL);
}

static int name_id(const char *name)
{
	for (int i = 0; i < st.nnames; i++)
		if (!strcmp(st.names[i], name))
			return i;
	st.names = xrealloc(st.names, (size_t)(st.nnames + 1) * sizeof *st.names);
	st.names[st.nnames] = xstrdup(name);
	return st.nnames++;
}

/* Record a game's key; 1 when an earlier game had it (reported). */
static int seen_before(const uint64_t k[2], const char *name, long index, long line)
{
	struct tally_entry *e = tally_get(&st.seen, k, 16, 1);
	if (e->v[0]) {
		const char *first = st.names[e->v[0] - 1];
		st.dupes++;
		if (st.pp.quiet)
			return 1;
		diag(name, line, 0, "note", "game %ld is a duplicate of game %ld (%s:%ld)",
		     index, e->v[1], first, e->v[2]);
		return 1;
	}
	e->v[0] = name_id(name) + 1;
	e->v[1] = index;
	e->v[2] = line;
	return 0;
}

static void unique_summary(void)
{
	fprintf(stderr, "%s: %ld game%s, %ld duplicate%s removed, %ld kept\n", progname,
		st.matched, st.matched == 1 ? "" : "s", st.dupes, st.dupes == 1 ? "" : "s",
		st.matched - st.dupes);
}

/* --merge-keys: each part's --keys output starts with "#xqgrep-keys 1",
 * then lines "KEY NAME INDEX LINE" and, ending each input of the part,
 * "#end NAME GAMES LINES"; the numbers of later parts are shifted by the
 * games and lines of the earlier parts of the same name.
 * --write-drops FILE: "#xqgrep-drops 1", then for each part K (counted by
 * its header, from 1 as GNU parallel's {#}) "#part K NAME GAMES LINES" for
 * each input and "D K INDEX KEY NAME" for each game it drops (a duplicate
 * of an earlier game of any part), the index its own. */
#define KEYS_HEADER "#xqgrep-keys\t1"
#define PART_COUNT_MAX 1000000000000000L   /* games or lines of a part: sums stay far from overflow */
#define DROPS_HEADER "#xqgrep-drops\t1"
struct part_offset { char *name; long games, lines; };

static int merge_keys(int argc, char **argv, const char *drops_path)
{
	struct part_offset *off = NULL;
	struct part_merge pm = { 0 };
	struct outfile dout = { 0 };
	int noff = 0, status = 0;
	long part = 0;
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	if (drops_path) {
		if (out_open(&dout, drops_path, argv, argc) < 0)
			return EXIT_TROUBLE;
		fprintf(dout.fp, "%s\n", DROPS_HEADER);   /* nothing said yet */
	}
	for (int i = 0; i < (argc ? argc : 1); i++) {
		const char *name;
		FILE *fp = record_open(argc ? argv[i] : NULL, &name);
		long lineno = 0;
		if (!fp) {
			status = EXIT_TROUBLE;
			continue;
		}
		while ((len = getline(&line, &cap, fp)) > 0) {
			char key[40], pname[4096];
			long a, b;
			int j;
			uint64_t k[2];
			lineno++;
			if (line[len - 1] == '\n')
				line[--len] = '\0';
			if (!strncmp(line, KEYS_HEADER, sizeof KEYS_HEADER - 1) &&
			    (!line[sizeof KEYS_HEADER - 1] || line[sizeof KEYS_HEADER - 1] == '\t')) {
				const char *num = line[sizeof KEYS_HEADER - 1] ? line + sizeof KEYS_HEADER : NULL;
				part++;
				if (part_begin(&pm, num, name, lineno) < 0)
					status = EXIT_TROUBLE;
				continue;
			}
			/* names are the last field but one; they hold no tab */
			if (sscanf(line, "%39[^\t]\t%4095[^\t]\t%ld\t%ld", key, pname, &a, &b) != 4 ||
			    a < 0 || b < 0 || a > PART_COUNT_MAX || b > PART_COUNT_MAX) {
				diag(name, lineno, 0, "error", "not a line of xqgrep --keys");
				status = EXIT_TROUBLE;
				continue;
			}
			if (drops_path && !part) {
				diag(name, lineno, 0, "error",
				     "a line of xqgrep --keys before the first part's header");
				status = EXIT_TROUBLE;
				continue;
			}
			for (j = 0; j < noff && strcmp(off[j].name, pname); j++)
				;
			if (j == noff) {
				off = xrealloc(off, (size_t)(noff + 1) * sizeof *off);
				off[noff].name = xstrdup(pname);
				off[noff].games = off[noff].lines = 0;
				noff++;
			}
			if (!strcmp(key, "#end")) {
				if (off[j].games > PART_COUNT_MAX - a || off[j].lines > PART_COUNT_MAX - b) {
					diag(name, lineno, 0, "error", "too many games or lines");
					status = EXIT_TROUBLE;
					continue;
				}
				off[j].games += a;
				off[j].lines += b;
				if (drops_path) {
					sync_stderr();
					fprintf(dout.fp, "#part\t%ld\t%s\t%ld\t%ld\n", part, pname, a, b);
				}
				continue;
			}
			if (strlen(key) != 32 || sscanf(key, "%16" SCNx64 "%16" SCNx64, &k[0], &k[1]) != 2) {
				diag(name, lineno, 0, "error", "not a key of xqgrep --keys");
				status = EXIT_TROUBLE;
				continue;
			}
			st.matched++;
			if (seen_before(k, pname, a + off[j].games, b + off[j].lines) && drops_path) {
				sync_stderr();
				fprintf(dout.fp, "D\t%ld\t%ld\t%s\t%s\n", part, a, key, pname);
			}
		}
		if (ferror(fp)) {
			warnx_("error reading '%s': %s", name, strerror(errno));
			status = EXIT_TROUBLE;
		}
		record_close(fp);
	}
	free(line);
	unique_summary();
	for (int j = 0; j < noff; j++)
		free(off[j].name);
	free(off);
	part_merge_free(&pm);
	sync_stderr();
	if (drops_path) {
		if (status)
			out_abort(&dout);
		else if (out_commit(&dout) < 0)
			status = EXIT_TROUBLE;
	}
	close_stdout();
	if (status)
		return status;
	return st.matched ? EXIT_OK : EXIT_FINDINGS;
}

static void invalid_summary(long games, long invalid)
{
	fprintf(stderr, "%s: %ld game%s, %ld invalid (reported above, not searched)\n",
		progname, games, games == 1 ? "" : "s", invalid);
}

/*
 * --partial: one part of a big input.  Standard output is what the part
 * writes (the games, or --keys); the diagnostics go to standard error as
 * the lines of a part (record_input.h), and -c and -l are counted there
 * too:
 *   #xqgrep-partial 1 [N]
 *   P ...                              a diagnostic
 *   #end name games lines bytes matched invalid
 *   #counts games invalid count inputs flags trouble
 *                                      count: what -c prints (duplicates
 *                                      --drops dropped left out); flags:
 *                                      c, l, q as given, then "-"
 * Other lines (a message such as "cannot open") pass through the merge,
 * which then ends in trouble.
 * --merge prints on standard error what one run prints there (less the
 * duplicate report, which is --merge-keys'), and on standard output what
 * -c or -l print.
 */
struct grep_merging {
	struct part_merge m;
	char flags[8];               /* the first part's */
	long games, invalid, count, inputs;
	int trouble, in_part;
};

/* One line of the parts: 0, or -1 (said). */
static int merge_part_line(void *data, char *line, const char *name, long lineno)
{
	struct grep_merging *mg = data;
	size_t plen = strlen(progname);
	char *f[12];
	int n;
	struct part_input *in;
	struct xq_problem p;
	long v[6];
	if (!strncmp(line, progname, plen) && !strncmp(line + plen, ": ", 2)) {
		/* said by a part: said again, and trouble */
		fprintf(stderr, "%s\n", line);
		return -1;
	}
	n = part_split(line, f, 11);
	if (part_is_header(f, n, "xqgrep", 0)) {
		int rc = 0;
		if (mg->in_part) {
			diag(name, lineno, 0, "error",
			     "a part starts before the one before it ended (#counts)");
			rc = -1;
		}
		mg->in_part = 1;
		return part_begin(&mg->m, n == 3 ? f[2] : NULL, name, lineno) < 0 ? -1 : rc;
	}
	if (!mg->in_part)
		goto bad;
	if (!strcmp(f[0], "P")) {
		if (part_problem(&mg->m, f, n, &p, &in) < 0)
			goto bad;
		/* -l: one run stops reading an input at its first match */
		if (!in->hit)
			print_problem_always(&p);
		return 0;
	}
	if (!strcmp(f[0], "#end") && n == 7) {
		long g, mt, inv;
		if (part_number(f[2], &g) < 0 || part_number(f[5], &mt) < 0 ||
		    part_number(f[6], &inv) < 0 || inv > g || part_end(&mg->m, f, n, &in) < 0)
			goto bad;
		if (in->hit)
			return 0;
		if (mg->games > PART_POS_MAX - g || in->matched > PART_POS_MAX - mt)
			goto bad;
		mg->games += g;
		mg->invalid += inv;
		in->matched += mt;
		if (strchr(mg->flags, 'l') && mt) {
			in->hit = 1;
			sync_stderr();
			printf("%s\n", in->name);
		}
		return 0;
	}
	if (!strcmp(f[0], "#counts") && n == 7) {
		size_t fl = strlen(f[5]);
		int rc = 0;
		for (int k = 0; k < 4; k++)
			if (part_number(f[k + 1], &v[k]) < 0)
				goto bad;
		if (!fl || fl >= sizeof mg->flags || strspn(f[5], "clq") != fl - 1 ||
		    f[5][fl - 1] != '-' || (strcmp(f[6], "0") && strcmp(f[6], "1")) ||
		    mg->count > PART_POS_MAX - v[2])
			goto bad;
		if (mg->m.parts > 1 && strcmp(mg->flags, f[5])) {
			diag(name, lineno, 0, "error", "parts made with other -c, -l or -q");
			rc = -1;
		}
		if (mg->m.parts == 1)
			strcpy(mg->flags, f[5]);
		mg->count += v[2];
		if (v[3] > mg->inputs)
			mg->inputs = v[3];
		if (f[6][0] == '1')
			mg->trouble = 1;
		mg->in_part = 0;
		return rc;
	}
bad:
	diag(name, lineno, 0, "error", "not a line of xqgrep --partial");
	return -1;
}

static int merge_parts(int argc, char **argv)
{
	struct grep_merging mg;
	int trouble;
	memset(&mg, 0, sizeof mg);
	trouble = part_read(argc, argv, merge_part_line, &mg) || mg.trouble;
	if (mg.in_part) {
		warnx_("the last part ends without its #counts line (cut short?)");
		trouble = 1;
	}
	sync_stderr();
	if (strchr(mg.flags, 'c')) {
		if (mg.inputs > 1 || mg.m.nin > 1)
			for (int i = 0; i < mg.m.nin; i++)
				printf("%s:%ld\n", mg.m.in[i].name, mg.m.in[i].matched);
		else
			printf("%ld\n", mg.count);
	}
	if (mg.invalid && !strchr(mg.flags, 'q'))
		invalid_summary(mg.games, mg.invalid);
	part_merge_free(&mg.m);
	sync_stderr();
	close_stdout();
	if (trouble || mg.invalid)
		return EXIT_TROUBLE;
	return mg.count > 0 ? EXIT_OK : EXIT_FINDINGS;
}

/* --drops FILE --part N: read what part N drops and what it held from
 * fp; 0, or -1 with *lineno the bad line's number (0: a read error). */
static int read_drops(FILE *fp, long *lineno)
{
	char *line = NULL, *f[6];
	size_t cap = 0;
	ssize_t len;
	int rc = -1;
	*lineno = 0;
	while ((len = getline(&line, &cap, fp)) > 0) {
		int n = 0;
		long k, v1, v2;
		char *end;
		++*lineno;
		if (line[len - 1] == '\n')
			line[--len] = '\0';
		if (*lineno == 1) {
			if (strcmp(line, DROPS_HEADER))
				goto out;
			continue;
		}
		f[n++] = line;
		for (char *p = line; *p && n < 6; p++)
			if (*p == '\t') {
				*p = '\0';
				f[n++] = p + 1;
			}
		if (n != 5)
			goto out;
		errno = 0;
		k = strtol(f[1], &end, 10);
		if (*end || end == f[1] || errno || k < 1)
			goto out;
		if (!strcmp(f[0], "#part")) {
			v1 = strtol(f[3], &end, 10);
			if (*end || end == f[3] || v1 < 0)
				goto out;
			v2 = strtol(f[4], &end, 10);
			if (*end || end == f[4] || v2 < 0 || errno)
				goto out;
			if (k != st.part)
				continue;
			st.held = xrealloc(st.held, (size_t)(st.nheld + 1) * sizeof *st.held);
			st.held[st.nheld].name = name_id(f[2]);
			st.held[st.nheld].games = v1;
			st.held[st.nheld].lines = v2;
			st.nheld++;
		} else if (!strcmp(f[0], "D")) {
			struct drop d;
			d.index = strtol(f[2], &end, 10);
			if (*end || end == f[2] || d.index < 1 || errno || strlen(f[3]) != 32 ||
			    strspn(f[3], "0123456789abcdef") != 32 ||
			    sscanf(f[3], "%16" SCNx64 "%16" SCNx64, &d.k[0], &d.k[1]) != 2)
				goto out;
			if (k != st.part)
				continue;
			d.name = name_id(f[4]);
			st.drops = xrealloc(st.drops, (st.ndrops + 1) * sizeof *st.drops);
			st.drops[st.ndrops++] = d;
		} else {
			goto out;
		}
	}
	if (ferror(fp))
		*lineno = 0;
	else if (*lineno > 0)
		rc = 0;
	else
		*lineno = 1;    /* empty: no header */
out:
	free(line);
	return rc;
}

static void load_drops(const char *path)
{
	const char *name;
	FILE *fp = record_open(path, &name);
	long lineno;
	if (!fp)
		exit(EXIT_TROUBLE);   /* said */
	if (read_drops(fp, &lineno) < 0) {
		if (lineno)
			diag(name, lineno, 0, "error", "not a line of xqgrep --merge-keys --write-drops");
		else
			warnx_("error reading '%s': %s", name, strerror(errno));
		exit(EXIT_TROUBLE);
	}
	record_close(fp);
	if (!st.nheld)
		die(EXIT_TROUBLE, "'%s' has no part %ld", name, st.part);
}

/* Part N is not the part --keys saw: said once, and trouble. */
__attribute__((format(printf, 2, 3)))
static void parts_differ(const char *name, const char *fmt, ...)
{
	char what[200];
	va_list ap;
	st.trouble = 1;
	if (st.parts_differ++)
		return;
	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	diag(name, 0, 0, "error", "part %ld: %s, not as --keys saw it "
	     "(run both passes on the same parts: the same parallel options)", st.part, what);
}

/* Whether --drops drops this game (its key k); a game listed whose key
 * differs means the parts are not those of --keys. */
static int dropped(const char *name, long index, const uint64_t k[2])
{
	const struct drop *d;
	if (st.next_drop == st.ndrops)
		return 0;
	d = &st.drops[st.next_drop];
	if (strcmp(st.names[d->name], name) || d->index != index)
		return 0;
	st.next_drop++;
	st.dupes++;
	if (d->k[0] != k[0] || d->k[1] != k[1])
		parts_differ(name, "game %ld is another game", index);
	return 1;
}

/* After an input of part N: it held what --keys saw. */
static void check_held(const char *name, long games, long lines)
{
	const struct held_input *h = st.inputs_done < st.nheld ? &st.held[st.inputs_done] : NULL;
	st.inputs_done++;
	if (!h || strcmp(st.names[h->name], name))
		parts_differ(name, "input %d is another input", st.inputs_done);
	else if (h->games != games || h->lines != lines)
		parts_differ(name, "%ld games in %ld lines", games, lines);
}

/* --- the input loop */

static enum record_step grep_game(struct record_loop *l, struct xq_game *g)
{
	const char *name = l->name;
	st.games++;
	/* Games are read unreplayed: one that fails a tag criterion is
	 * not replayed at all (unless -v wants it written). */
	int m = tags_match(g);
	if (!m && !st.invert)
		return RECORD_NEXT;
	xq_game_replay(g, name, print_problem, &st.pp);
	if (g->errors) {
		st.invalid++;
		st.file_invalid++;
		return RECORD_NEXT;
	}
	if ((m && moves_match(g)) != st.invert) {
		int dup = 0;
		st.matched++;
		st.file_matched++;
		if (st.unique) {
			uint64_t k[2];
			game_key(g, k);
			if (st.keys_out) {
				sync_stderr();
				printf("%016" PRIx64 "%016" PRIx64 "\t%s\t%ld\t%ld\n",
				       k[0], k[1], name, g->index, g->line);
			} else if (st.drops_path)
				dup = dropped(name, g->index, k);
			else
				dup = seen_before(k, name, g->index, g->line);

		}
		if (!dup && !st.count && !st.list && !st.keys_out)
			write_game(g);
	}
	return st.list && st.file_matched ? RECORD_DONE : RECORD_NEXT;
}

/* After an input: its line of --keys, -c or -l. */
static void grep_end(struct record_loop *l)
{
	sync_stderr();
	if (st.keys_out)
		printf("#end\t%s\t%ld\t%ld\n", l->name, l->input_games, xq_reader_line(l->r));
	if (st.drops_path)
		check_held(l->name, l->input_games, xq_reader_line(l->r));
	if (st.partial) {
		/* -c and -l come from the merge */
		fputs("#end\t", stderr);
		part_put_text(stderr, l->name, 0);
		fprintf(stderr, "\t%ld\t%ld\t%llu\t%ld\t%ld\n", l->input_games, xq_reader_line(l->r),
			(unsigned long long)xq_reader_offset(l->r), st.file_matched, st.file_invalid);
	} else if (st.count && st.nfiles > 1) {
		fprintf(st.out.fp, "%s:%ld\n", l->name, st.file_matched);
	} else if (st.list && st.file_matched) {
		fprintf(st.out.fp, "%s\n", l->name);
	}
	st.file_matched = st.file_invalid = 0;
}

int main(int argc, char **argv)
{
	enum { OPT_DATE = 256, OPT_PLIES, OPT_FEN, OPT_ALL, OPT_MIRROR, OPT_MAT, OPT_AT,
	       OPT_OPEN, OPT_UNIQUE, OPT_KEY, OPT_KEYS, OPT_MERGE, OPT_VERBOSE,
	       OPT_WRITE_DROPS, OPT_DROPS, OPT_PART, OPT_EITHER, OPT_MAT_PLIES,
	       OPT_EVENT_YEAR, OPT_PARTIAL, OPT_MERGE_PARTS, OPT_ECCO, OPT_OPEN_NAME };
	static const struct option longopts[] = {
		{ "all-lines", no_argument, NULL, OPT_ALL },
		{ "at-ply", required_argument, NULL, OPT_AT },
		{ "count", no_argument, NULL, 'c' },
		{ "date", required_argument, NULL, OPT_DATE },
		{ "drops", required_argument, NULL, OPT_DROPS },
		{ "ecco", required_argument, NULL, OPT_ECCO },
		{ "event-year", no_argument, NULL, OPT_EVENT_YEAR },
		{ "fen", required_argument, NULL, OPT_FEN },
		{ "files-with-matches", no_argument, NULL, 'l' },
		{ "invert-match", no_argument, NULL, 'v' },
		{ "key", required_argument, NULL, OPT_KEY },
		{ "keys", no_argument, NULL, OPT_KEYS },
		{ "material", required_argument, NULL, OPT_MAT },
		{ "material-either", no_argument, NULL, OPT_EITHER },
		{ "material-plies", required_argument, NULL, OPT_MAT_PLIES },
		{ "merge", no_argument, NULL, OPT_MERGE_PARTS },
		{ "merge-keys", no_argument, NULL, OPT_MERGE },
		{ "mirror", no_argument, NULL, OPT_MIRROR },
		{ "opening", required_argument, NULL, OPT_OPEN },
		{ "opening-name", required_argument, NULL, OPT_OPEN_NAME },
		{ "part", required_argument, NULL, OPT_PART },
		{ "partial", no_argument, NULL, OPT_PARTIAL },
		{ "player", required_argument, NULL, 'P' },
		{ "plies", required_argument, NULL, OPT_PLIES },
		{ "result", required_argument, NULL, 'r' },
		{ "tag", required_argument, NULL, 'T' },
		{ "to", required_argument, NULL, 't' },
		{ "unique", no_argument, NULL, OPT_UNIQUE },
		{ "verbose", no_argument, NULL, OPT_VERBOSE },
		{ "write-drops", required_argument, NULL, OPT_WRITE_DROPS },
		{ NULL, 0, NULL, 0 },
	};
	char **fens = NULL;
	int nfens = 0, c, merge = 0, merge_p = 0;
	const char *opening = NULL, *write_drops = NULL;
	struct record_loop l = { 0 };

	static char usage_text[sizeof usage_synopsis + sizeof usage_options];
	memcpy(usage_text, usage_synopsis, sizeof usage_synopsis - 1);
	memcpy(usage_text + sizeof usage_synopsis - 1, usage_options, sizeof usage_options);
	cmd_init(argv, usage_text);
	/* diagnostics in blocks (see sync_stderr), a line at a time on a
	 * terminal */
	setvbuf(stderr, NULL, isatty(STDERR_FILENO) ? _IOLBF : _IOFBF, 1 << 16);
	st.o.own = "tv";             /* -v is --invert-match; -t refuses one-game formats */
	st.o.pp = &st.pp;
	while ((c = cmd_getopt(&st.o, argc, argv, "cE:e:f:hln:o:P:qr:T:t:Vv", longopts)) != -1) {
		switch (c) {
		case 'c': st.count = 1; break;
		case 'l': st.list = 1; break;
		case 'P':
			st.players = xrealloc(st.players, (size_t)(st.nplayers + 1) * sizeof *st.players);
			st.players[st.nplayers++] = optarg;
			break;
		case 'r': {
			static const char *const words[][2] = {
				{ "red", "1-0" }, { "black", "0-1" }, { "draw", "1/2-1/2" },
				{ "1-0", "1-0" }, { "0-1", "0-1" }, { "1/2-1/2", "1/2-1/2" },
				{ "*", "*" }, { "unknown", "*" },
			};
			st.result = NULL;
			for (size_t i = 0; i < sizeof words / sizeof *words; i++)
				if (!strcmp(optarg, words[i][0]))
					st.result = words[i][1];
			if (!st.result)
				st.result = xq_result_word(optarg, strlen(optarg));
			if (!st.result) {
				warnx_("unknown result '%s'", optarg);
				usage(EXIT_TROUBLE);
			}
			break;
		}
		case 'T': add_tag_crit(optarg); break;
		case 't':
			if (!xq_format_find(optarg) || !xq_format_find(optarg)->write ||
			    (xq_format_find(optarg)->flags & XQ_FORMAT_ONE_GAME)) {
				warnx_("unknown output format '%s' (or one that holds one game)", optarg);
				usage(EXIT_TROUBLE);
			}
			st.o.to = optarg;
			break;
		case 'v': st.invert = 1; break;
		case OPT_DATE: parse_date_range(optarg); break;
		case OPT_PLIES:
			if (parse_range(optarg, &st.plies) < 0)
				die(EXIT_TROUBLE, "invalid ply range '%s' (N, N.., ..M or N..M)", optarg);
			st.have_plies = 1;
			break;
		case OPT_FEN:
			fens = xrealloc(fens, (size_t)(nfens + 1) * sizeof *fens);
			fens[nfens++] = optarg;
			break;
		case OPT_ALL: st.all_lines = 1; break;
		case OPT_MIRROR: st.mirror = 1; break;
		case OPT_MAT: parse_material(optarg); break;
		case OPT_AT:
			if (parse_range(optarg, &st.at) < 0)
				die(EXIT_TROUBLE, "invalid ply range '%s' (N, N.., ..M or N..M)", optarg);
			st.have_at = 1;
			break;
		case OPT_OPEN: opening = optarg; break;
		case OPT_ECCO:
			if (xq_ecco_range_parse(optarg, &st.ecco))
				die(EXIT_TROUBLE, "invalid ECCO codes '%s' (C45, C4, C40-C49)", optarg);
			st.have_ecco = 1;
			break;
		case OPT_OPEN_NAME: st.opening_name = optarg; break;
		case OPT_UNIQUE: st.unique = 1; break;
		case OPT_KEY: {
			char *s = xstrdup(optarg), *tok, *save = NULL;
			for (tok = strtok_r(s, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
				st.key_tags = xrealloc(st.key_tags, (size_t)(st.nkey_tags + 1) * sizeof *st.key_tags);
				st.key_tags[st.nkey_tags++] = tok;
			}
			break;
		}
		case OPT_KEYS: st.keys_out = 1; break;
		case OPT_MERGE: merge = 1; break;
		case OPT_VERBOSE: st.pp.verbose = 1; break;
		case OPT_WRITE_DROPS: write_drops = optarg; break;
		case OPT_EITHER: st.mat_either = 1; break;
		case OPT_MAT_PLIES:
			st.mat_plies = parse_number(optarg, 1, XQ_MAX_GAME_MOVES + 1, "number of plies");
			break;
		case OPT_EVENT_YEAR: st.event_year = 1; break;
		case OPT_PARTIAL: st.partial = 1; break;
		case OPT_MERGE_PARTS: merge_p = 1; break;
		case OPT_DROPS: st.drops_path = optarg; break;
		case OPT_PART: st.part = parse_number(optarg, 1, LONG_MAX, "part number"); break;
		default: usage(EXIT_TROUBLE);
		}
	}
	argc -= optind;
	argv += optind;
	for (int i = 0; i < nfens; i++)
		add_fen(fens[i]);
	free(fens);
	if (opening)
		parse_opening(opening);
	if ((st.mat_either || st.mat_plies) && !st.have_material) {
		warnx_("--material-either and --material-plies need --material");
		usage(EXIT_TROUBLE);
	}
	if (st.event_year && !st.have_date) {
		warnx_("--event-year needs --date");
		usage(EXIT_TROUBLE);
	}
	if (st.mirror && !st.nfen) {
		warnx_("--mirror needs --fen");
		usage(EXIT_TROUBLE);
	}
	if ((st.keys_out || st.nkey_tags) && !st.unique) {
		warnx_("--keys and --key need --unique");
		usage(EXIT_TROUBLE);
	}
	if (st.count + st.list + st.keys_out > 1) {
		warnx_("-c, -l and --keys exclude each other");
		usage(EXIT_TROUBLE);
	}
	if (write_drops && !merge) {
		warnx_("--write-drops goes with --merge-keys");
		usage(EXIT_TROUBLE);
	}
	if (st.drops_path && (!st.part || !st.unique || st.keys_out || merge)) {
		warnx_("--drops and --part go together, with --unique and without --keys");
		usage(EXIT_TROUBLE);
	}
	if (st.part && !st.drops_path && !st.keys_out && !st.partial) {
		warnx_("--part goes with --drops, --keys or --partial");
		usage(EXIT_TROUBLE);
	}
	if (st.partial && (merge || (st.unique && !st.keys_out && !st.drops_path))) {
		warnx_("--partial takes --unique only with --keys or --drops "
		       "(the duplicates are --merge-keys')");
		usage(EXIT_TROUBLE);
	}
	if (merge_p && (merge || st.partial || st.count || st.list || st.pp.quiet || st.unique ||
			st.o.outpath)) {
		warnx_("--merge takes -c, -l and -q from the parts, and writes standard output");
		usage(EXIT_TROUBLE);
	}
	if (merge_p)
		return merge_parts(argc, argv);
	if (merge)
		return merge_keys(argc, argv, write_drops);
	if (st.drops_path)
		load_drops(st.drops_path);
	if (st.keys_out) {
		/* nothing said yet */
		fputs(KEYS_HEADER, stdout);
		if (st.part)
			printf("\t%ld", st.part);
		putchar('\n');
	}
	if (st.partial) {
		part_put_header(stderr, "xqgrep", st.part);
		st.pp.partial = stderr;
	}

	if (out_open(&st.out, st.o.outpath, argv, argc) < 0)
		return EXIT_TROUBLE;
	st.nfiles = argc;
	l.o = &st.o;
	l.flags = XQ_READ_NO_REPLAY;
	l.game = grep_game;
	l.end = grep_end;
	if (record_loop_run(&l, argc, argv))
		st.trouble = 1;
	if (st.drops_path && st.inputs_done != st.nheld)
		parts_differ(argc ? argv[argc - 1] : "<stdin>", "%d inputs", st.inputs_done);
	else if (st.drops_path && st.next_drop != st.ndrops)
		parts_differ(argc ? argv[argc - 1] : "<stdin>",
			     "game %ld of those to drop is missing",
			     st.drops[st.next_drop].index);
	sync_stderr();
	if (st.count && argc <= 1 && !st.partial)
		fprintf(st.out.fp, "%ld\n", st.matched - st.dupes);
	for (int n = 0; n <= XQ_NOTATION_UCI10; n++)
		if (st.w[n] && xq_writer_close(st.w[n]) < 0) {
			warnx_("error writing '%s': %s", st.o.outpath ? st.o.outpath : "<stdout>",
			       strerror(errno ? errno : EIO));
			st.trouble = 1;
		}
	sync_stderr();
	if (st.out.fp != stdout) {
		if (st.trouble)
			out_abort(&st.out);
		else if (out_commit(&st.out) < 0)
			st.trouble = 1;
	}
	if (st.unique && !st.keys_out && !st.drops_path)
		unique_summary();
	if (st.partial)
		fprintf(stderr, "#counts\t%ld\t%ld\t%ld\t%d\t%s%s%s-\t%d\n", st.games, st.invalid,
			st.matched - st.dupes, argc, st.count ? "c" : "", st.list ? "l" : "",
			st.pp.quiet ? "q" : "", st.trouble);
	else if (st.invalid && !st.pp.quiet)
		invalid_summary(st.games, st.invalid);
	sync_stderr();
	close_stdout();
	for (int i = 0; i < st.ntags; i++) {
		if (st.tags[i].op == OP_RE)
			regfree(&st.tags[i].re);
		free(st.tags[i].name);
		free(st.tags[i].value);
	}
	free(st.tags);
	tally_free(&st.seen);
	if (st.trouble || st.invalid)
		return EXIT_TROUBLE;
	return st.matched - st.dupes > 0 ? EXIT_OK : EXIT_FINDINGS;
}
