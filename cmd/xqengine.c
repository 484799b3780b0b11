/*
 * xqengine - the built-in engine (lib/search.c) as a UCI engine.
 *
 * Coordinates are Pikafish's: files a..i, ranks 0..9 from Red's side.  The
 * search runs in its own thread, so that stop, isready and quit are
 * answered while it thinks; everything written to stdout goes through
 * say(), one whole line at a time, flushed.
 */
#include <ctype.h>
#include <getopt.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "common.h"
#include "xq.h"

static const char usage_text[] =
	"usage: xqengine [-hV] [-H mb] [-J threads]\n"
	"The built-in xiangqi engine, speaking UCI on standard input and output.\n"
	"\n"
	"  -H, --hash=MB      transposition table size (default 16, the Hash option)\n"
	"  -J, --threads=N    search threads (default 1, the Threads option; --jobs too)\n"
	"  -h, --help         this help\n"
	"  -V, --version      version\n"
	"\n"
	"Commands: uci, isready, setoption name NAME value VALUE (Hash, Threads,\n"
	"UCI_Variant xiangqi), ucinewgame, position startpos|fen FEN [moves ...],\n"
	"go [depth N] [nodes N] [movetime MS] [wtime MS btime MS winc MS binc MS\n"
	"movestogo N] [infinite], stop, quit.  Moves are in engine coordinates with\n"
	"ranks 0..9 (h2e2).  The end of the input waits for a search with limits to\n"
	"finish, then quits.\n";

#define HASH_MAX 4096
#define THREADS_MAX 64
#define MAX_GAME 4096

static pthread_mutex_t out_lock = PTHREAD_MUTEX_INITIALIZER;

__attribute__((format(printf, 1, 2)))
static void say(const char *fmt, ...)
{
	va_list ap;
	pthread_mutex_lock(&out_lock);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
	pthread_mutex_unlock(&out_lock);
}

struct engine {
	struct xq_search *search;
	size_t hash_mb;
	int threads;
	struct xq_pos pos;
	uint64_t keys[MAX_GAME];   /* the game's keys before pos */
	uint8_t checks[MAX_GAME];  /* in check at keys[i] */
	int nkeys;
	/* the running search */
	pthread_t tid;
	int running;
	atomic_int infinite;       /* go infinite: bestmove waits for stop */
	atomic_int done;           /* the search thread has answered */
	struct xq_search_limits lim;
	xq_move searchmoves[XQ_MAX_MOVES];   /* go searchmoves: lim points here */
};

/* "score cp N" or "score mate N" (moves, negative when mated). */
static void score_text(int score, char *buf, size_t size)
{
	if (XQ_SCORE_IS_MATE(score)) {
		int plies = XQ_SCORE_MATE - abs(score);
		snprintf(buf, size, "mate %d", score > 0 ? (plies + 1) / 2 : -(plies / 2));
	} else {
		snprintf(buf, size, "cp %d", score);
	}
}

static void info_line(void *data, const struct xq_search_info *i)
{
	char pv[XQ_MAX_PV * 5 + 8], sc[32];
	size_t n = 0;
	uint64_t nps = i->time_ms > 0 ? i->nodes * 1000 / (uint64_t)i->time_ms : 0;

	(void)data;
	pv[0] = '\0';
	for (int k = 0; k < i->npv; k++) {
		char m[5];
		xq_move_iccs(i->pv[k], m);
		n += (size_t)snprintf(pv + n, sizeof pv - n, " %s", m);
	}
	score_text(i->score, sc, sizeof sc);
	say("info depth %d seldepth %d score %s nodes %" PRIu64 " nps %" PRIu64
	    " time %" PRId64 " pv%s", i->depth, i->seldepth, sc, i->nodes, nps, i->time_ms, pv);
}

