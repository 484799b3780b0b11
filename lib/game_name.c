/*
 * game_name.c - a file name for a game from a template of its number and
 * tags (xqconv -d --name): fields read, values made safe for a file
 * name, empty fields dropped with their separator.
 */
#include <stdio.h>
#include <string.h>

#include "xq.h"

#define FIELD_MAX 60    /* bytes of one tag in a name */

/* One field of a template at *f (after the '%'): its kind, and the tag's
 * name or the width; *f moves past it.  0 ok, -1 malformed. */
enum field { F_NUMBER, F_TAG, F_PERCENT };
static int next_field(const char **f, enum field *kind, char *tag, size_t tagsize, int *width)
{
	const char *p = *f;
	*width = 0;
	if (*p == '%') {
		*kind = F_PERCENT;
		*f = p + 1;
		return 0;
	}
	if (*p == '{') {
		const char *end = strchr(p + 1, '}');
		size_t n = end ? (size_t)(end - p - 1) : 0;
		if (!end || n == 0 || n >= tagsize)
			return -1;
		memcpy(tag, p + 1, n);
		tag[n] = '\0';
		*kind = F_TAG;
		*f = end + 1;
		return 0;
	}
	while (*p >= '0' && *p <= '9' && *width < 100)
		*width = *width * 10 + (*p++ - '0');
	if (*p != 'n' || *width > 20)
		return -1;
	*kind = F_NUMBER;
	*f = p + 1;
	return 0;
}

int xq_game_name_check(const char *tmpl, size_t *bad)
{
	char tag[64];
	enum field kind;
	int width;
	for (const char *f = tmpl; *f;) {
		if (*f++ != '%')
			continue;
		const char *at = f - 1;
		if (next_field(&f, &kind, tag, sizeof tag, &width) < 0) {
			if (bad)
				*bad = (size_t)(at - tmpl);
			return XQ_EINVAL;
		}
	}
	return 0;
}

/* Append src to buf[*n..size) as a file name may hold it: no '/', no
 * control or shell-hostile character, no blank. */
static void put_safe(char *buf, size_t size, size_t *n, const char *src, size_t max)
{
	size_t start = *n;
	for (; *src && *n + 1 < size && *n - start < max; src++) {
		unsigned char c = (unsigned char)*src;
		if (c < 0x20 || c == '/' || c == '\\' || c == ':' || c == '*' || c == '?' ||
		    c == '"' || c == '<' || c == '>' || c == '|' || c == 0x7f || c == ' ')
			c = '_';
		buf[(*n)++] = (char)c;
	}
	*n = start + xq_utf8_prefix(buf + start, *n - start);   /* no cut character */
	buf[*n] = '\0';
}

static int is_sep(char c)
{
	return c == '-' || c == '_' || c == '.';
}

int xq_game_format_name(const char *tmpl, const struct xq_game *g, long seq,
			char *buf, size_t size)
{
	size_t n = 0;
	char tag[64], num[32];
	enum field kind;
	int width;
	if (size == 0)
		return XQ_ERANGE;
	buf[0] = '\0';
	if (xq_game_name_check(tmpl, NULL) < 0)
		return XQ_EINVAL;
	for (const char *f = tmpl; *f && n + 1 < size;) {
		if (*f != '%') {
			char lit[2] = { *f++, '\0' };
			put_safe(buf, size, &n, lit, 1);
			continue;
		}
		f++;
		next_field(&f, &kind, tag, sizeof tag, &width);
		const char *val = "";
		if (kind == F_PERCENT) {
			val = "%";
		} else if (kind == F_NUMBER) {
			snprintf(num, sizeof num, "%0*ld", width, seq);
			val = num;
		} else {
			val = g ? xq_game_tag(g, tag) : NULL;
			if (!val)
				val = "";
		}
		if (!*val) {
			if (n > 0 && is_sep(buf[n - 1]))
				buf[--n] = '\0';
			continue;
		}
		put_safe(buf, size, &n, val, kind == F_TAG ? FIELD_MAX : size);
	}
	size_t lead = 0;
	while (lead < n && is_sep(buf[lead]))
		lead++;
	while (n > lead && is_sep(buf[n - 1]))
		n--;
	memmove(buf, buf + lead, n - lead);
	buf[n - lead] = '\0';
	if (!buf[0])
		snprintf(buf, size, "%06ld", seq);
	return 0;
}
