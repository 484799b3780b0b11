/*
 * walk.c - the one walk over a game tree: every node with the position
 * before and after its move and the keys of its line from the start.
 *
 * A line is walked twice.  The first pass plays its moves and visits each
 * node (so the main line comes first, whole); the second pass plays the
 * line again from its start and, at each node with alternatives, walks
 * each alternative as a line of its own.  Positions are not stored per
 * ply: a line keeps only its start position, and the keys of the current
 * line live in one array shared by all lines (a variation overwrites the
 * keys past its branch point, and the second pass rewrites them as it
 * goes).  The second pass stops after the last node with alternatives, so
 * a game without variations costs one pass.
 *
 * The written order (xq_game_walk_written) visits each node's variations
 * right after it, as PGN writes them, between enter and leave steps; with
 * XQ_WALK_UNPLAYED it also goes below a bad move, without positions.
 *
 * The tree order (XQ_WALK_TREE) is plain pre-order, without recursion:
 * one position made and unmade along the current path, an undo record per
 * ply of it, so it has no depth limit; without positions it follows the
 * links alone and stores nothing.
 *
 * replay.c uses the same walk with a resolver that turns each node's text
 * into a move before it is played, and the resolver's run, which plays a
 * stretch of a line without alternatives in one step (walk.h).
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "walk.h"

struct walk {
	const struct xq_game *g;
	xq__resolve_fn resolve;
	xq__run_fn run;        /* the resolver's fast step, or NULL */
	xq_walk_fn visit;
	void *data;
	uint64_t *keys;        /* keys[0..cap) of the current line */
	size_t cap;
	int trusted;           /* replayed: node->move was found legal there */
	int unplayed;          /* XQ_WALK_UNPLAYED: go below bad moves */
	int noplay;            /* XQ_WALK_NO_POSITIONS: no move played */
	int failed;            /* out of memory */
	int stopped;
	struct xq_pos *end;    /* or NULL: gets where the main line stops */
	int *end_ply;          /* and the ply of its last move played */
	uint64_t small[256];   /* keys lives here until a line is longer
				* (last: not zeroed, see clear()) */
};

/* A walk with nothing set: all but its small[], which needs no zeroing
 * past keys[0] (the one key a visitor handed none may still look at). */
static void clear(struct walk *w)
{
	memset(w, 0, offsetof(struct walk, small));
	w->small[0] = 0;
}

/*
 * Play m on p as it was played on q, which is p with m made (xq_make):
 * the board and slots by hand, the rest copied.  Cheaper than copying the
 * whole position, so that a line keeps two positions (before and after
 * the move) without a copy per ply.
 */
static inline void follow(struct xq_pos *p, xq_move m, const struct xq_pos *q)
{
	int from = MOVE_FROM(m), to = MOVE_TO(m);
	uint8_t v = p->board[from], cap = p->board[to];

	if (cap)
		p->sq_of[PIECE_SIDE(cap) * 16 + PIECE_SLOT(cap)] = 0;
	p->board[to] = v;
	p->board[from] = 0;
	p->sq_of[PIECE_SIDE(v) * 16 + PIECE_SLOT(v)] = (uint8_t)to;
	p->side = q->side;
	p->in_check = q->in_check;
	p->halfmove = q->halfmove;
	p->fullmove = q->fullmove;
	p->key = q->key;
}

static int grow(struct walk *w, int ply);

/* Room for keys[ply]: 0, or -1 out of memory. */
static inline int reserve(struct walk *w, int ply)
{
	return (size_t)ply + 1 <= w->cap ? 0 : grow(w, ply);
}

static int grow(struct walk *w, int ply)
{
	size_t need = (size_t)ply + 1;
	uint64_t *k;
	size_t cap;

	if (need <= w->cap)
		return 0;
	cap = w->cap * 2 > need ? w->cap * 2 : need + 64;
	k = w->keys == w->small ? malloc(cap * sizeof *k) :
		realloc(w->keys, cap * sizeof *k);
	if (!k) {
		w->failed = 1;
		return -1;
	}
	if (w->keys == w->small)
		memcpy(k, w->small, sizeof w->small);
	w->keys = k;
	w->cap = cap;
	return 0;
}

