/* The sweep harness (cr_sweep.h). */
#include "crmath/cr_sweep.h"

#include <mpfr.h>

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <mpfr.h>

#include "crmath/oracle.h"

#include <mpfr.h>

#define BLOCK 4096u
#define SHOWN 8 /* mismatches printed per form */

typedef struct sweep_state {
    const dmlp_cr_sweep *s;
    uint64_t total; /* count + extra_count */
    atomic_uint_fast64_t next;
    atomic_uint_fast64_t mismatches[DMLP_CR_MAX_FORMS];
    atomic_uint_fast64_t mpfr_calls;
    atomic_uint shown[DMLP_CR_MAX_FORMS];
    atomic_int failed; /* a worker could not allocate */
} sweep_state;

static uint32_t pattern_at(const dmlp_cr_sweep *s, uint64_t i)
{
    if (i >= s->count)
        return s->extra[i - s->count];
    return (uint32_t)(s->first + i * s->stride);
}

static void *worker(void *arg)
{
    sweep_state *st = arg;
    const dmlp_cr_sweep *s = st->s;
    size_t size = s->size;
    unsigned long long calls_before = dmlp_oracle_mpfr_calls();
    unsigned char *in = malloc(BLOCK * 4), *out = malloc(BLOCK * 4);
    uint32_t *want = malloc(BLOCK * sizeof *want);
    if (!in || !out || !want) {
        atomic_store(&st->failed, 1);
        free(in), free(out), free(want);
        return NULL;
    }
    for (;;) {
        uint64_t start = atomic_fetch_add(&st->next, BLOCK);
        if (start >= st->total)
            break;
        size_t n = st->total - start < BLOCK ? (size_t)(st->total - start) : BLOCK;
        for (size_t i = 0; i < n; i++) {
            uint32_t x = pattern_at(s, start + i);
            memcpy(in + i * size, &x, size); /* little-endian: the low bytes */
            want[i] = s->expect(x, s->ctx);
        }
        for (size_t f = 0; f < s->form_count; f++) {
            memset(out, 0xa5, n * size);
            s->forms[f](n, in, out, s->ctx);
            for (size_t i = 0; i < n; i++) {
                uint32_t got = 0;
                memcpy(&got, out + i * size, size);
                if (got == want[i])
                    continue;
                atomic_fetch_add(&st->mismatches[f], 1);
                if (atomic_fetch_add(&st->shown[f], 1) < SHOWN) {
                    uint32_t x = 0;
                    memcpy(&x, in + i * size, size);
                    fprintf(stderr, "  %s %s: input 0x%0*x gave 0x%0*x, correctly rounded 0x%0*x\n",
                            s->name, s->form_names[f], (int)size * 2, x, (int)size * 2, got,
                            (int)size * 2, want[i]);
                }
            }
        }
    }
    atomic_fetch_add(&st->mpfr_calls, dmlp_oracle_mpfr_calls() - calls_before);
    mpfr_free_cache2(MPFR_FREE_LOCAL_CACHE); /* MPFR's per-thread constants */
    free(in), free(out), free(want);
    mpfr_free_cache(); /* MPFR's constant caches are per thread: a worker's would leak */
    return NULL;
}

static unsigned thread_count(void)
{
    const char *cap = getenv("DMLP_TEST_THREADS");
    long n = cap ? strtol(cap, NULL, 10) : sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 64 ? 64 : (unsigned)n;
}

uint64_t dmlp_cr_sweep_run(const dmlp_cr_sweep *s)
{
    static sweep_state st; /* one sweep at a time; too big for some thread stacks */
    memset(&st, 0, sizeof st);
    st.s = s;
    st.total = s->count + s->extra_count;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    unsigned threads = thread_count(), started = 0;
    pthread_t ids[64];
    for (unsigned t = 1; t < threads; t++)
        if (pthread_create(&ids[started], NULL, worker, &st) == 0)
            started++;
    worker(&st);
    for (unsigned t = 0; t < started; t++)
        pthread_join(ids[t], NULL);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    if (atomic_load(&st.failed)) {
        fprintf(stderr, "  %s: out of memory\n", s->name);
        return UINT64_MAX;
    }
    double seconds = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
    uint64_t all = 0;
    for (size_t f = 0; f < s->form_count; f++) {
        uint64_t bad = atomic_load(&st.mismatches[f]);
        all += bad;
        printf("  %s %-16s %llu inputs, %llu not correctly rounded\n", s->name, s->form_names[f],
               (unsigned long long)st.total, (unsigned long long)bad);
    }
    printf("  %s: %.2f s on %u threads, %llu inputs needed MPFR\n", s->name, seconds,
           started + 1, (unsigned long long)atomic_load(&st.mpfr_calls));
    fflush(stdout);
    return all;
}

void dmlp_cr_sweep_all16(dmlp_cr_sweep *s)
{
    s->size = 2;
    s->first = 0;
    s->stride = 1;
    s->count = 65536;
}

void dmlp_cr_sweep_f32(dmlp_cr_sweep *s, uint64_t stride)
{
    s->size = 4;
    s->stride = stride ? stride : 1;
    s->first = s->stride > 1 ? 0x9e3779b9u % s->stride : 0; /* not only round patterns */
    s->count = (((uint64_t)1 << 32) - 1 - s->first) / s->stride + 1;
}

uint64_t dmlp_cr_stride_from_args(int argc, char **argv, uint64_t normal)
{
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--full") == 0)
            return 1;
        if (strcmp(argv[i], "--stride") == 0 && i + 1 < argc) {
            unsigned long long n = strtoull(argv[i + 1], NULL, 10);
            return n ? n : 1;
        }
    }
    return normal;
}

const char *dmlp_cr_only_from_args(int argc, char **argv)
{
    for (int i = 1; i + 1 < argc; i++)
        if (strcmp(argv[i], "--only") == 0)
            return argv[i + 1];
    return NULL;
}

void dmlp_cr_lean_mix(uint32_t *out, const uint32_t specials[16], const float ordinary[8])
{
    for (unsigned j = 0; j < DMLP_CR_LEAN_MIX; j++) {
        uint32_t plain;
        memcpy(&plain, &ordinary[j * 7 % 8], sizeof plain);
        out[j] = j % 16 == (j / 16 + j / 64) % 16 ? specials[j / 16] : plain;
    }
}
