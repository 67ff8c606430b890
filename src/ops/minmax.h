/* What the reference kernels of Max and Min share, and Clip's, Clip1's and Threshold's
   (ops/clamp.h), whose floats are a max and a min: the float formats by their bits and the
   IEEE 754-2019 choice between two floats, decided on the bits (NaN, -0 against +0).
   Included by those operators' files for their reference part. */
#ifndef DMLP_OPS_MINMAX_H
#define DMLP_OPS_MINMAX_H

#include <stdint.h>

#include "kernels/reference_binary.h"

/* A float format by its bits: the sign, +infinity and the quiet-NaN bit; `value` reads
   an element exactly as a double (every f16, bf16 and f32 is one). */
typedef struct minmax_format {
    uint64_t sign, inf, quiet;
    double (*value)(uint64_t bits);
} minmax_format;

static double f16_value(uint64_t x) { return dmlp__f16_to_f32((uint16_t)x); }
static double bf16_value(uint64_t x) { return dmlp__bf16_to_f32((uint16_t)x); }
static double f32_value(uint64_t x) { return dmlp__f32_from_bits((uint32_t)x); }
static double f64_value(uint64_t x) { return dmlp__f64_from_bits(x); }

static const minmax_format f16_format = {0x8000u, 0x7c00u, 0x0200u, f16_value};
static const minmax_format bf16_format = {0x8000u, 0x7f80u, 0x0040u, bf16_value};
static const minmax_format f32_format = {0x80000000u, 0x7f800000u, 0x00400000u, f32_value};
static const minmax_format f64_format = {0x8000000000000000u, 0x7ff0000000000000u,
                                         0x0008000000000000u, f64_value};

/* The greater of x and y (`greater`), or the lesser: with `propagate` IEEE maximum or
   minimum (a NaN wins, x's first, made quiet), else maximumNumber or minimumNumber (a NaN
   loses to a number; two NaNs give x's made quiet). -0 is below +0 under both. */
static uint64_t minmax_pick(uint64_t x, uint64_t y, const minmax_format *f, uint32_t propagate,
                            int greater)
{
    int x_nan = (x & ~f->sign) > f->inf, y_nan = (y & ~f->sign) > f->inf;
    if (x_nan)
        return propagate || y_nan ? x | f->quiet : y;
    if (y_nan)
        return propagate ? y | f->quiet : x;
    double a = f->value(x), b = f->value(y);
    if (a == b) /* equal values have equal bits, but for -0 and +0 */
        return greater ? x & y : x | y;
    return (greater ? a > b : a < b) ? x : y;
}

#endif
