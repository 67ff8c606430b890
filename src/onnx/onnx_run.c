/* Running a loaded model: bind the caller's tensors, make each node one dmlp operator
   through the public API, compile them into one graph (dmlp_graph_compile: a chain of
   element-wise nodes runs in one pass over memory) and run it, then hand back the graph
   outputs. The model keeps the compiled graph: the next run whose graph inputs have the
   same shapes (and take the same defaults) binds its tensors to it and runs it, without
   making the operators or compiling again; other shapes compile a new graph, which
   replaces it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "core/types.h"
#include "io/budget.h"
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

/* An integer Clip's bounds as ELEMENT_WISE_CLIP1's, in the tensor's type: each given
   one's element exactly, an absent one the type's end; a lower bound above the upper one
   lowered to it (ONNX gives the upper bound there). 0 for a float tensor (Clip's FLOAT
   members hold its bounds). */
static int integer_bounds(const dmlp__onnx_node *node, DML_TENSOR_DATA_TYPE type,
                          dmlp__op_params *params)
{
    int is_signed = type == DML_TENSOR_DATA_TYPE_INT8 || type == DML_TENSOR_DATA_TYPE_INT16 ||
                    type == DML_TENSOR_DATA_TYPE_INT32 || type == DML_TENSOR_DATA_TYPE_INT64;
    int is_unsigned = type == DML_TENSOR_DATA_TYPE_UINT8 || type == DML_TENSOR_DATA_TYPE_UINT16 ||
                      type == DML_TENSOR_DATA_TYPE_UINT32 || type == DML_TENSOR_DATA_TYPE_UINT64;
    if (!is_signed && !is_unsigned)
        return 0;
    uint32_t bits = 8 * dmlp__type_size(type);
    uint64_t mask = bits == 64 ? UINT64_MAX : (UINT64_C(1) << bits) - 1;
    uint64_t ends[2] = {is_signed ? (UINT64_C(1) << (bits - 1)) : 0,
                        is_signed ? mask >> 1 : mask};
    int64_t value[2];
    for (int k = 0; k < 2; k++) {
        params->scalars[k] = node->bound_given[k] ? node->bound_bits[k] & mask : ends[k];
        uint64_t u = params->scalars[k];
        /* the value in 64 bits: sign-extended for a signed type */
        value[k] = is_signed && bits < 64 && (u >> (bits - 1) & 1) ? (int64_t)(u | ~mask)
                                                                 : (int64_t)u;
    }
    int above = is_signed ? value[0] > value[1] : params->scalars[0] > params->scalars[1];
    if (above)
        params->scalars[0] = params->scalars[1];
    params->scalar_type = type;
    return 1;
}

/* A quantized node's scale and zero point against the x fed (their shapes may be known
   only now): the whole node's inputs, or those of the node a part comes from (its
   quant_values: x, the scale, the zero point or UINT32_MAX). */
static dmlp_status check_quantized(const dmlp_onnx_model *m, const dmlp__onnx_node *node,
                                   const slot *slots)
{
    uint32_t values[3] = {node->inputs[0], node->inputs[1],
                          node->input_count > 2 ? node->inputs[2] : UINT32_MAX};
    if (node->quant_check)
        memcpy(values, node->quant_values, sizeof values);
    const slot *x = &slots[values[0]], *scale = &slots[values[1]];
    const slot *zero = values[2] != UINT32_MAX ? &slots[values[2]] : NULL;
    uint32_t rank, sizes[DMLP_ONNX_MAX_RANK + 1], strides[DMLP_ONNX_MAX_RANK + 1];
    char why[400];
    const char *what = "scale";
    int bad = scale->rank > DMLP_ONNX_MAX_RANK;
    if (bad)
        snprintf(why, sizeof why, "it has rank %u", scale->rank);
    else
        bad = dmlp__onnx_quant_layout(node, x->rank, x->dims, scale->rank, scale->dims, &rank,
                                      sizes, strides, why, sizeof why) != 0;
    int same = !zero || zero->rank == scale->rank;
    for (uint32_t d = 0; same && zero && d < zero->rank; d++)
        same = zero->dims[d] == scale->dims[d];
    if (!bad && !same) {
        what = "zero point";
        snprintf(why, sizeof why, "its shape is not the scale's; ONNX needs them of one shape");
        bad = 1;
    }
    if (!bad)
        return DMLP_OK;
    uint32_t k = what[0] == 's' ? 1 : 2;
    return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT, "%s-%d node producing \"%.60s\": input "
                       "\"%.60s\" (the %s): %s", dmlp__onnx_op_name(node->op), node->version,
                       m->values[node->output].name, m->values[values[k]].name, what, why);
}

