/*
 * fuzz_uci.c - libFuzzer target for the engine-line parser (lib/uci.c):
 * any bytes, in every dialect, give a message whose texts are terminated
 * and within their buffers, whose moves either name a legal move of the
 * start position or are refused, and detection never leaves the dialects.
 */
#include <stdlib.h>
#include <string.h>

#include "xq.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	struct xq_uci_msg m;
	struct xq_pos pos;
	xq_pos_start(&pos);
	for (int d = XQ_UCI_AUTO; d <= XQ_UCI_UCCI; d++) {
		enum xq_uci_kind k = xq_uci_parse((const char *)data, size, (enum xq_uci_dialect)d, &m);
		if (k != m.kind || k < XQ_UCI_EMPTY || k > XQ_UCI_BAD)
			abort();
		if (strnlen(m.text, sizeof m.text) == sizeof m.text ||
		    strnlen(m.best, sizeof m.best) == sizeof m.best ||
		    strnlen(m.ponder, sizeof m.ponder) == sizeof m.ponder ||
		    strnlen(m.opt_type, sizeof m.opt_type) == sizeof m.opt_type ||
		    strnlen(m.opt_default, sizeof m.opt_default) == sizeof m.opt_default)
			abort();
		if (m.npv < 0 || m.npv > XQ_MAX_PV)
			abort();
		if (XQ_SCORE_IS_MATE(m.score) && (m.score > XQ_SCORE_MATE || m.score < -XQ_SCORE_MATE))
			abort();
		xq_move mv[XQ_MAX_PV + 1];
		int n = 0;
		for (int i = 0; i < m.npv; i++) {
			if (strnlen(m.pv[i], XQ_UCI_MOVE_MAX) == XQ_UCI_MOVE_MAX)
				abort();
			xq_move x;
			if (xq_uci_move_parse(&pos, m.pv[i], (enum xq_uci_dialect)d, &x) == 0) {
				char back[XQ_UCI_MOVE_MAX];
				if (!xq_is_legal(&pos, x))
					abort();
				xq_uci_move_text(x, (enum xq_uci_dialect)d, back);
				if (strcmp(back, m.pv[i]))
					abort();
				mv[n++] = x;
			}
		}
		char buf[1024];
		if (xq_uci_position(buf, sizeof buf, (enum xq_uci_dialect)d, NULL, mv, n) < 0)
			abort();
		enum xq_uci_dialect g = (enum xq_uci_dialect)d;
		xq_uci_detect(&g, &m);
		if (g < XQ_UCI_AUTO || g > XQ_UCI_UCCI)
			abort();
	}
	return 0;
}
