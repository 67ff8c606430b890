/* test_reference_binary: the two-input reference kernels (Add, Subtract, Multiply,
   Divide, ADD1) against the tests' own model of the formats (test_reference_oracle.h):
   every float16 A against a spread of B values (zeros, subnormals, the largest values,
   infinities, NaNs and random ones), the same for bfloat16, random and special float32
   pairs, float64 specials, every int8/uint8 pair and the extremes of the wider integers;
   the NaN rules; the scalar (broadcast) forms against the vector form; in place; ADD1
   with Softsign against Add followed by Softsign. Expected values: the exact operation in
   binary64 (exact for + - * of the 16-bit types; otherwise rounded once with 53 >= 2p + 2
   bits), then oracle_round to the type. */
#include <inttypes.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/kernels.h"
#include "test_reference_oracle.h"

#define ADD DML_OPERATOR_ELEMENT_WISE_ADD
#define SUB DML_OPERATOR_ELEMENT_WISE_SUBTRACT
#define MUL DML_OPERATOR_ELEMENT_WISE_MULTIPLY
#define DIV DML_OPERATOR_ELEMENT_WISE_DIVIDE
#define ADD1 DML_OPERATOR_ELEMENT_WISE_ADD1

static const DML_OPERATOR_TYPE ops[] = {ADD, SUB, MUL, DIV};
static const char *const op_names[] = {"add", "sub", "mul", "div"};

static double apply(int op, double a, double b)
{
    switch (op) {
    case 0: return a + b;
    case 1: return a - b;
    case 2: return a * b;
    default: return a / b;
    }
}

/* The expected bits of a op b in format f (a, b encodings), NaN rules included. */
static uint64_t expected_float(int op, uint64_t a, uint64_t b, oracle_format f)
{
    uint64_t quiet = UINT64_C(1) << (f.mbits - 1);
    uint64_t default_nan = (((UINT64_C(1) << f.ebits) - 1) << f.mbits) | quiet;
    if (oracle_is_nan(a, f))
        return a | quiet;
    if (oracle_is_nan(b, f))
        return b | quiet;
    double x = oracle_is_inf(a, f) ? (oracle_negative(a, f) ? -INFINITY : INFINITY)
                                   : oracle_decode(a, f);
    double y = oracle_is_inf(b, f) ? (oracle_negative(b, f) ? -INFINITY : INFINITY)
                                   : oracle_decode(b, f);
    double v = apply(op, x, y);
    uint64_t sign = (uint64_t)(signbit(v) != 0) << (f.ebits + f.mbits);
    uint64_t inf = ((UINT64_C(1) << f.ebits) - 1) << f.mbits;
    if (isnan(v))
        return default_nan;
    if (isinf(v))
        return sign | inf;
    double r = oracle_round_format(v, f);
    double largest = ldexp(2.0 - ldexp(1.0, -f.mbits), oracle_bias(f));
    if (fabs(r) > largest)
        return sign | inf;
    return oracle_encode(r, f);
}

/* B values for the 16-bit sweeps: specials and random encodings. */
static size_t sweep_values(uint16_t *b, size_t capacity, oracle_format f, uint64_t seed)
{
    uint16_t inf = (uint16_t)(((1u << f.ebits) - 1) << f.mbits);
    uint16_t special[] = {0x0000, 0x8000, 0x0001, 0x8001, (uint16_t)(inf - 1),
                          (uint16_t)(inf - 1) | 0x8000, inf, (uint16_t)(inf | 0x8000),
                          (uint16_t)(inf | 1), (uint16_t)(inf | 0x8001 | (1u << (f.mbits - 1))),
                          (uint16_t)(1u << f.mbits), (uint16_t)(((unsigned)oracle_bias(f)) << f.mbits),
                          (uint16_t)(((unsigned)oracle_bias(f) << f.mbits) | 0x8000),
                          (uint16_t)((((unsigned)oracle_bias(f) + 1) << f.mbits) | 1)};
    size_t n = 0;
    for (size_t i = 0; i < sizeof special / sizeof special[0] && n < capacity; i++)
        b[n++] = special[i];
    uint64_t state = seed;
    while (n < capacity)
        b[n++] = (uint16_t)oracle_random(&state);
    return n;
}

