/*
 * test_replay_policy.c - readers only build, replay is the one validator:
 * the same bad move in XQF, DhtmlXQ, CBF and CBR (records made here) is
 * reported once by replay with the same problem code and message, at its
 * own place (the byte offset of a binary record, the line and column of a
 * text one), and stays in the tree, marked bad, with the move below it
 * unplayed and its alternative played; PGN output keeps that line as text.
 *
 * The game, in every format: 1. h2e2 h9g7 2. a0a5 (the chariot jumps its
 * own pawn: not legal) a9a8, and 2. h0g2 as the alternative to a0a5 (CBF
 * has no variations: there without it).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "xq.h"
#include "../../formats/xqf_impl.h"
#include "game_cmp.h"

struct seen {
	int errors, others;
	struct xq_problem first;   /* strings copied below */
	char text[64], msg[300];
};

static void collect(void *data, const struct xq_problem *p)
{
	struct seen *s = data;
	if (p->severity < XQ_SEV_ERROR) {
		s->others++;
		return;
	}
	if (s->errors++)
		return;
	s->first = *p;
	snprintf(s->text, sizeof s->text, "%s", p->text ? p->text : "");
	snprintf(s->msg, sizeof s->msg, "%s", p->msg);
}

/* Read the one game of buf through the reader (build, then replay). */
static struct xq_game *read_one(const char *format, const void *buf, size_t len, struct seen *s)
{
	struct xq_reader_opts o = { 0 };
	struct xq_reader *r;
	struct xq_game *g = NULL;
	int err;

	memset(s, 0, sizeof *s);
	o.format = format;
	o.name = format;
	o.problem = collect;
	o.problem_data = s;
	if (!(r = xq_reader_open_mem(buf, len, &o, &err)))
		return NULL;
	if (xq_reader_next(r, &g) <= 0)
		g = NULL;
	xq_reader_close(r);
	return g;
}

static xq_move iccs(const char *t)
{
	return xq_move_make(XQ_SQ(t[0] - 'a', t[1] - '0'), XQ_SQ(t[2] - 'a', t[3] - '0'));
}

/* PGN of g (ICCS), to see the unplayable line kept as text. */
static char *as_pgn(const struct xq_game *g)
{
	struct xq_writer_opts o = { 0 };
	struct xq_writer *w;
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);
	int err;
	if (!f)
		return NULL;
	o.format = "pgn";
	o.notation = XQ_NOTATION_ICCS;
	if ((w = xq_writer_open(f, &o, &err))) {
		xq_writer_write(w, g);
		xq_writer_close(w);
	}
	fclose(f);
	return out;
}

/*
 * What every format must give: one error, illegal-move, at ply 3, with
 * the same words; the node a0a5 bad (no move), a9a8 below it kept but not
 * played; h0g2 (when the format has variations) played and put first, so
 * that the main line is 3 plies (else 2), the bad move after it; PGN with
 * the line as text.
 */
static void check(const char *format, struct xq_game *g, const struct seen *s,
		  const char *text, int variations)
{
	const struct xq_node *bad, *below, *alt, *third;
	char want[160];
	char *pgn;

	if (!ok(g != NULL, "%s: the game reads", format))
		return;
	is_int(s->errors, 1, "%s: one error: %s", format, s->msg);
	ok(s->first.code == XQ_P_ILLEGAL, "%s: the code is illegal-move (%s)", format,
	   xq_problem_name(s->first.code));
	is_int(s->first.ply, 3, "%s: at ply 3", format);
	is_str(s->text, text, "%s: the move as the file gives it", format);
	snprintf(want, sizeof want, "move %s: not a legal move here; left out with the 1 move below it "
		 "(kept as text)", text);
	is_str(s->msg, want, "%s: replay's words", format);
	ok(g->flags & XQ_GAME_REPLAYED, "%s: replayed by the reader", format);
	third = g->root.child && g->root.child->child ? g->root.child->child->child : NULL;
	/* a bad move goes after its alternatives: the first playable one
	 * continues the main line, the bad one is kept as a variation */
	alt = variations ? third : NULL;
	bad = variations ? (third ? third->next : NULL) : third;
	is_int(xq_game_plies(g), variations ? 3 : 2,
	       variations ? "%s: the main line goes on with the alternative" :
			    "%s: the main line ends before the bad move", format);
	is_int(g->plies, xq_game_plies(g), "%s: replay keeps xq_game_plies() in plies", format);
	if (variations)
		ok(alt && alt->move == iccs("h0g2") && !(alt->flags & XQ_NODE_BAD),
		   "%s: the alternative h0g2 checked, played, first now", format);
	if (!ok(bad != NULL, "%s: the bad move stays in the tree", format))
		return;
	ok((bad->flags & XQ_NODE_BAD) && bad->move == XQ_MOVE_NONE, "%s: marked bad, no move", format);
	is_str(bad->text ? bad->text : "", text, "%s: its text kept", format);
	below = bad->child;
	ok(below && below->move == iccs("a9a8") && !(below->flags & XQ_NODE_BAD) && !below->next,
	   "%s: the move below it kept, as given, unplayed", format);
	ok(!bad->next, "%s: the bad move is the last alternative", format);
	is_int(count_played(g->root.child), variations ? 3 : 2, "%s: moves played", format);
	pgn = as_pgn(g);
	ok(pgn && strstr(pgn, "{ unplayable moves as written: "), "%s: PGN keeps the line as text", format);
	if (pgn) {
		snprintf(want, sizeof want, "unplayable moves as written: %s ", text);
		ok(strstr(pgn, want) != NULL, "%s: beginning with %s", format, text);
	}
	free(pgn);
}

