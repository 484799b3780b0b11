/*
 * xqshow - draw a position: a text diagram (ASCII or Unicode, with
 * colours on a terminal), its FEN, its legal moves in any notation, or an
 * SVG picture.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common.h"
#include "record_input.h"
#include "xq.h"

static const char usage_text[] =
	"usage: xqshow [-aFhmuV] [-e encoding] [-f format] [-g n] [-n notation] [-o file]\n"
	"              [-p ply] [--ascii-digits]"
	" [--book-pawns] [--color[=when]] [--flip]\n"
	"              [--play=moves] [--svg] [--trad] [--ecco] [fen | file]\n"
	"Draw a xiangqi position: the start, a FEN, or (with a record file) the\n"
	"final position of a game's main line.\n"
	"\n"
	"  -a, --ascii          ASCII diagram (FEN letters, upper case red)\n"
	"  -u, --unicode        Unicode diagram with Chinese pieces (the default)\n"
	"      --flip           black at the bottom\n"
	"      --color[=WHEN]   colours: auto (a terminal, NO_COLOR unset), always, never\n"
	"                       (--colour too)\n"
	"  -F, --fen            print only the FEN\n"
	"  -m, --moves          print only the legal moves, one per line\n"
	"      --ecco           print only the ECCO code and names of the opening\n"
	"                       that the moves from the start to the position play\n"
	"  -n, --notation=NAME  iccs (default for -m), wxf, chinese, uci, uci10\n"
	"      --trad           Chinese: traditional characters\n"
	"      --ascii-digits   Chinese: black files as 1..9, not full width\n"
	"      --book-pawns     Chinese: book form for tandem pawns\n"
	"      --svg            an SVG picture\n"
	"      --play=MOVES     play these moves (any notation, separated by spaces\n"
	"                       or commas) first; the last one is marked\n"
	"  -p, --ply=N          with a record file: the position after N plies\n"
	"  -g, --game=N         with a record file: game N (default 1)\n"
	"  -f, --format=NAME    with a record file: its format (default: detected)\n"
	"  -e, --encoding=NAME  with a record file: its encoding (default: detected)\n"
	"  -o, --output=FILE    write to FILE instead of standard output\n"
	"  -h, --help           this help\n"
	"  -V, --version        version\n"
	"\n"
	"The FEN may be one argument or its fields in separate arguments.\n";

enum { OPT_FLIP = 256, OPT_SVG, OPT_TRAD, OPT_ASCII_DIGITS, OPT_BOOK, OPT_COLOR, OPT_PLAY, OPT_ECCO };

static struct {
	struct problem_printer pp;
	struct cmd_opts o;
	struct xq_board_text_opts d;   /* the diagram's */
	int mode;                      /* -F, -m, --svg, --ecco; 0: the diagram */
	int color;                     /* --color: 1 always, 0 never, -1 auto */
	long ply, game;                /* -p (-1: the end of the line), -g (0: none) */
	const char *play;              /* --play */
} st = { .o = { .pp = &st.pp, .notation = XQ_NOTATION_ICCS }, .d = { .flags = XQ_BOARD_STATUS },
	 .color = -1, .ply = -1 };

/* What is shown: the position, the move that led to it, the line. */
struct view {
	struct xq_pos pos, before;  /* the position drawn, the one before the last move */
	xq_move last;               /* XQ_MOVE_NONE if none */
	struct xq_pos origin;       /* where the moves to pos start */
	xq_move line[20];           /* the first of them, for --ecco */
	int nline;
};

static void add_move(struct view *v, xq_move m)
{
	v->last = m;
	if (v->nline < (int)(sizeof v->line / sizeof *v->line))
		v->line[v->nline++] = m;
}

/* The position after -p plies of the main line of a record's game (no
 * -p: where the line ends); 1 when the record had errors (printed).
 * Exits after a diagnostic when there is no such position. */
static int record_position(const char *path, long game, struct view *v)
{
	struct xq_game *g = record_load_game(path, game, st.o.format, st.o.encoding);
	if (!g)
		exit(EXIT_TROUBLE);
	if (g->flags & XQ_GAME_BAD_FEN) {
		xq_game_free(g);
		diag(path, 0, 0, "error", "game %ld has no usable start position", game);
		exit(EXIT_TROUBLE);
	}
	int errors = g->errors > 0;
	long n = xq_game_position(g, (int)st.ply, &v->pos);
	v->origin = v->before = g->start;
	if (n > 0)
		xq_game_position(g, (int)n - 1, &v->before);
	const struct xq_node *p = g->root.child;
	for (long k = 0; k < n; k++, p = p->child)
		add_move(v, p->move);
	xq_game_free(g);
	if (st.ply > n) {
		diag(path, 0, 0, "error", "game %ld has %ld legal pl%s in its main line, not %ld",
		     game, n, n == 1 ? "y" : "ies", st.ply);
		exit(EXIT_TROUBLE);
	}
	return errors;
}

