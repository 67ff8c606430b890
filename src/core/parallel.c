/* The executors' parallel loop (parallel.h). */
#include "core/parallel.h"

#include "core/tune.h"
#include "platform/fp_env.h"

uint32_t dmlp__parallel_threads(uint64_t bytes)
{
    uint64_t threads = bytes / DMLP__BYTES_PER_THREAD;
    return threads < 1 ? 1 : threads > UINT32_MAX ? UINT32_MAX : (uint32_t)threads;
}

uint64_t dmlp__parallel_chunk_bytes(uint64_t bytes, bool tuned)
{
    uint64_t chunk_max = DMLP__CHUNK_BYTES;
    if (tuned) {
        uint64_t measured = dmlp__tune_streaming()->chunk_bytes;
        chunk_max = measured > DMLP__CHUNK_BYTES ? measured : DMLP__CHUNK_BYTES;
    }
    uint64_t chunk = bytes / DMLP__CHUNKS_WANTED;
    return chunk < DMLP__CHUNK_BYTES ? DMLP__CHUNK_BYTES : chunk > chunk_max ? chunk_max : chunk;
}

uint64_t dmlp__parallel_line_chunk(uint64_t chunk_bytes, uint64_t per_element)
{
    uint64_t chunk = (chunk_bytes / per_element) & ~(uint64_t)63;
    return chunk ? chunk : 64;
}

static void run_range(const dmlp__parallel_job *job, uint64_t begin, uint64_t end)
{
    job->fn(job->context, begin, end);
    if (job->fence)
        dmlp__stream_fence();
}

static void run_chunk(void *context, size_t index)
{
    const dmlp__parallel_job *job = context;
    uint64_t begin = (uint64_t)index * job->chunk;
    uint64_t end = begin + job->chunk;
    begin = begin > job->skew ? begin - job->skew : 0;
    end = end - job->skew < job->count ? end - job->skew : job->count;
    if (begin < end) {
        /* Pool threads too: they inherit the device creator's environment. */
        dmlp__fp_env saved = dmlp__fp_env_enter();
        run_range(job, begin, end);
        dmlp__fp_env_leave(saved);
    }
}

void dmlp__parallel_run_chunks(dmlp__threadpool *pool, const dmlp__parallel_job *job,
                               uint32_t threads)
{
    uint64_t chunks = (job->count + job->skew + job->chunk - 1) / job->chunk;
    dmlp__threadpool_run(pool, run_chunk, (void *)job, (size_t)chunks, threads - 1);
}
