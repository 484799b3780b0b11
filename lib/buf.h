/*
 * buf.h - the growable byte buffer of the library, the one copy: writers
 * render a game into one, formats build blocks and binary files in one,
 * the movetext scanner collects comments with xq__grow().  Internal to
 * libxq (lib/buf.c).
 *
 * Invariants: p[0..len) holds the bytes and p[len] is a NUL whenever p is
 * not NULL; cap is the size of p.  After a failed allocation oom is set,
 * the bytes stay as they were and every later put fails too (sticky), so
 * a caller may check once at the end.  { 0 } is an empty buffer;
 * xq__buf_free() releases it.
 */
#ifndef XQ_BUF_H
#define XQ_BUF_H

#include <stdarg.h>
#include <stddef.h>

struct xq__buf {
	char *p;
	size_t len, cap;
	int oom;
};

/* Make *p (of *cap bytes) hold at least need bytes, doubling: 0, or
 * XQ_ENOMEM with *p and *cap unchanged. */
int xq__grow(char **p, size_t *cap, size_t need);

/* Room for more bytes after len (and the NUL): 0 or XQ_ENOMEM (oom). */
int xq__buf_reserve(struct xq__buf *b, size_t more);
/* Append s[0..n): 0 or XQ_ENOMEM. */
int xq__buf_put(struct xq__buf *b, const void *s, size_t n);
int xq__buf_puts(struct xq__buf *b, const char *s);
/* Append s as XML/HTML text and attribute values take it: & < > " as
 * entities, carriage returns left out.  0 or XQ_ENOMEM. */
int xq__buf_put_xml(struct xq__buf *b, const char *s);
/* Append printf output: 0, XQ_ENOMEM, or XQ_EINVAL for a bad format. */
int xq__buf_printf(struct xq__buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
int xq__buf_vprintf(struct xq__buf *b, const char *fmt, va_list ap)
	__attribute__((format(printf, 2, 0)));
void xq__buf_free(struct xq__buf *b);

#endif
