/*
 * fsf.h - talk to fairy-stockfish, the oracle of the differential tests,
 * over a pair of pipes.  Its coordinates use ranks 1..10 where ICCS uses
 * 0..9.  XQ_FSF names the binary (default /usr/games/fairy-stockfish).
 */
#ifndef XQ_FSF_H
#define XQ_FSF_H

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

struct fsf {
	pid_t pid;
	FILE *to, *from;
};

static const char *fsf_path(void)
{
	const char *p = getenv("XQ_FSF");
	return p && *p ? p : "/usr/games/fairy-stockfish";
}

/* Read lines until one starts with prefix; it is left in line.  0 on EOF. */
static int fsf_wait(struct fsf *e, const char *prefix, char *line, size_t size)
{
	while (fgets(line, (int)size, e->from))
		if (strncmp(line, prefix, strlen(prefix)) == 0)
			return 1;
	return 0;
}

static int fsf_start(struct fsf *e)
{
	int in[2], out[2];
	char line[512];

	if (access(fsf_path(), X_OK) != 0 || pipe(in) || pipe(out))
		return -1;
	signal(SIGPIPE, SIG_IGN);
	e->pid = fork();
	if (e->pid < 0)
		return -1;
	if (e->pid == 0) {
		dup2(in[0], 0);
		dup2(out[1], 1);
		close(in[1]);
		close(out[0]);
		execl(fsf_path(), fsf_path(), (char *)NULL);
		_exit(127);
	}
	close(in[0]);
	close(out[1]);
	e->to = fdopen(in[1], "w");
	e->from = fdopen(out[0], "r");
	fprintf(e->to, "uci\n");
	fflush(e->to);
	if (!fsf_wait(e, "uciok", line, sizeof line))
		return -1;
	fprintf(e->to, "setoption name UCI_Variant value xiangqi\nisready\n");
	fflush(e->to);
	return fsf_wait(e, "readyok", line, sizeof line) ? 0 : -1;
}

static void fsf_stop(struct fsf *e)
{
	fprintf(e->to, "quit\n");
	fclose(e->to);
	fclose(e->from);
	waitpid(e->pid, NULL, 0);
}

/* Fairy-Stockfish square "e10" -> ICCS "e9"; returns chars consumed. */
static int fsf_square(const char *s, char out[2])
{
	int n = 1, rank = 0;
	if (s[0] < 'a' || s[0] > 'i')
		return 0;
	while (s[n] >= '0' && s[n] <= '9' && n < 3)
		rank = rank * 10 + (s[n++] - '0');
	if (n == 1 || rank < 1 || rank > 10)
		return 0;
	out[0] = s[0];
	out[1] = (char)('0' + rank - 1);
	return n;
}

#endif
