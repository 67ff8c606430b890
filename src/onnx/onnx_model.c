/* Loading a model: parse, resolve the opset, check every node, initializer, input and
   output, order the nodes and infer types and shapes. Anything dmlp would not run
   exactly as ONNX specifies is refused here, before any run. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "core/support.h"
#include "numeric/fp_convert.h"
#include "onnx_internal.h"

#define MAX_DECLARED_RANK 64
/* The most nodes (and own values) a quantized node's parts add (lower_quantized). */
#define QUANT_PARTS_MAX 7

/* The parts a quantized node becomes (dmlp__onnx_node's lower), chosen by its types. */
enum {
    LOWER_NONE,
    LOWER_QUANTIZE_FLOAT8, /* Divide in x's type, [Cast zero point, Add], Cast to float8 */
    LOWER_QUANTIZE_HALF,   /* Divide in float16/bfloat16, [Cast to float], quantize by 1 */
    LOWER_DEQUANTIZE_FLOAT8 /* Cast x, [Cast zero point, Subtract], Multiply (in float) */
};

typedef struct loader {
    dmlp_onnx_model *m;
    uint32_t value_cap;
    uint32_t *table; /* open addressing: value index + 1, 0 = empty */
    uint32_t table_mask;
    const DmlpOnnxPb__NodeProto *const *protos; /* node protos by node index */
    const DmlpOnnxPb__NodeProto **kept;  /* the nodes that run (Constant nodes removed) */
    uint32_t *numbers;                   /* each kept node's index in the graph */
    uint32_t *origin; /* per node of m->nodes (before ordering): its kept node (a variadic
                         node makes several), from load_nodes on */
    uint32_t extra;   /* the most nodes and values variadic nodes may add */
    uint64_t memory_used; /* the unpacked model and the initializers, from the budget */
} loader;

static uint32_t hash_name(const char *s)
{
    uint32_t h = 2166136261u; /* FNV-1a */
    for (; *s; s++)
        h = (h ^ (uint8_t)*s) * 16777619u;
    return h;
}

static int64_t lookup(const loader *L, const char *name)
{
    for (uint32_t i = hash_name(name) & L->table_mask;; i = (i + 1) & L->table_mask) {
        uint32_t v = L->table[i];
        if (v == 0)
            return -1;
        if (strcmp(L->m->values[v - 1].name, name) == 0)
            return v - 1;
    }
}

/* Adds a value named name, outside the name table: a value of the loader's own (the fold
   so far of a variadic node), which no name of the model reaches or takes. */
static dmlp_status add_own_value(loader *L, const char *name, uint32_t *index)
{
    dmlp_onnx_model *m = L->m;
    *index = 0;
    if (m->value_count >= L->value_cap)
        return dmlp__error(DMLP_ERROR_FORMAT, "more tensors than the graph declares");
    dmlp__onnx_value *v = &m->values[m->value_count];
    memset(v, 0, sizeof *v);
    v->producer = -1;
    v->name = strdup(name);
    if (!v->name)
        return dmlp__error(DMLP_ERROR_OUT_OF_MEMORY, "out of memory");
    *index = m->value_count++;
    return DMLP_OK;
}

/* Adds a value named name (not yet present). */
static dmlp_status add_value(loader *L, const char *name, uint32_t *index)
{
    dmlp_status st = add_own_value(L, name, index);
    if (st != DMLP_OK)
        return st;
    uint32_t i = hash_name(name) & L->table_mask;
    while (L->table[i])
        i = (i + 1) & L->table_mask;
    L->table[i] = *index + 1;
    return DMLP_OK;
}

static const char *str(const char *s)
{
    return s ? s : "";
}

/* Sets a value's shape (deep copy). params may be NULL. */
static dmlp_status set_shape(dmlp__onnx_value *v, uint32_t rank, const int64_t *dims,
                             char *const *params)
{
    v->has_shape = 1;
    v->rank = rank;
    v->dims = malloc((rank ? rank : 1) * sizeof *v->dims);
    v->dim_params = calloc(rank ? rank : 1, sizeof *v->dim_params);
    if (!v->dims || !v->dim_params)
        return dmlp__error(DMLP_ERROR_OUT_OF_MEMORY, "out of memory");
    for (uint32_t i = 0; i < rank; i++) {
        v->dims[i] = dims[i];
        if (params && params[i]) {
            v->dim_params[i] = strdup(params[i]);
            if (!v->dim_params[i])
                return dmlp__error(DMLP_ERROR_OUT_OF_MEMORY, "out of memory");
        }
    }
    return DMLP_OK;
}

/* Reads a TensorShapeProto into a value. */
static dmlp_status read_shape(dmlp__onnx_value *v, const DmlpOnnxPb__TensorShapeProto *shape,
                              const char *what)
{
    if (shape->n_dim > MAX_DECLARED_RANK)
        return dmlp__error(DMLP_ERROR_UNSUPPORTED, "%s \"%s\": the shape has rank %zu; at most %d",
                           what, v->name, shape->n_dim, MAX_DECLARED_RANK);
    int64_t dims[MAX_DECLARED_RANK];
    char *params[MAX_DECLARED_RANK];
    for (size_t i = 0; i < shape->n_dim; i++) {
        const DmlpOnnxPb__TensorShapeProto__Dimension *d = shape->dim[i];
        dims[i] = -1;
        params[i] = NULL;
        if (d->value_case == DMLP_ONNX_PB__TENSOR_SHAPE_PROTO__DIMENSION__VALUE_DIM_VALUE) {
            if (d->dim_value < 0)
                return dmlp__error(DMLP_ERROR_FORMAT,
                                   "%s \"%s\": dim[%zu] is %lld; a dimension cannot be negative",
                                   what, v->name, i, (long long)d->dim_value);
            dims[i] = d->dim_value;
        } else if (d->value_case == DMLP_ONNX_PB__TENSOR_SHAPE_PROTO__DIMENSION__VALUE_DIM_PARAM &&
                   d->dim_param && d->dim_param[0]) {
            params[i] = d->dim_param;
        }
    }
    /* The fixed dimensions alone must fit dmlp's limits. */
    int64_t fixed[MAX_DECLARED_RANK];
    for (size_t i = 0; i < shape->n_dim; i++)
        fixed[i] = dims[i] < 0 ? 1 : dims[i];
    uint64_t count;
    char label[64];
    snprintf(label, sizeof label, "%s \"%.40s\"", what, v->name);
    dmlp_status st = dmlp__onnx_element_count(label, (uint32_t)shape->n_dim, fixed, &count);
    if (st != DMLP_OK)
        return st;
    return set_shape(v, (uint32_t)shape->n_dim, dims, params);
}

/* The tensor type of a ValueInfoProto: 0 when none is declared. */
static dmlp_status read_type(const DmlpOnnxPb__ValueInfoProto *vi, const char *what,
                             int32_t *type, const DmlpOnnxPb__TensorShapeProto **shape)
{
    *type = 0;
    *shape = NULL;
    const DmlpOnnxPb__TypeProto *tp = vi->type;
    if (!tp || tp->value_case == DMLP_ONNX_PB__TYPE_PROTO__VALUE__NOT_SET)
        return DMLP_OK;
    if (tp->value_case != DMLP_ONNX_PB__TYPE_PROTO__VALUE_TENSOR_TYPE)
        return dmlp__error(DMLP_ERROR_UNSUPPORTED,
                           "%s \"%s\" is a sequence, map, optional or sparse tensor; dmlp runs "
                           "dense tensors only", what, str(vi->name));
    const DmlpOnnxPb__TypeProto__Tensor *t = tp->tensor_type;
    if (t->has_elem_type && t->elem_type != 0) {
        const dmlp__onnx_type_info *info = dmlp__onnx_type_get(t->elem_type);
        if (!info || !info->size)
            return dmlp__error(DMLP_ERROR_UNSUPPORTED,
                               "%s \"%s\" has type %s; dmlp holds numeric and bool tensors only",
                               what, str(vi->name), dmlp_onnx_type_name(t->elem_type));
        *type = t->elem_type;
    }
    *shape = t->shape;
    return DMLP_OK;
}

static dmlp_status resolve_opset(const DmlpOnnxPb__ModelProto *mp, int64_t *opset)
{
    int64_t found = -1;
    for (size_t i = 0; i < mp->n_opset_import; i++) {
        const DmlpOnnxPb__OperatorSetIdProto *o = mp->opset_import[i];
        const char *domain = str(o->domain);
        if (strcmp(domain, "") != 0 && strcmp(domain, "ai.onnx") != 0)
            continue; /* other domains matter only if a node uses them */
        if (!o->has_version)
            return dmlp__error(DMLP_ERROR_FORMAT,
                               "opset_import for the default domain has no version");
        if (found != -1 && found != o->version)
            return dmlp__error(DMLP_ERROR_FORMAT,
                               "opset_import lists the default domain twice (%lld and %lld)",
                               (long long)found, (long long)o->version);
        found = o->version;
    }
    if (found == -1)
        return dmlp__error(DMLP_ERROR_UNSUPPORTED,
                           "opset_import has no entry for the default domain (\"\" or "
                           "\"ai.onnx\"); dmlp runs ONNX's own operators only");
    if (found < 1 || found > DMLP_ONNX_OPSET_MAX)
        return dmlp__error(DMLP_ERROR_UNSUPPORTED,
                           "opset_import: the default-domain opset is %lld; dmlp supports "
                           "opsets 1 to %d", (long long)found, DMLP_ONNX_OPSET_MAX);
    *opset = found;
    return DMLP_OK;
}

static dmlp_status load_initializers(loader *L, const DmlpOnnxPb__GraphProto *g)
{
    for (size_t i = 0; i < g->n_initializer; i++) {
        const DmlpOnnxPb__TensorProto *tp = g->initializer[i];
        const char *name = str(tp->name);
        if (!name[0])
            return dmlp__error(DMLP_ERROR_FORMAT, "initializer %zu has no name", i);
        if (lookup(L, name) >= 0)
            return dmlp__error(DMLP_ERROR_FORMAT, "initializer \"%s\" is defined twice", name);
        uint32_t index;
        dmlp_status st = add_value(L, name, &index);
        if (st != DMLP_OK)
            return st;
        dmlp__onnx_value *v = &L->m->values[index];
        st = dmlp__onnx_tensor_decode(tp, &v->init, &L->memory_used);
        if (st != DMLP_OK) {
            char prefix[96];
            snprintf(prefix, sizeof prefix, "initializer \"%.60s\"", name);
            dmlp__error_prefix(prefix);
            return st;
        }
        v->has_init = 1;
        v->type = v->init.type;
        st = set_shape(v, v->init.rank, v->init.dims, NULL);
        if (st != DMLP_OK)
            return st;
    }
    return DMLP_OK;
}

