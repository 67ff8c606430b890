/* test_reference_logical: the logical reference kernels (LogicalGreaterThan on every
   type, LogicalAnd and LogicalOr on UINT8 and UINT32) against hand-checked edge cases
   (NaN, ±0, ±inf, subnormals, the largest values, integer extremes) and against an order
   on the bits written here (sign and magnitude: no float comparison): every float16 and
   bfloat16 A against a spread of B values in both scalar forms, random float32 and
   float64 pairs, every int8/uint8 pair; LogicalXor on every uint8 pair and on UINT32
   (in place on B), LogicalNot on every uint8 value and on UINT32, in place. Both output widths (UINT8 and UINT32: 0 or 1,
   nothing written past n), the scalar forms against the vector form, and And/Or in
   place. */
#include <inttypes.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/kernels.h"
#include "test_reference_oracle.h"

#define GT DML_OPERATOR_ELEMENT_WISE_LOGICAL_GREATER_THAN
#define AND DML_OPERATOR_ELEMENT_WISE_LOGICAL_AND
#define OR DML_OPERATOR_ELEMENT_WISE_LOGICAL_OR
#define XOR DML_OPERATOR_ELEMENT_WISE_LOGICAL_XOR
#define NOT DML_OPERATOR_ELEMENT_WISE_LOGICAL_NOT

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* a > b on the encodings: NaN is unordered, both zeros are 0, otherwise sign-magnitude. */
static int oracle_gt(uint64_t a, uint64_t b, oracle_format f)
{
    if (oracle_is_nan(a, f) || oracle_is_nan(b, f))
        return 0;
    uint64_t magnitude_mask = (UINT64_C(1) << (f.ebits + f.mbits)) - 1u;
    uint64_t ma = a & magnitude_mask, mb = b & magnitude_mask;
    int na = oracle_negative(a, f) && ma != 0, nb = oracle_negative(b, f) && mb != 0;
    if (na != nb)
        return nb; /* a positive or zero, b negative */
    return na ? ma < mb : ma > mb;
}

/* Runs kernel fn over n pairs into a UINT8 and a UINT32 output and checks each element
   against want[i], and that the byte after the run is untouched. */
static void run_both_widths(dmlp__binary_kernel fn, size_t n, const void *a, const void *b,
                            uint32_t scalar, const unsigned char *want, const char *what)
{
    unsigned char *o8 = malloc(n + 1);
    uint32_t *o32 = malloc((n + 1) * sizeof *o32);
    memset(o8, 0xAB, n + 1);
    memset(o32, 0xAB, (n + 1) * sizeof *o32);
    dmlp__kernel_args args;
    memset(&args, 0, sizeof args);
    args.out_size = 1;
    fn(n, a, b, o8, scalar, &args);
    args.out_size = 4;
    fn(n, a, b, o32, scalar, &args);
    for (size_t i = 0; i < n; i++) {
        CHECK_BITS(o8[i], want[i], "%s element %zu (UINT8)", what, i);
        CHECK_BITS(o32[i], want[i], "%s element %zu (UINT32)", what, i);
    }
    CHECK_BITS(o8[n], 0xAB, "%s: nothing written past the run (UINT8)", what);
    CHECK_BITS(o32[n], 0xABABABABu, "%s: nothing written past the run (UINT32)", what);
    free(o8);
    free(o32);
}

/* ---- hand-checked cases ---------------------------------------------------------------- */

typedef struct pair {
    uint64_t a, b;
    unsigned char gt; /* a > b, worked out by hand */
} pair;

/* float32: 0x7fc00000 quiet NaN, 0x7f800001 signalling NaN, 0xffc00000 negative NaN,
   0x00000001 the smallest subnormal, 0x007fffff the largest, 0x00800000 the smallest
   normal, 0x7f7fffff the largest finite, 0x3f800000 1.0, 0x3f800001 the next. */
