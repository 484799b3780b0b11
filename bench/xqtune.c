/*
 * xqtune - fit the evaluation's weights to games (Texel's method), for
 * bench/tune.sh.
 *
 *   xqtune [-p] [-b blend] [-e epochs] [-r rate] [-l lambda] [-s skip] WEIGHTS.h GAMES.txt... > NEW.h
 *
 * GAMES.txt: one game per line as bench/xqmatch -g writes them (the result
 * for Red, then the moves in ICCS from the start position).  Every position
 * from ply -s (default 12) on is used unless the side to move is in check
 * or the move played from it or into it is a capture (not quiet), labelled
 * with the game's result for the side to move, or where the game records
 * the player's score (xqmatch -g does for UCI engines), with -b (0.5) times
 * the result plus the rest times sigmoid(k * score / 400), k fitted to the
 * results.  The fit minimises the mean
 * of (result - sigmoid(K * eval / 400))^2 over the positions: K is fitted
 * first with the weights as they are, then the weights by Adam on the whole
 * set, with an L2 pull of -l towards the starting weights.  The king's
 * material and the unused piece-square points have no feature and stay.
 * Every tenth game is held out of the fit and its error printed beside.
 * The table is written in the format of lib/eval_weights.h (whose comments
 * name the weights), the mean errors before and after on stderr.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "eval.h"

struct sample {
	int first;          /* into the feature arrays */
	int count;
	float result;       /* the target: the game's result, or blended */
	float game;         /* the game's result for the side to move */
	int score;          /* the player's score here (cp), or NO_SCORE */
};

#define NO_SCORE (-1000000)

static int16_t *fidx;
static int8_t *fval;
static size_t nfeat, capfeat;
static struct sample *samples;
static size_t nsamples, capsamples;
static struct sample *held;        /* every tenth game: held out, to check the fit */
static size_t nheld, capheld;
static int holding;

static void die(const char *msg, const char *arg)
{
	fprintf(stderr, "xqtune: %s%s%s\n", msg, arg ? ": " : "", arg ? arg : "");
	exit(2);
}

static void add_sample(const struct xq_pos *pos, float result, int score)
{
	int feat[XQ__EVAL_NW] = { 0 };
	struct sample s;

	xq__eval_features(pos, xq__eval_weights, feat);
	s.first = (int)nfeat;
	s.count = 0;
	s.result = result;
	s.game = result;
	s.score = score;
	for (int i = 0; i < XQ__EVAL_NW; i++) {
		if (!feat[i])
			continue;
		if (nfeat == capfeat) {
			capfeat = capfeat ? capfeat * 2 : 1 << 20;
			fidx = realloc(fidx, capfeat * sizeof *fidx);
			fval = realloc(fval, capfeat * sizeof *fval);
			if (!fidx || !fval)
				die("out of memory", NULL);
		}
		if (feat[i] > 127 || feat[i] < -128)
			die("feature out of int8 range", NULL);
		fidx[nfeat] = (int16_t)i;
		fval[nfeat] = (int8_t)feat[i];
		nfeat++;
		s.count++;
	}
	if (holding) {
		if (nheld == capheld) {
			capheld = capheld ? capheld * 2 : 1 << 14;
			held = realloc(held, capheld * sizeof *held);
			if (!held)
				die("out of memory", NULL);
		}
		held[nheld++] = s;
		return;
	}
	if (nsamples == capsamples) {
		capsamples = capsamples ? capsamples * 2 : 1 << 16;
		samples = realloc(samples, capsamples * sizeof *samples);
		if (!samples)
			die("out of memory", NULL);
	}
	samples[nsamples++] = s;
}

