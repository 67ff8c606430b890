/* A small pthread pool: jobs live on their caller's stack, are listed while they still
   want helpers, and are split into chunks claimed through one atomic counter. The caller
   works too, so a job finishes even if no pool thread ever wakes up for it. */
#include "core/threadpool.h"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define CPU_RELAX() _mm_pause()
#else
#define CPU_RELAX() ((void)0)
#endif

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
    pthread_mutex_t lock;
    pthread_cond_t work_ready; /* a job was listed, or the pool stops */
    pthread_cond_t job_left;   /* some job's last helper left it */
    job *head;                 /* jobs that still want helpers, oldest first */
    job *tail;
    atomic_uint listed_count;  /* jobs listed; read without the lock by spinning workers */
    uint32_t sleeping;         /* workers waiting on work_ready */
    bool stopping;
    uint32_t worker_count;
    pthread_t *threads;
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

static void *worker_main(void *arg)
{
    dmlp__threadpool *pool = arg;
    pthread_mutex_lock(&pool->lock);
    for (;;) {
        if (pool->stopping)
            break;
        job *j = pool->head;
        if (!j) {
            /* Spin a little without the lock, then sleep. */
            pthread_mutex_unlock(&pool->lock);
            for (int spin = 0; spin < WORKER_SPIN; spin++) {
                if (atomic_load_explicit(&pool->listed_count, memory_order_relaxed))
                    break;
                CPU_RELAX();
            }
            pthread_mutex_lock(&pool->lock);
            if (!pool->head && !pool->stopping) {
                pool->sleeping++;
                pthread_cond_wait(&pool->work_ready, &pool->lock);
                pool->sleeping--;
            }
            continue;
        }
        atomic_fetch_add_explicit(&j->active_helpers, 1, memory_order_relaxed);
        if (--j->helpers_wanted == 0)
            unlist(pool, j);
        pthread_mutex_unlock(&pool->lock);

        run_chunks(j);

        pthread_mutex_lock(&pool->lock);
        unlist(pool, j); /* no chunk left: nobody else should join */
        /* After this decrement the caller may return and free j: touch it no more. */
        if (atomic_fetch_sub_explicit(&j->active_helpers, 1, memory_order_release) == 1)
            pthread_cond_broadcast(&pool->job_left);
    }
    pthread_mutex_unlock(&pool->lock);
    return NULL;
}

static void stop_and_join(dmlp__threadpool *pool, uint32_t started)
{
    pthread_mutex_lock(&pool->lock);
    pool->stopping = true;
    pthread_cond_broadcast(&pool->work_ready);
    pthread_mutex_unlock(&pool->lock);
    for (uint32_t i = 0; i < started; i++)
        pthread_join(pool->threads[i], NULL);
}

static void free_pool(dmlp__threadpool *pool)
{
    pthread_cond_destroy(&pool->job_left);
    pthread_cond_destroy(&pool->work_ready);
    pthread_mutex_destroy(&pool->lock);
    free(pool->threads);
    free(pool);
}

dmlp_status dmlp__threadpool_create(uint32_t worker_count, dmlp__threadpool **out)
{
    dmlp__threadpool *pool = calloc(1, sizeof *pool);
    if (!pool)
        return DMLP_ERROR_OUT_OF_MEMORY;
    pool->threads = calloc(worker_count ? worker_count : 1, sizeof *pool->threads);
    if (!pool->threads) {
        free(pool);
        return DMLP_ERROR_OUT_OF_MEMORY;
    }
    if (pthread_mutex_init(&pool->lock, NULL) != 0) {
        free(pool->threads);
        free(pool);
        return DMLP_ERROR_OUT_OF_MEMORY;
    }
    if (pthread_cond_init(&pool->work_ready, NULL) != 0) {
        pthread_mutex_destroy(&pool->lock);
        free(pool->threads);
        free(pool);
        return DMLP_ERROR_OUT_OF_MEMORY;
    }
    if (pthread_cond_init(&pool->job_left, NULL) != 0) {
        pthread_cond_destroy(&pool->work_ready);
        pthread_mutex_destroy(&pool->lock);
        free(pool->threads);
        free(pool);
        return DMLP_ERROR_OUT_OF_MEMORY;
    }
    atomic_init(&pool->listed_count, 0);

    /* Pool threads take no signals: the application's handlers run on its own threads. */
    sigset_t all, previous;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &previous);
    uint32_t started = 0;
    while (started < worker_count &&
           pthread_create(&pool->threads[started], NULL, worker_main, pool) == 0)
        started++;
    pthread_sigmask(SIG_SETMASK, &previous, NULL);

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

    pthread_mutex_lock(&pool->lock);
    if (pool->tail)
        pool->tail->next = &j;
    else
        pool->head = &j;
    pool->tail = &j;
    atomic_fetch_add_explicit(&pool->listed_count, 1, memory_order_relaxed);
    uint32_t wake = helpers < pool->sleeping ? helpers : pool->sleeping;
    pthread_mutex_unlock(&pool->lock);
    /* Signalled after unlocking, so a woken worker does not block on the lock at once.
       Workers not asleep (spinning) see listed_count without a signal. */
    for (uint32_t i = 0; i < wake; i++)
        pthread_cond_signal(&pool->work_ready);

    run_chunks(&j);

    /* Every chunk is claimed: let no more helpers in, then wait for those inside. */
    pthread_mutex_lock(&pool->lock);
    unlist(pool, &j);
    if (atomic_load_explicit(&j.active_helpers, memory_order_acquire) == 0) {
        pthread_mutex_unlock(&pool->lock);
        return;
    }
    pthread_mutex_unlock(&pool->lock);
    for (int spin = 0; spin < CALLER_SPIN; spin++) {
        if (atomic_load_explicit(&j.active_helpers, memory_order_acquire) == 0)
            return;
        CPU_RELAX();
    }
    pthread_mutex_lock(&pool->lock);
    while (atomic_load_explicit(&j.active_helpers, memory_order_acquire) != 0)
        pthread_cond_wait(&pool->job_left, &pool->lock);
    pthread_mutex_unlock(&pool->lock);
}
