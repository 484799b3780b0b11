/*
 * oldcbl.c - the libraries of early CCBridge versions (magic "CCBridge",
 * a zlib stream of GBK records), not the "CCBridgeLibrary" CBL of cbr.c.
 * Undocumented: the layout below was worked out from three libraries (a
 * collection of master games, annotated openings with variations, endgame
 * problems; shared/corpus/dialects) and is stated in xq-formats(5) with
 * what is known and what is guessed.
 *
 *   file:    "CCBridge", u32 21, u32 1 or 3, u32 unpacked size, zlib stream
 *   stream:  5 strings (library title, ?, ?, author, ?), 38 bytes of two
 *            19-character time stamps, u32 game count, the library's
 *            description (a string, often empty), the games
 *   string:  u32 byte count, GBK bytes (no NUL)
 *   game:    u32 size (of the whole game record), 32 bytes of pieces
 *            (the XQF slot order, red then black; 0x00 absent, else file
 *            1-9 in the high nibble, row 1-10 from the top in the low one),
 *            u32 (1 full game, 4 endgame seen), event string, u32 (1),
 *            7 strings (title, ?, ?, site, date, red, black), u32 result
 *            (1 red wins, 2 black wins, 3 draw, as the games' texts show),
 *            5 strings (annotator, ?, author, author's address, "||"),
 *            1 byte (1), 38 bytes of time stamps, u32 move count, 6-byte
 *            move records (u16 ply, from, to as file 0-8 high nibble and
 *            row 0-9 from the top low nibble, 2 bytes not understood), then
 *            one comment per record, each ended by CR LF
 *   moves:   the main line first (plies 1, 2, 3 ...); a record whose ply
 *            does not follow its predecessor's starts a variation replacing
 *            the move of that ply
 *
 * Where a variation hangs is not written in the file: it is taken to
 * replace the move of its ply on the line read just before it, or, when
 * its first move is not legal there, on that line's parent, and so on up
 * to the main line (a note says when a line could not be placed).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "build.h"
#include "encoding.h"
#include "walk.h"
#include "whole.h"
#include "xq_format.h"
#include "xqf_impl.h"

#define OLDCBL_MAX_PACKED (16u << 20)
#define OLDCBL_MAX_UNPACKED (64u << 20)
#define OLDCBL_HEAD 20

struct oldcbl_state {
	unsigned char *buf;     /* the unpacked stream */
	size_t len, pos;
	long games, index;
	char *library;          /* the library's title, UTF-8 */
	char *description;      /* its description, UTF-8, or NULL */
	int started, done;
};

static uint32_t le32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* A string at *at of b[0..end): its bytes and length; -1 when it runs
 * past end. */
static int get_str(const unsigned char *b, size_t end, size_t *at, const unsigned char **s,
		   size_t *n)
{
	uint32_t k;
	if (*at + 4 > end)
		return -1;
	k = le32(b + *at);
	if (k > end - *at - 4)
		return -1;
	*s = b + *at + 4;
	*n = k;
	*at += 4 + k;
	return 0;
}

/* GBK to UTF-8 in a malloc'd string, a byte that starts no character
 * kept as its raw code point (lib/encoding.h) and reported (what: the
 * field; *warned set once reported, for one warning a kind of string, or
 * warned NULL: each string). */
static char *gbk(const struct xq_build_sink *sink, struct xq_game *g, const unsigned char *s,
		 size_t n, const char *what, int ply, int *warned)
{
	size_t olen, raw_at;
	char *out = xq__decode_lenient(NULL, s, n, &olen, &raw_at);
	if (out && raw_at != (size_t)-1 && !(warned && (*warned)++))
		xq__build_report(sink, g, XQ_SEV_WARNING, XQ_P_ENCODING, XQ_BUILD_NOWHERE, ply, NULL,
				 "%s: byte 0x%02X is no GBK character; kept as U+%06X, written back "
				 "as the byte", what, s[raw_at], (unsigned)(XQ_RAW_BYTE_BASE + s[raw_at]));
	return out;
}

static int set_tag(const struct xq_build_sink *sink, struct xq_game *g, const char *name,
		   const unsigned char *s, size_t n)
{
	char *v;
	int rc;
	while (n && (s[0] == ' '))
		s++, n--;
	while (n && s[n - 1] == ' ')
		n--;
	if (!n)
		return 0;
	if (!(v = gbk(sink, g, s, n, name, 0, NULL)))
		return XQ_ENOMEM;
	rc = xq_game_add_tag(g, name, v);
	free(v);
	return rc;
}

