/*
 * xqannotate - mark the mistakes of games with a search: records in, the
 * same records with marks (?!, ?, ??), comments and better lines out.
 *
 * The driver is the library's (xq_game_annotate in lib/annotate.c): it
 * searches, judges and writes the marks.  This is its glue: the options,
 * the external UCI/UCCI engine (lib/engine_process.c) as the driver's engine, the
 * progress line, the JSON lines, the chart.  A game whose engine failed
 * is written as it came.  With -J N, N engines annotate a game each at a
 * time (a game is the unit: the engine's table is kept within it), and the
 * games are written in the order read, so the output is one job's.
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

/* The budget of a position when no limit is given: the built-in engine's,
 * and one that costs an external engine about as much (Fairy-Stockfish,
 * one thread: README, "xqannotate", gives the figures). */
#define DEFAULT_NODES_BUILTIN 30000
#define DEFAULT_NODES_EXTERNAL 7000

#define MAX_ENGINE_ARGS 64
#define MAX_ENGINE_OPTIONS 64

/* One game's annotation: what a job does with it, kept until its turn to
 * be written comes (games are written, and their lines and messages said,
 * in the order they were read, whatever job finished first). */
struct game_job {
	struct game_job *next;
	struct xq_game *g;
	char *name;                     /* the input it came from */
	long seq;                       /* its number in the run (JSON "game") */
	char *held;                     /* the messages said while reading it */
	size_t held_len;
	enum { JOB_QUEUED, JOB_RUNNING, JOB_DONE } state;
	int failed;                     /* the engine failed: written unannotated */
	int judged;                     /* moves judged (a chart when > 0) */
	char note[700];                 /* an engine started again, with -v */
	char error[700];                /* the engine's failure */
	char *json;                     /* the JSON lines of its plies */
	size_t json_len;
	FILE *json_fp;
	struct xq_chart_point *chart;   /* plies 0..chart_last */
	char (*chart_text)[2][XQ_MOVE_TEXT_MAX];  /* each point's move and better move */
	int chart_last;
};

/* An engine and the games it annotates, one at a time: job 0 in the main
 * thread with -J 1, else each in a thread of its own. */
struct annotator {
	struct xq_engine engine;        /* built-in or external */
	struct xq_search *search;       /* built-in */
	struct xq_engine_process *proc; /* external */
	struct xq_annotate_run run;     /* st.run, with data this */
	struct game_job *job;           /* the game being annotated */
	pthread_t tid;
	double started;
};

static struct {
	struct problem_printer pp;
	struct cmd_opts o;
	struct record_output ro;
	int strict, progress;
	struct xq_annotate_run run;     /* the driver's options and hooks */
	/* engines */
	char *eargv[MAX_ENGINE_ARGS + 2];
	int neargs;
	struct xq_engine_option eopts[MAX_ENGINE_OPTIONS];
	int neopts;
	int external;
	size_t hash_mb;
	char who[400];
	char engine_name[XQ_UCI_TEXT_MAX];
	/* jobs */
	int njobs;
	struct annotator *jobs;
	struct game_job *head, *tail;   /* the games read and not yet written */
	int queued;                     /* games in that list */
	int quit;                       /* the threads end */
	FILE *held;                     /* messages said while reading (-J > 1) */
	char *held_text;
	size_t held_len;
	pthread_mutex_t lock;
	pthread_cond_t work, done;
	/* plots */
	const char *plot;
	int plot_dir, plots_written, plot_warned;
	struct outdir *plot_names;   /* --plot DIR: named as -d names */
	/* counts */
	long taken;                     /* games read */
	long read, written, dropped, unannotated, annotated;  /* games written or dropped */
	int trouble, findings, stop;
	char **inputs;
	int ninputs;
} st;

/* --- signals: never leave an engine behind */

/* The jobs whose engines a fatal signal kills: st.jobs[0..killable). */
static volatile sig_atomic_t killable;

static void on_fatal_signal(int sig)
{
	for (int i = 0; i < killable; i++)
		xq_engine_process_kill(st.jobs[i].proc);
	signal(sig, SIG_DFL);
	raise(sig);
}

