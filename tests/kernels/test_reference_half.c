/* Reference kernels on every 16-bit float input (FLOAT16, BFLOAT16: Sign in both NaN
   modes, Softsign, IsInfinity in all three modes) and every float8 input (IsInfinity),
   against expected values built by test_reference_oracle.h. Also checks docs/operators.md's two
   claims about 16-bit Softsign: the f32 route is correctly rounded for every input,
   and f16 arithmetic misrounds 11,558 of them. Sign and Softsign run again with the CPU
   set to flush subnormals (where it has such a mode): the results must not change. */
#include "kernels/kernels.h"
#include "test_reference_oracle.h"
#include "test_util.h"

static uint16_t in16[65536], out16[65536];
static uint8_t out8[65536];

static void run(DML_OPERATOR_TYPE op, DML_TENSOR_DATA_TYPE type, const dmlp__kernel_args *args,
                const void *in, void *out, size_t n)
{
    dmlp__unary_kernel fn = dmlp__reference_kernel(op, type);
    CHECK(fn != NULL, "reference kernel for op %d type 0x%x", (int)op, (unsigned)type);
    if (fn)
        fn(n, in, out, args);
}

static void fill_all_16(void)
{
    for (uint32_t i = 0; i < 65536; i++)
        in16[i] = (uint16_t)i;
}

static void check_sign(DML_TENSOR_DATA_TYPE type, oracle_format f, const char *name)
{
    for (uint32_t nan_propagate = 0; nan_propagate <= 1; nan_propagate++) {
        dmlp__kernel_args args = {.nan_propagate = nan_propagate};
        memset(out16, 0xa5, sizeof out16);
        run(DML_OPERATOR_ELEMENT_WISE_SIGN, type, &args, in16, out16, 65536);
        for (uint32_t i = 0; i < 65536; i++) {
            uint64_t expected;
            if (oracle_is_nan(i, f)) {
                expected = nan_propagate ? (i | (UINT64_C(1) << (f.mbits - 1))) : 0;
            } else {
                double x = oracle_is_inf(i, f) ? (oracle_negative(i, f) ? -1.0 : 1.0)
                                               : oracle_decode(i, f);
                expected = oracle_encode(x > 0 ? 1.0 : x < 0 ? -1.0 : 0.0, f);
            }
            CHECK_BITS(out16[i], expected, "%s sign(0x%04x) nan_propagate=%u", name,
                         (unsigned)i, (unsigned)nan_propagate);
        }
    }
}

/* x / (1 + |x|) correctly rounded to f, x finite and nonzero, by integer division.
   x = M * 2^E; far out (only bf16 reaches there) the answer is plain: for |x| >= 2^47
   the quotient is within 2^-47 of 1, for |x| < 2^-47 within |x| * 2^-47 of x, both far
   below half a unit in the last place of an 8-bit significand. */
static double true_softsign(uint32_t bits, oracle_format f)
{
    int e = (int)oracle_field_exponent(bits, f);
    uint64_t m = oracle_field_mantissa(bits, f);
    if (e != 0)
        m |= UINT64_C(1) << f.mbits;
    int E = (e == 0 ? 1 : e) - oracle_bias(f) - f.mbits;
    double sign = oracle_negative(bits, f) ? -1.0 : 1.0;
    if (E > 40)
        return sign;
    if (E < -55)
        return oracle_decode(bits, f);
    uint64_t a, b;
    if (E >= 0) {
        a = m << E;
        b = a + 1;
    } else {
        a = m;
        b = (UINT64_C(1) << -E) + m;
    }
    return sign * oracle_round_quotient(a, b, f.mbits + 1, 1 - oracle_bias(f));
}