/* The move node n plays in pos, or XQ_MOVE_NONE when it cannot be played. */
static xq_move move_of(struct walk *w, const struct xq_node *n,
		       const struct xq_pos *pos, int ply, unsigned flags)
{
	xq_move m;
	if (w->resolve)
		return w->resolve(w->data, (struct xq_node *)n, pos, ply, flags);
	m = n->move;
	if (m == XQ_MOVE_NONE)
		return m;
	if (w->trusted) /* replay found it legal in this very position */
		return xq__still_plays(pos, m) ? m : XQ_MOVE_NONE;
	return xq_is_legal(pos, m) ? m : XQ_MOVE_NONE;
}

/* A step; nkeys is the number of valid keys (-1: ply, or ply + 1 after a
 * move played). */
static int visit_k(struct walk *w, const struct xq_node *n,
		   const struct xq_pos *before, const struct xq_pos *after,
		   int ply, int depth, unsigned flags, int nkeys)
{
	struct xq_walk_step s;
	int act;

	s.node = n;
	s.before = before;
	s.after = after;
	s.ply = ply;
	s.depth = depth;
	s.flags = flags;
	s.keys = w->keys;
	s.nkeys = nkeys >= 0 ? nkeys : after ? ply + 1 : ply;
	act = w->visit ? w->visit(w->data, &s) : XQ_WALK_NEXT;
	if (act == XQ_WALK_STOP)
		w->stopped = 1;
	return act;
}

static int visit(struct walk *w, const struct xq_node *n,
		 const struct xq_pos *before, const struct xq_pos *after,
		 int ply, int depth, unsigned flags)
{
	return visit_k(w, n, before, after, ply, depth, flags, -1);
}

/* Play m (node n's move) on *after, which is *before, keep its key, visit
 * n.  The caller brings *before up with follow() when it moves on. */
static int visit_played(struct walk *w, const struct xq_node *n, xq_move m,
			const struct xq_pos *before, struct xq_pos *after,
			int ply, int depth, unsigned flags)
{
	struct xq_undo u;
	xq_make(after, m, &u);
	w->keys[ply] = after->key;
	return visit(w, n, before, after, ply, depth, flags);
}

static void walk_line(struct walk *w, const struct xq_pos *start,
		      const struct xq_node *first, int ply0, int depth);

/* Walk the alternatives to node n (which is played in pos at ply). */
static void walk_alternatives(struct walk *w, const struct xq_pos *pos,
			      const struct xq_node *n, int ply, int depth)
{
	for (const struct xq_node *v = n->next; v && !w->stopped && !w->failed;
	     v = v->next) {
		if (depth + 1 > XQ_MAX_VARIATION_DEPTH) {
			visit(w, v, pos, NULL, ply, depth + 1, XQ_STEP_TOO_DEEP);
			continue;
		}
		walk_line(w, pos, v, ply, depth + 1);
	}
}

/*
 * Walk the line that starts with first, played in *start at ply0.  The
 * alternatives to first itself are the caller's (except on the main line,
 * whose first move has no caller to own them).
 */
