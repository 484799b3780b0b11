/*
 * xqjudge - repetition rulings (perpetual check, chase, mate threat) and
 * the natural move limit for every game of the records given, under the
 * AXF, CXA or 1956 rules.
 */
#include <stdlib.h>

#include "jobs.h"
#include "part.h"
#include "record_input.h"

static const char usage_text[] =
	"usage: xqjudge [-hjqVv] [-r axf | cxa | 1956] [--fold N] [--limit PLIES]\n"
	"               [--all-lines] [-n notation] [-e encoding] [-f format]\n"
	"               [-J jobs] [-R] [--files-from=list [-0]] [file ...]\n"
	"Repetition rulings and the natural move limit for every game: the plies\n"
	"of each repeated span, the labels of both sides' moves (check, mate\n"
	"threat, chase, idle), the verdict and the rule cited.\n"
	"\n"
	"  -r, --rules=RULES   axf (Asian/WXF), cxa (Chinese Xiangqi Association,\n"
	"                      the default) or 1956 (Chinese rules of 1956)\n"
	"      --fold=N        rule at the Nth occurrence of a position: 2, 3 or 4\n"
	"                      (default 3)\n"
	"      --limit=PLIES   natural limit in plies without a capture, even,\n"
	"                      2..1000 (default 120: 60 moves)\n"
	"      --all-lines     judge the variations too, not only the main line\n"
	"  -n, --notation=N    moves in chinese (default), wxf, iccs, uci, uci10\n"
	"  -j, --json          one JSON object per game on stdout\n"
	"  -J, --jobs=N        N jobs (0: one a core) over byte ranges of a file,\n"
	"                      chunks of a stream or the files; the output is\n"
	"                      one job's\n"
	"  -e, --encoding=ENC  input encoding (default: detect)\n"
	"  -f, --format=FMT    input format: pgn, text, ... (default: detect)\n"
	RECORD_INPUT_HELP("")
	"  -q, --quiet         no game diagnostics or progress; the summary stays\n"
	"  -v, --verbose       notes too\n"
	"  -h, --help          this help\n"
	"  -V, --version       version\n"
	"\n"
	"No file, or '-', reads standard input.\n"
	"Exit status: 0 no ruling goes against a side and every game is valid, 1 some\n"
	"side must change (loses if it goes on) or some game is invalid, 2 usage, I/O\n"
	"or internal error.\n";

enum { OPT_FOLD = 256, OPT_LIMIT, OPT_ALL };

static struct {
	struct problem_printer pp;
	struct xq_judge_opts jo;
	struct xq_judge *j;
	int all_lines;
	long games, rulings, against, limits, bad_games;
	int jobs;                 /* -J */
	long range_k, range_n;    /* a worker's byte range */
	int worker;               /* a worker of -J: positions marked (part.h) */
} st;

static enum record_step judge_step(struct record_loop *l, struct xq_game *g)
{
	struct xq_judge_report r = { stdout, l->o->notation, l->o->json, NULL, NULL, NULL };
	struct xq_game_verdict res;
	int rc;

	if (st.worker && l->input_games == 1)
		part_put_input(stdout, l->name);
	st.games++;
	if (g->errors)
		st.bad_games++;
	if (g->flags & XQ_GAME_BAD_FEN)
		return RECORD_NEXT;
	if (st.worker) {
		r.put_pos = part_pos_writer;
		r.put_text = part_text_writer;
	}
	if ((rc = xq_game_judge_report(st.j, g, l->name, st.all_lines, &r, &res)) < 0)
		die(EXIT_TROUBLE, "%s", xq_strerror(rc));
	st.rulings += res.rulings;
	st.against += res.against;
	st.limits += res.limits;
	return RECORD_NEXT;
}

