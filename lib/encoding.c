/*
 * encoding.c - text encodings at the edges: detection (a BOM, else the
 * decoding, UTF-8, GB18030 or Big5, whose characters are the likeliest)
 * and conversion with iconv.  Inside the library everything is UTF-8.
 */
#include <errno.h>
#include <iconv.h>
#include <stdlib.h>
#include <string.h>

#include "ascii.h"
#include "buf.h"
#include "encoding.h"
#include "utf8.h"
#include "xq.h"

/* Whether buf is valid UTF-8 (a sequence cut by the end of the sample is
 * accepted, since samples are prefixes). */
static int valid_utf8(const unsigned char *s, size_t n)
{
	size_t i = 0;
	while (i < n) {
		if (s[i] < 0x80) {
			i++;
			continue;
		}
		int l = xq__utf8_seq(s + i, n - i);
		if (l < 0)
			return 1;
		if (l == 0)
			return 0;
		i += (size_t)l;
	}
	return 1;
}

/* Characters whose presence says the decoding is right: piece names,
 * directions, numerals, result words, full-width digits. */
static const char *const repertoire[] = {
	"炮", "马", "車", "车", "馬", "兵", "卒", "进", "進", "退", "平", "帅",
	"將", "将", "帥", "仕", "士", "相", "象", "红", "紅", "黑", "胜", "勝",
	"和", "一", "二", "三", "四", "五", "六", "七", "八", "九", "前", "后",
	"後", "１", "２", "３", "４", "５", "６", "７", "８", "９", "砲", "棋",
};

/* The repertoire by the UTF-8 bytes of its characters (b0 << 16 | b1 << 8
 * | b2; each is three bytes), open addressing in 128 slots: each slot's
 * key and how often the list holds that character. */
#define REP_SLOTS 128
struct rep_table {
	uint32_t key[REP_SLOTS];
	uint8_t times[REP_SLOTS];
};

static unsigned rep_slot(uint32_t k)
{
	return (unsigned)((k * 0x9e3779b1u) >> 25);
}

static void rep_build(struct rep_table *t)
{
	memset(t, 0, sizeof *t);
	for (size_t i = 0; i < sizeof repertoire / sizeof *repertoire; i++) {
		const unsigned char *c = (const unsigned char *)repertoire[i];
		uint32_t k = (uint32_t)c[0] << 16 | (uint32_t)c[1] << 8 | c[2];
		unsigned h = rep_slot(k);
		while (t->key[h] && t->key[h] != k)
			h = (h + 1) % REP_SLOTS;
		t->key[h] = k;
		t->times[h]++;
	}
}

/*
 * The repertoire's hits in out[0..n) as strstr() would count them, each
 * string of the list on its own, up to the first NUL: iconv writes whole
 * UTF-8 characters, in which a three-byte character's bytes stand only
 * where that character does, so a hit is a character of the repertoire.
 */
static long rep_hits(const struct rep_table *t, const char *out, size_t n)
{
	const unsigned char *u = (const unsigned char *)out;
	long hits = 0;
	for (size_t i = 0; i < n && u[i]; i++) {
		if ((u[i] & 0xf0) != 0xe0 || n - i < 3)
			continue;
		uint32_t k = (uint32_t)u[i] << 16 | (uint32_t)u[i + 1] << 8 | u[i + 2];
		for (unsigned h = rep_slot(k); t->key[h]; h = (h + 1) % REP_SLOTS)
			if (t->key[h] == k) {
				hits += t->times[h];
				break;
			}
	}
	return hits;
}

long xq__repertoire_hits(const char *s, size_t n)
{
	struct rep_table rep;
	rep_build(&rep);
	return rep_hits(&rep, s, n);
}

size_t xq__repertoire(const char *const **list)
{
	*list = repertoire;
	return sizeof repertoire / sizeof *repertoire;
}

/*
 * How likely a decoding is, character by character: a character of the
 * repertoire counts 4 (and a valid UTF-8 sequence 1 more, for its
 * validity); one that text of this kind is made of (common
 * hanzi, the full-width punctuation and digits, Latin, Greek and Cyrillic
 * letters) 1; a rare one (second-level hanzi, kana) 0; one that text is
 * almost never made of (extension and user-defined rows, IPA, Armenian,
 * controls) -1; a byte that does not decode -4.  Right decodings score
 * high; a wrong one turns text into rare and odd characters.
 */
