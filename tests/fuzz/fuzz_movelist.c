/*
 * fuzz_movelist.c - libFuzzer target for xq_moves_next(), the reader of a
 * command line's move list: any text (made a string) is read move by move
 * from the start; each call plays a legal move and steps forward, ends at
 * a text of separators only (blanks, tabs, line ends, commas), or fails
 * naming a stretch of the text with the position unchanged; and the moves
 * played, each the one handed back, replayed from the start, reach the
 * same position.
 */
#include <stdlib.h>
#include <string.h>

#include "xq.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	char *text = malloc(size + 1);
	struct xq_pos pos, replay, before;
	struct xq_err err;
	const char *at, *mv;
	size_t len;
	int rc;

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	at = text;
	xq_pos_start(&pos);
	xq_pos_start(&replay);
	for (;;) {
		const char *was = at;
		before = pos;
		xq_move played;
		rc = xq_moves_next(&pos, &at, &mv, &len, &played, &err);
		if (rc <= 0)
			break;
		/* the move handed back is the one played */
		struct xq_pos check = before;
		struct xq_undo cu;
		xq_make(&check, played, &cu);
		if (!xq_pos_same(&check, &pos))
			abort();
		/* a move played: at moved on, and the position is that of a legal
		 * move of the one before */
		xq_move moves[XQ_MAX_MOVES];
		int n = xq_legal_moves(&replay, moves), found = 0;
		if (at <= was || at > text + strlen(text) || mv < was || mv + len != at)
			abort();
		for (int i = 0; i < n && !found; i++) {
			struct xq_pos p = replay;
			struct xq_undo u;
			xq_make(&p, moves[i], &u);
			if (xq_pos_same(&p, &pos)) {
				replay = p;
				found = 1;
			}
		}
		if (!found)
			abort();
	}
	if (rc == 0) {
		/* the end: nothing but separators is left */
		if (at < text || strspn(at, " \t\n\r,") != strlen(at))
			abort();
	} else {
		if (mv < text || len == 0 || mv + len > text + strlen(text) ||
		    !xq_pos_same(&before, &pos) || before.key != pos.key ||
		    !memchr(err.msg, 0, sizeof err.msg))
			abort();
	}
	free(text);
	return 0;
}
