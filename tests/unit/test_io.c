/*
 * test_io.c - the reader's and writer's contracts of xq.h: XQ_E* codes
 * (not bare -1) from xq_reader_read() and xq_reader_getline() when the
 * input fails; writer errors that are sticky, so that a put failing in the
 * middle of a game fails the whole write and nothing of it is written
 * (failures injected through the problem callback, which a format calls
 * while it renders); Big5 output in traditional characters by the
 * library's rule; WinBoard SAN records flagged by replay; a reader on a
 * file descriptor (xq_reader_open_fd()) gives the games a reader on the
 * same bytes in memory gives, whatever the descriptor is; a reader in
 * memory reads a read-only map of a file (the buffer is read where it
 * lies, never written) as the file is read.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "tap.h"
#include "xq.h"
#include "xq_format.h"

static struct xq_game *read_one(const char *text)
{
	struct xq_reader_opts o = { 0 };
	struct xq_reader *r;
	struct xq_game *g = NULL;
	int err;
	r = xq_reader_open_mem(text, strlen(text), &o, &err);
	if (!r)
		return NULL;
	if (xq_reader_next(r, &g) != 1)
		g = NULL;
	xq_reader_close(r);
	return g;
}

/* --- the reader: a read error is XQ_EIO from every entry point */

/* A FILE whose every read fails: its descriptor closed under it. */
static FILE *unreadable(void)
{
	FILE *fp = tmpfile();
	if (fp)
		close(fileno(fp));
	return fp;
}

static void read_errors(void)
{
	static const char *const formats[] = { "pgn", "text", "xqf", "dhtmlxq", "cbf" };
	{
		/* a directory opens as a FILE: the reader refuses it */
		struct xq_reader_opts o = { 0 };
		int err = 0;
		FILE *fp = fopen("/", "r");
		ok(fp != NULL, "a directory opens for reading");
		if (fp) {
			errno = 0;
			ok(xq_reader_open(fp, &o, &err) == NULL && err == XQ_EIO && errno == EISDIR,
			   "a directory: no reader, XQ_EIO with errno EISDIR");
			fclose(fp);
		}
	}
	for (size_t i = 0; i < sizeof formats / sizeof *formats; i++) {
		struct xq_reader_opts o = { 0 };
		struct xq_reader *r;
		struct xq_game *g = NULL;
		int err, rc;
		FILE *fp = unreadable();
		ok(fp != NULL, "%s: a file that cannot be read", formats[i]);
		if (!fp)
			continue;
		o.format = formats[i];
		r = xq_reader_open(fp, &o, &err);
		ok(r != NULL, "%s: the reader opens (the error is the input's)", formats[i]);
		if (r) {
			rc = xq_reader_next(r, &g);
			is_int(rc, XQ_EIO, "%s: xq_reader_next says XQ_EIO", formats[i]);
			ok(g == NULL, "%s: no game", formats[i]);
			xq_reader_close(r);
		}
		fclose(fp);
	}
	{
		struct xq_reader_opts o = { 0 };
		struct xq_reader *r;
		const char *line;
		size_t len;
		char buf[16];
		int err;
		FILE *fp = unreadable();
		o.format = "pgn";
		r = fp ? xq_reader_open(fp, &o, &err) : NULL;
		ok(r != NULL, "getline: reader on a file that cannot be read");
		if (r) {
			is_int(xq_reader_getline(r, &line, &len), XQ_EIO,
			       "getline: XQ_EIO, not the end, when the input cannot be read");
			is_int(xq_reader_getline(r, &line, &len), XQ_EIO, "getline: and again");
			xq_reader_close(r);
		}
		if (fp)
			fclose(fp);
		fp = unreadable();
		o.format = "xqf";
		r = fp ? xq_reader_open(fp, &o, &err) : NULL;
		ok(r != NULL, "read: reader on a file that cannot be read");
		if (r) {
			is_int((int)xq_reader_read(r, buf, sizeof buf), XQ_EIO,
			       "read: XQ_EIO, not -1 (which is XQ_EINVAL)");
			xq_reader_close(r);
		}
		if (fp)
			fclose(fp);
	}
	{
		/* the end of good input is 0 from both */
		static const char text[] = "1. h2e2 h9g7 *\n";
		struct xq_reader_opts o = { 0 };
		const char *line;
		size_t len;
		int err, n = 0, rc;
		struct xq_reader *r = xq_reader_open_mem(text, sizeof text - 1, &o, &err);
		while ((rc = xq_reader_getline(r, &line, &len)) > 0)
			n++;
		is_int(rc, 0, "getline: 0 at the end of readable input");
		is_int(n, 1, "getline: the one line first");
		xq_reader_close(r);
	}
}

