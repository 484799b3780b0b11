/*
 * test_query.c - selecting games (lib/query.c): each criterion against a
 * game that meets it and one that does not, the flags (all lines, mirror,
 * event year, material either way), the criteria that do not compile, the
 * duplicate key, and the dates, results, tags and move lists it is built
 * on.
 */
#include <stdlib.h>
#include <string.h>

#include "game_cmp.h"
#include "tap.h"
#include "xq.h"

/* Main line 1. h2e2 h7e7 2. e2e6 d9e8 (the cannon takes the pawn at ply
 * 3), with a variation 1. c3c4 g6g5 for the first move. */
static const char game_text[] =
	"[Event \"Cup 1995\"]\n[Red \"Hu Ronghua\"]\n[Black \"Yang Guanlin\"]\n"
	"[Date \"1995.06.12\"]\n[Result \"1-0\"]\n\n"
	"1. h2e2 (1. c3c4 g6g5) 1... h7e7 2. e2e6 d9e8 1-0\n";

/* The FEN after moves from the usual start, into buf. */
static const char *fen_after(const char *moves, char *buf, size_t size)
{
	struct xq_pos pos;
	const char *at = moves, *mv;
	size_t len;
	struct xq_err err;
	xq_pos_start(&pos);
	while (xq_moves_next(&pos, &at, &mv, &len, NULL, &err) > 0)
		;
	xq_pos_to_fen(&pos, buf, size);
	return buf;
}

/* One criterion: its letter (as xqgrep spells it) and value. */
static int add(struct xq_query *q, char kind, const char *v, struct xq_err *err)
{
	char fen[128];
	switch (kind) {
	case 'T': return xq_query_tag(q, v, err);
	case 'P': return xq_query_player(q, v);
	case 'r': return xq_query_result(q, v);
	case 'd': return xq_query_date(q, v);
	case 'p': return xq_query_plies(q, v);
	case 'a': return xq_query_at_ply(q, v);
	case 'F': return xq_query_fen(q, fen_after(v, fen, sizeof fen), err);
	case 'f': return xq_query_fen(q, v, err);
	case 'M': return xq_query_material(q, v, 0);
	case '2': return xq_query_material(q, v, 2);   /* positions in a row */
	case '3': return xq_query_material(q, v, 3);
	case 'O': return xq_query_opening(q, v, err);
	}
	return -100;
}

