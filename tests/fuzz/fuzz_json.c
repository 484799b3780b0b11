/*
 * fuzz_json.c - libFuzzer target for the reader of JSON strings
 * (xq_json_get_string): any bytes either fail cleanly or give a text no
 * longer than the input, read up to a closing quote inside it, that
 * xq_json_put_string writes as a string reading back the same.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xq.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	char *text = malloc(size + 1), *out = malloc(size + 1), *again = NULL, *back;
	const char *end;
	size_t len = 0;
	long n;
	FILE *fp;

	if (!text || !out)
		abort();
	memcpy(text, data, size);
	text[size] = '\0';
	n = xq_json_get_string(text, out, &end);
	if (n < 0) {
		if (n != XQ_EINVAL)
			abort();
		goto done;
	}
	if ((size_t)n > strlen(text) || (size_t)n != strlen(out) || end <= text ||
	    end > text + strlen(text) || end[-1] != '"')
		abort();
	if (!(fp = open_memstream(&again, &len)))
		abort();
	xq_json_put_string(fp, out);
	fclose(fp);
	if (!(back = malloc(len + 1)) || xq_json_get_string(again, back, &end) != n ||
	    strcmp(back, out) != 0 || *end != '\0')
		abort();
	free(back);
done:
	free(again);
	free(out);
	free(text);
	return 0;
}
