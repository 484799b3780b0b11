/*
 * xqcheck - replay every game of the records given and say exactly what
 * is wrong with the bad ones; nothing else.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "jobs.h"
#include "part.h"
#include "record_input.h"

static const char usage_text[] =
	"usage: xqcheck [-hjqVv] [-e encoding] [-f format] [-r axf | cxa | 1956]\n"
	"               [-J jobs] [--partial [--part N] [--range K/N] | --summary-json]\n"
	"               [-R] [--files-from=list [-0]] [file ...]\n"
	"       xqcheck --merge [-q] [file ...]\n"
	"Replay every move of every game (main line and variations) and report\n"
	"what is wrong, as file:line:col with the game and ply.\n"
	"\n"
	"  -e, --encoding=ENC  input encoding: utf-8, gbk, gb18030, big5 (default: detect)\n"
	"  -f, --format=FMT    input format: pgn, text, ... (default: detect)\n"
	"  -j, --json          one JSON object per game on stdout\n"
	"  -J, --jobs=N        N jobs (0: one a core) over byte ranges of a file,\n"
	"                      chunks of a stream or the files; the output is\n"
	"                      one job's\n"
	RECORD_INPUT_HELP("")
	"  -q, --quiet         no game diagnostics or progress; the summary stays\n"
	"  -r, --rules=RULES   also warn of repetition rulings and the natural\n"
	"                      move limit under these rules (see xqjudge)\n"
	"  -v, --verbose       notes too (unknown tags and such)\n"
	"      --partial       for one part of a big input: the diagnostics, -j lines\n"
	"                      and counts on stdout, in a form --merge renumbers\n"
	"      --part=N        --partial: this is part N (GNU parallel's {#}), so\n"
	"                      that --merge finds parts out of order or missing\n"
	"      --range=K/N     --partial: only the games that start in the K-th of N\n"
	"                      byte ranges of the file (one file)\n"
	"      --merge         read --partial outputs of the parts in order (files or\n"
	"                      stdin) and print exactly what one run over all of\n"
	"                      the input prints (also --merge-summary)\n"
	"      --summary-json  the summary only, as one JSON line on stdout; --merge\n"
	"                      adds such lines up into the summary line\n"
	"  -h, --help          this help\n"
	"  -V, --version       version\n"
	"\n"
	"No file, or '-', reads standard input; .gz files are read as they are.\n"
	"Exit status: 0 all games valid, 1 some game invalid, 2 usage or I/O error.\n";

static struct {
	struct cmd_opts o;
	struct problem_printer pp;
	struct xq_problem_list kept;  /* -j: the game's problems */
	long games, valid, invalid;
	struct xq_judge *judge;   /* -r */
	int summary_json, partial;
	int worker;               /* a worker of -J: -j lines marked (part.h)
				   * on stdout, its part on stderr */
	long part;                /* --part N */
	int jobs;                 /* -J */
	long range_k, range_n;    /* --range K/N */
} st;

/*
 * --partial: a part of a big input (see "Parts of a big input" in
 * record_input.h for the lines all the merges share):
 *   #xqcheck-partial 1 [N]             the start of a part (--part N)
 *   P ...                              a diagnostic
 *   J json                             a -j line, each position in it
 *                                      marked as part.h says (JSON
 *                                      strings never hold a raw control
 *                                      character)
 *   #end name games lines bytes        after each input
 *   #counts games valid invalid errors warnings trouble
 *                                      the end of the part
 */

static void summary(void)
{
	if (st.summary_json) {
		printf("{\"games\":%ld,\"valid\":%ld,\"invalid\":%ld,\"errors\":%ld,\"warnings\":%ld}\n",
		       st.games, st.valid, st.invalid, st.pp.errors, st.pp.warnings);
		return;
	}
	fprintf(stderr, "%s: %ld game%s: %ld valid, %ld invalid (%ld error%s, %ld warning%s)\n",
		progname, st.games, st.games == 1 ? "" : "s", st.valid, st.invalid,
		st.pp.errors, st.pp.errors == 1 ? "" : "s",
		st.pp.warnings, st.pp.warnings == 1 ? "" : "s");
}

/* --merge: what one run prints, from the --partial outputs of the parts
 * in order (and --summary-json lines, added up into the summary). */
struct check_merging {
	struct part_merge m;
	int in_part, trouble;
	long games, valid, invalid, errors, warnings;
};

/* The counts of a part or of a summary line (games, valid, invalid,
 * errors, warnings) added up: 0, or -1 when they do not add up. */
