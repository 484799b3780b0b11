/*
 * test_rules.c - repetition rulings and the natural limit (lib/rules.c).
 *
 *  1. The 173 WXF-manual cases of ../shared/corpus/rules/wxf-repetition.tsv
 *     under the AXF rules at the source's threshold (the first recurrence,
 *     --fold 2): the verdict of the last ruling of the line against the
 *     expected one.  Rows that disagree are listed in known_disagreements[]
 *     with the reason, and tested to give the verdict we know we give.
 *  2. Cases of our own for every row of the verdict tables of the spec's
 *     section 5 (AXF 5.1, CXA 5.2, the differences of 5.3) and for every
 *     numbered item of chapters 7 and 8 of the 1956 rules, each naming its
 *     rule; the moves of the 1956 text are used where the position could be
 *     built for them (written in the text's own notation, 上/下 for 进/退).
 *  3. The natural limit: 119 against 120 plies, a capture resetting, pawn
 *     moves not resetting, the ten-check cap for each side, mate on the
 *     limit move, FEN counters at and past the limit, a lower limit.
 *  4. The API's edges: bad options, illegal moves, truncation.
 */
#include "tap.h"
#include "xq.h"

/* Play the moves of text (blank separated, any notation) on j; events of
 * the last ply with a repetition ruling are copied to *last (if any).
 * Returns the number of moves played, -1 on a move that does not parse. */
static int play_line(struct xq_judge *j, const char *text, struct xq_event *last,
		     int *nrulings)
{
	char buf[8192];
	int n = 0;
	snprintf(buf, sizeof buf, "%s", text);
	for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
		xq_move m;
		struct xq_err err;
		const struct xq_pos *pos = xq_judge_position(j, xq_judge_plies(j));
		if (xq_move_parse(pos, tok, strlen(tok), XQ_NOTATION_ANY, 0, &m, &err)) {
			diagf("move '%s' after %d plies: %s", tok, n, err.msg);
			return -1;
		}
		int ne = xq_judge_push(j, m);
		if (ne < 0)
			return -1;
		for (int i = 0; i < ne; i++) {
			const struct xq_event *e = xq_judge_event(j, i);
			if (e->kind == XQ_EVENT_REPETITION) {
				if (last)
					*last = *e;
				if (nrulings)
					(*nrulings)++;
			}
		}
		n++;
	}
	return n;
}

/* ---------------------------------------------------------------- WXF */

static const struct {
	const char *id, *verdict, *why;
} known_disagreements[] = {
	{ "W153", "draw",
	  "red's pawn leaving c6 removes the screen of black's cannon c9 that protects the horse c1 "
	  "(cutting a root by taking a screen away); counting that as a chase would also make black's "
	  "advisor in W56-W60 (WXF diagrams 39-41), which uncovers a root the same way, a chaser, "
	  "where the manual rules red alone guilty" },
};

static void wxf_cases(void)
{
	FILE *fp = fopen(shared_path("corpus/rules/wxf-repetition.tsv"), "r");
	char line[8192];
	int rows = 0, agree = 0;

	if (!ok(fp != NULL, "wxf-repetition.tsv found under %s", shared_path("")))
		return;
	if (!fgets(line, sizeof line, fp))
		line[0] = 0;
	while (fgets(line, sizeof line, fp)) {
		char *f[6] = { 0 }, *p = line;
		int nf = 0;
		line[strcspn(line, "\n")] = 0;
		while (nf < 6) {
			f[nf++] = p;
			if (!(p = strchr(p, '\t')))
				break;
			*p++ = 0;
		}
		if (nf < 4)
			continue;
		rows++;
		struct xq_pos pos;
		struct xq_err err;
		struct xq_judge_opts o = { .rules = XQ_RULES_AXF, .fold = 2 };
		struct xq_judge *j = xq_judge_new(&o, NULL);
		struct xq_event last;
		int nr = 0;
		last.verdict = XQ_VERDICT_NONE;
		if (xq_pos_from_fen(&pos, f[1], XQ_FEN_LAX, &err) || !j ||
		    xq_judge_start(j, &pos) < 0 || play_line(j, f[2], &last, &nr) < 0) {
			ok(0, "%s: FEN and moves play", f[0]);
			xq_judge_free(j);
			continue;
		}
		const char *got = nr ? xq_verdict_name(last.verdict) : "none";
		const char *want = f[3], *why = NULL;
		for (size_t k = 0; k < sizeof known_disagreements / sizeof known_disagreements[0]; k++)
			if (!strcmp(known_disagreements[k].id, f[0])) {
				want = known_disagreements[k].verdict;
				why = known_disagreements[k].why;
			}
		if (!why && !strcmp(got, f[3]))
			agree++;
		if (why)
			is_str(got, want, "%s: known disagreement (WXF says %s): %s", f[0], f[3], why);
		else
			is_str(got, want, "%s: %s (%s)", f[0], f[3], f[4]);
		xq_judge_free(j);
	}
	fclose(fp);
	is_int(rows, 173, "all 173 rows read");
	is_int(agree, 172, "172 of 173 rows agree with the WXF manual");
}

/* ---------------------------------------------------------- own cases */

struct rcase {
	const char *name;       /* the rule the case is for */
	enum xq_rules rules;
	const char *fen;
	const char *cycle;      /* played twice: the start recurs a 3rd time */
	enum xq_verdict want;
	const char *cite;       /* must occur in the rule cited */
	int review;             /* 1 needs review, 0 not, -1 either */
};

#define CXA XQ_RULES_CXA
#define AXF XQ_RULES_AXF
#define Y56 XQ_RULES_1956
#define DRAW XQ_VERDICT_DRAW
#define RED XQ_VERDICT_RED_LOSES
#define BLACK XQ_VERDICT_BLACK_LOSES

