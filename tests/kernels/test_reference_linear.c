/* test_reference_linear: the Linear reference kernels (docs/operators.md) against the
   tests' own model: Alpha * x rounded, plus Beta rounded, in the type's arithmetic, with
   the NaN rule; every 16-bit input and a sample of the wider ones, for every parameter
   pair of test_reference_piecewise.h. */
#include "test_reference_piecewise.h"

static uint64_t linear_model(uint64_t x, oracle_format f, float alpha, float beta,
                             int propagate)
{
    (void)propagate;
    if (oracle_is_nan(x, f))
        return quiet(x, f);
    double product = model_mul(f, (double)alpha, model_value(x, f));
    return model_result(x, f, model_add(f, product, (double)beta));
}

int main(void)
{
    check_piecewise("linear", DML_OPERATOR_ACTIVATION_LINEAR, linear_model, 0);
    return test_finish("test_reference_linear");
}
