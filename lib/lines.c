/*
 * lines.c - a reader's text: the raw bytes decoded to UTF-8 (validated
 * pass-through, iconv, and pair tables for the two-byte encodings in
 * bulk), then split into lines (LF, CRLF, CR) for the text formats, a
 * line longer than the limit split with a warning.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "encoding.h"
#include "line_break.h"
#include "lines.h"
#include "utf8.h"

static int txt_reserve(struct xq_reader *r, size_t more)
{
	if (r->txt_cap - r->txt_end >= more)
		return 0;
	if (r->txt_start) {
		memmove(r->txt, r->txt + r->txt_start, r->txt_end - r->txt_start);
		r->txt_end -= r->txt_start;
		if (r->enc_at >= r->txt_start)
			r->enc_at -= r->txt_start;
		else
			r->enc_at_line = 0;
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
			xq__reader_fatal(r, XQ_P_LIMIT, 0, "out of memory");
			return r->error = XQ_ENOMEM;
		}
		if (r->have_line)
			r->line = p + (r->line - r->txt);
		r->txt = p;
		r->txt_cap = cap;
	}
	return 0;
}

/* The line of the text not yet handed out begins on: the last line handed
 * out's, when that was a piece of a line too long for one (r->cont). */
static long pending_line(const struct xq_reader *r)
{
	long n = r->lineno + !r->cont;
	for (size_t i = r->txt_start; i < r->txt_end; i++)
		n += r->txt[i] == '\n';
	return n;
}

/* The line of the text decoded so far ends on, counted from the last
 * byte that could not be decoded when its place is still in the buffer
 * (so that many such bytes cost one pass over the text). */
static long decoded_line(struct xq_reader *r)
{
	long n;
	if (r->enc_at_line && r->enc_at >= r->txt_start && r->enc_at <= r->txt_end) {
		n = r->enc_at_line;
		for (size_t i = r->enc_at; i < r->txt_end; i++)
			n += r->txt[i] == '\n';
	} else {
		n = pending_line(r);
	}
	r->enc_at = r->txt_end;
	r->enc_at_line = n;
	return n;
}

static void say_bad_byte(struct xq_reader *r, long line, unsigned char byte)
{
	xq_reader_problem(r, NULL, XQ_SEV_WARNING, XQ_P_ENCODING, line, 0, 0, NULL,
			  "byte 0x%02x cannot be decoded as %s; kept as U+%06X, written back "
			  "as the byte (as is any other on this line)", byte, r->enc_name,
			  (unsigned)(XQ_RAW_BYTE_BASE + byte));
}

/* Say the bytes found on lines up to `line` (all of them: LONG_MAX).  A
 * line's are said once the line after it is taken (or the text ends): a
 * line read and given back, as a reader does with the first line of the
 * next game, is not read yet, and a byte range read alone ends before
 * it. */
static void say_bad_bytes(struct xq_reader *r, long line)
{
	while (r->enc_q_head < r->enc_q_end && r->enc_q[r->enc_q_head].line <= line) {
		say_bad_byte(r, r->enc_q[r->enc_q_head].line, r->enc_q[r->enc_q_head].byte);
		r->enc_q_head++;
	}
	if (r->enc_q_head == r->enc_q_end)
		r->enc_q_head = r->enc_q_end = 0;
}

/* The byte at p starts no character: kept as its raw code point (four
 * bytes of UTF-8, lib/encoding.h), said once a line when the line has
 * been read (say_bad_bytes()). */
static void bad_bytes(struct xq_reader *r, const unsigned char *p, size_t n)
{
	long line = decoded_line(r);
	xq__raw_put(r->txt + r->txt_end, p[0]);
	r->txt_end += 4;
	if (line != r->enc_line) {
		r->enc_line = line;
		if (r->enc_q_end == r->enc_q_cap) {
			size_t cap = r->enc_q_cap ? 2 * r->enc_q_cap : 16;
			struct xq__enc_report *q = realloc(r->enc_q, cap * sizeof *q);
			if (!q) {
				say_bad_byte(r, line, p[0]); /* out of order, not lost */
				return;
			}
			r->enc_q = q;
			r->enc_q_cap = cap;
		}
		r->enc_q[r->enc_q_end].line = line;
		r->enc_q[r->enc_q_end++].byte = p[0];
	}
	(void)n;
}

