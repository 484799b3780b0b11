/*
 * xqf_impl.h - the XQF binary layer of formats/xqf.c, below the record
 * model: header, keys, stream decryption, piece array, node records.
 * Private to the library and its unit tests; not part of the API.
 *
 * Everything follows shared/docs/xqf.md (section numbers in comments).
 */
#ifndef XQ_XQF_IMPL_H
#define XQ_XQF_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "build.h"
#include "xq_format.h"

#define XQF_HEADER_SIZE 0x400
#define XQF_MIN_SIZE 1028

/* Derived keys (section 4). */
struct xqf_keys {
	uint8_t xy, xyf, xyt;   /* derived KeyXY, KeyXYf, KeyXYt */
	uint32_t rmk;           /* KeyRMKSize, 767..32766 (0 for v <= 10) */
	uint8_t f32[32];        /* stream key */
};

/* A header string: raw GBK bytes inside the file buffer. */
struct xqf_str {
	uint32_t off;   /* file offset of the first text byte */
	uint32_t len;   /* text length after clamping */
};

enum xqf_field {
	XQF_TITLE, XQF_EVENT, XQF_DATE, XQF_SITE, XQF_RED, XQF_BLACK,
	XQF_TIMERULE, XQF_REDTIME, XQF_BLACKTIME, XQF_COMMENTATOR, XQF_AUTHOR,
	XQF_NFIELDS
};

/* One move record of the tree (section 6), in file (pre-)order. */
struct xqf_node {
	uint32_t offset;        /* file offset of the record */
	uint32_t comment_off;   /* file offset of the comment text */
	uint32_t comment_len;   /* 0: no comment */
	int32_t parent;         /* index into nodes[], -1 for the root */
	uint32_t ply;           /* 1 for a move from the start position */
	uint8_t from, to;       /* decoded square codes X*10+Y (> 89: corrupt) */
	uint8_t tag;            /* raw tag byte */
	uint8_t has_child, has_sibling;
};

enum xqf_severity { XQF_NOTE, XQF_WARNING, XQF_ERROR };

struct xqf_diag {
	int severity;
	uint32_t offset;        /* byte offset in the file */
	uint32_t ply;           /* node ply, 0 for the header/root */
	char msg[160];
};

#define XQF_MAX_DIAGS 8

struct xqf_raw {
	int version;
	uint8_t key_mask, key_or[4], key_sum, seed_xy, seed_xyf, seed_xyt;
	struct xqf_keys keys;
	uint8_t squares[32];    /* decoded piece array by slot, > 89: absent */
	int who_play, result, code_a, play_step;
	struct xqf_str field[XQF_NFIELDS];

	uint8_t *plain;         /* copy of the file, tree region decrypted */
	size_t len;

	struct xqf_node root;   /* the root record (no move) */
	struct xqf_node *nodes; /* move records in file order */
	uint32_t n_nodes;
	uint32_t max_ply;
	int truncated;          /* the tree stopped early: nodes are a prefix */

	int too_many;           /* more than XQ_MAX_GAME_MOVES records: nodes
				 * are the first XQ_MAX_GAME_MOVES */

	struct xqf_diag diag[XQF_MAX_DIAGS];
	int n_diag;             /* may exceed XQF_MAX_DIAGS: the rest were dropped */
	struct xqf_diag error;  /* the last error, kept even when diag[] is full */
	int has_error;
};

/* Letters of the 32 slots (section 5.1). */
extern const char xq__xqf_slot_letters[33];

/* Key derivation for a version > 10 header (section 4). */
void xq__xqf_derive_keys(uint8_t sum, uint8_t xy, uint8_t xyf, uint8_t xyt,
		     uint8_t mask, const uint8_t orabcd[4], struct xqf_keys *k);

/*
 * Decode buf[0..len).  Returns 0 with as much of the file as is valid in
 * *r (r->truncated and an XQF_ERROR diagnostic when the tree stops early),
 * or a negative XQ_E* code when the file is no XQF at all (too short, bad
 * signature) or memory ran out; r->diag then says why.  Release with
 * xq__xqf_raw_free() in every case.
 */
int xq__xqf_raw_decode(const uint8_t *buf, size_t len, struct xqf_raw *r);
void xq__xqf_raw_free(struct xqf_raw *r);

/* Slots for the pieces of pos, standard layout order (XQF and DhtmlXQ
 * binit share it); -1 when a kind has too many pieces. */
int xq__xqf_fill_slots(const struct xq_pos *pos, uint8_t slot[32]);

/* Start position as a FEN board (no side field) into out[XQ_FEN_MAX];
 * returns 0, or -1 when two pieces share a square. */
int xq__xqf_board_fen(const uint8_t squares[32], char *out, size_t size);

/*
 * GBK (GB18030) to UTF-8, keeping everything: a byte that starts no
 * character (a trailing character cut short too) becomes its raw code
 * point (XQ_RAW_BYTE_BASE + byte).  With crlf, CR LF becomes LF and one
 * trailing line end is removed.  Returns a malloc'd string (NULL when out
 * of memory); *outlen gets its length.
 */
char *xq__xqf_gbk_to_utf8(const uint8_t *s, size_t n, int crlf, size_t *outlen);

enum xqf_write_opts {
	XQF_WRITE_V18 = 1 << 0,
	XQF_WRITE_REPLACE = 1 << 1,     /* a character GBK lacks as '?' */
	XQF_WRITE_GB18030 = 1 << 2,     /* strings in GB18030: every character */
};

/*
 * UTF-8 to GBK (opts: XQF_WRITE_REPLACE, XQF_WRITE_GB18030), a raw code
 * point as its byte.  Returns a malloc'd buffer, or NULL with *bad set to
 * the code point GBK cannot hold (0 when the input is not UTF-8 or memory
 * ran out, *bad_off the byte offset); *replaced counts the characters
 * written as '?'.
 */
uint8_t *xq__xqf_utf8_to_gbk(const char *s, size_t n, unsigned opts, size_t *outlen,
			     uint32_t *bad, size_t *bad_off, long *replaced);

/*
 * The record model.  Build g (fresh from xq_game_new) from the XQF bytes
 * buf[0..len): tags, start position, the move tree with comments.  Moves
 * are added as the file gives them (squares, ICCS text, byte offset of the
 * record), not checked: xq_game_replay() does that.  Only a move with a
 * square code off the board is reported here (with its byte offset and
 * ply) and left out with the records below it, kept as text in a comment.
 * Problems go to s (may be NULL).  The strings' GB18030 decoder is made
 * at the first one that is not plain ASCII.  Returns 0
 * (problems reported, g flagged), XQ_EINVAL when buf is no XQF at all,
 * XQ_ENOMEM.
 */
int xq__xqf_build_game(const uint8_t *buf, size_t len, struct xq_game *g,
		       const struct xq_build_sink *s);

/*
 * Encode a replayed game as an XQF file: version 10 plain, or version 18
 * encrypted with XQF_WRITE_V18 in opts; the strings as XQF_WRITE_REPLACE
 * and XQF_WRITE_GB18030 in opts say, *replaced (may be NULL) counting the
 * characters written as '?'.  *out is malloc'd.  XQ_EINVAL (reported to s)
 * when text has no GBK form (without XQF_WRITE_REPLACE or
 * XQF_WRITE_GB18030) or the position cannot be stored.
 */
int xq__xqf_encode_game(const struct xq_game *g, unsigned opts, uint8_t **out,
			size_t *len, const struct xq_build_sink *s, long *replaced);

#endif
