/*
 * test_engine_process.c - external engines as child processes
 * (lib/engine_process.c) over the fake engines of tests/engines: the
 * handshake and searches, an engine that dies, hangs, speaks garbage or
 * cannot be run, each failure's message with the last thing it said, and
 * never a child left unreaped (waitpid); stop, kill and start again; the
 * engine as the annotation driver's (xq_engine_external), started again
 * after a failure; Fairy-Stockfish when it is installed.  Run from the top
 * of the tree.
 */
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tap.h"
#include "xq.h"

#define E "tests/engines/"

/* No child of ours is left, running or a zombie. */
static int no_children(void)
{
	int status;
	errno = 0;
	return waitpid(-1, &status, WNOHANG) == -1 && errno == ECHILD;
}

static int contains(const char *hay, const char *needle)
{
	return needle && strstr(hay, needle) != NULL;
}

static const struct start_case {
	const char *name;
	const char *argv[3];
	enum xq_uci_dialect dialect;
	int handshake_ms, search_ms;
	const char *option;             /* an option's name (value "1"), or NULL */
	int start_rc;
	const char *start_error;        /* the start's error begins so */
	int good_searches;              /* searches from the start that succeed */
	int fail;                       /* then one more search fails with XQ_EIO */
	const char *search_error;       /* its error holds this */
	const char *last;               /* and the engine's last line is this (NULL: not checked) */
} start_cases[] = {
	{ "a UCI engine: handshake, then searches", { E "die.sh", "99" }, XQ_UCI_AUTO, 0, 0, NULL,
	  0, NULL, 3, 0, NULL, "bestmove a3a4" },
	{ "the dialect forced", { E "die.sh", "99" }, XQ_UCI_PIKAFISH, 0, 0, NULL,
	  0, NULL, 1, 0, NULL, "bestmove a3a4" },
	{ "an option sent", { E "die.sh", "99" }, XQ_UCI_AUTO, 0, 0, "Hash",
	  0, NULL, 1, 0, NULL, "bestmove a3a4" },
	{ "an engine that dies at its second search", { E "die.sh", "2" }, XQ_UCI_AUTO, 0, 0, NULL,
	  0, NULL, 1, 1, "engine 'Dying Engine' died (exit status 3) while we waited for bestmove; it said last: '",
	  NULL },
	{ "an engine that hangs: stopped, then killed", { E "hang.sh" }, XQ_UCI_AUTO, 0, 200, NULL,
	  0, NULL, 0, 1, "engine 'Hanging Engine' gave no bestmove in time; it said last: 'info string thinking forever'",
	  "info string thinking forever" },
	{ "garbage: an illegal best move", { E "garbage.sh", "illegal" }, XQ_UCI_AUTO, 0, 0, NULL,
	  0, NULL, 0, 1, "engine 'Garbage Engine' answered an illegal move 'a0a9' (dialect uci); it said last: 'bestmove a0a9'",
	  "bestmove a0a9" },
	{ "garbage: no move after bestmove", { E "garbage.sh", "nonsense" }, XQ_UCI_AUTO, 0, 0, NULL,
	  0, NULL, 0, 1, "engine 'Garbage Engine' wrote a malformed line (bestmove '!!!' is no move); it said last: 'bestmove !!!'",
	  "bestmove !!!" },
	{ "garbage: a malformed info line", { E "garbage.sh", "malformed" }, XQ_UCI_AUTO, 0, 0, NULL,
	  0, NULL, 0, 1, "wrote a malformed line (info depth needs a number); it said last: 'info depth many score cp 12 pv a3a4'",
	  NULL },
	{ "garbage: a best move without a score", { E "garbage.sh", "noscore" }, XQ_UCI_AUTO, 0, 0, NULL,
	  0, NULL, 0, 1, "engine 'Garbage Engine' named its best move without a score; it said last: 'bestmove a3a4'",
	  "bestmove a3a4" },
	{ "garbage: never a handshake", { E "garbage.sh", "noshake" }, XQ_UCI_AUTO, 300, 0, NULL,
	  XQ_EIO, "engine 'tests/engines/garbage.sh' gave no uciok or ucciok in time; it said last: '@#%&*'",
	  0, 0, NULL, "@#%&*" },
	{ "UCCI forced on a UCI engine: no ucciok", { E "die.sh" }, XQ_UCI_UCCI, 300, 0, NULL,
	  XQ_EIO, "engine 'tests/engines/die.sh' gave no ucciok in time; it said nothing", 0, 0, NULL, "" },
	{ "an engine that ends at once", { "true" }, XQ_UCI_AUTO, 0, 0, NULL,
	  /* died, or stopped reading: whichever comes first */
	  XQ_EIO, "engine 'true' ", 0, 0, NULL, "" },
	{ "an option that is no line", { E "die.sh" }, XQ_UCI_AUTO, 0, 0, "Hash\nquit",
	  XQ_EIO, "bad engine option 'Hash\nquit'", 0, 0, NULL, NULL },
	{ "a program that does not exist", { E "no-such-engine" }, XQ_UCI_AUTO, 0, 0, NULL,
	  XQ_EINVAL, "cannot run engine 'tests/engines/no-such-engine': No such file or directory",
	  0, 0, NULL, NULL },
};