static const struct {
	const char *crit[2];   /* "Kvalue": K a letter of add() */
	unsigned flags;
	int want;              /* 1 match, 0 none */
} cases[] = {
	{ { NULL }, 0, 1 },
	{ { "TEvent=Cup 1995" }, 0, 1 },
	{ { "TEvent=Cup" }, 0, 0 },
	{ { "Tevent~Cup" }, 0, 1 },
	{ { "TEvent=~^C.p [0-9]+$" }, 0, 1 },
	{ { "TEvent=~^X" }, 0, 0 },
	{ { "TSite~Cup" }, 0, 0 },
	{ { "TEvent~Cup", "PRonghua" }, 0, 1 },
	{ { "PGuanlin" }, 0, 1 },
	{ { "PWang" }, 0, 0 },
	{ { "rred" }, 0, 1 },
	{ { "r1-0" }, 0, 1 },
	{ { "rdraw" }, 0, 0 },
	{ { "r红胜" }, 0, 1 },
	{ { "d1990..1995" }, 0, 1 },
	{ { "d1995.06" }, 0, 1 },
	{ { "d1996.." }, 0, 0 },
	{ { "d..1995.05" }, 0, 0 },
	{ { "p4" }, 0, 1 },
	{ { "p5.." }, 0, 0 },
	{ { "p..3" }, 0, 0 },
	{ { "Oh2e2 h7e7" }, 0, 1 },
	{ { "O1. 炮二平五 炮８平５" }, 0, 1 },
	{ { "Oc3c4" }, 0, 0 },
	{ { "Oh2e2 h7e7 e2e6 d9e8 a0a1" }, 0, 0 },
	{ { "Fh2e2 h7e7 e2e6 d9e8" }, 0, 1 },
	{ { "F" }, 0, 1 },                                  /* the start, ply 0 */
	{ { "Fc3c4 g6g5" }, 0, 0 },                         /* in the variation */
	{ { "Fc3c4 g6g5" }, XQ_QUERY_ALL_LINES, 1 },
	{ { "Fb2e2 b7e7" }, 0, 0 },                         /* the mirror */
	{ { "Fb2e2 b7e7" }, XQ_QUERY_MIRROR, 1 },
	{ { "Fh2e2 h7e7 e2e6 d9e8", "a0..3" }, 0, 0 },
	{ { "Fh2e2 h7e7 e2e6 d9e8", "a4" }, 0, 1 },
	{ { "M2R2N2C5P/2R2N2C5P" }, 0, 1 },
	{ { "M2R2N2C5P/2R2N2C4P" }, 0, 1 },
	{ { "M2R2N2C5P/2R2N2C3P" }, 0, 0 },
	{ { "M2R2N2C5P/2R2N2C4P", "a0..2" }, 0, 0 },
	{ { "M2R2N2C5P/2R2N2C3-4P", "a0..2" }, 0, 0 },
	{ { "M2R2N2C5P/2R2N2C4+P" }, 0, 1 },
	{ { "MR/R" }, 0, 0 },
	{ { "22R2N2C5P/2R2N2C4P" }, 0, 1 },                 /* plies 3 and 4 */
	{ { "32R2N2C5P/2R2N2C4P" }, 0, 0 },
	{ { "32R2N2C5P/2R2N2C4P" }, XQ_QUERY_ALL_LINES, 0 },
	{ { "22R2N2C5P/2R2N2C4P" }, XQ_QUERY_ALL_LINES, 1 },
	{ { "35P/5P" }, 0, 0 },                             /* chariots are there */
	{ { "32R2N2C5P/2R2N2C5P" }, XQ_QUERY_ALL_LINES, 1 },
	{ { "M2R2N2C4P/2R2N2C5P" }, 0, 0 },
	{ { "M2R2N2C4P/2R2N2C5P" }, XQ_QUERY_MATERIAL_EITHER, 1 },
	{ { "M2R2N2C5P/2R2N2C5P", "Fc3c4 g6g5" }, XQ_QUERY_ALL_LINES, 1 },
	{ { "M2R2N2C5P/2R2N2C3P", "Fc3c4 g6g5" }, XQ_QUERY_ALL_LINES, 0 },
};

/* Criteria that do not compile: the code and what err says. */
static const struct {
	char kind;
	const char *value;
	int code;
	const char *msg;       /* a part of err->msg, or NULL: not looked at */
} bad[] = {
	{ 'T', "Event", XQ_EINVAL, NULL },
	{ 'T', "=Cup", XQ_EINVAL, NULL },
	{ 'T', "Event=~(", XQ_ERANGE, "" },
	{ 'r', "maybe", XQ_EINVAL, NULL },
	{ 'd', "19x5", XQ_EINVAL, NULL },
	{ 'd', "1996..1995", XQ_EINVAL, NULL },
	{ 'd', "95", XQ_EINVAL, NULL },
	{ 'p', "5..3", XQ_EINVAL, NULL },
	{ 'p', "-1", XQ_EINVAL, NULL },
	{ 'a', "x", XQ_EINVAL, NULL },
	{ 'M', "R/R/R", XQ_EINVAL, NULL },
	{ 'M', "RX/R", XQ_EINVAL, NULL },
	{ 'M', "R", XQ_EINVAL, NULL },
	{ 'M', "3-2R/R", XQ_EINVAL, NULL },
	{ 'f', "rnbakabnr/9 w", XQ_EINVAL, "" },
	{ 'O', "h2e2 zz", -1, "move 2 'zz': " },
	{ 'O', "1. ", XQ_EINVAL, "no moves" },
};

static const struct {
	const char *date;
	int rc;
	long first, last;
} dates[] = {
	{ "1995", 0, 19950101, 19951231 },
	{ "1995.06", 0, 19950601, 19950631 },   /* months are not told apart */
	{ "1995.06.12", 0, 19950612, 19950612 },
	{ "1995-06-12", 0, 19950612, 19950612 },
	{ "1995.??.??", 0, 19950101, 19951231 },
	{ "????.06.12", XQ_EINVAL, 0, 0 },
	{ "95.06.12", XQ_EINVAL, 0, 0 },
	{ "1995.13", XQ_EINVAL, 0, 0 },
	{ "1995 June", XQ_EINVAL, 0, 0 },
};

static struct xq_game *replayed(const char *text)
{
	struct xq_game *g = read_pgn_game(text);
	if (g)
		xq_game_replay(g, "test", NULL, NULL);
	return g;
}

