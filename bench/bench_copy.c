/* The copy limits: glibc memcpy and a non-temporal-store copy (with the same software
   prefetch 8 KiB ahead as the streaming kernels, so the limit is not flattered), split
   over a team of threads that wait on barriers, so a measurement pays no thread
   creation. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"

#if defined(__x86_64__) || defined(_M_X64)
#include <emmintrin.h>
#endif

struct bench_team {
    unsigned size;
    pthread_t *threads;
    pthread_barrier_t start, done;
    void (*fn)(void *ctx, unsigned index, unsigned count);
    void *ctx;
    int quit;
};

typedef struct member {
    bench_team *team;
    unsigned index;
} member;

static member members[256];

static void *member_main(void *arg)
{
    member *m = arg;
    bench_team *t = m->team;
    for (;;) {
        pthread_barrier_wait(&t->start);
        if (t->quit)
            return NULL;
        t->fn(t->ctx, m->index, t->size);
        pthread_barrier_wait(&t->done);
    }
}

bench_team *bench_team_create(unsigned threads)
{
    if (threads < 1 || threads > 256)
        return NULL;
    bench_team *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->size = threads;
    t->threads = calloc(threads, sizeof *t->threads);
    pthread_barrier_init(&t->start, NULL, threads);
    pthread_barrier_init(&t->done, NULL, threads);
    for (unsigned i = 1; i < threads; i++) {
        members[i].team = t;
        members[i].index = i;
        pthread_create(&t->threads[i], NULL, member_main, &members[i]);
    }
    return t;
}

void bench_team_destroy(bench_team *t)
{
    if (!t)
        return;
    t->quit = 1;
    pthread_barrier_wait(&t->start);
    for (unsigned i = 1; i < t->size; i++)
        pthread_join(t->threads[i], NULL);
    pthread_barrier_destroy(&t->start);
    pthread_barrier_destroy(&t->done);
    free(t->threads);
    free(t);
}

unsigned bench_team_size(const bench_team *t) { return t->size; }

double bench_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

double bench_team_run(bench_team *t, void (*fn)(void *ctx, unsigned index, unsigned count),
                      void *ctx)
{
    t->fn = fn;
    t->ctx = ctx;
    double t0 = bench_now();
    if (t->size > 1)
        pthread_barrier_wait(&t->start);
    fn(ctx, 0, t->size);
    if (t->size > 1)
        pthread_barrier_wait(&t->done);
    return bench_now() - t0;
}

static int compare_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double bench_median(double *v, size_t n)
{
    qsort(v, n, sizeof *v, compare_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

static void nt_copy(unsigned char *dst, const unsigned char *src, size_t n)
{
#if defined(__x86_64__) || defined(_M_X64)
    size_t i = 0, head = (0 - (uintptr_t)dst) & 15;
    if (head > n)
        head = n;
    memcpy(dst, src, head);
    for (i = head; n - i >= 64; i += 64) {
        _mm_prefetch((const char *)src + i + 8192, _MM_HINT_NTA); /* as the kernels do */
        const __m128i *s = (const __m128i *)(const void *)(src + i);
        __m128i *d = (__m128i *)(void *)(dst + i);
        __m128i a = _mm_loadu_si128(s), b = _mm_loadu_si128(s + 1);
        __m128i c = _mm_loadu_si128(s + 2), e = _mm_loadu_si128(s + 3);
        _mm_stream_si128(d, a);
        _mm_stream_si128(d + 1, b);
        _mm_stream_si128(d + 2, c);
        _mm_stream_si128(d + 3, e);
    }
    memcpy(dst + i, src + i, n - i);
    _mm_sfence();
#else
    memcpy(dst, src, n);
#endif
}

typedef struct copy_job {
    unsigned char *dst;
    const unsigned char *src;
    size_t bytes;
    int nt;
} copy_job;

/* Member `index` copies its share: whole 64-byte lines, the last member the rest. */
static void copy_part(void *ctx, unsigned index, unsigned count)
{
    const copy_job *j = ctx;
    size_t share = (j->bytes / count + 63) & ~(size_t)63;
    size_t begin = share * index;
    if (begin >= j->bytes)
        return;
    size_t n = index + 1 == count || j->bytes - begin < share ? j->bytes - begin : share;
    if (j->nt)
        nt_copy(j->dst + begin, j->src + begin, n);
    else
        memcpy(j->dst + begin, j->src + begin, n);
}

double bench_copy_time(bench_team *team, void *dst, const void *src, size_t bytes, int nt,
                       unsigned calls)
{
    copy_job job = {dst, src, bytes, nt};
    double t = 0;
    for (unsigned c = 0; c < calls; c++)
        t += bench_team_run(team, copy_part, &job);
    return t / calls;
}
