/* ELEMENT_WISE_SIN, COS and TAN and their core (src/numeric/cr_trig.c), against MPFR:
   - the generated tables (tools/gen_trig_tables.py): 2/pi's words from MPFR's pi, pi/2's
     three parts, the double-double 1/k!;
   - the reduction, the binary64 forms and the double-double forms within their stated
     bounds on random and edge x, the largest doubles and the closest approach of a double
     to a multiple of pi/2 included (MPFR reduces exactly at any size);
   - the lean blocks' bound, measured on a scalar mirror of their arithmetic;
   - special values of every format;
   - every f16 and bf16 input and a stride of f32 (with the hard inputs of
     trig_hard_f32.h, both signs, and runs with one special each) through the reference,
     with and without a ScaleBias, against the oracle; f64 samples up to DBL_MAX against
     MPFR's value rounded. */
#include <float.h>
#include <math.h>
#include <mpfr.h>
#include <stdio.h>
#include <string.h>

#include "crmath/cr_f64_check.h"
#include "crmath/cr_sweep.h"
#include "crmath/cr_unary_forms.h"
#include "crmath/oracle.h"
#include "crmath/trig_hard_f32.h"
#include "kernels/kernels.h"
#include "numeric/cr_trig.h"
#include "numeric/cr_trig_tables.h"
#include "test_util.h"

static const char *const fn_names[3] = {"sin", "cos", "tan"};
static const DML_OPERATOR_TYPE fn_ops[3] = {DML_OPERATOR_ELEMENT_WISE_SIN,
                                             DML_OPERATOR_ELEMENT_WISE_COS,
                                             DML_OPERATOR_ELEMENT_WISE_TAN};

/* One correctly rounded MPFR function each (MPFR reduces by its own pi at any size); the
   filters are glibc's sin, cos and tan: within 1 ulp on every binary64 input (its manual's
   error table, which lists them at 1 on x86_64 and aarch64), reduced exactly at any size;
   4 ulps of room. */
DMLP_ORACLE_MPFR_AND_LIBM(sin) DMLP_ORACLE_MPFR_AND_LIBM(cos) DMLP_ORACLE_MPFR_AND_LIBM(tan)

static const dmlp_oracle oracles[3] = {
    {"sin", sin_formula, 0, sin_filter, 4, 0},
    {"cos", cos_formula, 0, cos_filter, 4, 0},
    {"tan", tan_formula, 0, tan_filter, 4, 0},
};
static void tables(void)
{
    mpfr_t t, w;
    mpfr_inits2(1600, t, w, (mpfr_ptr)0);
    mpfr_const_pi(t, MPFR_RNDN);
    mpfr_ui_div(t, 2, t, MPFR_RNDN); /* 2/pi, 1600 bits: past the 40 words' 1280 */
    for (int j = 0; j < 40; j++) {
        mpfr_mul_2ui(t, t, 32, MPFR_RNDN);
        mpfr_rint_floor(w, t, MPFR_RNDN);
        uint32_t want = (uint32_t)mpfr_get_ui(w, MPFR_RNDN);
        mpfr_sub(t, t, w, MPFR_RNDN);
        CHECK_EQ_U64(dmlp__trig_two_over_pi[j], want, "word %d of 2/pi", j);
    }
    mpfr_const_pi(t, MPFR_RNDN);
    mpfr_div_2ui(t, t, 1, MPFR_RNDN);
    const double half_pi[3] = {DMLP__TRIG_HALF_PI_HI, DMLP__TRIG_HALF_PI_MID, DMLP__TRIG_HALF_PI_LO};
    for (int i = 0; i < 3; i++) {
        CHECK(half_pi[i] == mpfr_get_d(t, MPFR_RNDN), "part %d of pi/2", i);
        mpfr_sub_d(t, t, half_pi[i], MPFR_RNDN);
    }
    for (unsigned k = 0; k < 32; k++) {
        mpfr_fac_ui(w, k, MPFR_RNDN);
        mpfr_ui_div(t, 1, w, MPFR_RNDN);
        double hi = mpfr_get_d(t, MPFR_RNDN);
        mpfr_sub_d(t, t, hi, MPFR_RNDN);
        CHECK(dmlp__trig_inv_fact[k][0] == hi && dmlp__trig_inv_fact[k][1] == mpfr_get_d(t, MPFR_RNDN),
              "1/%u! as a double-double", k);
    }
    mpfr_clears(t, w, (mpfr_ptr)0);
}