/* Whether a node's inputs after the first are described by the quantized layout: a whole
   QuantizeLinear or DequantizeLinear node, or a part of one whose B has the scale's
   shape. */
static int quantized_inputs(const dmlp__onnx_node *node)
{
    int whole = (dmlp__onnx_op_attributes(node->op, node->version) & DMLP_ONNX_QUANTIZED) &&
                !node->run;
    return whole || node->quant_b;
}

/* One node as one dmlp operator, its output of shape (out_rank, out_dims). A two-input
   node's inputs are described in the output's shape, broadcast by strides of 0 (offset:
   where each input's axes start). in_bytes[k] gets the TotalTensorSizeInBytes input k is
   read with. */
static dmlp_status create_node_op(dmlp_onnx_model *m, const dmlp__onnx_node *node,
                                  const slot *const *in, const uint32_t *offset,
                                  uint32_t out_rank, const int64_t *out_dims, dmlp_operator **op,
                                  uint64_t *in_bytes)
{
    const dmlp__onnx_value *ov = &m->values[node->output];
    uint32_t sizes[DMLP_ONNX_MAX_RANK + 1], strides[DMLP__MAX_INPUTS][DMLP_ONNX_MAX_RANK];
    uint32_t rank = out_rank ? out_rank : 1; /* a scalar runs as sizes [1] */
    for (uint32_t d = 0; d < rank; d++)
        sizes[d] = out_rank ? (uint32_t)out_dims[d] : 1;
    DML_TENSOR_DATA_TYPE otype = dmlp__onnx_type_get(ov->type)->dml;
    uint32_t count = node->input_count;
    DML_BUFFER_TENSOR_DESC ib[DMLP__MAX_INPUTS];
    /* a quantized node: x's sizes (a blocked axis split in two), the scale and the zero
       point along them by their strides (checked by check_quantized) */
    uint32_t quant_strides[DMLP_ONNX_MAX_RANK + 1], zeros[DMLP_ONNX_MAX_RANK + 1] = {0};
    /* the layout from the input after A that has more than one element (a part's scale of
       1 beside a zero point per axis), else from B; one of one element has strides of 0 */
    uint32_t shaped = count > 2 && in[1]->count == 1 ? 2 : 1;
    int quantized = count >= 2 && quantized_inputs(node) &&
                    dmlp__onnx_quant_layout(node, in[0]->rank, in[0]->dims, in[shaped]->rank,
                                            in[shaped]->dims, &rank, sizes, quant_strides,
                                            NULL, 0) == 0;
    for (uint32_t k = 0; k < count; k++) {
        /* each input's own type: Where's condition (bool, UINT8) beside X's */
        DML_TENSOR_DATA_TYPE itype = dmlp__onnx_type_get(m->values[node->inputs[k]].type)->dml;
        const uint32_t *st = NULL;
        if (quantized) {
            st = k == 0 ? NULL : in[k]->count == 1 ? zeros : quant_strides;
        } else if (count >= 2) {
            input_strides(in[k], out_rank ? offset[k] : 0, rank, strides[k]);
            if (!out_rank)
                strides[k][0] = 0;
            st = strides[k];
        }
        ib[k] = (DML_BUFFER_TENSOR_DESC){itype, DML_TENSOR_FLAG_NONE, rank, sizes, st,
                                         dmlp_calc_buffer_tensor_size(itype, rank, sizes, st),
                                         0};
        in_bytes[k] = ib[k].TotalTensorSizeInBytes;
    }
    DML_BUFFER_TENSOR_DESC ob = {otype, DML_TENSOR_FLAG_NONE, rank, sizes, NULL,
                                 dmlp_calc_buffer_tensor_size(otype, rank, sizes, NULL), 0};
    dmlp__desc_storage storage;
    dmlp__op_params params = {.mode = node->mode};
    memcpy(params.floats, node->floats, sizeof params.floats);
    /* a node run by another operator (a variadic node's copy: Identity) has its flags */
    const dmlp__op_def *def = node->run ? node->run : dmlp__onnx_op_def(node->op);
    const DML_BUFFER_TENSOR_DESC *inputs[DMLP__MAX_INPUTS];
    for (uint32_t k = 0; k < DMLP__MAX_INPUTS; k++) { /* a one-input copy of a variadic node */
        const dmlp__field *f = k < dmlp__op_input_count(def) ? dmlp__op_input(def, k) : NULL;
        inputs[k] = k < count ? &ib[k] : f && f->optional ? NULL : &ib[0]; /* NULL: left out */
    }
    if (dmlp__onnx_op_axes(node->op)) /* the row, checked by run_nodes */
        (void)dmlp__onnx_row_axes(node, in[0]->rank, in[0]->dims, "", &params.axis_count,
                                  params.axes, NULL, 0);
    if ((dmlp__onnx_op_attributes(node->op, node->version) & DMLP_ONNX_BOUND_INPUTS) &&
        integer_bounds(node, otype, &params))
        def = dmlp__op_find(DML_OPERATOR_ELEMENT_WISE_CLIP1);
    const DML_OPERATOR_DESC *desc = dmlp__desc_build_inputs(&storage, def, inputs, &ob, &params);
    uint32_t flags =
        (node->run ? 0 : dmlp__onnx_op_execution_flags(node->op, node->version)) | node->flags;
    return dmlp_operator_create(m->device, desc, flags, op);
}