/* --- searching */

static void describe_engine(void)
{
	size_t n = (size_t)snprintf(st.who, sizeof st.who, "xqannotate %s", XQ_VERSION);
	if (n < sizeof st.who)
		xq_annotate_engine_text(st.who + n, sizeof st.who - n, st.run.o.lang,
					st.run.o.notation_flags, st.external ? st.engine_name : NULL,
					&st.run.lim);
}

/* --- the chart (lib/chart.c draws it) */

/* The chart of the plies searched, 0..j->chart_last: Red's scores, the
 * marks of the moves with their text and the better move. */
static int write_plot(const char *path, const struct game_job *j)
{
	const struct xq_game *g = j->g;
	struct outfile of;
	char *svg;
	size_t len;
	struct xq_chart c = {
		.pts = j->chart, .npts = j->chart_last + 1, .plies = j->chart_last, .k = st.run.o.k,
		.red = xq_game_tag(g, "Red"), .black = xq_game_tag(g, "Black"),
		.result = xq_game_tag(g, "Result"), .date = xq_game_tag(g, "Date"),
	};
	if (xq_eval_chart_svg(&c, &svg, &len) < 0)
		die(EXIT_TROUBLE, "out of memory");
	if (out_open(&of, path, st.inputs, st.ninputs) < 0) {
		free(svg);
		return -1;
	}
	errno = 0;
	if (fwrite(svg, 1, len, of.fp) != len || fflush(of.fp) != 0) {
		warnx_("error writing '%s': %s", path, strerror(errno ? errno : EIO));
		free(svg);
		out_abort(&of);
		return -1;
	}
	free(svg);
	return out_commit(&of);
}

/* --- JSON */

/* A score for the mover as JSON fields: "NAME":cp or "NAME_mate":moves. */
static void json_score(FILE *fp, const char *name, int s)
{
	if (XQ_SCORE_IS_MATE(s)) {
		int plies = XQ_SCORE_MATE - abs(s);
		fprintf(fp, "\"%s\":null,\"%s_mate\":%d", name, name,
			s > 0 ? (plies + 1) / 2 : -(plies / 2));
	} else {
		fprintf(fp, "\"%s\":%d,\"%s_mate\":null", name, s, name);
	}
}

static void json_ply(FILE *fp, long game, int ply, const struct xq_pos *pos, xq_move m,
		     const struct xq_search_info *before, const struct xq_judgement *j)
{
	char text[XQ_MOVE_TEXT_MAX], iccs[5];
	static const char *const marks[7] = { "", "!", "?", "!!", "??", "!?", "?!" };
	fprintf(fp, "{\"game\":%ld,\"ply\":%d,\"side\":\"%s\",\"move\":", game, ply,
		pos->side == XQ_RED ? "red" : "black");
	if (xq_move_format(pos, m, st.run.o.notation, st.run.o.notation_flags, text, sizeof text) < 0)
		text[0] = '\0';
	json_put_string(fp, text);
	xq_move_iccs(m, iccs);
	fprintf(fp, ",\"iccs\":\"%s\",\"best\":", iccs);
	if (before->npv > 0 && xq_move_format(pos, before->pv[0], st.run.o.notation,
					      st.run.o.notation_flags, text, sizeof text) > 0) {
		json_put_string(fp, text);
		xq_move_iccs(before->pv[0], iccs);
		fprintf(fp, ",\"best_iccs\":\"%s\",", iccs);
	} else {
		fprintf(fp, "null,\"best_iccs\":null,");
	}
	json_score(fp, "score_best", j->best);
	putc(',', fp);
	json_score(fp, "score_played", j->played);
	fprintf(fp, ",\"drop\":%.4f,\"loss\":%d,\"accuracy\":%.1f,\"mark\":\"%s\",\"book\":%s,\"missed_mate\":%d,\"allowed_mate\":%d,\"depth\":%d,\"nodes\":%llu,\"pv\":[",
		j->drop, j->loss, j->accuracy, marks[j->nag], j->in_book ? "true" : "false",
		(j->missed_mate + 1) / 2, (j->allowed_mate + 1) / 2, before->depth,
		(unsigned long long)before->nodes);
	struct xq_pos p = *pos;
	for (int i = 0; i < before->npv; i++) {
		struct xq_undo u;
		if (!xq_is_legal(&p, before->pv[i]))
			break;
		xq_move_iccs(before->pv[i], iccs);
		fprintf(fp, "%s\"%s\"", i ? "," : "", iccs);
		xq_make(&p, before->pv[i], &u);
	}
	fprintf(fp, "]}\n");
}

