/*
 * html.c - a game as a web page that needs nothing else: the board drawn
 * by lib/picture.c inline, the move list with its variations, comments
 * and marks, a script (inline, no network: the page forbids any with its
 * Content-Security-Policy) that steps through the positions, and, for an
 * annotated game, the evaluation chart under the board.  Write only; the
 * reader of HTML pages is the DhtmlXQ format's.
 *
 * The script's data: N[k] = [fen, parent, from, to] for every playable
 * node k in written order (0 the start position, from/to the squares of
 * the move leading to it, rank * 9 + file, -1 at the start); the move
 * list's links carry data-n = k.
 */
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "movetext.h"
#include "xq_format.h"

static const char *const nag_text[7] = { "", "!", "?", "!!", "??", "!?", "?!" };

/* A main-line move the chart shows. */
struct point {
	int ply, id, nag, has, red, move_no;
	int before, after;   /* Red's centipawns */
	char move[XQ_MOVE_TEXT_MAX];
	const char *comment;
};

struct page {
	struct xq_writer *w;
	const struct xq_game *g;
	enum xq_notation n;
	unsigned nflags;
	struct xq__buf moves, data;
	int next_id;
	int pred, prev_pred;      /* the node before the next one, before the last */
	int *stack;               /* (pred, prev_pred) at each variation entered */
	size_t nstack, capstack;
	struct point *pts;
	size_t npts, cappts;
	int annotated;
	int number;               /* the next Black move needs its number */
	int err;
};

static void comment(struct xq__buf *b, const char *c)
{
	if (!c || !*c)
		return;
	xq__buf_puts(b, " <span class=\"c\">");
	xq__buf_put_xml(b, c);
	xq__buf_puts(b, "</span> ");
}

static int push(struct page *p)
{
	if (p->nstack + 2 > p->capstack) {
		size_t cap = p->capstack ? p->capstack * 2 : 64;
		int *s = realloc(p->stack, cap * sizeof *s);
		if (!s)
			return XQ_ENOMEM;
		p->stack = s;
		p->capstack = cap;
	}
	p->stack[p->nstack++] = p->pred;
	p->stack[p->nstack++] = p->prev_pred;
	return 0;
}

static int add_point(struct page *p, const struct xq_walk_step *s, int id, const char *move)
{
	if (p->npts == p->cappts) {
		size_t cap = p->cappts ? p->cappts * 2 : 128;
		struct point *n = realloc(p->pts, cap * sizeof *n);
		if (!n)
			return XQ_ENOMEM;
		p->pts = n;
		p->cappts = cap;
	}
	struct point *pt = &p->pts[p->npts++];
	memset(pt, 0, sizeof *pt);
	pt->ply = s->ply;
	pt->id = id;
	pt->red = s->before->side == XQ_RED;
	pt->move_no = s->before->fullmove;
	snprintf(pt->move, sizeof pt->move, "%s", move);
	pt->comment = s->node->comment;
	for (int i = 0; i < s->node->nnags; i++)
		if (s->node->nags[i] >= 1 && s->node->nags[i] <= 6 && !pt->nag)
			pt->nag = s->node->nags[i];
	pt->has = xq_annotate_comment_scores(s->node->comment, &pt->before, &pt->after);
	if (pt->has)
		p->annotated = 1;
	return 0;
}

