/*
 * game.c - the record model: one arena per game, tags in order, the move
 * tree (first child = main line, next sibling = variation), comments and
 * NAGs, result words, problem names.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ascii.h"
#include "xq_format.h"

/*
 * The arena: a list of chunks, newest first; allocation bumps a pointer
 * in the newest chunk.  Chunks grow from 16 KiB (a game of 150 plies
 * read from text fits in one) to 64 KiB; a request larger than half a
 * chunk gets a chunk of its own.  Nothing is freed before the whole game
 * is.
 */
struct chunk {
	struct chunk *prev;
	_Alignas(16) unsigned char data[];
};

/*
 * A map from an address to what the game builder remembers about it, so
 * that building a tree stays linear: the last child of a parent with two
 * or more children (xq_node_add appends without walking the siblings) and
 * the length and room of each comment made here (xq_node_comment appends
 * in place, doubling the room).  Open addressing, grown at half full.
 */
struct pent {
	const void *key;
	void *val;
	size_t len, cap;
};

struct pmap {
	struct pent *e;
	size_t n, cap;   /* cap: 0 or a power of two */
};

struct xq_arena {
	unsigned char *cur, *end;  /* the room left in the newest chunk */
	struct chunk *head;
	size_t next_size;
	struct pmap last_child;  /* parent -> its last child */
	struct pmap comments;    /* comment slot -> its text, length, room */
};

static size_t pmap_hash(const void *k)
{
	uint64_t h = (uint64_t)(uintptr_t)k * 0x9e3779b97f4a7c15u;
	return (size_t)(h >> 17);
}

/* The entry for key, or NULL (make: a new zeroed one, NULL if out of
 * memory). */
static struct pent *pmap_get(struct pmap *m, const void *key, int make)
{
	if (make && (m->n + 1) * 2 > m->cap) {
		size_t cap = m->cap ? m->cap * 2 : 64;
		struct pent *e = calloc(cap, sizeof *e);
		if (!e)
			return NULL;
		for (size_t i = 0; i < m->cap; i++) {
			if (!m->e[i].key)
				continue;
			size_t j = pmap_hash(m->e[i].key) & (cap - 1);
			while (e[j].key)
				j = (j + 1) & (cap - 1);
			e[j] = m->e[i];
		}
		free(m->e);
		m->e = e;
		m->cap = cap;
	}
	if (!m->cap)
		return NULL;
	for (size_t j = pmap_hash(key) & (m->cap - 1);; j = (j + 1) & (m->cap - 1)) {
		if (m->e[j].key == key)
			return &m->e[j];
		if (!m->e[j].key) {
			if (!make)
				return NULL;
			m->e[j].key = key;
			m->n++;
			return &m->e[j];
		}
	}
}

#define ALIGN 16

static void *arena_alloc_slow(struct xq_arena *a, size_t n);

/* The common case inline: room in the newest chunk. */
static inline void *arena_alloc(struct xq_arena *a, size_t n)
{
	size_t need = (n + ALIGN - 1) & ~(size_t)(ALIGN - 1);

	if (need >= n && (size_t)(a->end - a->cur) >= need) {
		a->cur += need;
		return a->cur - need;
	}
	return arena_alloc_slow(a, n);
}

/* No room in the newest chunk (or n too large): a new chunk. */
static void *arena_alloc_slow(struct xq_arena *a, size_t n)
{
	struct chunk *c;
	size_t need = (n + ALIGN - 1) & ~(size_t)(ALIGN - 1), size = a->next_size;

	if (need < n)
		return NULL;
	if (need > size / 2)
		size = need;
	else if (a->next_size < 65536)
		a->next_size *= 2;
	if (size > SIZE_MAX - sizeof *c)
		return NULL;
	if (!(c = malloc(sizeof *c + size)))
		return NULL;
	if (size == need) {
		/* a big block of its own: keep bumping in the old chunk */
		c->prev = a->head->prev;
		a->head->prev = c;
		return c->data;
	}
	c->prev = a->head;
	a->head = c;
	a->cur = c->data + need;
	a->end = c->data + size;
	return c->data;
}

/* A game, its arena's head and the arena's first chunk, in one block
 * (free(g) frees all three): one allocation a game, by malloc(), which
 * takes back the block the last game freed.  (glibc's calloc() skips the
 * cache free() fills: the freed blocks piled up in its fast bins, and
 * every game's first chunk had malloc() consolidate them.)  The arena
 * thus always has a chunk. */
