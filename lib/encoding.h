/*
 * encoding.h - the lenient decoder of lib/encoding.c for binary formats
 * whose strings are in a legacy encoding (XQF: GBK), with the iconv
 * descriptor cached across games.  Internal to libxq; iconv is used in
 * lib/encoding.c only.
 */
#ifndef XQ_ENCODING_H
#define XQ_ENCODING_H

#include <stddef.h>

/* A converter from one encoding to UTF-8, opened on first use. */
struct xq__decoder;

/* A decoder from encoding from (an iconv name, kept by pointer); NULL when
 * out of memory.  Opening iconv is left to the first decode. */
struct xq__decoder *xq__decoder_new(const char *from);
void xq__decoder_free(struct xq__decoder *d);

/*
 * Decode s[0..n) to UTF-8, tolerantly: a byte that does not decode becomes
 * U+FFFD, an incomplete character at the end is dropped, and when iconv
 * has no converter every non-ASCII byte is U+FFFD.  d may be NULL (a
 * converter for this call only, from GB18030).  Returns a malloc'd string
 * with a NUL after *outlen bytes (it may hold NULs itself), or NULL when
 * out of memory.
 */
char *xq__decode_lenient(struct xq__decoder *d, const void *s, size_t n, size_t *outlen);

#endif
