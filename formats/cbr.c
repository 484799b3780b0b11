/*
 * cbr.c - CCBridge (象棋桥) binary records: CBR (one game) and the CBL
 * library of CBR images (shared/docs/notation.md section 8.2).  Board,
 * moves, variations and comments; the moves are built as the file gives
 * them (with the byte offset of each record), replay checks them.  The
 * XML export, CBF, is formats/cbf.c.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "utf8.h"
#include "build.h"
#include "whole.h"
#include "xq_format.h"

/* The largest file read (xq-formats(5)), as for CBF. */
#define CBR_MAX_SIZE (64u << 20)

/*
 * CBR (one game) and CBL (a library of CBR images).  What section 8.2, the
 * corpus samples and public readers of the layout establish: a 2214-byte
 * header holding, as NUL-ended UTF-16LE, the title (128 bytes at 180), the
 * event (64 at 692), Red (64 at 1076) and Black (64 at 1300); the result
 * at byte 2076 (0 unknown, 1 red won, 2 black won, 3 a draw); the side to
 * move at 2116 (1 red; every sample has 1); the 90-byte board at 2120 (row
 * * 9 + column from the top left; 0x11-0x17 red 车马相仕帅炮兵, 0x21-0x27
 * black).  The header's other bytes hold no record data (uninitialised
 * memory in the samples) and are not read.  Then a u32 byte count and the
 * UTF-16LE start comment, then 4-byte move records (flags, unused, from,
 * to; squares row * 9 + column from the top), flag 1 = the line ends here,
 * 2 = an alternative follows after this line, 4 = a comment follows (u32
 * byte count, UTF-16LE text); records in pre-order.
 * CBL: the library's name (512 bytes of UTF-16LE at 64), the capacity of
 * its index at byte 60, then records of 4096 bytes: from byte 101952 for
 * an index of at most 128 games; for a larger index the records start at
 * the first record magic after the index whose distance to the end of the
 * file is a whole number of records.
 * A record whose board is not at 2120 but 256 bytes earlier is a variant
 * with a shorter header that no public description covers: refused by name.
 */
#define CBR_TITLE 180
#define CBR_EVENT 692
#define CBR_RED 1076
#define CBR_BLACK 1300
#define CBR_RESULT 2076
#define CBR_SIDE 2116
#define CBR_BOARD 2120
#define CBR_HEADER 2214
#define CBR_SHORT_BOARD (CBR_BOARD - 256)
#define CBL_NAME 64
#define CBL_NAME_SIZE 512
#define CBL_INDEX_END 576
#define CBL_FIRST 101952
#define CBL_RECORD 4096

struct cbr_state {
	unsigned char *buf;
	size_t len, first, next;
	char *library;          /* a CBL's name, UTF-8, or NULL */
	int lib, done;
};

static int cbr_sniff(const unsigned char *head, size_t len, const char *name)
{
	if (len >= 16 && (!memcmp(head, "CCBridge Record\0", 16) ||
			  !memcmp(head, "CCBridgeLibrary\0", 16)))
		return 95;
	return 0;
}

static uint32_t le32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* UTF-16LE to UTF-8 in a malloc'd string; stops at a NUL; CR LF becomes
 * LF.  An unpaired surrogate has no character: it becomes U+FFFD and is
 * counted in *bad, for the caller to report. */
static char *utf16_text(const unsigned char *p, size_t n, int *bad)
{
	char *o = malloc(n / 2 * 3 + 1);
	size_t k = 0;
	if (!o)
		return NULL;
	for (size_t i = 0; i + 1 < n; i += 2) {
		uint32_t c = (uint32_t)(p[i] | p[i + 1] << 8);
		if (c == 0)
			break;
		if (c == '\r')
			continue;
		if (c >= 0xD800 && c <= 0xDBFF && i + 3 < n) {
			uint32_t d = (uint32_t)(p[i + 2] | p[i + 3] << 8);
			if (d >= 0xDC00 && d <= 0xDFFF) {
				c = 0x10000 + ((c - 0xD800) << 10) + (d - 0xDC00);
				i += 2;
			} else {
				c = 0xFFFD;
				++*bad;
			}
		} else if (c >= 0xD800 && c <= 0xDFFF) {
			c = 0xFFFD;
			++*bad;
		}
		/* at most 3 bytes for 2 input bytes, 4 for a pair's 4 */
		k += xq__utf8_put(o + k, c);
	}
	o[k] = '\0';
	return o;
}

