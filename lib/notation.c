/*
 * notation.c - moves as text: ICCS, UCI coordinates (both rank dialects),
 * WXF and Chinese vertical-line notation, in and out.
 *
 * Writing follows ../shared/docs/notation.md section 11.3: Chinese in the
 * xqbase form (or the book form for tandem pawns), WXF with the official
 * tandem rules, coordinates in lower case.
 *
 * Reading Chinese and WXF works by generation (section 11.2).  The input
 * is first cut into tokens in one small alphabet shared by both notations:
 *
 *   K A E H R C P   pieces (帅/将 K, 仕/士 A, 相/象 E, 马 H, 车 R, 炮 C, 兵/卒 P)
 *   1..9            numerals of any style (一, １, 1, 壹)
 *   a..e            ordinals of tandem pawns (一兵 = aP, Pa in xqbase symbols)
 *   + - .           进/前, 退/后, 平/中 (WXF uses the same signs for both)
 *
 * so that 马８进７, 馬8進7, H8+7 and h8+7 all become "H8+7", and 车前平三,
 * R+.3 and 前车平三 become "R+.3" / "+R.3".  Then the pieces of the kind
 * named are looked at for the moves whose renderings in every accepted
 * dialect, in the same alphabet, would include the input, without
 * rendering any (direct_match()): one is the answer, several are an
 * ambiguity, none is explained as well as we can.  The tests hold the
 * direct reader against one that renders every legal move
 * (tests/unit/ref_notation.c).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ascii.h"
#include "board.h"
#include "notation_impl.h"
#include "utf8.h"
#include "zh.h"

/* ------------------------------------------------------------ tables */

static const char *const type_name[8] = {
	"", "king", "advisor", "elephant", "horse", "chariot", "cannon", "pawn",
};
static const char *const type_plural[8] = {
	"", "kings", "advisors", "elephants", "horses", "chariots", "cannons", "pawns",
};
static const char piece_token[8] = { 0, 'K', 'A', 'E', 'H', 'R', 'C', 'P' };


/* The token of an input character beyond ASCII, or 0: pieces (车車俥伡硨
 * 马馬傌 相象 仕士 帅帥将將 炮砲包 兵卒), directions (进進上 退下 平, the
 * minus sign), position words (前 中 后後: F M B), numerals 一..九 and
 * the financial ones (壹贰貳叁參肆伍陆陸柒捌玖), as X(code point, token):
 * the one list of two tables.  zh_tokens, over U+4E00..U+9FFF, is what
 * zh_token() reads (the minus sign U+2212 is the one outside). */
#define ZH_TOKEN_CHARS(X) \
	X(0x8F66, 'R') X(0x8ECA, 'R') X(0x4FE5, 'R') X(0x4F21, 'R') X(0x7821, 'R') \
	X(0x9A6C, 'H') X(0x99AC, 'H') X(0x508C, 'H') X(0x76F8, 'E') X(0x8C61, 'E') \
	X(0x4ED5, 'A') X(0x58EB, 'A') X(0x5E05, 'K') X(0x5E25, 'K') X(0x5C06, 'K') \
	X(0x5C07, 'K') X(0x70AE, 'C') X(0x7832, 'C') X(0x5305, 'C') X(0x5175, 'P') \
	X(0x5352, 'P') X(0x8FDB, '+') X(0x9032, '+') X(0x4E0A, '+') X(0x9000, '-') \
	X(0x4E0B, '-') X(0x5E73, '.') X(0x524D, 'F') X(0x4E2D, 'M') X(0x540E, 'B') \
	X(0x5F8C, 'B') X(0x4E00, '1') X(0x58F9, '1') X(0x4E8C, '2') X(0x8D30, '2') \
	X(0x8CB3, '2') X(0x4E09, '3') X(0x53C1, '3') X(0x53C3, '3') X(0x56DB, '4') \
	X(0x8086, '4') X(0x4E94, '5') X(0x4F0D, '5') X(0x516D, '6') X(0x9646, '6') \
	X(0x9678, '6') X(0x4E03, '7') X(0x67D2, '7') X(0x516B, '8') X(0x634C, '8') \
	X(0x4E5D, '9') X(0x7396, '9')

static const char zh_tokens[0x9FFF - 0x4E00 + 1] = {
#define X(cp, t) [(cp) - 0x4E00] = (t),
	ZH_TOKEN_CHARS(X)
#undef X
};

/* And by the UTF-8 bytes of the character (b0 | b1 << 8 | b2 << 16, as
 * they lie in memory), for the quick reader: a table of 256 entries by a
 * hash of the bytes, with the full-width digits １..９ too.  No two
 * characters share an entry (a designated initializer given twice is a
 * compiler warning); an entry holds its bytes, so that only those bytes
 * match it. */
#define ZH_UTF8(cp) ((uint32_t)(0xE0 | (cp) >> 12) | (uint32_t)(0x80 | ((cp) >> 6 & 0x3F)) << 8 | \
		     (uint32_t)(0x80 | ((cp) & 0x3F)) << 16)
#define ZH_HASH(k) ((uint32_t)((uint32_t)(k) * 0xf0eea705u) >> 24)
static const struct {
	uint32_t bytes;
	char tok;
} zh_by_utf8[256] = {
#define X(cp, t) [ZH_HASH(ZH_UTF8(cp))] = { ZH_UTF8(cp), (t) },
	ZH_TOKEN_CHARS(X)
	X(0xFF11, '1') X(0xFF12, '2') X(0xFF13, '3') X(0xFF14, '4') X(0xFF15, '5')
	X(0xFF16, '6') X(0xFF17, '7') X(0xFF18, '8') X(0xFF19, '9')
#undef X
};

static char zh_token(unsigned cp)
{
	if (cp >= 0x4E00 && cp <= 0x9FFF)
		return zh_tokens[cp - 0x4E00];
	return cp == 0x2212 ? '-' : 0; /* the minus sign */
}

/* -------------------------------------------------------- error text */

__attribute__((format(printf, 3, 4)))
static int fail(struct xq_err *err, int code, const char *fmt, ...)
{
	if (err) {
		va_list ap;
		int n;
		err->code = code;
		err->offset = 0;
		va_start(ap, fmt);
		n = vsnprintf(err->msg, sizeof err->msg, fmt, ap);
		va_end(ap);
		if (n >= (int)sizeof err->msg) {
			/* cut: end with "..." on a UTF-8 character boundary */
			size_t k = sizeof err->msg - 4;
			while (k > 0 && ((unsigned char)err->msg[k] & 0xC0) == 0x80)
				k--;
			memcpy(err->msg + k, "...", 4);
		}
	}
	return code;
}

/* Set the offset of a failure that fail() has described. */
static int at(struct xq_err *err, size_t offset, int code)
{
	if (err)
		err->offset = (int)offset;
	return code;
}

/* The input, quoted and cut to a readable length, for messages. */
static void quote_input(char *out, size_t size, const char *text, size_t len)
{
	size_t max = size - 6, n = 0, keep = len;
	if (keep > 40 || keep > max - 1) {
		keep = max - 1 < 40 ? max - 1 : 40;
		/* cut on a UTF-8 character boundary */
		while (keep > 0 && ((unsigned char)text[keep] & 0xC0) == 0x80)
			keep--;
	}
	out[n++] = '\'';
	for (size_t i = 0; i < keep; i++) {
		unsigned char c = (unsigned char)text[i];
		out[n++] = (char)(c < 0x20 || c == 0x7f ? '?' : c);
	}
	if (keep < len) {
		memcpy(out + n, "...", 3);
		n += 3;
	}
	out[n++] = '\'';
	out[n] = '\0';
}

/* A small string builder that never overflows. */
struct sbuf {
	char *p;
	size_t size, len;
	int full;
};

/* The copy of a longer piece, out of line (inlined, a copy past four bytes
 * from a string of three would be a false warning). */
__attribute__((noinline))
static void sb_copy_long(char *o, const char *s, size_t n)
{
	memcpy(o, s, n + 1);
}

static inline void sb_add(struct sbuf *b, const char *s)
{
	/* most pieces are a character of one to three bytes: those counted
	 * and copied without a call */
	size_t n = !s[0] ? 0 : !s[1] ? 1 : !s[2] ? 2 : !s[3] ? 3 : 3 + strlen(s + 3);
	char *o = b->p + b->len;
	if (b->len + n + 1 > b->size) {
		b->full = 1;
		return;
	}
	b->len += n;
	switch (n) {
	case 0: *o = '\0'; break;
	case 1: memcpy(o, s, 2); break;
	case 2: memcpy(o, s, 3); break;
	case 3: memcpy(o, s, 4); break;
	default: sb_copy_long(o, s, n); break;
	}
}

