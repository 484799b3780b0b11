/*
 * rules.c - repetition rulings (perpetual check, chase, mate threat) and
 * the natural move limit, under the AXF, CXA and 1956 rules.
 *
 * The specification is ../shared/docs/repetition.md; section numbers in
 * the comments refer to it.  A judge keeps the moves and keys of one line;
 * at each ply it counts earlier equal keys since the last capture, and
 * only when a key recurs often enough are positions made (replayed) and
 * compared in full: at the fold-th occurrence it labels every move of the
 * span and classes both sides.  A game without repetitions so costs a
 * key scan per ply, no position copy.  Threats are evaluated as if the side that moved were to move
 * again (its opponent passing), by generating legal moves, so that pins,
 * fake roots, cannon screens and the flying general need no special code.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ascii.h"
#include "board.h"

/*
 * One ply of the line.  Positions are not copied ply by ply: the line
 * keeps its keys (enough to see that no position recurs, the usual case)
 * and the position of a ply is made from the nearest one known, by
 * replaying the moves, only when a ruling needs it (pos_at).  Nor are the
 * entries made ply by ply: a push stores the move, key, counter and check
 * of the ply, and the entries of the plies since the last one made are
 * made from those (settle) only where a ruling or a natural-limit event
 * may be, or the line is cut back.
 */
struct entry {
	int window;            /* index of the first position since the last capture */
	int moves[2], checks[2]; /* seen moves and checks in the window */
	int last_ruling;       /* ply of the last repetition ruling on this line, -1 */
	uint16_t halfmove;     /* the position's counter of plies without capture */
	uint8_t limit_done, claim_done[2];
};

#define SEEN_BITS 10
#define SEEN_WORDS (1 << SEEN_BITS >> 6)

struct xq_judge {
	struct xq_judge_opts o;
	struct entry *e;       /* e[0..ne) made; e[ne..n) not yet */
	int ne;
	int window;            /* the window of ply n - 1 */
	xq_move *moves;        /* moves[i]: the move of ply i (moves[0] unused) */
	uint16_t *half;        /* half[i]: the counter after ply i */
	uint8_t *check;        /* check[i]: ply i gives check */
	uint64_t *keys;        /* keys[i]: the key of the position after ply i */
	struct xq_pos *pos;    /* pos[i], valid where have[i] */
	uint8_t *have;
	int n, cap;            /* entries e[0..n) */
	struct xq_event ev[4];
	int nev;
	/* The labels of the line's moves (a ruling's span is a stretch of
	 * them), made once per ply however many rulings span it. */
	struct xq_label *labels;
	unsigned *chases;      /* chase set (by slot) of each label */
	uint8_t *labelled;
	/* A filter of the keys of plies seen_window..seen_to of the line
	 * (one bit each, the key's top SEEN_BITS bits its number): a key
	 * whose bit is clear did not occur there, so the window's keys are
	 * scanned only on a hit.  Rebuilt when the line was cut back or the
	 * window moved other than by a capture at the new ply. */
	uint64_t seen[SEEN_WORDS];
	int seen_window, seen_to;
};

const char *xq_rules_name(enum xq_rules r)
{
	switch (r) {
	case XQ_RULES_AXF: return "axf";
	case XQ_RULES_1956: return "1956";
	default: return "cxa";
	}
}

int xq_rules_from_name(const char *name, enum xq_rules *r)
{
	static const struct { const char *name; enum xq_rules r; } names[] = {
		{ "cxa", XQ_RULES_CXA }, { "chinese", XQ_RULES_CXA },
		{ "axf", XQ_RULES_AXF }, { "asian", XQ_RULES_AXF }, { "wxf", XQ_RULES_AXF },
		{ "1956", XQ_RULES_1956 },
	};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (!xq__ascii_casecmp(name, names[i].name)) {
			*r = names[i].r;
			return 0;
		}
	return XQ_EINVAL;
}

const char *xq_verdict_name(enum xq_verdict v)
{
	switch (v) {
	case XQ_VERDICT_DRAW: return "draw";
	case XQ_VERDICT_RED_LOSES: return "red-loses";
	case XQ_VERDICT_BLACK_LOSES: return "black-loses";
	default: return "none";
	}
}

const char *xq_class_name(enum xq_side_class c)
{
	switch (c) {
	case XQ_CLASS_PERPETUAL_CHECK: return "perpetual-check";
	case XQ_CLASS_PERPETUAL_CHASE: return "perpetual-chase";
	case XQ_CLASS_FORBIDDEN: return "forbidden";
	default: return "allowed";
	}
}

/* ------------------------------------------------------------ helpers */

static inline int is_piece(uint8_t v) { return (v & (TAG_RED | TAG_BLACK)) != 0; }

/* Recompute in_check from scratch: positions made up here (the opponent
 * passing) do not follow from a legal history. */
static void fix_check(struct xq_pos *p)
{
	p->in_check = (uint8_t)xq__attacked(p, king_isq(p, p->side), !p->side);
}

/* The same placement with the other side to move. */
static void flip(const struct xq_pos *src, struct xq_pos *dst)
{
	*dst = *src;
	dst->side ^= 1;
	dst->key ^= ZOBRIST_SIDE;
	fix_check(dst);
}

static void play(struct xq_pos *p, xq_move m)
{
	xq__make_any(p, m);
}

/* A move in a position with a legal history (the searches below start
 * from positions where the side not to move is not in check): the cheap
 * xq_make(). */
static void step(struct xq_pos *p, xq_move m)
{
	struct xq_undo u;
	xq_make(p, m, &u);
}

/* The position after ply t of the line, made from the nearest position
 * known before it (entry 0 always is); those made are kept. */
static const struct xq_pos *pos_at(struct xq_judge *j, int t)
{
	int b = t;
	while (!j->have[b])
		b--;
	for (int i = b + 1; i <= t; i++) {
		struct xq_undo u;
		j->pos[i] = j->pos[i - 1];
		xq_make(&j->pos[i], j->moves[i], &u);
		j->have[i] = 1;
	}
	return &j->pos[t];
}

/* Material values for exchanges, doubled to stay integral (section 4.3). */
static int value_of(uint8_t v, int isq)
{
	switch (piece_type(v)) {
	case XQ_CHARIOT: return 18;
	case XQ_CANNON: return 9;
	case XQ_HORSE: return 8;
	case XQ_ADVISOR: case XQ_ELEPHANT: return 4;
	case XQ_PAWN: return own_half(isq, PIECE_SIDE(v)) ? 2 : 4;
	case XQ_KING: return 1000;
	}
	return 0;
}

static int crossed(uint8_t v, int isq) { return !own_half(isq, PIECE_SIDE(v)); }

/* Whether the side to move has a legal move to isq. */
static int can_reach(const struct xq_pos *p, int isq)
{
	xq_move mv[XQ_MAX_MOVES];
	int n = xq_legal_moves(p, mv);
	for (int i = 0; i < n; i++)
		if (MOVE_TO(mv[i]) == isq)
			return 1;
	return 0;
}

/*
 * Static exchange on isq for the side to move, which may stop at any
 * point: its best gain (>= 0), capturing with its least valuable piece
 * each time.  depth bounds the sequence (a board has 32 pieces).
 */
static int see_rest(const struct xq_pos *p, int isq, int depth)
{
	xq_move mv[XQ_MAX_MOVES];
	int n = xq_legal_moves(p, mv), best = -1, bestv = 1 << 30;
	if (depth <= 0)
		return 0;
	for (int i = 0; i < n; i++)
		if (MOVE_TO(mv[i]) == isq) {
			int v = value_of(p->board[MOVE_FROM(mv[i])], MOVE_FROM(mv[i]));
			if (v < bestv) {
				bestv = v;
				best = i;
			}
		}
	if (best < 0)
		return 0;
	struct xq_pos q = *p;
	int gain = value_of(p->board[isq], isq);
	play(&q, mv[best]);
	gain -= see_rest(&q, isq, depth - 1);
	return gain > 0 ? gain : 0;
}

/* The gain of the capture m (side to move) followed by the best exchange. */
static int see_capture(const struct xq_pos *p, xq_move m)
{
	struct xq_pos q = *p;
	int isq = MOVE_TO(m), gain = value_of(p->board[isq], isq);
	play(&q, m);
	return gain - see_rest(&q, isq, 30);
}

/* The rook on r (of the side not to move) stands on the leg of a horse of
 * the side to move that would otherwise attack its king (AXF rule 19). */
static int rook_pinned_by_horse(const struct xq_pos *p, int r)
{
	int side = p->side, k = king_isq(p, !side);
	for (int s = SLOT_HORSE; s < SLOT_HORSE + 2; s++) {
		int h = p->sq_of[side * 16 + s];
		if (!h)
			continue;
		int df = ISQ_FILE(k) - ISQ_FILE(h), dr = ISQ_RANK(k) - ISQ_RANK(h), leg;
		if ((df == 1 || df == -1) && (dr == 2 || dr == -2))
			leg = ISQ(ISQ_FILE(h), ISQ_RANK(h) + dr / 2);
		else if ((df == 2 || df == -2) && (dr == 1 || dr == -1))
			leg = ISQ(ISQ_FILE(h) + df / 2, ISQ_RANK(h));
		else
			continue;
		if (leg == r)
			return 1;
	}
	return 0;
}

