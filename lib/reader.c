/*
 * reader.c - readers around the formats table: problems reported to the
 * caller's callback, the format sniffed (or named) and the encoding
 * picked, then one game at a time from the format, replayed.  The bytes
 * come from lib/source.c, the lines from lib/lines.c, the problems go
 * out through lib/report.c.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ascii.h"
#include "encoding.h"
#include "lines.h"
#include "source.h"

/* ------------------------------------------------------------- readers */

static struct xq_reader *reader_new(const struct xq_reader_opts *o, int *err)
{
	/* (malloc and memset: glibc's calloc takes no block from the cache
	 * a reader freed for the next file) */
	struct xq_reader *r = malloc(sizeof *r);
	*err = 0;
	if (!r) {
		*err = XQ_ENOMEM;
		return NULL;
	}
	memset(r, 0, sizeof *r);
	if (o)
		r->o = *o;
	if (!r->o.name)
		r->o.name = "<input>";
	r->fd = -1;
	return r;
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
	/* The format the name gives, first: with the name's 10 over the
	 * highest score another format can have, it wins whatever they say,
	 * and every other sniffer (a scan of the head each) is skipped.  A
	 * directory of XQF files costs one sniffer a file instead of nine. */
	if (byname && byname->read && byname->sniff && (byname->flags & flags) == flags) {
		int s = byname->sniff(head, len, name);
		if (s > 0 && s + 10 > XQ_SNIFF_TOP) {
			*claim = s;
			*score = s + 10;
			return byname;
		}
	}
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
	xq__reader_src_fill(r);
	if (r->inlen >= 2 && r->in[0] == 0x1f && r->in[1] == 0x8b) {
		r->gz = 1;
		if (!(r->gzs = malloc(sizeof *r->gzs))) {
			*err = XQ_ENOMEM;
			xq_reader_close(r);
			return NULL;
		}
		isal_inflate_init(r->gzs);
		r->gzs->crc_flag = ISAL_GZIP;
		if (xq__has_suffix(sniff_name, ".gz")) {
			snprintf(base, sizeof base, "%s", sniff_name);
			base[strlen(base) - 3] = '\0';
			sniff_name = base;
		}
	}
	if (!r->gz && r->mem) {
		/* a buffer of the caller's: read where it lies, not copied,
		 * never written (it may be a read-only map); raw_end moves on
		 * through it as xq__reader_raw_more() is asked for more */
		r->raw = (unsigned char *)r->in;
		r->raw_cap = r->inlen;
		r->raw_borrowed = 1;
		r->in = NULL;
		r->inlen = 0;
	} else if (!r->gz && r->src_eof && r->inlen && r->in == r->sbuf) {
		/* all there is, read at once (a small file): the source buffer
		 * becomes the raw one, no copy */
		r->raw = r->sbuf;
		r->raw_cap = r->sbuf_cap;
		r->raw_end = r->inlen;
		r->sbuf = NULL;
		r->in = NULL;
		r->inlen = 0;
	}
	/* the head for sniffing: from a pipe, what has come (at least some
	 * bytes), so that a stream is not held up */
	while (!r->raw_eof && r->raw_end < HEAD_BYTES)
		if (xq__reader_raw_more(r, HEAD_BYTES - r->raw_end) <= 0 || (r->stream && r->raw_end > 0))
			break;

