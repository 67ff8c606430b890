/* test_reference_clip: the Clip reference kernels (docs/operators.md) against the tests'
   own model (test_reference_clamp.h): max(Min, min(x, Max)) in the page's order with the
   bounds converted to the type, under both NaN rules, every 16-bit input and a sample of
   the wider ones for every bound pair (Min above Max among them); integers of every width
   (every 8- and 16-bit input, samples of the others) against the bounds truncated and
   saturated. Then a ScaleBias through the public API and the 64-bit integers' level. */
#include <string.h>

#include "test_reference_clamp.h"

#define CLIP DML_OPERATOR_ELEMENT_WISE_CLIP

static void check_floats(void)
{
    unsigned char *in = malloc(N * 8), *out = malloc(N * 8);
    for (size_t t = 0; t < sizeof floats / sizeof floats[0]; t++) {
        size_t size = floats[t].size, count = fill(in, size, 23);
        oracle_format f = floats[t].f;
        dmlp__unary_kernel fn = dmlp__reference_kernel(CLIP, floats[t].type);
        CHECK(fn != NULL, "clip %s: a kernel", floats[t].name);
        for (size_t b = 0; fn && b < BOUND_COUNT; b++)
            for (int propagate = 0; propagate < 2; propagate++) {
                dmlp__kernel_args args = {.nan_propagate = (uint32_t)propagate};
                args.param[0] = bounds[b][0];
                args.param[1] = bounds[b][1];
                fn(count, in, out, &args);
                uint64_t lo = bound_model(bounds[b][0], f), hi = bound_model(bounds[b][1], f);
                for (size_t i = 0; i < count; i++) {
                    uint64_t x = get(in, i, size);
                    uint64_t u = pick_model(x, hi, f, propagate, 0);
                    CHECK_BITS(get(out, i, size), pick_model(lo, u, f, propagate, 1),
                               "clip %s min %g max %g propagate %d x 0x%llx", floats[t].name,
                               (double)bounds[b][0], (double)bounds[b][1], propagate,
                               (unsigned long long)x);
                }
            }
    }
    free(in);
    free(out);
}

static void check_integers(void)
{
    unsigned char *in = malloc(N * 8), *out = malloc(N * 8);
    for (size_t t = 0; t < sizeof integers / sizeof integers[0]; t++) {
        size_t size = integers[t].size, count = fill(in, size, 29);
        dmlp__unary_kernel fn = dmlp__reference_kernel(CLIP, integers[t].type);
        CHECK(fn != NULL, "clip type %d: a kernel", (int)integers[t].type);
        long double lo = integers[t].is_signed ? -ldexpl(1, 8 * (int)size - 1) : 0;
        long double hi = integers[t].is_signed ? ldexpl(1, 8 * (int)size - 1) - 1
                                               : ldexpl(1, 8 * (int)size) - 1;
        for (size_t b = 0; fn && b < BOUND_COUNT; b++) {
            dmlp__kernel_args args = {0};
            args.param[0] = bounds[b][0];
            args.param[1] = bounds[b][1];
            fn(count, in, out, &args);
            int no_low, no_high;
            long double l = int_bound_model(bounds[b][0], lo, hi, &no_low);
            long double h = int_bound_model(bounds[b][1], lo, hi, &no_high);
            for (size_t i = 0; i < count; i++) {
                uint64_t raw = get(in, i, size);
                long double x = integers[t].is_signed ? (long double)as_signed(raw, size)
                                                      : (long double)raw;
                long double u = no_high || x < h ? x : h;
                long double y = no_low || u > l ? u : l;
                uint64_t want = integers[t].is_signed ? (uint64_t)(int64_t)y : (uint64_t)y;
                if (size < 8)
                    want &= (UINT64_C(1) << (8 * size)) - 1u;
                CHECK_BITS(get(out, i, size), want, "clip type %d min %g max %g x %Lg",
                           (int)integers[t].type, (double)bounds[b][0],
                           (double)bounds[b][1], x);
            }
        }
    }
    free(in);
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
    DML_SCALE_BIAS sb = {-1.0f, 0.5f};
    DML_ELEMENT_WISE_CLIP_OPERATOR_DESC d = {&t, &t, &sb, -1.0f, 1.0f};
    DML_OPERATOR_DESC od = {CLIP, &d};
    dmlp_operator *op = NULL;
    CHECK_STATUS(dmlp_operator_create(device, &od, 0, &op), DMLP_OK);
    /* -x + 0.5 clipped; a NaN gives Max under DirectML's rule */
    float data[4] = {0.0f, 4.0f, -0.25f, NAN}, want[4] = {0.5f, -1.0f, 0.75f, 1.0f};
    dmlp_buffer_binding bind = {data, 0, sizeof data};
    CHECK_STATUS(dmlp_operator_execute(op, 1, &bind, 1, &bind), DMLP_OK);
    CHECK(memcmp(data, want, sizeof data) == 0, "clip with a ScaleBias");
    dmlp_operator_destroy(op);
    dmlp_device_destroy(device);
    /* INT64 from feature level 5_0 */
    dmlp_device_desc old = {DML_FEATURE_LEVEL_4_1, 0, 0};
    CHECK_STATUS(dmlp_device_create(&old, &device), DMLP_OK);
    b.DataType = DML_TENSOR_DATA_TYPE_INT64;
    b.TotalTensorSizeInBytes = 32;
    d.ScaleBias = NULL;
    CHECK_STATUS(dmlp_operator_create(device, &od, 0, &op), DMLP_ERROR_UNSUPPORTED);
    CHECK_CONTAINS(dmlp_last_error(), "ELEMENT_WISE_CLIP: InputTensor.DataType is INT64");
    dmlp_device_destroy(device);
}

int main(void)
{
    check_floats();
    check_integers();
    check_api();
    return test_finish("test_reference_clip");
}
