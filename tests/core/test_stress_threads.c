/* test_stress_threads — many threads on one device at once, for DMLP_STRESS_SECONDS
   (default 2 s; 1 s under a sanitizer, 0.5 s under an emulator). 12 threads share one
   device of 3 threads and, case after case, create an operator or compile a graph,
   execute it, compare every output byte (guards included) with the bytes computed up
   front on a one-thread device, and destroy it; in between they execute long-lived
   operators and graphs that all of them share. The cases: one-input operators of several
   types, two-input operators with a broadcast input, in place, a partial overlap that
   must be refused untouched, ELEMENT_WISE_IF's three inputs, and graphs that run as a
   chain, as the Softsign pattern, node by node, with two outputs, or refuse a graph
   output bound over their input. test_threads covers one operator from four threads and
   every thread count; this test covers creation, compilation and destruction racing
   with execution. Worker threads count their own checks: test_util.h's counters are not
   atomic. */
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dmlp.h"
#include "test_util.h"

#define WORKERS 12
#define DEVICE_THREADS 3
#define GUARD 64u
#define MAX_INPUTS 3
#define MAX_NODES 5

#define F32 DML_TENSOR_DATA_TYPE_FLOAT32
#define F64 DML_TENSOR_DATA_TYPE_FLOAT64
#define F16 DML_TENSOR_DATA_TYPE_FLOAT16
#define I32 DML_TENSOR_DATA_TYPE_INT32
#define U8 DML_TENSOR_DATA_TYPE_UINT8

/* How an input is laid out over the case's rows x cols. */
enum layout { PACKED, ROW /* one row read by every row */, COLUMN /* one column */ };

/* Value ids of a graph node's inputs: graph inputs, constants, earlier nodes' outputs. */
#define GIN(i) (i)
#define CONST(i) (10 + (i))
#define NODE(i) (20 + (i))

typedef struct node_spec {
    DML_OPERATOR_TYPE op;
    int in[2]; /* value ids; in[1] < 0 for one input */
} node_spec;

typedef struct stress_case {
    const char *what;
    uint32_t rows, cols;
    uint32_t inputs;
    DML_TENSOR_DATA_TYPE in_type[MAX_INPUTS];
    enum layout layout[MAX_INPUTS];
    DML_TENSOR_DATA_TYPE out_type;
    DML_OPERATOR_TYPE op;   /* DML_OPERATOR_INVALID: a graph (the fields below) */
    int in_place;           /* the input the output is bound over exactly, or -1 */
    bool refused;           /* the output is bound 64 bytes into input 0: refused */
    uint32_t constants;     /* graphs: constant nodes of one f32 element each */
    float constant[2];
    uint32_t nodes;
    node_spec node[MAX_NODES];
    uint32_t outputs;
    int out[2];             /* value ids of the graph outputs */
} stress_case;

#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