/* Positions (constructed; the 1956 texts give only moves). */
#define F_BLOCK "3aka3/9/2c5r/4p4/9/9/4P4/9/2R6/3AKA3 w - - 0 1"
#define M_BLOCK "车七平九 炮3平1 车九平八 炮1平2 车八平七 炮2平3"
#define F_EXCHANGE "3aka3/9/7r1/4p4/9/9/4P4/7R1/9/3AKA3 w - - 0 1"
#define M_EXCHANGE "车二平一 车8平9 车一平三 车9平7 车三平二 车7平8"
#define F_FOLLOW "4k4/4a4/8r/9/9/9/R7C/9/4A4/4K4 w - - 0 1"
#define M_FOLLOW "炮一平二 车9平8 炮二平一 车8平9"
#define F_CHECK_IDLE "4k4/9/9/4p4/9/2R6/4P4/9/9/4K4 w - - 0 1"
#define M_CHECK_IDLE "车七上五 将5上1 车七下五 将5下1"
/* Mutual perpetual check (解将还将): Red in check from the black rook
 * d9 blocks with the rook, uncovering the red cannon's check through the
 * black cannon; the cannon steps aside, uncovering the rook's check... */
#define F_MUTUAL_CHECK "3rka3/4c4/4R2P1/9/9/9/9/9/9/3KC4 w - - 0 1"
#define M_MUTUAL_CHECK "e7d7 e8d8 d7e7 d8e8"
/* 1956 图十, the text's own moves: the red rook checks on the e-file
 * (with the red cannon e2 behind it), the black cannon interposes and
 * uncovers the black rook's check on the f-file, the red rook interposes
 * there and uncovers the red cannon's check through the black cannon,
 * the black cannon steps back and checks through the red rook. */
#define F_TU10 "4kr3/9/5c3/9/5R3/9/9/4C4/9/5K3 w - - 0 1"
#define M_TU10 "车四平五 炮6平5 车五平四 炮5平6"
/* CXA 29.4: the rook chases the unprotected cannon a7/a6, but taking it
 * opens the b-file: 车2进9 (b9b0) mates, the pawns d2, e2 covering d1, e1. */
#define F_MATE_AFTER "1r2k4/9/c8/1R7/9/9/9/3pp4/9/3K5 w - - 0 1"
#define M_MATE_AFTER "b6b7 a7a6 b7b6 a6a7"
/* 联合捉 (CXA 图10/11's pattern, constructed): the red rook chases in turn
 * the unprotected horse a5 (from d5) and, jointly with the cannon h0
 * (screen h2), the horse h4 protected once by the rook h9 (from d4);
 * black's rook chases the unprotected red horses i7 and i8 in turn. */
#define F_JOINT "4k2r1/1r6N/8N/9/n2R5/7n1/9/7p1/9/3K3C1 w - - 0 1"
#define M_JOINT "d5d4 b8b7 d4d5 b7b8"
#define F_PAWN "4k4/4a4/8r/7P1/9/9/9/9/4A4/4K4 w - - 0 1"
#define M_PAWN "兵二平一 车9平8 兵一平二 车8平9"
#define F_KING "4k4/4a4/9/9/9/9/9/9/4c4/5K3 w - - 0 1"
#define M_KING "帅四平五 炮5平6 帅五平四 炮6平5"
/* Rook and horse chasing each other in turn, an 8-ply cycle. */
#define F_ROOK_HORSE "4k4/9/9/9/9/2n6/9/1R7/9/5K3 w - - 0 1"
#define M_ROOK_HORSE "b2c2 c4a3 c2c3 a3b1 c3b3 b1d2 b3b2 d2c4"
#define F_PERPETUAL_CHECK "4k4/1R7/9/9/9/9/9/9/9/3K5 w - - 0 1"
#define M_PERPETUAL_CHECK "车八上一 将5上1 车八下一 将5下1"
#define F_PERPETUAL_CHECK_B "3k5/9/9/9/9/9/9/9/1r7/4K4 b - - 0 1"
#define M_PERPETUAL_CHECK_B "b1b0 e0e1 b0b1 e1e0"
/* A rook on the 8th rank; the other rook threatens to mate on the 9th,
 * black's rook blocks the file (offering the exchange). */
#define F_KILL "4k4/R8/6r2/4p4/9/9/4P4/6R2/9/3K5 w - - 0 1"
#define M_KILL "g2h2 g7h7 h2g2 h7g7"
#define F_CHASE "4k4/9/c8/1R7/9/9/9/9/9/3K5 w - - 0 1"
#define M_CHASE "车八上一 炮1上1 车八下一 炮1下1"
#define F_CHASE_B "3k5/9/9/9/9/9/1r7/C8/9/5K3 b - - 0 1"
#define M_CHASE_B "b3b2 a2a3 b2b3 a3a2"
/* 一将一要杀: 1956 图十七's moves fit WXF diagram of wxf-repetition.tsv W19. */
#define F_CHECK_KILL "2bak4/4a4/4b4/8p/5R3/8P/n8/1r2C4/9/1cBAKAB2 w - - 0 1"
#define M_CHECK_KILL "车四平二 将5平6 车二平四 将6平5"
#define F_CHECK_CHASE "3k5/9/9/c8/1R7/9/9/9/9/5K3 w - - 0 1"
#define M_CHECK_CHASE "b5b9 d9d8 b9b6 a6a5 b6b8 d8d9 b8b5 a5a6"
/* 一将一要抽吃 (1956 图十九's moves): back on c5 the rook threatens
 * 车七平六 (check), 士5上4, 车六平一 (the cannon's discovered check, the
 * rook attacking the black rook on a9); on the other move it checks. */
#define F_CHECK_DISCOVERY "r2k5/4a4/9/9/2R6/9/9/9/3C5/5K3 w - - 0 1"
#define M_CHECK_DISCOVERY "车七上四 将4上1 车七下四 将4下1"
#define F_TWO_POINTS "4k4/9/5c3/9/3R5/9/9/9/9/3K5 w - - 0 1"
#define M_TWO_POINTS "车六上二 炮6上2 车六下二 炮6下2"
/* One rook chasing two pieces in turn (a cannon, then a horse). */
#define F_TWO_VICTIMS "3k5/9/c8/4R3n/9/9/9/9/9/5K3 w - - 0 1"
#define M_TWO_VICTIMS "e6e7 d9d8 e7e6 d8d9"

