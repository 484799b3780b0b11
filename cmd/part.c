/*
 * part.c - the one codec of the parts that --partial writes and --merge
 * reads (see part.h).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "part.h"
#include "common.h"

void part_put_text(FILE *fp, const char *s, int may_be_null)
{
	if (!s && may_be_null) {
		fputs("-", fp);
		return;
	}
	if (may_be_null)
		putc('=', fp);
	for (; s && *s; s++)
		switch (*s) {
		case '\\': fputs("\\\\", fp); break;
		case '\t': fputs("\\t", fp); break;
		case '\n': fputs("\\n", fp); break;
		case '\r': fputs("\\r", fp); break;
		default: putc(*s, fp);
		}
}

void part_put_message(FILE *fp, const char *line)
{
	fputs("W\t", fp);
	part_put_text(fp, line, 0);
	putc('\n', fp);
}

int part_message(char **f, int n)
{
	int bad = 0;
	char *text;
	if (n != 2 || strcmp(f[0], "W"))
		return -1;
	text = part_get_text(f[1], 0, &bad);
	if (bad)
		return -1;
	fprintf(stderr, "%s\n", text);
	return 0;
}

char *part_get_text(char *f, int may_be_null, int *bad)
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

void part_put_problem(FILE *fp, const struct xq_problem *p)
{
	fprintf(fp, "P\t%d\t%d\t%ld\t%ld\t%ld\t%d\t", (int)p->severity, (int)p->code,
		p->game, p->line, p->col, p->ply);
	if (p->has_byte)
		fprintf(fp, "%ld\t", p->byte);
	else
		fputs("-\t", fp);
	part_put_text(fp, p->file, 1);
	putc('\t', fp);
	part_put_text(fp, p->text, 1);
	putc('\t', fp);
	part_put_text(fp, p->msg, 0);
	putc('\n', fp);
}

void part_put_header(FILE *fp, const char *cmd, long part)
{
	fprintf(fp, "#%s-partial\t1", cmd);
	if (part)
		fprintf(fp, "\t%ld", part);
	putc('\n', fp);
}

int part_split(char *line, char **f, int max)
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

int part_number(const char *s, long *v)
{
	return parse_count(s, PART_POS_MAX, v);
}

struct part_input *part_input_of(struct part_merge *m, const char *name)
{
	for (int i = 0; i < m->nin; i++)
		if (!strcmp(m->in[i].name, name))
			return &m->in[i];
	m->in = xrealloc(m->in, (size_t)(m->nin + 1) * sizeof *m->in);
	memset(&m->in[m->nin], 0, sizeof *m->in);
	m->in[m->nin].name = xstrdup(name);
	return &m->in[m->nin++];
}

int part_is_header(char **f, int n, const char *cmd, int extra)
{
	size_t len = strlen(cmd);
	return f[0][0] == '#' && !strncmp(f[0] + 1, cmd, len) && !strcmp(f[0] + 1 + len, "-partial") &&
	       n >= 2 + extra && n <= 3 + extra && !strcmp(f[1], "1");
}

int part_header(struct part_merge *m, int *in_part, char **f, int n, const char *cmd,
		const char *file, long lineno)
{
	int rc = 0;
	if (!part_is_header(f, n, cmd, 0))
		return 1;
	if (*in_part) {
		diag(file, lineno, 0, "error", "a part starts before the one before it ended (#counts)");
		rc = -1;
	}
	*in_part = 1;
	return part_begin(m, n == 3 ? f[2] : NULL, file, lineno) < 0 ? -1 : rc;
}

int part_begin(struct part_merge *m, const char *num, const char *file, long lineno)
{
	long n = 0;
	int numbered = num ? 1 : -1;
	m->parts++;
	if (num && (part_number(num, &n) < 0 || n < 1)) {
		diag(file, lineno, 0, "error", "bad part number '%s'", num);
		return -1;
	}
	if (m->numbered && m->numbered != numbered) {
		diag(file, lineno, 0, "error", "parts numbered (--part) and not numbered together");
		return -1;
	}
	m->numbered = numbered;
	if (num && n != m->parts) {
		diag(file, lineno, 0, "error", n < m->parts ?
		     "part %ld again or out of order: part %ld expected here (parts in the order of --part)" :
		     "part %ld where part %ld was expected: parts missing or out of order",
		     n, m->parts);
		m->parts = n;   /* one complaint for one misplaced part */
		return -1;
	}
	return 0;
}

