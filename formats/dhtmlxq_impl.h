/*
 * dhtmlxq_impl.h - the DhtmlXQ block parser and writer below the reader
 * and writer ops of formats/dhtmlxq.c.  Private to the library and its
 * unit tests.
 */
#ifndef XQ_DHTMLXQ_IMPL_H
#define XQ_DHTMLXQ_IMPL_H

#include <stddef.h>

#include "buf.h"
#include "build.h"
#include "xq_format.h"

/*
 * Build g from the inside of one block (UTF-8 text between [DhtmlXQ] and
 * [/DhtmlXQ]); line0 is the source line the text starts on.  Moves are
 * checked as the lines are built: an illegal move ends its line (the
 * moves before it are kept, the lines hanging below it dropped), with a
 * report to s (may be NULL) naming the line id, its ply and the source
 * line.  0 or XQ_ENOMEM.
 */
int xq__dhtmlxq_build_game(const char *text, size_t len, long line0,
			   struct xq_game *g, const struct xq_build_sink *s);


/* The block for a replayed game, appended to o.  0, XQ_EINVAL, XQ_ENOMEM. */
int xq__dhtmlxq_encode_game(const struct xq_game *g, int crlf, struct xq__buf *o);

#endif
