/*
 * test_pgn.c - the PGN and plain-text readers, one tiny record per
 * dialect feature (table-driven): the tree read is printed in a canonical
 * form (ICCS moves, {comments}, (variations), $NAGs) and compared.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "transcript.h"
#include "xq.h"
#include "xq_format.h"
#include "../../formats/movetext.h"

struct sink {
	int errors, warnings, notes;
	char first[400];
	long line, col;
	int ply;
};

static void sink_problem(void *data, const struct xq_problem *p)
{
	struct sink *s = data;
	if (p->severity >= XQ_SEV_ERROR) {
		if (!s->errors++) {
			snprintf(s->first, sizeof s->first, "%s", p->msg);
			s->line = p->line;
			s->col = p->col;
			s->ply = p->ply;
		}
	} else if (p->severity == XQ_SEV_WARNING) {
		s->warnings++;
	} else {
		s->notes++;
	}
}

struct buf {
	char s[16384];
	size_t n;
};

static void add(struct buf *b, const char *s)
{
	size_t l = strlen(s);
	if (b->n + l + 1 < sizeof b->s) {
		memcpy(b->s + b->n, s, l + 1);
		b->n += l;
	}
}

static void ser_line(struct buf *b, const struct xq_node *n, int var)
{
	for (; n; n = n->child, var = 0) {
		char iccs[5];
		if (b->n && b->s[b->n - 1] != '(')
			add(b, " ");
		if (n->comment_before) {
			add(b, "{");
			add(b, n->comment_before);
			add(b, "} ");
		}
		if (n->move) {
			xq_move_iccs(n->move, iccs);
			add(b, iccs);
		} else {
			add(b, "?");
			add(b, n->text ? n->text : "");
		}
		for (int i = 0; i < n->nnags; i++) {
			char nag[8];
			snprintf(nag, sizeof nag, " $%d", n->nags[i]);
			add(b, nag);
		}
		if (n->comment) {
			add(b, " {");
			add(b, n->comment);
			add(b, "}");
		}
		for (const struct xq_node *v = var ? NULL : n->next; v; v = v->next) {
			add(b, " (");
			ser_line(b, v, 1);
			add(b, ")");
		}
	}
}

/* "tags|result|tree" of game k (1-based) of a text. */
static int read_text(const char *fmt, const char *text, int k, struct buf *out,
		     struct sink *sink, int *ngames, char *fen)
{
	struct xq_reader_opts o = { 0 };
	struct xq_reader *r;
	struct xq_game *g;
	int err, n = 0, rc;
	memset(sink, 0, sizeof *sink);
	out->n = 0;
	out->s[0] = '\0';
	o.format = fmt;
	o.name = "t";
	o.problem = sink_problem;
	o.problem_data = sink;
	if (!(r = xq_reader_open_mem(text, strlen(text), &o, &err)))
		return err;
	while ((rc = xq_reader_next(r, &g)) > 0) {
		if (++n == k) {
			if (g->root.comment) {
				add(out, "{");
				add(out, g->root.comment);
				add(out, "}");
			}
			ser_line(out, g->root.child, 0);
			add(out, " | ");
			add(out, g->result ? g->result : "-");
			if (fen)
				strcpy(fen, g->start_fen);
		}
		xq_game_free(g);
	}
	xq_reader_close(r);
	*ngames = n;
	return rc;
}

