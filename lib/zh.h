/*
 * zh.h - the Chinese glyphs of notation, the one table (lib/zh.c): piece
 * names, Red's file numerals and Black's full-width digits, as
 * lib/notation.c writes them; commands reach them through xq_zh_piece()
 * and xq_zh_number() (xq.h).  Internal to libxq.
 */
#ifndef XQ_ZH_H
#define XQ_ZH_H

/* [traditional][side][type]: "" for XQ_NONE. */
extern const char *const xq__zh_piece[2][2][8];
/* [1..9]: 一..九 (Red's files and every count); [0] is "". */
extern const char *const xq__zh_numeral[10];
/* [1..9]: １..９ (Black's files); [0] is "". */
extern const char *const xq__zh_digit[10];

#endif
