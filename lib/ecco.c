/*
 * ecco.c - the ECCO opening code of a game (《中国象棋开局编号》, A00 to
 * E99) from the first ten moves of each side of its main line.
 *
 * The classification follows the published definitions of xqbase's ECCO
 * pages (https://www.xqbase.com/ecco/), in the decision order of xqbase's
 * ECCO.DLL, which writes the [ECCO] tags of the xqbase PGN files: each
 * move is written as a four-character WXF-like word ("C2.5": piece, file
 * as the mover counts it, + forward, - back, . across, then the file
 * reached or the number of ranks); a game whose first move is on Red's
 * left half is mirrored so that the classification sees it on the right;
 * then a tree of tests on these words picks the code.  Where the
 * definitions allow a transposition, a family tests the set of moves
 * played (either order) or scans the opening moves for the first one
 * outside the family's usual set.  The names are in lib/ecco_table.h.
 */
#include <string.h>

#include "ecco_table.h"
#include "xq.h"

/* Moves looked at: ten of each side. */
#define ECCO_PLIES 20

/* The opening as words: w[p] for ply p, "    " past the end. */
struct line {
	char w[ECCO_PLIES][4];
};

static const char *red(const struct line *l, int round) { return l->w[2 * round]; }
static const char *black(const struct line *l, int round) { return l->w[2 * round + 1]; }

static int is(const char *w, const char *word) { return !memcmp(w, word, 4); }

/* Whether w is one of the words of set, written "N2+3 R1.2 ...". */
static int in(const char *w, const char *set)
{
	for (; *set; set += set[4] ? 5 : 4)
		if (!memcmp(w, set, 4))
			return 1;
	return 0;
}

/* Whether the words from ply p on are these, concatenated. */
static int from(const struct line *l, int p, const char *words)
{
	for (; *words; words += 4, p++)
		if (p >= ECCO_PLIES || memcmp(l->w[p], words, 4))
			return 0;
	return 1;
}

/* Whether the first moves of each side are those of words (plies in
 * order, Red first), each side's in any order: a transposition. */
static int played(const struct line *l, const char *words)
{
	int n = (int)strlen(words) / 4;
	for (int side = 0; side < 2; side++) {
		int used[ECCO_PLIES] = { 0 };
		for (int p = side; p < n; p += 2) {
			int k = side;
			while (k < n && (used[k] || memcmp(l->w[p], words + 4 * k, 4)))
				k += 2;
			if (k >= n)
				return 0;
			used[k] = 1;
		}
	}
	return 1;
}

/* ------------------------------------------------- the decision tree */

typedef const char *code;

static code screen(const struct line *l);

static code b5x(const struct line *l)
{
	int b54 = 1;
	for (int i = 1; i < 5; i++)
		if (!in(red(l, i), "N2+3 N8+9 R1.2 P3+1"))
			b54 = 0;
	for (int i = 1; i < 4; i++)
		if (!in(black(l, i), "N8+7 C8.6 P3+1"))
			b54 = 0;
	if (b54) {
		if (from(l, 9, "B7+5C8.7R1.2R9.8C2+4"))
			return from(l, 14, "P7+1P3+1P3+1") ? "B56" : "B55";
		return "B54";
	}
	for (int i = 1; i < 10; i++) {
		const char *b = black(l, i);
		if (in(b, "B7+5 B3+5 N8+7 C8.6 P7+1 P3+1"))
			continue;
		return is(b, "R1.2") ? "B53" : is(b, "R9+1") ? "B52" : is(b, "R9.8") ? "B51" : "B50";
	}
	return "B50";
}

/* 中炮对反宫马 and the 士角炮 families (Black's 炮8平6 with 马2进3). */
static code sandwich(const struct line *l)
{
	if (from(l, 2, "P7+1C8.6N8+7"))
		return "B32";
	for (int i = 1; i < 10; i++) {
		const char *b = black(l, i);
		if (in(b, "B7+5 B3+5 C8.6 P7+1 P3+1"))
			continue;
		if (!is(b, "N8+7"))
			return "B30";
		int n7 = 0, n9 = 0, c6 = 0;
		for (int j = 1; j < 10; j++) {
			const char *r = red(l, j);
			if (is(r, "N8+9")) n9 = 1;
			else if (is(r, "N8+7")) n7 = 1;
			else if (is(r, "C8.6")) c6 = 1;
			else if (in(r, "N2+3 R1.2 P3+1 P7+1")) ;
			else if (is(r, "R1+1")) { if (!c6) return "B34"; }
			else if (is(r, "R2+6")) { if (!c6) return "B33"; }
			else if (is(r, "C8.7")) return b5x(l);
			else if (is(r, "C8+4")) return "B36";
			else if (is(r, "C8+2")) return "B35";
			else if (!c6) return "B31";
			else if (!from(l, 2, "N2+3C8.6R1.2N8+7")) return "B40";
			else if (n7) {
				if (!is(red(l, 3), "C8.6") || !is(black(l, 3), "R1.2"))
					return "B41";
				if (!is(black(l, 4), "C2.1"))
					return "B42";
				return is(black(l, 5), "P7+1") ? "B44" : "B43";
			} else
				return n9 ? "B45" : "B40";
		}
		return "B30";
	}
	return "B30";
}