static const pair f32_cases[] = {
    {0x7fc00000, 0x3f800000, 0}, {0x3f800000, 0x7fc00000, 0}, {0x7fc00000, 0x7fc00000, 0},
    {0x7f800001, 0x00000000, 0}, {0xffc00000, 0xff800000, 0}, {0x7f800000, 0x7fc00000, 0},
    {0x00000000, 0x80000000, 0}, {0x80000000, 0x00000000, 0}, {0x00000000, 0x00000000, 0},
    {0x00000001, 0x00000000, 1}, {0x00000000, 0x00000001, 0}, {0x00000001, 0x80000000, 1},
    {0x80000001, 0x80000000, 0}, {0x80000000, 0x80000001, 1}, {0x80000001, 0x00000001, 0},
    {0x007fffff, 0x00800000, 0}, {0x00800000, 0x007fffff, 1}, {0x00000002, 0x00000001, 1},
    {0x7f800000, 0x7f7fffff, 1}, {0x7f7fffff, 0x7f800000, 0}, {0x7f800000, 0x7f800000, 0},
    {0xff800000, 0xff7fffff, 0}, {0xff7fffff, 0xff800000, 1}, {0xff800000, 0xff800000, 0},
    {0x7f800000, 0xff800000, 1}, {0xff800000, 0x7f800000, 0}, {0x3f800001, 0x3f800000, 1},
    {0x3f800000, 0x3f800001, 0}, {0xbf800000, 0xbf800001, 1}, {0xbf800001, 0xbf800000, 0},
    {0x3f800000, 0xbf800000, 1}, {0xbf800000, 0x3f800000, 0},
};

/* float64: the same cases in binary64 */
static const pair f64_cases[] = {
    {UINT64_C(0x7ff8000000000000), UINT64_C(0x3ff0000000000000), 0},
    {UINT64_C(0x3ff0000000000000), UINT64_C(0x7ff8000000000000), 0},
    {UINT64_C(0x7ff0000000000001), UINT64_C(0x0000000000000000), 0},
    {UINT64_C(0xfff8000000000000), UINT64_C(0xfff0000000000000), 0},
    {UINT64_C(0x0000000000000000), UINT64_C(0x8000000000000000), 0},
    {UINT64_C(0x8000000000000000), UINT64_C(0x0000000000000000), 0},
    {UINT64_C(0x0000000000000001), UINT64_C(0x8000000000000000), 1},
    {UINT64_C(0x8000000000000000), UINT64_C(0x8000000000000001), 1},
    {UINT64_C(0x8000000000000001), UINT64_C(0x0000000000000001), 0},
    {UINT64_C(0x000fffffffffffff), UINT64_C(0x0010000000000000), 0},
    {UINT64_C(0x0010000000000000), UINT64_C(0x000fffffffffffff), 1},
    {UINT64_C(0x7ff0000000000000), UINT64_C(0x7fefffffffffffff), 1},
    {UINT64_C(0x7fefffffffffffff), UINT64_C(0x7ff0000000000000), 0},
    {UINT64_C(0xfff0000000000000), UINT64_C(0xffefffffffffffff), 0},
    {UINT64_C(0xffefffffffffffff), UINT64_C(0xfff0000000000000), 1},
    {UINT64_C(0x7ff0000000000000), UINT64_C(0x7ff0000000000000), 0},
    /* 1 + 2^-52 and 1: equal once rounded to binary32, so a binary32 compare fails */
    {UINT64_C(0x3ff0000000000001), UINT64_C(0x3ff0000000000000), 1},
    {UINT64_C(0x3ff0000000000000), UINT64_C(0x3ff0000000000001), 0},
};

/* float16: 0x7e00 NaN, 0x7c01 signalling NaN, 0x0001 smallest subnormal, 0x03ff largest
   subnormal, 0x0400 smallest normal, 0x7bff 65504, 0x3c00 1.0, 0x3c01 the next. */
static const pair f16_cases[] = {
    {0x7e00, 0x3c00, 0}, {0x3c00, 0x7e00, 0}, {0x7c01, 0x0000, 0}, {0xfe00, 0xfc00, 0},
    {0x0000, 0x8000, 0}, {0x8000, 0x0000, 0}, {0x0001, 0x0000, 1}, {0x0001, 0x8000, 1},
    {0x8000, 0x8001, 1}, {0x8001, 0x0001, 0}, {0x03ff, 0x0400, 0}, {0x0400, 0x03ff, 1},
    {0x7c00, 0x7bff, 1}, {0x7bff, 0x7c00, 0}, {0xfc00, 0xfbff, 0}, {0xfbff, 0xfc00, 1},
    {0x7c00, 0x7c00, 0}, {0x3c01, 0x3c00, 1}, {0x3c00, 0x3c01, 0}, {0xbc00, 0x3c00, 0},
};