static const struct {
	const char *name, *fmt, *text;
	int games, errors;
	const char *tree;   /* of game 1 */
} cases[] = {
	{ "ICCS lower case", NULL, "1. h2e2 h9g7 2. h0g2 *\n", 1, 0, "h2e2 h9g7 h0g2 | *" },
	{ "ICCS upper case with dash", NULL, "[Format \"ICCS\"]\n1. H2-E2 H9-G7 1-0\n", 1, 0, "h2e2 h9g7 | 1-0" },
	{ "Chinese, ASCII black digits", NULL, "1. 炮二平五 马8进7 0-1\n", 1, 0, "h2e2 h9g7 | 0-1" },
	{ "Chinese, full-width digits", NULL, "1. 炮二平五 马８进７ 1/2-1/2\n", 1, 0, "h2e2 h9g7 | 1/2-1/2" },
	{ "Chinese glued moves", NULL, "1. 炮二平五马８进７ 2. 马二进三车９平８ *\n", 1, 0, "h2e2 h9g7 h0g2 i9h9 | *" },
	{ "numbers glued to moves", NULL, "1.炮二平五 马8进7 2.马二进三 *\n", 1, 0, "h2e2 h9g7 h0g2 | *" },
	{ "all glued", "text", "1.炮二平五马8进72.马二进三车9平8\n", 1, 0, "h2e2 h9g7 h0g2 i9h9 | -" },
	{ "full-width numbers and spaces", NULL, "１．炮二平五　马８进７　２．马二进三\n", 1, 0, "h2e2 h9g7 h0g2 | -" },
	{ "number with 、", NULL, "1、炮二平五 马8进7\n", 1, 0, "h2e2 h9g7 | -" },
	{ "traditional characters", NULL, "1. 炮二平五 馬８進７ 2. 傌二進三 *\n", 1, 0, "h2e2 h9g7 h0g2 | *" },
	{ "WXF", NULL, "1. C2.5 H8+7 2. H2+3 *\n", 1, 0, "h2e2 h9g7 h0g2 | *" },
	{ "WXF with =", NULL, "1. C2=5 H8+7 *\n", 1, 0, "h2e2 h9g7 | *" },
	{ "full-width WXF", NULL, "1. Ｃ２＝５ Ｈ８＋７ *\n", 1, 0, "h2e2 h9g7 | *" },
	{ "WinBoard SAN", NULL, "[Variant \"xiangqi\"]\n1. Che2 Hg7 2. Hg2 Rh9 *\n", 1, 0, "h2e2 h9g7 h0g2 i9h9 | *" },
	{ "black first, chess style", NULL,
	  "[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1\"]\n1. ... 马８进７ 2. 马二进三 *\n",
	  1, 0, "h9g7 h0g2 | *" },
	{ "black first, number belongs to black (CCPD)", NULL,
	  "[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b\"]\n1. 马８进７ 2. 马二进三 马２进３ *\n",
	  1, 0, "h9g7 h0g2 b9c7 | *" },
	{ "black first, vschess ellipsis", NULL,
	  "[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1\"]\n1. ………… 马８进７ *\n",
	  1, 0, "h9g7 | *" },
	{ "xqbase blank continuation", NULL,
	  "  1. 炮二平五\n{a comment}\n  1.          马８进７\n  2. 马二进三 *\n", 1, 0, "h2e2 {a comment} h9g7 h0g2 | *" },
	{ "black move on its own line", NULL, "  1. 炮二平五\n     马８进７\n  2. 马二进三\n", 1, 0, "h2e2 h9g7 h0g2 | -" },
	{ "comments before and after", NULL, "{start} 1. h2e2 {after red} h9g7 {after\nblack} *\n", 1, 0,
	  "{start} h2e2 {after red} h9g7 {after black} | *" },
	{ "multi-line Chinese comment joins", NULL, "1. h2e2 {中炮\n开局} *\n", 1, 0, "h2e2 {中炮开局} | *" },
	{ "blank line in a comment is a line break", NULL, "1. h2e2 {one\n\ntwo\n\n\n  three} *\n", 1, 0, "h2e2 {one\ntwo\n\n  three} | *" },
	{ "wrapped comment: blanks after a soft break go", NULL, "1. h2e2 {long \n   line} *\n", 1, 0, "h2e2 {long line} | *" },
	{ "semicolon comment", NULL, "1. h2e2 ; to the end of the line\nh9g7 *\n", 1, 0, "h2e2 {to the end of the line} h9g7 | *" },
	{ "variations, nested", NULL, "1. h2e2 h9g7 (1... h7e7 (1... b9c7) 2. h0g2) 2. h0g2 *\n", 1, 0,
	  "h2e2 h9g7 (h7e7 h0g2) (b9c7) h0g2 | *" },
	{ "a variation holding only a comment", NULL, "1. h2e2 ({ only a comment }) h9g7 *\n", 1, 0,
	  "h2e2 {only a comment} h9g7 | *" },
	{ "a variation of a comment after a comment", NULL, "1. h2e2 {a} ({b}) {c} h9g7 ( ) *\n", 1, 0,
	  "h2e2 {a b c} h9g7 | *" },
	{ "records of tags alone, one a game each", NULL,
	  "[FEN \"4k4/9/9/9/9/9/9/9/9/3K5 w\"]\n\n[FEN \"3k5/9/9/9/9/9/9/9/9/4K4 w\"]\n\n"
	  "[Event \"tags\"]\n[Red \"A\"]\n\n[Event \"game\"]\n\n1. h2e2 *\n", 4, 0, " | -" },
	{ "comment at the start of a variation", NULL, "1. h2e2 h9g7 ({other} 1... b9c7) *\n", 1, 0,
	  "h2e2 h9g7 ({other} b9c7) | *" },
	{ "NAGs and marks", NULL, "1. h2e2! h9g7 $6 2. h0g2?! i9h9 !? *\n", 1, 0, "h2e2 $1 h9g7 $6 h0g2 $6 i9h9 $5 | *" },
	{ "Chinese marks", NULL, "1. 炮二平五!? 马8进7?? *\n", 1, 0, "h2e2 $5 h9g7 $4 | *" },
	{ "Chinese result word", NULL, "1. 炮二平五 马8进7 红胜\n", 1, 0, "h2e2 h9g7 | 1-0" },
	{ "Chinese result in brackets", "text", "1. 炮二平五 马8进7\n（黑胜）\n", 1, 0, "h2e2 h9g7 | 0-1" },
	{ "games without tags", NULL, "1. h2e2 h9g7 *\n\n1. b0c2 h9g7 *\n", 2, 0, "h2e2 h9g7 | *" },
	{ "tagless games without results", NULL, "1. h2e2 h9g7\n\n1. b0c2 h9g7\n", 2, 0, "h2e2 h9g7 | -" },
	{ "games with tags, no results", NULL, "[Event \"a\"]\n1. h2e2\n[Event \"b\"]\n1. b0c2\n", 2, 0, "h2e2 | -" },
	{ "CRLF and BOM", NULL, "\xef\xbb\xbf[Event \"x\"]\r\n\r\n1. h2e2 h9g7 *\r\n", 1, 0, "h2e2 h9g7 | *" },
	{ "junk after the result", NULL,
	  "[Event \"x\"]\n1. h2e2 1-0\n====\n 欢迎访问\nhttps://www.xqbase.com/\n[Event \"y\"]\n1. b0c2 *\n", 2, 0, "h2e2 | 1-0" },
	{ "CR line ends (old Mac)", NULL, "[Event \"cr\"]\r1. h2e2 h9g7 {a\rb} *\r\r[Event \"two\"]\r1. b0c2 *\r",
	  2, 0, "h2e2 h9g7 {a b} | *" },
	{ "UCI ranks 1-10 by the Format tag", NULL, "[Format \"UCI10\"]\n1. h3e3 h10g8 *\n", 1, 0, "h2e2 h9g7 | *" },
	{ "UCI ranks 1-10 untagged: a rank 10 before any rank 0", NULL, "1. h3e3 h10g8 2. h1g3 *\n", 1, 0,
	  "h2e2 h9g7 h0g2 | *" },
	{ "UCI ranks 1-10 untagged, upper case, dashes and marks", NULL, "1. H3-E3! H10-G8+ *\n", 1, 0,
	  "h2e2 $1 h9g7 | *" },
	{ "UCI ranks 1-10 untagged, under a Format tag of ICCS", NULL,
	  "[Format \"ICCS\"]\n1. b3e3 b10c8 *\n", 1, 0, "b2e2 b9c7 | *" },
	{ "ICCS: a rank 0 before any rank 10 (the rank 10 read alone)", NULL, "1. h0g2 h10g8 *\n", 1, 0,
	  "h0g2 h9g7 | *" },
	{ "ICCS: neither rank 0 nor 10 keeps ICCS", NULL, "1. h2e2 h7e7 *\n", 1, 0, "h2e2 h7e7 | *" },
	{ "ICCS: a text with ranks 0 and 10 decides nothing", NULL, "1. h2e2 h10g0 *\n", 1, 1, "h2e2 ?h10g0 | *" },
	{ "UCI ranks 1-10: a rank 10 after a WXF move is not looked at", NULL, "1. C2.5 h10g8 *\n", 1, 0,
	  "h2e2 h9g7 | *" },
	{ "WXF tandem pawns are not move numbers", NULL,
	  "[FEN \"4k4/9/9/9/9/2p3p2/2p3p2/2p6/9/3K5 b\"]\n1... 33.4 *\n", 1, 0, "c3d3 | *" },
	{ "escape line", NULL, "% a comment line\n1. h2e2 *\n", 1, 0, "h2e2 | *" },
	{ "illegal move", NULL, "1. h2e2 h9g7 2. h2e3 *\n", 1, 1, "h2e2 h9g7 ?h2e3 | *" },
	{ "unparsable token", NULL, "1. h2e2 xyzzy *\n", 1, 1, "h2e2 ?xyzzy | *" },
	{ "unclosed comment", NULL, "1. h2e2 {never closed\n", 1, 1, "h2e2 {never closed} | -" },
	{ "a comment's lines that begin with '[' after one that does", NULL,
	  "1. h2e2 {see\n [a]\n[b \"x\"]} h9g7 *\n", 1, 0, "h2e2 {see [a] [b \"x\"]} h9g7 | *" },
	{ "a comment's lines that begin with '[' but no tag", NULL,
	  "1. h2e2 {see\n[center][b]x[/b]\n[a] - b} h9g7 *\n", 1, 0,
	  "h2e2 {see [center][b]x[/b] [a] - b} h9g7 | *" },
	{ "unclosed variation", NULL, "1. h2e2 (1. b0c2\n", 1, 1, "h2e2 (b0c2) | -" },
	{ "stray brackets are warnings", NULL, "1. h2e2 } ) h9g7 *\n", 1, 0, "h2e2 h9g7 | *" },
	{ "bad FEN", NULL, "[FEN \"9/9 w\"]\n1. h2e2 *\n", 1, 1, "?h2e2 | *" },
	{ "composed FEN accepted", NULL, "[FEN \"4k4/9/9/9/9/4B4/9/9/9/3K5 w\"]\n1. e4c2 *\n", 1, 0, "e4c2 | *" },
	{ "text: FEN then moves", "text", "3k5/9/9/9/9/9/9/9/8R/4K4 w\n车一平六\n红胜\n", 1, 0, "i1d1 | 1-0" },
	{ "text: one line", "text", "3k5/9/9/9/9/9/9/9/8R/4K4 w, i1d1, 1-0", 1, 0, "i1d1 | 1-0" },
	{ "text: label,FEN list", "text", "#comment\nA,3k5/9/9/9/9/9/9/9/8R/4K4 w\nB,3k5/9/9/9/9/9/9/9/8R/4K4 w\n", 2, 0, " | -" },
	{ "text: headings", "text", "标题: 测试\n红方: 甲\n结果: 红胜\n \n  1.炮二平五      马８进７  \n", 1, 0, "h2e2 h9g7 | -" },
	{ "text: a round heading after a game ends it", "text",
	  "1. 炮二平五 马８进７\n第三站2001·8·16（下午）\n1. 炮八平五 马２进３\n", 2, 0, "h2e2 h9g7 | -" },
	{ "text: a comment line between moves stays in the game", "text",
	  "1. 炮二平五 马８进７\n{中炮开局}\n2. 马二进三 车９平８\n", 1, 0, "h2e2 h9g7 {中炮开局} h0g2 i9h9 | -" },
	{ "text: 局面 with Chinese pieces", "text",
	  "局面：3将5/9/9/3车5/4車1炮2/9/9/9/9/4帅4 红 - - 0 1\n1. 車五进四 将4进1\n", 1, 0, "e5e9 d9d8 | -" },
	{ "text: FEN with a blank before the colon", "text",
	  "FEN ：3k5/9/9/9/9/9/9/9/8R/4K4 w - - 0 1\n1. 车一平六\n", 1, 0, "i1d1 | -" },
	{ "text: ourgame rules and column heads", "text",
	  "-----------\n红    方：甲  耗时：1分\n-----------\n棋谱   红方   黑方\n  1.  炮二平五   马２进３\n", 1, 0,
	  "h2e2 b9c7 | -" },
	{ "text: two games by blank line", "text", "1. 炮二平五 马8进7\n红胜\n\n1. 炮八平五 马2进3\n黑胜\n", 2, 0, "h2e2 h9g7 | 1-0" },
	/* the fast paths of the scanner: each shape next to its slow twin */
	{ "number glued to a Chinese move", NULL, "1.炮二平五 马８进７ 2.马二进三 *\n", 1, 0, "h2e2 h9g7 h0g2 | *" },
	{ "number glued to an ICCS move", NULL, "1.h2e2 1...h9g7 2.h0g2 *\n", 1, 0, "h2e2 h9g7 h0g2 | *" },
	{ "Chinese moves glued together", NULL, "1. 炮二平五马８进７ *\n", 1, 0, "h2e2 h9g7 | *" },
	{ "Chinese move then U+3000", NULL, "1. 炮二平五\xe3\x80\x80马８进７ *\n", 1, 0, "h2e2 h9g7 | *" },
	{ "ASCII move then U+3000", NULL, "1. h2e2\xe3\x80\x80h9g7 *\n", 1, 0, "h2e2 h9g7 | *" },
	{ "moves against brackets", NULL, "1. h2e2{a}h9g7(1...b9c7)2. h0g2 *\n", 1, 0, "h2e2 {a} h9g7 (b9c7) h0g2 | *" },
	{ "ASCII move with a mark glued", NULL, "1. h2e2!? C8.5 *\n", 1, 0, "h2e2 $5 h7e7 | *" },
	{ "text: comma after a move", "text", "1. 炮二平五, 马８进７, h0g2, *\n", 1, 0, "h2e2 h9g7 h0g2 | *" },
	{ "Chinese result word of four characters", NULL, "1. 炮二平五 马8进7 双方和棋\n", 1, 0, "h2e2 h9g7 | 1/2-1/2" },
	{ "text: dpxq layout", "text", "　　1. 炮二平五　　马８进７　\n　　2. 马二进三　　车９平８　\n", 1, 0, "h2e2 h9g7 h0g2 i9h9 | -" },
};

