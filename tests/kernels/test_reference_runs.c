/* The reference kernels' run contract, for every op x type they cover: any length
   0..67, input and output at any byte offset, nothing written past the n-th output,
   the input left alone, in-place (in == out) equal to out-of-place, and each element's
   result independent of where it sits in the run. Also which op x type pairs have a
   reference kernel at all (docs/operators.md, docs/validation.md). */
#include "kernels/kernels.h"
#include "test_reference_oracle.h"

#define MAX_N 67
#define GUARD 32

typedef struct combo {
    DML_OPERATOR_TYPE op;
    DML_TENSOR_DATA_TYPE type;
    size_t in_size, out_size;
} combo;

static const DML_TENSOR_DATA_TYPE all_types[] = {
    DML_TENSOR_DATA_TYPE_UNKNOWN, DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_FLOAT16,
    DML_TENSOR_DATA_TYPE_UINT32, DML_TENSOR_DATA_TYPE_UINT16, DML_TENSOR_DATA_TYPE_UINT8,
    DML_TENSOR_DATA_TYPE_INT32, DML_TENSOR_DATA_TYPE_INT16, DML_TENSOR_DATA_TYPE_INT8,
    DML_TENSOR_DATA_TYPE_FLOAT64, DML_TENSOR_DATA_TYPE_UINT64, DML_TENSOR_DATA_TYPE_INT64,
    DMLP_TENSOR_DATA_TYPE_BFLOAT16, DMLP_TENSOR_DATA_TYPE_FLOAT8_E4M3FN,
    DMLP_TENSOR_DATA_TYPE_FLOAT8_E4M3FNUZ, DMLP_TENSOR_DATA_TYPE_FLOAT8_E5M2,
    DMLP_TENSOR_DATA_TYPE_FLOAT8_E5M2FNUZ, (DML_TENSOR_DATA_TYPE)12,
    (DML_TENSOR_DATA_TYPE)0x105, (DML_TENSOR_DATA_TYPE)-1,
};

/* Bytes per element of the types that have kernels; 0 for the rest. */
static size_t type_size(DML_TENSOR_DATA_TYPE t)
{
    switch (t) {
    case DML_TENSOR_DATA_TYPE_UINT8: case DML_TENSOR_DATA_TYPE_INT8:
    case DMLP_TENSOR_DATA_TYPE_FLOAT8_E4M3FN: case DMLP_TENSOR_DATA_TYPE_FLOAT8_E4M3FNUZ:
    case DMLP_TENSOR_DATA_TYPE_FLOAT8_E5M2: case DMLP_TENSOR_DATA_TYPE_FLOAT8_E5M2FNUZ:
        return 1;
    case DML_TENSOR_DATA_TYPE_FLOAT16: case DML_TENSOR_DATA_TYPE_UINT16:
    case DML_TENSOR_DATA_TYPE_INT16: case DMLP_TENSOR_DATA_TYPE_BFLOAT16:
        return 2;
    case DML_TENSOR_DATA_TYPE_FLOAT32: case DML_TENSOR_DATA_TYPE_UINT32:
    case DML_TENSOR_DATA_TYPE_INT32:
        return 4;
    case DML_TENSOR_DATA_TYPE_FLOAT64: case DML_TENSOR_DATA_TYPE_UINT64:
    case DML_TENSOR_DATA_TYPE_INT64:
        return 8;
    default:
        return 0;
    }
}

static int is_float8(DML_TENSOR_DATA_TYPE t)
{
    return t >= DMLP_TENSOR_DATA_TYPE_FLOAT8_E4M3FN && t <= DMLP_TENSOR_DATA_TYPE_FLOAT8_E5M2FNUZ;
}

static int is_float(DML_TENSOR_DATA_TYPE t)
{
    return t == DML_TENSOR_DATA_TYPE_FLOAT16 || t == DML_TENSOR_DATA_TYPE_FLOAT32 ||
           t == DML_TENSOR_DATA_TYPE_FLOAT64 || t == DMLP_TENSOR_DATA_TYPE_BFLOAT16;
}

/* The union of the ONNX and DirectML type lists (docs/validation.md). */
static int expect_kernel(DML_OPERATOR_TYPE op, DML_TENSOR_DATA_TYPE t)
{
    switch (op) {
    case DML_OPERATOR_ELEMENT_WISE_SIGN: return type_size(t) != 0 && !is_float8(t);
    case DML_OPERATOR_ACTIVATION_SOFTSIGN: return is_float(t);
    case DML_OPERATOR_ELEMENT_WISE_IS_INFINITY: return is_float(t) || is_float8(t);
    default: return 0;
    }
}

static uint64_t rng = 67;

