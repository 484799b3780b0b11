/*
 * pgn.c - xiangqi PGN as real files write it (notation.md section 6):
 * xqbase tags, movetext in any notation, every move-number form, comments,
 * nested variations, NAGs, results and Chinese result words, games without
 * tags, junk after the result.  The writer follows 11.3: [Game] first, the
 * roster tags, a truthful [Format], [FEN] for set-ups, lines of 80 columns
 * (the filler below: tokens, comments wrapped so that a reader joins them
 * back unchanged).  The movetext scanner is formats/movetext.c.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "ascii.h"
#include "buf.h"
#include "line_break.h"
#include "movetext.h"
#include "notation_impl.h"
#include "utf8.h"

#define TAIL_MAX 4096

struct pgn_state {
	struct mt mt;
	char tail[TAIL_MAX];
	size_t tail_len;
};
/* xq__mt_read_end() frees the state through its struct mt */
_Static_assert(offsetof(struct pgn_state, mt) == 0, "struct mt comes first");

static void tail_add(struct pgn_state *st, const char *s, size_t n)
{
	size_t len = n;
	s = xq__mt_skip_space(s, &len);
	if (!len)
		return;
	if (st->tail_len && st->tail_len < TAIL_MAX - 1)
		st->tail[st->tail_len++] = '\n';
	if (len > TAIL_MAX - 1 - st->tail_len)
		len = TAIL_MAX - 1 - st->tail_len;
	memcpy(st->tail + st->tail_len, s, len);
	st->tail_len += len;
}

/* ------------------------------------------------------------------ tags */

/* The known tag names, each at its known_hash() (no two share one). */
#define KNOWN_MAX 12 /* the longest name */
static size_t known_hash(const char *name, size_t nl)
{
	/* of the length and three letters, as if in lower case */
	unsigned c0 = (unsigned char)name[0] | 0x20u, c1 = (unsigned char)name[nl - 1] | 0x20u,
		 c2 = (unsigned char)name[nl - 2] | 0x20u;
	return (nl * 26 + c0 * 19 + c1 * 6 + c2) & 127;
}
static const char known_tags[128][KNOWN_MAX + 1] = {
	[1] = "Red",
	[6] = "Remark",
	[16] = "RedTitle",
	[18] = "Board",
	[20] = "BlackTitle",
	[24] = "RedElo",
	[27] = "RedTeam",
	[28] = "BlackElo",
	[30] = "Variant",
	[31] = "BlackTeam",
	[32] = "SetUp",
	[38] = "Date",
	[39] = "Event",
	[41] = "White",
	[42] = "Creator",
	[43] = "WhiteElo",
	[44] = "RedNA",
	[45] = "Black",
	[46] = "WhiteTeam",
	[47] = "Variation",
	[48] = "BlackNA",
	[49] = "TimeControl",
	[53] = "Comment",
	[54] = "Result",
	[56] = "Annotator",
	[59] = "EventDate",
	[61] = "Termination",
	[62] = "Round",
	[65] = "Mode",
	[66] = "Section",
	[67] = "Site",
	[70] = "PlyCount",
	[71] = "Format",
	[74] = "ECO",
	[75] = "Opening",
	[79] = "Time",
	[80] = "Stage",
	[82] = "EventSponsor",
	[88] = "Game",
	[89] = "FEN",
	[100] = "ECCO",
	[102] = "Source",
	[104] = "Title",
	[106] = "Author",
	[113] = "RedPlayer",
	[117] = "BlackPlayer",
	[119] = "RedTime",
	[122] = "RedType",
	[123] = "BlackTime",
	[126] = "BlackType",
};

/* Four or eight bytes at p with bit 5 set in each: the known names are
 * letters, and a byte x is a letter y in either case when x | 0x20 is
 * y | 0x20. */
static inline uint32_t fold4(const char *p)
{
	uint32_t w;
	memcpy(&w, p, 4);
	return w | 0x20202020u;
}
static inline uint64_t fold8(const char *p)
{
	uint64_t w;
	memcpy(&w, p, 8);
	return w | 0x2020202020202020ull;
}

/* The known tag name that name (nl bytes and a NUL) is, ignoring ASCII
 * case, or NULL. */
static const char *known_tag(const char *name, size_t nl)
{
	const char *k;
	int same;
	if (nl < 3 || nl > KNOWN_MAX)
		return NULL;
	k = known_tags[known_hash(name, nl)];
	if (!k[0] || k[nl])
		return NULL;
	/* the first and the last four or eight bytes (the NUL too when
	 * there are three) */
	if (nl >= 8)
		same = fold8(name) == fold8(k) && fold8(name + nl - 8) == fold8(k + nl - 8);
	else
		same = fold4(name) == fold4(k) && (nl < 4 || fold4(name + nl - 4) == fold4(k + nl - 4));
	return same ? k : NULL;
}

/* The tags pgn_read() looks up when the game is read, if there is one. */
enum { SEEN_FEN = 1, SEEN_WHITE = 2 };

/* A tag added: the note for an unknown name, and the names seen. */
static void tag_added(struct xq_reader *r, struct xq_game *g, const char *name, size_t nl,
		      long lineno, long col, unsigned *seen)
{
	const char *k = known_tag(name, nl);
	if (!k)
		xq_reader_problem(r, g, XQ_SEV_NOTE, XQ_P_TAG, lineno, col, 0, NULL,
				  "unknown tag '%s' kept", name);
	else if (nl == 3 && k[0] == 'F') /* the only such name */
		*seen |= SEEN_FEN;
	else if (nl == 5 && k[0] == 'W') /* "White" */
		*seen |= SEEN_WHITE;
}

