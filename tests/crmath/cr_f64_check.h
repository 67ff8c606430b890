/* Random float64 samples of a unary function's kernel against MPFR's value rounded to
   binary64: the check behind each correctly rounded operator's f64 claim (docs/accuracy.md
   states each). Float64 has too many inputs for the oracle's sweeps, so samples are drawn
   where the claim is hardest: across the function's range, near zero, and (when asked)
   down to the subnormals. */
#ifndef DMLP_TEST_CRMATH_CR_F64_CHECK_H
#define DMLP_TEST_CRMATH_CR_F64_CHECK_H

#include <math.h>
#include <mpfr.h>

#include "kernels/kernels.h"
#include "numeric/fp_convert.h"
#include "test_util.h"

typedef struct dmlp_cr_f64_check {
    const char *name; /* printed with a failing input: "mish f64" */
    void (*formula)(mpfr_t y, const mpfr_t x, const double *params);
    const double *params;
    mpfr_prec_t precision; /* of the formula's evaluation: 53 when it rounds correctly */
    double lo, hi;         /* most samples: uniform in [lo, hi) */
    int small_lo, small_hi; /* every 3rd: (1 + u) 2^e, e in [small_lo, small_hi), sign as
                               small_signed says */
    int small_signed;
    int subnormals;   /* every 5th: -(1 + u) 2^-k, k < 1074 */
    double ulp_below; /* where |exact| is below this the claim is within one ulp, not the
                         exact bits (0: exact bits everywhere) */
    uint64_t seed;
    const double *extra; /* inputs checked besides the samples (known hard ones) */
    size_t extra_count;
} dmlp_cr_f64_check;

/* x through `kernel` with `args` against the formula at x, as c's claim says. */
static void dmlp_cr_check_f64_at(const dmlp_cr_f64_check *c, dmlp__unary_kernel kernel,
                                 const dmlp__kernel_args *args, double x, mpfr_t mx, mpfr_t r)
{
    uint64_t xb = dmlp__f64_bits(x), y = 0;
    kernel(1, &xb, &y, args);
    mpfr_set_d(mx, x, MPFR_RNDN);
    c->formula(r, mx, c->params);
    double want = mpfr_get_d(r, MPFR_RNDN);
    if (fabs(want) < c->ulp_below)
        CHECK(fabs(dmlp__f64_from_bits(y) - want) <= ldexp(fabs(want), -52) + 0x1p-1074,
              "%s of %a: within an ulp", c->name, x);
    else
        CHECK_EQ_U64(y, dmlp__f64_bits(want), "%s of %a", c->name, x);
}

/* 1,000 samples (200 under TEST_THIN) through `kernel` with `args`, and c->extra. */
static void dmlp_cr_check_f64(const dmlp_cr_f64_check *c, dmlp__unary_kernel kernel,
                              const dmlp__kernel_args *args)
{
    mpfr_t mx, r;
    mpfr_inits2(c->precision, mx, r, (mpfr_ptr)0);
    uint64_t rng = c->seed ? c->seed : 0x2545f4914f6cdd1du;
    for (int i = 0; i < (TEST_THIN ? 200 : 1000); i++) {
        uint64_t b = test_rng(&rng);
        double u = (double)(b >> 11) * 0x1p-53;
        double x = c->lo + u * (c->hi - c->lo);
        if (i % 3 == 0) {
            x = ldexp(1 + u, c->small_lo + (int)(b % (uint64_t)(c->small_hi - c->small_lo)));
            if (c->small_signed && (b & 1))
                x = -x;
        }
        if (i % 5 == 0 && c->subnormals)
            x = -ldexp(1 + u, -(int)(b % 1074));
        dmlp_cr_check_f64_at(c, kernel, args, x, mx, r);
    }
    for (size_t i = 0; i < c->extra_count; i++)
        dmlp_cr_check_f64_at(c, kernel, args, c->extra[i], mx, r);
    mpfr_clears(mx, r, (mpfr_ptr)0);
}

#endif
