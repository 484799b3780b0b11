/*
 * xqconv - convert game records between formats, notations and encodings.
 * Every game read is either written or reported: games read = games
 * written + games dropped, and the summary line says so.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "jobs.h"
#include "page_index.h"
#include "part.h"
#include "record_input.h"
#include "xq_format.h"

static const char usage_text[] =
	"usage: xqconv [-hqVv] [--keep-broken | --strict] [--judge[=rules]] [--script=S]\n"
	"              [--ecco[=check]]\n"
	"              [-E encoding [--replace]] [-e encoding]\n"
	"              [-f format] [-n notation] [-t format] [-o file | -d dir]\n"
	"              [-J jobs] [-R] [--files-from=list [-0]] [file ...]\n"
	"Convert game records between formats, notations and encodings.\n"
	"\n"
	"  -f, --from=FMT       input format: pgn, text, ... (default: detect);\n"
	"                       --format=FMT too, as in the other commands\n"
	"  -t, --to=FMT         output format: pgn (default), text, dhtmlxq, ...;\n"
	"                       html: a game page for a browser (-d: and index.html)\n"
	"  -e, --encoding=ENC   input encoding: utf-8, gbk, gb18030, big5 (default: detect)\n"
	"  -E, --output-encoding=ENC  output encoding (default utf-8; gb18030 holds\n"
	"                       every character)\n"
	"      --replace        a character the output encoding lacks written as\n"
	"                       '?' (a warning), not an error for that game\n"
	"  -n, --notation=N     movetext: chinese (default), wxf, iccs, uci, uci10\n"
	"  -o, --output=FILE    write to FILE (atomically); default standard output\n"
	"  -d, --directory=DIR  one file per game in DIR (made if missing); an\n"
	"                       existing file there is an error for that game\n"
	"      --name=FORMAT    with -d: file names from %n (game number, %06n\n"
	"                       zero-padded), %{Tag} (any tag), %% (default\n"
	"                       '%06n-%{Red}-%{Black}'; an empty field drops)\n"
	"      --force          with -d: replace existing files\n"
	"      --split=N        with -d: files of N games each, named 000001.pgn, ...\n"
	"      --keep-broken    write invalid games as far as they are legal, the\n"
	"                       rest in a comment (default: drop them)\n"
	"      --strict         stop at the first invalid game, write nothing\n"
	"      --crlf           CRLF line ends\n"
	"      --script=S       Chinese text as traditional, simplified or keep\n"
	"                       (OpenCC; default traditional for -E big5, else keep)\n"
	"      --judge[=RULES]  write repetition rulings and natural-limit events\n"
	"                       as comments (rules axf, cxa (default), 1956)\n"
	"      --ecco           set the ECCO, Opening and Variation tags from the\n"
	"                       opening (games from the standard start)\n"
	"      --ecco=check     a warning for each game whose ECCO tag disagrees\n"
	"  -J, --jobs=N         N jobs (0: one a core) over byte ranges of a file,\n"
	"                       chunks of a stream or the files; the output is\n"
	"                       one job's (-d and --strict: one job)\n"
	RECORD_INPUT_HELP(" ")
	"  -q, --quiet          no game diagnostics or progress; the summary stays\n"
	"  -v, --verbose        notes too\n"
	"  -h, --help           this help\n"
	"  -V, --version        version\n"
	"\n"
	"No file, or '-', reads standard input; .gz files are read as they are.\n"
	"Exit status: 0 every game written, 1 some game invalid or dropped,\n"
	"2 usage or I/O error.\n";

enum policy { DROP, KEEP, STRICT };

#define SCRIPT_FLAGS (XQ_WRITE_TRADITIONAL | XQ_WRITE_SIMPLIFIED | XQ_WRITE_KEEP_SCRIPT)

static struct {
	struct problem_printer pp;
	enum policy policy;
	struct cmd_opts o;
	/* the writers (wflags: --crlf, --replace, --script; Big5 output is
	 * traditional unless --script says otherwise: the library's rule)
	 * and the stream they write (-o, standard output); -d: a file per
	 * game */
	struct record_output ro;
	long read, written, dropped;
	long pending;      /* handed to the writer, not yet known to be out */
	int trouble, findings;
	struct xq_judge *judge;   /* --judge */
	int ecco;                 /* --ecco: 1 set the tags, 2 check them */
	long ecco_checked, ecco_agreed;
	long split, split_file, split_games;  /* --split N: files of N games */
	int pages;         /* -t html -d: index.html too */
	int jobs;          /* -J */
	long range_k, range_n;   /* a worker's byte range */
	struct page_index index;
} st = { .o = { .pp = &st.pp, .notation = XQ_NOTATION_CHINESE },
	 .ro = { .o = &st.o } };