static void table(void)
{
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		struct buf b;
		struct sink s;
		int n = 0;
		int rc = read_text(cases[i].fmt, cases[i].text, 1, &b, &s, &n, NULL);
		ok(rc == 0 && n == cases[i].games && s.errors == cases[i].errors &&
		   !strcmp(b.s, cases[i].tree), "%s", cases[i].name) ||
			(diagf("rc %d, games %d, errors %d (%s), tree '%s' want '%s'", rc, n, s.errors,
			       s.first, b.s, cases[i].tree), 0);
	}
}

static void locations(void)
{
	struct buf b;
	struct sink s;
	int n;
	read_text(NULL, "[Event \"x\"]\n\n1. 炮二平五 马8进7\n2. 马二进三 马八进七 *\n", 1, &b, &s, &n, NULL);
	is_int(s.line, 4, "illegal move: line");
	is_int(s.col, 9, "illegal move: column counts characters");
	is_int(s.ply, 4, "illegal move: ply");
	/* far along a line of Chinese (columns are counted eight bytes at a
	 * time) and of ASCII (columns are offsets) */
	read_text(NULL, "1. 炮二平五 马８进７ 2. 马二进三 车９平８ 3. 车一平二 马２进３ 4. 兵七进一 卒７进１ 5. 马八进七 象８进５ *\n",
		  1, &b, &s, &n, NULL);
	is_int(s.col, 61, "illegal move far along a Chinese line: column");
	read_text(NULL, "1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 b9c7 4. c3c4 g6g5 5. b0c2 c9e8 *\n", 1, &b, &s, &n, NULL);
	is_int(s.col, 61, "illegal move far along an ASCII line: column");
	read_text(NULL, "1. h2e2 h9g7 (1... b9c7 2. a0a5) 2. h0g2 *\n", 1, &b, &s, &n, NULL);
	is_int(s.ply, 3, "illegal move in a variation: ply");
	is_int(s.col, 28, "illegal move in a variation: column");
	read_text(NULL, "[FEN \"3k5/9/9/9/9/9/9/9/8R/4K4 w\"]\n1. i1d1 d9d8 *\n", 1, &b, &s, &n, NULL);
	ok(strstr(s.first, "checkmate") != NULL, "move after mate named") || (diagf("%s", s.first), 0);
	read_text(NULL, "[FEN \"3k5/9/9/9/9/9/9/9/8R/4K4 w\"]\n[Result \"0-1\"]\n1. i1d1 *\n", 1, &b, &s, &n, NULL);
	ok(strstr(s.first, "contradicts") != NULL, "result against mate") || (diagf("%s", s.first), 0);
	read_text(NULL, "[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b\"]\n1. h2e2 *\n",
		  1, &b, &s, &n, NULL);
	ok(strstr(s.first, "gives Black the move") != NULL, "side to move against the first move") ||
		(diagf("%s", s.first), 0);
	read_text(NULL, "[FEN \"4k4/9/9/9/9/2N6/9/2N6/9/3K5 w\"]\n1. 马七进六 *\n", 1, &b, &s, &n, NULL);
	ok(strstr(s.first, "ambiguous") && strstr(s.first, "前马进六") && strstr(s.first, "后马进六"),
	   "ambiguous move: the candidates named") || (diagf("%s", s.first), 0);
	read_text(NULL, "[Weather \"rain\"]\n1. h2e2 *\n", 1, &b, &s, &n, NULL);
	is_int(s.notes, 1, "unknown tag noted");
	is_int(s.errors, 0, "unknown tag is no error");
}

