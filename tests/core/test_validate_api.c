/* test_validate_api: validation as the public API shows it. dmlp_device_create's level and
   flags reach dmlp_operator_create's checks (docs/validation.md); refusals give the status and
   the one-line message, and leave *op alone. */
#include <stdlib.h>

#include "dmlp.h"
#include "test_util.h"

typedef struct fixture {
    uint32_t sizes[8];
    DML_BUFFER_TENSOR_DESC in, out;
    DML_TENSOR_DESC in_tensor, out_tensor;
    DML_ELEMENT_WISE_IS_INFINITY_OPERATOR_DESC op;
    DML_ELEMENT_WISE_SIGN_OPERATOR_DESC sign;
    DML_OPERATOR_DESC desc;
} fixture;

/* dims axes: the last of size 4, the others 1; packed. */
static void setup(fixture *f, DML_OPERATOR_TYPE type, DML_TENSOR_DATA_TYPE dt,
                  uint32_t element_size, uint32_t dims)
{
    memset(f, 0, sizeof *f);
    for (uint32_t i = 0; i < 8; i++)
        f->sizes[i] = i + 1 == dims ? 4 : 1;
    f->in = (DML_BUFFER_TENSOR_DESC){dt, DML_TENSOR_FLAG_NONE, dims, f->sizes, NULL,
                                     (4 * element_size + 3) / 4 * 4, 0};
    f->out = f->in;
    if (type == DML_OPERATOR_ELEMENT_WISE_IS_INFINITY) {
        f->out.DataType = DML_TENSOR_DATA_TYPE_UINT8;
        f->out.TotalTensorSizeInBytes = 4;
    }
    f->in_tensor = (DML_TENSOR_DESC){DML_TENSOR_TYPE_BUFFER, &f->in};
    f->out_tensor = (DML_TENSOR_DESC){DML_TENSOR_TYPE_BUFFER, &f->out};
    f->op = (DML_ELEMENT_WISE_IS_INFINITY_OPERATOR_DESC){&f->in_tensor, &f->out_tensor,
                                                         DML_IS_INFINITY_MODE_EITHER};
    f->sign = (DML_ELEMENT_WISE_SIGN_OPERATOR_DESC){&f->in_tensor, &f->out_tensor};
    f->desc.Type = type;
    f->desc.Desc = type == DML_OPERATOR_ELEMENT_WISE_IS_INFINITY ? (const void *)&f->op
                                                                 : (const void *)&f->sign;
}

static dmlp_device *device_at(uint32_t level, uint32_t flags)
{
    dmlp_device_desc d = {(DML_FEATURE_LEVEL)level, 1, flags};
    dmlp_device *device = NULL;
    dmlp_status s = dmlp_device_create(&d, &device);
    CHECK(s == DMLP_OK && device, "device at 0x%x flags %u: %s", (unsigned)level,
          (unsigned)flags, dmlp_last_error());
    return device;
}

/* Creates and destroys; returns the status, checking *op is set only on success. */
static dmlp_status create(dmlp_device *device, const fixture *f, uint32_t flags)
{
    dmlp_operator *sentinel = (dmlp_operator *)(uintptr_t)0x1234;
    dmlp_operator *op = sentinel;
    dmlp_status s = dmlp_operator_create(device, &f->desc, flags, &op);
    if (s == DMLP_OK) {
        CHECK(op != NULL && op != sentinel, "op set on success");
        dmlp_operator_destroy(op);
    } else {
        CHECK(op == sentinel, "op untouched on failure");
        CHECK(dmlp_last_error()[0] != '\0' && strchr(dmlp_last_error(), '\n') == NULL,
              "one-line message: \"%s\"", dmlp_last_error());
    }
    return s;
}

