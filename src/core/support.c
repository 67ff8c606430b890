/* The feature-level support tables and the extension types (docs/validation.md). */
#include "core/support.h"

#include <stdio.h>
#include <string.h>

#include "core/registry.h"

#define F32 DML_TENSOR_DATA_TYPE_FLOAT32
#define F16 DML_TENSOR_DATA_TYPE_FLOAT16
#define F64 DML_TENSOR_DATA_TYPE_FLOAT64
#define I32 DML_TENSOR_DATA_TYPE_INT32
#define I16 DML_TENSOR_DATA_TYPE_INT16
#define I8 DML_TENSOR_DATA_TYPE_INT8
#define I64 DML_TENSOR_DATA_TYPE_INT64
#define U32 DML_TENSOR_DATA_TYPE_UINT32
#define U16 DML_TENSOR_DATA_TYPE_UINT16
#define U8 DML_TENSOR_DATA_TYPE_UINT8
#define U64 DML_TENSOR_DATA_TYPE_UINT64
#define BF16 DMLP_TENSOR_DATA_TYPE_BFLOAT16
#define E4M3FN DMLP_TENSOR_DATA_TYPE_FLOAT8_E4M3FN
#define E4M3FNUZ DMLP_TENSOR_DATA_TYPE_FLOAT8_E4M3FNUZ
#define E5M2 DMLP_TENSOR_DATA_TYPE_FLOAT8_E5M2
#define E5M2FNUZ DMLP_TENSOR_DATA_TYPE_FLOAT8_E5M2FNUZ

/* Each row lists the full type set in force from its level on (0 ends the list). */
typedef struct support_row {
    DML_OPERATOR_TYPE op;
    uint32_t level;
    uint32_t min_dims, max_dims;
    DML_TENSOR_DATA_TYPE types[DMLP__SUPPORT_MAX_TYPES];
} support_row;

