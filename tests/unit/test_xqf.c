/*
 * test_xqf.c - the XQF binary layer against shared/docs/xqf.md section 14
 * (keys, start positions, main lines, node counts) and section 13.2 (the
 * worked decode), plus hand-made hostile files.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tap.h"
#include "xq.h"
#include "../../formats/xqf_impl.h"
#include "game_cmp.h"

static void sq_text(int v, char out[3])
{
	out[0] = (char)('a' + v / 10);
	out[1] = (char)('0' + v % 10);
	out[2] = 0;
}

struct expect {
	const char *file;
	int version, xy, xyf, xyt, rmk;
	const char *fen;        /* board + side */
	const char *first;      /* first main-line moves */
	int main, nodes;
};

#define STD "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"

static const struct expect table[] = {
	{ "xqbase_sample.xqf", 18, 44, 196, 52, 11163,
	  "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/9/1C5C1/9/RN2K2NR w", "b2e2 h7e7 e2e7 g9e7", 75, 75 },
	{ "xqbase_xqfexama.xqf", 18, 63, 203, 191, 12404, STD, "c3c4 h9g7 g3g4 b7c7", 110, 110 },
	{ "xqbase_xqfexamb.xqf", 18, 138, 34, 38, 12193,
	  "4rk3/3P5/4bP3/9/9/9/8P/1p2p2C1/3p1p3/4K1RR1 w", "h2f2 e2f2 f7f8 f9f8", 87, 435 },
	{ "walker_test1_v10.xqf", 10, 0, 0, 0, 0, STD, "c3c4 h9g7 g3g4 b7c7", 110, 110 },
	{ "walker_ucci_test1.xqf", 16, 13, 215, 155, 23518,
	  "2b1kabn1/4aR3/3R2N2/4p1p2/5P3/4P4/3N2Pr1/4C1n2/3pAr3/4K3c w", "e2e6 e8f7 d7e7 e9d9", 43, 43 },
	{ "walker_v11_endgame.xqf", 11, 36, 236, 220, 1779,
	  "2bak3C/4aP2N/4b4/5C3/9/9/9/3p5/4p2r1/3K5 w", "i8g9 h1h9 f8e8 d9e8", 5, 9 },
	{ "walker_v11_nomoves.xqf", 11, 235, 39, 149, 27304,
	  "2P1k1CP1/2P3P2/9/9/9/9/6P2/1np3r1B/3KA3p/5AB2 w", "", 0, 0 },
	{ "walker_v12_rangshuangxian.xqf", 12, 55, 123, 1, 24444,
	  "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b", "h7e7 i0h0 h9g7 h0h6", 57, 130 },
	{ "walker_v13_endgame.xqf", 13, 171, 159, 189, 13800,
	  "3ak4/1P1RaP3/4b4/5NN2/2b1r4/6B2/6p2/4C1r2/4Ap3/2RAK3c w", "f8f9 e9f9 g6h8 f9e9", 42, 144 },
	{ "walker_v15_game.xqf", 15, 131, 41, 123, 23184, STD, "g0e2 h7d7 h0g2 h9g7", 36, 36 },
	{ "walker_v10_black_first.xqf", 10, 0, 0, 0, 0,
	  "9/4k4/5c3/9/9/2B6/4p4/4B4/4K4/9 b", "f7e7 e1f1 e7e2", 3, 3 },
	{ "walker_v18_black_first.xqf", 18, 233, 59, 129, 16226,
	  "5k3/3r5/5a3/1N7/3C5/9/4P4/9/p3p4/3K1RB2 b", "f9f8 f0f2 d8d6 f2f6", 20, 64 },
	{ "walker_v10_whoplay_mismatch.xqf", 10, 0, 0, 0, 0,
	  "3a5/5k3/9/p5r1p/9/9/P7P/4R1p2/4K4/6B2 b", "a6a5 i3i4 g6g4 e1e0", 67, 67 },
	{ "walker_v10_code0_endgame.xqf", 10, 0, 0, 0, 0,
	  "3ak4/4a1P2/9/9/9/9/9/9/9/4K4 w", "g8g9", 1, 1 },
	{ "walker_v10_variations.xqf", 10, 0, 0, 0, 0,
	  "5a3/4kcNrn/3Pba1c1/p2nN4/4C1p1p/9/P3P3P/4B4/6C2/3AKABR1 w", "h0h7 h8h7 d7e7 e8e9", 9, 13 },
	{ "walker_wildhouse.xqf", 18, 87, 187, 209, 12380,
	  "2bak4/4a4/4b4/9/6NRR/2B6/1rP1P4/3pB4/4p4/3K5 w", "i5i9 e7g9 i9g9 e8f9", 65, 1679 },
	{ "hbsxcjp_buju_xianjing_v12.xqf", 12, 187, 239, 251, 13528, STD, "g0e2 h7c7 i0i1 h9g7", 29, 29 },
	{ "hbsxcjp_zhangqiang_v13.xqf", 13, 196, 148, 252, 15891, STD, "c3c4 b7c7 h2e2 c9e7", 60, 60 },
	{ "hbsxcjp_wuyang_r1_v16.xqf", 16, 88, 248, 104, 16183, STD, "b2e2 h9g7 b0c2 b7d7", 84, 183 },
	{ "vschess_0.xqf", 18, 156, 172, 156, 13515, STD, "h2e2 h7e7 h0g2 h9g7", 106, 106 },
	{ "vschess_0_v13.xqf", 13, 156, 172, 156, 13515, STD, "h2e2 h7e7 h0g2 h9g7", 106, 106 },
	{ "vschess_1.xqf", 18, 11, 113, 19, 13448, STD, "h2e2 h7e7 h0g2 h9g7", 106, 106 },
	{ "hbsxcjp_xianren_v18_huge.xqf", 18, 92, 236, 220, 1931, STD, "c3c4 g6g5 b0c2 h9g7", 53, 107001 },
};

