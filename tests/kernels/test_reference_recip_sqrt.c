/* test_reference_recip_sqrt: the Recip and Sqrt reference kernels (docs/operators.md)
   against the tests' own model (test_reference_oracle.h): every f16 and bf16 input, and
   edge values and random patterns of f32 and f64. The model is exact integer arithmetic on
   the decoded input x = M * 2^E: 1 / x = 2^-E / M rounded by integer division
   (oracle_round_quotient), sqrt(x) = sqrt(M * 2^(2s)) * 2^((E - 2s) / 2) by an integer
   square root with its remainder as the sticky bit; in binary32 for f16 and bf16 and then
   rounded once more to the type, as the operators define them. That two-step result is
   also compared with the value rounded directly to the 16-bit type: they agree for every
   input (binary32 has at least 2p + 2 bits for p = 11 and 8, so the second rounding never
   misrounds), which docs/operators.md states. With a ScaleBias the
   input is first Identity's x * Scale + Bias. Then through the public API: in place, the
   feature levels, and the refusals. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "test_reference_types.h"

#define IDENTITY DML_OPERATOR_ELEMENT_WISE_IDENTITY

/* The exact value of a finite nonzero encoding as M * 2^E with M a positive integer. */
static void split(uint64_t x, oracle_format f, uint64_t *m, int *e)
{
    int exponent = (int)oracle_field_exponent(x, f);
    *m = oracle_field_mantissa(x, f);
    if (exponent == 0) {
        *e = 1 - oracle_bias(f) - f.mbits;
    } else {
        *m |= UINT64_C(1) << f.mbits;
        *e = exponent - oracle_bias(f) - f.mbits;
    }
}

/* v (already rounded to f's precision, any magnitude) as f's encoding: ±inf beyond f's
   largest finite value, as rounding to nearest gives. */
static uint64_t encode_or_inf(double v, int negative, oracle_format f)
{
    uint64_t sign = (uint64_t)negative << (f.ebits + f.mbits);
    uint64_t inf = ((UINT64_C(1) << f.ebits) - 1) << f.mbits;
    if (isinf(v) || fabs(v) >= ldexp(1.0, oracle_bias(f) + 1))
        return sign | inf;
    return sign | oracle_encode(fabs(v), f);
}

/* |1 / x| for finite nonzero x, rounded to nearest even in format g (any magnitude). */
static double recip_rounded(uint64_t x, oracle_format f, oracle_format g)
{
    uint64_t m;
    int e;
    split(x, f, &m, &e);
    int p = g.mbits + 1, emin = 1 - oracle_bias(g);
    return ldexp(oracle_round_quotient(1, m, p, emin + e), -e);
}

static uint64_t model_recip(uint64_t x, oracle_format f)
{
    if (oracle_is_nan(x, f))
        return quiet(x, f);
    uint64_t sign = x & (UINT64_C(1) << (f.ebits + f.mbits));
    uint64_t inf = ((UINT64_C(1) << f.ebits) - 1) << f.mbits;
    if (oracle_is_inf(x, f))
        return sign;
    if ((x & ~sign) == 0)
        return sign | inf;
    int negative = sign != 0;
    if (f.mbits >= 23)
        return encode_or_inf(recip_rounded(x, f, f), negative, f);
    /* f16, bf16: the binary32 quotient, then rounded once to the type */
    double q = recip_rounded(x, f, ORACLE_F32);
    if (q >= ldexp(1.0, 128))
        return sign | inf;
    return encode_or_inf(oracle_round_format(q, f), negative, f);
}

/* 1 / x rounded directly to a 16-bit type, for the statement that the two-step result is
   the correctly rounded one. */
static uint64_t direct_recip(uint64_t x, oracle_format f)
{
    uint64_t sign = x & (UINT64_C(1) << (f.ebits + f.mbits));
    if (oracle_is_nan(x, f) || oracle_is_inf(x, f) || (x & ~sign) == 0)
        return model_recip(x, f);
    return encode_or_inf(recip_rounded(x, f, f), sign != 0, f);
}

/* floor(sqrt(n)) of a 128-bit integer, bit by bit. */
static oracle_u128 isqrt128(oracle_u128 n)
{
    oracle_u128 root = 0, bit = (oracle_u128)1 << 126;
    while (bit > n)
        bit >>= 2;
    while (bit) {
        if (n >= root + bit) {
            n -= root + bit;
            root = (root >> 1) + bit;
        } else {
            root >>= 1;
        }
        bit >>= 2;
    }
    return root;
}

/* sqrt(x) for finite x > 0, rounded to nearest even with p significant bits (a root of a
   number of these formats is never subnormal nor out of range). */
