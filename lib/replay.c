/*
 * replay.c - walk a game's tree, resolve every move text to a legal move
 * and say exactly what is wrong where: illegal, ambiguous or unknown
 * moves, moves after mate or stalemate, the side to move of the FEN
 * against the first move, a result that contradicts a final mate.
 *
 * Move texts are read with xq_move_parse() (any notation); ICCS is read
 * here directly (it needs no position and is the bulk of big databases),
 * and WinBoard SAN ("Che2", "Cxe3+", [Variant "xiangqi"]) is resolved here
 * against the legal moves as a last resort.  One walk (lib/walk.c) goes
 * over the tree; a stretch of a line without alternatives it plays by the
 * run (xq__replay_run, below): each move tested and made in one step over
 * the board and its lines.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "ascii.h"
#include "board.h"
#include "movegen.h"
#include "notation_impl.h"
#include "replay.h"
#include "trymove.h"
#include "walk.h"
#include "xq.h"

/*
 * The run: a stretch of a line, each move tested and made in one step
 * over the board and its lines, for as long as the moves are ICCS or the
 * common shapes of Chinese and WXF moves, or UCI with ranks 1..10 in a
 * game that says so (xq__replay_run).
 */
/* ICCS characters to padded-board offsets by table (ISQ()): a file
 * letter either case to its column, a rank digit to its row times 16;
 * 0 for any other byte (no point has column or row 0). */
#define FL(c, f) [c] = (f) + 3, [(c) - 'a' + 'A'] = (f) + 3
static const uint8_t iccs_file[256] = {
	FL('a', 0), FL('b', 1), FL('c', 2), FL('d', 3), FL('e', 4), FL('f', 5),
	FL('g', 6), FL('h', 7), FL('i', 8),
};
#undef FL
#define RK(r) ['0' + (r)] = ((r) + 3) * 16
static const uint8_t iccs_rank[256] = {
	RK(0), RK(1), RK(2), RK(3), RK(4), RK(5), RK(6), RK(7), RK(8), RK(9),
};
#undef RK

/* An ICCS text ending in its NUL, each letter either case, with or
 * without a dash between the points ("h2e2", "H2E2", "H2-E2", "h2-e2":
 * replay.c's parse_iccs() without strlen): 1 with its points in *from and
 * *to, or 0. */
static inline int quick_iccs(const char *s, unsigned *from, unsigned *to)
{
	const unsigned char *u = (const unsigned char *)s;
	unsigned f1, r1, f2, r2, dash;
	/* in order: each test stops at the NUL before the next read */
	if (!(f1 = iccs_file[u[0]]) || !(r1 = iccs_rank[u[1]]))
		return 0;
	dash = u[2] == '-';
	u += dash;
	if (!(f2 = iccs_file[u[2]]) || !(r2 = iccs_rank[u[3]]) || u[4])
		return 0;
	*from = r1 + f1;
	*to = r2 + f2;
	return 1;
}

/* A UCI text with ranks 1..10 ("h3e3", "h10g8", "H3-E3": [Format
 * "UCI10"]), as quick_iccs() reads ICCS: 1 with its points in *from and
 * *to, or 0 (marks after it are left to resolve()). */
static inline int quick_uci10(const char *s, unsigned *from, unsigned *to)
{
	const unsigned char *u = (const unsigned char *)s;
	unsigned f1, r1, f2, r2, ten;

	/* a digit d is ICCS rank d - 1 ('0' lands on no rank); "10" is 9 */
	if (!(f1 = iccs_file[u[0]]))
		return 0;
	ten = u[1] == '1' && u[2] == '0';
	if (!(r1 = ten ? iccs_rank['9'] : iccs_rank[(uint8_t)(u[1] - 1)]))
		return 0;
	u += ten;
	u += u[2] == '-';
	if (!(f2 = iccs_file[u[2]]))
		return 0;
	ten = u[3] == '1' && u[4] == '0';
	if (!(r2 = ten ? iccs_rank['9'] : iccs_rank[(uint8_t)(u[3] - 1)]) || u[4 + ten])
		return 0;
	*from = r1 + f1;
	*to = r2 + f2;
	return 1;
}

/* What the judge (lib/rules.c) and the searches need of a move replay
 * played, kept in its node: the key after it, what it took (cap: the
 * board value on its destination before), whether it gives check; a
 * played move is not bad. */
static inline void mark_played(struct xq_node *n, uint64_t key, int check, unsigned cap)
{
	n->key = key;
	n->taken = cap ? (uint8_t)piece_type((uint8_t)cap) : XQ_NONE;
	n->flags = (uint8_t)((n->flags & ~(XQ_NODE_BAD | XQ_NODE_CHECK | XQ_NODE_CAPTURE)) |
			     XQ_NODE_PLAYED | (check ? XQ_NODE_CHECK : 0) |
			     (cap ? XQ_NODE_CAPTURE : 0));
}


