/*
 * test_diag.c - the commands' diagnostics line (cmd/common.c diag(),
 * warnx_()): made in one pass with its own formatter, it must give the
 * bytes the line always had, which the reference below makes as it was
 * made before (snprintf for the place, vsnprintf for the message, control
 * characters escaped, and in the message the raw code points of bytes a
 * reader could not decode shown as those bytes; the same limits).  Table-driven over places,
 * conversions, escapes and the cuts at every limit.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../cmd/common.c"
#include "tap.h"

/* --- the reference: diag() as it was */

/* The code point of the four-byte UTF-8 sequence at s, or 0. */
static unsigned long ref_four(const unsigned char *s)
{
	if ((s[0] & 0xf8) != 0xf0 || (s[1] & 0xc0) != 0x80 || (s[2] & 0xc0) != 0x80 ||
	    (s[3] & 0xc0) != 0x80)
		return 0;
	return (unsigned long)(s[0] & 7) << 18 | (unsigned long)(s[1] & 0x3f) << 12 |
	       (unsigned long)(s[2] & 0x3f) << 6 | (s[3] & 0x3f);
}

static void ref_escaped(char *buf, size_t size, size_t *n, const char *s, int raw)
{
	for (; *s && *n + 5 < size; s++) {
		unsigned char c = (unsigned char)*s;
		unsigned long cp = raw ? ref_four((const unsigned char *)s) : 0;
		if (cp >= XQ_RAW_BYTE_BASE + 0x80 && cp <= XQ_RAW_BYTE_BASE + 0xff) {
			*n += (size_t)snprintf(buf + *n, size - *n, "\\x%02lx", cp - XQ_RAW_BYTE_BASE);
			s += 3;
		} else if (c < 0x20 || c == 0x7f)
			*n += (size_t)snprintf(buf + *n, size - *n, "\\x%02x", c);
		else
			buf[(*n)++] = (char)c;
	}
}

__attribute__((format(printf, 3, 0)))
static size_t ref_vmessage(char *line, const char *prefix, const char *fmt, va_list ap)
{
	char msg[4096];
	size_t n, size = 4096 * 4 + 1200;
	vsnprintf(msg, sizeof msg, fmt, ap);
	n = (size_t)snprintf(line, size - 2, "%s: ", progname);
	if (n > size - 2)
		n = size - 2;
	ref_escaped(line, size - 2, &n, prefix, 0);
	ref_escaped(line, size - 2, &n, msg, 1);
	line[n++] = '\n';
	return n;
}

__attribute__((format(printf, 6, 7)))
static size_t ref_diag(char *out, const char *file, long line, long col, const char *level,
		       const char *fmt, ...)
{
	char where[1024];
	va_list ap;
	size_t r;
	int n = snprintf(where, sizeof where, "%s:", file ? file : "<stdin>");
	if (line > 0 && n > 0 && (size_t)n < sizeof where)
		n += snprintf(where + n, sizeof where - (size_t)n, "%ld:", line);
	if (line > 0 && col > 0 && n > 0 && (size_t)n < sizeof where)
		n += snprintf(where + n, sizeof where - (size_t)n, "%ld:", col);
	if (n > 0 && (size_t)n < sizeof where && level)
		snprintf(where + n, sizeof where - (size_t)n, " %s: ", level);
	else if (n > 0 && (size_t)n < sizeof where)
		snprintf(where + n, sizeof where - (size_t)n, " ");
	va_start(ap, fmt);
	r = ref_vmessage(out, where, fmt, ap);
	va_end(ap);
	return r;
}

/* --- what diag() wrote, caught from stderr */

static char *caught;
static size_t caught_len;
static FILE *real_stderr;

static void catch_start(void)
{
	stderr = open_memstream(&caught, &caught_len);
}

static void catch_end(void)
{
	fclose(stderr);
	stderr = real_stderr;
}

static char want[4096 * 4 + 1200];
/* a NULL the compiler cannot see */
static const char *volatile none;

/* CASE(name, file, line, col, level, fmt, ...): diag() against ref_diag() */
#define CASE(label, file, line, col, level, ...) do { \
	size_t wn = ref_diag(want, file, line, col, level, __VA_ARGS__); \
	catch_start(); \
	diag(file, line, col, level, __VA_ARGS__); \
	catch_end(); \
	if (!ok(caught_len == wn && !memcmp(caught, want, wn), "diag: %s", label)) \
		diagf("got %zu bytes '%.200s', want %zu '%.200s'", caught_len, caught, wn, want); \
	free(caught); \
} while (0)

static char *filled(size_t n, char c)
{
	char *s = malloc(n + 1);
	memset(s, c, n);
	s[n] = '\0';
	return s;
}

