/*
 * uci_engine.c - the engine side of UCI: a session of the built-in search
 * (lib/search.c) fed the GUI's lines one at a time, answering through the
 * caller's reply function.  xqengine is a read-line loop around it.
 *
 * Coordinates are Pikafish's: files a..i, ranks 0..9 from Red's side.  The
 * search runs in a thread of the session, so that stop, isready and quit
 * are answered while it thinks; every reply goes out whole, one line at a
 * time, under the session's lock.
 */
#include <ctype.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ascii.h"
#include "buf.h"
#include "xq.h"

#define MAX_GAME 4096   /* the game's positions kept for repetitions */

struct xq_uci_session {
	struct xq_uci_session_opts opts;
	pthread_mutex_t reply_lock;
	struct xq_search *search;
	int threads;
	char *line;                /* the line being read, split into words */
	size_t line_cap;
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

__attribute__((format(printf, 2, 3)))
static void say(struct xq_uci_session *s, const char *fmt, ...)
{
	struct xq__buf b = { 0 };
	va_list ap;
	va_start(ap, fmt);
	xq__buf_vprintf(&b, fmt, ap);
	va_end(ap);
	if (!b.oom && b.p) {
		pthread_mutex_lock(&s->reply_lock);
		s->opts.reply(s->opts.reply_data, b.p);
		pthread_mutex_unlock(&s->reply_lock);
	}
	xq__buf_free(&b);
}

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

	pv[0] = '\0';
	for (int k = 0; k < i->npv; k++) {
		char m[5];
		xq_move_iccs(i->pv[k], m);
		n += (size_t)snprintf(pv + n, sizeof pv - n, " %s", m);
	}
	score_text(i->score, sc, sizeof sc);
	say(data, "info depth %d seldepth %d score %s nodes %" PRIu64 " nps %" PRIu64
	    " time %" PRId64 " pv%s", i->depth, i->seldepth, sc, i->nodes, nps, i->time_ms, pv);
}

static void *search_main(void *arg)
{
	struct xq_uci_session *s = arg;
	struct xq_search_info out;
	int rc = xq_search_run_checks(s->search, &s->pos, s->keys, s->checks, s->nkeys,
				      &s->lim, info_line, s, &out);

	if (rc < 0) {
		say(s, "info string search failed: %s", xq_strerror(rc));
		out.npv = 0;
	}
	/* go infinite: the answer waits for stop (or quit). */
	while (atomic_load(&s->infinite) && rc == 0) {
		struct timespec ts = { 0, 5000000 };
		nanosleep(&ts, NULL);
	}
	if (out.npv > 0) {
		char best[5], ponder[5];
		xq_move_iccs(out.pv[0], best);
		if (out.npv > 1) {
			xq_move_iccs(out.pv[1], ponder);
			say(s, "bestmove %s ponder %s", best, ponder);
		} else {
			say(s, "bestmove %s", best);
		}
	} else {
		say(s, "bestmove (none)");
	}
	atomic_store(&s->done, 1);
	return NULL;
}

/* Wait for the running search; with stop, ask it to end first. */
static void finish(struct xq_uci_session *s, int stop)
{
	if (!s->running)
		return;
	if (stop) {
		/* A stop that comes before the run has started is forgotten by
		 * the run: ask again until the thread has answered. */
		atomic_store(&s->infinite, 0);
		while (!atomic_load(&s->done)) {
			struct timespec ts = { 0, 1000000 };
			xq_search_stop(s->search);
			nanosleep(&ts, NULL);
		}
	}
	pthread_join(s->tid, NULL);
	s->running = 0;
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

static void cmd_position(struct xq_uci_session *s, char *args)
{
	struct xq_pos pos;
	char *w = next_word(&args);
	struct xq_err err;
	int nkeys = 0;

	if (!w) {
		say(s, "info string position: startpos or fen expected");
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
				say(s, "info string position: FEN too long");
				return;
			}
			n += (size_t)k;
		}
		if (xq_pos_from_fen(&pos, fen, XQ_FEN_LAX, &err) < 0) {
			say(s, "info string position: invalid FEN '%s': column %d: %s", fen,
			    err.offset + 1, err.msg);
			return;
		}
	} else {
		say(s, "info string position: startpos or fen expected, not '%s'", w);
		return;
	}
	if (w && strcmp(w, "moves") == 0) {
		while ((w = next_word(&args))) {
			xq_move m;
			struct xq_undo u;
			if (xq_move_parse(&pos, w, strlen(w), XQ_NOTATION_UCI, 0, &m, &err) < 0) {
				say(s, "info string position: move '%s': %s; the moves from there on are ignored",
				    w, err.msg);
				break;
			}
			if (nkeys == MAX_GAME) {
				memmove(s->keys, s->keys + MAX_GAME / 2, MAX_GAME / 2 * sizeof *s->keys);
				memmove(s->checks, s->checks + MAX_GAME / 2, MAX_GAME / 2);
				nkeys -= MAX_GAME / 2;
			}
			s->checks[nkeys] = (uint8_t)xq_in_check(&pos);
			s->keys[nkeys++] = pos.key;
			xq_make(&pos, m, &u);
		}
	} else if (w) {
		say(s, "info string position: 'moves' expected, not '%s'", w);
	}
	s->pos = pos;
	s->nkeys = nkeys;
}