static code c5x(const struct line *l)
{
	int c52 = 1, c55 = 1;
	for (int i = 1; i < 5; i++) {
		const char *r = red(l, i);
		if (in(r, "N2+3 R1.2 C8.6")) ;
		else if (is(r, "N8+9")) c55 = 0;
		else if (is(r, "R2+6")) c52 = 0;
		else c52 = c55 = 0;
	}
	for (int i = 1; i < 4; i++)
		if (!in(black(l, i), "N2+3 N8+7 R9.8 P7+1"))
			c52 = c55 = 0;
	if (c52) {
		if (from(l, 9, "R1.2R9.8"))
			return is(black(l, 5), "C2+4") ? "C53" : "C52";
		return "C51";
	}
	if (c55)
		return is(black(l, 4), "P3+1") ? "C56" : is(black(l, 4), "R1.2") ? "C55" : "C54";
	for (int i = 1; i < 10; i++) {
		const char *r = red(l, i);
		if (in(r, "N2+3 R1.2 C8.6 P3+1 P7+1"))
			continue;
		return is(r, "R2+6") ? "C54" : is(r, "N8+9") ? "C51" : "C50";
	}
	return "C50";
}

static code c8x(const struct line *l)
{
	int c85 = 1, elephant7 = 0;
	for (int i = 1; i < 5; i++)
		if (!in(red(l, i), "N2+3 N8+7 C8+2 P7+1"))
			c85 = 0;
	for (int i = 1; i < 4; i++)
		if (!in(black(l, i), "N8+7 N2+3 R9.8 P7+1"))
			c85 = 0;
	if (c85 && is(black(l, 4), "N7+8"))
		return is(red(l, 5), "N7+6") && is(red(l, 6), "R1+1") ? "C86" : "C85";
	for (int i = 1; i < 10; i++) {
		const char *b = black(l, i);
		if (is(b, "B7+5")) elephant7 = 1;
		else if (is(b, "B3+5")) return "C84";
		else if (in(b, "P7+1 P3+1 N8+7 N2+3 R9.8")) ;
		else if (!elephant7) return "C80";
		else return is(b, "C8+2") ? "C83" : is(b, "R1+1") ? "C82" : "C81";
	}
	return "C80";
}

static code c9x(const struct line *l)
{
	for (int i = 1; i < 10; i++) {
		const char *r = red(l, i);
		if (in(r, "N2+3 N8+7 N8+9 R1.2 R2+6 C8+4"))
			continue;
		if (!is(r, "P3+1"))
			return "C90";
		for (int j = 1; j < 10; j++) {
			const char *b = black(l, j);
			if (in(b, "N8+7 N2+3 R9.8"))
				continue;
			if (!is(b, "P3+1"))
				return "C90";
			for (int k = 1; k < 10; k++) {
				const char *r2 = red(l, k);
				if (in(r2, "N2+3 R1.2 C8+4 P3+1"))
					continue;
				if (is(r2, "C8.7")) return "C98";
				if (is(r2, "N8+7")) return "C92";
				if (!is(r2, "N8+9")) return "C91";
				const char *b5 = black(l, 5);
				if (in(black(l, 4), "B7+5 B3+5")) ;
				else b5 = black(l, 4);
				if (is(b5, "P1+1"))
					return is(red(l, 6), "C8.7") ? "C97" : "C96";
				return in(b5, "A6+5 A4+5") ? "C94" : is(b5, "P7+1") ? "C95" : "C93";
			}
			return "C91";
		}
		return "C90";
	}
	return "C90";
}

/* The red line of the 中炮对屏风马 families when no set of moves fixes
 * it: the first red move outside the usual ones decides. */
