/*
 * uci.c - the text of the UCI and UCCI engine protocols: commands
 * formatted, engine lines parsed, coordinate dialects, detection.  No I/O:
 * the process is run by lib/engine_process.c.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ascii.h"
#include "xq.h"

/* ----------------------------------------------------------- dialects */

static const struct {
	const char *name;
	enum xq_uci_dialect d;
} dialect_names[] = {
	{ "auto", XQ_UCI_AUTO },
	{ "uci", XQ_UCI_PIKAFISH },
	{ "fsf", XQ_UCI_FSF },
	{ "ucci", XQ_UCI_UCCI },
	{ "pikafish", XQ_UCI_PIKAFISH },
	{ "uci10", XQ_UCI_FSF },
	{ "fairy-stockfish", XQ_UCI_FSF },
	{ "elephanteye", XQ_UCI_UCCI },
};

const char *xq_uci_dialect_name(enum xq_uci_dialect d)
{
	for (size_t i = 0; i < sizeof dialect_names / sizeof dialect_names[0]; i++)
		if (dialect_names[i].d == d)
			return dialect_names[i].name;
	return "?";
}

int xq_uci_dialect_from_name(const char *name, enum xq_uci_dialect *d)
{
	for (size_t i = 0; i < sizeof dialect_names / sizeof dialect_names[0]; i++)
		if (!xq__ascii_casecmp(name, dialect_names[i].name)) {
			*d = dialect_names[i].d;
			return 0;
		}
	return XQ_EINVAL;
}

/* --------------------------------------------------------------- tokens */

struct toks {
	const char *p, *end;
	const char *tok;   /* current token */
	size_t len;
};

static int next_tok(struct toks *t)
{
	while (t->p < t->end && isspace((unsigned char)*t->p))
		t->p++;
	if (t->p >= t->end)
		return 0;
	t->tok = t->p;
	while (t->p < t->end && !isspace((unsigned char)*t->p))
		t->p++;
	t->len = (size_t)(t->p - t->tok);
	return 1;
}

static int is(const struct toks *t, const char *word)
{
	size_t n = strlen(word);
	return t->len == n && !memcmp(t->tok, word, n);
}

/* The rest of the line after the current token, blanks trimmed. */
static void rest(struct toks *t, char *out, size_t size)
{
	const char *a = t->p, *b = t->end;
	while (a < b && isspace((unsigned char)*a))
		a++;
	while (b > a && isspace((unsigned char)b[-1]))
		b--;
	size_t n = (size_t)(b - a);
	if (n >= size)
		n = size - 1;
	memcpy(out, a, n);
	out[n] = '\0';
	t->p = t->end;
}

static void copy_tok(const struct toks *t, char *out, size_t size)
{
	size_t n = t->len < size - 1 ? t->len : size - 1;
	memcpy(out, t->tok, n);
	out[n] = '\0';
}

/* A whole decimal number (optionally signed) in the current token. */
static int tok_number(const struct toks *t, long long *v)
{
	char buf[32], *e;
	if (t->len == 0 || t->len >= sizeof buf)
		return -1;
	memcpy(buf, t->tok, t->len);
	buf[t->len] = '\0';
	long long x = strtoll(buf, &e, 10);
	if (*e || e == buf)
		return -1;
	*v = x;
	return 0;
}

