/* `dmlp bench`'s graphs section: chains of element-wise operators compiled with
   dmlp_graph_compile and run in one pass, against one operator over the same tensor (the
   one-pass bound) and against the same operators executed one by one through
   preallocated intermediates (what running the nodes in turn costs). */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "core/bench_hooks.h"

enum { MAX_NODES = 4 };

/* One chain: its operators (node i reads x, the constant 1 or node j's output), its
   graph and the single operator it is compared with. */
typedef struct chain {
    const char *name;
    double speedup_target; /* over the nodes one by one; 0: none asked */
    uint32_t node_count;
    DML_OPERATOR_TYPE ops[MAX_NODES];
    int in[MAX_NODES][2]; /* -1: x, -2: the constant 1, -3: none, j >= 0: node j */
} chain;

static const chain chains[] = {
    {"softsign model: Div(x, Add(Abs(x), 1))",
     2.5,
     3,
     {DML_OPERATOR_ELEMENT_WISE_ABS, DML_OPERATOR_ELEMENT_WISE_ADD,
      DML_OPERATOR_ELEMENT_WISE_DIVIDE},
     {{-1, -3}, {0, -2}, {-1, 1}}},
    {"Sign(Softsign(x))",
     0,
     2,
     {DML_OPERATOR_ACTIVATION_SOFTSIGN, DML_OPERATOR_ELEMENT_WISE_SIGN},
     {{-1, -3}, {0, -3}}},
    {"Sign(softsign model)",
     2.5,
     4,
     {DML_OPERATOR_ELEMENT_WISE_ABS, DML_OPERATOR_ELEMENT_WISE_ADD,
      DML_OPERATOR_ELEMENT_WISE_DIVIDE, DML_OPERATOR_ELEMENT_WISE_SIGN},
     {{-1, -3}, {0, -2}, {-1, 1}, {2, -3}}},
    /* a two-input node after the chain: one pass in blocks */
    {"Add(Sign(Softsign(x)), 1)",
     0,
     3,
     {DML_OPERATOR_ACTIVATION_SOFTSIGN, DML_OPERATOR_ELEMENT_WISE_SIGN,
      DML_OPERATOR_ELEMENT_WISE_ADD},
     {{-1, -3}, {0, -3}, {1, -2}}},
};

typedef struct built {
    dmlp_operator *ops[MAX_NODES];
    dmlp_operator *graph;
    dmlp_operator *single; /* one Softsign over the tensor */
} built;

static dmlp_operator *make_op(dmlp_device *dev, DML_OPERATOR_TYPE type, uint32_t *sizes,
                              bool b_scalar)
{
    static const uint32_t zero[4] = {0, 0, 0, 0};
    const DML_TENSOR_DATA_TYPE f32 = DML_TENSOR_DATA_TYPE_FLOAT32;
    DML_BUFFER_TENSOR_DESC packed = {f32, DML_TENSOR_FLAG_NONE, 4, sizes, NULL,
                                     dmlp_calc_buffer_tensor_size(f32, 4, sizes, NULL), 0};
    DML_BUFFER_TENSOR_DESC scalar = {f32, DML_TENSOR_FLAG_NONE, 4, sizes, zero,
                                     dmlp_calc_buffer_tensor_size(f32, 4, sizes, zero), 0};
    DML_TENSOR_DESC p = {DML_TENSOR_TYPE_BUFFER, &packed}, s = {DML_TENSOR_TYPE_BUFFER, &scalar};
    DML_ELEMENT_WISE_ADD1_OPERATOR_DESC two = {&p, b_scalar ? &s : &p, &p, NULL};
    DML_ELEMENT_WISE_ABS_OPERATOR_DESC one = {&p, &p, NULL};
    bool binary = type == DML_OPERATOR_ELEMENT_WISE_ADD || type == DML_OPERATOR_ELEMENT_WISE_DIVIDE;
    DML_OPERATOR_DESC desc = {type, binary ? (const void *)&two : (const void *)&one};
    dmlp_operator *op = NULL;
    if (dmlp_operator_create(dev, &desc, 0, &op) != DMLP_OK) {
        fprintf(stderr, "dmlp: bench: graphs: %s\n", dmlp_last_error());
        return NULL;
    }
    return op;
}

