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

/* What is shown, and how. */
struct view {
	struct xq_pos pos;     /* the position drawn */
	struct xq_pos before;  /* the position before the last move */
	xq_move last;          /* XQ_MOVE_NONE if none */
	int ascii, flip, color, trad;
	struct xq_pos origin;  /* where the moves to pos start */
	xq_move line[20];      /* the first of them, for --ecco */
	int nline;
};

/* Note move m on the way to the position (--ecco reads the first 20). */
static void add_line_move(struct view *v, xq_move m)
{
	if (v->nline < (int)(sizeof v->line / sizeof *v->line))
		v->line[v->nline++] = m;
}

enum mode { MODE_DIAGRAM, MODE_FEN, MODE_MOVES, MODE_SVG, MODE_ECCO };

/* ------------------------------------------------------------ input */

/*
 * >>> RECORD READING PLUGS IN HERE. <<<
 *
 * Read game number `game` (1-based) of the record file `path` ("-" is
 * standard input; format and encoding may be NULL to detect them) and set
 * v->pos to the position after `ply` plies of its main line (ply < 0: its
 * final position), v->before to the position one ply earlier and v->last
 * to the move between them (XQ_MOVE_NONE at the start of the game).
 * Return 0, 1 when the record had errors (already printed: the position
 * shown is then the last one the main line reaches legally), or print a
 * diagnostic and return -1.
 *
 * The reading itself is record_load_game() (cmd/record_input.c, on the
 * input loop every record command uses): it opens, detects, skips to the
 * game and replays it, printing the record's problems.  A main line that
 * stops at an illegal move ends at the last legal position.
 */
/* The main line up to a ply: the position, the one before, the move. */
struct main_line_walk {
	struct view *v;
	long want, played;
};

static int main_line_step(void *data, const struct xq_walk_step *s)
{
	struct main_line_walk *w = data;
	if (!(s->flags & XQ_STEP_MAINLINE) || !s->after)
		return XQ_WALK_STOP;
	w->v->before = *s->before;
	w->v->pos = *s->after;
	w->v->last = s->node->move;
	add_line_move(w->v, s->node->move);
	w->played = s->ply;
	return w->want >= 0 && s->ply >= w->want ? XQ_WALK_STOP : XQ_WALK_NEXT;
}

static int record_position(const char *path, const char *format, const char *encoding,
			   long game, long ply, struct view *v)
{
	struct xq_game *g = record_load_game(strcmp(path, "-") ? path : NULL, game, format, encoding);
	long n = 0;
	int errors;

	if (!g)
		return -1;
	if (g->flags & XQ_GAME_BAD_FEN) {
		xq_game_free(g);
		diag(path, 0, 0, "error", "game %ld has no usable start position", game);
		return -1;
	}
	errors = g->errors > 0;
	v->pos = g->start;
	v->before = g->start;
	v->origin = g->start;
	v->last = XQ_MOVE_NONE;
	struct main_line_walk w = { v, ply, 0 };
	if (ply != 0)
		xq_game_walk(g, main_line_step, &w);
	n = w.played;
	xq_game_free(g);
	if (ply > n) {
		diag(path, 0, 0, "error", "game %ld has %ld legal pl%s in its main line, not %ld",
		     game, n, n == 1 ? "y" : "ies", ply);
		return -1;
	}
	return errors;
}

/* Play the --play moves on v->pos. */
static void play_moves(struct view *v, const char *moves)
{
	char *copy = strdup(moves), *save = NULL, *tok;
	int ply = 0;
	if (!copy)
		die(EXIT_TROUBLE, "out of memory");
	for (tok = strtok_r(copy, " ,\t\n", &save); tok; tok = strtok_r(NULL, " ,\t\n", &save)) {
		struct xq_err err;
		struct xq_undo u;
		xq_move m;
		ply++;
		if (xq_move_parse(&v->pos, tok, strlen(tok), XQ_NOTATION_ANY, 0, &m, &err) < 0) {
			char fen[XQ_FEN_MAX];
			xq_pos_to_fen(&v->pos, fen, sizeof fen);
			warnx_("--play, move %d: %s", ply, err.msg);
			die(EXIT_TROUBLE, "--play, move %d: the position was %s", ply, fen);
		}
		v->before = v->pos;
		v->last = m;
		add_line_move(v, m);
		xq_make(&v->pos, m, &u);
	}
	free(copy);
}