int part_problem(struct part_merge *m, char **f, int n, struct xq_problem *p,
		 struct part_input **in)
{
	long v[6];
	int bad = 0;
	if (n != 11)
		return -1;
	memset(p, 0, sizeof *p);
	for (int i = 0; i < 6; i++)
		if (part_number(f[i + 1], &v[i]) < 0)
			return -1;
	if (v[0] > XQ_SEV_FATAL || v[1] > XQ_P_NATURAL_LIMIT || v[5] > 1000000)
		return -1;
	p->severity = (enum xq_severity)v[0];
	p->code = (enum xq_problem_code)v[1];
	p->has_byte = strcmp(f[7], "-") != 0;
	if (p->has_byte && part_number(f[7], &p->byte) < 0)
		return -1;
	p->file = part_get_text(f[8], 1, &bad);
	p->text = part_get_text(f[9], 1, &bad);
	p->msg = part_get_text(f[10], 0, &bad);
	if (bad)
		return -1;
	*in = part_input_of(m, p->file ? p->file : "<stdin>");
	/* a position not known (0) stays so */
	p->game = v[2] ? v[2] + (*in)->games : 0;
	p->line = v[3] ? v[3] + (*in)->lines : 0;
	p->col = v[4];
	p->ply = (int)v[5];
	if (p->has_byte)
		p->byte += (*in)->bytes;
	return 0;
}

int part_end(struct part_merge *m, char **f, int n, struct part_input **in)
{
	long v[3];
	int bad = 0;
	const char *name;
	if (n < 5)
		return -1;
	name = part_get_text(f[1], 0, &bad);
	for (int i = 0; i < 3; i++)
		if (part_number(f[i + 2], &v[i]) < 0)
			return -1;
	if (bad)
		return -1;
	*in = part_input_of(m, name);
	if ((*in)->games > PART_POS_MAX - v[0] || (*in)->lines > PART_POS_MAX - v[1] ||
	    (*in)->bytes > PART_POS_MAX - v[2])
		return -1;
	(*in)->games += v[0], (*in)->lines += v[1], (*in)->bytes += v[2];
	return 0;
}

/* Lines of a stream ended in place in one buffer, which grows to the
 * longest: as getline() hands them, without its copy of each (a part's
 * output is most of a merge's work). */
struct line_reader {
	FILE *fp;
	char *buf;
	size_t cap, start, end;
	int eof;
};

/* The next line, NUL-ended, its newline gone: NULL at the end. */
static char *next_line(struct line_reader *lr)
{
	for (;;) {
		char *line = lr->buf + lr->start, *nl = memchr(line, '\n', lr->end - lr->start);
		if (nl || (lr->eof && lr->end > lr->start)) {
			size_t len = nl ? (size_t)(nl - line) : lr->end - lr->start;
			line[len] = '\0';
			lr->start += len + (nl != NULL);
			return line;
		}
		if (lr->eof)
			return NULL;
		/* the line begun to the front, room for more after it */
		memmove(lr->buf, line, lr->end - lr->start);
		lr->end -= lr->start;
		lr->start = 0;
		if (lr->cap - lr->end < 65536)
			lr->buf = xrealloc(lr->buf, lr->cap = 2 * lr->cap + 65536);
		/* (one byte kept for the NUL of a last line without newline) */
		size_t n = fread(lr->buf + lr->end, 1, lr->cap - lr->end - 1, lr->fp);
		lr->end += n;
		lr->eof = n == 0;
	}
}

void part_error(struct part_line *at, const char *fmt, ...)
{
	char msg[DIAG_MSG_MAX];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	at->skip = at->first_no_part;
	diag(at->name, at->lineno, 0, "error", "%s%s", msg,
	     at->skip ? ": the file skipped, its first line is no part's" : "");
}

int part_read(int argc, char **argv, part_line_fn fn, void *data)
{
	struct line_reader lr = { .cap = 1 << 16 };
	char *line;
	int trouble = 0;
	lr.buf = xrealloc(NULL, lr.cap);
	for (int i = 0; i < (argc ? argc : 1); i++) {
		struct part_line at = { NULL, 0, 0, 0 };
		FILE *fp = record_open(argc ? argv[i] : NULL, &at.name);
		if (!fp) {
			trouble = 1;
			continue;
		}
		lr.fp = fp;
		lr.start = lr.end = 0;
		lr.eof = 0;
		while ((line = next_line(&lr))) {
			/* no part starts so (its header, or xqcheck's
			 * summary, would) */
			at.first_no_part = at.lineno == 0 && line[0] != '#' && line[0] != '{';
			at.lineno++;
			if (fn(data, line, &at) < 0) {
				trouble = 1;
				if (at.skip)
					break;
			}
		}
		if (ferror(fp)) {
			warnx_("error reading '%s': %s", at.name, strerror(errno));
			trouble = 1;
		}
		record_close(fp);
	}
	free(lr.buf);
	return trouble;
}

