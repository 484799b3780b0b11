/*
 * buf.c - the growable byte buffer (see buf.h).
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "xq.h"

int xq__grow(char **p, size_t *cap, size_t need)
{
	size_t c;
	char *np;
	if (*cap >= need)
		return 0;
	if (need > SIZE_MAX / 4)
		return XQ_ENOMEM;  /* more than memory can hold; no overflow below */
	c = *cap ? *cap : 256;
	while (c < need)
		c *= 2;
	if (!(np = realloc(*p, c)))
		return XQ_ENOMEM;
	*p = np;
	*cap = c;
	return 0;
}

int xq__buf_reserve(struct xq__buf *b, size_t more)
{
	if (b->oom)
		return XQ_ENOMEM;
	if (more > SIZE_MAX / 4 - b->len || xq__grow(&b->p, &b->cap, b->len + more + 1) < 0) {
		b->oom = 1;
		return XQ_ENOMEM;
	}
	return 0;
}

int xq__buf_put(struct xq__buf *b, const void *s, size_t n)
{
	if (xq__buf_reserve(b, n) < 0)
		return XQ_ENOMEM;
	if (n)
		memcpy(b->p + b->len, s, n);
	b->len += n;
	b->p[b->len] = '\0';
	return 0;
}

int xq__buf_puts(struct xq__buf *b, const char *s)
{
	return xq__buf_put(b, s, strlen(s));
}

int xq__buf_put_xml(struct xq__buf *b, const char *s)
{
	int rc = 0;
	for (; s && *s && rc == 0; s++) {
		switch (*s) {
		case '&': rc = xq__buf_puts(b, "&amp;"); break;
		case '<': rc = xq__buf_puts(b, "&lt;"); break;
		case '>': rc = xq__buf_puts(b, "&gt;"); break;
		case '"': rc = xq__buf_puts(b, "&quot;"); break;
		case '\r': break;
		default: rc = xq__buf_put(b, s, 1);
		}
	}
	return rc;
}

int xq__buf_vprintf(struct xq__buf *b, const char *fmt, va_list ap)
{
	va_list again;
	int n;
	/* try in the room there is, then once more in room enough */
	if (xq__buf_reserve(b, 64) < 0)
		return XQ_ENOMEM;
	va_copy(again, ap);
	n = vsnprintf(b->p + b->len, b->cap - b->len, fmt, ap);
	if (n >= 0 && (size_t)n >= b->cap - b->len) {
		if (xq__buf_reserve(b, (size_t)n) < 0) {
			b->p[b->len] = '\0';
			va_end(again);
			return XQ_ENOMEM;
		}
		n = vsnprintf(b->p + b->len, b->cap - b->len, fmt, again);
	}
	va_end(again);
	if (n < 0) {
		b->p[b->len] = '\0';
		return XQ_EINVAL;
	}
	b->len += (size_t)n;
	return 0;
}

int xq__buf_printf(struct xq__buf *b, const char *fmt, ...)
{
	va_list ap;
	int rc;
	va_start(ap, fmt);
	rc = xq__buf_vprintf(b, fmt, ap);
	va_end(ap);
	return rc;
}

void xq__buf_free(struct xq__buf *b)
{
	free(b->p);
	b->p = NULL;
	b->len = b->cap = 0;
	b->oom = 0;
}
