/*
 * test_replay_tree.c - replay's one walk over a game tree: every node of
 * every line, whether the run played it or the resolver did, set as a
 * replay by hand sets it (its move, the key after it, check, capture,
 * played or bad), each bad move reported once, and the main line, after a
 * bad move on it gave way to its alternative, played to its end (its
 * plies, and a result that contradicts the mate at its end).
 *
 * The games mix the notations line by line, so that runs stop and start
 * inside lines: ICCS in its spellings, Chinese, WXF, and texts the run
 * leaves to the resolver (full-width letters).
 */
#include <stdio.h>
#include <string.h>

#include "game_cmp.h"
#include "tap.h"
#include "xq.h"

struct tally {
	int errors, results, result_ply;
	char result_text[16];
};

static void count(void *data, const struct xq_problem *p)
{
	struct tally *t = data;
	if (p->severity < XQ_SEV_ERROR)
		return;
	t->errors++;
	if (p->code == XQ_P_RESULT) {
		t->results++;
		t->result_ply = p->ply;
		snprintf(t->result_text, sizeof t->result_text, "%s", p->text ? p->text : "");
	}
}

/* What a replay by hand finds wrong, node by node. */
struct by_hand {
	int nodes, wrong, bad;
};

/* The move a text names in pos, as replay reads it: any notation, or its
 * full-width letters and digits as ASCII. */
static xq_move move_named(const struct xq_pos *pos, const char *t)
{
	char ascii[32];
	size_t n = 0;
	struct xq_err err;
	xq_move m;

	if (xq_move_parse(pos, t, strlen(t), XQ_NOTATION_ANY, 0, &m, &err) == 0)
		return m;
	for (const unsigned char *u = (const unsigned char *)t; *u && n + 1 < sizeof ascii;) {
		if (u[0] == 0xef && (u[1] == 0xbc || u[1] == 0xbd) && u[2]) {
			unsigned cp = 0xf000u | (u[1] & 0x3fu) << 6 | (u[2] & 0x3fu);
			ascii[n++] = (char)(cp - 0xfee0);
			u += 3;
		} else {
			ascii[n++] = (char)*u++;
		}
	}
	ascii[n] = '\0';
	if (xq_move_parse(pos, ascii, n, XQ_NOTATION_ANY, 0, &m, &err) == 0)
		return m;
	return XQ_MOVE_NONE;
}

/* Each alternative from first on, played in pos by hand, and below it. */
static void check_line(const struct xq_node *first, const struct xq_pos *pos, struct by_hand *h)
{
	for (const struct xq_node *n = first; n; n = n->next) {
		xq_move m = move_named(pos, n->text);
		struct xq_pos after = *pos;
		struct xq_undo u;
		unsigned want;

		h->nodes++;
		if (m == XQ_MOVE_NONE) {
			h->bad++;
			h->wrong += !(n->flags & XQ_NODE_BAD) || (n->flags & XQ_NODE_PLAYED) ||
				    n->move != XQ_MOVE_NONE;
			/* below a bad move nothing is played */
			for (const struct xq_node *c = n->child; c; c = c->child)
				h->wrong += (c->flags & XQ_NODE_PLAYED) != 0;
			continue;
		}
		xq_make(&after, m, &u);
		want = XQ_NODE_PLAYED | (after.in_check ? XQ_NODE_CHECK : 0) |
		       (u.captured ? XQ_NODE_CAPTURE : 0);
		h->wrong += n->move != m || n->key != after.key ||
			    (n->flags & (XQ_NODE_PLAYED | XQ_NODE_BAD | XQ_NODE_CHECK |
					 XQ_NODE_CAPTURE)) != want ||
			    n->taken != (u.captured ? xq_piece_type(pos, xq_move_to(m)) : XQ_NONE);
		check_line(n->child, &after, h);
	}
}

