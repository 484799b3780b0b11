/*
 * tally.c - see tally.h.
 */
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "tally.h"

static uint64_t mix(uint64_t x)
{
	x ^= x >> 30;
	x *= 0xbf58476d1ce4e5b9ULL;
	x ^= x >> 27;
	x *= 0x94d049bb133111ebULL;
	x ^= x >> 31;
	return x;
}

uint64_t tally_hash(const void *data, size_t len, uint64_t seed)
{
	const unsigned char *p = data;
	uint64_t h = mix(seed ^ (len * 0x9e3779b97f4a7c15ULL));
	while (len >= 8) {
		uint64_t w;
		memcpy(&w, p, 8);
		h = mix(h ^ w) + 0x9e3779b97f4a7c15ULL;
		p += 8;
		len -= 8;
	}
	if (len) {
		uint64_t w = 0;
		memcpy(&w, p, len);
		h = mix(h ^ w ^ ((uint64_t)len << 56));
	}
	return mix(h);
}

static void grow(struct tally *t)
{
	size_t cap = t->cap ? t->cap * 2 : 1024;
	struct tally_entry **tab = calloc(cap, sizeof *tab);
	if (!tab)
		die(EXIT_TROUBLE, "out of memory");
	for (size_t i = 0; i < t->cap; i++) {
		struct tally_entry *e = t->tab[i];
		if (!e)
			continue;
		size_t j = e->hash & (cap - 1);
		while (tab[j])
			j = (j + 1) & (cap - 1);
		tab[j] = e;
	}
	free(t->tab);
	t->tab = tab;
	t->cap = cap;
}

struct tally_entry *tally_get(struct tally *t, const void *key, size_t klen,
			      int create)
{
	uint64_t h = tally_hash(key, klen, 0);
	size_t i;
	struct tally_entry *e;

	if (t->cap) {
		for (i = h & (t->cap - 1); (e = t->tab[i]); i = (i + 1) & (t->cap - 1))
			if (e->hash == h && e->klen == klen && !memcmp(e->key, key, klen))
				return e;
	}
	if (!create)
		return NULL;
	if (2 * (t->n + 1) > t->cap)
		grow(t);
	if (!(e = calloc(1, sizeof *e)) || !(e->key = malloc(klen + 1)))
		die(EXIT_TROUBLE, "out of memory");
	memcpy(e->key, key, klen);
	e->key[klen] = '\0';
	e->klen = klen;
	e->hash = h;
	for (i = h & (t->cap - 1); t->tab[i]; i = (i + 1) & (t->cap - 1))
		;
	t->tab[i] = e;
	t->n++;
	return e;
}

struct tally_entry **tally_list(const struct tally *t)
{
	struct tally_entry **list = malloc((t->n ? t->n : 1) * sizeof *list);
	size_t n = 0;
	if (!list)
		die(EXIT_TROUBLE, "out of memory");
	for (size_t i = 0; i < t->cap; i++)
		if (t->tab[i])
			list[n++] = t->tab[i];
	return list;
}

void tally_free(struct tally *t)
{
	for (size_t i = 0; i < t->cap; i++) {
		if (t->tab[i]) {
			free(t->tab[i]->key);
			free(t->tab[i]);
		}
	}
	free(t->tab);
	t->tab = NULL;
	t->cap = t->n = 0;
}