/* ------------------------------------------------------- text diagram */

/* Board square at screen column j (left to right) and row i (top down). */
static int screen_sq(const struct view *v, int j, int i)
{
	return v->flip ? XQ_SQ(8 - j, i) : XQ_SQ(j, 9 - i);
}

/* Is the segment between two board points a palace diagonal? */
static int palace_diagonal(int a, int b)
{
	int fa = XQ_FILE(a), ra = XQ_RANK(a), fb = XQ_FILE(b), rb = XQ_RANK(b);
	int df = fa - fb, dr = ra - rb;
	if ((df != 1 && df != -1) || (dr != 1 && dr != -1))
		return 0;
	if (fa < 3 || fa > 5 || fb < 3 || fb > 5)
		return 0;
	if (ra <= 2 && rb <= 2)
		return a == XQ_SQ(4, 1) || b == XQ_SQ(4, 1);
	if (ra >= 7 && rb >= 7)
		return a == XQ_SQ(4, 8) || b == XQ_SQ(4, 8);
	return 0;
}

/* Box-drawing point for its connections: up, down, left, right. */
static const char *box_point(int up, int down, int left, int right)
{
	static const char *const box[16] = {
		/* index = up*8 + down*4 + left*2 + right */
		" ", "─", "─", "─", "│", "┌", "┐", "┬",
		"│", "└", "┘", "┴", "│", "├", "┤", "┼",
	};
	return box[up * 8 + down * 4 + left * 2 + right];
}

/* Between screen rows i and i+1 lies the river. */
static int river_below(int i) { return i == 4; }

static void put_glyph(FILE *fp, const struct view *v, int sq, int *width)
{
	enum xq_type t = xq_piece_type(&v->pos, sq);
	enum xq_side s;
	if (t == XQ_NONE) {
		*width = 1;
		fputs(v->ascii ? "+" : "", fp);
		return;
	}
	s = xq_piece_side(&v->pos, sq);
	if (v->color)
		fputs(s == XQ_RED ? "\033[1;31m" : "\033[1m", fp);
	if (v->ascii) {
		fputc(xq_piece_letter(&v->pos, sq), fp);
		*width = 1;
	} else {
		fputs(xq_zh_board_piece(s, t, v->trad), fp);
		*width = 2;
	}
	if (v->color)
		fputs("\033[0m", fp);
}