/* XQF: the game made by hand, written by the XQF encoder without replay
 * (so the bad move goes in), read back. */
static void xqf(void)
{
	struct xq_game *g = xq_game_new(), *h;
	struct xq_node *n1, *n2, *n3;
	uint8_t *out = NULL;
	size_t len = 0;
	struct seen s;
	const struct xq_node *bad;

	n1 = xq_node_add(g, &g->root, iccs("h2e2"), NULL, 0);
	n2 = xq_node_add(g, n1, iccs("h9g7"), NULL, 0);
	n3 = xq_node_add(g, n2, iccs("a0a5"), NULL, 0);
	xq_node_add(g, n3, iccs("a9a8"), NULL, 0);
	xq_node_add(g, n2, iccs("h0g2"), NULL, 0);
	g->flags |= XQ_GAME_REPLAYED;
	if (!ok(xq__xqf_encode_game(g, 0, &out, &len, NULL, NULL) == 0, "xqf: the record made")) {
		xq_game_free(g);
		return;
	}
	h = read_one("xqf", out, len, &s);
	check("xqf", h, &s, "a0a5", 1);
	/* after its alternative (see check) */
	bad = h && h->root.child && h->root.child->child && h->root.child->child->child ?
	      h->root.child->child->child->next : NULL;
	/* the byte offset field: on the node and in the problem */
	ok(bad && (bad->flags & XQ_NODE_AT_BYTE) && bad->byte >= XQF_HEADER_SIZE && bad->byte < len,
	   "xqf: the node holds its record's byte offset (%u)", bad ? (unsigned)bad->byte : 0);
	ok(bad && s.first.has_byte && s.first.byte == (long)bad->byte,
	   "xqf: the problem is at that byte (%ld)", s.first.byte);
	ok(s.first.line == 0 && s.first.col == 0, "xqf: no line and column");
	ok(bad && bad->child && (bad->child->flags & XQ_NODE_AT_BYTE) && bad->child->byte > bad->byte,
	   "xqf: the move below has its own, later offset");
	xq_game_free(h);
	free(out);
	xq_game_free(g);
}

/* The text formats: the move stands at a line and column. */
static void text_formats(void)
{
	static const struct {
		const char *format, *doc, *text;
		int variations;
		long line, col;
	} t[] = {
		{ "dhtmlxq",
		  "[DhtmlXQ]\n"
		  "[DhtmlXQ_movelist]7747706209040001[/DhtmlXQ_movelist]\n"
		  "[DhtmlXQ_move_0_3_1]7967[/DhtmlXQ_move_0_3_1]\n"
		  "[/DhtmlXQ]\n",
		  "0904", 1, 2, 27 },  /* after "[DhtmlXQ_movelist]" and 8 digits */
		{ "cbf",
		  "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
		  "<ChineseChessRecord Version=\"1.0\">\n"
		  "<Head><RecordResult>0</RecordResult></Head>\n"
		  "<MoveList>\n"
		  "<Move value=\"00-00\"/>\n"
		  "<Move value=\"77-47\"/>\n"
		  "<Move value=\"70-62\"/>\n"
		  "<Move value=\"09-04\"/>\n"
		  "<Move value=\"00-01\"/>\n"
		  "</MoveList>\n"
		  "</ChineseChessRecord>\n",
		  "09-04", 0, 8, 1 },  /* its <Move> element */
	};
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		struct seen s;
		struct xq_game *g = read_one(t[i].format, t[i].doc, strlen(t[i].doc), &s);
		check(t[i].format, g, &s, t[i].text, t[i].variations);
		ok(s.first.line == t[i].line && s.first.col == t[i].col && !s.first.has_byte,
		   "%s: at its line and column (%ld:%ld), no byte offset", t[i].format,
		   s.first.line, s.first.col);
		xq_game_free(g);
	}
}

