/* test_reference_clip1: the Clip1 and ClipGrad1 reference kernels (docs/operators.md)
   against the tests' own model, with Min and Max given as elements of the tensor's type
   (args->scalar): Clip1 as max(Min, min(x, Max)) under both NaN rules (the picks of
   test_reference_clamp.h, on the bits), ClipGrad1 as 0 where x <= Min or x >= Max. Every
   16-bit x and samples of the wider types, for bounds at the type's ends, next to them,
   equal, crossed (Min above Max), zeros of both signs and NaNs; integers compared as
   integers (64-bit bounds past 2^53). Then the public API: MinMaxDataType's rule and
   message, the DML_SCALAR_UNION members read by type, the feature level. */
#include <string.h>

#include "test_reference_clamp.h"

#define CLIP1 DML_OPERATOR_ELEMENT_WISE_CLIP1
#define CLIP_GRAD1 DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD1

enum { PAIRS = 10 };

/* Bound pairs of a float format as bits: finite, equal, crossed, zeros, infinities,
   NaNs (quiet and signalling), the smallest subnormal. */
static void float_bounds(oracle_format f, uint64_t pairs[PAIRS][2])
{
    uint64_t one = 1, sign = one << (f.ebits + f.mbits), inf = ((one << f.ebits) - 1) << f.mbits;
    uint64_t unit = (uint64_t)oracle_bias(f) << f.mbits, two = unit + (one << f.mbits);
    uint64_t qnan = inf | (one << (f.mbits - 1));
    uint64_t list[PAIRS][2] = {
        {unit | sign, two}, {two, unit | sign}, {0, 0},         {sign, 0},    {0, sign},
        {inf | sign, inf},  {qnan, unit},       {unit, qnan | 5}, {inf | 1, 1}, {1, unit + 1},
    };
    memcpy(pairs, list, sizeof list);
}

/* Bound pairs of an integer type as its values: the ends, next to them, equal, crossed. */
static void int_bounds(size_t size, int is_signed, int64_t pairs[PAIRS][2])
{
    int64_t lo = is_signed ? (size == 8 ? INT64_MIN : -(INT64_C(1) << (8 * size - 1))) : 0;
    int64_t hi = size == 8 ? (is_signed ? INT64_MAX : -1) /* UINT64_MAX as bits */
                           : (is_signed ? (INT64_C(1) << (8 * size - 1)) - 1
                                        : (INT64_C(1) << (8 * size)) - 1);
    int64_t big = size == 8 ? (INT64_C(1) << 53) + 1 : 100;
    int64_t list[PAIRS][2] = {{lo, hi}, {lo + 1, hi - 1}, {-3, 7},      {7, -3},  {0, 0},
                              {5, 5},   {-big, big},      {big, big + 2}, {lo, lo}, {hi, hi}};
    memcpy(pairs, list, sizeof list);
}

static uint64_t bits_of(int64_t v, size_t size)
{
    return size == 8 ? (uint64_t)v : (uint64_t)v & ((UINT64_C(1) << (8 * size)) - 1);
}

/* x, Min and Max of an integer type compared in its signedness. */
static int int_less(uint64_t a, uint64_t b, size_t size, int is_signed)
{
    return is_signed ? as_signed(a, size) < as_signed(b, size) : a < b;
}

