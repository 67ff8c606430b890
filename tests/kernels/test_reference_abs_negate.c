/* test_reference_abs_negate: the Abs and Negate reference kernels (docs/operators.md)
   against the tests' own model (test_reference_oracle.h): every 8- and 16-bit input of
   every type and a sample of the 32- and 64-bit ones with their edge values. Integers are
   modelled in wider signed arithmetic and wrapped back (|INT_MIN| and -INT_MIN are
   INT_MIN); floats by decoding to a double, taking |v| or -v there and encoding again,
   and NaN by the rule that only the sign bit changes. Abs with a ScaleBias is the
   Identity kernel's x * Scale + Bias (tested on its own against the oracle) with the
   sign cleared. Then both operators through the public API: in place, a strided
   output, the feature level Negate needs, and the refusals. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/kernels.h"
#include "test_reference_oracle.h"

#define ABS DML_OPERATOR_ELEMENT_WISE_ABS
#define NEGATE DML_OPERATOR_ELEMENT_WISE_NEGATE
#define IDENTITY DML_OPERATOR_ELEMENT_WISE_IDENTITY

enum { N = 65536 };

/* Inputs for a type of `size` bytes: every pattern when there are at most 65536, else
   random ones after the edge values. */
static size_t fill(unsigned char *in, size_t size)
{
    static const uint64_t edges[] = {0, 1, 2, UINT64_MAX, UINT64_MAX - 1};
    uint64_t state = 7 + size;
    size_t count = size <= 2 ? ((size_t)1 << (8 * size)) : N;
    for (size_t i = 0; i < count; i++) {
        uint64_t x = size <= 2 ? i : oracle_random(&state);
        if (size > 2 && i < 5)
            x = edges[i];
        if (size > 2 && i >= 5 && i < 13) { /* INT_MIN, INT_MAX and their neighbours */
            uint64_t top = UINT64_C(1) << (8 * size - 1);
            uint64_t near[] = {top, top + 1, top - 1, top - 2};
            x = near[(i - 5) % 4];
        }
        memcpy(in + i * size, &x, size);
    }
    return count;
}

static int64_t sign_extend(uint64_t x, size_t size)
{
    if (size == 8)
        return (int64_t)x;
    uint64_t top = UINT64_C(1) << (8 * size - 1);
    return (int64_t)((x ^ top) - top);
}

static void check_integers(void)
{
    static const struct {
        DML_TENSOR_DATA_TYPE type;
        size_t size;
        int is_signed;
    } types[] = {
        {DML_TENSOR_DATA_TYPE_INT8, 1, 1},   {DML_TENSOR_DATA_TYPE_INT16, 2, 1},
        {DML_TENSOR_DATA_TYPE_INT32, 4, 1},  {DML_TENSOR_DATA_TYPE_INT64, 8, 1},
        {DML_TENSOR_DATA_TYPE_UINT8, 1, 0},  {DML_TENSOR_DATA_TYPE_UINT16, 2, 0},
        {DML_TENSOR_DATA_TYPE_UINT32, 4, 0}, {DML_TENSOR_DATA_TYPE_UINT64, 8, 0},
    };
    unsigned char *in = malloc(N * 8), *out = malloc(N * 8);
    dmlp__kernel_args args = {.mode = DML_IS_INFINITY_MODE_EITHER};
    for (size_t t = 0; t < sizeof types / sizeof types[0]; t++) {
        size_t size = types[t].size;
        uint64_t mask = size == 8 ? UINT64_MAX : (UINT64_C(1) << (8 * size)) - 1;
        size_t count = fill(in, size);
        for (int op = 0; op < 2; op++) {
            if (op == 1 && !types[t].is_signed)
                continue; /* Negate has no unsigned types */
            dmlp__unary_kernel fn = dmlp__reference_kernel(op ? NEGATE : ABS, types[t].type);
            CHECK(fn != NULL, "%s type %d: a kernel", op ? "negate" : "abs", (int)types[t].type);
            if (!fn)
                continue;
            fn(count, in, out, &args);
            for (size_t i = 0; i < count; i++) {
                uint64_t x = 0, y = 0;
                memcpy(&x, in + i * size, size);
                memcpy(&y, out + i * size, size);
                uint64_t want;
                if (!types[t].is_signed) {
                    want = x;
                } else {
                    int64_t v = sign_extend(x, size);
                    int64_t min = size == 8 ? INT64_MIN : -(INT64_C(1) << (8 * size - 1));
                    int64_t r = v == min ? min : (op || v < 0) ? -v : v;
                    if (op == 0 && v >= 0)
                        r = v;
                    want = (uint64_t)r & mask;
                }
                CHECK_BITS(y, want, "%s type %d x 0x%llx", op ? "negate" : "abs",
                           (int)types[t].type, (unsigned long long)x);
            }
            /* in place gives the same */
            memcpy(out, in, count * size);
            fn(count, out, out, &args);
            int same = 1;
            unsigned char *again = malloc(count * size);
            fn(count, in, again, &args);
            same = memcmp(out, again, count * size) == 0;
            free(again);
            CHECK(same, "%s type %d: in place", op ? "negate" : "abs", (int)types[t].type);
        }
    }
    free(in);
    free(out);
}

