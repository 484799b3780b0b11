/*
 * fuzz_uci_session.c - libFuzzer target for the engine side of UCI
 * (lib/uci_engine.c): the input's lines fed to a session, which is then
 * freed (stopping any search).  Every reply is one non-empty line without
 * a newline; a bestmove names a move in coordinates or "(none)", and there
 * are no more of them than go commands; a line returns 1, or 0 for quit,
 * after which nothing more is fed.  Lines that set the hash size or the
 * threads are left out: a valid 4 GB table or 64 threads would only test
 * the machine.
 */
#include <stdlib.h>
#include <string.h>

#include "xq.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

struct seen {
	int replies, bestmoves;
};

static void check_reply(void *data, const char *line)
{
	struct seen *s = data;
	size_t n = strlen(line);
	if (n == 0 || strchr(line, '\n'))
		abort();
	if (!strncmp(line, "bestmove ", 9)) {
		const char *m = line + 9;
		size_t k = strcspn(m, " ");
		int coordinates = k == 4 && m[0] >= 'a' && m[0] <= 'i' && m[1] >= '0' && m[1] <= '9' &&
				  m[2] >= 'a' && m[2] <= 'i' && m[3] >= '0' && m[3] <= '9';
		if (!coordinates && strcmp(m, "(none)"))
			abort();
		s->bestmoves++;
	}
	s->replies++;
}

static int contains_ci(const char *s, const char *word)
{
	for (size_t n = strlen(word); *s; s++) {
		size_t i = 0;
		while (i < n && (s[i] | 0x20) == word[i])
			i++;
		if (i == n)
			return 1;
	}
	return 0;
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	struct seen seen = { 0, 0 };
	struct xq_uci_session_opts o = { .hash_mb = 1, .reply = check_reply, .reply_data = &seen };
	int err, gos = 0;
	struct xq_uci_session *s = xq_uci_session_new(&o, &err);
	char *copy = malloc(size + 1);
	if (!s || !copy)
		abort();
	memcpy(copy, data, size);
	copy[size] = '\0';
	for (char *line = copy, *next; line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		if (contains_ci(line, "threads") || (contains_ci(line, "hash") && contains_ci(line, "value")))
			continue;
		gos += contains_ci(line, "go");
		int rc = xq_uci_session_line(s, line);
		if (rc == 0)
			break;
		if (rc != 1)
			abort();
	}
	xq_uci_session_free(s);
	free(copy);
	if (seen.bestmoves > gos)
		abort();
	return 0;
}
