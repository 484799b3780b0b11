/*
 * test_cbf.c - CCBridge CBF (XML) records: the two corpus files
 * (shared/docs/notation.md section 8.1), CBR/CBL refused clearly, and
 * hostile XML.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "xq.h"
#include "../../formats/cbf_impl.h"
#include "game_cmp.h"

struct probs {
	int errors, warnings, notes, fatal;
	int first_ply;
	char first_msg[300];
};

static void collect(void *ctx, struct xq_game *g, enum xq_severity sev,
		    enum xq_problem_code code, struct xq_build_at at, int ply,
		    const char *text, const char *msg)
{
	struct probs *p = ctx;
	(void)g, (void)code, (void)text, (void)at;
	if (sev == XQ_SEV_FATAL)
		p->fatal++;
	if (sev >= XQ_SEV_ERROR) {
		if (!p->errors++) {
			p->first_ply = ply;
			snprintf(p->first_msg, sizeof p->first_msg, "%s", msg);
		}
	} else if (sev == XQ_SEV_WARNING) {
		p->warnings++;
	} else {
		p->notes++;
	}
}

/* Replay's problems, counted the same way. */
static void replay_collect(void *ctx, const struct xq_problem *q)
{
	collect(ctx, NULL, q->severity, q->code, XQ_BUILD_LINE(q->line, q->col), q->ply, q->text,
		q->msg);
}

/* A CBF document built and replayed (the reader's two steps). */
static struct xq_game *doc(const char *text, size_t len, struct probs *p, int *rc)
{
	const struct xq_build_sink sink = { collect, p };
	struct xq_game *g = xq_game_new();
	memset(p, 0, sizeof *p);
	*rc = xq__cbf_build_game(text, len, 1, g, &sink);
	if (*rc == 0)
		xq_game_replay(g, NULL, replay_collect, p);
	return g;
}

static void corpus(void)
{
	static const struct {
		const char *file, *first, *result, *title;
		int plies;
	} t[] = {
		{ "corpus/cbf/walker_test_utf8bom.cbf", "h2e2 h9g7", "*", "第一局 屏风马巡河炮抵当头炮局(和)", 50 },
		{ "corpus/cbf/walker_test2_utf8bom.cbf", "h2e2 h7e7", "1/2-1/2", "第十局 当头炮抵当头炮局(和)", 75 },
	};
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		size_t len = 0;
		char *b = (char *)slurp(shared_path(t[i].file), &len);
		struct probs p;
		struct xq_game *g;
		char first[16] = "", a[5];
		int rc;
		if (!ok(b != NULL, "read %s", shared_path(t[i].file)))
			continue;
		g = doc(b, len, &p, &rc);
		is_int(rc, 0, "%s: reads", t[i].file);
		is_int(p.errors + p.warnings, 0, "%s: no errors or warnings %s", t[i].file, p.first_msg);
		is_int(xq_game_plies(g), t[i].plies, "%s: %d plies", t[i].file, t[i].plies);
		if (g->root.child && g->root.child->child) {
			xq_move_iccs(g->root.child->move, a);
			strcat(first, a);
			strcat(first, " ");
			xq_move_iccs(g->root.child->child->move, a);
			strcat(first, a);
		}
		is_str(first, t[i].first, "%s: first moves", t[i].file);
		is_str(g->result ? g->result : "", t[i].result, "%s: result", t[i].file);
		is_str(xq_game_tag(g, "Title") ? xq_game_tag(g, "Title") : "", t[i].title, "%s: title", t[i].file);
		ok(g->root.comment != NULL || i == 1, "%s: the 00-00 root carries the start comment", t[i].file);
		xq_game_free(g);
		free(b);
	}
}

struct rprobs {
	int errors, notes;
	char first[300];
	long first_byte;        /* -1: the first error has no byte offset */
};

static void rcollect(void *data, const struct xq_problem *p)
{
	struct rprobs *q = data;
	if (p->severity >= XQ_SEV_ERROR) {
		if (!q->errors++) {
			snprintf(q->first, sizeof q->first, "%s", p->msg);
			q->first_byte = p->has_byte ? p->byte : -1;
		}
	} else {
		q->notes++;
	}
}