static void tags(void)
{
	struct xq_reader_opts o = { 0 };
	struct xq_reader *r;
	struct xq_game *g = NULL;
	int err;
	const char *text = "[Game \"Chinese Chess\"]\n[Event \"say \\\"hi\\\"\"]\n[棋谱名称 \"名\"]\n"
			   "[Red \"甲\"] [Black \"乙\"]\n\n1. h2e2 *\n";
	r = xq_reader_open_mem(text, strlen(text), &o, &err);
	ok(r && xq_reader_next(r, &g) == 1, "tags: read");
	if (g) {
		is_str(xq_game_tag(g, "event"), "say \"hi\"", "tags: escapes, case-insensitive name");
		is_str(xq_game_tag(g, "棋谱名称"), "名", "tags: Chinese tag name");
		is_str(xq_game_tag(g, "Black") ? xq_game_tag(g, "Black") : "", "乙", "tags: two on a line");
		is_str(g->tags->name, "Game", "tags: order kept");
		is_int(g->line, 1, "game line");
		xq_game_free(g);
	}
	xq_reader_close(r);
}

/* Writing: wrapping, numbers, comments, results. */
static void writing(void)
{
	const char *text = "[Event \"w\"]\n{lead} 1. h2e2 {c} h9g7 (1... b9c7 $3) 2. h0g2 i9h9 1-0\n";
	struct xq_reader_opts o = { 0 };
	struct xq_writer_opts wo = { 0 };
	struct xq_reader *r;
	struct xq_writer *w;
	struct xq_game *g = NULL;
	char *out = NULL;
	size_t len = 0;
	int err;
	FILE *fp = open_memstream(&out, &len);
	r = xq_reader_open_mem(text, strlen(text), &o, &err);
	xq_reader_next(r, &g);
	wo.notation = XQ_NOTATION_ICCS;
	w = xq_writer_open(fp, &wo, &err);
	is_int(xq_writer_write(w, g), 0, "write: ok");
	is_int(xq_writer_close(w), 0, "write: close");
	fclose(fp);
	ok(strstr(out, "[Game \"Chinese Chess\"]\n[Event \"w\"]\n") == out, "write: [Game] first") || (diagf("%s", out), 0);
	ok(strstr(out, "[Format \"ICCS\"]") != NULL, "write: Format tells the truth");
	ok(strstr(out, "{ lead } 1. h2e2 { c } 1... h9g7 (1... b9c7!!) 2. h0g2 i9h9 1-0\n") != NULL,
	   "write: movetext") || (diagf("%s", out), 0);
	free(out);
	/* unreplayed games are refused */
	struct xq_game *raw = xq_game_new();
	fp = open_memstream(&out, &len);
	w = xq_writer_open(fp, &wo, &err);
	is_int(xq_writer_write(w, raw), XQ_EINVAL, "write: unreplayed game refused");
	xq_writer_close(w);
	fclose(fp);
	free(out);
	xq_game_free(raw);
	xq_game_free(g);
	xq_reader_close(r);
	/* unknown names */
	wo.format = "nosuch";
	is_int(xq_writer_open(stdout, &wo, &err) == NULL && err == XQ_EINVAL, 1, "write: unknown format");
	o.format = "nosuch";
	is_int(xq_reader_open_mem("", 0, &o, &err) == NULL && err == XQ_EINVAL, 1, "read: unknown format");
}