/* The graph of a run: one operator node per ONNX node that computes something, constant
   nodes for initializers and Constant outputs, graph inputs for the tensors the caller
   fed (and the zeros of an IsInf detecting neither sign), graph outputs for the model's
   outputs and for node outputs nothing reads. */
typedef struct run_graph {
    uint32_t node_count;
    unsigned char *runs;      /* per ONNX node: whether it computes something */
    dmlp_operator **ops;      /* per ONNX node when compiling; NULL: not run */
    char (*names)[128];       /* per ONNX node: the message prefix */
    uint64_t (*in_bytes)[DMLP__MAX_INPUTS]; /* per ONNX node input: the bytes it is read
                                               with */
    int32_t *graph_node;      /* per ONNX node: its graph node, or -1 */
    int32_t *source;          /* per value: graph input or constant node index, or -1 */
    int32_t *value_node;      /* per value: the node (in run order) producing it, or -1 */
    uint64_t *need;           /* per value: the most bytes any node reads of it */
    void **padded;            /* per value: a zero-padded copy, or NULL */
    DML_GRAPH_NODE_DESC *nodes;
    DML_OPERATOR_GRAPH_NODE_DESC *op_nodes;
    DML_CONSTANT_DATA_GRAPH_NODE_DESC *const_nodes;
    DML_GRAPH_EDGE_DESC *in_edges, *mid_edges, *out_edges;
    DML_INPUT_GRAPH_EDGE_DESC *in_e;
    DML_INTERMEDIATE_GRAPH_EDGE_DESC *mid_e;
    DML_OUTPUT_GRAPH_EDGE_DESC *out_e;
    dmlp_buffer_binding *in_bindings, *out_bindings;
} run_graph;

static void run_graph_free(run_graph *g, uint32_t value_count)
{
    for (uint32_t i = 0; g->ops && i < g->node_count; i++)
        dmlp_operator_destroy(g->ops[i]);
    for (uint32_t v = 0; g->padded && v < value_count; v++)
        free(g->padded[v]);
    free(g->runs);
    free(g->ops);
    free(g->names);
    free(g->in_bytes);
    free(g->graph_node);
    free(g->source);
    free(g->value_node);
    free(g->need);
    free(g->padded);
    free(g->nodes);
    free(g->op_nodes);
    free(g->const_nodes);
    free(g->in_edges);
    free(g->mid_edges);
    free(g->out_edges);
    free(g->in_e);
    free(g->mid_e);
    free(g->out_e);
    free(g->in_bindings);
    free(g->out_bindings);
}

static int produced_by_run_node(const run_graph *g, uint32_t value)
{
    int32_t p = g->value_node[value];
    return p >= 0 && g->runs[p];
}

/* Whether a value is the model's own constant (an initializer or a Constant's output the
   caller did not replace). */
static int is_constant(const dmlp_onnx_model *m, const slot *s, uint32_t value)
{
    const dmlp__onnx_value *v = &m->values[value];
    return v->producer < 0 && v->has_init && s->data == v->init.data;
}

