/*
 * xqgrep - select the games of a record stream that match: tags, players,
 * results, dates, lengths, positions (by Zobrist key), material, openings;
 * and drop duplicate games (--unique), also across machines (--keys out on
 * each part, --merge-keys in).
 */
#include <getopt.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "grep_dupes.h"
#include "grep_parts.h"
#include "jobs.h"
#include "part.h"
#include "record_input.h"
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

static struct {
	struct problem_printer pp;
	struct xq_query *q;          /* the criteria */
	const char **fens, *material, *opening;   /* compiled after the options */
	int nfen, have_date;
	long mat_plies;
	int invert, count, list, replace;
	int unique, keyed;           /* keyed: --key given */
	int merge_keys, merge_parts;
	/* output */
	struct cmd_opts o;           /* -n ANY: each game's own notation */
	struct outfile out;
	struct xq_writer *w[XQ_NOTATION_UCI10 + 1];
	/* (for the writers' problems alone: the game being written, said
	 * as record_output_problem() says it) */
	struct record_output ro;
	/* counts */
	long games, matched, invalid;
	long unwritten;              /* matching games -E could not write */
	long file_matched, file_invalid;
	int partial;                 /* --partial: diagnostics and counts as a part's */
	int nfiles, trouble;         /* nfiles: the inputs named */
	struct grep_unique u;        /* --unique */
	const char *write_drops;     /* --merge-keys --write-drops */
	int jobs;                    /* -J */
	long range_k, range_n;       /* --partial --range K/N */
} st;

/* --- output
 *
 * Diagnostics go out in blocks, not a write per line (--unique may list a
 * duplicate for nearly every game), except on a terminal.  stderr is
 * flushed before anything is written to an output, and after each problem
 * a writer reports while writing, so that the two streams keep the order
 * they had with a write per line.
 */
static void writer_problem_now(void *data, const struct xq_problem *p)
{
	record_output_problem(data, p);
	fflush(stderr);
}

/* Game g of input on the output, by a writer of its notation (-n, else
 * its own). */
static void write_game(const struct xq_game *g, const char *input)
{
	enum xq_notation n = st.o.notation != XQ_NOTATION_ANY ? st.o.notation :
		g->notation != XQ_NOTATION_ANY ? g->notation : XQ_NOTATION_CHINESE;
	const char *name = st.o.outpath ? st.o.outpath : "<stdout>";
	int rc;
	if (!st.w[n] && !(st.w[n] = record_writer_open(st.out.fp, name, &st.o, n,
						       st.replace ? XQ_WRITE_REPLACE : 0,
						       writer_problem_now, &st.ro)))
		exit(EXIT_TROUBLE);   /* said */
	st.ro.game_input = input;
	st.ro.game_line = g->line;
	fflush(stderr);
	if ((rc = xq_writer_write(st.w[n], g)) == XQ_EIO) {
		write_error(st.o.outpath);
		exit(EXIT_TROUBLE);
	}
	if (rc < 0)
		st.unwritten++;   /* reported by the writer; as xqconv drops it */
}

/* --- the input loop */

static enum record_step grep_game(struct record_loop *l, struct xq_game *g)
{
	st.games++;
	/* Games are read unreplayed: one that fails a tag criterion is
	 * not replayed at all (unless -v wants it written). */
	int m = xq_query_match_tags(st.q, g);
	if (!m && !st.invert)
		return RECORD_NEXT;
	xq_game_replay(g, l->name, print_problem, &st.pp);
	if (g->errors) {
		st.invalid++;
		st.file_invalid++;
		return RECORD_NEXT;
	}
	if (m && (m = xq_query_match_moves(st.q, g)) < 0)
		die(EXIT_TROUBLE, "out of memory");
	if (m != st.invert) {
		/* an input's count is of the games it keeps: a duplicate that
		 * goes counts in the summary's, not its input's */
		st.matched++;
		if (!(st.unique && grep_unique_game(&st.u, st.q, l->name, g))) {
			st.file_matched++;
			if (!st.count && !st.list && !st.u.keys_out)
				write_game(g, l->name);
		}
	}
	/* -l: an input is done at its first match, but for --unique, whose
	 * later inputs' duplicates are of the games read before them */
	return st.list && st.file_matched && !st.unique ? RECORD_DONE : RECORD_NEXT;
}