/* Comment text survives write -> read exactly: line breaks, runs of
 * spaces, leading and trailing blanks (XQF and DhtmlXQ keep them). */
static void comment_round_trip(void)
{
	static const char *const texts[] = {
		"plain", "two\nlines", "  indented\n\n  paragraph  ", " x", "x ",
		"\nstarts with a break", "中炮\n开局", "tab\there", "a\n \nb", "end \nspace",
		"A long English comment that has to be wrapped at least once, with  two spaces here and   three there, and more words after them to pass eighty columns twice over.",
		"很长的中文注释，没有空格，必须在八十列处折行，而且读回来要一模一样，不能多也不能少一个字符，这里再写一些字让它足够长，超过两行的宽度，确保折行至少发生两次以上。",
		"Mixed 中文 and English,混排的注释 with spaces and 全角　空格 and a line\nbreak, wrapped somewhere in the middle of all this text to see what happens.",
	};
	for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
		struct xq_game *g = xq_game_new(), *back = NULL;
		struct xq_writer_opts wo = { 0 };
		struct xq_reader_opts o = { 0 };
		struct xq_reader *r;
		char *out = NULL;
		size_t len = 0;
		int err;
		FILE *fp = open_memstream(&out, &len);
		struct xq_node *n = xq_node_add(g, &g->root, XQ_MOVE_NONE, "h2e2", 4);

		xq_node_comment(g, n, 0, texts[i], strlen(texts[i]));
		xq_game_replay(g, NULL, NULL, NULL);
		struct xq_writer *w = xq_writer_open(fp, &wo, &err);
		xq_writer_write(w, g);
		xq_writer_close(w);
		fclose(fp);
		r = xq_reader_open_mem(out, len, &o, &err);
		ok(r && xq_reader_next(r, &back) == 1 && back->root.child &&
		   back->root.child->comment && !strcmp(back->root.child->comment, texts[i]),
		   "comment %zu written and read back exactly", i) ||
			(diagf("wrote: %s\nread: '%s'", out, back && back->root.child && back->root.child->comment ? back->root.child->comment : "(none)"), 0);
		if (back)
			xq_game_free(back);
		xq_reader_close(r);
		free(out);
		xq_game_free(g);
	}
}