/* The position of the arguments: a record file, a FEN (one argument or
 * its fields), or the start; 1 when the record had errors. */
static int set_position(struct view *v, int argc, char **argv)
{
	struct stat sb;
	xq_pos_start(&v->pos);
	v->origin = v->pos;
	if (argc == 1 && (strcmp(argv[0], "-") == 0 || access(argv[0], F_OK) == 0)) {
		if (strcmp(argv[0], "-") != 0 && (stat(argv[0], &sb) < 0 || S_ISDIR(sb.st_mode)))
			die(EXIT_TROUBLE, "'%s' is a directory, not a record file", argv[0]);
		return record_position(argv[0], st.game ? st.game : 1, v);
	}
	if (st.ply >= 0 || st.game)
		usage_error("%s needs a record file", st.ply >= 0 ? "-p (--ply)" : "-g (--game)");
	if (st.o.format || st.o.encoding)
		usage_error("-f and -e need a record file");
	if (argc > 0) {
		pos_from_args(&v->pos, argc, argv, 1);
		v->origin = v->pos;
	}
	return 0;
}

/* Play the --play moves (xq_moves_next()) on v->pos.  A move that is not
 * legal is a value of the option refused, as a bad FEN is: a usage
 * error. */
static void play_moves(struct view *v, const char *moves)
{
	const char *at = moves, *text;
	struct xq_pos was = v->pos;
	struct xq_err err;
	size_t len;
	int rc, ply = 1;
	xq_move m;
	for (; (rc = xq_moves_next(&v->pos, &at, &text, &len, &m, &err)) > 0; was = v->pos, ply++) {
		v->before = was;
		add_move(v, m);
	}
	if (rc < 0) {
		char fen[XQ_FEN_MAX];
		xq_pos_to_fen(&v->pos, fen, sizeof fen);
		usage_error("--play, move %d: %s (the position: %s)", ply, err.msg, fen);
	}
}

static void print_fen(FILE *fp, const struct xq_pos *pos)
{
	char fen[XQ_FEN_MAX];
	xq_pos_to_fen(pos, fen, sizeof fen);
	fprintf(fp, "%s\n", fen);
}

/* The legal moves of pos in a notation, one a line, in ICCS order. */
static void print_moves(FILE *fp, const struct xq_pos *pos, enum xq_notation n, unsigned flags)
{
	xq_move moves[XQ_MAX_MOVES];
	int count = xq_legal_moves(pos, moves);
	xq_sort_moves(moves, count);
	for (int i = 0; i < count; i++) {
		char t[XQ_MOVE_TEXT_MAX];
		if (xq_move_format(pos, moves[i], n, flags, t, sizeof t) < 0)
			die(EXIT_TROUBLE, "internal error: cannot write a legal move");
		fprintf(fp, "%s\n", t);
	}
}

/* The ECCO code and names of the line: 0, or 1 when it has none. */
static int print_ecco(FILE *fp, const struct view *v, int trad)
{
	struct xq_ecco e;
	if (xq_ecco_classify(&v->origin, v->line, v->nline, &e) < 0) {
		warnx_("no ECCO opening: the moves do not start from the standard start");
		return 1;
	}
	const char *variation = trad ? e.variation_trad : e.variation;
	fprintf(fp, "%s %s%s%s\n", e.code, trad ? e.opening_trad : e.opening, *variation ? " " : "",
		variation);
	return 0;
}

/* The position drawn as text (a diagram) or as an SVG picture. */
static void draw(FILE *fp, const struct view *v)
{
	struct xq_board_text_opts *d = &st.d;
	char *text;
	size_t len;
	d->flags |= st.color ? XQ_BOARD_COLOR : 0;
	d->last = v->last;
	d->before = &v->before;
	d->notation = st.o.notation_set ? st.o.notation : XQ_NOTATION_CHINESE;
	unsigned svg = (d->flags & XQ_BOARD_FLIP ? XQ_SVG_FLIP : 0) |
		       (d->flags & XQ_BOARD_TRAD ? XQ_SVG_TRAD : 0);
	int rc = st.mode == OPT_SVG ? xq_board_svg(&v->pos, v->last, svg, &text, &len)
				    : xq_board_text(&v->pos, d, &text, &len);
	if (rc < 0)
		die(EXIT_TROUBLE, "cannot draw the position: %s", xq_strerror(rc));
	fwrite(text, 1, len, fp);
	free(text);
}