static dmlp_status load_inputs(loader *L, const DmlpOnnxPb__GraphProto *g)
{
    dmlp_onnx_model *m = L->m;
    m->inputs = malloc((g->n_input ? g->n_input : 1) * sizeof *m->inputs);
    if (!m->inputs)
        return dmlp__error(DMLP_ERROR_OUT_OF_MEMORY, "out of memory");
    for (size_t i = 0; i < g->n_input; i++) {
        const DmlpOnnxPb__ValueInfoProto *vi = g->input[i];
        const char *name = str(vi->name);
        if (!name[0])
            return dmlp__error(DMLP_ERROR_FORMAT, "graph input %zu has no name", i);
        int32_t type;
        const DmlpOnnxPb__TensorShapeProto *shape;
        dmlp_status st = read_type(vi, "graph input", &type, &shape);
        if (st != DMLP_OK)
            return st;
        int64_t found = lookup(L, name);
        uint32_t index;
        if (found >= 0) {
            dmlp__onnx_value *v = &m->values[found];
            if (v->is_input)
                return dmlp__error(DMLP_ERROR_FORMAT, "graph input \"%s\" is listed twice", name);
            /* An initializer of the same name: the input's default value. */
            if (type && type != v->type)
                return dmlp__error(DMLP_ERROR_FORMAT,
                                   "graph input \"%s\" is declared %s but its initializer is %s",
                                   name, dmlp_onnx_type_name(type), dmlp_onnx_type_name(v->type));
            if (shape) {
                int same = shape->n_dim == v->rank;
                for (size_t d = 0; same && d < shape->n_dim; d++)
                    if (shape->dim[d]->value_case ==
                            DMLP_ONNX_PB__TENSOR_SHAPE_PROTO__DIMENSION__VALUE_DIM_VALUE &&
                        shape->dim[d]->dim_value != v->dims[d])
                        same = 0;
                if (!same)
                    return dmlp__error(DMLP_ERROR_FORMAT,
                                       "graph input \"%s\": the declared shape does not match "
                                       "its initializer's", name);
                /* Keep the declared shape: callers may override with another size. */
                free(v->dims);
                for (uint32_t d = 0; d < v->rank; d++)
                    free(v->dim_params[d]);
                free(v->dim_params);
                v->dims = NULL;
                v->dim_params = NULL;
                st = read_shape(v, shape, "graph input");
                if (st != DMLP_OK)
                    return st;
            }
            index = (uint32_t)found;
        } else {
            if (!type)
                return dmlp__error(DMLP_ERROR_FORMAT,
                                   "graph input \"%s\" declares no tensor element type", name);
            st = add_value(L, name, &index);
            if (st != DMLP_OK)
                return st;
            dmlp__onnx_value *v = &m->values[index];
            v->type = type;
            if (shape) {
                st = read_shape(v, shape, "graph input");
                if (st != DMLP_OK)
                    return st;
            }
        }
        m->values[index].is_input = 1;
        m->inputs[m->input_count++] = index;
    }
    return DMLP_OK;
}

/* The NodeProto node n comes from (from load_nodes on, several nodes may share one). */
static const DmlpOnnxPb__NodeProto *proto_of(const loader *L, uint32_t n)
{
    return L->protos[L->origin ? L->origin[n] : n];
}

/* "node 3 "name" (Sign at opset 12, input float)": the head of every node message. */
static const char *node_head(const loader *L, uint32_t n, char *buf, size_t size)
{
    /* a node that runs is named by the ONNX node it comes from, as the graph numbers it */
    uint32_t p = L->origin ? L->origin[n] : n;
    const DmlpOnnxPb__NodeProto *np = L->protos[p];
    int kept = L->numbers && L->protos == (const DmlpOnnxPb__NodeProto *const *)L->kept;
    uint32_t number = kept ? L->numbers[p] : p;
    int used = snprintf(buf, size, "node %u \"%.60s\" (%.40s at opset %lld", number, str(np->name),
                        str(np->op_type), (long long)L->m->opset);
    /* the main input's type (Where's X, not its condition) */
    const dmlp__op_def *def = dmlp__op_find_onnx(str(np->op_type));
    uint32_t main = def ? dmlp__operator_main_input(def->type) : 0;
    if (np->n_input > main && np->input[main]) {
        int64_t v = lookup(L, np->input[main]);
        if (v >= 0 && L->m->values[v].type && used > 0 && (size_t)used < size)
            used += snprintf(buf + used, size - (size_t)used, ", input type %s",
                             dmlp_onnx_type_name(L->m->values[v].type));
    }
    if (used > 0 && (size_t)used < size)
        snprintf(buf + used, size - (size_t)used, ")");
    return buf;
}

static dmlp_status node_error(const loader *L, uint32_t n, dmlp_status status, const char *why)
{
    char head[256];
    return dmlp__error(status, "%s: %s", node_head(L, n, head, sizeof head), why);
}

/* The two-input operators before version 7 (Add, Sub, Mul, Div, Greater, And, Or):
   broadcast and axis (INT), and in the versions that accept it (Add-1, Sub-1, Mul-1 and
   Div-1: DMLP_ONNX_CONSUMED_INPUTS) consumed_inputs (INTS, an optimisation hint of the
   time that changes no result). The variadic operators' first versions (Max-1, Max-6)
   have no broadcast or axis; Max-1 has consumed_inputs.
   Returns 1 when the attribute is one of these and was read, 0 when it is not, -1 on a
   malformed one (the error set). */
static int read_legacy_attribute(const loader *L, uint32_t n, dmlp__onnx_node *node,
                                 const DmlpOnnxPb__AttributeProto *a, int *seen)
{
    const char *name = str(a->name);
    int consumed = (dmlp__onnx_op_attributes(node->op, node->version) &
                    DMLP_ONNX_CONSUMED_INPUTS) != 0;
    int variadic = node->step != 0 || (dmlp__onnx_op_attributes(node->op, node->version) &
                                        DMLP_ONNX_UNIDIRECTIONAL) != 0; /* no broadcast, axis */
    int which = strcmp(name, "broadcast") == 0 && !variadic    ? 0
                : strcmp(name, "axis") == 0 && !variadic         ? 1
                : strcmp(name, "consumed_inputs") == 0 && consumed ? 2
                                                                   : -1;
    if (!node->legacy || which < 0)
        return 0;
    char why[160];
    int ints = which == 2;
    if ((a->has_type && a->type != (ints ? 7 : 2)) || (!ints && !a->has_i)) {
        snprintf(why, sizeof why, "attribute \"%s\" must be an %s", name, ints ? "INTS" : "INT");
        node_error(L, n, DMLP_ERROR_FORMAT, why);
        return -1;
    }
    if (seen[which]) {
        snprintf(why, sizeof why, "attribute \"%s\" is given twice", name);
        node_error(L, n, DMLP_ERROR_FORMAT, why);
        return -1;
    }
    seen[which] = 1;
    if (which == 0) {
        if (a->i != 0 && a->i != 1) {
            snprintf(why, sizeof why, "attribute \"broadcast\" is %lld; it must be 0 or 1",
                     (long long)a->i);
            node_error(L, n, DMLP_ERROR_FORMAT, why);
            return -1;
        }
        node->broadcast = (int)a->i;
    } else if (which == 1) {
        node->has_axis = 1;
        node->axis = a->i;
    }
    return 1;
}

/* An attribute that gives a FLOAT member (DMLP_ONNX_FLOAT: LeakyRelu's alpha). Returns 1
   when the attribute is one and was read, 0 when it is not, -1 on a malformed one (the
   error set). */
static int read_float_attribute(const loader *L, uint32_t n, dmlp__onnx_node *node,
                                const DmlpOnnxPb__AttributeProto *a, int *seen)
{
    const char *name = str(a->name);
    char why[160];
    if (dmlp__onnx_op_attributes(node->op, node->version) & DMLP_ONNX_BOUND_INPUTS)
        return 0; /* the members are inputs in this version */
    for (uint32_t i = 0; i < dmlp__onnx_op_float_count(node->op); i++) {
        const dmlp__onnx_float *f = dmlp__onnx_op_float(node->op, i);
        if (!f->attribute || strcmp(f->attribute, name) != 0 || f->member >= DMLP__MAX_FLOATS)
            continue;
        if ((a->has_type && a->type != 1) || !a->has_f) {
            snprintf(why, sizeof why, "attribute \"%s\" must be a FLOAT", name);
            node_error(L, n, DMLP_ERROR_FORMAT, why);
            return -1;
        }
        if (seen[f->member]) {
            snprintf(why, sizeof why, "attribute \"%s\" is given twice", name);
            node_error(L, n, DMLP_ERROR_FORMAT, why);
            return -1;
        }
        seen[f->member] = 1;
        node->floats[f->member] = a->f;
        return 1;
    }
    return 0;
}

static dmlp_status read_attributes(const loader *L, uint32_t n, dmlp__onnx_node *node)
{
    const DmlpOnnxPb__NodeProto *np = proto_of(L, n);
    int64_t detect[2] = {1, 1}; /* detect_negative, detect_positive */
    int seen[2] = {0, 0}, legacy_seen[3] = {0, 0, 0}, floats_seen[DMLP__MAX_FLOATS] = {0};
    char why[256];
    /* the FLOAT members start at ONNX's defaults (or the fixed values) */
    for (uint32_t i = 0; i < dmlp__onnx_op_float_count(node->op); i++) {
        const dmlp__onnx_float *f = dmlp__onnx_op_float(node->op, i);
        if (f->member < DMLP__MAX_FLOATS)
            node->floats[f->member] = f->value;
    }
    /* DMLP_ONNX_AXES: axis defaults to 1 while the input is coerced to 2-D, then to -1 */
    int along_axes = dmlp__onnx_op_axes(node->op);
    if (along_axes)
        node->axis = node->version < along_axes ? 1 : -1;
    for (size_t i = 0; i < np->n_attribute; i++) {
        const DmlpOnnxPb__AttributeProto *a = np->attribute[i];
        const char *name = str(a->name);
        if (a->ref_attr_name && a->ref_attr_name[0]) {
            snprintf(why, sizeof why, "attribute \"%s\" refers to a function attribute; only "
                     "allowed inside functions", name);
            return node_error(L, n, DMLP_ERROR_FORMAT, why);
        }
        int legacy = read_legacy_attribute(L, n, node, a, legacy_seen);
        if (legacy < 0)
            return DMLP_ERROR_FORMAT;
        if (legacy > 0)
            continue;
        int member = read_float_attribute(L, n, node, a, floats_seen);
        if (member < 0)
            return DMLP_ERROR_FORMAT;
        if (member > 0)
            continue;
        int which = strcmp(name, "detect_negative") == 0   ? 0
                    : strcmp(name, "detect_positive") == 0 ? 1
                                                           : -1;
        /* Abs-1 and Neg-1 carry consumed_inputs (DMLP_ONNX_CONSUMED_INPUTS), a legacy
           in-place hint (INTS) that does not change the result. */
        if (strcmp(name, "consumed_inputs") == 0 &&
            (dmlp__onnx_op_attributes(node->op, node->version) & DMLP_ONNX_CONSUMED_INPUTS)) {
            if (a->has_type && a->type != 7) {
                snprintf(why, sizeof why, "attribute \"%s\" must be INTS", name);
                return node_error(L, n, DMLP_ERROR_FORMAT, why);
            }
            continue;
        }
        /* an operator along axes: its row, checked against the rank where it is known
           (order_nodes) or when run */
        if (along_axes && strcmp(name, "axis") == 0) {
            if ((a->has_type && a->type != 2) || !a->has_i) {
                snprintf(why, sizeof why, "attribute \"axis\" must be an INT");
                return node_error(L, n, DMLP_ERROR_FORMAT, why);
            }
            if (node->has_axis) {
                snprintf(why, sizeof why, "attribute \"axis\" is given twice");
                return node_error(L, n, DMLP_ERROR_FORMAT, why);
            }
            node->has_axis = 1;
            node->axis = a->i;
            continue;
        }
        /* the attribute that chose the operator's row (Mod's fmod), read by resolve */
        const char *condition = dmlp__onnx_op_condition(node->op);
        if (condition && strcmp(name, condition) == 0)
            continue;
        /* IsInf's detect_negative and detect_positive give the descriptor's InfinityMode */
        const dmlp__op_def *def = dmlp__onnx_op_def(node->op);
        if (!dmlp__op_field(def, DMLP__FIELD_INFINITY_MODE) || which < 0) {
            snprintf(why, sizeof why, "attribute \"%.60s\" is not one of %s-%d's", name,
                     dmlp__onnx_op_name(node->op), node->version);
            return node_error(L, n, DMLP_ERROR_UNSUPPORTED, why);
        }
        if ((a->has_type && a->type != 2) || !a->has_i) {
            snprintf(why, sizeof why, "attribute \"%s\" must be an INT", name);
            return node_error(L, n, DMLP_ERROR_FORMAT, why);
        }
        if (seen[which]) {
            snprintf(why, sizeof why, "attribute \"%s\" is given twice", name);
            return node_error(L, n, DMLP_ERROR_FORMAT, why);
        }
        seen[which] = 1;
        detect[which] = a->i;
    }
    if (dmlp__op_field(dmlp__onnx_op_def(node->op), DMLP__FIELD_INFINITY_MODE)) {
        int neg = detect[0] != 0, pos = detect[1] != 0;
        node->all_false = !neg && !pos;
        node->mode = neg && pos ? DML_IS_INFINITY_MODE_EITHER
                     : pos      ? DML_IS_INFINITY_MODE_POSITIVE
                                : DML_IS_INFINITY_MODE_NEGATIVE;
    }
    return DMLP_OK;
}

