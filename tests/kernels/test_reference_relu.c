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
#include "test_reference_types.h"

#define RELU DML_OPERATOR_ACTIVATION_RELU


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
