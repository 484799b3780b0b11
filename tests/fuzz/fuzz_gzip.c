/*
 * fuzz_gzip.c - libFuzzer target for gzipped input, against zlib: the
 * bytes (after a gzip header of their own when they do not start with
 * one) are read by the reader, its ungzipped bytes from xq_reader_read(),
 * and by zlib's inflate, member after member, the same way (another member
 * where the next byte is gzip's first, else padding).  Where zlib reads
 * the whole stream without damage, the reader hands out exactly its bytes
 * and says nothing of the compression unless bytes other than zeros
 * follow the last member; where zlib finds damage (a bad block, header or
 * checksum, or data cut short), the reader says so or hands out more (an
 * incomplete Huffman code ISA-L decodes by, checked by the member's CRC),
 * and what both hand out agrees up to the shorter: no byte changed.
 */
#include <stdint.h>
#include <string.h>
#include <zlib.h>

#include "fuzz_common.h"
#include "xq_format.h"

#define OUT_MAX (8u << 20)   /* the bytes compared, at most */

struct bytes {
	unsigned char *p;
	size_t len, cap;
};

static void reserve(struct bytes *b, size_t more)
{
	if (b->cap - b->len < more) {
		b->cap = (b->len + more) * 2;
		b->p = realloc(b->p, b->cap);
		if (!b->p)
			abort();
	}
}

/* in[0..len) gunzipped by zlib into out, up to OUT_MAX bytes: 1 when
 * damaged, else 0; *garbage set when bytes other than zeros follow the
 * last member. */
static int zlib_gunzip(const unsigned char *in, size_t len, struct bytes *out, int *garbage)
{
	z_stream z = { 0 };
	int rc, damaged = 0;
	if (inflateInit2(&z, 15 + 16) != Z_OK)
		abort();
	z.next_in = (unsigned char *)in;
	z.avail_in = (uInt)len;
	for (;;) {
		reserve(out, 65536);
		z.next_out = out->p + out->len;
		z.avail_out = 65536;
		rc = inflate(&z, Z_NO_FLUSH);
		out->len += 65536 - z.avail_out;
		if (out->len >= OUT_MAX)
			break;
		if (rc == Z_STREAM_END) {
			if (z.avail_in && z.next_in[0] == 0x1f) {
				inflateReset(&z);
				continue;
			}
			for (uInt i = 0; i < z.avail_in; i++)
				*garbage |= z.next_in[i] != 0;
			break;
		}
		if (rc == Z_OK && z.avail_out == 0)
			continue;
		/* no progress with all the input given, or damage */
		damaged = 1;
		break;
	}
	inflateEnd(&z);
	return damaged;
}

/* Whether the reader said the compressed data is damaged or cut, or
 * that something else follows it. */
static void note_gzip(void *data, const struct xq_problem *p)
{
	if (!p->msg)
		abort();
	if (p->code == XQ_P_TRUNCATED ||
	    (p->code == XQ_P_SYNTAX && (!strncmp(p->msg, "corrupt compressed input", 24) ||
					strstr(p->msg, "after the compressed data"))))
		*(int *)data = 1;
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	static const unsigned char header[10] = { 0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3 };
	struct xq_reader_opts o = { 0 };
	struct bytes in = { 0 }, want = { 0 }, got = { 0 };
	struct xq_reader *r;
	struct xq_game *g;
	int said = 0, garbage = 0, damaged, err;
	long n;

	if (!(size >= 2 && data[0] == 0x1f && data[1] == 0x8b)) {
		reserve(&in, sizeof header);
		memcpy(in.p, header, sizeof header);
		in.len = sizeof header;
	}
	reserve(&in, size + 1);
	if (size)
		memcpy(in.p + in.len, data, size);
	in.len += size;

	damaged = zlib_gunzip(in.p, in.len, &want, &garbage);

	o.format = "pgn";
	o.flags = XQ_READ_NO_REPLAY;
	o.problem = note_gzip;
	o.problem_data = &said;
	if (!(r = xq_reader_open_mem(in.p, in.len, &o, &err))) {
		if (err != XQ_ENOMEM && err != XQ_EINVAL)
			abort();
		goto out;
	}
	do {
		reserve(&got, 65536);
		n = xq_reader_read(r, got.p + got.len, 65536);
		if (n > 0)
			got.len += (size_t)n;
	} while (n > 0 && got.len < OUT_MAX);
	if (got.len < OUT_MAX && want.len < OUT_MAX) {
		/* a cut is said when a game is asked for past the end */
		while (xq_reader_next(r, &g) > 0)
			xq_game_free(g);
		if (!damaged && (said != garbage || got.len != want.len))
			abort();
		/* zlib refuses an incomplete Huffman code, ISA-L decodes by it
		 * (the member's CRC-32 and size still checked): where zlib
		 * finds damage and the reader says none, it hands out more */
		if (damaged && !said && got.len < want.len)
			abort();
	}
	if (memcmp(got.p, want.p, got.len < want.len ? got.len : want.len))
		abort();
	xq_reader_close(r);
out:
	free(in.p);
	free(want.p);
	free(got.p);
	return 0;
}