/* Cast-1 names its `to` type as a string: TensorProto's DataType names. */
static int32_t type_from_name(const uint8_t *name, size_t length)
{
    static const struct {
        const char *name;
        int32_t type;
    } names[] = {{"FLOAT", 1}, {"UINT8", 2},  {"INT8", 3},    {"UINT16", 4}, {"INT16", 5},
                 {"INT32", 6}, {"INT64", 7},  {"STRING", 8},  {"BOOL", 9},   {"FLOAT16", 10},
                 {"DOUBLE", 11}, {"UINT32", 12}, {"UINT64", 13}};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strlen(names[i].name) == length && memcmp(names[i].name, name, length) == 0)
            return names[i].type;
    return -1;
}

/* Cast's attributes: `to` (required; an INT, a STRING in version 1) and, from version
   19, `saturate` (INT, default 1: float8 outputs saturate). */
static dmlp_status read_cast_attributes(const loader *L, uint32_t n, dmlp__onnx_node *node)
{
    const DmlpOnnxPb__NodeProto *np = proto_of(L, n);
    char why[400];
    int seen_to = 0, seen_saturate = 0;
    int64_t saturate = 1;
    for (size_t i = 0; i < np->n_attribute; i++) {
        const DmlpOnnxPb__AttributeProto *a = np->attribute[i];
        const char *name = str(a->name);
        int is_to = strcmp(name, "to") == 0;
        int is_saturate = strcmp(name, "saturate") == 0 && node->version >= 19;
        if (!is_to && !is_saturate) {
            snprintf(why, sizeof why, "attribute \"%.60s\" is not one of Cast-%d's", name,
                     node->version);
            return node_error(L, n, DMLP_ERROR_UNSUPPORTED, why);
        }
        if ((is_to && seen_to) || (is_saturate && seen_saturate)) {
            snprintf(why, sizeof why, "attribute \"%s\" is given twice", name);
            return node_error(L, n, DMLP_ERROR_FORMAT, why);
        }
        if (is_saturate) {
            if ((a->has_type && a->type != 2) || !a->has_i) {
                snprintf(why, sizeof why, "attribute \"saturate\" must be an INT");
                return node_error(L, n, DMLP_ERROR_FORMAT, why);
            }
            seen_saturate = 1;
            saturate = a->i;
            continue;
        }
        seen_to = 1;
        if (node->version == 1) {
            if ((a->has_type && a->type != 3) || !a->has_s) {
                snprintf(why, sizeof why, "attribute \"to\" must be a STRING in Cast-1");
                return node_error(L, n, DMLP_ERROR_FORMAT, why);
            }
            node->to = type_from_name(a->s.data, a->s.len);
            if (node->to < 0) {
                snprintf(why, sizeof why, "attribute \"to\" is \"%.*s\"; it must name a "
                         "TensorProto data type (FLOAT, INT32, ...)",
                         (int)(a->s.len > 40 ? 40 : a->s.len), (const char *)a->s.data);
                return node_error(L, n, DMLP_ERROR_FORMAT, why);
            }
        } else {
            if ((a->has_type && a->type != 2) || !a->has_i) {
                snprintf(why, sizeof why, "attribute \"to\" must be an INT");
                return node_error(L, n, DMLP_ERROR_FORMAT, why);
            }
            node->to = a->i < 0 || a->i > 1000 ? -1 : (int32_t)a->i;
        }
        if (!dmlp__onnx_op_allows(node->op, node->version, node->to)) {
            const dmlp__onnx_type_info *t = dmlp__onnx_type_get(node->to);
            snprintf(why, sizeof why, "attribute \"to\" is %s (%lld); Cast-%d allows %s",
                     t ? t->name : "not a type", (long long)(node->version == 1 ? node->to : a->i),
                     node->version, dmlp__onnx_op_allowed_text(node->op, node->version));
            return node_error(L, n, DMLP_ERROR_UNSUPPORTED, why);
        }
    }
    if (!seen_to)
        return node_error(L, n, DMLP_ERROR_FORMAT, "attribute \"to\" is missing; Cast needs it");
    if (!saturate)
        node->flags |= DMLP_EXECUTION_FLAG_CAST_NO_SATURATE;
    if (node->to == DMLP_ONNX_TYPE_BOOL)
        node->flags |= DMLP_EXECUTION_FLAG_CAST_TO_BOOL;
    return DMLP_OK;
}

/* QuantizeLinear's and DequantizeLinear's attributes, those their version has: axis
   (INT, default 1), block_size (INT >= 0, default 0), saturate (INT, default 1) and
   output_dtype (INT, default 0). */
static dmlp_status read_quant_attributes(const loader *L, uint32_t n, dmlp__onnx_node *node)
{
    const DmlpOnnxPb__NodeProto *np = proto_of(L, n);
    uint32_t flags = dmlp__onnx_op_attributes(node->op, node->version);
    static const struct {
        const char *name;
        uint32_t flag;
    } known[] = {{"axis", DMLP_ONNX_AXIS}, {"block_size", DMLP_ONNX_BLOCK_SIZE},
                 {"saturate", DMLP_ONNX_SATURATE}, {"output_dtype", DMLP_ONNX_OUTPUT_DTYPE}};
    int seen[4] = {0, 0, 0, 0};
    char why[300];
    for (size_t i = 0; i < np->n_attribute; i++) {
        const DmlpOnnxPb__AttributeProto *a = np->attribute[i];
        const char *name = str(a->name);
        size_t k = 0;
        while (k < 4 && !(strcmp(name, known[k].name) == 0 && (flags & known[k].flag)))
            k++;
        if (k == 4) {
            snprintf(why, sizeof why, "attribute \"%.60s\" is not one of %s-%d's", name,
                     dmlp__onnx_op_name(node->op), node->version);
            return node_error(L, n, DMLP_ERROR_UNSUPPORTED, why);
        }
        if (seen[k]) {
            snprintf(why, sizeof why, "attribute \"%s\" is given twice", name);
            return node_error(L, n, DMLP_ERROR_FORMAT, why);
        }
        seen[k] = 1;
        if ((a->has_type && a->type != 2) || !a->has_i) {
            snprintf(why, sizeof why, "attribute \"%s\" must be an INT", name);
            return node_error(L, n, DMLP_ERROR_FORMAT, why);
        }
        if (k == 0) {
            node->has_axis = 1;
            node->axis = a->i;
        } else if (k == 1) {
            if (a->i < 0 || a->i > UINT32_MAX) {
                snprintf(why, sizeof why, "attribute \"block_size\" is %lld; it must be 0 (no "
                         "blocks) or a positive size", (long long)a->i);
                return node_error(L, n, DMLP_ERROR_FORMAT, why);
            }
            node->block = a->i;
        } else if (k == 3) {
            node->output_dtype = a->i < 0 || a->i > 1000 ? -1 : (int32_t)a->i;
        }
        else if (k == 2) /* float8 outputs only: a value other than 0 saturates */
            node->no_saturate = a->i == 0;
    }
    return DMLP_OK;
}

static int is_float8_type(int32_t type)
{
    return type == DMLP_ONNX_TYPE_FLOAT8E4M3FN || type == DMLP_ONNX_TYPE_FLOAT8E4M3FNUZ ||
           type == DMLP_ONNX_TYPE_FLOAT8E5M2 || type == DMLP_ONNX_TYPE_FLOAT8E5M2FNUZ;
}

/* A quantized node's types, once its inputs' are known: x's by the version's row; the
   scale's (QuantizeLinear: x's from 19, float before; DequantizeLinear: float, float16
   from 19 with an 8-bit x, and float, float16 or bfloat16 with a float8 x); the zero
   point's and the output's (QuantizeLinear: the zero point's, else output_dtype's, else
   uint8: uint8, int8 and from 19 the float8 types; DequantizeLinear: x's, and the output
   the scale's). Which parts the node becomes where one operator does not run it as ONNX
   specifies (lower_quantized). Then the output's shape (x's), and the scale's and the
   zero point's against it where the shapes are known. */
