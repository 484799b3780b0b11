/*
 * common.c - diagnostics, exit codes, numbers and atomic output for the
 * commands, and the judge their -r and --judge options open.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "common.h"
#include "xq.h"

const char *progname = "xq";
static const char *usage_text_ = "";

void cmd_init(char **argv, const char *usage_text)
{
	usage_text_ = usage_text;
	if (argv[0] && *argv[0]) {
		const char *slash = strrchr(argv[0], '/');
		progname = slash ? slash + 1 : argv[0];
	}
}

/* Append text to buf[*n..size) with control characters, and when raw is
 * set the bytes a reader could not decode (kept as raw code points: the
 * text is a message, not a file name), shown as \xNN, while 5 bytes are
 * left. */
static void put_escaped(char *buf, size_t size, size_t *n, const char *s, int raw)
{
	static const char hex[] = "0123456789abcdef";
	const uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
	size_t i = *n, len = strlen(s), k = 0;
	while (i + 5 < size && k < len) {
		/* a run with nothing to escape: 8 bytes at a time while none is
		 * below 0x20, 0x7f or 0xf4 (a raw code point's first), then a
		 * byte at a time */
		size_t room = size - 5 - i, end = len - k < room ? len - k : room, j = 0;
		unsigned char c;
		for (; j + 8 <= end; j += 8) {
			uint64_t w;
			memcpy(&w, s + k + j, 8);
			uint64_t del = w ^ (ones * 0x7f), f4 = w ^ (ones * 0xf4);
			if (((w - ones * 0x20) & ~w & highs) | ((del - ones) & ~del & highs) |
			    (raw && ((f4 - ones) & ~f4 & highs)))
				break;
			memcpy(buf + i + j, &w, 8);
		}
		while (j < end && (c = (unsigned char)s[k + j]) >= 0x20 && c != 0x7f && (c != 0xf4 || !raw))
			buf[i + j] = (char)c, j++;
		i += j;
		k += j;
		if (k == len || i + 5 >= size)
			break;
		c = (unsigned char)s[k];
		if (c == 0xf4) {
			/* a raw code point (four bytes) is its byte; any other
			 * character starting so is itself */
			int byte = xq_raw_byte_at(s + k, len - k);
			if (byte < 0) {
				buf[i++] = (char)c;
				k++;
				continue;
			}
			c = (unsigned char)byte;
			k += 3;
		}
		k++;
		buf[i++] = '\\';
		buf[i++] = 'x';
		buf[i++] = hex[c >> 4];
		buf[i++] = hex[c & 15];
	}
	*n = i;
}

void put_cut(char *buf, size_t size, size_t *k, const char *s, size_t len)
{
	if (*k < size) {
		size_t room = size - 1 - *k, m = len < room ? len : room;
		memcpy(buf + *k, s, m);
		buf[*k + m] = '\0';
	}
	*k += len;
}

void put_number(char *buf, size_t size, size_t *k, long v, char c)
{
	char d[24];
	size_t i = sizeof d;
	unsigned long u = (unsigned long)v;
	d[--i] = c;
	do
		d[--i] = (char)('0' + u % 10);
	while ((u /= 10));
	put_cut(buf, size, k, d + i, sizeof d - i);
}

/* A progress line (progress.c) stands on the terminal.  It and the
 * diagnostics take standard error's rows one at a time: xqannotate's jobs
 * draw the line from their threads. */
static int progress_shown;
static pthread_mutex_t line_lock = PTHREAD_MUTEX_INITIALIZER;

/* text[0..n) on standard error: lines, the progress line shown erased
 * first, or (line set) the progress line itself, over the last from its
 * \r, shown until erased. */
static void put_stderr(const char *text, size_t n, int line)
{
	pthread_mutex_lock(&line_lock);
	if (progress_shown && !line)
		fputs("\r\033[K", stderr);
	fwrite(text, 1, n, stderr);
	fflush(stderr);
	progress_shown = line;
	pthread_mutex_unlock(&line_lock);
}

void progress_put(const char *line, size_t n)
{
	put_stderr(line, n, 1);
}

void put_lines(const char *text, size_t n)
{
	put_stderr(text, n, 0);
}

void progress_forget(void)
{
	progress_shown = 0;
}

void progress_clear(void)
{
	put_stderr("", 0, 0);
}

