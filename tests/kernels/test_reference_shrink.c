/* test_reference_shrink: the Shrink reference kernels (docs/operators.md) against the
   tests' own model: x - Bias where x is above Threshold, x + Bias where below
   -Threshold (compares on the exact values), else +0, the sum rounded in the type's
   arithmetic with the NaN rule; every 16-bit input and a sample of the wider ones, for
   every parameter pair of test_reference_piecewise.h (Bias, Threshold). Integers: every
   8- and 16-bit input and a sample of 32-bit ones, the exact sum truncated toward zero
   and saturated (the model's own integer arithmetic), 0 for a NaN. */
#include "test_reference_piecewise.h"

#define SHRINK DML_OPERATOR_ACTIVATION_SHRINK

static uint64_t shrink_model(uint64_t x, oracle_format f, float bias, float threshold,
                             int propagate)
{
    (void)propagate;
    if (oracle_is_nan(x, f))
        return 0;
    double v = model_value(x, f);
    if (v > (double)threshold)
        return model_result(x, f, model_add(f, v, -(double)bias));
    if (v < -(double)threshold)
        return model_result(x, f, model_add(f, v, (double)bias));
    return 0;
}

/* The integer result: the sum x -/+ Bias decided exactly, as a long double holds
   x (at most 32 bits) plus a float32 to within far less than one. */
static int64_t shrink_int_model(int64_t x, int64_t lo, int64_t hi, float bias, float threshold)
{
    long double y;
    if ((long double)x > (long double)threshold)
        y = (long double)x - (long double)bias;
    else if ((long double)x < -(long double)threshold)
        y = (long double)x + (long double)bias;
    else
        return 0;
    if (y != y)
        return 0;
    if (y <= (long double)lo)
        return lo;
    if (y >= (long double)hi)
        return hi;
    return (int64_t)y; /* truncates toward zero */
}

static void check_integers(void)
{
    unsigned char *in = malloc(N * 8), *out = malloc(N * 8);
    for (size_t t = 0; t < sizeof integers / sizeof integers[0]; t++) {
        size_t size = integers[t].size, count = fill(in, size, 13);
        dmlp__unary_kernel fn = dmlp__reference_kernel(SHRINK, integers[t].type);
        if (size == 8) { /* DirectML lists no 64-bit Shrink */
            CHECK(fn == NULL, "shrink type %d: no kernel", (int)integers[t].type);
            continue;
        }
        CHECK(fn != NULL, "shrink type %d: a kernel", (int)integers[t].type);
        if (!fn)
            continue;
        int64_t lo = integers[t].is_signed ? -((int64_t)1 << (8 * size - 1)) : 0;
        int64_t hi = integers[t].is_signed ? ((int64_t)1 << (8 * size - 1)) - 1
                                           : ((int64_t)1 << (8 * size)) - 1;
        for (size_t p = 0; p < PARAM_COUNT; p++) {
            dmlp__kernel_args args = {0};
            args.param[0] = params[p][0];
            args.param[1] = params[p][1];
            fn(count, in, out, &args);
            for (size_t i = 0; i < count; i++) {
                uint64_t raw = get(in, i, size);
                int64_t x = integers[t].is_signed ? as_signed(raw, size) : (int64_t)raw;
                uint64_t want = (uint64_t)shrink_int_model(x, lo, hi, params[p][0],
                                                           params[p][1]);
                if (size < 8)
                    want &= (UINT64_C(1) << (8 * size)) - 1u;
                CHECK_BITS(get(out, i, size), want, "shrink type %d params %g %g x %lld",
                           (int)integers[t].type, (double)params[p][0],
                           (double)params[p][1], (long long)x);
            }
        }
    }
    free(in);
    free(out);
}

int main(void)
{
    check_piecewise("shrink", SHRINK, shrink_model, 0);
    check_integers();
    return test_finish("test_reference_shrink");
}