/* The model of one float element: |v| or -v, by value; NaN by its sign bit alone. */
static uint64_t float_model(uint64_t x, oracle_format f, int negate)
{
    uint64_t sign = UINT64_C(1) << (f.ebits + f.mbits);
    if (oracle_is_nan(x, f))
        return negate ? x ^ sign : x & ~sign;
    if (oracle_is_inf(x, f))
        return negate ? x ^ sign : x & ~sign;
    double v = oracle_decode(x, f);
    double r = negate ? -v : fabs(v);
    if (v == 0)
        r = negate ? (signbit(v) ? 0.0 : -0.0) : 0.0;
    return oracle_encode(r, f);
}

static void check_floats(void)
{
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
    unsigned char *in = malloc(N * 8), *out = malloc(N * 8);
    dmlp__kernel_args args = {.mode = DML_IS_INFINITY_MODE_EITHER};
    for (size_t t = 0; t < sizeof types / sizeof types[0]; t++) {
        size_t size = types[t].size;
        size_t count = fill(in, size);
        if (size > 2) { /* zeros, infinities, NaNs (quiet and signalling) of both signs */
            uint64_t one = UINT64_C(1);
            int m = types[t].f.mbits, e = types[t].f.ebits;
            uint64_t inf = ((one << e) - 1) << m, sign = one << (e + m);
            uint64_t specials[] = {0,          sign,           inf,     inf | sign,
                                   inf | 1,    inf | 1 | sign, inf | (one << (m - 1)),
                                   inf | (one << (m - 1)) | sign | 5, 1, sign | 1};
            for (size_t k = 0; k < sizeof specials / sizeof specials[0]; k++)
                memcpy(in + (100 + k) * size, &specials[k], size);
        }
        for (int op = 0; op < 2; op++) {
            dmlp__unary_kernel fn = dmlp__reference_kernel(op ? NEGATE : ABS, types[t].type);
            CHECK(fn != NULL, "%s: a kernel", types[t].name);
            if (!fn)
                continue;
            fn(count, in, out, &args);
            for (size_t i = 0; i < count; i++) {
                uint64_t x = 0, y = 0;
                memcpy(&x, in + i * size, size);
                memcpy(&y, out + i * size, size);
                CHECK_BITS(y, float_model(x, types[t].f, op), "%s %s x 0x%llx",
                           op ? "negate" : "abs", types[t].name, (unsigned long long)x);
            }
        }
    }
    free(in);
    free(out);
}

