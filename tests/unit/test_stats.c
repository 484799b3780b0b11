/*
 * test_stats.c - database statistics (lib/stats.c): games added and what
 * the reports say of them (totals, players' scores, the opening tree with
 * a transposition merged, ECCO codes, a filter, another root), the counts
 * written as a part and read back, two halves of the games merged as one
 * run, the settings of parts, and the errors of corrupt part lines with
 * where they are.
 */
#define _GNU_SOURCE   /* open_memstream */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "xq.h"

/* Game 4 reaches game 1's position after 3 plies by other moves (a
 * transposition: the 4th ply's edge holds both); game 5 has an illegal
 * move (invalid, left out). */
static const char *const games[] = {
	("[Event \"Cup\"]\n[Red \"Hu Ronghua\"]\n[Black \"Liu Dahua\"]\n[Date \"1995.06.12\"]\n"
	 "[RedElo \"2500\"]\n[BlackElo \"2400\"]\n[Result \"1-0\"]\n\n"
	 "1. h2e2 h9g7 2. c3c4 i9h9 1-0\n"),
	("[Event \"Cup\"]\n[Red \"Lu Qin\"]\n[Black \"Hu Ronghua\"]\n[Date \"2001\"]\n"
	 "[RedElo \"2450\"]\n[Result \"1/2-1/2\"]\n\n"
	 "1. h2e2 b9c7 2. b0c2 1/2-1/2\n"),
	("[Event \"League\"]\n[Red \"Xu Yinchuan\"]\n[Black \"Lu Qin\"]\n[Date \"2001.03.01\"]\n"
	 "[Result \"0-1\"]\n\n"
	 "1. c3c4 g6g5 2. h2e2 0-1\n"),
	("[Event \"League\"]\n[Red \"Hu Ronghua\"]\n[Black \"Xu Yinchuan\"]\n[Date \"?\"]\n"
	 "[Result \"*\"]\n\n"
	 "1. c3c4 h9g7 2. h2e2 i9h9 *\n"),
	("[Event \"Cup\"]\n[Red \"Liu Dahua\"]\n[Black \"Lu Qin\"]\n[Result \"1-0\"]\n\n"
	 "1. h2e2 h9h1 1-0\n"),
};
#define NGAMES ((int)(sizeof games / sizeof *games))

static struct xq_game *game[NGAMES];

static int read_games(void)
{
	for (int i = 0; i < NGAMES; i++) {
		struct xq_reader_opts ro = { .format = "pgn", .name = "t" };
		int err;
		struct xq_reader *r = xq_reader_open_mem(games[i], strlen(games[i]), &ro, &err);
		if (!r || xq_reader_next(r, &game[i]) != 1)
			return -1;
		xq_reader_close(r);
	}
	return 0;
}

/* What write(s, fp) writes, malloc'd. */
static char *output(struct xq_stats *s, int (*write)(struct xq_stats *, FILE *))
{
	char *text = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&text, &len);
	int rc = fp ? write(s, fp) : -1;
	if (fp)
		fclose(fp);
	if (rc != 0) {
		free(text);
		return strdup("(failed)");
	}
	return text;
}

static struct xq_stats *made(int depth, unsigned flags, const struct xq_pos *root,
			     const struct xq_query *filter)
{
	struct xq_stats_opts o = { .depth = depth, .flags = flags, .root = root, .filter = filter,
				   .notation = XQ_NOTATION_ICCS, .top = 20 };
	return xq_stats_new(&o, NULL);
}

/* games[first..last) added to s. */
static int add_games(struct xq_stats *s, int first, int last)
{
	for (int i = first; i < last; i++)
		if (xq_stats_add_game(s, game[i]) < 0)
			return -1;
	return 0;
}

/* Each line of text (its newlines taken off) read into s: the first line
 * number that fails, with *rc its code and *offset where, or 0. */
static long read_part(struct xq_stats *s, const char *text, int *rc, int *offset)
{
	char *copy = strdup(text), *line = copy, *next;
	long n = 0;
	for (; line && *line; line = next) {
		struct xq_err err = { 0 };
		if ((next = strchr(line, '\n')))
			*next++ = '\0';
		n++;
		if ((*rc = xq_stats_read_part_line(s, line, &err)) < 0) {
			*offset = err.offset;
			free(copy);
			return n;
		}
	}
	free(copy);
	return 0;
}

