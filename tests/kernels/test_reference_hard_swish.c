/* test_reference_hard_swish: the HardSwish reference kernels (docs/operators.md) against
   the tests' own model, under both NaN rules: HardSigmoid's clamped t (its model, a NaN t
   giving 1 or, propagating, NaN), then x times it rounded in the type's arithmetic, with
   the NaN rule; every 16-bit input and a sample of the wider ones, for every parameter
   pair of test_reference_piecewise.h. Then the feature level that introduced it. */
#include "test_reference_piecewise.h"

static double clamp_model(double t, int propagate)
{
    if (isnan(t))
        return propagate ? t : 1.0;
    return t >= 1.0 ? 1.0 : t <= 0.0 ? 0.0 : t;
}

static uint64_t hard_swish_model(uint64_t x, oracle_format f, float alpha, float beta,
                                 int propagate)
{
    if (oracle_is_nan(x, f))
        return quiet(x, f);
    double v = model_value(x, f);
    double t = model_add(f, model_mul(f, (double)alpha, v), (double)beta);
    double h = clamp_model(t, propagate);
    return model_result(x, f, isnan(h) ? h : model_mul(f, v, h));
}

static void check_api(void)
{
    dmlp_device *device = NULL;
    dmlp_device_desc old = {DML_FEATURE_LEVEL_6_1, 0, 0};
    CHECK_STATUS(dmlp_device_create(&old, &device), DMLP_OK);
    uint32_t n4[1] = {4};
    DML_BUFFER_TENSOR_DESC b = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 1, n4, NULL,
                                16, 0};
    DML_TENSOR_DESC t = {DML_TENSOR_TYPE_BUFFER, &b};
    DML_ACTIVATION_HARD_SWISH_OPERATOR_DESC d = {&t, &t, 1.0f / 6.0f, 0.5f};
    DML_OPERATOR_DESC od = {DML_OPERATOR_ACTIVATION_HARD_SWISH, &d};
    dmlp_operator *op = NULL;
    CHECK_STATUS(dmlp_operator_create(device, &od, 0, &op), DMLP_ERROR_UNSUPPORTED);
    CHECK_CONTAINS(dmlp_last_error(), "feature level 6_2");
    dmlp_device_destroy(device);
}

int main(void)
{
    check_piecewise("hard_swish", DML_OPERATOR_ACTIVATION_HARD_SWISH, hard_swish_model, 1);
    check_api();
    return test_finish("test_reference_hard_swish");
}
