/* dmlp_graph_compile: checks a DML_GRAPH_DESC (every edge in range and of its list's
   type, every node input and graph output fed exactly once, everything used, no cycle,
   connected tensors compatible), orders its operator nodes, then hands it to
   graph_plan.c. Every refusal names the node or edge and happens before anything is
   kept. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "core/graph.h"
#include "core/types.h"

#define MAX_COUNT 65535u
#define GRAPH_FLAGS (DMLP_EXECUTION_FLAG_GRAPH_NODE_BY_NODE | DMLP_EXECUTION_FLAG_GRAPH_NO_PATTERNS)
#define DML_FLAGS                                                                           \
    (DML_EXECUTION_FLAG_ALLOW_HALF_PRECISION_COMPUTATION |                                  \
     DML_EXECUTION_FLAG_DISABLE_META_COMMANDS | DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE)

static const char *const edge_list_name[4] = {"", "InputEdges", "OutputEdges",
                                              "IntermediateEdges"};

/* "IntermediateEdges[2]" or "IntermediateEdges[2] (\"name\")" */
static const char *edge_label(DML_GRAPH_EDGE_TYPE list, uint32_t i, const char *name, char *text,
                              size_t capacity)
{
    if (name)
        snprintf(text, capacity, "%s[%u] (\"%.60s\")", edge_list_name[list], i, name);
    else
        snprintf(text, capacity, "%s[%u]", edge_list_name[list], i);
    return text;
}

static const char *node_name(const DML_GRAPH_DESC *d, uint32_t n)
{
    const DML_GRAPH_NODE_DESC *node = &d->Nodes[n];
    if (!node->Desc)
        return NULL;
    if (node->Type == DML_GRAPH_NODE_TYPE_OPERATOR)
        return ((const DML_OPERATOR_GRAPH_NODE_DESC *)node->Desc)->Name;
    if (node->Type == DML_GRAPH_NODE_TYPE_CONSTANT)
        return ((const DML_CONSTANT_DATA_GRAPH_NODE_DESC *)node->Desc)->Name;
    return NULL;
}

/* "node 3" or "node 3 (\"name\")" */
static const char *node_label(const DML_GRAPH_DESC *d, uint32_t n, char *text, size_t capacity)
{
    const char *name = node_name(d, n);
    if (name)
        snprintf(text, capacity, "node %u (\"%.60s\")", n, name);
    else
        snprintf(text, capacity, "node %u", n);
    return text;
}

static const char *sizes_text(const dmlp__tensor *t, char *text, size_t capacity)
{
    size_t used = 0;
    for (uint32_t d = 0; d < t->dim_count && used < capacity; d++) {
        int n = snprintf(text + used, capacity - used, "%s%u", d ? ", " : "[", t->sizes[d]);
        if (n < 0)
            break;
        used += (size_t)n;
    }
    if (used < capacity)
        snprintf(text + used, capacity - used, "]");
    return text;
}

/* The bytes a tensor's elements span (DirectML's DMLCalcBufferTensorSize). */
static uint64_t span(const dmlp__tensor *t)
{
    return dmlp_calc_buffer_tensor_size(t->type, t->dim_count, t->sizes, t->strides);
}

/* An intermediate: the input reads the output's bytes through its own sizes and strides
   (the same layout, or a broadcast view of it), so it needs the type and no byte past
   the output's. */
static bool compatible(const dmlp__tensor *out, const dmlp__tensor *in)
{
    return out->type == in->type && span(in) <= span(out);
}

static const dmlp__tensor *op_input(const dmlp_operator *op, uint32_t i)
{
    return &op->info.inputs[i];
}

typedef struct work {
    dmlp__graph_desc_info info;
    bool *output_used;    /* per node */
    uint32_t *input_uses; /* per graph input */
} work;

