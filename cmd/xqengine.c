/*
 * xqengine - the built-in engine (lib/search.c) as a UCI engine: standard
 * input's lines fed to a session of lib/uci_engine.c, its replies written
 * to standard output one whole line at a time, flushed.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "common.h"
#include "xq.h"

static const char usage_text[] =
	"usage: xqengine [-hV] [-H mb] [-J threads]\n"
	"The built-in xiangqi engine, speaking UCI on standard input and output.\n"
	"\n"
	"  -H, --hash=MB      transposition table size (default 16, the Hash option)\n"
	"  -J, --threads=N    search threads (default 1, the Threads option; --jobs too)\n"
	"  -h, --help         this help\n"
	"  -V, --version      version\n"
	"\n"
	"Commands: uci, isready, setoption name NAME value VALUE (Hash, Threads,\n"
	"UCI_Variant xiangqi), ucinewgame, position startpos|fen FEN [moves ...],\n"
	"go [depth N] [nodes N] [movetime MS] [wtime MS btime MS winc MS binc MS\n"
	"movestogo N] [infinite], stop, quit.  Moves are in engine coordinates with\n"
	"ranks 0..9 (h2e2).  The end of the input waits for a search with limits to\n"
	"finish, then quits.\n";

static void reply(void *data, const char *line)
{
	(void)data;
	puts(line);
	fflush(stdout);
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "hash", required_argument, NULL, 'H' },
		{ "help", no_argument, NULL, 'h' },
		{ "jobs", required_argument, NULL, 'J' },
		{ "threads", required_argument, NULL, 'J' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	struct xq_uci_session_opts o = { .hash_mb = 16, .threads = 1, .reply = reply };
	struct xq_uci_session *s;
	char *line = NULL;
	size_t cap = 0;
	int c, err;

	cmd_init(argv, usage_text);
	while ((c = cmd_getopt_long(argc, argv, "H:hJ:V", longopts)) != -1) {
		switch (c) {
		case 'H': o.hash_mb = (size_t)parse_number(optarg, 1, XQ_UCI_HASH_MAX, "hash size"); break;
		case 'h': usage(EXIT_OK);
		case 'J': o.threads = (int)parse_number(optarg, 1, XQ_UCI_THREADS_MAX, "thread count"); break;
		case 'V': print_version();
		default: usage(EXIT_TROUBLE);
		}
	}
	if (optind < argc)
		usage_error("unexpected argument '%s'", argv[optind]);
	if (!(s = xq_uci_session_new(&o, &err)))
		die(EXIT_TROUBLE, "no memory for %zu MB of hash", o.hash_mb);

	while (getline(&line, &cap, stdin) > 0 && xq_uci_session_line(s, line) != 0)
		;
	/* At the end of the input a search with limits may finish; quit and
	 * an infinite search stop it. */
	xq_uci_session_end(s, !feof(stdin));
	xq_uci_session_free(s);
	free(line);
	return exit_status(1, 0, 0);
}
