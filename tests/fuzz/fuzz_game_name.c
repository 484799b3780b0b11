/*
 * fuzz_game_name.c - libFuzzer target for file name templates
 * (xq_game_name_check, xq_game_format_name): the first line of the input
 * is the template, the rest tag values.  A template is refused by both or
 * by neither; a name made is never empty, fits its buffer, holds no '/',
 * blank or control character, and does not start or end with a
 * separator.
 */
#include <stdlib.h>
#include <string.h>

#include "xq.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	static const char *const names[] = { "Red", "Black", "Event", "Date", "X" };
	char *text = malloc(size + 1), *nl, *rest, name[64];
	struct xq_game *g = xq_game_new();
	size_t bad = (size_t)-1, sizes[] = { 1, 2, 7, sizeof name };
	int checked;

	if (!text || !g)
		abort();
	memcpy(text, data, size);
	text[size] = '\0';
	rest = (nl = strchr(text, '\n')) ? nl + 1 : text + size;
	if (nl)
		*nl = '\0';
	for (int i = 0; i < 5 && *rest; i++) {
		char *next = strchr(rest, '\n');
		if (next)
			*next = '\0';
		if (xq_game_set_tag(g, names[i], rest) < 0)
			abort();
		rest = next ? next + 1 : rest + strlen(rest);
	}
	checked = xq_game_name_check(text, &bad);
	if (checked < 0 && (checked != XQ_EINVAL || bad >= strlen(text) || text[bad] != '%'))
		abort();
	for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
		size_t size_k = sizes[k];
		int rc = xq_game_format_name(text, g, 42, name, size_k);
		if (rc != checked)
			abort();
		if (rc < 0)
			continue;
		size_t n = strlen(name);
		if (n >= size_k || (n == 0 && size_k > 1))
			abort();
		if (n && (strchr("-_.", name[0]) || strchr("-_.", name[n - 1])))
			abort();
		for (size_t i = 0; i < n; i++) {
			unsigned char c = (unsigned char)name[i];
			if (c == '/' || c == ' ' || c < 0x20 || c == 0x7f)
				abort();
		}
	}
	xq_game_free(g);
	free(text);
	return 0;
}