/* --- the writer: sticky errors */

struct inject {
	struct xq_writer *w;
	int when;       /* inject at this problem report (1-based) */
	int seen;
	int rc;         /* what the injected put returned */
	int again;      /* what a put after it returned */
};

static void inject_put_failure(void *data, const struct xq_problem *p)
{
	struct inject *in = data;
	(void)p;
	if (++in->seen != in->when)
		return;
	/* more than any buffer can hold: the put fails as memory would */
	in->rc = xq_writer_put(in->w, "x", SIZE_MAX / 2);
	in->again = xq_writer_put(in->w, "y", 1);
}

/* Write g in format fmt with a put failure injected at the first problem
 * the format reports; then write h normally.  The output must be h's
 * alone, exactly as a writer that never saw g writes it. */
static void sticky(const char *fmt, struct xq_game *g, struct xq_game *h)
{
	struct xq_writer_opts wo = { 0 };
	struct inject in = { 0 };
	char *out = NULL, *want = NULL;
	size_t len = 0, wlen = 0;
	int err;
	FILE *fp = open_memstream(&out, &len);

	wo.format = fmt;
	wo.problem = inject_put_failure;
	wo.problem_data = &in;
	in.w = xq_writer_open(fp, &wo, &err);
	in.when = 1;
	ok(in.w != NULL, "%s: writer opens", fmt);
	if (!in.w) {
		fclose(fp);
		free(out);
		return;
	}
	is_int(xq_writer_write(in.w, g), XQ_ENOMEM,
	       "%s: a put failing in the middle of a game fails the write", fmt);
	ok(in.seen >= 1, "%s: the failure was injected while the game was rendered", fmt);
	is_int(in.rc, XQ_ENOMEM, "%s: the failed put says XQ_ENOMEM", fmt);
	is_int(in.again, XQ_ENOMEM, "%s: the next put of the game fails too (sticky)", fmt);
	in.when = 0;
	is_int(xq_writer_write(in.w, h), 0, "%s: the next game is written", fmt);
	is_int(xq_writer_close(in.w), 0, "%s: close", fmt);
	fclose(fp);

	wo.problem = NULL;
	fp = open_memstream(&want, &wlen);
	struct xq_writer *w = xq_writer_open(fp, &wo, &err);
	xq_writer_write(w, h);
	xq_writer_close(w);
	fclose(fp);
	if (!ok(len == wlen && !memcmp(out, want, len),
		"%s: nothing of the failed game was written, the next one whole", fmt))
		printf("# got:\n%s# want:\n%s", out, want);
	free(out);
	free(want);
}

