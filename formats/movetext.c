/*
 * movetext.c - the movetext scanner shared by the PGN, plain-text and
 * XieXie readers (see movetext.h), the FEN tag applied, and the result and
 * extras counts their writers share.  PGN's own tags and writer are in
 * formats/pgn.c.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "movetext.h"

/* ------------------------------------------------------------ characters */

int xq__mt_digit(unsigned cp)
{
	if (cp >= '0' && cp <= '9')
		return (int)(cp - '0');
	if (cp >= 0xff10 && cp <= 0xff19)
		return (int)(cp - 0xff10);
	return -1;
}

static int is_dot(unsigned cp)
{
	return cp == '.' || cp == 0xff0e || cp == 0x3001;
}

static int is_ellipsis(unsigned cp)
{
	return cp == 0x2026 || cp == 0x22ef || cp == 0x2025;
}

static int is_direction(unsigned cp)
{
	return cp == 0x8fdb /* 进 */ || cp == 0x9000 /* 退 */ ||
	       cp == 0x5e73 /* 平 */ || cp == 0x4e0a /* 上 */ ||
	       cp == 0x4e0b /* 下 */ || cp == 0x9032 /* 進 */;
}

/* Full-width ASCII forms count as ASCII for token classes. */
static unsigned narrow_cp(unsigned cp)
{
	if (cp >= 0xff01 && cp <= 0xff5e)
		return cp - 0xfee0;
	return cp;
}

const char *xq__mt_skip_space(const char *s, size_t *len)
{
	while (*len) {
		int l;
		unsigned cp = mt_utf8(s, *len, &l);
		if (!mt_is_space(cp))
			break;
		s += l;
		*len -= (size_t)l;
	}
	return s;
}

