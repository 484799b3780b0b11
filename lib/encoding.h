/*
 * encoding.h - internals of lib/encoding.c, the one place iconv is used:
 * the pair tables of the two-byte encodings (GBK, GB18030, Big5), built
 * once from iconv, with which readers and writers convert in bulk what
 * iconv would convert one character at a time; the raw-byte code points
 * that keep undecodable bytes; and the lenient decoder and the encoder
 * for binary formats whose strings are in a legacy encoding (XQF: GBK),
 * with the iconv descriptor cached across games.  Internal to libxq.
 */
#ifndef XQ_ENCODING_H
#define XQ_ENCODING_H

#include <stddef.h>
#include <stdint.h>

/* Decoding: the code point of each lead 0x81..0xFE, trail 0x40..0xFE pair
 * as iconv decodes it alone, at [(lead - 0x81) * XQ__DBCS_TRAILS + trail -
 * 0x40]; 0 where the pair is no character of U+0800..U+FFFF (left to
 * iconv).  NULL for an encoding with other sequences (BIG5-HKSCS composes
 * some pairs with the next character) or without memory.  free() it. */
#define XQ__DBCS_LEADS 126
#define XQ__DBCS_TRAILS 191
uint16_t *xq__dbcs_decode_table(const char *enc);
/* Whether enc is one of the two-byte encodings the pair tables serve
 * (GB18030, GBK, GB2312, BIG5, CP950; not BIG5-HKSCS, which composes
 * some pairs with the next character). */
int xq__dbcs_encoding(const char *enc);

/* Encoding: the two bytes (lead << 8 | trail) iconv writes for each
 * character U+0080..U+FFFF alone, 65536 entries; 0 where it writes no
 * pair (left to iconv).  NULL as above.  free() it. */
uint16_t *xq__dbcs_encode_table(const char *enc);

/* A streaming converter: iconv's descriptor under a name of the library's,
 * so that the reader and the writer, which convert as they go, leave iconv
 * to this file.  NULL when iconv has no such pair or no memory. */
struct xq__conv;
struct xq__conv *xq__conv_open(const char *to, const char *from);
void xq__conv_close(struct xq__conv *c);   /* c may be NULL */
/* iconv(3) itself: the same arguments, return value and errno; in NULL
 * resets the state (or, with out set, writes what ends it). */
size_t xq__conv(struct xq__conv *c, char **in, size_t *inleft, char **out, size_t *outleft);
/* The pair lead, trail as the decoder c (from a two-byte encoding of
 * xq__dbcs_encoding() to UTF-8) decodes it alone: what
 * xq__dbcs_decode_table() holds for it (0: none), for a reader that fills
 * its table a pair at a time.  c is left in its initial state. */
unsigned xq__conv_pair(struct xq__conv *c, unsigned lead, unsigned trail);

/* xq_detect_encoding(), and in *rival (when not NULL) the encoding that
 * came close to it, NULL when none did: the evidence does not settle it. */
const char *xq__detect_encoding(const void *buf, size_t len, const char **rival);

/* Detection's count of the characters of its repertoire (piece names,
 * directions, numerals...) in UTF-8 from iconv, s[0..n) up to the first
 * NUL: what strstr() finds of each of its strings in turn.  And the
 * repertoire, for tests: how many strings, *list set to them. */
long xq__repertoire_hits(const char *s, size_t n);
/* Detection's count of the repertoire in buf[0..n) decoded from enc by
 * iconv, each byte that starts no character skipped. */
long xq__decoded_hits(const char *enc, const void *buf, size_t n);
size_t xq__repertoire(const char *const **list);

/* xq_text_width() character by character, without its shortcuts: its
 * tests' oracle. */
int xq__text_width_general(const char *s, size_t len);

/*
 * Raw bytes.  A byte 0x80..0xFF that starts no character of the encoding
 * being read (a stray lead byte, 0x80, 0xFF, a sequence cut short) is kept
 * as the code point XQ_RAW_BYTE_BASE + byte (xq.h; U+10FE80..U+10FEFF, private
 * use, plane 16: valid UTF-8 of four bytes), and every writer into a
 * legacy encoding (GBK, GB18030, Big5, the XQF strings) writes that code
 * point back as the byte itself: what is read and written again in the
 * same encoding comes out as it went in.
 */
static inline void xq__raw_put(char *out, unsigned byte)
{
	out[0] = (char)0xF4;
	out[1] = (char)0x8F;
	out[2] = (char)(0xBA | ((byte >> 6) & 1));
	out[3] = (char)(0x80 | (byte & 0x3F));
}

/* The byte whose raw code point starts s (n bytes there), else -1. */
static inline int xq__raw_at(const unsigned char *s, size_t n)
{
	if (n >= 4 && s[0] == 0xF4 && s[1] == 0x8F && (s[2] == 0xBA || s[2] == 0xBB) &&
	    (s[3] & 0xC0) == 0x80)
		return 0x80 | (s[2] & 1) << 6 | (s[3] & 0x3F);
	return -1;
}

/* A converter from one encoding to UTF-8, opened on first use. */
struct xq__decoder;

/* A decoder from encoding from (an iconv name, kept by pointer); NULL when
 * out of memory.  Opening iconv is left to the first decode. */
struct xq__decoder *xq__decoder_new(const char *from);
void xq__decoder_free(struct xq__decoder *d);

/*
 * Decode s[0..n) to UTF-8, keeping everything: a byte that starts no
 * character (a sequence cut short at the end too) becomes its raw code
 * point (above), and when iconv has no converter every byte from 0x80 is
 * raw.  d may be NULL (a converter for this call only, from GB18030).
 * Returns a malloc'd string with a NUL after *outlen bytes (it may hold
 * NULs itself), or NULL when out of memory; *raw_at (when not NULL) gets
 * the offset in s of the first byte kept raw, (size_t)-1 when none.
 */
char *xq__decode_lenient(struct xq__decoder *d, const void *s, size_t n, size_t *outlen,
			 size_t *raw_at);

/*
 * Encode UTF-8 s[0..n) into enc (an iconv name) as a writer does: a raw
 * code point as its byte; with replace, each character enc lacks as '?'
 * (counted in *replaced); with gbk_only (GB18030 only) a character whose
 * GB18030 form takes four bytes counts as lacking.  Returns 0 with a
 * malloc'd *out (NUL after *outlen bytes), XQ_EINVAL with *bad the offset
 * of the first character that cannot be encoded (or of bytes that are not
 * UTF-8), XQ_ENOMEM.
 */
int xq__encode(const char *enc, const char *s, size_t n, int replace, int gbk_only,
	       char **out, size_t *outlen, size_t *bad, long *replaced);

#endif
