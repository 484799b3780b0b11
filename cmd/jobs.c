/*
 * jobs.c - -J/--jobs and --range (jobs.h): the values checked, a byte
 * range of an input opened for reading, and the run split into worker
 * processes, each writing a part that the command's merge reads back in
 * order.  Workers are processes: the commands keep their state in
 * statics, and a worker's part is the very --partial output a machine of
 * a cluster writes, so that one merge serves both.
 */
#define _GNU_SOURCE 1   /* F_SETPIPE_SZ */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "jobs.h"
#include "part.h"

void range_parse(const char *arg, long *k, long *n)
{
	const char *slash = strchr(arg, '/');
	char kbuf[16];
	size_t len = slash ? (size_t)(slash - arg) : 0;
	if (slash && len > 0 && len < sizeof kbuf) {
		memcpy(kbuf, arg, len);
		kbuf[len] = '\0';
		if (parse_count(kbuf, RANGE_MAX, k) == 0 && parse_count(slash + 1, RANGE_MAX, n) == 0 &&
		    *k >= 1 && *k <= *n)
			return;
	}
	usage_error("invalid --range '%s': K/N, the K-th of N byte ranges, 1 <= K <= N <= %d",
		    arg, RANGE_MAX);
}

void jobs_check_options(int jobs, long range_n, int partial, int merge)
{
	if (range_n && !partial)
		usage_error("--range goes with --partial");
	if (jobs > 1 && (partial || merge))
		usage_error("-J goes without --partial and --merge (a part is one job)");
}

void jobs_check_inputs(long range_n, int argc, char **argv)
{
	if (range_n && (argc != 1 || !strcmp(argv[0], "-")))
		usage_error("--range reads one file");
}

/* --- the merge of a command with no merge of its own */

/* One line of a part: 0, or -1 when it is none, -2 wrong and said
 * (part_header()). */
static int counts_line(struct part_counts *mg, char *line, const struct part_line *at)
{
	char *f[12];
	struct part_input *in;
	int n = part_split(line, f, 11), bad = 0, rc;
	if ((rc = part_header(&mg->m, &mg->in_part, f, n, mg->cmd, at->name, at->lineno)) <= 0)
		return rc < 0 ? -2 : 0;
	if (!mg->in_part)
		return -1;
	if (part_message(f, n) == 0)
		return 0;
	if (!strcmp(f[0], "P")) {
		struct xq_problem p;
		if (part_problem(&mg->m, f, n, &p, &in) < 0)
			return -1;
		print_problem_always(&p);
		return 0;
	}
	if (!strcmp(f[0], "G") && n == 6) {
		long l, g;
		char *file = part_get_text(f[2], 0, &bad), *text = part_get_text(f[5], 0, &bad);
		if (bad || part_number(f[3], &l) < 0 || part_number(f[4], &g) < 0)
			return -1;
		in = part_input_of(&mg->m, file);
		diag(file, l ? l + in->lines : 0, 0, f[1], "game %ld%s", g + in->games, text);
		return 0;
	}
	if (!strcmp(f[0], "#end") && n == 5)
		return part_end(&mg->m, f, n, &in);
	if (!strcmp(f[0], "#counts") && n == mg->n + 2) {
		long v;
		for (int i = 0; i < mg->n; i++) {
			if (part_number(f[i + 1], &v) < 0 || mg->counts[i] > PART_POS_MAX - v)
				return -1;
			mg->counts[i] += v;
		}
		if (strcmp(f[mg->n + 1], "0") && strcmp(f[mg->n + 1], "1"))
			return -1;
		mg->trouble |= f[mg->n + 1][0] == '1';
		mg->in_part = 0;
		return 0;
	}
	return -1;
}

static int counts_one(void *data, char *line, struct part_line *at)
{
	struct part_counts *mg = data;
	int rc = counts_line(mg, line, at);
	if (rc == 0)
		return 0;
	if (rc == -1)
		part_error(at, "not a line of %s's parts", mg->cmd);
	return -1;
}

void part_counts_init(struct part_counts *mg, const char *cmd, long *counts, int n,
		      part_output_fn output, void *data)
{
	*mg = (struct part_counts){ .cmd = cmd, .counts = counts, .n = n, .output = output,
				    .data = data };
}

int part_counts_part(void *data, const struct jobs *j, int i)
{
	struct part_counts *mg = data;
	int last = mg->output ? mg->output(mg->data, j, i, &mg->m) : 0;
	if (last < 0)
		return 1;
	if (part_read(1, j->err + i, counts_one, mg))
		mg->trouble = 1;
	return last;
}

int part_output_marked(void *data, const struct jobs *j, int i, struct part_merge *m)
{
	FILE *fp = fopen(j->out[i], "rb");
	struct part_counts *mg = data;
	if (!fp || part_copy_output(fp, stdout, m, j->out[i]) < 0)
		mg->trouble = 1;
	if (fp)
		fclose(fp);
	return 0;
}

