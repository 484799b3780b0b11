/*
 * test_encoding.c - detection (BOM, UTF-8, GB18030 against Big5),
 * conversion, names; readers decoding GBK and Big5 records; writers
 * refusing characters the output encoding lacks, naming game and text;
 * the reader's pair table for big GBK/GB18030/Big5 inputs against iconv
 * alone; bytes no encoding decodes kept as raw code points and written
 * back, every byte class; GB18030 encoding every character.
 */
#include <errno.h>
#include <iconv.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "encoding.h"
#include "tap.h"
#include "utf8.h"
#include "xq.h"
#include "xq_format.h"

/* 炮二平五 马８进７ in GBK and in Big5 (traditional 馬８進７). */
static const char gbk[] = "1. \xc5\xda\xb6\xfe\xc6\xbd\xce\xe5 \xc2\xed\xa3\xb8\xbd\xf8\xa3\xb7 *\n";
static const char big5[] = "1. \xac\xb6\xa4\x47\xa5\xad\xa4\xad \xb0\xa8\xa2\xb7\xb6\x69\xa2\xb6 *\n";

static void detection(void)
{
	static const struct {
		const char *name, *bytes, *want;
	} cases[] = {
		{ "ASCII", "1. h2e2 h9g7", "UTF-8" },
		{ "UTF-8", "1. 炮二平五 马８进７", "UTF-8" },
		{ "UTF-8 with BOM", "\xef\xbb\xbf" "1. h2e2", "UTF-8" },
		{ "GBK", gbk, "GB18030" },
		{ "Big5", big5, "BIG5" },
		{ "UTF-8 cut in a character", "1. \xe7\x82", "UTF-8" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
		is_str(xq_detect_encoding(cases[i].bytes, strlen(cases[i].bytes)), cases[i].want,
		       "detect %s", cases[i].name);
	{
		/* bytes a reader kept raw (U+10FEFF) written back as UTF-8, as
		 * a fuzzed text record's header came out: GB18030 decodes
		 * their four bytes too, as two characters */
		char text[400] = "Red: Re\xe8\x85\x9a";
		for (int k = 0; k < 37; k++)
			strcat(text, "\xf4\x8f\xbb\xbf");
		strcat(text, "\xe8\x85\x9a\xe8\x85\x9a\xe8\x85\x9a\xe6\xbb\x95\xef\xbc\x95\n"
			     "\xe7\xba\xa2\xe8\x83\x9c\n");
		is_str(xq_detect_encoding(text, strlen(text)), "UTF-8", "detect UTF-8 holding raw bytes");
	}
}

/* The likeliest decoding of the whole text, and the close rival when the
 * evidence is thin: GBK that happens to be valid UTF-8, Big5 names whose
 * GB18030 reading holds a piece name, short comments. */
static void detection_evidence(void)
{
	static const struct {
		const char *name, *utf8, *enc, *want;
		int close;            /* a rival expected */
	} cases[] = {
		/* 实战 in GBK is CA B5 D5 BD: valid UTF-8 (IPA, Armenian) */
		{ "GBK valid as UTF-8", "1. h2e2 { 实战 } *", "GBK", "GB18030", 1 },
		/* one letter: its bytes are a GBK hanzi too */
		{ "UTF-8 one Latin letter", "[Red \"Müller\"]\n1. h2e2 *", NULL, "UTF-8", 1 },
		{ "UTF-8 Latin", "[Red \"Müller\"]\n[Black \"Øster Ærø Jürgen Straße\"]\n1. h2e2 *", NULL,
		  "UTF-8", 0 },
		{ "UTF-8 Chinese", "[Red \"许银川\"]\n1. 炮二平五 *", NULL, "UTF-8", 0 },
		/* a name or two of hanzi in UTF-8 among ICCS moves: few, but
		 * three-byte hanzi sequences are no chance of GBK or Big5 */
		{ "UTF-8 one name", "[Red \"洪祥森\"]\n1. h2e2 h9g7 *", NULL, "UTF-8", 0 },
		/* six bytes of hanzi are also three valid GB18030 pairs: close */
		{ "UTF-8 two-character name", "[Black \"吕钦\"]\n1. h2e2 *", NULL, "UTF-8", 1 },
		/* a writer's U+FFFD for bytes it could not decode */
		{ "UTF-8 with replacement characters", "Section: \xef\xbf\xbd\xe6\x9d\x9e\xef\xbf\xbd"
		  "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd" "2\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd", NULL, "UTF-8", 0 },
		{ "Big5 names", "[Red \"許銀川\"]\n[Black \"呂欽\"]\n[Event \"全國象棋個人賽\"]\n1. h2e2 *",
		  "BIG5", "BIG5", 0 },
		{ "Big5 short comment", "1. h2e2 { 好棋 } *", "BIG5", "BIG5", 1 },
		{ "GBK short comment", "1. h2e2 { 好棋 } *", "GBK", "GB18030", 1 },
		{ "GBK record", "[Red \"许银川\"]\n[Black \"吕钦\"]\n1. 炮二平五 马８进７ 2. 马二进三 车９平８ *",
		  "GBK", "GB18030", 0 },
		{ "Big5 record", "[Red \"許銀川\"]\n1. 炮二平五 馬８進７ 2. 馬二進三 車９平８ *", "BIG5", "BIG5", 0 },
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		char buf[512];
		const char *rival = "none";
		size_t n = strlen(cases[i].utf8);
		if (cases[i].enc) {
			char *out = NULL;
			size_t outlen = 0;
			if (!ok(xq_convert(cases[i].enc, "UTF-8", cases[i].utf8, n, &out, &outlen, NULL) == 0 &&
				outlen < sizeof buf, "%s: encoded", cases[i].name)) {
				free(out);
				continue;
			}
			memcpy(buf, out, outlen);
			n = outlen;
			free(out);
		} else {
			memcpy(buf, cases[i].utf8, n);
		}
		is_str(xq__detect_encoding(buf, n, &rival), cases[i].want, "detect %s", cases[i].name);
		ok(!rival == !cases[i].close, "%s: %s (rival %s)", cases[i].name,
		   cases[i].close ? "close, a rival named" : "settled", rival ? rival : "none");
	}
}

/* ------------------------------------------- detection's count */

/* Detection's one-pass count of its repertoire against strstr() over each
 * string of it, as detection counted first: text of the repertoire's
 * characters, other Chinese, full-width and four-byte characters, ASCII
 * and NUL bytes (strstr() stops at the first), cut anywhere, in buffers
 * up to past 8 KB (detection's). */
static void repertoire_count(void)
{
	static const char *const others[] = {
		"1. ", " ", "\n", "x", "\0", "中", "局", "炭", "ｘ", "（", "\xf0\x9f\x80\x84", "é",
		"\xe7\x82", "\xe7",
	};
	const char *const *rep;
	size_t nrep = xq__repertoire(&rep);
	static char buf[12000], z[12001];
	unsigned long seed = 4242;
	long n = 0, wrong = 0, hits = 0;
	for (int round = 0; round < 3000; round++) {
		size_t len = 0, want = round < 2900 ? (size_t)(round % 101) * 3 : 9000 + (size_t)round;
		while (len + 8 < sizeof buf && len < want) {
			seed = seed * 6364136223846793005ul + 1442695040888963407ul;
			unsigned k = (unsigned)(seed >> 33) % (unsigned)(nrep + sizeof others / sizeof *others);
			const char *p = k < nrep ? rep[k] : others[k - nrep];
			size_t pl = p[0] ? strlen(p) : 1;
			memcpy(buf + len, p, pl);
			len += pl;
		}
		seed = seed * 6364136223846793005ul + 1442695040888963407ul;
		if (round % 3 == 0 && len)
			len -= (size_t)(seed >> 40) % (len < 3 ? len : 3); /* cut */
		memcpy(z, buf, len);
		z[len] = '\0';
		long want_hits = 0;
		for (size_t i = 0; i < nrep; i++)
			for (const char *p = z; (p = strstr(p, rep[i])); p += strlen(rep[i]))
				want_hits++;
		long got = xq__repertoire_hits(buf, len);
		n++;
		hits += want_hits;
		if (got != want_hits && wrong++ < 5)
			diagf("repertoire count: %ld, strstr() %ld (round %d)", got, want_hits, round);
	}
	ok(wrong == 0 && hits > 10000, "detection: the repertoire counted in one pass as strstr() counts it "
	   "(%ld buffers, %ld hits, %ld differ)", n, hits, wrong);
}

/* The repertoire's hits in buf[0..n) decoded from enc as iconv decodes
 * it, each byte it cannot decode skipped alone: the reference for
 * xq__decoded_hits(), which skips a run of bytes that start no character
 * in one step. */
static long ref_decoded_hits(const char *enc, const char *buf, size_t n)
{
	iconv_t cd = iconv_open("UTF-8", enc);
	static char all[65536];
	size_t got = 0;
	char *in = (char *)buf;
	size_t inleft = n;
	if (cd == (iconv_t)-1)
		return -1;
	while (inleft > 0 && got < sizeof all - 8) {
		char *o = all + got;
		size_t oleft = sizeof all - 1 - got;
		size_t rc = iconv(cd, &in, &inleft, &o, &oleft);
		got = (size_t)(o - all);
		if (rc == (size_t)-1) {
			if (errno == EILSEQ) {
				/* a NUL between the pieces: no string of the
				 * repertoire is counted across a skipped byte */
				all[got++] = '\0';
				in++, inleft--;
			} else if (errno == EINVAL) {
				break;
			}
		}
	}
	iconv_close(cd);
	all[got] = '\0';
	long hits = 0;
	for (size_t at = 0; at < got; at += strlen(all + at) + 1)
		hits += xq__repertoire_hits(all + at, strlen(all + at));
	return hits;
}

/* Text of the repertoire in enc with runs of bytes that start no
 * character (0x80, 0xFF) and other bytes between: the same hits as the
 * byte-at-a-time reference. */
static void skipped_runs(const char *enc)
{
	const char *const *rep;
	size_t nrep = xq__repertoire(&rep);
	static char buf[4096];
	unsigned long seed = 77;
	long wrong = 0, hits = 0;
	iconv_t cd = iconv_open(enc, "UTF-8");
	if (cd == (iconv_t)-1) {
		ok(0, "%s: iconv has it", enc);
		return;
	}
	for (int round = 0; round < 400; round++) {
		size_t len = 0;
		while (len + 64 < sizeof buf && len < (size_t)round * 8 + 16) {
			seed = seed * 6364136223846793005ul + 1442695040888963407ul;
			unsigned k = (unsigned)(seed >> 33) % 8;
			if (k < 4) {
				/* a string of the repertoire in enc */
				char *in = (char *)rep[(seed >> 40) % nrep], *o = buf + len;
				size_t inleft = strlen(in), oleft = 32;
				iconv(cd, NULL, NULL, NULL, NULL);
				if (iconv(cd, &in, &inleft, &o, &oleft) != (size_t)-1)
					len = (size_t)(o - buf);
			} else if (k < 6) {
				size_t run = 1 + (seed >> 44) % 9;
				for (size_t i = 0; i < run; i++)
					buf[len++] = (char)((seed >> (48 + i)) & 1 ? 0xff : 0x80);
			} else if (k == 6) {
				buf[len++] = (char)(0x81 + (seed >> 40) % 0x7e); /* a lead alone, or not */
			} else {
				buf[len++] = 'a';
			}
		}
		long want = ref_decoded_hits(enc, buf, len), got = xq__decoded_hits(enc, buf, len);
		hits += want;
		if (got != want && wrong++ < 5)
			diagf("%s: %ld hits, the reference %ld (round %d)", enc, got, want, round);
	}
	iconv_close(cd);
	ok(wrong == 0 && hits > 1000, "detection, %s: runs of bytes that start no character "
	   "skipped at once, the same hits as byte by byte (%ld hits)", enc, hits);
}

static void names(void)
{
	static const struct {
		const char *user, *want;
	} cases[] = {
		{ "utf-8", "UTF-8" }, { "UTF8", "UTF-8" }, { "gbk", "GBK" }, { "GB2312", "GB2312" },
		{ "gb18030", "GB18030" }, { "big5", "BIG5" }, { "Big5_HKSCS", "BIG5-HKSCS" },
		{ "cp936", "GBK" }, { "latin1", NULL }, { "", NULL },
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		const char *got = xq_encoding_name(cases[i].user);
		ok(cases[i].want ? got && !strcmp(got, cases[i].want) : !got, "name '%s'", cases[i].user);
	}
}

static void conversion(void)
{
	char *out = NULL;
	size_t len = 0, bad = 0;
	is_int(xq_convert("UTF-8", "GB18030", gbk, strlen(gbk), &out, &len, &bad), 0, "GBK to UTF-8");
	is_str(out, "1. 炮二平五 马８进７ *\n", "GBK text");
	free(out);
	is_int(xq_convert("UTF-8", "BIG5", big5, strlen(big5), &out, &len, &bad), 0, "Big5 to UTF-8");
	is_str(out, "1. 炮二平五 馬８進７ *\n", "Big5 text");
	free(out);
	const char *simp = "ab马c";
	is_int(xq_convert("BIG5", "UTF-8", simp, strlen(simp), &out, &len, &bad), XQ_EINVAL, "马 not in Big5");
	is_int(bad, 2, "offset of the unencodable character");
	ok(out == NULL, "no output on failure");
	is_int(xq_convert("UTF-8", "UTF-8", "a\xff", 2, &out, &len, &bad), XQ_EINVAL, "invalid UTF-8");
	is_int(xq_convert("NOPE", "UTF-8", "a", 1, &out, &len, &bad), XQ_EINVAL, "unknown encoding");
	is_int(xq_convert("UTF-8", "GBK", "", 0, &out, &len, &bad), 0, "empty");
	is_int(len, 0, "empty length");
	free(out);
}

static int count_games(const char *text, size_t len, const char *enc, char *first_move, int *errors)
{
	struct xq_reader_opts o = { 0 };
	struct xq_reader *r;
	struct xq_game *g;
	int err, n = 0;
	o.encoding = enc;
	r = xq_reader_open_mem(text, len, &o, &err);
	if (!r)
		return -1;
	*errors = 0;
	while (xq_reader_next(r, &g) > 0) {
		if (!n++ && g->root.child && g->root.child->child)
			strcpy(first_move, g->root.child->child->text);
		*errors += g->errors;
		xq_game_free(g);
	}
	xq_reader_close(r);
	return n;
}

static void readers(void)
{
	char mv[64] = "";
	int errors;
	is_int(count_games(gbk, strlen(gbk), NULL, mv, &errors), 1, "GBK record read");
	is_str(mv, "马８进７", "GBK decoded");
	is_int(errors, 0, "GBK record valid");
	is_int(count_games(big5, strlen(big5), NULL, mv, &errors), 1, "Big5 record read");
	is_str(mv, "馬８進７", "Big5 detected and decoded");
	is_int(errors, 0, "Big5 record valid");
	is_int(count_games(big5, strlen(big5), "big5", mv, &errors), 1, "Big5 on request");
	is_int(count_games(gbk, strlen(gbk), "gbk", mv, &errors), 1, "GBK on request");
	is_int(count_games(big5, strlen(big5), "gbk", mv, &errors), 1, "Big5 read as GBK");
	ok(errors > 0, "gives errors, not a crash");
	is_int(count_games("", 0, "klingon", mv, &errors), -1, "unknown input encoding refused");
	/* ASCII head, GBK later: the detection waits for the first non-ASCII byte */
	size_t pad = 70000;
	char *big = malloc(pad + sizeof gbk);
	memset(big, ' ', pad);
	memcpy(big, "[Event \"x\"]\n", 12);
	memcpy(big + pad, gbk, sizeof gbk);
	is_int(count_games(big, pad + strlen(gbk), NULL, mv, &errors), 1, "late GBK read");
	is_str(mv, "马８进７", "late GBK decoded");
	free(big);
}

static int problems;
static char problem_msg[600];

static void keep(void *data, const struct xq_problem *p)
{
	(void)data;
	problems++;
	snprintf(problem_msg, sizeof problem_msg, "game %ld: %s", p->game, p->msg);
}

static void writers(void)
{
	const char *text = "[Event \"许\"]\n1. h2e2 *\n";
	struct xq_reader_opts o = { 0 };
	struct xq_writer_opts wo = { 0 };
	struct xq_reader *r = xq_reader_open_mem(text, strlen(text), &o, &(int){ 0 });
	struct xq_game *g;
	char *out = NULL;
	size_t len = 0;
	int err;
	xq_reader_next(r, &g);
	FILE *fp = open_memstream(&out, &len);
	wo.encoding = "big5";
	wo.problem = keep;
	wo.notation_flags = XQ_NOTE_TRAD;
	wo.flags = XQ_WRITE_KEEP_SCRIPT; /* the text as it is (Big5 would turn it traditional) */
	struct xq_writer *w = xq_writer_open(fp, &wo, &err);
	is_int(xq_writer_write(w, g), XQ_EINVAL, "unencodable game refused");
	is_int(problems, 1, "one problem");
	ok(strstr(problem_msg, "game 1: character '许' cannot be encoded in BIG5, in '[Event \"许\"]'") != NULL,
	   "problem names the game and the text") || (diagf("%s", problem_msg), 0);
	xq_game_set_tag(g, "Event", "許");
	is_int(xq_writer_write(w, g), 0, "traditional text encodes");
	xq_writer_close(w);
	fclose(fp);
	ok(len > 0 && strstr(out, "[Event \"\xb3\x5c\"]") != NULL, "Big5 bytes written") || (diagf("%s", out), 0);
	free(out);
	wo.encoding = "latin1";
	ok(xq_writer_open(stdout, &wo, &err) == NULL && err == XQ_EINVAL, "unknown output encoding refused");
	xq_game_free(g);
	xq_reader_close(r);
}

/* Many small games through a FILE: characters cut by the 64 KiB chunks of
 * the reader, in each encoding, plain and gzipped. */
static void chunks(void)
{
	static const struct {
		const char *name, *rec;
	} encs[] = {
		{ "GBK", gbk }, { "Big5", big5 }, { "UTF-8", "1. 炮二平五 马８进７ *\n" },
	};
	for (size_t e = 0; e < sizeof encs / sizeof *encs; e++) {
		for (int gz = 0; gz < 2; gz++) {
			char path[] = "/tmp/xq-test-encXXXXXX";
			int fd = mkstemp(path), n = 0, errors = 0, err;
			FILE *fp = fd >= 0 ? fdopen(fd, "w+b") : NULL;
			size_t rl = strlen(encs[e].rec);
			if (!fp) {
				ok(0, "temporary file");
				continue;
			}
			if (gz) {
				gzFile z = gzdopen(dup(fd), "wb");
				for (int i = 0; i < 7001; i++)
					gzwrite(z, encs[e].rec, (unsigned)rl);
				gzclose(z);
			} else {
				for (int i = 0; i < 7001; i++)
					fwrite(encs[e].rec, 1, rl, fp);
			}
			fflush(fp);
			rewind(fp);
			struct xq_reader_opts o = { 0 };
			struct xq_reader *r = xq_reader_open(fp, &o, &err);
			struct xq_game *g;
			while (r && xq_reader_next(r, &g) > 0) {
				n++;
				errors += g->errors || xq_game_plies(g) != 2;
				xq_game_free(g);
			}
			xq_reader_close(r);
			ok(n == 7001 && errors == 0, "%s%s: %d games through 64 KiB chunks, %d bad",
			   encs[e].name, gz ? " gzipped" : "", n, errors);
			fclose(fp);
			unlink(path);
		}
	}
}

/* What iconv alone makes of in[0..n): a byte it cannot take is its raw
 * code point, U+10FE00 + byte (F4 8F BA/BB xx). */
static char *iconv_reference(const char *enc, const char *in, size_t n, size_t *outlen)
{
	iconv_t cd = iconv_open("UTF-8", enc);
	size_t cap = n * 4 + 16;
	char *out = malloc(cap), *op = out, *ip = (char *)in;
	size_t il = n, ol = cap;
	while (il) {
		if (iconv(cd, &ip, &il, &op, &ol) != (size_t)-1)
			break;
		if (errno != EILSEQ && errno != EINVAL)
			break;
		unsigned b = (unsigned char)*ip;
		op[0] = (char)0xF4, op[1] = (char)0x8F, op[2] = (char)(b >= 0xC0 ? 0xBB : 0xBA);
		op[3] = (char)(0x80 | (b & 0x3F));
		op += 4, ol -= 4;
		ip++, il--;
	}
	iconv_close(cd);
	*outlen = (size_t)(op - out);
	return out;
}

/* Every pair of lead 0x81..0xFE and trail 0x40..0xFE, with GB18030
 * four-byte forms, stray bytes and line ends among them, three times
 * (the reader takes its table after 64 KiB), a lead byte at the end. */
static void pair_table(const char *enc)
{
	size_t cap = 400000, n = 0;
	char *in = malloc(cap);
	for (int round = 0; round < 3; round++)
		for (int lead = 0x81; lead <= 0xFE; lead++) {
			for (int trail = 0x40; trail <= 0xFE; trail++) {
				in[n++] = (char)lead;
				in[n++] = (char)trail;
				if (trail % 29 == 0)
					in[n++] = '\n';
			}
			memcpy(in + n, "\x81\x30\x81\x30 \x80 \xff \x81 x\n", 14);
			n += 14;
		}
	in[n++] = (char)0xB0;
	struct xq_reader_opts o = { 0 };
	int err;
	o.format = "pgn";
	o.encoding = enc;
	struct xq_reader *r = xq_reader_open_mem(in, n, &o, &err);
	size_t want_len, got_len = 0;
	/* (the reader reads GBK as GB18030, its superset) */
	char *want = iconv_reference(r ? xq_reader_encoding(r) : enc, in, n, &want_len);
	char *got = malloc(cap * 4);
	const char *line;
	size_t len;
	while (r && xq_reader_getline(r, &line, &len) > 0) {
		memcpy(got + got_len, line, len);
		got_len += len;
		got[got_len++] = '\n';
	}
	/* the reference keeps its line ends; the reader's last line has none */
	if (want_len && want[want_len - 1] != '\n')
		want[want_len++] = '\n';
	ok(r != NULL, "%s: reader opened", enc);
	is_int((long)got_len, (long)want_len, "%s: pair table and iconv give as many bytes", enc);
	ok(got_len == want_len && !memcmp(got, want, want_len), "%s: pair table and iconv give the same text", enc);
	xq_reader_close(r);
	free(in);
	free(want);
	free(got);
}

/* The UTF-8 of every character U+0080..U+FFFF that enc can hold, braces
 * and controls left out. */
static char *encodable_text(const char *enc, size_t *n)
{
	iconv_t cd = iconv_open(enc, "UTF-8");
	char *t = malloc(65536 * 3 + 1);
	*n = 0;
	for (unsigned cp = 0xA0; cp < 0x10000; cp++) {
		char in[3], out[8], *ip = in, *op = out;
		size_t il, ol = sizeof out;
		if ((cp >= 0xD800 && cp <= 0xDFFF) || cp == 0xFEFF || (cp >= 0xFFF0))
			continue;
		if (cp < 0x800)
			in[0] = (char)(0xC0 | cp >> 6), in[1] = (char)(0x80 | (cp & 0x3F)), il = 2;
		else
			in[0] = (char)(0xE0 | cp >> 12), in[1] = (char)(0x80 | ((cp >> 6) & 0x3F)),
			in[2] = (char)(0x80 | (cp & 0x3F)), il = 3;
		size_t k = il;
		iconv(cd, NULL, NULL, NULL, NULL);
		if (iconv(cd, &ip, &il, &op, &ol) == (size_t)-1)
			continue;
		memcpy(t + *n, in, k);
		*n += k;
	}
	t[*n] = '\0';
	iconv_close(cd);
	return t;
}

/* A writer in enc against xq_convert() of the UTF-8 writer's output into
 * ref (GBK: GB18030's one- and two-byte forms, which differ from iconv's
 * GBK in the euro sign alone), on games past the writer's table (64 KiB),
 * then a character enc lacks. */
static void writer_table(const char *enc, const char *ref, const char *lacking)
{
	size_t n;
	char *all = encodable_text(enc, &n);
	const char *text = "[Event \"x\"]\n1. h2e2 h9g7 *\n";
	struct xq_reader_opts o = { 0 };
	struct xq_writer_opts wo = { 0 };
	struct xq_reader *r = xq_reader_open_mem(text, strlen(text), &o, &(int){ 0 });
	struct xq_game *g;
	char *out8 = NULL, *outx = NULL, *conv = NULL;
	size_t len8 = 0, lenx = 0, lenc = 0, bad = 0;
	int err;
	xq_reader_next(r, &g);
	xq_node_comment(g, g->root.child, 0, all, n);
	for (int pass = 0; pass < 2; pass++) {
		FILE *fp = pass ? open_memstream(&outx, &lenx) : open_memstream(&out8, &len8);
		wo.encoding = pass ? enc : NULL;
		wo.problem = keep;
		wo.notation_flags = XQ_NOTE_TRAD;
		wo.flags = XQ_WRITE_KEEP_SCRIPT; /* the table alone, no OpenCC for Big5 */
		struct xq_writer *w = xq_writer_open(fp, &wo, &err);
		for (int k = 0; k < 4; k++)
			xq_writer_write(w, g);
		xq_writer_close(w);
		fclose(fp);
	}
	is_int(xq_convert(ref, "UTF-8", out8, len8, &conv, &lenc, &bad), 0, "%s writer table: the text converts", enc);
	ok(conv && lenc == lenx && !memcmp(conv, outx, lenx),
	   "%s writer table: %zu bytes as iconv writes them", enc, lenx);
	/* an unencodable character after the table: the same problem */
	if (lacking) {
		free(outx);
		outx = NULL;
		FILE *fp = open_memstream(&outx, &lenx);
		wo.encoding = enc;
		struct xq_writer *w = xq_writer_open(fp, &wo, &err);
		for (int k = 0; k < 3; k++)
			xq_writer_write(w, g);
		xq_game_set_tag(g, "Event", lacking);
		problems = 0;
		is_int(xq_writer_write(w, g), XQ_EINVAL, "%s writer table: unencodable game refused", enc);
		ok(problems == 1 && strstr(problem_msg, "cannot be encoded") && strstr(problem_msg, lacking),
		   "%s writer table: the character named", enc) || (diagf("%s", problem_msg), 0);
		xq_writer_close(w);
		fclose(fp);
	}
	free(outx);
	free(out8);
	free(conv);
	free(all);
	xq_game_free(g);
	xq_reader_close(r);
}

/* ------------------------------------------------------ raw bytes */

/* U+10FE00 + b as UTF-8. */
#define RAW80 "\xF4\x8F\xBA\x80"
#define RAW81 "\xF4\x8F\xBA\x81"
#define RAWA1 "\xF4\x8F\xBA\xA1"
#define RAWC9 "\xF4\x8F\xBB\x89"
#define RAWE3 "\xF4\x8F\xBB\xA3"
#define RAWFE "\xF4\x8F\xBB\xBE"
#define RAWFF "\xF4\x8F\xBB\xBF"

/* Each class of byte and sequence through the lenient decoder (GB18030,
 * GBK, Big5, and no converter), and back through the encoder: the bytes
 * as they were. */
static void raw_bytes(void)
{
	static const struct {
		const char *enc;        /* NULL: the decoder's own default, GB18030 */
		const char *in;
		size_t n;
		const char *out;
		long raw_at;            /* -1: none kept raw */
		const char *what;
	} cases[] = {
		{ NULL, "abc\t\r\n", 6, "abc\t\r\n", -1, "ASCII as it is" },
		{ NULL, "\x01\x7F", 2, "\x01\x7F", -1, "controls and DEL as they are" },
		{ NULL, "\x80", 1, RAW80, 0, "0x80 alone: raw (first of the range)" },
		{ NULL, "\xFF", 1, RAWFF, 0, "0xFF alone: raw (last of the range)" },
		{ NULL, "a\xFE", 2, "a" RAWFE, 1, "a lead at the end: raw" },
		{ NULL, "\xC9 ", 2, RAWC9 " ", 0, "a lead before a blank" },
		{ NULL, "\xA1\x7F", 2, RAWA1 "\x7F", 0, "trail 0x7F: the lead raw, DEL kept" },
		{ NULL, "\xA1\xFF", 2, RAWA1 RAWFF, 0, "trail 0xFF: both raw" },
		{ NULL, "\xA1\x40", 2, "\xEE\x93\x86", -1, "trail 0x40, the first: U+E4C6" },
		{ NULL, "\xB0\xA1", 2, "啊", -1, "first-level hanzi" },
		{ NULL, "\xFE\xFE", 2, "\xEE\x93\x85", -1, "0xFEFE: U+E4C5" },
		{ NULL, "\x81\x30\x81\x30", 4, "\xC2\x80", -1, "four bytes, the first: U+0080" },
		{ NULL, "\x84\x31\xA4\x39", 4, "\xEF\xBF\xBF", -1, "four bytes: U+FFFF" },
		{ NULL, "\x84\x31\xA5\x30", 4, "\xF4\x8F\xBA\x84" "1" "\xF4\x8F\xBA\xA5" "0", 0,
		  "four bytes past the BMP's end: raw and digits" },
		{ NULL, "\x90\x30\x81\x30", 4, "\xF0\x90\x80\x80", -1, "four bytes: U+10000" },
		{ NULL, "\xE3\x32\x9A\x35", 4, "\xF4\x8F\xBF\xBF", -1, "four bytes: U+10FFFF" },
		{ NULL, "\xE3\x32\x9A\x36", 4, RAWE3 "2\xF4\x8F\xBA\x9A" "6", 0, "past U+10FFFF: raw" },
		{ NULL, "\x81\x30\x81", 3, RAW81 "0" RAW81, 0, "four bytes cut at the end" },
		{ "GBK", "\xC5\xDA\xFF", 3, "炮" RAWFF, 2, "GBK: 0xFF" },
		{ "BIG5", "\xAC\xB6\xFF\xA4", 4, "炮" RAWFF "\xF4\x8F\xBA\xA4", 2, "Big5: 0xFF and a cut lead" },
		{ "NO-SUCH-ENCODING", "a\xB0\xA1", 3, "a\xF4\x8F\xBA\xB0" RAWA1, 1,
		  "no converter: every byte from 0x80 raw" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		struct xq__decoder *d = cases[i].enc ? xq__decoder_new(cases[i].enc) : NULL;
		size_t n = 0, raw_at = 0, back_len = 0, bad = 0;
		char *u = xq__decode_lenient(d, cases[i].in, cases[i].n, &n, &raw_at), *back = NULL;
		ok(u && n == strlen(cases[i].out) && !memcmp(u, cases[i].out, n),
		   "decode: %s", cases[i].what);
		is_int(raw_at == (size_t)-1 ? -1 : (long)raw_at, cases[i].raw_at, "decode: %s: first raw byte",
		       cases[i].what);
		/* back: GB18030 (Big5 for Big5), every byte as read */
		const char *enc = cases[i].enc && !strcmp(cases[i].enc, "BIG5") ? "BIG5" : "GB18030";
		if (!cases[i].enc || strcmp(cases[i].enc, "NO-SUCH-ENCODING")) {
			ok(xq__encode(enc, u, n, 0, 0, &back, &back_len, &bad, NULL) == 0 &&
			   back_len == cases[i].n && !memcmp(back, cases[i].in, back_len),
			   "encode: %s: the bytes read", cases[i].what);
		}
		free(back);
		free(u);
		xq__decoder_free(d);
	}
	/* the mapping itself, each byte both ways */
	int bad_map = 0;
	for (unsigned b = 0x80; b <= 0xFF; b++) {
		char buf[4];
		uint32_t cp = 0;
		xq__raw_put(buf, b);
		if (xq__utf8_decode((const unsigned char *)buf, 4, &cp) != 4 || cp != XQ_RAW_BYTE_BASE + b ||
		    xq__raw_at((const unsigned char *)buf, 4) != (int)b || xq__raw_at((const unsigned char *)buf, 3) != -1)
			bad_map++;
	}
	is_int(bad_map, 0, "raw code points: U+10FE80..U+10FEFF, valid UTF-8, each its byte");
	ok(xq__raw_at((const unsigned char *)"\xF4\x8F\xBA\x7F", 4) == -1 &&
	   xq__raw_at((const unsigned char *)"\xF4\x8F\xBC\x80", 4) == -1 &&
	   xq__raw_at((const unsigned char *)"\xF4\x8F\xB9\xBF", 4) == -1, "no other code point is raw");
}

/* The lines of the encoding warnings a reader says, in order. */
static void note_encoding_line(void *data, const struct xq_problem *p)
{
	char *lines = data;
	if (p->code == XQ_P_ENCODING)
		snprintf(lines + strlen(lines), 64, "%ld ", p->line);
}

/* A line too long for one piece (4 MiB, read as several) with bytes that
 * cannot be decoded in each piece, then such a byte on line 3: one warning
 * for line 1, whichever piece its bytes are in, and one for line 3. */
static void split_line_bytes(void)
{
	const size_t half = 2200000;   /* "a\xff" twice over: past 4 MiB */
	static const char tail[] = "\"]\n\n1. h2e2 \xff *\n";
	size_t len = 8 + 2 * half + sizeof tail - 1;
	char *text = malloc(len), lines[256] = "";
	struct xq_reader_opts o = { .encoding = "GBK", .problem = note_encoding_line,
				    .problem_data = lines };
	struct xq_reader *r;
	struct xq_game *g;
	int err;
	if (!ok(text != NULL, "a line of %zu bytes", len))
		return;
	memcpy(text, "[Event \"", 8);
	for (size_t i = 0; i < half; i++)
		memcpy(text + 8 + 2 * i, "a\xff", 2);
	memcpy(text + 8 + 2 * half, tail, sizeof tail - 1);
	if ((r = xq_reader_open_mem(text, len, &o, &err))) {
		while (xq_reader_next(r, &g) > 0)
			xq_game_free(g);
		xq_reader_close(r);
	}
	is_str(lines, "1 3 ", "bytes not decoded on a line read in pieces: said once, for its own line");
	free(text);
}

/* Every two bytes lead 0x81..0xFE, trail 0x00..0xFF: decoded, then
 * encoded into GB18030, they are the two bytes again. */
static void every_pair_back(void)
{
	struct xq__decoder *d = xq__decoder_new("GB18030");
	long wrong = 0;
	for (unsigned lead = 0x81; lead <= 0xFE; lead++)
		for (unsigned trail = 0; trail <= 0xFF; trail++) {
			char in[2] = { (char)lead, (char)trail }, *u, *back = NULL;
			size_t n, raw_at, bl = 0, bad;
			u = xq__decode_lenient(d, in, 2, &n, &raw_at);
			if (!u || xq__encode("GB18030", u, n, 0, 0, &back, &bl, &bad, NULL) != 0 || bl != 2 ||
			    memcmp(back, in, 2)) {
				if (!wrong++)
					diagf("pair %02X %02X does not come back", lead, trail);
			}
			free(u);
			free(back);
		}
	is_int(wrong, 0, "every two bytes from a lead: decoded and encoded, the same bytes");
	xq__decoder_free(d);
}

/* The 24 private-use code points GB18030-2022 moved to four-byte forms
 * that the C library (glibc's iconv) neither writes nor reads: the one
 * gap in -E gb18030, stated in xq-formats(5). */
static const uint32_t gb18030_gap[] = {
	0xE78D, 0xE78E, 0xE78F, 0xE790, 0xE791, 0xE792, 0xE793, 0xE794, 0xE795, 0xE796,
	0xE816, 0xE817, 0xE818, 0xE81E, 0xE826, 0xE82B, 0xE82C, 0xE831, 0xE832, 0xE83B,
	0xE843, 0xE854, 0xE855, 0xE864,
};

static int in_gap(uint32_t cp)
{
	for (size_t i = 0; i < sizeof gb18030_gap / sizeof *gb18030_gap; i++)
		if (gb18030_gap[i] == cp)
			return 1;
	return 0;
}

/* Every code point U+0080..U+10FFFF but the surrogates and the gap above:
 * GB18030 encodes it and decodes it back; each of the gap refused, '?'
 * with replace; GBK (gbk_only) takes exactly those GB18030 writes in two
 * bytes. */
static void gb18030_every_character(void)
{
	size_t cap = 0x110000 * 4 + 1, n = 0, outlen = 0, bad = 0, back_len = 0, raw_at = 0;
	char *all = malloc(cap), *out = NULL, *back = NULL;
	long four = 0, two = 0, gbk_wrong = 0;
	for (uint32_t cp = 0x80; cp <= 0x10FFFF; cp++) {
		if (cp >= 0xD800 && cp <= 0xDFFF)
			continue;
		if ((cp >= XQ_RAW_BYTE_BASE + 0x80 && cp <= XQ_RAW_BYTE_BASE + 0xFF) || in_gap(cp))
			continue;       /* the raw bytes: their own test */
		n += xq__utf8_put(all + n, cp);
	}
	long gap_ok = 0;
	for (size_t i = 0; i < sizeof gb18030_gap / sizeof *gb18030_gap; i++) {
		char in[4], *g = NULL;
		size_t l = xq__utf8_put(in, gb18030_gap[i]), gl = 0, b = 9;
		long rep = 0;
		int refused = xq__encode("GB18030", in, l, 0, 0, &g, &gl, &b, NULL) == XQ_EINVAL && b == 0;
		free(g);
		g = NULL;
		if (refused && xq__encode("GB18030", in, l, 1, 0, &g, &gl, &b, &rep) == 0 && gl == 1 &&
		    g[0] == '?' && rep == 1)
			gap_ok++;
		free(g);
	}
	is_int(gap_ok, (long)(sizeof gb18030_gap / sizeof *gb18030_gap),
	       "GB18030: the 24 code points of the gap refused, '?' with replace");
	is_int(xq__encode("GB18030", all, n, 0, 0, &out, &outlen, &bad, NULL), 0,
	       "GB18030 encodes every character (failing at byte %zu)", bad);
	for (size_t k = 0; out && k < outlen;) {
		if ((unsigned char)out[k] < 0x80) {
			k++;
		} else if ((unsigned char)out[k + 1] >= 0x30 && (unsigned char)out[k + 1] <= 0x39) {
			four++;
			k += 4;
		} else {
			two++;
			k += 2;
		}
	}
	diagf("GB18030: %ld characters in two bytes, %ld in four", two, four);
	back = out ? xq__decode_lenient(NULL, out, outlen, &back_len, &raw_at) : NULL;
	ok(back && back_len == n && !memcmp(back, all, n) && raw_at == (size_t)-1,
	   "GB18030: every character decodes back to itself");
	/* GBK: a character is refused exactly when GB18030 takes four bytes */
	for (uint32_t cp = 0x80; cp < 0x10000; cp += 7) {
		char in[4], *g = NULL;
		size_t l, gl = 0, b;
		if ((cp >= 0xD800 && cp <= 0xDFFF) || in_gap(cp))
			continue;
		l = xq__utf8_put(in, cp);
		int rc = xq__encode("GB18030", in, l, 0, 1, &g, &gl, &b, NULL);
		char *f = NULL;
		size_t fl = 0;
		xq__encode("GB18030", in, l, 0, 0, &f, &fl, &b, NULL);
		if ((rc == 0) != (fl == 2))
			gbk_wrong++;
		free(g);
		free(f);
	}
	is_int(gbk_wrong, 0, "GBK: the two-byte forms of GB18030 exactly");
	free(all);
	free(out);
	free(back);
}

/* Whether want occurs in s[0..n). */
static int contains(const char *s, size_t n, const char *want)
{
	size_t k = strlen(want);
	for (size_t i = 0; i + k <= n; i++)
		if (!memcmp(s + i, want, k))
			return 1;
	return 0;
}

/* The writer into GB18030 (-E gb18030) at the edges of the four-byte
 * ranges and with raw code points; into GBK, those characters refused or,
 * with XQ_WRITE_REPLACE, '?'. */
static void writer_edges(void)
{
	static const struct {
		const char *enc;
		unsigned flags;
		const char *comment;
		int rc;
		const char *bytes;      /* the comment as written */
		const char *what;
	} cases[] = {
		{ "GB18030", 0, "\xC2\x80", 0, "\x81\x30\x81\x30", "U+0080" },
		{ "GB18030", 0, "\xEF\xBF\xBF", 0, "\x84\x31\xA4\x39", "U+FFFF" },
		{ "GB18030", 0, "\xF0\x90\x80\x80", 0, "\x90\x30\x81\x30", "U+10000" },
		{ "GB18030", 0, "\xF4\x8F\xBF\xBF", 0, "\xE3\x32\x9A\x35", "U+10FFFF" },
		{ "GB18030", 0, "\xEF\xBF\xBD", 0, "\x84\x31\xA4\x37", "U+FFFD" },
		{ "GB18030", 0, "a" RAWC9 "b" RAW80, 0, "a\xC9" "b\x80", "raw code points: bytes" },
		{ "GBK", 0, "a" RAWC9 "b" RAWFF, 0, "a\xC9" "b\xFF", "GBK: raw code points" },
		{ "BIG5", 0, RAWA1 "x", 0, "\xA1x", "Big5: raw code points" },
		{ "GBK", 0, "\xE2\x82\xAC", 0, "\xA2\xE3", "GBK: the euro sign as GB18030 writes it" },
		{ "GBK", 0, "\xEE\x80\x80", 0, "\xAA\xA1", "GBK: user-defined U+E000" },
		{ "GBK", 0, "\xC2\x80", XQ_EINVAL, NULL, "GBK lacks U+0080" },
		{ "GBK", XQ_WRITE_REPLACE, "a\xC2\x80\xF0\x9F\x98\x80" RAWC9, 0, "a??\xC9", "GBK: '?' for each" },
		{ "BIG5", XQ_WRITE_REPLACE, "\xE8\xAE\xB8\xE8\xA8\xB1", 0, "?\xB3\x5C", "Big5: '?' for a simplified one" },
	};
	const char *text = "[Event \"x\"]\n1. h2e2 h9g7 *\n";
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		struct xq_reader_opts o = { 0 };
		struct xq_writer_opts wo = { 0 };
		struct xq_reader *r = xq_reader_open_mem(text, strlen(text), &o, &(int){ 0 });
		struct xq_game *g = NULL;
		char *out = NULL, want[64];
		size_t len = 0;
		int err, rc;
		xq_reader_next(r, &g);
		xq_node_comment(g, g->root.child, 0, cases[i].comment, strlen(cases[i].comment));
		FILE *fp = open_memstream(&out, &len);
		wo.encoding = cases[i].enc;
		wo.notation = XQ_NOTATION_ICCS;
		wo.flags = cases[i].flags | XQ_WRITE_KEEP_SCRIPT;
		wo.problem = keep;
		problems = 0;
		struct xq_writer *w = xq_writer_open(fp, &wo, &err);
		rc = xq_writer_write(w, g);
		xq_writer_close(w);
		fclose(fp);
		is_int(rc, cases[i].rc, "writer %s: %s", cases[i].enc, cases[i].what);
		if (cases[i].bytes) {
			snprintf(want, sizeof want, "{ %s }", cases[i].bytes);
			ok(out && contains(out, len, want), "writer %s: %s: the bytes", cases[i].enc,
			   cases[i].what);
			if (cases[i].flags & XQ_WRITE_REPLACE)
				ok(problems == 1 && strstr(problem_msg, "written as '?'"),
				   "writer %s: %s: one warning", cases[i].enc, cases[i].what) || (diagf("%s", problem_msg), 0);
		}
		free(out);
		xq_game_free(g);
		xq_reader_close(r);
	}
}

/* xq_text_width and xq_utf8_prefix, at and past their edges. */
static void terminal_text(void)
{
	static const struct {
		const char *s;
		size_t len;
		int width;
		size_t prefix;   /* xq_utf8_prefix(s, len) */
	} t[] = {
		{ "", 0, 0, 0 },
		{ "h2e2", 4, 4, 4 },
		{ "a\tb\x7f", 4, 3, 4 },                 /* a tab is 0 columns, DEL is 1 */
		{ "\xe7\x82\xae\xe4\xba\x8c\xe5\xb9\xb3\xe4\xba\x94", 12, 8, 12 }, /* 炮二平五 */
		{ "\xef\xbc\x98", 3, 2, 3 },            /* full-width 8 */
		{ "\xe2\x80\x94", 3, 1, 3 },            /* em dash: not wide */
		{ "\xe4\xb8\xad", 2, 2, 0 },            /* 中 cut after 2 bytes: two U+FFFD */
		{ "\xe4\xb8\xad", 1, 1, 0 },
		{ "a\xe4\xb8", 3, 3, 1 },
		{ "\xf0\xa0\x80\x80", 4, 2, 4 },       /* U+20000, plane 2: wide */
		{ "\xf0\xa0\x80\x80", 3, 3, 0 },
		{ "\xf0\x9f\x98\x80", 4, 1, 4 },       /* U+1F600: 1 here */
		{ "\xff", 1, 1, 0 },                       /* not UTF-8: U+FFFD; as a lead, cut */
		{ "x\x80", 2, 2, 2 },                      /* a stray continuation byte */
	};
	for (size_t i = 0; i < sizeof t / sizeof *t; i++) {
		is_int(xq_text_width(t[i].s, t[i].len), t[i].width, "width of row %zu", i);
		is_int((int)xq_utf8_prefix(t[i].s, t[i].len), (int)t[i].prefix, "UTF-8 prefix of row %zu", i);
	}
}

/* xq_text_width()'s shortcut for Chinese against the general count: every
 * character U+0001..U+FFFF alone and before 'a', and every lead byte with
 * every second and third byte, whole or cut. */
static void width_table(void)
{
	long bad = 0, n = 0;
	for (uint32_t cp = 1; cp < 0x10000; cp++) {
		char b[8];
		size_t len;
		if (cp >= 0xd800 && cp <= 0xdfff)
			continue;
		len = xq__utf8_put(b, cp);
		b[len] = 'a';
		n += 2;
		bad += xq_text_width(b, len) != xq__text_width_general(b, len);
		bad += xq_text_width(b, len + 1) != xq__text_width_general(b, len + 1);
	}
	ok(n > 120000 && bad == 0, "width of every character U+0001..U+FFFF (%ld counted, %ld wrong)", n, bad);
	bad = n = 0;
	for (int lead = 0x80; lead <= 0xff; lead++)
		for (int second = 0; second < 256; second++)
			for (int third = 0; third < 256; third += third == 0x7f || third == 0xbf ? 1 : 0x3f) {
				char b[3] = { (char)lead, (char)second, (char)third };
				for (size_t len = 1; len <= 3; len++, n++)
					bad += xq_text_width(b, len) != xq__text_width_general(b, len);
			}
	ok(n > 400000 && bad == 0, "width of every lead with every second byte, cut or not (%ld, %ld wrong)", n, bad);
}

int main(void)
{
	terminal_text();
	width_table();
	pair_table("GB18030");
	pair_table("GBK");
	pair_table("BIG5");
	chunks();
	detection();
	detection_evidence();
	repertoire_count();
	skipped_runs("GB18030");
	skipped_runs("BIG5");
	names();
	conversion();
	readers();
	writers();
	writer_table("GB18030", "GB18030", NULL); /* (holds every character) */
	writer_table("GBK", "GB18030", "\xc3\xbf"); /* ÿ: four bytes in GB18030 */
	writer_table("BIG5", "BIG5", "许");
	raw_bytes();
	split_line_bytes();
	every_pair_back();
	gb18030_every_character();
	writer_edges();
	return done_testing();
}