/* The lean blocks' arithmetic (kernels/vector_crtrig.inc) on one binary32 x, in scalar
   binary64 with fused steps: fn 0, 1, 2 for sin, cos, tan; *near where |r| < 2^-40 (the
   blocks leave those lanes open). */
static double lean_sin_mirror(double t)
{
    const double(*f)[2] = dmlp__trig_inv_fact;
    double z = t * t, p = f[2 * DMLP__TRIG_LEAN_TERMS + 1][0];
    for (int i = DMLP__TRIG_LEAN_TERMS - 2; i >= 0; i--)
        p = fma(p, z, (i % 2 ? 1 : -1) * f[2 * i + 3][0]);
    return fma(t * z, p, t);
}

static double lean_trig_mirror(int fn, float x, int *near)
{
    double q = fma((double)x, DMLP__TRIG_TWO_OVER_PI, 0x1.8p52);
    int k = (int)(dmlp__f64_bits(q) & 0xffffffffu);
    double kd = q - 0x1.8p52;
    double r = fma(kd, -DMLP__TRIG_HALF_PI_CW1, (double)x);
    r = fma(kd, -DMLP__TRIG_HALF_PI_CW2, r);
    r = fma(kd, -DMLP__TRIG_HALF_PI_CW3, r);
    *near = fabs(r) < 0x1p-40;
    double s = lean_sin_mirror(r), h = lean_sin_mirror(r / 2);
    double c = fma(-2 * h, h, 1.0);
    if (fn == 2)
        return k & 1 ? -c / s : s / c;
    k += fn;
    double y = k & 1 ? c : s;
    return k & 2 ? -y : y;
}

/* The bound the lean blocks' rounding test assumes (see vector_crtrig.inc), measured
   against MPFR: the hard inputs, binary32 next to the multiples of pi/4 that end the
   reduced range, and random binary32 below 2^20 in magnitude. */
static void lean_bound_cases(void)
{
    static const char *const names[3] = {"sin", "cos", "tan"};
    mpfr_t m;
    mpfr_init2(m, 128);
    uint64_t rng = 0x9b05688c2b3e6c1fu;
    int n = TEST_THIN ? 30000 : 300000, hard = sizeof trig_hard_f32 / sizeof trig_hard_f32[0];
    for (int fn = 0; fn < 3; fn++) {
        double worst = 0;
        uint32_t worst_x = 0;
        for (int i = 0; i < n; i++) {
            uint32_t xb;
            if (i < hard) {
                xb = trig_hard_f32[i];
            } else if (i < hard + 2000) { /* odd multiples of pi/4, +-4 ulps */
                int j = i - hard;
                float e = (float)((2 * (j / 9) + 1) * 0.78539816339744830962);
                xb = dmlp__f32_bits(e) + (uint32_t)(j % 9) - 4;
            } else {
                xb = (uint32_t)(test_rng(&rng) % 0x49800000u);
            }
            xb |= (uint32_t)(test_rng(&rng) & 1) << 31;
            float x = dmlp__f32_from_bits(xb);
            int near;
            double y = lean_trig_mirror(fn, x, &near);
            if (near || fabsf(x) < 0x1p-12f || !(fabsf(x) < 0x1p20f))
                continue;
            mpfr_set_flt(m, x, MPFR_RNDN);
            (fn == 0 ? mpfr_sin : fn == 1 ? mpfr_cos : mpfr_tan)(m, m, MPFR_RNDN);
            double e = exp2(dmlp_oracle_rel_err(y, 0, m));
            if (e > worst) {
                worst = e;
                worst_x = xb;
            }
        }
        CHECK(worst * 0x1p53 <= DMLP__TRIG_LEAN_STEPS,
              "lean %s: relative error %a at 0x%08x is past %d binary64 steps", names[fn],
              worst, worst_x, DMLP__TRIG_LEAN_STEPS);
        printf("lean %s: worst relative error %a (%.0f steps of %d) at 0x%08x\n", names[fn],
               worst, worst * 0x1p53, DMLP__TRIG_LEAN_STEPS, worst_x);
    }
    mpfr_clear(m);
}

static double worst_dd[3] = {-999, -999, -999}, worst_fast[3] = {-999, -999, -999};