static const struct rcase rcases[] = {
	/* 1956 chapter 7, item 2 (allowed cycles: draws when neither changes) */
	{ "1956 ch. 7 item 2.1 长拦", Y56, F_BLOCK, M_BLOCK, DRAW, "2.1", 0 },
	{ "1956 ch. 7 item 2.2 长兑", Y56, F_EXCHANGE, M_EXCHANGE, DRAW, "2.2", 0 },
	{ "1956 ch. 7 item 2.3 长跟", Y56, F_FOLLOW, M_FOLLOW, DRAW, "2.3", 0 },
	{ "1956 ch. 7 item 2.4 一将一闲", Y56, F_CHECK_IDLE, M_CHECK_IDLE, DRAW, "2.4", 0 },
	{ "1956 ch. 7 item 2.5 解将还将 (图十's moves)", Y56, F_TU10, M_TU10, DRAW, "2.5", 0 },
	{ "1956 ch. 7 item 2.5 解将还将 (a second position)", Y56, F_MUTUAL_CHECK, M_MUTUAL_CHECK, DRAW, "2.5", 0 },
	{ "1956 ch. 7 item 2.6 卒兵长捉", Y56, F_PAWN, M_PAWN, DRAW, "2.6", 0 },
	{ "1956 ch. 7 item 2.7 将帅长捉", Y56, F_KING, M_KING, DRAW, "2.7", 0 },
	/* 2.8: 图十三's moves (车八平六 马4进6 车六进一 马6退5) take the rook
	 * from the b- to the d-file and the horse from d to f to e: the
	 * pieces do not come back, so those four moves make no repetition.
	 * Closing them into a cycle in which every move chases is impossible
	 * in 8 plies: after 马6退5 the rook must go to e(r-1) to chase the
	 * horse on e(r+1), the horse can then only escape to c(r) or g(r)
	 * attacking the rook, and from there no horse move returns to d(r).
	 * So the case is a cycle of rook and horse chases of our own. */
	{ "1956 ch. 7 item 2.8 车马循环反捉", Y56, F_ROOK_HORSE, M_ROOK_HORSE, DRAW, "2.8", 0 },
	/* 1956 chapter 8 (forbidden: the side that goes on loses) */
	{ "1956 ch. 8 item 1 长将", Y56, F_PERPETUAL_CHECK, M_PERPETUAL_CHECK, RED, "item 1", 0 },
	{ "1956 ch. 8 item 2 长要杀", Y56, F_KILL, M_KILL, RED, "item 2", 0 },
	{ "1956 ch. 8 item 3 长捉无根子", Y56, F_CHASE, M_CHASE, RED, "items 3 and 8", 0 },
	{ "1956 ch. 8 item 4 一将一要杀", Y56, F_CHECK_KILL, M_CHECK_KILL, RED, "item 4", 0 },
	{ "1956 ch. 8 item 5 一将一捉", Y56, F_CHECK_CHASE, M_CHECK_CHASE, RED, "item 5", 0 },
	{ "1956 ch. 8 item 6 一将一要抽吃", Y56, F_CHECK_DISCOVERY, M_CHECK_DISCOVERY, RED, "item 6", 0 },
	{ "1956 ch. 8 item 8 捉一不捉二", Y56, F_TWO_POINTS, M_TWO_POINTS, RED, "and 8", 0 },
	/* CXA, spec 5.2, one case per row */
	{ "CXA 5.2 PC vs PC: draw", CXA, F_MUTUAL_CHECK, M_MUTUAL_CHECK, DRAW, "26.3", 0 },
	{ "CXA 5.2 PC vs not PC: Red loses", CXA, F_PERPETUAL_CHECK, M_PERPETUAL_CHECK, RED, "26.1", 0 },
	{ "CXA 5.2 not PC vs PC: Black loses", CXA, F_PERPETUAL_CHECK_B, M_PERPETUAL_CHECK_B, BLACK, "26.1", 0 },
	{ "CXA 5.2 forbidden vs forbidden: draw", CXA, F_ROOK_HORSE, M_ROOK_HORSE, DRAW, "26.3", 0 },
	{ "CXA 5.2 forbidden vs allowed: Red loses", CXA, F_CHASE, M_CHASE, RED, "26.4", 0 },
	{ "CXA 5.2 allowed vs forbidden: Black loses", CXA, F_CHASE_B, M_CHASE_B, BLACK, "26.4", 0 },
	{ "CXA 5.2 allowed vs allowed: draw", CXA, F_EXCHANGE, M_EXCHANGE, DRAW, "26.2", 0 },
	/* AXF, spec 5.1, one case per row */
	{ "AXF 5.1 PC vs PC: draw", AXF, F_MUTUAL_CHECK, M_MUTUAL_CHECK, DRAW, "rule 7", 0 },
	{ "AXF 5.1 PC vs other: Red loses", AXF, F_PERPETUAL_CHECK, M_PERPETUAL_CHECK, RED, "rules 6 and 8", 0 },
	{ "AXF 5.1 other vs PC: Black loses", AXF, F_PERPETUAL_CHECK_B, M_PERPETUAL_CHECK_B, BLACK, "rules 6 and 8", 0 },
	{ "AXF 5.1 PCh vs PCh: draw", AXF, F_ROOK_HORSE, M_ROOK_HORSE, DRAW, "diagram 48", 0 },
	{ "AXF 5.1 PCh vs neither: Red loses", AXF, F_CHASE, M_CHASE, RED, "一子长捉一子作负", 0 },
	{ "AXF 5.1 neither vs PCh: Black loses", AXF, F_CHASE_B, M_CHASE_B, BLACK, "一子长捉一子作负", 0 },
	{ "AXF 5.1 neither vs neither: draw", AXF, F_EXCHANGE, M_EXCHANGE, DRAW, "rule 5", 0 },
	/* spec 5.3: where AXF and CXA differ */
	{ "5.3 perpetual mate threat vs idle, AXF: draw", AXF, F_KILL, M_KILL, DRAW, "rule 5", 0 },
	{ "5.3 perpetual mate threat vs idle, CXA: Red loses", CXA, F_KILL, M_KILL, RED, "26.4", 0 },
	{ "5.3 check and chase in turn vs idle, AXF: draw", AXF, F_CHECK_CHASE, M_CHECK_CHASE, DRAW, "rule 5", 0 },
	{ "5.3 check and chase in turn vs idle, CXA: Red loses", CXA, F_CHECK_CHASE, M_CHECK_CHASE, RED, "26.4", 0 },
	{ "5.3 one piece chasing two in turn, AXF: draw (rule 32)", AXF, F_TWO_VICTIMS, M_TWO_VICTIMS, DRAW, "rule 5", 0 },
	{ "5.3 one piece chasing two in turn, CXA: Red loses, needs review (M)", CXA, F_TWO_VICTIMS, M_TWO_VICTIMS, RED, "26.4", 1 },
	{ "5.3 chase definition: a threat to win by check (抽吃), AXF: idle, a draw", AXF, F_CHECK_DISCOVERY, M_CHECK_DISCOVERY, DRAW, "rule 5", 0 },
	{ "5.3 chase definition: a threat to win by check (抽吃), CXA 29.1: a chase, Red loses", CXA, F_CHECK_DISCOVERY, M_CHECK_DISCOVERY, RED, "26.4", 0 },
	{ "5.3 mate-threat detection: check and mate threat in turn, AXF: a draw", AXF, F_CHECK_KILL, M_CHECK_KILL, DRAW, "rule 5", 0 },
	{ "5.3 mate-threat detection: check and mate threat in turn, CXA: Red loses", CXA, F_CHECK_KILL, M_CHECK_KILL, RED, "26.4", 0 },
	{ "5.3 perpetual check, the same under AXF: Red loses", AXF, F_PERPETUAL_CHECK, M_PERPETUAL_CHECK, RED, "rules 6 and 8", 0 },
	{ "5.3 perpetual check, the same under CXA: Red loses", CXA, F_PERPETUAL_CHECK, M_PERPETUAL_CHECK, RED, "26.1", 0 },
	/* CXA 29.4 (棋例细则 7): the capture would let the opponent mate, so
	 * the attack is idle under CXA; AXF has no such clause. */
	{ "CXA 29.4: a capture that allows mate is idle: a draw", CXA, F_MATE_AFTER, M_MATE_AFTER, DRAW, "26.2", 0 },
	{ "CXA 29.4 does not apply under AXF: the chaser loses", AXF, F_MATE_AFTER, M_MATE_AFTER, RED, "一子长捉一子作负", 0 },
	/* 联合捉 (CXA 图10/11, spec 5.2): both sides forbidden, a draw by the
	 * table, flagged for review; AXF: chasing two pieces in turn on both
	 * sides, a draw. */
	{ "CXA 联合捉 (图10/11 pattern): draw by 26.3, needs review", CXA, F_JOINT, M_JOINT, DRAW, "26.3", 1 },
	{ "AXF: the same cycle, each side chasing two pieces in turn, a draw", AXF, F_JOINT, M_JOINT, DRAW, "rule 5", 0 },
};

