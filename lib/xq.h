/*
 * xq.h - libxq, the xiangqi record library: the one public header.
 *
 * If a function or type is not declared here, it is not part of the API.
 *
 * Ownership, once for all: the caller owns every object it passes in and
 * every buffer it hands over; functions named xq_*_new or xq_*_open return an object
 * the caller releases with the matching _free or _close.  Nothing here keeps
 * global mutable state, prints, exits or reads the environment, so any
 * number of positions and games may be used from any number of threads.
 *
 * Errors: functions return 0 (or a count) on success and a negative XQ_E*
 * code on failure; xq_strerror() names the code.  Single parses (a FEN, one
 * move) also fill an optional struct xq_err with the byte offset and a
 * message.
 *
 * Text is UTF-8 everywhere inside the library.
 */
#ifndef XQ_H
#define XQ_H

#include <stddef.h>
#include <stdint.h>

#define XQ_VERSION "0.1.0"

/* ---------------------------------------------------------------- errors */

enum xq_errcode {
	XQ_OK = 0,
	XQ_EINVAL = -1,   /* malformed input: a FEN, a move string */
	XQ_EILLEGAL = -2, /* a well-formed move that is not legal here */
	XQ_ENOMEM = -3,
	XQ_EIO = -4,
	XQ_ERANGE = -5,   /* a number outside its range */
	XQ_EAMBIG = -6,   /* a move string that fits several legal moves */
};

/* Where and why a single parse failed.  offset is a byte offset into the
 * input (the first offending character); msg is a complete sentence
 * fragment such as "rank 3 has 10 files". */
struct xq_err {
	int code;
	int offset;
	char msg[200];
};

const char *xq_strerror(int code);

/* ------------------------------------------------------------ the board */

/*
 * Squares, as the public API sees them: 0..89 = rank * 9 + file, file 0..8
 * is ICCS a..i (from Red's left), rank 0 is Red's back rank, rank 9 is
 * Black's.  XQ_SQ(file, rank) builds one.
 */
#define XQ_SQ(file, rank) ((rank) * 9 + (file))
#define XQ_FILE(sq) ((sq) % 9)
#define XQ_RANK(sq) ((sq) / 9)

enum xq_side { XQ_RED = 0, XQ_BLACK = 1 };

enum xq_type {
	XQ_NONE = 0,
	XQ_KING, XQ_ADVISOR, XQ_ELEPHANT, XQ_HORSE, XQ_CHARIOT, XQ_CANNON, XQ_PAWN
};

/*
 * A move needs 16 bits: the origin in the high byte and the destination in
 * the low byte, both as internal board indexes (see xq_move_from/_to for
 * public squares).  0 is XQ_MOVE_NONE, never a real move.
 */
typedef uint16_t xq_move;
#define XQ_MOVE_NONE ((xq_move)0)

/* The most legal moves any xiangqi position has is well under this. */
#define XQ_MAX_MOVES 128

/*
 * A position.  Invariants: board[] holds, for each internal index, 0 for an
 * empty point, XQ_OFFBOARD for the padding around the board, or
 * (16 << side) + slot for a piece; sq_of[side * 16 + slot] is that piece's
 * index, 0 when it has been captured.  Slots are fixed by kind (slot 0 the
 * king, 1-2 advisors, 3-4 elephants, 5-6 horses, 7-8 chariots, 9-10
 * cannons, 11-15 pawns), which is why a FEN may hold at most that many of
 * a kind.  key is the Zobrist key of board and side, kept incrementally.
 *
 * Read it through the functions below; the layout is public so that
 * positions can live on the stack and be copied with '='.
 */
#define XQ_OFFBOARD 64
struct xq_pos {
	uint8_t board[256];
	uint8_t sq_of[32];
	uint8_t side;         /* enum xq_side to move */
	uint16_t halfmove;    /* plies since the last capture */
	uint16_t fullmove;    /* starts at 1, grows after Black's move */
	uint64_t key;
};

/* What a move changed, for xq_unmake(); lives on the caller's stack. */
struct xq_undo {
	uint64_t key;
	uint16_t halfmove;
	uint16_t fullmove;
	uint8_t captured;     /* board value that stood on the destination */
};

#define XQ_START_FEN \
	"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"

/* xq_pos_from_fen() flags */
enum xq_fen_flags {
	/* Accept pieces on points they can never reach (advisors outside the
	 * palace, elephants off their seven points, pawns behind their start):
	 * composed problems sometimes have them.  Everything else still fails. */
	XQ_FEN_LAX = 1 << 0,
};

/* The start position. */
void xq_pos_start(struct xq_pos *pos);

/*
 * Parse a FEN (xqbase/UCCI style; w, r or b for the side; B/E and N/H both
 * accepted; missing trailing fields default to "- - 0 1").  On failure pos
 * is unspecified, err (if not NULL) says where and why, and XQ_EINVAL is
 * returned.
 */
int xq_pos_from_fen(struct xq_pos *pos, const char *fen, unsigned flags,
		    struct xq_err *err);

