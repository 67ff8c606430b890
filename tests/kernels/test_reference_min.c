/* test_reference_min: the Min reference kernels (docs/operators.md) against the tests'
   own model (test_reference_oracle.h), under both NaN rules: DirectML's (IEEE 754-2019
   minimumNumber: a NaN loses to a number) and, with nan_propagate, minimum (a NaN wins,
   A's before B's, made quiet); -0 below +0 in both. Every 16-bit A against a set of B
   values (zeros, NaNs, infinities, neighbours) and random pairs, broadcast both ways; then
   through the public API. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/kernels.h"
#include "test_reference_oracle.h"
#include "test_reference_types.h"

#define MIN DML_OPERATOR_ELEMENT_WISE_MIN


/* The model of min(x, y) on the bits of one float format. */
static uint64_t min_model(uint64_t x, uint64_t y, oracle_format f, int propagate)
{
    int xn = oracle_is_nan(x, f), yn = oracle_is_nan(y, f);
    if (xn && (yn || propagate))
        return quiet(x, f);
    if (yn && propagate)
        return quiet(y, f);
    if (xn)
        return y;
    if (yn)
        return x;
    double a = oracle_decode(x, f), b = oracle_decode(y, f);
    if (a == 0 && b == 0) /* -0 below +0 */
        return signbit(a) ? x : y;
    return a <= b ? x : y;
}

/* B values every A meets: zeros, ones, infinities, NaNs (quiet and signalling) of both
   signs, the smallest subnormals and the largest finite values. */
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

static void check_min(void)
{
    unsigned char *a = malloc(N * 8), *b = malloc(N * 8), *out = malloc(N * 8);
    for (size_t t = 0; t < sizeof integers / sizeof integers[0]; t++) {
        size_t size = integers[t].size, count = fill(a, size, 7);
        fill(b, size, 8);
        if (size <= 2) { /* B: a shuffled copy of every pattern */
            for (size_t i = 0; i < count; i++) {
                uint64_t x = (i * 40503u + 17) % count;
                memcpy(b + i * size, &x, size);
            }
        }
        dmlp__binary_kernel fn = dmlp__binary_reference_kernel(MIN, integers[t].type);
        CHECK(fn != NULL, "min type %d: a kernel", (int)integers[t].type);
        if (!fn)
            continue;
        dmlp__kernel_args args = {0};
        fn(count, a, b, out, 0, &args);
        for (size_t i = 0; i < count; i++) {
            uint64_t x = get(a, i, size), y = get(b, i, size);
            int x_wins = integers[t].is_signed ? as_signed(x, size) < as_signed(y, size) : x < y;
            CHECK_BITS(get(out, i, size), x_wins ? x : y, "min type %d 0x%llx 0x%llx",
                       (int)integers[t].type, (unsigned long long)x, (unsigned long long)y);
        }
    }
    for (size_t t = 0; t < sizeof floats / sizeof floats[0]; t++) {
        size_t size = floats[t].size, count = fill(a, size, 9);
        oracle_format f = floats[t].f;
        dmlp__binary_kernel fn = dmlp__binary_reference_kernel(MIN, floats[t].type);
        CHECK(fn != NULL, "min %s: a kernel", floats[t].name);
        if (!fn)
            continue;
        uint64_t specials[16];
        size_t nspecial = special_values(specials, f);
        for (int propagate = 0; propagate < 2; propagate++) {
            dmlp__kernel_args args = {.nan_propagate = (uint32_t)propagate};
            /* every A against each special B, broadcast (B a single element), both ways */
            for (size_t k = 0; k < nspecial; k++) {
                for (int b_first = 0; b_first < 2; b_first++) {
                    fn(count, b_first ? (void *)&specials[k] : (void *)a,
                       b_first ? (void *)a : (void *)&specials[k], out,
                       b_first ? DMLP__SCALAR_A : DMLP__SCALAR_B, &args);
                    for (size_t i = 0; i < count; i++) {
                        uint64_t x = get(a, i, size), y = specials[k];
                        uint64_t want = b_first ? min_model(y, x, f, propagate)
                                                : min_model(x, y, f, propagate);
                        CHECK_BITS(get(out, i, size), want, "min %s propagate %d 0x%llx 0x%llx%s",
                                   floats[t].name, propagate, (unsigned long long)x,
                                   (unsigned long long)y, b_first ? " (B first)" : "");
                    }
                }
            }
            /* random pairs */
            fill(b, size, 10 + (uint64_t)propagate);
            if (size <= 2)
                for (size_t i = 0; i < count; i++) {
                    uint64_t x = (i * 40503u + 17) % count;
                    memcpy(b + i * size, &x, size);
                }
            fn(count, a, b, out, 0, &args);
            for (size_t i = 0; i < count; i++) {
                uint64_t x = get(a, i, size), y = get(b, i, size);
                CHECK_BITS(get(out, i, size), min_model(x, y, f, propagate),
                           "min %s propagate %d 0x%llx 0x%llx", floats[t].name, propagate,
                           (unsigned long long)x, (unsigned long long)y);
            }
        }
    }
    free(a);
    free(b);
    free(out);
}

static void check_api(void)
{
    dmlp_device_desc dd = {DML_FEATURE_LEVEL_6_4, 1, DMLP_DEVICE_FLAG_EXTENSIONS};
    dmlp_device *device = NULL;
    CHECK_STATUS(dmlp_device_create(&dd, &device), DMLP_OK);
    if (!device)
        return;
    /* Min of a (2, 3) and a broadcast (1, 3) into A, in place, both NaN rules */
    uint32_t as[2] = {2, 3}, bs[2] = {1, 3}, bstrides[2] = {0, 1};
    DML_BUFFER_TENSOR_DESC ab = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 2, as, NULL,
                                 24, 0};
    DML_BUFFER_TENSOR_DESC bb = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 2, as,
                                 bstrides, 12, 0};
    (void)bs;
    DML_TENSOR_DESC at = {DML_TENSOR_TYPE_BUFFER, &ab}, bt = {DML_TENSOR_TYPE_BUFFER, &bb};
    DML_ELEMENT_WISE_MIN_OPERATOR_DESC md = {&at, &bt, &at};
    DML_OPERATOR_DESC d = {MIN, &md};
    for (int propagate = 0; propagate < 2; propagate++) {
        dmlp_operator *op = NULL;
        CHECK_STATUS(dmlp_operator_create(device, &d,
                                          propagate ? DMLP_EXECUTION_FLAG_NAN_PROPAGATE : 0, &op),
                     DMLP_OK);
        float x[6] = {1.0f, NAN, 0.0f, 5.0f, -2.0f, -0.0f};
        float y[3] = {2.0f, 3.0f, -0.0f};
        dmlp_buffer_binding bind[2] = {{x, 0, sizeof x}, {y, 0, sizeof y}};
        if (op)
            CHECK_STATUS(dmlp_operator_execute(op, 2, bind, 1, bind), DMLP_OK);
        CHECK(x[0] == 1.0f && x[3] == 2.0f && x[4] == -2.0f && x[5] == 0.0f && signbit(x[5]),
              "min broadcast in place: %g %g %g %g", (double)x[0], (double)x[3], (double)x[4],
              (double)x[5]);
        CHECK((propagate ? isnan(x[1]) : x[1] == 3.0f) && x[2] == 0.0f && signbit(x[2]),
              "min NaN and -0 rule %d: %g %g", propagate, (double)x[1], (double)x[2]);
        dmlp_operator_destroy(op);
    }
    dmlp_device_destroy(device);
}

int main(void)
{
    check_min();
    check_api();
    return test_finish("test_reference_min");
}