static void start_case(const struct start_case *c)
{
	struct xq_engine_option opt = { c->option, "1" };
	struct xq_engine_process_opts o = {
		.argv = (char *const *)c->argv, .dialect = c->dialect,
		.options = &opt, .noptions = c->option != NULL,
		.handshake_ms = c->handshake_ms, .search_ms = c->search_ms,
	};
	struct xq_pos start;
	struct xq_search_limits lim = { .depth = 1 };
	struct xq_search_info info;
	xq_move a3a4 = XQ_MOVE_NONE;
	int err = 0;
	struct xq_engine_process *p = xq_engine_process_new(&o, &err);

	xq_pos_start(&start);
	xq_uci_move_parse(&start, "a3a4", XQ_UCI_PIKAFISH, &a3a4);
	if (!ok(p != NULL, "%s: a handle (%d)", c->name, err))
		return;
	int rc = xq_engine_process_start(p);
	is_int(rc, c->start_rc, "%s: start", c->name);
	if (c->start_rc) {
		if (!ok(!strncmp(xq_engine_process_error(p), c->start_error, strlen(c->start_error)),
		       "%s: the start's error", c->name))
			diagf("got: %s", xq_engine_process_error(p));
		ok(!xq_engine_process_running(p) && no_children(), "%s: not running, reaped", c->name);
		is_int(xq_engine_process_failed_at(p), -1, "%s: no search failed", c->name);
	} else {
		ok(xq_engine_process_running(p), "%s: running", c->name);
		is_int(xq_engine_process_starts(p), 1, "%s: started once", c->name);
		is_str(xq_uci_dialect_name(xq_engine_process_dialect(p)), "uci", "%s: dialect", c->name);
	}
	for (int i = 0; i < c->good_searches; i++) {
		rc = xq_engine_process_search(p, NULL, NULL, 0, &start, &lim, &info);
		if (!ok(rc == 0 && info.npv == 1 && info.pv[0] == a3a4 && info.depth == 1 && info.score == 0,
		       "%s: search %d: depth 1, score 0, best a3a4", c->name, i + 1))
			diagf("rc %d npv %d depth %d score %d: %s", rc, info.npv, info.depth, info.score,
			      xq_engine_process_error(p));
	}
	if (c->fail) {
		/* after 1. h2e2 h9g7 (a3a4 legal again): a failed search
		 * names its n */
		xq_move two[2] = { XQ_MOVE_NONE, XQ_MOVE_NONE };
		struct xq_pos after = start;
		struct xq_undo u;
		xq_uci_move_parse(&after, "h2e2", XQ_UCI_PIKAFISH, &two[0]);
		xq_make(&after, two[0], &u);
		xq_uci_move_parse(&after, "h9g7", XQ_UCI_PIKAFISH, &two[1]);
		xq_make(&after, two[1], &u);
		rc = xq_engine_process_search(p, NULL, two, 2, &after, &lim, &info);
		is_int(rc, XQ_EIO, "%s: the search fails", c->name);
		if (!ok(contains(xq_engine_process_error(p), c->search_error), "%s: the search's error", c->name))
			diagf("got: %s", xq_engine_process_error(p));
		is_int(xq_engine_process_failed_at(p), 2, "%s: the failed search's place", c->name);
		ok(!xq_engine_process_running(p) && no_children(), "%s: gone and reaped", c->name);
		is_int(xq_engine_process_new_game(p), XQ_EIO, "%s: no new game without an engine", c->name);
	}
	if (c->last)
		is_str(xq_engine_process_last(p), c->last, "%s: the last line", c->name);
	xq_engine_process_free(p);
	ok(no_children(), "%s: no child left", c->name);
}