static long number(struct xq_uci_session *s, char **args, const char *what, int *bad)
{
	char *w = next_word(args), *end;
	long v;
	if (!w) {
		say(s, "info string go: %s needs a number", what);
		*bad = 1;
		return 0;
	}
	v = strtol(w, &end, 10);
	if (*end || end == w) {
		say(s, "info string go: %s: not a number: '%s'", what, w);
		*bad = 1;
		return 0;
	}
	return v;
}

/* The time for this move from the clock: what is left over the moves to
 * go (30 when not said), most of the increment, a safety margin. */
static int64_t clock_share(long left, long inc, long togo)
{
	long n = togo > 0 ? togo + 1 : 30;
	long ms = left / n + inc * 3 / 4;
	if (ms > left / 3)
		ms = left / 3;
	ms -= 20;
	return ms < 5 ? 5 : ms;
}

static void cmd_go(struct xq_uci_session *s, char *args)
{
	struct xq_search_limits lim = { .threads = s->threads };
	long t[2] = { -1, -1 }, inc[2] = { 0, 0 }, togo = 0, movetime = 0;
	int infinite = 0, bad = 0, in_moves = 0;
	char *w;

	while ((w = next_word(&args))) {
		xq_move m;
		struct xq_err err;
		if (in_moves && xq_move_parse(&s->pos, w, strlen(w), XQ_NOTATION_UCI, 0, &m, &err) == 0) {
			if (lim.nsearchmoves < XQ_MAX_MOVES)
				s->searchmoves[lim.nsearchmoves++] = m;
			continue;
		}
		in_moves = 0;
		if (strcmp(w, "depth") == 0) {
			long d = number(s, &args, w, &bad);
			lim.depth = d < 1 ? 1 : d > 64 ? 64 : (int)d;
		} else if (strcmp(w, "nodes") == 0) {
			long n = number(s, &args, w, &bad);
			lim.nodes = n < 1 ? 1 : (uint64_t)n;
		} else if (strcmp(w, "movetime") == 0) {
			movetime = number(s, &args, w, &bad);
		} else if (strcmp(w, "wtime") == 0) {
			t[XQ_RED] = number(s, &args, w, &bad);
		} else if (strcmp(w, "btime") == 0) {
			t[XQ_BLACK] = number(s, &args, w, &bad);
		} else if (strcmp(w, "winc") == 0) {
			inc[XQ_RED] = number(s, &args, w, &bad);
		} else if (strcmp(w, "binc") == 0) {
			inc[XQ_BLACK] = number(s, &args, w, &bad);
		} else if (strcmp(w, "movestogo") == 0) {
			togo = number(s, &args, w, &bad);
		} else if (strcmp(w, "searchmoves") == 0) {
			in_moves = 1;   /* the moves follow, up to the next keyword */
			lim.searchmoves = s->searchmoves;
		} else if (strcmp(w, "infinite") == 0 || strcmp(w, "ponder") == 0) {
			infinite = 1;
		} else {
			say(s, "info string go: unknown word '%s' ignored", w);
		}
		if (bad)
			return;
	}
	if (lim.searchmoves && !lim.nsearchmoves) {
		say(s, "info string go: searchmoves names no legal move");
		return;
	}
	if (movetime > 0)
		lim.movetime_ms = movetime;
	else if (t[s->pos.side] >= 0)
		lim.movetime_ms = clock_share(t[s->pos.side], inc[s->pos.side], togo);
	if (infinite) {
		lim.movetime_ms = 0;
		lim.nodes = 0;
	}
	s->lim = lim;
	atomic_store(&s->infinite, infinite);
	atomic_store(&s->done, 0);
	if (pthread_create(&s->tid, NULL, search_main, s) != 0) {
		say(s, "info string go: cannot start the search thread");
		return;
	}
	s->running = 1;
}

