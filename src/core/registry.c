/* The operator registry: one row per operator (registry.h says what a row holds). To add
   an operator, see docs/adding-an-operator.md. */
#include "core/registry.h"

#include <stdio.h>
#include <string.h>

#define U8 DML_TENSOR_DATA_TYPE_UINT8
#define SAME DML_TENSOR_DATA_TYPE_UNKNOWN

/* The two tensors every element-wise descriptor starts with. */
#define UNARY_TENSORS(DESC)                                                                 \
    {"InputTensor", DMLP__FIELD_INPUT, offsetof(DESC, InputTensor)},                        \
    {"OutputTensor", DMLP__FIELD_OUTPUT, offsetof(DESC, OutputTensor)}

/* The three tensors of a two-input element-wise descriptor. */
#define BINARY_TENSORS(DESC)                                                                \
    {"ATensor", DMLP__FIELD_INPUT, offsetof(DESC, ATensor)},                                \
    {"BTensor", DMLP__FIELD_INPUT, offsetof(DESC, BTensor)},                                \
    {"OutputTensor", DMLP__FIELD_OUTPUT, offsetof(DESC, OutputTensor)}

static const dmlp__op_def ops[] = {
    {DML_OPERATOR_ELEMENT_WISE_SIGN, "ELEMENT_WISE_SIGN", "sign", "sign", "Sign", "ELEMENT_WISE_SIGN",
     "  sign      ELEMENT_WISE_SIGN: -1, 0 or +1 in the input's type (NaN gives 0)\n",
     sizeof(DML_ELEMENT_WISE_SIGN_OPERATOR_DESC), 2,
     {UNARY_TENSORS(DML_ELEMENT_WISE_SIGN_OPERATOR_DESC)}, SAME, true, NULL},

    {DML_OPERATOR_ACTIVATION_SOFTSIGN, "ACTIVATION_SOFTSIGN", "softsign", "softsign", "Softsign",
     "ACTIVATION_SOFTSIGN", "  softsign  ACTIVATION_SOFTSIGN: x / (1 + |x|)\n",
     sizeof(DML_ACTIVATION_SOFTSIGN_OPERATOR_DESC), 2,
     {UNARY_TENSORS(DML_ACTIVATION_SOFTSIGN_OPERATOR_DESC)}, SAME, true, NULL},

    {DML_OPERATOR_ELEMENT_WISE_IS_INFINITY, "ELEMENT_WISE_IS_INFINITY", "isinf", "isinf", "IsInf",
     "ELEMENT_WISE_IS_INFINITY",
     "  isinf     ELEMENT_WISE_IS_INFINITY: 1 where the input is an infinity the mode\n"
     "            selects, else 0. OUT.npy holds dtype |u1 (DirectML's UINT8 output),\n"
     "            not |b1; in numpy, np.load(OUT).astype(bool) gives booleans.\n",
     sizeof(DML_ELEMENT_WISE_IS_INFINITY_OPERATOR_DESC), 3,
     {UNARY_TENSORS(DML_ELEMENT_WISE_IS_INFINITY_OPERATOR_DESC),
      {"InfinityMode", DMLP__FIELD_INFINITY_MODE,
       offsetof(DML_ELEMENT_WISE_IS_INFINITY_OPERATOR_DESC, InfinityMode)}},
     U8, false, "IsInfinity never runs in place"},

    {DML_OPERATOR_ELEMENT_WISE_IDENTITY, "ELEMENT_WISE_IDENTITY", "identity", "identity", "Identity",
     "ELEMENT_WISE_IDENTITY",
     "  identity  ELEMENT_WISE_IDENTITY: a copy, or x * scale + bias (float types) with\n"
     "            --scale and --bias\n",
     sizeof(DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC), 3,
     {UNARY_TENSORS(DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC),
      {"ScaleBias", DMLP__FIELD_SCALE_BIAS,
       offsetof(DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC, ScaleBias)}},
     SAME, true, NULL},

    {DML_OPERATOR_ELEMENT_WISE_ABS, "ELEMENT_WISE_ABS", "abs", "abs", "Abs", "ELEMENT_WISE_ABS",
     "  abs       ELEMENT_WISE_ABS: |x|, or |x * scale + bias| (float types) with --scale\n"
     "            and --bias\n",
     sizeof(DML_ELEMENT_WISE_ABS_OPERATOR_DESC), 3,
     {UNARY_TENSORS(DML_ELEMENT_WISE_ABS_OPERATOR_DESC),
      {"ScaleBias", DMLP__FIELD_SCALE_BIAS,
       offsetof(DML_ELEMENT_WISE_ABS_OPERATOR_DESC, ScaleBias)}},
     SAME, true, NULL},

    {DML_OPERATOR_CAST, "CAST", "cast", "cast", "Cast", "CAST",
     "  cast      CAST: each element converted to the dtype --to names (DirectML's\n"
     "            rules: round to nearest even; float to integer truncates and\n"
     "            saturates, NaN gives 0; integer to integer wraps)\n",
     sizeof(DML_CAST_OPERATOR_DESC), 2, {UNARY_TENSORS(DML_CAST_OPERATOR_DESC)},
     DMLP__OUTPUT_LISTED, false, "Cast never runs in place (DirectML's page does not allow it)"},

    {DML_OPERATOR_ELEMENT_WISE_NEGATE, "ELEMENT_WISE_NEGATE", "negate", "negative", "Neg",
     "ELEMENT_WISE_NEGATE", "  negate    ELEMENT_WISE_NEGATE: -x\n",
     sizeof(DML_ELEMENT_WISE_NEGATE_OPERATOR_DESC), 2,
     {UNARY_TENSORS(DML_ELEMENT_WISE_NEGATE_OPERATOR_DESC)}, SAME, true, NULL},

    {DML_OPERATOR_ELEMENT_WISE_ADD, "ELEMENT_WISE_ADD", "add", "add", "Add", "ELEMENT_WISE_ADD",
     "  add       ELEMENT_WISE_ADD: a + b (integers wrap)\n",
     sizeof(DML_ELEMENT_WISE_ADD_OPERATOR_DESC), 3,
     {BINARY_TENSORS(DML_ELEMENT_WISE_ADD_OPERATOR_DESC)}, SAME, true, NULL},

    {DML_OPERATOR_ELEMENT_WISE_ADD1, "ELEMENT_WISE_ADD1", "add1", "add1", NULL, "ELEMENT_WISE_ADD1",
     "  add1      ELEMENT_WISE_ADD1: a + b, then --fused softsign if given\n",
     sizeof(DML_ELEMENT_WISE_ADD1_OPERATOR_DESC), 4,
     {BINARY_TENSORS(DML_ELEMENT_WISE_ADD1_OPERATOR_DESC),
      {"FusedActivation", DMLP__FIELD_FUSED_ACTIVATION,
       offsetof(DML_ELEMENT_WISE_ADD1_OPERATOR_DESC, FusedActivation)}},
     SAME, true, NULL},

    {DML_OPERATOR_ELEMENT_WISE_SUBTRACT, "ELEMENT_WISE_SUBTRACT", "sub", "subtract", "Sub",
     "ELEMENT_WISE_SUBTRACT", "  sub       ELEMENT_WISE_SUBTRACT: a - b (integers wrap)\n",
     sizeof(DML_ELEMENT_WISE_SUBTRACT_OPERATOR_DESC), 3,
     {BINARY_TENSORS(DML_ELEMENT_WISE_SUBTRACT_OPERATOR_DESC)}, SAME, true, NULL},

    {DML_OPERATOR_ELEMENT_WISE_MULTIPLY, "ELEMENT_WISE_MULTIPLY", "mul", "multiply", "Mul",
     "ELEMENT_WISE_MULTIPLY", "  mul       ELEMENT_WISE_MULTIPLY: a * b (integers wrap)\n",
     sizeof(DML_ELEMENT_WISE_MULTIPLY_OPERATOR_DESC), 3,
     {BINARY_TENSORS(DML_ELEMENT_WISE_MULTIPLY_OPERATOR_DESC)}, SAME, true, NULL},

    {DML_OPERATOR_ELEMENT_WISE_DIVIDE, "ELEMENT_WISE_DIVIDE", "div", "divide", "Div",
     "ELEMENT_WISE_DIVIDE",
     "  div       ELEMENT_WISE_DIVIDE: a / b (integers truncate; a 0 divisor is refused)\n",
     sizeof(DML_ELEMENT_WISE_DIVIDE_OPERATOR_DESC), 3,
     {BINARY_TENSORS(DML_ELEMENT_WISE_DIVIDE_OPERATOR_DESC)}, SAME, true, NULL},

    /* GreaterThan's output may also be UINT32 (its support rows list the output types);
       the front ends make UINT8, ONNX's bool. */
    {DML_OPERATOR_ELEMENT_WISE_LOGICAL_GREATER_THAN, "ELEMENT_WISE_LOGICAL_GREATER_THAN", "gt", "greater",
     "Greater", "ELEMENT_WISE_LOGICAL_GREATER_THAN",
     "  gt        ELEMENT_WISE_LOGICAL_GREATER_THAN: 1 where a > b, else 0 (NaN gives 0).\n"
     "            OUT.npy holds dtype |u1 (DirectML's UINT8 output)\n",
     sizeof(DML_ELEMENT_WISE_LOGICAL_GREATER_THAN_OPERATOR_DESC), 3,
     {BINARY_TENSORS(DML_ELEMENT_WISE_LOGICAL_GREATER_THAN_OPERATOR_DESC)}, U8, false,
     "LogicalGreaterThan never runs in place (DirectML's page does not allow it)"},

    {DML_OPERATOR_ELEMENT_WISE_LOGICAL_AND, "ELEMENT_WISE_LOGICAL_AND", "and", "logical_and", "And",
     "ELEMENT_WISE_LOGICAL_AND",
     "  and       ELEMENT_WISE_LOGICAL_AND: 1 where a and b are both nonzero, else 0\n"
     "            (uint8, uint32 or bool)\n",
     sizeof(DML_ELEMENT_WISE_LOGICAL_AND_OPERATOR_DESC), 3,
     {BINARY_TENSORS(DML_ELEMENT_WISE_LOGICAL_AND_OPERATOR_DESC)}, SAME, true, NULL},

    {DML_OPERATOR_ELEMENT_WISE_LOGICAL_OR, "ELEMENT_WISE_LOGICAL_OR", "or", "logical_or", "Or",
     "ELEMENT_WISE_LOGICAL_OR",
     "  or        ELEMENT_WISE_LOGICAL_OR: 1 where a or b is nonzero, else 0 (uint8,\n"
     "            uint32 or bool)\n",
     sizeof(DML_ELEMENT_WISE_LOGICAL_OR_OPERATOR_DESC), 3,
     {BINARY_TENSORS(DML_ELEMENT_WISE_LOGICAL_OR_OPERATOR_DESC)}, SAME, true, NULL},
};

