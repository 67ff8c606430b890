/* test_reference_identity: the Identity reference kernels (docs/operators.md) against the
   tests' own model of the formats (test_reference_oracle.h). Without a ScaleBias: a
   byte-exact copy of every type, in place too. With one: every float16 and bfloat16
   input and a sample of float32 and float64 inputs, for scale/bias pairs that reach
   zeros of both signs, subnormals, overflow, infinities and NaN; the oracle multiplies
   and adds exactly in double (the float32 product of two float32s is exact in double,
   and so is a float32 sum whose exponents are near enough to matter) and rounds with
   its own rounding. Then the operator through the public API: strided, broadcast and
   in-place layouts, and the ScaleBias refusal for integer types. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/kernels.h"
#include "test_reference_oracle.h"

#define IDENTITY DML_OPERATOR_ELEMENT_WISE_IDENTITY

static const struct {
    DML_TENSOR_DATA_TYPE type;
    size_t size;
} copy_types[] = {
    {DML_TENSOR_DATA_TYPE_INT8, 1},         {DML_TENSOR_DATA_TYPE_UINT8, 1},
    {DML_TENSOR_DATA_TYPE_INT16, 2},        {DML_TENSOR_DATA_TYPE_UINT16, 2},
    {DML_TENSOR_DATA_TYPE_INT32, 4},        {DML_TENSOR_DATA_TYPE_UINT32, 4},
    {DML_TENSOR_DATA_TYPE_INT64, 8},        {DML_TENSOR_DATA_TYPE_UINT64, 8},
    {DML_TENSOR_DATA_TYPE_FLOAT16, 2},      {DML_TENSOR_DATA_TYPE_FLOAT32, 4},
    {DML_TENSOR_DATA_TYPE_FLOAT64, 8},      {DMLP_TENSOR_DATA_TYPE_BFLOAT16, 2},
    {DMLP_TENSOR_DATA_TYPE_FLOAT8_E5M2, 1}, {DMLP_TENSOR_DATA_TYPE_FLOAT8_E4M3FN, 1},
    {DMLP_TENSOR_DATA_TYPE_FLOAT8_E4M3FNUZ, 1}, {DMLP_TENSOR_DATA_TYPE_FLOAT8_E5M2FNUZ, 1},
};
#define COPY_TYPES (sizeof copy_types / sizeof copy_types[0])

static const struct {
    float scale, bias;
} pairs[] = {
    {1.0f, 0.0f},    {2.0f, -1.0f},      {0.5f, 0.25f},      {-3.75f, 1e-3f},
    {0.0f, 0.0f},    {-0.0f, -0.0f},     {1.0f, -0.0f},      {1e30f, -1e30f},
    {65504.0f, 1.0f}, {3.0e38f, 3.0e38f}, {1e-40f, 1e-45f},   {INFINITY, 0.0f},
    {1.0f, -INFINITY}, {NAN, 0.0f},       {1.0f, NAN},        {0x1.000002p0f, 0x1p-24f},
};
#define PAIRS (sizeof pairs / sizeof pairs[0])

/* Without a ScaleBias: every byte pattern (1- and 2-byte types), random ones otherwise,
   copied exactly, out of place and in place. */
static void check_copies(void)
{
    enum { N = 65536 };
    unsigned char *in = malloc(N * 8), *out = malloc(N * 8);
    uint64_t state = 1;
    for (size_t i = 0; i < N * 8; i++)
        in[i] = (unsigned char)(i < 2 * N ? (i % 2 ? i / 512 : i / 2) : oracle_random(&state));
    dmlp__kernel_args args = {.mode = DML_IS_INFINITY_MODE_EITHER};
    for (size_t t = 0; t < COPY_TYPES; t++) {
        dmlp__unary_kernel fn = dmlp__reference_kernel(IDENTITY, copy_types[t].type);
        CHECK(fn != NULL, "identity type %d: a reference kernel", (int)copy_types[t].type);
        if (!fn)
            continue;
        size_t n = N * 8 / copy_types[t].size;
        memset(out, 0xa5, N * 8);
        fn(n, in, out, &args);
        CHECK(memcmp(in, out, N * 8) == 0, "identity type %d: a copy", (int)copy_types[t].type);
        memcpy(out, in, N * 8);
        fn(n, out, out, &args);
        CHECK(memcmp(in, out, N * 8) == 0, "identity type %d: in place",
              (int)copy_types[t].type);
        fn(0, in, out, &args);
    }
    free(in);
    free(out);
}

