/*
 * test_annotate_driver.c - xq_game_annotate() over a scripted engine: which
 * positions are searched and how (the played move alone with searchmoves,
 * to the full search's depth; not when it was the best move, when the
 * engine has no searchmoves or with played_next), the range of plies, the
 * order of the searches (forward, or from the last back), the hooks in order, the marks and summary written, an engine failure
 * leaving the game untouched; and the built-in engine (xq_engine_builtin)
 * on a mate.
 */
#include <string.h>

#include "tap.h"
#include "xq.h"

/* The scripted engine: a full search of the position after p plies scores
 * full[p] for the side to move, best move best[p] (NONE: the first legal
 * move that is not the one played); a search over the played move alone
 * scores own[p].  Calls are logged. */
struct script {
	int full[8], own[8];
	int best_is_played[8];
	int fail_at;             /* the call that fails (1-based), 0 none */
	int no_searchmoves;
	const xq_move *played;   /* the game's moves */
	int calls, restricted, depth_ok, new_games;
};

static int script_new_game(struct xq_engine *e)
{
	struct script *s = e->data;
	s->new_games++;
	e->no_searchmoves = s->no_searchmoves;
	return 0;
}

static int script_search(struct xq_engine *e, const struct xq_engine_query *q,
			 struct xq_search_info *out)
{
	struct script *s = e->data;
	int p = q->nmoves;
	if (++s->calls == s->fail_at)
		return -42;
	memset(out, 0, sizeof *out);
	out->depth = 7;
	if (q->lim->nsearchmoves) {
		s->restricted++;
		s->depth_ok += q->lim->depth == 7 && q->lim->searchmoves[0] == s->played[p];
		out->score = s->own[p];
		out->pv[out->npv++] = q->lim->searchmoves[0];
		return 0;
	}
	out->score = s->full[p];
	xq_move moves[XQ_MAX_MOVES];
	int n = xq_legal_moves(q->pos, moves);
	for (int i = 0; i < n && !out->npv; i++)
		if (s->best_is_played[p] ? moves[i] == s->played[p] : moves[i] != s->played[p])
			out->pv[out->npv++] = moves[i];
	return 0;
}

/* What the hooks saw. */
struct hooks {
	int progress, last_done, last_total, positions, moves, in_order, nag[8];
	int next_position, next_move, position_step;
};

static void on_progress(void *data, int done, int total)
{
	struct hooks *h = data;
	h->progress++;
	h->last_done = done;
	h->last_total = total;
}

static void on_position(void *data, int ply, const struct xq_pos *pos,
			const struct xq_search_info *info)
{
	struct hooks *h = data;
	(void)pos;
	(void)info;
	h->positions++;
	if (ply != h->next_position)
		h->in_order = 0;
	h->next_position += h->position_step;
}

static void on_move(void *data, int ply, const struct xq_pos *pos, xq_move m,
		    const struct xq_search_info *before, const struct xq_judgement *j)
{
	struct hooks *h = data;
	(void)pos;
	(void)m;
	(void)before;
	h->moves++;
	if (ply != h->next_move++)
		h->in_order = 0;
	if (ply < 8)
		h->nag[ply] = j->nag;
}

/* 1. 兵五进一 opens no ECCO line (A00): no move of it is book */
static const char *const line[] = { "e3e4", "h9g7", "h0g2", "i9h9" };

static struct xq_game *game_from(const char *const *iccs, xq_move *moves)
{
	struct xq_game *g = xq_game_new();
	struct xq_pos p = g->start;
	struct xq_node *at = &g->root;
	for (int i = 0; i < 4; i++) {
		struct xq_undo u;
		xq_move_parse(&p, iccs[i], strlen(iccs[i]), XQ_NOTATION_ICCS, 0, &moves[i], NULL);
		at = xq_node_add(g, at, moves[i], NULL, 0);
		xq_make(&p, moves[i], &u);
	}
	g->flags |= XQ_GAME_REPLAYED;
	return g;
}