#define OP_COUNT (sizeof ops / sizeof ops[0])

_Static_assert(sizeof(DML_ELEMENT_WISE_SIGN_OPERATOR_DESC) <= DMLP__MAX_DESC_BYTES &&
                   sizeof(DML_ACTIVATION_SOFTSIGN_OPERATOR_DESC) <= DMLP__MAX_DESC_BYTES &&
                   sizeof(DML_ELEMENT_WISE_IS_INFINITY_OPERATOR_DESC) <= DMLP__MAX_DESC_BYTES &&
                   sizeof(DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC) <= DMLP__MAX_DESC_BYTES &&
                   sizeof(DML_ELEMENT_WISE_ABS_OPERATOR_DESC) <= DMLP__MAX_DESC_BYTES &&
                   sizeof(DML_ELEMENT_WISE_NEGATE_OPERATOR_DESC) <= DMLP__MAX_DESC_BYTES &&
                   sizeof(DML_ELEMENT_WISE_ADD_OPERATOR_DESC) <= DMLP__MAX_DESC_BYTES &&
                   sizeof(DML_ELEMENT_WISE_ADD1_OPERATOR_DESC) <= DMLP__MAX_DESC_BYTES &&
                   sizeof(DML_ELEMENT_WISE_SUBTRACT_OPERATOR_DESC) <= DMLP__MAX_DESC_BYTES &&
                   sizeof(DML_ELEMENT_WISE_MULTIPLY_OPERATOR_DESC) <= DMLP__MAX_DESC_BYTES &&
                   sizeof(DML_ELEMENT_WISE_DIVIDE_OPERATOR_DESC) <= DMLP__MAX_DESC_BYTES &&
                   sizeof(DML_ELEMENT_WISE_LOGICAL_GREATER_THAN_OPERATOR_DESC) <=
                       DMLP__MAX_DESC_BYTES &&
                   sizeof(DML_ELEMENT_WISE_LOGICAL_AND_OPERATOR_DESC) <= DMLP__MAX_DESC_BYTES &&
                   sizeof(DML_ELEMENT_WISE_LOGICAL_OR_OPERATOR_DESC) <= DMLP__MAX_DESC_BYTES &&
                   sizeof(DML_ACTIVATION_SOFTSIGN_OPERATOR_DESC) <= DMLP__MAX_DESC_BYTES &&
                   sizeof(DML_CAST_OPERATOR_DESC) <= DMLP__MAX_DESC_BYTES,
               "dmlp__desc_storage holds every descriptor struct");

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