/*
 * Replay's run, each move tested and made in one (see replay.h): the
 * move is put on the board first, so that the tests read the board as it
 * stands (no "as if" reads), and it is tried by xq_is_legal()'s test
 * (try_move(), trymove.h) reading the board's lines (struct occ, LINES)
 * where xq_is_legal() scans, and its check by xq_make()'s test reading a
 * king's rays only where an enemy chariot or cannon stands on them
 * (move_attacks()).  An illegal move is taken back off the board.  Key,
 * side, counters and check stay in registers over the run and go to pos
 * at its end.
 */
static inline __attribute__((always_inline))
struct xq_node *run(struct xq_pos *pos, struct xq_node *n, int *plies, struct xq_node **last,
		    const unsigned flags)
{
	uint8_t *b = pos->board;
	struct counters c = { pos->key, pos->side, pos->halfmove, pos->fullmove };
	unsigned check = pos->in_check;
	int played = 0, relative_first = 0;
	struct occ o;
	struct look w = { b, &o, 0, 0, 0 };
	/* holders: the rays from the king of the side to move that hold a
	 * chariot or cannon of the other side's, for the next move's test of
	 * its own king; worked out anew for the other king with each move
	 * (its check), which is the king to move at the next (a piece of
	 * those the move takes stays in: a ray too many is only read for
	 * nothing) */
	unsigned holders, from, to;

	/* a first move that only an ICCS reader could take and no ICCS
	 * reader takes (WinBoard's SAN): no run, so no lines drawn */
	if (n && !(flags & (XQ__RUN_RELATIVE | XQ__RUN_UCI10)) && n->move == XQ_MOVE_NONE &&
	    n->text && !quick_iccs(n->text, &from, &to))
		return n;
	holders = ray_holders(pos->sq_of + (pos->side ^ 1) * 16,
			      pos->sq_of[pos->side * 16 + SLOT_KING]);
	occ_init(&o, pos->sq_of);
	for (; n; n = n->child) {
		unsigned side = c.side, tag = SIDE_TAG(side), v, cap, k;

		if (n->next)
			break;
		if (__builtin_expect(n->move != XQ_MOVE_NONE, 0)) {
			/* a move given as points: any two of the padded board
			 * (a point off the board holds no piece of the side, or
			 * is no destination of any step: refused below) */
			from = MOVE_FROM(n->move);
			to = MOVE_TO(n->move);
		} else if (!n->text) {
			break;
		} else if (flags & XQ__RUN_UCI10) {
			/* what resolve() reads first in such a game */
			if (!quick_uci10(n->text, &from, &to))
				break;
		} else {
			/* ICCS, or the common Chinese and WXF shapes
			 * (xq__relative_quick_on, lib/notation.c); no text is
			 * both (an ICCS text's third character is a file letter
			 * or a dash and a fifth follows the dash; a relative
			 * move's is a direction, and it has four), so the
			 * reader that took the last move is tried first: a
			 * record keeps to one notation, and the branch on the
			 * kind of text is then foreseen */
			xq_move m = XQ_MOVE_NONE;
			if (relative_first) {
				m = xq__relative_quick_on(pos->sq_of + side * 16, (int)side, n->text);
				if (m == XQ_MOVE_NONE) {
					if (!quick_iccs(n->text, &from, &to))
						break;
					relative_first = 0;
				}
			} else if (!quick_iccs(n->text, &from, &to)) {
				if (flags & XQ__RUN_RELATIVE)
					m = xq__relative_quick_on(pos->sq_of + side * 16, (int)side,
								  n->text);
				if (m == XQ_MOVE_NONE)
					break;
				relative_first = 1;
			}
			if (m != XQ_MOVE_NONE) {
				from = MOVE_FROM(m);
				to = MOVE_TO(m);
			}
		}
		v = b[from];
		cap = b[to];
		if (!(v & tag) || (cap & tag))
			break;
		b[to] = (uint8_t)v;
		b[from] = 0;
		occ_clear(&o, from);
		occ_set(&o, to);
		w.from = from;
		w.to = to;
		if (!try_move(LINES, &w, pos->sq_of, side, v, cap, check, holders))
			goto illegal;
		k = pos->sq_of[(side ^ 1) * 16 + SLOT_KING];
		make_counted(&c, pos->sq_of, from, to, v, cap);
		holders = ray_holders(pos->sq_of + side * 16, k);
		check = (unsigned)move_attacks(LINES, &w, holders, near_role[v], k, (int)side);
		n->move = MOVE(from, to);
		mark_played(n, c.key, (int)check, cap);
		*last = n;
		played++;
#ifdef XQ_CHECK_POSITIONS
		put_counters(pos, &c);
		pos->in_check = (uint8_t)check;
		XQ_CHECK_POSITION(pos);
#endif
		continue;
illegal:
		/* (the lines are the run's own and end with it) */
		b[from] = (uint8_t)v;
		b[to] = (uint8_t)cap;
		break;
	}
	put_counters(pos, &c);
	pos->in_check = (uint8_t)check;
	*plies += played;
	return n;
}