static void check_file(const struct expect *e)
{
	char path[512], fen[XQ_FEN_MAX + 4], first[64] = "", sq[3];
	struct xqf_raw r;
	uint8_t *buf;
	size_t len = 0;
	int rc, main = 0, side;

	snprintf(path, sizeof path, "corpus/xqf/%s", e->file);
	buf = slurp(shared_path(path), &len);
	if (!ok(buf != NULL, "%s: read %s", e->file, shared_path(path)))
		return;
	rc = xq__xqf_raw_decode(buf, len, &r);
	is_int(rc, 0, "%s: decodes", e->file);
	is_int(r.version, e->version, "%s: version", e->file);
	if (!ok(r.keys.xy == e->xy && r.keys.xyf == e->xyf && r.keys.xyt == e->xyt &&
		(int)r.keys.rmk == e->rmk, "%s: keys %d %d %d %d", e->file, e->xy, e->xyf, e->xyt, e->rmk))
		diagf("got %d %d %d %d", r.keys.xy, r.keys.xyf, r.keys.xyt, (int)r.keys.rmk);
	is_int(r.truncated, 0, "%s: tree complete", e->file);
	is_int(r.n_nodes, e->nodes, "%s: node count", e->file);
	/* The main line: records in file order up to the first without a child. */
	if (r.n_nodes) {
		for (uint32_t i = 0; i < r.n_nodes; i++) {
			main++;
			if (i < 4) {
				if (i)
					strcat(first, " ");
				sq_text(r.nodes[i].from, sq);
				strcat(first, sq);
				sq_text(r.nodes[i].to, sq);
				strcat(first, sq);
			}
			if (!r.nodes[i].has_child)
				break;
		}
	}
	is_int(main, e->main, "%s: main line length", e->file);
	is_str(first, e->first, "%s: first main-line moves", e->file);
	ok(xq__xqf_board_fen(r.squares, fen, XQ_FEN_MAX) == 0, "%s: no stacked pieces", e->file);
	/* Side: the colour on the first move's from-square, else WhoPlay. */
	side = r.who_play == 1;
	if (r.n_nodes) {
		int f = r.nodes[0].from;
		for (int i = 0; i < 32; i++)
			if (r.squares[i] == f)
				side = i >= 16;
	}
	strcat(fen, side ? " b" : " w");
	is_str(fen, e->fen, "%s: start position and side", e->file);
	xq__xqf_raw_free(&r);
	free(buf);
}

/* Section 13.2 in detail: the stream key and the first comment lengths. */
static void worked_example(void)
{
	static const uint8_t f32[32] = {
		0x48, 0x08, 0x02, 0x08, 0x20, 0x40, 0x2E, 0x10, 0x68, 0x50, 0x28, 0x04,
		0x68, 0x54, 0x20, 0x0C, 0x60, 0x0C, 0x20, 0x04, 0x6C, 0x4C, 0x26, 0x00,
		0x40, 0x48, 0x28, 0x14, 0x64, 0x48, 0x2E, 0x1C,
	};
	struct xqf_raw r;
	uint8_t *buf;
	size_t len = 0;

	buf = slurp(shared_path("corpus/xqf/xqbase_sample.xqf"), &len);
	if (!ok(buf != NULL, "xqbase_sample.xqf readable"))
		return;
	is_int(xq__xqf_raw_decode(buf, len, &r), 0, "13.2 decodes");
	ok(memcmp(r.keys.f32, f32, 32) == 0, "13.2 F32 stream key");
	is_int(r.root.comment_len, 315, "13.2 root comment 315 bytes");
	is_int(r.root.comment_off, 0x408, "13.2 root comment at 0x408");
	is_int(r.nodes[0].offset, 0x543, "13.2 first move record at 0x543");
	is_int(r.nodes[1].comment_len, 64, "13.2 second move comment 64 bytes");
	is_int(r.nodes[2].offset, 0x58F, "13.2 third move record at 0x58F");
	is_int(r.result, 1, "13.2 result red wins");
	is_int(r.code_a, 2, "13.2 CodeA 2");
	xq__xqf_raw_free(&r);
	free(buf);
}

/* Pre-order of the five-variation file (section 14). */
static void preorder(void)
{
	const char *want = "h2e2 h7e7 h0g2 h9g7 g3g4 i9h9 i0h0 i9i8 h0h6 i8d8 g6g5 c3c4 i9i8 "
			   "i0i1 i9h9 i1d1 b9c7 b0c2 c6c5 h2d2 h9g7 h0g2 i9h9 i0h0";
	char got[512] = "", sq[3];
	struct xqf_raw r;
	uint8_t *buf;
	size_t len = 0;

	buf = slurp(shared_path("corpus/xqf/walker_test_5_variations.xqf"), &len);
	if (!ok(buf != NULL, "walker_test_5_variations.xqf readable"))
		return;
	xq__xqf_raw_decode(buf, len, &r);
	for (uint32_t i = 0; i < r.n_nodes; i++) {
		if (i)
			strcat(got, " ");
		sq_text(r.nodes[i].from, sq);
		strcat(got, sq);
		sq_text(r.nodes[i].to, sq);
		strcat(got, sq);
	}
	is_str(got, want, "5 variations: record pre-order");
	/* h2d2 (record 19) is an alternative to the first move: parent root. */
	is_int(r.nodes[19].parent, -1, "h2d2 hangs on the root");
	is_int(r.nodes[19].ply, 1, "h2d2 is ply 1");
	xq__xqf_raw_free(&r);
	free(buf);
}