/* A threat: the piece in slot att of the side to move threatens the
 * opponent's piece in slot vic, capturing from `from` to `to`. */
struct threat {
	uint8_t att, vic, from, to;
	uint8_t joint;      /* CXA: gains only with another attacker (联合捉, 少根子) */
	uint8_t mate_after; /* CXA 29.4: the capture lets the opponent mate at
			     * once, so no threat (listed for the label only) */
};

static int mate_by_checks(const struct xq_pos *p, int depth, long *budget);

/*
 * The CXA test of a capture m by the side to move (section 4.3, CXA 29):
 * it gains material by exchange (29.1, 29.3), and after it the opponent
 * cannot mate at once (29.4; 棋例细则 7: 一旦吃子立即会被对方将死者, 均按闲
 * 着处理).  *joint: the victim is protected and worth no more than the
 * attacker, so the gain needs a second attacker: a joint chase 联合捉 of
 * an under-protected piece 少根子 (28.16: 少根子按无根子处理).
 */
static int cxa_threat(const struct xq_pos *p, xq_move m, int *joint, int *mate_after)
{
	int from = MOVE_FROM(m), to = MOVE_TO(m);
	struct xq_pos q;
	long budget = XQ_MAX_MOVES;

	*joint = *mate_after = 0;
	if (see_capture(p, m) <= 0)
		return 0;
	q = *p;
	play(&q, m);
	if (mate_by_checks(&q, 1, &budget) == 1) {
		*mate_after = 1;
		return 0;
	}
	*joint = can_reach(&q, to) && value_of(p->board[to], to) <= value_of(p->board[from], from);
	return 1;
}

/*
 * The threats of the side to move on the opponent's pieces under the rules
 * (sections 4.2, 4.3): the AXF test (weaker attacks stronger, unprotected,
 * same kind that cannot take back), the 1956 test (unprotected, same kind
 * that cannot take back), the CXA test (material gain by exchange).  King
 * and pawn attacks, king and uncrossed pawn victims never count.  Returns
 * how many went to out[] (room for XQ_MAX_MOVES).
 */
static int threats(const struct xq_pos *p, enum xq_rules rules, struct threat *out)
{
	xq_move mv[XQ_MAX_MOVES];
	int n = xq_legal_moves(p, mv), nt = 0;
	struct xq_pos opp;
	int have_opp = 0;

	for (int i = 0; i < n; i++) {
		int from = MOVE_FROM(mv[i]), to = MOVE_TO(mv[i]), hit = 0, joint = 0, mate_after = 0;
		uint8_t x = p->board[from], v = p->board[to];
		if (!is_piece(v))
			continue;
		int tx = piece_type(x), tv = piece_type(v);
		if (tx == XQ_KING || tx == XQ_PAWN || tv == XQ_KING)
			continue;
		if (tv == XQ_PAWN && !crossed(v, to))
			continue;
		if (tx == tv) {
			/* 兑: the victim can take back, an exchange offer (AXF rule
			 * 24, CXA 28.5); else a chase when unprotected (or, CXA,
			 * when the exchange gains). */
			if (!have_opp) {
				flip(p, &opp);
				have_opp = 1;
			}
			if (!xq_is_legal(&opp, MOVE(to, from))) {
				struct xq_pos q = *p;
				play(&q, mv[i]);
				hit = rules == XQ_RULES_CXA ? cxa_threat(p, mv[i], &joint, &mate_after) :
				      !can_reach(&q, to);
			}
		} else if (rules == XQ_RULES_CXA) {
			hit = cxa_threat(p, mv[i], &joint, &mate_after);
		} else if (rules == XQ_RULES_AXF &&
			   (((tx == XQ_HORSE || tx == XQ_CANNON) && tv == XQ_CHARIOT) ||
			    ((tx == XQ_ADVISOR || tx == XQ_ELEPHANT) &&
			     (tv == XQ_CHARIOT || tv == XQ_HORSE || tv == XQ_CANNON)) ||
			    (tv == XQ_CHARIOT && rook_pinned_by_horse(p, to)))) {
			hit = 1;
		} else {
			struct xq_pos q = *p;
			play(&q, mv[i]);
			hit = !can_reach(&q, to);
		}
		if (hit || mate_after) {
			out[nt].att = (uint8_t)PIECE_SLOT(x);
			out[nt].vic = (uint8_t)PIECE_SLOT(v);
			out[nt].from = (uint8_t)from;
			out[nt].to = (uint8_t)to;
			out[nt].joint = (uint8_t)joint;
			out[nt].mate_after = (uint8_t)mate_after;
			nt++;
		}
	}
	return nt;
}

/*
 * The victims (bit per slot) that move m, played in p0 and giving p1
 * (s1: p1 with the mover to move again), newly chases.  A threat is new
 * when its attacker could not capture the victim before the move (a
 * direct or discovered attack, section 4.2), or when the victim was
 * protected before and the move took the protection away by pinning the
 * protector (a fake root) or by standing in its way (cutting a root: WXF
 * appendix, CXA 图3).  A standing attack whose target lost a protector
 * some other way (a cannon's screen leaving) is not renewed: counting it
 * would make WXF diagrams 39-41 (wxf-repetition.tsv W56-W60) mutual
 * chases, which the manual rules otherwise; the cost is W153.
 */
static unsigned new_chases(const struct xq_pos *p0, const struct xq_pos *p1,
			   const struct xq_pos *s1, xq_move m, enum xq_rules rules,
			   unsigned *joint_only, int *mate_after)
{
	struct threat t1[XQ_MAX_MOVES], t0[XQ_MAX_MOVES];
	int n1 = threats(s1, rules, t1), n0 = -1, side = p0->side, dest = MOVE_TO(m);
	unsigned set = 0, plain = 0;

	*mate_after = 0;
	for (int i = 0; i < n1; i++) {
		const struct threat *t = &t1[i];
		int x0 = p0->sq_of[side * 16 + t->att], isnew = 0;
		if (plain & (1u << t->vic))
			continue;
		if (t->mate_after) {
			/* CXA 29.4: not a threat; only said in the label, when
			 * the attack itself is new */
			if (!x0 || !xq_is_legal(p0, MOVE(x0, t->to)))
				*mate_after = 1;
			continue;
		}
		if ((set & (1u << t->vic)) && t->joint)
			continue;
		if (!x0 || !xq_is_legal(p0, MOVE(x0, t->to))) {
			isnew = 1;
		} else {
			if (n0 < 0)
				n0 = threats(p0, rules, t0);
			int was = 0;
			for (int k = 0; k < n0 && !was; k++)
				was = !t0[k].mate_after && t0[k].att == t->att && t0[k].vic == t->vic;
			if (was)
				continue;
			/* Protection lost: by a pin (the recapture is still there
			 * but illegal) or by the moved piece standing in the
			 * protector's way.  CXA, a joint chase (联合捉): the moved
			 * piece joins the attack, so that this attacker's capture
			 * now gains (28.16 少根子). */
			struct xq_pos q = *s1;
			play(&q, MOVE(t->from, t->to));
			if (xq__attacked(&q, t->to, !side)) {
				isnew = 1;
			} else if (rules == XQ_RULES_CXA && t->joint && t->from != dest &&
				   xq_is_legal(s1, MOVE(dest, t->to))) {
				isnew = 1;
			} else if (t->from != dest) {
				uint8_t keep = q.board[dest];
				q.board[dest] = 0;
				isnew = xq__attacked(&q, t->to, !side);
				q.board[dest] = keep;
			}
		}
		if (isnew) {
			set |= 1u << t->vic;
			if (!t->joint)
				plain |= 1u << t->vic;
		}
	}
	*joint_only = set & ~plain;
	return set;
}

/*
 * Mate by checks only for the side to move within depth of its moves:
 * 1 found, 0 none, -1 the budget ran out first.  p must not have the
 * side not to move in check (the labeller calls it for non-checks only).
 */
static int mate_by_checks(const struct xq_pos *p, int depth, long *budget)
{
	xq_move mv[XQ_MAX_MOVES], rp[XQ_MAX_MOVES];
	int n = xq_legal_moves(p, mv), unknown = 0;
	struct xq_pos q = *p;         /* moves are made and unmade on q */

	for (int i = 0; i < n; i++) {
		struct xq_undo u;
		if (!xq__gives_check(&q, mv[i]))
			continue;
		xq_make(&q, mv[i], &u);
		if (--*budget < 0)
			return -1;
		if (depth <= 1) {
			/* the last move: mate or not, no replies needed */
			int any = xq__has_legal_move(&q);
			xq_unmake(&q, mv[i], &u);
			if (!any)
				return 1;
			continue;
		}
		int nr = xq_legal_moves(&q, rp);
		if (nr == 0)
			return 1;
		int all = 1;
		for (int k = 0; k < nr && all; k++) {
			struct xq_undo u2;
			xq_make(&q, rp[k], &u2);
			int res = mate_by_checks(&q, depth - 1, budget);
			xq_unmake(&q, rp[k], &u2);
			if (res != 1) {
				all = 0;
				if (res < 0)
					unknown = 1;
			}
		}
		if (all)
			return 1;
		if (*budget < 0)
			return -1;
		xq_unmake(&q, mv[i], &u);
	}
	return unknown ? -1 : 0;
}

