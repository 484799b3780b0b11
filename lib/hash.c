/*
 * hash.c - a 64-bit hash of bytes and the mixing step of hash tables
 * (see xq_hash64() and xq_mix64() in xq.h).
 */
#include <string.h>

#include "mix.h"
#include "xq.h"

#define mix xq__mix64

uint64_t xq_mix64(uint64_t x)
{
	return xq__mix64(x);
}

uint64_t xq_hash64(const void *data, size_t len, uint64_t seed)
{
	const unsigned char *p = data;
	uint64_t h = mix(seed ^ (len * 0x9e3779b97f4a7c15ULL));
	while (len >= 8) {
		uint64_t w;
		memcpy(&w, p, 8);
		h = mix(h ^ w) + 0x9e3779b97f4a7c15ULL;
		p += 8;
		len -= 8;
	}
	if (len) {
		uint64_t w = 0;
		memcpy(&w, p, len);
		h = mix(h ^ w ^ ((uint64_t)len << 56));
	}
	return mix(h);
}