/* The XQF strings both ways: GBK read as GB18030, a byte that starts no
 * character kept as U+10FE00 + byte and written back as that byte. */
static void text(void)
{
	static const struct {
		const char *gbk;
		size_t n;
		int crlf;
		const char *utf8;
		const char *what;
	} reads[] = {
		{ "\xBD\xAD\xCB\xD5\xCA\xA1\xD2", 7, 0, "江苏省\xF4\x8F\xBB\x92",
		  "a character cut at the end: its lead byte kept raw" },
		{ "a\r\nb\r\n", 6, 1, "a\nb", "CR LF to LF, trailing line end dropped" },
		{ "\xC5\xDA\xFF" "x", 4, 0, "炮\xF4\x8F\xBB\xBFx", "0xFF: raw" },
		{ "\x80", 1, 0, "\xF4\x8F\xBA\x80", "0x80: raw, the first of the range" },
		{ "\xC9\r\n\xC8\xF5", 5, 1, "\xF4\x8F\xBB\x89\n弱", "a lead byte before a line end" },
		{ "\x81\x30\x81\x30", 4, 0, "\xC2\x80", "four bytes of GB18030: U+0080" },
		{ "\x84\x31\xA4\x39", 4, 0, "\xEF\xBF\xBF", "four bytes: U+FFFF, the last of the BMP" },
		{ "\x90\x30\x81\x30", 4, 0, "\xF0\x90\x80\x80", "four bytes: U+10000" },
		{ "\xE3\x32\x9A\x35", 4, 0, "\xF4\x8F\xBF\xBF", "four bytes: U+10FFFF" },
		{ "\xE3\x32\x9A\x36", 4, 0, "\xF4\x8F\xBB\xA3" "2\xF4\x8F\xBA\x9A" "6",
		  "four bytes past U+10FFFF: raw bytes, the digits as they are" },
		{ "\x81\x30" "A", 3, 0, "\xF4\x8F\xBA\x81" "0A", "a four-byte form cut short" },
		{ "\xAA\xA1", 2, 0, "\xEE\x80\x80", "user-defined area: private use U+E000" },
		{ "\xA1\x7F", 2, 0, "\xF4\x8F\xBA\xA1\x7F", "trail 0x7F: the lead raw" },
	};
	static const struct {
		const char *utf8;
		unsigned opts;
		const char *gbk;        /* NULL: refused */
		size_t n;
		uint32_t bad;
		const char *what;
	} writes[] = {
		{ "炮二平五", 0, "\xC5\xDA\xB6\xFE\xC6\xBD\xCE\xE5", 8, 0, "UTF-8 to GBK" },
		{ "ab\xF0\x9F\x98\x80", 0, NULL, 0, 0x1F600, "emoji has no GBK form" },
		{ "ab\xF0\x9F\x98\x80", XQF_WRITE_REPLACE, "ab?", 3, 0, "emoji replaced" },
		{ "ab\xF0\x9F\x98\x80", XQF_WRITE_GB18030, "ab\x94\x39\xFC\x36", 6, 0, "emoji in GB18030" },
		{ "\xF4\x8F\xBB\x92x\xF4\x8F\xBA\x80", 0, "\xD2x\x80", 3, 0, "raw code points: their bytes" },
		{ "\xF4\x8F\xBB\x92", XQF_WRITE_GB18030, "\xD2", 1, 0, "raw in GB18030 too" },
		{ "\xEF\xBF\xBD", 0, NULL, 0, 0xFFFD, "U+FFFD has no GBK form" },
		{ "\xEF\xBF\xBD", XQF_WRITE_GB18030, "\x84\x31\xA4\x37", 4, 0, "U+FFFD in GB18030" },
		{ "\xEE\x80\x80", 0, "\xAA\xA1", 2, 0, "U+E000: GBK's user-defined area" },
		{ "\xC2\x80", 0, NULL, 0, 0x80, "U+0080: four bytes, no GBK form" },
	};
	for (size_t i = 0; i < sizeof reads / sizeof *reads; i++) {
		size_t n;
		char *u = xq__xqf_gbk_to_utf8((const uint8_t *)reads[i].gbk, reads[i].n, reads[i].crlf, &n);
		is_str(u, reads[i].utf8, "read: %s", reads[i].what);
		/* and back: the bytes as they were (the crlf cases end differently) */
		if (u && !reads[i].crlf) {
			uint32_t bad;
			size_t off, olen = 0;
			long rep = 0;
			uint8_t *g = xq__xqf_utf8_to_gbk(u, n, XQF_WRITE_GB18030, &olen, &bad, &off, &rep);
			ok(g && olen == reads[i].n && !memcmp(g, reads[i].gbk, olen),
			   "read and written: %s, the same bytes", reads[i].what);
			free(g);
		}
		free(u);
	}
	for (size_t i = 0; i < sizeof writes / sizeof *writes; i++) {
		uint32_t bad = 0;
		size_t off = 0, olen = 0;
		long rep = 0;
		uint8_t *g = xq__xqf_utf8_to_gbk(writes[i].utf8, strlen(writes[i].utf8), writes[i].opts, &olen,
						 &bad, &off, &rep);
		if (writes[i].gbk)
			ok(g && olen == writes[i].n && !memcmp(g, writes[i].gbk, olen) &&
			   rep == (writes[i].opts & XQF_WRITE_REPLACE ? 1 : 0), "write: %s", writes[i].what);
		else
			ok(!g && bad == writes[i].bad, "write: %s (U+%04X)", writes[i].what, (unsigned)bad);
		free(g);
	}
}

