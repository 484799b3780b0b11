/*
 * registry.c - the formats table.  Adding a format: write formats/NAME.c
 * defining `const struct xq_format xq_format_NAME`, then add X(NAME) to
 * XQ_FORMAT_LIST below.  The order breaks ties when sniffing.
 */
#include "xq.h"

#define XQ_FORMAT_LIST(X) \
	X(pgn) \
	X(text) \
	X(xqf) X(xqf18) X(dhtmlxq) X(cbf) X(cbr) \
	X(xiexie) X(oldcbl)

#define DECLARE(name) extern const struct xq_format xq_format_##name;
#define ENTRY(name) &xq_format_##name,

XQ_FORMAT_LIST(DECLARE)

const struct xq_format *const xq_formats[] = {
	XQ_FORMAT_LIST(ENTRY)
	NULL,
};