const char *xq__mt_sniff_start(const unsigned char *head, size_t *n)
{
	const char *s = (const char *)head;
	if (*n >= 3 && head[0] == 0xef && head[1] == 0xbb && head[2] == 0xbf)
		s += 3, *n -= 3;
	while (*n && (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n'))
		s++, --*n;
	return s;
}

int xq__mt_starts_game(const char *s, size_t len)
{
	int l, v = 0, digits = 0;
	s = xq__mt_skip_space(s, &len);
	while (len) {
		unsigned cp = mt_utf8(s, len, &l);
		int d = xq__mt_digit(cp);
		if (d < 0) {
			if (digits && v == 1 && is_dot(cp))
				return 1;
			return 0;
		}
		v = v * 10 + d;
		if (++digits > 4)
			return 0;
		s += l;
		len -= (size_t)l;
	}
	return 0;
}

/* ------------------------------------------------------------- scanning */

static long col_at(struct mt *m, size_t off)
{
	if (off < m->col_off) {
		m->col_off = 0;
		m->col_val = 1;
	}
	/* columns are characters: count the bytes that start one */
	while (m->col_off + 8 <= off) {
		uint64_t w;
		memcpy(&w, m->line + m->col_off, 8);
		/* continuation bytes: bit 7 set, bit 6 clear */
		uint64_t cont = w & ~(w << 1) & 0x8080808080808080ull;
		/* one bit a byte: their sum gathers in the top byte */
		m->col_val += 8 - (long)(((cont >> 7) * 0x0101010101010101ull) >> 56);
		m->col_off += 8;
	}
	while (m->col_off < off) {
		if (((unsigned char)m->line[m->col_off] & 0xc0) != 0x80)
			m->col_val++;
		m->col_off++;
	}
	/* col_val counted the character starting at off-… : columns are
	 * 1-based character counts */
	return m->col_val;
}

void xq__mt_begin(struct mt *m, struct xq_reader *r, struct xq_game *g)
{
	m->r = r;
	m->g = g;
	m->cur = &g->root;
	m->last = NULL;
	m->depth = m->skip_depth = 0;
	m->in_comment = 0;
	m->com_len = m->pend_len = m->acc_len = 0;
	m->com_cut = 0;
	m->deep_on = 0;
	m->acc_target = NULL;
	m->nodes = 0;
	m->com_total = 0;
	m->ended = m->skipping = m->any = 0;
	m->no_fen_tag = 0;
}

static void mt_free(struct mt *m)
{
	free(m->com);
	free(m->pend);
	free(m->acc);
	free(m->deep);
	m->deep = NULL;
	m->deep_len = m->deep_cap = 0;
	m->com = m->pend = m->acc = NULL;
	m->com_cap = m->pend_cap = m->acc_cap = 0;
}

void *xq__mt_state(struct xq_reader *r, size_t size)
{
	void **slot = xq_reader_state(r);
	if (!*slot)
		*slot = calloc(1, size);
	return *slot;
}

void xq__mt_read_end(struct xq_reader *r)
{
	void **slot = xq_reader_state(r);
	if (*slot) {
		/* the state starts with its struct mt (see xq__mt_state) */
		mt_free(*slot);
		free(*slot);
		*slot = NULL;
	}
}

static void oom(struct mt *m, long line)
{
	xq_reader_problem(m->r, m->g, XQ_SEV_ERROR, XQ_P_LIMIT, line, 0, 0, NULL,
			  "out of memory");
	m->skipping = 1;
}

/*
 * Line breaks inside a PGN comment, as we read and write them (documented
 * in xq-formats(5)), so that a comment is wrapped at 80 columns and still
 * reads back to exactly its text, line breaks and runs of spaces included:
 *
 *   - k >= 2 line breaks in a row are k - 1 real line breaks of the text;
 *   - a single line break is a soft wrap: it goes, with the blanks right
 *     after it, and becomes one space between two non-blank characters
 *     unless both are wide and the new line is not indented (other
 *     writers wrap English text at a space, and Chinese text anywhere);
 *   - the one space that writers put inside each brace goes.
 *
 * Our writer (fill_comment in pgn.c) doubles real line breaks and
 * soft-wraps only in place of a single space that this gives back: never
 * inside a word or a move, never leaving a space at the end of a line.
 */

/* Whether a soft line break in a comment, between the text before it
 * (before[0..blen)) and the character at next, reads as a space: between
 * two non-blank characters it does, unless both are wide and the new line
 * is not indented (CJK text wraps between its characters with no space,
 * as East Asian line breaking does).  The PGN writer breaks only where
 * this gives back its space. */
static int soft_break_is_space(const char *before, size_t blen, const char *next, size_t nlen,
			       int indented)
{
	size_t k = blen;
	unsigned char p = (unsigned char)before[blen - 1], c = (unsigned char)*next;
	if (p == ' ' || p == '\t' || p == '\n' || c == ' ' || c == '\t' || c == '\n' || c == '\r')
		return 0;
	while (k > 0 && blen - k < 3 && ((unsigned char)before[k - 1] & 0xc0) == 0x80)
		k--;
	if (k > 0)
		k--;
	int l = 1;
	if (c >= 0x80)
		mt_utf8(next, nlen, &l);
	return indented || !(xq_text_width(before + k, blen - k) == 2 && xq_text_width(next, (size_t)l) == 2);
}

static size_t tidy_comment(char *s, size_t n)
{
	size_t o = 0, start = 0;

	for (size_t i = 0; i < n;) {
		size_t breaks = 0;
		while (i < n && (s[i] == '\n' || s[i] == '\r')) {
			if (s[i] == '\r' && i + 1 < n && s[i + 1] == '\n')
				i++;
			i++;
			breaks++;
		}
		if (breaks >= 2) {
			while (--breaks)
				s[o++] = '\n';
		} else if (breaks == 1) {
			size_t line = i;
			while (i < n && (s[i] == ' ' || s[i] == '\t'))
				i++;
			if (o > 0 && i < n && soft_break_is_space(s, o, s + i, n - i, i > line))
				s[o++] = ' ';
		}
		if (i < n)
			s[o++] = s[i++];
	}
	if (o && s[0] == ' ')
		start = 1;
	if (o > start && s[o - 1] == ' ')
		o--;
	memmove(s, s + start, o - start);
	return o - start;
}

static void flush_comments(struct mt *m)
{
	if (m->acc_target && m->acc_len && !m->skipping &&
	    xq_node_comment(m->g, m->acc_target, 0, m->acc, m->acc_len) < 0)
		oom(m, 0);
	m->acc_target = NULL;
	m->acc_len = 0;
}

static void add_comment(struct mt *m, const char *s, size_t n, long line)
{
	struct xq_node *target = NULL;
	int before = 0;

	n = tidy_comment((char *)s, n);
	if (n > MT_MAX_COMMENT || m->com_cut) {
		xq_reader_problem(m->r, m->g, XQ_SEV_WARNING, XQ_P_LIMIT,
				  m->com_line, m->com_col, 0, NULL,
				  "comment longer than the limit of %d bytes cut",
				  MT_MAX_COMMENT);
		m->com_cut = 0;
		if (n > MT_MAX_COMMENT) {
			n = MT_MAX_COMMENT;
			/* no cut UTF-8 sequence at the end */
			while (n > 0 && ((unsigned char)s[n] & 0xc0) == 0x80)
				n--;
		}
	}
	if (!n || m->skipping)
		return;
	if (m->skip_depth)
		return;
	if (m->com_total + n > MT_MAX_COMMENTS_TOTAL) {
		if (m->com_total <= MT_MAX_COMMENTS_TOTAL)
			xq_reader_problem(m->r, m->g, XQ_SEV_WARNING, XQ_P_LIMIT, line, 0, 0, NULL,
					  "more than the limit of %d bytes of comments in one game: the rest dropped",
					  MT_MAX_COMMENTS_TOTAL);
		m->com_total = MT_MAX_COMMENTS_TOTAL + 1;
		return;
	}
	m->com_total += n;
	if (m->last)
		target = m->last;
	else if (m->depth == 0 && !m->nodes)
		target = &m->g->root;
	if (target) {
		/* consecutive comments after one move are joined here and
		 * attached once (appending each to the node copies) */
		if (m->acc_target && m->acc_target != target)
			flush_comments(m);
		m->acc_target = target;
		if (xq__grow(&m->acc, &m->acc_cap, m->acc_len + n + 2) < 0) {
			oom(m, line);
			return;
		}
		if (m->acc_len)
			m->acc[m->acc_len++] = ' ';
		memcpy(m->acc + m->acc_len, s, n);
		m->acc_len += n;
		(void)before;
		return;
	}
	/* before the next move (start of a variation) */
	if (xq__grow(&m->pend, &m->pend_cap, m->pend_len + n + 2) < 0) {
		oom(m, line);
		return;
	}
	if (m->pend_len)
		m->pend[m->pend_len++] = ' ';
	memcpy(m->pend + m->pend_len, s, n);
	m->pend_len += n;
}

/* Append raw comment text (a piece of a line, or a line break).  The raw
 * text may be twice the limit (a writer doubles real line breaks, see
 * tidy_comment); past that it is dropped (com_cut), and add_comment cuts
 * the tidied text to MT_MAX_COMMENT bytes with one warning. */
#define MT_MAX_RAW_COMMENT (2 * MT_MAX_COMMENT + 4)
static void com_append(struct mt *m, const char *s, size_t n)
{
	if (m->com_cut)
		return;
	if (m->com_len + n > MT_MAX_RAW_COMMENT) {
		m->com_cut = 1;
		n = MT_MAX_RAW_COMMENT - m->com_len;
	}
	if (xq__grow(&m->com, &m->com_cap, m->com_len + n + 1) < 0) {
		m->com_cut = 1;
		oom(m, m->com_line);
		return;
	}
	memcpy(m->com + m->com_len, s, n);
	m->com_len += n;
}

static void add_nag(struct mt *m, int nag, long line, long col)
{
	if (m->skipping || m->skip_depth)
		return;
	if (!m->last) {
		xq_reader_problem(m->r, m->g, XQ_SEV_WARNING, XQ_P_SYNTAX, line, col, 0,
				  NULL, "annotation $%d before any move ignored", nag);
		return;
	}
	if (xq_node_add_nag(m->last, nag) < 0)
		xq_reader_problem(m->r, m->g, XQ_SEV_WARNING, XQ_P_LIMIT, line, col, 0,
				  NULL, "more than %d annotations on one move: $%d dropped",
				  XQ_MAX_NAGS, nag);
}

static int mark_nag(const char *s, size_t n)
{
	static const char *const marks[] = { "!", "?", "!!", "??", "!?", "?!" };
	for (int i = 0; i < 6; i++)
		if (strlen(marks[i]) == n && !memcmp(marks[i], s, n))
			return i + 1;
	return 0;
}

/* A move as written, as the next node (m neither skipping nor in a
 * skipped variation).  after_move: it comes right after a move this added,
 * with nothing between, so no comment waits for it and the checks for one
 * are left out.  Returns -1 when the game's moves are skipped from here
 * on. */
static inline __attribute__((always_inline))
int add_move_now(struct mt *m, const char *s, size_t n, long line, long col, int after_move)
{
	struct xq_node *node;
	if (!after_move && m->acc_target) /* else there is nothing to flush (acc_len is 0) */
		flush_comments(m);
	if (++m->nodes > MT_MAX_NODES) {
		xq_reader_problem(m->r, m->g, XQ_SEV_ERROR, XQ_P_LIMIT, line, col, 0, NULL,
				  "more than %d moves in one game (the limit for every format): the rest is skipped",
				  MT_MAX_NODES);
		m->skipping = 1;
		return -1;
	}
	if (!(node = xq_node_add(m->g, m->cur, XQ_MOVE_NONE, s, n))) {
		oom(m, line);
		return -1;
	}
	node->line = (uint32_t)line;
	node->col = (uint32_t)col;
	if (!after_move && m->pend_len) {
		if (xq_node_comment(m->g, node, 1, m->pend, m->pend_len) < 0)
			oom(m, line);
		m->pend_len = 0;
	}
	m->cur = node;
	m->last = node;
	/* (a comment attached may have run out of memory) */
	return after_move || !m->skipping ? 0 : -1;
}

static void add_move(struct mt *m, const char *s, size_t n, long line, long col)
{
	if (!m->skipping && !m->skip_depth)
		add_move_now(m, s, n, line, col, 0);
}

static int bad_bytes(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if ((c < 0x20 && c != '\t') || c == 0x7f)
			return 1;
		if (c == 0xef && i + 2 < n && (unsigned char)s[i + 1] == 0xbf &&
		    (unsigned char)s[i + 2] == 0xbd)
			return 1;
	}
	return 0;
}

/* Strip trailing !/? marks (ASCII or full-width) off a move; returns the
 * new length and the NAG in *nag (0 if none). */
static size_t strip_marks(const char *s, size_t n, int *nag)
{
	char marks[4];
	size_t k = 0, e = n;
	*nag = 0;
	while (e > 0 && k < 2) {
		if (s[e - 1] == '!' || s[e - 1] == '?') {
			marks[k++] = s[e - 1];
			e--;
		} else if (e >= 3 && (unsigned char)s[e - 3] == 0xef &&
			   (unsigned char)s[e - 2] == 0xbc &&
			   ((unsigned char)s[e - 1] == 0x81 || (unsigned char)s[e - 1] == 0x9f)) {
			marks[k++] = (unsigned char)s[e - 1] == 0x81 ? '!' : '?';
			e -= 3;
		} else {
			break;
		}
	}
	if (!k || e == 0)
		return n;
	char fwd[3] = { 0 };
	for (size_t i = 0; i < k; i++)
		fwd[i] = marks[k - 1 - i];
	*nag = mark_nag(fwd, k);
	return *nag ? e : n;
}

/* One word (no spaces, no delimiters): numbers, moves, results. */
static void scan_word(struct mt *m, const char *s, size_t n, size_t off, long line)
{
	size_t i = 0;
	while (i < n) {
		int l;
		unsigned cp = mt_utf8(s + i, n - i, &l);
		unsigned ncp = narrow_cp(cp);
		long col = col_at(m, off + i);

		/* move number: digits then dots or an ellipsis */
		if (xq__mt_digit(cp) >= 0) {
			size_t j = i;
			int l2;
			unsigned c2 = 0;
			while (j < n && xq__mt_digit(c2 = mt_utf8(s + j, n - j, &l2)) >= 0)
				j += (size_t)l2;
			if (j < n && (is_dot(c2) || is_ellipsis(c2))) {
				size_t k = j;
				while (k < n && (is_dot(c2 = mt_utf8(s + k, n - k, &l2)) ||
						 is_ellipsis(c2)))
					k += (size_t)l2;
				/* "33.2" is a WXF move (tandem pawns), not a number */
				if (!(k < n && c2 >= '0' && c2 <= '9')) {
					i = k;
					continue;
				}
			}
		}
		/* Black placeholders */
		if (is_dot(cp) || is_ellipsis(cp)) {
			i += (size_t)l;
			continue;
		}
		/* a result: the whole rest of the word (results start with
		 * 0, 1, *, ½ or a Chinese word or bracket) */
		unsigned char b0 = (unsigned char)s[i];
		const char *res = b0 == '0' || b0 == '1' || b0 == '*' || b0 == '(' ||
				  b0 == '[' || b0 >= 0x80 ? xq_result_word(s + i, n - i) : NULL;
		if (res && m->depth == 0) {
			if (!m->skipping && !m->g->result)
				m->g->result = res;
			m->ended = 1;
			return;
		}
		if (res)
			return; /* a result inside a variation: ignored */
		if (ncp == '!' || ncp == '?') {
			size_t j = i;
			char marks[4];
			int k = 0, l2;
			unsigned c2;
			while (j < n && k < 3 && ((c2 = narrow_cp(mt_utf8(s + j, n - j, &l2))) == '!' || c2 == '?')) {
				marks[k++] = (char)c2;
				j += (size_t)l2;
			}
			int nag = mark_nag(marks, (size_t)k);
			if (nag)
				add_nag(m, nag, line, col);
			i = j;
			continue;
		}
		/* a move */
		size_t j = i;
		if (cp >= 0x80 && ncp == cp) {
			/* Chinese: up to a direction character and one more */
			int chars = 0, dir = 0, l2;
			while (j < n && chars < 8) {
				unsigned c2 = mt_utf8(s + j, n - j, &l2);
				if (dir) {
					j += (size_t)l2;
					break;
				}
				if (is_direction(c2))
					dir = 1;
				j += (size_t)l2;
				chars++;
			}
			if (!dir)
				j = n;
		} else {
			/* ASCII or full-width ASCII: up to a Chinese character */
			int l2;
			while (j < n) {
				unsigned c2 = mt_utf8(s + j, n - j, &l2);
				if (c2 >= 0x80 && narrow_cp(c2) == c2)
					break;
				j += (size_t)l2;
			}
			if (j == i)
				j = i + (size_t)l;
		}
		/* marks glued after the move */
		size_t k = j;
		while (k < n && (s[k] == '!' || s[k] == '?'))
			k++;
		int nag = 0;
		size_t mlen = strip_marks(s + i, k - i, &nag);
		if (bad_bytes(s + i, mlen)) {
			if (!m->skipping && !m->skip_depth) {
				xq_reader_problem(m->r, m->g, XQ_SEV_ERROR, XQ_P_SYNTAX, line, col, 0,
						  NULL, "unreadable bytes in the movetext: the rest of the game is skipped");
				m->skipping = 1;
			}
			return;
		}
		add_move(m, s + i, mlen, line, col);
		if (nag)
			add_nag(m, nag, line, col);
		i = k;
	}
}

/* Classes of bytes for the fast path of xq__mt_line() (fast_run()). */
enum {
	K_WORD = 1,    /* may be inside an ASCII move word that needs no other
			* care: letters, digits, + - . = */
	K_LETTER = 2,  /* an ASCII letter: an ASCII move word starts with one */
	K_END = 4,     /* ends a word in every mode: blank, brace, parenthesis, ; $ */
	K_BLANK = 8,   /* an ASCII blank (mt_is_space()) */
	K_DIGIT = 16,  /* an ASCII digit */
	K_ZH = 32,     /* a lead byte of U+4000..U+9FFF (0xE4..0xE9) */
	K_EOL = 64,    /* LF: only the run over whole lines meets one */
};
#define L_ (K_WORD | K_LETTER)
#define D_ (K_WORD | K_DIGIT)
#define B_ (K_END | K_BLANK)
static const unsigned char byte_class[256] = {
	['\t'] = B_, ['\n'] = B_ | K_EOL, ['\v'] = B_, ['\f'] = B_, ['\r'] = B_, [' '] = B_,
	['{'] = K_END, ['}'] = K_END, ['('] = K_END, [')'] = K_END,
	[';'] = K_END, ['$'] = K_END,
	['+'] = K_WORD, ['-'] = K_WORD, ['.'] = K_WORD, ['='] = K_WORD,
	['0'] = D_, ['1'] = D_, ['2'] = D_, ['3'] = D_, ['4'] = D_,
	['5'] = D_, ['6'] = D_, ['7'] = D_, ['8'] = D_, ['9'] = D_,
	['A'] = L_, ['B'] = L_, ['C'] = L_, ['D'] = L_, ['E'] = L_, ['F'] = L_, ['G'] = L_,
	['H'] = L_, ['I'] = L_, ['J'] = L_, ['K'] = L_, ['L'] = L_, ['M'] = L_, ['N'] = L_,
	['O'] = L_, ['P'] = L_, ['Q'] = L_, ['R'] = L_, ['S'] = L_, ['T'] = L_, ['U'] = L_,
	['V'] = L_, ['W'] = L_, ['X'] = L_, ['Y'] = L_, ['Z'] = L_,
	['a'] = L_, ['b'] = L_, ['c'] = L_, ['d'] = L_, ['e'] = L_, ['f'] = L_, ['g'] = L_,
	['h'] = L_, ['i'] = L_, ['j'] = L_, ['k'] = L_, ['l'] = L_, ['m'] = L_, ['n'] = L_,
	['o'] = L_, ['p'] = L_, ['q'] = L_, ['r'] = L_, ['s'] = L_, ['t'] = L_, ['u'] = L_,
	['v'] = L_, ['w'] = L_, ['x'] = L_, ['y'] = L_, ['z'] = L_,
	[0xe4] = K_ZH, [0xe5] = K_ZH, [0xe6] = K_ZH, [0xe7] = K_ZH, [0xe8] = K_ZH,
	[0xe9] = K_ZH,
};
#undef L_
#undef D_
#undef B_

/* Whether the byte at s[j] ends a word in every mode, or j is the end. */
static inline int word_ends(const unsigned char *s, size_t j, size_t len)
{
	return j == len || (byte_class[s[j]] & K_END);
}

/* A word at s[i] that starts with a letter and holds only letters,
 * digits and + - . = up to a blank or delimiter of every mode (ICCS, WXF,
 * SAN): scan_word() would take all of it as one move, with no mark, no
 * number, no result and nothing unreadable.  Returns its end, or 0 when
 * the word needs scan_word(). */
static inline size_t ascii_move_word(const unsigned char *s, size_t i, size_t len)
{
	size_t j = i + 1;
	while (j < len && (byte_class[s[j]] & K_WORD))
		j++;
	return word_ends(s, j, len) ? j : 0;
}

/*
 * A word at s[i] of four characters, each an ideograph (U+4E00..U+9FFF)
 * or a full-width digit, the first not a digit, the third and not the
 * first two a direction, up to a blank or delimiter of every mode: the Chinese
 * move that scan_word() would take whole.  Returns its end, or 0 when the
 * word needs scan_word().  Each such character is three bytes of UTF-8,
 * judged by its bytes as mt_utf8() would decode it (leads 0xE4..0xE9 and
 * 0xEF are never overlong nor a surrogate).  No such word is a result word
 * (xq_result_word(): its words of four characters have no direction
 * third, its brackets are no ideographs).
 */
/* The directions (is_direction()) as their three bytes of UTF-8, by the
 * low six bits of the last byte, which are distinct for the six. */
static const uint32_t direction_by_low6[64] = {
	[0x9b & 63] = 0xe8bf9b /* 进 */, [0x80 & 63] = 0xe98080 /* 退 */,
	[0xb3 & 63] = 0xe5b9b3 /* 平 */, [0x8a & 63] = 0xe4b88a /* 上 */,
	[0x8b & 63] = 0xe4b88b /* 下 */, [0xb2 & 63] = 0xe980b2 /* 進 */,
};

/* Whether a character of three bytes of UTF-8, given as one number (the
 * first byte highest) with valid continuation bytes, is an ideograph of
 * U+4E00..U+9FFF, a full-width digit U+FF10..U+FF19, a direction. */
static inline int zh_ideograph(uint32_t k)
{
	return k - 0xe4b880u <= 0xe9bfbfu - 0xe4b880u;
}
static inline int zh_fw_digit(uint32_t k)
{
	return k - 0xefbc90u <= 9;
}
static inline int zh_direction(uint32_t k)
{
	return direction_by_low6[k & 63] == k;
}

/* The eight bytes at p as one number, the first byte highest: one load
 * and a byte swap where the byte order is known (the shifted bytes are not
 * fused into one by every compiler). */
static inline uint64_t load_be64(const unsigned char *p)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	uint64_t w;
	memcpy(&w, p, 8);
	return __builtin_bswap64(w);
#else
	return (uint64_t)p[0] << 56 | (uint64_t)p[1] << 48 | (uint64_t)p[2] << 40 |
	       (uint64_t)p[3] << 32 | (uint64_t)p[4] << 24 | (uint64_t)p[5] << 16 |
	       (uint64_t)p[6] << 8 | p[7];
#endif
}