static dmlp_status infer_quantized(loader *L, uint32_t n, dmlp__onnx_node *node)
{
    dmlp_onnx_model *m = L->m;
    const dmlp__onnx_value *x = &m->values[node->inputs[0]];
    const dmlp__onnx_value *scale = &m->values[node->inputs[1]];
    const dmlp__onnx_value *zero = node->input_count > 2 ? &m->values[node->inputs[2]] : NULL;
    dmlp__onnx_value *out = &m->values[node->output];
    int quantize = node->op->type == DML_OPERATOR_ELEMENT_WISE_QUANTIZE_LINEAR;
    const char *name = dmlp__onnx_op_name(node->op);
    char why[600];
    int32_t want_scale = !quantize || node->version < 19 ? DMLP_ONNX_TYPE_FLOAT : x->type;
    int eight_bit = x->type == DMLP_ONNX_TYPE_INT8 || x->type == DMLP_ONNX_TYPE_UINT8;
    int x_float8 = is_float8_type(x->type);
    int half_scale = scale->type == DMLP_ONNX_TYPE_FLOAT16 ||
                     (x_float8 && scale->type == DMLP_ONNX_TYPE_BFLOAT16);
    int scale_ok = scale->type == want_scale ||
                   (!quantize && node->version >= 19 && (eight_bit || x_float8) && half_scale);
    if (!scale_ok) {
        const char *allowed = quantize ? dmlp_onnx_type_name(want_scale)
                              : node->version < 19 ? "float"
                              : x_float8 ? "float, float16 or bfloat16"
                              : eight_bit ? "float or float16"
                                          : "float (float16 with an 8-bit x: ONNX's reference "
                                            "rounds a wider product to float first; bfloat16 "
                                            "scales are not run)";
        snprintf(why, sizeof why, "input \"%.60s\" (the scale) has type %s; dmlp runs "
                 "%s-%d with x %s and a scale of %s", scale->name,
                 dmlp_onnx_type_name(scale->type), name, node->version,
                 dmlp_onnx_type_name(x->type), allowed);
        return node_error(L, n, DMLP_ERROR_UNSUPPORTED, why);
    }
    int32_t y_type = !quantize ? scale->type
                     : zero ? zero->type
                     : node->output_dtype ? node->output_dtype
                                          : DMLP_ONNX_TYPE_UINT8;
    if (quantize && zero && node->output_dtype && node->output_dtype != zero->type) {
        const dmlp__onnx_type_info *t = dmlp__onnx_type_get(node->output_dtype);
        snprintf(why, sizeof why, "attribute \"output_dtype\" is %s (%d) and input \"%.60s\" "
                 "(the zero point) has type %s; ONNX needs them to agree",
                 t ? t->name : "not a type", (int)node->output_dtype, zero->name,
                 dmlp_onnx_type_name(zero->type));
        return node_error(L, n, DMLP_ERROR_FORMAT, why);
    }
    int y_float8 = quantize && is_float8_type(y_type) && node->version >= 19;
    /* int16 and uint16 from 21: ELEMENT_WISE_QUANTIZE_LINEAR's extension rows */
    int y_16 = quantize && node->version >= 21 &&
               (y_type == DMLP_ONNX_TYPE_INT16 || y_type == DMLP_ONNX_TYPE_UINT16);
    if (quantize && y_type != DMLP_ONNX_TYPE_UINT8 && y_type != DMLP_ONNX_TYPE_INT8 &&
        !y_float8 && !y_16) {
        const dmlp__onnx_type_info *t = dmlp__onnx_type_get(y_type);
        snprintf(why, sizeof why, "the output would have type %s (%s); dmlp's %s-%d writes "
                 "uint8 and int8%s%s", t ? t->name : "not a type",
                 zero ? "the zero point's" : "attribute \"output_dtype\"", name,
                 node->version, node->version >= 19 ? ", and the four float8 types" : "",
                 node->version >= 21 ? ", int16 and uint16 (4-bit outputs are not run)"
                                     : " (int16 and uint16 from QuantizeLinear-21)");
        return node_error(L, n, DMLP_ERROR_UNSUPPORTED, why);
    }
    if (zero && zero->type != (quantize ? y_type : x->type)) {
        snprintf(why, sizeof why, "input \"%.60s\" (the zero point) has type %s; %s-%d "
                 "needs %s's (%s)", zero->name, dmlp_onnx_type_name(zero->type), name,
                 node->version, quantize ? "the output" : "x",
                 dmlp_onnx_type_name(quantize ? y_type : x->type));
        return node_error(L, n, DMLP_ERROR_UNSUPPORTED, why);
    }
    int x_half = x->type == DMLP_ONNX_TYPE_FLOAT16 || x->type == DMLP_ONNX_TYPE_BFLOAT16;
    node->lower = quantize && y_float8 ? LOWER_QUANTIZE_FLOAT8
                  : quantize && x_half ? LOWER_QUANTIZE_HALF
                  : !quantize && x_float8 ? LOWER_DEQUANTIZE_FLOAT8
                                          : LOWER_NONE;
    node->to = y_type;
    out->type = y_type;
    if (!x->has_shape)
        return DMLP_OK;
    dmlp_status st = set_shape(out, x->rank, x->dims, x->dim_params);
    if (st != DMLP_OK)
        return st;
    /* the scale against x, and the zero point's shape against the scale's */
    int known = scale->has_shape && (!zero || zero->has_shape) && x->rank <= DMLP_ONNX_MAX_RANK;
    for (uint32_t d = 0; known && d < x->rank; d++)
        known = x->dims[d] >= 0;
    for (uint32_t d = 0; known && d < scale->rank; d++)
        known = scale->dims[d] >= 0;
    if (!known)
        return DMLP_OK;
    uint32_t rank, sizes[DMLP_ONNX_MAX_RANK], strides[DMLP_ONNX_MAX_RANK];
    char reason[400];
    if (scale->rank > DMLP_ONNX_MAX_RANK ||
        dmlp__onnx_quant_layout(node, x->rank, x->dims, scale->rank, scale->dims, &rank, sizes,
                                strides, reason, sizeof reason) != 0) {
        if (scale->rank > DMLP_ONNX_MAX_RANK)
            snprintf(reason, sizeof reason, "the scale has rank %u", scale->rank);
        snprintf(why, sizeof why, "input \"%.60s\" (the scale): %s", scale->name, reason);
        return node_error(L, n, DMLP_ERROR_FORMAT, why);
    }
    int same = !zero || zero->rank == scale->rank;
    for (uint32_t d = 0; same && zero && d < zero->rank; d++)
        same = zero->dims[d] == scale->dims[d];
    if (!same) {
        char z_text[128], s_text[128];
        snprintf(why, sizeof why, "input \"%.60s\" (the zero point) has shape %s and the scale "
                 "%s; ONNX needs them of one shape", zero->name,
                 dmlp__onnx_shape_text(zero->rank, zero->dims, z_text, sizeof z_text),
                 dmlp__onnx_shape_text(scale->rank, scale->dims, s_text, sizeof s_text));
        return node_error(L, n, DMLP_ERROR_FORMAT, why);
    }
    return DMLP_OK;
}

/* Constant nodes become constant values, as initializers are, and leave the list of
   nodes that run (L->kept, with their graph numbers in L->numbers). */
static dmlp_status load_constants(loader *L, const DmlpOnnxPb__GraphProto *g, size_t *kept)
{
    dmlp_onnx_model *m = L->m;
    char why[512];
    *kept = 0;
    for (size_t n = 0; n < g->n_node; n++) {
        const DmlpOnnxPb__NodeProto *np = g->node[n];
        const char *domain = str(np->domain);
        int default_domain = strcmp(domain, "") == 0 || strcmp(domain, "ai.onnx") == 0;
        if (!default_domain || strcmp(str(np->op_type), "Constant") != 0) {
            L->numbers[*kept] = (uint32_t)n;
            L->kept[(*kept)++] = np;
            continue;
        }
        /* messages name the node as the graph numbers it */
        L->protos = (const DmlpOnnxPb__NodeProto *const *)g->node;
        int version = dmlp__onnx_constant_version(m->opset);
        if (!version)
            return node_error(L, (uint32_t)n, DMLP_ERROR_UNSUPPORTED,
                              "Constant first appears in opset 1");
        if (np->n_input != 0) {
            snprintf(why, sizeof why, "has %zu inputs; Constant takes none", np->n_input);
            return node_error(L, (uint32_t)n, DMLP_ERROR_FORMAT, why);
        }
        if (np->n_output != 1 || !np->output[0][0]) {
            snprintf(why, sizeof why, "has %zu outputs; Constant gives exactly one, named",
                     np->n_output);
            return node_error(L, (uint32_t)n, DMLP_ERROR_FORMAT, why);
        }
        if (lookup(L, np->output[0]) >= 0) {
            snprintf(why, sizeof why, "output \"%.60s\" is already defined", np->output[0]);
            return node_error(L, (uint32_t)n, DMLP_ERROR_FORMAT, why);
        }
        dmlp_onnx_tensor t;
        why[0] = '\0';
        dmlp_status st = dmlp__onnx_constant_decode(np, version, &t, &L->memory_used, why,
                                                    sizeof why);
        if (st != DMLP_OK) {
            char head[256];
            return dmlp__error(st, "%s: %s", node_head(L, (uint32_t)n, head, sizeof head),
                               why[0] ? why : dmlp_last_error());
        }
        uint32_t index;
        st = add_value(L, np->output[0], &index);
        if (st != DMLP_OK) {
            dmlp_onnx_tensor_clear(&t);
            return st;
        }
        dmlp__onnx_value *v = &m->values[index];
        v->init = t;
        v->has_init = 1;
        v->type = t.type;
        st = set_shape(v, t.rank, t.dims, NULL);
        if (st != DMLP_OK)
            return st;
    }
    L->protos = L->kept;
    return DMLP_OK;
}

static int is_integer_type(int32_t type)
{
    switch (type) {
    case DMLP_ONNX_TYPE_INT8: case DMLP_ONNX_TYPE_INT16: case DMLP_ONNX_TYPE_INT32:
    case DMLP_ONNX_TYPE_INT64: case DMLP_ONNX_TYPE_UINT8: case DMLP_ONNX_TYPE_UINT16:
    case DMLP_ONNX_TYPE_UINT32: case DMLP_ONNX_TYPE_UINT64:
        return 1;
    default:
        return 0;
    }
}

/* A bound input's one element as the FLOAT it must equal exactly (an integer: as the
   bound converts back to its type, truncated and saturated). Returns 0, or -1 with the
   reason in why. */
static int bound_value(const dmlp_onnx_tensor *t, float *out, char *why, size_t why_size)
{
    const unsigned char *p = t->data;
    int64_t i = 0;
    uint64_t u = 0;
    int is_unsigned = 0;
    double d;
    uint16_t h;
    switch (t->type) {
    case DMLP_ONNX_TYPE_FLOAT:
        memcpy(out, p, 4);
        return 0;
    case DMLP_ONNX_TYPE_FLOAT16:
        memcpy(&h, p, 2);
        *out = dmlp__f16_to_f32(h);
        return 0;
    case DMLP_ONNX_TYPE_BFLOAT16:
        memcpy(&h, p, 2);
        *out = dmlp__bf16_to_f32(h);
        return 0;
    case DMLP_ONNX_TYPE_DOUBLE:
        memcpy(&d, p, 8);
        *out = (float)d;
        if (d != d || (double)*out == d)
            return 0;
        snprintf(why, why_size, "%.17g is not a float32 value (dmlp's Clip holds its bounds "
                 "as FLOAT)", d);
        return -1;
    case DMLP_ONNX_TYPE_INT8: { int8_t v; memcpy(&v, p, 1); i = v; break; }
    case DMLP_ONNX_TYPE_INT16: { int16_t v; memcpy(&v, p, 2); i = v; break; }
    case DMLP_ONNX_TYPE_INT32: { int32_t v; memcpy(&v, p, 4); i = v; break; }
    case DMLP_ONNX_TYPE_INT64: memcpy(&i, p, 8); break;
    case DMLP_ONNX_TYPE_UINT8: { uint8_t v; memcpy(&v, p, 1); u = v; is_unsigned = 1; break; }
    case DMLP_ONNX_TYPE_UINT16: { uint16_t v; memcpy(&v, p, 2); u = v; is_unsigned = 1; break; }
    case DMLP_ONNX_TYPE_UINT32: { uint32_t v; memcpy(&v, p, 4); u = v; is_unsigned = 1; break; }
    case DMLP_ONNX_TYPE_UINT64: memcpy(&u, p, 8); is_unsigned = 1; break;
    default:
        snprintf(why, why_size, "its type (%d) is not one Clip takes", (int)t->type);
        return -1;
    }
    /* the float32 nearest the value, converted back as the kernels convert a bound */
    if (is_unsigned) {
        float f = (float)u;
        uint64_t back = (double)f >= 0x1p64 ? UINT64_MAX : (uint64_t)f;
        *out = f;
        if (back == u)
            return 0;
        snprintf(why, why_size, "%llu is not a float32 value (dmlp's Clip holds its bounds "
                 "as FLOAT)", (unsigned long long)u);
        return -1;
    }
    float f = (float)i;
    int64_t back = (double)f >= 0x1p63 ? INT64_MAX : (int64_t)f;
    *out = f;
    if (back == i)
        return 0;
    snprintf(why, why_size, "%lld is not a float32 value (dmlp's Clip holds its bounds as "
             "FLOAT)", (long long)i);
    return -1;
}

/* DMLP_ONNX_BOUND_INPUTS: the inputs after the first give the FLOAT members, in order; an
   absent one ("" or left out) bounds nothing. They must be constants of one element. */
