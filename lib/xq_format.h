/*
 * xq_format.h - the format author's header: the ops table a format fills
 * (struct xq_format), the formats the registry lists, and the sinks a
 * format reads from (lines, bytes, problems) and writes to.  Formats
 * build games with xq.h's builders (xq_game_add_tag(), xq_node_add(),
 * xq_game_set_fen(), ...).  Users of the library need only xq.h.
 */
#ifndef XQ_FORMAT_H
#define XQ_FORMAT_H

#include "xq.h"

/*
 * The formats table.  Adding a format is one formats/NAME.c defining a
 * const struct xq_format xq_format_NAME, declared below, plus one line in
 * xq_formats[] (lib/registry.c).  A format implements read or write or
 * both (NULL for the missing one).
 *
 * Text formats (no XQ_FORMAT_BINARY) read UTF-8 lines through
 * xq_reader_getline(); the reader has already decoded the bytes.  Binary
 * formats read raw (ungzipped) bytes with xq_reader_read() and convert
 * their strings themselves with xq_convert().  Writers produce UTF-8 (or
 * bytes, when binary) through xq_writer_put()/xq_writer_printf().
 */
enum xq_format_flags {
	XQ_FORMAT_BINARY = 1 << 0,
	XQ_FORMAT_ONE_GAME = 1 << 1,  /* a file holds one game (-d wants it; read is called once) */
	/* Records may stand anywhere in a file (blocks in an HTML page): when
	 * no format claims the head, the reader sniffs on past it for this
	 * format's records. */
	XQ_FORMAT_EMBEDDED = 1 << 2,
};

/* The highest score a sniffer returns: a named format that scores over
 * XQ_SNIFF_TOP - 10 is read without asking the others. */
#define XQ_SNIFF_TOP 95

struct xq_format {
	const char *name;        /* "pgn" */
	const char *extensions;  /* space separated, first one for writing: "pgn" */
	const char *description; /* one line for --help and xq-formats(5) */
	unsigned flags;          /* enum xq_format_flags */
	/* Confidence 0..XQ_SNIFF_TOP that head[0..len) (the first bytes,
	 * ungzipped, not decoded) starts a file of this format; name is the
	 * source name or NULL.  The highest score wins, the format the file
	 * name's extension gives getting 10 more; 0 means no. */
	int (*sniff)(const unsigned char *head, size_t len, const char *name);
	/* Read the next game into g (fresh, empty): 1 done, 0 no more games,
	 * negative XQ_E* on a fatal error.  Problems go through
	 * xq_reader_problem(); replay is done by the caller afterwards. */
	int (*read)(struct xq_reader *r, struct xq_game *g);
	/* Release what the format kept in *xq_reader_state(r) (may be NULL). */
	void (*read_end)(struct xq_reader *r);
	/* Write one replayed game: 0 or a negative XQ_E*. */
	int (*write)(struct xq_writer *w, const struct xq_game *g);
	/* Called once at xq_writer_close() before the flush (may be NULL). */
	int (*write_end)(struct xq_writer *w);
	/* Where the first game that begins at or after byte from of a whole
	 * input buf[0..len) (not decoded, not gzipped) begins: len when none.
	 * Reading buf from there gives the games reading it all gives from
	 * there on, so that a byte range of an input can be read alone.  NULL:
	 * the format cannot be split (binary, one game a file, whole-file
	 * formats). */
	size_t (*game_start)(const unsigned char *buf, size_t len, size_t from);
};

/* The formats (formats/NAME.c), for the registry (lib/registry.c). */
extern const struct xq_format xq_format_pgn, xq_format_text, xq_format_xqf, xq_format_xqf18,
	xq_format_dhtmlxq, xq_format_cbf, xq_format_cbr, xq_format_xiexie, xq_format_oldcbl,
	xq_format_pfc, xq_format_openings, xq_format_che, xq_format_ourgame, xq_format_ccm,
	xq_format_mxq, xq_format_xgf, xq_format_xfen, xq_format_html;

/* --- for format implementers: reader side */