struct game_block {
	struct xq_game game;
	struct xq_arena arena;
};
#define FIRST_CHUNK 16384
#define FIRST_AT ((sizeof(struct game_block) + ALIGN - 1) & ~(size_t)(ALIGN - 1))

struct xq_game *xq_game_new(void)
{
	struct game_block *gb = malloc(FIRST_AT + sizeof(struct chunk) + FIRST_CHUNK);
	struct xq_game *g;
	struct chunk *c;
	if (!gb)
		return NULL;
	memset(gb, 0, sizeof *gb);
	c = (struct chunk *)(void *)((char *)gb + FIRST_AT);
	c->prev = NULL;
	g = &gb->game;
	g->arena = &gb->arena;
	g->arena->head = c;
	g->arena->cur = c->data;
	g->arena->end = c->data + FIRST_CHUNK;
	g->arena->next_size = 2 * FIRST_CHUNK;
	xq_pos_start(&g->start);
	memcpy(g->start_fen, XQ_START_FEN, sizeof XQ_START_FEN);
	return g;
}

void xq_game_free(struct xq_game *g)
{
	if (!g)
		return;
	if (g->arena) {
		struct chunk *c = g->arena->head, *first = (struct chunk *)(void *)((char *)g + FIRST_AT);
		while (c) {
			struct chunk *p = c->prev;
			if (c != first)
				free(c);
			c = p;
		}
		free(g->arena->last_child.e);
		free(g->arena->comments.e);
	}
	/* (the arena's head and first chunk are in the game's block) */
	free(g);
}

void *xq_game_alloc(struct xq_game *g, size_t size)
{
	void *p = arena_alloc(g->arena, size ? size : 1);
	if (p)
		memset(p, 0, size);
	return p;
}

char *xq_game_strndup(struct xq_game *g, const char *s, size_t len)
{
	char *p = arena_alloc(g->arena, len + 1);
	if (!p)
		return NULL;
	memcpy(p, s, len);
	p[len] = '\0';
	return p;
}

char *xq_game_strdup(struct xq_game *g, const char *s)
{
	return xq_game_strndup(g, s, strlen(s));
}

const char *xq_game_tag(const struct xq_game *g, const char *name)
{
	for (const struct xq_tag *t = g->tags; t; t = t->next)
		if (!xq__ascii_casecmp(t->name, name))
			return t->value;
	return NULL;
}

void xq_game_tags(const struct xq_game *g, const char *const *names, int n, const char **values)
{
	for (int i = 0; i < n; i++)
		values[i] = NULL;
	for (const struct xq_tag *t = g->tags; t; t = t->next) {
		int c = t->name[0] | 0x20;
		for (int i = 0; i < n; i++)
			if ((names[i][0] | 0x20) == c && !values[i] &&
			    !xq__ascii_casecmp(t->name, names[i])) {
				values[i] = t->value;
				break;
			}
	}
}

const char *xq_game_tag_known(const struct xq_game *g, const char *name)
{
	const char *v = xq_game_tag(g, name);
	return v && *v && strcmp(v, "?") != 0 ? v : NULL;
}

/* memcpy() for the short names and values of tags, without a call. */
static inline void copy_short(char *d, const char *s, size_t n)
{
	uint64_t w;
	uint32_t v;
	if (n >= 8) {
		for (size_t k = 0; k + 8 < n; k += 8) {
			memcpy(&w, s + k, 8);
			memcpy(d + k, &w, 8);
		}
		memcpy(&w, s + n - 8, 8);
		memcpy(d + n - 8, &w, 8);
	} else if (n >= 4) {
		memcpy(&v, s, 4);
		memcpy(d, &v, 4);
		memcpy(&v, s + n - 4, 4);
		memcpy(d + n - 4, &v, 4);
	} else {
		for (size_t k = 0; k < n; k++)
			d[k] = s[k];
	}
}

struct xq_tag *xq__game_add_tag_len(struct xq_game *g, const char *name, size_t nl,
				    const char *value, size_t vl)
{
	/* the tag, its name and its value in one piece */
	struct xq_tag *t;
	char *p;
	if (nl + vl + 2 + sizeof *t < nl || !(t = arena_alloc(g->arena, sizeof *t + nl + vl + 2)))
		return NULL;
	p = (char *)(t + 1);
	copy_short(p, name, nl);
	p[nl] = '\0';
	copy_short(p + nl + 1, value, vl);
	p[nl + 1 + vl] = '\0';
	t->name = p;
	t->value = p + nl + 1;
	t->next = NULL;
	if (g->tags_tail)
		g->tags_tail->next = t;
	else
		g->tags = t;
	g->tags_tail = t;
	return t;
}

