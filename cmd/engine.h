/*
 * engine.h - an external UCI/UCCI engine run as a child process over pipes
 * (no shell), for xqannotate.  The protocol text is lib/uci.c; this is the
 * process: fork/exec, line reading with poll() timeouts, a dead, hung or
 * garbage-speaking engine detected and reported with the last thing it
 * said, and the child always reaped (no zombies).
 */
#ifndef XQ_CMD_ENGINE_H
#define XQ_CMD_ENGINE_H

#include <sys/types.h>

#include "xq.h"

struct engine_option {
	const char *name, *value;
};

struct engine {
	/* set by the caller before engine_start() */
	char **argv;                   /* argv[0] is run through PATH */
	enum xq_uci_dialect forced;    /* AUTO: detect */
	const struct engine_option *options;
	int noptions;
	int handshake_ms;              /* uciok and readyok wait (default 10 s) */
	int search_ms;                 /* a search's wait beyond its own time (default 60 s) */
	/* state */
	pid_t pid;
	int to_fd, from_fd, err_fd;
	enum xq_uci_dialect dialect;
	char name[XQ_UCI_TEXT_MAX];    /* id name, or argv[0] */
	char last[320];                /* the last line it wrote (stdout or stderr) */
	char error[600];               /* why the last call failed */
	char *buf, *ebuf;              /* line buffers */
	size_t blen, elen, skip;
	int have_usemillisec;
	int named;                     /* name is the engine's own (id name) */
	int exec_failed;               /* the command could not be run at all */
};

/* Start the engine and shake hands (uci/ucci, options, isready).  0, or -1
 * with e->error set (the process is gone then). */
int engine_start(struct engine *e);

/* A new game is coming (ucinewgame and isready); 0 or -1. */
int engine_new_game(struct engine *e);

/*
 * Search the position after moves[0..n) from fen (the start position when
 * fen is NULL) within lim; pos is that position, for reading the moves the
 * engine names.  The last info line's depth, score and pv go to *out (a pv
 * cut at its first illegal move), the best move as pv[0].  0, or -1 with
 * e->error set: the engine died, hung (no bestmove in time: it was
 * stopped, then killed), or spoke garbage (an illegal best move); after
 * -1 the engine is gone and must be started again.
 */
int engine_search(struct engine *e, const char *fen, const xq_move *moves, int n,
		  const struct xq_pos *pos, const struct xq_search_limits *lim,
		  struct xq_search_info *out);

/* Quit (quit, then TERM, then KILL, within a second or two) and reap. */
void engine_stop(struct engine *e);

/* Kill every engine still running (for a fatal signal); async-signal-safe. */
void engine_kill_all(void);

#endif
