/*
 * split.c - one input read in pieces by several readers (other processes,
 * other machines) with the games, problems and encoding of reading it
 * whole: a file in memory in byte ranges, each beginning at the first game
 * that begins in it (the format's game_start rule), and a stream, which
 * cannot be read in ranges, cut into chunks by the same rule as it is
 * read.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "reader_state.h"

/* ------------------------------------------------------------- ranges */

static void no_problem(void *data, const struct xq_problem *p)
{
	(void)data;
	(void)p;
}

/* Byte (len / n) * k, exactly, for any len and n. */
static size_t range_mark(size_t len, long k, long n)
{
	size_t q = len / (size_t)n, rem = len % (size_t)n;
	return q * (size_t)k + rem * (size_t)k / (size_t)n;
}

#define NO_HIGH SIZE_MAX

/* The offset of the first byte of b[0..n) that is not ASCII, NO_HIGH when
 * none: 64 bytes a test, which the compiler does in vector registers, then
 * one at a time. */
static size_t first_high(const unsigned char *b, size_t n)
{
	size_t i = 0;
	for (; i + 64 <= n; i += 64) {
		uint64_t w[8], any = 0;
		memcpy(w, b + i, 64);
		for (int k = 0; k < 8; k++)
			any |= w[k];
		if (any & 0x8080808080808080ull)
			break;
	}
	for (; i < n; i++)
		if (b[i] >= 0x80)
			return i;
	return NO_HIGH;
}

static int has_high_byte(const unsigned char *b, size_t n)
{
	return first_high(b, n) != NO_HIGH;
}

/* The bytes the head looks through for the first one that is not ASCII,
 * which settles the encoding: the reader of a range that comes to such a
 * byte past them looks further itself (xq_reader_opts.whole), so that a
 * command cutting a big ASCII file for its jobs does not read all of it
 * before they start. */
#define HEAD_LOOK 65536

int xq_range_head(const void *buf, size_t len, const struct xq_reader_opts *o,
		  struct xq_range *head)
{
	struct xq_reader_opts po = o ? *o : (struct xq_reader_opts){ 0 };
	struct xq_reader *r;
	int err;
	memset(head, 0, sizeof *head);
	head->end = len;
	po.problem = no_problem;
	po.problem_data = NULL;
	if (len == 0)
		return 0;
	if (!(r = xq_reader_open_mem(buf, len, &po, &err)))
		return err == XQ_ENOMEM ? XQ_ENOMEM : 0;
	if (!r->gz && !r->no_record && r->fmt->game_start) {
		/* an ASCII head leaves the encoding to the first byte that is
		 * not: the text decoded up to there, as reading it would (none
		 * within HEAD_LOOK: the lines are not read that far for
		 * nothing) */
		const char *line;
		size_t linelen;
		int rc = 1;
		if (r->enc_pending && !has_high_byte(buf, len < HEAD_LOOK ? len : HEAD_LOOK)) {
			rc = 0;
			head->enc_later = len > HEAD_LOOK;
		}
		while (rc > 0 && r->enc_pending && (rc = xq_reader_getline(r, &line, &linelen)) > 0)
			;
		if (rc == XQ_ENOMEM) {
			xq_reader_close(r);
			return XQ_ENOMEM;
		}
		if (rc >= 0) {
			head->split = 1;
			snprintf(head->format, sizeof head->format, "%s", r->fmt->name);
			snprintf(head->encoding, sizeof head->encoding, "%s",
				 r->enc_pending ? "" : r->enc_name);
		}
	}
	xq_reader_close(r);
	return 0;
}

int xq_range_cut(const struct xq_range *head, const void *buf, size_t len, long k, long n,
		 struct xq_range *rg)
{
	const struct xq_format *f = head->split ? xq_format_find(head->format) : NULL;
	*rg = *head;
	rg->enc_later = 0;
	rg->start = k == 1 ? 0 : len;
	rg->end = len;
	if (k < 1 || n < 1 || k > n || len == 0 || !f || !f->game_start) {
		rg->split = 0;
		return 0;
	}
	rg->start = k == 1 ? 0 : f->game_start(buf, len, range_mark(len, k - 1, n));
	rg->end = k == n ? len : f->game_start(buf, len, range_mark(len, k, n));
	if (rg->end < rg->start)
		rg->end = rg->start;
	if (head->enc_later && rg->start > 0) {
		/* text that depends on the encoding: the one reading the
		 * input whole settles at its first byte that is not ASCII,
		 * which the range's reader finds if it comes to one (a
		 * range of ASCII alone reads the same in any, and is not
		 * read through for nothing) */
		rg->whole = buf;
		rg->whole_len = len;
	}
	return 0;
}

