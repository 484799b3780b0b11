/*
 * xqannotate - mark the mistakes of games with a search: records in, the
 * same records with marks (?!, ?, ??), comments and better lines out.
 *
 * The library annotates (xq_annotate_batch in lib/annotate_batch.c: N
 * engines, a game each, the games handed back in the order read).  This
 * is its glue: the options, the engines opened from them (the built-in
 * search, or the external UCI/UCCI engine of lib/engine_process.c), the
 * signals, the progress line, and each game written with its messages,
 * JSON lines and chart.  A game whose engine failed is written as it came.
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "outdir.h"
#include "record_input.h"

/* In two literals, each within the length C compilers must accept; main()
 * joins them. */
static const char usage_engine[] =
	"usage: xqannotate [-hjqVv] [--engine CMD [--engine-arg ARG]... [--engine-option N=V]...]\n"
	"                  [--depth N | --nodes N | --movetime MS] [--from PLY] [--to PLY]\n"
	"                  [--played root|next] [--order forward|backward] [-J jobs]\n"
	"                  [--lang zh|en]\n"
	"                  [--plot FILE.svg|DIR] [-f format] [-t format] [-e enc] [-E enc]\n"
	"                  [-n notation] [-o file | -d dir]\n"
	"                  [-R] [--files-from=list [-0]] [file ...]\n"
	"Annotate games with a search: marks, comments, better lines and summaries.\n"
	"\n"
	"  --engine=CMD          run the UCI/UCCI engine CMD (no shell; PATH searched);\n"
	"                        default: the built-in engine\n"
	"  --engine-arg=ARG      an argument for CMD (repeatable)\n"
	"  --engine-option=N=V   setoption N to V after the handshake (repeatable)\n"
	"  --engine-dialect=D    auto (default), uci (ranks 0..9), fsf (ranks 1..10,\n"
	"                        UCI_Variant xiangqi), ucci\n"
	"  --engine-timeout=SEC  wait for a search beyond its own time (default 60)\n"
	"  --depth=N             search depth in plies\n"
	"  --nodes=N             nodes per position (default 30000 built-in, 7000\n"
	"                        external: about 3 CPU s per 100 plies; a 1000 more\n"
	"                        add 0.1 s built-in, 0.4 s Fairy-Stockfish)\n"
	"  --movetime=MS         ms per position: up to 2 x MS wall time a ply\n"
	"  --hash=MB             built-in engine's table (default 16)\n"
	"  --from=PLY --to=PLY   annotate plies PLY.. and ..PLY of the main line (1-based)\n"
	"  --inaccuracy=D --mistake=D --blunder=D\n"
	"                        expected-score drops for ?!, ? and ?? (0.06 0.12 0.20;\n"
	"                        built-in engine 0.07 0.12 0.18)\n"
	"  --scale=K             the logistic constant per centipawn (default 0.0029\n"
	"                        built-in, 0.0043 for external engines, as Fairy-Stockfish)\n"
	"  --line=N              plies of the better line added (default 8; 0: none)\n"
	"  --lang=zh|en          comments and summary in Chinese (default with Chinese\n"
	"                        notation; traditional with Big5 output) or English\n"
	"  --played=root|next    score the played move by a search of its position\n"
	"                        over that move alone (root, default), or by the\n"
	"                        search of the position it leads to (next)\n"
	"  --order=forward|backward  search from the first position or the last\n"
	"  -J, --jobs=N          N engines, a game each (0: one a core)\n"
	"  --plot=FILE.svg|DIR   the evaluation chart: one game to a file, or one\n"
	"                        chart per game in a directory\n";
