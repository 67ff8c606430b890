/* test_graph_scale: graphs at the limits of DML_GRAPH_DESC's counts. A chain of 65,535
   int32 Sign nodes compiles in linear time and runs right. */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/graph.h"
#include "dmlp.h"
#include "test_util.h"

#define I32 DML_TENSOR_DATA_TYPE_INT32
#define MAX_NODES 65535u

/* Thinner under AddressSanitizer and qemu, where every step costs tens of times more. */
#if defined(SANITIZED) || defined(DMLP_TEST_EMULATED)
#define CHAIN_NODES 4096u
#define TIMED 0
#else
#define CHAIN_NODES MAX_NODES
#define TIMED 1
#endif

static double seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* One int32 tensor of n elements, packed, and an operator over it. */
typedef struct tensor {
    uint32_t sizes[1];
    DML_BUFFER_TENSOR_DESC buf;
    DML_TENSOR_DESC td;
} tensor;

static void tensor_init(tensor *t, uint32_t n)
{
    t->sizes[0] = n;
    t->buf = (DML_BUFFER_TENSOR_DESC){I32, DML_TENSOR_FLAG_NONE, 1, t->sizes, NULL,
                                      dmlp_calc_buffer_tensor_size(I32, 1, t->sizes, NULL), 0};
    t->td = (DML_TENSOR_DESC){DML_TENSOR_TYPE_BUFFER, &t->buf};
}

static dmlp_operator *sign_op(dmlp_device *dev, const tensor *t)
{
    DML_ELEMENT_WISE_SIGN_OPERATOR_DESC d = {&t->td, &t->td};
    DML_OPERATOR_DESC od = {DML_OPERATOR_ELEMENT_WISE_SIGN, &d};
    dmlp_operator *op = NULL;
    CHECK_STATUS(dmlp_operator_create(dev, &od, 0, &op), DMLP_OK);
    return op;
}

/* A graph description with room for `nodes` nodes, `mids` intermediate edges and
   `outs` output edges, filled by the caller. */
typedef struct graph {
    DML_GRAPH_NODE_DESC *nodes;
    DML_OPERATOR_GRAPH_NODE_DESC *op_nodes;
    DML_GRAPH_EDGE_DESC in_edge, *mid_edges, *out_edges;
    DML_INPUT_GRAPH_EDGE_DESC in_e;
    DML_INTERMEDIATE_GRAPH_EDGE_DESC *mid_e;
    DML_OUTPUT_GRAPH_EDGE_DESC *out_e;
    DML_GRAPH_DESC desc;
} graph;

static void graph_alloc(graph *g, uint32_t nodes, uint32_t mids, uint32_t outs)
{
    memset(g, 0, sizeof *g);
    g->nodes = calloc(nodes, sizeof *g->nodes);
    g->op_nodes = calloc(nodes, sizeof *g->op_nodes);
    g->mid_edges = calloc(mids ? mids : 1, sizeof *g->mid_edges);
    g->mid_e = calloc(mids ? mids : 1, sizeof *g->mid_e);
    g->out_edges = calloc(outs, sizeof *g->out_edges);
    g->out_e = calloc(outs, sizeof *g->out_e);
    if (!g->nodes || !g->op_nodes || !g->mid_edges || !g->mid_e || !g->out_edges || !g->out_e) {
        fprintf(stderr, "test_graph_scale: out of memory\n");
        exit(1);
    }
    g->desc = (DML_GRAPH_DESC){1,     outs, nodes,        g->nodes, 1, &g->in_edge,
                               outs,  g->out_edges, mids, g->mid_edges};
}

static void graph_free(graph *g)
{
    free(g->nodes);
    free(g->op_nodes);
    free(g->mid_edges);
    free(g->mid_e);
    free(g->out_edges);
    free(g->out_e);
}

static void set_node(graph *g, uint32_t n, dmlp_operator *op)
{
    g->op_nodes[n] = (DML_OPERATOR_GRAPH_NODE_DESC){op, NULL};
    g->nodes[n] = (DML_GRAPH_NODE_DESC){DML_GRAPH_NODE_TYPE_OPERATOR, &g->op_nodes[n]};
}

static void set_input(graph *g, uint32_t node)
{
    g->in_e = (DML_INPUT_GRAPH_EDGE_DESC){0, node, 0, NULL};
    g->in_edge = (DML_GRAPH_EDGE_DESC){DML_GRAPH_EDGE_TYPE_INPUT, &g->in_e};
}

static void set_mid(graph *g, uint32_t i, uint32_t from, uint32_t to, uint32_t to_input)
{
    g->mid_e[i] = (DML_INTERMEDIATE_GRAPH_EDGE_DESC){from, 0, to, to_input, NULL};
    g->mid_edges[i] = (DML_GRAPH_EDGE_DESC){DML_GRAPH_EDGE_TYPE_INTERMEDIATE, &g->mid_e[i]};
}

static void set_out(graph *g, uint32_t i, uint32_t from, uint32_t output)
{
    g->out_e[i] = (DML_OUTPUT_GRAPH_EDGE_DESC){from, 0, output, NULL};
    g->out_edges[i] = (DML_GRAPH_EDGE_DESC){DML_GRAPH_EDGE_TYPE_OUTPUT, &g->out_e[i]};
}

/* Sign(Sign(...Sign(x))) of `count` nodes, listed last node first so that the order is
   the graph's work, not the list's; it compiles in well under a second (a scan of every
   node per node ordered took 23 s at 65,535 nodes) and gives Sign(x). */
static void long_chain(dmlp_device *dev, uint32_t count)
{
    tensor t;
    tensor_init(&t, 16);
    dmlp_operator *sign = sign_op(dev, &t);
    graph g;
    graph_alloc(&g, count, count - 1, 1);
    for (uint32_t n = 0; n < count; n++)
        set_node(&g, n, sign);
    set_input(&g, count - 1);
    for (uint32_t i = 0; i + 1 < count; i++) /* node count-1 feeds count-2 ... feeds 0 */
        set_mid(&g, i, count - 1 - i, count - 2 - i, 0);
    set_out(&g, 0, 0, 0);
    dmlp_operator *compiled = NULL;
    double start = seconds();
    CHECK_STATUS(dmlp_graph_compile(dev, &g.desc, 0, &compiled), DMLP_OK);
    double took = seconds() - start;
    printf("long chain: %u nodes compiled in %.3f s\n", count, took);
    if (TIMED)
        CHECK(took < 5.0, "a %u-node chain compiled in %.3f s", count, took);
    int32_t x[16], y[16];
    for (int i = 0; i < 16; i++)
        x[i] = (i - 8) * 1000003;
    memset(y, 0x55, sizeof y);
    dmlp_buffer_binding in = {x, 0, sizeof x}, out = {y, 0, sizeof y};
    if (compiled)
        CHECK_STATUS(dmlp_operator_execute(compiled, 1, &in, 1, &out), DMLP_OK);
    for (int i = 0; i < 16; i++)
        CHECK(y[i] == (x[i] > 0) - (x[i] < 0), "element %d: %d", i, y[i]);
    dmlp_operator_destroy(compiled);
    dmlp_operator_destroy(sign);
    graph_free(&g);
}

int main(void)
{
    dmlp_device *dev = NULL;
    CHECK_STATUS(dmlp_device_create(NULL, &dev), DMLP_OK);
    if (!dev)
        return test_finish("test_graph_scale");
    long_chain(dev, CHAIN_NODES);
    dmlp_device_destroy(dev);
    return test_finish("test_graph_scale");
}
