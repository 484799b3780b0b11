/*
 * grep_parts.h - xqgrep over the parts of a big input: --merge of the
 * --partial parts, --merge-keys of the --keys parts, the drop list that
 * --drops reads, and the duplicate notes and summaries that one run and
 * the merges print alike.  The lines are those of part.h.
 */
#ifndef XQ_CMD_GREP_PARTS_H
#define XQ_CMD_GREP_PARTS_H

#include <stdint.h>

#include "common.h"
#include "xq.h"

/* "xqgrep: N games, D duplicates removed, K kept" on standard error. */
void grep_unique_summary(long games, long dupes);
/* "xqgrep: N games, I invalid (reported above, not searched)". */
void grep_invalid_summary(long games, long invalid);
/* Game g (its place as xq_dupes_add() takes it) with key into d: 1 when
 * it is a duplicate, noted on standard error unless quiet, else 0; dies
 * when out of memory. */
int grep_dupe(struct xq_dupes *d, const uint64_t key[2], struct xq_place *g, int quiet);

/* --merge: the --partial parts in the files argv[0..argc) (none: standard
 * input) as one run's output; out: -J's -o file, where what goes to
 * standard output goes, committed at the end (NULL: standard output).
 * The exit status. */
int grep_merge_parts(int argc, char **argv, struct outfile *out);
/* --merge-keys: the --keys parts in argv[0..argc) in order, their
 * duplicates noted (unless quiet) as one --unique run notes them; with
 * drops_path, the drop list of each part written there.  The exit status. */
int grep_merge_keys(int argc, char **argv, const char *drops_path, int quiet);
/* --drops path --part part: what that part drops and the inputs it held,
 * into d; a file that cannot be read, a bad line or no such part is said,
 * and exit 2. */
void grep_load_drops(struct xq_dupes *d, const char *path, long part);

#endif
