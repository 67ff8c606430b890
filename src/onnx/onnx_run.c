/* Running a loaded model: bind the caller's tensors, run each node as one dmlp operator
   through the public API, and hand back copies of the graph outputs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "onnx_internal.h"

struct dmlp_onnx_result {
    uint32_t count;
    dmlp_onnx_tensor *tensors; /* each owns its name, dims and data */
};

/* A tensor's value during a run. data is borrowed (caller, initializer) or owned. */
typedef struct slot {
    const void *data;
    uint64_t bytes;
    uint64_t count;
    uint32_t rank;
    const int64_t *dims;
    void *owned;
    int set;
    int64_t shape[DMLP_ONNX_MAX_RANK]; /* a two-input node's output: the broadcast shape */
} slot;

static uint64_t roundup4(uint64_t n)
{
    return (n + 3) & ~(uint64_t)3;
}

static dmlp_status bind_input(const dmlp_onnx_model *m, const dmlp_onnx_tensor *t, slot *slots)
{
    if (!t->name)
        return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT, "an input tensor has no name");
    uint32_t k = 0;
    while (k < m->input_count && strcmp(m->values[m->inputs[k]].name, t->name) != 0)
        k++;
    if (k == m->input_count)
        return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                           "input \"%s\": the graph has no input of that name", t->name);
    const dmlp__onnx_value *v = &m->values[m->inputs[k]];
    slot *s = &slots[m->inputs[k]];
    if (s->set)
        return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT, "input \"%s\" is given twice", t->name);
    if (t->type != v->type)
        return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                           "input \"%s\" has type %s; the graph declares %s", t->name,
                           dmlp_onnx_type_name(t->type), dmlp_onnx_type_name(v->type));
    if (t->rank > 64 || (t->rank && !t->dims))
        return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                           "input \"%s\": rank %u without dims, or above 64", t->name, t->rank);
    if (v->has_shape) {
        int same = t->rank == v->rank;
        for (uint32_t d = 0; same && d < t->rank; d++)
            if (v->dims[d] >= 0 && v->dims[d] != t->dims[d])
                same = 0;
        if (!same) {
            char got[256], want[256];
            return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                               "input \"%s\" has shape %s; the graph declares %s (-1: any size)",
                               t->name, dmlp__onnx_shape_text(t->rank, t->dims, got, sizeof got),
                               dmlp__onnx_shape_text(v->rank, v->dims, want, sizeof want));
        }
    }
    char what[96];
    snprintf(what, sizeof what, "input \"%.60s\"", t->name);
    uint64_t count;
    dmlp_status st = dmlp__onnx_element_count(what, t->rank, t->dims, &count);
    if (st != DMLP_OK)
        return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT, "%s", dmlp_last_error());
    uint64_t bytes = count * dmlp_onnx_type_size(t->type);
    if (t->size_in_bytes != bytes || (bytes && !t->data))
        return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                           "input \"%s\": size_in_bytes is %llu; its shape and type need %llu",
                           t->name, (unsigned long long)t->size_in_bytes,
                           (unsigned long long)bytes);
    s->data = t->data;
    s->bytes = bytes;
    s->count = count;
    s->rank = t->rank;
    s->dims = t->dims;
    s->set = 1;
    return DMLP_OK;
}

static void bind_tensor(slot *s, const dmlp_onnx_tensor *t)
{
    uint64_t count = t->size_in_bytes / dmlp_onnx_type_size(t->type);
    s->data = t->data;
    s->bytes = t->size_in_bytes;
    s->count = count;
    s->rank = t->rank;
    s->dims = t->dims;
    s->set = 1;
}

/* Input k's strides over the output's axes: packed over its own shape, whose first axis
   is the output's axis `offset`; 0 along the axes it lacks or where its size is 1. */
static void input_strides(const slot *s, uint32_t offset, uint32_t rank, uint32_t *strides)
{
    uint64_t packed = 1;
    for (uint32_t d = rank; d-- > 0;) {
        if (d >= offset && d - offset < s->rank) {
            int64_t size = s->dims[d - offset];
            strides[d] = size == 1 ? 0 : (uint32_t)packed;
            packed *= (uint64_t)size;
        } else {
            strides[d] = 0;
        }
    }
}