/* Hand-made hostile files. */
static uint8_t *mk(size_t len, int version)
{
	uint8_t *b = calloc(1, len);
	b[0] = 'X';
	b[1] = 'Q';
	b[2] = (uint8_t)version;
	for (int i = 0; i < 32; i++)
		b[0x10 + i] = 0xFF;
	b[0x10 + 4] = 40;
	b[0x10 + 20] = 49;
	return b;
}

static void hostile(void)
{
	struct xqf_raw r;
	uint8_t *b;
	int rc;

	b = mk(100, 10);
	rc = xq__xqf_raw_decode(b, 100, &r);
	ok(rc < 0 && r.n_diag == 1, "short file rejected: %s", r.diag[0].msg);
	xq__xqf_raw_free(&r);
	b[0] = 'Y';
	rc = xq__xqf_raw_decode(b, 100, &r);
	ok(rc < 0, "bad signature rejected: %s", r.diag[0].msg);
	xq__xqf_raw_free(&r);
	free(b);

	/* v10 root comment length at its maximum */
	b = mk(1032, 10);
	memcpy(b + 0x400, "\x18\x20\xF0\xFF\xFF\xFF\xFF\xFF", 8);
	rc = xq__xqf_raw_decode(b, 1032, &r);
	ok(rc == 0 && r.truncated && r.n_nodes == 0 && r.diag[0].offset == 0x404,
	   "v10 comment length 0xFFFFFFFF: %s", r.n_diag ? r.diag[0].msg : "");
	xq__xqf_raw_free(&r);
	free(b);

	/* v10: the child flag set on the last record (truncated tree) */
	b = mk(1040, 10);
	memcpy(b + 0x400, "\x18\x20\xF0\xFF\0\0\0\0", 8);
	memcpy(b + 0x408, "\x2F\x38\xF0\0\0\0\0\0", 8);
	rc = xq__xqf_raw_decode(b, 1040, &r);
	ok(rc == 0 && r.truncated && r.n_nodes == 1 && r.diag[0].offset == 0x410 && r.diag[0].ply == 2,
	   "v10 truncated tree reported at 0x410 ply 2: %s", r.n_diag ? r.diag[0].msg : "");
	xq__xqf_raw_free(&r);
	free(b);

	/* v11+ with zero seeds: comment flag on the last record but no length */
	{
		struct xqf_keys k;
		static const uint8_t zero[4] = { 0, 0, 0, 0 };
		size_t len = 1024 + 4 + 4 + 2;
		b = mk(len, 18);
		b[3] = 0xFF;
		xq__xqf_derive_keys(0, 0, 0, 0, 0xFF, zero, &k);
		memcpy(b + 0x400, "XQ\x80\x00", 4);
		b[0x404] = 0x18 + 23;
		b[0x405] = 0x20 + 24;
		b[0x406] = 0x20;
		for (size_t p = 0x400; p < len; p++)
			b[p] = (uint8_t)(b[p] + k.f32[p % 32]);
		rc = xq__xqf_raw_decode(b, len, &r);
		ok(rc == 0 && r.truncated && r.n_nodes == 0 && r.diag[0].offset == 0x408,
		   "v18 comment flag without a length field: %s", r.n_diag ? r.diag[0].msg : "");
		xq__xqf_raw_free(&r);
		free(b);
	}

	/* v18: a comment length field at its maximum, every string length
	 * byte at 255, a broken key checksum */
	{
		struct xqf_keys k;
		static const uint8_t zero[4] = { 0, 0, 0, 0 };
		size_t len = 1024 + 4 + 4 + 8;
		b = mk(len, 18);
		b[3] = 0xFF;
		b[0x0C] = 1;    /* checksum 1 + 0 + 0 + 0 != 0 */
		for (int i = 0x50; i < 0x200; i += 16)
			b[i] = 0xFF;
		xq__xqf_derive_keys(1, 0, 0, 0, 0xFF, zero, &k);
		memcpy(b + 0x400, "XQ\xA0\x00\xFF\xFF\xFF\xFF", 8);
		for (size_t p = 0x400; p < len; p++)
			b[p] = (uint8_t)(b[p] + k.f32[p % 32]);
		rc = xq__xqf_raw_decode(b, len, &r);
		ok(rc == 0 && r.truncated && r.n_diag >= 3 && r.field[XQF_TITLE].len == 127 &&
		   r.field[XQF_RED].len == 15, "v18 comment length 0xFFFFFFFF, string lengths 255, bad checksum: "
		   "%d diagnostics, title cut to 127, others to their field", r.n_diag);
		xq__xqf_raw_free(&r);
		free(b);
	}

	/* Deep nesting: 100,000 records each with child and sibling flags,
	 * the last one closing; the pending stack grows to 100,000. */
	{
		size_t n = 100000, len = 0x400 + 4 + n * 8;
		b = mk(len, 10);
		memcpy(b + 0x400, "\x18\x20\xF0\xFF\0\0\0\0", 8);
		for (size_t i = 0; i < n; i++) {
			uint8_t *p = b + 0x408 + i * 8;
			p[0] = 0x18 + 40;
			p[1] = 0x20 + 41;
			p[2] = 0xFF;
		}
		rc = xq__xqf_raw_decode(b, len - 4, &r);
		ok(rc == 0 && r.truncated && r.n_nodes == n - 1 && r.max_ply == n - 1,
		   "100,000 nested child+sibling records: no recursion, truncation reported");
		xq__xqf_raw_free(&r);
		free(b);
	}

	/* Every byte 0xFF after the signature */
	{
		size_t len = 4096;
		b = malloc(len);
		memset(b, 0xFF, len);
		b[0] = 'X';
		b[1] = 'Q';
		rc = xq__xqf_raw_decode(b, len, &r);
		ok(rc == 0 && r.truncated, "all-0xFF file: truncated tree, no crash");
		xq__xqf_raw_free(&r);
		free(b);
	}
}

