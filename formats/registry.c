/*
 * registry.c - the formats table.  Adding a format: write formats/NAME.c
 * defining `const struct xq_format xq_format_NAME`, then add X(NAME) to
 * XQ_FORMAT_LIST below.  The order breaks ties when sniffing.  Then the
 * lookups: a format by name, by extension, by file name.
 */
#include <string.h>

#include "ascii.h"
#include "xq.h"

#define XQ_FORMAT_LIST(X) \
	X(pgn) \
	X(text) \
	X(xqf) X(xqf18) X(dhtmlxq) X(cbf) X(cbr) \
	X(xiexie) X(oldcbl) X(pfc) X(openings) \
	X(che) X(ourgame) X(ccm) X(mxq) X(xgf) X(xfen)

#define DECLARE(name) extern const struct xq_format xq_format_##name;
#define ENTRY(name) &xq_format_##name,

XQ_FORMAT_LIST(DECLARE)

const struct xq_format *const xq_formats[] = {
	XQ_FORMAT_LIST(ENTRY)
	NULL,
};

/* ------------------------------------------------------------- lookups */

const struct xq_format *xq_format_find(const char *name)
{
	size_t n;
	if (!name)
		return NULL;
	n = strlen(name);
	for (int i = 0; xq_formats[i]; i++)
		if (strlen(xq_formats[i]->name) == n && xq__ascii_ieq(xq_formats[i]->name, name, n))
			return xq_formats[i];
	/* an extension also names its format: "txt", "xqf" */
	for (int i = 0; xq_formats[i]; i++) {
		const char *e = xq_formats[i]->extensions;
		while (e && *e) {
			size_t l = strcspn(e, " ");
			if (l == n && xq__ascii_ieq(e, name, n))
				return xq_formats[i];
			e += l;
			while (*e == ' ')
				e++;
		}
	}
	return NULL;
}

const struct xq_format *xq_format_by_filename(const char *path)
{
	const char *dot, *slash;
	char ext[16];
	size_t n;
	if (!path)
		return NULL;
	n = strlen(path);
	if (xq__has_suffix(path, ".gz"))
		n -= 3;
	slash = strrchr(path, '/');
	dot = NULL;
	for (size_t i = n; i > 0; i--) {
		if (path[i - 1] == '.') {
			dot = path + i - 1;
			break;
		}
		if (path[i - 1] == '/')
			break;
	}
	if (!dot || (slash && dot < slash) || (size_t)(path + n - dot - 1) >= sizeof ext)
		return NULL;
	memcpy(ext, dot + 1, (size_t)(path + n - dot - 1));
	ext[path + n - dot - 1] = '\0';
	return *ext ? xq_format_find(ext) : NULL;
}
