/* test_reference_compare: the reference kernels of the comparisons (LogicalEquals,
   LogicalGreaterThan, and the others as they join) against an order on the encodings
   written here (sign and magnitude, NaN unordered, both zeros equal: no float
   comparison): every float16 and bfloat16 A against a spread of B values and the reverse,
   random float32 and float64 pairs (one in eight equal in magnitude, one in sixteen a few
   ulps apart), every int8/uint8 pair, the edges of the wider integers and random pairs of
   them. Both output widths (UINT8 and UINT32: 0 or 1, nothing written past n) and both
   scalar forms. test_reference_logical has GreaterThan's hand-worked cases. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/kernels.h"
#include "test_reference_oracle.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* -1, 0, 1: a below, equal to, above b; 2: unordered (a NaN). */
enum { UNORDERED = 2 };

typedef struct comparison {
    DML_OPERATOR_TYPE op;
    const char *name;
    int lt, eq, gt; /* the result for each order; unordered gives 0 for every operator */
} comparison;

static const comparison comparisons[] = {
    {DML_OPERATOR_ELEMENT_WISE_LOGICAL_GREATER_THAN, "gt", 0, 0, 1},
    {DML_OPERATOR_ELEMENT_WISE_LOGICAL_EQUALS, "eq", 0, 1, 0},
    {DML_OPERATOR_ELEMENT_WISE_LOGICAL_LESS_THAN_OR_EQUAL, "le", 1, 1, 0},
    {DML_OPERATOR_ELEMENT_WISE_LOGICAL_GREATER_THAN_OR_EQUAL, "ge", 0, 1, 1},
    {DML_OPERATOR_ELEMENT_WISE_LOGICAL_LESS_THAN, "lt", 1, 0, 0},
};

static int result_of(const comparison *c, int order)
{
    return order == -1 ? c->lt : order == 0 ? c->eq : order == 1 ? c->gt : 0;
}

static int order_float(uint64_t a, uint64_t b, oracle_format f)
{
    if (oracle_is_nan(a, f) || oracle_is_nan(b, f))
        return UNORDERED;
    uint64_t magnitude_mask = (UINT64_C(1) << (f.ebits + f.mbits)) - 1u;
    uint64_t ma = a & magnitude_mask, mb = b & magnitude_mask;
    int na = oracle_negative(a, f) && ma != 0, nb = oracle_negative(b, f) && mb != 0;
    if (na != nb)
        return na ? -1 : 1;
    if (ma == mb)
        return 0;
    return (ma > mb) != na ? 1 : -1;
}

/* Integers of `bytes` bytes as two's complement (signed) or not. */
static int order_int(uint64_t a, uint64_t b, uint32_t bytes, int is_signed)
{
    uint32_t shift = 64u - 8u * bytes;
    if (is_signed) {
        int64_t x = (int64_t)(a << shift) >> shift, y = (int64_t)(b << shift) >> shift;
        return x < y ? -1 : x > y;
    }
    uint64_t x = (a << shift) >> shift, y = (b << shift) >> shift;
    return x < y ? -1 : x > y;
}

static void store(unsigned char *p, uint64_t v, uint32_t bytes)
{
    for (uint32_t i = 0; i < bytes; i++)
        p[i] = (unsigned char)(v >> (8u * i)); /* little-endian, as the kernels read */
}

/* Runs fn over n pairs into a UINT8 and a UINT32 output; each element against want[i],
   and the element after the run untouched. */
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
    size_t bad = 0;
    for (size_t i = 0; i < n && bad < 8; i++) {
        if (o8[i] != want[i] || o32[i] != want[i])
            bad++;
        CHECK_BITS(o8[i], want[i], "%s element %zu (UINT8)", what, i);
        CHECK_BITS(o32[i], want[i], "%s element %zu (UINT32)", what, i);
    }
    CHECK_BITS(o8[n], 0xAB, "%s: nothing written past the run (UINT8)", what);
    CHECK_BITS(o32[n], 0xABABABABu, "%s: nothing written past the run (UINT32)", what);
    free(o8);
    free(o32);
}

static dmlp__binary_kernel kernel(const comparison *c, DML_TENSOR_DATA_TYPE type)
{
    dmlp__binary_kernel fn = dmlp__binary_reference_kernel(c->op, type);
    CHECK(fn != NULL, "%s kernel for type %d", c->name, (int)type);
    return fn;
}

/* Every 16-bit A against B values: both zeros, subnormals, normals around 1, the
   largest, both infinities, NaNs of either sign and kind, random encodings; each in
   both operand orders and as the repeated scalar. */
