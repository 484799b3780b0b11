/*
 * common.c - diagnostics, exit codes, numbers and atomic output for the
 * commands.
 */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "common.h"
#include "xq.h"

const char *progname = "xq";

void cmd_init(char **argv)
{
	if (argv[0] && *argv[0]) {
		const char *slash = strrchr(argv[0], '/');
		progname = slash ? slash + 1 : argv[0];
	}
}

/* Print text with control characters shown as \xNN. */
static void put_escaped(FILE *fp, const char *s)
{
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c < 0x20 || c == 0x7f)
			fprintf(fp, "\\x%02x", c);
		else
			fputc(c, fp);
	}
}

__attribute__((format(printf, 2, 0)))
static void vmessage(const char *prefix, const char *fmt, va_list ap)
{
	char buf[4096];
	vsnprintf(buf, sizeof buf, fmt, ap);
	fprintf(stderr, "%s: %s", progname, prefix);
	put_escaped(stderr, buf);
	fputc('\n', stderr);
}

void warnx_(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vmessage("", fmt, ap);
	va_end(ap);
}

void die(int status, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vmessage("", fmt, ap);
	va_end(ap);
	exit(status);
}

void diag(const char *file, long line, long col, const char *level,
	  const char *fmt, ...)
{
	char where[1024];
	va_list ap;
	int n = snprintf(where, sizeof where, "%s:", file ? file : "<stdin>");
	if (line > 0 && n > 0 && (size_t)n < sizeof where)
		n += snprintf(where + n, sizeof where - (size_t)n, "%ld:", line);
	if (line > 0 && col > 0 && n > 0 && (size_t)n < sizeof where)
		n += snprintf(where + n, sizeof where - (size_t)n, "%ld:", col);
	if (n > 0 && (size_t)n < sizeof where)
		snprintf(where + n, sizeof where - (size_t)n, " %s: ", level);
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

void usage_exit(const char *text, int status)
{
	fputs(text, status ? stderr : stdout);
	if (!status)
		close_stdout();
	exit(status);
}

char *join_args(int argc, char **argv)
{
	size_t len = 1;
	char *s;
	for (int i = 0; i < argc; i++)
		len += strlen(argv[i]) + 1;
	if (!(s = malloc(len)))
		die(EXIT_TROUBLE, "out of memory");
	*s = '\0';
	for (int i = 0; i < argc; i++) {
		if (i)
			strcat(s, " ");
		strcat(s, argv[i]);
	}
	return s;
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
		die(EXIT_TROUBLE, "invalid %s '%s' (expected %ld..%ld)", name, text, min, max);
	return v;
}

void close_stdout(void)
{
	int bad = ferror(stdout);
	if (fclose(stdout) != 0 || bad)
		die(EXIT_TROUBLE, "error writing standard output: %s",
		    errno ? strerror(errno) : "write failed");
}

static int same_file(const char *a, const char *b)
{
	struct stat sa, sb;
	return stat(a, &sa) == 0 && stat(b, &sb) == 0 &&
	       sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

int out_open(struct outfile *o, const char *path, char *const *inputs, int ninputs)
{
	struct stat st;
	size_t len;
	int fd;

	memset(o, 0, sizeof *o);
	if (!path || strcmp(path, "-") == 0) {
		o->fp = stdout;
		return 0;
	}
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		/* A device or a pipe (/dev/null, /dev/full, a FIFO): nothing to
		 * rename, and a temporary file beside it would land in /dev. */
		if (S_ISDIR(st.st_mode)) {
			warnx_("cannot write '%s': %s", path, strerror(EISDIR));
			return -1;
		}
		if (!(o->fp = fopen(path, "w"))) {
			warnx_("cannot open '%s': %s", path, strerror(errno));
			return -1;
		}
		o->path = strdup(path);
		if (!o->path)
			die(EXIT_TROUBLE, "out of memory");
		return 0;
	}
	for (int i = 0; i < ninputs; i++) {
		if (strcmp(inputs[i], "-") != 0 && same_file(path, inputs[i])) {
			warnx_("refusing to overwrite input '%s'", path);
			return -1;
		}
	}
	len = strlen(path) + 16;
	o->path = strdup(path);
	o->tmp = malloc(len);
	if (!o->path || !o->tmp)
		die(EXIT_TROUBLE, "out of memory");
	snprintf(o->tmp, len, "%s.tmpXXXXXX", path);
	fd = mkstemp(o->tmp);
	if (fd < 0 || !(o->fp = fdopen(fd, "w"))) {
		warnx_("cannot create '%s': %s", o->tmp, strerror(errno));
		if (fd >= 0)
			close(fd);
		free(o->path);
		free(o->tmp);
		o->path = o->tmp = NULL;
		return -1;
	}
	return 0;
}

int out_commit(struct outfile *o)
{
	int bad;
	if (o->fp == stdout || !o->fp)
		return 0;
	bad = ferror(o->fp);
	if (fclose(o->fp) != 0 || bad) {
		warnx_("error writing '%s': %s", o->path, strerror(errno ? errno : EIO));
		if (o->tmp)
			unlink(o->tmp);
		bad = -1;
	} else if (o->tmp && rename(o->tmp, o->path) != 0) {
		warnx_("cannot rename '%s' to '%s': %s", o->tmp, o->path, strerror(errno));
		unlink(o->tmp);
		bad = -1;
	}
	o->fp = NULL;
	free(o->path);
	free(o->tmp);
	o->path = o->tmp = NULL;
	return bad ? -1 : 0;
}

void out_abort(struct outfile *o)
{
	if (o->fp && o->fp != stdout) {
		fclose(o->fp);
		if (o->tmp)
			unlink(o->tmp);
	}
	o->fp = NULL;
	free(o->path);
	free(o->tmp);
	o->path = o->tmp = NULL;
}

void json_put_string(FILE *fp, const char *s)
{
	fputc('"', fp);
	for (; s && *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\')
			fprintf(fp, "\\%c", c);
		else if (c == '\n')
			fputs("\\n", fp);
		else if (c == '\t')
			fputs("\\t", fp);
		else if (c < 0x20 || c == 0x7f)
			fprintf(fp, "\\u%04x", c);
		else
			fputc(c, fp);
	}
	fputc('"', fp);
}