/* The bindings of one run: per graph input, per graph output. */
static dmlp_status alloc_bindings(const dmlp_onnx_model *m, run_graph *g)
{
    uint32_t n = m->node_count;
    g->in_bindings = calloc(2 * n + 1, sizeof *g->in_bindings);
    g->out_bindings = calloc(n + 1 + m->output_count, sizeof *g->out_bindings);
    if (!g->in_bindings || !g->out_bindings)
        return dmlp__error(DMLP_ERROR_OUT_OF_MEMORY, "out of memory");
    return DMLP_OK;
}

/* The values read from outside the graph, need[v] bytes of each (zero-padded copies where
   the value is shorter). When compiling, the model's constants become constant nodes
   (numbered from `nodes`) and the others graph inputs; a compiled graph holds its
   constants, so a reuse binds the graph inputs only, and takes a constant's padded copy
   from the memory budget as the compiling run did. */
static dmlp_status bind_values(const dmlp_onnx_model *m, slot *slots, run_graph *g,
                               const uint64_t *need, int compiling, uint32_t nodes,
                               uint32_t *inputs, uint32_t *constants, uint64_t *used)
{
    for (uint32_t v = 0; v < m->value_count; v++) {
        if (!need[v])
            continue;
        slot *s = &slots[v];
        const void *data = s->data;
        int constant = is_constant(m, s, v);
        if (s->bytes < need[v]) {
            dmlp_status taken = dmlp__budget_take(used, "a padded copy of an input", need[v]);
            if (taken != DMLP_OK)
                return taken;
            if (constant && !compiling)
                continue;
            g->padded[v] = calloc(1, (size_t)need[v]);
            if (!g->padded[v])
                return dmlp__error(DMLP_ERROR_OUT_OF_MEMORY, "out of memory for %llu bytes",
                                   (unsigned long long)need[v]);
            if (s->bytes)
                memcpy(g->padded[v], s->data, (size_t)s->bytes);
            data = g->padded[v];
        }
        if (constant) {
            if (!compiling)
                continue;
            uint32_t c = nodes + (*constants)++;
            g->const_nodes[c] = (DML_CONSTANT_DATA_GRAPH_NODE_DESC){
                data, (size_t)(s->bytes > need[v] ? s->bytes : need[v]), m->values[v].name};
            g->nodes[c] = (DML_GRAPH_NODE_DESC){DML_GRAPH_NODE_TYPE_CONSTANT, &g->const_nodes[c]};
            g->source[v] = (int32_t)c;
        } else {
            g->in_bindings[*inputs] = (dmlp_buffer_binding){(void *)data, 0, need[v]};
            g->source[v] = (int32_t)(*inputs)++;
        }
    }
    return DMLP_OK;
}

/* The graph outputs: the model's, then node outputs nothing else reads (computed all the
   same, as an operator alone would, so that a refusal inside them is still seen). Their
   output edges too when compiling. */
static uint32_t bind_outputs(const dmlp_onnx_model *m, const slot *slots, run_graph *g,
                             int compiling)
{
    uint32_t n_out = 0;
    for (uint32_t i = 0; i < m->node_count; i++) {
        if (!g->runs[i])
            continue;
        uint32_t v = m->nodes[i].output;
        if (!slots[v].owned)
            continue;
        if (compiling) {
            g->out_e[n_out] =
                (DML_OUTPUT_GRAPH_EDGE_DESC){(uint32_t)g->graph_node[i], 0, n_out, NULL};
            g->out_edges[n_out] =
                (DML_GRAPH_EDGE_DESC){DML_GRAPH_EDGE_TYPE_OUTPUT, &g->out_e[n_out]};
        }
        g->out_bindings[n_out] =
            (dmlp_buffer_binding){slots[v].owned, 0, roundup4(slots[v].bytes)};
        n_out++;
    }
    return n_out;
}

/* Runs the graph the model compiled for these shapes. */
static dmlp_status run_kept_graph(dmlp_onnx_model *m, slot *slots, run_graph *g,
                                  uint64_t *used)
{
    const dmlp__onnx_compiled *c = m->compiled;
    uint32_t inputs = 0, constants = 0;
    dmlp_status st = alloc_bindings(m, g);
    if (st == DMLP_OK)
        st = bind_values(m, slots, g, c->need, 0, 0, &inputs, &constants, used);
    if (st != DMLP_OK)
        return st;
    uint32_t n_out = bind_outputs(m, slots, g, 0);
    return dmlp_operator_execute(c->graph, inputs, g->in_bindings, n_out, g->out_bindings);
}

