/*
 * xiexie.c - the .wxf files of the XieXie program (notation.md, WXF):
 * header lines "KEY<blanks>value" (FORMAT WXF, GAME, RED, BLACK, DATE
 * dd-mm-yyyy, RESULT; names end in ";;;"), then the moves in WXF notation
 * between "START{" and "}END", numbered pairs, marks such as "!!" or "!"
 * glued to a move or standing before a move number (a mark on the move
 * before it).  A file may hold several such records one after the other.
 * The writer gives the same layout; comments and variations are not part
 * of the format (left out with a warning).
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "movetext.h"

struct xiexie_state {
	struct mt mt;
};
_Static_assert(offsetof(struct xiexie_state, mt) == 0, "struct mt comes first");

/* "KEY" at the line start: upper-case ASCII letters; its length or 0. */
static size_t header_key(const char *s, size_t n)
{
	size_t i = 0;
	while (i < n && s[i] >= 'A' && s[i] <= 'Z')
		i++;
	if (i < 3 || (i < n && s[i] != ' ' && s[i] != '\t'))
		return 0;
	return i;
}

static void set_header(struct xq_reader *r, struct xq_game *g, const char *k,
		       size_t kl, const char *v, size_t vl, long ln)
{
	static const struct {
		const char *key, *tag;
	} map[] = {
		{ "GAME", "Event" }, { "RED", "Red" }, { "BLACK", "Black" },
		{ "DATE", "Date" }, { "RESULT", "Result" }, { "EVENT", "Event" },
		{ "SITE", "Site" }, { "ROUND", "Round" }, { "OPENING", "Opening" },
	};
	char val[1024], tag[64];
	const char *name = NULL;

	while (vl && (*v == ' ' || *v == '\t'))
		v++, vl--;
	while (vl && (v[vl - 1] == ' ' || v[vl - 1] == '\t' || v[vl - 1] == ';'))
		vl--;
	snprintf(val, sizeof val, "%.*s", (int)vl, v);
	if (kl == 6 && !memcmp(k, "FORMAT", 6)) {
		if (strcmp(val, "WXF"))
			xq_reader_problem(r, g, XQ_SEV_WARNING, XQ_P_FORMAT, ln, 0, 0, NULL,
					  "FORMAT '%s': only WXF moves are read", val);
		return;
	}
	if (!*val)
		return;
	for (size_t i = 0; i < sizeof map / sizeof *map; i++)
		if (strlen(map[i].key) == kl && !memcmp(map[i].key, k, kl))
			name = map[i].tag;
	if (name && !strcmp(name, "Date") && vl == 10 && val[2] == '-' && val[5] == '-') {
		/* dd-mm-yyyy */
		char d[11] = { val[6], val[7], val[8], val[9], '.', val[3], val[4], '.',
			       val[0], val[1], 0 };
		xq_game_set_tag(g, "Date", d);
		return;
	}
	if (name && !strcmp(name, "Result")) {
		const char *res = xq_result_word(val, strlen(val));
		if (res) {
			xq_game_set_tag(g, "Result", res);
			return;
		}
	}
	if (!name) {
		/* an unknown key: kept as a tag, "KEY" as "Key" */
		size_t n = kl < sizeof tag - 1 ? kl : sizeof tag - 1;
		for (size_t i = 0; i < n; i++)
			tag[i] = (char)(i ? k[i] + ('a' - 'A') : k[i]);
		tag[n] = '\0';
		name = tag;
	}
	xq_game_add_tag(g, name, val);
}

/* Where needle stands in s[0..n), or NULL. */
static const char *find(const char *s, size_t n, const char *needle)
{
	size_t k = strlen(needle);
	for (size_t i = 0; i + k <= n; i++)
		if (!memcmp(s + i, needle, k))
			return s + i;
	return NULL;
}

/* A move line: marks standing before a move number ("!!12.") go after
 * the move before them, as a reader of PGN takes them. */
