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
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "buf.h"
#include "encoding.h"
#include "mix.h"
#include "utf8.h"
#include "whole.h"
#include "xq_format.h"
#include "xqf_impl.h"

const char xq__xqf_slot_letters[33] = "RNBAKABNRCCPPPPPrnbakabnrccppppp";

static const uint8_t copyright[32] = "[(C) Copyright Mr. Dong Shiwei.]";

/* ------------------------------------------------------------- keys (4) */

static uint8_t key_f(uint8_t b)
{
	/* ((((b*b*3 + 9)*3 + 8)*2 + 1)*3 + 8) = 54*b*b + 221, mod 256 */
	return (uint8_t)(54u * b * b + 221u);
}

void xq__xqf_derive_keys(uint8_t sum, uint8_t xy, uint8_t xyf, uint8_t xyt,
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
	struct xqf_diag *d = r->n_diag < XQF_MAX_DIAGS ? &r->diag[r->n_diag] : NULL;
	va_list ap;
	if (!d && severity != XQF_ERROR) {
		r->n_diag++;
		return;
	}
	if (!d)
		d = &r->error;   /* the error that stopped the tree is never lost */
	d->severity = severity;
	d->offset = (uint32_t)offset;
	d->ply = ply;
	va_start(ap, fmt);
	vsnprintf(d->msg, sizeof d->msg, fmt, ap);
	va_end(ap);
	if (severity == XQF_ERROR) {
		if (d != &r->error)
			r->error = *d;
		r->has_error = 1;
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
static inline int read_record(struct walker *w, struct xqf_node *n, uint32_t ply, int is_root)
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
		if (r->n_nodes >= XQ_MAX_GAME_MOVES) {
			/* checked before the memory is spent */
			r->too_many = 1;
			break;
		}
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
	if (!r->truncated && !r->too_many && w.pos < w.len)
		add_diag(r, XQF_WARNING, w.pos, 0, "%zu bytes after the last record ignored",
			 w.len - w.pos);
	free(pending);
	return 0;
nomem:
	free(pending);
	return XQ_ENOMEM;
}

/* ---------------------------------------------------------- decoding */

int xq__xqf_raw_decode(const uint8_t *buf, size_t len, struct xqf_raw *r)
{
	const uint8_t *h = buf;
	int rc;

	memset(r, 0, sizeof *r);
	if (len < 2 || buf[0] != 'X' || buf[1] != 'Q') {
		add_diag(r, XQF_ERROR, 0, 0, "no XQF signature (the file does not start with \"XQ\")");
		return XQ_EINVAL;
	}
	if (len < XQF_HEADER_SIZE) {
		/* a header with no tree is a game cut short (walk_tree) */
		add_diag(r, XQF_ERROR, len, 0, "file too short: %zu bytes, an XQF header has %d",
			 len, XQF_HEADER_SIZE);
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
		xq__xqf_derive_keys(r->key_sum, r->seed_xy, r->seed_xyf, r->seed_xyt,
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
		/* by blocks of the key's 32 bytes (the header is a whole number
		 * of them), which the compiler does a word at a time */
		_Static_assert(XQF_HEADER_SIZE % 32 == 0, "the stream starts a key block");
		size_t p = XQF_HEADER_SIZE;
		for (; p + 32 <= len; p += 32)
			for (size_t k = 0; k < 32; k++)
				r->plain[p + k] = (uint8_t)(buf[p + k] - r->keys.f32[k]);
		for (; p < len; p++)
			r->plain[p] = (uint8_t)(buf[p] - r->keys.f32[p % 32]);
	} else {
		memcpy(r->plain + XQF_HEADER_SIZE, buf + XQF_HEADER_SIZE, len - XQF_HEADER_SIZE);
	}
	rc = walk_tree(r);
	return rc;
}

void xq__xqf_raw_free(struct xqf_raw *r)
{
	free(r->plain);
	free(r->nodes);
	r->plain = NULL;
	r->nodes = NULL;
}

int xq__xqf_board_fen(const uint8_t squares[32], char *out, size_t size)
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
		board[y][x] = xq__xqf_slot_letters[i];
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

/* GBK text through the library's lenient decoder (lib/encoding.c), then
 * CR LF to LF and one trailing line end off (crlf), cut at a NUL; *raw_at
 * the offset of the first byte kept raw before that NUL, (size_t)-1 none. */
static char *gbk_decode(struct xq__decoder *d, const uint8_t *s, size_t n, int crlf, size_t *outlen,
			size_t *raw_at)
{
	size_t o;
	char *out = xq__decode_lenient(d, s, n, &o, raw_at);
	const uint8_t *nul = memchr(s, 0, n);

	if (!out)
		return NULL;
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
	if (nul && *raw_at != (size_t)-1 && *raw_at > (size_t)(nul - s))
		*raw_at = (size_t)-1;
	*outlen = strlen(out);
	return out;
}

char *xq__xqf_gbk_to_utf8(const uint8_t *s, size_t n, int crlf, size_t *outlen)
{
	size_t raw_at;
	return gbk_decode(NULL, s, n, crlf, outlen, &raw_at);
}

uint8_t *xq__xqf_utf8_to_gbk(const char *s, size_t n, unsigned opts, size_t *outlen,
			     uint32_t *bad, size_t *bad_off, long *replaced)
{
	char *conv = NULL;
	size_t o = 0;
	int rc;

	*bad = 0;
	*bad_off = 0;
	/* GB18030 rather than iconv's GBK: it also maps the user-defined
	 * areas (private-use characters) that GBK files hold; a character
	 * it needs four bytes for has no GBK form (unless XQF_WRITE_GB18030).
	 * A raw code point is its byte again. */
	rc = xq__encode("GB18030", s, n, (opts & XQF_WRITE_REPLACE) != 0,
			!(opts & XQF_WRITE_GB18030), &conv, &o, bad_off, replaced);
	if (rc == XQ_ENOMEM)
		return NULL;
	if (rc < 0) {
		uint32_t cp = 0;
		if (*bad_off < n && xq__utf8_decode((const unsigned char *)s + *bad_off, n - *bad_off, &cp) > 0)
			*bad = cp;
		return NULL;
	}
	*outlen = o;
	return (uint8_t *)conv;
}

/* ------------------------------------------------- the record model */

/* The extension block at 0x200 (put_extensions, read_extensions). */
#define XQF_EXT_OFF 0x200
#define XQF_EXT_END 0x400
static const char xqf_ext_magic[8] = { 'x', 'q', 't', 'o', 'o', 'l', 's', '1' };

static const char *const game_types[] = { NULL, "opening", "middlegame", "endgame" };

static const char *const field_tags[XQF_NFIELDS] = {
	[XQF_TITLE] = "Title", [XQF_EVENT] = "Event", [XQF_DATE] = "Date",
	[XQF_SITE] = "Site", [XQF_RED] = "Red", [XQF_BLACK] = "Black",
	[XQF_TIMERULE] = "TimeControl", [XQF_REDTIME] = "RedTime",
	[XQF_BLACKTIME] = "BlackTime", [XQF_COMMENTATOR] = "Annotator",
	[XQF_AUTHOR] = "Author",
};

/* What the strings of one game are decoded with, and the kinds of string
 * already warned about (bytes kept raw: one warning a kind a game). */
struct xqf_text {
	const struct xq_build_sink *s;
	struct xq__decoder *cd; /* made at the first string not plain ASCII */
	const uint8_t *plain;   /* the file's bytes, decrypted */
	unsigned warned;        /* bit i: field i; XQF_NFIELDS: comments, +1: extensions */
};

#define WARN_COMMENTS XQF_NFIELDS
#define WARN_EXTENSIONS (XQF_NFIELDS + 1)

/* The string at p of n bytes decoded, a byte kept raw reported (once for
 * its kind: what, a field tag or "comment"). */
static char *decode_string(struct xq_game *g, struct xqf_text *t, const uint8_t *p, size_t n,
			   int crlf, size_t *olen, int kind, const char *what, int ply)
{
	size_t raw_at;
	char *u;
	if (!t->cd && !(t->cd = xq__decoder_new("GB18030")))
		return NULL;
	u = gbk_decode(t->cd, p, n, crlf, olen, &raw_at);
	if (u && raw_at != (size_t)-1 && !(t->warned & 1u << kind)) {
		unsigned b = p[raw_at];
		t->warned |= 1u << kind;
		xq__build_report(t->s, g, XQ_SEV_WARNING, XQ_P_ENCODING,
				 XQ_BUILD_BYTE((uint32_t)(p + raw_at - t->plain)), ply, NULL,
				 "%s: byte 0x%02X is no GBK character; kept as U+%06X, written back as the byte",
				 what, b, (unsigned)(XQ_RAW_BYTE_BASE + b));
	}
	return u;
}

/* Whether p[0..n) is text that gbk_decode() gives back unchanged: ASCII
 * with no NUL, and with crlf no line end either. */
static int plain_ascii(const uint8_t *p, size_t n, int crlf)
{
	unsigned bad = 0;
	for (size_t i = 0; i < n; i++)
		bad |= (p[i] - 1u >= 0x7fu) | (crlf & (p[i] == '\r' || p[i] == '\n'));
	return !bad;
}

static int set_text(struct xq_game *g, struct xqf_text *t, const uint8_t *p, size_t n, int crlf,
		    const char **dst, const char *tag, int kind, int ply)
{
	size_t olen;
	char *u, field[256];
	int rc = 0;
	if (!n)
		return 0;   /* (an empty text is neither a tag nor a comment) */
	if (plain_ascii(p, n, crlf)) {
		/* the common header field: no decoder, no allocation */
		if (tag && n < sizeof field) {
			memcpy(field, p, n);
			field[n] = '\0';
			u = field;
			olen = n;
			goto decoded;
		}
		if (!tag)
			return (*dst = xq_game_strndup(g, (const char *)p, n)) ? 0 : XQ_ENOMEM;
	}
	u = decode_string(g, t, p, n, crlf, &olen, kind, tag ? tag : "comment", ply);
	if (!u)
		return XQ_ENOMEM;
decoded:
	if (tag) {
		/* trim spaces at both ends: fields are often space padded */
		char *a = u, *e = u + olen;
		while (*a == ' ')
			a++;
		while (e > a && e[-1] == ' ')
			e--;
		*e = '\0';
		rc = xq__build_tag(g, tag, a);
	} else if (olen) {
		if (!(*dst = xq_game_strndup(g, u, olen)))
			rc = XQ_ENOMEM;
	}
	if (u != field)
		free(u);
	return rc;
}

static inline void iccs_of(int from, int to, char out[8])
{
	if (from > 89 || to > 89) {
		snprintf(out, 8, "%02d%02d", from % 100, to % 100);
		return;
	}
	out[0] = (char)('a' + from / 10);
	out[1] = (char)('0' + from % 10);
	out[2] = (char)('a' + to / 10);
	out[3] = (char)('0' + to % 10);
	out[4] = 0;
}

/* Moves left out, kept as text in a comment on node at: "HEAD: ply 65
 * e2g4, ply 66 c3c4, ..." for records [from, to) in file order (pre-order:
 * a move follows the nearest one before it with a ply one less).  The
 * comments of those records are not kept.  0 or XQ_ENOMEM. */
static int keep_as_text(struct xq_game *g, const struct xqf_raw *r, uint32_t from,
			uint32_t to, const char *head, struct xq_node *at)
{
	/* a record: ", ply " + 10 digits + " " + 4 = 21 bytes at most */
	size_t cap = strlen(head) + 16 + (size_t)(to - from) * 24, len;
	char *t;
	int rc;
	if (to <= from)
		return 0;
	if (!(t = malloc(cap)))
		return XQ_ENOMEM;
	len = (size_t)snprintf(t, cap, "%s:", head);
	for (uint32_t i = from; i < to; i++) {
		char iccs[8];
		iccs_of(r->nodes[i].from, r->nodes[i].to, iccs);
		int k = snprintf(t + len, cap - len, "%s ply %u %s", i > from ? "," : "",
				 (unsigned)r->nodes[i].ply, iccs);
		if (k < 0 || (size_t)k >= cap - len)
			break;
		len += (size_t)k;
	}
	rc = xq_node_comment(g, at, 0, t, len);
	free(t);
	return rc;
}

/* The extension block xqtools writes at 0x200 (see put_extensions):
 * its tags replace the cut fields. */
static int read_extensions(struct xq_game *g, struct xqf_text *t, const uint8_t *h)
{
	size_t at = XQF_EXT_OFF + sizeof xqf_ext_magic;
	if (memcmp(h + XQF_EXT_OFF, xqf_ext_magic, sizeof xqf_ext_magic))
		return 0;
	while (at < XQF_EXT_END && h[at] && at + 1 + h[at] <= XQF_EXT_END) {
		size_t n = h[at], olen;
		char *u = decode_string(g, t, h + at + 1, n, 0, &olen, WARN_EXTENSIONS,
					"extension block", 0), *eq;
		int rc = 0;
		if (!u)
			return XQ_ENOMEM;
		if ((eq = strchr(u, '=')) && eq > u) {
			*eq = '\0';
			rc = xq_game_set_tag(g, u, eq + 1);
		}
		free(u);
		if (rc < 0)
			return rc;
		at += 1 + n;
	}
	return 0;
}

/* The tags of the header (sections 2, 9, 10) and the extension block,
 * the result and the game type; the header's warnings and notes.  0 or
 * XQ_ENOMEM. */
static int xqf_tags(struct xq_game *g, const struct xq_build_sink *s, struct xqf_text *t,
		    const struct xqf_raw *r)
{
	int rc = 0;

	for (int i = 0; i < XQF_NFIELDS && rc == 0; i++)
		rc = set_text(g, t, r->plain + r->field[i].off, r->field[i].len, 0, NULL, field_tags[i], i, 0);
	if (rc < 0)
		return rc;
	if ((rc = read_extensions(g, t, r->plain)) < 0)
		return rc;
	g->result = xq__build_result_code(s, g, (unsigned)r->result, 4, XQ_BUILD_BYTE(0x33));
	if ((rc = xq_game_add_tag(g, "Result", g->result)) < 0)
		return rc;
	if (r->code_a >= 1 && r->code_a <= 3 &&
	    (rc = xq_game_add_tag(g, "GameType", game_types[r->code_a])) < 0)
		return rc;

	for (int i = 0; i < r->n_diag && i < XQF_MAX_DIAGS; i++) {
		const struct xqf_diag *d = &r->diag[i];
		if (d->severity == XQF_ERROR)
			continue;       /* tree errors are reported below */
		xq__build_report(s, g, d->severity == XQF_NOTE ? XQ_SEV_NOTE : XQ_SEV_WARNING,
				 XQ_P_SYNTAX, XQ_BUILD_BYTE(d->offset), (int)d->ply, NULL, "%s",
				 d->msg);
	}

	return 0;
}

/* The start position (sections 5, 8) as a FEN in fen[XQ_FEN_MAX + 16]:
 * stacked pieces keep the first (a king before all), the side from the
 * first move's piece, else from the header, else the one for which the
 * position is possible. */
static void xqf_start(struct xq_game *g, const struct xq_build_sink *s, struct xqf_raw *r,
		      char *fen)
{
	struct xq_pos pos;
	int side;

	/* a point's piece: the slot standing on it, + 1 (0: none yet) */
	uint8_t on[90] = { 0 };
	for (int i = 0; i < 32; i++) {
		int v = r->squares[i], j;
		if (v > 89)
			continue;
		if (!on[v]) {
			on[v] = (uint8_t)(i + 1);
			continue;
		}
		/* keep a king, else the first one */
		j = on[v] - 1;
		int drop = i == 4 || i == 20 ? j : i, keep = drop == i ? j : i;
		xq__build_report(s, g, XQ_SEV_ERROR, XQ_P_FEN, XQ_BUILD_NOWHERE, 0, NULL,
				 "piece array: slot %d (%c) stands on %c%d with slot %d (%c); left out",
				 drop, xq__xqf_slot_letters[drop], 'a' + v / 10, v % 10, keep,
				 xq__xqf_slot_letters[keep]);
		r->squares[drop] = 0xFF;
		on[v] = (uint8_t)(keep + 1);
	}
	xq__xqf_board_fen(r->squares, fen, XQ_FEN_MAX);
	side = r->who_play == 1;
	if (r->n_nodes) {
		int f = r->nodes[0].from, found = -1;
		for (int i = 0; i < 32; i++)
			if (r->squares[i] == f)
				found = i >= 16;
		if (found >= 0 && found != side)
			xq__build_report(s, g, XQ_SEV_NOTE, XQ_P_SIDE, XQ_BUILD_BYTE(0x32), 0, NULL,
					 "the header says %s moves first but the first move is %s's; %s to move",
					 side ? "black" : "red", found ? "black" : "red",
					 found ? "black" : "red");
		if (found >= 0)
			side = found;
	}
	/* PlayStepNo, when set, is the ply number of the start */
	{
		size_t fl = strlen(fen);
		unsigned move = r->play_step > 0 ? (unsigned)r->play_step / 2 + 1 : 1;
		snprintf(fen + fl, (size_t)(XQ_FEN_MAX + 16) - fl, side ? " b - - 0 %u" : " w - - 0 %u", move);
	}
	if (!r->n_nodes && xq_pos_from_fen(&pos, fen, XQ_FEN_LAX, NULL) < 0) {
		/* no move to tell the side: take the one for which the position
		 * is possible (a mate diagram: the mated side to move) */
		char *sp = strchr(fen, ' ');
		sp[1] = side ? 'w' : 'b';
		if (xq_pos_from_fen(&pos, fen, XQ_FEN_LAX, NULL) == 0)
			xq__build_report(s, g, XQ_SEV_NOTE, XQ_P_SIDE, XQ_BUILD_BYTE(0x32), 0, NULL,
					 "the header says %s to move, impossible in this position; %s to move",
					 side ? "black" : "red", side ? "red" : "black");
		else
			sp[1] = side ? 'b' : 'w';
	}
}

/* A square code (file * 10 + rank, 0..89) as the padded board's point. */
#define CODES(f) ISQ(f, 0), ISQ(f, 1), ISQ(f, 2), ISQ(f, 3), ISQ(f, 4), ISQ(f, 5), \
	ISQ(f, 6), ISQ(f, 7), ISQ(f, 8), ISQ(f, 9)
static const uint8_t isq_of_code[90] = {
	CODES(0), CODES(1), CODES(2), CODES(3), CODES(4), CODES(5), CODES(6), CODES(7), CODES(8),
};
#undef CODES

/*
 * The tree (section 7): records are in pre-order, so the parent of a
 * record comes before it.  Each move is added as the file gives it (its
 * squares, its byte offset): replay checks them.  Only a square code off
 * the board is no move at all: it is left out here, with the records below
 * it, kept as text.  made[i] is NULL for a record left out.  0 or
 * XQ_ENOMEM.
 */
static int xqf_moves(struct xq_game *g, const struct xq_build_sink *s, struct xqf_text *t,
		     const struct xqf_raw *r)
{
	struct xq_node **made = NULL;
	int32_t *owner = NULL;  /* the left-out record a record hangs below */
	uint32_t *dropped = NULL;
	uint32_t *bad = NULL;   /* records whose squares are off the board */
	size_t n_bad = 0, cap_bad = 0;
	int rc = 0;

	if (r->n_nodes) {
		/* the three in one block (made first: its alignment) */
		size_t n = r->n_nodes;
		if (!(made = malloc(n * (sizeof *made + sizeof *owner + sizeof *dropped)))) {
			rc = XQ_ENOMEM;
			goto out;
		}
		memset(made, 0, n * sizeof *made);
		owner = (int32_t *)(void *)(made + n);
		dropped = (uint32_t *)(void *)(owner + n);
		memset(dropped, 0, n * sizeof *dropped);
	}
	for (uint32_t i = 0; i < r->n_nodes; i++) {
		const struct xqf_node *n = &r->nodes[i];
		struct xq_node *parent;
		char iccs[8];

		owner[i] = -1;
		if (n->parent >= 0 && !made[n->parent]) {
			/* below a move left out */
			owner[i] = owner[n->parent] >= 0 ? owner[n->parent] : n->parent;
			dropped[owner[i]]++;
			continue;
		}
		parent = n->parent < 0 ? &g->root : made[n->parent];
		if (n->from > 89 || n->to > 89) {
			/* reported below, once the moves left out with it are counted */
			if (n_bad == cap_bad) {
				size_t nc = cap_bad ? cap_bad * 2 : 16;
				uint32_t *nb = realloc(bad, nc * sizeof *nb);
				if (!nb) {
					rc = XQ_ENOMEM;
					goto out;
				}
				bad = nb;
				cap_bad = nc;
			}
			bad[n_bad++] = i;
			continue;
		}
		unsigned from = isq_of_code[n->from], to = isq_of_code[n->to];
		iccs[0] = (char)('a' + ISQ_FILE(from));
		iccs[1] = (char)('0' + ISQ_RANK(from));
		iccs[2] = (char)('a' + ISQ_FILE(to));
		iccs[3] = (char)('0' + ISQ_RANK(to));
		if (!(made[i] = xq__build_move(g, parent, MOVE(from, to), iccs, 4,
					       XQ_BUILD_BYTE(n->offset)))) {
			rc = XQ_ENOMEM;
			goto out;
		}
		if (n->comment_len &&
		    (rc = set_text(g, t, r->plain + n->comment_off, n->comment_len, 1,
				   &made[i]->comment, NULL, WARN_COMMENTS, (int)n->ply)) < 0)
			goto out;
	}
	for (size_t b = 0; b < n_bad; b++) {
		const struct xqf_node *n = &r->nodes[bad[b]];
		char iccs[8];
		char tail[64] = "";
		uint32_t k = dropped[bad[b]];
		iccs_of(n->from, n->to, iccs);
		if (k)
			snprintf(tail, sizeof tail, " with the %u move%s below it", (unsigned)k,
				 k == 1 ? "" : "s");
		xq__build_report(s, g, XQ_SEV_ERROR, XQ_P_ILLEGAL, XQ_BUILD_BYTE(n->offset),
				 (int)n->ply, iccs,
				 "move %s: a square code is off the board; left out%s (kept as text)",
				 iccs, tail);
		/* the move and those below it (they follow it in the file) */
		uint32_t end = bad[b] + 1;
		while (end < r->n_nodes && owner[end] == (int32_t)bad[b])
			end++;
		if ((rc = keep_as_text(g, r, bad[b], end, "moves not played, as recorded",
				       n->parent < 0 ? &g->root : made[n->parent])) < 0)
			goto out;
	}
out:
	free(bad);
	free(made);
	return rc;
}

int xq__xqf_build_game(const uint8_t *buf, size_t len, struct xq_game *g,
		       const struct xq_build_sink *s)
{
	struct xqf_raw r;
	struct xqf_text t = { s, NULL, NULL, 0 };
	char fen[XQ_FEN_MAX + 16];
	struct xq_err err;
	int rc, bad_start;

	rc = xq__xqf_raw_decode(buf, len, &r);
	if (rc == XQ_EINVAL) {
		/* the signature and less than a header: a game cut short, as
		 * one cut inside its tree is (an error; the game is invalid) */
		int cut = len >= 2 && buf[0] == 'X' && buf[1] == 'Q';
		xq__build_report(s, g, XQ_SEV_ERROR, cut ? XQ_P_TRUNCATED : XQ_P_FORMAT,
				 XQ_BUILD_NOWHERE, 0, NULL, "%s", r.error.msg);
		xq__xqf_raw_free(&r);
		if (cut)
			g->flags |= XQ_GAME_TRUNCATED;
		return cut ? 0 : rc;
	}
	if (rc < 0)
		goto out;
	t.plain = r.plain;
	if ((rc = xqf_tags(g, s, &t, &r)) < 0)
		goto out;
	xqf_start(g, s, &r, fen);
	bad_start = xq_game_set_fen(g, fen, XQ_FEN_LAX, &err) < 0;
	if (bad_start)
		xq__build_report(s, g, XQ_SEV_ERROR, XQ_P_FEN, XQ_BUILD_NOWHERE, 0, fen,
				 "bytes 16-47 (0x10-0x2F): the start position is impossible: %s; "
				 "the moves kept as text", err.msg);
	if (r.root.comment_len &&
	    (rc = set_text(g, &t, r.plain + r.root.comment_off, r.root.comment_len, 1,
			   &g->root.comment, NULL, WARN_COMMENTS, 0)) < 0)
		goto out;
	if (bad_start)
		rc = keep_as_text(g, &r, 0, r.n_nodes,
				  "moves not played, the start position being impossible", &g->root);
	else
		rc = xqf_moves(g, s, &t, &r);
	if (rc < 0)
		goto out;
	if (r.too_many)
		xq__build_report(s, g, XQ_SEV_ERROR, XQ_P_LIMIT, XQ_BUILD_NOWHERE, 0, NULL,
				 "more than %d moves in one game (the limit for every format); "
				 "the records after the first %d left out", XQ_MAX_GAME_MOVES,
				 XQ_MAX_GAME_MOVES);
	if (r.truncated) {
		const struct xqf_diag *d = r.has_error ? &r.error : NULL;
		g->flags |= XQ_GAME_TRUNCATED;
		xq__build_report(s, g, XQ_SEV_ERROR, XQ_P_TRUNCATED,
				 XQ_BUILD_BYTE(d ? d->offset : 0), d ? (int)d->ply : 0, NULL,
				 "%s; %u move record%s before it kept",
				 d ? d->msg : "tree truncated", (unsigned)r.n_nodes,
				 r.n_nodes == 1 ? "" : "s");
	}
	rc = 0;
out:
	xq__decoder_free(t.cd);
	xq__xqf_raw_free(&r);
	return rc;
}

/* ------------------------------------------------------- writing (11) */

/* Where the writer's problems go and how its strings are written. */
struct xqf_out {
	const struct xq_build_sink *s;
	unsigned opts;          /* enum xqf_write_opts */
	long *replaced;         /* characters written as '?' (NULL: not counted) */
};

static void put(struct xq__buf *o, const void *data, size_t n)
{
	xq__buf_put(o, data, n);
}

static void put_u32(struct xq__buf *o, uint32_t v)
{
	uint8_t b[4] = { (uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24) };
	put(o, b, 4);
}

/* UTF-8 text to GBK; comments get CR LF line ends, the last one too.
 * NULL (reported) when a character has no GBK form. */
static uint8_t *to_gbk(const struct xqf_out *w, const struct xq_game *g, const char *text,
		       int comment, size_t *outlen, const char *what, int ply)
{
	size_t n = strlen(text), k = 0, bad_off;
	char *t = malloc(n * 2 + 3);
	uint8_t *out;
	uint32_t bad;

	if (!t)
		return NULL;
	for (size_t i = 0; i < n; i++) {
		if (comment && text[i] == '\n' && (i == 0 || text[i - 1] != '\r'))
			t[k++] = '\r';
		t[k++] = text[i];
	}
	if (comment) {  /* every line ends with CR LF, the last one too */
		t[k++] = '\r';
		t[k++] = '\n';
	}
	out = xq__xqf_utf8_to_gbk(t, k, w->opts, outlen, &bad, &bad_off, w->replaced);
	if (!out) {
		char ch[8] = "";
		if (bad) {
			size_t m = 0;
			while (m < 4 && bad_off + m < k &&
			       (m == 0 || ((unsigned char)t[bad_off + m] & 0xC0) == 0x80))
				m++;
			memcpy(ch, t + bad_off, m);
			ch[m] = 0;
		}
		xq__build_report(w->s, (struct xq_game *)(uintptr_t)g, XQ_SEV_ERROR, XQ_P_ENCODING,
				 XQ_BUILD_NOWHERE, ply, ch,
				 bad ? "%s: character '%s' (U+%04X) has no GBK form" : "%s: text is not UTF-8",
				 what, ch, (unsigned)bad);
	}
	free(t);
	return out;
}

static int tag_to_field(const struct xqf_out *w, const struct xq_game *g, uint8_t *h,
			int i)
{
	const char *v = xq_game_tag_known(g, field_tags[i]);
	unsigned cap = i == XQF_TITLE ? 127 : field_layout[i].cap;
	size_t n, k = 0;
	uint8_t *b;

	if (!v)
		return 0;
	if (!(b = to_gbk(w, g, v, 0, &n, field_tags[i], 0)))
		return XQ_EINVAL;
	/* cut at a character boundary */
	while (k < n) {
		size_t step = b[k] >= 0x81 && k + 1 < n ? (b[k + 1] >= 0x30 && b[k + 1] <= 0x39 ? 4 : 2) : 1;
		if (k + step > cap)
			break;
		k += step;
	}
	h[field_layout[i].off] = (uint8_t)k;
	memcpy(h + field_layout[i].off + 1, b, k);
	free(b);
	/* cut, or with spaces at an end that the reader takes for padding:
	 * the whole value goes to the extension block */
	return k < n || v[0] == ' ' || (*v && v[strlen(v) - 1] == ' ');
}

/*
 * The extension block: xqtools keeps what the fixed fields cannot hold in
 * the header's Reserved3 area (0x200-0x3FF, zero in every file seen, not
 * read by XQStudio): the magic "xqtools1", then entries of a length byte
 * and "Name=Value" in GBK, a zero length at the end.  Tags without a
 * field (Round, ECCO, Opening, Variation, ...), fields longer than
 * their capacity (Site, players) and fields with spaces at an end (which
 * the reader trims as padding) are kept there in full.
 */

/* Tags the header holds elsewhere, or that are not the record's. */
static int tag_has_place(const char *name)
{
	static const char *const own[] = { "Game", "Format", "Result", "FEN", "SetUp", "GameType" };
	for (size_t i = 0; i < sizeof own / sizeof *own; i++)
		if (!strcmp(name, own[i]))
			return 1;
	for (int i = 0; i < XQF_NFIELDS; i++)
		if (!strcmp(name, field_tags[i]))
			return 1;
	return 0;
}

/* Put the tags of g that need the extension block (cut[] marks the cut
 * fields); one warning names what still does not fit.  0 or XQ_EINVAL. */
static int put_extensions(const struct xqf_out *w, const struct xq_game *g, uint8_t *h,
			  const int cut[XQF_NFIELDS])
{
	size_t at = XQF_EXT_OFF + sizeof xqf_ext_magic;
	char lost[300] = "";
	size_t nlost = 0;
	int any = 0;

	for (const struct xq_tag *t = g->tags; t; t = t->next) {
		int field = -1;
		uint8_t *b;
		char *kv;
		size_t n, kl = strlen(t->name), vl = strlen(t->value);
		for (int i = 0; i < XQF_NFIELDS; i++)
			if (xq_game_tag(g, field_tags[i]) == t->value)
				field = i;
		if (field >= 0 ? !cut[field] : tag_has_place(t->name))
			continue;
		if (!vl || (vl == 1 && t->value[0] == '?'))
			continue;
		if (!(kv = malloc(kl + vl + 2)))
			return XQ_ENOMEM;
		memcpy(kv, t->name, kl);
		kv[kl] = '=';
		memcpy(kv + kl + 1, t->value, vl + 1);
		b = to_gbk(w, g, kv, 0, &n, t->name, 0);
		free(kv);
		if (!b)
			return XQ_EINVAL;
		if (n <= 255 && at + 1 + n + 1 <= XQF_EXT_END && !memchr(b, 0, n)) {
			h[at] = (uint8_t)n;
			memcpy(h + at + 1, b, n);
			at += 1 + n;
			any = 1;
		} else {
			nlost += (size_t)snprintf(lost + strlen(lost), sizeof lost - strlen(lost),
						  "%s%s", nlost ? ", " : "", t->name) > 0;
		}
		free(b);
	}
	if (any)
		memcpy(h + XQF_EXT_OFF, xqf_ext_magic, sizeof xqf_ext_magic);
	if (nlost)
		xq__build_report(w->s, (struct xq_game *)(uintptr_t)g, XQ_SEV_WARNING, XQ_P_TAG,
				 XQ_BUILD_NOWHERE, 0, NULL,
				 "XQF has no room for tag%s %s (the header's spare 512 bytes are full): %s",
				 nlost == 1 ? "" : "s", lost,
				 cut[XQF_RED] || cut[XQF_SITE] || cut[XQF_BLACK] ? "left out or cut" : "left out");
	return 0;
}

/* Slot of each piece, the standard layout's order for the standard start
 * (Red from its right, Black from its left). */
int xq__xqf_fill_slots(const struct xq_pos *pos, uint8_t slot[32])
{
	static const int kind_slots[8][6] = {
		[XQ_CHARIOT] = { 0, 8, -1 }, [XQ_HORSE] = { 1, 7, -1 },
		[XQ_ELEPHANT] = { 2, 6, -1 }, [XQ_ADVISOR] = { 3, 5, -1 },
		[XQ_KING] = { 4, -1 }, [XQ_CANNON] = { 9, 10, -1 },
		[XQ_PAWN] = { 11, 12, 13, 14, 15, -1 },
	};
	int used[2][8] = { { 0 } };
	memset(slot, 0xFF, 32);
	for (int side = 0; side < 2; side++) {
		for (int x0 = 0; x0 < 9; x0++) {
			int x = side == XQ_RED ? 8 - x0 : x0;
			for (int y = 0; y < 10; y++) {
				int sq = XQ_SQ(x, y), t = xq_piece_type(pos, sq), k;
				if (t == XQ_NONE || (int)xq_piece_side(pos, sq) != side)
					continue;
				k = kind_slots[t][used[side][t]];
				if (k < 0)
					return -1;
				used[side][t]++;
				slot[side * 16 + k] = (uint8_t)(x * 10 + y);
			}
		}
	}
	return 0;
}

/* A deterministic byte stream for the v18 keys (the library has no
 * random state): splitmix64 of the game's start key and size. */
static uint8_t next_byte(uint64_t *st)
{
	return (uint8_t)(xq__splitmix64(st) >> 24);
}

/* The first of n and the alternatives after it that holds a move. */
static const struct xq_node *first_move(const struct xq_node *n)
{
	while (n && n->move == XQ_MOVE_NONE)
		n = n->next;
	return n;
}

/* The record writer, a visitor of the tree-order walk (XQF's records are
 * in pre-order: a node, its child subtree, its next sibling). */
struct wrec {
	const struct xqf_out *w;
	const struct xq_game *g;
	struct xq__buf *o;
	const struct xqf_keys *k;
	int v18, rc;
};

/* One record: the root (n == &g->root) or a move, with its comments. */
static int put_record(struct wrec *c, const struct xq_node *n, int ply)
{
	int is_root = n == &c->g->root;
	const struct xq_node *child = first_move(n->child);
	const struct xq_node *next = is_root ? NULL : first_move(n->next);
	uint8_t rec[4], tag = 0;
	uint8_t *text = NULL;
	size_t tlen = 0;
	char *both = NULL;
	const char *cm = n->comment;

	if (n->comment_before && *n->comment_before) {
		size_t a = strlen(n->comment_before), b = cm ? strlen(cm) : 0;
		if (!(both = malloc(a + b + 2)))
			return XQ_ENOMEM;
		memcpy(both, n->comment_before, a);
		both[a] = 0;
		if (b) {
			both[a] = '\n';
			memcpy(both + a + 1, cm, b + 1);
		}
		cm = both;
	}
	if (cm && *cm) {
		text = to_gbk(c->w, c->g, cm, 1, &tlen, "comment", ply);
		if (!text) {
			free(both);
			return XQ_EINVAL;
		}
	}
	free(both);
	if (is_root) {
		rec[0] = c->v18 ? 'X' : 0x18;
		rec[1] = c->v18 ? 'Q' : 0x20;
	} else {
		int f = xq_move_from(n->move), t = xq_move_to(n->move);
		rec[0] = (uint8_t)(XQ_FILE(f) * 10 + XQ_RANK(f) + 0x18 + c->k->xyf);
		rec[1] = (uint8_t)(XQ_FILE(t) * 10 + XQ_RANK(t) + 0x20 + c->k->xyt);
	}
	if (c->v18) {
		tag = (uint8_t)((child ? 0x80 : 0) | (next ? 0x40 : 0) | (tlen ? 0x20 : 0));
		rec[2] = tag;
		rec[3] = 0;
		put(c->o, rec, 4);
		if (tlen)
			put_u32(c->o, (uint32_t)tlen + c->k->rmk);
	} else {
		tag = (uint8_t)((child ? 0xF0 : 0) | (next ? 0x0F : 0));
		rec[2] = tag;
		rec[3] = is_root ? 0xFF : 0;
		put(c->o, rec, 4);
		put_u32(c->o, (uint32_t)tlen);
	}
	put(c->o, text, tlen);
	free(text);
	return 0;
}

/* Every node that holds a move, played or not (the walk plays none); a
 * node without one is left out with its line. */
static int record_step(void *data, const struct xq_walk_step *s)
{
	struct wrec *c = data;
	if (s->node->move == XQ_MOVE_NONE)
		return XQ_WALK_SKIP;
	if ((c->rc = put_record(c, s->node, s->ply)) < 0)
		return XQ_WALK_STOP;
	return XQ_WALK_NEXT;
}

/* The header h[XQF_HEADER_SIZE] of g (sections 2-5, 9, 10, the extension
 * block), with the keys of a version 18 file in *k.  0 or XQ_EINVAL
 * (reported). */
static int put_header(const struct xqf_out *w, const struct xq_game *g, int v18, uint8_t *h,
		      struct xqf_keys *k)
{
	uint8_t slot[32];
	const char *res;
	int rc = 0;

	memset(h, 0, XQF_HEADER_SIZE);
	memset(k, 0, sizeof *k);
	h[0] = 'X';
	h[1] = 'Q';
	h[2] = v18 ? 18 : 10;
	if (xq__xqf_fill_slots(&g->start, slot) < 0) {
		xq__build_report(w->s, (struct xq_game *)(uintptr_t)g, XQ_SEV_ERROR, XQ_P_FEN,
				 XQ_BUILD_NOWHERE, 0, g->start_fen,
				 "the start position has more pieces of a kind than XQF can hold");
		return XQ_EINVAL;
	}
	if (v18) {
		uint64_t st = g->start.key ^ (uint64_t)xq_game_plies(g) * 0x100000001b3ull;
		uint8_t seed[3], orb[4];
		for (int i = 0; i < 3; i++) {
			do
				seed[i] = next_byte(&st);
			while (seed[i] == 0 || seed[i] == 255);
		}
		h[3] = (uint8_t)(next_byte(&st) | 0xAA);
		for (int i = 0; i < 3; i++)
			orb[i] = next_byte(&st);
		orb[3] = (uint8_t)(0u - (unsigned)(orb[0] + orb[1] + orb[2]));
		memcpy(h + 8, orb, 4);
		h[0x0D] = seed[0];
		h[0x0E] = seed[1];
		h[0x0F] = seed[2];
		h[0x0C] = (uint8_t)(0u - (unsigned)(seed[0] + seed[1] + seed[2]));
		xq__xqf_derive_keys(h[0x0C], h[0x0D], h[0x0E], h[0x0F], h[3], orb, k);
		for (int i = 0; i < 32; i++)
			h[0x10 + i] = (uint8_t)(slot[(i + 1 + k->xy) % 32] + k->xy);
	} else {
		memcpy(h + 0x10, slot, 32);
	}
	h[0x32] = g->start.side == XQ_BLACK;
	res = g->result ? g->result : xq_game_tag(g, "Result");
	h[0x33] = 0;
	if (res) {
		for (int i = 1; i <= 3; i++)
			if (!strcmp(res, xq__result_codes[i]))
				h[0x33] = (uint8_t)i;
	}
	{
		const char *t = xq_game_tag(g, "GameType");
		for (int i = 1; t && i <= 3; i++)
			if (!strcmp(t, game_types[i]))
				h[0x40] = (uint8_t)i;
	}
	{
		int cut[XQF_NFIELDS];
		for (int i = 0; i < XQF_NFIELDS; i++)
			if ((cut[i] = tag_to_field(w, g, h, i)) < 0)
				rc = XQ_EINVAL;
		if (rc < 0)
			return rc;
		if ((rc = put_extensions(w, g, h, cut)) < 0)
			return rc;
	}
	/* PlayStepNo: the ply number of the start position (its FEN's move
	 * number) */
	{
		unsigned step = (unsigned)(g->start.fullmove - 1) * 2 + (g->start.side == XQ_BLACK);
		if (g->start.fullmove > 1 && step <= 0xFFFF) {
			h[0x30] = (uint8_t)(step & 0xFF);
			h[0x31] = (uint8_t)(step >> 8);
		}
	}
	return 0;
}

int xq__xqf_encode_game(const struct xq_game *g, unsigned opts, uint8_t **out,
			size_t *outlen, const struct xq_build_sink *s, long *replaced)
{
	const struct xqf_out w = { s, opts, replaced };
	int v18 = (opts & XQF_WRITE_V18) != 0;
	uint8_t h[XQF_HEADER_SIZE];
	struct xqf_keys k;
	struct xq__buf o = { 0 };
	int rc;

	*out = NULL;
	*outlen = 0;
	if ((rc = put_header(&w, g, v18, h, &k)) < 0)
		return rc;
	put(&o, h, sizeof h);

	/* Records in pre-order (the tree-order walk): the root, then every
	 * move below it */
	{
		struct wrec c = { &w, g, &o, &k, v18, 0 };
		rc = put_record(&c, &g->root, 0);
		if (!rc && g->root.child) {
			rc = xq_game_walk_mode(g, XQ_WALK_TREE | XQ_WALK_NO_POSITIONS, record_step, &c);
			if (c.rc < 0)
				rc = c.rc;
			else if (rc > 0)
				rc = 0;
		}
	}
	if (!rc && o.oom)
		rc = XQ_ENOMEM;
	if (rc < 0) {
		free(o.p);
		return rc;
	}
	if (v18)
		for (size_t p = XQF_HEADER_SIZE; p < o.len; p++)
			o.p[p] = (char)(uint8_t)((uint8_t)o.p[p] + k.f32[p % 32]);
	*out = (uint8_t *)o.p;
	*outlen = o.len;
	return 0;
}

/* ------------------------------------------------------ the format ops */

#define XQF_MAX_FILE (64u << 20)

/* A file that is no XQF is the end of the input, not a game's error. */
static void reader_report(void *ctx, struct xq_game *g, enum xq_severity sev,
			  enum xq_problem_code code, struct xq_build_at at, int ply,
			  const char *text, const char *msg)
{
	xq__build_to_reader(ctx, g, code == XQ_P_FORMAT ? XQ_SEV_FATAL : sev, code, at, ply, text,
			    msg);
}

static int xqf_read(struct xq_reader *r, struct xq_game *g)
{
	const struct xq_build_sink sink = { reader_report, r };
	uint8_t *buf;
	size_t len;
	int rc;

	/* (called once: one game a file, XQ_FORMAT_ONE_GAME; the GBK
	 * decoder is the game's, made if a string needs it) */
	if ((rc = xq__read_whole(r, g, XQF_MAX_FILE, "file", &buf, &len)) < 0)
		return rc;
	if (len == 0)
		return 0;
	rc = xq__xqf_build_game(buf, len, g, &sink);
	free(buf);
	return rc < 0 ? rc : 1;
}

static int xqf_sniff(const unsigned char *head, size_t len, const char *name)
{
	if (len < 3 || head[0] != 'X' || head[1] != 'Q')
		return 0;
	/* versions 1..18 seen or plausible; the key bytes of v <= 10 are 0 */
	if (head[2] >= 1 && head[2] <= 32)
		return len >= 16 && head[2] <= 10 && (head[3] | head[12] | head[13]) ? 60 : 90;
	return 20;
}

static void writer_report(void *ctx, struct xq_game *g, enum xq_severity sev,
			  enum xq_problem_code code, struct xq_build_at at, int ply,
			  const char *text, const char *msg)
{
	struct xq_writer *w = ctx;
	const struct xq_writer_opts *o = xq_writer_options(w);
	struct xq_problem p;
	(void)at;
	if (!o->problem)
		return;
	memset(&p, 0, sizeof p);
	p.severity = sev;
	p.code = code;
	p.file = o->name;
	p.game = g ? g->index : 0;
	p.ply = ply;
	p.text = text;
	p.msg = msg;
	o->problem(o->problem_data, &p);
}

static int write_common(struct xq_writer *w, const struct xq_game *g, unsigned opts)
{
	const struct xq_writer_opts *o = xq_writer_options(w);
	const char *enc = xq_encoding_name(o->encoding);
	const struct xq_build_sink sink = { writer_report, w };
	long replaced = 0;
	uint8_t *out;
	size_t len;
	int rc;

	/* the strings are GBK, or GB18030 when that is the output encoding */
	if (o->flags & XQ_WRITE_REPLACE)
		opts |= XQF_WRITE_REPLACE;
	if (enc && !strcmp(enc, "GB18030"))
		opts |= XQF_WRITE_GB18030;
	if ((rc = xq__xqf_encode_game(g, opts, &out, &len, &sink, &replaced)) < 0)
		return rc;
	if (replaced)
		xq__build_report(&sink, (struct xq_game *)(uintptr_t)g, XQ_SEV_WARNING,
				 XQ_P_ENCODING, XQ_BUILD_NOWHERE, 0, NULL,
				 "%ld character%s with no GBK form written as '?'", replaced,
				 replaced == 1 ? "" : "s");
	rc = xq_writer_put(w, (const char *)out, len);
	free(out);
	return rc;
}

static int xqf_write(struct xq_writer *w, const struct xq_game *g)
{
	return write_common(w, g, 0);
}

static int xqf18_write(struct xq_writer *w, const struct xq_game *g)
{
	return write_common(w, g, XQF_WRITE_V18);
}

const struct xq_format xq_format_xqf = {
	.name = "xqf",
	.extensions = "xqf",
	.description = "XQStudio binary record, versions 10-18 (writes version 10, plain)",
	.flags = XQ_FORMAT_BINARY | XQ_FORMAT_ONE_GAME,
	.sniff = xqf_sniff,
	.read = xqf_read,
	.write = xqf_write,
};

const struct xq_format xq_format_xqf18 = {
	.name = "xqf18",
	.extensions = "xqf",
	.description = "XQStudio binary record written as version 18, encrypted (as XQStudio 1.63)",
	.flags = XQ_FORMAT_BINARY | XQ_FORMAT_ONE_GAME,
	.write = xqf18_write,
};
