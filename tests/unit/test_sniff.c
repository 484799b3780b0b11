/*
 * test_sniff.c - format detection's contract: no sniffer scores over
 * XQ_SNIFF_TOP on any file of the corpus or on the heads below (the
 * reader skips the other sniffers once a named format scores more than
 * XQ_SNIFF_TOP - 10, which is sound only while that holds), and files read
 * as the same format whatever their name, a misleading one included,
 * unless the name is all that decides.
 */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "xq.h"
#include "xq_format.h"

/* The format a reader picks for buf under name (NULL: none opened). */
static const char *picked(const void *buf, size_t len, const char *name)
{
	struct xq_reader_opts o = { 0 };
	static char fmt[32];
	struct xq_reader *r;
	int err;
	o.name = name;
	if (!(r = xq_reader_open_mem(buf, len, &o, &err)))
		return NULL;
	snprintf(fmt, sizeof fmt, "%s", xq_reader_format(r));
	xq_reader_close(r);
	return fmt;
}

/* Every sniffer's score on head[0..len), within 0..XQ_SNIFF_TOP. */
static int scores_in_range(const unsigned char *head, size_t len, const char *name,
			   const char *what)
{
	int bad = 0;
	for (int i = 0; xq_formats[i]; i++) {
		int s;
		if (!xq_formats[i]->sniff)
			continue;
		s = xq_formats[i]->sniff(head, len, name);
		if (s < 0 || s > XQ_SNIFF_TOP) {
			diagf("%s: %s scores %d", what, xq_formats[i]->name, s);
			bad++;
		}
	}
	return !bad;
}

static const struct {
	const char *what, *bytes;
	size_t len;
	const char *name, *want;
} heads[] = {
	{ "XQF v18 named .xqf", "XQ\x12\xee\0\0\0\0\0\0\0\0\0\0\0\0", 16, "a.xqf", "xqf" },
	{ "XQF v18 named .pgn", "XQ\x12\xee\0\0\0\0\0\0\0\0\0\0\0\0", 16, "a.pgn", "xqf" },
	{ "XQF v18 unnamed", "XQ\x12\xee\0\0\0\0\0\0\0\0\0\0\0\0", 16, NULL, "xqf" },
	{ "XQF v10 with key bytes, named .xqf", "XQ\x0a\0\x01\0\0\0\0\0\0\0\x01\0\0\0", 16, "a.xqf", "xqf" },
	{ "XQF v10 with key bytes, named .cbr", "XQ\x0a\0\x01\0\0\0\0\0\0\0\x01\0\0\0", 16, "a.cbr", "xqf" },
	{ "PGN named .pgn", "[Event \"x\"]\n\n1. h2e2 h9g7 *\n", 28, "a.pgn", "pgn" },
	{ "PGN named .xqf", "[Event \"x\"]\n\n1. h2e2 h9g7 *\n", 28, "a.xqf", "pgn" },
	{ "CCBridge record named .xqf", "CCBridge Record\0\0\0\0\0", 20, "a.xqf", "cbr" },
	{ "WXF named .xqf", "FORMAT\tWXF\nSTART{\n}END\n", 23, "a.xqf", "xiexie" },
	{ "DhtmlXQ named .xqf", "[DhtmlXQ][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][/DhtmlXQ]\n", 62,
	  "a.xqf", "dhtmlxq" },
};

static void table(void)
{
	for (size_t i = 0; i < sizeof heads / sizeof *heads; i++) {
		const char *got = picked(heads[i].bytes, heads[i].len, heads[i].name);
		ok(scores_in_range((const unsigned char *)heads[i].bytes, heads[i].len, heads[i].name,
				   heads[i].what), "%s: every score within 0..%d", heads[i].what, XQ_SNIFF_TOP);
		ok(got && !strcmp(got, heads[i].want), "%s: read as %s (got %s)", heads[i].what,
		   heads[i].want, got ? got : "nothing");
	}
}

/* Every file of the corpus directories: scores in range, and the format
 * picked under the file's own name is the one picked with no name or a
 * misleading one whenever the content alone claims it. */
static void corpus(void)
{
	static const char *const dirs[] = { "corpus/pgn", "corpus/text", "corpus/xqf",
					    "corpus/dhtmlxq", "corpus/cbf", "corpus/dialects" };
	static unsigned char head[65536];
	int files = 0, bad_range = 0, bad_pick = 0;
	for (size_t d = 0; d < sizeof dirs / sizeof *dirs; d++) {
		char dir[4096];
		DIR *dp;
		struct dirent *e;
		snprintf(dir, sizeof dir, "%s", shared_path(dirs[d]));
		if (!(dp = opendir(dir))) {
			ok(0, "corpus directory %s (set XQ_SHARED)", dir);
			continue;
		}
		while ((e = readdir(dp))) {
			char path[8192];
			FILE *fp;
			size_t n;
			const char *own, *none;
			char ownf[32];
			if (e->d_name[0] == '.')
				continue;
			snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
			if (!(fp = fopen(path, "rb")))
				continue;
			n = fread(head, 1, sizeof head, fp);
			fclose(fp);
			if (!n)
				continue;
			files++;
			if (!scores_in_range(head, n, e->d_name, path))
				bad_range++;
			own = picked(head, n, e->d_name);
			snprintf(ownf, sizeof ownf, "%s", own ? own : "");
			none = picked(head, n, NULL);
			/* where the content decides alone, the name may not change it */
			if (none && strcmp(none, "pgn") && strcmp(ownf, none)) {
				diagf("%s: %s under its name, %s unnamed", path, ownf, none);
				bad_pick++;
			}
		}
		closedir(dp);
	}
	ok(files >= 50, "corpus: %d files sniffed", files);
	ok(!bad_range, "corpus: every sniffer within 0..%d on every file (%d not)", XQ_SNIFF_TOP,
	   bad_range);
	ok(!bad_pick, "corpus: no file read as another format for its name (%d)", bad_pick);
}

int main(void)
{
	table();
	corpus();
	return done_testing();
}
