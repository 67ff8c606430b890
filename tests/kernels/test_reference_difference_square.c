/* test_reference_difference_square: the DifferenceSquare reference kernels
   (docs/operators.md) against the tests' own model (test_reference_oracle.h): every
   16-bit A against a set of B values (zeros, NaNs, infinities, neighbours) and random
   Bs, broadcast both ways; float32 and float64 edges and random pairs; INT32 and UINT32
   pairs; then through the public API. The model rounds with the oracle: the difference
   of two values is formed in a format of at least 2p + 2 bits (binary64 for binary32 and
   the 16-bit types, binary128 for binary64), where rounding it again to the type gives
   the correctly rounded difference, and a square of a p-bit value is exact there. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/kernels.h"
#include "test_reference_oracle.h"
#include "test_reference_types.h"

#define DIFFSQ DML_OPERATOR_ELEMENT_WISE_DIFFERENCE_SQUARE

/* v rounded to a format (finite v), infinity beyond its largest finite value's half ulp. */
static double round_to(double v, oracle_format f)
{
    double max = ldexp(2.0 - ldexp(1.0, -f.mbits), oracle_bias(f));
    double limit = max + ldexp(1.0, oracle_bias(f) - f.mbits - 1); /* ties go to infinity */
    if (fabs(v) >= limit)
        return v < 0 ? -INFINITY : INFINITY;
    return oracle_round_format(v, f);
}

static uint64_t encode(double v, oracle_format f)
{
    if (isinf(v)) {
        uint64_t inf = ((UINT64_C(1) << f.ebits) - 1) << f.mbits;
        return v < 0 ? inf | (UINT64_C(1) << (f.ebits + f.mbits)) : inf;
    }
    return oracle_encode(v, f);
}

static double decode(uint64_t x, oracle_format f)
{
    if (oracle_is_inf(x, f))
        return oracle_negative(x, f) ? -INFINITY : INFINITY;
    return oracle_decode(x, f);
}

static uint64_t default_nan(oracle_format f)
{
    return quiet(((UINT64_C(1) << f.ebits) - 1) << f.mbits, f);
}

/* The model for f16, bf16 and f32: evaluated in binary32 (the difference rounded, its
   square rounded), then rounded once to the type. */
static uint64_t model_narrow(uint64_t x, uint64_t y, oracle_format f)
{
    if (oracle_is_nan(x, f))
        return quiet(x, f);
    if (oracle_is_nan(y, f))
        return quiet(y, f);
    double a = decode(x, f), b = decode(y, f);
    if (isinf(a) && isinf(b) && (a > 0) == (b > 0))
        return default_nan(f);
    double d = isinf(a) || isinf(b) ? a - b : round_to(a - b, ORACLE_F32);
    double s = isinf(d) ? INFINITY : round_to(d * d, ORACLE_F32);
    return encode(isinf(s) ? s : round_to(s, f), f);
}

#include "test_quad.h"

