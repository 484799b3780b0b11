/*
 * tally.h - a hash table from byte strings to a few counters, for the
 * database commands (xqgrep --unique, xqstats): duplicates by key, totals
 * by name, opening-tree edges by position key and move.
 */
#ifndef XQ_CMD_TALLY_H
#define XQ_CMD_TALLY_H

#include <stddef.h>
#include <stdint.h>

#define TALLY_VALUES 8

struct tally_entry {
	char *key;           /* klen bytes, NUL after them */
	size_t klen;
	long v[TALLY_VALUES];
};

/* A slot of the table: an entry and its hash, so that a probe reads
 * another entry only when the hashes agree. */
struct tally_slot {
	uint64_t hash;
	struct tally_entry *e;   /* NULL: empty */
};

struct tally {
	struct tally_slot *tab;
	size_t cap, n;
};

/* The entry for key[0..klen): found, or added with all values 0 when
 * create is set (else NULL).  Dies when out of memory. */
struct tally_entry *tally_get(struct tally *t, const void *key, size_t klen,
			      int create);
/* The entries in a new array (free() it), in no particular order. */
struct tally_entry **tally_list(const struct tally *t);
void tally_free(struct tally *t);

#endif
