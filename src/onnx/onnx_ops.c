/* What ONNX says of the operators of the registry that it has: their versions, the input
   types each version allows, the output type and the execution flags that give ONNX's
   results. */
#include <stdio.h>
#include <string.h>

#include "onnx_internal.h"

typedef struct version_row {
    DML_OPERATOR_TYPE op;
    const char *also;         /* a second ONNX operator's name (DMLP_ONNX_ALSO); NULL */
    int since;
    const char *text;         /* the input types it allows, as ONNX names them */
    int32_t output_type;      /* 0: the input's type */
    uint32_t execution_flags; /* ONNX's semantics on top of DirectML's */
    uint32_t attributes;      /* DMLP_ONNX_CONSUMED_INPUTS */
} version_row;

/* Per operator, newest version first, from the operator files (src/ops/). */
static const version_row rows[] = {
#define DMLP_ONNX(since, types, output, flags, attributes)                                  \
    {OP, NULL, since, types, output, flags, attributes},
#define DMLP_ONNX_ALSO(name, since, types, output, flags, attributes)                       \
    {OP, name, since, types, output, flags, attributes},
#include "ops/ops.inc"
};

/* The ONNX operators: each registry row under its ONNX name, in table order, then the
   second names (one entry per version row; the first of a name is the one used). */
static const dmlp__onnx_operator operators[] = {
#define DMLP_OP(NAME, cli, python, onnx, output, place, help, ...) {OP, onnx, 0},
#include "ops/ops.inc"
#define DMLP_ONNX_ALSO(name, since, types, output, flags, attributes) {OP, name, 1},
#include "ops/ops.inc"
};

const dmlp__op_def *dmlp__onnx_op_def(dmlp__onnx_op op)
{
    return op ? dmlp__op_find(op->type) : NULL;
}

/* Whether a version row is one of the operator's (its own name's or its second's). */
static int row_of(const version_row *row, dmlp__onnx_op op)
{
    return op && row->op == op->type &&
           (op->also ? row->also && strcmp(row->also, op->name) == 0 : !row->also);
}

/* The operators whose ONNX rows apply only to a node whose attribute has a value (their
   DMLP_ONNX_WHEN rows): several registry rows then share one ONNX name. */
#define DMLP_ONNX_ATTRIBUTE_INT 2    /* AttributeProto.AttributeType INT */
#define DMLP_ONNX_ATTRIBUTE_STRING 3 /* STRING */
typedef struct condition_row {
    DML_OPERATOR_TYPE op;
    const char *attribute;
    int kind;              /* DMLP_ONNX_ATTRIBUTE_INT or _STRING */
    const char *value;     /* as text: "1", "LEFT" */
    const char *otherwise; /* the value of an absent attribute; NULL: it is required */
} condition_row;

