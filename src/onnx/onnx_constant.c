/* ONNX's Constant: a node without inputs whose output is the tensor one of its attributes
   holds. The loader turns each into a constant value (like an initializer) before it
   looks at the other nodes, so nothing runs for it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "io/budget.h"
#include "onnx_internal.h"

#define T(x) (1u << DMLP_ONNX_TYPE_##x)

/* Constant's versions and what each allows, newest first (21 and 23 add 4-bit types,
   which dmlp does not hold). */
static const struct {
    int since;
    int value_forms; /* 1: value only; 2: + sparse_value; 3: + value_float(s)/int(s)/string(s) */
    uint32_t types;
} versions[] = {
    {23, 3, 0}, {21, 3, 0}, {19, 3, 0}, {13, 3, 0}, {12, 3, 0}, {11, 2, 0}, {9, 1, 0}, {1, 1, 0},
};

static uint32_t version_types(int since)
{
    uint32_t numeric = T(UINT8) | T(UINT16) | T(UINT32) | T(UINT64) | T(INT8) | T(INT16) |
                       T(INT32) | T(INT64) | T(FLOAT16) | T(FLOAT) | T(DOUBLE) | T(BOOL);
    uint32_t float8 = T(FLOAT8E4M3FN) | T(FLOAT8E4M3FNUZ) | T(FLOAT8E5M2) | T(FLOAT8E5M2FNUZ);
    if (since == 1)
        return T(FLOAT16) | T(FLOAT) | T(DOUBLE);
    if (since < 13)
        return numeric;
    if (since < 19)
        return numeric | T(BFLOAT16);
    return numeric | T(BFLOAT16) | float8;
}

int dmlp__onnx_constant_version(int64_t opset)
{
    for (size_t i = 0; i < sizeof versions / sizeof versions[0]; i++)
        if (versions[i].since <= opset)
            return versions[i].since;
    return 0;
}

/* A tensor of count elements of one type from an attribute's list (or one scalar), its
   data taken from the memory budget like any tensor a file describes. */
static dmlp_status from_list(int32_t type, uint32_t rank, size_t count, const void *values,
                             dmlp_onnx_tensor *t, uint64_t *memory_used)
{
    uint64_t size = type == DMLP_ONNX_TYPE_FLOAT ? 4 : 8;
    memset(t, 0, sizeof *t);
    if (count > (size_t)UINT32_MAX)
        return dmlp__error(DMLP_ERROR_UNSUPPORTED, "the list has %zu values; at most %u", count,
                           UINT32_MAX);
    dmlp_status st = dmlp__budget_take(memory_used, "the constant's data", count * size);
    if (st != DMLP_OK)
        return st;
    int64_t *dims = malloc(sizeof *dims);
    void *data = malloc(count ? count * size : 1);
    if (!dims || !data) {
        free(dims);
        free(data);
        return dmlp__error(DMLP_ERROR_OUT_OF_MEMORY, "out of memory");
    }
    dims[0] = (int64_t)count;
    if (count)
        memcpy(data, values, count * size);
    t->type = type;
    t->rank = rank;
    t->dims = dims;
    t->data = data;
    t->size_in_bytes = count * size;
    return DMLP_OK;
}

