/* test_reference_relu_grad: the ReluGrad reference kernels (docs/operators.md) against the
   tests' own model (test_reference_oracle.h): dy where x > 0, else +0, x compared as the
   value it decodes to (a NaN compares false). Every 16-bit x against a set of gradients
   (broadcast), every gradient against x of +0, 1 and NaN (broadcast), and shuffled pairs;
   float32 and float64 edges and random pairs likewise; then through the public API: a
   broadcast gradient, the refusals (in place, level 2_1, a mismatched gradient,
   integers), which write nothing. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/kernels.h"
#include "test_reference_oracle.h"
#include "test_reference_types.h"

#define RELU_GRAD DML_OPERATOR_ACTIVATION_RELU_GRAD

static uint64_t model(uint64_t x, uint64_t dy, oracle_format f)
{
    if (oracle_is_nan(x, f))
        return 0;
    if (oracle_is_inf(x, f))
        return oracle_negative(x, f) ? 0 : dy;
    return oracle_decode(x, f) > 0.0 ? dy : 0;
}

static size_t special_values(uint64_t *v, oracle_format f)
{
    uint64_t one = 1, sign = one << (f.ebits + f.mbits);
    uint64_t inf = ((one << f.ebits) - 1) << f.mbits, unit = (uint64_t)oracle_bias(f) << f.mbits;
    uint64_t list[] = {0, sign, unit, unit | sign, inf, inf | sign, inf | 1, inf | 1 | sign,
                       quiet(inf, f), quiet(inf, f) | sign | 3, 1, sign | 1, inf - 1,
                       (inf - 1) | sign, unit + 1, unit - 1};
    memcpy(v, list, sizeof list);
    return sizeof list / sizeof list[0];
}

static void check_floats(void)
{
    unsigned char *a = malloc(N * 8), *b = malloc(N * 8), *out = malloc(N * 8);
    dmlp__kernel_args args = {0};
    for (size_t t = 0; t < sizeof floats / sizeof floats[0]; t++) {
        size_t size = floats[t].size, count = fill(a, size, 71);
        oracle_format f = floats[t].f;
        dmlp__binary_kernel fn = dmlp__binary_reference_kernel(RELU_GRAD, floats[t].type);
        CHECK(fn != NULL, "relu_grad %s: a kernel", floats[t].name);
        if (!fn)
            continue;
        uint64_t specials[16];
        size_t nspecial = special_values(specials, f);
        for (size_t k = 0; k < nspecial; k++) {
            /* every x against each gradient, broadcast */
            fn(count, a, &specials[k], out, DMLP__SCALAR_B, &args);
            for (size_t i = 0; i < count; i++) {
                uint64_t x = get(a, i, size);
                CHECK_BITS(get(out, i, size), model(x, specials[k], f),
                           "relu_grad %s x 0x%llx dy 0x%llx", floats[t].name,
                           (unsigned long long)x, (unsigned long long)specials[k]);
            }
            /* x broadcast against every gradient: +0, 1 and a NaN (the other values
               take the same path) */
            if (k != 0 && k != 2 && k != 8)
                continue;
            fn(count, &specials[k], a, out, DMLP__SCALAR_A, &args);
            for (size_t i = 0; i < count; i++) {
                uint64_t dy = get(a, i, size);
                CHECK_BITS(get(out, i, size), model(specials[k], dy, f),
                           "relu_grad %s x 0x%llx (broadcast) dy 0x%llx", floats[t].name,
                           (unsigned long long)specials[k], (unsigned long long)dy);
            }
        }
        fill(b, size, 72);
        if (size <= 2)
            for (size_t i = 0; i < count; i++) {
                uint64_t x = (i * 40503u + 17) % count;
                memcpy(b + i * size, &x, size);
            }
        fn(count, a, b, out, 0, &args);
        for (size_t i = 0; i < count; i++) {
            uint64_t x = get(a, i, size), y = get(b, i, size);
            CHECK_BITS(get(out, i, size), model(x, y, f), "relu_grad %s x 0x%llx dy 0x%llx",
                       floats[t].name, (unsigned long long)x, (unsigned long long)y);
        }
    }
    (void)as_signed; /* test_reference_types.h's, for the integer operators */
    for (size_t t = 0; t < sizeof integers / sizeof integers[0]; t++)
        CHECK(dmlp__binary_reference_kernel(RELU_GRAD, integers[t].type) == NULL,
              "relu_grad: no integer kernel (%d)", (int)integers[t].type);
    free(a);
    free(b);
    free(out);
}

