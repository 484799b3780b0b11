/*
 * test_judge_game.c - a whole game judged (xq_game_judge): the verdict at
 * the end of the main line, the counts and the events handed out, main
 * line alone and with the variations; the events as warnings
 * (xq_game_judge_warn) and as comments (xq_game_judge_comment); the words
 * of labels and events (xq_label_text, xq_event_text), cut to fit.
 */
#include <stdlib.h>
#include <string.h>

#include "game_cmp.h"
#include "tap.h"

#define CHASE_FEN "4k4/9/c8/1R7/9/9/9/9/9/3K5 w - - 0 1"
#define CHASE "b6b7 a7a6 b7b6 a6a7 b6b7 a7a6 b7b6 a6a7"
#define QUIET_FEN "4k4/9/9/9/9/9/9/9/9/N2K5 w - - 0 1"
#define QUIET "a0b2 e9f9 b2a0 f9e9 a0c1 e9f9 c1a0 f9e9"

static struct xq_game *game(const char *fen, const char *moves)
{
	char pgn[1024];
	snprintf(pgn, sizeof pgn, "[Event \"t\"]\n[FEN \"%s\"]\n[Result \"*\"]\n\n%s *\n", fen, moves);
	return read_pgn_game(pgn);
}

/* What the callback saw. */
struct seen {
	int events, mainline, variation, at_root, deepest;
	int last_ply;
	int node_ply_ok;     /* every event's node is at the event's ply */
};

static int node_ply(const struct xq_node *n)
{
	int p = 0;
	for (; n && n->parent; n = n->parent)
		p++;
	return p;
}

static void on_event(void *data, const struct xq_game_event *e)
{
	struct seen *s = data;
	s->events++;
	s->mainline += e->mainline;
	s->variation += !e->mainline;
	s->at_root += !e->node;
	if (e->depth > s->deepest)
		s->deepest = e->depth;
	s->last_ply = e->ev->ply;
	if ((e->node ? node_ply(e->node) : 0) != e->ev->ply)
		s->node_ply_ok = 0;
}

static const struct judge_case {
	const char *name, *fen, *moves;
	enum xq_rules rules;
	int limit, all_lines;
	enum xq_verdict verdict;
	long rulings, against, limits;
	int mainline, variation, at_root, deepest;
} cases[] = {
	{ "a perpetual chase (cxa)", CHASE_FEN, CHASE, XQ_RULES_CXA, 0, 0,
	  XQ_VERDICT_RED_LOSES, 1, 1, 0, 1, 0, 0, 0 },
	{ "a perpetual chase (axf), all lines", CHASE_FEN, CHASE, XQ_RULES_AXF, 0, 1,
	  XQ_VERDICT_RED_LOSES, 1, 1, 0, 1, 0, 0, 0 },
	{ "a capture after the ruling starts a new stretch: no verdict",
	  CHASE_FEN, CHASE " b6b7 e9e8 b7a7", XQ_RULES_CXA, 0, 0,
	  XQ_VERDICT_NONE, 1, 1, 0, 1, 0, 0, 0 },
	{ "the same walked with the variations", CHASE_FEN, CHASE " b6b7 e9e8 b7a7", XQ_RULES_CXA, 0, 1,
	  XQ_VERDICT_NONE, 1, 1, 0, 1, 0, 0, 0 },
	{ "idle moves both sides: a draw", QUIET_FEN, QUIET, XQ_RULES_CXA, 0, 0,
	  XQ_VERDICT_DRAW, 1, 0, 0, 1, 0, 0, 0 },
	{ "the natural limit at ply 4, then a drawn repetition", QUIET_FEN, QUIET, XQ_RULES_CXA, 4, 0,
	  XQ_VERDICT_DRAW, 1, 0, 1, 2, 0, 0, 0 },
	{ "no event: no verdict", QUIET_FEN, "a0b2 e9f9 b2a0", XQ_RULES_CXA, 0, 0,
	  XQ_VERDICT_NONE, 0, 0, 0, 0, 0, 0, 0 },
	{ "a ruling in a variation, main line alone: not seen",
	  CHASE_FEN, "b6b7 a7a6 b7b6 a6a7 d0d1 (b6b7 a7a6 b7b6 a6a7)", XQ_RULES_CXA, 0, 0,
	  XQ_VERDICT_NONE, 0, 0, 0, 0, 0, 0, 0 },
	{ "a ruling in a variation, all lines: counted, no main-line verdict",
	  CHASE_FEN, "b6b7 a7a6 b7b6 a6a7 d0d1 (b6b7 a7a6 b7b6 a6a7)", XQ_RULES_CXA, 0, 1,
	  XQ_VERDICT_NONE, 1, 1, 0, 0, 1, 0, 1 },
	{ "a ruling in a variation inside a variation",
	  CHASE_FEN, "b6b7 a7a6 b7b6 a6a7 d0d1 (b6b7 a7a6 b7b6 e9e8 (a6a7))", XQ_RULES_CXA, 0, 1,
	  XQ_VERDICT_NONE, 1, 1, 0, 0, 1, 0, 2 },
	{ "a FEN whose counter is at the limit: an event at ply 0",
	  "4k4/9/9/9/9/9/9/9/9/N2K5 w - - 120 1", "a0b2", XQ_RULES_CXA, 0, 0,
	  XQ_VERDICT_DRAW, 0, 0, 1, 1, 0, 1, 0 },
};