dmlp_status dmlp__onnx_constant_decode(const DmlpOnnxPb__NodeProto *np, int version,
                                       dmlp_onnx_tensor *t, uint64_t *memory_used, char *why,
                                       size_t why_size)
{
    int forms = 1;
    for (size_t i = 0; i < sizeof versions / sizeof versions[0]; i++)
        if (versions[i].since == version)
            forms = versions[i].value_forms;
    const DmlpOnnxPb__AttributeProto *value = NULL;
    for (size_t i = 0; i < np->n_attribute; i++) {
        const DmlpOnnxPb__AttributeProto *a = np->attribute[i];
        const char *name = a->name ? a->name : "";
        int known = strcmp(name, "value") == 0 ||
                    (forms >= 2 && strcmp(name, "sparse_value") == 0) ||
                    (forms >= 3 && (strcmp(name, "value_float") == 0 ||
                                    strcmp(name, "value_floats") == 0 ||
                                    strcmp(name, "value_int") == 0 ||
                                    strcmp(name, "value_ints") == 0 ||
                                    strcmp(name, "value_string") == 0 ||
                                    strcmp(name, "value_strings") == 0));
        if (!known) {
            snprintf(why, why_size, "attribute \"%.60s\" is not one of Constant-%d's", name,
                     version);
            return DMLP_ERROR_UNSUPPORTED;
        }
        if (value) {
            snprintf(why, why_size, "attributes \"%s\" and \"%.60s\" are both given; Constant "
                     "takes exactly one", value->name, name);
            return DMLP_ERROR_FORMAT;
        }
        if (a->ref_attr_name && a->ref_attr_name[0]) {
            snprintf(why, why_size, "attribute \"%s\" refers to a function attribute; only "
                     "allowed inside functions", name);
            return DMLP_ERROR_FORMAT;
        }
        value = a;
    }
    if (!value) {
        snprintf(why, why_size, "no value attribute; Constant-%d needs %s", version,
                 forms == 1   ? "\"value\""
                 : forms == 2 ? "\"value\" or \"sparse_value\""
                              : "one of \"value\", \"sparse_value\", \"value_float\", "
                                "\"value_floats\", \"value_int\", \"value_ints\", "
                                "\"value_string\" and \"value_strings\"");
        return DMLP_ERROR_FORMAT;
    }
    const char *name = value->name;
    /* ONNX's AttributeType: 1 FLOAT, 2 INT, 3 STRING, 4 TENSOR, 6 FLOATS, 7 INTS,
       8 STRINGS, 11 SPARSE_TENSOR */
    int want = strcmp(name, "value") == 0            ? 4
               : strcmp(name, "sparse_value") == 0  ? 11
               : strcmp(name, "value_float") == 0   ? 1
               : strcmp(name, "value_floats") == 0  ? 6
               : strcmp(name, "value_int") == 0     ? 2
               : strcmp(name, "value_ints") == 0    ? 7
               : strcmp(name, "value_string") == 0  ? 3
                                                     : 8;
    if (value->has_type && value->type != want) {
        snprintf(why, why_size, "attribute \"%s\" has attribute type %d; it must be %d", name,
                 (int)value->type, want);
        return DMLP_ERROR_FORMAT;
    }
    dmlp_status st;
    switch (want) {
    case 11:
        snprintf(why, why_size, "attribute \"sparse_value\" holds a sparse tensor; dmlp reads "
                 "dense tensors only");
        return DMLP_ERROR_UNSUPPORTED;
    case 3:
    case 8:
        snprintf(why, why_size, "attribute \"%s\" holds strings; dmlp holds numeric and bool "
                 "tensors only", name);
        return DMLP_ERROR_UNSUPPORTED;
    case 1:
        if (!value->has_f) {
            snprintf(why, why_size, "attribute \"value_float\" has no float");
            return DMLP_ERROR_FORMAT;
        }
        st = from_list(DMLP_ONNX_TYPE_FLOAT, 0, 1, &value->f, t, memory_used);
        break;
    case 2:
        if (!value->has_i) {
            snprintf(why, why_size, "attribute \"value_int\" has no int");
            return DMLP_ERROR_FORMAT;
        }
        st = from_list(DMLP_ONNX_TYPE_INT64, 0, 1, &value->i, t, memory_used);
        break;
    case 6:
        st = from_list(DMLP_ONNX_TYPE_FLOAT, 1, value->n_floats, value->floats, t, memory_used);
        break;
    case 7:
        st = from_list(DMLP_ONNX_TYPE_INT64, 1, value->n_ints, value->ints, t, memory_used);
        break;
    default: /* 4: a TensorProto */
        if (!value->t) {
            snprintf(why, why_size, "attribute \"value\" has no tensor");
            return DMLP_ERROR_FORMAT;
        }
        st = dmlp__onnx_tensor_decode(value->t, t, memory_used);
        if (st != DMLP_OK) {
            snprintf(why, why_size, "attribute \"value\": %s", dmlp_last_error());
            return st;
        }
        if (!(version_types(version) & (1u << t->type))) {
            snprintf(why, why_size, "attribute \"value\" has type %s; Constant-%d allows %s",
                     dmlp_onnx_type_name(t->type), version,
                     version == 1    ? "float16, float and double"
                     : version < 13 ? "the integer types, float16, float, double and bool"
                     : version < 19 ? "the integer types, float16, float, double, bool and "
                                      "bfloat16"
                                    : "the integer types, float16, float, double, bool, "
                                      "bfloat16 and the float8 types");
            dmlp_onnx_tensor_clear(t);
            return DMLP_ERROR_UNSUPPORTED;
        }
        return DMLP_OK;
    }
    if (st != DMLP_OK)
        snprintf(why, why_size, "attribute \"%s\": %s", name, dmlp_last_error());
    return st;
}
