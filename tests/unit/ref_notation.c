/*
 * ref_notation.c - the reference reader of relative moves (Chinese, WXF)
 * that the unit tests hold lib/notation.c's direct reader against: every
 * legal move is rendered in every accepted form, in the token alphabet of
 * notation.c, and the moves with a rendering equal to the input are
 * kept.  Slow and plain on purpose; not in the library.
 */
#include <stdio.h>
#include <string.h>

#include "ref_notation.h"

/* The token of each piece type. */
static const char piece_token[8] = { 0, 'K', 'A', 'E', 'H', 'R', 'C', 'P' };

/* Every rendering of a move in the token alphabet. */
#define MAXCAND 24
struct cands {
	char s[MAXCAND][8];
	int n;
};

static void cand_add(struct cands *c, const char *s)
{
	for (int i = 0; i < c->n; i++)
		if (strcmp(c->s[i], s) == 0)
			return;
	if (c->n < MAXCAND)
		snprintf(c->s[c->n++], sizeof c->s[0], "%s", s);
}

static void cand4(struct cands *c, char a, char b, char d, char e)
{
	char s[5] = { a, b, d, e, '\0' };
	cand_add(c, s);
}

/* Every rendering of the move mi describes, in each accepted form. */
static void candidates(const struct minfo *mi, int wxf, struct cands *c)
{
	char L = piece_token[mi->type], f = (char)('0' + mi->file);
	char d = mi->dir, v = (char)('0' + mi->value);
	int n = mi->n, j = mi->j;
	int plain = n < 2 || mi->type == XQ_KING || mi->type == XQ_ADVISOR ||
		    mi->type == XQ_ELEPHANT;
	char labels[4];
	int nl = 0;

	c->n = 0;
	if (plain) {
		char s[4] = { L, f, v, '\0' };
		cand4(c, L, f, d, v);          /* 马二进三, H2+3 */
		cand_add(c, s);                /* scoresheet 马23 */
		if (n == 2 && (mi->type == XQ_ADVISOR || mi->type == XQ_ELEPHANT)) {
			/* not needed, but seen: 前仕退五 */
			char l = j == 0 ? '+' : '-';
			cand4(c, l, L, d, v);
			cand4(c, L, l, d, v);
		}
		return;
	}
	nl = xq__tandem_labels(mi, labels);
	for (int i = 0; i < nl; i++) {
		char l = labels[i];
		char s[8];
		cand4(c, l, L, d, v);                        /* 前车进三, +R+3 */
		if (!(mi->type == XQ_PAWN && n >= 4 && (l == '+' || l == '-')))
			cand4(c, L, l, d, v);                /* 车前进三, R++3, Pa.5 */
		snprintf(s, sizeof s, "%c%c%c", l, L, v);
		cand_add(c, s);                              /* scoresheet 前马4 */
		if (mi->type == XQ_PAWN) {
			snprintf(s, sizeof s, "%c%c%c%c%c", l, L, f, d, v);
			cand_add(c, s);                      /* 前兵四平五 */
			char ld = l >= 'a' && l <= 'e' ? (char)('1' + l - 'a') : l;
			if (ld != f)                         /* 33.4 is WXF's middle pawn */
				cand4(c, ld, f, d, v);       /* 前四平五, 二7平6 */
		}
	}
	/* WXF official pawn forms: not for Chinese text, where 兵五平四 with
	 * three pawns on the file is ambiguous rather than the middle one */
	char w[2];
	if (mi->type == XQ_PAWN && wxf && xq__wxf_pawn_prefix(mi, w))
		cand4(c, w[0], w[1], d, v);
}

int ref_relative_match(const struct xq_pos *pos, const char *t, int wxf, xq_move *found)
{
	xq_move legal[XQ_MAX_MOVES];
	int nlegal = xq_legal_moves(pos, legal);
	/* Forms without a piece letter are pawn forms (++.6, 4+.5, 前四平五). */
	int nfound = 0, type = XQ_NONE;
	for (const char *p = t; *p && !type; p++)
		type = xq_type_from_letter(*p);
	if (!type)
		type = XQ_PAWN;
	for (int i = 0; i < nlegal; i++) {
		struct minfo mi;
		struct cands c;
		if ((int)xq_piece_type(pos, xq_move_from(legal[i])) != type)
			continue;
		xq__describe(pos, legal[i], &mi);
		candidates(&mi, wxf, &c);
		for (int k = 0; k < c.n; k++) {
			if (strcmp(c.s[k], t) == 0) {
				found[nfound++] = legal[i];
				break;
			}
		}
	}
	return nfound;
}

int ref_relative_renderings(const struct xq_pos *pos, xq_move m, int wxf,
			    char (*out)[XQ__RENDER_MAX])
{
	struct minfo mi;
	struct cands c;
	xq__describe(pos, m, &mi);
	candidates(&mi, wxf, &c);
	for (int i = 0; i < c.n; i++)
		memcpy(out[i], c.s[i], sizeof c.s[i]);
	return c.n;
}

int ref_move_parse(const struct xq_pos *pos, const char *text, size_t len, enum xq_notation n,
		   xq_move *out, struct xq_err *err)
{
	return xq__move_parse_with(pos, text, len, n, ref_relative_match, out, err);
}
