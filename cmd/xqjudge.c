/*
 * xqjudge - repetition rulings (perpetual check, chase, mate threat) and
 * the natural move limit for every game of the records given, under the
 * AXF, CXA or 1956 rules.
 */
#include <stdlib.h>
#include <string.h>

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
	"  -R, --recursive     walk directories (name order; non-records skipped)\n"
	"      --files-from=LIST read the inputs named in LIST ('-': stdin)\n"
	"  -0, --null          --files-from names end with NUL, not newline\n"
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
	enum xq_notation notation;
	int json, all_lines;
	long games, rulings, against, limits, bad_games;
	int jobs;                 /* -J */
	long range_k, range_n;    /* a worker's byte range */
	int worker;               /* a worker of -J: positions marked (part.h) */
	/* per game */
	int first_event;
	const struct xq_game *g;
} st;

static void move_text(const struct xq_pos *pos, xq_move m, char *buf, size_t size)
{
	if (xq_move_format(pos, m, st.notation, 0, buf, size) < 0)
		xq_move_iccs(m, buf);
}

static void square(int sq, char out[3])
{
	out[0] = (char)('a' + XQ_FILE(sq));
	out[1] = (char)('0' + XQ_RANK(sq));
	out[2] = 0;
}

/* --- text for people: lines put together here and written whole (as
 * printf would write them: the bench's input has a line for every game) */

struct line {
	char b[4096];
	size_t n;
};

static void put(struct line *l, const char *s)
{
	size_t k = strlen(s);
	if (k > sizeof l->b - l->n)
		k = sizeof l->b - l->n;
	memcpy(l->b + l->n, s, k);
	l->n += k;
}

/* s, then spaces to width bytes (printf's "%-Ns") */
static void put_left(struct line *l, const char *s, size_t width)
{
	size_t k = strlen(s);
	put(l, s);
	for (; k < width && l->n < sizeof l->b; k++)
		l->b[l->n++] = ' ';
}

/* v in decimal, right-aligned to width (printf's "%Nld") */
static void put_num(struct line *l, long v, int width)
{
	char d[24];
	int i = (int)sizeof d;
	unsigned long u = v < 0 ? 0ul - (unsigned long)v : (unsigned long)v;
	d[--i] = 0;
	do
		d[--i] = (char)('0' + u % 10);
	while (u /= 10);
	if (v < 0)
		d[--i] = '-';
	for (int k = (int)sizeof d - 1 - i; k < width && l->n < sizeof l->b; k++)
		l->b[l->n++] = ' ';
	put(l, d + i);
}

/* A position: v, or in a worker its mark for the merge (part.h). */
static void put_pos(struct line *l, char kind, long v)
{
	if (!st.worker) {
		put_num(l, v, 0);
		return;
	}
	char mark[PART_POS_MARK_SIZE];
	part_pos_mark(mark, kind, v);
	put(l, mark);
}

static void print_pos(char kind, long v)
{
	if (st.worker)
		part_put_pos(stdout, kind, v);
	else
		printf("%ld", v);
}

/* Text of a game (a name, a tag): in a worker, its byte 001 doubled. */
static void print_text(const char *s)
{
	if (st.worker)
		part_put_pos_text(stdout, s);
	else
		fputs(s, stdout);
}

static void put_line(struct line *l)
{
	fwrite(l->b, 1, l->n, stdout);
	l->n = 0;
}

static void text_event(const struct xq_game_event *e)
{
	const struct xq_event *ev = e->ev;
	char buf[1024], mv[XQ_MOVE_TEXT_MAX];
	struct line out;

	out.n = 0;
	put(&out, "  ply ");
	put_num(&out, ev->ply, 0);
	put(&out, e->mainline ? ": " : " (variation): ");
	if (ev->kind != XQ_EVENT_REPETITION) {
		xq_event_text(ev, buf, sizeof buf);
		put(&out, buf);
		put(&out, "\n");
		put_line(&out);
		return;
	}
	put(&out, "repetition, ");
	put_num(&out, ev->occurrences, 0);
	put(&out, " occurrences of the position, cycle ");
	put_num(&out, ev->cycle, 0);
	put(&out, " plies; span plies ");
	put_num(&out, ev->first, 0);
	put(&out, "-");
	put_num(&out, ev->ply, 0);
	put(&out, "\n");
	put_line(&out);
	for (int i = 0; i < ev->nlabels; i++) {
		const struct xq_label *l = &ev->labels[i];
		move_text(xq_judge_position(e->j, l->ply - 1), l->move, mv, sizeof mv);
		xq_label_text(l, buf, sizeof buf);
		put(&out, "    ");
		put_num(&out, l->ply, 4);
		put(&out, " ");
		put_left(&out, xq_side_name(l->side), 5);
		put(&out, " ");
		put_left(&out, mv, 12);
		put(&out, " ");
		put(&out, buf);
		put(&out, "\n");
		put_line(&out);
	}
	printf("    Red: %s; Black: %s\n", xq_class_name(ev->cls[0]), xq_class_name(ev->cls[1]));
	switch (ev->verdict) {
	case XQ_VERDICT_RED_LOSES: fputs("    verdict: Red must change; if Red goes on, Red loses\n", stdout); break;
	case XQ_VERDICT_BLACK_LOSES: fputs("    verdict: Black must change; if Black goes on, Black loses\n", stdout); break;
	default: fputs("    verdict: draw if neither side changes\n", stdout); break;
	}
	printf("    rule (%s): %s\n", xq_rules_name(ev->rules), ev->rule);
	if (ev->review[0])
		printf("    needs review: %s\n", ev->review);
}

