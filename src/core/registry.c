/* The operator registry: one row per operator (registry.h says what a row holds). To add
   an operator, see docs/adding-an-operator.md. */
#include "core/registry.h"
#include "core/scalar.h"
#include "numeric/softmax_row.h"

#include <stdio.h>
#include <string.h>

/* The rows, one per operator file (src/ops/op.h says how a file writes its DMLP_OP). */
#define DMLP_SAME_TYPE DML_TENSOR_DATA_TYPE_UNKNOWN
#define DMLP_OUTPUT_LISTED DMLP__OUTPUT_LISTED
#define DMLP_IN_PLACE true, NULL
#define DMLP_NOT_IN_PLACE(why) false, why
#define DMLP_FIELD(KIND, member)                                                            \
    {#member, DMLP__FIELD_##KIND, offsetof(OP_DESC, member), 0.0f, false, false}
#define DMLP_FIELD_DEFAULT(KIND, member, value)                                             \
    {#member, DMLP__FIELD_##KIND, offsetof(OP_DESC, member), (float)(value), true, false}
#define DMLP_FIELD_OPTIONAL(KIND, member)                                                   \
    {#member, DMLP__FIELD_##KIND, offsetof(OP_DESC, member), 0.0f, false, true}
#define FIELD_COUNT(...) (uint32_t)(sizeof((dmlp__field[]){__VA_ARGS__}) / sizeof(dmlp__field))
#define DMLP_OP(NAME, cli, python, onnx, output, place, help, ...)                          \
    {OP, #NAME, #cli, #python, onnx, #NAME, help, sizeof(OP_DESC),            \
     FIELD_COUNT(__VA_ARGS__), {__VA_ARGS__}, output, place},

static const dmlp__op_def ops[] = {
#include "ops/ops.inc"
};

#define OP_COUNT (sizeof ops / sizeof ops[0])

/* dmlp__desc_storage holds every descriptor struct, and dmlp__op_def every member list
   (test_registry checks that every row's FLOAT members fit DMLP__MAX_FLOATS). */
#define DMLP_OP(NAME, cli, python, onnx, output, place, help, ...)                          \
    _Static_assert(sizeof(OP_DESC) <= DMLP__MAX_DESC_BYTES, #NAME "'s descriptor fits");     \
    _Static_assert(FIELD_COUNT(__VA_ARGS__) <= DMLP__MAX_FIELDS, #NAME "'s members fit");
#include "ops/ops.inc"

uint32_t dmlp__op_count(void) { return (uint32_t)OP_COUNT; }

const dmlp__op_def *dmlp__op_at(uint32_t index)
{
    return index < OP_COUNT ? &ops[index] : NULL;
}

const dmlp__op_def *dmlp__op_find(DML_OPERATOR_TYPE type)
{
    for (size_t i = 0; i < OP_COUNT; i++)
        if (ops[i].type == type)
            return &ops[i];
    return NULL;
}

const dmlp__op_def *dmlp__op_find_cli(const char *cli_name)
{
    for (size_t i = 0; cli_name && i < OP_COUNT; i++)
        if (strcmp(ops[i].cli_name, cli_name) == 0)
            return &ops[i];
    return NULL;
}

const dmlp__op_def *dmlp__op_find_onnx(const char *onnx_name)
{
    for (size_t i = 0; onnx_name && i < OP_COUNT; i++)
        if (ops[i].onnx_name && strcmp(ops[i].onnx_name, onnx_name) == 0)
            return &ops[i];
    return NULL;
}

/* The operators that refuse an integer divisor of 0 (their DMLP_ZERO_DIVISOR rows). */
static const struct {
    DML_OPERATOR_TYPE type;
    const char *what;
} zero_divisors[] = {
#define DMLP_ZERO_DIVISOR(what) {OP, what},
#include "ops/ops.inc"
};

const char *dmlp__op_zero_divisor(const dmlp__op_def *def)
{
    for (size_t i = 0; def && i < sizeof zero_divisors / sizeof zero_divisors[0]; i++)
        if (zero_divisors[i].type == def->type)
            return zero_divisors[i].what;
    return NULL;
}

/* The activations an operator may fuse (their DMLP_FUSABLE rows), in table order. */
static const DML_OPERATOR_TYPE fusables[] = {
#define DMLP_FUSABLE() OP,
#include "ops/ops.inc"
};

bool dmlp__op_fusable(const dmlp__op_def *def)
{
    for (size_t i = 0; def && i < sizeof fusables / sizeof fusables[0]; i++)
        if (fusables[i] == def->type)
            return true;
    return false;
}

/* The operators along axes (their DMLP_ROWS rows). */
static const struct {
    DML_OPERATOR_TYPE type;
    int kind;
} rows_ops[] = {
#define DMLP_ROWS(kind) {OP, kind},
#include "ops/ops.inc"
};

bool dmlp__op_rows(const dmlp__op_def *def, int *kind, bool *last_axis)
{
    for (size_t i = 0; def && i < sizeof rows_ops / sizeof rows_ops[0]; i++)
        if (rows_ops[i].type == def->type) {
            if (kind)
                *kind = rows_ops[i].kind;
            if (last_axis) /* no AXES member: the 1_0 operators' last axis */
                *last_axis = dmlp__op_field(def, DMLP__FIELD_AXES) == NULL;
            return true;
        }
    return false;
}

const dmlp__op_def *dmlp__op_find_dxdispatch(const char *name)
{
    static const char prefix[] = "DML_OPERATOR_";
    if (name && strncmp(name, prefix, sizeof prefix - 1) == 0)
        name += sizeof prefix - 1;
    for (size_t i = 0; name && i < OP_COUNT; i++)
        if (strcmp(ops[i].dxdispatch_name, name) == 0)
            return &ops[i];
    return NULL;
}

const dmlp__field *dmlp__op_field(const dmlp__op_def *def, dmlp__field_kind kind)
{
    for (uint32_t i = 0; def && i < def->field_count; i++)
        if (def->fields[i].kind == kind)
            return &def->fields[i];
    return NULL;
}

uint32_t dmlp__op_float_count(const dmlp__op_def *def)
{
    uint32_t count = 0;
    for (uint32_t i = 0; def && i < def->field_count; i++)
        count += def->fields[i].kind == DMLP__FIELD_FLOAT;
    return count;
}

const dmlp__field *dmlp__op_float(const dmlp__op_def *def, uint32_t index)
{
    for (uint32_t i = 0; def && i < def->field_count; i++)
        if (def->fields[i].kind == DMLP__FIELD_FLOAT && index-- == 0)
            return &def->fields[i];
    return NULL;
}

uint32_t dmlp__op_float_index(const dmlp__op_def *def, const dmlp__field *field)
{
    uint32_t index = 0;
    for (uint32_t i = 0; def && i < def->field_count && &def->fields[i] != field; i++)
        index += def->fields[i].kind == DMLP__FIELD_FLOAT;
    return index;
}

const char *dmlp__field_lower_name(const dmlp__field *field, char *text, size_t capacity)
{
    size_t i = 0;
    for (; capacity && field->name[i] && i + 1 < capacity; i++) {
        char c = field->name[i];
        text[i] = c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
    }
    if (capacity)
        text[i] = '\0';
    return text;
}

const dmlp__field *dmlp__op_float_named(const dmlp__op_def *def, const char *name)
{
    char lower[64];
    for (uint32_t i = 0; def && name && i < def->field_count; i++)
        if (def->fields[i].kind == DMLP__FIELD_FLOAT &&
            strcmp(dmlp__field_lower_name(&def->fields[i], lower, sizeof lower), name) == 0)
            return &def->fields[i];
    return NULL;
}

uint32_t dmlp__op_scalar_count(const dmlp__op_def *def)
{
    uint32_t count = 0;
    for (uint32_t i = 0; def && i < def->field_count; i++)
        count += def->fields[i].kind == DMLP__FIELD_SCALAR;
    return count;
}

const dmlp__field *dmlp__op_scalar(const dmlp__op_def *def, uint32_t index)
{
    for (uint32_t i = 0; def && i < def->field_count; i++)
        if (def->fields[i].kind == DMLP__FIELD_SCALAR && index-- == 0)
            return &def->fields[i];
    return NULL;
}

uint32_t dmlp__op_scalar_index(const dmlp__op_def *def, const dmlp__field *field)
{
    uint32_t index = 0;
    for (uint32_t i = 0; def && i < def->field_count && &def->fields[i] != field; i++)
        index += def->fields[i].kind == DMLP__FIELD_SCALAR;
    return index;
}

const dmlp__field *dmlp__op_scalar_named(const dmlp__op_def *def, const char *name)
{
    char lower[64];
    for (uint32_t i = 0; def && name && i < def->field_count; i++)
        if (def->fields[i].kind == DMLP__FIELD_SCALAR &&
            strcmp(dmlp__field_lower_name(&def->fields[i], lower, sizeof lower), name) == 0)
            return &def->fields[i];
    return NULL;
}

uint32_t dmlp__op_input_count(const dmlp__op_def *def)
{
    uint32_t count = 0;
    for (uint32_t i = 0; def && i < def->field_count; i++)
        count += def->fields[i].kind == DMLP__FIELD_INPUT;
    return count;
}

const dmlp__field *dmlp__op_input(const dmlp__op_def *def, uint32_t index)
{
    for (uint32_t i = 0; def && i < def->field_count; i++)
        if (def->fields[i].kind == DMLP__FIELD_INPUT && index-- == 0)
            return &def->fields[i];
    return NULL;
}

/* The second ONNX operators the rows run (src/ops/op.h's DMLP_ONNX_ALSO: Add is also
   Sum), one entry per version row. */
static const struct {
    DML_OPERATOR_TYPE type;
    const char *onnx_name;
} also[] = {
#define DMLP_ONNX_ALSO(name, since, types, output, flags, attributes) {OP, name},
#include "ops/ops.inc"
    {DML_OPERATOR_INVALID, NULL} /* none may be listed */
};
#define ALSO_COUNT (sizeof also / sizeof also[0] - 1)

/* Whether row k names the ONNX operator, as its own (DMLP_OP) or, among its second
   names, as entry a of them or one before (a = ALSO_COUNT: any). */
static bool row_names(size_t k, const char *name, size_t a)
{
    for (size_t e = 0; also[e].onnx_name && e <= a; e++)
        if (also[e].type == ops[k].type && strcmp(also[e].onnx_name, name) == 0)
            return true;
    return false;
}

/* Whether the ONNX name of entry j of row i (j = ALSO_COUNT: its own name; else its
   second name `also[j]`) is listed before it: by an earlier row, or by row i's own name
   or an earlier second name. */
static bool onnx_named_before(const char *name, size_t i, size_t j)
{
    for (size_t k = 0; name && k < i; k++)
        if ((ops[k].onnx_name && strcmp(ops[k].onnx_name, name) == 0) ||
            row_names(k, name, ALSO_COUNT))
            return true;
    if (!name || j == ALSO_COUNT)
        return false;
    return (ops[i].onnx_name && strcmp(ops[i].onnx_name, name) == 0) ||
           (j > 0 && row_names(i, name, j - 1));
}

/* Name number `index` of a list: the rows' names, and for ONNX each row's own name then
   its second names; NULL when the entry names nothing (a row without an ONNX name, a
   name listed before). *row gets the row. */
static const char *list_name(dmlp__op_name_kind kind, size_t index, size_t *row)
{
    size_t per_row = kind == DMLP__OP_NAME_ONNX ? ALSO_COUNT + 1 : 1;
    size_t i = index / per_row, j = index % per_row;
    *row = i;
    if (kind != DMLP__OP_NAME_ONNX)
        return kind == DMLP__OP_NAME_CLI          ? ops[i].cli_name
               : kind == DMLP__OP_NAME_DXDISPATCH ? ops[i].dxdispatch_name
                                                  : ops[i].name;
    if (j == 0) /* an ONNX name several rows share (Mod) is listed once */
        return onnx_named_before(ops[i].onnx_name, i, ALSO_COUNT) ? NULL : ops[i].onnx_name;
    j--;
    if (also[j].type != ops[i].type || onnx_named_before(also[j].onnx_name, i, j))
        return NULL;
    return also[j].onnx_name;
}

const char *dmlp__op_names(char *text, size_t capacity, dmlp__op_name_kind kind,
                           const char *separator, const char *last_separator)
{
    size_t used = 0, listed = 0, count = 0, row;
    size_t entries = OP_COUNT * (kind == DMLP__OP_NAME_ONNX ? ALSO_COUNT + 1 : 1);
    for (size_t e = 0; e < entries; e++)
        count += list_name(kind, e, &row) != NULL;
    if (capacity)
        text[0] = '\0';
    char tail[48]; /* " and 12 more": room kept for it while names remain */
    for (size_t e = 0; e < entries && used < capacity; e++) {
        const char *name = list_name(kind, e, &row);
        if (!name)
            continue;
        const char *sep = listed == 0 ? "" : listed + 1 == count ? last_separator : separator;
        char item[128];
        int n = kind == DMLP__OP_NAME_DML_VALUE
                    ? snprintf(item, sizeof item, "%s%s (%d)", sep, name, (int)ops[row].type)
                    : snprintf(item, sizeof item, "%s%s", sep, name);
        int t = snprintf(tail, sizeof tail, "%s%zu more", last_separator, count - listed);
        size_t room = listed + 1 == count ? 0 : (size_t)(t > 0 ? t : 0);
        if (n < 0 || (size_t)n >= sizeof item || (size_t)n + room >= capacity - used) {
            /* whole names only */
            if (listed > 0 && t > 0 && (size_t)t < sizeof tail && (size_t)t < capacity - used)
                memcpy(text + used, tail, (size_t)t + 1);
            break;
        }
        memcpy(text + used, item, (size_t)n + 1);
        used += (size_t)n;
        listed++;
    }
    return text;
}

const DML_OPERATOR_DESC *dmlp__desc_build(dmlp__desc_storage *s, const dmlp__op_def *def,
                                          const DML_BUFFER_TENSOR_DESC *in,
                                          const DML_BUFFER_TENSOR_DESC *out,
                                          const dmlp__op_params *params)
{
    const DML_BUFFER_TENSOR_DESC *inputs[DMLP__MAX_INPUTS];
    for (uint32_t i = 0; i < DMLP__MAX_INPUTS; i++)
        inputs[i] = in;
    return dmlp__desc_build_inputs(s, def, inputs, out, params);
}

/* The fused activation's descriptor, laid out as its own row says: its tensors NULL (as
   DirectML requires of a fused activation), its FLOAT members the given values. */
static const DML_OPERATOR_DESC *build_fused(dmlp__desc_storage *s, DML_OPERATOR_TYPE type,
                                            const float *floats)
{
    const dmlp__op_def *def = dmlp__op_find(type);
    if (type == DML_OPERATOR_INVALID)
        return NULL;
    memset(s->fused_desc.bytes, 0, sizeof s->fused_desc.bytes); /* NULL tensors */
    for (uint32_t i = 0; def && i < def->field_count; i++) {
        uint32_t k = dmlp__op_float_index(def, &def->fields[i]);
        if (def->fields[i].kind == DMLP__FIELD_FLOAT && k < DMLP__MAX_FLOATS)
            memcpy(s->fused_desc.bytes + def->fields[i].offset, &floats[k], sizeof(float));
    }
    s->fused.Type = type;
    s->fused.Desc = s->fused_desc.bytes;
    return &s->fused;
}

const DML_OPERATOR_DESC *dmlp__desc_build_inputs(dmlp__desc_storage *s,
                                                 const dmlp__op_def *def,
                                                 const DML_BUFFER_TENSOR_DESC *const *inputs,
                                                 const DML_BUFFER_TENSOR_DESC *out,
                                                 const dmlp__op_params *params)
{
    static const dmlp__op_params zeros;
    if (!params)
        params = &zeros;
    memset(s, 0, sizeof *s);
    uint32_t input_count = dmlp__op_input_count(def);
    for (uint32_t i = 0; i < input_count && i < DMLP__MAX_INPUTS; i++) {
        s->inputs[i].Type = DML_TENSOR_TYPE_BUFFER;
        s->inputs[i].Desc = inputs[i];
    }
    s->output.Type = DML_TENSOR_TYPE_BUFFER;
    s->output.Desc = out;
    uint32_t input_index = 0;
    DML_TENSOR_DATA_TYPE scalar_type =
        params->scalar_type != DML_TENSOR_DATA_TYPE_UNKNOWN ? params->scalar_type
                                                            : inputs[0]->DataType;
    for (uint32_t i = 0; i < def->field_count; i++) {
        const dmlp__field *f = &def->fields[i];
        unsigned char *at = s->desc.bytes + f->offset;
        const DML_TENSOR_DESC *tensor = &s->output;
        const DML_OPERATOR_DESC *fused;
        uint32_t float_index;
        switch (f->kind) {
        case DMLP__FIELD_INPUT:
            tensor = input_index < DMLP__MAX_INPUTS && inputs[input_index]
                         ? &s->inputs[input_index]
                         : NULL; /* an optional input left out */
            input_index++;
            memcpy(at, &tensor, sizeof tensor);
            break;
        case DMLP__FIELD_OUTPUT:
            memcpy(at, &tensor, sizeof tensor);
            break;
        case DMLP__FIELD_INFINITY_MODE:
            memcpy(at, &params->mode, sizeof params->mode);
            break;
        case DMLP__FIELD_ROUNDING_MODE:
            memcpy(at, &params->rounding, sizeof params->rounding);
            break;
        case DMLP__FIELD_SCALE_BIAS:
            memcpy(at, &params->scale_bias, sizeof params->scale_bias);
            break;
        case DMLP__FIELD_FUSED_ACTIVATION:
            fused = build_fused(s, params->fused_activation, params->fused_floats);
            memcpy(at, &fused, sizeof fused);
            break;
        case DMLP__FIELD_FLOAT:
            float_index = dmlp__op_float_index(def, f);
            if (float_index < DMLP__MAX_FLOATS)
                memcpy(at, &params->floats[float_index], sizeof(float));
            break;
        case DMLP__FIELD_SCALAR_TYPE:
            memcpy(at, &scalar_type, sizeof scalar_type);
            break;
        case DMLP__FIELD_AXIS_COUNT:
            memcpy(at, &params->axis_count, sizeof params->axis_count);
            break;
        case DMLP__FIELD_AXES: {
            memcpy(s->axes, params->axes, sizeof s->axes);
            const uint32_t *axes = s->axes;
            memcpy(at, &axes, sizeof axes);
            break;
        }
        case DMLP__FIELD_SCALAR:
            float_index = dmlp__op_scalar_index(def, f);
            if (float_index < DMLP__MAX_SCALARS) {
                DML_SCALAR_UNION scalar;
                dmlp__scalar_store(scalar_type, params->scalars[float_index], &scalar);
                memcpy(at, &scalar, sizeof scalar);
            }
            break;
        }
    }
    s->op.Type = def->type;
    s->op.Desc = s->desc.bytes;
    return &s->op;
}

const DML_TENSOR_DESC *dmlp__desc_tensor(const void *desc, const dmlp__field *field)
{
    const DML_TENSOR_DESC *tensor;
    memcpy(&tensor, (const unsigned char *)desc + field->offset, sizeof tensor);
    return tensor;
}

const DML_SCALE_BIAS *dmlp__desc_scale_bias(const void *desc, const dmlp__field *field)
{
    const DML_SCALE_BIAS *scale_bias;
    memcpy(&scale_bias, (const unsigned char *)desc + field->offset, sizeof scale_bias);
    return scale_bias;
}

const DML_OPERATOR_DESC *dmlp__desc_operator(const void *desc, const dmlp__field *field)
{
    const DML_OPERATOR_DESC *op;
    memcpy(&op, (const unsigned char *)desc + field->offset, sizeof op);
    return op;
}

int32_t dmlp__desc_enum(const void *desc, const dmlp__field *field)
{
    DML_IS_INFINITY_MODE value; /* every DirectML enum has the size of an int */
    memcpy(&value, (const unsigned char *)desc + field->offset, sizeof value);
    return (int32_t)value;
}

float dmlp__desc_float(const void *desc, const dmlp__field *field)
{
    float value;
    memcpy(&value, (const unsigned char *)desc + field->offset, sizeof value);
    return value;
}

DML_SCALAR_UNION dmlp__desc_scalar(const void *desc, const dmlp__field *field)
{
    DML_SCALAR_UNION value;
    memcpy(&value, (const unsigned char *)desc + field->offset, sizeof value);
    return value;
}

uint32_t dmlp__desc_uint(const void *desc, const dmlp__field *field)
{
    uint32_t value;
    memcpy(&value, (const unsigned char *)desc + field->offset, sizeof value);
    return value;
}

const uint32_t *dmlp__desc_axes(const void *desc, const dmlp__field *field)
{
    const uint32_t *axes;
    memcpy(&axes, (const unsigned char *)desc + field->offset, sizeof axes);
    return axes;
}
