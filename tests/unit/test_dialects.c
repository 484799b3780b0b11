/*
 * test_dialects.c - real-world dialects through the public
 * reader API, table-driven: each input, with no format named (sniffed) or
 * with one, gives the games, main lines (ICCS), chosen tags and problems
 * listed; encoding detection on tag text alone; SAN in both rank
 * numberings; what a source without a record reports.
 */
#include <iconv.h>

#include "tap.h"
#include "xq.h"

struct seen {
	char problems[2048];
	int fatal_format;
};

static void keep(void *data, const struct xq_problem *p)
{
	struct seen *s = data;
	size_t n = strlen(s->problems);
	if (p->code == XQ_P_FORMAT && p->severity == XQ_SEV_FATAL)
		s->fatal_format = 1;
	snprintf(s->problems + n, sizeof s->problems - n, "%ld:%ld %s: %s|", p->line, p->col,
		 xq_severity_name(p->severity), p->msg);
}

/* "game;game": each game's main line in ICCS, a space between moves, and
 * "[Tag=value]" for the tags asked for. */
static void read_all(const char *in, size_t len, const char *fmt, const char *tags,
		     char *out, size_t size, struct seen *s)
{
	struct xq_reader_opts o = { 0 };
	struct xq_reader *r;
	struct xq_game *g;
	int err;
	size_t n = 0;
	out[0] = '\0';
	memset(s, 0, sizeof *s);
	o.format = fmt;
	o.problem = keep;
	o.problem_data = s;
	o.name = "t";
	if (!(r = xq_reader_open_mem(in, len, &o, &err))) {
		snprintf(out, size, "open failed");
		return;
	}
	while (xq_reader_next(r, &g) > 0) {
		struct xq_pos pos = g->start;
		if (n)
			n += (size_t)snprintf(out + n, size - n, ";");
		for (const char *t = tags; t && *t;) {
			char name[32];
			size_t l = strcspn(t, ",");
			const char *v;
			snprintf(name, sizeof name, "%.*s", (int)l, t);
			if ((v = xq_game_tag(g, name)))
				n += (size_t)snprintf(out + n, size - n, "[%s=%s]", name, v);
			t += l + (t[l] == ',');
		}
		for (const struct xq_node *nd = g->root.child; nd && nd->move; nd = nd->child) {
			char iccs[5];
			struct xq_undo u;
			if (!xq_is_legal(&pos, nd->move))
				break;
			xq_move_iccs(nd->move, iccs);
			n += (size_t)snprintf(out + n, size - n, "%s%s", nd == g->root.child ? "" : " ", iccs);
			xq_make(&pos, nd->move, &u);
		}
		if (g->errors)
			n += (size_t)snprintf(out + n, size - n, "!");
		xq_game_free(g);
	}
	xq_reader_close(r);
}

static const struct {
	const char *name, *fmt, *in, *tags, *want, *problem;
} cases[] = {
	{ "DhtmlXQFLASH wrappers: one game each", NULL,
	  "[DhtmlXQFLASH][DhtmlXQ_title]A[/DhtmlXQ_title][DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist][/DhtmlXQFLASH]\n"
	  "[DhtmlXQFLASH][DhtmlXQ_title]B[/DhtmlXQ_title][DhtmlXQ_movelist]79677062[/DhtmlXQ_movelist][/DhtmlXQFLASH]\n",
	  "Title", "[Title=A]h2e2 h9g7;[Title=B]h0g2 h9g7", NULL },
	{ "DhtmlXQJAVA around [DhtmlXQ], DhtmlXQHTML", NULL,
	  "[DhtmlXQJAVA]\n[DhtmlXQ][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][/DhtmlXQ]\n[/DhtmlXQJAVA]\n"
	  "[DhtmlXQHTML][DhtmlXQ_movelist]7967[/DhtmlXQ_movelist][/DhtmlXQHTML]\n",
	  NULL, "h2e2;h0g2", NULL },
	{ "letters in a move list: warned at their column", "dhtmlxq",
	  "[DhtmlXQ][DhtmlXQ_movelist]7747xy7062[/DhtmlXQ_movelist][/DhtmlXQ]", NULL, "h2e2 h9g7",
	  "1:32 warning: 'x' in the move list is no digit" },
	{ "ichinachess 12-character moves", "dhtmlxq",
	  "[DhtmlXQ][DhtmlXQ_movelist]7747AB010001 7062CD020002[/DhtmlXQ_movelist][/DhtmlXQ]", NULL,
	  "h2e2 h9g7", "note: ichinachess move list" },
	{ "board turned 180 degrees", "dhtmlxq",
	  "[DhtmlXQ][DhtmlXQ_movelist]12421927[/DhtmlXQ_movelist][/DhtmlXQ]", NULL, "h2e2 h9g7",
	  "board given turned 180 degrees" },
	{ "a bad move at its own line and column", "dhtmlxq",
	  "[DhtmlXQ][DhtmlXQ_movelist]7747\n  70621910[/DhtmlXQ_movelist][/DhtmlXQ]", NULL, "h2e2 h9g7!",
	  "2:7 error: move 1910: not a legal move here" },
	{ "PyChess SAN, ranks 1-10, White names Red", NULL,
	  "[White \"w\"]\n[Variant \"Xiangqi\"]\n\n1. Cbe3 Hc8 2. Hc3 Rb10 *\n", "Red,White",
	  "[Red=w]b2e2 b9c7 b0c2 a9b9", NULL },
	{ "WinBoard SAN, a rank as disambiguator", NULL,
	  "[Variant \"xiangqi\"]\n[FEN \"3k5/9/9/9/9/9/2N6/9/2N6/4K4 w - - 0 1\"]\n\n1. H1e2 Kd8 2. H3d5 *\n",
	  NULL, "c1e2 d9d8 c3d5", NULL },
	{ "SAN, ranks 0-9 (WinBoard) by a rank 0", NULL,
	  "[Variant \"xiangqi\"]\n\n1. Che2 Hg7 2. Hg2 Ri8 3. Ri1 Rd8 4. Rf1 Rxd0+ *\n",
	  NULL, "h2e2 h9g7 h0g2 i9i8 i0i1 i8d8 i1f1 d8d0", NULL },
	{ "XieXie .wxf", NULL,
	  "FORMAT  \tWXF\nRED     \tA;;;\nBLACK   \tB;;;\nDATE    \t01-12-2026\n\nSTART{\n 1.  C2.5  H8+7    !!2.  H2+3\n}END\n",
	  "Red,Black,Date", "[Red=A][Black=B][Date=2026.12.01]h2e2 h9g7 h0g2", NULL },
	{ "a collection's game headings", NULL,
	  "第一轮\n\n张三  红先胜  李四\n\n 1. 炮二平五  马８进７\n\n王五平红先和赵六\n\n 1. 兵七进一\n",
	  "Red,Black,Result,Section",
	  "[Red=张三][Black=李四][Result=1-0][Section=第一轮]h2e2 h9g7;"
	  "[Red=王五平][Black=赵六][Result=1/2-1/2][Section=第一轮]c3c4", NULL },
	{ "glued ICCS after a FEN", NULL,
	  "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\nh2e2h9g7\n", NULL,
	  "h2e2 h9g7", "note: glued ICCS moves" },
	{ "a DhtmlXQ block past the head of a page", NULL, NULL, NULL, "h2e2 h9g7", NULL },
	{ "an HTML page without a record", NULL, "<html><p>none</p></html>\n", NULL, "",
	  "fatal: no game record found: an HTML or XML page" },
	{ "a PNG image", NULL, "\x89PNG\r\n\x1a\n\0\0\0\rIHDR", NULL, "",
	  "fatal: unrecognised format: looks like a PNG image" },
	{ "a CSV export", NULL, "ply,move,comment\n1,h2e2,\n2,h9g7,\n3,h0g2,\n", NULL, "",
	  "fatal: unsupported: looks like a CSV export" },
	{ "comment lines only: no record", "text", "# a\n# b\n", NULL, "",
	  "fatal: no game record found (read as text)" },
	{ "an empty input: no game, no problem", NULL, "", NULL, "", "" },
};

