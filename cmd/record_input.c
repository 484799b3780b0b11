/*
 * record_input.c - inputs, problem printing and outputs shared by the
 * record commands (see record_input.h); the parts of --partial are
 * part.c's.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "outdir.h"
#include "part.h"
#include "record_input.h"
#include "xq_format.h"

void print_problem_always(const struct xq_problem *p)
{
	/* (no more than diag() keeps) */
	char text[DIAG_MSG_MAX];
	xq_problem_describe(text, sizeof text, p);
	diag(p->file, p->line, p->col, xq_severity_name(p->severity), "%s", text);
}

void count_problem(struct problem_printer *pp, const struct xq_problem *p)
{
	switch (p->severity) {
	case XQ_SEV_NOTE: pp->notes++; break;
	case XQ_SEV_WARNING: pp->warnings++; break;
	case XQ_SEV_ERROR: pp->errors++; break;
	case XQ_SEV_FATAL: pp->fatals++; break;
	}
}

void print_problem(void *data, const struct xq_problem *p)
{
	struct problem_printer *pp = data;
	count_problem(pp, p);
	if (pp->quiet && p->severity != XQ_SEV_FATAL)
		return;
	if (p->severity == XQ_SEV_NOTE && !pp->verbose)
		return;
	if (pp->partial)
		part_put_problem(pp->partial, p);
	else
		print_problem_always(p);
}

/* Only the problems of the game asked for, and those outside any game. */
struct one_game {
	struct problem_printer pp;
	long n;
	struct xq_game *g;
};

static void print_one_game(void *data, const struct xq_problem *p)
{
	struct one_game *og = data;
	if (p->game == 0 || p->game == og->n)
		print_problem(&og->pp, p);
}

static enum record_step keep_nth(struct record_loop *l, struct xq_game *g)
{
	struct one_game *og = l->data;
	if (l->input_games < og->n)
		return RECORD_NEXT;
	xq_game_replay(g, l->name, print_one_game, og);
	xq_game_encoding_hint(l->r, g, l->name, l->o->encoding, print_one_game, og);
	og->g = g;
	return RECORD_KEEP;
}

static void say_games(struct record_loop *l)
{
	struct one_game *og = l->data;
	if (!og->g && l->rc >= 0)
		warnx_("'%s' has %ld game%s, not %ld", l->name, l->input_games,
		       l->input_games == 1 ? "" : "s", og->n);
}

struct xq_game *record_load_game(const char *path, long n, const char *format,
				 const char *encoding)
{
	struct one_game og = { { 0 }, n, NULL };
	struct cmd_opts o = { .format = format, .encoding = encoding, .pp = &og.pp };
	struct record_loop l = {
		.o = &o, .flags = XQ_READ_NO_REPLAY, .problem = print_one_game, .problem_data = &og,
		.game = keep_nth, .end = say_games, .data = &og,
	};
	char *inputs[] = { (char *)path };   /* only read */

	if (record_loop_run(&l, 1, inputs) != EXIT_OK) {
		xq_game_free(og.g);
		return NULL;
	}
	return og.g;
}

/* The names a refused value could have been, for its one-line message:
 * the formats that read (reading) or write, comma-separated into buf. */
static const char *format_names(char *buf, size_t size, int reading, int many_games)
{
	size_t n = 0;
	buf[0] = '\0';
	for (int i = 0; xq_formats[i]; i++) {
		const struct xq_format *f = xq_formats[i];
		if (!(reading ? f->read != NULL : f->write != NULL) ||
		    (many_games && (f->flags & XQ_FORMAT_ONE_GAME)))
			continue;
		if (n < size)
			n += (size_t)snprintf(buf + n, size - n, "%s%s", n ? ", " : "", f->name);
	}
	return buf;
}

#define ENCODING_NAMES "utf-8, gbk, gb18030, gb2312, big5, big5-hkscs, cp936, cp950"

/* Option values checked as every command checks them: the value, or NULL
 * with "unknown ..." printed ("auto" is fine for the input ones). */
static const char *opt_encoding(const char *arg, int input)
{
	if (xq_encoding_name(arg) || (input && !strcmp(arg, "auto")))
		return arg;
	warnx_("unknown encoding '%s' (%s" ENCODING_NAMES ")", arg, input ? "auto, " : "");
	return NULL;
}

