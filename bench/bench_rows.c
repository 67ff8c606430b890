/* The cases of the operators along axes (ACTIVATION_SOFTMAX1, LOG_SOFTMAX1, HARDMAX1 with
   their row the last axis): rows of 64, 1 Ki, 32 Ki and 1 Mi elements at the large size
   and in cache. Each reads its input and writes its output once, so bench_main.c times
   it against the copies of the same bytes as any one-input operator; a row is read
   again from cache (its largest value, its sum, its results), which is why the rows
   that fit in L2 are the ones with a target. */
#include <string.h>

#include "bench.h"

#define ROW_LENGTHS 4
static const uint32_t row_lengths[ROW_LENGTHS] = {64, 1024, 32768, 1048576};
static const char *const large_names[ROW_LENGTHS] = {"large-row64", "large-row1Ki",
                                                     "large-row32Ki", "large-row1Mi"};
static const char *const cache_names[ROW_LENGTHS] = {"cache-row64", "cache-row1Ki",
                                                     "cache-row32Ki", "cache-row1Mi"};

/* The in-cache input: the bench's middle cache case (cache-256KiB), as many calls a
   repetition as it makes (64 MiB of input). A row of 1 Mi elements never fits. */
#define CACHE_BYTES ((uint64_t)256 << 10)
#define CACHE_CALLS 256

/* A row fits in L2 when its input and output together take at most 1 MiB, the L2 of a
   core of the CPUs SPEC.md §6 names (Zen 4 and Zen 5: 1 MiB; the Xeon: 2 MiB). Of the
   row lengths here, every type's 32 Ki rows fit (f64: 512 KiB), no 1 Mi row does. */
#define L2_ROW_BYTES ((uint64_t)1 << 20)

/* The target at the large size for such rows: at most 1.5 x the time of a copy of the
   same bytes. */
#define ROWS_TARGET (1.0 / 1.5)

const char bench_rows_note[] =
    "large-row*, cache-row*: an operator along axes (softmax, log_softmax, hardmax), the "
    "tensor {1,1,rows,N},\nits row the last axis, N = 64, 1Ki, 32Ki or 1Mi elements; large: "
    "rows of the large size, target\n(rows whose input + output fit in 1 MiB of L2) at most "
    "1.5 x a copy's time (ratio >= 0.67); cache:\n256 KiB of input, no target; '-': none\n";

static unsigned add_cases(const bench_kind *k, uint64_t bytes, unsigned calls,
                          const char *const *names, bench_rows_case *cases)
{
    unsigned n = 0;
    for (unsigned i = 0; i < ROW_LENGTHS; i++) {
        uint64_t rows = bytes / ((uint64_t)row_lengths[i] * k->in_size);
        if (rows == 0 || rows > UINT32_MAX)
            continue;
        bench_rows_case c = {names[i], (uint32_t)rows, row_lengths[i], calls};
        cases[n++] = c;
    }
    return n;
}

unsigned bench_rows_cases(const bench_kind *k, uint64_t large_bytes, int large, int cache,
                          bench_rows_case *cases)
{
    unsigned n = 0;
    if (large)
        n += add_cases(k, large_bytes, 1, large_names, cases + n);
    if (cache)
        n += add_cases(k, CACHE_BYTES, CACHE_CALLS, cache_names, cases + n);
    return n;
}

double bench_rows_target(const bench_kind *k, const char *name, uint32_t cols)
{
    uint64_t row_bytes = (uint64_t)cols * (k->in_size + k->out_size);
    return strncmp(name, "large", 5) == 0 && row_bytes <= L2_ROW_BYTES ? ROWS_TARGET : 0;
}