static void judge_cases(void)
{
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const struct judge_case *c = &cases[i];
		struct xq_judge_opts o = { 0 };
		struct xq_game *g = game(c->fen, c->moves);
		struct xq_game_verdict res;
		struct seen s = { 0 };
		s.node_ply_ok = 1;
		o.rules = c->rules;
		o.limit = c->limit;
		struct xq_judge *j = xq_judge_new(&o, NULL);
		if (!ok(g && j && g->errors == 0, "%s: the game reads", c->name)) {
			xq_game_free(g);
			xq_judge_free(j);
			continue;
		}
		is_int(xq_game_judge(j, g, c->all_lines, on_event, &s, &res), 0, "%s: judged", c->name);
		is_str(xq_verdict_name(res.verdict), xq_verdict_name(c->verdict), "%s: verdict", c->name);
		ok(res.rulings == c->rulings && res.against == c->against && res.limits == c->limits,
		   "%s: %ld rulings, %ld against a side, %ld limit events (got %ld, %ld, %ld)", c->name,
		   c->rulings, c->against, c->limits, res.rulings, res.against, res.limits);
		ok(s.mainline == c->mainline && s.variation == c->variation && s.at_root == c->at_root &&
		   s.deepest == c->deepest,
		   "%s: events %d on the main line, %d in variations, %d at the root, depth %d "
		   "(got %d, %d, %d, %d)", c->name, c->mainline, c->variation, c->at_root, c->deepest,
		   s.mainline, s.variation, s.at_root, s.deepest);
		is_int(s.events, res.rulings + res.limits, "%s: every counted event is handed out", c->name);
		ok(s.node_ply_ok, "%s: each event comes with the node of its ply", c->name);
		/* no callback: the same result */
		struct xq_game_verdict again;
		xq_game_judge(j, g, c->all_lines, NULL, NULL, &again);
		ok(again.verdict == res.verdict && again.rulings == res.rulings &&
		   again.limits == res.limits, "%s: the same without a callback, judge reused", c->name);
		xq_judge_free(j);
		xq_game_free(g);
	}
}

struct warnings {
	int n, code_ok;
	int ply[4];
	long line[4];
	char msg[4][256];
};

static void on_warning(void *data, const struct xq_problem *p)
{
	struct warnings *w = data;
	if (w->n < 4) {
		w->ply[w->n] = p->ply;
		w->line[w->n] = p->line;
		snprintf(w->msg[w->n], sizeof w->msg[0], "%s", p->msg);
	}
	if (p->severity == XQ_SEV_WARNING &&
	    p->code == (strncmp(p->msg, "repetition", 10) ? XQ_P_NATURAL_LIMIT : XQ_P_REPETITION))
		w->code_ok++;
	w->n++;
}

