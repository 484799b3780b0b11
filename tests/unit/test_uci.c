/*
 * test_uci.c - lib/uci.c: engine lines parsed (table-driven, every kind
 * and the info fields in each dialect), dialect detection, coordinates
 * both ways, the commands formatted, and their edges.
 */
#include <string.h>

#include "tap.h"
#include "xq.h"

#define M(n) (XQ_SCORE_MATE - (n))

static const struct parse_case {
	const char *line;
	enum xq_uci_dialect d;
	enum xq_uci_kind kind;
	unsigned has;           /* info fields expected (exactly) */
	int depth, score, bound, npv;
	long long nodes, time;
	const char *text;       /* text, best move, or first pv move */
	const char *last;       /* ponder move or last pv move */
} parse_cases[] = {
	{ "", XQ_UCI_PIKAFISH, XQ_UCI_EMPTY, 0, 0, 0, 0, 0, 0, 0, NULL, NULL },
	{ "   \t ", XQ_UCI_PIKAFISH, XQ_UCI_EMPTY, 0, 0, 0, 0, 0, 0, 0, NULL, NULL },
	{ "Fairy-Stockfish 11.1 LB 64 by Fabian Fichter", XQ_UCI_FSF, XQ_UCI_UNKNOWN, 0, 0, 0, 0, 0, 0, 0, NULL, NULL },
	{ "id name Fairy-Stockfish 11.1 LB 64", XQ_UCI_AUTO, XQ_UCI_ID_NAME, 0, 0, 0, 0, 0, 0, 0, "Fairy-Stockfish 11.1 LB 64", NULL },
	{ "id   author  Fabian Fichter  ", XQ_UCI_AUTO, XQ_UCI_ID_AUTHOR, 0, 0, 0, 0, 0, 0, 0, "Fabian Fichter", NULL },
	{ "id", XQ_UCI_AUTO, XQ_UCI_BAD, 0, 0, 0, 0, 0, 0, 0, "id without a field", NULL },
	{ "id colour blue", XQ_UCI_AUTO, XQ_UCI_UNKNOWN, 0, 0, 0, 0, 0, 0, 0, NULL, NULL },
	{ "uciok", XQ_UCI_AUTO, XQ_UCI_UCIOK, 0, 0, 0, 0, 0, 0, 0, "uciok", NULL },
	{ "ucciok\r", XQ_UCI_AUTO, XQ_UCI_UCIOK, 0, 0, 0, 0, 0, 0, 0, "ucciok", NULL },
	{ "readyok", XQ_UCI_AUTO, XQ_UCI_READYOK, 0, 0, 0, 0, 0, 0, 0, NULL, NULL },
	{ "option name Hash type spin default 16 min 1 max 33554432", XQ_UCI_AUTO, XQ_UCI_OPTION, 0, 0, 0, 0, 0, 0, 0, "Hash", NULL },
	{ "option name Skill Level type spin default 20 min -20 max 20", XQ_UCI_AUTO, XQ_UCI_OPTION, 0, 0, 0, 0, 0, 0, 0, "Skill Level", NULL },
	{ "option usemillisec type check default false", XQ_UCI_UCCI, XQ_UCI_OPTION, 0, 0, 0, 0, 0, 0, 0, "usemillisec", NULL },
	{ "option type spin", XQ_UCI_AUTO, XQ_UCI_BAD, 0, 0, 0, 0, 0, 0, 0, "option without a name", NULL },
	{ "info depth 8 seldepth 9 multipv 1 score cp 28 nodes 14520 nps 156129 tbhits 0 time 93 pv b10c8 h1g3 c7c6",
	  XQ_UCI_FSF, XQ_UCI_INFO,
	  XQ_UCI_HAS_DEPTH | XQ_UCI_HAS_SELDEPTH | XQ_UCI_HAS_MULTIPV | XQ_UCI_HAS_SCORE | XQ_UCI_HAS_NODES | XQ_UCI_HAS_TIME | XQ_UCI_HAS_PV,
	  8, 28, 0, 3, 14520, 93, "b10c8", "c7c6" },
	{ "info depth 5 score cp -40 lowerbound nodes 10", XQ_UCI_PIKAFISH, XQ_UCI_INFO,
	  XQ_UCI_HAS_DEPTH | XQ_UCI_HAS_SCORE | XQ_UCI_HAS_NODES, 5, -40, 1, 0, 10, 0, NULL, NULL },
	{ "info score upperbound cp 7", XQ_UCI_PIKAFISH, XQ_UCI_INFO, XQ_UCI_HAS_SCORE, 0, 7, -1, 0, 0, 0, NULL, NULL },
	{ "info depth 3 score mate 2 pv h2e2", XQ_UCI_PIKAFISH, XQ_UCI_INFO,
	  XQ_UCI_HAS_DEPTH | XQ_UCI_HAS_SCORE | XQ_UCI_HAS_PV, 3, M(3), 0, 1, 0, 0, "h2e2", "h2e2" },
	{ "info score mate -3", XQ_UCI_PIKAFISH, XQ_UCI_INFO, XQ_UCI_HAS_SCORE, 0, -M(6), 0, 0, 0, 0, NULL, NULL },
	{ "info depth 0 score mate 0", XQ_UCI_FSF, XQ_UCI_INFO, XQ_UCI_HAS_DEPTH | XQ_UCI_HAS_SCORE, 0, -M(0), 0, 0, 0, 0, NULL, NULL },
	{ "info depth 6 score 23 pv h2e2 h9g7", XQ_UCI_UCCI, XQ_UCI_INFO,
	  XQ_UCI_HAS_DEPTH | XQ_UCI_HAS_SCORE | XQ_UCI_HAS_PV, 6, 23, 0, 2, 0, 0, "h2e2", "h9g7" },
	{ "info depth 6 score 9995", XQ_UCI_UCCI, XQ_UCI_INFO, XQ_UCI_HAS_DEPTH | XQ_UCI_HAS_SCORE, 6, M(5), 0, 0, 0, 0, NULL, NULL },
	{ "info depth 6 score -9996", XQ_UCI_UCCI, XQ_UCI_INFO, XQ_UCI_HAS_DEPTH | XQ_UCI_HAS_SCORE, 6, -M(4), 0, 0, 0, 0, NULL, NULL },
	{ "info depth 6 score 777777777777779995", XQ_UCI_UCCI, XQ_UCI_INFO, XQ_UCI_HAS_DEPTH | XQ_UCI_HAS_SCORE, 6, M(0), 0, 0, 0, 0, NULL, NULL },
	{ "info depth 6 score -20000", XQ_UCI_UCCI, XQ_UCI_INFO, XQ_UCI_HAS_DEPTH | XQ_UCI_HAS_SCORE, 6, -M(0), 0, 0, 0, 0, NULL, NULL },
	{ "info depth 6 score 9995", XQ_UCI_PIKAFISH, XQ_UCI_INFO, XQ_UCI_HAS_DEPTH | XQ_UCI_HAS_SCORE, 6, 9995, 0, 0, 0, 0, NULL, NULL },
	{ "info score cp 999999999", XQ_UCI_PIKAFISH, XQ_UCI_INFO, XQ_UCI_HAS_SCORE, 0, XQ_SCORE_MATE - 1001, 0, 0, 0, 0, NULL, NULL },
	{ "info string hello  world ", XQ_UCI_PIKAFISH, XQ_UCI_INFO, XQ_UCI_HAS_STRING, 0, 0, 0, 0, 0, 0, "hello  world", NULL },
	{ "info currmove h2e2 currmovenumber 3 hashfull 12", XQ_UCI_PIKAFISH, XQ_UCI_INFO, 0, 0, 0, 0, 0, 0, 0, NULL, NULL },
	{ "info depth many", XQ_UCI_PIKAFISH, XQ_UCI_BAD, 0, 0, 0, 0, 0, 0, 0, "info depth needs a number", NULL },
	{ "info depth", XQ_UCI_PIKAFISH, XQ_UCI_BAD, 0, 0, 0, 0, 0, 0, 0, "info depth needs a number", NULL },
	{ "info nodes -5", XQ_UCI_PIKAFISH, XQ_UCI_BAD, 0, 0, 0, 0, 0, 0, 0, "info nodes needs a number", NULL },
	{ "info score cp", XQ_UCI_PIKAFISH, XQ_UCI_BAD, 0, 0, 0, 0, 0, 0, 0, "info score needs a number", NULL },
	{ "info pv h2e2 nodes 5", XQ_UCI_PIKAFISH, XQ_UCI_INFO, XQ_UCI_HAS_PV | XQ_UCI_HAS_NODES, 0, 0, 0, 1, 5, 0, "h2e2", "h2e2" },
	{ "bestmove h10g8 ponder e3c3", XQ_UCI_FSF, XQ_UCI_BESTMOVE, 0, 0, 0, 0, 0, 0, 0, "h10g8", "e3c3" },
	{ "bestmove b0c2", XQ_UCI_PIKAFISH, XQ_UCI_BESTMOVE, 0, 0, 0, 0, 0, 0, 0, "b0c2", "" },
	{ "bestmove (none)", XQ_UCI_FSF, XQ_UCI_NOBESTMOVE, 0, 0, 0, 0, 0, 0, 0, NULL, NULL },
	{ "bestmove 0000", XQ_UCI_PIKAFISH, XQ_UCI_NOBESTMOVE, 0, 0, 0, 0, 0, 0, 0, NULL, NULL },
	{ "nobestmove", XQ_UCI_UCCI, XQ_UCI_NOBESTMOVE, 0, 0, 0, 0, 0, 0, 0, NULL, NULL },
	{ "bestmove", XQ_UCI_PIKAFISH, XQ_UCI_BAD, 0, 0, 0, 0, 0, 0, 0, "bestmove without a move", NULL },
	{ "bestmove !!!", XQ_UCI_PIKAFISH, XQ_UCI_BAD, 0, 0, 0, 0, 0, 0, 0, "bestmove '!!!' is no move", NULL },
	{ "bestmove j0j1", XQ_UCI_PIKAFISH, XQ_UCI_BAD, 0, 0, 0, 0, 0, 0, 0, "bestmove 'j0j1' is no move", NULL },
	{ "bestmovex", XQ_UCI_PIKAFISH, XQ_UCI_UNKNOWN, 0, 0, 0, 0, 0, 0, 0, NULL, NULL },
};

