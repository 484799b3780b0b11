/*
 * text.c - plain-text records as pasted from web pages and written by small
 * tools (notation.md sections 7.5, 8 and 9): "key: value" headings
 * (标题, 红方, 结果 ... or PGN tag names), an optional FEN line (also
 * "label,FEN" and "FEN, moves, result" on one line), numbered or
 * unnumbered moves in any notation, result words.  Games are separated by
 * blank lines, headings or a new FEN.  Lines starting with '#' are
 * comments.  The writer produces the usual "1. 炮二平五 马８进７" layout;
 * comments and variations are not part of this format.
 */
#include <stddef.h>
#include <string.h>

#include "buf.h"
#include "movetext.h"

struct text_state {
	struct mt mt;
	char section[256];  /* a collection's section line, for the games after it */
};
/* xq__mt_read_end() frees the state through its struct mt */
_Static_assert(offsetof(struct text_state, mt) == 0, "struct mt comes first");

/* Chinese heading keys and the tags they become. */
static const struct {
	const char *key, *tag;
} headings[] = {
	{ "标题", "Title" }, { "標題", "Title" }, { "赛事", "Event" }, { "賽事", "Event" },
	{ "轮次", "Round" }, { "輪次", "Round" }, { "布局", "Opening" }, { "红方", "Red" },
	{ "紅方", "Red" }, { "黑方", "Black" }, { "结果", "Result" }, { "結果", "Result" },
	{ "日期", "Date" }, { "地点", "Site" }, { "地點", "Site" }, { "红方团体", "RedTeam" },
	{ "黑方团体", "BlackTeam" }, { "红方姓名", "Red" }, { "黑方姓名", "Black" },
	{ "分类", "Section" }, { "记时规则", "TimeControl" }, { "来源网站", "Source" },
	/* ourgame (联众) exports */
	{ "对局名称", "Title" }, { "比赛日期", "Date" }, { "比赛地点", "Site" },
	{ "比赛结果", "Result" }, { "裁判员", "Judge" },
	/* CCBridge's text export: the fields of its CBF head */
	{ "来源", "Source" }, { "赛事类型", "ContestType" }, { "组别", "Group" },
	{ "台次", "Table" }, { "时间规则", "TimeControl" }, { "红等级分", "RedElo" },
	{ "红方用时", "RedTime" }, { "红队", "RedTeam" }, { "黑等级分", "BlackElo" },
	{ "黑方用时", "BlackTime" }, { "黑队", "BlackTeam" }, { "解说", "Annotator" },
	{ "录入", "Recorder" }, { "创建日期", "DateCreated" }, { "修改日期", "DateModified" },
	{ "棋谱类型", "RecordType" }, { "对局种类", "RecordKind" }, { "结束方式", "ResultType" },
	{ "ECCO", "ECCO" },
};

/* The key of a heading, blanks left out ("红    方", "FEN "): known, or
 * NULL.  Only a known key may be spread out with blanks. */
static int known_key(const char *s, size_t n)
{
	char key[64];
	size_t k = 0;
	for (size_t i = 0; i < n && k + 1 < sizeof key; i++)
		if (s[i] != ' ' && s[i] != '\t')
			key[k++] = s[i];
	key[k] = '\0';
	if (!strcmp(key, "FEN") || !strcmp(key, "局面"))
		return 1;
	for (size_t i = 0; i < sizeof headings / sizeof *headings; i++)
		if (!strcmp(headings[i].key, key))
			return 1;
	return 0;
}

/* Whether the line is "key: value" with a short key; *klen, *voff set. */
static int heading(const char *s, size_t n, size_t *klen, size_t *voff)
{
	size_t i = 0;
	int chars = 0, l, blanks = 0;
	if (!n || (s[0] >= '0' && s[0] <= '9') || s[0] == '[' || s[0] == '{')
		return 0;
	while (i < n && chars <= 16) {
		unsigned cp = mt_utf8(s + i, n - i, &l);
		if (cp == ':' || cp == 0xff1a) {
			if (!chars || (blanks && !known_key(s, i)))
				return 0;
			*klen = i;
			i += (size_t)l;
			*voff = i;
			return 1;
		}
		if (cp == ' ' || cp == '\t') {
			blanks = 1;
			i += (size_t)l;
			continue;
		}
		if (mt_is_space(cp) || cp == '/' || cp == ',' || xq__mt_digit(cp) >= 0 ||
		    cp == '.')
			return 0;
		i += (size_t)l;
		chars++;
	}
	return 0;
}

