/* test_graph_scale: graphs at the limits of DML_GRAPH_DESC's counts. A chain of 65,535
   int32 Sign nodes compiles (in linear time: 0.6 s where the quadratic order took 70 s)
   and runs right. 65,535 graph outputs, from one node and from two per node, execute
   (O(n log n): a check of every pair of outputs took 8.9 s per execute), each output right, and an overlap among them (or with the
   input) is still refused, naming both, with nothing written. Node by node, an
   intermediate's buffer serves another after its last reader: a 200-node chain in which
   each node adds the two before it holds 3 buffers (not 199) and gives the nodes' results
   run one at a time; a tree of 256 leaves holds 257; one whose intermediates could not
   fit in any machine's memory is refused at compile, naming the bytes. The times are
   printed, not asserted (a timed test fails on a busy machine); the ctest TIMEOUT is the
   guard against a quadratic step coming back. */
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
#if TEST_THIN
#define CHAIN_NODES 4096u
#define MANY_OUTPUTS 4096u
#else
#define CHAIN_NODES MAX_NODES
#define MANY_OUTPUTS MAX_NODES
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

/* `outputs` graph outputs of 4 int32 each, bound one after another (touching, which is
   allowed): from one Sign node (node by node: one run, then copies) or, `per_node` = 2,
   two from each of outputs / 2 Sign nodes of the graph input (one pass). */
static void many_outputs(dmlp_device *dev, uint32_t outputs, uint32_t per_node)
{
    tensor t;
    tensor_init(&t, 4);
    dmlp_operator *sign = sign_op(dev, &t);
    uint32_t nodes = per_node == 1 ? 1 : outputs / per_node;
    if (per_node > 1)
        outputs = nodes * per_node;
    graph g;
    graph_alloc(&g, nodes, 0, outputs);
    g.desc.InputEdgeCount = nodes;
    DML_GRAPH_EDGE_DESC *in_edges = calloc(nodes, sizeof *in_edges);
    DML_INPUT_GRAPH_EDGE_DESC *in_e = calloc(nodes, sizeof *in_e);
    size_t bytes = (size_t)outputs * 16;
    int32_t *y = malloc(bytes + 16), *x = malloc(16);
    dmlp_buffer_binding *out = calloc(outputs, sizeof *out);
    if (!in_edges || !in_e || !y || !x || !out) {
        fprintf(stderr, "test_graph_scale: out of memory\n");
        exit(1);
    }
    for (uint32_t n = 0; n < nodes; n++) {
        set_node(&g, n, sign);
        in_e[n] = (DML_INPUT_GRAPH_EDGE_DESC){0, n, 0, NULL};
        in_edges[n] = (DML_GRAPH_EDGE_DESC){DML_GRAPH_EDGE_TYPE_INPUT, &in_e[n]};
    }
    g.desc.InputEdges = in_edges;
    for (uint32_t o = 0; o < outputs; o++)
        set_out(&g, o, per_node == 1 ? 0 : o / per_node, (o * 7919u) % outputs); /* outputs out of node order */
    dmlp_operator *compiled = NULL;
    CHECK_STATUS(dmlp_graph_compile(dev, &g.desc, 0, &compiled), DMLP_OK);
    const int32_t values[4] = {-7, 0, 9, INT32_MIN};
    memcpy(x, values, 16);
    dmlp_buffer_binding in = {x, 0, 16};
    for (uint32_t o = 0; o < outputs; o++)
        out[o] = (dmlp_buffer_binding){y, (uint64_t)o * 16, 16};
    memset(y, 0x55, bytes);
    double start = seconds();
    if (compiled)
        CHECK_STATUS(dmlp_operator_execute(compiled, 1, &in, outputs, out), DMLP_OK);
    double took = seconds() - start;
    printf("many outputs: %u outputs from %u node%s executed in %.3f s\n", outputs, nodes,
           nodes == 1 ? "" : "s", took);
    uint32_t wrong = 0;
    for (size_t i = 0; i < (size_t)outputs * 4; i++)
        wrong += y[i] != (values[i % 4] > 0) - (values[i % 4] < 0);
    CHECK(wrong == 0, "%u of %u output elements wrong", wrong, outputs * 4);

    /* Output 40000 (or 3/5 of the way) moved 4 bytes into the one before it in memory:
       refused, naming both, and nothing written; then onto the input. */
    uint32_t moved = outputs / 5 * 3, before = moved - 1;
    out[moved].offset -= 4;
    memset(y, 0x55, bytes);
    if (compiled)
        CHECK_STATUS(dmlp_operator_execute(compiled, 1, &in, outputs, out),
                     DMLP_ERROR_INVALID_ARGUMENT);
    char expected[96];
    snprintf(expected, sizeof expected, "graph output %u binding overlaps graph output %u's",
             moved, before);
    CHECK_CONTAINS(dmlp_last_error(), expected);
    out[moved].offset += 4;
    out[before] = (dmlp_buffer_binding){x, 0, 16};
    if (compiled)
        CHECK_STATUS(dmlp_operator_execute(compiled, 1, &in, outputs, out),
                     DMLP_ERROR_INVALID_ARGUMENT);
    snprintf(expected, sizeof expected, "graph output %u binding overlaps graph input 0's",
             before);
    CHECK_CONTAINS(dmlp_last_error(), expected);
    wrong = 0;
    for (size_t i = 0; i < bytes / 4; i++)
        wrong += y[i] != 0x55555555;
    CHECK(wrong == 0, "%u elements written by refused executes", wrong);
    CHECK(memcmp(x, values, 16) == 0, "the input changed");

    dmlp_operator_destroy(compiled);
    dmlp_operator_destroy(sign);
    graph_free(&g);
    free(in_edges);
    free(in_e);
    free(y);
    free(x);
    free(out);
}

