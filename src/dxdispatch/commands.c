/* One entry of "commands": dispatch, print or writeFile, with every name resolved and
   every binding range checked here, before anything runs. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/error.h"
#include "core/types.h"
#include "dx_internal.h"

static bool find_resource(const dmlp__dx_model *model, const char *name, size_t *index)
{
    for (size_t i = 0; i < model->resource_count; i++)
        if (strcmp(model->resources[i].name, name) == 0) {
            *index = i;
            return true;
        }
    return false;
}

static dmlp_status get_resource(const dmlp__dx_model *model, const cJSON *json,
                                const char *path, size_t *index)
{
    const char *name;
    if (!json)
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, path, "missing");
    dmlp_status s = dmlp__dx_get_string(json, path, &name);
    if (s == DMLP_OK && !find_resource(model, name, index))
        s = dmlp__dx_fail(DMLP_ERROR_FORMAT, path, "unknown resource '%s'", name);
    return s;
}

/* A binding source: a resource name, {name, elementOffset, elementSizeInBytes}, or an
   array holding one of those. The binding holds the rest of the buffer. */
static dmlp_status parse_binding(const dmlp__dx_parse_context *ctx, const dmlp__dx_model *model,
                                 const cJSON *json, const char *path, const dmlp__dx_tensor *tensor,
                                 dmlp__dx_binding *binding)
{
    static const char *const members[] = {"name", "elementOffset", "elementSizeInBytes", NULL};
    char p[DMLP__DX_PATH_MAX];
    dmlp_status s;
    if (cJSON_IsArray(json)) {
        if (cJSON_GetArraySize(json) != 1)
            return dmlp__dx_fail(DMLP_ERROR_FORMAT, path,
                                 "must bind exactly one resource (the array has %d)",
                                 cJSON_GetArraySize(json));
        dmlp__dx_path_index(p, path, 0);
        return parse_binding(ctx, model, json->child, p, tensor, binding);
    }
    uint64_t element_offset = 0, element_size = 0;
    if (cJSON_IsString(json)) {
        if ((s = get_resource(model, json, path, &binding->resource)) != DMLP_OK)
            return s;
    } else if (cJSON_IsObject(json)) {
        if ((s = dmlp__dx_check_members(json, path, members)) != DMLP_OK)
            return s;
        dmlp__dx_path_key(p, path, "name");
        if ((s = get_resource(model, cJSON_GetObjectItemCaseSensitive(json, "name"), p,
                              &binding->resource)) != DMLP_OK)
            return s;
        const cJSON *item = cJSON_GetObjectItemCaseSensitive(json, "elementOffset");
        dmlp__dx_path_key(p, path, "elementOffset");
        if (item && (s = dmlp__dx_get_uint(ctx->doc, item, p, UINT64_MAX, &element_offset)))
            return s;
        item = cJSON_GetObjectItemCaseSensitive(json, "elementSizeInBytes");
        dmlp__dx_path_key(p, path, "elementSizeInBytes");
        if (item && (s = dmlp__dx_get_uint(ctx->doc, item, p, UINT32_MAX, &element_size)))
            return s;
    } else {
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, path,
                             "must be a resource name or {\"name\": R, \"elementOffset\": k, "
                             "\"elementSizeInBytes\": s}");
    }
    const dmlp__dx_resource *r = &model->resources[binding->resource];
    if (element_size == 0) /* 0 or absent: the buffer's element size */
        element_size = dmlp__type_size(r->type);
    if (element_offset && element_size == 0)
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, path,
                             "elementSizeInBytes is required: resource '%s' has no "
                             "initialValuesDataType",
                             r->name);
    if (element_offset > r->size / (element_size ? element_size : 1) ||
        element_offset * element_size > r->size)
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, path,
                             "elementOffset %llu x %llu bytes is past the end of resource '%s' "
                             "(%llu bytes)",
                             (unsigned long long)element_offset, (unsigned long long)element_size,
                             r->name, (unsigned long long)r->size);
    binding->offset = element_offset * element_size;
    uint64_t available = r->size - binding->offset;
    if (available < tensor->buffer.TotalTensorSizeInBytes)
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, path,
                             "resource '%s' holds %llu bytes from byte %llu; the tensor's "
                             "TotalTensorSizeInBytes is %llu",
                             r->name, (unsigned long long)available,
                             (unsigned long long)binding->offset,
                             (unsigned long long)tensor->buffer.TotalTensorSizeInBytes);
    return DMLP_OK;
}