static dmlp_status read_bound_inputs(const loader *L, uint32_t n, dmlp__onnx_node *node,
                                     const DmlpOnnxPb__NodeProto *np, uint32_t bounds)
{
    char why[400], reason[200];
    for (uint32_t k = 0; k < bounds && k < DMLP__MAX_FLOATS; k++) {
        const dmlp__onnx_float *f = dmlp__onnx_op_float(node->op, k);
        const char *role = f->attribute ? f->attribute : "bound";
        uint32_t member = f->member < DMLP__MAX_FLOATS ? f->member : 0;
        node->floats[member] = k == 0 ? -__builtin_inff() : __builtin_inff();
        const char *name = 1 + k < np->n_input ? np->input[1 + k] : NULL;
        if (!name || !name[0])
            continue;
        int64_t found = lookup(L, name);
        if (found < 0) {
            snprintf(why, sizeof why, "input \"%.60s\" (%s) is not defined by any graph input, "
                     "initializer or node output", name, role);
            return node_error(L, n, DMLP_ERROR_FORMAT, why);
        }
        const dmlp__onnx_value *v = &L->m->values[found];
        if (!v->has_init || v->is_input) {
            snprintf(why, sizeof why, "input \"%.60s\" (%s) is %s; dmlp takes %s's %s as a "
                     "constant: an initializer or a Constant node's output", name, role,
                     v->is_input ? "a graph input, fed at run time" : "computed at run time",
                     np->op_type, role);
            return node_error(L, n, DMLP_ERROR_UNSUPPORTED, why);
        }
        uint64_t count = 1;
        for (uint32_t d = 0; d < v->init.rank; d++)
            count *= (uint64_t)v->init.dims[d];
        const dmlp__onnx_type_info *info = dmlp__onnx_type_get(v->init.type);
        if (count != 1 || !info || info->size == 0 || v->init.size_in_bytes < info->size) {
            snprintf(why, sizeof why, "input \"%.60s\" (%s) has %llu elements; it must hold "
                     "one", name, role, (unsigned long long)count);
            return node_error(L, n, DMLP_ERROR_FORMAT, why);
        }
        if (k < 2) { /* the exact element, for an integer Clip (ELEMENT_WISE_CLIP1) */
            node->bound_given[k] = 1;
            node->bound_types[k] = v->init.type;
            node->bound_bits[k] = 0;
            memcpy(&node->bound_bits[k], v->init.data, info->size < 8 ? info->size : 8);
        }
        if (is_integer_type(v->init.type)) {
            char ignored[8];
            (void)bound_value(&v->init, &node->floats[member], ignored, 0);
            continue; /* it bounds an integer input of its type, exactly (order_nodes) */
        }
        if (bound_value(&v->init, &node->floats[member], reason, sizeof reason) != 0) {
            snprintf(why, sizeof why, "input \"%.60s\" (%s): %s", name, role, reason);
            return node_error(L, n, DMLP_ERROR_UNSUPPORTED, why);
        }
    }
    return DMLP_OK;
}

/* Structure of each node, and its output registered as a new tensor. A variadic node
   (DMLP_ONNX_VARIADIC) becomes its parts (dmlp__onnx_node's step): a copy for one input,
   a left fold of two-input nodes for more, whose values before the last are the loader's
   own. */
static dmlp_status load_nodes(loader *L, const DmlpOnnxPb__GraphProto *g)
{
    dmlp_onnx_model *m = L->m;
    char why[512];
    L->origin = calloc(g->n_node + L->extra ? g->n_node + L->extra : 1, sizeof *L->origin);
    if (!L->origin)
        return dmlp__error(DMLP_ERROR_OUT_OF_MEMORY, "out of memory");
    uint32_t made = 0; /* nodes made so far */
    for (uint32_t p = 0; p < g->n_node; p++) {
        const DmlpOnnxPb__NodeProto *np = g->node[p];
        uint32_t n = made; /* the node (a variadic node's first part), named as np */
        L->origin[n] = p;
        dmlp__onnx_node *node = &m->nodes[n];
        const char *domain = str(np->domain);
        if (!np->op_type || !np->op_type[0])
            return node_error(L, n, DMLP_ERROR_FORMAT, "op_type is empty");
        char names[256]; /* the operators dmlp runs, listed only in a refusal */
        if (strcmp(domain, "") != 0 && strcmp(domain, "ai.onnx") != 0) {
            dmlp__op_names(names, sizeof names, DMLP__OP_NAME_ONNX, ", ", " and ");
            snprintf(why, sizeof why, "domain \"%.60s\" is not supported; dmlp runs the default "
                     "domain's operators only (%s)", domain, names);
            return node_error(L, n, DMLP_ERROR_UNSUPPORTED, why);
        }
        int r = dmlp__onnx_op_resolve(np->op_type, m->opset, np, &node->op, &node->version,
                                      why, sizeof why);
        if (r == -3)
            return node_error(L, n, DMLP_ERROR_UNSUPPORTED, why);
        if (r == -1) {
            dmlp__op_names(names, sizeof names, DMLP__OP_NAME_ONNX, ", ", " and ");
            snprintf(why, sizeof why, "the operator is not supported; dmlp runs %s (docs/onnx.md)",
                     names);
            return node_error(L, n, DMLP_ERROR_UNSUPPORTED, why);
        }
        if (r == -2) {
            snprintf(why, sizeof why, "%s first appears in opset %d; the model imports opset "
                     "%lld", np->op_type, node->version, (long long)m->opset);
            return node_error(L, n, DMLP_ERROR_UNSUPPORTED, why);
        }
        int variadic =
            (dmlp__onnx_op_attributes(node->op, node->version) & DMLP_ONNX_VARIADIC) != 0;
        node->input_count = dmlp__op_input_count(dmlp__onnx_op_def(node->op));
        node->step = variadic ? 1 : 0;
        node->legacy = (node->input_count == 2 || variadic) && node->version < 7;
        uint32_t flags = dmlp__onnx_op_attributes(node->op, node->version);
        uint32_t bounds = flags & DMLP_ONNX_BOUND_INPUTS ? dmlp__onnx_op_float_count(node->op)
                                                         : 0;
        /* an optional input (the row's DMLP_FIELD_OPTIONAL) after the last one given is
           left out, whether the node omits it or names it "" as exporters write it */
        const dmlp__op_def *node_def = dmlp__onnx_op_def(node->op);
        uint32_t given = (uint32_t)np->n_input, required = node->input_count;
        while (!variadic && !bounds && given > 0 && given <= node->input_count &&
               dmlp__op_input(node_def, given - 1)->optional &&
               (!np->input[given - 1] || !np->input[given - 1][0]))
            given--;
        while (!variadic && !bounds && required > 0 &&
               dmlp__op_input(node_def, required - 1)->optional)
            required--;
        int named = variadic ? np->n_input >= 1
                    : bounds ? np->n_input >= 1 && np->n_input <= 1 + bounds
                             : np->n_input <= node->input_count && given >= required;
        for (size_t i = 0; named && i < (bounds ? 1 : variadic ? np->n_input : given); i++)
            named = np->input[i] && np->input[i][0];
        if (named && !variadic && !bounds)
            node->input_count = given;
        /* a required input named "" (as exporters write an absent one): name it */
        for (uint32_t i = 0; !named && !variadic && !bounds && i < np->n_input &&
                             i < node->input_count;
             i++) {
            const dmlp__field *f = dmlp__op_input(node_def, i);
            if ((np->input[i] && np->input[i][0]) || f->optional)
                continue;
            snprintf(why, sizeof why, "input %u is named \"\" (left out), but %s needs it "
                     "(DirectML's %s); only an optional input after the last one given may "
                     "be left out", i + 1, np->op_type, f->name);
            return node_error(L, n, DMLP_ERROR_FORMAT, why);
        }
        if (!named && required < node->input_count && np->n_input <= node->input_count) {
            snprintf(why, sizeof why, "has %zu inputs; %s takes %u to %u, named (an optional "
                     "one left out is omitted or named \"\", after the last one given)",
                     np->n_input, np->op_type, required, node->input_count);
            return node_error(L, n, DMLP_ERROR_FORMAT, why);
        }
        if (!named) {
            snprintf(why, sizeof why, "has %zu inputs; %s takes %s, named", np->n_input,
                     np->op_type,
                     variadic                   ? "one or more"
                     : bounds                 ? "one, then optional bounds"
                     : node->input_count == 1 ? "exactly one"
                     : node->input_count == 2 ? "exactly two"
                     : node->input_count == 3 ? "exactly three"
                                              : "all its inputs");
            return node_error(L, n, DMLP_ERROR_FORMAT, why);
        }
        /* Mean of more than two: Adds, then a Divide by the count */
        int divide = variadic && np->n_input > 2 && (flags & DMLP_ONNX_DIVIDE_BY_COUNT);
        const dmlp__op_def *add = dmlp__op_find(DML_OPERATOR_ELEMENT_WISE_ADD);
        const dmlp__op_def *div = dmlp__op_find(DML_OPERATOR_ELEMENT_WISE_DIVIDE);
        if (divide && (!add || !div))
            return node_error(L, n, DMLP_ERROR_UNSUPPORTED, "has more than two inputs, and "
                              "dmlp has no Add and Divide to sum them and divide the sum");
        if (np->n_output != 1 || !np->output[0][0]) {
            snprintf(why, sizeof why, "has %zu outputs; %s gives exactly one, named",
                     np->n_output, np->op_type);
            return node_error(L, n, DMLP_ERROR_FORMAT, why);
        }
        dmlp_status st = dmlp__onnx_op_def(node->op)->output_type == DMLP__OUTPUT_LISTED
                             ? read_cast_attributes(L, n, node)
                         : flags & DMLP_ONNX_QUANTIZED ? read_quant_attributes(L, n, node)
                                                       : read_attributes(L, n, node);
        if (st == DMLP_OK && bounds)
            st = read_bound_inputs(L, n, node, np, bounds);
        if (st == DMLP_OK && (flags & DMLP_ONNX_LOWER_FIRST) && node->floats[0] > node->floats[1])
            node->floats[0] = node->floats[1]; /* ONNX gives the upper bound there */
        if (st != DMLP_OK)
            return st;
        int64_t found = lookup(L, np->output[0]);
        if (found >= 0) {
            const dmlp__onnx_value *v = &m->values[found];
            snprintf(why, sizeof why, "output \"%.60s\" is already defined by %s", np->output[0],
                     v->producer >= 0 ? "another node"
                     : v->is_input    ? "a graph input"
                                      : "an initializer");
            return node_error(L, n, DMLP_ERROR_FORMAT, why);
        }
        if (variadic && np->n_input == 1) { /* a copy */
            node->input_count = 1;
            node->run = dmlp__op_find(DML_OPERATOR_ELEMENT_WISE_IDENTITY);
            if (!node->run)
                return node_error(L, n, DMLP_ERROR_UNSUPPORTED, "has one input, and dmlp has "
                                  "no Identity to copy it");
        }
        uint32_t steps = variadic && np->n_input > 2 ? (uint32_t)np->n_input - 1 : 1;
        if (divide)
            node->run = add;
        for (uint32_t s = 1; s <= steps + (uint32_t)divide; s++) {
            dmlp__onnx_node *part = &m->nodes[made];
            if (s > 1) { /* the fold so far as A */
                *part = m->nodes[n];
                part->step = s;
                part->input = m->nodes[made - 1].output;
            }
            L->origin[made] = p;
            uint32_t index;
            char own[320];
            if (s > steps) { /* Mean's Divide: the sum by a constant holding the count */
                part->step = 0;
                part->count = (uint32_t)np->n_input;
                part->run = div;
                part->legacy = 0; /* the constant is a scalar, whatever the version */
                snprintf(own, sizeof own, "%.200s (%s's count of inputs, %u)", np->output[0],
                         np->op_type, part->count);
                st = add_own_value(L, own, &part->input_b);
                if (st != DMLP_OK)
                    return st;
            }
            if (s == steps + (uint32_t)divide) {
                st = add_value(L, np->output[0], &index);
            } else {
                if (divide)
                    snprintf(own, sizeof own, "%.200s (the sum of %s's inputs 1 to %u)",
                             np->output[0], np->op_type, s + 1);
                else
                    snprintf(own, sizeof own, "%.200s (%s of inputs 1 to %u)", np->output[0],
                             np->op_type, s + 1);
                st = add_own_value(L, own, &index);
            }
            if (st != DMLP_OK)
                return st;
            m->values[index].producer = (int32_t)made;
            part->output = index;
            made++;
        }
    }
    m->node_count = made;
    for (uint32_t n = 0; n < made; n++) {
        dmlp__onnx_node *node = &m->nodes[n];
        const DmlpOnnxPb__NodeProto *np = g->node[L->origin[n]];
        for (uint32_t i = 0; i < node->input_count; i++) {
            if ((i == 0 && node->step > 1) || node->count)
                continue; /* the fold so far; Mean's Divide (the sum and the count) */
            /* A is the first input; B the second, or a variadic part's x(step+1); the
               inputs of a node of three or more in order */
            const char *name = np->input[i == 0 ? 0 : node->step ? node->step : i];
            int64_t found = lookup(L, name);
            if (found < 0) {
                snprintf(why, sizeof why, "input \"%.60s\" is not defined by any graph input, "
                         "initializer or node output", name);
                return node_error(L, n, DMLP_ERROR_FORMAT, why);
            }
            node->inputs[i] = (uint32_t)found;
        }
        if (node->step || node->count)
            node->first = node->step == 1 ? node->input : m->nodes[n - 1].first;
    }
    return DMLP_OK;
}