static int visit(void *data, const struct xq_walk_step *s)
{
	struct page *p = data;
	struct xq__buf *b = &p->moves;
	const struct xq_node *n = s->node;
	char t[XQ_MOVE_TEXT_MAX], fen[XQ_FEN_MAX];

	if (s->flags & XQ_STEP_ENTER) {
		if ((p->err = push(p)) < 0)
			return XQ_WALK_STOP;
		p->pred = p->prev_pred;
		p->number = 1;
		xq__buf_printf(b, "<span class=\"var d%d\">( ", s->depth > 3 ? 3 : s->depth);
		return XQ_WALK_NEXT;
	}
	if (s->flags & XQ_STEP_LEAVE) {
		p->prev_pred = p->stack[--p->nstack];
		p->pred = p->stack[--p->nstack];
		xq__buf_puts(b, ")</span> ");
		p->number = 1;
		return XQ_WALK_NEXT;
	}
	comment(b, n->comment_before);
	if (!s->after || !s->before) {
		/* a move that cannot be played, or a line nested too deep */
		xq__buf_puts(b, "<span class=\"bad\">");
		xq__buf_put_xml(b, n->text ? n->text : "?");
		xq__buf_puts(b, "</span> ");
		comment(b, n->comment);
		return XQ_WALK_NEXT;
	}
	if (xq_move_format(s->before, n->move, p->n, p->nflags, t, sizeof t) <= 0)
		snprintf(t, sizeof t, "%s", n->text ? n->text : "?");
	int id = ++p->next_id;
	int red = s->before->side == XQ_RED;
	if (n->comment_before && *n->comment_before)
		p->number = 1;
	if (red)
		xq__buf_printf(b, "<span class=\"no\">%d.</span>", s->before->fullmove);
	else if (p->number)
		xq__buf_printf(b, "<span class=\"no\">%d&#8230;</span>", s->before->fullmove);
	xq__buf_printf(b, "<a class=\"m%s\" id=\"m%d\" data-n=\"%d\" href=\"#\">", red ? " r" : " b", id, id);
	xq__buf_put_xml(b, t);
	for (int i = 0; i < n->nnags; i++) {
		int k = n->nags[i];
		if (k >= 1 && k <= 6)
			xq__buf_printf(b, "<span class=\"nag n%d\">%s</span>", k, nag_text[k]);
	}
	xq__buf_puts(b, "</a> ");
	comment(b, n->comment);
	p->number = n->comment && *n->comment;

	xq_pos_to_fen(s->after, fen, sizeof fen);
	xq__buf_printf(&p->data, ",\n[\"%s\",%d,%d,%d]", fen, p->pred, xq_move_from(n->move), xq_move_to(n->move));
	p->prev_pred = p->pred;
	p->pred = id;
	if ((s->flags & XQ_STEP_MAINLINE) && (p->err = add_point(p, s, id, t)) < 0)
		return XQ_WALK_STOP;
	return XQ_WALK_NEXT;
}

static const char style[] =
	"*{box-sizing:border-box}\n"
	"body{margin:0;padding:8px;background:#faf6ee;color:#222;"
	"font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,%s}\n"
	"header h1{font-size:1.3em;margin:0 0 4px}\n"
	"dl.tags{display:flex;flex-wrap:wrap;gap:2px 14px;margin:0 0 8px;font-size:.85em;color:#555}\n"
	"dl.tags div{display:flex;gap:4px}dl.tags dt{font-weight:600}dl.tags dd{margin:0}\n"
	"main{display:flex;flex-wrap:wrap;gap:12px;align-items:flex-start}\n"
	"#left{flex:0 1 480px;width:100%%;max-width:480px}\n"
	"#board{width:100%%;height:auto;display:block;touch-action:manipulation}\n"
	".bar{display:flex;gap:4px;margin:6px 0}\n"
	".bar button{flex:1;min-height:40px;font-size:1.1em;border:1px solid #b9a27a;border-radius:6px;background:#f3e3c3}\n"
	"#fen{font:13px/1.4 ui-monospace,monospace;word-break:break-all;user-select:all;"
	"background:#fff;border:1px solid #ddd;border-radius:4px;padding:4px 6px}\n"
	"#chart{width:100%%;height:auto;display:block;margin-top:8px;background:#fff}\n"
	"#chart .pt{cursor:pointer}\n"
	"#moves{flex:1 1 300px;min-width:0;max-height:80vh;overflow:auto;background:#fff;"
	"border:1px solid #ddd;border-radius:4px;padding:8px;word-wrap:break-word}\n"
	"#moves a.m{color:inherit;text-decoration:none;padding:1px 3px;border-radius:3px;white-space:nowrap}\n"
	"#moves a.m.r{color:#a11}\n"
	"#moves a.m.cur{background:#2f6fdf;color:#fff}\n"
	".no{color:#888;font-size:.85em;margin-left:2px}\n"
	".c{color:#2a6a2a;font-size:.9em;white-space:pre-wrap}\n"
	".var{color:#555;font-size:.93em}.var.d2,.var.d3{font-size:.88em}\n"
	".bad{color:#999;text-decoration:line-through}\n"
	".nag{font-weight:700}.n2,.n6{color:#c70}.n4{color:#d00}.n1,.n3{color:#080}.n5{color:#07a}\n"
	".result{font-weight:700;margin-left:6px}\n"
	"@media (max-width:520px){body{padding:4px}#moves{max-height:none}}\n";