/* Where this thread's lines go (NULL: stderr), and how (NULL: held as
 * they are): see cmd_messages_to() in common.h. */
static _Thread_local FILE *message_fp;
static _Thread_local void (*message_put)(FILE *fp, const char *line);

void cmd_messages_to(FILE *fp, void (*put)(FILE *fp, const char *line))
{
	message_fp = fp;
	message_put = fp ? put : NULL;
}

/*
 * One diagnostic line: "prog: " + where + msg, the where (a file name,
 * positions, a level) and the message with their control characters
 * escaped; made whole and written with one call (stderr is unbuffered: a
 * character at a time would be a write each).  The message is the only
 * part formatted by printf; the line's size and the message's limit are
 * those the line always had (a message of at most 4,095 bytes, the whole
 * line cut short at 17,582 bytes with 5 left when escaping).
 */
#define MSG_MAX DIAG_MSG_MAX
#define DIAG_LINE (MSG_MAX * 4 + 1200)
#define WHERE_MAX 1024
static void put_line(const char *where, const char *msg)
{
	char line[DIAG_LINE];
	size_t n = strlen(progname);
	if (n > sizeof line - 4)
		n = sizeof line - 4;
	memcpy(line, progname, n);
	line[n++] = ':';
	line[n++] = ' ';
	put_escaped(line, sizeof line - 2, &n, where, 0);
	put_escaped(line, sizeof line - 2, &n, msg, 1);
	if (message_fp && message_put) {
		line[n] = '\0';
		message_put(message_fp, line);
		return;
	}
	line[n++] = '\n';
	if (message_fp) {
		/* held, to be said later */
		fwrite(line, 1, n, message_fp);
		return;
	}
	/* never on the progress line's row */
	put_lines(line, n);
}

__attribute__((format(printf, 2, 0)))
static void vmessage(const char *where, const char *fmt, va_list ap)
{
	char msg[MSG_MAX];
	vsnprintf(msg, sizeof msg, fmt, ap);
	put_line(where, msg);
}

void warnx_(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vmessage("", fmt, ap);
	va_end(ap);
}

/* Standard output's write error was said (write_error()): exit_status()
 * does not say it again when standard output is closed. */
static int stdout_error_said;

void write_error(const char *path)
{
	if (!path) {
		if (!stdout_error_said++)
			warnx_("error writing standard output: %s", strerror(errno ? errno : EIO));
		return;
	}
	warnx_("error writing '%s': %s", path, strerror(errno ? errno : EIO));
}

void die(int status, const char *fmt, ...)
{
	va_list ap;
	if (!message_put)
		message_fp = NULL;    /* the last word is said now */
	va_start(ap, fmt);
	vmessage("", fmt, ap);
	va_end(ap);
	exit(status);
}

void diag(const char *file, long line, long col, const char *level,
	  const char *fmt, ...)
{
	/* "FILE:LINE:COL: LEVEL: ", at most WHERE_MAX - 1 bytes as it always
	 * was: a name too long for that is cut there and nothing follows
	 * (put_cut() writes nothing once the buffer is full) */
	char where[WHERE_MAX];
	size_t k = 0;
	va_list ap;
	if (!file)
		file = "<stdin>";
	put_cut(where, sizeof where, &k, file, strlen(file));
	put_cut(where, sizeof where, &k, ":", 1);
	if (line > 0)
		put_number(where, sizeof where, &k, line, ':');
	if (line > 0 && col > 0)
		put_number(where, sizeof where, &k, col, ':');
	put_cut(where, sizeof where, &k, " ", 1);
	if (level) {
		put_cut(where, sizeof where, &k, level, strlen(level));
		put_cut(where, sizeof where, &k, ": ", 2);
	}
	va_start(ap, fmt);
	vmessage(where, fmt, ap);
	va_end(ap);
}

void print_version(void)
{
	printf("%s (xqtools) %s\n", progname, XQ_VERSION);
	close_stdout();
	exit(EXIT_OK);
}

/* The end of every usage error, its message said: the synopsis (the
 * usage text's first line and the indented lines that continue it, up to
 * the prose) and where the whole help is, on stderr, in one write. */