/* After an input: its line of --keys, -c or -l; with --drops, whether it
 * is the input --keys saw. */
static void grep_end(struct record_loop *l)
{
	long lines = xq_reader_line(l->r);
	fflush(stderr);
	if (st.unique)
		grep_unique_input_end(&st.u, l->name, l->input_games, lines);
	if (st.partial)   /* -c and -l come from the merge */
		grep_put_part_end(stderr, l->name, l->input_games, lines,
				  (unsigned long long)xq_reader_offset(l->r), st.file_matched,
				  st.file_invalid);
	else if (st.count && st.nfiles > 1)
		fprintf(st.out.fp, "%s:%ld\n", l->name, st.file_matched);
	else if (st.list && st.file_matched)
		fprintf(st.out.fp, "%s\n", l->name);
	st.file_matched = st.file_invalid = 0;
}

/* --- the options */

/* A criterion that does not compile: a usage error. */
#define query_fails(rc, ...) \
	((rc) == XQ_ENOMEM ? die(EXIT_TROUBLE, "out of memory") : usage_error(__VA_ARGS__))

static int material_any_plies(struct xq_query *q, const char *spec)
{
	return xq_query_material(q, spec, 0);
}

enum { OPT_DATE = 256, OPT_PLIES, OPT_FEN, OPT_ALL, OPT_MIRROR, OPT_MAT, OPT_AT, OPT_OPEN,
       OPT_UNIQUE, OPT_KEY, OPT_KEYS, OPT_MERGE, OPT_VERBOSE, OPT_WRITE_DROPS, OPT_DROPS,
       OPT_PART, OPT_EITHER, OPT_MAT_PLIES, OPT_EVENT_YEAR, OPT_PARTIAL, OPT_MERGE_PARTS,
       OPT_ECCO, OPT_OPEN_NAME, OPT_EXACT, OPT_REPLACE };

/* xqgrep's own long options, each with what it does as it comes: compile
 * a criterion from its argument (bad: what an argument that does not
 * compile is, "invalid WHAT 'ARG' (HINT)"; none: it fails only when
 * memory runs out), set a query flag, set a switch, keep its argument.
 * parse_options() does the rest. */
