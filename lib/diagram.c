/*
 * diagram.c - the board as text, for a terminal: Chinese pieces on
 * box-drawing lines (or FEN letters on ASCII lines), the palace diagonals,
 * the river, each side's file numbers, the last move in brackets, and a
 * status line with the FEN, the side to move and the last move.  xqshow
 * prints it; the Python package returns it.
 */
#include <stdlib.h>

#include "buf.h"
#include "xq.h"

struct drawing {
	struct xq__buf b;
	const struct xq_pos *pos;
	int ascii, flip, color, trad;
};

/* Board square at screen column j (left to right) and row i (top down). */
static int screen_sq(const struct drawing *d, int j, int i)
{
	return d->flip ? XQ_SQ(8 - j, i) : XQ_SQ(j, 9 - i);
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

/* The piece on sq (or an empty ASCII point); its width in columns. */
static int put_glyph(struct drawing *d, int sq)
{
	enum xq_type t = xq_piece_type(d->pos, sq);
	enum xq_side s;
	int width;
	if (t == XQ_NONE) {
		xq__buf_puts(&d->b, d->ascii ? "+" : "");
		return 1;
	}
	s = xq_piece_side(d->pos, sq);
	if (d->color)
		xq__buf_puts(&d->b, s == XQ_RED ? "\033[1;31m" : "\033[1m");
	if (d->ascii) {
		char c[2] = { xq_piece_letter(d->pos, sq), '\0' };
		xq__buf_puts(&d->b, c);
		width = 1;
	} else {
		xq__buf_puts(&d->b, xq_zh_board_piece(s, t, d->trad));
		width = 2;
	}
	if (d->color)
		xq__buf_puts(&d->b, "\033[0m");
	return width;
}

/* The file numbers of the side at the top (row 0) or the bottom (row 9). */
static void file_labels(struct drawing *d, int row)
{
	/* the top shows Black's numbers unless flipped */
	enum xq_side side = (row == 0) != d->flip ? XQ_BLACK : XQ_RED;
	xq__buf_puts(&d->b, "  ");
	for (int j = 0; j < 9; j++) {
		int x = XQ_FILE(screen_sq(d, j, row));
		if (d->ascii)
			xq__buf_printf(&d->b, j < 8 ? " %c  " : " %c", 'a' + x);
		else
			xq__buf_printf(&d->b, j < 8 ? " %s " : " %s",
				       xq_zh_number(side, side == XQ_RED ? 9 - x : x + 1));
	}
	xq__buf_puts(&d->b, "\n");
}

/* Screen row i: its points and pieces, the last move's squares in [ ]. */
static void point_row(struct drawing *d, int i, int from, int to)
{
	const char *hline = d->ascii ? "-" : "─";
	xq__buf_printf(&d->b, "%d ", XQ_RANK(screen_sq(d, 0, i)));
	for (int j = 0; j < 9; j++) {
		int sq = screen_sq(d, j, i), w;
		int marked = sq == from || sq == to;
		xq__buf_puts(&d->b, marked ? "[" : j == 0 ? " " : hline);
		if (xq_piece_type(d->pos, sq) == XQ_NONE && !d->ascii) {
			int up = i > 0 && (!river_below(i - 1) || j == 0 || j == 8);
			int down = i < 9 && (!river_below(i) || j == 0 || j == 8);
			xq__buf_puts(&d->b, box_point(up, down, j > 0, j < 8));
			w = 1;
		} else {
			w = put_glyph(d, sq);
		}
		for (int k = w; k < 3; k++) {
			if (k == w && marked)
				xq__buf_puts(&d->b, "]");
			else if (j < 8)
				xq__buf_puts(&d->b, hline);
		}
	}
	xq__buf_puts(&d->b, "\n");
}

/* The gap below screen row i: the files, the palace diagonals, or the river. */
static void gap_row(struct drawing *d, int i)
{
	const char *vline = d->ascii ? "|" : "│";
	xq__buf_puts(&d->b, "  ");
	if (river_below(i)) {
		if (d->ascii)
			xq__buf_printf(&d->b, " %s    chu he          han jie    %s\n", vline, vline);
		else
			xq__buf_printf(&d->b, " %s    楚  河           %s  界    %s\n", vline,
				       d->trad ? "漢" : "汉", vline);
		return;
	}
	for (int j = 0; j < 9; j++) {
		xq__buf_puts(&d->b, " ");
		xq__buf_puts(&d->b, vline);
		if (j == 8)
			break;
		int a = screen_sq(d, j, i + 1), b = screen_sq(d, j + 1, i);
		int c = screen_sq(d, j, i), e = screen_sq(d, j + 1, i + 1);
		const char *diagonal = " ";
		if (palace_diagonal(a, b))
			diagonal = d->ascii ? "/" : "╱";
		else if (palace_diagonal(c, e))
			diagonal = d->ascii ? "\\" : "╲";
		xq__buf_printf(&d->b, " %s", diagonal);
	}
	xq__buf_puts(&d->b, "\n");
}

/* "FEN: ..." and "red to move, in check; last move 炮二平五 (h2e2)". */
static int status_lines(struct drawing *d, const struct xq_board_text_opts *o)
{
	char fen[XQ_FEN_MAX];
	enum xq_status st = xq_status(d->pos);
	const char *side = d->pos->side == XQ_RED ? "red" : "black";

	xq_pos_to_fen(d->pos, fen, sizeof fen);
	xq__buf_printf(&d->b, "FEN: %s\n", fen);
	if (st == XQ_CHECKMATE)
		xq__buf_printf(&d->b, "%s is checkmated", side);
	else if (st == XQ_STALEMATE)
		xq__buf_printf(&d->b, "%s has no legal move (stalemated, a loss)", side);
	else
		xq__buf_printf(&d->b, "%s to move%s", side, xq_in_check(d->pos) ? ", in check" : "");
	if (o->last != XQ_MOVE_NONE) {
		enum xq_notation n = o->notation;
		char t[XQ_MOVE_TEXT_MAX], iccs[5];
		if (xq_move_format(o->before, o->last, n == XQ_NOTATION_ICCS ? XQ_NOTATION_CHINESE : n,
				   o->notation_flags, t, sizeof t) < 0)
			return XQ_EINVAL;
		xq_move_iccs(o->last, iccs);
		if (n == XQ_NOTATION_ICCS || n == XQ_NOTATION_CHINESE)
			xq__buf_printf(&d->b, "; last move %s (%s)", t, iccs);
		else
			xq__buf_printf(&d->b, "; last move %s", t);
	}
	xq__buf_puts(&d->b, "\n");
	return 0;
}

int xq_board_text(const struct xq_pos *pos, const struct xq_board_text_opts *o,
		  char **out, size_t *outlen)
{
	struct drawing d = { { 0 }, pos, 0, 0, 0, 0 };
	xq_move last = o ? o->last : XQ_MOVE_NONE;
	unsigned flags = o ? o->flags : 0;
	int from = last != XQ_MOVE_NONE ? xq_move_from(last) : -1;
	int to = last != XQ_MOVE_NONE ? xq_move_to(last) : -1;
	int rc = 0;

	*out = NULL;
	*outlen = 0;
	if ((flags & XQ_BOARD_STATUS) && last != XQ_MOVE_NONE && !o->before)
		return XQ_EINVAL;
	d.ascii = (flags & XQ_BOARD_ASCII) != 0;
	d.flip = (flags & XQ_BOARD_FLIP) != 0;
	d.color = (flags & XQ_BOARD_COLOR) != 0;
	d.trad = (flags & XQ_BOARD_TRAD) != 0;
	file_labels(&d, 0);
	for (int i = 0; i < 10; i++) {
		point_row(&d, i, from, to);
		if (i < 9)
			gap_row(&d, i);
	}
	file_labels(&d, 9);
	if (flags & XQ_BOARD_STATUS)
		rc = status_lines(&d, o);
	if (rc == 0 && d.b.oom)
		rc = XQ_ENOMEM;
	if (rc < 0) {
		xq__buf_free(&d.b);
		return rc;
	}
	*out = d.b.p;
	*outlen = d.b.len;
	return 0;
}
