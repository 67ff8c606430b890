/* Internal: exact conversions between float32 and the 16-bit float formats. It sits
   below core and kernels (and the front ends) and includes nothing of the project.
   Widening is exact; narrowing rounds to nearest, ties to even, independent of the
   current rounding mode. NaNs keep their sign and top payload bits and come out quiet. */
#ifndef DMLP_NUMERIC_FP_CONVERT_H
#define DMLP_NUMERIC_FP_CONVERT_H

#include <stdint.h>
#include <string.h>

static inline uint32_t dmlp__f32_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

static inline float dmlp__f32_from_bits(uint32_t u)
{
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

static inline uint64_t dmlp__f64_bits(double d)
{
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    return u;
}

static inline double dmlp__f64_from_bits(uint64_t u)
{
    double d;
    memcpy(&d, &u, sizeof d);
    return d;
}

static inline float dmlp__f16_to_f32(uint16_t h)
{
    uint32_t sign = (uint32_t)(h & 0x8000u) << 16;
    uint32_t exponent = (h >> 10) & 0x1fu;
    uint32_t mantissa = h & 0x3ffu;
    if (exponent == 0x1f) /* inf or NaN: payload moves up unchanged */
        return dmlp__f32_from_bits(sign | 0x7f800000u | (mantissa << 13));
    if (exponent == 0) { /* zero or subnormal: mantissa * 2^-24, exact in float */
        float magnitude = (float)mantissa * 0x1p-24f;
        return dmlp__f32_from_bits(sign | dmlp__f32_bits(magnitude));
    }
    return dmlp__f32_from_bits(sign | ((exponent + 112u) << 23) | (mantissa << 13));
}

static inline uint16_t dmlp__f32_to_f16(float f)
{
    uint32_t x = dmlp__f32_bits(f);
    uint16_t sign = (uint16_t)((x >> 16) & 0x8000u);
    uint32_t ax = x & 0x7fffffffu;
    if (ax > 0x7f800000u) /* NaN: keep the top payload bits, force quiet */
        return (uint16_t)(sign | 0x7e00u | ((ax >> 13) & 0x3ffu));
    if (ax >= 0x477ff000u) /* >= 65520 rounds to infinity (inf itself included) */
        return (uint16_t)(sign | 0x7c00u);
    if (ax < 0x38800000u) { /* below 2^-14: an f16 subnormal or zero */
        if (ax < 0x33000000u) /* below 2^-25: rounds to zero */
            return sign;
        uint32_t e = ax >> 23;
        uint32_t m = (ax & 0x7fffffu) | 0x800000u;
        uint32_t shift = 126u - e; /* 14..24 */
        uint32_t r = m >> shift;
        uint32_t rest = m & ((1u << shift) - 1u);
        uint32_t half = 1u << (shift - 1u);
        if (rest > half || (rest == half && (r & 1u)))
            r++; /* may carry into the smallest normal, 0x0400: still right */
        return (uint16_t)(sign | r);
    }
    uint32_t r = (ax >> 13) - (112u << 10);
    uint32_t rest = ax & 0x1fffu;
    if (rest > 0x1000u || (rest == 0x1000u && (r & 1u)))
        r++; /* a carry into the exponent is the correctly rounded result */
    return (uint16_t)(sign | r);
}

static inline float dmlp__bf16_to_f32(uint16_t b)
{
    return dmlp__f32_from_bits((uint32_t)b << 16);
}

static inline uint16_t dmlp__f32_to_bf16(float f)
{
    uint32_t x = dmlp__f32_bits(f);
    if ((x & 0x7fffffffu) > 0x7f800000u) /* NaN: truncate the payload, force quiet */
        return (uint16_t)((x >> 16) | 0x0040u);
    x += 0x7fffu + ((x >> 16) & 1u);
    return (uint16_t)(x >> 16);
}

#endif
