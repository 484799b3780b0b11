/*
 * tap.h - the unit tests' whole framework: TAP lines on stdout.
 *
 *   ok(cond, "name %d", i);    one test point
 *   is_str(got, want, "name"); string equality, both shown on failure
 *   is_int(got, want, "name"); integer equality
 *   return done_testing();     prints the plan, exit 1 on any failure
 *
 * Data files from ../shared are found through shared_path(); a test that
 * needs them and cannot find them says so with a failing point, it never
 * skips silently.
 */
#ifndef XQ_TAP_H
#define XQ_TAP_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int tap_count, tap_failed;

__attribute__((format(printf, 2, 3)))
static int ok(int cond, const char *fmt, ...)
{
	va_list ap;
	tap_count++;
	if (!cond)
		tap_failed++;
	printf("%sok %d - ", cond ? "" : "not ", tap_count);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	return cond;
}

#define is_str(got, want, ...) \
	(ok(strcmp((got), (want)) == 0, __VA_ARGS__) || \
	 (printf("#   got:  '%s'\n#   want: '%s'\n", (got), (want)), 0))
#define is_int(got, want, ...) \
	(ok((long long)(got) == (long long)(want), __VA_ARGS__) || \
	 (printf("#   got:  %lld\n#   want: %lld\n", (long long)(got), (long long)(want)), 0))

__attribute__((format(printf, 1, 2), unused))
static void diagf(const char *fmt, ...)
{
	va_list ap;
	printf("# ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

static int done_testing(void)
{
	printf("1..%d\n", tap_count);
	fflush(stdout);
	return tap_failed ? 1 : 0;
}

/* Path of a file under ../shared (or $XQ_SHARED), in a static buffer. */
__attribute__((unused))
static const char *shared_path(const char *rel)
{
	static char buf[4096];
	const char *root = getenv("XQ_SHARED");
	snprintf(buf, sizeof buf, "%s/%s", root && *root ? root : "../shared", rel);
	return buf;
}

/* A deterministic generator for seeded random games (xorshift64*). */
__attribute__((unused))
static unsigned long long tap_rand(unsigned long long *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 2685821657736338717ull;
}

#endif
