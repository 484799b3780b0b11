/*
 * test_corpus.c - the whole PGN and text corpus of ../shared: every game
 * replays; the move counts are the ones the manifest gives; read -> write
 * -> read gives the same tree (tags, moves, variations, comments, NAGs)
 * in every notation; nothing is lost (games read = games written); moves
 * broken on purpose are reported at the right line, column and ply.
 */
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "xq.h"

struct counter {
	int errors, warnings;
	char first[512];
};

static void count_problem(void *data, const struct xq_problem *p)
{
	struct counter *c = data;
	if (p->severity >= XQ_SEV_ERROR) {
		if (!c->errors++)
			snprintf(c->first, sizeof c->first, "game %ld %ld:%ld ply %d '%s': %s",
				 p->game, p->line, p->col, p->ply, p->text ? p->text : "", p->msg);
	} else if (p->severity == XQ_SEV_WARNING) {
		c->warnings++;
	}
}

static char *slurp(const char *path, size_t *len)
{
	FILE *fp = fopen(path, "rb");
	char *buf = NULL;
	long n;
	if (!fp)
		return NULL;
	if (fseek(fp, 0, SEEK_END) == 0 && (n = ftell(fp)) >= 0 && fseek(fp, 0, SEEK_SET) == 0 &&
	    (buf = malloc((size_t)n + 1)) && fread(buf, 1, (size_t)n, fp) == (size_t)n) {
		*len = (size_t)n;
		buf[n] = '\0';
	} else {
		free(buf);
		buf = NULL;
	}
	fclose(fp);
	return buf;
}

/* All games of a buffer. */
struct games {
	struct xq_game **g;
	int n, cap;
};

static int read_all(const char *buf, size_t len, const char *name, const char *fmt,
		    struct games *out, struct counter *c)
{
	struct xq_reader_opts o = { 0 };
	struct xq_reader *r;
	struct xq_game *g;
	int err, rc;
	o.name = name;
	o.format = fmt;
	o.problem = count_problem;
	o.problem_data = c;
	memset(out, 0, sizeof *out);
	if (!(r = xq_reader_open_mem(buf, len, &o, &err)))
		return err;
	while ((rc = xq_reader_next(r, &g)) > 0) {
		if (out->n == out->cap) {
			out->cap = out->cap ? 2 * out->cap : 64;
			out->g = realloc(out->g, (size_t)out->cap * sizeof *out->g);
		}
		out->g[out->n++] = g;
	}
	xq_reader_close(r);
	return rc;
}

static void free_all(struct games *gs)
{
	for (int i = 0; i < gs->n; i++)
		xq_game_free(gs->g[i]);
	free(gs->g);
}

static int total_plies(const struct games *gs)
{
	int n = 0;
	for (int i = 0; i < gs->n; i++)
		n += xq_game_plies(gs->g[i]);
	return n;
}

static int streq(const char *a, const char *b)
{
	return (!a && !b) || (a && b && !strcmp(a, b));
}

/* Same tree below a and b; *why says what differs. */
static int same_tree(const struct xq_node *a, const struct xq_node *b, char *why, size_t sz)
{
	for (; a || b; a = a->next, b = b->next) {
		if (!a || !b) {
			snprintf(why, sz, "a variation is missing");
			return 0;
		}
		if (a->move != b->move) {
			snprintf(why, sz, "move %s differs", a->text ? a->text : "?");
			return 0;
		}
		if (!streq(a->comment, b->comment) || !streq(a->comment_before, b->comment_before)) {
			snprintf(why, sz, "comment at %s: '%.80s' vs '%.80s'", a->text ? a->text : "root",
				 a->comment ? a->comment : "(none)", b->comment ? b->comment : "(none)");
			return 0;
		}
		if (a->nnags != b->nnags || memcmp(a->nags, b->nags, a->nnags)) {
			snprintf(why, sz, "NAGs at %s", a->text ? a->text : "?");
			return 0;
		}
		if (!same_tree(a->child, b->child, why, sz))
			return 0;
		if (!a->parent)
			break; /* the root has no siblings */
	}
	return 1;
}

