/* A small thread pool over src/platform/thread.h: jobs live on their caller's stack, are
   listed while they still want helpers, and are split into chunks claimed through one
   atomic counter. The caller works too, so a job finishes even if no pool thread ever
   wakes up for it. */
#include "core/threadpool.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>

#include "platform/cpu.h"
#include "platform/thread.h"

#define CPU_RELAX() dmlp__cpu_relax()

/* Spins (in pause instructions) before sleeping: a few microseconds, enough to catch
   back-to-back jobs without a futex round trip, short enough not to burn a shared core. */
#define WORKER_SPIN 1000
#define CALLER_SPIN 2000

typedef struct job {
    dmlp__chunk_fn fn;
    void *context;
    size_t chunk_count;
    atomic_size_t next_chunk;   /* claimed by fetch-add; >= chunk_count means none left */
    atomic_uint active_helpers; /* pool threads inside the job */
    uint32_t helpers_wanted;    /* under the pool's lock */
    bool listed;                /* under the pool's lock */
    struct job *next;           /* under the pool's lock */
} job;

struct dmlp__threadpool {
    dmlp__mutex *lock;
    dmlp__cond *work_ready;    /* a job was listed, or the pool stops */
    dmlp__cond *job_left;      /* some job's last helper left it */
    job *head;                 /* jobs that still want helpers, oldest first */
    job *tail;
    atomic_uint listed_count;  /* jobs listed; read without the lock by spinning workers */
    uint32_t sleeping;         /* workers waiting on work_ready */
    bool stopping;
    uint32_t worker_count;
    dmlp__thread **threads;
};

static void unlist(dmlp__threadpool *pool, job *j)
{
    if (!j->listed)
        return;
    job **link = &pool->head;
    job *prev = NULL;
    while (*link != j) {
        prev = *link;
        link = &(*link)->next;
    }
    *link = j->next;
    if (pool->tail == j)
        pool->tail = prev;
    j->listed = false;
    j->next = NULL;
    atomic_fetch_sub_explicit(&pool->listed_count, 1, memory_order_relaxed);
}

static void run_chunks(job *j)
{
    for (;;) {
        size_t i = atomic_fetch_add_explicit(&j->next_chunk, 1, memory_order_relaxed);
        if (i >= j->chunk_count)
            return;
        j->fn(j->context, i);
    }
}

static void worker_main(void *arg)
{
    dmlp__threadpool *pool = arg;
    dmlp__mutex_lock(pool->lock);
    for (;;) {
        if (pool->stopping)
            break;
        job *j = pool->head;
        if (!j) {
            /* Spin a little without the lock, then sleep. */
            dmlp__mutex_unlock(pool->lock);
            for (int spin = 0; spin < WORKER_SPIN; spin++) {
                if (atomic_load_explicit(&pool->listed_count, memory_order_relaxed))
                    break;
                CPU_RELAX();
            }
            dmlp__mutex_lock(pool->lock);
            if (!pool->head && !pool->stopping) {
                pool->sleeping++;
                dmlp__cond_wait(pool->work_ready, pool->lock);
                pool->sleeping--;
            }
            continue;
        }
        atomic_fetch_add_explicit(&j->active_helpers, 1, memory_order_relaxed);
        if (--j->helpers_wanted == 0)
            unlist(pool, j);
        dmlp__mutex_unlock(pool->lock);

        run_chunks(j);

        dmlp__mutex_lock(pool->lock);
        unlist(pool, j); /* no chunk left: nobody else should join */
        /* After this decrement the caller may return and free j: touch it no more. */
        if (atomic_fetch_sub_explicit(&j->active_helpers, 1, memory_order_release) == 1)
            dmlp__cond_broadcast(pool->job_left);
    }
    dmlp__mutex_unlock(pool->lock);
}

static void stop_and_join(dmlp__threadpool *pool, uint32_t started)
{
    dmlp__mutex_lock(pool->lock);
    pool->stopping = true;
    dmlp__cond_broadcast(pool->work_ready);
    dmlp__mutex_unlock(pool->lock);
    for (uint32_t i = 0; i < started; i++)
        dmlp__thread_join(pool->threads[i]);
}