static void parsing(void)
{
	for (size_t i = 0; i < sizeof parse_cases / sizeof parse_cases[0]; i++) {
		const struct parse_case *c = &parse_cases[i];
		struct xq_uci_msg m;
		enum xq_uci_kind k = xq_uci_parse(c->line, strlen(c->line), c->d, &m);
		int good = k == c->kind && m.kind == c->kind;
		if (c->kind == XQ_UCI_INFO)
			good = good && m.has == c->has && m.depth == c->depth && m.score == c->score &&
			       m.bound == c->bound && m.npv == c->npv && (long long)m.nodes == c->nodes &&
			       m.time_ms == c->time;
		if (c->kind == XQ_UCI_INFO && c->npv)
			good = good && !strcmp(m.pv[0], c->text) && !strcmp(m.pv[m.npv - 1], c->last);
		else if (c->kind == XQ_UCI_BESTMOVE)
			good = good && !strcmp(m.best, c->text) && !strcmp(m.ponder, c->last);
		else if (c->text)
			good = good && !strcmp(m.text, c->text);
		ok(good, "parse '%s' (%s)", c->line, xq_uci_dialect_name(c->d));
		if (!good)
			diagf("kind %d has %#x depth %d score %d bound %d npv %d nodes %llu time %lld text '%s' best '%s'",
			      k, m.has, m.depth, m.score, m.bound, m.npv, (unsigned long long)m.nodes,
			      (long long)m.time_ms, m.text, m.best);
	}
	/* a pv longer than XQ_MAX_PV is cut, the rest of the line still read */
	char line[2000] = "info pv";
	for (int i = 0; i < XQ_MAX_PV + 10; i++)
		strcat(line, i % 2 ? " h9g7" : " h2e2");
	strcat(line, " depth 4");
	struct xq_uci_msg m;
	xq_uci_parse(line, strlen(line), XQ_UCI_PIKAFISH, &m);
	is_int(m.npv, XQ_MAX_PV, "pv cut at XQ_MAX_PV moves");
	is_int(m.depth, 4, "a field after a long pv is read");
	/* the line is taken up to len, not to a NUL */
	xq_uci_parse("uciok trailing", 5, XQ_UCI_AUTO, &m);
	is_int(m.kind, XQ_UCI_UCIOK, "len bounds the line");
	/* an option combo with xiangqi */
	const char *opt = "option name UCI_Variant type combo default chess var 3check var xiangqi var janggi";
	xq_uci_parse(opt, strlen(opt), XQ_UCI_AUTO, &m);
	ok(m.opt_xiangqi && !strcmp(m.opt_type, "combo") && !strcmp(m.opt_default, "chess"),
	   "UCI_Variant combo offering xiangqi");
	opt = "option name UCI_Variant type combo default chess var chess var shogi";
	xq_uci_parse(opt, strlen(opt), XQ_UCI_AUTO, &m);
	ok(!m.opt_xiangqi, "a UCI_Variant without xiangqi");
	/* a text longer than the buffer is cut, NUL-terminated */
	char longname[600] = "id name ";
	memset(longname + 8, 'x', 500);
	longname[508] = '\0';
	xq_uci_parse(longname, strlen(longname), XQ_UCI_AUTO, &m);
	is_int(strlen(m.text), XQ_UCI_TEXT_MAX - 1, "a long id name is cut to XQ_UCI_TEXT_MAX - 1");
}

