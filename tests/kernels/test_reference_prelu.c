/* test_reference_prelu: the ParameterizedRelu reference kernels (docs/operators.md)
   against the tests' own model (test_reference_oracle.h): x if x >= 0, else slope * x,
   the product exact in a wider format (binary64; binary128 for binary64) and rounded once
   with the oracle; a NaN x takes the product's NaN (the slope's before x's). Every 16-bit
   x against a set of slopes and shuffled slopes, the slope broadcast; float32 and float64
   edges and random pairs; the integer types; then through the public API. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/kernels.h"
#include "test_reference_oracle.h"
#include "test_reference_types.h"

#define PRELU DML_OPERATOR_ACTIVATION_PARAMETERIZED_RELU

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

#include "test_quad.h"

static uint64_t model(uint64_t x, uint64_t slope, oracle_format f)
{
    int x_nan = oracle_is_nan(x, f);
    if (!x_nan && (!oracle_negative(x, f) || decode(x, f) == 0))
        return x; /* x >= 0, -0 included */
    if (oracle_is_nan(slope, f))
        return quiet(slope, f);
    if (x_nan)
        return quiet(x, f);
    double a = decode(x, f), s = decode(slope, f);
    if ((isinf(a) && s == 0) || (isinf(s) && a == 0))
        return default_nan(f);
    if (f.mbits == 52) {
        double r = (double)((quad)a * (quad)s);
        uint64_t bits;
        memcpy(&bits, &r, 8);
        return bits;
    }
    double p = a * s; /* exact: at most 48 significant bits, within binary64's range */
    return encode(isinf(p) ? p : round_to(p, f), f);
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
        size_t size = floats[t].size, count = fill(a, size, 61);
        oracle_format f = floats[t].f;
        dmlp__binary_kernel fn = dmlp__binary_reference_kernel(PRELU, floats[t].type);
        CHECK(fn != NULL, "prelu %s: a kernel", floats[t].name);
        if (!fn)
            continue;
        uint64_t specials[16];
        size_t nspecial = special_values(specials, f);
        for (size_t k = 0; k < nspecial; k++) { /* every x against each slope, broadcast */
            fn(count, a, &specials[k], out, DMLP__SCALAR_B, &args);
            for (size_t i = 0; i < count; i++) {
                uint64_t x = get(a, i, size);
                CHECK_BITS(get(out, i, size), model(x, specials[k], f),
                           "prelu %s x 0x%llx slope 0x%llx", floats[t].name,
                           (unsigned long long)x, (unsigned long long)specials[k]);
            }
        }
        fill(b, size, 62);
        if (size <= 2)
            for (size_t i = 0; i < count; i++) {
                uint64_t x = (i * 40503u + 17) % count;
                memcpy(b + i * size, &x, size);
            }
        fn(count, a, b, out, 0, &args);
        for (size_t i = 0; i < count; i++) {
            uint64_t x = get(a, i, size), y = get(b, i, size);
            CHECK_BITS(get(out, i, size), model(x, y, f), "prelu %s x 0x%llx slope 0x%llx",
                       floats[t].name, (unsigned long long)x, (unsigned long long)y);
        }
    }
    free(a);
    free(b);
    free(out);
}

static void check_integers(void)
{
    unsigned char *a = malloc(N * 8), *b = malloc(N * 8), *out = malloc(N * 8);
    dmlp__kernel_args args = {0};
    for (size_t t = 0; t < sizeof integers / sizeof integers[0]; t++) {
        size_t size = integers[t].size;
        dmlp__binary_kernel fn = dmlp__binary_reference_kernel(PRELU, integers[t].type);
        int listed = integers[t].type != DML_TENSOR_DATA_TYPE_UINT8 &&
                     integers[t].type != DML_TENSOR_DATA_TYPE_UINT16;
        CHECK((fn != NULL) == listed, "prelu integer type %d: a kernel %d",
              (int)integers[t].type, listed);
        if (!fn)
            continue;
        size_t count = fill(a, size, 63);
        if (size == 1) { /* int8: every pair */
            for (size_t i = 0; i < count; i++)
                for (size_t j = 0; j < 256; j++) {
                    a[i * 256 + j] = (unsigned char)i; /* N = 65536 = 256 * 256 */
                    b[i * 256 + j] = (unsigned char)j;
                }
            count = 65536;
        } else {
            fill(b, size, 64);
        }
        fn(count, a, b, out, 0, &args);
        for (size_t i = 0; i < count; i++) {
            uint64_t x = get(a, i, size), y = get(b, i, size), want = x;
            if (integers[t].is_signed && as_signed(x, size) < 0) /* the product mod 2^bits */
                want = (uint64_t)((oracle_u128)(uint64_t)as_signed(x, size) *
                                  (uint64_t)as_signed(y, size));
            if (size < 8)
                want &= (UINT64_C(1) << (8 * size)) - 1;
            CHECK_BITS(get(out, i, size), want, "prelu integer %d x 0x%llx slope 0x%llx",
                       (int)integers[t].type, (unsigned long long)x, (unsigned long long)y);
        }
    }
    free(a);
    free(b);
    free(out);
}

static void check_api(void)
{
    dmlp_device *device = NULL;
    dmlp_device_desc dd = {DML_FEATURE_LEVEL_6_4, 1, 0};
    CHECK_STATUS(dmlp_device_create(&dd, &device), DMLP_OK);
    if (!device)
        return;
    /* X (2, 3) with a slope per column, broadcast along the rows, in place */
    uint32_t sizes[2] = {2, 3}, sstrides[2] = {0, 1};
    DML_BUFFER_TENSOR_DESC xb = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 2, sizes,
                                 NULL, 24, 0};
    DML_BUFFER_TENSOR_DESC sb = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 2, sizes,
                                 sstrides, 12, 0};
    DML_TENSOR_DESC xt = {DML_TENSOR_TYPE_BUFFER, &xb}, st = {DML_TENSOR_TYPE_BUFFER, &sb};
    DML_ACTIVATION_PARAMETERIZED_RELU_OPERATOR_DESC pd = {&xt, &st, &xt};
    DML_OPERATOR_DESC d = {PRELU, &pd};
    dmlp_operator *op = NULL;
    CHECK_STATUS(dmlp_operator_create(device, &d, 0, &op), DMLP_OK);
    float x[6] = {-2.0f, 3.0f, -0.0f, -1.0f, NAN, 4.0f};
    float s[3] = {0.5f, 10.0f, -1.0f};
    dmlp_buffer_binding bind[2] = {{x, 0, sizeof x}, {s, 0, sizeof s}};
    if (op)
        CHECK_STATUS(dmlp_operator_execute(op, 2, bind, 1, bind), DMLP_OK);
    CHECK(x[0] == -1.0f && x[1] == 3.0f && x[2] == 0.0f && signbit(x[2]) && x[3] == -0.5f &&
              isnan(x[4]) && x[5] == 4.0f,
          "prelu in place: %g %g %g %g %g %g", (double)x[0], (double)x[1], (double)x[2],
          (double)x[3], (double)x[4], (double)x[5]);
    dmlp_operator_destroy(op);
    dmlp_device_destroy(device);
}

int main(void)
{
    check_floats();
    check_integers();
    check_api();
    return test_finish("test_reference_prelu");
}
