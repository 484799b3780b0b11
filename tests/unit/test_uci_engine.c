/*
 * test_uci_engine.c - lib/uci_engine.c: sessions fed a script of lines,
 * their replies compared whole (at fixed depth or nodes, one thread, the
 * nps and time of the info lines left out as they vary), quit, the end of
 * the input with a search running, an infinite search and stop, two
 * sessions side by side, and the refusals of xq_uci_session_new().
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "tap.h"
#include "xq.h"

static const struct session_case {
	const char *name, *script, *want;
} session_cases[] = {
	{ "the handshake, then a search at depth 4",
	  "uci\n"
	  "isready\n"
	  "position startpos moves h2e2\n"
	  "go depth 4\n",
	  "id name xqengine 0.1.0\n"
	  "id author the xqtools authors\n"
	  "option name Hash type spin default 16 min 1 max 4096\n"
	  "option name Threads type spin default 1 min 1 max 64\n"
	  "option name Clear Hash type button\n"
	  "option name UCI_Variant type combo default xiangqi var xiangqi\n"
	  "uciok\n"
	  "readyok\n"
	  "info depth 1 seldepth 6 score cp 147 nodes 113 pv i9i8\n"
	  "info depth 2 seldepth 6 score cp -59 nodes 483 pv i9i8 e2e6\n"
	  "info depth 3 seldepth 9 score cp 28 nodes 1206 pv i9i8 e2e6 i8f8\n"
	  "info depth 4 seldepth 9 score cp -11 nodes 5510 pv b7b3 i0i1 b3e3 e2e6 i9i8\n"
	  "bestmove b7b3 ponder i0i1\n" },
	{ "mate in one is score mate 1",
	  "position fen 3rkr3/R8/9/3N5/9/9/9/9/9/3K5 w\n"
	  "go depth 3\n",
	  "info depth 1 seldepth 1 score mate 1 nodes 18 pv a8e8\n"
	  "bestmove a8e8\n" },
	{ "being mated: mate -1",
	  "position fen 4k4/9/9/9/9/9/9/9/4R4/3K5 b\n"
	  "go depth 3\n",
	  "info depth 1 seldepth 1 score cp -1196 nodes 2 pv e9f9\n"
	  "info depth 2 seldepth 2 score mate -1 nodes 19 pv e9f9 e1e8\n"
	  "bestmove e9f9 ponder e1e8\n" },
	{ "no legal move: bestmove (none)",
	  "position fen 3k5/8R/9/9/9/9/9/9/9/4K4 b\n"
	  "go depth 3\n",
	  "bestmove (none)\n" },
	{ "bad positions and moves",
	  "position\n"
	  "position foo\n"
	  "position fen xyz\n"
	  "position startpos moves h2e2 zz h9g7\n"
	  "position startpos extra\n"
	  "go depth 1\n",
	  "info string position: startpos or fen expected\n"
	  "info string position: startpos or fen expected, not 'foo'\n"
	  "info string position: invalid FEN 'xyz': column 1: unknown piece letter 'x'\n"
	  "info string position: move 'zz': 'zz': not a UCI move (expected file a..i, rank 0..9, twice, as h2e2 or H2-E2); the moves from there on are ignored\n"
	  "info string position: 'moves' expected, not 'extra'\n"
	  "info depth 1 seldepth 5 score cp 63 nodes 105 pv b2b5\n"
	  "bestmove b2b5\n" },
	{ "bad go words and unknown commands",
	  "go depth\n"
	  "go depth x\n"
	  "foo bar\n"
	  "\n"
	  "   \n"
	  "debug on\n"
	  "register later\n"
	  "position startpos\n"
	  "go depth 2 wibble\n",
	  "info string go: depth needs a number\n"
	  "info string go: depth: not a number: 'x'\n"
	  "info string unknown command 'foo'\n"
	  "info string go: unknown word 'wibble' ignored\n"
	  "info depth 1 seldepth 5 score cp 63 nodes 105 pv b2b5\n"
	  "info depth 2 seldepth 7 score cp 10 nodes 927 pv b2b5 c6c5\n"
	  "bestmove b2b5 ponder c6c5\n" },
	{ "setoption",
	  "setoption name Hash value 0\n"
	  "setoption name Hash value 8\n"
	  "setoption name Threads value 99\n"
	  "setoption name Threads value 1\n"
	  "setoption name UCI_Variant value chess\n"
	  "setoption name uci_variant value Xiangqi\n"
	  "setoption name Clear Hash\n"
	  "setoption name Foo Bar value 3\n"
	  "setoption\n"
	  "setoption foo\n",
	  "info string setoption: Hash must be 1..4096\n"
	  "info string setoption: Threads must be 1..64\n"
	  "info string setoption: only the variant xiangqi is played\n"
	  "info string setoption: unknown option 'Foo Bar' ignored\n"
	  "info string setoption: 'name' expected\n"
	  "info string setoption: 'name' expected\n" },
	{ "searchmoves up to the next keyword",
	  "position startpos\n"
	  "go searchmoves a0a1 h2e2 b2e2 depth 3\n",
	  "info depth 1 seldepth 4 score cp -60 nodes 13 pv b2e2\n"
	  "info depth 2 seldepth 7 score cp -147 nodes 270 pv b2e2 a9a8\n"
	  "info depth 3 seldepth 7 score cp 59 nodes 1075 pv b2e2 a9a8 e2e6\n"
	  "bestmove b2e2 ponder a9a8\n" },
	{ "searchmoves naming no legal move",
	  "position startpos\n"
	  "go searchmoves z9z9 depth 3\n"
	  "go searchmoves\n",
	  "info string go: unknown word 'z9z9' ignored\n"
	  "info string go: searchmoves names no legal move\n"
	  "info string go: searchmoves names no legal move\n" },
	{ "repetitions of the game reach the search",
	  "position startpos moves h2e2 h9g7 h0g2 g7h9 g2h0 h9g7 h0g2 g7h9 g2h0\n"
	  "go depth 4\n",
	  "info depth 1 seldepth 6 score cp 147 nodes 112 pv i9i8\n"
	  "info depth 2 seldepth 6 score cp 0 nodes 454 pv h9g7\n"
	  "info depth 3 seldepth 6 score cp 0 nodes 1130 pv h9g7\n"
	  "info depth 4 seldepth 9 score cp 0 nodes 3797 pv h9g7\n"
	  "bestmove h9g7\n" },
	{ "go nodes",
	  "position startpos moves h2e2 h7e7\n"
	  "go nodes 3000\n",
	  "info depth 1 seldepth 6 score cp 98 nodes 84 pv i0i1\n"
	  "info depth 2 seldepth 7 score cp 98 nodes 596 pv e2e6 e7e3 i0i1\n"
	  "info depth 3 seldepth 9 score cp 32 nodes 2193 pv b0c2 b7b4 e2e6 f9e8\n"
	  "bestmove b0c2 ponder b9c7\n" },
	{ "ucinewgame resets the position",
	  "position startpos moves h2e2\n"
	  "ucinewgame\n"
	  "go depth 2\n",
	  "info depth 1 seldepth 5 score cp 63 nodes 105 pv b2b5\n"
	  "info depth 2 seldepth 7 score cp 10 nodes 927 pv b2b5 c6c5\n"
	  "bestmove b2b5 ponder c6c5\n" },
};

/* The replies of a session, one a line, " nps N time N" left out. */
static void collect(void *data, const char *line)
{
	struct xq__buf *b = data;
	const char *nps = strstr(line, " nps ");
	if (nps && !strncmp(line, "info depth ", 11)) {
		const char *p = nps + 5;
		while (isdigit((unsigned char)*p))
			p++;
		if (!strncmp(p, " time ", 6)) {
			xq__buf_put(b, line, (size_t)(nps - line));
			for (p += 6; isdigit((unsigned char)*p); p++)
				;
			line = p;
		}
	}
	xq__buf_puts(b, line);
	xq__buf_puts(b, "\n");
}