static const float one_f32[2] = {1.0f, 1.0f};

static int build(dmlp_device *dev, const chain *c, uint32_t *sizes, built *b)
{
    memset(b, 0, sizeof *b);
    for (uint32_t i = 0; i < c->node_count; i++)
        if (!(b->ops[i] = make_op(dev, c->ops[i], sizes, c->in[i][1] == -2)))
            return 0;
    if (!(b->single = make_op(dev, DML_OPERATOR_ACTIVATION_SOFTSIGN, sizes, false)))
        return 0;
    DML_GRAPH_NODE_DESC nodes[MAX_NODES + 1];
    DML_OPERATOR_GRAPH_NODE_DESC op_nodes[MAX_NODES];
    DML_CONSTANT_DATA_GRAPH_NODE_DESC one = {one_f32, sizeof one_f32, "one"};
    DML_GRAPH_EDGE_DESC in_edges[2 * MAX_NODES], mid_edges[2 * MAX_NODES], out_edge;
    DML_INPUT_GRAPH_EDGE_DESC in_e[2 * MAX_NODES];
    DML_INTERMEDIATE_GRAPH_EDGE_DESC mid_e[2 * MAX_NODES];
    DML_OUTPUT_GRAPH_EDGE_DESC out_e = {c->node_count - 1, 0, 0, NULL};
    uint32_t ni = 0, nm = 0, constant = c->node_count;
    for (uint32_t i = 0; i < c->node_count; i++) {
        op_nodes[i] = (DML_OPERATOR_GRAPH_NODE_DESC){b->ops[i], NULL};
        nodes[i] = (DML_GRAPH_NODE_DESC){DML_GRAPH_NODE_TYPE_OPERATOR, &op_nodes[i]};
        for (uint32_t k = 0; k < 2; k++) {
            int v = c->in[i][k];
            if (v == -1) {
                in_e[ni] = (DML_INPUT_GRAPH_EDGE_DESC){0, i, k, NULL};
                in_edges[ni] = (DML_GRAPH_EDGE_DESC){DML_GRAPH_EDGE_TYPE_INPUT, &in_e[ni]};
                ni++;
            } else if (v == -2 || v >= 0) {
                uint32_t from = v == -2 ? constant : (uint32_t)v;
                mid_e[nm] = (DML_INTERMEDIATE_GRAPH_EDGE_DESC){from, 0, i, k, NULL};
                mid_edges[nm] = (DML_GRAPH_EDGE_DESC){DML_GRAPH_EDGE_TYPE_INTERMEDIATE, &mid_e[nm]};
                nm++;
            }
        }
    }
    uint32_t node_count = c->node_count;
    for (uint32_t i = 0; i < c->node_count; i++)
        if (c->in[i][1] == -2)
            node_count = c->node_count + 1;
    nodes[constant] = (DML_GRAPH_NODE_DESC){DML_GRAPH_NODE_TYPE_CONSTANT, &one};
    out_edge = (DML_GRAPH_EDGE_DESC){DML_GRAPH_EDGE_TYPE_OUTPUT, &out_e};
    DML_GRAPH_DESC desc = {1, 1, node_count, nodes, ni, in_edges, 1, &out_edge, nm, mid_edges};
    if (dmlp_graph_compile(dev, &desc, 0, &b->graph) != DMLP_OK) {
        fprintf(stderr, "dmlp: bench: graphs: %s\n", dmlp_last_error());
        return 0;
    }
    return 1;
}

static void destroy(built *b)
{
    for (uint32_t i = 0; i < MAX_NODES; i++)
        dmlp_operator_destroy(b->ops[i]);
    dmlp_operator_destroy(b->graph);
    dmlp_operator_destroy(b->single);
}