static void test_cases(void)
{
	struct xq_game *g = replayed(game_text);
	if (!ok(g && !g->errors, "the game reads and replays"))
		return;
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		struct xq_query *q = xq_query_new();
		struct xq_err err;
		int rc = 0, m;
		xq_query_set_flags(q, cases[i].flags);
		for (int k = 0; k < 2 && cases[i].crit[k] && rc == 0; k++)
			rc = add(q, cases[i].crit[k][0], cases[i].crit[k] + 1, &err);
		m = xq_query_match_tags(q, g);
		if (m)
			m = xq_query_match_moves(q, g);
		ok(rc == 0 && m == cases[i].want, "%s%s%s (flags %u): %s", cases[i].crit[0] ? cases[i].crit[0] : "none",
		   cases[i].crit[1] ? ", " : "", cases[i].crit[1] ? cases[i].crit[1] : "",
		   cases[i].flags, cases[i].want ? "matches" : "does not match");
		xq_query_free(q);
	}
	xq_game_free(g);
}

static void test_bad(void)
{
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		struct xq_query *q = xq_query_new();
		struct xq_err err = { 0 };
		struct xq_game *g = replayed(game_text);
		int rc = add(q, bad[i].kind, bad[i].value, &err);
		is_int(rc, bad[i].code, "%c '%s' does not compile", bad[i].kind, bad[i].value);
		if (bad[i].msg)
			ok(strstr(err.msg, bad[i].msg) != NULL && err.msg[0], "%c '%s': '%s'", bad[i].kind,
			   bad[i].value, err.msg);
		/* the query is as it was: it matches every game */
		ok(g && xq_query_match_tags(q, g) && xq_query_match_moves(q, g) == 1,
		   "%c '%s': the query still matches every game", bad[i].kind, bad[i].value);
		xq_game_free(g);
		xq_query_free(q);
	}
}

static void test_dates(void)
{
	for (size_t i = 0; i < sizeof dates / sizeof *dates; i++) {
		long first = 0, last = 0;
		int rc = xq_date_bounds(dates[i].date, &first, &last);
		ok(rc == dates[i].rc && (rc < 0 || (first == dates[i].first && last == dates[i].last)),
		   "date '%s': %d %ld..%ld", dates[i].date, rc, first, last);
	}
}

/* Event names the year when Date does not (XQ_QUERY_EVENT_YEAR). */
static void test_event_year(void)
{
	static const struct {
		const char *event;
		unsigned flags;
		int want;
	} ev[] = {
		{ "Cup 1995", XQ_QUERY_EVENT_YEAR, 1 },
		{ "Cup 1995", 0, 0 },
		{ "Cup 1996", XQ_QUERY_EVENT_YEAR, 0 },
		{ "Cup 1995-1996", XQ_QUERY_EVENT_YEAR, 0 },    /* two years */
		{ "Cup 19950", XQ_QUERY_EVENT_YEAR, 0 },        /* not four digits */
		{ "Cup 1995 1995", XQ_QUERY_EVENT_YEAR, 1 },
	};
	for (size_t i = 0; i < sizeof ev / sizeof *ev; i++) {
		char text[256];
		struct xq_game *g;
		struct xq_query *q = xq_query_new();
		snprintf(text, sizeof text, "[Event \"%s\"]\n[Date \"????.??.??\"]\n\n1. h2e2 *\n",
			 ev[i].event);
		g = read_pgn_game(text);
		xq_query_set_flags(q, ev[i].flags);
		xq_query_date(q, "1995");
		ok(g && xq_query_match_tags(q, g) == ev[i].want, "Event '%s', flags %u: %d", ev[i].event,
		   ev[i].flags, ev[i].want);
		xq_game_free(g);
		xq_query_free(q);
	}
}

/* The result from the tag, else from the final token. */
static void test_result(void)
{
	static const struct {
		const char *tags, *token, *want;
	} res[] = {
		{ "[Result \"1-0\"]\n", "*", "1-0" },
		{ "[Result \"红胜\"]\n", "*", "1-0" },
		{ "[Result \"*\"]\n", "0-1", "0-1" },
		{ "", "1/2-1/2", "1/2-1/2" },
		{ "[Result \"?\"]\n", "*", "*" },
	};
	for (size_t i = 0; i < sizeof res / sizeof *res; i++) {
		char text[256];
		struct xq_game *g;
		snprintf(text, sizeof text, "[Event \"x\"]\n%s\n1. h2e2 %s\n", res[i].tags, res[i].token);
		g = read_pgn_game(text);
		if (ok(g != NULL, "result game %zu reads", i))
			is_str(xq_game_result(g), res[i].want, "result %zu", i);
		xq_game_free(g);
	}
}