/* After a check: whether the side to move wins material (a capture of at
 * least a horse's value that gains by exchange). */
static int wins_now(const struct xq_pos *p, enum xq_rules rules)
{
	xq_move mv[XQ_MAX_MOVES];
	int n = xq_legal_moves(p, mv), joint, mate_after;
	for (int c = 0; c < n; c++) {
		uint8_t v = p->board[MOVE_TO(mv[c])];
		if (!is_piece(v) || piece_type(v) == XQ_KING || value_of(v, MOVE_TO(mv[c])) < 8)
			continue;
		if (rules == XQ_RULES_CXA ? cxa_threat(p, mv[c], &joint, &mate_after) :
		    see_capture(p, mv[c]) > 0)
			return 1;
	}
	return 0;
}

/*
 * 抽吃: the side to move has a check after every reply to which it wins
 * material, or (depth 2) another such check: the discovered-check winning
 * of a piece of 1956 chapter 8 item 6, the chase "by consecutive checks"
 * of CXA 29.1 (under CXA, a win after which the opponent mates at once
 * does not count: 29.4).
 */
static int wins_by_check(const struct xq_pos *p, int depth, enum xq_rules rules)
{
	xq_move mv[XQ_MAX_MOVES], rp[XQ_MAX_MOVES];
	int n = xq_legal_moves(p, mv);

	struct xq_pos t = *p;          /* for the check test */
	for (int i = 0; i < n; i++) {
		if (is_piece(p->board[MOVE_TO(mv[i])]) || !xq__gives_check(&t, mv[i]))
			continue;
		struct xq_pos q = *p;
		step(&q, mv[i]);
		int nr = xq_legal_moves(&q, rp), all = nr > 0;
		for (int k = 0; k < nr && all; k++) {
			struct xq_pos r = q;
			step(&r, rp[k]);
			all = wins_now(&r, rules) || (depth > 1 && wins_by_check(&r, depth - 1, rules));
		}
		if (all)
			return 1;
	}
	return 0;
}

/* Legal non-capturing moves of the side to move, per slot of its pieces. */
static void mobility(const struct xq_pos *p, int count[16])
{
	xq_move mv[XQ_MAX_MOVES];
	int n = xq_legal_moves(p, mv);
	memset(count, 0, 16 * sizeof count[0]);
	for (int i = 0; i < n; i++)
		if (!is_piece(p->board[MOVE_TO(mv[i])]))
			count[PIECE_SLOT(p->board[MOVE_FROM(mv[i])])]++;
}

/* Label move moves[i] (played in position i - 1); chase sets by slot. */
static void label_move(struct xq_judge *j, int i, struct xq_label *l,
		       unsigned *chase_out)
{
	const struct xq_pos *p0 = pos_at(j, i - 1), *p1 = pos_at(j, i);
	enum xq_rules rules = j->o.rules;
	xq_move m = j->moves[i];
	int to = MOVE_TO(m), side = p0->side;
	uint8_t mover = p1->board[to];
	struct xq_pos s1;            /* after the move, the mover to move again */
	unsigned chase;

	memset(l, 0, sizeof *l);
	l->ply = i;
	l->move = m;
	l->side = (enum xq_side)side;
	flip(p1, &s1);

	if (p1->in_check)
		l->flags |= XQ_LABEL_CHECK;
	unsigned joint_only;
	int mate_after;
	chase = new_chases(p0, p1, &s1, m, rules, &joint_only, &mate_after);
	if (chase && joint_only == chase)
		l->flags |= XQ_LABEL_JOINT;
	if (mate_after && !chase)
		l->flags |= XQ_LABEL_MATE_AFTER;
	/* Mate threats and wins by check are labelled under every rule set
	 * (AXF allows both: 总纲 2 and 10), but only CXA and 1956 count them. */
	if (!chase && !(l->flags & XQ_LABEL_CHECK) &&
	    wins_by_check(&s1, 2, rules) && !wins_by_check(p0, 2, rules))
		l->flags |= XQ_LABEL_DISCOVERY;
	if (!(l->flags & XQ_LABEL_CHECK)) {
		long budget = j->o.kill_budget;
		int k = mate_by_checks(&s1, j->o.kill_depth, &budget);
		if (k > 0)
			l->flags |= XQ_LABEL_KILL;
		else if (k < 0)
			l->flags |= XQ_LABEL_KILL_UNKNOWN;
	}
	if (chase) {
		l->flags |= XQ_LABEL_CHASE;
		for (int s = 0; s < 16 && l->nchased < XQ_MAX_CHASED; s++)
			if (chase & (1u << s)) {
				int isq = p1->sq_of[(!side) * 16 + s];
				l->chased[l->nchased].sq = isq_to_sq(isq);
				l->chased[l->nchased].type = (enum xq_type)slot_type[s];
				l->chased[l->nchased].id = s;
				l->nchased++;
			}
	}
	*chase_out = chase;
	if (l->flags & (XQ_LABEL_CHECK | XQ_LABEL_KILL | XQ_LABEL_CHASE | XQ_LABEL_DISCOVERY))
		return;
	l->flags |= XQ_LABEL_IDLE;

	/* Kinds of idle moves (informational, section 4.1). */
	xq_move mv[XQ_MAX_MOVES];
	int n = xq_legal_moves(&s1, mv), attacks = 0, kp = 0;
	for (int k = 0; k < n; k++) {
		int a = MOVE_FROM(mv[k]), b = MOVE_TO(mv[k]);
		uint8_t v = s1.board[b], x = s1.board[a];
		if (!is_piece(v) || piece_type(v) == XQ_KING)
			continue;
		if (piece_type(x) == XQ_KING || piece_type(x) == XQ_PAWN) {
			if (a == to)
				kp = 1;
			continue;
		}
		if (a != to)
			continue;
		if (piece_type(v) == piece_type(mover) && xq_is_legal(p1, MOVE(b, a))) {
			l->flags |= XQ_LABEL_EXCHANGE;
			return;
		}
		attacks = 1;
	}
	if (kp && (piece_type(mover) == XQ_KING || piece_type(mover) == XQ_PAWN)) {
		l->flags |= XQ_LABEL_KING_PAWN;
		return;
	}
	/* 献: an unprotected piece put where the opponent can take it. */
	for (int k = 0, no = xq_legal_moves(p1, mv); k < no; k++)
		if (MOVE_TO(mv[k]) == to) {
			struct xq_pos q = *p1;
			play(&q, mv[k]);
			if (!can_reach(&q, to)) {
				l->flags |= XQ_LABEL_OFFER;
				return;
			}
		}
	if (attacks) {
		l->flags |= XQ_LABEL_FOLLOW;
		return;
	}
	struct xq_pos o0;
	int before[16], after[16];
	flip(p0, &o0);
	mobility(&o0, before);
	mobility(p1, after);
	for (int s = 1; s < 16; s++)
		if (after[s] < before[s]) {
			l->flags |= XQ_LABEL_BLOCK;
			return;
		}
}

/* ------------------------------------------------------------ verdicts */

#define ATTACK (XQ_LABEL_CHECK | XQ_LABEL_KILL | XQ_LABEL_CHASE | XQ_LABEL_DISCOVERY)

struct side_sum {
	int moves, checks, kills, chases, discoveries, unknown, idle;
	int joint_only;           /* moves whose only attack is a joint chase */
	int plain_chases;         /* chasing moves that are not joint */
	unsigned all_attack;      /* every move attacks */
	unsigned inter;           /* victims chased on every move (checks included) */
	unsigned inter_nocheck;   /* the same when checks never chase */
	int victim_sqs;           /* distinct squares of the one victim (1956 item 8) */
	unsigned idle_kinds;      /* union of idle kinds */
};

static void add_review(struct xq_event *ev, const char *why)
{
	size_t n = strlen(ev->review);
	if (strstr(ev->review, why))
		return;               /* said already, for the other side */
	if (n)
		snprintf(ev->review + n, sizeof ev->review - n, "; %s", why);
	else
		snprintf(ev->review, sizeof ev->review, "%s", why);
}

static enum xq_verdict loses(int side)
{
	return side == XQ_RED ? XQ_VERDICT_RED_LOSES : XQ_VERDICT_BLACK_LOSES;
}

