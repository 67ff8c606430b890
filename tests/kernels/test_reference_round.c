/* test_reference_round: the Round reference kernels (docs/operators.md) in each
   DML_ROUNDING_MODE against the tests' own model (test_reference_oracle.h): every f16 and
   bf16 input and a sample of f32 and f64 ones with their edge values (zeros, one half,
   the integers' edge 2^p, infinities, quiet and signalling NaNs of both signs,
   subnormals) and many exact halves. The model decodes to a double, rounds there with C's
   rint (ties to even, under the default rounding mode), trunc or round (ties away from
   zero), which are exact, and encodes again; a NaN comes back with its quiet bit set and
   nothing else changed. Then through the public API: DML_ROUNDING_MODE's own table, in
   place, the feature levels and the refusals, which write nothing. */
#include <fenv.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/kernels.h"
#include "test_reference_oracle.h"

#define ROUND DML_OPERATOR_ELEMENT_WISE_ROUND

enum { N = 65536 };

static const struct {
    const char *name;
    DML_ROUNDING_MODE mode;
    double (*model)(double);
} modes[] = {
    {"halves_to_nearest_even", DML_ROUNDING_MODE_HALVES_TO_NEAREST_EVEN, rint},
    {"toward_zero", DML_ROUNDING_MODE_TOWARD_ZERO, trunc},
    {"toward_infinity", DML_ROUNDING_MODE_TOWARD_INFINITY, round},
};

static const struct {
    const char *name;
    DML_TENSOR_DATA_TYPE type;
    oracle_format f;
    size_t size;
} types[] = {
    {"f16", DML_TENSOR_DATA_TYPE_FLOAT16, {5, 10}, 2},
    {"bf16", DMLP_TENSOR_DATA_TYPE_BFLOAT16, {8, 7}, 2},
    {"f32", DML_TENSOR_DATA_TYPE_FLOAT32, {8, 23}, 4},
    {"f64", DML_TENSOR_DATA_TYPE_FLOAT64, {11, 52}, 8},
};

/* Every pattern of a 16-bit type; otherwise the edge values, then random patterns,
   random values of moderate size and exact halves k + 1/2 of either sign. */
static size_t fill(unsigned char *in, size_t size, oracle_format f)
{
    if (size == 2) {
        for (size_t i = 0; i < N; i++) {
            uint16_t x = (uint16_t)i;
            memcpy(in + 2 * i, &x, 2);
        }
        return N;
    }
    uint64_t one = 1, state = 29 + size;
    int m = f.mbits, e = f.ebits;
    uint64_t inf = ((one << e) - 1) << m, sign = one << (e + m);
    uint64_t bias = (one << (e - 1)) - 1, half = (bias - 1) << m, two_p = (bias + m) << m;
    uint64_t edges[] = {0,           sign,          inf,          inf | sign,
                        inf | 1,     inf | 1 | sign, inf | (one << (m - 1)),
                        inf | (one << (m - 1)) | sign | 5,
                        1,           sign | 1,      half,         half | sign,
                        half - 1,    half + 1,      (half + 1) | sign,
                        bias << m,   (bias << m) | sign,          two_p,
                        two_p - 1,   (two_p - 1) | sign,          two_p | sign | 1,
                        two_p - (one << m), (two_p - (one << m)) | sign};
    size_t count = 0;
    for (; count < sizeof edges / sizeof edges[0]; count++)
        memcpy(in + count * size, &edges[count], size);
    for (; count < N; count++) {
        uint64_t x = oracle_random(&state);
        if (count % 3 == 1) /* a value within 2^(p+1) of zero, either sign */
            x = (x & (sign | ((one << m) - 1))) | ((bias + x % (uint64_t)(m + 2)) << m);
        else if (count % 3 == 2) { /* k + 1/2 with |k| below 2^(p-1), either sign */
            uint64_t k = (x >> 12 & ((one << (m - 1)) - 1)) >> (x % (uint64_t)m);
            x = oracle_encode((x & 1 ? -1.0 : 1.0) * ((double)k + 0.5), f);
        }
        memcpy(in + count * size, &x, size);
    }
    return count;
}

