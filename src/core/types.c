#include "core/types.h"

#include <stdio.h>
#include <string.h>

static const dmlp__type_info type_table[] = {
    {DML_TENSOR_DATA_TYPE_FLOAT32, "FLOAT32", 4, DMLP__KIND_FLOAT, false, "f32"},
    {DML_TENSOR_DATA_TYPE_FLOAT16, "FLOAT16", 2, DMLP__KIND_FLOAT, false, "f16"},
    {DML_TENSOR_DATA_TYPE_UINT32, "UINT32", 4, DMLP__KIND_UNSIGNED, false, "u32"},
    {DML_TENSOR_DATA_TYPE_UINT16, "UINT16", 2, DMLP__KIND_UNSIGNED, false, "u16"},
    {DML_TENSOR_DATA_TYPE_UINT8, "UINT8", 1, DMLP__KIND_UNSIGNED, false, "u8"},
    {DML_TENSOR_DATA_TYPE_INT32, "INT32", 4, DMLP__KIND_SIGNED, false, "i32"},
    {DML_TENSOR_DATA_TYPE_INT16, "INT16", 2, DMLP__KIND_SIGNED, false, "i16"},
    {DML_TENSOR_DATA_TYPE_INT8, "INT8", 1, DMLP__KIND_SIGNED, false, "i8"},
    {DML_TENSOR_DATA_TYPE_FLOAT64, "FLOAT64", 8, DMLP__KIND_FLOAT, false, "f64"},
    {DML_TENSOR_DATA_TYPE_UINT64, "UINT64", 8, DMLP__KIND_UNSIGNED, false, "u64"},
    {DML_TENSOR_DATA_TYPE_INT64, "INT64", 8, DMLP__KIND_SIGNED, false, "i64"},
    {DMLP_TENSOR_DATA_TYPE_BFLOAT16, "BFLOAT16", 2, DMLP__KIND_FLOAT, true, "bf16"},
    {DMLP_TENSOR_DATA_TYPE_FLOAT8_E4M3FN, "FLOAT8_E4M3FN", 1, DMLP__KIND_FLOAT, true, "e4m3fn"},
    {DMLP_TENSOR_DATA_TYPE_FLOAT8_E4M3FNUZ, "FLOAT8_E4M3FNUZ", 1, DMLP__KIND_FLOAT, true, "e4m3fnuz"},
    {DMLP_TENSOR_DATA_TYPE_FLOAT8_E5M2, "FLOAT8_E5M2", 1, DMLP__KIND_FLOAT, true, "e5m2"},
    {DMLP_TENSOR_DATA_TYPE_FLOAT8_E5M2FNUZ, "FLOAT8_E5M2FNUZ", 1, DMLP__KIND_FLOAT, true, "e5m2fnuz"},
};

#define TYPE_COUNT (sizeof type_table / sizeof type_table[0])

const dmlp__type_info *dmlp__type_get(DML_TENSOR_DATA_TYPE type)
{
    for (size_t i = 0; i < TYPE_COUNT; i++)
        if (type_table[i].type == type)
            return &type_table[i];
    return NULL;
}

uint32_t dmlp__type_size(DML_TENSOR_DATA_TYPE type)
{
    const dmlp__type_info *info = dmlp__type_get(type);
    return info ? info->size : 0;
}

const char *dmlp__type_name(DML_TENSOR_DATA_TYPE type)
{
    static _Thread_local char unknown[32];
    const dmlp__type_info *info = dmlp__type_get(type);
    if (info)
        return info->name;
    snprintf(unknown, sizeof unknown, "UNKNOWN(%d)", (int)type);
    return unknown;
}

DML_TENSOR_DATA_TYPE dmlp__type_from_name(const char *name)
{
    static const char *const prefixes[] = {"DML_TENSOR_DATA_TYPE_", "DMLP_TENSOR_DATA_TYPE_"};
    if (!name)
        return DML_TENSOR_DATA_TYPE_UNKNOWN;
    for (size_t p = 0; p < 2; p++) {
        size_t len = strlen(prefixes[p]);
        if (strncmp(name, prefixes[p], len) == 0) {
            const dmlp__type_info *info = NULL;
            for (size_t i = 0; i < TYPE_COUNT; i++)
                if (strcmp(name + len, type_table[i].name) == 0)
                    info = &type_table[i];
            /* DML_ prefix only names DirectML's types, DMLP_ only the extensions */
            if (info && info->extension == (p == 1))
                return info->type;
            return DML_TENSOR_DATA_TYPE_UNKNOWN;
        }
    }
    for (size_t i = 0; i < TYPE_COUNT; i++)
        if (strcmp(name, type_table[i].name) == 0)
            return type_table[i].type;
    return DML_TENSOR_DATA_TYPE_UNKNOWN;
}

uint32_t dmlp__type_count(void) { return (uint32_t)TYPE_COUNT; }

const dmlp__type_info *dmlp__type_at(uint32_t index)
{
    return index < TYPE_COUNT ? &type_table[index] : NULL;
}