static void walk_line(struct walk *w, const struct xq_pos *start,
		      const struct xq_node *first, int ply0, int depth)
{
	unsigned flags = depth == 0 ? XQ_STEP_MAINLINE : 0;
	/* the positions before and after each move; the main line's before
	 * is where the caller wants its end */
	struct xq_pos pa, b, *a = depth == 0 && w->end ? w->end : &pa;
	const struct xq_node *n, *last_branch = NULL, *end = NULL;
	int ply = ply0, played = ply0 - 1, b_behind = w->run != NULL;

	*a = *start;
	if (!b_behind)
		b = *start;
	/* first pass: the line itself */
	for (n = first; n; n = n->child, ply++) {
		xq_move m;
		int act;

		if (w->run && !n->next) {
			/* the resolver's run, up to the next move it leaves */
			int at = ply;
			n = w->run(w->data, a, (struct xq_node *)n, &ply);
			if (ply != at) {
				b_behind = 1;
				played = ply - 1;
			}
			if (!n)
				break;
		}
		if ((n->next && (n != first || depth == 0)))
			last_branch = n;
		if (reserve(w, ply))
			break;
		m = move_of(w, n, a, ply, flags);
		if (m == XQ_MOVE_NONE) {
			visit(w, n, a, NULL, ply, depth, flags);
			end = n;
			break;
		}
		if (b_behind) {
			b = *a;
			b_behind = 0;
		}
		act = visit_played(w, n, m, a, &b, ply, depth, flags);
		follow(a, m, &b);
		played = ply;
		if (act == XQ_WALK_STOP || act == XQ_WALK_SKIP) {
			end = n;
			break;
		}
	}
	if (depth == 0 && w->end)
		*w->end_ply = played;
	if (!last_branch || w->stopped || w->failed)
		return;

	/* second pass: the variations, branch point by branch point (b
	 * is free now, and a may be the caller's) */
	b = *start;
	ply = ply0;
	for (n = first; n && !w->stopped && !w->failed; n = n->child, ply++) {
		struct xq_undo u;
		if (n->next && (n != first || depth == 0))
			walk_alternatives(w, &b, n, ply, depth);
		if (n == last_branch || n == end)
			break;
		/* n was played in the first pass, so its move is known */
		xq_make(&b, n->move, &u);
		w->keys[ply] = b.key;
	}
}

/*
 * Written order (xq_game_walk_written): the line from first, each node
 * followed by the variations that replace it, each between an ENTER and a
 * LEAVE step, before the node's own continuation.  The positions of a line
 * live on this call's stack, so a variation needs no replay of its line.
 * start NULL: the line lies below a bad move (XQ_WALK_UNPLAYED), visited
 * without positions, with dark keys valid.  own_first: first's own
 * alternatives are walked here (the main line, a bad move's continuation),
 * not by the caller.
 */
static void walk_written(struct walk *w, const struct xq_pos *start,
			 const struct xq_node *first, int ply0, int depth,
			 int dark, int own_first)
{
	unsigned flags = (depth == 0 ? XQ_STEP_MAINLINE : 0) | (start ? 0 : XQ_STEP_UNPLAYED);
	unsigned uflag = flags & XQ_STEP_UNPLAYED;
	struct xq_pos pa, pb, *a = NULL, *b = &pb;
	int ply = ply0;

	if (start) {
		pa = pb = *start;
		a = &pa;          /* the position before n; NULL below a bad move */
	}
	for (const struct xq_node *n = first; n && !w->stopped && !w->failed;
	     n = n->child, ply++) {
		xq_move m = XQ_MOVE_NONE;
		int act;

		if (reserve(w, ply))
			return;
		if (!a) {
			act = visit_k(w, n, NULL, NULL, ply, depth, flags, dark);
		} else if ((m = move_of(w, n, a, ply, flags)) == XQ_MOVE_NONE) {
			act = visit(w, n, a, NULL, ply, depth, flags);
		} else {
			act = visit_played(w, n, m, a, b, ply, depth, flags);
		}
		if (act == XQ_WALK_STOP)
			return;
		/* below a bad move: its continuation, before its alternatives */
		if (a && m == XQ_MOVE_NONE && w->unplayed && act != XQ_WALK_SKIP && n->child) {
			walk_written(w, NULL, n->child, ply + 1, depth, ply, 1);
			if (w->stopped || w->failed)
				return;
		}
		if (n->next && (n != first || own_first)) {
			int vdark = a ? -1 : dark;
			for (const struct xq_node *v = n->next; v; v = v->next) {
				if (depth + 1 > XQ_MAX_VARIATION_DEPTH) {
					if (visit_k(w, v, a, NULL, ply, depth + 1,
						    XQ_STEP_TOO_DEEP | uflag, vdark) == XQ_WALK_STOP)
						return;
					continue;
				}
				int in = visit_k(w, v, a, NULL, ply, depth + 1, XQ_STEP_ENTER | uflag,
						 vdark);
				if (in == XQ_WALK_STOP)
					return;
				if (in == XQ_WALK_SKIP)
					continue;
				walk_written(w, a, v, ply, depth + 1, dark, 0);
				if (w->stopped || w->failed ||
				    visit_k(w, v, a, NULL, ply, depth + 1, XQ_STEP_LEAVE | uflag,
					    vdark) == XQ_WALK_STOP)
					return;
			}
			if (m != XQ_MOVE_NONE)
				w->keys[ply] = b->key; /* the variations wrote over it */
		}
		if ((a && m == XQ_MOVE_NONE) || act == XQ_WALK_SKIP)
			break;
		if (a)
			follow(a, m, b);   /* the position after n is the one before its child */
	}
}

