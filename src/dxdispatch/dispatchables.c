/* One entry of "dispatchables": a DirectML operator of the registry, its desc (under
   "desc"/"Desc" or inline; the members the registry lists for it), execution flags and
   compile type. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "core/catalogue.h"
#include "core/error.h"
#include "core/types.h"
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

static dmlp_status parse_rounding(const cJSON *json, const char *path, DML_ROUNDING_MODE *mode)
{
    static const char *const names[] = {"HALVES_TO_NEAREST_EVEN", "TOWARD_ZERO",
                                        "TOWARD_INFINITY"};
    const char *name;
    dmlp_status s = dmlp__dx_get_string(json, path, &name);
    if (s != DMLP_OK)
        return s;
    for (int i = 0; i < 3; i++)
        if (dmlp__dx_name_is(name, "DML_ROUNDING_MODE_", names[i])) {
            *mode = (DML_ROUNDING_MODE)i;
            return DMLP_OK;
        }
    return dmlp__dx_fail(DMLP_ERROR_FORMAT, path,
                         "'%s' is not a rounding mode (HALVES_TO_NEAREST_EVEN, TOWARD_ZERO, "
                         "TOWARD_INFINITY)",
                         name);
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

/* The activations the operator fuses, "ACTIVATION_SOFTSIGN, ACTIVATION_RELU, ...". */
static const char *fusable_names(const dmlp__op_def *def, char *text, size_t size)
{
    size_t used = 0;
    text[0] = '\0';
    for (uint32_t i = 0; i < dmlp__op_count() && used < size; i++) {
        const dmlp__op_def *a = dmlp__op_at(i);
        if (!dmlp__catalogue_fusable(def, a->type))
            continue;
        int n = snprintf(text + used, size - used, "%s%s", used ? ", " : "", a->name);
        used += n > 0 ? (size_t)n : 0;
    }
    return text;
}

/* FusedActivation: absent or null for none, else an operator desc as DxDispatch writes
   one, {"Type": NAME} with the activation's FLOAT members (Alpha, Beta ...) under
   "Desc"/"desc" or inline (a fused activation has no tensors): one of the activations
   the operator fuses (src/core/validate.c). */
