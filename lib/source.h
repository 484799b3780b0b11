/*
 * source.h - a reader's bytes (lib/source.c), the bottom layer of a
 * reader: what lib/lines.c and lib/reader.c take from it.  Internal.
 */
#ifndef XQ_SOURCE_H
#define XQ_SOURCE_H

#include "reader_state.h"

/* The next chunk of source bytes into r->in (at the end, r->src_eof; on
 * a read error, r->src_error, r->error = XQ_EIO and a fatal problem). */
void xq__reader_src_fill(struct xq_reader *r);
/* More ungzipped bytes into r->raw (room for want made): bytes added, 0
 * at the end, r->error (XQ_EIO, XQ_ENOMEM) when the input failed
 * (reported). */
long xq__reader_raw_more(struct xq_reader *r, size_t want);
/* The raw bytes not yet taken, handed over: a malloc'd *buf (NULL when
 * none was made) of *cap bytes, the first *len of them used; the reader
 * has none left.  Whether the input ended with them (no more to read, no
 * error); XQ_ENOMEM when a caller's buffer could not be copied. */
int xq__reader_take_raw(struct xq_reader *r, unsigned char **buf, size_t *len, size_t *cap);

#endif