static const stress_case cases[] = {
    /* one input */
    {"sign f32, large", 384, 512, 1, {F32}, {PACKED}, F32, DML_OPERATOR_ELEMENT_WISE_SIGN, -1},
    {"softsign f16, small", 3, 37, 1, {F16}, {PACKED}, F16, DML_OPERATOR_ACTIVATION_SOFTSIGN,
     -1},
    {"softsign f32, large, broadcast rows", 300, 700, 1, {F32}, {ROW}, F32,
     DML_OPERATOR_ACTIVATION_SOFTSIGN, -1},
    {"isinf f64 to u8", 64, 1000, 1, {F64}, {PACKED}, U8, DML_OPERATOR_ELEMENT_WISE_IS_INFINITY,
     -1},
    {"abs i32", 17, 19, 1, {I32}, {PACKED}, I32, DML_OPERATOR_ELEMENT_WISE_ABS, -1},
    {"negate f32, column broadcast", 250, 600, 1, {F32}, {COLUMN}, F32,
     DML_OPERATOR_ELEMENT_WISE_NEGATE, -1},
    /* two inputs, broadcast */
    {"add f32, B broadcast by rows", 384, 512, 2, {F32, F32}, {PACKED, ROW}, F32,
     DML_OPERATOR_ELEMENT_WISE_ADD, -1},
    {"multiply i32, A broadcast by columns", 200, 333, 2, {I32, I32}, {COLUMN, PACKED}, I32,
     DML_OPERATOR_ELEMENT_WISE_MULTIPLY, -1},
    {"max f16, small", 5, 9, 2, {F16, F16}, {PACKED, ROW}, F16, DML_OPERATOR_ELEMENT_WISE_MAX,
     -1},
    {"divide f64", 100, 1000, 2, {F64, F64}, {PACKED, PACKED}, F64,
     DML_OPERATOR_ELEMENT_WISE_DIVIDE, -1},
    /* in place */
    {"sign f32 in place, large", 384, 512, 1, {F32}, {PACKED}, F32,
     DML_OPERATOR_ELEMENT_WISE_SIGN, 0},
    {"subtract f32 in place over B", 300, 512, 2, {F32, F32}, {ROW, PACKED}, F32,
     DML_OPERATOR_ELEMENT_WISE_SUBTRACT, 1},
    /* refused overlaps */
    {"softsign f32, output 64 bytes into the input: refused", 300, 512, 1, {F32}, {PACKED},
     F32, DML_OPERATOR_ACTIVATION_SOFTSIGN, -1, true},
    {"isinf f32, output 64 bytes into the input: refused", 8, 100, 1, {F32}, {PACKED}, U8,
     DML_OPERATOR_ELEMENT_WISE_IS_INFINITY, -1, true},
    /* three inputs */
    {"if f32, condition by columns, B by rows", 300, 512, 3, {U8, F32, F32},
     {COLUMN, PACKED, ROW}, F32, DML_OPERATOR_ELEMENT_WISE_IF, -1},
    {"if f16, small", 4, 33, 3, {U8, F16, F16}, {PACKED, PACKED, PACKED}, F16,
     DML_OPERATOR_ELEMENT_WISE_IF, -1},
    /* graphs (f32) */
    {"graph: sign(softsign(negate(x))), a chain", 384, 512, 1, {F32}, {PACKED}, F32,
     DML_OPERATOR_INVALID, -1, false, 0, {0, 0}, 3,
     {{DML_OPERATOR_ELEMENT_WISE_NEGATE, {GIN(0), -1}},
      {DML_OPERATOR_ACTIVATION_SOFTSIGN, {NODE(0), -1}},
      {DML_OPERATOR_ELEMENT_WISE_SIGN, {NODE(1), -1}}},
     1, {NODE(2)}},
    {"graph: divide(x, add(abs(x), 1)), the Softsign pattern", 300, 600, 1, {F32}, {PACKED},
     F32, DML_OPERATOR_INVALID, -1, false, 1, {1.0f}, 3,
     {{DML_OPERATOR_ELEMENT_WISE_ABS, {GIN(0), -1}},
      {DML_OPERATOR_ELEMENT_WISE_ADD, {NODE(0), CONST(0)}},
      {DML_OPERATOR_ELEMENT_WISE_DIVIDE, {GIN(0), NODE(1)}}},
     1, {NODE(2)}},
    {"graph: max(a, b by rows) then relu and multiply by 3, two outputs", 256, 512, 2,
     {F32, F32}, {PACKED, ROW}, F32, DML_OPERATOR_INVALID, -1, false, 1, {3.0f}, 3,
     {{DML_OPERATOR_ELEMENT_WISE_MAX, {GIN(0), GIN(1)}},
      {DML_OPERATOR_ACTIVATION_RELU, {NODE(0), -1}},
      {DML_OPERATOR_ELEMENT_WISE_MULTIPLY, {NODE(1), CONST(0)}}},
     2, {NODE(1), NODE(2)}},
    {"graph: softsign(sign(x)), small", 2, 21, 1, {F32}, {PACKED}, F32, DML_OPERATOR_INVALID,
     -1, false, 0, {0, 0}, 2,
     {{DML_OPERATOR_ELEMENT_WISE_SIGN, {GIN(0), -1}},
      {DML_OPERATOR_ACTIVATION_SOFTSIGN, {NODE(0), -1}}},
     1, {NODE(1)}},
    {"graph: negate(x) with its output bound over x: refused", 64, 64, 1, {F32}, {PACKED}, F32,
     DML_OPERATOR_INVALID, 0, false, 0, {0, 0}, 1,
     {{DML_OPERATOR_ELEMENT_WISE_NEGATE, {GIN(0), -1}}}, 1, {NODE(0)}},
};