/* Bytes for plain_tag(): 0 in a plain name, else 1 a name's end (blank
 * or quote), 2 no such end but in no plain name either (not ASCII
 * graphic, or a bracket), | 4 not in a plain value (quote, backslash, NUL). */
#define R16_(x) x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x
static const unsigned char tag_byte[256] = {
	/* 0x00 */ 6, 2, 2, 2, 2, 2, 2, 2, 2, 1, 2, 2, 2, 2, 2, 2,
	/* 0x10 */ R16_(2),
	/* 0x20 */ 1, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	/* 0x30 */ R16_(0), R16_(0),
	/* 0x50 */ 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 4, 2, 0, 0,
	/* 0x60 */ R16_(0),
	/* 0x70 */ 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2,
	/* 0x80 */ R16_(2), R16_(2), R16_(2), R16_(2), R16_(2), R16_(2), R16_(2), R16_(2),
};
#undef R16_
_Static_assert(sizeof tag_byte == 256, "a class for every byte");

/* The bytes of w that are a quote, a backslash or NUL, as their bit 7
 * (exactly: no carry crosses a byte). */
static inline uint64_t value_stops(uint64_t w)
{
	const uint64_t ones = 0x0101010101010101ull, low7 = 0x7f7f7f7f7f7f7f7full;
	uint64_t q = w ^ (ones * '"'), b = w ^ (ones * '\\');
	/* bit 7 of ((x & low7) + low7) | x is clear exactly for a zero byte */
	uint64_t tq = ((q & low7) + low7) | q, tb = ((b & low7) + low7) | b,
		 tw = ((w & low7) + low7) | w;
	return ~(tq & tb & tw) & ~low7;
}

/* Where the first quote, backslash or NUL at or after s[i] is, or len. */
static size_t plain_value_end(const unsigned char *s, size_t i, size_t len)
{
#if defined(__SSE2__)
	/* sixteen bytes at a time, then eight as below */
	const __m128i quote = _mm_set1_epi8('"'), bslash = _mm_set1_epi8('\\'),
		      zero = _mm_setzero_si128();
	for (; i + 16 <= len; i += 16) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
		unsigned m = (unsigned)_mm_movemask_epi8(
			_mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, bslash)),
				     _mm_cmpeq_epi8(v, zero)));
		if (m)
			return i + (size_t)__builtin_ctz(m);
	}
#endif
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	/* eight bytes at a time, the lowest flagged byte the first; the last
	 * piece as the line's last eight bytes, the ones before i left out */
	uint64_t w, f;
	for (; i + 8 <= len; i += 8) {
		memcpy(&w, s + i, 8);
		if ((f = value_stops(w)))
			return i + (size_t)(__builtin_ctzll(f) >> 3);
	}
	if (i < len && len >= 8) {
		memcpy(&w, s + len - 8, 8);
		f = value_stops(w) >> (8 * (i - (len - 8)));
		return f ? i + (size_t)(__builtin_ctzll(f) >> 3) : len;
	}
#endif
	while (i < len && !(tag_byte[s[i]] & 4))
		i++;
	return i;
}

/*
 * The common tag at s[i] ('['): [Name "value"] with blanks before the name
 * and around nothing else but the gap before the value, the name of 1 to
 * 255 ASCII graphic characters (no quote or bracket), the value up to
 * 4095 bytes with no backslash and no NUL, its quote right before ']':
 * what the general loop of pgn_tags() would read with no warning, name
 * and value as it would keep them.  Sets where name and value start and
 * their lengths (the value's cut as that loop cuts it) and returns the
 * index after ']', or 0 when the tag needs that loop.
 */
static size_t plain_tag(const char *str, size_t i, size_t len, size_t *name_at, size_t *name_len,
			size_t *value_at, size_t *value_len)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t ns, nl, vs, vl;
	i++;
	while (i < len && (s[i] == ' ' || s[i] == '\t'))
		i++;
	ns = i;
	while (i < len && !tag_byte[s[i]])
		i++;
	nl = i - ns;
	if (!nl || nl > 255 || i == len || !(tag_byte[s[i]] & 1))
		return 0;
	while (i < len && (s[i] == ' ' || s[i] == '\t'))
		i++;
	if (i == len || s[i] != '"')
		return 0;
	vs = ++i;
	i = plain_value_end(s, i, len);
	vl = i - vs;
	if (i + 1 >= len || s[i] != '"' || s[i + 1] != ']' || vl > 4095)
		return 0;
	*name_at = ns;
	*name_len = nl;
	*value_at = vs;
	*value_len = xq__utf8_cut(str + vs, vl);
	return i + 2;
}

/* The tags of line s into g: 0, 1 when the line was cut at the line
 * limit inside a tag (said: its rest is ignored), or XQ_ENOMEM. */