static void writer_errors(void)
{
	/* the text writer warns before its tags that it leaves a comment
	 * out; PGN warns about '}' in a comment, in the middle of its moves */
	struct xq_game *g = read_one("[Event \"one\"]\n\n1. h2e2 {a comment} h9g7 2. h0g2 *\n");
	struct xq_game *h = read_one("[Event \"two\"]\n\n1. h2e2 h9g7 *\n");
	struct xq_writer_opts wo = { 0 };
	char *out = NULL;
	size_t len = 0;
	int err;

	ok(g && h, "games for the writer");
	if (!g || !h)
		return;
	/* a brace inside a comment, which only the API can put there */
	ok(xq_node_comment(g, g->root.child, 0, "with } in it", 12) == 0, "a comment with '}'");
	sticky("text", g, h);
	sticky("pgn", g, h);

	/* a put alone: the length check comes before any arithmetic */
	FILE *fp = open_memstream(&out, &len);
	struct xq_writer *w = xq_writer_open(fp, &wo, &err);
	is_int(xq_writer_put(w, "x", SIZE_MAX), XQ_ENOMEM, "a put of SIZE_MAX bytes fails cleanly");
	is_int(xq_writer_printf(w, "%d", 1), XQ_ENOMEM, "printf after it fails too");
	is_int(xq_writer_write(w, h), 0, "a game written after it is not affected");
	xq_writer_close(w);
	fclose(fp);
	ok(strstr(out, "[Event \"two\"]") != NULL, "and is in the output");
	free(out);

	/* an unknown encoding, an unknown format: NULL and XQ_EINVAL */
	wo.encoding = "no-such-encoding";
	ok(xq_writer_open(stdout, &wo, &err) == NULL && err == XQ_EINVAL,
	   "writer_open: NULL and XQ_EINVAL for an unknown encoding");
	wo.encoding = NULL;
	wo.format = "nosuch";
	ok(xq_writer_open(stdout, &wo, &err) == NULL && err == XQ_EINVAL,
	   "writer_open: NULL and XQ_EINVAL for an unknown format");
	xq_game_free(g);
	xq_game_free(h);
}

/* --- Big5: traditional characters by the library's rule */

static int write_as(const struct xq_game *g, const char *enc, unsigned flags, char **out)
{
	struct xq_writer_opts wo = { 0 };
	size_t len = 0;
	int err, rc;
	FILE *fp = open_memstream(out, &len);
	struct xq_writer *w;
	wo.encoding = enc;
	wo.flags = flags;
	wo.notation = XQ_NOTATION_CHINESE;
	if (!(w = xq_writer_open(fp, &wo, &err))) {
		fclose(fp);
		return err;
	}
	rc = xq_writer_write(w, g);
	if (xq_writer_close(w) < 0 && rc == 0)
		rc = XQ_EIO;
	fclose(fp);
	return rc;
}

static void big5(void)
{
	struct xq_game *g = read_one("[Event \"国\"]\n\n1. 炮二平五 马8进7 {马跳} *\n");
	char *out = NULL, *utf8 = NULL;
	size_t n;

	ok(g != NULL, "a game in simplified characters");
	if (!g)
		return;
	is_int(write_as(g, "big5", 0, &out), 0, "Big5 without a flag: written");
	ok(xq_convert("UTF-8", "BIG5", out, strlen(out), &utf8, &n, NULL) == 0,
	   "the output is Big5");
	if (!ok(utf8 && strstr(utf8, "[Event \"國\"]") && strstr(utf8, "炮二平五 馬８進７") &&
		strstr(utf8, "馬跳"), "tags, moves and comments in traditional characters"))
		printf("# %s\n", utf8 ? utf8 : "(none)");
	free(out);
	free(utf8);
	out = NULL;
	is_int(write_as(g, "cp950", 0, &out), 0, "CP950, Microsoft's Big5, likewise");
	free(out);
	out = NULL;
	is_int(write_as(g, "big5", XQ_WRITE_KEEP_SCRIPT, &out), XQ_EINVAL,
	       "Big5 with XQ_WRITE_KEEP_SCRIPT: the simplified text cannot be encoded");
	free(out);
	out = NULL;
	is_int(write_as(g, "gbk", 0, &out), 0, "GBK: written as it is");
	if (!ok(xq_convert("UTF-8", "GBK", out, strlen(out), &utf8, &n, NULL) == 0 &&
		strstr(utf8, "[Event \"国\"]") && strstr(utf8, "马８进７"),
		"GBK keeps simplified characters"))
		printf("# %s\n", utf8 ? utf8 : "(none)");
	free(out);
	free(utf8);
	xq_game_free(g);
}