static const condition_row conditions[] = {
#define DMLP_ONNX_WHEN(attribute, kind, value, otherwise)                                  \
    {OP, attribute, DMLP_ONNX_ATTRIBUTE_##kind, value, otherwise},
#include "ops/ops.inc"
    {DML_OPERATOR_INVALID, NULL, 0, NULL, NULL} /* none may be listed */
};

static const condition_row *condition_of(DML_OPERATOR_TYPE op)
{
    for (size_t i = 0; conditions[i].attribute; i++)
        if (conditions[i].op == op)
            return &conditions[i];
    return NULL;
}

/* A node attribute chooses between rows of the rows' own ONNX name, not a second one. */
static const condition_row *condition_of_op(dmlp__onnx_op op)
{
    return op && !op->also ? condition_of(op->type) : NULL;
}

const char *dmlp__onnx_op_condition(dmlp__onnx_op op)
{
    const condition_row *c = condition_of_op(op);
    return c ? c->attribute : NULL;
}

const char *dmlp__onnx_op_condition_text(dmlp__onnx_op op, char *buf, size_t size)
{
    const condition_row *c = condition_of_op(op);
    if (size)
        buf[0] = '\0';
    if (c)
        snprintf(buf, size, c->kind == DMLP_ONNX_ATTRIBUTE_STRING ? " with %s = \"%s\""
                                                                  : " with %s = %s",
                 c->attribute, c->value);
    return buf;
}

/* The node's value of the attribute as text (its value, or the row's otherwise when the
   node has none; NULL when it has none and one is required). 0, or -1 with why set when
   the attribute has another kind or is given twice. */
static int attribute_text(const condition_row *c, const DmlpOnnxPb__NodeProto *np,
                          const char **text, char *buf, size_t size, char *why, size_t why_size)
{
    const DmlpOnnxPb__AttributeProto *found = NULL;
    for (size_t i = 0; np && i < np->n_attribute; i++) {
        const DmlpOnnxPb__AttributeProto *a = np->attribute[i];
        if (!a->name || strcmp(a->name, c->attribute) != 0)
            continue;
        if (found) {
            snprintf(why, why_size, "attribute \"%s\" is given twice", c->attribute);
            return -1;
        }
        found = a;
    }
    *text = c->otherwise;
    if (!found)
        return 0;
    int is_int = c->kind == DMLP_ONNX_ATTRIBUTE_INT;
    if ((found->has_type && found->type != c->kind) || (is_int ? !found->has_i : !found->has_s)) {
        snprintf(why, why_size, "attribute \"%s\" must be %s", c->attribute,
                 is_int ? "an INT" : "a STRING");
        return -1;
    }
    if (is_int)
        snprintf(buf, size, "%lld", (long long)found->i);
    else
        snprintf(buf, size, "%.*s", found->s.len > 64 ? 64 : (int)found->s.len,
                 (const char *)found->s.data);
    *text = buf;
    return 0;
}

/* The attributes that give FLOAT members, per operator in member order. */
typedef struct float_row {
    DML_OPERATOR_TYPE op;
    const char *attribute;
    const char *member;
    float value;
} float_row;

static const float_row float_rows[] = {
#define DMLP_ONNX_FLOAT(attribute, member, value) {OP, attribute, #member, (float)(value)},
#include "ops/ops.inc"
    {DML_OPERATOR_INVALID, NULL, NULL, 0.0f} /* no operator's: the table is never empty */
};

uint32_t dmlp__onnx_op_float_count(dmlp__onnx_op op)
{
    uint32_t count = 0;
    for (size_t i = 0; op && i < sizeof float_rows / sizeof float_rows[0]; i++)
        count += float_rows[i].op == op->type && !op->also; /* the row's own name's */
    return count;
}

const dmlp__onnx_float *dmlp__onnx_op_float(dmlp__onnx_op op, uint32_t index)
{
    static _Thread_local dmlp__onnx_float result;
    for (size_t i = 0; op && i < sizeof float_rows / sizeof float_rows[0]; i++) {
        if (float_rows[i].op != op->type || op->also || index-- != 0)
            continue;
        uint32_t member = 0;
        for (; member < DMLP__MAX_FLOATS; member++) {
            const dmlp__field *f = dmlp__op_float(dmlp__onnx_op_def(op), member);
            if (!f || strcmp(f->name, float_rows[i].member) == 0)
                break;
        }
        result = (dmlp__onnx_float){float_rows[i].attribute, member, float_rows[i].value};
        return &result;
    }
    return NULL;
}

static const version_row *find(dmlp__onnx_op op, int version)
{
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        if (row_of(&rows[i], op) && rows[i].since == version)
            return &rows[i];
    return NULL;
}

const char *dmlp__onnx_op_alternative(dmlp__onnx_op op, int version, int32_t type, char *buf,
                                      size_t size)
{
    const condition_row *c = condition_of_op(op);
    if (size)
        buf[0] = '\0';
    for (size_t k = 0; c && k < sizeof operators / sizeof operators[0]; k++) {
        const dmlp__onnx_operator *other = &operators[k];
        const condition_row *oc = condition_of_op(other);
        if (other == op || !oc || !other->name || strcmp(other->name, op->name) ||
            !find(other, version) || !dmlp__onnx_op_allows(other, version, type))
            continue;
        const dmlp__onnx_type_info *info = dmlp__onnx_type_get(type);
        char condition[96];
        snprintf(buf, size, " (%s-%d%s allows %s)", op->name, version,
                 dmlp__onnx_op_condition_text(other, condition, sizeof condition),
                 info ? info->name : "it");
        break;
    }
    return buf;
}

int dmlp__onnx_op_resolve(const char *op_type, int64_t opset, const DmlpOnnxPb__NodeProto *np,
                          dmlp__onnx_op *op, int *version, char *why, size_t why_size)
{
    int known = 0, conditional = 0;
    char values[160] = "", text[80];
    size_t used = 0;
    const char *attribute = NULL, *value = NULL, *otherwise = NULL;
    for (size_t k = 0; op_type && k < sizeof operators / sizeof operators[0]; k++) {
        const dmlp__onnx_operator *def = &operators[k];
        if (!def->name || strcmp(def->name, op_type) != 0)
            continue;
        const condition_row *c = condition_of_op(def);
        if (c) { /* this row is the operator when the node's attribute has c's value */
            if (!conditional) {
                if (attribute_text(c, np, &value, text, sizeof text, why, why_size) != 0)
                    return -3;
                attribute = c->attribute;
                otherwise = c->otherwise;
            }
            if (used < sizeof values) {
                int n = snprintf(values + used, sizeof values - used, "%s%s",
                                 conditional ? " or " : "", c->value);
                used += n > 0 ? (size_t)n : 0;
            }
            conditional = 1;
            if (!value || strcmp(value, c->value) != 0)
                continue;
        }
        for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
            if (!row_of(&rows[i], def))
                continue;
            known = 1;
            *op = def;
            *version = rows[i].since; /* newest first: the last seen is the first version */
            if (rows[i].since <= opset)
                return 0;
        }
        if (known)
            return -2;
    }
    if (conditional) {
        if (!value)
            snprintf(why, why_size, "attribute \"%s\" is missing; %s needs it (%s)",
                     attribute, op_type, values);
        else
            snprintf(why, why_size, "attribute \"%s\" is %s; dmlp runs %s with %s %s%s%s",
                     attribute, value, op_type, attribute, values,
                     otherwise ? " (default " : "", otherwise ? otherwise : "");
        if (value && otherwise && strlen(why) + 2 < why_size)
            strcat(why, ")");
        return -3;
    }
    return -1;
}

