/*
 * replay.c - walk a game's tree, resolve every move text to a legal move
 * and say exactly what is wrong where: illegal, ambiguous or unknown
 * moves, moves after mate or stalemate, the side to move of the FEN
 * against the first move, a result that contradicts a final mate.
 *
 * Move texts are read with xq_move_parse() (any notation); ICCS is read
 * here directly (it needs no position and is the bulk of big databases),
 * and WinBoard SAN ("Che2", "Cxe3+", [Variant "xiangqi"]) is resolved here
 * against the legal moves as a last resort.  One walk (lib/walk.c) goes
 * over the tree; a stretch of a line without alternatives it plays by the
 * run (xq__replay_run, below): each move tested and made in one step over
 * the board and its lines.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "ascii.h"
#include "board.h"
#include "movegen.h"
#include "notation_impl.h"
#include "replay.h"
#include "walk.h"
#include "xq.h"

/*
 * The run: a stretch of a line, each move tested and made in one step
 * over the board and its lines, for as long as the moves are ICCS or the
 * common shapes of Chinese and WXF moves (xq__replay_run).
 */
/* ICCS characters to padded-board offsets by table (ISQ()): a file
 * letter either case to its column, a rank digit to its row times 16;
 * 0 for any other byte (no point has column or row 0). */
#define FL(c, f) [c] = (f) + 3, [(c) - 'a' + 'A'] = (f) + 3
static const uint8_t iccs_file[256] = {
	FL('a', 0), FL('b', 1), FL('c', 2), FL('d', 3), FL('e', 4), FL('f', 5),
	FL('g', 6), FL('h', 7), FL('i', 8),
};
#undef FL
#define RK(r) ['0' + (r)] = ((r) + 3) * 16
static const uint8_t iccs_rank[256] = {
	RK(0), RK(1), RK(2), RK(3), RK(4), RK(5), RK(6), RK(7), RK(8), RK(9),
};
#undef RK

/* An ICCS text ending in its NUL, each letter either case, with or
 * without a dash between the points ("h2e2", "H2E2", "H2-E2", "h2-e2":
 * replay.c's parse_iccs() without strlen): 1 with its points in *from and
 * *to, or 0. */
static inline int quick_iccs(const char *s, unsigned *from, unsigned *to)
{
	const unsigned char *u = (const unsigned char *)s;
	unsigned f1, r1, f2, r2, dash;
	/* in order: each test stops at the NUL before the next read */
	if (!(f1 = iccs_file[u[0]]) || !(r1 = iccs_rank[u[1]]))
		return 0;
	dash = u[2] == '-';
	u += dash;
	if (!(f2 = iccs_file[u[2]]) || !(r2 = iccs_rank[u[3]]) || u[4])
		return 0;
	*from = r1 + f1;
	*to = r2 + f2;
	return 1;
}

/* What the judge (lib/rules.c) and the searches need of a move replay
 * played, kept in its node: the key after it, what it took (cap: the
 * board value on its destination before), whether it gives check; a
 * played move is not bad. */
static inline void mark_played(struct xq_node *n, uint64_t key, int check, unsigned cap)
{
	n->key = key;
	n->taken = cap ? (uint8_t)piece_type((uint8_t)cap) : XQ_NONE;
	n->flags = (uint8_t)((n->flags & ~(XQ_NODE_BAD | XQ_NODE_CHECK | XQ_NODE_CAPTURE)) |
			     XQ_NODE_PLAYED | (check ? XQ_NODE_CHECK : 0) |
			     (cap ? XQ_NODE_CAPTURE : 0));
}


/*
 * The replay run's view of the board by line: for each file (line[c],
 * bit r for the point of rank row r and column c of the padded board) and
 * each rank (line[16 + r], bit c), the points that are not empty, pieces
 * and padding alike, in the low half and mirrored (bit 31 - i for bit i) in
 * the high half.  The padding is three points deep, so a ray from a point
 * of the board meets two set bits within its line: the first two pieces
 * on a ray are bit operations, not loops whose ends the processor must
 * guess.
 */
struct occ {
	uint32_t line[32];
};

/* The empty board's lines: a file's padding is rows 0-2 and 13-15, a
 * rank's columns 0-2 and 12-15 (0xf007, mirrored 0xe00f); the rows and
 * columns off the board are padding throughout. */
#define OCC_OFF 0xffffffffu
#define OCC_FILE 0xe007e007u
#define OCC_RANK 0xe00ff007u
static const uint32_t occ_empty[32] = {
	OCC_OFF, OCC_OFF, OCC_OFF, OCC_FILE, OCC_FILE, OCC_FILE, OCC_FILE, OCC_FILE,
	OCC_FILE, OCC_FILE, OCC_FILE, OCC_FILE, OCC_OFF, OCC_OFF, OCC_OFF, OCC_OFF,
	OCC_OFF, OCC_OFF, OCC_OFF, OCC_RANK, OCC_RANK, OCC_RANK, OCC_RANK, OCC_RANK,
	OCC_RANK, OCC_RANK, OCC_RANK, OCC_RANK, OCC_RANK, OCC_OFF, OCC_OFF, OCC_OFF,
};

/* A point's bits in its line: index i and, mirrored, 31 - i. */
#define OB(i) (1u << (i)) | (0x80000000u >> (i))
static const uint32_t occ_bit[16] = {
	OB(0), OB(1), OB(2), OB(3), OB(4), OB(5), OB(6), OB(7),
	OB(8), OB(9), OB(10), OB(11), OB(12), OB(13), OB(14), OB(15),
};
#undef OB

static inline void occ_set(struct occ *o, unsigned isq)
{
	o->line[isq & 15] |= occ_bit[isq >> 4];
	o->line[16 + (isq >> 4)] |= occ_bit[isq & 15];
}

static inline void occ_clear(struct occ *o, unsigned isq)
{
	o->line[isq & 15] &= ~occ_bit[isq >> 4];
	o->line[16 + (isq >> 4)] &= ~occ_bit[isq & 15];
}

static void occ_init(struct occ *o, const uint8_t *sq_of)
{
	memcpy(o->line, occ_empty, sizeof o->line);
	/* a taken piece's slot is 0, a padding point: set already */
	for (int s = 0; s < 32; s++)
		occ_set(o, sq_of[s]);
}

/* Where the rays from a point start in the lines: for point k and ray d
 * (ortho[] order: up and down the file, right and left along the rank),
 * the line's index in struct occ and the shift that brings the bit after
 * k to bit 0 (k's place i in its line: i + 1 up or right, 32 - i down or
 * left, in the mirrored half). */