static code screen_scan(const struct line *l)
{
	int n7 = 0, n9 = 0, r6 = 0;
	for (int i = 1; i < 9; i++) {
		const char *r = red(l, i);
		if (is(r, "R2+4")) {
			for (int j = 1; j < 10; j++) {
				const char *r2 = red(l, j);
				if (in(r2, "N2+3 R1.2 R2+4 P3+1 P7+1"))
					continue;
				return in(r2, "N8+7 N8+9") ? "C16" : "C15";
			}
			/* every move in that set: the 横车 scan decides */
			r = "R1+1";
		}
		if (is(r, "R1+1")) {
			for (int j = 1; j < 10; j++) {
				const char *r2 = red(l, j);
				if (in(r2, "N2+3 N8+7 R1+1 R1.4 R1.6 P3+1 P7+1"))
					continue;
				return is(r2, "P5+1") ? "C14" : is(r2, "C8.9") ? "C13" :
				       is(r2, "C8+2") ? "C12" : is(r2, "N7+6") ? "C11" : "C10";
			}
			return "C10";
		}
		if (is(r, "C8.7")) {
			int pawn3 = 0;
			for (int j = 1; j < 10; j++) {
				const char *b = black(l, j);
				if (is(b, "P7+1")) {
					for (int k = 1; k < 10; k++) {
						const char *r2 = red(l, k);
						if (in(r2, "N2+3 N8+9 R1.2 R2+6 C8.7"))
							continue;
						return is(r2, "P7+1") ? "C68" : "C60";
					}
					return "C60";
				}
				if (is(b, "P3+1")) pawn3 = 1;
				else if (is(b, "N3+2")) return "C71";
				else if (in(b, "N2+3 N8+7 R9.8")) ;
				else return pawn3 ? "C70" : "C60";
			}
			/* every black move in that set: nothing more to scan */
			return "C00";
		}
		if (in(r, "N2+3 R1.2 P3+1 P7+1")) continue;
		if (is(r, "N8+9")) { n9 = 1; continue; }
		if (is(r, "N8+7")) { n7 = 1; continue; }
		if (is(r, "R2+6")) { r6 = 1; continue; }
		if (is(r, "C8+4")) return c9x(l);
		if (is(r, "C8+2")) return c8x(l);
		if (is(r, "C8.6")) return c5x(l);
		if (is(r, "C8.9")) return "C99";
		if (r6) {
			for (int j = 1; j < 10; j++) {
				const char *r2 = red(l, j);
				if (in(r2, "N2+3 R1.2 R2+6 P3+1 P7+1"))
					continue;
				return is(r2, "N8+9") ? "C19" : is(r2, "N8+7") ? "C18" : "C17";
			}
			return "C17";
		}
		if (n7) {
			for (int j = 1; j < 10; j++) {
				const char *r2 = red(l, j);
				if (in(r2, "N2+3 N8+7 R1.2 P3+1 P7+1"))
					continue;
				if (is(r2, "N7+6")) return "C02";
				if (!is(r2, "P5+1")) return "C01";
				int c8 = 0, c2 = 0;
				for (int k = 1; k < 10; k++) {
					const char *b = black(l, k);
					if (in(b, "N2+3 N8+7 R9.8 P7+1 P3+1")) ;
					else if (is(b, "C8+4")) { if (c2) return "C04"; c8 = 1; }
					else if (is(b, "C2+4")) { if (c8) return "C04"; c2 = 1; }
					else return "C03";
				}
				return "C03";
			}
			return "C01";
		}
		if (n9) {
			for (int j = 1; j < 10; j++) {
				const char *r2 = red(l, j);
				if (in(r2, "N2+3 N8+9 R1.2 P3+1 P7+1"))
					continue;
				return is(r2, "R9+1") ? "C06" : "C05";
			}
			return "C05";
		}
		return "C00";
	}
	return "C00";
}

/* 中炮对屏风马 (炮二平五, 马８进７ and 马２进３ in some order). */
static code screen(const struct line *l)
{
	if (played(l, "C2.5N8+7N2+3R9.8R1.2P7+1R2+6N2+3N8+7P3+1")) {
		if (!is(red(l, 5), "R9+1"))
			return "C20";
		if (!from(l, 11, "C2+1R2-2B3+5"))
			return "C21";
		const char *r8 = red(l, 8);
		if (is(red(l, 7), "P3+1")) return is(r8, "P7+1") ? "C25" : "C23";
		if (is(red(l, 7), "P7+1")) return is(r8, "P7+1") ? "C25" : "C24";
		return "C22";
	}
	if (played(l, "C2.5N8+7N2+3R9.8R1.2P7+1R2+6N2+3P7+1")) {
		const char *b = black(l, 4);
		if (is(b, "N7+6")) {
			if (!is(red(l, 5), "N8+7")) return "C35";
			if (!is(black(l, 5), "B3+5")) return "C36";
			return is(red(l, 6), "C8.9") ? "C39" : is(red(l, 6), "C8+1") ? "C38" : "C37";
		}
		if (is(b, "C8.9")) {
			if (!from(l, 10, "R2.3C9-1"))
				return "C40";
			const char *r = red(l, 6);
			if (is(r, "N8+7")) {
				if (!is(black(l, 6), "A4+5"))
					return "C42";
				const char *r7 = red(l, 7);
				if (is(r7, "C8.9"))
					return is(black(l, 7), "R1.2") || is(black(l, 8), "R1.2") ? "C46" : "C45";
				return is(r7, "N7+6") ? "C44" : "C43";
			}
			return is(r, "P5+1") ? "C49" : is(r, "C8.6") ? "C48" :
			       is(r, "N8+9") ? "C47" : "C41";
		}
		return in(b, "B7+5 B3+5") ? "C32" : in(b, "A6+5 A4+5") ? "C31" :
		       is(b, "C2+4") ? "C34" : is(b, "R1+1") ? "C33" : "C30";
	}
	if (played(l, "C2.5N8+7N2+3R9.8R1.2P7+1N8+9N2+3C8.7")) {
		const char *b = black(l, 4);
		if (is(b, "R1.2")) {
			if (!is(red(l, 5), "R9.8"))
				return "C62";
			const char *b5 = black(l, 5);
			return is(b5, "C2+4") ? "C66" : is(b5, "C2+2") ? "C65" :
			       is(b5, "C8+4") ? "C64" : "C63";
		}
		return is(b, "C2+2") ? "C67" : "C61";
	}
	if (played(l, "C2.5N8+7N2+3R9.8R1.2N2+3P3+1P3+1N8+9P1+1C8.7N3+2")) {
		if (!is(red(l, 6), "R9+1"))
			return "C72";
		const char *b = black(l, 6);
		if (is(b, "B7+5")) {
			const char *r = red(l, 7);
			return is(r, "R2+4") ? "C76" : is(r, "N3+4") ? "C75" : "C74";
		}
		return is(b, "P1+1") ? "C78" : is(b, "B3+5") ? "C77" : "C73";
	}
	return screen_scan(l);
}

