/* Kernel dispatch: dmlp__isa_detect against the compiler's own CPU feature checks and
   the DMLP_ISA cap, dmlp__kernel_select and dmlp__kernel_variants against each other
   and the reference kernels, and dmlp__isa_name.
   Usage: test_reference_dispatch [scalar|sse2|avx2|avx512|neon|none] — the cap that
   DMLP_ISA (set by ctest) is expected to apply where the level is of this processor
   family (another family's level is ignored); "none" or nothing means uncapped. */
#include <pthread.h>
#if defined(__aarch64__) && defined(__linux__)
#include <sys/auxv.h>
#endif

#include "kernels/kernels.h"
#include "test_reference_oracle.h"

/* What the CPU offers, by __builtin_cpu_supports (which also asks the OS about the
   register state), independent of the library's CPUID code. */
static dmlp__isa cpu_isa(void)
{
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    __builtin_cpu_init();
    int avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
#if !defined(__clang__) /* clang 14 does not know "f16c"; every AVX2 CPU so far has it */
    avx2 = avx2 && __builtin_cpu_supports("f16c");
#endif
    int avx512 = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
                 __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512dq");
    if (avx2 && avx512)
        return DMLP__ISA_AVX512;
    return avx2 ? DMLP__ISA_AVX2 : DMLP__ISA_SSE2;
#elif defined(__aarch64__) && defined(__linux__)
    return (getauxval(AT_HWCAP) & (1ul << 1)) ? DMLP__ISA_NEON : DMLP__ISA_SCALAR; /* asimd */
#else
    return DMLP__ISA_SCALAR;
#endif
}

/* Whether a DMLP_ISA level belongs to this build's processor family (others are
   ignored, like unknown names). */
static int in_family(dmlp__isa isa)
{
#if defined(__x86_64__)
    return isa <= DMLP__ISA_AVX512;
#elif defined(__aarch64__)
    return isa == DMLP__ISA_SCALAR || isa == DMLP__ISA_NEON;
#else
    return isa == DMLP__ISA_SCALAR;
#endif
}

static void *detect_thread(void *result)
{
    *(dmlp__isa *)result = dmlp__isa_detect();
    return NULL;
}

static const DML_TENSOR_DATA_TYPE types[] = {
    DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_FLOAT16, DML_TENSOR_DATA_TYPE_UINT32,
    DML_TENSOR_DATA_TYPE_UINT16, DML_TENSOR_DATA_TYPE_UINT8, DML_TENSOR_DATA_TYPE_INT32,
    DML_TENSOR_DATA_TYPE_INT16, DML_TENSOR_DATA_TYPE_INT8, DML_TENSOR_DATA_TYPE_FLOAT64,
    DML_TENSOR_DATA_TYPE_UINT64, DML_TENSOR_DATA_TYPE_INT64, DMLP_TENSOR_DATA_TYPE_BFLOAT16,
    DMLP_TENSOR_DATA_TYPE_FLOAT8_E4M3FN, DMLP_TENSOR_DATA_TYPE_FLOAT8_E4M3FNUZ,
    DMLP_TENSOR_DATA_TYPE_FLOAT8_E5M2, DMLP_TENSOR_DATA_TYPE_FLOAT8_E5M2FNUZ,
    DML_TENSOR_DATA_TYPE_UNKNOWN,
};

static const DML_OPERATOR_TYPE ops[] = {DML_OPERATOR_ELEMENT_WISE_SIGN,
                                        DML_OPERATOR_ACTIVATION_SOFTSIGN,
                                        DML_OPERATOR_ELEMENT_WISE_IS_INFINITY,
                                        DML_OPERATOR_INVALID};

