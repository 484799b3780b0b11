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
	"  -R, --recursive     walk directories (name order; non-records skipped)\n"
	"      --files-from=LIST read the inputs named in LIST ('-': stdin)\n"
	"  -0, --null          --files-from names end with NUL, not newline\n"
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

/* Problems of the game being read, kept for -j. */
struct kept {
	struct xq_problem p;
	char *text, *msg, *file;
};

static struct {
	struct cmd_opts o;
	struct problem_printer pp;
	struct kept *list;
	size_t n, cap;
	long games, valid, invalid;
	struct xq_judge *judge;   /* -r */
	int summary_json, partial;
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

/* A position in a -j line: the number, or under --partial its marker. */
static void json_pos(char kind, long v)
{
	if (st.partial)
		part_put_pos(stdout, kind, v);
	else
		printf("%ld", v);
}

static void partial_end(struct record_loop *l)
{
	fputs("#end\t", stdout);
	part_put_text(stdout, l->name, 0);
	printf("\t%ld\t%ld\t%llu\n", l->input_games, xq_reader_line(l->r),
	       (unsigned long long)xq_reader_offset(l->r));
}

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
#define POS_MAX PART_POS_MAX

/* A -j line of a part, its positions shifted by the earlier parts. */
static int merge_json(const char *s, struct part_merge *m)
{
	/* the game's file comes first: {"file":"NAME", with NAME as
	 * json_put_string writes it; find the offsets by that text */
	static char *name;
	static size_t cap;
	const char *q;
	size_t len;
	if (strncmp(s, "{\"file\":\"", 9))
		return -1;
	for (q = s + 9; *q && *q != '"'; q++)
		if (*q == '\\' && q[1])
			q++;
	if (*q != '"')
		return -1;
	/* the name unescaped: json_put_string's escapes */
	len = (size_t)(q - (s + 9));
	if (len + 1 > cap && !(name = realloc(name, cap = len + 1)))
		die(EXIT_TROUBLE, "out of memory");
	{
		size_t n = 0;
		for (const char *r = s + 9; r < q; r++) {
			if (*r != '\\') {
				name[n++] = *r;
				continue;
			}
			r++;
			if (*r == 'n') name[n++] = '\n';
			else if (*r == 't') name[n++] = '\t';
			else if (*r == 'u') {
				unsigned v = 0;
				if (sscanf(r + 1, "%4x", &v) != 1)
					return -1;
				name[n++] = (char)v;
				r += 4;
			} else name[n++] = *r;
		}
		name[n] = '\0';
	}
	if (part_copy_marked(s, stdout, m, part_input_of(m, name)) < 0)
		return -1;
	putchar('\n');
	return 0;
}

/* One line of the parts: 0, or -1 not a line of theirs, -2 a part begins
 * inside another, -3 a part out of order (said). */
static int merge_line(char *line, struct part_merge *m, int *in_part, int *trouble,
		      const char *file, long lineno)
{
	char *f[12];
	int n;
	long v[7];
	if (!strncmp(line, "{\"games\":", 9)) {
		long g, val, inv, e, w;
		char end;
		if (sscanf(line, "{\"games\":%ld,\"valid\":%ld,\"invalid\":%ld,\"errors\":%ld,\"warnings\":%ld%c",
			   &g, &val, &inv, &e, &w, &end) != 6 || end != '}' ||
		    g < 0 || val < 0 || inv < 0 || e < 0 || w < 0 || g > POS_MAX || val > POS_MAX ||
		    inv > POS_MAX || e > POS_MAX || w > POS_MAX || val + inv != g ||
		    st.games > POS_MAX - g || st.pp.errors > POS_MAX - e || st.pp.warnings > POS_MAX - w)
			return -1;
		st.games += g, st.valid += val, st.invalid += inv;
		st.pp.errors += e, st.pp.warnings += w;
		return 0;
	}
	if (*in_part && !strncmp(line, "J\t", 2))
		return merge_json(line + 2, m);
	n = part_split(line, f, 11);
	if (*in_part && part_message(f, n) == 0)
		return 0;
	if (part_is_header(f, n, "xqcheck", 0)) {
		if (*in_part)
			return -2;
		*in_part = 1;
		return part_begin(m, n == 3 ? f[2] : NULL, file, lineno) < 0 ? -3 : 0;
	}
	if (!*in_part)
		return -1;
	if (!strcmp(f[0], "P")) {
		struct xq_problem p;
		struct part_input *in;
		if (part_problem(m, f, n, &p, &in) < 0)
			return -1;
		if (!st.pp.quiet || p.severity == XQ_SEV_FATAL)
			print_problem_always(&p);
		return 0;
	}
	if (!strcmp(f[0], "#end") && n == 5) {
		struct part_input *in;
		return part_end(m, f, n, &in);
	}
	if (!strcmp(f[0], "#counts") && n == 7) {
		for (int i = 0; i < 6; i++)
			if (part_number(f[i + 1], &v[i]) < 0)
				return -1;
		if (v[1] + v[2] != v[0] || st.games > POS_MAX - v[0] || st.pp.errors > POS_MAX - v[3] ||
		    st.pp.warnings > POS_MAX - v[4])
			return -1;
		st.games += v[0], st.valid += v[1], st.invalid += v[2];
		st.pp.errors += v[3], st.pp.warnings += v[4];
		if (v[5])
			*trouble = 1;
		*in_part = 0;
		return 0;
	}
	return -1;
}

struct check_merging { struct part_merge m; int in_part, trouble; };

static int merge_one(void *data, char *line, const char *name, long n)
{
	struct check_merging *mg = data;
	int rc = merge_line(line, &mg->m, &mg->in_part, &mg->trouble, name, n);
	if (rc >= 0)
		return 0;
	if (rc != -3)
		diag(name, n, 0, "error", rc == -2 ?
		     "a part starts before the one before it ended (#counts)" :
		     "not a line of xqcheck --partial or --summary-json");
	mg->in_part = rc == -2 || rc == -3;
	return -1;
}

static int merge_summary(int argc, char **argv)
{
	struct check_merging mg = { { 0 }, 0, 0 };
	int trouble = part_read(argc, argv, merge_one, &mg);
	if (mg.trouble)
		trouble = 1;
	if (mg.in_part) {
		warnx_("the last part ends without its #counts line (cut short?)");
		trouble = 1;
	}
	part_merge_free(&mg.m);
	summary();
	return exit_status(1, trouble, st.invalid || st.pp.errors);
}

static void keep_problem(void *data, const struct xq_problem *p)
{
	(void)data;
	if (!st.o.json || p->game == 0 || p->severity == XQ_SEV_FATAL) {
		print_problem(&st.pp, p);
		return;
	}
	switch (p->severity) {
	case XQ_SEV_NOTE: st.pp.notes++; break;
	case XQ_SEV_WARNING: st.pp.warnings++; break;
	default: st.pp.errors++; break;
	}
	if (st.n == st.cap) {
		st.cap = st.cap ? 2 * st.cap : 16;
		if (!(st.list = realloc(st.list, st.cap * sizeof *st.list)))
			die(EXIT_TROUBLE, "out of memory");
	}
	struct kept *k = &st.list[st.n++];
	k->p = *p;
	k->text = xstrdup(p->text);
	k->msg = xstrdup(p->msg);
	k->file = xstrdup(p->file);
	k->p.text = k->text;
	k->p.msg = k->msg;
	k->p.file = k->file;
}

static void json_game(const char *file, const struct xq_game *g)
{
	int first = 1;
	if (st.partial)
		fputs("J\t", stdout);
	fputs("{\"file\":", stdout);
	json_put_string(stdout, file);
	fputs(",\"index\":", stdout);
	json_pos('G', g->index);
	fputs(",\"line\":", stdout);
	json_pos('L', g->line);
	fputs(",\"tags\":{", stdout);
	for (const struct xq_tag *t = g->tags; t; t = t->next) {
		if (!first)
			putchar(',');
		first = 0;
		json_put_string(stdout, t->name);
		putchar(':');
		json_put_string(stdout, t->value);
	}
	printf("},\"fen\":");
	json_put_string(stdout, g->start_fen);
	printf(",\"notation\":\"%s\",\"plies\":%d,\"result\":",
	       g->flags & XQ_GAME_SAN ? "san" : g->notation ? xq_notation_name(g->notation) : "none",
	       xq_game_plies(g));
	json_put_string(stdout, g->result ? g->result : "");
	printf(",\"status\":\"%s\",\"errors\":%d,\"warnings\":%d,\"problems\":[",
	       g->errors ? "invalid" : "valid", g->errors, g->warnings);
	first = 1;
	for (size_t i = 0; i < st.n; i++) {
		const struct xq_problem *p = &st.list[i].p;
		if (p->game != g->index)
			continue;
		if (!first)
			putchar(',');
		first = 0;
		printf("{\"severity\":\"%s\",\"code\":\"%s\",\"line\":",
		       xq_severity_name(p->severity), xq_problem_name(p->code));
		json_pos('L', p->line);
		printf(",\"col\":%ld,\"ply\":%d,", p->col, p->ply);
		if (p->has_byte) {
			fputs("\"byte\":", stdout);
			json_pos('B', p->byte);
			putchar(',');
		}
		fputs("\"text\":", stdout);
		if (p->text)
			json_put_string(stdout, p->text);
		else
			fputs("null", stdout);
		fputs(",\"message\":", stdout);
		json_put_string(stdout, p->msg);
		putchar('}');
	}
	fputs("]}\n", stdout);
	for (size_t i = 0; i < st.n; i++) {
		free(st.list[i].text);
		free(st.list[i].msg);
		free(st.list[i].file);
	}
	st.n = 0;
}

/* One game of the input being read. */
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
	if (st.o.json)
		json_game(l->name, g);
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
		case 'r':
			if (judge_open(&st.judge, optarg))
				usage(EXIT_TROUBLE);
			break;
		case 'S': st.summary_json = 1; break;
		case 'M': *merge = 1; break;
		case 'P': st.partial = 1; break;
		case 'N': st.part = parse_number(optarg, 1, PART_POS_MAX, "part number"); break;
		case 'J': st.jobs = cmd_jobs_arg(optarg); break;
		case OPT_RANGE: range_parse(optarg, &st.range_k, &st.range_n); break;
		default: usage(EXIT_TROUBLE);
		}
	}
	if (st.partial + st.summary_json + *merge > 1 && !(*merge && st.summary_json)) {
		warnx_("--partial, --summary-json and --merge exclude each other "
		       "(but --merge --summary-json adds summaries up)");
		usage(EXIT_TROUBLE);
	}
	if (st.part && !st.partial) {
		warnx_("--part goes with --partial");
		usage(EXIT_TROUBLE);
	}
	jobs_check_options(st.jobs, st.range_n, st.partial, *merge);
	if (*merge && (st.o.json || st.judge || st.o.format || st.o.encoding)) {
		warnx_("--merge takes -j, -r, -f and -e from the parts");
		usage(EXIT_TROUBLE);
	}
	return optind;
}

