/*
 * engine.c - an external engine as a child process (see engine.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "common.h"
#include "engine.h"

#define LINE_MAX_ENGINE 65536
#define MAX_ENGINES (CMD_JOBS_MAX + 8)

/* For engine_kill_all() from a signal handler: process groups alive. */
static volatile pid_t running[MAX_ENGINES];

/* Held while an engine is started (its pipes made, forked, the parent's
 * ends marked close-on-exec), so that an engine started by another thread
 * inherits no end of them, and while running[] changes. */
static pthread_mutex_t spawn_lock = PTHREAD_MUTEX_INITIALIZER;

static void track_locked(pid_t pid, pid_t was)
{
	for (int i = 0; i < MAX_ENGINES; i++)
		if (running[i] == was) {
			running[i] = pid;
			return;
		}
}

static void track(pid_t pid, pid_t was)
{
	pthread_mutex_lock(&spawn_lock);
	track_locked(pid, was);
	pthread_mutex_unlock(&spawn_lock);
}

void engine_kill_all(void)
{
	for (int i = 0; i < MAX_ENGINES; i++)
		if (running[i] > 0)
			kill(-running[i], SIGKILL);
}

static void set_error(struct engine *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void set_error(struct engine *e, const char *fmt, ...)
{
	va_list ap;
	size_t n;
	va_start(ap, fmt);
	vsnprintf(e->error, sizeof e->error, fmt, ap);
	va_end(ap);
	n = strlen(e->error);
	if (e->last[0])
		snprintf(e->error + n, sizeof e->error - n, "; it said last: '%s'", e->last);
	else
		snprintf(e->error + n, sizeof e->error - n, "; it said nothing");
}

static long long now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Remember a line as the last thing said (control characters escaped by
 * diag() when printed; cut here). */
static void remember(struct engine *e, const char *line, size_t len)
{
	while (len && (line[len - 1] == '\r' || line[len - 1] == ' '))
		len--;
	if (!len)
		return;
	if (len >= sizeof e->last)
		len = sizeof e->last - 1;
	memcpy(e->last, line, len);
	e->last[len] = '\0';
}

static void reap(struct engine *e, int grace_ms)
{
	int status;
	if (e->pid <= 0)
		return;
	long long end = now_ms() + grace_ms;
	for (int sig = 0; sig < 3; sig++) {
		while (now_ms() < end) {
			pid_t r = waitpid(e->pid, &status, WNOHANG);
			if (r == e->pid || (r < 0 && errno == ECHILD))
				goto done;
			struct timespec ts = { 0, 10 * 1000000 };
			nanosleep(&ts, NULL);
		}
		kill(-e->pid, sig == 0 ? SIGTERM : SIGKILL);
		end = now_ms() + 1000;
	}
	waitpid(e->pid, &status, 0);
done:
	/* the rest of its process group (a script's children) */
	kill(-e->pid, SIGKILL);
	track(0, e->pid);
	e->pid = 0;
}

static void close_fds(struct engine *e)
{
	if (e->to_fd >= 0)
		close(e->to_fd);
	if (e->from_fd >= 0)
		close(e->from_fd);
	if (e->err_fd >= 0)
		close(e->err_fd);
	e->to_fd = e->from_fd = e->err_fd = -1;
}

static void kill_engine(struct engine *e)
{
	if (e->pid > 0)
		kill(-e->pid, SIGKILL);
	close_fds(e);
	reap(e, 1000);
}

void engine_stop(struct engine *e)
{
	if (e->pid > 0 && e->to_fd >= 0) {
		static const char quit[] = "quit\n";
		ssize_t w = write(e->to_fd, quit, sizeof quit - 1);
		(void)w;
	}
	close_fds(e);
	reap(e, 1000);
	free(e->buf);
	free(e->ebuf);
	e->buf = e->ebuf = NULL;
	e->blen = e->elen = 0;
}

static int send_text(struct engine *e, const char *s, size_t len)
{
	while (len) {
		ssize_t w = write(e->to_fd, s, len);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			set_error(e, "engine '%s' stopped reading its input (%s)", e->name,
				  strerror(errno));
			return -1;
		}
		s += w;
		len -= (size_t)w;
	}
	return 0;
}

