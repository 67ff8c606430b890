/* Internal: the error function erf and its complement erfc = 1 - erf, correctly rounded
   to binary32, binary16 and bfloat16 (the ERF and GELU operators, src/ops/erf.c and
   gelu.c). Pattern of the correctly rounded functions (docs/accuracy.md): a binary64
   evaluation with a proven relative error bound, decided by dmlp__round_decided, else a
   double-double one.

   Method (cr_erf.c). On [0, 4): Taylor expansions of erfc about the grid points c = k/16,
   |z - c| <= 1/32, from a table of erf(c), erfc(c) and exp(-c^2) (tools/gen_erf_tables.py);
   erf is c's value plus the expansion, erfc c's value minus it, so neither cancels. On
   [4, inf): erfc(z) = exp(-z^2) / sqrt(pi) * K(z), K Laplace's continued fraction
   1/(z + (1/2)/(z + 1/(z + (3/2)/(z + ...)))), which has positive terms and is evaluated
   from the bottom up; erf = 1 - erfc there (erfc < 2^-25.8). So erfc keeps its relative
   accuracy down to the subnormal range, which GELU needs: 1 + erf(x/sqrt2) of a negative
   x is erfc(|x|/sqrt2). */
#ifndef DMLP_NUMERIC_CR_ERF_H
#define DMLP_NUMERIC_CR_ERF_H

#include <stdint.h>

#include "numeric/double_double.h"

/* The fast paths' relative error bound in binary64 steps (2^-45 * 2^54, cr_erf.c proves
   2^-46): what dmlp__round_decided takes. */
#define DMLP__ERF_FAST_STEPS 512

/* erf(x) for a normalised double-double x, relative error below 2^-93 (erf of a tiny x,
   |x| < 2^-969, loses the low part with the range). erf(+-inf) = +-1, NaN stays NaN. */
dmlp__dd dmlp__erf_dd(dmlp__dd x);

/* erfc(x) = 1 - erf(x), relative error below 2^-93 while the result is at least 2^-969
   (x < 25.8); below that within 2^-1074 absolute; +0 from x >= 27.3 (where erfc is below
   half the least subnormal). erfc(-inf) = 2, erfc(+inf) = +0. */
dmlp__dd dmlp__erfc_dd(dmlp__dd x);

/* erfc(z) * 2^-(*scale) for z >= 0 (z < 27.3), the same bound: for a caller that
   multiplies it further before rounding. square is z^2 exactly when the caller knows it
   (GELU: x^2/2), else NULL (computed here without loss). */
dmlp__dd dmlp__erfc_dd_scaled(dmlp__dd z, const dmlp__dd *square, int *scale);

/* The fast binary64 forms, relative error below 2^-46 (DMLP__ERF_FAST_STEPS):
   erf(x) for |x| < 4 (finite), erfc(z) for a double-double 0 <= z < 27 whose square is
   `square` (NULL: z.hi^2 + 2 z.hi z.lo is used, z.lo^2 being below the bound). */
double dmlp__erf_fast(double x);
double dmlp__erfc_fast(dmlp__dd z, const dmlp__dd *square);

/* erf of a double rounded once in the format (DMLP__F32_FORMAT ...), as its bits: NaN
   kept (quiet, payload), +-0 kept, +-inf +-1. */
uint32_t dmlp__cr_erf(double x, int frac, int exp);

/* erf of a binary64: the double-double value rounded to nearest, within 0.5 ulp +
   2^-93 relative (correctly rounded unless the value lies that close to a midpoint;
   below 2^-1022, where the low part is lost, within 1 ulp). */
double dmlp__cr_erf_f64(double x);

#endif
