/*
 * test_range.c - byte ranges of an input (xq_reader_range()): PGN's rule
 * for where a game begins, case by case, and the property the ranges
 * exist for: the games of ranges 1..n, each read alone with
 * xq_range_opts(), are the games of the whole input read at once (same
 * count, same games, the problems at the same lines once shifted by the
 * lines before the range), over corpus files and made inputs, for n from
 * 1 to 9 and 64.  The same property for a stream cut into chunks as it
 * is read (xq_splitter_*()), raw and compressed, at chunk sizes from one
 * byte up; and what the splitter does with what it cannot cut.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "game_cmp.h"
#include "tap.h"
#include "xq.h"
#include "xq_format.h"

static const struct {
	const char *what, *text;
	size_t from;
	const char *want;   /* the text from the start found; NULL: none */
} starts[] = {
	{ "the game after moves", "[A \"1\"]\n[B \"2\"]\n\n1. h2e2 *\n\n[C \"3\"]\n", 1, "[C \"3\"]\n" },
	{ "a tag after a tag is the same game", "[A \"1\"]\n[B \"2\"]\n1. h2e2 *\n", 8, NULL },
	{ "from a line start", "1. h2e2 *\n[C \"3\"]\n", 10, "[C \"3\"]\n" },
	{ "from inside a line", "1. h2e2 *\n[C \"3\"]\n[D \"4\"]\n", 11, NULL },
	{ "[Game first", "1. h2e2 *\n\n[Game \"Chinese Chess\"]\n[Event \"e\"]\n", 3,
	  "[Game \"Chinese Chess\"]\n[Event \"e\"]\n" },
	{ "after a byte order mark tag line", "\xef\xbb\xbf[Game \"x\"]\n[Event \"e\"]\n1. h2e2 *\n", 4,
	  NULL },
	{ "a % line between tags", "[A \"1\"]\n%x\n[B \"2\"]\n1. h2e2 *\n", 4, NULL },
	{ "a % line after moves", "1. h2e2 *\n%x\n[B \"2\"]\n", 1, "[B \"2\"]\n" },
	{ "CRLF", "[A \"1\"]\r\n[B \"2\"]\r\n\r\n1. h2e2 *\r\n[C \"3\"]\r\n", 2, "[C \"3\"]\r\n" },
	{ "CRLF tags", "[A \"1\"]\r\n[B \"2\"]\r\n1. h2e2 *\r\n", 2, NULL },
	{ "an indented tag line before", "[A \"1\"]\n  [B \"2\"]\n[C \"3\"]\n1. h2e2 *\n", 2, NULL },
	{ "an indented tag line is no start", "1. h2e2 *\n  [B \"2\"]\n", 1, NULL },
	{ "a tag after a lone CR line end", "x\r[A \"1\"]\n[B \"2\"]\n", 1, NULL },
	{ "a tag after a blank line", "[A \"1\"]\n\n[B \"2\"]\n", 2, "[B \"2\"]\n" },
	{ "games without tags do not split", "1. h2e2 *\n\n1. h2e3 *\n\n1. b2e2 *\n", 1, NULL },
	{ "a line that opens with '[' but no tag", "1. h2e2 {\n[center]\n[a] b\n[c \"d\"]\n", 1, NULL },
	{ "a line that opens with a tag", "1. h2e2 {\n[center]\nx\n[c \"d\"]\n", 1, "[c \"d\"]\n" },
	{ "at the end", "1. h2e2 *\n", 10, NULL },
};

static void rule_cases(void)
{
	const struct xq_format *pgn = xq_format_find("pgn");
	ok(pgn && pgn->game_start, "PGN has a rule for where a game begins");
	if (!pgn || !pgn->game_start)
		return;
	for (size_t i = 0; i < sizeof starts / sizeof *starts; i++) {
		const unsigned char *b = (const unsigned char *)starts[i].text;
		size_t len = strlen(starts[i].text), at = pgn->game_start(b, len, starts[i].from);
		is_str(at < len ? starts[i].text + at : "(none)", starts[i].want ? starts[i].want : "(none)",
		       "game start: %s", starts[i].what);
	}
	for (int i = 0; xq_formats[i]; i++)
		if (xq_formats[i]->flags & (XQ_FORMAT_BINARY | XQ_FORMAT_ONE_GAME))
			ok(!xq_formats[i]->game_start, "%s (binary or one game a file) is not split",
			   xq_formats[i]->name);
}