/* Rows of one operator in ascending level order, from the operator files (src/ops/). */
#define DMLP_SUPPORT(level, min_dims, max_dims, types)                                      \
    {OP, DML_FEATURE_LEVEL_##level, min_dims, max_dims, {DMLP_UNPAREN types}},
static const support_row support_rows[] = {
#include "ops/ops.inc"
};

/* The output's types of an operator whose output has types of its own, whatever the
   inputs' (rows of one operator in ascending level order). */
static const struct {
    DML_OPERATOR_TYPE op;
    uint32_t level;
    DML_TENSOR_DATA_TYPE types[DMLP__SUPPORT_MAX_OUTPUT_TYPES];
} output_rows[] = {
#define DMLP_OUTPUT_TYPES(level, types) {OP, DML_FEATURE_LEVEL_##level, {DMLP_UNPAREN types}},
#include "ops/ops.inc"
    {DML_OPERATOR_INVALID, 0, {0}}, /* keeps the table non-empty; matches no operator */
};

/* Inputs with types of their own (rows of one operator in ascending level order). */
static const struct {
    DML_OPERATOR_TYPE op;
    uint32_t index;
    uint32_t level;
    DML_TENSOR_DATA_TYPE types[DMLP__SUPPORT_MAX_OUTPUT_TYPES];
} input_rows[] = {
#define DMLP_INPUT_TYPES(index, level, types)                                               \
    {OP, index, DML_FEATURE_LEVEL_##level, {DMLP_UNPAREN types}},
#include "ops/ops.inc"
    {DML_OPERATOR_INVALID, 0, 0, {0}}, /* keeps the table non-empty; matches no operator */
};

/* Rules between two tensors' types, by member name; a rule without pairs is "the same
   type" (rows of one operator in file order). */
static const struct {
    DML_OPERATOR_TYPE op;
    const char *tensor, *other;
    DML_TENSOR_DATA_TYPE pairs[2 * DMLP__SUPPORT_MAX_PAIRS];
} type_rules[] = {
#define DMLP_SAME_TYPE_AS(tensor, other) {OP, #tensor, #other, {0}},
#define DMLP_TYPE_PAIRS(tensor, other, pairs) {OP, #tensor, #other, {DMLP_UNPAREN pairs}},
#include "ops/ops.inc"
    {DML_OPERATOR_INVALID, NULL, NULL, {0}}, /* keeps the table non-empty */
};

/* Optional inputs that may be NULL only from a level on. */
static const struct {
    DML_OPERATOR_TYPE op;
    const char *tensor;
    uint32_t level;
} optional_rows[] = {
#define DMLP_OPTIONAL_FROM(tensor, level) {OP, #tensor, DML_FEATURE_LEVEL_##level},
#include "ops/ops.inc"
    {DML_OPERATOR_INVALID, NULL, 0}, /* keeps the table non-empty */
};

/* Input types added on a device with DMLP_DEVICE_FLAG_EXTENSIONS. */
static const struct {
    DML_OPERATOR_TYPE op;
    DML_TENSOR_DATA_TYPE types[8];
} extension_types[] = {
#define DMLP_EXTENSION_TYPES(types) {OP, {DMLP_UNPAREN types}},
#include "ops/ops.inc"
};

/* Output types and own input types added with the extensions (index -1: the output). */
static const struct {
    DML_OPERATOR_TYPE op;
    int32_t index;
    DML_TENSOR_DATA_TYPE types[4];
} extension_own_types[] = {
#define DMLP_EXTENSION_OUTPUT_TYPES(types) {OP, -1, {DMLP_UNPAREN types}},
#define DMLP_EXTENSION_INPUT_TYPES(index, types) {OP, index, {DMLP_UNPAREN types}},
#include "ops/ops.inc"
    {DML_OPERATOR_INVALID, 0, {0}}, /* keeps the table non-empty; matches no operator */
};

/* Appends types to a list of at most DMLP__SUPPORT_MAX_OUTPUT_TYPES. */
static void append_types(DML_TENSOR_DATA_TYPE *list, uint32_t *count,
                         const DML_TENSOR_DATA_TYPE *types, size_t max)
{
    for (size_t t = 0; t < max && types[t]; t++)
        if (*count < DMLP__SUPPORT_MAX_OUTPUT_TYPES)
            list[(*count)++] = types[t];
}

static const uint32_t levels[] = {
    DML_FEATURE_LEVEL_1_0, DML_FEATURE_LEVEL_2_0, DML_FEATURE_LEVEL_2_1, DML_FEATURE_LEVEL_3_0,
    DML_FEATURE_LEVEL_3_1, DML_FEATURE_LEVEL_4_0, DML_FEATURE_LEVEL_4_1, DML_FEATURE_LEVEL_5_0,
    DML_FEATURE_LEVEL_5_1, DML_FEATURE_LEVEL_5_2, DML_FEATURE_LEVEL_6_0, DML_FEATURE_LEVEL_6_1,
    DML_FEATURE_LEVEL_6_2, DML_FEATURE_LEVEL_6_3, DML_FEATURE_LEVEL_6_4,
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

uint32_t dmlp__operator_count(void) { return dmlp__op_count(); }

DML_OPERATOR_TYPE dmlp__operator_at(uint32_t index)
{
    const dmlp__op_def *def = dmlp__op_at(index);
    return def ? def->type : DML_OPERATOR_INVALID;
}

const char *dmlp__operator_name(DML_OPERATOR_TYPE op)
{
    const dmlp__op_def *def = dmlp__op_find(op);
    return def ? def->name : NULL;
}

uint32_t dmlp__operator_introduced(DML_OPERATOR_TYPE op)
{
    uint32_t first = 0;
    for (size_t i = 0; i < COUNT(support_rows); i++)
        if (support_rows[i].op == op && (first == 0 || support_rows[i].level < first))
            first = support_rows[i].level;
    return first;
}

/* dmlp's own operators (DMLP_EXTENSION_OPERATOR rows): a device without the extensions
   has none of their rows. */
static const DML_OPERATOR_TYPE extension_operators[] = {
#define DMLP_EXTENSION_OPERATOR() OP,
#include "ops/ops.inc"
    DML_OPERATOR_INVALID, /* keeps the table non-empty */
};

bool dmlp__operator_is_extension(DML_OPERATOR_TYPE op)
{
    for (size_t i = 0; op != DML_OPERATOR_INVALID && i < COUNT(extension_operators); i++)
        if (extension_operators[i] == op)
            return true;
    return false;
}

bool dmlp__support_get(DML_OPERATOR_TYPE op, uint32_t level, bool extensions,
                       dmlp__support *out)
{
    const support_row *row = NULL;
    const dmlp__op_def *def = dmlp__op_find(op);
    if (level < DML_FEATURE_LEVEL_1_0 || !out || !def ||
        (!extensions && dmlp__operator_is_extension(op)))
        return false;
    for (size_t i = 0; i < COUNT(support_rows); i++)
        if (support_rows[i].op == op && support_rows[i].level <= level &&
            (!row || support_rows[i].level > row->level))
            row = &support_rows[i];
    if (!row)
        return false;

    dmlp__support s;
    memset(&s, 0, sizeof s);
    s.row_level = row->level;
    s.min_dims = row->min_dims;
    s.max_dims = row->max_dims;
    s.output_type = def->output_type; /* the registry's output rule */
    for (size_t t = 0; t < DMLP__SUPPORT_MAX_TYPES && row->types[t]; t++)
        s.input_types[s.type_count++] = row->types[t];
    for (size_t i = 0; i < COUNT(output_rows); i++) {
        if (output_rows[i].op != op || output_rows[i].level > level)
            continue;
        s.output_type_count = 0; /* a later row replaces an earlier one */
        for (size_t t = 0; t < DMLP__SUPPORT_MAX_OUTPUT_TYPES && output_rows[i].types[t]; t++)
            s.output_types[s.output_type_count++] = output_rows[i].types[t];
    }
    for (size_t i = 0; i < COUNT(input_rows); i++) {
        uint32_t k = input_rows[i].index;
        if (input_rows[i].op != op || input_rows[i].level > level || k >= DMLP__MAX_INPUTS)
            continue;
        s.own_type_count[k] = 0; /* a later row replaces an earlier one */
        for (size_t t = 0; t < DMLP__SUPPORT_MAX_OUTPUT_TYPES && input_rows[i].types[t]; t++)
            s.own_types[k][s.own_type_count[k]++] = input_rows[i].types[t];
    }
    for (size_t i = 0; i < COUNT(type_rules); i++) {
        if (type_rules[i].op != op || s.rule_count == DMLP__SUPPORT_MAX_RULES)
            continue;
        dmlp__type_rule *r = &s.rules[s.rule_count++];
        r->tensor = type_rules[i].tensor;
        r->other = type_rules[i].other;
        for (size_t t = 0; t + 1 < COUNT(type_rules[i].pairs) && type_rules[i].pairs[t]; t += 2) {
            r->pairs[r->pair_count][0] = type_rules[i].pairs[t];
            r->pairs[r->pair_count++][1] = type_rules[i].pairs[t + 1];
        }
    }
    for (size_t i = 0; i < COUNT(optional_rows); i++) {
        if (optional_rows[i].op != op || optional_rows[i].level <= level)
            continue;
        for (uint32_t k = 0; k < dmlp__op_input_count(def) && k < DMLP__MAX_INPUTS; k++)
            if (strcmp(dmlp__op_input(def, k)->name, optional_rows[i].tensor) == 0)
                s.optional_from[k] = optional_rows[i].level;
    }
    if (extensions) {
        for (size_t i = 0; i < COUNT(extension_types); i++) {
            if (extension_types[i].op != op)
                continue;
            for (size_t t = 0; t < COUNT(extension_types[i].types) && extension_types[i].types[t];
                 t++)
                if (s.type_count < DMLP__SUPPORT_MAX_TYPES)
                    s.input_types[s.type_count++] = extension_types[i].types[t];
        }
        for (size_t i = 0; i < COUNT(extension_own_types); i++) {
            int32_t k = extension_own_types[i].index;
            if (extension_own_types[i].op != op || k >= DMLP__MAX_INPUTS)
                continue;
            if (k < 0)
                append_types(s.output_types, &s.output_type_count,
                             extension_own_types[i].types, COUNT(extension_own_types[i].types));
            else
                append_types(s.own_types[k], &s.own_type_count[k],
                             extension_own_types[i].types, COUNT(extension_own_types[i].types));
        }
    }
    *out = s;
    return true;
}

bool dmlp__operator_input_own_types(DML_OPERATOR_TYPE op, uint32_t index)
{
    for (size_t i = 0; i < COUNT(input_rows); i++)
        if (input_rows[i].op == op && input_rows[i].index == index)
            return true;
    return false;
}

uint32_t dmlp__operator_main_input(DML_OPERATOR_TYPE op)
{
    uint32_t count = dmlp__op_input_count(dmlp__op_find(op));
    for (uint32_t k = 0; k < count; k++)
        if (!dmlp__operator_input_own_types(op, k))
            return k;
    return 0;
}

int32_t dmlp__operator_output_type_input(DML_OPERATOR_TYPE op)
{
    const dmlp__op_def *def = dmlp__op_find(op);
    const dmlp__field *output = def ? dmlp__op_field(def, DMLP__FIELD_OUTPUT) : NULL;
    if (!output)
        return -1;
    for (size_t i = 0; i < COUNT(type_rules); i++) {
        if (type_rules[i].op != op || type_rules[i].pairs[0] ||
            strcmp(type_rules[i].tensor, output->name) != 0)
            continue;
        for (uint32_t k = 0; k < dmlp__op_input_count(def); k++)
            if (strcmp(dmlp__op_input(def, k)->name, type_rules[i].other) == 0)
                return (int32_t)k;
    }
    return -1;
}

uint32_t dmlp__feature_level_count(void) { return (uint32_t)COUNT(levels); }

uint32_t dmlp__feature_level_at(uint32_t index)
{
    return index < COUNT(levels) ? levels[index] : 0;
}

/* Names are "M_m" from the level's two hex digits, e.g. 0x2100 -> "2_1". */
static const char *const level_names[] = {
    "1_0", "2_0", "2_1", "3_0", "3_1", "4_0", "4_1", "5_0",
    "5_1", "5_2", "6_0", "6_1", "6_2", "6_3", "6_4",
};
_Static_assert(COUNT(level_names) == COUNT(levels), "one name per feature level");

const char *dmlp__feature_level_name(uint32_t level)
{
    static _Thread_local char unnamed[16];
    for (size_t i = 0; i < COUNT(levels); i++)
        if (levels[i] == level)
            return level_names[i];
    snprintf(unnamed, sizeof unnamed, "0x%x", (unsigned)level);
    return unnamed;
}

bool dmlp__feature_level_parse(const char *text, uint32_t *level)
{
    static const char prefix[] = "DML_FEATURE_LEVEL_";
    if (!text || !level)
        return false;
    bool prefixed = strncmp(text, prefix, sizeof prefix - 1) == 0;
    if (prefixed)
        text += sizeof prefix - 1;
    for (size_t i = 0; i < COUNT(levels); i++)
        if (strcmp(text, level_names[i]) == 0) {
            *level = levels[i];
            return true;
        }
    if (!prefixed && text[0] == '0' && (text[1] == 'x' || text[1] == 'X') && text[2]) {
        unsigned long long value = 0;
        for (const char *p = text + 2; *p; p++) {
            int digit;
            if (*p >= '0' && *p <= '9')
                digit = *p - '0';
            else if (*p >= 'a' && *p <= 'f')
                digit = *p - 'a' + 10;
            else if (*p >= 'A' && *p <= 'F')
                digit = *p - 'A' + 10;
            else
                return false;
            value = value * 16 + (unsigned)digit;
            if (value > UINT32_MAX)
                return false;
        }
        if (value < DML_FEATURE_LEVEL_1_0)
            return false; /* below 1_0 is not a level */
        *level = (uint32_t)value;
        return true;
    }
    return false;
}
