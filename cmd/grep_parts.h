/*
 * grep_parts.h - xqgrep over the parts of a big input: the lines a
 * --partial part writes on standard error, --merge of them, and -J (its
 * workers are parts).  The lines are those of part.h.
 */
#ifndef XQ_CMD_GREP_PARTS_H
#define XQ_CMD_GREP_PARTS_H

#include <stdio.h>

#include "common.h"

/* "xqgrep: N games, I invalid (reported above, not searched)". */
void grep_invalid_summary(long games, long invalid);

/* --partial: the #end line after an input, and the #counts line after
 * the part (c, l, q: whether -c, -l, -q were given). */
void grep_put_part_end(FILE *fp, const char *name, long games, long lines,
		       unsigned long long bytes, long matched, long invalid);
void grep_put_part_counts(FILE *fp, long games, long invalid, long count, int inputs, int c,
			  int l, int q, int trouble);

/* --merge: the --partial parts in the files argv[0..argc) (none: standard
 * input) as one run's output; out: -J's -o file, where what goes to
 * standard output goes, committed at the end (NULL: standard output).
 * The exit status. */
int grep_merge_parts(int argc, char **argv, struct outfile *out);
/* -J: the workers' games in order where one run writes them (outpath,
 * opened into out for the inputs argv[0..argc), or standard output), then
 * their parts merged there and on standard error; the exit status. */
struct jobs;
int grep_merge_jobs(struct jobs *j, struct outfile *out, const char *outpath, int argc,
		    char **argv);

#endif