/* A two-input node: B has A's type (checked against the version by A's), rank at most
   8, and the two shapes broadcast (onnx_ops.c); the output gets the broadcast shape,
   with a symbolic size's name where the size comes from it. No shape when an input has
   none. A variadic node's part is described by the node's own inputs: x1 for A's type
   (and shape before broadcasting), the inputs before B for the fold so far. */
static dmlp_status infer_two_inputs(loader *L, uint32_t n, const dmlp__onnx_node *node)
{
    dmlp_onnx_model *m = L->m;
    const dmlp__onnx_value *a = &m->values[node->input], *b = &m->values[node->input_b];
    const dmlp__onnx_value *x1 = &m->values[node->step ? node->first : node->input];
    dmlp__onnx_value *out = &m->values[node->output];
    char why[640];
    if (b->type != a->type && node->step) {
        snprintf(why, sizeof why, "input \"%.60s\" has type %s; %s-%d needs all inputs of one "
                 "type (input \"%.60s\" has %s)", b->name, dmlp_onnx_type_name(b->type),
                 dmlp__onnx_op_name(node->op), node->version, x1->name,
                 dmlp_onnx_type_name(x1->type));
        return node_error(L, n, DMLP_ERROR_UNSUPPORTED, why);
    }
    if (b->type != a->type) {
        snprintf(why, sizeof why, "input \"%.60s\" has type %s; %s-%d needs both inputs of one "
                 "type (input \"%.60s\" has %s)", b->name, dmlp_onnx_type_name(b->type),
                 dmlp__onnx_op_name(node->op), node->version, a->name,
                 dmlp_onnx_type_name(a->type));
        return node_error(L, n, DMLP_ERROR_UNSUPPORTED, why);
    }
    if (b->has_shape && b->rank > DMLP_ONNX_MAX_RANK) {
        snprintf(why, sizeof why, "input \"%.60s\" has rank %u; dmlp runs ranks 0 to %d",
                 b->name, b->rank, DMLP_ONNX_MAX_RANK);
        return node_error(L, n, DMLP_ERROR_UNSUPPORTED, why);
    }
    if (!a->has_shape || !b->has_shape)
        return DMLP_OK;
    uint32_t rank, offset[2];
    int64_t dims[DMLP_ONNX_MAX_RANK];
    char reason[300];
    if (dmlp__onnx_broadcast(node, a->rank, a->dims, b->rank, b->dims, &rank, dims, offset,
                             reason, sizeof reason) != 0) {
        if (node->step > 1 && !node->legacy) /* B against the broadcast of the inputs before */
            snprintf(why, sizeof why, "input \"%.60s\" and the broadcast of inputs \"%.60s\" to "
                     "\"%.60s\": %s", b->name, x1->name,
                     proto_of(L, n)->input[node->step - 1], reason);
        else /* before broadcasting, the fold so far has x1's shape */
            snprintf(why, sizeof why, "inputs \"%.60s\" and \"%.60s\": %s", x1->name, b->name,
                     reason);
        return node_error(L, n, DMLP_ERROR_FORMAT, why);
    }
    char *params[DMLP_ONNX_MAX_RANK];
    for (uint32_t d = 0; d < rank; d++) { /* the name of a size that is not known yet */
        params[d] = NULL;
        const dmlp__onnx_value *from[2] = {a, b};
        for (int k = 0; k < 2 && !params[d]; k++)
            if (d >= offset[k] && d - offset[k] < from[k]->rank &&
                from[k]->dims[d - offset[k]] == dims[d] && dims[d] < 0)
                params[d] = from[k]->dim_params[d - offset[k]];
    }
    return set_shape(out, rank, dims, params);
}

/* Mean's count (node->count) as a constant of the sum's type, rounded to nearest even
   where the type cannot hold it (float16 past 2048, bfloat16 past 256): ONNX's reference
   divides by the count converted to the type. The value is the loader's own. */
static dmlp_status make_count(loader *L, const dmlp__onnx_node *node, int32_t type)
{
    dmlp__onnx_value *v = &L->m->values[node->input_b];
    const dmlp__onnx_type_info *info = dmlp__onnx_type_get(type);
    if (v->has_init || !info || !info->size || info->size > 8)
        return DMLP_OK; /* made once; a type no row allows is refused by the caller */
    unsigned char bytes[8];
    double count = (double)node->count;
    float f = (float)count; /* rounded to nearest even past 2^24, as float holds it */
    uint16_t h = info->dml == DMLP_TENSOR_DATA_TYPE_BFLOAT16 ? dmlp__f32_to_bf16(f)
                                                              : dmlp__f32_to_f16(f);
    if (info->size == 8)
        memcpy(bytes, &count, 8);
    else if (info->size == 4)
        memcpy(bytes, &f, 4);
    else
        memcpy(bytes, &h, 2);
    void *data = malloc(info->size);
    char *name = strdup(v->name);
    if (!data || !name) {
        free(data);
        free(name);
        return dmlp__error(DMLP_ERROR_OUT_OF_MEMORY, "out of memory");
    }
    memcpy(data, bytes, info->size);
    v->type = type;
    v->init = (dmlp_onnx_tensor){name, type, 0, NULL, data, info->size};
    v->has_init = 1;
    return set_shape(v, 0, NULL, NULL);
}

/* A node of three or more inputs (Where): an input with types of its own in DirectML's
   table (the condition) is ONNX's bool when that type is UINT8; every other input has the
   main input's type (checked against the version by it); ranks at most 8; the shapes
   broadcast as numpy's (multidirectional), the output getting the broadcast shape with a
   symbolic size's name where the size comes from it. No shape when an input has none. */
static dmlp_status infer_n_inputs(loader *L, uint32_t n, const dmlp__onnx_node *node)
{
    dmlp_onnx_model *m = L->m;
    uint32_t main = dmlp__operator_main_input(node->op->type);
    const dmlp__onnx_value *x = &m->values[node->inputs[main]];
    dmlp__onnx_value *out = &m->values[node->output];
    char why[640];
    int shaped = 1;
    uint32_t ranks[DMLP__MAX_INPUTS];
    const int64_t *dims_in[DMLP__MAX_INPUTS];
    for (uint32_t k = 0; k < node->input_count; k++) {
        const dmlp__onnx_value *v = &m->values[node->inputs[k]];
        if (dmlp__operator_input_own_types(node->op->type, k)) {
            if (v->type != DMLP_ONNX_TYPE_BOOL) {
                snprintf(why, sizeof why, "input \"%.60s\" has type %s; %s-%d's input %u is "
                         "bool", v->name, dmlp_onnx_type_name(v->type),
                         dmlp__onnx_op_name(node->op), node->version, k + 1);
                return node_error(L, n, DMLP_ERROR_UNSUPPORTED, why);
            }
        } else if (v->type != x->type) {
            snprintf(why, sizeof why, "input \"%.60s\" has type %s; %s-%d needs inputs %u and "
                     "%u of one type (input \"%.60s\" has %s)", v->name,
                     dmlp_onnx_type_name(v->type), dmlp__onnx_op_name(node->op), node->version,
                     main + 1, k + 1, x->name, dmlp_onnx_type_name(x->type));
            return node_error(L, n, DMLP_ERROR_UNSUPPORTED, why);
        }
        if (v->has_shape && v->rank > DMLP_ONNX_MAX_RANK) {
            snprintf(why, sizeof why, "input \"%.60s\" has rank %u; dmlp runs ranks 0 to %d",
                     v->name, v->rank, DMLP_ONNX_MAX_RANK);
            return node_error(L, n, DMLP_ERROR_UNSUPPORTED, why);
        }
        shaped = shaped && v->has_shape;
        ranks[k] = v->rank;
        dims_in[k] = v->dims;
    }
    if (!shaped)
        return DMLP_OK;
    uint32_t rank, offset[DMLP__MAX_INPUTS];
    int64_t dims[DMLP_ONNX_MAX_RANK];
    char reason[300];
    if (dmlp__onnx_broadcast_n(node->input_count, ranks, dims_in, &rank, dims, offset, reason,
                               sizeof reason) != 0) {
        snprintf(why, sizeof why, "inputs \"%.60s\" ... \"%.60s\": %s",
                 m->values[node->inputs[0]].name,
                 m->values[node->inputs[node->input_count - 1]].name, reason);
        return node_error(L, n, DMLP_ERROR_FORMAT, why);
    }
    char *params[DMLP_ONNX_MAX_RANK];
    for (uint32_t d = 0; d < rank; d++) { /* the name of a size that is not known yet */
        params[d] = NULL;
        for (uint32_t k = 0; k < node->input_count && !params[d]; k++) {
            const dmlp__onnx_value *v = &m->values[node->inputs[k]];
            if (d >= offset[k] && d - offset[k] < v->rank && v->dims[d - offset[k]] == dims[d] &&
                dims[d] < 0)
                params[d] = v->dim_params[d - offset[k]];
        }
    }
    return set_shape(out, rank, dims, params);
}

/* The producer of a node's input i (0: A or the only input, 1: B ...), or -1. */
static int32_t producer_of(const dmlp_onnx_model *m, uint32_t n, uint32_t i)
{
    const dmlp__onnx_node *node = &m->nodes[n];
    if (i >= node->input_count)
        return -1;
    return m->values[node->inputs[i]].producer;
}

/* Orders the nodes so that each comes after the nodes producing its inputs: a depth-first
   walk from each node through its producers (each node's next input to visit kept on
   the stack), placing a node when all its producers are placed. A walk that meets a
   node still on it is a cycle. */
