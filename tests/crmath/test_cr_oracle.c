/* The foundation of the correctly rounded functions, checked before anything rests on it:
   - the library's single rounding of a double into binary32, binary16 and bfloat16
     (src/numeric/cr_round.h) against the C conversion (binary32) and MPFR, on the
     boundaries (ties, the subnormal range, overflow) and on random doubles;
   - the double-double rounding, where the low part decides a tie;
   - the decision test of an approximation with an error bound;
   - the oracle and the sweep end to end: Sqrt, correctly rounded by IEEE 754, through its
     reference and every fast kernel this CPU runs, against MPFR's square root, on every
     16-bit input and a stride of binary32. A bug in the oracle's rounding shows here as
     a mismatch against an operator that is right by construction. */
#include <math.h>
#include <mpfr.h>

#include "crmath/cr_unary_forms.h"
#include "crmath/oracle.h"
#include "kernels/kernels.h"
#include "numeric/cr_round.h"
#include "test_util.h"

static void identity_formula(mpfr_t y, const mpfr_t x, const double *params)
{
    (void)params;
    mpfr_set(y, x, MPFR_RNDN);
}

static const dmlp_oracle identity = {"identity", identity_formula, 0, NULL, 0, 0};

static void sqrt_formula(mpfr_t y, const mpfr_t x, const double *params)
{
    (void)params;
    mpfr_sqrt(y, x, MPFR_RNDN);
}

static double sqrt_filter(double x, const double *params)
{
    (void)params;
    return sqrt(x);
}

static const dmlp_oracle sqrt_oracle = {"sqrt", sqrt_formula, 0, sqrt_filter, 1, 0};

/* One double through the library's narrowing and the oracle's, in all three formats. */
static void check_narrowing(double d)
{
    uint32_t f32 = dmlp__round_f64_to_format(d, DMLP__F32_FORMAT);
    float c = (float)d;
    CHECK_EQ_U64(f32, dmlp__f32_bits(c), "binary32 of %a", d);
    double h = dmlp_oracle_eval(&identity, d, NULL, DMLP_ORACLE_F16);
    uint32_t f16 = dmlp__round_f64_to_format(d, DMLP__F16_FORMAT);
    CHECK_EQ_U64(f16, dmlp__f32_to_f16((float)h), "binary16 of %a", d);
    double b = dmlp_oracle_eval(&identity, d, NULL, DMLP_ORACLE_BF16);
    uint32_t bf16 = dmlp__round_f64_to_format(d, DMLP__BF16_FORMAT);
    CHECK_EQ_U64(bf16, dmlp__f32_to_bf16((float)b), "bfloat16 of %a", d);
}

