/*
 * io.c - readers and writers around the formats table: bytes from a FILE
 * or a buffer, gzip undone with zlib, format sniffing, decoding to UTF-8
 * with iconv, lines for text formats; on the way out, one game rendered
 * to UTF-8 at a time and converted to the output encoding.
 *
 * Memory: a reader holds its source buffer (64 KiB), the decoded text not
 * yet consumed (a line at most, up to LINE_MAX_BYTES) and the format's
 * state; a writer holds one game's text.  Nothing grows with the file.
 */
#include <errno.h>
#include <iconv.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "script.h"
#include "utf8.h"
#include "xq.h"

#define SRC_CHUNK 65536
#define HEAD_BYTES 65536
#define LINE_MAX_BYTES XQ_MAX_LINE_BYTES
#define MAX_ENCODING_REPORTS 5

struct xq_reader {
	struct xq_reader_opts o;
	const struct xq_format *fmt;
	char enc_name[32];

	/* the source */
	FILE *fp;
	int fd;                         /* >= 0: read(2) it (pipes, ttys) */
	const unsigned char *mem;
	size_t memlen;
	unsigned char *sbuf;            /* SRC_CHUNK bytes for FILE input */
	const unsigned char *in;        /* pending source bytes */
	size_t inlen;
	int src_eof, src_error;
	uint64_t consumed;

	/* gzip */
	int gz, gz_done;
	int gz_cut;             /* the compressed data ended early: 1, 2 told */
	z_stream zs;

	/* raw (ungzipped) bytes not yet decoded */
	unsigned char *raw;
	size_t raw_start, raw_end, raw_cap;
	int raw_eof;

	/* decoding */
	int utf8;                       /* pass-through with validation */
	int enc_pending;                /* auto-detect, only ASCII seen so far */
	int bom_done;
	iconv_t cd;
	int enc_reports;
	/* two-byte encodings (GBK, GB18030, Big5) in bulk: the code point of
	 * each lead 0x81..0xFE, trail 0x40..0xFE pair as iconv decodes it
	 * alone (0: left to iconv), made once DBCS_AFTER bytes were decoded */
	uint16_t *dbcs;
	size_t iconv_bytes;
	int dbcs_tried;

	/* decoded text and the current line */
	char *txt;
	size_t txt_start, txt_end, txt_cap;
	int txt_eof;
	const char *line;
	size_t linelen;
	long lineno;
	int unget, have_line, cr_mode;
	int cont;               /* the next piece goes on with this source line */
	int line_cont;          /* the current piece goes on with the last one */

	void *state;
	long games;
	int fatal;
	int nonblank;                   /* the head holds more than blanks */
	int no_record;                  /* nothing to read: already reported */
};

/* ------------------------------------------------------------ problems */

/* byte < 0: none */
__attribute__((format(printf, 10, 0)))
static void report(struct xq_reader *r, struct xq_game *g,
		   enum xq_severity sev, enum xq_problem_code code,
		   long line, long col, long byte, int ply, const char *text,
		   const char *fmt, va_list ap)
{
	char msg[512];
	struct xq_problem p;

	if (g) {
		if (sev >= XQ_SEV_ERROR) {
			g->errors++;
			g->flags |= XQ_GAME_BROKEN;
		} else if (sev == XQ_SEV_WARNING) {
			g->warnings++;
		}
	}
	if (!r->o.problem)
		return;
	vsnprintf(msg, sizeof msg, fmt, ap);
	p.severity = sev;
	p.code = code;
	p.file = r->o.name;
	p.game = g ? g->index : 0;
	p.line = line;
	p.col = col;
	p.byte = byte >= 0 ? byte : 0;
	p.has_byte = byte >= 0;
	p.ply = ply;
	p.text = text;
	p.msg = msg;
	r->o.problem(r->o.problem_data, &p);
}

void xq_reader_problem(struct xq_reader *r, struct xq_game *g,
		       enum xq_severity sev, enum xq_problem_code code,
		       long line, long col, int ply, const char *text,
		       const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	report(r, g, sev, code, line, col, -1, ply, text, fmt, ap);
	va_end(ap);
}

void xq_reader_problem_at(struct xq_reader *r, struct xq_game *g,
			  enum xq_severity sev, enum xq_problem_code code,
			  long byte, int ply, const char *text,
			  const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	report(r, g, sev, code, 0, 0, byte < 0 ? 0 : byte, ply, text, fmt, ap);
	va_end(ap);
}

__attribute__((format(printf, 4, 5)))
static void fatal(struct xq_reader *r, enum xq_problem_code code, long line,
		  const char *fmt, ...)
{
	va_list ap;
	r->fatal = 1;
	va_start(ap, fmt);
	report(r, NULL, XQ_SEV_FATAL, code, line, 0, -1, 0, NULL, fmt, ap);
	va_end(ap);
}

/* ----------------------------------------------------------- the source */

static void src_fill(struct xq_reader *r)
{
	if (r->src_eof)
		return;
	if (r->mem) {
		r->in = r->mem;
		r->inlen = r->memlen;
		r->consumed += r->memlen;
		r->src_eof = 1;
		return;
	}
	if (r->fd >= 0) {
		/* a pipe or a terminal: take what has come, do not wait for a
		 * whole chunk (games flow through pipelines one by one) */
		ssize_t k;
		do
			k = read(r->fd, r->sbuf, SRC_CHUNK);
		while (k < 0 && errno == EINTR);
		r->in = r->sbuf;
		r->inlen = k > 0 ? (size_t)k : 0;
		r->consumed += r->inlen;
		if (k < 0) {
			r->src_error = errno ? errno : EIO;
			fatal(r, XQ_P_IO, 0, "read error: %s", strerror(r->src_error));
		}
		if (k <= 0)
			r->src_eof = 1;
		return;
	}
	size_t n = fread(r->sbuf, 1, SRC_CHUNK, r->fp);
	r->in = r->sbuf;
	r->inlen = n;
	r->consumed += n;
	if (n < SRC_CHUNK) {
		if (ferror(r->fp)) {
			r->src_error = errno ? errno : EIO;
			fatal(r, XQ_P_IO, 0, "read error: %s", strerror(r->src_error));
		}
		r->src_eof = 1;
	}
}

