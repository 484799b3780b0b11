/*
 * search.c - the built-in engine's search: iterative deepening alpha-beta
 * with principal-variation search, a transposition table owned by the
 * handle, quiescence over captures and check evasions, move ordering (hash
 * move, captures by MVV/LVA, killers, history), check extension, null move
 * and late-move reductions, mate scores with distance, repetitions in the
 * tree, and lazy SMP threads sharing the table.
 *
 * Repetitions: a position that repeats one of the positions before it on
 * the same line ends that line: at once when the earlier one is in the
 * tree, and when it is the root's or one of the game before the root, only
 * when that position had come twice already (as Stockfish counts: a game
 * that returns once to a position has not repeated yet).  When every move
 * one side made in the cycle gave check while the other side's did not,
 * the checking side loses (perpetual check);
 * otherwise it is a draw.  A cycle reaching back into the game is judged
 * the same way when the caller said which of the game's positions were in
 * check (xq_search_run_checks), else it is a draw.
 *
 * The table is lockless: each slot keeps key ^ data beside data, so that a
 * slot torn by two threads writing at once fails its key test.  Results are
 * deterministic for a depth or node limit with one thread, given the same
 * calls on the handle since it was made or cleared (the table carries over
 * from one run to the next).
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "board.h"
#include "eval.h"
#include "search.h"

#define MAX_PLY 96
#define INF 32000
#define WIN_PERPETUAL XQ_SCORE_WIN_PERPETUAL
#define MAX_THREADS 64
/* A time limit past this (about 31 years) is taken as this. */
#define MOVETIME_MAX_MS 1000000000000LL
#define MAX_KEEP 1024            /* game keys kept for repetitions */

enum { BOUND_UPPER = 1, BOUND_LOWER = 2, BOUND_EXACT = 3 };

/* ----------------------------------------------------------- the table */

struct tt_slot {
	_Atomic uint64_t check;   /* key ^ data */
	_Atomic uint64_t data;    /* move 16 | score 16 | depth 8 | bound 2 | age 6 */
};

static inline uint64_t tt_pack(xq_move m, int score, int depth, int bound, int age)
{
	return (uint64_t)m | (uint64_t)(uint16_t)(int16_t)score << 16 |
	       (uint64_t)(uint8_t)(depth + 1) << 32 | (uint64_t)bound << 40 |
	       (uint64_t)(age & 63) << 42;
}
static inline xq_move tt_move(uint64_t d) { return (xq_move)(d & 0xffff); }
static inline int tt_score(uint64_t d) { return (int16_t)(uint16_t)(d >> 16); }
static inline int tt_depth(uint64_t d) { return (int)((d >> 32) & 0xff) - 1; }
static inline int tt_bound(uint64_t d) { return (int)((d >> 40) & 3); }
static inline int tt_age(uint64_t d) { return (int)((d >> 42) & 63); }

#define TT_WAYS 4

/* Mate scores are stored relative to the node, not the root. */
static inline int score_to_tt(int s, int ply)
{
	if (s > XQ_SCORE_MATE - 1000)
		return s + ply;
	if (s < -(XQ_SCORE_MATE - 1000))
		return s - ply;
	return s;
}
static inline int score_from_tt(int s, int ply)
{
	if (s > XQ_SCORE_MATE - 1000)
		return s - ply;
	if (s < -(XQ_SCORE_MATE - 1000))
		return s + ply;
	return s;
}

/* ----------------------------------------------------------- the handle */

struct worker;

struct xq_search {
	struct tt_slot *tt;
	uint64_t tt_mask;          /* clusters - 1 (clusters of TT_WAYS slots) */
	int age;
	atomic_int stop;
	/* per run */
	uint64_t node_limit;
	int64_t deadline_ns;       /* 0: none */
	int64_t start_ns;
	struct worker *workers[MAX_THREADS];
	int nworkers;
};