/* 中炮对进右马 (炮二平五 马２进３). */
static code bxx(const struct line *l)
{
	const char *b = black(l, 1);
	if (is(b, "R9+1")) {
		if (!is(red(l, 1), "N2+3") || !from(l, 4, "R1.2R9.4"))
			return "B10";
		const char *r = red(l, 3);
		return is(r, "P7+1") ? "B14" : is(r, "C8+2") ? "B13" : "B12";
	}
	if (is(b, "C8.6"))
		return in(black(l, 2), "N8+9 R9+1") ? "B11" : sandwich(l);
	if (in(b, "P3+1 P7+1")) {
		const char *b2 = black(l, 2);
		return in(b2, "A6+5 A4+5") ? "B02" : is(b2, "C8.6") ? sandwich(l) :
		       is(b2, "N8+7") ? screen(l) : is(b2, "R9+2") ? "B03" : "B01";
	}
	return is(b, "N8+7") ? screen(l) : is(b, "N8+9") ? "B10" :
	       is(b, "C2.1") ? "B04" : "B01";
}

/* 中炮对进左马 (炮二平五 马８进７): which black plan follows. */
static int cxx_plan(const struct line *l)
{
	int cannon = 0;  /* 1: 炮8平9 (三步虎), 2: 炮8进4 (封车) */
	for (int i = 1; i < 10; i++) {
		const char *b = black(l, i);
		if (in(b, "R9.8 R8+5 P7+1 P3+1")) ;
		else if (is(b, "N2+3")) return cannon ? cannon : 7;
		else if (is(b, "R9+1")) return cannon ? cannon : 6;
		else if (is(b, "C8+4")) cannon = 2;
		else if (is(b, "C8.9")) cannon = 1;
		else if (is(b, "C2.5")) return 5 - cannon;
		else return cannon;
	}
	return 0;
}

/* 中炮对进左马 by Black's plan: 三步虎 (B2x), 列炮 after 封车 or after
 * 三步虎 (D3x, D4x), 列炮 (D5x), 屏风马 (C), 车９进１ first (B06), 封车
 * alone (B07), anything else B05. */
static code cxx(const struct line *l)
{
	int p3 = 0, p7 = 0, r2 = 0, r8 = 0;
	switch (cxx_plan(l)) {
	case 1:
		for (int i = 1; i < 10; i++) {
			const char *r = red(l, i);
			if (is(r, "B7+9")) return is(black(l, i - 1), "R8+5") ? "B21" : "B20";
			if (is(r, "P3+1")) { if (p7) return "B25"; p3 = 1; }
			else if (is(r, "P7+1")) { if (p3) return "B25"; p7 = 1; }
			else if (in(r, "N2+3 N8+7")) ;
			else return is(r, "C8+4") ? "B24" : is(r, "C8+2") ? "B23" :
				    is(r, "R1+1") ? "B22" : "B20";
		}
		return "B20";
	case 3:
		if (from(l, 2, "N2+3R9.8R1.2C8+4P3+1C2.5")) {
			const char *r = red(l, 4);
			return is(r, "P7+1") ? "D36" : is(r, "C8+5") ? "D35" : is(r, "N8+9") ? "D34" :
			       is(r, "N8+7") ? "D33" : is(r, "N3+4") ? "D32" : "D31";
		}
		return "D30";
	case 4:
		for (int i = 1; i < 10; i++) {
			const char *r = red(l, i);
			if (is(r, "P5+1"))
				return is(black(l, i - 1), "R8+5") && is(black(l, i), "C2.5") ? "D41" : "D40";
			if (is(r, "P3+1")) { if (p7) return "D43"; p3 = 1; }
			else if (is(r, "P7+1")) { if (p3) return "D43"; p7 = 1; }
			else if (in(r, "N2+3 N8+7")) ;
			else return is(r, "R9.8") ? "D42" : "D40";
		}
		return "D40";
	case 5:
		for (int i = 1; i < 10; i++) {
			const char *r = red(l, i);
			if (is(r, "R2+6")) return "D53";
			if (in(r, "N2+3 N8+7 P3+1 P7+1")) ;
			else if (is(r, "R1.2")) { if (r8) return "D55"; r2 = 1; }
			else if (is(r, "R9.8")) { if (r2) return "D55"; r8 = 1; }
			else return r2 ? "D52" : r8 ? "D54" : "D51";
		}
		return "D50";
	case 7: return screen(l);
	case 2: return "B07";
	case 6: return "B06";
	default: return "B05";
	}
}