	for (size_t i = 0; i < r->raw_end && !r->nonblank; i++)
		r->nonblank = !strchr(" \t\r\n\f\v", r->raw[i]) || !r->raw[i];
	if (r->o.format && *r->o.format && strcmp(r->o.format, "auto")) {
		best = xq_format_find_reader(r->o.format);
		if (!best || !best->read) {
			*err = XQ_EINVAL;
			xq_reader_close(r);
			return NULL;
		}
	} else {
		const struct xq_format *byname = xq_format_reader_by_filename(sniff_name);
		int claim;
		best = sniff_formats(r->raw, r->raw_end, sniff_name, byname, 0, &best_score, &claim);
		/* nothing claims the head: look on for records that may stand
		 * anywhere (a DhtmlXQ block far down an HTML page) */
		if (claim < SNIFF_CLAIM && !r->raw_eof) {
			size_t from = r->raw_end > 64 ? r->raw_end - 64 : 0;
			while (!r->raw_eof && r->raw_end < XQ_SNIFF_MAX) {
				int s, c;
				const struct xq_format *f;
				if (xq__reader_raw_more(r, SRC_CHUNK) <= 0)
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
		r->unclaimed = claim < SNIFF_CLAIM;
		if (claim < SNIFF_CLAIM) {
			/* (a binary format named by the extension reads its own) */
			char msg[200];
			const char *what = unrecognised(r->raw, r->raw_end,
							byname && (byname->flags & XQ_FORMAT_BINARY),
							msg, sizeof msg);
			if (what) {
				r->no_record = 1;
				xq__reader_fatal(r, XQ_P_FORMAT, 0, "%s", what);
			}
		}
		if (best_score <= 0)
			best = byname && byname->read ? byname : xq_format_find("pgn");
		/* a text format's sniffer can be fooled by a '[' or a "Key:"
		 * among random bytes: text it must be, too */
		if (!(best->flags & XQ_FORMAT_BINARY) && !r->no_record &&
		    binary_head(r->raw, r->raw_end, 0)) {
			r->no_record = 1;
			xq__reader_fatal(r, XQ_P_FORMAT, 0, "%s", BINARY_DATA);
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
			enc = ascii ? "UTF-8" : xq__reader_guess_encoding(r);
			r->enc_pending = ascii;
		}
		if (xq__reader_set_encoding(r, enc) < 0) {
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
		memcpy(r->enc_name, "binary", sizeof "binary");
	}
	return r;
}

/* The reader r on descriptor fd (fp NULL: read(2) it whatever it is),
 * started; NULL with *err set (and r closed) when it cannot be. */
static struct xq_reader *reader_on(struct xq_reader *r, FILE *fp, int fd, int *err)
{
	struct stat st;
	size_t cap = SRC_CHUNK;
	r->fp = fp;
	if (!fp)
		r->fd = fd;
	if (fd >= 0 && fstat(fd, &st) == 0) {
		if (S_ISDIR(st.st_mode)) {
			*err = XQ_EIO;
			xq_reader_close(r);
			errno = EISDIR;
			return NULL;
		}
		if (S_ISFIFO(st.st_mode) || S_ISCHR(st.st_mode) || S_ISSOCK(st.st_mode)) {
			r->fd = fd;
			r->stream = 1;
		} else if (S_ISREG(st.st_mode) && st.st_size >= 0) {
			/* a small file: a buffer of its size, and a byte more
			 * (a read that fills it: the file grew) */
			if ((uint64_t)st.st_size < SRC_CHUNK)
				cap = (size_t)st.st_size + 1;
			if (r->fd >= 0)
				r->reg_size = (uint64_t)st.st_size;
		}
	}
	if (!(r->sbuf = malloc(cap))) {
		*err = XQ_ENOMEM;
		xq_reader_close(r);
		return NULL;
	}
	r->sbuf_cap = cap;
	return reader_start(r, err);
}

struct xq_reader *xq_reader_open(FILE *fp, const struct xq_reader_opts *o,
				 int *err)
{
	struct xq_reader *r = reader_new(o, err);
	return r ? reader_on(r, fp, fileno(fp), err) : NULL;
}

struct xq_reader *xq_reader_open_fd(int fd, const struct xq_reader_opts *o, int *err)
{
	struct xq_reader *r = reader_new(o, err);
	return r ? reader_on(r, NULL, fd, err) : NULL;
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

/*
 * Whether the one "game" of an input no format claimed is plainly not a
 * record (a directory listing, a letter): no tag, no comment before the
 * moves, a first word that is no move in any notation, and nothing after
 * it in the input.
 */
static int plainly_no_record(struct xq_reader *r, const struct xq_game *g)
{
	const struct xq_node *n = g->root.child;
	xq_move m;
	if ((r->fmt->flags & XQ_FORMAT_BINARY) || r->unget || !r->txt_eof ||
	    r->txt_start != r->txt_end || g->tags || g->root.comment || g->flags & XQ_GAME_BAD_FEN)
		return 0;
	if (!n)
		return 1;
	return !n->move && (!n->text || xq_move_parse(&g->start, n->text, strlen(n->text),
						       XQ_NOTATION_ANY, 0, &m, NULL) < 0);
}

int xq_reader_next(struct xq_reader *r, struct xq_game **out)
{
	struct xq_game *g;
	int rc;

	*out = NULL;
	if (r->no_record)
		return 0;
	if ((r->fmt->flags & XQ_FORMAT_ONE_GAME) && r->one_read) {
		/* its read would hand out nothing more: no game made for it */
		g = NULL;
		rc = 0;
	} else {
		if (!(g = xq_game_new()))
			return XQ_ENOMEM;
		g->index = r->games + 1;
		r->one_read = 1;
		rc = r->fmt->read(r, g);
	}
	if (rc <= 0) {
		xq_game_free(g);
		if (r->gz_cut == 1) {
			/* cut between games, or no game at all */
			r->gz_cut = 2;
			xq__reader_fatal(r, XQ_P_TRUNCATED, 0, "compressed input ends early");
		}
		if (rc == 0 && r->games == 0 && r->nonblank && !r->fatal) {
			r->no_record = 1;
			xq__reader_fatal(r, XQ_P_FORMAT, 0, "no game record found (read as %s)", r->fmt->name);
		}
		if (rc == 0 && r->error)
			return r->error;
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
	if (r->unclaimed && r->games == 0 && plainly_no_record(r, g)) {
		xq_game_free(g);
		r->no_record = 1;
		xq__reader_fatal(r, XQ_P_FORMAT, 0, "no game record found (read as %s)", r->fmt->name);
		return 0;
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
	free(r->gzs);
	xq__conv_close(r->cd);
	free(r->dbcs);
	free(r->enc_q);
	free(r->sbuf);
	if (!r->raw_borrowed)
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
