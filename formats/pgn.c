/*
 * pgn.c - xiangqi PGN as real files write it (notation.md section 6):
 * xqbase tags, movetext in any notation, every move-number form, comments,
 * nested variations, NAGs, results and Chinese result words, games without
 * tags, junk after the result.  The writer follows 11.3: [Game] first, the
 * roster tags, a truthful [Format], [FEN] for set-ups, lines of 80 columns.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "movetext.h"

#define TAIL_MAX 4096

struct pgn_state {
	struct mt mt;
	char tail[TAIL_MAX];
	size_t tail_len;
};
/* xq__mt_read_end() frees the state through its struct mt */
_Static_assert(offsetof(struct pgn_state, mt) == 0, "struct mt comes first");

static void tail_add(struct pgn_state *st, const char *s, size_t n)
{
	size_t len = n;
	s = xq__mt_skip_space(s, &len);
	if (!len)
		return;
	if (st->tail_len && st->tail_len < TAIL_MAX - 1)
		st->tail[st->tail_len++] = '\n';
	if (len > TAIL_MAX - 1 - st->tail_len)
		len = TAIL_MAX - 1 - st->tail_len;
	memcpy(st->tail + st->tail_len, s, len);
	st->tail_len += len;
}

static int pgn_read(struct xq_reader *r, struct xq_game *g)
{
	struct pgn_state *st = xq__mt_state(r, sizeof *st);
	const char *s;
	size_t len;
	int rc, any = 0, movetext = 0, prev_blank = 0, in_tag = 0;
	long fen_line = 0;

	if (!st)
		return XQ_ENOMEM;
	st->tail_len = 0;
	xq__mt_begin(&st->mt, r, g);
	while ((rc = xq_reader_getline(r, &s, &len)) > 0) {
		long ln = xq_reader_line(r);
		const char *t;
		size_t tl = len;

		if (xq_reader_line_continues(r) && in_tag) {
			/* the rest of a tag line split at the line limit: not a
			 * game of its own */
			if (in_tag == 1)
				xq_reader_problem(r, g, XQ_SEV_WARNING, XQ_P_LIMIT, ln, 0, 0, NULL,
						  "tag line longer than the limit of %d bytes: the rest of it ignored",
						  XQ_MAX_LINE_BYTES);
			in_tag = 2;
			continue;
		}
		in_tag = 0;
		if (st->mt.in_comment && !st->mt.ended) {
			xq__mt_line(&st->mt, s, len, ln);
			continue;
		}
		t = xq__mt_skip_space(s, &tl);
		if (!tl) {
			prev_blank = 1;
			continue;
		}
		if (s[0] == '%')
			continue; /* PGN escape line */
		if (t[0] == '[') {
			if (movetext || st->mt.ended) {
				xq_reader_ungetline(r);
				break;
			}
			if (!any)
				g->line = ln;
			any = 1;
			if (!fen_line && tl > 4 && !memcmp(t, "[FEN", 4))
				fen_line = ln;
			if (xq__mt_tags(r, g, s, len, ln) < 0)
				return XQ_ENOMEM;
			in_tag = 1;
			prev_blank = 0;
			continue;
		}
		if (st->mt.ended) {
			if (xq__mt_starts_game(t, tl)) {
				xq_reader_ungetline(r);
				break;
			}
			tail_add(st, s, len);
			continue;
		}
		if (movetext && prev_blank && st->mt.nodes > 0 && st->mt.depth == 0 &&
		    xq__mt_starts_game(t, tl)) {
			xq_reader_ungetline(r);
			break;
		}
		prev_blank = 0;
		if (!any)
			g->line = ln;
		any = 1;
		movetext = 1;
		long end = xq__mt_line(&st->mt, s, len, ln);
		if (end >= 0)
			tail_add(st, s + end, len - (size_t)end);
	}
	rc = xq__mt_finish(&st->mt, rc, any, fen_line);
	if (rc > 0 && !xq_game_tag_known(g, "Red") && xq_game_tag(g, "White")) {
		/* chess software (PyChess, WinBoard) names Red "White" */
		char *v = xq_game_strdup(g, xq_game_tag(g, "White"));
		if (v && xq_game_set_tag(g, "Red", v) == 0)
			xq_game_del_tag(g, "White");
	}
	if (rc > 0 && st->tail_len)
		g->tail = xq_game_strndup(g, st->tail, st->tail_len);
	return rc;
}

/* Confidence that the head is PGN: tag lines are sure; movetext with move
 * numbers is likely. */
