/* One entry of "resources": a buffer, its type and its initial data. */
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "dx_internal.h"
#include "io/budget.h"

#define BUFFER_ALIGNMENT 4096u

dmlp_status dmlp__dx_parse_resource(const dmlp__dx_parse_context *ctx, const cJSON *json,
                                    const char *path, dmlp__dx_resource *resource)
{
    static const char *const members[] = {"initialValuesDataType", "initialValues",
                                          "sizeInBytes", NULL};
    char p[DMLP__DX_PATH_MAX];
    if (!cJSON_IsObject(json))
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, path, "must be an object (a buffer)");
    dmlp_status s = dmlp__dx_check_members(json, path, members);
    if (s != DMLP_OK)
        return s;

    DML_TENSOR_DATA_TYPE type = DML_TENSOR_DATA_TYPE_UNKNOWN;
    const cJSON *type_item = cJSON_GetObjectItemCaseSensitive(json, "initialValuesDataType");
    if (type_item) {
        dmlp__dx_path_key(p, path, "initialValuesDataType");
        if ((s = dmlp__dx_get_type(type_item, p, &type)) != DMLP_OK)
            return s;
    }

    /* sizeInBytes first: it bounds what a sourcePath stream may give */
    uint64_t size_given = 0;
    const cJSON *size_item = cJSON_GetObjectItemCaseSensitive(json, "sizeInBytes");
    if (size_item) {
        dmlp__dx_path_key(p, path, "sizeInBytes");
        uint64_t limit = ctx->options->max_buffer_bytes ? ctx->options->max_buffer_bytes
                                                        : (uint64_t)SIZE_MAX / 2;
        if ((s = dmlp__dx_get_uint(ctx->doc, size_item, p, limit, &size_given)) != DMLP_OK)
            return s;
    }

    const cJSON *values = cJSON_GetObjectItemCaseSensitive(json, "initialValues");
    dmlp__dx_path_key(p, path, "initialValues");
    if (!values)
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, p, "missing");
    unsigned char *data = NULL;
    uint64_t data_size = 0;
    dmlp__dx_parse_context local = *ctx;
    local.source_limit = size_given;
    s = dmlp__dx_parse_initial_values(&local, values, type, p, &type, &data, &data_size);
    if (s != DMLP_OK) {
        free(data);
        return s;
    }

    /* omitted: the data rounded up to 4 bytes; given: as written, at least the data */
    uint64_t size = (data_size + 3) & ~UINT64_C(3);
    if (size_item) {
        dmlp__dx_path_key(p, path, "sizeInBytes");
        size = size_given;
        if (size < data_size)
            s = dmlp__dx_fail(DMLP_ERROR_FORMAT, p,
                              "is %llu; must be at least the initial data's %llu bytes",
                              (unsigned long long)size, (unsigned long long)data_size);
    } else {
        dmlp__dx_path_key(p, path, "initialValues");
    }
    /* the buffer, from the memory budget shared by the model's resources, beside the
       initial data it is copied from */
    uint64_t with_data = *ctx->memory_used + data_size;
    if (s == DMLP_OK && (s = dmlp__budget_take(&with_data, "the buffer", size)) != DMLP_OK)
        dmlp__error_prefix(p);
    if (s == DMLP_OK)
        *ctx->memory_used += size;
    if (s != DMLP_OK) {
        free(data);
        return s;
    }
    /* Page-aligned like a GPU buffer, so a model's GuaranteedBaseOffsetAlignment (up to
       4096) holds for every binding at offset 0. */
    size_t allocated = (size_t)((size + BUFFER_ALIGNMENT - 1) / BUFFER_ALIGNMENT);
    allocated *= BUFFER_ALIGNMENT;
    unsigned char *buffer = aligned_alloc(BUFFER_ALIGNMENT, allocated);
    if (buffer)
        memset(buffer, 0, allocated);
    if (!buffer) {
        free(data);
        return dmlp__dx_fail(DMLP_ERROR_OUT_OF_MEMORY, path, "out of memory for %llu bytes",
                             (unsigned long long)size);
    }
    memcpy(buffer, data, (size_t)data_size);
    free(data);
    resource->type = type;
    resource->data = buffer;
    resource->data_size = data_size;
    resource->size = size;
    return DMLP_OK;
}
