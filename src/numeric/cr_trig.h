/* Internal: sine, cosine and tangent, correctly rounded (src/numeric/cr_trig.c;
   docs/accuracy.md).

   Every finite binary64 x is reduced exactly enough: x = k pi/2 + r with |r| <= pi/4 and
   r a double-double within 2^-101 of itself (Payne-Hanek on the bits of 2/pi), for the
   largest doubles too. binary32, binary16 and bfloat16 results are the exact value
   rounded once to nearest-even; binary64 results the double nearest to an approximation
   within 2^-99 (sin, cos) or 2^-97 (tan) of the value, relative: correctly rounded unless
   the value lies that close to a midpoint, always within 1 ulp.
   Special values: sin(+-0) = +-0, tan(+-0) = +-0, cos(+-0) = 1; +-inf gives the format's
   positive default quiet NaN; a NaN comes back quiet with its sign and payload. */
#ifndef DMLP_NUMERIC_CR_TRIG_H
#define DMLP_NUMERIC_CR_TRIG_H

#include <stdint.h>

#include "numeric/double_double.h"

typedef enum dmlp__trig_fn { DMLP__TRIG_SIN, DMLP__TRIG_COS, DMLP__TRIG_TAN } dmlp__trig_fn;

/* x = k pi/2 + r for a finite x: returns k mod 4 and r (|r| <= pi/4 (1 + 2^-50)) with
   |r.hi + r.lo - r| below 2^-101 |r|; r = x exactly when |x| < pi/4. */
int dmlp__trig_reduce(double x, dmlp__dd *r);

/* fn at x = k pi/2 + r (k mod 4, r from dmlp__trig_reduce) in binary64, relative error
   below DMLP__TRIG_FAST_ERR(fn); as round_decided steps, DMLP__TRIG_FAST_STEPS(fn). */
#define DMLP__TRIG_FAST_STEPS(fn) ((fn) == DMLP__TRIG_TAN ? 40u : 16u)
double dmlp__trig_fast(dmlp__trig_fn fn, int k, dmlp__dd r);

/* The binary32 kernels' lean blocks (kernels/vector_crtrig.inc): sin's series to the t^13
   term (the coefficients -1/3!, 1/5!, ..., 1/13!) and the binary64 steps of their test. */
#define DMLP__TRIG_LEAN_TERMS 6
#define DMLP__TRIG_LEAN_STEPS 512

/* The same as a double-double, relative error below 2^-99 (sin, cos) or 2^-97 (tan). */
dmlp__dd dmlp__trig_dd(dmlp__trig_fn fn, int k, dmlp__dd r);

/* fn(x) rounded once to nearest-even in a narrow format (DMLP__F32_FORMAT ... of
   numeric/cr_round.h) for every binary64 x. */
uint32_t dmlp__cr_trig_narrow(dmlp__trig_fn fn, double x, int frac, int exp);

/* fn(x) in binary64 (the accuracy above). */
double dmlp__cr_trig_f64(dmlp__trig_fn fn, double x);

/* The same per function, as the operator files name them. */
static inline uint32_t dmlp__cr_sin_narrow(double x, int frac, int exp)
{
    return dmlp__cr_trig_narrow(DMLP__TRIG_SIN, x, frac, exp);
}
static inline uint32_t dmlp__cr_cos_narrow(double x, int frac, int exp)
{
    return dmlp__cr_trig_narrow(DMLP__TRIG_COS, x, frac, exp);
}
static inline uint32_t dmlp__cr_tan_narrow(double x, int frac, int exp)
{
    return dmlp__cr_trig_narrow(DMLP__TRIG_TAN, x, frac, exp);
}
static inline double dmlp__cr_sin_f64(double x)
{
    return dmlp__cr_trig_f64(DMLP__TRIG_SIN, x);
}
static inline double dmlp__cr_cos_f64(double x)
{
    return dmlp__cr_trig_f64(DMLP__TRIG_COS, x);
}
static inline double dmlp__cr_tan_f64(double x)
{
    return dmlp__cr_trig_f64(DMLP__TRIG_TAN, x);
}

#endif