static void draw_text(FILE *fp, const struct view *v)
{
	const char *hline = v->ascii ? "-" : "─";
	const char *vline = v->ascii ? "|" : "│";
	int from = v->last ? xq_move_from(v->last) : -1;
	int to = v->last ? xq_move_to(v->last) : -1;

	/* top labels: the numbers of the side at the top */
	fputs("  ", fp);
	for (int j = 0; j < 9; j++) {
		int x = XQ_FILE(screen_sq(v, j, 0));
		if (v->ascii)
			fprintf(fp, j < 8 ? " %c  " : " %c", 'a' + x);
		else if (v->flip)
			fprintf(fp, j < 8 ? " %s " : " %s", xq_zh_number(XQ_RED, 9 - x));
		else
			fprintf(fp, j < 8 ? " %s " : " %s", xq_zh_number(XQ_BLACK, x + 1));
	}
	fputs("\n", fp);

	for (int i = 0; i < 10; i++) {
		/* the row of points */
		fprintf(fp, "%d ", XQ_RANK(screen_sq(v, 0, i)));
		for (int j = 0; j < 9; j++) {
			int sq = screen_sq(v, j, i), w;
			int marked = sq == from || sq == to;
			if (marked)
				fputs(v->ascii ? "[" : "[", fp);
			else
				fputs(j == 0 ? " " : hline, fp);
			if (xq_piece_type(&v->pos, sq) == XQ_NONE && !v->ascii) {
				int up = i > 0 && (!river_below(i - 1) || j == 0 || j == 8);
				int down = i < 9 && (!river_below(i) || j == 0 || j == 8);
				fputs(box_point(up, down, j > 0, j < 8), fp);
				w = 1;
			} else {
				put_glyph(fp, v, sq, &w);
			}
			for (int k = w; k < 3; k++) {
				if (k == w && marked)
					fputs("]", fp);
				else if (j < 8)
					fputs(hline, fp);
			}
		}
		fputs("\n", fp);
		if (i == 9)
			break;

		/* the gap below it: files, palace diagonals, the river */
		fputs("  ", fp);
		if (river_below(i)) {
			if (v->ascii)
				fprintf(fp, " %s    chu he          han jie    %s\n", vline, vline);
			else
				fprintf(fp, " %s    楚  河           汉  界    %s\n", vline, vline);
			continue;
		}
		for (int j = 0; j < 9; j++) {
			fputs(" ", fp);
			fputs(vline, fp);
			if (j == 8)
				break;
			{
				int a = screen_sq(v, j, i + 1), b = screen_sq(v, j + 1, i);
				int c = screen_sq(v, j, i), d = screen_sq(v, j + 1, i + 1);
				const char *diag_ = " ";
				if (palace_diagonal(a, b))
					diag_ = v->ascii ? "/" : "╱";
				else if (palace_diagonal(c, d))
					diag_ = v->ascii ? "\\" : "╲";
				fprintf(fp, " %s", diag_);
			}
		}
		fputs("\n", fp);
	}

	/* bottom labels */
	fputs("  ", fp);
	for (int j = 0; j < 9; j++) {
		int x = XQ_FILE(screen_sq(v, j, 9));
		if (v->ascii)
			fprintf(fp, j < 8 ? " %c  " : " %c", 'a' + x);
		else if (v->flip)
			fprintf(fp, j < 8 ? " %s " : " %s", xq_zh_number(XQ_BLACK, x + 1));
		else
			fprintf(fp, j < 8 ? " %s " : " %s", xq_zh_number(XQ_RED, 9 - x));
	}
	fputs("\n", fp);
}

static void status_line(FILE *fp, const struct view *v, enum xq_notation n, unsigned flags)
{
	char fen[XQ_FEN_MAX];
	enum xq_status st = xq_status(&v->pos);
	const char *side = v->pos.side == XQ_RED ? "red" : "black";

	xq_pos_to_fen(&v->pos, fen, sizeof fen);
	fprintf(fp, "FEN: %s\n", fen);
	if (st == XQ_CHECKMATE)
		fprintf(fp, "%s is checkmated", side);
	else if (st == XQ_STALEMATE)
		fprintf(fp, "%s has no legal move (stalemated, a loss)", side);
	else
		fprintf(fp, "%s to move%s", side, xq_in_check(&v->pos) ? ", in check" : "");
	if (v->last) {
		char t[XQ_MOVE_TEXT_MAX], iccs[5];
		xq_move_format(&v->before, v->last, n == XQ_NOTATION_ICCS ? XQ_NOTATION_CHINESE : n,
			       flags, t, sizeof t);
		xq_move_iccs(v->last, iccs);
		if (n == XQ_NOTATION_ICCS || n == XQ_NOTATION_CHINESE)
			fprintf(fp, "; last move %s (%s)", t, iccs);
		else
			fprintf(fp, "; last move %s", t);
	}
	fputs("\n", fp);
}

