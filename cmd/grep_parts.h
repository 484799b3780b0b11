/*
 * grep_parts.h - xqgrep over the parts of a big input: the lines a
 * --partial part writes on standard error, --merge of them, and -J (its
 * workers are parts).  The lines are those of part.h.
 */
#ifndef XQ_CMD_GREP_PARTS_H
#define XQ_CMD_GREP_PARTS_H

#include <stdio.h>

#include "common.h"

/* The closing line when a game was invalid or a matching one could not
 * be written (-E): "xqgrep: N games, I invalid (reported above, not
 * searched), U matching not written (reported above)", each count left
 * out when 0. */
void grep_summary(long games, long invalid, long unwritten);

/* --partial: the #end line after an input, and the #counts line after
 * the part (c, l, q: whether -c, -l, -q were given). */
void grep_put_part_end(FILE *fp, const char *name, long games, long lines,
		       unsigned long long bytes, long matched, long invalid);
void grep_put_part_counts(FILE *fp, long games, long invalid, long count, int inputs, int c,
			  int l, int q, int trouble, long unwritten);

/* --merge: the --partial parts in the files argv[0..argc) (none: standard
 * input) as one run's output.  The exit status. */
int grep_merge_parts(int argc, char **argv);
/*
 * -J: each worker's games in order where one run writes them (outpath,
 * opened into out for the inputs argv[0..argc) when the first part is
 * merged, or standard output), then its part merged there and on standard
 * error.  grep_jobs_begin() before jobs_start(), which calls
 * grep_merge_job() for each part (data unused); grep_jobs_end() after: the
 * -c and -l lines, the output committed, the exit status.
 */
struct jobs;
void grep_jobs_begin(struct outfile *out, const char *outpath, int argc, char **argv);
int grep_merge_job(void *data, const struct jobs *j, int i);
int grep_jobs_end(struct jobs *j);
/* In a worker forked after a merge: what the merges held let go (the
 * output they opened is the command's to commit). */
void grep_jobs_worker(void);

#endif