/* v (finite, exact in double) rounded to format f, infinity when it overflows. */
static double round_to(double v, oracle_format f)
{
    double r = oracle_round_format(v, f);
    double limit = ldexp(1.0, (1 << (f.ebits - 1))); /* 2^(emax + 1) */
    if (fabs(r) >= limit)
        return r < 0 ? -INFINITY : INFINITY;
    return r;
}

static uint64_t encode(double v, oracle_format f)
{
    uint64_t sign = (uint64_t)(signbit(v) != 0) << (f.ebits + f.mbits);
    if (isinf(v))
        return sign | ((((uint64_t)1 << f.ebits) - 1) << f.mbits);
    return oracle_encode(v, f);
}

/* The expected bits of x (format f, finite or inf, not NaN) through scale and bias,
   computed in binary32 (binary64 for f64), then rounded to f; NaN_BITS when NaN. */
#define NAN_BITS UINT64_MAX
static uint64_t expected(uint64_t x, oracle_format f, float scale, float bias)
{
    int wide = f.ebits == ORACLE_F64.ebits;
    oracle_format calc = wide ? ORACLE_F64 : ORACLE_F32;
    double v = oracle_is_inf(x, f) ? (oracle_negative(x, f) ? -INFINITY : INFINITY)
                                   : oracle_decode(x, f);
    double p = v * (double)scale; /* exact for float32 operands; binary64 rounds here */
    if (isnan(p))
        return NAN_BITS;
    if (!wide && isfinite(p))
        p = round_to(p, calc);
    double s = p + (double)bias; /* exact in double whenever the binary32 result needs it */
    if (isnan(s))
        return NAN_BITS;
    if (!wide && isfinite(s))
        s = round_to(s, calc);
    if (p == 0 && (double)bias == 0) /* the sign of an exact zero sum: IEEE's rule */
        s = (signbit(p) && signbit((double)bias)) ? -0.0 : 0.0;
    if (isfinite(s) && f.mbits != calc.mbits)
        s = round_to(s, f);
    return encode(s, f);
}

static void check_scale_bias(const char *name, DML_TENSOR_DATA_TYPE type, oracle_format f,
                             size_t size, uint64_t quiet, uint64_t default_nan,
                             size_t count, int exhaustive)
{
    dmlp__unary_kernel fn = dmlp__reference_kernel(IDENTITY, type);
    unsigned char *in = malloc(count * size), *out = malloc(count * size);
    uint64_t state = 99;
    for (size_t i = 0; i < count; i++) {
        uint64_t x = exhaustive ? i : oracle_random(&state);
        memcpy(in + i * size, &x, size);
    }
    for (size_t k = 0; k < PAIRS; k++) {
        dmlp__kernel_args args = {.scale_bias = 1, .scale = pairs[k].scale,
                                  .bias = pairs[k].bias};
        fn(count, in, out, &args);
        for (size_t i = 0; i < count; i++) {
            uint64_t x = 0, y = 0;
            memcpy(&x, in + i * size, size);
            memcpy(&y, out + i * size, size);
            uint64_t want;
            if (oracle_is_nan(x, f)) {
                want = x | quiet;
            } else {
                want = expected(x, f, pairs[k].scale, pairs[k].bias);
                if (want == NAN_BITS)
                    want = default_nan;
            }
            CHECK_BITS(y, want, "%s x 0x%llx scale %a bias %a", name, (unsigned long long)x,
                       (double)pairs[k].scale, (double)pairs[k].bias);
        }
    }
    free(in);
    free(out);
}