enum { CH_BAD = -4, CH_ODD = -1, CH_RARE = 0, CH_COMMON = 1 };

static int gb_pair_class(unsigned a, unsigned b)
{
	if (b < 0xa1 || b == 0xff)
		return CH_ODD;          /* GBK's extension: rare characters */
	if (a <= 0xa3)
		return CH_COMMON;       /* punctuation, full-width forms */
	if (a <= 0xa9)
		return CH_RARE;         /* kana, Greek, Cyrillic, pinyin, boxes */
	if (a >= 0xb0 && a <= 0xd7)
		return CH_COMMON;       /* the first level of hanzi */
	if (a >= 0xd8 && a <= 0xf7)
		return CH_RARE;         /* the second level */
	return CH_ODD;
}

static int big5_pair_class(unsigned a, unsigned b)
{
	unsigned c = a << 8 | b;
	if (a <= 0xa3)
		return CH_COMMON;       /* punctuation, full-width forms */
	if (c >= 0xa440 && c <= 0xc67e)
		return CH_COMMON;       /* frequently used hanzi */
	if (c >= 0xc940 && c <= 0xf9d5)
		return CH_RARE;         /* less frequently used */
	return CH_ODD;
}

static int utf8_class(uint32_t cp)
{
	if (cp < 0xa0)
		return CH_BAD;          /* C1 controls */
	if (cp <= 0x24f || (cp >= 0x370 && cp <= 0x4ff))
		return CH_COMMON;       /* Latin, Greek, Cyrillic */
	if (cp < 0x800)
		return CH_ODD;          /* IPA, combining marks, Armenian... */
	if ((cp >= 0x3000 && cp <= 0x303f) || (cp >= 0x4e00 && cp <= 0x9fff) ||
	    (cp >= 0xff00 && cp <= 0xffef) || (cp >= 0x2000 && cp <= 0x206f) || cp == 0xfffd)
		return CH_COMMON;       /* (U+FFFD: what a decoder left of a bad byte) */
	if (cp >= 0xe000 && cp <= 0xf8ff)
		return CH_ODD;          /* private use */
	if (cp >= XQ_RAW_BYTE_BASE + 0x80 && cp <= XQ_RAW_BYTE_BASE + 0xff)
		return CH_COMMON;       /* a byte a reader kept raw, as U+FFFD */
	return CH_RARE;
}

/* The score of s[0..n) as GB18030 (big5 0) or Big5 (big5 1), without the
 * repertoire; *chars counts the characters. */
static long score_pairs(const unsigned char *s, size_t n, int big5, long *chars)
{
	long score = 0;
	for (size_t i = 0; i < n;) {
		unsigned a = s[i], b = i + 1 < n ? s[i + 1] : 0x100;
		if (a < 0x80) {
			i++;
			continue;
		}
		++*chars;
		if (b == 0x100)
			break;          /* cut at the end of the sample */
		if (!big5 && a >= 0x81 && a <= 0xfe && b >= 0x30 && b <= 0x39) {
			/* a four-byte GB18030 sequence: characters GBK lacks */
			if (i + 3 < n && s[i + 2] >= 0x81 && s[i + 2] <= 0xfe && s[i + 3] >= 0x30 &&
			    s[i + 3] <= 0x39) {
				score += CH_ODD;
				i += 4;
			} else {
				score += CH_BAD;
				i++;
			}
			continue;
		}
		if (big5 ? a < 0xa1 || a > 0xf9 || b < 0x40 || (b > 0x7e && b < 0xa1) || b == 0xff :
			   a == 0x80 || a == 0xff || b < 0x40 || b == 0x7f || b == 0xff) {
			score += CH_BAD;
			i++;
			continue;
		}
		score += big5 ? big5_pair_class(a, b) : gb_pair_class(a, b);
		i += 2;
	}
	return score;
}