/* stop reaps, start again, kill from outside, new game. */
static void life_cycle(void)
{
	static const char *const argv[] = { E "die.sh", "99", NULL };
	struct xq_engine_process_opts o = { .argv = (char *const *)argv };
	struct xq_pos start;
	struct xq_search_limits lim = { .depth = 1 };
	struct xq_search_info info;
	struct xq_engine_process *p = xq_engine_process_new(&o, NULL);

	xq_pos_start(&start);
	if (!ok(p != NULL, "life: a handle"))
		return;
	ok(!xq_engine_process_running(p), "life: not running before the start");
	is_str(xq_engine_process_name(p), E "die.sh", "life: named after argv[0] before the start");
	is_int(xq_engine_process_start(p), 0, "life: start");
	is_str(xq_engine_process_name(p), "Dying Engine", "life: named by id name");
	ok(!no_children(), "life: the engine is our child");
	is_int(xq_engine_process_new_game(p), 0, "life: a new game");
	xq_engine_process_stop(p);
	ok(!xq_engine_process_running(p) && no_children(), "life: stop quits and reaps");
	xq_engine_process_stop(p);
	ok(no_children(), "life: a second stop does nothing");
	is_int(xq_engine_process_start(p), 0, "life: started again");
	is_int(xq_engine_process_starts(p), 2, "life: two starts");
	is_int(xq_engine_process_start(p), 0, "life: a start while running restarts");
	is_int(xq_engine_process_search(p, NULL, NULL, 0, &start, &lim, &info), 0, "life: a search");
	xq_engine_process_kill(p);
	int rc = xq_engine_process_search(p, NULL, NULL, 0, &start, &lim, &info);
	if (!ok(rc == XQ_EIO && !xq_engine_process_running(p) && no_children(),
	       "life: killed from outside: the next search fails, the engine reaped"))
		diagf("rc %d: %s", rc, xq_engine_process_error(p));
	xq_engine_process_kill(p);
	xq_engine_process_kill(NULL);
	ok(1, "life: kill with no engine, or no handle, does nothing");
	xq_engine_process_free(p);
	xq_engine_process_free(NULL);
	ok(no_children(), "life: no child left");

	struct xq_engine_process_opts none = { 0 };
	int err = 0;
	ok(!xq_engine_process_new(&none, &err) && err == XQ_EINVAL, "life: no argv is XQ_EINVAL");
}

/* 1. 兵五进一 马８进７ 2. 马二进三 车９平８ */
static const char *const line[] = { "e3e4", "h9g7", "h0g2", "i9h9" };

static struct xq_game *game_of_line(void)
{
	struct xq_game *g = xq_game_new();
	struct xq_pos p = g->start;
	struct xq_node *at = &g->root;
	for (int i = 0; i < 4; i++) {
		struct xq_undo u;
		xq_move m = XQ_MOVE_NONE;
		xq_move_parse(&p, line[i], strlen(line[i]), XQ_NOTATION_ICCS, 0, &m, NULL);
		at = xq_node_add(g, at, m, NULL, 0);
		xq_make(&p, m, &u);
	}
	g->flags |= XQ_GAME_REPLAYED;
	return g;
}