/* -f (reading), -t, or -t for a stream of games (many_games). */
static const char *opt_format(const char *arg, int reading, int many_games)
{
	char names[400];
	const struct xq_format *f = xq_format_find(arg);
	if (reading ? !strcmp(arg, "auto") || xq_format_find_reader(arg) :
	    f && f->write && !(many_games && (f->flags & XQ_FORMAT_ONE_GAME)))
		return arg;
	warnx_("unknown %s format '%s'%s (%s%s)", reading ? "input" : "output", arg,
	       many_games ? " for a stream of games" : "", reading ? "auto, " : "",
	       format_names(names, sizeof names, reading, many_games));
	return NULL;
}

const char *opt_out_format_many(const char *arg)
{
	return opt_format(arg, 0, 1);
}

/* A notation name (not "any") into *n: 0, or -1 with the complaint. */
static int opt_notation(const char *arg, enum xq_notation *n)
{
	if (xq_notation_from_name(arg, n) < 0 || *n == XQ_NOTATION_ANY) {
		/* the names the library knows, Chinese first: the default */
		static const enum xq_notation order[] = {
			XQ_NOTATION_CHINESE, XQ_NOTATION_WXF, XQ_NOTATION_ICCS,
			XQ_NOTATION_UCI, XQ_NOTATION_UCI10,
		};
		char names[100];
		size_t k = 0;
		for (size_t i = 0; i < sizeof order / sizeof order[0]; i++)
			k += (size_t)snprintf(names + k, sizeof names - k, "%s%s", i ? ", " : "",
					      xq_notation_name(order[i]));
		warnx_("unknown notation '%s' (%s)", arg, names);
		return -1;
	}
	return 0;
}

/* --- the shared options */

/* The long names of the shared letters, as getopt_long() takes them. */
static const struct option shared_opts[] = {
	{ "null", no_argument, NULL, '0' },
	{ "directory", required_argument, NULL, 'd' },
	{ "output-encoding", required_argument, NULL, 'E' },
	{ "encoding", required_argument, NULL, 'e' },
	{ "format", required_argument, NULL, 'f' },
	{ "help", no_argument, NULL, 'h' },
	{ "json", no_argument, NULL, 'j' },
	{ "notation", required_argument, NULL, 'n' },
	{ "output", required_argument, NULL, 'o' },
	{ "quiet", no_argument, NULL, 'q' },
	{ NULL, required_argument, NULL, 't' },  /* its long name differs: the command's */
	{ "recursive", no_argument, NULL, 'R' },
	{ "files-from", required_argument, NULL, OPT_FILES_FROM },
	{ "version", no_argument, NULL, 'V' },
	{ "verbose", no_argument, NULL, 'v' },
};
#define NSHARED (sizeof shared_opts / sizeof shared_opts[0])

/* Whether letter c is one cmd_getopt() handles for o (--files-from goes
 * with -R). */
static int shared_letter(const struct cmd_opts *o, const char *shortopts, int c)
{
	if (c == OPT_FILES_FROM)
		return shared_letter(o, shortopts, 'R');
	if (c <= 0 || !strchr(shortopts, c) || (o->own && strchr(o->own, c)))
		return 0;
	for (size_t i = 0; i < NSHARED; i++)
		if (shared_opts[i].val == c)
			return 1;
	return 0;
}

/* Set the shared option c from arg: 0, or -1 with the complaint said. */
static int shared_set(struct cmd_opts *o, int c, const char *arg)
{
	switch (c) {
	case '0': o->nul = 1; break;
	case 'R': o->recursive = 1; break;
	case OPT_FILES_FROM: o->files_from = arg; break;
	case 'd': o->dir = arg; break;
	case 'E': return (o->enc_out = opt_encoding(arg, 0)) ? 0 : -1;
	case 'e': return (o->encoding = opt_encoding(arg, 1)) ? 0 : -1;
	case 'f': return (o->format = opt_format(arg, 1, 0)) ? 0 : -1;
	case 'h': usage(EXIT_OK);
	case 'j': o->json = 1; break;
	case 'n':
		o->notation_set = 1;
		return opt_notation(arg, &o->notation);
	case 'o': o->outpath = arg; break;
	case 'q': o->pp->quiet = 1; break;
	case 't': return (o->to = opt_format(arg, 0, 0)) ? 0 : -1;
	case 'V': print_version();
	case 'v': o->pp->verbose = 1; break;
	}
	return 0;
}

