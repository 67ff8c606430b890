/* Internal: x^y, correctly rounded (src/numeric/cr_pow.c; docs/accuracy.md).

   The entry points take and give the bits of one element of each operand:
   - NaN: x^(+-0) = 1 and 1^y = 1 for every x and y, NaN included (IEEE 754-2019 9.2.1,
     C99 F.9.4.4); otherwise a NaN x comes back quiet with its sign and payload, else a
     NaN y likewise; a negative finite x with a finite non-integer y gives the type's
     positive default quiet NaN.
   - (-1)^(+-inf) = 1; |x| < 1: x^-inf = +inf, x^+inf = +0; |x| > 1 the other way round.
   - x = +-0: y < 0 an odd integer gives +-inf (x's sign), another y < 0 (-inf too)
     +inf; y > 0 an odd integer +-0, another y > 0 +0.
   - x = -inf: y < 0 an odd integer -0, another y < 0 +0; y > 0 an odd integer -inf,
     another +inf. x = +inf: y < 0 +0, y > 0 +inf.
   - a negative finite x with an integer y: (-1)^y |x|^y.
   binary32, binary16 and bfloat16 results are the exact x^y rounded once to nearest-even
   (overflow +-inf, underflow a correctly rounded subnormal or a signed zero); 16-bit
   results never pass through binary32. Exact results and exact midpoints (3^2, 2^-3,
   9^0.5, 1.5^2 ...) are found and computed exactly; every other result is decided by an
   evaluation within 2^-92 of x^y, which rounds correctly unless x^y lies that close to a
   midpoint (docs/accuracy.md says what was checked). binary64 results are an evaluation
   within 2^-89 relative rounded once (exact powers of two exactly): within 0.5 ulp +
   2^-89, so correctly rounded unless x^y lies within 2^-89 of a midpoint. */
#ifndef DMLP_NUMERIC_CR_POW_H
#define DMLP_NUMERIC_CR_POW_H

#include <stdint.h>

uint32_t dmlp__pow_f32(uint32_t x, uint32_t y);
uint16_t dmlp__pow_f16(uint16_t x, uint16_t y);
uint16_t dmlp__pow_bf16(uint16_t x, uint16_t y);
uint64_t dmlp__pow_f64(uint64_t x, uint64_t y);

/* A 16-bit base to a binary32 exponent (CONSTANT_POW's float Exponent, never rounded to
   the base's type); a NaN exponent gives its sign and top payload bits, made quiet. */
uint16_t dmlp__pow_f16_by_f32(uint16_t x, uint32_t y);
uint16_t dmlp__pow_bf16_by_f32(uint16_t x, uint32_t y);

#endif