static void read_games(const char *path, int skip)
{
	FILE *fp = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0;

	if (!fp)
		die("cannot open", path);
	static long game;
	while (getline(&line, &cap, fp) > 0) {
		struct xq_pos pos;
		char *save = NULL, *tok = strtok_r(line, " \n", &save);
		float red;
		int ply = 0, prev_capture = 0;
		int n = 0;

		if (!tok)
			continue;
		if (strcmp(tok, "1-0") == 0)
			red = 1;
		else if (strcmp(tok, "0-1") == 0)
			red = 0;
		else if (strcmp(tok, "1/2-1/2") == 0)
			red = 0.5f;
		else
			continue;
		holding = ++game % 10 == 0;
		xq_pos_start(&pos);
		while ((tok = strtok_r(NULL, " \n", &save)) && n < 1024) {
			xq_move m;
			char *slash = strchr(tok, '/');
			int score = slash ? atoi(slash + 1) : NO_SCORE;
			if (xq_move_parse(&pos, tok, slash ? (size_t)(slash - tok) : strlen(tok),
					  XQ_NOTATION_ICCS, 0, &m, NULL) < 0)
				break;
			n++;
			{
				struct xq_undo u;
				int capture = xq_piece_type(&pos, xq_move_to(m)) != XQ_NONE;
				if (ply >= skip && !xq_in_check(&pos) && !capture && !prev_capture)
					add_sample(&pos, pos.side == XQ_RED ? red : 1 - red, score);
				prev_capture = capture;
				xq_make(&pos, m, &u);
				ply++;
			}
		}
	}
	free(line);
	fclose(fp);
}

static double evaluate(const struct sample *s, const double *w)
{
	double e = 0;
	for (int k = 0; k < s->count; k++)
		e += w[fidx[s->first + k]] * fval[s->first + k];
	return e;
}

static double sigmoid(double x) { return 1 / (1 + exp(-x)); }

static double error_of(const struct sample *set, size_t n, const double *w, double K)
{
	double sum = 0;
	for (size_t i = 0; i < n; i++) {
		double d = set[i].result - sigmoid(K * evaluate(&set[i], w) / 400);
		sum += d * d;
	}
	return n ? sum / (double)n : 0;
}

static double mean_error(const double *w, double K)
{
	return error_of(samples, nsamples, w, K);
}

/* The weights file: its lines, and which hold a weight (value, comment). */
static char *wlines[4096];
static int nwlines, wline_of[XQ__EVAL_NW];

static void read_weights(const char *path)
{
	FILE *fp = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0;
	int nw = 0;

	if (!fp)
		die("cannot open", path);
	while (getline(&line, &cap, fp) > 0 && nwlines < 4096) {
		int v;
		char c;
		if (sscanf(line, "\t%d%c", &v, &c) == 2 && c == ',') {
			if (nw >= XQ__EVAL_NW)
				die("more weights than eval.h has", path);
			wline_of[nw++] = nwlines;
		}
		wlines[nwlines++] = strdup(line);
	}
	if (nw != XQ__EVAL_NW)
		die("fewer weights than eval.h has", path);
	free(line);
	fclose(fp);
}

