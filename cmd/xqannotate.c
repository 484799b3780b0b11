/*
 * xqannotate - mark the mistakes of games with a search: records in, the
 * same records with marks (?!, ?, ??), comments and better lines out.
 *
 * Every position of the main line in the range asked for is searched, by
 * the built-in engine (lib/search.c) or an external UCI/UCCI engine
 * (cmd/engine.c), and again over the played move alone when that was not
 * the best (search_played); lib/annotate.c turns the scores into marks.  The whole
 * game is searched before anything is added to it, so that a game whose
 * engine failed is written as it came.
 */
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine.h"
#include "record_input.h"

static const char usage_text[] =
	"usage: xqannotate [-hjqVv] [--engine CMD [--engine-arg ARG]... [--engine-option N=V]...]\n"
	"                  [--depth N | --nodes N | --movetime MS] [--from PLY] [--to PLY]\n"
	"                  [--played root|next]\n"
	"                  [--plot FILE.svg|DIR] [-f format] [-t format] [-e enc] [-E enc]\n"
	"                  [-n notation] [-o file | -d dir] [file ...]\n"
	"Annotate games with a search: marks, comments, better lines and summaries.\n"
	"\n"
	"  --engine=CMD          run the UCI/UCCI engine CMD (no shell; PATH searched);\n"
	"                        default: the built-in engine\n"
	"  --engine-arg=ARG      an argument for CMD (repeatable)\n"
	"  --engine-option=N=V   setoption N to V after the handshake (repeatable)\n"
	"  --engine-dialect=D    auto (default), uci (ranks 0..9), fsf (ranks 1..10,\n"
	"                        UCI_Variant xiangqi), ucci\n"
	"  --engine-timeout=SEC  wait for a search beyond its own time (default 60)\n"
	"  --depth=N             search depth in plies\n"
	"  --nodes=N             nodes per position (default 30000 built-in, 200000\n"
	"                        for an external engine, when no limit is given)\n"
	"  --movetime=MS         milliseconds per position\n"
	"  --hash=MB             built-in engine's table (default 16)\n"
	"  --from=PLY --to=PLY   annotate plies PLY.. and ..PLY of the main line (1-based)\n"
	"  --inaccuracy=D --mistake=D --blunder=D\n"
	"                        expected-score drops for ?!, ? and ?? (0.06 0.12 0.20)\n"
	"  --scale=K             the logistic constant per centipawn (default 0.0029\n"
	"                        built-in, 0.0043 for external engines, as Fairy-Stockfish)\n"
	"  --line=N              plies of the better line added (default 8; 0: none)\n"
	"  --played=root|next    score the played move by a search of its position\n"
	"                        over that move alone (root, default), or by the\n"
	"                        search of the position it leads to (next)\n"
	"  --plot=FILE.svg|DIR   the evaluation chart: one game to a file, or one\n"
	"                        chart per game in a directory\n"
	"  -j, --json            one JSON object per ply on standard output (records\n"
	"                        then go only to -o or -d)\n"
	"  -f, --format=FMT      input format (default: detect)\n"
	"  -t, --output-format=FMT  output format: pgn (default), text, ...\n"
	"  -e, --encoding=ENC    input encoding (default: detect)\n"
	"  -E, --output-encoding=ENC  output encoding (default utf-8)\n"
	"  -n, --notation=N      moves and comments: chinese (default), wxf, iccs, uci, uci10\n"
	"  -o, --output=FILE     write to FILE (atomically); default standard output\n"
	"  -d, --directory=DIR   one file per game in DIR\n"
	"      --strict          stop at the first invalid game or engine failure\n"
	"  -q, --quiet           no diagnostics, no progress line\n"
	"  -v, --verbose         notes too, and the engine's name\n"
	"  -h, --help            this help\n"
	"  -V, --version         version\n"
	"\n"
	"A game whose engine died, hung or answered garbage is written unannotated\n"
	"and the run goes on with a fresh engine.  Exit status: 0 every game\n"
	"annotated, 1 some game invalid (dropped), 2 usage, I/O or engine error.\n";

#define MAX_ENGINE_ARGS 64
#define MAX_ENGINE_OPTIONS 64