/* Up to n ungzipped bytes; 0 at the end, -1 on error. */
static long input_read(struct xq_reader *r, unsigned char *buf, size_t n)
{
	if (!r->inlen)
		src_fill(r);
	if (r->src_error)
		return -1;
	if (!r->gz) {
		size_t k = r->inlen < n ? r->inlen : n;
		memcpy(buf, r->in, k);
		r->in += k;
		r->inlen -= k;
		return (long)k;
	}
	if (r->gz_done)
		return 0;
	for (;;) {
		int rc;
		r->zs.next_in = (unsigned char *)r->in;
		r->zs.avail_in = (uInt)r->inlen;
		r->zs.next_out = buf;
		r->zs.avail_out = (uInt)n;
		rc = inflate(&r->zs, Z_NO_FLUSH);
		r->in = r->zs.next_in;
		r->inlen = r->zs.avail_in;
		size_t got = n - r->zs.avail_out;
		if (rc == Z_STREAM_END) {
			if (!r->inlen)
				src_fill(r);
			if (r->inlen) {
				if (r->in[0] != 0x1f) {
					/* padding after the last member */
					r->gz_done = 1;
				} else {
					inflateReset(&r->zs);
				}
			} else {
				r->gz_done = 1;
			}
			if (got || r->gz_done)
				return (long)got;
			continue;
		}
		if (rc == Z_OK || rc == Z_BUF_ERROR) {
			if (got)
				return (long)got;
			if (!r->inlen) {
				if (r->src_eof) {
					/* the game that runs to this end is cut
					 * (xq_reader_next says so) */
					r->gz_cut = 1;
					r->gz_done = 1;
					return 0;
				}
				src_fill(r);
				if (r->src_error)
					return -1;
			}
			continue;
		}
		fatal(r, XQ_P_SYNTAX, 0, "corrupt compressed input: %s",
		      r->zs.msg ? r->zs.msg : "inflate failed");
		r->gz_done = 1;
		return got ? (long)got : 0;
	}
}

/* Read more ungzipped bytes into raw; returns bytes added, 0 at the end. */
static long raw_more(struct xq_reader *r, size_t want)
{
	long n;
	if (r->raw_eof)
		return 0;
	if (r->raw_start > 0 && r->raw_start == r->raw_end)
		r->raw_start = r->raw_end = 0;
	if (r->raw_cap - r->raw_end < want) {
		if (r->raw_start) {
			memmove(r->raw, r->raw + r->raw_start, r->raw_end - r->raw_start);
			r->raw_end -= r->raw_start;
			r->raw_start = 0;
		}
		if (r->raw_cap - r->raw_end < want) {
			size_t cap = r->raw_end + want;
			unsigned char *p = realloc(r->raw, cap);
			if (!p) {
				fatal(r, XQ_P_LIMIT, 0, "out of memory");
				return -1;
			}
			r->raw = p;
			r->raw_cap = cap;
		}
	}
	n = input_read(r, r->raw + r->raw_end, r->raw_cap - r->raw_end);
	if (n <= 0) {
		r->raw_eof = 1;
		return n;
	}
	r->raw_end += (size_t)n;
	return n;
}

long xq_reader_read(struct xq_reader *r, void *buf, size_t n)
{
	size_t have = r->raw_end - r->raw_start;
	if (have) {
		size_t k = have < n ? have : n;
		memcpy(buf, r->raw + r->raw_start, k);
		r->raw_start += k;
		return (long)k;
	}
	if (r->raw_eof)
		return 0;
	long k = input_read(r, buf, n);
	if (k <= 0)
		r->raw_eof = 1;
	return k;
}

/* ------------------------------------------------------------- decoding */

static int txt_reserve(struct xq_reader *r, size_t more)
{
	if (r->txt_cap - r->txt_end >= more)
		return 0;
	if (r->txt_start) {
		memmove(r->txt, r->txt + r->txt_start, r->txt_end - r->txt_start);
		r->txt_end -= r->txt_start;
		if (r->have_line)
			r->line -= r->txt_start;
		r->txt_start = 0;
	}
	if (r->txt_cap - r->txt_end < more) {
		size_t cap = r->txt_end + more;
		char *p;
		if (cap < 2 * r->txt_cap)
			cap = 2 * r->txt_cap;
		if (!(p = realloc(r->txt, cap))) {
			fatal(r, XQ_P_LIMIT, 0, "out of memory");
			return -1;
		}
		if (r->have_line)
			r->line = p + (r->line - r->txt);
		r->txt = p;
		r->txt_cap = cap;
	}
	return 0;
}

static long pending_line(const struct xq_reader *r)
{
	long n = r->lineno + 1;
	for (size_t i = r->txt_start; i < r->txt_end; i++)
		n += r->txt[i] == '\n';
	return n;
}

static void bad_bytes(struct xq_reader *r, const unsigned char *p, size_t n)
{
	static const char fffd[] = "\xef\xbf\xbd";
	memcpy(r->txt + r->txt_end, fffd, 3);
	r->txt_end += 3;
	if (r->enc_reports++ < MAX_ENCODING_REPORTS)
		xq_reader_problem(r, NULL, XQ_SEV_WARNING, XQ_P_ENCODING,
				  pending_line(r), 0, 0, NULL,
				  "byte 0x%02x cannot be decoded as %s%s", p[0],
				  r->enc_name, r->enc_reports == MAX_ENCODING_REPORTS ?
				  " (further such bytes not reported)" : "");
	(void)n;
}

/* Whether enc is one of the two-byte encodings the pair tables serve
 * (not BIG5-HKSCS, which composes some pairs with the next character). */
static int dbcs_encoding(const char *enc)
{
	return !strcmp(enc, "GB18030") || !strcmp(enc, "GBK") || !strcmp(enc, "GB2312") ||
	       !strcmp(enc, "BIG5") || !strcmp(enc, "CP950");
}

#define DBCS_AFTER 65536
#define DBCS_LEADS 126
#define DBCS_TRAILS 191

/* The pair table of the encoding in use, or nothing (memory, or an
 * encoding with other sequences): iconv alone goes on then. */
static void dbcs_make(struct xq_reader *r)
{
	iconv_t cd;
	r->dbcs_tried = 1;
	if (!dbcs_encoding(r->enc_name))
		return;
	if ((cd = iconv_open("UTF-8", r->enc_name)) == (iconv_t)-1)
		return;
	if (!(r->dbcs = calloc(DBCS_LEADS * DBCS_TRAILS, sizeof *r->dbcs))) {
		iconv_close(cd);
		return;
	}
	for (int lead = 0; lead < DBCS_LEADS; lead++)
		for (int trail = 0; trail < DBCS_TRAILS; trail++) {
			char in[2] = { (char)(0x81 + lead), (char)(0x40 + trail) }, out[8];
			char *ip = in, *op = out;
			size_t il = 2, ol = sizeof out;
			unsigned char *u = (unsigned char *)out;
			iconv(cd, NULL, NULL, NULL, NULL);
			if (iconv(cd, &ip, &il, &op, &ol) == (size_t)-1 || il != 0)
				continue;
			/* one character of three bytes (U+0800..U+FFFF) only */
			if (op - out == 3 && (u[0] & 0xF0) == 0xE0)
				r->dbcs[lead * DBCS_TRAILS + trail] =
					(uint16_t)((u[0] & 0x0F) << 12 | (u[1] & 0x3F) << 6 | (u[2] & 0x3F));
		}
	iconv_close(cd);
}

