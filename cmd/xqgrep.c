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

#include "jobs.h"
#include "part.h"
#include "record_input.h"
#include "tally.h"
#include "xq_format.h"

/* In literals, each within the length C compilers must accept;
 * main() joins them. */
static const char usage_synopsis[] =
	"usage: xqgrep [-chlqVv] [-T tag-criterion] [-P player] [--exact-names]\n"
	"              [-r result] [--date range] [--plies range]\n"
	"              [--fen FEN] [--all-lines] [--mirror]\n"
	"              [--material spec [--material-either] [--material-plies N]]\n"
	"              [--at-ply range] [--opening moves] [--event-year]\n"
	"              [--ecco codes] [--opening-name text]\n"
	"              [--unique [--key tags] [--keys | --drops file]] [--partial] [--part N]\n"
	"              [--range K/N] [-J jobs]\n"
	"              [-e enc] [-f fmt] [-E enc] [-n notation] [-t fmt] [-o file]\n"
	"              [-R] [--files-from=list [-0]] [file ...]\n"
	"       xqgrep --merge-keys [--write-drops file] [file ...]\n"
	"       xqgrep --merge [file ...]\n";
static const char usage_jobs[] =
	"      --range=K/N      --partial: only the games that start in the K-th of N\n"
	"                       byte ranges of the file (one file)\n"
	"  -J, --jobs=N         N jobs (0: one a core) over byte ranges of a file,\n"
	"                       chunks of a stream or the files; the output is\n"
	"                       one job's (--unique: one job)\n";
static const char usage_options[] =
	"Write the games that match every criterion given, unchanged in content.\n"
	"\n"
	"  -T, --tag=CRIT       NAME=VALUE whole value, NAME~TEXT substring, NAME=~RE\n"
	"                       regular expression (POSIX extended, as written);\n"
	"                       repeat: all must hold\n"
	"  -P, --player=TEXT    Red or Black contains TEXT\n"
	"                       (-P, = and ~ in any case and width: full-width\n"
	"                       letters and digits as ASCII)\n"
	"      --exact-names    -P, = and ~ byte for byte: case and width count\n"
	"  -r, --result=R       1-0, 0-1, 1/2-1/2, * or red, black, draw\n"
	"      --date=FROM..TO  Date tag within the range; partial dates (1995,\n"
	"                       1995.06); either end may be left out; a Date of\n"
	"                       another form (1995年6月12日, 6/12/1995) is its year\n"
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
	"                       (simplified or traditional characters)\n";
static const char usage_output[] =
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
	"      --merge          --partial parts' stderr, in order, as one run's\n";
static const char usage_tail[] =
	"  -e, --encoding=ENC   input encoding (default: detect)\n"
	"  -f, --format=FMT     input format (default: detect)\n"
	"  -t, --to=FMT         output format: pgn (default), text, ...\n"
	"  -E, --output-encoding=ENC  output encoding (default utf-8)\n"
	"      --replace        '?' for a character -E lacks (a warning), not an error\n"
	"  -n, --notation=N     movetext notation (default: each game's own)\n"
	"  -o, --output=FILE    write to FILE (atomically); default standard output\n"
	RECORD_INPUT_HELP(" ")
	"  -q, --quiet          no game diagnostics or progress; the summary stays\n"
	"      --verbose        notes too\n"
	"  -h, --help           this help\n"
	"  -V, --version        version\n"
	"\n"
	"Invalid games are reported as xqcheck reports them and never match; a game\n"
	"that fails -T, -P, -r or --date is not replayed, so its moves go unchecked.\n"
	"Exit status: 0 some game matched and none was invalid, 1 no game matched or\n"
	"some game was invalid, 2 usage, I/O or internal error.\n";

/* A game --drops drops: the part's game index of an input, its key. */
struct drop { int name; long index; uint64_t k[2]; };
/* An input of the part as --keys saw it: games and lines. */
struct held_input { int name; long games, lines; };