dmlp_status dmlp__dx_parse_init_bindings(const dmlp__dx_parse_context *ctx,
                                         const dmlp__dx_model *model, const char *path,
                                         dmlp__dx_dispatchable *d)
{
    char p[DMLP__DX_PATH_MAX];
    uint32_t inputs = dmlp__op_input_count(d->def);
    const dmlp__dx_tensor *tensors[DMLP__MAX_INPUTS];
    const char *names[DMLP__MAX_INPUTS + 1] = {NULL};
    for (uint32_t i = 0; i < DMLP__MAX_INPUTS; i++)
        tensors[i] = &d->inputs[i];
    for (uint32_t i = 0; i < inputs; i++)
        names[i] = dmlp__op_input(d->def, i)->name;
    const cJSON *bindings = d->init_bindings;
    dmlp__dx_path_key(p, path, "bindings");
    if (bindings) {
        if (!cJSON_IsObject(bindings))
            return dmlp__dx_fail(DMLP_ERROR_FORMAT, p,
                                 "must be an object (tensor name: resource), for the inputs "
                                 "flagged OWNED_BY_DML");
        const cJSON *output = cJSON_GetObjectItemCaseSensitive(bindings, "OutputTensor");
        if (output) {
            char q[DMLP__DX_PATH_MAX];
            dmlp__dx_path_key(q, p, "OutputTensor");
            return dmlp__dx_fail(DMLP_ERROR_FORMAT, q,
                                 "an output is bound by each dispatch command; a "
                                 "dispatchable binds only inputs flagged OWNED_BY_DML");
        }
        dmlp_status s = dmlp__dx_check_members(bindings, p, names);
        if (s != DMLP_OK)
            return s;
    }
    for (uint32_t i = 0; i < inputs; i++) {
        char q[DMLP__DX_PATH_MAX];
        dmlp__dx_path_key(q, p, names[i]);
        const cJSON *item = bindings ? cJSON_GetObjectItemCaseSensitive(bindings, names[i]) : NULL;
        bool owned = (tensors[i]->buffer.Flags & DML_TENSOR_FLAG_OWNED_BY_DML) != 0;
        if (item && !owned)
            return dmlp__dx_fail(DMLP_ERROR_FORMAT, q,
                                 "%s is not flagged OWNED_BY_DML: bind it in each dispatch "
                                 "command (a dispatchable binds only OWNED_BY_DML inputs, at "
                                 "initialization)",
                                 names[i]);
        if (!item && owned)
            return dmlp__dx_fail(DMLP_ERROR_FORMAT, p,
                                 "%s is flagged OWNED_BY_DML: bind it here (DirectML binds such "
                                 "an input once, at initialization)",
                                 names[i]);
        if (item) {
            dmlp_status s = parse_binding(ctx, model, item, q, tensors[i], &d->init[i]);
            if (s != DMLP_OK)
                return s;
            d->owned[i] = true;
        }
    }
    return DMLP_OK;
}