#define RAY_AT(k, d) (((d) < 2 ? (k) & 15 : 16 + ((k) >> 4)) | \
	((d) == 0 ? ((k) >> 4) + 1 : (d) == 1 ? 32 - ((k) >> 4) : \
	 (d) == 2 ? ((k) & 15) + 1 : 32 - ((k) & 15)) << 8)
#define RAYS_AT(k) { RAY_AT(k, 0), RAY_AT(k, 1), RAY_AT(k, 2), RAY_AT(k, 3) }
static const uint16_t ray_at[256][4] = { REP256(RAYS_AT, 0) };
#undef RAYS_AT
#undef RAY_AT

/* The first two points that are not empty from k along ray d. */
SCAN void occ_ray(const struct occ *o, unsigned k, unsigned d, unsigned *p1, unsigned *p2)
{
	unsigned at = ray_at[k][d], step = (unsigned)ortho[d]; /* indices mod 2^32 */
	uint32_t m = o->line[at & 31] >> (at >> 8);

	*p1 = k + step * ((unsigned)__builtin_ctz(m) + 1);
	m &= m - 1;
	*p2 = k + step * ((unsigned)__builtin_ctz(m) + 1);
}

/* What a piece of side `by` does on a ray from the other king, by
 * [by][board value]: bit 0 it attacks first on a rank (a chariot), bit 1
 * first on a file (a chariot, the king: the kings face), bit 2 second (a
 * cannon, over a screen). */
#define ROLE(tag) [(tag) + SLOT_KING] = 2, [(tag) + SLOT_CHARIOT] = 3, \
	[(tag) + SLOT_CHARIOT + 1] = 3, [(tag) + SLOT_CANNON] = 4, [(tag) + SLOT_CANNON + 1] = 4
static const uint8_t ray_role[2][XQ_OFFBOARD + 1] = { { ROLE(TAG_RED) }, { ROLE(TAG_BLACK) } };
#undef ROLE

/* ray_attacked_after(NOW, ...) from the lines: an enemy chariot first,
 * the enemy king first on a file, or an enemy cannon second. */
SCAN int occ_ray_attacked(const uint8_t *b, const struct occ *o, unsigned k, unsigned d, int by)
{
	unsigned p1, p2;

	occ_ray(o, k, d, &p1, &p2);
	return ((ray_role[by][b[p1]] >> (1 - (d >> 1))) | (ray_role[by][b[p2]] >> 2)) & 1;
}

/* What a piece of side `by` on the destination of its move can do to the
 * other king a horse's jump or a step away, by [board value]: KR_JUMP
 * for a horse, KR_STEP for a pawn (the side is the move's: a piece never
 * attacks its own king). */
#define NEAR(tag) [(tag) + SLOT_HORSE] = KR_JUMP, [(tag) + SLOT_HORSE + 1] = KR_JUMP, \
	[(tag) + SLOT_PAWN] = KR_STEP, [(tag) + SLOT_PAWN + 1] = KR_STEP, \
	[(tag) + SLOT_PAWN + 2] = KR_STEP, [(tag) + SLOT_PAWN + 3] = KR_STEP, \
	[(tag) + SLOT_PAWN + 4] = KR_STEP
static const uint8_t near_role[XQ_OFFBOARD + 1] = { NEAR(TAG_RED), NEAR(TAG_BLACK) };
#undef NEAR

/* The rays from k that hold a chariot or a cannon of side `by` (sq: by's
 * slots), as KR_RAYS bits: the pieces that attack along rays, but for the
 * king (kings_face()). */
SCAN unsigned ray_holders(const uint8_t *sq, unsigned k)
{
	return (king_rel[256 + sq[SLOT_CHARIOT] - k] | king_rel[256 + sq[SLOT_CHARIOT + 1] - k] |
		king_rel[256 + sq[SLOT_CANNON] - k] | king_rel[256 + sq[SLOT_CANNON + 1] - k]) &
	       KR_RAYS;
}

/* Whether the kings on a and b, on one file, face each other: nothing
 * between (their ranks are apart: the mask is of the low half).  Only a
 * move from that file makes them face. */
SCAN int kings_face(const struct occ *o, unsigned a, unsigned b)
{
	unsigned ra = a >> 4, rb = b >> 4, lo = ra < rb ? ra : rb, hi = ra ^ rb ^ lo;
	return (o->line[a & 15] & ((1u << hi) - (2u << lo))) == 0;
}

/*
 * gives_check() for the replay run.  A ray through from or to is read
 * (from the lines) only when it holds one of by's chariots or cannons
 * (holders: ray_holders() of by's slots; one of those the move just took
 * may be in: a ray is then read for nothing), and the rest only for a
 * freed horse's leg (KR_DIAG) or the moved piece a horse or pawn near the
 * king (near: near_role[] of the piece on to, 0 for a test of the mover's
 * own king).  The king attacks along a ray too, but a move that makes
 * the kings face is refused by the test of the mover's own king
 * (kings_face()).  Mostly the one test is false, and the branch on it is
 * rarely mispredicted.
 */
SCAN int run_attacks(const uint8_t *b, const struct occ *o, unsigned holders, unsigned near,
		     unsigned k, int by, unsigned from, unsigned to)
{
	unsigned rf = king_rel[256 + from - k], rt = king_rel[256 + to - k];

	if (__builtin_expect(((rf & (holders | KR_DIAG)) | (rt & (holders | near))) != 0, 0)) {
		if ((rf & holders) && occ_ray_attacked(b, o, k, rf & 3, by))
			return 1;
		if ((rt & holders) && occ_ray_attacked(b, o, k, rt & 3, by))
			return 1;
		if ((rf & KR_DIAG) && horse_behind(b, k, from, SIDE_TAG(by)))
			return 1;
		if ((rt & near & KR_JUMP) && b[to + horse_leg_of[256 + k - to]] == 0)
			return 1;
		if ((rt & near & KR_STEP) && to - k != (unsigned)FORWARD(by))
			return 1;
	}
	return 0;
}

/*
 * Whether the king on k is attacked by side `by` at all, from the lines,
 * for the run's king moves and moves out of check: the four rays, the
 * horses behind the four leg points that are empty, the pawns a step
 * away (a pawn beside a king has crossed the river), all read, with no
 * branch.
 */