static code d1x(const struct line *l)
{
	for (int i = 2; i < 10; i++) {
		const char *b = black(l, i);
		if (in(b, "N2+3 P7+1 P3+1"))
			continue;
		return is(b, "C2.1") ? "D15" : is(b, "C2+4") ? "D14" : is(b, "R9.8") ? "D13" :
		       is(b, "R1+1") ? "D12" : is(b, "R9+1") ? "D11" : "D10";
	}
	return "D10";
}

static code d2x(const struct line *l)
{
	int p3 = 0, p7 = 0;
	for (int i = 3; i < 10; i++) {
		const char *r = red(l, i);
		if (in(r, "A4+5 A6+5")) return "D21";
		if (is(r, "N8+9")) return "D22";
		if (is(r, "R2+4")) return "D23";
		if (is(r, "R2+6")) return "D24";
		if (is(r, "C8.6")) return "D25";
		if (is(r, "N8+7")) continue;
		if (!in(r, "P3+1 P7+1"))
			return p3 ? "D26" : p7 ? "D27" : "D20";
		if (is(r, "P3+1") ? p7 : p3) {
			/* 两头蛇: Black's first move outside 马 and 车九平四 */
			for (int j = 3; j < 10; j++) {
				const char *b = black(l, j);
				if (in(b, "N2+3 R9.4"))
					continue;
				return is(b, "R1+1") ? "D29" : "D28";
			}
			return "D28";
		}
		if (is(r, "P3+1")) p3 = 1; else p7 = 1;
	}
	return "D20";
}

/* 顺炮 (炮二平五 炮８平５). */
static code dxx(const struct line *l)
{
	const char *r1 = red(l, 1);
	if (is(r1, "R1+1")) {
		if (!from(l, 3, "R9.8N8+7"))
			return "D03";
		return is(black(l, 2), "R8+4") ? "D05" : "D04";
	}
	if (!is(r1, "N2+3"))
		return "D00";
	const char *b1 = black(l, 1);
	if (is(b1, "R9+1"))
		return from(l, 4, "R1.2N8+7") ? d2x(l) : "D01";
	if (!is(b1, "N8+7"))
		return "D00";
	const char *r2 = red(l, 2), *b2 = black(l, 2);
	if (is(r2, "R1.2"))
		return is(b2, "R9+1") ? d2x(l) : d1x(l);
	if (is(r2, "R1+1")) {
		if (!is(b2, "R9.8"))
			return "D03";
		return is(black(l, 3), "R8+4") ? "D05" : "D04";
	}
	return is(b2, "R9.8") ? "D02" : is(b2, "R9+1") ? "D01" : "D00";
}

/* Both red horses out, with only these other red moves before. */
static int both_horses(const struct line *l, const char *others)
{
	int n3 = 0, n7 = 0;
	for (int i = 1; i < 10; i++) {
		const char *r = red(l, i);
		if (is(r, "N2+3")) { if (n7) return 1; n3 = 1; }
		else if (is(r, "N8+7")) { if (n3) return 1; n7 = 1; }
		else if (!in(r, others)) return 0;
	}
	return 0;
}

/* 飞相局 (相三进五). */
static code axx_elephant(const struct line *l)
{
	const char *b = black(l, 0), *r1 = red(l, 1);
	if (is(b, "N2+3"))
		return is(r1, "P7+1") ? "A16" : is(r1, "P3+1") ? "A15" : "A14";
	if (is(b, "C2.4"))
		return is(r1, "P7+1") ? "A26" : is(r1, "P3+1") ? "A25" : is(r1, "R9+1") ? "A24" :
		       is(r1, "N8+9") ? "A23" : is(r1, "N8+7") ? "A22" : "A21";
	if (is(b, "C8.4")) {
		if (!is(r1, "N2+3")) return "A30";
		if (!from(l, 3, "N8+7R1.2P7+1")) return "A31";
		const char *r3 = red(l, 3);
		return is(r3, "P7+1") ? "A34" : is(r3, "C2.1") ? "A33" : "A32";
	}
	if (is(b, "P7+1"))
		return is(r1, "P7+1") ? "A38" : is(r1, "N8+7") ? "A37" : "A36";
	if (is(b, "C8.5"))
		return both_horses(l, "R1.2 P3+1 P7+1") ? "A28" : "A27";
	return is(b, "P3+1") ? "A39" : is(b, "C2.6") ? "A35" : is(b, "C2.5") ? "A29" :
	       is(b, "C8.6") ? "A20" : is(b, "N8+7") ? "A13" : is(b, "B3+5") ? "A12" :
	       is(b, "B7+5") ? "A11" : "A10";
}

