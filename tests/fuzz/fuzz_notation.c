/*
 * fuzz_notation.c - libFuzzer target for the move parser: any text, in
 * any notation, against a few positions (tandem pieces, many pawns, black
 * to move) either fails cleanly or names a legal move that formats and
 * parses back to itself; and the quick reader of the common shape
 * (xq__relative_quick, replay's first try), on the text made a string,
 * takes nothing that xq_move_parse() in any notation reads otherwise.
 */
#include <stdlib.h>
#include <string.h>

#include "xq.h"
#include "notation_impl.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

static const char *const fens[] = {
	XQ_START_FEN,
	"rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 2 1",
	"4k4/3P1P3/4P4/3P1P3/9/9/9/9/9/3K5 w - - 0 1",
	"3ak4/4a4/4b4/2R1R4/9/2n1n4/9/4C4/4C4/3K5 w - - 0 1",
	"4k4/9/9/9/9/4p4/4p4/4p4/9/3K5 b - - 0 1",
};

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	struct xq_pos pos;
	struct xq_err err;
	xq_move m, back;
	char text[XQ_MOVE_TEXT_MAX];
	int rc;

	if (size < 1)
		return 0;
	if (xq_pos_from_fen(&pos, fens[data[0] % 5], 0, NULL) < 0)
		abort();
	{
		/* the text as a node holds it: exactly its bytes and a NUL */
		char *t = malloc(size);
		xq_move q, p;
		memcpy(t, data + 1, size - 1);
		t[size - 1] = '\0';
		if (xq__relative_quick(&pos, t, &q) &&
		    (xq_move_parse(&pos, t, strlen(t), XQ_NOTATION_ANY, 0, &p, NULL) < 0 || p != q))
			abort();
		free(t);
	}
	rc = xq_move_parse(&pos, (const char *)data + 1, size - 1,
			   (enum xq_notation)((data[0] / 5) % 6), 0, &m, &err);
	if (rc < 0) {
		if (err.offset < 0 || (size_t)err.offset > size - 1 || !memchr(err.msg, 0, sizeof err.msg))
			abort();
		return 0;
	}
	if (!xq_is_legal(&pos, m))
		abort();
	for (int n = XQ_NOTATION_ICCS; n <= XQ_NOTATION_UCI10; n++) {
		int len = xq_move_format(&pos, m, (enum xq_notation)n, 0, text, sizeof text);
		if (len < 0 || xq_move_parse(&pos, text, (size_t)len, (enum xq_notation)n, 0, &back, NULL) < 0 ||
		    back != m)
			abort();
	}
	return 0;
}