/* --- WinBoard SAN: recognised by replay, not by a command */

static void san(void)
{
	struct xq_game *g = read_one("[Variant \"xiangqi\"]\n\n1. Che3 Che8 2. Hg3 Hg8 *\n");
	ok(g && g->errors == 0, "a WinBoard SAN record replays");
	ok(g && (g->flags & XQ_GAME_SAN), "XQ_GAME_SAN is set");
	ok(g && g->notation == XQ_NOTATION_WXF, "its notation is WXF as before");
	xq_game_free(g);
	g = read_one("1. C2.5 H8+7 *\n");
	ok(g && g->errors == 0 && !(g->flags & XQ_GAME_SAN), "WXF without the variant is not SAN");
	xq_game_free(g);
}

/* --- a reader on a descriptor */

/* The games of a reader: how many, and the plies and Event tags of all
 * in one string (NULL when the reader could not be opened). */
static char *games_of(struct xq_reader *r, long *n)
{
	size_t cap = 1024, len = 0;
	char *s = malloc(cap);
	struct xq_game *g;
	*n = 0;
	if (!r || !s) {
		free(s);
		return NULL;
	}
	s[0] = '\0';
	while (xq_reader_next(r, &g) == 1) {
		const char *ev = xq_game_tag(g, "Event");
		char one[128];
		int k = snprintf(one, sizeof one, "%d %s|", xq_game_plies(g), ev ? ev : "-");
		if (len + (size_t)k + 1 > cap) {
			char *t = realloc(s, cap *= 2);
			if (!t)
				break;
			s = t;
		}
		memcpy(s + len, one, (size_t)k + 1);
		len += (size_t)k;
		(*n)++;
		xq_game_free(g);
	}
	xq_reader_close(r);
	return s;
}

/* text games, each with its number in the Event tag, one after another */
static char *many_games(int count, size_t *len)
{
	static const char moves[] = "1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 b9c7 *\n\n";
	size_t cap = (size_t)count * 64 + 1, n = 0;
	char *s = malloc(cap);
	for (int i = 0; s && i < count; i++)
		n += (size_t)snprintf(s + n, cap - n, "[Event \"g%d\"]\n\n%s", i + 1, moves);
	*len = n;
	return s;
}

/* The games read from fd against those of the same bytes in memory. */
static void same_as_mem(int fd, const char *text, size_t len, const char *what)
{
	struct xq_reader_opts o = { 0 };
	long nf, nm;
	int err = 0;
	char *a = games_of(xq_reader_open_fd(fd, &o, &err), &nf);
	char *b = games_of(xq_reader_open_mem(text, len, &o, &err), &nm);
	if (!ok(a && b && nf == nm && nf > 0 && !strcmp(a, b), "%s: the games of memory (%ld)", what, nm))
		printf("# fd: %ld games, memory: %ld\n", nf, nm);
	free(a);
	free(b);
}

/* A temporary file holding text[0..len), opened for reading; -1 if not. */
static int temp_with(const char *text, size_t len)
{
	char path[] = "/tmp/test_io_XXXXXX";
	int fd = mkstemp(path), in = -1;
	if (fd < 0)
		return -1;
	if (write(fd, text, len) == (ssize_t)len)
		in = open(path, O_RDONLY);
	close(fd);
	unlink(path);
	return in;
}

