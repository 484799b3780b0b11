/*
 * xqcheck - replay every game of the records given and say exactly what
 * is wrong with the bad ones; nothing else.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "judge_game.h"
#include "record_input.h"

static const char usage_text[] =
	"usage: xqcheck [-hjqVv] [-e encoding] [-f format] [-r axf | cxa | 1956] [file ...]\n"
	"Replay every move of every game (main line and variations) and report\n"
	"what is wrong, as file:line:col with the game and ply.\n"
	"\n"
	"  -e, --encoding=ENC  input encoding: utf-8, gbk, gb18030, big5 (default: detect)\n"
	"  -f, --format=FMT    input format: pgn, text, ... (default: detect)\n"
	"  -j, --json          one JSON object per game on stdout\n"
	"  -q, --quiet         only the summary line\n"
	"  -r, --rules=RULES   also warn of repetition rulings and the natural\n"
	"                      move limit under these rules (see xqjudge)\n"
	"  -v, --verbose       notes too (unknown tags and such)\n"
	"      --summary-json  the summary as one JSON line on stdout, for --merge-summary\n"
	"      --merge-summary read --summary-json lines (files or stdin), print the\n"
	"                      summary line one run over all the input prints\n"
	"  -h, --help          this help\n"
	"  -V, --version       version\n"
	"\n"
	"No file, or '-', reads standard input; .gz files are read as they are.\n"
	"Exit status: 0 all games valid, 1 some game invalid, 2 usage or I/O error.\n";

static _Noreturn void usage(int status) { usage_exit(usage_text, status); }

/* Problems of the game being read, kept for -j. */
struct kept {
	struct xq_problem p;
	char *text, *msg, *file;
};

static struct {
	struct problem_printer pp;
	int json;
	struct kept *list;
	size_t n, cap;
	long games, valid, invalid;
	struct xq_judge *judge;   /* -r */
	int summary_json;
} st;

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

/* --merge-summary: add up the --summary-json lines of the parts. */
static int merge_summary(int argc, char **argv)
{
	char line[512];
	int status = EXIT_OK;
	for (int i = 0; i < (argc ? argc : 1); i++) {
		const char *name;
		FILE *fp = record_open(argc ? argv[i] : NULL, &name);
		long n = 0;
		if (!fp) {
			status = EXIT_TROUBLE;
			continue;
		}
		while (fgets(line, sizeof line, fp)) {
			long g, v, inv, e, w;
			n++;
			if (sscanf(line, "{\"games\":%ld,\"valid\":%ld,\"invalid\":%ld,\"errors\":%ld,\"warnings\":%ld}",
				   &g, &v, &inv, &e, &w) != 5) {
				diag(name, n, 0, "error", "not a line of xqcheck --summary-json");
				status = EXIT_TROUBLE;
				continue;
			}
			st.games += g, st.valid += v, st.invalid += inv;
			st.pp.errors += e, st.pp.warnings += w;
		}
		record_close(fp);
	}
	summary();
	close_stdout();
	if (status == EXIT_OK && (st.invalid || st.pp.errors))
		status = EXIT_FINDINGS;
	return status;
}

static char *xstrdup(const char *s)
{
	char *p = s ? strdup(s) : NULL;
	if (s && !p)
		die(EXIT_TROUBLE, "out of memory");
	return p;
}

