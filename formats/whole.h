/*
 * whole.h - the format readers' toolkit for layouts read at once (XQF,
 * CBR/CBL, old CCBridge libraries, PengFei XML): the whole input into one
 * buffer, up to a size limit.  Private to the library.
 */
#ifndef XQ_WHOLE_H
#define XQ_WHOLE_H

#include <stddef.h>

#include "xq_format.h"

/*
 * Read the rest of r's input into a malloc'd *buf of *len bytes (*buf NULL
 * when it is empty).  An input past max bytes is refused once that much
 * is read, with a fatal problem "WHAT larger than the limit of N MiB; not
 * read" on game g (may be NULL): XQ_ERANGE.  0, XQ_ENOMEM or the read's
 * error; *buf is NULL after an error.
 */
int xq__read_whole(struct xq_reader *r, struct xq_game *g, size_t max, const char *what,
		   unsigned char **buf, size_t *len);

#endif