static int cmp_option(const void *a, const void *b)
{
	return strcmp(((const struct option *)a)->name, ((const struct option *)b)->name);
}

int cmd_getopt(struct cmd_opts *o, int argc, char **argv, const char *shortopts,
	       const struct option *extra)
{
	static struct option longopts[80];
	static const struct option *built_from;
	int c;

	if (built_from != extra) {
		size_t n = 0;
		for (; extra[n].name; n++) {
			if (n + NSHARED + 1 > sizeof longopts / sizeof longopts[0])
				die(EXIT_TROUBLE, "internal error: too many long options");
			longopts[n] = extra[n];
		}
		for (size_t i = 0; i < NSHARED; i++)
			if (shared_opts[i].name && shared_letter(o, shortopts, shared_opts[i].val))
				longopts[n++] = shared_opts[i];
		/* in the order of the names, as getopt_long() lists them when
		 * an abbreviation is ambiguous */
		qsort(longopts, n, sizeof longopts[0], cmp_option);
		memset(&longopts[n], 0, sizeof longopts[n]);
		built_from = extra;
	}
	while ((c = cmd_getopt_long(argc, argv, shortopts, longopts)) != -1) {
		if (!shared_letter(o, shortopts, c))
			return c;
		/* a bad value: its message (names the good ones) said */
		if (shared_set(o, c, optarg) < 0)
			usage(EXIT_TROUBLE);
	}
	return -1;
}

void cmd_inputs(struct cmd_opts *o, int *argc, char ***argv)
{
	/* for the whole run (a static: not a leak at exit) */
	static struct input_list gathered;
	if (o->nul && !o->files_from)
		usage_error("-0 needs --files-from");
	if (!o->recursive && !o->files_from)
		return;
	if (inputs_gather(&gathered, *argc, *argv, o->recursive, o->files_from, o->nul) < 0)
		o->inputs_trouble = 1;
	/* named inputs that came to none (an empty folder or list) read none,
	 * not standard input */
	o->inputs_gathered = *argc > 0 || o->files_from;
	o->inputs = &gathered;
	*argc = gathered.n;
	*argv = gathered.paths;
}

void opt_output(struct cmd_opts *o)
{
	if (o->outpath && o->dir)
		usage_error("-o and -d cannot be used together");
	if (!o->to && o->outpath) {
		const struct xq_format *f = xq_format_by_filename(o->outpath);
		if (f && f->write)
			o->to = f->name;
	}
	if ((o->name_format || o->force) && !o->dir)
		usage_error("--name and --force need -d DIR");
	if (o->name_format && outdir_check_name(o->name_format) < 0)
		usage(EXIT_TROUBLE);
	if (o->dir && outdir_make(o->dir) < 0)
		exit(EXIT_TROUBLE);
}

/* An input's FILE (not stdin) or descriptor closed. */
static void input_close(FILE *fp, int fd)
{
	record_close(fp);
	if (fd >= 0)
		close(fd);
}

/* "cannot read" name: a reader that would not open (err). */
static void say_unreadable(const char *name, int err)
{
	warnx_("cannot read '%s': %s", name, err == XQ_EINVAL ? "unknown format or encoding" :
	       err == XQ_EIO && errno == EISDIR ? strerror(EISDIR) : xq_strerror(err));
}

/* A reader on path (NULL or "-": stdin) with the options in *o, whose
 * name it sets; NULL with the complaint said.  *fp (stdin) or *fd (a
 * file, read with read(2): no stdio buffer, no copy) is for
 * input_close(). */
static struct xq_reader *record_reader_open(const char *path, struct xq_reader_opts *o, FILE **fp,
					    int *fd)
{
	struct xq_reader *r;
	int err;
	*fp = NULL;
	*fd = -1;
	if (record_stdin(path)) {
		*fp = record_fopen(path, &o->name);
		r = xq_reader_open(*fp, o, &err);
	} else {
		if ((*fd = record_open_fd(path, &o->name)) < 0)
			return NULL;
		r = xq_reader_open_fd(*fd, o, &err);
	}
	if (!r) {
		say_unreadable(o->name, err);
		input_close(*fp, *fd);
	}
	return r;
}