/* What the reading of one input gives: the games, one line each (index,
 * line, plies, errors, warnings, the first tag), and the problems, one
 * line each, in order. */
struct reading {
	char *text;
	size_t len, cap;
	long line_shift, game_shift;
};

static void add(struct reading *rd, const char *s)
{
	size_t n = strlen(s);
	if (rd->len + n + 1 > rd->cap) {
		rd->cap = 2 * (rd->len + n + 1);
		rd->text = realloc(rd->text, rd->cap);
	}
	memcpy(rd->text + rd->len, s, n + 1);
	rd->len += n;
}

static void on_problem(void *data, const struct xq_problem *p)
{
	struct reading *rd = data;
	char line[700];
	snprintf(line, sizeof line, "P %d %ld %ld %ld %d %s\n", p->severity,
		 p->game ? p->game + rd->game_shift : 0, p->line ? p->line + rd->line_shift : 0,
		 p->col, p->ply, p->msg);
	add(rd, line);
}

/* Read buf[0..len) with o into rd; the games counted from game_shift. */
static void read_into(struct reading *rd, const void *buf, size_t len, struct xq_reader_opts o)
{
	struct xq_reader *r;
	struct xq_game *g;
	int err;
	o.problem = on_problem;
	o.problem_data = rd;
	if (!(r = xq_reader_open_mem(buf, len, &o, &err)))
		return;
	while (xq_reader_next(r, &g) > 0) {
		char line[400];
		snprintf(line, sizeof line, "G %ld %ld %d %d %d %s\n", g->index + rd->game_shift,
			 g->line + rd->line_shift, xq_game_plies(g), g->errors, g->warnings,
			 g->tags ? g->tags->value : "-");
		add(rd, line);
		xq_game_free(g);
	}
	xq_reader_close(r);
}

static long count_games(const char *text)
{
	long n = 0;
	for (const char *p = text; p && (p = strstr(p, "\nG ")); p++)
		n++;
	return n + (text && !strncmp(text, "G ", 2));
}

/* The pieces kn[0..count) (range kn[i][0] of kn[i][1], in order) of buf
 * read alone give what reading it whole gives; by_head: each cut by a head
 * found once (xq_range_head(), xq_range_cut()), which must be the range
 * xq_reader_range() gives. */
static int pieces_same(const unsigned char *buf, size_t len, const char *name,
		       const long (*kn)[2], size_t count, int by_head)
{
	struct xq_reader_opts o = { 0 };
	struct reading whole = { 0 }, parts = { 0 };
	struct xq_range head;
	int same = 1;
	o.name = name;
	add(&whole, "");
	add(&parts, "");
	read_into(&whole, buf, len, o);
	if (by_head && xq_range_head(buf, len, &o, &head) < 0)
		return 0;
	for (size_t i = 0; i < count; i++) {
		long k = kn[i][0], n = kn[i][1];
		struct xq_range rg, cut;
		if (xq_reader_range(buf, len, &o, k, n, &rg) < 0)
			return 0;
		if (by_head) {
			if (xq_range_cut(&head, buf, len, k, n, &cut) < 0)
				return 0;
			if (cut.start != rg.start || cut.end != rg.end || cut.split != rg.split ||
			    strcmp(cut.format, rg.format) || strcmp(cut.encoding, rg.encoding)) {
				diagf("%s: range %ld of %ld cut by the head: %zu..%zu split %d %s %s, "
				      "alone: %zu..%zu split %d %s %s", name, k, n, cut.start, cut.end,
				      cut.split, cut.format, cut.encoding, rg.start, rg.end, rg.split,
				      rg.format, rg.encoding);
				same = 0;
			}
		}
		if (rg.start >= rg.end && !(k == 1 && len == 0))
			continue;
		parts.line_shift = 0;
		for (size_t b = 0; b < rg.start; b++)
			parts.line_shift += buf[b] == '\n';
		parts.game_shift = count_games(parts.text);
		read_into(&parts, buf + rg.start, rg.end - rg.start, xq_range_opts(&rg, &o));
	}
	if (strcmp(whole.text, parts.text)) {
		size_t i = 0, ls = 0;
		while (whole.text[i] && whole.text[i] == parts.text[i])
			if (whole.text[i++] == '\n')
				ls = i;
		diagf("%s in %zu pieces: %zu bytes of readings against %zu; first difference:\n"
		      "#   whole: %.*s\n#   parts: %.*s", name, count, parts.len, whole.len,
		      (int)strcspn(whole.text + ls, "\n"), whole.text + ls,
		      (int)strcspn(parts.text + ls, "\n"), parts.text + ls);
		same = 0;
	}
	free(whole.text);
	free(parts.text);
	return same;
}