static void sb_addc(struct sbuf *b, char c)
{
	if (!c)
		return;
	if (b->len + 2 > b->size) {
		b->full = 1;
		return;
	}
	b->p[b->len++] = c;
	b->p[b->len] = '\0';
}

/* --------------------------------------------------- move description */

static int mover_file(int side, int x) { return side == XQ_RED ? 9 - x : x + 1; }
/* How far forward a rank is for a side. */
static int advance(int side, int r) { return side == XQ_RED ? r : 9 - r; }

static const int slot_lo[8] = { 0, 0, 1, 3, 5, 7, 9, 11 };
static const int slot_hi[8] = { 0, 1, 3, 5, 7, 9, 11, 16 };

/* What the relative notations say about the piece on from (a point of
 * the side to move) before it moves: everything but dir and value. */
static void describe_origin(const struct xq_pos *pos, int from, struct minfo *mi)
{
	int side = PIECE_SIDE(pos->board[from]);
	int type = piece_type(pos->board[from]);
	int fx = ISQ_FILE(from), fr = ISQ_RANK(from);
	const uint8_t *sq_of = pos->sq_of + side * 16;

	mi->side = side;
	mi->type = type;
	mi->file = mover_file(side, fx);
	mi->n = 0;
	mi->j = 0;
	mi->ndf = mi->xn = mi->xi = 0;
	for (int s = slot_lo[type]; s < slot_hi[type]; s++) {
		int q = sq_of[s];
		if (!q || ISQ_FILE(q) != fx)
			continue;
		mi->n++;
		if (advance(side, ISQ_RANK(q)) > advance(side, fr))
			mi->j++;
	}
	if (type != XQ_PAWN || mi->n < 2)
		return;

	/* Pawns on doubled files, in xqbase order: by the mover's file
	 * number, then front to back. */
	int count[9] = { 0 };
	for (int s = SLOT_PAWN; s < 16; s++)
		if (sq_of[s])
			count[ISQ_FILE(sq_of[s])]++;
	for (int x = 0; x < 9; x++) {
		if (count[x] < 2)
			continue;
		mi->ndf++;
		mi->xn += count[x];
		if (mover_file(side, x) < mi->file)
			mi->xi += count[x];
	}
	mi->xi += mi->j;
}

static void describe(const struct xq_pos *pos, xq_move m, struct minfo *mi)
{
	int from = MOVE_FROM(m), to = MOVE_TO(m);
	int fr = ISQ_RANK(from), tx = ISQ_FILE(to), tr = ISQ_RANK(to);
	int type;

	describe_origin(pos, from, mi);
	type = mi->type;
	if (tr == fr)
		mi->dir = '.';
	else
		mi->dir = advance(mi->side, tr) > advance(mi->side, fr) ? '+' : '-';
	if (type == XQ_ADVISOR || type == XQ_ELEPHANT || type == XQ_HORSE || mi->dir == '.')
		mi->value = mover_file(mi->side, tx);
	else
		mi->value = tr > fr ? tr - fr : fr - tr;
}

/* ----------------------------------------------------------- writing */

static int coord(const struct xq_pos *pos, xq_move m, int one_based, int upper,
		 int dash, char *buf, size_t size)
{
	char s[16];
	int f = MOVE_FROM(m), t = MOVE_TO(m), n = 0;
	int a = upper ? 'A' : 'a';
	/* by hand, not by printf: this is every move of a conversion */
	for (int k = 0; k < 2; k++) {
		int sq = k ? t : f, r = ISQ_RANK(sq) + one_based;
		if (k && dash)
			s[n++] = '-';
		s[n++] = (char)(a + ISQ_FILE(sq));
		if (r >= 10)
			s[n++] = '1', r -= 10;
		s[n++] = (char)('0' + r);
	}
	s[n] = '\0';
	if ((size_t)n >= size)
		return XQ_ERANGE;
	memcpy(buf, s, (size_t)n + 1);
	return n;
}

/* Numeral of a side for files and counts. */
static const char *zh_num(int side, int v, unsigned flags)
{
	static const char *const ascii[10] = { "", "1", "2", "3", "4", "5", "6", "7", "8", "9" };
	if (side == XQ_RED)
		return xq__zh_numeral[v];
	return flags & XQ_NOTE_ASCII_DIGITS ? ascii[v] : xq__zh_digit[v];
}

static void format_chinese(const struct minfo *mi, unsigned flags, struct sbuf *b)
{
	int trad = (flags & XQ_NOTE_TRAD) != 0;
	const char *piece = xq__zh_piece[trad][mi->side][mi->type];
	const char *front = "前", *mid = "中", *rear = trad ? "後" : "后";
	const char *dir = mi->dir == '+' ? (trad ? "進" : "进") : mi->dir == '-' ? "退" : "平";
	const char *label = NULL;
	int with_file = 0;

	if (mi->n >= 2 && mi->type != XQ_ADVISOR && mi->type != XQ_ELEPHANT) {
		if (mi->type != XQ_PAWN) {
			label = mi->j == 0 ? front : rear;
		} else if (!(flags & XQ_NOTE_BOOK_PAWNS)) {
			if (mi->xn == 2)
				label = mi->xi == 0 ? front : rear;
			else if (mi->xn == 3)
				label = mi->xi == 0 ? front : mi->xi == 1 ? mid : rear;
			else
				label = xq__zh_numeral[mi->xi + 1];
		} else {
			if (mi->n == 2)
				label = mi->j == 0 ? front : rear;
			else if (mi->n == 3)
				label = mi->j == 0 ? front : mi->j == 1 ? mid : rear;
			else
				label = mi->j == 0 ? front : xq__zh_numeral[mi->j + 1];
			with_file = mi->ndf >= 2;
		}
	}
	if (label) {
		sb_add(b, label);
		sb_add(b, piece);
		if (with_file)
			sb_add(b, zh_num(mi->side, mi->file, flags));
	} else {
		sb_add(b, piece);
		sb_add(b, zh_num(mi->side, mi->file, flags));
	}
	sb_add(b, dir);
	sb_add(b, zh_num(mi->side, mi->value, flags));
}

static void format_wxf(const struct minfo *mi, struct sbuf *b)
{
	char L = piece_token[mi->type], f = (char)('0' + mi->file);
	char s[8];
	int n = mi->n, j = mi->j;

	if (n < 2 || mi->type == XQ_ADVISOR || mi->type == XQ_ELEPHANT) {
		s[0] = L, s[1] = f;
	} else if (mi->type != XQ_PAWN) {
		s[0] = L, s[1] = j == 0 ? '+' : '-';
	} else if (mi->ndf >= 2) {
		s[0] = f, s[1] = j == 0 ? '+' : j == n - 1 ? '-' : f;
	} else if (n <= 3) {
		s[0] = L, s[1] = j == 0 ? '+' : j == n - 1 ? '-' : f;
	} else {
		/* four: ++ P+ P- --; five: ++ P+ P<file> P- -- */
		if (j == 0)
			s[0] = '+', s[1] = '+';
		else if (j == n - 1)
			s[0] = '-', s[1] = '-';
		else if (j == 1)
			s[0] = L, s[1] = '+';
		else if (j == n - 2)
			s[0] = L, s[1] = '-';
		else
			s[0] = L, s[1] = f;
	}
	s[2] = mi->dir;
	s[3] = (char)('0' + mi->value);
	s[4] = '\0';
	sb_add(b, s);
}

int xq_move_format(const struct xq_pos *pos, xq_move m, enum xq_notation n,
		   unsigned flags, char *buf, size_t size)
{
	struct minfo mi;
	char tmp[XQ_MOVE_TEXT_MAX];
	struct sbuf b = { tmp, sizeof tmp, 0, 0 };

	if (!buf || size == 0)
		return XQ_ERANGE;
	if (m == XQ_MOVE_NONE || !xq_is_legal(pos, m))
		return XQ_EILLEGAL;
	switch (n) {
	case XQ_NOTATION_ICCS:
	case XQ_NOTATION_UCI:
		return coord(pos, m, 0, 0, 0, buf, size);
	case XQ_NOTATION_UCI10:
		return coord(pos, m, 1, 0, 0, buf, size);
	case XQ_NOTATION_WXF:
		describe(pos, m, &mi);
		format_wxf(&mi, &b);
		break;
	case XQ_NOTATION_CHINESE:
		describe(pos, m, &mi);
		format_chinese(&mi, flags, &b);
		break;
	default:
		return XQ_EINVAL;
	}
	if (b.full || b.len + 1 > size)
		return XQ_ERANGE;
	memcpy(buf, tmp, b.len + 1);
	return (int)b.len;
}