static void *search_main(void *arg)
{
	struct engine *e = arg;
	struct xq_search_info out;
	int rc = xq_search_run_checks(e->search, &e->pos, e->keys, e->checks, e->nkeys,
				      &e->lim, info_line, NULL, &out);

	if (rc < 0) {
		say("info string search failed: %s", xq_strerror(rc));
		out.npv = 0;
	}
	/* go infinite: the answer waits for stop (or quit). */
	while (atomic_load(&e->infinite) && rc == 0) {
		struct timespec ts = { 0, 5000000 };
		nanosleep(&ts, NULL);
	}
	if (out.npv > 0) {
		char best[5], ponder[5];
		xq_move_iccs(out.pv[0], best);
		if (out.npv > 1) {
			xq_move_iccs(out.pv[1], ponder);
			say("bestmove %s ponder %s", best, ponder);
		} else {
			say("bestmove %s", best);
		}
	} else {
		say("bestmove (none)");
	}
	atomic_store(&e->done, 1);
	return NULL;
}

/* Wait for the running search; with stop, ask it to end first. */
static void finish(struct engine *e, int stop)
{
	if (!e->running)
		return;
	if (stop) {
		/* A stop that comes before the run has started is forgotten by
		 * the run: ask again until the thread has answered. */
		atomic_store(&e->infinite, 0);
		while (!atomic_load(&e->done)) {
			struct timespec ts = { 0, 1000000 };
			xq_search_stop(e->search);
			nanosleep(&ts, NULL);
		}
	}
	pthread_join(e->tid, NULL);
	e->running = 0;
}

static char *next_word(char **p)
{
	char *s = *p, *w;
	while (*s && isspace((unsigned char)*s))
		s++;
	if (!*s) {
		*p = s;
		return NULL;
	}
	w = s;
	while (*s && !isspace((unsigned char)*s))
		s++;
	if (*s)
		*s++ = '\0';
	*p = s;
	return w;
}

static void cmd_position(struct engine *e, char *args)
{
	struct xq_pos pos;
	char *w = next_word(&args);
	struct xq_err err;
	int nkeys = 0;

	if (!w) {
		say("info string position: startpos or fen expected");
		return;
	}
	if (strcmp(w, "startpos") == 0) {
		xq_pos_start(&pos);
		w = next_word(&args);
	} else if (strcmp(w, "fen") == 0) {
		char fen[256];
		size_t n = 0;
		fen[0] = '\0';
		while ((w = next_word(&args)) && strcmp(w, "moves") != 0) {
			int k = snprintf(fen + n, sizeof fen - n, "%s%s", n ? " " : "", w);
			if (k < 0 || (size_t)k >= sizeof fen - n) {
				say("info string position: FEN too long");
				return;
			}
			n += (size_t)k;
		}
		if (xq_pos_from_fen(&pos, fen, XQ_FEN_LAX, &err) < 0) {
			say("info string position: invalid FEN '%s': column %d: %s", fen,
			    err.offset + 1, err.msg);
			return;
		}
	} else {
		say("info string position: startpos or fen expected, not '%s'", w);
		return;
	}
	if (w && strcmp(w, "moves") == 0) {
		while ((w = next_word(&args))) {
			xq_move m;
			struct xq_undo u;
			if (xq_move_parse(&pos, w, strlen(w), XQ_NOTATION_UCI, 0, &m, &err) < 0) {
				say("info string position: move '%s': %s; the moves from there on are ignored",
				    w, err.msg);
				break;
			}
			if (nkeys == MAX_GAME) {
				memmove(e->keys, e->keys + MAX_GAME / 2, MAX_GAME / 2 * sizeof *e->keys);
				memmove(e->checks, e->checks + MAX_GAME / 2, MAX_GAME / 2);
				nkeys -= MAX_GAME / 2;
			}
			e->checks[nkeys] = (uint8_t)xq_in_check(&pos);
			e->keys[nkeys++] = pos.key;
			xq_make(&pos, m, &u);
		}
	} else if (w) {
		say("info string position: 'moves' expected, not '%s'", w);
	}
	e->pos = pos;
	e->nkeys = nkeys;
}

static long number(char **args, const char *what, int *bad)
{
	char *w = next_word(args), *end;
	long v;
	if (!w) {
		say("info string go: %s needs a number", what);
		*bad = 1;
		return 0;
	}
	v = strtol(w, &end, 10);
	if (*end || end == w) {
		say("info string go: %s: not a number: '%s'", what, w);
		*bad = 1;
		return 0;
	}
	return v;
}