static const char usage_records[] =
	"  -j, --json            one JSON object per ply on standard output (records\n"
	"                        then go only to -o or -d)\n"
	"  -f, --format=FMT      input format (default: detect)\n"
	"  -t, --output-format=FMT  output format: pgn (default), text, ...\n"
	"  -e, --encoding=ENC    input encoding (default: detect)\n"
	"  -E, --output-encoding=ENC  output encoding (default utf-8)\n"
	"      --replace         a character the output encoding lacks written as\n"
	"                        '?' (a warning), not an error for that game\n"
	"  -n, --notation=N      moves and comments: chinese (default), wxf, iccs, uci, uci10\n"
	"  -o, --output=FILE     write to FILE (atomically); default standard output\n"
	"  -d, --directory=DIR   one file per game in DIR (made if missing); an\n"
	"                        existing file there is an error for that game\n"
	"      --name=FORMAT     with -d: file names from %n, %06n, %{Tag}, %%\n"
	"                        (default '%06n-%{Red}-%{Black}')\n"
	"      --force           with -d: replace existing files\n"
	"      --crlf            CRLF line ends\n"
	"      --strict          stop at the first invalid game or engine failure\n"
	RECORD_INPUT_HELP("  ")
	"  -q, --quiet           no game diagnostics or progress; the summary stays\n"
	"  -v, --verbose         notes too, and the engine's name\n"
	"  -h, --help            this help\n"
	"  -V, --version         version\n"
	"\n"
	"A game whose engine died, hung or answered garbage is written unannotated\n"
	"and the run goes on with a fresh engine.  Exit status: 0 every game\n"
	"annotated, 1 some game invalid (dropped), 2 usage, I/O or engine error.\n";

#define MAX_ENGINE_ARGS 64
#define MAX_ENGINE_OPTIONS 64

/* What the command keeps with a game until its turn to be written. */
struct game_note {
	char *name;                     /* the input it came from */
	char *held;                     /* the messages said while reading it */
	size_t held_len;
};

/* A job's engine: built-in or external. */
struct annotator {
	struct xq_engine engine;
	struct xq_search *search;       /* built-in */
	struct xq_engine_process *proc; /* external */
	double started;                 /* the game's first search */
	/* with more than one job, under jobs_line: the plies of its game
	 * searched and in all (0: no game under way), the seconds a search */
	int done, total;
	double per;
};

static struct {
	struct problem_printer pp;
	struct cmd_opts o;
	struct record_output ro;
	int strict, progress, records;  /* records: written (not -j alone) */
	struct xq_annotate_run run;     /* the driver's options */
	const char *engine_cmd;
	char *eargv[MAX_ENGINE_ARGS + 2];
	struct xq_engine_option eopts[MAX_ENGINE_OPTIONS];
	int neargs, neopts, external, timeout_s, lang;  /* lang -1: not given */
	enum xq_uci_dialect dialect;
	unsigned given;                 /* enum xq_annotate_given */
	size_t hash_mb;
	char who[400];
	/* an engine's failed start, said by the first game it fails in, or
	 * at the end when no game needed it */
	char start_error[600];
	int engine_failure_said;
	int njobs;
	struct annotator *jobs;
	struct xq_annotate_batch *batch;
	FILE *held;                     /* messages said while reading (-J > 1) */
	char *held_text;
	size_t held_len;
	const char *plot;
	int plot_dir, plots_written, plot_warned;
	struct outdir *plot_names;      /* --plot DIR: named as -d names */
	char *held_chart;               /* --strict --plot FILE: the chart, written
					 * when the records are kept */
	size_t held_chart_len;
	FILE *json;                     /* where -j's lines go: standard output,
					 * or with --strict a temporary file, copied
					 * there when the records are kept */
	long read, dropped, unannotated, annotated;
	int trouble, findings, stop;
} st = { .o = { .pp = &st.pp, .notation = XQ_NOTATION_CHINESE }, .ro = { .o = &st.o },
	 .timeout_s = 60, .lang = -1, .dialect = XQ_UCI_AUTO, .hash_mb = 16, .njobs = 1 };

/* The jobs whose engines a fatal signal kills: st.jobs[0..killable). */
static volatile sig_atomic_t killable;

static void on_fatal_signal(int sig)
{
	for (int i = 0; i < killable; i++)
		xq_engine_process_kill(st.jobs[i].proc);
	signal(sig, SIG_DFL);
	raise(sig);
}

/* With -v: the engine's name and dialect, when it is started. */
static void engine_note(const struct xq_engine_process *p)
{
	warnx_("note: engine '%s', dialect %s", xq_engine_process_name(p),
	       xq_uci_dialect_name(xq_engine_process_dialect(p)));
}