int xq_game_add_tag(struct xq_game *g, const char *name, const char *value)
{
	return xq__game_add_tag_len(g, name, strlen(name), value, strlen(value)) ? 0 : XQ_ENOMEM;
}

int xq_game_set_tag(struct xq_game *g, const char *name, const char *value)
{
	for (struct xq_tag *t = g->tags; t; t = t->next)
		if (!xq__ascii_casecmp(t->name, name)) {
			if (!(t->value = xq_game_strdup(g, value)))
				return XQ_ENOMEM;
			return 0;
		}
	return xq_game_add_tag(g, name, value);
}

void xq_game_del_tag(struct xq_game *g, const char *name)
{
	struct xq_tag **pp = &g->tags;
	g->tags_tail = NULL;
	while (*pp) {
		if (!xq__ascii_casecmp((*pp)->name, name)) {
			*pp = (*pp)->next;
		} else {
			g->tags_tail = *pp;
			pp = &(*pp)->next;
		}
	}
}

int xq_game_set_fen(struct xq_game *g, const char *fen, unsigned fen_flags,
		    struct xq_err *err)
{
	struct xq_pos pos, start;
	int rc;
	/* the common case, the start position as XQF and DhtmlXQ builders
	 * spell it: no parse (test_game checks that both give one position) */
	if (!strcmp(fen, XQ_START_FEN)) {
		xq_pos_start(&g->start);
		memcpy(g->start_fen, XQ_START_FEN, sizeof XQ_START_FEN);
		g->flags &= ~(unsigned)XQ_GAME_SETUP;
		return 0;
	}
	if ((rc = xq_pos_from_fen(&pos, fen, fen_flags, err)) < 0)
		return rc;
	g->start = pos;
	xq_pos_to_fen(&pos, g->start_fen, sizeof g->start_fen);
	xq_pos_start(&start);
	if (start.key == pos.key && start.side == pos.side)
		g->flags &= ~(unsigned)XQ_GAME_SETUP;
	else
		g->flags |= XQ_GAME_SETUP;
	return 0;
}

/* A node with its text in one piece of the arena, zeroed, at n. */
static inline struct xq_node *node_init(struct xq_node *n, struct xq_node *parent,
					xq_move m, const char *text, size_t len)
{
	memset(n, 0, sizeof *n);
	if (text) {
		char *t = (char *)(n + 1);
		if (len - 4 > 12) {
			memcpy(t, text, len);
		} else if (len <= 8) {
			/* move texts mostly (ICCS, WXF): two fixed-size
			 * copies, overlapping, instead of a call */
			memcpy(t, text, 4);
			memcpy(t + len - 4, text + len - 4, 4);
		} else {
			/* (Chinese moves: four characters of three bytes) */
			memcpy(t, text, 8);
			memcpy(t + len - 8, text + len - 8, 8);
		}
		t[len] = '\0';
		n->text = t;
	}
	n->move = m;
	n->parent = parent;
	return n;
}

/* xq_node_add() but for its common case: a second child, a new chunk, a
 * text of another length. */
static __attribute__((noinline)) struct xq_node *
node_add_slow(struct xq_game *g, struct xq_node *parent, xq_move m, const char *text,
	      size_t len)
{
	size_t extra = text ? len + 1 : 0;
	struct xq_node *n;
	struct pent *e;
	if (extra && sizeof *n + extra < extra)
		return NULL;
	if (!(n = arena_alloc(g->arena, sizeof *n + extra)))
		return NULL;
	node_init(n, parent, m, text, len);
	if (!parent->child) {
		parent->child = n;
		return n;
	}
	/* the last child is remembered once there are two (walking from the
	 * remembered one also finds siblings linked by hand) */
	if (!(e = pmap_get(&g->arena->last_child, parent, 1)))
		return NULL;
	struct xq_node *s = e->val ? e->val : parent->child;
	while (s->next)
		s = s->next;
	s->next = n;
	e->val = n;
	return n;
}

