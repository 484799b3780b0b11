/*
 * jobs.h - every core of a machine and byte ranges for many machines
 * (the batch commands' -J/--jobs and --range): an input read in byte
 * ranges, each beginning at the first game that begins in it (the
 * format's rule, xq_reader_range()), a stream (standard input, a pipe, a
 * compressed file) cut by the same rule into chunks of whole games as it
 * is read, or many inputs in groups of whole files; each range, chunk or
 * group is a part (part.h) written by a worker, and the command's merge
 * puts the parts together in order, so that the output is what one job
 * prints.
 */
#ifndef XQ_CMD_JOBS_H
#define XQ_CMD_JOBS_H

#include "part.h"
#include "record_input.h"

#define RANGE_MAX 100000   /* --range K/N: N */

/* The long-only option --range, as the commands' tables give it. */
#define OPT_RANGE 0x4100

/* --range's K/N into *k and *n; a bad value is a usage error naming the
 * valid ones, as cmd_jobs_arg()'s for -J. */
void range_parse(const char *arg, long *k, long *n);

/* The rules of -J and --range beside the other options (usage, exit 2):
 * --range goes with --partial, -J (more than one job) with neither
 * --partial nor a merge; after the inputs are gathered, --range reads one
 * file. */
void jobs_check_options(int jobs, long range_n, int partial, int merge);
void jobs_check_inputs(long range_n, int argc, char **argv);

/*
 * The run split into parts, each in a worker process of its own.
 * jobs_start() returns 1 in each worker: its inputs in *argc, *argv and
 * o->inputs, the byte range it reads in *range_k of *range_n (0 of 0:
 * its files whole, or the chunk of a stream that record_loop_run() reads
 * in their place, record_input.h); its standard output and standard error go to the
 * files out[i] and err[i] of the part, and, when messages is the stream
 * its part goes to (stdout or stderr), the messages it says (cannot open,
 * ...) go there as part lines (part_put_message()), which the merge
 * prints in their place.  With progress set (the command's one job would
 * show its progress line), the command shows one for the workers, their
 * games and bytes added up, and erases it once they have ended.  It
 * returns 0 in the command once every worker has ended and merge has been
 * called for every part (below), with parts the part count, and -1 (no worker started) when the run is one job: -J 1,
 * an input named twice (the parts tell inputs by their names), a
 * compressed file that cannot be cut (another format, damaged) or standard
 * input that cannot be read.  A stream that cannot be cut is read by one
 * worker, fed as it comes.
 */
struct jobs;
/* The command's merge of part i, read from j->out[i] and j->err[i] (removed
 * after): called in the command in order, each part as soon as it and the
 * parts before it have ended, while later parts are still being written.
 * The workers of later parts are forked after it, from the command as the
 * merge left it: what a merge adds up or sets must be its own (data), not
 * what a worker counts from zero.  Nonzero when the output failed there:
 * the workers still running are stopped and no later part is read. */
typedef int (*jobs_merge_fn)(void *data, const struct jobs *j, int i);
struct jobs {
	int parts;
	char *dir;               /* the parts' files */
	char **out, **err;
	int failed;              /* a worker ended without finishing its part */
	int trouble;             /* a worker's exit status was 2 */
	jobs_merge_fn merge;
	void *merge_data;
};
int jobs_start(struct jobs *j, int jobs, struct cmd_opts *o, FILE *messages, int progress,
	       jobs_merge_fn merge, void *data, int *argc, char ***argv, long *range_k,
	       long *range_n);
/*
 * The merge of a command with no merge of its own (the lines part.h
 * describes for them), a part at a time: part_counts_part() is a
 * jobs_merge_fn that prints a part's diagnostics and messages in their
 * place with the positions of the whole input and adds its counts into
 * counts[0..n); output, when not NULL, is called before, with the inputs
 * as the parts before it left them: part i's output goes out there; when
 * it returns nonzero, part i is the last (the output failed there, and a
 * run ends where its output fails; -1: nothing of it is read).  part_counts_end(): 1 when a part was
 * in trouble or is no such part (said), else 0.
 */
typedef int (*part_output_fn)(void *data, const struct jobs *j, int i, struct part_merge *m);
struct part_counts {
	struct part_merge m;
	const char *cmd;
	long *counts;
	int n, in_part, trouble;
	part_output_fn output;
	void *data;
};
void part_counts_init(struct part_counts *mg, const char *cmd, long *counts, int n,
		      part_output_fn output, void *data);
int part_counts_part(void *mg, const struct jobs *j, int i);
int part_counts_end(struct part_counts *mg);
/* A part_output_fn for workers whose standard output is marked (part.h),
 * its data the part_counts it serves: part i's output to standard output
 * with the positions of the whole input; a part that cannot be read is
 * said and is that merge's trouble (part_counts_end()). */
int part_output_marked(void *data, const struct jobs *j, int i, struct part_merge *m);
/* Copy a part's file to fp (standard output's or standard error's, which
 * were not merged), and flush it: 0; -2 when fp could not be written (not
 * said: errno is why); else -1 when the part could not be read (said). */
int jobs_copy(const char *file, FILE *fp);
/* Remove the parts' files. */
void jobs_end(struct jobs *j);

#endif
