/*
 * test_game.c - the record model: arena strings, tags in order, the move
 * tree, comments and NAGs, positions along the main line, result words,
 * problem names.
 */
#include <string.h>

#include "tap.h"
#include "xq.h"

static void tags(void)
{
	struct xq_game *g = xq_game_new();
	ok(g != NULL, "new game");
	is_int(xq_game_add_tag(g, "Event", "a"), 0, "add tag");
	xq_game_add_tag(g, "Red", "r");
	xq_game_add_tag(g, "event", "second");
	is_str(xq_game_tag(g, "EVENT"), "a", "tag lookup is case-insensitive, first wins");
	xq_game_set_tag(g, "Red", "R2");
	is_str(xq_game_tag(g, "Red"), "R2", "set replaces");
	xq_game_set_tag(g, "Black", "b");
	is_str(g->tags_tail->name, "Black", "set appends at the end");
	xq_game_del_tag(g, "Event");
	ok(xq_game_tag(g, "Event") == NULL, "del removes every one of the name");
	is_str(g->tags->name, "Red", "order kept after del");
	is_str(g->tags_tail->name, "Black", "tail kept after del");
	xq_game_del_tag(g, "Black");
	is_str(g->tags_tail->name, "Red", "tail moves back");
	ok(xq_game_tag(g, "Nope") == NULL, "missing tag");
	xq_game_set_tag(g, "Site", "?");
	xq_game_set_tag(g, "Date", "");
	is_str(xq_game_tag(g, "Site"), "?", "a '?' value is kept as written");
	ok(xq_game_tag_known(g, "Site") == NULL, "known value: '?' means unknown");
	ok(xq_game_tag_known(g, "Date") == NULL, "known value: empty means unknown");
	ok(xq_game_tag_known(g, "Nope") == NULL, "known value: missing");
	is_str(xq_game_tag_known(g, "Red"), "R2", "known value: a real one");
	xq_game_free(g);
}

static void arena(void)
{
	struct xq_game *g = xq_game_new();
	char *big = xq_game_alloc(g, 100000);
	ok(big != NULL, "big block");
	memset(big, 'x', 100000);
	for (int i = 0; i < 10000; i++) {
		char *s = xq_game_strndup(g, "hello world", 5);
		if (i == 9999)
			is_str(s, "hello", "many small strings");
	}
	int *p = xq_game_alloc(g, sizeof *p * 3);
	ok(p && !p[0] && !p[2] && ((size_t)p % 8) == 0, "zeroed and aligned");
	is_str(xq_game_strdup(g, ""), "", "empty string");
	xq_game_free(g);
	xq_game_free(NULL);  /* must not crash: ASan runs this too */
}

static void tree(void)
{
	struct xq_game *g = xq_game_new();
	struct xq_pos pos;
	xq_move m1 = xq_move_make(XQ_SQ(7, 2), XQ_SQ(4, 2));   /* h2e2 */
	xq_move m2 = xq_move_make(XQ_SQ(7, 9), XQ_SQ(6, 7));   /* h9g7 */
	xq_move alt = xq_move_make(XQ_SQ(1, 9), XQ_SQ(2, 7));  /* b9c7 */
	struct xq_node *a = xq_node_add(g, &g->root, m1, "炮二平五", strlen("炮二平五"));
	struct xq_node *b = xq_node_add(g, a, m2, NULL, 0);
	struct xq_node *v = xq_node_add(g, a, alt, "b9c7", 4);
	ok(a && b && v, "nodes added");
	ok(a->child == b && b->next == v && v->parent == a, "first child is the main line, sibling the variation");
	is_str(a->text, "炮二平五", "text kept");
	ok(b->text == NULL, "no text");
	xq_node_comment(g, a, 0, "one", 3);
	xq_node_comment(g, a, 0, "two", 3);
	is_str(a->comment, "one two", "comments append");
	xq_node_comment(g, v, 1, "before", 6);
	is_str(v->comment_before, "before", "comment before");
	for (int i = 1; i <= XQ_MAX_NAGS; i++)
		is_int(xq_node_add_nag(a, i), 0, "nag %d", i);
	is_int(xq_node_add_nag(a, 7), XQ_ERANGE, "too many nags");
	is_int(xq_node_add_nag(b, 0), XQ_ERANGE, "nag 0");
	is_int(xq_game_plies(g), 2, "plies of the main line");
	is_int(xq_game_replay(g, "t", NULL, NULL), 0, "replay of moves set directly");
	is_int(xq_game_position(g, 1, &pos), 1, "position after ply 1");
	is_int(pos.side, XQ_BLACK, "black to move");
	is_int(xq_game_position(g, -1, &pos), 2, "final position");
	is_int(xq_game_position(g, 10, &pos), 2, "beyond the end");
	is_int(xq_game_position(g, 0, &pos), 0, "start");
	/* an illegal move set directly is found */
	xq_node_add(g, b, xq_move_make(XQ_SQ(0, 0), XQ_SQ(0, 9)), NULL, 0);
	is_int(xq_game_replay(g, "t", NULL, NULL), 1, "illegal move found");
	ok(b->child->flags & XQ_NODE_BAD, "marked bad");
	is_int(xq_game_plies(g), 2, "plies stop at the bad move");
	xq_game_free(g);
}