static void check_integers(void)
{
    unsigned char *x = malloc(N * 8), *g = malloc(N * 8), *out = malloc(N * 8);
    for (size_t t = 0; t < sizeof integers / sizeof integers[0]; t++) {
        size_t size = integers[t].size;
        int sg = integers[t].is_signed;
        size_t count = fill(x, size, 41);
        int64_t pairs[PAIRS][2];
        int_bounds(size, sg, pairs);
        if (size > 2) /* the bounds and their neighbours among the random patterns */
            for (size_t b = 0, at = 8; b < PAIRS; b++)
                for (int k = 0; k < 2; k++)
                    for (int d = -1; d <= 1; d++) {
                        uint64_t v = bits_of((int64_t)((uint64_t)pairs[b][k] + (uint64_t)d),
                                             size); /* wrapping at the ends */
                        memcpy(x + at++ * size, &v, size);
                    }
        uint64_t state = 5;
        for (size_t i = 0; i < count; i++) {
            uint64_t r = oracle_random(&state);
            memcpy(g + i * size, &r, size);
        }
        dmlp__unary_kernel clip = dmlp__reference_kernel(CLIP1, integers[t].type);
        dmlp__binary_kernel grad = dmlp__binary_reference_kernel(CLIP_GRAD1, integers[t].type);
        CHECK(clip && grad, "clip1 type %d: kernels", (int)integers[t].type);
        for (size_t b = 0; clip && grad && b < PAIRS; b++) {
            dmlp__kernel_args args = {0};
            uint64_t lo = bits_of(pairs[b][0], size), hi = bits_of(pairs[b][1], size);
            args.scalar[0] = lo;
            args.scalar[1] = hi;
            clip(count, x, out, &args);
            for (size_t i = 0; i < count; i++) {
                uint64_t v = get(x, i, size);
                uint64_t u = int_less(v, hi, size, sg) ? v : hi;
                uint64_t want = int_less(lo, u, size, sg) ? u : lo;
                CHECK_BITS(get(out, i, size), want, "clip1 type %d pair %zu x 0x%llx",
                           (int)integers[t].type, b, (unsigned long long)v);
            }
            grad(count, x, g, out, 0, &args);
            for (size_t i = 0; i < count; i++) {
                uint64_t v = get(x, i, size);
                int cut = !int_less(lo, v, size, sg) || !int_less(v, hi, size, sg);
                CHECK_BITS(get(out, i, size), cut ? 0 : get(g, i, size),
                           "clip_grad1 type %d pair %zu x 0x%llx", (int)integers[t].type, b,
                           (unsigned long long)v);
            }
        }
    }
    free(x);
    free(g);
    free(out);
}

