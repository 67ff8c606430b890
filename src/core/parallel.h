/* Internal: the one parallel loop of the executors (plan.c, plan_binary.c, graph_exec.c).

   At plan time an executor asks how many threads a job is worth and how large its chunks
   are: one more thread per DMLP__BYTES_PER_THREAD moved (read + written; a cache-resident
   run that size takes a few microseconds on one thread, about what waking a thread
   costs), chunks of about DMLP__CHUNK_BYTES, or for large outputs (DMLP__STREAM_FLOOR_BYTES
   and more) up to the measured chunk size (core/tune.h), still DMLP__CHUNKS_WANTED or
   more: every chunk restarts the prefetch stream and ends with a fence.

   At execute time dmlp__parallel_for runs the job's elements in those chunks on the
   calling thread and on pool threads, at most the pool's workers + 1 threads in all. */
#ifndef DMLP_CORE_PARALLEL_H
#define DMLP_CORE_PARALLEL_H

#include <stdbool.h>
#include <stdint.h>

#include "core/threadpool.h"
#include "platform/cpu.h"

#define DMLP__BYTES_PER_THREAD (512u << 10)
#define DMLP__CHUNK_BYTES (128u << 10)
#define DMLP__CHUNKS_WANTED 64u
/* Outputs smaller than this never stream and keep DMLP__CHUNK_BYTES chunks, so no
   measurement is needed for them. */
#define DMLP__STREAM_FLOOR_BYTES (1u << 20)

/* The threads worth waking for a job that moves `bytes` in all (>= 1). */
uint32_t dmlp__parallel_threads(uint64_t bytes);

/* The bytes of a chunk of a job that moves `bytes` in all: bytes / DMLP__CHUNKS_WANTED,
   at least DMLP__CHUNK_BYTES and at most the measured chunk size (core/tune.h) when
   `tuned` (the job's output is DMLP__STREAM_FLOOR_BYTES or more), DMLP__CHUNK_BYTES
   otherwise. */
uint64_t dmlp__parallel_chunk_bytes(uint64_t bytes, bool tuned);

/* Elements in a chunk of `chunk_bytes` at `per_element` bytes each, as a multiple of 64
   elements (at least 64): a packed output's chunk boundaries fall on 64-byte lines, so
   no two threads write the same line. */
uint64_t dmlp__parallel_line_chunk(uint64_t chunk_bytes, uint64_t per_element);

/* n rounded up to a multiple of unit (> 0). */
static inline uint64_t dmlp__parallel_round_up(uint64_t n, uint64_t unit)
{
    return (n + unit - 1) / unit * unit;
}

/* Runs elements [begin, end) of a job; must not fail. */
typedef void (*dmlp__range_fn)(void *context, uint64_t begin, uint64_t end);

typedef struct dmlp__parallel_job {
    dmlp__range_fn fn;
    void *context;
    uint64_t count;       /* elements in all */
    uint64_t chunk;       /* elements per chunk (> 0) */
    uint64_t skew;        /* chunk k covers [k * chunk - skew, (k + 1) * chunk - skew) */
    uint32_t max_threads; /* threads worth waking (the plan's choice) */
    bool fence;           /* the ranges' non-temporal stores need a fence at their end */
} dmlp__parallel_job;

/* The chunks of a job on `threads` threads (2 or more; dmlp__parallel_for's clamp). */
void dmlp__parallel_run_chunks(dmlp__threadpool *pool, const dmlp__parallel_job *job,
                               uint32_t threads);

/* Runs fn over [0, count): with one thread (max_threads clamped to the pool's workers +
   1) as one range on the calling thread, otherwise chunk by chunk on the calling thread
   and pool threads, each chunk under the default floating-point environment
   (platform/fp_env.h) since pool threads inherit the device creator's. The caller runs
   under that environment already. With `fence`, each range is followed by a store fence
   on the thread that ran it, so its stores are ordered before the job is seen
   finished. Inline, so that a small job's one range costs a direct call. */
static inline void dmlp__parallel_for(dmlp__threadpool *pool, const dmlp__parallel_job *job)
{
    uint64_t threads = job->max_threads;
    if (threads > 1) {
        uint32_t workers = dmlp__threadpool_workers(pool);
        if (threads > (uint64_t)workers + 1)
            threads = (uint64_t)workers + 1;
    }
    if (threads <= 1) {
        job->fn(job->context, 0, job->count);
        if (job->fence)
            dmlp__stream_fence();
        return;
    }
    dmlp__parallel_run_chunks(pool, job, (uint32_t)threads);
}

#endif
