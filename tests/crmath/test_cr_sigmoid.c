/* Sigmoid and Swish (src/numeric/cr_sigmoid.c, src/ops/sigmoid.c, src/ops/swish.c)
   against MPFR:
   - ACTIVATION_SIGMOID's kernels (the reference and every fast kernel this CPU runs) on
     every float16 and bfloat16 input and a stride of binary32 (all 2^32 with --full), bit
     for bit with the correctly rounded result;
   - ACTIVATION_SWISH likewise with SigmoidInputScale 1, and a table of other scales on a
     thinner sample (every 16-bit input with --stride or --full);
   - the special values (±0, ±inf, NaN, the thresholds where results reach 0 and 1);
   - dmlp__sigmoid_fast and dmlp__sigmoid_dd within their stated bounds on random
     arguments, and the float64 kernels correctly rounded on random inputs. */
#include <math.h>
#include <mpfr.h>
#include <string.h>

#include "crmath/cr_op_sweep.h"
#include "numeric/cr_round.h"
#include "numeric/cr_sigmoid.h"

/* 1 / (1 + e^-x) with 12 guard bits: three roundings of 2^-(p+12) each, then y's own:
   within 2 ulps of y's precision. */
static void sigmoid_mpfr(mpfr_t y, const mpfr_t x)
{
    mpfr_t t;
    mpfr_init2(t, mpfr_get_prec(y) + 12);
    mpfr_neg(t, x, MPFR_RNDN);
    mpfr_exp(t, t, MPFR_RNDN);
    mpfr_add_ui(t, t, 1, MPFR_RNDN);
    mpfr_ui_div(y, 1, t, MPFR_RNDN);
    mpfr_clear(t);
}

static void sigmoid_formula(mpfr_t y, const mpfr_t x, const double *params)
{
    (void)params;
    sigmoid_mpfr(y, x);
}

/* glibc's exp is within 1 ulp: the sum and the quotient add 2 */
static double sigmoid_filter(double x, const double *params)
{
    (void)params;
    return 1.0 / (1.0 + exp(-x));
}

static const dmlp_oracle sigmoid_oracle = {"sigmoid", sigmoid_formula, 1, sigmoid_filter, 8, 1};

/* x * sigmoid(s x): s x exactly (106 bits hold two binary64 significands), the sigmoid
   with 12 guard bits, the product rounded once more: within 2 ulps. */
static void swish_formula(mpfr_t y, const mpfr_t x, const double *params)
{
    mpfr_t t, g;
    mpfr_init2(t, 128);
    mpfr_init2(g, mpfr_get_prec(y) + 12);
    mpfr_mul_d(t, x, params[0], MPFR_RNDN);
    sigmoid_mpfr(g, t);
    mpfr_mul(y, g, x, MPFR_RNDN);
    mpfr_clears(t, g, (mpfr_ptr)0);
}

static double swish_filter(double x, const double *params)
{
    return x / (1.0 + exp(-params[0] * x));
}

static const dmlp_oracle swish_oracle = {"swish", swish_formula, 1, swish_filter, 8, 1};

static const uint32_t hard32[] = {
    0x00000000u, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00001u, 0xffa00001u,
    0x00000001u, 0x80000001u, 0x007fffffu, 0x00800000u, 0x33800000u, 0xb3800000u,
    0x41880000u, 0x41887fffu, 0x4188a000u, 0xc2d00000u, 0xc2cfffffu, 0xc2ce0000u,
    0xc2ae0000u, 0xc2aeac50u, 0xc2b00000u, 0x42200000u, 0xc2200000u, 0x7f7fffffu,
    0xff7fffffu, 0x3f800000u, 0xbf800000u,
};