SCAN int run_attacked(const uint8_t *b, const struct occ *o, unsigned k, int by)
{
	int tag = SIDE_TAG(by);
	unsigned hit = (unsigned)(occ_ray_attacked(b, o, k, 0, by) | occ_ray_attacked(b, o, k, 1, by) |
				  occ_ray_attacked(b, o, k, 2, by) | occ_ray_attacked(b, o, k, 3, by));

	hit |= (unsigned)((b[k + 17] == 0) & horse_behind(b, k, k + 17, tag)) |
	       (unsigned)((b[k + 15] == 0) & horse_behind(b, k, k + 15, tag)) |
	       (unsigned)((b[k - 15] == 0) & horse_behind(b, k, k - 15, tag)) |
	       (unsigned)((b[k - 17] == 0) & horse_behind(b, k, k - 17, tag));
	return (int)hit | IS_SLOTS(b[k - FORWARD(by)], tag, SLOT_PAWN, 5) |
	       IS_SLOTS(b[k + 1], tag, SLOT_PAWN, 5) | IS_SLOTS(b[k - 1], tag, SLOT_PAWN, 5);
}

/*
 * piece_goes() for the run, from tables and the lines (piece_goes() stays
 * for xq_is_legal(), which has no lines, and as test_movegen's reference),
 * with the move already on the board: what each kind's step needs of its destination
 * (on the board, in its palace, on its own or the other half) and which
 * point must be empty (an elephant's eye, a horse's leg; 0, the point it
 * left, for the others), and for a chariot or a cannon the pieces between.
 */
enum { G_BOARD = 1, G_PALACE = 2, G_OWN = 4, G_OTHER = 8 };
enum { K_KING, K_ADVISOR, K_ELEPHANT, K_HORSE, K_CHARIOT, K_CANNON, K_RED_PAWN, K_BLACK_PAWN };
struct geo {
	uint8_t need;  /* the G_ bit the destination must have; 0: no such step */
	int8_t empty;  /* the point from + empty must be empty */
};
#define G(d, n, e) [256 + (d)] = { n, e }
#define LINE(k) G(16 * (k), G_BOARD, 0), G(-16 * (k), G_BOARD, 0), G(k, G_BOARD, 0), \
	G(-(k), G_BOARD, 0)
#define SLIDER { LINE(1), LINE(2), LINE(3), LINE(4), LINE(5), LINE(6), LINE(7), LINE(8), \
		 G(144, G_BOARD, 0), G(-144, G_BOARD, 0) }
static const struct geo geo[8][512] = {
	[K_KING] = { G(16, G_PALACE, 0), G(-16, G_PALACE, 0), G(1, G_PALACE, 0), G(-1, G_PALACE, 0) },
	[K_ADVISOR] = { G(15, G_PALACE, 0), G(17, G_PALACE, 0), G(-15, G_PALACE, 0),
			G(-17, G_PALACE, 0) },
	[K_ELEPHANT] = { G(30, G_OWN, 15), G(34, G_OWN, 17), G(-30, G_OWN, -15), G(-34, G_OWN, -17) },
	[K_HORSE] = { G(33, G_BOARD, 16), G(31, G_BOARD, 16), G(-33, G_BOARD, -16),
		      G(-31, G_BOARD, -16), G(18, G_BOARD, 1), G(-14, G_BOARD, 1),
		      G(-18, G_BOARD, -1), G(14, G_BOARD, -1) },
	[K_CHARIOT] = SLIDER,
	[K_CANNON] = SLIDER,
	/* sideways only across the river: on the other half (the rank of
	 * to is that of from) */
	[K_RED_PAWN] = { G(16, G_BOARD, 0), G(1, G_OTHER, 0), G(-1, G_OTHER, 0) },
	[K_BLACK_PAWN] = { G(-16, G_BOARD, 0), G(1, G_OTHER, 0), G(-1, G_OTHER, 0) },
};
#undef SLIDER
#undef LINE
#undef G

/* The kind by board value less 16 (side * 16 + slot). */
#define KINDS(pawn) K_KING, K_ADVISOR, K_ADVISOR, K_ELEPHANT, K_ELEPHANT, K_HORSE, K_HORSE, \
	K_CHARIOT, K_CHARIOT, K_CANNON, K_CANNON, pawn, pawn, pawn, pawn, pawn
static const uint8_t geo_kind[32] = { KINDS(K_RED_PAWN), KINDS(K_BLACK_PAWN) };
#undef KINDS

/* What each point is to each side: G_ bits by [side][point]. */
#define ROW(r, z, p) [ISQ(0, r)] = (z), [ISQ(1, r)] = (z), [ISQ(2, r)] = (z), \
	[ISQ(3, r)] = (z) | (p), [ISQ(4, r)] = (z) | (p), [ISQ(5, r)] = (z) | (p), \
	[ISQ(6, r)] = (z), [ISQ(7, r)] = (z), [ISQ(8, r)] = (z)
#define OWN (G_BOARD | G_OWN)
#define OTHER (G_BOARD | G_OTHER)
static const uint8_t zone_of[2][256] = {
	{ ROW(0, OWN, G_PALACE), ROW(1, OWN, G_PALACE), ROW(2, OWN, G_PALACE), ROW(3, OWN, 0),
	  ROW(4, OWN, 0), ROW(5, OTHER, 0), ROW(6, OTHER, 0), ROW(7, OTHER, 0), ROW(8, OTHER, 0),
	  ROW(9, OTHER, 0) },
	{ ROW(0, OTHER, 0), ROW(1, OTHER, 0), ROW(2, OTHER, 0), ROW(3, OTHER, 0), ROW(4, OTHER, 0),
	  ROW(5, OWN, 0), ROW(6, OWN, 0), ROW(7, OWN, G_PALACE), ROW(8, OWN, G_PALACE),
	  ROW(9, OWN, G_PALACE) },
};
#undef OTHER
#undef OWN
#undef ROW

/* The line a chariot's or cannon's move goes along, by the difference +
 * 256: the ray's ortho[] index and, from bit 2, how many points away its
 * destination is; 0 for a difference along no line.  (A difference of 8
 * is also one rank and eight files back; the padding, two points deep at
 * least, ends such a ray before that far.) */
#define D(d) [256 + (d)]
#define LINE(k) D(16 * (k)) = 0 | (k) << 2, D(-16 * (k)) = 1 | (k) << 2, D(k) = 2 | (k) << 2, \
	D(-(k)) = 3 | (k) << 2
static const uint8_t slide_of[512] = {
	LINE(1), LINE(2), LINE(3), LINE(4), LINE(5), LINE(6), LINE(7), LINE(8),
	D(144) = 0 | 9 << 2, D(-144) = 1 | 9 << 2,
};
#undef LINE
#undef D

