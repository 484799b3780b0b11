/*
 * grep_dupes.c - xqgrep --unique over one run and over parts (see
 * grep_dupes.h): the list of duplicates, --merge-keys, the drop list and the second
 * pass of --drops.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "grep_dupes.h"
#include "part.h"
#include "record_input.h"

void grep_unique_summary(long games, long dupes)
{
	fprintf(stderr, "%s: %ld game%s, %ld duplicate%s removed, %ld kept\n", progname,
		games, games == 1 ? "" : "s", dupes, dupes == 1 ? "" : "s", games - dupes);
}

/* Game g with key into d: 1 when it is a duplicate (listed unless quiet:
 * the list is what --unique reports, not a note that needs --verbose),
 * else 0. */
static inline int listed(struct xq_dupes *d, const uint64_t key[2], struct xq_place *g, int quiet)
{
	struct xq_place first;
	int rc = xq_dupes_add(d, key, g, &first);
	if (rc < 0)
		die(EXIT_TROUBLE, "out of memory");
	if (rc && !quiet)
		diag(g->name, g->line, 0, NULL, "game %ld is a duplicate of game %ld (%s:%ld)",
		     g->index, first.index, first.name, first.line);
	return rc;
}

/*
 * --merge-keys: each part's --keys output (part.h) in turn, the numbers of
 * later parts shifted by the games and lines of the earlier parts of the
 * same name (xq_dupes_part_end()); --write-drops FILE: for each part K
 * (counted by its header, from 1 as GNU parallel's {#}) its inputs and the
 * games it drops (a duplicate of an earlier game of any part), the index
 * its own.
 */
struct keys_merging {
	struct part_merge m;
	struct xq_dupes *d;
	FILE *drops;                 /* --write-drops, or NULL */
	long keys, dupes;
	int quiet;
};

/* One line of the --keys parts: 0, or -1 (said). */
static int merge_key_line(void *data, char *line, struct part_line *at)
{
	struct keys_merging *km = data;
	char *f[5];
	const char *num, *bad = NULL;
	long a, b;
	uint64_t k[2];
	int n = part_split(line, f, 4), rc;
	if (part_keys_header(f, n, &num))
		return part_begin(&km->m, num, at->name, at->lineno);
	if (n != 4 || part_number(f[2], &a) < 0 || part_number(f[3], &b) < 0)
		bad = "not a line of xqgrep --keys";
	else if (km->drops && !km->m.parts)
		bad = "a line of xqgrep --keys before the first part's header";
	else if (!strcmp(f[0], "#end")) {
		if ((rc = xq_dupes_part_end(km->d, f[1], a, b)) == XQ_ENOMEM)
			die(EXIT_TROUBLE, "out of memory");
		if (rc < 0)
			bad = "too many games or lines";
		else if (km->drops) {
			fflush(stderr);
			part_put_drops_input(km->drops, km->m.parts, f[1], a, b);
		}
	} else if (part_get_key(f[0], k) < 0) {
		bad = "not a key of xqgrep --keys";
	} else {
		struct xq_place place = { f[1], a, b };
		km->keys++;
		if (listed(km->d, k, &place, km->quiet)) {
			km->dupes++;
			if (km->drops) {
				fflush(stderr);
				part_put_drop(km->drops, km->m.parts, a, f[0], f[1]);
			}
		}
	}
	if (!bad)
		return 0;
	part_error(at, "%s", bad);
	return -1;
}

int grep_merge_keys(int argc, char **argv, const char *drops_path, int quiet)
{
	struct keys_merging km;
	struct outfile dout = { 0 };
	int trouble;
	memset(&km, 0, sizeof km);
	km.quiet = quiet;
	if (!(km.d = xq_dupes_new()))
		die(EXIT_TROUBLE, "out of memory");
	if (drops_path) {
		if (out_open(&dout, drops_path, argv, argc) < 0)
			return EXIT_TROUBLE;
		fprintf(dout.fp, "%s\n", PART_DROPS_HEADER);   /* nothing said yet */
		km.drops = dout.fp;
	}
	trouble = part_read(argc, argv, merge_key_line, &km);
	grep_unique_summary(km.keys, km.dupes);
	xq_dupes_free(km.d);
	part_merge_free(&km.m);
	fflush(stderr);
	if (drops_path && out_close(&dout, !trouble) < 0)
		trouble = 1;
	return exit_status(1, trouble, !km.keys);
}

