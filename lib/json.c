/*
 * json.c - a string as JSON text, for the JSON the library and the
 * commands write.
 */
#include <stdio.h>

#include "xq.h"

void xq_json_put_string(FILE *fp, const char *s)
{
	fputc('"', fp);
	for (; s && *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\')
			fprintf(fp, "\\%c", c);
		else if (c == '\n')
			fputs("\\n", fp);
		else if (c == '\t')
			fputs("\\t", fp);
		else if (c < 0x20 || c == 0x7f)
			fprintf(fp, "\\u%04x", c);
		else
			fputc(c, fp);
	}
	fputc('"', fp);
}