/* Decode pairs with the table from p[0..n) into txt (room for 3 bytes a
 * byte); stops before the first byte the table cannot take.  Returns the
 * bytes taken. */
static size_t dbcs_decode(struct xq_reader *r, const unsigned char *p, size_t n)
{
	unsigned char *o = (unsigned char *)r->txt + r->txt_end;
	size_t i = 0;
	while (i < n) {
		unsigned c = p[i];
		if (c < 0x80) {
			*o++ = (unsigned char)c;
			i++;
			continue;
		}
		if (c == 0x80 || c == 0xFF || i + 1 >= n || p[i + 1] < 0x40 || p[i + 1] == 0xFF)
			break;
		unsigned cp = r->dbcs[(c - 0x81) * DBCS_TRAILS + (p[i + 1] - 0x40)];
		if (!cp)
			break;
		o[0] = (unsigned char)(0xE0 | cp >> 12);
		o[1] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
		o[2] = (unsigned char)(0x80 | (cp & 0x3F));
		o += 3;
		i += 2;
	}
	r->txt_end = (size_t)((char *)o - r->txt);
	return i;
}

static int set_encoding(struct xq_reader *r, const char *enc)
{
	snprintf(r->enc_name, sizeof r->enc_name, "%s", enc);
	if (r->cd != (iconv_t)-1) {
		iconv_close(r->cd);
		r->cd = (iconv_t)-1;
	}
	if (!strcmp(enc, "UTF-8")) {
		r->utf8 = 1;
		return 0;
	}
	r->utf8 = 0;
	free(r->dbcs);
	r->dbcs = NULL;
	r->dbcs_tried = 0;
	r->iconv_bytes = 0;
	if ((r->cd = iconv_open("UTF-8", enc)) == (iconv_t)-1)
		return XQ_EINVAL;
	return 0;
}

/* Decode the raw bytes waiting into txt.  Returns 1 when text was added or
 * may be added later, 0 at the end. */
static int txt_more(struct xq_reader *r)
{
	if (r->raw_start == r->raw_end || (!r->utf8 && r->raw_end - r->raw_start < 8 && !r->raw_eof)) {
		long n = raw_more(r, SRC_CHUNK);
		if (n < 0)
			return 0;
		if (n == 0 && r->raw_start == r->raw_end)
			return 0;
	}
	unsigned char *p = r->raw + r->raw_start;
	size_t n = r->raw_end - r->raw_start;

	if (!r->bom_done) {
		r->bom_done = 1;
		if (n >= 3 && p[0] == 0xef && p[1] == 0xbb && p[2] == 0xbf) {
			p += 3, n -= 3, r->raw_start += 3;
			if (!r->utf8)
				set_encoding(r, "UTF-8");
			r->enc_pending = 0;
		}
	}
	if (r->enc_pending) {
		for (size_t i = 0; i < n; i++)
			if (p[i] >= 0x80) {
				r->enc_pending = 0;
				set_encoding(r, xq_detect_encoding(p, n));
				break;
			}
	}
	if (txt_reserve(r, n * 3 + 16) < 0)
		return 0;
	if (r->utf8) {
		size_t i = 0;
		while (i < n) {
			/* fast path over ASCII, eight bytes at a time */
			size_t j = i;
			while (j + 8 <= n) {
				uint64_t w;
				memcpy(&w, p + j, 8);
				if (w & 0x8080808080808080ull)
					break;
				j += 8;
			}
			while (j < n && p[j] < 0x80)
				j++;
			memcpy(r->txt + r->txt_end, p + i, j - i);
			r->txt_end += j - i;
			i = j;
			if (i >= n)
				break;
			int l = xq__utf8_seq(p + i, n - i);
			if (l > 0) {
				memcpy(r->txt + r->txt_end, p + i, (size_t)l);
				r->txt_end += (size_t)l;
				i += (size_t)l;
			} else if (l < 0 && !r->raw_eof) {
				break; /* cut by the buffer end: wait for more */
			} else {
				bad_bytes(r, p + i, 1);
				i++;
			}
		}
		r->raw_start += i;
		if (i == 0 && n > 0) {
			/* only a cut sequence is left: fetch more */
			if (raw_more(r, SRC_CHUNK) <= 0 && r->raw_eof) {
				/* at the end: decode what remains as bad */
				bad_bytes(r, r->raw + r->raw_start, 1);
				r->raw_start++;
			}
		}
		return 1;
	}
	/* In bulk, the pairs from the table, and iconv for one character
	 * (four bytes at most) where the table stops: the same text. */
	int sliced = 0;
	if (!r->dbcs && !r->dbcs_tried && r->iconv_bytes >= DBCS_AFTER)
		dbcs_make(r);
	if (r->dbcs) {
		size_t k = dbcs_decode(r, p, n);
		r->raw_start += k;
		if (k > 0)
			return 1; /* the next call starts where the table stopped */
		if (n > 4) {
			n = 4;
			sliced = 1; /* a character cut here is not cut in the input */
		}
	}
	r->iconv_bytes += n;
	char *ip = (char *)p, *op = r->txt + r->txt_end;
	size_t inleft = n, outleft = r->txt_cap - r->txt_end;
	while (inleft) {
		size_t rc = iconv(r->cd, &ip, &inleft, &op, &outleft);
		if (rc != (size_t)-1)
			break;
		if (errno == E2BIG)
			break;
		if (errno == EINVAL && (!r->raw_eof || sliced))
			break; /* cut sequence: wait for more bytes */
		r->txt_end = (size_t)(op - r->txt);
		if (outleft < 3)
			break;
		bad_bytes(r, (unsigned char *)ip, 1);
		op = r->txt + r->txt_end;
		outleft -= 3;
		ip++, inleft--;
	}
	r->txt_end = (size_t)(op - r->txt);
	r->raw_start += n - inleft;
	if (n == inleft) {
		/* nothing decodable yet: a cut sequence; read on */
		if (raw_more(r, SRC_CHUNK) <= 0 && r->raw_eof && r->raw_start < r->raw_end) {
			bad_bytes(r, r->raw + r->raw_start, 1);
			r->raw_start++;
		}
	}
	return 1;
}