/* Display width of a line, as xq_text_width(), for the checks below. */
static int line_width(const char *s, size_t n)
{
	return xq_text_width(s, n);
}

/* A line may pass the width only when it holds one token: with the
 * comment's braces, a closing parenthesis and the leading space of a
 * wrap taken off, no space is left inside. */
static int one_token(const char *s, size_t n)
{
	while (n && (*s == ' ' || *s == '{')) {
		s++;
		n--;
	}
	while (n && (s[n - 1] == ')' || s[n - 1] == '}' || s[n - 1] == ' '))
		n--;
	return memchr(s, ' ', n) == NULL;
}

/* The filler breaks only at spaces: no line ends in a space, none passes
 * 80 columns unless it is one token, and the game reads back the same,
 * moves and comments, in ICCS and in Chinese notation. */
static void wrapping(void)
{
	static const char *const moves =
		"1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 b9c7 4. h0h6 h7i7 5. h6g6 i7i8 *\n";
	static const char *const comments[] = {
		"better line: 马８进７ 炮二平五 马２进３ 兵七进一 卒７进１ 马八进七 车９平８ 车一平二 "
		"炮８平９ 车二进六 炮２平１ 马七进六 士４进５ 炮八平七 车１平２ 车九平八",
		"马８进７ 炮二平五 马２进３ 兵七进一 卒７进１ 马八进七 车９平８ 车一平二 炮８平９ 车二进六",
		"Labels: 1 炮二平五: chase 捉 cannon a7; 2 马８进７: idle 闲; 3 车一平二: chase 捉 "
		"cannon a6; 4 车９平８: idle 闲; 5 炮二平五: chase 捉 cannon a7; 6 马８进７: idle 闲",
		"a word longer than a line: "
		"Pneumonoultramicroscopicsilicovolcanoconiosis-and-then-some-more-letters-to-pass-eighty-columns "
		"and more words after it, short ones, to fill another line and then some.",
		"很长的中文注释没有空格，在八十列处折行，读回来要一模一样，不能多也不能少一个字符，这里再写一些字让它足够长",
		"如改走马八进七，则象５退７，红方帅府受攻，当然若红方仍再架中炮拼兑，那么失去双炮就难有作用了，"
		"黑方可走车９平８再马２进３，局面平稳，红方如炮八平七，则车１平２，车九平八，炮２平１，马七进六，"
		"士４进５，双方对峙。",
		"fullwidth　spaces　and　(parentheses)　（括号里的马８进７）、「引号」；"
		"and a long run of them to wrap：马八进七、炮八平七、车九平八、马七进六、士４进５。",
		"Inaccuracy: -5.69 -> -7.86; 马二进三 was best. Inaccuracy: -7.86 -> -5.03; 车９平８ was "
		"best, and the comment goes on with English words long enough to wrap twice over.",
		"two\n\nparagraphs of text that are long enough to be wrapped at least once, 马８进７ 炮二平五 "
		"马２进３ 兵七进一 in the middle",
		"x",
	};
	static const enum xq_notation notations[] = { XQ_NOTATION_ICCS, XQ_NOTATION_CHINESE };
	/* the Chinese moves of the comments, four characters of three bytes */
	static const char *const cn_moves[] = {
		"马８进７", "炮二平五", "马２进３", "兵七进一", "卒７进１", "马八进七", "车９平８",
		"车一平二", "炮８平９", "车二进六", "炮２平１", "马七进六", "士４进５", "炮八平七",
		"车１平２", "车九平八", "马二进三", "象５退７",
	};

	for (size_t k = 0; k < sizeof notations / sizeof notations[0]; k++)
	for (size_t i = 0; i < sizeof comments / sizeof comments[0]; i++) {
		struct xq_reader_opts o = { 0 };
		struct xq_writer_opts wo = { 0 };
		struct xq_reader *r;
		struct xq_game *g = NULL, *back = NULL;
		struct buf before, after;
		char *out = NULL;
		size_t len = 0;
		int err, trailing = 0, too_wide = 0, cut = 0, nodes = 0;

		r = xq_reader_open_mem(moves, strlen(moves), &o, &err);
		if (!r || xq_reader_next(r, &g) != 1) {
			ok(0, "wrap %zu/%zu: game read", k, i);
			if (r)
				xq_reader_close(r);
			continue;
		}
		xq_reader_close(r);
		/* the comment after every other move and before the game */
		xq_node_comment(g, &g->root, 0, comments[i], strlen(comments[i]));
		for (struct xq_node *n = g->root.child; n; n = n->child)
			if (nodes++ % 2 == 0)
				xq_node_comment(g, n, 0, comments[i], strlen(comments[i]));
		before.n = 0;
		before.s[0] = '\0';
		add(&before, g->root.comment);
		ser_line(&before, g->root.child, 0);

		FILE *fp = open_memstream(&out, &len);
		wo.notation = notations[k];
		struct xq_writer *w = xq_writer_open(fp, &wo, &err);
		xq_writer_write(w, g);
		xq_writer_close(w);
		fclose(fp);

		for (const char *l = out; *l;) {
			const char *e = strchr(l, '\n');
			size_t ll = e ? (size_t)(e - l) : strlen(l);
			if (ll && l[ll - 1] == ' ')
				trailing++;
			if (line_width(l, ll) > 80 && !one_token(l, ll))
				too_wide++;
			l += ll + (e != NULL);
		}
		/* no wrap inside a Chinese move of the comments */
		for (size_t p = 0; p < len; p++)
			for (size_t m = 0; out[p] == '\n' && m < sizeof cn_moves / sizeof cn_moves[0]; m++)
				for (size_t b = 3; b < 12; b += 3)
					if (p >= b && p + 1 + 12 - b <= len &&
					    !memcmp(out + p - b, cn_moves[m], b) &&
					    !memcmp(out + p + 1, cn_moves[m] + b, 12 - b))
						cut++;
		ok(!cut, "wrap %zu/%zu: no wrap inside a Chinese move", k, i) || (diagf("%s", out), 0);
		ok(!trailing, "wrap %zu/%zu: no line ends in a space", k, i) || (diagf("%s", out), 0);
		ok(!too_wide, "wrap %zu/%zu: no line past 80 columns but one token", k, i) ||
			(diagf("%s", out), 0);

		after.n = 0;
		after.s[0] = '\0';
		r = xq_reader_open_mem(out, len, &o, &err);
		if (r && xq_reader_next(r, &back) == 1) {
			add(&after, back->root.comment ? back->root.comment : "");
			ser_line(&after, back->root.child, 0);
		}
		ok(!strcmp(before.s, after.s), "wrap %zu/%zu: read back, the same moves and comments", k, i) ||
			(diagf("wrote:\n%s\nwant: %s\ngot:  %s", out, before.s, after.s), 0);
		if (back)
			xq_game_free(back);
		if (r)
			xq_reader_close(r);
		free(out);
		xq_game_free(g);
	}
}