static void cmd_go(struct engine *e, char *args)
{
	struct xq_search_limits lim = { .threads = e->threads };
	long t[2] = { -1, -1 }, inc[2] = { 0, 0 }, togo = 0, movetime = 0;
	int infinite = 0, bad = 0, in_moves = 0;
	char *w;

	while ((w = next_word(&args))) {
		xq_move m;
		struct xq_err err;
		if (in_moves && xq_move_parse(&e->pos, w, strlen(w), XQ_NOTATION_UCI, 0, &m, &err) == 0) {
			if (lim.nsearchmoves < XQ_MAX_MOVES)
				e->searchmoves[lim.nsearchmoves++] = m;
			continue;
		}
		in_moves = 0;
		if (strcmp(w, "depth") == 0) {
			long d = number(&args, w, &bad);
			lim.depth = d < 1 ? 1 : d > 64 ? 64 : (int)d;
		} else if (strcmp(w, "nodes") == 0) {
			long n = number(&args, w, &bad);
			lim.nodes = n < 1 ? 1 : (uint64_t)n;
		} else if (strcmp(w, "movetime") == 0) {
			movetime = number(&args, w, &bad);
		} else if (strcmp(w, "wtime") == 0) {
			t[XQ_RED] = number(&args, w, &bad);
		} else if (strcmp(w, "btime") == 0) {
			t[XQ_BLACK] = number(&args, w, &bad);
		} else if (strcmp(w, "winc") == 0) {
			inc[XQ_RED] = number(&args, w, &bad);
		} else if (strcmp(w, "binc") == 0) {
			inc[XQ_BLACK] = number(&args, w, &bad);
		} else if (strcmp(w, "movestogo") == 0) {
			togo = number(&args, w, &bad);
		} else if (strcmp(w, "searchmoves") == 0) {
			in_moves = 1;   /* the moves follow, up to the next keyword */
			lim.searchmoves = e->searchmoves;
		} else if (strcmp(w, "infinite") == 0) {
			infinite = 1;
		} else if (strcmp(w, "ponder") == 0) {
			infinite = 1;
		} else {
			say("info string go: unknown word '%s' ignored", w);
		}
		if (bad)
			return;
	}
	if (lim.searchmoves && !lim.nsearchmoves) {
		say("info string go: searchmoves names no legal move");
		return;
	}
	if (movetime > 0) {
		lim.movetime_ms = movetime;
	} else if (t[e->pos.side] >= 0) {
		/* A share of the clock: what is left over the moves to go (30
		 * when not said), most of the increment, a safety margin. */
		long left = t[e->pos.side], n = togo > 0 ? togo + 1 : 30;
		long ms = left / n + inc[e->pos.side] * 3 / 4;
		if (ms > left / 3)
			ms = left / 3;
		ms -= 20;
		lim.movetime_ms = ms < 5 ? 5 : ms;
	}
	if (infinite) {
		lim.movetime_ms = 0;
		lim.nodes = 0;
	}
	e->lim = lim;
	atomic_store(&e->infinite, infinite);
	atomic_store(&e->done, 0);
	if (pthread_create(&e->tid, NULL, search_main, e) != 0) {
		say("info string go: cannot start the search thread");
		return;
	}
	e->running = 1;
}

