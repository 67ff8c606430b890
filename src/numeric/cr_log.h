/* Internal: the natural logarithm, correctly rounded (src/numeric/cr_log.c).

   The operator's entry points take and give the bits of one element:
     log(±0) = -inf; log(x < 0) (-inf included) = the positive default quiet NaN;
     log(+inf) = +inf; log(1) = +0; a NaN comes back quiet with its sign and payload.
   binary32, binary16 and bfloat16 results are log(x) rounded once to nearest-even
   (every input, subnormals included: no result of the three is subnormal or zero
   except log(1)). binary64 results are the double nearest to an approximation within
   2^-99 of log(x) relative to it: correctly rounded unless log(x) lies within 2^-99
   (relative) of a midpoint of two doubles, and never more than 0.5 ulp + 2^-99 |log x|
   from it (so within 1 ulp).

   For functions that compose on the logarithm (Softplus, Pow, Mish), three evaluations
   with proven bounds:
   - dmlp__log_fast(x): binary64, x > 0 finite (subnormals included), relative error
     below DMLP__LOG_FAST_ERR = 2^-49 everywhere, near 1 included (there the result is
     log1p of the exact x - 1). Hand it to dmlp__round_decided with DMLP__LOG_FAST_STEPS.
   - dmlp__log_dd(x): a double-double x > 0, relative error below 2^-99 everywhere: near
     1 as well, since x - 1 is formed exactly from x's two parts. (What a caller loses
     near 1 is its own: if x is 1 + t with t rounded, log1p_dd(t) is the one to call.)
   - dmlp__log1p_dd(t): log(1 + t) for a double-double t > -1, relative error below
     2^-99 for every such t, tiny ones included (1 + t is never rounded).
   - dmlp__log1p_fast(e): log(1 + e) in binary64 for e in [0, 1] (Softplus's
     log1p(e^-|t|)), relative error below DMLP__LOG1P_FAST_ERR = 35 * 2^-53.
   - dmlp__log1p_dd_fast(t): log(1 + t) in binary64 for a double-double t >= 0,
     relative error below DMLP__LOG1P_DD_FAST_ERR = 5.3 * 2^-53 (Softmax's rows).
   No C library transcendental function is called; results do not depend on the CPU. */
#ifndef DMLP_NUMERIC_CR_LOG_H
#define DMLP_NUMERIC_CR_LOG_H

#include <stdint.h>

#include "numeric/double_double.h"

#define DMLP__LOG_FAST_ERR 0x1p-49
#define DMLP__LOG_FAST_STEPS 32 /* DMLP__LOG_FAST_ERR * 2^54 */
#define DMLP__LOG1P_FAST_ERR (35 * 0x1p-53)
#define DMLP__LOG1P_DD_FAST_ERR (5.3 * 0x1p-53)

double dmlp__log_fast(double x);
dmlp__dd dmlp__log_dd(dmlp__dd x);
dmlp__dd dmlp__log1p_dd(dmlp__dd t);
double dmlp__log1p_fast(double e);
double dmlp__log1p_dd_fast(dmlp__dd t);

uint32_t dmlp__log_f32(uint32_t x);
uint16_t dmlp__log_f16(uint16_t x);
uint16_t dmlp__log_bf16(uint16_t x);
uint64_t dmlp__log_f64(uint64_t x);

#endif