/* "game N<text>" at a line of an input: said (not under -q), or in a
 * worker's part. */
__attribute__((format(printf, 5, 6)))
static void game_diag(const char *level, const char *name, long line, long game,
		      const char *fmt, ...)
{
	char text[1200];
	va_list ap;
	if (st.pp.quiet)
		return;
	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	if (st.pp.partial)
		part_put_game_diag(st.pp.partial, level, name, line, game, text);
	else
		diag(name, line, 0, level, "game %ld%s", game, text);
}

/* --- output */

/* The games handed to the writer reached the output (ok) or not. */
static void settle(int ok)
{
	if (ok)
		st.written += st.pending;
	else
		st.dropped += st.pending;
	st.pending = 0;
}

/* Flush the stream output: what stdio held reaches the output, or the
 * games since the last flush are counted as not written.  0 or -1. */
static int flush_out(void)
{
	errno = 0;
	if (fflush(st.ro.out.fp) != 0 || ferror(st.ro.out.fp)) {
		write_error(st.o.outpath);
		settle(0);
		return -1;
	}
	settle(1);
	return 0;
}

/* Write one game to the stream or to its own file; 0 written, 1 dropped
 * (reported), -1 I/O error. */
static int write_game_to_stream(const struct xq_game *g)
{
	int rc;
	errno = 0;
	rc = xq_writer_write(st.ro.w, g);
	if (rc == XQ_EIO) {
		write_error(st.o.outpath ? st.o.outpath : st.ro.out.path);
		settle(0);
		return -1;
	}
	if (rc < 0)
		return 1;
	st.pending++;   /* written when flushed (stream) or renamed (-o, --split) */
	/* a stream is flushed every 64 games, a pipe after each */
	if (!st.ro.out.tmp && !st.ro.held && (st.ro.flush_each || st.pending >= 64) &&
	    flush_out() < 0)
		return -2;
	return 0;
}

static int write_game(const struct xq_game *g)
{
	if (!st.o.dir) {
		if (record_one_game_refused(st.ro.one_game, st.written + st.dropped + st.pending, st.o.to))
			return -1;
		return write_game_to_stream(g);
	}
	int rc = record_output_file(&st.ro, g, st.written + st.dropped + 1, st.ro.game_input);
	if (rc == 0) {
		st.written++;
		if (st.pages)
			page_index_add(&st.index, g, st.ro.last_path);
	}
	return rc;
}

/* --split: the file being written closed, renamed into place with its
 * games written unless the run failed or --strict met an invalid game,
 * else removed with its games dropped; under --strict a file kept goes
 * with the other files of the run when a later game is invalid
 * (end_dir()).  0, or -1 when they did not reach it (said). */
static int close_split_file(void)
{
	int ok = record_output_writer_close(&st.ro) == 0;
	int keep = !st.trouble && !(st.policy == STRICT && st.findings);
	char *path = xstrdup(st.ro.out.path);
	if (!ok)
		write_error(path);
	if (out_close(&st.ro.out, ok && keep) < 0)
		ok = 0;
	if (ok && keep)
		record_output_made(&st.ro, path);
	free(path);
	settle(ok && keep);
	return ok ? 0 : -1;
}