int part_counts_end(struct part_counts *mg)
{
	int trouble = mg->trouble | part_cut_short(mg->in_part);
	part_merge_free(&mg->m);
	return trouble;
}

/* --- the progress line of a run in parts
 *
 * When the command's one job would show a progress line (progress.h), the
 * command shows one for its workers: each sets its games and bytes read in
 * a meter of memory shared with the command (record_loop_meter()), a meter
 * for each job running; the command adds in those of the workers that
 * ended and shows the sums as they go, until every worker has ended and
 * the line is erased. */
static struct {
	int on, n;
	const char *name;            /* shown for the input */
	char files[32];              /* several files: their count */
	struct progress_meter *m;    /* [n], shared with the workers */
	long games;                  /* of the workers that ended */
	uint64_t bytes;
	int gz_fd;                   /* a compressed file cut into chunks: its
				      * descriptor (the bytes read of it); -1 */
	uint64_t cut;                /* a stream: the bytes cut into chunks */
	sigset_t was;                /* the signals blocked before */
} meter = { .gz_fd = -1 };

/* The set of sig alone: SIGCHLD, which a worker's end sends the command,
 * or SIGUSR1, which tells a worker forked waiting to start. */
static sigset_t sig_only(int sig)
{
	sigset_t set;
	sigemptyset(&set);
	sigaddset(&set, sig);
	return set;
}

/* The line shown (when on) for jobs workers reading name, total bytes (0:
 * not known). */
static void meter_start(int on, int jobs, const char *name, uint64_t total)
{
	sigset_t chld = sig_only(SIGCHLD);
	void *m;
	if (!on || meter.on ||
	    (m = mmap(NULL, (size_t)jobs * sizeof *meter.m, PROT_READ | PROT_WRITE,
		      MAP_SHARED | MAP_ANONYMOUS, -1, 0)) == MAP_FAILED)
		return;   /* (no memory for meters: no line, nothing else lost) */
	meter.m = m;
	meter.n = jobs;
	meter.name = name;
	meter.games = 0;
	meter.bytes = meter.cut = 0;
	meter.on = 1;
	/* a worker's end wakes the command (wait_worker()) */
	sigprocmask(SIG_BLOCK, &chld, &meter.was);
	progress_begin(total);
}

/* The meter of a worker given slot i (NULL: no line shown). */
static struct progress_meter *meter_of(int i)
{
	return meter.on ? &meter.m[i] : NULL;
}

/* The bytes read of the input as the line counts them: of a compressed
 * file cut into chunks, the share of the bytes cut that the workers read,
 * of its compressed bytes read so far. */
static uint64_t meter_done(uint64_t bytes)
{
	off_t at;
	if (meter.gz_fd < 0)
		return bytes;
	at = lseek(meter.gz_fd, 0, SEEK_CUR);
	return at > 0 && meter.cut ? (uint64_t)((double)at * (double)bytes / (double)meter.cut) : 0;
}

static void meter_show(void)
{
	long games = meter.games;
	uint64_t bytes = meter.bytes;
	if (!meter.on)
		return;
	for (int i = 0; i < meter.n; i++) {
		games += atomic_load_explicit(&meter.m[i].games, memory_order_relaxed);
		bytes += atomic_load_explicit(&meter.m[i].bytes, memory_order_relaxed);
	}
	progress_update(meter.name, games, meter_done(bytes));
}

/* The worker of slot i ended: its counts kept, the slot free. */
static void meter_ended(int i)
{
	if (!meter.on)
		return;
	meter.games += atomic_load_explicit(&meter.m[i].games, memory_order_relaxed);
	meter.bytes += atomic_load_explicit(&meter.m[i].bytes, memory_order_relaxed);
	progress_meter_set(&meter.m[i], 0, 0);
	meter_show();
}

/* In a worker just forked: no line of its own; its counts into m. */
static void meter_worker(struct progress_meter *m)
{
	sigset_t chld = sig_only(SIGCHLD);
	if (!meter.on)
		return;
	/* SIGCHLD as it was (and SIGUSR1, pool_fork_waiting()'s, left) */
	if (!sigismember(&meter.was, SIGCHLD))
		sigprocmask(SIG_UNBLOCK, &chld, NULL);
	progress_forget();
	record_loop_meter(m);
	meter.on = 0;
}

/* Every worker ended (or none is waited for): the last line, erased. */
static void meter_stop(void)
{
	if (!meter.on)
		return;
	meter_show();
	progress_clear();
	sigprocmask(SIG_SETMASK, &meter.was, NULL);
	munmap(meter.m, (size_t)meter.n * sizeof *meter.m);
	meter.on = 0;
	meter.gz_fd = -1;
}

/* Worker pid (-1: any) ended, its status in *status: the line shown as the
 * workers go while waiting. */
