/* test_parallel — the executors' parallel loop (core/parallel.h) on its own: the threads
   and chunk sizes chosen for a job, and that dmlp__parallel_for runs every element of
   [0, count) exactly once, skewed chunks included, as one range when one thread is all
   the job or the pool allows, on at most the pool's workers + 1 threads otherwise. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>

#include "core/parallel.h"
#include "test_util.h"

#define MAX_COUNT 20000

typedef struct record {
    atomic_int runs[MAX_COUNT];
    atomic_int ranges;
    pthread_t seen[64];
    int seen_count;
    pthread_mutex_t lock;
} record;

static void range(void *context, uint64_t begin, uint64_t end)
{
    record *r = context;
    for (uint64_t i = begin; i < end; i++)
        atomic_fetch_add(&r->runs[i], 1);
    atomic_fetch_add(&r->ranges, 1);
    pthread_mutex_lock(&r->lock);
    pthread_t self = pthread_self();
    int known = 0;
    for (int i = 0; i < r->seen_count; i++)
        known |= pthread_equal(r->seen[i], self);
    if (!known && r->seen_count < 64)
        r->seen[r->seen_count++] = self;
    pthread_mutex_unlock(&r->lock);
}

static void check_job(dmlp__threadpool *pool, uint32_t workers, uint64_t count, uint64_t chunk,
                      uint64_t skew, uint32_t max_threads, bool fence)
{
    record *r = calloc(1, sizeof *r);
    if (!r) {
        CHECK(0, "out of memory");
        return;
    }
    pthread_mutex_init(&r->lock, NULL);
    dmlp__parallel_job job = {range, r, count, chunk, skew, max_threads, fence};
    dmlp__parallel_for(pool, &job);
    int wrong = 0;
    for (uint64_t i = 0; i < MAX_COUNT; i++)
        wrong += atomic_load(&r->runs[i]) != (i < count ? 1 : 0);
    CHECK(wrong == 0, "count %llu, chunk %llu, skew %llu: %d elements ran a wrong number of times",
          (unsigned long long)count, (unsigned long long)chunk, (unsigned long long)skew, wrong);
    uint32_t allowed = max_threads < workers + 1 ? max_threads : workers + 1;
    if (allowed <= 1)
        CHECK(atomic_load(&r->ranges) == 1, "one thread: %d ranges, expected one",
              atomic_load(&r->ranges));
    /* (no chunk of an empty job runs; one thread runs it as one empty range) */
    CHECK((r->seen_count >= 1 || (count == 0 && allowed > 1)) &&
              (uint32_t)r->seen_count <= (allowed ? allowed : 1),
          "ran on %d threads; at most %u allowed", r->seen_count, allowed);
    pthread_mutex_destroy(&r->lock);
    free(r);
}

int main(void)
{
    setenv("DMLP_TUNE", "defaults", 1); /* the built-in chunk size, without measuring */
    /* The choices: one thread per 512 KiB moved, chunks of 128 KiB (or count / 64 up to
       the measured size for large outputs), multiples of 64 elements. */
    CHECK_EQ_U64(dmlp__parallel_threads(0), 1, "threads for nothing");
    CHECK_EQ_U64(dmlp__parallel_threads((512u << 10) - 1), 1, "threads below 512 KiB");
    CHECK_EQ_U64(dmlp__parallel_threads(3u << 20), 6, "threads for 3 MiB");
    CHECK_EQ_U64(dmlp__parallel_threads(UINT64_MAX), UINT32_MAX, "threads, clamped");
    CHECK_EQ_U64(dmlp__parallel_chunk_bytes(1u << 30, false), 128u << 10, "untuned chunk");
    CHECK_EQ_U64(dmlp__parallel_chunk_bytes(1u << 20, true), 128u << 10, "small tuned chunk");
    uint64_t tuned = dmlp__parallel_chunk_bytes(UINT64_MAX / 2, true);
    CHECK(tuned >= (128u << 10), "tuned chunk %llu below 128 KiB", (unsigned long long)tuned);
    CHECK_EQ_U64(dmlp__parallel_line_chunk(128u << 10, 8), 16384, "f32 chunk elements");
    CHECK_EQ_U64(dmlp__parallel_line_chunk(128u << 10, 12), 10880, "12-byte chunk elements");
    CHECK_EQ_U64(dmlp__parallel_line_chunk(100, 8), 64, "at least 64 elements");
    CHECK_EQ_U64(dmlp__parallel_round_up(10922, 2048), 12288, "round up");

    static const uint64_t counts[] = {0, 1, 63, 64, 65, 1000, 4096, MAX_COUNT};
    static const uint64_t chunks[] = {64, 128, 1000};
    static const uint64_t skews[] = {0, 1, 15, 63};
    for (uint32_t workers = 0; workers <= 3; workers++) {
        dmlp__threadpool *pool = NULL;
        CHECK(dmlp__threadpool_create(workers, &pool) == DMLP_OK, "create %u", workers);
        if (!pool)
            continue;
        for (size_t n = 0; n < sizeof counts / sizeof counts[0]; n++)
            for (size_t c = 0; c < sizeof chunks / sizeof chunks[0]; c++)
                for (size_t s = 0; s < sizeof skews / sizeof skews[0]; s++)
                    for (uint32_t threads = 1; threads <= 5; threads += 2)
                        check_job(pool, workers, counts[n], chunks[c], skews[s], threads,
                                  (threads & 2) != 0);
        dmlp__threadpool_destroy(pool);
    }
    return test_finish("test_parallel");
}