static dmlp_status parse_fused_activation(const cJSON *json, const char *path,
                                          dmlp__dx_dispatchable *d)
{
    if (!json || cJSON_IsNull(json))
        return DMLP_OK;
    if (!cJSON_IsObject(json))
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, path,
                             "must be an object {\"Type\": \"ACTIVATION_RELU\"} or null");
    const cJSON *type = cJSON_GetObjectItemCaseSensitive(json, "Type");
    const char *key = "Type";
    if (!type) {
        type = cJSON_GetObjectItemCaseSensitive(json, "type");
        key = "type";
    }
    char p[DMLP__DX_PATH_MAX], names[512];
    dmlp__dx_path_key(p, path, key);
    if (!type)
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, p, "missing (the activation's operator type)");
    const char *name;
    dmlp_status s = dmlp__dx_get_string(type, p, &name);
    if (s != DMLP_OK)
        return s;
    const dmlp__op_def *a = dmlp__op_find_dxdispatch(name);
    if (!a || !dmlp__catalogue_fusable(d->def, a->type))
        return dmlp__dx_fail(DMLP_ERROR_UNSUPPORTED, p,
                             "fused activation '%s' is not supported by dmlp (it fuses %s)",
                             name, fusable_names(d->def, names, sizeof names));
    /* the FLOAT members, inline or in the desc */
    const char *members[4 + DMLP__MAX_FIELDS + 1] = {"Type", "type", "Desc", "desc"};
    const char *floats[DMLP__MAX_FIELDS + 1];
    size_t n = 4, f = 0;
    for (uint32_t i = 0; i < a->field_count; i++)
        if (a->fields[i].kind == DMLP__FIELD_FLOAT)
            members[n++] = floats[f++] = a->fields[i].name;
    members[n] = NULL;
    floats[f] = NULL;
    if ((s = dmlp__dx_check_members(json, path, members)) != DMLP_OK)
        return s;
    const cJSON *desc = NULL;
    const char *descs[] = {"Desc", "desc"};
    for (int i = 0; i < 2; i++) {
        const cJSON *given = cJSON_GetObjectItemCaseSensitive(json, descs[i]);
        dmlp__dx_path_key(p, path, descs[i]);
        if (given && !cJSON_IsObject(given))
            return dmlp__dx_fail(DMLP_ERROR_FORMAT, p, "must be an object");
        if (given && (s = dmlp__dx_check_members(given, p, floats)) != DMLP_OK)
            return s;
        if (given && !desc) {
            desc = given;
            key = descs[i];
        }
    }
    char where[DMLP__DX_PATH_MAX];
    if (desc)
        dmlp__dx_path_key(where, path, key);
    else
        snprintf(where, sizeof where, "%s", path);
    for (uint32_t i = 0; i < dmlp__op_float_count(a) && i < DMLP__MAX_FLOATS; i++) {
        const dmlp__field *m = dmlp__op_float(a, i);
        const cJSON *member = cJSON_GetObjectItemCaseSensitive(desc ? desc : json, m->name);
        dmlp__dx_path_key(p, where, m->name);
        if (!member)
            return dmlp__dx_fail(DMLP_ERROR_FORMAT, p, "missing (a number, \"nan\", \"inf\" "
                                                       "or \"-inf\")");
        if ((s = dmlp__dx_read_float(member, DML_TENSOR_DATA_TYPE_FLOAT32, p,
                                     &d->params.fused_floats[i])) != DMLP_OK)
            return s;
    }
    d->params.fused_activation = a->type;
    return DMLP_OK;
}

/* A DML_SCALAR_UNION member, read as the type MinMaxDataType (parsed before it) names,
   as DxDispatch reads it: a number of that type ("nan", "inf", "-inf" for floats), or an
   object whose one member is the union's member of the type ({"Int8": -3}; FLOAT16 as
   its bits, {"UInt16": 15360}). */
static dmlp_status parse_scalar(const dmlp__dx_parse_context *ctx, const cJSON *member,
                                const char *path, const dmlp__field *field,
                                dmlp__dx_dispatchable *d)
{
    static const struct {
        DML_TENSOR_DATA_TYPE type;
        const char *name;
    } members[] = {
        {DML_TENSOR_DATA_TYPE_FLOAT16, "UInt16"}, {DML_TENSOR_DATA_TYPE_FLOAT32, "Float32"},
        {DML_TENSOR_DATA_TYPE_FLOAT64, "Float64"}, {DML_TENSOR_DATA_TYPE_UINT8, "UInt8"},
        {DML_TENSOR_DATA_TYPE_UINT16, "UInt16"},  {DML_TENSOR_DATA_TYPE_UINT32, "UInt32"},
        {DML_TENSOR_DATA_TYPE_UINT64, "UInt64"},  {DML_TENSOR_DATA_TYPE_INT8, "Int8"},
        {DML_TENSOR_DATA_TYPE_INT16, "Int16"},    {DML_TENSOR_DATA_TYPE_INT32, "Int32"},
        {DML_TENSOR_DATA_TYPE_INT64, "Int64"},
    };
    uint32_t index = dmlp__op_scalar_index(d->def, field);
    DML_TENSOR_DATA_TYPE type = d->params.scalar_type;
    const char *name = NULL;
    for (size_t i = 0; i < sizeof members / sizeof members[0]; i++)
        if (members[i].type == type)
            name = members[i].name;
    if (!member)
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, path, "missing (a number of MinMaxDataType)");
    if (!name || index >= DMLP__MAX_SCALARS)
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, path, "MinMaxDataType must name a data type");
    unsigned char bytes[8] = {0};
    dmlp_status s;
    if (cJSON_IsObject(member)) {
        const char *allowed[] = {name, NULL};
        char q[DMLP__DX_PATH_MAX];
        const cJSON *value = cJSON_GetObjectItemCaseSensitive(member, name);
        dmlp__dx_path_key(q, path, name);
        if ((s = dmlp__dx_check_members(member, path, allowed)) != DMLP_OK)
            return s;
        if (!value)
            return dmlp__dx_fail(DMLP_ERROR_FORMAT, q, "missing (the union's member of %s)",
                                 dmlp__type_name(type));
        /* FLOAT16's member is UInt16: its bits */
        DML_TENSOR_DATA_TYPE as =
            type == DML_TENSOR_DATA_TYPE_FLOAT16 ? DML_TENSOR_DATA_TYPE_UINT16 : type;
        s = dmlp__dx_read_element(ctx->doc, value, as, q, bytes);
    } else {
        s = dmlp__dx_read_element(ctx->doc, member, type, path, bytes);
    }
    if (s != DMLP_OK)
        return s;
    uint64_t bits = 0;
    memcpy(&bits, bytes, dmlp__type_size(type)); /* little-endian host */
    d->params.scalars[index] = bits;
    return DMLP_OK;
}

