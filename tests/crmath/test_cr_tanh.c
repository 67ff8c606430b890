/* Tanh and ScaledTanh (src/numeric/cr_tanh.c, src/ops/tanh.c, activation_tanh.c,
   scaled_tanh.c) against MPFR:
   - ELEMENT_WISE_TANH's and ACTIVATION_TANH's kernels (the reference and every fast
     kernel this CPU runs) on every float16 and bfloat16 input and a stride of binary32
     (all 2^32 with --full), bit for bit with the correctly rounded result;
   - ACTIVATION_SCALED_TANH with DirectML's default members (1, 0.5) likewise, and a table
     of others (LeCun's 1.7159 and 0.6667, -1, 1e-3, ...) on a thinner sample (every
     16-bit input with --stride or --full);
   - the special values (±0, ±inf, NaN, subnormals, the thresholds where results reach
     ±1);
   - dmlp__tanh_fast and dmlp__tanh_dd within their stated bounds on random arguments, and
     the float64 kernels correctly rounded on random inputs. */
#include <math.h>
#include <mpfr.h>
#include <string.h>

#include "crmath/cr_op_sweep.h"
#include "numeric/cr_round.h"
#include "numeric/cr_tanh.h"

static void tanh_formula(mpfr_t y, const mpfr_t x, const double *params)
{
    (void)params;
    mpfr_tanh(y, x, MPFR_RNDN);
}

/* glibc documents tanh within 2 ulps */
static double tanh_filter(double x, const double *params)
{
    (void)params;
    return tanh(x);
}

static const dmlp_oracle tanh_oracle = {"tanh", tanh_formula, 0, tanh_filter, 8, 0};

/* alpha tanh(beta x): beta x exactly (106 bits), tanh with 12 guard bits, the product
   rounded once more: within 2 ulps. */
static void scaled_formula(mpfr_t y, const mpfr_t x, const double *params)
{
    mpfr_t t;
    mpfr_init2(t, 128);
    mpfr_mul_d(t, x, params[1], MPFR_RNDN);
    mpfr_t g;
    mpfr_init2(g, mpfr_get_prec(y) + 12);
    mpfr_tanh(g, t, MPFR_RNDN);
    mpfr_mul_d(y, g, params[0], MPFR_RNDN);
    mpfr_clears(t, g, (mpfr_ptr)0);
}

static double scaled_filter(double x, const double *params)
{
    return params[0] * tanh(params[1] * x);
}

static const dmlp_oracle scaled_oracle = {"scaled_tanh", scaled_formula, 1, scaled_filter, 8, 0};

static const uint32_t hard32[] = {
    0x00000000u, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00001u, 0xffa00001u,
    0x00000001u, 0x80000001u, 0x007fffffu, 0x00800000u, 0x39800000u, 0xb9800000u,
    0x3d000000u, 0x3cffffffu, 0x41100000u, 0x41102000u, 0x41104000u, 0x41200000u,
    0xc1100000u, 0x41a00000u, 0x7f7fffffu, 0xff7fffffu, 0x3f800000u, 0xbf800000u,
};

static void sweeps(uint64_t stride, int wide)
{
    DML_OPERATOR_TYPE ew = DML_OPERATOR_ELEMENT_WISE_TANH, act = DML_OPERATOR_ACTIVATION_TANH;
    DML_OPERATOR_TYPE sc = DML_OPERATOR_ACTIVATION_SCALED_TANH;
    DML_TENSOR_DATA_TYPE f16 = DML_TENSOR_DATA_TYPE_FLOAT16, f32 = DML_TENSOR_DATA_TYPE_FLOAT32;
    DML_TENSOR_DATA_TYPE bf16 = DMLP_TENSOR_DATA_TYPE_BFLOAT16;
    uint64_t step = TEST_THIN ? 7 : 1, act_step = TEST_THIN ? 21 : wide ? 1 : 3;
    size_t hn = sizeof hard32 / sizeof hard32[0];
    op_sweep_run("tanh f16", ew, f16, &tanh_oracle, NULL, 0, step, 0, NULL, 0);
    op_sweep_run("tanh bf16", ew, bf16, &tanh_oracle, NULL, 0, step, 0, NULL, 0);
    op_sweep_run("tanh f32", ew, f32, &tanh_oracle, NULL, 0, 0, stride, hard32, hn);
    /* ACTIVATION_TANH shares the core: a thinner 16-bit sample, the same binary32 one */
    op_sweep_run("activation_tanh f16", act, f16, &tanh_oracle, NULL, 0, act_step, 0, NULL, 0);
    op_sweep_run("activation_tanh bf16", act, bf16, &tanh_oracle, NULL, 0, act_step, 0, NULL, 0);
    op_sweep_run("activation_tanh f32", act, f32, &tanh_oracle, NULL, 0, 0, stride, hard32, hn);
    static const float members[][2] = {
        {1.0f, 0.5f}, {1.7159f, 0.6667f}, {1.0f, 1.0f}, {-1.0f, 1.0f}, {0.5f, -2.0f},
        {1e-3f, 1e3f}, {1e30f, 1e-30f}, {3.0f, 0x1p-140f},
    };
    for (size_t i = 0; i < sizeof members / sizeof members[0]; i++) {
        char name[80];
        uint64_t thin16 = i == 0 ? act_step : wide ? 1 : TEST_THIN ? 257 : 61;
        uint64_t thin32 = i == 0 ? stride : stride * 17;
        snprintf(name, sizeof name, "scaled_tanh(%g, %g) f16", members[i][0], members[i][1]);
        op_sweep_run(name, sc, f16, &scaled_oracle, members[i], 2, thin16, 0, NULL, 0);
        snprintf(name, sizeof name, "scaled_tanh(%g, %g) bf16", members[i][0], members[i][1]);
        op_sweep_run(name, sc, bf16, &scaled_oracle, members[i], 2, thin16, 0, NULL, 0);
        snprintf(name, sizeof name, "scaled_tanh(%g, %g) f32", members[i][0], members[i][1]);
        op_sweep_run(name, sc, f32, &scaled_oracle, members[i], 2, 0, thin32, hard32, hn);
    }
}

