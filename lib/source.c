/*
 * source.c - a reader's bytes: from a FILE (read(2) for pipes and
 * terminals, so that games flow through a pipeline one by one) or a
 * buffer, with gzip undone by ISA-L; the raw (ungzipped) bytes that
 * sniffing, decoding and binary formats take.
 */
#include <errno.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include "source.h"

/* Up to n bytes of a FILE or descriptor source into buf (the source not
 * at its end): how many; at the end, r->src_eof; on a read error, also
 * r->src_error, r->error = XQ_EIO and a fatal problem. */
static size_t src_read(struct xq_reader *r, unsigned char *buf, size_t n)
{
	size_t got;
	if (r->fd >= 0) {
		/* a pipe or a terminal: take what has come, do not wait for a
		 * whole chunk (games flow through pipelines one by one); a
		 * regular file ends at a short read once its size is read (no
		 * read(2) more to see 0), else at 0 (a file that shrank, or one
		 * in /proc that says 0 bytes) */
		ssize_t k;
		do
			k = read(r->fd, buf, n);
		while (k < 0 && errno == EINTR);
		got = k > 0 ? (size_t)k : 0;
		r->consumed += got;
		if (k < 0) {
			r->src_error = errno ? errno : EIO;
			r->error = XQ_EIO;
			xq__reader_fatal(r, XQ_P_IO, 0, "read error: %s", strerror(r->src_error));
		}
		if (k <= 0 || (r->reg_size && got < n && r->consumed >= r->reg_size))
			r->src_eof = 1;
		return got;
	}
	got = fread(buf, 1, n, r->fp);
	r->consumed += got;
	if (got < n) {
		if (ferror(r->fp)) {
			r->src_error = errno ? errno : EIO;
			r->error = XQ_EIO;
			xq__reader_fatal(r, XQ_P_IO, 0, "read error: %s", strerror(r->src_error));
		}
		r->src_eof = 1;
	}
	return got;
}

void xq__reader_src_fill(struct xq_reader *r)
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
	if (r->consumed && r->sbuf_cap < SRC_CHUNK) {
		/* a small file that grew: whole chunks from here on (or on in
		 * the small buffer, short of memory) */
		unsigned char *p = realloc(r->sbuf, SRC_CHUNK);
		if (p) {
			r->sbuf = p;
			r->sbuf_cap = SRC_CHUNK;
		}
	}
	r->inlen = src_read(r, r->sbuf, r->sbuf_cap);
	r->in = r->sbuf;
}

/* What isal_inflate()'s error rc says of the data. */
static const char *inflate_error(int rc)
{
	switch (rc) {
	case ISAL_INVALID_BLOCK: return "invalid block";
	case ISAL_INVALID_SYMBOL: return "invalid code";
	case ISAL_INVALID_LOOKBACK: return "invalid distance too far back";
	case ISAL_INVALID_WRAPPER: return "invalid gzip header";
	case ISAL_UNSUPPORTED_METHOD: return "unknown compression method";
	case ISAL_INCORRECT_CHECKSUM: return "incorrect data check";
	default: return "inflate failed";
	}
}

/* The bytes after the last gzip member, read to the end: zeros are
 * padding (tar pads so), anything else is said, as gzip(1) says it. */
static void gz_trailing(struct xq_reader *r)
{
	uint64_t n = 0;
	int garbage = 0;
	for (;;) {
		for (size_t i = 0; i < r->inlen; i++)
			garbage |= r->in[i];
		n += r->inlen;
		r->in += r->inlen;
		r->inlen = 0;
		if (r->src_eof || r->src_error)
			break;
		xq__reader_src_fill(r);
	}
	if (garbage)
		xq_reader_problem(r, NULL, XQ_SEV_WARNING, XQ_P_SYNTAX, 0, 0, 0, NULL,
				  "%llu bytes after the compressed data are not compressed data: ignored",
				  (unsigned long long)n);
}

