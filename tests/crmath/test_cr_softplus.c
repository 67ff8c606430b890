/* ACTIVATION_SOFTPLUS and ACTIVATION_PARAMETRIC_SOFTPLUS (src/ops/softplus.c,
   parametric_softplus.c; the core numeric/cr_softplus.c) against MPFR:
   - the reference kernel and every fast kernel this CPU runs, through the kernel table,
     bit for bit with the formula's exact value rounded once: every float16 and bfloat16
     input for the default parameters (Steepness 1; Alpha = Beta = 1) and a table of
     others (a 16-bit result from the libm filter where its bound decides it, else
     MPFR), and a stride of binary32 (all 2^32 with --full) for the defaults;
   - dmlp__log1p_fast within its stated bound (35 * 2^-53) on [0, 1], tiny values included;
   - the binary64 forms within 1 ULP on random, tiny and far-out inputs;
   - a table of special values (docs/operators.md).
   The oracle takes s x exactly (MPFR at 128 bits); where s x > 0 it evaluates x + L / s
   (Alpha Beta x + Alpha L), L = log1p(e^-sx), rounded away from zero, so that an L too
   small for MPFR's exponent range still moves the result off A, as it moves the exact
   value. */
#include <math.h>
#include <mpfr.h>

#include "crmath/cr_op_sweep.h"
#include "crmath/oracle.h"
#include "kernels/kernels.h"
#include "numeric/cr_log.h"
#include "numeric/cr_softplus.h"
#include "numeric/fp_convert.h"
#include "test_util.h"

/* The formula where IEEE 754's special cases decide it (docs/operators.md): ln(1 + e^t)
   is +inf at +inf, +0 at -inf and a positive number at finite t. */
static double literal_s(double t)
{
    return t == INFINITY ? INFINITY : t == -INFINITY ? 0.0 : isnan(t) ? t : 1.0;
}

/* c S(t) with t = k x: divide (Softplus: c = 1 / k) or times alpha (ParametricSoftplus). */
static void sp_formula(mpfr_t y, const mpfr_t x, double k, double alpha, int divide)
{
    mpfr_prec_t p = mpfr_get_prec(y);
    mpfr_t t, e, l, a;
    mpfr_init2(t, 128);
    mpfr_inits2(p, e, l, (mpfr_ptr)0);
    mpfr_init2(a, 256);
    mpfr_mul_d(t, x, k, MPFR_RNDN); /* exact: 53 + 24 bits */
    int positive = mpfr_sgn(t) > 0;
    mpfr_rnd_t up = positive ? MPFR_RNDU : MPFR_RNDN, away = positive ? MPFR_RNDA : MPFR_RNDN;
    if (positive)
        mpfr_neg(t, t, MPFR_RNDN);
    mpfr_exp(e, t, up);
    mpfr_log1p(l, e, up);
    if (divide)
        mpfr_div_d(l, l, k, away);
    else
        mpfr_mul_d(l, l, alpha, away);
    if (positive) {
        if (divide) {
            mpfr_set(a, x, MPFR_RNDN);
        } else {
            mpfr_mul_d(a, x, k, MPFR_RNDN);
            mpfr_mul_d(a, a, alpha, MPFR_RNDN); /* exact: 77 + 24 bits */
        }
        mpfr_add(y, a, l, MPFR_RNDA);
    } else {
        mpfr_set(y, l, MPFR_RNDN);
    }
    mpfr_clears(t, e, l, a, (mpfr_ptr)0);
}

static void softplus_formula(mpfr_t y, const mpfr_t x, const double *p)
{
    double xd = mpfr_get_d(x, MPFR_RNDN), s = p[0];
    if (!isfinite(xd) || !isfinite(s) || s == 0)
        mpfr_set_d(y, literal_s(s * xd) / s, MPFR_RNDN);
    else
        sp_formula(y, x, s, 0, 1);
}

static void parametric_formula(mpfr_t y, const mpfr_t x, const double *p)
{
    double xd = mpfr_get_d(x, MPFR_RNDN), a = p[0], b = p[1];
    if (!isfinite(xd) || !isfinite(a) || !isfinite(b) || a == 0)
        mpfr_set_d(y, a * literal_s(b * xd), MPFR_RNDN);
    else
        sp_formula(y, x, b, a, 0);
}