static void sweeps(uint64_t stride, int wide)
{
    DML_OPERATOR_TYPE sig = DML_OPERATOR_ACTIVATION_SIGMOID, sw = DML_OPERATOR_ACTIVATION_SWISH;
    /* Sigmoid: every 16-bit input; Swish's default scale every third one in the suite
       (MPFR answers each 16-bit input: time), all with --stride or --full. */
    uint64_t step = TEST_THIN ? 7 : 1, swish_step = TEST_THIN ? 21 : wide ? 1 : 3;
    size_t hn = sizeof hard32 / sizeof hard32[0];
    op_sweep_run("sigmoid f16", sig, DML_TENSOR_DATA_TYPE_FLOAT16, &sigmoid_oracle, NULL, 0, step, 0, NULL, 0);
    op_sweep_run("sigmoid bf16", sig, DMLP_TENSOR_DATA_TYPE_BFLOAT16, &sigmoid_oracle, NULL, 0, step, 0, NULL, 0);
    op_sweep_run("sigmoid f32", sig, DML_TENSOR_DATA_TYPE_FLOAT32, &sigmoid_oracle, NULL, 0, 0, stride, hard32, hn);
    const float one = 1.0f;
    op_sweep_run("swish f16", sw, DML_TENSOR_DATA_TYPE_FLOAT16, &swish_oracle, &one, 1, swish_step, 0, NULL, 0);
    op_sweep_run("swish bf16", sw, DMLP_TENSOR_DATA_TYPE_BFLOAT16, &swish_oracle, &one, 1, swish_step, 0, NULL, 0);
    op_sweep_run("swish f32", sw, DML_TENSOR_DATA_TYPE_FLOAT32, &swish_oracle, &one, 1, 0, stride, hard32, hn);
    /* other scales: 1.702 (GELU's sigmoid approximation), 0.5, -1, 1e-3, a large and a
       subnormal-making one */
    static const float scales[] = {1.702f, 0.5f, -1.0f, 1e-3f, 1e20f, 0x1p-140f};
    for (size_t i = 0; i < sizeof scales / sizeof scales[0]; i++) {
        char name[64];
        uint64_t thin16 = wide ? 1 : TEST_THIN ? 257 : 61;
        uint64_t thin32 = stride * 17;
        snprintf(name, sizeof name, "swish(%g) f16", scales[i]);
        op_sweep_run(name, sw, DML_TENSOR_DATA_TYPE_FLOAT16, &swish_oracle, &scales[i], 1, thin16, 0, NULL, 0);
        snprintf(name, sizeof name, "swish(%g) bf16", scales[i]);
        op_sweep_run(name, sw, DMLP_TENSOR_DATA_TYPE_BFLOAT16, &swish_oracle, &scales[i], 1, thin16, 0, NULL, 0);
        snprintf(name, sizeof name, "swish(%g) f32", scales[i]);
        op_sweep_run(name, sw, DML_TENSOR_DATA_TYPE_FLOAT32, &swish_oracle, &scales[i], 1, 0, thin32, hard32, hn);
    }
}

