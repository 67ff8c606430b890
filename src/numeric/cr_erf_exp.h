/* Internal: exp of a double-double argument, the part of exp that erfc's accurate path
   needs (src/numeric/cr_erf.c). It keeps the interface of the shared exp core
   (src/numeric/cr_exp.h, dmlp__exp_dd) under its own name, so that replacing it by that
   core is a deletion and a rename.

   Relative error below 2^-100 for results in binary64's normal range. */
#ifndef DMLP_NUMERIC_CR_ERF_EXP_H
#define DMLP_NUMERIC_CR_ERF_EXP_H

#include "numeric/double_double.h"

/* exp(x) for a normalised x: +inf above 709.79, +0 below -745.2 (where exp is below half
   the least subnormal), NaN for NaN; results below 2^-1022 lose the low part. */
dmlp__dd dmlp__erf_exp_dd(dmlp__dd x);

/* exp(x) = r * 2^(*scale), r in [1/2, 2], for |x.hi| < 5000: what a caller that multiplies
   the result further takes, so that a product near the subnormal range rounds once. */
dmlp__dd dmlp__erf_exp_dd_scaled(dmlp__dd x, int *scale);

/* 2^e as a double, for -1022 <= e <= 1023. */
static inline double dmlp__erf_pow2(int e)
{
    union {
        unsigned long long u;
        double d;
    } v = {(unsigned long long)(e + 1023) << 52};
    return v.d;
}

/* v * 2^e, rounded once when it falls below the normal range (the low part then lost). */
static inline dmlp__dd dmlp__erf_dd_scale(dmlp__dd v, int e)
{
    if (e >= -1022)
        return (dmlp__dd){v.hi * dmlp__erf_pow2(e), v.lo * dmlp__erf_pow2(e)};
    return (dmlp__dd){v.hi * dmlp__erf_pow2(e + 600) * dmlp__erf_pow2(-600), 0};
}

#endif