#define CASES (sizeof cases / sizeof cases[0])

static const uint32_t graph_flags[] = {0, DMLP_EXECUTION_FLAG_GRAPH_NODE_BY_NODE,
                                       DMLP_EXECUTION_FLAG_GRAPH_NO_PATTERNS};

static uint32_t elem_size(DML_TENSOR_DATA_TYPE t)
{
    return t == F64 ? 8 : t == F16 ? 2 : t == U8 ? 1 : 4;
}

static bool is_graph(const stress_case *c) { return c->op == DML_OPERATOR_INVALID; }

/* A graph that binds its output over its input is refused too (graphs never run in place). */
static bool expect_refusal(const stress_case *c)
{
    return c->refused || (is_graph(c) && c->in_place >= 0);
}

/* ---- tensor descs ------------------------------------------------------------------- */

typedef struct tensor {
    uint32_t sizes[2];
    uint32_t strides[2];
    DML_BUFFER_TENSOR_DESC buffer;
    DML_TENSOR_DESC desc;
} tensor;

/* Fills t in place (it points into itself, so it must not move afterwards). */
static void tensor_init(tensor *t, DML_TENSOR_DATA_TYPE type, uint32_t rows, uint32_t cols,
                        enum layout layout)
{
    t->sizes[0] = rows;
    t->sizes[1] = cols;
    t->strides[0] = layout == ROW ? 0 : layout == COLUMN ? 1 : cols;
    t->strides[1] = layout == ROW ? 1 : layout == COLUMN ? 0 : 1;
    t->buffer = (DML_BUFFER_TENSOR_DESC){type, DML_TENSOR_FLAG_NONE, 2, t->sizes, t->strides,
                                         dmlp_calc_buffer_tensor_size(type, 2, t->sizes,
                                                                      t->strides),
                                         0};
    t->desc = (DML_TENSOR_DESC){DML_TENSOR_TYPE_BUFFER, &t->buffer};
}

/* A scalar constant read by every element: strides of 0. */
static void tensor_scalar(tensor *t, uint32_t rows, uint32_t cols)
{
    tensor_init(t, F32, rows, cols, PACKED);
    t->strides[0] = t->strides[1] = 0;
    t->buffer.TotalTensorSizeInBytes = 4;
}

/* Creates an operator of type op over tensors ins[0..n) and out. */
static dmlp_status make_op(dmlp_device *device, DML_OPERATOR_TYPE op, tensor *const *ins,
                           tensor *out, dmlp_operator **result)
{
    union {
        DML_ELEMENT_WISE_SIGN_OPERATOR_DESC unary;
        DML_ELEMENT_WISE_ABS_OPERATOR_DESC abs;
        DML_ELEMENT_WISE_IS_INFINITY_OPERATOR_DESC isinf;
        DML_ELEMENT_WISE_ADD_OPERATOR_DESC binary;
        DML_ELEMENT_WISE_IF_OPERATOR_DESC three;
    } u;
    memset(&u, 0, sizeof u);
    switch (op) {
    case DML_OPERATOR_ELEMENT_WISE_ABS:
        u.abs = (DML_ELEMENT_WISE_ABS_OPERATOR_DESC){&ins[0]->desc, &out->desc, NULL};
        break;
    case DML_OPERATOR_ELEMENT_WISE_IS_INFINITY:
        u.isinf = (DML_ELEMENT_WISE_IS_INFINITY_OPERATOR_DESC){&ins[0]->desc, &out->desc,
                                                               DML_IS_INFINITY_MODE_EITHER};
        break;
    case DML_OPERATOR_ELEMENT_WISE_ADD:
    case DML_OPERATOR_ELEMENT_WISE_SUBTRACT:
    case DML_OPERATOR_ELEMENT_WISE_MULTIPLY:
    case DML_OPERATOR_ELEMENT_WISE_DIVIDE:
    case DML_OPERATOR_ELEMENT_WISE_MAX:
        /* These descs share ADD's members. */
        u.binary = (DML_ELEMENT_WISE_ADD_OPERATOR_DESC){&ins[0]->desc, &ins[1]->desc,
                                                        &out->desc};
        break;
    case DML_OPERATOR_ELEMENT_WISE_IF:
        u.three = (DML_ELEMENT_WISE_IF_OPERATOR_DESC){&ins[0]->desc, &ins[1]->desc,
                                                      &ins[2]->desc, &out->desc};
        break;
    default: /* Sign, Softsign, Negate, Relu: input and output */
        u.unary = (DML_ELEMENT_WISE_SIGN_OPERATOR_DESC){&ins[0]->desc, &out->desc};
        break;
    }
    DML_OPERATOR_DESC desc = {op, &u};
    return dmlp_operator_create(device, &desc, 0, result);
}