static int sendf(struct engine *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int sendf(struct engine *e, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= sizeof buf)
		return -1;
	return send_text(e, buf, (size_t)n);
}

/* Why the child is gone, for messages. */
static void exit_reason(struct engine *e, char *out, size_t size)
{
	int status;
	pid_t r = e->pid > 0 ? waitpid(e->pid, &status, 0) : -1;
	if (r == e->pid && WIFEXITED(status))
		snprintf(out, size, "exit status %d", WEXITSTATUS(status));
	else if (r == e->pid && WIFSIGNALED(status))
		snprintf(out, size, "killed by signal %d", WTERMSIG(status));
	else
		snprintf(out, size, "closed its output");
	if (r == e->pid) {
		kill(-e->pid, SIGKILL);
		track(0, e->pid);
		e->pid = 0;
	}
}

/* Collect stderr lines (kept only as "what it said last"). */
static void drain_stderr(struct engine *e)
{
	char tmp[4096];
	ssize_t r = read(e->err_fd, tmp, sizeof tmp);
	if (r <= 0) {
		close(e->err_fd);
		e->err_fd = -1;
		return;
	}
	for (ssize_t i = 0; i < r; i++) {
		if (tmp[i] == '\n') {
			remember(e, e->ebuf, e->elen);
			e->elen = 0;
		} else if (e->elen < 1024) {
			e->ebuf[e->elen++] = tmp[i];
		}
	}
}

/*
 * The next line from the engine's stdout into *line (NUL-terminated, in
 * e->buf, valid until the next call), waiting until deadline (a now_ms()
 * time).  1 a line, 0 timed out, -1 the engine closed its output (died).
 * Lines longer than LINE_MAX_ENGINE are cut.
 */
static int read_line(struct engine *e, long long deadline, char **line, size_t *len)
{
	if (e->skip) {  /* the previous line */
		memmove(e->buf, e->buf + e->skip, e->blen - e->skip);
		e->blen -= e->skip;
		e->skip = 0;
	}
	for (;;) {
		char *nl = memchr(e->buf, '\n', e->blen);
		if (nl || e->blen >= LINE_MAX_ENGINE) {
			size_t n = nl ? (size_t)(nl - e->buf) : e->blen;
			e->skip = nl ? n + 1 : n;
			if (n && e->buf[n - 1] == '\r')
				n--;
			/* the byte after the line is '\n' or spare room */
			e->buf[n] = '\0';
			*line = e->buf;
			*len = n;
			remember(e, e->buf, n);
			return 1;
		}
		struct pollfd pf[2] = { { e->from_fd, POLLIN, 0 }, { e->err_fd, POLLIN, 0 } };
		long long left = deadline - now_ms();
		if (left <= 0)
			return 0;
		int r = poll(pf, e->err_fd >= 0 ? 2 : 1, left > 1000000 ? 1000000 : (int)left);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return -1;
		if (r == 0)
			continue;
		if (e->err_fd >= 0 && (pf[1].revents & (POLLIN | POLLHUP | POLLERR)))
			drain_stderr(e);
		if (pf[0].revents & (POLLIN | POLLHUP | POLLERR)) {
			ssize_t got = read(e->from_fd, e->buf + e->blen, LINE_MAX_ENGINE - e->blen);
			if (got < 0 && errno == EINTR)
				continue;
			if (got <= 0) {
				if (e->blen) {  /* a last line without its newline */
					e->buf[e->blen] = '\n';
					e->blen++;
					continue;
				}
				return -1;
			}
			e->blen += (size_t)got;
		}
	}
}

/* The engine failed: say why (died, hung), kill it, return -1. */
static int fail_read(struct engine *e, int rc, const char *waiting_for)
{
	if (rc < 0) {
		char why[64];
		close_fds(e);
		exit_reason(e, why, sizeof why);
		set_error(e, "engine '%s' died (%s) while we waited for %s", e->name, why,
			  waiting_for);
	} else {
		set_error(e, "engine '%s' gave no %s in time", e->name, waiting_for);
	}
	kill_engine(e);
	return -1;
}

/* Read until a message of kind want; others go to detection.  0, or -1
 * (the engine failed and is gone); with soft, a timeout is 1 and the
 * engine stays. */