/* AXF table (section 5.1); nocheck: checking moves never chase (4.4). */
static enum xq_verdict axf_table(const struct side_sum *s, int nocheck, enum xq_side_class cls[2],
				 const char **why)
{
	for (int k = 0; k < 2; k++) {
		unsigned in = nocheck ? s[k].inter_nocheck : s[k].inter;
		cls[k] = s[k].checks == s[k].moves ? XQ_CLASS_PERPETUAL_CHECK :
			 in ? XQ_CLASS_PERPETUAL_CHASE : XQ_CLASS_ALLOWED;
	}
	if (cls[0] == XQ_CLASS_PERPETUAL_CHECK && cls[1] == XQ_CLASS_PERPETUAL_CHECK) {
		*why = "AXF rule 7: both sides check perpetually, a draw (判决原则 2)";
		return XQ_VERDICT_DRAW;
	}
	for (int k = 0; k < 2; k++)
		if (cls[k] == XQ_CLASS_PERPETUAL_CHECK) {
			*why = "AXF rules 6 and 8: perpetual check loses in any circumstance (总纲 1: 无论任何情况, 长照作负)";
			return loses(k);
		}
	if (cls[0] == XQ_CLASS_PERPETUAL_CHASE && cls[1] == XQ_CLASS_PERPETUAL_CHASE) {
		*why = "AXF diagram 48: both sides chase perpetually, a draw (判决原则 2)";
		return XQ_VERDICT_DRAW;
	}
	for (int k = 0; k < 2; k++)
		if (cls[k] == XQ_CLASS_PERPETUAL_CHASE) {
			*why = "AXF rules 15-33: perpetual chase of one piece loses against an allowed cycle (总纲 3: 一子长捉一子作负; 判决原则 4)";
			return loses(k);
		}
	*why = "AXF rule 5: neither side breaks a rule, a draw (判决原则 1)";
	return XQ_VERDICT_DRAW;
}

static void judge_axf(struct xq_event *ev, const struct side_sum *s)
{
	enum xq_side_class c_fsf[2], c_pika[2];
	const char *w_fsf, *w_pika;
	enum xq_verdict v = axf_table(s, 0, c_fsf, &w_fsf);
	enum xq_verdict v2 = axf_table(s, 1, c_pika, &w_pika);
	ev->verdict = v;
	memcpy(ev->cls, c_fsf, sizeof c_fsf);
	snprintf(ev->rule, sizeof ev->rule, "%s", w_fsf);
	if (v != v2)
		add_review(ev, "a checking move also renews the chase: disputed whether it counts (spec 4.4; AXF rule 12 rules one check one chase a draw)");
}

/* What makes a CXA/1956 side forbidden (chapter 8 names) or allowed. */
static const char *forbidden_1956(const struct side_sum *s)
{
	if (s->checks && s->kills && s->checks + s->kills == s->moves)
		return "1956 ch. 8 item 4: 一将一要杀 (check and mate threat in turn) is forbidden";
	if (s->checks && s->discoveries && !s->chases)
		return "1956 ch. 8 item 6: 一将一要抽吃 (check and threat to win by check in turn) is forbidden";
	if (s->checks && s->chases)
		return "1956 ch. 8 item 5: 一将一捉 (check and chase in turn) equals a perpetual chase, forbidden";
	if (s->kills == s->moves)
		return "1956 ch. 8 item 2: 长要杀 (perpetual mate threat) is forbidden";
	if (s->chases == s->moves && s->inter && s->victim_sqs > 1)
		return "1956 ch. 8 items 3 and 8: 长捉无根子 (perpetual chase of an unprotected piece), "
		       "捉一不捉二 (the same piece chased on more than one point) are forbidden";
	if (s->chases == s->moves)
		return "1956 ch. 8 item 3: 长捉无根子 (perpetual chase of an unprotected piece) is forbidden";
	return "1956 ch. 8 items 2-6: every move attacks (check, mate threat or chase)";
}

static const char *allowed_1956(const struct side_sum *s)
{
	if (s->checks && s->idle)
		return "ch. 7 item 2.4 一将一闲 (check and idle move) is allowed";
	if (s->idle_kinds & XQ_LABEL_KING_PAWN)
		return "ch. 7 items 2.6-2.7 卒兵长捉 / 将帅长捉 (pawn or king chases) are allowed";
	if (s->idle_kinds & XQ_LABEL_EXCHANGE)
		return "ch. 7 item 2.2 长兑 (offering an exchange) is allowed";
	if (s->idle_kinds & XQ_LABEL_FOLLOW)
		return "ch. 7 item 2.3 长跟 (following a protected piece) is allowed";
	if (s->idle_kinds & XQ_LABEL_BLOCK)
		return "ch. 7 item 2.1 长拦 (blocking) is allowed";
	return "ch. 7 item 2: idle moves are allowed";
}

static void judge_cxa(struct xq_event *ev, const struct side_sum *s, int y1956)
{
	enum xq_side_class *c = ev->cls;
	for (int k = 0; k < 2; k++)
		c[k] = s[k].checks == s[k].moves ? XQ_CLASS_PERPETUAL_CHECK :
		       s[k].all_attack ? XQ_CLASS_FORBIDDEN : XQ_CLASS_ALLOWED;
	for (int k = 0; k < 2; k++) {
		if (s[k].unknown)
			add_review(ev, "a mate-threat search ran out of budget");
		if (!y1956 && c[k] == XQ_CLASS_FORBIDDEN && s[k].joint_only)
			add_review(ev, k == XQ_RED ?
				   "Red is forbidden only by chasing a piece with more attackers than protectors "
				   "(少根子: CXA 28.16 counts it unprotected; spec 4.5 item 12, L/M)" :
				   "Black is forbidden only by chasing a piece with more attackers than protectors "
				   "(少根子: CXA 28.16 counts it unprotected; spec 4.5 item 12, L/M)");
		if (c[k] == XQ_CLASS_FORBIDDEN && s[k].chases && !s[k].inter && !s[k].checks &&
		    !s[k].kills && !s[k].discoveries)
			add_review(ev, y1956 ? "several pieces chased in turn: the 1956 text names only 捉一不捉二 (M)" :
				   "several pieces chased in turn: CXA 28.12 长捉 of one or several pieces (M)");
	}
	if (c[0] == XQ_CLASS_PERPETUAL_CHECK && c[1] == XQ_CLASS_PERPETUAL_CHECK) {
		ev->verdict = XQ_VERDICT_DRAW;
		snprintf(ev->rule, sizeof ev->rule, "%s", y1956 ?
			 "1956 ch. 7 item 2.5: 解将还将 (each check answered by a check) is a draw" :
			 "CXA 26.3: both sides use forbidden moves, a draw (mutual perpetual check)");
		return;
	}
	for (int k = 0; k < 2; k++)
		if (c[k] == XQ_CLASS_PERPETUAL_CHECK) {
			ev->verdict = loses(k);
			snprintf(ev->rule, sizeof ev->rule, "%s", y1956 ?
				 "1956 ch. 8 item 1: 长将 (perpetual check) is never allowed" :
				 "CXA 26.1: a one-sided perpetual check is never allowed");
			return;
		}
	if (c[0] == XQ_CLASS_FORBIDDEN && c[1] == XQ_CLASS_FORBIDDEN) {
		/* Pure chases: every move a chase, none a check, mate threat or
		 * win by check (图3: 长捉 against 长捉). */
		int pure = 1;
		for (int k = 0; k < 2; k++)
			if (s[k].chases != s[k].moves || s[k].checks || s[k].kills || s[k].discoveries)
				pure = 0;
		ev->verdict = XQ_VERDICT_DRAW;
		for (int k = 0; k < 2 && !y1956; k++)
			if (s[k].joint_only && s[k].plain_chases) {
				add_review(ev, "联合捉: one side chases in turn an unprotected piece and, jointly with "
					   "another piece, a protected one (CXA 图10/图11 rule against a side here; "
					   "no general rule is given: spec 5.2)");
				break;
			}
		if (y1956) {
			snprintf(ev->rule, sizeof ev->rule, "%s",
				 "1956 ch. 7 item 2.8: 车马循环反捉 (both sides chase in turn) is a draw");
			if (!pure)
				add_review(ev, "both sides forbidden, not both pure chases: the 1956 text gives only the mutual chase (L)");
		} else {
			snprintf(ev->rule, sizeof ev->rule, "%s",
				 "CXA 26.3: both sides use forbidden moves, a draw");
			if (!pure)
				add_review(ev, "both sides forbidden, not both pure chases: no CXA example seen (spec 5.2, M/L)");
		}
		return;
	}
	for (int k = 0; k < 2; k++)
		if (c[k] == XQ_CLASS_FORBIDDEN) {
			ev->verdict = loses(k);
			if (y1956)
				snprintf(ev->rule, sizeof ev->rule, "%s; the other side: %s",
					 forbidden_1956(&s[k]), allowed_1956(&s[!k]));
			else
				snprintf(ev->rule, sizeof ev->rule, "%s",
					 "CXA 26.4: forbidden moves (25.2: every move attacks) against allowed ones: the forbidden side must change");
			return;
		}
	ev->verdict = XQ_VERDICT_DRAW;
	if (y1956)
		snprintf(ev->rule, sizeof ev->rule, "both sides allowed, a draw: Red %s; Black %s",
			 allowed_1956(&s[0]), allowed_1956(&s[1]));
	else
		snprintf(ev->rule, sizeof ev->rule, "%s",
			 "CXA 26.2: both sides use allowed moves (25.2), a draw");
}