/* The notations' names, the one list: as options and JSON name them, and
 * as a PGN [Format] tag says it; then the other names read. */
static const struct {
	enum xq_notation n;
	const char *name, *tag;
} notation_names[] = {
	{ XQ_NOTATION_ANY, "any", NULL },
	{ XQ_NOTATION_ICCS, "iccs", "ICCS" },
	{ XQ_NOTATION_WXF, "wxf", "WXF" },
	{ XQ_NOTATION_CHINESE, "chinese", "Chinese" },
	{ XQ_NOTATION_UCI, "uci", "UCI" },
	{ XQ_NOTATION_UCI10, "uci10", "UCI10" },
	/* aliases */
	{ XQ_NOTATION_UCI, "ucci", NULL },
	{ XQ_NOTATION_CHINESE, "zh", NULL },
	{ XQ_NOTATION_UCI10, "fsf", NULL },
};

const char *xq_notation_name(enum xq_notation n)
{
	for (size_t i = 0; i < sizeof notation_names / sizeof *notation_names; i++)
		if (notation_names[i].n == n)
			return notation_names[i].name;
	return "unknown";
}

const char *xq__notation_tag(enum xq_notation n)
{
	for (size_t i = 0; i < sizeof notation_names / sizeof *notation_names; i++)
		if (notation_names[i].n == n && notation_names[i].tag)
			return notation_names[i].tag;
	return "Chinese";
}

int xq_notation_from_name(const char *name, enum xq_notation *n)
{
	for (size_t i = 0; i < sizeof notation_names / sizeof *notation_names; i++)
		if (!xq__ascii_casecmp(notation_names[i].name, name)) {
			*n = notation_names[i].n;
			return 0;
		}
	return XQ_EINVAL;
}

/* ----------------------------------------------------------- reading */

#define MAXTOK 16

struct tokens {
	char t[MAXTOK + 1];
	int n;
	int cjk;      /* Chinese characters seen */
	int latin;    /* Latin letters seen */
};

static int is_piece_tok(char c)
{
	switch (c) {
	case 'K': case 'A': case 'E': case 'H': case 'R': case 'C': case 'P':
		return 1;
	}
	return 0;
}
static int is_digit_tok(char c) { return c >= '1' && c <= '9'; }

/*
 * Cut text into tokens (see the top of the file).  Spaces anywhere are
 * ignored; full-width ASCII counts as ASCII.  Returns 0 or an error.
 */
static int tokenize(const char *text, size_t len, enum xq_notation n,
		    struct tokens *tk, struct xq_err *err, const char *q)
{
	const unsigned char *s = (const unsigned char *)text;
	size_t i = 0;
	int mark = 0;  /* scoresheet under/over bar: '+' or '-' */

	tk->n = tk->cjk = tk->latin = 0;
	while (i < len) {
		uint32_t cp = s[i];
		int k = cp < 0x80 ? 1 : xq__utf8_decode(s + i, len - i, &cp);
		char tok = 0;
		if (k <= 0)
			return at(err, i, fail(err, XQ_EINVAL, "%s: invalid UTF-8 at byte %zu", q, i + 1));
		if (cp >= 0xFF01 && cp <= 0xFF5E)
			cp -= 0xFEE0; /* full-width ASCII */
		if (cp == ' ' || cp == '\t' || cp == 0xA0 || cp == 0x3000) {
			i += (size_t)k;
			continue;
		}
		if (cp == 0x332 || cp == 0x305) {
			mark = cp == 0x332 ? '+' : '-';
			i += (size_t)k;
			continue;
		}
		if (cp < 0x80) {
			char c = (char)cp;
			char prev = tk->n ? tk->t[tk->n - 1] : 0;
			if (c >= '1' && c <= '9') {
				tok = c;
			} else if (c == '+' || c == '-' || c == '.') {
				tok = c;
			} else if (c == '=') {
				tok = '.';
			} else if (c == '!' || c == '?' || c == '#') {
				tok = c;
			} else if ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') {
				char u = (char)(c & ~0x20);
				tk->latin = 1;
				if (is_piece_tok(prev) && u >= 'A' && u <= 'E')
					tok = (char)(u | 0x20); /* xqbase ordinal: Pa.5 */
				else if (is_piece_tok(u))
					tok = u;
				else if (u == 'B' || u == 'M')
					tok = 'E';
				else if (u == 'N')
					tok = 'H';
				else if (u == 'S')
					tok = 'P';
				else if (u == 'G')
					return at(err, i, fail(err, XQ_EINVAL,
						    "%s: the letter 'G' is ambiguous (advisor in some texts, king in others); write A or K",
						    q));
				else
					return at(err, i, fail(err, XQ_EINVAL,
						    "%s: '%c' is not a piece letter (expected K A E H R C P, or B N)", q, c));
			} else {
				return at(err, i, fail(err, XQ_EINVAL, "%s: unexpected character '%c' at byte %zu", q, c, i + 1));
			}
		} else {
			tok = zh_token(cp);
			if (!tok && cp == 0x53D8) /* 变 */
				return at(err, i, fail(err, XQ_EINVAL,
					    "%s: promotion (变) is a house rule, not standard xiangqi; not accepted", q));
			if (!tok && cp >= XQ_RAW_BYTE_BASE + 0x80 && cp <= XQ_RAW_BYTE_BASE + 0xff)
				return at(err, i, fail(err, XQ_EINVAL,
					    "%s: byte 0x%02x, which the input's encoding does not decode, at byte %zu",
					    q, (unsigned)(cp - XQ_RAW_BYTE_BASE), i + 1));
			if (!tok)
				return at(err, i, fail(err, XQ_EINVAL, "%s: unexpected character '%.*s' (U+%04X) at byte %zu",
					    q, k, text + i, cp, i + 1));
			tk->cjk = 1;
			if (tok == 'F')
				tok = '+';
			else if (tok == 'M')
				tok = '.';
			else if (tok == 'B')
				tok = '-';
		}
		if (tk->n == MAXTOK)
			return at(err, i, fail(err, XQ_EINVAL, "%s: too long for a move", q));
		tk->t[tk->n++] = tok;
		i += (size_t)k;
	}
	tk->t[tk->n] = '\0';

	if (n == XQ_NOTATION_WXF && tk->cjk)
		return fail(err, XQ_EINVAL, "%s: Chinese characters in a WXF move", q);
	if (n == XQ_NOTATION_CHINESE && tk->latin)
		return fail(err, XQ_EINVAL, "%s: Latin letters in a Chinese move (use WXF or any notation)", q);

	/* Trailing annotation: check, quality marks. */
	while (tk->n > 0 && strchr("+!?#", tk->t[tk->n - 1]))
		tk->t[--tk->n] = '\0';
	for (int x = 0; x < tk->n; x++)
		if (tk->t[x] == '!' || tk->t[x] == '?' || tk->t[x] == '#')
			return fail(err, XQ_EINVAL, "%s: annotation mark '%c' inside the move", q, tk->t[x]);

	/* A leading numeral before a piece is a tandem-pawn ordinal (一兵). */
	if (tk->n >= 2 && tk->t[0] >= '1' && tk->t[0] <= '5' && is_piece_tok(tk->t[1]))
		tk->t[0] = (char)('a' + tk->t[0] - '1');
	/* Scoresheet mark on the last digit of a short form (炮2̲5). */
	if (mark && tk->n == 3 && is_digit_tok(tk->t[2])) {
		tk->t[3] = tk->t[2];
		tk->t[2] = (char)mark;
		tk->t[++tk->n] = '\0';
	}
	if (tk->n == 0)
		return fail(err, XQ_EINVAL, "%s: no move in it, only annotation marks", q);
	return 0;
}

/* The labels that name a piece of a tandem (mi->n >= 2): front, middle,
 * rear or ordinal on its file (book style), and for pawns the xqbase label
 * across the doubled files.  Returns how many (at most 3). */
static int tandem_labels(const struct minfo *mi, char labels[4])
{
	int n = mi->n, j = mi->j, nl = 0;
	if (n == 2)
		labels[nl++] = j == 0 ? '+' : '-';
	else if (n == 3)
		labels[nl++] = "+.-"[j];
	else {
		labels[nl++] = j == 0 ? '+' : (char)('a' + j);
		if (j == n - 1)
			labels[nl++] = '-';
	}
	if (mi->type == XQ_PAWN) {
		char x = mi->xn == 2 ? "+-"[mi->xi] : mi->xn == 3 ? "+.-"[mi->xi] : (char)('a' + mi->xi);
		if (!memchr(labels, x, (size_t)nl))
			labels[nl++] = x;
	}
	return nl;
}

