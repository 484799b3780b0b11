/*
 * grep_parts.c - xqgrep over the parts of a big input (see grep_parts.h):
 * the merges of --partial and --keys parts, the drop list of --drops.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "grep_parts.h"
#include "part.h"
#include "record_input.h"

void grep_unique_summary(long games, long dupes)
{
	fprintf(stderr, "%s: %ld game%s, %ld duplicate%s removed, %ld kept\n", progname,
		games, games == 1 ? "" : "s", dupes, dupes == 1 ? "" : "s", games - dupes);
}

void grep_invalid_summary(long games, long invalid)
{
	fprintf(stderr, "%s: %ld game%s, %ld invalid (reported above, not searched)\n",
		progname, games, games == 1 ? "" : "s", invalid);
}

int grep_dupe(struct xq_dupes *d, const uint64_t key[2], struct xq_place *g, int quiet)
{
	struct xq_place first;
	int rc = xq_dupes_add(d, key, g, &first);
	if (rc < 0)
		die(EXIT_TROUBLE, "out of memory");
	if (rc && !quiet)
		diag(g->name, g->line, 0, "note", "game %ld is a duplicate of game %ld (%s:%ld)",
		     g->index, first.index, first.name, first.line);
	return rc;
}

/*
 * --partial: one part of a big input.  Standard output is what the part
 * writes (the games, or --keys); the diagnostics go to standard error as
 * the lines of a part (record_input.h), and -c and -l are counted there
 * too:
 *   #xqgrep-partial 1 [N]
 *   P ...                              a diagnostic
 *   #end name games lines bytes matched invalid
 *   #counts games invalid count inputs flags trouble
 *                                      count: what -c prints (duplicates
 *                                      --drops dropped left out); flags:
 *                                      c, l, q as given, then "-"
 * Other lines (a message such as "cannot open") pass through the merge,
 * which then ends in trouble.
 * --merge prints on standard error what one run prints there (less the
 * duplicate report, which is --merge-keys'), and on standard output what
 * -c or -l print.
 */
struct grep_merging {
	struct part_merge m;
	char flags[8];               /* the first part's */
	long games, invalid, count, inputs;
	int trouble, in_part;
};

/* One line of the parts: 0, or -1 (said). */
static int merge_part_line(void *data, char *line, const char *name, long lineno)
{
	struct grep_merging *mg = data;
	size_t plen = strlen(progname);
	char *f[12];
	int n;
	struct part_input *in;
	struct xq_problem p;
	long v[6];
	if (!strncmp(line, progname, plen) && !strncmp(line + plen, ": ", 2)) {
		/* said by a part: said again, and trouble */
		fprintf(stderr, "%s\n", line);
		return -1;
	}
	n = part_split(line, f, 11);
	if (mg->in_part && part_message(f, n) == 0)
		return 0;
	if (part_is_header(f, n, "xqgrep", 0)) {
		int rc = 0;
		if (mg->in_part) {
			diag(name, lineno, 0, "error",
			     "a part starts before the one before it ended (#counts)");
			rc = -1;
		}
		mg->in_part = 1;
		return part_begin(&mg->m, n == 3 ? f[2] : NULL, name, lineno) < 0 ? -1 : rc;
	}
	if (!mg->in_part)
		goto bad;
	if (!strcmp(f[0], "P")) {
		if (part_problem(&mg->m, f, n, &p, &in) < 0)
			goto bad;
		/* -l: one run stops reading an input at its first match */
		if (!in->hit)
			print_problem_always(&p);
		return 0;
	}
	if (!strcmp(f[0], "#end") && n == 7) {
		long g, mt, inv;
		if (part_number(f[2], &g) < 0 || part_number(f[5], &mt) < 0 ||
		    part_number(f[6], &inv) < 0 || inv > g || part_end(&mg->m, f, n, &in) < 0)
			goto bad;
		if (in->hit)
			return 0;
		if (mg->games > PART_POS_MAX - g || in->matched > PART_POS_MAX - mt)
			goto bad;
		mg->games += g;
		mg->invalid += inv;
		in->matched += mt;
		if (strchr(mg->flags, 'l') && mt) {
			in->hit = 1;
			fflush(stderr);
			printf("%s\n", in->name);
		}
		return 0;
	}
	if (!strcmp(f[0], "#counts") && n == 7) {
		size_t fl = strlen(f[5]);
		int rc = 0;
		for (int k = 0; k < 4; k++)
			if (part_number(f[k + 1], &v[k]) < 0)
				goto bad;
		if (!fl || fl >= sizeof mg->flags || strspn(f[5], "clq") != fl - 1 ||
		    f[5][fl - 1] != '-' || (strcmp(f[6], "0") && strcmp(f[6], "1")) ||
		    mg->count > PART_POS_MAX - v[2])
			goto bad;
		if (mg->m.parts > 1 && strcmp(mg->flags, f[5])) {
			diag(name, lineno, 0, "error", "parts made with other -c, -l or -q");
			rc = -1;
		}
		if (mg->m.parts == 1) {
			strcpy(mg->flags, f[5]);
			/* -l: the first part's inputs ended before its flags came */
			for (int i = 0; strchr(mg->flags, 'l') && i < mg->m.nin; i++)
				if (mg->m.in[i].matched && !mg->m.in[i].hit) {
					mg->m.in[i].hit = 1;
					fflush(stderr);
					printf("%s\n", mg->m.in[i].name);
				}
		}
		mg->count += v[2];
		if (v[3] > mg->inputs)
			mg->inputs = v[3];
		if (f[6][0] == '1')
			mg->trouble = 1;
		mg->in_part = 0;
		return rc;
	}
bad:
	diag(name, lineno, 0, "error", "not a line of xqgrep --partial");
	return -1;
}