/* The index in the pair table (r->dbcs) of the pair lead, trail: the two
 * bytes as a uint16_t read from memory, which is what dbcs_decode()
 * reads.  The index of a pair that starts with an ASCII byte is never
 * filled (0). */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define PAIR(lead, trail) ((unsigned)(lead) << 8 | (unsigned)(trail))
#else
#define PAIR(lead, trail) ((unsigned)(trail) << 8 | (unsigned)(lead))
#endif

/* The bytes decoded with everything waiting at once (see txt_more()). */
#define DBCS_AFTER 65536

/* A pair of the table that holds no character: iconv decodes what stands
 * there (a character's UTF-8 starts with a byte from 0xE0: never this). */
#define DBCS_NONE 1u

/* The table's entry for the pair at p (p[0] from 0x80), filled at its
 * first use by the one iconv call of xq__conv_pair(): the UTF-8 of the
 * character as the bytes of a uint32_t in memory, or DBCS_NONE. */
static uint32_t dbcs_fill(struct xq_reader *r, const unsigned char *p)
{
	unsigned cp = xq__conv_pair(r->cd, p[0], p[1]);
	uint32_t u = DBCS_NONE;
	if (cp) {
		char b[4] = { 0 };
		xq__utf8_put(b, cp); /* three bytes: U+0800..U+FFFF */
		memcpy(&u, b, 4);
	}
	r->dbcs[PAIR(p[0], p[1])] = u;
	return u;
}

/* How many of the eight bytes of a word read from memory come before the
 * first with its high bit set, from those bits (hi, not all set). */
static inline size_t ascii_lead(uint64_t hi)
{
	if (!hi)
		return 8;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	return (size_t)__builtin_clzll(hi) >> 3;
#else
	return (size_t)__builtin_ctzll(hi) >> 3;
#endif
}

/* Copy the ASCII bytes p[0..n) starts with to o, which has room for n
 * bytes and 16 more (bytes past the run may be written too); returns how
 * many there are.  Sixty-four bytes at a time where SSE2 is. */
static size_t ascii_copy(char *o, const unsigned char *p, size_t n)
{
	size_t i = 0;
#if defined(__SSE2__)
	for (; i + 64 <= n; i += 64) {
		__m128i a = _mm_loadu_si128((const __m128i *)(const void *)(p + i)),
			b = _mm_loadu_si128((const __m128i *)(const void *)(p + i + 16)),
			c = _mm_loadu_si128((const __m128i *)(const void *)(p + i + 32)),
			d = _mm_loadu_si128((const __m128i *)(const void *)(p + i + 48));
		if (_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(a, b), _mm_or_si128(c, d))))
			break;
		_mm_storeu_si128((__m128i *)(void *)(o + i), a);
		_mm_storeu_si128((__m128i *)(void *)(o + i + 16), b);
		_mm_storeu_si128((__m128i *)(void *)(o + i + 32), c);
		_mm_storeu_si128((__m128i *)(void *)(o + i + 48), d);
	}
	for (; i + 16 <= n; i += 16) {
		__m128i a = _mm_loadu_si128((const __m128i *)(const void *)(p + i));
		unsigned m = (unsigned)_mm_movemask_epi8(a);
		_mm_storeu_si128((__m128i *)(void *)(o + i), a);
		if (m)
			return i + (size_t)__builtin_ctz(m);
	}
