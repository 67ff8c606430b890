/* The copy limits (glibc memcpy, non-temporal-store copies with and without a software
   prefetch, rep movsb), split over a team of threads that wait on barriers, so a
   measurement pays no thread creation. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"

#if defined(__x86_64__) || defined(_M_X64)
#include <immintrin.h>
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

/* ---- The copies that make the limit ----
   Written here, apart from the kernels, and never tuned by them: a reference that shares
   a habit with what it measures (a software prefetch, a store kind) is slowed or sped up
   with it and flatters the ratio. The non-temporal copies use the widest vectors the CPU
   has, so that the limit is not held down by a narrow store. */
#if defined(__x86_64__) || defined(_M_X64)
#define NT_LOOP(load, store, vec, T0)                                                       \
    do {                                                                                    \
        size_t i = 0, head = (0 - (uintptr_t)dst) & 63;                                     \
        if (head > n)                                                                       \
            head = n;                                                                       \
        memcpy(dst, src, head);                                                             \
        for (i = head; n - i >= 64; i += 64) {                                              \
            if (T0)                                                                         \
                _mm_prefetch((const char *)src + i + COPY_PREFETCH_T0, _MM_HINT_T0);        \
            const vec *s = (const vec *)(const void *)(src + i);                            \
            vec *d = (vec *)(void *)(dst + i);                                              \
            for (size_t k = 0; k < 64 / sizeof(vec); k++)                                   \
                store(d + k, load(s + k));                                                  \
        }                                                                                   \
        memcpy(dst + i, src + i, n - i);                                                    \
        _mm_sfence();                                                                       \
    } while (0)
/* How far ahead the prefetching copy reads (its own constant, not the kernels'). */
#define COPY_PREFETCH_T0 4096

static void nt_sse2(unsigned char *dst, const unsigned char *src, size_t n, int t0)
{
    if (t0)
        NT_LOOP(_mm_loadu_si128, _mm_stream_si128, __m128i, 1);
    else
        NT_LOOP(_mm_loadu_si128, _mm_stream_si128, __m128i, 0);
}

__attribute__((target("avx2"))) static void nt_avx2(unsigned char *dst,
                                                    const unsigned char *src, size_t n, int t0)
{
    if (t0)
        NT_LOOP(_mm256_loadu_si256, _mm256_stream_si256, __m256i, 1);
    else
        NT_LOOP(_mm256_loadu_si256, _mm256_stream_si256, __m256i, 0);
}

__attribute__((target("avx512f"))) static void nt_avx512(unsigned char *dst,
                                                        const unsigned char *src, size_t n,
                                                        int t0)
{
    if (t0)
        NT_LOOP(_mm512_loadu_si512, _mm512_stream_si512, __m512i, 1);
    else
        NT_LOOP(_mm512_loadu_si512, _mm512_stream_si512, __m512i, 0);
}

unsigned bench_vector_bytes(void)
{
    static unsigned width; /* 0: not yet asked */
    if (!width) {
        __builtin_cpu_init();
        width = __builtin_cpu_supports("avx512f") ? 64 : __builtin_cpu_supports("avx2") ? 32 : 16;
    }
    return width;
}

static void nt_copy(unsigned char *dst, const unsigned char *src, size_t n, int t0)
{
    unsigned width = bench_vector_bytes();
    if (width == 64)
        nt_avx512(dst, src, n, t0);
    else if (width == 32)
        nt_avx2(dst, src, n, t0);
    else
        nt_sse2(dst, src, n, t0);
}

static void movsb_copy(unsigned char *dst, const unsigned char *src, size_t n)
{
    __asm__ volatile("rep movsb" : "+D"(dst), "+S"(src), "+c"(n) : : "memory");
}
#endif

const char *const bench_copy_names[BENCH_COPY_COUNT] = {"memcpy", "nt", "nt+t0", "movsb"};

static void copy_bytes(bench_copy kind, unsigned char *dst, const unsigned char *src, size_t n)
{
#if defined(__x86_64__) || defined(_M_X64)
    switch (kind) {
    case BENCH_COPY_NT: nt_copy(dst, src, n, 0); return;
    case BENCH_COPY_NT_T0: nt_copy(dst, src, n, 1); return;
    case BENCH_COPY_MOVSB: movsb_copy(dst, src, n); return;
    default: break;
    }
#else
    (void)kind;
#endif
    memcpy(dst, src, n);
}

int bench_copy_available(bench_copy kind)
{
#if defined(__x86_64__) || defined(_M_X64)
    (void)kind;
    return 1;
#else
    return kind == BENCH_COPY_MEMCPY;
#endif
}

typedef struct copy_job {
    unsigned char *dst;
    const unsigned char *src;
    size_t bytes;
    bench_copy kind;
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
    copy_bytes(j->kind, j->dst + begin, j->src + begin, n);
}

double bench_copy_time(bench_team *team, void *dst, const void *src, size_t bytes,
                       bench_copy kind, unsigned calls)
{
    copy_job job = {dst, src, bytes, kind};
    double t = 0;
    for (unsigned c = 0; c < calls; c++)
        t += bench_team_run(team, copy_part, &job);
    return t / calls;
}