/* Duplicates: the same start and main line, and the key tags. */
static void test_key(void)
{
	static const char *const games[] = {
		"[Event \"A\"]\n\n1. h2e2 h7e7 *\n",
		"[Event \"B\"]\n\n1. h2e2 (1. c3c4) 1... h7e7 1-0\n",   /* variations do not count */
		"[Event \"A\"]\n\n1. h2e2 h7e7 2. b0c2 *\n",
		("[Event \"A\"]\n[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b\"]\n\n"
		 "1... h7e7 *\n"),
	};
	uint64_t k[2][4][2];
	for (int tagged = 0; tagged < 2; tagged++) {
		struct xq_query *q = xq_query_new();
		if (tagged)
			xq_query_key_tags(q, "Event,,Round");
		for (int i = 0; i < 4; i++) {
			struct xq_game *g = replayed(games[i]);
			ok(g && xq_query_key(q, g, k[tagged][i]) == 0, "key of game %d%s", i,
			   tagged ? " with tags" : "");
			xq_game_free(g);
		}
		xq_query_free(q);
	}
	ok(!memcmp(k[0][0], k[0][1], 16), "games 0 and 1 are duplicates");
	ok(memcmp(k[1][0], k[1][1], 16) != 0, "with the Event tag they are not");
	ok(memcmp(k[0][0], k[0][2], 16) != 0, "a longer main line is another game");
	ok(memcmp(k[0][0], k[0][3], 16) != 0 && memcmp(k[0][2], k[0][3], 16) != 0,
	   "another start is another game");
	ok(memcmp(k[0][0], k[1][0], 16) != 0, "the key tags count even when they agree");
	/* the hash the keys are made of stays what it was: keys printed by
	 * one run are read by another */
	is_int(xq_hash64("xiangqi", 7, 1), 0x782668626b703df7ULL, "xq_hash64 of a word");
	is_int(xq_hash64("xiangqi", 7, 1), xq_hash64("xiangqi", 7, 1), "xq_hash64 is a function");
	ok(xq_hash64("xiangqi", 7, 1) != xq_hash64("xiangqi", 7, 2), "xq_hash64 takes the seed");
	is_int(xq_mix64(0), 0, "xq_mix64 of 0 (splitmix64's finaliser fixes it)");
	is_int(xq_mix64(0x9e3779b97f4a7c15ULL), 0xe220a8397b1dcdafULL, "xq_mix64 is splitmix64's finaliser: its first output");
}

/* Several tags in one pass agree with xq_game_tag() one at a time. */
static void test_tags(void)
{
	static const char text[] =
		"[Event \"E\"]\n[red \"r1\"]\n[RED \"r2\"]\n[RedElo \"2500\"]\n[Date \"\"]\n\n1. h2e2 *\n";
	static const char *const names[] = { "Red", "Black", "redelo", "Date", "Event", "Re" };
	const char *v[6];
	struct xq_game *g = read_pgn_game(text);
	if (!ok(g != NULL, "the tagged game reads"))
		return;
	xq_game_tags(g, names, 6, v);
	for (int i = 0; i < 6; i++) {
		const char *one = xq_game_tag(g, names[i]);
		ok(one == v[i], "xq_game_tags: %s is %s", names[i], v[i] ? v[i] : "absent");
	}
	is_str(v[0] ? v[0] : "", "r1", "the first of a repeated tag");
	xq_game_free(g);
}

/* The move lists people type. */
static void test_moves(void)
{
	static const struct {
		const char *text;
		int moves, rc;         /* moves played, last return */
	} lists[] = {
		{ "h2e2 h7e7", 2, 0 },
		{ "1. h2e2 h7e7 2. e2e6", 3, 0 },
		{ "1.h2e2,h7e7", 2, 0 },
		{ "1... h2e2", 1, 0 },
		{ "炮二平五 马8进7", 2, 0 },
		{ "h2e2 h2e2", 1, XQ_EILLEGAL },
		{ "", 0, 0 },
		{ "12. ", 0, 0 },
	};
	for (size_t i = 0; i < sizeof lists / sizeof *lists; i++) {
		struct xq_pos pos;
		const char *at = lists[i].text, *mv = NULL;
		size_t len = 0;
		struct xq_err err;
		int rc, n = 0;
		xq_pos_start(&pos);
		while ((rc = xq_moves_next(&pos, &at, &mv, &len, NULL, &err)) > 0)
			n++;
		ok(n == lists[i].moves && (rc == 0) == (lists[i].rc == 0),
		   "'%s': %d moves, then %d", lists[i].text, n, rc);
	}
}

