/* test_reference_clip_grad: the ClipGrad reference kernels (docs/operators.md) against the
   tests' own model: 0 where x <= Min or x >= Max as exact numbers (a NaN on either side
   compares false), else the gradient's bits. Every 16-bit x (floats and integers) and
   samples of the wider types, with edges around each bound, for every bound pair of the
   Clip tests and 64-bit edges; gradients random patterns, NaNs among them; the gradient
   and x broadcast (a scalar run). Then the public API: the names of its tensors in
   messages, the feature levels and in-place execution. */
#include <float.h>
#include <math.h>
#include <string.h>

#include "test_reference_clamp.h"

#define CLIP_GRAD DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD

static const float extra_bounds[][2] = {
    {-0x1p63f, 0x1p63f}, {-0x1p64f, 0x1p64f}, {0x1p62f, 0x1.fffffep62f},
    {-0x1.fffffep62f, 1e19f}, {-2.5f, -2.5f}, {127.5f, 128.0f}, {-129.0f, -128.0f},
};

/* The bound pairs: the Clip tests' and the extra ones. */
static void bound_pair(size_t b, float *lo, float *hi)
{
    if (b < BOUND_COUNT) {
        *lo = bounds[b][0];
        *hi = bounds[b][1];
    } else {
        *lo = extra_bounds[b - BOUND_COUNT][0];
        *hi = extra_bounds[b - BOUND_COUNT][1];
    }
}
enum { PAIRS = BOUND_COUNT + sizeof extra_bounds / sizeof extra_bounds[0] };

/* Wider inputs: the integers next to each bound among the random patterns. */
static void add_bound_edges(unsigned char *in, size_t size, int is_signed)
{
    size_t at = 8;
    for (size_t b = 0; b < PAIRS; b++) {
        float pair[2];
        bound_pair(b, &pair[0], &pair[1]);
        for (int k = 0; k < 2; k++) {
            long double p = truncl((long double)pair[k]);
            if (isnan(pair[k]) || fabsl(p) >= 0x1p62L)
                continue;
            for (int d = -1; d <= 1; d++) {
                int64_t v = (int64_t)p + d;
                if (!is_signed && v < 0)
                    continue;
                memcpy(in + at++ * size, &v, size);
            }
        }
    }
}

static void check_type(const char *name, DML_TENSOR_DATA_TYPE type, size_t size,
                       int is_float, oracle_format f, int is_signed)
{
    unsigned char *x = malloc(N * 8), *g = malloc(N * 8), *out = malloc(N * 8);
    size_t count = fill(x, size, 31);
    if (!is_float && size > 2)
        add_bound_edges(x, size, is_signed);
    uint64_t state = 77 + size;
    for (size_t i = 0; i < count; i++) {
        uint64_t r = oracle_random(&state);
        memcpy(g + i * size, &r, size);
    }
    dmlp__binary_kernel fn = dmlp__binary_reference_kernel(CLIP_GRAD, type);
    CHECK(fn != NULL, "clip_grad %s: a kernel", name);
    for (size_t b = 0; fn && b < PAIRS; b++) {
        dmlp__kernel_args args = {0};
        bound_pair(b, &args.param[0], &args.param[1]);
        long double lo = args.param[0], hi = args.param[1];
        /* packed, then (for the first pairs) x broadcast and the gradient broadcast */
        for (uint32_t scalar = 0; scalar < (b < 2 ? 3u : 1u); scalar++) {
            fn(count, x, g, out, scalar, &args);
            for (size_t i = 0; i < count; i++) {
                size_t xi = scalar == DMLP__SCALAR_A ? 0 : i, gi = scalar == DMLP__SCALAR_B ? 0 : i;
                uint64_t raw = get(x, xi, size);
                int nan = 0;
                long double v;
                if (is_float) {
                    nan = oracle_is_nan(raw, f);
                    v = nan ? 0 : (long double)model_value(raw, f);
                } else {
                    v = is_signed ? (long double)as_signed(raw, size) : (long double)raw;
                }
                int cut = !nan && (v <= lo || v >= hi); /* a NaN bound compares false */
                uint64_t want = cut ? 0 : get(g, gi, size);
                CHECK_BITS(get(out, i, size), want, "clip_grad %s min %g max %g scalar %u x 0x%llx",
                           name, (double)args.param[0], (double)args.param[1], scalar,
                           (unsigned long long)raw);
            }
        }
    }
    free(x);
    free(g);
    free(out);
}