/* --color's value: 1 always, 0 never, -1 auto. */
static int color_arg(const char *arg)
{
	if (!arg || !strcmp(arg, "always"))
		return 1;
	if (!strcmp(arg, "never"))
		return 0;
	if (!strcmp(arg, "auto"))
		return -1;
	usage_error("invalid --color '%s' (expected auto, always or never)", arg);
}

/* The options into st.  Returns optind. */
static int show_options(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "ascii", no_argument, NULL, 'a' }, { "ascii-digits", no_argument, NULL, OPT_ASCII_DIGITS },
		{ "book-pawns", no_argument, NULL, OPT_BOOK }, { "color", optional_argument, NULL, OPT_COLOR },
		{ "colour", optional_argument, NULL, OPT_COLOR }, { "ecco", no_argument, NULL, OPT_ECCO },
		{ "fen", no_argument, NULL, 'F' }, { "flip", no_argument, NULL, OPT_FLIP },
		{ "game", required_argument, NULL, 'g' }, { "moves", no_argument, NULL, 'm' },
		{ "play", required_argument, NULL, OPT_PLAY }, { "ply", required_argument, NULL, 'p' },
		{ "svg", no_argument, NULL, OPT_SVG }, { "trad", no_argument, NULL, OPT_TRAD },
		{ "unicode", no_argument, NULL, 'u' }, { NULL, 0, NULL, 0 },
	};
	int modes = 0, c;

	while ((c = cmd_getopt(&st.o, argc, argv, "ae:Ff:g:hmn:o:p:uV", longopts)) != -1) {
		switch (c) {
		case 'a': st.d.flags |= XQ_BOARD_ASCII; break;
		case 'g': st.game = parse_number(optarg, 1, 1000000000L, "game number"); break;
		case 'p': st.ply = parse_number(optarg, 0, 100000, "ply"); break;
		case 'u': st.d.flags &= ~(unsigned)XQ_BOARD_ASCII; break;
		case 'F': case 'm': case OPT_SVG: case OPT_ECCO: st.mode = c; modes++; break;
		case OPT_ASCII_DIGITS: st.d.notation_flags |= XQ_NOTE_ASCII_DIGITS; break;
		case OPT_BOOK: st.d.notation_flags |= XQ_NOTE_BOOK_PAWNS; break;
		case OPT_COLOR: st.color = color_arg(optarg); break;
		case OPT_FLIP: st.d.flags |= XQ_BOARD_FLIP; break;
		case OPT_PLAY: st.play = optarg; break;
		case OPT_TRAD: st.d.notation_flags |= XQ_NOTE_TRAD; st.d.flags |= XQ_BOARD_TRAD; break;
		default: usage(EXIT_TROUBLE);
		}
	}
	if (modes > 1)
		usage_error("choose one of -F, -m, --svg and --ecco");
	return optind;
}

int main(int argc, char **argv)
{
	struct view v = { .last = XQ_MOVE_NONE };
	struct outfile out;
	int first, findings;

	cmd_init(argv, usage_text);
	first = show_options(argc, argv);
	argc -= first;
	argv += first;
	findings = set_position(&v, argc, argv);
	if (st.play)
		play_moves(&v, st.play);
	if (out_open(&out, st.o.outpath, argv, argc) < 0)
		return EXIT_TROUBLE;
	if (st.color < 0) {
		/* auto: colours on a terminal, unless NO_COLOR is set */
		const char *nc = getenv("NO_COLOR");
		st.color = out.fp == stdout && isatty(STDOUT_FILENO) && !(nc && *nc);
	}
	if (st.mode == 'F')
		print_fen(out.fp, &v.pos);
	else if (st.mode == 'm')
		print_moves(out.fp, &v.pos, st.o.notation, st.d.notation_flags);
	else if (st.mode == OPT_ECCO)
		findings |= print_ecco(out.fp, &v, (st.d.flags & XQ_BOARD_TRAD) != 0);
	else
		draw(out.fp, &v);
	return exit_status(out.fp == stdout, out.fp != stdout && out_commit(&out) < 0, findings);
}
