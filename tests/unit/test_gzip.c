/*
 * test_gzip.c - gzipped input: the members of a file read as one stream,
 * zeros after the last member ignored, other bytes there said, and
 * damaged data said where it is (a wrong checksum, a bad header, a bad
 * block, data cut short); the same from memory and from a file
 * descriptor, whose reads hand the inflater the data in other pieces.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "tap.h"
#include "xq.h"
#include "xq_format.h"

static const char game_a[] = "[Event \"a\"]\n\n1. h2e2 h9g7 2. h0g2 i9h9 1-0\n\n";
static const char game_b[] = "[Event \"b\"]\n\n1. c3c4 b9c7 0-1\n\n";

/* A byte string that grows. */
struct bytes {
	unsigned char *p;
	size_t len;
};

static void append(struct bytes *b, const void *p, size_t n)
{
	b->p = realloc(b->p, b->len + n);
	memcpy(b->p + b->len, p, n);
	b->len += n;
}

/* One gzip member of `copies` copies of text onto b. */
static void member(struct bytes *b, const char *text, int copies)
{
	size_t n = strlen(text) * (size_t)copies, cap = n + 1024;
	unsigned char *in = malloc(n), *out = malloc(cap);
	z_stream z = { 0 };
	for (int i = 0; i < copies; i++)
		memcpy(in + i * strlen(text), text, strlen(text));
	deflateInit2(&z, 9, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY);
	z.next_in = in;
	z.avail_in = (uInt)n;
	z.next_out = out;
	z.avail_out = (uInt)cap;
	deflate(&z, Z_FINISH);
	append(b, out, cap - z.avail_out);
	deflateEnd(&z);
	free(in);
	free(out);
}

/* What reading gave: the games' Event tags, and the problems. */
struct reading {
	char events[4096];
	char problems[4096];
	int truncated;      /* a game flagged cut, or the input said cut */
};

static void on_problem(void *data, const struct xq_problem *p)
{
	struct reading *rd = data;
	size_t n = strlen(rd->problems);
	if (p->code == XQ_P_TRUNCATED)
		rd->truncated = 1;
	snprintf(rd->problems + n, sizeof rd->problems - n, "%s%s", n ? "; " : "", p->msg);
}

/* Read b from memory (fd < 0) or from a temporary file through its
 * descriptor. */
static void read_all(const struct bytes *b, int from_fd, struct reading *rd)
{
	struct xq_reader_opts o = { 0 };
	struct xq_reader *r;
	struct xq_game *g;
	char path[] = "/tmp/xq_gzip_XXXXXX";
	int err, fd = -1;
	memset(rd, 0, sizeof *rd);
	o.name = "t.pgn.gz";
	o.problem = on_problem;
	o.problem_data = rd;
	o.flags = XQ_READ_NO_REPLAY;
	if (from_fd) {
		fd = mkstemp(path);
		if (fd < 0 || write(fd, b->p, b->len) != (ssize_t)b->len)
			return;
		unlink(path);
		lseek(fd, 0, SEEK_SET);
		r = xq_reader_open_fd(fd, &o, &err);
	} else {
		r = xq_reader_open_mem(b->p, b->len, &o, &err);
	}
	while (r && xq_reader_next(r, &g) > 0) {
		const char *ev = xq_game_tag(g, "Event");
		size_t n = strlen(rd->events);
		snprintf(rd->events + n, sizeof rd->events - n, "%s", ev ? ev : "?");
		if (g->flags & XQ_GAME_TRUNCATED)
			rd->truncated = 1;
		xq_game_free(g);
	}
	xq_reader_close(r);
	if (fd >= 0)
		close(fd);
}

enum damage { NONE, PAD, GARBAGE, CRC, HEADER2, BLOCK, CUT };