#endif
	for (; i + 8 <= n; i += 8) {
		uint64_t w, hi;
		memcpy(&w, p + i, 8);
		memcpy(o + i, &w, 8);
		if ((hi = w & 0x8080808080808080ull))
			return i + ascii_lead(hi);
	}
	for (; i < n && p[i] < 0x80; i++)
		o[i] = (char)p[i];
	return i;
}

/* The encoding reading r->o.whole from its start settles on (a piece of
 * it is being read), NULL when it settles on none (no piece of it). */
static const char *whole_encoding(struct xq_reader *r)
{
	struct xq_reader_opts o = { 0 };
	struct xq_reader *w;
	const char *line;
	size_t len;
	int err, rc = 1;
	o.format = r->fmt ? r->fmt->name : NULL;
	if (!(w = xq_reader_open_mem(r->o.whole, r->o.whole_len, &o, &err))) {
		if (err == XQ_ENOMEM)
			xq__reader_fatal(r, XQ_P_LIMIT, 0, "out of memory");
		return NULL;
	}
	while (rc > 0 && w->enc_pending)
		rc = xq_reader_getline(w, &line, &len);
	if (rc == XQ_ENOMEM)
		xq__reader_fatal(r, XQ_P_LIMIT, 0, "out of memory");
	if (rc < 0 || w->enc_pending) {
		xq_reader_close(w);
		return NULL;
	}
	memcpy(r->whole_enc, w->enc_name, sizeof r->whole_enc);
	xq_reader_close(w);
	return r->whole_enc;
}

/*
 * The encoding of the text from raw_start on, from the evidence of the
 * whole input: while the likeliest decoding and the next are close, more
 * is read (up to XQ_SNIFF_MAX), since a file is in one encoding
 * throughout.  When the evidence does not settle it, a warning names both
 * and points at the option that says which.
 */
const char *xq__reader_guess_encoding(struct xq_reader *r)
{
	const char *enc, *rival;
	if (r->o.whole && (enc = whole_encoding(r)))
		return enc;
	if (r->no_record)
		/* no text to decode: nothing to warn about */
		return xq_detect_encoding(r->raw + r->raw_start, r->raw_end - r->raw_start);
	for (;;) {
		size_t have = r->raw_end - r->raw_start, want;
		enc = xq__detect_encoding(r->raw + r->raw_start, have, &rival);
		if (!rival || r->raw_eof || have >= XQ_SNIFF_MAX)
			break;
		/* twice as much each time: the looks add up to twice the
		 * bytes, not their square */
		want = have < SRC_CHUNK ? SRC_CHUNK : have;
		while (r->raw_end - r->raw_start < have + want &&
		       xq__reader_raw_more(r, have + want - (r->raw_end - r->raw_start)) > 0)
			;
	}
	if (rival)
		xq_reader_problem(r, NULL, XQ_SEV_WARNING, XQ_P_ENCODING, 0, 0, 0, NULL,
				  "the encoding is read as %s, but %s is close: too little text to "
				  "tell them apart (say which with the encoding option, -e)",
				  enc, rival);
	return enc;
}

/* Decode pairs with the table from p[0..n) into txt (room for 3 bytes a
 * byte, and one more); stops before the first byte the table cannot take.
 * Returns the bytes taken. */
