/*
 * record_input.h - what the record commands (xqcheck, xqconv, xqshow,
 * xqjudge, xqgrep, xqstats, xqannotate) share: their options (-f -e -t -E
 * -n -o -d -q -v -j -h -V -R -0 --files-from, checked in one place), the
 * one input loop ("-" and no file mean stdin; -R walks directories, whose
 * files that hold no record are skipped, with a note under -v), printing the library's problems in the
 * one diagnostics format, writers and output files that may be devices,
 * progress lines, and loading one game of a record for xqshow.
 */
#ifndef XQ_CMD_RECORD_INPUT_H
#define XQ_CMD_RECORD_INPUT_H

#include <getopt.h>
#include <stdio.h>

#include "common.h"
#include "inputs.h"
#include "progress.h"
#include "xq.h"


/* How problems are printed. */
struct problem_printer {
	int quiet;           /* -q: no game diagnostics, fatal ones still said; the
			      * commands' progress off, their summary line kept */
	int verbose;         /* notes too */
	long errors, warnings, notes, fatals;
	/* when set, problems are written there as P lines of a part
	 * (part_put_problem) instead of printed: --partial */
	FILE *partial;
};
/* The help lines of -R, --files-from and -0 (cmd_getopt()), for a
 * command's usage text: pad is the spaces its option column has beyond
 * the narrowest one's. */
#define RECORD_INPUT_HELP(pad) \
	"  -R, --recursive     " pad "walk directories (name order; non-records skipped)\n" \
	"      --files-from=LIST read the inputs named in LIST ('-': stdin)\n" \
	"  -0, --null          " pad "--files-from names end with NUL, not newline\n"

/* An xq_problem_fn: data is a struct problem_printer. */
void print_problem(void *data, const struct xq_problem *p);
/* p counted by its severity in pp, not printed (a command keeping it). */
void count_problem(struct problem_printer *pp, const struct xq_problem *p);
/* Print one problem unconditionally. */
void print_problem_always(const struct xq_problem *p);



/*
 * For xqshow: read game number n (1-based) of path with the options given
 * (format and encoding may be NULL), replayed, problems printed.  Returns
 * the game, or NULL with a message printed (no such game, unreadable).
 */
struct xq_game *record_load_game(const char *path, long n, const char *format,
				 const char *encoding);

/*
 * The options every record command spells and checks the same way
 * (DESIGN.md): -f in-format, -e in-encoding, -t out-format, -E
 * out-encoding, -n notation, -o file, -d dir, -q, -v, -j, -h, -V.
 * cmd_getopt() is cmd_getopt_long() over the command's short options and
 * its own long ones (extra, ended by a zero entry), with the long names of
 * the shared letters added: it handles each shared letter in shortopts
 * that is not in own (the letters the command gives another meaning),
 * checking the value (an unknown one is the usage error "prog: unknown
 * ..."), and returns the others as getopt_long() does; -1 at the end.
 */
struct cmd_opts {
	/* set by the caller */
	const char *own;                 /* shared letters the command handles */
	struct problem_printer *pp;      /* -q and -v set quiet and verbose */
	enum xq_notation notation;       /* -n: the command's default until given */
	/* set by cmd_getopt() */
	const char *format, *encoding;   /* -f, -e: NULL to detect */
	const char *to, *enc_out;        /* -t, -E */
	const char *outpath, *dir;       /* -o, -d */
	int notation_set, json;          /* -n given, -j */
	/* set by the command (outdir.h): -d's --name scheme, --force */
	const char *name_format;
	int force;
	/* set by cmd_getopt(): -R, --files-from, -0; cmd_inputs() gathers */
	int recursive, nul;
	const char *files_from;
	const struct input_list *inputs;   /* NULL: argv as given */
	int inputs_gathered, inputs_trouble;
};
int cmd_getopt(struct cmd_opts *o, int argc, char **argv, const char *shortopts,
	       const struct option *extra);
/* After the options: the inputs argv[0..argc) with -R, --files-from and
 * -0 into *argc and *argv (cmd/inputs.c); "-0 needs --files-from" is a
 * usage error.  A list or a directory that cannot be read is said and
 * makes the run's exit 2, the others read. */