/* bfloat16: 0x7fc0 NaN, 0x7f81 signalling NaN, 0x0001 smallest subnormal, 0x0080
   smallest normal, 0x7f7f largest finite, 0x3f80 1.0. */
static const pair bf16_cases[] = {
    {0x7fc0, 0x3f80, 0}, {0x3f80, 0x7fc0, 0}, {0x7f81, 0x0000, 0}, {0xffc0, 0xff80, 0},
    {0x0000, 0x8000, 0}, {0x8000, 0x0000, 0}, {0x0001, 0x0000, 1}, {0x0001, 0x8000, 1},
    {0x8000, 0x8001, 1}, {0x8001, 0x0001, 0}, {0x007f, 0x0080, 0}, {0x0080, 0x007f, 1},
    {0x7f80, 0x7f7f, 1}, {0x7f7f, 0x7f80, 0}, {0xff80, 0xff7f, 0}, {0xff7f, 0xff80, 1},
    {0x3f81, 0x3f80, 1}, {0x3f80, 0x3f81, 0}, {0xbf80, 0x3f80, 0},
};

/* Integers, as two's complement bits of the width: the extremes either way, -1 against 0
   (unsigned: the maximum against 0), equal values. */
#define INT_CASES(MIN, MAX)                                                                 \
    {(uint64_t)(MIN), (uint64_t)(MAX), 0}, {(uint64_t)(MAX), (uint64_t)(MIN), 1},           \
    {(uint64_t)-1, 0, 0}, {0, (uint64_t)-1, 1}, {(uint64_t)(MIN), (uint64_t)(MIN), 0},      \
    {(uint64_t)(MAX), (uint64_t)(MAX), 0}, {(uint64_t)(MIN), (uint64_t)-1, 0},              \
    {(uint64_t)(MAX), 0, 1}, {1, 0, 1}, {0, 1, 0}
#define UINT_CASES(MAX)                                                                     \
    {0, (uint64_t)(MAX), 0}, {(uint64_t)(MAX), 0, 1}, {(uint64_t)(MAX), (uint64_t)(MAX), 0}, \
    {(uint64_t)(MAX) - 1, (uint64_t)(MAX), 0}, {(uint64_t)(MAX), (uint64_t)(MAX) - 1, 1},   \
    {1, 0, 1}, {0, 1, 0}, {0, 0, 0}
static const pair i8_cases[] = {INT_CASES(INT8_MIN, INT8_MAX)};
static const pair i16_cases[] = {INT_CASES(INT16_MIN, INT16_MAX)};
static const pair i32_cases[] = {INT_CASES(INT32_MIN, INT32_MAX)};
static const pair i64_cases[] = {INT_CASES(INT64_MIN, INT64_MAX)};
static const pair u8_cases[] = {UINT_CASES(UINT8_MAX)};
static const pair u16_cases[] = {UINT_CASES(UINT16_MAX)};
static const pair u32_cases[] = {UINT_CASES(UINT32_MAX)};
static const pair u64_cases[] = {UINT_CASES(UINT64_MAX)};

static const struct {
    DML_TENSOR_DATA_TYPE type;
    const char *name;
    uint32_t bytes;
    const pair *cases;
    size_t count;
} gt_types[] = {
#define ROW(T, name, bytes, cases) {T, name, bytes, cases, COUNT(cases)}
    ROW(DML_TENSOR_DATA_TYPE_FLOAT32, "f32", 4, f32_cases),
    ROW(DML_TENSOR_DATA_TYPE_FLOAT64, "f64", 8, f64_cases),
    ROW(DML_TENSOR_DATA_TYPE_FLOAT16, "f16", 2, f16_cases),
    ROW(DMLP_TENSOR_DATA_TYPE_BFLOAT16, "bf16", 2, bf16_cases),
    ROW(DML_TENSOR_DATA_TYPE_INT8, "i8", 1, i8_cases),
    ROW(DML_TENSOR_DATA_TYPE_INT16, "i16", 2, i16_cases),
    ROW(DML_TENSOR_DATA_TYPE_INT32, "i32", 4, i32_cases),
    ROW(DML_TENSOR_DATA_TYPE_INT64, "i64", 8, i64_cases),
    ROW(DML_TENSOR_DATA_TYPE_UINT8, "u8", 1, u8_cases),
    ROW(DML_TENSOR_DATA_TYPE_UINT16, "u16", 2, u16_cases),
    ROW(DML_TENSOR_DATA_TYPE_UINT32, "u32", 4, u32_cases),
    ROW(DML_TENSOR_DATA_TYPE_UINT64, "u64", 8, u64_cases),
#undef ROW
};

