/*
 * xqmatch - play two engines against each other, for the strength
 * benchmark (bench/bench_strength.sh) and to make self-play games for the
 * evaluation's tuning (bench/tune.sh).
 *
 *   xqmatch [-q] [-n games] [-t ms] [-T ms] [-m plies] [-o openings.pgn]
 *           [-p plies] [-g games.txt] [-1 NAME=VALUE]... [-2 NAME=VALUE]...
 *           SPEC1 SPEC2
 *
 * SPEC is PROTO:PATH: uci (ranks 0..9, Pikafish, xqengine), uci10 (ranks
 * 1..10, fairy-stockfish, sjaakii) or xboard (maxqi); engines are run over
 * pipes, no shell.  UCI engines get UCI_Variant xiangqi and -1/-2 options;
 * xboard engines get "variant xiangqi" and play in force mode, one go per
 * move.  Every engine has -t ms per move: UCI "go movetime", xboard a time
 * control of one move in that much time ("level 1 ..." and "time"); -T
 * overrides that clock for xboard engines, whose own time use is printed
 * so that the two can be matched.
 *
 * Openings: the first -p plies (default 8) of each game of -o, distinct
 * ones only, each played twice with colours swapped; without -o, games
 * start from the start position.  Games are adjudicated by libxq: mate or
 * stalemate loses for the side to move, the third occurrence of a position
 * is a draw, so are 120 plies without a capture and the move cap -m
 * (default 300 plies).  An illegal move, no move, a dead engine or one over
 * ten times its time (plus 5 s) loses.
 *
 * Output: a line per game (unless -q), then the score of SPEC1 with its
 * 95% error margin and the Elo difference.  -g writes one line per game:
 * the result for Red ("1-0", "0-1", "1/2-1/2") and the moves in ICCS, each
 * followed by "/N" when its UCI engine gave a score (centipawns for the
 * side that played it, the last "info ... score cp" before bestmove).
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "xq.h"

enum proto { UCI, UCI10, XBOARD };

#define NO_SCORE (-1000000)

/* The centipawn score of an info line ("score cp N"), or NO_SCORE (mates
 * and bounds too). */
static int info_score(const char *line)
{
	const char *p = strstr(line, " score cp ");
	if (strncmp(line, "info", 4) != 0 || !p || strstr(line, "bound"))
		return NO_SCORE;
	return atoi(p + 10);
}

struct engine {
	const char *spec, *path, *name;
	enum proto proto;
	pid_t pid;
	int to, from;             /* pipe ends: to the engine, from it */
	char buf[1 << 16];
	size_t len;
	char *opts[32];
	int nopts;
	double think;             /* seconds spent on moves */
	long moves;
};

static const char *prog = "xqmatch";