static struct {
	struct problem_printer pp;
	struct cmd_opts o;
	struct record_output ro;
	int strict, progress;
	int played_next;                /* --played next */
	int ply_from, ply_to;           /* 0: from the start / to the end */
	struct xq_annotate_opts ao;
	struct xq_search_limits lim;
	/* engines */
	char *eargv[MAX_ENGINE_ARGS + 2];
	int neargs;
	struct engine_option eopts[MAX_ENGINE_OPTIONS];
	int neopts;
	struct engine eng;
	int external, eng_running;
	struct xq_search *search;
	size_t hash_mb;
	char who[400];
	/* plots */
	const char *plot;
	int plot_dir, plots_written, plot_warned;
	/* counts */
	long read, written, dropped, unannotated, annotated;
	int trouble, findings, stop;
	char **inputs;
	int ninputs;
	double started;
	long searched;                  /* positions searched so far */
} st;

/* --- signals: never leave an engine behind */

static void on_fatal_signal(int sig)
{
	engine_kill_all();
	signal(sig, SIG_DFL);
	raise(sig);
}

/* --- searching */

static int ensure_engine(const char *name, const struct xq_game *g)
{
	if (!st.external || st.eng_running)
		return 0;
	if (engine_start(&st.eng) < 0) {
		if (st.eng.exec_failed)
			die(EXIT_TROUBLE, "%s", st.eng.error);
		if (!st.pp.quiet)
			diag(name, g->line, 0, "error", "game %ld: %s", g->index, st.eng.error);
		return -1;
	}
	st.eng_running = 1;
	if (st.pp.verbose)
		warnx_("note: engine '%s', dialect %s", st.eng.name,
		       xq_uci_dialect_name(st.eng.dialect));
	return 0;
}

static void describe_engine(void)
{
	size_t n = (size_t)snprintf(st.who, sizeof st.who, "xqannotate %s, %s", XQ_VERSION,
				    st.external ? st.eng.name : "built-in engine");
	if (st.lim.depth)
		n += (size_t)snprintf(st.who + n, sizeof st.who - n, ", depth %d", st.lim.depth);
	if (st.lim.nodes && n < sizeof st.who)
		n += (size_t)snprintf(st.who + n, sizeof st.who - n, ", %llu nodes",
				      (unsigned long long)st.lim.nodes);
	if (st.lim.movetime_ms && n < sizeof st.who)
		snprintf(st.who + n, sizeof st.who - n, ", %lld ms", (long long)st.lim.movetime_ms);
}

/* --- the chart */

static double chart_value(int score_red, double k)
{
	return xq_expected_score(score_red, k);
}

/* SVG of Red's expected score over the plies 0..n (values[i] after ply
 * i), with the marked plies as discs. */
