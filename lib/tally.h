/*
 * tally.h - a hash table from byte strings to a few counters: the
 * statistics' totals by name and opening-tree edges by position key and
 * move (lib/stats.c), and the games by duplicate key (lib/dupes.c).
 * Internal to libxq (lib/tally.c).  { 0 } is an empty table.
 */
#ifndef XQ_TALLY_H
#define XQ_TALLY_H

#include <stddef.h>
#include <stdint.h>

#define XQ__TALLY_VALUES 8

struct xq__tally_entry {
	char *key;           /* klen bytes, NUL after them */
	size_t klen;
	long v[XQ__TALLY_VALUES];
};

/* A slot of the table: an entry and its hash, so that a probe reads
 * another entry only when the hashes agree. */
struct xq__tally_slot {
	uint64_t hash;
	struct xq__tally_entry *e;   /* NULL: empty */
};

struct xq__tally {
	struct xq__tally_slot *tab;
	size_t cap, n;
};

/* The entry for key[0..klen): found, or added with all values 0 when
 * create is set; NULL when it is not there (create unset) or memory ran
 * out (create set). */
struct xq__tally_entry *xq__tally_get(struct xq__tally *t, const void *key, size_t klen,
				      int create);
/* The entries in a new array (free() it), in no particular order; NULL
 * when out of memory. */
struct xq__tally_entry **xq__tally_list(const struct xq__tally *t);
void xq__tally_free(struct xq__tally *t);

#endif