/* The UTF-16LE text p[0..n) at file offset off as UTF-8 in *out (malloc'd;
 * NULL when empty); unpaired surrogates reported as a warning naming what.
 * 0 or XQ_ENOMEM. */
static int cbr_text(const struct xq_build_sink *s, struct xq_game *g, const unsigned char *p,
		    size_t n, size_t off, int ply, const char *what, char **out)
{
	int bad = 0;
	char *t = utf16_text(p, n, &bad);
	*out = NULL;
	if (!t)
		return XQ_ENOMEM;
	if (bad)
		xq__build_report(s, g, XQ_SEV_WARNING, XQ_P_ENCODING, XQ_BUILD_BYTE(off), ply, NULL,
				 "%s: %d unpaired UTF-16 surrogate%s, each read as U+FFFD", what,
				 bad, bad == 1 ? "" : "s");
	if (*t)
		*out = t;
	else
		free(t);
	return 0;
}

static int cbr_comment(const struct xq_build_sink *s, struct xq_game *g, struct xq_node *n,
		       const unsigned char *p, size_t len, size_t *at, size_t base, int ply)
{
	uint32_t cl;
	char *t;
	if (len - *at < 4) {
		xq__build_report(s, g, XQ_SEV_ERROR, XQ_P_TRUNCATED, XQ_BUILD_BYTE(base + *at), ply,
				 NULL, "the record ends inside a comment length");
		return -1;
	}
	cl = le32(p + *at);
	if (cl > len - *at - 4) {
		xq__build_report(s, g, XQ_SEV_ERROR, XQ_P_TRUNCATED, XQ_BUILD_BYTE(base + *at), ply,
				 NULL, "comment length %u runs past the end of the record",
				 (unsigned)cl);
		return -1;
	}
	if (cbr_text(s, g, p + *at + 4, cl, base + *at + 4, ply, "comment", &t) < 0)
		return XQ_ENOMEM;
	if (t && xq_node_comment(g, n, 0, t, strlen(t)) < 0) {
		free(t);
		return XQ_ENOMEM;
	}
	free(t);
	*at += 4 + cl;
	return 0;
}

/* The start position of a CBR image: its board, the side from the piece
 * on the first move's origin.  0, or 1 when it cannot be read (reported:
 * the record is not read). */
static int cbr_start(const struct xq_build_sink *s, struct xq_game *g, const unsigned char *p,
		     size_t len, size_t base)
{
	static const char letters[] = "RHBAKCP";
	char board[10][9], fen[XQ_FEN_MAX + 16];
	struct xq_err err;

	memset(board, 0, sizeof board);
	for (int i = 0; i < 90; i++) {
		unsigned v = p[CBR_BOARD + i];
		if (!v)
			continue;
		if ((v >> 4 != 1 && v >> 4 != 2) || (v & 15) < 1 || (v & 15) > 7) {
			xq__build_report(s, g, XQ_SEV_ERROR, XQ_P_FEN,
					 XQ_BUILD_BYTE(base + CBR_BOARD + (size_t)i), 0, NULL,
					 "piece code 0x%02X unknown; the record is not read", v);
			return 1;
		}
		board[i / 9][i % 9] = (char)(v >> 4 == 1 ? letters[(v & 15) - 1]
							 : letters[(v & 15) - 1] + 32);
	}
	{
		size_t k = 0;
		for (int row = 0; row < 10; row++) {
			int empty = 0;
			for (int c = 0; c < 9; c++) {
				if (!board[row][c]) {
					empty++;
					continue;
				}
				if (empty)
					fen[k++] = (char)('0' + empty);
				empty = 0;
				fen[k++] = board[row][c];
			}
			if (empty)
				fen[k++] = (char)('0' + empty);
			if (row < 9)
				fen[k++] = '/';
		}
		fen[k] = 0;
	}
	/* side: the colour on the first move's origin (after the comment);
	 * without a move, the header's side field (2: black) */
	{
		uint32_t cl = le32(p + CBR_HEADER);
		size_t first = CBR_HEADER + 4 + (size_t)cl;
		int side = p[CBR_SIDE] == 2;
		if (cl <= len - CBR_HEADER - 4 && len - first >= 4 && (p[first + 2] | p[first + 3]) &&
		    p[first + 2] < 90 && board[p[first + 2] / 9][p[first + 2] % 9]) {
			char c = board[p[first + 2] / 9][p[first + 2] % 9];
			side = c >= 'a';
		}
		strcat(fen, side ? " b - - 0 1" : " w - - 0 1");
		if (xq_game_set_fen(g, fen, XQ_FEN_LAX, &err) < 0) {
			xq__build_report(s, g, XQ_SEV_ERROR, XQ_P_FEN,
					 XQ_BUILD_BYTE(base + CBR_BOARD), 0, NULL,
					 "the board is impossible: %s", err.msg);
			return 1;
		}
	}
	return 0;
}