static enum xq_uci_kind bad(struct xq_uci_msg *m, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static enum xq_uci_kind bad(struct xq_uci_msg *m, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(m->text, sizeof m->text, fmt, ap);
	va_end(ap);
	return m->kind = XQ_UCI_BAD;
}

/* Whether the token could be a move in coordinates (any dialect). */
static int looks_like_move(const struct toks *t)
{
	const char *s = t->tok;
	size_t i = 0, n = t->len;
	for (int half = 0; half < 2; half++) {
		if (i >= n || s[i] < 'a' || s[i] > 'i')
			return 0;
		i++;
		if (i >= n || !isdigit((unsigned char)s[i]))
			return 0;
		i++;
		if (i < n && isdigit((unsigned char)s[i]))
			i++;
	}
	return i == n;
}

/* ------------------------------------------------------------ parsing */

static enum xq_uci_kind parse_option(struct toks *t, struct xq_uci_msg *m)
{
	/* option name N... type T [default D...] [min x] [max y] [var V]...:
	 * names and defaults may hold blanks; UCCI may leave "name" out */
	enum { NONE, NAME, TYPE, DEFAULT, VAR, OTHER } field = NONE;
	size_t nlen = 0, dlen = 0;
	int have_name = 0;
	while (next_tok(t)) {
		if (is(t, "name")) { field = NAME; have_name = 1; continue; }
		if (is(t, "type")) { field = TYPE; continue; }
		if (is(t, "default")) { field = DEFAULT; continue; }
		if (is(t, "var")) { field = VAR; continue; }
		if (is(t, "min") || is(t, "max")) { field = OTHER; continue; }
		switch (field) {
		case NONE:  /* UCCI: "option usemillisec type check" */
			field = NAME;
			have_name = 1;
			/* fall through */
		case NAME:
			if (nlen && nlen + 1 < sizeof m->text)
				m->text[nlen++] = ' ';
			for (size_t i = 0; i < t->len && nlen + 1 < sizeof m->text; i++)
				m->text[nlen++] = t->tok[i];
			m->text[nlen] = '\0';
			break;
		case TYPE:
			copy_tok(t, m->opt_type, sizeof m->opt_type);
			field = OTHER;
			break;
		case DEFAULT:
			if (dlen && dlen + 1 < sizeof m->opt_default)
				m->opt_default[dlen++] = ' ';
			for (size_t i = 0; i < t->len && dlen + 1 < sizeof m->opt_default; i++)
				m->opt_default[dlen++] = t->tok[i];
			m->opt_default[dlen] = '\0';
			break;
		case VAR:
			if (t->len == 7 && xq__ascii_ieq(t->tok, "xiangqi", 7))
				m->opt_xiangqi = 1;
			else
				m->opt_others = 1;
			break;
		case OTHER:
			break;
		}
	}
	if (!have_name || !nlen)
		return bad(m, "option without a name");
	return m->kind = XQ_UCI_OPTION;
}

static enum xq_uci_kind parse_info(struct toks *t, enum xq_uci_dialect d,
				   struct xq_uci_msg *m)
{
	long long v;
	while (next_tok(t)) {
		if (is(t, "string")) {
			rest(t, m->text, sizeof m->text);
			m->has |= XQ_UCI_HAS_STRING;
			break;
		}
		if (is(t, "depth") || is(t, "seldepth") || is(t, "multipv") ||
		    is(t, "nodes") || is(t, "time")) {
			const char *what = t->tok;
			size_t wl = t->len;
			if (!next_tok(t) || tok_number(t, &v) < 0 || v < 0)
				return bad(m, "info %.*s needs a number", (int)wl, what);
			if (wl == 5 && !memcmp(what, "depth", 5)) {
				m->depth = v > 10000 ? 10000 : (int)v;
				m->has |= XQ_UCI_HAS_DEPTH;
			} else if (wl == 8 && !memcmp(what, "seldepth", 8)) {
				m->seldepth = v > 10000 ? 10000 : (int)v;
				m->has |= XQ_UCI_HAS_SELDEPTH;
			} else if (wl == 7) {
				m->multipv = v > 1000 ? 1000 : (int)v;
				m->has |= XQ_UCI_HAS_MULTIPV;
			} else if (wl == 5) {
				m->nodes = (uint64_t)v;
				m->has |= XQ_UCI_HAS_NODES;
			} else {
				m->time_ms = v;
				m->has |= XQ_UCI_HAS_TIME;
			}
			continue;
		}
		if (is(t, "score")) {
			int mate = 0, have = 0;
			/* score [cp N | mate N | N] [lowerbound | upperbound] */
			while (next_tok(t)) {
				if (is(t, "cp")) continue;
				if (is(t, "mate")) { mate = 1; continue; }
				if (is(t, "lowerbound")) { m->bound = 1; continue; }
				if (is(t, "upperbound")) { m->bound = -1; continue; }
				if (have || tok_number(t, &v) < 0) {
					t->p = t->tok;  /* not ours: give it back */
					break;
				}
				have = 1;
				if (mate) {
					if (v > 500) v = 500;
					if (v < -500) v = -500;
					m->score = v > 0 ? XQ_SCORE_MATE - (int)(2 * v - 1)
						: -(XQ_SCORE_MATE - (int)(-2 * v));
				} else if (d == XQ_UCI_UCCI && (v > 9800 || v < -9800)) {
					/* mate in 10000 - |v| plies; past 10000 is mate now */
					int n = v > 10000 || v < -10000 ? 0 :
						(int)(10000 - (v < 0 ? -v : v));
					if (n < 0)
						n = 0;
					m->score = v > 0 ? XQ_SCORE_MATE - n : -(XQ_SCORE_MATE - n);
				} else {
					if (v > XQ_SCORE_MATE - 1001) v = XQ_SCORE_MATE - 1001;
					if (v < -(XQ_SCORE_MATE - 1001)) v = -(XQ_SCORE_MATE - 1001);
					m->score = (int)v;
				}
			}
			if (!have)
				return bad(m, "info score needs a number");
			m->has |= XQ_UCI_HAS_SCORE;
			continue;
		}
		if (is(t, "pv")) {
			m->has |= XQ_UCI_HAS_PV;
			while (next_tok(t)) {
				if (!looks_like_move(t)) {
					t->p = t->tok;
					break;
				}
				if (m->npv < XQ_MAX_PV)
					copy_tok(t, m->pv[m->npv++], XQ_UCI_MOVE_MAX);
			}
			continue;
		}
		/* nps, hashfull, tbhits, currmove, ...: skipped with their
		 * argument when it is a number or a move */
	}
	return m->kind = XQ_UCI_INFO;
}

enum xq_uci_kind xq_uci_parse(const char *line, size_t len, enum xq_uci_dialect d,
			      struct xq_uci_msg *m)
{
	struct toks t = { line, line + len, NULL, 0 };
	memset(m, 0, sizeof *m);
	if (!next_tok(&t))
		return m->kind = XQ_UCI_EMPTY;
	if (is(&t, "id")) {
		if (!next_tok(&t))
			return bad(m, "id without a field");
		if (is(&t, "name"))
			m->kind = XQ_UCI_ID_NAME;
		else if (is(&t, "author"))
			m->kind = XQ_UCI_ID_AUTHOR;
		else
			return m->kind = XQ_UCI_UNKNOWN;
		rest(&t, m->text, sizeof m->text);
		return m->kind;
	}
	if (is(&t, "uciok") || is(&t, "ucciok")) {
		copy_tok(&t, m->text, sizeof m->text);
		return m->kind = XQ_UCI_UCIOK;
	}
	if (is(&t, "readyok"))
		return m->kind = XQ_UCI_READYOK;
	if (is(&t, "nobestmove"))
		return m->kind = XQ_UCI_NOBESTMOVE;
	if (is(&t, "option"))
		return parse_option(&t, m);
	if (is(&t, "info"))
		return parse_info(&t, d, m);
	if (is(&t, "bestmove")) {
		if (!next_tok(&t))
			return bad(m, "bestmove without a move");
		if (is(&t, "(none)") || is(&t, "0000") || is(&t, "none"))
			return m->kind = XQ_UCI_NOBESTMOVE;
		if (!looks_like_move(&t))
			return bad(m, "bestmove '%.*s' is no move", (int)(t.len > 40 ? 40 : t.len), t.tok);
		copy_tok(&t, m->best, sizeof m->best);
		if (next_tok(&t) && is(&t, "ponder") && next_tok(&t) && looks_like_move(&t))
			copy_tok(&t, m->ponder, sizeof m->ponder);
		return m->kind = XQ_UCI_BESTMOVE;
	}
	return m->kind = XQ_UCI_UNKNOWN;
}

static int contains_ci(const char *hay, const char *needle)
{
	size_t n = strlen(needle);
	for (; *hay; hay++)
		if (xq__ascii_ieq(hay, needle, n))
			return 1;
	return 0;
}

/* text begins with the word w (xqengine's "id name xqengine 1.2"). */
static int is_word_ci(const char *text, const char *w)
{
	size_t n = strlen(w);
	return xq__ascii_ieq(text, w, n) && (text[n] == '\0' || text[n] == ' ');
}

void xq_uci_detect(enum xq_uci_dialect *guess, const struct xq_uci_msg *m)
{
	switch (m->kind) {
	case XQ_UCI_ID_NAME:
		if (contains_ci(m->text, "fairy-stockfish") || contains_ci(m->text, "fairy stockfish"))
			*guess = XQ_UCI_FSF;
		else if (contains_ci(m->text, "pikafish") || is_word_ci(m->text, "xqengine"))
			*guess = XQ_UCI_PIKAFISH;
		else if (contains_ci(m->text, "elephanteye") || contains_ci(m->text, "elephant eye"))
			*guess = XQ_UCI_UCCI;
		break;
	case XQ_UCI_UCIOK:
		if (!strcmp(m->text, "ucciok"))
			*guess = XQ_UCI_UCCI;
		break;
	case XQ_UCI_OPTION:
		/* a default other than xiangqi also means several variants */
		if (!xq__ascii_casecmp(m->text, "UCI_Variant") && m->opt_xiangqi &&
		    (m->opt_others || (m->opt_default[0] && xq__ascii_casecmp(m->opt_default, "xiangqi"))) &&
		    *guess == XQ_UCI_AUTO)
			*guess = XQ_UCI_FSF;
		break;
	default:
		break;
	}
}

/* ---------------------------------------------------------------- moves */

int xq_uci_move_text(xq_move m, enum xq_uci_dialect d, char *out)
{
	int add = d == XQ_UCI_FSF;
	int f = xq_move_from(m), t = xq_move_to(m);
	return snprintf(out, XQ_UCI_MOVE_MAX, "%c%d%c%d", 'a' + XQ_FILE(f), XQ_RANK(f) + add,
			'a' + XQ_FILE(t), XQ_RANK(t) + add);
}

/* One square "e3" / "e10" from *s; -1 when none. */
static int parse_square(const char **s, int add)
{
	const char *p = *s;
	if (*p < 'a' || *p > 'i')
		return -1;
	int file = *p++ - 'a';
	if (!isdigit((unsigned char)*p))
		return -1;
	int rank = *p++ - '0';
	if (isdigit((unsigned char)*p)) {
		if (rank == 0)  /* "e02" is no square */
			return -1;
		rank = rank * 10 + (*p++ - '0');
	}
	rank -= add;
	if (rank < 0 || rank > 9)
		return -1;
	*s = p;
	return XQ_SQ(file, rank);
}

int xq_uci_move_parse(const struct xq_pos *pos, const char *text,
		      enum xq_uci_dialect d, xq_move *out)
{
	const char *p = text;
	int add = d == XQ_UCI_FSF;
	int from = parse_square(&p, add);
	int to = from < 0 ? -1 : parse_square(&p, add);
	if (to < 0 || *p || from == to)
		return XQ_EINVAL;
	xq_move m = xq_move_make(from, to);
	if (!xq_is_legal(pos, m))
		return XQ_EILLEGAL;
	*out = m;
	return 0;
}

/* ------------------------------------------------------------- commands */

struct out {
	char *buf;
	size_t size, len;
};

static void put(struct out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(struct out *o, const char *fmt, ...)
{
	va_list ap;
	char *at = o->len < o->size ? o->buf + o->len : NULL;
	size_t room = o->len < o->size ? o->size - o->len : 0;
	va_start(ap, fmt);
	int n = vsnprintf(at, room, fmt, ap);
	va_end(ap);
	if (n > 0)
		o->len += (size_t)n;
}

static int finish(struct out *o)
{
	if (o->size && o->len >= o->size)
		o->buf[o->size - 1] = '\0';
	return o->len > 0x7fffffff ? XQ_ERANGE : (int)o->len;
}

/* Text from the user or a record must not smuggle a second command. */
static int one_line(const char *s)
{
	for (; s && *s; s++)
		if (*s == '\n' || *s == '\r')
			return 0;
	return 1;
}

int xq_uci_position(char *buf, size_t size, enum xq_uci_dialect d,
		    const char *fen, const xq_move *moves, int nmoves)
{
	struct out o = { buf, size, 0 };
	if (!one_line(fen) || nmoves < 0)
		return XQ_EINVAL;
	if (fen)
		put(&o, "position fen %s", fen);
	else
		put(&o, "position startpos");
	if (nmoves > 0)
		put(&o, " moves");
	for (int i = 0; i < nmoves; i++) {
		char mv[XQ_UCI_MOVE_MAX];
		if (moves[i] == XQ_MOVE_NONE)
			return XQ_EINVAL;
		xq_uci_move_text(moves[i], d, mv);
		put(&o, " %s", mv);
	}
	put(&o, "\n");
	return finish(&o);
}

int xq_uci_go(char *buf, size_t size, enum xq_uci_dialect d,
	      const struct xq_search_limits *lim)
{
	struct out o = { buf, size, 0 };
	if (lim->depth < 0 || lim->movetime_ms < 0 ||
	    (!lim->depth && !lim->nodes && !lim->movetime_ms) ||
	    (lim->nsearchmoves > 0 && (d == XQ_UCI_UCCI || !lim->searchmoves)))
		return XQ_EINVAL;
	put(&o, "go");
	if (d == XQ_UCI_UCCI) {
		if (lim->depth)
			put(&o, " depth %d", lim->depth);
		else if (lim->nodes)
			put(&o, " nodes %llu", (unsigned long long)lim->nodes);
		else
			put(&o, " time %lld movestogo 1", (long long)lim->movetime_ms);
	} else {
		if (lim->depth)
			put(&o, " depth %d", lim->depth);
		if (lim->nodes)
			put(&o, " nodes %llu", (unsigned long long)lim->nodes);
		if (lim->movetime_ms)
			put(&o, " movetime %lld", (long long)lim->movetime_ms);
		if (lim->nsearchmoves > 0)
			put(&o, " searchmoves");
		for (int i = 0; i < lim->nsearchmoves; i++) {
			char m[XQ_UCI_MOVE_MAX];
			xq_uci_move_text(lim->searchmoves[i], d, m);
			put(&o, " %s", m);
		}
	}
	put(&o, "\n");
	return finish(&o);
}

int xq_uci_setoption(char *buf, size_t size, enum xq_uci_dialect d,
		     const char *name, const char *value)
{
	struct out o = { buf, size, 0 };
	if (!name || !*name || !one_line(name) || !one_line(value))
		return XQ_EINVAL;
	if (d == XQ_UCI_UCCI)
		put(&o, "setoption %s%s%s\n", name, value ? " " : "", value ? value : "");
	else if (value)
		put(&o, "setoption name %s value %s\n", name, value);
	else
		put(&o, "setoption name %s\n", name);
	return finish(&o);
}