/* The overlap is not with the range just before in memory but with one that starts
   earlier and reaches further: input 0 spans bytes [0, 64), input 1 [0, 16) (inputs may
   share bytes), output 1 [32, 48). Two Sign nodes, of 16 and of 4 elements. */
static void far_overlap(dmlp_device *dev)
{
    tensor big, small;
    tensor_init(&big, 16);
    tensor_init(&small, 4);
    dmlp_operator *ops[2] = {sign_op(dev, &big), sign_op(dev, &small)};
    DML_OPERATOR_GRAPH_NODE_DESC on[2] = {{ops[0], NULL}, {ops[1], NULL}};
    DML_GRAPH_NODE_DESC nodes[2] = {{DML_GRAPH_NODE_TYPE_OPERATOR, &on[0]},
                                    {DML_GRAPH_NODE_TYPE_OPERATOR, &on[1]}};
    DML_INPUT_GRAPH_EDGE_DESC ie[2] = {{0, 0, 0, NULL}, {1, 1, 0, NULL}};
    DML_OUTPUT_GRAPH_EDGE_DESC oe[2] = {{0, 0, 0, NULL}, {1, 0, 1, NULL}};
    DML_GRAPH_EDGE_DESC in_edges[2] = {{DML_GRAPH_EDGE_TYPE_INPUT, &ie[0]},
                                       {DML_GRAPH_EDGE_TYPE_INPUT, &ie[1]}};
    DML_GRAPH_EDGE_DESC out_edges[2] = {{DML_GRAPH_EDGE_TYPE_OUTPUT, &oe[0]},
                                        {DML_GRAPH_EDGE_TYPE_OUTPUT, &oe[1]}};
    DML_GRAPH_DESC desc = {2, 2, 2, nodes, 2, in_edges, 2, out_edges, 0, NULL};
    dmlp_operator *compiled = NULL;
    CHECK_STATUS(dmlp_graph_compile(dev, &desc, 0, &compiled), DMLP_OK);
    int32_t mem[40];
    for (int i = 0; i < 40; i++)
        mem[i] = i - 20;
    dmlp_buffer_binding in[2] = {{mem, 0, 64}, {mem, 0, 16}};
    dmlp_buffer_binding out[2] = {{mem, 96, 64}, {mem, 32, 16}};
    if (compiled)
        CHECK_STATUS(dmlp_operator_execute(compiled, 2, in, 2, out), DMLP_ERROR_INVALID_ARGUMENT);
    CHECK_CONTAINS(dmlp_last_error(), "graph output 1 binding overlaps graph input 0's");
    for (int i = 0; i < 40; i++)
        CHECK(mem[i] == i - 20, "element %d written by a refused execute", i);
    out[1].offset = 64; /* touching input 0's end: allowed */
    if (compiled)
        CHECK_STATUS(dmlp_operator_execute(compiled, 2, in, 2, out), DMLP_OK);
    for (int i = 0; i < 4; i++)
        CHECK(mem[16 + i] == (i - 20 > 0) - (i - 20 < 0), "output 1 element %d", i);
    dmlp_operator_destroy(compiled);
    dmlp_operator_destroy(ops[0]);
    dmlp_operator_destroy(ops[1]);
}

