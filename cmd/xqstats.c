/*
 * xqstats - what is in a database: totals (results, lengths, events,
 * years, players with their scores) and an opening tree with the games,
 * the score of the side to move and the average rating behind every move,
 * transpositions merged by position key.  --partial writes the counts in
 * a form that adds up; --merge adds any number of them and prints exactly
 * what one run over all the input prints.
 */
#include <stdlib.h>
#include <string.h>

#include "jobs.h"
#include "part.h"
#include "record_input.h"

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
	RECORD_INPUT_HELP(" ")
	"  -q, --quiet          no game diagnostics or progress\n"
	"  -v, --verbose        notes too\n"
	"  -h, --help           this help\n"
	"  -V, --version        version\n"
	"\n"
	"Invalid games are reported as xqcheck reports them and left out.\n"
	"Exit status: 0 done, 1 some game invalid, 2 usage or I/O error.\n";

static struct {
	struct problem_printer pp;
	struct cmd_opts o;
	struct xq_stats_opts so;    /* the statistics' options */
	struct xq_stats *s;
	struct xq_pos root;         /* --from */
	struct xq_query *q;         /* -P: the games counted (NULL: all) */
	unsigned query_flags;       /* --exact-names */
	const char *svg;
	int merge, trouble;
	char **inputs;
	int ninputs;
	long part;                  /* --partial --part N */
	int jobs;                   /* -J */
	long range_k, range_n;      /* --partial --range K/N */
	FILE *partial;              /* --partial: where the part goes */
} st;

static void check(int rc)
{
	if (rc == XQ_ENOMEM)
		die(EXIT_TROUBLE, "out of memory");
}

static enum record_step stats_game(struct record_loop *l, struct xq_game *g)
{
	(void)l;
	check(xq_stats_add_game(st.s, g));
	return RECORD_NEXT;
}

/* --- parts: the header, the diagnostics and each input's #end while
 * reading, the counts (the library's lines) at the end */

static void write_header(FILE *fp)
{
	fprintf(fp, "#xqstats-partial\t1\t%d\t%s", xq_stats_depth(st.s), xq_stats_root_fen(st.s));
	if (st.part)
		fprintf(fp, "\t%ld", st.part);
	putc('\n', fp);
}

/* The parts added up into s: st.s for --merge; under -J statistics of
 * their own, since workers are forked while the parts before are merged
 * and must start from st.s empty. */
struct stats_merging {
	struct part_merge m;
	struct xq_stats *s;
	int trouble;         /* -J: a part could not be read */
	int have_header;     /* a good header read */
	int unordered;       /* lines not in the parts' order */
};

/* A line of a part (part_read()): 0, or -1 when it is wrong (said). */
static int merge_line(void *data, char *line, struct part_line *at)
{
	struct stats_merging *mg = data;
	char *f[12] = { NULL };
	int nf, rc;
	if (!*line)
		return 0;
	if ((rc = xq_stats_read_part_line(mg->s, line, NULL)) != 0) {
		check(rc);
		if (rc > 0)
			return 0;
		goto bad;
	}
	nf = part_split(line, f, 12);
	if (part_is_header(f, nf, "xqstats", 2)) {
		struct xq_err err;
		int bad;
		if ((rc = xq_stats_part_settings(mg->s, f[2], f[3], &err)) == XQ_ERANGE)
			goto bad;
		bad = part_begin(&mg->m, nf == 5 ? f[4] : NULL, at->name, at->lineno) < 0;
		if (rc == 1) {
			diag(at->name, at->lineno, 0, "error", "parts made with other --depth or --from");
			return -1;
		}
		if (rc < 0) {
			diag(at->name, at->lineno, 0, "error", "bad FEN in the header: %s", err.msg);
			return -1;
		}
		mg->have_header = 1;
		return bad ? -1 : 0;
	}
	if (!strcmp(f[0], "P") && nf == 11) {
		/* a problem (a player line has 5 fields); its positions
		 * need the parts in order, which sorted lines are not */
		struct xq_problem pr;
		struct part_input *in;
		if (!mg->have_header || mg->unordered) {
			part_error(at, "a diagnostic among parts not in their order "
				   "(sorted?): merge parts with diagnostics in order, or make them with -q");
			return -1;
		}
		if (part_problem(&mg->m, f, nf, &pr, &in) < 0)
			goto bad;
		if (!st.pp.quiet || pr.severity == XQ_SEV_FATAL)
			print_problem_always(&pr);
		return 0;
	}
	if (mg->have_header && part_message(f, nf) == 0)
		return 0;   /* a message of a worker of -J, in its place */
	if (!strcmp(f[0], "#end") && nf == 5) {
		/* an input's end before any part began: lines sorted */
		struct part_input *in;
		if (!mg->have_header)
			mg->unordered = 1;
		if (part_end(&mg->m, f, nf, &in) == 0)
			return 0;
	}
bad:
	part_error(at, "not a line of xqstats --partial");
	return -1;
}

/* -J: part i added up, its worker's standard error after. */
static int merge_job(void *data, const struct jobs *j, int i)
{
	struct stats_merging *mg = data;
	if (part_read(1, j->out + i, merge_line, mg) || jobs_copy(j->err[i], stderr) < 0)
		mg->trouble = 1;
	return 0;
}

