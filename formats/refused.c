/*
 * refused.c - formats recognised but not read: records of programs that
 * publish no description of their layout, and of which none could be
 * found, so that a reader would be a guess (xq-formats(5), Formats not
 * read).  Each is sniffed by what its files show and refused with one
 * message naming it, instead of being read as something else.
 */
#include <string.h>

#include "xq_format.h"

static int refuse(struct xq_reader *r, const char *what)
{
	int *done = (int *)xq_reader_state(r);
	if (*done)
		return 0;
	*done = 1;
	xq_reader_problem(r, NULL, XQ_SEV_FATAL, XQ_P_FORMAT, 0, 0, 0, NULL,
			  "%s: not read (no public description of its layout was found; "
			  "see xq-formats(5))", what);
	return XQ_EINVAL;
}

static void refused_end(struct xq_reader *r)
{
	*xq_reader_state(r) = NULL;
}

/* Whether name ends in .ext, in any case. */
static int has_ext(const char *name, const char *ext)
{
	size_t n = name ? strlen(name) : 0, k = strlen(ext);
	if (n < k + 1 || name[n - k - 1] != '.')
		return 0;
	for (size_t i = 0; i < k; i++)
		if ((name[n - k + i] | 0x20) != ext[i])
			return 0;
	return 1;
}

/* Some byte below 0x09 in the head: not text. */
static int binary(const unsigned char *h, size_t len)
{
	for (size_t i = 0; i < len && i < 512; i++)
		if (h[i] < 0x09)
			return 1;
	return 0;
}

/* QQ象棋 .che: decimal numbers and blanks only, many of them. */
static int che_sniff(const unsigned char *h, size_t len, const char *name)
{
	size_t numbers = 0, i;
	(void)name;
	for (i = 0; i < len && i < 4096; i++) {
		if (h[i] >= '0' && h[i] <= '9') {
			if (!i || h[i - 1] == ' ')
				numbers++;
		} else if (h[i] != ' ' && h[i] != '\r' && h[i] != '\n') {
			return 0;
		}
	}
	return numbers >= 40 ? 80 : 0;
}

static int che_read(struct xq_reader *r, struct xq_game *g)
{
	(void)g;
	return refuse(r, "QQ象棋 (QQ xiangqi) .che record");
}

/* 联众 (ourgame) .chn and .xqi: "GL", then 2000 and 2004 as u16. */
static int ourgame_sniff(const unsigned char *h, size_t len, const char *name)
{
	(void)name;
	return len >= 6 && !memcmp(h, "GL\xd0\x07\xd4\x07", 6) ? 90 : 0;
}

static int ourgame_read(struct xq_reader *r, struct xq_game *g)
{
	(void)g;
	return refuse(r, "联众 (ourgame) .chn/.xqi record");
}

/* The others show no magic: their extension and binary content. */
static int ccm_sniff(const unsigned char *h, size_t len, const char *name)
{
	return has_ext(name, "ccm") && binary(h, len) ? 50 : 0;
}

static int ccm_read(struct xq_reader *r, struct xq_game *g)
{
	(void)g;
	return refuse(r, ".CCM (17pk) record");
}

static int mxq_sniff(const unsigned char *h, size_t len, const char *name)
{
	return has_ext(name, "mxq") && binary(h, len) ? 50 : 0;
}

static int mxq_read(struct xq_reader *r, struct xq_game *g)
{
	(void)g;
	return refuse(r, ".mxq (movesky) record");
}

static int xgf_sniff(const unsigned char *h, size_t len, const char *name)
{
	return has_ext(name, "xgf") && binary(h, len) ? 50 : 0;
}

static int xgf_read(struct xq_reader *r, struct xq_game *g)
{
	(void)g;
	return refuse(r, "谢谢象棋 (XieXie) .xgf record");
}

/* .xfen diagrams: PGN-like tag blocks led by [FEN_INDEX "..."], whose
 * FENs use letters of their own for marks on the board. */
static int xfen_sniff(const unsigned char *h, size_t len, const char *name)
{
	size_t i = 0;
	(void)name;
	if (len >= 3 && !memcmp(h, "\xEF\xBB\xBF", 3))
		i = 3;
	while (i < len && (h[i] == ' ' || h[i] == '\r' || h[i] == '\n' || h[i] == '\t'))
		i++;
	return len - i >= 12 && !memcmp(h + i, "[FEN_INDEX \"", 12) ? 90 : 0;
}

static int xfen_read(struct xq_reader *r, struct xq_game *g)
{
	(void)g;
	return refuse(r, ".xfen diagram file");
}

#define REFUSED(id, ext, desc, bin) \
	const struct xq_format xq_format_##id = { \
		.name = #id, .extensions = ext, \
		.description = desc "; recognised, not read", \
		.flags = (bin) ? XQ_FORMAT_BINARY : 0, \
		.sniff = id##_sniff, .read = id##_read, .read_end = refused_end, \
	};

REFUSED(che, "che", "QQ xiangqi record (.che)", 1)
REFUSED(ourgame, "chn xqi", "ourgame record (.chn, .xqi)", 1)
REFUSED(ccm, "ccm", "17pk record (.CCM)", 1)
REFUSED(mxq, "mxq", "movesky record (.mxq)", 1)
REFUSED(xgf, "xgf", "XieXie record (.xgf)", 1)
REFUSED(xfen, "xfen", "diagram file (.xfen)", 1)