/* The ranges of buf, k of n for every k, read alone give the whole. */
static int ranges_same(const unsigned char *buf, size_t len, const char *name, long n)
{
	long (*kn)[2] = malloc((size_t)n * sizeof *kn);
	int same;
	for (long k = 1; k <= n; k++)
		kn[k - 1][0] = k, kn[k - 1][1] = n;
	same = pieces_same(buf, len, name, (const long (*)[2])kn, (size_t)n, 0);
	free(kn);
	return same;
}

/* The ranges xq_range_plan() shares one input out in for jobs jobs, down
 * to least bytes and cut past most, cut by one head: the whole. */
static int plan_same(const unsigned char *buf, size_t len, const char *name, int jobs,
		     uint64_t least, uint64_t most)
{
	long count = xq_range_plan(len, jobs, least, most, NULL, NULL, 0);
	long *k = malloc((size_t)count * sizeof *k), *n = malloc((size_t)count * sizeof *n);
	long (*kn)[2] = malloc((size_t)count * sizeof *kn);
	int same = 0;
	if (k && n && kn && xq_range_plan(len, jobs, least, most, k, n, count) == count) {
		for (long i = 0; i < count; i++)
			kn[i][0] = k[i], kn[i][1] = n[i];
		same = pieces_same(buf, len, name, (const long (*)[2])kn, (size_t)count, 1);
	}
	free(k);
	free(n);
	free(kn);
	return same;
}

static const char *const corpus[] = {
	"corpus/pgn/wukong_iccs_1125_games.pgn",
	"corpus/pgn/wukong_hu_ronghua_1391_iccs.pgn",
	"corpus/pgn/xqbase_ccgc2006_16_gbk_crlf.pgn",
	"corpus/pgn/xqbase_sample_handicap_comments_gbk.pgn",
	"corpus/pgn/wukong_chinese_nospace_utf8.pgn",
	"corpus/pgn/ccpd_big5_master_game.pgn",
	"corpus/pgn/walker_trailing_junk_gbk.pgn",
	"corpus/dialects/pychess_san_ranks1-10.pgn",
	"corpus/xqf/xqbase_sample.xqf",
	"corpus/text/walker_fen_then_moves_utf8.txt",
};

static void property(void)
{
	static const long ns[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 64 };
	for (size_t i = 0; i < sizeof corpus / sizeof *corpus; i++) {
		size_t len = 0;
		uint8_t *buf = slurp(shared_path(corpus[i]), &len);
		int all = 1;
		if (!ok(buf != NULL, "%s is there (XQ_SHARED)", corpus[i]))
			continue;
		for (size_t k = 0; k < sizeof ns / sizeof *ns; k++)
			all &= ranges_same(buf, len, corpus[i], ns[k]);
		ok(all, "%s: the ranges read alone are the whole", corpus[i]);
		all = plan_same(buf, len, corpus[i], 2, len / 4 + 1, len) &&
		      plan_same(buf, len, corpus[i], 2, len / 256 + 1, len) &&
		      plan_same(buf, len, corpus[i], 3, len / 64 + 1, len / 16 + 1) &&
		      plan_same(buf, len, corpus[i], 4, len / 512 + 1, len / 100 + 1);
		ok(all, "%s: -J's ranges (xq_range_plan()), cut by one head, are the whole", corpus[i]);
		free(buf);
	}
	{
		/* GBK games, invalid ones, comments over lines, an encoding
		 * settled far down, tagless games, an empty input */
		static const char *const made[] = {
			"[Game \"Chinese Chess\"]\n[Event \"\xb1\xb1\xbe\xa9\"]\n\n1. h2e2 h9g7 2. h2h9 *\n\n"
			"[Game \"Chinese Chess\"]\n[Event \"b\"]\n\n1. h2e2 {a\nlong\ncomment} h9g7 *\n\n"
			"[Game \"Chinese Chess\"]\n[Event \"c\"]\n\n1. h2e3 *\n",
			"1. h2e2 h9g7 *\n\n1. b2e2 *\n\n[Event \"x\"]\n1. h2e2 *\n",
			"",
			/* lines of a comment that begin with '[': after a line
			 * that begins with '[', no game begins, */
			"[Event \"a\"]\n\n1. h2e2 {\n [see\n[below \"x\"]\n} h9g7 *\n\n[Event \"b\"]\n1. b2e2 *\n",
			/* and lines that begin with '[' but no tag */
			"[Event \"a\"]\n\n1. h2e2 {\nx\n[center][b]y[/b]\n[a] - b\n} h9g7 *\n\n[Event \"b\"]\n1. b2e2 *\n",
			/* bytes no encoding decodes, in every game, some lines
			 * with two: each line's reported in every range */
			"[Event \"\xb1\xb1\xff\"]\n\n1. h2e2 {\xff\xff} *\n\n[Event \"\xff\"]\n1. h2e2 {\xb1\xb1} *\n\n"
			"[Event \"\xff\"]\n1. h2e2 {\xff} h9g7 {\xff} *\n\n[Event \"\xff\"]\n1. b2e2 {\xff} *\n\n"
			"[Event \"\xff\xff\"]\n1. b2e2 {\xff}\n{\xff} *\n\n[Event \"\xff\"]\n1. b2e2 *\n\n[Event \"\xff\"]\n1. b2e2 *\n",
		};
		for (size_t i = 0; i < sizeof made / sizeof *made; i++) {
			int all = 1;
			for (long n = 1; n <= 12; n++)
				all &= ranges_same((const unsigned char *)made[i], strlen(made[i]), "made.pgn", n);
			ok(all, "made input %zu: the ranges read alone are the whole", i + 1);
			size_t len = strlen(made[i]);
			all = plan_same((const unsigned char *)made[i], len, "made.pgn", 2, len / 32 + 1, len) &&
			      plan_same((const unsigned char *)made[i], len, "made.pgn", 3, 1, len / 20 + 1);
			ok(all, "made input %zu: -J's ranges (xq_range_plan()), cut by one head, are the whole",
			   i + 1);
		}
	}
}