/* 仙人指路 (兵七进一 after mirroring: P3+1). */
static code exx_cannon_under_pawn(const struct line *l)
{
	const char *r1 = red(l, 1), *b1 = black(l, 1);
	if (in(r1, "B7+5 B3+5")) return "E11";
	if (is(r1, "C2.5")) return "E12";
	if (!is(r1, "C8.5")) return "E10";
	if (is(b1, "B3+5")) {
		if (!is(red(l, 2), "N2+1")) return "E14";
		return is(black(l, 2), "N8+9") ? "E16" : "E15";
	}
	if (is(b1, "C2.5")) return "E17";
	if (!is(b1, "B7+5")) return "E13";
	const char *r2 = red(l, 2), *b2 = black(l, 2);
	if (is(r2, "C5+4")) return "E38";
	if (is(r2, "N2+1")) return "E37";
	if (is(r2, "A4+5")) return "E21";
	if (!is(r2, "N8+7")) return "E20";
	if (is(b2, "R1+1")) {
		if (!from(l, 6, "R9.8R1.8N2+3N8+6")) return "E23";
		if (!from(l, 10, "C2.1N2+1N3+4")) return "E24";
		const char *b6 = black(l, 6);
		return is(b6, "P1+1") ? "E27" : is(b6, "R8+6") ? "E26" : is(b6, "A6+5") ? "E25" : "E24";
	}
	if (is(b2, "P7+1")) {
		if (!from(l, 6, "N2+1P7+1") && !from(l, 6, "R9.8P7+1")) return "E30";
		if (!in(red(l, 4), "N2+1 R9.8")) return "E31";
		const char *b4 = black(l, 4);
		if (is(b4, "N8+6")) return "E32";
		if (!is(b4, "R1+1")) return "E31";
		const char *r5 = red(l, 5);
		return is(r5, "R1.2") ? "E36" : is(r5, "R8+4") ? "E35" : is(r5, "A4+5") ? "E34" : "E33";
	}
	return "E22";
}

static code exx_horses(const struct line *l)
{
	const char *r2 = red(l, 2);
	return in(r2, "B3+5 B7+5") ? "E43" : is(r2, "C2.1") ? "E45" : is(r2, "R1+1") ? "E44" : "E42";
}

static code exx(const struct line *l)
{
	const char *b = black(l, 0), *r1 = red(l, 1), *b1 = black(l, 1);
	if (is(b, "C8.7"))
		return exx_cannon_under_pawn(l);
	if (is(b, "N2+3")) {
		if (is(r1, "N2+3")) return is(b1, "P3+1") ? exx_horses(l) : "E07";
		if (is(r1, "P7+1")) return is(b1, "C8.7") ? "E09" : "E08";
		return "E06";
	}
	if (is(b, "P3+1")) {
		if (is(r1, "N2+3")) return is(b1, "N2+3") ? exx_horses(l) : "E41";
		if (is(r1, "C8.7"))
			return is(b1, "C8.5") ? "E48" : is(b1, "C2.5") ? "E47" : "E46";
		return "E40";
	}
	if (in(b, "B7+5 B3+5")) return is(r1, "N2+3") ? "E02" : "E01";
	if (in(b, "C8.6 C8.4 C2.6 C2.4")) return "E04";
	if (in(b, "C8.5 C2.5")) return "E03";
	return is(b, "C2.7") ? "E05" : "E00";
}

static code classify(const struct line *l)
{
	const char *r = red(l, 0), *b = black(l, 0), *r1 = red(l, 1);
	if (is(r, "B3+5"))
		return axx_elephant(l);
	if (is(r, "N2+3")) {
		if (!is(b, "P7+1")) return "A40";
		return is(r1, "P7+1") ? "A45" : is(r1, "C8.5") ? "A44" : is(r1, "C8.6") ? "A43" :
		       is(r1, "C2.1") ? "A42" : "A41";
	}
	if (is(r, "C2.4")) {
		if (is(b, "C2.5")) return both_horses(l, "R9.8 P3+1 P7+1") ? "A53" : "A52";
		return is(b, "P7+1") ? "A54" : is(b, "N8+7") ? "A51" : "A50";
	}
	if (is(r, "C2.5"))
		return is(b, "C8.5") ? dxx(l) : is(b, "N8+7") ? cxx(l) : is(b, "N2+3") ? bxx(l) :
		       is(b, "C2.5") ? "D50" : "B00";
	if (is(r, "C2.6")) {
		if (is(b, "C8.5")) {
			if (!is(r1, "N2+3") || !is(red(l, 2), "R1.2")) return "A63";
			const char *b1 = black(l, 1), *b2 = black(l, 2);
			return (is(b1, "N8+7") && is(b2, "R9+1")) || (is(b1, "R9+1") && is(b2, "N8+7")) ?
			       "A65" : "A64";
		}
		return is(b, "R9+1") ? "A62" : is(b, "N8+7") ? "A61" : "A60";
	}
	if (is(r, "P3+1"))
		return exx(l);
	return is(r, "P1+1") ? "A08" : is(r, "C2.7") ? "A07" : is(r, "C2.3") ? "A06" :
	       is(r, "C2+4") ? "A05" : is(r, "C2+2") ? "A04" : is(r, "C2.1") ? "A03" :
	       is(r, "N2+1") ? "A02" : is(r, "A4+5") ? "A01" : "A00";
}