static inline __attribute__((always_inline))
size_t zh_move_word(const unsigned char *s, size_t i, size_t len)
{
	const unsigned char *p = s + i;
	uint64_t w;
	uint32_t v, k0, k1, k2, k3;
	if (len - i < 12)
		return 0;
	/* the twelve bytes, first highest: each char's 2nd and 3rd byte a
	 * continuation byte (10xxxxxx) */
	w = load_be64(p);
	v = (uint32_t)load_be64(p + 4);   /* bytes 8..11 */
	if ((w & 0x00c0c000c0c000c0ull) != 0x0080800080800080ull ||
	    (v & 0xc000c0c0u) != 0x80008080u)
		return 0;
	k0 = (uint32_t)(w >> 40);
	k1 = (uint32_t)(w >> 16) & 0xffffff;
	k2 = (uint32_t)(w & 0xffff) << 8 | v >> 24;
	k3 = v & 0xffffff;
	/* (the fourth may be a direction too: scan_word() takes one
	 * character after the first direction, whatever it is) */
	if (!zh_direction(k2) || !zh_ideograph(k0) || zh_direction(k0) ||
	    !(zh_ideograph(k1) || zh_fw_digit(k1)) || zh_direction(k1) ||
	    !(zh_ideograph(k3) || zh_fw_digit(k3)))
		return 0;
	return word_ends(s, i + 12, len) ? i + 12 : 0;
}