/* The encoding a reader of buf[0..len) with o reads it in, once read. */
static const char *range_encoding(const char *buf, size_t len, const struct xq_reader_opts *o)
{
	static char enc[32];
	struct xq_game *g;
	int err;
	struct xq_reader *r = xq_reader_open_mem(buf, len, o, &err);
	if (!r)
		return "";
	while (xq_reader_next(r, &g) > 0)
		xq_game_free(g);
	snprintf(enc, sizeof enc, "%s", xq_reader_encoding(r));
	xq_reader_close(r);
	return enc;
}

/* An input whose first byte outside ASCII comes after the head's 64 KiB:
 * ASCII games, one with GBK that settles the encoding, more ASCII ones,
 * then games whose bytes read as UTF-8 too (a range of them alone would
 * take them so); each range holding them must read them as GBK, as the
 * whole does, and the ranges of ASCII alone read as they are. */
static void far_encoding(void)
{
	static const char ascii[] = "[Event \"a\"]\n\n1. h2e2 h9g7 2. h0g2 *\n\n";
	static const char gbk[] = "[Event \"\xb1\xb1\xbe\xa9\"]\n\n1. h2e2 *\n\n";
	static const char utf8[] = "[Event \"\xe4\xb8\xad\xe5\x9b\xbd\"]\n\n1. b2e2 *\n\n";
	size_t cap = 200000, len = 0;
	char *buf = malloc(cap);
	struct xq_range head;
	struct xq_reader_opts o = { 0 };
	int all = 1;
#define PUT(s, bytes) for (size_t end = len + (bytes); len + sizeof s - 1 <= end; len += sizeof s - 1) \
		memcpy(buf + len, s, sizeof s - 1)
	PUT(ascii, 80000);
	PUT(gbk, sizeof gbk - 1);
	PUT(ascii, 20000);
	PUT(utf8, 60000);
#undef PUT
	ok(len > 65536 && len < cap, "the made input holds %zu bytes", len);
	ok(xq_range_head(buf, len, &o, &head) == 0 && head.split && head.enc_later &&
	   !*head.encoding, "its head leaves the encoding to the ranges");
	for (long n = 2; n <= 16; n *= 2)
		all &= ranges_same((const unsigned char *)buf, len, "far.pgn", n);
	ok(all, "its ranges read alone are the whole, in 2 to 16 ranges");
	all = plan_same((const unsigned char *)buf, len, "far.pgn", 2, len / 32 + 1, len) &&
	      plan_same((const unsigned char *)buf, len, "far.pgn", 3, len / 64 + 1, len / 24 + 1);
	ok(all, "its -J ranges (xq_range_plan()), cut by one head, are the whole");
	{
		struct xq_range rg;
		struct xq_reader_opts ro;
		ok(xq_range_cut(&head, buf, len, 4, 4, &rg) == 0 && !*rg.encoding &&
		   rg.whole == buf && rg.whole_len == len,
		   "its last range is told no encoding, but where the whole input is");
		ro = xq_range_opts(&rg, &o);
		ok(!strcmp(range_encoding(buf + rg.start, rg.end - rg.start, &ro), "GB18030"),
		   "its reader, on UTF-8 alone, takes the whole's encoding at its first byte outside ASCII");
		ro.whole = NULL;
		ok(!strcmp(range_encoding(buf + rg.start, rg.end - rg.start, &ro), "UTF-8"),
		   "(without the whole input it would take UTF-8)");
		ok(xq_range_cut(&head, buf, len, 3, 8, &rg) == 0 && !*rg.encoding,
		   "a range of ASCII alone is told none");
	}
	free(buf);
}