/* --drops FILE --part N: what part N drops and the inputs it held, from
 * fp into d (*inputs: how many); 0, or -1 with *lineno the bad line's
 * number (0: a read error). */
static int read_drops(FILE *fp, long part, struct xq_dupes *d, long *lineno, int *inputs)
{
	char *line = NULL, *name;
	size_t cap = 0;
	ssize_t len;
	int rc = -1, what;
	*lineno = 0;
	*inputs = 0;
	while ((len = getline(&line, &cap, fp)) > 0) {
		long k, v1, v2;
		uint64_t key[2];
		++*lineno;
		if (line[len - 1] == '\n')
			line[--len] = '\0';
		if (*lineno == 1) {
			if (strcmp(line, PART_DROPS_HEADER))
				goto out;
			continue;
		}
		if ((what = part_get_drop_line(line, &k, &name, &v1, &v2, key)) < 0)
			goto out;
		if (k != part)
			continue;
		what = what == 'P' ? (++*inputs, xq_dupes_expect_input(d, name, v1, v2)) :
			xq_dupes_expect_drop(d, name, v1, key);
		if (what == XQ_ENOMEM)
			die(EXIT_TROUBLE, "out of memory");
		if (what < 0)
			goto out;
	}
	if (ferror(fp))
		*lineno = 0;
	else if (*lineno > 0)
		rc = 0;
	else
		*lineno = 1;    /* empty: no header */
out:
	free(line);
	return rc;
}

/* --drops: the list of part u->part into u->d. */
static void load_drops(struct grep_unique *u)
{
	const char *name;
	FILE *fp = record_open(u->drops_path, &name);
	long lineno;
	int inputs;
	if (!fp)
		exit(EXIT_TROUBLE);   /* said */
	if (read_drops(fp, u->part, u->d, &lineno, &inputs) < 0) {
		if (lineno)
			diag(name, lineno, 0, "error", "not a line of xqgrep --merge-keys --write-drops");
		else
			warnx_("error reading '%s': %s", name, strerror(errno));
		exit(EXIT_TROUBLE);
	}
	record_close(fp);
	if (!inputs)
		die(EXIT_TROUBLE, "'%s' has no part %ld", name, u->part);
}

/* The part is not the part --keys saw: said once. */
__attribute__((format(printf, 3, 4)))
static void parts_differ(struct grep_unique *u, const char *name, const char *fmt, ...)
{
	char what[200];
	va_list ap;
	if (u->differ++)
		return;
	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	diag(name, 0, 0, "error", "part %ld: %s, not as --keys saw it "
	     "(run both passes on the same parts: the same parallel options)", u->part, what);
}

void grep_unique_start(struct grep_unique *u)
{
	if (!u->keys_out && !(u->d = xq_dupes_new()))
		die(EXIT_TROUBLE, "out of memory");
	if (u->drops_path)
		load_drops(u);
	if (u->keys_out)
		part_put_keys_header(stdout, u->part);
}

int grep_unique_game(struct grep_unique *u, struct xq_query *q, const char *name,
		     const struct xq_game *g)
{
	struct xq_place at = { name, g->index, g->line };
	uint64_t key[2];
	int rc;
	if (xq_query_key(q, g, key) < 0)
		die(EXIT_TROUBLE, "out of memory");
	if (u->keys_out) {
		fflush(stderr);
		part_put_key(stdout, key, name, g->index, g->line);
		return 0;
	}
	if (!u->drops_path)
		rc = listed(u->d, key, &at, u->quiet);
	else if ((rc = xq_dupes_drop(u->d, name, g->index, key)) == 2)
		parts_differ(u, name, "game %ld is another game", g->index);
	u->dupes += rc != 0;
	return rc != 0;
}

void grep_unique_input_end(struct grep_unique *u, const char *name, long games, long lines)
{
	long n;
	if (u->keys_out)
		part_put_keys_end(stdout, name, games, lines);
	switch (u->drops_path ? xq_dupes_input_end(u->d, name, games, lines, &n) : 0) {
	case 1: parts_differ(u, name, "input %ld is another input", n); break;
	case 2: parts_differ(u, name, "%ld games in %ld lines", games, lines); break;
	}
}

void grep_unique_end(struct grep_unique *u, const char *last)
{
	long n;
	switch (u->drops_path ? xq_dupes_expect_end(u->d, &n) : 0) {
	case 1: parts_differ(u, last, "%ld inputs", n); break;
	case 2: parts_differ(u, last, "game %ld of those to drop is missing", n); break;
	}
	xq_dupes_free(u->d);
	u->d = NULL;
}