/* Seconds of one graph execute, of one Softsign, and of the nodes one by one. */
static int time_once(const chain *c, const built *b, void *x, void *y, void *mid[MAX_NODES],
                     uint64_t bytes, double t[3])
{
    dmlp_buffer_binding in = {x, 0, bytes}, out = {y, 0, bytes};
    double t0 = bench_now();
    if (dmlp_operator_execute(b->graph, 1, &in, 1, &out) != DMLP_OK)
        return 0;
    double t1 = bench_now();
    if (dmlp_operator_execute(b->single, 1, &in, 1, &out) != DMLP_OK)
        return 0;
    double t2 = bench_now();
    for (uint32_t i = 0; i < c->node_count; i++) {
        dmlp_buffer_binding bind[2];
        for (uint32_t k = 0; k < 2; k++) {
            int v = c->in[i][k];
            void *p = v == -1 ? x : v == -2 ? (void *)one_f32 : v >= 0 ? mid[v] : NULL;
            bind[k] = (dmlp_buffer_binding){p, 0, v == -2 ? sizeof one_f32 : bytes};
        }
        dmlp_buffer_binding o = {i + 1 == c->node_count ? y : mid[i], 0, bytes};
        if (dmlp_operator_execute(b->ops[i], c->in[i][1] == -3 ? 1 : 2, bind, 1, &o) != DMLP_OK)
            return 0;
    }
    t[0] = t1 - t0;
    t[1] = t2 - t1;
    t[2] = bench_now() - t2;
    return 1;
}

int bench_graphs(dmlp_device *const *devices, const unsigned *threads, unsigned thread_count,
                 void *x, void *y, size_t large_mib, unsigned reps, bench_graph_rows *rows)
{
    uint64_t elements = ((uint64_t)large_mib << 20) / 4;
    uint32_t cols = 4096, rcount = (uint32_t)(elements / cols);
    uint32_t sizes[4] = {1, 1, rcount, cols};
    uint64_t bytes = dmlp_calc_buffer_tensor_size(DML_TENSOR_DATA_TYPE_FLOAT32, 4, sizes, NULL);
    void *mid[MAX_NODES] = {NULL};
    int ok = 1;
    for (uint32_t i = 0; i + 1 < MAX_NODES && ok; i++) {
        mid[i] = dmlp__bench_alloc(4096, (size_t)bytes);
        ok = mid[i] != NULL;
        if (ok)
            memset(mid[i], 0, (size_t)bytes);
    }
    for (unsigned t = 0; t < thread_count && ok; t++)
        for (size_t ci = 0; ci < sizeof chains / sizeof chains[0] && ok; ci++) {
            const chain *c = &chains[ci];
            fprintf(stderr, "bench: graphs: %s on %u thread(s)\n", c->name, threads[t]);
            built b;
            ok = build(devices[t], c, sizes, &b);
            double ts[3][64];
            for (unsigned r = 0; r < reps && ok; r++) {
                double one[3];
                ok = time_once(c, &b, x, y, mid, bytes, one);
                for (int k = 0; k < 3 && ok; k++)
                    ts[k][r] = one[k];
            }
            if (ok && rows->count < BENCH_GRAPH_ROWS) {
                bench_graph_row *w = &rows->rows[rows->count++];
                w->name = c->name;
                w->speedup_target = c->speedup_target;
                w->threads = threads[t];
                w->elements = (uint64_t)rcount * cols;
                w->fused = bench_median(ts[0], reps);
                w->single = bench_median(ts[1], reps);
                w->nodes = bench_median(ts[2], reps);
                dmlp__bench_graph_describe(b.graph, w->how, sizeof w->how);
            } else if (!ok) {
                fprintf(stderr, "dmlp: bench: graphs: %s\n", dmlp_last_error());
            }
            destroy(&b);
        }
    for (uint32_t i = 0; i < MAX_NODES; i++)
        dmlp__bench_free(mid[i]);
    return ok;
}