/* CBR and CBL (notation.md section 8.2): board, moves, variations. */
static void binaries(void)
{
	static const struct {
		const char *file;
		int games, nodes1, plies1;
		const char *title1, *red1, *black1, *result1, *library;
	} t[] = {
		{ "corpus/cbf/walker_test.cbr", 1, 102, 28,
		  "黄丹青讲座004-破解新式弃马局的攻防要领", NULL, NULL, "*", NULL },
		/* 38 records, two of them with an empty board */
		{ "corpus/cbf/walker_1989_longhua_35games.cbl", 36, 60, 60,
		  "    第一轮 徐天红 先和 徐天利", "徐天红", "徐天利", "1/2-1/2",
		  "1989年龙化杯象棋名师邀请赛35局" },
	};
	for (size_t i = 0; i < 2; i++) {
		FILE *f = fopen(shared_path(t[i].file), "rb");
		struct xq_reader_opts o = { 0 };
		struct rprobs q;
		struct xq_reader *r;
		struct xq_game *g = NULL;
		int err = 0, games = 0, nodes1 = 0, plies1 = 0;
		char tags1[4][200] = { "", "", "", "" }, library[200] = "";
		memset(&q, 0, sizeof q);
		if (!ok(f != NULL, "open %s", shared_path(t[i].file)))
			continue;
		o.name = t[i].file;
		o.problem = rcollect;
		o.problem_data = &q;
		r = xq_reader_open(f, &o, &err);
		if (ok(r != NULL, "%s: reader opens", t[i].file)) {
			is_str(xq_reader_format(r), "cbr", "%s: recognised as CCBridge binary", t[i].file);
			while (xq_reader_next(r, &g) > 0) {
				if (!games++) {
					static const char *const names[4] = { "Title", "Red", "Black", "Result" };
					nodes1 = count_nodes(g->root.child);
					plies1 = xq_game_plies(g);
					for (int k = 0; k < 4; k++)
						snprintf(tags1[k], sizeof tags1[k], "%s",
							 xq_game_tag(g, names[k]) ? xq_game_tag(g, names[k]) : "");
				}
				snprintf(library, sizeof library, "%s",
					 xq_game_tag(g, "Library") ? xq_game_tag(g, "Library") : "");
				xq_game_free(g);
			}
			xq_reader_close(r);
		}
		fclose(f);
		is_int(games, t[i].games, "%s: %d games", t[i].file, t[i].games);
		is_int(q.errors, 0, "%s: every move legal %s", t[i].file, q.first);
		is_int(nodes1, t[i].nodes1, "%s: first game has %d moves", t[i].file, t[i].nodes1);
		is_int(plies1, t[i].plies1, "%s: first game's main line %d plies", t[i].file, t[i].plies1);
		is_str(tags1[0], t[i].title1, "%s: the title from the header", t[i].file);
		is_str(tags1[1], t[i].red1 ? t[i].red1 : "", "%s: Red from the header", t[i].file);
		is_str(tags1[2], t[i].black1 ? t[i].black1 : "", "%s: Black from the header", t[i].file);
		is_str(tags1[3], t[i].result1, "%s: the result from the header", t[i].file);
		is_str(library, t[i].library ? t[i].library : "", "%s: the library's name on its games", t[i].file);
	}
}

/* UTF-16LE of an ASCII or BMP text given as code units, into p. */
static void utf16_put(unsigned char *p, const unsigned short *units, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		p[2 * i] = (unsigned char)(units[i] & 0xFF);
		p[2 * i + 1] = (unsigned char)(units[i] >> 8);
	}
}

/* One hand-made CBR image read: its first game (or NULL), the problems,
 * the reader's status. */
static struct xq_game *cbr_read_one(const unsigned char *buf, size_t len, struct rprobs *q, int *next)
{
	struct xq_reader_opts o = { 0 };
	struct xq_reader *r;
	struct xq_game *g = NULL;
	int err;
	memset(q, 0, sizeof *q);
	o.format = "cbr";
	o.problem = rcollect;
	o.problem_data = q;
	*next = -99;
	if (!(r = xq_reader_open_mem(buf, len, &o, &err)))
		return NULL;
	*next = xq_reader_next(r, &g);
	xq_reader_close(r);
	return *next > 0 ? g : NULL;
}