/* --- what the reports say */

static const struct {
	const char *name;
	int depth;
	unsigned flags;
	const char *root;        /* moves from the start; NULL: the start */
	const char *player;      /* the filter; NULL: none */
	int (*write)(struct xq_stats *, FILE *);
	const char *want[6];     /* in the output, in this order */
} reports[] = {
	{ "totals", 0, 0, NULL, NULL, xq_stats_write_text,
	  { "4 games (1 invalid game left out)\n", "  red wins            1   25.0%\n",
	    "  draws               1   25.0%\n", "  unknown             1   25.0%\n",
	    "years: 2:\n  1995                1\n  2001                2\n" } },
	{ "players' scores", 0, 0, NULL, NULL, xq_stats_write_text,
	  { "players: 4:\n", "         3      1.5/2   75.0%  Hu Ronghua\n",
	    "         2      1.5/2   75.0%  Lu Qin\n" } },
	{ "events by count", 0, 0, NULL, NULL, xq_stats_write_text,
	  { "events: 2:\n         2  Cup\n         2  League\n" } },
	{ "tree: games, score, rating", 2, 0, NULL, NULL, xq_stats_write_text,
	  { "opening tree from the start, depth 2: 4 games\n",
	    "  h2e2               2 games  +1 =1 -0  score  75.0%  rating 2475\n",
	    "    h9g7               1 game   +0 =0 -1  score   0.0%  rating 2400\n" } },
	{ "a transposition merged", 4, 0, NULL, NULL, xq_stats_write_json,
	  { "\"iccs\":\"i9h9\",\"games\":2,\"red_wins\":1,\"draws\":0,\"black_wins\":0,\"score\":0.0" } },
	{ "the tree from another root", 2, 0, "h2e2", NULL, xq_stats_write_json,
	  { "\"depth\":2,\"games\":2,\"moves\":[{\"move\":\"b9c7\"",
	    "\"next\":[{\"move\":\"c3c4\",\"iccs\":\"c3c4\",\"games\":1,\"red_wins\":1,\"draws\":0,"
	    "\"black_wins\":0,\"score\":100.0,\"rating\":2500}" } },
	{ "the tree in JSON", 1, 0, NULL, NULL, xq_stats_write_json,
	  { "{\"games\":4,\"invalid\":1,\"results\":{\"1-0\":1,\"1/2-1/2\":1,\"0-1\":1,\"*\":1}",
	    "{\"move\":\"h2e2\",\"iccs\":\"h2e2\",\"games\":2," } },
	{ "a filter", 1, 0, NULL, "hu ronghua", xq_stats_write_json,
	  { "{\"games\":3,\"invalid\":1," } },
	{ "ECCO codes", 1, XQ_STATS_ECCO, NULL, NULL, xq_stats_write_json,
	  { "\"ecco\":[{\"code\":\"B01\",\"opening\":\"中炮对进右马\",\"variation\":\"\",\"games\":1,"
	    "\"decided\":1,\"red_score\":0.5}", "{\"code\":\"E40\"" } },
	{ "SVG bars", 1, 0, NULL, NULL, xq_stats_write_svg,
	  { "results after each move (4 games)", ">h2e2</text>", "<title>red wins: 1 (50%)</title>" } },
};

static void test_reports(void)
{
	for (size_t i = 0; i < sizeof reports / sizeof *reports; i++) {
		struct xq_pos root;
		struct xq_query *q = NULL;
		if (reports[i].root) {
			const char *p = reports[i].root, *mv;
			size_t n;
			struct xq_err err;
			xq_pos_start(&root);
			while (xq_moves_next(&root, &p, &mv, &n, NULL, &err) > 0)
				;
		}
		if (reports[i].player && (!(q = xq_query_new()) || xq_query_player(q, reports[i].player)))
			ok(0, "%s: the query", reports[i].name);
		struct xq_stats *s = made(reports[i].depth, reports[i].flags,
					  reports[i].root ? &root : NULL, q);
		if (!ok(s && add_games(s, 0, NGAMES) == 0, "%s: made, games added", reports[i].name)) {
			xq_stats_free(s);
			xq_query_free(q);
			continue;
		}
		char *text = output(s, reports[i].write), *at = text;
		for (int k = 0; k < 6 && reports[i].want[k]; k++) {
			char *hit = strstr(at, reports[i].want[k]);
			if (!ok(hit != NULL, "%s: %d", reports[i].name, k))
				diagf("want '%s' in:\n%s", reports[i].want[k], text);
			else
				at = hit + strlen(reports[i].want[k]);
		}
		free(text);
		xq_stats_free(s);
		xq_query_free(q);
	}
}