static void check_softsign(DML_TENSOR_DATA_TYPE type, oracle_format f, const char *name)
{
    dmlp__kernel_args args = {.mode = DML_IS_INFINITY_MODE_EITHER};
    memset(out16, 0xa5, sizeof out16);
    run(DML_OPERATOR_ACTIVATION_SOFTSIGN, type, &args, in16, out16, 65536);
    uint64_t quiet = UINT64_C(1) << (f.mbits - 1);
    uint64_t default_nan = (((UINT64_C(1) << f.ebits) - 1) << f.mbits) | quiet;
    unsigned long not_correctly_rounded = 0, f16_arithmetic_misrounds = 0;
    for (uint32_t i = 0; i < 65536; i++) {
        if (oracle_is_nan(i, f)) {
            CHECK_BITS(out16[i], i | quiet, "%s softsign(NaN 0x%04x)", name, (unsigned)i);
            continue;
        }
        if (oracle_is_inf(i, f)) {
            CHECK_BITS(out16[i], default_nan, "%s softsign(inf 0x%04x)", name, (unsigned)i);
            continue;
        }
        /* docs/operators.md's definition: t = 1 + |x| and x / t each rounded to binary32, then
           the result rounded once to f. Here both are computed in binary64 and rounded
           to 24 bits by oracle_round; a binary64 sum or quotient of binary32 operands
           rounded again to binary32 is the correctly rounded binary32 result, because
           53 >= 2 * 24 + 1 (Figueroa, "When is double rounding innocuous?", 1995). No
           quotient here is subnormal in binary32 unless t == 1, where it is exact. */
        double x = oracle_decode(i, f);
        double t = oracle_round(1.0 + fabs(x), 24, -126);
        double q = oracle_round(x / t, 24, -126);
        uint64_t expected = oracle_encode(oracle_round_format(q, f), f);
        CHECK_BITS(out16[i], expected, "%s softsign(0x%04x)", name, (unsigned)i);
        if (x == 0)
            continue;
        uint64_t best = oracle_encode(true_softsign(i, f), f);
        if (out16[i] != best)
            not_correctly_rounded++;
        if (f.ebits == 5) { /* every f16 operation rounded to f16 (numpy's way) */
            double t16 = oracle_round(1.0 + fabs(x), 11, -14); /* the sum is exact */
            double q16 = oracle_round(x / t16, 11, -14);
            if (oracle_encode(q16, f) != best)
                f16_arithmetic_misrounds++;
        }
    }
    printf("%s softsign: %lu finite inputs not correctly rounded\n", name,
           not_correctly_rounded);
    CHECK(not_correctly_rounded == 0, "%s softsign: %lu inputs not correctly rounded", name,
          not_correctly_rounded);
    if (f.ebits == 5) {
        printf("%s softsign in f16 arithmetic: %lu inputs misrounded\n", name,
               f16_arithmetic_misrounds);
        CHECK(f16_arithmetic_misrounds == 11558, "docs/operators.md's count 11558 vs %lu",
              f16_arithmetic_misrounds);
    }
}

static int mode_selects(DML_IS_INFINITY_MODE mode, int negative)
{
    return mode == DML_IS_INFINITY_MODE_EITHER ||
           (mode == DML_IS_INFINITY_MODE_POSITIVE && !negative) ||
           (mode == DML_IS_INFINITY_MODE_NEGATIVE && negative);
}

static const DML_IS_INFINITY_MODE modes[3] = {DML_IS_INFINITY_MODE_EITHER,
                                              DML_IS_INFINITY_MODE_POSITIVE,
                                              DML_IS_INFINITY_MODE_NEGATIVE};

static void check_isinf16(DML_TENSOR_DATA_TYPE type, oracle_format f, const char *name)
{
    for (int m = 0; m < 3; m++) {
        dmlp__kernel_args args = {.mode = modes[m]};
        memset(out8, 0xa5, sizeof out8);
        run(DML_OPERATOR_ELEMENT_WISE_IS_INFINITY, type, &args, in16, out8, 65536);
        for (uint32_t i = 0; i < 65536; i++) {
            int expected = oracle_is_inf(i, f) && mode_selects(modes[m], oracle_negative(i, f));
            CHECK_BITS(out8[i], expected, "%s isinf(0x%04x) mode %d", name, (unsigned)i, m);
        }
    }
}

/* float8: only E5M2 has infinities (IEEE-like, S.11111.00); the others spend those
   encodings on finite numbers or NaN. */