struct worker {
	struct xq_search *s;
	int id;
	struct xq_pos pos;
	uint64_t *keys;            /* game keys then the line's: keys[nkeys - 1] is pos.key */
	uint8_t *checks;           /* checks[i]: the side to move at keys[i] is in
				    * check (1) or not (0), or unknown (2) */
	int nkeys, root;           /* root: index of the root in keys */
	int nkeep;
	xq_move killers[MAX_PLY + 1][2];
	int history[2][90][90];
	xq_move pv[MAX_PLY + 1][MAX_PLY + 1];
	int pvlen[MAX_PLY + 1];
	uint64_t nodes;
	int seldepth;
	int stopped;               /* this worker saw the stop */
	/* the result of the last completed iteration */
	struct xq_search_info best;
	int root_depth;
	int root_moves_done;       /* root moves searched to the end this iteration */
	int root_score;            /* the best of them */
	const xq_move *only;       /* the root moves searched (limits' searchmoves) */
	int nonly;
};

static int64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

struct xq_search *xq_search_new(size_t hash_mb)
{
	struct xq_search *s = calloc(1, sizeof *s);
	uint64_t bytes, clusters = 1;

	if (!s)
		return NULL;
	if (hash_mb < 1)
		hash_mb = 1;
	if (hash_mb > 1 << 16)
		hash_mb = 1 << 16;
	bytes = (uint64_t)hash_mb << 20;
	while (clusters * 2 * TT_WAYS * sizeof(struct tt_slot) <= bytes)
		clusters *= 2;
	s->tt = calloc(clusters * TT_WAYS, sizeof *s->tt);
	if (!s->tt) {
		free(s);
		return NULL;
	}
	s->tt_mask = clusters - 1;
	atomic_init(&s->stop, 0);
	return s;
}

void xq_search_free(struct xq_search *s)
{
	if (!s)
		return;
	free(s->tt);
	free(s);
}

void xq_search_clear(struct xq_search *s)
{
	memset(s->tt, 0, (s->tt_mask + 1) * TT_WAYS * sizeof *s->tt);
	s->age = 0;
}

void xq_search_stop(struct xq_search *s)
{
	atomic_store(&s->stop, 1);
}

int xq__tt_probe(struct xq_search *s, uint64_t key, struct xq__tt_entry *e)
{
	struct tt_slot *c = s->tt + (key & s->tt_mask) * TT_WAYS;
	for (int i = 0; i < TT_WAYS; i++) {
		uint64_t d = atomic_load_explicit(&c[i].data, memory_order_relaxed);
		uint64_t k = atomic_load_explicit(&c[i].check, memory_order_relaxed);
		if ((k ^ d) == key && d) {
			e->move = tt_move(d);
			e->score = tt_score(d);
			e->depth = tt_depth(d);
			e->bound = tt_bound(d);
			return 1;
		}
	}
	return 0;
}

void xq__tt_store(struct xq_search *s, uint64_t key, xq_move m, int score, int depth, int bound)
{
	struct tt_slot *c = s->tt + (key & s->tt_mask) * TT_WAYS, *victim = c;
	int worst = INF;

	if (depth < -1)
		depth = -1;
	if (depth > 250)
		depth = 250;
	for (int i = 0; i < TT_WAYS; i++) {
		uint64_t d = atomic_load_explicit(&c[i].data, memory_order_relaxed);
		uint64_t k = atomic_load_explicit(&c[i].check, memory_order_relaxed);
		int v;
		if (!d || (k ^ d) == key) {
			/* Same position: keep its move when we have none and a
			 * deeper entry unless this one is exact. */
			if (d && (k ^ d) == key) {
				if (!m)
					m = tt_move(d);
				if (bound != BOUND_EXACT && tt_depth(d) > depth + 2 &&
				    tt_age(d) == (s->age & 63))
					return;
			}
			victim = &c[i];
			break;
		}
		v = tt_depth(d) - 8 * ((s->age - tt_age(d)) & 63);
		if (v < worst) {
			worst = v;
			victim = &c[i];
		}
	}
	{
		uint64_t d = tt_pack(m, score, depth, bound, s->age);
		atomic_store_explicit(&victim->data, d, memory_order_relaxed);
		atomic_store_explicit(&victim->check, key ^ d, memory_order_relaxed);
	}
}

/* ------------------------------------------------------------ the search */

static inline int sq90(int isq) { return ISQ_RANK(isq) * 9 + ISQ_FILE(isq); }