/* The low `bytes` bytes of v, in memory order. */
static void store(unsigned char *p, uint64_t v, uint32_t bytes)
{
    for (uint32_t i = 0; i < bytes; i++) {
        uint64_t shift = 8u * i;
        uint64_t byte = (v >> shift) & 0xffu;
        /* little-endian x86-64 and aarch64 alike; the kernels read native order */
        p[i] = (unsigned char)byte;
    }
}

static void check_hand_cases(void)
{
    for (size_t t = 0; t < COUNT(gt_types); t++) {
        dmlp__binary_kernel fn = dmlp__binary_reference_kernel(GT, gt_types[t].type);
        CHECK(fn != NULL, "gt %s kernel", gt_types[t].name);
        if (!fn)
            continue;
        size_t n = gt_types[t].count;
        uint32_t bytes = gt_types[t].bytes;
        unsigned char *a = malloc(n * bytes), *b = malloc(n * bytes), *want = malloc(n);
        for (size_t i = 0; i < n; i++) {
            store(a + i * bytes, gt_types[t].cases[i].a, bytes);
            store(b + i * bytes, gt_types[t].cases[i].b, bytes);
            want[i] = gt_types[t].cases[i].gt;
        }
        char what[64];
        snprintf(what, sizeof what, "gt %s hand cases", gt_types[t].name);
        run_both_widths(fn, n, a, b, 0, want, what);
        /* each case again with A, then B, as the repeated scalar */
        for (size_t i = 0; i < n; i++) {
            snprintf(what, sizeof what, "gt %s case %zu, scalar A", gt_types[t].name, i);
            run_both_widths(fn, 1, a + i * bytes, b + i * bytes, DMLP__SCALAR_A, &want[i], what);
            snprintf(what, sizeof what, "gt %s case %zu, scalar B", gt_types[t].name, i);
            run_both_widths(fn, 1, a + i * bytes, b + i * bytes, DMLP__SCALAR_B, &want[i], what);
        }
        free(a);
        free(b);
        free(want);
    }
}

/* ---- the bit-order oracle over many values ----------------------------------------------- */

/* B values for the 16-bit sweeps: both zeros, subnormals, normals around 1, the largest,
   both infinities, NaNs of either sign and kind, and random encodings. */
static size_t sweep_values(uint16_t *v, size_t capacity, oracle_format f, uint64_t seed)
{
    uint16_t inf = (uint16_t)(((1u << f.ebits) - 1u) << f.mbits);
    uint16_t sign = (uint16_t)(1u << (f.ebits + f.mbits));
    uint16_t one = (uint16_t)((uint32_t)oracle_bias(f) << f.mbits);
    const uint16_t fixed[] = {0, sign, 1, (uint16_t)(sign | 1), (uint16_t)((1u << f.mbits) - 1),
                              (uint16_t)(1u << f.mbits), one, (uint16_t)(one + 1),
                              (uint16_t)(one - 1), (uint16_t)(sign | one), (uint16_t)(inf - 1),
                              (uint16_t)(sign | (inf - 1)), inf, (uint16_t)(sign | inf),
                              (uint16_t)(inf | 1), (uint16_t)(inf | (1u << (f.mbits - 1))),
                              (uint16_t)(sign | inf | (1u << (f.mbits - 1)))};
    size_t n = 0;
    for (; n < COUNT(fixed) && n < capacity; n++)
        v[n] = fixed[n];
    for (; n < capacity; n++)
        v[n] = (uint16_t)oracle_random(&seed);
    return n;
}