static void check_api(void)
{
    dmlp_device *device = NULL;
    CHECK_STATUS(dmlp_device_create(NULL, &device), DMLP_OK);
    uint32_t n4[1] = {4};
    DML_BUFFER_TENSOR_DESC b = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 1, n4, NULL,
                                16, 0};
    DML_TENSOR_DESC t = {DML_TENSOR_TYPE_BUFFER, &b};
    DML_ELEMENT_WISE_CLIP_GRAD_OPERATOR_DESC d = {&t, &t, &t, -1.0f, 1.0f};
    DML_OPERATOR_DESC od = {CLIP_GRAD, &d};
    dmlp_operator *op = NULL;
    CHECK_STATUS(dmlp_operator_create(device, &od, 0, &op), DMLP_OK);
    /* in place over the gradient: -1 and 1 are at the bounds, NaN passes */
    float x[4] = {-1.0f, 0.5f, 1.0f, NAN}, grad[4] = {3.0f, 4.0f, 5.0f, 6.0f};
    float want[4] = {0.0f, 4.0f, 0.0f, 6.0f};
    dmlp_buffer_binding in[2] = {{x, 0, sizeof x}, {grad, 0, sizeof grad}};
    CHECK_STATUS(dmlp_operator_execute(op, 2, in, 1, &in[1]), DMLP_OK);
    CHECK(memcmp(grad, want, sizeof grad) == 0, "clip_grad in place");
    /* a partial overlap names the output as DirectML does */
    dmlp_buffer_binding shifted = {grad, 4, sizeof grad - 4};
    b.TotalTensorSizeInBytes = 12;
    dmlp_operator_destroy(op);
    uint32_t n3[1] = {3};
    b.Sizes = n3;
    CHECK_STATUS(dmlp_operator_create(device, &od, 0, &op), DMLP_OK);
    dmlp_buffer_binding in3[2] = {{x, 0, 12}, {grad, 0, 12}};
    CHECK_STATUS(dmlp_operator_execute(op, 2, in3, 1, &shifted), DMLP_ERROR_INVALID_ARGUMENT);
    CHECK_CONTAINS(dmlp_last_error(), "ELEMENT_WISE_CLIP_GRAD: OutputGradientTensor binding range");
    dmlp_operator_destroy(op);
    b.Sizes = n4;
    b.TotalTensorSizeInBytes = 16;
    /* tensors of other sizes, named */
    uint32_t n2[1] = {2};
    DML_BUFFER_TENSOR_DESC small = b;
    small.Sizes = n2;
    small.TotalTensorSizeInBytes = 8;
    DML_TENSOR_DESC ts = {DML_TENSOR_TYPE_BUFFER, &small};
    d.InputGradientTensor = &ts;
    CHECK_STATUS(dmlp_operator_create(device, &od, 0, &op), DMLP_ERROR_INVALID_ARGUMENT);
    CHECK_CONTAINS(dmlp_last_error(), "InputGradientTensor");
    d.InputGradientTensor = &t;
    d.OutputGradientTensor = &ts;
    CHECK_STATUS(dmlp_operator_create(device, &od, 0, &op), DMLP_ERROR_INVALID_ARGUMENT);
    CHECK_CONTAINS(dmlp_last_error(), "OutputGradientTensor");
    d.OutputGradientTensor = &t;
    dmlp_device_destroy(device);
    /* 3_1 introduced it; INT64 from 5_0 */
    dmlp_device_desc old = {DML_FEATURE_LEVEL_3_0, 0, 0};
    CHECK_STATUS(dmlp_device_create(&old, &device), DMLP_OK);
    CHECK_STATUS(dmlp_operator_create(device, &od, 0, &op), DMLP_ERROR_UNSUPPORTED);
    CHECK_CONTAINS(dmlp_last_error(), "3_1");
    dmlp_device_destroy(device);
    old.feature_level = DML_FEATURE_LEVEL_4_1;
    CHECK_STATUS(dmlp_device_create(&old, &device), DMLP_OK);
    b.DataType = DML_TENSOR_DATA_TYPE_INT64;
    b.TotalTensorSizeInBytes = 32;
    CHECK_STATUS(dmlp_operator_create(device, &od, 0, &op), DMLP_ERROR_UNSUPPORTED);
    CHECK_CONTAINS(dmlp_last_error(), "ELEMENT_WISE_CLIP_GRAD: InputTensor.DataType is INT64");
    dmlp_device_destroy(device);
}

int main(void)
{
    for (size_t t = 0; t < sizeof floats / sizeof floats[0]; t++)
        check_type(floats[t].name, floats[t].type, floats[t].size, 1, floats[t].f, 0);
    if (LDBL_MANT_DIG >= 64) /* the model compares 64-bit integers exactly */
        for (size_t t = 0; t < sizeof integers / sizeof integers[0]; t++) {
            char name[16];
            snprintf(name, sizeof name, "%s%u", integers[t].is_signed ? "i" : "u",
                     (unsigned)(8 * integers[t].size));
            check_type(name, integers[t].type, integers[t].size, 0, ORACLE_F32,
                       integers[t].is_signed);
        }
    check_api();
    return test_finish("test_reference_clip_grad");
}