int xq_reader_getline(struct xq_reader *r, const char **line, size_t *len)
{
	if (r->unget && r->have_line) {
		r->unget = 0;
		if (!r->line_cont)
			r->lineno++;
		*line = r->line;
		*len = r->linelen;
		return 1;
	}
	r->unget = 0;
	r->have_line = 0;
	for (;;) {
		char *s = r->txt + r->txt_start;
		size_t avail = r->txt_end - r->txt_start, eol, skip;
		char *nl = NULL;
		int split = 0;

		if (!r->cr_mode) {
			nl = memchr(s, '\n', avail);
			if (nl) {
				char *cr = memchr(s, '\r', (size_t)(nl - s));
				if (cr && cr + 1 < nl) {
					r->cr_mode = 1; /* lone CRs: old Mac line ends */
					continue;
				}
				eol = (size_t)(nl - s);
				skip = eol + 1;
				if (eol && s[eol - 1] == '\r')
					eol--;
				goto found;
			}
			/* no LF at all, but a CR before the end: CR line ends */
			char *cr = memchr(s, '\r', avail);
			if (cr && cr + 1 < s + avail) {
				r->cr_mode = 1;
				continue;
			}
		} else {
			size_t i;
			for (i = 0; i < avail && s[i] != '\n' && s[i] != '\r'; i++)
				;
			if (i < avail && (s[i] == '\n' || i + 1 < avail || r->txt_eof)) {
				eol = i;
				skip = i + 1;
				if (s[i] == '\r' && i + 1 < avail && s[i + 1] == '\n')
					skip++;
				goto found;
			}
		}
		if (r->txt_eof) {
			if (!avail)
				return 0;
			eol = skip = avail;
			if (eol && s[eol - 1] == '\r')
				eol--;
			goto found;
		}
		if (avail >= LINE_MAX_BYTES) {
			/* one warning a source line; its pieces keep its number */
			if (!r->cont)
				xq_reader_problem(r, NULL, XQ_SEV_WARNING, XQ_P_LIMIT,
						  r->lineno + 1, 0, 0, NULL,
						  "line longer than the limit of %d bytes split",
						  LINE_MAX_BYTES);
			eol = avail;
			/* no UTF-8 sequence cut in two: end before an incomplete last one */
			{
				size_t k = avail;
				while (k > 0 && avail - k < 3 && ((unsigned char)s[k - 1] & 0xc0) == 0x80)
					k--;
				if (k > 0) {
					unsigned char lead = (unsigned char)s[k - 1];
					size_t need = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
					if (avail - (k - 1) < need)
						eol = k - 1;
				}
			}
			skip = eol;
			split = 1;
			goto found;
		}
		if (!txt_more(r))
			r->txt_eof = 1;
		continue;
found:
		r->line = s;
		r->linelen = eol;
		r->txt_start += skip;
		r->line_cont = r->cont;
		r->cont = split;
		if (!r->line_cont)
			r->lineno++;
		r->have_line = 1;
		*line = r->line;
		*len = r->linelen;
		return 1;
	}
}

void xq_reader_ungetline(struct xq_reader *r)
{
	if (r->have_line) {
		r->unget = 1;
		if (!r->line_cont)
			r->lineno--;
	}
}

long xq_reader_line(const struct xq_reader *r)
{
	return r->lineno;
}

int xq_reader_line_continues(const struct xq_reader *r)
{
	return r->line_cont;
}

/* ------------------------------------------------------------- readers */

static struct xq_reader *reader_new(const struct xq_reader_opts *o, int *err)
{
	struct xq_reader *r = calloc(1, sizeof *r);
	*err = 0;
	if (!r) {
		*err = XQ_ENOMEM;
		return NULL;
	}
	if (o)
		r->o = *o;
	if (!r->o.name)
		r->o.name = "<input>";
	r->cd = (iconv_t)-1;
	r->fd = -1;
	return r;
}

static int ends_with_gz(const char *name)
{
	size_t n = name ? strlen(name) : 0;
	return n > 3 && !strcmp(name + n - 3, ".gz");
}

/* A sniff score at which a format claims the input; below it (PGN's 5 for
 * any text) nothing does. */
#define SNIFF_CLAIM 10

/* The best format for head[0..len) among those with all of flags; its
 * score in *score (-1: none). */
static const struct xq_format *sniff_formats(const unsigned char *head, size_t len,
					     const char *name,
					     const struct xq_format *byname,
					     unsigned flags, int *score, int *claim)
{
	const struct xq_format *best = NULL;
	*score = *claim = -1;
	for (int i = 0; xq_formats[i]; i++) {
		const struct xq_format *f = xq_formats[i];
		int s;
		if (!f->read || !f->sniff || (f->flags & flags) != flags)
			continue;
		s = f->sniff(head, len, name);
		if (s > *claim)
			*claim = s;     /* the content's own claim, the name aside */
		if (f == byname && s > 0)
			s += 10;
		if (s > *score) {
			*score = s;
			best = f;
		}
	}
	return best;
}

/* Whether head[0..len) looks like a CSV table: a first line of at least
 * two commas and the next lines with as many. */
static int csv_like(const unsigned char *h, size_t len)
{
	int lines = 0, first = -1, commas = 0;
	for (size_t i = 0; i < len && lines < 4; i++) {
		if (h[i] == ',') {
			commas++;
		} else if (h[i] == '\n') {
			if (first < 0)
				first = commas;
			else if (commas != first)
				return 0;
			if (first < 2)
				return 0;
			lines++;
			commas = 0;
		} else if (h[i] == '[' || h[i] == '{') {
			return 0;
		}
	}
	return lines >= 2;
}

#define BINARY_DATA "unrecognised format: binary data, no game record found"

/* Whether the first 4 KiB of h look like binary data, not text in any
 * encoding we read: more than one byte in twenty a control character, or
 * NULs (any at all when strict, else more than one and one in 64). */
static int binary_head(const unsigned char *h, size_t len, int strict)
{
	size_t nul = 0, ctl = 0, n = len < 4096 ? len : 4096;
	for (size_t i = 0; i < n; i++) {
		nul += h[i] == 0;
		ctl += h[i] < 0x20 && !strchr("\t\n\r\f\v\x1a\x1b", h[i]);
	}
	return ctl * 20 > n || (strict ? nul > 0 : nul * 64 > n + 64);
}

/* What a head that no format claims is, when it is no text record at
 * all or a dialect known not to be read; NULL when it may be text. */