static struct xq_game *game_of(xq_move *moves) { return game_from(line, moves); }

static const struct driver_case {
	const char *name;
	int from, to, played_next, no_searchmoves, best_played_at, fail_at;
	int rc, calls, restricted, positions, first_position;
	int blunder_marked;       /* ply 2's blunder is in range and marked */
	int backward;             /* the positions searched from the last back */
} cases[] = {
	{ "every ply, the played moves searched alone", 0, 0, 0, 0, -1, 0, 4, 9, 4, 5, 0, 1, 0 },
	{ "--played next: the next position's search", 0, 0, 1, 0, -1, 0, 4, 5, 0, 5, 0, 0, 0 },
	{ "an engine without searchmoves", 0, 0, 0, 1, -1, 0, 4, 5, 0, 5, 0, 0, 0 },
	{ "the best move played: no search of its own", 0, 0, 0, 0, 0, 0, 4, 8, 3, 5, 0, 1, 0 },
	{ "plies 2..3", 2, 3, 0, 0, -1, 0, 2, 5, 2, 3, 1, 1, 0 },
	{ "plies 3..4: the blunder out of range", 3, 0, 0, 0, -1, 0, 2, 5, 2, 3, 2, 0, 0 },
	{ "--to past the end", 0, 99, 0, 0, -1, 0, 4, 9, 4, 5, 0, 1, 0 },
	{ "--from past the end: nothing searched", 5, 0, 0, 0, -1, 0, 0, 0, 0, 0, 0, 0, 0 },
	{ "the engine fails at its first search", 0, 0, 0, 0, -1, 1, -42, 1, 0, 0, 0, 0, 0 },
	{ "the engine fails at its last search", 0, 0, 0, 0, -1, 9, -42, 9, 4, 4, 0, 0, 0 },
	{ "backward: every ply, from the last", 0, 0, 0, 0, -1, 0, 4, 9, 4, 5, 0, 1, 1 },
	{ "backward, plies 2..3", 2, 3, 0, 0, -1, 0, 2, 5, 2, 3, 1, 1, 1 },
	{ "backward, --played next", 0, 0, 1, 0, -1, 0, 4, 5, 0, 5, 0, 0, 1 },
	{ "backward, the best move played", 0, 0, 0, 0, 0, 0, 4, 8, 3, 5, 0, 1, 1 },
	{ "backward, the engine fails at its first search", 0, 0, 0, 0, -1, 1, -42, 1, 0, 0, 0, 0, 1 },
};

