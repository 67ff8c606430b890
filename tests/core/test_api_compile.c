/* test_api_compile — a program written from the C interface as documented (include/dmlp.h)
   and nothing else: every type, enumerator, struct member and function named there must
   compile against <dmlp.h> with the documented values and layout, and one operator of
   each kind must run. Results are docs/operators.md's values, written out here. */
#include <dmlp.h>

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "test_util.h"

/* A value and what it must be; the failure names the expression. */
#define EQ(actual, expected) CHECK_EQ_U64(actual, expected, #actual)

static void enumerator_values(void)
{
    EQ(DML_TENSOR_DATA_TYPE_UNKNOWN, 0);
    EQ(DML_TENSOR_DATA_TYPE_FLOAT32, 1);
    EQ(DML_TENSOR_DATA_TYPE_FLOAT16, 2);
    EQ(DML_TENSOR_DATA_TYPE_UINT32, 3);
    EQ(DML_TENSOR_DATA_TYPE_UINT16, 4);
    EQ(DML_TENSOR_DATA_TYPE_UINT8, 5);
    EQ(DML_TENSOR_DATA_TYPE_INT32, 6);
    EQ(DML_TENSOR_DATA_TYPE_INT16, 7);
    EQ(DML_TENSOR_DATA_TYPE_INT8, 8);
    EQ(DML_TENSOR_DATA_TYPE_FLOAT64, 9);
    EQ(DML_TENSOR_DATA_TYPE_UINT64, 10);
    EQ(DML_TENSOR_DATA_TYPE_INT64, 11);
    EQ(DML_TENSOR_TYPE_INVALID, 0);
    EQ(DML_TENSOR_TYPE_BUFFER, 1);
    EQ(DML_TENSOR_FLAG_NONE, 0);
    EQ(DML_TENSOR_FLAG_OWNED_BY_DML, 1);
    EQ(DML_OPERATOR_INVALID, 0);
    EQ(DML_OPERATOR_ACTIVATION_SOFTSIGN, 50);
    EQ(DML_OPERATOR_ELEMENT_WISE_SIGN, 79);
    EQ(DML_OPERATOR_ELEMENT_WISE_IS_INFINITY, 100);
    EQ(DML_IS_INFINITY_MODE_EITHER, 0);
    EQ(DML_IS_INFINITY_MODE_POSITIVE, 1);
    EQ(DML_IS_INFINITY_MODE_NEGATIVE, 2);
    const DML_FEATURE_LEVEL levels[] = {
        DML_FEATURE_LEVEL_1_0, DML_FEATURE_LEVEL_2_0, DML_FEATURE_LEVEL_2_1,
        DML_FEATURE_LEVEL_3_0, DML_FEATURE_LEVEL_3_1, DML_FEATURE_LEVEL_4_0,
        DML_FEATURE_LEVEL_4_1, DML_FEATURE_LEVEL_5_0, DML_FEATURE_LEVEL_5_1,
        DML_FEATURE_LEVEL_5_2, DML_FEATURE_LEVEL_6_0, DML_FEATURE_LEVEL_6_1,
        DML_FEATURE_LEVEL_6_2, DML_FEATURE_LEVEL_6_3, DML_FEATURE_LEVEL_6_4};
    const uint32_t level_values[] = {0x1000, 0x2000, 0x2100, 0x3000, 0x3100,
                                     0x4000, 0x4100, 0x5000, 0x5100, 0x5200,
                                     0x6000, 0x6100, 0x6200, 0x6300, 0x6400};
    for (int i = 0; i < 15; i++)
        CHECK(levels[i] == level_values[i], "level %d is 0x%x", i, (unsigned)levels[i]);
    EQ(DML_EXECUTION_FLAG_NONE, 0);
    EQ(DML_EXECUTION_FLAG_ALLOW_HALF_PRECISION_COMPUTATION, 0x1);
    EQ(DML_EXECUTION_FLAG_DISABLE_META_COMMANDS, 0x2);
    EQ(DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE, 0x4);

    /* Extensions: numbered outside DirectML's range, usable as a DML_TENSOR_DATA_TYPE. */
    const DML_TENSOR_DATA_TYPE extensions[] = {
        DMLP_TENSOR_DATA_TYPE_BFLOAT16, DMLP_TENSOR_DATA_TYPE_FLOAT8_E4M3FN,
        DMLP_TENSOR_DATA_TYPE_FLOAT8_E4M3FNUZ, DMLP_TENSOR_DATA_TYPE_FLOAT8_E5M2,
        DMLP_TENSOR_DATA_TYPE_FLOAT8_E5M2FNUZ};
    for (int i = 0; i < 5; i++) {
        CHECK(extensions[i] >= 0x100, "extension type %d is %d", i, (int)extensions[i]);
        for (int j = 0; j < i; j++)
            CHECK(extensions[i] != extensions[j], "extension types %d and %d", i, j);
    }
    EQ(DMLP_EXECUTION_FLAG_NAN_PROPAGATE, 0x100);
    EQ(DMLP_DEVICE_FLAG_EXTENSIONS, 0x1);

    /* Each enum is a type of its own name. */
    DML_TENSOR_TYPE tensor_type = DML_TENSOR_TYPE_BUFFER;
    DML_TENSOR_FLAGS tensor_flags = DML_TENSOR_FLAG_OWNED_BY_DML;
    DML_OPERATOR_TYPE operator_type = DML_OPERATOR_ELEMENT_WISE_SIGN;
    DML_IS_INFINITY_MODE mode = DML_IS_INFINITY_MODE_NEGATIVE;
    DML_EXECUTION_FLAGS execution_flags = DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE;
    DML_FEATURE_LEVEL level = DML_FEATURE_LEVEL_4_1;
    CHECK(tensor_type == 1 && tensor_flags == 1 && operator_type == 79 && mode == 2 &&
              execution_flags == 4 && level == 0x4100,
          "enum-typed variables");

    EQ(DMLP_OK, 0);
    const dmlp_status statuses[] = {DMLP_OK, DMLP_ERROR_INVALID_ARGUMENT,
                                    DMLP_ERROR_UNSUPPORTED, DMLP_ERROR_OUT_OF_MEMORY,
                                    DMLP_ERROR_IO, DMLP_ERROR_FORMAT};
    for (int i = 0; i < 6; i++) {
        CHECK((int)statuses[i] == i, "status %d", i);
        const char *name = dmlp_status_string(statuses[i]);
        CHECK(name != NULL && name[0] != '\0', "status %d has a name", i);
    }
    CHECK(dmlp_status_string((dmlp_status)1234) != NULL, "unknown status");
}

