/*
 * cbf_impl.h - the CBF (CCBridge XML) parser below the reader ops of
 * formats/cbf.c.  Private to the library and its unit tests.
 */
#ifndef XQ_CBF_IMPL_H
#define XQ_CBF_IMPL_H

#include <stddef.h>

#include "build.h"
#include "xq_format.h"

/*
 * Build g from a whole CBF document b[0..len) (UTF-8, BOM allowed);
 * line0 is the source line it starts on.  Illegal moves end the game
 * with a report (the moves before are kept).  0, XQ_EINVAL (no
 * <ChineseChessRecord>: reported) or XQ_ENOMEM.  Problems go to s (may
 * be NULL) with a line and column.
 */
int xq__cbf_build_game(const char *b, size_t len, long line0, struct xq_game *g,
		       const struct xq_build_sink *s);

/* XML text with entities and CDATA sections decoded into a malloc'd
 * string, spaces trimmed at both ends; NULL when out of memory. */
char *xq__cbf_xml_text(const char *s, size_t n);

/* memmem for a NUL-terminated pattern. */
const char *xq__cbf_memstr(const char *s, size_t n, const char *pat);

#endif