static void driver_cases(void)
{
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const struct driver_case *c = &cases[i];
		xq_move moves[5] = { 0, 0, 0, 0, XQ_MOVE_NONE };  /* none after the last */
		struct xq_game *g = game_of(moves);
		struct script s = { { 0 }, { 0 }, { 0 }, c->fail_at, c->no_searchmoves, moves, 0, 0, 0, 0 };
		struct hooks h = { 0 };
		struct xq_engine e = { .new_game = script_new_game, .search = script_search, .data = &s };
		struct xq_annotate_run r;

		/* Black's reply at ply 2 loses 600 against the best move's 0 */
		s.own[1] = -600;
		if (c->best_played_at >= 0)
			s.best_is_played[c->best_played_at] = 1;
		memset(&r, 0, sizeof r);
		xq_annotate_defaults(&r.o);
		r.o.notation = XQ_NOTATION_ICCS;
		r.lim.nodes = 1000;
		r.from = c->from;
		r.to = c->to;
		r.played_next = c->played_next;
		r.backward = c->backward;
		r.who = "tester";
		r.data = &h;
		r.progress = on_progress;
		r.position = on_position;
		r.move = on_move;
		h.in_order = 1;
		/* positions in the order searched, moves in ply order */
		h.next_position = c->backward ? c->first_position + c->positions - 1 : c->first_position;
		h.position_step = c->backward ? -1 : 1;
		h.next_move = c->first_position + 1;

		int rc = xq_game_annotate(g, &e, &r);
		is_int(rc, c->rc, "%s: returns %d", c->name, c->rc);
		ok(s.calls == c->calls && s.restricted == c->restricted,
		   "%s: %d searches, %d of a move alone (got %d, %d)", c->name, c->calls,
		   c->restricted, s.calls, s.restricted);
		is_int(s.depth_ok, s.restricted, "%s: a move alone to the full search's depth", c->name);
		is_int(e.searches, rc < 0 ? c->calls - 1 : c->calls, "%s: searches counted", c->name);
		is_int(e.failed, rc < 0, "%s: failed set on a failure only", c->name);
		if (rc < 0)   /* the first search: the first position, or the last backward */
			is_int(e.failed_at, c->fail_at == 1 && !c->backward ? 0 : 4,
			       "%s: where it failed", c->name);
		is_int(s.new_games, c->from <= 4, "%s: a new game when something is searched", c->name);
		is_int(h.positions, c->positions, "%s: the position hook for each position searched",
		       c->name);
		is_int(h.moves, rc > 0 ? rc : 0, "%s: the move hook for each move judged", c->name);
		ok(h.in_order, "%s: hooks in ply order", c->name);
		if (rc > 0)
			ok(h.last_done == h.last_total && h.progress == c->positions + 1,
			   "%s: progress before each search and done at the end", c->name);
		const struct xq_node *n2 = g->root.child->child;
		int nag2 = n2->nags[0];
		const char *who = xq_game_tag(g, "Annotator");
		if (rc > 0) {
			ok(who && !strcmp(who, "tester"), "%s: summarised, the annotator named", c->name);
			is_int(nag2 == XQ_NAG_BLUNDER && h.nag[2] == XQ_NAG_BLUNDER, c->blunder_marked,
			       "%s: the blunder at ply 2 %s", c->name, c->blunder_marked ? "marked" : "not marked");
		} else {
			ok(!who && !nag2 && !n2->comment && !g->root.comment,
			   "%s: the game is untouched", c->name);
		}
		xq_game_free(g);
	}
}

/* The built-in engine's analysis of the last position, seen by the hook. */
static struct xq_search_info last_info;
static int last_ply = -1;

static void keep_position(void *data, int ply, const struct xq_pos *pos,
			  const struct xq_search_info *info)
{
	(void)data;
	(void)pos;
	last_ply = ply;
	last_info = *info;
}

static void builtin(void)
{
	struct xq_game *g = xq_game_new();
	struct xq_search *s = xq_search_new(1);
	struct xq_engine e;
	struct xq_annotate_run r;
	xq_move m = XQ_MOVE_NONE;

	if (!ok(g && s, "a game and a search")) {
		xq_game_free(g);
		xq_search_free(s);
		return;
	}
	/* a0a9 mates: the position after it has no move */
	xq_game_set_fen(g, "3k5/1R7/9/9/9/9/9/9/9/R3K4 w - - 0 1", 0, NULL);
	xq_move_parse(&g->start, "a0a9", 4, XQ_NOTATION_ICCS, 0, &m, NULL);
	xq_node_add(g, &g->root, m, NULL, 0);
	g->flags |= XQ_GAME_REPLAYED;
	xq_engine_builtin(&e, s);
	ok(e.search && e.new_game && e.data == s && !e.no_searchmoves, "built-in: the engine set up");
	memset(&r, 0, sizeof r);
	xq_annotate_defaults(&r.o);
	r.o.notation = XQ_NOTATION_ICCS;
	r.lim.depth = 3;
	r.position = keep_position;
	is_int(xq_game_annotate(g, &e, &r), 1, "built-in: one move judged");
	ok(e.searches >= 2 && !e.failed, "built-in: searched (%ld)", e.searches);
	ok(last_ply == 1 && last_info.score == -XQ_SCORE_MATE && last_info.npv == 0 &&
	   last_info.depth == 0, "built-in: the mated position is lost, not searched");
	ok(g->root.child->nags[0] == 0 && xq_game_tag(g, "RedAccuracy") &&
	   !xq_game_tag(g, "Annotator"), "built-in: the mate unmarked, the summary without annotator");
	xq_game_free(g);
	xq_search_free(s);
}