static void check_runs(DML_OPERATOR_TYPE op, DML_TENSOR_DATA_TYPE type,
                       dmlp__unary_kernel fn, const dmlp__kernel_args *args)
{
    size_t isz = type_size(type);
    size_t osz = op == DML_OPERATOR_ELEMENT_WISE_IS_INFINITY ? 1 : isz;
    unsigned char src[MAX_N * 8], whole[MAX_N * 8];
    unsigned char inbuf[MAX_N * 8 + 2 * GUARD], outbuf[MAX_N * 8 + 2 * GUARD];
    for (size_t i = 0; i < sizeof src; i++)
        src[i] = (unsigned char)oracle_random(&rng);
    /* Plant infinities and NaNs so every branch is taken (harmless for the others). */
    if (type == DML_TENSOR_DATA_TYPE_FLOAT32) {
        const uint32_t specials[] = {0x7f800000, 0xff800000, 0x7f800001, 0x80000000};
        memcpy(src + 4 * 5, specials, sizeof specials);
    } else if (isz == 2) {
        const uint16_t specials[] = {0x7c00, 0xfc00, 0x7f80, 0xff80, 0x7c01, 0x8000};
        memcpy(src + 2 * 5, specials, sizeof specials);
    } else if (is_float8(type)) {
        src[3] = 0x7c, src[4] = 0xfc, src[5] = 0x7f, src[6] = 0x80;
    }
    fn(MAX_N, src, whole, args);

    const size_t offsets[] = {0, 1, isz, 3};
    for (size_t n = 0; n <= MAX_N; n++) {
        for (size_t k = 0; k < sizeof offsets / sizeof offsets[0]; k++) {
            size_t off = GUARD + offsets[k];
            /* Out of place. */
            memset(inbuf, 0x5a, sizeof inbuf);
            memcpy(inbuf + off, src, n * isz);
            memset(outbuf, 0xa5, sizeof outbuf);
            fn(n, inbuf + off, outbuf + off, args);
            CHECK(memcmp(outbuf + off, whole, n * osz) == 0, "op %d type 0x%x n %zu off %zu",
                  (int)op, (unsigned)type, n, off);
            int untouched = 1;
            for (size_t i = 0; i < sizeof outbuf; i++)
                if ((i < off || i >= off + n * osz) && outbuf[i] != 0xa5)
                    untouched = 0;
            CHECK(untouched, "op %d type 0x%x n %zu off %zu: wrote outside the run", (int)op,
                  (unsigned)type, n, off);
            CHECK(memcmp(inbuf + off, src, n * isz) == 0, "op %d type 0x%x: input changed",
                  (int)op, (unsigned)type);
            /* In place, where the output type is the input type. */
            if (osz != isz)
                continue;
            memset(inbuf, 0x5a, sizeof inbuf);
            memcpy(inbuf + off, src, sizeof src);
            fn(n, inbuf + off, inbuf + off, args);
            CHECK(memcmp(inbuf + off, whole, n * isz) == 0, "in place: op %d type 0x%x n %zu",
                  (int)op, (unsigned)type, n);
            CHECK(memcmp(inbuf + off + n * isz, src + n * isz, sizeof src - n * isz) == 0,
                  "in place: op %d type 0x%x n %zu wrote past n", (int)op, (unsigned)type, n);
        }
    }
}

int main(void)
{
    const DML_OPERATOR_TYPE ops[] = {DML_OPERATOR_ELEMENT_WISE_SIGN,
                                     DML_OPERATOR_ACTIVATION_SOFTSIGN,
                                     DML_OPERATOR_ELEMENT_WISE_IS_INFINITY,
                                     DML_OPERATOR_INVALID, (DML_OPERATOR_TYPE)53};
    unsigned kernels = 0;
    for (size_t o = 0; o < sizeof ops / sizeof ops[0]; o++) {
        for (size_t t = 0; t < sizeof all_types / sizeof all_types[0]; t++) {
            dmlp__unary_kernel fn = dmlp__reference_kernel(ops[o], all_types[t]);
            int expected = expect_kernel(ops[o], all_types[t]);
            CHECK((fn != NULL) == expected, "op %d type 0x%x: kernel %s", (int)ops[o],
                  (unsigned)all_types[t], fn ? "present" : "missing");
            if (!fn || !expected)
                continue;
            kernels++;
            /* An empty run touches nothing, so no buffer is needed. */
            dmlp__kernel_args none = {.mode = DML_IS_INFINITY_MODE_EITHER};
            fn(0, NULL, NULL, &none);
            for (uint32_t variant = 0; variant < 3; variant++) {
                /* IsInfinity: each mode; Sign: both NaN modes; Softsign: the hint too. */
                dmlp__kernel_args args = {.mode = (DML_IS_INFINITY_MODE)variant,
                                          .nan_propagate = variant & 1,
                                          .streaming = variant >> 1};
                check_runs(ops[o], all_types[t], fn, &args);
            }
        }
    }
    CHECK(kernels == 12 + 4 + 8, "%u reference kernels", kernels);
    return test_finish("test_reference_runs");
}