/* Through the API: a broadcast input and a padded output, and in place. */
static void check_api(void)
{
    dmlp_device_desc dd = {DML_FEATURE_LEVEL_6_4, 2, DMLP_DEVICE_FLAG_EXTENSIONS};
    dmlp_device *device = NULL;
    CHECK_STATUS(dmlp_device_create(&dd, &device), DMLP_OK);
    if (!device)
        return;
    uint32_t sizes[2] = {3, 4}, in_strides[2] = {0, 1}, out_strides[2] = {5, 1};
    DML_BUFFER_TENSOR_DESC ib = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 2, sizes,
                                 in_strides, 16, 0};
    DML_BUFFER_TENSOR_DESC ob = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 2, sizes,
                                 out_strides, 56, 0};
    DML_TENSOR_DESC it = {DML_TENSOR_TYPE_BUFFER, &ib}, ot = {DML_TENSOR_TYPE_BUFFER, &ob};
    DML_SCALE_BIAS sb = {2.0f, 0.5f};
    DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC d = {&it, &ot, &sb};
    DML_OPERATOR_DESC desc = {IDENTITY, &d};
    dmlp_operator *op = NULL;
    CHECK_STATUS(dmlp_operator_create(device, &desc, 0, &op), DMLP_OK);
    sb.Scale = 100.0f; /* the descriptor was copied */
    float x[4] = {1.0f, -0.0f, 3.5f, -8.0f}, y[14];
    for (int i = 0; i < 14; i++)
        y[i] = 42.0f;
    dmlp_buffer_binding bi = {x, 0, sizeof x}, bo = {y, 0, sizeof y};
    CHECK_STATUS(dmlp_operator_execute(op, 1, &bi, 1, &bo), DMLP_OK);
    const float want[4] = {2.5f, 0.5f, 7.5f, -15.5f};
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 4; c++)
            CHECK(y[r * 5 + c] == want[c], "row %d column %d: %a", r, c, (double)y[r * 5 + c]);
    CHECK(y[4] == 42.0f && y[9] == 42.0f, "padding untouched");
    dmlp_operator_destroy(op);

    /* In place, without a ScaleBias: a copy onto itself. */
    uint32_t n[1] = {4};
    DML_BUFFER_TENSOR_DESC pb = {DML_TENSOR_DATA_TYPE_INT32, DML_TENSOR_FLAG_NONE, 1, n, NULL,
                                 16, 0};
    DML_TENSOR_DESC pt = {DML_TENSOR_TYPE_BUFFER, &pb};
    DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC copy = {&pt, &pt, NULL};
    DML_OPERATOR_DESC copy_desc = {IDENTITY, &copy};
    CHECK_STATUS(dmlp_operator_create(device, &copy_desc, 0, &op), DMLP_OK);
    int32_t v[4] = {INT32_MIN, -1, 0, INT32_MAX};
    dmlp_buffer_binding bv = {v, 0, sizeof v};
    CHECK_STATUS(dmlp_operator_execute(op, 1, &bv, 1, &bv), DMLP_OK);
    CHECK(v[0] == INT32_MIN && v[1] == -1 && v[2] == 0 && v[3] == INT32_MAX, "in place copy");
    dmlp_operator_destroy(op);

    /* A ScaleBias on an integer type is refused, naming the rule. */
    copy.ScaleBias = &sb;
    op = NULL;
    CHECK_STATUS(dmlp_operator_create(device, &copy_desc, 0, &op), DMLP_ERROR_UNSUPPORTED);
    CHECK_CONTAINS(dmlp_last_error(),
                   "ELEMENT_WISE_IDENTITY: ScaleBias is set; with InputTensor.DataType INT32 it "
                   "must be NULL");
    CHECK(op == NULL, "*op untouched");
    dmlp_device_destroy(device);
}

int main(void)
{
    check_copies();
    check_scale_bias("f16", DML_TENSOR_DATA_TYPE_FLOAT16, ORACLE_F16, 2, 0x0200, 0x7e00, 65536,
                     1);
    check_scale_bias("bf16", DMLP_TENSOR_DATA_TYPE_BFLOAT16, ORACLE_BF16, 2, 0x0040, 0x7fc0,
                     65536, 1);
    check_scale_bias("f32", DML_TENSOR_DATA_TYPE_FLOAT32, ORACLE_F32, 4, 0x00400000,
                     0x7fc00000, 1 << 18, 0);
    check_scale_bias("f64", DML_TENSOR_DATA_TYPE_FLOAT64, ORACLE_F64, 8, 0x0008000000000000u,
                     0x7ff8000000000000u, 1 << 16, 0);
    check_api();
    return test_finish("test_reference_identity");
}