static int add_counts(struct check_merging *mg, const long v[5])
{
	for (int i = 0; i < 5; i++)
		if (v[i] < 0 || v[i] > PART_POS_MAX)
			return -1;
	if (v[1] + v[2] != v[0] || mg->games > PART_POS_MAX - v[0] ||
	    mg->errors > PART_POS_MAX - v[3] || mg->warnings > PART_POS_MAX - v[4])
		return -1;
	mg->games += v[0], mg->valid += v[1], mg->invalid += v[2];
	mg->errors += v[3], mg->warnings += v[4];
	return 0;
}

/* A -j line of a part, its positions shifted by the earlier parts. */
static int merge_json(const char *s, struct part_merge *m)
{
	/* the game's file comes first: {"file":"NAME", the input the
	 * positions are of */
	static char *name;
	static size_t cap;
	size_t len = strlen(s);
	if (len + 1 > cap)
		name = xrealloc(name, cap = len + 1);
	if (strncmp(s, "{\"file\":", 8) || xq_json_get_string(s + 8, name, NULL) < 0 ||
	    part_copy_marked(s, stdout, m, part_input_of(m, name)) < 0)
		return -1;
	putchar('\n');
	return 0;
}

/* One line of the parts: 0, or -1 not a line of theirs, -2 wrong and said
 * (part_header()). */
static int merge_line(struct check_merging *mg, char *line, const struct part_line *at)
{
	struct part_merge *m = &mg->m;
	struct part_input *in;
	char *f[12];
	int n, rc;
	long v[7];
	if (!strncmp(line, "{\"games\":", 9)) {
		char end;
		return sscanf(line, "{\"games\":%ld,\"valid\":%ld,\"invalid\":%ld,\"errors\":%ld,\"warnings\":%ld%c",
			      &v[0], &v[1], &v[2], &v[3], &v[4], &end) == 6 && end == '}' ? add_counts(mg, v) : -1;
	}
	if (mg->in_part && !strncmp(line, "J\t", 2))
		return merge_json(line + 2, m);
	n = part_split(line, f, 11);
	if (mg->in_part && part_message(f, n) == 0)
		return 0;
	if ((rc = part_header(m, &mg->in_part, f, n, "xqcheck", at->name, at->lineno)) <= 0)
		return rc < 0 ? -2 : 0;
	if (!mg->in_part)
		return -1;
	if (!strcmp(f[0], "P")) {
		struct xq_problem p;
		if (part_problem(m, f, n, &p, &in) < 0)
			return -1;
		if (!st.pp.quiet || p.severity == XQ_SEV_FATAL)
			print_problem_always(&p);
		return 0;
	}
	if (!strcmp(f[0], "#end") && n == 5)
		return part_end(m, f, n, &in);
	if (!strcmp(f[0], "#counts") && n == 7) {
		for (int i = 0; i < 6; i++)
			if (part_number(f[i + 1], &v[i]) < 0)
				return -1;
		if (add_counts(mg, v) < 0)
			return -1;
		mg->trouble |= v[5] != 0;
		mg->in_part = 0;
		return 0;
	}
	return -1;
}

static int merge_one(void *data, char *line, struct part_line *at)
{
	struct check_merging *mg = data;
	int rc = merge_line(mg, line, at);
	if (rc >= 0)
		return 0;
	if (rc == -1)
		part_error(at, "not a line of xqcheck --partial or --summary-json");
	return -1;
}

/* The counts merged (games, valid, invalid, errors, warnings), trouble set
 * when a part could not be read: the summary and the exit status. */
static int merged_summary(const long v[5], int trouble)
{
	st.games = v[0], st.valid = v[1], st.invalid = v[2];
	st.pp.errors = v[3], st.pp.warnings = v[4];
	summary();
	return exit_status(1, trouble, st.invalid || st.pp.errors);
}

static int merge_summary(int argc, char **argv)
{
	struct check_merging mg = { .in_part = 0 };
	int trouble = part_read(argc, argv, merge_one, &mg);
	trouble |= mg.trouble | part_cut_short(mg.in_part);
	part_merge_free(&mg.m);
	return merged_summary((long[5]){ mg.games, mg.valid, mg.invalid, mg.errors, mg.warnings },
			      trouble);
}

static void keep_problem(void *data, const struct xq_problem *p)
{
	(void)data;
	if (!st.o.json || p->game == 0 || p->severity == XQ_SEV_FATAL) {
		print_problem(&st.pp, p);
		return;
	}
	count_problem(&st.pp, p);
	if (xq_problem_list_add(&st.kept, p) < 0)
		die(EXIT_TROUBLE, "out of memory");
}

/* One game of the input being read: counted, and its -j line with the
 * problems kept for it (under --partial, a J line). */