static void check_half(DML_TENSOR_DATA_TYPE type, oracle_format f, const char *name)
{
    enum { B_COUNT = 40 };
    uint16_t bvals[B_COUNT];
    sweep_values(bvals, B_COUNT, f, 0x5150 + (uint64_t)type);
    uint16_t *a = malloc(65536 * sizeof *a);
    unsigned char *want = malloc(65536);
    for (uint32_t i = 0; i < 65536; i++)
        a[i] = (uint16_t)i;
    dmlp__binary_kernel fn = dmlp__binary_reference_kernel(GT, type);
    CHECK(fn != NULL, "gt %s kernel", name);
    for (int j = 0; fn && j < B_COUNT; j++) {
        char what[64];
        for (uint32_t i = 0; i < 65536; i++)
            want[i] = (unsigned char)oracle_gt(i, bvals[j], f);
        snprintf(what, sizeof what, "gt %s, every A > 0x%04x", name, (unsigned)bvals[j]);
        run_both_widths(fn, 65536, a, &bvals[j], DMLP__SCALAR_B, want, what);
        for (uint32_t i = 0; i < 65536; i++)
            want[i] = (unsigned char)oracle_gt(bvals[j], i, f);
        snprintf(what, sizeof what, "gt %s, 0x%04x > every B", name, (unsigned)bvals[j]);
        run_both_widths(fn, 65536, &bvals[j], a, DMLP__SCALAR_A, want, what);
    }
    free(a);
    free(want);
}

/* Random pairs of float32 and float64 encodings, with one in eight made equal in
   magnitude, to meet the zero and equal cases. */
static void check_wide_random(void)
{
    enum { N = 1 << 16 };
    uint32_t *a32 = malloc(N * sizeof *a32), *b32 = malloc(N * sizeof *b32);
    uint64_t *a64 = malloc(N * sizeof *a64), *b64 = malloc(N * sizeof *b64);
    unsigned char *w32 = malloc(N), *w64 = malloc(N);
    uint64_t seed = 0x9e3779b97f4a7c15u;
    for (size_t i = 0; i < N; i++) {
        uint64_t r = oracle_random(&seed), s = oracle_random(&seed);
        a32[i] = (uint32_t)r;
        b32[i] = (i % 8 == 0) ? (a32[i] ^ 0x80000000u) : (uint32_t)s;
        a64[i] = r;
        b64[i] = (i % 8 == 0) ? (a64[i] ^ UINT64_C(0x8000000000000000)) : s;
        if (i % 16 == 1) { /* near each other: differ in the last bits only */
            b32[i] = a32[i] ^ (uint32_t)(s & 3u);
            b64[i] = a64[i] ^ (s & 3u);
        }
        w32[i] = (unsigned char)oracle_gt(a32[i], b32[i], ORACLE_F32);
        w64[i] = (unsigned char)oracle_gt(a64[i], b64[i], ORACLE_F64);
    }
    run_both_widths(dmlp__binary_reference_kernel(GT, DML_TENSOR_DATA_TYPE_FLOAT32), N, a32,
                    b32, 0, w32, "gt f32 random pairs");
    run_both_widths(dmlp__binary_reference_kernel(GT, DML_TENSOR_DATA_TYPE_FLOAT64), N, a64,
                    b64, 0, w64, "gt f64 random pairs");
    free(a32);
    free(b32);
    free(a64);
    free(b64);
    free(w32);
    free(w64);
}

/* Every int8 and every uint8 pair. */
static void check_byte_pairs(void)
{
    unsigned char *a = malloc(65536), *b = malloc(65536), *want = malloc(65536);
    for (uint32_t i = 0; i < 65536; i++) {
        a[i] = (unsigned char)(i >> 8);
        b[i] = (unsigned char)i;
    }
    for (uint32_t i = 0; i < 65536; i++)
        want[i] = (int8_t)a[i] > (int8_t)b[i];
    run_both_widths(dmlp__binary_reference_kernel(GT, DML_TENSOR_DATA_TYPE_INT8), 65536, a, b,
                    0, want, "gt every int8 pair");
    for (uint32_t i = 0; i < 65536; i++)
        want[i] = a[i] > b[i];
    run_both_widths(dmlp__binary_reference_kernel(GT, DML_TENSOR_DATA_TYPE_UINT8), 65536, a, b,
                    0, want, "gt every uint8 pair");
    for (uint32_t i = 0; i < 65536; i++)
        want[i] = a[i] != 0 && b[i] != 0;
    run_both_widths(dmlp__binary_reference_kernel(AND, DML_TENSOR_DATA_TYPE_UINT8), 65536, a,
                    b, 0, want, "and every uint8 pair");
    for (uint32_t i = 0; i < 65536; i++)
        want[i] = a[i] != 0 || b[i] != 0;
    run_both_widths(dmlp__binary_reference_kernel(OR, DML_TENSOR_DATA_TYPE_UINT8), 65536, a, b,
                    0, want, "or every uint8 pair");
    for (uint32_t i = 0; i < 65536; i++)
        want[i] = (a[i] != 0) != (b[i] != 0);
    run_both_widths(dmlp__binary_reference_kernel(XOR, DML_TENSOR_DATA_TYPE_UINT8), 65536, a,
                    b, 0, want, "xor every uint8 pair");
    free(a);
    free(b);
    free(want);
}

