/*
 * fuzz_xiexie.c - libFuzzer target for the XieXie .wxf reader: any bytes
 * read to the end without a crash; every game read and replayed writes to
 * a .wxf file that reads back with the same number of games.
 */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	return fuzz_text_roundtrip(data, size, "xiexie");
}