static void check_half(DML_TENSOR_DATA_TYPE type, oracle_format f, const char *name)
{
    enum { B_COUNT = TEST_THIN ? 14 : 48 }; /* thin passes: the 14 specials only */
    uint16_t bvals[B_COUNT];
    sweep_values(bvals, B_COUNT, f, 0x1234 + (uint64_t)type);
    uint16_t *a = malloc(65536 * sizeof *a), *out = malloc(65536 * sizeof *out);
    for (uint32_t i = 0; i < 65536; i++)
        a[i] = (uint16_t)i;
    for (int o = 0; o < 4; o++) {
        dmlp__binary_kernel fn = dmlp__binary_reference_kernel(ops[o], type);
        CHECK(fn != NULL, "%s %s kernel", name, op_names[o]);
        if (!fn)
            continue;
        dmlp__kernel_args args;
        memset(&args, 0, sizeof args);
        for (int j = 0; j < B_COUNT; j++) {
            /* B as a scalar run; then A as a scalar against B's every value */
            fn(65536, a, &bvals[j], out, DMLP__SCALAR_B, &args);
            for (uint32_t i = 0; i < 65536; i++)
                CHECK_BITS(out[i], expected_float(o, i, bvals[j], f), "%s %s 0x%04x 0x%04x",
                           name, op_names[o], (unsigned)i, (unsigned)bvals[j]);
            fn(65536, &bvals[j], a, out, DMLP__SCALAR_A, &args);
            for (uint32_t i = 0; i < 65536; i++)
                CHECK_BITS(out[i], expected_float(o, bvals[j], i, f), "%s %s 0x%04x 0x%04x",
                           name, op_names[o], (unsigned)bvals[j], (unsigned)i);
        }
    }
    free(a);
    free(out);
}

static void check_f32(void)
{
    enum { N = 1 << 16 };
    uint32_t *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b), *out = malloc(N * sizeof *out);
    static const uint32_t special[] = {0, 0x80000000u, 1, 0x80000001u, 0x007fffffu,
                                       0x00800000u, 0x7f7fffffu, 0xff7fffffu, 0x7f800000u,
                                       0xff800000u, 0x7fc00000u, 0xffc12345u, 0x7f800001u,
                                       0x3f800000u, 0xbf800000u, 0x33800000u, 0x4b800000u};
    const size_t ns = sizeof special / sizeof special[0];
    uint64_t state = 42;
    for (size_t i = 0; i < N; i++) {
        a[i] = i < ns * ns ? special[i / ns] : (uint32_t)oracle_random(&state);
        b[i] = i < ns * ns ? special[i % ns] : (uint32_t)oracle_random(&state);
        if (i >= ns * ns && i % 4 == 1) /* near each other: cancellation, ties */
            b[i] = a[i] ^ (uint32_t)(oracle_random(&state) & 0x3ff);
    }
    for (int o = 0; o < 4; o++) {
        dmlp__binary_kernel fn = dmlp__binary_reference_kernel(ops[o], DML_TENSOR_DATA_TYPE_FLOAT32);
        dmlp__kernel_args args;
        memset(&args, 0, sizeof args);
        fn(N, a, b, out, 0, &args);
        for (size_t i = 0; i < N; i++)
            CHECK_BITS(out[i], expected_float(o, a[i], b[i], ORACLE_F32), "f32 %s 0x%08x 0x%08x",
                       op_names[o], (unsigned)a[i], (unsigned)b[i]);
        memcpy(out, a, N * sizeof *out); /* in place on A */
        fn(N, out, b, out, 0, &args);
        for (size_t i = 0; i < N; i++)
            CHECK_BITS(out[i], expected_float(o, a[i], b[i], ORACLE_F32), "in place %s",
                       op_names[o]);
    }
    free(a);
    free(b);
    free(out);
}

/* float64: the NaN rules and values whose results are known exactly. */
static void check_f64(void)
{
    const uint64_t qnan = UINT64_C(0x7ff8000000000000);
    struct {
        int op;
        double a, b;
        uint64_t want;
    } cases[] = {
        {0, 0.1, 0.2, 0x3fd3333333333334u}, /* 0.30000000000000004 */
        {1, 1.0, 1.0, 0},                   /* +0 */
        {1, -0.0, 0.0, 0x8000000000000000u},
        {2, -0.0, 5.0, 0x8000000000000000u},
        {3, 1.0, 3.0, 0x3fd5555555555555u},
        {3, 1.0, -0.0, 0xfff0000000000000u},
        {0, INFINITY, -INFINITY, qnan},
        {2, 0.0, INFINITY, qnan},
        {3, 0.0, 0.0, qnan},
        {3, INFINITY, INFINITY, qnan},
        {2, 0x1p-1074, 0.5, 0}, /* ties to even: the smallest subnormal halved is 0 */
        {2, 0x1.8p-1073, 0.5, 2}, /* 1.5 * 2^-1074 rounds to the even 2 * 2^-1074 */
        {0, 0x1.fffffffffffffp1023, 0x1p970, 0x7ff0000000000000u},
    };
    dmlp__binary_kernel fns[4];
    for (int o = 0; o < 4; o++)
        fns[o] = dmlp__binary_reference_kernel(ops[o], DML_TENSOR_DATA_TYPE_FLOAT64);
    dmlp__kernel_args args;
    memset(&args, 0, sizeof args);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        uint64_t out;
        fns[cases[i].op](1, &cases[i].a, &cases[i].b, &out, 0, &args);
        CHECK_BITS(out, cases[i].want, "f64 case %zu", i);
    }
    uint64_t a = UINT64_C(0xfff0000000000abc), b = UINT64_C(0x7ff8000000000001), out;
    fns[0](1, &a, &b, &out, 0, &args);
    CHECK_BITS(out, a | (UINT64_C(1) << 51), "A's NaN, made quiet");
    double one = 1.0;
    fns[2](1, &one, &b, &out, 0, &args);
    CHECK_BITS(out, b, "B's NaN when A is a number");
}