/* --- chunks of a stream */

/* buf[0..len) as a file to read: raw, or gzipped (its descriptor). */
static int temp_file(const void *buf, size_t len, int gz)
{
	char path[] = "/tmp/test_range_XXXXXX";
	int fd = mkstemp(path);
	if (fd < 0)
		return -1;
	unlink(path);
	if (gz) {
		gzFile z = gzdopen(dup(fd), "wb");
		if (!z || (len && gzwrite(z, buf, (unsigned)len) != (int)len) || gzclose(z) != Z_OK) {
			close(fd);
			return -1;
		}
	} else if (len && write(fd, buf, len) != (ssize_t)len) {
		close(fd);
		return -1;
	}
	lseek(fd, 0, SEEK_SET);
	return fd;
}

/* Chunks held in shared buffers (xq_splitter_share()), the oldest given
 * back once hold are out; the distinct buffers seen. */
struct holding {
	struct xq_chunk c[4];
	int n, hold, bad;
	const void *seen[64];
	int nseen;
};

/* Give back the oldest chunk held, whose bytes must still be the
 * input's at its offset: the splitter wrote none of them while it was
 * held. */
static void give_back(struct xq_splitter *sp, struct holding *h, const unsigned char *buf)
{
	const struct xq_chunk *c = &h->c[0];
	if (memcmp(c->buf, buf + c->offset, c->len))
		h->bad = 1;
	xq_splitter_release(sp, c->buf);
	memmove(&h->c[0], &h->c[1], (size_t)--h->n * sizeof *h->c);
}

static void take(struct xq_splitter *sp, struct holding *h, const struct xq_chunk *c,
		 const unsigned char *buf)
{
	int i = 0;
	while (i < h->nseen && h->seen[i] != c->buf)
		i++;
	if (i == h->nseen && h->nseen < 64)
		h->seen[h->nseen++] = c->buf;
	h->c[h->n++] = *c;
	if (h->n > h->hold)
		give_back(sp, h, buf);
}

/* The chunks of buf (gz: gzipped first) cut at `target` bytes, read one
 * after another, give what reading it whole gives, and put together they
 * are buf.  h, when not NULL: shared, the chunks held as it says. */
static int chunks_same(const unsigned char *buf, size_t len, const char *name, size_t target,
		       int gz, struct holding *h)
{
	struct xq_reader_opts o = { 0 };
	struct reading whole = { 0 }, parts = { 0 };
	struct xq_splitter *sp;
	struct xq_chunk c;
	FILE *fp = NULL;
	size_t at = 0;
	int fd = temp_file(buf, len, gz), err, rc, same;
	o.name = name;
	add(&whole, "");
	add(&parts, "");
	read_into(&whole, buf, len, o);
	if (fd < 0 || (gz && !(fp = fdopen(fd, "rb"))))
		return 0;
	if (!(sp = xq_splitter_open(gz ? -1 : fd, fp, &o, target, &err)) || xq_splitter_cuts(sp) != 1) {
		diagf("%s at %zu bytes a chunk: not cut", name, target);
		xq_splitter_close(sp);
		fp ? fclose(fp) : close(fd);
		return 0;
	}
	if (h && xq_splitter_share(sp) != 0) {
		diagf("%s: the splitter cannot share its buffers", name);
		h->bad = 1;
	}
	same = 1;
	while ((rc = xq_splitter_next(sp, &c)) > 0) {
		if (c.offset != at || at + c.len > len || memcmp(buf + at, c.buf, c.len)) {
			diagf("%s: the chunk at %zu is not the input's bytes there", name, at);
			same = 0;
			break;
		}
		parts.game_shift = count_games(parts.text);
		read_into(&parts, c.buf, c.len, xq_chunk_opts(&c, &o));
		for (size_t i = 0; i < c.len; i++)
			parts.line_shift += buf[at + i] == '\n';
		at += c.len;
		if (h)
			take(sp, h, &c, buf);
	}
	while (h && h->n > 0)
		give_back(sp, h, buf);
	if (h && h->bad)
		diagf("%s at %zu bytes a chunk%s: a held chunk was written", name, target,
		      gz ? ", gzipped" : "");
	same &= !(h && h->bad);
	same &= rc == 0 && at == len && !strcmp(whole.text, parts.text);
	if (!same)
		diagf("%s at %zu bytes a chunk%s: end %d at byte %zu of %zu; readings %s", name, target,
		      gz ? ", gzipped" : "", rc, at, len, strcmp(whole.text, parts.text) ? "differ" : "agree");
	xq_splitter_close(sp);
	fp ? fclose(fp) : close(fd);
	free(whole.text);
	free(parts.text);
	return same;
}

