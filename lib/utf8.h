/*
 * utf8.h - UTF-8 helpers private to the library, the one copy of each:
 * the strict decoder shared by encoding detection (encoding.c), the
 * reader's decoder (lines.c), notation and the movetext scanner, so that
 * what detection calls UTF-8 is exactly what the decoder accepts; the
 * encoder of the formats that carry code points (numeric entities,
 * UTF-16); and the cut that keeps a sequence whole.  Inline: they run once
 * per character.
 */
#ifndef XQ_UTF8_H
#define XQ_UTF8_H

#include <stddef.h>
#include <stdint.h>

/* The valid UTF-8 sequence at s (n bytes there): its length, > 0, with
 * its code point in *cp; 0 when invalid (overlong, surrogate, beyond
 * U+10FFFF, bad continuation), -1 when cut short by the end of the
 * buffer (*cp untouched then). */
static inline int xq__utf8_decode(const unsigned char *s, size_t n, uint32_t *cp)
{
	unsigned c = s[0], min;
	uint32_t v;
	int len;
	if (c < 0x80) {
		*cp = c;
		return 1;
	}
	/* three bytes (CJK), whole: the common case, the same answer */
	if ((c & 0xf0) == 0xe0 && n >= 3 && (s[1] & 0xc0) == 0x80 && (s[2] & 0xc0) == 0x80) {
		v = (c & 0x0fu) << 12 | (s[1] & 0x3fu) << 6 | (s[2] & 0x3fu);
		if (v < 0x800 || (v >= 0xd800 && v <= 0xdfff))
			return 0;
		*cp = v;
		return 3;
	}
	if (c >= 0xc2 && c <= 0xdf)
		len = 2, min = 0x80;
	else if (c >= 0xe0 && c <= 0xef)
		len = 3, min = 0x800;
	else if (c >= 0xf0 && c <= 0xf4)
		len = 4, min = 0x10000;
	else
		return 0;
	if ((size_t)len > n) {
		for (size_t i = 1; i < n; i++)
			if ((s[i] & 0xc0) != 0x80)
				return 0;
		return -1;
	}
	v = c & (0x7fu >> len);
	for (int i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		v = v << 6 | (s[i] & 0x3fu);
	}
	if (v < min || v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff))
		return 0;
	*cp = v;
	return len;
}

/* Length of the valid UTF-8 sequence at s, as xq__utf8_decode(). */
static inline int xq__utf8_seq(const unsigned char *s, size_t n)
{
	uint32_t cp;
	return xq__utf8_decode(s, n, &cp);
}

/* The longest prefix of s[0..n) that does not end inside a multi-byte
 * sequence: n, or less when the last sequence is incomplete. */
static inline size_t xq__utf8_cut(const char *s, size_t n)
{
	size_t k = n;
	if (!n || (unsigned char)s[n - 1] < 0x80)
		return n; /* (the common case: ends in ASCII) */
	while (k > 0 && n - k < 3 && ((unsigned char)s[k - 1] & 0xc0) == 0x80)
		k--;
	if (k > 0) {
		unsigned char lead = (unsigned char)s[k - 1];
		size_t need = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
		if (n - (k - 1) < need)
			return k - 1;
	}
	return n;
}

/* Write the UTF-8 form of cp (at most U+10FFFF, not a surrogate) at o;
 * returns its length, 1 to 4 bytes. */
static inline size_t xq__utf8_put(char *o, uint32_t cp)
{
	if (cp < 0x80) {
		o[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		o[0] = (char)(0xC0 | cp >> 6);
		o[1] = (char)(0x80 | (cp & 0x3F));
		return 2;
	}
	if (cp < 0x10000) {
		o[0] = (char)(0xE0 | cp >> 12);
		o[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
		o[2] = (char)(0x80 | (cp & 0x3F));
		return 3;
	}
	o[0] = (char)(0xF0 | cp >> 18);
	o[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
	o[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
	o[3] = (char)(0x80 | (cp & 0x3F));
	return 4;
}

#endif