/* ------------------------------------------------------ moves to words */

static const char piece_letter[8] = { '?', 'K', 'A', 'B', 'N', 'R', 'C', 'P' };

/* A file as side counts it (1..9 from its right). */
static int own_file(int side, int file) { return side == XQ_RED ? 9 - file : file + 1; }

/* The word of the legal move m of pos. */
static void word(const struct xq_pos *pos, xq_move m, char w[4])
{
	int from_sq = xq_move_from(m), to_sq = xq_move_to(m);
	enum xq_side side = xq_piece_side(pos, from_sq);
	enum xq_type type = xq_piece_type(pos, from_sq);
	int file = XQ_FILE(from_sq), rank = XQ_RANK(from_sq);
	int to_file = XQ_FILE(to_sq), to_rank = XQ_RANK(to_sq);
	int ahead = side == XQ_RED ? to_rank - rank : rank - to_rank;

	w[0] = piece_letter[type];
	w[1] = (char)('0' + own_file(side, file));
	/* another of its kind on the file: front or back, as WXF writes */
	for (int r = 0; r < 10; r++) {
		int sq = XQ_SQ(file, r);
		if (r == rank || xq_piece_type(pos, sq) != type || xq_piece_side(pos, sq) != side)
			continue;
		w[1] = (side == XQ_RED) == (rank > r) ? '+' : '-';
	}
	w[2] = ahead > 0 ? '+' : ahead < 0 ? '-' : '.';
	if (ahead == 0 || type == XQ_HORSE || type == XQ_ELEPHANT || type == XQ_ADVISOR)
		w[3] = (char)('0' + own_file(side, to_file));
	else
		w[3] = (char)('0' + (ahead < 0 ? -ahead : ahead));
}

/* The other wing: files counted from the other side. */
static void mirror(char w[4])
{
	int diagonal = strchr("NBA", w[0]) || w[2] == '.';
	if (w[1] >= '1' && w[1] <= '9')
		w[1] = (char)('0' + 10 - (w[1] - '0'));
	if (diagonal)
		w[3] = (char)('0' + 10 - (w[3] - '0'));
}

/* --------------------------------------------------------------- API */

static void fill_names(const char *c, struct xq_ecco *out)
{
	memcpy(out->code, c, 3);
	out->code[3] = '\0';
	out->opening = out->variation = out->opening_trad = out->variation_trad = "";
	for (size_t i = 0; i < sizeof xq__ecco_names / sizeof *xq__ecco_names; i++)
		if (!memcmp(xq__ecco_names[i].code, c, 3)) {
			out->opening = xq__ecco_names[i].opening;
			out->variation = xq__ecco_names[i].variation;
			out->opening_trad = xq__ecco_names[i].opening_trad;
			out->variation_trad = xq__ecco_names[i].variation_trad;
			return;
		}
}

/* The words of moves[0..n) played from start (the first ECCO_PLIES),
 * mirrored when the first move is on Red's left half; the count of words,
 * XQ_EINVAL or XQ_EILLEGAL as xq_ecco_classify() says. */
static int line_words(const struct xq_pos *start, const xq_move *moves, int n,
		      struct line *l)
{
	struct xq_pos pos, std;

	xq_pos_start(&std);
	if (!xq_pos_same(start, &std) || start->side != XQ_RED)
		return XQ_EINVAL;
	pos = *start;
	if (n > ECCO_PLIES)
		n = ECCO_PLIES;
	for (int p = 0; p < n; p++) {
		struct xq_undo u;
		if (!xq_is_legal(&pos, moves[p]))
			return XQ_EILLEGAL;
		word(&pos, moves[p], l->w[p]);
		xq_make(&pos, moves[p], &u);
	}
	if (n > 0 && l->w[0][1] > '5' && l->w[0][1] <= '9')
		for (int p = 0; p < n; p++)
			mirror(l->w[p]);
	return n;
}

/* The code of the first n words of w, the rest as not played. */
static code classify_prefix(const struct line *all, int n)
{
	struct line l;
	memset(l.w, ' ', sizeof l.w);
	memcpy(l.w, all->w, (size_t)n * sizeof l.w[0]);
	return classify(&l);
}

