/* One entry of "dispatchables": a DirectML operator (Sign, Softsign, IsInfinity), its
   desc (under "desc"/"Desc" or inline), execution flags and compile type. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "core/error.h"
#include "dx_internal.h"

typedef struct operator_entry {
    const char *name;
    DML_OPERATOR_TYPE type;
} operator_entry;

static const operator_entry operators[] = {
    {"ELEMENT_WISE_SIGN", DML_OPERATOR_ELEMENT_WISE_SIGN},
    {"ACTIVATION_SOFTSIGN", DML_OPERATOR_ACTIVATION_SOFTSIGN},
    {"ELEMENT_WISE_IS_INFINITY", DML_OPERATOR_ELEMENT_WISE_IS_INFINITY},
};

#define SUPPORTED "ELEMENT_WISE_SIGN, ACTIVATION_SOFTSIGN, ELEMENT_WISE_IS_INFINITY"

static dmlp_status parse_type(const cJSON *json, const char *path, DML_OPERATOR_TYPE *type)
{
    static const char *const kinds[] = {"hlsl", "onnx", "dmlSerializedGraph", NULL};
    const char *name;
    dmlp_status s = dmlp__dx_get_string(json, path, &name);
    if (s != DMLP_OK)
        return s;
    for (size_t i = 0; i < sizeof operators / sizeof operators[0]; i++)
        if (dmlp__dx_name_is(name, "DML_OPERATOR_", operators[i].name)) {
            *type = operators[i].type;
            return DMLP_OK;
        }
    for (size_t i = 0; kinds[i]; i++)
        if (strcasecmp(name, kinds[i]) == 0)
            return dmlp__dx_fail(DMLP_ERROR_UNSUPPORTED, path,
                                 "'%s' dispatchables are not supported by dmlp (only the "
                                 "DirectML operators " SUPPORTED ")",
                                 name);
    return dmlp__dx_fail(DMLP_ERROR_UNSUPPORTED, path,
                         "operator '%s' is not supported by dmlp (only " SUPPORTED ")", name);
}

static dmlp_status parse_execution_flags(const cJSON *json, const char *path, uint32_t *flags)
{
    static const dmlp__dx_flag_name names[] = {
        {"NONE", DML_EXECUTION_FLAG_NONE},
        {"ALLOW_HALF_PRECISION_COMPUTATION", DML_EXECUTION_FLAG_ALLOW_HALF_PRECISION_COMPUTATION},
        {"DISABLE_META_COMMANDS", DML_EXECUTION_FLAG_DISABLE_META_COMMANDS},
        {"DESCRIPTORS_VOLATILE", DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE},
    };
    return dmlp__dx_parse_flags(json, path, "DML_EXECUTION_FLAG_", names,
                                sizeof names / sizeof names[0], "an execution flag", flags);
}

static dmlp_status parse_mode(const cJSON *json, const char *path, DML_IS_INFINITY_MODE *mode)
{
    static const char *const names[] = {"EITHER", "POSITIVE", "NEGATIVE"};
    const char *name;
    dmlp_status s = dmlp__dx_get_string(json, path, &name);
    if (s != DMLP_OK)
        return s;
    for (int i = 0; i < 3; i++)
        if (dmlp__dx_name_is(name, "DML_IS_INFINITY_MODE_", names[i])) {
            *mode = (DML_IS_INFINITY_MODE)i;
            return DMLP_OK;
        }
    return dmlp__dx_fail(DMLP_ERROR_FORMAT, path,
                         "'%s' is not an infinity mode (EITHER, POSITIVE, NEGATIVE)", name);
}

/* The desc's fields from object (the desc itself, or the dispatchable when inline). */
static dmlp_status parse_desc(const dmlp__dx_parse_context *ctx, const cJSON *object,
                              const char *path, bool is_inline, dmlp__dx_dispatchable *d)
{
    static const char *const plain[] = {"InputTensor", "OutputTensor", NULL};
    static const char *const isinf[] = {"InputTensor", "OutputTensor", "InfinityMode", NULL};
    static const char *const plain_inline[] = {"type", "executionFlags", "dmlCompileType",
                                               "InputTensor", "OutputTensor", NULL};
    static const char *const isinf_inline[] = {"type", "executionFlags", "dmlCompileType",
                                               "InputTensor", "OutputTensor", "InfinityMode",
                                               NULL};
    bool is_isinf = d->type == DML_OPERATOR_ELEMENT_WISE_IS_INFINITY;
    const char *const *allowed = is_inline ? (is_isinf ? isinf_inline : plain_inline)
                                           : (is_isinf ? isinf : plain);
    if (!cJSON_IsObject(object))
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, path, "must be an object (the operator desc)");
    dmlp_status s = dmlp__dx_check_members(object, path, allowed);
    if (s != DMLP_OK)
        return s;
    static const char *const tensors[] = {"InputTensor", "OutputTensor"};
    for (int i = 0; i < 2; i++) {
        char p[DMLP__DX_PATH_MAX];
        dmlp__dx_path_key(p, path, tensors[i]);
        const cJSON *t = cJSON_GetObjectItemCaseSensitive(object, tensors[i]);
        if (!t)
            return dmlp__dx_fail(DMLP_ERROR_FORMAT, p, "missing");
        s = dmlp__dx_parse_tensor(ctx, t, p, i == 0 ? &d->input : &d->output);
        if (s != DMLP_OK)
            return s;
    }
    if (is_isinf) {
        char p[DMLP__DX_PATH_MAX];
        dmlp__dx_path_key(p, path, "InfinityMode");
        const cJSON *m = cJSON_GetObjectItemCaseSensitive(object, "InfinityMode");
        if (!m)
            return dmlp__dx_fail(DMLP_ERROR_FORMAT, p, "missing (EITHER, POSITIVE or NEGATIVE)");
        return parse_mode(m, p, &d->mode);
    }
    return DMLP_OK;
}