static uint64_t model(uint64_t x, oracle_format f, double (*round_to)(double))
{
    if (oracle_is_nan(x, f))
        return x | (UINT64_C(1) << (f.mbits - 1));
    if (oracle_is_inf(x, f))
        return x;
    return oracle_encode(round_to(oracle_decode(x, f)), f);
}

static void check_kernels(void)
{
    unsigned char *in = malloc(N * 8), *out = malloc(N * 8), *again = malloc(N * 8);
    if (fegetround() != FE_TONEAREST)
        fesetround(FE_TONEAREST); /* rint's ties to even */
    for (size_t t = 0; t < sizeof types / sizeof types[0]; t++) {
        size_t size = types[t].size, count = fill(in, size, types[t].f);
        dmlp__unary_kernel fn = dmlp__reference_kernel(ROUND, types[t].type);
        CHECK(fn != NULL, "round %s: a kernel", types[t].name);
        if (!fn)
            continue;
        for (size_t k = 0; k < sizeof modes / sizeof modes[0]; k++) {
            dmlp__kernel_args args = {.rounding = modes[k].mode};
            fn(count, in, out, &args);
            for (size_t i = 0; i < count; i++) {
                uint64_t x = 0, y = 0;
                memcpy(&x, in + i * size, size);
                memcpy(&y, out + i * size, size);
                CHECK_BITS(y, model(x, types[t].f, modes[k].model), "round %s %s x 0x%llx",
                           modes[k].name, types[t].name, (unsigned long long)x);
            }
            /* in place gives the same */
            memcpy(again, in, count * size);
            fn(count, again, again, &args);
            CHECK(memcmp(again, out, count * size) == 0, "round %s %s: in place",
                  modes[k].name, types[t].name);
        }
    }
    free(in);
    free(out);
    free(again);
}

