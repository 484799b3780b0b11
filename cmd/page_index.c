/*
 * page_index.c - index.html for the game pages of xqconv -t html -d (see
 * page_index.h); the page itself is the library's (xq_html_index).
 */
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "page_index.h"

void page_index_add(struct page_index *ix, const struct xq_game *g, const char *path)
{
	const char *base = strrchr(path, '/');
	char *line;
	if (ix->n == ix->cap) {
		long cap = ix->cap ? ix->cap * 2 : 64;
		ix->entries = xrealloc(ix->entries, (size_t)cap * sizeof *ix->entries);
		ix->cap = cap;
	}
	if (xq_html_index_entry(g, base ? base + 1 : path, &line) < 0)
		die(EXIT_TROUBLE, "out of memory");
	ix->entries[ix->n++] = line;
}

int page_index_write(const struct page_index *ix, const char *dir, char *const *inputs, int ninputs)
{
	char *page;
	size_t len;
	size_t n = strlen(dir) + sizeof "/index.html";
	char *path = xrealloc(NULL, n);
	if (xq_html_index(ix->entries, ix->n, &page, &len) < 0)
		die(EXIT_TROUBLE, "out of memory");
	snprintf(path, n, "%s/index.html", dir);
	int rc = out_write(path, page, len, inputs, ninputs);
	free(page);
	free(path);
	return rc;
}

void page_index_free(struct page_index *ix)
{
	for (long i = 0; i < ix->n; i++)
		free(ix->entries[i]);
	free(ix->entries);
	memset(ix, 0, sizeof *ix);
}
