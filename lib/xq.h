/*
 * xq.h - libxq, the xiangqi record library: the one public header.
 *
 * If a function or type is not declared here, it is not part of the API.
 *
 * Ownership, once for all: the caller owns every object it passes in and
 * every buffer it hands over; functions named xq_*_new or xq_*_open return an object
 * the caller releases with the matching _free or _close.  Nothing here keeps
 * global mutable state, prints, exits or reads the environment (but for
 * the PATH an external engine's program is looked up in), so any number
 * of positions, games and engines may be used from any number of threads.
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
#include <stdio.h>

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
 * a kind.  key is the Zobrist key of board and side, kept incrementally;
 * in_check says whether the side to move is in check, kept by xq_make()
 * from the two points a move changes, so that xq_is_legal() tests only
 * what a move can change.
 *
 * Read it through the functions below; the layout is public so that
 * positions can live on the stack and be copied with '='.
 */
#define XQ_OFFBOARD 64
struct xq_pos {
	uint8_t board[256];
	uint8_t sq_of[32];
	uint8_t side;         /* enum xq_side to move */
	uint8_t in_check;     /* the side to move is in check */
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
	uint8_t in_check;
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

/*
 * Building a position piece by piece, for formats that store a board:
 * clear (an empty board, Red to move, counters 0 and 1), put each piece,
 * set the side, then finish, which computes the key and the check flag and
 * refuses what no legal game reaches.  xq_pos_put() refuses a taken
 * square, more pieces of a kind than a side has, and a point the piece can
 * never reach (only kings with XQ_FEN_LAX in flags); xq_pos_finish() a
 * missing king, kings facing on an open file and the side not to move in
 * check.  Both return 0 or XQ_EINVAL with err (if not NULL) saying why;
 * after a failed put the position is as before it.  xq_pos_from_fen() is
 * built on them.
 */
void xq_pos_clear(struct xq_pos *pos);
int xq_pos_put(struct xq_pos *pos, int sq, enum xq_side side,
	       enum xq_type type, unsigned flags, struct xq_err *err);
void xq_pos_set_side(struct xq_pos *pos, enum xq_side side);
int xq_pos_finish(struct xq_pos *pos, struct xq_err *err);

/* The piece on a public square: type and side (side undefined if NONE). */
enum xq_type xq_piece_type(const struct xq_pos *pos, int sq);
enum xq_side xq_piece_side(const struct xq_pos *pos, int sq);

/* FEN letter of a piece (upper case red), or 0 for an empty square. */
char xq_piece_letter(const struct xq_pos *pos, int sq);
/* The type a capital piece letter names, FEN's (K A B N R C P) or WXF's
 * (E elephant, H horse); XQ_NONE for anything else, lower case too. */
int xq_type_from_letter(int c);
/* A side as every message names it: "Red", "Black". */
const char *xq_side_name(enum xq_side s);
/* A piece type as messages and data name it: "king", "advisor",
 * "elephant", "horse", "chariot", "cannon", "pawn"; "" for none. */
const char *xq_type_name(enum xq_type t);

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
 * Play a legal move; the undo record goes to the caller.  (The position
 * must have been reached by legal moves from a valid FEN: in_check is kept
 * from that.)  xq_unmake() restores the
 * exact position, key and counters.
 */
void xq_make(struct xq_pos *pos, xq_move m, struct xq_undo *u);
void xq_unmake(struct xq_pos *pos, xq_move m, const struct xq_undo *u);

/* Leaf count of the legal-move tree to depth (bulk counted at the last
 * ply, as engines count).  depth 0 is 1. */
uint64_t xq_perft(struct xq_pos *pos, int depth);

/*
 * Perft split by root move ("divide"): moves[] gets the legal root moves
 * sorted by ICCS text, counts[] the leaves below each at depth - 1 (room
 * for XQ_MAX_MOVES each); returns how many moves.  depth must be >= 1.
 */
int xq_perft_divide(struct xq_pos *pos, int depth, xq_move *moves, uint64_t *counts);

/*
 * Consistency check: board, piece slots, king squares and key agree.  For
 * tests and debug builds; returns 0 when consistent, else XQ_EINVAL.
 */
int xq_pos_check(const struct xq_pos *pos);

/* The Zobrist key computed from scratch (xq_pos.key is kept incrementally). */
uint64_t xq_pos_compute_key(const struct xq_pos *pos);

/* Whether a and b are the same position: the same key, side to move and
 * placement (kind and side on each of the 90 points; which piece of a
 * kind stands where, and the counters, do not matter).  What confirms a
 * key match against a hash collision. */
int xq_pos_same(const struct xq_pos *a, const struct xq_pos *b);

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
 *
 * Chinese and WXF are read by matching text against every legal move's
 * renderings in all the dialects of man/xq-notation.7 (so CHINESE also
 * reads 馬８進７, 马8上7, 车前平三, 前四平五, 炮25; WXF also reads +R.9,
 * Pa.5, lower case, full width); ANY tries ICCS, then UCI10 when a rank is
 * 10, then both relative notations.  Blanks around the move and check or
 * quality marks after it (+ ! ? #) are ignored; flags are not used.
 * err->offset is the byte of text where reading failed, or the start of
 * the move when the move as a whole does not fit.
 */
int xq_move_parse(const struct xq_pos *pos, const char *text, size_t len,
		  enum xq_notation n, unsigned flags, xq_move *out,
		  struct xq_err *err);

/*
 * A list of moves as given on a command line ("1. h2e2 h9g7 2. 炮二平五"):
 * moves apart by blanks, tabs, line ends or commas, move numbers ("1.",
 * "1...") left out (lib/movelist.c).  Plays the next move of the list at
 * *at in *pos (any notation, read as xq_move_parse() reads it) and steps
 * *at past it: 1 when a move was played, with *move and *len naming its
 * text and *played (may be NULL) the move; 0 at the end of the list; or
 * xq_move_parse()'s error with *move and *len naming the move's text and
 * err (may be NULL) why; *pos is then unchanged.
 */
int xq_moves_next(struct xq_pos *pos, const char **at, const char **move, size_t *len,
		  xq_move *played, struct xq_err *err);

/* The lower-case name of a notation ("iccs", "wxf", "chinese", "uci",
 * "uci10", "any"), and back (case-insensitive; also "ucci" for uci, "fsf"
 * for uci10, "zh" for chinese): 0, or XQ_EINVAL for an unknown name. */
/* The Chinese glyphs notation writes (UTF-8), for diagrams: a piece's
 * name ("车", traditional "車" when trad is set), and a file number as
 * side writes it (1..9: 一..九 for Red, １..９ for Black); "" for a side,
 * type or number out of range. */
const char *xq_zh_piece(int side, int type, int trad);
/* The glyph of a piece on a diagram: as xq_zh_piece(), but the two
 * sides' chariots, horses and cannons differ as on a real board, so that
 * a diagram without colour tells them apart: Red 俥傌炮, Black 车马砲
 * (traditional 車馬砲), with 帅/将 (帥/將), 仕/士, 相/象, 兵/卒. */
const char *xq_zh_board_piece(int side, int type, int trad);

const char *xq_zh_number(int side, int n);
const char *xq_notation_name(enum xq_notation n);
int xq_notation_from_name(const char *name, enum xq_notation *n);

/* --------------------------------------- game records (lib/game.c etc.) */

/*
 * A game record.  Everything a game holds (tags, nodes, strings) lives in
 * one arena owned by the game and released by xq_game_free(): reading a
 * million games does not fragment memory, and a game is freed in one call.
 * Strings are UTF-8 and NUL-terminated; pointers into a game stay valid
 * until it is freed.
 *
 * The move tree: game->root stands for the start position and has no
 * move.  A node's first child is the main continuation; the child's
 * next siblings are the variations that replace it (alternatives to the
 * same move), in the order they were written.  Walking the main line:
 *
 *	for (const struct xq_node *n = g->root.child; n; n = n->child) ...
 *
 * A node read from text carries the move as written (text) and where it
 * was written (line, col, 1-based; 0 when unknown, e.g. binary formats);
 * node->move is XQ_MOVE_NONE until the game is replayed (xq_game_replay).
 * A format that stores moves as squares (XQF, DhtmlXQ, CBF, CBR, old CBL)
 * puts the move the file gives in node->move, unchecked, and its squares
 * in text (as written: DhtmlXQ "7747", CBF "77-47"; in ICCS for XQF and
 * CBR; none for old CBL); XQF and CBR also set byte (and XQ_NODE_AT_BYTE),
 * the offset of the move's record in the file.  Readers only build:
 * replay checks every move, the same way for every format.  After replay,
 * a node whose move could not be played has XQ_MOVE_NONE and XQ_NODE_BAD
 * set; it stays in the tree with everything below it, unresolved (writers
 * keep that line as text), and was reported once, where it stands.
 */

/* Move marks as PGN NAG numbers: the six traditional suffixes. */
enum xq_nag_mark {
	XQ_NAG_GOOD = 1,        /* ! */
	XQ_NAG_MISTAKE = 2,     /* ? */
	XQ_NAG_BRILLIANT = 3,   /* !! */
	XQ_NAG_BLUNDER = 4,     /* ?? */
	XQ_NAG_INTERESTING = 5, /* !? */
	XQ_NAG_DUBIOUS = 6,     /* ?! */
};
#define XQ_MAX_NAGS 6

enum xq_node_flags {
	XQ_NODE_BAD = 1 << 0,      /* replay could not play this move */
	XQ_NODE_AT_BYTE = 1 << 1,  /* byte holds the source offset */
	/* Set by xq_game_replay() on every node whose move it played (with
	 * the position it was played in): key is then the Zobrist key of the
	 * position after the move, XQ_NODE_CHECK says the move gives check,
	 * XQ_NODE_CAPTURE that it captures (taken: the kind captured).  Clear
	 * on a node replay did not play (bad, below a bad move, added later);
	 * a node whose move is changed after replay must have XQ_NODE_PLAYED
	 * cleared. */
	XQ_NODE_PLAYED = 1 << 2,
	XQ_NODE_CHECK = 1 << 3,
	XQ_NODE_CAPTURE = 1 << 4,
};

struct xq_node {
	struct xq_node *parent;   /* NULL for the root */
	struct xq_node *child;    /* main continuation: first child */
	struct xq_node *next;     /* next alternative to this same move */
	const char *text;         /* the move as written, or NULL */
	const char *comment_before; /* comment written before the move, or NULL */
	const char *comment;      /* comment after the move, or NULL; on the
				   * root: the comment before the first move */
	uint64_t key;             /* with XQ_NODE_PLAYED: the key after the move */
	uint32_t line, col;       /* where text starts in the source, 1-based */
	uint32_t byte;            /* with XQ_NODE_AT_BYTE: the byte offset (from
				   * 0) of the move's record in a binary source */
	xq_move move;             /* resolved move or XQ_MOVE_NONE */
	uint8_t nnags;
	uint8_t nags[XQ_MAX_NAGS];/* NAG numbers in order written (see xq_nag_mark) */
	uint8_t flags;            /* enum xq_node_flags */
	uint8_t taken;            /* with XQ_NODE_PLAYED: the enum xq_type the
				   * move captures, XQ_NONE when none */
};

/* One tag; tags keep the order they were read or set in. */
struct xq_tag {
	const char *name;
	const char *value;
	struct xq_tag *next;
};

enum xq_game_flags {
	XQ_GAME_SETUP = 1 << 0,    /* started from a FEN, not the usual start */
	XQ_GAME_REPLAYED = 1 << 1, /* xq_game_replay() has run */
	XQ_GAME_BROKEN = 1 << 2,   /* problems of severity XQ_SEV_ERROR */
	XQ_GAME_TRUNCATED = 1 << 3,/* the source ended inside the game */
	XQ_GAME_BAD_FEN = 1 << 4,  /* no usable start position: replay
				    * checks nothing (already reported) */
	/* WinBoard SAN movetext ("Che2" under [Variant "xiangqi"]), which
	 * replay reads, notation WXF: set by replay */
	XQ_GAME_SAN = 1 << 8,
};

struct xq_arena;  /* private to lib/game.c */

struct xq_game {
	struct xq_tag *tags;       /* ordered list, NULL when none */
	struct xq_tag *tags_tail;
	struct xq_pos start;       /* start position (after xq_game_set_fen) */
	char start_fen[XQ_FEN_MAX];/* its FEN, normalised */
	struct xq_node root;       /* root.move is XQ_MOVE_NONE */
	const char *result;        /* final token: "1-0" "0-1" "1/2-1/2" "*", or NULL */
	const char *tail;          /* text that stood after the result and was
				    * dropped (a site footer), or NULL */
	enum xq_notation notation; /* movetext notation as detected by replay */
	long index;                /* 1-based number of the game in its source */
	long line;                 /* first line of the game in its source */
	unsigned flags;            /* enum xq_game_flags */
	int errors, warnings;      /* problems reported for this game */
	int plies;                 /* set by xq_game_replay(): xq_game_plies()
				    * of the game as replay left it, without
				    * its walk (stale once the tree changes) */
	struct xq_arena *arena;
};

/* A new empty game (start position, no tags); NULL when out of memory. */
struct xq_game *xq_game_new(void);
void xq_game_free(struct xq_game *g);

/* Memory and strings in the game's arena (NULL when out of memory).
 * xq_game_strndup copies len bytes and adds the NUL. */
void *xq_game_alloc(struct xq_game *g, size_t size);
char *xq_game_strndup(struct xq_game *g, const char *s, size_t len);
char *xq_game_strdup(struct xq_game *g, const char *s);

/* Tags.  xq_game_tag() finds a tag by name, ASCII case-insensitively (the
 * first one when repeated).  xq_game_set_tag() replaces that tag's value
 * or appends a new tag; xq_game_add_tag() always appends (keeps repeats).
 * xq_game_del_tag() removes all of that name.  Return 0 or XQ_ENOMEM. */
const char *xq_game_tag(const struct xq_game *g, const char *name);
/* Several tags in one pass over the game's tags: values[i] is what
 * xq_game_tag(g, names[i]) finds, for each of the n names (distinct). */
void xq_game_tags(const struct xq_game *g, const char *const *names, int n, const char **values);
/* The same, but NULL also for an empty value and for PGN's "?" (unknown),
 * which formats with fixed fields (XQF, DhtmlXQ) leave out. */
const char *xq_game_tag_known(const struct xq_game *g, const char *name);
int xq_game_set_tag(struct xq_game *g, const char *name, const char *value);
int xq_game_add_tag(struct xq_game *g, const char *name, const char *value);
void xq_game_del_tag(struct xq_game *g, const char *name);

/*
 * A file name for game g (NULL: no tags), number seq, from the template tmpl
 * (lib/game_name.c; xqconv -d --name): %n the number (%06n: zero-padded
 * to that width, 20 at most), %{Tag} the value of any tag (its first 60
 * bytes), %% a '%', any other byte itself.  Made safe for a file name: a
 * control character, a blank and / \ : * ? " < > | become '_'.  A field
 * left empty drops the separator (- _ .) before it, separators at either
 * end go, and an empty name is the number as %06n.  Into buf, cut to
 * size - 1 bytes at a character.  Returns 0, XQ_EINVAL for a malformed
 * template, XQ_ERANGE when size is 0.  xq_game_name_check() checks a
 * template alone: 0, or XQ_EINVAL with *bad (if not NULL) the offset of
 * the '%' of the bad field.
 */
#define XQ_GAME_NAME_DEFAULT "%06n-%{Red}-%{Black}"
int xq_game_format_name(const char *tmpl, const struct xq_game *g, long seq,
			char *buf, size_t size);
int xq_game_name_check(const char *tmpl, size_t *bad);

/* Set the start position from a FEN (sets XQ_GAME_SETUP unless it is the
 * usual start); XQ_EINVAL with err filled when the FEN is bad. */
int xq_game_set_fen(struct xq_game *g, const char *fen, unsigned fen_flags,
		    struct xq_err *err);

/* Append a child to parent (the first child becomes the main line, later
 * ones variations).  text may be NULL; len is its length.  NULL when out of
 * memory. */
struct xq_node *xq_node_add(struct xq_game *g, struct xq_node *parent,
			    xq_move m, const char *text, size_t len);
/* Add a comment before or after a node; a second comment at the same place
 * is appended after a space.  0 or XQ_ENOMEM. */
int xq_node_comment(struct xq_game *g, struct xq_node *n, int before,
		    const char *text, size_t len);
/* Add a NAG (1..255); beyond XQ_MAX_NAGS they are dropped: returns
 * XQ_ERANGE then, else 0. */
int xq_node_add_nag(struct xq_node *n, int nag);

/* Plies in the main line (up to the first bad move once replayed). */
int xq_game_plies(const struct xq_game *g);

/* The position after ply plies of the main line (ply < 0: the last one
 * that could be played); returns the number of plies played, which is less
 * than ply when the line is shorter.  The game must have been replayed. */
int xq_game_position(const struct xq_game *g, int ply, struct xq_pos *pos);

/* "1-0", "0-1", "1/2-1/2" or "*" for a result token or word found in text
 * (PGN tokens, 红胜, 黑胜, 和棋, 红先负, …), NULL when it is none. */
const char *xq_result_word(const char *text, size_t len);
/* The result of g, "1-0", "0-1", "1/2-1/2" or "*": its Result tag's
 * (read by xq_result_word()), else, when that says none or "*", the result
 * token after its moves; "*" when neither says.  _of takes the Result
 * tag's value from a caller that has scanned the tags (NULL: no tag). */
const char *xq_game_result(const struct xq_game *g);
const char *xq_game_result_of(const struct xq_game *g, const char *result_tag);

/* A PGN date, maybe partial ("1995", "1995.06", "1995.??.??",
 * "1995-06-12"), as the first and last day it can mean (YYYYMMDD numbers);
 * 0, or XQ_EINVAL when the year is unknown or the text is no date. */
int xq_date_bounds(const char *date, long *first, long *last);
/* The year a Date value gives, by one rule for every form found in real
 * records: the first run of exactly four digits (ASCII or full-width) with
 * no digit either side, or the first four of a run of eight (YYYYMMDD),
 * when it is from 1000 to 2999; 0 when there is none, the year unknown.
 * Read: "2009.01.02", "2009-1-2", "2009/1/2", "2009 1 2", "20090102",
 * "1/2/2009", "2009年1月2日", "1985年全国赛", "2009".  Unknown: NULL, "",
 * "?", "????.??.??", two-digit years ("02-10-25", "71:"), "0909", "0",
 * "19891年". */
int xq_date_year(const char *date);

/* A 64-bit hash of data[0..len) from seed, not cryptographic (lib/hash.c);
 * the same on every machine of one byte order, so that keys printed by one
 * run can be compared with another's. */
uint64_t xq_hash64(const void *data, size_t len, uint64_t seed);
/* The mixing step of xq_hash64() (splitmix64's finaliser), for a hash
 * table that makes its own key from a few words. */
uint64_t xq_mix64(uint64_t x);

/* --- selecting games (lib/query.c)
 *
 * A query holds the criteria a game must meet, each compiled once, and is
 * then matched against each game of a stream.  Life cycle:
 *   q = xq_query_new();                NULL when out of memory
 *   xq_query_set_flags(q, ...);        before xq_query_fen() (the mirror)
 *   xq_query_tag(q, ...), ...          the criteria, each any number of times
 *                                      unless it says it replaces
 *   for each game g as read (no replay needed):
 *       xq_query_match_tags(q, g)      tags, players, result, date
 *   and when that holds, on g replayed without errors:
 *       xq_query_match_moves(q, g)     plies, opening, ECCO, positions, material
 *   xq_query_free(q);
 * A game matches when both hold; a query with no criterion matches every
 * game.  The query keeps copies of the texts given and scratch memory from
 * one game to the next, so it serves one thread.  The calls that compile a
 * criterion return 0 or a negative XQ_E* code (XQ_EINVAL: the text is not
 * one; XQ_ENOMEM), and leave the query as it was on failure; those with an
 * err fill it with what is wrong (a fragment such as "only 9 ranks"; the
 * caller names the text).
 */
struct xq_query;

enum xq_query_flags {
	XQ_QUERY_ALL_LINES = 1 << 0,       /* positions and material in variations too */
	XQ_QUERY_MIRROR = 1 << 1,          /* each FEN's left-right mirror too */
	XQ_QUERY_EVENT_YEAR = 1 << 2,      /* date: a game whose Date has no year
					    * takes the year its Event names (four
					    * digits standing alone, one year) */
	XQ_QUERY_MATERIAL_EITHER = 1 << 3, /* material: the other way round too */
	XQ_QUERY_EXACT_NAMES = 1 << 4,     /* players and tag values byte for
					    * byte: case and width count */
};

/* Names as people type them: whether text contains needle, and whether a
 * and b are the same, with ASCII letters in either case, the full-width
 * forms U+FF01..U+FF5E (ＡＢＣ１２３) as their ASCII characters and the
 * ideographic space U+3000 as a space; every other byte (CJK, invalid
 * UTF-8) compared as it is.  NULL contains nothing. */
int xq_name_contains(const char *text, const char *needle);
int xq_name_equal(const char *a, const char *b);

struct xq_query *xq_query_new(void);
void xq_query_free(struct xq_query *q);
void xq_query_set_flags(struct xq_query *q, unsigned flags);

/* A tag criterion: NAME=VALUE (the whole value), NAME~TEXT (substring) or
 * NAME=~RE (POSIX extended regular expression, as written), the name ASCII
 * case-insensitive, the value of = and ~ compared as names are
 * (xq_name_equal(), xq_name_contains(); byte for byte with
 * XQ_QUERY_EXACT_NAMES); all given must hold.  XQ_EINVAL when crit is none of these, XQ_ERANGE
 * when its regular expression does not compile. */
int xq_query_tag(struct xq_query *q, const char *crit, struct xq_err *err);
/* Red or Black contains text (xq_name_contains(), or byte for byte with
 * XQ_QUERY_EXACT_NAMES); all given must hold. */
int xq_query_player(struct xq_query *q, const char *text);
/* The game's result (xq_game_result()) is word: red, black, draw, unknown,
 * or any result xq_result_word() knows; replaces an earlier one. */
int xq_query_result(struct xq_query *q, const char *word);
/* Date within FROM..TO (dates as xq_date_bounds() reads them; either end
 * may be left out; one date alone: within it); replaces an earlier one. */
int xq_query_date(struct xq_query *q, const char *range);
/* Main-line length in plies within range (N, N.., ..M, N..M); replaces. */
int xq_query_plies(struct xq_query *q, const char *range);
/* Positions and material count only at plies within range (as above; the
 * start position is ply 0); replaces. */
int xq_query_at_ply(struct xq_query *q, const char *range);
/* The game passes through this position (board and side to move; FEN read
 * with XQ_FEN_LAX), or its mirror with XQ_QUERY_MIRROR; any of several.
 * Positions are found by key and confirmed whole.  XQ_EINVAL: not a FEN;
 * XQ_ERANGE: its mirror is none. */
int xq_query_fen(struct xq_query *q, const char *fen, struct xq_err *err);
/* Material at some ply: spec is RED/BLACK, e.g. R2NC/RN2P, a count before
 * a letter N, N-M or N+; chariots, horses, cannons and pawns not named
 * must be absent, the others are free.  plies > 1: in that many positions
 * in a row of one line, the same side with the same part of spec.
 * Replaces. */
int xq_query_material(struct xq_query *q, const char *spec, long plies);
/* The main line starts with these moves (xq_moves_next()) from the usual
 * start; err says "move N 'TEXT': why" for the move that fails, or "no
 * moves".  Replaces. */
int xq_query_opening(struct xq_query *q, const char *moves, struct xq_err *err);
/* The opening's ECCO code, classified from the main line, is one of
 * codes: a code, a prefix or a range (xq_ecco_range_parse()).  Replaces. */
int xq_query_ecco(struct xq_query *q, const char *codes);
/* The ECCO opening or variation name, simplified or traditional, contains
 * text.  Replaces. */
int xq_query_opening_name(struct xq_query *q, const char *text);
/* Tags (comma-separated names) that the duplicate key takes in. */
int xq_query_key_tags(struct xq_query *q, const char *tags);

/* Whether g meets the criteria on its tags and result token: 1 or 0. */
int xq_query_match_tags(const struct xq_query *q, const struct xq_game *g);
/* Whether replayed g meets the criteria on its moves: 1, 0, or XQ_ENOMEM. */
int xq_query_match_moves(struct xq_query *q, const struct xq_game *g);
/* The duplicate key of replayed g: its start position, main-line moves and
 * key tags, hashed to 128 bits; two games with the same key are taken for
 * duplicates.  0 or XQ_ENOMEM. */
int xq_query_key(struct xq_query *q, const struct xq_game *g, uint64_t key[2]);

/* --- duplicate games (lib/dupes.c)
 *
 * Which games of a stream repeat an earlier one: each game's duplicate key
 * (xq_query_key()) is added in the order of the stream, with its place
 * (its input's name, its number in that input from 1, its line); the
 * first game with a key is kept, each later one is a duplicate of it.
 *   d = xq_dupes_new();                NULL when out of memory
 *   for each game: xq_dupes_add(d, key, &place, &first)
 *   xq_dupes_free(d);
 * A big input may come in parts (split on game boundaries), each counting
 * its games and lines from the start: after each part of an input,
 * xq_dupes_part_end() says how many it held, and the places of that
 * input's games added later are counted on from there, so that what is
 * found is what one pass over the whole finds.
 *
 * A second pass over the same parts keeps each part's games but the
 * duplicates: given, for one part, the games it drops and the inputs it
 * held as the first pass saw them (xq_dupes_expect_drop(),
 * xq_dupes_expect_input(), each in order), xq_dupes_drop() says whether a
 * game goes, and xq_dupes_input_end() and xq_dupes_expect_end() whether
 * the part is the one the first pass saw.
 *
 * The calls return 0 or a negative XQ_E* code (XQ_ENOMEM) unless they say
 * otherwise.  Names are copied; the names the set gives back live as long
 * as it does.  A set serves one thread.
 */
struct xq_dupes;

/* Where a game is: its input's name, its number in it, its line. */
struct xq_place {
	const char *name;
	long index, line;
};

/* The most games or lines an input's parts add up to. */
#define XQ_DUPES_COUNT_MAX 1000000000000000L

struct xq_dupes *xq_dupes_new(void);
void xq_dupes_free(struct xq_dupes *d);
/* Game g with key: 0 when no game before had the key, 1 when one had
 * (*first: its place), or XQ_ENOMEM.  g's index and line count within its
 * part; they become the whole input's (the earlier parts added). */
int xq_dupes_add(struct xq_dupes *d, const uint64_t key[2], struct xq_place *g,
		 struct xq_place *first);
/* A part of input name ended, having held games games in lines lines;
 * XQ_EINVAL for a negative count, XQ_ERANGE when the input's sum would
 * pass XQ_DUPES_COUNT_MAX. */
int xq_dupes_part_end(struct xq_dupes *d, const char *name, long games, long lines);

/* The second pass of one part: the next input it held (XQ_EINVAL for a
 * negative count), and the next game it drops (index from 1, else
 * XQ_EINVAL; its number in the part, not in the whole input). */
int xq_dupes_expect_input(struct xq_dupes *d, const char *name, long games, long lines);
int xq_dupes_expect_drop(struct xq_dupes *d, const char *name, long index, const uint64_t key[2]);
/* Game index of input name, with key, in the second pass: 0 it stays; 1
 * it is the next game to drop; 2 it is, but its key differs (the part is
 * not the one the first pass saw; the game goes all the same). */
int xq_dupes_drop(struct xq_dupes *d, const char *name, long index, const uint64_t key[2]);
/* After an input of the second pass (*n: its number, from 1): 0 it is
 * the next input expected and held the games and lines expected; 1
 * another input, or one more than expected; 2 other games or lines. */
int xq_dupes_input_end(struct xq_dupes *d, const char *name, long games, long lines, long *n);
/* After the part: 0 every input expected ended and every game to drop
 * came; 1 the inputs ended were not those expected (*n: how many ended);
 * 2 a game to drop did not come (*n: the first one's index). */
int xq_dupes_expect_end(const struct xq_dupes *d, long *n);

/* --- database statistics (lib/stats.c)
 *
 * What is in a stream of games: the results, lengths (in buckets of 20
 * plies), events, years, players with their scores, with XQ_STATS_ECCO
 * the games and Red's score per ECCO code, and an opening tree from a root
 * position to a depth: each move with its games, results and the average
 * rating of the side that played it, transpositions merged by position
 * key.  Life cycle:
 *   s = xq_stats_new(&opts, &err);
 *   for each game g as read and replayed:
 *       xq_stats_add_game(s, g)
 *   xq_stats_write_text(s, fp), _json(), _svg()
 *   xq_stats_free(s);
 * The counts of a part of a stream travel as text that adds up (the
 * lines of xqstats --partial): xq_stats_write_part() writes them,
 * xq_stats_read_part_line() adds such lines, in any order and from any
 * number of parts, to a statistics made with the parts' settings (their
 * depth and root, xq_stats_part_settings()); what it prints then is
 * what one statistics over all the games prints.  A statistics serves one
 * thread; it keeps the query of its options by pointer.
 */
struct xq_stats;

#define XQ_STATS_DEPTH_MAX 1000
/* A count of a part: at most this (sums stay far from overflow). */
#define XQ_STATS_COUNT_MAX 100000000000000000L   /* 1e17 */

enum xq_stats_flags {
	XQ_STATS_ECCO = 1 << 0,          /* games per ECCO code; its names in the tree */
	XQ_STATS_TRADITIONAL = 1 << 1,   /* ECCO names in traditional characters */
};

struct xq_stats_opts {
	int depth;                       /* tree depth in plies, 0..XQ_STATS_DEPTH_MAX
					  * (0: no tree) */
	const struct xq_pos *root;       /* the tree's root; NULL: the usual start */
	const struct xq_query *filter;   /* games counted: those whose tags match
					  * (xq_query_match_tags()); NULL: all */
	unsigned flags;                  /* enum xq_stats_flags */
	enum xq_notation notation;       /* the tree's moves (ANY: Chinese) */
	int top;                         /* events, players and moves under a
					  * position shown in text and SVG; 0: all */
};

/* NULL with *err XQ_ENOMEM, or XQ_ERANGE when the depth or top is out of
 * range. */
struct xq_stats *xq_stats_new(const struct xq_stats_opts *o, int *err);
void xq_stats_free(struct xq_stats *s);
/* Count replayed game g: a game with errors as invalid and left out, one
 * the filter rejects not at all.  0 or XQ_ENOMEM. */
int xq_stats_add_game(struct xq_stats *s, const struct xq_game *g);
/* The games counted, and the invalid games left out. */
long xq_stats_games(const struct xq_stats *s);
long xq_stats_invalid(const struct xq_stats *s);
/* The tree's depth, and its root as a FEN without the move counters. */
int xq_stats_depth(const struct xq_stats *s);
const char *xq_stats_root_fen(const struct xq_stats *s);

/* The counts as lines of a part, sorted: 0, XQ_ENOMEM or XQ_EIO. */
int xq_stats_write_part(struct xq_stats *s, FILE *fp);
/* The settings a part was made with (the depth and root FEN its header
 * gives): the first taken, each later one compared with them.  0 when
 * taken or the same; 1 when they differ (not taken); XQ_ERANGE when depth
 * is no number from 0 to XQ_STATS_DEPTH_MAX; XQ_EINVAL when fen is no
 * position (err says why). */
int xq_stats_part_settings(struct xq_stats *s, const char *depth, const char *fen,
			   struct xq_err *err);
/* One line of a part (no newline) added: 1; 0 when it is none of the
 * counts' lines (a header, a diagnostic: the caller's); XQ_EINVAL when it
 * is one but wrong (a field missing or out of range, a sum past
 * XQ_STATS_COUNT_MAX), nothing added, err->offset the byte of the line
 * where the wrong field starts (0: the line as a whole, such as a field
 * too many) and err->msg what is wrong; XQ_ENOMEM. */
int xq_stats_read_part_line(struct xq_stats *s, const char *line, struct xq_err *err);

/* The report as text for people, as JSON (one line), and the opening
 * tree as an SVG bar chart of the results after each move; 0, XQ_ENOMEM
 * or XQ_EIO. */
int xq_stats_write_text(struct xq_stats *s, FILE *fp);
int xq_stats_write_json(struct xq_stats *s, FILE *fp);
int xq_stats_write_svg(struct xq_stats *s, FILE *fp);

/* UTF-8 text on a terminal (lib/encoding.c): the columns s[0..len) takes,
 * East Asian wide and full-width characters 2, control characters 0, the
 * rest 1 (each byte that does not decode counts as a U+FFFD); and the
 * longest prefix of s[0..n) that does not end inside a multi-byte sequence
 * (a last byte of 0xC0 or more, as a lead with its sequence cut, is left
 * out). */
int xq_text_width(const char *s, size_t len);
size_t xq_utf8_prefix(const char *s, size_t n);

/* --- walking a game (lib/walk.c): the one tree walk
 *
 * xq_game_walk() visits every node of a replayed game with the position
 * before and after its move, without copying the tree.  Order: the main
 * line from its first move to its last; then, for each node of the main
 * line in turn (first move first), the variations that replace it, in the
 * order written, each walked the same way (its own line first, then the
 * variations inside it).  A node whose move is XQ_MOVE_NONE or not legal
 * in its position (a bad move) is visited with after == NULL, and nothing
 * below it is visited: its line ends there.  Variations nested deeper than
 * XQ_MAX_VARIATION_DEPTH are not entered: the first node of each such
 * variation is visited once with XQ_STEP_TOO_DEEP set and after == NULL.
 */
#define XQ_MAX_VARIATION_DEPTH 1000

/* The most moves one game holds, counting every line, in every format
 * (xq-formats(5)): readers report a game past it and keep the first ones,
 * so whatever one format reads, every other can read back. */
#define XQ_MAX_GAME_MOVES 1000000

enum xq_step_flags {
	XQ_STEP_MAINLINE = 1 << 0,   /* the node is on the main line */
	XQ_STEP_TOO_DEEP = 1 << 1,   /* a variation too deep to enter */
	/* xq_game_walk_written() only: a variation begins (node is its first
	 * node, before the position it is played in, after NULL, depth its
	 * depth) or has ended (the same fields again). */
	XQ_STEP_ENTER = 1 << 2,
	XQ_STEP_LEAVE = 1 << 3,
	/* XQ_WALK_UNPLAYED only: the node lies below a bad move (before and
	 * after NULL; keys[0..nkeys) are those up to the bad move, nkeys its
	 * ply).  Set on ENTER, LEAVE and TOO_DEEP steps there too. */
	XQ_STEP_UNPLAYED = 1 << 4,
};

struct xq_walk_step {
	const struct xq_node *node;  /* the node visited (never the root) */
	const struct xq_pos *before; /* the position its move is played in */
	const struct xq_pos *after;  /* after its move; NULL: not played */
	int ply;                     /* 1-based ply from the start position */
	int depth;                   /* variation depth: 0 on the main line */
	unsigned flags;              /* enum xq_step_flags */
	/* Keys of the positions of this line from the start: keys[0] is the
	 * start position's, keys[i] the one after ply i; nkeys is ply + 1 when
	 * after is set (keys[ply] == after->key), else ply.  Valid during the
	 * call only. */
	const uint64_t *keys;
	int nkeys;
};

/* What a visitor returns: go on, leave out everything below this node
 * (its continuation and the variations inside it; its own alternatives
 * are still visited), or end the walk. */
enum xq_walk_action { XQ_WALK_NEXT = 0, XQ_WALK_SKIP = 1, XQ_WALK_STOP = 2 };

typedef int (*xq_walk_fn)(void *data, const struct xq_walk_step *s);

/* Walk g (see above); the moves played are node->move, so the game must
 * have been replayed.  Replay found those moves legal, so they are played
 * without the legality test again (only a move that does not move a piece
 * of the side to move is refused): a node added after replay must hold a
 * legal move.  Returns 0, 1 when the visitor stopped the walk, or
 * XQ_ENOMEM. */
int xq_game_walk(const struct xq_game *g, xq_walk_fn visit, void *data);

/* The same walk in written order, as PGN writes a game: each node, then
 * each variation that replaces it (an XQ_STEP_ENTER step, the variation's
 * nodes in written order, an XQ_STEP_LEAVE step), then its continuation.
 * The main line is not visited first, whole.  Returning XQ_WALK_SKIP from
 * an ENTER step leaves that variation out (no LEAVE step follows); from a
 * node, it leaves out the node's continuation, while the variations that
 * replace the node are still visited.  A bad move and a too deep
 * variation are visited as by xq_game_walk().  Returns as it does. */
int xq_game_walk_written(const struct xq_game *g, xq_walk_fn visit, void *data);

/* The walk in a given order, with options: mode is one order, or'ed with
 * XQ_WALK_UNPLAYED.
 * - XQ_WALK_LINES: xq_game_walk()'s order; XQ_WALK_WRITTEN:
 *   xq_game_walk_written()'s.
 * - XQ_WALK_TREE: pre-order, the order of XQF's records: each node, then
 *   everything below it (its continuation first, with the variations
 *   inside it), then its next alternative.  It uses no recursion, so it
 *   enters variations at any depth (XQ_STEP_TOO_DEEP never comes).  SKIP
 *   leaves out what lies below the node; its alternatives come still.
 * - XQ_WALK_UNPLAYED (written and tree orders): also visit what lies below
 *   a bad move (its continuation and the variations inside it, in the
 *   walk's order) with XQ_STEP_UNPLAYED set and no positions, right after
 *   the bad move and before the variations that replace it, unless the
 *   visitor returns XQ_WALK_SKIP at the bad move: what writers keep of a
 *   line that cannot be played.
 * - XQ_WALK_NO_POSITIONS (tree order only): play no move; every node is
 *   visited (as with XQ_WALK_UNPLAYED, but without that step flag), before
 *   and after NULL, nkeys 0: the shape of the tree only, at the cost of
 *   following its links (what the XQF and DhtmlXQ writers need).
 * Returns as xq_game_walk() does, or XQ_EINVAL for an unknown mode (or
 * XQ_WALK_LINES with XQ_WALK_UNPLAYED, XQ_WALK_NO_POSITIONS in another
 * order). */
enum xq_walk_mode {
	XQ_WALK_LINES = 0,
	XQ_WALK_WRITTEN = 1,
	XQ_WALK_TREE = 2,
	XQ_WALK_ORDER = 3,          /* the mask of the order */
	XQ_WALK_UNPLAYED = 1 << 2,
	XQ_WALK_NO_POSITIONS = 1 << 3,
};
int xq_game_walk_mode(const struct xq_game *g, unsigned mode, xq_walk_fn visit, void *data);

/* --- problems: what readers and replay report */

enum xq_severity {
	XQ_SEV_NOTE = 0,    /* worth knowing, the game is fine (unknown tag) */
	XQ_SEV_WARNING,     /* repaired or doubtful; the game is still valid */
	XQ_SEV_ERROR,       /* the game is invalid (illegal move, bad FEN) */
	XQ_SEV_FATAL,       /* the source cannot be read further (I/O) */
};

enum xq_problem_code {
	XQ_P_SYNTAX = 1,    /* unparsable token or broken structure */
	XQ_P_ILLEGAL,       /* a move that is not legal in its position */
	XQ_P_AMBIGUOUS,     /* a move text that fits several legal moves */
	XQ_P_UNKNOWN_MOVE,  /* a move text that names no move (no such piece) */
	XQ_P_AFTER_END,     /* a move after mate or stalemate */
	XQ_P_RESULT,        /* result tag or token contradicts the game */
	XQ_P_SIDE,          /* side to move in the FEN vs the first move */
	XQ_P_FEN,           /* malformed or impossible FEN */
	XQ_P_TAG,           /* unknown or malformed tag (kept) */
	XQ_P_ENCODING,      /* undecodable input or unencodable output */
	XQ_P_TRUNCATED,     /* the input ended inside a game */
	XQ_P_LIMIT,         /* a game too large (nesting, size) */
	XQ_P_IO,            /* read or write error */
	XQ_P_FORMAT,        /* unknown or undetectable format */
	XQ_P_REPETITION,    /* a repetition ruling (xqcheck -r) */
	XQ_P_NATURAL_LIMIT, /* the natural move limit (xqcheck -r) */
};

struct xq_problem {
	enum xq_severity severity;
	enum xq_problem_code code;
	const char *file;   /* source name as given to the reader, or NULL */
	long game;          /* 1-based game index, 0 when not in a game */
	long line, col;     /* 1-based position in the source, 0 unknown */
	long byte;          /* binary sources, when has_byte: the byte offset
			     * (from 0) of the record concerned; printed as
			     * "byte 1106 (0x452)" before msg */
	int has_byte;
	int ply;            /* 1-based ply of the move concerned, 0 none */
	const char *text;   /* the offending text as written (UTF-8), or NULL */
	const char *msg;    /* what is wrong, lower case, no full stop */
};

/* Called for every problem; the library never prints.  The problem and
 * its strings (file, text, msg) live only during the call: a callback
 * that keeps them copies them. */
typedef void (*xq_problem_fn)(void *data, const struct xq_problem *p);

const char *xq_severity_name(enum xq_severity s);  /* "note", "warning", ... */
const char *xq_problem_name(enum xq_problem_code c); /* "illegal-move", ... */
/* What the commands' diagnostic line says of p after "FILE:LINE:COL:
 * SEVERITY: ": its game and ply ("game 3, ply 12: "), the text it is
 * about, a binary record's byte offset ("byte 1106 (0x452): ") and the
 * message, into buf as snprintf() writes: the length of the whole. */
int xq_problem_describe(char *buf, size_t size, const struct xq_problem *p);

/*
 * Replay a game (lib/replay.c), the one validator of every format: resolve
 * the text of every node of the main line and of every variation to a legal
 * move (a node already holding a move, as formats that store squares give
 * it, is checked for legality), detect the movetext notation, and report
 * illegal, ambiguous and unparsable moves (with the candidates), moves after
 * mate or stalemate, a result contradicting a final mate or stalemate, the
 * side to move in the FEN against the first move.  A bad move is marked
 * XQ_NODE_BAD and reported once, with its location (line and column, or
 * the byte offset of a binary record) and, for a move given as squares,
 * why (no piece there, the other side's piece, not legal) and how many
 * moves below it are left unplayed; nothing below it is checked.  file
 * names the source in problems.  Returns the number of errors (0: the game
 * is valid).
 */
int xq_game_replay(struct xq_game *g, const char *file,
		   xq_problem_fn fn, void *data);

/* The writers of a report may hand its positions, v of kind 'G' (a game
 * number), 'L' (a line number) or 'B' (a byte offset), and its names (a
 * file, a player) to the caller, who writes them to fp in their place. */
typedef void (*xq_put_pos_fn)(void *data, FILE *fp, char kind, long v);
typedef void (*xq_put_text_fn)(void *data, FILE *fp, const char *s);

/*
 * Problems kept past their callback (lib/check_report.c): add copies p and
 * its strings (0 or XQ_ENOMEM); clear frees the copies and keeps the room;
 * free releases all.  A list starts zeroed.
 */
struct xq_problem_list {
	struct xq_problem *p;
	size_t n, cap;
};
int xq_problem_list_add(struct xq_problem_list *l, const struct xq_problem *p);
void xq_problem_list_clear(struct xq_problem_list *l);
void xq_problem_list_free(struct xq_problem_list *l);

/*
 * A checked game as one JSON line (lib/check_report.c), what xqcheck -j
 * prints: file, game number, line, tags, start FEN, notation, plies,
 * result, status and counts, and the problems of problems[0..n) that are
 * this game's (p.game == g->index; the others skipped).  Positions go
 * through put_pos when it is set, else they are written as numbers.
 */
void xq_game_write_check_json(FILE *fp, const char *file, const struct xq_game *g,
			      const struct xq_problem *problems, size_t n,
			      xq_put_pos_fn put_pos, void *data);

/* ------------------------- repetition rulings and the natural limit (lib/rules.c)
 *
 * A judge follows one line of play position by position and reports, at
 * the ply where they happen, repetition rulings and natural-limit events
 * (docs: man/xqjudge.1; the rules are those of the Asian Xiangqi
 * Federation (AXF, also the WXF's), the Chinese Xiangqi Association (CXA)
 * and the Chinese rules of 1956).
 *
 * Repetition: a position (placement and side to move: Zobrist key, then a
 * full comparison) that occurs for the fold-th time since the last capture
 * gets a ruling over the span from the first of those occurrences (not
 * included) to this ply.  Every move of the span is labelled (check, mate
 * threat, chase with the chased pieces, idle and its kinds), each side is
 * classed, and the verdict of the chosen rules says who must change (and
 * loses if it goes on) or that it is a draw, with the rule cited and a
 * "needs review" reason where the rule is disputed or unverified.  After a
 * ruling the next one needs a span that starts at or after it.
 *
 * Natural limit: plies without a capture (only captures reset the count;
 * a FEN's half-move field counts as plies before the record, unseen).
 * When the count reaches the limit: a LIMIT event, or LIMIT_MATE when that
 * move mates or stalemates (the game ends by that result).  A side may
 * claim once its moves in the window, less its checks beyond check_cap,
 * and the opponent's moves both reach limit / 2: said in the LIMIT event
 * or, later, in a CLAIM event.
 */
enum xq_rules {
	XQ_RULES_CXA = 0,   /* Chinese Xiangqi Association (the default) */
	XQ_RULES_AXF,       /* Asian Xiangqi Federation, as the WXF */
	XQ_RULES_1956,      /* Chinese rules of 1956, chapters 7 and 8 */
};
/* "cxa", "axf", "1956"; and back (also "asian", "wxf", "chinese"): 0 or
 * XQ_EINVAL. */
const char *xq_rules_name(enum xq_rules r);
int xq_rules_from_name(const char *name, enum xq_rules *r);

struct xq_judge_opts {
	enum xq_rules rules;
	int fold;         /* occurrences that make a ruling, 2..4; 0: 3 */
	int limit;        /* natural limit in plies, 2..1000, even; 0: 120 */
	int check_cap;    /* checks that count toward a claim; 0: 10 */
	int kill_depth;   /* mate-threat search, in moves of the threatening
			   * side, all checks; 0: 3 */
	long kill_budget; /* nodes per search before "unknown"; 0: 5000 */
};

enum xq_label_flags {
	XQ_LABEL_CHECK = 1 << 0,        /* 将: the move checks */
	XQ_LABEL_KILL = 1 << 1,         /* 杀: threatens mate by checks */
	XQ_LABEL_KILL_UNKNOWN = 1 << 2, /* the search ran out of budget */
	XQ_LABEL_CHASE = 1 << 3,        /* 捉: new threats on chased[] */
	XQ_LABEL_IDLE = 1 << 4,         /* 闲: none of the above */
	XQ_LABEL_EXCHANGE = 1 << 5,     /* 兑: offers a same-kind exchange */
	XQ_LABEL_OFFER = 1 << 6,        /* 献: offers the piece */
	XQ_LABEL_BLOCK = 1 << 7,        /* 拦: hinders an enemy piece */
	XQ_LABEL_FOLLOW = 1 << 8,       /* 跟: attacks a protected piece */
	XQ_LABEL_KING_PAWN = 1 << 9,    /* a king or pawn attack: idle by rule */
	XQ_LABEL_DISCOVERY = 1 << 10,   /* 抽吃: threatens to win material by
					 * a check (a chase in CXA and 1956) */
	XQ_LABEL_JOINT = 1 << 11,       /* CXA: every chased piece gains only
					 * with two attackers against fewer
					 * protectors (联合捉, 少根子) */
	XQ_LABEL_MATE_AFTER = 1 << 12,  /* CXA 29.4: an attack whose capture
					 * would let the opponent mate at
					 * once, so not a chase (idle) */
};

#define XQ_MAX_CHASED 8
struct xq_label {
	int ply;                /* 1-based ply of the move in the line */
	xq_move move;
	enum xq_side side;      /* who moved */
	unsigned flags;         /* enum xq_label_flags */
	int nchased;
	struct {
		int sq;             /* where the chased piece stands after the move */
		enum xq_type type;
		int id;             /* its identity (0..15), the same all span long */
	} chased[XQ_MAX_CHASED];
};

enum xq_event_kind {
	XQ_EVENT_REPETITION = 1,
	XQ_EVENT_LIMIT,         /* the natural limit is reached */
	XQ_EVENT_LIMIT_MATE,    /* reached by a move that mates or stalemates */
	XQ_EVENT_CLAIM,         /* after the limit, a side may now claim */
};

enum xq_verdict {
	XQ_VERDICT_NONE = 0,
	XQ_VERDICT_DRAW,
	XQ_VERDICT_RED_LOSES,   /* Red must change; loses if it goes on */
	XQ_VERDICT_BLACK_LOSES,
};
/* "none", "draw", "red-loses", "black-loses" */
const char *xq_verdict_name(enum xq_verdict v);

enum xq_side_class {
	XQ_CLASS_ALLOWED = 0,         /* nothing forbidden (AXF: neither) */
	XQ_CLASS_PERPETUAL_CHECK,     /* 长将 */
	XQ_CLASS_PERPETUAL_CHASE,     /* AXF: one piece chased on every move */
	XQ_CLASS_FORBIDDEN,           /* CXA, 1956: every move attacks */
};
/* "allowed", "perpetual-check", "perpetual-chase", "forbidden" */
const char *xq_class_name(enum xq_side_class c);

struct xq_event {
	enum xq_event_kind kind;
	int ply;                /* the ply it happens at (0: before any move) */
	/* XQ_EVENT_REPETITION */
	enum xq_rules rules;
	int first, occurrences, cycle; /* span: plies first..ply */
	enum xq_verdict verdict;
	enum xq_side_class cls[2];     /* by side */
	int victim[2];                 /* AXF perpetual chase: the square of the
					* piece chased by side [s] at ply, else -1 */
	char rule[240];                /* the rule cited, UTF-8 */
	char review[640];              /* why it needs review ("; " between reasons), or "" */
	int nlabels;
	const struct xq_label *labels; /* the span's moves, ply order; valid
					* until the next call on the judge */
	/* natural-limit events */
	int plies;              /* plies without capture at this ply */
	int unseen;             /* of which before the record's start */
	int moves[2], checks[2];/* in the window, by side (seen plies) */
	int may_claim[2];       /* the side may claim the draw */
	enum xq_side mated;     /* LIMIT_MATE: the side that has lost */
	enum xq_side claimant;  /* CLAIM */
};

struct xq_judge;

/* A judge with those options (NULL: defaults): NULL when out of memory or
 * an option is out of range (*err says which: XQ_ENOMEM or XQ_ERANGE). */
struct xq_judge *xq_judge_new(const struct xq_judge_opts *o, int *err);
void xq_judge_free(struct xq_judge *j);

/*
 * Start a line at pos (its halfmove field is the unseen part of the
 * no-capture window).  Returns the number of events at ply 0 (a FEN whose
 * counter is already at or past the limit), or XQ_ENOMEM.
 */
int xq_judge_start(struct xq_judge *j, const struct xq_pos *pos);
/*
 * Play move m (legal in the position at the end of the line) as the next
 * ply; returns the number of events at that ply (read them with
 * xq_judge_event, valid until the next call), or XQ_ENOMEM, XQ_EILLEGAL.
 */
int xq_judge_push(struct xq_judge *j, xq_move m);
/* The same when the caller has played m already (a walk's step): after is
 * the position m leads to from the end of the line, trusted as such (not
 * checked), which saves the legality test and the move. */
int xq_judge_push_played(struct xq_judge *j, xq_move m, const struct xq_pos *after);
/* The same for node n of a replayed game, the next move of the line
 * (n's parent ended it): its move, key and check and capture flags as
 * xq_game_replay() left them (XQ_NODE_PLAYED; else XQ_EILLEGAL).  No
 * position is made: the judge replays the line only where a ruling or a
 * natural-limit event needs positions. */
int xq_judge_push_node(struct xq_judge *j, const struct xq_node *n);
/* The line from node *n on (*n, its child, ...), node by node as
 * xq_judge_push_node, until a ply has events: returns their number with
 * *n at that ply's node; or 0 at the end of what replay played, *n at the
 * first node not pushed (NULL at the end of the line); or XQ_ENOMEM.
 * xq_judge_window: the ply of the line's last capture, 0 for none (a new
 * no-capture stretch starts there). */
int xq_judge_push_nodes(struct xq_judge *j, const struct xq_node **n);
int xq_judge_window(const struct xq_judge *j);
/* Cut the line back to its first plies plies (for variations): 0, or
 * XQ_ERANGE when the line is shorter. */
int xq_judge_truncate(struct xq_judge *j, int plies);
/* Plies in the line; the position after ply (0: the start), NULL past it.
 * The judge keeps only the keys of its line, and makes a position (by
 * replaying from the nearest one it has) when a ruling or this call needs
 * it: the pointer stays valid until the next push, truncate or start. */
int xq_judge_plies(const struct xq_judge *j);
const struct xq_pos *xq_judge_position(const struct xq_judge *j, int ply);
const struct xq_event *xq_judge_event(const struct xq_judge *j, int i);

/* --- judging a whole game
 *
 * xq_game_judge() runs a judge over a replayed game: the main line, and
 * every variation when all_lines is set, handing each event to fn (may be
 * NULL) with the node it happened at.  It is the one judgement of a game
 * that xqjudge, xqcheck -r and xqconv --judge share. */
struct xq_game_event {
	const struct xq_event *ev;   /* valid during the callback */
	const struct xq_node *node;  /* the node of ev->ply, NULL at ply 0 */
	const struct xq_judge *j;    /* positions of the line: label l was
				      * played in xq_judge_position(j, l.ply - 1) */
	int mainline;                /* the event is on the main line */
	int depth;                   /* variation depth */
};
typedef void (*xq_game_event_fn)(void *data, const struct xq_game_event *e);

struct xq_game_verdict {
	enum xq_verdict verdict;     /* at the end of the main line */
	long rulings, against;       /* repetition rulings; of which against a side */
	long limits;                 /* natural-limit events */
};

/*
 * Judge g (replayed) with j; *res is filled.  Returns 0 or XQ_ENOMEM.  The
 * verdict at the end of the main line is the last event of its final
 * no-capture stretch: a repetition ruling's verdict, a draw for the natural
 * limit (once a side may claim), the mated side's loss for a mate on the
 * limit move; "none" without such an event.
 */
int xq_game_judge(struct xq_judge *j, const struct xq_game *g, int all_lines,
		  xq_game_event_fn fn, void *data, struct xq_game_verdict *res);
/* The main line's events as warnings (XQ_P_REPETITION, XQ_P_NATURAL_LIMIT,
 * the message xq_event_text's) through fn, file naming the source; bumps
 * g->warnings.  0 or XQ_ENOMEM. */
int xq_game_judge_warn(struct xq_judge *j, struct xq_game *g, const char *file,
		       xq_problem_fn fn, void *data);
/* Every event of every line as a comment after its move (before the first
 * move for ply 0): xq_event_text's words, then for a ruling the labels of
 * its moves, the moves in notation n.  0 or XQ_ENOMEM. */
int xq_game_judge_comment(struct xq_judge *j, struct xq_game *g, enum xq_notation n);

/* What an event decides: a ruling's verdict; for a mate on the limit
 * move, the mated side's loss; for another natural-limit event, a draw
 * once a side may claim it, else none. */
enum xq_verdict xq_event_verdict(const struct xq_event *ev);

/* Words for the labels of a move ("check 将", "chase 捉 horse c1 and ..."),
 * and for an event in one line ("repetition (cxa, 3rd occurrence, plies
 * 5-12): Red must change, ..."): cut to fit size, always ended. */
void xq_label_text(const struct xq_label *l, char *buf, size_t size);
void xq_event_text(const struct xq_event *ev, char *buf, size_t size);
/* The names of the labels set in flags ("check", "mate-threat", "chase",
 * ...), for data, in the order xq_label_text() says them, into
 * names[0..max); returns how many. */
#define XQ_LABEL_KINDS 13
int xq_label_names(unsigned flags, const char **names, int max);

/* --- a game's judgement as text or JSON (lib/judge_report.c)
 *
 * xq_game_judge_report() judges g as xq_game_judge() does and writes what
 * xqjudge(1) prints for it to r->fp: for people, a line naming the game
 * (file: game N (line L): Red - Black), each event (a ruling with the
 * labels of its span's moves, in r->notation), and the verdict at the end
 * of the main line; or, with r->json, one JSON object on one line.  A
 * game number ('G') and a line number ('L') go through r->put_pos, and a
 * name (the file, a player, in the text) through r->put_text, when they
 * are set (a caller marking them, say); else they are written as they
 * are.  Returns 0 or XQ_ENOMEM; a write error is the FILE's.
 */
struct xq_judge_report {
	FILE *fp;
	enum xq_notation notation;
	int json;
	xq_put_pos_fn put_pos;
	xq_put_text_fn put_text;
	void *data;
};
int xq_game_judge_report(struct xq_judge *j, const struct xq_game *g, const char *file,
			 int all_lines, const struct xq_judge_report *r,
			 struct xq_game_verdict *res);
/* The options a judge runs with, defaults filled in. */
const struct xq_judge_opts *xq_judge_options(const struct xq_judge *j);


/* --------------------------------------------- formats (formats/ directory) */

/*
 * Reading: a reader is an iterator over the games of one source (a FILE or
 * a buffer).  It undoes gzip transparently, sniffs the format when none is
 * named, detects the text encoding (UTF-8 with or without BOM, else
 * GB18030, Big5 when GB18030 fails badly) unless one is named, and hands
 * out one game at a time; memory is bounded by the largest game.  A bad
 * game is reported through the problem callback and the reader goes on
 * with the next one.
 *
 * A source that holds no record is not an empty success: when the format
 * was sniffed and nothing claims the input, or a non-blank input gives no
 * game, the reader reports a fatal XQ_P_FORMAT problem ("no game record
 * found", naming the kind of file or dialect when it is recognisable: an
 * image, an archive, a CSV export, ...) and hands out no game.  Embedded
 * formats (XQ_FORMAT_EMBEDDED) are looked for past the head, up to
 * XQ_SNIFF_MAX bytes into the input.
 */
struct xq_reader;
#define XQ_SNIFF_MAX (16 << 20)

enum xq_read_flags {
	XQ_READ_NO_REPLAY = 1 << 0,  /* hand games out unreplayed (moves as text) */
	XQ_READ_LAX_FEN = 1 << 1,    /* accept composed-problem FENs (XQ_FEN_LAX) */
};

/* The strings of the options (format, encoding, name) are kept by
 * pointer, not copied: they must outlive the reader (or writer). */
struct xq_reader_opts {
	const char *format;    /* "pgn", "text", ...; NULL or "auto": sniff */
	const char *encoding;  /* iconv name ("GBK", "BIG5", "UTF-8"); NULL: detect */
	const char *name;      /* source name for problems ("<stdin>" etc.) */
	unsigned flags;        /* enum xq_read_flags */
	xq_problem_fn problem; /* may be NULL */
	void *problem_data;
	/* A piece of a bigger input (a byte range, xq_range_opts()) told no
	 * encoding: at its first byte that is not ASCII, the encoding is the
	 * one reading the whole input whole[0..whole_len) from its start
	 * settles on, not the piece's own evidence.  NULL: none. */
	const void *whole;
	size_t whole_len;
};

/* Open a reader on fp (not closed by the reader), on descriptor fd (read
 * with read(2) from where it stands; not closed by the reader) or on
 * buf[0..len) (read where it lies, neither copied nor written, so a
 * read-only map will do: it must outlive the reader).  NULL on failure
 * with *err set (XQ_EINVAL: unknown format or encoding name; XQ_ENOMEM;
 * XQ_EIO with errno EISDIR: fp or fd is a directory).  When fp is a
 * pipe, terminal or socket, its descriptor is read directly, so that games
 * are handed out as they arrive: nothing must have been read from fp. */
struct xq_reader *xq_reader_open(FILE *fp, const struct xq_reader_opts *o,
				 int *err);
struct xq_reader *xq_reader_open_fd(int fd, const struct xq_reader_opts *o, int *err);
struct xq_reader *xq_reader_open_mem(const void *buf, size_t len,
				     const struct xq_reader_opts *o, int *err);

/*
 * The next game: 1 with *out set (the caller frees it with xq_game_free),
 * 0 at the end, or a negative XQ_E* code after a fatal problem (XQ_EIO:
 * the input could not be read; XQ_ENOMEM; the problem was reported).  Games with errors are handed out too, flagged
 * XQ_GAME_BROKEN; the caller decides what to do with them.
 */
int xq_reader_next(struct xq_reader *r, struct xq_game **out);
void xq_reader_close(struct xq_reader *r);

/* What the reader found: the format's name, the encoding in use. */
const char *xq_reader_format(const struct xq_reader *r);
const char *xq_reader_encoding(const struct xq_reader *r);
/* After reading g with r (lib/encoding_hint.c): when g has errors, its
 * encoding was detected (encoding, the one asked for, is NULL, "" or
 * "auto") and its first unplayable move reads as no move of either side
 * for a character outside ASCII, a warning (XQ_P_ENCODING) through fn that
 * the text may be garbled and -e chooses the encoding; name is the
 * source's.  Returns 1 when warned, else 0. */
int xq_game_encoding_hint(const struct xq_reader *r, const struct xq_game *g, const char *name,
			  const char *encoding, xq_problem_fn fn, void *data);
/* Bytes consumed so far (compressed input counts compressed bytes). */
uint64_t xq_reader_offset(const struct xq_reader *r);
/* The number of the line read last (text formats): where a game or a
 * problem is. */
long xq_reader_line(const struct xq_reader *r);

/*
 * Byte ranges of one input, for reading it in pieces (on several cores or
 * machines): the games starting in range k of n (1-based; each range
 * len / n bytes) are those of buf[start..end), which a reader opened with
 * xq_reader_open_mem() on it and the options o as range_opts() below
 * gives reads exactly as reading buf whole reads them.  A range begins at
 * the first game that begins in it (the format's game_start rule), so
 * that a game spanning a boundary belongs to the range it starts in.  An
 * input splits when its format has such a rule (PGN); else range 1 is the
 * whole input and the others are empty.  The encoding is the whole
 * input's: an ASCII head leaves it to the first byte that is not, so the
 * text up to there is decoded to find it.  Problems of looking are not
 * reported (reading the ranges reports them).
 */
struct xq_range {
	size_t start, end;
	int split;            /* 1 split by the format's rule; 0 read whole */
	char format[16];      /* for a range not at the input's start: the */
	char encoding[32];    /* input's format and encoding ("": detect) */
	int enc_later;        /* a head: no byte outside ASCII near the start, so
			       * a range holding one finds the encoding itself */
	/* such a range: the input, for its reader to find the encoding in
	 * (xq_reader_opts) */
	const void *whole;
	size_t whole_len;
};
/* 0, or XQ_ENOMEM. */
int xq_reader_range(const void *buf, size_t len, const struct xq_reader_opts *o,
		    long k, long n, struct xq_range *rg);
/* xq_reader_range() in two steps, for many ranges of one input: the
 * input's format, encoding and whether it splits, looked for once into
 * *head (its start 0, its end len; 0 or XQ_ENOMEM), then range k of n of
 * the same buf by that head (0 or XQ_ENOMEM).  The head reads the first
 * 64 KiB at most: when they are all ASCII, the encoding is settled
 * later, and the reader of a range that comes to a byte outside ASCII
 * looks for it from the input's start (any encoding reads ASCII alike);
 * the cut looks only at the bytes near the range's ends. */
int xq_range_head(const void *buf, size_t len, const struct xq_reader_opts *o,
		  struct xq_range *head);
int xq_range_cut(const struct xq_range *head, const void *buf, size_t len, long k, long n,
		 struct xq_range *rg);
/* The options for reading range rg of an input read with o. */
struct xq_reader_opts xq_range_opts(const struct xq_range *rg, const struct xq_reader_opts *o);
/* The ranges jobs readers share out one input of len bytes in, in the
 * order they are to be taken (guided self-scheduling: readers that run at
 * different speeds still end together): the first half of the input in a
 * range a reader, then half of the rest, and so on while a range holds
 * least bytes, then the rest in a range a reader; a range that would hold
 * more than most bytes is cut in two, and again, while its halves hold
 * least.  Each is the k-th of n, n the jobs times a power of two, so that
 * they cover the input in order, each byte once.  The first max of them
 * into k[] and n[]: their count (more than max: call again with room).
 * jobs, least and most below 1 count as 1, jobs past 65536 as 65536. */
long xq_range_plan(uint64_t len, int jobs, uint64_t least, uint64_t most, long *k, long *n,
		   long max);

/*
 * A stream (standard input, a pipe, a compressed file), which cannot be
 * read in ranges, cut into chunks of whole games as it is read, by the
 * rule of the ranges: a chunk ends where the first game begins once it
 * holds `target` bytes.  Reading the chunks in order, each with the
 * options xq_chunk_opts() gives, reads what reading the stream whole
 * reads: the chunk where the encoding is found grows (up to XQ_SNIFF_MAX)
 * while the evidence is close, and the chunks after it are told the
 * encoding.  The splitter reads descriptor fd (raw bytes) or, fd -1, the
 * compressed file gz (ungzipped as it is read); it closes neither.
 * Open: NULL with *err XQ_ENOMEM or XQ_EINVAL (gz unreadable).  The head
 * is read at once, to find the format.
 */
struct xq_splitter;
struct xq_chunk {
	const void *buf;      /* valid until the next xq_splitter_next(), or,
			       * shared, until xq_splitter_release() */
	size_t len;
	uint64_t offset;      /* of buf[0] in the stream (ungzipped) */
	char format[16];      /* for a chunk not at the stream's start: */
	char encoding[32];    /* its format and, once found, encoding ("": find) */
};
struct xq_splitter *xq_splitter_open(int fd, FILE *gz, const struct xq_reader_opts *o,
				     size_t target, int *err);
/* 1: cut, chunks from xq_splitter_next(); 0: the stream cannot be cut (no
 * format with a rule, compressed on a descriptor, a read error), one
 * reader takes its bytes from xq_splitter_read(); -1: neither, the input
 * is to be read again from its start in one piece (a compressed file that
 * cannot be cut; nothing could be read from fd). */
int xq_splitter_cuts(const struct xq_splitter *s);
/* The next chunk: 1; 0 at the end; XQ_EIO after the last chunk when the
 * stream could not be read to its end (xq_splitter_errno() says why);
 * XQ_EINVAL when the compressed stream is damaged (read it again whole,
 * which reports where); XQ_ENOMEM. */
int xq_splitter_next(struct xq_splitter *s, struct xq_chunk *c);
struct xq_reader_opts xq_chunk_opts(const struct xq_chunk *c, const struct xq_reader_opts *o);
/* Chunks handed out, from now on, in buffers shared with the processes
 * forked after they were made (shared memory, not copied on write), each
 * written again only once xq_splitter_release() gives it back: a process
 * forked with a chunk reads it where the splitter wrote it, and a few
 * buffers serve the whole stream, where fresh memory for each chunk would
 * cost a page zeroed for each page read.  Before the first chunk: 0;
 * XQ_EINVAL after it; XQ_ENOMEM (the splitter goes on unshared). */
int xq_splitter_share(struct xq_splitter *s);
/* The chunk whose buffer is buf is read: its buffer may be written again
 * (shared chunks; otherwise nothing is done). */
void xq_splitter_release(struct xq_splitter *s, const void *buf);
/* An uncut stream's bytes as they come, the head first: the count into
 * *buf (valid until the next call), 0 at the end, -1 on an error. */
long xq_splitter_read(struct xq_splitter *s, const void **buf);
/* The errno value of the last read error, 0 none. */
int xq_splitter_errno(const struct xq_splitter *s);
void xq_splitter_close(struct xq_splitter *s);

/*
 * Writing: a writer turns games into one output stream in a format,
 * notation and encoding.  Each game is rendered in UTF-8, then converted;
 * a character the output encoding cannot hold makes xq_writer_write()
 * report an XQ_P_ENCODING error naming the game and the text, write
 * nothing of that game and return XQ_EINVAL.
 */
struct xq_writer;

enum xq_write_flags {
	XQ_WRITE_CRLF = 1 << 0,      /* CRLF line ends */
	XQ_WRITE_BOM = 1 << 1,       /* UTF-8 output starts with a BOM */
	XQ_WRITE_NO_COMMENTS = 1 << 2,
	XQ_WRITE_NO_VARIATIONS = 1 << 3,
	/* Text formats: convert the text to traditional (or simplified)
	 * characters with OpenCC before encoding it, e.g. for Big5, which
	 * holds no simplified ones; xq_writer_open() fails with XQ_EIO when
	 * OpenCC's tables cannot be loaded. */
	XQ_WRITE_TRADITIONAL = 1 << 4,
	XQ_WRITE_SIMPLIFIED = 1 << 5,
	/* Big5 (BIG5, CP950, BIG5-HKSCS) holds no simplified characters, so
	 * a text format written in it gets traditional notation
	 * (XQ_NOTE_TRAD) and, unless one of the two flags above or this one
	 * is given, XQ_WRITE_TRADITIONAL.  This flag keeps the text as it
	 * is (what cannot be encoded then fails the game). */
	XQ_WRITE_KEEP_SCRIPT = 1 << 6,
	/* A character the output encoding lacks is written as '?' (a
	 * warning per game counts them) instead of failing the game with
	 * XQ_EINVAL.  GB18030 and UTF-8 hold every character. */
	XQ_WRITE_REPLACE = 1 << 7,
};

struct xq_writer_opts {
	const char *format;        /* "pgn" (default), "text", ... */
	const char *encoding;      /* NULL: UTF-8 */
	enum xq_notation notation; /* ANY: the format's default (Chinese) */
	unsigned notation_flags;   /* enum xq_notation_flags */
	unsigned flags;            /* enum xq_write_flags */
	const char *name;          /* output name for problems */
	xq_problem_fn problem;
	void *problem_data;
};

/* A writer on fp (not closed by the writer), or NULL with *err set:
 * XQ_EINVAL (unknown format or encoding name, a format that cannot
 * write), XQ_EIO (OpenCC's tables cannot be loaded, reported through the
 * problem callback), XQ_ENOMEM. */
struct xq_writer *xq_writer_open(FILE *fp, const struct xq_writer_opts *o,
				 int *err);
/* 0, XQ_EINVAL (game not writable: unencodable text, unreplayed game),
 * XQ_ENOMEM or XQ_EIO (write failed).  A game is written whole or not at
 * all: when anything fails while it is rendered (a failed xq_writer_put(),
 * memory), nothing of it is written and the error is returned; the
 * writer goes on with the next game. */
int xq_writer_write(struct xq_writer *w, const struct xq_game *g);
/* Flush; 0 or XQ_EIO.  fp stays open. */
int xq_writer_close(struct xq_writer *w);
/* Lines of text (tags, comments, moves) XQ_WRITE_TRADITIONAL or
 * XQ_WRITE_SIMPLIFIED changed so far. */
long xq_writer_converted(const struct xq_writer *w);

/*
 * The formats: a format is a struct xq_format (its name, extensions and
 * description, what it can do; lib/xq_format.h, the format author's
 * header, has the whole table), found by name or file name.
 */
struct xq_format;
/* The registry: NULL-terminated, in sniffing-tie order. */
extern const struct xq_format *const xq_formats[];
/* A format by name (case-insensitive) or by file extension; NULL if none. */
const struct xq_format *xq_format_find(const char *name);
const struct xq_format *xq_format_by_filename(const char *path);
/* The same among the formats that read ("html" and an .html file:
 * dhtmlxq, the page writer being write only). */
const struct xq_format *xq_format_find_reader(const char *name);
const struct xq_format *xq_format_reader_by_filename(const char *path);

/* --- encodings (lib/encoding.c), iconv at the edges */

/* Nothing is invented on reading: a byte 0x80..0xFF that starts no
 * character of the input's encoding is kept as the code point
 * XQ_RAW_BYTE_BASE + byte (U+10FE80..U+10FEFF, private use), reported as
 * a warning, and written back as that byte into every legacy encoding
 * (GBK, GB18030, Big5, XQF); UTF-8 output keeps the code point. */
#define XQ_RAW_BYTE_BASE 0x10FE00u

/* The byte whose raw code point starts s[0..n) (in UTF-8), else -1: for a
 * program that shows such a byte as the byte it was (\xNN). */
int xq_raw_byte_at(const char *s, size_t n);

/* "UTF-8", "GB18030" or "BIG5" for a sample of bytes (a BOM means UTF-8;
 * otherwise the likeliest reading of the three, by the characters each
 * makes of the bytes: xq-formats(5), Encodings). */
const char *xq_detect_encoding(const void *buf, size_t len);

/* Canonical iconv name for a user spelling ("gbk", "gb2312", "big5",
 * "utf8", ...), NULL when unknown. */
const char *xq_encoding_name(const char *user);

/*
 * Convert in[0..len) from encoding from to encoding to into a new malloc'd
 * NUL-terminated buffer (*out, *outlen).  On a byte sequence that cannot be
 * decoded or a character that cannot be encoded, returns XQ_EINVAL with
 * *bad set to the offset in the input (when not NULL).  XQ_ENOMEM.
 */
int xq_convert(const char *to, const char *from, const char *in, size_t len,
	       char **out, size_t *outlen, size_t *bad);

/* ------------------------------------------- search (lib/search.c, lib/eval.c) */

#define XQ_SCORE_MATE 30000          /* score of mate now; mate in n plies: XQ_SCORE_MATE - n */
#define XQ_SCORE_IS_MATE(s) ((s) > XQ_SCORE_MATE - 1000 || (s) < -(XQ_SCORE_MATE - 1000))
#define XQ_MAX_PV 64

struct xq_search;                    /* a search handle: owns its transposition table */

struct xq_search_limits {
	int depth;                   /* plies; 0: no depth limit */
	uint64_t nodes;              /* 0: no node limit */
	int64_t movetime_ms;         /* 0: no time limit; past 10^12 (31 years) as that */
	int threads;                 /* 0 or 1: single-threaded (deterministic) */
	/* Search only these moves at the root (UCI's searchmoves; kept by
	 * pointer for the run); nsearchmoves 0: every legal move.  A move
	 * that is not legal at the root is left out; none legal: XQ_EINVAL. */
	const xq_move *searchmoves;
	int nsearchmoves;
};

struct xq_search_info {
	int depth, seldepth;
	int score;                   /* centipawns for the side to move (mate: see XQ_SCORE_MATE) */
	uint64_t nodes;
	int64_t time_ms;
	int npv;
	xq_move pv[XQ_MAX_PV];       /* pv[0] is the best move; XQ_MOVE_NONE when no legal move */
};

/* hash_mb: size of the transposition table; NULL when out of memory. */
struct xq_search *xq_search_new(size_t hash_mb);
void xq_search_free(struct xq_search *s);
/* Forget the table and history (a new game). */
void xq_search_clear(struct xq_search *s);

/*
 * Search pos within lim.  history[0..nhistory) are the keys of the positions
 * before pos in the game (oldest first; pos->key not included), for
 * repetitions.  info (may be NULL) is called after each completed iteration.
 * The final result goes to *out.  Deterministic for a given depth or node limit
 * with one thread.  0 or XQ_E*.
 *
 * Details: the table carries over from one run to the next, so "the same"
 * means the same runs on the handle since xq_search_new() or
 * xq_search_clear().  A node limit is checked every 1024 nodes and the
 * first iteration always completes, so a search may overshoot it a little.
 * Scores of XQ_SCORE_WIN_PERPETUAL - n (n plies away) and below mean that
 * the other side is forced into perpetual check, which loses; a plain
 * repetition scores 0.  A position of the tree repeats when it comes a
 * second time on its line, the root's or one of history's only the third
 * time (a game that came back to a position once goes on).  With no legal move (mate or stalemate, both lost),
 * out->score is -XQ_SCORE_MATE, npv 0 and pv[0] XQ_MOVE_NONE.  An
 * xq_search_stop() that comes before the run starts is forgotten.
 */
int xq_search_run(struct xq_search *s, const struct xq_pos *pos,
		  const uint64_t *history, int nhistory,
		  const struct xq_search_limits *lim,
		  void (*info)(void *data, const struct xq_search_info *i), void *data,
		  struct xq_search_info *out);
/* The same, with history_checks[i] != 0 when the side to move at
 * history[i] was in check (may be NULL), so that a perpetual check reaching
 * back into the game is seen as one; xq_search_run() counts such a cycle
 * as a plain draw. */
int xq_search_run_checks(struct xq_search *s, const struct xq_pos *pos,
			 const uint64_t *history, const uint8_t *history_checks, int nhistory,
			 const struct xq_search_limits *lim,
			 void (*info)(void *data, const struct xq_search_info *i), void *data,
			 struct xq_search_info *out);
/* Ask a running search to stop soon (safe from another thread or a signal). */
void xq_search_stop(struct xq_search *s);

/* Static evaluation in centipawns for the side to move. */
int xq_evaluate(const struct xq_pos *pos);

/* Perpetual check won by the side to move: XQ_SCORE_WIN_PERPETUAL - plies. */
#define XQ_SCORE_WIN_PERPETUAL 20000

/* ---------------------------------------- engine protocol (lib/uci.c)
 *
 * The text side of talking to an external engine: commands formatted into
 * buffers, the engine's lines parsed into struct xq_uci_msg.  No I/O here:
 * the process is run by struct xq_engine_process (lib/engine_process.c).
 *
 * Dialects: UCI with Pikafish coordinates (ranks 0..9, as ICCS), UCI as
 * Fairy-Stockfish speaks it for xiangqi (ranks 1..10, after
 * "setoption name UCI_Variant value xiangqi"), and UCCI (ElephantEye:
 * "ucci"/"ucciok", "setoption NAME VALUE", "go time", "nobestmove",
 * scores in plain centipawns with mates near 10000).
 */
enum xq_uci_dialect {
	XQ_UCI_AUTO = 0,   /* not known yet: detect */
	XQ_UCI_PIKAFISH,   /* UCI, ranks 0..9 (Pikafish, xqengine) */
	XQ_UCI_FSF,        /* UCI, ranks 1..10, UCI_Variant xiangqi */
	XQ_UCI_UCCI,       /* UCCI, ranks 0..9 */
};

/* "auto", "uci", "fsf", "ucci", and back (also "pikafish", "uci10",
 * "fairy-stockfish", "elephanteye"; case-insensitive): 0 or XQ_EINVAL. */
const char *xq_uci_dialect_name(enum xq_uci_dialect d);
int xq_uci_dialect_from_name(const char *name, enum xq_uci_dialect *d);

enum xq_uci_kind {
	XQ_UCI_EMPTY = 0,   /* a blank line */
	XQ_UCI_UNKNOWN,     /* a line that is no engine message (ignored) */
	XQ_UCI_ID_NAME,     /* id name TEXT */
	XQ_UCI_ID_AUTHOR,   /* id author TEXT */
	XQ_UCI_OPTION,      /* option name N type T [default D] [var V]... */
	XQ_UCI_UCIOK,       /* uciok, or ucciok */
	XQ_UCI_READYOK,
	XQ_UCI_INFO,
	XQ_UCI_BESTMOVE,    /* bestmove M [ponder P] */
	XQ_UCI_NOBESTMOVE,  /* UCCI nobestmove, UCI bestmove (none) or 0000 */
	XQ_UCI_BAD,         /* a known message with malformed arguments */
};

/* What an info line held (flags in xq_uci_msg.has). */
enum xq_uci_has {
	XQ_UCI_HAS_DEPTH = 1 << 0,
	XQ_UCI_HAS_SELDEPTH = 1 << 1,
	XQ_UCI_HAS_SCORE = 1 << 2,
	XQ_UCI_HAS_NODES = 1 << 3,
	XQ_UCI_HAS_TIME = 1 << 4,
	XQ_UCI_HAS_PV = 1 << 5,
	XQ_UCI_HAS_MULTIPV = 1 << 6,
	XQ_UCI_HAS_STRING = 1 << 7,
};

#define XQ_UCI_TEXT_MAX 256
#define XQ_UCI_MOVE_MAX 8    /* "a10a10" and a NUL */

struct xq_uci_msg {
	enum xq_uci_kind kind;
	/* ID_*: the text; OPTION: the name; INFO: the string after
	 * "info string"; BAD: what is wrong.  Cut to fit. */
	char text[XQ_UCI_TEXT_MAX];
	/* OPTION */
	char opt_type[16];             /* check spin combo button string */
	char opt_default[64];
	int opt_xiangqi;               /* a combo with "var xiangqi" */
	int opt_others;                /* its default or a var is another variant */
	/* INFO */
	unsigned has;                  /* enum xq_uci_has */
	int depth, seldepth, multipv;
	int score;                     /* side to move, XQ_SCORE_MATE convention */
	int bound;                     /* 0 exact, 1 lowerbound, -1 upperbound */
	uint64_t nodes;
	int64_t time_ms;
	int npv;                       /* moves of pv, as written (see below) */
	char pv[XQ_MAX_PV][XQ_UCI_MOVE_MAX];
	/* BESTMOVE */
	char best[XQ_UCI_MOVE_MAX], ponder[XQ_UCI_MOVE_MAX];
};

/*
 * Parse one line the engine wrote (without its line end) into *m.  Moves
 * are kept as text: their meaning depends on the position and dialect
 * (xq_uci_move_parse).  Unknown tokens inside info lines are skipped, as
 * the protocol asks; a number that does not parse makes the line XQ_UCI_BAD.
 * UCI mate scores ("score mate N", N moves) become XQ_SCORE_MATE - (2N - 1)
 * plies, or -(XQ_SCORE_MATE - 2N) when negative; in UCCI a plain score
 * beyond +-9800 is a mate in 10000 - |score| plies (ElephantEye's
 * convention).  Returns the kind.
 */
enum xq_uci_kind xq_uci_parse(const char *line, size_t len, enum xq_uci_dialect d,
			      struct xq_uci_msg *m);

/*
 * Dialect detection: feed every message of the handshake to
 * xq_uci_detect(), which updates *guess from the engine's name
 * (Fairy-Stockfish, Pikafish, ElephantEye, xqengine) and options: a
 * UCI_Variant combo offering xiangqi among other variants is a
 * multi-variant engine (Fairy-Stockfish, Sjaak II) writing chess-style
 * ranks 1..10; one offering xiangqi alone says nothing of the ranks.
 * After uciok, AUTO left means UCI with ranks 0..9.  UCCI is known from
 * "ucciok" to "ucci".
 */
void xq_uci_detect(enum xq_uci_dialect *guess, const struct xq_uci_msg *m);

/* A move's coordinates in dialect d ("h2e2", or "h3e3" for FSF) into out
 * (XQ_UCI_MOVE_MAX bytes); returns the length. */
int xq_uci_move_text(xq_move m, enum xq_uci_dialect d, char *out);
/* The legal move of pos that text names in dialect d: 0, or XQ_EINVAL
 * (not coordinates) or XQ_EILLEGAL (not legal here). */
int xq_uci_move_parse(const struct xq_pos *pos, const char *text,
		      enum xq_uci_dialect d, xq_move *out);

/*
 * Commands, each one line ending in "\n", written into buf[0..size) like
 * snprintf: the return value is the length the whole command needs (so a
 * return >= size means it was cut), or XQ_EINVAL.
 *   position: "position fen FEN [moves M...]", or "position startpos
 *   [moves ...]" when fen is NULL.
 *   go: "go depth D nodes N movetime T" with the limits that are not 0,
 *   then "searchmoves M..." when lim has some (UCI); UCCI takes one: depth,
 *   else nodes, else "time T movestogo 1", and no searchmoves (XQ_EINVAL).
 *   All 0: XQ_EINVAL (an infinite search is never asked for).
 *   setoption: "setoption name N value V" (UCI), "setoption N V" (UCCI).
 */
int xq_uci_position(char *buf, size_t size, enum xq_uci_dialect d,
		    const char *fen, const xq_move *moves, int nmoves);
int xq_uci_go(char *buf, size_t size, enum xq_uci_dialect d,
	      const struct xq_search_limits *lim);
int xq_uci_setoption(char *buf, size_t size, enum xq_uci_dialect d,
		     const char *name, const char *value);

/* ----------------------- the engine side of UCI (lib/uci_engine.c)
 *
 * A session of the built-in search speaking UCI with Pikafish coordinates
 * (ranks 0..9), as xqengine does on its standard input and output: fed
 * the GUI's lines one at a time, it answers uci, isready, setoption (Hash,
 * Threads, Clear Hash, UCI_Variant xiangqi), ucinewgame, position startpos
 * | fen FEN [moves ...] (the game's positions passed to the search for its
 * repetitions), go [depth N] [nodes N] [movetime MS] [wtime MS btime MS
 * winc MS binc MS movestogo N] [searchmoves M...] [infinite | ponder],
 * stop, ponderhit and quit; a bad command, position, move or value is
 * answered with "info string ...".  go starts the search in a thread of
 * the session, which writes the info lines and the bestmove; position,
 * go, setoption, ucinewgame, stop and ponderhit stop a running search
 * first, and an infinite search answers only when stopped.  Each reply is
 * one line without its newline, passed whole to reply (from the caller's
 * thread or the search's, never two at once).  No global state: sessions
 * are independent.
 */
#define XQ_UCI_HASH_MAX 4096     /* MB */
#define XQ_UCI_THREADS_MAX 64
typedef void (*xq_uci_reply_fn)(void *data, const char *line);
struct xq_uci_session_opts {
	size_t hash_mb;          /* 1..XQ_UCI_HASH_MAX; 0: 16 */
	int threads;             /* 1..XQ_UCI_THREADS_MAX; 0: 1 */
	const char *name;        /* "id name": NULL for "xqengine VERSION" */
	const char *author;      /* "id author": NULL for "the xqtools authors" */
	xq_uci_reply_fn reply;
	void *reply_data;
};
struct xq_uci_session;
/* NULL with *err XQ_EINVAL (no reply function, a value out of range) or
 * XQ_ENOMEM. */
struct xq_uci_session *xq_uci_session_new(const struct xq_uci_session_opts *o, int *err);
/* One line from the GUI (NUL-terminated; its newline may be left on):
 * 1 to read on, 0 after quit, XQ_ENOMEM. */
int xq_uci_session_line(struct xq_uci_session *s, const char *line);
/* The end of the input: wait for a running search with limits to answer;
 * stop (or an infinite search) asks it to stop first. */
void xq_uci_session_end(struct xq_uci_session *s, int stop);
/* Stop a running search and release the session. */
void xq_uci_session_free(struct xq_uci_session *s);

/* ------------------------ external engines (lib/engine_process.c)
 *
 * A UCI or UCCI engine (Fairy-Stockfish, Pikafish, ElephantEye, xqengine)
 * run as a child process: argv[0] is looked up in PATH and run without a
 * shell, in a process group of its own, its stdin, stdout and stderr on
 * pipes.  Every wait has a time limit; an engine that dies, hangs (no
 * answer in time: asked to stop, then killed) or writes garbage (a
 * malformed line, an illegal move) is killed and reaped, and the call
 * fails with XQ_EIO and a message naming the engine and the last line it
 * wrote ("engine 'X' gave no bestmove in time; it said last: '...'").
 * After such a failure the engine is gone; xq_engine_process_start() runs
 * it again.  No child is ever left unreaped.
 *
 * SIGPIPE: writing to an engine that died raises SIGPIPE in the caller,
 * whose default action ends the program; the library never changes a
 * signal's disposition in the caller's process, so a program that runs
 * engines ignores SIGPIPE (signal(SIGPIPE, SIG_IGN)) before starting one,
 * and a write to a dead engine then fails and is reported as above.  The
 * engine itself runs with SIGPIPE at its default whatever the caller did.
 *
 * A handle is used by one thread at a time; engines of different handles
 * may be started and used from different threads at once.
 */
struct xq_engine_process;

struct xq_engine_option {
	const char *name, *value;    /* "setoption name N value V"; value NULL: none */
};

struct xq_engine_process_opts {
	char *const *argv;           /* argv[0] (PATH searched), its arguments, NULL */
	enum xq_uci_dialect dialect; /* XQ_UCI_AUTO: detected at the handshake */
	const struct xq_engine_option *options;   /* sent after the handshake, in order */
	int noptions;
	int handshake_ms;            /* the wait for uciok and readyok; 0: 10 s */
	int search_ms;               /* a search's wait beyond its own movetime; 0: 60 s */
};

/* A handle for the engine o describes, not started yet; o is copied, its
 * argv and options kept by pointer (they outlive the handle).  NULL with
 * *err (may be NULL) XQ_EINVAL (no argv[0]) or XQ_ENOMEM. */
struct xq_engine_process *xq_engine_process_new(const struct xq_engine_process_opts *o, int *err);
/* Stop the engine (as xq_engine_process_stop) and free the handle; NULL
 * is ignored. */
void xq_engine_process_free(struct xq_engine_process *p);

/*
 * Run the engine and shake hands: "uci" (or "ucci"; with XQ_UCI_AUTO,
 * "uci" and, when the engine says nothing of UCI within 2 s, "ucci"),
 * the dialect detected (xq_uci_detect), "setoption name UCI_Variant
 * value xiangqi" for Fairy-Stockfish, "setoption usemillisec true" for a
 * UCCI engine that offers it, the options, "isready".  An engine already
 * running is stopped first.  0; XQ_EINVAL: argv[0] cannot be run at all
 * (no such program, not executable: running it again will not help);
 * XQ_EIO: no pipe or process, or the engine died, hung or wrote garbage in
 * the handshake, or an option cannot be written as one setoption line.
 */
int xq_engine_process_start(struct xq_engine_process *p);
/* A new game is coming: "ucinewgame" (not in UCCI), "isready".  0 or
 * XQ_EIO (the engine is not running, or failed: then it is gone). */
int xq_engine_process_new_game(struct xq_engine_process *p);
/*
 * Search the position after moves[0..n) from fen (NULL: the usual start)
 * within lim (at least one of depth, nodes, movetime set; searchmoves not
 * in UCCI); pos is that position, for reading the moves the engine names.
 * The last info line's depth, seldepth, score (for the side to move;
 * multipv lines past the first ignored), nodes, time and pv (cut at its
 * first illegal move) go to *out, the best move as pv[0]; "nobestmove"
 * or "bestmove (none)" in a position with no legal move is npv 0, score
 * -XQ_SCORE_MATE.  A search that gives no bestmove within search_ms past
 * lim->movetime_ms is sent "stop" and given one more second.  0;
 * XQ_EINVAL: the position or limits cannot be written (the engine stays);
 * XQ_ENOMEM; XQ_EIO: the engine is not running, died, hung, or spoke
 * garbage (a malformed line, an illegal best move, a best move without a
 * score, no move where there are legal ones): then it is gone.
 */
int xq_engine_process_search(struct xq_engine_process *p, const char *fen, const xq_move *moves,
			     int n, const struct xq_pos *pos, const struct xq_search_limits *lim,
			     struct xq_search_info *out);
/* Quit: "quit", then SIGTERM and SIGKILL to its process group, each after
 * a second, and reap it.  Nothing happens when it is not running. */
void xq_engine_process_stop(struct xq_engine_process *p);
/* SIGKILL to the engine's process group, nothing else (no reaping: stop
 * or free does that); async-signal-safe, for a fatal signal's handler.
 * p may be NULL. */
void xq_engine_process_kill(const struct xq_engine_process *p);

/* Whether the engine is running (started, and not failed or stopped). */
int xq_engine_process_running(const struct xq_engine_process *p);
/* The engine's name ("id name", else argv[0]) and dialect as the
 * handshake found them; they stay after the engine is gone. */
const char *xq_engine_process_name(const struct xq_engine_process *p);
enum xq_uci_dialect xq_engine_process_dialect(const struct xq_engine_process *p);
/* The last line it wrote, on stdout or stderr, trailing blanks cut ("":
 * none). */
const char *xq_engine_process_last(const struct xq_engine_process *p);
/* Why the last call failed, with the last line it wrote. */
const char *xq_engine_process_error(const struct xq_engine_process *p);
/* Where: the n of the search that failed, or -1 when the last failure was
 * no search (the start, a new game). */
int xq_engine_process_failed_at(const struct xq_engine_process *p);
/* How many times the engine was started and shook hands on this handle. */
long xq_engine_process_starts(const struct xq_engine_process *p);

/* ------------------------------------------ ECCO openings (lib/ecco.c) */

/*
 * The ECCO code of an opening (《中国象棋开局编号》, A00 to E99) with its
 * opening and variation names, as xqbase's ECCO pages define them and
 * xqbase writes them in [ECCO], [Opening] and [Variation] tags.  Names are
 * UTF-8, simplified and traditional; variation is "" when the code has
 * none.  The strings are static.
 */
struct xq_ecco {
	char code[4];               /* "C45" */
	const char *opening, *variation;
	const char *opening_trad, *variation_trad;
};

/*
 * Classify the line moves[0..n) played from start: only its first 20
 * plies count, transpositions as the definitions allow.  0 and *out set;
 * XQ_EINVAL when start is not the standard start position with Red to
 * move (ECCO classifies nothing else), XQ_EILLEGAL when a move is not
 * legal.  No moves at all is A00.
 */
int xq_ecco_classify(const struct xq_pos *start, const xq_move *moves, int n,
		     struct xq_ecco *out);
/* The same for a replayed game's main line (up to its first bad move);
 * XQ_EINVAL for a game set up from another position. */
int xq_ecco_game(const struct xq_game *g, struct xq_ecco *out);
/* The book of the line: how many of its first plies (0..20) lie inside
 * the definition of its code, the last being the last move whose branch
 * the definitions name (a line cut before it would classify otherwise);
 * XQ_EINVAL and XQ_EILLEGAL as xq_ecco_classify(). */
int xq_ecco_book_plies(const struct xq_pos *start, const xq_move *moves, int n);
/* The names of a code ("A00".."E99"); XQ_EINVAL for a code that is not
 * written that way or has no definition (A17). */
int xq_ecco_lookup(const char *code, struct xq_ecco *out);
/* Set g's ECCO, Opening and Variation tags (names traditional when
 * trad; Variation "" when the code has none) from its main line, as
 * xqbase writes them: 1 when a tag changed, 0 when all three were so
 * already, XQ_EINVAL (tags untouched) for a game set up from another
 * position, XQ_ENOMEM. */
int xq_ecco_set_tags(struct xq_game *g, int trad);
/* Whether g carries a non-empty ECCO tag other than the classification of
 * its main line (put in *out); 0 too when the game cannot be classified. */
int xq_ecco_disagrees(const struct xq_game *g, struct xq_ecco *out);
/* Whether code is a letter A..E and two digits. */
int xq_ecco_code_valid(const char *code);

/*
 * A set of codes: a code ("C45"), a prefix ("C4" is C40..C49, "C" is
 * C00..C99), or a range of either ("C40-C49", "B-C"), letters in either
 * case.  xq_ecco_range_parse() returns 0 or XQ_EINVAL (not of that form,
 * or the range runs backwards).
 */
struct xq_ecco_range {
	int lo, hi;   /* A00 = 0 .. E99 = 499, inclusive */
};
int xq_ecco_range_parse(const char *spec, struct xq_ecco_range *r);
int xq_ecco_range_has(const struct xq_ecco_range *r, const char *code);

/* --------------------------------------- annotation (lib/annotate.c)
 *
 * From search results to marks, comments and better lines.  For a move of
 * the main line, before is the analysis of the position it is played in
 * (score for the mover, best move and line), after that of the position it
 * leads to (score for the opponent).  Both scores become expected scores for
 * the mover with a logistic model, E(cp) = 1 / (1 + exp(-k cp)) (a mate
 * for is 1, a mate against 0), and the drop E(best) - E(played) gives the
 * mark: ?! inaccuracy, ? mistake, ?? blunder at the thresholds of the
 * options.  k was fitted on Fairy-Stockfish self-play generated here
 * (bench/fit_logistic.sh; the figure and how it was run are in
 * lib/annotate.c).
 */
#define XQ_ANNOTATE_K 0.0043       /* Fairy-Stockfish's centipawns; see lib/annotate.c */
#define XQ_ANNOTATE_K_BUILTIN 0.0029 /* the built-in engine's (lib/search.c) */
/* The built-in engine's thresholds: its short searches swing more than a
 * strong engine's, so it marks at larger drops (bench/bench_marks.sh
 * compares its marks with Fairy-Stockfish's at depth 16). */
#define XQ_ANNOTATE_BUILTIN_INACCURACY 0.07
#define XQ_ANNOTATE_BUILTIN_MISTAKE 0.12
#define XQ_ANNOTATE_BUILTIN_BLUNDER 0.18

/* The language of comments and summaries. */
enum xq_lang {
	XQ_LANG_EN,
	XQ_LANG_ZH,           /* simplified; traditional with XQ_NOTE_TRAD */
	XQ_LANG_ZH_TRAD,
};

struct xq_annotate_opts {
	double k;                   /* logistic constant per centipawn */
	double inaccuracy;          /* expected-score drops: ?! at or above */
	double mistake;             /* ? */
	double blunder;             /* ?? */
	int line_plies;             /* longest better line added (0: none) */
	enum xq_notation notation;  /* for moves in comments (not ANY) */
	unsigned notation_flags;    /* XQ_NOTE_TRAD: Chinese words traditional too */
	enum xq_lang lang;          /* of comments and summaries */
	int confirm;                /* a mark needs the next position's search too
				     * (xq_annotate_confirm) */
};

/* k = XQ_ANNOTATE_K, thresholds 0.06, 0.12, 0.20, lines of 8 plies,
 * Chinese notation and comments. */
void xq_annotate_defaults(struct xq_annotate_opts *o);
/* k, thresholds and confirm for the built-in engine
 * (XQ_ANNOTATE_K_BUILTIN, XQ_ANNOTATE_BUILTIN_*, confirm set); the rest of
 * o as it is. */
void xq_annotate_builtin_defaults(struct xq_annotate_opts *o);
/* The search budget of a position when no limit is given: the built-in
 * engine's, and one that costs an external engine about as much
 * (Fairy-Stockfish, one thread). */
#define XQ_ANNOTATE_NODES_BUILTIN 30000
#define XQ_ANNOTATE_NODES_EXTERNAL 7000
/* The options a user gave, which the engine's defaults leave alone. */
enum xq_annotate_given {
	XQ_GIVEN_K = 1 << 0,
	XQ_GIVEN_INACCURACY = 1 << 1,
	XQ_GIVEN_MISTAKE = 1 << 2,
	XQ_GIVEN_BLUNDER = 1 << 3,
};
/* The defaults of r that depend on the engine: for the built-in one
 * (external 0), k and each threshold of xq_annotate_builtin_defaults()
 * not given (bits of enum xq_annotate_given), and confirm; a budget of
 * XQ_ANNOTATE_NODES_BUILTIN or _EXTERNAL nodes when r->lim has no depth,
 * node or time limit.  0, or XQ_EINVAL when the thresholds then do not
 * grow (inaccuracy <= mistake <= blunder). */
struct xq_annotate_run;
int xq_annotate_engine_defaults(struct xq_annotate_run *r, int external, unsigned given);
/* The name of a mark in lang (NAG 2 "Mistake" / "错着", 4, 6), "" for
 * other marks in range, NULL out of 0..6. */
const char *xq_annotate_mark_name(enum xq_lang lang, int nag);
/* The engine and budget for the Annotator tag, after a separator:
 * ", built-in engine, 4000 nodes" or "，内置引擎，4000节点" (engine NULL:
 * the built-in one; notation_flags as in the options).  Returns the length
 * it would have, as snprintf. */
size_t xq_annotate_engine_text(char *buf, size_t size, enum xq_lang lang, unsigned notation_flags,
			       const char *engine, const struct xq_search_limits *lim);

/* The expected score (0..1) of a score for the side it is for. */
double xq_expected_score(int score, double k);

/* What one move was worth. */
struct xq_judgement {
	int side;                   /* enum xq_side of the mover */
	int best, played;           /* scores for the mover */
	double drop;                /* expected-score drop, 0 or more */
	int loss;                   /* centipawn loss, scores capped at +-1000 */
	double accuracy;            /* 0..100 for this move */
	int nag;                    /* 0, XQ_NAG_DUBIOUS, _MISTAKE or _BLUNDER */
	int missed_mate;            /* plies of the mate best had, the move lost it */
	int allowed_mate;           /* plies of the mate the move let in */
	int best_played;            /* the move was the engine's first choice */
	int in_book;                /* inside the opening's book: not marked */
	int out_of_book;            /* its ply when it is the first move past the book */
};

/* Judge move m played in pos, whose analysis is before; after is the
 * analysis of the position m leads to (for a move that mates, score
 * -XQ_SCORE_MATE and no line).  Fills *j. */
void xq_annotate_judge(const struct xq_annotate_opts *o, const struct xq_pos *pos, xq_move m,
		       const struct xq_search_info *before,
		       const struct xq_search_info *after,
		       struct xq_judgement *j);
/* The book policy: the move of ply ply (1-based, from the standard start)
 * of a game whose first book_plies plies are book (xq_ecco_book_plies) is
 * never marked when inside it (in_book set, the mark and mates cleared);
 * the first move past it gets out_of_book. */
void xq_annotate_book(struct xq_judgement *j, int ply, int book_plies);
/* With o->confirm, lower j's mark to what the drop to the score of next
 * (the search of the position the move led to, for the opponent) gives,
 * when that drop is smaller: both searches must agree on a mark.  The
 * drop, loss and accuracy stay those of the played move's own search. */
void xq_annotate_confirm(const struct xq_annotate_opts *o, const struct xq_search_info *next,
			 struct xq_judgement *j);

/*
 * Write a judgement into the game: on node n (a main-line node whose move
 * is played in pos), when j has a mark or a mate to call out, add the NAG
 * (unless n already has a move mark, 1..6), a comment after any existing
 * one with both evaluations from Red's side and the better move in
 * o->notation, and the better line (before->pv, as far as it is legal, up
 * to o->line_plies) as a variation unless one already starts with its
 * move.  Returns 1 when something was added, 0 when nothing, XQ_ENOMEM.
 */
int xq_annotate_node(struct xq_game *g, struct xq_node *n, const struct xq_pos *pos,
		     const struct xq_annotate_opts *o,
		     const struct xq_search_info *before, const struct xq_judgement *j);

/* Per side totals for a game. */
struct xq_annotate_summary {
	int moves[2];
	int inaccuracies[2], mistakes[2], blunders[2];
	double loss_sum[2];         /* centipawns */
	double accuracy_sum[2];
	int out_of_book;            /* the ply of the first move past the book, 0: none */
};
void xq_annotate_count(struct xq_annotate_summary *s, const struct xq_judgement *j);
/* The average loss and accuracy of a side (0 moves: 0 and 100). */
double xq_annotate_average_loss(const struct xq_annotate_summary *s, int side);
double xq_annotate_accuracy(const struct xq_annotate_summary *s, int side);
/* Tags RedInaccuracies, RedMistakes, RedBlunders, RedAverageLoss,
 * RedAccuracy and the same for Black, Annotator = who (when not NULL),
 * and a comment before the first move, after any existing one, saying the
 * same in o's language, and where the book ends with the ECCO code.  0 or
 * XQ_ENOMEM. */
int xq_annotate_summarise(struct xq_game *g, const struct xq_annotate_summary *s,
			  const struct xq_annotate_opts *o, const char *who);
/* The two evaluations, from Red's side in centipawns (mates as
 * XQ_SCORE_MATE scores), that xq_annotate_node() wrote into a comment
 * ("Mistake: +0.40 -> -1.10; ..."): 1 with them set, 0 when the comment
 * holds none. */
int xq_annotate_comment_scores(const char *comment, int *red_before, int *red_after);

/*
 * An engine the annotation driver asks: the built-in search
 * (xq_engine_builtin), an external UCI/UCCI engine (xq_engine_external),
 * or the caller's own.  The callbacks get the engine itself; data is
 * theirs.
 */
struct xq_engine_query {
	const char *fen;            /* the game's start FEN; NULL: the usual start */
	const xq_move *moves;       /* moves[0..nmoves): from the start to pos */
	int nmoves;
	const struct xq_pos *pos;   /* the position to search */
	const uint64_t *keys;       /* keys[0..nmoves]: the line's positions, pos's last */
	const struct xq_search_limits *lim;
};
struct xq_engine {
	/* A new game is coming (NULL: nothing to do); may set no_searchmoves.
	 * 0, or a negative code: the engine failed. */
	int (*new_game)(struct xq_engine *e);
	/* Search q->pos within q->lim: the depth, score (for the side to
	 * move) and line into *out.  0, or a negative code: the engine failed. */
	int (*search)(struct xq_engine *e, const struct xq_engine_query *q,
		      struct xq_search_info *out);
	void *data;
	int no_searchmoves;         /* lim->searchmoves is not obeyed (UCCI) */
	int failed;                 /* the last game's annotation failed in a call */
	long searches;              /* searches done, counted by the driver */
	int failed_at;              /* set by the driver on a failure: the nmoves of
				     * the search that failed; -1: new_game failed */
	int restarted;              /* set by new_game: it started the engine again */
	/* Why the last call failed, for a message (NULL: nothing to say). */
	const char *(*error)(const struct xq_engine *e);
};

/* e as the built-in engine over s (lib/search.c): a new game clears the
 * table, a search is xq_search_run() with the line's keys as history. */
void xq_engine_builtin(struct xq_engine *e, struct xq_search *s);

/* e as the external engine p: a new game starts p again when it is not
 * running (it failed in an earlier game, or was never started; restarted
 * set when it shook hands) and sends it a new game; a search is
 * xq_engine_process_search() of the query; no searchmoves in UCCI.  On a
 * failure the codes are those functions', the message (e->error)
 * xq_engine_process_error(p). */
void xq_engine_external(struct xq_engine *e, struct xq_engine_process *p);

/* How xq_game_annotate() runs and what it tells on the way (each hook may
 * be NULL; data is theirs). */
struct xq_annotate_run {
	struct xq_annotate_opts o;
	struct xq_search_limits lim;   /* of every search */
	int from, to;               /* the plies judged; 0: from the first, to the last */
	int played_next;            /* a move's score is the next position's search,
				     * not a search of its position over it alone */
	int backward;               /* search the positions from the last back */
	const char *who;            /* Annotator, or NULL */
	void *data;
	/* before each position is searched, done of total; done == total
	 * once every search is done */
	void (*progress)(void *data, int done, int total);
	/* each position searched: the one after ply plies (in the order
	 * searched: from the last back with backward set) */
	void (*position)(void *data, int ply, const struct xq_pos *pos,
			 const struct xq_search_info *info);
	/* each move judged, plies in order: the move of ply ply, played in
	 * pos, whose analysis is before */
	void (*move)(void *data, int ply, const struct xq_pos *pos, xq_move m,
		     const struct xq_search_info *before, const struct xq_judgement *j);
};

/*
 * Annotate the main line of g (valid, replayed) with engine e: search the
 * position before each move of the plies from..to and the one after the
 * last; with played_next unset (and an engine that obeys searchmoves),
 * also each position over the move played alone, to the depth its full
 * search reached, unless that move was the engine's best (then best and
 * played are scores of one position, at one depth, for one side).  Then
 * judge each move (xq_annotate_judge), write it into g (xq_annotate_node),
 * count it, and summarise the game (xq_annotate_summarise).  Nothing is
 * written into g until every search is done.  Returns the number of moves
 * judged (0: from lies past the end), XQ_ENOMEM, or the code an engine
 * call failed with (g untouched; e->failed set, cleared at each call).
 */
int xq_game_annotate(struct xq_game *g, struct xq_engine *e, const struct xq_annotate_run *r);

/* One judged move (the hooks' move: the move of ply ply in game number
 * game, played in pos, whose analysis is before) as a line of JSON on fp,
 * the moves in o->notation: {"game", "ply", "side", "move", "iccs",
 * "best", "best_iccs", "score_best", "score_best_mate", "score_played",
 * "score_played_mate", "drop", "loss", "accuracy", "mark", "book",
 * "missed_mate", "allowed_mate", "depth", "nodes", "pv"}, a score for the
 * mover in centipawns or, for a mate, null and the mate's moves (negative:
 * the mover is mated).  0, or XQ_EIO when fp has an error. */
int xq_annotate_json_ply(FILE *fp, const struct xq_annotate_opts *o, long game, int ply,
			 const struct xq_pos *pos, xq_move m,
			 const struct xq_search_info *before, const struct xq_judgement *j);

/*
 * Many games annotated by N engines (lib/annotate_batch.c): each engine
 * annotates a game at a time with xq_game_annotate(), and the games come
 * back in the order they were put, whichever engine finished first.  With
 * one engine the games are annotated in the caller's thread, as each is
 * put; with more, each engine has a thread of its own, started by
 * xq_annotate_batch_new() and joined by xq_annotate_batch_free(), and the
 * hooks are called from those threads.  The engines are the caller's, one
 * thread each; the batch neither starts nor stops them.
 */
struct xq_annotated {
	struct xq_game *g;          /* annotated, unless rc < 0 (then untouched) */
	void *data;                 /* as put */
	long seq;                   /* its number among the games put, from 1 */
	int engine;                 /* the index of the engine that annotated it;
				     * -1: a game with errors, not annotated */
	int rc;                     /* xq_game_annotate()'s, or XQ_ENOMEM; 0 for a
				     * game with errors */
	int engine_failed;          /* rc is the engine's failure: */
	int failed_ply;             /* the ply of the position whose search failed
				     * (0: the position at the start), -1: the
				     * engine failed before any search */
	char *error;                /* the engine's words for it, or NULL */
	int restarted;              /* the engine was started again for this game */
	char *json;                 /* XQ_BATCH_JSON: its moves' lines
				     * (xq_annotate_json_ply), json_len bytes */
	size_t json_len;
	const struct xq_chart_point *chart;  /* XQ_BATCH_CHART: points of plies
				     * 0..chart_last, Red's score of each position
				     * searched, the mark, move and better move of
				     * each move judged */
	int chart_last;
};
enum xq_annotate_batch_flags {
	XQ_BATCH_JSON = 1 << 0,     /* gather each game's JSON lines */
	XQ_BATCH_CHART = 1 << 1,    /* gather each game's chart points */
};
struct xq_annotate_batch_opts {
	struct xq_annotate_run run; /* every game's; its data and hooks are the
				     * batch's own (those given are not called) */
	struct xq_engine *const *engines;  /* engines[0..nengines) */
	int nengines;
	unsigned flags;             /* enum xq_annotate_batch_flags */
	void *data;                 /* the hooks' */
	/* run.progress of a's game (NULL: none) */
	void (*progress)(void *data, const struct xq_annotated *a, int done, int total);
	/* a's game annotated (or failed), in the thread that did it, before
	 * its engine takes another game (NULL: none) */
	void (*done)(void *data, struct xq_annotated *a);
	/* the data of a game xq_annotate_batch_free() drops (NULL: kept) */
	void (*free_data)(void *game_data);
};
/* A batch, its threads started.  NULL with *err (may be NULL) XQ_EINVAL
 * (no engine), XQ_ENOMEM, or XQ_EIO (a thread or lock not made). */
struct xq_annotate_batch *xq_annotate_batch_new(const struct xq_annotate_batch_opts *o, int *err);
/* Put game g (the batch's now) with the caller's data: annotated now with
 * one engine, else queued for the next engine free.  A game with errors
 * (g->errors) is not annotated, only handed back in its place.  0 or
 * XQ_ENOMEM (g not taken). */
int xq_annotate_batch_put(struct xq_annotate_batch *b, struct xq_game *g, void *data);
/* The next game in the order put, once it is done, into *a (the caller's
 * now, released with xq_annotated_free): 1 with one, 0 when there is none
 * to hand back now.  While more than keep games are in the batch, waits
 * for the next one to be done: keep 0 waits for every game put. */
int xq_annotate_batch_next(struct xq_annotate_batch *b, int keep, struct xq_annotated **a);
/* The games not begun are never annotated, the ones running end, the
 * threads are joined; every game not handed back is freed, with its data
 * (free_data).  NULL is ignored. */
void xq_annotate_batch_free(struct xq_annotate_batch *b);
/* Release a game handed back, its game too (set a->g to NULL to keep it;
 * the data is the caller's).  NULL is ignored. */
void xq_annotated_free(struct xq_annotated *a);
/* The evaluation chart (xq_eval_chart_svg) of a's points, plies
 * 0..chart_last, with the options' k, the players, result and date of its
 * game.  0, XQ_EINVAL (no chart gathered), or XQ_ENOMEM. */
int xq_annotated_chart_svg(const struct xq_annotated *a, char **out, size_t *outlen);


/* --------------------------------------------- pictures (lib/picture.c) */

enum xq_svg_flags {
	XQ_SVG_FLIP = 1 << 0,   /* Black at the bottom */
	XQ_SVG_TRAD = 1 << 1,   /* traditional characters */
	/* for an HTML page: no XML declaration, no fixed size, the element
	 * id "board", pieces as <use href="#pc-X"> (X the FEN letter) inside
	 * <g id="pieces">, the last-move markers always present (hidden when
	 * there is no last move), both sides' file numbers (class "files"
	 * and "files-flipped", one hidden) */
	XQ_SVG_PAGE = 1 << 2,
};

/* The board with pos on it and the last move (XQ_MOVE_NONE: none) marked,
 * as SVG text in *out (malloc'd, NUL-terminated, *outlen bytes; the
 * caller frees it): 0 or XQ_ENOMEM. */
int xq_board_svg(const struct xq_pos *pos, xq_move last, unsigned flags, char **out, size_t *outlen);

/* --------------------------------------------- text diagram (lib/diagram.c) */

enum xq_board_text_flags {
	XQ_BOARD_ASCII = 1 << 0,   /* FEN letters (upper case Red) on - | + lines */
	XQ_BOARD_FLIP = 1 << 1,    /* Black at the bottom */
	XQ_BOARD_COLOR = 1 << 2,   /* the pieces in ANSI colours (bold red, bold) */
	XQ_BOARD_TRAD = 1 << 3,    /* traditional characters for the pieces */
	/* two lines below the board: "FEN: ..." and the side to move (in
	 * check, checkmated or stalemated) with the last move */
	XQ_BOARD_STATUS = 1 << 4,
};
struct xq_board_text_opts {
	unsigned flags;               /* enum xq_board_text_flags */
	xq_move last;                 /* its squares in [ ]; XQ_MOVE_NONE: none */
	const struct xq_pos *before;  /* the position last was played in
				       * (needed by XQ_BOARD_STATUS with a last move) */
	/* the last move in the status line: Chinese and ICCS in brackets for
	 * ICCS and Chinese, the notation alone for the others */
	enum xq_notation notation;
	unsigned notation_flags;      /* enum xq_notation_flags */
};
/* The board with pos on it as text, ten rows of points with the gaps
 * between them (the palace diagonals, the river) and each side's file
 * numbers above and below: Chinese pieces on box-drawing lines (two
 * columns a piece) unless XQ_BOARD_ASCII.  o NULL: the defaults, no last
 * move.  In *out (malloc'd, NUL-terminated, *outlen bytes; the caller
 * frees it): 0, XQ_ENOMEM, or XQ_EINVAL when the status line lacks
 * o->before or the last move cannot be written there. */
int xq_board_text(const struct xq_pos *pos, const struct xq_board_text_opts *o,
		  char **out, size_t *outlen);

/* The evaluation chart of an annotated game (lib/chart.c), as SVG text in
 * *out (malloc'd, *outlen bytes): Red's expected score (xq_expected_score
 * with k) at each point with a score, in ply order; the marked points
 * (nag ?!, ? or ??) as discs whose tooltip names the move and the better
 * one.  0 or XQ_ENOMEM. */
struct xq_chart_point {
	int ply;                /* the position after this ply (0: the start) */
	int has;                /* red_score is known */
	int red_score;          /* centipawns from Red's side; mates as XQ_SCORE_MATE */
	int nag;                /* the mark of the move of this ply, 0: none */
	int move_no, red_moved; /* the move's number, and whether Red played it */
	const char *move;       /* the move of this ply, or NULL */
	const char *best;       /* the better move, or NULL */
	const char *note;       /* more for the tooltip, or NULL */
	int id;                 /* XQ_CHART_PAGE: the page's position number */
};
enum xq_chart_flags {
	/* for the HTML page: no XML declaration, id "chart", smaller, the
	 * discs with class "pt" and data-n = id */
	XQ_CHART_PAGE = 1 << 0,
};
struct xq_chart {
	const struct xq_chart_point *pts;
	int npts;
	int plies;              /* the x axis: plies 0..plies */
	double k;               /* 0: XQ_ANNOTATE_K */
	const char *red, *black, *result, *date;   /* NULL: not shown */
	unsigned flags;         /* enum xq_chart_flags */
};
int xq_eval_chart_svg(const struct xq_chart *c, char **out, size_t *outlen);

/* The index of game pages (xqconv -t html -d): one <li> line linking
 * href (a file name, relative) with the players, result, event, date and
 * opening of g, in *out; then the page around n such lines.  Strings are
 * malloc'd (the caller frees them); 0 or XQ_ENOMEM. */
int xq_html_index_entry(const struct xq_game *g, const char *href, char **out);
int xq_html_index(char *const *entries, long n, char **out, size_t *len);

/* The font-family list of the pictures: the common CJK families, then
 * serif. */
extern const char xq_svg_cjk_fonts[];

/* s as a JSON string, quotes included (NULL: ""): the quote and the
 * backslash escaped, newline and tab as \n and \t, other control characters
 * as \u00XX (lib/json.c). */
void xq_json_put_string(FILE *fp, const char *s);
/* The JSON string at s (s[0] its opening quote) read back into out, which
 * has room for as many bytes as s holds (the text never grows): \n, \t,
 * \u00XX (one byte, 0001 to 00FF) and a backslash before any other
 * character, that character.  Returns the length of the text, NUL-ended in
 * out, with *end (if not NULL) just past the closing quote; XQ_EINVAL when
 * s holds no such string. */
long xq_json_get_string(const char *s, char *out, const char **end);

#endif /* XQ_H */
