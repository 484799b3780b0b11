/*
 * pos.c - the position: FEN in and out, piece queries, Zobrist key and the
 * consistency check.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "board.h"

const char *xq_strerror(int code)
{
	switch (code) {
	case XQ_OK: return "success";
	case XQ_EINVAL: return "malformed input";
	case XQ_EILLEGAL: return "illegal move";
	case XQ_ENOMEM: return "out of memory";
	case XQ_EIO: return "input/output error";
	case XQ_ERANGE: return "value out of range";
	case XQ_EAMBIG: return "ambiguous move";
	}
	return "unknown error";
}

__attribute__((format(printf, 4, 5)))
static int fail(struct xq_err *err, int code, int offset, const char *fmt, ...)
{
	if (err) {
		va_list ap;
		err->code = code;
		err->offset = offset;
		va_start(ap, fmt);
		vsnprintf(err->msg, sizeof err->msg, fmt, ap);
		va_end(ap);
	}
	return code;
}

const uint64_t xq__zobrist[16 * 256] = { REP4096(XQ__ZOBRIST) };

#define EMPTY_POINT(i) ((((i) & 15) >= 3 && ((i) & 15) <= 11 && ((i) >> 4) >= 3 && \
			 ((i) >> 4) <= 12) ? 0 : XQ_OFFBOARD)
const uint8_t xq__empty_board[256] = { REP256(EMPTY_POINT, 0) };

static const char piece_letters[] = " KABNRCP";

static const char *const type_names[] = {
	"", "king", "advisor", "elephant", "horse", "chariot", "cannon", "pawn",
};

/* The one table of the piece letters read (FEN, WXF, SAN, xqgrep). */
int xq_type_from_letter(int c)
{
	switch (c) {
	case 'K': return XQ_KING;
	case 'A': return XQ_ADVISOR;
	case 'B': case 'E': return XQ_ELEPHANT;
	case 'N': case 'H': return XQ_HORSE;
	case 'R': return XQ_CHARIOT;
	case 'C': return XQ_CANNON;
	case 'P': return XQ_PAWN;
	}
	return XQ_NONE;
}

/* FEN letter (either case) -> type. */
static int letter_type(char c)
{
	return xq_type_from_letter(c & ~0x20);
}

static const int slot_first[8] = {
	0, SLOT_KING, SLOT_ADVISOR, SLOT_ELEPHANT, SLOT_HORSE, SLOT_CHARIOT,
	SLOT_CANNON, SLOT_PAWN,
};
static const int slot_count[8] = { 0, 1, 2, 2, 2, 2, 2, 5 };

static void clear(struct xq_pos *pos)
{
	memset(pos, 0, sizeof *pos);
	memcpy(pos->board, xq__empty_board, sizeof pos->board);
}

/* Whether a side has a slot left for a piece of this kind. */
static int free_slot(const struct xq_pos *pos, int side, int type)
{
	for (int s = slot_first[type]; s < slot_first[type] + slot_count[type]; s++)
		if (pos->sq_of[side * 16 + s] == 0)
			return 1;
	return 0;
}

/* Put a piece in the first free slot of its kind; -1 if they are full. */
static int place(struct xq_pos *pos, int side, int type, int isq)
{
	for (int s = slot_first[type]; s < slot_first[type] + slot_count[type]; s++) {
		if (pos->sq_of[side * 16 + s] == 0) {
			pos->sq_of[side * 16 + s] = (uint8_t)isq;
			pos->board[isq] = (uint8_t)(SIDE_TAG(side) + s);
			return 0;
		}
	}
	return -1;
}