static void check_choices(DML_OPERATOR_TYPE op, DML_TENSOR_DATA_TYPE type, dmlp__isa detected)
{
    dmlp__kernel_choice v[32];
    size_t count = dmlp__kernel_variants(op, type, v, 32);
    dmlp__unary_kernel reference = dmlp__reference_kernel(op, type);
    CHECK(count < 32, "op %d type 0x%x: %zu variants", (int)op, (unsigned)type, count);
    if (reference) {
        CHECK(count >= 1 && v[count - 1].fn == reference && v[count - 1].isa == DMLP__ISA_SCALAR,
              "op %d type 0x%x: the reference is the last variant", (int)op, (unsigned)type);
        CHECK(count >= 1 && v[count - 1].name && strstr(v[count - 1].name, "__reference"),
              "op %d type 0x%x: the reference's name", (int)op, (unsigned)type);
    }
    for (size_t i = 0; i < count; i++) {
        CHECK(v[i].fn && v[i].name && v[i].isa < DMLP__ISA_COUNT, "op %d type 0x%x variant %zu",
              (int)op, (unsigned)type, i);
        CHECK(i == 0 || v[i].isa <= v[i - 1].isa, "op %d type 0x%x: variants best first",
              (int)op, (unsigned)type);
    }
    for (int max = DMLP__ISA_SCALAR; max <= DMLP__ISA_COUNT; max++) {
        dmlp__isa limit = (dmlp__isa)max < detected ? (dmlp__isa)max : detected;
        dmlp__kernel_choice expected = {0, DMLP__ISA_SCALAR, 0};
        for (size_t i = 0; i < count; i++) {
            if (v[i].isa <= limit) {
                expected = v[i];
                break;
            }
        }
        dmlp__kernel_choice got = dmlp__kernel_select(op, type, (dmlp__isa)max);
        CHECK(got.fn == expected.fn && got.isa == expected.isa,
              "op %d type 0x%x max %d: selected %s, expected %s", (int)op, (unsigned)type, max,
              got.name ? got.name : "(none)", expected.name ? expected.name : "(none)");
        CHECK(got.isa <= limit, "op %d type 0x%x: above the limit", (int)op, (unsigned)type);
    }
    CHECK(dmlp__kernel_select(op, type, DMLP__ISA_SCALAR).fn == reference,
          "op %d type 0x%x: scalar means the reference", (int)op, (unsigned)type);
    /* Capacity is respected. */
    dmlp__kernel_choice one[2] = {{0, DMLP__ISA_SCALAR, 0}, {0, DMLP__ISA_SCALAR, "canary"}};
    CHECK(dmlp__kernel_variants(op, type, one, 0) == 0, "capacity 0");
    size_t got_one = dmlp__kernel_variants(op, type, one, 1);
    CHECK(got_one == (count ? 1u : 0u) && (!count || one[0].fn == v[0].fn), "capacity 1");
    CHECK(one[1].name && strcmp(one[1].name, "canary") == 0, "capacity 1 wrote past the end");
}

int main(int argc, char **argv)
{
    /* First calls race on purpose: all must see one answer. */
    pthread_t threads[4];
    dmlp__isa seen[4];
    for (int i = 0; i < 4; i++)
        CHECK(pthread_create(&threads[i], NULL, detect_thread, &seen[i]) == 0, "thread %d", i);
    for (int i = 0; i < 4; i++)
        pthread_join(threads[i], NULL);
    dmlp__isa detected = dmlp__isa_detect();
    for (int i = 0; i < 4; i++)
        CHECK(seen[i] == detected, "thread %d saw %d, later %d", i, (int)seen[i], (int)detected);

    dmlp__isa expected = cpu_isa(), cap = DMLP__ISA_COUNT;
    const char *cap_name = argc > 1 ? argv[1] : "none";
    for (int isa = 0; isa < DMLP__ISA_COUNT; isa++)
        if (strcmp(cap_name, dmlp__isa_name((dmlp__isa)isa)) == 0)
            cap = (dmlp__isa)isa;
    CHECK(cap != DMLP__ISA_COUNT || strcmp(cap_name, "none") == 0, "unknown cap %s", cap_name);
    if (cap != DMLP__ISA_COUNT && !in_family(cap))
        cap = DMLP__ISA_COUNT;
    if (cap < expected)
        expected = cap;
    printf("CPU offers %s; DMLP_ISA=%s; detected %s\n", dmlp__isa_name(cpu_isa()),
           getenv("DMLP_ISA") ? getenv("DMLP_ISA") : "(unset)", dmlp__isa_name(detected));
    CHECK(detected == expected, "detected %s, expected %s", dmlp__isa_name(detected),
          dmlp__isa_name(expected));

    const char *names[] = {"scalar", "sse2", "avx2", "avx512", "neon"};
    for (int isa = 0; isa < DMLP__ISA_COUNT; isa++)
        CHECK(strcmp(dmlp__isa_name((dmlp__isa)isa), names[isa]) == 0, "isa %d name", isa);
    CHECK(strcmp(dmlp__isa_name(DMLP__ISA_COUNT), "unknown") == 0, "name past the end");
    CHECK(strcmp(dmlp__isa_name((dmlp__isa)-1), "unknown") == 0, "name of -1");

    for (size_t o = 0; o < sizeof ops / sizeof ops[0]; o++)
        for (size_t t = 0; t < sizeof types / sizeof types[0]; t++)
            check_choices(ops[o], types[t], detected);
    return test_finish("test_reference_dispatch");
}
