/*
 * xqconv - convert game records between formats, notations and encodings.
 * Every game read is either written or reported: games read = games
 * written + games dropped, and the summary line says so.
 */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "judge_game.h"
#include "record_input.h"

static const char usage_text[] =
	"usage: xqconv [-hqVv] [--keep-broken | --strict] [--judge[=rules]] [--script=S]\n"
	"              [-E encoding] [-e encoding]\n"
	"              [-f format] [-n notation] [-t format] [-o file | -d dir] [file ...]\n"
	"Convert game records between formats, notations and encodings.\n"
	"\n"
	"  -f, --from=FMT       input format: pgn, text, ... (default: detect);\n"
	"                       --format=FMT too, as in the other commands\n"
	"  -t, --to=FMT         output format: pgn (default), text, ...\n"
	"  -e, --encoding=ENC   input encoding: utf-8, gbk, gb18030, big5 (default: detect)\n"
	"  -E, --output-encoding=ENC  output encoding (default utf-8)\n"
	"  -n, --notation=N     movetext: chinese (default), wxf, iccs, uci, uci10\n"
	"  -o, --output=FILE    write to FILE (atomically); default standard output\n"
	"  -d, --directory=DIR  one file per game in DIR, named from the tags\n"
	"      --split=N        with -d: files of N games each, named 000001.pgn, ...\n"
	"      --keep-broken    write invalid games as far as they are legal, the\n"
	"                       rest in a comment (default: drop them)\n"
	"      --strict         stop at the first invalid game, write nothing\n"
	"      --crlf           CRLF line ends\n"
	"      --script=S       Chinese text as traditional, simplified or keep\n"
	"                       (OpenCC; default traditional for -E big5, else keep)\n"
	"      --judge[=RULES]  write repetition rulings and natural-limit events\n"
	"                       as comments (rules axf, cxa (default), 1956)\n"
	"  -q, --quiet          no diagnostics, only the summary line\n"
	"  -v, --verbose        notes too\n"
	"  -h, --help           this help\n"
	"  -V, --version        version\n"
	"\n"
	"No file, or '-', reads standard input; .gz files are read as they are.\n"
	"Exit status: 0 every game written, 1 some game invalid or dropped,\n"
	"2 usage or I/O error.\n";

static _Noreturn void usage(int status) { usage_exit(usage_text, status); }

enum policy { DROP, KEEP, STRICT };

static struct {
	struct problem_printer pp;
	enum policy policy;
	const char *from, *to, *enc_in, *enc_out, *outpath, *dir;
	enum xq_notation notation;
	unsigned wflags;
	int script;        /* 0 default, 1 traditional, 2 simplified, 3 keep */
	long read, written, dropped, converted;
	long pending;      /* handed to the writer, not yet known to be out */
	FILE *strict_tmp;  /* --strict to stdout: the games wait here */
	char **made;       /* --strict -d: the files written, removed if invalid */
	long nmade;
	const char *cur_input; /* the input being read, for writer problems */
	long cur_line;     /* where the game being written starts in it */
	int trouble, findings, stop;
	int one_game;      /* the output format holds one game per file */
	int flush_each;      /* output is a pipe: one game at a time */
	struct outfile out;
	struct xq_writer *w;
	char **inputs;
	int ninputs;
	struct xq_judge *judge;   /* --judge */
	long split, split_file, split_games;  /* --split N: files of N games */
} st;

/* --- -d DIR: file names from tags (record_game_path) */

/* --- output */

/* A writer's problem (a character the output encoding lacks) is the
 * input game's: name the input and where the game starts there. */
static void writer_problem(void *data, const struct xq_problem *p)
{
	struct xq_problem q = *p;
	char msg[700];
	snprintf(msg, sizeof msg, "%s (writing '%s')", p->msg, p->file ? p->file : "<stdout>");
	q.file = st.cur_input;
	q.line = st.cur_line;
	q.col = 0;
	q.msg = msg;
	print_problem(data, &q);
}

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
	if (fflush(st.out.fp) != 0 || ferror(st.out.fp)) {
		warnx_("error writing '%s': %s", st.outpath ? st.outpath : "<stdout>",
		       strerror(errno ? errno : EIO));
		settle(0);
		return -1;
	}
	settle(1);
	return 0;
}

