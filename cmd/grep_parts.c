/*
 * grep_parts.c - xqgrep over the parts of a big input (see grep_parts.h):
 * the lines of --partial, their merge, -J.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "grep_parts.h"
#include "jobs.h"
#include "part.h"
#include "record_input.h"

void grep_summary(long games, long invalid, long unwritten)
{
	if (!invalid && !unwritten)
		return;
	fprintf(stderr, "%s: %ld game%s", progname, games, games == 1 ? "" : "s");
	if (invalid)
		fprintf(stderr, ", %ld invalid (reported above, not searched)", invalid);
	if (unwritten)
		fprintf(stderr, ", %ld matching not written (reported above)", unwritten);
	fputc('\n', stderr);
}

/*
 * --partial: one part of a big input.  Standard output is what the part
 * writes (the games, or --keys); the diagnostics go to standard error as
 * the lines of a part (record_input.h), and -c and -l are counted there
 * too:
 *   #xqgrep-partial 1 [N]
 *   P ...                              a diagnostic
 *   #end name games lines bytes matched invalid
 *   #counts games invalid count inputs flags trouble unwritten
 *                                      count: what -c prints (duplicates
 *                                      --drops dropped left out); flags:
 *                                      c, l, q as given, then "-";
 *                                      unwritten: matching games -E could
 *                                      not write
 * Other lines (a message such as "cannot open") pass through the merge,
 * which then ends in trouble.
 * --merge prints on standard error what one run prints there (less the
 * duplicate report, which is --merge-keys'), and on standard output what
 * -c or -l print.
 */
void grep_put_part_end(FILE *fp, const char *name, long games, long lines,
		       unsigned long long bytes, long matched, long invalid)
{
	fputs("#end\t", fp);
	part_put_text(fp, name, 0);
	fprintf(fp, "\t%ld\t%ld\t%llu\t%ld\t%ld\n", games, lines, bytes, matched, invalid);
}

void grep_put_part_counts(FILE *fp, long games, long invalid, long count, int inputs, int c,
			  int l, int q, int trouble, long unwritten)
{
	fprintf(fp, "#counts\t%ld\t%ld\t%ld\t%d\t%s%s%s-\t%d\t%ld\n", games, invalid, count,
		inputs, c ? "c" : "", l ? "l" : "", q ? "q" : "", trouble, unwritten);
}

/* -l: input in listed, once, where one run lists it. */
static void list_input(struct part_input *in)
{
	in->hit = 1;
	fflush(stderr);
	printf("%s\n", in->name);
}

struct grep_merging {
	struct part_merge m;
	char flags[8];               /* the first part's */
	long games, invalid, count, inputs, unwritten;
	int trouble, in_part;
};

/* One line of the parts: 0, or -1 (said). */
static int merge_part_line(void *data, char *line, struct part_line *at)
{
	struct grep_merging *mg = data;
	size_t plen = strlen(progname);
	char *f[12];
	int n, rc;
	struct part_input *in;
	struct xq_problem p;
	long v[4], unwritten;
	if (!strncmp(line, progname, plen) && !strncmp(line + plen, ": ", 2)) {
		/* said by a part: said again, and trouble */
		fprintf(stderr, "%s\n", line);
		return -1;
	}
	n = part_split(line, f, 11);
	if (mg->in_part && part_message(f, n) == 0)
		return 0;
	if ((rc = part_header(&mg->m, &mg->in_part, f, n, "xqgrep", at->name, at->lineno)) <= 0)
		return rc;
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
		if (strchr(mg->flags, 'l') && mt)
			list_input(in);
		return 0;
	}
	if (!strcmp(f[0], "#counts") && n == 8) {
		size_t fl = strlen(f[5]);
		rc = 0;
		for (int k = 0; k < 4; k++)
			if (part_number(f[k + 1], &v[k]) < 0)
				goto bad;
		if (!fl || fl >= sizeof mg->flags || strspn(f[5], "clq") != fl - 1 ||
		    f[5][fl - 1] != '-' || (strcmp(f[6], "0") && strcmp(f[6], "1")) ||
		    part_number(f[7], &unwritten) < 0 || mg->count > PART_POS_MAX - v[2] ||
		    mg->unwritten > PART_POS_MAX - unwritten)
			goto bad;
		/* the flags are the first part's read, whatever its number */
		if (*mg->flags && strcmp(mg->flags, f[5])) {
			diag(at->name, at->lineno, 0, "error", "parts made with other -c, -l or -q");
			rc = -1;
		}
		if (!*mg->flags) {
			strcpy(mg->flags, f[5]);
			/* -l: the first part's inputs ended before its flags came */
			for (int i = 0; strchr(mg->flags, 'l') && i < mg->m.nin; i++)
				if (mg->m.in[i].matched && !mg->m.in[i].hit)
					list_input(&mg->m.in[i]);
		}
		mg->count += v[2];
		mg->unwritten += unwritten;
		if (v[3] > mg->inputs)
			mg->inputs = v[3];
		if (f[6][0] == '1')
			mg->trouble = 1;
		mg->in_part = 0;
		return rc;
	}
