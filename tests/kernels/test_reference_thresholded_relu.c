/* test_reference_thresholded_relu: the ThresholdedRelu reference kernels
   (docs/operators.md) against the tests' own model: x itself where its exact value is
   above Alpha's, else +0 (a NaN on either side compares false); every 16-bit input and a
   sample of the wider ones, for every Alpha of test_reference_piecewise.h. */
#include "test_reference_piecewise.h"

static uint64_t thresholded_relu_model(uint64_t x, oracle_format f, float alpha,
                                       float unused, int propagate)
{
    (void)unused;
    (void)propagate;
    if (oracle_is_nan(x, f) || isnan(alpha))
        return 0;
    return model_value(x, f) > (double)alpha ? x : 0;
}

int main(void)
{
    check_piecewise("thresholded_relu", DML_OPERATOR_ACTIVATION_THRESHOLDED_RELU,
                    thresholded_relu_model, 0);
    return test_finish("test_reference_thresholded_relu");
}