/* --split: the next numbered file of the run (never over an existing
 * one); 0 or -1. */
static int split_next(void)
{
	char path[4096];
	struct stat sb;
	if (st.ro.w && close_split_file() < 0)
		return -1;
	snprintf(path, sizeof path, "%s/%06ld.%s", st.o.dir, ++st.split_file, record_format_extension(st.o.to));
	if (lstat(path, &sb) == 0) {
		warnx_("'%s' exists: not overwritten", path);
		return -1;
	}
	st.split_games = 0;
	if (out_open(&st.ro.out, path, st.ro.inputs, st.ro.ninputs) < 0)
		return -1;
	return record_output_writer(&st.ro, st.ro.out.fp, st.ro.out.path);   /* the name lives as long as the file */
}

static enum record_step convert_game(struct record_loop *l, struct xq_game *g)
{
	const char *name = l->name;
	int wr;
	st.read++;
	if (g->errors) {
		st.findings = 1;
		if (st.policy == STRICT) {
			game_diag("error", name, g->line, g->index, " is invalid: stopping (--strict)");
			st.dropped++;
			return RECORD_STOP;
		}
		if (st.policy == DROP) {
			/* not written as asked: said without -v */
			game_diag("warning", name, g->line, g->index, " dropped");
			st.dropped++;
			return RECORD_NEXT;
		}
	}
	/* (its writer's problems are said as this game's) */
	st.ro.game_input = name;
	st.ro.game_line = g->line;
	if (st.judge && !(g->flags & XQ_GAME_BAD_FEN) &&
	    xq_game_judge_comment(st.judge, g, st.o.notation) < 0)
		die(EXIT_TROUBLE, "out of memory");
	if (st.ecco == 1 && xq_ecco_set_tags(g, 0) == XQ_ENOMEM)
		die(EXIT_TROUBLE, "out of memory");
	if (st.ecco == 2 && xq_game_tag_known(g, "ECCO") && xq_ecco_game(g, &(struct xq_ecco){ 0 }) == 0) {
		struct xq_ecco e;
		st.ecco_checked++;
		if (!xq_ecco_disagrees(g, &e))
			st.ecco_agreed++;
		else    /* asked for: said without -v, and counted */
			game_diag("warning", name, g->line, g->index, ": ECCO tag '%s', opening %s %s%s%s",
				  xq_game_tag(g, "ECCO"), e.code, e.opening,
				  *e.variation ? " " : "", e.variation);
	}
	if (st.split && (!st.ro.w || st.split_games == st.split) && split_next() < 0)
		wr = -1;
	else
		wr = st.split ? write_game_to_stream(g) : write_game(g);
	if (wr == 0 && st.split)
		st.split_games++;
	if (wr == 0)
		return RECORD_NEXT;     /* counted when it reached the output */
	if (wr > 0) {
		st.dropped++;
		st.findings = 1;
		return st.policy == STRICT ? RECORD_STOP : RECORD_NEXT;
	}
	if (wr == -1)
		st.dropped++;   /* this game; -2: it was counted in the flush */
	st.trouble = 1;
	return RECORD_STOP;
}

/* The summary lines; a worker's #counts line in its part. */
static void summary(void)
{
	if (st.pp.partial) {
		fprintf(stderr, "#counts\t%ld\t%ld\t%ld\t%ld\t%ld\t%ld\t%d\t%d\n", st.read, st.written,
			st.dropped, st.ro.converted, st.ecco_checked, st.ecco_agreed, st.findings,
			st.trouble);
		return;
	}
	fprintf(stderr, "%s: %ld game%s read, %ld written, %ld dropped", progname,
		st.read, st.read == 1 ? "" : "s", st.written, st.dropped);
	if (st.ro.converted)
		fprintf(stderr, "; %ld line%s converted to %s characters", st.ro.converted,
			st.ro.converted == 1 ? "" : "s", st.ro.wflags & XQ_WRITE_SIMPLIFIED ? "simplified" : "traditional");
	fputc('\n', stderr);
	if (st.ecco == 2)
		fprintf(stderr, "%s: ECCO tags: %ld checked, %ld agree, %ld disagree\n", progname,
			st.ecco_checked, st.ecco_agreed, st.ecco_checked - st.ecco_agreed);
}