static int wait_for_soft(struct engine *e, enum xq_uci_kind want, int ms, const char *what,
			 int soft, int *heard)
{
	long long deadline = now_ms() + ms;
	char *line;
	size_t len;
	int rc;
	struct xq_uci_msg m;
	while ((rc = read_line(e, deadline, &line, &len)) > 0) {
		enum xq_uci_kind k = xq_uci_parse(line, len, e->dialect, &m);
		if (k == XQ_UCI_ID_NAME && !e->named && m.text[0]) {
			snprintf(e->name, sizeof e->name, "%s", m.text);
			e->named = 1;
		}
		if (k == XQ_UCI_OPTION && !strcasecmp(m.text, "usemillisec"))
			e->have_usemillisec = 1;
		if (e->forced == XQ_UCI_AUTO && (e->dialect != XQ_UCI_UCCI || k == XQ_UCI_UCIOK))
			xq_uci_detect(&e->dialect, &m);
		if (heard && k != XQ_UCI_EMPTY && k != XQ_UCI_UNKNOWN)
			*heard = 1;
		if (k == want)
			return 0;
	}
	if (rc == 0 && soft)
		return 1;
	return fail_read(e, rc, what);
}

static int wait_for(struct engine *e, enum xq_uci_kind want, int ms, const char *what)
{
	return wait_for_soft(e, want, ms, what, 0, NULL);
}