static void check_api(void)
{
    dmlp_device *device = NULL;
    dmlp_device_desc dd = {DML_FEATURE_LEVEL_3_0, 1, 0};
    CHECK_STATUS(dmlp_device_create(&dd, &device), DMLP_OK);
    if (!device)
        return;
    /* x (2, 3) with one gradient per column, broadcast along the rows */
    uint32_t sizes[2] = {2, 3}, gstrides[2] = {0, 1}, other[2] = {3, 2};
    DML_BUFFER_TENSOR_DESC xb = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 2, sizes,
                                 NULL, 24, 0};
    DML_BUFFER_TENSOR_DESC gb = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 2, sizes,
                                 gstrides, 12, 0};
    DML_BUFFER_TENSOR_DESC ob = xb;
    DML_TENSOR_DESC xt = {DML_TENSOR_TYPE_BUFFER, &xb}, gt = {DML_TENSOR_TYPE_BUFFER, &gb},
                    ot = {DML_TENSOR_TYPE_BUFFER, &ob};
    DML_ACTIVATION_RELU_GRAD_OPERATOR_DESC rd = {&xt, &gt, &ot};
    DML_OPERATOR_DESC d = {RELU_GRAD, &rd};
    dmlp_operator *op = NULL;
    CHECK_STATUS(dmlp_operator_create(device, &d, 0, &op), DMLP_OK);
    float x[6] = {-2.0f, 3.0f, -0.0f, 1e-45f, NAN, INFINITY};
    float g[3] = {0.5f, -0.0f, 7.0f};
    float y[6] = {9, 9, 9, 9, 9, 9};
    dmlp_buffer_binding in[2] = {{x, 0, sizeof x}, {g, 0, sizeof g}};
    dmlp_buffer_binding bo = {y, 0, sizeof y};
    if (op)
        CHECK_STATUS(dmlp_operator_execute(op, 2, in, 1, &bo), DMLP_OK);
    CHECK(y[0] == 0.0f && !signbit(y[0]) && y[1] == 0.0f && signbit(y[1]) && y[2] == 0.0f &&
              !signbit(y[2]) && y[3] == 0.5f && y[4] == 0.0f && !signbit(y[4]) && y[5] == 7.0f,
          "relu_grad: %g %g %g %g %g %g", (double)y[0], (double)y[1], (double)y[2],
          (double)y[3], (double)y[4], (double)y[5]);
    /* the output bound onto x: refused before anything is written */
    float before[6];
    memcpy(before, x, sizeof x);
    dmlp_buffer_binding onto_x = {x, 0, sizeof x};
    if (op) {
        CHECK(dmlp_operator_execute(op, 2, in, 1, &onto_x) != DMLP_OK, "in place refused");
        CHECK_CONTAINS(dmlp_last_error(), "ReluGrad never runs in place");
        CHECK_CONTAINS(dmlp_last_error(), "OutputGradientTensor binding range");
        CHECK(memcmp(x, before, sizeof x) == 0, "nothing written");
    }
    dmlp_operator_destroy(op);
    op = NULL;
    /* a gradient of other sizes, an integer type */
    gb.Sizes = other;
    gb.Strides = NULL;
    gb.TotalTensorSizeInBytes = 24;
    CHECK_STATUS(dmlp_operator_create(device, &d, 0, &op), DMLP_ERROR_INVALID_ARGUMENT);
    CHECK_CONTAINS(dmlp_last_error(), "InputGradientTensor");
    gb.Sizes = sizes;
    xb.DataType = gb.DataType = ob.DataType = DML_TENSOR_DATA_TYPE_INT32;
    CHECK_STATUS(dmlp_operator_create(device, &d, 0, &op), DMLP_ERROR_UNSUPPORTED);
    CHECK_CONTAINS(dmlp_last_error(), "InputTensor.DataType is INT32");
    CHECK(op == NULL, "no operator on failure");
    dmlp_device_destroy(device);

    /* 2_1: ReluGrad is not there yet */
    dmlp_device_desc old = {DML_FEATURE_LEVEL_2_1, 1, 0};
    CHECK_STATUS(dmlp_device_create(&old, &device), DMLP_OK);
    xb.DataType = gb.DataType = ob.DataType = DML_TENSOR_DATA_TYPE_FLOAT32;
    CHECK_STATUS(dmlp_operator_create(device, &d, 0, &op), DMLP_ERROR_UNSUPPORTED);
    CHECK_CONTAINS(dmlp_last_error(), "3_0");
    dmlp_device_destroy(device);
}

int main(void)
{
    check_floats();
    check_api();
    return test_finish("test_reference_relu_grad");
}