/* Feed the script's lines; 1 when every line returned 1. */
static int feed(struct xq_uci_session *s, const char *script)
{
	int all = 1;
	while (*script) {
		char line[512];
		size_t n = strcspn(script, "\n");
		snprintf(line, sizeof line, "%.*s\n", (int)n, script);
		all &= xq_uci_session_line(s, line) == 1;
		script += n + (script[n] == '\n');
	}
	return all;
}

static struct xq_uci_session *open_session(struct xq__buf *b)
{
	struct xq_uci_session_opts o = { .reply = collect, .reply_data = b };
	int err = 1;
	struct xq_uci_session *s = xq_uci_session_new(&o, &err);
	ok(s && err == 0, "a session");
	return s;
}

int main(void)
{
	for (size_t i = 0; i < sizeof session_cases / sizeof session_cases[0]; i++) {
		const struct session_case *c = &session_cases[i];
		struct xq__buf b = { 0 };
		struct xq_uci_session *s = open_session(&b);
		if (!s)
			continue;
		ok(feed(s, c->script), "%s: every line read on", c->name);
		xq_uci_session_end(s, 0);
		is_str(b.p ? b.p : "", c->want, "%s: the replies whole", c->name);
		xq_uci_session_free(s);
		xq__buf_free(&b);
	}

	/* quit: 0, and nothing more is read */
	{
		struct xq__buf b = { 0 };
		struct xq_uci_session *s = open_session(&b);
		is_int(xq_uci_session_line(s, "isready"), 1, "isready: read on");
		is_int(xq_uci_session_line(s, "  quit  \r\n"), 0, "quit: 0");
		is_str(b.p ? b.p : "", "readyok\n", "quit answers nothing");
		xq_uci_session_free(s);
		xq__buf_free(&b);
	}

	/* go infinite answers only when stopped; isready meanwhile at once */
	{
		struct xq__buf b = { 0 };
		struct xq_uci_session *s = open_session(&b);
		feed(s, "position startpos\ngo infinite\nisready\n");
		feed(s, "stop\n");
		const char *best = b.p ? strstr(b.p, "bestmove ") : NULL;
		ok(b.p && strstr(b.p, "readyok\n") && best && strstr(b.p, "readyok\n") < best,
		   "infinite: readyok before the bestmove, which comes with stop");
		ok(best && !strchr(best, '\n')[1], "the bestmove is the last line");
		xq_uci_session_free(s);
		xq__buf_free(&b);
	}

	/* the end of the input stops an infinite search; free stops any */
	{
		struct xq__buf b = { 0 }, c = { 0 };
		struct xq_uci_session *s = open_session(&b), *t = open_session(&c);
		feed(s, "go infinite\n");
		xq_uci_session_end(s, 0);
		ok(b.p && strstr(b.p, "bestmove "), "the end of the input: an infinite search answers");
		feed(t, "go depth 60\n");
		xq_uci_session_free(t);
		ok(c.p && strstr(c.p, "bestmove "), "free: a long search stopped and answered");
		xq_uci_session_free(s);
		xq__buf_free(&b);
		xq__buf_free(&c);
	}

	/* two sessions side by side keep their own positions */
	{
		struct xq__buf b = { 0 }, c = { 0 };
		struct xq_uci_session *s = open_session(&b), *t = open_session(&c);
		feed(s, "position startpos moves h2e2\n");
		feed(t, "position fen 3rkr3/R8/9/3N5/9/9/9/9/9/3K5 w\n");
		feed(s, "go depth 4\n");
		xq_uci_session_end(s, 0);
		feed(t, "go depth 3\n");
		xq_uci_session_end(t, 0);
		is_str(b.p ? b.p : "", strstr(session_cases[0].want, "info depth"), "first session: its own search");
		is_str(c.p ? c.p : "", session_cases[1].want, "second session: its own search");
		xq_uci_session_free(s);
		xq_uci_session_free(t);
		xq__buf_free(&b);
		xq__buf_free(&c);
	}

	/* refusals */
	{
		struct xq__buf b = { 0 };
		struct xq_uci_session_opts o = { .reply = NULL };
		int err = 0;
		ok(!xq_uci_session_new(&o, &err) && err == XQ_EINVAL, "no reply function: XQ_EINVAL");
		o.reply = collect;
		o.reply_data = &b;
		o.hash_mb = XQ_UCI_HASH_MAX + 1;
		ok(!xq_uci_session_new(&o, &err) && err == XQ_EINVAL, "hash past its maximum: XQ_EINVAL");
		o.hash_mb = 1;
		o.threads = XQ_UCI_THREADS_MAX + 1;
		ok(!xq_uci_session_new(&o, &err) && err == XQ_EINVAL, "threads past their maximum: XQ_EINVAL");
		o.threads = XQ_UCI_THREADS_MAX;
		o.name = "my engine 2";
		o.author = "me";
		struct xq_uci_session *s = xq_uci_session_new(&o, &err);
		ok(s && err == 0, "hash 1 MB, the most threads: a session");
		feed(s, "uci\n");
		const char *id = "id name my engine 2\nid author me\n";
		ok(b.p && !strncmp(b.p, id, strlen(id)), "the name and author given");
		xq_uci_session_free(s);
		xq_uci_session_free(NULL);
		xq__buf_free(&b);
	}
	return done_testing();
}
