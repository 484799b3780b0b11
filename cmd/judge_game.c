/*
 * judge_game.c - one game judged line by line (see judge_game.h).
 *
 * The main line alone is judged from what replay left in its nodes (key,
 * check and capture: XQ_NODE_PLAYED), no move made.  With the variations,
 * the walk visits the main line, then the variations; the judge keeps one
 * line.  A visit continues the judge's line when the node's parent is the
 * last node judged at the ply before; otherwise the line is cut back to
 * where it agrees with the node's ancestors and replayed from there (the
 * events of that replay were reported when that stretch was first seen).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "judge_game.h"

struct state {
	struct xq_judge *j;
	const struct xq_game *g;
	int all_lines;
	judged_fn fn;
	void *data;
	struct judge_result *res;
	const struct xq_node **nodes; /* nodes[ply] of the judge's line */
	int cap;
	int err;
};

static int grow(struct state *s, int n)
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

static void report(struct state *s, int nev, const struct xq_node *node, int mainline,
		   int depth)
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
		if (mainline) {
			switch (ev->kind) {
			case XQ_EVENT_REPETITION: s->res->verdict = ev->verdict; break;
			case XQ_EVENT_LIMIT_MATE:
				s->res->verdict = ev->mated == XQ_RED ? XQ_VERDICT_RED_LOSES :
					XQ_VERDICT_BLACK_LOSES;
				break;
			default:
				if (ev->may_claim[0] || ev->may_claim[1])
					s->res->verdict = XQ_VERDICT_DRAW;
				break;
			}
		}
		if (s->fn) {
			struct judged e = { ev, node, s->j, mainline, depth };
			s->fn(s->data, &e);
		}
	}
}

/* Make the judge's line the ancestors of n (plies 0..ply-1). */
static int align(struct state *s, const struct xq_node *n, int ply)
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

static int visit(void *data, const struct xq_walk_step *st)
{
	struct state *s = data;
	int main = (st->flags & XQ_STEP_MAINLINE) != 0, rc;

	if (!main && !s->all_lines)
		return XQ_WALK_STOP;
	if (!st->after)
		return XQ_WALK_SKIP;
	/* The usual step continues the judge's line; else align it. */
	int next = st->ply - 1 == xq_judge_plies(s->j) && st->ply < s->cap &&
		   (st->ply == 1 || s->nodes[st->ply - 1] == st->node->parent);
	if (!next && ((rc = grow(s, st->ply)) || (rc = align(s, st->node, st->ply)))) {
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
	report(s, rc, st->node, main, st->depth);
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
static int main_line_by_nodes(struct state *s)
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
		report(s, rc, n, 1, 0);
		n = n->child;
	}
}

int judge_game(struct xq_judge *j, const struct xq_game *g, int all_lines,
	       judged_fn fn, void *data, struct judge_result *res)
{
	struct state s = { j, g, all_lines, fn, data, res, NULL, 0, 0 };
	int rc;

	memset(res, 0, sizeof *res);
	if ((rc = xq_judge_start(j, &g->start)) < 0)
		return rc;
	/* the events at ply 0: a FEN whose counter is at the limit already */
	report(&s, rc, NULL, 1, 0);
	if (!all_lines && main_line_played(g))
		return main_line_by_nodes(&s);
	if ((rc = grow(&s, 1)) < 0)
		return rc;
	s.nodes[0] = &g->root;
	rc = xq_game_walk(g, visit, &s);
	free(s.nodes);
	if (rc < 0)
		return rc;
	return s.err;
}

static const char *const type_word[] = {
	"", "king", "advisor", "elephant", "horse", "chariot", "cannon", "pawn",
};

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

