/* test_threads_pool — the internal thread pool on its own: every chunk of a job runs
   exactly once, on the caller and at most `helpers` pool threads, for chunk counts from
   0 up, pools of 0 to 5 workers, and jobs posted from several threads at once. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/threadpool.h"
#include "test_util.h"

#define MAX_CHUNKS 5000

typedef struct job_record {
    atomic_int runs[MAX_CHUNKS];
    pthread_t seen[64]; /* the threads that ran a chunk, under seen_lock */
    int seen_count;
} job_record;

static pthread_mutex_t seen_lock = PTHREAD_MUTEX_INITIALIZER;

static void note_thread(job_record *r)
{
    pthread_t self = pthread_self();
    for (int i = 0; i < r->seen_count; i++)
        if (pthread_equal(r->seen[i], self))
            return;
    if (r->seen_count < 64)
        r->seen[r->seen_count++] = self;
}

static void chunk(void *context, size_t index)
{
    job_record *r = context;
    atomic_fetch_add(&r->runs[index], 1);
    pthread_mutex_lock(&seen_lock);
    note_thread(r);
    pthread_mutex_unlock(&seen_lock);
    /* A little work so that helpers get a chance to join. */
    volatile unsigned spin = 0;
    for (int i = 0; i < 200; i++)
        spin = spin + (unsigned)i;
    (void)spin;
}

static void run_and_check(dmlp__threadpool *pool, size_t chunks, uint32_t helpers,
                          uint32_t workers)
{
    job_record *r = calloc(1, sizeof *r);
    if (!r) {
        CHECK(0, "out of memory");
        return;
    }
    dmlp__threadpool_run(pool, chunk, r, chunks, helpers);
    int wrong = 0;
    for (size_t i = 0; i < MAX_CHUNKS; i++)
        if (atomic_load(&r->runs[i]) != (i < chunks ? 1 : 0))
            wrong++;
    CHECK(wrong == 0, "%zu chunks, %u helpers, %u workers: %d chunks ran a wrong number of "
                      "times", chunks, helpers, workers, wrong);
    uint32_t allowed = 1 + (helpers < workers ? helpers : workers);
    int threads = r->seen_count;
    CHECK(chunks == 0 || (threads >= 1 && (uint32_t)threads <= allowed),
          "%zu chunks ran on %d threads; at most %u allowed", chunks, threads, allowed);
    free(r);
}

typedef struct poster {
    pthread_t thread;
    dmlp__threadpool *pool;
    int failures;
} poster;

static void *poster_main(void *arg)
{
    poster *p = arg;
    job_record *r = calloc(1, sizeof *r);
    if (!r) {
        p->failures++;
        return NULL;
    }
    for (int round = 0; round < 50; round++) {
        size_t chunks = (size_t)(round * 37 % 400);
        memset(r, 0, sizeof *r);
        dmlp__threadpool_run(p->pool, chunk, r, chunks, 3);
        for (size_t i = 0; i < MAX_CHUNKS; i++)
            if (atomic_load(&r->runs[i]) != (i < chunks ? 1 : 0))
                p->failures++;
    }
    free(r);
    return NULL;
}

int main(void)
{
    static const size_t counts[] = {0, 1, 2, 3, 7, 64, 1000, MAX_CHUNKS};
    for (uint32_t workers = 0; workers <= 5; workers++) {
        dmlp__threadpool *pool = NULL;
        CHECK(dmlp__threadpool_create(workers, &pool) == DMLP_OK, "create %u", workers);
        if (!pool)
            continue;
        CHECK_EQ_U64(dmlp__threadpool_workers(pool), workers, "worker count");
        for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++)
            for (uint32_t helpers = 0; helpers <= 6; helpers += 2)
                run_and_check(pool, counts[c], helpers, workers);
        dmlp__threadpool_destroy(pool);
    }
    dmlp__threadpool_destroy(NULL);

    /* Four threads posting jobs to one pool of 3 workers at once. */
    dmlp__threadpool *pool = NULL;
    CHECK(dmlp__threadpool_create(3, &pool) == DMLP_OK, "create 3");
    if (pool) {
        poster posters[4];
        int started = 0;
        for (int i = 0; i < 4; i++) {
            posters[i].pool = pool;
            posters[i].failures = 0;
            if (pthread_create(&posters[i].thread, NULL, poster_main, &posters[i]) != 0)
                break;
            started++;
        }
        CHECK(started == 4, "started %d posting threads", started);
        for (int i = 0; i < started; i++) {
            pthread_join(posters[i].thread, NULL);
            CHECK(posters[i].failures == 0, "poster %d: %d chunk counts wrong", i,
                  posters[i].failures);
        }
        dmlp__threadpool_destroy(pool);
    }
    return test_finish("test_threads_pool");
}