void cmd_inputs(struct cmd_opts *o, int *argc, char ***argv);
/* After the options of a command that writes records: -o and -d exclude
 * each other (usage, exit 2), -t is what -o's file name says when not
 * given, --name is valid (else a usage error), and -d's directory is
 * made as by mkdir -p (else exit 2). */
void opt_output(struct cmd_opts *o);

/*
 * Output of records (xqconv, xqannotate): one stream (-o FILE or standard
 * output, written atomically, flushed after each game when it is a pipe)
 * or one file per game in a directory (-d DIR, named from the tags, never
 * over an existing file).  A format that holds one game per file refuses
 * a second game on a stream.
 */
struct record_output {
	/* set by the caller */
	const struct cmd_opts *o;   /* -t, -E, -n, -o, -d; problems to o->pp */
	unsigned wflags;
	char **inputs;
	int ninputs;
	xq_problem_fn problem;      /* the writer's problems; NULL: each said as
				     * the game's, at game_input:game_line, with
				     * "(writing 'OUTPUT')" after it, on o->pp */
	void *problem_data;
	int all_or_none;            /* the games go out together or not at all
				     * (--strict): on a stream see held; -d
				     * keeps the names of the files it wrote,
				     * removed when the output is not kept */
	/* set by the caller before a game is written (record_output_write()
	 * and record_output_file() set them from their game and input): the
	 * input the game came from and the line it starts at there */
	const char *game_input;
	long game_line;
	/* state */
	int one_game, flush_each;
	long count;          /* games handed to record_output_write() */
	struct outfile out;
	FILE *held;          /* all_or_none on a stream with no file to rename
			      * (standard output, a device): the writer writes
			      * here, a temporary file, copied to out.fp when
			      * the stream is kept (record_output_close()) */
	struct xq_writer *w;
	char *last_path;     /* -d: where the last game went (NULL: none) */
	char **made;         /* all_or_none -d: the files written */
	long nmade;
	struct outdir *od;   /* -d: the names used (made at the first game) */
	long converted;      /* lines the writers converted (--script) */
};
/* An xq_problem_fn for a writer, data the struct record_output whose
 * game_input and game_line name the game being written: the problem said
 * as that game's, "PROG: INPUT:LINE: SEVERITY: game N: ... (writing
 * 'OUTPUT')", on o->pp (record_output's own writers use it unless
 * problem is set; xqgrep, whose writers are its own, too). */
void record_output_problem(void *data, const struct xq_problem *p);
/* The stream (-o or standard output) and its writer, or nothing yet for
 * -d: 0, or -1 with the error printed. */
int record_output_open(struct record_output *ro);
/* Game g, read from input (which its errors name), written: 0, 1 not
 * writable (reported), -1 I/O error (printed). */
int record_output_write(struct record_output *ro, const struct xq_game *g, const char *input);
/* Whether a stream in a format of one game a file (one_game) refuses the
 * game after `before` others; said when it does (the one place of that
 * rule: xqconv and record_output_write()). */
int record_one_game_refused(int one_game, long before, const char *format);
/* -d: game g in a file of its own, named with seq (cmd/outdir.c); a
 * file there already is g's error (outdir_clash(), printed on o->pp);
 * returns as record_output_write(). */
int record_output_file(struct record_output *ro, const struct xq_game *g, long seq,
		       const char *input);
/* ro's writer on fp named name (-t, -E, -n, wflags, its problems): 0, or
 * -1 said.  Closed, the lines it converted added to ro->converted: as
 * xq_writer_close() (no writer: 0). */
int record_output_writer(struct record_output *ro, FILE *fp, const char *name);
int record_output_writer_close(struct record_output *ro);
/* all_or_none: path, a file of the run written whole (a file of -d, of
 * xqconv --split, a chart of xqannotate --plot), removed with the output
 * when it is not kept (record_output_close()); else nothing. */
void record_output_made(struct record_output *ro, const char *path);
/* Close the stream: commit it (the games held released) when keep, else
 * remove it (the games held dropped); with -d and all_or_none, the files
 * written go unless keep.  0, or -1 when the games did not reach it (said);
 * -2 when the games held reached it, copied and flushed, and only its
 * closing failed (said: xqconv counts them written). */