/* The blanks (spaces and tabs) a line (ended by an LF) starts with. */
static inline size_t lead_blanks(const unsigned char *s)
{
	size_t j = 0;
	while (s[j] == ' ' || s[j] == '\t')
		j++;
	return j;
}

/* Whether a line (ended by an LF) is one xq__mt_lines() takes: its first
 * byte but spaces and tabs an ASCII letter or digit or the lead byte of an
 * ideograph, so no blank, tag, escape or comment line. */
static inline int plain_line(const unsigned char *s)
{
	return (byte_class[s[lead_blanks(s)]] & (K_LETTER | K_DIGIT | K_ZH)) != 0;
}

/*
 * The bulk of real movetext from s[i] on: blanks, move numbers (digits and
 * dots only) and moves of the shapes scan_word() would take whole (ASCII
 * move words, ICCS first, and four-character Chinese moves), each treated
 * as the general loop of mt_line_scan() treats it.  Returns where the first
 * token of another kind starts (or len), with m's column cache set there.
 * The column of a move is counted as it goes: i + 1 less the UTF-8
 * continuation bytes before i (adj), which only a Chinese move adds to.
 *
 * With lines (xq__mt_lines()), *line..*line + *len is whole lines, each
 * ended by its LF, and the run goes on past an LF into the next line when
 * that line is plain (plain_line()), as the next call would: *line, *len
 * and *lineno then follow the line it is in, and *prev is where the line
 * before starts.  It stops at the start of a line that is not plain.
 * There every token ends before n (at the LF at the latest), so a byte
 * after a word, a digit, a dot or a space is there to read.
 */