/* (one loop for each set of flags, with no test of them in it) */
struct xq_node *xq__replay_run(struct xq_pos *pos, struct xq_node *n, int *plies,
			       struct xq_node **last, unsigned flags)
{
	if (flags & XQ__RUN_UCI10)
		return run(pos, n, plies, last, XQ__RUN_UCI10);
	if (flags & XQ__RUN_RELATIVE)
		return run(pos, n, plies, last, XQ__RUN_RELATIVE);
	return run(pos, n, plies, last, 0);
}

struct ctx {
	struct xq_game *g;
	const char *file;
	xq_problem_fn fn;
	void *data;
	int san_first;
	int san_base;       /* SAN ranks from 0 or 1; -1 not known yet; -2
			     * not looked for yet (san_rank_base) */
	int uci10;          /* [Format "UCI10"]: ranks 1-10 first */
	int depth_reported;
	unsigned run_flags;  /* what the run takes (xq__replay_run) */
	struct xq_pos end;  /* where the main line stopped */
	int end_plies, complete;
	/* bad moves followed by alternatives, to go after them (see
	 * bad_moves_last); main_bad: the one on the main line */
	struct xq_node **bad;
	size_t nbad, capbad;
	struct xq_node *main_bad;
	int nomem;
};

__attribute__((format(printf, 6, 7)))
static void problem(struct ctx *c, enum xq_severity sev,
		    enum xq_problem_code code, const struct xq_node *n, int ply,
		    const char *fmt, ...)
{
	char msg[600];
	struct xq_problem p;
	va_list ap;

	if (sev >= XQ_SEV_ERROR) {
		c->g->errors++;
		c->g->flags |= XQ_GAME_BROKEN;
	} else if (sev == XQ_SEV_WARNING) {
		c->g->warnings++;
	}
	if (!c->fn)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	p.severity = sev;
	p.code = code;
	p.file = c->file;
	p.game = c->g->index;
	p.line = n ? (long)n->line : c->g->line;
	p.col = n ? (long)n->col : 0;
	p.has_byte = n && (n->flags & XQ_NODE_AT_BYTE);
	p.byte = p.has_byte ? (long)n->byte : 0;
	p.ply = ply;
	p.text = n ? n->text : NULL;
	p.msg = msg;
	c->fn(c->data, &p);
}

/* ICCS "h2e2", "H2-E2": 1 with *m set, 0 when the text is not ICCS. */
static int parse_iccs(const char *s, size_t len, xq_move *m)
{
	int f1, r1, f2, r2;
	if (len == 5 && s[2] == '-') {
		char t[4] = { s[0], s[1], s[3], s[4] };
		return parse_iccs(t, 4, m);
	}
	if (len != 4)
		return 0;
	f1 = (s[0] | 0x20) - 'a';
	f2 = (s[2] | 0x20) - 'a';
	r1 = s[1] - '0';
	r2 = s[3] - '0';
	if (f1 < 0 || f1 > 8 || f2 < 0 || f2 > 8 || r1 < 0 || r1 > 9 || r2 < 0 || r2 > 9)
		return 0;
	*m = MOVE(ISQ(f1, r1), ISQ(f2, r2));
	return 1;
}

/* Full-width ASCII forms and U+3000 to ASCII; 1 when anything changed. */
static int narrow(const char *s, size_t len, char *out, size_t size)
{
	size_t o = 0;
	int changed = 0;
	for (size_t i = 0; i < len && o + 4 < size;) {
		const unsigned char *u = (const unsigned char *)s + i;
		if (i + 2 < len && u[0] == 0xef && (u[1] == 0xbc || u[1] == 0xbd)) {
			unsigned cp = 0xf000u | (u[1] & 0x3fu) << 6 | (u[2] & 0x3fu);
			if (cp >= 0xff01 && cp <= 0xff5e) {
				out[o++] = (char)(cp - 0xfee0);
				i += 3;
				changed = 1;
				continue;
			}
		}
		if (i + 2 < len && u[0] == 0xe3 && u[1] == 0x80 && u[2] == 0x80) {
			i += 3;
			changed = 1;
			continue;
		}
		out[o++] = s[i++];
	}
	out[o] = '\0';
	return changed;
}

static int san_piece(char ch)
{
	return xq_type_from_letter(ch); /* capitals only: b..i are files */
}

/*
 * SAN on the 9x10 board: [piece][file][rank][x]dest, as WinBoard writes it
 * (ranks 0-9, "Che2", "A9e8", "H8e7" with a rank as disambiguator) and as
 * PyChess.org does (ranks 1-10: "Rb10", "A10e9", "Cbe3").  base is the
 * number of the first rank (0 or 1).  Returns 0 with *m, XQ_EINVAL (not
 * SAN or no such move), XQ_EAMBIG.
 */