const char *dmlp__op_names(char *text, size_t capacity, dmlp__op_name_kind kind,
                           const char *separator, const char *last_separator)
{
    size_t used = 0, listed = 0, count = 0;
    for (size_t i = 0; i < OP_COUNT; i++)
        count += kind != DMLP__OP_NAME_ONNX || ops[i].onnx_name;
    if (capacity)
        text[0] = '\0';
    for (size_t i = 0; i < OP_COUNT && used < capacity; i++) {
        const char *name = kind == DMLP__OP_NAME_CLI          ? ops[i].cli_name
                           : kind == DMLP__OP_NAME_DXDISPATCH ? ops[i].dxdispatch_name
                           : kind == DMLP__OP_NAME_ONNX       ? ops[i].onnx_name
                                                              : ops[i].name;
        if (!name)
            continue;
        const char *sep = listed == 0 ? "" : listed + 1 == count ? last_separator : separator;
        listed++;
        int n = kind == DMLP__OP_NAME_DML_VALUE
                    ? snprintf(text + used, capacity - used, "%s%s (%d)", sep, name,
                               (int)ops[i].type)
                    : snprintf(text + used, capacity - used, "%s%s", sep, name);
        if (n < 0)
            break;
        used += (size_t)n;
    }
    return text;
}

const DML_OPERATOR_DESC *dmlp__desc_build(dmlp__desc_storage *s, const dmlp__op_def *def,
                                          const DML_BUFFER_TENSOR_DESC *in,
                                          const DML_BUFFER_TENSOR_DESC *out,
                                          const dmlp__op_params *params)
{
    const DML_BUFFER_TENSOR_DESC *inputs[DMLP__MAX_INPUTS] = {in, in};
    return dmlp__desc_build_inputs(s, def, inputs, out, params);
}