static int pgn_tags(struct xq_reader *r, struct xq_game *g, const char *s,
		    size_t len, long lineno, unsigned *seen)
{
	size_t i = 0, past, ns, nl, vs, vl;
	char value[4096], name[256];
	for (;;) {
		while (i < len && (s[i] == ' ' || s[i] == '\t'))
			i++;
		if (i >= len)
			return 0;
		if (s[i] != '[') {
			xq_reader_problem(r, g, XQ_SEV_WARNING, XQ_P_TAG, lineno, (long)i + 1, 0, NULL,
					  "text after the tags ignored");
			return 0;
		}
		size_t tag_col = i + 1;
		if ((past = plain_tag(s, i, len, &ns, &nl, &vs, &vl))) {
			const struct xq_tag *t = xq__game_add_tag_len(g, s + ns, nl, s + vs, vl);
			if (!t)
				return XQ_ENOMEM;
			tag_added(r, g, t->name, nl, lineno, (long)tag_col, seen);
			i = past;
			continue;
		}
		i++;
		while (i < len && (s[i] == ' ' || s[i] == '\t'))
			i++;
		ns = i;
		while (i < len && s[i] != ' ' && s[i] != '\t' && s[i] != '"' && s[i] != ']' &&
		       s[i] != '[')
			i++;
		size_t ne = i;
		while (i < len && (s[i] == ' ' || s[i] == '\t'))
			i++;
		size_t full = 0;   /* vl kept, and as long as it was */
		vl = 0;
		int ok = 1;
		if (i < len && s[i] == '"') {
			const char *q, *e;
			i++;
			/* the value up to its quote in one copy when it has no
			 * backslash (what the loop below would copy) */
			q = memchr(s + i, '"', len - i);
			e = q ? q : s + len;
			if (!memchr(s + i, '\\', (size_t)(e - (s + i)))) {
				full = (size_t)(e - (s + i));
				vl = full < sizeof value - 1 ? full : sizeof value - 1;
				memcpy(value, s + i, vl);
				i += full;
			}
			while (i < len && s[i] != '"') {
				if (s[i] == '\\' && i + 1 < len)
					i++;
				if (vl < sizeof value - 1)
					value[vl++] = s[i];
				full++;
				i++;
			}
			if (i < len)
				i++;
			else
				ok = 0;
			while (i < len && s[i] != ']')
				i++;
			if (i < len)
				i++;
			else
				ok = 0;
		} else {
			/* [Name value] without quotes */
			vs = i;
			while (i < len && s[i] != ']')
				i++;
			full = i - vs;
			vl = i - vs < sizeof value - 1 ? i - vs : sizeof value - 1;
			memcpy(value, s + vs, vl);
			while (vl && (value[vl - 1] == ' ' || value[vl - 1] == '\t'))
				vl--;
			if (i < len)
				i++;
			else
				ok = 0;
			ok = ok && 0;
		}
		const char *nul = memchr(value, '\0', vl);
		if (nul)
			vl = (size_t)(nul - value);
		vl = xq__utf8_cut(value, vl);
		value[vl] = '\0';
		if (ne == ns) {
			xq_reader_problem(r, g, XQ_SEV_WARNING, XQ_P_TAG, lineno, (long)tag_col, 0, NULL,
					  "tag without a name ignored");
			continue;
		}
		nl = ne - ns < sizeof name - 1 ? ne - ns : sizeof name - 1;
		memcpy(name, s + ns, nl);
		nl = xq__utf8_cut(name, nl);
		name[nl] = '\0';
		if (!ok && xq_reader_line_cut(r)) {
			/* not malformed: its line is longer than any line read;
			 * a value past the tags' limit is kept cut, as any
			 * other, a tag cut before that is none */
			if (full <= sizeof value - 1) {
				xq_reader_problem(r, g, XQ_SEV_WARNING, XQ_P_LIMIT, lineno, (long)tag_col,
						  0, NULL, "tag line longer than the limit of %d bytes: "
						  "the rest of it ignored", XQ_MAX_LINE_BYTES);
				return 1;
			}
			xq_reader_problem(r, g, XQ_SEV_WARNING, XQ_P_LIMIT, lineno, (long)tag_col, 0, NULL,
					  "tag '%s' longer than the limit of %zu bytes cut; the rest of its "
					  "line, past the limit of %d bytes, ignored", name, sizeof value - 1,
					  XQ_MAX_LINE_BYTES);
			if (xq_game_add_tag(g, name, value) < 0)
				return XQ_ENOMEM;
			tag_added(r, g, name, strlen(name), lineno, (long)tag_col, seen);
			return 1;
		}
		if (!ok)
			xq_reader_problem(r, g, XQ_SEV_WARNING, XQ_P_TAG, lineno, (long)tag_col, 0, NULL,
					  "malformed tag '%s' read as '%s'", name, value);
		if (nul)
			xq_reader_problem(r, g, XQ_SEV_WARNING, XQ_P_TAG, lineno, (long)tag_col, 0, NULL,
					  "tag '%s' holds a NUL byte: its value ends before it", name);
		else if (full > sizeof value - 1)
			xq_reader_problem(r, g, XQ_SEV_WARNING, XQ_P_TAG, lineno, (long)tag_col, 0, NULL,
					  "tag '%s' longer than the limit of %zu bytes cut", name,
					  sizeof value - 1);
		if (xq_game_add_tag(g, name, value) < 0)
			return XQ_ENOMEM;
		tag_added(r, g, name, strlen(name), lineno, (long)tag_col, seen);
	}
}

/* --------------------------------------------------------------- reader */