int main(int argc, char **argv)
{
	int epochs = 400, skip = 12, c;
	double rate = 1.0, lambda = 1e-6, K = 1, best_err = 1e9, blend = 0.5;
	int freeze_pst = 0;
	static double w[XQ__EVAL_NW], w0[XQ__EVAL_NW], g[XQ__EVAL_NW], m1[XQ__EVAL_NW], m2[XQ__EVAL_NW];
	static int used[XQ__EVAL_NW];

	while ((c = getopt(argc, argv, "b:e:l:pr:s:")) != -1) {
		switch (c) {
		case 'p': freeze_pst = 1; break;
		case 'b': blend = atof(optarg); break;
		case 'e': epochs = atoi(optarg); break;
		case 'l': lambda = atof(optarg); break;
		case 'r': rate = atof(optarg); break;
		case 's': skip = atoi(optarg); break;
		default: die("usage: xqtune [-p] [-b blend] [-e epochs] [-r rate] [-l lambda] [-s skip] WEIGHTS.h GAMES...", NULL);
		}
	}
	if (argc - optind < 2)
		die("usage: xqtune [-p] [-b blend] [-e epochs] [-r rate] [-l lambda] [-s skip] WEIGHTS.h GAMES...", NULL);
	read_weights(argv[optind]);
	for (int i = optind + 1; i < argc; i++)
		read_games(argv[i], skip);
	if (nsamples == 0)
		die("no positions", NULL);
	/* Where the games carry the players' scores, the target is the mean
	 * of the result and the score's expectation, its scale fitted to the
	 * results (-b sets the share of the result). */
	{
		double bestk = 0, beste = 1e9;
		size_t scored = 0;
		for (double k = 0.1; k <= 4; k += 0.05) {
			double e = 0;
			size_t n = 0;
			for (size_t i = 0; i < nsamples; i++) {
				double d;
				if (samples[i].score == NO_SCORE)
					continue;
				d = samples[i].game - sigmoid(k * samples[i].score / 400);
				e += d * d;
				n++;
			}
			scored = n;
			if (n && e / (double)n < beste) {
				beste = e / (double)n;
				bestk = k;
			}
		}
		if (scored) {
			for (int pass = 0; pass < 2; pass++) {
				struct sample *set = pass ? held : samples;
				size_t n = pass ? nheld : nsamples;
				for (size_t i = 0; i < n; i++)
					if (set[i].score != NO_SCORE)
						set[i].result = (float)(blend * set[i].game +
							(1 - blend) * sigmoid(bestk * set[i].score / 400));
			}
			fprintf(stderr, "xqtune: %zu positions with scores, their scale %.2f (error %.6f)\n",
				scored, bestk, beste);
		}
	}
	for (int i = 0; i < XQ__EVAL_NW; i++)
		w[i] = w0[i] = xq__eval_weights[i];
	for (size_t k = 0; k < nfeat; k++)
		used[fidx[k]] = 1;
	if (freeze_pst)
		for (int i = XQ__W_PST; i < XQ__W_PST + 7 * 50; i++)
			used[i] = 0;

	/* K: a scan, then halvings around the best. */
	for (double step = 0.5; step > 0.001; step /= 2) {
		double bestK = K;
		for (double k = K - 4 * step; k <= K + 4 * step; k += step) {
			double e;
			if (k <= 0)
				continue;
			e = mean_error(w, k);
			if (e < best_err) {
				best_err = e;
				bestK = k;
			}
		}
		K = bestK;
	}
	fprintf(stderr, "xqtune: %zu positions (%zu held out), K %.3f, mean error %.6f, held out %.6f\n",
		nsamples, nheld, K, best_err, error_of(held, nheld, w, K));

	for (int ep = 1; ep <= epochs; ep++) {
		const double b1 = 0.9, b2 = 0.999, eps = 1e-8;
		memset(g, 0, sizeof g);
		for (size_t i = 0; i < nsamples; i++) {
			const struct sample *s = &samples[i];
			double p = sigmoid(K * evaluate(s, w) / 400);
			double d = (p - s->result) * p * (1 - p) * K / 400;
			for (int k = 0; k < s->count; k++)
				g[fidx[s->first + k]] += d * fval[s->first + k];
		}
		for (int i = 0; i < XQ__EVAL_NW; i++) {
			double gi;
			if (!used[i])
				continue;
			gi = g[i] / (double)nsamples + lambda * (w[i] - w0[i]);
			m1[i] = b1 * m1[i] + (1 - b1) * gi;
			m2[i] = b2 * m2[i] + (1 - b2) * gi * gi;
			w[i] -= rate * (m1[i] / (1 - pow(b1, ep))) / (sqrt(m2[i] / (1 - pow(b2, ep))) + eps);
		}
		if (ep % 50 == 0 || ep == epochs)
			fprintf(stderr, "xqtune: epoch %d: mean error %.6f, held out %.6f\n", ep,
				mean_error(w, K), error_of(held, nheld, w, K));
	}
	/* Write the table back with the new values. */
	for (int i = 0, k = 0; i < nwlines; i++) {
		if (k < XQ__EVAL_NW && wline_of[k] == i) {
			char *comment = strstr(wlines[i], "/*");
			long v = lround(w[k]);
			if (v > 32767) v = 32767;
			if (v < -32768) v = -32768;
			printf("\t%ld, %s", v, comment ? comment : "\n");
			k++;
		} else {
			fputs(wlines[i], stdout);
		}
	}
	return 0;
}