static dmlp_status order_nodes(loader *L)
{
    dmlp_onnx_model *m = L->m;
    uint32_t count = m->node_count;
    uint8_t *state = calloc(count ? count : 1, 1); /* 0 new, 1 on the walk, 2 placed */
    uint32_t *stack = malloc((count ? count : 1) * sizeof *stack);
    uint8_t *next = calloc(count ? count : 1, 1); /* the next input to visit, per node */
    uint32_t *order = malloc((count ? count : 1) * sizeof *order);
    dmlp__onnx_node *sorted = malloc((count ? count : 1) * sizeof *sorted);
    dmlp_status st = DMLP_OK;
    if (!state || !stack || !next || !order || !sorted)
        st = dmlp__error(DMLP_ERROR_OUT_OF_MEMORY, "out of memory");
    uint32_t placed = 0;
    for (uint32_t start = 0; st == DMLP_OK && start < count; start++) {
        if (state[start])
            continue;
        uint32_t depth = 0;
        state[start] = 1;
        stack[depth++] = start;
        while (depth && st == DMLP_OK) {
            uint32_t k = stack[depth - 1];
            if (next[k] < m->nodes[k].input_count) {
                uint32_t i = next[k]++;
                int32_t p = producer_of(m, k, i);
                if (p < 0 || state[p] == 2)
                    continue;
                if (state[p] == 1) {
                    char why[160];
                    uint32_t v = m->nodes[k].inputs[i];
                    snprintf(why, sizeof why, "is part of a cycle: its input \"%.60s\" depends "
                             "on its own output", m->values[v].name);
                    st = node_error(L, k, DMLP_ERROR_FORMAT, why);
                    break;
                }
                state[p] = 1;
                stack[depth++] = (uint32_t)p;
                continue;
            }
            state[k] = 2;
            order[placed++] = k;
            depth--;
        }
    }
    free(next);
    if (st == DMLP_OK) {
        for (uint32_t i = 0; i < count; i++)
            sorted[i] = m->nodes[order[i]];
        /* Producers are node indices in messages; keep them as original indices. */
        memcpy(m->nodes, sorted, count * sizeof *sorted);
        for (uint32_t i = 0; i < count; i++)
            stack[i] = order[i];
    }
    if (st == DMLP_OK) {
        /* Type and shape inference in the new order, with original indices in messages. */
        for (uint32_t i = 0; i < count && st == DMLP_OK; i++) {
            dmlp__onnx_node *node = &m->nodes[i];
            /* the main input (Where's X) decides the types; a node of three or more
               inputs is checked whole by infer_n_inputs */
            dmlp__onnx_value *in =
                &m->values[node->inputs[dmlp__operator_main_input(node->op->type)]];
            dmlp__onnx_value *out = &m->values[node->output];
            char why[400];
            if (!dmlp__onnx_op_allows(node->op, node->version, in->type)) {
                /* " with fmod = 0": the row the node's attribute chose, and the other
                   value's row when it allows the type */
                char condition[96], other[160];
                snprintf(why, sizeof why, "input \"%.60s\" has type %s; %s-%d%s allows %s%s",
                         in->name, dmlp_onnx_type_name(in->type), dmlp__onnx_op_name(node->op),
                         node->version,
                         dmlp__onnx_op_condition_text(node->op, condition, sizeof condition),
                         dmlp__onnx_op_allowed_text(node->op, node->version),
                         dmlp__onnx_op_alternative(node->op, node->version, in->type, other,
                                                   sizeof other));
                st = node_error(L, stack[i], DMLP_ERROR_UNSUPPORTED, why);
                break;
            }
            if (in->has_shape && in->rank > DMLP_ONNX_MAX_RANK) {
                snprintf(why, sizeof why, "input \"%.60s\" has rank %u; dmlp runs ranks 0 to %d",
                         in->name, in->rank, DMLP_ONNX_MAX_RANK);
                st = node_error(L, stack[i], DMLP_ERROR_UNSUPPORTED, why);
                break;
            }
            /* an integer bound bounds an input of its own type only (ONNX's T), and an
               integer input takes bounds of its type: ELEMENT_WISE_CLIP1 holds them */
            for (int k = 0; k < 2; k++) {
                if (!node->bound_given[k] || node->bound_types[k] == in->type ||
                    (!is_integer_type(in->type) && !is_integer_type(node->bound_types[k])))
                    continue;
                const DmlpOnnxPb__NodeProto *np = proto_of(L, stack[i]);
                snprintf(why, sizeof why, "input \"%.60s\" (%s) has type %s; %s-%d takes its "
                         "bounds in the input's type (%s)", np->input[1 + k],
                         k ? "max" : "min", dmlp_onnx_type_name(node->bound_types[k]),
                         dmlp__onnx_op_name(node->op), node->version,
                         dmlp_onnx_type_name(in->type));
                st = node_error(L, stack[i], DMLP_ERROR_UNSUPPORTED, why);
                break;
            }
            if (st != DMLP_OK)
                break;
            uint32_t axis_count, axes[DMLP__MAX_AXES];
            if (dmlp__onnx_op_axes(node->op) && in->has_shape &&
                dmlp__onnx_row_axes(node, in->rank, in->dims, in->name, &axis_count, axes,
                                    why, sizeof why) != 0) {
                st = node_error(L, stack[i], DMLP_ERROR_FORMAT, why);
                break;
            }
            out->type = node->to ? node->to
                                 : dmlp__onnx_op_output_type(node->op, node->version, in->type);
            if (dmlp__onnx_op_attributes(node->op, node->version) & DMLP_ONNX_QUANTIZED) {
                st = infer_quantized(L, stack[i], node);
                continue;
            }
            if (node->count)
                st = make_count(L, node, in->type);
            if (st == DMLP_OK && node->input_count == 2) {
                st = infer_two_inputs(L, stack[i], node);
                continue;
            }
            if (node->input_count > 2) {
                st = infer_n_inputs(L, stack[i], node);
                continue;
            }
            if (in->has_shape)
                st = set_shape(out, in->rank, in->dims, in->dim_params);
        }
    }
    free(state);
    free(stack);
    free(order);
    free(sorted);
    return st;
}


/* A value of the loader's own, "<output> (<what>)", of the type. */
static dmlp_status own_value(loader *L, const dmlp__onnx_node *whole, const char *what,
                             int32_t type, uint32_t *index)
{
    char name[320];
    snprintf(name, sizeof name, "%.200s (%s)", L->m->values[whole->output].name, what);
    dmlp_status st = add_own_value(L, name, index);
    if (st == DMLP_OK)
        L->m->values[*index].type = type;
    return st;
}

/* A constant of one element holding 1 in type (float or float16): the scale of a part
   that quantizes a quotient already divided. */
static dmlp_status own_one(loader *L, const dmlp__onnx_node *whole, int32_t type,
                           uint32_t *index)
{
    dmlp_status st = own_value(L, whole, "a scale of 1", type, index);
    if (st != DMLP_OK)
        return st;
    dmlp__onnx_value *v = &L->m->values[*index];
    float one = 1.0f;
    uint16_t half = 0x3c00;
    size_t size = type == DMLP_ONNX_TYPE_FLOAT ? 4 : 2;
    void *data = malloc(size);
    char *name = strdup(v->name);
    if (!data || !name) {
        free(data);
        free(name);
        return dmlp__error(DMLP_ERROR_OUT_OF_MEMORY, "out of memory");
    }
    memcpy(data, size == 4 ? (const void *)&one : (const void *)&half, size);
    v->init = (dmlp_onnx_tensor){name, type, 0, NULL, data, size};
    v->has_init = 1;
    return set_shape(v, 0, NULL, NULL);
}

/* Appends a part of whole: run by the operator `type`, inputs a, b, c (UINT32_MAX: none),
   producing output. */
static dmlp__onnx_node *add_part(dmlp__onnx_node *nodes, uint32_t *made,
                                 const dmlp__onnx_node *whole, DML_OPERATOR_TYPE type,
                                 uint32_t a, uint32_t b, uint32_t c, int quant_b, uint32_t output)
{
    dmlp__onnx_node *p = &nodes[(*made)++];
    *p = *whole;
    p->run = dmlp__op_find(type);
    p->inputs[0] = a;
    p->inputs[1] = b;
    p->inputs[2] = c;
    p->input_count = c != UINT32_MAX ? 3 : b != UINT32_MAX ? 2 : 1;
    p->quant_b = (unsigned char)quant_b;
    p->quant_check = 0;
    p->lower = LOWER_NONE;
    p->flags = 0;
    p->output = output;
    return p;
}

/* Every quantized node whose types no one operator runs as ONNX specifies becomes its
   parts, in its place in the run order (docs/onnx.md, QuantizeLinear and
   DequantizeLinear): their values and the constant 1 are the loader's own. */
static dmlp_status lower_quantized(loader *L)
{
    dmlp_onnx_model *m = L->m;
    uint32_t lowered = 0;
    for (uint32_t i = 0; i < m->node_count; i++)
        lowered += m->nodes[i].lower != LOWER_NONE;
    if (!lowered)
        return DMLP_OK;
    uint32_t cap = m->node_count + lowered * QUANT_PARTS_MAX;
    dmlp__onnx_node *nodes = calloc(cap, sizeof *nodes);
    if (!nodes)
        return dmlp__error(DMLP_ERROR_OUT_OF_MEMORY, "out of memory");
    uint32_t made = 0, none = UINT32_MAX;
    dmlp_status st = DMLP_OK;
    for (uint32_t i = 0; i < m->node_count && st == DMLP_OK; i++) {
        const dmlp__onnx_node *w = &m->nodes[i];
        if (w->lower == LOWER_NONE) {
            nodes[made++] = *w;
            continue;
        }
        uint32_t first = made, x = w->inputs[0], scale = w->inputs[1];
        uint32_t zero = w->input_count > 2 ? w->inputs[2] : none;
        int32_t x_type = m->values[x].type;
        uint32_t q = 0, z = 0, s = 0, one = 0;
        if (w->lower == LOWER_QUANTIZE_FLOAT8 || w->lower == LOWER_QUANTIZE_HALF) {
            /* x / scale in x's type */
            const int half = w->lower == LOWER_QUANTIZE_HALF;
            st = own_value(L, w, "x / scale", x_type, &q);
            if (st == DMLP_OK)
                add_part(nodes, &made, w, DML_OPERATOR_ELEMENT_WISE_DIVIDE, x, scale, none, 1,
                         q);
            if (st == DMLP_OK && !half && zero != none) { /* + the zero point widened */
                st = own_value(L, w, "the zero point widened", x_type, &z);
                if (st == DMLP_OK)
                    st = own_value(L, w, "x / scale + zero point", x_type, &s);
                if (st == DMLP_OK) {
                    add_part(nodes, &made, w, DML_OPERATOR_CAST, zero, none, none, 0, z);
                    add_part(nodes, &made, w, DML_OPERATOR_ELEMENT_WISE_ADD, q, z, none, 1, s);
                    q = s;
                }
            }
            if (st == DMLP_OK && !half) { /* to float8, saturating or not */
                dmlp__onnx_node *p = add_part(nodes, &made, w, DML_OPERATOR_CAST, q, none,
                                              none, 0, w->output);
                p->flags = w->no_saturate ? DMLP_EXECUTION_FLAG_CAST_NO_SATURATE : 0;
            }
            if (st == DMLP_OK && half && x_type == DMLP_ONNX_TYPE_BFLOAT16) {
                /* dmlp quantizes float and float16: bfloat16 widened exactly */
                st = own_value(L, w, "x / scale as float", DMLP_ONNX_TYPE_FLOAT, &s);
                if (st == DMLP_OK)
                    add_part(nodes, &made, w, DML_OPERATOR_CAST, q, none, none, 0, s);
                q = s;
            }
            if (st == DMLP_OK && half) /* rounded, the zero point added, saturated */
                st = own_one(L, w, m->values[q].type, &one);
            if (st == DMLP_OK && half)
                add_part(nodes, &made, w, DML_OPERATOR_ELEMENT_WISE_QUANTIZE_LINEAR, q, one,
                         zero, 1, w->output);
        } else { /* LOWER_DEQUANTIZE_FLOAT8 */
            int32_t f = DMLP_ONNX_TYPE_FLOAT;
            int32_t scale_type = m->values[scale].type;
            st = own_value(L, w, "x as float", f, &q);
            if (st == DMLP_OK)
                add_part(nodes, &made, w, DML_OPERATOR_CAST, x, none, none, 0, q);
            if (st == DMLP_OK && zero != none) { /* - the zero point widened */
                st = own_value(L, w, "the zero point as float", f, &z);
                if (st == DMLP_OK)
                    st = own_value(L, w, "x - zero point", f, &s);
                if (st == DMLP_OK) {
                    add_part(nodes, &made, w, DML_OPERATOR_CAST, zero, none, none, 0, z);
                    add_part(nodes, &made, w, DML_OPERATOR_ELEMENT_WISE_SUBTRACT, q, z, none,
                             1, s);
                    q = s;
                }
            }
            if (st == DMLP_OK && scale_type == f) {
                add_part(nodes, &made, w, DML_OPERATOR_ELEMENT_WISE_MULTIPLY, q, scale, none,
                         1, w->output);
            } else if (st == DMLP_OK) { /* a float16 or bfloat16 scale: the product in float */
                uint32_t s32 = 0, p32 = 0;
                st = own_value(L, w, "the scale as float", f, &s32);
                if (st == DMLP_OK)
                    st = own_value(L, w, "(x - zero point) * scale in float", f, &p32);
                if (st == DMLP_OK) {
                    add_part(nodes, &made, w, DML_OPERATOR_CAST, scale, none, none, 0, s32);
                    add_part(nodes, &made, w, DML_OPERATOR_ELEMENT_WISE_MULTIPLY, q, s32, none,
                             1, p32);
                    add_part(nodes, &made, w, DML_OPERATOR_CAST, p32, none, none, 0,
                             w->output);
                }
            }
        }
        if (st != DMLP_OK)
            break;
        nodes[first].quant_check = 1;
        nodes[first].quant_values[0] = x;
        nodes[first].quant_values[1] = scale;
        nodes[first].quant_values[2] = zero;
        for (uint32_t k = first; k < made; k++) {
            if (!nodes[k].run) {
                st = dmlp__error(DMLP_ERROR_UNSUPPORTED, "%s-%d node producing \"%.60s\": "
                                 "dmlp lacks an operator its parts need",
                                 dmlp__onnx_op_name(w->op), w->version,
                                 m->values[w->output].name);
                break;
            }
            m->values[nodes[k].output].producer = (int32_t)k;
        }
    }
    if (st != DMLP_OK) {
        free(nodes);
        return st;
    }
    free(m->nodes);
    m->nodes = nodes;
    m->node_count = made;
    return DMLP_OK;
}