/* --- JSON */

static void json_sides_int(const char *name, const int v[2])
{
	printf(",\"%s\":{\"red\":%d,\"black\":%d}", name, v[0], v[1]);
}

static void json_event(const struct xq_game_event *e)
{
	const struct xq_event *ev = e->ev;
	char mv[XQ_MOVE_TEXT_MAX], iccs[5], sq[3];
	static const char *const kinds[] = {
		"", "repetition", "natural-limit", "natural-limit-mate", "natural-limit-claim",
	};

	if (!st.first_event)
		putchar(',');
	st.first_event = 0;
	printf("{\"kind\":\"%s\",\"ply\":%d,\"mainline\":%s,\"depth\":%d",
	       kinds[ev->kind], ev->ply, e->mainline ? "true" : "false", e->depth);
	if (e->node && e->node->line) {
		fputs(",\"line\":", stdout);
		print_pos('L', (long)e->node->line);
		printf(",\"col\":%u", e->node->col);
	}
	if (ev->kind != XQ_EVENT_REPETITION) {
		printf(",\"plies\":%d,\"unseen\":%d", ev->plies, ev->unseen);
		json_sides_int("moves", ev->moves);
		json_sides_int("checks", ev->checks);
		printf(",\"may_claim\":{\"red\":%s,\"black\":%s}",
		       ev->may_claim[0] ? "true" : "false", ev->may_claim[1] ? "true" : "false");
		if (ev->kind == XQ_EVENT_LIMIT_MATE)
			printf(",\"loses\":\"%s\"", ev->mated == XQ_RED ? "red" : "black");
		printf(",\"verdict\":\"%s\"}", xq_verdict_name(xq_event_verdict(ev)));
		return;
	}
	printf(",\"rules\":\"%s\",\"first\":%d,\"occurrences\":%d,\"cycle\":%d,\"verdict\":\"%s\"",
	       xq_rules_name(ev->rules), ev->first, ev->occurrences, ev->cycle,
	       xq_verdict_name(ev->verdict));
	printf(",\"class\":{\"red\":\"%s\",\"black\":\"%s\"}",
	       xq_class_name(ev->cls[0]), xq_class_name(ev->cls[1]));
	fputs(",\"victim\":{", stdout);
	for (int k = 0; k < 2; k++) {
		printf("%s\"%s\":", k ? "," : "", k ? "black" : "red");
		if (ev->victim[k] < 0) {
			fputs("null", stdout);
		} else {
			square(ev->victim[k], sq);
			printf("\"%s\"", sq);
		}
	}
	fputs("},\"rule\":", stdout);
	json_put_string(stdout, ev->rule);
	printf(",\"needs_review\":%s,\"review\":", ev->review[0] ? "true" : "false");
	json_put_string(stdout, ev->review);
	fputs(",\"labels\":[", stdout);
	for (int i = 0; i < ev->nlabels; i++) {
		const struct xq_label *l = &ev->labels[i];
		const char *names[XQ_LABEL_KINDS];
		int nnames = xq_label_names(l->flags, names, XQ_LABEL_KINDS);
		move_text(xq_judge_position(e->j, l->ply - 1), l->move, mv, sizeof mv);
		xq_move_iccs(l->move, iccs);
		printf("%s{\"ply\":%d,\"side\":\"%s\",\"move\":", i ? "," : "", l->ply,
		       l->side == XQ_RED ? "red" : "black");
		json_put_string(stdout, mv);
		printf(",\"iccs\":\"%s\",\"labels\":[", iccs);
		for (int w = 0; w < nnames; w++)
			printf("%s\"%s\"", w ? "," : "", names[w]);
		fputs("],\"chased\":[", stdout);
		for (int c = 0; c < l->nchased; c++) {
			square(l->chased[c].sq, sq);
			printf("%s{\"piece\":\"%s\",\"square\":\"%s\",\"id\":%d}", c ? "," : "",
			       xq_type_name(l->chased[c].type), sq, l->chased[c].id);
		}
		fputs("]}", stdout);
	}
	fputs("]}", stdout);
}

static void on_event(void *data, const struct xq_game_event *e)
{
	(void)data;
	if (st.json)
		json_event(e);
	else
		text_event(e);
}