/* Whether s[0..n) is a FEN placement ("rnbakabnr/9/...", 10 ranks). */
static int fen_like(const char *s, size_t n)
{
	int slashes = 0;
	size_t i = 0;
	for (; i < n && s[i] != ' ' && s[i] != ','; i++) {
		if (s[i] == '/')
			slashes++;
		else if (!strchr("123456789rnbakcpheRNBAKCPHE", s[i]))
			return 0;
	}
	return slashes == 9 && i >= 19;
}

/*
 * A FEN whose pieces are Chinese characters, as some tools write after
 * 局面: red 帅 仕 相 馬 車 炮 兵 (帥 傌 俥 too), black 将 士 象 马 车 砲 卒 (將
 * 包 too), and 红 or 黑 for the side: the letters' FEN in out, or 0 when a
 * character is none of these.
 */
static int chinese_fen(const char *s, size_t n, char *out, size_t cap)
{
	static const struct {
		const char *zh;
		char c;
	} pieces[] = {
		{ "帅", 'K' }, { "帥", 'K' }, { "仕", 'A' }, { "相", 'B' }, { "馬", 'N' }, { "傌", 'N' },
		{ "車", 'R' }, { "俥", 'R' }, { "炮", 'C' }, { "兵", 'P' }, { "将", 'k' }, { "將", 'k' },
		{ "士", 'a' }, { "象", 'b' }, { "马", 'n' }, { "车", 'r' }, { "砲", 'c' }, { "包", 'c' },
		{ "卒", 'p' }, { "红", 'w' }, { "紅", 'w' }, { "黑", 'b' },
	};
	size_t o = 0, i = 0;
	int l;
	while (i < n && o + 1 < cap) {
		size_t k;
		if ((unsigned char)s[i] < 0x80) {
			out[o++] = s[i++];
			continue;
		}
		mt_utf8(s + i, n - i, &l);
		for (k = 0; k < sizeof pieces / sizeof *pieces; k++)
			if (strlen(pieces[k].zh) == (size_t)l && !memcmp(s + i, pieces[k].zh, (size_t)l))
				break;
		if (k == sizeof pieces / sizeof *pieces)
			return 0;
		out[o++] = pieces[k].c;
		i += (size_t)l;
	}
	out[o] = '\0';
	return i == n;
}