static void free_pool(dmlp__threadpool *pool)
{
    dmlp__cond_destroy(pool->job_left);
    dmlp__cond_destroy(pool->work_ready);
    dmlp__mutex_destroy(pool->lock);
    free(pool->threads);
    free(pool);
}

dmlp_status dmlp__threadpool_create(uint32_t worker_count, dmlp__threadpool **out)
{
    dmlp__threadpool *pool = calloc(1, sizeof *pool);
    if (!pool)
        return DMLP_ERROR_OUT_OF_MEMORY;
    pool->threads = calloc(worker_count ? worker_count : 1, sizeof *pool->threads);
    pool->lock = dmlp__mutex_create();
    pool->work_ready = dmlp__cond_create();
    pool->job_left = dmlp__cond_create();
    if (!pool->threads || !pool->lock || !pool->work_ready || !pool->job_left) {
        free_pool(pool);
        return DMLP_ERROR_OUT_OF_MEMORY;
    }
    atomic_init(&pool->listed_count, 0);

    /* Pool threads take no signals (dmlp__thread_start): the application's handlers run
       on its own threads. */
    uint32_t started = 0;
    while (started < worker_count &&
           (pool->threads[started] = dmlp__thread_start(worker_main, pool)) != NULL)
        started++;

    if (started < worker_count) {
        stop_and_join(pool, started);
        free_pool(pool);
        return DMLP_ERROR_OUT_OF_MEMORY;
    }
    pool->worker_count = worker_count;
    *out = pool;
    return DMLP_OK;
}

void dmlp__threadpool_destroy(dmlp__threadpool *pool)
{
    if (!pool)
        return;
    stop_and_join(pool, pool->worker_count);
    free_pool(pool);
}

uint32_t dmlp__threadpool_workers(const dmlp__threadpool *pool)
{
    return pool ? pool->worker_count : 0;
}

void dmlp__threadpool_run(dmlp__threadpool *pool, dmlp__chunk_fn fn, void *context,
                          size_t chunk_count, uint32_t helpers)
{
    uint32_t workers = pool ? pool->worker_count : 0;
    if (helpers > workers)
        helpers = workers;
    if (chunk_count > 0 && helpers > chunk_count - 1)
        helpers = (uint32_t)(chunk_count - 1);
    if (chunk_count <= 1 || helpers == 0) {
        for (size_t i = 0; i < chunk_count; i++)
            fn(context, i);
        return;
    }

    job j;
    j.fn = fn;
    j.context = context;
    j.chunk_count = chunk_count;
    atomic_init(&j.next_chunk, 0);
    atomic_init(&j.active_helpers, 0);
    j.helpers_wanted = helpers;
    j.listed = true;
    j.next = NULL;

    dmlp__mutex_lock(pool->lock);
    if (pool->tail)
        pool->tail->next = &j;
    else
        pool->head = &j;
    pool->tail = &j;
    atomic_fetch_add_explicit(&pool->listed_count, 1, memory_order_relaxed);
    uint32_t wake = helpers < pool->sleeping ? helpers : pool->sleeping;
    dmlp__mutex_unlock(pool->lock);
    /* Signalled after unlocking, so a woken worker does not block on the lock at once.
       Workers not asleep (spinning) see listed_count without a signal. */
    for (uint32_t i = 0; i < wake; i++)
        dmlp__cond_signal(pool->work_ready);

    run_chunks(&j);

    /* Every chunk is claimed: let no more helpers in, then wait for those inside. */
    dmlp__mutex_lock(pool->lock);
    unlist(pool, &j);
    if (atomic_load_explicit(&j.active_helpers, memory_order_acquire) == 0) {
        dmlp__mutex_unlock(pool->lock);
        return;
    }
    dmlp__mutex_unlock(pool->lock);
    for (int spin = 0; spin < CALLER_SPIN; spin++) {
        if (atomic_load_explicit(&j.active_helpers, memory_order_acquire) == 0)
            return;
        CPU_RELAX();
    }
    dmlp__mutex_lock(pool->lock);
    while (atomic_load_explicit(&j.active_helpers, memory_order_acquire) != 0)
        dmlp__cond_wait(pool->job_left, pool->lock);
    dmlp__mutex_unlock(pool->lock);
}