static void entry_points_at(double x)
{
    mpfr_t mx, r;
    mpfr_inits2(250, mx, r, (mpfr_ptr)0);
    mpfr_set_d(mx, x, MPFR_RNDN);
    dmlp__dd red;
    int k = dmlp__trig_reduce(x, &red);
    CHECK(fabs(red.hi) <= 0.7854, "reduce(%a): |r| = %a <= pi/4", x, red.hi);
    const double dd_bound[3] = {-99, -99, -97};
    for (int fn = 0; fn < 3; fn++) {
        oracles[fn].formula(r, mx, NULL);
        dmlp__dd v = dmlp__trig_dd((dmlp__trig_fn)fn, k, red);
        double e = dmlp_oracle_rel_err(v.hi, v.lo, r);
        worst_dd[fn] = fmax(worst_dd[fn], e);
        CHECK(e <= dd_bound[fn], "%s_dd(%a): 2^%.1f", fn_names[fn], x, e);
        /* the fast form's bound: the steps it is decided with, 2^-54 each */
        e = dmlp_oracle_rel_err(dmlp__trig_fast((dmlp__trig_fn)fn, k, red), 0, r);
        worst_fast[fn] = fmax(worst_fast[fn], e);
        CHECK(e <= log2((double)DMLP__TRIG_FAST_STEPS(fn)) - 54, "%s_fast(%a): 2^%.1f", fn_names[fn], x, e);
    }
    mpfr_clears(mx, r, (mpfr_ptr)0);
}

/* The double closest to a multiple of pi/2 (6381956970095103 2^797, |x - k pi/2| about
   2^-60.9), its neighbours, the largest doubles and floats, and pi/4's neighbourhood. */
static const double hard64[] = {
    0x1.6ac5b262ca1ffp+849, 0x1.6ac5b262ca1fep+849, 0x1.6ac5b262ca200p+849,
    DBL_MAX, 0x1.ffffffffffffep+1023, 0x1p1023, 0x1.fffffep127, 0x1p127,
    0x1.921fb54442d18p-1, 0x1.921fb54442d19p-1, 0x1.921fb54442d17p-1,
    0x1.921fb54442d18p+0, 0x1.921fb54442d18p+1, 0x1.2d97c7f3321d2p+2, /* pi/2, pi, 3pi/2 */
    0x1.921fb6p+0, 0x1.921fb4p+0, 0x1p-27, 0x1.fffffffffffffp-28, 0x1p-1022, 0x1p-1074,
};

static void entry_points(void)
{
    for (size_t i = 0; i < sizeof hard64 / sizeof hard64[0]; i++) {
        entry_points_at(hard64[i]);
        entry_points_at(-hard64[i]);
    }
    uint64_t rng = 0x9e3779b97f4a7c15u;
    for (int i = 0; i < (TEST_THIN ? 100 : 500); i++) {
        uint64_t b = test_rng(&rng);
        double u = (double)(b >> 11) * 0x1p-53;
        double x = i % 2 ? u * 20 - 10 : ldexp(1 + u, (int)(b % 1094) - 70);
        entry_points_at(b & 1 ? -x : x);
    }
    for (int fn = 0; fn < 3; fn++)
        printf("%s: dd 2^%.1f, fast 2^%.1f (worst relative errors seen)\n", fn_names[fn],
               worst_dd[fn], worst_fast[fn]);
}

/* Bits of one element through the type's reference kernel, no ScaleBias. */
static uint64_t run_one(DML_OPERATOR_TYPE op, DML_TENSOR_DATA_TYPE type, uint64_t x)
{
    dmlp__kernel_args args = {0};
    dmlp__unary_kernel k = dmlp__reference_kernel(op, type);
    uint64_t y = 0;
    if (k)
        k(1, &x, &y, &args);
    return y;
}