/* And and Or on UINT32: values that are nonzero only in a high byte (a truncation to
   8 bits would call them 0), extremes, both scalar forms; then in place on A and on B. */
static void check_boolean_u32(void)
{
    static const uint32_t values[] = {0, 1, 2, 0xff, 0x100, 0x10000, 0x1000000, 0x80000000u,
                                      0xffffffffu};
    enum { V = COUNT(values), N = V * V };
    uint32_t a[N], b[N], inplace[N];
    unsigned char want_and[N], want_or[N];
    for (size_t i = 0; i < V; i++)
        for (size_t j = 0; j < V; j++) {
            a[i * V + j] = values[i];
            b[i * V + j] = values[j];
            want_and[i * V + j] = values[i] != 0 && values[j] != 0;
            want_or[i * V + j] = values[i] != 0 || values[j] != 0;
        }
    dmlp__binary_kernel fand = dmlp__binary_reference_kernel(AND, DML_TENSOR_DATA_TYPE_UINT32);
    dmlp__binary_kernel f_or = dmlp__binary_reference_kernel(OR, DML_TENSOR_DATA_TYPE_UINT32);
    CHECK(fand && f_or, "and/or u32 kernels");
    if (!fand || !f_or)
        return;
    run_both_widths(fand, N, a, b, 0, want_and, "and u32");
    run_both_widths(f_or, N, a, b, 0, want_or, "or u32");
    for (size_t i = 0; i < V; i++) {
        char what[48];
        snprintf(what, sizeof what, "and u32 scalar A 0x%x", (unsigned)values[i]);
        run_both_widths(fand, V, &values[i], values, DMLP__SCALAR_A, &want_and[i * V], what);
        snprintf(what, sizeof what, "or u32 scalar A 0x%x", (unsigned)values[i]);
        run_both_widths(f_or, V, &values[i], values, DMLP__SCALAR_A, &want_or[i * V], what);
    }
    dmlp__kernel_args args;
    memset(&args, 0, sizeof args);
    args.out_size = 4;
    memcpy(inplace, a, sizeof a);
    fand(N, inplace, b, inplace, 0, &args);
    for (size_t i = 0; i < N; i++)
        CHECK_BITS(inplace[i], want_and[i], "and u32 in place on A, element %zu", i);
    memcpy(inplace, b, sizeof b);
    f_or(N, a, inplace, inplace, 0, &args);
    for (size_t i = 0; i < N; i++)
        CHECK_BITS(inplace[i], want_or[i], "or u32 in place on B, element %zu", i);
    unsigned char a8[N], b8[N];
    for (size_t i = 0; i < N; i++) {
        a8[i] = (unsigned char)(a[i] % 3u);
        b8[i] = (unsigned char)(b[i] >> 24);
    }
    args.out_size = 1;
    dmlp__binary_reference_kernel(AND, DML_TENSOR_DATA_TYPE_UINT8)(N, a8, b8, a8, 0, &args);
    for (size_t i = 0; i < N; i++)
        CHECK_BITS(a8[i], (a[i] % 3u) != 0 && (b[i] >> 24) != 0, "and u8 in place, %zu", i);
}

/* Xor on UINT32 (values nonzero only in a high byte, both scalar forms, in place on B) and
   Not on every UINT8 value and on those UINT32 values, in place too. */