static int pgn_sniff(const unsigned char *head, size_t len, const char *name)
{
	size_t n = len;
	const char *s = xq__mt_sniff_start(head, &n);
	(void)name;
	if (n && *s == '[')
		return 80;
	if (n && *s == '{')
		return 50;
	if (xq__mt_starts_game(s, n))
		return 40;
	return 5;
}

/* --------------------------------------------------------------- writer */

static const char *const roster[] = {
	"Event", "Site", "Date", "Round", "Red", "Black",
};

static void put_tag(struct xq_writer *w, const char *name, const char *value)
{
	xq_writer_put(w, "[", 1);
	for (const char *p = name; *p; p++) {
		unsigned char c = (unsigned char)*p;
		/* a name that would not read back as one name */
		xq_writer_put(w, c <= ' ' || c == '[' || c == ']' || c == '"' || c == 0x7f ? "_" : p, 1);
	}
	if (!*name)
		xq_writer_put(w, "_", 1);
	xq_writer_put(w, " \"", 2);
	for (const char *p = value; *p; p++) {
		if (*p == '"' || *p == '\\')
			xq_writer_put(w, "\\", 1);
		if (*p == '\n' || *p == '\r' || *p == '\t')
			xq_writer_put(w, " ", 1);
		else
			xq_writer_put(w, p, 1);
	}
	xq_writer_put(w, "\"]", 2);
	xq_writer_newline(w);
}

static const char *notation_name(enum xq_notation n)
{
	switch (n) {
	case XQ_NOTATION_ICCS: return "ICCS";
	case XQ_NOTATION_WXF: return "WXF";
	case XQ_NOTATION_UCI: return "UCI";
	case XQ_NOTATION_UCI10: return "UCI10";
	default: return "Chinese";
	}
}

static int is_skipped_tag(const char *name)
{
	static const char *const skip[] = {
		"Game", "Format", "FEN", "Result", "Event", "Site", "Date",
		"Round", "Red", "Black",
	};
	for (size_t i = 0; i < sizeof skip / sizeof *skip; i++) {
		const char *a = skip[i], *b = name;
		while (*a && *b && ((*a | 0x20) == (*b | 0x20)))
			a++, b++;
		if (!*a && !*b)
			return 1;
	}
	return 0;
}

static int pgn_write(struct xq_writer *w, const struct xq_game *g)
{
	const struct xq_writer_opts *o = xq_writer_options(w);
	enum xq_notation n = o->notation ? o->notation : XQ_NOTATION_CHINESE;
	const char *result = xq__mt_game_result(g);
	struct fill f;

	if (!(g->flags & XQ_GAME_REPLAYED))
		return XQ_EINVAL;
	put_tag(w, "Game", "Chinese Chess");
	for (size_t i = 0; i < sizeof roster / sizeof *roster; i++) {
		const char *v = xq_game_tag(g, roster[i]);
		if (v)
			put_tag(w, roster[i], v);
		else if (i == 4 || i == 5)
			put_tag(w, roster[i], "?");
	}
	put_tag(w, "Result", result);
	for (const struct xq_tag *t = g->tags; t; t = t->next)
		if (!is_skipped_tag(t->name))
			put_tag(w, t->name, t->value);
	if (g->flags & XQ_GAME_BAD_FEN) {
		/* kept as it was (--keep-broken): the reader reports it again */
		const char *fen = xq_game_tag(g, "FEN");
		if (fen)
			put_tag(w, "FEN", fen);
	} else if (g->flags & XQ_GAME_SETUP) {
		put_tag(w, "FEN", g->start_fen);
	}
	put_tag(w, "Format", notation_name(n));
	xq_writer_newline(w);
	xq__fill_init(&f, w, 80);
	xq__mt_write_moves(&f, g, n, o->notation_flags,
		       !(o->flags & XQ_WRITE_NO_VARIATIONS),
		       !(o->flags & XQ_WRITE_NO_COMMENTS));
	xq__fill_token(&f, result, strlen(result), 0);
	xq__fill_newline(&f);
	xq_writer_newline(w);
	return f.rc;
}

const struct xq_format xq_format_pgn = {
	.name = "pgn",
	.extensions = "pgn",
	.description = "xiangqi PGN (xqbase and the common dialects), any notation",
	.flags = 0,
	.sniff = pgn_sniff,
	.read = pgn_read,
	.read_end = xq__mt_read_end,
	.write = pgn_write,
	.write_end = NULL,
};