/* Whether the type's ONNX name is one of the comma-separated names of the row's text. */
int dmlp__onnx_op_allows(dmlp__onnx_op op, int version, int32_t type)
{
    const version_row *row = find(op, version);
    const dmlp__onnx_type_info *info = dmlp__onnx_type_get(type);
    if (!row || !info)
        return 0;
    size_t length = strlen(info->name);
    for (const char *p = row->text; *p;) {
        size_t word = strcspn(p, ",");
        if (word == length && strncmp(p, info->name, length) == 0)
            return 1;
        p += word;
        p += strspn(p, ", ");
    }
    return 0;
}

const char *dmlp__onnx_op_allowed_text(dmlp__onnx_op op, int version)
{
    const version_row *row = find(op, version);
    return row ? row->text : "";
}

const char *dmlp__onnx_op_name(dmlp__onnx_op op)
{
    return op && op->name ? op->name : "?";
}

int32_t dmlp__onnx_op_output_type(dmlp__onnx_op op, int version, int32_t in_type)
{
    const version_row *row = find(op, version);
    return row && row->output_type ? row->output_type : in_type;
}

uint32_t dmlp__onnx_op_execution_flags(dmlp__onnx_op op, int version)
{
    const version_row *row = find(op, version);
    return row ? row->execution_flags : 0;
}

uint32_t dmlp__onnx_op_attributes(dmlp__onnx_op op, int version)
{
    const version_row *row = find(op, version);
    return row ? row->attributes : 0;
}

int dmlp__onnx_op_version_from(dmlp__onnx_op op, int version)
{
    int first = 0;
    for (size_t i = 0; op && i < sizeof rows / sizeof rows[0]; i++)
        if (row_of(&rows[i], op) && rows[i].since >= version &&
            (first == 0 || rows[i].since < first))
            first = rows[i].since;
    return first;
}

/* The operators along axes whose attribute axis gives their row (DMLP_ONNX_AXES). */
typedef struct axes_row {
    DML_OPERATOR_TYPE op;
    int coerced_before;
} axes_row;

