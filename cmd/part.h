/*
 * part.h - the parts of a big input, for the commands' --partial and
 * --merge (xqcheck, xqgrep, xqstats): one codec for the lines they share,
 * each command a handler of its own lines.
 */
#ifndef XQ_CMD_PART_H
#define XQ_CMD_PART_H

#include <stdint.h>
#include <stdio.h>

#include "xq.h"

/*
 * Parts of a big input split on game boundaries (GNU parallel --pipe
 * --recstart), each run with --partial, put together again by --merge
 * (xqcheck, xqgrep, xqstats): a part writes what one run would print with
 * every position (game number, line, byte offset) relative to the part,
 * and after each input what the part held of it; the merge adds the
 * earlier parts' counts of the same input to each position.  The lines
 * they share, tab-separated:
 *   #CMD-partial 1 [N]                 a part begins (N: --part N, GNU
 *                                      parallel's {#})
 *   P sev code game line col ply byte file text msg
 *                                      a diagnostic (byte "-" when none;
 *                                      file, text: "-" NULL, else "=" and
 *                                      the text; \\ \t \n \r escaped)
 *   #end name games lines bytes ...    after each input (a command may add
 *                                      fields)
 * Numbered parts must come in order, each once: 1, 2, 3, ...; a part
 * missing at the end cannot be told from the parts.
 */
#define PART_POS_MAX 1000000000000000L   /* a count or position: sums stay far from overflow */

/* A message of a worker (a whole "prog: ..." line, no newline) as a
 * line "W text" of its part, and such a line's fields f[0..n) printed on
 * standard error in its place: 0, or -1 when they are none. */
void part_put_message(FILE *fp, const char *line);
int part_message(char **f, int n);
/* A text field, escaped (may_be_null: "-" for NULL, else "=" first). */
void part_put_text(FILE *fp, const char *s, int may_be_null);
/* A field of part_put_text() back, in place: the text, or NULL for "-"
 * (with may_be_null); *bad set when it is neither. */
char *part_get_text(char *f, int may_be_null, int *bad);
/* The P line of problem p. */
void part_put_problem(FILE *fp, const struct xq_problem *p);
/* The header of a part of command cmd ("xqcheck"); part 0: not numbered. */
void part_put_header(FILE *fp, const char *cmd, long part);
/* Split line at tabs into at most max fields: their number (max + 1 when
 * there are more). */
int part_split(char *line, char **f, int max);
/* A whole decimal number (digits only, at most PART_POS_MAX); 0 or -1. */
int part_number(const char *s, long *v);

/* What the merge knows of each input name: the earlier parts' games,
 * lines and bytes, and what a command keeps beside them. */
struct part_input {
	char *name;
	long games, lines, bytes;
	long matched;            /* xqgrep */
	int hit;                 /* xqgrep -l: matched in an earlier part */
};
struct part_merge {
	struct part_input *in;
	int nin;
	long parts;              /* headers read */
	int numbered;            /* 1 parts numbered, -1 not, 0 none yet */
	char *line;              /* part_copy_marked()'s line */
	size_t line_cap;
};
/* The input named name, added when new. */
struct part_input *part_input_of(struct part_merge *m, const char *name);
/* Whether f[0..n) (a split line) is the header of cmd, with extra more
 * fields between the version and the part number. */
int part_is_header(char **f, int n, const char *cmd, int extra);
/* A header read (its part number field num, or NULL): in order?  0, or -1
 * with the error said as at line lineno of file. */
int part_begin(struct part_merge *m, const char *num, const char *file, long lineno);
/* The rule every merge that follows its parts' order keeps: f[0..n) the
 * header of cmd's part (no extra fields) begins a part, in order
 * (part_begin()), even inside another one, which is an error; *in_part
 * set.  1 when f is no such header, else 0, or -1 with the error said as
 * at line lineno of file.  A wrong line inside a part is one error and the
 * part goes on. */
int part_header(struct part_merge *m, int *in_part, char **f, int n, const char *cmd,
		const char *file, long lineno);
/* The fields of a P line (n of them) into p, its positions shifted by the
 * earlier parts; *in the input it is about; 0 or -1. */
int part_problem(struct part_merge *m, char **f, int n, struct xq_problem *p,
		 struct part_input **in);
/* The first fields of an #end line (name games lines bytes; n >= 5) added
 * to its input, which *in gets; 0 or -1. */
int part_end(struct part_merge *m, char **f, int n, struct part_input **in);
void part_merge_free(struct part_merge *m);
/* After the parts are read: 1 when the last one is still open (in_part:
 * no #counts line), said; else 0. */