static int oldcbl_load(struct xq_reader *r, struct oldcbl_state *st)
{
	unsigned char *packed;
	size_t len;
	uint32_t want;
	z_stream zs;
	int zrc;

	if ((zrc = xq__read_whole(r, NULL, OLDCBL_MAX_PACKED, "old CCBridge library", &packed,
				  &len)) < 0)
		return zrc;
	if (len < OLDCBL_HEAD || memcmp(packed, "CCBridge", 8)) {
		xq_reader_problem(r, NULL, XQ_SEV_FATAL, XQ_P_FORMAT, 0, 0, 0, NULL,
				  "not an old CCBridge library (no 'CCBridge' header)");
		free(packed);
		return XQ_EINVAL;
	}
	want = le32(packed + 16);
	/* (zlib packs at most about 1032 to 1: a larger claim is no size) */
	if (want == 0 || want > OLDCBL_MAX_UNPACKED || want / 1100 > len) {
		xq_reader_problem(r, NULL, XQ_SEV_FATAL, XQ_P_LIMIT, 0, 0, 0, NULL,
				  "old CCBridge library: unpacked size %u out of range", (unsigned)want);
		free(packed);
		return XQ_ERANGE;
	}
	if (!(st->buf = malloc(want))) {
		free(packed);
		return XQ_ENOMEM;
	}
	memset(&zs, 0, sizeof zs);
	if (inflateInit(&zs) != Z_OK) {
		free(packed);
		return XQ_ENOMEM;
	}
	zs.next_in = packed + OLDCBL_HEAD;
	zs.avail_in = (uInt)(len - OLDCBL_HEAD);
	zs.next_out = st->buf;
	zs.avail_out = want;
	zrc = inflate(&zs, Z_FINISH);
	st->len = want - zs.avail_out;
	inflateEnd(&zs);
	free(packed);
	if (zrc != Z_STREAM_END)
		xq_reader_problem(r, NULL, XQ_SEV_ERROR, XQ_P_TRUNCATED, 0, 0, 0, NULL,
				  "old CCBridge library: the compressed stream is %s after %zu of %u bytes",
				  zrc == Z_OK || zrc == Z_BUF_ERROR ? "cut short" : "corrupt", st->len,
				  (unsigned)want);
	return 0;
}

/* The library header: 5 strings, time stamps, the game count, the
 * description. */
static int oldcbl_header(struct xq_reader *r, struct oldcbl_state *st)
{
	const struct xq_build_sink sink = { xq__build_to_reader, r };
	size_t at = 0;
	const unsigned char *s, *title = NULL, *desc;
	size_t n, tl = 0, dl;
	for (int i = 0; i < 5; i++) {
		if (get_str(st->buf, st->len, &at, &s, &n) < 0)
			goto bad;
		if (i == 0)
			title = s, tl = n;
	}
	at += 38;
	if (at + 4 > st->len)
		goto bad;
	st->games = le32(st->buf + at);
	at += 4;
	if (get_str(st->buf, st->len, &at, &desc, &dl) < 0)
		goto bad;
	st->pos = at;
	if (tl && !(st->library = gbk(&sink, NULL, title, tl, "library title", 0, NULL)))
		return XQ_ENOMEM;
	if (dl) {
		/* line breaks as LF, as every text read */
		char *d = gbk(&sink, NULL, desc, dl, "library description", 0, NULL), *o;
		if (!(st->description = d))
			return XQ_ENOMEM;
		for (o = d; *d; d++)
			if (!(d[0] == '\r' && d[1] == '\n'))
				*o++ = *d;
		*o = '\0';
	}
	return 0;
bad:
	xq__build_report(&sink, NULL, XQ_SEV_FATAL, XQ_P_FORMAT, XQ_BUILD_NOWHERE, 0, NULL,
			 "old CCBridge library: the library header is cut short");
	st->done = 1;
	return XQ_EINVAL;
}

/* The node at ply k on the line ending at last (the root for 0). */
static struct xq_node *at_ply(struct xq_node *last, long last_ply, long k)
{
	while (last && last_ply > k) {
		last = last->parent;
		last_ply--;
	}
	return last;
}

struct oline {
	struct xq_node *last;   /* its last node */
	long last_ply;
	long parent;            /* index of the line it hangs on, -1 main */
};

#define OLDCBL_MAX_LINES 4096

/* The header of a game record past its pieces at *at: the type, the
 * texts and the result, up to the move count.  0, 1 when the record is
 * cut short, or XQ_ENOMEM. */