static pid_t wait_worker(pid_t pid, int *status)
{
	for (;;) {
		pid_t p = waitpid(pid, status, meter.on ? WNOHANG : 0);
		if (p > 0)
			return p;
		if (p < 0 && errno != EINTR)
			die(EXIT_TROUBLE, "cannot wait for a job: %s", strerror(errno));
		if (p == 0) {
			/* up to a tenth of a second for a worker to end */
			sigset_t chld = sig_only(SIGCHLD);
			struct timespec t = { 0, 100000000 };
			meter_show();
			(void)sigtimedwait(&chld, NULL, &t);
		}
	}
}

/* --- workers */

/* Inputs first..last of *il, with the notes due among them, into *sub;
 * the notes after the last input go with the last group (last == il->n). */
static void sub_inputs(const struct input_list *il, int first, int last, struct input_list *sub)
{
	*sub = (struct input_list){ .paths = il->paths + first, .walked = il->walked + first,
				    .n = last - first, .cap = last - first };
	for (int i = 0; i < il->nnotes; i++) {
		int b = il->notes[i].before;
		if ((b >= first || first == 0) && (b < last || last == il->n)) {
			sub->notes = xrealloc(sub->notes, (size_t)(sub->nnotes + 1) * sizeof *sub->notes);
			sub->notes[sub->nnotes] = il->notes[i];
			sub->notes[sub->nnotes].before = b < first ? 0 : b - first;
			sub->nnotes++;
		}
	}
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Whether a name is given twice among argv[0..argc): the parts tell an
 * input by its name, so a name read twice is read by one job. */
static int name_twice(int argc, char **argv)
{
	char **sorted = xrealloc(NULL, (size_t)argc * sizeof *sorted);
	int twice = 0;
	memcpy(sorted, argv, (size_t)argc * sizeof *sorted);
	qsort(sorted, (size_t)argc, sizeof *sorted, cmp_names);
	for (int i = 1; i < argc && !twice; i++)
		twice = !strcmp(sorted[i - 1], sorted[i]);
	free(sorted);
	return twice;
}

/* The size of input path for sharing files out (0 when unknown). */
static double input_size(const char *path)
{
	struct stat sb;
	return path && strcmp(path, "-") && stat(path, &sb) == 0 && S_ISREG(sb.st_mode) ?
		(double)sb.st_size : 0;
}

/* Part i's file dir/N.what (N = i + 1) into buf, without stdio: the
 * handler of a signal that ends the command names them too. */
static void part_path(char *buf, size_t size, const char *dir, int i, const char *what)
{
	size_t k = 0;
	put_cut(buf, size, &k, dir, strlen(dir));
	put_cut(buf, size, &k, "/", 1);
	put_number(buf, size, &k, (long)i + 1, '.');
	put_cut(buf, size, &k, what, strlen(what));
}

/* A file of the parts' directory, named part i's out or err. */
static char *part_file(const char *dir, int i, const char *what)
{
	size_t n = strlen(dir) + 32;
	char *p = xrealloc(NULL, n);
	part_path(p, n, dir, i, what);
	return p;
}

/* An interrupted run leaves no parts behind: the signal that ends the
 * command removes the files of the parts made so far and their directory
 * (temp_register_fn()), and each worker ends with the command. */
static char parts_at[4096];
static volatile sig_atomic_t parts_made;

static void remove_parts_now(void)
{
	char path[sizeof parts_at + 32];
	for (int i = 0; i < parts_made; i++) {
		part_path(path, sizeof path, parts_at, i, "out");
		unlink(path);
		part_path(path, sizeof path, parts_at, i, "err");
		unlink(path);
	}
	rmdir(parts_at);
}

/* The names of the parts' files freed, the files and their directory
 * removed when remove is set (a worker leaves them to the command). */
static void free_parts(struct jobs *j, int remove)
{
	for (int i = 0; i < j->parts; i++) {
		if (remove) {
			unlink(j->out[i]);
			unlink(j->err[i]);
		}
		free(j->out[i]);
		free(j->err[i]);
	}
	if (j->dir && remove)
		rmdir(j->dir);
	if (remove) {
		temp_register_fn(NULL);
		parts_made = 0;
	}
	free(j->out);
	free(j->err);
	free(j->dir);
	memset(j, 0, sizeof *j);
}

/* The directory of the parts' files, made. */
static char *parts_dir(void)
{
	const char *env = getenv("TMPDIR"), *tmp = env && *env ? env : "/tmp";
	char *dir = xrealloc(NULL, strlen(tmp) + strlen(progname) + 16);
	sprintf(dir, "%s/%s.XXXXXX", tmp, progname);
	if (!mkdtemp(dir))
		die(EXIT_TROUBLE, "cannot make a directory for the jobs' parts in '%s': %s", tmp,
		    strerror(errno));
	if (strlen(dir) < sizeof parts_at) {
		memcpy(parts_at, dir, strlen(dir) + 1);
		parts_made = 0;
		temp_register_fn(remove_parts_now);
	}
	return dir;
}

/* Job i's exit status: the run's failed or trouble flags set. */
static void job_status(struct jobs *j, int i, int status)
{
	if (!WIFEXITED(status) || WEXITSTATUS(status) > EXIT_TROUBLE) {
		warnx_("job %d ended abnormally (%s %d)", i + 1,
		       WIFSIGNALED(status) ? "signal" : "status",
		       WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
		j->failed = 1;
	} else if (WEXITSTATUS(status) == EXIT_TROUBLE) {
		j->trouble = 1;
	}
}

/* Part i, whose worker ended with status, merged by the command and its
 * files removed: the merge's value (nonzero: the output failed there). */
static int merge_part(struct jobs *j, int i, int status)
{
	int stop;
	job_status(j, i, status);
	stop = j->merge(j->merge_data, j, i);
	/* the part's output out now, not with the next */
	fflush(NULL);
	unlink(j->out[i]);
	unlink(j->err[i]);
	return stop;
}

/* --- a stream cut into chunks of whole games
 *
 * Standard input, a pipe or a compressed file cannot be read in byte
 * ranges: the library's splitter reads it (ungzipped) and cuts it where
 * the format says a game begins, into chunks of about CHUNK_BYTES
 * (XQ_JOBS_CHUNK); each chunk goes to a worker process forked once the
 * chunk is in memory, so that the worker has it without a copy through a
 * pipe or a file.  A worker for each chunk: its start and end (the fork,
 * the pages it first writes, its part) cost about 1.5 ms of CPU, under a
 * tenth of the fastest job's (xqcheck -q) 4 MB, with no framing of chunks
 * on a pipe to a worker that lives on.  At most as many workers as jobs
 * run at once: the chunks in memory are bounded by the job count.  A
 * worker writes its part as a range's worker does, and the merge adds the
 * earlier parts' games and lines to its positions.  A stream that cannot
 * be cut is read by one worker, which the command feeds the bytes as they
 * come. */

#define CHUNK_BYTES (4 << 20)

/* A size in bytes from the environment variable name (1 to 2^30; tests
 * place the cuts with XQ_JOBS_CHUNK and XQ_JOBS_RANGE), else dflt. */
static size_t env_bytes(const char *name, size_t dflt)
{
	const char *s = getenv(name);
	long v;
	if (s && parse_count(s, 1L << 30, &v) == 0 && v > 0)
		return (size_t)v;
	return dflt;
}

/* The workers of parts in order, at most jobs of them alive at once (at
 * work: at_once), and each part's exit status once its worker has ended.
 * The command merges each part as soon as it and the parts before it have
 * ended, while the later ones are still being written, so that the output
 * streams, the parts' files do not pile up and the merge's work overlaps
 * the workers'.  A stream's chunks are forked as they are cut, after such
 * merges: a command's merge therefore keeps what it adds up apart from
 * what its workers count (jobs_merge_fn, jobs.h).  A file's ranges and
 * groups of files are forked one ahead of those at work, waiting to be
 * told to start (pool_run()). */
struct pool {
	int jobs, at_once, running, parts;
	struct worker {      /* [running]: the workers alive, */
		pid_t pid;
		int part, slot;      /* their parts and meters, */
		const void *chunk;   /* and the chunks they read, */
	} *run;
	struct xq_splitter *sp;   /* given back to it as each ends */
	int *status;         /* [parts]: -1 while its worker runs */
	char *waiting;       /* [parts]: 1 while forked waiting to be told to
			      * start (SIGUSR1) */
	int started;         /* the parts before it at work or done */
	struct jobs *j;
	int merged;          /* the parts merged, in order */
	int stop;            /* the output failed (or the input is to be read
			      * again): no more parts */
};

static void pool_open(struct pool *w, int jobs, struct jobs *j)
{
	*w = (struct pool){ .jobs = jobs, .at_once = jobs, .j = j,
			    .run = xrealloc(NULL, (size_t)jobs * sizeof *w->run) };
}

/* The parts ended in order since the last merged, merged; when the output
 * fails, the workers still running are stopped (their parts not merged). */
static void pool_merge(struct pool *w)
{
	while (!w->stop && w->merged < w->parts && w->status[w->merged] != -1) {
		w->stop = merge_part(w->j, w->merged, w->status[w->merged]);
		w->merged++;
	}
	for (int k = 0; w->stop && k < w->running; k++)
		kill(w->run[k].pid, SIGTERM);
}

/* The workers forked waiting told to start in order while fewer than
 * at_once are at work. */
static void pool_go(struct pool *w)
{
	int at_work = 0;
	for (int k = 0; k < w->running; k++)
		at_work += w->run[k].part < w->started;
	for (; !w->stop && w->started < w->parts; w->started++) {
		if (w->waiting[w->started]) {
			if (at_work == w->at_once)
				break;
			for (int k = 0; k < w->running; k++)
				if (w->run[k].part == w->started)
					kill(w->run[k].pid, SIGUSR1);   /* (not yet waited for) */
			w->waiting[w->started] = 0;
		}
		at_work++;
	}
}

/* Wait for one worker to end; its part's status kept, the next told to
 * start, and the parts ready merged. */
static void pool_wait_one(struct pool *w)
{
	int st;
	for (;;) {
		pid_t p = wait_worker(-1, &st);
		for (int k = 0; k < w->running; k++)
			if (w->run[k].pid == p) {
				w->status[w->run[k].part] = st;
				if (w->sp)
					xq_splitter_release(w->sp, w->run[k].chunk);
				meter_ended(w->run[k].slot);
				w->run[k] = w->run[--w->running];
				pool_go(w);
				pool_merge(w);
				return;
			}
	}
}

/* Room for the next part's worker (waited for while jobs are alive). */
static void pool_room(struct pool *w)
{
	while (w->running == w->jobs)
		pool_wait_one(w);
	w->status = xrealloc(w->status, (size_t)(w->parts + 1) * sizeof *w->status);
	w->waiting = xrealloc(w->waiting, (size_t)(w->parts + 1));
	w->waiting[w->parts] = 0;
	w->status[w->parts++] = -1;
}

/* A meter slot no running worker has. */
static int pool_free_slot(const struct pool *w)
{
	for (int s = 0;; s++) {
		int used = 0;
		for (int k = 0; k < w->running; k++)
			used |= w->run[k].slot == s;
		if (!used)
			return s;
	}
}

/* In the command, every worker waited for and every part merged, up to
 * one whose output failed, and the progress line erased; in a worker
 * (merge 0), nothing waited for and no line (meter_worker()). */
static void pool_close(struct pool *w, int merge)
{
	while (merge && w->running > 0)
		pool_wait_one(w);
	if (merge)
		pool_merge(w);
	meter_stop();
	free(w->run);
	free(w->status);
	free(w->waiting);
}

/* A new part's files; the parts' count grows. */
static void add_part(struct jobs *j)
{
	j->out = xrealloc(j->out, (size_t)(j->parts + 1) * sizeof *j->out);
	j->err = xrealloc(j->err, (size_t)(j->parts + 1) * sizeof *j->err);
	j->out[j->parts] = part_file(j->dir, j->parts, "out");
	j->err[j->parts] = part_file(j->dir, j->parts, "err");
	j->parts++;
	parts_made = j->parts;
}

/* Fork the worker of the last part: 0 in the worker (its output to the
 * part's files, the input's descriptor no longer the stream's, its counts
 * into meter m), else its process id. */
static pid_t fork_worker(struct jobs *j, FILE *messages, int input_fd, struct progress_meter *m)
{
	pid_t pid, command = getpid();
	/* (the merge may have written an output file too) */
	fflush(NULL);
	if ((pid = fork()) < 0)
		die(EXIT_TROUBLE, "cannot start a job: %s", strerror(errno));
	if (pid == 0) {
		int null;
		/* the parts are the command's to remove; a worker ends with it */
		temp_register_fn(NULL);
		temp_forget_all();
		parts_made = 0;
#ifdef PR_SET_PDEATHSIG
		(void)prctl(PR_SET_PDEATHSIG, SIGTERM);
#endif
		if (getppid() != command)
			_exit(EXIT_TROUBLE);
		null = open("/dev/null", O_RDONLY);
		if (!freopen(j->out[j->parts - 1], "w", stdout) ||
		    !freopen(j->err[j->parts - 1], "w", stderr) || null < 0)
			_exit(EXIT_TROUBLE);
		/* the stream is the parent's: its exit must not touch it */
		if (input_fd >= 0)
			dup2(null, input_fd);
		close(null);
		/* a worker's messages, as lines of its part */
		cmd_messages_to(messages, part_put_message);
		meter_worker(m);
	}
	return pid;
}

/* The next part's worker, once the pool has room: 0 in the worker (the
 * pool and the parts' names, the command's, let go), else its process id,
 * in the pool. */
static pid_t pool_fork(struct pool *w, struct jobs *j, FILE *messages, int input_fd,
		       const void *chunk)
{
	pid_t p;
	int slot;
	pool_room(w);
	add_part(j);
	slot = pool_free_slot(w);
	if ((p = fork_worker(j, messages, input_fd, meter_of(slot))) == 0) {
		pool_close(w, 0);
		free_parts(j, 0);
		return 0;
	}
	w->run[w->running++] = (struct worker){ p, w->parts - 1, slot, chunk };
	return p;
}

/* The same, the worker forked waiting to be told to start (pool_go(),
 * SIGUSR1, blocked from the fork so that it waits if sent early): 0 in it
 * once told (a signal that ends the command ends it, PR_SET_PDEATHSIG),
 * else its process id. */
static pid_t pool_fork_waiting(struct pool *w, struct jobs *j, FILE *messages)
{
	sigset_t usr1 = sig_only(SIGUSR1), was;
	pid_t p;
	int sig;
	sigprocmask(SIG_BLOCK, &usr1, &was);
	p = pool_fork(w, j, messages, -1, NULL);
	if (p == 0)
		sigwait(&usr1, &sig);
	else
		w->waiting[w->parts - 1] = 1;
	sigprocmask(SIG_SETMASK, &was, NULL);
	return p;
}

/* Workers for parts 0..n-1 in order, jobs at work and one more forked,
 * waiting to start the moment one of them ends: the part's index in its
 * worker, else -1 once every worker has ended, each part merged (up to
 * one whose output failed). */
static long pool_run(struct jobs *j, int jobs, long n, FILE *messages)
{
	struct pool w;
	pool_open(&w, jobs + 1, j);
	w.at_once = jobs;
	for (long i = 0; i < n && !w.stop; i++) {
		if (pool_fork_waiting(&w, j, messages) == 0)
			return i;
		pool_go(&w);
	}
	pool_close(&w, 1);
	return -1;
}

/* The stream being cut and the worker's chunk (statics: a worker's loop
 * reads its chunk, in the splitter's buffer, to its end). */
static struct stream {
	const char *name;
	int fd;
	FILE *fp;                    /* a compressed file */
	struct xq_splitter *sp;
} stream;
static struct record_chunk chunk;

static void stream_close(void)
{
	xq_splitter_close(stream.sp);
	if (stream.fp)
		fclose(stream.fp);
	else if (stream.fd > STDIN_FILENO)
		close(stream.fd);
	stream.sp = NULL;
}

/* The whole stream to one worker, the bytes read so far first: 0 in the
 * parent once the worker has ended, 1 in the worker. */
static int stream_one_job(struct jobs *j, FILE *messages)
{
	int fds[2], status;
	pid_t pid;
	struct sigaction ignore = { .sa_handler = SIG_IGN }, pipe_was;
	const void *buf;
	long len;
	if (pipe(fds) < 0)
		die(EXIT_TROUBLE, "cannot start a job: %s", strerror(errno));
	add_part(j);
	if ((pid = fork_worker(j, messages, stream.fd, meter_of(0))) == 0) {
		close(fds[1]);
		chunk = (struct record_chunk){ .name = stream.name, .fd = fds[0] };
		record_loop_chunk(&chunk);
		xq_splitter_close(stream.sp);
		free_parts(j, 0);
		return 1;
	}
	close(fds[0]);
	/* a worker that stops reading ends the copy, not the command */
	sigaction(SIGPIPE, &ignore, &pipe_was);
	while ((len = xq_splitter_read(stream.sp, &buf)) > 0) {
		size_t off = 0;
		while (off < (size_t)len) {
			ssize_t n = write(fds[1], (const char *)buf + off, (size_t)len - off);
			if (n < 0 && errno == EINTR)
				continue;
			if (n <= 0)
				break;
			off += (size_t)n;
		}
		if (off < (size_t)len)
			break;
		meter_show();
	}
	if (xq_splitter_errno(stream.sp))
		warnx_("error reading '%s': %s", stream.name, strerror(xq_splitter_errno(stream.sp)));
	close(fds[1]);
	sigaction(SIGPIPE, &pipe_was, NULL);
	wait_worker(pid, &status);
	meter_ended(0);
	meter_stop();
	merge_part(j, 0, status);
	if (xq_splitter_errno(stream.sp))
		j->failed = 1;
	stream_close();
	return 0;
}

/* A pipe's buffer as large as the system lets anyone make it: the writer
 * and the cutter then take turns a sixteenth as often (64 KiB is Linux's
 * default; /proc/sys/fs/pipe-max-size, 1 MiB by default, the most). */
static void pipe_widen(int fd)
{
#ifdef F_SETPIPE_SZ
	struct stat sb;
	if (fstat(fd, &sb) == 0 && S_ISFIFO(sb.st_mode))
		(void)fcntl(fd, F_SETPIPE_SZ, 1 << 20);
#else
	(void)fd;
#endif
}

/* Open the single input path (NULL or "-": standard input) as a stream
 * into stream: 1, or -2 when it is a file to read in byte ranges (or not
 * there: the ranges say so), -1 when a compressed file cannot be read. */
static int stream_open(const char *path)
{
	struct stat sb;
	unsigned char magic[2];
	int gz;
	stream = (struct stream){ .fd = -1 };
	if (record_stdin(path)) {
		stream.name = "<stdin>";
		stream.fd = STDIN_FILENO;
		pipe_widen(stream.fd);
		return 1;
	}
	stream.name = path;
	if (stat(path, &sb) < 0 || S_ISDIR(sb.st_mode))
		return -2;
	if ((stream.fd = open(path, O_RDONLY)) < 0)
		return -2;   /* said by the one job */
	if (!S_ISREG(sb.st_mode))
		return 1;
	/* a compressed file: ungzipped as it is read */
	gz = read(stream.fd, magic, 2) == 2 && magic[0] == 0x1f && magic[1] == 0x8b;
	close(stream.fd);
	stream.fd = -1;
	if (!gz)
		return -2;
	if (!(stream.fp = fopen(path, "rb")))
		return -1;
	setvbuf(stream.fp, NULL, _IONBF, 0);
	return 1;
}

/*
 * The single input path (NULL or "-": standard input) in chunks: -2 when
 * it is a file to split in byte ranges (or not there: the ranges say so),
 * -1 for one job as it is (a damaged or unsplittable compressed file), else
 * as jobs_start().
 */
static int stream_jobs(struct jobs *j, int jobs, FILE *messages, int progress, const char *path,
		       const struct cmd_opts *o)
{
	struct xq_reader_opts ro = { .format = o->format, .encoding = o->encoding };
	struct xq_chunk c;
	struct pool w;
	char *input = (char *)path;   /* (only read) */
	int rc, err;

	if ((rc = stream_open(path)) < 1)
		return rc;
	ro.name = stream.name;
	stream.sp = xq_splitter_open(stream.fd, stream.fp, &ro, env_bytes("XQ_JOBS_CHUNK", CHUNK_BYTES),
				     &err);
	if (!stream.sp) {
		if (err == XQ_ENOMEM)
			die(EXIT_TROUBLE, "out of memory");
		stream_close();
		return -1;
	}
	if (xq_splitter_cuts(stream.sp) < 0) {
		/* nothing read, or a file that cannot be cut: one job reads it
		 * and says why */
		stream_close();
		return -1;
	}
	j->dir = parts_dir();
	/* the line counts the bytes of a file or standard input: a
	 * compressed file's as the command reads them */
	meter_start(progress, jobs, stream.name, record_input_bytes(!record_stdin(path), &input));
	if (xq_splitter_cuts(stream.sp) == 0)
		return stream_one_job(j, messages);
	if (stream.fp)
		meter.gz_fd = fileno(stream.fp);
	pool_open(&w, jobs, j);
	/* a chunk's buffer serves again once its worker has ended */
	if (xq_splitter_share(stream.sp) == 0)
		w.sp = stream.sp;
	while ((rc = xq_splitter_next(stream.sp, &c)) > 0) {
		if (pool_fork(&w, j, messages, stream.fp ? fileno(stream.fp) : stream.fd, c.buf) == 0) {
			chunk = (struct record_chunk){ .name = stream.name, .c = c, .fd = -1 };
			record_loop_chunk(&chunk);
			return 1;
		}
		meter.cut = c.offset + c.len;
		meter_show();
		if (w.stop)
			break;   /* the output failed: nothing more is read */
	}
	if (rc == XQ_ENOMEM)
		die(EXIT_TROUBLE, "out of memory");
	if (rc == XQ_EINVAL) {
		/* a damaged compressed file: read again by one job, the
		 * workers stopped as when the output fails */
		w.stop = 1;
		pool_merge(&w);
		pool_close(&w, 1);
		stream_close();
		free_parts(j, 1);
		return -1;
	}
	pool_close(&w, 1);
	if (rc == XQ_EIO) {
		/* (every command's exit status 2) */
		warnx_("error reading '%s': %s", stream.name, strerror(xq_splitter_errno(stream.sp)));
		j->failed = 1;
	}
	stream_close();
	return 0;
}

/* --- a file in byte ranges
 *
 * One file is read in the ranges xq_range_plan() shares out: they shrink
 * as the work left does, down to RANGE_BYTES, and each job takes the next
 * range when it has ended its own, so that jobs that run at different
 * speeds (a busy core, a slower one) still end together, the last ranges
 * being small; a file of equal halves would wait for the slower job's
 * half.  No range holds more than RANGE_MOST bytes (but for the least
 * one): a part waits on disk until the parts before it are merged, and a
 * big file's first half in a range a job would keep half its output
 * there. */
#define RANGE_BYTES (1 << 20)   /* the least range halved, XQ_JOBS_RANGE */
#define RANGE_MOST (64 << 20)   /* the most a range holds, XQ_JOBS_RANGE_MOST */

/* The ranges of a file of size bytes for jobs jobs, in order: their
 * count, each the K-th of N, K in (*k)[i] and N in (*n)[i] (allocated). */
static long file_ranges(uint64_t size, int jobs, long **k, long **n)
{
	uint64_t least = env_bytes("XQ_JOBS_RANGE", RANGE_BYTES);
	uint64_t most = env_bytes("XQ_JOBS_RANGE_MOST", RANGE_MOST);
	long count = xq_range_plan(size, jobs, least, most, NULL, NULL, 0);
	*k = xrealloc(NULL, (size_t)count * sizeof **k);
	*n = xrealloc(NULL, (size_t)count * sizeof **n);
	xq_range_plan(size, jobs, least, most, *k, *n, count);
	return count;
}

/* The head of file path as reading it with o finds it (xq_range_head()):
 * 1, or 0 when the file cannot be mapped (each worker then says why or
 * reads it whole, as --range does). */
static int file_head(const char *path, const struct cmd_opts *o, struct xq_range *head)
{
	struct xq_reader_opts ro = { .format = o->format, .encoding = o->encoding, .name = path };
	size_t len;
	void *map = record_map(path, &len);
	int rc;
	if (!map)
		return 0;
	rc = xq_range_head(map, len, &ro, head);
	munmap(map, len);
	if (rc < 0)
		die(EXIT_TROUBLE, "out of memory");
	return 1;
}

/* The single file path in ranges: 1 in a worker, with its range in *k of
 * *n, else 0 once every worker has ended. */
static int range_jobs(struct jobs *j, int jobs, FILE *messages, int progress, const char *path,
		      const struct cmd_opts *o, long *k, long *n)
{
	/* (a static: a worker's record loop reads it) */
	static struct xq_range head;
	double size = input_size(path);
	int have_head = file_head(path, o, &head);
	long *ks, *ns, i, ranges = file_ranges((uint64_t)size, jobs, &ks, &ns);
	j->dir = parts_dir();
	meter_start(progress, jobs + 1, path, (uint64_t)size);
	if ((i = pool_run(j, jobs, ranges, messages)) >= 0) {
		*k = ks[i];
		*n = ns[i];
	}
	free(ks);
	free(ns);
	if (i >= 0 && have_head)
		record_loop_range_head(&head);
	return i >= 0;
}

/* Many inputs in groups of whole files in order, each of about the same
 * bytes: a group a job, or more while a group would hold more than
 * RANGE_MOST (each at least a file): 1 in a worker, its group in *argc,
 * *argv and o->inputs, else 0 once every worker has ended. */
static int files_jobs(struct jobs *j, int jobs, struct cmd_opts *o, FILE *messages, int progress,
		      int *argc, char ***argv)
{
	static struct input_list sub;
	double total = 0, sum = 0, most = (double)env_bytes("XQ_JOBS_RANGE_MOST", RANGE_MOST);
	int *first, g = 1, parts = jobs, i;
	for (i = 0; i < *argc; i++)
		total += input_size((*argv)[i]) + 1;
	if (total / most > parts)
		parts = total / most >= *argc ? *argc : (int)(total / most) + 1;
	if (parts > *argc)
		parts = *argc;
	first = xrealloc(NULL, (size_t)(parts + 1) * sizeof *first);
	first[0] = 0;
	first[parts] = *argc;
	for (i = 0; i < *argc && g < parts; i++) {
		sum += input_size((*argv)[i]) + 1;
		/* a group each input at least, the rest shared by size */
		if (sum >= total * g / parts || *argc - (i + 1) <= parts - g)
			first[g++] = i + 1;
	}
	j->dir = parts_dir();
	snprintf(meter.files, sizeof meter.files, "%d files", *argc);
	meter_start(progress, jobs + 1, meter.files, record_input_bytes(*argc, *argv));
	if ((i = (int)pool_run(j, jobs, parts, messages)) >= 0) {
		if (o->inputs) {
			sub_inputs(o->inputs, first[i], first[i + 1], &sub);
			o->inputs = &sub;
		}
		*argv += first[i];
		*argc = first[i + 1] - first[i];
	}
	free(first);
	return i >= 0;
}

int jobs_start(struct jobs *j, int jobs, struct cmd_opts *o, FILE *messages, int progress,
	       jobs_merge_fn merge, void *data, int *argc, char ***argv, long *range_k,
	       long *range_n)
{
	int rc;
	*j = (struct jobs){ .merge = merge, .merge_data = data };
	*range_k = *range_n = 0;
	if (jobs <= 1 || (*argc == 0 && o->inputs_gathered) || name_twice(*argc, *argv))
		return -1;
	if (*argc <= 1 &&
	    (rc = stream_jobs(j, jobs, messages, progress, *argc ? (*argv)[0] : NULL, o)) != -2)
		return rc;
	if (*argc == 1)
		return range_jobs(j, jobs, messages, progress, (*argv)[0], o, range_k, range_n);
	return files_jobs(j, jobs, o, messages, progress, argc, argv);
}

int jobs_copy(const char *file, FILE *fp)
{
	int rc = 0, write_errno = 0;
	FILE *in = fopen(file, "rb");
	if (!in) {
		warnx_("cannot open '%s': %s", file, strerror(errno));
		rc = -1;
	} else {
		if ((rc = copy_stream(in, fp)) == -2)
			write_errno = errno ? errno : EIO;
		else if (rc == -1)
			warnx_("error reading '%s': %s", file, strerror(errno));
		fclose(in);
	}
	if (fflush(fp) != 0 && !write_errno)
		write_errno = errno ? errno : EIO;
	if (write_errno) {
		errno = write_errno;
		rc = -2;
	}
	return rc;
}

void jobs_end(struct jobs *j)
{
	free_parts(j, 1);
}
