/*
 * dupes.c - which games repeat an earlier one, by duplicate key, over a
 * stream read whole or in parts, and the second pass that drops them part
 * by part (see "duplicate games" in xq.h).
 */
#include <stdlib.h>
#include <string.h>

#include "tally.h"
#include "xq.h"

/* An input name, with the games and lines of its parts ended so far. */
struct input {
	char *name;
	long games, lines;
};

/* A game the part is to drop: its input, its number within the part, its key. */
struct drop {
	int input;
	long index;
	uint64_t key[2];
};

/* An input the part held, as the first pass saw it. */
struct held {
	int input;
	long games, lines;
};

struct xq_dupes {
	struct xq__tally seen;       /* key: v[0] input + 1, v[1] index, v[2] line */
	struct xq__tally by_name;    /* name: v[0] input + 1 */
	struct input *in;
	int nin, last;               /* last: the input named last, -1 none */
	int shifted;                 /* a part has ended: places are shifted */
	struct drop *drops;
	size_t ndrops, next_drop;
	struct held *held;
	int nheld;
	long inputs_done;
};

struct xq_dupes *xq_dupes_new(void)
{
	struct xq_dupes *d = calloc(1, sizeof *d);
	if (d)
		d->last = -1;
	return d;
}

void xq_dupes_free(struct xq_dupes *d)
{
	if (!d)
		return;
	xq__tally_free(&d->seen);
	xq__tally_free(&d->by_name);
	for (int i = 0; i < d->nin; i++)
		free(d->in[i].name);
	free(d->in);
	free(d->drops);
	free(d->held);
	free(d);
}

/* The input named name, added when new (create): its number, -1 when it
 * is not there or memory ran out. */
static inline int input_of(struct xq_dupes *d, const char *name, int create)
{
	size_t len;
	struct xq__tally_entry *e;
	struct input *in;
	/* the inputs of a stream come one after the other */
	if (d->last >= 0 && !strcmp(d->in[d->last].name, name))
		return d->last;
	len = strlen(name);
	if (!(e = xq__tally_get(&d->by_name, name, len, create)))
		return -1;
	if (!e->v[0]) {
		if (!(in = realloc(d->in, (size_t)(d->nin + 1) * sizeof *in)))
			return -1;
		d->in = in;
		if (!(in[d->nin].name = malloc(len + 1)))
			return -1;
		memcpy(in[d->nin].name, name, len + 1);
		in[d->nin].games = in[d->nin].lines = 0;
		e->v[0] = ++d->nin;
	}
	return d->last = (int)e->v[0] - 1;
}

int xq_dupes_part_end(struct xq_dupes *d, const char *name, long games, long lines)
{
	int i;
	if (games < 0 || lines < 0)
		return XQ_EINVAL;
	if ((i = input_of(d, name, 1)) < 0)
		return XQ_ENOMEM;
	if (d->in[i].games > XQ_DUPES_COUNT_MAX - games || d->in[i].lines > XQ_DUPES_COUNT_MAX - lines)
		return XQ_ERANGE;
	d->in[i].games += games;
	d->in[i].lines += lines;
	d->shifted = 1;
	return 0;
}

int xq_dupes_add(struct xq_dupes *d, const uint64_t key[2], struct xq_place *g,
		 struct xq_place *first)
{
	struct xq__tally_entry *e;
	int i;
	if (d->shifted) {
		if ((i = input_of(d, g->name, 0)) >= 0) {
			g->index += d->in[i].games;
			g->line += d->in[i].lines;
		}
	}
	if (!(e = xq__tally_get(&d->seen, key, 16, 1)))
		return XQ_ENOMEM;
	if (e->v[0]) {
		first->name = d->in[e->v[0] - 1].name;
		first->index = e->v[1];
		first->line = e->v[2];
		return 1;
	}
	if ((i = input_of(d, g->name, 1)) < 0)
		return XQ_ENOMEM;
	e->v[0] = i + 1;
	e->v[1] = g->index;
	e->v[2] = g->line;
	return 0;
}

/* --- the second pass */

int xq_dupes_expect_input(struct xq_dupes *d, const char *name, long games, long lines)
{
	struct held *h;
	int i;
	if (games < 0 || lines < 0)
		return XQ_EINVAL;
	if ((i = input_of(d, name, 1)) < 0 ||
	    !(h = realloc(d->held, (size_t)(d->nheld + 1) * sizeof *h)))
		return XQ_ENOMEM;
	d->held = h;
	h[d->nheld].input = i;
	h[d->nheld].games = games;
	h[d->nheld].lines = lines;
	d->nheld++;
	return 0;
}

int xq_dupes_expect_drop(struct xq_dupes *d, const char *name, long index, const uint64_t key[2])
{
	struct drop *p;
	int i;
	if (index < 1)
		return XQ_EINVAL;
	if ((i = input_of(d, name, 1)) < 0 ||
	    !(p = realloc(d->drops, (d->ndrops + 1) * sizeof *p)))
		return XQ_ENOMEM;
	d->drops = p;
	p[d->ndrops].input = i;
	p[d->ndrops].index = index;
	p[d->ndrops].key[0] = key[0];
	p[d->ndrops].key[1] = key[1];
	d->ndrops++;
	return 0;
}

int xq_dupes_drop(struct xq_dupes *d, const char *name, long index, const uint64_t key[2])
{
	const struct drop *p;
	if (d->next_drop == d->ndrops)
		return 0;
	p = &d->drops[d->next_drop];
	if (p->index != index || strcmp(d->in[p->input].name, name))
		return 0;
	d->next_drop++;
	return p->key[0] == key[0] && p->key[1] == key[1] ? 1 : 2;
}

int xq_dupes_input_end(struct xq_dupes *d, const char *name, long games, long lines, long *n)
{
	const struct held *h = d->inputs_done < d->nheld ? &d->held[d->inputs_done] : NULL;
	*n = ++d->inputs_done;
	if (!h || strcmp(d->in[h->input].name, name))
		return 1;
	return h->games != games || h->lines != lines ? 2 : 0;
}

int xq_dupes_expect_end(const struct xq_dupes *d, long *n)
{
	if (d->inputs_done != d->nheld) {
		*n = d->inputs_done;
		return 1;
	}
	if (d->next_drop != d->ndrops) {
		*n = d->drops[d->next_drop].index;
		return 2;
	}
	return 0;
}
