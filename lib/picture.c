/*
 * picture.c - the board as an SVG picture, the one drawing: xqshow --svg
 * writes it as a file, the HTML game page inlines it (with its pieces as
 * <use> copies of one drawing per piece, so that the page's script can
 * set up any position).  Points are S apart, the outer lines M from the
 * edge: point (j, i), j from the left and i from the top of the picture,
 * is at (M + j S, M + i S).
 */
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "xq.h"

#define S 50
#define M 60

/* The font stack of every picture: the common CJK families first, so
 * that the characters are not empty boxes where one of them is missing. */
const char xq_svg_cjk_fonts[] =
	"'Noto Serif CJK SC','Noto Sans CJK SC','Source Han Serif SC','Source Han Sans SC',"
	"'WenQuanYi Micro Hei','WenQuanYi Zen Hei','AR PL UMing CN','AR PL UKai CN',"
	"'Microsoft YaHei','SimSun','PingFang SC','Hiragino Sans GB','Songti SC',serif";

static int screen_sq(int flip, int j, int i)
{
	return flip ? XQ_SQ(8 - j, i) : XQ_SQ(j, 9 - i);
}

static void line(struct xq__buf *b, int j1, int i1, int j2, int i2)
{
	xq__buf_printf(b, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n",
		       M + j1 * S, M + i1 * S, M + j2 * S, M + i2 * S);
}

/* The file numbers along the top and the bottom, as each side counts. */
static void file_numbers(struct xq__buf *b, int flip, const char *cls)
{
	xq__buf_printf(b, "<g class=\"%s\"%s>\n", cls,
		       flip && !strcmp(cls, "files-flipped") ? "" :
		       !flip && !strcmp(cls, "files") ? "" : " display=\"none\"");
	int f = !strcmp(cls, "files-flipped");
	for (int j = 0; j < 9; j++) {
		int x = XQ_FILE(screen_sq(f, j, 0));
		const char *top = f ? xq_zh_number(XQ_RED, 9 - x) : xq_zh_number(XQ_BLACK, x + 1);
		const char *bottom = f ? xq_zh_number(XQ_BLACK, x + 1) : xq_zh_number(XQ_RED, 9 - x);
		xq__buf_printf(b, "<text x=\"%d\" y=\"%d\" font-size=\"16\">%s</text>\n", M + j * S, M - 32, top);
		xq__buf_printf(b, "<text x=\"%d\" y=\"%d\" font-size=\"16\">%s</text>\n", M + j * S,
			       M + 9 * S + 44, bottom);
	}
	xq__buf_printf(b, "</g>\n");
}

/* One piece centred on (x, y): a disc with its character. */
static void piece(struct xq__buf *b, int side, int type, int trad, int x, int y, const char *id)
{
	if (id)
		xq__buf_printf(b, "<g id=\"%s\" class=\"%s\">", id, side == XQ_RED ? "red" : "black");
	else
		xq__buf_printf(b, "<g class=\"%s\">", side == XQ_RED ? "red" : "black");
	xq__buf_printf(b, "<circle cx=\"%d\" cy=\"%d\" r=\"22\" fill=\"%s\" stroke=\"#f6e7c1\" stroke-width=\"2\"/>"
		       "<text x=\"%d\" y=\"%d\" fill=\"#fff7e6\">%s</text></g>\n",
		       x, y, side == XQ_RED ? "#c8281e" : "#262626", x, y + 9, xq_zh_piece(side, type, trad));
}

/* The last move's markers: a dashed ring with a dot where the piece came
 * from, a full ring round the piece where it stands. */
static void last_move(struct xq__buf *b, xq_move last, int flip, int inline_page)
{
	int at[2][2] = { { -100, -100 }, { -100, -100 } };
	for (int k = 0; last != XQ_MOVE_NONE && k < 2; k++) {
		int sq = k ? xq_move_to(last) : xq_move_from(last);
		for (int i = 0; i < 10; i++)
			for (int j = 0; j < 9; j++)
				if (screen_sq(flip, j, i) == sq)
					at[k][0] = M + j * S, at[k][1] = M + i * S;
	}
	if (last == XQ_MOVE_NONE && !inline_page)
		return;
	const char *hide = last == XQ_MOVE_NONE ? " display=\"none\"" : "";
	xq__buf_printf(b, "<g class=\"last-from\" transform=\"translate(%d %d)\"%s>"
		       "<circle r=\"20\" fill=\"none\" stroke=\"#2f6fdf\" stroke-width=\"3\" stroke-dasharray=\"6 4\"/>"
		       "<circle r=\"6\" fill=\"#2f6fdf\"/></g>\n", at[0][0], at[0][1], hide);
	xq__buf_printf(b, "<circle class=\"last-to\" cx=\"%d\" cy=\"%d\" r=\"26\" fill=\"none\" "
		       "stroke=\"#2f6fdf\" stroke-width=\"4\"%s/>\n", at[1][0], at[1][1], hide);
}