/* The results docs/operators.md states, through the reference kernels. */
static void specials(void)
{
    DML_OPERATOR_TYPE sig = DML_OPERATOR_ACTIVATION_SIGMOID, sw = DML_OPERATOR_ACTIVATION_SWISH;
    DML_TENSOR_DATA_TYPE f32 = DML_TENSOR_DATA_TYPE_FLOAT32, f16 = DML_TENSOR_DATA_TYPE_FLOAT16;
    DML_TENSOR_DATA_TYPE bf16 = DMLP_TENSOR_DATA_TYPE_BFLOAT16, f64 = DML_TENSOR_DATA_TYPE_FLOAT64;
    static const struct { uint32_t x, y; } s32[] = {
        {0x00000000u, 0x3f000000u}, {0x80000000u, 0x3f000000u}, /* ±0: 0.5 */
        {0x7f800000u, 0x3f800000u}, {0xff800000u, 0x00000000u}, /* +inf 1, -inf +0 */
        {0x7fa00001u, 0x7fe00001u}, {0xffa00001u, 0xffe00001u}, /* NaN: quiet, payload */
        {0x00000001u, 0x3f000000u}, /* a subnormal: 0.5 */
        {0x41880000u, 0x3f7fffffu}, /* 17: below 1 - 2^-25 still */
        {0x41900000u, 0x3f800000u}, /* 18: 1 */
        {0xc2ce0000u, 0x00000001u}, /* -103: e^-103 ~ 1.8 * 2^-149 rounds to the least */
        {0xc2d00000u, 0x00000000u}, /* -104: below half the least subnormal */
        {0xc2ae0000u, 0x00b33687u}, /* -87: just above the least normal */
        {0xc2b00000u, 0x0041edc4u}, /* -88: a subnormal result */
    };
    for (size_t i = 0; i < sizeof s32 / sizeof s32[0]; i++) {
        uint64_t y = op_one(sig, f32, NULL, 0, s32[i].x);
        CHECK_EQ_U64(y, s32[i].y, "sigmoid f32 of 0x%08x", s32[i].x);
        CHECK_EQ_U64(y, dmlp_oracle_f32(&sigmoid_oracle, s32[i].x, NULL), "oracle of 0x%08x", s32[i].x);
    }
    CHECK_EQ_U64(op_one(sig, f16, NULL, 0, 0x7c00u), 0x3c00u, "f16 +inf");
    CHECK_EQ_U64(op_one(sig, f16, NULL, 0, 0xfc00u), 0x0000u, "f16 -inf");
    CHECK_EQ_U64(op_one(sig, f16, NULL, 0, 0x7d01u), 0x7f01u, "f16 NaN");
    CHECK_EQ_U64(op_one(sig, bf16, NULL, 0, 0xff81u), 0xffc1u, "bf16 NaN");
    CHECK_EQ_U64(op_one(sig, f64, NULL, 0, 0xfff0000000000000u), 0, "f64 -inf");
    CHECK_EQ_U64(op_one(sig, f64, NULL, 0, 0x8000000000000000u), 0x3fe0000000000000u, "f64 -0");
    /* Swish: signed zeros, IEEE's products at the infinities */
    const float one = 1.0f, zero = 0.0f, minus = -1.0f, nan_scale = NAN;
    CHECK_EQ_U64(op_one(sw, f32, &one, 1, 0x80000000u), 0x80000000u, "swish -0");
    CHECK_EQ_U64(op_one(sw, f32, &one, 1, 0x7f800000u), 0x7f800000u, "swish +inf");
    CHECK_EQ_U64(op_one(sw, f32, &one, 1, 0xff800000u), 0x7fc00000u, "swish -inf: -inf * 0");
    CHECK_EQ_U64(op_one(sw, f32, &minus, 1, 0x7f800000u), 0x7fc00000u, "swish(-1) +inf");
    CHECK_EQ_U64(op_one(sw, f32, &minus, 1, 0xff800000u), 0xff800000u, "swish(-1) -inf");
    CHECK_EQ_U64(op_one(sw, f32, &zero, 1, 0x7f800000u), 0x7fc00000u, "swish(0) inf: 0 * inf");
    CHECK_EQ_U64(op_one(sw, f32, &zero, 1, 0x40000000u), 0x3f800000u, "swish(0) 2: 1");
    CHECK_EQ_U64(op_one(sw, f32, &nan_scale, 1, 0x3f800000u), 0x7fc00000u, "NaN scale");
    CHECK_EQ_U64(op_one(sw, f32, &one, 1, 0xffa00001u), 0xffe00001u, "swish NaN");
    CHECK_EQ_U64(op_one(sw, f32, &one, 1, 0x00000001u), 0x00000001u,
                 "swish of the least subnormal: just above 2^-150, up (no tie to +0)");
    CHECK_EQ_U64(op_one(sw, f32, &one, 1, 0x00000003u), 0x00000002u, "swish 3 * 2^-149: 1.5 rounds to 2");
    CHECK_EQ_U64(op_one(sw, f16, &one, 1, 0xfc00u), 0x7e00u, "swish f16 -inf");
    CHECK_EQ_U64(op_one(sw, f64, &one, 1, 0xfff0000000000000u), 0x7ff8000000000000u, "f64 -inf");
}

/* |approx - exact| / |exact| as log2, MPFR at 400 bits. */
static double rel_err_log2(mpfr_t exact, double hi, double lo)
{
    mpfr_t a, d;
    mpfr_inits2(400, a, d, (mpfr_ptr)0);
    mpfr_set_d(a, hi, MPFR_RNDN);
    mpfr_add_d(a, a, lo, MPFR_RNDN);
    mpfr_sub(d, a, exact, MPFR_RNDN);
    mpfr_div(d, d, exact, MPFR_RNDN);
    double r = mpfr_zero_p(d) ? -1000.0 : log2(fabs(mpfr_get_d(d, MPFR_RNDN)));
    mpfr_clears(a, d, (mpfr_ptr)0);
    return r;
}