static void narrowing_cases(void)
{
    /* Around each format's least subnormal, least normal, largest finite and their ties,
       a few binary64 steps either side. */
    const double anchors[] = {
        0x1p-149, 0x1p-150, 0x1.8p-150, 0x1p-126, 0x1.fffffep-127, 0x1.fffffep127,
        0x1.ffffffp127, 0x1.ffffff8p127, 0x1p128, 0x1p-24, 0x1p-25, 0x1.8p-25, 0x1p-14,
        0x1.ffcp15, 0x1.ffdp15, 0x1.ffep15, 65520.0, 65504.0, 0x1p-133, 0x1p-134,
        0x1.8p-134, 0x1.fep127, 0x1.ffp127, 1.0, 0x1.0000008p0, 0x1.001p0, 0x1.002p0,
        0x1.01p0, 0x1.03p0, 3.0, 0x1p-1074, 0x1p-1022, 0x1.fffffffffffffp1023, 0.0,
    };
    for (size_t a = 0; a < sizeof anchors / sizeof anchors[0]; a++)
        for (int sign = 0; sign < 2; sign++)
            for (int step = -3; step <= 3; step++) {
                double d = sign ? -anchors[a] : anchors[a];
                uint64_t bits = dmlp__f64_bits(d);
                if (d == 0 && step < 0)
                    continue;
                check_narrowing(dmlp__f64_from_bits(bits + (uint64_t)(int64_t)step));
            }
    uint64_t rng = 0x243f6a8885a308d3u;
    for (int i = 0; i < (TEST_THIN ? 20000 : 200000); i++) {
        /* exponents of the formats' ranges and beyond, random fractions, every tenth a
           tie of some format */
        uint64_t r = test_rng(&rng);
        int e = (int)(r % 330) - 170;
        double d = ldexp(1.0 + (double)(test_rng(&rng) >> 11) * 0x1p-53, e);
        if (i % 10 == 0) { /* clear the low bits, keep a half: a tie for one format */
            uint64_t bits = dmlp__f64_bits(d);
            int keep = (int)(r >> 40) % 24 + 1;
            bits &= ~((1ull << (52 - keep)) - 1);
            bits |= 1ull << (52 - keep - 1);
            d = dmlp__f64_from_bits(bits);
        }
        check_narrowing(r & (1ull << 63) ? -d : d);
    }
    CHECK_EQ_U64(dmlp__round_f64_to_format(NAN, DMLP__F16_FORMAT) & 0x7e00u, 0x7e00u, "NaN");
    CHECK_EQ_U64(dmlp__round_f64_to_format(-INFINITY, DMLP__BF16_FORMAT), 0xff80u, "-inf");
}