static void struct_layout(void)
{
    /* DirectML.h's layout on LP64; member order everywhere. */
    if (sizeof(void *) == 8 && sizeof(long) == 8) {
        EQ(sizeof(DML_BUFFER_TENSOR_DESC), 48);
        EQ(offsetof(DML_BUFFER_TENSOR_DESC, DataType), 0);
        EQ(offsetof(DML_BUFFER_TENSOR_DESC, Flags), 4);
        EQ(offsetof(DML_BUFFER_TENSOR_DESC, DimensionCount), 8);
        EQ(offsetof(DML_BUFFER_TENSOR_DESC, Sizes), 16);
        EQ(offsetof(DML_BUFFER_TENSOR_DESC, Strides), 24);
        EQ(offsetof(DML_BUFFER_TENSOR_DESC, TotalTensorSizeInBytes), 32);
        EQ(offsetof(DML_BUFFER_TENSOR_DESC, GuaranteedBaseOffsetAlignment), 40);
        EQ(sizeof(DML_TENSOR_DESC), 16);
        EQ(offsetof(DML_TENSOR_DESC, Type), 0);
        EQ(offsetof(DML_TENSOR_DESC, Desc), 8);
        EQ(sizeof(DML_OPERATOR_DESC), 16);
        EQ(offsetof(DML_OPERATOR_DESC, Type), 0);
        EQ(offsetof(DML_OPERATOR_DESC, Desc), 8);
        EQ(sizeof(DML_ELEMENT_WISE_SIGN_OPERATOR_DESC), 16);
        EQ(sizeof(DML_ACTIVATION_SOFTSIGN_OPERATOR_DESC), 16);
        EQ(sizeof(DML_ELEMENT_WISE_IS_INFINITY_OPERATOR_DESC), 24);
        EQ(offsetof(DML_ELEMENT_WISE_IS_INFINITY_OPERATOR_DESC, InfinityMode), 16);
        EQ(sizeof(dmlp_buffer_binding), 24);
    }
    EQ(sizeof(DML_TENSOR_DATA_TYPE), 4);
    CHECK(offsetof(DML_BUFFER_TENSOR_DESC, Flags) < offsetof(DML_BUFFER_TENSOR_DESC, DimensionCount) &&
              offsetof(DML_BUFFER_TENSOR_DESC, Sizes) < offsetof(DML_BUFFER_TENSOR_DESC, Strides),
          "member order");
    CHECK(offsetof(DML_ELEMENT_WISE_SIGN_OPERATOR_DESC, InputTensor) <
              offsetof(DML_ELEMENT_WISE_SIGN_OPERATOR_DESC, OutputTensor),
          "sign member order");
    CHECK(offsetof(DML_ACTIVATION_SOFTSIGN_OPERATOR_DESC, InputTensor) <
              offsetof(DML_ACTIVATION_SOFTSIGN_OPERATOR_DESC, OutputTensor),
          "softsign member order");
    CHECK(offsetof(dmlp_buffer_binding, buffer) < offsetof(dmlp_buffer_binding, offset) &&
              offsetof(dmlp_buffer_binding, offset) < offsetof(dmlp_buffer_binding, size_in_bytes),
          "binding member order");
    CHECK(offsetof(dmlp_device_desc, feature_level) < offsetof(dmlp_device_desc, thread_count) &&
              offsetof(dmlp_device_desc, thread_count) < offsetof(dmlp_device_desc, flags),
          "device desc member order");
}