/* A stream the splitter does not cut: what xq_splitter_cuts() says, and
 * (0) xq_splitter_read() hands out every byte in order. */
static void uncut(const char *what, const void *buf, size_t len, int gz_on_fd, int want)
{
	struct xq_reader_opts o = { 0 };
	struct xq_splitter *sp;
	const void *got;
	unsigned char *all = NULL;
	size_t n = 0;
	long k;
	int fd = gz_on_fd < 0 ? open("/", O_RDONLY) : temp_file(buf, len, gz_on_fd), err;
	if (!(sp = xq_splitter_open(fd, NULL, &o, 1000, &err))) {
		ok(0, "%s: the splitter opens", what);
		close(fd);
		return;
	}
	is_int(xq_splitter_cuts(sp), want, "%s: cuts() says %d", what, want);
	if (want == 0) {
		while ((k = xq_splitter_read(sp, &got)) > 0) {
			all = realloc(all, n + (size_t)k);
			memcpy(all + n, got, (size_t)k);
			n += (size_t)k;
		}
		if (gz_on_fd)
			ok(k == 0 && n > 0 && n != len, "%s: its bytes as they are, compressed", what);
		else
			ok(k == 0 && n == len && (!n || !memcmp(all, buf, n)), "%s: every byte, in order", what);
	} else {
		is_int(xq_splitter_errno(sp), EISDIR, "%s: the read error kept", what);
	}
	free(all);
	xq_splitter_close(sp);
	close(fd);
}