/* A tie of binary16 in hi: lo decides; elsewhere lo changes nothing. */
static void dd_cases(void)
{
    double tie = 1.0 + 0x1p-11; /* halfway between 1 and 1 + 2^-10 */
    CHECK_EQ_U64(dmlp__round_dd_to_format((dmlp__dd){tie, 0x1p-70}, DMLP__F16_FORMAT), 0x3c01u, "above");
    CHECK_EQ_U64(dmlp__round_dd_to_format((dmlp__dd){tie, -0x1p-70}, DMLP__F16_FORMAT), 0x3c00u, "below");
    CHECK_EQ_U64(dmlp__round_dd_to_format((dmlp__dd){tie, 0}, DMLP__F16_FORMAT), 0x3c00u, "even");
    CHECK_EQ_U64(dmlp__round_dd_to_format((dmlp__dd){-tie, -0x1p-70}, DMLP__F16_FORMAT), 0xbc01u, "neg");
    double tie32 = 0x1.000001p-3; /* binary32 tie at 2^-3 */
    CHECK_EQ_U64(dmlp__round_dd_to_format((dmlp__dd){tie32, 0x1p-90}, DMLP__F32_FORMAT),
                 dmlp__f32_bits(0x1.000002p-3f), "f32 above");
    CHECK_EQ_U64(dmlp__round_dd_to_format((dmlp__dd){tie32, -0x1p-90}, DMLP__F32_FORMAT),
                 dmlp__f32_bits(0x1p-3f), "f32 below");
    /* a binary32 subnormal tie: 1.5 * 2^-149 */
    CHECK_EQ_U64(dmlp__round_dd_to_format((dmlp__dd){0x1.8p-149, -0x1p-210}, DMLP__F32_FORMAT), 1u,
                 "subnormal below");
    CHECK_EQ_U64(dmlp__round_dd_to_format((dmlp__dd){0x1.8p-149, 0x1p-210}, DMLP__F32_FORMAT), 2u,
                 "subnormal above");
    CHECK_EQ_U64(dmlp__round_dd_to_format((dmlp__dd){1.25, 0x1p-60}, DMLP__F16_FORMAT), 0x3d00u, "exact");
    /* hi a binary64 step from a tie, lo pointing at it: the value is still past the tie */
    CHECK_EQ_U64(dmlp__round_dd_to_format((dmlp__dd){tie + 0x1p-52, -0x1p-60}, DMLP__F16_FORMAT),
                 0x3c01u, "a step above a tie");
    CHECK_EQ_U64(dmlp__round_dd_to_format((dmlp__dd){tie - 0x1p-52, 0x1p-60}, DMLP__F16_FORMAT),
                 0x3c00u, "a step below a tie");
    CHECK_EQ_U64(dmlp__round_dd_to_format((dmlp__dd){1.0, -0x1p-60}, DMLP__F16_FORMAT), 0x3c00u,
                 "just below a power of two");
    /* random double-doubles against MPFR's rounding of hi + lo */
    uint64_t rng = 0x9e3779b97f4a7c15u;
    for (int i = 0; i < (TEST_THIN ? 2000 : 50000); i++) {
        uint64_t r = test_rng(&rng);
        /* hi within a few steps of a binary16 or binary32 tie, lo of either sign */
        double base = ldexp(1.0 + (double)(r % 1024) * 0x1p-10 + 0x1p-11, (int)(r >> 50) % 29 - 14); /* normal binary16 */
        if (r & 1)
            base = ldexp(1.0 + (double)((r >> 8) % (1u << 23)) * 0x1p-23 + 0x1p-24, (int)(r >> 50) % 60 - 30);
        double hi = dmlp__f64_from_bits(dmlp__f64_bits(base) + (uint64_t)((int64_t)((r >> 40) % 5) - 2));
        double lo = ldexp((double)(test_rng(&rng) >> 12) * 0x1p-52 - 0.5, -54) * hi;
        mpfr_t v;
        mpfr_init2(v, 200);
        mpfr_set_d(v, hi, MPFR_RNDN);
        mpfr_add_d(v, v, lo, MPFR_RNDN);
        for (int f = 0; f < 2; f++) {
            int frac = f ? 23 : 10, exp = f ? 8 : 5;
            if (fabs(hi) < (f ? 0x1p-126 : 0x1p-14)) /* w below would not be subnormal */
                continue;
            mpfr_t w;
            mpfr_init2(w, frac + 1);
            mpfr_set(w, v, MPFR_RNDN);
            double want = mpfr_get_d(w, MPFR_RNDN);
            mpfr_clear(w);
            uint32_t got = dmlp__round_dd_to_format((dmlp__dd){hi, lo}, frac, exp);
            uint32_t expect = dmlp__round_f64_to_format(want, frac, exp);
            CHECK_EQ_U64(got, expect, "(%a, %a) in %s", hi, lo, f ? "binary32" : "binary16");
        }
        mpfr_clear(v);
    }
    /* hi one step below a tie whose even side is above: lo < half a step cannot reach it */
    double odd_tie = 1.0 + 3 * 0x1p-11; /* between 0x3c01 and 0x3c02 */
    CHECK_EQ_U64(dmlp__round_dd_to_format((dmlp__dd){odd_tie - 0x1p-52, 0x1p-60}, DMLP__F16_FORMAT),
                 0x3c01u, "a step below a tie");
    CHECK_EQ_U64(dmlp__round_dd_to_format((dmlp__dd){-(odd_tie - 0x1p-52), -0x1p-60}, DMLP__F16_FORMAT),
                 0xbc01u, "a step below a tie, negative");
    CHECK_EQ_U64(dmlp__round_dd_to_format((dmlp__dd){odd_tie + 0x1p-52, -0x1p-60}, DMLP__F16_FORMAT),
                 0x3c02u, "a step above a tie");
}