static const struct grep_option {
	struct option o;
	int (*crit)(struct xq_query *q, const char *arg);
	const char *bad[2];
	unsigned flag;               /* XQ_QUERY_* */
	int *on;
	const char **arg;
} grep_options[] = {
	{ { "all-lines", no_argument, NULL, OPT_ALL }, .flag = XQ_QUERY_ALL_LINES },
	{ { "at-ply", required_argument, NULL, OPT_AT }, .crit = xq_query_at_ply,
	  .bad = { "ply range", "N, N.., ..M or N..M" } },
	{ { "count", no_argument, NULL, 'c' }, .on = &st.count },
	{ { "date", required_argument, NULL, OPT_DATE }, .crit = xq_query_date,
	  .bad = { "date range", "e.g. 1990..1995.06" }, .on = &st.have_date },
	{ { "drops", required_argument, NULL, OPT_DROPS }, .arg = &st.u.drops_path },
	{ { "event-year", no_argument, NULL, OPT_EVENT_YEAR }, .flag = XQ_QUERY_EVENT_YEAR },
	{ { "exact-names", no_argument, NULL, OPT_EXACT }, .flag = XQ_QUERY_EXACT_NAMES },
	{ { "fen", required_argument, NULL, OPT_FEN }, .crit = NULL },
	{ { "files-with-matches", no_argument, NULL, 'l' }, .on = &st.list },
	{ { "invert-match", no_argument, NULL, 'v' }, .on = &st.invert },
	{ { "jobs", required_argument, NULL, 'J' }, .crit = NULL },
	{ { "key", required_argument, NULL, OPT_KEY }, .crit = xq_query_key_tags },
	{ { "keys", no_argument, NULL, OPT_KEYS }, .on = &st.u.keys_out },
	{ { "material", required_argument, NULL, OPT_MAT }, .crit = material_any_plies,
	  .bad = { "material", "e.g. R2NC/RN2P, 0-2P" }, .arg = &st.material },
	{ { "material-either", no_argument, NULL, OPT_EITHER }, .flag = XQ_QUERY_MATERIAL_EITHER },
	{ { "material-plies", required_argument, NULL, OPT_MAT_PLIES }, .crit = NULL },
	{ { "merge", no_argument, NULL, OPT_MERGE_PARTS }, .on = &st.merge_parts },
	{ { "merge-keys", no_argument, NULL, OPT_MERGE }, .on = &st.merge_keys },
	{ { "mirror", no_argument, NULL, OPT_MIRROR }, .flag = XQ_QUERY_MIRROR },
	{ { "opening", required_argument, NULL, OPT_OPEN }, .arg = &st.opening },
	{ { "ecco", required_argument, NULL, OPT_ECCO }, .crit = xq_query_ecco,
	  .bad = { "ECCO codes", "C45, C4, C40-C49" } },
	{ { "opening-name", required_argument, NULL, OPT_OPEN_NAME }, .crit = xq_query_opening_name },
	{ { "part", required_argument, NULL, OPT_PART }, .crit = NULL },
	{ { "partial", no_argument, NULL, OPT_PARTIAL }, .on = &st.partial },
	{ { "player", required_argument, NULL, 'P' }, .crit = xq_query_player },
	{ { "plies", required_argument, NULL, OPT_PLIES }, .crit = xq_query_plies,
	  .bad = { "ply range", "N, N.., ..M or N..M" } },
	{ { "range", required_argument, NULL, OPT_RANGE }, .crit = NULL },
	{ { "replace", no_argument, NULL, OPT_REPLACE }, .on = &st.replace },
	{ { "result", required_argument, NULL, 'r' }, .crit = NULL },
	{ { "tag", required_argument, NULL, 'T' }, .crit = NULL },
	{ { "to", required_argument, NULL, 't' }, .crit = NULL },
	{ { "unique", no_argument, NULL, OPT_UNIQUE }, .on = &st.unique },
	{ { "verbose", no_argument, NULL, OPT_VERBOSE }, .on = &st.pp.verbose },
	{ { "write-drops", required_argument, NULL, OPT_WRITE_DROPS }, .arg = &st.write_drops },
};
#define NOPTIONS (sizeof grep_options / sizeof grep_options[0])

/* A rule of the options: when broken, why (usage, exit 2). */
struct rule { int broken; const char *why; };

static void check_rules(const struct rule *r, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (r[i].broken)
			usage_error("%s", r[i].why);
}

/* The option c that is not in the table: what it does. */
static void special_option(int c)
{
	struct xq_err err;
	int rc;
	switch (c) {
	case 'r':
		if (xq_query_result(st.q, optarg) < 0)
			usage_error("unknown result '%s'", optarg);
		break;
	case 'T':
		if ((rc = xq_query_tag(st.q, optarg, &err)) == XQ_EINVAL)
			usage_error("invalid tag criterion '%s' (NAME=VALUE, NAME~TEXT or NAME=~RE)", optarg);
		if (rc < 0)
			query_fails(rc, "invalid regular expression '%s': %s", optarg + err.offset, err.msg);
		break;
	case 't':
		if (!(st.o.to = opt_out_format_many(optarg)))
			usage(EXIT_TROUBLE);
		break;
	case OPT_FEN:
		st.fens = xrealloc(st.fens, (size_t)(st.nfen + 1) * sizeof *st.fens);
		st.fens[st.nfen++] = optarg;
		break;
	case OPT_KEY: st.keyed |= optarg[strspn(optarg, ",")] != '\0'; break;
	case OPT_MAT_PLIES:
		st.mat_plies = parse_number(optarg, 1, XQ_MAX_GAME_MOVES + 1, "number of plies");
		break;
	case 'J': st.jobs = cmd_jobs_arg(optarg); break;
	case OPT_RANGE: range_parse(optarg, &st.range_k, &st.range_n); break;
	case OPT_PART: st.u.part = parse_number(optarg, 1, LONG_MAX, "part number"); break;
	}
}