static void warn_and_comment(void)
{
	struct xq_judge_opts o = { 0 };
	o.limit = 4;
	struct xq_judge *j = xq_judge_new(&o, NULL);
	struct xq_game *g = game(QUIET_FEN, "a0b2 e9f9 b2a0 f9e9 a0c1 (a0b2) e9f9 c1a0 f9e9");
	struct warnings w = { 0 };

	if (!ok(g && j, "the game reads")) {
		xq_game_free(g);
		xq_judge_free(j);
		return;
	}
	int before = g->warnings;
	is_int(xq_game_judge_warn(j, g, "f.pgn", on_warning, &w), 0, "warn: judged");
	is_int(w.n, 2, "warn: the limit and the ruling of the main line, not the variation's");
	is_int(w.code_ok, 2, "warn: warnings, coded natural-limit and repetition");
	is_int(g->warnings - before, 2, "warn: the game's warnings counted");
	ok(w.ply[0] == 4 && w.ply[1] == 8 && w.line[0] == 5 && w.line[1] == 5,
	   "warn: at plies 4 and 8, on the line of the moves");
	is_str(w.msg[0], "natural limit reached at ply 4 (4 plies without a capture): either side may "
	       "claim a draw", "warn: the limit in words");
	is_str(w.msg[1], "repetition (cxa, 3rd occurrence, plies 1-8): a draw if neither side changes: "
	       "CXA 26.2: both sides use allowed moves (25.2), a draw", "warn: the ruling in words");

	is_int(xq_game_judge_comment(j, g, XQ_NOTATION_ICCS), 0, "comment: judged");
	const struct xq_node *n4 = g->root.child->child->child->child;
	const struct xq_node *n8 = n4->child->child->child->child;
	ok(n4->comment && !strcmp(n4->comment, w.msg[0]), "comment: the limit after ply 4");
	ok(n8->comment && !strncmp(n8->comment, w.msg[1], strlen(w.msg[1])) &&
	   strstr(n8->comment, ". Labels: 1 a0b2: idle 闲; 2 e9f9: idle 闲;") &&
	   strstr(n8->comment, "; 8 f9e9: idle 闲"),
	   "comment: the ruling after ply 8 with the labels, moves in ICCS");
	const struct xq_node *var = n4->child->next;   /* (a0c1) replaces ply 5 */
	ok(var && !var->comment, "comment: the variation's ply 5 has no event");
	xq_judge_free(j);
	xq_game_free(g);

	/* an event at ply 0 is a comment on the root */
	j = xq_judge_new(NULL, NULL);
	g = game("4k4/9/9/9/9/9/9/9/9/N2K5 w - - 120 1", "a0b2");
	if (ok(g && j, "a FEN at the limit reads")) {
		is_int(xq_game_judge_comment(j, g, XQ_NOTATION_ICCS), 0, "comment at ply 0: judged");
		ok(g->root.comment && !strncmp(g->root.comment, "natural limit reached at ply 0", 30) &&
		   strstr(g->root.comment, "120 of those plies are before the record"),
		   "comment at ply 0: on the root, the unseen plies said");
	}
	xq_judge_free(j);
	xq_game_free(g);
}