static dmlp_status check_nodes(const DML_GRAPH_DESC *d, const dmlp_device *device, work *w)
{
    char label[128];
    for (uint32_t n = 0; n < d->NodeCount; n++) {
        const DML_GRAPH_NODE_DESC *node = &d->Nodes[n];
        node_label(d, n, label, sizeof label);
        if (node->Type != DML_GRAPH_NODE_TYPE_OPERATOR && node->Type != DML_GRAPH_NODE_TYPE_CONSTANT)
            return dmlp__error(node->Type == DML_GRAPH_NODE_TYPE_INVALID
                                   ? DMLP_ERROR_INVALID_ARGUMENT
                                   : DMLP_ERROR_UNSUPPORTED,
                               "dmlp_graph_compile: %s: Type is %d; it must be "
                               "DML_GRAPH_NODE_TYPE_OPERATOR (1) or _CONSTANT (2)",
                               label, (int)node->Type);
        if (!node->Desc)
            return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                          "dmlp_graph_compile: %s: Desc is NULL; it must point to the node's %s",
                          label,
                          node->Type == DML_GRAPH_NODE_TYPE_OPERATOR
                              ? "DML_OPERATOR_GRAPH_NODE_DESC"
                              : "DML_CONSTANT_DATA_GRAPH_NODE_DESC");
        if (node->Type == DML_GRAPH_NODE_TYPE_CONSTANT) {
            const DML_CONSTANT_DATA_GRAPH_NODE_DESC *c = node->Desc;
            if (!c->Data || c->DataSize == 0)
                return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                              "dmlp_graph_compile: %s: Data is NULL or DataSize is 0; a constant "
                              "node holds its data%s",
                              label, "");
            w->info.constants[n] = c;
            continue;
        }
        const DML_OPERATOR_GRAPH_NODE_DESC *o = node->Desc;
        if (!o->Operator)
            return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                          "dmlp_graph_compile: %s: Operator is NULL; it must be an operator "
                          "from dmlp_operator_create%s",
                          label, "");
        if (o->Operator->device != device)
            return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                          "dmlp_graph_compile: %s: Operator belongs to another device; every "
                          "node's operator must be of the compiling device%s",
                          label, "");
        if (o->Operator->graph)
            return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                          "dmlp_graph_compile: %s: Operator is a compiled graph; a node holds "
                          "one operator from dmlp_operator_create%s",
                          label, "");
        w->info.ops[n] = o->Operator;
    }
    return DMLP_OK;
}

/* The edge's Desc, after checking its Type and pointer. */
static const void *edge_desc(const DML_GRAPH_EDGE_DESC *list, DML_GRAPH_EDGE_TYPE type,
                             uint32_t i, dmlp_status *status)
{
    const DML_GRAPH_EDGE_DESC *e = &list[i];
    char label[64];
    snprintf(label, sizeof label, "%s[%u]", edge_list_name[type], i);
    if (e->Type != type) {
        *status = dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                              "dmlp_graph_compile: %s: Type is %d; every edge of %s must have "
                              "Type %d (DML_GRAPH_EDGE_TYPE_%s)",
                              label, (int)e->Type, edge_list_name[type], (int)type,
                              type == DML_GRAPH_EDGE_TYPE_INPUT    ? "INPUT"
                              : type == DML_GRAPH_EDGE_TYPE_OUTPUT ? "OUTPUT"
                                                                   : "INTERMEDIATE");
        return NULL;
    }
    if (!e->Desc) {
        *status = dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                         "dmlp_graph_compile: %s: Desc is NULL; it must point to the edge's %s",
                         label,
                         type == DML_GRAPH_EDGE_TYPE_INPUT    ? "DML_INPUT_GRAPH_EDGE_DESC"
                         : type == DML_GRAPH_EDGE_TYPE_OUTPUT ? "DML_OUTPUT_GRAPH_EDGE_DESC"
                                                              : "DML_INTERMEDIATE_GRAPH_EDGE_DESC");
        return NULL;
    }
    *status = DMLP_OK;
    return e->Desc;
}