/* The header's fields: text fields as tags (an unpaired surrogate is a
 * warning, never silent), every result code, the side field when no move
 * tells the side. */
static void cbr_header(void)
{
	static const struct {
		unsigned char result, side;
		int with_move;
		const char *want_result, *fen_side;
		int warnings;
	} t[] = {
		{ 0, 1, 1, "*", "w", 0 },
		{ 1, 1, 1, "1-0", "w", 0 },
		{ 2, 1, 1, "0-1", "w", 0 },
		{ 3, 1, 1, "1/2-1/2", "w", 0 },
		{ 4, 1, 1, "*", "w", 1 },       /* unknown code: a warning */
		{ 0, 2, 0, "*", "b", 0 },       /* no move: the side field says black */
		{ 0, 2, 1, "*", "w", 0 },       /* a red move first: red, whatever the field */
	};
	static const unsigned char move[][4] = { { 1, 0, CBR_SQ(7, 2), CBR_SQ(4, 2) } };
	static const unsigned short title[] = { 0x7B2C, 0x4E00, 0x5C40, ' ', 'A' };   /* 第一局 A */
	static const unsigned short red[] = { 'R', 0xD800, 'x' };                       /* a lone surrogate */
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		unsigned char buf[CBR_IMAGE_SIZE(1)];
		struct rprobs q;
		struct xq_game *g;
		char fen[XQ_FEN_MAX];
		int next;
		cbr_image(buf, move, t[i].with_move ? 1 : 0);
		utf16_put(buf + 180, title, sizeof title / sizeof title[0]);
		buf[2076] = t[i].result;
		buf[2116] = t[i].side;
		g = cbr_read_one(buf, t[i].with_move ? sizeof buf : CBR_IMAGE_SIZE(0), &q, &next);
		if (!ok(g != NULL, "CBR header case %zu reads (%d)", i + 1, next))
			continue;
		is_str(xq_game_tag(g, "Title"), "第一局 A", "CBR header case %zu: Title", i + 1);
		is_str(xq_game_result(g), t[i].want_result, "CBR header case %zu: result code %u", i + 1,
		       t[i].result);
		snprintf(fen, sizeof fen, "%s", g->start_fen);
		ok(strstr(fen, t[i].fen_side[0] == 'w' ? " w " : " b ") != NULL,
		   "CBR header case %zu: side %s (%s)", i + 1, t[i].fen_side, fen);
		is_int(q.errors, 0, "CBR header case %zu: no errors %s", i + 1, q.first);
		is_int(q.notes, t[i].warnings, "CBR header case %zu: %d warning(s)", i + 1, t[i].warnings);
		xq_game_free(g);
	}
	{
		unsigned char buf[CBR_IMAGE_SIZE(1)];
		struct rprobs q;
		struct xq_game *g;
		int next;
		cbr_image(buf, move, 1);
		utf16_put(buf + 1076, red, sizeof red / sizeof red[0]);
		g = cbr_read_one(buf, sizeof buf, &q, &next);
		ok(g && xq_game_tag(g, "Red") && !strcmp(xq_game_tag(g, "Red"), "R\xEF\xBF\xBDx") && q.notes == 1,
		   "an unpaired surrogate in Red: U+FFFD and a warning (%d)", q.notes);
		xq_game_free(g);
	}
}

/* The variant whose board sits 256 bytes earlier is refused by name. */
static void cbr_short_variant(void)
{
	unsigned char buf[CBR_IMAGE_SIZE(0)], shortened[CBR_IMAGE_SIZE(0)];
	struct rprobs q;
	struct xq_game *g;
	int next;
	cbr_image(buf, NULL, 0);
	memset(shortened, 0, sizeof shortened);
	memcpy(shortened, buf, 16);
	memcpy(shortened + 2120 - 256, buf + 2120, 90);
	g = cbr_read_one(shortened, sizeof shortened, &q, &next);
	ok(!g && next < 0 && q.errors == 1 && strstr(q.first, "256 bytes shorter"),
	   "the short-header variant is refused by name (%d): %s", next, q.first);
	xq_game_free(g);
	/* the board in both places: the layout read */
	memcpy(buf + 2120 - 256, buf + 2120, 90);
	g = cbr_read_one(buf, sizeof buf, &q, &next);
	ok(g && q.errors == 0, "a board in both places reads as the known layout");
	xq_game_free(g);
}