/* --- a range of an input (--range, -J): the games that begin in it, read
 * from the file mapped; a range of what cannot be split is range 1's whole,
 * and what cannot be opened is said by range 1 alone */

/* The whole input's reader, or none (*skip set) for a range that reads
 * nothing of it. */
static struct xq_reader *whole_or_skip(int whole, const char *path, struct xq_reader_opts *o,
				       FILE **fp, int *fd, int *skip)
{
	if (whole)
		return record_reader_open(path, o, fp, fd);
	*skip = 1;
	return NULL;
}

static const struct xq_range *the_head;

void record_loop_range_head(const struct xq_range *head)
{
	the_head = head;
}

void *record_map(const char *path, size_t *len)
{
	struct stat sb;
	void *map;
	int fd;
	*len = 0;
	if (record_stdin(path) || (fd = open(path, O_RDONLY)) < 0)
		return NULL;
	int ok = fstat(fd, &sb) == 0 && S_ISREG(sb.st_mode) && sb.st_size > 0 &&
		 (map = mmap(NULL, (size_t)sb.st_size, PROT_READ, MAP_PRIVATE, fd, 0)) != MAP_FAILED;
	close(fd);
	if (!ok)
		return NULL;
	*len = (size_t)sb.st_size;
	return map;
}

static struct xq_reader *range_reader_open(const char *path, struct xq_reader_opts *o, long k, long n,
				  FILE **fp, int *fd, void **map, size_t *maplen, int *skip)
{
	struct xq_range rg;
	struct xq_reader_opts ro;
	struct xq_reader *r;
	int err;
	*skip = 0;
	*fp = NULL;
	*fd = -1;
	if (!(*map = record_map(path, maplen)))
		return whole_or_skip(k == 1, path, o, fp, fd, skip);
	o->name = path;
	if ((the_head ? xq_range_cut(the_head, *map, *maplen, k, n, &rg) :
	     xq_reader_range(*map, *maplen, o, k, n, &rg)) < 0)
		die(EXIT_TROUBLE, "out of memory");
	if (!rg.split || rg.start >= rg.end) {
		munmap(*map, *maplen);
		*map = NULL;
		return whole_or_skip(!rg.split && k == 1, path, o, fp, fd, skip);
	}
	ro = xq_range_opts(&rg, o);
	if (!(r = xq_reader_open_mem((const char *)*map + rg.start, rg.end - rg.start, &ro, &err))) {
		say_unreadable(path, err);
		munmap(*map, *maplen);
	}
	return r;
}

static void range_reader_close(struct xq_reader *r, FILE *fp, int fd, void *map, size_t maplen)
{
	xq_reader_close(r);
	if (map)
		munmap(map, maplen);
	else
		input_close(fp, fd);
}

/* --- a chunk of a stream (-J) */

static const struct record_chunk *the_chunk;

void record_loop_chunk(const struct record_chunk *c)
{
	the_chunk = c;
}

/* The chunk's reader, the options' format and encoding overridden where
 * the chunk says. */
static struct xq_reader *chunk_reader_open(const struct record_chunk *c, struct xq_reader_opts *o,
					   FILE **fp)
{
	struct xq_reader *r;
	int err;
	*fp = NULL;
	o->name = c->name;
	*o = xq_chunk_opts(&c->c, o);
	if (c->fd >= 0) {
		if (!(*fp = fdopen(c->fd, "rb")))
			die(EXIT_TROUBLE, "cannot read '%s': %s", c->name, strerror(errno));
		r = xq_reader_open(*fp, o, &err);
	} else {
		r = xq_reader_open_mem(c->c.buf, c->c.len, o, &err);
	}
	if (!r) {
		say_unreadable(c->name, err);
		record_close(*fp);
	}
	return r;
}

/* --- the input loop */

static struct progress_meter *the_meter;

void record_loop_meter(struct progress_meter *m)
{
	the_meter = m;
}

/* A walk's notes (a file skipped): shown with -v alone, never under -q.
 * Skipping what holds no record is what -R does: no game goes unread. */
static int walk_notes_shown(const struct problem_printer *pp)
{
	return pp->verbose && !pp->quiet;
}

/* A file found in a walk that holds no record is skipped with a note
 * instead of the reader's fatal problem. */
