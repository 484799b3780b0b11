/*
 * board.h - internals shared by pos.c and movegen.c: the padded board.
 *
 * The 9x10 board sits in a 16x16 array at files 3..11 and ranks 3..12, so
 * that every step a piece can take (the horse's jump is the longest: two
 * ranks) from a real point lands inside the array, on either a point or
 * the XQ_OFFBOARD padding.  Moving one rank is +16 or -16.
 */
#ifndef XQ_BOARD_H
#define XQ_BOARD_H

#include "mix.h"
#include "xq.h"

#define ISQ(file, rank) (((rank) + 3) * 16 + (file) + 3)
#define ISQ_FILE(isq) (((isq) & 15) - 3)
#define ISQ_RANK(isq) (((isq) >> 4) - 3)

/* board[] values: a piece is its side's tag plus its slot. */
#define TAG_RED 16
#define TAG_BLACK 32
#define SIDE_TAG(side) (16 << (side))
#define PIECE_SLOT(v) ((v) & 15)
#define PIECE_SIDE(v) (((v) >> 5) & 1)

#define FORWARD(side) ((side) == XQ_RED ? 16 : -16)

/* Slot ranges of each kind, see struct xq_pos. */
#define SLOT_KING 0
#define SLOT_ADVISOR 1
#define SLOT_ELEPHANT 3
#define SLOT_HORSE 5
#define SLOT_CHARIOT 7
#define SLOT_CANNON 9
#define SLOT_PAWN 11

static const uint8_t slot_type[16] = {
	XQ_KING, XQ_ADVISOR, XQ_ADVISOR, XQ_ELEPHANT, XQ_ELEPHANT,
	XQ_HORSE, XQ_HORSE, XQ_CHARIOT, XQ_CHARIOT, XQ_CANNON, XQ_CANNON,
	XQ_PAWN, XQ_PAWN, XQ_PAWN, XQ_PAWN, XQ_PAWN,
};

static inline int piece_type(uint8_t v) { return slot_type[PIECE_SLOT(v)]; }

static inline int in_board(int isq)
{
	int f = ISQ_FILE(isq), r = ISQ_RANK(isq);
	return f >= 0 && f < 9 && r >= 0 && r < 10;
}

static inline int in_palace(int isq, int side)
{
	int f = ISQ_FILE(isq), r = ISQ_RANK(isq);
	if (f < 3 || f > 5)
		return 0;
	return side == XQ_RED ? r >= 0 && r <= 2 : r >= 7 && r <= 9;
}

/* On its own half of the river. */
static inline int own_half(int isq, int side)
{
	/* ranks 0-4 are the rows below 8, the indices below 128 */
	return (isq >> 7) == side;
}

/*
 * Zobrist key of one piece kind on one point: a splitmix64 hash of the
 * (side, type, point) triple, index (side * 8 + type) * 256 + point.  The
 * table (pos.c) is a constant the compiler works out from XQ__ZOBRIST(),
 * so the library has no table to initialise; make/unmake restore the saved
 * key instead of recomputing it.
 */
#define XQ__ZOBRIST(i) XQ__SM3(XQ__SM2(XQ__SM1(XQ__SM0(i))))
extern const uint64_t xq__zobrist[16 * 256];

static inline uint64_t zobrist(int side, int type, int isq)
{
	return xq__zobrist[(side * 8 + type) * 256 + isq];
}
#define ZOBRIST_SIDE 0x7b1d5e3a92c4f806ull

/* zobrist()'s row by board value: (side * 8 + type) * 256. */
#define ZR(tag, side, slot, type) [(tag) + (slot)] = ((side) * 8 + (type)) * 256
#define ZROWS(tag, side)                                                                  \
	ZR(tag, side, 0, XQ_KING), ZR(tag, side, 1, XQ_ADVISOR), ZR(tag, side, 2, XQ_ADVISOR), \
	ZR(tag, side, 3, XQ_ELEPHANT), ZR(tag, side, 4, XQ_ELEPHANT),                     \
	ZR(tag, side, 5, XQ_HORSE), ZR(tag, side, 6, XQ_HORSE),                           \
	ZR(tag, side, 7, XQ_CHARIOT), ZR(tag, side, 8, XQ_CHARIOT),                       \
	ZR(tag, side, 9, XQ_CANNON), ZR(tag, side, 10, XQ_CANNON),                        \
	ZR(tag, side, 11, XQ_PAWN), ZR(tag, side, 12, XQ_PAWN), ZR(tag, side, 13, XQ_PAWN), \
	ZR(tag, side, 14, XQ_PAWN), ZR(tag, side, 15, XQ_PAWN)