__attribute__((format(printf, 1, 2), noreturn))
static void die(const char *fmt, ...)
{
	va_list ap;
	fprintf(stderr, "%s: ", prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(2);
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void eng_start(struct engine *e)
{
	int in[2], out[2];
	if (pipe(in) < 0 || pipe(out) < 0)
		die("pipe: %s", strerror(errno));
	e->pid = fork();
	if (e->pid < 0)
		die("fork: %s", strerror(errno));
	if (e->pid == 0) {
		int null = open("/dev/null", O_WRONLY);
		dup2(in[0], 0);
		dup2(out[1], 1);
		if (null >= 0)
			dup2(null, 2);
		close(in[0]); close(in[1]); close(out[0]); close(out[1]);
		execl(e->path, e->path, (char *)NULL);
		_exit(127);
	}
	close(in[0]);
	close(out[1]);
	e->to = in[1];
	e->from = out[0];
	e->len = 0;
}

static void eng_stop(struct engine *e)
{
	if (e->pid <= 0)
		return;
	if (write(e->to, "quit\n", 5) < 0) {
		/* already gone */
	}
	close(e->to);
	for (int i = 0; i < 100; i++) {
		if (waitpid(e->pid, NULL, WNOHANG) == e->pid) {
			e->pid = 0;
			break;
		}
		usleep(10000);
	}
	if (e->pid > 0) {
		kill(e->pid, SIGKILL);
		waitpid(e->pid, NULL, 0);
		e->pid = 0;
	}
	close(e->from);
}

__attribute__((format(printf, 2, 3)))
static int eng_send(struct engine *e, const char *fmt, ...)
{
	char line[1 << 14];
	va_list ap;
	int n;
	va_start(ap, fmt);
	n = vsnprintf(line, sizeof line - 1, fmt, ap);
	va_end(ap);
	if (n < 0 || n >= (int)sizeof line - 1)
		return -1;
	line[n++] = '\n';
	for (int off = 0; off < n;) {
		ssize_t w = write(e->to, line + off, (size_t)(n - off));
		if (w <= 0)
			return -1;
		off += (int)w;
	}
	return 0;
}

/* The next line (NUL-terminated, in e->buf's scratch) within timeout
 * seconds: 1, or 0 on timeout, -1 at the end. */
static int eng_line(struct engine *e, double timeout, char *out, size_t size)
{
	double end = now() + timeout;
	for (;;) {
		char *nl = memchr(e->buf, '\n', e->len);
		if (nl) {
			size_t n = (size_t)(nl - e->buf);
			size_t c = n < size - 1 ? n : size - 1;
			memcpy(out, e->buf, c);
			out[c] = '\0';
			if (c > 0 && out[c - 1] == '\r')
				out[c - 1] = '\0';
			memmove(e->buf, nl + 1, e->len - n - 1);
			e->len -= n + 1;
			return 1;
		}
		if (e->len == sizeof e->buf)
			e->len = 0;   /* an endless line: drop it */
		{
			double left = end - now();
			struct pollfd p = { e->from, POLLIN, 0 };
			ssize_t r;
			if (left <= 0)
				return 0;
			if (poll(&p, 1, (int)(left * 1000) + 1) <= 0)
				continue;
			r = read(e->from, e->buf + e->len, sizeof e->buf - e->len);
			if (r <= 0)
				return -1;
			e->len += (size_t)r;
		}
	}
}

/* Read lines until one starts with want; 1, or 0/-1 as eng_line. */
static int eng_wait(struct engine *e, const char *want, double timeout, char *out, size_t size)
{
	double end = now() + timeout;
	for (;;) {
		int r = eng_line(e, end - now(), out, size);
		if (r <= 0)
			return r;
		if (strncmp(out, want, strlen(want)) == 0)
			return 1;
	}
}

static int eng_init(struct engine *e)
{
	char line[4096];
	eng_start(e);
	if (e->proto == XBOARD) {
		eng_send(e, "xboard");
		eng_send(e, "protover 2");
		/* feature ... done=1, or nothing from old engines */
		for (;;) {
			int r = eng_line(e, 2.0, line, sizeof line);
			if (r < 0)
				return -1;
			if (r == 0 || strstr(line, "done=1"))
				break;
		}
		return 0;
	}
	eng_send(e, "uci");
	if (eng_wait(e, "uciok", 10, line, sizeof line) != 1)
		return -1;
	eng_send(e, "setoption name UCI_Variant value xiangqi");
	for (int i = 0; i < e->nopts; i++) {
		char *eq = strchr(e->opts[i], '=');
		if (eq)
			eng_send(e, "setoption name %.*s value %s", (int)(eq - e->opts[i]),
				 e->opts[i], eq + 1);
	}
	eng_send(e, "isready");
	return eng_wait(e, "readyok", 30, line, sizeof line) == 1 ? 0 : -1;
}

static enum xq_notation eng_notation(const struct engine *e)
{
	return e->proto == UCI10 ? XQ_NOTATION_UCI10 : XQ_NOTATION_UCI;
}

/* A new game: the engine forgets the last one; xboard engines are set to
 * the start position in force mode. */
static int eng_new_game(struct engine *e)
{
	char line[4096];
	if (e->proto == XBOARD) {
		eng_send(e, "new");
		eng_send(e, "variant xiangqi");
		eng_send(e, "force");
		eng_send(e, "ping 1");
		return eng_wait(e, "pong", 10, line, sizeof line) == 1 ? 0 : -1;
	}
	eng_send(e, "ucinewgame");
	eng_send(e, "isready");
	return eng_wait(e, "readyok", 30, line, sizeof line) == 1 ? 0 : -1;
}

struct game {
	struct xq_pos start, pos;
	xq_move moves[1024];
	int scores[1024];         /* the mover's last "score cp" before moves[i], or NO_SCORE */
	uint64_t keys[1024];      /* keys[i]: before moves[i] */
	int n;
	int fed[2];               /* xboard: moves already sent to engine i */
};

/* Ask engine e (playing the side to move of g) for its move; XQ_MOVE_NONE
 * when it fails.  why says how. */
static xq_move eng_move(struct engine *e, struct game *g, int idx, long ms, long xb_ms,
			const char **why, int *score)
{
	char line[1 << 14], text[XQ_MOVE_TEXT_MAX];
	size_t n = 0;
	struct xq_pos p = g->start;
	double t0, limit = ms / 100.0 + 5.0;
	xq_move m;
	int r;

	*why = NULL;
	*score = NO_SCORE;
	if (e->proto == XBOARD) {
		/* Feed the moves it has not seen, in force mode. */
		struct xq_pos q = g->start;
		for (int i = 0; i < g->n; i++) {
			if (i >= g->fed[idx]) {
				xq_move_format(&q, g->moves[i], XQ_NOTATION_UCI, 0, text, sizeof text);
				eng_send(e, "%s", text);
			}
			{
				struct xq_undo u;
				xq_make(&q, g->moves[i], &u);
			}
		}
		g->fed[idx] = g->n;
		eng_send(e, "level 1 1 0");
		eng_send(e, "time %ld", xb_ms / 10 > 0 ? xb_ms / 10 : 1);
		eng_send(e, "otim %ld", xb_ms / 10 > 0 ? xb_ms / 10 : 1);
		t0 = now();
		eng_send(e, "go");
		for (;;) {
			r = eng_line(e, limit - (now() - t0), line, sizeof line);
			if (r <= 0) {
				*why = r == 0 ? "no move in time" : "engine died";
				return XQ_MOVE_NONE;
			}
			if (strncmp(line, "move ", 5) == 0)
				break;
			if (strncmp(line, "resign", 6) == 0 || strstr(line, "resign")) {
				*why = "resigned";
				return XQ_MOVE_NONE;
			}
			if (strncmp(line, "Illegal move", 12) == 0) {
				*why = "refused a move";
				return XQ_MOVE_NONE;
			}
		}
		e->think += now() - t0;
		e->moves++;
		eng_send(e, "force");
		if (xq_move_parse(&g->pos, line + 5, strlen(line + 5), XQ_NOTATION_UCI, 0, &m, NULL) < 0) {
			*why = "illegal move";
			return XQ_MOVE_NONE;
		}
		g->fed[idx] = g->n + 1;
		return m;
	}

	{
		char cmd[1 << 14], fen[XQ_FEN_MAX];
		struct xq_pos st;
		xq_pos_start(&st);
		xq_pos_to_fen(&g->start, fen, sizeof fen);
		/* startpos when it is (sjaakii reads other FEN letters) */
		if (st.key == g->start.key)
			n = (size_t)snprintf(cmd, sizeof cmd, "position startpos");
		else
			n = (size_t)snprintf(cmd, sizeof cmd, "position fen %s", fen);
		if (g->n > 0)
			n += (size_t)snprintf(cmd + n, sizeof cmd - n, " moves");
		for (int i = 0; i < g->n && n < sizeof cmd - 16; i++) {
			struct xq_undo u;
			xq_move_format(&p, g->moves[i], eng_notation(e), 0, text, sizeof text);
			n += (size_t)snprintf(cmd + n, sizeof cmd - n, " %s", text);
			xq_make(&p, g->moves[i], &u);
		}
		eng_send(e, "%s", cmd);
	}
	t0 = now();
	eng_send(e, "go movetime %ld", ms);
	for (;;) {
		r = eng_line(e, limit - (now() - t0), line, sizeof line);
		if (r <= 0) {
			*why = r == 0 ? "no move in time" : "engine died";
			return XQ_MOVE_NONE;
		}
		if (strncmp(line, "bestmove", 8) == 0)
			break;
		if (info_score(line) != NO_SCORE)
			*score = info_score(line);
	}
	e->think += now() - t0;
	e->moves++;
	{
		char *mv = line + 8, *end;
		while (*mv == ' ')
			mv++;
		for (end = mv; *end && *end != ' '; end++)
			;
		if (xq_move_parse(&g->pos, mv, (size_t)(end - mv), eng_notation(e), 0, &m, NULL) < 0) {
			*why = "illegal move";
			return XQ_MOVE_NONE;
		}
	}
	return m;
}

struct opening {
	xq_move moves[32];
	int n;
};

static int read_openings(const char *path, int plies, struct opening **out)
{
	FILE *fp = fopen(path, "rb");
	struct xq_reader_opts o = { 0 };
	struct xq_reader *r;
	struct xq_game *g;
	struct opening *ops = NULL;
	int n = 0, cap = 0, err;

	if (!fp)
		die("%s: %s", path, strerror(errno));
	o.name = path;
	r = xq_reader_open(fp, &o, &err);
	if (!r)
		die("%s: %s", path, xq_strerror(err));
	while (xq_reader_next(r, &g) == 1) {
		struct opening op = { { 0 }, 0 };
		int dup = 0;
		if (!(g->flags & (XQ_GAME_BROKEN | XQ_GAME_SETUP)))
			for (const struct xq_node *nd = g->root.child; nd && op.n < plies; nd = nd->child)
				op.moves[op.n++] = nd->move;
		if (op.n == plies) {
			for (int i = 0; i < n && !dup; i++)
				dup = memcmp(ops[i].moves, op.moves, sizeof op.moves) == 0;
			if (!dup) {
				if (n == cap) {
					cap = cap ? cap * 2 : 64;
					ops = realloc(ops, (size_t)cap * sizeof *ops);
					if (!ops)
						die("out of memory");
				}
				ops[n++] = op;
			}
		}
		xq_game_free(g);
	}
	xq_reader_close(r);
	fclose(fp);
	*out = ops;
	return n;
}

static int repetitions(const struct game *g)
{
	int c = 1;
	for (int i = g->n - 1; i >= 0; i--)
		if (g->keys[i] == g->pos.key)
			c++;
	return c;
}

/* Play one game, engines[red] as Red.  Returns the result for Red: 2 win,
 * 1 draw, 0 loss; *why says how it ended. */
static int play(struct engine *eng[2], const struct opening *op, long ms, long xb_ms,
		int cap, FILE *gfp, const char **why, int *plies)
{
	static struct game g;
	int result = 1;

	memset(&g, 0, sizeof g);
	xq_pos_start(&g.start);
	g.pos = g.start;
	for (int i = 0; i < 2; i++)
		if (eng_new_game(eng[i]) < 0) {
			*why = "engine did not start a game";
			return i == 0 ? 0 : 2;
		}
	for (int i = 0; op && i < op->n; i++) {
		struct xq_undo u;
		g.keys[g.n] = g.pos.key;
		g.scores[g.n] = NO_SCORE;
		g.moves[g.n++] = op->moves[i];
		xq_make(&g.pos, op->moves[i], &u);
	}
	for (;;) {
		int side = g.pos.side;
		xq_move m;
		const char *fail;
		struct xq_undo u;

		if (xq_status(&g.pos) != XQ_PLAYING) {
			*why = xq_in_check(&g.pos) ? "mate" : "stalemate";
			result = side == XQ_RED ? 0 : 2;
			break;
		}
		if (repetitions(&g) >= 3) {
			*why = "repetition";
			break;
		}
		if (g.pos.halfmove >= 120) {
			*why = "120 plies without a capture";
			break;
		}
		if (g.n >= cap || g.n >= 1000) {
			*why = "move cap";
			break;
		}
		m = eng_move(eng[side], &g, side, ms, xb_ms, &fail, &g.scores[g.n]);
		if (m == XQ_MOVE_NONE) {
			*why = fail;
			result = side == XQ_RED ? 0 : 2;
			break;
		}
		g.keys[g.n] = g.pos.key;
		g.moves[g.n++] = m;
		xq_make(&g.pos, m, &u);
	}
	*plies = g.n;
	if (gfp) {
		char t[5];
		fputs(result == 2 ? "1-0" : result == 0 ? "0-1" : "1/2-1/2", gfp);
		for (int i = 0; i < g.n; i++) {
			xq_move_iccs(g.moves[i], t);
			if (g.scores[i] != NO_SCORE)
				fprintf(gfp, " %s/%d", t, g.scores[i]);
			else
				fprintf(gfp, " %s", t);
		}
		fputc('\n', gfp);
		fflush(gfp);
	}
	return result;
}

static void parse_spec(struct engine *e, const char *spec)
{
	const char *colon = strchr(spec, ':'), *slash;
	e->spec = spec;
	if (!colon)
		die("engine '%s': PROTO:PATH expected (uci, uci10 or xboard)", spec);
	if (strncmp(spec, "uci:", 4) == 0)
		e->proto = UCI;
	else if (strncmp(spec, "uci10:", 6) == 0)
		e->proto = UCI10;
	else if (strncmp(spec, "xboard:", 7) == 0)
		e->proto = XBOARD;
	else
		die("engine '%s': unknown protocol", spec);
	e->path = colon + 1;
	slash = strrchr(e->path, '/');
	e->name = slash ? slash + 1 : e->path;
}

int main(int argc, char **argv)
{
	static struct engine a, b;
	struct engine *eng[2];
	struct opening *ops = NULL;
	const char *openings = NULL, *games_path = NULL;
	long ms = 100, xb_ms = -1;
	int ngames = 20, cap = 300, plies = 8, quiet = 0, nops = 0, c;
	int wins = 0, draws = 0, losses = 0;
	double sum = 0, sum2 = 0;
	FILE *gfp = NULL;

	signal(SIGPIPE, SIG_IGN);
	while ((c = getopt(argc, argv, "1:2:g:m:n:o:p:qt:T:")) != -1) {
		switch (c) {
		case '1': if (a.nopts < 32) a.opts[a.nopts++] = optarg; break;
		case '2': if (b.nopts < 32) b.opts[b.nopts++] = optarg; break;
		case 'g': games_path = optarg; break;
		case 'm': cap = atoi(optarg); break;
		case 'n': ngames = atoi(optarg); break;
		case 'o': openings = optarg; break;
		case 'p': plies = atoi(optarg); break;
		case 'q': quiet = 1; break;
		case 't': ms = atol(optarg); break;
		case 'T': xb_ms = atol(optarg); break;
		default:
			fprintf(stderr, "usage: %s [-q] [-n games] [-t ms] [-T ms] [-m plies] [-o openings] "
				"[-p plies] [-g games.txt] [-1 NAME=VALUE] [-2 NAME=VALUE] SPEC1 SPEC2\n", prog);
			return 2;
		}
	}
	if (argc - optind != 2 || ngames < 1 || ms < 1 || cap < 1 || plies < 0 || plies > 32)
		die("two engines and sane numbers expected (see the comment at the top of bench/xqmatch.c)");
	if (xb_ms < 0)
		xb_ms = ms;
	parse_spec(&a, argv[optind]);
	parse_spec(&b, argv[optind + 1]);
	if (openings) {
		nops = read_openings(openings, plies, &ops);
		if (nops == 0)
			die("%s: no game with %d plies", openings, plies);
	}
	if (games_path && !(gfp = fopen(games_path, "w")))
		die("%s: %s", games_path, strerror(errno));
	if (eng_init(&a) < 0)
		die("%s: did not start", a.spec);
	if (eng_init(&b) < 0)
		die("%s: did not start", b.spec);

	for (int i = 0; i < ngames; i++) {
		/* Game 2k and 2k+1 share an opening, colours swapped; openings
		 * are spread over the list. */
		const struct opening *op = nops ? &ops[((long)(i / 2) * 7919) % nops] : NULL;
		int a_red = i % 2 == 0, r, np = 0;
		const char *why = "";
		double x;

		eng[0] = a_red ? &a : &b;
		eng[1] = a_red ? &b : &a;
		r = play(eng, op, ms, xb_ms, cap, gfp, &why, &np);
		x = (a_red ? r : 2 - r) / 2.0;
		wins += x == 1;
		draws += x == 0.5;
		losses += x == 0;
		sum += x;
		sum2 += x * x;
		if (!quiet)
			printf("game %d: %s (red) - %s: %s, %s, %d plies\n", i + 1, eng[0]->name,
			       eng[1]->name, r == 2 ? "1-0" : r == 0 ? "0-1" : "1/2-1/2", why, np);
		fflush(stdout);
		/* A dead engine is started again. */
		for (int k = 0; k < 2; k++) {
			struct engine *e = k ? &b : &a;
			if (waitpid(e->pid, NULL, WNOHANG) == e->pid) {
				e->pid = 0;
				close(e->to);
				close(e->from);
				if (eng_init(e) < 0)
					die("%s: died and did not start again", e->spec);
			}
		}
	}
	{
		int n = wins + draws + losses;
		double s = sum / n, var = sum2 / n - s * s, margin = 1.96 * sqrt(var / n);
		double lo = s - margin, hi = s + margin;
		#define ELO(p) ((p) <= 0 ? -999.0 : (p) >= 1 ? 999.0 : -400.0 * log10(1.0 / (p) - 1.0))
		printf("%s vs %s: %d games at %ld ms/move: +%d =%d -%d, score %.1f%% +- %.1f%% (95%%), "
		       "Elo %+.0f [%+.0f, %+.0f]\n", a.name, b.name, n, ms, wins, draws, losses,
		       100 * s, 100 * margin, ELO(s), ELO(lo), ELO(hi));
		printf("time per move: %s %.0f ms, %s %.0f ms\n", a.name,
		       a.moves ? 1000 * a.think / a.moves : 0.0, b.name,
		       b.moves ? 1000 * b.think / b.moves : 0.0);
	}
	eng_stop(&a);
	eng_stop(&b);
	if (gfp)
		fclose(gfp);
	free(ops);
	return 0;
}
