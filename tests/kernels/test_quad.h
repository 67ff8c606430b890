/* `quad`: IEEE binary128, the tests' models' wide type for exact f64 sums, products and
   remainders (113 bits: at least 2 * 53 + 2, so one rounding to f64 is the correct one).
   GCC's __float128 on x86-64; long double, which is binary128, on aarch64. */
#ifndef DMLP_TEST_QUAD_H
#define DMLP_TEST_QUAD_H

#include <float.h>

#if defined(__SIZEOF_FLOAT128__)
__extension__ typedef __float128 quad;
#else
_Static_assert(LDBL_MANT_DIG >= 113, "the models need a binary128 type");
typedef long double quad;
#endif

#endif