/* Integers: the exact result in int64 (or __int128-free wrapping by hand) modulo 2^bits. */
static int64_t wrap(int64_t v, int bits, int is_signed)
{
    uint64_t mask = bits == 64 ? ~UINT64_C(0) : (UINT64_C(1) << bits) - 1;
    uint64_t u = (uint64_t)v & mask;
    if (is_signed && bits < 64 && (u >> (bits - 1)))
        return (int64_t)(u | ~mask);
    return (int64_t)u;
}

typedef struct int_type {
    DML_TENSOR_DATA_TYPE type;
    int bits, is_signed;
    const char *name;
} int_type;

static const int_type int_types[] = {
    {DML_TENSOR_DATA_TYPE_INT8, 8, 1, "i8"},     {DML_TENSOR_DATA_TYPE_UINT8, 8, 0, "u8"},
    {DML_TENSOR_DATA_TYPE_INT16, 16, 1, "i16"},  {DML_TENSOR_DATA_TYPE_UINT16, 16, 0, "u16"},
    {DML_TENSOR_DATA_TYPE_INT32, 32, 1, "i32"},  {DML_TENSOR_DATA_TYPE_UINT32, 32, 0, "u32"},
    {DML_TENSOR_DATA_TYPE_INT64, 64, 1, "i64"},  {DML_TENSOR_DATA_TYPE_UINT64, 64, 0, "u64"},
};

static int64_t load_int(const unsigned char *p, const int_type *t)
{
    uint64_t u = 0;
    memcpy(&u, p, (size_t)t->bits / 8); /* little-endian */
    return wrap((int64_t)u, t->bits, t->is_signed);
}

/* The expected integer result; (valid == 0) for a 0 divisor, which the core refuses. */
static int64_t expected_int(int op, int64_t a, int64_t b, const int_type *t)
{
    uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
    switch (op) {
    case 0: return wrap((int64_t)(ua + ub), t->bits, t->is_signed);
    case 1: return wrap((int64_t)(ua - ub), t->bits, t->is_signed);
    case 2: return wrap((int64_t)(ua * ub), t->bits, t->is_signed);
    default:
        if (b == 0)
            return 0;
        if (!t->is_signed && t->bits == 64)
            return (int64_t)(ua / ub);
        if (t->is_signed && b == -1)
            return wrap((int64_t)(0 - ua), t->bits, 1);
        return wrap(a / b, t->bits, t->is_signed); /* C truncates toward zero */
    }
}

