/* test_reference_threshold: the Threshold reference kernels (docs/operators.md) against
   the tests' own model (test_reference_clamp.h): max(x, Min) with Min converted to the
   type, under both NaN rules, every 16-bit input and a sample of the wider ones for every
   bound; integers (every 8- and 16-bit input, a 32-bit sample) against Min truncated and
   saturated. Then a ScaleBias and an integer refusal through the public API. */
#include <string.h>

#include "test_reference_clamp.h"

#define THRESHOLD DML_OPERATOR_ELEMENT_WISE_THRESHOLD

static void check_floats(void)
{
    unsigned char *in = malloc(N * 8), *out = malloc(N * 8);
    for (size_t t = 0; t < sizeof floats / sizeof floats[0]; t++) {
        size_t size = floats[t].size, count = fill(in, size, 17);
        oracle_format f = floats[t].f;
        dmlp__unary_kernel fn = dmlp__reference_kernel(THRESHOLD, floats[t].type);
        CHECK(fn != NULL, "threshold %s: a kernel", floats[t].name);
        for (size_t b = 0; fn && b < BOUND_COUNT; b++)
            for (int propagate = 0; propagate < 2; propagate++) {
                dmlp__kernel_args args = {.nan_propagate = (uint32_t)propagate};
                args.param[0] = bounds[b][0];
                fn(count, in, out, &args);
                uint64_t m = bound_model(bounds[b][0], f);
                for (size_t i = 0; i < count; i++) {
                    uint64_t x = get(in, i, size);
                    CHECK_BITS(get(out, i, size), pick_model(x, m, f, propagate, 1),
                               "threshold %s min %g propagate %d x 0x%llx", floats[t].name,
                               (double)bounds[b][0], propagate, (unsigned long long)x);
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
        size_t size = integers[t].size, count = fill(in, size, 19);
        dmlp__unary_kernel fn = dmlp__reference_kernel(THRESHOLD, integers[t].type);
        if (size == 8) { /* DirectML lists no 64-bit Threshold */
            CHECK(fn == NULL, "threshold type %d: no kernel", (int)integers[t].type);
            continue;
        }
        CHECK(fn != NULL, "threshold type %d: a kernel", (int)integers[t].type);
        long double lo = integers[t].is_signed ? -ldexpl(1, 8 * (int)size - 1) : 0;
        long double hi = integers[t].is_signed ? ldexpl(1, 8 * (int)size - 1) - 1
                                               : ldexpl(1, 8 * (int)size) - 1;
        for (size_t b = 0; fn && b < BOUND_COUNT; b++) {
            dmlp__kernel_args args = {0};
            args.param[0] = bounds[b][0];
            fn(count, in, out, &args);
            int none;
            long double m = int_bound_model(bounds[b][0], lo, hi, &none);
            for (size_t i = 0; i < count; i++) {
                uint64_t raw = get(in, i, size);
                long double x = integers[t].is_signed ? (long double)as_signed(raw, size)
                                                      : (long double)raw;
                long double y = none || x > m ? x : m;
                uint64_t want = (uint64_t)(int64_t)y & ((UINT64_C(1) << (8 * size)) - 1u);
                CHECK_BITS(get(out, i, size), want, "threshold type %d min %g x %Lg",
                           (int)integers[t].type, (double)bounds[b][0], x);
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
    DML_SCALE_BIAS sb = {2.0f, -1.0f};
    DML_ELEMENT_WISE_THRESHOLD_OPERATOR_DESC d = {&t, &t, &sb, 0.5f};
    DML_OPERATOR_DESC od = {THRESHOLD, &d};
    dmlp_operator *op = NULL;
    CHECK_STATUS(dmlp_operator_create(device, &od, 0, &op), DMLP_OK);
    /* NaN loses to Min under DirectML's rule */
    float data[4] = {0.0f, 1.0f, 3.0f, NAN}, want[4] = {0.5f, 1.0f, 5.0f, 0.5f};
    dmlp_buffer_binding bind = {data, 0, sizeof data};
    CHECK_STATUS(dmlp_operator_execute(op, 1, &bind, 1, &bind), DMLP_OK);
    CHECK(memcmp(data, want, sizeof data) == 0, "threshold with a ScaleBias");
    dmlp_operator_destroy(op);
    b.DataType = DML_TENSOR_DATA_TYPE_INT32;
    CHECK_STATUS(dmlp_operator_create(device, &od, 0, &op), DMLP_ERROR_UNSUPPORTED);
    CHECK_CONTAINS(dmlp_last_error(), "ScaleBias is set; with InputTensor.DataType INT32");
    dmlp_device_destroy(device);
}

int main(void)
{
    check_floats();
    check_integers();
    check_api();
    return test_finish("test_reference_threshold");
}
