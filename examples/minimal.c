/* The smallest complete use of dmlp: Softsign on a 2x3 float tensor.
   Build: cc minimal.c $(pkg-config --cflags --libs dmlp) */
#include <stdio.h>

#include <dmlp.h>

int main(void)
{
    float x[6] = {-3.0f, -1.0f, -0.0f, 0.5f, 1.0f / 0.0f, 1e30f};
    float y[6];

    uint32_t sizes[2] = {2, 3};
    DML_BUFFER_TENSOR_DESC buffer = {
        .DataType = DML_TENSOR_DATA_TYPE_FLOAT32,
        .DimensionCount = 2,
        .Sizes = sizes,
        .TotalTensorSizeInBytes = dmlp_calc_buffer_tensor_size(DML_TENSOR_DATA_TYPE_FLOAT32,
                                                               2, sizes, NULL),
    };
    DML_TENSOR_DESC tensor = {DML_TENSOR_TYPE_BUFFER, &buffer};
    DML_ACTIVATION_SOFTSIGN_OPERATOR_DESC softsign = {&tensor, &tensor};
    DML_OPERATOR_DESC desc = {DML_OPERATOR_ACTIVATION_SOFTSIGN, &softsign};

    dmlp_device *device = NULL;
    dmlp_operator *op = NULL;
    dmlp_status status = dmlp_device_create(NULL, &device);
    if (status == DMLP_OK)
        status = dmlp_operator_create(device, &desc, DML_EXECUTION_FLAG_NONE, &op);
    if (status == DMLP_OK) {
        dmlp_buffer_binding in = {x, 0, sizeof x}, out = {y, 0, sizeof y};
        status = dmlp_operator_execute(op, 1, &in, 1, &out);
    }
    if (status != DMLP_OK) {
        fprintf(stderr, "minimal: %s: %s\n", dmlp_status_string(status), dmlp_last_error());
        dmlp_operator_destroy(op);
        dmlp_device_destroy(device);
        return 1;
    }
    for (int i = 0; i < 6; i++)
        printf("softsign(%g) = %.9g\n", x[i], y[i]);

    dmlp_operator_destroy(op);
    dmlp_device_destroy(device);
    /* -3 / (1 + 3) is exactly -0.75: a result anyone can check */
    return y[0] == -0.75f ? 0 : 1;
}