static int pgn_read(struct xq_reader *r, struct xq_game *g)
{
	struct pgn_state *st = xq__mt_state(r, sizeof *st);
	const char *s;
	size_t len;
	int rc, any = 0, movetext = 0, prev_blank = 0, in_tag = 0;
	long fen_line = 0;
	unsigned seen = 0; /* SEEN_*: the tags named so (in any case) */

	if (!st)
		return XQ_ENOMEM;
	st->tail_len = 0;
	xq__mt_begin(&st->mt, r, g);
	while ((rc = xq_reader_getline(r, &s, &len)) > 0) {
		long ln = xq_reader_line(r);
		const char *t;
		size_t tl = len;

		if (in_tag && xq_reader_line_continues(r)) {
			/* the rest of a tag line split at the line limit: not a
			 * game of its own */
			if (in_tag == 1)
				xq_reader_problem(r, g, XQ_SEV_WARNING, XQ_P_LIMIT, ln, 0, 0, NULL,
						  "tag line longer than the limit of %d bytes: the rest of it ignored",
						  XQ_MAX_LINE_BYTES);
			in_tag = 2;
			continue;
		}
		in_tag = 0;
		if (st->mt.in_comment && !st->mt.ended) {
			xq__mt_line(&st->mt, s, len, ln);
			continue;
		}
		/* (most lines start with a printable ASCII byte or the lead
		 * byte of an ideograph, 0xE4..0xE9: no blank; or with spaces
		 * before one, as xqbase's right-aligned move numbers) */
		t = s;
		while (tl && (*t == ' ' || *t == '\t'))
			t++, tl--;
		if (tl && !((unsigned char)t[0] - 0x21u < 0x7f - 0x21 ||
			    (unsigned char)t[0] - 0xe4u <= 0xe9 - 0xe4))
			t = xq__mt_skip_space(t, &tl);
		if (!tl) {
			prev_blank = 1;
			continue;
		}
		if (s[0] == '%')
			continue; /* PGN escape line */
		if (t[0] == '[') {
			/* after moves, or after a blank line that ends a tag
			 * block (a record of tags alone, such as a position),
			 * a tag starts the next game */
			if (movetext || st->mt.ended || (any && prev_blank)) {
				xq_reader_ungetline(r);
				break;
			}
			if (!any)
				g->line = ln;
			any = 1;
			in_tag = 1;
			prev_blank = 0;
			/* this tag line, then the ones after it that are decoded
			 * already, each '[' first and ended by an LF with no CR
			 * before it, as this loop would read them, without its
			 * tests */
			for (;;) {
				const char *text;
				size_t avail, b;
				if (!fen_line && tl > 4 && !memcmp(t, "[FEN", 4))
					fen_line = ln;
				int said = pgn_tags(r, g, s, len, ln, &seen);
				if (said < 0)
					return XQ_ENOMEM;
				if (said)
					in_tag = 2;   /* its rest said ignored */
				if (!(xq_reader_ready_text(r, &text, &avail) && avail && text[0] == '[' &&
				      (b = xq__line_break_at(text, 0, avail)) < avail && text[b] == '\n'))
					break;
				xq_reader_take_lines(r, b + 1, 1, 0);
				ln = xq_reader_line(r);
				s = t = text;
				len = tl = b;
			}
			continue;
		}
		if (st->mt.ended) {
			if (xq__mt_starts_game(t, tl)) {
				xq_reader_ungetline(r);
				break;
			}
			tail_add(st, s, len);
			continue;
		}
		if (movetext && prev_blank && st->mt.nodes > 0 && st->mt.depth == 0 &&
		    xq__mt_starts_game(t, tl)) {
			xq_reader_ungetline(r);
			break;
		}
		prev_blank = 0;
		if (!any)
			g->line = ln;
		any = 1;
		movetext = 1;
		long end = xq__mt_line(&st->mt, s, len, ln);
		/* the plain movetext lines after it that are decoded already
		 * (xq__mt_lines()), as this loop would read them, in one go
		 * without its tests */
		const char *text;
		size_t avail, used, last;
		long n;
		while (end < 0 && !st->mt.in_comment && !st->mt.ended &&
		       xq_reader_ready_text(r, &text, &avail) &&
		       (used = xq__mt_lines(&st->mt, text, avail, xq_reader_line(r) + 1, &n,
					    &last, &end)) > 0) {
			xq_reader_take_lines(r, used, n, last);
			s = text + last;
			len = used - last - 1;
		}
		if (end >= 0)
			tail_add(st, s + end, len - (size_t)end);
	}
	/* (the FEN tag and White looked up only when there is one) */
	st->mt.no_fen_tag = !(seen & SEEN_FEN);
	rc = xq__mt_finish(&st->mt, rc, any, fen_line);
	if (rc > 0 && (seen & SEEN_WHITE) && !xq_game_tag_known(g, "Red") && xq_game_tag(g, "White")) {
		/* chess software (PyChess, WinBoard) names Red "White" */
		char *v = xq_game_strdup(g, xq_game_tag(g, "White"));
		if (v && xq_game_set_tag(g, "Red", v) == 0)
			xq_game_del_tag(g, "White");
	}
	if (rc > 0 && st->tail_len)
		g->tail = xq_game_strndup(g, st->tail, st->tail_len);
	return rc;
}

/* Confidence that the head is PGN: tag lines are sure; movetext with move
 * numbers is likely. */
static int pgn_sniff(const unsigned char *head, size_t len, const char *name)
{
	size_t n = len;
	const char *s = xq__mt_sniff_start(head, &n);
	(void)name;
	if (n && *s == '[')
		return 80;
	if (n && *s == '{')
		return 50;
	if (xq__mt_starts_game(s, n))
		return 40;
	return 5;
}