/* ------------------------------------------------ the record model */

struct probs {
	int errors, warnings, notes;
	int first_ply;
	char first_msg[256];
};

static void collect(void *ctx, struct xq_game *g, enum xq_severity sev,
		    enum xq_problem_code code, struct xq_build_at at, int ply, const char *text,
		    const char *msg)
{
	struct probs *p = ctx;
	(void)g;
	(void)at;
	(void)code;
	(void)text;
	if (sev >= XQ_SEV_ERROR) {
		if (!p->errors++) {
			p->first_ply = ply;
			snprintf(p->first_msg, sizeof p->first_msg, "%s", msg);
		}
	} else if (sev == XQ_SEV_WARNING) {
		p->warnings++;
	} else {
		p->notes++;
	}
}

/* Replay's problems, counted the same way. */
static void replay_collect(void *ctx, const struct xq_problem *q)
{
	collect(ctx, NULL, q->severity, q->code, XQ_BUILD_BYTE(q->has_byte ? q->byte : -1), q->ply,
		q->text, q->msg);
}

/* Build the game from the file, then replay it (the reader's two steps). */
static struct xq_game *load(const char *file, struct probs *p)
{
	char path[512];
	const struct xq_build_sink sink = { collect, p };
	struct xq_game *g;
	uint8_t *buf;
	size_t len = 0;

	memset(p, 0, sizeof *p);
	snprintf(path, sizeof path, "corpus/xqf/%s", file);
	if (!(buf = slurp(shared_path(path), &len))) {
		ok(0, "%s: cannot read %s", file, shared_path(path));
		return NULL;
	}
	g = xq_game_new();
	if (xq__xqf_build_game(buf, len, g, &sink) < 0) {
		xq_game_free(g);
		g = NULL;
	} else {
		xq_game_replay(g, file, replay_collect, p);
	}
	free(buf);
	return g;
}

static void iccs_append(char **out, size_t *len, size_t *cap, xq_move m)
{
	char t[5];
	xq_move_iccs(m, t);
	if (*len + 6 > *cap) {
		*cap = *cap ? *cap * 2 : 4096;
		*out = realloc(*out, *cap);
	}
	if (*len)
		(*out)[(*len)++] = ' ';
	memcpy(*out + *len, t, 4);
	*len += 4;
	(*out)[*len] = 0;
}

/* Moves in the order the hbsxcjp converter writes them: a move, then its
 * next alternative (whose own alternatives nest inside it), then the
 * continuation.  Any fixed order of the same tree would do. */
static void pgn_order(const struct xq_node *n, char **out, size_t *len, size_t *cap)
{
	for (; n; n = n->child) {
		iccs_append(out, len, cap, n->move);
		if (n->next)
			pgn_order(n->next, out, len, cap);
	}
}

/* The ICCS moves of an expected file, comments and tags skipped. */
static char *iccs_tokens(const char *file)
{
	char path[512];
	uint8_t *buf;
	size_t len = 0, o = 0;
	char *out;
	int depth = 0;

	snprintf(path, sizeof path, "corpus/xqf/%s", file);
	if (!(buf = slurp(shared_path(path), &len)))
		return NULL;
	out = calloc(1, len + 1);
	for (size_t i = 0; i < len; i++) {
		uint8_t c = buf[i];
		if (c == '{')
			depth++;
		else if (c == '}' && depth)
			depth--;
		else if (c == '[' && !depth)
			while (i < len && buf[i] != '\n')
				i++;
		else if (!depth && i + 4 <= len && c >= 'a' && c <= 'i' &&
			 buf[i + 1] >= '0' && buf[i + 1] <= '9' && buf[i + 2] >= 'a' &&
			 buf[i + 2] <= 'i' && buf[i + 3] >= '0' && buf[i + 3] <= '9' &&
			 (i == 0 || buf[i - 1] == ' ' || buf[i - 1] == '\n' || buf[i - 1] == '(' || buf[i - 1] == '.')) {
			if (o)
				out[o++] = ' ';
			memcpy(out + o, buf + i, 4);
			o += 4;
			i += 3;
		}
	}
	free(buf);
	return out;
}