static _Noreturn void usage_end(int status)
{
	const char *end = usage_text_;
	size_t size;
	char *buf;
	do {
		end += strcspn(end, "\n");
		end += *end != '\0';
	} while (*end == ' ');
	size = (size_t)(end - usage_text_) + strlen(progname) + 40;
	buf = xrealloc(NULL, size);
	snprintf(buf, size, "%.*sTry '%s --help' for more.\n", (int)(end - usage_text_), usage_text_,
		 progname);
	put_lines(buf, strlen(buf));
	free(buf);
	exit(status);
}

void usage(int status)
{
	if (status)
		usage_end(status);
	fputs(usage_text_, stdout);
	close_stdout();
	exit(EXIT_OK);
}

void usage_error(const char *fmt, ...)
{
	va_list ap;
	if (!message_put)
		message_fp = NULL;    /* said now, as die() says its own */
	va_start(ap, fmt);
	vmessage("", fmt, ap);
	va_end(ap);
	usage_end(EXIT_TROUBLE);
}

/* getopt_long()'s refusal ('?', optopt, the argument at optind - 1) in
 * the words of usage_error(), the option named as it was typed.  A long
 * option's error is the argument just passed, optopt its value (0: none
 * matched, or several); otherwise it is a short letter, optopt. */
static _Noreturn void bad_option(int argc, char **argv, const char *shortopts,
				 const struct option *longopts)
{
	const char *arg = optind > 0 ? argv[optind - 1] : "";
	if (arg[0] == '-' && arg[1] == '-') {
		const char *name = arg + 2;
		int len = (int)strcspn(name, "="), matches = 0;
		const struct option *found = NULL;
		for (const struct option *p = longopts; p && p->name; p++)
			if (!strncmp(p->name, name, (size_t)len)) {
				if (!found || (int)strlen(p->name) == len)
					found = p;
				matches++;
			}
		if (!optopt && !matches)
			usage_error("unknown option '--%.*s'", len, name);
		if (!optopt) {
			/* an abbreviation of several: their names */
			char list[MSG_MAX / 2];
			size_t k = 0;
			list[0] = '\0';
			for (const struct option *p = longopts; p->name; p++)
				if (!strncmp(p->name, name, (size_t)len)) {
					put_cut(list, sizeof list, &k, k ? ", --" : "--", k ? 4 : 2);
					put_cut(list, sizeof list, &k, p->name, strlen(p->name));
				}
			usage_error("option '--%.*s' is ambiguous: %s", len, name, list);
		}
		/* a long option's value: given to one that takes none, or
		 * missing at the end; else the error is a short letter's (one
		 * in the middle of a cluster leaves optind on its argument) */
		if (found && found->val == optopt) {
			if (found->has_arg == no_argument && name[len] == '=')
				usage_error("option '--%.*s' takes no value", len, name);
			if (found->has_arg == required_argument && !name[len] && optind >= argc)
				usage_error("option '--%.*s' needs a value", len, name);
		}
	}
	if (optopt && optopt != ':' && optopt != ';' && strchr(shortopts, optopt))
		usage_error("option '-%c' needs a value", optopt);
	usage_error("unknown option '-%c'", optopt);
}

int cmd_getopt_long(int argc, char **argv, const char *shortopts, const struct option *longopts)
{
	int c;
	opterr = 0;
	if ((c = getopt_long(argc, argv, shortopts, longopts, NULL)) == '?')
		bad_option(argc, argv, shortopts, longopts);
	return c;
}

char *xstrdup(const char *s)
{
	char *p = s ? strdup(s) : NULL;
	if (s && !p)
		die(EXIT_TROUBLE, "out of memory");
	return p;
}

void *xrealloc(void *p, size_t n)
{
	if (!(p = realloc(p, n ? n : 1)))
		die(EXIT_TROUBLE, "out of memory");
	return p;
}

/* argv[0..argc) joined with single spaces, in malloc'd memory. */
static char *join_args(int argc, char **argv)
{
	size_t len = 1;
	char *s;
	for (int i = 0; i < argc; i++)
		len += strlen(argv[i]) + 1;
	s = xrealloc(NULL, len);
	*s = '\0';
	for (int i = 0; i < argc; i++) {
		if (i)
			strcat(s, " ");
		strcat(s, argv[i]);
	}
	return s;
}

