/* Softsign's fast formulations against the reference kernels on every input: all 2^32
   f32 patterns and all 65,536 f16 and bf16 patterns, for every kernel level this CPU
   runs and both division methods (the divide, and the reciprocal estimate + Newton step
   + exact correction the tuner may choose), bit for bit, NaN payloads included.
   Runs on every online CPU (DMLP_TEST_THREADS caps it); ctest label `exhaustive`
   (`make test-exhaustive`). Exits 77 when the CPU runs no fast kernel. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "kernels/kernels.h"
#include "test_util.h"

#define SOFT DML_OPERATOR_ACTIVATION_SOFTSIGN
#define BLOCK (1u << 16) /* f32 patterns per work item */
#define MAX_VARIANTS 8
#define FORM_NAME(v)                                                                        \
    ((v).recip ? (v).portable ? "recip-portable" : "recip"                                  \
               : (v).portable ? "div-portable"                                              \
                              : "div")

typedef struct variant {
    dmlp__kernel_choice kernel;
    uint32_t recip;
    uint32_t portable; /* bf16 rounded by the integer code where an instruction could */
} variant;

typedef struct job {
    DML_TENSOR_DATA_TYPE type;
    size_t size;             /* element bytes */
    uint64_t patterns;       /* 2^(8 * size) */
    dmlp__unary_kernel reference;
    variant variants[MAX_VARIANTS];
    size_t variant_count;
    atomic_uint_fast64_t next;      /* next block */
    atomic_uint_fast64_t mismatches[MAX_VARIANTS];
    atomic_uint_fast64_t first_bad[MAX_VARIANTS]; /* lowest pattern that differs */
} job;

static void fill(unsigned char *p, uint64_t first, size_t n, size_t size)
{
    for (size_t i = 0; i < n; i++) {
        uint64_t v = first + i;
        memcpy(p + i * size, &v, size); /* little-endian: the low bytes */
    }
}

static void *worker(void *arg)
{
    job *j = arg;
    unsigned char *in = malloc(BLOCK * 4), *want = malloc(BLOCK * 4), *got = malloc(BLOCK * 4);
    if (!in || !want || !got) {
        free(in), free(want), free(got);
        return (void *)1;
    }
    uint64_t blocks = (j->patterns + BLOCK - 1) / BLOCK;
    dmlp__kernel_args args = {.mode = DML_IS_INFINITY_MODE_EITHER};
    for (;;) {
        uint64_t b = atomic_fetch_add(&j->next, 1);
        if (b >= blocks)
            break;
        if (blocks >= 1024 && b % (blocks / 16) == 0 && b) { /* f32: sixteenths started */
            printf("  %llu/16 of the patterns handed out\n",
                   (unsigned long long)(b / (blocks / 16)));
            fflush(stdout);
        }
        uint64_t first = b * BLOCK;
        size_t n = j->patterns - first < BLOCK ? (size_t)(j->patterns - first) : BLOCK;
        fill(in, first, n, j->size);
        args.recip = 0;
        j->reference(n, in, want, &args);
        for (size_t v = 0; v < j->variant_count; v++) {
            args.recip = j->variants[v].recip;
            args.portable = j->variants[v].portable;
            j->variants[v].kernel.fn(n, in, got, &args);
            if (memcmp(got, want, n * j->size) == 0)
                continue;
            for (size_t i = 0; i < n; i++) {
                if (memcmp(got + i * j->size, want + i * j->size, j->size) != 0) {
                    atomic_fetch_add(&j->mismatches[v], 1);
                    uint64_t bad = first + i, seen = atomic_load(&j->first_bad[v]);
                    while (bad < seen && !atomic_compare_exchange_weak(&j->first_bad[v], &seen, bad))
                        ;
                }
            }
        }
    }
    free(in), free(want), free(got);
    return NULL;
}

static unsigned thread_count(void)
{
    const char *cap = getenv("DMLP_TEST_THREADS");
    long n = cap ? strtol(cap, NULL, 10) : sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 64 ? 64 : (unsigned)n;
}