struct walked_filter {
	xq_problem_fn fn;
	void *data;
	int shown, skipped;
};

static void filter_walked(void *data, const struct xq_problem *p)
{
	struct walked_filter *wf = data;
	if (p->severity == XQ_SEV_FATAL && p->code == XQ_P_FORMAT && p->game == 0) {
		wf->skipped = 1;
		if (wf->shown)
			diag(p->file, 0, 0, "note", "skipped: %s", p->msg);
		return;
	}
	wf->fn(wf->data, p);
}

/* A part's line after each input (part.h): its name, games, lines and
 * bytes, for the merge to number the next part's. */
static void put_part_end(const struct record_loop *l, FILE *fp)
{
	fputs("#end\t", fp);
	part_put_text(fp, l->name, 0);
	fprintf(fp, "\t%ld\t%ld\t%llu\n", l->input_games, xq_reader_line(l->r),
		(unsigned long long)xq_reader_offset(l->r));
}

static void loop_input(struct record_loop *l, const char *path, int walked)
{
	struct xq_reader_opts ro = {
		.format = l->o->format, .encoding = l->o->encoding, .flags = l->flags,
		.problem = l->problem ? l->problem : print_problem,
		.problem_data = l->problem ? l->problem_data : l->o->pp,
	};
	struct walked_filter wf = { ro.problem, ro.problem_data, walk_notes_shown(l->o->pp), 0 };
	struct xq_game *g;
	FILE *fp;
	void *map = NULL;
	size_t maplen = 0;
	int rc = 0, skip = 0, fd = -1;
	enum record_step step = RECORD_NEXT;
	long fatals = l->o->pp->fatals;

	if (walked) {
		ro.problem = filter_walked;
		ro.problem_data = &wf;
	}
	l->r = the_chunk ? chunk_reader_open(the_chunk, &ro, &fp) :
	       l->range_n ? range_reader_open(path, &ro, l->range_k, l->range_n, &fp, &fd, &map,
					    &maplen, &skip) : record_reader_open(path, &ro, &fp, &fd);
	if (!l->r) {
		if (!skip)
			l->trouble = 1;
		return;
	}
	l->name = ro.name;
	l->input_games = 0;
	while (step == RECORD_NEXT && (rc = xq_reader_next(l->r, &g)) > 0) {
		l->games++;
		l->input_games++;
		if (l->hint)
			xq_game_encoding_hint(l->r, g, l->name, l->o->encoding, ro.problem,
					     ro.problem_data);
		l->taken = 0;
		step = l->game(l, g);
		if (step != RECORD_KEEP && !l->taken)
			xq_game_free(g);
		if (l->progress || the_meter) {
			uint64_t done = l->bytes_before + xq_reader_offset(l->r);
			if (l->progress)
				progress_update(l->name, l->games, done);
			if (the_meter)
				progress_meter_set(the_meter, l->games, done);
		}
	}
	l->rc = rc;
	l->bytes_before += xq_reader_offset(l->r);
	if (the_meter)
		progress_meter_set(the_meter, l->games, l->bytes_before);
	/* end() may write standard output: the terminal the line is on */
	if (l->progress && (l->end || l->part_end) && isatty(STDOUT_FILENO))
		progress_clear();
	if (l->part_end && !wf.skipped)
		put_part_end(l, l->part_end);
	if (l->end && !wf.skipped)
		l->end(l);
	if (l->o->pp->fatals > fatals)
		l->trouble = 1;    /* said already, naming the limit or the fault */
	if (step == RECORD_NEXT && rc < 0 && !wf.skipped) {
		if (rc != XQ_EIO && l->o->pp->fatals == fatals)
			warnx_("error reading '%s': %s", l->name, xq_strerror(rc));
		l->trouble = 1;
	}
	if (step == RECORD_STOP)
		l->stop = 1;
	range_reader_close(l->r, fp, fd, map, maplen);
	l->r = NULL;
}

/* The notes of a walk due before input i (all that are left: i < 0). */
static void say_input_notes(const struct record_loop *l, int *next, int i)
{
	const struct input_list *il = l->o->inputs;
	for (; il && *next < il->nnotes && (i < 0 || il->notes[*next].before <= i); ++*next)
		if (walk_notes_shown(l->o->pp))
			diag(il->notes[*next].path, 0, 0, "note", "%s", il->notes[*next].msg);
}