static int ruling(struct xq_judge *j, int first, int t, int occ, int cycle)
{
	int nl = t - first;
	struct xq_event *ev = &j->ev[j->nev];
	struct side_sum s[2];
	unsigned chase;

	unsigned *chases = j->chases;
	memset(ev, 0, sizeof *ev);
	memset(s, 0, sizeof s);
	s[0].inter = s[1].inter = s[0].inter_nocheck = s[1].inter_nocheck = 0xffff;
	s[0].all_attack = s[1].all_attack = 1;
	ev->kind = XQ_EVENT_REPETITION;
	ev->ply = t;
	ev->rules = j->o.rules;
	ev->first = first + 1;
	ev->occurrences = occ;
	ev->cycle = cycle;
	ev->victim[0] = ev->victim[1] = -1;
	ev->labels = &j->labels[first + 1];
	ev->nlabels = nl;
	for (int i = first + 1; i <= t; i++) {
		struct xq_label *l = &j->labels[i];
		if (!j->labelled[i]) {
			/* The span repeats itself: a move already labelled in the
			 * same position (pieces by identity) gets the same label. */
			int k = first + 1;
			for (; k < i; k++)
				if (j->moves[k] == j->moves[i] && j->keys[k - 1] == j->keys[i - 1] &&
				    !memcmp(pos_at(j, k - 1)->board, pos_at(j, i - 1)->board,
					    sizeof j->pos[0].board))
					break;
			if (k < i) {
				*l = j->labels[k];
				l->ply = i;
				chases[i] = chases[k];
			} else {
				label_move(j, i, l, &chases[i]);
			}
			j->labelled[i] = 1;
		}
		chase = chases[i];
		struct side_sum *x = &s[l->side];
		x->moves++;
		x->checks += !!(l->flags & XQ_LABEL_CHECK);
		x->kills += !!(l->flags & XQ_LABEL_KILL);
		x->chases += !!(l->flags & XQ_LABEL_CHASE);
		x->discoveries += !!(l->flags & XQ_LABEL_DISCOVERY);
		x->unknown += !!(l->flags & XQ_LABEL_KILL_UNKNOWN);
		x->idle += !!(l->flags & XQ_LABEL_IDLE);
		x->joint_only += (l->flags & (ATTACK | XQ_LABEL_JOINT)) == (XQ_LABEL_CHASE | XQ_LABEL_JOINT);
		x->plain_chases += (l->flags & (XQ_LABEL_CHASE | XQ_LABEL_JOINT)) == XQ_LABEL_CHASE;
		x->idle_kinds |= l->flags & ~(unsigned)(ATTACK | XQ_LABEL_IDLE);
		if (!(l->flags & ATTACK))
			x->all_attack = 0;
		x->inter &= chase;
		x->inter_nocheck &= (l->flags & XQ_LABEL_CHECK) ? 0 : chase;
	}
	/* The one victim's squares over the span (1956 捉一不捉二). */
	for (int k = 0; k < 2; k++) {
		int sqs[64], nsq = 0;
		if (!s[k].inter)
			continue;
		int id = __builtin_ctz(s[k].inter);
		for (int i = 0; i < nl; i++) {
			const struct xq_label *l = &j->labels[first + 1 + i];
			if ((int)l->side != k)
				continue;
			for (int c = 0; c < l->nchased; c++)
				if (l->chased[c].id == id) {
					int seen = 0;
					for (int q = 0; q < nsq; q++)
						seen |= sqs[q] == l->chased[c].sq;
					if (!seen && nsq < 64)
						sqs[nsq++] = l->chased[c].sq;
				}
		}
		s[k].victim_sqs = nsq;
		int isq = pos_at(j, t)->sq_of[(!k) * 16 + id];
		if (isq)
			ev->victim[k] = isq_to_sq(isq);
	}
	if (j->o.rules == XQ_RULES_AXF)
		judge_axf(ev, s);
	else
		judge_cxa(ev, s, j->o.rules == XQ_RULES_1956);
	if (j->o.rules != XQ_RULES_AXF || ev->cls[0] != XQ_CLASS_PERPETUAL_CHASE)
		ev->victim[0] = -1;
	if (j->o.rules != XQ_RULES_AXF || ev->cls[1] != XQ_CLASS_PERPETUAL_CHASE)
		ev->victim[1] = -1;
	j->nev++;
	return 0;
}

/* ------------------------------------------------------------ the line */

struct xq_judge *xq_judge_new(const struct xq_judge_opts *o, int *err)
{
	struct xq_judge *j;
	struct xq_judge_opts d = { 0 };
	int dummy;

	if (!err)
		err = &dummy;
	if (o)
		d = *o;
	if (!d.fold)
		d.fold = 3;
	if (!d.limit)
		d.limit = 120;
	if (!d.check_cap)
		d.check_cap = 10;
	if (!d.kill_depth)
		d.kill_depth = 3;
	if (!d.kill_budget)
		d.kill_budget = 5000;
	if (d.fold < 2 || d.fold > 4 || d.limit < 2 || d.limit > 1000 || d.limit % 2 ||
	    d.check_cap < 0 || d.kill_depth < 1 || d.kill_depth > 8 || d.kill_budget < 1 ||
	    (unsigned)d.rules > XQ_RULES_1956) {
		*err = XQ_ERANGE;
		return NULL;
	}
	if (!(j = calloc(1, sizeof *j))) {
		*err = XQ_ENOMEM;
		return NULL;
	}
	j->o = d;
	return j;
}

const struct xq_judge_opts *xq_judge_options(const struct xq_judge *j)
{
	return &j->o;
}

void xq_judge_free(struct xq_judge *j)
{
	if (!j)
		return;
	free(j->e);
	free(j->moves);
	free(j->half);
	free(j->check);
	free(j->keys);
	free(j->pos);
	free(j->have);
	free(j->labels);
	free(j->chases);
	free(j->labelled);
	free(j);
}

static int reserve(struct xq_judge *j, int n)
{
	if (n <= j->cap)
		return 0;
	int cap = j->cap ? j->cap : 64;
	while (cap < n)
		cap *= 2;
	struct entry *e = realloc(j->e, (size_t)cap * sizeof *e);
	if (!e)
		return XQ_ENOMEM;
	j->e = e;
	xq_move *mv = realloc(j->moves, (size_t)cap * sizeof *mv);
	if (!mv)
		return XQ_ENOMEM;
	j->moves = mv;
	uint16_t *hm = realloc(j->half, (size_t)cap * sizeof *hm);
	if (!hm)
		return XQ_ENOMEM;
	j->half = hm;
	uint8_t *ck = realloc(j->check, (size_t)cap);
	if (!ck)
		return XQ_ENOMEM;
	j->check = ck;
	uint64_t *k = realloc(j->keys, (size_t)cap * sizeof *k);
	if (!k)
		return XQ_ENOMEM;
	j->keys = k;
	struct xq_pos *p = realloc(j->pos, (size_t)cap * sizeof *p);
	if (!p)
		return XQ_ENOMEM;
	j->pos = p;
	uint8_t *h = realloc(j->have, (size_t)cap);
	if (!h)
		return XQ_ENOMEM;
	j->have = h;
	struct xq_label *l = realloc(j->labels, (size_t)cap * sizeof *l);
	if (!l)
		return XQ_ENOMEM;
	j->labels = l;
	unsigned *c = realloc(j->chases, (size_t)cap * sizeof *c);
	if (!c)
		return XQ_ENOMEM;
	j->chases = c;
	uint8_t *d = realloc(j->labelled, (size_t)cap);
	if (!d)
		return XQ_ENOMEM;
	j->labelled = d;
	j->cap = cap;
	return 0;
}

/* The natural-limit events of entry t (section 10); after: its position
 * if at hand, else NULL. */