/* A graph over one int32 graph input x of n elements: node i is Negate, Sign (a[i] only)
   or Add (a[i], b[i]), its inputs x (-1) or earlier nodes; the last node is the graph
   output. */
typedef struct dag {
    uint32_t count;
    DML_OPERATOR_TYPE *type;
    int32_t *a, *b;
} dag;

static void dag_alloc(dag *d, uint32_t count)
{
    d->count = count;
    d->type = calloc(count, sizeof *d->type);
    d->a = calloc(count, sizeof *d->a);
    d->b = calloc(count, sizeof *d->b);
    if (!d->type || !d->a || !d->b) {
        fprintf(stderr, "test_graph_scale: out of memory\n");
        exit(1);
    }
}

static void dag_free(dag *d)
{
    free(d->type);
    free(d->a);
    free(d->b);
}

static dmlp_operator *dag_op(dmlp_device *dev, const tensor *t, DML_OPERATOR_TYPE type)
{
    DML_ELEMENT_WISE_ADD_OPERATOR_DESC add = {&t->td, &t->td, &t->td};
    DML_ELEMENT_WISE_SIGN_OPERATOR_DESC one = {&t->td, &t->td};
    DML_OPERATOR_DESC od = {type, type == DML_OPERATOR_ELEMENT_WISE_ADD ? (void *)&add
                                                                          : (void *)&one};
    dmlp_operator *op = NULL;
    CHECK_STATUS(dmlp_operator_create(dev, &od, 0, &op), DMLP_OK);
    return op;
}

/* Compiles the dag node by node; *ops receives the three operators (Negate, Sign, Add). */
static dmlp_status dag_compile(dmlp_device *dev, const dag *d, const tensor *t,
                               dmlp_operator *ops[3], dmlp_operator **compiled)
{
    static const DML_OPERATOR_TYPE kinds[3] = {DML_OPERATOR_ELEMENT_WISE_NEGATE,
                                               DML_OPERATOR_ELEMENT_WISE_SIGN,
                                               DML_OPERATOR_ELEMENT_WISE_ADD};
    for (int k = 0; k < 3; k++)
        ops[k] = dag_op(dev, t, kinds[k]);
    uint32_t mids = 0, inputs = 0;
    for (uint32_t i = 0; i < d->count; i++) {
        uint32_t two = d->type[i] == DML_OPERATOR_ELEMENT_WISE_ADD;
        mids += (d->a[i] >= 0) + (two && d->b[i] >= 0);
        inputs += (d->a[i] < 0) + (two && d->b[i] < 0);
    }
    graph g;
    graph_alloc(&g, d->count, mids, 1);
    DML_GRAPH_EDGE_DESC *in_edges = calloc(inputs, sizeof *in_edges);
    DML_INPUT_GRAPH_EDGE_DESC *in_e = calloc(inputs, sizeof *in_e);
    if (!in_edges || !in_e) {
        fprintf(stderr, "test_graph_scale: out of memory\n");
        exit(1);
    }
    mids = inputs = 0;
    for (uint32_t i = 0; i < d->count; i++) {
        uint32_t two = d->type[i] == DML_OPERATOR_ELEMENT_WISE_ADD;
        set_node(&g, i, ops[d->type[i] == kinds[0] ? 0 : d->type[i] == kinds[1] ? 1 : 2]);
        for (uint32_t k = 0; k < 1 + two; k++) {
            int32_t from = k ? d->b[i] : d->a[i];
            if (from >= 0) {
                set_mid(&g, mids++, (uint32_t)from, i, k);
            } else {
                in_e[inputs] = (DML_INPUT_GRAPH_EDGE_DESC){0, i, k, NULL};
                in_edges[inputs] = (DML_GRAPH_EDGE_DESC){DML_GRAPH_EDGE_TYPE_INPUT, &in_e[inputs]};
                inputs++;
            }
        }
    }
    g.desc.InputEdgeCount = inputs;
    g.desc.InputEdges = in_edges;
    set_out(&g, 0, d->count - 1, 0);
    dmlp_status st = dmlp_graph_compile(dev, &g.desc, DMLP_EXECUTION_FLAG_GRAPH_NODE_BY_NODE,
                                        compiled);
    graph_free(&g);
    free(in_edges);
    free(in_e);
    return st;
}