/* Why a piece can never stand on this point, or NULL if it can. */
static const char *unreachable(int side, int type, int isq)
{
	int f = ISQ_FILE(isq), r = ISQ_RANK(isq);
	int rr = side == XQ_RED ? r : 9 - r; /* rank from its own side */

	switch (type) {
	case XQ_KING:
		return in_palace(isq, side) ? NULL : "outside its palace";
	case XQ_ADVISOR:
		if (in_palace(isq, side) && (f + rr) % 2 == 1)
			return NULL;
		return "off the five advisor points";
	case XQ_ELEPHANT:
		if (rr <= 4 && rr % 2 == 0 && f % 2 == 0 && (f / 2 + rr / 2) % 2 == 1)
			return NULL;
		return "off the seven elephant points";
	case XQ_PAWN:
		if (rr < 3)
			return "behind its starting rank";
		if (rr <= 4 && f % 2 == 1)
			return "on a file it cannot reach before crossing the river";
		return NULL;
	}
	return NULL;
}

/* A side as messages name it: "Red" as a noun, "red" before a piece. */
static const char *const side_names[2][2] = { { "Red", "Black" }, { "red", "black" } };

const char *xq_side_name(enum xq_side s)
{
	return side_names[0][s != XQ_RED];
}

const char *xq_type_name(enum xq_type t)
{
	return (unsigned)t < sizeof type_names / sizeof type_names[0] ? type_names[t] : "";
}

const char *xq__side_adjective(int side)
{
	return side_names[1][side != XQ_RED];
}

void xq_pos_clear(struct xq_pos *pos)
{
	clear(pos);
	pos->side = XQ_RED;
	pos->fullmove = 1;
}

int xq_pos_put(struct xq_pos *pos, int sq, enum xq_side side,
	       enum xq_type type, unsigned flags, struct xq_err *err)
{
	int isq, file = XQ_FILE(sq), rank = XQ_RANK(sq);
	const char *why;

	if (sq < 0 || sq >= 90 || (side != XQ_RED && side != XQ_BLACK) ||
	    type <= XQ_NONE || type > XQ_PAWN)
		return fail(err, XQ_EINVAL, 0, "no such square or piece");
	isq = ISQ(file, rank);
	if (pos->board[isq])
		return fail(err, XQ_EINVAL, 0, "%c%d holds two pieces", 'a' + file, rank);
	if (free_slot(pos, side, type) &&
	    (why = unreachable(side, type, isq)) &&
	    (type == XQ_KING || !(flags & XQ_FEN_LAX)))
		return fail(err, XQ_EINVAL, 0, "%s %s on %c%d: %s", xq__side_adjective(side),
			    type_names[type], 'a' + file, rank, why);
	if (place(pos, side, type, isq) < 0)
		return fail(err, XQ_EINVAL, 0, "too many %s %ss (at most %d)",
			    xq__side_adjective(side), type_names[type], slot_count[type]);
	return 0;
}

void xq_pos_set_side(struct xq_pos *pos, enum xq_side side)
{
	pos->side = side == XQ_BLACK ? XQ_BLACK : XQ_RED;
}

int xq_pos_finish(struct xq_pos *pos, struct xq_err *err)
{
	int rk, bk;

	for (int side = 0; side < 2; side++)
		if (!king_isq(pos, side))
			return fail(err, XQ_EINVAL, 0, "no %s king", xq__side_adjective(side));
	pos->key = xq_pos_compute_key(pos);
	/* Kings facing on an open file, or the side not to move in check: both
	 * mean the last move was illegal. */
	rk = king_isq(pos, XQ_RED);
	bk = king_isq(pos, XQ_BLACK);
	if (ISQ_FILE(rk) == ISQ_FILE(bk)) {
		int i = rk + 16;
		while (i != bk && pos->board[i] == 0)
			i += 16;
		if (i == bk)
			return fail(err, XQ_EINVAL, 0, "the kings face each other on the open %c-file",
				    'a' + ISQ_FILE(rk));
	}
	if (xq__attacked(pos, king_isq(pos, !pos->side), pos->side))
		return fail(err, XQ_EINVAL, 0, "%s is in check but it is %s's move",
			    xq_side_name(!pos->side), xq_side_name(pos->side));
	pos->in_check = (uint8_t)xq__attacked(pos, king_isq(pos, pos->side), !pos->side);
	return 0;
}

int xq_pos_from_fen(struct xq_pos *pos, const char *fen, unsigned flags,
		    struct xq_err *err)
{
	const char *p = fen;
	int rank = 9, file = 0;