int xq_reader_range(const void *buf, size_t len, const struct xq_reader_opts *o,
		    long k, long n, struct xq_range *rg)
{
	struct xq_range head;
	int rc;
	memset(rg, 0, sizeof *rg);
	rg->start = k == 1 ? 0 : len;
	rg->end = len;
	if (k < 1 || n < 1 || k > n || len == 0)
		return 0;
	if ((rc = xq_range_head(buf, len, o, &head)) < 0)
		return rc;
	return xq_range_cut(&head, buf, len, k, n, rg);
}

/* o with the format and encoding a piece of an input is told ("": not
 * told, as o says). */
static struct xq_reader_opts told(const struct xq_reader_opts *o, const char *format,
				  const char *encoding)
{
	struct xq_reader_opts ro = *o;
	if (*format)
		ro.format = format;
	if (*encoding)
		ro.encoding = encoding;
	return ro;
}

struct xq_reader_opts xq_range_opts(const struct xq_range *rg, const struct xq_reader_opts *o)
{
	struct xq_reader_opts ro = *o;
	/* a range at the input's start reads its head as reading it whole does */
	if (rg->split && rg->start > 0) {
		ro = told(o, rg->format, rg->encoding);
		ro.whole = *rg->encoding ? NULL : rg->whole;
		ro.whole_len = rg->whole_len;
	}
	return ro;
}

/* ------------------------------------------------------------- chunks */

#define SPLIT_READ 65536   /* what one read asks for */

long xq_range_plan(uint64_t len, int jobs, uint64_t least, uint64_t most, long *k, long *n,
		   long max)
{
	double size = (double)len, lo = least ? (double)least : 1, hi = most ? (double)most : 1;
	long count = 0;
	int levels = 1;
	jobs = jobs < 1 ? 1 : jobs > 65536 ? 65536 : jobs;
	while (levels < 20 && size / ((double)jobs * (double)(2L << levels)) >= lo)
		levels++;
	for (int level = 0; level <= levels; level++) {
		/* after the 1 - 2^-level of the input before: half of what is
		 * left (the last level: all of it, 2^-levels), in a range a
		 * job of 2^-e of the input shared by the jobs, each range cut
		 * in 2^cuts */
		int last = level == levels, e = last ? levels : level + 1, cuts = 0;
		double range;
		while ((range = size / ((double)jobs * (double)(1L << (e + cuts)))) > hi &&
		       range / 2 >= lo && cuts < 20)
			cuts++;
		long per = (long)jobs << cuts, of = (long)jobs << (e + cuts);
		long before = ((1L << level) - 1) * (last ? 1 : 2) * per;
		for (long i = 0; i < per; i++, count++)
			if (count < max) {
				k[count] = before + i + 1;
				n[count] = of;
			}
	}
	return count;
}

struct xq_splitter {
	struct xq_reader_opts o;     /* the caller's; no replay, problems to note_damage */
	int fd;                      /* the bytes as they come, or -1: */
	struct xq_reader *gz;        /* a compressed file, ungzipped */
	const struct xq_format *fmt; /* cutting: the format's rule */
	unsigned char *buf;          /* bytes read, not yet handed out past cut */
	size_t len, cap, target;
	size_t from;                 /* a chunk ends at the first game start from here */
	size_t cut;                  /* the chunk handed out last ends here */
	uint64_t start;              /* the stream's offset of buf[0] */
	int eof, error, damaged;
	int cuts;                    /* xq_splitter_cuts() */
	int handed;                  /* a chunk is out: its bytes go at the next call */
	int head_read;               /* xq_splitter_read() has handed out the head */
	/* 0 the encoding not known yet; 2 found with the chunk handed out
	 * last; 1 known before it (said to the chunks after the first) */
	int settled;
	/* while not settled, cutting: the offset in buf of its first byte
	 * that is not ASCII (NO_HIGH: none), each piece looked through as it
	 * is read, in the cache still, not each chunk again when it is cut */
	size_t high;
	char format[16], encoding[32];
	/* xq_splitter_share(): the buffers shared with other processes, buf
	 * one of them; held: handed out in a chunk, not released yet */
	struct shared {
		unsigned char *p;
		size_t cap;
		int held;
	} *shared;
	int nshared;
};