static struct {
	struct problem_printer pp;
	struct xq_query *q;          /* the criteria */
	int nfen, have_material, have_date;   /* for the checks of the options */
	int invert, count, list;
	int unique, keys_out, keyed;   /* keyed: --key given */
	/* output */
	struct cmd_opts o;           /* -n ANY: each game's own notation */
	struct outfile out;
	struct xq_writer *w[XQ_NOTATION_UCI10 + 1];
	unsigned wflags;             /* --replace */
	/* counts */
	long games, matched, invalid, written, dupes;
	long file_matched, file_invalid;
	int partial;                 /* --partial: diagnostics and counts as a part's */
	int nfiles;                  /* inputs named */
	int trouble;
	struct xq__tally seen;
	char **names;             /* input names, for the duplicates report */
	int nnames;
	/* --drops FILE --part N: what this part drops, and what it held */
	struct drop *drops;
	size_t ndrops, next_drop;
	struct held_input *held;
	int nheld, inputs_done;
	long part;
	int jobs;                    /* -J */
	long range_k, range_n;       /* --partial --range K/N */
	int parts_differ;
	const char *drops_path;
} st;

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
	    !(st.w[n] = record_writer_open(st.out.fp, name, &st.o, n, st.wflags, print_problem_now, &st.pp)))
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
	struct xq__tally_entry *e = xq__tally_get(&st.seen, k, 16, 1);
	if (!e)
		die(EXIT_TROUBLE, "out of memory");
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

/* --merge-keys: each part's --keys output (part.h) in turn, the numbers of
 * later parts shifted by the games and lines of the earlier parts of the
 * same name; --write-drops FILE: for each part K (counted by its header,
 * from 1 as GNU parallel's {#}) its inputs and the games it drops (a
 * duplicate of an earlier game of any part), the index its own. */