/* The options into st and its query. */
static void parse_options(int argc, char **argv)
{
	static struct option longopts[NOPTIONS + 1];
	int c, rc;
	unsigned flags = 0;
	struct xq_err err;

	if (!(st.q = xq_query_new()))
		die(EXIT_TROUBLE, "out of memory");
	st.o.own = "tv";             /* -v is --invert-match; -t refuses one-game formats */
	st.o.pp = &st.pp;
	st.ro.o = &st.o;
	for (size_t i = 0; i < NOPTIONS; i++)
		longopts[i] = grep_options[i].o;
	while ((c = cmd_getopt(&st.o, argc, argv, "0cE:e:f:hJ:ln:o:P:qRr:T:t:Vv", longopts)) != -1) {
		const struct grep_option *g = grep_options;
		while (g < grep_options + NOPTIONS && g->o.val != c)
			g++;
		if (g == grep_options + NOPTIONS)
			usage(EXIT_TROUBLE);
		if (g->crit && (rc = g->crit(st.q, optarg)) < 0) {
			if (rc == XQ_ENOMEM || !g->bad[0])
				die(EXIT_TROUBLE, "out of memory");
			usage_error("invalid %s '%s' (%s)", g->bad[0], optarg, g->bad[1]);
		}
		flags |= g->flag;
		if (g->on)
			*g->on = 1;
		if (g->arg)
			*g->arg = optarg;
		special_option(c);
	}
	xq_query_set_flags(st.q, flags);
	for (int i = 0; i < st.nfen; i++)
		if ((rc = xq_query_fen(st.q, st.fens[i], &err)) < 0)
			query_fails(rc, "%s FEN '%s': %s", rc == XQ_ERANGE ? "cannot mirror" : "invalid",
				    st.fens[i], err.msg);
	free(st.fens);
	/* (again with the run length, which may come after --material) */
	if (st.material && st.mat_plies && (rc = xq_query_material(st.q, st.material, st.mat_plies)) < 0)
		query_fails(rc, "invalid material '%s'", st.material);
	if (st.opening && (rc = xq_query_opening(st.q, st.opening, &err)) < 0)
		query_fails(rc, "invalid opening '%s': %s", st.opening, err.msg);
	const struct rule needs[] = {
		{ ((flags & XQ_QUERY_MATERIAL_EITHER) || st.mat_plies) && !st.material,
		  "--material-either and --material-plies need --material" },
		{ (flags & XQ_QUERY_EVENT_YEAR) && !st.have_date, "--event-year needs --date" },
		{ (flags & XQ_QUERY_MIRROR) && !st.nfen, "--mirror needs --fen" },
	};
	check_rules(needs, sizeof needs / sizeof needs[0]);
	jobs_check_options(st.jobs, st.range_n, st.partial, st.merge_keys ? 1 : st.merge_parts ? 2 : 0);
	const struct rule together[] = {
		{ (st.u.keys_out || st.keyed) && !st.unique, "--keys and --key need --unique" },
		{ st.count + st.list + st.u.keys_out > 1, "-c, -l and --keys exclude each other" },
		{ st.write_drops && !st.merge_keys, "--write-drops goes with --merge-keys" },
		{ st.u.drops_path && (!st.u.part || !st.unique || st.u.keys_out || st.merge_keys),
		  "--drops and --part go together, with --unique and without --keys" },
		{ st.u.part && !st.u.drops_path && !st.u.keys_out && !st.partial,
		  "--part goes with --drops, --keys or --partial" },
		{ st.partial && (st.merge_keys || (st.unique && !st.u.keys_out && !st.u.drops_path)),
		  "--partial takes --unique only with --keys or --drops "
		  "(the duplicates are --merge-keys')" },
		{ st.merge_parts && (st.merge_keys || st.partial || st.count || st.list || st.pp.quiet ||
				     st.unique || st.o.outpath),
		  "--merge takes -c, -l and -q from the parts, and writes standard output" },
	};
	check_rules(together, sizeof together / sizeof together[0]);
}

/* --- the run */

/* After the inputs: the checks of --drops, -c's total, the writers
 * closed, the output committed, the summaries; the exit status. */