/* --- one game */

/* With one job only (the others' games are not the next one written). */
static void progress_line(void *data, int done, int total)
{
	struct annotator *a = data;
	if (!st.progress)
		return;
	if (done == total) {
		progress_clear();
		return;
	}
	double el = now_seconds() - a->started;
	double per = a->engine.searches ? el / a->engine.searches : 0;
	char line[256];
	int n = snprintf(line, sizeof line, "\r%s: game %ld, ply %d of %d, about %.0f s left in this game\033[K",
			 progname, a->job->seq, done, total, per * (total - done));
	/* the row that diagnostics erase first (common.h) */
	progress_put(line, n < (int)sizeof line ? (size_t)n : sizeof line - 1);
}

/* The chart's points: Red's score of each position searched, the marks. */
static void on_position(void *data, int ply, const struct xq_pos *pos,
			const struct xq_search_info *info)
{
	struct game_job *j = ((struct annotator *)data)->job;
	if (!st.plot)
		return;
	j->chart[ply].red_score = pos->side == XQ_RED ? info->score : -info->score;
	j->chart[ply].has = 1;
	if (ply > j->chart_last)
		j->chart_last = ply;
}

static void on_move(void *data, int ply, const struct xq_pos *pos, xq_move m,
		    const struct xq_search_info *before, const struct xq_judgement *jd)
{
	struct game_job *j = ((struct annotator *)data)->job;
	if (st.plot) {
		/* the point after the move: its mark, its text and the better move */
		struct xq_chart_point *p = &j->chart[ply];
		char (*text)[XQ_MOVE_TEXT_MAX] = j->chart_text[ply];
		p->nag = jd->nag;
		p->move_no = pos->fullmove;
		p->red_moved = pos->side == XQ_RED;
		if (xq_move_format(pos, m, st.run.o.notation, st.run.o.notation_flags,
				   text[0], sizeof text[0]) > 0)
			p->move = text[0];
		if (before->npv > 0 && before->pv[0] != m && xq_is_legal(pos, before->pv[0]) &&
		    xq_move_format(pos, before->pv[0], st.run.o.notation, st.run.o.notation_flags,
				   text[1], sizeof text[1]) > 0)
			p->best = text[1];
	}
	if (st.o.json)
		json_ply(j->json_fp, j->seq, ply, pos, m, before, jd);
}

static void write_chart(const struct game_job *j)
{
	char *path = NULL;
	if (st.plot_dir) {
		if (!st.plot_names)
			st.plot_names = outdir_new(st.plot, st.o.name_format, 1);
		/* the number the game's record gets with -d */
		path = outdir_path(st.plot_names, j->g, st.ro.count + 1, "svg");
	} else if (st.plots_written == 0) {
		path = strdup(st.plot);
	} else if (!st.plot_warned) {
		st.plot_warned = 1;
		warnx_("--plot %s holds one game's chart: the charts of later games are not written "
		       "(give a directory for one per game)", st.plot);
	}
	if (path) {
		/* the range only: plies before it are not searched */
		if (write_plot(path, j) < 0)
			st.trouble = 1;
		else
			st.plots_written++;
		free(path);
	}
}

/* What the external engine did in j's game (rc the driver's): a note when
 * it was started again (it died in an earlier game), its failure kept with
 * the game's place; a command that cannot be run at all ends the run. */
