/* test_reference_relu: the Relu reference kernels (docs/operators.md) against the tests'
   own model (test_reference_oracle.h), under both NaN rules: DirectML's (IEEE 754-2019
   maximumNumber with +0: a NaN and -0 give +0) and, with nan_propagate, maximum (a NaN
   comes back made quiet; -0 still gives +0). Every 8- and 16-bit input and a sample of
   the wider ones; then through the public API. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/kernels.h"
#include "test_reference_oracle.h"

#define RELU DML_OPERATOR_ACTIVATION_RELU

enum { N = 65536 };

static const struct {
    const char *name;
    DML_TENSOR_DATA_TYPE type;
    oracle_format f;
    size_t size;
} floats[] = {
    {"f16", DML_TENSOR_DATA_TYPE_FLOAT16, {5, 10}, 2},
    {"bf16", DMLP_TENSOR_DATA_TYPE_BFLOAT16, {8, 7}, 2},
    {"f32", DML_TENSOR_DATA_TYPE_FLOAT32, {8, 23}, 4},
    {"f64", DML_TENSOR_DATA_TYPE_FLOAT64, {11, 52}, 8},
};

static const struct {
    DML_TENSOR_DATA_TYPE type;
    size_t size;
    int is_signed;
} integers[] = {
    {DML_TENSOR_DATA_TYPE_INT8, 1, 1},   {DML_TENSOR_DATA_TYPE_INT16, 2, 1},
    {DML_TENSOR_DATA_TYPE_INT32, 4, 1},  {DML_TENSOR_DATA_TYPE_INT64, 8, 1},
    {DML_TENSOR_DATA_TYPE_UINT8, 1, 0},  {DML_TENSOR_DATA_TYPE_UINT16, 2, 0},
    {DML_TENSOR_DATA_TYPE_UINT32, 4, 0}, {DML_TENSOR_DATA_TYPE_UINT64, 8, 0},
};

static uint64_t get(const unsigned char *p, size_t i, size_t size)
{
    uint64_t x = 0;
    memcpy(&x, p + i * size, size);
    return x;
}

/* Every pattern of a type of at most 16 bits; else edge values and random patterns. */
static size_t fill(unsigned char *in, size_t size, uint64_t seed)
{
    uint64_t state = seed + size;
    size_t count = size <= 2 ? ((size_t)1 << (8 * size)) : N;
    for (size_t i = 0; i < count; i++) {
        uint64_t x = size <= 2 ? i : oracle_random(&state);
        if (size > 2 && i < 8) {
            uint64_t top = UINT64_C(1) << (8 * size - 1);
            uint64_t edges[] = {0, 1, top, top - 1, top | 1, ~UINT64_C(0), 2, top + 2};
            x = edges[i];
        }
        memcpy(in + i * size, &x, size);
    }
    return count;
}

static int64_t as_signed(uint64_t x, size_t size)
{
    if (size == 8)
        return (int64_t)x;
    uint64_t top = UINT64_C(1) << (8 * size - 1);
    return (int64_t)((x ^ top) - top);
}

static uint64_t quiet(uint64_t x, oracle_format f) { return x | (UINT64_C(1) << (f.mbits - 1)); }

/* Relu's model on the bits of one float format: a NaN gives +0, or made quiet; a number
   with the sign bit set (-0 among them) gives +0; any other itself. */
static uint64_t relu_model(uint64_t x, oracle_format f, int propagate)
{
    if (oracle_is_nan(x, f))
        return propagate ? quiet(x, f) : 0;
    return oracle_negative(x, f) ? 0 : x;
}

static void check_relu(void)
{
    unsigned char *in = malloc(N * 8), *out = malloc(N * 8);
    for (size_t t = 0; t < sizeof integers / sizeof integers[0]; t++) {
        size_t size = integers[t].size, count = fill(in, size, 3);
        dmlp__unary_kernel fn = dmlp__reference_kernel(RELU, integers[t].type);
        if (!integers[t].is_signed) { /* DirectML lists no unsigned Relu */
            CHECK(fn == NULL, "relu type %d: no kernel", (int)integers[t].type);
            continue;
        }
        CHECK(fn != NULL, "relu type %d: a kernel", (int)integers[t].type);
        if (!fn)
            continue;
        dmlp__kernel_args args = {0};
        fn(count, in, out, &args);
        for (size_t i = 0; i < count; i++) {
            uint64_t x = get(in, i, size);
            CHECK_BITS(get(out, i, size), as_signed(x, size) > 0 ? x : 0,
                       "relu type %d x 0x%llx", (int)integers[t].type, (unsigned long long)x);
        }
    }
    for (size_t t = 0; t < sizeof floats / sizeof floats[0]; t++) {
        size_t size = floats[t].size, count = fill(in, size, 5);
        oracle_format f = floats[t].f;
        dmlp__unary_kernel fn = dmlp__reference_kernel(RELU, floats[t].type);
        CHECK(fn != NULL, "relu %s: a kernel", floats[t].name);
        if (!fn)
            continue;
        for (int propagate = 0; propagate < 2; propagate++) {
            dmlp__kernel_args args = {.nan_propagate = (uint32_t)propagate};
            fn(count, in, out, &args);
            for (size_t i = 0; i < count; i++) {
                uint64_t x = get(in, i, size);
                CHECK_BITS(get(out, i, size), relu_model(x, f, propagate),
                           "relu %s propagate %d x 0x%llx", floats[t].name, propagate,
                           (unsigned long long)x);
            }
        }
    }
    free(in);
    free(out);
}

static void check_api(void)
{
    /* Relu of INT32 needs feature level 5_1 */
    dmlp_device *device = NULL;
    dmlp_device_desc old = {DML_FEATURE_LEVEL_5_0, 1, 0};
    CHECK_STATUS(dmlp_device_create(&old, &device), DMLP_OK);
    uint32_t n4[1] = {4};
    DML_BUFFER_TENSOR_DESC ib = {DML_TENSOR_DATA_TYPE_INT32, DML_TENSOR_FLAG_NONE, 1, n4, NULL,
                                 16, 0};
    DML_TENSOR_DESC it = {DML_TENSOR_TYPE_BUFFER, &ib};
    DML_ACTIVATION_RELU_OPERATOR_DESC rd = {&it, &it};
    DML_OPERATOR_DESC r = {RELU, &rd};
    dmlp_operator *op = NULL;
    CHECK_STATUS(dmlp_operator_create(device, &r, 0, &op), DMLP_ERROR_UNSUPPORTED);
    CHECK_CONTAINS(dmlp_last_error(), "ACTIVATION_RELU: InputTensor.DataType is INT32");
    CHECK(op == NULL, "no operator on failure");
    dmlp_device_destroy(device);
}

int main(void)
{
    check_relu();
    check_api();
    return test_finish("test_reference_relu");
}