	xq_pos_clear(pos);
	while (*p == ' ' || *p == '\t')
		p++;
	if (*p == '\0')
		return fail(err, XQ_EINVAL, 0, "empty FEN");
	for (; *p && *p != ' ' && *p != '\t'; p++) {
		int off = (int)(p - fen);
		if (*p == '/') {
			if (file != 9)
				return fail(err, XQ_EINVAL, off, "rank %d has %d files, not 9", rank, file);
			if (rank == 0)
				return fail(err, XQ_EINVAL, off, "more than 10 ranks");
			rank--;
			file = 0;
		} else if (*p >= '1' && *p <= '9') {
			file += *p - '0';
			if (file > 9)
				return fail(err, XQ_EINVAL, off, "rank %d has more than 9 files", rank);
		} else {
			int type = letter_type(*p);
			int side = (*p >= 'a' && *p <= 'z') ? XQ_BLACK : XQ_RED;
			int rc;
			if (type == XQ_NONE || !((*p | 0x20) >= 'a' && (*p | 0x20) <= 'z'))
				return fail(err, XQ_EINVAL, off, "unknown piece letter '%c'", *p);
			if (file >= 9)
				return fail(err, XQ_EINVAL, off, "rank %d has more than 9 files", rank);
			if ((rc = xq_pos_put(pos, XQ_SQ(file, rank), (enum xq_side)side,
					     (enum xq_type)type, flags, err)) < 0) {
				if (err)
					err->offset = off;
				return rc;
			}
			file++;
		}
	}
	if (rank != 0)
		return fail(err, XQ_EINVAL, (int)(p - fen), "only %d ranks, not 10", 10 - rank);
	if (file != 9)
		return fail(err, XQ_EINVAL, (int)(p - fen), "rank 0 has %d files, not 9", file);
	for (int side = 0; side < 2; side++)
		if (!king_isq(pos, side))
			return fail(err, XQ_EINVAL, (int)(p - fen), "no %s king", xq__side_adjective(side));

	/* Side to move; anything but b is Red, as xqbase advises. */
	while (*p == ' ' || *p == '\t')
		p++;
	pos->side = XQ_RED;
	if (*p) {
		const char *s = p;
		if (*p == 'b' || *p == 'B')
			pos->side = XQ_BLACK;
		else if (!strchr("wWrR", *p))
			return fail(err, XQ_EINVAL, (int)(p - fen), "side to move '%c' is not w, r or b", *p);
		p++;
		if (*p && *p != ' ' && *p != '\t')
			return fail(err, XQ_EINVAL, (int)(s - fen), "side to move is not one letter");
	}

	/* Castling and en passant fields: '-' (anything is skipped), then the
	 * two counters, both optional. */
	pos->halfmove = 0;
	pos->fullmove = 1;
	for (int field = 0; field < 4; field++) {
		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p)
			break;
		if (field >= 2) {
			long v = 0;
			const char *s = p;
			for (; *p >= '0' && *p <= '9'; p++)
				if ((v = v * 10 + (*p - '0')) > 65535)
					return fail(err, XQ_ERANGE, (int)(s - fen), "move counter too large");
			if (*p && *p != ' ' && *p != '\t')
				return fail(err, XQ_EINVAL, (int)(p - fen), "move counter is not a number");
			if (field == 2)
				pos->halfmove = (uint16_t)v;
			else
				pos->fullmove = (uint16_t)(v ? v : 1);
		} else {
			while (*p && *p != ' ' && *p != '\t')
				p++;
		}
	}
	while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
		p++;
	if (*p)
		return fail(err, XQ_EINVAL, (int)(p - fen), "unexpected text after the FEN");

	return xq_pos_finish(pos, err);
}

/* The start position, set directly: readers call this for every game,
 * and parsing the FEN each time showed in profiles. */

/* The start by slot (what place() gives for start_pieces[] in order):
 * king, advisors, elephants, horses, chariots, cannons, pawns, files
 * from a; its key from the same 32 entries of the table, a constant. */