static int parse_san(const struct xq_pos *pos, const char *s, size_t len,
		     int base, xq_move *m)
{
	int type = XQ_PAWN, ff = -1, fr = -1, tf, tr, n, found = 0;
	xq_move moves[XQ_MAX_MOVES];
	size_t i = 0, e;

	while (len && (s[len - 1] == '+' || s[len - 1] == '#' ||
		       s[len - 1] == '!' || s[len - 1] == '?'))
		len--;
	if (len < 2 || len > 8)
		return XQ_EINVAL;
	if (san_piece(s[0])) {
		type = san_piece(s[0]);
		i = 1;
	}
	/* the destination: a file and one or (ranks 1-10) two digits */
	e = len;
	if (base == 1 && e >= 2 && s[e - 2] == '1' && s[e - 1] == '0') {
		tr = 9;
		e -= 2;
	} else {
		tr = s[e - 1] - '0' - base;
		e--;
	}
	if (e < i + 1 || tr < 0 || tr > 9 || s[e - 1] < 'a' || s[e - 1] > 'i')
		return XQ_EINVAL;
	tf = s[--e] - 'a';
	if (e > i && s[e - 1] == 'x')
		e--;
	/* the disambiguator: a file, a rank, or both */
	if (i < e && s[i] >= 'a' && s[i] <= 'i') {
		ff = s[i] - 'a';
		i++;
	}
	if (i < e && s[i] >= '0' && s[i] <= '9') {
		if (base == 1 && i + 2 == e && s[i] == '1' && s[i + 1] == '0') {
			fr = 9;
			i += 2;
		} else {
			fr = s[i++] - '0' - base;
			if (fr < 0)
				return XQ_EINVAL;
		}
	}
	if (i != e)
		return XQ_EINVAL;
	n = xq_legal_moves(pos, moves);
	for (int k = 0; k < n; k++) {
		int from = xq_move_from(moves[k]);
		if (xq_move_to(moves[k]) != XQ_SQ(tf, tr) ||
		    (int)xq_piece_type(pos, from) != type)
			continue;
		if ((ff >= 0 && XQ_FILE(from) != ff) || (fr >= 0 && XQ_RANK(from) != fr))
			continue;
		*m = moves[k];
		found++;
	}
	return found == 1 ? 0 : found ? XQ_EAMBIG : XQ_EINVAL;
}

/* SAN in the game's rank numbering; while it is unknown (san_base < 0),
 * both are tried and the one that alone fits settles it. */
static int san_rank_base(const struct xq_game *g);

static int resolve_san(struct ctx *c, const struct xq_pos *pos, const char *t,
		       size_t len, xq_move *out)
{
	xq_move m0, m1;
	int r0, r1;
	if (c->san_base == -2) /* looked for when first needed */
		c->san_base = san_rank_base(c->g);
	if (c->san_base >= 0)
		return parse_san(pos, t, len, c->san_base, out);
	r0 = parse_san(pos, t, len, 0, &m0);
	r1 = parse_san(pos, t, len, 1, &m1);
	if (r0 == 0 && r1 != 0)
		c->san_base = 0;
	else if (r1 == 0 && r0 != 0)
		c->san_base = 1;
	if (r0 == 0) {
		*out = m0;
		return 0;
	}
	if (r1 == 0) {
		*out = m1;
		return 0;
	}
	return r0 == XQ_EAMBIG || r1 == XQ_EAMBIG ? XQ_EAMBIG : XQ_EINVAL;
}

/* Resolve a node's text (or check its move): 0, or an XQ_E* code with
 * err filled. */