/*
 * Where a game begins, for reading a byte range of a file alone: a line
 * that opens with a tag (pgn_tag_shape(), after LF), when the line before
 * it, leaving out '%' escape lines, is no tag line (its first byte but
 * blanks and a byte order mark is no '['): a tag after moves, after a
 * blank line or after a result starts the next game, as pgn_read() has
 * it.  Games with no tags are not split from the one before them.  (Such
 * a line inside a '{' comment that spans lines would be taken for a game
 * start; a line that opens with '[' but no tag, "[center]...", is not.)
 */
static int pgn_tag_line(const unsigned char *b, size_t from, size_t end)
{
	if (from == 0 && end >= 3 && b[0] == 0xef && b[1] == 0xbb && b[2] == 0xbf)
		from = 3;
	while (from < end && (b[from] == ' ' || b[from] == '\t'))
		from++;
	return from < end && b[from] == '[';
}

/* s[0..n) opens as a tag does: '[', a name (letters, digits, '_'),
 * blanks and a '"'. */
static int pgn_tag_shape(const unsigned char *s, size_t n)
{
	size_t i = 1, name;
	if (!n || s[0] != '[')
		return 0;
	while (i < n && ((unsigned)((s[i] | 0x20) - 'a') < 26u || (unsigned)(s[i] - '0') < 10u ||
			 s[i] == '_'))
		i++;
	name = i - 1;
	while (i < n && (s[i] == ' ' || s[i] == '\t'))
		i++;
	return name > 0 && i > name + 1 && i < n && s[i] == '"';
}

static int pgn_split_here(const unsigned char *b, size_t at)
{
	size_t end = at;
	for (;;) {
		size_t start;
		if (end == 0)
			return 1;
		end--;                    /* the line end before */
		if (end > 0 && b[end] == '\n' && b[end - 1] == '\r')
			end--;
		start = end;
		while (start > 0 && b[start - 1] != '\n' && b[start - 1] != '\r')
			start--;
		if (start < end && b[start] == '%') {
			end = start;
			continue;
		}
		return !pgn_tag_line(b, start, end);
	}
}

static size_t pgn_game_start(const unsigned char *b, size_t len, size_t from)
{
	size_t i = from;
	for (;;) {
		const unsigned char *nl;
		if (i > 0 && i < len && b[i - 1] == '\n' && pgn_tag_shape(b + i, len - i) &&
		    pgn_split_here(b, i))
			return i;
		if (i == 0 && len > 0 && pgn_split_here(b, 0))
			return 0;
		if (i >= len || !(nl = memchr(b + i, '\n', len - i)))
			return len;
		i = (size_t)(nl - b) + 1;
	}
}

/* ---------------------------------------------------- the 80-column filler */

/* A filler that wraps tokens at 80 display columns. */
struct fill {
	struct xq_writer *w;
	const struct xq_game *g; /* the game being written, for problems */
	int col;       /* display columns on the current line */
	int width;     /* wrap column (80) */
	int glue_next; /* no space before the next token (after "(") */
	int rc;
};

static void fill_init(struct fill *f, struct xq_writer *w, int width)
{
	f->w = w;
	f->g = NULL;
	f->col = 0;
	f->width = width;
	f->glue_next = 0;
	f->rc = 0;
}

static void fill_newline(struct fill *f)
{
	int rc = xq_writer_newline(f->w);
	if (rc < 0)
		f->rc = rc;
	f->col = 0;
}

static void put(struct fill *f, const char *s, size_t n)
{
	int rc = xq_writer_put(f->w, s, n);
	if (rc < 0)
		f->rc = rc;
}

static void fill_reserve(struct fill *f, int w)
{
	if (f->col > 0 && !f->glue_next && f->col + 1 + w > f->width)
		fill_newline(f);
}

static void fill_token(struct fill *f, const char *s, size_t len, int glue)
{
	int w = xq_text_width(s, len);
	if (f->glue_next) {
		glue = 1;
		f->glue_next = 0;
	}
	if (!glue && f->col > 0) {
		if (f->col + 1 + w > f->width) {
			fill_newline(f);
		} else {
			put(f, " ", 1);
			f->col++;
		}
	}
	put(f, s, len);
	f->col += w;
}

/* The character of a comment at text[i] as written: a brace as the
 * full-width one and other control characters as a space (PGN has no
 * escape for them); returns its length in the text, 1 when invalid. */
static int comment_char(const char *text, size_t n, size_t i, const char **out,
			size_t *outlen, int *stand_in)
{
	int l;
	unsigned cp = mt_utf8(text + i, n - i, &l);
	*out = text + i;
	*outlen = (size_t)l;
	*stand_in = 0;
	if (cp == '}') {
		*out = "\xef\xbd\x9d"; /* ｝ */
		*outlen = 3;
		*stand_in = 1;
	} else if (cp < 0x20 && cp != '\t' && cp != '\n') {
		*out = " ";
		*outlen = 1;
		*stand_in = 1;
	}
	return l;
}

/* Blank as written: a space, a tab or what becomes a space. */
static int comment_blank(unsigned char c)
{
	return c == ' ' || (c < 0x20 && c != '\n');
}

