/*
 * chart.c - the evaluation chart of an annotated game, the one drawing:
 * xqannotate --plot writes it as a file, the HTML game page inlines it.
 * Red's expected score (the annotation's logistic model) over the plies,
 * Red's advantage filled in red above the middle, Black's in black below,
 * the marked moves as discs (colour by mark, a tooltip naming the move
 * and the better one), move numbers along the bottom, the players, result
 * and date along the top with a legend of the marks.
 */
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "xq.h"

static const char *mark_colour(int nag)
{
	return nag == XQ_NAG_BLUNDER ? "#d00000" : nag == XQ_NAG_MISTAKE ? "#ff8000" :
	       nag == XQ_NAG_DUBIOUS ? "#e0c000" : NULL;
}

static const char *mark_text(int nag)
{
	return nag == XQ_NAG_BLUNDER ? "??" : nag == XQ_NAG_MISTAKE ? "?" : nag == XQ_NAG_DUBIOUS ? "?!" : "";
}

int xq_eval_chart_svg(const struct xq_chart *c, char **out, size_t *outlen)
{
	struct xq__buf b = { 0 }, poly = { 0 };
	int page = (c->flags & XQ_CHART_PAGE) != 0;
	const int W = page ? 480 : 800, H = page ? 170 : 320;
	const int L = page ? 8 : 50, R = page ? 8 : 20, T = page ? 28 : 50, B = page ? 22 : 40;
	const int fs = page ? 11 : 12;
	double pw = W - L - R, ph = H - T - B, mid = T + ph / 2;
	int n = c->plies > 0 ? c->plies : 1;
	double dx = pw / n;
	double k = c->k > 0 ? c->k : XQ_ANNOTATE_K;
	int first = -1, last = -1;
#define X(ply) (L + (ply) * dx)
#define Y(cp) (T + ph * (1 - xq_expected_score((cp), k)))

	*out = NULL;
	*outlen = 0;
	if (!page) {
		xq__buf_puts(&b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
		xq__buf_printf(&b, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
			       "viewBox=\"0 0 %d %d\">\n<title>", W, H, W, H);
		xq__buf_put_xml(&b, c->red && *c->red ? c->red : "Red");
		xq__buf_puts(&b, " - ");
		xq__buf_put_xml(&b, c->black && *c->black ? c->black : "Black");
		xq__buf_puts(&b, ": expected score for Red</title>\n");
	} else {
		xq__buf_printf(&b, "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"chart\" viewBox=\"0 0 %d %d\" "
			       "role=\"img\" aria-label=\"evaluation chart\">\n", W, H);
	}
	xq__buf_printf(&b, "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n", W, H);
	xq__buf_printf(&b, "<rect class=\"plot\" x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%.1f\" "
		       "fill=\"#f0f0f0\" stroke=\"#808080\"/>\n", L, T, pw, ph);

	/* the curve and the two areas between it and the middle */
	for (int i = 0; i < c->npts; i++)
		if (c->pts[i].has) {
			if (first < 0)
				first = i;
			last = i;
		}
	if (first >= 0) {
		xq__buf_printf(&poly, "%.1f,%.1f", X(c->pts[first].ply), mid);
		for (int i = first; i <= last; i++)
			if (c->pts[i].has)
				xq__buf_printf(&poly, " %.1f,%.1f", X(c->pts[i].ply), Y(c->pts[i].red_score));
		xq__buf_printf(&poly, " %.1f,%.1f", X(c->pts[last].ply), mid);
		xq__buf_printf(&b, "<clipPath id=\"red-half\"><rect x=\"0\" y=\"0\" width=\"%d\" height=\"%.1f\"/></clipPath>\n"
			       "<clipPath id=\"black-half\"><rect x=\"0\" y=\"%.1f\" width=\"%d\" height=\"%d\"/></clipPath>\n",
			       W, mid, mid, W, H);
		xq__buf_printf(&b, "<polygon class=\"area red\" clip-path=\"url(#red-half)\" fill=\"#e04a3f\" "
			       "fill-opacity=\"0.75\" stroke=\"none\" points=\"%s\"/>\n", poly.p ? poly.p : "");
		xq__buf_printf(&b, "<polygon class=\"area black\" clip-path=\"url(#black-half)\" fill=\"#262626\" "
			       "fill-opacity=\"0.75\" stroke=\"none\" points=\"%s\"/>\n", poly.p ? poly.p : "");
		xq__buf_puts(&b, "<polyline class=\"eval\" fill=\"none\" stroke=\"#202060\" stroke-width=\"1.5\" points=\"");
		for (int i = first, sep = 0; i <= last; i++)
			if (c->pts[i].has) {
				xq__buf_printf(&b, "%s%.1f,%.1f", sep ? " " : "", X(c->pts[i].ply), Y(c->pts[i].red_score));
				sep = 1;
			}
		xq__buf_puts(&b, "\"/>\n");
	}
	xq__buf_printf(&b, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#808080\" "
		       "stroke-dasharray=\"4 4\"/>\n", L, mid, L + pw, mid);

	/* labels: players, result and date; the axes; the legend */
	xq__buf_printf(&b, "<g font-family=\"%s\" font-size=\"%d\" fill=\"#000000\">\n", xq_svg_cjk_fonts, fs);
	xq__buf_printf(&b, "<text class=\"players\" x=\"%d\" y=\"%d\" font-size=\"%d\" font-weight=\"bold\">",
		       L, page ? 12 : 18, fs + 2);
	xq__buf_put_xml(&b, c->red && *c->red ? c->red : "Red");
	xq__buf_puts(&b, " &#8211; ");
	xq__buf_put_xml(&b, c->black && *c->black ? c->black : "Black");
	if (c->result && *c->result && strcmp(c->result, "*")) {
		xq__buf_puts(&b, "  ");
		xq__buf_put_xml(&b, c->result);
	}
	if (c->date && *c->date) {
		xq__buf_puts(&b, "  ");
		xq__buf_put_xml(&b, c->date);
	}
	xq__buf_puts(&b, "</text>\n");
	if (!page) {
		xq__buf_printf(&b, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">1</text>\n", L - 6, T + 4);
		xq__buf_printf(&b, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">0.5</text>\n", L - 6, mid + 4);
		xq__buf_printf(&b, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">0</text>\n", L - 6, T + (int)ph + 4);
		xq__buf_printf(&b, "<text x=\"%d\" y=\"%d\" fill=\"#555555\">expected score for Red</text>\n", L, T - 8);
		xq__buf_printf(&b, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">move</text>\n", L + pw / 2, H - 4);
	}
	/* move m is Red's ply 2m - 1 from the usual start: numbered there */
	int moves = (n + 1) / 2;
	int step = moves <= 12 ? 1 : moves <= 30 ? 5 : moves <= 120 ? 10 : 25;
	for (int m = step == 1 ? 1 : step; m <= moves; m += step)
		xq__buf_printf(&b, "<text class=\"move-no\" x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%d</text>\n",
			       X(2 * m - 1), T + (int)ph + (page ? 14 : 16), m);
	{
		static const int order[3] = { XQ_NAG_DUBIOUS, XQ_NAG_MISTAKE, XQ_NAG_BLUNDER };
		static const char *const words[3] = { "inaccuracy", "mistake", "blunder" };
		int x = W - R - (page ? 258 : 330), y = page ? 12 : 18;
		xq__buf_printf(&b, "<g class=\"legend\">\n");
		for (int i = 0; i < 3; i++) {
			xq__buf_printf(&b, "<circle cx=\"%d\" cy=\"%d\" r=\"5\" fill=\"%s\" stroke=\"#000000\"/>"
				       "<text x=\"%d\" y=\"%d\">%s %s</text>\n", x + 6, y - 4, mark_colour(order[i]),
				       x + 14, y, mark_text(order[i]), words[i]);
			x += page ? 86 : 110;
		}
		xq__buf_puts(&b, "</g>\n");
	}
	xq__buf_puts(&b, "</g>\n");

	/* the marks, on the curve after their move */
	for (int i = 0; i < c->npts; i++) {
		const struct xq_chart_point *q = &c->pts[i];
		const char *colour = mark_colour(q->nag);
		if (!colour || !q->has)
			continue;
		xq__buf_printf(&b, "<circle class=\"mark%s\" data-ply=\"%d\" data-mark=\"%s\"", page ? " pt" : "",
			       q->ply, mark_text(q->nag));
		if (page)
			xq__buf_printf(&b, " data-n=\"%d\"", q->id);
		xq__buf_printf(&b, " cx=\"%.1f\" cy=\"%.1f\" r=\"6\" fill=\"%s\" stroke=\"#000000\" stroke-width=\"1\">"
			       "<title>%d%s ", X(q->ply), Y(q->red_score), colour, q->move_no, q->red_moved ? "." : "...");
		xq__buf_put_xml(&b, q->move ? q->move : "");
		xq__buf_puts(&b, mark_text(q->nag));
		if (q->best && *q->best) {
			xq__buf_puts(&b, "; better: ");
			xq__buf_put_xml(&b, q->best);
		}
		if (q->note && *q->note) {
			xq__buf_puts(&b, " (");
			xq__buf_put_xml(&b, q->note);
			xq__buf_puts(&b, ")");
		}
		xq__buf_puts(&b, "</title></circle>\n");
	}
	xq__buf_puts(&b, "</svg>\n");
#undef X
#undef Y
	int oom = b.oom || poly.oom;
	xq__buf_free(&poly);
	if (oom) {
		xq__buf_free(&b);
		return XQ_ENOMEM;
	}
	*out = b.p;
	*outlen = b.len;
	return 0;
}
