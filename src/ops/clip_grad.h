/* ClipGrad's comparisons of a 64-bit integer with a FLOAT bound as numbers, exact: a
   float of magnitude 2^24 or more is an integer, so below 2^63 (2^64) it converts
   exactly, and x <= p is x <= floor(p), x >= p is x >= ceil(p). A NaN bound compares
   false. */
#ifndef DMLP_OPS_CLIP_GRAD_H
#define DMLP_OPS_CLIP_GRAD_H

#include <stdint.h>

/* floor(p) and ceil(p) of a float p with |p| < 2^63, as integers. */
static inline int64_t clipgrad_floor(float p)
{
    int64_t t = (int64_t)p; /* toward zero */
    return (float)t > p ? t - 1 : t;
}
static inline int64_t clipgrad_ceil(float p)
{
    int64_t t = (int64_t)p;
    return (float)t < p ? t + 1 : t;
}

static inline int clipgrad_i64_at_most(int64_t x, float p)
{
    if (p != p)
        return 0;
    if (p >= 0x1p63f)
        return 1;
    if (p < -0x1p63f)
        return 0;
    return x <= clipgrad_floor(p);
}
static inline int clipgrad_i64_at_least(int64_t x, float p)
{
    if (p != p)
        return 0;
    if (p >= 0x1p63f) /* past every int64 */
        return 0;
    if (p <= -0x1p63f)
        return 1;
    return x >= clipgrad_ceil(p);
}
static inline int clipgrad_u64_at_most(uint64_t x, float p)
{
    if (p != p || p < 0.0f)
        return 0;
    if (p >= 0x1p64f)
        return 1;
    return x <= (uint64_t)p; /* p >= 0: floor is truncation */
}
static inline int clipgrad_u64_at_least(uint64_t x, float p)
{
    if (p != p || p >= 0x1p64f)
        return 0;
    if (p <= 0.0f)
        return 1;
    uint64_t t = (uint64_t)p;
    return x >= ((float)t < p ? t + 1 : t);
}

#endif