/* -J: each part's games out (and flushed) before its diagnostics are
 * said, as one run flushes its games as it goes; the output opened as
 * the first part comes.  A game counts as written once flushed,
 * whatever else failed; when the output fails, the run ends with that part
 * (said there), and the games of the parts before it are the ones written. */
struct part_copy {
	int argc;
	char **argv;         /* the inputs, which the output must not be */
	const long *counts;  /* the counts of the parts before this one */
	long written;        /* games flushed whole: set when output failed */
	int opened;          /* 1: the output open; -1: it could not be (said) */
	int failed;          /* the output failed (said) */
	int unread;          /* a part's file could not be read (said) */
};

static int copy_part(void *data, const struct jobs *j, int i, struct part_merge *m)
{
	struct part_copy *c = data;
	int rc;
	(void)m;
	if (!c->opened && (c->opened = out_open(&st.ro.out, st.o.outpath, c->argv, c->argc) < 0 ? -1 : 1) < 0)
		return -1;
	if ((rc = jobs_copy(j->out[i], st.ro.out.fp)) == -1)
		c->unread = 1;
	if (rc != -2)
		return 0;
	write_error(st.o.outpath);
	c->written = c->counts[1];
	c->failed = 1;
	return 1;
}

/* -J: the workers' games and diagnostics merged in order, the counts added
 * up: the output committed, the summary, the exit status. */
static int merge_end(struct jobs *j, struct part_counts *pcs, struct part_copy *pc, const long *v)
{
	int trouble = part_counts_end(pcs) || j->failed || pc->unread || pc->failed;
	jobs_end(j);
	if (pc->opened < 0)
		return EXIT_TROUBLE;
	st.read = v[0], st.written = v[1], st.dropped = v[2], st.ro.converted = v[3];
	st.ecco_checked = v[4], st.ecco_agreed = v[5];
	if (st.ro.out.fp != stdout) {
		if (out_close(&st.ro.out, !trouble) < 0)
			trouble = 1;
		if (trouble) {
			st.dropped += st.written;
			st.written = 0;
		}
	} else if (pc->failed) {
		st.dropped += st.written - pc->written;
		st.written = pc->written;
	}
	summary();
	return exit_status(st.ro.out.fp == stdout || !st.o.outpath, trouble, v[6] > 0);
}

/* --script's value as the writers' flag. */
static unsigned script_flag(const char *arg)
{
	if (!strcmp(arg, "traditional") || !strcmp(arg, "trad"))
		return XQ_WRITE_TRADITIONAL;
	if (!strcmp(arg, "simplified") || !strcmp(arg, "simp"))
		return XQ_WRITE_SIMPLIFIED;
	if (!strcmp(arg, "keep"))
		return XQ_WRITE_KEEP_SCRIPT;
	usage_error("unknown --script '%s' (traditional, simplified or keep)", arg);
}