int main(int argc, char **argv)
{
	struct record_loop l = { 0 };
	int status, merge = 0;

	cmd_init(argv, usage_text);
	st.o.pp = &st.pp;
	int first = check_options(argc, argv, &merge);
	argc -= first;
	argv += first;
	cmd_inputs(&st.o, &argc, &argv);
	if (merge)
		return merge_summary(argc, argv);
	jobs_check_inputs(st.range_n, argc, argv);
	if (st.jobs > 1) {
		struct jobs j;
		int rc = jobs_start(&j, st.jobs, &st.o, stdout, &argc, &argv, &st.range_k, &st.range_n);
		if (rc == 0) {
			/* the parts merged: what one job prints */
			int trouble = jobs_copy(j.err, j.parts, stderr) < 0 || j.failed;
			status = merge_summary(j.parts, j.out);
			jobs_end(&j);
			return trouble ? EXIT_TROUBLE : status;
		}
		if (rc == 1)
			st.partial = 1;
	}

	l.o = &st.o;
	l.problem = keep_problem;
	l.hint = 1;
	l.progress = !st.o.json && !st.partial && progress_wanted(st.pp.quiet, 0);
	l.game = check_game;
	l.range_k = st.range_k;
	l.range_n = st.range_n;
	if (st.partial) {
		part_put_header(stdout, "xqcheck", st.part);
		st.pp.partial = stdout;
		l.end = partial_end;
	}
	status = record_loop_run(&l, argc, argv);
	if (st.partial)
		printf("#counts\t%ld\t%ld\t%ld\t%ld\t%ld\t%d\n", st.games, st.valid,
		       st.invalid, st.pp.errors, st.pp.warnings, status == EXIT_TROUBLE);
	else
		summary();
	free(st.list);
	xq_judge_free(st.judge);
	return exit_status(1, status != EXIT_OK, st.invalid || st.pp.errors);
}