/*
 * Tree order (XQ_WALK_TREE) without positions: pre-order over the child,
 * next and parent links, with nothing stored (a node's depth follows from
 * whether it is its parent's first child).  Walks what lies below top;
 * top->child is at ply and depth; every step gets extra in its flags and
 * nkeys keys.
 */
static void walk_links(struct walk *w, const struct xq_node *top, int ply, int depth,
		       unsigned extra, int nkeys)
{
	const struct xq_node *n = top->child;

	while (n && !w->stopped) {
		unsigned flags = (depth == 0 ? XQ_STEP_MAINLINE : 0) | extra;
		int act = visit_k(w, n, NULL, NULL, ply, depth, flags, nkeys);
		if (act == XQ_WALK_STOP)
			return;
		if (act != XQ_WALK_SKIP && n->child) {
			n = n->child;   /* the continuation: the same depth */
			ply++;
			continue;
		}
		/* on to the next alternative, up as far as needed */
		for (;;) {
			const struct xq_node *p = n->parent;
			if (n->next) {
				if (n == p->child)
					depth++;
				n = n->next;
				break;
			}
			if (p == top) {
				n = NULL;
				break;
			}
			if (n != p->child)
				depth--;
			n = p;
			ply--;
		}
	}
}

/*
 * Tree order with positions: one position made and unmade along the
 * current path, a frame per ply of it (the node, the move made, its undo
 * record, its depth).  No recursion, so no depth limit.  What lies below
 * a bad move is walk_links()'s (XQ_WALK_UNPLAYED).
 */
struct frame {
	const struct xq_node *n;
	xq_move m;
	int depth;
	struct xq_undo u;
};

static void walk_tree(struct walk *w, const struct xq_game *g)
{
	struct frame *fr = NULL;
	size_t sp = 0, cap = 0;
	struct xq_pos cur = g->start, prev;
	const struct xq_node *n = g->root.child;
	int ply = 1, depth = 0;

	while (n && !w->stopped && !w->failed) {
		unsigned flags = depth == 0 ? XQ_STEP_MAINLINE : 0;
		xq_move m;
		struct xq_undo u;
		int act;

		if (reserve(w, ply))
			break;
		if ((m = move_of(w, n, &cur, ply, flags)) == XQ_MOVE_NONE) {
			act = visit(w, n, &cur, NULL, ply, depth, flags);
			if (act == XQ_WALK_NEXT && w->unplayed && n->child)
				walk_links(w, n, ply + 1, depth, XQ_STEP_UNPLAYED, ply);
			if (act == XQ_WALK_STOP || w->stopped)
				break;
		} else {
			prev = cur;
			xq_make(&cur, m, &u);
			w->keys[ply] = cur.key;
			act = visit(w, n, &prev, &cur, ply, depth, flags);
			if (act == XQ_WALK_STOP)
				break;
			if (act != XQ_WALK_SKIP && n->child) {
				if (sp == cap) {
					size_t nc = cap ? 2 * cap : 64;
					struct frame *nf = realloc(fr, nc * sizeof *nf);
					if (!nf) {
						w->failed = 1;
						break;
					}
					fr = nf;
					cap = nc;
				}
				fr[sp].n = n;
				fr[sp].m = m;
				fr[sp].depth = depth;
				fr[sp].u = u;
				sp++;
				n = n->child;   /* the continuation: the same depth */
				ply++;
				continue;
			}
			xq_unmake(&cur, m, &u);
		}
		/* on to the next alternative, up the path as far as needed */
		for (;;) {
			if (n->next) {
				n = n->next;
				depth = (sp ? fr[sp - 1].depth : 0) + 1;
				break;
			}
			if (!sp) {
				n = NULL;
				break;
			}
			sp--;
			n = fr[sp].n;
			depth = fr[sp].depth;
			ply--;
			xq_unmake(&cur, fr[sp].m, &fr[sp].u);
		}
	}
	free(fr);
}