static size_t dbcs_decode(struct xq_reader *r, const unsigned char *p, size_t n)
{
	unsigned char *o = (unsigned char *)r->txt + r->txt_end;
	const uint32_t *t = r->dbcs;  /* (dbcs_fill() writes through r->dbcs) */
	size_t i = 0;
	/* eight bytes at a time while eight are left: the ASCII bytes at
	 * their start copied at once (all eight stored: those past the
	 * ASCII ones are overwritten next), then the pairs that follow */
	while (i + 8 <= n) {
		uint64_t w, hi;
		memcpy(&w, p + i, 8);
		if ((hi = w & 0x8080808080808080ull) != 0x8080808080808080ull) {
			size_t k = ascii_lead(hi);
			memcpy(o, &w, 8);
			o += k;
			i += k;
			if (k == 8 || i + 8 > n)
				continue;
		}
		/* p[i] is no ASCII, and p[i + 1] is in the buffer: the
		 * pairs, each read as it lies in memory (PAIR), and an
		 * ASCII byte alone between two (a space between moves) */
		while (i + 1 < n) {
			uint16_t pair;
			uint32_t u;
			memcpy(&pair, p + i, 2);
			if ((u = t[pair]) <= DBCS_NONE) {
				if (p[i] < 0x80) {
					if (p[i + 1] < 0x80)
						break;
					*o++ = p[i++];
					continue;
				}
				if (u == DBCS_NONE || (u = dbcs_fill(r, p + i)) == DBCS_NONE)
					goto out;
			}
			/* its three bytes of UTF-8, and a fourth that the
			 * next character overwrites */
			memcpy(o, &u, 4);
			o += 3;
			i += 2;
		}
	}
	/* all but the last byte: a pair always has its second byte here */
	while (i + 1 < n) {
		unsigned c = p[i];
		uint32_t u;
		if (c < 0x80) {
			*o++ = (unsigned char)c;
			i++;
			continue;
		}
		if ((u = t[PAIR(c, p[i + 1])]) <= DBCS_NONE &&
		    (u == DBCS_NONE || (u = dbcs_fill(r, p + i)) == DBCS_NONE))
			goto out;
		memcpy(o, &u, 4);
		o += 3;
		i += 2;
	}
	if (i < n && p[i] < 0x80)
		*o++ = p[i++];
out:
	r->txt_end = (size_t)((char *)o - r->txt);
	return i;
}

int xq__reader_set_encoding(struct xq_reader *r, const char *enc)
{
	snprintf(r->enc_name, sizeof r->enc_name, "%s", enc);
	xq__conv_close(r->cd);
	r->cd = NULL;
	if (!strcmp(enc, "UTF-8")) {
		r->utf8 = 1;
		return 0;
	}
	r->utf8 = 0;
	free(r->dbcs);
	r->dbcs = NULL;
	r->iconv_bytes = 0;
	if (!(r->cd = xq__conv_open("UTF-8", enc)))
		return XQ_EINVAL;
	/* the two-byte encodings' pairs from a table that fills as they come
	 * (zero pages until then: calloc) */
	if (xq__dbcs_encoding(enc))
		r->dbcs = calloc(65536, sizeof *r->dbcs);
	return 0;
}

/* Nothing decodable in the bytes waiting: a cut sequence; read on (at
 * the end, its first byte is bad). */
static void cut_sequence(struct xq_reader *r)
{
	if (xq__reader_raw_more(r, SRC_CHUNK) <= 0 && r->raw_eof && r->raw_start < r->raw_end) {
		bad_bytes(r, r->raw + r->raw_start, 1);
		r->raw_start++;
	}
}

/*
 * All of p[0..n) into txt (room for 4 bytes a byte, and 16 more) as iconv
 * decodes it in one go, a bad byte reported and skipped where iconv finds
 * it, a sequence cut by the end of the bytes left for more unless they
 * are the last: the pairs from the table, iconv for one character (four
 * bytes at most) where it has none, or for the rest where a character is
 * longer.  Returns the bytes taken.
 */
static size_t decode_all(struct xq_reader *r, const unsigned char *p, size_t n)
{
	size_t i = 0;
	int whole = 0;
	while (i < n) {
		if (r->dbcs && !whole && (i += dbcs_decode(r, p + i, n - i)) == n)
			break;
		size_t rest = n - i, slice = r->dbcs && !whole && rest > 4 ? 4 : rest;
		char *ip = (char *)(uintptr_t)(p + i), *op = r->txt + r->txt_end;
		size_t inleft = slice, outleft = r->txt_cap - r->txt_end;
		size_t rc = xq__conv(r->cd, &ip, &inleft, &op, &outleft);
		r->txt_end = (size_t)(op - r->txt);
		i += slice - inleft;
		whole = 0;
		if (rc != (size_t)-1)
			continue;
		if (errno == E2BIG)
			break;
		if (errno == EINVAL) {
			if (slice < rest) {
				whole = 1; /* cut by the slice, not in the input */
				continue;
			}
			if (!r->raw_eof)
				break; /* cut sequence: wait for more bytes */
		}
		if (outleft < 4)
			break;
		bad_bytes(r, p + i, 1);
		i++;
	}
	return i;
}