/* DML_ROUNDING_MODE's page: -2.5 -1.75 -1.5 -1.25 0 1.25 1.5 1.75 2.5 in each mode. */
static void check_api(void)
{
    static const float from[9] = {-2.5f, -1.75f, -1.5f, -1.25f, 0.0f, 1.25f, 1.5f, 1.75f, 2.5f};
    static const float want[3][9] = {
        {-2, -2, -2, -1, 0, 1, 2, 2, 2},
        {-2, -1, -1, -1, 0, 1, 1, 1, 2},
        {-3, -2, -2, -1, 0, 1, 2, 2, 3},
    };
    dmlp_device_desc dd = {DML_FEATURE_LEVEL_2_1, 1, 0};
    dmlp_device *device = NULL;
    CHECK_STATUS(dmlp_device_create(&dd, &device), DMLP_OK);
    if (!device)
        return;
    uint32_t sizes[4] = {1, 1, 3, 3};
    DML_BUFFER_TENSOR_DESC fb = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 4, sizes,
                                 NULL, 36, 0};
    DML_TENSOR_DESC ft = {DML_TENSOR_TYPE_BUFFER, &fb};
    for (int k = 0; k < 3; k++) {
        DML_ELEMENT_WISE_ROUND_OPERATOR_DESC rd = {&ft, &ft, (DML_ROUNDING_MODE)k};
        DML_OPERATOR_DESC d = {ROUND, &rd};
        dmlp_operator *op = NULL;
        CHECK_STATUS(dmlp_operator_create(device, &d, 0, &op), DMLP_OK);
        float x[9];
        memcpy(x, from, sizeof x);
        dmlp_buffer_binding bx = {x, 0, sizeof x};
        if (op)
            CHECK_STATUS(dmlp_operator_execute(op, 1, &bx, 1, &bx), DMLP_OK); /* in place */
        CHECK(memcmp(x, want[k], sizeof x) == 0, "mode %d: %g %g %g %g %g %g %g %g %g", k,
              (double)x[0], (double)x[1], (double)x[2], (double)x[3], (double)x[4],
              (double)x[5], (double)x[6], (double)x[7], (double)x[8]);
        dmlp_operator_destroy(op);
    }
    /* refusals: another mode, three dimensions at 2_1, integers, bfloat16 without the
       extensions; none makes an operator */
    DML_ELEMENT_WISE_ROUND_OPERATOR_DESC rd = {&ft, &ft, (DML_ROUNDING_MODE)3};
    DML_OPERATOR_DESC d = {ROUND, &rd};
    dmlp_operator *op = NULL;
    CHECK_STATUS(dmlp_operator_create(device, &d, 0, &op), DMLP_ERROR_INVALID_ARGUMENT);
    CHECK_CONTAINS(dmlp_last_error(), "ELEMENT_WISE_ROUND: RoundingMode is 3; it must be "
                                      "HALVES_TO_NEAREST_EVEN (0), TOWARD_ZERO (1) or "
                                      "TOWARD_INFINITY (2)");
    CHECK(op == NULL, "no operator on failure");
    rd.RoundingMode = DML_ROUNDING_MODE_TOWARD_ZERO;
    fb.DimensionCount = 3;
    CHECK_STATUS(dmlp_operator_create(device, &d, 0, &op), DMLP_ERROR_UNSUPPORTED);
    CHECK_CONTAINS(dmlp_last_error(), "InputTensor.DimensionCount is 3; at feature level "
                                      "2_1 it must be 4");
    fb.DimensionCount = 4;
    fb.DataType = DML_TENSOR_DATA_TYPE_INT32;
    CHECK_STATUS(dmlp_operator_create(device, &d, 0, &op), DMLP_ERROR_UNSUPPORTED);
    CHECK_CONTAINS(dmlp_last_error(), "InputTensor.DataType is INT32");
    fb.DataType = DMLP_TENSOR_DATA_TYPE_BFLOAT16;
    fb.TotalTensorSizeInBytes = 20;
    CHECK_STATUS(dmlp_operator_create(device, &d, 0, &op), DMLP_ERROR_UNSUPPORTED);
    CHECK(op == NULL, "no operator on failure");
    dmlp_device_destroy(device);

    /* 2_0: Round is not there yet */
    dmlp_device_desc old = {DML_FEATURE_LEVEL_2_0, 1, 0};
    CHECK_STATUS(dmlp_device_create(&old, &device), DMLP_OK);
    fb.DataType = DML_TENSOR_DATA_TYPE_FLOAT32;
    fb.TotalTensorSizeInBytes = 36;
    CHECK_STATUS(dmlp_operator_create(device, &d, 0, &op), DMLP_ERROR_UNSUPPORTED);
    CHECK_CONTAINS(dmlp_last_error(), "2_1");
    dmlp_device_destroy(device);

    /* 3_0: one to eight dimensions, and bfloat16 and float64 with the extensions */
    dmlp_device_desc ext = {DML_FEATURE_LEVEL_3_0, 1, DMLP_DEVICE_FLAG_EXTENSIONS};
    CHECK_STATUS(dmlp_device_create(&ext, &device), DMLP_OK);
    uint32_t n3[1] = {3};
    double v[3] = {-0.5, 0.5, 1.5}, w[3] = {0, 0, 0};
    DML_BUFFER_TENSOR_DESC db = {DML_TENSOR_DATA_TYPE_FLOAT64, DML_TENSOR_FLAG_NONE, 1, n3,
                                 NULL, 24, 0};
    DML_TENSOR_DESC dt = {DML_TENSOR_TYPE_BUFFER, &db};
    DML_ELEMENT_WISE_ROUND_OPERATOR_DESC rd64 = {&dt, &dt,
                                                 DML_ROUNDING_MODE_HALVES_TO_NEAREST_EVEN};
    DML_OPERATOR_DESC d64 = {ROUND, &rd64};
    CHECK_STATUS(dmlp_operator_create(device, &d64, 0, &op), DMLP_OK);
    dmlp_buffer_binding bi = {v, 0, sizeof v}, bo = {w, 0, sizeof w};
    if (op)
        CHECK_STATUS(dmlp_operator_execute(op, 1, &bi, 1, &bo), DMLP_OK);
    CHECK(w[0] == 0.0 && signbit(w[0]) && w[1] == 0.0 && !signbit(w[1]) && w[2] == 2.0,
          "f64 halves to even: %g %g %g", w[0], w[1], w[2]);
    dmlp_operator_destroy(op);
    dmlp_device_destroy(device);
}

int main(void)
{
    check_kernels();
    check_api();
    return test_finish("test_reference_round");
}