static int walk_game(const struct xq_game *g, xq__resolve_fn resolve, xq__run_fn run,
		     unsigned mode, xq_walk_fn fn, void *data, struct xq_pos *end, int *end_ply)
{
	struct walk w;
	unsigned order = mode & XQ_WALK_ORDER;

	if (order > XQ_WALK_TREE ||
	    (mode & ~(unsigned)(XQ_WALK_ORDER | XQ_WALK_UNPLAYED | XQ_WALK_NO_POSITIONS)) ||
	    ((mode & XQ_WALK_UNPLAYED) && order == XQ_WALK_LINES) ||
	    ((mode & XQ_WALK_NO_POSITIONS) && order != XQ_WALK_TREE))
		return XQ_EINVAL;
	clear(&w);
	w.end = end;
	w.end_ply = end_ply;
	if (end) {
		*end_ply = 0;
		if (!g->root.child)   /* else the main line's walk sets it */
			*end = g->start;
	}
	w.g = g;
	w.resolve = resolve;
	w.run = run;
	w.trusted = !resolve && (g->flags & XQ_GAME_REPLAYED);
	w.unplayed = (mode & XQ_WALK_UNPLAYED) != 0;
	w.noplay = (mode & XQ_WALK_NO_POSITIONS) != 0;
	w.visit = fn;
	w.data = data;
	w.keys = w.small;
	w.cap = sizeof w.small / sizeof *w.small;
	w.keys[0] = g->start.key;
	if (g->root.child && order == XQ_WALK_WRITTEN)
		walk_written(&w, &g->start, g->root.child, 1, 0, 0, 1);
	else if (g->root.child && order == XQ_WALK_TREE && w.noplay)
		walk_links(&w, &g->root, 1, 0, 0, 0);
	else if (g->root.child && order == XQ_WALK_TREE)
		walk_tree(&w, g);
	else if (g->root.child)
		walk_line(&w, &g->start, g->root.child, 1, 0);
	if (w.keys != w.small)
		free(w.keys);
	if (w.failed)
		return XQ_ENOMEM;
	return w.stopped ? 1 : 0;
}

int xq__walk_to_end(const struct xq_game *g, xq__resolve_fn resolve, xq__run_fn run,
		    xq_walk_fn fn, void *data, struct xq_pos *end, int *end_ply)
{
	return walk_game(g, resolve, run, XQ_WALK_LINES, fn, data, end, end_ply);
}

int xq_game_walk(const struct xq_game *g, xq_walk_fn fn, void *data)
{
	return walk_game(g, NULL, NULL, XQ_WALK_LINES, fn, data, NULL, NULL);
}

int xq_game_walk_written(const struct xq_game *g, xq_walk_fn fn, void *data)
{
	return walk_game(g, NULL, NULL, XQ_WALK_WRITTEN, fn, data, NULL, NULL);
}

int xq__walk_below(const struct xq_node *n, xq_walk_fn fn, void *data)
{
	struct walk w;
	int ply = 1, depth = 0;

	clear(&w);
	w.unplayed = 1;
	w.visit = fn;
	w.data = data;
	w.keys = w.small;
	w.cap = sizeof w.small / sizeof *w.small;
	/* n's ply and depth, from its path to the root */
	for (const struct xq_node *p = n; p->parent; p = p->parent) {
		ply++;
		if (p != p->parent->child)
			depth++;
	}
	walk_links(&w, n, ply, depth, XQ_STEP_UNPLAYED, 0);
	if (w.keys != w.small)
		free(w.keys);
	if (w.failed)
		return XQ_ENOMEM;
	return w.stopped ? 1 : 0;
}

int xq_game_walk_mode(const struct xq_game *g, unsigned mode, xq_walk_fn fn, void *data)
{
	return walk_game(g, NULL, NULL, mode, fn, data, NULL, NULL);
}