/* CBL libraries: the name at byte 64 on every game; an index of at most
 * 128 games puts the records at 101952; a larger one after the index,
 * found by the record magic; an index of 0 games is no library. */
static void cbl_made(void)
{
	static const struct {
		unsigned capacity;
		size_t first;
		int games;
		const char *msg;
	} t[] = {
		{ 128, 101952, 3, NULL },
		{ 256, 137280, 3, NULL },
		{ 600, 349248, 2, NULL },
		{ 0, 101952, 0, "empty index" },
		{ 300, 0, 0, "no whole record" },
	};
	static const unsigned short name[] = { 0x8C61, 0x68CB, '1' };   /* 象棋1 */
	static const unsigned char move[][4] = { { 1, 0, CBR_SQ(7, 2), CBR_SQ(4, 2) } };
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		size_t first = t[i].first ? t[i].first : 1000;
		size_t len = first + (size_t)(t[i].games ? t[i].games : 1) * 4096 + (t[i].first ? 0 : 7);
		unsigned char *buf = calloc(1, len);
		struct xq_reader_opts o = { 0 };
		struct xq_reader *r;
		struct xq_game *g = NULL;
		struct rprobs q;
		int err, games = 0, named = 0, rc;
		memcpy(buf, "CCBridgeLibrary", 16);
		buf[60] = (unsigned char)(t[i].capacity & 0xFF);
		buf[61] = (unsigned char)(t[i].capacity >> 8);
		utf16_put(buf + 64, name, 3);
		for (int k = 0; k < (t[i].games ? t[i].games : 1); k++)
			cbr_image(buf + first + (size_t)k * 4096, move, 1);
		memset(&q, 0, sizeof q);
		o.format = "cbr";
		o.problem = rcollect;
		o.problem_data = &q;
		r = xq_reader_open_mem(buf, len, &o, &err);
		while ((rc = xq_reader_next(r, &g)) > 0) {
			games++;
			named += xq_game_tag(g, "Library") && !strcmp(xq_game_tag(g, "Library"), "象棋1");
			xq_game_free(g);
			g = NULL;
		}
		xq_reader_close(r);
		is_int(games, t[i].games, "CBL capacity %u: %d games", t[i].capacity, t[i].games);
		is_int(named, games, "CBL capacity %u: every game names the library", t[i].capacity);
		if (t[i].msg)
			ok(rc < 0 && strstr(q.first, t[i].msg), "CBL capacity %u refused: %s", t[i].capacity, q.first);
		else
			is_int(q.errors, 0, "CBL capacity %u: no errors %s", t[i].capacity, q.first);
		free(buf);
	}
}


/* A CBR made here: a move left out, the records below it skipped, and the
 * alternative after them played on the right board. */
static void cbr_made(void)
{
	static const unsigned char recs[][4] = {
		{ 0, 0, CBR_SQ(7, 2), CBR_SQ(4, 2) },   /* h2e2, continues */
		{ 2, 0, CBR_SQ(7, 9), CBR_SQ(6, 7) },   /* h9g7, an alternative follows */
		{ 0, 0, CBR_SQ(0, 0), CBR_SQ(0, 5) },   /* a0a5: the chariot cannot jump */
		{ 1, 0, CBR_SQ(0, 9), CBR_SQ(0, 8) },   /* below it: skipped */
		{ 1, 0, CBR_SQ(7, 7), CBR_SQ(4, 7) },   /* h7e7, black's alternative to h9g7 */
	};
	unsigned char buf[CBR_IMAGE_SIZE(5)];
	struct xq_reader_opts o = { 0 };
	struct rprobs q;
	struct xq_reader *r;
	struct xq_game *g = NULL;
	int err;

	cbr_image(buf, recs, 5);
	memset(&q, 0, sizeof q);
	o.format = "cbr";
	o.problem = rcollect;
	o.problem_data = &q;
	r = xq_reader_open_mem(buf, sizeof buf, &o, &err);
	if (!ok(r && xq_reader_next(r, &g) > 0, "hand-made CBR reads"))
		return;
	ok(q.errors == 1 && q.first_byte == 2226 && strstr(q.first, "not a legal move"),
	   "the bad move is reported at its byte (%ld): %s", q.first_byte, q.first);
	ok(g->root.child && g->root.child->child && g->root.child->child->next &&
	   count_played(g->root.child) == 3, "h2e2 then h9g7 or h7e7 (%d nodes played)",
	   count_played(g->root.child));
	xq_game_free(g);
	xq_reader_close(r);
}

