/* test_reference_hard_sigmoid: the HardSigmoid reference kernels (docs/operators.md)
   against the tests' own model, under both NaN rules: t = Alpha * x + Beta with each
   operation rounded in the type's arithmetic, then minimumNumber(t, 1) and
   maximumNumber(0, .) with -0 below +0 (a NaN t gives 1) or, propagating, a NaN t gives
   NaN by the NaN rule; every 16-bit input and a sample of the wider ones, for every
   parameter pair of test_reference_piecewise.h. */
#include "test_reference_piecewise.h"

/* t clamped to [+0, 1] as the rules say; NaN stays NaN only when propagating. */
static double clamp_model(double t, int propagate)
{
    if (isnan(t))
        return propagate ? t : 1.0;
    if (t >= 1.0)
        return 1.0;
    if (t <= 0.0) /* -0, +0 and below: maximumNumber(+0, t) is +0 */
        return 0.0;
    return t;
}

static uint64_t hard_sigmoid_model(uint64_t x, oracle_format f, float alpha, float beta,
                                   int propagate)
{
    double t = oracle_is_nan(x, f)
                   ? NAN
                   : model_add(f, model_mul(f, (double)alpha, model_value(x, f)), (double)beta);
    return model_result(x, f, clamp_model(t, propagate));
}

int main(void)
{
    check_piecewise("hard_sigmoid", DML_OPERATOR_ACTIVATION_HARD_SIGMOID, hard_sigmoid_model,
                    1);
    return test_finish("test_reference_hard_sigmoid");
}