static void set_heading(struct xq_reader *r, struct xq_game *g, const char *s,
			size_t klen, const char *v, size_t vlen)
{
	char key[64], val[1024];
	const char *tag = NULL;
	size_t k = 0;
	for (size_t i = 0; i < klen && k + 1 < sizeof key; i++)
		if (s[i] != ' ' && s[i] != '\t')
			key[k++] = s[i];
	key[k] = '\0';
	while (vlen && (*v == ' ' || *v == '\t'))
		v++, vlen--;
	{
		/* an empty value, then the next heading ("比赛结果：    裁判员：") */
		size_t kl2, vo2;
		if (vlen && v != s + klen && heading(v, vlen, &kl2, &vo2) && v[-1] == ' ' &&
		    v >= s + klen + 2 && v[-2] == ' ') {
			set_heading(r, g, s, klen, v, 0);
			set_heading(r, g, v, kl2, v + vo2, vlen - vo2);
			return;
		}
	}
	/* several headings on one line, two blanks apart (ourgame's
	 * "比赛日期：...  比赛地点：...", "红    方：...  耗时：...") */
	for (size_t i = 0; i + 2 < vlen; i++) {
		size_t kl2, vo2, j = i;
		if (v[i] != ' ' || v[i + 1] != ' ')
			continue;
		while (j < vlen && v[j] == ' ')
			j++;
		if (j < vlen && heading(v + j, vlen - j, &kl2, &vo2)) {
			set_heading(r, g, s, klen, v, i);
			if (kl2 == strlen("耗时") && !memcmp(v + j, "耗时", kl2) &&
			    (!strcmp(key, "红方") || !strcmp(key, "黑方"))) {
				/* the player's time, by the player before it */
				const char *t = !strcmp(key, "红方") ? "RedTime" : "BlackTime";
				set_heading(r, g, t, strlen(t), v + j + vo2, vlen - j - vo2);
			} else {
				set_heading(r, g, v + j, kl2, v + j + vo2, vlen - j - vo2);
			}
			return;
		}
		i = j - 1;
	}
	while (vlen && (v[vlen - 1] == ' ' || v[vlen - 1] == '\t'))
		vlen--;
	snprintf(val, sizeof val, "%.*s", (int)vlen, v);
	for (size_t i = 0; i < sizeof headings / sizeof *headings; i++)
		if (!strcmp(headings[i].key, key))
			tag = headings[i].tag;
	if (!tag)
		tag = key;
	if (!strcmp(tag, "Result")) {
		const char *res = xq_result_word(val, strlen(val));
		if (res) {
			xq_game_set_tag(g, "Result", res);
			return;
		}
		/* 红方胜 etc. with more words around: keep as written */
	}
	if (!*val)
		return; /* an empty heading says nothing */
	if ((!strcmp(tag, "Opening") || !strcmp(tag, "ECCO")) && strlen(val) >= 3 &&
	    val[0] >= 'A' && val[0] <= 'E' &&
	    val[1] >= '0' && val[1] <= '9' && val[2] >= '0' && val[2] <= '9') {
		char ecco[4] = { val[0], val[1], val[2], 0 };
		xq_game_set_tag(g, "ECCO", ecco);
		const char *rest = val + 3;
		while (*rest == ' ')
			rest++;
		if (*rest)
			xq_game_set_tag(g, "Opening", rest);
		return;
	}
	if (!strcmp(tag, "FEN")) {
		xq_game_set_tag(g, "FEN", val);
		return;
	}
	if (!strcmp(tag, "局面")) {
		char fen[256];
		if (chinese_fen(val, strlen(val), fen, sizeof fen)) {
			xq_game_set_tag(g, "FEN", fen);
			return;
		}
	}
	xq_game_add_tag(g, tag, val);
	(void)r;
}

static int footer(const char *s, size_t n)
{
	static const char *const marks[] = { "dpxq.com", "棋谱由", "xqbase.com", "=====" };
	for (size_t i = 0; i < sizeof marks / sizeof *marks; i++) {
		size_t ml = strlen(marks[i]);
		for (size_t j = 0; j + ml <= n; j++)
			if (!memcmp(s + j, marks[i], ml))
				return 1;
	}
	return 0;
}

/* A line of dashes (ourgame's rules around the header). */
static int rule_line(const char *s, size_t n)
{
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	if (n < 5)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (s[i] != '-')
			return 0;
	return 1;
}

/* The heads of the move columns: words of 棋谱, 红方, 黑方 alone. */
static int column_heads(const char *s, size_t n)
{
	static const char *const words[] = { "棋谱", "棋譜", "红方", "紅方", "黑方" };
	size_t i = 0;
	int any = 0;
	while (i < n) {
		size_t k;
		if (s[i] == ' ' || s[i] == '\t') {
			i++;
			continue;
		}
		for (k = 0; k < sizeof words / sizeof *words; k++)
			if (n - i >= strlen(words[k]) && !memcmp(s + i, words[k], strlen(words[k])))
				break;
		if (k == sizeof words / sizeof *words)
			return 0;
		i += strlen(words[k]);
		any = 1;
	}
	return any;
}

/* Blank-separated fields of s[0..n): up to max, *count set; 1 when the
 * line has no more than max. */
static int fields(const char *s, size_t n, const char **f, size_t *fl, int max, int *count)
{
	size_t i = 0;
	int k = 0;
	for (;;) {
		size_t l = n - i;
		const char *p = xq__mt_skip_space(s + i, &l);
		size_t e = 0;
		int cl;
		if (!l)
			break;
		while (e < l && !mt_is_space(mt_utf8(p + e, l - e, &cl)))
			e += (size_t)cl;
		if (k == max)
			return 0;
		f[k] = p;
		fl[k++] = e;
		i = (size_t)(p - s) + e;
	}
	*count = k;
	return 1;
}

/*
 * A collection's game heading: "吉林洪智  红先胜  上海林宏敏", red player,
 * result word, black player; the result as a token in *res.
 */