/* A node input an edge feeds: in range, an operator's, not fed before. */
static dmlp_status check_target(const DML_GRAPH_DESC *d, const work *w, const char *label,
                                uint32_t node, uint32_t input)
{
    char nl[128];
    if (node >= d->NodeCount)
        return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                           "dmlp_graph_compile: %s: ToNodeIndex is %u; the graph has %u nodes",
                           label, node, d->NodeCount);
    node_label(d, node, nl, sizeof nl);
    const dmlp_operator *op = w->info.ops[node];
    if (!op)
        return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                      "dmlp_graph_compile: %s: ToNodeIndex is %s, a constant node; a constant "
                      "has no inputs",
                      label, nl);
    if (input >= op->info.input_count)
        return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                           "dmlp_graph_compile: %s: ToNodeInputIndex is %u; %s (%s) has %u "
                           "input%s",
                           label, input, nl, op->name, op->info.input_count,
                           op->info.input_count == 1 ? "" : "s");
    if (op->info.absent >> input & 1u)
        return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                           "dmlp_graph_compile: %s: ToNodeInputIndex is %u; %s (%s) has its "
                           "%s NULL, and an input left out takes no edge",
                           label, input, nl, op->name, dmlp__op_input(op->def, input)->name);
    if (w->info.feed[node][input].kind != (dmlp__graph_source_kind)-1)
        return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                           "dmlp_graph_compile: %s: %s input %u is already fed by another edge; "
                           "every node input is fed exactly once",
                           label, nl, input);
    return DMLP_OK;
}

/* The output an edge leaves: in range, output 0. */
static dmlp_status check_source(const DML_GRAPH_DESC *d, const char *label, uint32_t node,
                                uint32_t output)
{
    if (node >= d->NodeCount)
        return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                           "dmlp_graph_compile: %s: FromNodeIndex is %u; the graph has %u nodes",
                           label, node, d->NodeCount);
    if (output != 0) {
        char nl[128];
        return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                           "dmlp_graph_compile: %s: FromNodeOutputIndex is %u; %s has one "
                           "output (0)",
                           label, output, node_label(d, node, nl, sizeof nl));
    }
    return DMLP_OK;
}

static dmlp_status check_input_edges(const DML_GRAPH_DESC *d, work *w)
{
    dmlp_status st;
    char label[128];
    for (uint32_t i = 0; i < d->InputEdgeCount; i++) {
        const DML_INPUT_GRAPH_EDGE_DESC *e =
            edge_desc(d->InputEdges, DML_GRAPH_EDGE_TYPE_INPUT, i, &st);
        if (!e)
            return st;
        edge_label(DML_GRAPH_EDGE_TYPE_INPUT, i, e->Name, label, sizeof label);
        if (e->GraphInputIndex >= d->InputCount)
            return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                               "dmlp_graph_compile: %s: GraphInputIndex is %u; InputCount is %u",
                               label, e->GraphInputIndex, d->InputCount);
        if ((st = check_target(d, w, label, e->ToNodeIndex, e->ToNodeInputIndex)) != DMLP_OK)
            return st;
        const dmlp__tensor *t = op_input(w->info.ops[e->ToNodeIndex], e->ToNodeInputIndex);
        dmlp__tensor *g = &w->info.inputs[e->GraphInputIndex];
        if (w->input_uses[e->GraphInputIndex]++ == 0) {
            *g = *t;
        } else {
            if (g->type != t->type)
                return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                                   "dmlp_graph_compile: %s: node %u input %u has DataType %s; "
                                   "graph input %u also feeds an input of DataType %s, and one "
                                   "graph input has one type",
                                   label, e->ToNodeIndex, e->ToNodeInputIndex,
                                   dmlp__type_name(t->type), e->GraphInputIndex,
                                   dmlp__type_name(g->type));
            if (t->total_bytes > g->total_bytes)
                g->total_bytes = t->total_bytes;
            if (t->alignment > g->alignment)
                g->alignment = t->alignment;
        }
        w->info.feed[e->ToNodeIndex][e->ToNodeInputIndex] =
            (dmlp__graph_source){DMLP__SOURCE_INPUT, e->GraphInputIndex};
    }
    return DMLP_OK;
}