/* --plot: the chart of the plies searched, into its file. */
static void write_chart(const struct xq_annotated *a)
{
	char *path = NULL, *svg;
	size_t len;
	if (st.plot_dir) {
		if (!st.plot_names)
			st.plot_names = outdir_new(st.plot, st.o.name_format, 1);
		/* the number the game's record gets with -d */
		path = outdir_path(st.plot_names, a->g, st.ro.count + 1, "svg");
	} else if (st.plots_written == 0) {
		path = xstrdup(st.plot);
	} else if (!st.plot_warned) {
		st.plot_warned = 1;
		warnx_("--plot %s holds one game's chart: the charts of later games are not written "
		       "(give a directory for one per game)", st.plot);
	}
	if (!path)
		return;
	if (xq_annotated_chart_svg(a, &svg, &len) < 0)
		die(EXIT_TROUBLE, "out of memory");
	if (st.strict && !st.plot_dir) {
		/* --strict: the file is not replaced unless the records are kept */
		st.held_chart = svg;
		st.held_chart_len = len;
		st.plots_written++;
		free(path);
		return;
	}
	if (out_write(path, svg, len, st.ro.inputs, st.ro.ninputs) < 0) {
		st.trouble = 1;
	} else {
		st.plots_written++;
		/* --strict: removed with the records when they are not kept */
		record_output_made(&st.ro, path);
	}
	free(svg);
	free(path);
}

/* With more than one job, the line of all their games: the games done,
 * those under way and their plies, and the time the slowest has left;
 * drawn by whichever job moves on. */
static pthread_mutex_t jobs_line = PTHREAD_MUTEX_INITIALIZER;
static long games_done;

/* The line drawn (or erased: no game under way), jobs_line held. */
static void draw_jobs_line(void)
{
	int under = 0, done = 0, total = 0;
	double left = 0;
	char line[256];
	for (int i = 0; i < st.njobs; i++) {
		const struct annotator *an = &st.jobs[i];
		if (!an->total)
			continue;
		under++;
		done += an->done;
		total += an->total;
		if (an->per * (an->total - an->done) > left)
			left = an->per * (an->total - an->done);
	}
	if (!under) {
		progress_clear();
		return;
	}
	int n = snprintf(line, sizeof line, "\r%s: %ld game%s done, %d under way: ply %d of %d, "
			 "about %.0f s left in them\033[K", progname, games_done,
			 games_done == 1 ? "" : "s", under, done, total, left);
	progress_put(line, n < (int)sizeof line ? (size_t)n : sizeof line - 1);
}

static void progress_jobs(void *data, const struct xq_annotated *a, int done, int total)
{
	struct annotator *an = &st.jobs[a->engine];
	double now = now_seconds();
	(void)data;
	if (done == 0)
		an->started = now;
	pthread_mutex_lock(&jobs_line);
	an->done = done;
	an->total = done < total ? total : 0;
	an->per = an->engine.searches ? (now - an->started) / an->engine.searches : 0;
	draw_jobs_line();
	pthread_mutex_unlock(&jobs_line);
}

/* With one job only (the others' games are not the next one written). */
static void progress_line(void *data, const struct xq_annotated *a, int done, int total)
{
	struct annotator *an = &st.jobs[a->engine];
	if (done == 0)
		an->started = now_seconds();
	if (done == total) {
		progress_clear();
		return;
	}
	double per = an->engine.searches ? (now_seconds() - an->started) / an->engine.searches : 0;
	char line[256];
	int n = snprintf(line, sizeof line, "\r%s: game %ld, ply %d of %d, about %.0f s left in this game\033[K",
			 progname, a->seq, done, total, per * (total - done));
	/* the row that diagnostics erase first (common.h) */
	progress_put(line, n < (int)sizeof line ? (size_t)n : sizeof line - 1);
}

/* A game annotated, in the thread of its job: the run ends when memory
 * runs out, the built-in search fails, or the external engine's command
 * cannot be run at all. */
static void annotated(void *data, struct xq_annotated *a)
{
	if (st.progress && st.njobs > 1) {
		pthread_mutex_lock(&jobs_line);
		st.jobs[a->engine].total = 0;
		games_done++;
		draw_jobs_line();
		pthread_mutex_unlock(&jobs_line);
	} else if (st.progress) {
		progress_clear();
	}
	if (a->rc == XQ_ENOMEM && (!a->engine_failed || st.external))
		die(EXIT_TROUBLE, "out of memory");
	if (a->rc < 0 && !st.external)
		die(EXIT_TROUBLE, "search failed: %s", xq_strerror(a->rc));
	if (a->rc == XQ_EINVAL && a->engine_failed && a->failed_ply < 0)
		die(EXIT_TROUBLE, "%s", a->error ? a->error : xq_strerror(a->rc));
}