static void check_isinf8(DML_TENSOR_DATA_TYPE type, oracle_format f, int has_inf,
                         const char *name)
{
    uint8_t in[256], out[256];
    for (int i = 0; i < 256; i++)
        in[i] = (uint8_t)i;
    for (int m = 0; m < 3; m++) {
        dmlp__kernel_args args = {.mode = modes[m]};
        memset(out, 0xa5, sizeof out);
        run(DML_OPERATOR_ELEMENT_WISE_IS_INFINITY, type, &args, in, out, 256);
        for (uint32_t i = 0; i < 256; i++) {
            int expected = has_inf && oracle_is_inf(i, f) &&
                           mode_selects(modes[m], oracle_negative(i, f));
            CHECK_BITS(out[i], expected, "%s isinf(0x%02x) mode %d", name, (unsigned)i, m);
        }

    }
    /* Spot checks of the encodings themselves. */
    if (has_inf) {
        CHECK(oracle_is_inf(0x7c, f) && oracle_is_inf(0xfc, f), "%s", name);
        CHECK(!oracle_is_inf(0x7b, f) && !oracle_is_inf(0x7d, f), "%s", name);
    }
}

int main(void)
{
    fill_all_16();
    check_sign(DML_TENSOR_DATA_TYPE_FLOAT16, ORACLE_F16, "f16");
    check_sign(DMLP_TENSOR_DATA_TYPE_BFLOAT16, ORACLE_BF16, "bf16");
    check_softsign(DML_TENSOR_DATA_TYPE_FLOAT16, ORACLE_F16, "f16");
    check_softsign(DMLP_TENSOR_DATA_TYPE_BFLOAT16, ORACLE_BF16, "bf16");
    if (oracle_flush_denormals(1)) { /* bf16 subnormals are f32 subnormals */
        check_sign(DMLP_TENSOR_DATA_TYPE_BFLOAT16, ORACLE_BF16, "bf16 (flushing)");
        check_softsign(DMLP_TENSOR_DATA_TYPE_BFLOAT16, ORACLE_BF16, "bf16 (flushing)");
        check_softsign(DML_TENSOR_DATA_TYPE_FLOAT16, ORACLE_F16, "f16 (flushing)");
        oracle_flush_denormals(0);
    }
    check_isinf16(DML_TENSOR_DATA_TYPE_FLOAT16, ORACLE_F16, "f16");
    check_isinf16(DMLP_TENSOR_DATA_TYPE_BFLOAT16, ORACLE_BF16, "bf16");
    const oracle_format e4m3 = {4, 3}, e5m2 = {5, 2};
    check_isinf8(DMLP_TENSOR_DATA_TYPE_FLOAT8_E4M3FN, e4m3, 0, "f8e4m3fn");
    check_isinf8(DMLP_TENSOR_DATA_TYPE_FLOAT8_E4M3FNUZ, e4m3, 0, "f8e4m3fnuz");
    check_isinf8(DMLP_TENSOR_DATA_TYPE_FLOAT8_E5M2, e5m2, 1, "f8e5m2");
    check_isinf8(DMLP_TENSOR_DATA_TYPE_FLOAT8_E5M2FNUZ, e5m2, 0, "f8e5m2fnuz");

    /* The oracle itself, on values known by heart. */
    CHECK_BITS(oracle_encode(1.0, ORACLE_F16), 0x3c00, "oracle");
    CHECK_BITS(oracle_encode(-1.0, ORACLE_BF16), 0xbf80, "oracle");
    CHECK_BITS(oracle_encode(ldexp(1, -24), ORACLE_F16), 0x0001, "oracle");
    CHECK_BITS(oracle_encode(65504.0, ORACLE_F16), 0x7bff, "oracle");
    CHECK(oracle_decode(0x0001, ORACLE_F16) == ldexp(1, -24), "oracle");
    CHECK(oracle_round(1.0 + ldexp(1, -11), 11, -14) == 1.0, "oracle: tie to even, down");
    CHECK(oracle_round(1.0 + 3 * ldexp(1, -11), 11, -14) == 1.0 + ldexp(1, -9),
          "oracle: tie to even, up");
    CHECK(oracle_round(ldexp(1, -25), 11, -14) == 0.0, "oracle: subnormal tie");
    CHECK(oracle_round_quotient(1, 3, 11, -14) == oracle_round(1.0 / 3.0, 11, -14), "oracle");
    return test_finish("test_reference_half");
}