static void check_half(const comparison *c, DML_TENSOR_DATA_TYPE type, oracle_format f,
                       const char *name)
{
    enum { B_COUNT = 32 };
    uint16_t inf = (uint16_t)(((1u << f.ebits) - 1u) << f.mbits);
    uint16_t sign = (uint16_t)(1u << (f.ebits + f.mbits));
    uint16_t one = (uint16_t)((uint32_t)oracle_bias(f) << f.mbits);
    uint16_t b[B_COUNT] = {0, sign, 1, (uint16_t)(sign | 1), (uint16_t)((1u << f.mbits) - 1),
                           (uint16_t)(1u << f.mbits), one, (uint16_t)(one + 1),
                           (uint16_t)(one - 1), (uint16_t)(sign | one), (uint16_t)(inf - 1),
                           (uint16_t)(sign | (inf - 1)), inf, (uint16_t)(sign | inf),
                           (uint16_t)(inf | 1), (uint16_t)(inf | (1u << (f.mbits - 1))),
                           (uint16_t)(sign | inf | (1u << (f.mbits - 1)))};
    uint64_t seed = 0x51ed + (uint64_t)type;
    for (size_t j = 17; j < B_COUNT; j++)
        b[j] = (uint16_t)oracle_random(&seed);
    uint16_t *a = malloc(65536 * sizeof *a);
    unsigned char *want = malloc(65536);
    for (uint32_t i = 0; i < 65536; i++)
        a[i] = (uint16_t)i;
    dmlp__binary_kernel fn = kernel(c, type);
    for (size_t j = 0; fn && j < B_COUNT; j++) {
        char what[64];
        for (uint32_t i = 0; i < 65536; i++)
            want[i] = (unsigned char)result_of(c, order_float(i, b[j], f));
        snprintf(what, sizeof what, "%s %s, every A against 0x%04x", c->name, name, b[j]);
        run_both_widths(fn, 65536, a, &b[j], DMLP__SCALAR_B, want, what);
        for (uint32_t i = 0; i < 65536; i++)
            want[i] = (unsigned char)result_of(c, order_float(b[j], i, f));
        snprintf(what, sizeof what, "%s %s, 0x%04x against every B", c->name, name, b[j]);
        run_both_widths(fn, 65536, &b[j], a, DMLP__SCALAR_A, want, what);
    }
    free(a);
    free(want);
}

/* Random float32 and float64 pairs, some equal in magnitude (±0, x against -x and x
   itself) and some a few ulps apart. */
static void check_wide_floats(const comparison *c)
{
    enum { N = 1 << 15 };
    uint32_t *a32 = malloc(N * sizeof *a32), *b32 = malloc(N * sizeof *b32);
    uint64_t *a64 = malloc(N * sizeof *a64), *b64 = malloc(N * sizeof *b64);
    unsigned char *w32 = malloc(N), *w64 = malloc(N);
    uint64_t seed = 0x9e3779b97f4a7c15u + (uint64_t)c->op;
    for (size_t i = 0; i < N; i++) {
        uint64_t r = oracle_random(&seed), s = oracle_random(&seed);
        a32[i] = (uint32_t)r;
        a64[i] = r;
        switch (i % 16) {
        case 0: b32[i] = a32[i] ^ 0x80000000u; b64[i] = a64[i] ^ UINT64_C(0x8000000000000000); break;
        case 1: b32[i] = a32[i] ^ (uint32_t)(s & 3u); b64[i] = a64[i] ^ (s & 3u); break;
        case 2: b32[i] = a32[i]; b64[i] = a64[i]; break;
        case 3: a32[i] &= 0x80000000u; b32[i] = (uint32_t)s & 0x80000000u;
                a64[i] &= UINT64_C(0x8000000000000000); b64[i] = s & UINT64_C(0x8000000000000000);
                break;
        default: b32[i] = (uint32_t)s; b64[i] = s; break;
        }
        w32[i] = (unsigned char)result_of(c, order_float(a32[i], b32[i], ORACLE_F32));
        w64[i] = (unsigned char)result_of(c, order_float(a64[i], b64[i], ORACLE_F64));
    }
    char what[64];
    snprintf(what, sizeof what, "%s f32 random pairs", c->name);
    dmlp__binary_kernel fn = kernel(c, DML_TENSOR_DATA_TYPE_FLOAT32);
    if (fn)
        run_both_widths(fn, N, a32, b32, 0, w32, what);
    snprintf(what, sizeof what, "%s f64 random pairs", c->name);
    fn = kernel(c, DML_TENSOR_DATA_TYPE_FLOAT64);
    if (fn)
        run_both_widths(fn, N, a64, b64, 0, w64, what);
    free(a32);
    free(b32);
    free(a64);
    free(b64);
    free(w32);
    free(w64);
}

/* Every int8 and uint8 pair. */
static void check_byte_pairs(const comparison *c)
{
    unsigned char *a = malloc(65536), *b = malloc(65536), *want = malloc(65536);
    for (uint32_t i = 0; i < 65536; i++) {
        a[i] = (unsigned char)(i >> 8);
        b[i] = (unsigned char)i;
    }
    for (int is_signed = 0; is_signed <= 1; is_signed++) {
        for (uint32_t i = 0; i < 65536; i++)
            want[i] = (unsigned char)result_of(c, order_int(a[i], b[i], 1, is_signed));
        char what[64];
        snprintf(what, sizeof what, "%s every %s pair", c->name, is_signed ? "int8" : "uint8");
        dmlp__binary_kernel fn = kernel(c, is_signed ? DML_TENSOR_DATA_TYPE_INT8
                                                     : DML_TENSOR_DATA_TYPE_UINT8);
        if (fn)
            run_both_widths(fn, 65536, a, b, 0, want, what);
    }
    free(a);
    free(b);
    free(want);
}

