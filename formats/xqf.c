/*
 * xqf.c - XQF (XQStudio) game records: the binary layer (header, keys,
 * stream decryption, piece array, node records) and the reader and writer
 * on top of the record model.
 *
 * Written from shared/docs/xqf.md; section numbers below refer to it.
 * Every read is bounds-checked against the buffer length; a length field
 * that runs past the end stops the tree walk with a diagnostic and keeps
 * the nodes read so far.
 */
#include <errno.h>
#include <iconv.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xq.h"
#include "xqf_impl.h"

const char xqf_slot_letters[33] = "RNBAKABNRCCPPPPPrnbakabnrccppppp";

static const uint8_t copyright[32] = "[(C) Copyright Mr. Dong Shiwei.]";

/* ------------------------------------------------------------- keys (4) */

static uint8_t key_f(uint8_t b)
{
	/* ((((b*b*3 + 9)*3 + 8)*2 + 1)*3 + 8) = 54*b*b + 221, mod 256 */
	return (uint8_t)(54u * b * b + 221u);
}

void xqf_derive_keys(uint8_t sum, uint8_t xy, uint8_t xyf, uint8_t xyt,
		     uint8_t mask, const uint8_t orabcd[4], struct xqf_keys *k)
{
	uint8_t b[4];
	k->xy = (uint8_t)(key_f(xy) * xy);
	k->xyf = (uint8_t)(key_f(xyf) * k->xy);
	k->xyt = (uint8_t)(key_f(xyt) * k->xyf);
	k->rmk = ((uint32_t)sum * 256u + xy) % 32000u + 767u;
	b[0] = (uint8_t)((sum & mask) | orabcd[0]);
	b[1] = (uint8_t)((xy & mask) | orabcd[1]);
	b[2] = (uint8_t)((xyf & mask) | orabcd[2]);
	b[3] = (uint8_t)((xyt & mask) | orabcd[3]);
	for (int i = 0; i < 32; i++)
		k->f32[i] = copyright[i] & b[i % 4];
}

/* ------------------------------------------------------- diagnostics */

__attribute__((format(printf, 5, 6)))
static void add_diag(struct xqf_raw *r, int severity, size_t offset,
		     uint32_t ply, const char *fmt, ...)
{
	if (r->n_diag < XQF_MAX_DIAGS) {
		struct xqf_diag *d = &r->diag[r->n_diag];
		va_list ap;
		d->severity = severity;
		d->offset = (uint32_t)offset;
		d->ply = ply;
		va_start(ap, fmt);
		vsnprintf(d->msg, sizeof d->msg, fmt, ap);
		va_end(ap);
	}
	r->n_diag++;
}

static uint32_t get_u32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

/* ------------------------------------------------------- header (2, 9) */

static const struct {
	uint16_t off, cap;
} field_layout[XQF_NFIELDS] = {
	[XQF_TITLE] = { 0x50, 63 },      [XQF_EVENT] = { 0xD0, 63 },
	[XQF_DATE] = { 0x110, 15 },      [XQF_SITE] = { 0x120, 15 },
	[XQF_RED] = { 0x130, 15 },       [XQF_BLACK] = { 0x140, 15 },
	[XQF_TIMERULE] = { 0x150, 63 },  [XQF_REDTIME] = { 0x190, 15 },
	[XQF_BLACKTIME] = { 0x1A0, 15 }, [XQF_COMMENTATOR] = { 0x1D0, 15 },
	[XQF_AUTHOR] = { 0x1E0, 15 },
};

static const char *const field_names[XQF_NFIELDS] = {
	"title", "event", "date", "site", "red player", "black player",
	"time rule", "red time", "black time", "commentator", "author",
};

static void read_fields(struct xqf_raw *r, const uint8_t *h)
{
	for (int i = 0; i < XQF_NFIELDS; i++) {
		unsigned off = field_layout[i].off, cap = field_layout[i].cap;
		unsigned len = h[off];
		/* The title may run on into TitleB (section 9). */
		unsigned max = i == XQF_TITLE ? 127 : cap;
		if (len > max) {
			add_diag(r, XQF_WARNING, off, 0,
				 "%s length %u exceeds its %u bytes; cut", field_names[i], len, max);
			len = max;
		}
		r->field[i].off = off + 1;
		r->field[i].len = len;
	}
}

/* ------------------------------------------------------ the tree (6, 7) */

