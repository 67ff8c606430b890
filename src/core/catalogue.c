/* The front ends' view of the registry (catalogue.h): facts read from the operator files'
   ONNX rows, and the fused activations the validator accepts. */
#include "core/catalogue.h"

#include <string.h>

#include "core/validate.h"
#include "dmlp_onnx.h"

typedef struct onnx_row {
    DML_OPERATOR_TYPE op;
    const char *types;
    uint32_t output; /* the ONNX output type, 0: the input's */
    uint32_t flags;
} onnx_row;

/* Every ONNX version row of every operator file; only the operator, the types and the
   flags are read (the other columns are the ONNX front end's). */
static const onnx_row onnx_rows[] = {
#define DMLP_ONNX(since, types, output, flags, attributes) {OP, types, output, flags},
#include "ops/ops.inc"
};

#define ROW_COUNT (sizeof onnx_rows / sizeof onnx_rows[0])

uint32_t dmlp__catalogue_result_flags(DML_OPERATOR_TYPE op)
{
    uint32_t flags = 0;
    for (size_t i = 0; i < ROW_COUNT; i++)
        if (onnx_rows[i].op == op)
            flags |= onnx_rows[i].flags;
    return flags;
}

/* Whether a list such as "uint8, int8, bool, bfloat16" names `word` as one of its items. */
static bool lists(const char *list, const char *word)
{
    size_t n = strlen(word);
    for (const char *p = list; (p = strstr(p, word)) != NULL; p += n) {
        bool starts = p == list || p[-1] == ' ' || p[-1] == ',';
        bool ends = p[n] == '\0' || p[n] == ',' || p[n] == ' ';
        if (starts && ends)
            return true;
    }
    return false;
}

bool dmlp__catalogue_takes_bool(DML_OPERATOR_TYPE op)
{
    for (size_t i = 0; i < ROW_COUNT; i++)
        if (onnx_rows[i].op == op && lists(onnx_rows[i].types, "bool"))
            return true;
    return false;
}

bool dmlp__catalogue_bool_result(DML_OPERATOR_TYPE op)
{
    for (size_t i = 0; i < ROW_COUNT; i++)
        if (onnx_rows[i].op == op && onnx_rows[i].output == DMLP_ONNX_TYPE_BOOL)
            return true;
    return false;
}

bool dmlp__catalogue_fusable(const dmlp__op_def *def, DML_OPERATOR_TYPE activation)
{
    if (!dmlp__op_field(def, DMLP__FIELD_FUSED_ACTIVATION) || !dmlp__op_find(activation))
        return false;
    uint32_t size = 1;
    DML_BUFFER_TENSOR_DESC tensor = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 1,
                                     &size, NULL, 4, 0};
    const DML_BUFFER_TENSOR_DESC *inputs[DMLP__MAX_INPUTS];
    for (uint32_t i = 0; i < DMLP__MAX_INPUTS; i++)
        inputs[i] = &tensor;
    dmlp__op_params params = {DML_IS_INFINITY_MODE_EITHER, NULL, activation, {0}};
    dmlp__desc_storage storage;
    const DML_OPERATOR_DESC *desc = dmlp__desc_build_inputs(&storage, def, inputs, &tensor,
                                                            &params);
    dmlp__op_info info;
    return dmlp__validate_operator(DMLP__FEATURE_LEVEL_HIGHEST, DMLP_DEVICE_FLAG_EXTENSIONS,
                                   desc, DML_EXECUTION_FLAG_NONE, &info) == DMLP_OK;
}