#define START_SLOTS(r, p) \
	ISQ(4, r), ISQ(3, r), ISQ(5, r), ISQ(2, r), ISQ(6, r), ISQ(1, r), ISQ(7, r), \
	ISQ(0, r), ISQ(8, r), ISQ(1, (r) + 2 * (p)), ISQ(7, (r) + 2 * (p)), \
	ISQ(0, (r) + 3 * (p)), ISQ(2, (r) + 3 * (p)), ISQ(4, (r) + 3 * (p)), \
	ISQ(6, (r) + 3 * (p)), ISQ(8, (r) + 3 * (p))
#define SK(side, type, f, r) XQ__ZOBRIST(((side) * 8 + (type)) * 256 + ISQ(f, r))
#define START_KEY_SIDE(s, r, p) \
	(SK(s, XQ_KING, 4, r) ^ SK(s, XQ_ADVISOR, 3, r) ^ SK(s, XQ_ADVISOR, 5, r) ^ \
	 SK(s, XQ_ELEPHANT, 2, r) ^ SK(s, XQ_ELEPHANT, 6, r) ^ SK(s, XQ_HORSE, 1, r) ^ \
	 SK(s, XQ_HORSE, 7, r) ^ SK(s, XQ_CHARIOT, 0, r) ^ SK(s, XQ_CHARIOT, 8, r) ^ \
	 SK(s, XQ_CANNON, 1, (r) + 2 * (p)) ^ SK(s, XQ_CANNON, 7, (r) + 2 * (p)) ^ \
	 SK(s, XQ_PAWN, 0, (r) + 3 * (p)) ^ SK(s, XQ_PAWN, 2, (r) + 3 * (p)) ^ \
	 SK(s, XQ_PAWN, 4, (r) + 3 * (p)) ^ SK(s, XQ_PAWN, 6, (r) + 3 * (p)) ^ \
	 SK(s, XQ_PAWN, 8, (r) + 3 * (p)))
#define START_KEY (START_KEY_SIDE(XQ_RED, 0, 1) ^ START_KEY_SIDE(XQ_BLACK, 9, -1))

/* The board of the start, point by point: the back ranks by file (the
 * slots of START_SLOTS()), the cannons, the pawns; 0 or XQ_OFFBOARD
 * elsewhere. */
#define BACK_SLOT(f) ((f) == 4 ? 0 : (f) == 3 ? 1 : (f) == 5 ? 2 : (f) == 2 ? 3 : (f) == 6 ? 4 : \
		      (f) == 1 ? 5 : (f) == 7 ? 6 : (f) == 0 ? 7 : 8)
#define START_PIECE(tag, f, rr)                                                        \
	((rr) == 0 ? (tag) + BACK_SLOT(f) :                                              \
	 (rr) == 2 && ((f) == 1 || (f) == 7) ? (tag) + ((f) == 1 ? 9 : 10) :             \
	 (rr) == 3 && (f) % 2 == 0 ? (tag) + 11 + (f) / 2 : 0)
#define START_POINT(i)                                                                  \
	(EMPTY_POINT(i) ? XQ_OFFBOARD :                                                   \
	 ((i) >> 4) - 3 <= 4 ? START_PIECE(TAG_RED, ((i) & 15) - 3, ((i) >> 4) - 3) :     \
	 START_PIECE(TAG_BLACK, ((i) & 15) - 3, 9 - (((i) >> 4) - 3)))
/* static: its padding is zero, and positions are compared whole */
static const struct xq_pos start_position = {
	.board = { REP256(START_POINT, 0) },
	.sq_of = { START_SLOTS(0, 1), START_SLOTS(9, -1) },
	.side = XQ_RED,
	.fullmove = 1,
	.key = START_KEY,
};

void xq_pos_start(struct xq_pos *pos)
{
	memcpy(pos, &start_position, sizeof *pos);
}