static void limit_events(struct xq_judge *j, int t, const struct xq_pos *after)
{
	struct entry *e = &j->e[t];
	int raw = e->halfmove, half = j->o.limit / 2;
	int unseen = raw - (t - e->window);
	int mv[2], ok[2];

	if (raw < j->o.limit)
		return;
	if (unseen < 0)
		unseen = 0;
	/* Unseen plies alternate backwards from the start's side to move. */
	mv[0] = e->moves[0];
	mv[1] = e->moves[1];
	if (unseen) {
		int s0 = j->pos[0].side;
		mv[!s0] += (unseen + 1) / 2;
		mv[s0] += unseen / 2;
	}
	for (int k = 0; k < 2; k++) {
		int excess = e->checks[k] - j->o.check_cap;
		ok[k] = mv[k] - (excess > 0 ? excess : 0) >= half;
	}
	for (int k = 0; k < 2; k++)
		ok[k] = ok[k] && mv[!k] >= half;
	if (!e->limit_done) {
		struct xq_event *ev = &j->ev[j->nev++];
		memset(ev, 0, sizeof *ev);
		ev->ply = t;
		ev->plies = raw;
		ev->unseen = unseen;
		memcpy(ev->moves, e->moves, sizeof ev->moves);
		memcpy(ev->checks, e->checks, sizeof ev->checks);
		e->limit_done = 1;
		const struct xq_pos *at = after ? after : pos_at(j, t);
		enum xq_status st = t ? xq_status(at) : XQ_PLAYING;
		if (st != XQ_PLAYING) {
			ev->kind = XQ_EVENT_LIMIT_MATE;
			ev->mated = (enum xq_side)at->side;
			e->claim_done[0] = e->claim_done[1] = 1;
			return;
		}
		ev->kind = XQ_EVENT_LIMIT;
		for (int k = 0; k < 2; k++)
			if (ok[k]) {
				ev->may_claim[k] = 1;
				e->claim_done[k] = 1;
			}
		return;
	}
	for (int k = 0; k < 2; k++)
		if (ok[k] && !e->claim_done[k]) {
			struct xq_event *ev = &j->ev[j->nev++];
			memset(ev, 0, sizeof *ev);
			ev->kind = XQ_EVENT_CLAIM;
			ev->ply = t;
			ev->plies = raw;
			ev->unseen = unseen;
			memcpy(ev->moves, e->moves, sizeof ev->moves);
			memcpy(ev->checks, e->checks, sizeof ev->checks);
			ev->claimant = (enum xq_side)k;
			ev->may_claim[k] = 1;
			e->claim_done[k] = 1;
		}
}

int xq_judge_start(struct xq_judge *j, const struct xq_pos *pos)
{
	if (reserve(j, 1))
		return XQ_ENOMEM;
	struct entry *e = &j->e[0];
	memset(e, 0, sizeof *e);
	e->halfmove = pos->halfmove;
	e->last_ruling = -1;
	j->pos[0] = *pos;
	j->have[0] = 1;
	j->keys[0] = pos->key;
	j->moves[0] = 0;
	j->half[0] = pos->halfmove;
	j->check[0] = 0;
	j->n = j->ne = 1;
	j->window = 0;
	j->nev = 0;
	j->seen_to = -1;
	limit_events(j, 0, pos);
	return j->nev;
}

int xq_judge_truncate(struct xq_judge *j, int plies)
{
	if (plies < 0 || plies >= j->n)
		return XQ_ERANGE;
	if (plies < j->n - 1)
		j->seen_to = -1;
	j->n = plies + 1;
	if (j->ne > j->n)
		j->ne = j->n;
	/* the window of the new last ply: its last capture since e[ne - 1] */
	j->window = j->e[j->ne - 1].window;
	for (int i = plies; i >= j->ne; i--)
		if (!j->half[i]) {
			j->window = i;
			break;
		}
	j->nev = 0;
	return 0;
}

int xq_judge_plies(const struct xq_judge *j) { return j->n - 1; }

const struct xq_pos *xq_judge_position(const struct xq_judge *j, int ply)
{
	/* The judge is the caller's own (xq_judge_new): the positions made
	 * here are a cache, not a change of the line. */
	return ply >= 0 && ply < j->n ? pos_at((struct xq_judge *)(uintptr_t)j, ply) : NULL;
}

const struct xq_event *xq_judge_event(const struct xq_judge *j, int i)
{
	return i >= 0 && i < j->nev ? &j->ev[i] : NULL;
}

/* The next ply: move m leading to key (check: it gives check; halfmove:
 * the new position's counter, 0 after a capture); after: that position,
 * or NULL when only the keys are known. */
static int push(struct xq_judge *j, xq_move m, uint64_t key, int check, unsigned halfmove,
		const struct xq_pos *after);

int xq_judge_push(struct xq_judge *j, xq_move m)
{
	j->nev = 0;
	if (j->n < 1 || !xq_is_legal(pos_at(j, j->n - 1), m))
		return XQ_EILLEGAL;
	if (j->n + 1 > j->cap && reserve(j, j->n + 1))
		return XQ_ENOMEM;
	struct xq_undo u;
	struct xq_pos *p = &j->pos[j->n];
	*p = *pos_at(j, j->n - 1);
	xq_make(p, m, &u);
	j->have[j->n] = 1;
	return push(j, m, p->key, p->in_check, p->halfmove, p);
}

int xq_judge_push_played(struct xq_judge *j, xq_move m, const struct xq_pos *after)
{
	j->nev = 0;
	if (j->n < 1 || !after)
		return XQ_EILLEGAL;
	return push(j, m, after->key, after->in_check, after->halfmove, after);
}

static int push_rest(struct xq_judge *j, int t, int hit, const struct xq_pos *after);
static inline int seen_bit(uint64_t key) { return (int)(key >> (64 - SEEN_BITS)); }

/*
 * The next ply: move m leading to key (check: it gives check; halfmove:
 * the new position's counter, 0 after a capture); after: that position,
 * or NULL when only the keys are known.  Stores the ply and returns
 * whether it may have events (its key was seen in the window, or the
 * limit is reached): then push_rest() has the rest to do.
 */
static inline int record(struct xq_judge *j, int t, xq_move m, uint64_t key, int check,
			 unsigned halfmove, const struct xq_pos *after, int *hit)
{
	j->moves[t] = m;
	j->keys[t] = key;
	j->half[t] = (uint16_t)halfmove;
	j->check[t] = (uint8_t)check;
	if (after != &j->pos[t])
		j->have[t] = 0;
	j->labelled[t] = 0;
	j->n = t + 1;
	if (!(uint16_t)halfmove)
		j->window = t;

	/* The filter tells first whether the key may have occurred in the
	 * window (usually it has not). */
	int w = j->window;
	if (j->seen_to != t - 1 || j->seen_window != w) {
		memset(j->seen, 0, sizeof j->seen);
		for (int i = w; i < t; i++)
			j->seen[seen_bit(j->keys[i]) >> 6] |= 1ull << (seen_bit(j->keys[i]) & 63);
		j->seen_window = w;
	}
	int bit = seen_bit(key);
	uint64_t word = j->seen[bit >> 6], mask = 1ull << (bit & 63);
	j->seen[bit >> 6] = word | mask;
	j->seen_to = t;
	*hit = (word & mask) != 0;
	return *hit || (uint16_t)halfmove >= j->o.limit;
}

static int push(struct xq_judge *j, xq_move m, uint64_t key, int check, unsigned halfmove,
		const struct xq_pos *after)
{
	int hit;
	if (j->n + 1 > j->cap && reserve(j, j->n + 1))
		return XQ_ENOMEM;
	if (!record(j, j->n, m, key, check, halfmove, after, &hit))
		return 0;
	return push_rest(j, j->n - 1, hit, after);
}

int xq_judge_push_node(struct xq_judge *j, const struct xq_node *n)
{
	j->nev = 0;
	if (j->n < 1 || !n || !(n->flags & XQ_NODE_PLAYED))
		return XQ_EILLEGAL;
	/* the counter as xq_make() keeps it */
	unsigned half = n->flags & XQ_NODE_CAPTURE ? 0 : (uint16_t)(j->half[j->n - 1] + 1);
	return push(j, n->move, n->key, (n->flags & XQ_NODE_CHECK) != 0, half, NULL);
}

/* record() for a run of nodes, with the line's state in locals: the
 * judge's usual step, a few stores and one bit tested per ply. */
int xq_judge_push_nodes(struct xq_judge *j, const struct xq_node **np)
{
	const struct xq_node *n = *np;
	int rc = 0;

	j->nev = 0;
	if (j->n < 1)
		return XQ_EILLEGAL;
	int t = j->n, w = j->window, limit = j->o.limit;
	unsigned half = j->half[t - 1];
	uint64_t *seen = j->seen;
	if (j->seen_to != t - 1 || j->seen_window != w) {
		memset(seen, 0, sizeof j->seen);
		for (int i = w; i < t; i++)
			seen[seen_bit(j->keys[i]) >> 6] |= 1ull << (seen_bit(j->keys[i]) & 63);
	}
	for (; n && (n->flags & XQ_NODE_PLAYED); n = n->child, t++) {
		if (t + 1 > j->cap && reserve(j, t + 1)) {
			rc = XQ_ENOMEM;
			break;
		}
		unsigned f = n->flags;
		uint64_t key = n->key;
		/* the counter as xq_make() keeps it */
		half = f & XQ_NODE_CAPTURE ? 0 : (uint16_t)(half + 1);
		j->moves[t] = n->move;
		j->keys[t] = key;
		j->half[t] = (uint16_t)half;
		j->check[t] = (uint8_t)((f & XQ_NODE_CHECK) != 0);
		j->have[t] = 0;
		j->labelled[t] = 0;
		if (!half) {
			w = t;
			memset(seen, 0, sizeof j->seen);
		}
		int bit = seen_bit(key);
		uint64_t word = seen[bit >> 6], mask = 1ull << (bit & 63);
		seen[bit >> 6] = word | mask;
		if ((word & mask) || half >= (unsigned)limit) {
			j->n = t + 1;
			j->window = j->seen_window = w;
			j->seen_to = t;
			if ((rc = push_rest(j, t, (word & mask) != 0, NULL)) != 0)
				break;
		}
	}
	/* t: the ply of the events (or error), else one past the last */
	j->n = rc > 0 ? t + 1 : t;
	j->window = j->seen_window = w;
	j->seen_to = j->n - 1;
	*np = n;
	return rc;
}