static dmlp_status check_intermediate_edges(const DML_GRAPH_DESC *d, work *w)
{
    dmlp_status st;
    char label[128], from[128], to[128], fs[160], ts[160];
    for (uint32_t i = 0; i < d->IntermediateEdgeCount; i++) {
        const DML_INTERMEDIATE_GRAPH_EDGE_DESC *e =
            edge_desc(d->IntermediateEdges, DML_GRAPH_EDGE_TYPE_INTERMEDIATE, i, &st);
        if (!e)
            return st;
        edge_label(DML_GRAPH_EDGE_TYPE_INTERMEDIATE, i, e->Name, label, sizeof label);
        if ((st = check_source(d, label, e->FromNodeIndex, e->FromNodeOutputIndex)) != DMLP_OK ||
            (st = check_target(d, w, label, e->ToNodeIndex, e->ToNodeInputIndex)) != DMLP_OK)
            return st;
        if (e->FromNodeIndex == e->ToNodeIndex)
            return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                          "dmlp_graph_compile: %s: %s feeds itself; a graph has no cycles%s",
                          label, node_label(d, e->FromNodeIndex, from, sizeof from), "");
        const dmlp__tensor *t = op_input(w->info.ops[e->ToNodeIndex], e->ToNodeInputIndex);
        node_label(d, e->FromNodeIndex, from, sizeof from);
        node_label(d, e->ToNodeIndex, to, sizeof to);
        const dmlp_operator *src = w->info.ops[e->FromNodeIndex];
        if (src) {
            const dmlp__tensor *o = &src->info.output;
            if (!compatible(o, t))
                return dmlp__error(
                    DMLP_ERROR_INVALID_ARGUMENT,
                    "dmlp_graph_compile: %s: %s's OutputTensor is %s %s, spanning %" PRIu64
                    " bytes; %s input %u is %s %s, spanning %" PRIu64 "; an intermediate edge "
                    "joins tensors of one DataType, the input reading within the output",
                    label, from, dmlp__type_name(o->type), sizes_text(o, fs, sizeof fs), span(o),
                    to, e->ToNodeInputIndex, dmlp__type_name(t->type),
                    sizes_text(t, ts, sizeof ts), span(t));
        } else {
            const DML_CONSTANT_DATA_GRAPH_NODE_DESC *c = w->info.constants[e->FromNodeIndex];
            if (c->DataSize < t->total_bytes)
                return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                                   "dmlp_graph_compile: %s: %s's DataSize is %zu; %s input %u "
                                   "reads TotalTensorSizeInBytes (%" PRIu64 ")",
                                   label, from, c->DataSize, to, e->ToNodeInputIndex,
                                   t->total_bytes);
        }
        w->info.feed[e->ToNodeIndex][e->ToNodeInputIndex] = (dmlp__graph_source){
            src ? DMLP__SOURCE_STEP : DMLP__SOURCE_CONSTANT, e->FromNodeIndex};
        w->info.uses[e->FromNodeIndex]++;
        w->output_used[e->FromNodeIndex] = true;
    }
    return DMLP_OK;
}