int xq_board_svg(const struct xq_pos *pos, xq_move last, unsigned flags, char **out, size_t *outlen)
{
	struct xq__buf b = { 0 };
	char fen[XQ_FEN_MAX];
	int w = 2 * M + 8 * S, h = 2 * M + 9 * S;
	int flip = (flags & XQ_SVG_FLIP) != 0, trad = (flags & XQ_SVG_TRAD) != 0;
	int page = (flags & XQ_SVG_PAGE) != 0;

	*out = NULL;
	*outlen = 0;
	xq_pos_to_fen(pos, fen, sizeof fen);
	if (!page) {
		xq__buf_printf(&b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
		xq__buf_printf(&b, "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" "
			       "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">\n", w, h, w, h);
		xq__buf_printf(&b, "<title>%s</title>\n", fen);
	} else {
		xq__buf_printf(&b, "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"board\" "
			       "viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"board\">\n", w, h);
	}
	xq__buf_printf(&b, "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"#eed3a0\"/>\n", w, h);

	/* lines: ranks, files (broken by the river inside), palace diagonals */
	xq__buf_printf(&b, "<g stroke=\"#5b3a1a\" stroke-width=\"1.5\" stroke-linecap=\"square\">\n");
	for (int i = 0; i < 10; i++)
		line(&b, 0, i, 8, i);
	for (int j = 0; j < 9; j++) {
		if (j == 0 || j == 8) {
			line(&b, j, 0, j, 9);
		} else {
			line(&b, j, 0, j, 4);
			line(&b, j, 5, j, 9);
		}
	}
	line(&b, 3, 0, 5, 2);
	line(&b, 5, 0, 3, 2);
	line(&b, 3, 7, 5, 9);
	line(&b, 5, 7, 3, 9);
	xq__buf_printf(&b, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke-width=\"3\"/>\n",
		       M - 6, M - 6, 8 * S + 12, 9 * S + 12);
	xq__buf_printf(&b, "</g>\n");

	/* river and file numbers */
	xq__buf_printf(&b, "<g font-family=\"%s\" fill=\"#5b3a1a\" text-anchor=\"middle\">\n", xq_svg_cjk_fonts);
	xq__buf_printf(&b, "<text x=\"%d\" y=\"%d\" font-size=\"28\">楚 河</text>\n", M + 2 * S, M + 4 * S + S / 2 + 10);
	xq__buf_printf(&b, "<text x=\"%d\" y=\"%d\" font-size=\"28\">%s</text>\n", M + 6 * S,
		       M + 4 * S + S / 2 + 10, trad ? "漢 界" : "汉 界");
	if (page) {
		file_numbers(&b, flip, "files");
		file_numbers(&b, flip, "files-flipped");
	} else {
		file_numbers(&b, flip, flip ? "files-flipped" : "files");
	}
	xq__buf_printf(&b, "</g>\n");

	last_move(&b, last, flip, page);

	/* the pieces: red and black discs with their characters */
	xq__buf_printf(&b, "<g font-family=\"%s\" font-size=\"26\" text-anchor=\"middle\">\n", xq_svg_cjk_fonts);
	if (page) {
		/* one drawing per piece at the origin, placed by <use> */
		static const char letters[] = " KABNRCP";
		char id[8];
		xq__buf_printf(&b, "<defs>\n");
		for (int s = XQ_RED; s <= XQ_BLACK; s++)
			for (int t = XQ_KING; t <= XQ_PAWN; t++) {
				snprintf(id, sizeof id, "pc-%c", s == XQ_RED ? letters[t] : letters[t] + 32);
				piece(&b, s, t, trad, 0, 0, id);
			}
		xq__buf_printf(&b, "</defs>\n<g id=\"pieces\">\n");
		for (int i = 0; i < 10; i++)
			for (int j = 0; j < 9; j++) {
				int sq = screen_sq(flip, j, i);
				enum xq_type t = xq_piece_type(pos, sq);
				if (t == XQ_NONE)
					continue;
				int s = xq_piece_side(pos, sq);
				xq__buf_printf(&b, "<use href=\"#pc-%c\" x=\"%d\" y=\"%d\"/>\n",
					       s == XQ_RED ? letters[t] : letters[t] + 32, M + j * S, M + i * S);
			}
		xq__buf_printf(&b, "</g>\n");
	} else {
		for (int i = 0; i < 10; i++)
			for (int j = 0; j < 9; j++) {
				int sq = screen_sq(flip, j, i);
				enum xq_type t = xq_piece_type(pos, sq);
				if (t != XQ_NONE)
					piece(&b, xq_piece_side(pos, sq), t, trad, M + j * S, M + i * S, NULL);
			}
	}
	xq__buf_printf(&b, "</g>\n</svg>\n");
	if (b.oom) {
		xq__buf_free(&b);
		return XQ_ENOMEM;
	}
	*out = b.p;
	*outlen = b.len;
	return 0;
}