static void keep_problem(void *data, const struct xq_problem *p)
{
	(void)data;
	if (!st.json || p->game == 0 || p->severity == XQ_SEV_FATAL) {
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
	fputs("{\"file\":", stdout);
	json_put_string(stdout, file);
	printf(",\"index\":%ld,\"line\":%ld,\"tags\":{", g->index, g->line);
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
		printf("{\"severity\":\"%s\",\"code\":\"%s\",\"line\":%ld,\"col\":%ld,\"ply\":%d,",
		       xq_severity_name(p->severity), xq_problem_name(p->code), p->line, p->col, p->ply);
		if (p->has_byte)
			printf("\"byte\":%ld,", p->byte);
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

/* Check one input; returns EXIT_TROUBLE on an I/O error, else 0. */
static int check_file(const char *path, const char *format, const char *encoding,
		      int progress)
{
	struct xq_reader_opts o = { 0 };
	struct xq_reader *r;
	struct xq_game *g;
	const char *name;
	FILE *fp = record_open(path, &name);
	int err, rc;
	double last = now_seconds();
	long fatals_before = st.pp.fatals;

	if (!fp)
		return EXIT_TROUBLE;
	o.format = format;
	o.encoding = encoding;
	o.name = name;
	o.problem = keep_problem;
	if (!(r = xq_reader_open(fp, &o, &err))) {
		warnx_("cannot read '%s': %s", name, xq_strerror(err));
		record_close(fp);
		return EXIT_TROUBLE;
	}
	while ((rc = xq_reader_next(r, &g)) > 0) {
		record_encoding_hint(r, g, name, encoding, keep_problem, NULL);
		st.games++;
		if (st.judge && !(g->flags & XQ_GAME_BAD_FEN) &&
		    judge_report(st.judge, g, name, keep_problem, NULL) < 0)
			die(EXIT_TROUBLE, "out of memory");
		if (g->errors)
			st.invalid++;
		else
			st.valid++;
		if (st.json)
			json_game(name, g);
		xq_game_free(g);
		if (progress)
			record_progress(name, st.games, r, &last);
	}
	if (progress)
		record_progress_end(st.games);
	xq_reader_close(r);
	record_close(fp);
	if (st.pp.fatals > fatals_before)
		rc = XQ_EIO;    /* said already, naming the limit or the fault */
	if (rc < 0) {
		if (rc != XQ_EIO)
			warnx_("error reading '%s': %s", name, xq_strerror(rc));
		return EXIT_TROUBLE;
	}
	return 0;
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "encoding", required_argument, NULL, 'e' },
		{ "format", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ "json", no_argument, NULL, 'j' },
		{ "merge-summary", no_argument, NULL, 'M' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "rules", required_argument, NULL, 'r' },
		{ "summary-json", no_argument, NULL, 'S' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	const char *format = NULL, *encoding = NULL;
	int c, status = EXIT_OK, progress, merge = 0;

	cmd_init(argv);
	while ((c = getopt_long(argc, argv, "e:f:hjqr:Vv", longopts, NULL)) != -1) {
		switch (c) {
		case 'e':
			if (!(encoding = opt_in_encoding(optarg)))
				usage(EXIT_TROUBLE);
			break;
		case 'f':
			if (!(format = opt_in_format(optarg)))
				usage(EXIT_TROUBLE);
			break;
		case 'h': usage(EXIT_OK);
		case 'j': st.json = 1; break;
		case 'q': st.pp.quiet = 1; break;
		case 'r':
			if (judge_open(&st.judge, optarg))
				usage(EXIT_TROUBLE);
			break;
		case 'V': print_version();
		case 'v': st.pp.verbose = 1; break;
		case 'S': st.summary_json = 1; break;
		case 'M': merge = 1; break;
		default: usage(EXIT_TROUBLE);
		}
	}
	argc -= optind;
	argv += optind;
	if (merge)
		return merge_summary(argc, argv);
	progress = !st.pp.quiet && !st.json && isatty(2);

	if (argc == 0) {
		status = check_file(NULL, format, encoding, progress);
	} else {
		for (int i = 0; i < argc; i++)
			if (check_file(argv[i], format, encoding, progress))
				status = EXIT_TROUBLE;
	}
	summary();
	free(st.list);
	xq_judge_free(st.judge);
	close_stdout();
	if (status == EXIT_OK && (st.invalid || st.pp.errors))
		status = EXIT_FINDINGS;
	return status;
}
