/*
 * annotate_json.c - one judged move as a line of JSON: the move, the
 * engine's best move and line, both scores, the drop, loss, accuracy and
 * mark, as xqannotate -j writes them.
 */
#include <stdio.h>
#include <stdlib.h>

#include "xq.h"

/* A score for the mover as JSON fields: "NAME":cp or "NAME_mate":moves. */
static void put_score(FILE *fp, const char *name, int s)
{
	if (XQ_SCORE_IS_MATE(s)) {
		int plies = XQ_SCORE_MATE - abs(s);
		fprintf(fp, "\"%s\":null,\"%s_mate\":%d", name, name,
			s > 0 ? (plies + 1) / 2 : -(plies / 2));
	} else {
		fprintf(fp, "\"%s\":%d,\"%s_mate\":null", name, s, name);
	}
}

int xq_annotate_json_ply(FILE *fp, const struct xq_annotate_opts *o, long game, int ply,
			 const struct xq_pos *pos, xq_move m,
			 const struct xq_search_info *before, const struct xq_judgement *j)
{
	static const char *const marks[7] = { "", "!", "?", "!!", "??", "!?", "?!" };
	char text[XQ_MOVE_TEXT_MAX], iccs[5];
	fprintf(fp, "{\"game\":%ld,\"ply\":%d,\"side\":\"%s\",\"move\":", game, ply,
		pos->side == XQ_RED ? "red" : "black");
	if (xq_move_format(pos, m, o->notation, o->notation_flags, text, sizeof text) < 0)
		text[0] = '\0';
	xq_json_put_string(fp, text);
	xq_move_iccs(m, iccs);
	fprintf(fp, ",\"iccs\":\"%s\",\"best\":", iccs);
	if (before->npv > 0 && xq_move_format(pos, before->pv[0], o->notation, o->notation_flags,
					      text, sizeof text) > 0) {
		xq_json_put_string(fp, text);
		xq_move_iccs(before->pv[0], iccs);
		fprintf(fp, ",\"best_iccs\":\"%s\",", iccs);
	} else {
		fprintf(fp, "null,\"best_iccs\":null,");
	}
	put_score(fp, "score_best", j->best);
	putc(',', fp);
	put_score(fp, "score_played", j->played);
	fprintf(fp, ",\"drop\":%.4f,\"loss\":%d,\"accuracy\":%.1f,\"mark\":\"%s\",\"book\":%s,"
		"\"missed_mate\":%d,\"allowed_mate\":%d,\"depth\":%d,\"nodes\":%llu,\"pv\":[",
		j->drop, j->loss, j->accuracy, j->nag >= 0 && j->nag < 7 ? marks[j->nag] : "",
		j->in_book ? "true" : "false", (j->missed_mate + 1) / 2, (j->allowed_mate + 1) / 2,
		before->depth, (unsigned long long)before->nodes);
	struct xq_pos p = *pos;
	for (int i = 0; i < before->npv; i++) {
		struct xq_undo u;
		if (!xq_is_legal(&p, before->pv[i]))
			break;
		xq_move_iccs(before->pv[i], iccs);
		fprintf(fp, "%s\"%s\"", i ? "," : "", iccs);
		xq_make(&p, before->pv[i], &u);
	}
	fprintf(fp, "]}\n");
	return ferror(fp) ? XQ_EIO : 0;
}
