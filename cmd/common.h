/*
 * common.h - what every command shares: its name, diagnostics in the one
 * format (prog: file:line:col: level: message), exit codes, number parsing,
 * atomic output files, the judge of -r and --judge.  Commands may keep
 * state in statics; the library may not.
 */
#ifndef XQ_CMD_COMMON_H
#define XQ_CMD_COMMON_H

#include <stdio.h>

enum exit_status {
	EXIT_OK = 0,       /* everything valid */
	EXIT_FINDINGS = 1, /* invalid input, findings, no match */
	EXIT_TROUBLE = 2,  /* usage, I/O or internal error */
};

extern const char *progname;

/* Sets progname from argv[0] and the command's usage text for usage(). */
void cmd_init(char **argv, const char *usage_text);

/* "prog: msg" on stderr. */
void warnx_(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* "prog: error writing 'path': reason" (errno's, else EIO's); standard
 * output's (path NULL) "error writing standard output: reason", said once
 * in a run. */
void write_error(const char *path);
/* "prog: msg" on stderr, then exit(status). */
_Noreturn void die(int status, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/*
 * "prog: file:line:col: level: msg" on stderr; line/col 0 are left out,
 * and so is level when NULL (a line of a report the command was asked
 * for, not a diagnostic: xqgrep --unique's duplicates).
 * Control characters in msg are shown escaped (game files are untrusted),
 * and msg is cut at DIAG_MSG_MAX - 1 bytes.
 */
#define DIAG_MSG_MAX 4096
void diag(const char *file, long line, long col, const char *level,
	  const char *fmt, ...) __attribute__((format(printf, 5, 6)));

/* The progress line (progress.h) on standard error: progress_put() writes
 * one (starting with \r, over the last); progress_clear() erases it when
 * one is shown.  diag(), warnx_() and die() erase it first, so that a
 * diagnostic never shares its row; threads may call them at once. */
void progress_put(const char *line, size_t n);
void progress_clear(void);
/* In a process forked from the command: the line standing is the
 * command's, not to be erased from the new process's output. */
void progress_forget(void);
/* Lines said as they are (messages held, said in their place), the
 * progress line erased first. */
void put_lines(const char *text, size_t n);

/* Append len bytes of s at *k in buf[size] as snprintf() would there: cut
 * to what fits beside the NUL, with *k counting them all; put_number()
 * appends v > 0 in decimal and then c.  No stdio: a signal handler may
 * call them. */
void put_cut(char *buf, size_t size, size_t *k, const char *s, size_t len);
void put_number(char *buf, size_t size, size_t *k, long v, char c);

/* "prog (xqtools) VERSION" on stdout, exit 0. */
_Noreturn void print_version(void);

/* usage(EXIT_OK), for -h and --help: the usage text given to cmd_init()
 * on stdout, exit 0.  Any other status ends a usage error whose message
 * was said: the text's synopsis (its "usage:" line and the indented lines
 * that continue it) and "Try 'prog --help' for more." on stderr, then
 * exit(status). */
_Noreturn void usage(int status);
/* A usage error (an unknown option, a value missing or refused, options
 * that exclude each other, operands too many or too few): "prog: msg" on
 * stderr, then usage(EXIT_TROUBLE). */
_Noreturn void usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* getopt_long() (opterr 0) whose refusals are usage errors in the
 * commands' words: "unknown option '--name'" or "'-c'", "option '-c'
 * needs a value" (or '--name'), "option '--name' takes no value", "option
 * '--na' is ambiguous: --name, --names", each option named as typed (cut
 * at '=').  Returns what getopt_long() returns otherwise. */
struct option;
int cmd_getopt_long(int argc, char **argv, const char *shortopts, const struct option *longopts);

/* *pos from a FEN given as argv[0..argc): one argument or its fields.
 * When it is none, the usage error "invalid FEN", or, when the one
 * argument could have named a file (may_be_file) and has a dot (a FEN has
 * none), "cannot open" it, one line and exit 2. */
struct xq_pos;
void pos_from_args(struct xq_pos *pos, int argc, char **argv, int may_be_file);

/* strdup() and realloc() that die when out of memory; xstrdup(NULL) is
 * NULL, xrealloc(p, 0) keeps a block of one byte. */
char *xstrdup(const char *s);
void *xrealloc(void *p, size_t n);

/* Seconds on the monotonic clock, for timings and progress. */
double now_seconds(void);

/* Parse a whole decimal number in [min, max]; anything else is the usage
 * error "invalid NAME 'text' (expected MIN..MAX)". */
long parse_number(const char *text, long min, long max, const char *name);

/* This thread's diagnostics (warnx_, diag, the problems printed, each
 * line without its newline) to put(fp, line) instead of stderr: a -J
 * worker's into its part (part_put_message), die()'s last word too.  With
 * put NULL they are held in fp as they are, to be said in their place
 * later (a command reading ahead), and die() says its own on stderr (the
 * held lines are lost at exit).  fp NULL: stderr again. */
void cmd_messages_to(FILE *fp, void (*put)(FILE *fp, const char *line));

/* The value of -J/--jobs: 1..CMD_JOBS_MAX jobs, 0 for one a core (as many
 * as the machine has online, at most CMD_JOBS_MAX); anything else is a
 * usage error naming the values taken. */
#define CMD_JOBS_MAX 256
int cmd_jobs_arg(const char *text);

/* A count read from a file (a merged part's): digits only, no sign or
 * space, at most max, into *v; 0, or -1 when text is none. */
int parse_count(const char *text, long max, long *v);

/* Whether fd is a pipe or a socket (the writers flush it game by game). */
int is_pipe(int fd);
/* What is left of in copied to out (not flushed): 0; -1 when in could not
 * be read, -2 when out could not be written (errno says why, when the
 * system said). */
int copy_stream(FILE *in, FILE *out);
/* Output that waited in held (a temporary file, --strict) copied from its
 * start to fp and flushed: 0, or -1 with the write error said for path
 * (NULL: standard output). */
int release_held(FILE *held, FILE *fp, const char *path);

/* Flush and close stdout, dying with EXIT_TROUBLE on a write error
 * (full disk, closed pipe). */
void close_stdout(void);

/*
 * Output written atomically: out_open() creates a temporary file beside
 * path (stdout when path is NULL or "-"; the device itself for a device
 * or a pipe such as /dev/null), out_commit() renames it into place,
 * out_abort() removes it.  Refuses to write over one of the inputs.
 * Both report their errors; out_open() and out_commit() return 0 or -1.
 */
struct outfile {
	FILE *fp;
	char *path;
	char *tmp;   /* NULL when writing stdout or a device directly */
};
int out_open(struct outfile *o, const char *path, char *const *inputs, int ninputs);
/* A file being written (path kept as given, at most 8 at once) that a
 * signal ending the command removes; forget it once done. */
void temp_register(char *path);
void temp_forget(const char *path);
/* Forget them all: a -J worker leaves the command's files to it. */
void temp_forget_all(void);
/* fn (NULL: none) called by that signal's handler too, after it removed
 * the files: async-signal-safe calls only (-J's parts). */
void temp_register_fn(void (*fn)(void));
int out_commit(struct outfile *o);
void out_abort(struct outfile *o);
/* Let go of an output that another process commits (a -J worker forked
 * after the command opened it): its stream closed, nothing written, the
 * file left as it is. */
void out_leave(struct outfile *o);
/* out_commit() when keep, else out_abort(): 0 or -1. */
int out_close(struct outfile *o, int keep);
/* buf[0..len) into path, atomically, as out_open() and out_commit() write
 * it; a failed write is reported.  0 or -1. */
int out_write(const char *path, const void *buf, size_t len, char *const *inputs, int ninputs);

/*
 * The exit status of a run, the one rule of every command: standard output
 * closed first when it was written (a write error there is said, and is
 * EXIT_TROUBLE), then EXIT_TROUBLE for trouble (usage, I/O, internal
 * error), EXIT_FINDINGS for findings (an invalid game, no match, a ruling
 * against a side, whatever else the run found), else EXIT_OK.
 */
int exit_status(int used_stdout, int trouble, int findings);

/* -r / --judge: a judge with default options under the rules named
 * (NULL: cxa), replacing *j (freed).  An unknown name is a usage error;
 * dies when out of memory. */
struct xq_judge;
void judge_open(struct xq_judge **j, const char *rules);

/* Open an input; "-" or NULL is stdin, named "<stdin>".  On failure prints
 * "prog: cannot open 'path': reason" and returns NULL; record_open() also
 * refuses a directory ("cannot read 'path': Is a directory"), which
 * xq_reader_open() refuses itself. */
FILE *record_fopen(const char *path, const char **name);
FILE *record_open(const char *path, const char **name);
void record_close(FILE *fp);
/* Whether path names standard input ("-" or NULL). */
int record_stdin(const char *path);
/* A file (not standard input) opened for read(2), close-on-exec, *name
 * set to path: its descriptor, or -1 with "cannot open" said as by
 * record_fopen(). */
int record_open_fd(const char *path, const char **name);

#endif