/* The dag's result from its nodes run one at a time into buffers of their own. */
static void dag_reference(const dag *d, dmlp_operator *ops[3], const int32_t *x, uint32_t n,
                          int32_t *y)
{
    size_t bytes = (size_t)n * 4;
    int32_t **v = calloc(d->count, sizeof *v);
    for (uint32_t i = 0; v && i < d->count; i++) {
        v[i] = malloc(bytes);
        if (!v[i])
            break;
        const int32_t *a = d->a[i] < 0 ? x : v[d->a[i]];
        const int32_t *b = d->b[i] < 0 ? x : v[d->b[i]];
        dmlp_buffer_binding in[2] = {{(void *)a, 0, bytes}, {(void *)b, 0, bytes}};
        dmlp_buffer_binding out = {v[i], 0, bytes};
        int k = d->type[i] == DML_OPERATOR_ELEMENT_WISE_NEGATE ? 0
                : d->type[i] == DML_OPERATOR_ELEMENT_WISE_SIGN ? 1
                                                               : 2;
        CHECK_STATUS(dmlp_operator_execute(ops[k], k == 2 ? 2 : 1, in, 1, &out), DMLP_OK);
    }
    if (v && v[d->count - 1])
        memcpy(y, v[d->count - 1], bytes);
    for (uint32_t i = 0; v && i < d->count; i++)
        free(v[i]);
    free(v);
}

/* Runs the dag compiled and one node at a time on n elements; checks the buffers held. */
static void dag_check(dmlp_device *dev, const dag *d, uint32_t n, uint32_t buffers,
                      const char *what)
{
    tensor t;
    tensor_init(&t, n);
    dmlp_operator *ops[3], *compiled = NULL;
    CHECK_STATUS(dag_compile(dev, d, &t, ops, &compiled), DMLP_OK);
    uint32_t held = 0;
    uint64_t bytes = dmlp__graph_intermediate_bytes(compiled, &held);
    CHECK(held == buffers, "%s: %u buffers, expected %u", what, held, buffers);
    CHECK(bytes == (uint64_t)buffers * n * 4, "%s: %llu bytes of intermediates", what,
          (unsigned long long)bytes);
    int32_t *x = malloc((size_t)n * 4), *y = malloc((size_t)n * 4), *r = malloc((size_t)n * 4);
    uint64_t seed = 0x9E3779B97F4A7C15ull;
    for (uint32_t i = 0; x && i < n; i++)
        x[i] = (int32_t)(test_rng(&seed) >> 32) >> (i % 31);
    dag_reference(d, ops, x, n, r);
    memset(y, 0x55, (size_t)n * 4);
    dmlp_buffer_binding in = {x, 0, (uint64_t)n * 4}, out = {y, 0, (uint64_t)n * 4};
    if (compiled)
        CHECK_STATUS(dmlp_operator_execute(compiled, 1, &in, 1, &out), DMLP_OK);
    size_t first = test_first_difference((const unsigned char *)y, (const unsigned char *)r,
                                         (size_t)n * 4);
    CHECK(first == (size_t)n * 4, "%s: element %zu differs from the nodes run alone", what,
          first / 4);
    free(x);
    free(y);
    free(r);
    dmlp_operator_destroy(compiled);
    for (int k = 0; k < 3; k++)
        dmlp_operator_destroy(ops[k]);
}

/* Each node adds the two before it (Negate(x) and Sign(x) first): three intermediates
   live at once, whatever the length. */
static void reuse_chain(dmlp_device *dev)
{
    dag d;
    dag_alloc(&d, 200);
    for (uint32_t i = 0; i < d.count; i++) {
        d.type[i] = i == 0   ? DML_OPERATOR_ELEMENT_WISE_NEGATE
                    : i == 1 ? DML_OPERATOR_ELEMENT_WISE_SIGN
                             : DML_OPERATOR_ELEMENT_WISE_ADD;
        d.a[i] = i < 2 ? -1 : (int32_t)i - 1;
        d.b[i] = i < 2 ? -1 : (int32_t)i - 2;
    }
    dag_check(dev, &d, 4096, 3, "a 200-node chain adding the two before");
    dag_free(&d);
}

/* Node 0 is read by node 1 and again by the last node, after a chain of Negates: its
   buffer must outlive the chain's (3 buffers: it, and two for the chain). */
