/*
 * page_index.h - index.html beside the game pages that xqconv -t html -d
 * writes: the games in the order written, each linking its page.
 */
#ifndef PAGE_INDEX_H
#define PAGE_INDEX_H

#include "xq.h"

struct page_index {
	char **entries;
	long n, cap;
};

/* Game g went to path (inside the directory): its line of the index.
 * Dies when out of memory. */
void page_index_add(struct page_index *ix, const struct xq_game *g, const char *path);
/* Write dir/index.html atomically (never over an input): 0, or -1 with
 * the error printed. */
int page_index_write(const struct page_index *ix, const char *dir, char *const *inputs, int ninputs);
void page_index_free(struct page_index *ix);

#endif