/* One operator: 8 float32 elements in {1, 2, 4} (or the output as UINT8). */
static void run_one(dmlp_device *device, DML_OPERATOR_TYPE type, const float *input,
                    void *output, uint32_t execution_flags)
{
    static const uint32_t sizes[3] = {1, 2, 4};
    DML_TENSOR_DATA_TYPE out_type = type == DML_OPERATOR_ELEMENT_WISE_IS_INFINITY
                                        ? DML_TENSOR_DATA_TYPE_UINT8
                                        : DML_TENSOR_DATA_TYPE_FLOAT32;
    DML_BUFFER_TENSOR_DESC in_buffer;
    in_buffer.DataType = DML_TENSOR_DATA_TYPE_FLOAT32;
    in_buffer.Flags = DML_TENSOR_FLAG_NONE;
    in_buffer.DimensionCount = 3;
    in_buffer.Sizes = sizes;
    in_buffer.Strides = NULL;
    in_buffer.TotalTensorSizeInBytes =
        dmlp_calc_buffer_tensor_size(DML_TENSOR_DATA_TYPE_FLOAT32, 3, sizes, NULL);
    in_buffer.GuaranteedBaseOffsetAlignment = 0;
    DML_BUFFER_TENSOR_DESC out_buffer = in_buffer;
    out_buffer.DataType = out_type;
    out_buffer.TotalTensorSizeInBytes = dmlp_calc_buffer_tensor_size(out_type, 3, sizes, NULL);
    DML_TENSOR_DESC in_tensor = {DML_TENSOR_TYPE_BUFFER, &in_buffer};
    DML_TENSOR_DESC out_tensor = {DML_TENSOR_TYPE_BUFFER, &out_buffer};

    DML_ELEMENT_WISE_SIGN_OPERATOR_DESC sign;
    sign.InputTensor = &in_tensor;
    sign.OutputTensor = &out_tensor;
    DML_ACTIVATION_SOFTSIGN_OPERATOR_DESC softsign;
    softsign.InputTensor = &in_tensor;
    softsign.OutputTensor = &out_tensor;
    DML_ELEMENT_WISE_IS_INFINITY_OPERATOR_DESC isinf;
    isinf.InputTensor = &in_tensor;
    isinf.OutputTensor = &out_tensor;
    isinf.InfinityMode = DML_IS_INFINITY_MODE_POSITIVE;
    DML_OPERATOR_DESC desc;
    desc.Type = type;
    desc.Desc = type == DML_OPERATOR_ELEMENT_WISE_SIGN       ? (const void *)&sign
                : type == DML_OPERATOR_ACTIVATION_SOFTSIGN ? (const void *)&softsign
                                                             : (const void *)&isinf;

    dmlp_operator *op = NULL;
    CHECK_STATUS(dmlp_operator_create(device, &desc, execution_flags, &op), DMLP_OK);
    if (!op)
        return;
    dmlp_buffer_binding in;
    in.buffer = (void *)input;
    in.offset = 0;
    in.size_in_bytes = in_buffer.TotalTensorSizeInBytes;
    dmlp_buffer_binding out = {output, 0, out_buffer.TotalTensorSizeInBytes};
    CHECK_STATUS(dmlp_operator_execute(op, 1, &in, 1, &out), DMLP_OK);
    dmlp_operator_destroy(op);
}