void pos_from_args(struct xq_pos *pos, int argc, char **argv, int may_be_file)
{
	struct xq_err err;
	char *fen = join_args(argc, argv);
	if (xq_pos_from_fen(pos, fen, 0, &err) < 0) {
		if (may_be_file && argc == 1 && strchr(fen, '.'))
			die(EXIT_TROUBLE, "cannot open '%s': no such file (and not a FEN: column %d: %s)",
			    fen, err.offset + 1, err.msg);
		usage_error("invalid FEN '%s': column %d: %s", fen, err.offset + 1, err.msg);
	}
	free(fen);
}

double now_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

long parse_number(const char *text, long min, long max, const char *name)
{
	char *end;
	long v;
	errno = 0;
	v = strtol(text, &end, 10);
	if (errno || end == text || *end || v < min || v > max)
		usage_error("invalid %s '%s' (expected %ld..%ld)", name, text, min, max);
	return v;
}

int cmd_jobs_arg(const char *text)
{
	long v = -1;
	if (parse_count(text, CMD_JOBS_MAX, &v) < 0)
		usage_error("invalid -J '%s': a number of jobs from 1 to %d, or 0 for one a core",
			    text, CMD_JOBS_MAX);
	if (v == 0) {
		long n = sysconf(_SC_NPROCESSORS_ONLN);
		v = n < 1 ? 1 : n > CMD_JOBS_MAX ? CMD_JOBS_MAX : n;
	}
	return (int)v;
}

int parse_count(const char *text, long max, long *v)
{
	char *end;
	if (*text < '0' || *text > '9')
		return -1;
	errno = 0;
	*v = strtol(text, &end, 10);
	return errno || *end || *v > max ? -1 : 0;
}

int is_pipe(int fd)
{
	struct stat sb;
	return fstat(fd, &sb) == 0 && (S_ISFIFO(sb.st_mode) || S_ISSOCK(sb.st_mode));
}

int copy_stream(FILE *in, FILE *out)
{
	char buf[65536];
	size_t n;
	while ((n = fread(buf, 1, sizeof buf, in)) > 0)
		if (fwrite(buf, 1, n, out) != n)
			return -2;
	return ferror(in) ? -1 : 0;
}

int release_held(FILE *held, FILE *fp, const char *path)
{
	int bad;
	errno = 0;
	bad = fflush(held) != 0 || fseek(held, 0, SEEK_SET) != 0;
	if (bad || copy_stream(held, fp) < 0 || fflush(fp) != 0 || ferror(fp)) {
		write_error(path);
		return -1;
	}
	return 0;
}

void close_stdout(void)
{
	int bad = ferror(stdout);
	if (fclose(stdout) != 0 || bad)
		die(EXIT_TROUBLE, "error writing standard output: %s",
		    errno ? strerror(errno) : "write failed");
}

int exit_status(int used_stdout, int trouble, int findings)
{
	if (used_stdout) {
		int bad = ferror(stdout);
		if (fclose(stdout) != 0 || bad) {
			if (!stdout_error_said)
				warnx_("error writing standard output: %s", strerror(errno ? errno : EIO));
			return EXIT_TROUBLE;
		}
	}
	if (trouble)
		return EXIT_TROUBLE;
	return findings ? EXIT_FINDINGS : EXIT_OK;
}

/* Whether st is the file input names ("-": the one standard input reads). */
static int is_input(const struct stat *st, const char *input)
{
	struct stat sb;
	int rc = strcmp(input, "-") ? stat(input, &sb) : fstat(STDIN_FILENO, &sb);
	return rc == 0 && sb.st_dev == st->st_dev && sb.st_ino == st->st_ino;
}

/*
 * Temporary files still open, removed by a signal that ends the command
 * (INT, TERM, HUP, QUIT; PIPE: a reader such as head(1) that went away)
 * or by a crash (SEGV, BUS, FPE, ILL, ABRT) before it goes on as the
 * signal would: the handler only unlinks, puts back the
 * action that was there before (the default, or a sanitizer's) and lets
 * the signal go on, which is async-signal-safe.  A fault raised by the
 * processor is simply returned to: the instruction faults again, now
 * under the old action, so a sanitizer still reports where.
 */
#define MAX_TEMPS 8
static char *volatile temps[MAX_TEMPS];
static const int temp_signals[] = {
	SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT,
};
#define NSIGNALS (sizeof temp_signals / sizeof temp_signals[0])
static struct sigaction temp_old[NSIGNALS];