/* WXF's official form of a tandem pawn's first two tokens (the pawn
 * forms of the renderings); 0 when it has none beyond the others. */
static int wxf_pawn_prefix(const struct minfo *mi, char p[2])
{
	char L = piece_token[XQ_PAWN], f = (char)('0' + mi->file);
	int n = mi->n, j = mi->j;
	if (mi->ndf >= 2) {
		p[0] = f, p[1] = j == 0 ? '+' : j == n - 1 ? '-' : f;
	} else if (n == 3 && j == 1) {
		p[0] = L, p[1] = f;
	} else if (n >= 4) {
		if (j == 0)
			p[0] = '+', p[1] = '+';
		else if (j == n - 1)
			p[0] = '-', p[1] = '-';
		else if (j == 1)
			p[0] = L, p[1] = '+';
		else if (j == n - 2)
			p[0] = L, p[1] = '-';
		else
			p[0] = L, p[1] = f;
	} else {
		return 0;
	}
	return 1;
}

/* The first piece token in the input, or 0. */
static char input_piece(const struct tokens *tk)
{
	for (int i = 0; i < tk->n; i++)
		if (is_piece_tok(tk->t[i]))
			return tk->t[i];
	return 0;
}

/* The type of a piece token (K A E H R C P; lower-case ordinals are
 * none). */
static int token_type(char t)
{
	return xq_type_from_letter(t);
}

/* Write a move for a message: the notation of the input plus ICCS. */
static void show_move(const struct xq_pos *pos, xq_move m, int chinese, struct sbuf *b)
{
	char t[XQ_MOVE_TEXT_MAX], iccs[5];
	xq_move_format(pos, m, chinese ? XQ_NOTATION_CHINESE : XQ_NOTATION_WXF, 0, t, sizeof t);
	xq_move_iccs(m, iccs);
	sb_add(b, t);
	sb_add(b, " (");
	sb_add(b, iccs);
	sb_add(b, ")");
}

static void show_moves(const struct xq_pos *pos, const xq_move *moves, int n, int chinese,
		       char *out, size_t size)
{
	struct sbuf b = { out, size, 0, 0 };
	xq_move ms[XQ_MAX_MOVES];

	memcpy(ms, moves, (size_t)n * sizeof *ms);
	xq_sort_moves(ms, n);
	out[0] = '\0';
	for (int i = 0; i < n; i++) {
		char one[64];
		struct sbuf o = { one, sizeof one, 0, 0 };
		show_move(pos, ms[i], chinese, &o);
		if (b.len + o.len + 6 > size) {
			sb_add(&b, ", ...");
			break;
		}
		if (i)
			sb_add(&b, ", ");
		sb_add(&b, one);
	}
}

/* A file number as the mover writes it. */
static const char *file_word(int side, int file, int chinese)
{
	static const char *const ascii[10] = { "", "1", "2", "3", "4", "5", "6", "7", "8", "9" };
	if (!chinese)
		return ascii[file];
	return side == XQ_RED ? xq__zh_numeral[file] : xq__zh_digit[file];
}

/* Token classes: p piece, d digit, s sign, l label (sign, digit, ordinal). */
static int shape_ok(const struct tokens *tk)
{
	static const char *const shapes[] = {
		"pdsd", "pdd", "lpsd", "plsd", "lpdsd", "ldsd", "llsd", "lpd",
	};
	for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
		const char *s = shapes[i];
		int k;
		if ((int)strlen(s) != tk->n)
			continue;
		for (k = 0; k < tk->n; k++) {
			char t = tk->t[k];
			int sign = t == '+' || t == '-' || t == '.';
			if (s[k] == 'p' ? !is_piece_tok(t) : s[k] == 'd' ? !is_digit_tok(t) :
			    s[k] == 's' ? !sign : !(sign || is_digit_tok(t) || (t >= 'a' && t <= 'e')))
				break;
		}
		if (k == tk->n)
			return 1;
	}
	return 0;
}

/* Nothing matched: find the most useful explanation. */
static int explain(const struct xq_pos *pos, const struct tokens *tk, const xq_move *legal,
		   int nlegal, const char *q, xq_move *out, struct xq_err *err)
{
	int side = pos->side;
	int chinese = tk->cjk;
	const char *t = tk->t;
	int type = token_type(input_piece(tk));
	const uint8_t *sq_of = pos->sq_of + side * 16;
	char list[160];
	xq_move ms[XQ_MAX_MOVES] = { 0 };
	int nm = 0;

	if (tk->n < 3)
		return fail(err, XQ_EINVAL, "%s: incomplete move (expected piece, file, direction, value)", q);
	if (!shape_ok(tk))
		return fail(err, XQ_EINVAL, "%s: not a move shape (expected piece, file, direction, value, as 炮二平五 or C2.5)", q);
	if (!type && t[0] != '+' && t[0] != '-' && t[0] != '.' && !is_digit_tok(t[0]))
		return fail(err, XQ_EINVAL, "%s: does not name a piece", q);
	if (type) {
		int have = 0;
		for (int s = slot_lo[type]; s < slot_hi[type]; s++)
			have += sq_of[s] != 0;
		if (!have)
			return fail(err, XQ_EINVAL, "%s: %s has no %s on the board", q, xq_side_name(side),
				    type_name[type]);
	}
	if (tk->n == 4 && type && t[0] == piece_token[type] && is_digit_tok(t[1]) &&
	    strchr("+-.", t[2]) && is_digit_tok(t[3])) {
		/* plain form: piece, file, direction, value */
		int file = t[1] - '0', on_file = 0;
		char where[64];
		struct sbuf wb = { where, sizeof where, 0, 0 };
		int files[10] = { 0 };
		where[0] = '\0';
		for (int s = slot_lo[type]; s < slot_hi[type]; s++) {
			if (!sq_of[s])
				continue;
			files[mover_file(side, ISQ_FILE(sq_of[s]))]++;
		}
		on_file = files[file];
		int ndist = 0;
		for (int x = 1; x <= 9; x++)
			ndist += files[x] != 0;
		for (int x = 1; x <= 9; x++) {
			if (!files[x])
				continue;
			sb_add(&wb, wb.len ? ", " : ndist > 1 ? "files " : "file ");
			sb_add(&wb, file_word(side, x, chinese));
		}
		if (!on_file)
			return fail(err, XQ_EINVAL, "%s: no %s %s on file %s (%s %s: %s)", q,
				    xq__side_adjective(side), type_name[type], file_word(side, file, chinese),
				    xq__side_adjective(side), type_plural[type], where);
		for (int i = 0; i < nlegal; i++) {
			struct minfo mi;
			describe(pos, legal[i], &mi);
			if (mi.type == type && mi.file == file && mi.dir == t[2] && mi.value == t[3] - '0')
				ms[nm++] = legal[i];
		}
		/* a tandem piece written plainly: fine when only one fits */
		if (on_file >= 2 && nm == 1) {
			*out = ms[0];
			return 0;
		}
		if (on_file >= 2 && type != XQ_ADVISOR && type != XQ_ELEPHANT && nm > 0) {
			show_moves(pos, ms, nm, chinese, list, sizeof list);
			return fail(err, nm > 1 ? XQ_EAMBIG : XQ_EINVAL,
				    "%s: %d %s %s on file %s; name the one meant: %s", q, on_file,
				    xq__side_adjective(side), type_plural[type], file_word(side, file, chinese), list);
		}
		if (t[2] == '.' && (type == XQ_ADVISOR || type == XQ_ELEPHANT || type == XQ_HORSE))
			return fail(err, XQ_EILLEGAL, "%s: %s never moves sideways", q,
				    type == XQ_ADVISOR ? "an advisor" : type == XQ_ELEPHANT ? "an elephant" : "a horse");
		if (t[2] == '-' && type == XQ_PAWN)
			return fail(err, XQ_EILLEGAL, "%s: a pawn never moves backward", q);
		nm = 0;
		for (int i = 0; i < nlegal; i++) {
			struct minfo mi;
			describe(pos, legal[i], &mi);
			if (mi.type == type && mi.file == file)
				ms[nm++] = legal[i];
		}
		if (nm == 0)
			return fail(err, XQ_EILLEGAL, "%s: the %s %s on file %s has no legal move", q,
				    xq__side_adjective(side), type_name[type], file_word(side, file, chinese));
		show_moves(pos, ms, nm, chinese, list, sizeof list);
		return fail(err, XQ_EILLEGAL, "%s: illegal target; the %s %s on file %s can play: %s", q,
			    xq__side_adjective(side), type_name[type], file_word(side, file, chinese), list);
	}
	if (type && (t[0] == '+' || t[0] == '-' || t[0] == '.' || (t[0] >= 'a' && t[0] <= 'e') ||
		     t[1] == '+' || t[1] == '-' || t[1] == '.' || (t[1] >= 'a' && t[1] <= 'e'))) {
		/* a tandem form: is there a file with two of them? */
		int count[9] = { 0 }, tandem = 0;
		for (int s = slot_lo[type]; s < slot_hi[type]; s++)
			if (sq_of[s])
				count[ISQ_FILE(sq_of[s])]++;
		for (int x = 0; x < 9; x++)
			tandem |= count[x] >= 2;
		if (!tandem)
			return fail(err, XQ_EINVAL, "%s: names a front or rear piece, but no two %s %s stand on one file",
				    q, xq__side_adjective(side), type_plural[type]);
		for (int i = 0; i < nlegal; i++) {
			int from = MOVE_FROM(legal[i]);
			if (piece_type(pos->board[from]) == type && count[ISQ_FILE(from)] >= 2)
				ms[nm++] = legal[i];
		}
		show_moves(pos, ms, nm, chinese, list, sizeof list);
		return fail(err, XQ_EILLEGAL, "%s: no such move; the tandem %s %s can play: %s", q,
			    xq__side_adjective(side), type_plural[type], nm ? list : "nothing");
	}
	if (type) {
		for (int i = 0; i < nlegal; i++)
			if (piece_type(pos->board[MOVE_FROM(legal[i])]) == type)
				ms[nm++] = legal[i];
		show_moves(pos, ms, nm, chinese, list, sizeof list);
		return fail(err, XQ_EILLEGAL, "%s: no such move; the %s %s can play: %s", q,
			    xq__side_adjective(side), type_plural[type], nm ? list : "nothing");
	}
	return fail(err, XQ_EINVAL, "%s: no such move for %s (not a move shape we know)", q, xq_side_name(side));
}

