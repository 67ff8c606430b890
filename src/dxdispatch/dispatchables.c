/* One entry of "dispatchables": a DirectML operator of the registry, its desc (under
   "desc"/"Desc" or inline; the members the registry lists for it), execution flags and
   compile type. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "core/error.h"
#include "dx_internal.h"

static dmlp_status parse_type(const cJSON *json, const char *path, const dmlp__op_def **def)
{
    static const char *const kinds[] = {"hlsl", "onnx", "dmlSerializedGraph", NULL};
    const char *name;
    dmlp_status s = dmlp__dx_get_string(json, path, &name);
    if (s != DMLP_OK)
        return s;
    for (uint32_t i = 0; i < dmlp__op_count(); i++)
        if (dmlp__dx_name_is(name, "DML_OPERATOR_", dmlp__op_at(i)->dxdispatch_name)) {
            *def = dmlp__op_at(i);
            return DMLP_OK;
        }
    char supported[512];
    dmlp__op_names(supported, sizeof supported, DMLP__OP_NAME_DXDISPATCH, ", ", ", ");
    for (size_t i = 0; kinds[i]; i++)
        if (strcasecmp(name, kinds[i]) == 0)
            return dmlp__dx_fail(DMLP_ERROR_UNSUPPORTED, path,
                                 "'%s' dispatchables are not supported by dmlp (only the "
                                 "DirectML operators %s)",
                                 name, supported);
    return dmlp__dx_fail(DMLP_ERROR_UNSUPPORTED, path,
                         "operator '%s' is not supported by dmlp (only %s)", name, supported);
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

/* DML_SCALE_BIAS: {"Scale": s, "Bias": b}, both required; absent or null: none. */
static dmlp_status parse_scale_bias(const cJSON *json, const char *path, dmlp__dx_dispatchable *d)
{
    static const char *const members[] = {"Scale", "Bias", NULL};
    if (!json || cJSON_IsNull(json))
        return DMLP_OK;
    if (!cJSON_IsObject(json))
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, path,
                             "must be an object {\"Scale\": s, \"Bias\": b} or null");
    dmlp_status s = dmlp__dx_check_members(json, path, members);
    float *values[2] = {&d->scale_bias.Scale, &d->scale_bias.Bias};
    for (int i = 0; i < 2 && s == DMLP_OK; i++) {
        char p[DMLP__DX_PATH_MAX];
        dmlp__dx_path_key(p, path, members[i]);
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(json, members[i]);
        s = v ? dmlp__dx_read_float(v, DML_TENSOR_DATA_TYPE_FLOAT32, p, values[i])
              : dmlp__dx_fail(DMLP_ERROR_FORMAT, p, "missing");
    }
    d->has_scale_bias = s == DMLP_OK;
    return s;
}

/* FusedActivation: absent or null for none, else an operator desc as DxDispatch writes
   one, {"Type": NAME} with the activation's fields under "Desc"/"desc" or inline (a fused
   activation has no tensors). dmlp fuses ACTIVATION_SOFTSIGN, which has no other field. */
static dmlp_status parse_fused_activation(const cJSON *json, const char *path,
                                          dmlp__dx_dispatchable *d)
{
    static const char *const members[] = {"Type", "type", "Desc", "desc", NULL};
    if (!json || cJSON_IsNull(json))
        return DMLP_OK;
    if (!cJSON_IsObject(json))
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, path,
                             "must be an object {\"Type\": \"ACTIVATION_SOFTSIGN\"} or null");
    const cJSON *type = cJSON_GetObjectItemCaseSensitive(json, "Type");
    const char *key = "Type";
    if (!type) {
        type = cJSON_GetObjectItemCaseSensitive(json, "type");
        key = "type";
    }
    char p[DMLP__DX_PATH_MAX];
    dmlp__dx_path_key(p, path, key);
    if (!type)
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, p, "missing (the activation's operator type)");
    const char *name;
    dmlp_status s = dmlp__dx_get_string(type, p, &name);
    if (s != DMLP_OK)
        return s;
    if (!dmlp__dx_name_is(name, "DML_OPERATOR_", "ACTIVATION_SOFTSIGN"))
        return dmlp__dx_fail(DMLP_ERROR_UNSUPPORTED, p,
                             "fused activation '%s' is not supported by dmlp (only "
                             "ACTIVATION_SOFTSIGN)",
                             name);
    if ((s = dmlp__dx_check_members(json, path, members)) != DMLP_OK)
        return s;
    const char *descs[] = {"Desc", "desc"};
    for (int i = 0; i < 2; i++) {
        const cJSON *desc = cJSON_GetObjectItemCaseSensitive(json, descs[i]);
        static const char *const none[] = {NULL};
        dmlp__dx_path_key(p, path, descs[i]);
        if (desc && !cJSON_IsObject(desc))
            return dmlp__dx_fail(DMLP_ERROR_FORMAT, p, "must be an object");
        if (desc && (s = dmlp__dx_check_members(desc, p, none)) != DMLP_OK)
            return s;
    }
    d->params.fused_activation = DML_OPERATOR_ACTIVATION_SOFTSIGN;
    return DMLP_OK;
}