static dmlp_status load_outputs(loader *L, const DmlpOnnxPb__GraphProto *g)
{
    dmlp_onnx_model *m = L->m;
    m->outputs = malloc((g->n_output ? g->n_output : 1) * sizeof *m->outputs);
    if (!m->outputs)
        return dmlp__error(DMLP_ERROR_OUT_OF_MEMORY, "out of memory");
    for (size_t i = 0; i < g->n_output; i++) {
        const DmlpOnnxPb__ValueInfoProto *vi = g->output[i];
        const char *name = str(vi->name);
        int64_t found = lookup(L, name);
        if (!name[0] || found < 0)
            return dmlp__error(DMLP_ERROR_FORMAT,
                               "graph output \"%s\" is not produced by any node, graph input "
                               "or initializer", name);
        for (uint32_t k = 0; k < m->output_count; k++)
            if (m->outputs[k] == (uint32_t)found)
                return dmlp__error(DMLP_ERROR_FORMAT, "graph output \"%s\" is listed twice",
                                   name);
        int32_t type;
        const DmlpOnnxPb__TensorShapeProto *shape;
        dmlp_status st = read_type(vi, "graph output", &type, &shape);
        if (st != DMLP_OK)
            return st;
        dmlp__onnx_value *v = &m->values[found];
        if (type && type != v->type)
            return dmlp__error(DMLP_ERROR_FORMAT,
                               "graph output \"%s\" is declared %s but is %s", name,
                               dmlp_onnx_type_name(type), dmlp_onnx_type_name(v->type));
        if (shape && v->has_shape && shape->n_dim != v->rank)
            return dmlp__error(DMLP_ERROR_FORMAT,
                               "graph output \"%s\" is declared with rank %zu but has rank %u",
                               name, shape->n_dim, v->rank);
        if (shape && !v->has_shape) {
            st = read_shape(v, shape, "graph output");
            if (st != DMLP_OK)
                return st;
        }
        m->outputs[m->output_count++] = (uint32_t)found;
    }
    return DMLP_OK;
}

static dmlp_status load_graph(loader *L, const DmlpOnnxPb__ModelProto *mp,
                              const dmlp_onnx_options *options)
{
    dmlp_onnx_model *m = L->m;
    dmlp_status st = resolve_opset(mp, &m->opset);
    if (st != DMLP_OK)
        return st;
    const DmlpOnnxPb__GraphProto *g = mp->graph;
    if (!g)
        return dmlp__error(DMLP_ERROR_FORMAT, "the model has no graph");
    if (g->n_sparse_initializer)
        return dmlp__error(DMLP_ERROR_UNSUPPORTED,
                           "the graph has sparse initializers; dmlp reads dense tensors only");
    /* the nodes and values a fold of more than two inputs adds (Mean's: its Divide and
       the count too) */
    uint64_t extra = 0;
    for (size_t i = 0; i < g->n_node; i++) {
        if (g->node[i]->n_input > 2)
            extra += g->node[i]->n_input;
        /* a quantized node lowered to parts (lower_quantized): at most 6, a constant */
        const char *type = str(g->node[i]->op_type);
        if (strcmp(type, "QuantizeLinear") == 0 || strcmp(type, "DequantizeLinear") == 0)
            extra += QUANT_PARTS_MAX;
    }
    if (g->n_node > UINT32_MAX / 4 || g->n_initializer > UINT32_MAX / 4 ||
        g->n_input > UINT32_MAX / 4 || extra > UINT32_MAX / 4)
        return dmlp__error(DMLP_ERROR_UNSUPPORTED, "the graph is too large");
    L->extra = (uint32_t)extra;
    L->value_cap = (uint32_t)(g->n_node + g->n_initializer + g->n_input + extra);
    uint32_t table_size = 16;
    while (table_size < 2 * L->value_cap)
        table_size *= 2;
    L->table = calloc(table_size, sizeof *L->table);
    L->table_mask = table_size - 1;
    m->values = calloc(L->value_cap ? L->value_cap : 1, sizeof *m->values);
    m->nodes = calloc(g->n_node + extra ? g->n_node + extra : 1, sizeof *m->nodes);
    if (!L->table || !m->values || !m->nodes)
        return dmlp__error(DMLP_ERROR_OUT_OF_MEMORY, "out of memory");
    m->node_count = (uint32_t)g->n_node;
    L->protos = (const DmlpOnnxPb__NodeProto *const *)g->node;

    L->kept = calloc(g->n_node ? g->n_node : 1, sizeof *L->kept);
    L->numbers = calloc(g->n_node ? g->n_node : 1, sizeof *L->numbers);
    if (!L->kept || !L->numbers)
        return dmlp__error(DMLP_ERROR_OUT_OF_MEMORY, "out of memory");
    /* the nodes that run: the graph's without its Constant nodes */
    DmlpOnnxPb__GraphProto running = *g;
    size_t kept = 0;
    if ((st = load_initializers(L, g)) != DMLP_OK || (st = load_inputs(L, g)) != DMLP_OK ||
        (st = load_constants(L, g, &kept)) != DMLP_OK)
        return st;
    running.node = (DmlpOnnxPb__NodeProto **)L->kept;
    running.n_node = kept;
    m->node_count = (uint32_t)kept;
    if ((st = load_nodes(L, &running)) != DMLP_OK || (st = order_nodes(L)) != DMLP_OK ||
        (st = lower_quantized(L)) != DMLP_OK || (st = load_outputs(L, g)) != DMLP_OK)
        return st;
    if (m->output_count == 0)
        return dmlp__error(DMLP_ERROR_FORMAT, "the graph has no outputs");

    dmlp_device_desc desc = {DMLP__FEATURE_LEVEL_HIGHEST, options ? options->thread_count : 0,
                             DMLP_DEVICE_FLAG_EXTENSIONS};
    return dmlp_device_create(&desc, &m->device);
}

void dmlp_onnx_model_free(dmlp_onnx_model *m)
{
    if (!m)
        return;
    for (uint32_t i = 0; i < m->value_count; i++) {
        dmlp__onnx_value *v = &m->values[i];
        free(v->name);
        free(v->dims);
        if (v->dim_params)
            for (uint32_t d = 0; d < v->rank; d++)
                free(v->dim_params[d]);
        free(v->dim_params);
        dmlp_onnx_tensor_clear(&v->init);
    }
    free(m->values);
    free(m->nodes);
    free(m->inputs);
    free(m->outputs);
    dmlp__onnx_compiled_free(m->compiled);
    dmlp_device_destroy(m->device);
    free(m);
}

static dmlp_status load(const void *bytes, size_t size, const char *where,
                        const dmlp_onnx_options *options, dmlp_onnx_model **model)
{
    if (size == 0) {
        dmlp__error(DMLP_ERROR_FORMAT, "empty file (0 bytes), not an ONNX model");
        dmlp__error_prefix(where);
        return DMLP_ERROR_FORMAT;
    }
    dmlp__onnx_alloc alloc;
    dmlp__onnx_alloc_init(&alloc);
    DmlpOnnxPb__ModelProto *mp =
        dmlp_onnx_pb__model_proto__unpack(&alloc.base, size, (const uint8_t *)bytes);
    if (!mp) {
        dmlp_status failed = dmlp__onnx_unpack_failed(&alloc, "not an ONNX model");
        dmlp__error_prefix(where);
        return failed;
    }
    loader L;
    memset(&L, 0, sizeof L);
    uint64_t unpacked = alloc.used;
    L.memory_used = unpacked;
    L.m = calloc(1, sizeof *L.m);
    dmlp_status st = L.m ? load_graph(&L, mp, options)
                         : dmlp__error(DMLP_ERROR_OUT_OF_MEMORY, "out of memory");
    free(L.table);
    free(L.kept);
    free(L.numbers);
    free(L.origin);
    dmlp_onnx_pb__model_proto__free_unpacked(mp, &alloc.base);
    if (st != DMLP_OK) {
        dmlp_onnx_model_free(L.m);
        dmlp__error_prefix(where);
        return st;
    }
    L.m->memory_used = L.memory_used - unpacked; /* the unpacked protobuf is freed */
    *model = L.m;
    return DMLP_OK;
}

dmlp_status dmlp_onnx_model_load_memory(const void *bytes, size_t size,
                                        const dmlp_onnx_options *options,
                                        dmlp_onnx_model **model)
{
    if (!model || (!bytes && size))
        return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                           "dmlp_onnx_model_load_memory: model is NULL, or bytes is NULL");
    return load(bytes, size, "<memory>", options, model);
}

dmlp_status dmlp_onnx_model_load_file(const char *path, const dmlp_onnx_options *options,
                                      dmlp_onnx_model **model)
{
    if (!path || !model)
        return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                           "dmlp_onnx_model_load_file: path or model is NULL");
    uint8_t *bytes;
    size_t size;
    dmlp_status st = dmlp__onnx_read_file(path, &bytes, &size);
    if (st != DMLP_OK)
        return st;
    st = load(bytes, size, path, options, model);
    free(bytes);
    return st;
}

int64_t dmlp_onnx_model_opset(const dmlp_onnx_model *model)
{
    return model ? model->opset : 0;
}

uint32_t dmlp_onnx_model_input_count(const dmlp_onnx_model *model)
{
    return model ? model->input_count : 0;
}

uint32_t dmlp_onnx_model_output_count(const dmlp_onnx_model *model)
{
    return model ? model->output_count : 0;
}

static void describe(const dmlp__onnx_value *v, dmlp_onnx_value_info *info)
{
    info->name = v->name;
    info->type = v->type;
    info->has_shape = v->has_shape;
    info->rank = v->has_shape ? v->rank : 0;
    info->dims = v->dims;
    info->dim_params = (const char *const *)v->dim_params;
    info->has_default = v->is_input && v->has_init;
}

dmlp_status dmlp_onnx_model_input(const dmlp_onnx_model *model, uint32_t index,
                                  dmlp_onnx_value_info *info)
{
    if (!model || !info || index >= model->input_count)
        return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                           "dmlp_onnx_model_input: index %u is out of range (the model has "
                           "%u inputs)", index, model ? model->input_count : 0);
    describe(&model->values[model->inputs[index]], info);
    return DMLP_OK;
}

dmlp_status dmlp_onnx_model_output(const dmlp_onnx_model *model, uint32_t index,
                                   dmlp_onnx_value_info *info)
{
    if (!model || !info || index >= model->output_count)
        return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                           "dmlp_onnx_model_output: index %u is out of range (the model has "
                           "%u outputs)", index, model ? model->output_count : 0);
    describe(&model->values[model->outputs[index]], info);
    return DMLP_OK;
}