/* ---------------------------------------------------------------- SVG */

static void draw_svg(FILE *fp, const struct view *v)
{
	char *svg;
	size_t len;
	if (xq_board_svg(&v->pos, v->last, (v->flip ? XQ_SVG_FLIP : 0) | (v->trad ? XQ_SVG_TRAD : 0),
			 &svg, &len) < 0)
		die(EXIT_TROUBLE, "out of memory");
	fwrite(svg, 1, len, fp);
	free(svg);
}

/* --------------------------------------------------------------- main */

int main(int argc, char **argv)
{
	enum { OPT_FLIP = 256, OPT_SVG, OPT_TRAD, OPT_ASCII_DIGITS, OPT_BOOK, OPT_COLOR, OPT_PLAY, OPT_ECCO };
	static const struct option longopts[] = {
		{ "ascii", no_argument, NULL, 'a' },
		{ "ascii-digits", no_argument, NULL, OPT_ASCII_DIGITS },
		{ "book-pawns", no_argument, NULL, OPT_BOOK },
		{ "color", optional_argument, NULL, OPT_COLOR },
		{ "ecco", no_argument, NULL, OPT_ECCO },
		{ "colour", optional_argument, NULL, OPT_COLOR },
		{ "fen", no_argument, NULL, 'F' },
		{ "flip", no_argument, NULL, OPT_FLIP },
		{ "game", required_argument, NULL, 'g' },
		{ "moves", no_argument, NULL, 'm' },
		{ "play", required_argument, NULL, OPT_PLAY },
		{ "ply", required_argument, NULL, 'p' },
		{ "svg", no_argument, NULL, OPT_SVG },
		{ "trad", no_argument, NULL, OPT_TRAD },
		{ "unicode", no_argument, NULL, 'u' },
		{ NULL, 0, NULL, 0 },
	};
	struct problem_printer pp = { 0 };
	struct cmd_opts o = { 0 };
	struct view v;
	enum mode mode = MODE_DIAGRAM;
	int modes = 0, color = -1, c, findings = 0;
	unsigned flags = 0;
	long ply = -1, game = 0;
	const char *play = NULL;
	struct outfile out;

	cmd_init(argv, usage_text);
	memset(&v, 0, sizeof v);
	o.pp = &pp;
	o.notation = XQ_NOTATION_ICCS;
	while ((c = cmd_getopt(&o, argc, argv, "ae:Ff:g:hmn:o:p:uV", longopts)) != -1) {
		switch (c) {
		case 'a': v.ascii = 1; break;
		case 'F': mode = MODE_FEN; modes++; break;
		case 'g': game = parse_number(optarg, 1, 1000000000L, "game number"); break;
		case 'm': mode = MODE_MOVES; modes++; break;
		case 'p': ply = parse_number(optarg, 0, 100000, "ply"); break;
		case 'u': v.ascii = 0; break;
		case OPT_ASCII_DIGITS: flags |= XQ_NOTE_ASCII_DIGITS; break;
		case OPT_BOOK: flags |= XQ_NOTE_BOOK_PAWNS; break;
		case OPT_COLOR:
			if (!optarg || strcmp(optarg, "always") == 0)
				color = 1;
			else if (strcmp(optarg, "never") == 0)
				color = 0;
			else if (strcmp(optarg, "auto") == 0)
				color = -1;
			else {
				warnx_("invalid --color '%s' (expected auto, always or never)", optarg);
				usage(EXIT_TROUBLE);
			}
			break;
		case OPT_FLIP: v.flip = 1; break;
		case OPT_PLAY: play = optarg; break;
		case OPT_SVG: mode = MODE_SVG; modes++; break;
		case OPT_ECCO: mode = MODE_ECCO; modes++; break;
		case OPT_TRAD: flags |= XQ_NOTE_TRAD; v.trad = 1; break;
		default: usage(EXIT_TROUBLE);
		}
	}
	argc -= optind;
	argv += optind;
	if (modes > 1) {
		warnx_("choose one of -F, -m, --svg and --ecco");
		usage(EXIT_TROUBLE);
	}

	/* the position: a record file, a FEN, or the start */
	xq_pos_start(&v.pos);
	if (argc == 1 && (strcmp(argv[0], "-") == 0 || access(argv[0], F_OK) == 0)) {
		struct stat st;
		if (strcmp(argv[0], "-") != 0 && (stat(argv[0], &st) < 0 || S_ISDIR(st.st_mode)))
			die(EXIT_TROUBLE, "'%s' is a directory, not a record file", argv[0]);
		findings = record_position(argv[0], o.format, o.encoding, game ? game : 1, ply, &v);
		if (findings < 0)
			return EXIT_TROUBLE;
	} else {
		if (ply >= 0)
			die(EXIT_TROUBLE, "-p (--ply) needs a record file");
		if (game)
			die(EXIT_TROUBLE, "-g (--game) needs a record file");
		if (o.format || o.encoding)
			die(EXIT_TROUBLE, "-f and -e need a record file");
		if (argc > 0) {
			struct xq_err err;
			char *fen = join_args(argc, argv);
			int bad = xq_pos_from_fen(&v.pos, fen, 0, &err) < 0;
			/* a FEN never has a dot: this was meant as a file name */
			if (bad && argc == 1 && strchr(fen, '.'))
				die(EXIT_TROUBLE, "cannot open '%s': no such file (and not a FEN: column %d: %s)",
				    fen, err.offset + 1, err.msg);
			if (bad)
				die(EXIT_TROUBLE, "invalid FEN '%s': column %d: %s", fen, err.offset + 1, err.msg);
			free(fen);
		}
		v.origin = v.pos;
	}
	if (play)
		play_moves(&v, play);

	if (out_open(&out, o.outpath, argv, argc) < 0)
		return EXIT_TROUBLE;
	if (color < 0) {
		const char *nc = getenv("NO_COLOR");
		color = out.fp == stdout && isatty(STDOUT_FILENO) && !(nc && *nc);
	}
	v.color = color && mode == MODE_DIAGRAM;

	switch (mode) {
	case MODE_FEN: {
		char fen[XQ_FEN_MAX];
		xq_pos_to_fen(&v.pos, fen, sizeof fen);
		fprintf(out.fp, "%s\n", fen);
		break;
	}
	case MODE_MOVES: {
		xq_move moves[XQ_MAX_MOVES];
		int n = xq_legal_moves(&v.pos, moves);
		xq_sort_moves(moves, n);
		for (int i = 0; i < n; i++) {
			char t[XQ_MOVE_TEXT_MAX];
			if (xq_move_format(&v.pos, moves[i], o.notation, flags, t, sizeof t) < 0)
				die(EXIT_TROUBLE, "internal error: cannot write a legal move");
			fprintf(out.fp, "%s\n", t);
		}
		break;
	}
	case MODE_SVG:
		draw_svg(out.fp, &v);
		break;
	case MODE_ECCO: {
		struct xq_ecco e;
		if (xq_ecco_classify(&v.origin, v.line, v.nline, &e) < 0) {
			warnx_("no ECCO opening: the moves do not start from the standard start");
			findings = 1;
			break;
		}
		const char *opening = v.trad ? e.opening_trad : e.opening;
		const char *variation = v.trad ? e.variation_trad : e.variation;
		fprintf(out.fp, "%s %s%s%s\n", e.code, opening, *variation ? " " : "", variation);
		break;
	}
	case MODE_DIAGRAM:
		draw_text(out.fp, &v);
		status_line(out.fp, &v, o.notation_set ? o.notation : XQ_NOTATION_CHINESE, flags);
		break;
	}
	return exit_status(out.fp == stdout, out.fp != stdout && out_commit(&out) < 0, findings);
}