static void engine_outcome(struct annotator *a, struct game_job *j, int rc, long starts)
{
	const struct xq_engine_process *p = a->proc;
	if (xq_engine_process_starts(p) > starts)
		snprintf(j->note, sizeof j->note, "note: engine '%s', dialect %s",
			 xq_engine_process_name(p), xq_uci_dialect_name(xq_engine_process_dialect(p)));
	if (rc >= 0 || !a->engine.failed)
		return;
	int at = xq_engine_process_failed_at(p);
	if (rc == XQ_EINVAL && at < 0)
		die(EXIT_TROUBLE, "%s", xq_engine_process_error(p));
	if (at >= 0)
		snprintf(j->error, sizeof j->error, "game %ld, ply %d: %s", j->g->index, at + 1,
			 xq_engine_process_error(p));
	else
		snprintf(j->error, sizeof j->error, "game %ld: %s", j->g->index,
			 xq_engine_process_error(p));
}

/* Annotate j's game with a's engine: j->failed when the engine failed (the
 * reason in j->error, the game untouched). */
static void annotate_game(struct annotator *a, struct game_job *j)
{
	size_t n = (size_t)xq_game_plies(j->g) + 1;
	a->job = j;
	a->started = now_seconds();
	a->engine.searches = 0;
	if (st.plot) {
		j->chart = calloc(n, sizeof *j->chart);
		j->chart_text = calloc(n, sizeof *j->chart_text);
		if (!j->chart || !j->chart_text)
			die(EXIT_TROUBLE, "out of memory");
		for (size_t i = 0; i < n; i++)
			j->chart[i].ply = (int)i;
	}
	if (st.o.json && !(j->json_fp = open_memstream(&j->json, &j->json_len)))
		die(EXIT_TROUBLE, "out of memory");
	long starts = st.external ? xq_engine_process_starts(a->proc) : 0;
	int rc = xq_game_annotate(j->g, &a->engine, &a->run);
	if (j->json_fp && fclose(j->json_fp) != 0)
		die(EXIT_TROUBLE, "out of memory");
	j->json_fp = NULL;
	if (st.progress)
		progress_clear();
	if (rc == XQ_ENOMEM && (!a->engine.failed || st.external))
		die(EXIT_TROUBLE, "out of memory");
	if (st.external)
		engine_outcome(a, j, rc, starts);
	if (rc < 0 && !st.external)
		die(EXIT_TROUBLE, "search failed: %s", xq_strerror(rc));
	j->failed = rc < 0;
	j->judged = rc > 0 ? rc : 0;
	a->job = NULL;
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
	*text = st.held_text;
	*len = st.held_len;
	if (!*len) {
		free(*text);
		*text = NULL;
	}
	st.held_text = NULL;
	st.held_len = 0;
}

static void job_free(struct game_job *j)
{
	free(j->held);   /* a game past the one the run stopped at */
	xq_game_free(j->g);
	free(j->name);
	free(j->json);
	free(j->chart);
	free(j->chart_text);
	free(j);
}

/* --- the jobs */

/* A thread of its own: the next game queued, annotated, until told to quit. */
static void *annotator_main(void *arg)
{
	struct annotator *a = arg;
	pthread_mutex_lock(&st.lock);
	for (;;) {
		struct game_job *j = st.head;
		while (j && j->state != JOB_QUEUED)
			j = j->next;
		if (!j) {
			if (st.quit)
				break;
			pthread_cond_wait(&st.work, &st.lock);
			continue;
		}
		j->state = JOB_RUNNING;
		pthread_mutex_unlock(&st.lock);
		annotate_game(a, j);
		pthread_mutex_lock(&st.lock);
		j->state = JOB_DONE;
		pthread_cond_broadcast(&st.done);
	}
	pthread_mutex_unlock(&st.lock);
	return NULL;
}

/* The game at the head, annotated: its messages, JSON lines, chart and
 * record, as one job would write them.  RECORD_STOP when the run stops. */