long xq__decoded_hits(const char *enc, const void *buf, size_t n)
{
	iconv_t cd = iconv_open("UTF-8", enc);
	char out[8192];
	long hits = 0;
	char *in = (char *)buf;
	size_t inleft = n;
	struct rep_table rep;

	if (cd == (iconv_t)-1)
		return 0;
	rep_build(&rep);
	while (inleft > 0) {
		char *o = out;
		size_t oleft = sizeof out - 1;
		size_t rc = iconv(cd, &in, &inleft, &o, &oleft);
		hits += rep_hits(&rep, out, (size_t)(o - out));
		if (rc == (size_t)-1) {
			if (errno == EILSEQ) {
				/* the byte, and those after it that start no
				 * character in any encoding guessed among (0x80,
				 * 0xFF): one call a run of them, not a byte */
				do
					in++, inleft--;
				while (inleft > 0 && ((unsigned char)*in == 0x80 ||
						      (unsigned char)*in == 0xff));
			} else if (errno == EINVAL) {
				break; /* cut at the end of the sample */
			}
			/* E2BIG: loop with a fresh buffer (iconv splits no
			 * character between them) */
		}
	}
	iconv_close(cd);
	return hits;
}

/* The score of valid UTF-8 s[0..n). */
static long score_utf8(const unsigned char *s, size_t n, long *chars)
{
	struct rep_table rep;
	long score = 0;
	for (size_t i = 0; i < n;) {
		uint32_t cp;
		int l;
		if (s[i] < 0x80) {
			i++;
			continue;
		}
		l = xq__utf8_seq(s + i, n - i);
		if (l <= 0)
			break;          /* cut at the end of the sample */
		++*chars;
		cp = l == 2 ? (uint32_t)(s[i] & 0x1f) << 6 | (s[i + 1] & 0x3f) :
		     l == 3 ? (uint32_t)(s[i] & 0x0f) << 12 | (uint32_t)(s[i + 1] & 0x3f) << 6 | (s[i + 2] & 0x3f) :
			      (uint32_t)(s[i] & 0x07) << 18 | (uint32_t)(s[i + 1] & 0x3f) << 12 |
				      (uint32_t)(s[i + 2] & 0x3f) << 6 | (s[i + 3] & 0x3f);
		/* each sequence valid by the rules of UTF-8 counts for it
		 * too: other encodings rarely make them by chance */
		score += utf8_class(cp) + 1;
		i += (size_t)l;
	}
	rep_build(&rep);
	return score + 4 * rep_hits(&rep, (const char *)s, n);
}

/*
 * Whether every character of s[0..n) beyond ASCII is valid UTF-8 for a
 * hanzi (U+4E00-U+9FFF), CJK punctuation (U+3000-U+303F) or a full-width
 * form (U+FF00-U+FFEF), two or more of them.  Each is three bytes of a
 * shape text in GB18030 or Big5 makes only by rare chance: a name or two
 * in UTF-8 is thin evidence in number, not in kind.
 */
static int utf8_all_cjk(const unsigned char *s, size_t n)
{
	long k = 0;
	for (size_t i = 0; i < n;) {
		uint32_t cp;
		if (s[i] < 0x80) {
			i++;
			continue;
		}
		if (xq__utf8_seq(s + i, n - i) != 3)
			return 0;
		cp = (uint32_t)(s[i] & 0x0f) << 12 | (uint32_t)(s[i + 1] & 0x3f) << 6 | (s[i + 2] & 0x3f);
		if (!((cp >= 0x4e00 && cp <= 0x9fff) || (cp >= 0x3000 && cp <= 0x303f) ||
		      (cp >= 0xff00 && cp <= 0xffef)))
			return 0;
		k++;
		i += 3;
	}
	return k >= 2;
}

/*
 * Text with no notation in it (tags, names, comments) scores the same in
 * both: look at the byte pairs.  GB2312 text has trail bytes 0xA1-0xFE
 * only and its hanzi from lead 0xB0; Big5's most frequent hanzi have lead
 * bytes 0xA4-0xAF (kana, Greek and empty rows in GB) and four in ten of
 * its trail bytes are 0x40-0x7E.  A pair Big5 cannot hold (lead 0x81-0xA0
 * or 0xFA-0xFE, trail outside its ranges) settles it for GB18030.
 */
static int byte_pairs_say_big5(const unsigned char *s, size_t n)
{
	long pairs = 0, big5ish = 0;
	for (size_t i = 0; i + 1 < n; i++) {
		unsigned a = s[i], b = s[i + 1];
		if (a < 0x81)
			continue;
		if (a == 0xff || a < 0xa1 || a > 0xf9 || b < 0x40 || (b > 0x7e && b < 0xa1) || b == 0xff)
			return 0;
		pairs++;
		if (b <= 0x7e || (a >= 0xa4 && a <= 0xaf))
			big5ish++;
		i++;
	}
	return pairs && big5ish * 4 >= pairs;
}