/* Abs with a ScaleBias: Identity's x * Scale + Bias, the sign then cleared. */
static void check_abs_scale_bias(void)
{
    static const struct {
        float scale, bias;
    } pairs[] = {{2.0f, -1.0f},     {-3.75f, 1e-3f}, {0.0f, -0.0f},  {1e30f, -1e30f},
                 {1.0f, -INFINITY}, {NAN, 0.0f},     {-1.0f, -0.0f}, {1e-40f, -1e-45f}};
    static const struct {
        const char *name;
        DML_TENSOR_DATA_TYPE type;
        size_t size;
        uint64_t sign;
    } types[] = {
        {"f16", DML_TENSOR_DATA_TYPE_FLOAT16, 2, 0x8000u},
        {"bf16", DMLP_TENSOR_DATA_TYPE_BFLOAT16, 2, 0x8000u},
        {"f32", DML_TENSOR_DATA_TYPE_FLOAT32, 4, 0x80000000u},
        {"f64", DML_TENSOR_DATA_TYPE_FLOAT64, 8, UINT64_C(0x8000000000000000)},
    };
    unsigned char *in = malloc(N * 8), *out = malloc(N * 8), *ident = malloc(N * 8);
    for (size_t t = 0; t < sizeof types / sizeof types[0]; t++) {
        size_t size = types[t].size, count = fill(in, size);
        dmlp__unary_kernel abs_fn = dmlp__reference_kernel(ABS, types[t].type);
        dmlp__unary_kernel id_fn = dmlp__reference_kernel(IDENTITY, types[t].type);
        for (size_t k = 0; k < sizeof pairs / sizeof pairs[0]; k++) {
            dmlp__kernel_args args = {.scale_bias = 1, .scale = pairs[k].scale,
                                      .bias = pairs[k].bias};
            abs_fn(count, in, out, &args);
            id_fn(count, in, ident, &args);
            for (size_t i = 0; i < count; i++) {
                uint64_t x = 0, y = 0, g = 0;
                memcpy(&x, in + i * size, size);
                memcpy(&y, out + i * size, size);
                memcpy(&g, ident + i * size, size);
                CHECK_BITS(y, g & ~types[t].sign, "abs %s x 0x%llx scale %a bias %a",
                           types[t].name, (unsigned long long)x, (double)pairs[k].scale,
                           (double)pairs[k].bias);
            }
        }
    }
    free(in);
    free(out);
    free(ident);
}

static dmlp_operator *create(dmlp_device *device, DML_OPERATOR_TYPE type, const void *desc)
{
    DML_OPERATOR_DESC d = {type, desc};
    dmlp_operator *op = NULL;
    dmlp_status s = dmlp_operator_create(device, &d, 0, &op);
    return s == DMLP_OK ? op : NULL;
}

