/* Internal: the hyperbolic tangent, correctly rounded, and ScaledTanh Alpha tanh(Beta x)
   rounded once (src/numeric/cr_tanh.c; docs/accuracy.md). */
#ifndef DMLP_NUMERIC_CR_TANH_H
#define DMLP_NUMERIC_CR_TANH_H

#include <stdint.h>

#include "numeric/double_double.h"

/* dmlp__tanh_fast's bound as dmlp__round_decided steps: relative error below 21.5 * 2^-53
   (43 steps). */
#define DMLP__TANH_FAST_STEPS 44

/* tanh(x) for every finite binary64 x: relative error below 21.5 * 2^-53. */
double dmlp__tanh_fast(double x);

/* tanh(x) for a finite double-double x: relative error below 2^-90 (results above
   2^-969; the low parts of smaller ones lose bits to underflow). */
dmlp__dd dmlp__tanh_dd(dmlp__dd x);

/* tanh(x) rounded once to nearest-even in a narrow format (DMLP__F32_FORMAT ... of
   numeric/cr_round.h) for every binary64 x: +-0 gives +-0, +-inf +-1, a NaN comes back
   quiet with its payload. */
uint32_t dmlp__cr_tanh_narrow(double x, int frac, int exp);

/* tanh(x) in binary64: within 0.5 ULP + 2^-90 relative (correctly rounded unless the exact
   value lies that close to a midpoint); x itself below 2^-27, where that is the rounding. */
double dmlp__cr_tanh_f64(double x);

/* alpha tanh(beta x) rounded once in a narrow format, for x, alpha and beta values of
   binary32 (beta x is exact in binary64). Products follow IEEE 754's special cases (tanh
   of +-inf is +-1, of +-0 +-0): beta x of 0 and an infinity, or an infinite alpha times
   tanh(+-0), is a NaN, the format's positive default quiet NaN (as is any NaN alpha or
   beta); a NaN x comes back quiet with its payload. */
uint32_t dmlp__cr_scaled_tanh_narrow(double x, double alpha, double beta, int frac, int exp);

/* The same in binary64 for any x, alpha, beta: beta x taken exactly (a double-double),
   results above 2^-969 within 0.5 ULP + 2^-90 relative, within 1 ULP below. */
double dmlp__cr_scaled_tanh_f64(double x, double alpha, double beta);

#endif
