/*
 * progress.c - the progress line (see progress.h).  State in statics: one
 * line per process.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "common.h"
#include "progress.h"

static struct {
	double start, last, interval;
	uint64_t total;
} pline;

void progress_meter_set(struct progress_meter *m, long games, uint64_t bytes)
{
	/* (the command reads them at any time: no more than a number each) */
	atomic_store_explicit(&m->games, games, memory_order_relaxed);
	atomic_store_explicit(&m->bytes, bytes, memory_order_relaxed);
}

int progress_wanted(int quiet, int out_as_read)
{
	return !quiet && isatty(STDERR_FILENO) && !(out_as_read && isatty(STDOUT_FILENO));
}

void progress_begin(uint64_t total)
{
	const char *e = getenv("XQ_PROGRESS_INTERVAL");
	char *end;
	pline.interval = 0.5;
	if (e && *e) {
		double v = strtod(e, &end);
		if (!*end && v >= 0 && v <= 3600)
			pline.interval = v;
	}
	pline.total = total;
	pline.start = pline.last = now_seconds();
}

/* Seconds as "1:05" or "2:01:05". */
static void put_time(char *buf, size_t size, double s)
{
	long t = (long)(s + 0.5);
	if (t >= 3600)
		snprintf(buf, size, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60, t % 60);
	else
		snprintf(buf, size, "%ld:%02ld", t / 60, t % 60);
}

/* The columns of the terminal on standard error (80 when not known). */
static int columns(void)
{
	struct winsize ws;
	if (ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col >= 20)
		return ws.ws_col;
	return 80;
}

void progress_update(const char *name, long games, uint64_t done)
{
	double now = now_seconds(), spent = now - pline.start;
	char tail[96], left[32], line[512];
	const char *dots = "";
	int room, n;
	if (now - pline.last < pline.interval)
		return;
	pline.last = now;
	if (pline.total) {
		double f = done >= pline.total ? 1 : (double)done / (double)pline.total;
		if (f > 0 && spent >= 1)
			put_time(left, sizeof left, spent * (1 - f) / f);
		else
			strcpy(left, "?");
		snprintf(tail, sizeof tail, ": %d%%, %ld game%s, %s left", (int)(f * 100), games,
			 games == 1 ? "" : "s", left);
	} else {
		snprintf(tail, sizeof tail, ": %ld game%s, %.0f games/s", games, games == 1 ? "" : "s",
			 spent > 0 ? (double)games / spent : 0.0);
	}
	/* one row of the terminal (a longer line would wrap, and \r goes back
	 * to its last row only): the name's end when it does not fit, each
	 * byte taken for a column (a Chinese character's three bytes for its
	 * two columns) */
	room = columns() - 1 - (int)strlen(progname) - 2 - (int)strlen(tail);
	n = (int)strlen(name);
	if (room < 8)
		room = 8;
	if (n > room) {
		name += n - (room - 3);
		while ((*name & 0xC0) == 0x80)
			name++;
		dots = "...";
	}
	n = snprintf(line, sizeof line, "\r%s: %s%.*s%s\033[K", progname, dots, room, name, tail);
	progress_put(line, n < (int)sizeof line ? (size_t)n : sizeof line - 1);
}