/* The options into st.  Returns optind. */
static int conv_options(int argc, char **argv)
{
	enum { OPT_KEEP = 256, OPT_STRICT, OPT_CRLF, OPT_SCRIPT, OPT_JUDGE, OPT_SPLIT, OPT_ECCO,
	       OPT_NAME, OPT_FORCE, OPT_REPLACE };
	static const struct option longopts[] = {
		{ "crlf", no_argument, NULL, OPT_CRLF },
		{ "ecco", optional_argument, NULL, OPT_ECCO },
		{ "force", no_argument, NULL, OPT_FORCE },
		{ "from", required_argument, NULL, 'f' },  /* --format too, as elsewhere */
		{ "jobs", required_argument, NULL, 'J' },
		{ "judge", optional_argument, NULL, OPT_JUDGE },
		{ "keep-broken", no_argument, NULL, OPT_KEEP },
		{ "name", required_argument, NULL, OPT_NAME },
		{ "replace", no_argument, NULL, OPT_REPLACE },
		{ "script", required_argument, NULL, OPT_SCRIPT },
		{ "split", required_argument, NULL, OPT_SPLIT },
		{ "strict", no_argument, NULL, OPT_STRICT },
		{ "to", required_argument, NULL, 't' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	while ((c = cmd_getopt(&st.o, argc, argv, "0d:E:e:f:hJ:n:o:qRt:Vv", longopts)) != -1) {
		switch (c) {
		case OPT_KEEP: st.policy = KEEP; break;
		case OPT_STRICT: st.policy = STRICT; break;
		case OPT_CRLF: st.ro.wflags |= XQ_WRITE_CRLF; break;
		case OPT_REPLACE: st.ro.wflags |= XQ_WRITE_REPLACE; break;
		case OPT_SCRIPT: st.ro.wflags = (st.ro.wflags & ~SCRIPT_FLAGS) | script_flag(optarg); break;
		case OPT_JUDGE: judge_open(&st.judge, optarg); break;
		case OPT_ECCO:
			if (optarg && strcmp(optarg, "check"))
				usage_error("unknown --ecco '%s' (check, or nothing to set the tags)", optarg);
			st.ecco = optarg ? 2 : 1;
			break;
		case OPT_SPLIT: st.split = parse_number(optarg, 1, 1000000000, "--split count"); break;
		case OPT_NAME: st.o.name_format = optarg; break;
		case OPT_FORCE: st.o.force = 1; break;
		case 'J': st.jobs = cmd_jobs_arg(optarg); break;
		default: usage(EXIT_TROUBLE);
		}
	}
	return optind;
}

/* After the inputs are gathered: -o, -d and -t checked (opt_output()),
 * and what the output format asks of the run. */
static void output_options(void)
{
	opt_output(&st.o);
	const struct xq_format *f = xq_format_find(st.o.to ? st.o.to : "pgn");
	st.ro.one_game = f && (f->flags & XQ_FORMAT_ONE_GAME);
	st.pages = st.o.dir && f && !strcmp(f->name, "html");
	if (st.split && (!st.o.dir || st.ro.one_game))
		usage_error("--split needs -d DIR and a format that holds several games");
}

/* Whether the run shows a progress line. */
static int conv_progress(void)
{
	return progress_wanted(st.pp.quiet, !st.o.outpath && !st.o.dir);
}

/* -J: the workers started.  The exit status once their games and counts
 * are put together; -1 in a worker, or when the run is one job. */
static int run_jobs(int *argc, char ***argv)
{
	long v[7] = { 0 };
	struct jobs j;
	struct part_counts pcs;
	struct part_copy pc = { *argc, *argv, v, 0, 0, 0, 0 };
	int rc;
	part_counts_init(&pcs, "xqconv", v, 7, copy_part, &pc);
	rc = jobs_start(&j, st.jobs, &st.o, stderr, conv_progress(), part_counts_part, &pcs, argc,
			argv, &st.range_k, &st.range_n);
	if (rc == 0)
		return merge_end(&j, &pcs, &pc, v);
	if (rc == 1) {
		/* a worker: its games on standard output, its part on
		 * standard error; what the merges before its fork opened and
		 * held is the command's */
		part_merge_free(&pcs.m);
		if (pc.opened > 0)
			out_leave(&st.ro.out);
		st.o.outpath = NULL;
		st.pp.partial = stderr;
		part_put_header(stderr, "xqconv", 0);
	}
	return -1;
}

/* The output of the inputs argv[0..argc): -d's files, or the stream with
 * its writer.  0, or -1 when the stream cannot be written (said). */
static int open_output(int argc, char **argv)
{
	st.ro.inputs = argv;
	st.ro.ninputs = argc;
	/* --strict writes nothing on an invalid game (-d: the files written
	 * go) */
	st.ro.all_or_none = st.policy == STRICT;
	return record_output_open(&st.ro);
}

/* Every game of the inputs converted; EXIT_TROUBLE when an input could
 * not be read. */
static int convert_inputs(int argc, char **argv)
{
	struct record_loop l = {
		.o = &st.o, .hint = 1, .progress = conv_progress(), .game = convert_game,
		.range_k = st.range_k, .range_n = st.range_n,
	};
	if (st.pp.partial) {
		l.part_end = stderr;
		l.progress = 0;
	}
	return record_loop_run(&l, argc, argv);
}

/* The stream closed: its games out, or none of them when the run failed
 * or --strict met an invalid game. */
static void end_stream(void)
{
	int keep, rc;
	errno = 0;
	if (record_output_writer_close(&st.ro) < 0 && !st.trouble) {
		write_error(st.o.outpath);
		st.trouble = 1;
	}
	keep = !st.trouble && !(st.policy == STRICT && st.findings);
	if (st.pp.partial) {
		/* a worker: the command counts its games as one run does */
		if (flush_out() < 0)
			st.trouble = 1;
	} else if (st.ro.out.fp == stdout && !st.ro.held) {
		/* what stdio holds reaches standard output whatever else
		 * failed: counted as written once flushed, as always (dropped
		 * when standard output itself failed, which was said);
		 * --strict's games are held */
		if (st.trouble && ferror(stdout))
			settle(0);
		else if (flush_out() < 0)
			st.trouble = 1;
	} else {
		/* the games held released, a file renamed into place or a
		 * device flushed and closed; else removed, the games dropped
		 * (those held that reached a device whose closing failed
		 * count as written) */
		rc = record_output_close(&st.ro, keep);
		settle(keep && rc != -1);
		st.trouble |= rc < 0;
	}
}

/* -d: the files written before --strict met an invalid game go (every
 * game written is in one of them: --split's too), else the index of html
 * pages is written. */
static void end_dir(void)
{
	if (st.policy == STRICT && (st.findings || st.trouble)) {
		st.dropped += st.written;
		st.written = 0;
		record_output_close(&st.ro, 0);
		return;
	}
	record_output_close(&st.ro, 1);
	if (st.pages && st.index.n &&
	    page_index_write(&st.index, st.o.dir, st.ro.inputs, st.ro.ninputs) < 0)
		st.trouble = 1;
}

int main(int argc, char **argv)
{
	int first, status, to_stdout;

	cmd_init(argv, usage_text);
	first = conv_options(argc, argv);
	argc -= first;
	argv += first;
	cmd_inputs(&st.o, &argc, &argv);
	output_options();
	/* -d and --strict (one game decides for all) are one job */
	if (st.jobs > 1 && !st.o.dir && st.policy != STRICT && !st.ro.one_game &&
	    (status = run_jobs(&argc, &argv)) >= 0)
		return status;
	if (open_output(argc, argv) < 0)
		return EXIT_TROUBLE;
	/* (standard output, closed by exit_status(), is let go of when
	 * the stream is removed) */
	to_stdout = st.ro.out.fp == stdout;
	if (convert_inputs(argc, argv))
		st.trouble = 1;
	if (st.split && st.ro.w && close_split_file() < 0)
		st.trouble = 1;
	if (!st.o.dir)
		end_stream();
	else
		end_dir();
	page_index_free(&st.index);
	free(st.ro.last_path);
	xq_judge_free(st.judge);
	summary();
	return exit_status(to_stdout || !st.o.outpath || st.o.dir, st.trouble,
			   st.findings);
}