int part_cut_short(int in_part)
{
	if (!in_part)
		return 0;
	warnx_("the last part ends without its #counts line (cut short?)");
	return 1;
}

void part_merge_free(struct part_merge *m)
{
	for (int i = 0; i < m->nin; i++)
		free(m->in[i].name);
	free(m->in);
	free(m->line);
	m->in = NULL;
	m->nin = 0;
	m->line = NULL;
	m->line_cap = 0;
}


/* --- xqgrep --keys, --write-drops */

void part_put_keys_header(FILE *fp, long part)
{
	fputs(PART_KEYS_HEADER, fp);
	if (part)
		fprintf(fp, "\t%ld", part);
	fputc('\n', fp);
}

void part_put_key(FILE *fp, const uint64_t k[2], const char *name, long index, long line)
{
	fprintf(fp, "%016" PRIx64 "%016" PRIx64 "\t%s\t%ld\t%ld\n", k[0], k[1], name, index, line);
}

void part_put_keys_end(FILE *fp, const char *name, long games, long lines)
{
	fprintf(fp, "#end\t%s\t%ld\t%ld\n", name, games, lines);
}

int part_keys_header(char **f, int n, const char **num)
{
	if (strcmp(f[0], PART_KEYS_MAGIC) || n < 2 || n > 3 || strcmp(f[1], PART_KEYS_VERSION))
		return 0;
	*num = n == 3 ? f[2] : NULL;
	return 1;
}

int part_get_key(const char *key, uint64_t k[2])
{
	/* as part_put_key() writes it: sscanf() alone would take blanks, a
	 * sign or 0x within the 32 bytes */
	return strlen(key) == 32 && strspn(key, "0123456789abcdef") == 32 &&
	       sscanf(key, "%16" SCNx64 "%16" SCNx64, &k[0], &k[1]) == 2 ? 0 : -1;
}

void part_put_drops_input(FILE *fp, long part, const char *name, long games, long lines)
{
	fprintf(fp, "#part\t%ld\t%s\t%ld\t%ld\n", part, name, games, lines);
}

void part_put_drop(FILE *fp, long part, long index, const char *key, const char *name)
{
	fprintf(fp, "D\t%ld\t%ld\t%s\t%s\n", part, index, key, name);
}

int part_get_drop_line(char *line, long *part, char **name, long *v1, long *v2, uint64_t k[2])
{
	char *f[6];
	if (part_split(line, f, 5) != 5 || part_number(f[1], part) < 0 || *part < 1)
		return -1;
	if (!strcmp(f[0], "#part")) {
		if (part_number(f[3], v1) < 0 || part_number(f[4], v2) < 0)
			return -1;
		*name = f[2];
		return 'P';
	}
	if (strcmp(f[0], "D") || part_number(f[2], v1) < 0 || *v1 < 1 ||
	    part_get_key(f[3], k) < 0)
		return -1;
	*name = f[4];
	return 'D';
}

/* --- the parts of a command with no merge of its own */

void part_put_game_diag(FILE *fp, const char *level, const char *file, long line, long game,
			const char *text)
{
	fprintf(fp, "G\t%s\t", level);
	part_put_text(fp, file, 0);
	fprintf(fp, "\t%ld\t%ld\t", line, game);
	part_put_text(fp, text, 0);
	putc('\n', fp);
}

/* --- output with positions to shift */

/* Position v (never below 0) to fp, its mark kind's around it unless kind
 * is 0: a number a game and more, so no printf. */
/* A position's mark (kind 0: the number alone) into buf: its length. */
static size_t pos_mark(char *buf, size_t size, char kind, long v)
{
	const char head[2] = { '\001', kind };
	size_t k = 0;
	if (kind)
		put_cut(buf, size, &k, head, 2);
	put_number(buf, size, &k, v < 0 ? 0 : v, '\001');
	return kind ? k : k - 1;
}

void part_put_pos(FILE *fp, char kind, long v)
{
	char buf[32];
	fwrite(buf, 1, pos_mark(buf, sizeof buf, kind, v), fp);
}

void part_put_pos_text(FILE *fp, const char *s)
{
	for (const char *mark; s && (mark = strchr(s, '\001')); s = mark + 1) {
		fwrite(s, 1, (size_t)(mark - s) + 1, fp);
		putc('\001', fp);
	}
	if (s)
		fputs(s, fp);
}

void part_put_input(FILE *fp, const char *name)
{
	fputs("\001I", fp);
	part_put_pos_text(fp, name);
	putc('\001', fp);
}