/* --- parts */

static int (*const writers[])(struct xq_stats *, FILE *) = {
	xq_stats_write_text, xq_stats_write_json, xq_stats_write_svg, xq_stats_write_part,
};
static const char *const writer_names[] = { "text", "JSON", "SVG", "part" };

/* Whether a and b write the same in every form. */
static void same_outputs(struct xq_stats *a, struct xq_stats *b, const char *what)
{
	for (int w = 0; w < 4; w++) {
		char *x = output(a, writers[w]), *y = output(b, writers[w]);
		is_str(y, x, "%s: the %s", what, writer_names[w]);
		free(x);
		free(y);
	}
}

static const struct { int depth; unsigned flags; } settings[] = {
	{ 0, 0 }, { 1, 0 }, { 4, 0 }, { 3, XQ_STATS_ECCO },
};

/* Every split of the games in two halves, each written as a part, read
 * back into one statistics in either order: what one run prints. */
static void test_halves(void)
{
	for (size_t i = 0; i < sizeof settings / sizeof *settings; i++) {
		struct xq_stats *whole = made(settings[i].depth, settings[i].flags, NULL, NULL);
		add_games(whole, 0, NGAMES);
		for (int cut = 0; cut <= NGAMES; cut++) {
			for (int order = 0; order < 2; order++) {
				struct xq_stats *half[2], *merged;
				char *part[2], what[80];
				int rc = 0, off = 0;
				long bad = 0;
				half[0] = made(settings[i].depth, settings[i].flags, NULL, NULL);
				half[1] = made(settings[i].depth, settings[i].flags, NULL, NULL);
				add_games(half[0], 0, cut);
				add_games(half[1], cut, NGAMES);
				part[0] = output(half[0], xq_stats_write_part);
				part[1] = output(half[1], xq_stats_write_part);
				merged = made(1, settings[i].flags, NULL, NULL);
				char depth[16];
				snprintf(depth, sizeof depth, "%d", settings[i].depth);
				snprintf(what, sizeof what, "depth %d%s, games 1-%d and %d-%d%s",
					 settings[i].depth, settings[i].flags ? " ecco" : "", cut, cut + 1,
					 NGAMES, order ? ", the second first" : "");
				ok(xq_stats_part_settings(merged, depth, xq_stats_root_fen(whole), NULL) == 0 &&
				   !(bad = read_part(merged, part[order], &rc, &off)) &&
				   !(bad = read_part(merged, part[!order], &rc, &off)),
				   "%s: read back", what);
				if (bad)
					diagf("line %ld: %d at %d", bad, rc, off);
				same_outputs(whole, merged, what);
				is_int(xq_stats_games(merged), NGAMES - 1, "%s: games", what);
				is_int(xq_stats_invalid(merged), 1, "%s: invalid", what);
				for (int k = 0; k < 2; k++) {
					free(part[k]);
					xq_stats_free(half[k]);
				}
				xq_stats_free(merged);
			}
		}
		xq_stats_free(whole);
	}
}

/* A part read back whole is itself; the lines of others (a header, a
 * diagnostic, an input's end, a worker's message, an empty line) are
 * left to the caller. */