/* With more than one job, games are read ahead of their writing: the
 * messages said while reading (problems, unreadable inputs) are held and
 * said before the next game's own, as one job says them. */
static void hold_messages(void)
{
	if (!(st.held = open_memstream(&st.held_text, &st.held_len)))
		die(EXIT_TROUBLE, "out of memory");
	cmd_messages_to(st.held, NULL);
}

/* The messages held so far, into *text and *len (malloc'd; NULL when none);
 * holding stops. */
static void take_held(char **text, size_t *len)
{
	cmd_messages_to(NULL, NULL);
	if (fclose(st.held) != 0)
		die(EXIT_TROUBLE, "out of memory");
	st.held = NULL;
	*len = st.held_len;
	*text = *len ? st.held_text : NULL;
	if (!*len)
		free(st.held_text);
	st.held_text = NULL;
	st.held_len = 0;
}

/* The Annotator tag's text for the engine named name (NULL: the built-in
 * one) at the run's budget. */
static void annotator_text(char *buf, size_t size, const char *name)
{
	size_t n = (size_t)snprintf(buf, size, "xqannotate %s", XQ_VERSION);
	if (n < size)
		xq_annotate_engine_text(buf + n, size - n, st.run.o.lang, st.run.o.notation_flags, name,
					&st.run.lim);
}

static void note_free(void *data)
{
	struct game_note *n = data;
	free(n->held);   /* a game past the one the run stopped at */
	free(n->name);
	free(n);
}

/* A game handed back, in the order read: its messages, JSON lines, chart
 * and record, as one job would write them.  RECORD_STOP when the run stops. */
static enum record_step write_game(const struct xq_annotated *a)
{
	const struct xq_game *g = a->g;
	const struct game_note *n = a->data;
	st.read = a->seq;
	if (n->held_len)
		put_lines(n->held, n->held_len);
	if (g->errors) {
		st.findings = 1;
		st.dropped++;
		if (!st.pp.quiet)
			diag(n->name, g->line, 0, st.strict ? "error" : "warning", "game %ld is invalid: %s",
			     g->index, st.strict ? "stopping (--strict)" : "dropped");
		return st.strict ? RECORD_STOP : RECORD_NEXT;
	}
	if (a->restarted && st.pp.verbose)
		engine_note(st.jobs[a->engine].proc);
	if (st.external && a->rc >= 0) {
		/* the tag names the engine the run started with: an engine
		 * started again may name itself otherwise (a first handshake
		 * that failed left only the command's name) */
		char who[sizeof st.who];
		annotator_text(who, sizeof who, xq_engine_process_name(st.jobs[a->engine].proc));
		if (strcmp(who, st.who) && xq_game_set_tag(a->g, "Annotator", who) < 0)
			die(EXIT_TROUBLE, "out of memory");
	}
	st.engine_failure_said |= a->engine_failed && !st.pp.quiet;
	if (a->engine_failed && a->failed_ply >= 0 && !st.pp.quiet)
		diag(n->name, g->line, 0, "error", "game %ld, ply %d: %s", g->index, a->failed_ply + 1,
		     a->error ? a->error : "");
	else if (a->engine_failed && !st.pp.quiet)
		diag(n->name, g->line, 0, "error", "game %ld: %s", g->index, a->error ? a->error : "");
	if (a->json_len && fwrite(a->json, 1, a->json_len, st.json) != a->json_len)
		st.trouble = 1;
	if (a->rc > 0 && st.plot)
		write_chart(a);
	if (a->rc < 0) {
		st.trouble = 1;
		if (!st.pp.quiet)
			diag(n->name, g->line, 0, st.strict ? "error" : "warning", st.strict ?
			     "game %ld: stopping (--strict)" : "game %ld written unannotated", g->index);
		if (st.strict) {
			st.dropped++;
			return RECORD_STOP;
		}
	}
	if (a->rc == 0 && st.pp.verbose && !st.pp.quiet) {
		/* no move judged: none of its plies in --from..--to, as
		 * asked: a note */
		int plies = xq_game_plies(g);
		if (plies == 0)
			diag(n->name, g->line, 0, "note", "game %ld written unannotated: it has no moves",
			     g->index);
		else
			diag(n->name, g->line, 0, "note", "game %ld written unannotated: --from %d is "
			     "past its %d %s", g->index, st.run.from, plies, plies == 1 ? "ply" : "plies");
	}
	enum record_step step = RECORD_NEXT;
	int wr = st.records ? record_output_write(&st.ro, g, n->name) : 0;
	if (wr == 0) {
		if (a->rc <= 0)
			st.unannotated++;
		else
			st.annotated++;
	} else {
		st.dropped++;
		st.findings |= wr > 0;
		st.trouble |= wr < 0;
		if (wr < 0 || st.strict)
			step = RECORD_STOP;
	}
	if (st.json == stdout)
		fflush(stdout);
	return step;
}