uint64_t record_input_bytes(int argc, char **argv)
{
	uint64_t total = 0;
	struct stat sb;
	for (int i = 0; i < (argc ? argc : 1); i++) {
		const char *p = argc ? argv[i] : "-";
		if ((strcmp(p, "-") ? stat(p, &sb) : fstat(STDIN_FILENO, &sb)) < 0 || !S_ISREG(sb.st_mode))
			return 0;
		total += (uint64_t)sb.st_size;
	}
	return total;
}

int record_loop_run(struct record_loop *l, int argc, char **argv)
{
	int next_note = 0;
	const struct input_list *il = l->o->inputs;
	if (l->o->inputs_trouble)
		l->trouble = 1;
	if (l->progress)
		progress_begin(record_input_bytes(argc, argv));
	if (argc == 0 && !l->o->inputs_gathered)
		loop_input(l, NULL, 0);
	for (int i = 0; i < argc && !l->stop; i++) {
		say_input_notes(l, &next_note, i);
		loop_input(l, argv[i], il && argv == il->paths && il->walked[i]);
	}
	if (!l->stop)
		say_input_notes(l, &next_note, -1);
	if (l->progress)
		progress_clear();
	return l->trouble ? EXIT_TROUBLE : EXIT_OK;
}

const char *record_format_extension(const char *format)
{
	const struct xq_format *f = xq_format_find(format ? format : "pgn");
	static char ext[16];
	size_t n;
	if (!f)
		return "pgn";
	n = strcspn(f->extensions, " ");
	if (n >= sizeof ext)
		n = sizeof ext - 1;
	memcpy(ext, f->extensions, n);
	ext[n] = '\0';
	return ext;
}

/* --- output */

int record_big5(const char *enc)
{
	return enc && !strncmp(xq_encoding_name(enc), "BIG5", 4);
}

struct xq_writer *record_writer_open(FILE *fp, const char *name, const struct cmd_opts *o,
				     enum xq_notation n, unsigned flags,
				     xq_problem_fn fn, void *data)
{
	struct xq_writer_opts wo = {
		.format = o->to, .encoding = o->enc_out, .notation = n, .name = name,
		.flags = flags,   /* (Big5 output is traditional: the library's rule) */
		.problem = fn, .problem_data = data,
	};
	struct xq_writer *w;
	int err;
	if (!(w = xq_writer_open(fp, &wo, &err)))
		warnx_("cannot write: %s", xq_strerror(err));
	return w;
}

/* A writer's problem (a character the output encoding lacks) is the
 * input game's: name the input and where the game starts there, and the
 * output at the end. */
void record_output_problem(void *data, const struct xq_problem *p)
{
	const struct record_output *ro = data;
	struct xq_problem q = *p;
	char msg[700];
	if (ro->game_input) {
		snprintf(msg, sizeof msg, "%s (writing '%s')", p->msg, p->file ? p->file : "<stdout>");
		q.file = ro->game_input;
		q.line = ro->game_line;
		q.col = 0;
		q.msg = msg;
	}
	print_problem(ro->o->pp, &q);
}

int record_output_writer(struct record_output *ro, FILE *fp, const char *name)
{
	ro->w = record_writer_open(fp, name, ro->o, ro->o->notation, ro->wflags,
				   ro->problem ? ro->problem : record_output_problem,
				   ro->problem ? ro->problem_data : ro);
	return ro->w ? 0 : -1;
}

int record_output_writer_close(struct record_output *ro)
{
	int rc;
	ro->converted += xq_writer_converted(ro->w);
	rc = xq_writer_close(ro->w);
	ro->w = NULL;
	return rc;
}