static double sqrt_rounded(uint64_t x, oracle_format f, int p)
{
    uint64_t m;
    int e;
    split(x, f, &m, &e);
    /* x = n * 2^e with n of at least 2p + 4 bits and e even */
    oracle_u128 n = m;
    while (n < ((oracle_u128)1 << (2 * p + 4)) || (e & 1)) {
        n <<= 1;
        e--;
    }
    oracle_u128 r = isqrt128(n);
    int sticky = r * r != n;
    /* r has at least p + 2 bits: keep p, round the rest with the sticky bit */
    int bits = 0;
    for (oracle_u128 t = r; t; t >>= 1)
        bits++;
    int drop = bits - p;
    oracle_u128 whole = r >> drop, rest = r & (((oracle_u128)1 << drop) - 1);
    oracle_u128 half = (oracle_u128)1 << (drop - 1);
    if (rest > half || (rest == half && (sticky || (whole & 1))))
        whole++;
    return ldexp((double)(uint64_t)whole, drop + e / 2);
}

static uint64_t model_sqrt(uint64_t x, oracle_format f)
{
    if (oracle_is_nan(x, f))
        return quiet(x, f);
    uint64_t sign = x & (UINT64_C(1) << (f.ebits + f.mbits));
    if ((x & ~sign) == 0)
        return x;
    if (sign) /* the positive default quiet NaN */
        return (((UINT64_C(1) << f.ebits) - 1) << f.mbits) | (UINT64_C(1) << (f.mbits - 1));
    if (oracle_is_inf(x, f))
        return x;
    if (f.mbits >= 23)
        return oracle_encode(sqrt_rounded(x, f, f.mbits + 1), f);
    return oracle_encode(oracle_round_format(sqrt_rounded(x, f, 24), f), f);
}

static uint64_t direct_sqrt(uint64_t x, oracle_format f)
{
    uint64_t sign = x & (UINT64_C(1) << (f.ebits + f.mbits));
    if (oracle_is_nan(x, f) || oracle_is_inf(x, f) || sign || x == 0)
        return model_sqrt(x, f);
    return oracle_encode(sqrt_rounded(x, f, f.mbits + 1), f);
}

static const struct {
    const char *name;
    DML_OPERATOR_TYPE op;
    uint64_t (*model)(uint64_t, oracle_format);
    uint64_t (*direct)(uint64_t, oracle_format);
} ops[] = {
    {"recip", DML_OPERATOR_ELEMENT_WISE_RECIP, model_recip, direct_recip},
    {"sqrt", DML_OPERATOR_ELEMENT_WISE_SQRT, model_sqrt, direct_sqrt},
};

/* f32 and f64: the fill's patterns, with subnormals, the largest finite values and the
   powers of two around the range's ends written over the first ones. */
static size_t fill_float(unsigned char *in, size_t size, oracle_format f)
{
    size_t count = fill(in, size, 41);
    if (size <= 2)
        return count;
    uint64_t one = 1, inf = ((one << f.ebits) - 1) << f.mbits, sign = one << (f.ebits + f.mbits);
    uint64_t bias = (uint64_t)oracle_bias(f);
    uint64_t edges[] = {inf - 1, (inf - 1) | sign, one << f.mbits, (one << f.mbits) - 1,
                        ((one << f.mbits) - 1) | sign, (2 * bias) << f.mbits,
                        ((2 * bias - 1) << f.mbits) | 1, (bias << f.mbits) | 1, 3,
                        inf, inf | sign, one << (f.mbits - 2), sign | 5};
    for (size_t i = 0; i < sizeof edges / sizeof edges[0]; i++)
        memcpy(in + (8 + i) * size, &edges[i], size);
    return count;
}

static void check_kernels(void)
{
    unsigned char *in = malloc(N * 8), *out = malloc(N * 8), *scaled = malloc(N * 8);
    static const float pairs[][2] = {{2.0f, 0.25f}, {-0.5f, -0.0f}, {1e30f, 1.0f}, {NAN, 0.0f}};
    for (size_t o = 0; o < sizeof ops / sizeof ops[0]; o++) {
        for (size_t t = 0; t < sizeof floats / sizeof floats[0]; t++) {
            oracle_format f = floats[t].f;
            size_t size = floats[t].size, count = fill_float(in, size, f);
            dmlp__unary_kernel fn = dmlp__reference_kernel(ops[o].op, floats[t].type);
            CHECK(fn != NULL, "%s %s: a kernel", ops[o].name, floats[t].name);
            if (!fn)
                continue;
            dmlp__kernel_args args = {0};
            fn(count, in, out, &args);
            size_t differ = 0;
            for (size_t i = 0; i < count; i++) {
                uint64_t x = get(in, i, size), y = get(out, i, size);
                CHECK_BITS(y, ops[o].model(x, f), "%s %s x 0x%llx", ops[o].name,
                           floats[t].name, (unsigned long long)x);
                if (size == 2)
                    differ += ops[o].direct(x, f) != y;
            }
            CHECK(differ == 0, "%s %s: %zu results not the correctly rounded ones",
                  ops[o].name, floats[t].name, differ);
            /* in place gives the same */
            memcpy(scaled, in, count * size);
            fn(count, scaled, scaled, &args);
            CHECK(memcmp(scaled, out, count * size) == 0, "%s %s: in place", ops[o].name,
                  floats[t].name);
            /* with a ScaleBias: the function of Identity's scaled value */
            dmlp__unary_kernel id = dmlp__reference_kernel(IDENTITY, floats[t].type);
            for (size_t k = 0; k < sizeof pairs / sizeof pairs[0]; k++) {
                dmlp__kernel_args sb = {.scale_bias = 1, .scale = pairs[k][0],
                                        .bias = pairs[k][1]};
                fn(count, in, out, &sb);
                id(count, in, scaled, &sb);
                for (size_t i = 0; i < count; i++) {
                    uint64_t g = get(scaled, i, size), y = get(out, i, size);
                    CHECK_BITS(y, ops[o].model(g, f), "%s %s scaled 0x%llx scale %a",
                               ops[o].name, floats[t].name, (unsigned long long)g,
                               (double)pairs[k][0]);
                }
            }
        }
    }
    free(in);
    free(out);
    free(scaled);
}