bad:
	part_error(at, "not a line of xqgrep --partial");
	return -1;
}

/* The parts read (trouble set when one could not be, or the output
 * failed): what -c and -l print, the invalid games' line, out (NULL:
 * standard output) committed; the exit status. */
static int grep_parts_end(struct grep_merging *mg, int trouble, struct outfile *out)
{
	trouble |= mg->trouble | part_cut_short(mg->in_part);
	fflush(stderr);
	if (strchr(mg->flags, 'c')) {
		if (mg->inputs > 1 || mg->m.nin > 1)
			for (int i = 0; i < mg->m.nin; i++)
				printf("%s:%ld\n", mg->m.in[i].name, mg->m.in[i].matched);
		else
			printf("%ld\n", mg->count);
	}
	grep_summary(mg->games, mg->invalid, mg->unwritten);
	part_merge_free(&mg->m);
	fflush(stderr);
	close_stdout();
	if (out && out->fp != stdout && out_close(out, !trouble) < 0)
		trouble = 1;
	return exit_status(0, trouble, mg->invalid || mg->unwritten || mg->count == 0);
}

int grep_merge_parts(int argc, char **argv)
{
	struct grep_merging mg;
	memset(&mg, 0, sizeof mg);
	return grep_parts_end(&mg, part_read(argc, argv, merge_part_line, &mg), NULL);
}

/* -J's merge (one a run). */
static struct {
	struct grep_merging mg;
	struct outfile *out;
	const char *outpath;
	int argc;
	char **argv;
	int opened;      /* 1: out open; -1: it could not be (said) */
	int trouble;     /* a part could not be read, or the output failed */
} jm;

void grep_jobs_begin(struct outfile *out, const char *outpath, int argc, char **argv)
{
	memset(&jm, 0, sizeof jm);
	jm.out = out;
	jm.outpath = outpath;
	jm.argc = argc;
	jm.argv = argv;
}

int grep_merge_job(void *data, const struct jobs *j, int i)
{
	(void)data;
	if (!jm.opened) {
		if (out_open(jm.out, jm.outpath, jm.argv, jm.argc) < 0) {
			jm.opened = -1;
			return 1;
		}
		if (jm.out->fp != stdout &&
		    (fflush(stdout) || dup2(fileno(jm.out->fp), STDOUT_FILENO) < 0))
			die(EXIT_TROUBLE, "cannot write '%s': %s", jm.outpath, strerror(errno));
		jm.opened = 1;
	}
	switch (jobs_copy(j->out[i], stdout)) {
	case -2:
		/* said once, as one run says it when its writer closes; the
		 * run ends there */
		write_error(jm.outpath);
		clearerr(stdout);
		jm.trouble = 1;
		return 1;
	case -1:
		jm.trouble = 1;
	}
	if (part_read(1, j->err + i, merge_part_line, &jm.mg))
		jm.trouble = 1;
	return 0;
}

void grep_jobs_worker(void)
{
	if (jm.opened > 0)
		out_leave(jm.out);
	part_merge_free(&jm.mg.m);
}

int grep_jobs_end(struct jobs *j)
{
	int rc = jm.opened < 0 ? EXIT_TROUBLE : grep_parts_end(&jm.mg, jm.trouble || j->failed, jm.out);
	jobs_end(j);
	return rc;
}