static int time_up(struct worker *w)
{
	struct xq_search *s = w->s;
	if (w->stopped)
		return 1;
	if (atomic_load_explicit(&s->stop, memory_order_relaxed)) {
		w->stopped = 1;
		return 1;
	}
	if (w->id != 0)
		return 0;
	/* The main thread decides; depth 1 always completes. */
	if (w->root_depth <= 1)
		return 0;
	if (s->node_limit && w->nodes >= s->node_limit) {
		w->stopped = 1;
		return 1;
	}
	if (s->deadline_ns && (w->nodes & 1023) == 0 && now_ns() >= s->deadline_ns) {
		w->stopped = 1;
		return 1;
	}
	return 0;
}

static inline int has_big_piece(const struct xq_pos *pos, int side)
{
	const uint8_t *sq = pos->sq_of + side * 16;
	for (int slot = SLOT_HORSE; slot < SLOT_PAWN; slot++)
		if (sq[slot])
			return 1;
	return 0;
}

/* Few enough pieces that a stalemate (a loss) is worth looking for. */
static inline int few_pieces(const struct xq_pos *pos, int side)
{
	const uint8_t *sq = pos->sq_of + side * 16;
	int n = 0;
	for (int slot = 1; slot < 16; slot++)
		n += sq[slot] != 0;
	return n <= 3;
}

static inline void push_key(struct worker *w)
{
	w->keys[w->nkeys] = w->pos.key;
	w->checks[w->nkeys] = w->pos.in_check;
	w->nkeys++;
}

/* Is key at keys[lo..i) too, at the same side to move? */
static int seen_before(const struct worker *w, int i, int lo, uint64_t key)
{
	for (int j = i - 4; j >= lo; j -= 2)
		if (w->keys[j] == key)
			return 1;
	return 0;
}

/*
 * Does the current position (keys[nkeys - 1]) repeat?  0: no; 1 with *score
 * set for the side to move: yes.
 */
static int repetition(struct worker *w, int ply, int *score)
{
	int n = w->nkeys - 1, lo = n - w->pos.halfmove;
	uint64_t key = w->keys[n];

	if (lo < 0)
		lo = 0;
	for (int i = n - 4; i >= lo; i -= 2) {
		int us_all = 1, them_all = 1;
		if (w->keys[i] != key)
			continue;
		/* The root's position or one of the game before it must have
		 * come twice already: a first return to it is no draw yet, the
		 * game goes on (a move that repeats the game once is scored
		 * for what follows, not as 0). */
		if (i <= w->root && !seen_before(w, i, lo, key))
			return 0;
		/* Positions n, n-2, ... were reached by the other side's moves;
		 * a position of the game whose checks are unknown (2) makes the
		 * cycle a plain draw. */
		for (int j = n; j > i; j -= 2)
			them_all &= w->checks[j] == 1;
		for (int j = n - 1; j > i; j -= 2)
			us_all &= w->checks[j] == 1;
		for (int j = n; j > i; j--)
			if (w->checks[j] == 2)
				us_all = them_all = 0;
		if (them_all && !us_all)
			*score = WIN_PERPETUAL - ply;
		else if (us_all && !them_all)
			*score = -(WIN_PERPETUAL - ply);
		else
			*score = 0;
		return 1;
	}
	return 0;
}

/* Move ordering scores. */
#define SORT_HASH (1 << 30)
#define SORT_CAPTURE (1 << 28)
#define SORT_KILLER1 (1 << 27)
#define SORT_KILLER2 (SORT_KILLER1 - 1)
#define SORT_BAD_CAPTURE (1 << 26)   /* above the history counters' cap */

static inline int mvv_lva(const struct xq_pos *pos, xq_move m)
{
	int victim = piece_type(pos->board[MOVE_TO(m)]);
	int attacker = piece_type(pos->board[MOVE_FROM(m)]);
	return xq__piece_value[victim] * 8 - attacker;
}

/* A capture that likely loses material: a more valuable piece takes a
 * defended one (a cheap stand-in for exchange evaluation). */
static inline int bad_capture(const struct xq_pos *pos, xq_move m)
{
	int victim = piece_type(pos->board[MOVE_TO(m)]);
	int attacker = piece_type(pos->board[MOVE_FROM(m)]);
	return xq__piece_value[attacker] > xq__piece_value[victim] + 50 &&
	       xq__attacked(pos, MOVE_TO(m), !pos->side);
}

