/*
 * fuzz_merge.c - libFuzzer target for the readers of the distributed runs:
 * xqcheck --merge's reader of --partial lines (problem records, -j lines
 * with their position markers, #end and #counts, --summary-json lines),
 * xqgrep --merge's reader of its --partial lines and xqgrep --drops' reader
 * of --write-drops lists.  The first byte chooses
 * the reader; the commands' sources are compiled in with their main
 * renamed; what they print goes to /dev/null.
 */
#include <stdio.h>

int xqcheck_main(int argc, char **argv);
int xqgrep_main(int argc, char **argv);
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

#include "../../cmd/common.c"
#include "../../cmd/outdir.c"
#include "../../cmd/part.c"
#include "../../cmd/record_input.c"
#include "../../cmd/inputs.c"
#include "../../cmd/progress.c"
#include "../../cmd/jobs.c"
#include "../../cmd/grep_dupes.c"
#include "../../cmd/grep_parts.c"
#define main xqcheck_main
#define st check_st
#include "../../cmd/xqcheck.c"
#undef main
#undef st
#define usage_text grep_usage_text
#define main xqgrep_main
#define st grep_st
#include "../../cmd/xqgrep.c"
#undef main
#undef st

/* Each line of data[0..size) to fn, as part_read() hands them. */
static void each_line(const unsigned char *data, size_t size,
		      part_line_fn fn, void *ctx)
{
	char *text = malloc(size + 1), *line, *next;
	struct part_line at = { "fuzz", 0, 0, 0 };
	if (!text)
		return;
	memcpy(text, data, size);
	text[size] = '\0';
	for (line = text; line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		at.first_no_part = at.lineno == 0 && line[0] != '#' && line[0] != '{';
		at.lineno++;
		fn(ctx, line, &at);
	}
	free(text);
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	static FILE *null;
	FILE *fp;
	long lineno, n;
	int inputs, rc;
	struct xq_dupes *d;

	if (!null) {
		/* the merges print what they read back, not to the fuzzer's log:
		 * stdout to /dev/null, and stdio's stderr too (glibc lets it be
		 * set; the sanitizers and libFuzzer write to descriptor 2, or
		 * through the stream they took at the start) */
		if (!(null = fopen("/dev/null", "w")) || !freopen("/dev/null", "w", stdout))
			abort();
		stderr = null;
	}
	if (size < 1)
		return 0;
	if (data[0] & 1) {
		/* xqcheck --merge: line by line, as merge_summary() reads */
		struct check_merging mg = { .in_part = 0 };
		memset(&check_st, 0, sizeof check_st);
		check_st.pp.quiet = data[0] & 2;
		each_line(data + 1, size - 1, merge_one, &mg);
		part_merge_free(&mg.m);
		return 0;
	}
	if ((data[0] & 7) == 6) {
		/* xqgrep --merge: line by line, as grep_merge_parts() reads */
		struct grep_merging mg;
		memset(&grep_st, 0, sizeof grep_st);
		memset(&mg, 0, sizeof mg);
		each_line(data + 1, size - 1, merge_part_line, &mg);
		part_merge_free(&mg.m);
		return 0;
	}
	/* xqgrep --drops FILE --part N: a list read whole expects its inputs
	 * (none ended yet), else its first drop, a game numbered from 1 */
	if (!(fp = fmemopen((void *)(data + 1), size > 1 ? size - 1 : 1, "r")))
		return 0;
	if (!(d = xq_dupes_new()))
		abort();
	if (read_drops(fp, 1 + (data[0] >> 1) % 4, d, &lineno, &inputs) == 0) {
		rc = xq_dupes_expect_end(d, &n);
		if (inputs ? rc != 1 || n != 0 : rc == 1 || (rc == 2 && n < 1))
			abort();
	}
	fclose(fp);
	xq_dupes_free(d);
	return 0;
}