static const char script[] =
	"(function(){\n"
	"var svg=document.getElementById('board'),pcs=document.getElementById('pieces'),\n"
	" lf=svg.querySelector('.last-from'),lt=svg.querySelector('.last-to'),\n"
	" fenEl=document.getElementById('fen'),moves=document.getElementById('moves'),\n"
	" NS='http://www.w3.org/2000/svg',cur=0,flip=false,child=[];\n"
	"for(var k=1;k<N.length;k++){var p=N[k][1];if(child[p]===undefined)child[p]=k;}\n"
	"function xy(sq){var f=sq%9,r=(sq-f)/9,j=flip?8-f:f,i=flip?r:9-r;return[60+50*j,60+50*i];}\n"
	"function draw(){\n"
	" var rows=N[cur][0].split(' ')[0].split('/');\n"
	" while(pcs.firstChild)pcs.removeChild(pcs.firstChild);\n"
	" for(var r=0;r<rows.length;r++){var f=0;for(var c of rows[r]){\n"
	"  if(c>='1'&&c<='9'){f+=+c;continue;}\n"
	"  var u=document.createElementNS(NS,'use'),p=xy((9-r)*9+f);\n"
	"  u.setAttribute('href','#pc-'+c);u.setAttribute('x',p[0]);u.setAttribute('y',p[1]);\n"
	"  pcs.appendChild(u);f++;}}\n"
	" if(cur>0){var a=xy(N[cur][2]),b=xy(N[cur][3]);\n"
	"  lf.setAttribute('transform','translate('+a[0]+' '+a[1]+')');lf.removeAttribute('display');\n"
	"  lt.setAttribute('cx',b[0]);lt.setAttribute('cy',b[1]);lt.removeAttribute('display');\n"
	" }else{lf.setAttribute('display','none');lt.setAttribute('display','none');}\n"
	" var fa=svg.querySelector('.files'),fb=svg.querySelector('.files-flipped');\n"
	" (flip?fa:fb).setAttribute('display','none');(flip?fb:fa).removeAttribute('display');\n"
	"}\n"
	"function show(k){\n"
	" if(k<0||k>=N.length)return;\n"
	" var o=document.getElementById('m'+cur);if(o)o.classList.remove('cur');\n"
	" cur=k;draw();fenEl.textContent=N[k][0];\n"
	" var e=document.getElementById('m'+k);\n"
	" if(e){e.classList.add('cur');var mr=moves.getBoundingClientRect(),er=e.getBoundingClientRect();\n"
	"  if(er.top<mr.top||er.bottom>mr.bottom)moves.scrollTop+=er.top-mr.top-mr.height/3;}\n"
	" document.body.dataset.ply=k;\n"
	"}\n"
	"function end(k){while(child[k]!==undefined)k=child[k];return k;}\n"
	"document.addEventListener('keydown',function(ev){\n"
	" var k=cur;\n"
	" if(ev.key==='ArrowRight'||ev.key==='ArrowDown'){if(child[k]!==undefined)k=child[k];}\n"
	" else if(ev.key==='ArrowLeft'||ev.key==='ArrowUp'){if(k>0)k=N[k][1];}\n"
	" else if(ev.key==='Home')k=0;else if(ev.key==='End')k=end(k);else return;\n"
	" ev.preventDefault();show(k);});\n"
	"moves.addEventListener('click',function(ev){var a=ev.target.closest('a.m');\n"
	" if(a){ev.preventDefault();show(+a.dataset.n);}});\n"
	"function btn(id,f){var b=document.getElementById(id);if(b)b.addEventListener('click',f);}\n"
	"btn('first',function(){show(0);});btn('last',function(){show(end(cur));});\n"
	"btn('prev',function(){if(cur>0)show(N[cur][1]);});\n"
	"btn('next',function(){if(child[cur]!==undefined)show(child[cur]);});\n"
	"btn('flip',function(){flip=!flip;draw();});\n"
	"var ch=document.getElementById('chart');\n"
	"if(ch)ch.addEventListener('click',function(ev){var t=ev.target.closest('[data-n]');\n"
	" if(t)show(+t.dataset.n);});\n"
	"show(0);\n"
	"})();\n";

/* The chart (lib/chart.c) of an annotated game: the two evaluations each
 * judged move's comment gives, before and after it. */