/* ---- building a case ---------------------------------------------------------------- */

static const char *last_error_copy(char *buf, size_t n)
{
    const char *e = dmlp_last_error();
    snprintf(buf, n, "%s", e ? e : "(null)");
    return buf;
}

/* The case's operator or compiled graph on device; NULL with *status on failure. */
static dmlp_operator *build(dmlp_device *device, const stress_case *c, uint32_t flags,
                            dmlp_status *status)
{
    dmlp_operator *result = NULL;
    *status = DMLP_OK;
    if (!is_graph(c)) {
        tensor in[MAX_INPUTS], out;
        tensor *ins[MAX_INPUTS];
        for (uint32_t i = 0; i < c->inputs; i++) {
            tensor_init(&in[i], c->in_type[i], c->rows, c->cols, c->layout[i]);
            ins[i] = &in[i];
        }
        tensor_init(&out, c->out_type, c->rows, c->cols, PACKED);
        *status = make_op(device, c->op, ins, &out, &result);
        return result;
    }
    /* A graph: each node's inputs take the layout of the value they read. */
    tensor gin[MAX_INPUTS], konst, node_in[MAX_NODES][2], node_out[MAX_NODES];
    dmlp_operator *ops[MAX_NODES] = {NULL};
    DML_OPERATOR_GRAPH_NODE_DESC op_nodes[MAX_NODES];
    DML_CONSTANT_DATA_GRAPH_NODE_DESC const_nodes[2];
    DML_GRAPH_NODE_DESC nodes[MAX_NODES + 2];
    DML_INPUT_GRAPH_EDGE_DESC in_edges[2 * MAX_NODES];
    DML_INTERMEDIATE_GRAPH_EDGE_DESC mid_edges[2 * MAX_NODES];
    DML_OUTPUT_GRAPH_EDGE_DESC out_edges[2];
    DML_GRAPH_EDGE_DESC in_list[2 * MAX_NODES], mid_list[2 * MAX_NODES], out_list[2];
    uint32_t n_in = 0, n_mid = 0;
    for (uint32_t i = 0; i < c->inputs; i++)
        tensor_init(&gin[i], F32, c->rows, c->cols, c->layout[i]);
    tensor_scalar(&konst, c->rows, c->cols);
    /* Constant nodes follow the operator nodes. */
    for (uint32_t k = 0; k < c->constants; k++) {
        const_nodes[k] = (DML_CONSTANT_DATA_GRAPH_NODE_DESC){&c->constant[k], 4, "constant"};
        nodes[c->nodes + k] = (DML_GRAPH_NODE_DESC){DML_GRAPH_NODE_TYPE_CONSTANT,
                                                    &const_nodes[k]};
    }
    for (uint32_t n = 0; n < c->nodes && *status == DMLP_OK; n++) {
        tensor *ins[2];
        for (int i = 0; i < 2 && c->node[n].in[i] >= 0; i++) {
            int v = c->node[n].in[i];
            if (v < 10)
                node_in[n][i] = gin[v];
            else if (v < 20)
                node_in[n][i] = konst;
            else
                tensor_init(&node_in[n][i], F32, c->rows, c->cols, PACKED);
            /* The copy's pointers must point into itself. */
            node_in[n][i].buffer.Sizes = node_in[n][i].sizes;
            node_in[n][i].buffer.Strides = node_in[n][i].strides;
            node_in[n][i].desc.Desc = &node_in[n][i].buffer;
            ins[i] = &node_in[n][i];
            if (v < 10)
                in_edges[n_in++] = (DML_INPUT_GRAPH_EDGE_DESC){(uint32_t)v, n, (uint32_t)i,
                                                               "in"};
            else
                mid_edges[n_mid++] = (DML_INTERMEDIATE_GRAPH_EDGE_DESC){
                    v < 20 ? c->nodes + (uint32_t)(v - 10) : (uint32_t)(v - 20), 0, n,
                    (uint32_t)i, "mid"};
        }
        tensor_init(&node_out[n], F32, c->rows, c->cols, PACKED);
        *status = make_op(device, c->node[n].op, ins, &node_out[n], &ops[n]);
        op_nodes[n] = (DML_OPERATOR_GRAPH_NODE_DESC){ops[n], "node"};
        nodes[n] = (DML_GRAPH_NODE_DESC){DML_GRAPH_NODE_TYPE_OPERATOR, &op_nodes[n]};
    }
    if (*status == DMLP_OK) {
        for (uint32_t o = 0; o < c->outputs; o++)
            out_edges[o] = (DML_OUTPUT_GRAPH_EDGE_DESC){(uint32_t)(c->out[o] - 20), 0, o, "out"};
        for (uint32_t e = 0; e < n_in; e++)
            in_list[e] = (DML_GRAPH_EDGE_DESC){DML_GRAPH_EDGE_TYPE_INPUT, &in_edges[e]};
        for (uint32_t e = 0; e < n_mid; e++)
            mid_list[e] = (DML_GRAPH_EDGE_DESC){DML_GRAPH_EDGE_TYPE_INTERMEDIATE, &mid_edges[e]};
        for (uint32_t o = 0; o < c->outputs; o++)
            out_list[o] = (DML_GRAPH_EDGE_DESC){DML_GRAPH_EDGE_TYPE_OUTPUT, &out_edges[o]};
        DML_GRAPH_DESC g = {c->inputs, c->outputs, c->nodes + c->constants, nodes, n_in,
                            in_list, c->outputs, out_list, n_mid, mid_list};
        *status = dmlp_graph_compile(device, &g, flags, &result);
    }
    /* The graph keeps its own copies of the nodes. */
    for (uint32_t n = 0; n < c->nodes; n++)
        dmlp_operator_destroy(ops[n]);
    return result;
}