/* Builds the graph description of the nodes that run, compiles it, runs it, and keeps it
   in place of the model's previous one (freed first: its shapes differ). */
static dmlp_status run_graph_execute(dmlp_onnx_model *m, slot *slots, run_graph *g,
                                     const dmlp__onnx_shapes *shapes, uint64_t *used)
{
    dmlp__onnx_compiled_free(m->compiled);
    m->compiled = NULL;
    uint32_t n = m->node_count, nv = m->value_count;
    uint32_t edges = 2 * n + 1, outputs_max = n + 1;
    g->nodes = calloc(3 * n + 1, sizeof *g->nodes); /* n operators, 2n constants at most */
    g->op_nodes = calloc(n + 1, sizeof *g->op_nodes);
    g->const_nodes = calloc(3 * n + 1, sizeof *g->const_nodes);
    g->in_edges = calloc(edges, sizeof *g->in_edges);
    g->mid_edges = calloc(edges, sizeof *g->mid_edges);
    g->out_edges = calloc(outputs_max + m->output_count, sizeof *g->out_edges);
    g->in_e = calloc(edges, sizeof *g->in_e);
    g->mid_e = calloc(edges, sizeof *g->mid_e);
    g->out_e = calloc(outputs_max + m->output_count, sizeof *g->out_e);
    if (!g->nodes || !g->op_nodes || !g->const_nodes || !g->in_edges || !g->mid_edges ||
        !g->out_edges || !g->in_e || !g->mid_e || !g->out_e)
        return dmlp__error(DMLP_ERROR_OUT_OF_MEMORY, "out of memory");
    dmlp_status st = alloc_bindings(m, g);
    if (st != DMLP_OK)
        return st;
    uint32_t nodes = 0, inputs = 0, n_in = 0, n_mid = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (!g->runs[i])
            continue;
        g->graph_node[i] = (int32_t)nodes;
        g->op_nodes[nodes] = (DML_OPERATOR_GRAPH_NODE_DESC){g->ops[i], g->names[i]};
        g->nodes[nodes] = (DML_GRAPH_NODE_DESC){DML_GRAPH_NODE_TYPE_OPERATOR, &g->op_nodes[nodes]};
        nodes++;
    }
    /* the values read from outside the graph: their bytes, padded where short */
    for (uint32_t i = 0; i < n; i++) {
        const dmlp__onnx_node *node = &m->nodes[i];
        const uint32_t *value = node->inputs;
        for (uint32_t k = 0; g->runs[i] && k < node->input_count; k++)
            if (!produced_by_run_node(g, value[k]) && g->in_bytes[i][k] > g->need[value[k]])
                g->need[value[k]] = g->in_bytes[i][k];
    }
    uint32_t constants = 0;
    st = bind_values(m, slots, g, g->need, 1, nodes, &inputs, &constants, used);
    if (st != DMLP_OK)
        return st;
    for (uint32_t i = 0; i < n; i++) {
        const dmlp__onnx_node *node = &m->nodes[i];
        const uint32_t *value = node->inputs;
        uint32_t to = (uint32_t)g->graph_node[i];
        for (uint32_t k = 0; g->runs[i] && k < node->input_count; k++) {
            uint32_t v = value[k];
            if (produced_by_run_node(g, v) || is_constant(m, &slots[v], v)) {
                uint32_t from = produced_by_run_node(g, v)
                                    ? (uint32_t)g->graph_node[g->value_node[v]]
                                    : (uint32_t)g->source[v];
                g->mid_e[n_mid] = (DML_INTERMEDIATE_GRAPH_EDGE_DESC){from, 0, to, k, NULL};
                g->mid_edges[n_mid] =
                    (DML_GRAPH_EDGE_DESC){DML_GRAPH_EDGE_TYPE_INTERMEDIATE, &g->mid_e[n_mid]};
                n_mid++;
            } else {
                g->in_e[n_in] = (DML_INPUT_GRAPH_EDGE_DESC){(uint32_t)g->source[v], to, k, NULL};
                g->in_edges[n_in] = (DML_GRAPH_EDGE_DESC){DML_GRAPH_EDGE_TYPE_INPUT, &g->in_e[n_in]};
                n_in++;
            }
        }
    }
    uint32_t n_out = bind_outputs(m, slots, g, 1);
    if ((uint64_t)nodes + constants > DMLP_ONNX_MAX_GRAPH_NODES) /* in ONNX's terms */
        return dmlp__error(DMLP_ERROR_UNSUPPORTED,
                           "the model runs %u nodes after lowering (a variadic or quantized "
                           "node becomes several) and %u constants; dmlp runs at most %u in "
                           "one graph",
                           nodes, constants, DMLP_ONNX_MAX_GRAPH_NODES);
    DML_GRAPH_DESC desc = {inputs, n_out, nodes + constants, g->nodes, n_in, g->in_edges,
                           n_out, g->out_edges, n_mid, g->mid_edges};
    dmlp_operator *op = NULL;
    st = dmlp_graph_compile(m->device, &desc, 0, &op);
    if (st != DMLP_OK)
        return st;
    m->compile_count++;
    st = dmlp_operator_execute(op, inputs, g->in_bindings, n_out, g->out_bindings);
    /* kept even when the run is refused (a refusal depends on the data); without the
       memory to keep it, the next run compiles again */
    m->compiled = dmlp__onnx_compiled_make(op, shapes, g->need, nv);
    if (!m->compiled)
        dmlp_operator_destroy(op);
    return st;
}