/* The fused activation's descriptor: every activation dmlp fuses has only InputTensor
   and OutputTensor, both NULL when fused. */
static const DML_OPERATOR_DESC *build_fused(dmlp__desc_storage *s, DML_OPERATOR_TYPE type)
{
    if (type == DML_OPERATOR_INVALID)
        return NULL;
    DML_ACTIVATION_SOFTSIGN_OPERATOR_DESC tensors = {NULL, NULL};
    memcpy(s->fused_desc.bytes, &tensors, sizeof tensors);
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
    s->input.Type = DML_TENSOR_TYPE_BUFFER;
    s->input.Desc = inputs[0];
    s->input_b.Type = DML_TENSOR_TYPE_BUFFER;
    s->input_b.Desc = inputs[dmlp__op_input_count(def) > 1 ? 1 : 0];
    s->output.Type = DML_TENSOR_TYPE_BUFFER;
    s->output.Desc = out;
    uint32_t input_index = 0;
    for (uint32_t i = 0; i < def->field_count; i++) {
        const dmlp__field *f = &def->fields[i];
        unsigned char *at = s->desc.bytes + f->offset;
        const DML_TENSOR_DESC *tensor = &s->output;
        const DML_OPERATOR_DESC *fused;
        switch (f->kind) {
        case DMLP__FIELD_INPUT:
            tensor = input_index++ == 0 ? &s->input : &s->input_b;
            memcpy(at, &tensor, sizeof tensor);
            break;
        case DMLP__FIELD_OUTPUT:
            memcpy(at, &tensor, sizeof tensor);
            break;
        case DMLP__FIELD_INFINITY_MODE:
            memcpy(at, &params->mode, sizeof params->mode);
            break;
        case DMLP__FIELD_SCALE_BIAS:
            memcpy(at, &params->scale_bias, sizeof params->scale_bias);
            break;
        case DMLP__FIELD_FUSED_ACTIVATION:
            fused = build_fused(s, params->fused_activation);
            memcpy(at, &fused, sizeof fused);
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