/* ---- the data of a case and a run ---------------------------------------------------- */

typedef struct case_data {
    unsigned char *input[MAX_INPUTS]; /* GUARD + the tensor's bytes + GUARD */
    size_t in_bytes[MAX_INPUTS];      /* the tensor's bytes (TotalTensorSizeInBytes) */
    size_t out_bytes[2];
    unsigned char *expected[2];       /* GUARD + output + GUARD, from the one-thread run */
} case_data;

static case_data data[CASES];

static uint64_t tensor_bytes(DML_TENSOR_DATA_TYPE type, const stress_case *c, enum layout l)
{
    tensor t;
    tensor_init(&t, type, c->rows, c->cols, l);
    return t.buffer.TotalTensorSizeInBytes;
}

/* Values every operator cares about: zeros, infinities, NaNs, negatives, conditions. */
static void fill_input(unsigned char *p, size_t n, DML_TENSOR_DATA_TYPE type, uint64_t seed)
{
    uint64_t s = seed | 1;
    for (size_t i = 0; i < n; i++)
        p[i] = (unsigned char)test_rng(&s);
    uint32_t size = elem_size(type);
    for (size_t i = 0; i + size <= n; i += 7 * (size_t)size) {
        if (type == F32)
            memcpy(p + i, &(float){i % 3 ? 0.0f : -2.5f}, 4);
        else if (type == F64)
            memcpy(p + i, &(uint64_t){i % 2 ? 0x7ff0000000000000u : 0}, 8);
        else if (type == I32) /* no overflow from Multiply's wrap matters; small values too */
            memcpy(p + i, &(int32_t){(int32_t)(i % 201) - 100}, 4);
        else if (type == U8)
            p[i] = 0;
    }
    if (type == F16) /* keep f16 NaNs rare but present: clear the exponent of most */
        for (size_t i = 0; i + 2 <= n; i += 2)
            if (i % 32)
                p[i + 1] &= 0xbf;
}