static void check_api(void)
{
    dmlp_device_desc dd = {DML_FEATURE_LEVEL_6_4, 2, DMLP_DEVICE_FLAG_EXTENSIONS};
    dmlp_device *device = NULL;
    CHECK_STATUS(dmlp_device_create(&dd, &device), DMLP_OK);
    if (!device)
        return;
    /* Abs in place on FLOAT32 with a ScaleBias */
    uint32_t n4[1] = {4};
    DML_BUFFER_TENSOR_DESC fb = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 1, n4, NULL,
                                 16, 0};
    DML_TENSOR_DESC ft = {DML_TENSOR_TYPE_BUFFER, &fb};
    DML_SCALE_BIAS sb = {2.0f, -1.0f};
    DML_ELEMENT_WISE_ABS_OPERATOR_DESC ad = {&ft, &ft, &sb};
    dmlp_operator *op = create(device, ABS, &ad);
    CHECK(op != NULL, "abs with ScaleBias: %s", dmlp_last_error());
    float x[4] = {-3.0f, 0.25f, 0.5f, -0.0f};
    dmlp_buffer_binding bx = {x, 0, sizeof x};
    if (op)
        CHECK_STATUS(dmlp_operator_execute(op, 1, &bx, 1, &bx), DMLP_OK);
    CHECK(x[0] == 7.0f && x[1] == 0.5f && x[2] == 0.0f && !signbit(x[2]) && x[3] == 1.0f,
          "abs(2x - 1) in place: %a %a %a %a", (double)x[0], (double)x[1], (double)x[2],
          (double)x[3]);
    dmlp_operator_destroy(op);

    /* Negate INT8 into a strided output, the gaps untouched */
    uint32_t n3[1] = {3}, stride2[1] = {2};
    DML_BUFFER_TENSOR_DESC ib = {DML_TENSOR_DATA_TYPE_INT8, DML_TENSOR_FLAG_NONE, 1, n3, NULL, 4,
                                 0};
    DML_BUFFER_TENSOR_DESC ob = {DML_TENSOR_DATA_TYPE_INT8, DML_TENSOR_FLAG_NONE, 1, n3, stride2,
                                 8, 0};
    DML_TENSOR_DESC it = {DML_TENSOR_TYPE_BUFFER, &ib}, ot = {DML_TENSOR_TYPE_BUFFER, &ob};
    DML_ELEMENT_WISE_NEGATE_OPERATOR_DESC nd = {&it, &ot};
    op = create(device, NEGATE, &nd);
    CHECK(op != NULL, "negate: %s", dmlp_last_error());
    int8_t v[4] = {-128, 5, 0, 0};
    int8_t w[8] = {9, 9, 9, 9, 9, 9, 9, 9};
    dmlp_buffer_binding bv = {v, 0, sizeof v}, bw = {w, 0, sizeof w};
    if (op)
        CHECK_STATUS(dmlp_operator_execute(op, 1, &bv, 1, &bw), DMLP_OK);
    CHECK(w[0] == -128 && w[2] == -5 && w[4] == 0 && w[1] == 9 && w[3] == 9,
          "negate int8: %d %d %d", w[0], w[2], w[4]);
    dmlp_operator_destroy(op);
    dmlp_device_destroy(device);

    /* Negate needs feature level 5_0 */
    dmlp_device_desc old = {DML_FEATURE_LEVEL_4_1, 1, 0};
    CHECK_STATUS(dmlp_device_create(&old, &device), DMLP_OK);
    DML_OPERATOR_DESC d = {NEGATE, &nd};
    op = NULL;
    CHECK_STATUS(dmlp_operator_create(device, &d, 0, &op), DMLP_ERROR_UNSUPPORTED);
    CHECK_CONTAINS(dmlp_last_error(), "ELEMENT_WISE_NEGATE: the device's feature level is 4_1; "
                                      "the operator needs feature level 5_0 or higher");
    /* Abs: ScaleBias on an integer type, and an unsigned type without the extensions */
    DML_ELEMENT_WISE_ABS_OPERATOR_DESC ai = {&it, &ot, &sb};
    DML_OPERATOR_DESC da = {ABS, &ai};
    CHECK_STATUS(dmlp_operator_create(device, &da, 0, &op), DMLP_ERROR_UNSUPPORTED);
    CHECK_CONTAINS(dmlp_last_error(),
                   "ELEMENT_WISE_ABS: ScaleBias is set; with InputTensor.DataType INT8 it must "
                   "be NULL");
    ib.DataType = ob.DataType = DML_TENSOR_DATA_TYPE_UINT8;
    ai.ScaleBias = NULL;
    CHECK_STATUS(dmlp_operator_create(device, &da, 0, &op), DMLP_ERROR_UNSUPPORTED);
    CHECK_CONTAINS(dmlp_last_error(), "ELEMENT_WISE_ABS: InputTensor.DataType is UINT8");
    /* Output type must match */
    ib.DataType = DML_TENSOR_DATA_TYPE_INT8;
    CHECK_STATUS(dmlp_operator_create(device, &da, 0, &op), DMLP_ERROR_INVALID_ARGUMENT);
    CHECK_CONTAINS(dmlp_last_error(), "ELEMENT_WISE_ABS: OutputTensor.DataType is UINT8; it "
                                      "must equal InputTensor.DataType (INT8)");
    CHECK(op == NULL, "no operator on failure");
    dmlp_device_destroy(device);
}

int main(void)
{
    check_integers();
    check_floats();
    check_abs_scale_bias();
    check_api();
    return test_finish("test_reference_abs_negate");
}