int xq_judge_window(const struct xq_judge *j) { return j->window; }

/* Make the entries of plies ne..t from their moves, counters and checks. */
static void settle(struct xq_judge *j, int t)
{
	for (int i = j->ne; i <= t; i++) {
		struct entry *e = &j->e[i];
		*e = j->e[i - 1];
		e->halfmove = j->half[i];
		if (!e->halfmove) {
			e->window = i;
			memset(e->moves, 0, sizeof e->moves);
			memset(e->checks, 0, sizeof e->checks);
			e->limit_done = e->claim_done[0] = e->claim_done[1] = 0;
		} else {
			int side = (j->pos[0].side + i - 1) & 1;
			e->moves[side]++;
			e->checks[side] += j->check[i];
		}
	}
	if (j->ne <= t)
		j->ne = t + 1;
}

/*
 * Repetition: equal positions since the last capture, two plies apart.  A
 * ruling needs fold occurrences since the last ruling; its span starts at
 * the earliest occurrence in the window, so that cycles by different
 * routes are judged on all their moves.  After the filter (record), the
 * keys tell whether enough may be equal; only then are positions made and
 * compared in full.  No ruling is made past e[ne - 1], so its last ruling
 * is the line's.  Then the natural limit.
 */
static int push_rest(struct xq_judge *j, int t, int hit, const struct xq_pos *after)
{
	uint64_t key = j->keys[t];
	int w = j->window, krecent = 1;
	if (hit) {
		int last_ruling = j->e[j->ne - 1].last_ruling;
		for (int i = t - 2; i >= w; i -= 2)
			if (j->keys[i] == key && i >= last_ruling)
				krecent++;
	}
	if (krecent < j->o.fold && j->half[t] < j->o.limit)
		return 0;

	settle(j, t);
	struct entry *e = &j->e[t];
	if (krecent >= j->o.fold) {
		int occ = 1, recent = 1, first = -1, last_match = -1;
		const struct xq_pos *pt = after ? after : pos_at(j, t);
		if (!j->have[t]) {
			j->pos[t] = *pt;
			j->have[t] = 1;
		}
		for (int i = t - 2; i >= e->window; i -= 2)
			if (j->keys[i] == key && xq_pos_same(pos_at(j, i), &j->pos[t])) {
				if (last_match < 0)
					last_match = i;
				occ++;
				if (i >= e->last_ruling)
					recent++;
				first = i;
			}
		if (first >= 0 && recent >= j->o.fold) {
			int rc = ruling(j, first, t, occ, t - last_match);
			if (rc)
				return rc;
			e->last_ruling = t;
		}
	}
	if (e->halfmove >= j->o.limit)
		limit_events(j, t, after);
	return j->nev;
}

/* ------------------------------------------------ judging a whole game
 *
 * The main line alone is judged from what replay left in its nodes (key,
 * check and capture: XQ_NODE_PLAYED), no move made.  With the variations,
 * the walk visits the main line, then the variations; the judge keeps one
 * line.  A visit continues the judge's line when the node's parent is the
 * last node judged at the ply before; otherwise the line is cut back to
 * where it agrees with the node's ancestors and replayed from there (the
 * events of that replay were reported when that stretch was first seen).
 */

struct game_judging {
	struct xq_judge *j;
	const struct xq_game *g;
	int all_lines;
	xq_game_event_fn fn;
	void *data;
	struct xq_game_verdict *res;
	const struct xq_node **nodes; /* nodes[ply] of the judge's line */
	int cap;
	int err;
};

static int line_grow(struct game_judging *s, int n)
{
	if (n < s->cap)
		return 0;
	int cap = s->cap ? s->cap : 256;
	while (cap <= n)
		cap *= 2;
	const struct xq_node **p = realloc(s->nodes, (size_t)cap * sizeof *p);
	if (!p)
		return XQ_ENOMEM;
	s->nodes = p;
	s->cap = cap;
	return 0;
}

static void report_events(struct game_judging *s, int nev, const struct xq_node *node,
			  int mainline, int depth)
{
	for (int i = 0; i < nev; i++) {
		const struct xq_event *ev = xq_judge_event(s->j, i);
		if (ev->kind == XQ_EVENT_REPETITION) {
			s->res->rulings++;
			if (ev->verdict == XQ_VERDICT_RED_LOSES || ev->verdict == XQ_VERDICT_BLACK_LOSES)
				s->res->against++;
		} else {
			s->res->limits++;
		}
		/* a natural-limit event that lets no side claim changes nothing */
		enum xq_verdict v = xq_event_verdict(ev);
		if (mainline && (ev->kind == XQ_EVENT_REPETITION || v != XQ_VERDICT_NONE))
			s->res->verdict = v;
		if (s->fn) {
			struct xq_game_event e = { ev, node, s->j, mainline, depth };
			s->fn(s->data, &e);
		}
	}
}

/* Make the judge's line the ancestors of n (plies 0..ply-1). */
static int align_line(struct game_judging *s, const struct xq_node *n, int ply)
{
	int have = xq_judge_plies(s->j);
	if (ply - 1 == 0 || (have >= ply - 1 && s->nodes[ply - 1] == n->parent))
		return xq_judge_truncate(s->j, ply - 1);
	const struct xq_node **chain = malloc((size_t)ply * sizeof *chain);
	if (!chain)
		return XQ_ENOMEM;
	int k = ply - 1;
	for (const struct xq_node *p = n->parent; p && p->parent && k > 0; p = p->parent)
		chain[k--] = p;
	int i = 1;
	while (i < ply && i <= have && s->nodes[i] == chain[i])
		i++;
	int rc = xq_judge_truncate(s->j, i - 1);
	for (; rc >= 0 && i < ply; i++) {
		rc = xq_judge_push(s->j, chain[i]->move);
		s->nodes[i] = chain[i];
	}
	free(chain);
	return rc < 0 ? rc : 0;
}

static int judge_visit(void *data, const struct xq_walk_step *st)
{
	struct game_judging *s = data;
	int main = (st->flags & XQ_STEP_MAINLINE) != 0, rc;

	if (!main && !s->all_lines)
		return XQ_WALK_STOP;
	if (!st->after)
		return XQ_WALK_SKIP;
	/* The usual step continues the judge's line; else align it. */
	int next = st->ply - 1 == xq_judge_plies(s->j) && st->ply < s->cap &&
		   (st->ply == 1 || s->nodes[st->ply - 1] == st->node->parent);
	if (!next && ((rc = line_grow(s, st->ply)) || (rc = align_line(s, st->node, st->ply)))) {
		s->err = rc;
		return XQ_WALK_STOP;
	}
	rc = xq_judge_push_played(s->j, st->node->move, st->after);
	if (rc < 0) {
		s->err = rc;
		return XQ_WALK_STOP;
	}
	s->nodes[st->ply] = st->node;
	if (main && st->after->halfmove == 0)
		s->res->verdict = XQ_VERDICT_NONE;   /* a capture: a new stretch */
	report_events(s, rc, st->node, main, st->depth);
	return XQ_WALK_NEXT;
}

/* Whether replay played every move of the main line (XQ_NODE_PLAYED: the
 * node holds its key and its check and capture flags) up to where the
 * line ends or has a move replay could not play: then the judge needs no
 * walk (a node with a move replay did not play was added later). */
static int main_line_played(const struct xq_game *g)
{
	const struct xq_node *n;
	if (!(g->flags & XQ_GAME_REPLAYED))
		return 0;
	for (n = g->root.child; n && (n->flags & XQ_NODE_PLAYED); n = n->child)
		;
	return !n || n->move == XQ_MOVE_NONE;
}

/* The main line from its nodes, no move made (main_line_played). */
static int main_line_by_nodes(struct game_judging *s)
{
	const struct xq_node *n = s->g->root.child;
	int last = 0;    /* the ply of the last events */

	for (;;) {
		int rc = xq_judge_push_nodes(s->j, &n);
		if (rc < 0)
			return rc;
		if (xq_judge_window(s->j) > last)
			s->res->verdict = XQ_VERDICT_NONE;   /* a capture: a new stretch */
		if (!rc)
			return 0;
		last = xq_judge_plies(s->j);
		report_events(s, rc, n, 1, 0);
		n = n->child;
	}
}