static void dump(const struct xq_event *e);

/* Rows of spec 5.3 on WXF-manual positions (read from wxf-repetition.tsv
 * by id, played as given, at the source's threshold: the first
 * recurrence), under both rule sets; review: the text that must be in it
 * (NULL: no review). */
static const struct {
	const char *name, *id;
	enum xq_rules rules;
	enum xq_verdict want;
	const char *cite, *review;
} wxf_rows[] = {
	{ "5.3 perpetual chase vs check and chase in turn, AXF: the chaser loses", "W72", AXF, RED, "一子长捉一子作负", NULL },
	{ "5.3 perpetual chase vs check and chase in turn, CXA: both forbidden, a draw (M/L)", "W72", CXA, DRAW, "26.3", "not both pure chases" },
	{ "5.3 perpetual chase vs mate threat, AXF: the chaser loses", "W51", AXF, RED, "一子长捉一子作负", NULL },
	{ "5.3 perpetual chase vs mate threat, CXA: both forbidden, a draw (M/L)", "W51", CXA, DRAW, "26.3", "not both pure chases" },
	{ "5.3 perpetual chase vs chasing two pieces in turn, AXF: the chaser (Black) loses", "W117", AXF, BLACK, "一子长捉一子作负", NULL },
	{ "5.3 perpetual chase vs chasing two pieces in turn, CXA: both forbidden, a draw (M)", "W117", CXA, DRAW, "26.3", "several pieces chased in turn" },
	{ "5.3 two attackers vs one protector (WXF diagram 87), AXF rule 35: a draw", "W129", AXF, DRAW, "rule 5", NULL },
	{ "5.3 two attackers vs one protector (WXF diagram 87), CXA 少根子: Red loses, needs review (L)", "W129", CXA, RED, "26.4", "少根子" },
	{ "5.3 two attackers vs one protector (WXF diagram 89), AXF rule 35: a draw", "W131", AXF, DRAW, "rule 5", NULL },
	{ "5.3 two attackers vs one protector (WXF diagram 89), CXA 少根子: Red loses, needs review (L)", "W131", CXA, RED, "26.4", "少根子" },
};