static void words(void)
{
	struct xq_label l = { 0 };
	char buf[256];

	l.flags = XQ_LABEL_CHECK | XQ_LABEL_CHASE;
	l.nchased = 2;
	l.chased[0].sq = XQ_SQ(2, 1);
	l.chased[0].type = XQ_HORSE;
	l.chased[1].sq = XQ_SQ(0, 9);
	l.chased[1].type = XQ_CHARIOT;
	xq_label_text(&l, buf, sizeof buf);
	is_str(buf, "check 将, chase 捉 horse c1 and chariot a9", "label: check and a chase of two");
	xq_label_text(&l, buf, 6);
	is_str(buf, "check", "label: cut to fit, ended");
	buf[0] = 'x';
	xq_label_text(&l, buf, 0);
	is_int(buf[0], 'x', "label: size 0 writes nothing");
	l.flags = XQ_LABEL_IDLE | XQ_LABEL_MATE_AFTER;
	xq_label_text(&l, buf, sizeof buf);
	is_str(buf, "idle 闲, capture-allows-mate (CXA 29.4)", "label: idle, capture allows mate");

	const char *names[XQ_LABEL_KINDS];
	int n = xq_label_names(~0u, names, XQ_LABEL_KINDS);
	ok(n == XQ_LABEL_KINDS && !strcmp(names[0], "check") && !strcmp(names[3], "win-by-check") &&
	   !strcmp(names[4], "chase") && !strcmp(names[12], "capture-allows-mate"),
	   "label names: every one, in the order said");
	n = xq_label_names(XQ_LABEL_IDLE | XQ_LABEL_CHECK | XQ_LABEL_JOINT, names, 2);
	ok(n == 2 && !strcmp(names[0], "check") && !strcmp(names[1], "idle"),
	   "label names: those set, cut at max");
	is_int(xq_label_names(0, names, XQ_LABEL_KINDS), 0, "label names: none");
	is_str(xq_type_name(XQ_CHARIOT), "chariot", "type name: chariot");
	is_str(xq_type_name(XQ_NONE), "", "type name: none");

	struct xq_event ev;
	memset(&ev, 0, sizeof ev);
	ev.kind = XQ_EVENT_LIMIT_MATE;
	ev.ply = 120;
	ev.plies = 120;
	ev.mated = XQ_BLACK;
	xq_event_text(&ev, buf, sizeof buf);
	is_str(buf, "natural limit reached at ply 120 (120 plies without a capture) by a move that "
	       "leaves Black without a move: the game ends by that result, not by the limit",
	       "event: the limit by a mate");
	ev.kind = XQ_EVENT_CLAIM;
	ev.ply = 130;
	ev.plies = 130;
	ev.may_claim[0] = 1;
	xq_event_text(&ev, buf, sizeof buf);
	is_str(buf, "natural limit at ply 130 (130 plies without a capture): Red may claim a draw",
	       "event: a later claim");
	ev.kind = XQ_EVENT_REPETITION;
	ev.rules = XQ_RULES_AXF;
	ev.first = 3;
	ev.ply = 14;
	ev.occurrences = 4;
	ev.verdict = XQ_VERDICT_BLACK_LOSES;
	strcpy(ev.rule, "rule");
	strcpy(ev.review, "why");
	xq_event_text(&ev, buf, sizeof buf);
	is_str(buf, "repetition (axf, 4th occurrence, plies 3-14): Black must change, and loses if it "
	       "goes on: rule; needs review: why", "event: a ruling that needs review");
	xq_event_text(&ev, buf, 12);
	is_str(buf, "repetition ", "event: cut to fit");
}

static const struct verdict_case {
	const char *name;
	enum xq_event_kind kind;
	enum xq_verdict ruling;
	int claim[2];
	enum xq_side mated;
	enum xq_verdict want;
} verdicts[] = {
	{ "a ruling against Red", XQ_EVENT_REPETITION, XQ_VERDICT_RED_LOSES, { 0, 0 }, XQ_RED,
	  XQ_VERDICT_RED_LOSES },
	{ "a drawn ruling", XQ_EVENT_REPETITION, XQ_VERDICT_DRAW, { 1, 1 }, XQ_RED, XQ_VERDICT_DRAW },
	{ "the limit, no side may claim", XQ_EVENT_LIMIT, XQ_VERDICT_NONE, { 0, 0 }, XQ_RED,
	  XQ_VERDICT_NONE },
	{ "the limit, Black may claim", XQ_EVENT_LIMIT, XQ_VERDICT_NONE, { 0, 1 }, XQ_RED,
	  XQ_VERDICT_DRAW },
	{ "a claim after the limit", XQ_EVENT_CLAIM, XQ_VERDICT_NONE, { 1, 0 }, XQ_RED, XQ_VERDICT_DRAW },
	{ "the limit by a mate of Black", XQ_EVENT_LIMIT_MATE, XQ_VERDICT_NONE, { 1, 1 }, XQ_BLACK,
	  XQ_VERDICT_BLACK_LOSES },
	{ "the limit by a mate of Red", XQ_EVENT_LIMIT_MATE, XQ_VERDICT_NONE, { 0, 0 }, XQ_RED,
	  XQ_VERDICT_RED_LOSES },
};

static void event_verdicts(void)
{
	for (size_t i = 0; i < sizeof verdicts / sizeof verdicts[0]; i++) {
		const struct verdict_case *c = &verdicts[i];
		struct xq_event ev;
		memset(&ev, 0, sizeof ev);
		ev.kind = c->kind;
		ev.verdict = c->ruling;
		ev.may_claim[0] = c->claim[0];
		ev.may_claim[1] = c->claim[1];
		ev.mated = c->mated;
		is_str(xq_verdict_name(xq_event_verdict(&ev)), xq_verdict_name(c->want), "verdict: %s",
		       c->name);
	}
}

int main(void)
{
	judge_cases();
	warn_and_comment();
	words();
	event_verdicts();
	return done_testing();
}