static dmlp_status check_output_edges(const DML_GRAPH_DESC *d, work *w)
{
    dmlp_status st;
    char label[128], nl[128];
    for (uint32_t i = 0; i < d->OutputEdgeCount; i++) {
        const DML_OUTPUT_GRAPH_EDGE_DESC *e =
            edge_desc(d->OutputEdges, DML_GRAPH_EDGE_TYPE_OUTPUT, i, &st);
        if (!e)
            return st;
        edge_label(DML_GRAPH_EDGE_TYPE_OUTPUT, i, e->Name, label, sizeof label);
        if ((st = check_source(d, label, e->FromNodeIndex, e->FromNodeOutputIndex)) != DMLP_OK)
            return st;
        if (!w->info.ops[e->FromNodeIndex])
            return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                          "dmlp_graph_compile: %s: FromNodeIndex is %s, a constant node; a "
                          "graph output comes from an operator node%s",
                          label, node_label(d, e->FromNodeIndex, nl, sizeof nl), "");
        if (e->GraphOutputIndex >= d->OutputCount)
            return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                               "dmlp_graph_compile: %s: GraphOutputIndex is %u; OutputCount is "
                               "%u",
                               label, e->GraphOutputIndex, d->OutputCount);
        if (w->info.output_node[e->GraphOutputIndex] != UINT32_MAX)
            return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                               "dmlp_graph_compile: %s: graph output %u is already fed by "
                               "another edge; every graph output is fed exactly once",
                               label, e->GraphOutputIndex);
        w->info.output_node[e->GraphOutputIndex] = e->FromNodeIndex;
        w->info.output_uses[e->FromNodeIndex]++;
        w->output_used[e->FromNodeIndex] = true;
    }
    return DMLP_OK;
}

static dmlp_status check_everything_connected(const DML_GRAPH_DESC *d, const work *w)
{
    char nl[128];
    for (uint32_t g = 0; g < d->InputCount; g++)
        if (w->input_uses[g] == 0)
            return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                               "dmlp_graph_compile: graph input %u feeds no node; every graph "
                               "input must have an input edge",
                               g);
    for (uint32_t g = 0; g < d->OutputCount; g++)
        if (w->info.output_node[g] == UINT32_MAX)
            return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                               "dmlp_graph_compile: graph output %u is fed by no edge; every "
                               "graph output must have an output edge",
                               g);
    for (uint32_t n = 0; n < d->NodeCount; n++) {
        const dmlp_operator *op = w->info.ops[n];
        for (uint32_t k = 0; op && k < op->info.input_count; k++)
            if (w->info.feed[n][k].kind == (dmlp__graph_source_kind)-1 &&
                !(op->info.absent >> k & 1u))
                return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                                   "dmlp_graph_compile: %s (%s): input %u is fed by no edge; "
                                   "every node input is fed exactly once",
                                   node_label(d, n, nl, sizeof nl), op->name, k);
    }
    for (uint32_t n = 0; n < d->NodeCount; n++) {
        node_label(d, n, nl, sizeof nl);
        if (!w->output_used[n])
            return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                          "dmlp_graph_compile: %s: its output feeds nothing; every node "
                          "output must reach a graph output or another node%s",
                          nl, "");
    }
    return DMLP_OK;
}

/* Kahn's order over the operator nodes; a node left over lies on a cycle. Each node's
   consumers are listed once (CSR: consumers[first[n] .. first[n + 1])), so the order
   costs O(nodes + edges), not a scan of every node per node ordered. */
