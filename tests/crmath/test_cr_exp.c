/* The exponential's core (src/numeric/cr_exp.c) against MPFR:
   - dmlp__cr_exp_narrow on every float16 and bfloat16 input and a stride of binary32
     (all 2^32 with --full), bit for bit with the correctly rounded result;
   - dmlp__exp_fast within its stated bound (1.05 * 2^-53) on random arguments;
   - dmlp__exp_dd within 2^-100 and dmlp__expm1_dd within 2^-92 on random double-double
     arguments, tiny, near the reduction's boundaries and at the ends of the range;
   - dmlp__cr_exp_f64 correctly rounded on random arguments, subnormal results included;
   - the generated table against MPFR. */
#include <math.h>
#include <mpfr.h>

#include "crmath/cr_sweep.h"
#include "crmath/oracle.h"
#include "numeric/cr_exp.h"
#include "numeric/cr_exp_tables.h"
#include "numeric/cr_round.h"
#include "test_util.h"

static void exp_formula(mpfr_t y, const mpfr_t x, const double *params)
{
    (void)params;
    mpfr_exp(y, x, MPFR_RNDN);
}

static double exp_filter(double x, const double *params)
{
    (void)params;
    return exp(x);
}

/* glibc documents exp within 1 ulp; 4 leaves room for other C libraries' */
static const dmlp_oracle exp_oracle = {"exp", exp_formula, 0, exp_filter, 4, 1};

typedef enum { F32, F16, BF16 } fmt;

static uint32_t expect(uint32_t x, void *ctx)
{
    switch (*(fmt *)ctx) {
    case F32:
        return dmlp_oracle_f32(&exp_oracle, x, NULL);
    case F16:
        return dmlp_oracle_f16(&exp_oracle, (uint16_t)x, NULL);
    default:
        return dmlp_oracle_bf16(&exp_oracle, (uint16_t)x, NULL);
    }
}

static void run_f32(size_t n, const void *in, void *out, void *ctx)
{
    (void)ctx;
    const uint32_t *x = in;
    uint32_t *y = out;
    for (size_t i = 0; i < n; i++)
        y[i] = dmlp__cr_exp_narrow(dmlp__f32_from_bits(x[i]), DMLP__F32_FORMAT);
}

static void run_f16(size_t n, const void *in, void *out, void *ctx)
{
    (void)ctx;
    const uint16_t *x = in;
    uint16_t *y = out;
    for (size_t i = 0; i < n; i++) {
        if ((x[i] & 0x7fffu) > 0x7c00u) { /* NaN: the oracle's rule, decided on the bits */
            y[i] = x[i] | 0x0200u;
            continue;
        }
        y[i] = (uint16_t)dmlp__cr_exp_narrow(dmlp__f16_to_f32(x[i]), DMLP__F16_FORMAT);
    }
}

static void run_bf16(size_t n, const void *in, void *out, void *ctx)
{
    (void)ctx;
    const uint16_t *x = in;
    uint16_t *y = out;
    for (size_t i = 0; i < n; i++)
        y[i] = (uint16_t)dmlp__cr_exp_narrow(dmlp__bf16_to_f32(x[i]), DMLP__BF16_FORMAT);
}

static void sweeps(uint64_t stride)
{
    fmt f = F16;
    dmlp_cr_sweep s = {.name = "exp core f16", .expect = expect, .ctx = &f, .form_count = 1};
    dmlp_cr_sweep_all16(&s);
    s.forms[0] = run_f16;
    s.form_names[0] = "narrow";
    CHECK_EQ_U64(dmlp_cr_sweep_run(&s), 0, "f16");
    f = BF16;
    s.name = "exp core bf16";
    s.forms[0] = run_bf16;
    CHECK_EQ_U64(dmlp_cr_sweep_run(&s), 0, "bf16");
    /* The binary32 inputs whose results are neither 0, 1 nor infinity (|x| < 2^-25 gives
       1, x < -104 gives 0, x > 89 infinity) lie in few patterns: the stride runs over all
       of them, and over those hard ones. */
    static const uint32_t hard[] = {
        0x00000000u, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00001u, 0x42b17218u,
        0x42b17217u, 0xc2cff1b4u, 0xc2cff1b5u, 0xc2ce8ed0u, 0xc2ce8ecfu, 0x33000000u,
        0xb3000000u, 0x33000001u, 0xb2800000u, 0xb2800001u, 0x3f800000u, 0xbf800000u,
    };
    f = F32;
    s.name = "exp core f32";
    dmlp_cr_sweep_f32(&s, stride);
    s.extra = hard;
    s.extra_count = sizeof hard / sizeof hard[0];
    s.forms[0] = run_f32;
    CHECK_EQ_U64(dmlp_cr_sweep_run(&s), 0, "f32");
}