struct walker {
	struct xqf_raw *r;
	const uint8_t *p;       /* plaintext file */
	size_t len, pos;
	int newfmt;             /* version >= 11 */
};

/* Read one record at w->pos into *n; 0 on success, -1 on a structural
 * error (diagnostic added, w->pos unchanged). */
static int read_record(struct walker *w, struct xqf_node *n, uint32_t ply, int is_root)
{
	struct xqf_raw *r = w->r;
	size_t at = w->pos, hdr = w->newfmt ? 4 : 8;
	const uint8_t *p;
	uint64_t clen = 0;

	if (w->len - at < hdr) {
		add_diag(r, XQF_ERROR, at, ply, "file ends inside a %s record (%zu of %zu bytes)",
			 is_root ? "root" : "move", w->len - at, hdr);
		return -1;
	}
	p = w->p + at;
	n->offset = (uint32_t)at;
	n->tag = p[2];
	if (w->newfmt) {
		uint8_t t = p[2] & 0xE0;
		n->has_child = (t & 0x80) != 0;
		n->has_sibling = (t & 0x40) != 0;
		if (t & 0x20) {
			uint32_t v;
			if (w->len - at - 4 < 4) {
				add_diag(r, XQF_ERROR, at + 4, ply,
					 "file ends inside a comment length field");
				return -1;
			}
			v = get_u32(p + 4);
			hdr = 8;
			/* XQStudio subtracts the key only from a non-zero value. */
			if (v != 0) {
				if (v < r->keys.rmk) {
					add_diag(r, XQF_ERROR, at + 4, ply,
						 "comment length field %u is below its key %u",
						 (unsigned)v, (unsigned)r->keys.rmk);
					return -1;
				}
				clen = v - r->keys.rmk;
			}
		}
	} else {
		n->has_child = (p[2] & 0xF0) != 0;
		n->has_sibling = (p[2] & 0x0F) != 0;
		clen = get_u32(p + 4);
	}
	if (clen > w->len - at - hdr) {
		add_diag(r, XQF_ERROR, at + hdr - 4, ply,
			 "comment length %llu runs past the end of the file (%zu bytes left)",
			 (unsigned long long)clen, w->len - at - hdr);
		return -1;
	}
	n->comment_off = (uint32_t)(at + hdr);
	n->comment_len = (uint32_t)clen;
	n->from = (uint8_t)(p[0] - 0x18 - r->keys.xyf);
	n->to = (uint8_t)(p[1] - 0x20 - r->keys.xyt);
	n->ply = ply;
	w->pos = at + hdr + (size_t)clen;
	return 0;
}

static int walk_tree(struct xqf_raw *r)
{
	struct walker w = { r, r->plain, r->len, XQF_HEADER_SIZE, r->version > 10 };
	int32_t *pending = NULL;
	size_t npending = 0, cap_pending = 0, cap_nodes = 0;
	int32_t next_parent;
	int have_next;

	if (read_record(&w, &r->root, 0, 1) < 0) {
		r->truncated = 1;
		return 0;
	}
	r->root.parent = -1;
	if (r->root.has_sibling)
		add_diag(r, XQF_NOTE, r->root.offset, 0, "root record has the sibling flag; ignored");
	have_next = r->root.has_child;
	next_parent = -1;
	while (have_next) {
		struct xqf_node n;
		uint32_t ply = next_parent < 0 ? 1 : r->nodes[next_parent].ply + 1;
		if (read_record(&w, &n, ply, 0) < 0) {
			r->truncated = 1;
			break;
		}
		n.parent = next_parent;
		if (r->n_nodes == cap_nodes) {
			size_t nc = cap_nodes ? cap_nodes * 2 : 256;
			struct xqf_node *nn = realloc(r->nodes, nc * sizeof *nn);
			if (!nn)
				goto nomem;
			r->nodes = nn;
			cap_nodes = nc;
		}
		r->nodes[r->n_nodes] = n;
		if (ply > r->max_ply)
			r->max_ply = ply;
		if (n.has_sibling) {
			if (npending == cap_pending) {
				size_t nc = cap_pending ? cap_pending * 2 : 64;
				int32_t *np = realloc(pending, nc * sizeof *np);
				if (!np)
					goto nomem;
				pending = np;
				cap_pending = nc;
			}
			pending[npending++] = next_parent;
		}
		if (n.has_child) {
			next_parent = (int32_t)r->n_nodes;
		} else if (npending) {
			next_parent = pending[--npending];
		} else {
			have_next = 0;
		}
		r->n_nodes++;
	}
	if (!r->truncated && w.pos < w.len)
		add_diag(r, XQF_WARNING, w.pos, 0, "%zu bytes after the last record ignored",
			 w.len - w.pos);
	free(pending);
	return 0;
nomem:
	free(pending);
	return XQ_ENOMEM;
}