SCAN int run_goes(const uint8_t *b, const struct occ *o, unsigned side, unsigned from,
		  unsigned to, unsigned v, unsigned cap)
{
	unsigned kind = geo_kind[v - 16];
	struct geo g = geo[kind][256 + to - from];
	/* a chariot or cannon: its destination the first piece along its
	 * line, or the second when a cannon takes; arithmetic, not branches,
	 * as the kinds come in no order (a difference along no line: no
	 * piece is 0 points away) */
	unsigned line = slide_of[256 + to - from], at = ray_at[from][line & 3];
	uint32_t m = o->line[at & 31] >> (at >> 8);
	unsigned jump = (kind == K_CANNON) & (cap != 0), slider = kind - K_CHARIOT < 2;
	uint32_t past = jump ? m & (m - 1) : m;
	unsigned slides = ((unsigned)__builtin_ctz(past) + 1 == line >> 2) | !slider;

	return ((g.need & zone_of[side][to]) != 0) & (b[from + g.empty] == 0) & slides;
}

/*
 * Replay's run, each move tested and made in one (see replay.h): the
 * move is put on the board first, so that the tests read the board as it
 * stands (no "as if" reads), and it tests only what xq_is_legal() tests:
 * the step by the rules of its kind, out of check, the rays from the king
 * through the two changed points and the horses behind a leg it frees.
 * The tests read the board's lines (struct occ) where they would scan,
 * and a king's rays only where an enemy chariot or cannon stands on them
 * (run_attacks()).  An illegal move is taken back off the board.  Key,
 * side, counters and check stay in registers over the run and go to pos
 * at its end.
 */
struct xq_node *xq__replay_run(struct xq_pos *pos, struct xq_node *n, int *plies,
			       struct xq_node **last, unsigned flags)
{
	uint8_t *b = pos->board;
	struct counters c = { pos->key, pos->side, pos->halfmove, pos->fullmove };
	unsigned check = pos->in_check;
	int played = 0, relative_first = 0;
	struct occ o;
	/* holders: the rays from the king of the side to move that hold a
	 * chariot or cannon of the other side's, for the next move's test of
	 * its own king; worked out anew for the other king with each move
	 * (its check), which is the king to move at the next (a piece of
	 * those the move takes stays in: a ray too many is only read for
	 * nothing) */
	unsigned holders, from, to;

	/* a first move that only an ICCS reader could take and no ICCS
	 * reader takes (WinBoard's SAN): no run, so no lines drawn */
	if (n && !(flags & XQ__RUN_RELATIVE) && n->move == XQ_MOVE_NONE && n->text &&
	    !quick_iccs(n->text, &from, &to))
		return n;
	holders = ray_holders(pos->sq_of + (pos->side ^ 1) * 16,
			      pos->sq_of[pos->side * 16 + SLOT_KING]);
	occ_init(&o, pos->sq_of);
	for (; n; n = n->child) {
		unsigned side = c.side, tag = SIDE_TAG(side), v, cap, king, k;

		if (n->next)
			break;
		if (__builtin_expect(n->move != XQ_MOVE_NONE, 0)) {
			/* a move given as points: any two of the padded board
			 * (a point off the board holds no piece of the side, or
			 * is no destination of any step: refused below) */
			from = MOVE_FROM(n->move);
			to = MOVE_TO(n->move);
		} else if (!n->text) {
			break;
		} else {
			/* ICCS, or the common Chinese and WXF shapes
			 * (xq__relative_quick_on, lib/notation.c); no text is
			 * both (an ICCS text's third character is a file letter
			 * or a dash and a fifth follows the dash; a relative
			 * move's is a direction, and it has four), so the
			 * reader that took the last move is tried first: a
			 * record keeps to one notation, and the branch on the
			 * kind of text is then foreseen */
			xq_move m = XQ_MOVE_NONE;
			if (relative_first) {
				m = xq__relative_quick_on(pos->sq_of + side * 16, (int)side, n->text);
				if (m == XQ_MOVE_NONE) {
					if (!quick_iccs(n->text, &from, &to))
						break;
					relative_first = 0;
				}
			} else if (!quick_iccs(n->text, &from, &to)) {
				if (flags & XQ__RUN_RELATIVE)
					m = xq__relative_quick_on(pos->sq_of + side * 16, (int)side,
								  n->text);
				if (m == XQ_MOVE_NONE)
					break;
				relative_first = 1;
			}
			if (m != XQ_MOVE_NONE) {
				from = MOVE_FROM(m);
				to = MOVE_TO(m);
			}
		}
		v = b[from];
		cap = b[to];
		if (!(v & tag) || (cap & tag))
			break;
		b[to] = (uint8_t)v;
		b[from] = 0;
		occ_clear(&o, from);
		occ_set(&o, to);
		if (!run_goes(b, &o, side, from, to, v, cap))
			goto illegal;
		king = pos->sq_of[side * 16 + SLOT_KING];
		k = pos->sq_of[(side ^ 1) * 16 + SLOT_KING];
		if (from == king || check) {
			if (run_attacked(b, &o, from == king ? to : king, !side))
				goto illegal;
		} else if (run_attacks(b, &o, holders, 0, king, !side, from, to) ||
			   ((((king ^ k) | (from ^ k)) & 15) == 0 && kings_face(&o, king, k))) {
			/* (the move exposes its own king) */
			goto illegal;
		}
		make_counted(&c, pos->sq_of, from, to, v, cap);
		holders = ray_holders(pos->sq_of + side * 16, k);
		check = (unsigned)run_attacks(b, &o, holders, near_role[v], k, (int)side, from, to);
		n->move = MOVE(from, to);
		mark_played(n, c.key, (int)check, cap);
		*last = n;
		played++;
#ifdef XQ_CHECK_POSITIONS
		put_counters(pos, &c);
		pos->in_check = (uint8_t)check;
		XQ_CHECK_POSITION(pos);
#endif
		continue;
illegal:
		/* (the lines are the run's own and end with it) */
		b[from] = (uint8_t)v;
		b[to] = (uint8_t)cap;
		break;
	}
	put_counters(pos, &c);
	pos->in_check = (uint8_t)check;
	*plies += played;
	return n;
}

struct ctx {
	struct xq_game *g;
	const char *file;
	xq_problem_fn fn;
	void *data;
	int san_first;
	int san_base;       /* SAN ranks from 0 or 1; -1 not known yet; -2
			     * not looked for yet (san_rank_base) */
	int uci10;          /* [Format "UCI10"]: ranks 1-10 first */
	int depth_reported;
	unsigned run_flags;  /* what the run takes (xq__replay_run) */
	struct xq_pos end;  /* where the main line stopped */
	int end_plies, complete;
	/* bad moves followed by alternatives, to go after them (see
	 * bad_moves_last); main_bad: the one on the main line */
	struct xq_node **bad;
	size_t nbad, capbad;
	struct xq_node *main_bad;
	int nomem;
};

