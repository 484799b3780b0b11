/*
 * lines.h - a reader's text (lib/lines.c), on its bytes (source.h): what
 * lib/reader.c takes from it besides the public xq_reader_getline()
 * family.  Internal.
 */
#ifndef XQ_LINES_H
#define XQ_LINES_H

#include "source.h"

/* Decode with enc from now on (an iconv name, "UTF-8"): 0, or XQ_EINVAL
 * when iconv has no such encoding. */
int xq__reader_set_encoding(struct xq_reader *r, const char *enc);
/* The encoding of the input from raw_start on, read on as far as its
 * evidence needs; a warning when it stays unsettled.  A piece of a bigger
 * input (o.whole): the one reading that input settles on. */
const char *xq__reader_guess_encoding(struct xq_reader *r);

#endif