static void fen(void)
{
	struct xq_game *g = xq_game_new();
	struct xq_err err;
	ok(!(g->flags & XQ_GAME_SETUP), "start position is no setup");
	is_str(g->start_fen, XQ_START_FEN, "start FEN");
	is_int(xq_game_set_fen(g, "4k4/9/9/9/9/9/9/9/9/4K4 w", 0, &err), XQ_EINVAL, "kings facing: bad");
	is_int(xq_game_set_fen(g, "3k5/9/9/9/9/9/9/9/9/4K4 b", 0, &err), 0, "short FEN");
	ok(g->flags & XQ_GAME_SETUP, "setup flag");
	is_str(g->start_fen, "3k5/9/9/9/9/9/9/9/9/4K4 b - - 0 1", "normalised");
	is_int(xq_game_set_fen(g, XQ_START_FEN, 0, &err), 0, "back to the start");
	ok(!(g->flags & XQ_GAME_SETUP), "no setup");
	/* set_fen takes the start FEN without parsing it: the position must
	 * be the parsed one, piece slots included, whatever the flags */
	for (unsigned fl = 0; fl <= XQ_FEN_LAX; fl += XQ_FEN_LAX) {
		struct xq_pos parsed;
		memset(&parsed, 0, sizeof parsed);
		is_int(xq_pos_from_fen(&parsed, XQ_START_FEN, fl, &err), 0, "start FEN parses (flags %u)", fl);
		ok(!memcmp(parsed.board, g->start.board, sizeof parsed.board) &&
		   !memcmp(parsed.sq_of, g->start.sq_of, sizeof parsed.sq_of) &&
		   parsed.side == g->start.side && parsed.in_check == g->start.in_check &&
		   parsed.halfmove == g->start.halfmove && parsed.fullmove == g->start.fullmove &&
		   parsed.key == g->start.key, "start FEN: the position of a parse (flags %u)", fl);
	}
	is_str(g->start_fen, XQ_START_FEN, "start FEN kept as given");
	xq_game_free(g);
}

static const struct {
	const char *word, *result;
} words[] = {
	{ "1-0", "1-0" }, { "0-1", "0-1" }, { "1/2-1/2", "1/2-1/2" }, { "*", "*" },
	{ "红胜", "1-0" }, { "紅勝", "1-0" }, { "黑胜", "0-1" }, { "红先负", "0-1" },
	{ "和棋", "1/2-1/2" }, { "判和", "1/2-1/2" }, { "（红先胜）", "1-0" }, { "(黑胜)", "0-1" },
	{ "未知", "*" }, { "1-1", NULL }, { "红", NULL }, { "", NULL },
	/* every word of notation.md 9.2, so that each first character is
	 * known to the quick test in xq_result_word() */
	{ "½-½", "1/2-1/2" }, { "1:0", "1-0" }, { "0:1", "0-1" }, { "红方胜", "1-0" },
	{ "紅方勝", "1-0" }, { "红先胜", "1-0" }, { "紅先勝", "1-0" }, { "红方获胜", "1-0" },
	{ "黑方胜", "0-1" }, { "黑勝", "0-1" }, { "黑方勝", "0-1" }, { "紅先負", "0-1" },
	{ "黑方获胜", "0-1" }, { "和", "1/2-1/2" }, { "和局", "1/2-1/2" }, { "红先和", "1/2-1/2" },
	{ "紅先和", "1/2-1/2" }, { "议和", "1/2-1/2" }, { "議和", "1/2-1/2" },
	{ "双方和棋", "1/2-1/2" }, { "余略", "*" }, { "餘略", "*" }, { "【和棋】", "1/2-1/2" },
	{ "炮二平五", NULL }, { "马８进７", NULL },
};

static void results(void)
{
	for (size_t i = 0; i < sizeof words / sizeof *words; i++) {
		const char *r = xq_result_word(words[i].word, strlen(words[i].word));
		ok(words[i].result ? r && !strcmp(r, words[i].result) : !r, "result word '%s'", words[i].word);
	}
	is_str(xq_severity_name(XQ_SEV_ERROR), "error", "severity name");
	is_str(xq_problem_name(XQ_P_ILLEGAL), "illegal-move", "problem name");
}

int main(void)
{
	tags();
	arena();
	tree();
	fen();
	results();
	return done_testing();
}