static const struct {
	const char *file;
	int errors, error_ply, nodes;
} corpus[] = {
	{ "hbsxcjp_05wy0001_v10.xqf", 0, 0, 53 },
	{ "hbsxcjp_buju_xianjing_v12.xqf", 0, 0, 29 },
	{ "hbsxcjp_chebing_029_v10.xqf", 0, 0, 6 },
	{ "hbsxcjp_feixiang_v18_big.xqf", 0, 0, 8090 },
	{ "hbsxcjp_siliang_v10.xqf", 0, 0, 44 },
	{ "hbsxcjp_wuyang_r1_v16.xqf", 0, 0, 183 },
	/* e2g4 at ply 65 uncovers the red king to the horse on f2 */
	{ "hbsxcjp_xianren_v18_huge.xqf", 1, 65, 107001 - 4 },
	{ "hbsxcjp_zhangqiang_v13.xqf", 0, 0, 60 },
	{ "vschess_0.xqf", 0, 0, 106 },
	{ "vschess_0_v13.xqf", 0, 0, 106 },
	{ "vschess_1.xqf", 0, 0, 106 },
	{ "walker_badmovetest2_v12.xqf", 0, 0, 39 },
	/* node 9 starts from an empty square */
	{ "walker_badmovetest3.xqf", 1, 10, 17 },
	{ "walker_badmovetest4.xqf", 0, 0, 17 },
	{ "walker_emptytest.xqf", 0, 0, 0 },
	{ "walker_fivegoats.xqf", 0, 0, 32124 },
	{ "walker_game_varations.xqf", 0, 0, 24 },
	{ "walker_huang_feng_030.xqf", 0, 0, 41 },
	{ "walker_nomove.xqf", 0, 0, 0 },
	{ "walker_pawn_move.xqf", 0, 0, 14 },
	{ "walker_test1_v10.xqf", 0, 0, 110 },
	{ "walker_test_5_variations.xqf", 0, 0, 24 },
	{ "walker_ucci_test1.xqf", 0, 0, 43 },
	{ "walker_v10_black_first.xqf", 0, 0, 3 },
	{ "walker_v10_code0_endgame.xqf", 0, 0, 1 },
	{ "walker_v10_result4_truncgbk.xqf", 0, 0, 48 },
	{ "walker_v10_title_overflow.xqf", 0, 0, 178 },
	{ "walker_v10_variations.xqf", 0, 0, 13 },
	{ "walker_v10_whoplay_mismatch.xqf", 0, 0, 67 },
	{ "walker_v11_endgame.xqf", 0, 0, 9 },
	{ "walker_v11_nomoves.xqf", 0, 0, 0 },
	{ "walker_v12_rangshuangxian.xqf", 0, 0, 130 },
	/* the black king steps into the horse's reach at ply 48 */
	{ "walker_v13_endgame.xqf", 1, 48, 144 - 3 },
	{ "walker_v15_game.xqf", 0, 0, 36 },
	{ "walker_v18_black_first.xqf", 0, 0, 64 },
	/* 野马操田: one broken move at ply 74 and the 10 below it */
	{ "walker_wildhouse.xqf", 1, 74, 1679 - 11 },
	{ "xqbase_sample.xqf", 0, 0, 75 },
	{ "xqbase_xqfexama.xqf", 0, 0, 110 },
	{ "xqbase_xqfexamb.xqf", 0, 0, 435 },
};

static void model(void)
{
	for (size_t i = 0; i < sizeof corpus / sizeof corpus[0]; i++) {
		struct probs p, q;
		struct xq_game *g = load(corpus[i].file, &p), *h;
		char why[256] = "";
		if (!g) {
			ok(0, "%s: builds a game", corpus[i].file);
			continue;
		}
		is_int(p.errors, corpus[i].errors, "%s: %d error(s)%s%s", corpus[i].file,
		       corpus[i].errors, p.errors ? ": " : "", p.first_msg);
		if (corpus[i].errors)
			is_int(p.first_ply, corpus[i].error_ply, "%s: reported at ply %d",
			       corpus[i].file, corpus[i].error_ply);
		is_int(count_played(g->root.child), corpus[i].nodes, "%s: %d nodes played",
		       corpus[i].file, corpus[i].nodes);
		/* write v10 and v18, read back: the same game */
		for (unsigned opts = 0; opts <= XQF_WRITE_V18; opts += XQF_WRITE_V18) {
			const struct xq_build_sink sink = { collect, &q };
			uint8_t *out;
			size_t len;
			int rc;
			memset(&q, 0, sizeof q);
			rc = xq__xqf_encode_game(g, opts, &out, &len, &sink, NULL);
			if (!ok(rc == 0, "%s: writes as v%d %s", corpus[i].file, opts ? 18 : 10, q.first_msg))
				continue;
			h = xq_game_new();
			memset(&q, 0, sizeof q);
			rc = xq__xqf_build_game(out, len, h, &sink);
			ok(rc == 0 && q.errors == 0 && same_game(g, h, why, sizeof why),
			   "%s: v%d copy reads back the same %s", corpus[i].file, opts ? 18 : 10, why);
			xq_game_free(h);
			free(out);
		}
		xq_game_free(g);
	}
}

