/*
 * reader.h - the reader's state, shared by the files that make up a
 * reader: lib/source.c (bytes from a FILE or a buffer, gzip undone),
 * lib/lines.c (decoding to UTF-8, lines for text formats) and
 * lib/reader.c (problems, format sniffing, the game driver).  Internal to
 * libxq.
 *
 * Memory: a reader holds its source buffer (64 KiB), the decoded text not
 * yet consumed (a line at most, up to LINE_MAX_BYTES) and the format's
 * state.  Nothing grows with the file.
 */
#ifndef XQ_READER_H
#define XQ_READER_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <zlib.h>

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
	int src_eof, src_error;         /* src_error: errno of a failed read */
	int error;              /* XQ_EIO or XQ_ENOMEM once the input failed */
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
	struct xq__conv *cd;   /* NULL: UTF-8, nothing to convert */
	int enc_reports;
	/* two-byte encodings (GBK, GB18030, Big5) in bulk: the UTF-8 of each
	 * pair as iconv decodes it alone, filled at its first use (0: not
	 * yet; lib/lines.c) */
	uint32_t *dbcs;
	size_t iconv_bytes;             /* decoded with all waiting at once */

	/* decoded text and the current line */
	char *txt;
	size_t txt_start, txt_end, txt_cap;
	size_t txt_scanned;             /* bytes from txt_start known to hold no
					 * line end: a long line is searched once */
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
	int unclaimed;                  /* no format's sniffer claimed the input */
};

/* A fatal problem of the input (no game): sets r->fatal (lib/reader.c). */
void xq__reader_fatal(struct xq_reader *r, enum xq_problem_code code, long line,
		      const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* lib/source.c: the next chunk of source bytes into r->in (at the end,
 * r->src_eof; on a read error, r->src_error, r->error = XQ_EIO and a
 * fatal problem). */
void xq__reader_src_fill(struct xq_reader *r);
/* lib/source.c: more ungzipped bytes into r->raw (room for want made);
 * bytes added, 0 at the end, r->error (XQ_EIO, XQ_ENOMEM) when the input
 * failed (reported). */
long xq__reader_raw_more(struct xq_reader *r, size_t want);

/* lib/lines.c: decode with enc from now on (an iconv name, "UTF-8");
 * 0 or XQ_EINVAL when iconv has no such encoding. */
int xq__reader_set_encoding(struct xq_reader *r, const char *enc);
/* The encoding of the input from raw_start on, read on as far as its
 * evidence needs (lib/reader.c); a warning when it stays unsettled. */
const char *xq__reader_guess_encoding(struct xq_reader *r);

#endif