struct xq_node *xq_node_add(struct xq_game *g, struct xq_node *parent,
			    xq_move m, const char *text, size_t len)
{
	/* the common case without a call, so without a frame: a first
	 * child with a text of 4 to 16 bytes (ICCS, WXF; Chinese, 12), room
	 * in the newest chunk (the size as arena_alloc() rounds it) */
	struct xq_arena *a = g->arena;
	struct xq_node *n;
	size_t size = (sizeof *n + len + 1 + ALIGN - 1) & ~(size_t)(ALIGN - 1);
	if (len - 4 > 12 || !text || parent->child || (size_t)(a->end - a->cur) < size)
		return node_add_slow(g, parent, m, text, len);
	n = (struct xq_node *)(void *)a->cur;
	a->cur += size;
	parent->child = node_init(n, parent, m, text, len);
	return n;
}

int xq_node_comment(struct xq_game *g, struct xq_node *n, int before,
		    const char *text, size_t len)
{
	const char **slot = before ? &n->comment_before : &n->comment;
	struct pent *e = NULL;
	size_t old = 0, need;
	char *p;

	if (*slot) {
		/* appending: in place when the text was made here and has room */
		e = pmap_get(&g->arena->comments, slot, 0);
		if (e && e->val == *slot) {
			old = e->len;
		} else {
			old = strlen(*slot);
			e = NULL;
		}
		need = old + 1 + len + 1;
		if (need < len)
			return XQ_ENOMEM;
		if (e && need <= e->cap) {
			p = e->val;
			p[old] = ' ';
			memcpy(p + old + 1, text, len);
			p[old + 1 + len] = '\0';
			e->len = old + 1 + len;
			return 0;
		}
		/* room for twice as much: appending n times copies O(n) bytes */
		size_t cap = need < SIZE_MAX / 2 ? need * 2 : need;
		if (!e && !(e = pmap_get(&g->arena->comments, slot, 1)))
			return XQ_ENOMEM;
		if (!(p = arena_alloc(g->arena, cap)))
			return XQ_ENOMEM;
		memcpy(p, *slot, old);
		p[old] = ' ';
		memcpy(p + old + 1, text, len);
		p[old + 1 + len] = '\0';
		e->val = p;
		e->len = old + 1 + len;
		e->cap = cap;
	} else if (!(p = xq_game_strndup(g, text, len))) {
		return XQ_ENOMEM;
	}
	*slot = p;
	return 0;
}

int xq_node_add_nag(struct xq_node *n, int nag)
{
	if (nag < 1 || nag > 255 || n->nnags >= XQ_MAX_NAGS)
		return XQ_ERANGE;
	n->nags[n->nnags++] = (uint8_t)nag;
	return 0;
}

int xq_game_plies(const struct xq_game *g)
{
	int n = 0;
	for (const struct xq_node *p = g->root.child; p; p = p->child) {
		if ((g->flags & XQ_GAME_REPLAYED) && p->move == XQ_MOVE_NONE)
			break;
		n++;
	}
	return n;
}

struct position_walk {
	int want, played;
	struct xq_pos *pos;
};

static int position_step(void *data, const struct xq_walk_step *s)
{
	struct position_walk *w = data;
	if (!(s->flags & XQ_STEP_MAINLINE) || !s->after)
		return XQ_WALK_STOP;
	*w->pos = *s->after;
	w->played = s->ply;
	return w->want >= 0 && s->ply >= w->want ? XQ_WALK_STOP : XQ_WALK_NEXT;
}

int xq_game_position(const struct xq_game *g, int ply, struct xq_pos *pos)
{
	struct position_walk w = { ply, 0, pos };
	*pos = g->start;
	if (ply != 0)
		xq_game_walk(g, position_step, &w);
	return w.played;
}

/* Result words (notation.md 9.2) and PGN tokens.  A new Chinese word
 * whose first character is not yet one of them goes into the switch of
 * xq_result_word() too. */
#define W(word, result) { word, result, sizeof word - 1 }
static const struct {
	const char *word, *result;
	size_t len;
} results[] = {
	W("1-0", "1-0"), W("0-1", "0-1"), W("1/2-1/2", "1/2-1/2"),
	W("½-½", "1/2-1/2"), W("*", "*"), W("1:0", "1-0"), W("0:1", "0-1"),
	W("红胜", "1-0"), W("红方胜", "1-0"), W("紅勝", "1-0"), W("紅方勝", "1-0"),
	W("红先胜", "1-0"), W("紅先勝", "1-0"), W("红方获胜", "1-0"),
	W("黑胜", "0-1"), W("黑方胜", "0-1"), W("黑勝", "0-1"), W("黑方勝", "0-1"),
	W("红先负", "0-1"), W("紅先負", "0-1"), W("黑方获胜", "0-1"),
	W("和", "1/2-1/2"), W("和棋", "1/2-1/2"), W("和局", "1/2-1/2"),
	W("红先和", "1/2-1/2"), W("紅先和", "1/2-1/2"), W("判和", "1/2-1/2"),
	W("议和", "1/2-1/2"), W("議和", "1/2-1/2"), W("双方和棋", "1/2-1/2"),
	W("未知", "*"), W("余略", "*"), W("餘略", "*"),
};
#undef W

