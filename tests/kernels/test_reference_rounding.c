/* test_reference_rounding: the Ceil and Floor reference kernels (docs/operators.md) against
   the tests' own model (test_reference_oracle.h): every f16 and bf16 input and a sample of
   f32 and f64 ones with their edge values (zeros, the integers' edge 2^p, infinities,
   quiet and signalling NaNs of both signs, subnormals). The model decodes to a double,
   rounds there with C's ceil and floor (exact) and encodes again; a NaN comes back with
   its quiet bit set and nothing else changed. With a ScaleBias the input is first
   Identity's x * Scale + Bias. Then through the public API: in place, the feature levels,
   and the refusals. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/kernels.h"
#include "test_reference_oracle.h"

#define IDENTITY DML_OPERATOR_ELEMENT_WISE_IDENTITY

enum { N = 65536 };

static const struct {
    const char *name;
    DML_OPERATOR_TYPE op;
    double (*model)(double);
} ops[] = {
    {"ceil", DML_OPERATOR_ELEMENT_WISE_CEIL, ceil},
    {"floor", DML_OPERATOR_ELEMENT_WISE_FLOOR, floor},
};

static const struct {
    const char *name;
    DML_TENSOR_DATA_TYPE type;
    oracle_format f;
    size_t size;
} types[] = {
    {"f16", DML_TENSOR_DATA_TYPE_FLOAT16, {5, 10}, 2},
    {"bf16", DMLP_TENSOR_DATA_TYPE_BFLOAT16, {8, 7}, 2},
    {"f32", DML_TENSOR_DATA_TYPE_FLOAT32, {8, 23}, 4},
    {"f64", DML_TENSOR_DATA_TYPE_FLOAT64, {11, 52}, 8},
};

/* Every pattern of a 16-bit type; otherwise the edge values, then random patterns and
   random values of moderate size (where rounding has fractions to drop). */
static size_t fill(unsigned char *in, size_t size, oracle_format f)
{
    if (size == 2) {
        for (size_t i = 0; i < N; i++) {
            uint16_t x = (uint16_t)i;
            memcpy(in + 2 * i, &x, 2);
        }
        return N;
    }
    uint64_t one = 1, state = 11 + size;
    int m = f.mbits, e = f.ebits;
    uint64_t inf = ((one << e) - 1) << m, sign = one << (e + m);
    uint64_t bias = (one << (e - 1)) - 1, half = (bias - 1) << m, two_p = (bias + m) << m;
    uint64_t edges[] = {0,           sign,          inf,          inf | sign,
                        inf | 1,     inf | 1 | sign, inf | (one << (m - 1)),
                        inf | (one << (m - 1)) | sign | 5,
                        1,           sign | 1,      half,         half | sign,
                        bias << m,   (bias << m) | sign,          two_p,
                        two_p - 1,   (two_p - 1) | sign,          two_p | sign | 1};
    size_t count = 0;
    for (; count < sizeof edges / sizeof edges[0]; count++)
        memcpy(in + count * size, &edges[count], size);
    for (; count < N; count++) {
        uint64_t x = oracle_random(&state);
        if (count % 2) /* a value within 2^(p+1) of zero, either sign */
            x = (x & (sign | ((one << m) - 1))) | ((bias + x % (uint64_t)(m + 2)) << m);
        memcpy(in + count * size, &x, size);
    }
    return count;
}

static uint64_t model(uint64_t x, oracle_format f, double (*round)(double))
{
    if (oracle_is_nan(x, f))
        return x | (UINT64_C(1) << (f.mbits - 1));
    if (oracle_is_inf(x, f))
        return x;
    return oracle_encode(round(oracle_decode(x, f)), f);
}

static void check_kernels(void)
{
    unsigned char *in = malloc(N * 8), *out = malloc(N * 8), *scaled = malloc(N * 8);
    static const float pairs[][2] = {{2.0f, 0.25f}, {-0.5f, -0.0f}, {1e30f, 1.0f}, {NAN, 0.0f}};
    for (size_t o = 0; o < sizeof ops / sizeof ops[0]; o++) {
        for (size_t t = 0; t < sizeof types / sizeof types[0]; t++) {
            size_t size = types[t].size, count = fill(in, size, types[t].f);
            dmlp__unary_kernel fn = dmlp__reference_kernel(ops[o].op, types[t].type);
            CHECK(fn != NULL, "%s %s: a kernel", ops[o].name, types[t].name);
            if (!fn)
                continue;
            dmlp__kernel_args args = {0};
            fn(count, in, out, &args);
            for (size_t i = 0; i < count; i++) {
                uint64_t x = 0, y = 0;
                memcpy(&x, in + i * size, size);
                memcpy(&y, out + i * size, size);
                CHECK_BITS(y, model(x, types[t].f, ops[o].model), "%s %s x 0x%llx",
                           ops[o].name, types[t].name, (unsigned long long)x);
            }
            /* in place gives the same */
            memcpy(scaled, in, count * size);
            fn(count, scaled, scaled, &args);
            CHECK(memcmp(scaled, out, count * size) == 0, "%s %s: in place", ops[o].name,
                  types[t].name);
            /* with a ScaleBias: rounding Identity's scaled value */
            dmlp__unary_kernel id = dmlp__reference_kernel(IDENTITY, types[t].type);
            for (size_t k = 0; k < sizeof pairs / sizeof pairs[0]; k++) {
                dmlp__kernel_args sb = {.scale_bias = 1, .scale = pairs[k][0],
                                        .bias = pairs[k][1]};
                fn(count, in, out, &sb);
                id(count, in, scaled, &sb);
                for (size_t i = 0; i < count; i++) {
                    uint64_t g = 0, y = 0;
                    memcpy(&g, scaled + i * size, size);
                    memcpy(&y, out + i * size, size);
                    CHECK_BITS(y, model(g, types[t].f, ops[o].model),
                               "%s %s scaled 0x%llx scale %a", ops[o].name, types[t].name,
                               (unsigned long long)g, (double)pairs[k][0]);
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
        /* Ceil's and Floor's descriptors have the same layout */
        DML_ELEMENT_WISE_CEIL_OPERATOR_DESC cd = {&ft, &ft, &sb};
        DML_OPERATOR_DESC d = {ops[o].op, &cd};
        dmlp_operator *op = NULL;
        CHECK_STATUS(dmlp_operator_create(device, &d, 0, &op), DMLP_OK);
        float x[4] = {-1.5f, -0.5f, 0.1f, 3.0f};
        dmlp_buffer_binding bx = {x, 0, sizeof x};
        if (op)
            CHECK_STATUS(dmlp_operator_execute(op, 1, &bx, 1, &bx), DMLP_OK);
        float want[4];
        float from[4] = {-1.5f, -0.5f, 0.1f, 3.0f};
        for (int i = 0; i < 4; i++)
            want[i] = (float)ops[o].model((double)(from[i] * 2.0f + 0.5f));
        CHECK(memcmp(x, want, sizeof x) == 0, "%s(2x + 0.5) in place: %a %a %a %a",
              ops[o].name, (double)x[0], (double)x[1], (double)x[2], (double)x[3]);
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
    check_kernels();
    check_api();
    return test_finish("test_reference_rounding");
}
