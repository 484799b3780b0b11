/*
 * test_dupes.c - duplicate games (lib/dupes.c): scripts of calls on one
 * set each, every call's whole result (its return, the places it fills)
 * written out and compared with the one wanted: games of one input and of
 * several, parts shifting the later places, the sums at their limit, and
 * the second pass that drops a part's duplicates and checks the part.
 */
#include <stdio.h>
#include <string.h>

#include "tap.h"
#include "xq.h"

/* One call: its letter, an input name, two numbers, a key (by number). */
struct step {
	char op;
	const char *name;
	long a, b;
	int key;
	const char *want;
};
/*
 *   A  xq_dupes_add(key, {name, a, b}): "RC INDEX:LINE" and, for a
 *      duplicate, " = NAME:INDEX:LINE" (the first)
 *   E  xq_dupes_part_end(name, a, b): "RC"
 *   I  xq_dupes_expect_input(name, a, b): "RC"
 *   D  xq_dupes_expect_drop(name, a, key): "RC"
 *   d  xq_dupes_drop(name, a, key): "RC"
 *   i  xq_dupes_input_end(name, a, b): "RC N"
 *   Z  xq_dupes_expect_end(): "RC" and " N" when not 0
 */
#define MAX XQ_DUPES_COUNT_MAX

static const struct step one_input[] = {
	{ 'A', "a.pgn", 1, 10, 1, "0 1:10" },
	{ 'A', "a.pgn", 2, 20, 2, "0 2:20" },
	{ 'A', "a.pgn", 3, 30, 1, "1 3:30 = a.pgn:1:10" },
	{ 'A', "a.pgn", 4, 40, 1, "1 4:40 = a.pgn:1:10" },
	{ 'A', "a.pgn", 5, 50, 3, "0 5:50" },
	{ 'A', "a.pgn", 6, 60, 2, "1 6:60 = a.pgn:2:20" },
	{ 0 },
};

static const struct step several_inputs[] = {
	{ 'A', "a.pgn", 1, 1, 1, "0 1:1" },
	{ 'A', "b.pgn", 1, 1, 2, "0 1:1" },
	{ 'A', "b.pgn", 2, 9, 1, "1 2:9 = a.pgn:1:1" },
	{ 'A', "c.pgn", 1, 4, 2, "1 1:4 = b.pgn:1:1" },
	/* an input named again later: the same name */
	{ 'A', "a.pgn", 1, 1, 3, "0 1:1" },
	{ 'A', "c.pgn", 2, 8, 3, "1 2:8 = a.pgn:1:1" },
	/* the key is all 128 bits: 4 differs from 1 in the second word */
	{ 'A', "c.pgn", 3, 12, 4, "0 3:12" },
	{ 0 },
};

static const struct step parts[] = {
	/* part 1: a.pgn games 1-3 in 30 lines, b.pgn 1 in 7 */
	{ 'A', "a.pgn", 1, 1, 1, "0 1:1" },
	{ 'A', "a.pgn", 2, 11, 2, "0 2:11" },
	{ 'E', "a.pgn", 2, 30, 0, "0" },
	{ 'A', "b.pgn", 1, 1, 3, "0 1:1" },
	{ 'E', "b.pgn", 1, 7, 0, "0" },
	/* part 2 counts from 1 again: a.pgn's places move on by 2 and 30 */
	{ 'A', "a.pgn", 1, 1, 2, "1 3:31 = a.pgn:2:11" },
	{ 'A', "a.pgn", 2, 5, 4, "0 4:35" },
	{ 'A', "b.pgn", 1, 2, 4, "1 2:9 = a.pgn:4:35" },
	{ 'A', "n.pgn", 1, 2, 5, "0 1:2" },   /* no earlier part: as it is */
	{ 'E', "a.pgn", 2, 10, 0, "0" },
	{ 'A', "a.pgn", 1, 1, 1, "1 5:41 = a.pgn:1:1" },
	{ 'E', "z.pgn", 0, 0, 0, "0" },       /* an empty part */
	{ 'E', "a.pgn", -1, 0, 0, "-1" },     /* XQ_EINVAL */
	{ 'E', "a.pgn", 0, -1, 0, "-1" },
	{ 0 },
};

static const struct step limits[] = {
	{ 'E', "a.pgn", MAX - 1, MAX, 0, "0" },
	{ 'E', "a.pgn", 1, 0, 0, "0" },       /* at the limit */
	{ 'E', "a.pgn", 1, 0, 0, "-5" },      /* past it: XQ_ERANGE, unchanged */
	{ 'E', "a.pgn", 0, 1, 0, "-5" },
	{ 'A', "a.pgn", 0, 0, 1, "0 1000000000000000:1000000000000000" },
	{ 'E', "b.pgn", MAX + 1, 0, 0, "-5" },
	{ 0 },
};

/* The second pass of part 2 of a stream: it held a.pgn (3 games, 30
 * lines) then b.pgn (2 games, 9 lines) and drops a.pgn's game 2 and
 * b.pgn's game 1. */
#define EXPECT_PART2 \
	{ 'I', "a.pgn", 3, 30, 0, "0" }, { 'I', "b.pgn", 2, 9, 0, "0" }, \
	{ 'D', "a.pgn", 2, 0, 1, "0" }, { 'D', "b.pgn", 1, 0, 2, "0" }