static void cmd_setoption(struct engine *e, char *args)
{
	char name[64] = "", value[64] = "";
	char *w = next_word(&args);
	size_t n = 0;

	if (!w || strcmp(w, "name") != 0) {
		say("info string setoption: 'name' expected");
		return;
	}
	while ((w = next_word(&args)) && strcmp(w, "value") != 0) {
		int k = snprintf(name + n, sizeof name - n, "%s%s", n ? " " : "", w);
		if (k < 0 || (size_t)k >= sizeof name - n)
			break;
		n += (size_t)k;
	}
	if (w && (w = next_word(&args)))
		snprintf(value, sizeof value, "%s", w);
	if (strcasecmp(name, "Hash") == 0) {
		long mb = strtol(value, NULL, 10);
		struct xq_search *s;
		if (mb < 1 || mb > HASH_MAX) {
			say("info string setoption: Hash must be 1..%d", HASH_MAX);
			return;
		}
		s = xq_search_new((size_t)mb);
		if (!s) {
			say("info string setoption: no memory for %ld MB of hash", mb);
			return;
		}
		xq_search_free(e->search);
		e->search = s;
		e->hash_mb = (size_t)mb;
	} else if (strcasecmp(name, "Threads") == 0) {
		long t = strtol(value, NULL, 10);
		if (t < 1 || t > THREADS_MAX) {
			say("info string setoption: Threads must be 1..%d", THREADS_MAX);
			return;
		}
		e->threads = (int)t;
	} else if (strcasecmp(name, "UCI_Variant") == 0) {
		if (strcasecmp(value, "xiangqi") != 0)
			say("info string setoption: only the variant xiangqi is played");
	} else if (strcasecmp(name, "Clear Hash") == 0) {
		xq_search_clear(e->search);
	} else {
		say("info string setoption: unknown option '%s' ignored", name);
	}
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "hash", required_argument, NULL, 'H' },
		{ "help", no_argument, NULL, 'h' },
		{ "jobs", required_argument, NULL, 'J' },
		{ "threads", required_argument, NULL, 'J' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	static struct engine e;
	char *line = NULL;
	size_t cap = 0;
	int c;

	cmd_init(argv, usage_text);
	e.hash_mb = 16;
	e.threads = 1;
	while ((c = getopt_long(argc, argv, "H:hJ:V", longopts, NULL)) != -1) {
		switch (c) {
		case 'H': e.hash_mb = (size_t)parse_number(optarg, 1, HASH_MAX, "hash size"); break;
		case 'h': usage(EXIT_OK);
		case 'J': e.threads = (int)parse_number(optarg, 1, THREADS_MAX, "thread count"); break;
		case 'V': print_version();
		default: usage(EXIT_TROUBLE);
		}
	}
	if (optind < argc) {
		warnx_("unexpected argument '%s'", argv[optind]);
		usage(EXIT_TROUBLE);
	}
	e.search = xq_search_new(e.hash_mb);
	if (!e.search)
		die(EXIT_TROUBLE, "no memory for %zu MB of hash", e.hash_mb);
	xq_pos_start(&e.pos);

	while (getline(&line, &cap, stdin) > 0) {
		char *args = line, *w = next_word(&args);
		if (!w)
			continue;
		if (strcmp(w, "uci") == 0) {
			say("id name xqengine %s", XQ_VERSION);
			say("id author the xqtools authors");
			say("option name Hash type spin default 16 min 1 max %d", HASH_MAX);
			say("option name Threads type spin default 1 min 1 max %d", THREADS_MAX);
			say("option name Clear Hash type button");
			say("option name UCI_Variant type combo default xiangqi var xiangqi");
			say("uciok");
		} else if (strcmp(w, "isready") == 0) {
			say("readyok");
		} else if (strcmp(w, "ucinewgame") == 0) {
			finish(&e, 1);
			xq_search_clear(e.search);
			xq_pos_start(&e.pos);
			e.nkeys = 0;
		} else if (strcmp(w, "position") == 0) {
			finish(&e, 1);
			cmd_position(&e, args);
		} else if (strcmp(w, "go") == 0) {
			finish(&e, 1);
			cmd_go(&e, args);
		} else if (strcmp(w, "stop") == 0) {
			finish(&e, 1);
		} else if (strcmp(w, "setoption") == 0) {
			finish(&e, 1);
			cmd_setoption(&e, args);
		} else if (strcmp(w, "ponderhit") == 0) {
			finish(&e, 1);
		} else if (strcmp(w, "quit") == 0) {
			break;
		} else if (strcmp(w, "debug") == 0 || strcmp(w, "register") == 0) {
			/* nothing to do */
		} else {
			say("info string unknown command '%s'", w);
		}
	}
	/* At the end of the input a search with limits may finish; quit and
	 * an infinite search stop it. */
	finish(&e, !feof(stdin) || atomic_load(&e.infinite));
	xq_search_free(e.search);
	free(line);
	return exit_status(1, 0, 0);
}
