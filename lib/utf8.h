/*
 * utf8.h - UTF-8 helpers private to the library: the strict sequence
 * check shared by encoding detection (encoding.c) and the reader's
 * decoder (io.c), so that what detection calls UTF-8 is exactly what the
 * decoder accepts; and the encoder of the formats that carry code points
 * (numeric entities, UTF-16).  Inline: they run once per character.
 */
#ifndef XQ_UTF8_H
#define XQ_UTF8_H

#include <stddef.h>
#include <stdint.h>

/* Length of the valid UTF-8 sequence at s (n bytes there): > 0, 0 when
 * invalid (overlong, surrogate, beyond U+10FFFF, bad continuation), -1
 * when cut short by the end of the buffer. */
static inline int xq__utf8_seq(const unsigned char *s, size_t n)
{
	unsigned c = s[0], cp, min;
	int len;
	if (c < 0x80)
		return 1;
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
	cp = c & (0x7fu >> len);
	for (int i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3fu);
	}
	if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return len;
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