static void check_xor_not(void)
{
    static const uint32_t values[] = {0, 1, 2, 0xff, 0x100, 0x10000, 0x1000000, 0x80000000u,
                                      0xffffffffu};
    enum { V = COUNT(values), N = V * V };
    uint32_t a[N], b[N];
    unsigned char want[N];
    for (size_t i = 0; i < N; i++) {
        a[i] = values[i / V];
        b[i] = values[i % V];
        want[i] = (a[i] != 0) != (b[i] != 0);
    }
    dmlp__binary_kernel fx = dmlp__binary_reference_kernel(XOR, DML_TENSOR_DATA_TYPE_UINT32);
    CHECK(fx != NULL, "xor u32 kernel");
    if (fx) {
        run_both_widths(fx, N, a, b, 0, want, "xor u32");
        for (size_t i = 0; i < V; i++) {
            char what[48];
            snprintf(what, sizeof what, "xor u32 scalar B 0x%x", (unsigned)values[i]);
            unsigned char w[V];
            for (size_t j = 0; j < V; j++)
                w[j] = (values[j] != 0) != (values[i] != 0);
            run_both_widths(fx, V, values, &values[i], DMLP__SCALAR_B, w, what);
        }
        dmlp__kernel_args args;
        memset(&args, 0, sizeof args);
        args.out_size = 4;
        uint32_t inplace[N];
        memcpy(inplace, b, sizeof b);
        fx(N, a, inplace, inplace, 0, &args);
        for (size_t i = 0; i < N; i++)
            CHECK_BITS(inplace[i], want[i], "xor u32 in place on B, element %zu", i);
    }
    dmlp__unary_kernel n8 = dmlp__reference_kernel(NOT, DML_TENSOR_DATA_TYPE_UINT8);
    dmlp__unary_kernel n32 = dmlp__reference_kernel(NOT, DML_TENSOR_DATA_TYPE_UINT32);
    CHECK(n8 && n32, "not kernels");
    if (!n8 || !n32)
        return;
    dmlp__kernel_args args;
    memset(&args, 0, sizeof args);
    unsigned char x8[257];
    for (uint32_t i = 0; i < 256; i++)
        x8[i] = (unsigned char)i;
    x8[256] = 0xAB;
    n8(256, x8, x8, &args); /* in place */
    for (uint32_t i = 0; i < 256; i++)
        CHECK_BITS(x8[i], i == 0, "not u8 of %u", (unsigned)i);
    CHECK_BITS(x8[256], 0xAB, "not u8: nothing written past the run");
    uint32_t x32[V + 1], y32[V + 1];
    memcpy(x32, values, sizeof values);
    x32[V] = y32[V] = 0xABABABABu;
    n32(V, x32, y32, &args);
    for (size_t i = 0; i < V; i++)
        CHECK_BITS(y32[i], values[i] == 0, "not u32 of 0x%x", (unsigned)values[i]);
    CHECK_BITS(y32[V], 0xABABABABu, "not u32: nothing written past the run");
}

/* The kernels exist for exactly the types of DirectML's tables (plus the extensions'
   float64 and bfloat16 for GreaterThan): none for And or Or on other types. */
static void check_kernel_set(void)
{
    static const DML_TENSOR_DATA_TYPE others[] = {
        DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_FLOAT16, DML_TENSOR_DATA_TYPE_INT8,
        DML_TENSOR_DATA_TYPE_INT32,   DML_TENSOR_DATA_TYPE_UINT16,  DML_TENSOR_DATA_TYPE_UINT64};
    for (size_t i = 0; i < COUNT(others); i++) {
        CHECK(dmlp__binary_reference_kernel(AND, others[i]) == NULL, "no and kernel for %d",
              (int)others[i]);
        CHECK(dmlp__binary_reference_kernel(OR, others[i]) == NULL, "no or kernel for %d",
              (int)others[i]);
        CHECK(dmlp__binary_reference_kernel(XOR, others[i]) == NULL, "no xor kernel for %d",
              (int)others[i]);
        CHECK(dmlp__reference_kernel(NOT, others[i]) == NULL, "no not kernel for %d",
              (int)others[i]);
    }
}

int main(void)
{
    check_hand_cases();
    check_half(DML_TENSOR_DATA_TYPE_FLOAT16, ORACLE_F16, "f16");
    check_half(DMLP_TENSOR_DATA_TYPE_BFLOAT16, ORACLE_BF16, "bf16");
    check_wide_random();
    check_byte_pairs();
    check_boolean_u32();
    check_xor_not();
    check_kernel_set();
    return test_finish("test_reference_logical");
}