int main(void)
{
	char ctl[40];
	char *big = filled(5000, 'x'), *name900 = filled(900, 'n'), *name1000 = filled(1000, 'n');
	char *name1100 = filled(1100, 'n'), *ctlmsg = filled(4500, '\001');
	char *ctlname = filled(1010, '\002'), *rawmsg = malloc(4 * 1100 + 2);
	for (int i = 0; i < 1100; i++)
		memcpy(rawmsg + 1 + 4 * i, "\xf4\x8f\xbb\xbf", 4);
	rawmsg[0] = 'x';   /* (the limit then falls inside one) */
	rawmsg[4 * 1100 + 1] = '\0';
	real_stderr = stderr;
	for (int i = 0; i < 31; i++)
		ctl[i] = (char)(i + 1);
	ctl[31] = 0x7f;
	ctl[32] = 'z';
	ctl[33] = '\0';

	progname = "xqtest";
	CASE("place and a plain message", "a.pgn", 12, 5, "error", "illegal move");
	CASE("no column", "a.pgn", 12, 0, "warning", "no column");
	CASE("no line: no column either", "a.pgn", 0, 7, "note", "x");
	CASE("negative line", "a.pgn", -3, 2, "note", "x");
	CASE("stdin for NULL", NULL, 1, 1, "error", "from stdin");
	CASE("no level: a line of a report", "a.pgn", 30, 0, NULL, "game 3 is a duplicate");
	CASE("%%s %%d %%ld %%%%", "f", 3, 0, "note", "game %ld is a duplicate of game %ld (%s:%ld) %d%%",
	     123456789L, 1L, "first.pgn", 99L, -42);
	CASE("%%ld extremes", "f", 1, 1, "error", "%ld %ld %ld", 0L, -9223372036854775807L - 1,
	     9223372036854775807L);
	CASE("%%d %%i %%u extremes", "f", 1, 1, "error", "%d %i %u %u", -2147483647 - 1, 2147483647,
	     0u, 4294967295u);
	CASE("%%lu %%li %%zu", "f", 1, 1, "error", "%lu %li %zu", 18446744073709551615UL, -5L,
	     (size_t)77);
	CASE("%%c, a NUL %%c ends the line", "f", 1, 1, "error", "a%cb%cc", 'Q', 0);
	CASE("%%.*s", "f", 1, 1, "error", "move %d '%.*s': %s", 3, 4, "h2e2h9g7", "bad");
	CASE("%%.*s longer than the text", "f", 1, 1, "error", "'%.*s'", 50, "short");
	CASE("%%.*s negative precision", "f", 1, 1, "error", "'%.*s'", -1, "whole");
	CASE("a NULL string (vsnprintf's way)", "f", 1, 1, "error", "[%s]", none);
	CASE("another conversion (vsnprintf)", "f", 1, 1, "error", "%5.1f%% %x %-4s|", 12.345, 255u, "ab");
	CASE("%%s at the end, nothing after", "f", 1, 1, "error", "%s", "end");
	CASE("empty message", "f", 1, 1, "error", "%s", "");
	CASE("control characters in the message", "f", 1, 1, "error", "%s", ctl);
	CASE("control characters in the name", ctl, 2, 3, "error", "m");
	CASE("a tab and a newline in the format", "f", 1, 1, "error", "a\tb\nc %s", "d\re");
	CASE("UTF-8 kept", "棋谱.pgn", 4, 2, "error", "%s", "炮二平五: 不合法");
	/* U+10FEE8 and U+10FEBD are the bytes 0xe8 and 0xbd read raw; U+100000
	 * and U+10FF00 start as they do and are characters */
	CASE("raw code points in the message: their bytes", "f", 1, 1, "error", "'%s': x",
	     "\xf4\x8f\xbb\xa8\xf4\x8f\xba\xbdok");
	CASE("raw code points in the name: kept", "a\xf4\x8f\xbb\xa8.pgn", 1, 1, "error", "m");
	CASE("other characters from 0xf4: kept", "f", 1, 1, "error", "%s",
	     "\xf4\x80\x80\x80 \xf4\x8f\xbc\x80 \xf4\x8f\xb9\xbf");
	CASE("a raw code point cut short at the end: kept", "f", 1, 1, "error", "%s", "ab\xf4\x8f\xbb");
	CASE("raw code points past the message's limit, one cut there", "f", 1, 1, "error", "%s", rawmsg);
	CASE("message cut at 4095 bytes", "f", 1, 1, "error", "%s", big);
	CASE("message cut in the literal text", "f", 1, 1, "error", "%s and more text here", big + 4090);
	CASE("escapes at the line's end", "f", 1, 1, "error", "%s", ctlmsg);
	CASE("escapes of name and message together", ctlname, 1, 1, "error", "%s", ctlmsg);
	CASE("a name of 900 bytes", name900, 123456, 789, "error", "m %d", 1);
	CASE("a name of 1000 bytes: the place cut", name1000, 123456, 789, "warning", "m");
	CASE("a name of 1100 bytes", name1100, 1, 1, "error", "m");
	CASE("the longest levels", name900, 9223372036854775807L, 9223372036854775807L,
	     "a very long level name indeed", "m");
	progname = "";
	CASE("an empty progname", "f", 1, 1, "error", "m");
	progname = "xqtest";

	/* warnx_ and the unescaped names of progname */
	catch_start();
	warnx_("cannot open '%s': %s", "x\001y", "No such file");
	catch_end();
	is_str(caught, "xqtest: cannot open 'x\\x01y': No such file\n", "warnx_: escaped, one line");
	free(caught);

	free(big);
	free(name900);
	free(name1000);
	free(name1100);
	free(ctlmsg);
	free(ctlname);
	free(rawmsg);
	return done_testing();
}