static void decided_cases(void)
{
    uint32_t out = 0;
    double tie = 1.0 + 0x1p-24; /* binary32 tie */
    CHECK(!dmlp__round_decided(tie, 1, DMLP__F32_FORMAT, &out), "a tie is undecided");
    CHECK(!dmlp__round_decided(tie + 0x1p-50, 16, DMLP__F32_FORMAT, &out), "near a tie");
    CHECK(dmlp__round_decided(tie + 0x1p-40, 16, DMLP__F32_FORMAT, &out), "far from a tie");
    CHECK_EQ_U64(out, dmlp__f32_bits(1.0f + 0x1p-23f), "rounds up");
    CHECK(dmlp__round_decided(1.0, 1000, DMLP__F16_FORMAT, &out) && out == 0x3c00u, "exact 1");
    CHECK(!dmlp__round_decided(dmlp__f64_from_bits(5), 8, DMLP__F32_FORMAT, &out), "next to zero");
    CHECK(dmlp__round_decided(0x1p200, 8, DMLP__F32_FORMAT, &out) && out == 0x7f800000u, "overflow");
    /* Random values near midpoints and binade edges: a decided answer is the rounding of
       every double within the steps (checked at both ends and at y). */
    uint64_t rng = 0x0123456789abcdefu;
    for (int i = 0; i < (TEST_THIN ? 20000 : 400000); i++) {
        uint64_t r = test_rng(&rng);
        int f = (int)(r % 3);
        int frac = f == 0 ? 23 : f == 1 ? 10 : 7, exp = f == 1 ? 5 : 8;
        uint64_t steps = (r >> 8) % 64;
        double y = ldexp(1.0 + (double)((r >> 20) % 4096) * 0x1p-12, (int)((r >> 40) % 40) - 20);
        uint64_t bits = dmlp__f64_bits(y) + ((r >> 32) % 256) - 128;
        y = dmlp__f64_from_bits(bits);
        if (dmlp__round_decided(y, steps, frac, exp, &out)) {
            uint32_t lo = dmlp__round_f64_to_format(dmlp__f64_from_bits(bits - steps), frac, exp);
            uint32_t hi = dmlp__round_f64_to_format(dmlp__f64_from_bits(bits + steps), frac, exp);
            CHECK(lo == out && hi == out, "%a within %llu steps decided as 0x%x: ends 0x%x 0x%x",
                  y, (unsigned long long)steps, out, lo, hi);
        }
    }
}

typedef struct sqrt_ctx {
    DML_TENSOR_DATA_TYPE type;
} sqrt_ctx;

static uint32_t sqrt_expect(uint32_t x, void *ctx)
{
    sqrt_ctx *c = ctx;
    switch (c->type) {
    case DML_TENSOR_DATA_TYPE_FLOAT32:
        return dmlp_oracle_f32(&sqrt_oracle, x, NULL);
    case DML_TENSOR_DATA_TYPE_FLOAT16:
        return dmlp_oracle_f16(&sqrt_oracle, (uint16_t)x, NULL);
    default:
        return dmlp_oracle_bf16(&sqrt_oracle, (uint16_t)x, NULL);
    }
}

/* Sqrt of one type through its reference and every fast kernel this CPU runs. */
static void sweep_sqrt(DML_TENSOR_DATA_TYPE type, const char *name, uint64_t stride)
{
    sqrt_ctx ctx = {type};
    dmlp_cr_sweep s = {.name = name, .expect = sqrt_expect, .ctx = &ctx};
    dmlp__kernel_args args = {0};
    dmlp_cr_check_op(&s, DML_OPERATOR_ELEMENT_WISE_SQRT, type, &args, "reference", stride);
}

int main(int argc, char **argv)
{
    narrowing_cases();
    dd_cases();
    decided_cases();
    uint64_t stride = dmlp_cr_stride_from_args(argc, argv, TEST_THIN ? 65521 : 4099);
    sweep_sqrt(DML_TENSOR_DATA_TYPE_FLOAT16, "sqrt f16", 0);
    sweep_sqrt(DMLP_TENSOR_DATA_TYPE_BFLOAT16, "sqrt bf16", 0);
    sweep_sqrt(DML_TENSOR_DATA_TYPE_FLOAT32, "sqrt f32", stride);
    mpfr_free_cache();
    return test_finish("test_cr_oracle");
}