/* Up to n ungzipped bytes; 0 at the end, XQ_EIO on a read error. */
static long input_read(struct xq_reader *r, unsigned char *buf, size_t n)
{
	if (!r->inlen && !r->gz && !r->mem && !r->src_eof) {
		/* a chunk or more straight into buf, not through sbuf */
		if (n >= SRC_CHUNK) {
			size_t k = src_read(r, buf, SRC_CHUNK);
			return r->src_error ? r->error : (long)k;
		}
		xq__reader_src_fill(r);
	} else if (!r->inlen) {
		xq__reader_src_fill(r);
	}
	if (r->src_error)
		return r->error;
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
		struct inflate_state *z = r->gzs;
		int rc;
		z->next_in = (uint8_t *)r->in;
		z->avail_in = r->inlen > UINT32_MAX ? UINT32_MAX : (uint32_t)r->inlen;
		z->next_out = buf;
		z->avail_out = n > UINT32_MAX ? UINT32_MAX : (uint32_t)n;
		size_t room = z->avail_out, offered = z->avail_in;
		rc = isal_inflate(z);
		r->in = z->next_in;
		r->inlen -= offered - z->avail_in;
		size_t got = room - z->avail_out;
		if (rc < 0 || rc == ISAL_NEED_DICT) {
			xq__reader_fatal(r, XQ_P_SYNTAX, 0, "corrupt compressed input: %s", inflate_error(rc));
			r->gz_done = 1;
			return got ? (long)got : 0;
		}
		if (z->block_state == ISAL_BLOCK_FINISH) {
			/* a member ends: another may follow (gzip's members
			 * are read as one stream), or padding */
			if (!r->inlen)
				xq__reader_src_fill(r);
			if (r->inlen && r->in[0] == 0x1f) {
				isal_inflate_reset(z);
				z->crc_flag = ISAL_GZIP;
			} else {
				r->gz_done = 1;
				if (r->inlen)
					gz_trailing(r);
			}
			if (got || r->gz_done)
				return (long)got;
			continue;
		}
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
			xq__reader_src_fill(r);
			if (r->src_error)
				return r->error;
		}
	}
}

long xq__reader_raw_more(struct xq_reader *r, size_t want)
{
	long n;
	if (r->raw_eof)
		return 0;
	if (r->raw_borrowed) {
		/* the next bytes of the caller's buffer, as much as a copy
		 * would have given: the text is decoded a piece at a time */
		size_t k = r->raw_cap - r->raw_end;
		if (!k) {
			r->raw_eof = 1;
			return 0;
		}
		if (want && want < k)
			k = want;
		r->raw_end += k;
		return (long)k;
	}
	if (!r->gz && r->src_eof && !r->inlen && r->raw) {
		/* nothing more to come: no room made for it (a buffer there
		 * is, for sniffers and scans that take r->raw) */
		r->raw_eof = 1;
		return r->src_error ? r->error : 0;
	}
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
				xq__reader_fatal(r, XQ_P_LIMIT, 0, "out of memory");
				return r->error = XQ_ENOMEM;
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
	if (!have && r->raw_borrowed && xq__reader_raw_more(r, n) > 0)
		have = r->raw_end - r->raw_start;
	if (have) {
		size_t k = have < n ? have : n;
		memcpy(buf, r->raw + r->raw_start, k);
		r->raw_start += k;
		return (long)k;
	}
	if (r->raw_eof)
		return r->error; /* 0 at the end */
	long k = input_read(r, buf, n);
	if (k <= 0)
		r->raw_eof = 1;
	return k;
}

int xq__reader_take_raw(struct xq_reader *r, unsigned char **buf, size_t *len, size_t *cap)
{
	size_t n = r->raw_end - r->raw_start;
	if (r->raw_borrowed) {
		/* a copy: the caller's buffer is not ours to hand over; the
		 * rest of it is read on after the bytes taken */
		*buf = NULL;
		*len = *cap = 0;
		if (n && !(*buf = malloc(n)))
			return XQ_ENOMEM;
		if (n)
			memcpy(*buf, r->raw + r->raw_start, n);
		*len = *cap = n;
		r->raw_start = r->raw_end;
		return r->raw_end == r->raw_cap;
	}
	if (r->raw_start)
		memmove(r->raw, r->raw + r->raw_start, n);
	*buf = r->raw;
	*len = n;
	*cap = r->raw_cap;
	r->raw = NULL;
	r->raw_start = r->raw_end = r->raw_cap = 0;
	return r->raw_eof && !r->error;
}