static int same_float(float a, float b)
{
    return (isnan(a) && isnan(b)) || memcmp(&a, &b, sizeof a) == 0;
}

int main(void)
{
    enumerator_values();
    struct_layout();

    EQ(dmlp_calc_buffer_tensor_size(DML_TENSOR_DATA_TYPE_FLOAT16, 1, (const uint32_t[]){3},
                                    NULL),
       8); /* roundup4(3 * 2) */

    dmlp_device_desc device_desc;
    device_desc.feature_level = DML_FEATURE_LEVEL_6_4;
    device_desc.thread_count = 1;
    device_desc.flags = DMLP_DEVICE_FLAG_EXTENSIONS;
    dmlp_device *device = NULL;
    CHECK_STATUS(dmlp_device_create(&device_desc, &device), DMLP_OK);
    if (!device)
        return test_finish("test_api_compile");

    const float input[8] = {-2.0f, -0.0f, 0.0f, 3.0f, INFINITY, -INFINITY, NAN, 1e-45f};
    float out[8];
    const float sign_expected[8] = {-1.0f, 0.0f, 0.0f, 1.0f, 1.0f, -1.0f, 0.0f, 1.0f};
    run_one(device, DML_OPERATOR_ELEMENT_WISE_SIGN, input, out, DML_EXECUTION_FLAG_NONE);
    for (int i = 0; i < 8; i++)
        CHECK(same_float(out[i], sign_expected[i]), "sign[%d] = %g", i, out[i]);
    run_one(device, DML_OPERATOR_ELEMENT_WISE_SIGN, input, out,
            DMLP_EXECUTION_FLAG_NAN_PROPAGATE);
    CHECK(isnan(out[6]), "sign(NaN) with NAN_PROPAGATE = %g", out[6]);

    const float softsign_expected[8] = {-2.0f / 3.0f, -0.0f, 0.0f, 0.75f, NAN, NAN, NAN, 1e-45f};
    run_one(device, DML_OPERATOR_ACTIVATION_SOFTSIGN, input, out,
            DML_EXECUTION_FLAG_ALLOW_HALF_PRECISION_COMPUTATION |
                DML_EXECUTION_FLAG_DISABLE_META_COMMANDS |
                DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE);
    for (int i = 0; i < 8; i++)
        CHECK(same_float(out[i], softsign_expected[i]), "softsign[%d] = %g", i, out[i]);

    uint8_t flags[8];
    const uint8_t isinf_expected[8] = {0, 0, 0, 0, 1, 0, 0, 0};
    run_one(device, DML_OPERATOR_ELEMENT_WISE_IS_INFINITY, input, flags, 0);
    for (int i = 0; i < 8; i++)
        CHECK(flags[i] == isinf_expected[i], "isinf[%d] = %u", i, flags[i]);

    /* A failure: a status and a one-line message for this thread. */
    dmlp_operator *op = NULL;
    CHECK_STATUS(dmlp_operator_create(device, NULL, 0, &op), DMLP_ERROR_INVALID_ARGUMENT);
    CHECK(op == NULL, "op set on failure");
    const char *message = dmlp_last_error();
    CHECK(message && message[0] && !strchr(message, '\n'), "message: %s", message ? message : "");
    dmlp_operator_destroy(NULL);
    dmlp_device_destroy(device);
    dmlp_device_destroy(NULL);
    return test_finish("test_api_compile");
}