static dmlp_status order_nodes(const DML_GRAPH_DESC *d, work *w)
{
    uint32_t n_nodes = d->NodeCount;
    uint32_t *waiting = calloc(n_nodes, sizeof *waiting);
    uint32_t *first = calloc((size_t)n_nodes + 1, sizeof *first);
    uint32_t *consumers = malloc((d->IntermediateEdgeCount ? d->IntermediateEdgeCount : 1) *
                                 sizeof *consumers);
    if (!waiting || !first || !consumers) {
        free(waiting);
        free(first);
        free(consumers);
        return dmlp__error(DMLP_ERROR_OUT_OF_MEMORY, "dmlp_graph_compile: out of memory");
    }
    /* Consumers in node then input order: the order Kahn's visits them in is then the
       same on every run. */
    for (uint32_t n = 0; n < n_nodes; n++) {
        const dmlp_operator *op = w->info.ops[n];
        for (uint32_t k = 0; op && k < op->info.input_count; k++)
            if (w->info.feed[n][k].kind == DMLP__SOURCE_STEP)
                first[w->info.feed[n][k].index + 1]++;
    }
    for (uint32_t n = 0; n < n_nodes; n++)
        first[n + 1] += first[n];
    uint32_t count = 0;
    for (uint32_t n = 0; n < n_nodes; n++) {
        const dmlp_operator *op = w->info.ops[n];
        for (uint32_t k = 0; op && k < op->info.input_count; k++)
            if (w->info.feed[n][k].kind == DMLP__SOURCE_STEP) {
                uint32_t from = w->info.feed[n][k].index;
                consumers[first[from] + waiting[from]++] = n; /* waiting: a fill cursor here */
            }
    }
    for (uint32_t n = 0; n < n_nodes; n++) {
        const dmlp_operator *op = w->info.ops[n];
        waiting[n] = 0;
        for (uint32_t k = 0; op && k < op->info.input_count; k++)
            waiting[n] += w->info.feed[n][k].kind == DMLP__SOURCE_STEP;
        if (op && waiting[n] == 0)
            w->info.order[count++] = n;
    }
    for (uint32_t done = 0; done < count; done++) {
        uint32_t from = w->info.order[done];
        for (uint32_t c = first[from]; c < first[from + 1]; c++)
            if (--waiting[consumers[c]] == 0)
                w->info.order[count++] = consumers[c];
    }
    uint32_t operators = 0;
    for (uint32_t n = 0; n < n_nodes; n++)
        operators += w->info.ops[n] != NULL;
    dmlp_status st = DMLP_OK;
    if (count < operators) {
        uint32_t n = 0;
        while (!w->info.ops[n] || waiting[n] == 0)
            n++;
        char nl[128];
        st = dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                    "dmlp_graph_compile: %s lies on a cycle of intermediate edges; a graph is "
                    "acyclic%s",
                    node_label(d, n, nl, sizeof nl), "");
    }
    w->info.order_count = count;
    free(waiting);
    free(first);
    free(consumers);
    return st;
}

static dmlp_status check_counts(const DML_GRAPH_DESC *d)
{
    const struct {
        const char *name;
        uint32_t count;
        const void *list;
        uint32_t least;
    } c[] = {{"InputCount", d->InputCount, d, 0},
             {"OutputCount", d->OutputCount, d, 1},
             {"NodeCount", d->NodeCount, d->Nodes, 1},
             {"InputEdgeCount", d->InputEdgeCount, d->InputEdges, 0},
             {"OutputEdgeCount", d->OutputEdgeCount, d->OutputEdges, 0},
             {"IntermediateEdgeCount", d->IntermediateEdgeCount, d->IntermediateEdges, 0}};
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        if (c[i].count < c[i].least || c[i].count > MAX_COUNT)
            return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                               "dmlp_graph_compile: %s is %u; it must be %u to %u", c[i].name,
                               c[i].count, c[i].least, MAX_COUNT);
        if (c[i].count && !c[i].list)
            return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                               "dmlp_graph_compile: %s is %u and its array is NULL", c[i].name,
                               c[i].count);
    }
    return DMLP_OK;
}

static void work_free(work *w)
{
    free(w->info.ops);
    free(w->info.constants);
    free(w->info.feed);
    free(w->info.uses);
    free(w->info.output_uses);
    free(w->info.order);
    free(w->info.output_node);
    free(w->info.inputs);
    free(w->output_used);
    free(w->input_uses);
}

