/*
 * engine_process.c - an external UCI/UCCI engine run as a child process
 * over pipes (no shell): fork/exec, line reading with poll() timeouts, a
 * dead, hung or garbage-speaking engine detected and reported with the
 * last thing it said, and the child always reaped.  The protocol text is
 * lib/uci.c.  No global state: every descriptor is made close-on-exec as
 * it is made (pipe2), so that an engine started by another thread at the
 * same moment inherits none of them.
 */
#define _GNU_SOURCE 1   /* pipe2 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "xq.h"

#define LINE_MAX_ENGINE 65536
#define ERR_LINE_MAX 1024

struct xq_engine_process {
	struct xq_engine_process_opts o;
	volatile sig_atomic_t pid;     /* its process group too; 0: none */
	int to_fd, from_fd, err_fd;
	enum xq_uci_dialect dialect;
	char name[XQ_UCI_TEXT_MAX];    /* id name, or argv[0] */
	char last[320];                /* the last line it wrote (stdout or stderr) */
	char error[600];               /* why the last call failed */
	char *buf, *ebuf;              /* line buffers */
	size_t blen, elen, skip;
	int have_usemillisec;
	int named;                     /* name is the engine's own (id name) */
	int failed_at;                 /* the failed search's nmoves, -1: no search */
	long starts;
};