static void move_line(struct mt *m, const char *s, size_t n, long ln)
{
	char *buf = malloc(n + n / 2 + 2);
	size_t o = 0;
	if (!buf) {
		xq__mt_line(m, s, n, ln);
		return;
	}
	for (size_t i = 0; i < n; i++) {
		if ((s[i] == '!' || s[i] == '?') && (i == 0 || s[i - 1] == ' ' || s[i - 1] == '\t')) {
			size_t j = i;
			while (j < n && (s[j] == '!' || s[j] == '?'))
				j++;
			if (j < n && s[j] >= '0' && s[j] <= '9') {
				/* glue the marks to the move before them */
				while (o && (buf[o - 1] == ' ' || buf[o - 1] == '\t'))
					o--;
				memcpy(buf + o, s + i, j - i);
				o += j - i;
				buf[o++] = ' ';
				i = j - 1;
				continue;
			}
		}
		buf[o++] = s[i];
	}
	xq__mt_line(m, buf, o, ln);
	free(buf);
}

static int xiexie_read(struct xq_reader *r, struct xq_game *g)
{
	struct xiexie_state *st = xq__mt_state(r, sizeof *st);
	const char *s;
	size_t len;
	int rc, any = 0, moves = 0;

	if (!st)
		return XQ_ENOMEM;
	xq__mt_begin(&st->mt, r, g);
	while ((rc = xq_reader_getline(r, &s, &len)) > 0) {
		long ln = xq_reader_line(r);
		size_t tl = len, kl;
		const char *t = xq__mt_skip_space(s, &tl), *p;

		if (moves) {
			if ((p = find(s, len, "}END"))) {
				move_line(&st->mt, s, (size_t)(p - s), ln);
				moves = 0;
				break;
			}
			move_line(&st->mt, s, len, ln);
			continue;
		}
		if (!tl)
			continue;
		if ((p = find(t, tl, "START{"))) {
			if (!any)
				g->line = ln;
			any = 1;
			moves = 1;
			p += 6;
			if ((s = find(p, tl - (size_t)(p - t), "}END"))) {
				move_line(&st->mt, p, (size_t)(s - p), ln);
				moves = 0;
				break;
			}
			move_line(&st->mt, p, tl - (size_t)(p - t), ln);
			continue;
		}
		if ((kl = header_key(t, tl))) {
			if (!any)
				g->line = ln;
			any = 1;
			set_header(r, g, t, kl, t + kl, tl - kl, ln);
			continue;
		}
		if (!any)
			g->line = ln;
		any = 1;
		xq_reader_problem(r, g, XQ_SEV_WARNING, XQ_P_SYNTAX, ln, 1, 0, NULL,
				  "not a XieXie header line and no START{ before it; ignored");
	}
	if (moves)
		xq_reader_problem(r, g, XQ_SEV_WARNING, XQ_P_TRUNCATED, xq_reader_line(r), 0, 0, NULL,
				  "the moves have no }END");
	if (rc < 0)
		return rc;
	return xq__mt_finish(&st->mt, rc, any, 0);
}

static int xiexie_sniff(const unsigned char *head, size_t len, const char *name)
{
	size_t n = len;
	const char *s = xq__mt_sniff_start(head, &n);
	(void)name;
	if (n >= 7 && !memcmp(s, "FORMAT", 6) && (s[6] == ' ' || s[6] == '\t')) {
		size_t i = 6;
		while (i < n && (s[i] == ' ' || s[i] == '\t'))
			i++;
		if (n - i >= 3 && !memcmp(s + i, "WXF", 3))
			return 95;
		return 40;
	}
	return 0;
}

/* ---------------------------------------------------------------- writer */

static void put_header(struct xq_writer *w, const char *key, const char *value,
		       const char *end)
{
	xq_writer_printf(w, "%-8s\t", key);
	for (const char *p = value; p && *p; p++)
		xq_writer_put(w, *p == '\n' || *p == '\r' || *p == '\t' ? " " : p, 1);
	xq_writer_put(w, end, strlen(end));
	xq_writer_newline(w);
}

/* The moves of the main line, two a row, as a visitor of the walk (the
 * main line comes first, whole: the first other step ends it). */
struct xiexie_rows {
	struct xq_writer *w;
	int moveno, onrow, rc;
};