static int resolve(struct ctx *c, const struct xq_pos *pos,
		   const struct xq_node *n, xq_move *out, struct xq_err *err)
{
	const char *t = n->text;
	size_t len;
	int rc;

	err->msg[0] = '\0';
	if (n->move != XQ_MOVE_NONE) {
		/* the move as a format that stores squares gave it */
		int from = xq_move_from(n->move);
		if (xq_is_legal(pos, n->move)) {
			*out = n->move;
			return 0;
		}
		if (xq_piece_type(pos, from) == XQ_NONE)
			snprintf(err->msg, sizeof err->msg, "no piece on its from-square");
		else if (xq_piece_side(pos, from) != (enum xq_side)pos->side)
			snprintf(err->msg, sizeof err->msg, "it moves a %s piece on %s's turn",
				 xq__side_adjective(!pos->side), xq__side_adjective(pos->side));
		else
			snprintf(err->msg, sizeof err->msg, "not a legal move here");
		return XQ_EILLEGAL;
	}
	if (!t) {
		snprintf(err->msg, sizeof err->msg, "no move");
		return XQ_EINVAL;
	}
	len = strlen(t);
	if (c->uci10 && xq_move_parse(pos, t, len, XQ_NOTATION_UCI10, 0, out, err) == 0)
		return 0;
	if (parse_iccs(t, len, out)) {
		if (xq_is_legal(pos, *out))
			return 0;
		/* "A9e8", "H8e7": SAN with a rank as disambiguator, not ICCS */
		if (t[0] >= 'A' && t[0] <= 'Z' && san_piece(t[0]) && t[2] >= 'a' &&
		    resolve_san(c, pos, t, len, out) == 0)
			return 0;
		snprintf(err->msg, sizeof err->msg, "no legal move from %c%c to %c%c",
			 t[0] | 0x20, t[1], t[len - 2] | 0x20, t[len - 1]);
		return XQ_EILLEGAL;
	}
	if (c->san_first && resolve_san(c, pos, t, len, out) == 0)
		return 0;
	rc = xq_move_parse(pos, t, len, XQ_NOTATION_ANY, 0, out, err);
	if (rc == XQ_EINVAL) {
		char buf[128];
		struct xq_err e2;
		if (narrow(t, len, buf, sizeof buf)) {
			size_t bl = strlen(buf);
			if (parse_iccs(buf, bl, out))
				return xq_is_legal(pos, *out) ? 0 : XQ_EILLEGAL;
			int r2 = xq_move_parse(pos, buf, bl, XQ_NOTATION_ANY, 0, out, &e2);
			if (r2 == 0)
				return 0;
			if (r2 != XQ_EINVAL) {
				*err = e2;
				return r2;
			}
		}
		if (!c->san_first) {
			int r3 = resolve_san(c, pos, t, len, out);
			if (r3 == 0)
				return 0;
		}
	}
	return rc;
}

/* The SAN rank numbering a game's main line shows: 1 when a move names
 * rank 10 ("Rb10", "A10e9"), 0 when one names rank 0, -1 when none does. */
static int san_rank_base(const struct xq_game *g)
{
	for (const struct xq_node *n = g->root.child; n; n = n->child) {
		const char *t = n->text;
		size_t len;
		if (!t || t[0] < 'A' || t[0] > 'Z' || !san_piece(t[0]))
			continue;
		len = strlen(t);
		for (size_t i = 1; i + 1 < len; i++)
			if (t[i] >= 'a' && t[i] <= 'i' && t[i + 1] == '1' && i + 2 < len && t[i + 2] == '0')
				return 1;
		for (size_t i = 1; i < len; i++)
			if (t[i] == '1' && i + 1 < len && t[i + 1] == '0' && (i + 2 == len || t[i + 2] < '0' || t[i + 2] > '9'))
				return 1;
	}
	return -1;
}

static enum xq_notation classify(const char *t)
{
	size_t len;
	xq_move m;
	if (!t)
		return XQ_NOTATION_ANY;
	len = strlen(t);
	if (parse_iccs(t, len, &m))
		return XQ_NOTATION_ICCS;
	for (size_t i = 0; i < len; i++)
		if ((unsigned char)t[i] >= 0x80) {
			/* full-width WXF: EF BC xx */
			if ((unsigned char)t[i] == 0xef)
				return XQ_NOTATION_WXF;
			return XQ_NOTATION_CHINESE;
		}
	return XQ_NOTATION_WXF;
}

static int flipped_side(const struct xq_pos *pos, struct xq_pos *out)
{
	char fen[XQ_FEN_MAX];
	char *sp;
	xq_pos_to_fen(pos, fen, sizeof fen);
	if (!(sp = strchr(fen, ' ')))
		return -1;
	sp[1] = sp[1] == 'w' ? 'b' : 'w';
	return xq_pos_from_fen(out, fen, XQ_FEN_LAX, NULL);
}

static const char *side_name(int side)
{
	return xq_side_name(side);
}

static int count_below(void *data, const struct xq_walk_step *s)
{
	(void)s;
	++*(unsigned long *)data;
	return XQ_WALK_NEXT;
}

/* The moves below n: its continuation, the alternatives to it and all
 * below them. */
static unsigned long moves_below(const struct xq_node *n)
{
	unsigned long k = 0;
	xq__walk_below(n, count_below, &k);
	return k;
}