static dmlp_status parse_dispatch(const dmlp__dx_parse_context *ctx, const dmlp__dx_model *model,
                                  const cJSON *json, const char *path, dmlp__dx_command *command)
{
    static const char *const members[] = {"type", "dispatchable", "bindings", NULL};
    char p[DMLP__DX_PATH_MAX];
    const char *name;
    dmlp_status s = dmlp__dx_check_members(json, path, members);
    if (s != DMLP_OK)
        return s;
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(json, "dispatchable");
    dmlp__dx_path_key(p, path, "dispatchable");
    if (!item)
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, p, "missing");
    if ((s = dmlp__dx_get_string(item, p, &name)) != DMLP_OK)
        return s;
    size_t d = 0;
    while (d < model->dispatchable_count && strcmp(model->dispatchables[d].name, name) != 0)
        d++;
    if (d == model->dispatchable_count)
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, p, "unknown dispatchable '%s'", name);
    command->index = d;

    const cJSON *bindings = cJSON_GetObjectItemCaseSensitive(json, "bindings");
    dmlp__dx_path_key(p, path, "bindings");
    if (!bindings)
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, p, "missing");
    if (!cJSON_IsObject(bindings))
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, p, "must be an object (tensor name: resource)");
    /* One binding per tensor of the operator, named as its desc names them. */
    const dmlp__dx_dispatchable *dispatchable = &model->dispatchables[d];
    uint32_t inputs = dmlp__op_input_count(dispatchable->def);
    const char *binding_names[DMLP__MAX_INPUTS + 2] = {NULL};
    const dmlp__dx_tensor *tensors[DMLP__MAX_INPUTS + 1];
    dmlp__dx_binding *targets[DMLP__MAX_INPUTS + 1];
    for (uint32_t i = 0; i < inputs; i++) {
        binding_names[i] = dmlp__op_input(dispatchable->def, i)->name;
        tensors[i] = &dispatchable->inputs[i];
        targets[i] = &command->inputs[i];
    }
    binding_names[inputs] = "OutputTensor";
    tensors[inputs] = &dispatchable->output;
    targets[inputs] = &command->output;
    if ((s = dmlp__dx_check_members(bindings, p, binding_names)) != DMLP_OK)
        return s;
    for (uint32_t i = 0; i <= inputs; i++) {
        char q[DMLP__DX_PATH_MAX];
        dmlp__dx_path_key(q, p, binding_names[i]);
        item = cJSON_GetObjectItemCaseSensitive(bindings, binding_names[i]);
        bool owned = i < inputs && dispatchable->owned[i];
        if (item && owned)
            return dmlp__dx_fail(DMLP_ERROR_FORMAT, q,
                                 "%s is flagged OWNED_BY_DML and bound once, in "
                                 "dispatchables.%s.bindings; a dispatch may not bind it",
                                 binding_names[i], dispatchable->name);
        if (owned)
            continue;
        if (i < inputs && (dispatchable->absent >> i & 1u)) {
            if (item)
                return dmlp__dx_fail(DMLP_ERROR_FORMAT, q,
                                     "%s is left out of dispatchables.%s's desc (an optional "
                                     "input): a dispatch may not bind it",
                                     binding_names[i], dispatchable->name);
            continue;
        }
        if (!item)
            return dmlp__dx_fail(DMLP_ERROR_FORMAT, q, "missing");
        s = parse_binding(ctx, model, item, q, tensors[i], targets[i]);
        if (s != DMLP_OK)
            return s;
    }
    return DMLP_OK;
}

static dmlp_status parse_print(const dmlp__dx_parse_context *ctx, const dmlp__dx_model *model,
                               const cJSON *json, const char *path, dmlp__dx_command *command)
{
    static const char *const members[] = {"type", "resource", "verbose", NULL};
    char p[DMLP__DX_PATH_MAX];
    (void)ctx;
    dmlp_status s = dmlp__dx_check_members(json, path, members);
    if (s != DMLP_OK)
        return s;
    dmlp__dx_path_key(p, path, "resource");
    s = get_resource(model, cJSON_GetObjectItemCaseSensitive(json, "resource"), p,
                     &command->index);
    if (s != DMLP_OK)
        return s;
    if (model->resources[command->index].type == DML_TENSOR_DATA_TYPE_UNKNOWN)
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, p,
                             "resource '%s' has no initialValuesDataType to print it as",
                             model->resources[command->index].name);
    const cJSON *verbose = cJSON_GetObjectItemCaseSensitive(json, "verbose");
    if (verbose) {
        dmlp__dx_path_key(p, path, "verbose");
        if (!cJSON_IsBool(verbose))
            return dmlp__dx_fail(DMLP_ERROR_FORMAT, p, "must be true or false");
        command->verbose = cJSON_IsTrue(verbose);
    }
    return DMLP_OK;
}

static bool is_npy(const char *path)
{
    size_t n = strlen(path);
    return n >= 4 && strcasecmp(path + n - 4, ".npy") == 0;
}

