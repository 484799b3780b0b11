/*
 * writer.c - writers around the formats table: one game rendered by its
 * format to UTF-8 at a time, optionally turned to traditional or
 * simplified characters (OpenCC), converted to the output encoding and
 * written.  A writer holds one game's text; nothing grows with the file.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "encoding.h"
#include "script.h"
#include "utf8.h"
#include "xq_format.h"

struct xq_writer {
	struct xq_writer_opts o;
	const struct xq_format *fmt;
	const char *enc;        /* NULL: UTF-8 */
	const char *conv_enc;   /* what iconv writes: GB18030 for GBK */
	FILE *fp;
	struct xq__buf b;       /* the current game's text */
	int started, failed;    /* failed: an fwrite() failed (XQ_EIO at close) */
	int err;                /* the first put that failed in this game: sticky */
	void *state;
	/* to enc: opened once, its output buffer reused game after game */
	struct xq__conv *cd;   /* opened on the first conversion */
	char *cbuf;
	size_t ccap;
	uint16_t *rev;          /* see xq__dbcs_encode_table() */
	size_t enc_bytes;       /* converted to enc so far */
	int rev_tried;
	struct xq_script *script;   /* XQ_WRITE_TRADITIONAL / _SIMPLIFIED */
	long converted;
	long replaced;          /* characters written as '?' in this game */
};

/* The offset of the first raw code point (lib/encoding.h) in s[i..n), n
 * when none. */
static size_t next_raw(const char *s, size_t i, size_t n)
{
	const char *p;
	while (i < n && (p = memchr(s + i, 0xF4, n - i))) {
		i = (size_t)(p - s);
		if (xq__raw_at((const unsigned char *)p, n - i) >= 0)
			return i;
		i++;
	}
	return n;
}

/* Characters from the table into cbuf from w->b.p[i..), as far as it
 * goes; returns the new i (used advanced). */
static size_t writer_table_run(struct xq_writer *w, size_t i, size_t *used)
{
	const unsigned char *s = (const unsigned char *)w->b.p;
	unsigned char *o = (unsigned char *)w->cbuf + *used;
	size_t n = w->b.len;
	while (i < n) {
		uint32_t cp;
		int l;
		if (s[i] < 0x80) {
			*o++ = s[i++];
			continue;
		}
		/* two or three bytes with an entry; the rest is iconv's */
		l = xq__utf8_decode(s + i, n - i, &cp);
		if (l < 2 || l > 3 || !w->rev[cp])
			break;
		*o++ = (unsigned char)(w->rev[cp] >> 8);
		*o++ = (unsigned char)(w->rev[cp] & 0xFF);
		i += (size_t)l;
	}
	*used = (size_t)((char *)o - w->cbuf);
	return i;
}

/* The first character GB18030 writes in four bytes in o[0..n) (whole
 * characters), as the number of characters before it, or -1 when none:
 * GBK is GB18030's ASCII and two-byte forms. */
static long first_four_byte(const unsigned char *o, size_t n)
{
	long chars = 0;
	for (size_t k = 0; k < n; chars++) {
		if (o[k] < 0x80)
			k++;
		else if (k + 1 < n && o[k + 1] >= 0x30 && o[k + 1] <= 0x39)
			return chars;
		else
			k += 2;
	}
	return -1;
}

/* Convert the game's UTF-8 into w->enc as xq_convert() would, but a raw
 * code point as its byte and, with XQ_WRITE_REPLACE, a character enc
 * lacks as '?' (counted in w->replaced): 0 with *out, *outlen, or
 * XQ_EINVAL with *bad the offset of the character that cannot be encoded
 * (or cut), XQ_ENOMEM.  After WRITER_TABLE_AFTER bytes, two-byte
 * encodings go through the writer's table, iconv taking one character
 * (four bytes at most) wherever the table has none. */