void xq__order_moves(const struct xq_pos *pos, xq_move *moves, int *keys, int n,
		     xq_move hash, const xq_move killers[2], const int *hist)
{
	for (int i = 0; i < n; i++) {
		xq_move m = moves[i];
		int k;
		if (m == hash)
			k = SORT_HASH;
		else if (pos->board[MOVE_TO(m)])
			k = (bad_capture(pos, m) ? SORT_BAD_CAPTURE : SORT_CAPTURE) + mvv_lva(pos, m);
		else if (killers && m == killers[0])
			k = SORT_KILLER1;
		else if (killers && m == killers[1])
			k = SORT_KILLER2;
		else
			k = hist ? hist[sq90(MOVE_FROM(m)) * 90 + sq90(MOVE_TO(m))] : 0;
		keys[i] = k;
	}
}

/* Bring the best remaining move to i. */
static inline void pick(xq_move *moves, int *keys, int i, int n)
{
	int b = i;
	for (int j = i + 1; j < n; j++)
		if (keys[j] > keys[b])
			b = j;
	if (b != i) {
		xq_move m = moves[i];
		int k = keys[i];
		moves[i] = moves[b];
		keys[i] = keys[b];
		moves[b] = m;
		keys[b] = k;
	}
}

static int qsearch(struct worker *w, int alpha, int beta, int ply)
{
	struct xq_pos *pos = &w->pos;
	xq_move moves[XQ_MAX_MOVES];
	int keys[XQ_MAX_MOVES], n, best, in_check = pos->in_check, stand = 0;

	w->nodes++;
	if (ply > w->seldepth)
		w->seldepth = ply;
	if ((w->nodes & 1023) == 0 && time_up(w))
		return 0;
	if (ply >= MAX_PLY)
		return xq_evaluate(pos);
	if (in_check) {
		n = xq_legal_moves(pos, moves);
		if (n == 0)
			return -(XQ_SCORE_MATE - ply);
		best = -INF;
	} else {
		if (few_pieces(pos, pos->side) && xq_legal_moves(pos, moves) == 0)
			return -(XQ_SCORE_MATE - ply);   /* stalemated: lost */
		stand = xq_evaluate(pos);
		if (stand >= beta)
			return stand;
		if (stand > alpha)
			alpha = stand;
		best = stand;
		n = xq__legal_captures(pos, moves);
	}
	xq__order_moves(pos, moves, keys, n, XQ_MOVE_NONE, NULL, NULL);
	for (int i = 0; i < n; i++) {
		struct xq_undo u;
		int score;
		pick(moves, keys, i, n);
		/* Delta pruning: even winning the piece cannot reach alpha. */
		if (!in_check &&
		    (stand + xq__piece_value[piece_type(pos->board[MOVE_TO(moves[i])])] + 200 <= alpha ||
		     keys[i] < SORT_CAPTURE))
			continue;
		xq_make(pos, moves[i], &u);
		score = -qsearch(w, -beta, -alpha, ply + 1);
		xq_unmake(pos, moves[i], &u);
		if (w->stopped)
			return 0;
		if (score > best) {
			best = score;
			if (score > alpha) {
				alpha = score;
				if (score >= beta)
					break;
			}
		}
	}
	return best;
}

static void update_pv(struct worker *w, int ply, xq_move m)
{
	w->pv[ply][ply] = m;
	for (int j = ply + 1; j < w->pvlen[ply + 1]; j++)
		w->pv[ply][j] = w->pv[ply + 1][j];
	w->pvlen[ply] = w->pvlen[ply + 1] > ply + 1 ? w->pvlen[ply + 1] : ply + 1;
}

/* Keep the moves of moves[0..n) that are in only[0..nonly), in order;
 * returns how many. */
static int keep_only(xq_move *moves, int n, const xq_move *only, int nonly)
{
	int k = 0;
	for (int i = 0; i < n; i++)
		for (int j = 0; j < nonly; j++)
			if (moves[i] == only[j]) {
				moves[k++] = moves[i];
				break;
			}
	return k;
}