static const char *unrecognised(const unsigned char *h, size_t len, int binary_ok,
				char *buf, size_t size)
{
	static const struct {
		const char *magic;
		size_t n;
		const char *what;
	} kinds[] = {
		{ "\x89PNG", 4, "a PNG image" }, { "\xff\xd8\xff", 3, "a JPEG image" },
		{ "GIF8", 4, "a GIF image" }, { "BM", 2, NULL }, { "%PDF", 4, "a PDF document" },
		{ "PK\x03\x04", 4, "a ZIP archive" }, { "Rar!", 4, "a RAR archive" },
		{ "7z\xbc\xaf", 4, "a 7-Zip archive" }, { "BZh", 3, "a bzip2 stream" },
		{ "\xfd" "7zXZ", 5, "an xz stream" }, { "\x7f" "ELF", 4, "an executable (ELF)" },
		{ "MZ", 2, NULL }, { "\xd0\xcf\x11\xe0", 4, "an MS Office document" },
	};
	for (size_t k = 0; k < sizeof kinds / sizeof *kinds; k++)
		if (kinds[k].what && len >= kinds[k].n && !memcmp(h, kinds[k].magic, kinds[k].n)) {
			snprintf(buf, size, "unrecognised format: looks like %s, no game record found",
				 kinds[k].what);
			return buf;
		}
	if (len >= 8 && !memcmp(h, "CCBridge", 8))
		return "unsupported: looks like an old CCBridge library (magic 'CCBridge', "
		       "zlib-compressed), no game record read";
	if (binary_ok)
		return NULL;
	if (binary_head(h, len, 1))
		return BINARY_DATA;
	{
		size_t i = len >= 3 && h[0] == 0xef && h[1] == 0xbb && h[2] == 0xbf ? 3 : 0;
		while (i < len && strchr(" \t\r\n", h[i]))
			i++;
		if (i < len && h[i] == '<')
			return "no game record found: an HTML or XML page without a record block";
	}
	if (csv_like(h, len))
		return "unsupported: looks like a CSV export (one move per row); no game record read";
	return NULL;
}

/* Sniff, pick the format and the encoding. */
static struct xq_reader *reader_start(struct xq_reader *r, int *err)
{
	const struct xq_format *best = NULL;
	int best_score = -1;
	const char *sniff_name = r->o.name;
	char base[4096];

	/* gzip? */
	src_fill(r);
	if (r->inlen >= 2 && r->in[0] == 0x1f && r->in[1] == 0x8b) {
		r->gz = 1;
		if (inflateInit2(&r->zs, 15 + 16) != Z_OK) {
			*err = XQ_ENOMEM;
			xq_reader_close(r);
			return NULL;
		}
		if (ends_with_gz(sniff_name)) {
			snprintf(base, sizeof base, "%s", sniff_name);
			base[strlen(base) - 3] = '\0';
			sniff_name = base;
		}
	}
	/* the head for sniffing: from a pipe, what has come (at least some
	 * bytes), so that a stream is not held up */
	while (!r->raw_eof && r->raw_end < HEAD_BYTES)
		if (raw_more(r, HEAD_BYTES - r->raw_end) <= 0 || (r->fd >= 0 && r->raw_end > 0))
			break;

	for (size_t i = 0; i < r->raw_end && !r->nonblank; i++)
		r->nonblank = !strchr(" \t\r\n\f\v", r->raw[i]) || !r->raw[i];
	if (r->o.format && *r->o.format && strcmp(r->o.format, "auto")) {
		best = xq_format_find(r->o.format);
		if (!best || !best->read) {
			*err = XQ_EINVAL;
			xq_reader_close(r);
			return NULL;
		}
	} else {
		const struct xq_format *byname = xq_format_by_filename(sniff_name);
		int claim;
		best = sniff_formats(r->raw, r->raw_end, sniff_name, byname, 0, &best_score, &claim);
		/* nothing claims the head: look on for records that may stand
		 * anywhere (a DhtmlXQ block far down an HTML page) */
		if (claim < SNIFF_CLAIM && !r->raw_eof) {
			size_t from = r->raw_end > 64 ? r->raw_end - 64 : 0;
			while (!r->raw_eof && r->raw_end < XQ_SNIFF_MAX) {
				int s, c;
				const struct xq_format *f;
				if (raw_more(r, SRC_CHUNK) <= 0)
					break;
				f = sniff_formats(r->raw + from, r->raw_end - from, sniff_name, byname,
						  XQ_FORMAT_EMBEDDED, &s, &c);
				if (f && c >= SNIFF_CLAIM) {
					best = f;
					best_score = s;
					claim = c;
					break;
				}
				from = r->raw_end > 64 ? r->raw_end - 64 : 0;
			}
		}
		if (claim < SNIFF_CLAIM) {
			/* (a binary format named by the extension reads its own) */
			char msg[200];
			const char *what = unrecognised(r->raw, r->raw_end,
							byname && (byname->flags & XQ_FORMAT_BINARY),
							msg, sizeof msg);
			if (what) {
				r->no_record = 1;
				fatal(r, XQ_P_FORMAT, 0, "%s", what);
			}
		}
		if (best_score <= 0)
			best = byname && byname->read ? byname : xq_format_find("pgn");
		/* a text format's sniffer can be fooled by a '[' or a "Key:"
		 * among random bytes: text it must be, too */
		if (!(best->flags & XQ_FORMAT_BINARY) && !r->no_record &&
		    binary_head(r->raw, r->raw_end, 0)) {
			r->no_record = 1;
			fatal(r, XQ_P_FORMAT, 0, "%s", BINARY_DATA);
		}
	}
	r->fmt = best;
	if (!(best->flags & XQ_FORMAT_BINARY)) {
		const char *enc = NULL;
		if (r->o.encoding && *r->o.encoding && strcmp(r->o.encoding, "auto")) {
			enc = xq_encoding_name(r->o.encoding);
			if (!enc) {
				*err = XQ_EINVAL;
				xq_reader_close(r);
				return NULL;
			}
			if (!strcmp(enc, "GBK") || !strcmp(enc, "GB2312"))
				enc = "GB18030"; /* a superset: decodes all of them */
		} else {
			int ascii = 1;
			for (size_t i = 0; i < r->raw_end && ascii; i++)
				ascii = r->raw[i] < 0x80;
			enc = xq_detect_encoding(r->raw, r->raw_end);
			r->enc_pending = ascii;
		}
		if (set_encoding(r, enc) < 0) {
			*err = XQ_EINVAL;
			xq_reader_close(r);
			return NULL;
		}
		r->txt_cap = 2 * SRC_CHUNK;
		if (!(r->txt = malloc(r->txt_cap))) {
			*err = XQ_ENOMEM;
			xq_reader_close(r);
			return NULL;
		}
	} else {
		snprintf(r->enc_name, sizeof r->enc_name, "binary");
	}
	return r;
}

