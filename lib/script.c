/*
 * script.c - simplified <-> traditional Chinese with OpenCC (the s2tw and
 * t2s configurations of its data directory): Big5 holds no simplified
 * characters, so a writer to Big5 converts them first; the other way for
 * GBK readers who want simplified text.  OpenCC converts by phrases, then
 * characters, and keeps line breaks, which lets the caller count the
 * lines (tags, comments) it changed.
 */
#include <opencc/opencc.h>
#include <stdlib.h>
#include <string.h>

#include "script.h"
#include "xq.h"

struct xq_script {
	opencc_t cc;
};

struct xq_script *xq__script_open(int to_trad)
{
	struct xq_script *s = malloc(sizeof *s);
	if (!s)
		return NULL;
	/* s2tw: Taiwan's forms (為, not OpenCC's default 爲), which are Big5's */
	s->cc = opencc_open(to_trad ? "s2tw.json" : "t2s.json");
	if (s->cc == (opencc_t)-1) {
		free(s);
		return NULL;
	}
	return s;
}

void xq__script_close(struct xq_script *s)
{
	if (!s)
		return;
	opencc_close(s->cc);
	free(s);
}

/* Lines of a and b (the same number: OpenCC keeps line breaks) that differ. */
static long changed_lines(const char *a, size_t na, const char *b, size_t nb)
{
	long n = 0;
	size_t i = 0, j = 0;
	while (i < na || j < nb) {
		const char *ea = memchr(a + i, '\n', na - i), *eb = memchr(b + j, '\n', nb - j);
		size_t la = ea ? (size_t)(ea - a) - i : na - i, lb = eb ? (size_t)(eb - b) - j : nb - j;
		n += la != lb || memcmp(a + i, b + j, la);
		i += la + (ea != NULL);
		j += lb + (eb != NULL);
		if (!ea || !eb) {
			if (ea || eb)
				n++;
			break;
		}
	}
	return n;
}

int xq__script_convert(struct xq_script *s, const char *in, size_t len,
		       char **out, size_t *outlen, long *changed)
{
	char *r, *copy;
	size_t n;
	*changed = 0;
	r = opencc_convert_utf8(s->cc, in, len);
	if (!r)
		return XQ_EINVAL;
	n = strlen(r);
	if (!(copy = malloc(n + 1))) {
		opencc_convert_utf8_free(r);
		return XQ_ENOMEM;
	}
	memcpy(copy, r, n + 1);
	opencc_convert_utf8_free(r);
	*changed = changed_lines(in, len, copy, n);
	*out = copy;
	*outlen = n;
	return 0;
}