int xq_game_judge(struct xq_judge *j, const struct xq_game *g, int all_lines,
		  xq_game_event_fn fn, void *data, struct xq_game_verdict *res)
{
	struct game_judging s = { j, g, all_lines, fn, data, res, NULL, 0, 0 };
	int rc;

	memset(res, 0, sizeof *res);
	if ((rc = xq_judge_start(j, &g->start)) < 0)
		return rc;
	/* the events at ply 0: a FEN whose counter is at the limit already */
	report_events(&s, rc, NULL, 1, 0);
	if (!all_lines && main_line_played(g))
		return main_line_by_nodes(&s);
	if ((rc = line_grow(&s, 1)) < 0)
		return rc;
	s.nodes[0] = &g->root;
	rc = xq_game_walk(g, judge_visit, &s);
	free(s.nodes);
	if (rc < 0)
		return rc;
	return s.err;
}

enum xq_verdict xq_event_verdict(const struct xq_event *ev)
{
	switch (ev->kind) {
	case XQ_EVENT_REPETITION: return ev->verdict;
	case XQ_EVENT_LIMIT_MATE:
		return ev->mated == XQ_RED ? XQ_VERDICT_RED_LOSES : XQ_VERDICT_BLACK_LOSES;
	default:
		return ev->may_claim[0] || ev->may_claim[1] ? XQ_VERDICT_DRAW : XQ_VERDICT_NONE;
	}
}

/* s after buf[0..o) as snprintf(buf + o, size - o, "%s", s) would put it
 * (cut to fit, always ended): the length the text would have. */
static size_t append(char *buf, size_t size, size_t o, const char *s)
{
	size_t n = strlen(s);
	if (o + 1 < size) {
		size_t k = n < size - o - 1 ? n : size - o - 1;
		memcpy(buf + o, s, k);
		buf[o + k] = 0;
	}
	return o + n;
}

/* The labels in the order they are said, with their words and names. */
static const struct {
	unsigned flag;
	const char *word, *name;
} label_words[] = {
	{ XQ_LABEL_CHECK, "check 将", "check" },
	{ XQ_LABEL_KILL, "mate-threat 杀", "mate-threat" },
	{ XQ_LABEL_KILL_UNKNOWN, "mate-threat-unknown", "mate-threat-unknown" },
	{ XQ_LABEL_DISCOVERY, "win-by-check 抽吃", "win-by-check" },
	{ XQ_LABEL_CHASE, "chase 捉", "chase" },
	{ XQ_LABEL_IDLE, "idle 闲", "idle" },
	{ XQ_LABEL_EXCHANGE, "exchange 兑", "exchange" },
	{ XQ_LABEL_OFFER, "offer 献", "offer" },
	{ XQ_LABEL_BLOCK, "block 拦", "block" },
	{ XQ_LABEL_FOLLOW, "follow 跟", "follow" },
	{ XQ_LABEL_KING_PAWN, "king-or-pawn-attack", "king-or-pawn-attack" },
	{ XQ_LABEL_JOINT, "joint-chase 联合捉 (少根子)", "joint-chase" },
	{ XQ_LABEL_MATE_AFTER, "capture-allows-mate (CXA 29.4)", "capture-allows-mate" },
};
#define NLABEL_WORDS (sizeof label_words / sizeof label_words[0])
_Static_assert(NLABEL_WORDS == XQ_LABEL_KINDS, "a label without words");

int xq_label_names(unsigned flags, const char **names, int max)
{
	int n = 0;
	for (size_t i = 0; i < NLABEL_WORDS && n < max; i++)
		if (flags & label_words[i].flag)
			names[n++] = label_words[i].name;
	return n;
}

void xq_label_text(const struct xq_label *l, char *buf, size_t size)
{
	size_t o = 0;
	if (size)
		buf[0] = 0;
	for (size_t i = 0; i < NLABEL_WORDS; i++) {
		if (!(l->flags & label_words[i].flag))
			continue;
		if (o)
			o = append(buf, size, o, ", ");
		o = append(buf, size, o, label_words[i].word);
		if (label_words[i].flag == XQ_LABEL_CHASE)
			for (int c = 0; c < l->nchased; c++) {
				char sq[4] = { ' ', (char)('a' + XQ_FILE(l->chased[c].sq)),
					       (char)('0' + XQ_RANK(l->chased[c].sq)), 0 };
				o = append(buf, size, o, c ? " and " : " ");
				o = append(buf, size, o, xq_type_name(l->chased[c].type));
				o = append(buf, size, o, sq);
			}
	}
}

static const char *ordinal(int n)
{
	switch (n) {
	case 2: return "2nd";
	case 3: return "3rd";
	case 4: return "4th";
	case 5: return "5th";
	default: return "nth";
	}
}

void xq_event_text(const struct xq_event *ev, char *buf, size_t size)
{
	switch (ev->kind) {
	case XQ_EVENT_REPETITION: {
		const char *v;
		switch (ev->verdict) {
		case XQ_VERDICT_RED_LOSES: v = "Red must change, and loses if it goes on"; break;
		case XQ_VERDICT_BLACK_LOSES: v = "Black must change, and loses if it goes on"; break;
		default: v = "a draw if neither side changes"; break;
		}
		snprintf(buf, size, "repetition (%s, %s occurrence, plies %d-%d): %s: %s%s%s",
			 xq_rules_name(ev->rules), ordinal(ev->occurrences), ev->first, ev->ply, v,
			 ev->rule, ev->review[0] ? "; needs review: " : "", ev->review);
		break;
	}
	case XQ_EVENT_LIMIT_MATE:
		snprintf(buf, size, "natural limit reached at ply %d (%d plies without a capture) by a move that "
			 "leaves %s without a move: the game ends by that result, not by the limit",
			 ev->ply, ev->plies, xq_side_name(ev->mated));
		break;
	case XQ_EVENT_LIMIT:
	case XQ_EVENT_CLAIM: {
		const char *who = ev->may_claim[0] && ev->may_claim[1] ? "either side may claim a draw" :
			ev->may_claim[0] ? "Red may claim a draw" :
			ev->may_claim[1] ? "Black may claim a draw" :
			"neither side may claim yet (checks beyond the cap do not count)";
		int n = snprintf(buf, size, "%s at ply %d (%d plies without a capture): %s",
				 ev->kind == XQ_EVENT_LIMIT ? "natural limit reached" : "natural limit",
				 ev->ply, ev->plies, who);
		if (ev->unseen && n >= 0 && (size_t)n < size)
			snprintf(buf + n, size - (size_t)n,
				 "; %d of those plies are before the record (the FEN's counter), unseen: "
				 "their checks are taken as none", ev->unseen);
		break;
	}
	}
}

struct warner {
	struct xq_game *g;
	const char *file;
	xq_problem_fn fn;
	void *data;
};

static void warn_one(void *data, const struct xq_game_event *e)
{
	struct warner *r = data;
	char msg[2048];
	struct xq_problem p = { 0 };

	xq_event_text(e->ev, msg, sizeof msg);
	p.severity = XQ_SEV_WARNING;
	p.code = e->ev->kind == XQ_EVENT_REPETITION ? XQ_P_REPETITION : XQ_P_NATURAL_LIMIT;
	p.file = r->file;
	p.game = r->g->index;
	p.line = e->node ? (long)e->node->line : r->g->line;
	p.col = e->node ? (long)e->node->col : 0;
	p.ply = e->ev->ply;
	p.text = e->node ? e->node->text : NULL;
	p.msg = msg;
	r->g->warnings++;
	r->fn(r->data, &p);
}

int xq_game_judge_warn(struct xq_judge *j, struct xq_game *g, const char *file,
		       xq_problem_fn fn, void *data)
{
	struct warner r = { g, file, fn, data };
	struct xq_game_verdict res;
	return xq_game_judge(j, g, 0, warn_one, &r, &res);
}

struct commenter {
	struct xq_game *g;
	enum xq_notation n;
	int err;
};

static void comment_one(void *data, const struct xq_game_event *e)
{
	struct commenter *c = data;
	char text[4096], lab[512], mv[XQ_MOVE_TEXT_MAX];
	size_t o;

	xq_event_text(e->ev, text, sizeof text);
	o = strlen(text);
	for (int i = 0; e->ev->kind == XQ_EVENT_REPETITION && i < e->ev->nlabels && o < sizeof text; i++) {
		const struct xq_label *l = &e->ev->labels[i];
		if (xq_move_format(xq_judge_position(e->j, l->ply - 1), l->move, c->n, 0, mv, sizeof mv) < 0)
			xq_move_iccs(l->move, mv);
		xq_label_text(l, lab, sizeof lab);
		o += (size_t)snprintf(text + o, sizeof text - o, "%s %d %s: %s", i ? ";" : ". Labels:",
				      l->ply, mv, lab);
	}
	/* The node is the game's own: the walk hands it out read-only. */
	struct xq_node *node = e->node ? (struct xq_node *)(uintptr_t)e->node : &c->g->root;
	if (xq_node_comment(c->g, node, 0, text, strlen(text)) < 0)
		c->err = XQ_ENOMEM;
}

int xq_game_judge_comment(struct xq_judge *j, struct xq_game *g, enum xq_notation n)
{
	struct commenter c = { g, n, 0 };
	struct xq_game_verdict res;
	int rc = xq_game_judge(j, g, 1, comment_one, &c, &res);
	return rc ? rc : c.err;
}
