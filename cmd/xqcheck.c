/*
 * xqcheck - replay every game of the records given and say exactly what
 * is wrong with the bad ones; nothing else.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "judge_game.h"
#include "record_input.h"

static const char usage_text[] =
	"usage: xqcheck [-hjqVv] [-e encoding] [-f format] [-r axf | cxa | 1956]\n"
	"               [--partial | --summary-json] [file ...]\n"
	"       xqcheck --merge [-q] [file ...]\n"
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
	"      --partial       for one part of a big input: the diagnostics, -j lines\n"
	"                      and counts on stdout, in a form --merge renumbers\n"
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
} st;

/*
 * --partial: a part of a big input, split on game boundaries (GNU parallel
 * --pipe --recstart), writes what one run prints with its positions
 * (game numbers, lines, byte offsets) relative to the part, and after each
 * input the games, lines and bytes the part held of it; --merge reads the
 * parts in order and adds the earlier parts' counts of the same input to
 * every position, so that it prints what one run over the whole input
 * prints.  Lines, tab-separated:
 *   #xqcheck-partial 1                 the start of a part
 *   P sev code game line col ply byte file text msg
 *                                      a diagnostic (byte "-" when none;
 *                                      file, text: "-" NULL, else "=" and
 *                                      the text; \\ \t \n \r escaped)
 *   J json                             a -j line; each position in it is
 *                                      \001, a letter (G game, L line, B
 *                                      byte) and the number (JSON strings
 *                                      never hold a raw control character)
 *   #end name games lines bytes        after each input
 *   #counts games valid invalid errors warnings trouble
 *                                      the end of the part
 */
#define PARTIAL_HEADER "#xqcheck-partial\t1"

static void put_text(const char *s, int may_be_null)
{
	if (!s && may_be_null) {
		fputs("-", stdout);
		return;
	}
	if (may_be_null)
		putchar('=');
	for (; s && *s; s++)
		switch (*s) {
		case '\\': fputs("\\\\", stdout); break;
		case '\t': fputs("\\t", stdout); break;
		case '\n': fputs("\\n", stdout); break;
		case '\r': fputs("\\r", stdout); break;
		default: putchar(*s);
		}
}

/* A field of put_text() back, in place: the text, or NULL for "-" (with
 * may_be_null); *bad set when it is neither. */
static char *get_text(char *f, int may_be_null, int *bad)
{
	char *r, *w;
	if (may_be_null) {
		if (!strcmp(f, "-"))
			return NULL;
		if (*f != '=') {
			*bad = 1;
			return NULL;
		}
		f++;
	}
	for (r = w = f; *r; r++) {
		if (*r != '\\') {
			*w++ = *r;
			continue;
		}
		switch (*++r) {
		case '\\': *w++ = '\\'; break;
		case 't': *w++ = '\t'; break;
		case 'n': *w++ = '\n'; break;
		case 'r': *w++ = '\r'; break;
		default: *bad = 1; return f;
		}
	}
	*w = '\0';
	return f;
}

/* print_problem()'s printing under --partial. */
static void emit_problem(const struct xq_problem *p)
{
	printf("P\t%d\t%d\t%ld\t%ld\t%ld\t%d\t", (int)p->severity, (int)p->code,
	       p->game, p->line, p->col, p->ply);
	if (p->has_byte)
		printf("%ld\t", p->byte);
	else
		fputs("-\t", stdout);
	put_text(p->file, 1);
	putchar('\t');
	put_text(p->text, 1);
	putchar('\t');
	put_text(p->msg, 0);
	putchar('\n');
}

/* A position in a -j line: the number, or under --partial its marker. */
static void json_pos(char kind, long v)
{
	if (st.partial)
		printf("\001%c%ld", kind, v);
	else
		printf("%ld", v);
}