static inline __attribute__((always_inline))
size_t fast_run(struct mt *m, const char **line, size_t i, size_t *len, long *lineno,
		const char **prev, int lines)
{
	const char *str = *line;
	const unsigned char *s = (const unsigned char *)str;
	size_t n = *len;
	long ln = *lineno;
	/* (only the general loop opens or closes a variation) */
	const int skip = m->skip_depth;
	/* (no comment comes between two moves of the run) */
	int moved = 0;
	/* (at the start of a line and after a general token that asked for
	 * its column, the cache is at i already) */
	long adj = (long)i + 1 - (i == m->col_off ? m->col_val : col_at(m, i));
	while (i < n) {
		unsigned k = byte_class[s[i]];
		size_t j;
		long col;
		if (k & K_BLANK) {
			if (lines && (k & K_EOL)) {
				/* the next line, from its first token when it
				 * is plain (its leading blanks are one byte a
				 * column) */
				*prev = str;
				str += i + 1;
				s = (const unsigned char *)str;
				n -= i + 1;
				ln++;
				i = 0;
				adj = 0;
				if (!n)
					break;
				j = lead_blanks(s);
				if (!(byte_class[s[j]] & (K_LETTER | K_DIGIT | K_ZH)))
					break;
				i = j;
				continue;
			}
			i++;
			continue;
		}
		if (k & K_LETTER) {
			/* four bytes, as ICCS and WXF moves are, or five, as
			 * ICCS with a dash is, and a word's end (what
			 * ascii_move_word() would find, without its loop) */
			if (i + 4 < n) {
				unsigned w = byte_class[s[i + 1]] & byte_class[s[i + 2]] &
					     byte_class[s[i + 3]];
				/* (K_WORD is 1: a fifth byte of a word) */
				j = i + 4 + (byte_class[s[i + 4]] & K_WORD);
				if (!((w & K_WORD) && word_ends(s, j, n)) &&
				    !(j = ascii_move_word(s, i, n)))
					break;
			} else if (!(j = ascii_move_word(s, i, n))) {
				break;
			}
			col = (long)i + 1 - adj;
		} else if (k & K_DIGIT) {
			/* a move number: digits, dots and a word's end */
			j = i + 1;
			while ((lines || j < n) && s[j] - (unsigned)'0' <= 9)
				j++;
			if ((!lines && j == n) || s[j] != '.')
				break;
			if (!word_ends(s, ++j, n)) {
				while ((lines || j < n) && s[j] == '.')
					j++;
				if (!word_ends(s, j, n))
					break;
			}
			m->any = 1;
			i = j + ((lines || j < n) && s[j] == ' ');
			continue;
		} else if (k & K_ZH) {
			if (!(j = zh_move_word(s, i, n)))
				break;
			col = (long)i + 1 - adj;
			adj += 8; /* four characters of three bytes */
		} else {
			break;
		}
		m->any = 1;
		if (!skip) {
			/* (m->skipping is 0 here: it ends the run) */
			if (moved ? add_move_now(m, str + i, j - i, ln, col, 1) :
				    add_move_now(m, str + i, j - i, ln, col, 0)) {
				i = j;
				break;
			}
			moved = 1;
		}
		/* and the blank after it */
		i = j + ((lines || j < n) && s[j] == ' ');
	}
	m->line = str;
	m->col_off = i;
	m->col_val = (long)i + 1 - adj;
	*line = str;
	*len = n;
	*lineno = ln;
	return i;
}