static void wxf_row_cases(void)
{
	for (size_t i = 0; i < sizeof wxf_rows / sizeof wxf_rows[0]; i++) {
		FILE *fp = fopen(shared_path("corpus/rules/wxf-repetition.tsv"), "r");
		char line[8192], fen[256] = "", moves[4096] = "";
		size_t idlen = strlen(wxf_rows[i].id);
		while (fp && fgets(line, sizeof line, fp))
			if (!strncmp(line, wxf_rows[i].id, idlen) && line[idlen] == '\t') {
				char *f = line + idlen + 1, *m = strchr(f, '\t'), *e;
				if (!m || !(e = strchr(m + 1, '\t')))
					break;
				snprintf(fen, sizeof fen, "%.*s", (int)(m - f), f);
				snprintf(moves, sizeof moves, "%.*s", (int)(e - m - 1), m + 1);
				break;
			}
		if (fp)
			fclose(fp);
		struct xq_pos pos;
		struct xq_judge_opts o = { .rules = wxf_rows[i].rules, .fold = 2 };
		struct xq_judge *j = xq_judge_new(&o, NULL);
		struct xq_event last;
		int nr = 0;
		memset(&last, 0, sizeof last);
		if (!fen[0] || xq_pos_from_fen(&pos, fen, XQ_FEN_LAX, NULL) || xq_judge_start(j, &pos) < 0 ||
		    play_line(j, moves, &last, &nr) < 0) {
			ok(0, "%s: %s found and played", wxf_rows[i].name, wxf_rows[i].id);
			xq_judge_free(j);
			continue;
		}
		int good = nr >= 1 && last.verdict == wxf_rows[i].want && strstr(last.rule, wxf_rows[i].cite) &&
			   (wxf_rows[i].review ? strstr(last.review, wxf_rows[i].review) != NULL : !last.review[0]);
		ok(good, "%s (%s, %s): %s, citing '%s'", wxf_rows[i].name, wxf_rows[i].id,
		   xq_rules_name(wxf_rows[i].rules), xq_verdict_name(wxf_rows[i].want), wxf_rows[i].cite);
		if (!good)
			dump(&last);
		xq_judge_free(j);
	}
}

static void dump(const struct xq_event *e)
{
	diagf("ruling at ply %d, span %d-%d: %s; classes %s/%s; rule: %s; review: %s", e->ply,
	      e->first, e->ply, xq_verdict_name(e->verdict), xq_class_name(e->cls[0]),
	      xq_class_name(e->cls[1]), e->rule, e->review);
	for (int i = 0; i < e->nlabels; i++) {
		char t[5];
		xq_move_iccs(e->labels[i].move, t);
		diagf("  ply %d %s flags %#x chased %d", e->labels[i].ply, t, e->labels[i].flags,
		      e->labels[i].nchased);
	}
}

static void own_cases(void)
{
	for (size_t i = 0; i < sizeof rcases / sizeof rcases[0]; i++) {
		const struct rcase *c = &rcases[i];
		struct xq_pos pos;
		struct xq_judge_opts o = { .rules = c->rules };
		struct xq_judge *j = xq_judge_new(&o, NULL);
		struct xq_event last;
		char line[1024];
		int nr = 0, n;

		memset(&last, 0, sizeof last);
		snprintf(line, sizeof line, "%s %s", c->cycle, c->cycle);
		if (xq_pos_from_fen(&pos, c->fen, 0, NULL) || xq_judge_start(j, &pos) < 0 ||
		    (n = play_line(j, line, &last, &nr)) < 0) {
			ok(0, "%s: position and moves", c->name);
			xq_judge_free(j);
			continue;
		}
		int good = nr == 1 && last.ply == n && last.verdict == c->want &&
			   strstr(last.rule, c->cite) &&
			   (c->review < 0 || !!last.review[0] == c->review);
		ok(good, "%s (%s): %s, citing '%s'", c->name, xq_rules_name(c->rules),
		   xq_verdict_name(c->want), c->cite);
		if (!good) {
			diagf("%d rulings", nr);
			dump(&last);
		}
		xq_judge_free(j);
	}
}

/* Labels of single moves: each kind the labeller knows, on one move. */
static void label_cases(void)
{
	static const struct {
		const char *name, *fen, *moves;
		enum xq_rules rules;
		int ply;          /* which move's label */
		unsigned want;    /* flags that must be set */
		unsigned absent;  /* flags that must not be */
	} L[] = {
		{ "check", F_PERPETUAL_CHECK, M_PERPETUAL_CHECK, CXA, 1, XQ_LABEL_CHECK, 0 },
		{ "mate threat (杀)", F_KILL, M_KILL, CXA, 1, XQ_LABEL_KILL, 0 },
		{ "chase (捉) of the cannon", F_CHASE, M_CHASE, AXF, 1, XQ_LABEL_CHASE, 0 },
		{ "exchange offer (兑)", F_EXCHANGE, M_EXCHANGE, AXF, 2, XQ_LABEL_IDLE | XQ_LABEL_EXCHANGE, 0 },
		{ "block (拦)", F_BLOCK, M_BLOCK, AXF, 2, XQ_LABEL_IDLE | XQ_LABEL_BLOCK, 0 },
		{ "follow (跟)", F_FOLLOW, M_FOLLOW, AXF, 2, XQ_LABEL_IDLE | XQ_LABEL_FOLLOW, 0 },
		{ "pawn attack is idle", F_PAWN, M_PAWN, CXA, 1, XQ_LABEL_IDLE | XQ_LABEL_KING_PAWN, 0 },
		{ "king attack is idle", F_KING, M_KING, CXA, 1, XQ_LABEL_IDLE | XQ_LABEL_KING_PAWN, 0 },
		{ "win by check (抽吃)", F_CHECK_DISCOVERY, M_CHECK_DISCOVERY, Y56, 3, XQ_LABEL_DISCOVERY, 0 },
		{ "offer (献) of an unprotected piece", "4k4/9/9/2c6/R8/9/9/9/9/3K5 w - - 0 1",
		  "d0d1 c6c5 d1d0 c5c6", AXF, 2, XQ_LABEL_IDLE | XQ_LABEL_OFFER, 0 },
		{ "CXA 29.4: an attack whose capture allows mate is idle", F_MATE_AFTER, M_MATE_AFTER, CXA, 1,
		  XQ_LABEL_IDLE | XQ_LABEL_MATE_AFTER, 0 },
		{ "CXA joint chase 联合捉 (two attackers, one protector)", F_JOINT, M_JOINT, CXA, 1,
		  XQ_LABEL_CHASE | XQ_LABEL_JOINT, 0 },
		{ "CXA: the same rook's chase of an unprotected piece is not joint", F_JOINT, M_JOINT, CXA, 3,
		  XQ_LABEL_CHASE, XQ_LABEL_JOINT },
	};
	for (size_t i = 0; i < sizeof L / sizeof L[0]; i++) {
		struct xq_pos pos;
		struct xq_judge_opts o = { .rules = L[i].rules };
		struct xq_judge *j = xq_judge_new(&o, NULL);
		struct xq_event last;
		char line[1024];
		int nr = 0;
		memset(&last, 0, sizeof last);
		snprintf(line, sizeof line, "%s %s", L[i].moves, L[i].moves);
		int played = !xq_pos_from_fen(&pos, L[i].fen, 0, NULL) && xq_judge_start(j, &pos) >= 0 &&
			     play_line(j, line, &last, &nr) > 0 && nr == 1;
		int good = played && last.nlabels >= L[i].ply &&
			   (last.labels[L[i].ply - 1].flags & L[i].want) == L[i].want &&
			   !(last.labels[L[i].ply - 1].flags & L[i].absent);
		ok(good, "label: %s", L[i].name);
		if (!good && played)
			dump(&last);
		xq_judge_free(j);
	}
}