static const struct step second_pass[] = {
	EXPECT_PART2,
	{ 'Z', NULL, 0, 0, 0, "1 0" },        /* nothing read yet */
	{ 'd', "a.pgn", 1, 0, 7, "0" },
	{ 'd', "a.pgn", 2, 0, 1, "1" },
	{ 'd', "a.pgn", 2, 0, 1, "0" },       /* each drop once */
	{ 'd', "a.pgn", 3, 0, 2, "0" },
	{ 'i', "a.pgn", 3, 30, 0, "0 1" },
	{ 'd', "b.pgn", 1, 0, 2, "1" },
	{ 'd', "b.pgn", 2, 0, 2, "0" },
	{ 'i', "b.pgn", 2, 9, 0, "0 2" },
	{ 'Z', NULL, 0, 0, 0, "0" },
	{ 0 },
};

static const struct step other_parts[] = {
	EXPECT_PART2,
	{ 'D', "b.pgn", 0, 0, 2, "-1" },      /* games count from 1 */
	{ 'I', "b.pgn", -1, 0, 0, "-1" },
	{ 'd', "b.pgn", 1, 0, 2, "0" },       /* not the next to drop */
	{ 'd', "a.pgn", 2, 0, 9, "2" },       /* listed, another key */
	{ 'i', "a.pgn", 3, 31, 0, "2 1" },    /* other lines */
	{ 'Z', NULL, 0, 0, 0, "1 1" },
	{ 'i', "c.pgn", 2, 9, 0, "1 2" },     /* another input */
	{ 'Z', NULL, 0, 0, 0, "2 1" },        /* b.pgn's game 1 never came */
	{ 'i', "b.pgn", 2, 9, 0, "1 3" },     /* one more than listed */
	{ 'Z', NULL, 0, 0, 0, "1 3" },
	{ 0 },
};

static const struct step none_expected[] = {
	{ 'Z', NULL, 0, 0, 0, "0" },
	{ 'd', "a.pgn", 1, 0, 1, "0" },
	{ 'i', "a.pgn", 1, 1, 0, "1 1" },
	{ 'Z', NULL, 0, 0, 0, "1 1" },
	{ 0 },
};

static const struct {
	const char *name;
	const struct step *steps;
} scripts[] = {
	{ "one input", one_input },
	{ "several inputs", several_inputs },
	{ "parts", parts },
	{ "limits", limits },
	{ "second pass", second_pass },
	{ "a part not the first pass's", other_parts },
	{ "a second pass expecting nothing", none_expected },
};

/* The key numbered n: each word a different function of n. */
static void key_of(int n, uint64_t k[2])
{
	k[0] = 0x9e3779b97f4a7c15ULL * (uint64_t)(n == 4 ? 1 : n);
	k[1] = (uint64_t)n << 40 | 0x5851f42dULL;
}

/* Step s on d, its whole result into buf. */
static void run_step(struct xq_dupes *d, const struct step *s, char *buf, size_t size)
{
	struct xq_place g = { s->name, s->a, s->b }, first = { NULL, 0, 0 };
	uint64_t k[2];
	long n = -1;
	int rc = 0;
	key_of(s->key, k);
	switch (s->op) {
	case 'A':
		rc = xq_dupes_add(d, k, &g, &first);
		if (rc == 1)
			snprintf(buf, size, "%d %ld:%ld = %s:%ld:%ld", rc, g.index, g.line,
				 first.name, first.index, first.line);
		else
			snprintf(buf, size, "%d %ld:%ld", rc, g.index, g.line);
		return;
	case 'E': rc = xq_dupes_part_end(d, s->name, s->a, s->b); break;
	case 'I': rc = xq_dupes_expect_input(d, s->name, s->a, s->b); break;
	case 'D': rc = xq_dupes_expect_drop(d, s->name, s->a, k); break;
	case 'd': rc = xq_dupes_drop(d, s->name, s->a, k); break;
	case 'i':
		rc = xq_dupes_input_end(d, s->name, s->a, s->b, &n);
		snprintf(buf, size, "%d %ld", rc, n);
		return;
	case 'Z':
		if ((rc = xq_dupes_expect_end(d, &n)) != 0) {
			snprintf(buf, size, "%d %ld", rc, n);
			return;
		}
		break;
	}
	snprintf(buf, size, "%d", rc);
}

/* The place of a first game stays valid while more inputs are named. */
static void test_names_kept(void)
{
	struct xq_dupes *d = xq_dupes_new();
	struct xq_place g = { "first.pgn", 1, 1 }, first = { NULL, 0, 0 };
	uint64_t k[2] = { 1, 2 }, other[2];
	char name[32];
	int rc = xq_dupes_add(d, k, &g, &first);
	for (int i = 0; i < 5000; i++) {
		snprintf(name, sizeof name, "in%d.pgn", i);
		struct xq_place p = { name, 1, 1 };
		other[0] = (uint64_t)i + 10;
		other[1] = 0;
		rc |= xq_dupes_add(d, other, &p, &first);
	}
	is_int(rc, 0, "5000 inputs, each game new");
	g.name = "again.pgn";
	rc = xq_dupes_add(d, k, &g, &first);
	is_int(rc, 1, "a duplicate of the first game");
	is_str(first.name ? first.name : "(null)", "first.pgn", "its input's name, kept by the set");
	xq_dupes_free(d);
	xq_dupes_free(NULL);
}

int main(void)
{
	char got[200];
	for (size_t i = 0; i < sizeof scripts / sizeof scripts[0]; i++) {
		struct xq_dupes *d = xq_dupes_new();
		if (!ok(d != NULL, "%s: a new set", scripts[i].name))
			continue;
		for (const struct step *s = scripts[i].steps; s->op; s++) {
			run_step(d, s, got, sizeof got);
			is_str(got, s->want, "%s: step %d %c %s %ld %ld", scripts[i].name,
			       (int)(s - scripts[i].steps) + 1, s->op, s->name ? s->name : "-", s->a, s->b);
		}
		xq_dupes_free(d);
	}
	test_names_kept();
	return done_testing();
}