dmlp_status dmlp__dx_parse_dispatchable(const dmlp__dx_parse_context *ctx, const cJSON *json,
                                        const char *path, dmlp__dx_dispatchable *d)
{
    static const char *const outer[] = {"type", "desc", "Desc", "executionFlags",
                                        "dmlCompileType", NULL};
    char p[DMLP__DX_PATH_MAX];
    if (!cJSON_IsObject(json))
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, path, "must be an object (a dispatchable)");
    const cJSON *type = cJSON_GetObjectItemCaseSensitive(json, "type");
    dmlp__dx_path_key(p, path, "type");
    if (!type)
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, p, "missing");
    dmlp_status s = parse_type(type, p, &d->type);
    if (s != DMLP_OK)
        return s;

    const cJSON *flags = cJSON_GetObjectItemCaseSensitive(json, "executionFlags");
    if (flags) {
        dmlp__dx_path_key(p, path, "executionFlags");
        if ((s = parse_execution_flags(flags, p, &d->execution_flags)) != DMLP_OK)
            return s;
    }
    const cJSON *compile = cJSON_GetObjectItemCaseSensitive(json, "dmlCompileType");
    if (compile) {
        const char *name;
        dmlp__dx_path_key(p, path, "dmlCompileType");
        if ((s = dmlp__dx_get_string(compile, p, &name)) != DMLP_OK)
            return s;
        /* both compile a single operator the same way here */
        if (strcmp(name, "DmlCompileOp") != 0 && strcmp(name, "DmlCompileGraph") != 0)
            return dmlp__dx_fail(DMLP_ERROR_FORMAT, p,
                                 "'%s' is not a compile type (DmlCompileOp, DmlCompileGraph)",
                                 name);
    }

    const cJSON *desc = cJSON_GetObjectItemCaseSensitive(json, "desc");
    const cJSON *Desc = cJSON_GetObjectItemCaseSensitive(json, "Desc");
    if (desc && Desc)
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, path, "has both desc and Desc");
    if (!desc && !Desc)
        return parse_desc(ctx, json, path, true, d);
    if ((s = dmlp__dx_check_members(json, path, outer)) != DMLP_OK)
        return s;
    dmlp__dx_path_key(p, path, desc ? "desc" : "Desc");
    return parse_desc(ctx, desc ? desc : Desc, p, false, d);
}