static const axes_row axes_rows[] = {
#define DMLP_ONNX_AXES(coerced_before) {OP, coerced_before},
#include "ops/ops.inc"
    {DML_OPERATOR_INVALID, 0} /* none may be listed */
};

int dmlp__onnx_op_axes(dmlp__onnx_op op)
{
    for (size_t i = 0; op && !op->also && axes_rows[i].coerced_before; i++)
        if (axes_rows[i].op == op->type)
            return axes_rows[i].coerced_before;
    return 0;
}

int dmlp__onnx_row_axes(const dmlp__onnx_node *node, uint32_t rank, const int64_t *dims,
                        const char *input, uint32_t *count, uint32_t *axes, char *why,
                        size_t why_size)
{
    const char *name = dmlp__onnx_op_name(node->op);
    int coerced = node->version < dmlp__onnx_op_axes(node->op);
    char shape[128], given[64] = "";
    dmlp__onnx_shape_text(rank, dims, shape, sizeof shape);
    *count = 0;
    if (rank == 0) {
        snprintf(why, why_size, "input \"%.60s\" is 0-d; %s-%d runs along an axis, so it "
                 "needs rank 1 or more", input, name, node->version);
        return -1;
    }
    if (node->axis < -(int64_t)rank || node->axis >= (int64_t)rank) {
        if (!node->has_axis)
            snprintf(given, sizeof given, " (%s-%d's default)", name, node->version);
        snprintf(why, why_size, "attribute \"axis\" is %lld%s; input \"%.60s\" %s has rank "
                 "%u, so it must be in [-%u, %u]", (long long)node->axis, given, input, shape,
                 rank, rank, rank - 1);
        return -1;
    }
    uint32_t first = (uint32_t)(node->axis < 0 ? node->axis + (int64_t)rank : node->axis);
    /* coerced to 2-D at axis: the row is every axis from it on */
    uint32_t end = coerced ? rank : first + 1;
    for (uint32_t d = first; d < end && *count < DMLP__MAX_AXES; d++)
        axes[(*count)++] = d;
    return 0;
}

/* One axis of two sizes under numpy's rule (-1: not known until run). */
static int broadcast_axis(int64_t x, int64_t y, int64_t *out)
{
    if (x == y || y == 1)
        *out = x;
    else if (x == 1)
        *out = y;
    else if (x == -1)
        *out = y; /* y > 1: the run checks that x is y or 1 */
    else if (y == -1)
        *out = x;
    else
        return -1;
    return 0;
}

static const char *dims_text(uint32_t rank, const int64_t *dims, char *buf, size_t size)
{
    return dmlp__onnx_shape_text(rank, dims, buf, size);
}

int dmlp__onnx_broadcast_n(uint32_t count, const uint32_t *ranks, const int64_t *const *dims_in,
                           uint32_t *rank, int64_t *dims, uint32_t *offset, char *why,
                           size_t why_size)
{
    uint32_t r = 0;
    for (uint32_t k = 0; k < count; k++)
        r = ranks[k] > r ? ranks[k] : r;
    for (uint32_t k = 0; k < count; k++)
        offset[k] = r - ranks[k];
    for (uint32_t d = 0; d < r; d++) {
        dims[d] = 1;
        for (uint32_t k = 0; k < count; k++) {
            int64_t x = d >= offset[k] ? dims_in[k][d - offset[k]] : 1, before = dims[d];
            if (broadcast_axis(before, x, &dims[d]) != 0) {
                char text[128];
                dims_text(ranks[k], dims_in[k], text, sizeof text);
                snprintf(why, why_size,
                         "input %u's shape %s does not broadcast with the inputs before it "
                         "(axis %u of the result: %lld and %lld)",
                         k + 1, text, d, (long long)x, (long long)before);
                return -1;
            }
        }
    }
    *rank = r;
    return 0;
}