static uint64_t model_f64(uint64_t x, uint64_t y)
{
    oracle_format f = ORACLE_F64;
    if (oracle_is_nan(x, f))
        return quiet(x, f);
    if (oracle_is_nan(y, f))
        return quiet(y, f);
    double a, b;
    memcpy(&a, &x, 8);
    memcpy(&b, &y, 8);
    if (isinf(a) && isinf(b) && (a > 0) == (b > 0))
        return default_nan(f);
    double d = (double)((quad)a - (quad)b); /* 113 >= 2 * 53 + 2 bits */
    double s = (double)((quad)d * (quad)d); /* exact, then rounded once */
    uint64_t bits;
    memcpy(&bits, &s, 8);
    return bits;
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

static uint64_t model(uint64_t x, uint64_t y, size_t t)
{
    return floats[t].size == 8 ? model_f64(x, y) : model_narrow(x, y, floats[t].f);
}

static void check_floats(void)
{
    unsigned char *a = malloc(N * 8), *b = malloc(N * 8), *out = malloc(N * 8);
    dmlp__kernel_args args = {0};
    for (size_t t = 0; t < sizeof floats / sizeof floats[0]; t++) {
        size_t size = floats[t].size, count = fill(a, size, 31);
        dmlp__binary_kernel fn = dmlp__binary_reference_kernel(DIFFSQ, floats[t].type);
        CHECK(fn != NULL, "diffsq %s: a kernel", floats[t].name);
        if (!fn)
            continue;
        uint64_t specials[16];
        size_t nspecial = special_values(specials, floats[t].f);
        for (size_t k = 0; k < nspecial; k++)
            for (int b_first = 0; b_first < 2; b_first++) {
                fn(count, b_first ? (void *)&specials[k] : (void *)a,
                   b_first ? (void *)a : (void *)&specials[k], out,
                   b_first ? DMLP__SCALAR_A : DMLP__SCALAR_B, &args);
                for (size_t i = 0; i < count; i++) {
                    uint64_t x = get(a, i, size), y = specials[k];
                    uint64_t want = b_first ? model(y, x, t) : model(x, y, t);
                    CHECK_BITS(get(out, i, size), want, "diffsq %s 0x%llx 0x%llx%s",
                               floats[t].name, (unsigned long long)x, (unsigned long long)y,
                               b_first ? " (B first)" : "");
                }
            }
        /* random pairs, and (16-bit) every A against a shuffled B; then neighbours */
        for (int round = 0; round < 2; round++) {
            fill(b, size, 40 + (uint64_t)round);
            if (size <= 2)
                for (size_t i = 0; i < count; i++) {
                    uint64_t x = (i * 40503u + 17 + (size_t)round * 977) % count;
                    memcpy(b + i * size, &x, size);
                }
            else if (round == 1) /* B near A: the difference exact or nearly so */
                for (size_t i = 0; i < count; i++) {
                    uint64_t x = get(a, i, size) + (i % 7) - 3;
                    memcpy(b + i * size, &x, size);
                }
            fn(count, a, b, out, 0, &args);
            for (size_t i = 0; i < count; i++) {
                uint64_t x = get(a, i, size), y = get(b, i, size);
                CHECK_BITS(get(out, i, size), model(x, y, t), "diffsq %s 0x%llx 0x%llx",
                           floats[t].name, (unsigned long long)x, (unsigned long long)y);
            }
        }
    }
    free(a);
    free(b);
    free(out);
}

static void check_integers(void)
{
    static const DML_TENSOR_DATA_TYPE types[] = {DML_TENSOR_DATA_TYPE_INT32,
                                                 DML_TENSOR_DATA_TYPE_UINT32};
    unsigned char *a = malloc(N * 4), *b = malloc(N * 4), *out = malloc(N * 4);
    dmlp__kernel_args args = {0};
    for (size_t t = 0; t < 2; t++) {
        size_t count = fill(a, 4, 50);
        fill(b, 4, 51);
        dmlp__binary_kernel fn = dmlp__binary_reference_kernel(DIFFSQ, types[t]);
        CHECK(fn != NULL, "diffsq integer %zu: a kernel", t);
        if (!fn)
            continue;
        fn(count, a, b, out, 0, &args);
        for (size_t i = 0; i < count; i++) {
            uint64_t x = get(a, i, 4), y = get(b, i, 4);
            /* the exact square of the exact difference, modulo 2^32 */
            int64_t d = t == 0 ? as_signed(x, 4) - as_signed(y, 4) : (int64_t)x - (int64_t)y;
            oracle_u128 m = (oracle_u128)(uint64_t)(d < 0 ? -d : d);
            uint64_t want = (uint64_t)(m * m) & 0xffffffffu;
            CHECK_BITS(get(out, i, 4), want, "diffsq integer %zu 0x%llx 0x%llx", t,
                       (unsigned long long)x, (unsigned long long)y);
        }
    }
    free(a);
    free(b);
    free(out);
}

static void check_api(void)
{
    dmlp_device *device = NULL;
    dmlp_device_desc dd = {DML_FEATURE_LEVEL_3_1, 1, 0};
    CHECK_STATUS(dmlp_device_create(&dd, &device), DMLP_OK);
    if (!device)
        return;
    uint32_t sizes[2] = {2, 3}, bstrides[2] = {0, 1};
    DML_BUFFER_TENSOR_DESC ab = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 2, sizes,
                                 NULL, 24, 0};
    DML_BUFFER_TENSOR_DESC bb = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 2, sizes,
                                 bstrides, 12, 0};
    DML_TENSOR_DESC at = {DML_TENSOR_TYPE_BUFFER, &ab}, bt = {DML_TENSOR_TYPE_BUFFER, &bb};
    DML_ELEMENT_WISE_DIFFERENCE_SQUARE_OPERATOR_DESC dsd = {&at, &bt, &at};
    DML_OPERATOR_DESC d = {DIFFSQ, &dsd};
    dmlp_operator *op = NULL;
    CHECK_STATUS(dmlp_operator_create(device, &d, 0, &op), DMLP_OK);
    float x[6] = {1.0f, -2.0f, INFINITY, 5.0f, 0.5f, -0.0f};
    float y[3] = {3.0f, -0.5f, INFINITY};
    dmlp_buffer_binding bind[2] = {{x, 0, sizeof x}, {y, 0, sizeof y}};
    if (op)
        CHECK_STATUS(dmlp_operator_execute(op, 2, bind, 1, bind), DMLP_OK);
    CHECK(x[0] == 4.0f && x[1] == 2.25f && isnan(x[2]) && x[3] == 4.0f && x[4] == 1.0f &&
              x[5] == INFINITY,
          "diffsq broadcast in place: %g %g %g %g %g %g", (double)x[0], (double)x[1],
          (double)x[2], (double)x[3], (double)x[4], (double)x[5]);
    dmlp_operator_destroy(op);
    /* below its level (3_1), refused naming it */
    dmlp_device *old = NULL;
    dmlp_device_desc od = {DML_FEATURE_LEVEL_3_0, 1, 0};
    CHECK_STATUS(dmlp_device_create(&od, &old), DMLP_OK);
    op = NULL;
    CHECK_STATUS(dmlp_operator_create(old, &d, 0, &op), DMLP_ERROR_UNSUPPORTED);
    CHECK(strstr(dmlp_last_error(), "3_1") != NULL, "diffsq at 3_0: %s", dmlp_last_error());
    dmlp_operator_destroy(op);
    dmlp_device_destroy(old);
    dmlp_device_destroy(device);
}

int main(void)
{
    check_floats();
    check_integers();
    check_api();
    return test_finish("test_reference_difference_square");
}