static enum record_step write_job(struct game_job *j)
{
	const struct xq_game *g = j->g;
	st.read = j->seq;
	if (j->held_len)
		fwrite(j->held, 1, j->held_len, stderr);
	if (g->errors) {
		st.findings = 1;
		st.dropped++;
		if (!st.pp.quiet)
			diag(j->name, g->line, 0, st.strict ? "error" : "note",
			     "game %ld is invalid: %s", g->index,
			     st.strict ? "stopping (--strict)" : "dropped");
		return st.strict ? RECORD_STOP : RECORD_NEXT;
	}
	if (j->note[0] && st.pp.verbose)
		warnx_("%s", j->note);
	if (j->error[0] && !st.pp.quiet)
		diag(j->name, g->line, 0, "error", "%s", j->error);
	if (j->json_len && fwrite(j->json, 1, j->json_len, stdout) != j->json_len)
		st.trouble = 1;
	if (!j->failed && j->judged > 0 && st.plot)
		write_chart(j);
	if (j->failed) {
		st.trouble = 1;
		if (st.strict) {
			if (!st.pp.quiet)
				diag(j->name, g->line, 0, "error", "game %ld: stopping (--strict)", g->index);
			st.dropped++;
			return RECORD_STOP;
		}
		if (!st.pp.quiet)
			diag(j->name, g->line, 0, "note", "game %ld written unannotated", g->index);
	}
	enum record_step step = RECORD_NEXT;
	int wr = (st.o.json && !st.o.outpath && !st.o.dir) ? 0 : record_output_write(&st.ro, g);
	if (wr == 0) {
		st.written++;
		if (j->failed)
			st.unannotated++;
		else
			st.annotated++;
	} else if (wr > 0) {
		st.dropped++;
		st.findings = 1;
		if (st.strict)
			step = RECORD_STOP;
	} else {
		st.dropped++;
		st.trouble = 1;
		step = RECORD_STOP;
	}
	if (st.o.json)
		fflush(stdout);
	return step;
}

/* Write the games at the head that are done, in the order read; with wait,
 * wait for the head until at most keep games are left.  RECORD_STOP when
 * the run stops (the games not written are dropped then, unsaid). */
static enum record_step write_done(int keep)
{
	enum record_step step = RECORD_NEXT;
	pthread_mutex_lock(&st.lock);
	while (st.head && step == RECORD_NEXT) {
		struct game_job *j = st.head;
		if (j->state != JOB_DONE) {
			if (st.queued <= keep)
				break;
			pthread_cond_wait(&st.done, &st.lock);
			continue;
		}
		pthread_mutex_unlock(&st.lock);
		step = write_job(j);
		pthread_mutex_lock(&st.lock);
		st.head = j->next;
		if (!st.head)
			st.tail = NULL;
		st.queued--;
		job_free(j);
	}
	pthread_mutex_unlock(&st.lock);
	return step;
}

static enum record_step annotate_step(struct record_loop *l, struct xq_game *g)
{
	struct game_job *j = calloc(1, sizeof *j);
	if (!j)
		die(EXIT_TROUBLE, "out of memory");
	j->g = g;
	j->name = xstrdup(l->name);
	j->seq = ++st.taken;
	j->state = g->errors ? JOB_DONE : JOB_QUEUED;
	if (st.njobs > 1)
		take_held(&j->held, &j->held_len);
	l->taken = 1;
	if (st.njobs == 1) {
		if (j->state == JOB_QUEUED)
			annotate_game(&st.jobs[0], j);
		j->state = JOB_DONE;
	}
	pthread_mutex_lock(&st.lock);
	if (st.tail)
		st.tail->next = j;
	else
		st.head = j;
	st.tail = j;
	st.queued++;
	pthread_cond_signal(&st.work);
	pthread_mutex_unlock(&st.lock);
	/* a few games ahead for each job, no more in memory */
	enum record_step step = write_done(2 * st.njobs);
	if (st.njobs > 1)
		hold_messages();
	return step;
}

static double parse_fraction(const char *text, const char *what)
{
	char *e;
	errno = 0;
	double v = strtod(text, &e);
	if (errno || e == text || *e || !(v > 0) || v > 1)
		die(EXIT_TROUBLE, "invalid %s '%s' (a number in (0, 1])", what, text);
	return v;
}

/* Options beyond st's: the external engine asked for. */
static struct {
	const char *cmd;
	enum xq_uci_dialect dialect;
	int timeout_s, scale_given, thresholds_given, lang;  /* thresholds given: bits; lang -1: not given */
} eo = { NULL, XQ_UCI_AUTO, 60, 0, 0, -1 };

