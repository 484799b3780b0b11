/*
 * progress.h - the one progress line of the commands that read records,
 * on standard error when it is a terminal: the per cent of the input bytes
 * read and the time left when the inputs' size is known, else the games
 * read and the rate.  A diagnostic line (common.c) clears it first, so the
 * two never share a line.
 */
#ifndef XQ_CMD_PROGRESS_H
#define XQ_CMD_PROGRESS_H

#include <stdatomic.h>
#include <stdint.h>

/* Whether a command shows progress: standard error is a terminal, the run
 * is not quiet, and standard output is not a terminal that out_as_read (the
 * command writes games or rulings there as it reads) would scroll. */
int progress_wanted(int quiet, int out_as_read);

/* Start timing: total is the size of all the inputs in bytes (0: not
 * known, a pipe among them).  The lines come at most every 0.5 s, or every
 * XQ_PROGRESS_INTERVAL seconds when that is set. */
void progress_begin(uint64_t total);

/* After a game: "prog: name: 42%, 1234 games, 0:12 left" or "prog: name:
 * 1234 games, 850 games/s", over the last line, when the interval has
 * passed; done is the bytes read of all inputs. */
void progress_update(const char *name, long games, uint64_t done);

/* progress_clear() (common.h) erases it. */

/* How far a -J worker has read (jobs.c): its games and the bytes of its
 * inputs, set after each game in memory it shares with the command, whose
 * line shows the sums of the workers. */
struct progress_meter {
	atomic_long games;
	atomic_uint_least64_t bytes;
};
void progress_meter_set(struct progress_meter *m, long games, uint64_t bytes);

#endif