struct xq_reader *xq_reader_open(FILE *fp, const struct xq_reader_opts *o,
				 int *err)
{
	struct xq_reader *r = reader_new(o, err);
	if (!r)
		return NULL;
	r->fp = fp;
	{
		struct stat st;
		int fd = fileno(fp);
		if (fd >= 0 && fstat(fd, &st) == 0 &&
		    (S_ISFIFO(st.st_mode) || S_ISCHR(st.st_mode) || S_ISSOCK(st.st_mode)))
			r->fd = fd;
	}
	if (!(r->sbuf = malloc(SRC_CHUNK))) {
		*err = XQ_ENOMEM;
		xq_reader_close(r);
		return NULL;
	}
	return reader_start(r, err);
}

struct xq_reader *xq_reader_open_mem(const void *buf, size_t len,
				     const struct xq_reader_opts *o, int *err)
{
	struct xq_reader *r = reader_new(o, err);
	if (!r)
		return NULL;
	r->mem = buf ? buf : (const void *)"";
	r->memlen = len;
	return reader_start(r, err);
}

int xq_reader_next(struct xq_reader *r, struct xq_game **out)
{
	struct xq_game *g;
	int rc;

	*out = NULL;
	if (r->no_record)
		return 0;
	if (!(g = xq_game_new()))
		return XQ_ENOMEM;
	g->index = r->games + 1;
	rc = r->fmt->read(r, g);
	if (rc <= 0) {
		xq_game_free(g);
		if (r->gz_cut == 1) {
			/* cut between games, or no game at all */
			r->gz_cut = 2;
			fatal(r, XQ_P_TRUNCATED, 0, "compressed input ends early");
		}
		if (rc == 0 && r->games == 0 && r->nonblank && !r->fatal) {
			r->no_record = 1;
			fatal(r, XQ_P_FORMAT, 0, "no game record found (read as %s)", r->fmt->name);
		}
		if (rc == 0 && r->src_error)
			return XQ_EIO;
		return rc;
	}
	if (r->gz_cut == 1 && !r->unget &&
	    (r->fmt->flags & XQ_FORMAT_BINARY ? r->raw_eof && r->raw_start == r->raw_end
					      : r->txt_eof && r->txt_start == r->txt_end)) {
		/* this game runs to where the compressed data ends: it is cut
		 * there, like a game in a truncated plain file */
		r->gz_cut = 2;
		g->flags |= XQ_GAME_TRUNCATED;
		xq_reader_problem(r, g, XQ_SEV_ERROR, XQ_P_TRUNCATED, xq_reader_line(r), 0, 0, NULL,
				  "the compressed input ends early: the game is cut there");
	}
	r->games++;
	if (!(r->o.flags & XQ_READ_NO_REPLAY))
		xq_game_replay(g, r->o.name, r->o.problem, r->o.problem_data);
	*out = g;
	return 1;
}

void xq_reader_close(struct xq_reader *r)
{
	if (!r)
		return;
	if (r->fmt && r->fmt->read_end)
		r->fmt->read_end(r);
	if (r->gz)
		inflateEnd(&r->zs);
	if (r->cd != (iconv_t)-1)
		iconv_close(r->cd);
	free(r->dbcs);
	free(r->sbuf);
	free(r->raw);
	free(r->txt);
	free(r);
}

const char *xq_reader_format(const struct xq_reader *r)
{
	return r->fmt ? r->fmt->name : NULL;
}

const char *xq_reader_encoding(const struct xq_reader *r)
{
	return r->enc_name;
}

uint64_t xq_reader_offset(const struct xq_reader *r)
{
	return r->consumed - r->inlen;
}

void **xq_reader_state(struct xq_reader *r)
{
	return &r->state;
}

const char *xq_reader_name(const struct xq_reader *r)
{
	return r->o.name;
}

const struct xq_reader_opts *xq_reader_options(const struct xq_reader *r)
{
	return &r->o;
}

/* ------------------------------------------------------------- writers */

struct xq_writer {
	struct xq_writer_opts o;
	const struct xq_format *fmt;
	const char *enc;        /* NULL: UTF-8 */
	FILE *fp;
	char *buf;
	size_t len, cap;
	int started, failed;
	void *state;
	/* to enc: opened once, its output buffer reused game after game */
	iconv_t cd;
	char *cbuf;
	size_t ccap;
	uint16_t *rev;          /* see writer_table() */
	size_t enc_bytes;       /* converted to enc so far */
	int rev_tried;
	struct xq_script *script;   /* XQ_WRITE_TRADITIONAL / _SIMPLIFIED */
	long converted;
};

/* The writer's table: the two bytes iconv writes for each character
 * U+0080..U+FFFF alone (0: left to iconv). */