static const struct detect_case {
	const char *lines[4];
	enum xq_uci_dialect want;
} detect_cases[] = {
	{ { "id name Fairy-Stockfish 11.1 LB 64", "uciok" }, XQ_UCI_FSF },
	{ { "id name Pikafish 2023-06-01", "uciok" }, XQ_UCI_PIKAFISH },
	{ { "id name ElephantEye 3.31", "ucciok" }, XQ_UCI_UCCI },
	{ { "id name SomeEngine", "ucciok" }, XQ_UCI_UCCI },
	{ { "id name Sjaak II 1.4.1", "option name UCI_Variant type combo default chess var xiangqi", "uciok" }, XQ_UCI_FSF },
	{ { "id name xqengine 0.1.0", "option name UCI_Variant type combo default xiangqi var xiangqi", "uciok" },
	  XQ_UCI_PIKAFISH },
	{ { "id name XQEngine", "uciok" }, XQ_UCI_PIKAFISH },
	{ { "id name xqengines 2", "uciok" }, XQ_UCI_AUTO },
	{ { "id name Other", "option name UCI_Variant type combo default xiangqi var xiangqi", "uciok" }, XQ_UCI_AUTO },
	{ { "id name Other", "option name UCI_Variant type combo default xiangqi var xiangqi var shogi", "uciok" },
	  XQ_UCI_FSF },
	{ { "id name Pikafish", "option name UCI_Variant type combo default chess var chess var xiangqi", "uciok" },
	  XQ_UCI_PIKAFISH },
	{ { "id name Other", "option name UCI_Variant type combo default chess var chess", "uciok" }, XQ_UCI_AUTO },
	{ { "option name Hash type spin default 16", "uciok" }, XQ_UCI_AUTO },
};