static int xiexie_move(void *data, const struct xq_walk_step *s)
{
	struct xiexie_rows *r = data;
	const struct xq_node *nd = s->node;
	const struct xq_pos *pos = s->before;
	char buf[XQ_MOVE_TEXT_MAX];
	int len;

	if (!(s->flags & XQ_STEP_MAINLINE) || !s->after)
		return XQ_WALK_STOP;
	len = xq_move_format(pos, nd->move, XQ_NOTATION_WXF, 0, buf, sizeof buf);
	if (len < 0) {
		r->rc = len;
		return XQ_WALK_STOP;
	}
	for (int k = 0; k < nd->nnags; k++) {
		static const char *const marks[] = { "", "!", "?", "!!", "??", "!?", "?!" };
		if (nd->nags[k] >= 1 && nd->nags[k] <= 6 && (size_t)len + 2 < sizeof buf) {
			strcat(buf, marks[nd->nags[k]]);
			len = (int)strlen(buf);
		}
	}
	if (pos->side == XQ_RED || s->ply == 1) {
		if (r->onrow == 2) {
			xq_writer_newline(r->w);
			r->onrow = 0;
		}
		xq_writer_printf(r->w, "%s%2d.  %s", r->onrow ? "    " : "", r->moveno,
				 pos->side == XQ_RED ? "" : "....  ");
		r->onrow++;
	}
	xq_writer_printf(r->w, "%-4s", buf);
	if (pos->side == XQ_RED)
		xq_writer_put(r->w, "  ", 2);
	else
		r->moveno++;
	return XQ_WALK_NEXT;
}

static int xiexie_write(struct xq_writer *w, const struct xq_game *g)
{
	struct xiexie_rows rows = { 0 };
	const char *v, *res;
	int onrow, rc;
	long comments = 0, variations = 0;

	if (!(g->flags & XQ_GAME_REPLAYED))
		return XQ_EINVAL;
	if (g->flags & XQ_GAME_SETUP) {
		xq_writer_problem(w, g, XQ_SEV_ERROR, XQ_P_FEN,
				  "a XieXie file starts from the usual position: a game from a FEN cannot be written");
		return XQ_EINVAL;
	}
	put_header(w, "FORMAT", "WXF", "");
	put_header(w, "GAME", xq_game_tag_known(g, "Event"), "");
	put_header(w, "RED", xq_game_tag_known(g, "Red"), ";;;");
	put_header(w, "BLACK", xq_game_tag_known(g, "Black"), ";;;");
	if ((v = xq_game_tag_known(g, "Date")) && strlen(v) == 10 && v[4] == '.' && v[7] == '.' &&
	    !strchr(v, '?')) {
		char d[11] = { v[8], v[9], '-', v[5], v[6], '-', v[0], v[1], v[2], v[3], 0 };
		put_header(w, "DATE", d, "");
	} else {
		put_header(w, "DATE", v, "");
	}
	res = xq__mt_game_result(g);
	if (strcmp(res, "*"))
		put_header(w, "RESULT", res, "");
	xq_writer_newline(w);
	xq_writer_put(w, "START{", 6);
	xq_writer_newline(w);
	rows.w = w;
	rows.moveno = 1;
	if (xq_game_walk(g, xiexie_move, &rows) == XQ_ENOMEM)
		return XQ_ENOMEM;
	if (rows.rc < 0)
		return rows.rc;
	onrow = rows.onrow;
	if (onrow)
		xq_writer_newline(w);
	xq_writer_put(w, "}END", 4);
	xq_writer_newline(w);
	/* what the format cannot hold */
	if ((rc = xq__mt_count_extras(g, &comments, &variations)) < 0)
		return rc;
	if (comments || variations)
		xq_writer_problem(w, g, XQ_SEV_WARNING, XQ_P_LIMIT,
				  "a XieXie file holds no comments or variations: %ld comment%s and "
				  "%ld variation%s left out", comments, comments == 1 ? "" : "s",
				  variations, variations == 1 ? "" : "s");
	return xq_writer_newline(w);
}

const struct xq_format xq_format_xiexie = {
	.name = "xiexie",
	.extensions = "wxf",
	.description = "XieXie .wxf files (FORMAT WXF header, START{ WXF moves }END)",
	.flags = 0,
	.sniff = xiexie_sniff,
	.read = xiexie_read,
	.read_end = xq__mt_read_end,
	.write = xiexie_write,
};