static int write_plot(const char *path, const struct xq_game *g, const int *red_scores,
		      const int *have, const int *marks, int n)
{
	struct outfile of;
	if (out_open(&of, path, st.inputs, st.ninputs) < 0)
		return -1;
	const int W = 800, H = 320, L = 50, R = 20, T = 30, B = 40;
	double pw = W - L - R, ph = H - T - B;
	double dx = n > 0 ? pw / n : pw;
	FILE *fp = of.fp;
	const char *red = xq_game_tag(g, "Red"), *black = xq_game_tag(g, "Black");
	fprintf(fp, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	fprintf(fp, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">\n",
		W, H, W, H);
	fprintf(fp, "<title>");
	for (const char *s = red && *red ? red : "Red"; *s; s++)
		fputs(*s == '<' ? "&lt;" : *s == '&' ? "&amp;" : *s == '>' ? "&gt;" : (char[2]){ *s, 0 }, fp);
	fprintf(fp, " - ");
	for (const char *s = black && *black ? black : "Black"; *s; s++)
		fputs(*s == '<' ? "&lt;" : *s == '&' ? "&amp;" : *s == '>' ? "&gt;" : (char[2]){ *s, 0 }, fp);
	fprintf(fp, ": expected score for Red</title>\n");
	fprintf(fp, "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n", W, H);
	/* Black's half darker, so the area between curve and middle reads */
	fprintf(fp, "<rect class=\"plot\" x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%.1f\" fill=\"#f0f0f0\" stroke=\"#808080\"/>\n",
		L, T, pw, ph);
	double mid = T + ph / 2;
	/* the area: from the middle line to the curve */
	fprintf(fp, "<polygon class=\"area\" fill=\"#f4b4b4\" stroke=\"none\" points=\"%.1f,%.1f", (double)L, mid);
	for (int i = 0; i <= n; i++)
		if (have[i])
			fprintf(fp, " %.1f,%.1f", L + i * dx, T + ph * (1 - chart_value(red_scores[i], st.ao.k)));
	fprintf(fp, " %.1f,%.1f\"/>\n", L + n * dx, mid);
	fprintf(fp, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#808080\" stroke-dasharray=\"4 4\"/>\n",
		L, mid, L + pw, mid);
	fprintf(fp, "<polyline class=\"eval\" fill=\"none\" stroke=\"#202060\" stroke-width=\"2\" points=\"");
	for (int i = 0, first = 1; i <= n; i++)
		if (have[i]) {
			fprintf(fp, "%s%.1f,%.1f", first ? "" : " ", L + i * dx,
				T + ph * (1 - chart_value(red_scores[i], st.ao.k)));
			first = 0;
		}
	fprintf(fp, "\"/>\n");
	/* axes labels */
	fprintf(fp, "<g font-family=\"sans-serif\" font-size=\"12\" fill=\"#000000\">\n");
	fprintf(fp, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">1</text>\n", L - 6, T + 4);
	fprintf(fp, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">0.5</text>\n", L - 6, mid + 4);
	fprintf(fp, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">0</text>\n", L - 6, T + (int)ph + 4);
	int step = n <= 20 ? 2 : n <= 60 ? 10 : n <= 200 ? 20 : 50;
	for (int i = 0; i <= n; i += step)
		fprintf(fp, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%d</text>\n", L + i * dx,
			T + (int)ph + 18, i);
	fprintf(fp, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">ply</text>\n", L + pw / 2, H - 6);
	fprintf(fp, "<text x=\"%d\" y=\"%d\">expected score for Red</text>\n", L, T - 10);
	fprintf(fp, "</g>\n");
	/* the marks: ?? red, ? orange, ?! yellow */
	for (int i = 1; i <= n; i++) {
		const char *colour = marks[i] == XQ_NAG_BLUNDER ? "#d00000" :
				     marks[i] == XQ_NAG_MISTAKE ? "#ff8000" :
				     marks[i] == XQ_NAG_DUBIOUS ? "#e0c000" : NULL;
		if (!colour || !have[i])
			continue;
		fprintf(fp, "<circle class=\"mark\" data-ply=\"%d\" data-mark=\"%s\" cx=\"%.1f\" cy=\"%.1f\" r=\"6\" fill=\"%s\" stroke=\"#000000\" stroke-width=\"1\"/>\n",
			i, marks[i] == XQ_NAG_BLUNDER ? "??" : marks[i] == XQ_NAG_MISTAKE ? "?" : "?!",
			L + i * dx, T + ph * (1 - chart_value(red_scores[i], st.ao.k)), colour);
	}
	fprintf(fp, "</svg>\n");
	if (ferror(fp) || fflush(fp) != 0) {
		warnx_("error writing '%s': %s", path, strerror(errno ? errno : EIO));
		out_abort(&of);
		return -1;
	}
	return out_commit(&of);
}

/* --- JSON */

/* A score for the mover as JSON fields: "NAME":cp or "NAME_mate":moves. */
static void json_score(const char *name, int s)
{
	if (XQ_SCORE_IS_MATE(s)) {
		int plies = XQ_SCORE_MATE - abs(s);
		printf("\"%s\":null,\"%s_mate\":%d", name, name, s > 0 ? (plies + 1) / 2 : -(plies / 2));
	} else {
		printf("\"%s\":%d,\"%s_mate\":null", name, s, name);
	}
}

static void json_ply(const struct xq_game *g, int ply, const struct xq_pos *pos, xq_move m,
		     const struct xq_search_info *before, const struct xq_judgement *j)
{
	char text[XQ_MOVE_TEXT_MAX], iccs[5];
	static const char *const marks[7] = { "", "!", "?", "!!", "??", "!?", "?!" };
	printf("{\"game\":%ld,\"ply\":%d,\"side\":\"%s\",\"move\":", st.read, ply,
	       pos->side == XQ_RED ? "red" : "black");
	if (xq_move_format(pos, m, st.ao.notation, st.ao.notation_flags, text, sizeof text) < 0)
		text[0] = '\0';
	json_put_string(stdout, text);
	xq_move_iccs(m, iccs);
	printf(",\"iccs\":\"%s\",\"best\":", iccs);
	if (before->npv > 0 && xq_move_format(pos, before->pv[0], st.ao.notation,
					      st.ao.notation_flags, text, sizeof text) > 0) {
		json_put_string(stdout, text);
		xq_move_iccs(before->pv[0], iccs);
		printf(",\"best_iccs\":\"%s\",", iccs);
	} else {
		printf("null,\"best_iccs\":null,");
	}
	json_score("score_best", j->best);
	putchar(',');
	json_score("score_played", j->played);
	printf(",\"drop\":%.4f,\"loss\":%d,\"accuracy\":%.1f,\"mark\":\"%s\",\"missed_mate\":%d,\"allowed_mate\":%d,\"depth\":%d,\"nodes\":%llu,\"pv\":[",
	       j->drop, j->loss, j->accuracy, marks[j->nag], (j->missed_mate + 1) / 2,
	       (j->allowed_mate + 1) / 2, before->depth, (unsigned long long)before->nodes);
	struct xq_pos p = *pos;
	for (int i = 0; i < before->npv; i++) {
		struct xq_undo u;
		if (!xq_is_legal(&p, before->pv[i]))
			break;
		xq_move_iccs(before->pv[i], iccs);
		printf("%s\"%s\"", i ? "," : "", iccs);
		xq_make(&p, before->pv[i], &u);
	}
	printf("]}\n");
	(void)g;
}

/* --- one game */

static void progress_line(int done, int total)
{
	if (!st.progress)
		return;
	double el = now_seconds() - st.started;
	double per = st.searched ? el / st.searched : 0;
	fprintf(stderr, "\r\033[K%s: game %ld, ply %d of %d, about %.0f s left in this game",
		progname, st.read, done, total, per * (total - done));
}

/*
 * Annotate g; 0 done (or nothing to do), -1 the engine failed (reported,
 * g untouched).
 */
/*
 * The score of the move played at ply p + 1 (moves[p], played in pos,
 * whose full search is best) as the analysis of the position it leads to,
 * into *after.  With --played root (the default) it comes from a search of
 * pos over that move alone (searchmoves), to the depth the full search
 * reached: best and played are then scores of one position, at one depth,
 * for one side, where the next position's own search (--played next, and
 * for UCCI engines, which have no searchmoves) is a ply deeper into the
 * game and from the other side, and its parity shows as a swing of its
 * own.  Nothing is searched when the move is the best one or pos has no
 * move.  1 when *after was filled, 0 when nothing was searched, -1 when the
 * engine failed.
 */
static int search_played(const char *name, const struct xq_game *g, const char *fen,
			 const xq_move *moves, int p, const struct xq_pos *pos,
			 const uint64_t *keys, const struct xq_search_info *best,
			 struct xq_search_info *after)
{
	struct xq_search_limits lim = st.lim;
	struct xq_search_info r;
	if (st.played_next || (st.external && st.eng.dialect == XQ_UCI_UCCI) ||
	    xq_status(pos) != XQ_PLAYING || (best->npv > 0 && best->pv[0] == moves[p]))
		return 0;
	lim.searchmoves = &moves[p];
	lim.nsearchmoves = 1;
	if (best->depth > 0 && (!lim.depth || best->depth < lim.depth))
		lim.depth = best->depth;
	if (st.external) {
		if (engine_search(&st.eng, fen, moves, p, pos, &lim, &r) < 0) {
			if (!st.pp.quiet)
				diag(name, g->line, 0, "error", "game %ld, ply %d: %s", g->index,
				     p + 1, st.eng.error);
			st.eng_running = 0;
			return -1;
		}
	} else {
		int e = xq_search_run(st.search, pos, keys, p, &lim, NULL, NULL, &r);
		if (e < 0)
			die(EXIT_TROUBLE, "search failed: %s", xq_strerror(e));
	}
	st.searched++;
	memset(after, 0, sizeof *after);
	after->score = -r.score;
	after->depth = r.depth;
	after->nodes = r.nodes;
	/* the line after the move: r's principal variation from its second move */
	for (int i = 1; i < r.npv; i++)
		after->pv[after->npv++] = r.pv[i];
	return 1;
}

static int annotate_game(const char *name, struct xq_game *g)
{
	int n = 0;
	for (const struct xq_node *nd = g->root.child; nd && nd->move != XQ_MOVE_NONE; nd = nd->child)
		n++;
	int a = st.ply_from > 0 ? st.ply_from : 1;
	int b = st.ply_to > 0 && st.ply_to < n ? st.ply_to : n;
	if (a > b)
		return 0;
	struct xq_node **nodes = calloc((size_t)n + 1, sizeof *nodes);
	struct xq_pos *pos = calloc((size_t)n + 1, sizeof *pos);
	uint64_t *keys = calloc((size_t)n + 1, sizeof *keys);
	xq_move *moves = calloc((size_t)n + 1, sizeof *moves);
	struct xq_search_info *info = calloc((size_t)n + 1, sizeof *info);
	int *red = calloc((size_t)n + 1, sizeof *red), *have = calloc((size_t)n + 1, sizeof *have);
	int *marks = calloc((size_t)n + 1, sizeof *marks);
	struct xq_search_info *after = calloc((size_t)n + 1, sizeof *after);
	char *own = calloc((size_t)n + 1, 1);   /* after[p] is the played move's own search */
	int rc = 0;
	if (!nodes || !pos || !keys || !moves || !info || !red || !have || !marks || !after || !own)
		die(EXIT_TROUBLE, "out of memory");
	pos[0] = g->start;
	keys[0] = g->start.key;
	{
		int i = 0;
		for (struct xq_node *nd = g->root.child; nd && i < n; nd = nd->child, i++) {
			struct xq_undo u;
			nodes[i + 1] = nd;
			moves[i] = nd->move;
			pos[i + 1] = pos[i];
			if (!xq_is_legal(&pos[i], nd->move)) {
				n = i;
				break;
			}
			xq_make(&pos[i + 1], nd->move, &u);
			keys[i + 1] = pos[i + 1].key;
		}
		if (b > n)
			b = n;
	}
	const char *fen = (g->flags & XQ_GAME_SETUP) ? g->start_fen : NULL;
	if (st.external && (ensure_engine(name, g) < 0 || engine_new_game(&st.eng) < 0)) {
		if (st.eng_running && !st.pp.quiet)
			diag(name, g->line, 0, "error", "game %ld: %s", g->index, st.eng.error);
		st.eng_running = 0;
		rc = -1;
		goto out;
	}
	if (!st.external)
		xq_search_clear(st.search);
	for (int p = a - 1; p <= b; p++) {
		progress_line(p - (a - 1), b - a + 2);
		if (xq_status(&pos[p]) != XQ_PLAYING) {
			info[p].score = -XQ_SCORE_MATE;
			info[p].npv = 0;
		} else if (st.external) {
			if (engine_search(&st.eng, fen, moves, p, &pos[p], &st.lim, &info[p]) < 0) {
				if (!st.pp.quiet)
					diag(name, g->line, 0, "error", "game %ld, ply %d: %s", g->index,
					     p + 1, st.eng.error);
				st.eng_running = 0;
				rc = -1;
				goto out;
			}
		} else {
			int e = xq_search_run(st.search, &pos[p], keys, p, &st.lim, NULL, NULL, &info[p]);
			if (e < 0)
				die(EXIT_TROUBLE, "search failed: %s", xq_strerror(e));
		}
		st.searched++;
		red[p] = pos[p].side == XQ_RED ? info[p].score : -info[p].score;
		have[p] = 1;
		if (p < b) {
			int k = search_played(name, g, fen, moves, p, &pos[p], keys, &info[p], &after[p + 1]);
			if (k < 0) {
				rc = -1;
				goto out;
			}
			own[p + 1] = (char)k;
		}
	}
	if (st.progress)
		fprintf(stderr, "\r\033[K");

	struct xq_annotate_summary sum;
	memset(&sum, 0, sizeof sum);
	for (int p = a; p <= b; p++) {
		struct xq_judgement j;
		/* the played move's own search, or the next position's */
		xq_annotate_judge(&st.ao, &pos[p - 1], moves[p - 1], &info[p - 1],
				  own[p] ? &after[p] : &info[p], &j);
		xq_annotate_count(&sum, &j);
		marks[p] = j.nag;
		if (st.o.json)
			json_ply(g, p, &pos[p - 1], moves[p - 1], &info[p - 1], &j);
		if (xq_annotate_node(g, nodes[p], &pos[p - 1], &st.ao, &info[p - 1], &j) < 0)
			die(EXIT_TROUBLE, "out of memory");
	}
	if (xq_annotate_summarise(g, &sum, st.who) < 0)
		die(EXIT_TROUBLE, "out of memory");

	if (st.plot) {
		char *path = NULL;
		if (st.plot_dir) {
			path = record_game_path(st.plot, g, st.read, "svg");
		} else if (st.plots_written == 0) {
			path = strdup(st.plot);
		} else if (!st.plot_warned) {
			st.plot_warned = 1;
			warnx_("--plot %s holds one game's chart: the charts of later games are not written "
			       "(give a directory for one per game)", st.plot);
		}
		if (path) {
			/* the range only: plies before it are not searched */
			if (write_plot(path, g, red, have, marks, b) < 0)
				st.trouble = 1;
			else
				st.plots_written++;
			free(path);
		}
	}
out:
	if (st.progress)
		fprintf(stderr, "\r\033[K");
	free(nodes); free(pos); free(keys); free(moves); free(info);
	free(red); free(have); free(marks); free(after); free(own);
	return rc;
}

static enum record_step annotate_step(struct record_loop *l, struct xq_game *g)
{
	const char *name = l->name;
	st.read++;
	if (g->errors) {
		st.findings = 1;
		st.dropped++;
		if (!st.pp.quiet)
			diag(name, g->line, 0, st.strict ? "error" : "note",
			     "game %ld is invalid: %s", g->index,
			     st.strict ? "stopping (--strict)" : "dropped");
		return st.strict ? RECORD_STOP : RECORD_NEXT;
	}
	int failed = annotate_game(name, g) < 0;
	if (failed) {
		st.trouble = 1;
		if (st.strict) {
			if (!st.pp.quiet)
				diag(name, g->line, 0, "error", "game %ld: stopping (--strict)", g->index);
			st.dropped++;
			return RECORD_STOP;
		}
		if (!st.pp.quiet)
			diag(name, g->line, 0, "note", "game %ld written unannotated", g->index);
	}
	enum record_step step = RECORD_NEXT;
	int wr = (st.o.json && !st.o.outpath && !st.o.dir) ? 0 : record_output_write(&st.ro, g);
	if (wr == 0) {
		st.written++;
		if (failed)
			st.unannotated++;
		else
			st.annotated++;
	} else if (wr > 0) {
		st.dropped++;
		st.findings = 1;
		if (st.strict)
			step = RECORD_STOP;
	} else {
		st.dropped++;
		st.trouble = 1;
		step = RECORD_STOP;
	}
	if (st.o.json)
		fflush(stdout);
	return step;
}

static double parse_fraction(const char *text, const char *what)
{
	char *e;
	errno = 0;
	double v = strtod(text, &e);
	if (errno || e == text || *e || !(v > 0) || v > 1)
		die(EXIT_TROUBLE, "invalid %s '%s' (a number in (0, 1])", what, text);
	return v;
}

int main(int argc, char **argv)
{
	enum {
		OPT_ENGINE = 256, OPT_EARG, OPT_EOPT, OPT_EDIALECT, OPT_ETIMEOUT, OPT_DEPTH,
		OPT_NODES, OPT_MOVETIME, OPT_HASH, OPT_FROM, OPT_TO, OPT_INACC, OPT_MISTAKE,
		OPT_BLUNDER, OPT_SCALE, OPT_LINE, OPT_PLOT, OPT_STRICT, OPT_CRLF, OPT_PLAYED,
	};
	static const struct option longopts[] = {
		{ "blunder", required_argument, NULL, OPT_BLUNDER },
		{ "crlf", no_argument, NULL, OPT_CRLF },
		{ "depth", required_argument, NULL, OPT_DEPTH },
		{ "engine", required_argument, NULL, OPT_ENGINE },
		{ "engine-arg", required_argument, NULL, OPT_EARG },
		{ "engine-dialect", required_argument, NULL, OPT_EDIALECT },
		{ "engine-option", required_argument, NULL, OPT_EOPT },
		{ "engine-timeout", required_argument, NULL, OPT_ETIMEOUT },
		{ "from", required_argument, NULL, OPT_FROM },
		{ "hash", required_argument, NULL, OPT_HASH },
		{ "inaccuracy", required_argument, NULL, OPT_INACC },
		{ "line", required_argument, NULL, OPT_LINE },
		{ "mistake", required_argument, NULL, OPT_MISTAKE },
		{ "movetime", required_argument, NULL, OPT_MOVETIME },
		{ "nodes", required_argument, NULL, OPT_NODES },
		{ "output-format", required_argument, NULL, 't' },
		{ "played", required_argument, NULL, OPT_PLAYED },
		{ "plot", required_argument, NULL, OPT_PLOT },
		{ "scale", required_argument, NULL, OPT_SCALE },
		{ "strict", no_argument, NULL, OPT_STRICT },
		{ "to", required_argument, NULL, OPT_TO },
		{ NULL, 0, NULL, 0 },
	};
	int c, timeout_s = 60, scale_given = 0;
	enum xq_uci_dialect dialect = XQ_UCI_AUTO;
	const char *engine_cmd = NULL;
	struct stat sb;
	struct record_loop l = { 0 };

	cmd_init(argv, usage_text);
	xq_annotate_defaults(&st.ao);
	st.o.pp = &st.pp;
	st.o.notation = XQ_NOTATION_CHINESE;
	st.hash_mb = 16;
	while ((c = cmd_getopt(&st.o, argc, argv, "d:E:e:f:hjn:o:qt:Vv", longopts)) != -1) {
		switch (c) {
		case OPT_ENGINE: engine_cmd = optarg; break;
		case OPT_EARG:
			if (st.neargs >= MAX_ENGINE_ARGS)
				die(EXIT_TROUBLE, "more than %d --engine-arg", MAX_ENGINE_ARGS);
			st.eargv[1 + st.neargs++] = optarg;
			break;
		case OPT_EOPT: {
			char *eq = strchr(optarg, '=');
			if (!eq || eq == optarg) {
				warnx_("--engine-option wants NAME=VALUE, not '%s'", optarg);
				usage(EXIT_TROUBLE);
			}
			if (st.neopts >= MAX_ENGINE_OPTIONS)
				die(EXIT_TROUBLE, "more than %d --engine-option", MAX_ENGINE_OPTIONS);
			*eq = '\0';
			st.eopts[st.neopts].name = optarg;
			st.eopts[st.neopts++].value = eq + 1;
			break;
		}
		case OPT_EDIALECT:
			if (xq_uci_dialect_from_name(optarg, &dialect) < 0) {
				warnx_("unknown engine dialect '%s'", optarg);
				usage(EXIT_TROUBLE);
			}
			break;
		case OPT_ETIMEOUT: timeout_s = (int)parse_number(optarg, 1, 86400, "engine timeout"); break;
		case OPT_DEPTH: st.lim.depth = (int)parse_number(optarg, 1, 100, "depth"); break;
		case OPT_NODES: st.lim.nodes = (uint64_t)parse_number(optarg, 1, 1000000000000L, "node count"); break;
		case OPT_MOVETIME: st.lim.movetime_ms = parse_number(optarg, 1, 86400000L, "move time"); break;
		case OPT_HASH: st.hash_mb = (size_t)parse_number(optarg, 1, 4096, "hash size"); break;
		case OPT_FROM: st.ply_from = (int)parse_number(optarg, 1, 100000, "ply"); break;
		case OPT_TO: st.ply_to = (int)parse_number(optarg, 1, 100000, "ply"); break;
		case OPT_INACC: st.ao.inaccuracy = parse_fraction(optarg, "inaccuracy threshold"); break;
		case OPT_MISTAKE: st.ao.mistake = parse_fraction(optarg, "mistake threshold"); break;
		case OPT_BLUNDER: st.ao.blunder = parse_fraction(optarg, "blunder threshold"); break;
		case OPT_SCALE: st.ao.k = parse_fraction(optarg, "scale"); scale_given = 1; break;
		case OPT_LINE: st.ao.line_plies = (int)parse_number(optarg, 0, XQ_MAX_PV, "line length"); break;
		case OPT_PLOT: st.plot = optarg; break;
		case OPT_PLAYED:
			if (strcmp(optarg, "root") && strcmp(optarg, "next")) {
				warnx_("--played wants root or next, not '%s'", optarg);
				usage(EXIT_TROUBLE);
			}
			st.played_next = !strcmp(optarg, "next");
			break;
		case OPT_STRICT: st.strict = 1; break;
		case OPT_CRLF: st.ro.wflags |= XQ_WRITE_CRLF; break;
		default: usage(EXIT_TROUBLE);
		}
	}
	argc -= optind;
	argv += optind;
	if ((st.neargs || st.neopts || dialect != XQ_UCI_AUTO) && !engine_cmd) {
		warnx_("--engine-arg, --engine-option and --engine-dialect need --engine");
		usage(EXIT_TROUBLE);
	}
	if (st.ply_from && st.ply_to && st.ply_from > st.ply_to) {
		warnx_("--from %d is after --to %d", st.ply_from, st.ply_to);
		usage(EXIT_TROUBLE);
	}
	if (!(st.ao.inaccuracy <= st.ao.mistake && st.ao.mistake <= st.ao.blunder)) {
		warnx_("the thresholds must grow: inaccuracy <= mistake <= blunder");
		usage(EXIT_TROUBLE);
	}
	opt_output(&st.o);
	if (st.plot && stat(st.plot, &sb) == 0 && S_ISDIR(sb.st_mode))
		st.plot_dir = 1;
	st.ao.notation = st.o.notation;
	if (record_big5(st.o.enc_out))
		st.ao.notation_flags |= XQ_NOTE_TRAD;
	st.ro.inputs = st.inputs = argv;
	st.ro.ninputs = st.ninputs = argc;
	st.ro.o = &st.o;
	st.progress = !st.pp.quiet && isatty(2);

	signal(SIGPIPE, SIG_IGN);
	signal(SIGINT, on_fatal_signal);
	signal(SIGTERM, on_fatal_signal);
	signal(SIGHUP, on_fatal_signal);
	if (engine_cmd) {
		st.external = 1;
		st.eargv[0] = (char *)engine_cmd;
		st.eargv[1 + st.neargs] = NULL;
		st.eng.argv = st.eargv;
		st.eng.forced = dialect;
		st.eng.options = st.eopts;
		st.eng.noptions = st.neopts;
		st.eng.search_ms = timeout_s * 1000;
		st.eng.handshake_ms = timeout_s * 1000 < 10000 ? timeout_s * 1000 : 10000;
		if (!st.lim.depth && !st.lim.nodes && !st.lim.movetime_ms)
			st.lim.nodes = 200000;
		/* start now: a command that cannot run at all ends the run;
		 * one that fails its handshake is tried again for each game */
		if (engine_start(&st.eng) < 0) {
			if (st.eng.exec_failed || st.strict)
				die(EXIT_TROUBLE, "%s", st.eng.error);
			warnx_("%s", st.eng.error);
			st.trouble = 1;
		} else {
			st.eng_running = 1;
			if (st.pp.verbose)
				warnx_("note: engine '%s', dialect %s", st.eng.name,
				       xq_uci_dialect_name(st.eng.dialect));
		}
	} else {
		if (!scale_given)
			st.ao.k = XQ_ANNOTATE_K_BUILTIN;
		if (!st.lim.depth && !st.lim.nodes && !st.lim.movetime_ms)
			st.lim.nodes = 30000;
		if (!(st.search = xq_search_new(st.hash_mb)))
			die(EXIT_TROUBLE, "no memory for %zu MB of hash", st.hash_mb);
	}
	describe_engine();
	if (!(st.o.json && !st.o.outpath && !st.o.dir) && record_output_open(&st.ro) < 0)
		return EXIT_TROUBLE;
	st.started = now_seconds();
	l.o = &st.o;
	l.game = annotate_step;
	if (record_loop_run(&l, argc, argv))
		st.trouble = 1;
	st.stop = l.stop;

	if (st.external)
		engine_stop(&st.eng);  /* also frees the buffers of a dead one */
	if (st.search)
		xq_search_free(st.search);
	if (!(st.o.json && !st.o.outpath && !st.o.dir) &&
	    record_output_close(&st.ro, !(st.strict && (st.findings || st.unannotated)) &&
					!(st.trouble && st.stop)) < 0)
		st.trouble = 1;
	if (!st.pp.quiet || st.trouble)
		fprintf(stderr, "%s: %ld game%s read, %ld annotated, %ld unannotated, %ld dropped\n",
			progname, st.read, st.read == 1 ? "" : "s", st.annotated,
			st.unannotated, st.dropped);
	return exit_status(1, st.trouble, st.findings);
}