static void registry(void)
{
	ok(xq_format_find("PGN") && !strcmp(xq_format_find("PGN")->name, "pgn"), "registry: pgn by name");
	ok(xq_format_find("txt") && !strcmp(xq_format_find("txt")->name, "text"), "registry: text by extension");
	ok(xq_format_by_filename("a/b.c/games.PGN.gz") == xq_format_find("pgn"), "registry: by file name");
	ok(xq_format_by_filename("noext") == NULL, "registry: no extension");
	/* html: the page writer by name, DhtmlXQ blocks when reading */
	ok(xq_format_find("html") && xq_format_find("html")->write && !xq_format_find("html")->read,
	   "registry: html is the page writer");
	ok(xq_format_find_reader("html") == xq_format_find("dhtmlxq"), "registry: html read as dhtmlxq");
	ok(xq_format_find_reader("htm") == xq_format_find("dhtmlxq"), "registry: htm read as dhtmlxq");
	ok(xq_format_by_filename("g/page.html") == xq_format_find("html"), "registry: .html written as a page");
	ok(xq_format_reader_by_filename("g/page.HTML") == xq_format_find("dhtmlxq"), "registry: .html read as dhtmlxq");
	ok(xq_format_reader_by_filename("a.pgn") == xq_format_find("pgn"), "registry: readers by file name");
	int n = 0;
	for (int i = 0; xq_formats[i]; i++)
		n++;
	ok(n >= 2, "registry: %d formats", n);
}

/*
 * The movetext lines read in a run (pgn_read() takes the plain lines after
 * a movetext line in one run across them, through xq_reader_ready_text()
 * and xq__mt_lines()) against the general line reader: the same text with
 * CR LF line ends, which the run leaves to xq_reader_getline(), has the
 * same transcript (transcript.h: games, moves, places, comments, results,
 * what stood after them, problems and their places).
 */