#define PART_COUNT_MAX 1000000000000000L   /* games or lines of a part: sums stay far from overflow */
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
		fprintf(dout.fp, "%s\n", PART_DROPS_HEADER);   /* nothing said yet */
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
			const char *num;
			long a, b;
			int j;
			uint64_t k[2];
			lineno++;
			if (line[len - 1] == '\n')
				line[--len] = '\0';
			if (part_keys_header(line, &num)) {
				part++;
				if (part_begin(&pm, num, name, lineno) < 0)
					status = EXIT_TROUBLE;
				continue;
			}
			if (part_get_key_line(line, key, pname, &a, &b) < 0) {
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
					part_put_drops_input(dout.fp, part, pname, a, b);
				}
				continue;
			}
			if (part_get_key(key, k) < 0) {
				diag(name, lineno, 0, "error", "not a key of xqgrep --keys");
				status = EXIT_TROUBLE;
				continue;
			}
			st.matched++;
			if (seen_before(k, pname, a + off[j].games, b + off[j].lines) && drops_path) {
				sync_stderr();
				part_put_drop(dout.fp, part, a, key, pname);
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
	return exit_status(1, status != 0, !st.matched);
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
	if (mg->in_part && part_message(f, n) == 0)
		return 0;
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
		if (mg->m.parts == 1) {
			strcpy(mg->flags, f[5]);
			/* -l: the first part's inputs ended before its flags came */
			for (int i = 0; strchr(mg->flags, 'l') && i < mg->m.nin; i++)
				if (mg->m.in[i].matched && !mg->m.in[i].hit) {
					mg->m.in[i].hit = 1;
					sync_stderr();
					printf("%s\n", mg->m.in[i].name);
				}
		}
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

/* The parts in the files argv[0..argc) (none: stdin); out: the -o file
 * of -J, where what goes to standard output goes, committed at the end
 * (NULL: standard output). */
static int merge_parts(int argc, char **argv, struct outfile *out)
{
	struct grep_merging mg;
	int trouble;
	memset(&mg, 0, sizeof mg);
	trouble = part_read(argc, argv, merge_part_line, &mg) || mg.trouble;
	trouble |= part_cut_short(mg.in_part);
	sync_stderr();
	if (strchr(mg.flags, 'c')) {
		if (mg.inputs > 1 || mg.m.nin > 1)
			for (int i = 0; i < mg.m.nin; i++)
				printf("%s:%ld\n", mg.m.in[i].name, mg.m.in[i].matched);
		else
			printf("%ld\n", mg.count);
	}
	if (mg.invalid)
		invalid_summary(mg.games, mg.invalid);
	part_merge_free(&mg.m);
	sync_stderr();
	close_stdout();
	if (out && out->fp != stdout) {
		if (trouble)
			out_abort(out);
		else if (out_commit(out) < 0)
			trouble = 1;
	}
	return exit_status(0, trouble, mg.invalid || mg.count == 0);
}

/* --drops FILE --part N: read what part N drops and what it held from
 * fp; 0, or -1 with *lineno the bad line's number (0: a read error). */
static int read_drops(FILE *fp, long *lineno)
{
	char *line = NULL, *name;
	size_t cap = 0;
	ssize_t len;
	int rc = -1, what;
	*lineno = 0;
	while ((len = getline(&line, &cap, fp)) > 0) {
		long k, v1, v2;
		struct drop d;
		++*lineno;
		if (line[len - 1] == '\n')
			line[--len] = '\0';
		if (*lineno == 1) {
			if (strcmp(line, PART_DROPS_HEADER))
				goto out;
			continue;
		}
		if ((what = part_get_drop_line(line, &k, &name, &v1, &v2, d.k)) < 0)
			goto out;
		if (k != st.part)
			continue;
		if (what == 'P') {
			st.held = xrealloc(st.held, (size_t)(st.nheld + 1) * sizeof *st.held);
			st.held[st.nheld].name = name_id(name);
			st.held[st.nheld].games = v1;
			st.held[st.nheld].lines = v2;
			st.nheld++;
		} else {
			d.index = v1;
			d.name = name_id(name);
			st.drops = xrealloc(st.drops, (st.ndrops + 1) * sizeof *st.drops);
			st.drops[st.ndrops++] = d;
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
	int m = xq_query_match_tags(st.q, g);
	if (!m && !st.invert)
		return RECORD_NEXT;
	xq_game_replay(g, name, print_problem, &st.pp);
	if (g->errors) {
		st.invalid++;
		st.file_invalid++;
		return RECORD_NEXT;
	}
	if (m && (m = xq_query_match_moves(st.q, g)) < 0)
		die(EXIT_TROUBLE, "out of memory");
	if (m != st.invert) {
		int dup = 0;
		st.matched++;
		st.file_matched++;
		if (st.unique) {
			uint64_t k[2];
			if (xq_query_key(st.q, g, k) < 0)
				die(EXIT_TROUBLE, "out of memory");
			if (st.keys_out) {
				sync_stderr();
				part_put_key(stdout, k, name, g->index, g->line);
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
		part_put_keys_end(stdout, l->name, l->input_games, xq_reader_line(l->r));
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

/* A criterion that does not compile: said, exit 2. */
__attribute__((format(printf, 2, 3)))
static _Noreturn void query_fails(int rc, const char *fmt, ...)
{
	va_list ap;
	char *msg;
	int n;
	if (rc == XQ_ENOMEM)
		die(EXIT_TROUBLE, "out of memory");
	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	msg = xrealloc(NULL, (size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(msg, (size_t)n + 1, fmt, ap);
	va_end(ap);
	die(EXIT_TROUBLE, "%s", msg);
}

/* The options that go together, and those that exclude each other. */
static void check_grep_options(int merge, int merge_p, const char *write_drops)
{
	if ((st.keys_out || st.keyed) && !st.unique) {
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
}

/* The options into st and its query; *merge 1 --merge-keys, 2 --merge. */
static void parse_options(int argc, char **argv, int *merge, const char **write_drops)
{
	enum { OPT_DATE = 256, OPT_PLIES, OPT_FEN, OPT_ALL, OPT_MIRROR, OPT_MAT, OPT_AT,
	       OPT_OPEN, OPT_UNIQUE, OPT_KEY, OPT_KEYS, OPT_MERGE, OPT_VERBOSE,
	       OPT_WRITE_DROPS, OPT_DROPS, OPT_PART, OPT_EITHER, OPT_MAT_PLIES,
	       OPT_EVENT_YEAR, OPT_PARTIAL, OPT_MERGE_PARTS, OPT_ECCO, OPT_OPEN_NAME,
	       OPT_EXACT, OPT_REPLACE };
	static const struct option longopts[] = {
		{ "all-lines", no_argument, NULL, OPT_ALL },
		{ "at-ply", required_argument, NULL, OPT_AT },
		{ "count", no_argument, NULL, 'c' },
		{ "date", required_argument, NULL, OPT_DATE },
		{ "drops", required_argument, NULL, OPT_DROPS },
		{ "event-year", no_argument, NULL, OPT_EVENT_YEAR },
		{ "exact-names", no_argument, NULL, OPT_EXACT },
		{ "fen", required_argument, NULL, OPT_FEN },
		{ "files-with-matches", no_argument, NULL, 'l' },
		{ "invert-match", no_argument, NULL, 'v' },
		{ "jobs", required_argument, NULL, 'J' },
		{ "key", required_argument, NULL, OPT_KEY },
		{ "keys", no_argument, NULL, OPT_KEYS },
		{ "material", required_argument, NULL, OPT_MAT },
		{ "material-either", no_argument, NULL, OPT_EITHER },
		{ "material-plies", required_argument, NULL, OPT_MAT_PLIES },
		{ "merge", no_argument, NULL, OPT_MERGE_PARTS },
		{ "merge-keys", no_argument, NULL, OPT_MERGE },
		{ "mirror", no_argument, NULL, OPT_MIRROR },
		{ "opening", required_argument, NULL, OPT_OPEN },
		{ "ecco", required_argument, NULL, OPT_ECCO },
		{ "opening-name", required_argument, NULL, OPT_OPEN_NAME },
		{ "part", required_argument, NULL, OPT_PART },
		{ "partial", no_argument, NULL, OPT_PARTIAL },
		{ "player", required_argument, NULL, 'P' },
		{ "plies", required_argument, NULL, OPT_PLIES },
		{ "range", required_argument, NULL, OPT_RANGE },
		{ "replace", no_argument, NULL, OPT_REPLACE },
		{ "result", required_argument, NULL, 'r' },
		{ "tag", required_argument, NULL, 'T' },
		{ "to", required_argument, NULL, 't' },
		{ "unique", no_argument, NULL, OPT_UNIQUE },
		{ "verbose", no_argument, NULL, OPT_VERBOSE },
		{ "write-drops", required_argument, NULL, OPT_WRITE_DROPS },
		{ NULL, 0, NULL, 0 },
	};
	char **fens = NULL;
	int nfens = 0, c, rc, event_year = 0, either = 0, mirror = 0, merge_keys = 0, merge_p = 0;
	long mat_plies = 0;
	unsigned flags = 0;
	const char *opening = NULL, *material = NULL;
	struct xq_err err;

	if (!(st.q = xq_query_new()))
		die(EXIT_TROUBLE, "out of memory");
	st.o.own = "tv";             /* -v is --invert-match; -t refuses one-game formats */
	st.o.pp = &st.pp;
	while ((c = cmd_getopt(&st.o, argc, argv, "0cE:e:f:hJ:ln:o:P:qRr:T:t:Vv", longopts)) != -1) {
		switch (c) {
		case 'c': st.count = 1; break;
		case 'l': st.list = 1; break;
		case 'P':
			if (xq_query_player(st.q, optarg) < 0)
				die(EXIT_TROUBLE, "out of memory");
			break;
		case 'r':
			if (xq_query_result(st.q, optarg) < 0) {
				warnx_("unknown result '%s'", optarg);
				usage(EXIT_TROUBLE);
			}
			break;
		case 'T':
			if ((rc = xq_query_tag(st.q, optarg, &err)) == XQ_EINVAL) {
				warnx_("invalid tag criterion '%s' (NAME=VALUE, NAME~TEXT or NAME=~RE)", optarg);
				usage(EXIT_TROUBLE);
			}
			if (rc < 0)
				query_fails(rc, "invalid regular expression '%s': %s", optarg + err.offset, err.msg);
			break;
		case 't':
			if (!opt_out_format_many(optarg))
				exit(EXIT_TROUBLE);
			st.o.to = optarg;
			break;
		case 'v': st.invert = 1; break;
		case OPT_DATE:
			if ((rc = xq_query_date(st.q, optarg)) < 0)
				query_fails(rc, "invalid date range '%s' (e.g. 1990..1995.06)", optarg);
			st.have_date = 1;
			break;
		case OPT_PLIES:
		case OPT_AT:
			if ((rc = (c == OPT_AT ? xq_query_at_ply : xq_query_plies)(st.q, optarg)) < 0)
				query_fails(rc, "invalid ply range '%s' (N, N.., ..M or N..M)", optarg);
			break;
		case OPT_FEN:
			fens = xrealloc(fens, (size_t)(nfens + 1) * sizeof *fens);
			fens[nfens++] = optarg;
			break;
		case OPT_ALL: flags |= XQ_QUERY_ALL_LINES; break;
		case OPT_MIRROR: mirror = 1; break;
		case OPT_MAT:
			if ((rc = xq_query_material(st.q, material = optarg, 0)) < 0)
				query_fails(rc, "invalid material '%s' (e.g. R2NC/RN2P, 0-2P)", optarg);
			st.have_material = 1;
			break;
		case OPT_OPEN: opening = optarg; break;
		case OPT_ECCO:
			if (xq_query_ecco(st.q, optarg) < 0)
				die(EXIT_TROUBLE, "invalid ECCO codes '%s' (C45, C4, C40-C49)", optarg);
			break;
		case OPT_OPEN_NAME:
			if (xq_query_opening_name(st.q, optarg) < 0)
				die(EXIT_TROUBLE, "out of memory");
			break;
		case OPT_UNIQUE: st.unique = 1; break;
		case OPT_KEY:
			if (xq_query_key_tags(st.q, optarg) < 0)
				die(EXIT_TROUBLE, "out of memory");
			st.keyed |= optarg[strspn(optarg, ",")] != '\0';
			break;
		case OPT_KEYS: st.keys_out = 1; break;
		case OPT_MERGE: merge_keys = 1; break;
		case OPT_VERBOSE: st.pp.verbose = 1; break;
		case OPT_REPLACE: st.wflags |= XQ_WRITE_REPLACE; break;
		case OPT_WRITE_DROPS: *write_drops = optarg; break;
		case OPT_EITHER: either = 1; break;
		case OPT_MAT_PLIES:
			mat_plies = parse_number(optarg, 1, XQ_MAX_GAME_MOVES + 1, "number of plies");
			break;
		case OPT_EVENT_YEAR: event_year = 1; break;
		case OPT_EXACT: flags |= XQ_QUERY_EXACT_NAMES; break;
		case OPT_PARTIAL: st.partial = 1; break;
		case 'J': st.jobs = cmd_jobs_arg(optarg); break;
		case OPT_RANGE: range_parse(optarg, &st.range_k, &st.range_n); break;
		case OPT_MERGE_PARTS: merge_p = 1; break;
		case OPT_DROPS: st.drops_path = optarg; break;
		case OPT_PART: st.part = parse_number(optarg, 1, LONG_MAX, "part number"); break;
		default: usage(EXIT_TROUBLE);
		}
	}
	xq_query_set_flags(st.q, flags | (mirror ? XQ_QUERY_MIRROR : 0) |
			   (event_year ? XQ_QUERY_EVENT_YEAR : 0) |
			   (either ? XQ_QUERY_MATERIAL_EITHER : 0));
	for (int i = 0; i < nfens; i++)
		if ((rc = xq_query_fen(st.q, fens[i], &err)) < 0) {
			const char *fen = fens[i];
			free(fens);
			query_fails(rc, "%s FEN '%s': %s", rc == XQ_ERANGE ? "cannot mirror" : "invalid",
				    fen, err.msg);
		}
	st.nfen = nfens;
	free(fens);
	/* (again with the run length, which may come after --material) */
	if (material && mat_plies && (rc = xq_query_material(st.q, material, mat_plies)) < 0)
		query_fails(rc, "invalid material '%s'", material);
	if (opening && (rc = xq_query_opening(st.q, opening, &err)) < 0)
		query_fails(rc, "invalid opening '%s': %s", opening, err.msg);
	if ((either || mat_plies) && !st.have_material) {
		warnx_("--material-either and --material-plies need --material");
		usage(EXIT_TROUBLE);
	}
	if (event_year && !st.have_date) {
		warnx_("--event-year needs --date");
		usage(EXIT_TROUBLE);
	}
	if (mirror && !st.nfen) {
		warnx_("--mirror needs --fen");
		usage(EXIT_TROUBLE);
	}
	*merge = merge_keys ? 1 : merge_p ? 2 : 0;
	jobs_check_options(st.jobs, st.range_n, st.partial, *merge);
	check_grep_options(merge_keys, merge_p, *write_drops);
}

/* After the inputs: the checks of --drops, -c's total, the writers
 * closed, the output committed, the summaries; the exit status. */
static int grep_finish(int argc, char **argv)
{
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
	else if (st.invalid)
		invalid_summary(st.games, st.invalid);
	sync_stderr();
	xq_query_free(st.q);
	xq__tally_free(&st.seen);
	/* an invalid game is a finding even beside matches: it was not searched */
	return exit_status(1, st.trouble, st.invalid || st.matched - st.dupes == 0);
}

/* -J: the workers' games in order where one run writes them (-o FILE,
 * else standard output), then their parts merged there and on standard
 * error. */
static int merge_jobs(struct jobs *j, int argc, char **argv)
{
	int rc, trouble;
	if (out_open(&st.out, st.o.outpath, argv, argc) < 0) {
		jobs_end(j);
		return EXIT_TROUBLE;
	}
	if (st.out.fp != stdout && (fflush(stdout) || dup2(fileno(st.out.fp), STDOUT_FILENO) < 0))
		die(EXIT_TROUBLE, "cannot write '%s': %s", st.o.outpath, strerror(errno));
	trouble = jobs_copy(j->out, j->parts, stdout) < 0 || j->failed;
	rc = merge_parts(j->parts, j->err, &st.out);
	jobs_end(j);
	return trouble ? EXIT_TROUBLE : rc;
}

int main(int argc, char **argv)
{
	const char *write_drops = NULL;
	int merge;
	struct record_loop l = { 0 };

	static char usage_text[sizeof usage_synopsis + sizeof usage_options + sizeof usage_output +
			       sizeof usage_jobs + sizeof usage_tail];
	snprintf(usage_text, sizeof usage_text, "%s%s%s%s%s", usage_synopsis, usage_options,
		 usage_output, usage_jobs, usage_tail);
	cmd_init(argv, usage_text);
	/* diagnostics in blocks (see sync_stderr), a line at a time on a
	 * terminal */
	setvbuf(stderr, NULL, isatty(STDERR_FILENO) ? _IOLBF : _IOFBF, 1 << 16);
	parse_options(argc, argv, &merge, &write_drops);
	argc -= optind;
	argv += optind;
	cmd_inputs(&st.o, &argc, &argv);
	jobs_check_inputs(st.range_n, argc, argv);
	if (merge == 2)
		return merge_parts(argc, argv, NULL);
	/* --unique sees every game at once: one job */
	if (st.jobs > 1 && !st.unique) {
		struct jobs j;
		int rc = jobs_start(&j, st.jobs, &st.o, stderr, &argc, &argv, &st.range_k, &st.range_n);
		if (rc == 0)
			return merge_jobs(&j, argc, argv);
		if (rc == 1) {
			/* a worker: its games on standard output, its part on
			 * standard error */
			st.partial = 1;
			st.o.outpath = NULL;
		}
	}
	if (merge == 1)
		return merge_keys(argc, argv, write_drops);
	if (st.drops_path)
		load_drops(st.drops_path);
	if (st.keys_out) {
		/* nothing said yet */
		part_put_keys_header(stdout, st.part);
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
	/* not over a part on standard error; the games, --keys and the
	 * -c or -l lines (after each input) on standard output */
	l.progress = !st.partial &&
		progress_wanted(st.pp.quiet, st.keys_out || (!st.o.outpath && !st.count && !st.list));
	l.range_k = st.range_k;
	l.range_n = st.range_n;
	if (record_loop_run(&l, argc, argv))
		st.trouble = 1;
	return grep_finish(argc, argv);
}
