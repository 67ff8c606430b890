/* test_reference_activation_identity: ACTIVATION_IDENTITY (docs/operators.md), f(x) = x:
   its reference kernels copy every bit of every f16 and bf16 pattern (NaN payloads,
   signalling NaNs, -0, subnormals) and of f32 and f64 edge values and random patterns,
   in place too; then through the public API: a descriptor without ScaleBias, in place,
   the feature levels' dimension counts (4 at 1_0, 4 to 5 at 2_0, 1 to 8 from 3_0) and the
   refusals. */
#include <stdlib.h>
#include <string.h>

#include "test_reference_types.h"

#define ACT DML_OPERATOR_ACTIVATION_IDENTITY

static void check_kernels(void)
{
    unsigned char *in = malloc(N * 8), *out = malloc(N * 8);
    for (size_t t = 0; t < sizeof floats / sizeof floats[0]; t++) {
        size_t size = floats[t].size, count = fill(in, size, 7);
        dmlp__unary_kernel fn = dmlp__reference_kernel(ACT, floats[t].type);
        CHECK(fn != NULL, "%s: a kernel", floats[t].name);
        if (!fn)
            continue;
        dmlp__kernel_args args = {0};
        memset(out, 0xa5, count * size);
        fn(count, in, out, &args);
        for (size_t i = 0; i < count; i++)
            CHECK_BITS(get(out, i, size), get(in, i, size), "%s element %zu",
                       floats[t].name, i);
        memcpy(out, in, count * size);
        fn(count, out, out, &args);
        CHECK(memcmp(out, in, count * size) == 0, "%s: in place", floats[t].name);
    }
    free(in);
    free(out);
}

static dmlp_status create(uint32_t level, uint32_t flags, DML_TENSOR_DATA_TYPE type,
                          uint32_t dims)
{
    static const uint32_t sizes[8] = {1, 1, 1, 1, 1, 1, 1, 2};
    dmlp_device_desc dd = {level, 1, flags};
    dmlp_device *device = NULL;
    dmlp_status s = dmlp_device_create(&dd, &device);
    if (s != DMLP_OK)
        return s;
    DML_BUFFER_TENSOR_DESC b = {type, DML_TENSOR_FLAG_NONE, dims, sizes + 8 - dims, NULL, 16, 0};
    DML_TENSOR_DESC t = {DML_TENSOR_TYPE_BUFFER, &b};
    DML_ACTIVATION_IDENTITY_OPERATOR_DESC ad = {&t, &t};
    DML_OPERATOR_DESC d = {ACT, &ad};
    dmlp_operator *op = NULL;
    s = dmlp_operator_create(device, &d, 0, &op);
    CHECK(s == DMLP_OK ? op != NULL : op == NULL, "an operator exactly on success");
    dmlp_operator_destroy(op);
    dmlp_device_destroy(device);
    return s;
}

static void check_api(void)
{
    /* in place, through the public API */
    dmlp_device *device = NULL;
    CHECK_STATUS(dmlp_device_create(NULL, &device), DMLP_OK);
    uint32_t n4[1] = {4};
    DML_BUFFER_TENSOR_DESC fb = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 1, n4,
                                 NULL, 16, 0};
    DML_TENSOR_DESC ft = {DML_TENSOR_TYPE_BUFFER, &fb};
    DML_ACTIVATION_IDENTITY_OPERATOR_DESC ad = {&ft, &ft};
    DML_OPERATOR_DESC d = {ACT, &ad};
    dmlp_operator *op = NULL;
    CHECK_STATUS(dmlp_operator_create(device, &d, 0, &op), DMLP_OK);
    uint32_t x[4] = {0x7f800001u, 0x80000000u, 0xffc12345u, 1u}, want[4];
    memcpy(want, x, sizeof x);
    dmlp_buffer_binding bx = {x, 0, sizeof x};
    if (op)
        CHECK_STATUS(dmlp_operator_execute(op, 1, &bx, 1, &bx), DMLP_OK);
    CHECK(memcmp(x, want, sizeof x) == 0, "in place: every bit kept");
    dmlp_operator_destroy(op);
    dmlp_device_destroy(device);

    CHECK_STATUS(create(0x1000, 0, DML_TENSOR_DATA_TYPE_FLOAT16, 4), DMLP_OK);
    CHECK_STATUS(create(0x1000, 0, DML_TENSOR_DATA_TYPE_FLOAT32, 5), DMLP_ERROR_UNSUPPORTED);
    CHECK_CONTAINS(dmlp_last_error(), "ACTIVATION_IDENTITY: InputTensor.DimensionCount is 5");
    CHECK_STATUS(create(0x2000, 0, DML_TENSOR_DATA_TYPE_FLOAT32, 5), DMLP_OK);
    CHECK_STATUS(create(0x2000, 0, DML_TENSOR_DATA_TYPE_FLOAT32, 3), DMLP_ERROR_UNSUPPORTED);
    CHECK_STATUS(create(0x3000, 0, DML_TENSOR_DATA_TYPE_FLOAT32, 1), DMLP_OK);
    CHECK_STATUS(create(0x6400, 0, DML_TENSOR_DATA_TYPE_INT32, 4), DMLP_ERROR_UNSUPPORTED);
    CHECK_CONTAINS(dmlp_last_error(), "InputTensor.DataType is INT32");
    CHECK_STATUS(create(0x6400, 0, DML_TENSOR_DATA_TYPE_FLOAT64, 4), DMLP_ERROR_UNSUPPORTED);
    CHECK_STATUS(create(0x6400, DMLP_DEVICE_FLAG_EXTENSIONS, DML_TENSOR_DATA_TYPE_FLOAT64, 1),
                 DMLP_OK);
}

int main(void)
{
    (void)as_signed; /* test_reference_types.h's, for the integer operators */
    (void)quiet;
    check_kernels();
    check_api();
    return test_finish("test_reference_activation_identity");
}