static void hostile(void)
{
	static const char *const cases[][2] = {
		{ "", "empty" },
		{ "<ChineseChessRecord", "unterminated root tag" },
		{ "<ChineseChessRecord><MoveList><Move value=\"77-47\"", "unterminated move" },
		{ "<ChineseChessRecord><MoveList><Move value=\"77-4", "unterminated attribute" },
		{ "<ChineseChessRecord><MoveList><Move value=\"99-99\"/></MoveList></ChineseChessRecord>", "square off the board" },
		{ "<ChineseChessRecord><MoveList><Move value=\"77-47\"><![CDATA[x</Move></MoveList></ChineseChessRecord>", "CDATA not closed" },
		{ "<ChineseChessRecord><Head><FEN>9/9/9</FEN></Head><MoveList><Move value=\"77-47\"/></MoveList></ChineseChessRecord>", "bad FEN" },
		{ "<ChineseChessRecord><MoveList><Move value=\"77-47\" var=\"1\"><Move value=\"70-62\"/></Move></MoveList></ChineseChessRecord>", "nested moves, unknown attribute" },
		{ "<ChineseChessRecord><MoveList><Move value=\"00-00\">&#0;&#x110000;&#99999999999999;&bogus;</Move></MoveList></ChineseChessRecord>", "broken character references" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct probs p;
		int rc;
		struct xq_game *g = doc(cases[i][0], strlen(cases[i][0]), &p, &rc);
		ok(g != NULL, "hostile CBF: %s (rc %d, %d errors, %d warnings)", cases[i][1], rc, p.errors, p.warnings);
		xq_game_free(g);
	}
	{
		struct probs p;
		int rc;
		const char *s = "<ChineseChessRecord><MoveList><Move value=\"00-00\"/><Move value=\"77-47\"/>"
				"<Move value=\"77-47\"/><Move value=\"70-62\"/></MoveList></ChineseChessRecord>";
		struct xq_game *g = doc(s, strlen(s), &p, &rc);
		ok(p.errors == 1 && p.first_ply == 2 && xq_game_plies(g) == 1,
		   "an illegal second move is reported at ply 2, the first kept: %s", p.first_msg);
		xq_game_free(g);
	}
	{
		/* an element's content ends where it ends, not where the scan
		 * has got to plus its length: an unclosed element after a
		 * closed one is found inside <Head> (or <MoveList>), and the
		 * scan never leaves the buffer (exact-size copy, for ASan) */
		static const char *const drift[] = {
			"<ChineseChessRecord><Head><Event>an event with a name much longer than what follows it</Event><Site>xxxxxxxxxxxxxxxx</Head></ChineseChessRecord>",
			"<ChineseChessRecord><MoveList><Move value=\"77-47\">a comment on the first move, longer than the rest</Move><Move value=\"70-62\">xxxxxxxxxxxxxxxxxxxxxxxxx</MoveList></ChineseChessRecord>",
		};
		for (size_t i = 0; i < 2; i++) {
			struct probs p;
			int rc;
			size_t n = strlen(drift[i]);
			char *copy = malloc(n);
			memcpy(copy, drift[i], n);
			struct xq_game *g = doc(copy, n, &p, &rc);
			ok(p.errors >= 1 && strstr(p.first_msg, "broken XML"),
			   "unclosed element after a closed one, case %zu: %s", i + 1, p.first_msg);
			xq_game_free(g);
			free(copy);
		}
	}
}

/* A line and its alternatives in ICCS, PGN's way: "h2e2 (b0c2) h9g7". */
static void put(char *o, size_t cap, size_t *k, const char *s)
{
	size_t n = strlen(s);
	if (*k + n < cap) {
		memcpy(o + *k, s, n + 1);
		*k += n;
	}
}

static void line_text(const struct xq_node *n, char *o, size_t cap, size_t *k)
{
	for (; n; n = n->child) {
		char iccs[5];
		xq_move_iccs(n->move, iccs);
		if (*k && o[*k - 1] != '(')
			put(o, cap, k, " ");
		put(o, cap, k, iccs);
		for (const struct xq_node *a = n->next; a; a = a->next) {
			put(o, cap, k, " (");
			xq_move_iccs(a->move, iccs);
			put(o, cap, k, iccs);
			line_text(a->child, o, cap, k);
			put(o, cap, k, ")");
		}
	}
}

static void tree_text(const struct xq_node *first, char *o, size_t cap)
{
	size_t k = 0;
	o[0] = '\0';
	line_text(first, o, cap, &k);
}

/* The tree in pre-order: branch="1" promises an alternative after the
 * move's line, end="1" ends a line; markup not known is an error. */
static void variations(void)
{
	static const char head[] = "<ChineseChessRecord><MoveList><Move value=\"00-00\"/>";
	static const char tail[] = "</MoveList></ChineseChessRecord>";
	static const struct {
		const char *moves;
		int errors;           /* errors before replay's */
		const char *msg;      /* in the first error */
		const char *tree;     /* main line; (alternatives) */
	} t[] = {
		{ "<Move value=\"77-47\" branch=\"1\"/><Move value=\"70-62\" branch=\"1\"/>"
		  "<Move value=\"79-67\" end=\"1\"/><Move value=\"72-42\" end=\"1\"/>"
		  "<Move value=\"19-27\"/><Move value=\"70-62\" end=\"1\"/>",
		  0, NULL, "h2e2 (b0c2 h9g7) h9g7 (h7e7) h0g2" },
		{ "<Move value=\"77-47\" branch=\"0\" end=\"0\"/><Move value=\"70-62\"/>",
		  0, NULL, "h2e2 h9g7" },
		{ "<Move value=\"77-47\" end=\"1\"/><Move value=\"70-62\"/>",
		  1, "after every line has ended", "h2e2" },
		{ "<Move value=\"77-47\" branch=\"1\"/><Move value=\"70-62\"/>",
		  1, "never comes", "h2e2 h9g7" },
		{ "<Move value=\"77-47\" var=\"1\"/><Move value=\"70-62\"/>",
		  1, "attribute 'var'", "" },
		{ "<Move value=\"77-47\" branch=\"yes\"/>",
		  1, "other than 0 or 1", "" },
		{ "<Move value=\"77-47\"><Move value=\"70-62\"/></Move>",
		  1, "nested", "" },
		{ "<Move value=\"77-47\"/><Variation/><Move value=\"70-62\"/>",
		  1, "<Variation> in the move list not known", "h2e2" },
	};
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		char doc_text[1024], tree[256];
		struct probs p;
		int rc;
		snprintf(doc_text, sizeof doc_text, "%s%s%s", head, t[i].moves, tail);
		struct xq_game *g = doc(doc_text, strlen(doc_text), &p, &rc);
		tree_text(g->root.child, tree, sizeof tree);
		is_int(p.errors, t[i].errors, "CBF moves %zu: %d error(s) %s", i + 1, t[i].errors, p.first_msg);
		if (t[i].msg)
			ok(strstr(p.first_msg, t[i].msg) != NULL, "CBF moves %zu: '%s' in: %s",
			   i + 1, t[i].msg, p.first_msg);
		is_str(tree, t[i].tree, "CBF moves %zu: the tree", i + 1);
		ok(!t[i].errors == !(g->flags & XQ_GAME_BROKEN), "CBF moves %zu: invalid iff an error", i + 1);
		xq_game_free(g);
	}
	{
		/* an element the reader does not know at the top level */
		static const char s[] = "<ChineseChessRecord><Moves/><MoveList><Move value=\"77-47\"/></MoveList></ChineseChessRecord>";
		struct probs p;
		int rc;
		struct xq_game *g = doc(s, strlen(s), &p, &rc);
		ok(p.errors == 1 && strstr(p.first_msg, "<Moves> not known"), "an unknown element is an error: %s",
		   p.first_msg);
		xq_game_free(g);
	}
}

int main(void)
{
	corpus();
	binaries();
	cbr_made();
	cbr_header();
	cbr_short_variant();
	cbl_made();
	hostile();
	variations();
	return done_testing();
}