/* Big5 or GBK bytes of UTF-8 text. */
static size_t encode(const char *enc, const char *in, char *out, size_t size)
{
	iconv_t cd = iconv_open(enc, "UTF-8");
	char *ip = (char *)in, *op = out;
	size_t il = strlen(in), ol = size;
	if (cd == (iconv_t)-1)
		return 0;
	iconv(cd, &ip, &il, &op, &ol);
	iconv_close(cd);
	return size - ol;
}

int main(void)
{
	static char big[200000], out[8192];
	struct seen s;

	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		const char *in = cases[i].in;
		size_t len = in ? strlen(in) : 0;
		if (!in) {
			/* 100 KB of page, then the block */
			size_t n = 0;
			n += (size_t)snprintf(big + n, sizeof big - n, "<html><body>\n");
			while (n < 100000)
				n += (size_t)snprintf(big + n, sizeof big - n, "<p>%060d</p>\n", 0);
			n += (size_t)snprintf(big + n, sizeof big - n,
					      "[DhtmlXQ][DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist][/DhtmlXQ]\n");
			in = big;
			len = n;
		} else if (!strncmp(in, "\x89PNG", 4)) {
			len = 16;
		}
		read_all(in, len, cases[i].fmt, cases[i].tags, out, sizeof out, &s);
		is_str(out, cases[i].want, "%s: games", cases[i].name);
		if (cases[i].problem && *cases[i].problem)
			(void)(ok(strstr(s.problems, cases[i].problem) != NULL, "%s: '%s' reported",
				  cases[i].name, cases[i].problem) || printf("#   got: %s\n", s.problems));
		else if (cases[i].problem)
			is_str(s.problems, "", "%s: nothing reported", cases[i].name);
		else
			(void)(ok(!s.fatal_format, "%s: no format problem", cases[i].name) ||
			       printf("#   got: %s\n", s.problems));
	}

	/* Big5 against GB18030 on tag text alone */
	{
		static const struct {
			const char *enc, *text;
		} enc[] = {
			{ "BIG5", "[Event \"全國個人賽\"]\n[Red \"呂欽\"]\n\n1. h2e2 *\n" },
			{ "BIG5", "[Site \"臺北\"]\n\n1. h2e2 *\n" },
			{ "GBK", "[Event \"全国个人赛\"]\n[Red \"胡荣华\"]\n\n1. h2e2 *\n" },
			{ "GBK", "[Site \"北京\"]\n\n1. h2e2 *\n" },
		};
		for (size_t i = 0; i < sizeof enc / sizeof *enc; i++) {
			size_t n = encode(enc[i].enc, enc[i].text, big, sizeof big);
			const char *got = xq_detect_encoding(big, n);
			is_str(got, !strcmp(enc[i].enc, "GBK") ? "GB18030" : "BIG5", "detect %s, text %zu",
			       enc[i].enc, i);
		}
	}
	return done_testing();
}