/* The year of a Date by the one rule, on forms found in real records
 * (the XQF files of the shared corpus and the PGN sets). */
static void test_date_year(void)
{
	static const struct {
		const char *date;
		int year;
	} years[] = {
		{ "2009.01.02", 2009 }, { "1999.4.19", 1999 }, { "1997.10.7", 1997 },
		{ "2009-1-2", 2009 }, { "2000-10-10", 2000 }, { "2002/9/23", 2002 },
		{ "2004 1 30", 2004 }, { "20140422", 2014 }, { "20100417-14：30", 2010 },
		{ "2010-05-27  15:", 2010 }, { "1971", 1971 }, { "1997.4", 1997 },
		{ "1990年10月20日", 1990 }, { "2003年6月12日 1", 2003 }, { "1983年", 1983 },
		{ "1985年全国赛", 1985 }, { "2001。4。21", 2001 }, { "1996年12月??日", 1996 },
		{ "4/21/1986", 1986 }, { "10-10-2000", 2000 }, { "09，09，2000", 2000 },
		{ "2004.2.18.", 2004 }, { "1882", 1882 },
		{ "１９９８年", 1998 },                  /* full-width digits */
		{ "1998.12.13", 1998 },
		/* unknown: no four-digit year from 1000 to 2999 */
		{ NULL, 0 }, { "", 0 }, { "?", 0 }, { "????.??.??", 0 }, { "0", 0 },
		{ "0909", 0 }, { "71:", 0 }, { "02-10-25", 0 }, { "78-5-30", 0 },
		{ "99.4.11", 0 }, { "87年6月25日", 0 }, { "003年12月3日", 0 },
		{ "19891年月17日", 0 }, { "19991年3月6日", 0 }, { "上989年5月2日", 0 },
		{ "20世纪30年代", 0 }, { "民国时期", 0 }, { "12月25日", 0 }, { "199905", 0 },
		{ "3000", 0 }, { "0999", 0 }, { "2999", 2999 }, { "1000", 1000 },
		{ "\xff\xfe" "1990", 1990 },             /* invalid UTF-8 before it */
	};
	for (size_t i = 0; i < sizeof years / sizeof *years; i++)
		ok(xq_date_year(years[i].date) == years[i].year, "year of '%s': %d",
		   years[i].date ? years[i].date : "(null)", xq_date_year(years[i].date));
}

/* Names in any case and width: xq_name_contains() and xq_name_equal(). */
static void test_names(void)
{
	static const struct {
		const char *text, *needle;
		int contains, equal;
	} names[] = {
		{ "HU RongHua", "hu ronghua", 1, 1 },      /* ASCII case */
		{ "HU RongHua", "RONG", 1, 0 },
		{ "hu ronghua", "HU RongHua", 1, 1 },
		{ "ＨＵ　ＲｏｎｇＨｕａ", "hu ronghua", 1, 1 },   /* full width, U+3000 */
		{ "hu ronghua", "ＨＵ　ＲｏｎｇＨｕａ", 1, 1 },
		{ "Ｈｕ RongHua", "hu Ｒｏｎｇ", 1, 0 },    /* mixed */
		{ "Ｌｉ２", "li2", 1, 1 },                 /* full-width digits */
		{ "ａ！～", "A!~", 1, 1 },                /* the range's ends */
		{ "胡荣华", "荣华", 1, 0 },                /* CJK untouched */
		{ "胡荣华", "胡荣华", 1, 1 },
		{ "胡榮華", "胡荣华", 0, 0 },             /* no simplified/traditional */
		{ "王\xe3\x80\x80五", "王 五", 1, 1 },
		{ "王五", "王 五", 0, 0 },
		{ "HU RongHua", "hu  ronghua", 0, 0 },
		{ "HU RongHua", "", 1, 0 },
		{ "", "", 1, 1 },
		{ NULL, "x", 0, 0 },
		{ "x", NULL, 0, 0 },
		/* invalid UTF-8: compared as bytes, never read past the end */
		{ "\xef\xbc", "\xef\xbc", 1, 1 },
		{ "\xef", "\xef\xbc\xa1", 0, 0 },
		{ "A\xff\xfe" "B", "a\xff\xfe" "b", 1, 1 },
		{ "A\xff" "B", "a\xfe" "b", 0, 0 },
		{ "\xef\xbc\xa1", "\xef\xbc", 0, 0 },    /* Ａ is a, not its bytes */
		{ "\xe3\x80", " ", 0, 0 },
		{ "Ｚ", "z", 1, 1 }, { "｀", "`", 1, 1 }, { "＠", "@", 1, 1 },
		{ "\xef\xbd\x9f", "\xef\xbd\x9f", 1, 1 },  /* U+FF5F stays itself */
		{ "\xef\xbd\x9f", "\x7f", 0, 0 },
	};
	for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
		const char *t = names[i].text ? names[i].text : "(null)";
		const char *n = names[i].needle ? names[i].needle : "(null)";
		ok(xq_name_contains(names[i].text, names[i].needle) == names[i].contains,
		   "'%s' contains '%s': %d", t, n, names[i].contains);
		ok(xq_name_equal(names[i].text, names[i].needle) == names[i].equal,
		   "'%s' equals '%s': %d", t, n, names[i].equal);
	}
}