static void trees(void)
{
	static const struct {
		const char *pgn;
		int bad;           /* bad moves in the tree */
		int plies;         /* the main line's, after replay */
		const char *main;  /* its texts, space after each */
		const char *what;
	} t[] = {
		{ "1. h2e2 (1. b2e2 h9g7 (1... b9c7 2. h0g2) 2. b0c2) (1. c3c4) "
		  "1... h9g7 2. h0g2 (2. b0c2 b9c7) 2... i9h9 *\n",
		  0, 4, "h2e2 h9g7 h0g2 i9h9 ", "ICCS, variations nested" },
		{ "1. 炮二平五 马8进7 2. 马二进三 (2. h0g2 车9平8 (2... b9c7 3. 车一平二) "
		  "3. R1=2) (2. H8+7 b9c7) 车9平8 3. 车一平二 ａ９ａ８ 4. B2-C2 *\n",
		  0, 7, "炮二平五 马8进7 马二进三 车9平8 车一平二 ａ９ａ８ B2-C2 ",
		  "notations mixed in and across lines, full-width and dashed ICCS" },
		{ "1. h2e2 h9g7 2. a0a5 (2. h0g2 b9b0 (2... b9c7 3. b0c2) 3. i0i1) (2. b0c2) "
		  "2... i9h9 *\n",
		  2, 5, "h2e2 h9g7 h0g2 b9c7 b0c2 ",
		  "a bad move on the main line, a bad move on the alternative that follows" },
		{ "1. h2e2 h9g7 2. a0a5 (2. a0a6) (2. h0g2) (2. a0a7) 2... i9h9 *\n",
		  3, 3, "h2e2 h9g7 h0g2 ", "bad alternatives around a good one" },
		{ "1. h2e2 h9g7 2. a0a5 (2. a0a6) (2. a0a7) *\n",
		  3, 2, "h2e2 h9g7 ", "every alternative bad: the main line ends there" },
		{ "1. 炮二平五 马8进7 2. 车一进五 (2. 马二进三 车9平8 (2... 马2进3) 3. 车一平二) "
		  "(2. 马八进七) 卒7进1 *\n",
		  1, 5, "炮二平五 马8进7 马二进三 车9平8 车一平二 ", "Chinese, a bad move on the main line" },
		{ "1. h2e2 h9g7 2. h0g2 (2. h2h9 b9c7 (2... i9h9 3. b0c2) 3. c3c4 (3. a3a4)) "
		  "2... i9h9 *\n",
		  1, 4, "h2e2 h9g7 h0g2 i9h9 ", "a bad move in a variation, its line below kept" },
	};

	for (size_t i = 0; i < sizeof t / sizeof *t; i++) {
		struct tally tl = { 0 };
		struct xq_game *g = read_pgn_game_fn(t[i].pgn, count, &tl);
		struct by_hand h = { 0 };
		char main_line[256] = "";

		if (!ok(g != NULL, "%s: reads", t[i].what))
			continue;
		check_line(g->root.child, &g->start, &h);
		is_int(h.wrong, 0, "%s: all %d nodes as a replay by hand sets them", t[i].what, h.nodes);
		is_int(h.bad, t[i].bad, "%s: %d bad moves", t[i].what, t[i].bad);
		is_int(tl.errors, t[i].bad, "%s: each reported once", t[i].what);
		for (const struct xq_node *n = g->root.child; n && !(n->flags & XQ_NODE_BAD); n = n->child)
			if (strlen(main_line) + strlen(n->text) + 2 < sizeof main_line) {
				strcat(main_line, n->text);
				strcat(main_line, " ");
			}
		is_str(main_line, t[i].main, "%s: the main line", t[i].what);
		is_int(g->plies, t[i].plies, "%s: its plies", t[i].what);
		is_int(xq_game_plies(g), t[i].plies, "%s: as xq_game_plies() counts them", t[i].what);
		xq_game_free(g);
	}
}

/* The end of the main line, where a bad move gave way to its alternative
 * (a mate, against the result claimed) and where none did. */
static void ends(void)
{
	static const struct {
		const char *pgn;
		int errors, results, ply;
		const char *text, *what;
	} t[] = {
		{ "[Result \"0-1\"]\n[FEN \"3k5/R8/1R7/9/9/9/9/9/9/4K4 w\"]\n\n1. a8b7 (1. b7b9) 0-1\n",
		  2, 1, 1, "b7b9", "the mate the alternative gives, against 0-1" },
		{ "[Result \"1-0\"]\n[FEN \"3k5/R8/1R7/9/9/9/9/9/9/4K4 w\"]\n\n1. a8b7 (1. b7b9) 1-0\n",
		  1, 0, 0, "", "the mate the alternative gives, as claimed" },
		{ "[Result \"0-1\"]\n[FEN \"3k5/R8/1R7/9/9/9/9/9/9/4K4 w\"]\n\n1. b7b9 a9a8 0-1\n",
		  1, 0, 0, "", "a move after the mate: the main line is cut there, no end" },
		{ "[Result \"0-1\"]\n[FEN \"3k5/R8/1R7/9/9/9/9/9/9/4K4 w\"]\n\n1. b7b9 (1. a8a9) 0-1\n",
		  1, 1, 1, "b7b9", "a main line without a bad move, variations after it" },
	};

	for (size_t i = 0; i < sizeof t / sizeof *t; i++) {
		struct tally tl = { 0 };
		struct xq_game *g = read_pgn_game_fn(t[i].pgn, count, &tl);

		if (!ok(g != NULL, "%s: reads", t[i].what))
			continue;
		is_int(tl.errors, t[i].errors, "%s: %d errors", t[i].what, t[i].errors);
		is_int(tl.results, t[i].results, "%s: %d about the result", t[i].what, t[i].results);
		if (t[i].results) {
			is_int(tl.result_ply, t[i].ply, "%s: at ply %d", t[i].what, t[i].ply);
			is_str(tl.result_text, t[i].text, "%s: at its last move", t[i].what);
		}
		xq_game_free(g);
	}
}

int main(void)
{
	trees();
	ends();
	return done_testing();
}