/* The annotation driver over an external engine. */
static void annotate(void)
{
	static const char *const dying[] = { E "die.sh", "1", NULL };
	struct xq_engine_process_opts o = { .argv = (char *const *)dying };
	struct xq_engine_process *p = xq_engine_process_new(&o, NULL);
	struct xq_engine e;
	struct xq_annotate_run r;
	struct xq_game *g = game_of_line();

	memset(&r, 0, sizeof r);
	xq_annotate_defaults(&r.o);
	r.lim.depth = 2;
	if (!ok(p && g, "annotate: a handle and a game"))
		return;
	xq_engine_external(&e, p);
	ok(e.new_game && e.search && e.data == p && !e.failed, "annotate: the engine set up");
	/* never started: the new game starts it; it dies at its first search */
	is_int(xq_game_annotate(g, &e, &r), XQ_EIO, "annotate: a dying engine fails the game");
	if (!ok(e.failed && xq_engine_process_failed_at(p) == 0 &&
	       contains(xq_engine_process_error(p), "died (exit status 3)"),
	       "annotate: failed at the first search, the message kept"))
		diagf("%s", xq_engine_process_error(p));
	ok(e.failed_at == 0 && e.error && e.error(&e) == xq_engine_process_error(p) && e.restarted,
	   "annotate: the engine's failure as the driver and the engine tell it, started then");
	ok(!g->root.child->comment && !xq_game_tag(g, "RedAccuracy"), "annotate: the game untouched");
	is_int(xq_game_annotate(g, &e, &r), XQ_EIO, "annotate: the next game starts it again");
	is_int(xq_engine_process_starts(p), 2, "annotate: two starts");
	ok(no_children(), "annotate: each dead engine reaped");
	xq_engine_process_free(p);
	xq_game_free(g);

	static const char *const never[] = { E "no-such-engine", NULL };
	o.argv = (char *const *)never;
	p = xq_engine_process_new(&o, NULL);
	g = game_of_line();
	xq_engine_external(&e, p);
	is_int(xq_game_annotate(g, &e, &r), XQ_EINVAL, "annotate: a program that cannot run");
	is_int(xq_engine_process_failed_at(p), -1, "annotate: it failed before any search");
	ok(e.failed_at == -1 && !e.restarted, "annotate: so the driver says, and it never started");
	xq_engine_process_free(p);
	xq_game_free(g);

	const char *fsf = getenv("XQ_FSF");
	if (!fsf || !*fsf)
		fsf = "/usr/games/fairy-stockfish";
	if (access(fsf, X_OK) != 0) {
		printf("ok %d # SKIP %s is not installed\n", ++tap_count, fsf);
		return;
	}
	const char *argv[] = { fsf, NULL };
	o.argv = (char *const *)argv;
	p = xq_engine_process_new(&o, NULL);
	g = game_of_line();
	xq_engine_external(&e, p);
	is_int(xq_game_annotate(g, &e, &r), 4, "Fairy-Stockfish: four moves judged");
	ok(xq_engine_process_dialect(p) == XQ_UCI_FSF && !e.no_searchmoves &&
	   contains(xq_engine_process_name(p), "Fairy-Stockfish"),
	   "Fairy-Stockfish: detected, searchmoves obeyed (%s)", xq_engine_process_name(p));
	ok(e.searches >= 5 && !e.failed && xq_game_tag(g, "RedAccuracy"),
	   "Fairy-Stockfish: searched (%ld), summarised", e.searches);
	xq_engine_process_free(p);
	xq_game_free(g);
	ok(no_children(), "Fairy-Stockfish: no child left");
}

int main(void)
{
	/* as xq.h asks of a program that runs engines */
	signal(SIGPIPE, SIG_IGN);
	if (!ok(access(E "die.sh", X_OK) == 0, "the fake engines are at " E " (run from the top of the tree)"))
		return done_testing();
	for (size_t i = 0; i < sizeof start_cases / sizeof start_cases[0]; i++)
		start_case(&start_cases[i]);
	life_cycle();
	annotate();
	return done_testing();
}
