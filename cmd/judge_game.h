/*
 * judge_game.h - what xqjudge, xqcheck -r and xqconv --judge share: one
 * game judged line by line through xq_game_walk() and a libxq judge, each
 * event handed to a callback with the node it happened at, and the events
 * put into words.
 */
#ifndef XQ_CMD_JUDGE_GAME_H
#define XQ_CMD_JUDGE_GAME_H

#include <stddef.h>

#include "xq.h"

struct judged {
	const struct xq_event *ev;   /* valid during the callback */
	const struct xq_node *node;  /* the node of ev->ply, NULL at ply 0 */
	const struct xq_judge *j;    /* positions of the line: label l was
				      * played in xq_judge_position(j, l.ply - 1) */
	int mainline;                /* the event is on the main line */
	int depth;                   /* variation depth */
};
typedef void (*judged_fn)(void *data, const struct judged *e);

struct judge_result {
	enum xq_verdict verdict;     /* at the end of the main line */
	long rulings, against;       /* repetition rulings; of which against a side */
	long limits;                 /* natural-limit events */
};

/*
 * Judge g (replayed) with j: the main line, and every variation when
 * all_lines is set.  fn (may be NULL) gets every event.  Returns 0 or
 * XQ_ENOMEM.  The verdict at the end of the main line is the last event of
 * its final no-capture stretch: a repetition ruling's verdict, a draw for
 * the natural limit, the mated side's loss for a mate on the limit move;
 * "none" without such an event.
 */
int judge_game(struct xq_judge *j, const struct xq_game *g, int all_lines,
	       judged_fn fn, void *data, struct judge_result *res);

/* xqcheck -r: the main line's events as warnings (XQ_P_REPETITION,
 * XQ_P_NATURAL_LIMIT) through fn, file naming the source; bumps
 * g->warnings.  0 or XQ_ENOMEM. */
int judge_report(struct xq_judge *j, struct xq_game *g, const char *file,
		 xq_problem_fn fn, void *data);

/* xqconv --judge: every event (all lines) as a comment after its move
 * (before the first move for ply 0), labels in notation n.  0 or XQ_ENOMEM. */
int judge_comment(struct xq_judge *j, struct xq_game *g, enum xq_notation n);

/* Words for the labels of a move ("check 将", "chase 捉 horse c1, ..."). */
void judge_label_text(const struct xq_label *l, char *buf, size_t size);

/* The event in one line, for warnings and comments:
 * "repetition (cxa, 3rd occurrence, plies 5-12): Red must change, ..." */
void judge_event_text(const struct xq_event *ev, char *buf, size_t size);

/* -r / --judge: a judge with default options under the rules named
 * (NULL: cxa), replacing *j (freed).  On an unknown name, says so and
 * returns -1 (the caller prints its usage); dies when out of memory. */
int judge_open(struct xq_judge **j, const char *rules);

#endif