void judge_label_text(const struct xq_label *l, char *buf, size_t size)
{
	static const struct { unsigned flag; const char *word; } words[] = {
		{ XQ_LABEL_CHECK, "check 将" },
		{ XQ_LABEL_KILL, "mate-threat 杀" },
		{ XQ_LABEL_KILL_UNKNOWN, "mate-threat-unknown" },
		{ XQ_LABEL_DISCOVERY, "win-by-check 抽吃" },
		{ XQ_LABEL_CHASE, "chase 捉" },
		{ XQ_LABEL_IDLE, "idle 闲" },
		{ XQ_LABEL_EXCHANGE, "exchange 兑" },
		{ XQ_LABEL_OFFER, "offer 献" },
		{ XQ_LABEL_BLOCK, "block 拦" },
		{ XQ_LABEL_FOLLOW, "follow 跟" },
		{ XQ_LABEL_KING_PAWN, "king-or-pawn-attack" },
		{ XQ_LABEL_JOINT, "joint-chase 联合捉 (少根子)" },
		{ XQ_LABEL_MATE_AFTER, "capture-allows-mate (CXA 29.4)" },
	};
	size_t o = 0;
	if (size)
		buf[0] = 0;
	for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
		if (!(l->flags & words[i].flag))
			continue;
		if (o)
			o = append(buf, size, o, ", ");
		o = append(buf, size, o, words[i].word);
		if (words[i].flag == XQ_LABEL_CHASE)
			for (int c = 0; c < l->nchased; c++) {
				char sq[4] = { ' ', (char)('a' + XQ_FILE(l->chased[c].sq)),
					       (char)('0' + XQ_RANK(l->chased[c].sq)), 0 };
				o = append(buf, size, o, c ? " and " : " ");
				o = append(buf, size, o, type_word[l->chased[c].type]);
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

void judge_event_text(const struct xq_event *ev, char *buf, size_t size)
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

struct report {
	struct xq_game *g;
	const char *file;
	xq_problem_fn fn;
	void *data;
};

static void report_one(void *data, const struct judged *e)
{
	struct report *r = data;
	char msg[2048];
	struct xq_problem p = { 0 };

	judge_event_text(e->ev, msg, sizeof msg);
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

int judge_report(struct xq_judge *j, struct xq_game *g, const char *file,
		 xq_problem_fn fn, void *data)
{
	struct report r = { g, file, fn, data };
	struct judge_result res;
	return judge_game(j, g, 0, report_one, &r, &res);
}

struct commenter {
	struct xq_game *g;
	enum xq_notation n;
	int err;
};

static void comment_one(void *data, const struct judged *e)
{
	struct commenter *c = data;
	char text[4096], lab[512], mv[XQ_MOVE_TEXT_MAX];
	size_t o;

	judge_event_text(e->ev, text, sizeof text);
	o = strlen(text);
	for (int i = 0; e->ev->kind == XQ_EVENT_REPETITION && i < e->ev->nlabels && o < sizeof text; i++) {
		const struct xq_label *l = &e->ev->labels[i];
		if (xq_move_format(xq_judge_position(e->j, l->ply - 1), l->move, c->n, 0, mv, sizeof mv) < 0)
			xq_move_iccs(l->move, mv);
		judge_label_text(l, lab, sizeof lab);
		o += (size_t)snprintf(text + o, sizeof text - o, "%s %d %s: %s", i ? ";" : ". Labels:",
				      l->ply, mv, lab);
	}
	/* The node is the game's own: the walk hands it out read-only. */
	struct xq_node *node = e->node ? (struct xq_node *)(uintptr_t)e->node : &c->g->root;
	if (xq_node_comment(c->g, node, 0, text, strlen(text)) < 0)
		c->err = XQ_ENOMEM;
}

int judge_comment(struct xq_judge *j, struct xq_game *g, enum xq_notation n)
{
	struct commenter c = { g, n, 0 };
	struct judge_result res;
	int rc = judge_game(j, g, 1, comment_one, &c, &res);
	return rc ? rc : c.err;
}

int judge_open(struct xq_judge **j, const char *rules)
{
	struct xq_judge_opts jo = { 0 };
	if (rules && xq_rules_from_name(rules, &jo.rules)) {
		warnx_("unknown rules '%s' (axf, cxa or 1956)", rules);
		return -1;
	}
	xq_judge_free(*j);
	if (!(*j = xq_judge_new(&jo, NULL)))
		die(EXIT_TROUBLE, "out of memory");
	return 0;
}
