/* test_reference_leaky_relu: the LeakyRelu reference kernels (docs/operators.md) against
   the tests' own model: x where x >= 0 (so -0 gives -0), else Alpha * x in the type's
   arithmetic, with the NaN rule; every 16-bit input and a sample of the wider ones, for
   every parameter of test_reference_piecewise.h. Then through the public API, with
   Alpha in the descriptor. */
#include <string.h>

#include "test_reference_piecewise.h"

#define LEAKY_RELU DML_OPERATOR_ACTIVATION_LEAKY_RELU

static uint64_t leaky_relu_model(uint64_t x, oracle_format f, float alpha, float unused,
                                 int propagate)
{
    (void)unused;
    (void)propagate;
    if (oracle_is_nan(x, f))
        return quiet(x, f);
    if (!oracle_negative(x, f) || model_value(x, f) == 0) /* x >= 0, -0 included */
        return x;
    return model_result(x, f, model_mul(f, (double)alpha, model_value(x, f)));
}

static void check_api(void)
{
    dmlp_device *device = NULL;
    CHECK_STATUS(dmlp_device_create(NULL, &device), DMLP_OK);
    uint32_t n4[1] = {4};
    DML_BUFFER_TENSOR_DESC b = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 1, n4, NULL,
                                16, 0};
    DML_TENSOR_DESC t = {DML_TENSOR_TYPE_BUFFER, &b};
    DML_ACTIVATION_LEAKY_RELU_OPERATOR_DESC d = {&t, &t, 0.25f};
    DML_OPERATOR_DESC od = {LEAKY_RELU, &d};
    dmlp_operator *op = NULL;
    CHECK_STATUS(dmlp_operator_create(device, &od, 0, &op), DMLP_OK);
    float data[4] = {-8.0f, -0.0f, 3.0f, -INFINITY}, want[4] = {-2.0f, -0.0f, 3.0f, -INFINITY};
    dmlp_buffer_binding bind = {data, 0, sizeof data};
    CHECK_STATUS(dmlp_operator_execute(op, 1, &bind, 1, &bind), DMLP_OK);
    CHECK(memcmp(data, want, sizeof data) == 0, "leaky_relu in place through the API");
    dmlp_operator_destroy(op);
    /* no integer rows: DirectML lists FLOAT32 and FLOAT16 only */
    b.DataType = DML_TENSOR_DATA_TYPE_INT32;
    CHECK_STATUS(dmlp_operator_create(device, &od, 0, &op), DMLP_ERROR_UNSUPPORTED);
    CHECK_CONTAINS(dmlp_last_error(), "ACTIVATION_LEAKY_RELU: InputTensor.DataType is INT32");
    dmlp_device_destroy(device);
}

int main(void)
{
    check_piecewise("leaky_relu", LEAKY_RELU, leaky_relu_model, 0);
    check_api();
    return test_finish("test_reference_leaky_relu");
}