static int grep_finish(int argc, char **argv)
{
	if (st.unique) {
		grep_unique_end(&st.u, argc ? argv[argc - 1] : "<stdin>");
		st.trouble |= st.u.differ != 0;
	}
	fflush(stderr);
	if (st.count && argc <= 1 && !st.partial)
		fprintf(st.out.fp, "%ld\n", st.matched - st.u.dupes);
	for (int i = 0; i <= XQ_NOTATION_UCI10; i++)
		if (st.w[i] && xq_writer_close(st.w[i]) < 0) {
			write_error(st.o.outpath);
			st.trouble = 1;
		}
	fflush(stderr);
	if (st.out.fp != stdout && out_close(&st.out, !st.trouble) < 0)
		st.trouble = 1;
	if (st.unique && !st.u.keys_out && !st.u.drops_path)
		grep_unique_summary(st.matched, st.u.dupes);
	if (st.partial)
		grep_put_part_counts(stderr, st.games, st.invalid, st.matched - st.u.dupes, argc,
				     st.count, st.list, st.pp.quiet, st.trouble, st.unwritten);
	else
		grep_summary(st.games, st.invalid, st.unwritten);
	fflush(stderr);
	xq_query_free(st.q);
	/* an invalid game is a finding even beside matches: it was not
	 * searched; so is a match not written */
	return exit_status(1, st.trouble, st.invalid || st.unwritten || st.matched - st.u.dupes == 0);
}

/* Whether the run shows a progress line: not over a part on standard
 * error, nor on a terminal that standard output's games, --keys or -c and
 * -l lines (after each input) go to. */
static int grep_progress(void)
{
	return !st.partial &&
	       progress_wanted(st.pp.quiet, st.u.keys_out || (!st.o.outpath && !st.count && !st.list));
}

int main(int argc, char **argv)
{
	struct record_loop l = { .o = &st.o, .flags = XQ_READ_NO_REPLAY, .game = grep_game,
				 .end = grep_end };
	static char usage_text[sizeof usage_synopsis + sizeof usage_options + sizeof usage_output +
			       sizeof usage_jobs + sizeof usage_tail];
	snprintf(usage_text, sizeof usage_text, "%s%s%s%s%s", usage_synopsis, usage_options,
		 usage_output, usage_jobs, usage_tail);
	cmd_init(argv, usage_text);
	/* diagnostics in blocks (see print_problem_now()), a line at a time
	 * on a terminal */
	setvbuf(stderr, NULL, isatty(STDERR_FILENO) ? _IOLBF : _IOFBF, 1 << 16);
	parse_options(argc, argv);
	argc -= optind;
	argv += optind;
	cmd_inputs(&st.o, &argc, &argv);
	jobs_check_inputs(st.range_n, argc, argv);
	if (st.merge_parts)
		return grep_merge_parts(argc, argv);
	/* --unique sees every game at once: one job */
	if (st.jobs > 1 && !st.unique) {
		struct jobs j;
		int rc;
		grep_jobs_begin(&st.out, st.o.outpath, argc, argv);
		rc = jobs_start(&j, st.jobs, &st.o, stderr, grep_progress(), grep_merge_job, NULL,
				&argc, &argv, &st.range_k, &st.range_n);
		if (rc == 0)
			return grep_jobs_end(&j);
		if (rc == 1) {
			/* a worker: its games on standard output, its part on
			 * standard error */
			grep_jobs_worker();
			st.partial = 1;
			st.o.outpath = NULL;
		}
	}
	if (st.merge_keys)
		return grep_merge_keys(argc, argv, st.write_drops, st.pp.quiet);
	st.u.quiet = st.pp.quiet;
	if (st.unique)
		grep_unique_start(&st.u);   /* nothing said yet */
	if (st.partial) {
		part_put_header(stderr, "xqgrep", st.u.part);
		st.pp.partial = stderr;
	}
	if (out_open(&st.out, st.o.outpath, argv, argc) < 0)
		return EXIT_TROUBLE;
	st.nfiles = argc;
	l.progress = grep_progress();
	l.range_k = st.range_k;
	l.range_n = st.range_n;
	if (record_loop_run(&l, argc, argv))
		st.trouble = 1;
	return grep_finish(argc, argv);
}