/* The options into st and eo; returns optind. */
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
	int c;

	while ((c = cmd_getopt(&st.o, argc, argv, "0d:E:e:f:hJ:jn:o:qRt:Vv", longopts)) != -1) {
		switch (c) {
		case OPT_ENGINE: eo.cmd = optarg; break;
		case OPT_EARG:
			if (st.neargs >= MAX_ENGINE_ARGS)
				die(EXIT_TROUBLE, "more than %d --engine-arg", MAX_ENGINE_ARGS);
			st.eargv[1 + st.neargs++] = optarg;
			break;
		case OPT_EOPT: {
			char *eq = strchr(optarg, '=');
			if (!eq || eq == optarg) {
				warnx_("--engine-option wants NAME=VALUE, not '%s'", optarg);
				usage(EXIT_TROUBLE);
			}
			if (st.neopts >= MAX_ENGINE_OPTIONS)
				die(EXIT_TROUBLE, "more than %d --engine-option", MAX_ENGINE_OPTIONS);
			*eq = '\0';
			st.eopts[st.neopts].name = optarg;
			st.eopts[st.neopts++].value = eq + 1;
			break;
		}
		case OPT_EDIALECT:
			if (xq_uci_dialect_from_name(optarg, &eo.dialect) < 0) {
				warnx_("unknown engine dialect '%s'", optarg);
				usage(EXIT_TROUBLE);
			}
			break;
		case OPT_ETIMEOUT: eo.timeout_s = (int)parse_number(optarg, 1, 86400, "engine timeout"); break;
		case OPT_DEPTH: st.run.lim.depth = (int)parse_number(optarg, 1, 100, "depth"); break;
		case OPT_NODES: st.run.lim.nodes = (uint64_t)parse_number(optarg, 1, 1000000000000L, "node count"); break;
		case OPT_MOVETIME: st.run.lim.movetime_ms = parse_number(optarg, 1, 86400000L, "move time"); break;
		case OPT_HASH: st.hash_mb = (size_t)parse_number(optarg, 1, 4096, "hash size"); break;
		case OPT_FROM: st.run.from = (int)parse_number(optarg, 1, 100000, "ply"); break;
		case OPT_TO: st.run.to = (int)parse_number(optarg, 1, 100000, "ply"); break;
		case OPT_INACC:
			st.run.o.inaccuracy = parse_fraction(optarg, "inaccuracy threshold");
			eo.thresholds_given |= 1;
			break;
		case OPT_MISTAKE:
			st.run.o.mistake = parse_fraction(optarg, "mistake threshold");
			eo.thresholds_given |= 2;
			break;
		case OPT_BLUNDER:
			st.run.o.blunder = parse_fraction(optarg, "blunder threshold");
			eo.thresholds_given |= 4;
			break;
		case OPT_LANG:
			if (!strcmp(optarg, "zh"))
				eo.lang = XQ_LANG_ZH;
			else if (!strcmp(optarg, "en"))
				eo.lang = XQ_LANG_EN;
			else {
				warnx_("--lang wants zh or en, not '%s'", optarg);
				usage(EXIT_TROUBLE);
			}
			break;
		case OPT_SCALE: st.run.o.k = parse_fraction(optarg, "scale"); eo.scale_given = 1; break;
		case OPT_LINE: st.run.o.line_plies = (int)parse_number(optarg, 0, XQ_MAX_PV, "line length"); break;
		case OPT_PLOT: st.plot = optarg; break;
		case OPT_PLAYED:
			if (strcmp(optarg, "root") && strcmp(optarg, "next")) {
				warnx_("--played wants root or next, not '%s'", optarg);
				usage(EXIT_TROUBLE);
			}
			st.run.played_next = !strcmp(optarg, "next");
			break;
		case OPT_ORDER:
			if (strcmp(optarg, "forward") && strcmp(optarg, "backward")) {
				warnx_("--order wants forward or backward, not '%s'", optarg);
				usage(EXIT_TROUBLE);
			}
			st.run.backward = !strcmp(optarg, "backward");
			break;
		case OPT_JOBS: st.njobs = cmd_jobs_arg(optarg); break;
		case OPT_STRICT: st.strict = 1; break;
		case OPT_CRLF: st.ro.wflags |= XQ_WRITE_CRLF; break;
		case OPT_NAME: st.o.name_format = optarg; break;
		case OPT_FORCE: st.o.force = 1; break;
		case OPT_REPLACE: st.ro.wflags |= XQ_WRITE_REPLACE; break;
		default: usage(EXIT_TROUBLE);
		}
	}
	if ((st.neargs || st.neopts || eo.dialect != XQ_UCI_AUTO) && !eo.cmd) {
		warnx_("--engine-arg, --engine-option and --engine-dialect need --engine");
		usage(EXIT_TROUBLE);
	}
	if (st.run.from && st.run.to && st.run.from > st.run.to) {
		warnx_("--from %d is after --to %d", st.run.from, st.run.to);
		usage(EXIT_TROUBLE);
	}
	if (!eo.cmd) {
		/* the built-in engine's scale and thresholds, unless given, and
		 * its marks confirmed by the next position's search */
		struct xq_annotate_opts b = st.run.o;
		xq_annotate_builtin_defaults(&b);
		if (!eo.scale_given)
			st.run.o.k = b.k;
		st.run.o.confirm = b.confirm;
		if (!(eo.thresholds_given & 1))
			st.run.o.inaccuracy = b.inaccuracy;
		if (!(eo.thresholds_given & 2))
			st.run.o.mistake = b.mistake;
		if (!(eo.thresholds_given & 4))
			st.run.o.blunder = b.blunder;
	}
	if (!(st.run.o.inaccuracy <= st.run.o.mistake && st.run.o.mistake <= st.run.o.blunder)) {
		warnx_("the thresholds must grow: inaccuracy <= mistake <= blunder");
		usage(EXIT_TROUBLE);
	}
	return optind;
}