/* Two decodings whose scores differ by less than ENC_CLOSE are close;
 * fewer than ENC_THIN characters that are not ASCII are too few to tell. */
#define ENC_CLOSE 4
#define ENC_THIN 4

const char *xq__detect_encoding(const void *buf, size_t len, const char **rival)
{
	const unsigned char *s = buf;
	long cu = 0, cg = 0, cb = 0, u = 0, gb, big5, top, second;
	const char *best, *other;
	int utf8;

	if (rival)
		*rival = NULL;
	if (len >= 3 && s[0] == 0xef && s[1] == 0xbb && s[2] == 0xbf)
		return "UTF-8";
	utf8 = valid_utf8(s, len);
	if (utf8)
		u = score_utf8(s, len, &cu);
	if (utf8 && !cu)
		return "UTF-8"; /* ASCII */
	gb = score_pairs(s, len, 0, &cg) + 4 * xq__decoded_hits("GB18030", s, len);
	big5 = score_pairs(s, len, 1, &cb) + 4 * xq__decoded_hits("BIG5", s, len);
	if (big5 > gb || (big5 == gb && byte_pairs_say_big5(s, len))) {
		best = "BIG5", other = "GB18030", top = big5, second = gb;
	} else {
		best = "GB18030", other = "BIG5", top = gb, second = big5;
	}
	if (utf8 && u >= top) {
		/* valid UTF-8 wins a tie: it is rarely valid by chance */
		second = top;
		other = best;
		best = "UTF-8";
		top = u;
	} else if (utf8 && u > second) {
		second = u;
		other = "UTF-8";
	}
	if (rival && (top - second < ENC_CLOSE || (utf8 ? cu : cg) < ENC_THIN) &&
	    !(utf8 && !strcmp(best, "UTF-8") && top - second >= ENC_CLOSE && utf8_all_cjk(s, len)))
		*rival = other;
	return best;
}

int xq_raw_byte_at(const char *s, size_t n)
{
	return xq__raw_at((const unsigned char *)s, n);
}

const char *xq_detect_encoding(const void *buf, size_t len)
{
	return xq__detect_encoding(buf, len, NULL);
}

const char *xq_encoding_name(const char *user)
{
	static const struct {
		const char *user, *name;
	} names[] = {
		{ "utf-8", "UTF-8" }, { "utf8", "UTF-8" },
		{ "gbk", "GBK" }, { "cp936", "GBK" }, { "gb2312", "GB2312" },
		{ "gb18030", "GB18030" }, { "euc-cn", "GB2312" },
		{ "big5", "BIG5" }, { "big-5", "BIG5" }, { "cp950", "CP950" },
		{ "big5-hkscs", "BIG5-HKSCS" }, { "big5hkscs", "BIG5-HKSCS" },
	};
	if (!user)
		return NULL;
	for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
		const char *a = user, *b = names[i].user;
		while (*a && *b) {
			int x = xq__ascii_lower((unsigned char)*a);
			if (x == '_')
				x = '-';
			if (x != *b)
				break;
			a++, b++;
		}
		if (!*a && !*b)
			return names[i].name;
	}
	return NULL;
}

int xq_convert(const char *to, const char *from, const char *in, size_t len,
	       char **out, size_t *outlen, size_t *bad)
{
	iconv_t cd;
	size_t cap = len * 2 + 16, used = 0;
	char *buf, *ip = (char *)in;
	size_t inleft = len;

	*out = NULL;
	if (outlen)
		*outlen = 0;
	if ((cd = iconv_open(to, from)) == (iconv_t)-1)
		return XQ_EINVAL;
	if (!(buf = malloc(cap))) {
		iconv_close(cd);
		return XQ_ENOMEM;
	}
	for (;;) {
		char *op = buf + used;
		size_t oleft = cap - used - 1;
		size_t rc = iconv(cd, inleft ? &ip : NULL, &inleft, &op, &oleft);
		used = (size_t)(op - buf);
		if (rc != (size_t)-1) {
			if (inleft == 0)
				break;
			continue;
		}
		if (errno == E2BIG) {
			if (xq__grow(&buf, &cap, cap * 2) < 0) {
				free(buf);
				iconv_close(cd);
				return XQ_ENOMEM;
			}
			continue;
		}
		/* EILSEQ (undecodable or unencodable) or EINVAL (cut short) */
		if (bad)
			*bad = (size_t)(ip - in);
		free(buf);
		iconv_close(cd);
		return XQ_EINVAL;
	}
	iconv_close(cd);
	buf[used] = '\0';
	*out = buf;
	if (outlen)
		*outlen = used;
	return 0;
}