/* The statistics to o.fp (text or JSON) and to --svg's file. */
static void print_all(void)
{
	struct outfile o;
	if (out_open(&o, st.o.outpath, st.inputs, st.ninputs) < 0)
		exit(EXIT_TROUBLE);
	check(st.o.json ? xq_stats_write_json(st.s, o.fp) : xq_stats_write_text(st.s, o.fp));
	if (out_commit(&o) < 0)
		st.trouble = 1;
	if (st.svg) {
		if (out_open(&o, st.svg, st.inputs, st.ninputs) < 0)
			exit(EXIT_TROUBLE);
		check(xq_stats_write_svg(st.s, o.fp));
		if (out_commit(&o) < 0)
			st.trouble = 1;
	}
}

static void set_root(const char *arg)
{
	struct xq_err err;
	if (strchr(arg, '/')) {
		if (xq_pos_from_fen(&st.root, arg, XQ_FEN_LAX, &err) < 0)
			usage_error("invalid FEN '%s': %s", arg, err.msg);
	} else {
		const char *p = arg, *mv;
		size_t n;
		int rc;
		xq_pos_start(&st.root);
		while ((rc = xq_moves_next(&st.root, &p, &mv, &n, NULL, &err)) > 0)
			;
		if (rc < 0)
			usage_error("invalid --from '%s': '%.*s': %s", arg, (int)n, mv, err.msg);
	}
	st.so.root = &st.root;
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

	st.so.depth = 1;
	st.so.top = 20;
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
			st.so.depth = (int)parse_number(optarg, 0, XQ_STATS_DEPTH_MAX, "depth");
			depth_given = 1;
			break;
		case OPT_FROM: from_pos = optarg; break;
		case OPT_TOP: st.so.top = (int)parse_number(optarg, 0, 1000000, "--top count"); break;
		case OPT_SVG: st.svg = optarg; break;
		case OPT_BY:
			if (strcmp(optarg, "ecco"))
				usage_error("unknown --by '%s' (ecco)", optarg);
			st.so.flags |= XQ_STATS_ECCO;
			break;
		case OPT_TRAD: st.so.flags |= XQ_STATS_TRADITIONAL; break;
		case 'J': st.jobs = cmd_jobs_arg(optarg); break;
		case OPT_RANGE: range_parse(optarg, &st.range_k, &st.range_n); break;
		case OPT_PARTIAL: partial = 1; break;
		case OPT_MERGE: st.merge = 1; break;
		case OPT_PART: st.part = parse_number(optarg, 1, PART_POS_MAX, "part number"); break;
		default: usage(EXIT_TROUBLE);
		}
	}
	if (partial && st.merge)
		usage_error("--partial and --merge exclude each other");
	jobs_check_options(st.jobs, st.range_n, partial, st.merge);
	if (st.part && !partial)
		usage_error("--part goes with --partial");
	if (st.merge && (from_pos || depth_given))
		usage_error("--merge takes --depth and --from from the parts");
	if (partial && (st.o.json || st.svg))
		usage_error("--partial writes counts only: -j and --svg go with --merge");
	if (st.merge && st.q)
		usage_error("--merge takes the games the parts counted: -P goes with --partial");
	if (st.q)
		xq_query_set_flags(st.q, st.query_flags);
	st.so.filter = st.q;
	set_root(from_pos ? from_pos : XQ_START_FEN);
	return partial;
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
		l.part_end = st.partial;
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
		check(xq_stats_write_part(st.s, o.fp));
		if (out_commit(&o) < 0)
			st.trouble = 1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct jobs j;
	struct stats_merging mg = { .s = NULL };
	int partial, err, rc = -1;

	cmd_init(argv, usage_text);
	partial = parse_options(argc, argv);
	argc -= optind;
	argv += optind;
	cmd_inputs(&st.o, &argc, &argv);
	jobs_check_inputs(st.range_n, argc, argv);
	st.inputs = argv;
	st.ninputs = argc;
	st.so.notation = st.o.notation;
	if (!(st.s = xq_stats_new(&st.so, &err)) ||
	    !(mg.s = st.jobs > 1 ? xq_stats_new(&st.so, &err) : st.s))
		die(EXIT_TROUBLE, "%s", xq_strerror(err));
	if (st.jobs > 1 &&
	    (rc = jobs_start(&j, st.jobs, &st.o, stdout, progress_wanted(st.pp.quiet, partial),
			     merge_job, &mg, &argc, &argv, &st.range_k, &st.range_n)) == 1) {
		/* a worker: its part on its standard output */
		partial = 1;
		st.o.outpath = NULL;
	}
	if (mg.s != st.s && rc != 0) {
		/* no parts to add up: a worker, or one job */
		xq_stats_free(mg.s);
		mg.s = st.s;
	}
	if (rc == 0) {
		/* the workers' parts added up: what one job prints */
		if (j.failed || j.trouble || mg.trouble)
			st.trouble = 1;
		jobs_end(&j);
		xq_stats_free(st.s);
		st.s = mg.s;
	} else if (st.merge) {
		/* the parts in the files argv[0..argc) (none: stdin) added up */
		if (part_read(argc, argv, merge_line, &mg))
			st.trouble = 1;
	} else if (gather(argc, argv, partial) < 0) {
		return EXIT_TROUBLE;
	}
	part_merge_free(&mg.m);
	if (!st.partial)
		print_all();
	long invalid = xq_stats_invalid(st.s);
	xq_stats_free(st.s);
	xq_query_free(st.q);
	return exit_status(1, st.trouble, invalid);
}
