/*
 * halvings.h - the byte ranges -J reads one file in (cmd/jobs.c): a range
 * a job over the first half, over half the rest, and so on for levels
 * levels, then over the rest, each the K-th of N with N the jobs times a
 * power of two; for test_range.c and fuzz_range.c, which check that they
 * cover an input in order and read it whole.
 */
#ifndef XQ_TESTS_HALVINGS_H
#define XQ_TESTS_HALVINGS_H

/* Range i (from 0; jobs * (levels + 1) in all) as *k of *n. */
static inline void halving_range(int jobs, int levels, int i, long *k, long *n)
{
	int l = i / jobs;
	*n = l < levels ? (long)jobs << (l + 1) : (long)jobs << levels;
	*k = (l < levels ? ((1L << l) - 1) * 2 * jobs : ((1L << levels) - 1) * jobs) + i % jobs + 1;
}

#endif