/* ------------------------------------------- UTF-8 on a terminal */

static int char_width(uint32_t cp)
{
	if ((cp >= 0x1100 && cp <= 0x115f) || (cp >= 0x2e80 && cp <= 0xa4cf) ||
	    (cp >= 0xac00 && cp <= 0xd7a3) || (cp >= 0xf900 && cp <= 0xfaff) ||
	    (cp >= 0xfe30 && cp <= 0xfe4f) || (cp >= 0xff00 && cp <= 0xff60) ||
	    (cp >= 0xffe0 && cp <= 0xffe6) || (cp >= 0x20000 && cp <= 0x3fffd))
		return 2;
	return cp >= 0x20;
}

/* The character at s (n > 0 bytes there), decoded, a byte that starts
 * none a U+FFFD: its width added to *w; returns its length. */
static inline size_t width_of_char(const char *s, size_t n, int *w)
{
	uint32_t cp;
	int l = xq__utf8_decode((const unsigned char *)s, n, &cp);
	if (l <= 0) {
		l = 1;
		cp = 0xfffd;
	}
	*w += char_width(cp);
	return (size_t)l;
}

int xq_text_width(const char *s, size_t len)
{
	int w = 0;
	for (size_t i = 0; i < len;) {
		unsigned char b = (unsigned char)s[i];
		if (b < 0x80) {
			/* ASCII, the most of a move or a number */
			w += b >= 0x20;
			i++;
			continue;
		}
		if (b >= 0xe3 && b <= 0xe9 && len - i >= 3 &&
		    (((unsigned char)s[i + 1] ^ 0x80u) | ((unsigned char)s[i + 2] ^ 0x80u)) < 0x40) {
			/* and Chinese: U+3000..U+9FFF, whole, is wide */
			w += 2;
			i += 3;
			continue;
		}
		if (b == 0xef && len - i >= 3 && (unsigned char)s[i + 1] == 0xbc &&
		    ((unsigned char)s[i + 2] ^ 0x80u) < 0x40) {
			/* the full-width forms U+FF00..U+FF3F (digits １..９) */
			w += 2;
			i += 3;
			continue;
		}
		i += width_of_char(s + i, len - i, &w);
	}
	return w;
}

int xq__text_width_general(const char *s, size_t len)
{
	int w = 0;
	for (size_t i = 0; i < len;)
		i += width_of_char(s + i, len - i, &w);
	return w;
}

size_t xq_utf8_prefix(const char *s, size_t n)
{
	return xq__utf8_cut(s, n);
}

/* ------------------------------------------- streaming conversion */

struct xq__conv {
	iconv_t cd;
};

struct xq__conv *xq__conv_open(const char *to, const char *from)
{
	struct xq__conv *c = malloc(sizeof *c);
	if (!c)
		return NULL;
	if ((c->cd = iconv_open(to, from)) == (iconv_t)-1) {
		free(c);
		return NULL;
	}
	return c;
}

void xq__conv_close(struct xq__conv *c)
{
	if (c) {
		iconv_close(c->cd);
		free(c);
	}
}

size_t xq__conv(struct xq__conv *c, char **in, size_t *inleft, char **out, size_t *outleft)
{
	return iconv(c->cd, in, inleft, out, outleft);
}

/* ------------------------------------------- lenient decoding, cached */

struct xq__decoder {
	const char *from;
	iconv_t cd;
	int tried;          /* iconv_open was called (cd may be -1) */
};

struct xq__decoder *xq__decoder_new(const char *from)
{
	struct xq__decoder *d = calloc(1, sizeof *d);
	if (d) {
		d->from = from;
		d->cd = (iconv_t)-1;
	}
	return d;
}

void xq__decoder_free(struct xq__decoder *d)
{
	if (d && d->cd != (iconv_t)-1)
		iconv_close(d->cd);
	free(d);
}