/* The chased pieces and squares of a chase, and the victim's square. */
static void chase_details(void)
{
	struct xq_pos pos;
	struct xq_judge_opts o = { .rules = AXF };
	struct xq_judge *j = xq_judge_new(&o, NULL);
	struct xq_event last;
	char line[256];
	int nr = 0;
	snprintf(line, sizeof line, "%s %s", M_CHASE, M_CHASE);
	xq_pos_from_fen(&pos, F_CHASE, 0, NULL);
	xq_judge_start(j, &pos);
	play_line(j, line, &last, &nr);
	ok(nr == 1 && last.nlabels == 8, "one ruling over 8 plies");
	const struct xq_label *l = &last.labels[0];
	ok(l->nchased == 1 && l->chased[0].type == XQ_CANNON && l->chased[0].sq == XQ_SQ(0, 7),
	   "ply 1 chases the cannon on a7");
	ok(last.labels[2].nchased == 1 && last.labels[2].chased[0].sq == XQ_SQ(0, 6) &&
	   last.labels[2].chased[0].id == l->chased[0].id, "ply 3 chases the same cannon, on a6");
	is_int(last.victim[0], XQ_SQ(0, 7), "the perpetually chased piece stands on a7 at the ruling");
	is_int(last.victim[1], -1, "black chases nothing");
	is_int(last.cls[0], XQ_CLASS_PERPETUAL_CHASE, "red: perpetual chase");
	is_int(last.occurrences, 3, "3 occurrences");
	is_int(last.cycle, 4, "cycle of 4 plies");
	is_int(last.first, 1, "span from ply 1");
	xq_judge_free(j);
}

/* Threshold: fold 2, 3, 4 rule at the 2nd, 3rd, 4th occurrence. */
static void folds(void)
{
	for (int fold = 2; fold <= 4; fold++) {
		struct xq_pos pos;
		struct xq_judge_opts o = { .rules = CXA, .fold = fold };
		struct xq_judge *j = xq_judge_new(&o, NULL);
		struct xq_event last;
		char line[512];
		int nr = 0;
		memset(&last, 0, sizeof last);
		snprintf(line, sizeof line, "%s %s %s", M_CHASE, M_CHASE, M_CHASE);
		xq_pos_from_fen(&pos, F_CHASE, 0, NULL);
		xq_judge_start(j, &pos);
		play_line(j, line, &last, &nr);
		/* fold 2: rulings at plies 4, 8 and 12; fold 3: 8; fold 4: 12 */
		is_int(nr, fold == 2 ? 3 : 1, "fold %d: rulings in three cycles", fold);
		is_int(last.ply, fold == 2 ? 12 : 4 * (fold - 1), "fold %d: last ruling at ply", fold);
		is_int(last.occurrences, fold == 2 ? 4 : fold, "fold %d: occurrences", fold);
		xq_judge_free(j);
	}
	/* A ruling, then more of the same: the next ruling waits for fold
	 * further occurrences, and the span starts at the first occurrence. */
	struct xq_pos pos;
	struct xq_judge *j = xq_judge_new(NULL, NULL);
	struct xq_event last;
	char line[512];
	int nr = 0;
	snprintf(line, sizeof line, "%s %s %s %s", M_CHASE, M_CHASE, M_CHASE, M_CHASE);
	xq_pos_from_fen(&pos, F_CHASE, 0, NULL);
	xq_judge_start(j, &pos);
	play_line(j, line, &last, &nr);
	is_int(nr, 2, "four cycles at fold 3: rulings at plies 8 and 16");
	is_int(last.ply, 16, "the second at ply 16");
	is_int(last.first, 1, "its span starts at the first occurrence");
	xq_judge_free(j);
	/* A capture clears the history. */
	j = xq_judge_new(NULL, NULL);
	nr = 0;
	xq_pos_from_fen(&pos, "4k4/9/9/9/9/9/9/p8/9/R2K5 w - - 0 1", 0, NULL);
	xq_judge_start(j, &pos);
	play_line(j, "a0a1 e9e8 a1a0 e8e9 a0a2 e9e8 a2a0 e8e9 a0a1 e9e8 a1a0", &last, &nr);
	is_int(nr, 0, "a capture (a0a2 takes the pawn) starts a new window: no 3rd occurrence");
	xq_judge_free(j);
}

/* ------------------------------------------------------ natural limit */

struct lim {
	int limit_ply, limit_kind, claim_ply[2], unseen, may[2];
	int nlimit;
};

static enum xq_rules limit_rules = CXA;