static int search(struct worker *w, int depth, int alpha, int beta, int ply, int null_ok)
{
	struct xq_search *s = w->s;
	struct xq_pos *pos = &w->pos;
	xq_move moves[XQ_MAX_MOVES], hash_move = XQ_MOVE_NONE, best_move = XQ_MOVE_NONE;
	int keys[XQ_MAX_MOVES], n, best = -INF, score, in_check = pos->in_check;
	int pv_node = beta - alpha > 1, old_alpha = alpha, static_eval = 0, nquiets = 0;
	xq_move quiets[XQ_MAX_MOVES];
	struct xq__tt_entry e;

	w->pvlen[ply] = ply;
	if (ply > 0) {
		if ((w->nodes & 1023) == 0 && time_up(w))
			return 0;
		if (w->stopped)
			return 0;
		if (repetition(w, ply, &score))
			return score;
		/* Mate distance pruning. */
		if (alpha < -(XQ_SCORE_MATE - ply))
			alpha = -(XQ_SCORE_MATE - ply);
		if (beta > XQ_SCORE_MATE - ply - 1)
			beta = XQ_SCORE_MATE - ply - 1;
		if (alpha >= beta)
			return alpha;
		if (ply >= MAX_PLY)
			return xq_evaluate(pos);
	}
	if (depth <= 0)
		return qsearch(w, alpha, beta, ply);
	w->nodes++;
	if (ply > w->seldepth)
		w->seldepth = ply;

	if (xq__tt_probe(s, pos->key, &e)) {
		hash_move = e.move;
		if (hash_move && !xq_is_legal(pos, hash_move))
			hash_move = XQ_MOVE_NONE;
		if (!pv_node && ply > 0 && e.depth >= depth) {
			int ts = score_from_tt(e.score, ply);
			if (e.bound == BOUND_EXACT ||
			    (e.bound == BOUND_LOWER && ts >= beta) ||
			    (e.bound == BOUND_UPPER && ts <= alpha))
				return ts;
		}
	}

	/* The static evaluation only serves the pruning of non-PV nodes. */
	if (!in_check && !pv_node)
		static_eval = xq_evaluate(pos);

	/* Reverse futility: far enough above beta near the leaves. */
	if (!pv_node && !in_check && ply > 0 && depth <= 2 &&
	    static_eval - 120 * depth >= beta && beta > -(XQ_SCORE_MATE - 1000) &&
	    beta < XQ_SCORE_MATE - 1000)
		return static_eval;

	/* Null move: not in check, with a piece beyond pawns and defenders
	 * (xiangqi's zugzwangs are in bare endings). */
	if (!pv_node && !in_check && null_ok && depth >= 3 && ply > 0 &&
	    static_eval >= beta && has_big_piece(pos, pos->side) &&
	    beta < XQ_SCORE_MATE - 1000) {
		int r = 2 + depth / 4, old_half = pos->halfmove;
		uint64_t old_key = pos->key;
		pos->side ^= 1;
		pos->key ^= ZOBRIST_SIDE;
		pos->halfmove = 0;     /* no repetition across a null move */
		push_key(w);
		score = -search(w, depth - 1 - r, -beta, -beta + 1, ply + 1, 0);
		w->nkeys--;
		pos->side ^= 1;
		pos->key = old_key;
		pos->halfmove = (uint16_t)old_half;
		if (w->stopped)
			return 0;
		if (score >= beta)
			return score > XQ_SCORE_MATE - 1000 ? beta : score;
	}

	/* Internal iterative deepening for a PV node without a hash move. */
	if (pv_node && !hash_move && depth >= 5 && ply > 0) {
		search(w, depth - 3, alpha, beta, ply, 0);
		if (w->stopped)
			return 0;
		if (xq__tt_probe(s, pos->key, &e) && e.move && xq_is_legal(pos, e.move))
			hash_move = e.move;
	}

	n = xq_legal_moves(pos, moves);
	if (n == 0)
		return -(XQ_SCORE_MATE - ply);   /* mate or stalemate: both lose */
	if (ply == 0 && w->nonly)
		n = keep_only(moves, n, w->only, w->nonly);
	xq__order_moves(pos, moves, keys, n, hash_move, w->killers[ply], &w->history[pos->side][0][0]);
	nquiets = 0;

	for (int i = 0; i < n; i++) {
		struct xq_undo u;
		xq_move m;
		int capture, gives, newdepth, r = 0, quiet;

		pick(moves, keys, i, n);
		m = moves[i];
		capture = pos->board[MOVE_TO(m)] != 0;
		quiet = !capture && keys[i] < SORT_KILLER2;
		xq_make(pos, m, &u);
		gives = pos->in_check;
		/* Futility and late-move pruning of quiet moves near the leaves. */
		if (i > 0 && !pv_node && !in_check && !gives && quiet && depth <= 3 &&
		    best > -(XQ_SCORE_MATE - 1000) && !few_pieces(pos, pos->side) &&
		    (static_eval + 100 + 120 * depth <= alpha || i >= 6 + 5 * depth)) {
			xq_unmake(pos, m, &u);
			continue;
		}
		push_key(w);
		newdepth = depth - 1 + (gives && ply < 2 * w->root_depth + 4);
		if (i == 0) {
			score = -search(w, newdepth, -beta, -alpha, ply + 1, 1);
		} else {
			if (depth >= 3 && i >= 3 && quiet && !gives && !in_check && ply > 0) {
				r = 1 + (i >= 7) + (depth >= 6 && i >= 14) + (depth >= 10 && i >= 28);
				if (pv_node && r > 1)
					r--;
				if (newdepth - r < 1)
					r = newdepth - 1;
				if (r < 0)
					r = 0;
			}
			score = -search(w, newdepth - r, -alpha - 1, -alpha, ply + 1, 1);
			if (score > alpha && r)
				score = -search(w, newdepth, -alpha - 1, -alpha, ply + 1, 1);
			if (score > alpha && score < beta)
				score = -search(w, newdepth, -beta, -alpha, ply + 1, 1);
		}
		w->nkeys--;
		xq_unmake(pos, m, &u);
		if (w->stopped)
			return 0;
		if (!capture)
			quiets[nquiets++] = m;
		if (ply == 0)
			w->root_moves_done++;
		if (score > best) {
			best = score;
			best_move = m;
			if (score > alpha) {
				alpha = score;
				update_pv(w, ply, m);
				if (ply == 0)
					w->root_score = score;
				if (score >= beta) {
					if (!capture) {
						int *h = &w->history[pos->side][sq90(MOVE_FROM(m))][sq90(MOVE_TO(m))];
						if (w->killers[ply][0] != m) {
							w->killers[ply][1] = w->killers[ply][0];
							w->killers[ply][0] = m;
						}
						*h += depth * depth;
						/* The quiet moves tried before it did worse. */
						for (int q = 0; q < nquiets - 1; q++) {
							int *o = &w->history[pos->side][sq90(MOVE_FROM(quiets[q]))][sq90(MOVE_TO(quiets[q]))];
							*o -= depth * depth;
							if (*o < 0)
								*o = 0;
						}
						if (*h > (1 << 25))
							for (int a = 0; a < 90; a++)
								for (int b = 0; b < 90; b++)
									w->history[pos->side][a][b] /= 2;
					}
					break;
				}
			}
		}
	}
	/* A root searched over some moves only is not this position's value. */
	if (ply > 0 || !w->nonly)
		xq__tt_store(s, pos->key, best_move, score_to_tt(best, ply), depth,
			     best >= beta ? BOUND_LOWER : best > old_alpha ? BOUND_EXACT : BOUND_UPPER);
	return best;
}