static void partial_end(struct record_loop *l)
{
	fputs("#end\t", stdout);
	put_text(l->name, 0);
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
struct offset { char *name; long games, lines, bytes; };

static struct offset *offset_of(struct offset **off, int *n, const char *name)
{
	for (int i = 0; i < *n; i++)
		if (!strcmp((*off)[i].name, name))
			return &(*off)[i];
	if (!(*off = realloc(*off, (size_t)(*n + 1) * sizeof **off)) ||
	    !((*off)[*n].name = strdup(name)))
		die(EXIT_TROUBLE, "out of memory");
	(*off)[*n].games = (*off)[*n].lines = (*off)[*n].bytes = 0;
	return &(*off)[(*n)++];
}

/* Split line at tabs into at most max fields; the number of fields. */
static int split_tabs(char *line, char **f, int max)
{
	int n = 0;
	f[n++] = line;
	for (char *p = line; *p; p++)
		if (*p == '\t') {
			if (n == max)
				return max + 1;
			*p = '\0';
			f[n++] = p + 1;
		}
	return n;
}

/* The largest count or position a part may give: sums of many of them
 * stay far from overflow. */
#define POS_MAX 1000000000000000L

/* A whole decimal number (digits only, at most POS_MAX) into *v; 0 or -1. */
static int get_long(const char *s, long *v)
{
	return parse_count(s, POS_MAX, v);
}

/* A -j line of a part, its positions shifted by the earlier parts. */
static int merge_json(const char *s, struct offset **off, int *noff)
{
	/* the game's file comes first: {"file":"NAME", with NAME as
	 * json_put_string writes it; find the offsets by that text */
	static char *name;
	static size_t cap;
	const char *q, *p = s;
	const struct offset *o;
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
	o = offset_of(off, noff, name);
	while ((q = strchr(p, '\001'))) {
		long v, add;
		char *end;
		fwrite(p, 1, (size_t)(q - p), stdout);
		add = q[1] == 'G' ? o->games : q[1] == 'L' ? o->lines : q[1] == 'B' ? o->bytes : -1;
		if (add < 0 || q[2] < '0' || q[2] > '9')
			return -1;
		errno = 0;
		v = strtol(q + 2, &end, 10);
		if (errno || v > POS_MAX)
			return -1;
		/* a position not known (0) stays so */
		printf("%ld", v > 0 || q[1] == 'B' ? v + add : v);
		p = end;
	}
	fputs(p, stdout);
	putchar('\n');
	return 0;
}

static int merge_line(char *line, struct offset **off, int *noff, int *in_part,
		      int *trouble)
{
	char *f[12];
	int n, bad = 0;
	long v[7];
	if (!strcmp(line, PARTIAL_HEADER)) {
		if (*in_part)
			return -2;
		*in_part = 1;
		return 0;
	}
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
	if (!*in_part)
		return -1;
	if (!strncmp(line, "J\t", 2))
		return merge_json(line + 2, off, noff);
	n = split_tabs(line, f, 11);
	if (!strcmp(f[0], "P") && n == 11) {
		struct xq_problem p = { 0 };
		const struct offset *o;
		for (int i = 0; i < 6; i++)
			if (get_long(f[i + 1], &v[i]) < 0)
				return -1;
		if (v[0] > XQ_SEV_FATAL || v[1] > XQ_P_NATURAL_LIMIT || v[5] > 1000000)
			return -1;
		p.severity = (enum xq_severity)v[0];
		p.code = (enum xq_problem_code)v[1];
		p.has_byte = strcmp(f[7], "-") != 0;
		if (p.has_byte && get_long(f[7], &p.byte) < 0)
			return -1;
		p.file = get_text(f[8], 1, &bad);
		p.text = get_text(f[9], 1, &bad);
		p.msg = get_text(f[10], 0, &bad);
		if (bad)
			return -1;
		o = offset_of(off, noff, p.file ? p.file : "<stdin>");
		p.game = v[2] ? v[2] + o->games : 0;
		p.line = v[3] ? v[3] + o->lines : 0;
		p.col = v[4];
		p.ply = (int)v[5];
		if (p.has_byte)
			p.byte += o->bytes;
		if (!st.pp.quiet || p.severity == XQ_SEV_FATAL)
			print_problem_always(&p);
		return 0;
	}
	if (!strcmp(f[0], "#end") && n == 5) {
		const char *name = get_text(f[1], 0, &bad);
		struct offset *o;
		for (int i = 0; i < 3; i++)
			if (get_long(f[i + 2], &v[i]) < 0)
				return -1;
		if (bad)
			return -1;
		o = offset_of(off, noff, name);
		if (o->games > POS_MAX - v[0] || o->lines > POS_MAX - v[1] || o->bytes > POS_MAX - v[2])
			return -1;
		o->games += v[0], o->lines += v[1], o->bytes += v[2];
		return 0;
	}
	if (!strcmp(f[0], "#counts") && n == 7) {
		for (int i = 0; i < 6; i++)
			if (get_long(f[i + 1], &v[i]) < 0)
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

static int merge_summary(int argc, char **argv)
{
	struct offset *off = NULL;
	int noff = 0, trouble = 0, in_part = 0;
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	for (int i = 0; i < (argc ? argc : 1); i++) {
		const char *name;
		FILE *fp = record_open(argc ? argv[i] : NULL, &name);
		long n = 0;
		if (!fp) {
			trouble = 1;
			continue;
		}
		while ((len = getline(&line, &cap, fp)) > 0) {
			int rc;
			n++;
			if (line[len - 1] == '\n')
				line[--len] = '\0';
			if ((rc = merge_line(line, &off, &noff, &in_part, &trouble)) < 0) {
				diag(name, n, 0, "error", rc == -2 ?
				     "a part starts before the one before it ended (#counts)" :
				     "not a line of xqcheck --partial or --summary-json");
				trouble = 1;
				in_part = rc == -2;
			}
		}
		if (ferror(fp)) {
			warnx_("error reading '%s': %s", name, strerror(errno));
			trouble = 1;
		}
		record_close(fp);
	}
	if (in_part) {
		warnx_("the last part ends without its #counts line (cut short?)");
		trouble = 1;
	}
	free(line);
	for (int i = 0; i < noff; i++)
		free(off[i].name);
	free(off);
	summary();
	close_stdout();
	if (trouble)
		return EXIT_TROUBLE;
	return st.invalid || st.pp.errors ? EXIT_FINDINGS : EXIT_OK;
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
		{ "merge", no_argument, NULL, 'M' },
		{ "merge-summary", no_argument, NULL, 'M' },
		{ "partial", no_argument, NULL, 'P' },
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
		case 'P': st.partial = 1; break;
		default: usage(EXIT_TROUBLE);
		}
	}
	argc -= optind;
	argv += optind;
	if (st.partial + st.summary_json + merge > 1 && !(merge && st.summary_json)) {
		warnx_("--partial, --summary-json and --merge exclude each other "
		       "(but --merge --summary-json adds summaries up)");
		usage(EXIT_TROUBLE);
	}
	if (merge && (st.o.json || st.judge || st.o.format || st.o.encoding)) {
		warnx_("--merge takes -j, -r, -f and -e from the parts");
		usage(EXIT_TROUBLE);
	}
	if (merge)
		return merge_summary(argc, argv);

	l.o = &st.o;
	l.problem = keep_problem;
	l.hint = 1;
	l.progress = !st.pp.quiet && !st.o.json && !st.partial && isatty(2);
	l.game = check_game;
	if (st.partial) {
		puts(PARTIAL_HEADER);
		st.pp.emit = emit_problem;
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
	close_stdout();
	if (status == EXIT_OK && (st.invalid || st.pp.errors))
		status = EXIT_FINDINGS;
	return status;
}