static void detection(void)
{
	for (size_t i = 0; i < sizeof detect_cases / sizeof detect_cases[0]; i++) {
		enum xq_uci_dialect d = XQ_UCI_AUTO;
		for (int j = 0; j < 4 && detect_cases[i].lines[j]; j++) {
			struct xq_uci_msg m;
			xq_uci_parse(detect_cases[i].lines[j], strlen(detect_cases[i].lines[j]), d, &m);
			xq_uci_detect(&d, &m);
		}
		is_int(d, detect_cases[i].want, "detect from '%s'", detect_cases[i].lines[0]);
	}
	enum xq_uci_dialect d;
	static const char *const names[] = { "auto", "uci", "fsf", "ucci", "Pikafish", "UCI10", "fairy-stockfish", "ElephantEye" };
	static const enum xq_uci_dialect want[] = { XQ_UCI_AUTO, XQ_UCI_PIKAFISH, XQ_UCI_FSF, XQ_UCI_UCCI,
						    XQ_UCI_PIKAFISH, XQ_UCI_FSF, XQ_UCI_FSF, XQ_UCI_UCCI };
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		ok(xq_uci_dialect_from_name(names[i], &d) == 0 && d == want[i], "dialect name '%s'", names[i]);
	is_int(xq_uci_dialect_from_name("xboard", &d), XQ_EINVAL, "unknown dialect name");
	is_str(xq_uci_dialect_name(XQ_UCI_FSF), "fsf", "dialect name back");
}

