/* Internal: GELU(x) = x/2 (1 + erf(x/sqrt2)), correctly rounded to binary32, binary16 and
   bfloat16 (ACTIVATION_GELU, src/ops/gelu.c), over the erf/erfc core (cr_erf.h).

   x/sqrt2 is carried as a double-double, and never 1 + erf: for x > 0 the value is
   x - x/2 erfc(z), for x < 0 it is x/2 erfc(|z|) (z = x/sqrt2), whose erfc keeps its
   relative accuracy however small it gets, with z^2 = x^2/2 exact for its exp. */
#ifndef DMLP_NUMERIC_CR_GELU_H
#define DMLP_NUMERIC_CR_GELU_H

#include <stdint.h>

#include "numeric/double_double.h"

/* GELU of a finite x >= -20 in binary64, relative error below 2^-46 (the fast path;
   DMLP__ERF_FAST_STEPS). */
double dmlp__gelu_fast(double x);

/* GELU of a finite x as a double-double, relative error below 2^-92 while the result is
   at least 2^-969; below that within 2^-1074 absolute. */
dmlp__dd dmlp__gelu_dd(double x);

/* GELU of a double rounded once in the format, as its bits: NaN kept (quiet, payload),
   +-0 kept, +inf gives +inf, -inf gives -0 (the limit). */
uint32_t dmlp__cr_gelu(double x, int frac, int exp);

/* GELU of a binary64: the double-double value rounded to nearest (within 0.5 ulp +
   2^-92 relative; within 1 ulp below 2^-1022). */
double dmlp__cr_gelu_f64(double x);

#endif