int main(void)
{
    fixture f;

    /* the default device is at 6_4 without extensions */
    dmlp_device *def = NULL;
    CHECK_STATUS(dmlp_device_create(NULL, &def), DMLP_OK);
    if (!def)
        return test_finish("test_validate_api");
    setup(&f, DML_OPERATOR_ELEMENT_WISE_SIGN, DML_TENSOR_DATA_TYPE_INT64, 8, 8);
    CHECK_STATUS(create(def, &f, 0), DMLP_OK); /* INT64 and 8 dims: 4_1 and 3_0 rows */
    setup(&f, DML_OPERATOR_ELEMENT_WISE_SIGN, DMLP_TENSOR_DATA_TYPE_BFLOAT16, 2, 4);
    CHECK_STATUS(create(def, &f, 0), DMLP_ERROR_UNSUPPORTED);
    CHECK_CONTAINS(dmlp_last_error(), "ELEMENT_WISE_SIGN: InputTensor.DataType is BFLOAT16");
    setup(&f, DML_OPERATOR_ELEMENT_WISE_SIGN, DML_TENSOR_DATA_TYPE_FLOAT32, 4, 4);
    CHECK_STATUS(create(def, &f, DMLP_EXECUTION_FLAG_NAN_PROPAGATE), DMLP_ERROR_UNSUPPORTED);
    CHECK_CONTAINS(dmlp_last_error(), "NAN_PROPAGATE");
    CHECK_STATUS(create(def, &f, 0x7), DMLP_OK);
    CHECK_STATUS(create(def, &f, 0x8), DMLP_ERROR_INVALID_ARGUMENT);
    dmlp_operator *op = NULL;
    CHECK_STATUS(dmlp_operator_create(def, NULL, 0, &op), DMLP_ERROR_INVALID_ARGUMENT);
    CHECK(op == NULL, "no operator from a NULL desc");
    dmlp_device_destroy(def);

    /* level 0 is 6_4 too */
    dmlp_device *zero = device_at(0, 0);
    if (zero) {
        setup(&f, DML_OPERATOR_ELEMENT_WISE_SIGN, DML_TENSOR_DATA_TYPE_UINT64, 8, 1);
        CHECK_STATUS(create(zero, &f, 0), DMLP_OK);
        dmlp_device_destroy(zero);
    }

    /* 1_0: only Softsign, 4-D */
    dmlp_device *l10 = device_at(DML_FEATURE_LEVEL_1_0, 0);
    if (l10) {
        setup(&f, DML_OPERATOR_ELEMENT_WISE_SIGN, DML_TENSOR_DATA_TYPE_FLOAT32, 4, 4);
        CHECK_STATUS(create(l10, &f, 0), DMLP_ERROR_UNSUPPORTED);
        CHECK_CONTAINS(dmlp_last_error(),
                       "ELEMENT_WISE_SIGN: the device's feature level is 1_0; the operator needs "
                       "feature level 2_0 or higher");
        setup(&f, DML_OPERATOR_ELEMENT_WISE_IS_INFINITY, DML_TENSOR_DATA_TYPE_FLOAT32, 4, 4);
        CHECK_STATUS(create(l10, &f, 0), DMLP_ERROR_UNSUPPORTED);
        CHECK_CONTAINS(dmlp_last_error(), "feature level is 1_0; the operator needs feature level 2_1");
        setup(&f, DML_OPERATOR_ACTIVATION_SOFTSIGN, DML_TENSOR_DATA_TYPE_FLOAT16, 2, 4);
        CHECK_STATUS(create(l10, &f, 0), DMLP_OK);
        setup(&f, DML_OPERATOR_ACTIVATION_SOFTSIGN, DML_TENSOR_DATA_TYPE_FLOAT16, 2, 5);
        CHECK_STATUS(create(l10, &f, 0), DMLP_ERROR_UNSUPPORTED);
        CHECK_CONTAINS(dmlp_last_error(),
                       "InputTensor.DimensionCount is 5; at feature level 1_0 it must be 4");
        dmlp_device_destroy(l10);
    }

    /* between rows: 0x2050 uses 2_0 */
    dmlp_device *mid = device_at(0x2050, 0);
    if (mid) {
        setup(&f, DML_OPERATOR_ACTIVATION_SOFTSIGN, DML_TENSOR_DATA_TYPE_FLOAT32, 4, 5);
        CHECK_STATUS(create(mid, &f, 0), DMLP_OK);
        setup(&f, DML_OPERATOR_ELEMENT_WISE_SIGN, DML_TENSOR_DATA_TYPE_INT8, 1, 4);
        CHECK_STATUS(create(mid, &f, 0), DMLP_ERROR_UNSUPPORTED);
        CHECK_CONTAINS(dmlp_last_error(), "InputTensor.DataType is INT8; at feature level 0x2050");
        setup(&f, DML_OPERATOR_ELEMENT_WISE_IS_INFINITY, DML_TENSOR_DATA_TYPE_FLOAT32, 4, 4);
        CHECK_STATUS(create(mid, &f, 0), DMLP_ERROR_UNSUPPORTED);
        CHECK_CONTAINS(dmlp_last_error(), "feature level is 0x2050; the operator needs feature level 2_1");
        dmlp_device_destroy(mid);
    }

    /* extensions: the extra types and NAN_PROPAGATE, with the level's dimension counts */
    dmlp_device *ext = device_at(DML_FEATURE_LEVEL_2_1, DMLP_DEVICE_FLAG_EXTENSIONS);
    if (ext) {
        setup(&f, DML_OPERATOR_ELEMENT_WISE_IS_INFINITY, DMLP_TENSOR_DATA_TYPE_FLOAT8_E5M2, 1,
              4);
        CHECK_STATUS(create(ext, &f, DMLP_EXECUTION_FLAG_NAN_PROPAGATE | 1), DMLP_OK);
        setup(&f, DML_OPERATOR_ELEMENT_WISE_IS_INFINITY, DMLP_TENSOR_DATA_TYPE_FLOAT8_E5M2, 1,
              3);
        CHECK_STATUS(create(ext, &f, 0), DMLP_ERROR_UNSUPPORTED);
        CHECK_CONTAINS(dmlp_last_error(), "DimensionCount is 3; at feature level 2_1 it must be 4");
        setup(&f, DML_OPERATOR_ELEMENT_WISE_SIGN, DML_TENSOR_DATA_TYPE_FLOAT64, 8, 4);
        CHECK_STATUS(create(ext, &f, DMLP_EXECUTION_FLAG_NAN_PROPAGATE), DMLP_OK);
        setup(&f, DML_OPERATOR_ELEMENT_WISE_SIGN, DMLP_TENSOR_DATA_TYPE_FLOAT8_E4M3FN, 1, 4);
        CHECK_STATUS(create(ext, &f, 0), DMLP_ERROR_UNSUPPORTED);
        CHECK_CONTAINS(dmlp_last_error(), "InputTensor.DataType is FLOAT8_E4M3FN; at feature "
                                          "level 2_1 it must be");
        dmlp_device_destroy(ext);
    }

    /* the descriptor is copied: it may be freed before the operator runs */
    dmlp_device *dev = device_at(0, 0);
    fixture *heap = malloc(sizeof *heap);
    if (dev && heap) {
        setup(heap, DML_OPERATOR_ELEMENT_WISE_SIGN, DML_TENSOR_DATA_TYPE_FLOAT32, 4, 1);
        dmlp_operator *sign = NULL;
        CHECK_STATUS(dmlp_operator_create(dev, &heap->desc, 0, &sign), DMLP_OK);
        memset(heap, 0xEE, sizeof *heap);
        free(heap);
        heap = NULL;
        float in[4] = {-2.0f, 0.0f, 3.0f, -0.0f}, out[4] = {9, 9, 9, 9};
        dmlp_buffer_binding bi = {in, 0, sizeof in}, bo = {out, 0, sizeof out};
        CHECK_STATUS(dmlp_operator_execute(sign, 1, &bi, 1, &bo), DMLP_OK);
        CHECK(out[0] == -1.0f && out[1] == 0.0f && out[2] == 1.0f && out[3] == 0.0f,
              "sign after free: %g %g %g %g", out[0], out[1], out[2], out[3]);
        dmlp_operator_destroy(sign);
    }
    free(heap);
    dmlp_device_destroy(dev);
    return test_finish("test_validate_api");
}