static void fd_reader(void)
{
	size_t len;
	char *text = many_games(3, &len);
	int fd;

	/* a small file (one read), a file past the 64 KiB of one read, a
	 * file read from where its offset stands, a pipe */
	if ((fd = temp_with(text, len)) >= 0) {
		same_as_mem(fd, text, len, "a small file");
		close(fd);
	}
	free(text);
	text = many_games(4000, &len);
	ok(len > 3 * 65536, "the big file is past three reads of 64 KiB (%zu bytes)", len);
	if ((fd = temp_with(text, len)) >= 0) {
		same_as_mem(fd, text, len, "a big file");
		close(fd);
	}
	if ((fd = temp_with(text, len)) >= 0) {
		/* the first game skipped */
		const char *second = strstr(text, "[Event \"g2\"]");
		size_t skip = (size_t)(second - text);
		ok(lseek(fd, (off_t)skip, SEEK_SET) == (off_t)skip, "the offset set");
		same_as_mem(fd, second, len - skip, "a file from its offset");
		close(fd);
	}
	free(text);
	text = many_games(20, &len);
	{
		int p[2];
		if (ok(pipe(p) == 0 && len < 4096, "a pipe holding %zu bytes", len)) {
			ok(write(p[1], text, len) == (ssize_t)len, "written to the pipe");
			close(p[1]);
			same_as_mem(p[0], text, len, "a pipe");
			close(p[0]);
		}
	}
	free(text);
	{
		/* a directory: no reader, as for a FILE */
		struct xq_reader_opts o = { 0 };
		int err = 0;
		fd = open("/", O_RDONLY);
		errno = 0;
		ok(fd >= 0 && xq_reader_open_fd(fd, &o, &err) == NULL && err == XQ_EIO && errno == EISDIR,
		   "a directory's descriptor: no reader, XQ_EIO with errno EISDIR");
		if (fd >= 0)
			close(fd);
	}
	{
		/* an empty file: no game, no error */
		struct xq_reader_opts o = { 0 };
		struct xq_game *g = NULL;
		int err = 0;
		struct xq_reader *r;
		fd = temp_with("", 0);
		r = fd >= 0 ? xq_reader_open_fd(fd, &o, &err) : NULL;
		ok(r && xq_reader_next(r, &g) == 0 && !g, "an empty file: no game");
		xq_reader_close(r);
		if (fd >= 0)
			close(fd);
	}
}

/* The bytes of path, count times over, in a file opened for reading: its
 * descriptor (-1 if not), its length in *len. */
static int temp_repeated(const char *path, int count, size_t *len)
{
	FILE *fp = fopen(path, "rb");
	char buf[8192];
	size_t n = fp ? fread(buf, 1, sizeof buf, fp) : 0, cap = n * (size_t)count;
	char *text = n && n < sizeof buf ? malloc(cap) : NULL;
	int fd = -1;
	if (fp)
		fclose(fp);
	*len = 0;
	if (!text)
		return -1;
	for (int i = 0; i < count; i++)
		memcpy(text + (size_t)i * n, buf, n);
	fd = temp_with(text, cap);
	free(text);
	*len = cap;
	return fd;
}

static void read_only_map(void)
{
	static const struct {
		const char *path;
		int count;
		const char *what;
	} cases[] = {
		/* a text past many 64 KiB pieces, its two-byte characters cut
		 * between them; a binary record, read whole */
		{ "samples/games_gbk.pgn", 400, "GBK text of 371 KB" },
		{ "samples/game.xqf", 1, "an XQF file" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		size_t len;
		int fd = temp_repeated(cases[i].path, cases[i].count, &len);
		void *map = fd >= 0 ? mmap(NULL, len, PROT_READ, MAP_PRIVATE, fd, 0) : MAP_FAILED;
		if (!ok(map != MAP_FAILED, "%s mapped read-only (%zu bytes)", cases[i].what, len)) {
			if (fd >= 0)
				close(fd);
			continue;
		}
		same_as_mem(fd, map, len, cases[i].what);
		munmap(map, len);
		close(fd);
	}
}

int main(void)
{
	read_errors();
	writer_errors();
	big5();
	san();
	fd_reader();
	read_only_map();
	return done_testing();
}
