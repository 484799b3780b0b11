/*
 * diff_notation_fsf.c - differential test of the coordinate notations
 * against Fairy-Stockfish.
 *
 * Seeded random games are written by xq_move_format() in UCI10 (ranks
 * 1..10, Fairy-Stockfish's UCI dialect) and in ICCS (ranks 0..9, its UCCI
 * dialect), replayed by the engine with "position startpos moves ...", and
 * the engine's FEN ("d") must equal ours.  At the end of each game the
 * engine's legal-move list ("go perft 1") must equal our legal moves
 * written in the same notation.  TAP on stdout.
 *
 *   diff_notation_fsf [games] [seed]      (default 200 games)
 *   FSF=/path/to/fairy-stockfish overrides the engine.
 */
#include <errno.h>
#include <stdarg.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "xq.h"

static int tap_n, tap_fail;

__attribute__((format(printf, 2, 3)))
static void ok(int cond, const char *fmt, ...)
{
	va_list ap;
	tap_n++;
	tap_fail += !cond;
	printf("%sok %d - ", cond ? "" : "not ", tap_n);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
}

static unsigned long long rnd(unsigned long long *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 2685821657736338717ull;
}

struct engine {
	pid_t pid;
	FILE *in, *out;  /* we write to in, read from out */
};

static const char *engine_path(void)
{
	const char *e = getenv("FSF");
	if (e && *e)
		return e;
	if (access("/usr/games/fairy-stockfish", X_OK) == 0)
		return "/usr/games/fairy-stockfish";
	return "fairy-stockfish";
}

static int engine_start(struct engine *e, const char *path)
{
	int to[2], from[2];
	if (pipe(to) < 0 || pipe(from) < 0)
		return -1;
	e->pid = fork();
	if (e->pid < 0)
		return -1;
	if (e->pid == 0) {
		dup2(to[0], 0);
		dup2(from[1], 1);
		close(to[0]);
		close(to[1]);
		close(from[0]);
		close(from[1]);
		execlp(path, path, (char *)NULL);
		_exit(127);
	}
	close(to[0]);
	close(from[1]);
	e->in = fdopen(to[1], "w");
	e->out = fdopen(from[0], "r");
	return e->in && e->out ? 0 : -1;
}

static void engine_stop(struct engine *e)
{
	int st;
	if (e->in) {
		fputs("quit\n", e->in);
		fclose(e->in);
	}
	if (e->out)
		fclose(e->out);
	if (e->pid > 0)
		waitpid(e->pid, &st, 0);
}

/* Read lines until one starts with stop; keep the "Fen: " line in fen
 * and, if moves is not NULL, the "move: 1" lines of perft in moves. */