/* An Axes member: an array of dimension indices ([3], [1, 2]). Its length is AxisCount;
   an AxisCount given too must agree (parse_desc reads AxisCount first). The indices
   are checked against the input's dimensions when the operator is made. */
static dmlp_status parse_axes(const dmlp__dx_parse_context *ctx, const cJSON *member,
                              const char *path, dmlp__dx_dispatchable *d)
{
    if (!member)
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, path, "missing (an array of axes, [3])");
    if (!cJSON_IsArray(member))
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, path, "must be an array of axes, [3]");
    int count = cJSON_GetArraySize(member);
    if (count < 1 || count > DMLP__MAX_AXES)
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, path, "has %d entries; it must have 1 to %d",
                             count, DMLP__MAX_AXES);
    if (d->axis_count_given && d->params.axis_count != (uint32_t)count)
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, path,
                             "has %d entries; AxisCount is %u, and the two must agree",
                             count, d->params.axis_count);
    int i = 0;
    for (const cJSON *item = member->child; item; item = item->next, i++) {
        char q[DMLP__DX_PATH_MAX];
        dmlp__dx_path_index(q, path, (size_t)i);
        uint64_t axis;
        dmlp_status s = dmlp__dx_get_uint(ctx->doc, item, q, UINT32_MAX, &axis);
        if (s != DMLP_OK)
            return s;
        d->params.axes[i] = (uint32_t)axis;
    }
    d->params.axis_count = (uint32_t)count;
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
    case DMLP__FIELD_ROUNDING_MODE:
        if (!member)
            return dmlp__dx_fail(DMLP_ERROR_FORMAT, p, "missing (HALVES_TO_NEAREST_EVEN, "
                                                       "TOWARD_ZERO or TOWARD_INFINITY)");
        return parse_rounding(member, p, &d->params.rounding);
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
    case DMLP__FIELD_SCALAR_TYPE:
        if (!member)
            return dmlp__dx_fail(DMLP_ERROR_FORMAT, p, "missing (a data type: the output's)");
        return dmlp__dx_get_type(member, p, &d->params.scalar_type);
    case DMLP__FIELD_SCALAR:
        return parse_scalar(ctx, member, p, field, d);
    case DMLP__FIELD_AXIS_COUNT: { /* optional: the Axes array's length; if given, checked */
        if (!member)
            return DMLP_OK;
        uint64_t count;
        dmlp_status s = dmlp__dx_get_uint(ctx->doc, member, p, DMLP__MAX_AXES, &count);
        d->params.axis_count = (uint32_t)count;
        d->axis_count_given = s == DMLP_OK;
        return s;
    }
    case DMLP__FIELD_AXES:
        return parse_axes(ctx, member, p, d);
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