__attribute__((format(printf, 6, 7)))
static void problem(struct ctx *c, enum xq_severity sev,
		    enum xq_problem_code code, const struct xq_node *n, int ply,
		    const char *fmt, ...)
{
	char msg[600];
	struct xq_problem p;
	va_list ap;

	if (sev >= XQ_SEV_ERROR) {
		c->g->errors++;
		c->g->flags |= XQ_GAME_BROKEN;
	} else if (sev == XQ_SEV_WARNING) {
		c->g->warnings++;
	}
	if (!c->fn)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	p.severity = sev;
	p.code = code;
	p.file = c->file;
	p.game = c->g->index;
	p.line = n ? (long)n->line : c->g->line;
	p.col = n ? (long)n->col : 0;
	p.has_byte = n && (n->flags & XQ_NODE_AT_BYTE);
	p.byte = p.has_byte ? (long)n->byte : 0;
	p.ply = ply;
	p.text = n ? n->text : NULL;
	p.msg = msg;
	c->fn(c->data, &p);
}

/* ICCS "h2e2", "H2-E2": 1 with *m set, 0 when the text is not ICCS. */
static int parse_iccs(const char *s, size_t len, xq_move *m)
{
	int f1, r1, f2, r2;
	if (len == 5 && s[2] == '-') {
		char t[4] = { s[0], s[1], s[3], s[4] };
		return parse_iccs(t, 4, m);
	}
	if (len != 4)
		return 0;
	f1 = (s[0] | 0x20) - 'a';
	f2 = (s[2] | 0x20) - 'a';
	r1 = s[1] - '0';
	r2 = s[3] - '0';
	if (f1 < 0 || f1 > 8 || f2 < 0 || f2 > 8 || r1 < 0 || r1 > 9 || r2 < 0 || r2 > 9)
		return 0;
	*m = MOVE(ISQ(f1, r1), ISQ(f2, r2));
	return 1;
}

/* Full-width ASCII forms and U+3000 to ASCII; 1 when anything changed. */
static int narrow(const char *s, size_t len, char *out, size_t size)
{
	size_t o = 0;
	int changed = 0;
	for (size_t i = 0; i < len && o + 4 < size;) {
		const unsigned char *u = (const unsigned char *)s + i;
		if (i + 2 < len && u[0] == 0xef && (u[1] == 0xbc || u[1] == 0xbd)) {
			unsigned cp = 0xf000u | (u[1] & 0x3fu) << 6 | (u[2] & 0x3fu);
			if (cp >= 0xff01 && cp <= 0xff5e) {
				out[o++] = (char)(cp - 0xfee0);
				i += 3;
				changed = 1;
				continue;
			}
		}
		if (i + 2 < len && u[0] == 0xe3 && u[1] == 0x80 && u[2] == 0x80) {
			i += 3;
			changed = 1;
			continue;
		}
		out[o++] = s[i++];
	}
	out[o] = '\0';
	return changed;
}

static int san_piece(char ch)
{
	return xq_type_from_letter(ch); /* capitals only: b..i are files */
}

/*
 * SAN on the 9x10 board: [piece][file][rank][x]dest, as WinBoard writes it
 * (ranks 0-9, "Che2", "A9e8", "H8e7" with a rank as disambiguator) and as
 * PyChess.org does (ranks 1-10: "Rb10", "A10e9", "Cbe3").  base is the
 * number of the first rank (0 or 1).  Returns 0 with *m, XQ_EINVAL (not
 * SAN or no such move), XQ_EAMBIG.
 */
static int parse_san(const struct xq_pos *pos, const char *s, size_t len,
		     int base, xq_move *m)
{
	int type = XQ_PAWN, ff = -1, fr = -1, tf, tr, n, found = 0;
	xq_move moves[XQ_MAX_MOVES];
	size_t i = 0, e;

	while (len && (s[len - 1] == '+' || s[len - 1] == '#' ||
		       s[len - 1] == '!' || s[len - 1] == '?'))
		len--;
	if (len < 2 || len > 8)
		return XQ_EINVAL;
	if (san_piece(s[0])) {
		type = san_piece(s[0]);
		i = 1;
	}
	/* the destination: a file and one or (ranks 1-10) two digits */
	e = len;
	if (base == 1 && e >= 2 && s[e - 2] == '1' && s[e - 1] == '0') {
		tr = 9;
		e -= 2;
	} else {
		tr = s[e - 1] - '0' - base;
		e--;
	}
	if (e < i + 1 || tr < 0 || tr > 9 || s[e - 1] < 'a' || s[e - 1] > 'i')
		return XQ_EINVAL;
	tf = s[--e] - 'a';
	if (e > i && s[e - 1] == 'x')
		e--;
	/* the disambiguator: a file, a rank, or both */
	if (i < e && s[i] >= 'a' && s[i] <= 'i') {
		ff = s[i] - 'a';
		i++;
	}
	if (i < e && s[i] >= '0' && s[i] <= '9') {
		if (base == 1 && i + 2 == e && s[i] == '1' && s[i + 1] == '0') {
			fr = 9;
			i += 2;
		} else {
			fr = s[i++] - '0' - base;
			if (fr < 0)
				return XQ_EINVAL;
		}
	}
	if (i != e)
		return XQ_EINVAL;
	n = xq_legal_moves(pos, moves);
	for (int k = 0; k < n; k++) {
		int from = xq_move_from(moves[k]);
		if (xq_move_to(moves[k]) != XQ_SQ(tf, tr) ||
		    (int)xq_piece_type(pos, from) != type)
			continue;
		if ((ff >= 0 && XQ_FILE(from) != ff) || (fr >= 0 && XQ_RANK(from) != fr))
			continue;
		*m = moves[k];
		found++;
	}
	return found == 1 ? 0 : found ? XQ_EAMBIG : XQ_EINVAL;
}

/* SAN in the game's rank numbering; while it is unknown (san_base < 0),
 * both are tried and the one that alone fits settles it. */
static int san_rank_base(const struct xq_game *g);

static int resolve_san(struct ctx *c, const struct xq_pos *pos, const char *t,
		       size_t len, xq_move *out)
{
	xq_move m0, m1;
	int r0, r1;
	if (c->san_base == -2) /* looked for when first needed */
		c->san_base = san_rank_base(c->g);
	if (c->san_base >= 0)
		return parse_san(pos, t, len, c->san_base, out);
	r0 = parse_san(pos, t, len, 0, &m0);
	r1 = parse_san(pos, t, len, 1, &m1);
	if (r0 == 0 && r1 != 0)
		c->san_base = 0;
	else if (r1 == 0 && r0 != 0)
		c->san_base = 1;
	if (r0 == 0) {
		*out = m0;
		return 0;
	}
	if (r1 == 0) {
		*out = m1;
		return 0;
	}
	return r0 == XQ_EAMBIG || r1 == XQ_EAMBIG ? XQ_EAMBIG : XQ_EINVAL;
}