#define WRITER_TABLE_AFTER 65536
static int writer_convert(struct xq_writer *w, const char **out, size_t *outlen, size_t *bad)
{
	size_t i = 0, used = 0, raw = next_raw(w->b.p, 0, w->b.len);
	int whole = 0;

	int gbk = w->conv_enc != w->enc;

	if (!w->cd && !(w->cd = xq__conv_open(w->conv_enc, "UTF-8")))
		return XQ_EINVAL;
	if (!w->rev && !w->rev_tried && w->enc_bytes >= WRITER_TABLE_AFTER) {
		/* (two-byte forms only: no four-byte GB18030 entry) */
		w->rev_tried = 1;
		w->rev = xq__dbcs_encode_table(w->conv_enc);
	}
	w->enc_bytes += w->b.len;
	xq__conv(w->cd, NULL, NULL, NULL, NULL);
	for (;;) {
		if (xq__grow(&w->cbuf, &w->ccap, used + (w->b.len - i) * 2 + 16) < 0)
			return XQ_ENOMEM;
		if (w->rev && !whole)
			i = writer_table_run(w, i, &used);
		if (i == raw && raw < w->b.len) {
			/* a raw code point: its byte (a table run stops at
			 * it, four bytes of UTF-8) */
			w->cbuf[used++] = (char)xq__raw_at((const unsigned char *)w->b.p + i, w->b.len - i);
			i += 4;
			raw = next_raw(w->b.p, i, w->b.len);
			whole = 0;
			if (i == w->b.len)
				break;
			continue;
		}
		char *ip = w->b.p + i, *op = w->cbuf + used;
		/* iconv stops before the next raw code point */
		size_t rest = raw - i;
		size_t inleft = w->rev && !whole && rest > 4 ? 4 : rest;
		size_t slice = inleft, oleft = w->ccap - used - 1, from = i, was = used;
		size_t rc = xq__conv(w->cd, inleft ? &ip : NULL, &inleft, &op, &oleft);
		long four;
		i = (size_t)(ip - w->b.p);
		used = (size_t)(op - w->cbuf);
		if (gbk && (four = first_four_byte((unsigned char *)w->cbuf + was, used - was)) >= 0) {
			/* GBK lacks it: back to that character, and the
			 * error (or '?') as iconv's EILSEQ would have it */
			size_t k = was, j = from;
			for (long c = 0; c < four; c++) {
				unsigned char b = (unsigned char)w->cbuf[k];
				int l = xq__utf8_seq((const unsigned char *)w->b.p + j, w->b.len - j);
				k += b < 0x80 ? 1 : 2;
				j += l > 0 ? (size_t)l : 1;
			}
			used = k;
			i = j;
			rc = (size_t)-1;
			errno = EILSEQ;
		}
		if (rc != (size_t)-1) {
			if (i == w->b.len && rest == slice)
				break;
			whole = 0;
			continue;
		}
		if (errno == EILSEQ && (w->o.flags & XQ_WRITE_REPLACE)) {
			/* a character enc lacks: '?' for it */
			int l = xq__utf8_seq((const unsigned char *)w->b.p + i, w->b.len - i);
			w->cbuf[used++] = '?';
			w->replaced++;
			i += l > 0 ? (size_t)l : 1;
			whole = 0;
			xq__conv(w->cd, NULL, NULL, NULL, NULL);
			if (i == w->b.len)
				break;
			continue;
		}
		if (errno == E2BIG) {
			/* grow and go on */
			if (xq__grow(&w->cbuf, &w->ccap, w->ccap * 2) < 0)
				return XQ_ENOMEM;
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
	/* GBK as GB18030 writes it in one or two bytes: iconv's GBK lacks
	 * the user-defined areas (private use) that GBK text holds */
	w->conv_enc = w->enc && !strcmp(w->enc, "GBK") ? "GB18030" : w->enc;
	/* Big5 has no simplified characters: traditional ones, unless asked */
	if (w->enc && (!strncmp(w->enc, "BIG5", 4) || !strcmp(w->enc, "CP950"))) {
		w->o.notation_flags |= XQ_NOTE_TRAD;
		if (!(w->o.flags & (XQ_WRITE_TRADITIONAL | XQ_WRITE_SIMPLIFIED | XQ_WRITE_KEEP_SCRIPT)))
			w->o.flags |= XQ_WRITE_TRADITIONAL;
	}
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

/* A put failed: the game's write fails with rc, whatever the format does
 * next (its later puts fail too). */
static int put_failed(struct xq_writer *w, int rc)
{
	if (!w->err)
		w->err = rc;
	return w->err;
}

int xq_writer_put(struct xq_writer *w, const char *s, size_t len)
{
	if (w->err)
		return w->err;
	if (xq__buf_put(&w->b, s, len) < 0)
		return put_failed(w, XQ_ENOMEM);
	return 0;
}

int xq_writer_printf(struct xq_writer *w, const char *fmt, ...)
{
	va_list ap;
	int rc;
	if (w->err)
		return w->err;
	va_start(ap, fmt);
	rc = xq__buf_vprintf(&w->b, fmt, ap);
	va_end(ap);
	return rc < 0 ? put_failed(w, rc) : 0;
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
	const char *data = w->b.p;
	size_t len = w->b.len;

	if (w->enc && len) {
		size_t bad = 0;
		int rc;
		w->replaced = 0;
		rc = writer_convert(w, &data, &len, &bad);
		if (rc == XQ_EINVAL) {
			/* name the character and the text around it */
			size_t a = bad, b = bad, cl = 1;
			char ctx[160];
			while (a > 0 && bad - a < 60 && w->b.p[a - 1] != '\n')
				a--;
			while (a < bad && (w->b.p[a] & 0xc0) == 0x80)
				a++;
			while (b < w->b.len && b - bad < 60 && w->b.p[b] != '\n' && w->b.p[b] != '\r')
				b++;
			while (b > bad && b < w->b.len && (w->b.p[b] & 0xc0) == 0x80)
				b--;
			while (bad + cl < w->b.len && (w->b.p[bad + cl] & 0xc0) == 0x80)
				cl++;
			snprintf(ctx, sizeof ctx, "%.*s", (int)(b - a), w->b.p + a);
			xq_writer_problem(w, g, XQ_SEV_ERROR, XQ_P_ENCODING, "character '%.*s' cannot be encoded in %s, in '%s'",
				 (int)cl, w->b.p + bad, w->enc, ctx);
			return XQ_EINVAL;
		}
		if (rc < 0)
			return rc;
		if (w->replaced)
			xq_writer_problem(w, g, XQ_SEV_WARNING, XQ_P_ENCODING,
					  "%ld character%s with no %s form written as '?'", w->replaced,
					  w->replaced == 1 ? "" : "s", w->enc);
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
	w->b.len = 0;
	w->b.oom = 0;
	w->err = 0;
	if (w->b.p)
		w->b.p[0] = '\0';
	rc = w->fmt->write(w, g);
	if (rc >= 0 && w->err)
		rc = w->err;    /* a put failed: nothing of the game is written */
	if (rc < 0)
		return rc;
	if (w->script && w->b.len) {
		size_t i = 0;
		while (i < w->b.len && (unsigned char)w->b.p[i] < 0x80)
			i++;
		if (i < w->b.len) {
			char *conv;
			size_t n;
			long changed;
			if ((rc = xq__script_convert(w->script, w->b.p, w->b.len, &conv, &n, &changed)) < 0)
				return rc;
			xq__buf_free(&w->b);
			w->b.p = conv;
			w->b.len = n;
			w->b.cap = n + 1;
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
		w->b.len = 0;
		w->b.oom = 0;
		w->err = 0;
		rc = w->fmt->write_end(w);
		if (rc >= 0 && w->err)
			rc = w->err;
		if (rc == 0 && w->b.len)
			rc = emit(w, NULL);
	}
	if (fflush(w->fp) != 0 || ferror(w->fp) || w->failed)
		rc = XQ_EIO;
	xq__conv_close(w->cd);
	free(w->rev);
	free(w->cbuf);
	xq__script_close(w->script);
	xq__buf_free(&w->b);
	free(w);
	return rc;
}

long xq_writer_converted(const struct xq_writer *w)
{
	return w ? w->converted : 0;
}
