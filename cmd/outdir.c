/*
 * outdir.c - -d DIR: names decided in memory, one exclusive create per
 * file (see outdir.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "outdir.h"
#include "xq.h"

#define BASE_MAX 200    /* bytes of a name before "-N.ext": within NAME_MAX */

struct name_entry {
	char *name;     /* "base.ext"; NULL: a free slot */
	long next;      /* the next -N to try for this name */
};

struct outdir {
	char *dir;
	int dfd;
	const char *format;
	int force;
	struct name_entry *tab;   /* open addressing, a power of two */
	size_t cap, used;
};

int outdir_make(const char *dir)
{
	size_t n = strlen(dir);
	char *p = xstrdup(dir);
	struct stat sb;
	/* each prefix ending before a '/', then the whole */
	for (size_t i = 1; i <= n; i++) {
		if (i < n && (p[i] != '/' || p[i - 1] == '/'))
			continue;
		char c = p[i];
		p[i] = '\0';
		if (mkdir(p, 0777) != 0 && errno != EEXIST) {
			warnx_("cannot make directory '%s': %s", p, strerror(errno));
			free(p);
			return -1;
		}
		p[i] = c;
	}
	free(p);
	if (stat(dir, &sb) != 0 || !S_ISDIR(sb.st_mode)) {
		warnx_("'%s' is not a directory", dir);
		return -1;
	}
	return 0;
}

int outdir_check_name(const char *format)
{
	size_t bad;
	if (xq_game_name_check(format, &bad) < 0) {
		warnx_("invalid --name '%s' at '%.20s': the fields are %%n, %%06n, %%{Tag} and %%%%",
		       format, format + bad);
		return -1;
	}
	return 0;
}

struct outdir *outdir_new(const char *dir, const char *format, int force)
{
	struct outdir *od = calloc(1, sizeof *od);
	if (!od || !(od->dir = strdup(dir)))
		die(EXIT_TROUBLE, "out of memory");
	od->format = format ? format : XQ_GAME_NAME_DEFAULT;
	od->force = force;
	od->dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	return od;
}

void outdir_free(struct outdir *od)
{
	if (!od)
		return;
	for (size_t i = 0; i < od->cap; i++)
		free(od->tab[i].name);
	free(od->tab);
	if (od->dfd >= 0)
		close(od->dfd);
	free(od->dir);
	free(od);
}

/* --- the names this run has used */

static uint64_t hash_name(const char *s)
{
	uint64_t h = 14695981039346656037u;   /* FNV-1a */
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211u;
	return h;
}

static struct name_entry *names_slot(struct outdir *od, const char *name)
{
	size_t i = (size_t)hash_name(name) & (od->cap - 1);
	while (od->tab[i].name && strcmp(od->tab[i].name, name) != 0)
		i = (i + 1) & (od->cap - 1);
	return &od->tab[i];
}

static void names_grow(struct outdir *od)
{
	struct name_entry *old = od->tab;
	size_t oldcap = od->cap;
	od->cap = oldcap ? oldcap * 2 : 1024;
	if (!(od->tab = calloc(od->cap, sizeof *od->tab)))
		die(EXIT_TROUBLE, "out of memory");
	for (size_t i = 0; i < oldcap; i++)
		if (old[i].name)
			*names_slot(od, old[i].name) = old[i];
	free(old);
}

/* The entry of name, added (next 2) when new; *fresh says which. */
static struct name_entry *use_name(struct outdir *od, const char *name, int *fresh)
{
	if ((od->used + 1) * 2 > od->cap)
		names_grow(od);
	struct name_entry *e = names_slot(od, name);
	*fresh = !e->name;
	if (!e->name) {
		e->name = xstrdup(name);
		e->next = 2;
		od->used++;
	}
	return e;
}

char *outdir_path(struct outdir *od, const struct xq_game *g, long seq, const char *ext)
{
	char base[BASE_MAX + 1], first[BASE_MAX + 64], name[BASE_MAX + 64];
	int fresh;
	xq_game_format_name(od->format, g, seq, base, sizeof base);
	snprintf(first, sizeof first, "%s.%s", base, ext);
	strcpy(name, first);
	struct name_entry *e = use_name(od, first, &fresh);
	if (!fresh) {
		/* used before in this run: the first free -N, remembered per
		 * name, so that many games of one name stay linear */
		long k = e->next;
		do
			snprintf(name, sizeof name, "%s-%ld.%s", base, k++, ext);
		while (use_name(od, name, &fresh), !fresh);
		names_slot(od, first)->next = k;   /* (the table may have grown) */
	}
	size_t len = strlen(od->dir) + strlen(name) + 2;
	char *path = xrealloc(NULL, len);
	snprintf(path, len, "%s/%s", od->dir, name);
	return path;
}

/* --- files */

/* An O_EXCL file done with (closed): removed unless kept, no longer one
 * for a signal to remove. */
static void excl_end(struct outdir_file *f, int keep)
{
	if (!keep)
		unlink(f->out.path);
	temp_forget(f->out.path);
	free(f->out.path);
	memset(f, 0, sizeof *f);
}

int outdir_create(struct outdir *od, struct outdir_file *f, const char *path,
		  char *const *inputs, int ninputs)
{
	memset(f, 0, sizeof *f);
	if (od->force)
		return out_open(&f->out, path, inputs, ninputs);
	size_t dlen = strlen(od->dir);
	const char *name = od->dfd >= 0 && !strncmp(path, od->dir, dlen) && path[dlen] == '/'
			   ? path + dlen + 1 : path;
	int fd = openat(od->dfd >= 0 && name != path ? od->dfd : AT_FDCWD, name,
			O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0666);
	if (fd < 0 && errno == EEXIST)
		return 1;   /* the caller says it, as the game's error */
	if (fd < 0) {
		warnx_("cannot create '%s': %s", path, strerror(errno));
		return -1;
	}
	f->out.path = xstrdup(path);
	temp_register(f->out.path);   /* removed if a signal ends the run now */
	if (!(f->out.fp = fdopen(fd, "w"))) {
		warnx_("cannot create '%s': %s", path, strerror(errno));
		close(fd);
		excl_end(f, 0);
		return -1;
	}
	f->excl = 1;
	return 0;
}

void outdir_clash(const char *path, const struct xq_game *g, const char *input,
		  xq_problem_fn fn, void *data)
{
	static const char why[] = "' exists: not overwritten (--force replaces it)";
	size_t len = strlen(path) + sizeof why + 1;
	char *msg = xrealloc(NULL, len);
	struct xq_problem p = { 0 };
	snprintf(msg, len, "'%s%s", path, why);
	p.severity = XQ_SEV_ERROR;
	p.file = input;
	p.game = g->index;
	p.line = g->line;
	p.msg = msg;
	fn(data, &p);
	free(msg);
}

int outdir_commit(struct outdir_file *f)
{
	if (!f->excl)
		return out_commit(&f->out);
	int bad = ferror(f->out.fp);
	errno = 0;
	if (fclose(f->out.fp) != 0 || bad) {
		write_error(f->out.path);
		bad = 1;
	}
	excl_end(f, !bad);
	return bad ? -1 : 0;
}

void outdir_abort(struct outdir_file *f)
{
	if (!f->excl) {
		out_abort(&f->out);
		return;
	}
	fclose(f->out.fp);
	excl_end(f, 0);
}