/* The move records of a CBR image from at on, in pre-order: flag 1 ends
 * a line, 2 says an alternative follows after it, 4 that a comment
 * follows.  0 or a negative XQ_E*. */
static int cbr_moves(const struct xq_build_sink *s, struct xq_game *g, const unsigned char *p,
		     size_t len, size_t at, size_t base, int padded)
{
	struct pend {
		struct xq_node *parent; /* NULL: below a move left out */
		size_t depth;
	} *pend = NULL;
	size_t npend = 0, depth = 0, maxn, nrec = 0;
	struct xq_node *parent;
	int rc = 0, ply = 0, more;

	maxn = (len - at) / 4 + 1;
	if (maxn > XQ_MAX_GAME_MOVES + 1)
		maxn = XQ_MAX_GAME_MOVES + 1;
	if (!(pend = malloc(maxn * sizeof *pend)))
		return XQ_ENOMEM;
	parent = &g->root;
	/* no moves: nothing after the comment, or an empty first record */
	more = len - at >= 4 && (p[at + 2] | p[at + 3]) != 0;
	while (more) {
		unsigned flags, from, to;
		size_t rec = at;
		struct xq_node *n = NULL;
		if (++nrec > XQ_MAX_GAME_MOVES) {
			xq__build_too_many(s, g, XQ_BUILD_BYTE(base + at), ply + 1);
			break;
		}
		if (len - at < 4) {
			xq__build_report(s, g, XQ_SEV_ERROR, XQ_P_TRUNCATED,
					 XQ_BUILD_BYTE(base + at), ply + 1, NULL,
					 "the record ends inside a move");
			break;
		}
		flags = p[at];
		from = p[at + 2];
		to = p[at + 3];
		at += 4;
		/* the move hangs on parent (records are in pre-order); it is
		 * added as the file gives it, for replay to check: only a
		 * square off the board is no move at all */
		ply = (int)depth + 1;
		if (parent) {
			if (from < 90 && to < 90) {
				char iccs[5];
				xq_move m = xq_move_make(XQ_SQ(from % 9, 9 - from / 9),
							 XQ_SQ(to % 9, 9 - to / 9));
				xq_move_iccs(m, iccs);
				if (!(n = xq__build_move(g, parent, m, iccs, 4, XQ_BUILD_BYTE(base + rec)))) {
					rc = XQ_ENOMEM;
					break;
				}
			} else {
				xq__build_report(s, g, XQ_SEV_ERROR, XQ_P_ILLEGAL,
						 XQ_BUILD_BYTE(base + rec), ply, NULL,
						 "square %u off the board; the move and those below it left out",
						 from < 90 ? to : from);
			}
		}
		if (flags & 4) {
			struct xq_node dummy;
			memset(&dummy, 0, sizeof dummy);
			if ((rc = cbr_comment(s, g, n ? n : &dummy, p, len, &at, base, ply)) != 0) {
				rc = rc < -1 ? rc : 0;
				break;
			}
		}
		if (flags & 2)
			pend[npend++] = (struct pend){ parent, depth };
		if (!(flags & 1)) {
			depth++;
			parent = n;     /* NULL below a move left out */
		} else if (npend) {
			npend--;
			parent = pend[npend].parent;
			depth = pend[npend].depth;
		} else {
			more = 0;
		}
	}
	if (!padded && rc == 0 && !more && at < len)
		xq__build_report(s, g, XQ_SEV_WARNING, XQ_P_SYNTAX, XQ_BUILD_BYTE(base + at), 0,
				 NULL, "%zu bytes after the last move record ignored", len - at);
	free(pend);
	return rc;
}