/* 16-, 32- and 64-bit integers: every pair of the edges (0, ±1, the extremes and their
   neighbours, values that differ in one high or one low bit), then random pairs. */
static void check_wide_ints(const comparison *c)
{
    static const struct {
        DML_TENSOR_DATA_TYPE type;
        uint32_t bytes;
        int is_signed;
        const char *name;
    } types[] = {
        {DML_TENSOR_DATA_TYPE_INT16, 2, 1, "i16"},  {DML_TENSOR_DATA_TYPE_UINT16, 2, 0, "u16"},
        {DML_TENSOR_DATA_TYPE_INT32, 4, 1, "i32"},  {DML_TENSOR_DATA_TYPE_UINT32, 4, 0, "u32"},
        {DML_TENSOR_DATA_TYPE_INT64, 8, 1, "i64"},  {DML_TENSOR_DATA_TYPE_UINT64, 8, 0, "u64"},
    };
    enum { EDGES = 12, RANDOM = 4096, N = EDGES * EDGES + RANDOM };
    for (size_t t = 0; t < COUNT(types); t++) {
        uint32_t bytes = types[t].bytes, bits = 8u * bytes;
        uint64_t top = UINT64_C(1) << (bits - 1), all = bits == 64 ? ~UINT64_C(0)
                                                                  : (UINT64_C(1) << bits) - 1;
        const uint64_t edges[EDGES] = {0, 1, all, all - 1, top, top - 1, top + 1, 2,
                                       top >> 1, all ^ 1, 0x100, top | 0x100};
        unsigned char *a = malloc(N * bytes), *b = malloc(N * bytes), *want = malloc(N);
        uint64_t seed = 0xC0FFEE + t;
        for (size_t i = 0; i < N; i++) {
            uint64_t x, y;
            if (i < EDGES * EDGES) {
                x = edges[i / EDGES];
                y = edges[i % EDGES];
            } else {
                x = oracle_random(&seed) & all;
                y = (i % 4 == 0) ? x ^ (oracle_random(&seed) & 7u) : oracle_random(&seed) & all;
            }
            store(a + i * bytes, x, bytes);
            store(b + i * bytes, y, bytes);
            want[i] = (unsigned char)result_of(c, order_int(x, y, bytes, types[t].is_signed));
        }
        char what[64];
        snprintf(what, sizeof what, "%s %s edges and random pairs", c->name, types[t].name);
        dmlp__binary_kernel fn = kernel(c, types[t].type);
        if (fn)
            run_both_widths(fn, N, a, b, 0, want, what);
        free(a);
        free(b);
        free(want);
    }
}

/* A few results worked out by hand, apart from the oracle: NaN is equal to nothing, -0
   equals +0, the smallest subnormal is above -0 and below the next. */
static void check_hand(void)
{
    static const uint32_t a[] = {0x7fc00000, 0x7fc00000, 0x80000000, 0x00000001, 0x00000001,
                                 0xff800000, 0x3f800000};
    static const uint32_t b[] = {0x7fc00000, 0x3f800000, 0x00000000, 0x80000000, 0x00000002,
                                 0xff800000, 0x3f800001};
    /* one row per comparison, in the order of `comparisons` */
    static const unsigned char want[][COUNT(a)] = {
        {0, 0, 0, 1, 0, 0, 0}, /* gt */
        {0, 0, 1, 0, 0, 1, 0}, /* eq */
        {0, 0, 1, 0, 1, 1, 1}, /* le */
        {0, 0, 1, 1, 0, 1, 0}, /* ge */
        {0, 0, 0, 0, 1, 0, 1}, /* lt */
    };
    for (size_t k = 0; k < COUNT(comparisons); k++) {
        dmlp__binary_kernel fn = kernel(&comparisons[k], DML_TENSOR_DATA_TYPE_FLOAT32);
        char what[48];
        snprintf(what, sizeof what, "%s hand-worked f32", comparisons[k].name);
        if (fn)
            run_both_widths(fn, COUNT(a), a, b, 0, want[k], what);
    }
}

int main(void)
{
    check_hand();
    for (size_t k = 0; k < COUNT(comparisons); k++) {
        const comparison *c = &comparisons[k];
        check_half(c, DML_TENSOR_DATA_TYPE_FLOAT16, ORACLE_F16, "f16");
        check_half(c, DMLP_TENSOR_DATA_TYPE_BFLOAT16, ORACLE_BF16, "bf16");
        check_wide_floats(c);
        check_byte_pairs(c);
        check_wide_ints(c);
    }
    return test_finish("test_reference_compare");
}