/* ------------------------------------------------------ direct reading */

/*
 * The moves whose renderings in every accepted form include the input,
 * without rendering any move (the tests render them: candidates() in
 * tests/unit/ref_notation.c).  Every rendering ends in the direction and
 * the value ("d v", or only "v" in the three-token scoresheet forms), and
 * what comes before depends only on the piece and where it stands.  So
 * the direct reader takes the value and direction off the input, and for
 * each piece of the kind named checks that the rest is one of that
 * piece's prefixes (prefix_ok), computes the one point that direction and
 * value lead to, and asks xq_is_legal().
 */

/* Whether p[0..plen) followed by direction and value (or by the value
 * alone: short) is one of the renderings of the piece mi describes. */
static int prefix_ok(const struct minfo *mi, int wxf, const char *p, int plen, int short_form)
{
	char L = piece_token[mi->type], f = (char)('0' + mi->file);
	int n = mi->n, pawn = mi->type == XQ_PAWN;
	char labels[4], w[2];
	int nl;

	if (n < 2 || mi->type == XQ_KING || mi->type == XQ_ADVISOR || mi->type == XQ_ELEPHANT) {
		if (plen != 2)
			return 0;
		if (p[0] == L && p[1] == f)
			return 1;
		if (!short_form && n == 2 && (mi->type == XQ_ADVISOR || mi->type == XQ_ELEPHANT)) {
			char l = mi->j == 0 ? '+' : '-';
			return (p[0] == l && p[1] == L) || (p[0] == L && p[1] == l);
		}
		return 0;
	}
	nl = tandem_labels(mi, labels);
	for (int i = 0; i < nl; i++) {
		char l = labels[i];
		if (plen == 2) {
			if (p[0] == l && p[1] == L)
				return 1;                    /* +R+3, scoresheet 前马4 */
			if (short_form)
				continue;
			if (p[0] == L && p[1] == l && !(pawn && n >= 4 && (l == '+' || l == '-')))
				return 1;                    /* R++3, Pa.5 */
			if (pawn) {
				char ld = l >= 'a' && l <= 'e' ? (char)('1' + l - 'a') : l;
				if (ld != f && p[0] == ld && p[1] == f)
					return 1;            /* 前四平五, 二7平6 */
			}
		} else if (plen == 3 && pawn && p[0] == l && p[1] == L && p[2] == f) {
			return 1;                            /* 前兵四平五 */
		}
	}
	return pawn && wxf && plen == 2 && !short_form && wxf_pawn_prefix(mi, w) &&
	       p[0] == w[0] && p[1] == w[1];
}

/* Where a piece of the side to move goes with direction d and value v
 * (1..9) as describe() reads them: from + dest_delta[], by one lookup
 * rather than arithmetic and selections on the kind and direction, which
 * come in no order.  A block of 81 deltas (by value and from's file) for
 * each side, kind and direction; the kinds: along the file by the value
 * (king, chariot, cannon, pawn), or an advisor, elephant or horse, which
 * goes RANKS() ranks forward or back to the file dx away (0: none, the
 * delta DEST_NONE, which leaves every point off the board).  A '.' goes
 * across to the file for every kind.  A rank is 16 points, a file 1. */
#define DEST_NONE (-256)
/* the ranks for |dx| 0..8, four bits each */
#define RANK_STEPS(k) ((k) == XQ_ADVISOR ? 0x10ull : (k) == XQ_ELEPHANT ? 0x200ull : \
		       (k) == XQ_HORSE ? 0x120ull : 0ull)
#define DEST_ABS(x) ((x) < 0 ? -(x) : (x))
#define RANKS(k, dx) ((int)(RANK_STEPS(k) >> 4 * DEST_ABS(dx) & 15))
/* the files to the destination for side s, value v, from's file x (0..8) */
#define DX(s, v, x) (((s) == XQ_RED ? 9 - (v) : (v) - 1) - (x))
/* a rank forward (dir 0, '+') or back (1, '-') for side s */
#define UP(s, dir) ((((s) == XQ_RED) == ((dir) == 0)) ? 16 : -16)
#define DELTA(s, k, dir, v, x) \
	((dir) == 2 ? DX(s, v, x) : !(k) ? UP(s, dir) * (v) : \
	 RANKS(k, DX(s, v, x)) ? DX(s, v, x) + UP(s, dir) * RANKS(k, DX(s, v, x)) : DEST_NONE)
#define DEST_ROW(s, k, dir, v) \
	DELTA(s, k, dir, v, 0), DELTA(s, k, dir, v, 1), DELTA(s, k, dir, v, 2), \
	DELTA(s, k, dir, v, 3), DELTA(s, k, dir, v, 4), DELTA(s, k, dir, v, 5), \
	DELTA(s, k, dir, v, 6), DELTA(s, k, dir, v, 7), DELTA(s, k, dir, v, 8),
#define DEST_BLOCK(s, k, dir) \
	DEST_ROW(s, k, dir, 1) DEST_ROW(s, k, dir, 2) DEST_ROW(s, k, dir, 3) \
	DEST_ROW(s, k, dir, 4) DEST_ROW(s, k, dir, 5) DEST_ROW(s, k, dir, 6) \
	DEST_ROW(s, k, dir, 7) DEST_ROW(s, k, dir, 8) DEST_ROW(s, k, dir, 9)
#define DEST_KIND(s, k) DEST_BLOCK(s, k, 0) DEST_BLOCK(s, k, 1) DEST_BLOCK(s, k, 2)
#define DEST_SIDE(s) \
	DEST_KIND(s, 0) DEST_KIND(s, XQ_ADVISOR) DEST_KIND(s, XQ_ELEPHANT) DEST_KIND(s, XQ_HORSE)
static const int16_t dest_delta[2 * 4 * 3 * 81] = { DEST_SIDE(XQ_RED) DEST_SIDE(XQ_BLACK) };
/* The block of a side, piece type and direction (by d & 3: '+' 3, '-' 1,
 * '.' 2) */
#define DEST_KIND_OF(t) ((t) == XQ_ADVISOR ? 1 : (t) == XQ_ELEPHANT ? 2 : (t) == XQ_HORSE ? 3 : 0)
#define DEST_AT(s, t, dir) ((((s) * 4 + DEST_KIND_OF(t)) * 3 + (dir)) * 81)
#define DEST_TYPE(s, t) { 0, DEST_AT(s, t, 1), DEST_AT(s, t, 2), DEST_AT(s, t, 0) }
#define DEST_TYPES(s) { DEST_TYPE(s, 0), DEST_TYPE(s, 1), DEST_TYPE(s, 2), DEST_TYPE(s, 3), \
			DEST_TYPE(s, 4), DEST_TYPE(s, 5), DEST_TYPE(s, 6), DEST_TYPE(s, 7) }