static const struct {
	const char *name, *text;
	int games;
} line_cases[] = {
	{ "one move a line", "[Event \"a\"]\n\n1.\nH2-E2\nH9-G7\n2.\nH0-G2\nI9-H9\n*\n", 1 },
	{ "a pair a line", "[Event \"a\"]\n\n  1. H2-E2  H9-G7\n  2. H0-G2  I9-H9\n\t3. I0-H0 *\n", 1 },
	{ "a comment over lines", "1. h2e2 {a comment\nover two lines} h9g7\nh0g2\ni9h9\n", 1 },
	{ "a comment opened at a line's end", "h2e2 h9g7 {open\n}\nh0g2\n", 1 },
	{ "an escape line", "h2e2\n% escape\nh9g7\n%\nh0g2\n", 1 },
	{ "a tag after moves", "h2e2\nh9g7\n[Event \"2\"]\n\nh0g2\n", 2 },
	{ "a new game after a blank line", "1. h2e2 h9g7\n2. h0g2\n\n1. c3c4\nb9c7\n", 2 },
	{ "text after the result", "1. h2e2 h9g7 1-0\nsome text\nmore\n[Event \"x\"]\nc3c4\n", 2 },
	{ "a comment line", "h2e2\n{comment line}\nh9g7\n{a}{b}\nh0g2\n", 1 },
	{ "bad and illegal moves", "h2e2\nh9g7\nzz9\nh2e3\nh0g2\n", 1 },
	{ "a variation over lines", "1. h2e2 (1. c3c4\nb9c7\n) h9g7\n2. h0g2 (2. b0c2\n(2. c3c4)\n)\n", 1 },
	{ "Chinese lines", "1. 炮二平五\n马８进７\n2.\n马二进三\n车９平８\n", 1 },
	{ "a blank line of spaces", "h2e2\n   \nh9g7\n\t\nh0g2\n", 1 },
	{ "a result alone", "1. h2e2 h9g7\n2. h0g2\n1-0\n\n1. c3c4\n", 2 },
	{ "a semicolon comment", "h2e2 ; the rest\nh9g7 ;\n;line\nh0g2\n", 1 },
	{ "no line end at the end", "h2e2\nh9g7\nh0g2", 1 },
	{ "NAGs and marks", "h2e2\n$1\nh9g7!?\n$14 h0g2\n", 1 },
	{ "a close without an open", "h2e2\n)\nh9g7\n}\nh0g2\n", 1 },
	{ "a line that starts with a mark", "h2e2\n!h9g7\n-h0g2\n*\n", 1 },
	{ "a variation left open", "1. h2e2 (1. c3c4\nb9c7\n", 1 },
	{ "a line of dots", "1. h2e2\n1...\nh9g7\n2..\n", 1 },
	{ "a line with a NUL", "h2e2\nh9\001g7\nh0g2\n", 1 },
	{ "a Chinese line that is no move", "h2e2\n中国象棋\nh9g7\n", 1 },
	{ "a Chinese line with the result", "1. 炮二平五\n马８进７ 1-0\n后记\n", 1 },
	{ "a full-width digit first", "1. 炮二平五\n１. 马８进７\n", 1 },
	{ "a CR LF among LFs", "1.\nh2e2\nh9g7\r\n2.\nh0g2\r\ni9h9\n*\n", 1 },
};

/* text as read with LF (but where it has CR LF) and with CR LF line ends
 * only: games, the same */
static void line_run_case(const char *name, const char *text, int games)
{
	static struct transcript lf, crlf;
	static char in[65536];
	size_t n = 0;
	for (const char *p = text; *p && n + 2 < sizeof in; p++) {
		if (*p == '\n' && (p == text || p[-1] != '\r'))
			in[n++] = '\r';
		in[n++] = *p;
	}
	in[n] = '\0';
	int a = transcribe(text, strlen(text), "pgn", &lf),
	    b = transcribe(in, n, "pgn", &crlf);
	ok(a == games && b == a && lf.n > 0 && !strcmp(lf.s, crlf.s),
	   "line runs: %s: %d games, the same as with CR LF", name, a) ||
		(diagf("LF (%d games):\n%s\nCR LF (%d games):\n%s", a, lf.s, b, crlf.s), 0);
}

static void line_runs(void)
{
	static char deep[32768];
	size_t n = 0;
	for (size_t i = 0; i < sizeof line_cases / sizeof *line_cases; i++)
		line_run_case(line_cases[i].name, line_cases[i].text, line_cases[i].games);
	/* variations nested past the limit over lines: the deep text kept
	 * as written, line ends and all, as one comment */
	n += (size_t)snprintf(deep + n, sizeof deep - n, "1. h2e2 h9g7 (c3c4\n");
	for (int d = 1; d < MT_MAX_DEPTH + 3; d++)
		n += (size_t)snprintf(deep + n, sizeof deep - n, "b9c7 (c3c4\n");
	for (int d = 0; d < MT_MAX_DEPTH + 3; d++)
		n += (size_t)snprintf(deep + n, sizeof deep - n, ")\n");
	snprintf(deep + n, sizeof deep - n, "h0g2\nb9c7 1-0\n");
	line_run_case("variations nested past the limit", deep, 1);
	/* a game longer than the run takes at once (LINES_AT_ONCE, 4096
	 * bytes), a move and a number a line, horses out and back; a CR LF
	 * past the first 4096 bytes, a variation and a comment near the end */
	n = 0;
	for (int k = 1; k <= 260; k++)
		n += (size_t)snprintf(deep + n, sizeof deep - n, "%d.\n%s\n%s\n", k,
				      k % 2 ? "h0g2" : "g2h0", k % 2 ? "h9g7" : "g7h9");
	snprintf(deep + n, sizeof deep - n,
		 "261.\nh0g2\r\nh9g7\n262. c3c4 (262. b0c2\nb9c7)\n{a comment}\nb9c7\n*\n");
	line_run_case("a game longer than one run", deep, 1);
	/* a lone CR (an old Mac line end) in a line the run could reach:
	 * that line is the reader's, which splits it there */
	static const char lone[] = "1.\nh2e2\nh9g7\rh0g2\ni9h9\n*\n";
	static struct transcript t;
	ok(transcribe(lone, strlen(lone), "pgn", &t) == 1 &&
	   strstr(t.s, " h2e2@2:1=h2e2 h9g7@3:1=h9g7 h0g2@4:1=h0g2 i9h9@5:1=i9h9"),
	   "line runs: a lone CR splits its line, as the reader splits it") ||
		(diagf("%s", t.s), 0);
}

int main(void)
{
	table();
	locations();
	tags();
	writing();
	registry();
	comment_round_trip();
	wrapping();
	line_runs();
	return done_testing();
}