static int is_word_delim(const struct mt *m, unsigned cp)
{
	switch (cp) {
	case '{': case '}': case '(': case ')': case ';': case '$':
		return 1;
	case ',': case 0xff0c:
		return m->text_mode;
	}
	return mt_is_space(cp);
}

/* A variation nested too deep is not read, but kept as it was written:
 * its text is gathered here (deep_from: where it goes on in this line) and
 * becomes a comment on the move it replaces. */
#define DEEP_NONE ((size_t)-1)
static void deep_add(struct mt *m, const char *s, size_t n)
{
	if (m->deep_len + n > MT_MAX_COMMENT)
		n = m->deep_len < MT_MAX_COMMENT ? MT_MAX_COMMENT - m->deep_len : 0;
	if (n && xq__grow(&m->deep, &m->deep_cap, m->deep_len + n + 1) == 0) {
		memcpy(m->deep + m->deep_len, s, n);
		m->deep_len += n;
	}
}

static void deep_done(struct mt *m, long line)
{
	static const char head[] = "variation nested too deep to read, as written: ";
	char *text = malloc(sizeof head + m->deep_len);
	m->deep_on = 0;
	if (!text) {
		oom(m, line);
		return;
	}
	memcpy(text, head, sizeof head - 1);
	memcpy(text + sizeof head - 1, m->deep, m->deep_len);
	/* kept on the move the variation replaces (m->last); no tidying of
	 * its line breaks (it is not a comment as written) */
	for (size_t k = 0; k < m->deep_len; k++)
		if (text[sizeof head - 1 + k] == '\n')
			text[sizeof head - 1 + k] = ' ';
	add_comment(m, text, sizeof head - 1 + m->deep_len, line);
	free(text);
}

static inline __attribute__((always_inline)) long mt_line_scan(struct mt *m, const char *s,
							  size_t len, long lineno);
static long mt_line_general(struct mt *m, const char *s, size_t len, long lineno, size_t i);

/* A line's scan begins: the column cache at its first byte. */
static inline void line_begin(struct mt *m, const char *s)
{
	m->line = s;
	m->col_off = 0;
	m->col_val = 1;
}

/* The rest of a line, from where the run stopped (i), by the general
 * loop, unless the run took all of it or gave up on the game's moves.
 * (The general loop starts with the run again, which stops at once where
 * this one stopped.) */
static inline __attribute__((always_inline)) long line_rest(struct mt *m, const char *s, size_t len, long lineno, size_t i)
{
	return i >= len || m->skipping ? -1 : mt_line_general(m, s, len, lineno, i);
}

/* After a line scanned (end: as mt_line_scan() returns): the part of it
 * in a variation nested too deep (from deep_from on) kept as written. */
static inline void deep_line_done(struct mt *m, const char *s, size_t len, long end)
{
	if (m->deep_on && m->deep_from != DEEP_NONE) {
		size_t e = end >= 0 ? (size_t)end : len;
		if (e > m->deep_from)
			deep_add(m, s + m->deep_from, e - m->deep_from);
		deep_add(m, "\n", 1);
	}
}

static inline __attribute__((always_inline))
long mt_line_one(struct mt *m, const char *s, size_t len, long lineno)
{
	m->deep_from = m->deep_on ? 0 : DEEP_NONE;
	long end = mt_line_scan(m, s, len, lineno);
	deep_line_done(m, s, len, end);
	return end;
}

long xq__mt_line(struct mt *m, const char *s, size_t len, long lineno)
{
	return mt_line_one(m, s, len, lineno);
}

/* How many bytes of text[0..len) the run over lines may take at once:
 * whole lines (the last ended by an LF) with no CR, which the reader takes
 * apart itself, looked for in this many bytes at most. */
#define LINES_AT_ONCE 4096
static size_t whole_lines(const char *text, size_t len)
{
	size_t n = len < LINES_AT_ONCE ? len : LINES_AT_ONCE;
	const char *cr = memchr(text, '\r', n);
	if (cr)
		n = (size_t)(cr - text);
	while (n && text[n - 1] != '\n')
		n--;
	return n;
}