/* Per value: 1 when a node that runs reads it, 2 when it is a graph output, 3 both. One
   pass over the nodes and outputs, where asking of each node's output in turn scanned
   every node (a 50,000-node chain spent seconds of each run there). */
static unsigned char *value_reach(const dmlp_onnx_model *m, const slot *slots)
{
    unsigned char *reach = calloc(m->value_count ? m->value_count : 1, 1);
    if (!reach)
        return NULL;
    for (uint32_t i = 0; i < m->node_count; i++) {
        const dmlp__onnx_node *node = &m->nodes[i];
        if (slots[node->output].count == 0 || node->all_false)
            continue;
        for (uint32_t k = 0; k < node->input_count; k++)
            reach[node->inputs[k]] |= 1;
    }
    for (uint32_t k = 0; k < m->output_count; k++)
        reach[m->outputs[k]] |= 2;
    return reach;
}

/* Every node's output shape, then one operator per node that computes something, then
   the whole as one graph. */
/* Every value a node makes comes from the memory budget, beside the model's initializers,
   the inputs and the values made before it (counted whether it reaches memory here or
   stays inside the graph): a model decides their sizes (a broadcast of two small
   tensors, a cast to a wider type). */
static dmlp_status run_nodes(dmlp_onnx_model *m, slot *slots, const dmlp__onnx_shapes *shapes,
                             uint64_t *used)
{
    uint32_t n = m->node_count;
    int kept = dmlp__onnx_compiled_matches(m->compiled, shapes);
    run_graph g;
    memset(&g, 0, sizeof g);
    g.node_count = n;
    g.runs = calloc(n ? n : 1, sizeof *g.runs);
    g.ops = calloc(n ? n : 1, sizeof *g.ops);
    g.names = calloc(n ? n : 1, sizeof *g.names);
    g.in_bytes = calloc(n ? n : 1, sizeof *g.in_bytes);
    g.graph_node = calloc(n ? n : 1, sizeof *g.graph_node);
    g.source = calloc(m->value_count ? m->value_count : 1, sizeof *g.source);
    g.value_node = malloc((m->value_count ? m->value_count : 1) * sizeof *g.value_node);
    g.need = calloc(m->value_count ? m->value_count : 1, sizeof *g.need);
    g.padded = calloc(m->value_count ? m->value_count : 1, sizeof *g.padded);
    uint32_t (*offsets)[DMLP__MAX_INPUTS] = calloc(n ? n : 1, sizeof *offsets);
    dmlp_status st = DMLP_OK;
    if (!g.runs || !g.ops || !g.names || !g.in_bytes || !g.graph_node || !g.source ||
        !g.value_node || !g.need || !g.padded || !offsets)
        st = dmlp__error(DMLP_ERROR_OUT_OF_MEMORY, "out of memory");
    for (uint32_t v = 0; st == DMLP_OK && v < m->value_count; v++)
        g.value_node[v] = -1;
    for (uint32_t i = 0; st == DMLP_OK && i < n; i++) /* m->nodes is in run order */
        g.value_node[m->nodes[i].output] = (int32_t)i;
    for (uint32_t i = 0; i < n && st == DMLP_OK; i++) {
        const dmlp__onnx_node *node = &m->nodes[i];
        const slot *in[DMLP__MAX_INPUTS];
        const uint32_t *value = node->inputs;
        for (uint32_t k = 0; k < DMLP__MAX_INPUTS; k++)
            in[k] = &slots[k < node->input_count ? value[k] : value[0]];
        slot *out = &slots[node->output];
        for (uint32_t k = 0; k < node->input_count && st == DMLP_OK; k++)
            if (in[k]->rank > DMLP_ONNX_MAX_RANK)
                st = dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                                 "%s-%d node: input \"%s\" has rank %u; dmlp runs ranks 0 to %d",
                                 dmlp__onnx_op_name(node->op), node->version,
                                 m->values[value[k]].name, in[k]->rank, DMLP_ONNX_MAX_RANK);
        if (st != DMLP_OK)
            break;
        uint32_t axis_count, axes[DMLP__MAX_AXES];
        char axes_why[300];
        if (dmlp__onnx_op_axes(node->op) && /* the rank fed, when the model declares none */
            dmlp__onnx_row_axes(node, in[0]->rank, in[0]->dims, m->values[value[0]].name,
                                &axis_count, axes, axes_why, sizeof axes_why) != 0) {
            st = dmlp__error(DMLP_ERROR_INVALID_ARGUMENT, "%s-%d node producing \"%.60s\": %s",
                             dmlp__onnx_op_name(node->op), node->version,
                             m->values[node->output].name, axes_why);
            break;
        }
        uint32_t osize = dmlp_onnx_type_size(m->values[node->output].type);
        int quantized = node->input_count >= 2 && quantized_inputs(node);
        if ((quantized && !node->run) || node->quant_check) {
            /* x's shape; the scale and zero point fit it, or are refused */
            st = check_quantized(m, node, slots);
            if (st != DMLP_OK)
                break;
        }
        if (node->input_count >= 2 && !quantized) { /* the shapes fed: broadcast, or refused */
            char why[300];
            uint32_t rank, ranks[DMLP__MAX_INPUTS];
            const int64_t *dims_in[DMLP__MAX_INPUTS];
            for (uint32_t k = 0; k < node->input_count; k++) {
                ranks[k] = in[k]->rank;
                dims_in[k] = in[k]->dims;
            }
            if (node->input_count == 2
                    ? dmlp__onnx_broadcast(node, in[0]->rank, in[0]->dims, in[1]->rank,
                                           in[1]->dims, &rank, out->shape, offsets[i], why,
                                           sizeof why) != 0
                    : dmlp__onnx_broadcast_n(node->input_count, ranks, dims_in, &rank,
                                             out->shape, offsets[i], why, sizeof why) != 0) {
                st = dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                                 "%s-%d node producing \"%.60s\": inputs \"%.60s\" and "
                                 "\"%.60s\": %s",
                                 dmlp__onnx_op_name(node->op), node->version,
                                 m->values[node->output].name, m->values[value[0]].name,
                                 m->values[value[node->input_count - 1]].name, why);
                break;
            }
            char what[96];
            snprintf(what, sizeof what, "output \"%.60s\"", m->values[node->output].name);
            uint64_t count;
            if (dmlp__onnx_element_count(what, rank, out->shape, &count) != DMLP_OK) {
                st = dmlp__error(DMLP_ERROR_INVALID_ARGUMENT, "%s", dmlp_last_error());
                break;
            }
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
        char taken_what[160];
        snprintf(taken_what, sizeof taken_what, "the output \"%.60s\" of the %s-%d node",
                 m->values[node->output].name, dmlp__onnx_op_name(node->op), node->version);
        if ((st = dmlp__budget_take(used, taken_what, roundup4(out->bytes))) != DMLP_OK)
            break;
        if (node->all_false) { /* IsInf detecting neither sign: zeros, read as an input */
            out->owned = calloc(1, (size_t)roundup4(out->bytes));
            if (!out->owned)
                st = dmlp__error(DMLP_ERROR_OUT_OF_MEMORY, "out of memory for %llu bytes",
                                 (unsigned long long)out->bytes);
            out->data = out->owned;
            continue;
        }
        g.runs[i] = 1;
        if (kept) /* the kept graph has its operator */
            continue;
        snprintf(g.names[i], sizeof g.names[i], "%s-%d node producing \"%.60s\"",
                 dmlp__onnx_op_name(node->op), node->version, m->values[node->output].name);
        st = create_node_op(m, node, in, offsets[i], out->rank, out->dims, &g.ops[i],
                            g.in_bytes[i]);
        if (st != DMLP_OK)
            dmlp__error_prefix(g.names[i]);
    }
    /* the node outputs that reach memory: the model's outputs, and outputs nothing reads */
    int any = 0;
    unsigned char *reach = st == DMLP_OK ? value_reach(m, slots) : NULL;
    if (st == DMLP_OK && !reach)
        st = dmlp__error(DMLP_ERROR_OUT_OF_MEMORY, "out of memory");
    for (uint32_t i = 0; i < n && st == DMLP_OK; i++) {
        if (!g.runs[i])
            continue;
        any = 1;
        slot *out = &slots[m->nodes[i].output];
        if (reach[m->nodes[i].output] == 1) /* read by a node, and no graph output */
            continue;
        out->owned = malloc((size_t)roundup4(out->bytes));
        if (!out->owned)
            st = dmlp__error(DMLP_ERROR_OUT_OF_MEMORY, "out of memory for %llu bytes",
                             (unsigned long long)out->bytes);
        out->data = out->owned;
    }
    free(reach);
    if (st == DMLP_OK && any)
        st = kept ? run_kept_graph(m, slots, &g, used)
                  : run_graph_execute(m, slots, &g, shapes, used);
    run_graph_free(&g, m->value_count);
    free(offsets);
    return st;
}