static void expected_outputs(void)
{
	static const char *const pairs[][2] = {
		{ "hbsxcjp_05wy0001_v10.xqf", "hbsxcjp_05wy0001_v10.pgn_iccs" },
		{ "hbsxcjp_buju_xianjing_v12.xqf", "hbsxcjp_buju_xianjing_v12.pgn_iccs" },
		{ "hbsxcjp_chebing_029_v10.xqf", "hbsxcjp_chebing_029_v10.pgn_iccs" },
		{ "hbsxcjp_siliang_v10.xqf", "hbsxcjp_siliang_v10.pgn_iccs" },
		{ "hbsxcjp_wuyang_r1_v16.xqf", "hbsxcjp_wuyang_r1_v16.pgn_iccs" },
		{ "hbsxcjp_zhangqiang_v13.xqf", "hbsxcjp_zhangqiang_v13.pgn_iccs" },
	};
	for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
		struct probs p;
		struct xq_game *g = load(pairs[i][0], &p);
		char *want = iccs_tokens(pairs[i][1]), *got = NULL;
		size_t len = 0, cap = 0;
		if (!ok(g && want, "%s and %s readable", pairs[i][0], pairs[i][1])) {
			xq_game_free(g);
			free(want);
			continue;
		}
		pgn_order(g->root.child, &got, &len, &cap);
		is_str(got ? got : "", want, "%s: moves equal %s", pairs[i][0], pairs[i][1]);
		free(got);
		free(want);
		xq_game_free(g);
	}
}


/* ---------------------------------------- expected Chinese-notation files */

static void zh_append(char **out, size_t *len, size_t *cap, const char *t)
{
	size_t n = strlen(t);
	if (*len + n + 2 > *cap) {
		*cap = (*cap ? *cap * 2 : 4096) + n;
		*out = realloc(*out, *cap);
	}
	if (*len)
		(*out)[(*len)++] = ' ';
	memcpy(*out + *len, t, n + 1);
	*len += n;
}

/* Chinese moves in the hbsxcjp order (see pgn_order); main line only when
 * main_only. */
static void zh_order(const struct xq_node *n, struct xq_pos *pos, int main_only,
		     char **out, size_t *len, size_t *cap)
{
	struct xq_undo u[1024];
	const struct xq_node *line[1024];
	int k = 0;
	for (; n && k < 1024; n = n->child) {
		char t[XQ_MOVE_TEXT_MAX];
		if (xq_move_format(pos, n->move, XQ_NOTATION_CHINESE, 0, t, sizeof t) < 0)
			strcpy(t, "?");
		zh_append(out, len, cap, t);
		if (n->next && !main_only)
			zh_order(n->next, pos, 0, out, len, cap);
		xq_make(pos, n->move, &u[k]);
		line[k++] = n;
	}
	while (k--)
		xq_unmake(pos, line[k]->move, &u[k]);
}

/* The Chinese move tokens of an expected file (GBK or UTF-8): tokens of
 * four characters of which the first is not ASCII, outside comments and
 * tags. */
static char *zh_tokens(const char *file, int gbk)
{
	char path[512], *text, *out;
	uint8_t *buf;
	size_t len = 0, tl, o = 0;
	int depth = 0;

	snprintf(path, sizeof path, "corpus/xqf/%s", file);
	if (!(buf = slurp(shared_path(path), &len)))
		return NULL;
	if (gbk) {
		text = xq__xqf_gbk_to_utf8(buf, len, 0, &tl);
		free(buf);
	} else {
		text = (char *)buf;
		text[len] = 0;
		tl = len;
	}
	out = calloc(1, tl + 1);
	for (size_t i = 0; i < tl;) {
		unsigned char c = (unsigned char)text[i];
		if (c == '{') {
			depth++;
			i++;
		} else if (c == '}' && depth) {
			depth--;
			i++;
		} else if (c == '[' && !depth) {
			while (i < tl && text[i] != '\n')
				i++;
		} else if (depth || c < 0x80) {
			i++;
		} else {
			/* a run of non-ASCII characters */
			size_t j = i, chars = 0;
			while (j < tl && (unsigned char)text[j] >= 0x80) {
				if (((unsigned char)text[j] & 0xC0) != 0x80)
					chars++;
				j++;
			}
			if (chars == 4 && (unsigned char)text[i] >= 0xE0) {
				if (o)
					out[o++] = ' ';
				memcpy(out + o, text + i, j - i);
				o += j - i;
			}
			i = j;
		}
	}
	free(text);
	return out;
}

static void chinese_outputs(void)
{
	static const struct {
		const char *xqf, *expect;
		int gbk, main_only;
	} t[] = {
		{ "walker_test1_v10.xqf", "walker_test1_move.txt", 0, 1 },
		{ "walker_ucci_test1.xqf", "walker_ucci_test1_move.txt", 0, 1 },
		{ "xqbase_sample.xqf", "xqbase_sample.pgn", 1, 1 },
		{ "hbsxcjp_05wy0001_v10.xqf", "hbsxcjp_05wy0001_v10.pgn_zh", 1, 0 },
		{ "hbsxcjp_buju_xianjing_v12.xqf", "hbsxcjp_buju_xianjing_v12.pgn_zh", 1, 0 },
		{ "hbsxcjp_chebing_029_v10.xqf", "hbsxcjp_chebing_029_v10.pgn_zh", 1, 0 },
		{ "hbsxcjp_wuyang_r1_v16.xqf", "hbsxcjp_wuyang_r1_v16.pgn_zh", 1, 0 },
	};
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		struct probs p;
		struct xq_game *g = load(t[i].xqf, &p);
		char *want = zh_tokens(t[i].expect, t[i].gbk), *got = NULL;
		size_t len = 0, cap = 0;
		struct xq_pos pos;
		if (!ok(g && want, "%s and %s readable", t[i].xqf, t[i].expect)) {
			xq_game_free(g);
			free(want);
			continue;
		}
		pos = g->start;
		zh_order(g->root.child, &pos, t[i].main_only, &got, &len, &cap);
		is_str(got ? got : "", want, "%s: Chinese moves equal %s", t[i].xqf, t[i].expect);
		free(got);
		free(want);
		xq_game_free(g);
	}
}