/* libm: exp and log1p within an ulp or so each, one division or product and one sum. */
static double softplus_filter(double x, const double *p)
{
    double t = p[0] * x;
    return t > 0 ? x + log1p(exp(-t)) / p[0] : log1p(exp(t)) / p[0];
}

static double parametric_filter(double x, const double *p)
{
    double t = p[1] * x;
    return t > 0 ? (p[0] * p[1]) * x + p[0] * log1p(exp(-t)) : p[0] * log1p(exp(t));
}

/* The filters give 0 only below t = -745, where the exact value is below 2^-900, and inf
   only for an infinite x, where it is inf. */
static const dmlp_oracle softplus_oracle = {"softplus", softplus_formula, 4, softplus_filter,
                                            16, 1};
static const dmlp_oracle parametric_oracle = {"parametric_softplus", parametric_formula, 4,
                                              parametric_filter, 16, 1};

/* Zeros, infinities, NaNs, subnormals, the ends of the fast path's range (s x = -208 and
   600), results near the least subnormal. */
static const uint32_t hard[] = {
    0x00000000u, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00001u, 0xffa00005u,
    0x00000001u, 0x80000001u, 0x807fffffu, 0x7f7fffffu, 0xff7fffffu, 0xc2c80000u,
    0xc2d00000u, 0xc2cff1b5u, 0xc3500000u, 0xc34fffffu, 0x44160000u, 0x44160001u,
    0x3f800000u, 0xbf800000u, 0x41a00000u, 0xc1a00000u, 0x33800000u, 0xb3800000u,
};

static void sweep(DML_OPERATOR_TYPE op, const dmlp_oracle *o, DML_TENSOR_DATA_TYPE type,
                  double a, double b, uint64_t stride, uint64_t stride16)
{
    char name[96];
    snprintf(name, sizeof name, "%s %s %g %g", o->name,
             type == DML_TENSOR_DATA_TYPE_FLOAT32   ? "f32"
             : type == DML_TENSOR_DATA_TYPE_FLOAT16 ? "f16"
                                                    : "bf16",
             a, b);
    const float floats[2] = {(float)a, (float)b};
    int wide = type == DML_TENSOR_DATA_TYPE_FLOAT32;
    op_sweep_run(name, op, type, o, floats, 2, stride16, stride, wide ? hard : NULL,
                 wide ? sizeof hard / sizeof hard[0] : 0);
}

static const DML_OPERATOR_TYPE SP = DML_OPERATOR_ACTIVATION_SOFTPLUS,
                               PS = DML_OPERATOR_ACTIVATION_PARAMETRIC_SOFTPLUS;

/* Both operators over both 16-bit types for one parameter set. */
static void sweep16(double s, double a, double b, uint64_t stride16)
{
    static const DML_TENSOR_DATA_TYPE types[] = {DML_TENSOR_DATA_TYPE_FLOAT16,
                                                 DMLP_TENSOR_DATA_TYPE_BFLOAT16};
    for (int t = 0; t < 2; t++) {
        sweep(SP, &softplus_oracle, types[t], s, 0, 0, stride16);
        sweep(PS, &parametric_oracle, types[t], a, b, 0, stride16);
    }
}

static uint32_t run32(DML_OPERATOR_TYPE op, uint32_t x, float a, float b)
{
    dmlp__unary_kernel k = dmlp__reference_kernel(op, DML_TENSOR_DATA_TYPE_FLOAT32);
    dmlp__kernel_args args = {0};
    args.param[0] = a;
    args.param[1] = b;
    uint32_t y = 0xdeadbeefu;
    if (k)
        k(1, &x, &y, &args);
    return y;
}