int dmlp__onnx_broadcast(const dmlp__onnx_node *node, uint32_t a_rank, const int64_t *a_dims,
                         uint32_t b_rank, const int64_t *b_dims, uint32_t *rank, int64_t *dims,
                         uint32_t offset[2], char *why, size_t why_size)
{
    char a_text[128], b_text[128];
    dims_text(a_rank, a_dims, a_text, sizeof a_text);
    dims_text(b_rank, b_dims, b_text, sizeof b_text);
    int one_way = (dmlp__onnx_op_attributes(node->op, node->version) &
                   DMLP_ONNX_UNIDIRECTIONAL) != 0;
    if (!node->legacy) {
        uint32_t r = a_rank > b_rank ? a_rank : b_rank;
        offset[0] = r - a_rank;
        offset[1] = r - b_rank;
        for (uint32_t d = 0; d < r; d++) {
            int64_t x = d >= offset[0] ? a_dims[d - offset[0]] : 1;
            int64_t y = d >= offset[1] ? b_dims[d - offset[1]] : 1;
            if (broadcast_axis(x, y, &dims[d]) != 0) {
                snprintf(why, why_size,
                         "A %s and B %s do not broadcast (axis %u of the result: %lld and %lld)",
                         a_text, b_text, d, (long long)x, (long long)y);
                return -1;
            }
            /* one way: B may not grow A (a size A does not know yet is checked when run) */
            if (one_way && (d < offset[0] || (x != -1 && dims[d] != x))) {
                snprintf(why, why_size, "B %s does not broadcast to A %s (axis %u of the "
                         "result: %lld; %s-%d's second input broadcasts one way, to the "
                         "first's shape)", b_text, a_text, d, (long long)dims[d],
                         dmlp__onnx_op_name(node->op), node->version);
                return -1;
            }
        }
        *rank = r;
        return 0;
    }
    /* Before version 7, a one-way operator's B of one element repeats over A. */
    int single = one_way && b_rank <= a_rank;
    for (uint32_t j = 0; single && j < b_rank; j++)
        single = b_dims[j] == 1;
    /* Before version 7: the result has A's shape. */
    int64_t axis = 0;
    if (single) {
        axis = (int64_t)a_rank - (int64_t)b_rank;
    } else if (!node->broadcast) {
        int same = a_rank == b_rank;
        for (uint32_t d = 0; same && d < a_rank; d++)
            same = a_dims[d] == b_dims[d] || a_dims[d] == -1 || b_dims[d] == -1;
        if (!same && node->step) { /* a variadic operator: no broadcast attribute */
            int next = dmlp__onnx_op_version_from(node->op, 7);
            char later[64] = "";
            if (next)
                snprintf(later, sizeof later, " (numpy broadcasting comes with %s-%d)",
                         dmlp__onnx_op_name(node->op), next);
            snprintf(why, why_size, "shapes %s and %s differ; %s-%d needs all inputs of one "
                     "shape%s", a_text, b_text, dmlp__onnx_op_name(node->op), node->version,
                     later);
            return -1;
        }
        if (!same && one_way) {
            snprintf(why, why_size, "A %s and B %s differ; before version 7 %s's second input "
                     "has the first's shape or one element", a_text, b_text,
                     dmlp__onnx_op_name(node->op));
            return -1;
        }
        if (!same) {
            snprintf(why, why_size,
                     "A %s and B %s differ; before version 7 B must have A's shape unless the "
                     "attribute broadcast is 1",
                     a_text, b_text);
            return -1;
        }
    } else {
        axis = node->has_axis ? node->axis : (int64_t)a_rank - (int64_t)b_rank;
        if (b_rank > a_rank || axis < 0 || axis + (int64_t)b_rank > (int64_t)a_rank) {
            snprintf(why, why_size,
                     "B %s does not fit A %s at axis %lld (broadcast = 1 places B's axes "
                     "within A's)",
                     b_text, a_text, (long long)axis);
            return -1;
        }
        for (uint32_t j = 0; j < b_rank; j++) {
            int64_t x = a_dims[axis + j], y = b_dims[j];
            if (!(x == y || y == 1 || x == -1 || y == -1)) {
                snprintf(why, why_size,
                         "B %s does not match A %s at axis %lld: B's size %lld where A's is "
                         "%lld (it must be the same or 1)",
                         b_text, a_text, (long long)(axis + j), (long long)y, (long long)x);
                return -1;
            }
        }
    }
    for (uint32_t d = 0; d < a_rank; d++)
        dims[d] = a_dims[d];
    *rank = a_rank;
    offset[0] = 0;
    offset[1] = (uint32_t)axis;
    return 0;
}