static void fill_info(struct worker *w, int depth, int score, struct xq_search_info *out)
{
	struct xq_search *s = w->s;
	uint64_t nodes = 0;
	out->depth = depth;
	out->seldepth = w->seldepth;
	out->score = score;
	for (int i = 0; i < s->nworkers; i++)
		nodes += s->workers[i]->nodes;
	out->nodes = nodes;
	out->time_ms = (now_ns() - s->start_ns) / 1000000;
	out->npv = w->pvlen[0] < XQ_MAX_PV ? w->pvlen[0] : XQ_MAX_PV;
	for (int i = 0; i < out->npv; i++)
		out->pv[i] = w->pv[0][i];
}

struct run {
	struct worker *w;
	int max_depth;
	void (*info)(void *, const struct xq_search_info *);
	void *data;
};

/* Iterative deepening for one worker; the main one (id 0) reports. */
static void deepen(struct run *r)
{
	struct worker *w = r->w;
	int prev = 0;

	for (int depth = 1; depth <= r->max_depth; depth++) {
		int score, delta = 30, alpha = -INF, beta = INF;
		/* Helpers spread over the depths. */
		if (w->id && depth > 1 && (w->id & 1) && depth < r->max_depth)
			depth++;
		w->root_depth = depth;
		w->seldepth = 0;
		w->root_moves_done = 0;
		if (depth >= 5 && !XQ_SCORE_IS_MATE(prev)) {
			alpha = prev - delta;
			beta = prev + delta;
		}
		for (;;) {
			score = search(w, depth, alpha, beta, 0, 0);
			if (w->stopped)
				break;
			if (score <= alpha && alpha > -INF) {
				alpha = score - delta > -INF ? score - delta : -INF;
				delta *= 2;
			} else if (score >= beta && beta < INF) {
				beta = score + delta < INF ? score + delta : INF;
				delta *= 2;
			} else {
				break;
			}
			if (delta > 1000)
				alpha = -INF, beta = INF;
		}
		if (w->stopped) {
			/* What a partial iteration found is kept when the previous
			 * best move (searched first) or a better one was searched
			 * to the end: deeper than the last complete iteration. */
			if (w->root_moves_done > 0 && w->pvlen[0] > 0 && w->best.npv > 0) {
				int d = w->best.depth;
				fill_info(w, d, w->root_score, &w->best);
			}
			break;
		}
		prev = score;
		fill_info(w, depth, score, &w->best);
		if (w->id == 0 && r->info)
			r->info(r->data, &w->best);
		if (w->id == 0 && w->s->deadline_ns) {
			/* Do not start an iteration after 60% of the time: it
			 * would mostly be cut off. */
			int64_t used = now_ns() - w->s->start_ns;
			int64_t all = w->s->deadline_ns - w->s->start_ns;
			if (used * 10 > all * 6)
				break;
		}
		if (XQ_SCORE_IS_MATE(score) && XQ_SCORE_MATE - abs(score) <= depth)
			break;   /* a mate found that deeper search cannot shorten */
	}
}

