/* test_reference_isnan: IsNaN's reference kernels against the tests' model of the formats:
   every f16, bf16 and float8 input, the f32 and f64 edges and random patterns, into a
   UINT8 and a UINT32 output. A NaN is an all-ones exponent with a nonzero fraction
   (oracle_is_nan) in the IEEE-style formats (f16, bf16, f32, f64, float8 E5M2);
   float8 E4M3FN has no infinities and its NaN is the all-ones exponent and fraction,
   either sign; E4M3FNUZ and E5M2FNUZ have one NaN, the encoding of -0 (0x80). */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/kernels.h"
#include "test_reference_oracle.h"

#define ISNAN DML_OPERATOR_ELEMENT_WISE_IS_NAN

static const oracle_format ORACLE_E5M2 = {5, 2};
static const oracle_format ORACLE_E4M3 = {4, 3};

typedef enum kind { IEEE, E4M3FN, FNUZ } kind;

static int model(uint64_t bits, oracle_format f, kind k)
{
    switch (k) {
    case IEEE: return oracle_is_nan(bits, f);
    case E4M3FN:
        return oracle_field_exponent(bits, f) == 15 && oracle_field_mantissa(bits, f) == 7;
    case FNUZ: return bits == 0x80;
    }
    return -1;
}

/* n inputs of `size` bytes through the kernel into both output widths. */
static void check(const char *name, DML_TENSOR_DATA_TYPE type, size_t size, oracle_format f,
                  kind k, const unsigned char *in, size_t n)
{
    dmlp__unary_kernel ref = dmlp__reference_kernel(ISNAN, type);
    CHECK(ref != NULL, "%s: a reference kernel", name);
    if (!ref)
        return;
    unsigned char *out = malloc(n * 4 + 4);
    for (uint32_t wide = 0; wide < 2; wide++) {
        dmlp__kernel_args args;
        memset(&args, 0, sizeof args);
        args.out_size = wide ? 4 : 1;
        memset(out, 0xa5, n * 4 + 4);
        ref(n, in, out, &args);
        for (size_t i = 0; i < n; i++) {
            uint64_t x = 0;
            memcpy(&x, in + i * size, size);
            uint32_t got = 0;
            memcpy(&got, out + i * args.out_size, args.out_size);
            CHECK_BITS(got, (uint32_t)model(x, f, k), "%s 0x%" PRIx64 " into %u bytes", name, x,
                       args.out_size);
        }
        CHECK_BITS(out[n * args.out_size], 0xa5, "%s: the byte past the output", name);
    }
    free(out);
}

static void all_of(const char *name, DML_TENSOR_DATA_TYPE type, size_t size, oracle_format f,
                   kind k)
{
    size_t n = (size_t)1 << (8 * size);
    unsigned char *in = malloc(n * size);
    for (size_t v = 0; v < n; v++)
        memcpy(in + v * size, &v, size);
    check(name, type, size, f, k, in, n);
    free(in);
}

static void sampled(const char *name, DML_TENSOR_DATA_TYPE type, size_t size, oracle_format f)
{
    uint64_t sign = UINT64_C(1) << (8 * size - 1);
    uint64_t inf = ((UINT64_C(1) << f.ebits) - 1) << f.mbits;
    uint64_t frac = (UINT64_C(1) << f.mbits) - 1;
    enum { N = 1 << 16 };
    unsigned char *in = malloc((size_t)N * size);
    uint64_t state = 0x1234567u + size;
    for (size_t i = 0; i < N; i++) {
        uint64_t x;
        if (i < 32) { /* around zero, the infinity and the NaNs' edges, both signs */
            uint64_t base[] = {0, inf, inf + 1, inf | frac, inf - 1, inf | (frac >> 1),
                               inf | ((frac >> 1) + 1), frac, frac + 1, inf + 2,
                               inf | (frac - 1), 1, inf >> 1, (inf | frac) - 2,
                               inf | (UINT64_C(1) << (f.mbits - 1)), 0};
            x = base[i / 2] | ((i & 1) ? sign : 0);
        } else {
            x = oracle_random(&state);
            if (i % 4 == 0) /* exponent all ones more often than at random */
                x |= inf;
        }
        if (size == 4)
            x &= 0xffffffffu;
        memcpy(in + i * size, &x, size);
    }
    check(name, type, size, f, IEEE, in, N);
    free(in);
}

int main(void)
{
    all_of("f16", DML_TENSOR_DATA_TYPE_FLOAT16, 2, ORACLE_F16, IEEE);
    all_of("bf16", DMLP_TENSOR_DATA_TYPE_BFLOAT16, 2, ORACLE_BF16, IEEE);
    all_of("f8e5m2", DMLP_TENSOR_DATA_TYPE_FLOAT8_E5M2, 1, ORACLE_E5M2, IEEE);
    all_of("f8e4m3fn", DMLP_TENSOR_DATA_TYPE_FLOAT8_E4M3FN, 1, ORACLE_E4M3, E4M3FN);
    all_of("f8e4m3fnuz", DMLP_TENSOR_DATA_TYPE_FLOAT8_E4M3FNUZ, 1, ORACLE_E4M3, FNUZ);
    all_of("f8e5m2fnuz", DMLP_TENSOR_DATA_TYPE_FLOAT8_E5M2FNUZ, 1, ORACLE_E5M2, FNUZ);
    sampled("f32", DML_TENSOR_DATA_TYPE_FLOAT32, 4, ORACLE_F32);
    sampled("f64", DML_TENSOR_DATA_TYPE_FLOAT64, 8, ORACLE_F64);

    /* Hand-checked values: the model's counts on the small formats. */
    CHECK_BITS(model(0x7c01, ORACLE_F16, IEEE), 1, "f16 signalling NaN");
    CHECK_BITS(model(0xfc00, ORACLE_F16, IEEE), 0, "f16 -inf");
    CHECK_BITS(model(0xff, ORACLE_E4M3, E4M3FN), 1, "E4M3FN -NaN");
    CHECK_BITS(model(0x7e, ORACLE_E4M3, E4M3FN), 0, "E4M3FN 448");
    CHECK_BITS(model(0x00, ORACLE_E4M3, FNUZ), 0, "FNUZ zero");
    return test_finish("test_reference_isnan");
}
