/*
 * mix.h - splitmix64, the one mixing step behind the library's hashes,
 * Zobrist keys and deterministic byte streams: XQ__SM*() as constant
 * expressions (the Zobrist table is worked out by the compiler),
 * xq__mix64() and xq__splitmix64() as functions.
 */
#ifndef XQ_MIX_H
#define XQ_MIX_H

#include <stdint.h>

#define XQ__SM0(i) ((uint64_t)(i) + 0x9e3779b97f4a7c15ull)
#define XQ__SM1(z) (((z) ^ ((z) >> 30)) * 0xbf58476d1ce4e5b9ull)
#define XQ__SM2(z) (((z) ^ ((z) >> 27)) * 0x94d049bb133111ebull)
#define XQ__SM3(z) ((z) ^ ((z) >> 31))

/* splitmix64's finaliser: every bit of x moves every bit of the result. */
static inline uint64_t xq__mix64(uint64_t x)
{
	return XQ__SM3(XQ__SM2(XQ__SM1(x)));
}

/* The next value of the splitmix64 stream whose state is *state. */
static inline uint64_t xq__splitmix64(uint64_t *state)
{
	return xq__mix64(*state += 0x9e3779b97f4a7c15ull);
}

#endif