static int open_writer(FILE *fp, const char *name)
{
	struct xq_writer_opts o = { 0 };
	int err;
	o.format = st.to;
	o.encoding = st.enc_out;
	o.notation = st.notation;
	o.flags = st.wflags;
	/* (Big5 output is traditional unless --script says otherwise: the
	 * library's rule) */
	if (st.script == 1)
		o.flags |= XQ_WRITE_TRADITIONAL;
	else if (st.script == 2)
		o.flags |= XQ_WRITE_SIMPLIFIED;
	else if (st.script == 3)
		o.flags |= XQ_WRITE_KEEP_SCRIPT;
	o.name = name;
	o.problem = writer_problem;
	o.problem_data = &st.pp;
	if (!(st.w = xq_writer_open(fp, &o, &err))) {
		warnx_("cannot write: %s", xq_strerror(err));
		return -1;
	}
	return 0;
}

/* Close the writer, counting the lines it converted (--script). */
static int close_writer(void)
{
	int rc;
	st.converted += xq_writer_converted(st.w);
	rc = xq_writer_close(st.w);
	st.w = NULL;
	return rc;
}

/* Write one game to the stream or to its own file; 0 written, 1 dropped
 * (reported), -1 I/O error. */
static int write_game_to_stream(const struct xq_game *g)
{
	int rc;
	errno = 0;
	rc = xq_writer_write(st.w, g);
	if (rc == XQ_EIO) {
		warnx_("error writing '%s': %s", st.outpath ? st.outpath : st.out.path ?
		       st.out.path : "<stdout>", strerror(errno ? errno : EIO));
		settle(0);
		return -1;
	}
	if (rc < 0)
		return 1;
	st.pending++;   /* written when flushed (stream) or renamed (-o, --split) */
	/* a stream is flushed every 64 games, a pipe after each */
	if (!st.out.tmp && !st.strict_tmp && (st.flush_each || st.pending >= 64) &&
	    flush_out() < 0)
		return -2;
	return 0;
}

static int write_game(const struct xq_game *g)
{
	if (!st.dir) {
		if (st.one_game && st.written + st.dropped + st.pending > 0) {
			warnx_("the %s format holds one game per file: use -d DIR to write several",
			       st.to);
			return -1;
		}
		return write_game_to_stream(g);
	}
	int rc;
	char *path = record_game_path(st.dir, g, st.written + st.dropped + 1,
				      record_format_extension(st.to));
	struct outfile of;
	if (out_open(&of, path, st.inputs, st.ninputs) < 0) {
		free(path);
		return -1;
	}
	if (open_writer(of.fp, path) < 0) {
		out_abort(&of);
		free(path);
		return -1;
	}
	rc = xq_writer_write(st.w, g);
	int crc = close_writer();
	if (rc == 0 && crc == 0) {
		if (out_commit(&of) < 0) {
			free(path);
			return -1;
		}
		st.written++;
		if (st.policy == STRICT) {
			char **nm = realloc(st.made, (size_t)(st.nmade + 1) * sizeof *nm);
			if (!nm)
				die(EXIT_TROUBLE, "out of memory");
			st.made = nm;
			st.made[st.nmade++] = path;
		} else {
			free(path);
		}
		return 0;
	}
	out_abort(&of);
	if (rc == XQ_EIO || crc == XQ_EIO) {
		warnx_("error writing '%s': %s", path, strerror(errno ? errno : EIO));
		free(path);
		return -1;
	}
	free(path);
	return 1;
}

/* --split: the next numbered file of the run (never over an existing
 * one); 0 or -1. */
