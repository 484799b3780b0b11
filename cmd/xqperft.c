/*
 * xqperft - count the leaves of the legal-move tree, to test and time the
 * move generator.
 */
#include <getopt.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "xq.h"

static const char usage_text[] =
	"usage: xqperft [-Dhv] [-p plies] [fen]\n"
	"Count the leaf nodes of the legal-move tree from a position.\n"
	"\n"
	"  -p, --plies=N   depth of the tree in plies (default 1; --depth too)\n"
	"  -D, --divide    one line per legal root move: ICCS move and its count\n"
	"  -v, --verbose   elapsed time and nodes per second on stderr (--time too)\n"
	"  -h, --help      this help\n"
	"  -V, --version   version\n"
	"\n"
	"The FEN defaults to the start position; it may be given as one argument\n"
	"or as its fields in separate arguments.  The total is the last line.\n";

static struct { int depth, divide, timing; } st = { .depth = 1 };   /* -p, -D, -v */

/* The options into st.  Returns optind. */
static int perft_options(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "depth", required_argument, NULL, 'p' },
		{ "divide", no_argument, NULL, 'D' },
		{ "help", no_argument, NULL, 'h' },
		{ "plies", required_argument, NULL, 'p' },
		{ "time", no_argument, NULL, 'v' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	while ((c = cmd_getopt_long(argc, argv, "Dhp:vV", longopts)) != -1) {
		switch (c) {
		case 'D': st.divide = 1; break;
		case 'h': usage(EXIT_OK);
		case 'p': st.depth = (int)parse_number(optarg, 0, 32, "plies"); break;
		case 'v': st.timing = 1; break;
		case 'V': print_version();
		default: usage(EXIT_TROUBLE);
		}
	}
	return optind;
}

/* -D: each legal move of pos (ICCS) and the leaves under it, a line
 * each.  Returns their sum. */
static uint64_t divide(struct xq_pos *pos, int depth)
{
	xq_move moves[XQ_MAX_MOVES];
	uint64_t counts[XQ_MAX_MOVES], total = 0;
	int n = xq_perft_divide(pos, depth, moves, counts);
	for (int i = 0; i < n; i++) {
		char iccs[5];
		xq_move_iccs(moves[i], iccs);
		printf("%s %" PRIu64 "\n", iccs, counts[i]);
		total += counts[i];
	}
	return total;
}

int main(int argc, char **argv)
{
	struct xq_pos pos;
	uint64_t total;
	double start;

	cmd_init(argv, usage_text);
	int first = perft_options(argc, argv);
	if (first < argc)
		pos_from_args(&pos, argc - first, argv + first, 0);
	else
		xq_pos_start(&pos);
	start = now_seconds();
	total = st.divide && st.depth > 0 ? divide(&pos, st.depth) : xq_perft(&pos, st.depth);
	printf("%" PRIu64 "\n", total);
	if (st.timing) {
		double secs = now_seconds() - start;
		fprintf(stderr, "%s: depth %d: %" PRIu64 " nodes in %.3f s, %.0f nodes/s\n",
			progname, st.depth, total, secs, secs > 0 ? (double)total / secs : 0.0);
	}
	return exit_status(1, 0, 0);
}
