/* What the reference tests of Threshold and Clip share: the tests' own model of the
   bounds converted to the tensor's type (floats rounded to nearest even, infinities and
   NaN kept; integers truncated toward zero and saturated, a NaN bound meaning none) and
   of max and min as the API and DMLP_EXECUTION_FLAG_NAN_PROPAGATE take them (a NaN loses,
   or wins; the first NaN before the second, made quiet; -0 below +0), and the bound
   pairs the tests run. */
#ifndef DMLP_TEST_REFERENCE_CLAMP_H
#define DMLP_TEST_REFERENCE_CLAMP_H

#include "test_reference_piecewise.h"

static const float bounds[][2] = {
    {-1.5f, 2.5f},  {0.0f, 0.0f},     {-0.0f, 0.0f},   {0.0f, -0.0f},  {-INFINITY, INFINITY},
    {3.0f, -3.0f},  {NAN, 1.0f},      {-1.0f, NAN},    {NAN, NAN},     {1e-40f, 3e38f},
    {-65520.0f, 65519.0f}, {0.1f, 0.30000001f}, {-200.5f, 300.75f}, {-3e9f, 5e9f},
};
enum { BOUND_COUNT = sizeof bounds / sizeof bounds[0] };

/* A float32 bound as an element of f (rounded to nearest even; NaN: the default one). */
static inline uint64_t bound_model(float p, oracle_format f)
{
    if (isnan(p))
        return (((UINT64_C(1) << f.ebits) - 1u) << f.mbits) | (UINT64_C(1) << (f.mbits - 1));
    return model_result(0, f, (double)p);
}

/* The greater (up) or the smaller of a and b in f, a first. */
static inline uint64_t pick_model(uint64_t a, uint64_t b, oracle_format f, int propagate, int up)
{
    int a_nan = oracle_is_nan(a, f), b_nan = oracle_is_nan(b, f);
    if (a_nan && (propagate || b_nan))
        return quiet(a, f);
    if (a_nan)
        return b;
    if (b_nan)
        return propagate ? quiet(b, f) : a;
    double x = model_value(a, f), y = model_value(b, f);
    if (x == y && x == 0) { /* the zeros: -0 below +0 */
        int a_neg = oracle_negative(a, f);
        return up ? (a_neg ? b : a) : (a_neg ? a : b);
    }
    if (x == y)
        return a;
    return (x > y) == (up != 0) ? a : b;
}

/* An integer bound: *none for NaN, else truncated and saturated to [lo, hi]. */
static inline long double int_bound_model(float p, long double lo, long double hi, int *none)
{
    *none = isnan(p);
    if (*none)
        return 0;
    long double v = truncl((long double)p);
    return v < lo ? lo : v > hi ? hi : v;
}

static inline void clamp_unused(void) { (void)params; }

#endif
