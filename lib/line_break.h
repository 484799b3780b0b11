/*
 * line_break.h - where the next line break of decoded text is, sixteen
 * bytes at a time: the search of the line reader (lib/lines.c).
 */
#ifndef XQ_LINE_BREAK_H
#define XQ_LINE_BREAK_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* Where the first CR or LF of s[i..n) is, or n: sixteen bytes at a time
 * where SSE2 is, else eight (the lowest flagged byte is the first: a
 * borrow only flags bytes above a zero one), never reading past s + n. */
static inline size_t xq__line_break_at(const char *s, size_t i, size_t n)
{
#if defined(__SSE2__)
	const __m128i lf = _mm_set1_epi8('\n'), cr = _mm_set1_epi8('\r');
	for (; i + 16 <= n; i += 16) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
		unsigned m = (unsigned)_mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(v, lf),
								      _mm_cmpeq_epi8(v, cr)));
		if (m)
			return i + (size_t)__builtin_ctz(m);
	}
	if (i < n && n >= 16) {
		/* the last sixteen bytes, those before i left out */
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + n - 16));
		unsigned m = (unsigned)_mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(v, lf),
								      _mm_cmpeq_epi8(v, cr)));
		m >>= i - (n - 16);
		return m ? i + (size_t)__builtin_ctz(m) : n;
	}
#elif defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	const uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
	for (; i + 8 <= n; i += 8) {
		uint64_t w, a, b, f;
		memcpy(&w, s + i, 8);
		a = w ^ (ones * '\n');
		b = w ^ (ones * '\r');
		f = ((a - ones) & ~a & highs) | ((b - ones) & ~b & highs);
		if (f)
			return i + (size_t)(__builtin_ctzll(f) >> 3);
	}
#endif
	while (i < n && s[i] != '\n' && s[i] != '\r')
		i++;
	return i;
}

#endif