int record_output_open(struct record_output *ro)
{
	const struct xq_format *f = xq_format_find(ro->o->to ? ro->o->to : "pgn");
	ro->one_game = f && (f->flags & XQ_FORMAT_ONE_GAME);
	ro->count = 0;
	ro->w = NULL;
	ro->last_path = NULL;
	ro->held = NULL;
	memset(&ro->out, 0, sizeof ro->out);
	if (ro->o->dir)
		return 0;
	if (out_open(&ro->out, ro->o->outpath, ro->inputs, ro->ninputs) < 0)
		return -1;
	if (is_pipe(fileno(ro->out.fp)))
		ro->flush_each = 1;
	/* no temporary file to rename: the games wait in one of their own */
	if (ro->all_or_none && !ro->out.tmp && !(ro->held = tmpfile()))
		die(EXIT_TROUBLE, "cannot create a temporary file: %s", strerror(errno));
	if (record_output_writer(ro, ro->held ? ro->held : ro->out.fp,
				 ro->o->outpath ? ro->o->outpath : "<stdout>") < 0) {
		if (ro->held)
			fclose(ro->held);
		ro->held = NULL;
		out_abort(&ro->out);
		return -1;
	}
	return 0;
}

int record_one_game_refused(int one_game, long before, const char *format)
{
	if (!one_game || before == 0)
		return 0;
	warnx_("the %s format holds one game per file: use -d DIR to write several", format);
	return 1;
}

int record_output_write(struct record_output *ro, const struct xq_game *g, const char *input)
{
	long before = ro->count++;
	int rc;
	ro->game_input = input;
	ro->game_line = g->line;
	if (ro->o->dir)
		return record_output_file(ro, g, before + 1, input);
	if (record_one_game_refused(ro->one_game, before, ro->o->to))
		return -1;
	rc = xq_writer_write(ro->w, g);
	if (rc == 0 && ro->flush_each && fflush(ro->out.fp) != 0)
		rc = XQ_EIO;
	if (rc == XQ_EIO) {
		write_error(ro->o->outpath);
		return -1;
	}
	return rc < 0 ? 1 : 0;
}

int record_output_file(struct record_output *ro, const struct xq_game *g, long seq,
		       const char *input)
{
	if (!ro->od)
		ro->od = outdir_new(ro->o->dir, ro->o->name_format, ro->o->force);
	char *path = outdir_path(ro->od, g, seq, record_format_extension(ro->o->to));
	struct outdir_file of;
	int rc, crc;
	ro->game_input = input;
	ro->game_line = g->line;
	free(ro->last_path);
	ro->last_path = NULL;
	if ((rc = outdir_create(ro->od, &of, path, ro->inputs, ro->ninputs)) != 0) {
		if (rc > 0)   /* a clash: this game's error; the run goes on */
			outdir_clash(path, g, input, print_problem, ro->o->pp);
		free(path);
		return rc;
	}
	if (record_output_writer(ro, of.out.fp, path) < 0) {
		outdir_abort(&of);
		free(path);
		return -1;
	}
	rc = xq_writer_write(ro->w, g);
	crc = record_output_writer_close(ro);
	if (rc == 0 && crc == 0) {
		rc = outdir_commit(&of);
	} else {
		outdir_abort(&of);
		rc = rc == XQ_EIO || crc == XQ_EIO ? -1 : 1;
		if (rc < 0)
			write_error(path);
	}
	if (rc == 0) {
		record_output_made(ro, path);
		ro->last_path = path;
	}
	else
		free(path);
	return rc;
}

void record_output_made(struct record_output *ro, const char *path)
{
	if (!ro->all_or_none)
		return;
	ro->made = xrealloc(ro->made, (size_t)(ro->nmade + 1) * sizeof *ro->made);
	ro->made[ro->nmade++] = xstrdup(path);
}

int record_output_close(struct record_output *ro, int keep)
{
	int rc = 0, held = ro->held != NULL;
	free(ro->last_path);
	ro->last_path = NULL;
	outdir_free(ro->od);
	ro->od = NULL;
	for (long i = 0; i < ro->nmade; i++) {
		if (!keep)
			unlink(ro->made[i]);
		free(ro->made[i]);
	}
	free(ro->made);
	ro->made = NULL;
	ro->nmade = 0;
	if (ro->o->dir)
		return 0;
	if (record_output_writer_close(ro) < 0) {
		if (keep)
			write_error(ro->o->outpath);
		rc = -1;
		keep = 0;
	}
	if (ro->held) {
		if (keep && release_held(ro->held, ro->out.fp, ro->o->outpath) < 0) {
			rc = -1;
			keep = 0;
		}
		fclose(ro->held);
		ro->held = NULL;
	}
	/* (both leave standard output as it is) */
	if (out_close(&ro->out, keep) < 0)
		rc = held ? -2 : -1;
	return rc;
}
