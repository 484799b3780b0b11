/*
 * json.c - a string as JSON text, for the JSON the library and the
 * commands write, and such a string read back.
 */
#include <stdio.h>

#include "ascii.h"
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

long xq_json_get_string(const char *s, char *out, const char **end)
{
	size_t n = 0;
	if (*s++ != '"')
		return XQ_EINVAL;
	for (; *s && *s != '"'; s++) {
		if (*s != '\\') {
			out[n++] = *s;
			continue;
		}
		s++;
		if (*s == 'n') {
			out[n++] = '\n';
		} else if (*s == 't') {
			out[n++] = '\t';
		} else if (*s == 'u') {
			int v = 0;
			for (int i = 1; i <= 4; i++) {
				int d = xq__hex_digit((unsigned char)s[i]);
				if (d < 0)
					return XQ_EINVAL;
				v = v * 16 + d;
			}
			if (v == 0 || v > 0xff)
				return XQ_EINVAL;   /* a C string holds no NUL */
			out[n++] = (char)v;
			s += 4;
		} else if (*s) {
			out[n++] = *s;
		} else {
			return XQ_EINVAL;
		}
	}
	if (*s != '"')
		return XQ_EINVAL;
	out[n] = '\0';
	if (end)
		*end = s + 1;
	return (long)n;
}