static int oldcbl_tags(const struct xq_build_sink *sink, struct xq_game *g, const unsigned char *b,
		       size_t end, size_t *at, uint32_t *type, uint32_t *result)
{
	static const char *const names[7] = { "Title", NULL, NULL, "Site", "Date", "Red", "Black" };
	static const char *const after[5] = { "Annotator", NULL, "Author", "Source", NULL };
	const unsigned char *s;
	size_t n;
	int rc;

	if (*at + 4 > end)
		return 1;
	*type = le32(b + *at);
	*at += 4;
	if (get_str(b, end, at, &s, &n) < 0)
		return 1;
	if ((rc = set_tag(sink, g, "Event", s, n)) < 0)
		return rc;
	*at += 4;
	for (int i = 0; i < 7; i++) {
		if (get_str(b, end, at, &s, &n) < 0)
			return 1;
		if (names[i] && (rc = set_tag(sink, g, names[i], s, n)) < 0)
			return rc;
		if (!names[i] && n)
			xq__build_report(sink, g, XQ_SEV_NOTE, XQ_P_TAG, XQ_BUILD_NOWHERE, 0, NULL,
					 "old CCBridge library: text field %d of the game header (meaning unknown) left out",
					 i + 1);
	}
	if (*at + 4 > end)
		return 1;
	*result = le32(b + *at);
	*at += 4;
	for (int i = 0; i < 5; i++) {
		if (get_str(b, end, at, &s, &n) < 0)
			return 1;
		if (after[i] && (rc = set_tag(sink, g, after[i], s, n)) < 0)
			return rc;
	}
	*at += 1 + 38;
	return 0;
}

/* The start position from the pieces, the side from the first move's
 * piece (first: its record, or NULL).  0, or 1 when it is impossible
 * (reported: no moves are read). */
static int oldcbl_start(const struct xq_build_sink *sink, struct xq_game *g, const uint8_t sq[32],
			const unsigned char *first)
{
	char fen[XQ_FEN_MAX + 16];
	struct xq_err err;
	int side = XQ_RED;

	if (xq__xqf_board_fen(sq, fen, XQ_FEN_MAX) < 0) {
		xq__build_report(sink, g, XQ_SEV_ERROR, XQ_P_FEN, XQ_BUILD_NOWHERE, 0, NULL,
				 "old CCBridge library: two pieces on one point; moves not read");
		return 1;
	}
	if (first) {
		unsigned f = first[2];
		int from = (int)(f >> 4) * 10 + (9 - (int)(f & 15));
		for (int i = 0; i < 32; i++)
			if (sq[i] == from && (f >> 4) <= 8 && (f & 15) <= 9)
				side = i >= 16 ? XQ_BLACK : XQ_RED;
	}
	strcat(fen, side == XQ_BLACK ? " b - - 0 1" : " w - - 0 1");
	if (xq_game_set_fen(g, fen, XQ_FEN_LAX, &err) < 0) {
		xq__build_report(sink, g, XQ_SEV_ERROR, XQ_P_FEN, XQ_BUILD_NOWHERE, 0, fen,
				 "old CCBridge library: the start position is impossible: %s; moves not read",
				 err.msg);
		g->flags |= XQ_GAME_BAD_FEN;
		return 1;
	}
	return 0;
}

/* Where a move of ply ply (m: the move, or XQ_MOVE_NONE) hangs, on the
 * lines read so far: the root for the main line's first, after the last
 * move of the latest line when it follows it, else replacing the move of
 * its ply on the latest line where it is legal (on the latest line with a
 * note when on none).  The line it hangs on in *on (-1: none); NULL when
 * it hangs nowhere. */
static struct xq_node *record_parent(const struct xq_build_sink *sink, struct xq_game *g,
				     const struct oline *lines, size_t nlines, long ply, xq_move m,
				     long *on)
{
	struct xq_node *parent = NULL;

	*on = -1;
	if (!nlines)
		return ply == 1 ? &g->root : NULL;
	if (ply == lines[nlines - 1].last_ply + 1) {
		*on = (long)nlines - 1;
		return lines[nlines - 1].last;
	}
	/* a variation: on the line before, else up its parents */
	for (long li = (long)nlines - 1; li >= 0 && !parent; li = lines[li].parent) {
		struct xq_node *an = at_ply(lines[li].last, lines[li].last_ply, ply - 1);
		if (an && lines[li].last_ply >= ply && m && xq__fits(g, an, m)) {
			parent = an;
			*on = li;
		}
	}
	if (!parent && lines[nlines - 1].last_ply >= ply) {
		parent = at_ply(lines[nlines - 1].last, lines[nlines - 1].last_ply, ply - 1);
		*on = (long)nlines - 1;
		xq__build_report(sink, g, XQ_SEV_NOTE, XQ_P_SYNTAX, XQ_BUILD_NOWHERE, (int)ply, NULL,
				 "old CCBridge library: the variation at ply %ld fits no line; "
				 "put on the line before it", ply);
	}
	return parent;
}