static void cmd_setoption(struct xq_uci_session *s, char *args)
{
	char name[64] = "", value[64] = "";
	char *w = next_word(&args);
	size_t n = 0;

	if (!w || strcmp(w, "name") != 0) {
		say(s, "info string setoption: 'name' expected");
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
	if (xq__ascii_casecmp(name, "Hash") == 0) {
		long mb = strtol(value, NULL, 10);
		struct xq_search *search;
		if (mb < 1 || mb > XQ_UCI_HASH_MAX) {
			say(s, "info string setoption: Hash must be 1..%d", XQ_UCI_HASH_MAX);
			return;
		}
		search = xq_search_new((size_t)mb);
		if (!search) {
			say(s, "info string setoption: no memory for %ld MB of hash", mb);
			return;
		}
		xq_search_free(s->search);
		s->search = search;
	} else if (xq__ascii_casecmp(name, "Threads") == 0) {
		long t = strtol(value, NULL, 10);
		if (t < 1 || t > XQ_UCI_THREADS_MAX) {
			say(s, "info string setoption: Threads must be 1..%d", XQ_UCI_THREADS_MAX);
			return;
		}
		s->threads = (int)t;
	} else if (xq__ascii_casecmp(name, "UCI_Variant") == 0) {
		if (xq__ascii_casecmp(value, "xiangqi") != 0)
			say(s, "info string setoption: only the variant xiangqi is played");
	} else if (xq__ascii_casecmp(name, "Clear Hash") == 0) {
		xq_search_clear(s->search);
	} else {
		say(s, "info string setoption: unknown option '%s' ignored", name);
	}
}

struct xq_uci_session *xq_uci_session_new(const struct xq_uci_session_opts *o, int *err)
{
	struct xq_uci_session *s;
	*err = XQ_EINVAL;
	if (!o || !o->reply || o->hash_mb > XQ_UCI_HASH_MAX || o->threads < 0 ||
	    o->threads > XQ_UCI_THREADS_MAX)
		return NULL;
	*err = XQ_ENOMEM;
	if (!(s = calloc(1, sizeof *s)))
		return NULL;
	s->opts = *o;
	s->threads = o->threads ? o->threads : 1;
	if (!(s->search = xq_search_new(o->hash_mb ? o->hash_mb : 16))) {
		free(s);
		return NULL;
	}
	if (pthread_mutex_init(&s->reply_lock, NULL) != 0) {
		xq_search_free(s->search);
		free(s);
		return NULL;
	}
	xq_pos_start(&s->pos);
	*err = 0;
	return s;
}

int xq_uci_session_line(struct xq_uci_session *s, const char *line)
{
	size_t len = strlen(line);
	if (xq__grow(&s->line, &s->line_cap, len + 1) < 0) {
		say(s, "info string out of memory");
		return XQ_ENOMEM;
	}
	memcpy(s->line, line, len + 1);
	char *args = s->line, *w = next_word(&args);
	if (!w)
		return 1;
	if (strcmp(w, "uci") == 0) {
		say(s, "id name %s", s->opts.name ? s->opts.name : "xqengine " XQ_VERSION);
		say(s, "id author %s", s->opts.author ? s->opts.author : "the xqtools authors");
		say(s, "option name Hash type spin default 16 min 1 max %d", XQ_UCI_HASH_MAX);
		say(s, "option name Threads type spin default 1 min 1 max %d", XQ_UCI_THREADS_MAX);
		say(s, "option name Clear Hash type button");
		say(s, "option name UCI_Variant type combo default xiangqi var xiangqi");
		say(s, "uciok");
	} else if (strcmp(w, "isready") == 0) {
		say(s, "readyok");
	} else if (strcmp(w, "quit") == 0) {
		return 0;
	} else if (strcmp(w, "debug") == 0 || strcmp(w, "register") == 0) {
		/* nothing to do */
	} else if (strcmp(w, "ucinewgame") == 0 || strcmp(w, "position") == 0 ||
		   strcmp(w, "go") == 0 || strcmp(w, "stop") == 0 ||
		   strcmp(w, "setoption") == 0 || strcmp(w, "ponderhit") == 0) {
		/* each of these ends the running search first */
		finish(s, 1);
		if (strcmp(w, "ucinewgame") == 0) {
			xq_search_clear(s->search);
			xq_pos_start(&s->pos);
			s->nkeys = 0;
		} else if (strcmp(w, "position") == 0) {
			cmd_position(s, args);
		} else if (strcmp(w, "go") == 0) {
			cmd_go(s, args);
		} else if (strcmp(w, "setoption") == 0) {
			cmd_setoption(s, args);
		}
	} else {
		say(s, "info string unknown command '%s'", w);
	}
	return 1;
}

void xq_uci_session_end(struct xq_uci_session *s, int stop)
{
	finish(s, stop || atomic_load(&s->infinite));
}

void xq_uci_session_free(struct xq_uci_session *s)
{
	if (!s)
		return;
	finish(s, 1);
	pthread_mutex_destroy(&s->reply_lock);
	xq_search_free(s->search);
	free(s->line);
	free(s);
}