/* Resolve a node's text (or check its move): 0, or an XQ_E* code with
 * err filled. */
static int resolve(struct ctx *c, const struct xq_pos *pos,
		   const struct xq_node *n, xq_move *out, struct xq_err *err)
{
	const char *t = n->text;
	size_t len;
	int rc;

	err->msg[0] = '\0';
	if (n->move != XQ_MOVE_NONE) {
		/* the move as a format that stores squares gave it */
		int from = xq_move_from(n->move);
		if (xq_is_legal(pos, n->move)) {
			*out = n->move;
			return 0;
		}
		if (xq_piece_type(pos, from) == XQ_NONE)
			snprintf(err->msg, sizeof err->msg, "no piece on its from-square");
		else if (xq_piece_side(pos, from) != (enum xq_side)pos->side)
			snprintf(err->msg, sizeof err->msg, "it moves a %s piece on %s's turn",
				 xq__side_adjective(!pos->side), xq__side_adjective(pos->side));
		else
			snprintf(err->msg, sizeof err->msg, "not a legal move here");
		return XQ_EILLEGAL;
	}
	if (!t) {
		snprintf(err->msg, sizeof err->msg, "no move");
		return XQ_EINVAL;
	}
	len = strlen(t);
	if (c->uci10 && xq_move_parse(pos, t, len, XQ_NOTATION_UCI10, 0, out, err) == 0)
		return 0;
	if (parse_iccs(t, len, out)) {
		if (xq_is_legal(pos, *out))
			return 0;
		/* "A9e8", "H8e7": SAN with a rank as disambiguator, not ICCS */
		if (t[0] >= 'A' && t[0] <= 'Z' && san_piece(t[0]) && t[2] >= 'a' &&
		    resolve_san(c, pos, t, len, out) == 0)
			return 0;
		snprintf(err->msg, sizeof err->msg, "no legal move from %c%c to %c%c",
			 t[0] | 0x20, t[1], t[len - 2] | 0x20, t[len - 1]);
		return XQ_EILLEGAL;
	}
	if (c->san_first && resolve_san(c, pos, t, len, out) == 0)
		return 0;
	rc = xq_move_parse(pos, t, len, XQ_NOTATION_ANY, 0, out, err);
	if (rc == XQ_EINVAL) {
		char buf[128];
		struct xq_err e2;
		if (narrow(t, len, buf, sizeof buf)) {
			size_t bl = strlen(buf);
			if (parse_iccs(buf, bl, out))
				return xq_is_legal(pos, *out) ? 0 : XQ_EILLEGAL;
			int r2 = xq_move_parse(pos, buf, bl, XQ_NOTATION_ANY, 0, out, &e2);
			if (r2 == 0)
				return 0;
			if (r2 != XQ_EINVAL) {
				*err = e2;
				return r2;
			}
		}
		if (!c->san_first) {
			int r3 = resolve_san(c, pos, t, len, out);
			if (r3 == 0)
				return 0;
		}
	}
	return rc;
}

/* The SAN rank numbering a game's main line shows: 1 when a move names
 * rank 10 ("Rb10", "A10e9"), 0 when one names rank 0, -1 when none does. */
static int san_rank_base(const struct xq_game *g)
{
	for (const struct xq_node *n = g->root.child; n; n = n->child) {
		const char *t = n->text;
		size_t len;
		if (!t || t[0] < 'A' || t[0] > 'Z' || !san_piece(t[0]))
			continue;
		len = strlen(t);
		for (size_t i = 1; i + 1 < len; i++)
			if (t[i] >= 'a' && t[i] <= 'i' && t[i + 1] == '1' && i + 2 < len && t[i + 2] == '0')
				return 1;
		for (size_t i = 1; i < len; i++)
			if (t[i] == '1' && i + 1 < len && t[i + 1] == '0' && (i + 2 == len || t[i + 2] < '0' || t[i + 2] > '9'))
				return 1;
	}
	return -1;
}

static enum xq_notation classify(const char *t)
{
	size_t len;
	xq_move m;
	if (!t)
		return XQ_NOTATION_ANY;
	len = strlen(t);
	if (parse_iccs(t, len, &m))
		return XQ_NOTATION_ICCS;
	for (size_t i = 0; i < len; i++)
		if ((unsigned char)t[i] >= 0x80) {
			/* full-width WXF: EF BC xx */
			if ((unsigned char)t[i] == 0xef)
				return XQ_NOTATION_WXF;
			return XQ_NOTATION_CHINESE;
		}
	return XQ_NOTATION_WXF;
}

static int flipped_side(const struct xq_pos *pos, struct xq_pos *out)
{
	char fen[XQ_FEN_MAX];
	char *sp;
	xq_pos_to_fen(pos, fen, sizeof fen);
	if (!(sp = strchr(fen, ' ')))
		return -1;
	sp[1] = sp[1] == 'w' ? 'b' : 'w';
	return xq_pos_from_fen(out, fen, XQ_FEN_LAX, NULL);
}

static const char *side_name(int side)
{
	return xq_side_name(side);
}

static int count_below(void *data, const struct xq_walk_step *s)
{
	(void)s;
	++*(unsigned long *)data;
	return XQ_WALK_NEXT;
}

/* The moves below n: its continuation, the alternatives to it and all
 * below them. */
static unsigned long moves_below(const struct xq_node *n)
{
	unsigned long k = 0;
	xq__walk_below(n, count_below, &k);
	return k;
}