/* The walk's resolver: the move of node n in pos, reported when bad. */
static xq_move replay_node(void *data, struct xq_node *n,
			   const struct xq_pos *pos, int ply, unsigned flags)
{
	struct ctx *c = data;
	struct xq_err err;
	xq_move m = XQ_MOVE_NONE, given = n->move;
	unsigned from, to;
	int rc;

	/* XQ_NODE_PLAYED and the rest are set once the walk has played the
	 * move (replay_step) */
	n->flags &= (uint8_t)~(XQ_NODE_PLAYED | XQ_NODE_CHECK | XQ_NODE_CAPTURE);
	/* resolve()'s first case, without its frame: ICCS, legal */
	if (given == XQ_MOVE_NONE && n->text && !c->uci10 && quick_iccs(n->text, &from, &to) &&
	    xq_is_legal(pos, m = MOVE(from, to))) {
		n->move = m;
		n->flags &= (uint8_t)~XQ_NODE_BAD;
		return m;
	}
	/* and the common Chinese and WXF shapes, as resolve() would read them
	 * (no ICCS text has their shape) */
	if (given == XQ_MOVE_NONE && n->text && !c->uci10 && !c->san_first &&
	    xq__relative_quick(pos, n->text, &m)) {
		n->move = m;
		n->flags &= (uint8_t)~XQ_NODE_BAD;
		return m;
	}
	rc = resolve(c, pos, n, &m, &err);
	if (rc == 0) {
		n->move = m;
		n->flags &= (uint8_t)~XQ_NODE_BAD;
		return m;
	}
	n->move = XQ_MOVE_NONE;
	n->flags |= XQ_NODE_BAD;
	if (given != XQ_MOVE_NONE && xq_status(pos) == XQ_PLAYING) {
		/* a move given as squares (XQF, DhtmlXQ, CBF, CBR, old CBL):
		 * say why, and what is left unplayed with it */
		char iccs[5], tail[64] = "";
		unsigned long k = moves_below(n);
		xq_move_iccs(given, iccs);
		if (k)
			snprintf(tail, sizeof tail, " with the %lu move%s below it", k,
				 k == 1 ? "" : "s");
		problem(c, XQ_SEV_ERROR, XQ_P_ILLEGAL, n, ply,
			"move %s: %s; left out%s (kept as text)",
			n->text ? n->text : iccs, err.msg, tail);
	} else if (xq_status(pos) != XQ_PLAYING) {
		problem(c, XQ_SEV_ERROR, XQ_P_AFTER_END, n, ply,
			"move after %s: %s has no legal move",
			xq_status(pos) == XQ_CHECKMATE ? "checkmate" : "stalemate",
			side_name(pos->side));
	} else if (rc == XQ_EAMBIG) {
		problem(c, XQ_SEV_ERROR, XQ_P_AMBIGUOUS, n, ply,
			"ambiguous move%s%s", err.msg[0] ? ": " : "", err.msg);
	} else if (rc == XQ_EILLEGAL) {
		problem(c, XQ_SEV_ERROR, XQ_P_ILLEGAL, n, ply,
			"illegal move%s%s", err.msg[0] ? ": " : "", err.msg);
	} else {
		problem(c, XQ_SEV_ERROR, XQ_P_UNKNOWN_MOVE, n, ply,
			"not a move for %s here%s%s", side_name(pos->side),
			err.msg[0] ? ": " : "", err.msg);
	}
	(void)flags;
	return XQ_MOVE_NONE;
}

/* The walk's visitor: where the main line ends, deep variations. */
static int replay_step(void *data, const struct xq_walk_step *s)
{
	struct ctx *c = data;

	if (s->after) {
		/* (the walk hands out const nodes; replay owns the game) */
		struct xq_node *n = (struct xq_node *)s->node;
		mark_played(n, s->after->key, s->after->in_check,
			    s->before->board[MOVE_TO(n->move)]);
	}
	if (s->flags & XQ_STEP_TOO_DEEP) {
		if (!c->depth_reported++)
			problem(c, XQ_SEV_ERROR, XQ_P_LIMIT, s->node, s->ply,
				"variations nested deeper than %d",
				XQ_MAX_VARIATION_DEPTH);
		return XQ_WALK_NEXT;
	}
	if (!s->after && s->node->next) {
		if (c->nbad == c->capbad) {
			size_t cap = c->capbad ? 2 * c->capbad : 8;
			struct xq_node **b = realloc(c->bad, cap * sizeof *b);
			if (!b) {
				c->nomem = 1;
				return XQ_WALK_STOP;
			}
			c->bad = b;
			c->capbad = cap;
		}
		/* the walk hands out const nodes; replay owns the game */
		c->bad[c->nbad++] = (struct xq_node *)s->node;
		if (s->flags & XQ_STEP_MAINLINE)
			c->main_bad = (struct xq_node *)s->node;
	}
	/* the walk hands over where the main line ends (c->end) */
	if ((s->flags & XQ_STEP_MAINLINE) && !s->after)
		c->complete = 0;
	return XQ_WALK_NEXT;
}

/* The walk's run: xq__replay_run, the resolver's fast step (the moves
 * replay_node would find first, set in their nodes as replay_step sets
 * them). */
static struct xq_node *replay_run(void *data, struct xq_pos *pos, struct xq_node *n, int *ply)
{
	const struct ctx *c = data;
	struct xq_node *last;

	return xq__replay_run(pos, n, ply, &last, c->run_flags);
}

/*
 * Each bad move that has alternatives after it goes to the end of its
 * list of alternatives, so that the first playable one continues the line
 * (as the binary formats' readers once did by dropping the bad move) and
 * writers that stop at a bad move lose none of them: the bad move and its
 * subtree are kept, as a variation.
 */