/* Write the games handed back, in the order read, while more than keep are
 * in the batch waiting for the next.  RECORD_STOP when the run stops (the
 * games not written are dropped then, unsaid). */
static enum record_step write_done(int keep)
{
	enum record_step step = RECORD_NEXT;
	struct xq_annotated *a;
	while (step == RECORD_NEXT && xq_annotate_batch_next(st.batch, keep, &a) == 1) {
		step = write_game(a);
		note_free(a->data);
		xq_annotated_free(a);
	}
	return step;
}

static enum record_step annotate_step(struct record_loop *l, struct xq_game *g)
{
	struct game_note *n = calloc(1, sizeof *n);
	if (!n)
		die(EXIT_TROUBLE, "out of memory");
	n->name = xstrdup(l->name);
	if (st.njobs > 1)
		take_held(&n->held, &n->held_len);
	l->taken = 1;
	if (xq_annotate_batch_put(st.batch, g, n) < 0)
		die(EXIT_TROUBLE, "out of memory");
	/* a few games ahead for each job, no more in memory */
	enum record_step step = write_done(2 * st.njobs);
	if (st.njobs > 1)
		hold_messages();
	return step;
}

/* A threshold or the scale, given: a number in (0, 1]. */
static double given(unsigned bit, const char *what)
{
	char *e;
	errno = 0;
	double v = strtod(optarg, &e);
	if (errno || e == optarg || *e || !(v > 0) || v > 1)
		usage_error("invalid %s '%s' (a number in (0, 1])", what, optarg);
	st.given |= bit;
	return v;
}

/* optarg as one of two words: 0 for the first, 1 for the second. */
static int one_of(const char *option, const char *first, const char *second)
{
	if (strcmp(optarg, first) && strcmp(optarg, second))
		usage_error("%s wants %s or %s, not '%s'", option, first, second, optarg);
	return !strcmp(optarg, second);
}

static void engine_option(char *arg)
{
	char *eq = strchr(arg, '=');
	if (!eq || eq == arg)
		usage_error("--engine-option wants NAME=VALUE, not '%s'", arg);
	if (st.neopts >= MAX_ENGINE_OPTIONS)
		usage_error("more than %d --engine-option", MAX_ENGINE_OPTIONS);
	*eq = '\0';
	st.eopts[st.neopts].name = arg;
	st.eopts[st.neopts++].value = eq + 1;
}

