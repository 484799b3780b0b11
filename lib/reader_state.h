/*
 * reader_state.h - the reader's state, one struct for the layers of a
 * reader, each of which uses only those below it: lib/source.c (bytes
 * from a FILE or a buffer, gzip undone), lib/lines.c (decoding to UTF-8,
 * lines for text formats, on the source) and lib/reader.c (format
 * sniffing, the game driver, on both); lib/report.c reports the
 * problems of all three.  Internal to libxq.
 *
 * Memory: a reader holds its source buffer (64 KiB at most), the decoded
 * text not yet consumed (a line at most, up to LINE_MAX_BYTES) and the
 * format's state.  Nothing grows with the file.
 */
#ifndef XQ_READER_STATE_H
#define XQ_READER_STATE_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <isa-l/igzip_lib.h>

#include "xq_format.h"

#define SRC_CHUNK 65536
#define HEAD_BYTES 65536
#define LINE_MAX_BYTES XQ_MAX_LINE_BYTES

struct xq_reader {
	struct xq_reader_opts o;
	const struct xq_format *fmt;
	char enc_name[32];
	char whole_enc[32];             /* o.whole's encoding, once found */

	/* the source */
	FILE *fp;
	int fd;                         /* >= 0: read(2) it */
	int stream;                     /* a pipe, tty or socket: take what has come */
	uint64_t reg_size;              /* a regular file's size when opened: a
					 * short read past it is the end */
	const unsigned char *mem;
	size_t memlen;
	unsigned char *sbuf;            /* sbuf_cap bytes for FILE or fd input */
	size_t sbuf_cap;                /* SRC_CHUNK, or a small file's size + 1 */
	const unsigned char *in;        /* pending source bytes */
	size_t inlen;
	int src_eof, src_error;         /* src_error: errno of a failed read */
	int error;              /* XQ_EIO or XQ_ENOMEM once the input failed */
	uint64_t consumed;

	/* gzip */
	int gz, gz_done;
	int gz_cut;             /* the compressed data ended early: 1, 2 told */
	struct inflate_state *gzs;      /* ISA-L's inflate: zlib's output at
					 * about three times its speed */

	/* raw (ungzipped) bytes not yet decoded */
	unsigned char *raw;
	size_t raw_start, raw_end, raw_cap;
	int raw_eof;
	int raw_borrowed;               /* raw is the caller's buffer
					 * (xq_reader_open_mem()), raw_cap
					 * its length: never written or freed */

	/* decoding */
	int utf8;                       /* pass-through with validation */
	int enc_pending;                /* auto-detect, only ASCII seen so far */
	int bom_done;
	struct xq__conv *cd;   /* NULL: UTF-8, nothing to convert */
	/* bytes that could not be decoded are reported once a line (never
	 * once a reader: a byte range read alone must say what reading the
	 * whole says of it): the line of the last one reported, and the
	 * line of the text at txt + enc_at, so that the next one's line is
	 * counted from there (enc_at_line 0: not known) */
	long enc_line, enc_at_line;
	size_t enc_at;
	/* those found by decoding ahead, said when their line is read, so
	 * that they come in the order of the text, wherever decoding
	 * stood (lib/lines.c) */
	struct xq__enc_report {
		long line;
		unsigned char byte;
	} *enc_q;
	size_t enc_q_head, enc_q_end, enc_q_cap;
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
	int one_read;                   /* the format's read called (one game a
					 * file: XQ_FORMAT_ONE_GAME's ends there) */
};

/* A fatal problem of the input (no game): sets r->fatal (lib/report.c). */
void xq__reader_fatal(struct xq_reader *r, enum xq_problem_code code, long line,
		      const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

#endif