typedef struct run_result {
    dmlp_status status;
    char message[512];
} run_result;

/* Executes op on the case's inputs; out[k] are GUARD + output + GUARD buffers, already
   holding the guard pattern. In place, the output buffer is a private copy of the input. */
static void execute_case(dmlp_operator *op, const stress_case *c, const case_data *d,
                         unsigned char *const *out, unsigned char *scratch, run_result *r)
{
    dmlp_buffer_binding in[MAX_INPUTS], ob[2];
    for (uint32_t i = 0; i < c->inputs; i++)
        in[i] = (dmlp_buffer_binding){d->input[i], GUARD, d->in_bytes[i]};
    for (uint32_t o = 0; o < (is_graph(c) ? c->outputs : 1); o++)
        ob[o] = (dmlp_buffer_binding){out[o], GUARD, d->out_bytes[o]};
    if (c->in_place >= 0) {
        /* out[0] starts as the input's bytes: bind both over it. */
        in[c->in_place].buffer = out[0];
        ob[0].buffer = out[0];
    }
    if (c->refused) {
        /* The output 64 bytes into a private copy of input 0. */
        memcpy(scratch, d->input[0], d->in_bytes[0] + 2 * GUARD);
        in[0].buffer = scratch;
        ob[0] = (dmlp_buffer_binding){scratch, GUARD + 64, d->out_bytes[0]};
    }
    r->status = dmlp_operator_execute(op, c->inputs, in, is_graph(c) ? c->outputs : 1, ob);
    last_error_copy(r->message, sizeof r->message);
}

/* Output buffers of a case, set up for a run. */
static void prepare_outputs(const stress_case *c, const case_data *d, unsigned char *const *out)
{
    for (uint32_t o = 0; o < (is_graph(c) ? c->outputs : 1); o++)
        memset(out[o], 0x5c, d->out_bytes[o] + 2 * GUARD);
    if (c->in_place >= 0)
        memcpy(out[0] + GUARD, d->input[c->in_place] + GUARD, d->out_bytes[0]);
}

/* ---- the workers --------------------------------------------------------------------- */

typedef struct worker {
    pthread_t thread;
    int index;
    dmlp_device *device;
    dmlp_operator *const *shared; /* one per case, all threads' */
    double deadline;
    uint32_t min_rounds;
    unsigned long checks, failures;
    unsigned long creates, executes;
} worker;