static void *helper_main(void *arg)
{
	deepen(arg);
	return NULL;
}

static struct worker *worker_new(struct xq_search *s, int id, const struct xq_pos *pos,
				 const uint64_t *history, const uint8_t *checks, int nhistory)
{
	struct worker *w = calloc(1, sizeof *w);
	int keep = nhistory < MAX_KEEP ? nhistory : MAX_KEEP;
	if (!w)
		return NULL;
	w->keys = malloc((size_t)(keep + MAX_PLY + 8) * sizeof *w->keys);
	w->checks = calloc((size_t)(keep + MAX_PLY + 8), 1);
	if (!w->keys || !w->checks) {
		free(w->keys);
		free(w->checks);
		free(w);
		return NULL;
	}
	w->s = s;
	w->id = id;
	w->pos = *pos;
	if (keep > 0)
		memcpy(w->keys, history + (nhistory - keep), (size_t)keep * sizeof *w->keys);
	for (int i = 0; i < keep; i++)
		w->checks[i] = checks ? checks[nhistory - keep + i] != 0 : 2;
	w->nkeys = keep;
	w->root = keep;
	push_key(w);
	return w;
}

static void worker_free(struct worker *w)
{
	if (!w)
		return;
	free(w->keys);
	free(w->checks);
	free(w);
}

int xq_search_run(struct xq_search *s, const struct xq_pos *pos,
		  const uint64_t *history, int nhistory,
		  const struct xq_search_limits *lim,
		  void (*info)(void *data, const struct xq_search_info *i), void *data,
		  struct xq_search_info *out)
{
	return xq_search_run_checks(s, pos, history, NULL, nhistory, lim, info, data, out);
}

int xq_search_run_checks(struct xq_search *s, const struct xq_pos *pos,
			 const uint64_t *history, const uint8_t *history_checks, int nhistory,
			 const struct xq_search_limits *lim,
			 void (*info)(void *data, const struct xq_search_info *i), void *data,
			 struct xq_search_info *out)
{
	struct xq_search_limits none = { 0 };
	struct run runs[MAX_THREADS];
	pthread_t tids[MAX_THREADS];
	int threads, max_depth, started = 1, rc = 0, nmoves;
	int64_t movetime_ms;
	xq_move moves[XQ_MAX_MOVES];

