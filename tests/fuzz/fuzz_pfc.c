/*
 * fuzz_pfc.c - libFuzzer target for the PengFei .pfc reader: any bytes
 * give a game or a clean refusal, and every game read, replayed, writes to
 * PGN that reads back with the same number of games.
 */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	return fuzz_convert(data, size, "pfc", 0, "pgn", XQ_NOTATION_ICCS, end_position_ok);
}