static const uint16_t dest_at[2][8][4] = { DEST_TYPES(XQ_RED), DEST_TYPES(XQ_BLACK) };
#undef DEST_TYPES
#undef DEST_TYPE
#undef DEST_AT
#undef DEST_KIND_OF
#undef DEST_SIDE
#undef DEST_KIND
#undef DEST_BLOCK
#undef DEST_ROW
#undef DELTA
#undef UP
#undef DX
#undef RANKS
#undef DEST_ABS
#undef RANK_STEPS
#undef DEST_NONE

/* The point a piece of the side to move on from reaches with direction d
 * ('+', '-' or '.') and value v (1..9), which may be off the board: the
 * board's ranks 0..9 are the points 48..207, and from's file (from & 15)
 * is 3..11. */
static inline __attribute__((always_inline)) unsigned dest_point(unsigned side, unsigned type,
								 unsigned from, unsigned char d,
								 unsigned v)
{
	return from + (unsigned)dest_delta[dest_at[side][type][d & 3] + v * 9 + (from & 15) - 12];
}

/* The point as dest_point(), or -1 off the board. */
static inline __attribute__((always_inline)) int destination(int side, int type, int from, char d, int v)
{
	unsigned to = dest_point((unsigned)side, (unsigned)type, (unsigned)from, (unsigned char)d,
				 (unsigned)v);
	return to - ISQ(-3, 0) >= 10 * 16 ? -1 : (int)to;
}

/* The legal moves whose renderings include the token string t.  Returns
 * how many (at most 15). */
static int direct_match(const struct xq_pos *pos, const char *t, int wxf, xq_move *found)
{
	size_t len = strlen(t);
	int nfound = 0, type = XQ_NONE, side = pos->side, short_form = len == 3, plen;
	const uint8_t *sq_of = pos->sq_of + side * 16;
	char dirs[3];
	int ndirs;

	if (len < 3 || len > 5 || !is_digit_tok(t[len - 1]))
		return 0;
	if (short_form) {
		dirs[0] = '+', dirs[1] = '-', dirs[2] = '.';
		ndirs = 3;
		plen = 2;
	} else {
		char d = t[len - 2];
		if (d != '+' && d != '-' && d != '.')
			return 0;
		dirs[0] = d;
		ndirs = 1;
		plen = (int)len - 2;
	}
	/* forms without a piece letter are pawn forms (++.6, 4+.5, 前四平五) */
	for (const char *p = t; *p && !type; p++)
		type = token_type(*p);
	if (!type)
		type = XQ_PAWN;
	/* "L f ...", the plain form: only a piece on file f can be meant, and
	 * a king, advisor or elephant, or the only horse, chariot or cannon
	 * there, is meant by it (prefix_ok() without describe_origin()) */
	int plain_file = is_piece_tok(t[0]) && is_digit_tok(t[1]) && plen == 2 ? t[1] - '0' : 0;
	int on_file = 0;
	if (plain_file && type != XQ_PAWN)
		for (int s = slot_lo[type]; s < slot_hi[type]; s++)
			on_file += sq_of[s] && mover_file(side, ISQ_FILE(sq_of[s])) == plain_file;
	for (int s = slot_lo[type]; s < slot_hi[type]; s++) {
		int from = sq_of[s];
		struct minfo mi;
		if (!from)
			continue;
		if (plain_file && mover_file(side, ISQ_FILE(from)) != plain_file)
			continue;
		if (plain_file && type != XQ_PAWN) {
			if (on_file >= 2 && type != XQ_KING && type != XQ_ADVISOR && type != XQ_ELEPHANT)
				continue;
		} else {
			describe_origin(pos, from, &mi);
			if (!prefix_ok(&mi, wxf, t, plen, short_form))
				continue;
		}
		for (int k = 0; k < ndirs; k++) {
			int to = destination(side, type, from, dirs[k], t[len - 1] - '0');
			if (to >= 0 && xq_is_legal(pos, MOVE(from, to)))
				found[nfound++] = MOVE(from, to);
		}
	}
	return nfound;
}

int xq__relative_match(const struct xq_pos *pos, const char *t, int wxf, xq_move *found)
{
	return direct_match(pos, t, wxf, found);
}

void xq__describe(const struct xq_pos *pos, xq_move m, struct minfo *mi)
{
	describe(pos, m, mi);
}

int xq__tandem_labels(const struct minfo *mi, char labels[4])
{
	return tandem_labels(mi, labels);
}

int xq__wxf_pawn_prefix(const struct minfo *mi, char p[2])
{
	return wxf_pawn_prefix(mi, p);
}

/* The number-pad form (2.8): 1..7 for 帅仕相马车炮兵, "62.5" = 炮二平五;
 * read only when the digits mean nothing else.  Fills pad and returns 1
 * when t has that shape. */
static int number_pad(const struct tokens *tk, char pad[5])
{
	if (!(tk->n == 4 && tk->t[0] >= '1' && tk->t[0] <= '7' && is_digit_tok(tk->t[1]) &&
	      strchr("+-.", tk->t[2]) && is_digit_tok(tk->t[3])))
		return 0;
	memcpy(pad, tk->t, 5);
	pad[0] = piece_token[pad[0] - '0'];
	return 1;
}

/* Tokens read: resolve them with match (direct_match(), or the tests'
 * reference), and say what is wrong when they are no one move. */
static int resolve(const struct xq_pos *pos, struct tokens *tk, enum xq_notation n,
		   xq__match_fn match, xq_move *out, struct xq_err *err, const char *q)
{
	xq_move legal[XQ_MAX_MOVES], found[XQ_MAX_MOVES];
	int nfound;
	char pad[5];

	nfound = match(pos, tk->t, !tk->cjk, found);
	if (nfound == 0 && number_pad(tk, pad))
		nfound = match(pos, pad, !tk->cjk, found);
	if (nfound == 1) {
		*out = found[0];
		return 0;
	}
	if (nfound > 1) {
		char list[160];
		show_moves(pos, found, nfound, tk->cjk || n == XQ_NOTATION_CHINESE, list, sizeof list);
		return fail(err, XQ_EAMBIG, "%s: ambiguous, fits %d legal moves: %s", q, nfound, list);
	}
	if (tk->cjk == 0 && n == XQ_NOTATION_CHINESE)
		tk->cjk = 1;
	return explain(pos, tk, legal, xq_legal_moves(pos, legal), q, out, err);
}

/* An ASCII byte's token for quick_tokens(), or 0: tokenize() decides
 * (for NUL and every byte past ASCII too). */
static const char quick_ascii_tok[256] = {
	['1'] = '1', ['2'] = '2', ['3'] = '3', ['4'] = '4', ['5'] = '5', ['6'] = '6',
	['7'] = '7', ['8'] = '8', ['9'] = '9', ['+'] = '+', ['-'] = '-', ['.'] = '.',
	['='] = '.',
	['K'] = 'K', ['k'] = 'K', ['A'] = 'A', ['a'] = 'A',
	['E'] = 'E', ['e'] = 'E', ['B'] = 'E', ['b'] = 'E', ['M'] = 'E', ['m'] = 'E',
	['H'] = 'H', ['h'] = 'H', ['N'] = 'H', ['n'] = 'H', ['R'] = 'R', ['r'] = 'R',
	['C'] = 'C', ['c'] = 'C', ['P'] = 'P', ['p'] = 'P', ['S'] = 'P', ['s'] = 'P',
};

static char quick_ascii(unsigned char c)
{
	return quick_ascii_tok[c];
}

/*
 * tokenize() for the moves of real records (马８进７, C2.5, +R-1): the same
 * tokens when it returns 0; -1 for anything else (spaces, marks, check
 * signs, ordinals after a letter, full-width letters, unknown or bad
 * characters), which tokenize() then reads.
 */
