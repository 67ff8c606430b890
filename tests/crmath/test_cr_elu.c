/* ACTIVATION_ELU, ACTIVATION_SCALED_ELU and ACTIVATION_CELU (src/ops/elu.c, scaled_elu.c,
   celu.c; the core numeric/cr_elu.c) against MPFR:
   - the reference kernel and every fast kernel this CPU runs, through the kernel table,
     bit for bit with the formula's exact value rounded once: every float16 and bfloat16
     input for the default parameters and for a table of others (in the exhaustive runs;
     the suite takes a stride of them), and a stride of binary32 (all 2^32 with --full)
     for the defaults;
   - dmlp__expm1_fast within its stated bound (2^-50) on random double-double arguments;
   - the binary64 forms within 1 ULP on random and tiny inputs;
   - a table of special values (docs/operators.md): signed zeros, infinities, NaN, tiny
     negative inputs whose results round toward zero, overflow of Gamma x, degenerate
     parameters.
   The oracle's formulas use the parameters' exact values; CELU's x / Alpha is evaluated
   with 300 bits beyond the working precision, so it adds nothing to the error bound. */
#include <math.h>
#include <mpfr.h>

#include "crmath/cr_op_sweep.h"
#include "crmath/oracle.h"
#include "kernels/kernels.h"
#include "numeric/cr_elu.h"
#include "numeric/cr_exp.h"
#include "numeric/fp_convert.h"
#include "test_util.h"

/* Alpha (e^x - 1) for x < 0, else x. */
static void elu_formula(mpfr_t y, const mpfr_t x, const double *p)
{
    if (!(mpfr_sgn(x) < 0)) { /* -0 included: mpfr keeps its sign */
        mpfr_set(y, x, MPFR_RNDN);
        return;
    }
    mpfr_expm1(y, x, MPFR_RNDN);
    mpfr_mul_d(y, y, p[0], MPFR_RNDN);
}

static double elu_filter(double x, const double *p)
{
    return x < 0 ? p[0] * expm1(x) : x;
}

/* Gamma x for x > 0, else Gamma Alpha (e^x - 1), the zero bracket +0. */
static void selu_formula(mpfr_t y, const mpfr_t x, const double *p)
{
    if (mpfr_sgn(x) > 0) {
        mpfr_mul_d(y, x, p[1], MPFR_RNDN);
        return;
    }
    if (mpfr_zero_p(x)) {
        mpfr_set_d(y, p[1] * 0.0, MPFR_RNDN);
        return;
    }
    mpfr_expm1(y, x, MPFR_RNDN);
    mpfr_mul_d(y, y, p[0], MPFR_RNDN);
    mpfr_mul_d(y, y, p[1], MPFR_RNDN);
}

static double selu_filter(double x, const double *p)
{
    return x > 0 ? p[1] * x : (p[1] * p[0]) * expm1(x);
}

/* x for x > 0, +0 for zeros, Alpha (e^(x / Alpha) - 1) for x < 0. */
static void celu_formula(mpfr_t y, const mpfr_t x, const double *p)
{
    if (mpfr_sgn(x) > 0 || mpfr_inf_p(x)) {
        if (mpfr_sgn(x) > 0)
            mpfr_set(y, x, MPFR_RNDN);
        else
            mpfr_set_d(y, p[0] > 0 ? -p[0] : -INFINITY, MPFR_RNDN);
        return;
    }
    if (mpfr_zero_p(x)) {
        mpfr_set_zero(y, 1);
        return;
    }
    mpfr_t q;
    mpfr_init2(q, mpfr_get_prec(y) + 300);
    mpfr_div_d(q, x, p[0], MPFR_RNDN);
    mpfr_expm1(y, q, MPFR_RNDN);
    mpfr_mul_d(y, y, p[0], MPFR_RNDN);
    mpfr_clear(q);
}