/* Start of the character that ends just before text[i], i > 0. */
static size_t char_start_before(const char *text, size_t i)
{
	size_t p = i - 1;
	while (p > 0 && i - p < 4 && ((unsigned char)text[p] & 0xc0) == 0x80)
		p--;
	return p;
}

/* Width of the character of the comment at text[i], as written. */
static int comment_char_width(const char *text, size_t n, size_t i)
{
	const char *o;
	size_t ol;
	int si;
	comment_char(text, n, i, &o, &ol, &si);
	return xq_text_width(o, ol);
}

/* The digits and verbs of Chinese moves (马８进７, 炮二平五, 車一進一). */
static int move_digit(unsigned cp)
{
	static const unsigned han[] = { 0x4e00, 0x4e8c, 0x4e09, 0x56db, 0x4e94,
					0x516d, 0x4e03, 0x516b, 0x4e5d };
	if ((cp >= '1' && cp <= '9') || (cp >= 0xff11 && cp <= 0xff19))
		return 1;
	for (size_t k = 0; k < sizeof han / sizeof han[0]; k++)
		if (cp == han[k])
			return 1;
	return 0;
}

static int move_verb(unsigned cp)
{
	return cp == 0x8fdb || cp == 0x9032 || cp == 0x9000 || cp == 0x5e73;
}

/* Whether a wrap between two wide characters before text[i] keeps whole
 * the Chinese moves around it and the punctuation with its word (no line
 * starts with a closing mark, none ends with an opening one). */
static int cjk_wrap_ok(const char *text, size_t n, size_t i)
{
	static const char *const no_start = "，。、；：！？）」』》…";
	static const char *const no_end = "（「『《";
	unsigned x[6] = { 0 };
	size_t p = i;
	int l;
	for (int k = 2; k >= 0 && p > 0; k--) {
		p = char_start_before(text, p);
		x[k] = mt_utf8(text + p, n - p, &l);
	}
	p = i;
	for (int k = 3; k < 6 && p < n; k++) {
		x[k] = mt_utf8(text + p, n - p, &l);
		p += (size_t)l;
	}
	for (int k = 0; k < 3; k++)
		if (move_verb(x[k + 2]) && k + 3 < 6 && move_digit(x[k + 3]))
			return 0;
	mt_utf8(text + i, n - i, &l);
	if (l >= 2 && l <= 4) {
		char c[5] = { 0 };
		memcpy(c, text + i, (size_t)l);
		if (strstr(no_start, c))
			return 0;
	}
	size_t q = char_start_before(text, i);
	if (i - q >= 2 && i - q <= 4) {
		char c[5] = { 0 };
		memcpy(c, text + q, i - q);
		if (strstr(no_end, c))
			return 0;
	}
	return 1;
}

/* Whether the comment may wrap at text[i], in a way that the reader undoes
 * (see tidy_comment in movetext.c): 1 in place of a single space between
 * two non-blank characters; 2 there when both are wide, the space going
 * to the start of the new line; 3 before text[i] between two wide
 * characters, as Chinese text wraps, but never inside a Chinese move.  So a
 * wrap never cuts a word, a move or a UTF-8 sequence. */
static int comment_break(const char *text, size_t n, size_t i)
{
	size_t p;
	if (i == 0 || i >= n || text[i] == '\n' || text[i - 1] == '\n' ||
	    comment_blank((unsigned char)text[i - 1]))
		return 0;
	p = char_start_before(text, i);
	if (text[i] != ' ') {
		if (comment_blank((unsigned char)text[i]) || comment_char_width(text, n, p) != 2 ||
		    comment_char_width(text, n, i) != 2)
			return 0;
		return cjk_wrap_ok(text, n, i) ? 3 : 0;
	}
	if (i + 1 >= n || comment_blank((unsigned char)text[i + 1]) || text[i + 1] == '\n')
		return 0;
	return comment_char_width(text, n, p) == 2 && comment_char_width(text, n, i + 1) == 2 ? 2 : 1;
}

/* Display width of the run of the comment from text[i] (its first
 * character always) to its next wrap place, line break or end. */
static int comment_run_width(const char *text, size_t n, size_t i)
{
	int w = 0;
	int l;
	while (i < n && text[i] != '\n') {
		w += comment_char_width(text, n, i);
		mt_utf8(text + i, n - i, &l);
		i += (size_t)l;
		if (comment_break(text, n, i))
			break;
	}
	return w;
}

/*
 * A comment, as "{ text }" wrapped at the fill width by the rules that
 * tidy_comment() undoes: its own line breaks are doubled, soft wraps take
 * the place of a single space between words or go between two Chinese
 * characters outside a move (a word longer than a line stands alone on
 * its line), and no line ends in a space.  Text stays
 * two columns short of the width, room for the closing " }".  A brace inside
 * becomes the full-width one and other control characters a space: PGN
 * has no escape for them, and a warning says so.
 */
