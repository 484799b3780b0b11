/*
 * test_xqf.c - the XQF binary layer against shared/docs/xqf.md section 14
 * (keys, start positions, main lines, node counts) and section 13.2 (the
 * worked decode), plus hand-made hostile files.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "xq.h"
#include "../../formats/xqf_impl.h"

static uint8_t *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	uint8_t *buf = NULL;
	long n;
	if (!f)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0) {
		buf = malloc((size_t)n + 1);
		if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
			free(buf);
			buf = NULL;
		}
		*len = (size_t)n;
	}
	fclose(f);
	return buf;
}

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
	rc = xqf_raw_decode(buf, len, &r);
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
	ok(xqf_board_fen(r.squares, fen, XQ_FEN_MAX) == 0, "%s: no stacked pieces", e->file);
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
	xqf_raw_free(&r);
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
	is_int(xqf_raw_decode(buf, len, &r), 0, "13.2 decodes");
	ok(memcmp(r.keys.f32, f32, 32) == 0, "13.2 F32 stream key");
	is_int(r.root.comment_len, 315, "13.2 root comment 315 bytes");
	is_int(r.root.comment_off, 0x408, "13.2 root comment at 0x408");
	is_int(r.nodes[0].offset, 0x543, "13.2 first move record at 0x543");
	is_int(r.nodes[1].comment_len, 64, "13.2 second move comment 64 bytes");
	is_int(r.nodes[2].offset, 0x58F, "13.2 third move record at 0x58F");
	is_int(r.result, 1, "13.2 result red wins");
	is_int(r.code_a, 2, "13.2 CodeA 2");
	xqf_raw_free(&r);
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
	xqf_raw_decode(buf, len, &r);
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
	xqf_raw_free(&r);
	free(buf);
}

static void text(void)
{
	size_t n;
	char *s = xqf_gbk_to_utf8((const uint8_t *)"\xBD\xAD\xCB\xD5\xCA\xA1\xD2", 7, 0, &n);
	is_str(s, "江苏省", "GBK with a truncated trailing character");
	free(s);
	s = xqf_gbk_to_utf8((const uint8_t *)"a\r\nb\r\n", 6, 1, &n);
	is_str(s, "a\nb", "CR LF to LF, trailing line end dropped");
	free(s);
	s = xqf_gbk_to_utf8((const uint8_t *)"\xC5\xDA\xFF" "x", 4, 0, &n);
	is_str(s, "炮\xEF\xBF\xBDx", "invalid byte becomes U+FFFD");
	free(s);
	{
		uint32_t bad;
		size_t off, olen = 0;
		uint8_t *g = xqf_utf8_to_gbk("炮二平五", strlen("炮二平五"), &olen, &bad, &off);
		ok(g && olen == 8 && memcmp(g, "\xC5\xDA", 2) == 0, "UTF-8 to GBK");
		free(g);
		g = xqf_utf8_to_gbk("ab\xF0\x9F\x98\x80", 6, &olen, &bad, &off);
		ok(!g && bad == 0x1F600 && off == 2, "emoji has no GBK form: named with its offset");
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
	rc = xqf_raw_decode(b, 100, &r);
	ok(rc < 0 && r.n_diag == 1, "short file rejected: %s", r.diag[0].msg);
	xqf_raw_free(&r);
	b[0] = 'Y';
	rc = xqf_raw_decode(b, 100, &r);
	ok(rc < 0, "bad signature rejected: %s", r.diag[0].msg);
	xqf_raw_free(&r);
	free(b);

	/* v10 root comment length at its maximum */
	b = mk(1032, 10);
	memcpy(b + 0x400, "\x18\x20\xF0\xFF\xFF\xFF\xFF\xFF", 8);
	rc = xqf_raw_decode(b, 1032, &r);
	ok(rc == 0 && r.truncated && r.n_nodes == 0 && r.diag[0].offset == 0x404,
	   "v10 comment length 0xFFFFFFFF: %s", r.n_diag ? r.diag[0].msg : "");
	xqf_raw_free(&r);
	free(b);

	/* v10: the child flag set on the last record (truncated tree) */
	b = mk(1040, 10);
	memcpy(b + 0x400, "\x18\x20\xF0\xFF\0\0\0\0", 8);
	memcpy(b + 0x408, "\x2F\x38\xF0\0\0\0\0\0", 8);
	rc = xqf_raw_decode(b, 1040, &r);
	ok(rc == 0 && r.truncated && r.n_nodes == 1 && r.diag[0].offset == 0x410 && r.diag[0].ply == 2,
	   "v10 truncated tree reported at 0x410 ply 2: %s", r.n_diag ? r.diag[0].msg : "");
	xqf_raw_free(&r);
	free(b);

	/* v11+ with zero seeds: comment flag on the last record but no length */
	{
		struct xqf_keys k;
		static const uint8_t zero[4] = { 0, 0, 0, 0 };
		size_t len = 1024 + 4 + 4 + 2;
		b = mk(len, 18);
		b[3] = 0xFF;
		xqf_derive_keys(0, 0, 0, 0, 0xFF, zero, &k);
		memcpy(b + 0x400, "XQ\x80\x00", 4);
		b[0x404] = 0x18 + 23;
		b[0x405] = 0x20 + 24;
		b[0x406] = 0x20;
		for (size_t p = 0x400; p < len; p++)
			b[p] = (uint8_t)(b[p] + k.f32[p % 32]);
		rc = xqf_raw_decode(b, len, &r);
		ok(rc == 0 && r.truncated && r.n_nodes == 0 && r.diag[0].offset == 0x408,
		   "v18 comment flag without a length field: %s", r.n_diag ? r.diag[0].msg : "");
		xqf_raw_free(&r);
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
		rc = xqf_raw_decode(b, len - 4, &r);
		ok(rc == 0 && r.truncated && r.n_nodes == n - 1 && r.max_ply == n - 1,
		   "100,000 nested child+sibling records: no recursion, truncation reported");
		xqf_raw_free(&r);
		free(b);
	}

	/* Every byte 0xFF after the signature */
	{
		size_t len = 4096;
		b = malloc(len);
		memset(b, 0xFF, len);
		b[0] = 'X';
		b[1] = 'Q';
		rc = xqf_raw_decode(b, len, &r);
		ok(rc == 0 && r.truncated, "all-0xFF file: truncated tree, no crash");
		xqf_raw_free(&r);
		free(b);
	}
}

int main(void)
{
	for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
		check_file(&table[i]);
	worked_example();
	preorder();
	text();
	hostile();
	return done_testing();
}