/* x / Alpha errs by 2^-53, which e^q - 1 magnifies by at most 1 for q < 0 and q + 1
   for q > 0: capped at 32, so 64 ulps cover it with libm's expm1 and the product. */
static double celu_filter(double x, const double *p)
{
    if (!(x < 0))
        return x;
    double q = x / p[0];
    return q > 32 ? NAN : p[0] * expm1(q);
}

/* glibc documents expm1 within 1 ulp; the bounds leave room for other C libraries'. */
static const dmlp_oracle elu_oracle = {"elu", elu_formula, 1, elu_filter, 4, 0};
static const dmlp_oracle selu_oracle = {"selu", selu_formula, 2, selu_filter, 4, 0};
static const dmlp_oracle celu_oracle = {"celu", celu_formula, 2, celu_filter, 64, 0};

static const uint32_t hard[] = {
    0x00000000u, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00001u, 0xffa00005u,
    0x00000001u, 0x80000001u, 0x80000003u, 0x807fffffu, 0x80800000u, 0x7f7fffffu,
    0xff7fffffu, 0xc2cff1b5u, 0xc1800000u, 0xbf800000u, 0xb3800000u, 0xa0000000u,
};

static void sweep(DML_OPERATOR_TYPE op, const dmlp_oracle *o, DML_TENSOR_DATA_TYPE type,
                  double a, double g, uint64_t stride, uint64_t stride16)
{
    char name[96];
    snprintf(name, sizeof name, "%s %s %g %g", o->name,
             type == DML_TENSOR_DATA_TYPE_FLOAT32   ? "f32"
             : type == DML_TENSOR_DATA_TYPE_FLOAT16 ? "f16"
                                                    : "bf16",
             a, g);
    const float floats[2] = {(float)a, (float)g};
    int wide = type == DML_TENSOR_DATA_TYPE_FLOAT32;
    op_sweep_run(name, op, type, o, floats, 2, stride16, stride, wide ? hard : NULL,
                 wide ? sizeof hard / sizeof hard[0] : 0);
}

#define SELU_ALPHA 1.67326319217681884765625
#define SELU_GAMMA 1.05070102214813232421875

/* The three operators over both 16-bit types for one parameter set. */
static void sweep16(double elu_a, double selu_a, double selu_g, double celu_a, uint64_t stride16)
{
    static const DML_TENSOR_DATA_TYPE types[] = {DML_TENSOR_DATA_TYPE_FLOAT16,
                                                 DMLP_TENSOR_DATA_TYPE_BFLOAT16};
    for (int t = 0; t < 2; t++) {
        sweep(DML_OPERATOR_ACTIVATION_ELU, &elu_oracle, types[t], elu_a, 0, 0, stride16);
        sweep(DML_OPERATOR_ACTIVATION_SCALED_ELU, &selu_oracle, types[t], selu_a, selu_g, 0,
              stride16);
        sweep(DML_OPERATOR_ACTIVATION_CELU, &celu_oracle, types[t], celu_a, 0, 0, stride16);
    }
}

/* One f32 input through one operator's reference kernel. */
static uint32_t run32(DML_OPERATOR_TYPE op, uint32_t x, float a, float g)
{
    dmlp__unary_kernel k = dmlp__reference_kernel(op, DML_TENSOR_DATA_TYPE_FLOAT32);
    dmlp__kernel_args args = {0};
    args.param[0] = a;
    args.param[1] = g;
    uint32_t y = 0xdeadbeefu;
    if (k)
        k(1, &x, &y, &args);
    return y;
}