/* The book: 1. 炮二平五 马８进７ is B05's definition, so Black's second ply
 * is book and never marked however much it loses; the move after the book
 * (2. 马二进三) is said to leave it, in the comment and the summary. */
static void book(void)
{
	static const char *const book_line[] = { "h2e2", "h9g7", "h0g2", "i9h9" };
	static const struct {
		enum xq_lang lang;
		const char *out, *summary_end;
	} t[] = {
		{ XQ_LANG_EN, "Out of book.", "ECCO B05: out of book at move 2." },
		{ XQ_LANG_ZH, "出谱。", "B05 中炮对进左马：第2回合红方出谱。" },
	};
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		xq_move moves[5] = { 0, 0, 0, 0, XQ_MOVE_NONE };
		struct xq_game *g = game_from(book_line, moves);
		struct script s = { { 0 }, { 0 }, { 0 }, 0, 0, moves, 0, 0, 0, 0 };
		struct hooks h = { 0 };
		struct xq_engine e = { .new_game = script_new_game, .search = script_search, .data = &s };
		struct xq_annotate_run r;
		s.own[1] = -600;
		memset(&r, 0, sizeof r);
		xq_annotate_defaults(&r.o);
		r.o.notation = XQ_NOTATION_ICCS;
		r.o.lang = t[i].lang;
		r.lim.nodes = 1000;
		r.data = &h;
		r.move = on_move;
		h.in_order = 1;
		h.next_move = 1;
		is_int(xq_game_annotate(g, &e, &r), 4, "book %zu: four moves judged", i);
		const struct xq_node *n2 = g->root.child->child, *n3 = n2->child;
		ok(h.nag[2] == 0 && n2->nnags == 0 && !n2->comment,
		   "book %zu: the losing book move is not marked", i);
		is_str(n3->comment, t[i].out, "book %zu: the first move past the book says so", i);
		const char *c = g->root.comment;
		size_t lc = c ? strlen(c) : 0, le = strlen(t[i].summary_end);
		ok(lc >= le && !strcmp(c + lc - le, t[i].summary_end),
		   "book %zu: the summary ends '%s' (%s)", i, t[i].summary_end, c ? c : "none");
		xq_game_free(g);
	}
}

/* With confirm, the blunder at ply 2 (its own search: -600) stays only
 * when the search of the position after it agrees. */
static void confirmed(void)
{
	static const struct { int next, nag; } t[] = { { 600, XQ_NAG_BLUNDER }, { 0, 0 } };
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		xq_move moves[5] = { 0, 0, 0, 0, XQ_MOVE_NONE };
		struct xq_game *g = game_of(moves);
		struct script s = { { 0 }, { 0 }, { 0 }, 0, 0, moves, 0, 0, 0, 0 };
		struct xq_engine e = { .new_game = script_new_game, .search = script_search, .data = &s };
		struct xq_annotate_run r;
		s.own[1] = -600;
		s.full[2] = t[i].next;
		memset(&r, 0, sizeof r);
		xq_annotate_defaults(&r.o);
		r.o.confirm = 1;
		r.lim.nodes = 1000;
		is_int(xq_game_annotate(g, &e, &r), 4, "confirm %zu: four moves judged", i);
		is_int(g->root.child->child->nnags ? g->root.child->child->nags[0] : 0, t[i].nag,
		       "confirm %zu: the next position at %d: mark %d", i, t[i].next, t[i].nag);
		xq_game_free(g);
	}
}

int main(void)
{
	driver_cases();
	confirmed();
	book();
	builtin();
	return done_testing();
}
