/* What the reference tests of the operators with FLOAT members share (LeakyRelu, Linear,
   ThresholdedRelu, HardSigmoid, Shrink, HardSwish): the tests' own model of evaluating a
   formula "in the type's arithmetic" (f16 and bf16 widened to f32, each operation
   rounded to f32 by the oracle's integer rounding, the result rounded once to the type;
   f64 in the machine's binary64), the NaN rule, and the parameter values every test
   runs (ONNX's usual values, negative ones, zeros of both signs, infinities, NaN,
   subnormal and huge ones). */
#ifndef DMLP_TEST_REFERENCE_PIECEWISE_H
#define DMLP_TEST_REFERENCE_PIECEWISE_H

#include <math.h>
#include <stdlib.h>

#include "kernels/kernels.h"
#include "test_reference_oracle.h"
#include "test_reference_types.h"

static const float params[][2] = {
    {0.01f, 0.0f},   {0.2f, 0.5f},      {1.0f / 6.0f, 0.5f}, {-2.5f, 3.0f},   {1.5f, -0.25f},
    {0.0f, -0.0f},   {-0.0f, 0.0f},     {INFINITY, 1.0f},    {-INFINITY, NAN}, {NAN, 0.5f},
    {1e-40f, 3e38f}, {3e38f, -1e-40f},  {1.0f, 1.0f},        {65504.0f, -65520.0f},
};
enum { PARAM_COUNT = sizeof params / sizeof params[0] };

/* An element's value as a double (exact), infinities included; NaNs are not asked. */
static inline double model_value(uint64_t x, oracle_format f)
{
    if (oracle_is_inf(x, f))
        return oracle_negative(x, f) ? -INFINITY : INFINITY;
    return oracle_decode(x, f);
}

static inline int model_is_f64(oracle_format f) { return f.mbits == 52; }

/* v rounded to nearest even in binary32, overflowing to infinity (v exact). */
static inline double model_f32(double v)
{
    if (isnan(v) || isinf(v) || v == 0)
        return v;
    double r = oracle_round(v, 24, -126);
    if (fabs(r) >= 0x1p128)
        return v < 0 ? -INFINITY : INFINITY;
    return r;
}

/* One operation of the formula in the type's arithmetic: binary32 for f16, bf16 and
   f32 (the exact double result rounded), binary64 for f64 (the machine's). */
static inline double model_op(oracle_format f, double exact_or_f64)
{
    return model_is_f64(f) ? exact_or_f64 : model_f32(exact_or_f64);
}
static inline double model_mul(oracle_format f, double a, double b)
{
    volatile double p = a * b; /* exact for f32 operands; the f64 operation itself */
    return model_op(f, p);
}
static inline double model_add(oracle_format f, double a, double b)
{
    if (model_is_f64(f)) {
        volatile double s = a + b;
        return s;
    }
    /* two f32 values: their exact sum fits a double unless the exponents are far apart,
       where the double sum is rounded; rounding that again to f32 is exact when the
       smaller operand is below half an ulp of f32's result (double keeps 29 more bits) */
    volatile double s = a + b;
    return model_f32(s);
}

/* The result's encoding in f: the NaN rule (x made quiet when it is a NaN, else the
   positive default NaN), else v (a binary32 value for f16/bf16) rounded once to f. */
static inline uint64_t model_result(uint64_t x, oracle_format f, double v)
{
    if (isnan(v)) {
        if (oracle_is_nan(x, f))
            return quiet(x, f);
        uint64_t exp_mask = ((UINT64_C(1) << f.ebits) - 1u) << f.mbits;
        return exp_mask | (UINT64_C(1) << (f.mbits - 1));
    }
    uint64_t sign = (uint64_t)(signbit(v) != 0) << (f.ebits + f.mbits);
    uint64_t inf = ((UINT64_C(1) << f.ebits) - 1u) << f.mbits;
    if (isinf(v))
        return sign | inf;
    double r = model_is_f64(f) ? v : oracle_round_format(v, f);
    if (fabs(r) >= ldexp(1.0, oracle_bias(f) + 1))
        return sign | inf;
    return oracle_encode(r, f) | sign;
}

/* Runs the float kernels of op on every 16-bit input and a sample of the wider ones, for
   every parameter pair (Alpha/Beta, Min/Max ... as the operator's members are ordered),
   under nan_propagate 0 and 1 when `both_rules`, against model(x, f, p0, p1, propagate). */
typedef uint64_t (*piecewise_model)(uint64_t x, oracle_format f, float p0, float p1,
                                    int propagate);
static inline void check_piecewise(const char *name, DML_OPERATOR_TYPE op, piecewise_model model,
                            int both_rules)
{
    unsigned char *in = malloc(N * 8), *out = malloc(N * 8);
    for (size_t t = 0; t < sizeof floats / sizeof floats[0]; t++) {
        size_t size = floats[t].size, count = fill(in, size, 11);
        oracle_format f = floats[t].f;
        dmlp__unary_kernel fn = dmlp__reference_kernel(op, floats[t].type);
        CHECK(fn != NULL, "%s %s: a kernel", name, floats[t].name);
        if (!fn)
            continue;
        for (size_t p = 0; p < PARAM_COUNT; p++)
            for (int propagate = 0; propagate < (both_rules ? 2 : 1); propagate++) {
                dmlp__kernel_args args = {.nan_propagate = (uint32_t)propagate};
                args.param[0] = params[p][0];
                args.param[1] = params[p][1];
                fn(count, in, out, &args);
                for (size_t i = 0; i < count; i++) {
                    uint64_t x = get(in, i, size);
                    CHECK_BITS(get(out, i, size),
                               model(x, f, params[p][0], params[p][1], propagate),
                               "%s %s params %g %g propagate %d x 0x%llx", name,
                               floats[t].name, (double)params[p][0], (double)params[p][1],
                               propagate, (unsigned long long)x);
                }
            }
    }
    free(in);
    free(out);
}

/* The shared types' helpers a test of float types alone leaves unused. */
static inline void piecewise_unused(void)
{
    (void)as_signed;
    (void)integers;
}

#endif