static int split_next(void)
{
	char path[4096];
	struct stat sb;
	if (st.w) {
		int crc = close_writer();
		if (crc < 0) {
			warnx_("error writing '%s': %s", st.out.path, strerror(errno ? errno : EIO));
			out_abort(&st.out);
			settle(0);
			return -1;
		}
		if (out_commit(&st.out) < 0) {
			settle(0);
			return -1;
		}
		settle(1);
	}
	snprintf(path, sizeof path, "%s/%06ld.%s", st.dir, ++st.split_file, record_format_extension(st.to));
	if (lstat(path, &sb) == 0) {
		warnx_("'%s' exists: not overwritten", path);
		return -1;
	}
	st.split_games = 0;
	if (out_open(&st.out, path, st.inputs, st.ninputs) < 0)
		return -1;
	return open_writer(st.out.fp, path);
}

static void convert_file(const char *path, int progress)
{
	struct xq_reader_opts o = { 0 };
	struct xq_reader *r;
	struct xq_game *g;
	const char *name;
	FILE *fp = record_open(path, &name);
	int err, rc = 0;
	double last = now_seconds();
	long fatals_before = st.pp.fatals;

	if (!fp) {
		st.trouble = 1;
		return;
	}
	o.format = st.from;
	o.encoding = st.enc_in;
	o.name = name;
	o.problem = print_problem;
	o.problem_data = &st.pp;
	if (!(r = xq_reader_open(fp, &o, &err))) {
		warnx_("cannot read '%s': %s", name, xq_strerror(err));
		record_close(fp);
		st.trouble = 1;
		return;
	}
	while (!st.stop && (rc = xq_reader_next(r, &g)) > 0) {
		record_encoding_hint(r, g, name, st.enc_in, print_problem, &st.pp);
		st.read++;
		if (g->errors) {
			st.findings = 1;
			if (st.policy == STRICT) {
				if (!st.pp.quiet)
					diag(name, g->line, 0, "error",
					     "game %ld is invalid: stopping (--strict)", g->index);
				st.dropped++;
				st.stop = 1;
				xq_game_free(g);
				break;
			}
			if (st.policy == DROP) {
				if (!st.pp.quiet)
					diag(name, g->line, 0, "note", "game %ld dropped", g->index);
				st.dropped++;
				xq_game_free(g);
				continue;
			}
		}
		st.cur_input = name;
		st.cur_line = g->line;
		if (st.judge && !(g->flags & XQ_GAME_BAD_FEN) &&
		    judge_comment(st.judge, g, st.notation ? st.notation : XQ_NOTATION_CHINESE) < 0)
			die(EXIT_TROUBLE, "out of memory");
		int wr;
		if (st.split && (!st.w || st.split_games == st.split) && split_next() < 0) {
			st.dropped++;
			st.trouble = 1;
			st.stop = 1;
			xq_game_free(g);
			break;
		}
		wr = st.split ? write_game_to_stream(g) : write_game(g);
		if (wr == 0 && st.split)
			st.split_games++;
		if (wr == 0) {
			;       /* counted when it reached the output */
		} else if (wr > 0) {
			st.dropped++;
			st.findings = 1;
			if (st.policy == STRICT)
				st.stop = 1;
		} else {
			if (wr == -1)
				st.dropped++;   /* this game; -2: it was counted in the flush */
			st.trouble = 1;
			st.stop = 1;
		}
		xq_game_free(g);
		if (progress)
			record_progress(name, st.read, r, &last);
	}
	if (progress)
		record_progress_end(st.read);
	if (st.pp.fatals > fatals_before)
		st.trouble = 1;
	if (!st.stop && rc < 0) {
		/* a fatal problem was said already, naming the limit or fault */
		if (rc != XQ_EIO && st.pp.fatals == fatals_before)
			warnx_("error reading '%s': %s", name, xq_strerror(rc));
		st.trouble = 1;
	}
	xq_reader_close(r);
	record_close(fp);
}