/* The engines of the run, one a job: external ones started now (a command
 * that cannot run at all ends the run; one that fails its handshake is
 * tried again for each game), or the built-in search, each with a table of
 * its own.  A fatal signal leaves no engine behind. */
static void open_engines(void)
{
	/* a write to an engine that died fails instead of ending the run
	 * (the library leaves the dispositions to the program) */
	signal(SIGPIPE, SIG_IGN);
	signal(SIGINT, on_fatal_signal);
	signal(SIGTERM, on_fatal_signal);
	signal(SIGHUP, on_fatal_signal);
	int limited = st.run.lim.depth || st.run.lim.nodes || st.run.lim.movetime_ms;
	if (!(st.jobs = calloc((size_t)st.njobs, sizeof *st.jobs)))
		die(EXIT_TROUBLE, "out of memory");
	st.external = eo.cmd != NULL;
	if (st.external && !limited)
		st.run.lim.nodes = DEFAULT_NODES_EXTERNAL;
	if (!st.external && !limited)
		st.run.lim.nodes = DEFAULT_NODES_BUILTIN;
	st.eargv[0] = (char *)eo.cmd;
	st.eargv[1 + st.neargs] = NULL;
	struct xq_engine_process_opts po = {
		.argv = st.eargv, .dialect = eo.dialect, .options = st.eopts,
		.noptions = st.neopts, .search_ms = eo.timeout_s * 1000,
		.handshake_ms = eo.timeout_s * 1000 < 10000 ? eo.timeout_s * 1000 : 10000,
	};
	for (int i = 0; i < st.njobs; i++) {
		struct annotator *a = &st.jobs[i];
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
				warnx_("%s", xq_engine_process_error(a->proc));
			st.trouble = 1;
		} else if (st.pp.verbose && i == 0) {
			warnx_("note: engine '%s', dialect %s", xq_engine_process_name(a->proc),
			       xq_uci_dialect_name(xq_engine_process_dialect(a->proc)));
		}
	}
	if (st.external)
		snprintf(st.engine_name, sizeof st.engine_name, "%s",
			 xq_engine_process_name(st.jobs[0].proc));
}