static void judge_one(const char *file, struct xq_game *g)
{
	struct xq_game_verdict res;
	int rc;

	st.games++;
	if (g->errors)
		st.bad_games++;
	if (g->flags & XQ_GAME_BAD_FEN)
		return;
	if (st.json) {
		fputs("{\"file\":", stdout);
		json_put_string(stdout, file);
		fputs(",\"index\":", stdout);
		print_pos('G', g->index);
		fputs(",\"line\":", stdout);
		print_pos('L', g->line);
		fputs(",\"fen\":", stdout);
		json_put_string(stdout, g->start_fen);
		printf(",\"rules\":\"%s\",\"fold\":%d,\"limit\":%d,\"plies\":%d,\"valid\":%s,\"rulings\":[",
		       xq_rules_name(st.jo.rules), st.jo.fold ? st.jo.fold : 3,
		       st.jo.limit ? st.jo.limit : 120, xq_game_plies(g), g->errors ? "false" : "true");
		st.first_event = 1;
	} else {
		const char *red = xq_game_tag_known(g, "Red"), *black = xq_game_tag_known(g, "Black");
		struct line out;
		out.n = 0;
		print_text(file);
		put(&out, ": game ");
		put_pos(&out, 'G', g->index);
		put(&out, " (line ");
		put_pos(&out, 'L', g->line);
		put(&out, ")");
		put_line(&out);
		if (red || black) {
			fputs(": ", stdout);
			print_text(red ? red : "?");
			fputs(" - ", stdout);
			print_text(black ? black : "?");
		}
		putchar('\n');
	}
	if ((rc = xq_game_judge(st.j, g, st.all_lines, on_event, NULL, &res)) < 0)
		die(EXIT_TROUBLE, "%s", xq_strerror(rc));
	st.rulings += res.rulings;
	st.against += res.against;
	st.limits += res.limits;
	if (st.json)
		printf("],\"verdict\":\"%s\"}\n", xq_verdict_name(res.verdict));
	else {
		fputs("  verdict at the end of the main line: ", stdout);
		fputs(xq_verdict_name(res.verdict), stdout);
		fputs(res.rulings || res.limits ? "\n" :
		      " (no repetition ruling, natural limit not reached)\n", stdout);
	}
}

static enum record_step judge_step(struct record_loop *l, struct xq_game *g)
{
	if (st.worker && l->input_games == 1) {
		/* the input the positions that follow are of */
		fputs("\001I", stdout);
		part_put_pos_text(stdout, l->name);
		putchar('\001');
	}
	judge_one(l->name, g);
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
				die(EXIT_TROUBLE, "invalid limit '%s': a number of plies must be even", optarg);
			break;
		case 'r':
			if (xq_rules_from_name(optarg, &st.jo.rules)) {
				warnx_("unknown rules '%s' (axf, cxa or 1956)", optarg);
				usage(EXIT_TROUBLE);
			}
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

/* A worker's part (on its standard error): after each input. */
static void part_end_of_input(struct record_loop *l)
{
	fputs("#end\t", stderr);
	part_put_text(stderr, l->name, 0);
	fprintf(stderr, "\t%ld\t%ld\t%llu\n", l->input_games, xq_reader_line(l->r),
		(unsigned long long)xq_reader_offset(l->r));
}

/* -J: part i's output, its positions those of the whole input. */
static void output_part(void *data, int i, struct part_merge *m)
{
	const struct jobs *j = data;
	FILE *fp = fopen(j->out[i], "rb");
	if (!fp || part_copy_output(fp, stdout, m, j->out[i]) < 0)
		st.pp.fatals++;
	if (fp)
		fclose(fp);
}

/* -J: the workers' outputs and parts, as one job prints them. */
static int merge_jobs(struct jobs *j)
{
	long v[6] = { 0 };
	int trouble = part_merge_counts(j->parts, j->err, "xqjudge", v, 6, output_part, j) ||
		j->failed || st.pp.fatals;
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
	int status, err;

	cmd_init(argv, usage_text);
	o.pp = &st.pp;
	o.notation = XQ_NOTATION_CHINESE;
	int first = judge_options(argc, argv, &o);
	argc -= first;
	argv += first;
	cmd_inputs(&o, &argc, &argv);
	st.notation = o.notation;
	st.json = o.json;
	if (st.jobs > 1) {
		struct jobs j;
		int rc = jobs_start(&j, st.jobs, &o, stderr, &argc, &argv, &st.range_k, &st.range_n);
		if (rc == 0)
			return merge_jobs(&j);
		if (rc == 1) {
			/* a worker: its output marked on standard output, its
			 * part on standard error */
			st.worker = 1;
			st.pp.partial = stderr;
			part_put_header(stderr, "xqjudge", 0);
			l.end = part_end_of_input;
		}
	}
	if (!(st.j = xq_judge_new(&st.jo, &err)))
		die(EXIT_TROUBLE, "%s", xq_strerror(err));

	l.o = &o;
	l.game = judge_step;
	l.progress = progress_wanted(st.pp.quiet, 1);
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