static int quick_tokens(const char *text, size_t len, enum xq_notation n, struct tokens *tk)
{
	const unsigned char *s = (const unsigned char *)text;
	size_t i = 0;

	tk->n = tk->cjk = tk->latin = 0;
	while (i < len) {
		char tok;
		if (tk->n == 8)
			return -1;
		if (s[i] < 0x80) {
			tok = quick_ascii(s[i]);
			if (!tok)
				return -1;
			if ((s[i] | 0x20) >= 'a' && (s[i] | 0x20) <= 'z') {
				/* after a piece letter, a..e are ordinals (Pa.5) */
				if (tk->n && is_piece_tok(tk->t[tk->n - 1]) && (s[i] | 0x20) <= 'e')
					return -1;
				tk->latin = 1;
			}
			i++;
		} else {
			/* three bytes (no character with a token has fewer or
			 * more; an overlong form decodes to none of them) */
			uint32_t cp;
			if (xq__utf8_decode(s + i, len - i, &cp) != 3)
				return -1;
			i += 3;
			if (cp >= 0xFF11 && cp <= 0xFF19) {
				tok = (char)('1' + cp - 0xFF11); /* full-width digit */
			} else {
				tok = zh_token(cp);
				if (!tok)
					return -1;
				tok = tok == 'F' ? '+' : tok == 'M' ? '.' : tok == 'B' ? '-' : tok;
				tk->cjk = 1;
			}
		}
		tk->t[tk->n++] = tok;
	}
	tk->t[tk->n] = '\0';
	if ((n == XQ_NOTATION_WXF && tk->cjk) || (n == XQ_NOTATION_CHINESE && tk->latin) ||
	    tk->n == 0 || tk->t[tk->n - 1] == '+')
		return -1;
	/* as tokenize(): a leading numeral before a piece is an ordinal (一兵) */
	if (tk->n >= 2 && tk->t[0] >= '1' && tk->t[0] <= '5' && is_piece_tok(tk->t[1]))
		tk->t[0] = (char)('a' + tk->t[0] - '1');
	return 0;
}

/* The direct reader alone: 0 with *out when the text is one move, else
 * XQ_EINVAL with nothing said (parse_relative() then says what is wrong). */
static int quick_relative(const struct xq_pos *pos, const char *text, size_t len,
			  enum xq_notation n, xq_move *out)
{
	struct tokens tk;
	xq_move found[XQ__MATCH_MAX];
	char pad[5];
	int nfound;

	if (quick_tokens(text, len, n, &tk) < 0 && tokenize(text, len, n, &tk, NULL, "") < 0)
		return XQ_EINVAL;
	nfound = direct_match(pos, tk.t, !tk.cjk, found);
	if (nfound == 0 && number_pad(&tk, pad))
		nfound = direct_match(pos, pad, !tk.cjk, found);
	if (nfound != 1)
		return XQ_EINVAL;
	*out = found[0];
	return 0;
}

/* The piece type of a piece token, XQ_NONE for any other byte. */
static const uint8_t tok_type[128] = {
	['K'] = XQ_KING, ['A'] = XQ_ADVISOR, ['E'] = XQ_ELEPHANT, ['H'] = XQ_HORSE,
	['R'] = XQ_CHARIOT, ['C'] = XQ_CANNON, ['P'] = XQ_PAWN,
};

/* Whether the three bytes at s, of which the first two are no NUL, are
 * one of the characters with a token, and that token in *tok.  The key
 * with one load for the last two bytes where the byte order allows. */
static inline int zh_match(const unsigned char *s, unsigned *tok)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	uint16_t w;
	memcpy(&w, s + 1, 2);
	uint32_t k = (uint32_t)s[0] | (uint32_t)w << 8;
#else
	uint32_t k = (uint32_t)s[0] | (uint32_t)s[1] << 8 | (uint32_t)s[2] << 16;
#endif
	*tok = (unsigned char)zh_by_utf8[ZH_HASH(k)].tok;
	return zh_by_utf8[ZH_HASH(k)].bytes == k;
}

/* The token quick_tokens() gives the character at s (NUL-terminated) in
 * *tok, and its length; 0 for a character it leaves to tokenize() (and for
 * the minus sign U+2212, a token this reader does without).  The position
 * words 前中后 keep their letters F M B here. */
static inline int quick_char(const unsigned char *s, char *tok)
{
	unsigned t;
	if (s[0] < 0x80) {
		*tok = quick_ascii_tok[s[0]];
		return *tok ? 1 : 0;
	}
	/* three bytes (s[2] is read only when s[1] is no NUL: the text
	 * goes on) */
	if (!s[1] || !zh_match(s, &t))
		return 0;
	*tok = (char)t;
	return 3;
}

int xq__quick_char(const char *s, char *tok)
{
	return quick_char((const unsigned char *)s, tok);
}

char xq__zh_token(unsigned cp)
{
	return zh_token(cp);
}

/* The tandem label a token of quick_char() is, for a horse, chariot or
 * cannon (two at most: front or rear): 1 front, 2 rear, 0 none. */
static inline int quick_label(char t)
{
	return t == 'F' || t == '+' ? 1 : t == 'B' || t == '-' ? 2 : 0;
}

xq_move xq__relative_quick_on(const uint8_t *sq_of, int side, const char *text)
{
	const unsigned char *s = (const unsigned char *)text;
	unsigned t0, t1, t2, t3, type, from = 0, to;
	int common;

	/* four tokens, then the end: four ASCII characters (C2.5, +R-1) and
	 * four of three bytes (炮二平五, 马８进７) each read in a line, any
	 * other text (马8进7) by quick_char().  A byte is read only when those
	 * before it are no NUL: the text may end anywhere. */
	if ((t0 = (unsigned char)quick_ascii_tok[s[0]]))
		common = (t1 = (unsigned char)quick_ascii_tok[s[1]]) &&
			 (t2 = (unsigned char)quick_ascii_tok[s[2]]) &&
			 (t3 = (unsigned char)quick_ascii_tok[s[3]]) && !s[4];
	else
		common = s[0] && s[1] && zh_match(s, &t0) && s[3] && s[4] && zh_match(s + 3, &t1) &&
			 s[6] && s[7] && zh_match(s + 6, &t2) && s[9] && s[10] &&
			 zh_match(s + 9, &t3) && !s[12];
	if (!common) {
		char t[4];
		int k;
		if (!(k = quick_char(s, &t[0])) || !(k = quick_char(s += k, &t[1])) ||
		    !(k = quick_char(s += k, &t[2])) || !(k = quick_char(s += k, &t[3])) ||
		    s[k])
			return XQ_MOVE_NONE;
		t0 = (unsigned char)t[0], t1 = (unsigned char)t[1];
		t2 = (unsigned char)t[2], t3 = (unsigned char)t[3];
	}
	/* a direction, a number (a position word in the place of the
	 * direction is left to the full reader, which reads it as one) */
	if (!(t2 == '+' || t2 == '-' || t2 == '.') || !is_digit_tok((char)t3))
		return XQ_MOVE_NONE;
	if ((type = tok_type[t0]) && is_digit_tok((char)t1)) {
		/* "L f d v": one piece of the kind on the file is the only
		 * candidate of direct_match() */
		/* (a captured piece's slot holds 0, on no file: fx is 3..11) */
		unsigned fx = (side == XQ_RED ? '9' - t1 : t1 - '1') + 3, on_file = 0;
		if (type == XQ_PAWN) {
			for (int q = SLOT_PAWN; q < 16; q++) {
				unsigned on = (sq_of[q] & 15u) == fx;
				on_file += on;
				from = on ? sq_of[q] : from;
			}
		} else {
			/* (the king has one slot) */
			int lo = slot_lo[type];
			unsigned a = sq_of[lo], b = type == XQ_KING ? 0 : sq_of[lo + 1];
			unsigned ia = (a & 15) == fx, ib = (b & 15) == fx;
			on_file = ia + ib;
			from = ia ? a : b;
		}
		if (on_file != 1)
			return XQ_MOVE_NONE;
	} else {
		/* "l L d v" or "L l d v" (前车进三, +R+3, R++3) for a horse,
		 * chariot or cannon: when both of the kind stand on one file
		 * (tandem_labels(): '+' the front one, '-' the rear one), the
		 * one prefix_ok() takes; any other case is the full reader's */
		int label;
		unsigned a, b;
		if (type)
			label = quick_label((char)t1);
		else
			label = quick_label((char)t0), type = tok_type[t1];
		if (!label || !(type == XQ_HORSE || type == XQ_CHARIOT || type == XQ_CANNON))
			return XQ_MOVE_NONE;
		a = sq_of[slot_lo[type]], b = sq_of[slot_lo[type] + 1];
		if (!a || !b || ISQ_FILE(a) != ISQ_FILE(b))
			return XQ_MOVE_NONE;
		/* a ahead of b for the mover */
		if (advance(side, ISQ_RANK(a)) < advance(side, ISQ_RANK(b))) {
			unsigned x = a;
			a = b, b = x;
		}
		from = label == 1 ? a : b;
	}
	to = dest_point((unsigned)side, type, from, (unsigned char)t2, t3 - '0');
	return to - ISQ(-3, 0) < 10 * 16 ? MOVE(from, to) : XQ_MOVE_NONE;
}

int xq__relative_quick(const struct xq_pos *pos, const char *text, xq_move *out)
{
	xq_move m = xq__relative_quick_on(pos->sq_of + pos->side * 16, pos->side, text);
	if (m == XQ_MOVE_NONE || !xq_is_legal(pos, m))
		return 0;
	*out = m;
	return 1;
}