int xq_ecco_classify(const struct xq_pos *start, const xq_move *moves, int n,
		     struct xq_ecco *out)
{
	struct line w;
	int k = line_words(start, moves, n, &w);
	if (k < 0)
		return k;
	fill_names(classify_prefix(&w, k), out);
	return 0;
}

/*
 * The book: a line cut after p plies classifies as if the next move
 * left every branch of the tree (a missing word matches no test), so the
 * code changes at a ply exactly when that move follows a branch the
 * definitions name; the last such ply ends the book.
 */
int xq_ecco_book_plies(const struct xq_pos *start, const xq_move *moves, int n)
{
	struct line w;
	int k = line_words(start, moves, n, &w), book = 0;
	if (k < 0)
		return k;
	code prev = classify_prefix(&w, 0);
	for (int p = 1; p <= k; p++) {
		code c = classify_prefix(&w, p);
		if (strcmp(c, prev))
			book = p;
		prev = c;
	}
	return book;
}

int xq_ecco_game(const struct xq_game *g, struct xq_ecco *out)
{
	xq_move moves[ECCO_PLIES];
	int n = 0;

	if (g->flags & (XQ_GAME_SETUP | XQ_GAME_BAD_FEN))
		return XQ_EINVAL;
	for (const struct xq_node *nd = g->root.child; nd && n < ECCO_PLIES; nd = nd->child) {
		if (nd->move == XQ_MOVE_NONE)
			break;
		moves[n++] = nd->move;
	}
	return xq_ecco_classify(&g->start, moves, n, out);
}

int xq_ecco_lookup(const char *c, struct xq_ecco *out)
{
	if (!xq_ecco_code_valid(c))
		return XQ_EINVAL;
	fill_names(c, out);
	return *out->opening ? 0 : XQ_EINVAL;
}

int xq_ecco_code_valid(const char *c)
{
	return c && c[0] >= 'A' && c[0] <= 'E' && c[1] >= '0' && c[1] <= '9' &&
	       c[2] >= '0' && c[2] <= '9' && !c[3];
}

/* One end of a range: a letter and up to two digits; a missing digit
 * stands for 0 at the low end and 9 at the high end. */
static int range_end(const char *s, size_t len, int high, int *value)
{
	if (len < 1 || len > 3)
		return XQ_EINVAL;
	int letter = s[0] >= 'a' && s[0] <= 'e' ? s[0] - 'a' + 'A' : s[0];
	if (letter < 'A' || letter > 'E')
		return XQ_EINVAL;
	int num = 0;
	for (size_t i = 1; i < 3; i++) {
		int d = high ? 9 : 0;
		if (i < len) {
			if (s[i] < '0' || s[i] > '9')
				return XQ_EINVAL;
			d = s[i] - '0';
		}
		num = num * 10 + d;
	}
	*value = (letter - 'A') * 100 + num;
	return 0;
}

int xq_ecco_range_parse(const char *spec, struct xq_ecco_range *r)
{
	const char *dash = strchr(spec, '-');
	size_t len = strlen(spec);
	if (!dash)
		return range_end(spec, len, 0, &r->lo) ? XQ_EINVAL : range_end(spec, len, 1, &r->hi);
	if (range_end(spec, (size_t)(dash - spec), 0, &r->lo) ||
	    range_end(dash + 1, strlen(dash + 1), 1, &r->hi) || r->lo > r->hi)
		return XQ_EINVAL;
	return 0;
}

int xq_ecco_range_has(const struct xq_ecco_range *r, const char *c)
{
	if (!xq_ecco_code_valid(c))
		return 0;
	int v = (c[0] - 'A') * 100 + (c[1] - '0') * 10 + (c[2] - '0');
	return v >= r->lo && v <= r->hi;
}

int xq_ecco_set_tags(struct xq_game *g, int trad)
{
	struct xq_ecco e;
	int rc = xq_ecco_game(g, &e);
	if (rc < 0)
		return rc;
	const char *opening = trad ? e.opening_trad : e.opening;
	const char *variation = trad ? e.variation_trad : e.variation;
	const char *old[3] = { xq_game_tag(g, "ECCO"), xq_game_tag(g, "Opening"),
			       xq_game_tag(g, "Variation") };
	if (old[0] && old[1] && old[2] && !strcmp(old[0], e.code) &&
	    !strcmp(old[1], opening) && !strcmp(old[2], variation))
		return 0;
	if (xq_game_set_tag(g, "ECCO", e.code) || xq_game_set_tag(g, "Opening", opening) ||
	    xq_game_set_tag(g, "Variation", variation))
		return XQ_ENOMEM;
	return 1;
}

int xq_ecco_disagrees(const struct xq_game *g, struct xq_ecco *out)
{
	const char *tag = xq_game_tag_known(g, "ECCO");
	if (!tag || xq_ecco_game(g, out) < 0)
		return 0;
	return strcmp(tag, out->code) != 0;
}