/* The options into st and *o; returns optind. */
static int judge_options(int argc, char **argv, struct cmd_opts *o)
{
	static const struct option longopts[] = {
		{ "all-lines", no_argument, NULL, OPT_ALL },
		{ "fold", required_argument, NULL, OPT_FOLD },
		{ "jobs", required_argument, NULL, 'J' },
		{ "limit", required_argument, NULL, OPT_LIMIT },
		{ "rules", required_argument, NULL, 'r' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	while ((c = cmd_getopt(o, argc, argv, "0e:f:hJ:jn:qRr:Vv", longopts)) != -1) {
		switch (c) {
		case OPT_ALL: st.all_lines = 1; break;
		case 'J': st.jobs = cmd_jobs_arg(optarg); break;
		case OPT_FOLD: st.jo.fold = (int)parse_number(optarg, 2, 4, "fold"); break;
		case OPT_LIMIT:
			st.jo.limit = (int)parse_number(optarg, 2, 1000, "limit");
			if (st.jo.limit % 2)
				usage_error("invalid limit '%s': a number of plies must be even", optarg);
			break;
		case 'r':
			if (xq_rules_from_name(optarg, &st.jo.rules))
				usage_error("unknown rules '%s' (axf, cxa or 1956)", optarg);
			break;
		default: usage(EXIT_TROUBLE);
		}
	}
	return optind;
}

static void summary(void)
{
	fprintf(stderr, "%s: %ld game%s: %ld ruling%s (%ld against a side), %ld natural-limit event%s, %ld invalid\n",
			progname, st.games, st.games == 1 ? "" : "s", st.rulings,
			st.rulings == 1 ? "" : "s", st.against, st.limits, st.limits == 1 ? "" : "s",
			st.bad_games);
}

/* The exit status: trouble (an input unreadable, a write error) over the
 * findings (an invalid game, a ruling against a side). */
static int status_of(int trouble)
{
	return exit_status(1, trouble, st.bad_games || st.pp.errors || st.against);
}

/* -J: the workers' outputs and parts merged, as one job prints them: the
 * summary and the exit status. */
static int merge_end(struct jobs *j, struct part_counts *pc, const long *v)
{
	int trouble = part_counts_end(pc) || j->failed;
	jobs_end(j);
	st.games = v[0], st.bad_games = v[1], st.rulings = v[2], st.against = v[3];
	st.limits = v[4], st.pp.errors = v[5];
	summary();
	return status_of(trouble);
}

int main(int argc, char **argv)
{
	struct cmd_opts o = { 0 };
	struct record_loop l = { 0 };
	int status, err, progress;

	cmd_init(argv, usage_text);
	o.pp = &st.pp;
	o.notation = XQ_NOTATION_CHINESE;
	int first = judge_options(argc, argv, &o);
	argc -= first;
	argv += first;
	cmd_inputs(&o, &argc, &argv);
	progress = progress_wanted(st.pp.quiet, 1);
	if (st.jobs > 1) {
		struct jobs j;
		struct part_counts pc;
		long v[6] = { 0 };
		int rc;
		part_counts_init(&pc, "xqjudge", v, 6, part_output_marked, &pc);
		rc = jobs_start(&j, st.jobs, &o, stderr, progress, part_counts_part, &pc, &argc, &argv,
				&st.range_k, &st.range_n);
		if (rc == 0)
			return merge_end(&j, &pc, v);
		if (rc == 1) {
			/* a worker: its output marked on standard output, its
			 * part on standard error (what the merges before its
			 * fork held is the command's) */
			part_merge_free(&pc.m);
			st.worker = 1;
			st.pp.partial = stderr;
			part_put_header(stderr, "xqjudge", 0);
			l.part_end = stderr;
		}
	}
	if (!(st.j = xq_judge_new(&st.jo, &err)))
		die(EXIT_TROUBLE, "%s", xq_strerror(err));

	l.o = &o;
	l.game = judge_step;
	l.progress = progress && !st.worker;
	l.range_k = st.range_k;
	l.range_n = st.range_n;
	status = record_loop_run(&l, argc, argv);
	xq_judge_free(st.j);
	if (st.worker)
		fprintf(stderr, "#counts\t%ld\t%ld\t%ld\t%ld\t%ld\t%ld\t%d\n", st.games, st.bad_games,
			st.rulings, st.against, st.limits, st.pp.errors, status == EXIT_TROUBLE);
	else
		summary();
	return status_of(status != EXIT_OK);
}