int record_output_close(struct record_output *ro, int keep);

/* Whether enc (an -E value, or NULL) is Big5: no simplified characters. */
int record_big5(const char *enc);
/* A writer on fp named name for -t and -E of o, notation n and flags
 * (XQ_WRITE_*).  NULL with
 * "cannot write: ..." said. */
struct xq_writer *record_writer_open(FILE *fp, const char *name, const struct cmd_opts *o,
				     enum xq_notation n, unsigned flags,
				     xq_problem_fn fn, void *data);

/* The writing extension of a format ("pgn" when unknown). */
const char *record_format_extension(const char *format);

/*
 * The one input loop of the record commands: each input in turn (no
 * input: standard input), a reader on it with -f and -e, each game handed
 * to game(), then end(), the reading error said once (a fatal problem
 * reported already is not said again) and the input closed.
 */
enum record_step {
	RECORD_NEXT,   /* on with the next game */
	RECORD_DONE,   /* this input is done: on with the next one */
	RECORD_STOP,   /* the run stops */
	RECORD_KEEP,   /* the callback keeps the game; this input is done */
};
struct record_loop {
	/* set by the caller */
	const struct cmd_opts *o;        /* format, encoding; o->pp counts */
	unsigned flags;                  /* XQ_READ_* */
	xq_problem_fn problem;           /* NULL: print_problem() on o->pp */
	void *problem_data;
	int progress;                    /* the progress line (progress.h): set
					  * it with progress_wanted() */
	int hint;                        /* xq_game_encoding_hint() each game */
	long range_k, range_n;           /* --range K/N: the games that start in
					    that byte range of each input alone
					    (jobs.h); 0: all */
	/* each game, freed after it unless RECORD_KEEP is returned */
	enum record_step (*game)(struct record_loop *l, struct xq_game *g);
	void (*end)(struct record_loop *l);   /* after an input's games, or NULL */
	FILE *part_end;                  /* a part's #end line to it after each
					  * input (before end()), or NULL */
	void *data;
	/* state, for the callbacks */
	const char *name;                /* the input being read */
	struct xq_reader *r;
	long games, input_games;         /* read in all, read from this input */
	int rc;                          /* for end(): the last xq_reader_next() */
	int trouble;                     /* an input unreadable, or a read error */
	int stop;                        /* a callback stopped the run */
	uint64_t bytes_before;           /* progress: the inputs read before */
	int taken;                       /* set by game(): it keeps the game, which
					  * is not freed; the loop goes on */
};
/* Read the inputs argv[0..argc); EXIT_TROUBLE when l->trouble, else 0. */
int record_loop_run(struct record_loop *l, int argc, char **argv);

/* A worker of a stream cut into chunks (jobs.c): the loop's one input is
 * the chunk c of whole games, read with the options xq_chunk_opts() gives,
 * or, when fd >= 0, the stream as it comes on that descriptor; name is the
 * input's. */
struct record_chunk {
	const char *name;
	struct xq_chunk c;
	int fd;
};
void record_loop_chunk(const struct record_chunk *c);
/* In a -J worker whose command shows a progress line: the games and bytes
 * read so far set in m after each game and each input (jobs.c). */
void record_loop_meter(struct progress_meter *m);
/* The bytes of the inputs argv[0..argc) (none: standard input), as the
 * progress line counts them, or 0 when one is not a regular file. */
uint64_t record_input_bytes(int argc, char **argv);
/* In a -J worker over byte ranges of one file: the file's head
 * (xq_range_head(): its format, and its encoding when the first 64 KiB
 * settle it), looked for once by the command before the workers started,
 * with which the worker cuts its range (xq_range_cut(), which looks for
 * an encoding settled further down only for a range that needs it). */
void record_loop_range_head(const struct xq_range *head);
/* File path mapped for reading, its size in *len: NULL (and 0) when it is
 * standard input ("-" or NULL), cannot be opened, is no regular file, is
 * empty or cannot be mapped. */
void *record_map(const char *path, size_t *len);

/* -t checked as cmd_getopt() checks it, for a stream of games (no format
 * of one game a file): the value, or NULL with "unknown ..." printed. */
const char *opt_out_format_many(const char *arg);

#endif