static void bounds(void)
{
    uint64_t rng = 0x2545f4914f6cdd1du;
    int samples = TEST_THIN ? 1000 : 12000;
    double worst_fast = -1000, worst_dd = -1000;
    unsigned long sig_wrong = 0, swish_wrong = 0;
    mpfr_t x, y;
    mpfr_inits2(400, x, y, (mpfr_ptr)0);
    for (int i = 0; i < samples; i++) {
        uint64_t r = test_rng(&rng);
        double u = (double)(r >> 11) * 0x1p-53, t;
        switch (i % 3) {
        case 0: t = -708.0 + 1416.0 * u; break;                         /* the whole range */
        case 1: t = ldexp(u, -(int)(r % 64)) * (r & 1 ? 1 : -1); break; /* small */
        default: t = -110.0 + 160.0 * u; break;                         /* the narrow range */
        }
        mpfr_set_d(x, t, MPFR_RNDN);
        sigmoid_mpfr(y, x);
        double e = rel_err_log2(y, dmlp__sigmoid_fast(t), 0);
        worst_fast = e > worst_fast ? e : worst_fast;
        if (t >= -600 && t <= 670) {
            double lo = ldexp(t, -54) * ((double)(test_rng(&rng) >> 11) * 0x1p-53 - 0.5);
            mpfr_add_d(x, x, lo, MPFR_RNDN);
            sigmoid_mpfr(y, x);
            dmlp__dd d = dmlp__sigmoid_dd((dmlp__dd){t, lo});
            e = rel_err_log2(y, d.hi, d.lo);
            worst_dd = e > worst_dd ? e : worst_dd;
        }
        /* float64 kernels: sigmoid of t, swish of t with a random scale */
        double want = dmlp_oracle_eval(&sigmoid_oracle, t, NULL, DMLP_ORACLE_F64);
        if (dmlp__cr_sigmoid_f64(t) != want && sig_wrong++ < 5)
            fprintf(stderr, "  sigmoid f64 of %a: %a, correctly rounded %a\n", t, dmlp__cr_sigmoid_f64(t), want);
        double s = ldexp(1.0 + (double)(test_rng(&rng) >> 11) * 0x1p-53, (int)(r >> 59) - 16) * (r & 2 ? 1 : -1);
        double xs = i % 5 == 0 ? ldexp(t, (int)(r >> 56) % 64 + 300) : t; /* large x: the scaled path */
        double sv[1] = {s};
        want = dmlp_oracle_eval(&swish_oracle, xs, sv, DMLP_ORACLE_F64);
        double got = dmlp__cr_swish_f64(xs, s);
        if (got != want && !(fabs(want) < 0x1p-969 && fabs(got - want) <= 0x1p-1074) && swish_wrong++ < 5)
            fprintf(stderr, "  swish f64 of %a, scale %a: %a, correctly rounded %a\n", xs, s, got, want);
    }
    mpfr_clears(x, y, (mpfr_ptr)0);
    printf("  %d samples: fast 2^%.2f, dd 2^%.2f; f64 not correctly rounded: sigmoid %lu, swish %lu\n",
           samples, worst_fast, worst_dd, sig_wrong, swish_wrong);
    CHECK(worst_fast < log2(3.1) - 53, "sigmoid_fast within 3.1 * 2^-53: 2^%.3f", worst_fast);
    CHECK(worst_dd < -98, "sigmoid_dd within 2^-98: 2^%.2f", worst_dd);
    CHECK(sig_wrong == 0, "sigmoid f64 correctly rounded on every sample: %lu not", sig_wrong);
    CHECK(swish_wrong == 0, "swish f64 correctly rounded on every sample: %lu not", swish_wrong);
}

int main(int argc, char **argv)
{
    uint64_t stride = dmlp_cr_stride_from_args(argc, argv, TEST_THIN ? 65521 : 4099);
    int wide = stride != (TEST_THIN ? 65521u : 4099u); /* --stride or --full */
    specials();
    bounds();
    sweeps(stride, wide);
    mpfr_free_cache();
    return test_finish("test_cr_sigmoid");
}
