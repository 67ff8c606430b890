/* A tensor in a dispatchable's desc: the flat DML_BUFFER_TENSOR_DESC fields or the nested
   {"Type": "BUFFER", "Desc": {...}} form, with DirectML's defaults filled in. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "dx_internal.h"

/* A string or an array of strings, each NONE or OWNED_BY_DML (prefix optional), ORed. */
static dmlp_status parse_flags(const cJSON *json, const char *path, DML_TENSOR_FLAGS *flags)
{
    static const dmlp__dx_flag_name names[] = {
        {"NONE", DML_TENSOR_FLAG_NONE},
        {"OWNED_BY_DML", DML_TENSOR_FLAG_OWNED_BY_DML},
    };
    uint32_t value = 0;
    dmlp_status s = dmlp__dx_parse_flags(json, path, "DML_TENSOR_FLAG_", names,
                                         sizeof names / sizeof names[0], "a tensor flag",
                                         &value);
    if (s == DMLP_OK)
        *flags = (DML_TENSOR_FLAGS)value;
    return s;
}

/* An array of uint32 values into a new array; min is the smallest allowed value. */
static dmlp_status parse_u32_array(const dmlp__dx_json *doc, const cJSON *json, const char *path,
                                   uint32_t min, uint32_t **values, uint32_t *count)
{
    if (!cJSON_IsArray(json))
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, path, "must be an array of integers");
    int n = cJSON_GetArraySize(json);
    *count = (uint32_t)n;
    *values = calloc((size_t)n + 1, sizeof **values);
    if (!*values)
        return dmlp__dx_fail(DMLP_ERROR_OUT_OF_MEMORY, path, "out of memory");
    uint32_t i = 0;
    const cJSON *item;
    cJSON_ArrayForEach(item, json)
    {
        char p[DMLP__DX_PATH_MAX];
        uint64_t v;
        dmlp__dx_path_index(p, path, i);
        if (cJSON_IsNumber(item) && item->valuedouble < (double)min)
            return dmlp__dx_fail(DMLP_ERROR_FORMAT, p, "must be >= %u", min);
        dmlp_status s = dmlp__dx_get_uint(doc, item, p, UINT32_MAX, &v);
        if (s != DMLP_OK)
            return s;
        (*values)[i++] = (uint32_t)v;
    }
    return DMLP_OK;
}

