/*
 * encoding.h - the pair tables of the two-byte encodings (GBK, GB18030,
 * Big5), built once from iconv, with which readers and writers convert in
 * bulk what iconv would convert one character at a time.  Internal to
 * libxq (lib/encoding.c).
 */
#ifndef XQ_ENCODING_H
#define XQ_ENCODING_H

#include <stdint.h>

/* Decoding: the code point of each lead 0x81..0xFE, trail 0x40..0xFE pair
 * as iconv decodes it alone, at [(lead - 0x81) * XQ__DBCS_TRAILS + trail -
 * 0x40]; 0 where the pair is no character of U+0800..U+FFFF (left to
 * iconv).  NULL for an encoding with other sequences (BIG5-HKSCS composes
 * some pairs with the next character) or without memory.  free() it. */
#define XQ__DBCS_LEADS 126
#define XQ__DBCS_TRAILS 191
uint16_t *xq__dbcs_decode_table(const char *enc);

/* Encoding: the two bytes (lead << 8 | trail) iconv writes for each
 * character U+0080..U+FFFF alone, 65536 entries; 0 where it writes no
 * pair (left to iconv).  NULL as above.  free() it. */
uint16_t *xq__dbcs_encode_table(const char *enc);

#endif