static void (*volatile temp_fn)(void);

static void remove_temps(int sig, siginfo_t *info, void *uc)
{
	void (*fn)(void) = temp_fn;
	(void)uc;
	for (int i = 0; i < MAX_TEMPS; i++)
		if (temps[i])
			unlink(temps[i]);
	if (fn)
		fn();
	for (size_t i = 0; i < NSIGNALS; i++)
		if (temp_signals[i] == sig)
			sigaction(sig, &temp_old[i], NULL);
	/* a fault from the processor happens again on return */
	if ((sig == SIGSEGV || sig == SIGBUS || sig == SIGFPE || sig == SIGILL) &&
	    info && info->si_code > 0)
		return;
	raise(sig);
}

/* The handlers, set once. */
static void temp_handlers(void)
{
	static int handlers;
	struct sigaction sa = { .sa_sigaction = remove_temps, .sa_flags = SA_SIGINFO };
	if (handlers)
		return;
	handlers = 1;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < NSIGNALS; i++)
		sigaddset(&sa.sa_mask, temp_signals[i]);
	/* a signal ignored when we started stays ignored */
	for (size_t i = 0; i < NSIGNALS; i++)
		if (sigaction(temp_signals[i], NULL, &temp_old[i]) == 0 &&
		    temp_old[i].sa_handler != SIG_IGN)
			sigaction(temp_signals[i], &sa, NULL);
}

void temp_register_fn(void (*fn)(void))
{
	temp_handlers();
	temp_fn = fn;
}

void temp_register(char *path)
{
	temp_handlers();
	for (int i = 0; i < MAX_TEMPS; i++)
		if (!temps[i]) {
			temps[i] = path;
			return;
		}
}

void temp_forget(const char *path)
{
	for (int i = 0; i < MAX_TEMPS; i++)
		if (temps[i] == path)
			temps[i] = NULL;
}

void temp_forget_all(void)
{
	for (int i = 0; i < MAX_TEMPS; i++)
		temps[i] = NULL;
}

/* The mode a new file gets from a shell redirect: 0666 less the umask. */
static mode_t new_file_mode(void)
{
	mode_t m = umask(0);
	umask(m);
	return 0666 & ~m;
}

/* The output done with: its temporary file (renamed or removed) no
 * longer one for a signal to remove, the names freed. */
static void out_forget(struct outfile *o)
{
	if (o->tmp)
		temp_forget(o->tmp);
	o->fp = NULL;
	free(o->path);
	free(o->tmp);
	o->path = o->tmp = NULL;
}

void out_leave(struct outfile *o)
{
	if (o->fp && o->fp != stdout)
		fclose(o->fp);
	out_forget(o);
}

int out_open(struct outfile *o, const char *path, char *const *inputs, int ninputs)
{
	struct stat st, sb;
	size_t len;
	int fd, exists, out = !path || strcmp(path, "-") == 0;
	mode_t mode;

	memset(o, 0, sizeof *o);
	exists = !out && stat(path, &st) == 0;
	/* standard output, or the file it already is (/dev/stdout, or its
	 * name): the output joins standard output's stream, in order */
	if (out || (exists && fstat(STDOUT_FILENO, &sb) == 0 && sb.st_dev == st.st_dev &&
		    sb.st_ino == st.st_ino)) {
		o->fp = stdout;
		return 0;
	}
	/* A device or a pipe (/dev/null, /dev/full, a FIFO), or a name of the
	 * kernel's (/dev/stdout, /proc/self/fd/1: it may stand for a regular
	 * file the shell opened): written in place.  A rename would put a
	 * file where the name was and leave the open file without the output. */
	if ((exists && !S_ISREG(st.st_mode)) || strncmp(path, "/dev/", 5) == 0 ||
	    strncmp(path, "/proc/", 6) == 0) {
		if (exists && S_ISDIR(st.st_mode)) {
			warnx_("cannot write '%s': %s", path, strerror(EISDIR));
			return -1;
		}
		if (!(o->fp = fopen(path, "w"))) {
			warnx_("cannot open '%s': %s", path, strerror(errno));
			return -1;
		}
		o->path = xstrdup(path);
		return 0;
	}
	/* (a file that exists here is a regular one) */
	for (int i = 0; exists && i < ninputs; i++) {
		if (is_input(&st, inputs[i])) {
			warnx_("refusing to overwrite input '%s'", path);
			return -1;
		}
	}
	if (exists && ninputs == 0 && is_input(&st, "-")) {
		warnx_("refusing to overwrite input '%s' (it is standard input)", path);
		return -1;
	}
	/* an existing file keeps its mode; a new one gets the umask's */
	mode = exists ? st.st_mode & 07777 : new_file_mode();
	/* through a symbolic link the file it names is replaced, the link kept */
	o->path = exists && lstat(path, &sb) == 0 && S_ISLNK(sb.st_mode) ? realpath(path, NULL) :
		  xstrdup(path);
	if (!o->path) {
		warnx_("cannot resolve '%s': %s", path, strerror(errno));
		return -1;
	}
	path = o->path;
	len = strlen(path) + 16;
	o->tmp = xrealloc(NULL, len);
	snprintf(o->tmp, len, "%s.tmpXXXXXX", path);
	fd = mkstemp(o->tmp);
	if (fd >= 0)
		temp_register(o->tmp);
	if (fd < 0 || fchmod(fd, mode) != 0 || !(o->fp = fdopen(fd, "w"))) {
		warnx_("cannot create '%s': %s", path, strerror(errno));
		if (fd >= 0) {
			close(fd);
			unlink(o->tmp);
		}
		out_forget(o);
		return -1;
	}
	return 0;
}