/* ---------------------------------------------------------- decoding */

int xqf_raw_decode(const uint8_t *buf, size_t len, struct xqf_raw *r)
{
	const uint8_t *h = buf;
	int rc;

	memset(r, 0, sizeof *r);
	if (len < 2 || buf[0] != 'X' || buf[1] != 'Q') {
		add_diag(r, XQF_ERROR, 0, 0, "no XQF signature (the file does not start with \"XQ\")");
		return XQ_EINVAL;
	}
	if (len < XQF_MIN_SIZE) {
		add_diag(r, XQF_ERROR, len, 0, "file too short: %zu bytes, an XQF file has at least %d",
			 len, XQF_MIN_SIZE);
		return XQ_EINVAL;
	}
	r->version = h[2];
	r->key_mask = h[3];
	memcpy(r->key_or, h + 8, 4);
	r->key_sum = h[0x0C];
	r->seed_xy = h[0x0D];
	r->seed_xyf = h[0x0E];
	r->seed_xyt = h[0x0F];
	if (r->version > 18)
		add_diag(r, XQF_WARNING, 2, 0, "version %d is newer than 18; read as 18", r->version);
	if ((uint8_t)(r->key_sum + r->seed_xy + r->seed_xyf + r->seed_xyt) != 0)
		add_diag(r, XQF_WARNING, 0x0C, 0, "key checksum fails (XQStudio would refuse the file)");
	if (r->version > 10)
		xqf_derive_keys(r->key_sum, r->seed_xy, r->seed_xyf, r->seed_xyt,
				r->key_mask, r->key_or, &r->keys);
	/* else all keys stay 0 (section 4.1) */

	/* Piece array (section 5.2). */
	for (int i = 0; i < 32; i++) {
		int slot = r->version >= 12 ? (i + 1 + r->keys.xy) % 32 : i;
		r->squares[slot] = h[0x10 + i];
	}
	for (int i = 0; i < 32; i++)
		r->squares[i] = (uint8_t)(r->squares[i] - r->keys.xy);

	r->play_step = h[0x30] | h[0x31] << 8;
	r->who_play = h[0x32];
	r->result = h[0x33];
	r->code_a = h[0x40] | h[0x41] << 8;
	read_fields(r, h);

	r->plain = malloc(len);
	if (!r->plain)
		return XQ_ENOMEM;
	r->len = len;
	memcpy(r->plain, buf, XQF_HEADER_SIZE);
	if (r->version > 10) {
		for (size_t p = XQF_HEADER_SIZE; p < len; p++)
			r->plain[p] = (uint8_t)(buf[p] - r->keys.f32[p % 32]);
	} else {
		memcpy(r->plain + XQF_HEADER_SIZE, buf + XQF_HEADER_SIZE, len - XQF_HEADER_SIZE);
	}
	rc = walk_tree(r);
	return rc;
}

void xqf_raw_free(struct xqf_raw *r)
{
	free(r->plain);
	free(r->nodes);
	r->plain = NULL;
	r->nodes = NULL;
}

int xqf_board_fen(const uint8_t squares[32], char *out, size_t size)
{
	char board[10][9];
	size_t n = 0;

	memset(board, 0, sizeof board);
	for (int i = 0; i < 32; i++) {
		int v = squares[i], x, y;
		if (v > 89)
			continue;
		x = v / 10;
		y = v % 10;
		if (board[y][x])
			return -1;
		board[y][x] = xqf_slot_letters[i];
	}
	for (int y = 9; y >= 0; y--) {
		int empty = 0;
		for (int x = 0; x < 9; x++) {
			if (!board[y][x]) {
				empty++;
				continue;
			}
			if (empty && n + 1 < size)
				out[n++] = (char)('0' + empty);
			empty = 0;
			if (n + 1 < size)
				out[n++] = board[y][x];
		}
		if (empty && n + 1 < size)
			out[n++] = (char)('0' + empty);
		if (y && n + 1 < size)
			out[n++] = '/';
	}
	if (size)
		out[n] = '\0';
	return 0;
}

/* ------------------------------------------------------------- text (9) */