/* The options into st; returns optind. */
static int parse_options(int argc, char **argv)
{
	enum {
		OPT_ENGINE = 256, OPT_EARG, OPT_EOPT, OPT_EDIALECT, OPT_ETIMEOUT, OPT_DEPTH,
		OPT_NODES, OPT_MOVETIME, OPT_HASH, OPT_FROM, OPT_TO, OPT_INACC, OPT_MISTAKE,
		OPT_BLUNDER, OPT_SCALE, OPT_LINE, OPT_PLOT, OPT_STRICT, OPT_CRLF, OPT_PLAYED,
		OPT_NAME, OPT_FORCE, OPT_REPLACE, OPT_ORDER, OPT_LANG, OPT_JOBS = 'J',
	};
	static const struct option longopts[] = {
		{ "blunder", required_argument, NULL, OPT_BLUNDER },
		{ "crlf", no_argument, NULL, OPT_CRLF },
		{ "depth", required_argument, NULL, OPT_DEPTH },
		{ "engine", required_argument, NULL, OPT_ENGINE },
		{ "engine-arg", required_argument, NULL, OPT_EARG },
		{ "engine-dialect", required_argument, NULL, OPT_EDIALECT },
		{ "engine-option", required_argument, NULL, OPT_EOPT },
		{ "engine-timeout", required_argument, NULL, OPT_ETIMEOUT },
		{ "force", no_argument, NULL, OPT_FORCE },
		{ "from", required_argument, NULL, OPT_FROM },
		{ "hash", required_argument, NULL, OPT_HASH },
		{ "inaccuracy", required_argument, NULL, OPT_INACC },
		{ "jobs", required_argument, NULL, OPT_JOBS },
		{ "lang", required_argument, NULL, OPT_LANG },
		{ "line", required_argument, NULL, OPT_LINE },
		{ "mistake", required_argument, NULL, OPT_MISTAKE },
		{ "movetime", required_argument, NULL, OPT_MOVETIME },
		{ "name", required_argument, NULL, OPT_NAME },
		{ "nodes", required_argument, NULL, OPT_NODES },
		{ "order", required_argument, NULL, OPT_ORDER },
		{ "output-format", required_argument, NULL, 't' },
		{ "played", required_argument, NULL, OPT_PLAYED },
		{ "plot", required_argument, NULL, OPT_PLOT },
		{ "replace", no_argument, NULL, OPT_REPLACE },
		{ "scale", required_argument, NULL, OPT_SCALE },
		{ "strict", no_argument, NULL, OPT_STRICT },
		{ "to", required_argument, NULL, OPT_TO },
		{ NULL, 0, NULL, 0 },
	};
	struct xq_annotate_run *r = &st.run;
	int c;

	xq_annotate_defaults(&r->o);
	while ((c = cmd_getopt(&st.o, argc, argv, "0d:E:e:f:hJ:jn:o:qRt:Vv", longopts)) != -1) {
		switch (c) {
		case OPT_ENGINE: st.engine_cmd = optarg; break;
		case OPT_EARG:
			if (st.neargs >= MAX_ENGINE_ARGS)
				usage_error("more than %d --engine-arg", MAX_ENGINE_ARGS);
			st.eargv[1 + st.neargs++] = optarg;
			break;
		case OPT_EOPT: engine_option(optarg); break;
		case OPT_EDIALECT:
			if (xq_uci_dialect_from_name(optarg, &st.dialect) < 0)
				usage_error("unknown engine dialect '%s'", optarg);
			break;
		case OPT_ETIMEOUT: st.timeout_s = (int)parse_number(optarg, 1, 86400, "engine timeout"); break;
		case OPT_DEPTH: r->lim.depth = (int)parse_number(optarg, 1, 100, "depth"); break;
		case OPT_NODES: r->lim.nodes = (uint64_t)parse_number(optarg, 1, 1000000000000L, "node count"); break;
		case OPT_MOVETIME: r->lim.movetime_ms = parse_number(optarg, 1, 86400000L, "move time"); break;
		case OPT_HASH: st.hash_mb = (size_t)parse_number(optarg, 1, 4096, "hash size"); break;
		case OPT_FROM: r->from = (int)parse_number(optarg, 1, 100000, "ply"); break;
		case OPT_TO: r->to = (int)parse_number(optarg, 1, 100000, "ply"); break;
		case OPT_INACC: r->o.inaccuracy = given(XQ_GIVEN_INACCURACY, "inaccuracy threshold"); break;
		case OPT_MISTAKE: r->o.mistake = given(XQ_GIVEN_MISTAKE, "mistake threshold"); break;
		case OPT_BLUNDER: r->o.blunder = given(XQ_GIVEN_BLUNDER, "blunder threshold"); break;
		case OPT_LANG: st.lang = one_of("--lang", "zh", "en") ? XQ_LANG_EN : XQ_LANG_ZH; break;
		case OPT_SCALE: r->o.k = given(XQ_GIVEN_K, "scale"); break;
		case OPT_LINE: r->o.line_plies = (int)parse_number(optarg, 0, XQ_MAX_PV, "line length"); break;
		case OPT_PLOT: st.plot = optarg; break;
		case OPT_PLAYED: r->played_next = one_of("--played", "root", "next"); break;
		case OPT_ORDER: r->backward = one_of("--order", "forward", "backward"); break;
		case OPT_JOBS: st.njobs = cmd_jobs_arg(optarg); break;
		case OPT_STRICT: st.strict = 1; break;
		case OPT_CRLF: st.ro.wflags |= XQ_WRITE_CRLF; break;
		case OPT_NAME: st.o.name_format = optarg; break;
		case OPT_FORCE: st.o.force = 1; break;
		case OPT_REPLACE: st.ro.wflags |= XQ_WRITE_REPLACE; break;
		default: usage(EXIT_TROUBLE);
		}
	}
	if ((st.neargs || st.neopts || st.dialect != XQ_UCI_AUTO) && !st.engine_cmd)
		usage_error("--engine-arg, --engine-option and --engine-dialect need --engine");
	if (r->from && r->to && r->from > r->to)
		usage_error("--from %d is after --to %d", r->from, r->to);
	st.external = st.engine_cmd != NULL;
	if (xq_annotate_engine_defaults(r, st.external, st.given) < 0)
		usage_error("the thresholds must grow: inaccuracy <= mistake <= blunder");
	return optind;
}