/* The comments from b[at] up to end: one a record, CR LF after each, on
 * nodes[i] (NULL: a record left out).  0 or XQ_ENOMEM. */
static int oldcbl_comments(const struct xq_build_sink *sink, struct xq_game *g,
			   const unsigned char *b, size_t end, size_t at, struct xq_node **nodes,
			   uint32_t nm)
{
	int warned = 0, rc;
	for (uint32_t i = 0; i < nm && at < end; i++) {
		size_t e = at;
		while (e + 1 < end && !(b[e] == '\r' && b[e + 1] == '\n'))
			e++;
		if (e + 1 >= end)
			e = end;
		if (e > at && nodes[i]) {
			char *c = gbk(sink, g, b + at, e - at, "comment", 0, &warned);
			if (!c)
				return XQ_ENOMEM;
			rc = xq_node_comment(g, nodes[i], 0, c, strlen(c));
			free(c);
			if (rc < 0)
				return rc;
		}
		at = e + 2;
	}
	return 0;
}

/* The nm move records at b[at..) and the comments after them, up to end:
 * lines of consecutive plies.  0 or XQ_ENOMEM. */
static int oldcbl_moves(const struct xq_build_sink *sink, struct xq_game *g,
			const unsigned char *b, size_t end, size_t at, uint32_t nm)
{
	struct xq_node **nodes = NULL;
	struct oline *lines = NULL;
	size_t nlines = 0;
	int rc = 0;

	if (nm && !(nodes = calloc(nm, sizeof *nodes)))
		return XQ_ENOMEM;
	for (uint32_t i = 0; i < nm; i++) {
		const unsigned char *rec = b + at + 6 * (size_t)i;
		long ply = rec[0] | rec[1] << 8, on;
		unsigned f = rec[2], t = rec[3];
		xq_move m = XQ_MOVE_NONE;
		struct xq_node *parent;
		if ((f >> 4) <= 8 && (f & 15) <= 9 && (t >> 4) <= 8 && (t & 15) <= 9 && f != t)
			m = xq_move_make(XQ_SQ((int)(f >> 4), 9 - (int)(f & 15)),
					 XQ_SQ((int)(t >> 4), 9 - (int)(t & 15)));
		if (ply < 1) {
			xq__build_report(sink, g, XQ_SEV_ERROR, XQ_P_SYNTAX, XQ_BUILD_NOWHERE, 0, NULL,
					 "old CCBridge library: move record %u has ply %ld; the rest left out",
					 i + 1, ply);
			break;
		}
		if (!(parent = record_parent(sink, g, lines, nlines, ply, m, &on))) {
			xq__build_report(sink, g, XQ_SEV_ERROR, XQ_P_SYNTAX, XQ_BUILD_NOWHERE, (int)ply,
					 NULL, "old CCBridge library: move record %u (ply %ld) hangs on no line; "
					 "the rest left out", i + 1, ply);
			break;
		}
		if (!(nodes[i] = xq__build_move(g, parent, m, NULL, 0, XQ_BUILD_NOWHERE))) {
			rc = XQ_ENOMEM;
			goto out;
		}
		if (!m) {
			char txt[8];
			snprintf(txt, sizeof txt, "%02x%02x", f, t);
			nodes[i]->text = xq_game_strdup(g, txt);
		}
		if (on < 0 || ply != lines[on].last_ply + 1 || on != (long)nlines - 1) {
			/* a new line: the main one, or a variation hanging on line on */
			struct oline *nl;
			if (nlines == OLDCBL_MAX_LINES) {
				xq__build_report(sink, g, XQ_SEV_ERROR, XQ_P_LIMIT, XQ_BUILD_NOWHERE,
						 (int)ply, NULL,
						 "old CCBridge library: more than %d variations; the rest left out",
						 OLDCBL_MAX_LINES);
				break;
			}
			if (!(nl = realloc(lines, (nlines + 1) * sizeof *nl))) {
				rc = XQ_ENOMEM;
				goto out;
			}
			lines = nl;
			lines[nlines].parent = on;
			nlines++;
		}
		lines[nlines - 1].last = nodes[i];
		lines[nlines - 1].last_ply = ply;
	}
	rc = oldcbl_comments(sink, g, b, end, at + 6 * (size_t)nm, nodes, nm);
out:
	free(nodes);
	free(lines);
	return rc;
}