/* CBR: a binary record at a byte offset (game_cmp.h's cbr_image). */
static void cbr(void)
{
	static const unsigned char recs[][4] = {
		{ 0, 0, CBR_SQ(7, 2), CBR_SQ(4, 2) },   /* h2e2 */
		{ 0, 0, CBR_SQ(7, 9), CBR_SQ(6, 7) },   /* h9g7 */
		{ 2, 0, CBR_SQ(0, 0), CBR_SQ(0, 5) },   /* a0a5, an alternative follows */
		{ 1, 0, CBR_SQ(0, 9), CBR_SQ(0, 8) },   /* a9a8, the line ends */
		{ 1, 0, CBR_SQ(7, 0), CBR_SQ(6, 2) },   /* h0g2 */
	};
	unsigned char buf[CBR_IMAGE_SIZE(5)];
	struct seen s;
	struct xq_game *g;
	const struct xq_node *bad;

	cbr_image(buf, recs, 5);
	g = read_one("cbr", buf, sizeof buf, &s);
	check("cbr", g, &s, "a0a5", 1);
	bad = g && g->root.child && g->root.child->child && g->root.child->child->child ?
	      g->root.child->child->child->next : NULL;
	ok(bad && (bad->flags & XQ_NODE_AT_BYTE) && bad->byte == 2218 + 8,
	   "cbr: the node holds its record's byte offset (%u)", bad ? (unsigned)bad->byte : 0);
	ok(s.first.has_byte && s.first.byte == 2218 + 8 && s.first.line == 0,
	   "cbr: the problem is at byte 2226 (%ld)", s.first.byte);
	xq_game_free(g);
}

/* The same bad move as text (PGN): the policy is the same, only the words
 * are PGN's own (the move as written is resolved, not given as squares). */
static void pgn(void)
{
	static const char doc[] = "[Event \"e\"]\n\n1. h2e2 h9g7 2. a0a5 (2. h0g2) a9a8 *\n";
	struct seen s;
	struct xq_game *g = read_one("pgn", doc, sizeof doc - 1, &s);
	const struct xq_node *bad, *alt;
	if (!ok(g != NULL, "pgn: the game reads"))
		return;
	ok(s.errors == 1 && s.first.code == XQ_P_ILLEGAL && s.first.ply == 3 && s.first.line == 3 &&
	   s.first.col == 17 && !s.first.has_byte, "pgn: one illegal move at 3:17, ply 3: %s", s.msg);
	alt = g->root.child && g->root.child->child ? g->root.child->child->child : NULL;
	bad = alt ? alt->next : NULL;
	ok(alt && alt->move == iccs("h0g2") && bad && (bad->flags & XQ_NODE_BAD) && bad->child &&
	   !bad->next, "pgn: the alternative played and first, the bad move after it, the move below kept");
	/* the walk's run played h2e2 h9g7, the walk the rest: each node as
	 * the walk leaves it */
	static const char *const line[] = { "h2e2", "h9g7", "h0g2" };
	const struct xq_node *n = g->root.child;
	struct xq_pos p;
	int right = 1;
	xq_pos_start(&p);
	for (int i = 0; i < 3; i++, n = n ? n->child : NULL) {
		struct xq_undo u;
		xq_make(&p, iccs(line[i]), &u);
		right &= n && n->move == iccs(line[i]) && n->key == p.key &&
			 (n->flags & (XQ_NODE_PLAYED | XQ_NODE_BAD)) == XQ_NODE_PLAYED;
	}
	ok(right, "pgn: the main line played, each node's move and key the walk's");
	is_int(g->plies, 3, "pgn: replay keeps the main line's plies");
	xq_game_free(g);
}

/* The byte field stays unset where there is no byte: problems made with
 * xq_reader_problem(), replay's problems of text formats, writers'. */
static void byte_field(void)
{
	struct xq_problem zero;
	memset(&zero, 0, sizeof zero);
	ok(!zero.has_byte, "a zeroed problem has no byte offset");
	{
		struct xq_game *g = xq_game_new();
		struct xq_node *n = xq_node_add(g, &g->root, XQ_MOVE_NONE, "h2e2", 4);
		ok(n && !(n->flags & XQ_NODE_AT_BYTE), "a new node has no byte offset");
		xq_game_free(g);
	}
}

int main(void)
{
	xqf();
	text_formats();
	cbr();
	pgn();
	byte_field();
	return done_testing();
}
