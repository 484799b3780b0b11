/*
 * tally.c - see tally.h.
 */
#include <stdlib.h>
#include <string.h>

#include "tally.h"
#include "xq.h"

/* The table's own hash of a key (xq_hash64() is the one commands print
 * and stays as it is): a key of 16 bytes or less, as the table's mostly
 * are (opening-tree edges, names), read as two words and mixed once. */
static uint64_t table_hash(const unsigned char *p, size_t len)
{
	uint64_t a = 0, b = 0;
	if (len > 16)
		return xq_hash64(p, len, 0);
	if (len >= 8) {
		memcpy(&a, p, 8);
		memcpy(&b, p + len - 8, 8);
	} else if (len >= 4) {
		uint32_t x, y;
		memcpy(&x, p, 4);
		memcpy(&y, p + len - 4, 4);
		a = x;
		b = y;
	} else if (len) {
		a = (uint64_t)p[0] | (uint64_t)p[len / 2] << 8 | (uint64_t)p[len - 1] << 16;
	}
	return xq_mix64(a ^ (b * 0x9e3779b97f4a7c15ULL) ^ ((uint64_t)len << 56));
}

static int grow(struct xq__tally *t)
{
	size_t cap = t->cap ? t->cap * 2 : 1024;
	struct xq__tally_slot *tab = calloc(cap, sizeof *tab);
	if (!tab)
		return -1;
	for (size_t i = 0; i < t->cap; i++) {
		if (!t->tab[i].e)
			continue;
		size_t j = t->tab[i].hash & (cap - 1);
		while (tab[j].e)
			j = (j + 1) & (cap - 1);
		tab[j] = t->tab[i];
	}
	free(t->tab);
	t->tab = tab;
	t->cap = cap;
	return 0;
}

struct xq__tally_entry *xq__tally_get(struct xq__tally *t, const void *key, size_t klen,
			      int create)
{
	uint64_t h = table_hash(key, klen);
	size_t i;
	struct xq__tally_entry *e;

	if (t->cap) {
		for (i = h & (t->cap - 1); (e = t->tab[i].e); i = (i + 1) & (t->cap - 1))
			if (t->tab[i].hash == h && e->klen == klen && !memcmp(e->key, key, klen))
				return e;
	}
	if (!create)
		return NULL;
	if (2 * (t->n + 1) > t->cap && grow(t) < 0)
		return NULL;
	/* the key in the entry's block, beside its counts */
	if (!(e = calloc(1, sizeof *e + klen + 1)))
		return NULL;
	e->key = (char *)(e + 1);
	memcpy(e->key, key, klen);
	e->klen = klen;
	for (i = h & (t->cap - 1); t->tab[i].e; i = (i + 1) & (t->cap - 1))
		;
	t->tab[i].hash = h;
	t->tab[i].e = e;
	t->n++;
	return e;
}

struct xq__tally_entry **xq__tally_list(const struct xq__tally *t)
{
	struct xq__tally_entry **list = malloc((t->n ? t->n : 1) * sizeof *list);
	size_t n = 0;
	if (!list)
		return NULL;
	for (size_t i = 0; i < t->cap; i++)
		if (t->tab[i].e)
			list[n++] = t->tab[i].e;
	return list;
}

void xq__tally_free(struct xq__tally *t)
{
	/* (each key is in its entry's block) */
	for (size_t i = 0; i < t->cap; i++)
		free(t->tab[i].e);
	free(t->tab);
	t->tab = NULL;
	t->cap = t->n = 0;
}