static int run_limit(const char *fen, const char *moves, int limit, struct lim *r)
{
	struct xq_pos pos;
	struct xq_judge_opts o = { .rules = limit_rules, .limit = limit };
	struct xq_judge *j = xq_judge_new(&o, NULL);
	char *buf = strdup(moves);
	int n = 0, ne;

	memset(r, 0, sizeof *r);
	r->limit_ply = r->claim_ply[0] = r->claim_ply[1] = -1;
	if (xq_pos_from_fen(&pos, fen, 0, NULL) || (ne = xq_judge_start(j, &pos)) < 0) {
		free(buf);
		xq_judge_free(j);
		return -1;
	}
	for (char *tok = strtok(buf, " ");; tok = strtok(NULL, " ")) {
		for (int i = 0; i < ne; i++) {
			const struct xq_event *e = xq_judge_event(j, i);
			if (e->kind == XQ_EVENT_LIMIT || e->kind == XQ_EVENT_LIMIT_MATE) {
				r->nlimit++;
				r->limit_ply = e->ply;
				r->limit_kind = e->kind;
				r->unseen = e->unseen;
				for (int k = 0; k < 2; k++)
					if (e->may_claim[k]) {
						r->claim_ply[k] = e->ply;
						r->may[k] = 1;
					}
			} else if (e->kind == XQ_EVENT_CLAIM) {
				r->claim_ply[e->claimant] = e->ply;
			}
		}
		if (!tok)
			break;
		xq_move m;
		if (xq_move_parse(xq_judge_position(j, n), tok, strlen(tok), XQ_NOTATION_ICCS, 0, &m, NULL) ||
		    (ne = xq_judge_push(j, m)) < 0) {
			diagf("move %d '%s' does not play", n + 1, tok);
			n = -1;
			break;
		}
		n++;
	}
	free(buf);
	xq_judge_free(j);
	return n;
}

/* pattern repeated k times, joined by blanks, appended to buf */
static void rep(char *buf, size_t size, const char *pattern, int k)
{
	for (int i = 0; i < k; i++) {
		size_t n = strlen(buf);
		snprintf(buf + n, size - n, "%s%s", n ? " " : "", pattern);
	}
}

/* Red: K d0, horse a0, rook b8; Black: K e9.  Quiet: the horse and the
 * black king shuffle (4 plies); check: the rook checks twice (4 plies). */
#define F_LIM "4k4/1R7/9/9/9/9/9/9/9/N2K5 w - - 0 1"
#define QUIET "a0b2 e9f9 b2a0 f9e9"
#define CHECKS "b8b9 e9e8 b9b8 e8e9"
/* Black: K e9... mirrored for black's checks: black rook b1, horse a9;
 * Red: K e0; black to move. */
#define F_LIM_B "n2k5/9/9/9/9/9/9/9/1r7/4K4 b - - 0 1"
#define QUIET_B "a9b7 e0f0 b7a9 f0e0"
#define CHECKS_B "b1b0 e0e1 b0b1 e1e0"

static void natural_limit(void)
{
	static char buf[8192];
	struct lim r;

	buf[0] = 0;
	rep(buf, sizeof buf, QUIET, 29);
	strcat(buf, " a0b2 e9f9 b2a0");          /* 119 plies */
	is_int(run_limit(F_LIM, buf, 0, &r), 119, "119 plies play");
	is_int(r.nlimit, 0, "119 plies without a capture: no limit yet");
	strcat(buf, " f9e9");                    /* 120 */
	run_limit(F_LIM, buf, 0, &r);
	is_int(r.limit_ply, 120, "120 plies: the natural limit at ply 120");
	ok(r.may[0] && r.may[1], "both sides may claim at 120");
	/* spec 5.3: the natural limit is the same under every rule set */
	for (limit_rules = AXF; limit_rules <= Y56; limit_rules++) {
		run_limit(F_LIM, buf, 0, &r);
		ok(r.limit_ply == 120 && r.may[0] && r.may[1], "5.3 natural limit: the same under %s (ply 120)",
		   xq_rules_name(limit_rules));
	}
	limit_rules = CXA;
	rep(buf, sizeof buf, QUIET, 2);
	run_limit(F_LIM, buf, 0, &r);
	is_int(r.nlimit, 1, "reported once per window");

	/* A capture at ply 61 resets: the limit comes 120 plies later. */
	const char *cap_fen = "4k4/9/9/9/9/9/9/9/p8/N2K4R w - - 0 1";
	buf[0] = 0;
	rep(buf, sizeof buf, "i0i1 e9f9 i1i0 f9e9", 15);   /* 60 plies */
	strcat(buf, " i0i1 e9f9 i1a1");                    /* ply 63 captures */
	rep(buf, sizeof buf, "f9e9 a1a2 e9f9 a2a1", 29);   /* 179 */
	strcat(buf, " f9e9 a1a2 e9f9 a2a1");               /* 183 */
	run_limit(cap_fen, buf, 0, &r);
	is_int(r.limit_ply, 183, "a capture at ply 63 moves the limit to ply 183 (63 + 120)");
	buf[0] = 0;
	rep(buf, sizeof buf, "i0i1 e9f9 i1i0 f9e9", 15);
	strcat(buf, " i0i1 e9f9 i1a1");
	rep(buf, sizeof buf, "f9e9 a1a2 e9f9 a2a1", 29);
	strcat(buf, " f9e9 a1a2 e9f9");                     /* 182 */
	run_limit(cap_fen, buf, 0, &r);
	is_int(r.nlimit, 0, "and not one ply earlier");

	/* Pawn moves do not reset the count. */
	const char *pawn_fen = "4k4/9/9/9/9/9/P8/9/9/N2K5 w - - 0 1";
	buf[0] = 0;
	strcat(buf, "a3a4 e9f9 a4a5 f9e9 a5a6 e9f9 a6a7 f9e9");  /* 8 plies, 4 pawn moves */
	rep(buf, sizeof buf, QUIET, 28);                           /* 120 */
	run_limit(pawn_fen, buf, 0, &r);
	is_int(r.limit_ply, 120, "pawn moves do not reset: the limit still at 120");

	/* Ten checks count; the eleventh and later do not (Red). */
	buf[0] = 0;
	rep(buf, sizeof buf, CHECKS, 5);        /* 10 red checks */
	rep(buf, sizeof buf, QUIET, 25);        /* 120 plies */
	run_limit(F_LIM, buf, 0, &r);
	ok(r.limit_ply == 120 && r.may[0] && r.may[1], "10 red checks: both may claim at 120");
	buf[0] = 0;
	rep(buf, sizeof buf, CHECKS, 8);        /* 16 red checks */
	rep(buf, sizeof buf, QUIET, 25);        /* 132 plies */
	run_limit(F_LIM, buf, 0, &r);
	ok(r.limit_ply == 120 && !r.may[0] && r.may[1],
	   "16 red checks: at 120 only Black may claim (Red has 60 - 6 valid moves)");
	is_int(r.claim_ply[0], 131, "Red may claim at ply 131, its 66th move");
	/* The same for Black's checks. */
	buf[0] = 0;
	rep(buf, sizeof buf, CHECKS_B, 5);
	rep(buf, sizeof buf, QUIET_B, 25);
	run_limit(F_LIM_B, buf, 0, &r);
	ok(r.limit_ply == 120 && r.may[0] && r.may[1], "10 black checks: both may claim at 120");
	buf[0] = 0;
	rep(buf, sizeof buf, CHECKS_B, 8);
	rep(buf, sizeof buf, QUIET_B, 25);
	run_limit(F_LIM_B, buf, 0, &r);
	ok(r.limit_ply == 120 && r.may[0] && !r.may[1], "16 black checks: at 120 only Red may claim");
	is_int(r.claim_ply[1], 131, "Black may claim at ply 131");

	/* Mate on the limit move ends the game by the mate. */
	const char *mate_fen = "4k4/R8/9/9/9/9/9/1R7/9/3K5 w - - 119 60";
	run_limit(mate_fen, "b2b9", 0, &r);
	ok(r.limit_ply == 1 && r.limit_kind == XQ_EVENT_LIMIT_MATE && !r.may[0] && !r.may[1],
	   "FEN counter 119, a mate on ply 1 (the 120th): the mate, not the limit");
	run_limit(mate_fen, "b2b3", 0, &r);
	ok(r.limit_ply == 1 && r.limit_kind == XQ_EVENT_LIMIT && r.unseen == 119,
	   "FEN counter 119, a quiet move: the limit at ply 1, 119 plies unseen");

	/* FEN counters at and past the limit: reported before any move. */
	run_limit("4k4/R8/9/9/9/9/9/1R7/9/3K5 w - - 120 61", "b2b3", 0, &r);
	ok(r.limit_ply == 0 && r.unseen == 120 && r.nlimit == 1, "FEN counter 120: the limit at ply 0");
	run_limit("4k4/R8/9/9/9/9/9/1R7/9/3K5 w - - 150 76", "b2b3", 0, &r);
	ok(r.limit_ply == 0 && r.unseen == 150, "FEN counter 150: the limit at ply 0, 150 unseen");
	run_limit("4k4/R8/9/9/9/9/9/1R7/9/3K5 w - - 118 60", "b2b3", 0, &r);
	is_int(r.nlimit, 0, "FEN counter 118 and one ply: not yet");

	/* A lower limit for lower events. */
	buf[0] = 0;
	rep(buf, sizeof buf, QUIET, 10);
	run_limit(F_LIM, buf, 40, &r);
	is_int(r.limit_ply, 40, "limit 40: reached at ply 40");
}