static void bad_moves_last(struct ctx *c)
{
	for (size_t i = 0; i < c->nbad; i++) {
		struct xq_node *b = c->bad[i], *p = b->parent, **link, *last;
		if (!p)
			continue;
		for (link = &p->child; *link && *link != b; link = &(*link)->next)
			;
		if (!*link || !b->next)
			continue;
		*link = b->next;
		for (last = b->next; last->next; last = last->next)
			;
		last->next = b;
		b->next = NULL;
	}
}

/*
 * The main line after bad_moves_last() put an alternative in place of its
 * bad move: from the position the walk stopped in, before that move, on
 * along the moves the walk resolved (each in the position it is played in
 * here, which the order of alternatives does not change), up to the first
 * one left unplayed.
 */
static void main_line_on(struct ctx *c)
{
	struct xq_pos *pos = &c->end;

	c->complete = 1;
	for (struct xq_node *n = c->main_bad->parent->child; n; n = n->child) {
		struct xq_undo u;
		xq_move m = n->move;
		uint8_t cap;
		if (m == XQ_MOVE_NONE || !xq__still_plays(pos, m)) {
			c->complete = 0;
			break;
		}
		cap = pos->board[MOVE_TO(m)];
		xq_make(pos, m, &u);
		mark_played(n, pos->key, pos->in_check, cap);
		c->end_plies++;
	}
}

/*
 * A first move that is not legal for the side the FEN gives but is for the
 * other side: say so, and go on from the corrected side so that the rest
 * of the game is checked too.
 */
static void check_side(struct ctx *c)
{
	struct xq_node *n = c->g->root.child;
	struct xq_pos flip;
	struct xq_err err;
	xq_move m;
	int rc;

	if (!n)
		return;
	/* the common Chinese and WXF shapes as replay_node reads them: a
	 * move resolve() finds too */
	if (n->move == XQ_MOVE_NONE && n->text && !c->uci10 && !c->san_first &&
	    xq__relative_quick(&c->g->start, n->text, &m))
		return;
	rc = resolve(c, &c->g->start, n, &m, &err);
	if (rc == 0 || rc == XQ_EAMBIG || xq_status(&c->g->start) != XQ_PLAYING)
		return;
	if (flipped_side(&c->g->start, &flip) != 0 || resolve(c, &flip, n, &m, &err) != 0)
		return;
	problem(c, XQ_SEV_ERROR, XQ_P_SIDE, n, 1,
		"the FEN gives %s the move but the first move is %s's",
		side_name(c->g->start.side), side_name(flip.side));
	c->g->start = flip;
	xq_pos_to_fen(&flip, c->g->start_fen, sizeof c->g->start_fen);
}

static const char *result_of_end(const struct xq_pos *pos)
{
	if (xq_status(pos) == XQ_PLAYING)
		return NULL;
	return pos->side == XQ_RED ? "0-1" : "1-0";
}

/*
 * Engine coordinates in their two rank numberings: ICCS counts ranks 0..9,
 * UCI as Fairy-Stockfish writes it 1..10, and "h3e3" is a move in both.  A
 * game without [Format "UCI10"] is read by the first text of its main line
 * that only one numbering has: a rank 10 ("h10g8") says UCI10, a rank 0
 * ("h0g2") ICCS.
 */

/* Whether the main line from n says UCI10: a rank 10 before any rank 0,
 * among its coordinate texts up to the first other one (in an ICCS game a
 * back-rank move, rank 0, comes within a few plies). */
static int main_line_uci10(const struct xq_node *n)
{
	for (; n && n->text && n->move == XQ_MOVE_NONE; n = n->child) {
		int r = xq__coord_numbering(n->text, strlen(n->text));
		if (r != 1)
			return r == 10;
	}
	return 0;
}

/* The tags replay reads, in one pass (each the first of its name, as
 * xq_game_tag() finds it). */
static void replay_tags(const struct xq_game *g, const char **format, const char **variant,
			const char **result)
{
	*format = *variant = *result = NULL;
	for (const struct xq_tag *t = g->tags; t; t = t->next) {
		const char **slot, *name;
		switch (t->name[0] | 0x20) {
		case 'f': slot = format; name = "Format"; break;
		case 'v': slot = variant; name = "Variant"; break;
		case 'r': slot = result; name = "Result"; break;
		default: continue;
		}
		if (!*slot && !xq__ascii_casecmp(t->name, name))
			*slot = t->value;
	}
}

/* Whether a result is "*" (unknown), without a call. */
static inline int is_star(const char *s)
{
	return s[0] == '*' && !s[1];
}