static void test_round_trip(void)
{
	struct xq_stats *s = made(3, XQ_STATS_ECCO, NULL, NULL), *t = made(3, XQ_STATS_ECCO, NULL, NULL);
	int rc = 0, off = 0;
	add_games(s, 0, NGAMES);
	char *part = output(s, xq_stats_write_part);
	ok(read_part(t, part, &rc, &off) == 0, "a part read back");
	same_outputs(s, t, "a part read back");
	static const char *const others[] = {
		"#xqstats-partial\t1\t3\trnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
		"P\terror\tillegal\t1\t2\t3\t4\t-\t-\t-\tmsg",
		"#end\tfile\t1\t2\t3", "W\txqstats: a message", "", "games",
	};
	for (size_t i = 0; i < sizeof others / sizeof *others; i++)
		is_int(xq_stats_read_part_line(t, others[i], NULL), i < 5 ? 0 : XQ_EINVAL,
		       "not a count line: '%.20s'", others[i]);
	char *again = output(t, xq_stats_write_part);
	is_str(again, part, "the others added nothing");
	free(again);
	free(part);
	xq_stats_free(s);
	xq_stats_free(t);
}

/* A count line that is wrong: its code and where. */
static const struct {
	const char *line;
	int rc, offset;
} bad_lines[] = {
	{ "games\t1\t2", XQ_EINVAL, 0 },
	{ "games\t1\tx\t0", XQ_EINVAL, 8 },
	{ "games\t1\t-1\t0", XQ_EINVAL, 8 },
	{ "games\t1\t100000000000000001\t0", XQ_EINVAL, 8 },
	{ "M\t0123456789abcdeg\th2e2\t1\t0\t0\t0\t0\t0", XQ_EINVAL, 2 },
	{ "M\t0123456789abcdef\th2j2\t1\t0\t0\t0\t0\t0", XQ_EINVAL, 2 },
	{ "M\t0123456789abcdef\th2e2\t0\t0\t0\t0\t0\t0", XQ_EINVAL, 24 },
	{ "M\t0123456789abcdef\th2e2\t1\t1\t1\t0\t0\t0", XQ_EINVAL, 24 },
	{ "M\t0123456789abcdef\th2e2\t1\t0\t0\t0\t100001\t1", XQ_EINVAL, 24 },
	{ "M\t0123456789abcdef\th2e2\t1\t0\t0\t0\t0\ty", XQ_EINVAL, 34 },
	{ "M\t0123456789abcdef\th2e2\t1\t0\t0", XQ_EINVAL, 0 },
	{ "R\t2-0\t1\t0\t0", XQ_EINVAL, 2 },
	{ "L\t08\t1\t0\t0", XQ_EINVAL, 2 },
	{ "L\t16\t1\t0\t0", XQ_EINVAL, 2 },
	{ "Y\t199\t1\t0\t0", XQ_EINVAL, 2 },
	{ "O\tZ99\t1\t0\t0", XQ_EINVAL, 2 },
	{ "P\tHu\t1\t2\t0", XQ_EINVAL, 5 },
	{ "P\tHu\t2\t1\t3", XQ_EINVAL, 5 },
	{ "E\tCup\t0\t0\t0", XQ_EINVAL, 6 },
	{ "E\tCup\t1\t0", XQ_EINVAL, 0 },
	/* and good ones, beside them */
	{ "E\tCup\\tA\t1\t0\t0", 1, 0 },
	{ "P\tHu\t2\t1\t2", 1, 0 },
	{ "L\t15\t1\t0\t0", 1, 0 },
	{ "M\t0123456789abcdef\th2e2\t2\t1\t0\t1\t5000\t2", 1, 0 },
};

static void test_bad_lines(void)
{
	struct xq_stats *s = made(1, 0, NULL, NULL);
	for (size_t i = 0; i < sizeof bad_lines / sizeof *bad_lines; i++) {
		struct xq_err err = { 0 };
		int rc = xq_stats_read_part_line(s, bad_lines[i].line, &err);
		is_int(rc, bad_lines[i].rc, "'%s': code", bad_lines[i].line);
		if (rc < 0) {
			is_int(err.offset, bad_lines[i].offset, "'%s': where", bad_lines[i].line);
			ok(err.msg[0] != '\0', "'%s': why: %s", bad_lines[i].line, err.msg);
		}
	}
	/* sums stay within the limit: a line that would pass it is refused
	 * whole */
	static const char *const at_limit[][2] = {
		{ "games\t100000000000000000\t0\t0", "games\t1\t0\t0" },
		{ "E\tLimit\t100000000000000000\t0\t0", "E\tLimit\t1\t0\t0" },
		{ "M\t0000000000000001\th2e2\t100000000000000000\t0\t0\t0\t0\t0",
		  "M\t0000000000000001\th2e2\t1\t0\t0\t0\t0\t0" },
	};
	for (size_t i = 0; i < sizeof at_limit / sizeof *at_limit; i++) {
		struct xq_err err;
		is_int(xq_stats_read_part_line(s, at_limit[i][0], &err), 1, "at the limit: '%.20s'",
		       at_limit[i][0]);
		char *before = output(s, xq_stats_write_part);
		is_int(xq_stats_read_part_line(s, at_limit[i][1], &err), XQ_EINVAL, "past the limit: '%.20s'",
		       at_limit[i][1]);
		char *after = output(s, xq_stats_write_part);
		is_str(after, before, "past the limit: nothing added");
		free(before);
		free(after);
	}
	xq_stats_free(s);
}

