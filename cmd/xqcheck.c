/*
 * xqcheck - replay every game of the records given and say exactly what
 * is wrong with the bad ones; nothing else.
 */
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

/* One game of the input being read. */
static enum record_step check_game(struct record_loop *l, struct xq_game *g)
{
	st.games++;
	if (st.judge && !(g->flags & XQ_GAME_BAD_FEN) &&
	    judge_report(st.judge, g, l->name, keep_problem, NULL) < 0)
		die(EXIT_TROUBLE, "out of memory");
	if (g->errors)
		st.invalid++;
	else
		st.valid++;
	if (st.o.json)
		json_game(l->name, g);
	return RECORD_NEXT;
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "merge-summary", no_argument, NULL, 'M' },
		{ "rules", required_argument, NULL, 'r' },
		{ "summary-json", no_argument, NULL, 'S' },
		{ NULL, 0, NULL, 0 },
	};
	struct record_loop l = { 0 };
	int c, status, merge = 0;

	cmd_init(argv, usage_text);
	st.o.pp = &st.pp;
	while ((c = cmd_getopt(&st.o, argc, argv, "e:f:hjqr:Vv", longopts)) != -1) {
		switch (c) {
		case 'r':
			if (judge_open(&st.judge, optarg))
				usage(EXIT_TROUBLE);
			break;
		case 'S': st.summary_json = 1; break;
		case 'M': merge = 1; break;
		default: usage(EXIT_TROUBLE);
		}
	}
	argc -= optind;
	argv += optind;
	if (merge)
		return merge_summary(argc, argv);

	l.o = &st.o;
	l.problem = keep_problem;
	l.hint = 1;
	l.progress = !st.pp.quiet && !st.o.json && isatty(2);
	l.game = check_game;
	status = record_loop_run(&l, argc, argv);
	summary();
	free(st.list);
	xq_judge_free(st.judge);
	close_stdout();
	if (status == EXIT_OK && (st.invalid || st.pp.errors))
		status = EXIT_FINDINGS;
	return status;
}