static void api_edges(void)
{
	int err = 0;
	struct xq_judge_opts o = { .fold = 5 };
	ok(!xq_judge_new(&o, &err) && err == XQ_ERANGE, "fold 5 is out of range");
	o.fold = 1;
	ok(!xq_judge_new(&o, &err) && err == XQ_ERANGE, "fold 1 is out of range");
	o.fold = 0;
	o.limit = 121;
	ok(!xq_judge_new(&o, &err) && err == XQ_ERANGE, "an odd limit is out of range");
	o.limit = 1002;
	ok(!xq_judge_new(&o, &err) && err == XQ_ERANGE, "limit 1002 is out of range");

	struct xq_judge *j = xq_judge_new(NULL, NULL);
	struct xq_pos pos;
	xq_pos_start(&pos);
	ok(xq_judge_start(j, &pos) == 0, "start position: no event");
	ok(xq_judge_push(j, xq_move_make(XQ_SQ(0, 0), XQ_SQ(0, 5))) == XQ_EILLEGAL,
	   "an illegal move is refused");
	is_int(xq_judge_plies(j), 0, "and not played");
	/* 1956 ch. 8 item 7 帅将对面: a king move that faces the other king is
	 * not a legal move (the rule is the move generator's). */
	xq_pos_from_fen(&pos, "4k4/9/9/9/9/9/9/9/9/3K5 b - - 0 1", 0, NULL);
	xq_judge_start(j, &pos);
	ok(xq_judge_push(j, xq_move_make(XQ_SQ(4, 9), XQ_SQ(3, 9))) == XQ_EILLEGAL,
	   "1956 ch. 8 item 7 帅将对面: 将5平4 facing the red king is refused");
	ok(xq_judge_push(j, xq_move_make(XQ_SQ(4, 9), XQ_SQ(5, 9))) == 0, "将5平6 plays");
	ok(xq_judge_truncate(j, 5) == XQ_ERANGE, "truncate past the line: XQ_ERANGE");
	ok(xq_judge_truncate(j, 0) == 0 && xq_judge_plies(j) == 0, "truncate to the start");
	ok(xq_judge_event(j, 0) == NULL, "no event after truncation");
	xq_judge_free(j);
	xq_judge_free(NULL);

	enum xq_rules r;
	ok(!xq_rules_from_name("AXF", &r) && r == XQ_RULES_AXF, "rules name AXF");
	ok(!xq_rules_from_name("1956", &r) && r == XQ_RULES_1956, "rules name 1956");
	ok(!xq_rules_from_name("cxa", &r) && r == XQ_RULES_CXA, "rules name cxa");
	ok(xq_rules_from_name("fide", &r) == XQ_EINVAL, "unknown rules name");
	is_str(xq_verdict_name(XQ_VERDICT_BLACK_LOSES), "black-loses", "verdict name");
	is_str(xq_class_name(XQ_CLASS_FORBIDDEN), "forbidden", "class name");
}

int main(void)
{
	wxf_cases();
	own_cases();
	wxf_row_cases();
	label_cases();
	chase_details();
	folds();
	natural_limit();
	api_edges();
	return done_testing();
}