/* One node as one dmlp operator: out (roundup4 bytes) receives the result, of shape
   (out_rank, out_dims). A two-input node's inputs are described in the output's shape,
   broadcast by strides of 0 (offset: where each input's axes start). */
static dmlp_status execute_node(dmlp_onnx_model *m, const dmlp__onnx_node *node,
                                const slot *const *in, const uint32_t *offset,
                                uint32_t out_rank, const int64_t *out_dims, void *out)
{
    const dmlp__onnx_value *iv = &m->values[node->input];
    const dmlp__onnx_value *ov = &m->values[node->output];
    uint32_t sizes[DMLP_ONNX_MAX_RANK], strides[2][DMLP_ONNX_MAX_RANK];
    uint32_t rank = out_rank ? out_rank : 1; /* a scalar runs as sizes [1] */
    for (uint32_t d = 0; d < rank; d++)
        sizes[d] = out_rank ? (uint32_t)out_dims[d] : 1;
    DML_TENSOR_DATA_TYPE itype = dmlp__onnx_type_get(iv->type)->dml;
    DML_TENSOR_DATA_TYPE otype = dmlp__onnx_type_get(ov->type)->dml;
    uint32_t count = node->input_count;
    DML_BUFFER_TENSOR_DESC ib[2];
    for (uint32_t k = 0; k < count; k++) {
        const uint32_t *st = NULL;
        if (count == 2) {
            input_strides(in[k], out_rank ? offset[k] : 0, rank, strides[k]);
            if (!out_rank)
                strides[k][0] = 0;
            st = strides[k];
        }
        ib[k] = (DML_BUFFER_TENSOR_DESC){itype, DML_TENSOR_FLAG_NONE, rank, sizes, st,
                                         dmlp_calc_buffer_tensor_size(itype, rank, sizes, st),
                                         0};
    }
    DML_BUFFER_TENSOR_DESC ob = {otype, DML_TENSOR_FLAG_NONE, rank, sizes, NULL,
                                 dmlp_calc_buffer_tensor_size(otype, rank, sizes, NULL), 0};
    dmlp__desc_storage storage;
    dmlp__op_params params = {.mode = node->mode};
    const DML_BUFFER_TENSOR_DESC *inputs[2] = {&ib[0], &ib[count - 1]};
    const DML_OPERATOR_DESC *desc =
        dmlp__desc_build_inputs(&storage, node->op, inputs, &ob, &params);
    uint32_t flags = dmlp__onnx_op_execution_flags(node->op, node->version) | node->flags;
    /* The operator reads TotalTensorSizeInBytes (a multiple of 4) from each input binding:
       a caller's tensor of another length is copied into a padded buffer first. */
    void *padded[2] = {NULL, NULL};
    dmlp_buffer_binding bindings[2];
    dmlp_status st = DMLP_OK;
    for (uint32_t k = 0; k < count && st == DMLP_OK; k++) {
        void *src = (void *)in[k]->data;
        if (in[k]->bytes < ib[k].TotalTensorSizeInBytes) {
            padded[k] = calloc(1, (size_t)ib[k].TotalTensorSizeInBytes);
            if (!padded[k])
                st = dmlp__error(DMLP_ERROR_OUT_OF_MEMORY, "out of memory for %llu bytes",
                                 (unsigned long long)ib[k].TotalTensorSizeInBytes);
            else
                memcpy(padded[k], in[k]->data, (size_t)in[k]->bytes);
            src = padded[k];
        }
        bindings[k] = (dmlp_buffer_binding){src, 0, ib[k].TotalTensorSizeInBytes};
    }
    dmlp_operator *op = NULL;
    if (st == DMLP_OK)
        st = dmlp_operator_create(m->device, desc, flags, &op);
    if (st == DMLP_OK) {
        dmlp_buffer_binding bo = {out, 0, ob.TotalTensorSizeInBytes};
        st = dmlp_operator_execute(op, count, bindings, 1, &bo);
        dmlp_operator_destroy(op);
    }
    free(padded[0]);
    free(padded[1]);
    return st;
}