static int chart(struct page *p, struct xq__buf *b)
{
	struct xq_chart_point *cp = calloc(2 * p->npts + 1, sizeof *cp);
	char *svg;
	size_t len, n = 0;
	if (!cp)
		return XQ_ENOMEM;
	for (size_t i = 0; i < p->npts; i++) {
		const struct point *q = &p->pts[i];
		if (!q->has)
			continue;
		cp[n].ply = q->ply - 1;
		cp[n].has = 1;
		cp[n++].red_score = q->before;
		cp[n].ply = q->ply;
		cp[n].has = 1;
		cp[n].red_score = q->after;
		cp[n].nag = q->nag;
		cp[n].red_moved = q->red;
		cp[n].move_no = q->move_no;
		cp[n].move = q->move;
		cp[n].note = q->comment;
		cp[n++].id = q->id;
	}
	struct xq_chart c = {
		.pts = cp, .npts = (int)n, .plies = p->npts ? p->pts[p->npts - 1].ply : 0,
		.red = xq_game_tag(p->g, "Red"), .black = xq_game_tag(p->g, "Black"),
		.result = xq__mt_game_result(p->g), .date = xq_game_tag(p->g, "Date"),
		.flags = XQ_CHART_PAGE,
	};
	int rc = xq_eval_chart_svg(&c, &svg, &len);
	free(cp);
	if (rc < 0)
		return rc;
	rc = xq__buf_put(b, svg, len);
	free(svg);
	return rc;
}

static int html_write(struct xq_writer *w, const struct xq_game *g)
{
	const struct xq_writer_opts *o = xq_writer_options(w);
	struct page p = { 0 };
	struct xq__buf out = { 0 };
	const char *red = xq_game_tag(g, "Red"), *black = xq_game_tag(g, "Black");
	const char *enc = o->encoding && *o->encoding ? xq_encoding_name(o->encoding) : NULL;
	struct xq_pos start;
	char *board = NULL;
	size_t blen;
	int rc;

	if (!(g->flags & XQ_GAME_REPLAYED))
		return XQ_EINVAL;
	if (g->flags & XQ_GAME_BAD_FEN) {
		xq_writer_problem(w, g, XQ_SEV_ERROR, XQ_P_LIMIT,
				  "a game page needs a start position: the game's FEN is not usable");
		return XQ_EINVAL;
	}
	if (xq_pos_from_fen(&start, g->start_fen, 0, NULL) < 0)
		return XQ_EINVAL;
	p.w = w;
	p.g = g;
	p.n = o->notation ? o->notation : XQ_NOTATION_CHINESE;
	p.nflags = o->notation_flags;
	xq__buf_printf(&p.data, "[\"%s\",-1,-1,-1]", g->start_fen);
	comment(&p.moves, g->root.comment);
	p.number = 1;
	rc = xq_game_walk_written(g, visit, &p);
	if (rc >= 0 && p.err < 0)
		rc = p.err;
	if (rc >= 0)
		rc = xq_board_svg(&start, XQ_MOVE_NONE, XQ_SVG_PAGE | ((o->notation_flags & XQ_NOTE_TRAD) ? XQ_SVG_TRAD : 0),
				  &board, &blen);
	if (rc < 0)
		goto done;

	xq__buf_printf(&out, "<!DOCTYPE html>\n<html lang=\"zh\">\n<head>\n<meta charset=\"%s\">\n",
		       enc ? enc : "utf-8");
	xq__buf_puts(&out, "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
		     "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
		     "style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">\n"
		     "<meta name=\"generator\" content=\"xqtools\">\n<title>");
	xq__buf_put_xml(&out, red && *red ? red : "Red");
	xq__buf_puts(&out, " &#8211; ");
	xq__buf_put_xml(&out, black && *black ? black : "Black");
	xq__buf_puts(&out, "</title>\n<style>\n");
	xq__buf_printf(&out, style, xq_svg_cjk_fonts);
	xq__buf_puts(&out, "</style>\n</head>\n<body>\n<header>\n<h1>");
	xq__buf_put_xml(&out, red && *red ? red : "Red");
	xq__buf_puts(&out, " &#8211; ");
	xq__buf_put_xml(&out, black && *black ? black : "Black");
	xq__buf_printf(&out, " <span class=\"result\">%s</span></h1>\n<dl class=\"tags\">\n", xq__mt_game_result(g));
	for (const struct xq_tag *t = g->tags; t; t = t->next) {
		xq__buf_puts(&out, "<div><dt>");
		xq__buf_put_xml(&out, t->name);
		xq__buf_puts(&out, "</dt><dd>");
		xq__buf_put_xml(&out, t->value);
		xq__buf_puts(&out, "</dd></div>\n");
	}
	xq__buf_puts(&out, "</dl>\n</header>\n<main>\n<div id=\"left\">\n");
	xq__buf_put(&out, board, blen);
	xq__buf_puts(&out, "<div class=\"bar\"><button id=\"first\" title=\"start (Home)\">&#171;</button>"
		     "<button id=\"prev\" title=\"back (&#8592;)\">&#9664;</button>"
		     "<button id=\"next\" title=\"forward (&#8594;)\">&#9654;</button>"
		     "<button id=\"last\" title=\"end of the line (End)\">&#187;</button>"
		     "<button id=\"flip\" title=\"turn the board round\">&#8645;</button></div>\n<div id=\"fen\">");
	xq__buf_puts(&out, g->start_fen);
	xq__buf_puts(&out, "</div>\n");
	if (p.annotated && (rc = chart(&p, &out)) < 0)
		goto done;
	xq__buf_puts(&out, "</div>\n<div id=\"moves\">\n");
	xq__buf_put(&out, p.moves.p ? p.moves.p : "", p.moves.len);
	xq__buf_printf(&out, "<span class=\"result\">%s</span>\n</div>\n</main>\n<script>\nvar N=[", xq__mt_game_result(g));
	xq__buf_put(&out, p.data.p, p.data.len);
	xq__buf_printf(&out, "];\n%s</script>\n</body>\n</html>\n", script);
	if (out.oom || p.moves.oom || p.data.oom)
		rc = XQ_ENOMEM;
	else
		rc = xq_writer_put(w, out.p, out.len);
done:
	free(board);
	free(p.stack);
	free(p.pts);
	xq__buf_free(&p.moves);
	xq__buf_free(&p.data);
	xq__buf_free(&out);
	return rc < 0 ? rc : 0;
}