/* Problems while ungzipping: a damaged stream is read again whole, which
 * reports them in their place. */
static void note_damage(void *data, const struct xq_problem *p)
{
	struct xq_splitter *s = data;
	if (p->code == XQ_P_TRUNCATED || p->code == XQ_P_SYNTAX)
		s->damaged = 1;
}

/* A chunk's buffer: in huge pages where the system gives them on request,
 * since each chunk is fresh memory that one process fills and another
 * reads (else a page fault each 4 KiB, a fifth of the cutter's time). */
static unsigned char *chunk_buffer(size_t size)
{
#ifdef MADV_HUGEPAGE
	const size_t huge = 2 << 20;
	void *p;
	if (size >= huge && posix_memalign(&p, huge, size) == 0) {
		madvise(p, size, MADV_HUGEPAGE);
		return p;
	}
#endif
	return malloc(size);
}

/* A buffer of cap bytes shared with the processes forked after it is made. */
static unsigned char *shared_map(size_t cap)
{
	void *p = mmap(NULL, cap, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	return p == MAP_FAILED ? NULL : p;
}

/* The shared buffer of s->buf, its index. */
static int shared_index(const struct xq_splitter *s, const void *p)
{
	for (int i = 0; i < s->nshared; i++)
		if (s->shared[i].p == p)
			return i;
	return -1;
}

/* s->buf, shared, grown to cap bytes (its bytes kept; nobody holds it):
 * the new buffer, NULL when there is no memory. */
static unsigned char *shared_grow(struct xq_splitter *s, size_t cap)
{
	struct shared *sh = &s->shared[shared_index(s, s->buf)];
	unsigned char *b = shared_map(cap);
	if (!b)
		return NULL;
	memcpy(b, s->buf, s->len);
	munmap(sh->p, sh->cap);
	sh->p = b;
	sh->cap = cap;
	return b;
}

/* A shared buffer no chunk holds, other than s->buf, with room for cap
 * bytes: made when there is none; NULL when there is no memory. */
static struct shared *shared_free(struct xq_splitter *s, size_t cap)
{
	struct shared *sh;
	for (int i = 0; i < s->nshared; i++) {
		sh = &s->shared[i];
		if (!sh->held && sh->p != s->buf && sh->cap >= cap)
			return sh;
	}
	if (!(sh = realloc(s->shared, (size_t)(s->nshared + 1) * sizeof *sh)))
		return NULL;
	s->shared = sh;
	sh += s->nshared;
	if (!(sh->p = shared_map(cap)))
		return NULL;
	sh->cap = cap;
	sh->held = 0;
	s->nshared++;
	return sh;
}

/* Up to want more bytes at the end of the buffer: the bytes added, 0 at the
 * end (eof set), -1 on a read error (error set, an errno value). */
static long more(struct xq_splitter *s, size_t want)
{
	long n;
	if (s->eof)
		return 0;
	if (s->cap - s->len < want) {
		size_t cap = s->len + want + (s->len >> 1);
		unsigned char *b = s->shared ? shared_grow(s, cap) : realloc(s->buf, cap);
		if (!b) {
			s->error = ENOMEM;
			s->eof = 1;
			return -1;
		}
		s->buf = b;
		s->cap = cap;
	}
	if (s->gz) {
		n = xq_reader_read(s->gz, s->buf + s->len, want);
		if (n < 0)
			s->error = EIO;
	} else {
		while ((n = read(s->fd, s->buf + s->len, want)) < 0 && errno == EINTR)
			;
		if (n < 0)
			s->error = errno;
	}
	if (n <= 0) {
		struct xq_game *g;
		s->eof = 1;
		/* a cut is told when a game is asked for past the end */
		if (s->gz && n == 0 && !s->damaged && xq_reader_next(s->gz, &g) > 0)
			xq_game_free(g);
		return n < 0 ? -1 : 0;
	}
	s->len += (size_t)n;
	if (s->cuts == 1 && !s->settled && s->high == NO_HIGH) {
		size_t h = first_high(s->buf + s->len - (size_t)n, (size_t)n);
		if (h != NO_HIGH)
			s->high = s->len - (size_t)n + h;
	}
	return n;
}

/* Problems of the look at the encoding: whether the evidence leaves a
 * rival (the reader's warning, which is about no line). */
static void note_rival(void *data, const struct xq_problem *p)
{
	if (p->code == XQ_P_ENCODING && p->game == 0 && p->line == 0)
		*(int *)data = 1;
}

/* The encoding a reader with o finds in buf[0..len), into s->encoding: 1
 * when the evidence leaves it close to a rival, 0 when not, XQ_ENOMEM. */
static int chunk_encoding(struct xq_splitter *s, const unsigned char *buf, size_t len,
			  const struct xq_reader_opts *o)
{
	struct xq_reader_opts po = *o;
	struct xq_reader *r;
	const char *line;
	size_t linelen;
	int rival = 0, err, rc;
	po.problem = note_rival;
	po.problem_data = &rival;
	if (!(r = xq_reader_open_mem(buf, len, &po, &err)))
		return XQ_ENOMEM;   /* the format and encoding are known good */
	/* decided when the first byte that is not ASCII is decoded: its line
	 * is the first that holds one */
	while ((rc = xq_reader_getline(r, &line, &linelen)) > 0 &&
	       !has_high_byte((const unsigned char *)line, linelen))
		;
	snprintf(s->encoding, sizeof s->encoding, "%s", xq_reader_encoding(r));
	xq_reader_close(r);
	return rc == XQ_ENOMEM ? XQ_ENOMEM : rival;
}

/* Whether the head read decides that the stream is cut, read by one reader
 * as it comes, or read again whole (xq_splitter_cuts()). */
static int head_decides(struct xq_splitter *s)
{
	struct xq_range rg;
	int bom;
	if (s->error && !s->gz && s->len == 0)
		return -1;
	if (s->error || (!s->gz && s->len >= 2 && s->buf[0] == 0x1f && s->buf[1] == 0x8b) ||
	    xq_reader_range(s->buf, s->len, &s->o, 1, 2, &rg) < 0 || !rg.split ||
	    !(s->fmt = xq_format_find(rg.format)) || !s->fmt->game_start)
		return s->gz ? -1 : 0;
	snprintf(s->format, sizeof s->format, "%s", rg.format);
	bom = s->len >= 3 && s->buf[0] == 0xef && s->buf[1] == 0xbb && s->buf[2] == 0xbf;
	s->settled = (s->o.encoding && *s->o.encoding && strcmp(s->o.encoding, "auto")) || bom;
	if (bom)
		snprintf(s->encoding, sizeof s->encoding, "UTF-8");
	s->from = s->target;
	return 1;
}

struct xq_splitter *xq_splitter_open(int fd, FILE *gz, const struct xq_reader_opts *o,
				     size_t target, int *err)
{
	struct xq_splitter *s = calloc(1, sizeof *s);
	*err = XQ_ENOMEM;
	if (!s)
		return NULL;
	if (o)
		s->o = *o;
	s->o.flags = XQ_READ_NO_REPLAY;
	s->o.problem = note_damage;
	s->o.problem_data = s;
	s->fd = gz ? -1 : fd;
	s->target = target ? target : 1;
	s->cap = s->target + s->target / 2 + 2 * SPLIT_READ;
	if ((gz && !(s->gz = xq_reader_open(gz, &s->o, err))) || !(s->buf = chunk_buffer(s->cap))) {
		xq_splitter_close(s);
		return NULL;
	}
	/* the head, to find the format: what reading it whole finds */
	while (s->len < SPLIT_READ && more(s, SPLIT_READ - s->len) > 0)
		;
	s->cuts = head_decides(s);
	s->high = s->cuts == 1 ? first_high(s->buf, s->len) : NO_HIGH;
	*err = 0;
	return s;
}

int xq_splitter_cuts(const struct xq_splitter *s)
{
	return s->cuts;
}

int xq_splitter_next(struct xq_splitter *s, struct xq_chunk *c)
{
	memset(c, 0, sizeof *c);
	if (s->cuts != 1)
		return XQ_EINVAL;
	if (s->handed) {
		if (s->shared && !s->shared[shared_index(s, s->buf)].held) {
			/* released already: the rest stays where it is */
			memmove(s->buf, s->buf + s->cut, s->len - s->cut);
		} else if (s->shared) {
			/* the rest into a buffer no chunk holds */
			struct shared *sh = shared_free(s, s->cap);
			if (!sh)
				return XQ_ENOMEM;
			memcpy(sh->p, s->buf + s->cut, s->len - s->cut);
			s->buf = sh->p;
			s->cap = sh->cap;
		} else {
			/* the rest into a fresh buffer: the reader of the chunk
			 * handed out last may hold the old one (a process forked
			 * with it) */
			unsigned char *rest = chunk_buffer(s->cap);
			if (!rest)
				return XQ_ENOMEM;
			memcpy(rest, s->buf + s->cut, s->len - s->cut);
			free(s->buf);
			s->buf = rest;
		}
		s->len -= s->cut;
		if (s->high != NO_HIGH)
			s->high = s->high >= s->cut ? s->high - s->cut : first_high(s->buf, s->len);
		s->start += s->cut;
		s->from = s->target;
		s->handed = 0;
		if (s->settled == 2)
			s->settled = 1;
		if (s->len == 0 && s->eof)
			return s->damaged ? XQ_EINVAL : s->error ? XQ_EIO : 0;
	}
	for (;;) {
		size_t cut = s->len;
		/* a chunk ends where a game begins past its size, or at the end */
		while (!s->eof) {
			if (s->len > s->from && (cut = s->fmt->game_start(s->buf, s->len, s->from)) < s->len)
				break;
			if (s->len > s->from)
				s->from = s->len;
			more(s, s->len < s->target ? s->target - s->len + SPLIT_READ : SPLIT_READ);
			cut = s->len;
		}
		if (s->eof && s->len > s->from)
			cut = s->fmt->game_start(s->buf, s->len, s->from);
		if (!s->settled && s->high < cut) {
			/* the chunk where the encoding is found: it finds the one
			 * reading it whole finds, with as much evidence, when it
			 * is settled within it or it is as long as the reader
			 * looks (else it grows) */
			struct xq_reader_opts co = s->o;
			int rival;
			if (s->start > 0)
				co.format = s->format;
			if ((rival = chunk_encoding(s, s->buf, cut, &co)) < 0)
				return rival;
			if (rival && !(s->eof && cut == s->len) && cut < XQ_SNIFF_MAX) {
				s->from = 2 * cut;
				continue;
			}
			s->settled = 2;
		}
		if (s->damaged)
			return XQ_EINVAL;
		c->buf = s->buf;
		c->len = cut;
		c->offset = s->start;
		if (s->start > 0) {
			snprintf(c->format, sizeof c->format, "%s", s->format);
			if (s->settled == 1)
				snprintf(c->encoding, sizeof c->encoding, "%s", s->encoding);
		}
		s->cut = cut;
		s->handed = 1;
		if (s->shared)
			s->shared[shared_index(s, s->buf)].held = 1;
		return 1;
	}
}

int xq_splitter_share(struct xq_splitter *s)
{
	struct shared *sh;
	if (s->shared)
		return 0;
	if (s->handed)
		return XQ_EINVAL;
	if (!(sh = calloc(1, sizeof *sh)) || !(sh->p = shared_map(s->cap))) {
		free(sh);
		return XQ_ENOMEM;
	}
	sh->cap = s->cap;
	memcpy(sh->p, s->buf, s->len);
	free(s->buf);
	s->buf = sh->p;
	s->shared = sh;
	s->nshared = 1;
	return 0;
}

void xq_splitter_release(struct xq_splitter *s, const void *buf)
{
	int i = shared_index(s, buf);
	if (i >= 0)
		s->shared[i].held = 0;
}

struct xq_reader_opts xq_chunk_opts(const struct xq_chunk *c, const struct xq_reader_opts *o)
{
	return told(o, c->format, c->encoding);
}

long xq_splitter_read(struct xq_splitter *s, const void **buf)
{
	*buf = s->buf;
	if (!s->head_read) {
		s->head_read = 1;
		if (s->len > 0)
			return (long)s->len;
	}
	s->len = 0;
	return more(s, SPLIT_READ);
}

int xq_splitter_errno(const struct xq_splitter *s)
{
	return s->error;
}

void xq_splitter_close(struct xq_splitter *s)
{
	if (!s)
		return;
	xq_reader_close(s->gz);
	if (s->shared) {
		for (int i = 0; i < s->nshared; i++)
			munmap(s->shared[i].p, s->shared[i].cap);
		free(s->shared);
	} else {
		free(s->buf);
	}
	free(s);
}