int xq_game_replay(struct xq_game *g, const char *file, xq_problem_fn fn,
		   void *data)
{
	struct ctx c;
	const char *format, *variant, *tag;
	int errors_before = g->errors;

	memset(&c, 0, sizeof c);
	c.g = g;
	c.file = file;
	c.fn = fn;
	c.data = data;
	g->flags |= XQ_GAME_REPLAYED;
	if (g->flags & XQ_GAME_BAD_FEN) {
		g->plies = xq_game_plies(g);
		return g->errors - errors_before;
	}
	replay_tags(g, &format, &variant, &tag);
	c.san_first = variant && (!strcmp(variant, "xiangqi") || !strcmp(variant, "Xiangqi"));
	c.san_base = -2;
	c.uci10 = format && (format[0] | 0x20) == 'u' &&
		  (!strcmp(format, "UCI10") || !strcmp(format, "uci10"));
	if (!c.uci10 && !c.san_first)
		c.uci10 = main_line_uci10(g->root.child);
	/* moves given as squares are in no notation */
	if (g->root.child)
		g->notation = c.uci10 ? XQ_NOTATION_UCI10 :
			classify(g->root.child->move ? NULL : g->root.child->text);
	if (g->notation == XQ_NOTATION_WXF && variant && !strcmp(variant, "xiangqi"))
		g->flags |= XQ_GAME_SAN; /* WinBoard's SAN, read as WXF */
	check_side(&c);
	c.complete = 1;
	c.run_flags = c.uci10 ? XQ__RUN_UCI10 : c.san_first ? 0 : XQ__RUN_RELATIVE;
	int walked = xq__walk_to_end(g, replay_node, replay_run, replay_step, &c,
				     &c.end, &c.end_plies);
	if (walked == XQ_ENOMEM || c.nomem)
		problem(&c, XQ_SEV_ERROR, XQ_P_LIMIT, NULL, 0,
			"out of memory replaying the game");
	if (c.nbad && !c.nomem) {
		bad_moves_last(&c);
		/* the main line goes on with an alternative now */
		if (c.main_bad)
			main_line_on(&c);
	}
	free(c.bad);
	/* the main line is played up to its first bad move, where the walk
	 * stopped it (xq_game_plies() counts the moves to there) */
	g->plies = walked == 0 && !c.nomem && !c.main_bad ? c.end_plies : xq_game_plies(g);

	/* the end of the main line against the result */
	const struct xq_pos *pos = &c.end;
	int plies = c.end_plies, complete = c.complete;
	const char *tagres = tag ? xq_result_word(tag, strlen(tag)) : NULL;
	if (complete) {
		const char *claimed = tagres && !is_star(tagres) ? tagres :
			g->result && !is_star(g->result) ? g->result : NULL;
		const char *end;
		/* a final mate or stalemate would be the claimed result itself
		 * when the side to move is the claimed loser: no need to look */
		if (claimed && strcmp(claimed, pos->side == XQ_RED ? "0-1" : "1-0") &&
		    (end = result_of_end(pos)) && strcmp(end, claimed)) {
			/* (complete: the main line's last node is its last move) */
			const struct xq_node *last = NULL;
			for (const struct xq_node *n = g->root.child; n; n = n->child)
				last = n;
			problem(&c, XQ_SEV_ERROR, XQ_P_RESULT, last, plies,
				"result %s contradicts the final position: %s %s",
				claimed, side_name(pos->side),
				xq_status(pos) == XQ_CHECKMATE ? "is checkmated" : "is stalemated");
		}
	}
	if (tag && !tagres && *tag)
		problem(&c, XQ_SEV_WARNING, XQ_P_RESULT, NULL, 0,
			"unknown Result tag value '%s'", tag);
	else if (tagres && g->result && !is_star(tagres) && !is_star(g->result) &&
		 strcmp(tagres, g->result))
		problem(&c, XQ_SEV_WARNING, XQ_P_RESULT, NULL, 0,
			"Result tag %s differs from the result %s at the end of the moves",
			tagres, g->result);
	return g->errors - errors_before;
}

long xq__playable_prefix(const struct xq_pos *start, const xq_move *moves, long n)
{
	struct xq_pos pos = *start;
	long k;
	for (k = 0; k < n; k++) {
		struct xq_undo u;
		if (moves[k] == XQ_MOVE_NONE || !xq_is_legal(&pos, moves[k]))
			break;
		xq_make(&pos, moves[k], &u);
	}
	return k;
}

int xq__fits(const struct xq_game *g, const struct xq_node *anchor, xq_move m)
{
	const struct xq_node *path[1024];
	struct xq_pos pos = g->start;
	size_t d = 0;
	for (const struct xq_node *a = anchor; a && a->parent; a = a->parent) {
		if (d == sizeof path / sizeof *path)
			return 0;
		path[d++] = a;
	}
	while (d) {
		struct xq_undo u;
		const struct xq_node *a = path[--d];
		if (a->move == XQ_MOVE_NONE || !xq_is_legal(&pos, a->move))
			return 0;
		xq_make(&pos, a->move, &u);
	}
	return m != XQ_MOVE_NONE && xq_is_legal(&pos, m);
}