size_t xq__mt_lines(struct mt *m, const char *text, size_t len, long lineno, long *nlines,
		    size_t *last, long *end)
{
	const char *line = text, *start = text;
	size_t rest = whole_lines(text, len), b;
	long ln = lineno, e = -1;
	while (rest && e < 0 && !m->in_comment && !m->ended &&
	       plain_line((const unsigned char *)line)) {
		start = line;
		if (m->skipping || m->deep_on) {
			b = (size_t)((const char *)memchr(line, '\n', rest) - line);
			e = mt_line_one(m, line, b, ln);
		} else {
			/* the run, over as many lines as it takes whole; the
			 * rest of the line it stops in as mt_line_scan() */
			size_t i;
			line_begin(m, line);
			m->deep_from = DEEP_NONE;
			i = fast_run(m, &line, 0, &rest, &ln, &start, 1);
			if (!rest || (line != start && i == 0 && !plain_line((const unsigned char *)line)))
				break;
			start = line;
			b = (size_t)((const char *)memchr(line + i, '\n', rest - i) - line);
			e = line_rest(m, line, b, ln, i);
			deep_line_done(m, line, b, e);
		}
		ln++;
		line += b + 1;
		rest -= b + 1;
	}
	*nlines = ln - lineno;
	*last = (size_t)(start - text);
	*end = e;
	return (size_t)(line - text);
}

/* A line: the run of common tokens here, the rest (and a line that goes
 * on with a comment, or is skipped) by mt_line_general(), whose frame the
 * lines of moves alone do not pay for. */
static inline __attribute__((always_inline)) long mt_line_scan(struct mt *m, const char *s,
							  size_t len, long lineno)
{
	line_begin(m, s);
	if (!m->in_comment && !m->skipping) {
		size_t i = fast_run(m, &s, 0, &len, &lineno, NULL, 0);
		return line_rest(m, s, len, lineno, i);
	}
	return mt_line_general(m, s, len, lineno, 0);
}

/* A line from s[i] on (i 0 when it goes on with a comment). */
static __attribute__((noinline)) long mt_line_general(struct mt *m, const char *s, size_t len,
						       long lineno, size_t i)
{
	if (m->in_comment) {
		const char *close = memchr(s, '}', len);
		com_append(m, "\n", 1);
		if (!close) {
			com_append(m, s, len);
			return -1;
		}
		com_append(m, s, (size_t)(close - s));
		add_comment(m, m->com, m->com_len, m->com_line);
		m->in_comment = 0;
		i = (size_t)(close - s) + 1;
	}
	while (i < len && !m->skipping) {
		int l = 1;
		unsigned cp;
		i = fast_run(m, &s, i, &len, &lineno, NULL, 0);
		if (i >= len || m->skipping)
			break;
		/* a token of another kind */
		cp = mt_utf8(s + i, len - i, &l);
		if (mt_is_space(cp) || (m->text_mode && (cp == ',' || cp == 0xff0c))) {
			i += (size_t)l;
			continue;
		}
		m->any = 1;
		switch (cp) {
		case '{': {
			const char *close = memchr(s + i + 1, '}', len - i - 1);
			m->com_len = 0;
			m->com_cut = 0;
			m->com_line = lineno;
			m->com_col = col_at(m, i);
			if (!close) {
				com_append(m, s + i + 1, len - i - 1);
				m->in_comment = 1;
				return -1;
			}
			com_append(m, s + i + 1, (size_t)(close - s - (long)i - 1));
			add_comment(m, m->com, m->com_len, lineno);
			i = (size_t)(close - s) + 1;
			continue;
		}
		case ';':
			m->com_len = 0;
			m->com_cut = 0;
			m->com_line = lineno;
			m->com_col = col_at(m, i);
			com_append(m, s + i + 1, len - i - 1);
			add_comment(m, m->com, m->com_len, lineno);
			return -1;
		case '}':
			xq_reader_problem(m->r, m->g, XQ_SEV_WARNING, XQ_P_SYNTAX, lineno,
					  col_at(m, i), 0, NULL, "'}' without '{' ignored");
			i++;
			continue;
		case '(':
			flush_comments(m);
			if (m->skip_depth || m->skipping) {
				m->skip_depth++;
			} else if (!m->last) {
				xq_reader_problem(m->r, m->g, XQ_SEV_WARNING, XQ_P_SYNTAX, lineno,
						  col_at(m, i), 0, NULL,
						  "variation with no move before it skipped");
				m->skip_depth = 1;
			} else if (m->depth >= MT_MAX_DEPTH) {
				xq_reader_problem(m->r, m->g, XQ_SEV_ERROR, XQ_P_LIMIT, lineno,
						  col_at(m, i), 0, NULL,
						  "variations nested deeper than the limit of %d skipped "
						  "(kept as text in a comment)", MT_MAX_DEPTH);
				m->skip_depth = 1;
				m->deep_on = 1;
				m->deep_len = 0;
				m->deep_from = i;
				m->deep_line = lineno;
			} else {
				m->stack[m->depth].cur = m->cur;
				m->stack[m->depth].last = m->last;
				m->depth++;
				m->cur = m->last->parent;
				m->last = NULL;
				m->pend_len = 0;
			}
			i++;
			continue;
		case ')':
			flush_comments(m);
			if (m->skip_depth) {
				m->skip_depth--;
				if (!m->skip_depth && m->deep_on) {
					deep_add(m, s + m->deep_from, i + 1 - m->deep_from);
					m->deep_from = DEEP_NONE;
					deep_done(m, m->deep_line);
				}
			} else if (m->depth == 0) {
				if (!m->skipping)
					xq_reader_problem(m->r, m->g, XQ_SEV_WARNING, XQ_P_SYNTAX, lineno,
							  col_at(m, i), 0, NULL, "')' without '(' ignored");
			} else {
				int empty = !m->last;
				m->depth--;
				m->cur = m->stack[m->depth].cur;
				m->last = m->stack[m->depth].last;
				if (empty && m->pend_len && !m->skipping) {
					/* a variation of a comment alone (such as a
					 * writer's line kept as text): the comment
					 * stays, on the move the variation hangs on */
					xq_reader_problem(m->r, m->g, XQ_SEV_NOTE, XQ_P_SYNTAX, lineno,
							  col_at(m, i), 0, NULL,
							  "a variation with a comment and no move: the comment kept "
							  "after the move before it");
					if (xq_node_comment(m->g, m->last, 0, m->pend, m->pend_len) < 0)
						oom(m, lineno);
				}
				m->pend_len = 0;
			}
			i++;
			continue;
		case '$': {
			size_t j = i + 1;
			int v = 0;
			while (j < len && s[j] >= '0' && s[j] <= '9' && v < 1000)
				v = v * 10 + (s[j++] - '0');
			if (j == i + 1 || v < 1 || v > 255)
				xq_reader_problem(m->r, m->g, XQ_SEV_WARNING, XQ_P_SYNTAX, lineno,
						  col_at(m, i), 0, NULL, "bad annotation '$' ignored");
			else
				add_nag(m, v, lineno, col_at(m, i));
			i = j;
			continue;
		}
		}
		/* a word */
		size_t j = i;
		while (j < len) {
			unsigned c2 = mt_utf8(s + j, len - j, &l);
			if (is_word_delim(m, c2))
				break;
			j += (size_t)l;
		}
		scan_word(m, s + i, j - i, i, lineno);
		if (m->ended)
			return (long)j;
		i = j;
	}
	return -1;
}