static void fill_comment(struct fill *f, const char *text)
{
	size_t n = strlen(text);
	int stand_ins = 0, w;

	w = 2 + comment_run_width(text, n, 0);
	if (f->glue_next) {
		f->glue_next = 0;
	} else if (f->col > 0) {
		if (f->col + 1 + w > f->width - 2)
			fill_newline(f);
		else {
			put(f, " ", 1);
			f->col++;
		}
	}
	put(f, "{ ", 2);
	f->col += 2;
	for (size_t i = 0; i < n;) {
		const char *out;
		size_t outlen;
		int si;

		if (text[i] == '\n') {
			/* k line breaks of the text are k + 1 in the file */
			fill_newline(f);
			while (i < n && text[i] == '\n') {
				fill_newline(f);
				i++;
			}
			continue;
		}
		int wrap = comment_break(text, n, i);
		if (wrap == 3 && f->col + comment_run_width(text, n, i) > f->width - 2)
			fill_newline(f);
		if (wrap == 1 || wrap == 2) {
			w = comment_run_width(text, n, i + 1);
			if (f->col + 1 + w > f->width - 2) {
				fill_newline(f);
				if (wrap == 2) {
					put(f, " ", 1);
					f->col++;
				}
			} else {
				put(f, " ", 1);
				f->col++;
			}
			i++;
			continue;
		}
		i += (size_t)comment_char(text, n, i, &out, &outlen, &si);
		stand_ins += si;
		put(f, out, outlen);
		f->col += xq_text_width(out, outlen);
	}
	put(f, " }", 2);
	f->col += 2;
	if (stand_ins)
		xq_writer_problem(f->w, f->g, XQ_SEV_WARNING, XQ_P_ENCODING,
				  "a comment holds %d character%s PGN cannot write ('}' or a control "
				  "character), written as '｝' or a space: '%.40s'",
				  stand_ins, stand_ins == 1 ? "" : "s", text);
}

static void nag_token(struct fill *f, int nag)
{
	static const char *const marks[] = { "", "!", "?", "!!", "??", "!?", "?!" };
	char buf[8];
	if (nag >= 1 && nag <= 6) {
		fill_token(f, marks[nag], strlen(marks[nag]), 1);
		return;
	}
	snprintf(buf, sizeof buf, "$%d", nag);
	fill_token(f, buf, strlen(buf), 0);
}

/* The text of a line that could not be played, its variations too (built
 * from the walk's unplayed steps), as a comment: kept means kept. */
static void flush_unplayable(struct fill *f, struct xq__buf *b)
{
	if (b->oom)
		f->rc = XQ_ENOMEM;
	else
		fill_comment(f, b->p);
	xq__buf_free(b);
}

struct wctx {
	struct fill *f;
	enum xq_notation n;
	unsigned nflags;
	int variations, comments;
	int start_full;
	int first;                     /* 1 when Black moves first */
	int need_number;               /* the next move gets its number */
	const struct xq_node *cut;     /* unplayable: its variations are left out */
	struct xq__buf bad;            /* its text, until the walk is past it */
};

/* One step of the written-order walk: a move with its number, marks and
 * comments, or a parenthesis around a variation. */
static int write_step(void *data, const struct xq_walk_step *s)
{
	struct wctx *c = data;
	const struct xq_node *n = s->node;
	char buf[XQ_MOVE_TEXT_MAX + 24];
	int len;

	if (s->flags & XQ_STEP_UNPLAYED) {
		xq__mt_unplayed_step(&c->bad, s);
		return XQ_WALK_NEXT;
	}
	if (c->bad.p)
		flush_unplayable(c->f, &c->bad);
	if (s->flags & XQ_STEP_TOO_DEEP)
		return XQ_WALK_NEXT;
	if (s->flags & XQ_STEP_ENTER) {
		if (!c->variations || n->parent->child == c->cut)
			return XQ_WALK_SKIP;
		/* room for "(", a move number and a move, so that the
		 * parenthesis does not end a line alone */
		fill_reserve(c->f, 16);
		fill_token(c->f, "(", 1, 0);
		c->f->glue_next = 1;
		c->need_number = 1;
		return XQ_WALK_NEXT;
	}
	if (s->flags & XQ_STEP_LEAVE) {
		fill_token(c->f, ")", 1, 1);
		c->need_number = 1;
		return XQ_WALK_NEXT;
	}
	/* the formatter tests legality: once a move, not twice */
	len = !s->after ? XQ_EILLEGAL :
	      xq_move_format(s->before, n->move, c->n, c->nflags, buf, sizeof buf);
	if (len == XQ_EILLEGAL) {
		/* the text below it comes as unplayed steps */
		xq__mt_unplayed_start(&c->bad, n);
		c->cut = n;
		return s->after ? XQ_WALK_SKIP : XQ_WALK_NEXT;
	}
	if (c->comments && n->comment_before) {
		fill_comment(c->f, n->comment_before);
		c->need_number = 1;
	}
	int ply_index = c->first + s->ply - 1;
	int moveno = c->start_full + ply_index / 2, numlen = 0;
	char numbuf[24];
	if (s->before->side == XQ_RED || c->need_number) {
		/* "12." or "12...", without printf: once a move */
		char digits[12];
		int nd = 0;
		unsigned v = moveno > 0 ? (unsigned)moveno : 0;
		do
			digits[nd++] = (char)('0' + v % 10);
		while ((v /= 10) && nd < (int)sizeof digits);
		while (nd)
			numbuf[numlen++] = digits[--nd];
		memcpy(numbuf + numlen, "...", 3);
		numlen += s->before->side == XQ_RED ? 1 : 3;
		numbuf[numlen] = '\0';
	}
	c->need_number = 0;
	if (len < 0) {
		/* cannot happen for a legal move; keep ICCS then */
		char iccs[5];
		xq_move_iccs(n->move, iccs);
		memcpy(buf, iccs, 5);
		len = 4;
	}
	/* the marks glued to the move ("!?") go on its line */
	int marks = 0;
	for (int i = 0; i < n->nnags; i++)
		if (n->nags[i] >= 1 && n->nags[i] <= 6)
			marks += n->nags[i] <= 2 ? 1 : 2;
	if (numlen) {
		/* keep the number with its move */
		fill_reserve(c->f, numlen + 1 + xq_text_width(buf, (size_t)len) + marks);
		fill_token(c->f, numbuf, (size_t)numlen, 0);
	} else {
		fill_reserve(c->f, xq_text_width(buf, (size_t)len) + marks);
	}
	fill_token(c->f, buf, (size_t)len, 0);
	for (int i = 0; i < n->nnags; i++)
		nag_token(c->f, n->nags[i]);
	if (c->comments && n->comment) {
		fill_comment(c->f, n->comment);
		c->need_number = 1;
	}
	return XQ_WALK_NEXT;
}