/* -P and -T through the query: folded unless XQ_QUERY_EXACT_NAMES. */
static void test_name_criteria(void)
{
	static const struct {
		char kind;
		const char *value;
		unsigned flags;
		int want;
	} crit[] = {
		{ 'P', "hu ronghua", 0, 1 }, { 'P', "hu ronghua", XQ_QUERY_EXACT_NAMES, 0 },
		{ 'P', "Hu Ronghua", XQ_QUERY_EXACT_NAMES, 1 }, { 'P', "ＹＡＮＧ", 0, 1 },
		{ 'P', "ＹＡＮＧ", XQ_QUERY_EXACT_NAMES, 0 },
		{ 'T', "Event=cup 1995", 0, 1 }, { 'T', "Event=cup 1995", XQ_QUERY_EXACT_NAMES, 0 },
		{ 'T', "Event=cup", 0, 0 }, { 'T', "Event~CUP", 0, 1 },
		{ 'T', "Event~CUP", XQ_QUERY_EXACT_NAMES, 0 }, { 'T', "Event=~^cup", 0, 0 },
		{ 'D', "1995", 0, 1 },
	};
	static const char *const other_dates[][2] = {
		{ "1995年6月12日", "1995" }, { "6/12/1995", "1995" }, { "6/12/1995", "1990..1999" },
		{ "95-06-12", NULL }, { "0909", NULL },
	};
	for (size_t i = 0; i < sizeof crit / sizeof *crit; i++) {
		struct xq_query *q = xq_query_new();
		struct xq_game *g = read_pgn_game(game_text);
		int rc = -1;
		xq_query_set_flags(q, crit[i].flags);
		if (crit[i].kind == 'P')
			rc = xq_query_player(q, crit[i].value);
		else if (crit[i].kind == 'T')
			rc = xq_query_tag(q, crit[i].value, NULL);
		else
			rc = xq_query_date(q, crit[i].value);
		ok(rc == 0 && g && xq_query_match_tags(q, g) == crit[i].want, "%c '%s', flags %u: %d",
		   crit[i].kind, crit[i].value, crit[i].flags, crit[i].want);
		xq_game_free(g);
		xq_query_free(q);
	}
	for (size_t i = 0; i < sizeof other_dates / sizeof *other_dates; i++) {
		char text[256];
		struct xq_query *q = xq_query_new();
		struct xq_game *g;
		snprintf(text, sizeof text, "[Date \"%s\"]\n\n1. h2e2 *\n", other_dates[i][0]);
		g = read_pgn_game(text);
		/* a Date without a year matches no range at all */
		xq_query_date(q, other_dates[i][1] ? other_dates[i][1] : "1000..2999");
		ok(g && xq_query_match_tags(q, g) == (other_dates[i][1] != NULL), "Date '%s' within %s",
		   other_dates[i][0], other_dates[i][1] ? other_dates[i][1] : "no range");
		xq_game_free(g);
		xq_query_free(q);
	}
}

int main(void)
{
	test_cases();
	test_bad();
	test_dates();
	test_event_year();
	test_date_year();
	test_names();
	test_name_criteria();
	test_result();
	test_key();
	test_tags();
	test_moves();
	return done_testing();
}