/* The walk's resolver: the move of node n in pos, reported when bad. */
static xq_move replay_node(void *data, struct xq_node *n,
			   const struct xq_pos *pos, int ply, unsigned flags)
{
	struct ctx *c = data;
	struct xq_err err;
	xq_move m = XQ_MOVE_NONE, given = n->move;
	unsigned from, to;
	int rc;

	/* XQ_NODE_PLAYED and the rest are set once the walk has played the
	 * move (replay_step) */
	n->flags &= (uint8_t)~(XQ_NODE_PLAYED | XQ_NODE_CHECK | XQ_NODE_CAPTURE);
	/* resolve()'s first case, without its frame: ICCS, legal */
	if (given == XQ_MOVE_NONE && n->text && !c->uci10 && quick_iccs(n->text, &from, &to) &&
	    xq_is_legal(pos, m = MOVE(from, to))) {
		n->move = m;
		n->flags &= (uint8_t)~XQ_NODE_BAD;
		return m;
	}
	/* and the common Chinese and WXF shapes, as resolve() would read them
	 * (no ICCS text has their shape) */
	if (given == XQ_MOVE_NONE && n->text && !c->uci10 && !c->san_first &&
	    xq__relative_quick(pos, n->text, &m)) {
		n->move = m;
		n->flags &= (uint8_t)~XQ_NODE_BAD;
		return m;
	}
	rc = resolve(c, pos, n, &m, &err);
	if (rc == 0) {
		n->move = m;
		n->flags &= (uint8_t)~XQ_NODE_BAD;
		return m;
	}
	n->move = XQ_MOVE_NONE;
	n->flags |= XQ_NODE_BAD;
	if (given != XQ_MOVE_NONE && xq_status(pos) == XQ_PLAYING) {
		/* a move given as squares (XQF, DhtmlXQ, CBF, CBR, old CBL):
		 * say why, and what is left unplayed with it */
		char iccs[5], tail[64] = "";
		unsigned long k = moves_below(n);
		xq_move_iccs(given, iccs);
		if (k)
			snprintf(tail, sizeof tail, " with the %lu move%s below it", k,
				 k == 1 ? "" : "s");
		problem(c, XQ_SEV_ERROR, XQ_P_ILLEGAL, n, ply,
			"move %s: %s; left out%s (kept as text)",
			n->text ? n->text : iccs, err.msg, tail);
	} else if (xq_status(pos) != XQ_PLAYING) {
		problem(c, XQ_SEV_ERROR, XQ_P_AFTER_END, n, ply,
			"move after %s: %s has no legal move",
			xq_status(pos) == XQ_CHECKMATE ? "checkmate" : "stalemate",
			side_name(pos->side));
	} else if (rc == XQ_EAMBIG) {
		problem(c, XQ_SEV_ERROR, XQ_P_AMBIGUOUS, n, ply,
			"ambiguous move%s%s", err.msg[0] ? ": " : "", err.msg);
	} else if (rc == XQ_EILLEGAL) {
		problem(c, XQ_SEV_ERROR, XQ_P_ILLEGAL, n, ply,
			"illegal move%s%s", err.msg[0] ? ": " : "", err.msg);
	} else {
		problem(c, XQ_SEV_ERROR, XQ_P_UNKNOWN_MOVE, n, ply,
			"not a move for %s here%s%s", side_name(pos->side),
			err.msg[0] ? ": " : "", err.msg);
	}
	(void)flags;
	return XQ_MOVE_NONE;
}

/* The walk's visitor: where the main line ends, deep variations. */
static int replay_step(void *data, const struct xq_walk_step *s)
{
	struct ctx *c = data;

	if (s->after) {
		/* (the walk hands out const nodes; replay owns the game) */
		struct xq_node *n = (struct xq_node *)s->node;
		mark_played(n, s->after->key, s->after->in_check,
			    s->before->board[MOVE_TO(n->move)]);
	}
	if (s->flags & XQ_STEP_TOO_DEEP) {
		if (!c->depth_reported++)
			problem(c, XQ_SEV_ERROR, XQ_P_LIMIT, s->node, s->ply,
				"variations nested deeper than %d",
				XQ_MAX_VARIATION_DEPTH);
		return XQ_WALK_NEXT;
	}
	if (!s->after && s->node->next) {
		if (c->nbad == c->capbad) {
			size_t cap = c->capbad ? 2 * c->capbad : 8;
			struct xq_node **b = realloc(c->bad, cap * sizeof *b);
			if (!b) {
				c->nomem = 1;
				return XQ_WALK_STOP;
			}
			c->bad = b;
			c->capbad = cap;
		}
		/* the walk hands out const nodes; replay owns the game */
		c->bad[c->nbad++] = (struct xq_node *)s->node;
		if (s->flags & XQ_STEP_MAINLINE)
			c->main_bad = (struct xq_node *)s->node;
	}
	/* the walk hands over where the main line ends (c->end) */
	if ((s->flags & XQ_STEP_MAINLINE) && !s->after)
		c->complete = 0;
	return XQ_WALK_NEXT;
}

/* The walk's run: xq__replay_run, the resolver's fast step (the moves
 * replay_node would find first, set in their nodes as replay_step sets
 * them). */
static struct xq_node *replay_run(void *data, struct xq_pos *pos, struct xq_node *n, int *ply)
{
	const struct ctx *c = data;
	struct xq_node *last;

	return xq__replay_run(pos, n, ply, &last, c->run_flags);
}

/*
 * Each bad move that has alternatives after it goes to the end of its
 * list of alternatives, so that the first playable one continues the line
 * (as the binary formats' readers once did by dropping the bad move) and
 * writers that stop at a bad move lose none of them: the bad move and its
 * subtree are kept, as a variation.
 */
static void bad_moves_last(struct ctx *c)
{
	for (size_t i = 0; i < c->nbad; i++) {
		struct xq_node *b = c->bad[i], *p = b->parent, **link, *last;
		if (!p)
			continue;
		for (link = &p->child; *link && *link != b; link = &(*link)->next)
			;
		if (!*link || !b->next)
			continue;
		*link = b->next;
		for (last = b->next; last->next; last = last->next)
			;
		last->next = b;
		b->next = NULL;
	}
}

/*
 * The main line after bad_moves_last() put an alternative in place of its
 * bad move: from the position the walk stopped in, before that move, on
 * along the moves the walk resolved (each in the position it is played in
 * here, which the order of alternatives does not change), up to the first
 * one left unplayed.
 */
static void main_line_on(struct ctx *c)
{
	struct xq_pos *pos = &c->end;

	c->complete = 1;
	for (struct xq_node *n = c->main_bad->parent->child; n; n = n->child) {
		struct xq_undo u;
		xq_move m = n->move;
		uint8_t cap;
		if (m == XQ_MOVE_NONE || !xq__still_plays(pos, m)) {
			c->complete = 0;
			break;
		}
		cap = pos->board[MOVE_TO(m)];
		xq_make(pos, m, &u);
		mark_played(n, pos->key, pos->in_check, cap);
		c->end_plies++;
	}
}

/*
 * A first move that is not legal for the side the FEN gives but is for the
 * other side: say so, and go on from the corrected side so that the rest
 * of the game is checked too.
 */