static int engine_read(struct engine *e, const char *stop, char *fen, size_t fensize,
		       char *moves, size_t msize)
{
	char line[4096];
	size_t mlen = 0;
	if (moves)
		moves[0] = '\0';
	while (fgets(line, sizeof line, e->out)) {
		line[strcspn(line, "\r\n")] = '\0';
		if (fen && strncmp(line, "Fen: ", 5) == 0) {
			size_t k = strlen(line + 5);
			if (k >= fensize)
				k = fensize - 1;
			memcpy(fen, line + 5, k);
			fen[k] = '\0';
		}
		if (moves && strlen(line) < 12 && strstr(line, ": ") && line[0] >= 'a' && line[0] <= 'i') {
			size_t k = strcspn(line, ":");
			if (mlen + k + 2 < msize) {
				memcpy(moves + mlen, line, k);
				mlen += k;
				moves[mlen++] = ' ';
				moves[mlen] = '\0';
			}
		}
		if (strncmp(line, stop, strlen(stop)) == 0)
			return 0;
	}
	return -1;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Sort the words of a space-separated list in place (into out). */
static void sort_words(const char *in, char *out, size_t size)
{
	char buf[8192], *words[XQ_MAX_MOVES * 2], *p;
	int n = 0;
	size_t len = 0;
	snprintf(buf, sizeof buf, "%s", in);
	for (p = strtok(buf, " "); p && n < XQ_MAX_MOVES * 2; p = strtok(NULL, " "))
		words[n++] = p;
	qsort(words, (size_t)n, sizeof words[0], cmp_str);
	out[0] = '\0';
	for (int i = 0; i < n; i++) {
		size_t k = strlen(words[i]);
		if (len + k + 2 >= size)
			break;
		if (i)
			out[len++] = ' ';
		memcpy(out + len, words[i], k + 1);
		len += k;
	}
}

/* Placement, side, half-move clock and move number (castling and en
 * passant are always "-"). */
static void fen_key(const char *fen, char *out, size_t size)
{
	char a[128] = "", b[8] = "", c[8] = "", d[8] = "", e[16] = "", f[16] = "";
	sscanf(fen, "%127s %7s %7s %7s %15s %15s", a, b, c, d, e, f);
	snprintf(out, size, "%s %s %s %s", a, b, e, f);
}

struct game {
	int plies;
	xq_move moves[400];
	struct xq_pos end;
};

static void random_game(struct game *g, unsigned long long *seed, int maxply)
{
	struct xq_pos pos;
	xq_pos_start(&pos);
	g->plies = 0;
	while (g->plies < maxply) {
		xq_move ms[XQ_MAX_MOVES];
		struct xq_undo u;
		int n = xq_legal_moves(&pos, ms);
		if (n == 0)
			break;
		g->moves[g->plies] = ms[rnd(seed) % (unsigned)n];
		xq_make(&pos, g->moves[g->plies], &u);
		g->plies++;
	}
	g->end = pos;
}

/* Replay game g in one session; returns the number of failures. */
static int check_game(struct engine *e, const struct game *g, int gi, enum xq_notation n)
{
	static char cmd[8192], fen[512], got[8192], want[8192], sorted[8192];
	struct xq_pos pos;
	size_t len;
	char ours[XQ_FEN_MAX], k1[256], k2[256];
	xq_move ms[XQ_MAX_MOVES];
	int nm, bad = 0;
	const char *name = xq_notation_name(n);

	/* the move text, each written from the position before it */
	xq_pos_start(&pos);
	len = (size_t)snprintf(cmd, sizeof cmd, "position startpos%s", g->plies ? " moves" : "");
	for (int i = 0; i < g->plies; i++) {
		char t[XQ_MOVE_TEXT_MAX];
		struct xq_undo u;
		if (xq_move_format(&pos, g->moves[i], n, 0, t, sizeof t) < 0) {
			ok(0, "game %d (%s): ply %d does not format", gi, name, i + 1);
			return 1;
		}
		len += (size_t)snprintf(cmd + len, sizeof cmd - len, " %s", t);
		xq_make(&pos, g->moves[i], &u);
	}
	fprintf(e->in, "%s\nd\nisready\n", cmd);
	fflush(e->in);
	fen[0] = '\0';
	if (engine_read(e, "readyok", fen, sizeof fen, NULL, 0) < 0) {
		ok(0, "game %d (%s): the engine stopped answering", gi, name);
		return 1;
	}
	xq_pos_to_fen(&g->end, ours, sizeof ours);
	fen_key(fen, k1, sizeof k1);
	fen_key(ours, k2, sizeof k2);
	ok(strcmp(k1, k2) == 0, "game %d (%s, %d plies): same FEN", gi, name, g->plies);
	if (strcmp(k1, k2) != 0) {
		printf("#   engine: %s\n#   ours:   %s\n", fen, ours);
		bad++;
	}

	/* the legal moves at the end, in the same notation */
	fputs("go perft 1\n", e->in);
	fflush(e->in);
	if (engine_read(e, "Nodes searched", NULL, 0, got, sizeof got) < 0) {
		ok(0, "game %d (%s): no perft answer", gi, name);
		return bad + 1;
	}
	nm = xq_legal_moves(&g->end, ms);
	len = 0;
	want[0] = '\0';
	for (int i = 0; i < nm; i++) {
		char t[XQ_MOVE_TEXT_MAX];
		xq_move_format(&g->end, ms[i], n, 0, t, sizeof t);
		len += (size_t)snprintf(want + len, sizeof want - len, "%s ", t);
	}
	sort_words(got, sorted, sizeof sorted);
	snprintf(got, sizeof got, "%s", sorted);
	sort_words(want, sorted, sizeof sorted);
	ok(strcmp(got, sorted) == 0, "game %d (%s): same %d legal moves at the end", gi, name, nm);
	if (strcmp(got, sorted) != 0) {
		printf("#   engine: %s\n#   ours:   %s\n", got, sorted);
		bad++;
	}
	return bad;
}

int main(int argc, char **argv)
{
	int games = argc > 1 ? atoi(argv[1]) : 200;
	unsigned long long seed = argc > 2 ? strtoull(argv[2], NULL, 0) : 0xd1ffull;
	const char *path = engine_path();
	struct engine uci = { 0 }, ucci = { 0 };
	struct game *g = malloc(sizeof *g);
	char fen[512];

	signal(SIGPIPE, SIG_IGN);
	if (!g)
		return 2;
	if (strchr(path, '/') ? access(path, X_OK) != 0 : system("command -v fairy-stockfish >/dev/null 2>&1") != 0) {
		ok(0, "fairy-stockfish is not installed (looked for %s; apt-get install fairy-stockfish)", path);
		printf("1..%d\n", tap_n);
		free(g);
		return 1;
	}
	if (engine_start(&uci, path) < 0 || engine_start(&ucci, path) < 0) {
		ok(0, "cannot start %s: %s", path, strerror(errno));
		printf("1..%d\n", tap_n);
		free(g);
		return 1;
	}
	/* UCI session: ranks 1..10 */
	fputs("uci\nsetoption name UCI_Variant value xiangqi\nisready\n", uci.in);
	fflush(uci.in);
	/* UCCI session: ranks 0..9 */
	fputs("ucci\nsetoption name UCI_Variant value xiangqi\nisready\n", ucci.in);
	fflush(ucci.in);
	if (engine_read(&uci, "readyok", NULL, 0, NULL, 0) < 0 ||
	    engine_read(&ucci, "readyok", NULL, 0, NULL, 0) < 0) {
		ok(0, "%s did not answer isready", path);
		printf("1..%d\n", tap_n);
		engine_stop(&uci);
		engine_stop(&ucci);
		free(g);
		return 1;
	}
	/* the start position first: is it really xiangqi? */
	fputs("position startpos\nd\nisready\n", uci.in);
	fflush(uci.in);
	fen[0] = '\0';
	engine_read(&uci, "readyok", fen, sizeof fen, NULL, 0);
	ok(strncmp(fen, "rnbakabnr/9/1c5c1/", 18) == 0, "engine plays xiangqi: %s", fen);

	for (int i = 0; i < games; i++) {
		/* lengths from 1 to 150 plies, so that the end positions vary */
		random_game(g, &seed, 1 + (int)(rnd(&seed) % 150));
		check_game(&uci, g, i + 1, XQ_NOTATION_UCI10);
		check_game(&ucci, g, i + 1, XQ_NOTATION_ICCS);
	}
	engine_stop(&uci);
	engine_stop(&ucci);
	free(g);
	printf("1..%d\n", tap_n);
	return tap_fail ? 1 : 0;
}