	if (!lim)
		lim = &none;
	if (nhistory < 0 || (nhistory > 0 && !history) || lim->depth < 0 ||
	    lim->movetime_ms < 0 || lim->threads < 0 || lim->nsearchmoves < 0 ||
	    (lim->nsearchmoves > 0 && !lim->searchmoves))
		return XQ_EINVAL;
	threads = lim->threads > 1 ? lim->threads : 1;
	if (threads > MAX_THREADS)
		threads = MAX_THREADS;
	max_depth = lim->depth > 0 && lim->depth < MAX_PLY - 8 ? lim->depth : MAX_PLY - 8;

	atomic_store(&s->stop, 0);
	s->age = (s->age + 1) & 63;
	s->node_limit = lim->nodes;
	s->start_ns = now_ns();
	/* (a longer time is as good as none, and its nanoseconds, six times
	 * over, must fit in 64 bits: see the iteration's 60% rule) */
	movetime_ms = lim->movetime_ms < MOVETIME_MAX_MS ? lim->movetime_ms : MOVETIME_MAX_MS;
	s->deadline_ns = movetime_ms > 0 ? s->start_ns + movetime_ms * 1000000 : 0;
	s->nworkers = 0;
	memset(out, 0, sizeof *out);
	for (int i = 0; i < threads; i++) {
		struct worker *w = worker_new(s, i, pos, history, history_checks, nhistory);
		if (!w) {
			rc = XQ_ENOMEM;
			goto done;
		}
		w->only = lim->searchmoves;
		w->nonly = lim->nsearchmoves;
		s->workers[s->nworkers++] = w;
	}

	nmoves = xq_legal_moves(pos, moves);
	if (nmoves > 0 && lim->nsearchmoves > 0 &&
	    keep_only(moves, nmoves, lim->searchmoves, lim->nsearchmoves) == 0) {
		rc = XQ_EINVAL;   /* none of the moves asked for is legal */
		goto done;
	}
	if (nmoves == 0) {
		/* Mate or stalemate: no move, the side to move has lost. */
		out->score = -XQ_SCORE_MATE;
		out->pv[0] = XQ_MOVE_NONE;
		goto done;
	}

	for (int i = 0; i < threads; i++) {
		runs[i].w = s->workers[i];
		runs[i].max_depth = i ? MAX_PLY - 8 : max_depth;
		runs[i].info = info;
		runs[i].data = data;
	}
	for (; started < threads; started++)
		if (pthread_create(&tids[started], NULL, helper_main, &runs[started]) != 0)
			break;
	deepen(&runs[0]);
	atomic_store(&s->stop, 1);
	for (int i = 1; i < started; i++)
		pthread_join(tids[i], NULL);

	*out = s->workers[0]->best;
	{
		uint64_t nodes = 0;
		for (int i = 0; i < s->nworkers; i++)
			nodes += s->workers[i]->nodes;
		out->nodes = nodes;
		out->time_ms = (now_ns() - s->start_ns) / 1000000;
	}
	if (out->npv == 0) {
		/* Stopped before depth 1 ended: any legal move. */
		out->npv = 1;
		out->pv[0] = moves[0];
	}
done:
	for (int i = 0; i < s->nworkers; i++)
		worker_free(s->workers[i]);
	s->nworkers = 0;
	return rc;
}

/* --- the built-in engine of the annotation driver */

static int builtin_new_game(struct xq_engine *e)
{
	xq_search_clear(e->data);
	return 0;
}

static int builtin_search(struct xq_engine *e, const struct xq_engine_query *q,
			  struct xq_search_info *out)
{
	int rc = xq_search_run(e->data, q->pos, q->keys, q->nmoves, q->lim, NULL, NULL, out);
	return rc < 0 ? rc : 0;
}

void xq_engine_builtin(struct xq_engine *e, struct xq_search *s)
{
	memset(e, 0, sizeof *e);
	e->new_game = builtin_new_game;
	e->search = builtin_search;
	e->data = s;
}