static void moves(void)
{
	struct xq_pos p;
	xq_move m;
	char text[XQ_UCI_MOVE_MAX];
	xq_pos_start(&p);
	static const struct {
		const char *text;
		enum xq_uci_dialect d;
		int rc;
		const char *iccs;
	} cases[] = {
		{ "h2e2", XQ_UCI_PIKAFISH, 0, "h2e2" },
		{ "h2e2", XQ_UCI_UCCI, 0, "h2e2" },
		{ "h3e3", XQ_UCI_FSF, 0, "h2e2" },
		{ "b1c3", XQ_UCI_FSF, 0, "b0c2" },
		{ "a1a3", XQ_UCI_FSF, 0, "a0a2" },
		{ "h2e2", XQ_UCI_FSF, XQ_EILLEGAL, NULL },   /* h1e1 in Pikafish terms: no piece */
		{ "h3e3", XQ_UCI_PIKAFISH, XQ_EILLEGAL, NULL },
		{ "b10c8", XQ_UCI_PIKAFISH, XQ_EINVAL, NULL }, /* rank 10 */
		{ "b0c2", XQ_UCI_FSF, XQ_EINVAL, NULL },       /* rank 0 */
		{ "h2e2x", XQ_UCI_PIKAFISH, XQ_EINVAL, NULL },
		{ "h2e02", XQ_UCI_PIKAFISH, XQ_EINVAL, NULL },  /* no leading zero */
		{ "h03e3", XQ_UCI_FSF, XQ_EINVAL, NULL },
		{ "h2h2", XQ_UCI_PIKAFISH, XQ_EINVAL, NULL },
		{ "j2e2", XQ_UCI_PIKAFISH, XQ_EINVAL, NULL },
		{ "", XQ_UCI_PIKAFISH, XQ_EINVAL, NULL },
		{ "a0a9", XQ_UCI_PIKAFISH, XQ_EILLEGAL, NULL },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		m = XQ_MOVE_NONE;
		int rc = xq_uci_move_parse(&p, cases[i].text, cases[i].d, &m);
		char iccs[5] = "";
		if (rc == 0)
			xq_move_iccs(m, iccs);
		ok(rc == cases[i].rc && (!cases[i].iccs || !strcmp(iccs, cases[i].iccs)),
		   "move '%s' in %s: %d", cases[i].text, xq_uci_dialect_name(cases[i].d), cases[i].rc);
	}
	xq_uci_move_parse(&p, "h2e2", XQ_UCI_PIKAFISH, &m);
	is_int(xq_uci_move_text(m, XQ_UCI_FSF, text), 4, "move text length");
	is_str(text, "h3e3", "move text in FSF ranks");
	xq_uci_move_parse(&p, "b0c2", XQ_UCI_PIKAFISH, &m);
	xq_uci_move_text(m, XQ_UCI_UCCI, text);
	is_str(text, "b0c2", "move text in UCCI ranks");
	struct xq_pos q;
	xq_pos_from_fen(&q, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1", 0, NULL);
	xq_uci_move_parse(&q, "b10c8", XQ_UCI_FSF, &m);
	xq_uci_move_text(m, XQ_UCI_FSF, text);
	is_str(text, "b10c8", "rank 10 both ways");
	xq_uci_move_text(m, XQ_UCI_PIKAFISH, text);
	is_str(text, "b9c7", "the same move in Pikafish ranks");
}

static void commands(void)
{
	char buf[256];
	struct xq_pos p;
	xq_move mv[2];
	xq_pos_start(&p);
	xq_uci_move_parse(&p, "h2e2", XQ_UCI_PIKAFISH, &mv[0]);
	struct xq_undo u;
	xq_make(&p, mv[0], &u);
	xq_uci_move_parse(&p, "h9g7", XQ_UCI_PIKAFISH, &mv[1]);

	is_int(xq_uci_position(buf, sizeof buf, XQ_UCI_PIKAFISH, NULL, NULL, 0), 18, "startpos length");
	is_str(buf, "position startpos\n", "startpos");
	xq_uci_position(buf, sizeof buf, XQ_UCI_PIKAFISH, NULL, mv, 2);
	is_str(buf, "position startpos moves h2e2 h9g7\n", "startpos with moves (ranks 0..9)");
	xq_uci_position(buf, sizeof buf, XQ_UCI_FSF, NULL, mv, 2);
	is_str(buf, "position startpos moves h3e3 h10g8\n", "startpos with moves (ranks 1..10)");
	xq_uci_position(buf, sizeof buf, XQ_UCI_UCCI, "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", NULL, 0);
	is_str(buf, "position fen 4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1\n", "a FEN");
	is_int(xq_uci_position(buf, sizeof buf, XQ_UCI_UCCI, "4k4\nquit", NULL, 0), XQ_EINVAL,
	       "a FEN with a line break is refused");
	/* cut like snprintf: the return says how much was needed */
	int need = xq_uci_position(buf, 10, XQ_UCI_PIKAFISH, NULL, mv, 2);
	ok(need == 34 && strlen(buf) == 9, "a small buffer: cut, NUL-terminated, full length returned");

	struct xq_search_limits lim = { 0 };
	is_int(xq_uci_go(buf, sizeof buf, XQ_UCI_PIKAFISH, &lim), XQ_EINVAL, "go without limits is refused");
	lim.depth = 12;
	xq_uci_go(buf, sizeof buf, XQ_UCI_PIKAFISH, &lim);
	is_str(buf, "go depth 12\n", "go depth");
	lim.nodes = 5000;
	lim.movetime_ms = 250;
	xq_uci_go(buf, sizeof buf, XQ_UCI_FSF, &lim);
	is_str(buf, "go depth 12 nodes 5000 movetime 250\n", "go with all three limits");
	xq_uci_go(buf, sizeof buf, XQ_UCI_UCCI, &lim);
	is_str(buf, "go depth 12\n", "UCCI: depth first");
	lim.depth = 0;
	xq_uci_go(buf, sizeof buf, XQ_UCI_UCCI, &lim);
	is_str(buf, "go nodes 5000\n", "UCCI: then nodes");
	lim.nodes = 0;
	xq_uci_go(buf, sizeof buf, XQ_UCI_UCCI, &lim);
	is_str(buf, "go time 250 movestogo 1\n", "UCCI: go time");
	lim.movetime_ms = -1;
	is_int(xq_uci_go(buf, sizeof buf, XQ_UCI_UCCI, &lim), XQ_EINVAL, "negative time refused");
	/* searchmoves: UCI's coordinates of each dialect; UCCI has none */
	lim.movetime_ms = 0;
	lim.depth = 16;
	lim.searchmoves = mv;
	lim.nsearchmoves = 2;
	xq_uci_go(buf, sizeof buf, XQ_UCI_PIKAFISH, &lim);
	is_str(buf, "go depth 16 searchmoves h2e2 h9g7\n", "go searchmoves (ranks 0..9)");
	lim.nsearchmoves = 1;
	xq_uci_go(buf, sizeof buf, XQ_UCI_FSF, &lim);
	is_str(buf, "go depth 16 searchmoves h3e3\n", "go searchmoves (ranks 1..10)");
	is_int(xq_uci_go(buf, sizeof buf, XQ_UCI_UCCI, &lim), XQ_EINVAL, "UCCI: searchmoves refused");
	lim.searchmoves = NULL;
	is_int(xq_uci_go(buf, sizeof buf, XQ_UCI_FSF, &lim), XQ_EINVAL, "searchmoves without moves refused");

	xq_uci_setoption(buf, sizeof buf, XQ_UCI_FSF, "UCI_Variant", "xiangqi");
	is_str(buf, "setoption name UCI_Variant value xiangqi\n", "setoption UCI");
	xq_uci_setoption(buf, sizeof buf, XQ_UCI_UCCI, "usemillisec", "true");
	is_str(buf, "setoption usemillisec true\n", "setoption UCCI");
	xq_uci_setoption(buf, sizeof buf, XQ_UCI_PIKAFISH, "Clear Hash", NULL);
	is_str(buf, "setoption name Clear Hash\n", "a button option");
	is_int(xq_uci_setoption(buf, sizeof buf, XQ_UCI_PIKAFISH, "Hash", "1\nquit"), XQ_EINVAL,
	       "a value with a line break is refused");
	is_int(xq_uci_setoption(buf, sizeof buf, XQ_UCI_PIKAFISH, "", "1"), XQ_EINVAL, "an empty name is refused");
}

int main(void)
{
	parsing();
	detection();
	moves();
	commands();
	return done_testing();
}