int xq_pos_to_fen(const struct xq_pos *pos, char *buf, size_t size)
{
	char tmp[XQ_FEN_MAX];
	int n = 0;

	for (int rank = 9; rank >= 0; rank--) {
		int empty = 0;
		for (int file = 0; file < 9; file++) {
			uint8_t v = pos->board[ISQ(file, rank)];
			if (v == 0) {
				empty++;
				continue;
			}
			if (empty)
				tmp[n++] = (char)('0' + empty);
			empty = 0;
			tmp[n++] = (char)(piece_letters[piece_type(v)] | (PIECE_SIDE(v) ? 0x20 : 0));
		}
		if (empty)
			tmp[n++] = (char)('0' + empty);
		if (rank)
			tmp[n++] = '/';
	}
	n += snprintf(tmp + n, sizeof tmp - (size_t)n, " %c - - %u %u",
		      pos->side == XQ_RED ? 'w' : 'b', pos->halfmove, pos->fullmove);
	if ((size_t)n >= size)
		return XQ_ERANGE;
	memcpy(buf, tmp, (size_t)n + 1);
	return n;
}

enum xq_type xq_piece_type(const struct xq_pos *pos, int sq)
{
	uint8_t v = pos->board[sq_to_isq(sq)];
	return v ? (enum xq_type)piece_type(v) : XQ_NONE;
}

enum xq_side xq_piece_side(const struct xq_pos *pos, int sq)
{
	return (enum xq_side)PIECE_SIDE(pos->board[sq_to_isq(sq)]);
}

char xq_piece_letter(const struct xq_pos *pos, int sq)
{
	uint8_t v = pos->board[sq_to_isq(sq)];
	if (!v)
		return 0;
	return (char)(piece_letters[piece_type(v)] | (PIECE_SIDE(v) ? 0x20 : 0));
}

int xq_king_square(const struct xq_pos *pos, enum xq_side side)
{
	return isq_to_sq(king_isq(pos, side));
}

uint64_t xq_pos_compute_key(const struct xq_pos *pos)
{
	uint64_t key = pos->side == XQ_BLACK ? ZOBRIST_SIDE : 0;
	for (int i = 0; i < 256; i++) {
		uint8_t v = pos->board[i];
		if (v && v != XQ_OFFBOARD)
			key ^= zobrist_of(v, i);
	}
	return key;
}

int xq_pos_same(const struct xq_pos *a, const struct xq_pos *b)
{
	if (a->key != b->key || a->side != b->side)
		return 0;
	for (int r = 0; r < 10; r++)
		for (int f = 0; f < 9; f++) {
			uint8_t x = a->board[ISQ(f, r)], y = b->board[ISQ(f, r)];
			if (!x != !y)
				return 0;
			if (x && (PIECE_SIDE(x) != PIECE_SIDE(y) || piece_type(x) != piece_type(y)))
				return 0;
		}
	return 1;
}

int xq_pos_check(const struct xq_pos *pos)
{
	int seen = 0;
	for (int i = 0; i < 256; i++) {
		uint8_t v = pos->board[i];
		if (!in_board(i)) {
			if (v != XQ_OFFBOARD)
				return XQ_EINVAL;
			continue;
		}
		if (v == 0)
			continue;
		if (v & ~(TAG_RED | TAG_BLACK | 15) || (v & TAG_RED && v & TAG_BLACK))
			return XQ_EINVAL;
		if (pos->sq_of[PIECE_SIDE(v) * 16 + PIECE_SLOT(v)] != i)
			return XQ_EINVAL;
		seen++;
	}
	for (int id = 0; id < 32; id++) {
		int isq = pos->sq_of[id];
		if (isq == 0)
			continue;
		if (pos->board[isq] != SIDE_TAG(id / 16) + id % 16)
			return XQ_EINVAL;
		seen--;
	}
	if (seen != 0 || !king_isq(pos, XQ_RED) || !king_isq(pos, XQ_BLACK))
		return XQ_EINVAL;
	if (pos->key != xq_pos_compute_key(pos))
		return XQ_EINVAL;
	if (pos->in_check != xq__attacked(pos, king_isq(pos, pos->side), !pos->side))
		return XQ_EINVAL;
	return 0;
}
