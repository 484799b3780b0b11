/*
 * registry.c - the formats table, beside the reader and the writer that
 * look formats up in it.  Adding a format: write formats/NAME.c defining
 * `const struct xq_format xq_format_NAME`, declare it in xq_format.h,
 * then add it to xq_formats[] below.  The order breaks ties when
 * sniffing.  Then the lookups: a format by name, by extension, by file
 * name.
 */
#include <string.h>

#include "ascii.h"
#include "xq_format.h"

const struct xq_format *const xq_formats[] = {
	&xq_format_pgn,
	&xq_format_text,
	&xq_format_xqf, &xq_format_xqf18, &xq_format_dhtmlxq, &xq_format_cbf, &xq_format_cbr,
	&xq_format_xiexie, &xq_format_oldcbl, &xq_format_pfc, &xq_format_openings,
	&xq_format_che, &xq_format_ourgame, &xq_format_ccm, &xq_format_mxq, &xq_format_xgf,
	&xq_format_xfen,
	&xq_format_html,
	NULL,
};

/* ------------------------------------------------------------- lookups */

/* A format by name or extension; readers only, when reading is set (an
 * .html file is read for DhtmlXQ blocks, and written as a game page). */
static const struct xq_format *find(const char *name, int reading)
{
	size_t n;
	if (!name)
		return NULL;
	n = strlen(name);
	for (int i = 0; xq_formats[i]; i++)
		if ((!reading || xq_formats[i]->read) &&
		    strlen(xq_formats[i]->name) == n && xq__ascii_ieq(xq_formats[i]->name, name, n))
			return xq_formats[i];
	/* an extension also names its format: "txt", "xqf" */
	for (int i = 0; xq_formats[i]; i++) {
		const char *e = xq_formats[i]->extensions;
		if (reading && !xq_formats[i]->read)
			continue;
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

const struct xq_format *xq_format_find(const char *name)
{
	return find(name, 0);
}

const struct xq_format *xq_format_find_reader(const char *name)
{
	return find(name, 1);
}

static const struct xq_format *by_filename(const char *path, int reading)
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
	return *ext ? find(ext, reading) : NULL;
}

const struct xq_format *xq_format_by_filename(const char *path)
{
	return by_filename(path, 0);
}

const struct xq_format *xq_format_reader_by_filename(const char *path)
{
	return by_filename(path, 1);
}