void part_pos_writer(void *data, FILE *fp, char kind, long v)
{
	part_put_pos(fp, kind, v);
}

void part_text_writer(void *data, FILE *fp, const char *s)
{
	part_put_pos_text(fp, s);
}

/* Marked output read from a stream (in blocks) or from a string: the
 * bytes waiting are p[0..end). */
struct pos_source {
	FILE *fp;
	unsigned char *buf;   /* the stream's, of size bytes */
	size_t size;
	const unsigned char *p, *end;
};

/* The count of bytes waiting, read from the stream when there are none;
 * 0 at the end. */
static size_t pos_fill(struct pos_source *src)
{
	if (src->p == src->end && src->fp) {
		src->p = src->buf;
		src->end = src->buf + fread(src->buf, 1, src->size, src->fp);
	}
	return (size_t)(src->end - src->p);
}

static int pos_getc(struct pos_source *src)
{
	return pos_fill(src) ? *src->p++ : EOF;
}

/* Where the copy goes: a stream, or (fp NULL) the buffer of a line, which
 * is written whole or not at all. */
struct pos_sink {
	FILE *fp;
	char **buf;
	size_t *cap, len;
};

static void sink_put(struct pos_sink *o, const void *p, size_t n)
{
	if (o->fp) {
		fwrite(p, 1, n, o->fp);
		return;
	}
	if (o->len + n > *o->cap) {
		*o->cap = 2 * (o->len + n) + 256;
		*o->buf = xrealloc(*o->buf, *o->cap);
	}
	memcpy(*o->buf + o->len, p, n);
	o->len += n;
}

/* The reader of both: src to out, each position shifted by the earlier
 * parts of its input (cur, or the one the last \001I names); 0 or -1.
 * The bytes between marks go out in runs: a part's output is most of the
 * merge's work. */
static int copy_marked(struct pos_source *src, struct pos_sink *out, struct part_merge *m,
		       struct part_input *cur)
{
	char *nm = NULL, pos[32];
	size_t len = 0, cap = 0, n;
	int c, rc = 0;
	while ((n = pos_fill(src)) > 0) {
		const unsigned char *mark = memchr(src->p, '\001', n);
		size_t run = mark ? (size_t)(mark - src->p) : n;
		sink_put(out, src->p, run);
		src->p += run;
		if (!mark)
			continue;
		src->p++;
		c = pos_getc(src);
		if (c == '\001') {
			sink_put(out, "\001", 1);
		} else if (c == 'I') {
			len = 0;
			while ((c = pos_getc(src)) != EOF &&
			       (c != '\001' || (c = pos_getc(src)) == '\001')) {
				if (len + 2 > cap)
					nm = xrealloc(nm, cap = 2 * cap + 64);
				nm[len++] = (char)c;
			}
			if (!nm)
				nm = xrealloc(NULL, cap = 64);
			nm[len] = '\0';
			cur = part_input_of(m, nm);
			if (c == EOF)
				break;
			src->p--;   /* back to the byte after the name's mark */
		} else if ((c == 'G' || c == 'L' || c == 'B') && cur) {
			long v = 0;
			int kind = c, digits = 0;
			while ((c = pos_getc(src)) >= '0' && c <= '9' && v < PART_POS_MAX) {
				v = 10 * v + (c - '0');
				digits++;
			}
			if (!digits || c != '\001') {
				rc = -1;
				break;
			}
			/* a game or line not known (0) stays so */
			sink_put(out, pos, pos_mark(pos, sizeof pos, 0, kind == 'B' ? v + cur->bytes :
						     !v ? 0 : v + (kind == 'G' ? cur->games : cur->lines)));
		} else {
			rc = -1;
			break;
		}
	}
	free(nm);
	return rc;
}

int part_copy_output(FILE *in, FILE *out, struct part_merge *m, const char *name)
{
	static unsigned char buf[1 << 16];
	struct pos_source src = { in, buf, sizeof buf, buf, buf };
	struct pos_sink to = { .fp = out };
	int rc = copy_marked(&src, &to, m, NULL);
	if (rc < 0 || ferror(in))
		diag(name, 0, 0, "error", "not the output of a part");
	return rc < 0 || ferror(in) ? -1 : 0;
}

int part_copy_marked(const char *s, FILE *out, struct part_merge *m, struct part_input *in)
{
	const unsigned char *p = (const unsigned char *)s;
	struct pos_source src = { NULL, NULL, 0, p, p + strlen(s) };
	struct pos_sink line = { .buf = &m->line, .cap = &m->line_cap };
	if (copy_marked(&src, &line, m, in) < 0)
		return -1;
	fwrite(m->line, 1, line.len, out);
	return 0;
}