static void set_error(struct xq_engine_process *e, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void set_error(struct xq_engine_process *e, const char *fmt, ...)
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

/* Remember a line as the last thing said (cut here; control characters
 * are the printer's to escape). */
static void remember(struct xq_engine_process *e, const char *line, size_t len)
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

/* Wait up to grace_ms for the child to end, then TERM, then KILL it; and
 * kill the rest of its process group (a script's children). */
static void reap(struct xq_engine_process *e, int grace_ms)
{
	int status;
	pid_t pid = e->pid;
	if (pid <= 0)
		return;
	long long end = now_ms() + grace_ms;
	for (int sig = 0; sig < 3; sig++) {
		while (now_ms() < end) {
			pid_t r = waitpid(pid, &status, WNOHANG);
			if (r == pid || (r < 0 && errno == ECHILD))
				goto done;
			struct timespec ts = { 0, 10 * 1000000 };
			nanosleep(&ts, NULL);
		}
		kill(-pid, sig == 0 ? SIGTERM : SIGKILL);
		end = now_ms() + 1000;
	}
	waitpid(pid, &status, 0);
done:
	kill(-pid, SIGKILL);
	e->pid = 0;
}

static void close_fds(struct xq_engine_process *e)
{
	if (e->to_fd >= 0)
		close(e->to_fd);
	if (e->from_fd >= 0)
		close(e->from_fd);
	if (e->err_fd >= 0)
		close(e->err_fd);
	e->to_fd = e->from_fd = e->err_fd = -1;
}

static void kill_engine(struct xq_engine_process *e)
{
	pid_t pid = e->pid;
	if (pid > 0)
		kill(-pid, SIGKILL);
	close_fds(e);
	reap(e, 1000);
}

void xq_engine_process_kill(const struct xq_engine_process *e)
{
	pid_t pid = e ? e->pid : 0;   /* read once: it may go to 0 meanwhile */
	if (pid > 0)
		kill(-pid, SIGKILL);
}

void xq_engine_process_stop(struct xq_engine_process *e)
{
	if (e->pid > 0 && e->to_fd >= 0) {
		static const char quit[] = "quit\n";
		ssize_t w = write(e->to_fd, quit, sizeof quit - 1);
		(void)w;
	}
	close_fds(e);
	reap(e, 1000);
	e->blen = e->elen = e->skip = 0;
}

static int send_text(struct xq_engine_process *e, const char *s, size_t len)
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

static int sendf(struct xq_engine_process *e, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static int sendf(struct xq_engine_process *e, const char *fmt, ...)
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

/* Why the child is gone, for messages; it is reaped. */
static void exit_reason(struct xq_engine_process *e, char *out, size_t size)
{
	int status;
	pid_t pid = e->pid;
	pid_t r = pid > 0 ? waitpid(pid, &status, 0) : -1;
	if (r == pid && WIFEXITED(status))
		snprintf(out, size, "exit status %d", WEXITSTATUS(status));
	else if (r == pid && WIFSIGNALED(status))
		snprintf(out, size, "killed by signal %d", WTERMSIG(status));
	else
		snprintf(out, size, "closed its output");
	if (r == pid) {
		kill(-pid, SIGKILL);
		e->pid = 0;
	}
}

/* Collect stderr lines (kept only as "what it said last"). */
static void drain_stderr(struct xq_engine_process *e)
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
		} else if (e->elen < ERR_LINE_MAX) {
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
static int read_line(struct xq_engine_process *e, long long deadline, char **line, size_t *len)
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

/* The engine failed: say why (died, hung), kill it, return XQ_EIO. */
static int fail_read(struct xq_engine_process *e, int rc, const char *waiting_for)
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
	return XQ_EIO;
}

/* Read until a message of kind want; others go to detection.  0, or
 * XQ_EIO (the engine failed and is gone); with soft, a timeout is 1 and
 * the engine stays. */
static int wait_for_soft(struct xq_engine_process *e, enum xq_uci_kind want, int ms,
			 const char *what, int soft, int *heard)
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
		if (e->o.dialect == XQ_UCI_AUTO && (e->dialect != XQ_UCI_UCCI || k == XQ_UCI_UCIOK))
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

static int wait_for(struct xq_engine_process *e, enum xq_uci_kind want, int ms, const char *what)
{
	return wait_for_soft(e, want, ms, what, 0, NULL);
}

struct xq_engine_process *xq_engine_process_new(const struct xq_engine_process_opts *o, int *err)
{
	struct xq_engine_process *e;
	if (!o || !o->argv || !o->argv[0] || o->noptions < 0 || (o->noptions && !o->options) ||
	    o->handshake_ms < 0 || o->search_ms < 0) {
		if (err)
			*err = XQ_EINVAL;
		return NULL;
	}
	if (!(e = calloc(1, sizeof *e)) || !(e->buf = malloc(LINE_MAX_ENGINE + 1)) ||
	    !(e->ebuf = malloc(ERR_LINE_MAX + 1))) {
		if (e)
			free(e->buf);
		free(e);
		if (err)
			*err = XQ_ENOMEM;
		return NULL;
	}
	e->o = *o;
	if (!e->o.handshake_ms)
		e->o.handshake_ms = 10000;
	if (!e->o.search_ms)
		e->o.search_ms = 60000;
	e->to_fd = e->from_fd = e->err_fd = -1;
	e->failed_at = -1;
	snprintf(e->name, sizeof e->name, "%s", o->argv[0]);
	return e;
}

void xq_engine_process_free(struct xq_engine_process *e)
{
	if (!e)
		return;
	xq_engine_process_stop(e);
	free(e->buf);
	free(e->ebuf);
	free(e);
}

/* In the child: fd as descriptor target, open across exec (dup2 leaves
 * the copy so; fd already target keeps its close-on-exec flag, cleared). */
static void onto(int fd, int target)
{
	if (fd == target)
		fcntl(fd, F_SETFD, 0);
	else
		dup2(fd, target);
}

/* Fork and exec argv[0] with its stdin, stdout and stderr on pipes, in a
 * process group of its own.  0, XQ_EINVAL (it cannot be run at all) or
 * XQ_EIO (no pipe or process), with e->error set. */
static int spawn(struct xq_engine_process *e, const char *argv0)
{
	int in[2], out[2], err[2], exe[2];
	int made = 0;
	if (pipe2(in, O_CLOEXEC) == 0 && ++made && pipe2(out, O_CLOEXEC) == 0 && ++made &&
	    pipe2(err, O_CLOEXEC) == 0 && ++made && pipe2(exe, O_CLOEXEC) == 0)
		made++;
	if (made < 4) {
		snprintf(e->error, sizeof e->error, "cannot run engine '%s': %s", argv0, strerror(errno));
		int *fds[3] = { in, out, err };
		for (int i = 0; i < made; i++) {
			close(fds[i][0]);
			close(fds[i][1]);
		}
		return XQ_EIO;
	}
	pid_t pid = fork();
	if (pid < 0) {
		snprintf(e->error, sizeof e->error, "cannot run engine '%s': %s", argv0, strerror(errno));
		close(in[0]); close(in[1]); close(out[0]); close(out[1]);
		close(err[0]); close(err[1]); close(exe[0]); close(exe[1]);
		return XQ_EIO;
	}
	if (pid == 0) {
		/* its own process group, so that a hung script and its
		 * children can be killed together; SIGPIPE at its default
		 * whatever the caller made of it (an ignored signal stays
		 * ignored across exec) */
		setpgid(0, 0);
		signal(SIGPIPE, SIG_DFL);
		/* every other descriptor of the pipes is close-on-exec,
		 * exe[1] too, so that a successful exec closes it */
		onto(in[0], 0);
		onto(out[1], 1);
		onto(err[1], 2);
		execvp(e->o.argv[0], e->o.argv);
		int code = errno;
		ssize_t w = write(exe[1], &code, sizeof code);
		(void)w;
		_exit(127);
	}
	setpgid(pid, pid);  /* both sides, against the race */
	e->pid = pid;
	close(in[0]); close(out[1]); close(err[1]); close(exe[1]);
	e->to_fd = in[1];
	e->from_fd = out[0];
	e->err_fd = err[0];
	int code = 0;
	ssize_t r;
	while ((r = read(exe[0], &code, sizeof code)) < 0 && errno == EINTR)
		;
	close(exe[0]);
	if (r == (ssize_t)sizeof code) {
		snprintf(e->error, sizeof e->error, "cannot run engine '%s': %s", argv0, strerror(code));
		close_fds(e);
		reap(e, 1000);
		return XQ_EINVAL;
	}
	return 0;
}

int xq_engine_process_start(struct xq_engine_process *e)
{
	char argv0[200];
	int rc;
	if (e->pid > 0)
		xq_engine_process_stop(e);
	snprintf(argv0, sizeof argv0, "%s", e->o.argv[0]);
	e->name[0] = e->last[0] = e->error[0] = '\0';
	e->blen = e->elen = e->skip = 0;
	e->have_usemillisec = 0;
	e->failed_at = -1;
	if ((rc = spawn(e, argv0)) < 0)
		return rc;
	snprintf(e->name, sizeof e->name, "%s", argv0);
	e->named = 0;
	e->dialect = e->o.dialect;
	int hs = e->o.handshake_ms;
	if (e->dialect == XQ_UCI_UCCI) {
		if (sendf(e, "ucci\n") < 0 || wait_for(e, XQ_UCI_UCIOK, hs, "ucciok") < 0)
			goto failed;
	} else if (e->dialect == XQ_UCI_AUTO) {
		/* UCI first; an engine that says nothing of UCI to it in a
		 * while may speak UCCI */
		int heard = 0, ms = hs < 2000 ? hs : 2000;
		if (sendf(e, "uci\n") < 0)
			goto failed;
		int r = wait_for_soft(e, XQ_UCI_UCIOK, ms, "uciok", 1, &heard);
		if (r < 0)
			goto failed;
		if (r > 0 && heard)
			r = wait_for(e, XQ_UCI_UCIOK, hs - ms, "uciok");
		else if (r > 0) {
			e->dialect = XQ_UCI_UCCI;
			if (sendf(e, "ucci\n") < 0 ||
			    wait_for(e, XQ_UCI_UCIOK, hs, "uciok or ucciok") < 0)
				goto failed;
		}
		if (r < 0)
			goto failed;
	} else {
		if (sendf(e, "uci\n") < 0 || wait_for(e, XQ_UCI_UCIOK, hs, "uciok") < 0)
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
	for (int i = 0; i < e->o.noptions; i++) {
		int n = xq_uci_setoption(cmd, sizeof cmd, e->dialect, e->o.options[i].name,
					 e->o.options[i].value);
		if (n < 0 || (size_t)n >= sizeof cmd) {
			snprintf(e->error, sizeof e->error, "bad engine option '%s'", e->o.options[i].name);
			kill_engine(e);
			return XQ_EIO;
		}
		if (send_text(e, cmd, (size_t)n) < 0)
			goto failed;
	}
	if (sendf(e, "isready\n") < 0 || wait_for(e, XQ_UCI_READYOK, hs, "readyok") < 0)
		goto failed;
	e->starts++;
	return 0;
failed:
	if (!e->error[0])
		set_error(e, "engine '%s' failed", e->name[0] ? e->name : argv0);
	kill_engine(e);
	return XQ_EIO;
}

int xq_engine_process_new_game(struct xq_engine_process *e)
{
	e->failed_at = -1;
	if (e->pid <= 0) {
		set_error(e, "engine '%s' is not running", e->name);
		return XQ_EIO;
	}
	if (e->dialect != XQ_UCI_UCCI && sendf(e, "ucinewgame\n") < 0) {
		kill_engine(e);
		return XQ_EIO;
	}
	if (sendf(e, "isready\n") < 0) {
		kill_engine(e);
		return XQ_EIO;
	}
	return wait_for(e, XQ_UCI_READYOK, e->o.handshake_ms, "readyok");
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

/* The search's failure: the engine is killed, the place kept. */
static int search_failed(struct xq_engine_process *e, int n)
{
	kill_engine(e);
	e->failed_at = n;
	return XQ_EIO;
}

int xq_engine_process_search(struct xq_engine_process *e, const char *fen, const xq_move *moves,
			     int n, const struct xq_pos *pos, const struct xq_search_limits *lim,
			     struct xq_search_info *out)
{
	char go[128];
	struct xq_uci_msg m;
	char *line;
	size_t len;
	int rc, stopped = 0, scored = 0;
	memset(out, 0, sizeof *out);
	e->failed_at = n;
	if (e->pid <= 0) {
		set_error(e, "engine '%s' is not running", e->name);
		return XQ_EIO;
	}
	if (n < 0) {
		snprintf(e->error, sizeof e->error, "internal error: cannot write the position");
		return XQ_EINVAL;
	}
	size_t need = (size_t)n * 8 + XQ_FEN_MAX + 64;
	char *cmd = malloc(need);
	if (!cmd) {
		snprintf(e->error, sizeof e->error, "out of memory");
		return XQ_ENOMEM;
	}
	struct xq_search_limits l = *lim;
	if (xq_uci_position(cmd, need, e->dialect, fen, moves, n) < 0 ||
	    xq_uci_go(go, sizeof go, e->dialect, &l) < 0) {
		free(cmd);
		snprintf(e->error, sizeof e->error, "internal error: cannot write the position");
		return XQ_EINVAL;
	}
	rc = send_text(e, cmd, strlen(cmd));
	free(cmd);
	if (rc < 0 || send_text(e, go, strlen(go)) < 0)
		return search_failed(e, n);
	long long deadline = now_ms() + e->o.search_ms + lim->movetime_ms;
	for (;;) {
		rc = read_line(e, deadline, &line, &len);
		if (rc == 0 && !stopped) {
			/* hung? ask it to stop, give it a second */
			stopped = 1;
			if (send_text(e, "stop\n", 5) < 0)
				return search_failed(e, n);
			deadline = now_ms() + 1000;
			continue;
		}
		if (rc <= 0)
			return fail_read(e, rc, "bestmove");
		enum xq_uci_kind k = xq_uci_parse(line, len, e->dialect, &m);
		if (k == XQ_UCI_INFO && (m.has & XQ_UCI_HAS_SCORE) &&
		    (!(m.has & XQ_UCI_HAS_MULTIPV) || m.multipv <= 1)) {
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
				set_error(e, "engine '%s' found no move in a position with legal moves",
					  e->name);
				return search_failed(e, n);
			}
			out->npv = 0;
			out->score = -XQ_SCORE_MATE;
			break;
		} else if (k == XQ_UCI_BESTMOVE) {
			xq_move best;
			if (xq_uci_move_parse(pos, m.best, e->dialect, &best) < 0) {
				set_error(e, "engine '%s' answered an illegal move '%s' (dialect %s)",
					  e->name, m.best, xq_uci_dialect_name(e->dialect));
				return search_failed(e, n);
			}
			if (!scored) {
				set_error(e, "engine '%s' named its best move without a score", e->name);
				return search_failed(e, n);
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
			return search_failed(e, n);
		}
	}
	e->error[0] = '\0';
	e->failed_at = -1;
	return 0;
}

int xq_engine_process_running(const struct xq_engine_process *e)
{
	return e->pid > 0;
}

const char *xq_engine_process_name(const struct xq_engine_process *e)
{
	return e->name;
}

enum xq_uci_dialect xq_engine_process_dialect(const struct xq_engine_process *e)
{
	return e->dialect;
}

const char *xq_engine_process_last(const struct xq_engine_process *e)
{
	return e->last;
}

const char *xq_engine_process_error(const struct xq_engine_process *e)
{
	return e->error;
}

int xq_engine_process_failed_at(const struct xq_engine_process *e)
{
	return e->failed_at;
}

long xq_engine_process_starts(const struct xq_engine_process *e)
{
	return e->starts;
}

/* --------------------------------------- as the annotation driver's engine */

static int external_new_game(struct xq_engine *x)
{
	struct xq_engine_process *e = x->data;
	int rc;
	x->restarted = 0;
	if (e->pid <= 0) {
		if ((rc = xq_engine_process_start(e)) < 0)
			return rc;
		x->restarted = 1;
	}
	if ((rc = xq_engine_process_new_game(e)) < 0)
		return rc;
	x->no_searchmoves = e->dialect == XQ_UCI_UCCI;
	return 0;
}

static const char *external_error(const struct xq_engine *x)
{
	return xq_engine_process_error(x->data);
}

static int external_search(struct xq_engine *x, const struct xq_engine_query *q,
			   struct xq_search_info *out)
{
	return xq_engine_process_search(x->data, q->fen, q->moves, q->nmoves, q->pos, q->lim, out);
}

void xq_engine_external(struct xq_engine *x, struct xq_engine_process *e)
{
	memset(x, 0, sizeof *x);
	x->new_game = external_new_game;
	x->search = external_search;
	x->data = e;
	x->no_searchmoves = e->dialect == XQ_UCI_UCCI;
	x->error = external_error;
}