/* s[0..n) decoded by cd (or, cd -1, ASCII alone), every byte that starts
 * no character kept as its raw code point; *raw_at as
 * xq__decode_lenient(). */
static char *decode_cd(iconv_t cd, const unsigned char *s, size_t n, size_t *outlen,
		       size_t *raw_at)
{
	/* four bytes of UTF-8 at most for each byte: a raw code point */
	size_t cap = n * 4 + 1, o = 0;
	char *out = malloc(cap);
	int ascii = 1;

	*raw_at = (size_t)-1;
	if (!out)
		return NULL;
	for (size_t i = 0; i < n; i++)
		if (s[i] >= 0x80)
			ascii = 0;
	if (ascii || cd == (iconv_t)-1) {
		for (size_t i = 0; i < n; i++) {
			if (s[i] < 0x80) {
				out[o++] = (char)s[i];
			} else {        /* no converter: kept raw */
				if (*raw_at == (size_t)-1)
					*raw_at = i;
				xq__raw_put(out + o, s[i]);
				o += 4;
			}
		}
	} else {
		char *in = (char *)(uintptr_t)s, *op = out;
		size_t inleft = n, outleft = cap - 1;
		iconv(cd, NULL, NULL, NULL, NULL);
		while (inleft) {
			if (iconv(cd, &in, &inleft, &op, &outleft) != (size_t)-1)
				break;
			/* EILSEQ, or EINVAL (a character cut by the end): the
			 * first byte kept raw, decoding goes on after it */
			if ((errno != EILSEQ && errno != EINVAL) || outleft < 4)
				break;
			if (*raw_at == (size_t)-1)
				*raw_at = (size_t)(in - (char *)(uintptr_t)s);
			xq__raw_put(op, (unsigned char)*in);
			op += 4;
			outleft -= 4;
			in++;
			inleft--;
			iconv(cd, NULL, NULL, NULL, NULL);
		}
		o = (size_t)(op - out);
	}
	out[o] = '\0';
	*outlen = o;
	return out;
}

char *xq__decode_lenient(struct xq__decoder *d, const void *s, size_t n, size_t *outlen,
			 size_t *raw_at)
{
	iconv_t cd;
	char *out;
	size_t ignored;
	if (!raw_at)
		raw_at = &ignored;
	if (d) {
		/* opened at the first text that needs it: a file of ASCII
		 * names and comments never opens one */
		if (!d->tried) {
			const unsigned char *u = s;
			size_t i = 0;
			while (i < n && u[i] < 0x80)
				i++;
			if (i == n)
				return decode_cd((iconv_t)-1, s, n, outlen, raw_at);
			d->cd = iconv_open("UTF-8", d->from);
			d->tried = 1;
		}
		return decode_cd(d->cd, s, n, outlen, raw_at);
	}
	cd = iconv_open("UTF-8", "GB18030");
	out = decode_cd(cd, s, n, outlen, raw_at);
	if (cd != (iconv_t)-1)
		iconv_close(cd);
	return out;
}

/* ----------------------------------------------------- encoding, whole */

int xq__encode(const char *enc, const char *s, size_t n, int replace, int gbk_only,
	       char **out, size_t *outlen, size_t *bad, long *replaced)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t cap = n * 2 + 16, o = 0, i = 0;
	iconv_t cd;
	char *buf;
	int rc = 0;

	*out = NULL;
	*outlen = 0;
	if ((cd = iconv_open(enc, "UTF-8")) == (iconv_t)-1)
		return XQ_EINVAL;
	if (!(buf = malloc(cap))) {
		iconv_close(cd);
		return XQ_ENOMEM;
	}
	while (i < n) {
		uint32_t cp;
		int l, raw;
		if (cap - o < 16 && xq__grow(&buf, &cap, cap * 2) < 0) {
			rc = XQ_ENOMEM;
			break;
		}
		if (u[i] < 0x80) {
			buf[o++] = (char)u[i++];
			continue;
		}
		if ((raw = xq__raw_at(u + i, n - i)) >= 0) {
			buf[o++] = (char)raw;
			i += 4;
			continue;
		}
		if ((l = xq__utf8_decode(u + i, n - i, &cp)) <= 0) {
			*bad = i;
			rc = XQ_EINVAL;
			break;
		}
		/* one character at a time: these are a record's short strings */
		char *ip = (char *)(uintptr_t)(u + i), *op = buf + o;
		size_t il = (size_t)l, ol = cap - o - 1;
		iconv(cd, NULL, NULL, NULL, NULL);
		if (iconv(cd, &ip, &il, &op, &ol) == (size_t)-1 || il ||
		    iconv(cd, NULL, NULL, &op, &ol) == (size_t)-1 || (gbk_only && op - (buf + o) > 2)) {
			if (!replace) {
				*bad = i;
				rc = XQ_EINVAL;
				break;
			}
			buf[o++] = '?';
			if (replaced)
				++*replaced;
		} else {
			o = (size_t)(op - buf);
		}
		i += (size_t)l;
	}
	iconv_close(cd);
	if (rc < 0) {
		free(buf);
		return rc;
	}
	buf[o] = '\0';
	*out = buf;
	*outlen = o;
	return 0;
}