static dmlp_status run_nodes(dmlp_onnx_model *m, slot *slots)
{
    for (uint32_t i = 0; i < m->node_count; i++) {
        const dmlp__onnx_node *node = &m->nodes[i];
        const slot *in[2] = {&slots[node->input], &slots[node->input_b]};
        uint32_t value[2] = {node->input, node->input_b};
        slot *out = &slots[node->output];
        for (uint32_t k = 0; k < node->input_count; k++)
            if (in[k]->rank > DMLP_ONNX_MAX_RANK)
                return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                                   "%s-%d node: input \"%s\" has rank %u; dmlp runs ranks 0 to %d",
                                   dmlp__onnx_op_name(node->op), node->version,
                                   m->values[value[k]].name, in[k]->rank, DMLP_ONNX_MAX_RANK);
        uint32_t osize = dmlp_onnx_type_size(m->values[node->output].type);
        uint32_t offset[2] = {0, 0};
        if (node->input_count == 2) { /* the shapes fed: broadcast, or refused */
            char why[300];
            uint32_t rank;
            if (dmlp__onnx_broadcast(node, in[0]->rank, in[0]->dims, in[1]->rank, in[1]->dims,
                                     &rank, out->shape, offset, why, sizeof why) != 0)
                return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                                   "%s-%d node producing \"%.60s\": inputs \"%.60s\" and "
                                   "\"%.60s\": %s",
                                   dmlp__onnx_op_name(node->op), node->version,
                                   m->values[node->output].name, m->values[value[0]].name,
                                   m->values[value[1]].name, why);
            char what[96];
            snprintf(what, sizeof what, "output \"%.60s\"", m->values[node->output].name);
            uint64_t count;
            if (dmlp__onnx_element_count(what, rank, out->shape, &count) != DMLP_OK)
                return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT, "%s", dmlp_last_error());
            out->rank = rank;
            out->dims = out->shape;
            out->count = count;
        } else {
            out->rank = in[0]->rank;
            out->dims = in[0]->dims;
            out->count = in[0]->count;
        }
        out->bytes = out->count * osize;
        out->set = 1;
        if (out->count == 0)
            continue; /* empty: nothing to compute */
        out->owned = malloc((size_t)roundup4(out->bytes));
        if (!out->owned)
            return dmlp__error(DMLP_ERROR_OUT_OF_MEMORY, "out of memory for %llu bytes",
                               (unsigned long long)out->bytes);
        out->data = out->owned;
        if (node->all_false) {
            memset(out->owned, 0, (size_t)out->bytes); /* IsInf detecting neither sign */
            continue;
        }
        dmlp_status st = execute_node(m, node, in, offset, out->rank, out->dims, out->owned);
        if (st != DMLP_OK) {
            char prefix[128];
            snprintf(prefix, sizeof prefix, "%s-%d node producing \"%.60s\"",
                     dmlp__onnx_op_name(node->op), node->version,
                     m->values[node->output].name);
            dmlp__error_prefix(prefix);
            return st;
        }
    }
    return DMLP_OK;
}

