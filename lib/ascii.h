/*
 * ascii.h - ASCII-only text helpers private to the library: case folding
 * that ignores the locale (the library never calls setlocale, and
 * strcasecmp() follows it), for names of tags, formats, encodings,
 * notations and engine options; hex digits.  Inline: they are a few lines each.
 */
#ifndef XQ_ASCII_H
#define XQ_ASCII_H

#include <stddef.h>
#include <string.h>

/* c in lower case if it is an ASCII capital, else c. */
static inline int xq__ascii_lower(int c)
{
	return c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c;
}

/* Whether a[0..n) and b[0..n) are equal but for ASCII case. */
static inline int xq__ascii_ieq(const char *a, const char *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (xq__ascii_lower((unsigned char)a[i]) != xq__ascii_lower((unsigned char)b[i]))
			return 0;
	return 1;
}

/* strcmp() of the two strings as if both were in lower case. */
static inline int xq__ascii_casecmp(const char *a, const char *b)
{
	for (;; a++, b++) {
		int x = xq__ascii_lower((unsigned char)*a), y = xq__ascii_lower((unsigned char)*b);
		if (x != y || !x)
			return x - y;
	}
}

/* The value of hex digit c, or -1. */
static inline int xq__hex_digit(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* Whether s ends with suffix (exactly, and is longer than it). */
static inline int xq__has_suffix(const char *s, const char *suffix)
{
	size_t n = s ? strlen(s) : 0, k = strlen(suffix);
	return n > k && !memcmp(s + n - k, suffix, k);
}

#endif