int engine_start(struct engine *e)
{
	int in[2], out[2], err[2], exe[2];
	char argv0[200];
	snprintf(argv0, sizeof argv0, "%s", e->argv[0]);
	e->pid = 0;
	e->to_fd = e->from_fd = e->err_fd = -1;
	e->name[0] = e->last[0] = e->error[0] = '\0';
	e->blen = e->elen = e->skip = 0;
	e->have_usemillisec = 0;
	e->exec_failed = 0;
	if (!e->handshake_ms)
		e->handshake_ms = 10000;
	if (!e->search_ms)
		e->search_ms = 60000;
	if (!e->buf && !(e->buf = malloc(LINE_MAX_ENGINE + 1)))
		die(EXIT_TROUBLE, "out of memory");
	if (!e->ebuf && !(e->ebuf = malloc(1025)))
		die(EXIT_TROUBLE, "out of memory");
	pthread_mutex_lock(&spawn_lock);
	if (pipe(in) < 0 || pipe(out) < 0 || pipe(err) < 0 || pipe(exe) < 0) {
		snprintf(e->error, sizeof e->error, "cannot run engine '%s': %s", argv0, strerror(errno));
		pthread_mutex_unlock(&spawn_lock);
		return -1;
	}
	fcntl(exe[1], F_SETFD, FD_CLOEXEC);
	fflush(NULL);
	pid_t pid = fork();
	if (pid < 0) {
		snprintf(e->error, sizeof e->error, "cannot run engine '%s': %s", argv0, strerror(errno));
		close(in[0]); close(in[1]); close(out[0]); close(out[1]);
		close(err[0]); close(err[1]); close(exe[0]); close(exe[1]);
		pthread_mutex_unlock(&spawn_lock);
		return -1;
	}
	if (pid == 0) {
		/* its own process group, so that a hung script and its
		 * children can be killed together */
		setpgid(0, 0);
		signal(SIGPIPE, SIG_DFL);
		dup2(in[0], 0);
		dup2(out[1], 1);
		dup2(err[1], 2);
		close(in[0]); close(in[1]); close(out[0]); close(out[1]);
		close(err[0]); close(err[1]); close(exe[0]);
		execvp(e->argv[0], e->argv);
		int code = errno;
		ssize_t w = write(exe[1], &code, sizeof code);
		(void)w;
		_exit(127);
	}
	setpgid(pid, pid);  /* both sides, against the race */
	e->pid = pid;
	track_locked(pid, 0);
	close(in[0]); close(out[1]); close(err[1]); close(exe[1]);
	e->to_fd = in[1];
	e->from_fd = out[0];
	e->err_fd = err[0];
	fcntl(e->to_fd, F_SETFD, FD_CLOEXEC);
	fcntl(e->from_fd, F_SETFD, FD_CLOEXEC);
	fcntl(e->err_fd, F_SETFD, FD_CLOEXEC);
	pthread_mutex_unlock(&spawn_lock);
	{
		int code = 0;
		ssize_t r;
		while ((r = read(exe[0], &code, sizeof code)) < 0 && errno == EINTR)
			;
		close(exe[0]);
		if (r == (ssize_t)sizeof code) {
			e->exec_failed = 1;
			snprintf(e->error, sizeof e->error, "cannot run engine '%s': %s", argv0,
				 strerror(code));
			close_fds(e);
			reap(e, 1000);
			return -1;
		}
	}
	snprintf(e->name, sizeof e->name, "%s", argv0);
	e->named = 0;
	e->dialect = e->forced;
	if (e->dialect == XQ_UCI_UCCI) {
		if (sendf(e, "ucci\n") < 0 || wait_for(e, XQ_UCI_UCIOK, e->handshake_ms, "ucciok") < 0)
			goto failed;
	} else if (e->dialect == XQ_UCI_AUTO) {
		/* UCI first; an engine that says nothing of UCI to it in a
		 * while may speak UCCI */
		int heard = 0, ms = e->handshake_ms < 2000 ? e->handshake_ms : 2000;
		if (sendf(e, "uci\n") < 0)
			goto failed;
		int r = wait_for_soft(e, XQ_UCI_UCIOK, ms, "uciok", 1, &heard);
		if (r < 0)
			goto failed;
		if (r > 0 && heard)
			r = wait_for(e, XQ_UCI_UCIOK, e->handshake_ms - ms, "uciok");
		else if (r > 0) {
			e->dialect = XQ_UCI_UCCI;
			if (sendf(e, "ucci\n") < 0 ||
			    wait_for(e, XQ_UCI_UCIOK, e->handshake_ms, "uciok or ucciok") < 0)
				goto failed;
		}
		if (r < 0)
			goto failed;
	} else {
		if (sendf(e, "uci\n") < 0 || wait_for(e, XQ_UCI_UCIOK, e->handshake_ms, "uciok") < 0)
			goto failed;
	}
	if (e->dialect == XQ_UCI_AUTO)
		e->dialect = XQ_UCI_PIKAFISH;
	char cmd[1024];
	if (e->dialect == XQ_UCI_FSF &&
	    (xq_uci_setoption(cmd, sizeof cmd, e->dialect, "UCI_Variant", "xiangqi") < 0 ||
	     send_text(e, cmd, strlen(cmd)) < 0))
		goto failed;
	if (e->dialect == XQ_UCI_UCCI && e->have_usemillisec &&
	    sendf(e, "setoption usemillisec true\n") < 0)
		goto failed;
	for (int i = 0; i < e->noptions; i++) {
		int n = xq_uci_setoption(cmd, sizeof cmd, e->dialect, e->options[i].name,
					 e->options[i].value);
		if (n < 0 || (size_t)n >= sizeof cmd) {
			snprintf(e->error, sizeof e->error, "bad engine option '%s'", e->options[i].name);
			kill_engine(e);
			return -1;
		}
		if (send_text(e, cmd, (size_t)n) < 0)
			goto failed;
	}
	if (sendf(e, "isready\n") < 0 || wait_for(e, XQ_UCI_READYOK, e->handshake_ms, "readyok") < 0)
		goto failed;
	return 0;
failed:
	if (!e->error[0])
		set_error(e, "engine '%s' failed", e->name[0] ? e->name : argv0);
	kill_engine(e);
	return -1;
}

int engine_new_game(struct engine *e)
{
	if (e->dialect != XQ_UCI_UCCI && sendf(e, "ucinewgame\n") < 0) {
		kill_engine(e);
		return -1;
	}
	if (sendf(e, "isready\n") < 0) {
		kill_engine(e);
		return -1;
	}
	return wait_for(e, XQ_UCI_READYOK, e->handshake_ms, "readyok");
}