/* One member of the desc, by the kind the registry gives it. */
static dmlp_status parse_field(const dmlp__dx_parse_context *ctx, const cJSON *object,
                               const char *path, const dmlp__field *field,
                               dmlp__dx_dispatchable *d)
{
    char p[DMLP__DX_PATH_MAX];
    dmlp__dx_path_key(p, path, field->name);
    const cJSON *member = cJSON_GetObjectItemCaseSensitive(object, field->name);
    switch (field->kind) {
    case DMLP__FIELD_INPUT:
    case DMLP__FIELD_OUTPUT: {
        uint32_t index = 0;
        while (index + 1 < DMLP__MAX_INPUTS && dmlp__op_input(d->def, index) != field)
            index++;
        if (field->optional && (!member || cJSON_IsNull(member))) {
            d->absent |= 1u << index; /* an optional input left out (DirectML's NULL) */
            return DMLP_OK;
        }
        if (!member)
            return dmlp__dx_fail(DMLP_ERROR_FORMAT, p, "missing");
        return dmlp__dx_parse_tensor(ctx, member, p,
                                     field->kind == DMLP__FIELD_OUTPUT ? &d->output
                                                                       : &d->inputs[index]);
    }
    case DMLP__FIELD_INFINITY_MODE:
        if (!member)
            return dmlp__dx_fail(DMLP_ERROR_FORMAT, p, "missing (EITHER, POSITIVE or NEGATIVE)");
        return parse_mode(member, p, &d->params.mode);
    case DMLP__FIELD_SCALE_BIAS:
        return parse_scale_bias(member, p, d);
    case DMLP__FIELD_FUSED_ACTIVATION:
        return parse_fused_activation(member, p, d);
    case DMLP__FIELD_FLOAT: {
        /* a JSON number or "nan", "inf", "-inf", as the float types' initial values */
        uint32_t index = dmlp__op_float_index(d->def, field);
        if (!member)
            return dmlp__dx_fail(DMLP_ERROR_FORMAT, p, "missing (a number, \"nan\", \"inf\" "
                                                       "or \"-inf\")");
        if (index >= DMLP__MAX_FLOATS)
            return dmlp__dx_fail(DMLP_ERROR_UNSUPPORTED, p, "too many FLOAT members");
        return dmlp__dx_read_float(member, DML_TENSOR_DATA_TYPE_FLOAT32, p,
                                   &d->params.floats[index]);
    }
    }
    return DMLP_OK;
}

/* The desc's fields from object (the desc itself, or the dispatchable when inline): the
   members the registry lists, tensors first as DirectML orders them. */
static dmlp_status parse_desc(const dmlp__dx_parse_context *ctx, const cJSON *object,
                              const char *path, bool is_inline, dmlp__dx_dispatchable *d)
{
    const char *allowed[4 + DMLP__MAX_FIELDS + 1];
    size_t n = 0;
    if (is_inline) {
        allowed[n++] = "type";
        allowed[n++] = "executionFlags";
        allowed[n++] = "dmlCompileType";
        allowed[n++] = "bindings";
    }
    for (uint32_t i = 0; i < d->def->field_count; i++)
        allowed[n++] = d->def->fields[i].name;
    allowed[n] = NULL;
    if (!cJSON_IsObject(object))
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, path, "must be an object (the operator desc)");
    dmlp_status s = dmlp__dx_check_members(object, path, allowed);
    if (s != DMLP_OK)
        return s;
    for (uint32_t i = 0; i < d->def->field_count; i++)
        if ((s = parse_field(ctx, object, path, &d->def->fields[i], d)) != DMLP_OK)
            return s;
    return DMLP_OK;
}

dmlp_status dmlp__dx_parse_dispatchable(const dmlp__dx_parse_context *ctx, const cJSON *json,
                                        const char *path, dmlp__dx_dispatchable *d)
{
    static const char *const outer[] = {"type", "desc", "Desc", "executionFlags",
                                        "dmlCompileType", "bindings", NULL};
    char p[DMLP__DX_PATH_MAX];
    if (!cJSON_IsObject(json))
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, path, "must be an object (a dispatchable)");
    const cJSON *type = cJSON_GetObjectItemCaseSensitive(json, "type");
    dmlp__dx_path_key(p, path, "type");
    if (!type)
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, p, "missing");
    dmlp_status s = parse_type(type, p, &d->def);
    if (s != DMLP_OK)
        return s;

    const cJSON *flags = cJSON_GetObjectItemCaseSensitive(json, "executionFlags");
    if (flags) {
        dmlp__dx_path_key(p, path, "executionFlags");
        if ((s = parse_execution_flags(flags, p, &d->execution_flags)) != DMLP_OK)
            return s;
    }
    d->init_bindings = cJSON_GetObjectItemCaseSensitive(json, "bindings"); /* read later */
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