/* Per-reader state slot for the format (freed by its read_end). */
void **xq_reader_state(struct xq_reader *r);
/* Next line of UTF-8 text without its line end (LF, CRLF or CR); the
 * pointer is valid until the next call.  1 with *line and *len set, 0 at the
 * end, or, once the text decoded before it has been handed out, the XQ_E*
 * code of a failed input (XQ_EIO: a read error; XQ_ENOMEM), reported as
 * a fatal problem.  xq_reader_line() (xq.h) is its number. */
int xq_reader_getline(struct xq_reader *r, const char **line, size_t *len);
/* For a loop that wants the common lines cheaply: the text decoded
 * already from the next line on, text[0..len), when its lines may be
 * taken in bulk (no line given back, no CR line end met, no line going
 * on past the line limit, nothing to say of its bytes): 1; else 0, and
 * xq_reader_getline() reads on.  Nothing is taken. */
int xq_reader_ready_text(struct xq_reader *r, const char **text, size_t *len);
/* Take the first n bytes of that text: nlines whole lines, each ended by
 * an LF with no CR in it, the last starting at text + last; as nlines
 * calls of xq_reader_getline() would, so that the last is the line read
 * (its number xq_reader_line(), xq_reader_ungetline() gives it back). */
void xq_reader_take_lines(struct xq_reader *r, size_t n, long nlines, size_t last);
/* Whether the line is the rest of a source line longer than the limit
 * (XQ_MAX_LINE_BYTES), split there: it has the number of the piece before. */
#define XQ_MAX_LINE_BYTES (1 << 22)
int xq_reader_line_continues(const struct xq_reader *r);
/* Whether the line was cut at that limit: its rest is the next line. */
int xq_reader_line_cut(const struct xq_reader *r);
/* Give the last line back: the next getline returns it again. */
void xq_reader_ungetline(struct xq_reader *r);
/* Raw bytes (binary formats): like fread; 0 at the end, XQ_EIO (a read
 * error) or XQ_ENOMEM, reported as a fatal problem. */
long xq_reader_read(struct xq_reader *r, void *buf, size_t n);
/* The source name, the index the next game will get, the options. */
const char *xq_reader_name(const struct xq_reader *r);
const struct xq_reader_opts *xq_reader_options(const struct xq_reader *r);
/* Report a problem for game g (may be NULL); bumps g->errors/warnings and
 * sets XQ_GAME_BROKEN for errors. */
void xq_reader_problem(struct xq_reader *r, struct xq_game *g,
		       enum xq_severity sev, enum xq_problem_code code,
		       long line, long col, int ply, const char *text,
		       const char *fmt, ...)
	__attribute__((format(printf, 9, 10)));
/* The same for a binary source: the problem is at byte offset byte (from
 * 0) instead of a line and column (struct xq_problem's byte). */
void xq_reader_problem_at(struct xq_reader *r, struct xq_game *g,
			  enum xq_severity sev, enum xq_problem_code code,
			  long byte, int ply, const char *text,
			  const char *fmt, ...)
	__attribute__((format(printf, 8, 9)));

/* xq_game_add_tag() for a builder that knows the lengths: name[0..nl) and
 * value[0..vl), neither holding a NUL.  The tag added, or NULL when out
 * of memory. */
struct xq_tag *xq__game_add_tag_len(struct xq_game *g, const char *name, size_t nl,
				    const char *value, size_t vl);

/* --- for format implementers: writer side */

void **xq_writer_state(struct xq_writer *w);
const struct xq_writer_opts *xq_writer_options(const struct xq_writer *w);
/* Append to the current game's output (UTF-8 text, or bytes): 0 or
 * XQ_ENOMEM.  Failures are sticky: after one, every put of the game fails
 * with the same code and xq_writer_write() fails the game, so a format
 * need not check each call.  printf: XQ_EINVAL for a bad format too. */
int xq_writer_put(struct xq_writer *w, const char *s, size_t len);
int xq_writer_printf(struct xq_writer *w, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* "\n" or "\r\n" as the options ask. */
int xq_writer_newline(struct xq_writer *w);
/* Report a problem with writing game g (may be NULL) through the writer's
 * callback, e.g. text the format cannot hold exactly. */
void xq_writer_problem(struct xq_writer *w, const struct xq_game *g,
		       enum xq_severity sev, enum xq_problem_code code,
		       const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

#endif
