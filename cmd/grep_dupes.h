/*
 * grep_dupes.h - xqgrep --unique: the duplicates of one run, listed as
 * they come, and those of a big input's parts: --keys writes each game's
 * key, --merge-keys lists the duplicates of all the parts as one run does
 * and may write each part's drop list (--write-drops), and --drops reads
 * it for a second pass that drops them part by part.  The lines are those
 * of part.h; which game repeats which is the library's (xq_dupes).
 */
#ifndef XQ_CMD_GREP_DUPES_H
#define XQ_CMD_GREP_DUPES_H

#include <stdint.h>

#include "common.h"
#include "xq.h"

struct grep_unique {
	/* set by the caller */
	int keys_out, quiet;         /* --keys, -q */
	const char *drops_path;      /* --drops FILE --part N */
	long part;
	/* state */
	struct xq_dupes *d;
	long dupes;                  /* the games that went */
	int differ;                  /* --drops: the part is not the one --keys
				      * saw (said once) */
};
/* Before the first game: --drops' list read (a file that cannot be read,
 * a bad line or no such part is said, and exit 2), --keys' header. */
void grep_unique_start(struct grep_unique *u);
/* Game g of input name, replayed: whether it goes (its duplicate key
 * xq_query_key() of q; --keys: the key written, no game goes). */
int grep_unique_game(struct grep_unique *u, struct xq_query *q, const char *name,
		     const struct xq_game *g);
/* After an input that held games in lines (--keys' #end line, --drops'
 * check), and after the last input (named last; --drops' check). */
void grep_unique_input_end(struct grep_unique *u, const char *name, long games, long lines);
void grep_unique_end(struct grep_unique *u, const char *last);
/* "xqgrep: N games, D duplicates removed, K kept" on standard error. */
void grep_unique_summary(long games, long dupes);

/* --merge-keys: the --keys parts in argv[0..argc) in order, their
 * duplicates listed (unless quiet) as one --unique run lists them; with
 * drops_path, the drop list of each part written there.  The exit status. */
int grep_merge_keys(int argc, char **argv, const char *drops_path, int quiet);

#endif