static int same_game(const struct xq_game *a, const struct xq_game *b, char *why, size_t sz)
{
	for (const struct xq_tag *t = a->tags; t; t = t->next) {
		const char *v;
		if (!strcmp(t->name, "Format") || !strcmp(t->name, "FEN") || !strcmp(t->name, "Game"))
			continue;
		v = xq_game_tag(b, t->name);
		if (!v || strcmp(v, t->value)) {
			snprintf(why, sz, "tag %s: '%s' vs '%s'", t->name, t->value, v ? v : "(none)");
			return 0;
		}
	}
	if (strcmp(a->start_fen, b->start_fen)) {
		snprintf(why, sz, "start %s vs %s", a->start_fen, b->start_fen);
		return 0;
	}
	return same_tree(&a->root, &b->root, why, sz);
}

static const char *const pgn_files[] = {
	"ccpd_big5_endgame_black_first.pgn", "ccpd_big5_master_game.pgn",
	"ccpd_big5_midgame_black_first.pgn", "ccpd_big5_opening_unfinished.pgn",
	"hbsxcjp_tandem_pawns_gbk.pgn", "hbsxcjp_xqbase_spec_example_gbk.pgn",
	"walker_black_own_line_gbk.pgn", "walker_short_fen_gbk.pgn",
	"walker_trailing_junk_gbk.pgn", "wukong_chinese_nospace_utf8.pgn",
	"wukong_hu_ronghua_1391_iccs.pgn", "wukong_iccs_1125_games.pgn",
	"wukong_iccs_small_utf8.pgn", "wukong_wxf_fullwidth_utf8.pgn",
	"wukong_xboard_san_variant_xiangqi.pgn", "xqbase_ccgc2006_01_gbk_crlf.pgn",
	"xqbase_ccgc2006_16_gbk_crlf.pgn", "xqbase_ccgc2006_23_draw_gbk_crlf.pgn",
	"xqbase_sample_handicap_comments_gbk.pgn",
};

/* Manifest figures: games and plies of some files. */
static const struct {
	const char *file;
	int games, plies;
	const char *encoding;
} expect[] = {
	{ "wukong_hu_ronghua_1391_iccs.pgn", 1391, 120357, "UTF-8" },
	{ "wukong_iccs_1125_games.pgn", 1125, 101321, "UTF-8" },
	{ "wukong_iccs_small_utf8.pgn", 15, 1378, "UTF-8" },
	{ "wukong_chinese_nospace_utf8.pgn", 15, 1378, "UTF-8" },
	{ "wukong_wxf_fullwidth_utf8.pgn", 15, 1378, "UTF-8" },
	{ "hbsxcjp_tandem_pawns_gbk.pgn", 1, 129, "GB18030" },
	{ "ccpd_big5_master_game.pgn", 1, -1, "BIG5" },
	{ "xqbase_ccgc2006_01_gbk_crlf.pgn", 1, -1, "GB18030" },
};

static const enum xq_notation notations[] = {
	XQ_NOTATION_CHINESE, XQ_NOTATION_WXF, XQ_NOTATION_ICCS, XQ_NOTATION_UCI,
	XQ_NOTATION_UCI10,
};
static const char *const notation_names[] = { "chinese", "wxf", "iccs", "uci", "uci10" };

static char *write_all(const struct games *gs, const char *fmt, enum xq_notation n,
		       size_t *len, int *written)
{
	char *buf = NULL;
	FILE *fp = open_memstream(&buf, len);
	struct xq_writer_opts o = { 0 };
	struct xq_writer *w;
	int err;
	o.format = fmt;
	o.notation = n;
	*written = 0;
	if (!fp || !(w = xq_writer_open(fp, &o, &err)))
		return NULL;
	for (int i = 0; i < gs->n; i++)
		if (xq_writer_write(w, gs->g[i]) == 0)
			++*written;
	xq_writer_close(w);
	fclose(fp);
	return buf;
}