static int game_heading(const char *s, size_t n, const char **f, size_t *fl,
			const char **res)
{
	static const char *const glued[] = { "红先胜", "红先负", "红先和", "紅先勝", "紅先負", "紅先和" };
	int k;
	if (!fields(s, n, f, fl, 3, &k))
		return 0;
	if (k != 3 || !xq_result_word(f[1], fl[1])) {
		/* glued: "廖二平红先负吉林陶汉明", "火车头金波红先负 湖南张申宏" */
		k = 0;
		for (size_t i = 0; i < sizeof glued / sizeof *glued && !k; i++)
			for (size_t j = 3; j + 9 < n; j++)
				if (!memcmp(s + j, glued[i], 9)) {
					size_t a = j, b = j + 9, e = n;
					while (a && (s[a - 1] == ' ' || s[a - 1] == '\t'))
						a--;
					while (b < e && (s[b] == ' ' || s[b] == '\t'))
						b++;
					while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t'))
						e--;
					f[0] = s, fl[0] = a;
					f[1] = s + j, fl[1] = 9;
					f[2] = s + b, fl[2] = e - b;
					k = a && e > b && !memchr(s, ' ', a) && !memchr(s + b, ' ', e - b) ? 3 : -1;
					break;
				}
	}
	if (k != 3)
		return 0;
	for (int i = 0; i < 3; i += 2)
		for (size_t j = 0; j < fl[i]; j++)
			if ((f[i][j] >= '0' && f[i][j] <= '9') || f[i][j] == '.' || f[i][j] == ':')
				return 0;
	*res = xq_result_word(f[1], fl[1]);
	return *res != NULL;
}

/* A line of text with no move in it (no 进, 退, 平 and no move number)
 * and some CJK: a collection's section title ("第一站2001·8·14（上午）"). */
static int section_line(const char *s, size_t n)
{
	static const char *const verbs[] = { "进", "退", "平", "進" };
	int cjk = 0, l;
	if (!n || xq__mt_digit(mt_utf8(s, n, &l)) >= 0 || xq_result_word(s, n))
		return 0;
	/* a comment or a variation is part of the game */
	for (size_t j = 0; j < n; j++)
		if (s[j] == '{' || s[j] == '}' || s[j] == '(' || s[j] == ')' || s[j] == ';')
			return 0;
	for (size_t i = 0; i < sizeof verbs / sizeof *verbs; i++)
		for (size_t j = 0; j + 3 <= n; j++)
			if (!memcmp(s + j, verbs[i], 3))
				return 0;
	for (size_t i = 0; i < n; i += (size_t)l) {
		unsigned cp = mt_utf8(s + i, n - i, &l);
		cjk |= cp >= 0x4e00 && cp <= 0x9fff;
	}
	return cjk && n < 200;
}

/* Glued ICCS moves ("h2e2h9g7..."), as some tools write them after a FEN
 * line: at least two moves and nothing else. */
static int glued_iccs(const char *s, size_t n)
{
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	if (n < 8 || n % 4)
		return 0;
	for (size_t i = 0; i < n; i += 4)
		if (s[i] < 'a' || s[i] > 'i' || s[i + 1] < '0' || s[i + 1] > '9' ||
		    s[i + 2] < 'a' || s[i + 2] > 'i' || s[i + 3] < '0' || s[i + 3] > '9')
			return 0;
	return 1;
}