static char *gbk_decode_cd(iconv_t cd, const uint8_t *s, size_t n, int crlf, size_t *outlen)
{
	size_t cap = n * 3 + 1, o = 0;
	char *out = malloc(cap);
	int ascii = 1;

	if (!out)
		return NULL;
	for (size_t i = 0; i < n; i++)
		if (s[i] >= 0x80)
			ascii = 0;
	if (ascii || cd == (iconv_t)-1) {
		for (size_t i = 0; i < n; i++) {
			if (s[i] < 0x80) {
				out[o++] = (char)s[i];
			} else {        /* no converter: U+FFFD */
				memcpy(out + o, "\xEF\xBF\xBD", 3);
				o += 3;
			}
		}
	} else {
		char *in = (char *)(uintptr_t)s, *op = out;
		size_t inleft = n, outleft = cap - 1;
		iconv(cd, NULL, NULL, NULL, NULL);
		while (inleft) {
			if (iconv(cd, &in, &inleft, &op, &outleft) != (size_t)-1)
				break;
			if (errno == EINVAL) {
				break;  /* truncated trailing character: dropped */
			} else if (errno == EILSEQ && outleft >= 3) {
				memcpy(op, "\xEF\xBF\xBD", 3);
				op += 3;
				outleft -= 3;
				in++;
				inleft--;
				iconv(cd, NULL, NULL, NULL, NULL);
			} else {
				break;
			}
		}
		o = (size_t)(op - out);
	}
	if (crlf) {
		size_t j = 0;
		for (size_t i = 0; i < o; i++) {
			if (out[i] == '\r' && i + 1 < o && out[i + 1] == '\n')
				continue;
			out[j++] = out[i];
		}
		o = j;
		if (o && out[o - 1] == '\n')
			o--;
	}
	/* Stop at a NUL: strings are C strings from here on. */
	out[o] = '\0';
	*outlen = strlen(out);
	return out;
}

char *xqf_gbk_to_utf8(const uint8_t *s, size_t n, int crlf, size_t *outlen)
{
	iconv_t cd = iconv_open("UTF-8", "GB18030");
	char *out = gbk_decode_cd(cd, s, n, crlf, outlen);
	if (cd != (iconv_t)-1)
		iconv_close(cd);
	return out;
}

/* Decode one UTF-8 sequence at s[0..n); returns its length or 0. */
static size_t utf8_next(const unsigned char *s, size_t n, uint32_t *cp)
{
	unsigned c = s[0];
	size_t k;
	uint32_t v;
	if (c < 0x80) {
		*cp = c;
		return 1;
	}
	if (c >= 0xC2 && c <= 0xDF) {
		k = 2;
		v = c & 0x1F;
	} else if (c >= 0xE0 && c <= 0xEF) {
		k = 3;
		v = c & 0x0F;
	} else if (c >= 0xF0 && c <= 0xF4) {
		k = 4;
		v = c & 0x07;
	} else {
		return 0;
	}
	if (n < k)
		return 0;
	for (size_t i = 1; i < k; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return 0;
		v = v << 6 | (s[i] & 0x3F);
	}
	if ((k == 3 && v < 0x800) || (k == 4 && (v < 0x10000 || v > 0x10FFFF)) ||
	    (v >= 0xD800 && v <= 0xDFFF))
		return 0;
	*cp = v;
	return k;
}

uint8_t *xqf_utf8_to_gbk(const char *s, size_t n, size_t *outlen,
			 uint32_t *bad, size_t *bad_off)
{
	iconv_t cd;
	uint8_t *out = malloc(n * 2 + 1);
	char *in = (char *)(uintptr_t)s, *op = (char *)out;
	size_t inleft = n, outleft = n * 2;

	*bad = 0;
	*bad_off = 0;
	if (!out)
		return NULL;
	cd = iconv_open("GBK", "UTF-8");
	if (cd == (iconv_t)-1) {
		free(out);
		return NULL;
	}
	while (inleft) {
		if (iconv(cd, &in, &inleft, &op, &outleft) != (size_t)-1)
			break;
		{
			uint32_t cp = 0;
			*bad_off = (size_t)(in - s);
			if (utf8_next((const unsigned char *)in, inleft, &cp))
				*bad = cp;
			iconv_close(cd);
			free(out);
			return NULL;
		}
	}
	iconv_close(cd);
	*outlen = (size_t)(op - (char *)out);
	return out;
}