/* ----------------------------------------------------------- pair tables */

int xq__dbcs_encoding(const char *enc)
{
	return !strcmp(enc, "GB18030") || !strcmp(enc, "GBK") || !strcmp(enc, "GB2312") ||
	       !strcmp(enc, "BIG5") || !strcmp(enc, "CP950");
}

/* The pair lead, trail as cd decodes it alone, from a fresh state: its
 * code point when that is one character of three bytes of UTF-8
 * (U+0800..U+FFFF), else 0; cd is left in its initial state. */
static unsigned decode_pair(iconv_t cd, unsigned lead, unsigned trail)
{
	char in[2] = { (char)lead, (char)trail }, out[8];
	char *ip = in, *op = out;
	size_t il = 2, ol = sizeof out, rc;
	uint32_t cp;
	if (lead < 0x81 || lead > 0xFE || trail < 0x40 || trail > 0xFE)
		return 0;
	iconv(cd, NULL, NULL, NULL, NULL);
	rc = iconv(cd, &ip, &il, &op, &ol);
	iconv(cd, NULL, NULL, NULL, NULL);
	if (rc == (size_t)-1 || il != 0)
		return 0;
	if (op - out == 3 && xq__utf8_decode((const unsigned char *)out, 3, &cp) == 3)
		return (unsigned)cp;
	return 0;
}

unsigned xq__conv_pair(struct xq__conv *c, unsigned lead, unsigned trail)
{
	return decode_pair(c->cd, lead, trail);
}

uint16_t *xq__dbcs_decode_table(const char *enc)
{
	iconv_t cd;
	uint16_t *t;
	if (!xq__dbcs_encoding(enc) || (cd = iconv_open("UTF-8", enc)) == (iconv_t)-1)
		return NULL;
	if (!(t = calloc(XQ__DBCS_LEADS * XQ__DBCS_TRAILS, sizeof *t))) {
		iconv_close(cd);
		return NULL;
	}
	for (int lead = 0; lead < XQ__DBCS_LEADS; lead++)
		for (int trail = 0; trail < XQ__DBCS_TRAILS; trail++)
			t[lead * XQ__DBCS_TRAILS + trail] =
				(uint16_t)decode_pair(cd, 0x81u + (unsigned)lead, 0x40u + (unsigned)trail);
	iconv_close(cd);
	return t;
}

uint16_t *xq__dbcs_encode_table(const char *enc)
{
	iconv_t cd;
	uint16_t *t;
	if (!xq__dbcs_encoding(enc) || (cd = iconv_open(enc, "UTF-8")) == (iconv_t)-1)
		return NULL;
	if (!(t = calloc(65536, sizeof *t))) {
		iconv_close(cd);
		return NULL;
	}
	for (uint32_t cp = 0x80; cp < 0x10000; cp++) {
		char in[4], out[8], *ip = in, *op = out;
		size_t il, ol = sizeof out;
		if (cp >= 0xD800 && cp <= 0xDFFF)
			continue;
		il = xq__utf8_put(in, cp);
		iconv(cd, NULL, NULL, NULL, NULL);
		if (iconv(cd, &ip, &il, &op, &ol) == (size_t)-1 || il != 0 ||
		    iconv(cd, NULL, NULL, &op, &ol) == (size_t)-1 || op - out != 2)
			continue;
		t[cp] = (uint16_t)((unsigned char)out[0] << 8 | (unsigned char)out[1]);
	}
	iconv_close(cd);
	return t;
}