static void chunk_property(void)
{
	static const size_t targets[] = { 1, 97, 1000, 4096, 65536, 1 << 20 };
	for (size_t i = 0; i < sizeof corpus / sizeof *corpus; i++) {
		size_t len = 0;
		uint8_t *buf = slurp(shared_path(corpus[i]), &len);
		int all = 1;
		if (!buf || !strstr(corpus[i], ".pgn")) {
			free(buf);
			continue;
		}
		for (size_t k = 0; k < sizeof targets / sizeof *targets; k++)
			for (int gz = 0; gz < 2; gz++)
				all &= chunks_same(buf, len, corpus[i], targets[k], gz, NULL);
		ok(all, "%s: its chunks read one after another are the whole, raw and gzipped", corpus[i]);
		all = 1;
		for (size_t k = 0; k < sizeof targets / sizeof *targets; k++)
			for (int gz = 0; gz < 2; gz++)
				for (int hold = 0; hold <= 3; hold++) {
					struct holding h = { .hold = hold };
					all &= chunks_same(buf, len, corpus[i], targets[k], gz, &h);
				}
		ok(all, "%s: shared, 0 to 3 chunks held at once, none written while held", corpus[i]);
		if (i == 0) {
			/* a damaged compressed stream: said, not cut short */
			struct xq_reader_opts o = { 0 };
			struct xq_chunk c;
			int fd = temp_file(buf, len, 1), err, rc = -99;
			FILE *fp = fd >= 0 ? fdopen(fd, "rb") : NULL;
			if (fp) {
				off_t end = lseek(fd, 0, SEEK_END);
				if (ftruncate(fd, end * 2 / 3) == 0)
					lseek(fd, 0, SEEK_SET);
				struct xq_splitter *sp = xq_splitter_open(-1, fp, &o, 4096, &err);
				if (sp)
					while ((rc = xq_splitter_next(sp, &c)) > 0)
						;
				xq_splitter_close(sp);
				fclose(fp);
			}
			is_int(rc, XQ_EINVAL, "a truncated compressed stream ends in XQ_EINVAL");
		}
		free(buf);
	}
	{
		/* thin evidence of the encoding settled by the games after it,
		 * thin evidence to the end, a byte order mark, and GBK games */
		static const char amb[] = "[Event \"x\"]\n\n1. h2e2 h9g7 { \xca\xb5\xd5\xbd } *\n\n";
		static const char gbk[] = "[Event \"\xb1\xb1\xbe\xa9\xca\xd0\xb5\xda\xd2\xbb\"]\n\n"
					  "1. h2e2 h9g7 {\xba\xec\xb7\xbd\xcf\xc8\xd7\xdf} *\n\n";
		static const char ascii[] = "[Event \"a\"]\n\n1. h2e2 h9g7 2. h0g2 *\n\n";
		static const char utf8[] = "[Event \"\xe5\x8c\x97\xe4\xba\xac\"]\n\n1. h2e2 *\n\n";
		const char *heads[] = { amb, amb, "\xef\xbb\xbf", "" };
		const char *bodies[] = { gbk, ascii, utf8, gbk };
		for (size_t i = 0; i < 4; i++) {
			size_t cap = 200000, n = strlen(heads[i]);
			char *text = malloc(cap);
			int all = 1;
			memcpy(text, heads[i], n);
			for (int r = 0; r < 300; r++) {
				memcpy(text + n, r % 40 == 39 ? bodies[i] : ascii,
				       strlen(r % 40 == 39 ? bodies[i] : ascii));
				n += strlen(r % 40 == 39 ? bodies[i] : ascii);
			}
			for (size_t k = 0; k < sizeof targets / sizeof *targets; k++)
				all &= chunks_same((unsigned char *)text, n, "made.pgn", targets[k], 0, NULL);
			ok(all, "made stream %zu (the encoding found late): its chunks are the whole", i + 1);
			free(text);
		}
	}
	{
		/* short games, about 12 chunks: one at a time, in one buffer;
		 * two held, in three */
		static const char game[] = "[Event \"a\"]\n\n1. h2e2 h9g7 2. h0g2 *\n\n";
		char text[300 * sizeof game];
		size_t n = 0;
		for (int r = 0; r < 300; r++, n += sizeof game - 1)
			memcpy(text + n, game, sizeof game - 1);
		for (int hold = 0; hold <= 2; hold++) {
			struct holding h = { .hold = hold };
			int same = chunks_same((unsigned char *)text, n, "short.pgn", 1000, 0, &h);
			ok(same && h.nseen == hold + 1, "shared, %d chunks held: the whole, in %d buffers (%d)",
			   hold, hold + 1, h.nseen);
		}
	}
	{
		/* a game longer than a chunk's buffer (a comment of 300,000
		 * bytes) between short ones: the buffer grows, shared too */
		static const char game[] = "[Event \"a\"]\n\n1. h2e2 h9g7 2. h0g2 *\n\n";
		size_t n = 0, cap = 400000;
		char *text = malloc(cap);
		int all = 1;
		for (int r = 0; r < 40; r++) {
			memcpy(text + n, game, sizeof game - 1);
			n += sizeof game - 1;
			if (r == 20) {
				memcpy(text + n - 3, "{", 1);
				memset(text + n - 2, 'x', 300000);
				n += 300000 - 2;
				memcpy(text + n, "} *\n\n", 5);
				n += 5;
			}
		}
		for (int hold = -1; hold <= 2; hold++) {
			struct holding h = { .hold = hold };
			all &= chunks_same((unsigned char *)text, n, "long.pgn", 1000, 0, hold < 0 ? NULL : &h);
		}
		ok(all, "a game longer than a chunk's buffer: the chunks are the whole, shared or not");
		free(text);
	}
	{
		size_t len = 0;
		uint8_t *xqf = slurp(shared_path("corpus/xqf/xqbase_sample.xqf"), &len);
		static const char pgn[] = "[Event \"a\"]\n\n1. h2e2 *\n";
		if (xqf)
			uncut("an XQF file (no rule)", xqf, len, 0, 0);
		uncut("an empty stream", "", 0, 0, 0);
		uncut("a compressed stream on a descriptor", pgn, sizeof pgn - 1, 1, 0);
		uncut("a descriptor that cannot be read", "", 0, -1, -1);
		free(xqf);
	}
}