static void corpus_pgn(void)
{
	long all_games = 0;
	for (size_t f = 0; f < sizeof pgn_files / sizeof *pgn_files; f++) {
		char path[256];
		size_t len;
		struct games gs;
		struct counter c = { 0 };
		char *buf;

		snprintf(path, sizeof path, "corpus/pgn/%s", pgn_files[f]);
		buf = slurp(shared_path(path), &len);
		if (!ok(buf != NULL, "%s: readable", pgn_files[f]))
			continue;
		is_int(read_all(buf, len, pgn_files[f], NULL, &gs, &c), 0, "%s: read to the end", pgn_files[f]);
		ok(gs.n > 0 && c.errors == 0, "%s: %d games replay without errors", pgn_files[f], gs.n) || (diagf("%d errors, first: %s", c.errors, c.first), 0);
		int kept = 0;
		for (int i = 0; i < gs.n; i++)
			kept += gs.g[i]->plies == xq_game_plies(gs.g[i]);
		is_int(kept, gs.n, "%s: replay keeps each game's xq_game_plies() in plies", pgn_files[f]);
		all_games += gs.n;
		for (size_t e = 0; e < sizeof expect / sizeof *expect; e++) {
			if (strcmp(expect[e].file, pgn_files[f]))
				continue;
			is_int(gs.n, expect[e].games, "%s: games", pgn_files[f]);
			if (expect[e].plies >= 0)
				is_int(total_plies(&gs), expect[e].plies, "%s: plies", pgn_files[f]);
			struct xq_reader_opts o = { 0 };
			int err;
			struct xq_reader *r = xq_reader_open_mem(buf, len, &o, &err);
			ok(r && !strcmp(xq_reader_encoding(r), expect[e].encoding),
			   "%s: encoding %s", pgn_files[f], r ? xq_reader_encoding(r) : "?");
			xq_reader_close(r);
		}
		/* round trips in every notation */
		for (size_t k = 0; k < sizeof notations / sizeof *notations; k++) {
			size_t olen;
			int written, bad = 0;
			struct games back;
			struct counter c2 = { 0 };
			char why[300] = "";
			char *out = write_all(&gs, "pgn", notations[k], &olen, &written);
			if (!ok(out != NULL, "%s: written in %s", pgn_files[f], notation_names[k]))
				continue;
			read_all(out, olen, "roundtrip", NULL, &back, &c2);
			ok(written == gs.n && back.n == gs.n && c2.errors == 0,
			   "%s: %s: %d games written, %d read back, no errors", pgn_files[f],
			   notation_names[k], written, back.n) || (diagf("errors %d: %s", c2.errors, c2.first), 0);
			for (int i = 0; i < gs.n && i < back.n && !bad; i++)
				if (!same_game(gs.g[i], back.g[i], why, sizeof why))
					bad = i + 1;
			ok(!bad, "%s: %s: same trees after the round trip", pgn_files[f],
			   notation_names[k]) || (diagf("game %d: %s", bad, why), 0);
			free_all(&back);
			free(out);
		}
		/* text format keeps the main line and the tags */
		{
			size_t olen;
			int written, bad = 0;
			struct games back;
			struct counter c2 = { 0 };
			char *out = write_all(&gs, "text", XQ_NOTATION_CHINESE, &olen, &written);
			read_all(out ? out : "", out ? olen : 0, "text", "text", &back, &c2);
			for (int i = 0; i < gs.n && i < back.n && !bad; i++) {
				const struct xq_node *a = gs.g[i]->root.child, *b = back.g[i]->root.child;
				for (; a && b; a = a->child, b = b->child)
					if (a->move != b->move)
						break;
				if (a || b || strcmp(gs.g[i]->start_fen, back.g[i]->start_fen))
					bad = i + 1;
			}
			ok(back.n == gs.n && !bad && c2.errors == 0,
			   "%s: text round trip: %d of %d games, main lines equal", pgn_files[f],
			   back.n, gs.n) || (diagf("game %d, errors %d: %s", bad, c2.errors, c2.first), 0);
			free_all(&back);
			free(out);
		}
		free_all(&gs);
		free(buf);
	}
	ok(all_games >= 2500, "corpus: %ld PGN games in all", all_games);
}