/* Write the FEN (letters RNBAKCP) into buf; returns its length, or
 * XQ_ERANGE when size is too small (90 bytes always suffice). */
int xq_pos_to_fen(const struct xq_pos *pos, char *buf, size_t size);
#define XQ_FEN_MAX 96

/* The piece on a public square: type and side (side undefined if NONE). */
enum xq_type xq_piece_type(const struct xq_pos *pos, int sq);
enum xq_side xq_piece_side(const struct xq_pos *pos, int sq);

/* FEN letter of a piece (upper case red), or 0 for an empty square. */
char xq_piece_letter(const struct xq_pos *pos, int sq);

/* The king square of a side (public numbering). */
int xq_king_square(const struct xq_pos *pos, enum xq_side side);

/* ------------------------------------------------------------ the moves */

/* Public squares of a move. */
int xq_move_from(xq_move m);
int xq_move_to(xq_move m);
xq_move xq_move_make(int from_sq, int to_sq);

/* ICCS text of a move, lower case, ranks 0..9: "h2e2" plus NUL (5 bytes). */
void xq_move_iccs(xq_move m, char out[5]);

/*
 * All legal moves for the side to move, written to moves[] (room for
 * XQ_MAX_MOVES); returns how many.  Order: by piece, then direction; use
 * xq_sort_moves() for a stable order by ICCS text.
 */
int xq_legal_moves(const struct xq_pos *pos, xq_move *moves);
void xq_sort_moves(xq_move *moves, int n);

/* Whether one (from, to) pair is legal here, without generating all. */
int xq_is_legal(const struct xq_pos *pos, xq_move m);

/* Whether the side to move is in check (flying general counts). */
int xq_in_check(const struct xq_pos *pos);

enum xq_status {
	XQ_PLAYING = 0,
	XQ_CHECKMATE,   /* in check, no legal move: a loss */
	XQ_STALEMATE,   /* not in check, no legal move: also a loss in xiangqi */
};
enum xq_status xq_status(const struct xq_pos *pos);

/*
 * Play a move that is legal (or at least pseudo-legal and made by the side
 * to move); the undo record goes to the caller.  xq_unmake() restores the
 * exact position, key and counters.
 */
void xq_make(struct xq_pos *pos, xq_move m, struct xq_undo *u);
void xq_unmake(struct xq_pos *pos, xq_move m, const struct xq_undo *u);

/* Leaf count of the legal-move tree to depth (bulk counted at the last
 * ply, as engines count).  depth 0 is 1. */
uint64_t xq_perft(struct xq_pos *pos, int depth);

/*
 * Consistency check: board, piece slots, king squares and key agree.  For
 * tests and debug builds; returns 0 when consistent, else XQ_EINVAL.
 */
int xq_pos_check(const struct xq_pos *pos);

/* The Zobrist key computed from scratch (xq_pos.key is kept incrementally). */
uint64_t xq_pos_compute_key(const struct xq_pos *pos);

/* ------------------------------------------- notation (lib/notation.c) */

enum xq_notation {
	XQ_NOTATION_ANY = 0,  /* parse only: detect the notation from the text */
	XQ_NOTATION_ICCS,     /* h2e2 (also h2-e2, H2-E2 on input) */
	XQ_NOTATION_WXF,      /* C2=5, H8+7, +R.2 */
	XQ_NOTATION_CHINESE,  /* 炮二平五 */
	XQ_NOTATION_UCI,      /* engine coordinates, ranks 0..9 (Pikafish, UCCI) */
	XQ_NOTATION_UCI10,    /* engine coordinates, ranks 1..10 (Fairy-Stockfish) */
};

enum xq_notation_flags {
	XQ_NOTE_TRAD = 1 << 0,         /* Chinese: traditional characters */
	XQ_NOTE_ASCII_DIGITS = 1 << 1, /* Chinese: black files 1..9, not full width */
	XQ_NOTE_BOOK_PAWNS = 1 << 2,   /* Chinese: book form for tandem pawns */
};

/* Longest formatted move, NUL included. */
#define XQ_MOVE_TEXT_MAX 32

/*
 * Write the legal move m of pos in notation n (not ANY) into buf; returns
 * the length, or a negative XQ_E* code.
 */
int xq_move_format(const struct xq_pos *pos, xq_move m, enum xq_notation n,
		   unsigned flags, char *buf, size_t size);

/*
 * Read a move of pos from text[0..len) written in notation n (ANY to
 * detect).  Returns 0 and sets *out, or XQ_EINVAL (no such move, garbage),
 * XQ_EILLEGAL, XQ_EAMBIG, with err (if not NULL) naming the reason and,
 * for ambiguous input, the candidates.
 */
int xq_move_parse(const struct xq_pos *pos, const char *text, size_t len,
		  enum xq_notation n, unsigned flags, xq_move *out,
		  struct xq_err *err);

/* --------------------------------------- game records (lib/game.c etc.) */

/* --------------------------------------------- formats (formats/ directory) */

#endif /* XQ_H */