/* The replayed main line and variations, by PGN's movetext rules. */
static int write_moves(struct fill *f, const struct xq_game *g,
		       enum xq_notation n, unsigned nflags, int variations,
		       int comments)
{
	struct wctx c = { f, n, nflags, variations, comments, 1, 0, 1, NULL, { 0 } };
	int rc;
	f->g = g;
	/* ply_index counts from Red's move of move 1: a Black start is 1 */
	c.first = g->start.side == XQ_BLACK ? 1 : 0;
	if (comments && g->root.comment)
		fill_comment(f, g->root.comment);
	if (g->start.fullmove > 1 && g->start.fullmove < 10000)
		c.start_full = g->start.fullmove;
	rc = xq_game_walk_mode(g, XQ_WALK_WRITTEN | XQ_WALK_UNPLAYED, write_step, &c);
	if (c.bad.p)
		flush_unplayable(f, &c.bad);
	if (rc < 0 && !f->rc)
		f->rc = rc;
	return f->rc;
}

/* --------------------------------------------------------------- writer */

static const char *const roster[] = {
	"Event", "Site", "Date", "Round", "Red", "Black",
};

static void put_tag(struct xq_writer *w, const char *name, const char *value)
{
	xq_writer_put(w, "[", 1);
	for (const char *p = name; *p; p++) {
		unsigned char c = (unsigned char)*p;
		/* a name that would not read back as one name */
		xq_writer_put(w, c <= ' ' || c == '[' || c == ']' || c == '"' || c == 0x7f ? "_" : p, 1);
	}
	if (!*name)
		xq_writer_put(w, "_", 1);
	xq_writer_put(w, " \"", 2);
	for (const char *p = value; *p; p++) {
		if (*p == '"' || *p == '\\')
			xq_writer_put(w, "\\", 1);
		if (*p == '\n' || *p == '\r' || *p == '\t')
			xq_writer_put(w, " ", 1);
		else
			xq_writer_put(w, p, 1);
	}
	xq_writer_put(w, "\"]", 2);
	xq_writer_newline(w);
}

static int is_skipped_tag(const char *name)
{
	static const char *const skip[] = {
		"Game", "Format", "FEN", "Result", "Event", "Site", "Date",
		"Round", "Red", "Black",
	};
	for (size_t i = 0; i < sizeof skip / sizeof *skip; i++)
		if (!xq__ascii_casecmp(skip[i], name))
			return 1;
	return 0;
}

static int pgn_write(struct xq_writer *w, const struct xq_game *g)
{
	const struct xq_writer_opts *o = xq_writer_options(w);
	enum xq_notation n = o->notation ? o->notation : XQ_NOTATION_CHINESE;
	const char *result = xq__mt_game_result(g);
	struct fill f;

	if (!(g->flags & XQ_GAME_REPLAYED))
		return XQ_EINVAL;
	put_tag(w, "Game", "Chinese Chess");
	for (size_t i = 0; i < sizeof roster / sizeof *roster; i++) {
		const char *v = xq_game_tag(g, roster[i]);
		if (v)
			put_tag(w, roster[i], v);
		else if (i == 4 || i == 5)
			put_tag(w, roster[i], "?");
	}
	put_tag(w, "Result", result);
	for (const struct xq_tag *t = g->tags; t; t = t->next)
		if (!is_skipped_tag(t->name))
			put_tag(w, t->name, t->value);
	if (g->flags & XQ_GAME_BAD_FEN) {
		/* kept as it was (--keep-broken): the reader reports it again */
		const char *fen = xq_game_tag(g, "FEN");
		if (fen)
			put_tag(w, "FEN", fen);
	} else if (g->flags & XQ_GAME_SETUP) {
		put_tag(w, "FEN", g->start_fen);
	}
	put_tag(w, "Format", xq__notation_tag(n));
	xq_writer_newline(w);
	fill_init(&f, w, 80);
	write_moves(&f, g, n, o->notation_flags,
		       !(o->flags & XQ_WRITE_NO_VARIATIONS),
		       !(o->flags & XQ_WRITE_NO_COMMENTS));
	fill_token(&f, result, strlen(result), 0);
	fill_newline(&f);
	xq_writer_newline(w);
	return f.rc;
}

const struct xq_format xq_format_pgn = {
	.name = "pgn",
	.extensions = "pgn",
	.description = "xiangqi PGN (xqbase and the common dialects), any notation",
	.flags = 0,
	.sniff = pgn_sniff,
	.read = pgn_read,
	.read_end = xq__mt_read_end,
	.write = pgn_write,
	.write_end = NULL,
	.game_start = pgn_game_start,
};
