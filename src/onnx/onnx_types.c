/* ONNX's element types and what dmlp holds them as; element counts of shapes. */
#include <stdio.h>

#include "core/error.h"
#include "onnx_internal.h"

static const dmlp__onnx_type_info types[] = {
    {DMLP_ONNX_TYPE_FLOAT, "float", 4, DML_TENSOR_DATA_TYPE_FLOAT32},
    {DMLP_ONNX_TYPE_UINT8, "uint8", 1, DML_TENSOR_DATA_TYPE_UINT8},
    {DMLP_ONNX_TYPE_INT8, "int8", 1, DML_TENSOR_DATA_TYPE_INT8},
    {DMLP_ONNX_TYPE_UINT16, "uint16", 2, DML_TENSOR_DATA_TYPE_UINT16},
    {DMLP_ONNX_TYPE_INT16, "int16", 2, DML_TENSOR_DATA_TYPE_INT16},
    {DMLP_ONNX_TYPE_INT32, "int32", 4, DML_TENSOR_DATA_TYPE_INT32},
    {DMLP_ONNX_TYPE_INT64, "int64", 8, DML_TENSOR_DATA_TYPE_INT64},
    {DMLP_ONNX_TYPE_STRING, "string", 0, DML_TENSOR_DATA_TYPE_UNKNOWN},
    {DMLP_ONNX_TYPE_BOOL, "bool", 1, DML_TENSOR_DATA_TYPE_UINT8},
    {DMLP_ONNX_TYPE_FLOAT16, "float16", 2, DML_TENSOR_DATA_TYPE_FLOAT16},
    {DMLP_ONNX_TYPE_DOUBLE, "double", 8, DML_TENSOR_DATA_TYPE_FLOAT64},
    {DMLP_ONNX_TYPE_UINT32, "uint32", 4, DML_TENSOR_DATA_TYPE_UINT32},
    {DMLP_ONNX_TYPE_UINT64, "uint64", 8, DML_TENSOR_DATA_TYPE_UINT64},
    {DMLP_ONNX_TYPE_COMPLEX64, "complex64", 0, DML_TENSOR_DATA_TYPE_UNKNOWN},
    {DMLP_ONNX_TYPE_COMPLEX128, "complex128", 0, DML_TENSOR_DATA_TYPE_UNKNOWN},
    {DMLP_ONNX_TYPE_BFLOAT16, "bfloat16", 2, DMLP_TENSOR_DATA_TYPE_BFLOAT16},
    {DMLP_ONNX_TYPE_FLOAT8E4M3FN, "float8e4m3fn", 1, DMLP_TENSOR_DATA_TYPE_FLOAT8_E4M3FN},
    {DMLP_ONNX_TYPE_FLOAT8E4M3FNUZ, "float8e4m3fnuz", 1, DMLP_TENSOR_DATA_TYPE_FLOAT8_E4M3FNUZ},
    {DMLP_ONNX_TYPE_FLOAT8E5M2, "float8e5m2", 1, DMLP_TENSOR_DATA_TYPE_FLOAT8_E5M2},
    {DMLP_ONNX_TYPE_FLOAT8E5M2FNUZ, "float8e5m2fnuz", 1, DMLP_TENSOR_DATA_TYPE_FLOAT8_E5M2FNUZ},
    /* Newer ONNX types, named so that refusals read well. */
    {21, "uint4", 0, DML_TENSOR_DATA_TYPE_UNKNOWN},
    {22, "int4", 0, DML_TENSOR_DATA_TYPE_UNKNOWN},
    {23, "float4e2m1", 0, DML_TENSOR_DATA_TYPE_UNKNOWN},
};

const dmlp__onnx_type_info *dmlp__onnx_type_get(int32_t type)
{
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
        if (types[i].type == type)
            return &types[i];
    return NULL;
}

const char *dmlp_onnx_type_name(int32_t type)
{
    static _Thread_local char buf[32];
    const dmlp__onnx_type_info *info = dmlp__onnx_type_get(type);
    if (info)
        return info->name;
    snprintf(buf, sizeof buf, "type %d", (int)type);
    return buf;
}

uint32_t dmlp_onnx_type_size(int32_t type)
{
    const dmlp__onnx_type_info *info = dmlp__onnx_type_get(type);
    return info ? info->size : 0;
}

dmlp_status dmlp__onnx_element_count(const char *what, uint32_t rank, const int64_t *dims,
                                     uint64_t *count)
{
    uint64_t n = 1;
    int empty = 0;
    for (uint32_t i = 0; i < rank; i++) {
        if (dims[i] < 0)
            return dmlp__error(DMLP_ERROR_FORMAT,
                               "%s: dims[%u] is %lld; a dimension cannot be negative", what, i,
                               (long long)dims[i]);
        if (dims[i] > (int64_t)UINT32_MAX)
            return dmlp__error(DMLP_ERROR_UNSUPPORTED,
                               "%s: dims[%u] is %lld; a dimension must be at most 4294967295",
                               what, i, (long long)dims[i]);
        if (dims[i] == 0)
            empty = 1;
    }
    for (uint32_t i = 0; i < rank && !empty; i++) {
        n *= (uint64_t)dims[i]; /* both <= 2^32 - 1: no overflow */
        if (n > UINT32_MAX)
            return dmlp__error(DMLP_ERROR_UNSUPPORTED,
                               "%s: the shape holds more than 4294967295 elements; dmlp "
                               "tensors hold at most 2^32 - 1", what);
    }
    *count = empty ? 0 : n;
    return DMLP_OK;
}

const char *dmlp__onnx_shape_text(uint32_t rank, const int64_t *dims, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    used += (size_t)snprintf(buf, size, "[");
    for (uint32_t i = 0; i < rank && used < size; i++)
        used += (size_t)snprintf(buf + used, size - used, "%s%lld", i ? ", " : "",
                                 (long long)dims[i]);
    if (used < size)
        snprintf(buf + used, size - used, "]");
    return buf;
}