static int text_read(struct xq_reader *r, struct xq_game *g)
{
	struct text_state *st = xq__mt_state(r, sizeof *st);
	const char *s;
	size_t len;
	int rc, any = 0, has_fen = 0, skip_board = 0, section_here = 0;
	long fen_line = 0;

	if (!st)
		return XQ_ENOMEM;
	xq__mt_begin(&st->mt, r, g);
	st->mt.text_mode = 1;
	while ((rc = xq_reader_getline(r, &s, &len)) > 0) {
		long ln = xq_reader_line(r);
		size_t tl = len, klen, voff;
		const char *t = xq__mt_skip_space(s, &tl);
		int started = st->mt.nodes > 0 || st->mt.ended;

		if (st->mt.in_comment) {
			xq__mt_line(&st->mt, s, len, ln);
			continue;
		}
		if (!tl) {
			if (skip_board) {
				skip_board = 0;
				continue;
			}
			if (started || has_fen)
				break;
			continue;
		}
		if (t[0] == '#')
			continue;
		if (skip_board)
			continue;
		if (footer(t, tl)) {
			if (!any)
				continue;
			if (started)
				break;
			continue;
		}
		if (rule_line(t, tl) || column_heads(t, tl)) {
			/* a rule or the columns' heads ("棋谱  红方  黑方") of a
			 * record's layout: nothing to read */
			if (started)
				break;
			continue;
		}
		if (heading(t, tl, &klen, &voff)) {
			if (started || has_fen) {
				xq_reader_ungetline(r);
				break;
			}
			if (!any)
				g->line = ln;
			any = 1;
			if (!strncmp(t, "初始局面", klen)) {
				skip_board = 1;
				continue;
			}
			set_heading(r, g, t, klen, t + voff, tl - voff);
			continue;
		}
		/* FEN, alone or with a label before it and moves after it */
		const char *f = NULL;
		size_t fl = 0, pos = 0;
		while (pos < tl) {
			size_t e = pos;
			while (e < tl && t[e] != ',')
				e++;
			size_t ps = pos, pl = e - pos;
			const char *p = xq__mt_skip_space(t + ps, &pl);
			if (fen_like(p, pl)) {
				f = p;
				fl = pl;
				pos = e < tl ? e + 1 : e;
				if (pos == e && e < tl)
					pos++;
				break;
			}
			pos = e < tl ? e + 1 : e;
		}
		if (f) {
			if (started || has_fen) {
				xq_reader_ungetline(r);
				break;
			}
			if (!any)
				g->line = ln;
			any = 1;
			has_fen = 1;
			fen_line = ln;
			while (fl && (f[fl - 1] == ' ' || f[fl - 1] == '\t'))
				fl--;
			char fen[256];
			snprintf(fen, sizeof fen, "%.*s", (int)fl, f);
			xq_game_set_tag(g, "FEN", fen);
			size_t lab = (size_t)(f - t);
			while (lab && (t[lab - 1] == ',' || t[lab - 1] == ' '))
				lab--;
			if (lab) {
				char title[512];
				snprintf(title, sizeof title, "%.*s", (int)lab, t);
				xq_game_set_tag(g, "Title", title);
			}
			if (pos < tl)
				xq__mt_line(&st->mt, t + pos, tl - pos, ln);
			continue;
		}
		{
			const char *hf[3], *res;
			size_t hl[3];
			if (game_heading(t, tl, hf, hl, &res)) {
				char v[256];
				if (started || has_fen || xq_game_tag(g, "Red")) {
					xq_reader_ungetline(r);
					break;
				}
				if (!any)
					g->line = ln;
				any = 1;
				snprintf(v, sizeof v, "%.*s", (int)hl[0], hf[0]);
				xq_game_set_tag(g, "Red", v);
				snprintf(v, sizeof v, "%.*s", (int)hl[2], hf[2]);
				xq_game_set_tag(g, "Black", v);
				xq_game_set_tag(g, "Result", res);
				continue;
			}
		}
		if (section_line(t, tl)) {
			if (started) {
				/* a round's heading after a game: it ends the game */
				xq_reader_ungetline(r);
				break;
			}
			if (!any) {
				/* several lines before one game ("第三站...", "第二局")
				 * are one heading; the first of a gap replaces the
				 * last gap's */
				size_t k = section_here ? strlen(st->section) : 0;
				if (k + 2 + tl >= sizeof st->section) {
					xq_reader_problem(r, g, XQ_SEV_WARNING, XQ_P_LIMIT, ln, 0, 0, NULL,
							  "section heading longer than %zu bytes: the rest of it left out",
							  sizeof st->section - 1);
					continue;
				}
				snprintf(st->section + k, sizeof st->section - k, "%s%.*s", k ? "  " : "",
					 (int)tl, t);
				section_here = 1;
				continue;
			}
			/* a title between the headings and the moves (CCBridge's
			 * "最新弈法"): the comment before the first move */
			if (xq_node_comment(g, &g->root, 0, t, tl) < 0)
				return XQ_ENOMEM;
			continue;
		}
		if (st->mt.ended) {
			if (xq__mt_starts_game(t, tl)) {
				xq_reader_ungetline(r);
				break;
			}
			continue;
		}
		if (!any)
			g->line = ln;
		any = 1;
		if (glued_iccs(t, tl)) {
			/* h2e2h9g7...: the moves one by one */
			char buf[4096];
			size_t o = 0, i = 0;
			for (; i < tl && o + 5 < sizeof buf && t[i] != ' ' && t[i] != '\t'; i += 4) {
				memcpy(buf + o, t + i, 4);
				o += 4;
				buf[o++] = ' ';
			}
			if (i >= tl || t[i] == ' ' || t[i] == '\t') {
				xq_reader_problem(r, g, XQ_SEV_NOTE, XQ_P_SYNTAX, ln, (long)(t - s) + 1, 0, NULL,
						  "glued ICCS moves (h2e2h9g7...) read four characters a move");
				xq__mt_line(&st->mt, buf, o, ln);
				continue;
			}
		}
		xq__mt_line(&st->mt, s, len, ln);
	}
	if (any && st->section[0] && !xq_game_tag(g, "Section"))
		xq_game_add_tag(g, "Section", st->section);
	return xq__mt_finish(&st->mt, rc, any, fen_line);
}

