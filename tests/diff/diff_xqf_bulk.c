/*
 * diff_xqf_bulk.c - all 31,372 real XQF files of shared/corpus/
 * xqf-bulk.tar.xz: unpack them into a temporary folder, read each one
 * through the reader (format "xqf", replayed), and check that every file
 * gives a game, that the files with illegal moves are exactly the known
 * ones (each reported at its ply), and that everything else is clean.
 * Prints TAP and the speed in files per CPU second.
 *
 *   build/tools/diff_xqf_bulk [ARCHIVE]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../unit/tap.h"
#include "xq.h"

/*
 * The files holding genuinely illegal moves (a piece moved from an empty
 * point or out of turn, or a move that leaves the mover in check), with
 * the ply of the first bad move, as decoded with shared/docs/xqf.md and
 * checked by hand on the boards.
 */
#include "xqf_bulk_bad.h"

struct stats {
	long errors, warnings, notes;
	int first_ply;
	enum xq_problem_code first_code;
	char first[300];
};

static void problem(void *data, const struct xq_problem *p)
{
	struct stats *s = data;
	if (p->severity >= XQ_SEV_ERROR) {
		if (!s->errors++) {
			s->first_ply = p->ply;
			s->first_code = p->code;
			snprintf(s->first, sizeof s->first, "%s", p->msg);
		}
	} else if (p->severity == XQ_SEV_WARNING) {
		s->warnings++;
	} else {
		s->notes++;
	}
}

static const struct bad *find_bad(const char *sha)
{
	for (size_t i = 0; i < sizeof bad_files / sizeof bad_files[0]; i++)
		if (!strncmp(bad_files[i].sha1, sha, 40))
			return &bad_files[i];
	return NULL;
}

int main(int argc, char **argv)
{
	const char *archive = argc > 1 ? argv[1] : shared_path("corpus/xqf-bulk.tar.xz");
	char tmpl[] = "/tmp/xqf-bulk.XXXXXX", cmd[8192], path[8192], line[4096];
	FILE *idx;
	long files = 0, games = 0, clean = 0, bad_ok = 0, unexpected = 0, missing_bad = 0;
	long nodes = 0, notes = 0, warnings = 0;
	double cpu = 0;
	char *dir;

	if (!(dir = mkdtemp(tmpl))) {
		ok(0, "make a temporary folder");
		return done_testing();
	}
	snprintf(cmd, sizeof cmd, "tar xJf '%s' -C '%s'", archive, dir);
	if (!ok(system(cmd) == 0, "unpack %s", archive))
		goto out;
	snprintf(path, sizeof path, "%s/xqf-bulk/INDEX.tsv", dir);
	if (!ok((idx = fopen(path, "r")) != NULL, "open INDEX.tsv"))
		goto out;
	while (fgets(line, sizeof line, idx)) {
		char *tab = strchr(line, '\t');
		struct xq_reader_opts o = { 0 };
		struct stats st = { 0 };
		struct xq_reader *r;
		struct xq_game *g;
		const struct bad *b;
		FILE *f;
		int err, rc, n = 0;
		clock_t t0;

		if (!tab || !strncmp(line, "file\t", 5))
			continue;
		*tab = '\0';
		files++;
		snprintf(path, sizeof path, "%s/xqf-bulk/%s", dir, line);
		if (!(f = fopen(path, "rb"))) {
			ok(0, "%s: cannot open", line);
			continue;
		}
		o.format = "xqf";
		o.name = line;
		o.problem = problem;
		o.problem_data = &st;
		t0 = clock();
		r = xq_reader_open(f, &o, &err);
		while (r && (rc = xq_reader_next(r, &g)) > 0) {
			for (const struct xq_node *p = g->root.child; p; p = p->child)
				nodes++;
			n++;
			xq_game_free(g);
		}
		xq_reader_close(r);
		cpu += (double)(clock() - t0) / CLOCKS_PER_SEC;
		fclose(f);
		games += n;
		notes += st.notes;
		warnings += st.warnings;
		b = find_bad(line);
		if (n != 1) {
			ok(0, "%s: gives one game (%d) %s", line, n, st.first);
		} else if (b) {
			if (st.errors == b->errors && st.first_ply == b->ply &&
			    !strcmp(xq_problem_name(st.first_code), b->code)) {
				bad_ok++;
			} else {
				ok(0, "%s: known bad file reported at ply %d (%s), got %ld errors, first at ply %d: %s",
				   line, b->ply, b->code, st.errors, st.first_ply, st.first);
				missing_bad++;
			}
		} else if (st.errors) {
			ok(0, "%s: unexpected error at ply %d: %s: %s", line, st.first_ply,
			   xq_problem_name(st.first_code), st.first);
			unexpected++;
		} else {
			clean++;
		}
	}
	fclose(idx);
	is_int(files, 31372, "INDEX.tsv lists 31,372 files");
	is_int(games, files, "every file gives a game");
	is_int(bad_ok, (long)(sizeof bad_files / sizeof bad_files[0]),
	       "the %zu files with genuine errors are reported at the right ply",
	       sizeof bad_files / sizeof bad_files[0]);
	is_int(unexpected, 0, "no other file has an error");
	is_int(clean + bad_ok, files, "%ld files check clean", clean);
	diagf("%ld main-line plies, %ld warnings, %ld notes", nodes, warnings, notes);
	diagf("speed: %ld files in %.2f CPU s = %.0f files per CPU second (read + replay)",
	      files, cpu, cpu > 0 ? files / cpu : 0.0);
out:
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		diagf("could not remove %s", dir);
	return done_testing();
}
