/*
 * problem_text.c - what a diagnostic line says of a problem after its
 * place and severity, so that the commands, the Python package and any
 * program over the library word it alike.
 */
#include <stdio.h>

#include "xq.h"

int xq_problem_describe(char *buf, size_t size, const struct xq_problem *p)
{
	char where[64] = "", at[48] = "";
	int n = 0;
	/* a FEN problem's message quotes the FEN: its text is not repeated */
	const char *text = p->text && p->code != XQ_P_FEN ? p->text : "";
	if (p->game > 0)
		n = snprintf(where, sizeof where, "game %ld", p->game);
	if (p->ply > 0)
		snprintf(where + n, sizeof where - (size_t)n, "%sply %d", n ? ", " : "", p->ply);
	/* a binary source: the byte offset, in decimal and as a hex dump shows it */
	if (p->has_byte)
		snprintf(at, sizeof at, "byte %ld (0x%lX): ", p->byte, (unsigned long)p->byte);
	return snprintf(buf, size, "%s%s%s%s%s%s", where, *where ? ": " : "", text,
			*text ? ": " : "", at, p->msg ? p->msg : "");
}