const char *xq_result_word(const char *text, size_t len)
{
	/* tolerate brackets around the word: （红先胜） (红胜) 【和棋】 */
	static const struct {
		const char *open, *close;
		size_t lo, lc;
	} brackets[] = {
		{ "（", "）", 3, 3 }, { "(", ")", 1, 1 }, { "【", "】", 3, 3 }, { "[", "]", 1, 1 },
	};
	if (len && (unsigned char)text[0] >= 0xe0) {
		/* the first characters of the Chinese words above and of the
		 * brackets: most text that comes here is a move, and stops here */
		unsigned c = len < 3 ? 0 : (unsigned)(unsigned char)text[0] << 16 |
					   (unsigned)(unsigned char)text[1] << 8 | (unsigned char)text[2];
		switch (c) {
		case 0xE7BAA2: case 0xE7B485: case 0xE9BB91: case 0xE5928C: /* 红紅黑和 */
		case 0xE588A4: case 0xE8AEAE: case 0xE8ADB0: case 0xE58F8C: /* 判议議双 */
		case 0xE69CAA: case 0xE4BD99: case 0xE9A498:                 /* 未余餘 */
		case 0xEFBC88: case 0xE38090:                                 /* （【 */
			break;
		default:
			return NULL;
		}
	}
	for (size_t i = 0; i < sizeof brackets / sizeof *brackets; i++) {
		size_t lo = brackets[i].lo, lc = brackets[i].lc;
		if (len > lo + lc && text[0] == brackets[i].open[0] &&
		    !memcmp(text, brackets[i].open, lo) &&
		    !memcmp(text + len - lc, brackets[i].close, lc)) {
			text += lo;
			len -= lo + lc;
			break;
		}
	}
	if (!len || len > 12)
		return NULL;
	for (size_t i = 0; i < sizeof results / sizeof *results; i++)
		if (results[i].len == len && results[i].word[0] == text[0] &&
		    !memcmp(results[i].word, text, len))
			return results[i].result;
	return NULL;
}

const char *xq_severity_name(enum xq_severity s)
{
	switch (s) {
	case XQ_SEV_NOTE: return "note";
	case XQ_SEV_WARNING: return "warning";
	case XQ_SEV_ERROR: return "error";
	case XQ_SEV_FATAL: return "fatal";
	}
	return "error";
}

const char *xq_problem_name(enum xq_problem_code c)
{
	switch (c) {
	case XQ_P_SYNTAX: return "syntax";
	case XQ_P_ILLEGAL: return "illegal-move";
	case XQ_P_AMBIGUOUS: return "ambiguous-move";
	case XQ_P_UNKNOWN_MOVE: return "unknown-move";
	case XQ_P_AFTER_END: return "move-after-end";
	case XQ_P_RESULT: return "result";
	case XQ_P_SIDE: return "side-to-move";
	case XQ_P_FEN: return "fen";
	case XQ_P_TAG: return "tag";
	case XQ_P_ENCODING: return "encoding";
	case XQ_P_TRUNCATED: return "truncated";
	case XQ_P_LIMIT: return "limit";
	case XQ_P_IO: return "io";
	case XQ_P_FORMAT: return "format";
	case XQ_P_REPETITION: return "repetition";
	case XQ_P_NATURAL_LIMIT: return "natural-limit";
	}
	return "problem";
}

const char *xq_game_result(const struct xq_game *g)
{
	return xq_game_result_of(g, xq_game_tag(g, "Result"));
}

const char *xq_game_result_of(const struct xq_game *g, const char *result_tag)
{
	const char *r = NULL;
	if (result_tag)
		r = xq_result_word(result_tag, strlen(result_tag));
	if ((!r || !strcmp(r, "*")) && g->result)
		r = xq_result_word(g->result, strlen(g->result));
	return r ? r : "*";
}