const struct xq_format xq_format_html = {
	.name = "html",
	.extensions = "html htm",
	.description = "a game page for a web browser: board, moves, script (write only)",
	.flags = XQ_FORMAT_ONE_GAME,
	.write = html_write,
};

/* ------------------------------------------------- the index of pages */

int xq_html_index_entry(const struct xq_game *g, const char *href, char **out)
{
	struct xq__buf b = { 0 };
	const char *red = xq_game_tag(g, "Red"), *black = xq_game_tag(g, "Black");
	static const char *const extra[] = { "Event", "Date", "Opening" };
	*out = NULL;
	xq__buf_puts(&b, "<li><a href=\"");
	for (const char *s = href; *s; s++) {
		/* a file name as a relative URL: unreserved bytes as they are */
		unsigned char c = (unsigned char)*s;
		if (c >= 0x80 || strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/", c))
			xq__buf_put(&b, s, 1);
		else
			xq__buf_printf(&b, "%%%02X", c);
	}
	xq__buf_puts(&b, "\">");
	xq__buf_put_xml(&b, red && *red ? red : "Red");
	xq__buf_puts(&b, " &#8211; ");
	xq__buf_put_xml(&b, black && *black ? black : "Black");
	xq__buf_printf(&b, "</a> <span class=\"result\">%s</span>", xq__mt_game_result(g));
	for (size_t i = 0; i < sizeof extra / sizeof *extra; i++) {
		const char *v = xq_game_tag(g, extra[i]);
		if (v && *v) {
			xq__buf_puts(&b, " <span class=\"tag\">");
			xq__buf_put_xml(&b, v);
			xq__buf_puts(&b, "</span>");
		}
	}
	xq__buf_puts(&b, "</li>\n");
	if (b.oom) {
		xq__buf_free(&b);
		return XQ_ENOMEM;
	}
	*out = b.p;
	return 0;
}

int xq_html_index(char *const *entries, long n, char **out, size_t *len)
{
	struct xq__buf b = { 0 };
	*out = NULL;
	*len = 0;
	xq__buf_puts(&b, "<!DOCTYPE html>\n<html lang=\"zh\">\n<head>\n<meta charset=\"utf-8\">\n"
		     "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
		     "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\n"
		     "<title>Games</title>\n<style>\n");
	xq__buf_printf(&b, "body{margin:0;padding:8px;background:#faf6ee;color:#222;"
		       "font:16px/1.6 system-ui,-apple-system,'Segoe UI',Roboto,%s}\n"
		       "a{color:#a11}.tag{color:#666;font-size:.9em;margin-left:6px}.result{font-weight:700}\n"
		       "ol{padding-left:2.2em}\n", xq_svg_cjk_fonts);
	xq__buf_printf(&b, "</style>\n</head>\n<body>\n<h1>Games (%ld)</h1>\n<ol>\n", n);
	for (long i = 0; i < n; i++)
		xq__buf_puts(&b, entries[i]);
	xq__buf_puts(&b, "</ol>\n</body>\n</html>\n");
	if (b.oom) {
		xq__buf_free(&b);
		return XQ_ENOMEM;
	}
	*out = b.p;
	*len = b.len;
	return 0;
}