static void reuse_long_lived(dmlp_device *dev)
{
    dag d;
    dag_alloc(&d, 40);
    for (uint32_t i = 0; i < d.count; i++) {
        bool add = i == 1 || i + 1 == d.count;
        d.type[i] = add ? DML_OPERATOR_ELEMENT_WISE_ADD : DML_OPERATOR_ELEMENT_WISE_NEGATE;
        d.a[i] = i == 0 ? -1 : (int32_t)i - 1;
        d.b[i] = i == 1 ? -1 : 0;
    }
    dag_check(dev, &d, 1000, 3, "a value read again after a chain");
    dag_free(&d);
}

/* `leaves` Sign(x) then a left fold of Adds over them: every leaf is computed first (the
   order is by readiness), so leaves + 1 buffers. */
static void leaf_tree(dag *d, uint32_t leaves)
{
    dag_alloc(d, 2 * leaves - 1);
    for (uint32_t i = 0; i < leaves; i++) {
        d->type[i] = DML_OPERATOR_ELEMENT_WISE_SIGN;
        d->a[i] = d->b[i] = -1;
    }
    for (uint32_t i = leaves; i < d->count; i++) {
        d->type[i] = DML_OPERATOR_ELEMENT_WISE_ADD;
        d->a[i] = i == leaves ? 0 : (int32_t)i - 1;
        d->b[i] = (int32_t)(i - leaves + 1);
    }
}

static void reuse_tree(dmlp_device *dev)
{
    dag d;
    leaf_tree(&d, 256);
    dag_check(dev, &d, 256, 257, "a fold over 256 leaves");
    dag_free(&d);
}

/* The same tree on 2^32 - 1 int32 elements holds 257 intermediates of 16 GiB (4 TiB):
   refused at compile, before anything is allocated, naming the bytes. */
static void over_memory(dmlp_device *dev)
{
    dag d;
    leaf_tree(&d, 256);
    tensor t;
    tensor_init(&t, UINT32_MAX);
    dmlp_operator *ops[3], *compiled = NULL;
    CHECK_STATUS(dag_compile(dev, &d, &t, ops, &compiled), DMLP_ERROR_OUT_OF_MEMORY);
    CHECK(compiled == NULL, "a graph refused at compile was made");
    char expected[128];
    snprintf(expected, sizeof expected,
             "dmlp_graph_compile: running node by node holds %llu bytes of intermediates at "
             "once (257 buffers)",
             257ull * UINT32_MAX * 4);
    CHECK_CONTAINS(dmlp_last_error(), expected);
    dmlp_operator_destroy(compiled);
    for (int k = 0; k < 3; k++)
        dmlp_operator_destroy(ops[k]);

    /* On 65,536 elements (64 MiB of intermediates) under DMLP_MAX_MEMORY=1M: refused,
       naming the budget; under 1G, compiled. */
    tensor_init(&t, 65536);
    setenv("DMLP_MAX_MEMORY", "1M", 1);
    CHECK_STATUS(dag_compile(dev, &d, &t, ops, &compiled), DMLP_ERROR_OUT_OF_MEMORY);
    CHECK_CONTAINS(dmlp_last_error(), "the memory budget is 1048576 bytes");
    CHECK(compiled == NULL, "a graph over the budget was made");
    for (int k = 0; k < 3; k++)
        dmlp_operator_destroy(ops[k]);
    setenv("DMLP_MAX_MEMORY", "1G", 1);
    CHECK_STATUS(dag_compile(dev, &d, &t, ops, &compiled), DMLP_OK);
    unsetenv("DMLP_MAX_MEMORY");
    dmlp_operator_destroy(compiled);
    for (int k = 0; k < 3; k++)
        dmlp_operator_destroy(ops[k]);
    dag_free(&d);
}

int main(void)
{
    dmlp_device *dev = NULL;
    CHECK_STATUS(dmlp_device_create(NULL, &dev), DMLP_OK);
    if (!dev)
        return test_finish("test_graph_scale");
    long_chain(dev, CHAIN_NODES);
    many_outputs(dev, MANY_OUTPUTS, 1);
    many_outputs(dev, MANY_OUTPUTS, 2);
    far_overlap(dev);
    dmlp_device_destroy(dev);
    dmlp_device_desc extensions = {0, 0, DMLP_DEVICE_FLAG_EXTENSIONS};
    CHECK_STATUS(dmlp_device_create(&extensions, &dev), DMLP_OK);
    if (!dev)
        return test_finish("test_graph_scale");
    reuse_chain(dev);
    reuse_long_lived(dev);
    reuse_tree(dev);
    over_memory(dev);
    dmlp_device_destroy(dev);
    return test_finish("test_graph_scale");
}
