/*
 * fuzz_partial.c - libFuzzer target for the parsers of the database
 * commands: xqstats --merge's reader of --partial lines (then every output
 * it prints from them, text, JSON and SVG) and the readers of xqgrep's
 * criteria (lib/query.c).  The commands' sources are compiled in with their main renamed;
 * diagnostics go to stderr, output to /dev/null.
 */
#include <stdio.h>

int xqstats_main(int argc, char **argv);
int xqgrep_main(int argc, char **argv);
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

/* first: they have locals named like the commands' state */
#include "../../cmd/common.c"
#include "../../cmd/outdir.c"
#include "../../cmd/part.c"
#include "../../cmd/record_input.c"
#include "../../cmd/inputs.c"
#include "../../cmd/tally.c"
#include "../../cmd/progress.c"
#include "../../cmd/jobs.c"
#define main xqstats_main
#define parse_options stats_parse_options
#define merge_parts stats_merge_parts
#include "../../cmd/xqstats.c"
#undef main
#undef parse_options
#undef merge_parts
#undef usage_text
#define main xqgrep_main
#define st grep_st
#define usage_text grep_usage_text
#include "../../cmd/xqgrep.c"
#undef main
#undef st

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	static FILE *null;
	FILE *fp;
	int have = 0;
	char *text;
	long lo, hi;
	struct xq_query *q;

	if (!null && !(null = fopen("/dev/null", "w")))
		abort();
	/* xqstats --merge */
	memset(&st, 0, sizeof st);
	st.top = 20;
	st.o.notation = XQ_NOTATION_CHINESE;
	xq_pos_start(&st.root);
	if (!(fp = fmemopen((void *)data, size ? size : 1, "r")))
		return 0;
	st.pp.quiet = 1;
	read_partial(fp, "fuzz", &have);
	fclose(fp);
	part_merge_free(&st.pm);
	if (st.depth > 8)
		st.depth = 8;   /* a deep tree of a few edges is still cheap; bound it */
	sort_edges();
	print_text(null);
	print_json(null);
	print_svg(null);
	free(edges);
	tally_free(&st.names);
	tally_free(&st.edges);
	/* the query's readers of criteria: fail cleanly, a date as an
	 * ordered range */
	if (!(text = malloc(size + 1)))
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	if (xq_date_bounds(text, &lo, &hi) == 0 && lo > hi)
		abort();
	/* a year is plausible or none; a name is itself in any case and
	 * width, and contains each of its ends */
	int year = xq_date_year(text);
	size_t len = strlen(text);
	if (year != 0 && (year < 1000 || year > 2999))
		abort();
	if (!xq_name_equal(text, text) || !xq_name_contains(text, "") ||
	    !xq_name_contains(text, text + len / 2) || !xq_name_contains(text, text + len))
		abort();
	if ((q = xq_query_new())) {
		struct xq_err err;
		int rc[] = { xq_query_date(q, text), xq_query_plies(q, text), xq_query_at_ply(q, text),
			     xq_query_material(q, text, 2), xq_query_tag(q, text, &err),
			     xq_query_result(q, text), xq_query_key_tags(q, text) };
		for (size_t i = 0; i < sizeof rc / sizeof *rc; i++)
			if (rc[i] > 0)
				abort();
		xq_query_free(q);
	}
	free(text);
	return 0;
}