static int text_sniff(const unsigned char *head, size_t len, const char *name)
{
	size_t n = len, tl, klen, voff;
	const char *s = xq__mt_sniff_start(head, &n);
	(void)name;
	if (!n || *s == '[' || *s == '{')
		return 0;
	const char *eol = memchr(s, '\n', n);
	tl = eol ? (size_t)(eol - s) : n;
	if (*s == '#')
		return 45;
	for (size_t i = 0; i < tl; i++)
		if ((i == 0 || s[i - 1] == ',' || s[i - 1] == ' ') && fen_like(s + i, tl - i))
			return 60;
	/* a text heading only counts when it is not ASCII "Key:" junk */
	if (heading(s, tl, &klen, &voff) && (unsigned char)s[0] >= 0x80)
		return 60;
	if (heading(s, tl, &klen, &voff))
		return 30;
	/* Chinese moves without tags */
	for (size_t i = 0; i + 3 <= n && i < 4096; i++)
		if (!memcmp(s + i, "进", 3) || !memcmp(s + i, "平", 3) || !memcmp(s + i, "退", 3))
			return 45;
	return 1;
}

/* ---------------------------------------------------------------- writer */

/* A tag name as a heading key the reader takes back as one: at most 16
 * characters, none of space, digit, '.', ',', '/', ':', control. */
static void put_key(struct xq_writer *w, const char *name)
{
	size_t i = 0, n = strlen(name);
	int chars = 0, l;
	while (i < n && chars < 16) {
		unsigned cp = mt_utf8(name + i, n - i, &l);
		if (cp < 0x20 || cp == 0x7f || mt_is_space(cp) || xq__mt_digit(cp) >= 0 || cp == '.' ||
		    cp == ',' || cp == '/' || cp == ':' || cp == 0xff1a || cp == 0xfffd ||
		    (chars == 0 && (cp == '[' || cp == '{' || cp == '#')))
			xq_writer_put(w, "_", 1);
		else
			xq_writer_put(w, name + i, (size_t)l);
		i += (size_t)l;
		chars++;
	}
	if (!chars)
		xq_writer_put(w, "_", 1);
	xq_writer_put(w, ": ", 2);
}

struct text_moves {
	struct xq_writer *w;
	enum xq_notation n;
	unsigned nflags;
	int plies, moveno, rc;
	const struct xq_node *unplayable; /* the main line stops here */
	struct xq__buf bad;               /* the text from there */
};

/* One move of the main line, "1. 炮二平五 马８进７" a line (the written
 * order, variations left out); where the main line cannot be played, the
 * text below the bad move is kept from the walk's unplayed steps. */
static int text_move(void *data, const struct xq_walk_step *s)
{
	struct text_moves *c = data;
	char buf[XQ_MOVE_TEXT_MAX + 16];
	int len;

	if (s->flags & XQ_STEP_UNPLAYED) {
		xq__mt_unplayed_step(&c->bad, s);
		return XQ_WALK_NEXT;
	}
	if (s->flags & XQ_STEP_ENTER)
		return XQ_WALK_SKIP;
	if (!(s->flags & XQ_STEP_MAINLINE) || c->unplayable)
		return XQ_WALK_STOP;
	len = !s->after ? XQ_EILLEGAL :
	      xq_move_format(s->before, s->node->move, c->n, c->nflags, buf, sizeof buf);
	if (len == XQ_EILLEGAL) {
		c->unplayable = s->node;
		xq__mt_unplayed_start(&c->bad, s->node);
		return s->after ? XQ_WALK_STOP : XQ_WALK_NEXT;
	}
	if (len < 0) {
		c->rc = len;
		return XQ_WALK_STOP;
	}
	if (s->before->side == XQ_RED) {
		if (c->plies)
			xq_writer_newline(c->w);
		xq_writer_printf(c->w, "%d. %s", c->moveno, buf);
	} else {
		if (!c->plies)
			xq_writer_printf(c->w, "%d. … %s", c->moveno, buf);
		else
			xq_writer_printf(c->w, " %s", buf);
		c->moveno++;
	}
	c->plies++;
	return XQ_WALK_NEXT;
}

