/*
 * movetext.h - the movetext scanner shared by the PGN, plain-text and
 * XieXie readers (formats/movetext.c), and what their writers share.
 * Private to the library; not part of the API.
 *
 * The scanner turns lines of UTF-8 into the move tree of one game: move
 * numbers in every form ("1.", "1...", "１．", "1、", glued to the move),
 * Black placeholders ("...", "…", "……"), moves as written (Chinese ones
 * split by shape, so "炮二平五马８进７" is two moves), comments {} and ;,
 * variations (), NAGs $n and marks !, ?, !?, results (tokens and Chinese
 * words).  It resolves nothing: replay does that.
 */
#ifndef XQ_FORMATS_MOVETEXT_H
#define XQ_FORMATS_MOVETEXT_H

#include "utf8.h"
#include "xq_format.h"

#define MT_MAX_DEPTH 1000
#define MT_MAX_NODES XQ_MAX_GAME_MOVES
#define MT_MAX_COMMENT (1 << 20)
#define MT_MAX_COMMENTS_TOTAL (4 << 20)   /* per game */

struct mt {
	struct xq_reader *r;
	struct xq_game *g;
	struct xq_node *cur;       /* parent of the next move */
	struct xq_node *last;      /* last move at this level, or NULL */
	struct {
		struct xq_node *cur, *last;
	} stack[MT_MAX_DEPTH];
	int depth;                 /* open variations */
	int skip_depth;            /* inside a variation being skipped */
	int in_comment;            /* inside { } across lines */
	long com_line, com_col;
	char *com;                 /* comment being collected (reused) */
	size_t com_len, com_cap;
	int com_cut;               /* com reached MT_MAX_COMMENT */
	struct xq_node *acc_target;/* node the comments in acc go after */
	char *acc;                 /* consecutive comments, joined (reused) */
	size_t acc_len, acc_cap;
	char *pend;                /* comment waiting for the next move */
	size_t pend_len, pend_cap;
	int deep_on;               /* in a variation nested too deep */
	size_t deep_from;          /* where its text goes on in this line */
	long deep_line;
	char *deep;                /* its text as written (reused) */
	size_t deep_len, deep_cap;
	long nodes;
	size_t com_total;          /* comment bytes kept in this game */
	int ended;                 /* a result token was read at depth 0 */
	int skipping;              /* gave up on this game's moves */
	int any;                   /* anything seen in the movetext */
	int text_mode;             /* commas separate too (plain text) */
	int no_fen_tag;            /* the reader knows the game has no tag named
				    * FEN: xq__mt_finish() need not look */
	/* column cache for the line being scanned */
	const char *line;
	size_t col_off;
	long col_val;
};

/* Start a game (buffers are kept from the last one). */
void xq__mt_begin(struct mt *m, struct xq_reader *r, struct xq_game *g);
/* Scan one line.  Returns the byte offset just after a result token that
 * ended the game, or -1. */
long xq__mt_line(struct mt *m, const char *s, size_t len, long lineno);
/* The lines of text[0..len) scanned as xq__mt_line() scans each, from
 * line number lineno on: each whole (ended by an LF, no CR in it) whose
 * first byte but spaces and tabs is an ASCII letter or digit or the lead
 * byte of an ideograph (0xE4..0xE9), so no blank, tag, escape or comment
 * line, while the last one scanned left no comment open and did not end
 * the game; the common tokens in one run across the lines, and lines from
 * the first 4096 bytes only (call again for more).  Returns the bytes of
 * the lines scanned (each with its LF); *nlines: how many; *last: where
 * the last starts; *end: what xq__mt_line() returned for it (-1 when none
 * was scanned). */
size_t xq__mt_lines(struct mt *m, const char *text, size_t len, long lineno, long *nlines,
		    size_t *last, long *end);
/* Finish the game: unclosed comments and variations are reported. */
void xq__mt_end(struct mt *m, long lineno);
/* End of a reader's game loop: rc the last xq_reader_getline() result,
 * any whether the game had a line, fen_line as for xq__mt_apply_fen().  With
 * no line, rc when it is an error, else 0 (no more games); otherwise the
 * game is finished (xq__mt_end, xq__mt_apply_fen) and 1 is returned. */
int xq__mt_finish(struct mt *m, int rc, int any, long fen_line);

/* The reader state of a movetext format: a struct of `size` bytes that
 * starts with its struct mt, kept in *xq_reader_state(r) and zeroed when
 * made.  Returns it, or NULL when out of memory. */
void *xq__mt_state(struct xq_reader *r, size_t size);
/* The read_end op for such a state: frees the scanner's buffers and it. */
void xq__mt_read_end(struct xq_reader *r);

/* Decode one UTF-8 character at s[0..n): its code point, *len its bytes
 * (an invalid byte gives U+FFFD and length 1). */
static inline unsigned mt_utf8(const char *s, size_t n, int *len)
{
	uint32_t cp;
	int l = xq__utf8_decode((const unsigned char *)s, n, &cp);
	if (l <= 0) {
		*len = 1;
		return 0xfffd;
	}
	*len = l;
	return cp;
}

/* Whitespace, ASCII or U+3000/U+00A0/U+FEFF. */
static inline int mt_is_space(unsigned cp)
{
	if (cp < 0x80)
		return cp == ' ' || cp == '\t' || cp == '\r' || cp == '\n' ||
		       cp == '\v' || cp == '\f';
	return cp == 0x3000 || cp == 0xa0 || cp == 0xfeff;
}
/* 0..9 for ASCII and full-width digits, else -1. */
int xq__mt_digit(unsigned cp);
/* Whether s starts like a game's first move number ("1.", "１．"). */
int xq__mt_starts_game(const char *s, size_t len);
/* Skip leading whitespace (incl. U+3000); returns the new start. */
const char *xq__mt_skip_space(const char *s, size_t *len);

/* Where a sniffed head's text starts (the PGN and text sniffers): past a
 * UTF-8 BOM and ASCII blank space; *n, the head's length, becomes what is
 * left. */
const char *xq__mt_sniff_start(const unsigned char *head, size_t *n);

/* Apply the FEN tag of g, if any, reporting problems at line (where the
 * tag was; 0: the game's first line). */
void xq__mt_apply_fen(struct xq_reader *r, struct xq_game *g, long line);

/* The result a writer gives: the Result tag when it is a result, else
 * the result token read, else "*". */
const char *xq__mt_game_result(const struct xq_game *g);

/* Comments (before and after moves) and variations in the whole tree of
 * g, for writers of formats that hold neither: 0 or XQ_ENOMEM. */
int xq__mt_count_extras(const struct xq_game *g, long *comments, long *variations);

/* "unplayable moves as written: ..." for the line from a bad node n, with
 * the variations inside it in parentheses (n's own alternatives are the
 * writer's): what PGN and text keep of it, built from a walk with
 * XQ_WALK_UNPLAYED: xq__mt_unplayed_start() at the bad node, then
 * xq__mt_unplayed_step() for each XQ_STEP_UNPLAYED step after it. */
struct xq__buf;
void xq__mt_unplayed_start(struct xq__buf *b, const struct xq_node *n);
void xq__mt_unplayed_step(struct xq__buf *b, const struct xq_walk_step *s);

#endif