int out_commit(struct outfile *o)
{
	int bad;
	if (o->fp == stdout || !o->fp)
		return 0;
	errno = 0;
	bad = ferror(o->fp);
	if (fclose(o->fp) != 0 || bad) {
		write_error(o->path);
		bad = -1;
	} else if (o->tmp && rename(o->tmp, o->path) != 0) {
		warnx_("cannot rename '%s' to '%s': %s", o->tmp, o->path, strerror(errno));
		bad = -1;
	}
	if (bad && o->tmp)
		unlink(o->tmp);
	out_forget(o);
	return bad ? -1 : 0;
}

void out_abort(struct outfile *o)
{
	if (o->fp && o->fp != stdout) {
		fclose(o->fp);
		if (o->tmp)
			unlink(o->tmp);
	}
	out_forget(o);
}

int out_close(struct outfile *o, int keep)
{
	if (keep)
		return out_commit(o);
	out_abort(o);
	return 0;
}

int out_write(const char *path, const void *buf, size_t len, char *const *inputs, int ninputs)
{
	struct outfile of;
	if (out_open(&of, path, inputs, ninputs) < 0)
		return -1;
	errno = 0;
	if (fwrite(buf, 1, len, of.fp) != len || fflush(of.fp) != 0) {
		write_error(path);
		out_abort(&of);
		return -1;
	}
	return out_commit(&of);
}

void judge_open(struct xq_judge **j, const char *rules)
{
	struct xq_judge_opts jo = { 0 };
	if (rules && xq_rules_from_name(rules, &jo.rules))
		usage_error("unknown rules '%s' (axf, cxa or 1956)", rules);
	xq_judge_free(*j);
	if (!(*j = xq_judge_new(&jo, NULL)))
		die(EXIT_TROUBLE, "out of memory");
}

/* --- input files */

FILE *record_fopen(const char *path, const char **name)
{
	FILE *fp;
	if (record_stdin(path)) {
		*name = "<stdin>";
		return stdin;
	}
	*name = path;
	if (!(fp = fopen(path, "rb")))
		warnx_("cannot open '%s': %s", path, strerror(errno));
	return fp;
}

int record_stdin(const char *path)
{
	return !path || !strcmp(path, "-");
}

int record_open_fd(const char *path, const char **name)
{
	int fd;
	*name = path;
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		warnx_("cannot open '%s': %s", path, strerror(errno));
	return fd;
}

FILE *record_open(const char *path, const char **name)
{
	FILE *fp;
	struct stat st;
	if (!(fp = record_fopen(path, name)) || fp == stdin)
		return fp;
	if (fstat(fileno(fp), &st) == 0 && S_ISDIR(st.st_mode)) {
		warnx_("cannot read '%s': %s", path, strerror(EISDIR));
		fclose(fp);
		return NULL;
	}
	return fp;
}

void record_close(FILE *fp)
{
	if (fp && fp != stdin)
		fclose(fp);
}
