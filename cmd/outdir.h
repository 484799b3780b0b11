/*
 * outdir.h - -d DIR: one file per game in a directory.  The directory is
 * made as by mkdir -p; each game's name is decided in memory from a
 * naming scheme (--name) and the names this run has used, and its file is
 * made with one exclusive create, so an existing file is never written
 * over (unless --force, which replaces it atomically) and a clash is an
 * error for that game, naming the file.
 */
#ifndef XQ_CMD_OUTDIR_H
#define XQ_CMD_OUTDIR_H

#include "common.h"
#include "xq.h"

struct outdir;

/* Make dir and its parents (mkdir -p): 0, or -1 with the error said. */
int outdir_make(const char *dir);
/* Whether format is a valid --name (xq_game_format_name()): 0, or -1
 * with what is wrong said. */
int outdir_check_name(const char *format);
/* The state of one run writing into dir (already made); format NULL is
 * the default (XQ_GAME_NAME_DEFAULT: the game's number, then Red-Black
 * when known).  Never NULL (out of memory ends the command). */
struct outdir *outdir_new(const char *dir, const char *format, int force);
void outdir_free(struct outdir *od);

/* The path of game g (number seq) with extension ext, new in this run:
 * a name used before gets -2, -3...  Never an empty name: when the
 * scheme gives none, the number.  Free it. */
char *outdir_path(struct outdir *od, const struct xq_game *g, long seq, const char *ext);

/* One output file in the directory. */
struct outdir_file {
	struct outfile out;   /* --force: a temporary file renamed into place */
	int excl;             /* else: made with O_EXCL, removed on failure */
};
/* Create path: 0; 1 for a clash with an existing file (not said: see
 * outdir_clash()); -1 for any other error, said.  --force still never
 * writes over an input. */
int outdir_create(struct outdir *od, struct outdir_file *f, const char *path,
		  char *const *inputs, int ninputs);
/* The clash of game g, read from input, with the existing file path,
 * said to fn as the game's error where it starts in input: "game N: 'P'
 * exists: not overwritten (--force replaces it)". */
void outdir_clash(const char *path, const struct xq_game *g, const char *input,
		  xq_problem_fn fn, void *data);
/* Close the file (0, or -1 said, the file removed), or remove it. */
int outdir_commit(struct outdir_file *f);
void outdir_abort(struct outdir_file *f);

#endif