static const uint16_t zobrist_row[48] = { ZROWS(TAG_RED, 0), ZROWS(TAG_BLACK, 1) };
#undef ZROWS
#undef ZR

static inline uint64_t zobrist_of(uint8_t v, unsigned isq)
{
	return xq__zobrist[zobrist_row[v] + isq];
}

/* Tables worked out by the compiler: REP16(M, b) is M(b), M(b + 1) ...
 * M(b + 15). */
#define REP4(M, b) M(b), M((b) + 1), M((b) + 2), M((b) + 3)
#define REP16(M, b) REP4(M, b), REP4(M, (b) + 4), REP4(M, (b) + 8), REP4(M, (b) + 12)
#define REP256(M, b) REP16(M, b), REP16(M, (b) + 16), REP16(M, (b) + 32), \
	REP16(M, (b) + 48), REP16(M, (b) + 64), REP16(M, (b) + 80), REP16(M, (b) + 96), \
	REP16(M, (b) + 112), REP16(M, (b) + 128), REP16(M, (b) + 144), \
	REP16(M, (b) + 160), REP16(M, (b) + 176), REP16(M, (b) + 192), \
	REP16(M, (b) + 208), REP16(M, (b) + 224), REP16(M, (b) + 240)
#define REP4096(M) REP256(M, 0), REP256(M, 256), REP256(M, 512), REP256(M, 768), \
	REP256(M, 1024), REP256(M, 1280), REP256(M, 1536), REP256(M, 1792), \
	REP256(M, 2048), REP256(M, 2304), REP256(M, 2560), REP256(M, 2816), \
	REP256(M, 3072), REP256(M, 3328), REP256(M, 3584), REP256(M, 3840)

/* board[] of the empty board: 0 on the points, XQ_OFFBOARD around them. */
extern const uint8_t xq__empty_board[256];

static inline int king_isq(const struct xq_pos *pos, int side)
{
	return pos->sq_of[side * 16 + SLOT_KING];
}

static inline int sq_to_isq(int sq) { return ISQ(XQ_FILE(sq), XQ_RANK(sq)); }
static inline int isq_to_sq(int isq) { return XQ_SQ(ISQ_FILE(isq), ISQ_RANK(isq)); }

#define MOVE(from, to) ((xq_move)((from) << 8 | (to)))
#define MOVE_FROM(m) ((m) >> 8)
#define MOVE_TO(m) ((m) & 255)

/* pos.c: a side before a piece's name in messages ("red horse"); as a
 * noun it is xq_side_name() ("Red"). */
const char *xq__side_adjective(int side);

/* movegen.c: is the point attacked by side `by`? */
int xq__attacked(const struct xq_pos *pos, int isq, int by);

/* xq_make() for positions that no legal history leads to (rules.c plays
 * on with the opponent passing, maybe in check): in_check is computed
 * from scratch, not from the two changed points. */
void xq__make_any(struct xq_pos *pos, xq_move m);

/* movegen.c: the legal captures only (for quiescence search). */
int xq__legal_captures(const struct xq_pos *pos, xq_move *moves);

/* movegen.c, for rules.c's searches: whether the side to move has a legal
 * move (stops at the first piece that has one); whether the legal move m
 * gives check, as xq_make() would set in_check, without making it (pos's
 * board is changed and put back: the side not to move must not be in
 * check, as after any legal move). */
int xq__has_legal_move(const struct xq_pos *pos);
int xq__gives_check(struct xq_pos *pos, xq_move m);


/*
 * The sanitizer build (-DXQ_CHECK_POSITIONS) asserts the position's
 * consistency after every make and unmake; other builds pay nothing.
 */
#ifdef XQ_CHECK_POSITIONS
#include <assert.h>
#define XQ_CHECK_POSITION(pos) assert(xq_pos_check(pos) == 0)
#else
#define XQ_CHECK_POSITION(pos) ((void)0)
#endif


#endif