/* xq_range_plan(): whole plans, and the rules of many. */
static const struct plan_case {
	uint64_t len, least, most;
	int jobs;
	const char *want;   /* k/n ... */
} plan_cases[] = {
	/* 80,000 bytes, 2 jobs, down to 5,000: halves, quarters, eighths,
	 * then the rest */
	{ 80000, 5000, 20000, 2, "1/4 2/4 5/8 6/8 13/16 14/16 15/16 16/16" },
	/* past 20,000 a range of the first level is cut in two */
	{ 80000, 5000, 19999, 2, "1/8 2/8 3/8 4/8 5/8 6/8 13/16 14/16 15/16 16/16" },
	/* past 10,000 those of the next too, never below 5,000 */
	{ 80000, 5000, 9999, 2,
	  "1/16 2/16 3/16 4/16 5/16 6/16 7/16 8/16 9/16 10/16 11/16 12/16 13/16 14/16 15/16 16/16" },
	{ 80000, 5000, 1, 2,
	  "1/16 2/16 3/16 4/16 5/16 6/16 7/16 8/16 9/16 10/16 11/16 12/16 13/16 14/16 15/16 16/16" },
	/* one job; an empty input: a range a job, twice */
	{ 1000, 300, 1000, 1, "1/2 2/2" },
	{ 0, 1, 1, 3, "1/6 2/6 3/6 4/6 5/6 6/6" },
	/* 0 counts as 1 */
	{ 4, 0, 0, 1, "1/4 2/4 3/4 4/4" },
};

/* That the plan covers the input in order, each byte once, every range at
 * most most bytes unless its halves would hold less than least; said. */
static int plan_covers(uint64_t len, int jobs, uint64_t least, uint64_t most)
{
	long count = xq_range_plan(len, jobs, least, most, NULL, NULL, 0);
	long *k = malloc((size_t)count * sizeof *k), *n = malloc((size_t)count * sizeof *n);
	int good = count >= jobs && k && n && xq_range_plan(len, jobs, least, most, k, n, count) == count;
	/* each end as a fraction of jobs << 40, and the next start */
	for (long i = 0, at = 0; good && i < count; i++) {
		int shift = 0;
		double bytes = (double)len / (double)n[i];
		while (((long)jobs << shift) < n[i])
			shift++;
		good = ((long)jobs << shift) == n[i] && shift <= 40 && k[i] >= 1 && k[i] <= n[i] &&
		       (k[i] - 1) << (40 - shift) == at &&
		       (bytes <= (double)most || bytes / 2 < (double)least);
		at = k[i] << (40 - shift);
		good &= i < count - 1 || at == (long)jobs << 40;
	}
	free(k);
	free(n);
	return ok(good, "xq_range_plan(%llu, %d, %llu, %llu): %ld ranges cover the input in order",
		  (unsigned long long)len, jobs, (unsigned long long)least, (unsigned long long)most, count);
}

static void plan_cases_run(void)
{
	for (size_t i = 0; i < sizeof plan_cases / sizeof *plan_cases; i++) {
		const struct plan_case *c = &plan_cases[i];
		long k[64], n[64], count = xq_range_plan(c->len, c->jobs, c->least, c->most, k, n, 64);
		char got[1024] = "";
		size_t at = 0;
		for (long j = 0; j < count && j < 64; j++)
			at += (size_t)snprintf(got + at, sizeof got - at, "%s%ld/%ld", j ? " " : "", k[j], n[j]);
		is_str(got, c->want, "xq_range_plan(%llu, %d, %llu, %llu)", (unsigned long long)c->len,
		       c->jobs, (unsigned long long)c->least, (unsigned long long)c->most);
	}
	/* the count past max, nothing written past it */
	{
		long k[3] = { 0, 0, -7 }, n[3] = { 0, 0, -7 };
		ok(xq_range_plan(80000, 2, 5000, 20000, k, n, 2) == 8 && k[1] == 2 && n[1] == 4 &&
		   k[2] == -7 && n[2] == -7, "xq_range_plan(): the count of all, the first max written");
	}
	plan_covers(205000000, 2, 1 << 20, 64 << 20);
	plan_covers(10000000000ULL, 2, 1 << 20, 64 << 20);
	plan_covers(10000000000ULL, 3, 1 << 20, 64 << 20);
	plan_covers(1ULL << 40, 256, 1 << 20, 64 << 20);
	plan_covers(12345, 7, 1, 100);
	plan_covers(999, 5, 3, 2);
}

int main(void)
{
	rule_cases();
	plan_cases_run();
	property();
	far_encoding();
	chunk_property();
	return done_testing();
}