/* A part with one line spoilt: the first error is on that line. */
static void test_corrupt_part(void)
{
	struct xq_stats *s = made(2, 0, NULL, NULL);
	add_games(s, 0, NGAMES);
	char *part = output(s, xq_stats_write_part);
	xq_stats_free(s);
	for (long spoil = 1; ; spoil++) {
		char *copy = strdup(part), *line = copy;
		for (long k = 1; k < spoil && line; k++)
			if ((line = strchr(line, '\n')))
				line++;
		if (!line || !*line) {
			free(copy);
			break;
		}
		/* the last field's first digit as a letter */
		char *end = strchr(line, '\n'), *last = end;
		while (last[-1] != '\t')
			last--;
		*last = 'x';
		struct xq_stats *t = made(2, 0, NULL, NULL);
		int rc = 0, off = 0;
		long at = read_part(t, copy, &rc, &off);
		is_int(at, spoil, "line %ld spoilt: found there", spoil);
		is_int(rc, XQ_EINVAL, "line %ld spoilt: code", spoil);
		is_int(off, last - line, "line %ld spoilt: where", spoil);
		xq_stats_free(t);
		free(copy);
	}
	free(part);
}

static void test_settings(void)
{
	struct xq_stats *s = made(1, 0, NULL, NULL);
	struct xq_err err = { 0 };
	struct xq_stats_opts deep = { .depth = XQ_STATS_DEPTH_MAX + 1 }, neg = { .depth = -1 };
	int e = 0;
	const char *start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
	const char *other = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 0 1";
	is_str(xq_stats_root_fen(s), start, "the root: the start, no counters");
	is_int(xq_stats_part_settings(s, "x", start, &err), XQ_ERANGE, "a depth that is no number");
	is_int(xq_stats_part_settings(s, "1001", start, &err), XQ_ERANGE, "a depth past the limit");
	is_int(xq_stats_part_settings(s, "2", "rnbakabnr/9", &err), XQ_EINVAL, "a FEN that is none");
	ok(err.msg[0] != '\0', "a FEN that is none: why: %s", err.msg);
	is_int(xq_stats_depth(s), 1, "nothing taken from a bad header");
	is_int(xq_stats_part_settings(s, "3", other, &err), 0, "the first settings taken");
	is_int(xq_stats_depth(s), 3, "their depth");
	is_str(xq_stats_root_fen(s), other, "their root");
	is_int(xq_stats_part_settings(s, "3", other, &err), 0, "the same again");
	is_int(xq_stats_part_settings(s, "2", other, &err), 1, "another depth");
	is_int(xq_stats_part_settings(s, "3", start, &err), 1, "another root");
	is_int(xq_stats_depth(s), 3, "the first settings kept");
	xq_stats_free(s);
	ok(!xq_stats_new(&deep, &e) && e == XQ_ERANGE, "a depth past XQ_STATS_DEPTH_MAX");
	e = 0;
	ok(!xq_stats_new(&neg, &e) && e == XQ_ERANGE, "a negative depth");
}

int main(void)
{
	if (!ok(read_games() == 0, "the games read"))
		return done_testing();
	test_reports();
	test_round_trip();
	test_halves();
	test_bad_lines();
	test_corrupt_part();
	test_settings();
	for (int i = 0; i < NGAMES; i++)
		xq_game_free(game[i]);
	return done_testing();
}