static void check_integers(void)
{
    for (size_t ti = 0; ti < sizeof int_types / sizeof int_types[0]; ti++) {
        const int_type *t = &int_types[ti];
        size_t size = (size_t)t->bits / 8;
        /* values: every 8-bit pattern, or the extremes and neighbours and random ones */
        enum { V = 256 };
        int64_t values[V];
        uint64_t state = 7 + ti;
        for (int i = 0; i < V; i++)
            values[i] = wrap(t->bits == 8 ? i : (int64_t)oracle_random(&state), t->bits,
                             t->is_signed);
        if (t->bits > 8) {
            int64_t edge[] = {0, 1, -1, 2, -2, 3, 7, -7};
            for (int i = 0; i < 8; i++)
                values[i] = wrap(edge[i], t->bits, t->is_signed);
            int64_t top = t->is_signed ? (int64_t)((UINT64_C(1) << (t->bits - 1)) - 1)
                                       : wrap(-1, t->bits, 0);
            int64_t bottom = t->is_signed ? -top - 1 : 0;
            values[8] = top;
            values[9] = bottom;
            values[10] = wrap(top - 1, t->bits, t->is_signed);
            values[11] = wrap(bottom + 1, t->bits, t->is_signed);
        }
        unsigned char a[V * 8], b[V * 8], out[V * 8];
        for (int o = 0; o < 4; o++) {
            dmlp__binary_kernel fn = dmlp__binary_reference_kernel(ops[o], t->type);
            CHECK(fn != NULL, "%s %s kernel", t->name, op_names[o]);
            if (!fn)
                continue;
            dmlp__kernel_args args;
            memset(&args, 0, sizeof args);
            for (int j = 0; j < V; j++) {
                for (int i = 0; i < V; i++)
                    memcpy(a + (size_t)i * size, &values[i], size);
                memcpy(b, &values[j], size);
                fn(V, a, b, out, DMLP__SCALAR_B, &args);
                for (int i = 0; i < V; i++) {
                    if (o == 3 && values[j] == 0)
                        continue; /* refused by the core; the kernel gives 0 (below) */
                    CHECK_BITS(load_int(out + (size_t)i * size, t),
                               expected_int(o, values[i], values[j], t), "%s %s %" PRId64
                               " %" PRId64, t->name, op_names[o], values[i], values[j]);
                }
            }
        }
        /* INT_MIN / -1 wraps to INT_MIN; a 0 divisor gives 0 without a trap */
        if (t->is_signed) {
            int64_t bottom = -(int64_t)((UINT64_C(1) << (t->bits - 1)) - 1) - 1;
            int64_t minus_one = -1, zero = 0;
            memcpy(a, &bottom, size);
            memcpy(b, &minus_one, size);
            dmlp__kernel_args args;
            memset(&args, 0, sizeof args);
            dmlp__binary_reference_kernel(DIV, t->type)(1, a, b, out, 0, &args);
            CHECK_BITS(load_int(out, t), bottom, "%s INT_MIN / -1", t->name);
            memcpy(b, &zero, size);
            dmlp__binary_reference_kernel(DIV, t->type)(1, a, b, out, 0, &args);
            CHECK_BITS(load_int(out, t), 0, "%s x / 0 in the kernel", t->name);
        }
    }
}

/* ADD1 with Softsign: Add's output through Softsign's reference kernel; without it, Add. */
static void check_add1(void)
{
    static const struct {
        DML_TENSOR_DATA_TYPE type;
        size_t size;
    } types[] = {{DML_TENSOR_DATA_TYPE_FLOAT16, 2},
                 {DMLP_TENSOR_DATA_TYPE_BFLOAT16, 2},
                 {DML_TENSOR_DATA_TYPE_FLOAT32, 4},
                 {DML_TENSOR_DATA_TYPE_FLOAT64, 8}};
    enum { N = 4096 };
    static unsigned char a[N * 8], b[N * 8], got[N * 8], want[N * 8];
    uint64_t state = 99;
    for (size_t i = 0; i < sizeof a; i++) {
        a[i] = (unsigned char)oracle_random(&state);
        b[i] = (unsigned char)oracle_random(&state);
    }
    for (size_t t = 0; t < sizeof types / sizeof types[0]; t++) {
        dmlp__binary_kernel add1 = dmlp__binary_reference_kernel(ADD1, types[t].type);
        dmlp__binary_kernel add = dmlp__binary_reference_kernel(ADD, types[t].type);
        dmlp__unary_kernel softsign =
            dmlp__reference_kernel(DML_OPERATOR_ACTIVATION_SOFTSIGN, types[t].type);
        CHECK(add1 && add && softsign, "kernels of type %d", (int)types[t].type);
        if (!add1 || !add || !softsign)
            continue;
        dmlp__kernel_args args;
        memset(&args, 0, sizeof args);
        add1(N, a, b, got, 0, &args);
        add(N, a, b, want, 0, &args);
        CHECK(memcmp(got, want, N * types[t].size) == 0, "ADD1 without activation is Add");
        args.fused = softsign;
        add1(N, a, b, got, 0, &args);
        softsign(N, want, want, &args);
        CHECK(memcmp(got, want, N * types[t].size) == 0, "ADD1 + Softsign, type %d",
              (int)types[t].type);
        add1(N, a, b, got, DMLP__SCALAR_A, &args);
        add(N, a, b, want, DMLP__SCALAR_A, &args);
        softsign(N, want, want, &args);
        CHECK(memcmp(got, want, N * types[t].size) == 0, "scalar A, type %d",
              (int)types[t].type);
    }
}

int main(void)
{
    check_half(DML_TENSOR_DATA_TYPE_FLOAT16, ORACLE_F16, "f16");
    check_half(DMLP_TENSOR_DATA_TYPE_BFLOAT16, ORACLE_BF16, "bf16");
    check_f32();
    check_f64();
    check_integers();
    check_add1();
    return test_finish("test_reference_binary");
}