/* Node outputs move into the result; borrowed data (inputs, initializers) is copied. */
static dmlp_status make_result(const dmlp_onnx_model *m, slot *slots, dmlp_onnx_result **result)
{
    dmlp_onnx_result *r = calloc(1, sizeof *r);
    if (!r)
        return dmlp__error(DMLP_ERROR_OUT_OF_MEMORY, "out of memory");
    r->tensors = calloc(m->output_count ? m->output_count : 1, sizeof *r->tensors);
    if (!r->tensors) {
        free(r);
        return dmlp__error(DMLP_ERROR_OUT_OF_MEMORY, "out of memory");
    }
    r->count = m->output_count;
    for (uint32_t i = 0; i < m->output_count; i++) {
        const dmlp__onnx_value *v = &m->values[m->outputs[i]];
        slot *s = &slots[m->outputs[i]];
        dmlp_onnx_tensor *t = &r->tensors[i];
        char *name = strdup(v->name);
        int64_t *dims = malloc(s->rank ? s->rank * sizeof *dims : 1);
        void *data = s->owned ? s->owned : malloc(s->bytes ? (size_t)s->bytes : 1);
        int moved = s->owned != NULL;
        s->owned = NULL;
        t->name = name;
        t->dims = dims;
        t->data = data;
        if (!name || !dims || !data) {
            dmlp_onnx_result_free(r);
            return dmlp__error(DMLP_ERROR_OUT_OF_MEMORY, "out of memory");
        }
        if (s->rank)
            memcpy(dims, s->dims, s->rank * sizeof *dims);
        if (s->bytes && !moved)
            memcpy(data, s->data, (size_t)s->bytes);
        t->type = v->type;
        t->rank = s->rank;
        t->size_in_bytes = s->bytes;
    }
    *result = r;
    return DMLP_OK;
}

/* The bound shapes of the graph inputs, checked against their symbolic dimensions. */
static dmlp_status check_dim_params(const dmlp_onnx_model *m, const slot *slots)
{
    uint32_t n = m->input_count ? m->input_count : 1;
    uint32_t *ranks = malloc(n * sizeof *ranks);
    const int64_t **dims = malloc(n * sizeof *dims);
    dmlp_status st = DMLP_OK;
    if (!ranks || !dims) {
        st = dmlp__error(DMLP_ERROR_OUT_OF_MEMORY, "out of memory");
    } else {
        for (uint32_t k = 0; k < m->input_count; k++) {
            ranks[k] = slots[m->inputs[k]].rank;
            dims[k] = slots[m->inputs[k]].dims;
        }
        st = dmlp__onnx_check_dim_params(m, ranks, dims);
    }
    free(ranks);
    free(dims);
    return st;
}

dmlp_status dmlp_onnx_model_run(dmlp_onnx_model *m, uint32_t input_count,
                                const dmlp_onnx_tensor *inputs, dmlp_onnx_result **result)
{
    if (!m || !result || (input_count && !inputs))
        return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                           "dmlp_onnx_model_run: model, result or inputs is NULL");
    slot *slots = calloc(m->value_count ? m->value_count : 1, sizeof *slots);
    if (!slots)
        return dmlp__error(DMLP_ERROR_OUT_OF_MEMORY, "out of memory");
    dmlp_status st = DMLP_OK;
    for (uint32_t i = 0; i < input_count && st == DMLP_OK; i++)
        st = bind_input(m, &inputs[i], slots);
    for (uint32_t i = 0; i < m->value_count && st == DMLP_OK; i++) {
        const dmlp__onnx_value *v = &m->values[i];
        if (slots[i].set || v->producer >= 0)
            continue;
        if (v->has_init)
            bind_tensor(&slots[i], &v->init);
        else
            st = dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                             "graph input \"%s\" is not given and has no default", v->name);
    }
    if (st == DMLP_OK)
        st = check_dim_params(m, slots);
    if (st == DMLP_OK)
        st = run_nodes(m, slots);
    if (st == DMLP_OK)
        st = make_result(m, slots, result);
    for (uint32_t i = 0; i < m->value_count; i++)
        free(slots[i].owned);
    free(slots);
    return st;
}

uint32_t dmlp_onnx_result_count(const dmlp_onnx_result *result)
{
    return result ? result->count : 0;
}

dmlp_status dmlp_onnx_result_output(const dmlp_onnx_result *result, uint32_t index,
                                    dmlp_onnx_tensor *tensor)
{
    if (!result || !tensor || index >= result->count)
        return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                           "dmlp_onnx_result_output: index %u is out of range (%u outputs)",
                           index, result ? result->count : 0);
    *tensor = result->tensors[index];
    return DMLP_OK;
}

void dmlp_onnx_result_free(dmlp_onnx_result *result)
{
    if (!result)
        return;
    for (uint32_t i = 0; i < result->count; i++)
        dmlp_onnx_tensor_clear(&result->tensors[i]);
    free(result->tensors);
    free(result);
}