static void metadata(void)
{
	struct probs p;
	struct xq_game *g, *h;
	char why[256];

	g = load("walker_v10_title_overflow.xqf", &p);
	if (g) {
		const char *t = xq_game_tag(g, "Title");
		ok(t && strlen(t) > 63 && strstr(t, "三气周瑜"), "title of 68 bytes read whole: %s", t ? t : "");
		xq_game_free(g);
	}
	g = load("walker_v10_result4_truncgbk.xqf", &p);
	if (g) {
		const char *site = xq_game_tag(g, "Site"), *date = xq_game_tag(g, "Date");
		ok(site && !strstr(site, "\xEF\xBF\xBD"), "truncated GBK site: half character dropped: %s",
		   site ? site : "");
		ok(date && !strstr(date, "\xEF\xBF\xBD"), "truncated GBK date: half character dropped: %s",
		   date ? date : "");
		is_str(xq_game_tag(g, "Result") ? xq_game_tag(g, "Result") : "", "1/2-1/2", "result code 4 is a draw");
		xq_game_free(g);
	}
	g = load("walker_v10_whoplay_mismatch.xqf", &p);
	if (g) {
		ok(p.notes == 1 && g->start.side == XQ_BLACK, "WhoPlay contradicted by the first move: a note, black to move");
		xq_game_free(g);
	}
	g = load("vschess_0.xqf", &p);
	h = load("vschess_1.xqf", &p);
	ok(g && h && same_game(g, h, why, sizeof why), "vschess_0 and vschess_1: same game under different keys");
	xq_game_free(g);
	xq_game_free(h);
	g = load("walker_huang_feng_030.xqf", &p);
	if (g) {
		is_str(xq_game_tag(g, "Red") ? xq_game_tag(g, "Red") : "", "黄松轩", "red player");
		is_str(xq_game_tag(g, "Annotator") ? xq_game_tag(g, "Annotator") : "", "石镛、石炼", "commentator");
		is_str(xq_game_tag(g, "Author") ? xq_game_tag(g, "Author") : "", "伊新富", "author");
		ok(g->root.comment && !strchr(g->root.comment, '\r'), "root comment without CR");
		xq_game_free(g);
	}
	g = load("walker_emptytest.xqf", &p);
	if (g) {
		is_str(xq_game_tag(g, "TimeControl") ? xq_game_tag(g, "TimeControl") : "", "30-10-60", "time rule");
		is_str(xq_game_tag(g, "Result") ? xq_game_tag(g, "Result") : "", "0-1", "result black wins");
		xq_game_free(g);
	}
}

static void unencodable(void)
{
	struct probs p;
	const struct xq_build_sink sink = { collect, &p };
	struct xq_game *g = xq_game_new();
	uint8_t *out;
	size_t len;
	memset(&p, 0, sizeof p);
	xq_game_set_tag(g, "Red", "Ann\xF0\x9F\x98\x80");
	ok(xq__xqf_encode_game(g, 0, &out, &len, &sink, NULL) == XQ_EINVAL && p.errors == 1 &&
	   strstr(p.first_msg, "U+1F600"), "a character GBK cannot hold is an error naming it: %s", p.first_msg);
	xq_game_free(g);
}


/* Two pieces on one square: an error naming both, the second left out. */
static void stacked(void)
{
	struct probs p;
	const struct xq_build_sink sink = { collect, &p };
	struct xq_game *g = xq_game_new();
	uint8_t *b = mk(1032, 10);
	memcpy(b + 0x400, "\x18\x20\x00\xFF\0\0\0\0", 8);
	b[0x10 + 0] = 40;       /* a red chariot on the red king's square */
	b[0x10 + 8] = 0;        /* the other on a0 */
	b[0x10 + 20] = 39;      /* black king d9: no facing kings */
	memset(&p, 0, sizeof p);
	ok(xq__xqf_build_game(b, 1032, g, &sink) == 0 && p.errors == 1 &&
	   strstr(p.first_msg, "slot 0 (R) stands on e0 with slot 4 (K)") &&
	   !strcmp(g->start_fen, "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1"),
	   "stacked pieces reported: %s (start %s)", p.first_msg, g->start_fen);
	xq_game_free(g);
	/* three on one point, the king second: the king stays, each other
	 * one is reported */
	g = xq_game_new();
	b[0x10 + 8] = 40;       /* the other red chariot on e0 too */
	memset(&p, 0, sizeof p);
	ok(xq__xqf_build_game(b, 1032, g, &sink) == 0 && p.errors == 2 &&
	   strstr(p.first_msg, "slot 0 (R) stands on e0 with slot 4 (K)") &&
	   !strcmp(g->start_fen, "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1"),
	   "three stacked pieces: two reported, the king kept: %s (start %s)", p.first_msg,
	   g->start_fen);
	xq_game_free(g);
	free(b);
}

static void speed(void)
{
	struct probs p;
	clock_t t0 = clock();
	struct xq_game *g = load("hbsxcjp_xianren_v18_huge.xqf", &p);
	double s = (double)(clock() - t0) / CLOCKS_PER_SEC;
	ok(g && s < 1.0, "the 449 KB file with 107,001 nodes reads in %.3f s (< 1 s)", s);
	xq_game_free(g);
}

int main(void)
{
	for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
		check_file(&table[i]);
	worked_example();
	preorder();
	text();
	hostile();
	model();
	expected_outputs();
	chinese_outputs();
	metadata();
	unencodable();
	stacked();
	speed();
	return done_testing();
}