static void check_side(struct ctx *c)
{
	struct xq_node *n = c->g->root.child;
	struct xq_pos flip;
	struct xq_err err;
	xq_move m;
	int rc;

	if (!n)
		return;
	/* the common Chinese and WXF shapes as replay_node reads them: a
	 * move resolve() finds too */
	if (n->move == XQ_MOVE_NONE && n->text && !c->uci10 && !c->san_first &&
	    xq__relative_quick(&c->g->start, n->text, &m))
		return;
	rc = resolve(c, &c->g->start, n, &m, &err);
	if (rc == 0 || rc == XQ_EAMBIG || xq_status(&c->g->start) != XQ_PLAYING)
		return;
	if (flipped_side(&c->g->start, &flip) != 0 || resolve(c, &flip, n, &m, &err) != 0)
		return;
	problem(c, XQ_SEV_ERROR, XQ_P_SIDE, n, 1,
		"the FEN gives %s the move but the first move is %s's",
		side_name(c->g->start.side), side_name(flip.side));
	c->g->start = flip;
	xq_pos_to_fen(&flip, c->g->start_fen, sizeof c->g->start_fen);
}

static const char *result_of_end(const struct xq_pos *pos)
{
	if (xq_status(pos) == XQ_PLAYING)
		return NULL;
	return pos->side == XQ_RED ? "0-1" : "1-0";
}

/* The tags replay reads, in one pass (each the first of its name, as
 * xq_game_tag() finds it). */
static void replay_tags(const struct xq_game *g, const char **format, const char **variant,
			const char **result)
{
	*format = *variant = *result = NULL;
	for (const struct xq_tag *t = g->tags; t; t = t->next) {
		const char **slot, *name;
		switch (t->name[0] | 0x20) {
		case 'f': slot = format; name = "Format"; break;
		case 'v': slot = variant; name = "Variant"; break;
		case 'r': slot = result; name = "Result"; break;
		default: continue;
		}
		if (!*slot && !xq__ascii_casecmp(t->name, name))
			*slot = t->value;
	}
}

int xq_game_replay(struct xq_game *g, const char *file, xq_problem_fn fn,
		   void *data)
{
	struct ctx c;
	const char *format, *variant, *tag;
	int errors_before = g->errors;

	memset(&c, 0, sizeof c);
	c.g = g;
	c.file = file;
	c.fn = fn;
	c.data = data;
	g->flags |= XQ_GAME_REPLAYED;
	if (g->flags & XQ_GAME_BAD_FEN) {
		g->plies = xq_game_plies(g);
		return g->errors - errors_before;
	}
	replay_tags(g, &format, &variant, &tag);
	c.san_first = variant && (!strcmp(variant, "xiangqi") || !strcmp(variant, "Xiangqi"));
	c.san_base = -2;
	c.uci10 = format && (!strcmp(format, "UCI10") || !strcmp(format, "uci10"));
	/* moves given as squares are in no notation */
	if (g->root.child)
		g->notation = c.uci10 ? XQ_NOTATION_UCI10 :
			classify(g->root.child->move ? NULL : g->root.child->text);
	if (g->notation == XQ_NOTATION_WXF && variant && !strcmp(variant, "xiangqi"))
		g->flags |= XQ_GAME_SAN; /* WinBoard's SAN, read as WXF */
	check_side(&c);
	c.complete = 1;
	c.run_flags = c.san_first ? 0 : XQ__RUN_RELATIVE;
	int walked = xq__walk_to_end(g, replay_node, c.uci10 ? NULL : replay_run, replay_step, &c,
				     &c.end, &c.end_plies);
	if (walked == XQ_ENOMEM || c.nomem)
		problem(&c, XQ_SEV_ERROR, XQ_P_LIMIT, NULL, 0,
			"out of memory replaying the game");
	if (c.nbad && !c.nomem) {
		bad_moves_last(&c);
		/* the main line goes on with an alternative now */
		if (c.main_bad)
			main_line_on(&c);
	}
	free(c.bad);
	/* the main line is played up to its first bad move, where the walk
	 * stopped it (xq_game_plies() counts the moves to there) */
	g->plies = walked == 0 && !c.nomem && !c.main_bad ? c.end_plies : xq_game_plies(g);

	/* the end of the main line against the result */
	const struct xq_pos *pos = &c.end;
	int plies = c.end_plies, complete = c.complete;
	const char *tagres = tag ? xq_result_word(tag, strlen(tag)) : NULL;
	if (complete) {
		const char *claimed = tagres && strcmp(tagres, "*") ? tagres :
			g->result && strcmp(g->result, "*") ? g->result : NULL;
		const char *end;
		/* a final mate or stalemate would be the claimed result itself
		 * when the side to move is the claimed loser: no need to look */
		if (claimed && strcmp(claimed, pos->side == XQ_RED ? "0-1" : "1-0") &&
		    (end = result_of_end(pos)) && strcmp(end, claimed)) {
			/* (complete: the main line's last node is its last move) */
			const struct xq_node *last = NULL;
			for (const struct xq_node *n = g->root.child; n; n = n->child)
				last = n;
			problem(&c, XQ_SEV_ERROR, XQ_P_RESULT, last, plies,
				"result %s contradicts the final position: %s %s",
				claimed, side_name(pos->side),
				xq_status(pos) == XQ_CHECKMATE ? "is checkmated" : "is stalemated");
		}
	}
	if (tag && !tagres && *tag)
		problem(&c, XQ_SEV_WARNING, XQ_P_RESULT, NULL, 0,
			"unknown Result tag value '%s'", tag);
	else if (tagres && g->result && strcmp(tagres, "*") && strcmp(g->result, "*") &&
		 strcmp(tagres, g->result))
		problem(&c, XQ_SEV_WARNING, XQ_P_RESULT, NULL, 0,
			"Result tag %s differs from the result %s at the end of the moves",
			tagres, g->result);
	return g->errors - errors_before;
}

long xq__playable_prefix(const struct xq_pos *start, const xq_move *moves, long n)
{
	struct xq_pos pos = *start;
	long k;
	for (k = 0; k < n; k++) {
		struct xq_undo u;
		if (moves[k] == XQ_MOVE_NONE || !xq_is_legal(&pos, moves[k]))
			break;
		xq_make(&pos, moves[k], &u);
	}
	return k;
}

int xq__fits(const struct xq_game *g, const struct xq_node *anchor, xq_move m)
{
	const struct xq_node *path[1024];
	struct xq_pos pos = g->start;
	size_t d = 0;
	for (const struct xq_node *a = anchor; a && a->parent; a = a->parent) {
		if (d == sizeof path / sizeof *path)
			return 0;
		path[d++] = a;
	}
	while (d) {
		struct xq_undo u;
		const struct xq_node *a = path[--d];
		if (a->move == XQ_MOVE_NONE || !xq_is_legal(&pos, a->move))
			return 0;
		xq_make(&pos, a->move, &u);
	}
	return m != XQ_MOVE_NONE && xq_is_legal(&pos, m);
}