static void specials(void)
{
    const DML_OPERATOR_TYPE E = DML_OPERATOR_ACTIVATION_ELU, S = DML_OPERATOR_ACTIVATION_SCALED_ELU,
                            C = DML_OPERATOR_ACTIVATION_CELU;
    const float sa = (float)SELU_ALPHA, sg = (float)SELU_GAMMA;
    struct {
        DML_OPERATOR_TYPE op;
        uint32_t x;
        float a, g;
        uint32_t want;
        const char *what;
    } rows[] = {
        {E, 0x80000000u, 1, 0, 0x80000000u, "ELU(-0) = -0 (x >= 0 takes x)"},
        {E, 0x00000000u, 1, 0, 0x00000000u, "ELU(+0)"},
        {E, 0x7f800000u, 1, 0, 0x7f800000u, "ELU(+inf)"},
        {E, 0xff800000u, 1, 0, 0xbf800000u, "ELU(-inf) = -Alpha"},
        {E, 0xff800000u, 3.7f, 0, 0xc06ccccdu, "ELU(-inf) = -3.7"},
        {E, 0xffc00123u, 1, 0, 0xffc00123u, "ELU(NaN) keeps the payload"},
        {E, 0x7f800123u, 1, 0, 0x7fc00123u, "ELU(sNaN) made quiet"},
        {E, 0x80000001u, 1, 0, 0x80000001u, "ELU(-2^-149) = -2^-149"},
        {E, 0x80000001u, 0.5f, 0, 0x80000000u, "0.5 (e^-2^-149 - 1) rounds toward zero: -0"},
        {E, 0x80000001u, 1.5f, 0, 0x80000001u, "1.5 (e^-2^-149 - 1): -1, not the even -2"},
        {E, 0x80000003u, 0.5f, 0, 0x80000001u, "0.5 (e^(-3 2^-149) - 1): -1, not the even -2"},
        {E, 0xbf800000u, 0, 0, 0x80000000u, "Alpha 0: -0"},
        {E, 0xbf800000u, NAN, 0, 0x7fc00000u, "Alpha NaN: default NaN"},
        {E, 0x3f800000u, NAN, 0, 0x3f800000u, "Alpha NaN, x >= 0: x"},
        {S, 0x80000000u, sa, sg, 0x00000000u, "SELU(-0) = +0"},
        {S, 0x00000000u, sa, sg, 0x00000000u, "SELU(+0) = +0"},
        {S, 0x80000000u, sa, -1.0f, 0x80000000u, "SELU(-0), Gamma -1: -0"},
        {S, 0x7f7fffffu, sa, sg, 0x7f800000u, "Gamma x past FLT_MAX: +inf"},
        {S, 0x7f800000u, sa, 0.0f, 0x7fc00000u, "0 * inf: default NaN"},
        {S, 0xff800000u, 2.0f, 0.25f, 0xbf000000u, "SELU(-inf) = -Gamma Alpha"},
        {S, 0x3f800000u, sa, sg, 0x3f867d5fu, "SELU(1) = Gamma"},
        {S, 0x80000001u, 1.0f, 0.5f, 0x80000000u, "Gamma Alpha x tiny: toward zero"},
        {S, 0xbf800000u, 0.0f, sg, 0x00000000u, "Alpha 0: the bracket +0"},
        {C, 0x80000000u, 1, 0, 0x00000000u, "CELU(-0) = +0"},
        {C, 0x00000000u, 1, 0, 0x00000000u, "CELU(+0) = +0"},
        {C, 0xff800000u, 2, 0, 0xc0000000u, "CELU(-inf) = -Alpha"},
        {C, 0xff800000u, -2, 0, 0xff800000u, "CELU(-inf), Alpha < 0: -inf"},
        {C, 0x40000000u, -2, 0, 0x40000000u, "CELU(2), Alpha < 0: 2"},
        {C, 0x80000001u, 0.5f, 0, 0x80000001u, "CELU of a tiny x: x"},
        {C, 0xbf800000u, 0, 0, 0x7fc00000u, "Alpha 0: default NaN"},
        {C, 0x3f800000u, INFINITY, 0, 0x7fc00000u, "Alpha inf: default NaN"},
        {C, 0xffc00001u, 0, 0, 0xffc00001u, "CELU(NaN) keeps the payload"},
        {C, 0xc2c80000u, -1, 0, 0xff800000u, "-(e^100 - 1): -inf"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        CHECK_EQ_U64(run32(rows[i].op, rows[i].x, rows[i].a, rows[i].g), rows[i].want, "%s",
                     rows[i].what);
}

/* |approx - exact| / |exact| as log2. */
static double rel_err_log2(mpfr_t exact, double approx)
{
    mpfr_t d;
    mpfr_init2(d, 400);
    mpfr_sub_d(d, exact, approx, MPFR_RNDN);
    mpfr_div(d, d, exact, MPFR_RNDN);
    double r = mpfr_zero_p(d) ? -1000.0 : log2(fabs(mpfr_get_d(d, MPFR_RNDN)));
    mpfr_clear(d);
    return r;
}

/* Whether got is within 1 ULP of the exact value (binary64, subnormals included). */
static int within_ulp(mpfr_t exact, double got)
{
    double r = mpfr_get_d(exact, MPFR_RNDN);
    if (isinf(r) || isinf(got))
        return r == got || fabs(nextafter(r, 0)) == fabs(got);
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
    uint64_t rng = 0x853c49e6748fea9bu;
    int samples = TEST_THIN ? 2000 : 16000;
    double worst = -1000;
    unsigned long f64_bad = 0;
    mpfr_t x, y;
    mpfr_inits2(400, x, y, (mpfr_ptr)0);
    for (int i = 0; i < samples; i++) {
        uint64_t r = test_rng(&rng);
        double hi;
        switch (i % 4) {
        case 0:
            hi = -708.0 + 1417.0 * (double)(r >> 11) * 0x1p-53;
            break;
        case 1: /* small, both sides of the 2^-7.5 switch */
            hi = ldexp((double)(r >> 11) * 0x1p-53, -(int)(r % 40)) * (r & 1 ? 1 : -1);
            break;
        case 2: /* within ln 2 / 2 of 0, where 2^e T - 1 is exact */
            hi = ((double)(r >> 11) * 0x1p-53 - 0.5) * 0.7;
            break;
        default:
            hi = ((double)(r >> 11) * 0x1p-53 - 0.5) * 40.0;
            break;
        }
        double lo = ldexp(hi, -54) * ((double)(test_rng(&rng) >> 11) * 0x1p-53 - 0.5);
        mpfr_set_d(x, hi, MPFR_RNDN);
        mpfr_add_d(x, x, lo, MPFR_RNDN);
        mpfr_expm1(y, x, MPFR_RNDN);
        double e = rel_err_log2(y, dmlp__expm1_fast((dmlp__dd){hi, lo}));
        worst = e > worst ? e : worst;
        /* the binary64 forms at a sample input and parameter */
        double xs = (i % 3 == 0) ? -ldexp(1.0 + (double)(r >> 40) * 0x1p-24, -(int)(r % 1080))
                                 : hi;
        double a = (double)(float)(0.25 + (double)(r >> 50) * 0x1p-10);
        if (i % 5 == 0)
            a = -a;
        mpfr_set_d(x, xs, MPFR_RNDN);
        double pa[2] = {a, 1.0507010221481323};
        double got;
        if (a > 0) {
            elu_formula(y, x, pa);
            got = dmlp__elu_f64(xs, a);
            if (!within_ulp(y, got) && ++f64_bad <= 5)
                fprintf(stderr, "  elu f64 of %a alpha %a: %a\n", xs, a, got);
            selu_formula(y, x, pa);
            got = dmlp__selu_f64(xs, a, pa[1]);
            if (!within_ulp(y, got) && ++f64_bad <= 5)
                fprintf(stderr, "  selu f64 of %a alpha %a: %a\n", xs, a, got);
        }
        celu_formula(y, x, pa);
        got = dmlp__celu_f64(xs, a);
        if (!within_ulp(y, got) && ++f64_bad <= 5)
            fprintf(stderr, "  celu f64 of %a alpha %a: %a\n", xs, a, got);
    }
    mpfr_clears(x, y, (mpfr_ptr)0);
    printf("  %d samples: expm1 fast 2^%.2f; binary64 forms: %lu beyond 1 ULP\n", samples,
           worst, f64_bad);
    CHECK(worst < -50, "expm1_fast within 2^-50: 2^%.3f", worst);
    CHECK(f64_bad == 0, "binary64 ELU, SELU, CELU within 1 ULP: %lu not", f64_bad);
}

int main(int argc, char **argv)
{
    specials();
    bounds();
    uint64_t stride = dmlp_cr_stride_from_args(argc, argv, TEST_THIN ? 65521 : 4099);
    /* The exhaustive runs take every 16-bit input of every parameter set; the suite every
       3rd of the defaults' and every 13th of the others' (CI's time budget). */
    int deep = stride < 4099;
    /* the defaults: ELU and CELU's 1, ONNX's Selu constants as float */
    sweep16(1.0, SELU_ALPHA, SELU_GAMMA, 1.0, deep ? 1 : TEST_THIN ? 7 : 3);
    static const double table[][4] = {
        {0.5, 2.0, 0.25, 0.5},
        {2.0, 1.0, 1.5, 2.0},
        {(double)1e-3f, (double)1e-3f, 3.7f, (double)1e-3f},
        {(double)3.7f, (double)3.7f, 0.25, (double)3.7f},
        {(double)0.3f, (double)0.3f, 2.0, -0.75},
    };
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        sweep16(table[i][0], table[i][1], table[i][2], table[i][3], deep ? 1 : TEST_THIN ? 61 : 13);
    sweep(DML_OPERATOR_ACTIVATION_ELU, &elu_oracle, DML_TENSOR_DATA_TYPE_FLOAT32, 1.0, 0, stride, 1);
    sweep(DML_OPERATOR_ACTIVATION_SCALED_ELU, &selu_oracle, DML_TENSOR_DATA_TYPE_FLOAT32, SELU_ALPHA,
          SELU_GAMMA, stride, 1);
    sweep(DML_OPERATOR_ACTIVATION_CELU, &celu_oracle, DML_TENSOR_DATA_TYPE_FLOAT32, 1.0, 0, stride, 1);
    /* binary32 through the fast kernels at the table's members and at members on the edges
       of their analysis (huge: SELU's Gamma Alpha past binary32; subnormal: results below
       the normal range; negative), every 17th pattern of the defaults' stride */
    static const double edge[][4] = {
        {(double)3e38f, (double)3e38f, (double)3e38f, (double)3e38f},
        {(double)1e-40f, (double)1e-40f, (double)1e-40f, (double)1e-40f},
        {-2.5, -2.5, 0.5, 2.5},
    };
    for (size_t i = 0; i < sizeof table / sizeof table[0] + sizeof edge / sizeof edge[0]; i++) {
        size_t t = sizeof table / sizeof table[0];
        const double *m = i < t ? table[i] : edge[i - t];
        sweep(DML_OPERATOR_ACTIVATION_ELU, &elu_oracle, DML_TENSOR_DATA_TYPE_FLOAT32, m[0], 0,
              stride * 17, 1);
        sweep(DML_OPERATOR_ACTIVATION_SCALED_ELU, &selu_oracle, DML_TENSOR_DATA_TYPE_FLOAT32, m[1],
              m[2], stride * 17, 1);
        if (m[3] > 0) /* a negative Alpha's e^(x / Alpha) passes MPFR's range in binary32 */
            sweep(DML_OPERATOR_ACTIVATION_CELU, &celu_oracle, DML_TENSOR_DATA_TYPE_FLOAT32, m[3], 0,
                  stride * 17, 1);
    }
    mpfr_free_cache();
    return test_finish("test_cr_elu");
}