/* The header's text fields and result as tags. 0 or XQ_ENOMEM. */
static int cbr_tags(const struct xq_build_sink *s, struct xq_game *g, const unsigned char *p,
		    size_t base, const char *library)
{
	static const struct {
		const char *tag;
		size_t at, size;
	} fields[] = {
		{ "Title", CBR_TITLE, 128 }, { "Event", CBR_EVENT, 64 },
		{ "Red", CBR_RED, 64 }, { "Black", CBR_BLACK, 64 },
	};

	for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) {
		char *t;
		int rc;
		if (cbr_text(s, g, p + fields[i].at, fields[i].size, base + fields[i].at, 0,
			     fields[i].tag, &t) < 0)
			return XQ_ENOMEM;
		rc = t ? xq_game_set_tag(g, fields[i].tag, t) : 0;
		free(t);
		if (rc < 0)
			return XQ_ENOMEM;
	}
	if (library && xq_game_set_tag(g, "Library", library) < 0)
		return XQ_ENOMEM;
	return xq__build_result(g, xq__build_result_code(s, g, p[CBR_RESULT], 3,
							 XQ_BUILD_BYTE(base + CBR_RESULT)));
}

/* One CBR image p[0..len) at file offset base. */
static int cbr_game(const struct xq_build_sink *s, struct xq_game *g, const unsigned char *p,
		    size_t len, size_t base, int padded, const char *library)
{
	size_t at = CBR_HEADER + 0;
	int rc;

	xq__build_result(g, "*");
	if (len < CBR_HEADER + 4) {
		xq__build_report(s, g, XQ_SEV_ERROR, XQ_P_TRUNCATED, XQ_BUILD_BYTE(base + len), 0,
				 NULL, "a CBR record has at least %d bytes, this one %zu",
				 CBR_HEADER + 4, len);
		return 0;
	}
	if ((rc = cbr_tags(s, g, p, base, library)) < 0)
		return rc;
	if (cbr_start(s, g, p, len, base))
		return 0;
	/* the start comment */
	if ((rc = cbr_comment(s, g, &g->root, p, len, &at, base, 0)) != 0)
		return rc < -1 ? rc : 0;
	return cbr_moves(s, g, p, len, at, base, padded);
}

/* Whether the 90 bytes at p are a board: known piece codes, one king a
 * side. */
static int cbr_is_board(const unsigned char *p)
{
	int kings[2] = { 0, 0 };
	for (int i = 0; i < 90; i++) {
		unsigned v = p[i];
		if (!v)
			continue;
		if ((v >> 4 != 1 && v >> 4 != 2) || (v & 15) < 1 || (v & 15) > 7)
			return 0;
		if ((v & 15) == 5)
			kings[(v >> 4) - 1]++;
	}
	return kings[0] == 1 && kings[1] == 1;
}

/* The offset of a CBL's first record: 101952 for an index of at most 128
 * games, else the first record magic after the index from which whole
 * records reach the end of the file; 0 when there is none. */
static size_t cbl_first(const unsigned char *b, size_t len, uint32_t capacity)
{
	if (capacity <= 128)
		return CBL_FIRST;
	for (size_t off = CBL_INDEX_END; off + 16 <= len; off++) {
		const unsigned char *m = memchr(b + off, 'C', len - off);
		if (!m)
			break;
		off = (size_t)(m - b);
		if (off + 16 <= len && !memcmp(m, "CCBridge Record\0", 16) && (len - off) % CBL_RECORD == 0)
			return off;
	}
	return 0;
}

/* A record whose board is where the shorter-header variant has it, and
 * not where this layout has it. */
static int cbr_short_header(const unsigned char *p, size_t len)
{
	return len >= CBR_BOARD + 90 && !cbr_is_board(p + CBR_BOARD) && cbr_is_board(p + CBR_SHORT_BOARD);
}