static enum record_step check_game(struct record_loop *l, struct xq_game *g)
{
	st.games++;
	if (st.judge && !(g->flags & XQ_GAME_BAD_FEN) &&
	    xq_game_judge_warn(st.judge, g, l->name, keep_problem, NULL) < 0)
		die(EXIT_TROUBLE, "out of memory");
	if (g->errors)
		st.invalid++;
	else
		st.valid++;
	if (st.o.json) {
		if (st.worker && l->input_games == 1)
			part_put_input(stdout, l->name);
		fputs(st.partial ? "J\t" : "", stdout);
		xq_game_write_check_json(stdout, l->name, g, st.kept.p, st.kept.n,
					 st.partial || st.worker ? part_pos_writer : NULL, NULL);
		xq_problem_list_clear(&st.kept);
	}
	return RECORD_NEXT;
}

/* The options into st; *merge for --merge.  Returns optind. */
static int check_options(int argc, char **argv, int *merge)
{
	static const struct option longopts[] = {
		{ "merge", no_argument, NULL, 'M' },
		{ "merge-summary", no_argument, NULL, 'M' },
		{ "part", required_argument, NULL, 'N' },
		{ "partial", no_argument, NULL, 'P' },
		{ "rules", required_argument, NULL, 'r' },
		{ "summary-json", no_argument, NULL, 'S' },
		{ "jobs", required_argument, NULL, 'J' },
		{ "range", required_argument, NULL, OPT_RANGE },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	while ((c = cmd_getopt(&st.o, argc, argv, "0e:f:hJ:jqRr:Vv", longopts)) != -1) {
		switch (c) {
		case 'r': judge_open(&st.judge, optarg); break;
		case 'S': st.summary_json = 1; break;
		case 'M': *merge = 1; break;
		case 'P': st.partial = 1; break;
		case 'N': st.part = parse_number(optarg, 1, PART_POS_MAX, "part number"); break;
		case 'J': st.jobs = cmd_jobs_arg(optarg); break;
		case OPT_RANGE: range_parse(optarg, &st.range_k, &st.range_n); break;
		default: usage(EXIT_TROUBLE);
		}
	}
	if (st.partial + st.summary_json + *merge > 1 && !(*merge && st.summary_json))
		usage_error("--partial, --summary-json and --merge exclude each other "
		            "(but --merge --summary-json adds summaries up)");
	if (st.part && !st.partial)
		usage_error("--part goes with --partial");
	jobs_check_options(st.jobs, st.range_n, st.partial, *merge);
	if (*merge && (st.o.json || st.judge || st.o.format || st.o.encoding))
		usage_error("--merge takes -j, -r, -f and -e from the parts");
	return optind;
}

int main(int argc, char **argv)
{
	struct record_loop l = { 0 };
	int status, merge = 0, progress;

	cmd_init(argv, usage_text);
	st.o.pp = &st.pp;
	int first = check_options(argc, argv, &merge);
	argc -= first;
	argv += first;
	cmd_inputs(&st.o, &argc, &argv);
	if (merge)
		return merge_summary(argc, argv);
	jobs_check_inputs(st.range_n, argc, argv);
	progress = !st.o.json && progress_wanted(st.pp.quiet, 0);
	if (st.jobs > 1) {
		struct jobs j;
		struct part_counts pc;
		long v[5] = { 0 };
		int rc;
		part_counts_init(&pc, "xqcheck", v, 5, part_output_marked, &pc);
		rc = jobs_start(&j, st.jobs, &st.o, stderr, progress, part_counts_part, &pc, &argc, &argv,
				&st.range_k, &st.range_n);
		if (rc == 0) {
			/* the parts merged: what one job prints */
			status = merged_summary(v, part_counts_end(&pc) || j.failed);
			jobs_end(&j);
			return status;
		}
		if (rc == 1) {
			/* a worker (what the merges before its fork held
			 * is the command's) */
			part_merge_free(&pc.m);
			st.worker = 1;
		}
	}

	l.o = &st.o;
	l.problem = keep_problem;
	l.hint = 1;
	l.progress = progress && !st.partial && !st.worker;
	l.game = check_game;
	l.range_k = st.range_k;
	l.range_n = st.range_n;
	if (st.partial || st.worker) {
		FILE *part = st.partial ? stdout : stderr;
		part_put_header(part, "xqcheck", st.part);
		st.pp.partial = part;
		l.part_end = part;
	}
	status = record_loop_run(&l, argc, argv);
	if (st.pp.partial)
		fprintf(st.pp.partial, "#counts\t%ld\t%ld\t%ld\t%ld\t%ld\t%d\n", st.games, st.valid,
			st.invalid, st.pp.errors, st.pp.warnings, status == EXIT_TROUBLE);
	else
		summary();
	xq_problem_list_free(&st.kept);
	xq_judge_free(st.judge);
	return exit_status(1, status != EXIT_OK, st.invalid || st.pp.errors);
}
