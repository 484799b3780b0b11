/*
 * fuzz_partial.c - libFuzzer target for the parsers of the database
 * commands: xqstats --merge's reading of --partial lines (its glue, and
 * the statistics' lines in lib/stats.c; then every output printed from
 * them, text, JSON and SVG) and the readers of xqgrep's criteria
 * (lib/query.c).  The commands' sources are compiled in with their main
 * renamed; diagnostics go to stderr, output to /dev/null.
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
#include "../../cmd/progress.c"
#include "../../cmd/jobs.c"
#define main xqstats_main
#define parse_options stats_parse_options
#include "../../cmd/xqstats.c"
#undef main
#undef parse_options
#undef usage_text
#define main xqgrep_main
#define st grep_st
#define usage_text grep_usage_text
#include "../../cmd/grep_dupes.c"
#include "../../cmd/grep_parts.c"
#include "../../cmd/xqgrep.c"
#undef main
#undef st

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	static FILE *null;
	char *text;
	long lo, hi;
	struct xq_query *q;

	if (!null && !(null = fopen("/dev/null", "w")))
		abort();
	/* xqstats --merge, line by line as part_read() hands them; a deep
	 * tree of a few edges is still cheap, but bound it: a header's
	 * depth above 8 is read as 8, and no output fails */
	memset(&st, 0, sizeof st);
	st.pp.quiet = 1;
	st.so.depth = 1;
	st.so.top = 20;
	st.so.flags = XQ_STATS_ECCO;
	st.so.notation = XQ_NOTATION_CHINESE;
	if (!(st.s = xq_stats_new(&st.so, NULL)))
		return 0;
	if ((text = malloc(size + 1))) {
		struct stats_merging mg = { .s = st.s };
		char *line, *next;
		struct part_line at = { "fuzz", 0, 0, 0 };
		memcpy(text, data, size);
		text[size] = '\0';
		for (line = text; line; line = next) {
			static const char head[] = "#xqstats-partial\t1\t";
			char *d = line + sizeof head - 1;
			size_t nd;
			if ((next = strchr(line, '\n')))
				*next++ = '\0';
			if (!strncmp(line, head, sizeof head - 1) && (nd = strspn(d, "0123456789")) > 0 &&
			    (nd > 18 || strtol(d, NULL, 10) > 8) && (!d[nd] || d[nd] == '\t')) {
				memmove(d + 1, d + nd, strlen(d + nd) + 1);
				*d = '8';
			}
			at.lineno++;
			merge_line(&mg, line, &at);
		}
		part_merge_free(&mg.m);
		free(text);
	}
	if (xq_stats_depth(st.s) > 8)
		abort();
	if (xq_stats_write_text(st.s, null) || xq_stats_write_json(st.s, null) ||
	    xq_stats_write_svg(st.s, null))
		abort();
	xq_stats_free(st.s);
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