int grep_merge_parts(int argc, char **argv, struct outfile *out)
{
	struct grep_merging mg;
	int trouble;
	memset(&mg, 0, sizeof mg);
	trouble = part_read(argc, argv, merge_part_line, &mg) || mg.trouble;
	if (mg.in_part) {
		warnx_("the last part ends without its #counts line (cut short?)");
		trouble = 1;
	}
	fflush(stderr);
	if (strchr(mg.flags, 'c')) {
		if (mg.inputs > 1 || mg.m.nin > 1)
			for (int i = 0; i < mg.m.nin; i++)
				printf("%s:%ld\n", mg.m.in[i].name, mg.m.in[i].matched);
		else
			printf("%ld\n", mg.count);
	}
	if (mg.invalid)
		grep_invalid_summary(mg.games, mg.invalid);
	part_merge_free(&mg.m);
	fflush(stderr);
	close_stdout();
	if (out && out->fp != stdout) {
		if (trouble)
			out_abort(out);
		else if (out_commit(out) < 0)
			trouble = 1;
	}
	return exit_status(0, trouble, mg.invalid || mg.count == 0);
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
	long part, keys, dupes;
	int quiet;
};

/* One line of the --keys parts: 0, or -1 (said). */
static int merge_key_line(void *data, char *line, const char *name, long lineno)
{
	struct keys_merging *km = data;
	char key[40], pname[4096];
	const char *num, *bad = NULL;
	long a, b;
	uint64_t k[2];
	int rc;
	if (part_keys_header(line, &num)) {
		km->part++;
		return part_begin(&km->m, num, name, lineno);
	}
	if (part_get_key_line(line, key, pname, &a, &b) < 0)
		bad = "not a line of xqgrep --keys";
	else if (km->drops && !km->part)
		bad = "a line of xqgrep --keys before the first part's header";
	else if (!strcmp(key, "#end")) {
		if ((rc = xq_dupes_part_end(km->d, pname, a, b)) == XQ_ENOMEM)
			die(EXIT_TROUBLE, "out of memory");
		if (rc < 0)
			bad = "too many games or lines";
		else if (km->drops) {
			fflush(stderr);
			part_put_drops_input(km->drops, km->part, pname, a, b);
		}
	} else if (part_get_key(key, k) < 0) {
		bad = "not a key of xqgrep --keys";
	} else {
		struct xq_place at = { pname, a, b };
		km->keys++;
		if (grep_dupe(km->d, k, &at, km->quiet)) {
			km->dupes++;
			if (km->drops) {
				fflush(stderr);
				part_put_drop(km->drops, km->part, a, key, pname);
			}
		}
	}
	if (!bad)
		return 0;
	diag(name, lineno, 0, "error", "%s", bad);
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
	if (drops_path) {
		if (trouble)
			out_abort(&dout);
		else if (out_commit(&dout) < 0)
			trouble = 1;
	}
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

void grep_load_drops(struct xq_dupes *d, const char *path, long part)
{
	const char *name;
	FILE *fp = record_open(path, &name);
	long lineno;
	int inputs;
	if (!fp)
		exit(EXIT_TROUBLE);   /* said */
	if (read_drops(fp, part, d, &lineno, &inputs) < 0) {
		if (lineno)
			diag(name, lineno, 0, "error", "not a line of xqgrep --merge-keys --write-drops");
		else
			warnx_("error reading '%s': %s", name, strerror(errno));
		exit(EXIT_TROUBLE);
	}
	record_close(fp);
	if (!inputs)
		die(EXIT_TROUBLE, "'%s' has no part %ld", name, part);
}