static dmlp_status parse_write_file(const dmlp__dx_parse_context *ctx, const dmlp__dx_model *model,
                                    const cJSON *json, const char *path, dmlp__dx_command *command)
{
    static const char *const members[] = {"type", "resource", "targetPath", "dimensions",
                                          NULL};
    char p[DMLP__DX_PATH_MAX];
    const char *target;
    dmlp_status s = dmlp__dx_check_members(json, path, members);
    if (s != DMLP_OK)
        return s;
    dmlp__dx_path_key(p, path, "resource");
    s = get_resource(model, cJSON_GetObjectItemCaseSensitive(json, "resource"), p,
                     &command->index);
    if (s != DMLP_OK)
        return s;
    const dmlp__dx_resource *r = &model->resources[command->index];
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(json, "targetPath");
    dmlp__dx_path_key(p, path, "targetPath");
    if (!item)
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, p, "missing");
    if ((s = dmlp__dx_get_string(item, p, &target)) != DMLP_OK)
        return s;
    if (!target[0])
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, p, "must not be empty");
    size_t n = strlen(target) + 1;
    if (!(command->target_path = malloc(n)))
        return dmlp__dx_fail(DMLP_ERROR_OUT_OF_MEMORY, p, "out of memory");
    memcpy(command->target_path, target, n);
    bool npy = is_npy(target);
    if (npy && r->type == DML_TENSOR_DATA_TYPE_UNKNOWN)
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, p,
                             "resource '%s' has no initialValuesDataType for a .npy dtype "
                             "(write a raw file instead)",
                             r->name);

    item = cJSON_GetObjectItemCaseSensitive(json, "dimensions");
    if (!item)
        return DMLP_OK;
    dmlp__dx_path_key(p, path, "dimensions");
    if (!cJSON_IsArray(item))
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, p, "must be an array of integers");
    int count = cJSON_GetArraySize(item);
    if (count > 32)
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, p, "has %d entries; at most 32", count);
    command->dimensions = calloc((size_t)count + 1, sizeof *command->dimensions);
    if (!command->dimensions)
        return dmlp__dx_fail(DMLP_ERROR_OUT_OF_MEMORY, p, "out of memory");
    command->has_dimensions = count > 0;
    command->dimension_count = (uint32_t)count;
    uint64_t elements = 1;
    bool too_many = false;
    for (int i = 0; i < count; i++) {
        char q[DMLP__DX_PATH_MAX];
        dmlp__dx_path_index(q, p, (size_t)i);
        s = dmlp__dx_get_uint(ctx->doc, cJSON_GetArrayItem(item, i), q, UINT32_MAX,
                              &command->dimensions[i]);
        if (s != DMLP_OK)
            return s;
        uint64_t d = command->dimensions[i];
        if (d && elements > UINT64_MAX / d)
            too_many = true;
        else
            elements *= d;
    }
    uint32_t size = dmlp__type_size(r->type);
    if (npy && (too_many || elements > r->size / size))
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, p,
                             "describe more elements than resource '%s' holds (%llu of %s)",
                             r->name, (unsigned long long)(r->size / size),
                             dmlp__type_name(r->type));
    return DMLP_OK;
}

dmlp_status dmlp__dx_parse_command(const dmlp__dx_parse_context *ctx, const dmlp__dx_model *model,
                                   const cJSON *json, size_t index, dmlp__dx_command *command)
{
    char p[DMLP__DX_PATH_MAX];
    const char *type;
    snprintf(command->path, sizeof command->path, "commands[%zu]", index);
    if (!cJSON_IsObject(json))
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, command->path, "must be an object (a command)");
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(json, "type");
    dmlp__dx_path_key(p, command->path, "type");
    if (!item)
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, p, "missing");
    dmlp_status s = dmlp__dx_get_string(item, p, &type);
    if (s != DMLP_OK)
        return s;
    /* command types are not case-sensitive in DxDispatch */
    if (strcasecmp(type, "dispatch") == 0) {
        command->kind = DMLP__DX_DISPATCH;
        return parse_dispatch(ctx, model, json, command->path, command);
    }
    if (strcasecmp(type, "print") == 0) {
        command->kind = DMLP__DX_PRINT;
        return parse_print(ctx, model, json, command->path, command);
    }
    if (strcasecmp(type, "writeFile") == 0) {
        command->kind = DMLP__DX_WRITE_FILE;
        return parse_write_file(ctx, model, json, command->path, command);
    }
    return dmlp__dx_fail(DMLP_ERROR_UNSUPPORTED, p,
                         "'%s' is not a command dmlp runs (dispatch, print, writeFile)", type);
}