/* The jobs' threads (none with one job: the main thread annotates). */
static void start_jobs(void)
{
	if (pthread_mutex_init(&st.lock, NULL) || pthread_cond_init(&st.work, NULL) ||
	    pthread_cond_init(&st.done, NULL))
		die(EXIT_TROUBLE, "cannot make the jobs' locks");
	for (int i = 0; i < st.njobs; i++) {
		st.jobs[i].run = st.run;
		st.jobs[i].run.data = &st.jobs[i];
		if (st.njobs > 1 && pthread_create(&st.jobs[i].tid, NULL, annotator_main, &st.jobs[i]))
			die(EXIT_TROUBLE, "cannot start job %d of %d", i + 1, st.njobs);
	}
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
	pthread_mutex_lock(&st.lock);
	for (struct game_job *j = st.head; j; j = j->next)
		if (j->state == JOB_QUEUED)
			j->state = JOB_DONE;
	st.quit = 1;
	pthread_cond_broadcast(&st.work);
	pthread_mutex_unlock(&st.lock);
	for (int i = 0; i < st.njobs; i++) {
		struct annotator *a = &st.jobs[i];
		if (st.njobs > 1)
			pthread_join(a->tid, NULL);
		if (a->proc)
			xq_engine_process_stop(a->proc);
		if (a->search)
			xq_search_free(a->search);
	}
	killable = 0;   /* the handles go */
	for (int i = 0; i < st.njobs; i++)
		xq_engine_process_free(st.jobs[i].proc);
	while (st.head) {
		struct game_job *j = st.head;
		st.head = j->next;
		job_free(j);
	}
	free(st.jobs);
}

int main(int argc, char **argv)
{
	struct stat sb;
	struct record_loop l = { 0 };

	static char usage_text[sizeof usage_engine + sizeof usage_records];
	snprintf(usage_text, sizeof usage_text, "%s%s", usage_engine, usage_records);
	cmd_init(argv, usage_text);
	xq_annotate_defaults(&st.run.o);
	st.o.pp = &st.pp;
	st.o.notation = XQ_NOTATION_CHINESE;
	st.hash_mb = 16;
	st.njobs = 1;
	int first = parse_options(argc, argv);
	argc -= first;
	argv += first;
	cmd_inputs(&st.o, &argc, &argv);
	opt_output(&st.o);
	if (st.plot && stat(st.plot, &sb) == 0 && S_ISDIR(sb.st_mode))
		st.plot_dir = 1;
	st.run.o.notation = st.o.notation;
	st.run.o.lang = eo.lang >= 0 ? (enum xq_lang)eo.lang :
			st.o.notation == XQ_NOTATION_CHINESE ? XQ_LANG_ZH : XQ_LANG_EN;
	if (record_big5(st.o.enc_out))
		st.run.o.notation_flags |= XQ_NOTE_TRAD;
	st.ro.inputs = st.inputs = argv;
	st.ro.ninputs = st.ninputs = argc;
	st.ro.o = &st.o;
	st.progress = !st.pp.quiet && isatty(2);

	open_engines();
	describe_engine();
	st.run.who = st.who;
	st.run.progress = st.njobs == 1 ? progress_line : NULL;
	st.run.position = on_position;
	st.run.move = on_move;
	if (!(st.o.json && !st.o.outpath && !st.o.dir) && record_output_open(&st.ro) < 0)
		return EXIT_TROUBLE;
	start_jobs();
	l.o = &st.o;
	l.game = annotate_step;
	if (st.njobs > 1)
		hold_messages();
	if (record_loop_run(&l, argc, argv))
		st.trouble = 1;
	st.stop = l.stop;
	end_jobs();
	if (!(st.o.json && !st.o.outpath && !st.o.dir) &&
	    record_output_close(&st.ro, !(st.strict && (st.findings || st.unannotated)) &&
					!(st.trouble && st.stop)) < 0)
		st.trouble = 1;
	fprintf(stderr, "%s: %ld game%s read, %ld annotated, %ld unannotated, %ld dropped\n",
		progname, st.read, st.read == 1 ? "" : "s", st.annotated,
		st.unannotated, st.dropped);
	return exit_status(1, st.trouble, st.findings);
}