/* The engines of the run, one a job: external ones started now (a command
 * that cannot run at all ends the run; one that fails its handshake is
 * tried again for each game), or the built-in search, each with a table of
 * its own.  A fatal signal leaves no engine behind. */
static void open_engines(struct xq_engine **engines)
{
	/* a write to an engine that died fails instead of ending the run
	 * (the library leaves the dispositions to the program) */
	signal(SIGPIPE, SIG_IGN);
	signal(SIGINT, on_fatal_signal);
	signal(SIGTERM, on_fatal_signal);
	signal(SIGHUP, on_fatal_signal);
	if (!(st.jobs = calloc((size_t)st.njobs, sizeof *st.jobs)))
		die(EXIT_TROUBLE, "out of memory");
	st.eargv[0] = (char *)st.engine_cmd;
	struct xq_engine_process_opts po = {
		.argv = st.eargv, .dialect = st.dialect, .options = st.eopts,
		.noptions = st.neopts, .search_ms = st.timeout_s * 1000,
		.handshake_ms = st.timeout_s * 1000 < 10000 ? st.timeout_s * 1000 : 10000,
	};
	for (int i = 0; i < st.njobs; i++) {
		struct annotator *a = &st.jobs[i];
		engines[i] = &a->engine;
		if (!st.external) {
			if (!(a->search = xq_search_new(st.hash_mb)))
				die(EXIT_TROUBLE, "no memory for %zu MB of hash", st.hash_mb);
			xq_engine_builtin(&a->engine, a->search);
			continue;
		}
		if (!(a->proc = xq_engine_process_new(&po, NULL)))
			die(EXIT_TROUBLE, "out of memory");
		killable = i + 1;
		xq_engine_external(&a->engine, a->proc);
		int rc = xq_engine_process_start(a->proc);
		if (rc < 0) {
			if (rc == XQ_EINVAL || st.strict)
				die(EXIT_TROUBLE, "%s", xq_engine_process_error(a->proc));
			if (!st.trouble)
				snprintf(st.start_error, sizeof st.start_error, "%s",
					 xq_engine_process_error(a->proc));
			st.trouble = 1;
		} else if (st.pp.verbose && i == 0) {
			engine_note(a->proc);
		}
	}
	annotator_text(st.who, sizeof st.who, st.external ? xq_engine_process_name(st.jobs[0].proc) : NULL);
	st.run.who = st.who;
}

/* Every game written (or, when the run stopped, the ones not begun
 * dropped), the threads joined, the engines stopped. */
static void end_jobs(void)
{
	char *text = NULL;   /* said after the last game */
	size_t len = 0;
	if (st.held)
		take_held(&text, &len);
	if (!st.stop && write_done(0) == RECORD_STOP)
		st.stop = 1;
	/* unless the run stopped before them */
	if (!st.stop && len)
		fwrite(text, 1, len, stderr);
	free(text);
	xq_annotate_batch_free(st.batch);
	for (int i = 0; i < st.njobs; i++) {
		if (st.jobs[i].proc)
			xq_engine_process_stop(st.jobs[i].proc);
		xq_search_free(st.jobs[i].search);
	}
	killable = 0;   /* the handles go */
	for (int i = 0; i < st.njobs; i++)
		xq_engine_process_free(st.jobs[i].proc);
	free(st.jobs);
}

/* The records' output closed: kept unless --strict met an invalid game or
 * an engine failure, or the run stopped on an error.  The games of a file
 * or held for standard output that is not kept are dropped.  Under
 * --strict the charts and -j's lines follow the records: the charts of
 * --plot DIR are removed with them (the files record_output_made()
 * lists), that of --plot FILE and the lines are written only when they
 * are kept (with -j alone, no records: when no game stopped the run). */