static void check_floats(void)
{
    unsigned char *x = malloc(N * 8), *g = malloc(N * 8), *out = malloc(N * 8);
    for (size_t t = 0; t < sizeof floats / sizeof floats[0]; t++) {
        size_t size = floats[t].size, count = fill(x, size, 43);
        oracle_format f = floats[t].f;
        uint64_t pairs[PAIRS][2];
        float_bounds(f, pairs);
        uint64_t state = 9;
        for (size_t i = 0; i < count; i++) {
            uint64_t r = oracle_random(&state);
            memcpy(g + i * size, &r, size);
        }
        dmlp__unary_kernel clip = dmlp__reference_kernel(CLIP1, floats[t].type);
        dmlp__binary_kernel grad = dmlp__binary_reference_kernel(CLIP_GRAD1, floats[t].type);
        CHECK(clip && grad, "clip1 %s: kernels", floats[t].name);
        for (size_t b = 0; clip && grad && b < PAIRS; b++) {
            uint64_t lo = pairs[b][0], hi = pairs[b][1];
            for (int propagate = 0; propagate < 2; propagate++) {
                dmlp__kernel_args args = {.nan_propagate = (uint32_t)propagate};
                args.scalar[0] = lo;
                args.scalar[1] = hi;
                clip(count, x, out, &args);
                for (size_t i = 0; i < count; i++) {
                    uint64_t v = get(x, i, size);
                    uint64_t u = pick_model(v, hi, f, propagate, 0);
                    CHECK_BITS(get(out, i, size), pick_model(lo, u, f, propagate, 1),
                               "clip1 %s pair %zu propagate %d x 0x%llx", floats[t].name, b,
                               propagate, (unsigned long long)v);
                }
            }
            dmlp__kernel_args args = {0};
            args.scalar[0] = lo;
            args.scalar[1] = hi;
            grad(count, x, g, out, 0, &args);
            int lo_nan = oracle_is_nan(lo, f), hi_nan = oracle_is_nan(hi, f);
            double l = lo_nan ? 0 : model_value(lo, f), h = hi_nan ? 0 : model_value(hi, f);
            for (size_t i = 0; i < count; i++) {
                uint64_t v = get(x, i, size);
                int nan = oracle_is_nan(v, f);
                double a = nan ? 0 : model_value(v, f);
                int cut = !nan && ((!lo_nan && a <= l) || (!hi_nan && a >= h));
                CHECK_BITS(get(out, i, size), cut ? 0 : get(g, i, size),
                           "clip_grad1 %s pair %zu x 0x%llx", floats[t].name, b,
                           (unsigned long long)v);
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
    DML_BUFFER_TENSOR_DESC b = {DML_TENSOR_DATA_TYPE_INT64, DML_TENSOR_FLAG_NONE, 1, n4, NULL,
                                32, 0};
    DML_TENSOR_DESC t = {DML_TENSOR_TYPE_BUFFER, &b};
    DML_ELEMENT_WISE_CLIP1_OPERATOR_DESC d = {&t, &t, NULL, DML_TENSOR_DATA_TYPE_INT64,
                                              {{0}}, {{0}}};
    d.Min.Int64 = -((INT64_C(1) << 53) + 1);
    d.Max.Int64 = (INT64_C(1) << 53) + 1; /* no float32 or float64 holds it */
    DML_OPERATOR_DESC od = {CLIP1, &d};
    dmlp_operator *op = NULL;
    CHECK_STATUS(dmlp_operator_create(device, &od, 0, &op), DMLP_OK);
    int64_t data[4] = {INT64_MIN, INT64_MAX, (INT64_C(1) << 53) + 2, -7};
    int64_t want[4] = {d.Min.Int64, d.Max.Int64, d.Max.Int64, -7};
    dmlp_buffer_binding bind = {data, 0, sizeof data};
    CHECK_STATUS(dmlp_operator_execute(op, 1, &bind, 1, &bind), DMLP_OK);
    CHECK(memcmp(data, want, sizeof data) == 0, "clip1 int64 bounds past 2^53");
    dmlp_operator_destroy(op);
    /* MinMaxDataType must be the output's type */
    d.MinMaxDataType = DML_TENSOR_DATA_TYPE_FLOAT32;
    CHECK_STATUS(dmlp_operator_create(device, &od, 0, &op), DMLP_ERROR_INVALID_ARGUMENT);
    CHECK_CONTAINS(dmlp_last_error(), "ELEMENT_WISE_CLIP1: MinMaxDataType is FLOAT32; it must "
                                      "be OutputTensor.DataType (INT64)");
    d.MinMaxDataType = (DML_TENSOR_DATA_TYPE)77;
    CHECK_STATUS(dmlp_operator_create(device, &od, 0, &op), DMLP_ERROR_INVALID_ARGUMENT);
    CHECK_CONTAINS(dmlp_last_error(), "MinMaxDataType is UNKNOWN(77); it must be OutputTensor.DataType");
    /* ClipGrad1 on FLOAT16: the bounds' bits in UInt16 */
    b.DataType = DML_TENSOR_DATA_TYPE_FLOAT16;
    b.TotalTensorSizeInBytes = 8;
    DML_ELEMENT_WISE_CLIP_GRAD1_OPERATOR_DESC gd = {&t, &t, &t, DML_TENSOR_DATA_TYPE_FLOAT16,
                                                    {{0}}, {{0}}};
    gd.Min.UInt16 = 0xbc00; /* -1 */
    gd.Max.UInt16 = 0x3c00; /* 1 */
    DML_OPERATOR_DESC god = {CLIP_GRAD1, &gd};
    CHECK_STATUS(dmlp_operator_create(device, &god, 0, &op), DMLP_OK);
    uint16_t hx[4] = {0xbc00, 0x3800, 0x3c00, 0x7e00}, hg[4] = {1, 2, 3, 4};
    uint16_t hwant[4] = {0, 2, 0, 4};
    dmlp_buffer_binding gb[2] = {{hx, 0, sizeof hx}, {hg, 0, sizeof hg}};
    CHECK_STATUS(dmlp_operator_execute(op, 2, gb, 1, &gb[1]), DMLP_OK);
    CHECK(memcmp(hg, hwant, sizeof hg) == 0, "clip_grad1 float16 in place");
    dmlp_operator_destroy(op);
    gd.MinMaxDataType = DML_TENSOR_DATA_TYPE_INT16;
    CHECK_STATUS(dmlp_operator_create(device, &god, 0, &op), DMLP_ERROR_INVALID_ARGUMENT);
    CHECK_CONTAINS(dmlp_last_error(), "ELEMENT_WISE_CLIP_GRAD1: MinMaxDataType is INT16; it "
                                      "must be OutputGradientTensor.DataType (FLOAT16)");
    dmlp_device_destroy(device);
    /* both from 5_0 */
    dmlp_device_desc old = {DML_FEATURE_LEVEL_4_1, 0, 0};
    CHECK_STATUS(dmlp_device_create(&old, &device), DMLP_OK);
    d.MinMaxDataType = DML_TENSOR_DATA_TYPE_FLOAT16;
    CHECK_STATUS(dmlp_operator_create(device, &od, 0, &op), DMLP_ERROR_UNSUPPORTED);
    CHECK_CONTAINS(dmlp_last_error(), "5_0");
    gd.MinMaxDataType = DML_TENSOR_DATA_TYPE_FLOAT16;
    CHECK_STATUS(dmlp_operator_create(device, &god, 0, &op), DMLP_ERROR_UNSUPPORTED);
    CHECK_CONTAINS(dmlp_last_error(), "5_0");
    dmlp_device_destroy(device);
}

int main(void)
{
    check_integers();
    check_floats();
    check_api();
    return test_finish("test_reference_clip1");
}
