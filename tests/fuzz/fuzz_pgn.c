/*
 * fuzz_pgn.c - libFuzzer target for the PGN reader: any bytes read to the
 * end without a crash; every game read and replayed writes, in every
 * notation, to PGN that reads back with the same number of games.  And
 * ASCII text reads the same with CR LF line ends (every LF not after a CR
 * given one), which the reader takes line by line, as with its own, whose
 * plain movetext lines it reads in one run: the same transcript
 * (tests/unit/transcript.h).  (Beyond ASCII, the added bytes could change
 * what the encoding detection sees.)
 */
#include "fuzz_common.h"
#include "../unit/transcript.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

static void same_with_crlf(const unsigned char *data, size_t size)
{
	struct transcript a = { 0 }, b = { 0 };
	char *crlf;
	size_t n = 0;
	for (size_t i = 0; i < size; i++)
		if (data[i] >= 0x80)
			return;
	if (!(crlf = malloc(2 * size + 1)))
		return;
	for (size_t i = 0; i < size; i++) {
		if (data[i] == '\n' && (i == 0 || data[i - 1] != '\r'))
			crlf[n++] = '\r';
		crlf[n++] = (char)data[i];
	}
	if (transcribe((const char *)data, size, "pgn", &a) !=
		    transcribe(crlf, n, "pgn", &b) ||
	    strcmp(a.s, b.s) != 0) {
		fprintf(stderr, "LF:\n%s\nCR LF:\n%s\n", a.s, b.s);
		abort();
	}
	free(crlf);
	free(a.s);
	free(b.s);
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	same_with_crlf(data, size);
	return fuzz_text_roundtrip(data, size, "pgn");
}