static void close_output(void)
{
	int keep = !(st.strict && st.findings) && !(st.trouble && st.stop);
	int whole = st.ro.held || st.ro.out.tmp || (st.o.dir && st.strict) || st.json != stdout;
	/* (with no records, the charts listed alone) */
	if (record_output_close(&st.ro, keep) < 0) {
		st.trouble = 1;
		keep = 0;
	}
	if (!keep && whole) {
		st.dropped += st.annotated + st.unannotated;
		st.annotated = st.unannotated = 0;
	}
	if (keep && st.held_chart &&
	    out_write(st.plot, st.held_chart, st.held_chart_len, st.ro.inputs, st.ro.ninputs) < 0)
		st.trouble = 1;
	free(st.held_chart);
	st.held_chart = NULL;
	if (st.json != stdout) {
		if (keep && release_held(st.json, stdout, NULL) < 0)
			st.trouble = 1;
		fclose(st.json);
		st.json = stdout;
	}
}

/* The settings that follow from the options and the inputs. */
static void settle(int argc, char **argv)
{
	struct stat sb;
	opt_output(&st.o);
	st.plot_dir = st.plot && stat(st.plot, &sb) == 0 && S_ISDIR(sb.st_mode);
	st.run.o.notation = st.o.notation;
	st.run.o.lang = st.lang >= 0 ? (enum xq_lang)st.lang :
			st.o.notation == XQ_NOTATION_CHINESE ? XQ_LANG_ZH : XQ_LANG_EN;
	if (record_big5(st.o.enc_out))
		st.run.o.notation_flags |= XQ_NOTE_TRAD;
	st.ro.inputs = argv;
	st.ro.ninputs = argc;
	/* --strict writes nothing on an invalid game or an engine failure:
	 * on standard output the games wait in a temporary file */
	st.ro.all_or_none = st.strict;
	/* and so do -j's lines */
	st.json = stdout;
	if (st.o.json && st.strict && !(st.json = tmpfile()))
		die(EXIT_TROUBLE, "cannot create a temporary file: %s", strerror(errno));
	/* one job's line is erased before its game is written; jobs write
	 * games while others go on: not on a terminal they go to */
	st.progress = st.njobs == 1 ? !st.pp.quiet && isatty(2) :
		      progress_wanted(st.pp.quiet, st.o.json || (!st.o.outpath && !st.o.dir));
	st.records = !(st.o.json && !st.o.outpath && !st.o.dir);
}

int main(int argc, char **argv)
{
	static char usage_text[sizeof usage_engine + sizeof usage_records];
	struct record_loop l = { .o = &st.o, .game = annotate_step };
	struct xq_engine *engines[CMD_JOBS_MAX];

	snprintf(usage_text, sizeof usage_text, "%s%s", usage_engine, usage_records);
	cmd_init(argv, usage_text);
	int first = parse_options(argc, argv);
	argc -= first;
	argv += first;
	cmd_inputs(&st.o, &argc, &argv);
	settle(argc, argv);
	open_engines(engines);
	struct xq_annotate_batch_opts bo = {
		.run = st.run, .engines = engines, .nengines = st.njobs, .done = annotated,
		.progress = !st.progress ? NULL : st.njobs == 1 ? progress_line : progress_jobs,
		.free_data = note_free,
		.flags = (st.o.json ? XQ_BATCH_JSON : 0) | (st.plot ? XQ_BATCH_CHART : 0),
	};
	if (st.records && record_output_open(&st.ro) < 0)
		return EXIT_TROUBLE;
	if (!(st.batch = xq_annotate_batch_new(&bo, NULL)))
		die(EXIT_TROUBLE, "cannot start %d jobs", st.njobs);
	if (st.njobs > 1)
		hold_messages();
	if (record_loop_run(&l, argc, argv))
		st.trouble = 1;
	st.stop = l.stop;
	end_jobs();
	close_output();
	progress_clear();   /* (a game the run stopped left its line) */
	if (*st.start_error && !st.engine_failure_said)
		warnx_("%s", st.start_error);
	fprintf(stderr, "%s: %ld game%s read, %ld annotated, %ld unannotated, %ld dropped\n",
		progname, st.read, st.read == 1 ? "" : "s", st.annotated, st.unannotated, st.dropped);
	return exit_status(1, st.trouble, st.findings);
}