int main(int argc, char **argv)
{
	enum { OPT_KEEP = 256, OPT_STRICT, OPT_CRLF, OPT_SCRIPT, OPT_JUDGE, OPT_SPLIT };
	static const struct option longopts[] = {
		{ "crlf", no_argument, NULL, OPT_CRLF },
		{ "directory", required_argument, NULL, 'd' },
		{ "encoding", required_argument, NULL, 'e' },
		{ "output-encoding", required_argument, NULL, 'E' },
		{ "format", required_argument, NULL, 'f' }, /* as in xqcheck, xqshow */
		{ "from", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ "judge", optional_argument, NULL, OPT_JUDGE },
		{ "keep-broken", no_argument, NULL, OPT_KEEP },
		{ "notation", required_argument, NULL, 'n' },
		{ "output", required_argument, NULL, 'o' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "script", required_argument, NULL, OPT_SCRIPT },
		{ "split", required_argument, NULL, OPT_SPLIT },
		{ "strict", no_argument, NULL, OPT_STRICT },
		{ "to", required_argument, NULL, 't' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	int c, progress;
	struct stat sb;

	cmd_init(argv);
	st.notation = XQ_NOTATION_CHINESE;
	while ((c = getopt_long(argc, argv, "d:E:e:f:hn:o:qt:Vv", longopts, NULL)) != -1) {
		switch (c) {
		case 'd': st.dir = optarg; break;
		case 'E':
			if (!(st.enc_out = opt_out_encoding(optarg)))
				usage(EXIT_TROUBLE);
			break;
		case 'e':
			if (!(st.enc_in = opt_in_encoding(optarg)))
				usage(EXIT_TROUBLE);
			break;
		case 'f':
			if (!(st.from = opt_in_format(optarg)))
				usage(EXIT_TROUBLE);
			break;
		case 'h': usage(EXIT_OK);
		case 'n':
			if (opt_notation(optarg, &st.notation) < 0)
				usage(EXIT_TROUBLE);
			break;
		case 'o': st.outpath = optarg; break;
		case 'q': st.pp.quiet = 1; break;
		case 't':
			if (!(st.to = opt_out_format(optarg)))
				usage(EXIT_TROUBLE);
			break;
		case 'V': print_version();
		case 'v': st.pp.verbose = 1; break;
		case OPT_KEEP: st.policy = KEEP; break;
		case OPT_STRICT: st.policy = STRICT; break;
		case OPT_CRLF: st.wflags |= XQ_WRITE_CRLF; break;
		case OPT_SCRIPT:
			if (!strcmp(optarg, "traditional") || !strcmp(optarg, "trad"))
				st.script = 1;
			else if (!strcmp(optarg, "simplified") || !strcmp(optarg, "simp"))
				st.script = 2;
			else if (!strcmp(optarg, "keep"))
				st.script = 3;
			else {
				warnx_("unknown --script '%s' (traditional, simplified or keep)", optarg);
				usage(EXIT_TROUBLE);
			}
			break;
		case OPT_JUDGE:
			if (judge_open(&st.judge, optarg))
				usage(EXIT_TROUBLE);
			break;
		case OPT_SPLIT: st.split = parse_number(optarg, 1, 1000000000, "--split count"); break;
		default: usage(EXIT_TROUBLE);
		}
	}
	argc -= optind;
	argv += optind;
	if (st.outpath && st.dir) {
		warnx_("-o and -d cannot be used together");
		usage(EXIT_TROUBLE);
	}
	if (!st.to && st.outpath) {
		const struct xq_format *f = xq_format_by_filename(st.outpath);
		if (f && f->write)
			st.to = f->name;
	}
	{
		const struct xq_format *f = xq_format_find(st.to ? st.to : "pgn");
		st.one_game = f && (f->flags & XQ_FORMAT_ONE_GAME);
	}
	if (st.split && (!st.dir || st.one_game)) {
		warnx_("--split needs -d DIR and a format that holds several games");
		usage(EXIT_TROUBLE);
	}
	if (st.dir && (stat(st.dir, &sb) != 0 || !S_ISDIR(sb.st_mode)))
		die(EXIT_TROUBLE, "'%s' is not a directory", st.dir);
	st.inputs = argv;
	st.ninputs = argc;
	progress = !st.pp.quiet && isatty(2);

	if (!st.dir) {
		if (out_open(&st.out, st.outpath, argv, argc) < 0)
			return EXIT_TROUBLE;
		if (fstat(fileno(st.out.fp), &sb) == 0 && (S_ISFIFO(sb.st_mode) || S_ISSOCK(sb.st_mode)))
			st.flush_each = 1;
		/* --strict writes nothing on an invalid game: to a stream (no
		 * file to rename) the games wait in a temporary file */
		if (st.policy == STRICT && !st.out.tmp && !(st.strict_tmp = tmpfile()))
			die(EXIT_TROUBLE, "cannot create a temporary file: %s", strerror(errno));
		if (open_writer(st.strict_tmp ? st.strict_tmp : st.out.fp,
				st.outpath ? st.outpath : "<stdout>") < 0) {
			out_abort(&st.out);
			return EXIT_TROUBLE;
		}
	}
	if (argc == 0)
		convert_file(NULL, progress);
	for (int i = 0; i < argc && !st.stop; i++)
		convert_file(argv[i], progress);
	if (st.split && st.w) {
		int crc = close_writer();
		if (crc < 0 || st.trouble) {
			out_abort(&st.out);
			settle(0);
		} else if (out_commit(&st.out) < 0) {
			st.trouble = 1;
			settle(0);
		} else {
			settle(1);
		}
	}

	if (!st.dir) {
		errno = 0;
		if (close_writer() < 0 && !st.trouble) {
			warnx_("error writing '%s': %s", st.outpath ? st.outpath : "<stdout>",
			       strerror(errno ? errno : EIO));
			st.trouble = 1;
		}
		if (st.trouble || (st.policy == STRICT && st.findings)) {
			settle(0);
			if (st.out.fp != stdout)
				out_abort(&st.out);
		} else if (st.strict_tmp) {
			/* every game valid: now they go out */
			char buf[65536];
			size_t n;
			int bad = fflush(st.strict_tmp) != 0 || fseek(st.strict_tmp, 0, SEEK_SET) != 0;
			while (!bad && (n = fread(buf, 1, sizeof buf, st.strict_tmp)) > 0)
				bad = fwrite(buf, 1, n, st.out.fp) != n;
			if (bad || ferror(st.strict_tmp) || flush_out() < 0) {
				if (bad)
					warnx_("error writing '%s': %s", st.outpath ? st.outpath : "<stdout>",
					       strerror(errno ? errno : EIO));
				settle(0);
				st.trouble = 1;
			}
			if (st.out.fp != stdout && out_commit(&st.out) < 0)
				st.trouble = 1;
		} else if (st.out.fp != stdout) {
			/* renamed into place, or a device flushed and closed */
			if (out_commit(&st.out) < 0) {
				settle(0);
				st.trouble = 1;
			} else {
				settle(1);
			}
		} else if (flush_out() < 0) {
			st.trouble = 1;
		}
		if (st.strict_tmp)
			fclose(st.strict_tmp);
	} else if (st.policy == STRICT && (st.findings || st.trouble)) {
		/* --strict -d: the files written before the invalid game go */
		for (long i = 0; i < st.nmade; i++)
			unlink(st.made[i]);
		st.dropped += st.nmade;
		st.written -= st.nmade;
	}
	for (long i = 0; i < st.nmade; i++)
		free(st.made[i]);
	free(st.made);
	xq_judge_free(st.judge);
	fprintf(stderr, "%s: %ld game%s read, %ld written, %ld dropped", progname,
		st.read, st.read == 1 ? "" : "s", st.written, st.dropped);
	if (st.converted)
		fprintf(stderr, "; %ld line%s converted to %s characters", st.converted,
			st.converted == 1 ? "" : "s", st.script == 2 ? "simplified" : "traditional");
	fputc('\n', stderr);
	if (st.out.fp == stdout || !st.outpath || st.dir) {
		int bad = ferror(stdout);
		if (fclose(stdout) != 0 || bad) {
			warnx_("error writing standard output: %s", strerror(errno ? errno : EIO));
			return EXIT_TROUBLE;
		}
	}
	if (st.trouble)
		return EXIT_TROUBLE;
	return st.findings ? EXIT_FINDINGS : EXIT_OK;
}