static int oldcbl_game(const struct xq_build_sink *sink, struct oldcbl_state *st, struct xq_game *g)
{
	const unsigned char *b = st->buf;
	size_t start = st->pos, end, at;
	uint32_t size, type = 0, result = 0, nm;
	uint8_t sq[32];
	int rc;

	if (start + 4 > st->len)
		return 0;
	size = le32(b + start);
	if (size < 4 + 32 || size > st->len - start) {
		xq__build_report(sink, g, XQ_SEV_ERROR, XQ_P_TRUNCATED, XQ_BUILD_NOWHERE, 0, NULL,
				 "old CCBridge library: game record at byte %zu (size %u) runs past the end",
				 start, (unsigned)size);
		st->done = 1;
		return 1;
	}
	end = start + size;
	st->pos = end;
	at = start + 4;
	/* the pieces */
	for (int i = 0; i < 32; i++) {
		unsigned v = b[at + (size_t)i], x = v >> 4, y = v & 15;
		sq[i] = v && x >= 1 && x <= 9 && y >= 1 && y <= 10 ? (uint8_t)((x - 1) * 10 + (10 - y)) : 0xFF;
	}
	at += 32;
	if ((rc = oldcbl_tags(sink, g, b, end, &at, &type, &result)) != 0 || at + 4 > end)
		goto cut_or_rc;
	nm = le32(b + at);
	at += 4;
	if (nm > (end - at) / 6)
		goto cut_or_rc;
	if (st->library && (rc = xq_game_add_tag(g, "Library", st->library)) < 0)
		return rc;
	if (st->description && (rc = xq_game_add_tag(g, "LibraryDescription", st->description)) < 0)
		return rc;
	/* (another code is read as unknown without a word: the layout is
	 * guessed) */
	if ((rc = xq__build_result(g, xq__build_result_code(NULL, g, result, 3,
							    XQ_BUILD_NOWHERE))) < 0)
		return rc;
	if (type == 4 && (rc = xq_game_set_tag(g, "GameType", "endgame")) < 0)
		return rc;
	if (oldcbl_start(sink, g, sq, nm ? b + at : NULL))
		return 1;
	rc = oldcbl_moves(sink, g, b, end, at, nm);
	return rc < 0 ? rc : 1;
cut_or_rc:
	if (rc < 0)
		return rc;
	xq__build_report(sink, g, XQ_SEV_ERROR, XQ_P_TRUNCATED, XQ_BUILD_NOWHERE, 0, NULL,
			 "old CCBridge library: game record at byte %zu is cut short", start);
	return 1;
}

static int oldcbl_read(struct xq_reader *r, struct xq_game *g)
{
	const struct xq_build_sink sink = { xq__build_to_reader, r };
	struct oldcbl_state *st = *xq_reader_state(r);
	int rc;
	if (!st) {
		if (!(st = calloc(1, sizeof *st)))
			return XQ_ENOMEM;
		*xq_reader_state(r) = st;
	}
	if (!st->started) {
		st->started = 1;
		if ((rc = oldcbl_load(r, st)) < 0) {
			st->done = 1;
			return rc == XQ_EINVAL ? 0 : rc;
		}
		if (oldcbl_header(r, st) < 0)
			return 0;
	}
	if (st->done || st->index >= st->games)
		return 0;
	st->index++;
	return oldcbl_game(&sink, st, g);
}

static void oldcbl_read_end(struct xq_reader *r)
{
	struct oldcbl_state *st = *xq_reader_state(r);
	if (st) {
		free(st->buf);
		free(st->library);
		free(st->description);
	}
	free(st);
	*xq_reader_state(r) = NULL;
}

static int oldcbl_sniff(const unsigned char *head, size_t len, const char *name)
{
	(void)name;
	if (len >= 12 && !memcmp(head, "CCBridge", 8) && le32(head + 8) == 21)
		return 95;
	return 0;
}

const struct xq_format xq_format_oldcbl = {
	.name = "oldcbl",
	.extensions = "cbl",
	.description = "old CCBridge library (magic CCBridge, zlib-compressed GBK records); read only",
	.flags = XQ_FORMAT_BINARY,
	.sniff = oldcbl_sniff,
	.read = oldcbl_read,
	.read_end = oldcbl_read_end,
	.write = NULL,
};