static const struct {
	const char *what;
	int members;          /* 1: game_a; 2: then game_b */
	enum damage damage;
	const char *events;   /* the games read, their Event tags ("" none) */
	const char *problem;  /* in the problems said ("" none at all) */
	int truncated;        /* and the games read are fewer: a prefix of events */
} cases[] = {
	{ "one member", 1, NONE, "aaa", "", 0 },
	{ "two members, read as one stream", 2, NONE, "aaabbb", "", 0 },
	{ "zero bytes after the last member", 2, PAD, "aaabbb", "", 0 },
	{ "other bytes after the last member", 2, GARBAGE, "aaabbb",
	  "5 bytes after the compressed data are not compressed data: ignored", 0 },
	{ "a wrong checksum", 1, CRC, "aaa", "corrupt compressed input: incorrect data check", 0 },
	{ "a second member with a bad header", 2, HEADER2, "aaa", "corrupt compressed input: ", 0 },
	{ "a block of bad data", 1, BLOCK, "", "corrupt compressed input: ", 0 },
	{ "data cut short", 1, CUT, "aaa", "compressed input ends early", 1 },
};

static void damaged(void)
{
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		struct bytes b = { 0 };
		member(&b, game_a, 3);
		size_t first = b.len;
		if (cases[i].members == 2)
			member(&b, game_b, 3);
		switch (cases[i].damage) {
		case NONE:
			break;
		case PAD:
			append(&b, "\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0", 16);
			break;
		case GARBAGE:
			append(&b, "junk\n", 5);
			break;
		case CRC:
			b.p[first - 8] ^= 0xff;   /* the trailer: CRC-32, then the size */
			break;
		case HEADER2:
			b.p[first + 2] = 7;       /* a compression method that is not deflate */
			break;
		case BLOCK:
			b.p[10] |= 0x06;          /* the first block's type: 3, reserved */
			break;
		case CUT:
			b.len = first / 2;
			break;
		}
		for (int from_fd = 0; from_fd < 2; from_fd++) {
			struct reading rd;
			read_all(&b, from_fd, &rd);
			const char *how = from_fd ? "from a descriptor" : "from memory";
			if (cases[i].truncated)
				ok(strlen(rd.events) < strlen(cases[i].events) &&
				   !strncmp(rd.events, cases[i].events, strlen(rd.events)),
				   "%s, %s: fewer games (%s)", cases[i].what, how, rd.events);
			else
				is_str(rd.events, cases[i].events, "%s, %s: the games", cases[i].what, how);
			ok(*cases[i].problem ? strstr(rd.problems, cases[i].problem) != NULL : !*rd.problems,
			   "%s, %s: said '%s' (%s)", cases[i].what, how, cases[i].problem, rd.problems);
			ok(rd.truncated == cases[i].truncated, "%s, %s: %s", cases[i].what, how,
			   cases[i].truncated ? "cut" : "not cut");
		}
		free(b.p);
	}
}

/* A member far larger than the reader's buffers: every byte, in order,
 * from xq_reader_read(). */
static void large(void)
{
	struct bytes b = { 0 };
	int copies = 40000;
	member(&b, game_a, copies);
	member(&b, game_b, copies);
	struct xq_reader_opts o = { 0 };
	int err, same = 1;
	struct xq_reader *r = xq_reader_open_mem(b.p, b.len, &o, &err);
	size_t la = strlen(game_a), lb = strlen(game_b), at = 0, total = (la + lb) * (size_t)copies;
	char buf[7919];
	long n;
	while (r && (n = xq_reader_read(r, buf, sizeof buf)) > 0) {
		for (long i = 0; i < n && same; i++, at++) {
			char want = at < la * (size_t)copies ? game_a[at % la]
							 : game_b[(at - la * (size_t)copies) % lb];
			same = buf[i] == want;
		}
	}
	ok(r && same && at == total, "two large members: %zu bytes of %zu, in order", at, total);
	xq_reader_close(r);
	free(b.p);
}

int main(void)
{
	damaged();
	large();
	return done_testing();
}
