/*
 * fuzz_openings.c - libFuzzer target for the opening-list reader: any
 * bytes read to the end without a crash, and every game read, replayed,
 * writes to PGN that reads back with the same number of games.
 */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	return fuzz_convert(data, size, "openings", 1, "pgn", XQ_NOTATION_ICCS, end_position_ok);
}