static atomic_ulong case_runs[CASES];

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void worker_fail(worker *w, const char *fmt, ...)
{
    w->failures++;
    if (w->failures > 5)
        return;
    char line[600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    fprintf(stderr, "worker %d: %s\n", w->index, line);
}

static void worker_check(worker *w, bool ok, const stress_case *c, const char *what,
                         const char *message)
{
    if (ok)
        w->checks++;
    else
        worker_fail(w, "%s: %s (%s)", c->what, what, message);
}

/* One run of case k with op; compares every byte with the one-thread run. */
static void run_and_compare(worker *w, size_t k, dmlp_operator *op, unsigned char *const *out,
                            unsigned char *scratch)
{
    const stress_case *c = &cases[k];
    const case_data *d = &data[k];
    run_result r;
    prepare_outputs(c, d, out);
    execute_case(op, c, d, out, scratch, &r);
    w->executes++;
    atomic_fetch_add(&case_runs[k], 1);
    if (expect_refusal(c)) {
        worker_check(w, r.status == DMLP_ERROR_INVALID_ARGUMENT, c, "refused", r.message);
        /* This thread's own message, whatever the others were refused for meanwhile. */
        worker_check(w, strstr(r.message, "overlaps") != NULL, c, "message names the overlap",
                     r.message);
        if (c->refused)
            worker_check(w, memcmp(scratch, d->input[0], d->in_bytes[0] + 2 * GUARD) == 0, c,
                         "nothing written", r.message);
        else
            worker_check(w, memcmp(out[0] + GUARD, d->input[0] + GUARD, d->in_bytes[0]) == 0,
                         c, "nothing written", r.message);
        return;
    }
    worker_check(w, r.status == DMLP_OK, c, "executes", r.message);
    for (uint32_t o = 0; o < (is_graph(c) ? c->outputs : 1); o++) {
        size_t n = d->out_bytes[o] + 2 * GUARD;
        size_t at = test_first_difference(out[o], d->expected[o], n);
        if (at == n)
            w->checks++;
        else
            worker_fail(w, "%s: output %u differs from the one-thread run at byte %zu of %zu",
                        c->what, o, at, n);
    }
}

static void *worker_main(void *arg)
{
    worker *w = arg;
    size_t largest = 0;
    for (size_t k = 0; k < CASES; k++)
        for (int i = 0; i < MAX_INPUTS; i++) {
            /* scratch holds a copy of an input; out[0] one in place */
            size_t a = data[k].in_bytes[i] + 2 * GUARD;
            size_t b = i < 2 ? data[k].out_bytes[i] + 2 * GUARD : 0;
            largest = a > largest ? a : largest;
            largest = b > largest ? b : largest;
        }
    unsigned char *out[2] = {malloc(largest), malloc(largest)}, *scratch = malloc(largest);
    if (!out[0] || !out[1] || !scratch) {
        worker_fail(w, "out of memory");
        goto done;
    }
    uint64_t rng = 0x9e3779b97f4a7c15u * (uint64_t)(w->index + 1);
    for (uint32_t round = 0; round < w->min_rounds || now_seconds() < w->deadline; round++) {
        /* The first rounds cover every case between the workers; then any order. */
        size_t k = round < w->min_rounds ? ((size_t)w->index + (size_t)round * WORKERS) % CASES
                                         : (size_t)(test_rng(&rng) % CASES);
        const stress_case *c = &cases[k];
        uint64_t choice = test_rng(&rng);
        if (choice % 3 == 0 && w->shared[k]) {
            /* The operator every thread executes. */
            run_and_compare(w, k, w->shared[k], out, scratch);
            continue;
        }
        dmlp_status status;
        uint32_t flags = is_graph(c) ? graph_flags[(choice >> 8) % 3] : 0;
        dmlp_operator *op = build(w->device, c, flags, &status);
        w->creates++;
        if (!op) {
            char message[512];
            worker_fail(w, "%s: create or compile returned %s (%s)", c->what,
                        dmlp_status_string(status), last_error_copy(message, sizeof message));
            continue;
        }
        w->checks++;
        for (uint64_t rep = 0; rep < 1 + (choice >> 16) % 3; rep++)
            run_and_compare(w, k, op, out, scratch);
        dmlp_operator_destroy(op);
    }
done:
    free(scratch);
    free(out[1]);
    free(out[0]);
    return NULL;
}

/* ---- the one-thread run and the stress run ------------------------------------------- */

static double stress_seconds(void)
{
    const char *s = getenv("DMLP_STRESS_SECONDS");
    if (s && *s) {
        char *end;
        double v = strtod(s, &end);
        if (*end == '\0' && v >= 0 && v <= 3600)
            return v;
        fprintf(stderr, "DMLP_STRESS_SECONDS=%s ignored: a number of seconds 0 to 3600\n", s);
    }
#ifdef DMLP_TEST_EMULATED
    return 0.5;
#else
    if (getenv("DMLP_TEST_EMULATED"))
        return 0.5;
#if defined(SANITIZED) || defined(THREAD_SANITIZED)
    return 1.0;
#else
    return 2.0;
#endif
#endif
}

/* Inputs and the expected bytes of every case, on a one-thread device. */
static bool compute_expected(void)
{
    dmlp_device_desc desc = {(DML_FEATURE_LEVEL)0, 1, DMLP_DEVICE_FLAG_EXTENSIONS};
    dmlp_device *device = NULL;
    CHECK_STATUS(dmlp_device_create(&desc, &device), DMLP_OK);
    if (!device)
        return false;
    bool ok = true;
    for (size_t k = 0; k < CASES && ok; k++) {
        const stress_case *c = &cases[k];
        case_data *d = &data[k];
        for (uint32_t i = 0; i < c->inputs; i++) {
            d->in_bytes[i] = (size_t)tensor_bytes(is_graph(c) ? F32 : c->in_type[i], c,
                                                  c->layout[i]);
            d->input[i] = malloc(d->in_bytes[i] + 2 * GUARD);
            ok = ok && d->input[i];
            if (!ok)
                break;
            fill_input(d->input[i], d->in_bytes[i] + 2 * GUARD,
                       is_graph(c) ? F32 : c->in_type[i], 0x51ed27u * (k + 1) + i);
        }
        for (uint32_t o = 0; o < (is_graph(c) ? c->outputs : 1); o++) {
            d->out_bytes[o] = (size_t)tensor_bytes(c->out_type, c, PACKED);
            d->expected[o] = malloc(d->out_bytes[o] + 2 * GUARD);
            ok = ok && d->expected[o];
        }
        unsigned char *scratch = ok ? malloc(d->in_bytes[0] + 2 * GUARD) : NULL;
        CHECK(scratch != NULL, "%s: out of memory", c->what);
        ok = scratch != NULL;
        if (!ok)
            break;
        dmlp_status status;
        dmlp_operator *op = build(device, c, 0, &status);
        CHECK(op != NULL, "%s: one-thread build: %s", c->what, dmlp_last_error());
        if (op) {
            run_result r;
            prepare_outputs(c, d, d->expected);
            execute_case(op, c, d, d->expected, scratch, &r);
            CHECK_STATUS(r.status, expect_refusal(c) ? DMLP_ERROR_INVALID_ARGUMENT : DMLP_OK);
        }
        ok = op != NULL;
        free(scratch);
        dmlp_operator_destroy(op);
    }
    dmlp_device_destroy(device);
    return ok;
}

int main(void)
{
    if (!compute_expected())
        return test_finish("test_stress_threads");
    double seconds = stress_seconds();
    dmlp_device_desc desc = {(DML_FEATURE_LEVEL)0, DEVICE_THREADS, DMLP_DEVICE_FLAG_EXTENSIONS};
    dmlp_device *device = NULL;
    CHECK_STATUS(dmlp_device_create(&desc, &device), DMLP_OK);
    if (!device)
        return test_finish("test_stress_threads");
    dmlp_operator *shared[CASES];
    for (size_t k = 0; k < CASES; k++) {
        dmlp_status status;
        shared[k] = build(device, &cases[k], is_graph(&cases[k]) ? graph_flags[k % 3] : 0,
                          &status);
        CHECK_STATUS(status, DMLP_OK);
    }
    worker workers[WORKERS];
    double start = now_seconds();
    int started = 0;
    for (int i = 0; i < WORKERS; i++) {
        workers[i] = (worker){0, i, device, shared, start + seconds,
                              (uint32_t)((CASES + WORKERS - 1) / WORKERS), 0, 0, 0, 0};
        if (pthread_create(&workers[i].thread, NULL, worker_main, &workers[i]) != 0)
            break;
        started++;
    }
    CHECK(started == WORKERS, "started %d of %d threads", started, WORKERS);
    unsigned long checks = 0, creates = 0, executes = 0;
    for (int i = 0; i < started; i++) {
        pthread_join(workers[i].thread, NULL);
        CHECK(workers[i].failures == 0, "worker %d: %lu of %lu checks failed", i,
              workers[i].failures, workers[i].failures + workers[i].checks);
        CHECK(workers[i].checks > 0, "worker %d checked nothing", i);
        checks += workers[i].checks;
        creates += workers[i].creates;
        executes += workers[i].executes;
    }
    for (size_t k = 0; k < CASES; k++)
        CHECK(atomic_load(&case_runs[k]) > 0, "%s never ran", cases[k].what);
    printf("test_stress_threads: %d threads on one device of %d for %.1f s: %lu operators and "
           "graphs built, %lu runs, %lu checks\n",
           started, DEVICE_THREADS, now_seconds() - start, creates, executes, checks);
    for (size_t k = 0; k < CASES; k++) {
        dmlp_operator_destroy(shared[k]);
        for (int i = 0; i < MAX_INPUTS; i++)
            free(data[k].input[i]);
        free(data[k].expected[0]);
        free(data[k].expected[1]);
    }
    dmlp_device_destroy(device);
    return test_finish("test_stress_threads");
}