static void writer_table(struct xq_writer *w)
{
	iconv_t cd;
	w->rev_tried = 1;
	if (!dbcs_encoding(w->enc) || (cd = iconv_open(w->enc, "UTF-8")) == (iconv_t)-1)
		return;
	if (!(w->rev = calloc(65536, sizeof *w->rev))) {
		iconv_close(cd);
		return;
	}
	for (unsigned cp = 0x80; cp < 0x10000; cp++) {
		char in[3], out[8], *ip = in, *op = out;
		size_t il, ol = sizeof out;
		if (cp >= 0xD800 && cp <= 0xDFFF)
			continue;
		if (cp < 0x800) {
			in[0] = (char)(0xC0 | cp >> 6), in[1] = (char)(0x80 | (cp & 0x3F)), il = 2;
		} else {
			in[0] = (char)(0xE0 | cp >> 12), in[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
			in[2] = (char)(0x80 | (cp & 0x3F)), il = 3;
		}
		iconv(cd, NULL, NULL, NULL, NULL);
		if (iconv(cd, &ip, &il, &op, &ol) == (size_t)-1 || il != 0 ||
		    iconv(cd, NULL, NULL, &op, &ol) == (size_t)-1 || op - out != 2)
			continue;
		w->rev[cp] = (uint16_t)((unsigned char)out[0] << 8 | (unsigned char)out[1]);
	}
	iconv_close(cd);
}

/* Characters from the table into cbuf from w->buf[i..), as far as it
 * goes; returns the new i (used advanced). */
static size_t writer_table_run(struct xq_writer *w, size_t i, size_t *used)
{
	const unsigned char *s = (const unsigned char *)w->buf;
	unsigned char *o = (unsigned char *)w->cbuf + *used;
	size_t n = w->len;
	while (i < n) {
		unsigned c = s[i], cp;
		int l;
		if (c < 0x80) {
			*o++ = (unsigned char)c;
			i++;
			continue;
		}
		if ((c & 0xE0) == 0xC0 && i + 1 < n && (s[i + 1] & 0xC0) == 0x80) {
			cp = (c & 0x1Fu) << 6 | (s[i + 1] & 0x3Fu);
			l = 2;
		} else if ((c & 0xF0) == 0xE0 && i + 2 < n && (s[i + 1] & 0xC0) == 0x80 &&
			   (s[i + 2] & 0xC0) == 0x80) {
			cp = (c & 0x0Fu) << 12 | (s[i + 1] & 0x3Fu) << 6 | (s[i + 2] & 0x3Fu);
			l = 3;
		} else {
			break;
		}
		/* overlong forms and surrogates decode to 0 or to no entry */
		if (cp < (l == 2 ? 0x80u : 0x800u) || !w->rev[cp])
			break;
		*o++ = (unsigned char)(w->rev[cp] >> 8);
		*o++ = (unsigned char)(w->rev[cp] & 0xFF);
		i += (size_t)l;
	}
	*used = (size_t)((char *)o - w->cbuf);
	return i;
}

/* Convert the game's UTF-8 into w->enc as xq_convert() would: 0 with
 * *out, *outlen, or XQ_EINVAL with *bad the offset of the character that
 * cannot be encoded (or cut), XQ_ENOMEM.  After WRITER_TABLE_AFTER bytes,
 * two-byte encodings go through the writer's table, iconv taking one
 * character (four bytes at most) wherever the table has none. */
#define WRITER_TABLE_AFTER 65536
static int writer_convert(struct xq_writer *w, const char **out, size_t *outlen, size_t *bad)
{
	size_t i = 0, used = 0;
	int whole = 0;

	if (w->cd == (iconv_t)-1 && (w->cd = iconv_open(w->enc, "UTF-8")) == (iconv_t)-1)
		return XQ_EINVAL;
	if (!w->rev && !w->rev_tried && w->enc_bytes >= WRITER_TABLE_AFTER)
		writer_table(w);
	w->enc_bytes += w->len;
	iconv(w->cd, NULL, NULL, NULL, NULL);
	for (;;) {
		if (w->ccap - used < (w->len - i) * 2 + 16) {
			size_t cap = w->ccap ? w->ccap * 2 : w->len * 2 + 16;
			char *nb;
			while (cap - used < (w->len - i) * 2 + 16)
				cap *= 2;
			if (!(nb = realloc(w->cbuf, cap)))
				return XQ_ENOMEM;
			w->cbuf = nb;
			w->ccap = cap;
		}
		if (w->rev && !whole)
			i = writer_table_run(w, i, &used);
		char *ip = w->buf + i, *op = w->cbuf + used;
		size_t rest = w->len - i;
		size_t inleft = w->rev && !whole && rest > 4 ? 4 : rest;
		size_t slice = inleft, oleft = w->ccap - used - 1;
		size_t rc = iconv(w->cd, inleft ? &ip : NULL, &inleft, &op, &oleft);
		i = (size_t)(ip - w->buf);
		used = (size_t)(op - w->cbuf);
		if (rc != (size_t)-1) {
			if (i == w->len && rest == slice)
				break;
			whole = 0;
			continue;
		}
		if (errno == E2BIG) {
			/* grow and go on */
			size_t cap = w->ccap * 2;
			char *nb = realloc(w->cbuf, cap);
			if (!nb)
				return XQ_ENOMEM;
			w->cbuf = nb;
			w->ccap = cap;
			continue;
		}
		if (errno == EINVAL && slice < rest) {
			/* a character cut by the slice, not by the text: on, or
			 * the whole rest at once if nothing was taken */
			whole = inleft == slice;
			continue;
		}
		/* EILSEQ (unencodable) or EINVAL (cut short) */
		*bad = i;
		return XQ_EINVAL;
	}
	*out = w->cbuf;
	*outlen = used;
	return 0;
}

struct xq_writer *xq_writer_open(FILE *fp, const struct xq_writer_opts *o,
				 int *err)
{
	struct xq_writer *w = calloc(1, sizeof *w);
	*err = 0;
	if (!w) {
		*err = XQ_ENOMEM;
		return NULL;
	}
	if (o)
		w->o = *o;
	if (!w->o.name)
		w->o.name = "<output>";
	w->fp = fp;
	w->cd = (iconv_t)-1;
	w->fmt = xq_format_find(w->o.format && *w->o.format ? w->o.format : "pgn");
	if (!w->fmt || !w->fmt->write) {
		*err = XQ_EINVAL;
		free(w);
		return NULL;
	}
	if (w->o.encoding && *w->o.encoding) {
		const char *e = xq_encoding_name(w->o.encoding);
		if (!e) {
			*err = XQ_EINVAL;
			free(w);
			return NULL;
		}
		w->enc = strcmp(e, "UTF-8") ? e : NULL;
	}
	/* Binary formats fix their own text encoding (XQF is GBK inside). */
	if (w->fmt->flags & XQ_FORMAT_BINARY)
		w->enc = NULL;
	if ((w->o.flags & (XQ_WRITE_TRADITIONAL | XQ_WRITE_SIMPLIFIED)) &&
	    !(w->fmt->flags & XQ_FORMAT_BINARY) &&
	    !(w->script = xq__script_open((w->o.flags & XQ_WRITE_TRADITIONAL) != 0))) {
		xq_writer_problem(w, NULL, XQ_SEV_FATAL, XQ_P_IO,
				  "cannot load the OpenCC tables for %s characters",
				  w->o.flags & XQ_WRITE_TRADITIONAL ? "traditional" : "simplified");
		*err = XQ_EIO;
		free(w);
		return NULL;
	}
	return w;
}

int xq_writer_put(struct xq_writer *w, const char *s, size_t len)
{
	if (w->cap - w->len < len + 1) {
		size_t cap = w->cap ? w->cap : 4096;
		char *p;
		while (cap - w->len < len + 1)
			cap *= 2;
		if (!(p = realloc(w->buf, cap)))
			return XQ_ENOMEM;
		w->buf = p;
		w->cap = cap;
	}
	memcpy(w->buf + w->len, s, len);
	w->len += len;
	w->buf[w->len] = '\0';
	return 0;
}

int xq_writer_printf(struct xq_writer *w, const char *fmt, ...)
{
	char small[256];
	va_list ap;
	int n;
	va_start(ap, fmt);
	n = vsnprintf(small, sizeof small, fmt, ap);
	va_end(ap);
	if (n < 0)
		return XQ_EINVAL;
	if ((size_t)n < sizeof small)
		return xq_writer_put(w, small, (size_t)n);
	char *big = malloc((size_t)n + 1);
	if (!big)
		return XQ_ENOMEM;
	va_start(ap, fmt);
	vsnprintf(big, (size_t)n + 1, fmt, ap);
	va_end(ap);
	n = xq_writer_put(w, big, strlen(big));
	free(big);
	return n;
}

int xq_writer_newline(struct xq_writer *w)
{
	if (w->o.flags & XQ_WRITE_CRLF)
		return xq_writer_put(w, "\r\n", 2);
	return xq_writer_put(w, "\n", 1);
}

void **xq_writer_state(struct xq_writer *w)
{
	return &w->state;
}

const struct xq_writer_opts *xq_writer_options(const struct xq_writer *w)
{
	return &w->o;
}

void xq_writer_problem(struct xq_writer *w, const struct xq_game *g,
		       enum xq_severity sev, enum xq_problem_code code,
		       const char *fmt, ...)
{
	char msg[512];
	struct xq_problem p;
	va_list ap;
	if (!w->o.problem)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	memset(&p, 0, sizeof p);
	p.severity = sev;
	p.code = code;
	p.file = w->o.name;
	p.game = g ? g->index : 0;
	p.msg = msg;
	w->o.problem(w->o.problem_data, &p);
}

/* Emit the bytes of one game. */
static int emit(struct xq_writer *w, const struct xq_game *g)
{
	const char *data = w->buf;
	size_t len = w->len;

	if (w->enc && len) {
		size_t bad = 0;
		int rc = writer_convert(w, &data, &len, &bad);
		if (rc == XQ_EINVAL) {
			/* name the character and the text around it */
			size_t a = bad, b = bad, cl = 1;
			char ctx[160];
			while (a > 0 && bad - a < 60 && w->buf[a - 1] != '\n')
				a--;
			while (a < bad && (w->buf[a] & 0xc0) == 0x80)
				a++;
			while (b < w->len && b - bad < 60 && w->buf[b] != '\n' && w->buf[b] != '\r')
				b++;
			while (b > bad && b < w->len && (w->buf[b] & 0xc0) == 0x80)
				b--;
			while (bad + cl < w->len && (w->buf[bad + cl] & 0xc0) == 0x80)
				cl++;
			snprintf(ctx, sizeof ctx, "%.*s", (int)(b - a), w->buf + a);
			xq_writer_problem(w, g, XQ_SEV_ERROR, XQ_P_ENCODING, "character '%.*s' cannot be encoded in %s, in '%s'",
				 (int)cl, w->buf + bad, w->enc, ctx);
			return XQ_EINVAL;
		}
		if (rc < 0)
			return rc;
	}
	if (!w->started) {
		w->started = 1;
		if (!w->enc && (w->o.flags & XQ_WRITE_BOM) &&
		    fwrite("\xef\xbb\xbf", 1, 3, w->fp) != 3)
			w->failed = 1;
	}
	if (len && fwrite(data, 1, len, w->fp) != len)
		w->failed = 1;
	return w->failed || ferror(w->fp) ? XQ_EIO : 0;
}

int xq_writer_write(struct xq_writer *w, const struct xq_game *g)
{
	int rc;
	w->len = 0;
	if (w->buf)
		w->buf[0] = '\0';
	rc = w->fmt->write(w, g);
	if (rc < 0)
		return rc;
	if (w->script && w->len) {
		size_t i = 0;
		while (i < w->len && (unsigned char)w->buf[i] < 0x80)
			i++;
		if (i < w->len) {
			char *conv;
			size_t n;
			long changed;
			if ((rc = xq__script_convert(w->script, w->buf, w->len, &conv, &n, &changed)) < 0)
				return rc;
			free(w->buf);
			w->buf = conv;
			w->len = n;
			w->cap = n + 1;
			if ((rc = emit(w, g)) == 0)
				w->converted += changed;
			return rc;
		}
	}
	return emit(w, g);
}

int xq_writer_close(struct xq_writer *w)
{
	int rc = 0;
	if (!w)
		return 0;
	if (w->fmt->write_end) {
		w->len = 0;
		rc = w->fmt->write_end(w);
		if (rc == 0 && w->len)
			rc = emit(w, NULL);
	}
	if (fflush(w->fp) != 0 || ferror(w->fp) || w->failed)
		rc = XQ_EIO;
	if (w->cd != (iconv_t)-1)
		iconv_close(w->cd);
	free(w->rev);
	free(w->cbuf);
	xq__script_close(w->script);
	free(w->buf);
	free(w);
	return rc;
}

long xq_writer_converted(const struct xq_writer *w)
{
	return w ? w->converted : 0;
}

/* ------------------------------------------------------------ registry */

static int ascii_ieq(const char *a, const char *b, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		int x = (unsigned char)a[i], y = (unsigned char)b[i];
		if (x >= 'A' && x <= 'Z')
			x += 32;
		if (y >= 'A' && y <= 'Z')
			y += 32;
		if (x != y)
			return 0;
	}
	return 1;
}