int part_cut_short(int in_part);
/* Where a line part_read() hands a merge stands: its file's name and
 * number, and whether it is the file's first and no part's (no header
 * '#', no JSON '{'). */
struct part_line {
	const char *name;
	long lineno;
	int first_no_part;
	int skip;               /* part_error() said such a line: the file skipped */
};
typedef int (*part_line_fn)(void *data, char *line, struct part_line *at);
/* The merges' reading: each line of the files argv[0..argc) in turn (none:
 * standard input), its newline taken off, to fn; an input that cannot be
 * opened or read is said, and a file whose first line is no part's and
 * fn refuses with part_error() is skipped after it (a record file given
 * by mistake: one error, not one a line).  1 when that happened or fn
 * returned -1 for a line, else 0. */
int part_read(int argc, char **argv, part_line_fn fn, void *data);
/* fn's error for the line at: "prog: file:lineno: error: msg", and when
 * part_read() skips the file after it, ": the file skipped, its first
 * line is no part's" after msg, in the same line. */
void part_error(struct part_line *at, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/*
 * The parts of a command with no merge of its own (xqconv under -J): the
 * lines above (the header, P, W, #end) and
 *   G level file line game text        a diagnostic "game N<text>" at a
 *                                      line (part_put_game_diag())
 *   #counts v1 ... vN trouble          the part's counts, added up
 * (part_merge_counts() in jobs.h reads them.)
 */
void part_put_game_diag(FILE *fp, const char *level, const char *file, long line, long game,
			const char *text);

/*
 * Output with positions (a game number, a line, a byte offset) relative to
 * a part, for the merge to shift: \001I name \001 before an input's output,
 * \001G N \001 a game number, \001L N \001 a line (a number 0 of either
 * stays 0), \001B N \001 a byte offset, \001\001 a byte 001 of the text.
 * part_put_pos() writes a position's mark to fp; part_put_pos_text()
 * writes text so;
 * part_copy_output() copies such output from in to out with the positions
 * of the whole input: 0, or -1 when in is none (said as at name);
 * part_copy_marked() copies the string s so, its positions of the input
 * in until an \001I mark: 0, or -1 when s is none (nothing of it written).
 */
void part_put_pos(FILE *fp, char kind, long v);
void part_put_pos_text(FILE *fp, const char *s);
/* The mark of the input whose positions follow, named name. */
void part_put_input(FILE *fp, const char *name);
/* The same as the library's writers of positions and names (xq.h
 * xq_put_pos_fn, xq_put_text_fn): data unused. */
void part_pos_writer(void *data, FILE *fp, char kind, long v);
void part_text_writer(void *data, FILE *fp, const char *s);
int part_copy_output(FILE *in, FILE *out, struct part_merge *m, const char *name);
int part_copy_marked(const char *s, FILE *out, struct part_merge *m, struct part_input *in);

/*
 * xqgrep --unique over parts.  --keys writes, for each part:
 *   #xqgrep-keys 1 [N]
 *   KEY NAME INDEX LINE                a game (KEY: 32 hex digits)
 *   #end NAME GAMES LINES              after each input
 * and --merge-keys --write-drops FILE, once:
 *   #xqgrep-drops 1
 *   #part K NAME GAMES LINES           an input of part K
 *   D K INDEX KEY NAME                 a game part K drops (its own index)
 * Names hold no tab.
 */
#define PART_KEYS_MAGIC "#xqgrep-keys"
#define PART_KEYS_VERSION "1"
#define PART_KEYS_HEADER PART_KEYS_MAGIC "\t" PART_KEYS_VERSION
#define PART_DROPS_HEADER "#xqgrep-drops\t1"

void part_put_keys_header(FILE *fp, long part);
void part_put_key(FILE *fp, const uint64_t k[2], const char *name, long index, long line);
void part_put_keys_end(FILE *fp, const char *name, long games, long lines);
/* Whether f[0..n) (a split line) is a --keys header; *num its part number
 * field or NULL. */
int part_keys_header(char **f, int n, const char **num);
/* The 32 lower-case hex digits of key into k: 0 or -1. */
int part_get_key(const char *key, uint64_t k[2]);

void part_put_drops_input(FILE *fp, long part, const char *name, long games, long lines);
void part_put_drop(FILE *fp, long part, long index, const char *key, const char *name);
/* A line of --write-drops but the header, split in place: 'P' an input
 * (#part), 'D' a game, with *part, *name and the rest filled (v1 v2:
 * games and lines; v1 and k: index and key); -1 when it is none. */
int part_get_drop_line(char *line, long *part, char **name, long *v1, long *v2, uint64_t k[2]);

#endif
