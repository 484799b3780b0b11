/*
 * whole.c - the whole input into one buffer, up to a limit (whole.h).
 */
#include <stdlib.h>

#include "source.h"
#include "whole.h"

int xq__read_whole(struct xq_reader *r, struct xq_game *g, size_t max, const char *what,
		   unsigned char **buf, size_t *len)
{
	unsigned char *b;
	size_t n, cap;
	/* what sniffing read is the buffer's start: a small file is read
	 * whole by then, and neither copied nor read again */
	int done = xq__reader_take_raw(r, &b, &n, &cap);

	*buf = NULL;
	*len = 0;
	if (done < 0)
		return done;
	while (!done && n <= max) {
		long k;
		/* the buffer grows only when full (most inputs fit the first
		 * 64 KiB) and stops just past the limit */
		if (n == cap && cap < max + 65536) {
			size_t nc = cap < 32768 ? 65536 : cap * 2;
			unsigned char *nb;
			if (nc > max + 65536)
				nc = max + 65536;
			if (!(nb = realloc(b, nc))) {
				free(b);
				return XQ_ENOMEM;
			}
			b = nb;
			cap = nc;
		}
		k = xq_reader_read(r, b + n, cap - n);
		if (k < 0) {
			free(b);
			return (int)k;
		}
		if (k == 0)
			break;
		n += (size_t)k;
	}
	if (n > max) {
		xq_reader_problem(r, g, XQ_SEV_FATAL, XQ_P_LIMIT, 0, 0, 0, NULL,
				  "%s larger than the limit of %zu MiB; not read", what, max >> 20);
		free(b);
		return XQ_ERANGE;
	}
	if (!n) {
		free(b);
		return 0;
	}
	*buf = b;
	*len = n;
	return 0;
}