/* Decode the raw bytes waiting into txt.  Returns 1 when text was added or
 * may be added later, 0 at the end. */
static int txt_more(struct xq_reader *r)
{
	if (r->raw_start == r->raw_end || (!r->utf8 && r->raw_end - r->raw_start < 8 && !r->raw_eof)) {
		long n = xq__reader_raw_more(r, SRC_CHUNK);
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
				xq__reader_set_encoding(r, "UTF-8");
			r->enc_pending = 0;
		}
	}
	/* 3 bytes of UTF-8 a byte at most, 4 for a raw one */
	if (txt_reserve(r, n * 4 + 16) < 0)
		return 0;
	if (r->utf8) {
		/* the ASCII run first, copied as it is checked */
		size_t i = ascii_copy(r->txt + r->txt_end, p, n);
		if (i < n && r->enc_pending) {
			/* the first byte that is not ASCII: the encoding from
			 * the whole input, which decodes these bytes again
			 * (reading on may have moved them) */
			r->enc_pending = 0;
			xq__reader_set_encoding(r, xq__reader_guess_encoding(r));
			p = r->raw + r->raw_start;
			n = r->raw_end - r->raw_start;
			if (txt_reserve(r, n * 4 + 16) < 0)
				return 0;
			i = 0;
		}
		if (r->utf8) {
			r->txt_end += i;
			while (i < n) {
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
				size_t k = ascii_copy(r->txt + r->txt_end, p + i, n - i);
				r->txt_end += k;
				i += k;
			}
			r->raw_start += i;
			if (i == 0 && n > 0) {
				/* only a cut sequence is left: fetch more */
				if (xq__reader_raw_more(r, SRC_CHUNK) <= 0 && r->raw_eof) {
					/* at the end: decode what remains as bad */
					bad_bytes(r, r->raw + r->raw_start, 1);
					r->raw_start++;
				}
			}
			return 1;
		}
	}
	/* In bulk, the pairs from the table, and iconv for one character
	 * (four bytes at most) where the table stops: the same text.  The
	 * first DBCS_AFTER bytes all the bytes waiting at once, later only
	 * up to what the table cannot take: when the problems about bad bytes
	 * are reported, between the lines read, is as it always was. */
	int sliced = 0;
	if (r->iconv_bytes < DBCS_AFTER) {
		size_t k;
		r->iconv_bytes += n;
		k = decode_all(r, p, n);
		r->raw_start += k;
		if (k == 0)
			cut_sequence(r);
		return 1;
	}
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
	char *ip = (char *)p, *op = r->txt + r->txt_end;
	size_t inleft = n, outleft = r->txt_cap - r->txt_end;
	while (inleft) {
		size_t rc = xq__conv(r->cd, &ip, &inleft, &op, &outleft);
		if (rc != (size_t)-1)
			break;
		if (errno == E2BIG)
			break;
		if (errno == EINVAL && (!r->raw_eof || sliced))
			break; /* cut sequence: wait for more bytes */
		r->txt_end = (size_t)(op - r->txt);
		if (outleft < 4)
			break;
		bad_bytes(r, (unsigned char *)ip, 1);
		op = r->txt + r->txt_end;
		outleft -= 4;
		ip++, inleft--;
	}
	r->txt_end = (size_t)(op - r->txt);
	r->raw_start += n - inleft;
	if (n == inleft)
		cut_sequence(r);
	return 1;
}

static __attribute__((noinline)) int getline_general(struct xq_reader *r, const char **line,
						  size_t *len);