static int cbr_open_library(struct xq_reader *r, struct xq_game *g, struct cbr_state *st)
{
	const struct xq_build_sink sink = { xq__build_to_reader, r };
	uint32_t capn = st->len >= 64 ? le32(st->buf + 60) : 0;
	char *name;

	if (capn == 0) {
		xq_reader_problem(r, g, XQ_SEV_FATAL, XQ_P_FORMAT, 0, 0, 0, NULL,
				  "CBL library with an empty index (capacity 0 at byte 60): not a library");
		return XQ_EINVAL;
	}
	if (st->len < CBL_INDEX_END) {
		xq_reader_problem(r, g, XQ_SEV_FATAL, XQ_P_TRUNCATED, 0, 0, 0, NULL,
				  "CBL library of %zu bytes ends inside its header (%d bytes)",
				  st->len, CBL_INDEX_END);
		return XQ_EINVAL;
	}
	st->first = cbl_first(st->buf, st->len, capn);
	if (!st->first) {
		xq_reader_problem(r, g, XQ_SEV_FATAL, XQ_P_TRUNCATED, 0, 0, 0, NULL,
				  "CBL library of %zu bytes: no whole record after its index", st->len);
		return XQ_EINVAL;
	}
	if (st->len < st->first + CBR_HEADER) {
		xq_reader_problem(r, g, XQ_SEV_FATAL, XQ_P_TRUNCATED, 0, 0, 0, NULL,
				  "CBL library of %zu bytes ends before its first record (byte %zu)",
				  st->len, st->first);
		return XQ_EINVAL;
	}
	if (cbr_text(&sink, g, st->buf + CBL_NAME, CBL_NAME_SIZE, CBL_NAME, 0, "library name", &name) < 0)
		return XQ_ENOMEM;
	st->library = name;
	st->next = st->first;
	return 0;
}

static int cbr_read(struct xq_reader *r, struct xq_game *g)
{
	const struct xq_build_sink sink = { xq__build_to_reader, r };
	struct cbr_state *st = *xq_reader_state(r);
	size_t off;
	int rc;

	if (!st) {
		if (!(st = calloc(1, sizeof *st)))
			return XQ_ENOMEM;
		*xq_reader_state(r) = st;
		if ((rc = xq__read_whole(r, g, CBR_MAX_SIZE, "file", &st->buf, &st->len)) < 0)
			return rc;
		st->lib = st->len >= 16 && !memcmp(st->buf, "CCBridgeLibrary\0", 16);
		if (st->lib) {
			if ((rc = cbr_open_library(r, g, st)) < 0)
				return rc;
		} else if (st->len < 16 || memcmp(st->buf, "CCBridge Record\0", 16)) {
			xq_reader_problem(r, g, XQ_SEV_FATAL, XQ_P_FORMAT, 0, 0, 0, NULL,
					  "no CCBridge magic: not a CBR or CBL file");
			return XQ_EINVAL;
		}
		if (cbr_short_header(st->buf + st->next, st->len - st->next)) {
			xq_reader_problem(r, g, XQ_SEV_FATAL, XQ_P_FORMAT, 0, 0, 0, NULL,
					  "CBR record with the board at byte %d, a header 256 bytes shorter than "
					  "the layout read (a variant with no public description): not read",
					  CBR_SHORT_BOARD);
			return XQ_EINVAL;
		}
	}
	if (st->done)
		return 0;
	off = st->next;
	if (!st->lib) {
		st->done = 1;
		rc = cbr_game(&sink, g, st->buf, st->len, 0, 0, NULL);
		return rc < 0 ? rc : 1;
	}
	/* the next record of the library: count them, do not trust titles */
	for (;;) {
		int empty = 1;
		if (off >= st->len || st->len - off < 16 ||
		    memcmp(st->buf + off, "CCBridge Record\0", 16)) {
			st->done = 1;
			return 0;
		}
		for (size_t i = 0; i < 90 && off + CBR_BOARD + i < st->len; i++)
			if (st->buf[off + CBR_BOARD + i])
				empty = 0;
		if (!empty)
			break;
		xq_reader_problem_at(r, NULL, XQ_SEV_NOTE, XQ_P_SYNTAX, (long)off, 0, NULL,
				     "library record %zu has an empty board (no game); skipped",
				     (off - st->first) / CBL_RECORD + 1);
		off += CBL_RECORD;
	}
	st->next = off + CBL_RECORD;
	rc = cbr_game(&sink, g, st->buf + off, st->len - off < CBL_RECORD ? st->len - off : CBL_RECORD,
		      off, 1, st->library);
	return rc < 0 ? rc : 1;
}

static void cbr_read_end(struct xq_reader *r)
{
	struct cbr_state *st = *xq_reader_state(r);
	if (st) {
		free(st->buf);
		free(st->library);
	}
	free(st);
	*xq_reader_state(r) = NULL;
}

const struct xq_format xq_format_cbr = {
	.name = "cbr",
	.extensions = "cbr cbl",
	.description = "CCBridge binary record and library (CBR, CBL): board, moves, variations, comments",
	.flags = XQ_FORMAT_BINARY,
	.sniff = cbr_sniff,
	.read = cbr_read,
	.read_end = cbr_read_end,
};