/* The pv as moves of pos, up to the first that is not legal. */
static int read_pv(const struct xq_pos *pos, enum xq_uci_dialect d,
		   const struct xq_uci_msg *m, xq_move *pv)
{
	struct xq_pos p = *pos;
	int n = 0;
	for (int i = 0; i < m->npv; i++) {
		struct xq_undo u;
		if (xq_uci_move_parse(&p, m->pv[i], d, &pv[n]) < 0)
			break;
		xq_make(&p, pv[n], &u);
		n++;
	}
	return n;
}

int engine_search(struct engine *e, const char *fen, const xq_move *moves, int n,
		  const struct xq_pos *pos, const struct xq_search_limits *lim,
		  struct xq_search_info *out)
{
	size_t need = (size_t)n * 8 + XQ_FEN_MAX + 64;
	char *cmd = malloc(need), go[128];
	struct xq_uci_msg m;
	char *line;
	size_t len;
	int rc, stopped = 0, scored = 0;
	if (!cmd)
		die(EXIT_TROUBLE, "out of memory");
	memset(out, 0, sizeof *out);
	struct xq_search_limits l = *lim;
	if (xq_uci_position(cmd, need, e->dialect, fen, moves, n) < 0 ||
	    xq_uci_go(go, sizeof go, e->dialect, &l) < 0) {
		free(cmd);
		snprintf(e->error, sizeof e->error, "internal error: cannot write the position");
		return -1;
	}
	rc = send_text(e, cmd, strlen(cmd));
	free(cmd);
	if (rc < 0 || send_text(e, go, strlen(go)) < 0) {
		kill_engine(e);
		return -1;
	}
	long long deadline = now_ms() + e->search_ms + lim->movetime_ms;
	for (;;) {
		rc = read_line(e, deadline, &line, &len);
		if (rc == 0 && !stopped) {
			/* hung? ask it to stop, give it a second */
			stopped = 1;
			if (send_text(e, "stop\n", 5) < 0) {
				kill_engine(e);
				return -1;
			}
			deadline = now_ms() + 1000;
			continue;
		}
		if (rc <= 0)
			return fail_read(e, rc, "bestmove");
		enum xq_uci_kind k = xq_uci_parse(line, len, e->dialect, &m);
		if (k == XQ_UCI_INFO && (m.has & XQ_UCI_HAS_SCORE) && (!(m.has & XQ_UCI_HAS_MULTIPV) || m.multipv <= 1)) {
			out->score = m.score;
			scored = 1;
			if (m.has & XQ_UCI_HAS_DEPTH)
				out->depth = m.depth;
			if (m.has & XQ_UCI_HAS_SELDEPTH)
				out->seldepth = m.seldepth;
			if (m.has & XQ_UCI_HAS_NODES)
				out->nodes = m.nodes;
			if (m.has & XQ_UCI_HAS_TIME)
				out->time_ms = m.time_ms;
			if (m.has & XQ_UCI_HAS_PV)
				out->npv = read_pv(pos, e->dialect, &m, out->pv);
		} else if (k == XQ_UCI_NOBESTMOVE) {
			if (xq_status(pos) == XQ_PLAYING) {
				set_error(e, "engine '%s' found no move in a position with legal moves", e->name);
				kill_engine(e);
				return -1;
			}
			out->npv = 0;
			out->score = -XQ_SCORE_MATE;
			break;
		} else if (k == XQ_UCI_BESTMOVE) {
			xq_move best;
			if (xq_uci_move_parse(pos, m.best, e->dialect, &best) < 0) {
				set_error(e, "engine '%s' answered an illegal move '%s' (dialect %s)",
					  e->name, m.best, xq_uci_dialect_name(e->dialect));
				kill_engine(e);
				return -1;
			}
			if (!scored) {
				set_error(e, "engine '%s' named its best move without a score", e->name);
				kill_engine(e);
				return -1;
			}
			if (out->npv == 0 || out->pv[0] != best) {
				out->pv[0] = best;
				out->npv = 1;
			}
			break;
		} else if (k == XQ_UCI_BAD) {
			/* a malformed known message: garbage */
			snprintf(e->last, sizeof e->last, "%.*s", (int)(len > 300 ? 300 : len), line);
			set_error(e, "engine '%s' wrote a malformed line (%s)", e->name, m.text);
			kill_engine(e);
			return -1;
		}
	}
	return 0;
}