/* Every pattern of `type` through every fast variant this CPU runs; the count run. */
static size_t check_type(DML_TENSOR_DATA_TYPE type, const char *name, size_t size)
{
    static job j;
    memset(&j, 0, sizeof j);
    j.type = type;
    j.size = size;
    j.patterns = (uint64_t)1 << (8 * size);
    j.reference = dmlp__reference_kernel(SOFT, type);
    CHECK(j.reference != NULL, "%s has a reference kernel", name);
    if (!j.reference)
        return 0;
    dmlp__kernel_choice all[16];
    size_t count = dmlp__kernel_variants(SOFT, type, all, 16);
    dmlp__isa cpu = dmlp__isa_detect();
    for (size_t k = 0; k < count; k++) {
        if (all[k].isa == DMLP__ISA_SCALAR)
            continue;
        if (all[k].isa > cpu) {
            printf("  %s: %s skipped, this CPU lacks %s\n", name, all[k].name,
                   dmlp__isa_name(all[k].isa));
            continue;
        }
        /* The divide; the reciprocal form at levels with FMA (elsewhere recip is ignored
           and a second pass would check the divide again under another name); and for
           bf16 in AVX-512 on a CPU that rounds it in one instruction, both with the
           integer rounding too (the other levels ignore portable). */
        const variant forms[] = {{all[k], 0, 0}, {all[k], 1, 0}, {all[k], 0, 1}, {all[k], 1, 1}};
        int recip = dmlp__softsign_has_recip(all[k].isa);
        int bf16_round = type == DMLP_TENSOR_DATA_TYPE_BFLOAT16 &&
                         all[k].isa == DMLP__ISA_AVX512 && dmlp__isa_bf16_round();
        int has[] = {1, recip, bf16_round, recip && bf16_round};
        for (size_t f = 0; f < 4 && j.variant_count < MAX_VARIANTS; f++) {
            if (!has[f])
                continue;
            j.variants[j.variant_count] = forms[f];
            atomic_store(&j.first_bad[j.variant_count], UINT64_MAX);
            j.variant_count++;
        }
    }
    if (!j.variant_count)
        return 0;
    unsigned threads = thread_count();
    pthread_t ids[64];
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    unsigned started = 0;
    for (unsigned t = 1; t < threads; t++)
        started += pthread_create(&ids[started], NULL, worker, &j) == 0;
    void *failed = worker(&j);
    CHECK(failed == NULL, "%s: worker memory", name);
    for (unsigned t = 0; t < started; t++) {
        pthread_join(ids[t], &failed);
        CHECK(failed == NULL, "%s: worker memory", name);
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double seconds = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
    for (size_t v = 0; v < j.variant_count; v++) {
        uint64_t bad = atomic_load(&j.mismatches[v]);
        CHECK(bad == 0, "%s %s %s: %llu of %llu patterns differ from the reference, first 0x%llx",
              name, j.variants[v].kernel.name, FORM_NAME(j.variants[v]),
              (unsigned long long)bad, (unsigned long long)j.patterns,
              (unsigned long long)atomic_load(&j.first_bad[v]));
        if (bad)
            printf("  %s %-24s %-5s %llu of %llu patterns DIFFER\n", name,
                   j.variants[v].kernel.name, FORM_NAME(j.variants[v]),
                   (unsigned long long)bad, (unsigned long long)j.patterns);
        else
            printf("  %s %-24s %-5s all %llu patterns identical\n", name,
                   j.variants[v].kernel.name, FORM_NAME(j.variants[v]),
                   (unsigned long long)j.patterns);
    }
    printf("  %s: %.1f s on %u threads\n", name, seconds, threads);
    fflush(stdout); /* as each type ends: a long run (f32 under qemu) shows where it is */
    return j.variant_count;
}

int main(void)
{
    size_t run = 0;
    run += check_type(DML_TENSOR_DATA_TYPE_FLOAT16, "f16", 2);
    run += check_type(DMLP_TENSOR_DATA_TYPE_BFLOAT16, "bf16", 2);
    run += check_type(DML_TENSOR_DATA_TYPE_FLOAT32, "f32", 4);
    if (!run) {
        printf("test_softsign_exhaustive: no fast Softsign kernel runs on this CPU\n");
        return TEST_SKIP;
    }
    return test_finish("test_softsign_exhaustive");
}