static void check_api(void)
{
    for (size_t o = 0; o < sizeof ops / sizeof ops[0]; o++) {
        dmlp_device_desc dd = {DML_FEATURE_LEVEL_6_4, 1, 0};
        dmlp_device *device = NULL;
        CHECK_STATUS(dmlp_device_create(&dd, &device), DMLP_OK);
        if (!device)
            return;
        uint32_t n4[1] = {4};
        DML_BUFFER_TENSOR_DESC fb = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 1, n4,
                                     NULL, 16, 0};
        DML_TENSOR_DESC ft = {DML_TENSOR_TYPE_BUFFER, &fb};
        DML_SCALE_BIAS sb = {2.0f, 0.5f};
        /* the operators here share one descriptor layout */
        DML_ELEMENT_WISE_RECIP_OPERATOR_DESC cd = {&ft, &ft, &sb};
        DML_OPERATOR_DESC d = {ops[o].op, &cd};
        dmlp_operator *op = NULL;
        CHECK_STATUS(dmlp_operator_create(device, &d, 0, &op), DMLP_OK);
        float x[4] = {-1.5f, -0.25f, 0.75f, 3.0f};
        dmlp_buffer_binding bx = {x, 0, sizeof x};
        if (op)
            CHECK_STATUS(dmlp_operator_execute(op, 1, &bx, 1, &bx), DMLP_OK);
        static const float from[4] = {-1.5f, -0.25f, 0.75f, 3.0f};
        for (int i = 0; i < 4; i++) {
            float g = from[i] * 2.0f + 0.5f;
            uint32_t gb, xb;
            memcpy(&gb, &g, 4);
            memcpy(&xb, &x[i], 4);
            CHECK_BITS(xb, ops[o].model(gb, ORACLE_F32), "%s(2x + 0.5) in place, x = %a",
                       ops[o].name, (double)from[i]);
        }
        dmlp_operator_destroy(op);
        /* integers are not DirectML's, and bfloat16 needs the extensions */
        fb.DataType = DML_TENSOR_DATA_TYPE_INT32;
        op = NULL;
        CHECK_STATUS(dmlp_operator_create(device, &d, 0, &op), DMLP_ERROR_UNSUPPORTED);
        CHECK_CONTAINS(dmlp_last_error(), "InputTensor.DataType is INT32");
        fb.DataType = DMLP_TENSOR_DATA_TYPE_BFLOAT16;
        fb.TotalTensorSizeInBytes = 8;
        CHECK_STATUS(dmlp_operator_create(device, &d, 0, &op), DMLP_ERROR_UNSUPPORTED);
        CHECK(op == NULL, "no operator on failure");
        dmlp_device_destroy(device);

        /* 1_0 and 2_0: four dimensions only */
        dmlp_device_desc old = {DML_FEATURE_LEVEL_2_0, 1, 0};
        CHECK_STATUS(dmlp_device_create(&old, &device), DMLP_OK);
        fb.DataType = DML_TENSOR_DATA_TYPE_FLOAT32;
        fb.TotalTensorSizeInBytes = 16;
        CHECK_STATUS(dmlp_operator_create(device, &d, 0, &op), DMLP_ERROR_UNSUPPORTED);
        CHECK_CONTAINS(dmlp_last_error(), "InputTensor.DimensionCount is 1; at feature level "
                                          "2_0 it must be 4");
        dmlp_device_destroy(device);
    }
}

int main(void)
{
    (void)as_signed; /* test_reference_types.h's, for the integer operators */
    check_kernels();
    check_api();
    return test_finish("test_reference_recip_sqrt");
}