static void corpus_text(void)
{
	static const struct {
		const char *file;
		int games, plies;
	} texts[] = {
		{ "walker_fen_then_moves_utf8.txt", 1, -1 },
		{ "walker_endgame_fen_then_moves_utf8.txt", 1, -1 },
		{ "walker_fen_uci_oneline.txt", 1, 5 },
		{ "walker_mate_puzzles_fen_list_utf8.txt", 144, 0 },
	};
	for (size_t f = 0; f < sizeof texts / sizeof *texts; f++) {
		char path[256];
		size_t len;
		struct games gs;
		struct counter c = { 0 };
		char *buf;
		snprintf(path, sizeof path, "corpus/text/%s", texts[f].file);
		buf = slurp(shared_path(path), &len);
		if (!ok(buf != NULL, "%s: readable", texts[f].file))
			continue;
		read_all(buf, len, texts[f].file, NULL, &gs, &c);
		is_int(gs.n, texts[f].games, "%s: games", texts[f].file);
		ok(c.errors == 0, "%s: no errors", texts[f].file) || (diagf("%s", c.first), 0);
		if (texts[f].plies >= 0)
			is_int(total_plies(&gs), texts[f].plies, "%s: plies", texts[f].file);
		else
			ok(total_plies(&gs) > 10, "%s: %d plies", texts[f].file, total_plies(&gs));
		free_all(&gs);
		free(buf);
	}
}

/* Break a move on purpose and check where it is reported. */
struct where {
	long line, col, game;
	int ply, code;
};

static void keep_first(void *data, const struct xq_problem *p)
{
	struct where *w = data;
	if (p->severity >= XQ_SEV_ERROR && !w->line) {
		w->line = p->line;
		w->col = p->col;
		w->ply = p->ply;
		w->game = p->game;
		w->code = p->code;
	}
}

static void known_bad(void)
{
	size_t len;
	char *buf = slurp(shared_path("corpus/pgn/wukong_iccs_1125_games.pgn"), &len);
	if (!ok(buf != NULL, "known bad: corpus file readable"))
		return;
	/* the 40th game's 3rd line of moves: find "40. " of game 7 by text */
	long line = 1, target_line = 0, col = 0;
	int games = 0;
	char *p = buf, *hit = NULL;
	for (char *q = buf; *q; q++) {
		if (q == buf || q[-1] == '\n') {
			if (!strncmp(q, "[Event", 6))
				games++;
			if (games == 7 && !strncmp(q, "1. ", 3) && !hit) {
				hit = q + 3; /* the first Red move */
				target_line = line;
				col = 4;
			}
		}
		if (*q == '\n')
			line++;
	}
	(void)p;
	if (!ok(hit != NULL, "known bad: found game 7"))
		return;
	/* an illegal ICCS move in place of the first one: a0a9 */
	memcpy(hit, "a0a9", 4);
	struct xq_reader_opts o = { 0 };
	struct where w = { 0 };
	struct xq_reader *r;
	struct xq_game *g;
	int err, n = 0, invalid = 0;
	o.problem = keep_first;
	o.problem_data = &w;
	r = xq_reader_open_mem(buf, len, &o, &err);
	while (r && xq_reader_next(r, &g) > 0) {
		n++;
		invalid += g->errors > 0;
		xq_game_free(g);
	}
	xq_reader_close(r);
	is_int(n, 1125, "known bad: every game still read");
	is_int(invalid, 1, "known bad: one game invalid");
	is_int(w.game, 7, "known bad: game 7");
	is_int(w.line, target_line, "known bad: line");
	is_int(w.col, col, "known bad: column");
	is_int(w.ply, 1, "known bad: ply");
	is_int(w.code, XQ_P_ILLEGAL, "known bad: illegal move");
	free(buf);
}

int main(void)
{
	corpus_pgn();
	corpus_text();
	known_bad();
	return done_testing();
}