/* Node outputs move into the result; borrowed data (inputs, initializers) is copied. */
static dmlp_status make_result(const dmlp_onnx_model *m, slot *slots, uint64_t *used,
                               dmlp_onnx_result **result)
{
    for (uint32_t i = 0; i < m->output_count; i++) { /* the copies, from the budget */
        const slot *s = &slots[m->outputs[i]];
        if (!s->owned) {
            char what[120];
            snprintf(what, sizeof what, "a copy of the graph output \"%.60s\"",
                     m->values[m->outputs[i]].name);
            dmlp_status st = dmlp__budget_take(used, what, s->bytes);
            if (st != DMLP_OK)
                return st;
        }
    }
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

/* The bound shapes of the graph inputs (each fed, or its default), checked against their
   symbolic dimensions. */
static dmlp_status bound_shapes(const dmlp_onnx_model *m, const slot *slots,
                                dmlp__onnx_shapes *shapes)
{
    uint32_t n = m->input_count ? m->input_count : 1;
    shapes->count = m->input_count;
    shapes->ranks = malloc(n * sizeof *shapes->ranks);
    shapes->dims = malloc(n * sizeof *shapes->dims);
    shapes->constant = malloc(n);
    if (!shapes->ranks || !shapes->dims || !shapes->constant)
        return dmlp__error(DMLP_ERROR_OUT_OF_MEMORY, "out of memory");
    for (uint32_t k = 0; k < m->input_count; k++) {
        uint32_t v = m->inputs[k];
        shapes->ranks[k] = slots[v].rank;
        shapes->dims[k] = slots[v].dims;
        shapes->constant[k] = (unsigned char)is_constant(m, &slots[v], v);
    }
    return dmlp__onnx_check_dim_params(m, shapes->ranks, shapes->dims);
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
    dmlp__onnx_shapes shapes = {0, NULL, NULL, NULL};
    if (st == DMLP_OK)
        st = bound_shapes(m, slots, &shapes);
    uint64_t used = m->memory_used; /* the initializers, then the caller's inputs */
    for (uint32_t i = 0; i < input_count && st == DMLP_OK; i++)
        used += inputs[i].size_in_bytes;
    if (st == DMLP_OK)
        st = run_nodes(m, slots, &shapes, &used);
    if (st == DMLP_OK)
        st = make_result(m, slots, &used, result);
    for (uint32_t i = 0; i < m->value_count; i++)
        free(slots[i].owned);
    free(slots);
    free(shapes.ranks);
    free(shapes.dims);
    free(shapes.constant);
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