static dmlp_status check_graph(dmlp_device *device, const DML_GRAPH_DESC *d, work *w)
{
    uint32_t n = d->NodeCount;
    w->info.desc = d;
    w->info.ops = calloc(n, sizeof *w->info.ops);
    w->info.constants = calloc(n, sizeof *w->info.constants);
    w->info.feed = malloc(n * sizeof *w->info.feed);
    w->info.uses = calloc(n, sizeof *w->info.uses);
    w->info.output_uses = calloc(n, sizeof *w->info.output_uses);
    w->info.order = calloc(n, sizeof *w->info.order);
    w->info.output_node = malloc(d->OutputCount * sizeof *w->info.output_node);
    w->info.inputs = calloc(d->InputCount ? d->InputCount : 1, sizeof *w->info.inputs);
    w->output_used = calloc(n, sizeof *w->output_used);
    w->input_uses = calloc(d->InputCount ? d->InputCount : 1, sizeof *w->input_uses);
    if (!w->info.ops || !w->info.constants || !w->info.feed || !w->info.uses || !w->info.output_uses ||
        !w->info.order ||
        !w->info.output_node || !w->info.inputs || !w->output_used || !w->input_uses)
        return dmlp__error(DMLP_ERROR_OUT_OF_MEMORY, "dmlp_graph_compile: out of memory");
    for (uint32_t i = 0; i < n; i++)
        for (uint32_t k = 0; k < DMLP__MAX_INPUTS; k++)
            w->info.feed[i][k].kind = (dmlp__graph_source_kind)-1;
    for (uint32_t g = 0; g < d->OutputCount; g++)
        w->info.output_node[g] = UINT32_MAX;
    dmlp_status st;
    if ((st = check_nodes(d, device, w)) != DMLP_OK ||
        (st = check_input_edges(d, w)) != DMLP_OK ||
        (st = check_intermediate_edges(d, w)) != DMLP_OK ||
        (st = check_output_edges(d, w)) != DMLP_OK ||
        (st = check_everything_connected(d, w)) != DMLP_OK)
        return st;
    return order_nodes(d, w);
}

dmlp_status dmlp_graph_compile(dmlp_device *device, const DML_GRAPH_DESC *desc,
                               uint32_t execution_flags, dmlp_operator **op)
{
    if (!device)
        return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                           "dmlp_graph_compile: device is NULL; it must be a device from "
                           "dmlp_device_create");
    if (!desc || !op)
        return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                           "dmlp_graph_compile: %s is NULL; it must point to %s",
                           !desc ? "desc" : "op",
                           !desc ? "a DML_GRAPH_DESC" : "a dmlp_operator * to receive the graph");
    uint32_t allowed = DML_FLAGS | ((device->flags & DMLP_DEVICE_FLAG_EXTENSIONS) ? GRAPH_FLAGS : 0);
    if (execution_flags & ~allowed)
        return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                           "dmlp_graph_compile: execution_flags is 0x%x; bits 0x%x are not "
                           "DML_EXECUTION_FLAGS%s",
                           execution_flags, execution_flags & ~allowed,
                           (execution_flags & ~allowed & ~GRAPH_FLAGS) == 0
                               ? " (DMLP_EXECUTION_FLAG_GRAPH_* need DMLP_DEVICE_FLAG_EXTENSIONS)"
                               : "");
    dmlp_status st = check_counts(desc);
    if (st != DMLP_OK)
        return st;
    work w;
    memset(&w, 0, sizeof w);
    w.info.execution_flags = execution_flags;
    st = check_graph(device, desc, &w);
    dmlp_operator *o = NULL;
    dmlp__graph *g = NULL;
    if (st == DMLP_OK) {
        o = calloc(1, sizeof *o);
        g = calloc(1, sizeof *g);
        if (!o || !g)
            st = dmlp__error(DMLP_ERROR_OUT_OF_MEMORY, "dmlp_graph_compile: out of memory");
    }
    if (st == DMLP_OK)
        st = dmlp__graph_plan(&w.info, g);
    work_free(&w);
    if (st != DMLP_OK) {
        if (g)
            dmlp__graph_free(g);
        free(o);
        return st;
    }
    o->device = device;
    o->name = "graph";
    o->graph = g;
    *op = o;
    return DMLP_OK;
}