/* Read a relative move with match (see move_parse()). */
static int parse_relative(const struct xq_pos *pos, const char *text, size_t len,
			  enum xq_notation n, xq__match_fn match, xq_move *out, struct xq_err *err,
			  const char *q)
{
	struct tokens tk;
	int rc = tokenize(text, len, n, &tk, err, q);
	if (rc < 0)
		return rc;
	/* no move or several (move_parse() tried quick_relative() first):
	 * the same answer again, which also says what is wrong (explain()
	 * accepts a few forms more) */
	return resolve(pos, &tk, n, match, out, err, q);
}

/* Length of a coordinate rank at s: 1 or 2 characters, or 0. */
static int coord_rank(const char *s, size_t len, int one_based, int *rank)
{
	if (len >= 2 && one_based && s[0] == '1' && s[1] == '0') {
		*rank = 9;
		return 2;
	}
	if (len >= 1 && s[0] >= '0' && s[0] <= '9') {
		if (one_based && s[0] == '0')
			return 0;
		*rank = s[0] - '0' - one_based;
		return 1;
	}
	return 0;
}

/* Squares of a coordinate move ("h2e2", "H2-E2", "h10g8"); 0 or -1. */
static int coord_squares(const char *s, size_t len, int one_based, int *from, int *to)
{
	int fx, fr, tx, tr, k;
	size_t i = 0;
	if (i >= len || (s[i] | 0x20) < 'a' || (s[i] | 0x20) > 'i')
		return -1;
	fx = (s[i++] | 0x20) - 'a';
	if (!(k = coord_rank(s + i, len - i, one_based, &fr)))
		return -1;
	i += (size_t)k;
	if (i < len && s[i] == '-')
		i++;
	if (i >= len || (s[i] | 0x20) < 'a' || (s[i] | 0x20) > 'i')
		return -1;
	tx = (s[i++] | 0x20) - 'a';
	if (!(k = coord_rank(s + i, len - i, one_based, &tr)))
		return -1;
	i += (size_t)k;
	while (i < len && strchr("+!?#", s[i]))
		i++;
	if (i != len)
		return -1;
	*from = XQ_SQ(fx, fr);
	*to = XQ_SQ(tx, tr);
	return 0;
}

int xq__coord_numbering(const char *s, size_t len)
{
	int from, to, zero = coord_squares(s, len, 0, &from, &to) == 0, one;
	/* (without a digit 0 the text has neither rank 0 nor rank 10) */
	if (!memchr(s, '0', len))
		return zero ? 1 : -1;
	one = coord_squares(s, len, 1, &from, &to) == 0;
	return zero && one ? 1 : zero ? 0 : one ? 10 : -1;
}

static void sq_name(int sq, int one_based, char out[4])
{
	int r = XQ_RANK(sq) % 10 + one_based, i = 0;
	out[i++] = (char)('a' + XQ_FILE(sq) % 9);
	if (r == 10)
		out[i++] = '1', r = 0;
	out[i++] = (char)('0' + r);
	out[i] = '\0';
}

static int parse_coord(const struct xq_pos *pos, const char *text, size_t len,
		       enum xq_notation n, xq_move *out, struct xq_err *err, const char *q)
{
	int one = n == XQ_NOTATION_UCI10, from, to;
	char fs[4], ts[4];
	xq_move m, legal[XQ_MAX_MOVES], ms[XQ_MAX_MOVES];
	int nlegal, nm = 0;

	if (coord_squares(text, len, one, &from, &to) < 0)
		return fail(err, XQ_EINVAL, "%s: not a%s move (expected %s)", q,
			    n == XQ_NOTATION_ICCS ? "n ICCS" : n == XQ_NOTATION_UCI10 ? " UCI (ranks 1..10)" : " UCI",
			    one ? "file a..i, rank 1..10, twice, as h3e3 or h10g8"
				: "file a..i, rank 0..9, twice, as h2e2 or H2-E2");
	sq_name(from, one, fs);
	sq_name(to, one, ts);
	if (xq_piece_type(pos, from) == XQ_NONE)
		return fail(err, XQ_EILLEGAL, "%s: no piece on %s", q, fs);
	if ((int)xq_piece_side(pos, from) != pos->side)
		return fail(err, XQ_EILLEGAL, "%s: the piece on %s is %s's, and %s is to move", q, fs,
			    xq_side_name(!pos->side), xq_side_name(pos->side));
	m = xq_move_make(from, to);
	if (from != to && xq_is_legal(pos, m)) {
		*out = m;
		return 0;
	}
	nlegal = xq_legal_moves(pos, legal);
	for (int i = 0; i < nlegal; i++)
		if (xq_move_from(legal[i]) == from)
			ms[nm++] = legal[i];
	xq_sort_moves(ms, nm);
	{
		char list[120];
		struct sbuf b = { list, sizeof list, 0, 0 };
		list[0] = '\0';
		for (int i = 0; i < nm; i++) {
			char s[8];
			sq_name(xq_move_to(ms[i]), one, s);
			if (b.len + 8 > b.size) {
				sb_add(&b, " ...");
				break;
			}
			if (i)
				sb_addc(&b, ' ');
			sb_add(&b, s);
		}
		return fail(err, XQ_EILLEGAL, "%s: illegal target; the %s %s on %s %s%s", q,
			    xq__side_adjective(pos->side), type_name[xq_piece_type(pos, from)], fs,
			    nm ? "can go to: " : "has no legal move", list);
	}
}

/* match: NULL for the library's readers (quick_relative() first, then
 * direct_match()), or the tests' reference, alone. */
static int move_parse(const struct xq_pos *pos, const char *text, size_t len,
		      enum xq_notation n, xq_move *out, struct xq_err *err, xq__match_fn match)
{
	char q[64];
	size_t a = 0, z = len;
	int from, to, rc;

	if (!text)
		len = z = 0;
	/* ASCII blanks around the move do not count */
	while (a < z && (text[a] == ' ' || text[a] == '\t' || text[a] == '\n' || text[a] == '\r'))
		a++;
	while (z > a && (text[z - 1] == ' ' || text[z - 1] == '\t' || text[z - 1] == '\n' ||
			 text[z - 1] == '\r'))
		z--;
	/* The common case first, with nothing prepared for messages.  Before
	 * the coordinates too for any notation: no coordinate text is a
	 * relative move to the direct reader (its tokens have a letter, not
	 * a direction, before the last, or end in a mark, or hold a 0). */
	if (!match && z > a &&
	    (n == XQ_NOTATION_WXF || n == XQ_NOTATION_CHINESE || n == XQ_NOTATION_ANY) &&
	    quick_relative(pos, text + a, z - a, n, out) == 0)
		return 0;
	if (!match)
		match = direct_match;
	quote_input(q, sizeof q, text ? text + a : "", z - a);
	if (z == a)
		return fail(err, XQ_EINVAL, "empty move");
	if (memchr(text + a, '\0', z - a))
		return fail(err, XQ_EINVAL, "%s: NUL byte inside the move", q);

	if (err)
		err->offset = 0;
	switch (n) {
	case XQ_NOTATION_ICCS:
	case XQ_NOTATION_UCI:
	case XQ_NOTATION_UCI10:
		rc = parse_coord(pos, text + a, z - a, n, out, err, q);
		break;
	case XQ_NOTATION_WXF:
	case XQ_NOTATION_CHINESE:
		rc = parse_relative(pos, text + a, z - a, n, match, out, err, q);
		break;
	case XQ_NOTATION_ANY:
		if (coord_squares(text + a, z - a, 0, &from, &to) == 0)
			rc = parse_coord(pos, text + a, z - a, XQ_NOTATION_ICCS, out, err, q);
		else if (coord_squares(text + a, z - a, 1, &from, &to) == 0)
			rc = parse_coord(pos, text + a, z - a, XQ_NOTATION_UCI10, out, err, q);
		else
			rc = parse_relative(pos, text + a, z - a, n, match, out, err, q);
		break;
	default:
		return fail(err, XQ_EINVAL, "unknown notation %d", (int)n);
	}
	/* offsets count from the start of text, blanks included */
	if (rc < 0 && err)
		err->offset += (int)a;
	return rc;
}

int xq_move_parse(const struct xq_pos *pos, const char *text, size_t len,
		  enum xq_notation n, unsigned flags, xq_move *out,
		  struct xq_err *err)
{
	(void)flags;
	return move_parse(pos, text, len, n, out, err, NULL);
}

int xq__move_parse_with(const struct xq_pos *pos, const char *text, size_t len,
			enum xq_notation n, xq__match_fn match, xq_move *out, struct xq_err *err)
{
	return move_parse(pos, text, len, n, out, err, match);
}