static int text_write(struct xq_writer *w, const struct xq_game *g)
{
	const struct xq_writer_opts *o = xq_writer_options(w);
	enum xq_notation n = o->notation ? o->notation : XQ_NOTATION_CHINESE;
	struct text_moves c = { w, n, o->notation_flags, 0, 1, 0, NULL, { 0 } };
	int rc = 0;
	const char *res;

	if (!(g->flags & XQ_GAME_REPLAYED))
		return XQ_EINVAL;
	{
		long nc, nv;
		if ((rc = xq__mt_count_extras(g, &nc, &nv)) < 0)
			return rc;
		if (o->flags & XQ_WRITE_NO_COMMENTS)
			nc = 0;
		if (o->flags & XQ_WRITE_NO_VARIATIONS)
			nv = 0;
		if (nc || nv)
			xq_writer_problem(w, g, XQ_SEV_WARNING, XQ_P_LIMIT,
					  "the text format holds no comments or variations: "
					  "%ld comment%s and %ld variation%s left out (-t pgn keeps them)",
					  nc, nc == 1 ? "" : "s", nv, nv == 1 ? "" : "s");
	}
	for (const struct xq_tag *t = g->tags; t; t = t->next) {
		if (!strcmp(t->name, "FEN") || !strcmp(t->name, "Game") || !strcmp(t->name, "Format"))
			continue;
		put_key(w, t->name);
		for (const char *p = t->value; *p; p++)
			xq_writer_put(w, *p == '\n' || *p == '\r' ? " " : p, 1);
		xq_writer_newline(w);
	}
	if (g->flags & XQ_GAME_BAD_FEN) {
		const char *fen = xq_game_tag(g, "FEN");
		if (fen) {
			xq_writer_printf(w, "FEN: %s", fen);
			xq_writer_newline(w);
		}
	} else if (g->flags & XQ_GAME_SETUP) {
		xq_writer_put(w, g->start_fen, strlen(g->start_fen));
		xq_writer_newline(w);
	}
	if (g->start.fullmove > 1 && g->start.fullmove < 10000)
		c.moveno = g->start.fullmove;
	rc = xq_game_walk_mode(g, XQ_WALK_WRITTEN | XQ_WALK_UNPLAYED, text_move, &c);
	if (rc >= 0 && c.bad.oom)
		rc = XQ_ENOMEM;
	if (rc < 0 || c.rc < 0) {
		xq__buf_free(&c.bad);
		return rc < 0 ? rc : c.rc;
	}
	if (c.plies)
		xq_writer_newline(w);
	if (c.unplayable) {
		/* --keep-broken: what could not be played, as a comment line */
		xq_writer_put(w, "# ", 2);
		xq_writer_put(w, c.bad.p, c.bad.len);
		xq__buf_free(&c.bad);
		xq_writer_newline(w);
	}
	res = xq__mt_game_result(g);
	if (!strcmp(res, "1-0"))
		xq_writer_put(w, "红胜", strlen("红胜"));
	else if (!strcmp(res, "0-1"))
		xq_writer_put(w, "黑胜", strlen("黑胜"));
	else if (!strcmp(res, "1/2-1/2"))
		xq_writer_put(w, "和棋", strlen("和棋"));
	else
		xq_writer_put(w, "*", 1);
	xq_writer_newline(w);
	rc = xq_writer_newline(w);
	return rc;
}

const struct xq_format xq_format_text = {
	.name = "text",
	.extensions = "txt text",
	.description = "plain text move lists (FEN line, numbered or bare moves, result words)",
	.flags = 0,
	.sniff = text_sniff,
	.read = text_read,
	.read_end = xq__mt_read_end,
	.write = text_write,
	.write_end = NULL,
};