static void specials(void)
{
    const float tiny = 0x1p-149f;
    struct {
        DML_OPERATOR_TYPE op;
        uint32_t x;
        float a, b;
        uint32_t want;
        const char *what;
    } rows[] = {
        {SP, 0x00000000u, 1, 0, 0x3f317218u, "softplus(+0) = ln 2"},
        {SP, 0x80000000u, 1, 0, 0x3f317218u, "softplus(-0) = ln 2"},
        {SP, 0x7f800000u, 1, 0, 0x7f800000u, "softplus(+inf) = +inf"},
        {SP, 0xff800000u, 1, 0, 0x00000000u, "softplus(-inf) = +0"},
        {SP, 0xffc00123u, 1, 0, 0xffc00123u, "softplus(NaN) keeps the payload"},
        {SP, 0x7f800123u, 1, 0, 0x7fc00123u, "softplus(sNaN) made quiet"},
        {SP, 0x42c80000u, 1, 0, 0x42c80000u, "softplus(100) = 100"},
        {SP, 0x7f7fffffu, 2, 0, 0x7f7fffffu, "softplus of FLT_MAX, Steepness 2: FLT_MAX"},
        {SP, 0xc2c80000u, 1, 0, 0x0000001bu, "softplus(-100) = e^-100: 27 subnormal steps"},
        {SP, 0xc2d00000u, 1, 0, 0x00000000u, "softplus(-104) below half the least: +0"},
        {SP, 0x3f800000u, 0.0f, 0, 0x7f800000u, "Steepness +0: ln 2 / +0 = +inf"},
        {SP, 0x3f800000u, -0.0f, 0, 0xff800000u, "Steepness -0: -inf"},
        {SP, 0x7f800000u, 0.0f, 0, 0x7fc00000u, "Steepness 0, x inf: 0 * inf, NaN"},
        {SP, 0x3f800000u, INFINITY, 0, 0x7fc00000u, "Steepness inf, x > 0: inf / inf, NaN"},
        {SP, 0xbf800000u, INFINITY, 0, 0x00000000u, "Steepness inf, x < 0: +0"},
        {SP, 0x00000000u, INFINITY, 0, 0x7fc00000u, "Steepness inf, x 0: NaN"},
        {SP, 0x3f800000u, NAN, 0, 0x7fc00000u, "Steepness NaN: default NaN"},
        {SP, 0x00000000u, -1, 0, 0xbf317218u, "Steepness -1, x 0: -ln 2"},
        {SP, 0x7f800000u, -1, 0, 0x80000000u, "Steepness -1, +inf: -0"},
        {SP, 0xff800000u, -1, 0, 0xff800000u, "Steepness -1, -inf: -inf"},
        {SP, 0x00000000u, tiny, 0, 0x7f800000u, "ln 2 / 2^-149 past FLT_MAX: +inf"},
        {PS, 0x00000000u, 2, 1, 0x3fb17218u, "2 ln 2"},
        {PS, 0x3f800000u, 0.0f, 1, 0x00000000u, "Alpha +0: +0"},
        {PS, 0x3f800000u, -0.0f, 1, 0x80000000u, "Alpha -0: -0"},
        {PS, 0x7f800000u, 0.0f, 1, 0x7fc00000u, "Alpha 0, x inf: 0 * inf, NaN"},
        {PS, 0x3f800000u, INFINITY, 1, 0x7f800000u, "Alpha inf: +inf"},
        {PS, 0xff800000u, INFINITY, 1, 0x7fc00000u, "Alpha inf, x -inf: inf * 0, NaN"},
        {PS, 0x40a00000u, 2, 0.0f, 0x3fb17218u, "Beta 0: Alpha ln 2"},
        {PS, 0x7f800000u, 2, 0.0f, 0x7fc00000u, "Beta 0, x inf: NaN"},
        {PS, 0xbf800000u, 1, INFINITY, 0x00000000u, "Beta inf, x < 0: +0"},
        {PS, 0x3f800000u, 1, INFINITY, 0x7f800000u, "Beta inf, x > 0: +inf"},
        {PS, 0xff800000u, -1, 1, 0x80000000u, "Alpha -1, -inf: -0"},
        {PS, 0x3f800000u, NAN, 1, 0x7fc00000u, "Alpha NaN: default NaN"},
        {PS, 0x3f800000u, 1, NAN, 0x7fc00000u, "Beta NaN: default NaN"},
        {PS, 0xc2c80000u, 1, 1, 0x0000001bu, "e^-100 as softplus"},
        /* 1.5 x on a midpoint, the ln(1 + e^-t) term decides: up, not to the even one */
        {PS, 0x44800003u, 1.5f, 1, 0x44c00005u, "1.5 (1024 + 3 ulp) + tiny: 1536 + 5 ulp"},
        {PS, 0x42000003u, 1.5f, 1, 0x42400005u, "1.5 (32 + 3 ulp) + 1.5 e^-32: 48 + 5 ulp"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        CHECK_EQ_U64(run32(rows[i].op, rows[i].x, rows[i].a, rows[i].b), rows[i].want, "%s",
                     rows[i].what);
}

/* Whether got is within 1 ULP of the exact value (binary64, subnormals included). */
static int within_ulp(mpfr_t exact, double got)
{
    double r = mpfr_get_d(exact, MPFR_RNDN);
    if (isinf(r) || isinf(got))
        return r == got || fabs(nextafter(r, 0)) == fabs(got);
    if (r == 0)
        return fabs(got) <= 0x1p-1074;
    double ulp = fabs(nextafter(r, INFINITY) - r);
    double down = fabs(r - nextafter(r, -INFINITY));
    ulp = ulp > down ? ulp : down;
    mpfr_t d;
    mpfr_init2(d, 400);
    mpfr_sub_d(d, exact, got, MPFR_RNDN);
    int ok = mpfr_cmpabs_ui(d, 0) == 0 || fabs(mpfr_get_d(d, MPFR_RNDU)) <= ulp;
    mpfr_clear(d);
    return ok;
}

static void bounds(void)
{
    uint64_t rng = 0x2545f4914f6cdd1du;
    int samples = TEST_THIN ? 1000 : 6000;
    double worst = 0;
    unsigned long f64_bad = 0;
    mpfr_t x, y;
    mpfr_inits2(400, x, y, (mpfr_ptr)0);
    CHECK(dmlp__log1p_fast(0.0) == 0.0 && dmlp__log1p_fast(0x1p-60) == 0x1p-60,
          "log1p_fast of 0 and of a tiny e");
    for (int i = 0; i < samples; i++) {
        uint64_t r = test_rng(&rng);
        /* log1p_fast on [0, 1]: uniform, and spread over binades down to 2^-1000 */
        double e = (i & 1) ? (double)(r >> 11) * 0x1p-53
                           : ldexp(1.0 + (double)(r >> 12) * 0x1p-52, -(int)(r % 1000) - 1);
        mpfr_set_d(x, e, MPFR_RNDN);
        mpfr_log1p(y, x, MPFR_RNDN);
        if (e > 0) {
            mpfr_t d;
            mpfr_init2(d, 400);
            mpfr_sub_d(d, y, dmlp__log1p_fast(e), MPFR_RNDN);
            mpfr_div(d, d, y, MPFR_RNDN);
            double rel = fabs(mpfr_get_d(d, MPFR_RNDN)) * 0x1p53;
            worst = rel > worst ? rel : worst;
            mpfr_clear(d);
        }
        /* the binary64 forms: x over the whole range, tiny, near s x = -670 and -1000 */
        double xs;
        switch (i % 4) {
        case 0:
            xs = ((double)(r >> 11) * 0x1p-53 - 0.5) * 100.0;
            break;
        case 1:
            xs = ldexp(1.0 + (double)(r >> 12) * 0x1p-52, (int)(r % 2100) - 1074) *
                 (r & 1 ? 1 : -1);
            break;
        case 2:
            xs = -600.0 - 500.0 * (double)(r >> 11) * 0x1p-53;
            break;
        default:
            xs = ((double)(r >> 11) * 0x1p-53 - 0.5) * 2000.0;
            break;
        }
        double s = (double)(float)ldexp(1.0 + (double)(r >> 50) * 0x1p-14, (int)(r >> 44 & 7) - 3);
        double b = (double)(float)ldexp(1.0 + (double)(r >> 30 & 0x3fff) * 0x1p-14,
                                        (int)(r >> 24 & 3) - 2);
        if (i % 7 == 0)
            s = -s;
        if (i % 5 == 0)
            b = -b;
        double pa[2] = {s, b};
        mpfr_set_d(x, xs, MPFR_RNDN);
        softplus_formula(y, x, pa);
        double got = dmlp__softplus_f64(xs, s);
        if (!within_ulp(y, got) && ++f64_bad <= 5)
            fprintf(stderr, "  softplus f64 of %a steepness %a: %a\n", xs, s, got);
        parametric_formula(y, x, pa);
        got = dmlp__parametric_softplus_f64(xs, s, b);
        if (!within_ulp(y, got) && ++f64_bad <= 5)
            fprintf(stderr, "  parametric f64 of %a alpha %a beta %a: %a\n", xs, s, b, got);
    }
    mpfr_clears(x, y, (mpfr_ptr)0);
    printf("  %d samples: log1p_fast %.2f * 2^-53; binary64 forms: %lu beyond 1 ULP\n",
           samples, worst, f64_bad);
    CHECK(worst < 35, "log1p_fast within 35 * 2^-53: %.3f", worst);
    CHECK(f64_bad == 0, "binary64 Softplus, ParametricSoftplus within 1 ULP: %lu not", f64_bad);
}

int main(int argc, char **argv)
{
    specials();
    bounds();
    uint64_t stride = dmlp_cr_stride_from_args(argc, argv, TEST_THIN ? 65521 : 4099);
    /* Every 16-bit input of every parameter set (under TEST_THIN every 7th of the
       defaults' and every 61st of the others'). */
    sweep16(1.0, 1.0, 1.0, TEST_THIN ? 7 : 1);
    static const double table[][3] = {
        /* Steepness, Alpha, Beta */
        {2.0, 2.0, 0.5},
        {0.5, -1.5, 3.0},
        {10.0, (double)0.3f, -2.0},
        {(double)1e-3f, (double)1e-3f, 10.0},
        {-1.0, (double)3.7f, (double)1e-3f},
        {(double)0x1p-140f, (double)0x1p-140f, (double)0x1p100f},
    };
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        sweep16(table[i][0], table[i][1], table[i][2], TEST_THIN ? 61 : 1);
    sweep(SP, &softplus_oracle, DML_TENSOR_DATA_TYPE_FLOAT32, 1.0, 0, stride, 1);
    sweep(PS, &parametric_oracle, DML_TENSOR_DATA_TYPE_FLOAT32, 1.0, 1.0, stride, 1);
    if (stride > 1) { /* binary32 with other parameters, but for the full run */
        sweep(SP, &softplus_oracle, DML_TENSOR_DATA_TYPE_FLOAT32, 0.5, 0, stride, 1);
        /* the lean block's quotient (a Steepness no power of two), its range near 2^20 */
        sweep(SP, &softplus_oracle, DML_TENSOR_DATA_TYPE_FLOAT32, 10.0, 0, stride, 1);
        sweep(SP, &softplus_oracle, DML_TENSOR_DATA_TYPE_FLOAT32, (double)1.7f, 0, stride, 1);
        sweep(SP, &softplus_oracle, DML_TENSOR_DATA_TYPE_FLOAT32, (double)0x1.8p19f, 0, stride,
              1);
        sweep(PS, &parametric_oracle, DML_TENSOR_DATA_TYPE_FLOAT32, (double)0.3f, -2.0, stride, 1);
        /* members the binary32 kernels take (Beta and |Alpha| in [2^-20, 2^20]: a
           negative Alpha, Alpha Beta split in two, both ends) and one they leave */
        static const double members[][2] = {
            {2.0, 0.5}, {-1.5, 3.0}, {(double)1e-3f, 10.0}, {(double)3.7f, (double)1e-3f},
            {0x1p20, 0x1p-20}, {-0x1p-20, 0x1p20}, {(double)0.1f, (double)0x1p-21f},
        };
        for (size_t i = 0; i < sizeof members / sizeof members[0]; i++)
            sweep(PS, &parametric_oracle, DML_TENSOR_DATA_TYPE_FLOAT32, members[i][0],
                  members[i][1], stride, 1);
    }
    mpfr_free_cache();
    return test_finish("test_cr_softplus");
}