/* |approx - exact| / |exact| as log2, with MPFR at 400 bits. */
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
    uint64_t rng = 0x5851f42d4c957f2du;
    int samples = TEST_THIN ? 3000 : 60000;
    double worst_fast = -1000, worst_dd = -1000, worst_m1 = -1000;
    unsigned long f64_wrong = 0;
    mpfr_t x, y;
    mpfr_inits2(400, x, y, (mpfr_ptr)0);
    for (int i = 0; i < samples; i++) {
        uint64_t r = test_rng(&rng);
        double hi;
        switch (i % 4) {
        case 0: /* the whole range */
            hi = -745.0 + 1454.0 * (double)(r >> 11) * 0x1p-53;
            break;
        case 1: /* small */
            hi = ldexp((double)(r >> 11) * 0x1p-53, -(int)(r % 60)) * (r & 1 ? 1 : -1);
            break;
        case 2: /* next to a reduction boundary: (k + 1/2) ln2/64 */
            hi = ((double)((int64_t)(r % 20000) - 10000) + 0.5) * 0x1.62e42fefa39efp-7 +
                 ldexp(1.0, -(int)(r >> 58) - 20);
            break;
        default: /* the subnormal results of binary64 and the top */
            hi = r & 1 ? -708.0 - 37.0 * (double)(r >> 11) * 0x1p-53
                       : 709.0 + 0.78 * (double)(r >> 11) * 0x1p-53;
            break;
        }
        double lo = ldexp(hi, -54) * ((double)(test_rng(&rng) >> 11) * 0x1p-53 - 0.5);
        mpfr_set_d(x, hi, MPFR_RNDN);
        if (hi >= -708 && hi <= 709) {
            mpfr_exp(y, x, MPFR_RNDN);
            double e = rel_err_log2(y, dmlp__exp_fast(hi), 0);
            worst_fast = e > worst_fast ? e : worst_fast;
        }
        double expected = dmlp_oracle_eval(&exp_oracle, hi, NULL, DMLP_ORACLE_F64);
        double got = dmlp__cr_exp_f64(hi);
        if (dmlp__f64_bits(got) != dmlp__f64_bits(expected)) {
            f64_wrong++;
            if (f64_wrong <= 5)
                fprintf(stderr, "  exp f64 of %a: %a, correctly rounded %a\n", hi, got, expected);
        }
        if (hi >= -670 && hi <= 709.7) {
            mpfr_add_d(x, x, lo, MPFR_RNDN); /* exact at 400 bits */
            mpfr_exp(y, x, MPFR_RNDN);
            dmlp__dd d = dmlp__exp_dd((dmlp__dd){hi, lo});
            double e = rel_err_log2(y, d.hi, d.lo);
            worst_dd = e > worst_dd ? e : worst_dd;
            mpfr_expm1(y, x, MPFR_RNDN);
            d = dmlp__expm1_dd((dmlp__dd){hi, lo});
            e = rel_err_log2(y, d.hi, d.lo);
            worst_m1 = e > worst_m1 ? e : worst_m1;
        }
    }
    mpfr_clears(x, y, (mpfr_ptr)0);
    printf("  %d samples: fast 2^%.2f, dd 2^%.2f, expm1 dd 2^%.2f, f64 %lu not correctly rounded\n",
           samples, worst_fast, worst_dd, worst_m1, f64_wrong);
    CHECK(worst_fast < log2(1.05) - 53, "exp_fast within 1.05 * 2^-53: 2^%.3f", worst_fast);
    CHECK(worst_dd < -100, "exp_dd within 2^-100: 2^%.2f", worst_dd);
    CHECK(worst_m1 < -92, "expm1_dd within 2^-92: 2^%.2f", worst_m1);
    CHECK(f64_wrong == 0, "exp f64 correctly rounded on every sample: %lu not", f64_wrong);
}

static void table(void)
{
    mpfr_t v, t;
    mpfr_inits2(300, v, t, (mpfr_ptr)0);
    for (int j = 0; j < 64; j++) {
        mpfr_set_si(v, j, MPFR_RNDN);
        mpfr_div_ui(v, v, 64, MPFR_RNDN);
        mpfr_ui_pow(v, 2, v, MPFR_RNDN);
        double e = rel_err_log2(v, dmlp__exp_table[j][0], dmlp__exp_table[j][1]);
        CHECK(e < -105, "2^(%d/64) within 2^-105: 2^%.1f", j, e);
    }
    mpfr_const_log2(v, MPFR_RNDN);
    mpfr_div_ui(v, v, 64, MPFR_RNDN);
    mpfr_set_d(t, dmlp__exp_ln2_n[0], MPFR_RNDN);
    mpfr_add_d(t, t, dmlp__exp_ln2_n[1], MPFR_RNDN);
    mpfr_add_d(t, t, dmlp__exp_ln2_n[2], MPFR_RNDN);
    mpfr_sub(t, t, v, MPFR_RNDN);
    mpfr_div(t, t, v, MPFR_RNDN);
    CHECK(mpfr_zero_p(t) || mpfr_get_exp(t) < -140, "ln2/64 split within 2^-140");
    CHECK((dmlp__f64_bits(dmlp__exp_ln2_n[0]) & 0x1fffffu) == 0, "l1 has at most 32 bits");
    mpfr_clears(v, t, (mpfr_ptr)0);
}

int main(int argc, char **argv)
{
    table();
    bounds();
    sweeps(dmlp_cr_stride_from_args(argc, argv, TEST_THIN ? 65521 : 4099));
    mpfr_free_cache();
    return test_finish("test_cr_exp");
}
