/* The operators dmlp runs, their ONNX versions and the input types each version allows. */
#include <string.h>

#include "onnx_internal.h"

#define T(x) (1u << DMLP_ONNX_TYPE_##x)

static const uint32_t sign9 = T(UINT8) | T(UINT16) | T(UINT32) | T(UINT64) | T(INT8) |
                              T(INT16) | T(INT32) | T(INT64) | T(FLOAT16) | T(FLOAT) |
                              T(DOUBLE);
static const uint32_t softsign1 = T(FLOAT16) | T(FLOAT) | T(DOUBLE);
static const uint32_t isinf10 = T(FLOAT) | T(DOUBLE);

typedef struct version_row {
    dmlp__onnx_op op;
    const char *op_type;
    int since;
    uint32_t types;
    const char *text;
} version_row;

/* Per operator, newest version first. */
static const version_row rows[] = {
    {DMLP__ONNX_SIGN, "Sign", 13, T(UINT8) | T(UINT16) | T(UINT32) | T(UINT64) | T(INT8) |
                                      T(INT16) | T(INT32) | T(INT64) | T(FLOAT16) | T(FLOAT) |
                                      T(DOUBLE) | T(BFLOAT16),
     "uint8, uint16, uint32, uint64, int8, int16, int32, int64, float16, float, double, "
     "bfloat16"},
    {DMLP__ONNX_SIGN, "Sign", 9, sign9,
     "uint8, uint16, uint32, uint64, int8, int16, int32, int64, float16, float, double"},
    {DMLP__ONNX_SOFTSIGN, "Softsign", 22, softsign1 | T(BFLOAT16),
     "float16, float, double, bfloat16"},
    {DMLP__ONNX_SOFTSIGN, "Softsign", 1, softsign1, "float16, float, double"},
    {DMLP__ONNX_ISINF, "IsInf", 20,
     isinf10 | T(FLOAT16) | T(BFLOAT16) | T(FLOAT8E4M3FN) | T(FLOAT8E4M3FNUZ) | T(FLOAT8E5M2) |
         T(FLOAT8E5M2FNUZ),
     "float16, float, double, bfloat16, float8e4m3fn, float8e4m3fnuz, float8e5m2, "
     "float8e5m2fnuz"},
    {DMLP__ONNX_ISINF, "IsInf", 10, isinf10, "float, double"},
};

static const version_row *find(dmlp__onnx_op op, int version)
{
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        if (rows[i].op == op && rows[i].since == version)
            return &rows[i];
    return NULL;
}

int dmlp__onnx_op_resolve(const char *op_type, int64_t opset, dmlp__onnx_op *op, int *version)
{
    int known = 0;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        if (strcmp(rows[i].op_type, op_type) != 0)
            continue;
        known = 1;
        *op = rows[i].op;
        *version = rows[i].since; /* rows go newest first: the last seen is the first version */
        if (rows[i].since <= opset)
            return 0;
    }
    return known ? -2 : -1;
}

int dmlp__onnx_op_allows(dmlp__onnx_op op, int version, int32_t type)
{
    const version_row *row = find(op, version);
    return row && type > 0 && type < 32 && (row->types & (1u << type)) != 0;
}

const char *dmlp__onnx_op_allowed_text(dmlp__onnx_op op, int version)
{
    const version_row *row = find(op, version);
    return row ? row->text : "";
}

const char *dmlp__onnx_op_name(dmlp__onnx_op op)
{
    switch (op) {
    case DMLP__ONNX_SIGN: return "Sign";
    case DMLP__ONNX_SOFTSIGN: return "Softsign";
    default: return "IsInf";
    }
}