int dmlp__onnx_quant_layout(const dmlp__onnx_node *node, uint32_t x_rank, const int64_t *x_dims,
                            uint32_t s_rank, const int64_t *s_dims, uint32_t *rank,
                            uint32_t *sizes, uint32_t *strides, char *why, size_t why_size)
{
    const char *name = dmlp__onnx_op_name(node->op);
    char x_text[128], s_text[128];
    dims_text(x_rank, x_dims, x_text, sizeof x_text);
    dims_text(s_rank, s_dims, s_text, sizeof s_text);
    uint64_t count = 1;
    for (uint32_t d = 0; d < s_rank; d++)
        count *= (uint64_t)s_dims[d];
    *rank = x_rank ? x_rank : 1;
    for (uint32_t d = 0; d < *rank; d++) {
        sizes[d] = x_rank ? (uint32_t)x_dims[d] : 1;
        strides[d] = 0;
    }
    if (count == 1 && (s_rank <= 1 || node->block)) /* per tensor: one element everywhere */
        return 0;
    int64_t axis = node->has_axis ? node->axis : 1;
    if (!(dmlp__onnx_op_attributes(node->op, node->version) & DMLP_ONNX_AXIS)) {
        snprintf(why, why_size, "the scale has shape %s; %s-%d takes one element (a "
                 "scale per axis comes with version 13)", s_text, name, node->version);
        return -1;
    }
    if (axis < -(int64_t)x_rank || axis >= (int64_t)x_rank) {
        snprintf(why, why_size, "attribute \"axis\" is %lld; x %s has rank %u, so it must be "
                 "in [-%u, %u]", (long long)axis, x_text, x_rank, x_rank,
                 x_rank ? x_rank - 1 : 0);
        return -1;
    }
    uint32_t a = (uint32_t)(axis < 0 ? axis + (int64_t)x_rank : axis);
    if (!node->block) { /* per axis: a 1-D scale of x's size along the axis */
        if (s_rank != 1 || s_dims[0] != x_dims[a]) {
            snprintf(why, why_size, "the scale has shape %s; with x %s and axis %lld it must "
                     "hold one element, or be 1-D of size %lld (one per index of axis %u)",
                     s_text, x_text, (long long)axis, (long long)x_dims[a], a);
            return -1;
        }
        strides[a] = 1;
        return 0;
    }
    /* blocked: x's shape but ceil(D / B) along the axis; dmlp runs blocks that divide D */
    int64_t b = node->block, d_axis = x_dims[a];
    if (d_axis % b != 0) {
        snprintf(why, why_size, "attribute \"block_size\" is %lld, which does not divide "
                 "x %s along axis %u (%lld); dmlp runs blocks that divide the axis",
                 (long long)b, x_text, a, (long long)d_axis);
        return -1;
    }
    int same = s_rank == x_rank;
    for (uint32_t d = 0; same && d < x_rank; d++)
        same = s_dims[d] == (d == a ? d_axis / b : x_dims[d]);
    if (!same) {
        snprintf(why, why_size, "the scale has shape %s; blocked by %lld along axis %u of x "
                 "%s it must have x's shape with %lld along that axis", s_text, (long long)b,
                 a, x_text, (long long)(d_axis / b));
        return -1;
    }
    if (x_rank + 1 > DMLP_ONNX_MAX_RANK) {
        snprintf(why, why_size, "x %s has rank %u; a blocked axis is split in two, and dmlp "
                 "runs ranks up to %d", x_text, x_rank, DMLP_ONNX_MAX_RANK);
        return -1;
    }
    /* the axis split in two, (D / B, B); the scale packed over its own shape, 0 on B */
    *rank = x_rank + 1;
    uint64_t packed = 1;
    for (uint32_t d = *rank; d-- > 0;) {
        uint32_t from = d <= a ? d : d - 1; /* x's axis of split axis d */
        if (d == a + 1) {
            sizes[d] = (uint32_t)b;
            strides[d] = 0;
            continue;
        }
        sizes[d] = (uint32_t)(from == a ? d_axis / b : x_dims[from]);
        strides[d] = sizes[d] == 1 ? 0 : (uint32_t)packed;
        packed *= sizes[d];
    }
    return 0;
}