static dmlp_status parse_buffer(const dmlp__dx_parse_context *ctx, const cJSON *json,
                                const char *path, dmlp__dx_tensor *tensor)
{
    static const char *const members[] = {"DataType", "Sizes", "Strides", "DimensionCount",
                                          "Flags", "TotalTensorSizeInBytes",
                                          "GuaranteedBaseOffsetAlignment", NULL};
    DML_BUFFER_TENSOR_DESC *b = &tensor->buffer;
    char p[DMLP__DX_PATH_MAX];
    const cJSON *item;
    uint64_t v;
    if (!cJSON_IsObject(json))
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, path, "must be an object (a buffer tensor desc)");
    dmlp_status s = dmlp__dx_check_members(json, path, members);
    if (s != DMLP_OK)
        return s;

    dmlp__dx_path_key(p, path, "DataType");
    if (!(item = cJSON_GetObjectItemCaseSensitive(json, "DataType")))
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, p, "missing");
    if ((s = dmlp__dx_get_type(item, p, &b->DataType)) != DMLP_OK)
        return s;

    uint32_t count = 0;
    dmlp__dx_path_key(p, path, "Sizes");
    if (!(item = cJSON_GetObjectItemCaseSensitive(json, "Sizes")))
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, p, "missing");
    if ((s = parse_u32_array(ctx->doc, item, p, 1, &tensor->sizes, &count)) != DMLP_OK)
        return s;
    if (count == 0)
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, p, "must hold at least one size");
    b->Sizes = tensor->sizes;
    b->DimensionCount = count;

    if ((item = cJSON_GetObjectItemCaseSensitive(json, "DimensionCount"))) {
        dmlp__dx_path_key(p, path, "DimensionCount");
        if ((s = dmlp__dx_get_uint(ctx->doc, item, p, UINT32_MAX, &v)) != DMLP_OK)
            return s;
        if (v != count)
            return dmlp__dx_fail(DMLP_ERROR_FORMAT, p, "is %llu; Sizes has %u entries",
                                 (unsigned long long)v, count);
    }

    if ((item = cJSON_GetObjectItemCaseSensitive(json, "Strides"))) {
        uint32_t n = 0;
        dmlp__dx_path_key(p, path, "Strides");
        if ((s = parse_u32_array(ctx->doc, item, p, 0, &tensor->strides, &n)) != DMLP_OK)
            return s;
        if (n != 0 && n != count)
            return dmlp__dx_fail(DMLP_ERROR_FORMAT, p,
                                 "has %u entries; Sizes has %u (empty means packed)", n, count);
        b->Strides = n ? tensor->strides : NULL;
    }

    if ((item = cJSON_GetObjectItemCaseSensitive(json, "Flags"))) {
        dmlp__dx_path_key(p, path, "Flags");
        if ((s = parse_flags(item, p, &b->Flags)) != DMLP_OK)
            return s;
    }

    if ((item = cJSON_GetObjectItemCaseSensitive(json, "GuaranteedBaseOffsetAlignment"))) {
        dmlp__dx_path_key(p, path, "GuaranteedBaseOffsetAlignment");
        if ((s = dmlp__dx_get_uint(ctx->doc, item, p, UINT32_MAX, &v)) != DMLP_OK)
            return s;
        b->GuaranteedBaseOffsetAlignment = (uint32_t)v;
    }

    if ((item = cJSON_GetObjectItemCaseSensitive(json, "TotalTensorSizeInBytes"))) {
        dmlp__dx_path_key(p, path, "TotalTensorSizeInBytes");
        if ((s = dmlp__dx_get_uint(ctx->doc, item, p, UINT64_MAX, &v)) != DMLP_OK)
            return s;
        b->TotalTensorSizeInBytes = v;
    }
    if (b->TotalTensorSizeInBytes == 0) /* absent or 0: computed as DirectML's helper does */
        b->TotalTensorSizeInBytes =
            dmlp_calc_buffer_tensor_size(b->DataType, b->DimensionCount, b->Sizes, b->Strides);
    return DMLP_OK;
}

dmlp_status dmlp__dx_parse_tensor(const dmlp__dx_parse_context *ctx, const cJSON *json,
                                  const char *path, dmlp__dx_tensor *tensor)
{
    memset(tensor, 0, sizeof *tensor);
    if (!cJSON_IsObject(json))
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, path, "must be an object (a tensor desc)");
    const cJSON *type = cJSON_GetObjectItemCaseSensitive(json, "Type");
    if (!type)
        return parse_buffer(ctx, json, path, tensor);

    static const char *const members[] = {"Type", "Desc", NULL};
    char p[DMLP__DX_PATH_MAX];
    const char *name;
    dmlp_status s = dmlp__dx_check_members(json, path, members);
    if (s != DMLP_OK)
        return s;
    dmlp__dx_path_key(p, path, "Type");
    if ((s = dmlp__dx_get_string(type, p, &name)) != DMLP_OK)
        return s;
    if (!dmlp__dx_name_is(name, "DML_TENSOR_TYPE_", "BUFFER"))
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, p, "'%s' is not a tensor type (BUFFER)", name);
    dmlp__dx_path_key(p, path, "Desc");
    const cJSON *desc = cJSON_GetObjectItemCaseSensitive(json, "Desc");
    if (!desc)
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, p, "missing");
    return parse_buffer(ctx, desc, p, tensor);
}

void dmlp__dx_tensor_free(dmlp__dx_tensor *tensor)
{
    free(tensor->sizes);
    free(tensor->strides);
    tensor->sizes = tensor->strides = NULL;
}