void xq__mt_end(struct mt *m, long lineno)
{
	flush_comments(m);
	if (m->in_comment) {
		xq_reader_problem(m->r, m->g, XQ_SEV_ERROR, XQ_P_TRUNCATED, m->com_line,
				  m->com_col, 0, NULL, "comment not closed before the end of the game");
		m->g->flags |= XQ_GAME_TRUNCATED;
		add_comment(m, m->com, m->com_len, m->com_line);
		m->in_comment = 0;
	}
	if (m->deep_on) {
		/* not closed: what there was of it */
		m->skip_depth = 0;
		deep_done(m, m->deep_line);
	}
	if (m->depth > 0) {
		xq_reader_problem(m->r, m->g, XQ_SEV_ERROR, XQ_P_TRUNCATED, lineno, 0, 0, NULL,
				  "%d variation%s not closed before the end of the game",
				  m->depth, m->depth > 1 ? "s" : "");
		m->g->flags |= XQ_GAME_TRUNCATED;
		m->depth = 0;
	}
	flush_comments(m);
}

int xq__mt_finish(struct mt *m, int rc, int any, long fen_line)
{
	if (!any)
		return rc < 0 ? rc : 0;
	xq__mt_end(m, xq_reader_line(m->r));
	if (!m->no_fen_tag)
		xq__mt_apply_fen(m->r, m->g, fen_line);
	return 1;
}

void xq__mt_apply_fen(struct xq_reader *r, struct xq_game *g, long line)
{
	const char *fen = xq_game_tag(g, "FEN");
	struct xq_err err;
	if (!fen || !*fen)
		return;
	if (!line)
		line = g->line;
	if (xq_game_set_fen(g, fen, 0, &err) == 0)
		return;
	if (xq_game_set_fen(g, fen, XQ_FEN_LAX, NULL) == 0) {
		xq_reader_problem(r, g, XQ_SEV_WARNING, XQ_P_FEN, line, 0, 0, fen,
				  "FEN '%s': %s (accepted as a composed position)", fen, err.msg);
		return;
	}
	xq_reader_problem(r, g, XQ_SEV_ERROR, XQ_P_FEN, line, 0, 0, fen,
			  "malformed FEN '%s': column %d: %s", fen, err.offset + 1, err.msg);
	g->flags |= XQ_GAME_BAD_FEN;
}

/* The text of one node as written (ICCS when it has none). */
static void put_node_text(struct xq__buf *b, const struct xq_node *n)
{
	char iccs[5];
	const char *t = n->text;
	if (!t && n->move) {
		xq_move_iccs(n->move, iccs);
		t = iccs;
	} else if (!t) {
		t = "?";
	}
	if (!b->len || b->p[b->len - 1] != '(')
		xq__buf_puts(b, " ");
	xq__buf_puts(b, t);
}

void xq__mt_unplayed_start(struct xq__buf *b, const struct xq_node *n)
{
	xq__buf_puts(b, "unplayable moves as written:");
	put_node_text(b, n);
}

void xq__mt_unplayed_step(struct xq__buf *b, const struct xq_walk_step *s)
{
	const struct xq_node *n = s->node;
	if (s->flags & XQ_STEP_ENTER)
		xq__buf_puts(b, " (");
	else if (s->flags & XQ_STEP_LEAVE)
		xq__buf_puts(b, ")");
	else if (s->flags & XQ_STEP_TOO_DEEP) {
		/* once for the alternatives of a move */
		if (n == n->parent->child->next)
			xq__buf_puts(b, " (variations nested deeper than the limit left out)");
	} else {
		put_node_text(b, n);
	}
}

/* ----------------------------------------------- for writers (text, xiexie) */

const char *xq__mt_game_result(const struct xq_game *g)
{
	const char *tag = xq_game_tag(g, "Result");
	const char *res = tag ? xq_result_word(tag, strlen(tag)) : NULL;
	if (res)
		return res;
	return g->result ? g->result : "*";
}

struct extras {
	long comments, variations;
};

static int count_step(void *data, const struct xq_walk_step *s)
{
	struct extras *e = data;
	const struct xq_node *n = s->node;
	e->comments += (n->comment && *n->comment) + (n->comment_before && *n->comment_before);
	if (n != n->parent->child)
		e->variations++;
	return XQ_WALK_NEXT;
}

int xq__mt_count_extras(const struct xq_game *g, long *comments, long *variations)
{
	/* every node: the tree order, no move played */
	struct extras e = { 0, 0 };
	const struct xq_node *r = &g->root;
	int rc = xq_game_walk_mode(g, XQ_WALK_TREE | XQ_WALK_NO_POSITIONS, count_step, &e);
	*comments = e.comments + (r->comment && *r->comment) +
		    (r->comment_before && *r->comment_before);
	*variations = e.variations;
	return rc < 0 ? rc : 0;
}