static void special_values(void)
{
    static const struct {
        int fn;
        DML_TENSOR_DATA_TYPE type;
        uint64_t x, want;
    } cases[] = {
        /* +-0; +-inf: the positive default NaN; a NaN made quiet, payload kept */
        {0, DML_TENSOR_DATA_TYPE_FLOAT32, 0x80000000u, 0x80000000u},
        {1, DML_TENSOR_DATA_TYPE_FLOAT32, 0x80000000u, 0x3f800000u},
        {2, DML_TENSOR_DATA_TYPE_FLOAT32, 0x80000000u, 0x80000000u},
        {0, DML_TENSOR_DATA_TYPE_FLOAT32, 0xff800000u, 0x7fc00000u},
        {1, DML_TENSOR_DATA_TYPE_FLOAT32, 0x7f800000u, 0x7fc00000u},
        {2, DML_TENSOR_DATA_TYPE_FLOAT32, 0xff800000u, 0x7fc00000u},
        {0, DML_TENSOR_DATA_TYPE_FLOAT32, 0xff812345u, 0xffc12345u},
        {1, DML_TENSOR_DATA_TYPE_FLOAT32, 0x7f812345u, 0x7fc12345u},
        {2, DML_TENSOR_DATA_TYPE_FLOAT32, 0x7f812345u, 0x7fc12345u},
        /* subnormals: sin and tan give x, cos 1 */
        {0, DML_TENSOR_DATA_TYPE_FLOAT32, 0x80000001u, 0x80000001u},
        {2, DML_TENSOR_DATA_TYPE_FLOAT32, 0x007fffffu, 0x007fffffu},
        {1, DML_TENSOR_DATA_TYPE_FLOAT32, 0x00000001u, 0x3f800000u},
        /* the largest finite float: sin = -0.521876, cos = 0.853021, tan = -0.611797 */
        {0, DML_TENSOR_DATA_TYPE_FLOAT32, 0x7f7fffffu, 0xbf0599b3u},
        {1, DML_TENSOR_DATA_TYPE_FLOAT32, 0x7f7fffffu, 0x3f5a5f96u},
        {2, DML_TENSOR_DATA_TYPE_FLOAT32, 0x7f7fffffu, 0xbf1c9ecau},
        {0, DML_TENSOR_DATA_TYPE_FLOAT16, 0x8000u, 0x8000u},
        {1, DML_TENSOR_DATA_TYPE_FLOAT16, 0x0000u, 0x3c00u},
        {2, DML_TENSOR_DATA_TYPE_FLOAT16, 0xfc00u, 0x7e00u},
        {0, DML_TENSOR_DATA_TYPE_FLOAT16, 0x7d23u, 0x7f23u},
        {2, DML_TENSOR_DATA_TYPE_FLOAT16, 0x0001u, 0x0001u},
        {0, DMLP_TENSOR_DATA_TYPE_BFLOAT16, 0x7f80u, 0x7fc0u},
        {1, DMLP_TENSOR_DATA_TYPE_BFLOAT16, 0x8001u, 0x3f80u},
        {2, DMLP_TENSOR_DATA_TYPE_BFLOAT16, 0xff81u, 0xffc1u},
        {0, DML_TENSOR_DATA_TYPE_FLOAT64, 0x8000000000000000u, 0x8000000000000000u},
        {1, DML_TENSOR_DATA_TYPE_FLOAT64, 0x8000000000000000u, 0x3ff0000000000000u},
        {2, DML_TENSOR_DATA_TYPE_FLOAT64, 0xfff0000000000000u, 0x7ff8000000000000u},
        {0, DML_TENSOR_DATA_TYPE_FLOAT64, 0x7ff0000000000123u, 0x7ff8000000000123u},
        {2, DML_TENSOR_DATA_TYPE_FLOAT64, 0x8000000000000001u, 0x8000000000000001u},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        CHECK_EQ_U64(run_one(fn_ops[cases[i].fn], cases[i].type, cases[i].x), cases[i].want,
                     "%s of 0x%llx (type %d)", fn_names[cases[i].fn],
                     (unsigned long long)cases[i].x, (int)cases[i].type);
}

static void f64_samples(void)
{
    dmlp__kernel_args args = {0};
    for (int fn = 0; fn < 3; fn++) {
        char name[16];
        snprintf(name, sizeof name, "%s f64", fn_names[fn]);
        /* every binade up to DBL_MAX, both signs; subnormals; [-10, 10) */
        dmlp_cr_f64_check c = {.name = name, .formula = oracles[fn].formula, .precision = 53,
                               .lo = -10, .hi = 10, .small_lo = -40, .small_hi = 1024,
                               .small_signed = 1, .subnormals = 1,
                               .seed = 0x2545f4914f6cdd1du + (uint64_t)fn,
                               .extra = hard64, .extra_count = sizeof hard64 / sizeof hard64[0]};
        dmlp_cr_check_f64(&c, dmlp__reference_kernel(fn_ops[fn], DML_TENSOR_DATA_TYPE_FLOAT64), &args);
    }
}

typedef struct trig_ctx {
    int fn;
    DML_TENSOR_DATA_TYPE type;
    int scaled;
} trig_ctx;

#define SCALE 3.0f
#define BIAS -0.5f

static uint32_t trig_expect(uint32_t x, void *ctx)
{
    trig_ctx *c = ctx;
    const dmlp_oracle *o = &oracles[c->fn];
    switch (c->type) {
    case DML_TENSOR_DATA_TYPE_FLOAT32:
        if (c->scaled)
            x = dmlp__f32_bits(dmlp_cr_scale_bias(dmlp__f32_from_bits(x), SCALE, BIAS));
        return dmlp_oracle_f32(o, x, NULL);
    case DML_TENSOR_DATA_TYPE_FLOAT16:
        if (c->scaled)
            x = dmlp__f32_to_f16(dmlp_cr_scale_bias(dmlp__f16_to_f32((uint16_t)x), SCALE, BIAS));
        return dmlp_oracle_f16(o, (uint16_t)x, NULL);
    default:
        if (c->scaled)
            x = dmlp__f32_to_bf16(dmlp_cr_scale_bias(dmlp__bf16_to_f32((uint16_t)x), SCALE, BIAS));
        return dmlp_oracle_bf16(o, (uint16_t)x, NULL);
    }
}

#define HARD_COUNT (sizeof trig_hard_f32 / sizeof trig_hard_f32[0])
/* The lean blocks' values (dmlp_cr_lean_mix): zeros, tiny and subnormal inputs (x
   itself, or cos 1), the ends of that range, the block's 2^20, infinities, NaN, huge. */
static const uint32_t lean_specials[16] = {
    0x00000000u, 0x80000000u, 0x2b000000u, 0xab800000u, 0x397fffffu, 0x39800000u,
    0x7f800000u, 0xff800000u, 0x7fc00001u, 0x497fffffu, 0x00000005u, 0x7f7fffffu,
    0xc9800000u, 0x3fc90fdbu, 0x40490fdbu, 0xb9800001u};
static const float lean_ordinary[8] = {0.3f, -0.6f, 1.7f, -2.5f, 0.05f, 12.0f, -40.0f, 0.9f};
static uint32_t hard_both_signs[2 * HARD_COUNT + DMLP_CR_LEAN_MIX];

static void sweep(int fn, DML_TENSOR_DATA_TYPE type, int scaled, uint64_t stride)
{
    char name[48];
    static const char *const types[] = {"f16", "bf16", "f32"};
    int t = type == DML_TENSOR_DATA_TYPE_FLOAT16 ? 0 : type == DML_TENSOR_DATA_TYPE_FLOAT32 ? 2 : 1;
    snprintf(name, sizeof name, "%s %s%s", fn_names[fn], types[t], scaled ? " ScaleBias" : "");
    trig_ctx ctx = {fn, type, scaled};
    dmlp_cr_sweep s = {.name = name, .expect = trig_expect, .ctx = &ctx};
    if (type == DML_TENSOR_DATA_TYPE_FLOAT32 && !scaled && stride > 1) {
        s.extra = hard_both_signs;
        s.extra_count = 2 * HARD_COUNT + DMLP_CR_LEAN_MIX;
    }
    dmlp__kernel_args args = {0};
    if (scaled) {
        args.scale_bias = 1;
        args.scale = SCALE;
        args.bias = BIAS;
    }
    dmlp_cr_check_op(&s, fn_ops[fn], type, &args, scaled ? "reference, ScaleBias" : "reference",
                     stride);
}

int main(int argc, char **argv)
{
    tables();
    entry_points();
    special_values();
    f64_samples();
    lean_bound_cases();
    for (size_t i = 0; i < HARD_COUNT; i++) {
        hard_both_signs[2 * i] = trig_hard_f32[i];
        hard_both_signs[2 * i + 1] = trig_hard_f32[i] | 0x80000000u;
    }
    dmlp_cr_lean_mix(hard_both_signs + 2 * HARD_COUNT, lean_specials, lean_ordinary);
    uint64_t stride = dmlp_cr_stride_from_args(argc, argv, TEST_THIN ? 65521 : 4099);
    const char *only = dmlp_cr_only_from_args(argc, argv); /* sin, cos or tan */
    for (int fn = 0; fn < 3; fn++) {
        if (only && strcmp(only, fn_names[fn]) != 0)
            continue;
        sweep(fn, DML_TENSOR_DATA_TYPE_FLOAT16, 0, 0);
        sweep(fn, DMLP_TENSOR_DATA_TYPE_BFLOAT16, 0, 0);
        sweep(fn, DML_TENSOR_DATA_TYPE_FLOAT32, 0, stride);
        /* the ScaleBias: every 16-bit input, f32 four times thinner (its rule is Identity's) */
        sweep(fn, DML_TENSOR_DATA_TYPE_FLOAT16, 1, 0);
        sweep(fn, DMLP_TENSOR_DATA_TYPE_BFLOAT16, 1, 0);
        sweep(fn, DML_TENSOR_DATA_TYPE_FLOAT32, 1, stride > 4099 ? stride : 4099 * 4);
    }
    mpfr_free_cache();
    return test_finish("test_cr_trig");
}