/* The results docs/operators.md states, through the reference kernels. */
static void specials(void)
{
    DML_OPERATOR_TYPE ew = DML_OPERATOR_ELEMENT_WISE_TANH, sc = DML_OPERATOR_ACTIVATION_SCALED_TANH;
    DML_TENSOR_DATA_TYPE f32 = DML_TENSOR_DATA_TYPE_FLOAT32, f16 = DML_TENSOR_DATA_TYPE_FLOAT16;
    DML_TENSOR_DATA_TYPE bf16 = DMLP_TENSOR_DATA_TYPE_BFLOAT16, f64 = DML_TENSOR_DATA_TYPE_FLOAT64;
    static const struct { uint32_t x, y; } s32[] = {
        {0x00000000u, 0x00000000u}, {0x80000000u, 0x80000000u}, /* ±0 */
        {0x7f800000u, 0x3f800000u}, {0xff800000u, 0xbf800000u}, /* ±inf: ±1 */
        {0x7fa00001u, 0x7fe00001u}, {0xffa00001u, 0xffe00001u}, /* NaN: quiet, payload */
        {0x00000001u, 0x00000001u}, {0x807fffffu, 0x807fffffu}, /* subnormals: x */
        {0x39800000u, 0x39800000u}, /* 2^-12: x (x^3/3 is 2^-25.6 of x, below half an ulp) */
        {0x3a000000u, 0x39ffffffu}, /* 2^-11: x^3/3 takes it a step down */
        {0x41100000u, 0x3f7fffffu}, /* 9: 1 - 2^-24 still */
        {0x41104000u, 0x3f800000u}, /* 9.015625: 1 */
        {0xc1200000u, 0xbf800000u}, /* -10: -1 */
    };
    for (size_t i = 0; i < sizeof s32 / sizeof s32[0]; i++) {
        uint64_t y = op_one(ew, f32, NULL, 0, s32[i].x);
        CHECK_EQ_U64(y, s32[i].y, "tanh f32 of 0x%08x", s32[i].x);
        CHECK_EQ_U64(y, dmlp_oracle_f32(&tanh_oracle, s32[i].x, NULL), "oracle of 0x%08x", s32[i].x);
    }
    CHECK_EQ_U64(op_one(ew, f16, NULL, 0, 0xfc00u), 0xbc00u, "f16 -inf");
    CHECK_EQ_U64(op_one(ew, f16, NULL, 0, 0x8001u), 0x8001u, "f16 subnormal");
    CHECK_EQ_U64(op_one(ew, f16, NULL, 0, 0x4880u), 0x3c00u, "f16 9: 1");
    CHECK_EQ_U64(op_one(ew, f16, NULL, 0, 0x7d01u), 0x7f01u, "f16 NaN");
    CHECK_EQ_U64(op_one(ew, bf16, NULL, 0, 0xff81u), 0xffc1u, "bf16 NaN");
    CHECK_EQ_U64(op_one(ew, f64, NULL, 0, 0x8000000000000001u), 0x8000000000000001u, "f64 subnormal");
    CHECK_EQ_U64(op_one(ew, f64, NULL, 0, 0x7ff0000000000000u), 0x3ff0000000000000u, "f64 +inf");
    /* ScaledTanh: IEEE's products at the special members */
    const float lecun[2] = {1.7159f, 0.6667f}, inf_beta[2] = {1.0f, INFINITY};
    const float inf_alpha[2] = {INFINITY, 1.0f}, zero_alpha[2] = {-0.0f, 1.0f};
    const float nan_alpha[2] = {NAN, 1.0f};
    CHECK_EQ_U64(op_one(sc, f32, lecun, 2, 0x7f800000u), 0x3fdba29cu, "alpha at +inf: 1.7159f");
    CHECK_EQ_U64(op_one(sc, f32, lecun, 2, 0x80000000u), 0x80000000u, "-0");
    CHECK_EQ_U64(op_one(sc, f32, inf_beta, 2, 0x00000000u), 0x7fc00000u, "inf * 0");
    CHECK_EQ_U64(op_one(sc, f32, inf_beta, 2, 0xbf800000u), 0xbf800000u, "inf beta: -1");
    CHECK_EQ_U64(op_one(sc, f32, inf_alpha, 2, 0x00000000u), 0x7fc00000u, "inf alpha * 0");
    CHECK_EQ_U64(op_one(sc, f32, inf_alpha, 2, 0x80000001u), 0xff800000u, "inf alpha: -inf");
    CHECK_EQ_U64(op_one(sc, f32, zero_alpha, 2, 0x3f800000u), 0x80000000u, "-0 alpha");
    CHECK_EQ_U64(op_one(sc, f32, nan_alpha, 2, 0x3f800000u), 0x7fc00000u, "NaN alpha");
    CHECK_EQ_U64(op_one(sc, f16, lecun, 2, 0x7c00u), 0x3eddu, "f16: alpha rounded once (733.08 ulps)");
}

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
    uint64_t rng = 0x6a09e667f3bcc909u;
    int samples = TEST_THIN ? 1000 : 12000;
    double worst_fast = -1000, worst_dd = -1000;
    unsigned long tanh_wrong = 0, scaled_wrong = 0;
    mpfr_t x, y;
    mpfr_inits2(400, x, y, (mpfr_ptr)0);
    for (int i = 0; i < samples; i++) {
        uint64_t r = test_rng(&rng);
        double u = (double)(r >> 11) * 0x1p-53, t;
        switch (i % 4) {
        case 0: t = (u - 0.5) * 50.0; break;                              /* to ±25 */
        case 1: t = ldexp(u, -(int)(r % 70)) * (r & 1 ? 1 : -1); break;   /* small */
        case 2: t = 0x1p-5 * (1.0 + (u - 0.5) * 0x1p-10); break;          /* the branch */
        default: t = (r & 1 ? 1 : -1) * 400.0 * u; break;                 /* far */
        }
        mpfr_set_d(x, t, MPFR_RNDN);
        mpfr_tanh(y, x, MPFR_RNDN);
        double e = rel_err_log2(y, dmlp__tanh_fast(t), 0);
        worst_fast = e > worst_fast ? e : worst_fast;
        double lo = ldexp(t, -54) * ((double)(test_rng(&rng) >> 11) * 0x1p-53 - 0.5);
        mpfr_add_d(x, x, lo, MPFR_RNDN);
        mpfr_tanh(y, x, MPFR_RNDN);
        dmlp__dd d = dmlp__tanh_dd((dmlp__dd){t, lo});
        e = rel_err_log2(y, d.hi, d.lo);
        worst_dd = e > worst_dd ? e : worst_dd;
        double want = dmlp_oracle_eval(&tanh_oracle, t, NULL, DMLP_ORACLE_F64);
        if (dmlp__cr_tanh_f64(t) != want && tanh_wrong++ < 5)
            fprintf(stderr, "  tanh f64 of %a: %a, correctly rounded %a\n", t, dmlp__cr_tanh_f64(t), want);
        double p[2] = {ldexp(1.0 + (double)(test_rng(&rng) >> 11) * 0x1p-53, (int)(r >> 58) - 32),
                       ldexp(1.0 + (double)(test_rng(&rng) >> 11) * 0x1p-53, (int)(r >> 59) % 16 - 8) * (r & 2 ? 1 : -1)};
        want = dmlp_oracle_eval(&scaled_oracle, t, p, DMLP_ORACLE_F64);
        double got = dmlp__cr_scaled_tanh_f64(t, p[0], p[1]);
        if (got != want && scaled_wrong++ < 5)
            fprintf(stderr, "  scaled tanh f64 of %a (%a, %a): %a, correctly rounded %a\n", t, p[0], p[1], got, want);
    }
    mpfr_clears(x, y, (mpfr_ptr)0);
    printf("  %d samples: fast 2^%.2f, dd 2^%.2f; f64 not correctly rounded: tanh %lu, scaled %lu\n",
           samples, worst_fast, worst_dd, tanh_wrong, scaled_wrong);
    CHECK(worst_fast < log2(21.5) - 53, "tanh_fast within 21.5 * 2^-53: 2^%.3f", worst_fast);
    CHECK(worst_dd < -90, "tanh_dd within 2^-90: 2^%.2f", worst_dd);
    CHECK(tanh_wrong == 0, "tanh f64 correctly rounded on every sample: %lu not", tanh_wrong);
    CHECK(scaled_wrong == 0, "scaled tanh f64 correctly rounded on every sample: %lu not", scaled_wrong);
}

int main(int argc, char **argv)
{
    uint64_t stride = dmlp_cr_stride_from_args(argc, argv, TEST_THIN ? 65521 : 4099);
    int wide = stride != (TEST_THIN ? 65521u : 4099u); /* --stride or --full */
    specials();
    bounds();
    sweeps(stride, wide);
    mpfr_free_cache();
    return test_finish("test_cr_tanh");
}