const struct xq_format *xq_format_find(const char *name)
{
	size_t n;
	if (!name)
		return NULL;
	n = strlen(name);
	for (int i = 0; xq_formats[i]; i++)
		if (strlen(xq_formats[i]->name) == n && ascii_ieq(xq_formats[i]->name, name, n))
			return xq_formats[i];
	/* an extension also names its format: "txt", "xqf" */
	for (int i = 0; xq_formats[i]; i++) {
		const char *e = xq_formats[i]->extensions;
		while (e && *e) {
			size_t l = strcspn(e, " ");
			if (l == n && ascii_ieq(e, name, n))
				return xq_formats[i];
			e += l;
			while (*e == ' ')
				e++;
		}
	}
	return NULL;
}

const struct xq_format *xq_format_by_filename(const char *path)
{
	const char *dot, *slash;
	char ext[16];
	size_t n;
	if (!path)
		return NULL;
	n = strlen(path);
	if (ends_with_gz(path))
		n -= 3;
	slash = strrchr(path, '/');
	dot = NULL;
	for (size_t i = n; i > 0; i--) {
		if (path[i - 1] == '.') {
			dot = path + i - 1;
			break;
		}
		if (path[i - 1] == '/')
			break;
	}
	if (!dot || (slash && dot < slash) || (size_t)(path + n - dot - 1) >= sizeof ext)
		return NULL;
	memcpy(ext, dot + 1, (size_t)(path + n - dot - 1));
	ext[path + n - dot - 1] = '\0';
	return *ext ? xq_format_find(ext) : NULL;
}