/* The line at txt_start as getline_general() finds it, taken in one step
 * when it ends in an LF already in the buffer and no line is given back:
 * a leaf function for the common case, without the general one's frame. */
static inline int ready_line(struct xq_reader *r, const char **line, size_t *len)
{
	if (!r->unget && !r->cr_mode) {
		char *s = r->txt + r->txt_start;
		size_t avail = r->txt_end - r->txt_start;
		size_t b = xq__line_break_at(s, r->txt_scanned < avail ? r->txt_scanned : 0, avail);
		if (b < avail && s[b] == '\n') {
			r->txt_scanned = 0;
			r->line = s;
			r->linelen = b;
			r->txt_start += b + 1;
			r->line_cont = r->cont;
			r->cont = 0;
			if (!r->line_cont)
				r->lineno++;
			r->have_line = 1;
			if (__builtin_expect(r->enc_q_end != 0, 0))
				say_bad_bytes(r, r->lineno - 1);
			*line = s;
			*len = b;
			return 1;
		}
	}
	return 0;
}

int xq_reader_ready_text(struct xq_reader *r, const char **text, size_t *len)
{
	/* (each line of it a line of its own, numbered one after the
	 * other, with nothing to say of its bytes when it is taken) */
	if (r->unget || r->cr_mode || r->cont || r->enc_q_end)
		return 0;
	*text = r->txt + r->txt_start;
	*len = r->txt_end - r->txt_start;
	return 1;
}

void xq_reader_take_lines(struct xq_reader *r, size_t n, long nlines, size_t last)
{
	r->txt_scanned = 0;
	r->line = r->txt + r->txt_start + last;
	r->linelen = n - last - 1;
	r->txt_start += n;
	r->line_cont = 0;
	r->lineno += nlines;
	r->have_line = 1;
}

int xq_reader_getline(struct xq_reader *r, const char **line, size_t *len)
{
	return ready_line(r, line, len) ? 1 : getline_general(r, line, len);
}

static int getline_general(struct xq_reader *r, const char **line, size_t *len)
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
		int split = 0;

		size_t from = r->txt_scanned < avail ? r->txt_scanned : 0;
		if (!r->cr_mode) {
			/* (s[0..from) holds neither: see txt_scanned below) */
			size_t b = xq__line_break_at(s, from, avail);
			if (b < avail && s[b] == '\n') {
				eol = b;
				skip = b + 1;
				goto found;
			}
			if (b + 1 < avail) {
				/* a CR: with an LF after it, a CR LF line end */
				if (s[b + 1] == '\n') {
					eol = b;
					skip = b + 2;
					goto found;
				}
				r->cr_mode = 1; /* lone CRs: old Mac line ends */
				continue;
			}
			/* no line end, or a CR last (it may start a CR LF) */
		} else {
			size_t i;
			for (i = from; i < avail && s[i] != '\n' && s[i] != '\r'; i++)
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
			if (!avail) {
				say_bad_bytes(r, LONG_MAX);
				return r->error; /* 0 at the end */
			}
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
			/* no UTF-8 sequence cut in two: end before an incomplete last one */
			eol = xq__utf8_cut(s, avail);
			skip = eol;
			split = 1;
			goto found;
		}
		/* all but a last CR (it may start a CR LF) has no line end */
		r->txt_scanned = avail && s[avail - 1] == '\r' ? avail - 1 : avail;
		if (!txt_more(r))
			r->txt_eof = 1;
		continue;
found:
		r->txt_scanned = 0;
		r->line = s;
		r->linelen = eol;
		r->txt_start += skip;
		r->line_cont = r->cont;
		r->cont = split;
		if (!r->line_cont)
			r->lineno++;
		r->have_line = 1;
		if (r->enc_q_end)
			say_bad_bytes(r, r->lineno - 1);
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

int xq_reader_line_cut(const struct xq_reader *r)
{
	return r->cont;
}
