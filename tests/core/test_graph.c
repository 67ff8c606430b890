/* test_graph: dmlp_graph_compile and graph execution. Each graph is checked against its
   nodes run one by one through dmlp_operator_execute, bit for bit: the exported Softsign
   pattern DIVIDE(x, ADD(ABS(x), 1)) with ADD and ADD1 and both operand orders, a chain of
   Sign after it and after Softsign, Multiply by a broadcast constant after Negate, a Cast
   in the middle, and two graph outputs, on every FLOAT16 and BFLOAT16 value and a large
   sample of FLOAT32 and FLOAT64 values (NaNs, ±0, ±inf, subnormals among them); run in
   one pass with and without pattern replacement and node by node, on 1 and 2 threads,
   with unaligned bindings, and with a broadcast layout that cannot run in one pass. Then
   the refusals of compile and execute, each with its message and nothing written. */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/graph.h"
#include "dmlp.h"
#include "test_util.h"

#define F32 DML_TENSOR_DATA_TYPE_FLOAT32
#define F64 DML_TENSOR_DATA_TYPE_FLOAT64
#define F16 DML_TENSOR_DATA_TYPE_FLOAT16
#define BF16 DMLP_TENSOR_DATA_TYPE_BFLOAT16
#define I32 DML_TENSOR_DATA_TYPE_INT32
#define U8 DML_TENSOR_DATA_TYPE_UINT8

#define MAX_VALUES 12
#define MAX_NODES 8

static uint32_t type_size(DML_TENSOR_DATA_TYPE t)
{
    return t == F64 ? 8 : (t == F16 || t == BF16) ? 2 : t == U8 ? 1 : 4;
}

static const char *type_text(DML_TENSOR_DATA_TYPE t)
{
    return t == F64 ? "f64" : t == F32 ? "f32" : t == F16 ? "f16" : t == BF16 ? "bf16" : "int";
}

/* The specs below leave their trailing fields (nan_to_zero, chained) out when false or 0. */
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

/* A graph over values: graph inputs first, then constants, then node outputs. Every
   tensor is 1-D of n elements (a constant: one element broadcast with stride 0). */
typedef struct node_spec {
    DML_OPERATOR_TYPE type;
    int in[2];                 /* value indices; in[1] < 0 for a one-input operator */
    DML_TENSOR_DATA_TYPE out_type; /* 0: the input's */
    bool softsign;             /* ADD1's FusedActivation */
    bool nan_to_zero;          /* a map with a NaN rule (nan_rule) without
                                  DMLP_EXECUTION_FLAG_NAN_PROPAGATE */
    float param[2];            /* the FLOAT members, in member order */
    DML_ROUNDING_MODE mode;    /* ROUND's */
} node_spec;

typedef struct graph_spec {
    const char *what;
    DML_TENSOR_DATA_TYPE type; /* of the graph inputs and constants */
    uint32_t inputs, constants;
    double constant[2];
    uint32_t node_count;
    node_spec nodes[MAX_NODES];
    uint32_t output_count;
    int outputs[2];            /* value indices */
    bool pattern;              /* f32/f64: one Softsign pattern expected */
    uint32_t chained;          /* nodes expected to join a chain (with the pattern, if any) */
} graph_spec;

typedef struct built {
    DML_BUFFER_TENSOR_DESC buf[MAX_NODES][3];
    DML_TENSOR_DESC td[MAX_NODES][3];
    union {
        DML_ELEMENT_WISE_ADD1_OPERATOR_DESC binary;
        DML_CAST_OPERATOR_DESC unary;
        DML_ELEMENT_WISE_ROUND_OPERATOR_DESC round;
        DML_ACTIVATION_LEAKY_RELU_OPERATOR_DESC alpha;
        DML_ACTIVATION_LINEAR_OPERATOR_DESC alpha_beta;
        DML_ELEMENT_WISE_THRESHOLD_OPERATOR_DESC threshold;
        DML_ELEMENT_WISE_CLIP_OPERATOR_DESC clip;
    } desc[MAX_NODES];
    DML_OPERATOR_DESC op_desc[MAX_NODES];
    DML_OPERATOR_DESC fused;
    DML_ACTIVATION_SOFTSIGN_OPERATOR_DESC fused_desc;
    dmlp_operator *ops[MAX_NODES];
    DML_TENSOR_DATA_TYPE value_type[MAX_VALUES];
    uint32_t stride_zero[1];
} built;

/* The operators whose NaN result has two rules (DMLP_EXECUTION_FLAG_NAN_PROPAGATE). */
static bool nan_rule(DML_OPERATOR_TYPE t)
{
    return t == DML_OPERATOR_ELEMENT_WISE_SIGN || t == DML_OPERATOR_ACTIVATION_RELU ||
           t == DML_OPERATOR_ACTIVATION_HARD_SIGMOID || t == DML_OPERATOR_ACTIVATION_HARD_SWISH ||
           t == DML_OPERATOR_ELEMENT_WISE_CLIP || t == DML_OPERATOR_ELEMENT_WISE_THRESHOLD;
}

/* A one-input node's descriptor with its members (ScaleBias NULL). */
static void unary_desc(const node_spec *s, const DML_TENSOR_DESC *in, const DML_TENSOR_DESC *out,
                       built *b, uint32_t i)
{
    switch (s->type) {
    case DML_OPERATOR_ELEMENT_WISE_ROUND:
        b->desc[i].round = (DML_ELEMENT_WISE_ROUND_OPERATOR_DESC){in, out, s->mode};
        break;
    case DML_OPERATOR_ACTIVATION_LEAKY_RELU:
    case DML_OPERATOR_ACTIVATION_THRESHOLDED_RELU:
        b->desc[i].alpha = (DML_ACTIVATION_LEAKY_RELU_OPERATOR_DESC){in, out, s->param[0]};
        break;
    case DML_OPERATOR_ACTIVATION_LINEAR:
    case DML_OPERATOR_ACTIVATION_HARD_SIGMOID:
    case DML_OPERATOR_ACTIVATION_HARD_SWISH:
    case DML_OPERATOR_ACTIVATION_SHRINK:
        b->desc[i].alpha_beta =
            (DML_ACTIVATION_LINEAR_OPERATOR_DESC){in, out, s->param[0], s->param[1]};
        break;
    case DML_OPERATOR_ELEMENT_WISE_THRESHOLD:
        b->desc[i].threshold = (DML_ELEMENT_WISE_THRESHOLD_OPERATOR_DESC){in, out, NULL, s->param[0]};
        break;
    case DML_OPERATOR_ELEMENT_WISE_CLIP:
        b->desc[i].clip =
            (DML_ELEMENT_WISE_CLIP_OPERATOR_DESC){in, out, NULL, s->param[0], s->param[1]};
        break;
    default: /* {Input, Output}, or with a ScaleBias left NULL */
        b->desc[i].unary = (DML_CAST_OPERATOR_DESC){in, out};
        break;
    }
}

static void build_ops(dmlp_device *dev, const graph_spec *g, uint32_t n, uint32_t *sizes, built *b)
{
    static const uint32_t zero[1] = {0};
    memset(b, 0, sizeof *b);
    for (uint32_t v = 0; v < g->inputs + g->constants; v++)
        b->value_type[v] = g->type;
    sizes[0] = n;
    b->fused_desc = (DML_ACTIVATION_SOFTSIGN_OPERATOR_DESC){NULL, NULL};
    b->fused = (DML_OPERATOR_DESC){DML_OPERATOR_ACTIVATION_SOFTSIGN, &b->fused_desc};
    for (uint32_t i = 0; i < g->node_count; i++) {
        const node_spec *s = &g->nodes[i];
        uint32_t inputs = s->in[1] >= 0 ? 2 : 1;
        DML_TENSOR_DATA_TYPE it = b->value_type[s->in[0]];
        DML_TENSOR_DATA_TYPE ot = s->out_type ? s->out_type : it;
        b->value_type[g->inputs + g->constants + i] = ot;
        for (uint32_t k = 0; k < inputs; k++) {
            bool constant = (uint32_t)s->in[k] >= g->inputs &&
                            (uint32_t)s->in[k] < g->inputs + g->constants;
            const uint32_t *st = constant ? zero : NULL;
            b->buf[i][k] = (DML_BUFFER_TENSOR_DESC){
                it, DML_TENSOR_FLAG_NONE, 1, sizes, st,
                dmlp_calc_buffer_tensor_size(it, 1, sizes, st), 0};
            b->td[i][k] = (DML_TENSOR_DESC){DML_TENSOR_TYPE_BUFFER, &b->buf[i][k]};
        }
        b->buf[i][2] = (DML_BUFFER_TENSOR_DESC){ot, DML_TENSOR_FLAG_NONE, 1, sizes, NULL,
                                                dmlp_calc_buffer_tensor_size(ot, 1, sizes, NULL), 0};
        b->td[i][2] = (DML_TENSOR_DESC){DML_TENSOR_TYPE_BUFFER, &b->buf[i][2]};
        if (inputs == 2)
            b->desc[i].binary = (DML_ELEMENT_WISE_ADD1_OPERATOR_DESC){
                &b->td[i][0], &b->td[i][1], &b->td[i][2], s->softsign ? &b->fused : NULL};
        else
            unary_desc(s, &b->td[i][0], &b->td[i][2], b, i);
        b->op_desc[i] = (DML_OPERATOR_DESC){s->type, &b->desc[i]};
        uint32_t flags =
            nan_rule(s->type) && !s->nan_to_zero ? DMLP_EXECUTION_FLAG_NAN_PROPAGATE : 0;
        CHECK_STATUS(dmlp_operator_create(dev, &b->op_desc[i], flags, &b->ops[i]), DMLP_OK);
    }
}

/* Scalar constant data: the value in the type, padded to 8 bytes. */
static void constant_bytes(DML_TENSOR_DATA_TYPE t, double v, unsigned char out[8])
{
    memset(out, 0, 8);
    if (t == F32) {
        float f = (float)v;
        memcpy(out, &f, 4);
    } else if (t == F64) {
        memcpy(out, &v, 8);
    } else if (t == F16) {
        uint16_t h = v == 1.0 ? 0x3C00 : v == 2.5 ? 0x4100 : 0;
        memcpy(out, &h, 2);
    } else if (t == BF16) {
        uint16_t h = v == 1.0 ? 0x3F80 : v == 2.5 ? 0x4020 : 0;
        memcpy(out, &h, 2);
    } else {
        int32_t i = (int32_t)v;
        memcpy(out, &i, 4);
    }
}

/* The reference: each node through dmlp_operator_execute, values in whole buffers. */
static void run_reference(const graph_spec *g, const built *b, uint32_t n, void *const *inputs,
                          unsigned char consts[][8], void **outputs)
{
    void *values[MAX_VALUES] = {0};
    for (uint32_t v = 0; v < g->inputs; v++)
        values[v] = inputs[v];
    for (uint32_t c = 0; c < g->constants; c++)
        values[g->inputs + c] = consts[c];
    for (uint32_t i = 0; i < g->node_count; i++) {
        const node_spec *s = &g->nodes[i];
        uint32_t inputs_n = s->in[1] >= 0 ? 2 : 1;
        dmlp_buffer_binding in[2];
        for (uint32_t k = 0; k < inputs_n; k++)
            in[k] = (dmlp_buffer_binding){values[s->in[k]], 0, b->buf[i][k].TotalTensorSizeInBytes};
        uint64_t bytes = b->buf[i][2].TotalTensorSizeInBytes;
        void *out = calloc(1, (size_t)bytes);
        dmlp_buffer_binding ob = {out, 0, bytes};
        CHECK_STATUS(dmlp_operator_execute(b->ops[i], inputs_n, in, 1, &ob), DMLP_OK);
        values[g->inputs + g->constants + i] = out;
    }
    for (uint32_t o = 0; o < g->output_count; o++) {
        int v = g->outputs[o];
        uint32_t node = (uint32_t)v - g->inputs - g->constants;
        memcpy(outputs[o], values[v], (size_t)n * type_size(b->buf[node][2].DataType));
    }
    for (uint32_t i = 0; i < g->node_count; i++)
        free(values[g->inputs + g->constants + i]);
    (void)n;
}

/* The graph description of the spec. */
typedef struct graph_desc {
    DML_GRAPH_NODE_DESC nodes[MAX_NODES + 2];
    DML_OPERATOR_GRAPH_NODE_DESC op_nodes[MAX_NODES];
    DML_CONSTANT_DATA_GRAPH_NODE_DESC const_nodes[2];
    DML_GRAPH_EDGE_DESC in_edges[2 * MAX_NODES], mid_edges[2 * MAX_NODES], out_edges[2];
    DML_INPUT_GRAPH_EDGE_DESC in_e[2 * MAX_NODES];
    DML_INTERMEDIATE_GRAPH_EDGE_DESC mid_e[2 * MAX_NODES];
    DML_OUTPUT_GRAPH_EDGE_DESC out_e[2];
    DML_GRAPH_DESC desc;
} graph_desc;

/* Nodes: operators 0 .. node_count-1, then the constants. */
static void describe(const graph_spec *g, const built *b, unsigned char consts[][8], graph_desc *d)
{
    memset(d, 0, sizeof *d);
    uint32_t ni = 0, nm = 0;
    for (uint32_t i = 0; i < g->node_count; i++) {
        d->op_nodes[i] = (DML_OPERATOR_GRAPH_NODE_DESC){b->ops[i], NULL};
        d->nodes[i] = (DML_GRAPH_NODE_DESC){DML_GRAPH_NODE_TYPE_OPERATOR, &d->op_nodes[i]};
    }
    for (uint32_t c = 0; c < g->constants; c++) {
        d->const_nodes[c] = (DML_CONSTANT_DATA_GRAPH_NODE_DESC){consts[c], 8, NULL};
        d->nodes[g->node_count + c] =
            (DML_GRAPH_NODE_DESC){DML_GRAPH_NODE_TYPE_CONSTANT, &d->const_nodes[c]};
    }
    for (uint32_t i = 0; i < g->node_count; i++)
        for (uint32_t k = 0; k < 2; k++) {
            int v = g->nodes[i].in[k];
            if (v < 0)
                continue;
            if ((uint32_t)v < g->inputs) {
                d->in_e[ni] = (DML_INPUT_GRAPH_EDGE_DESC){(uint32_t)v, i, k, NULL};
                d->in_edges[ni] = (DML_GRAPH_EDGE_DESC){DML_GRAPH_EDGE_TYPE_INPUT, &d->in_e[ni]};
                ni++;
            } else {
                uint32_t from = (uint32_t)v < g->inputs + g->constants
                                    ? g->node_count + ((uint32_t)v - g->inputs)
                                    : (uint32_t)v - g->inputs - g->constants;
                d->mid_e[nm] = (DML_INTERMEDIATE_GRAPH_EDGE_DESC){from, 0, i, k, NULL};
                d->mid_edges[nm] =
                    (DML_GRAPH_EDGE_DESC){DML_GRAPH_EDGE_TYPE_INTERMEDIATE, &d->mid_e[nm]};
                nm++;
            }
        }
    for (uint32_t o = 0; o < g->output_count; o++) {
        d->out_e[o] = (DML_OUTPUT_GRAPH_EDGE_DESC){
            (uint32_t)g->outputs[o] - g->inputs - g->constants, 0, o, NULL};
        d->out_edges[o] = (DML_GRAPH_EDGE_DESC){DML_GRAPH_EDGE_TYPE_OUTPUT, &d->out_e[o]};
    }
    d->desc = (DML_GRAPH_DESC){g->inputs,     g->output_count, g->node_count + g->constants,
                               d->nodes,      ni,              d->in_edges,
                               g->output_count, d->out_edges,  nm,
                               d->mid_edges};
}

/* n input values of the type: every 16-bit pattern (repeated), or a sample of wider ones
   with the special values first. */
static void fill_inputs(DML_TENSOR_DATA_TYPE t, uint32_t n, void *buf, uint64_t seed)
{
    uint64_t x = seed;
    if (type_size(t) == 2) {
        uint16_t *p = buf;
        for (uint32_t i = 0; i < n; i++)
            p[i] = (uint16_t)(i * 40503u + (uint32_t)seed); /* a permutation of 2^16 */
        return;
    }
    static const uint32_t f32_special[] = {0, 0x80000000u, 0x7f800000u, 0xff800000u,
                                           0x7fc00000u, 0xffc00001u, 0x7f800001u, 1u,
                                           0x807fffffu, 0x00800000u, 0x3f800000u, 0x33800000u,
                                           0x33800001u, 0x7f7fffffu, 0xff7fffffu, 0x4b800000u};
    static const uint64_t f64_special[] = {0, 0x8000000000000000u, 0x7ff0000000000000u,
                                           0xfff0000000000000u, 0x7ff8000000000000u,
                                           0xfff0000000000001u, 1u, 0x800fffffffffffffu,
                                           0x3ff0000000000000u, 0x3ca0000000000000u,
                                           0x3ca0000000000001u, 0x7fefffffffffffffu};
    for (uint32_t i = 0; i < n; i++) {
        x = x * 6364136223846793005u + 1442695040888963407u;
        if (t == F64) {
            uint64_t v = i < 12 ? f64_special[i] : x;
            if (i % 7 == 3) /* near 1 in magnitude, where the roundings matter */
                v = (v & 0x800fffffffffffffu) | ((uint64_t)(0x3f0 + (x >> 60)) << 52);
            memcpy((unsigned char *)buf + 8u * i, &v, 8);
        } else if (t == F32) {
            uint32_t v = i < 16 ? f32_special[i] : (uint32_t)(x >> 32);
            if (i % 7 == 3)
                v = (v & 0x807fffffu) | ((uint32_t)(0x70 + (x >> 59)) << 23);
            memcpy((unsigned char *)buf + 4u * i, &v, 4);
        } else {
            int32_t v = (int32_t)(x >> 33) - (1 << 29);
            memcpy((unsigned char *)buf + 4u * i, &v, 4);
        }
    }
}

static uint64_t mismatches(const void *a, const void *b, uint32_t n, uint32_t size, uint32_t *first)
{
    uint64_t bad = 0;
    *first = UINT32_MAX;
    for (uint32_t i = 0; i < n; i++)
        if (memcmp((const unsigned char *)a + (size_t)i * size, (const unsigned char *)b + (size_t)i * size,
                   size) != 0) {
            if (bad++ == 0)
                *first = i;
        }
    return bad;
}

/* Compiles the spec under each flag set and compares with the nodes one by one. */
static void check_graph(dmlp_device *dev, const char *dev_name, const graph_spec *g, uint32_t n,
                        size_t shift)
{
    built b;
    uint32_t sizes[1];
    build_ops(dev, g, n, sizes, &b);
    for (uint32_t i = 0; i < g->node_count; i++)
        if (!b.ops[i])
            return;
    unsigned char consts[2][8];
    for (uint32_t c = 0; c < g->constants; c++)
        constant_bytes(g->type, g->constant[c], consts[c]);
    void *in[2] = {NULL, NULL}, *ref[2] = {NULL, NULL}, *got[2] = {NULL, NULL};
    uint32_t osize[2];
    for (uint32_t v = 0; v < g->inputs; v++) {
        in[v] = calloc(1, (size_t)n * type_size(g->type) + 16);
        fill_inputs(g->type, n, in[v], 12345 + v * 977);
    }
    for (uint32_t o = 0; o < g->output_count; o++) {
        osize[o] = type_size(b.value_type[g->outputs[o]]);
        ref[o] = calloc(1, (size_t)n * osize[o] + 16);
        got[o] = calloc(1, (size_t)n * osize[o] + 16);
    }
    run_reference(g, &b, n, in, consts, ref);

    graph_desc d;
    describe(g, &b, consts, &d);
    const uint32_t modes[3] = {0, DMLP_EXECUTION_FLAG_GRAPH_NO_PATTERNS,
                               DMLP_EXECUTION_FLAG_GRAPH_NODE_BY_NODE};
    const char *mode_name[3] = {"one pass", "one pass without patterns", "node by node"};
    for (int m = 0; m < 3; m++) {
        dmlp_operator *op = NULL;
        CHECK_STATUS(dmlp_graph_compile(dev, &d.desc, modes[m], &op), DMLP_OK);
        if (!op)
            continue;
        char how[128];
        dmlp__graph_describe(op, how, sizeof how);
        bool f = g->type == F32 || g->type == F64;
        if (m == 0 && g->pattern)
            CHECK(strstr(how, f ? "1 Softsign pattern" : "0 Softsign patterns") != NULL,
                  "%s %s: %s", g->what, type_text(g->type), how);
        /* The pattern's Softsign is a map; without it the chain starts later or not at all. */
        uint32_t chained = m == 2 || (g->pattern && !(m == 0 && f)) ? 0 : g->chained;
        char chain_text[48] = "";
        if (chained)
            snprintf(chain_text, sizeof chain_text, ", %u node%s chained", chained,
                     chained == 1 ? "" : "s");
        CHECK(chained ? strstr(how, chain_text) != NULL : strstr(how, "chained") == NULL,
              "%s %s %s: %s (expected %u chained)", g->what, type_text(g->type), mode_name[m],
              how, chained);
        if (m < 2 && shift == 0 && n > 1)
            CHECK(strncmp(how, "one pass", 8) == 0 ||
                      ((chained || (m == 0 && g->pattern && f)) && strstr(how, "one step")),
                  "%s %s %s: %s", g->what, type_text(g->type), mode_name[m], how);
        if (m == 2)
            CHECK(strncmp(how, "node by node", 12) == 0 || strncmp(how, "one step", 8) == 0,
                  "%s: %s", g->what, how);
        dmlp_buffer_binding ib[2], ob[2];
        for (uint32_t v = 0; v < g->inputs; v++) {
            /* unaligned: the values moved `shift` bytes up */
            if (shift)
                memmove((unsigned char *)in[v] + shift, in[v], (size_t)n * type_size(g->type));
            ib[v] = (dmlp_buffer_binding){in[v], shift,
                                          dmlp_calc_buffer_tensor_size(g->type, 1, sizes, NULL)};
        }
        for (uint32_t o = 0; o < g->output_count; o++) {
            memset(got[o], 0xA5, (size_t)n * osize[o] + 16);
            ob[o] = (dmlp_buffer_binding){got[o], shift, (uint64_t)n * osize[o] + 16 - shift};
        }
        CHECK_STATUS(dmlp_operator_execute(op, g->inputs, ib, g->output_count, ob), DMLP_OK);
        for (uint32_t v = 0; shift && v < g->inputs; v++)
            memmove(in[v], (unsigned char *)in[v] + shift, (size_t)n * type_size(g->type));
        for (uint32_t o = 0; o < g->output_count; o++) {
            uint32_t first;
            uint64_t bad = mismatches((unsigned char *)got[o] + shift, ref[o], n, osize[o], &first);
            CHECK(bad == 0, "%s %s, %s, %s, n %u, shift %zu, output %u: %llu of %u differ, first "
                  "at %u", g->what, type_text(g->type), mode_name[m], dev_name, n, shift, o,
                  (unsigned long long)bad, n, first);
        }
        dmlp_operator_destroy(op);
    }
    for (uint32_t i = 0; i < g->node_count; i++)
        dmlp_operator_destroy(b.ops[i]);
    for (uint32_t v = 0; v < 2; v++) {
        free(in[v]);
        free(ref[v]);
        free(got[v]);
    }
}

/* Value numbering in the specs: x = 0, (y = 1,) constants next, node outputs after. */
static void check_patterns(dmlp_device *dev, const char *dev_name, DML_TENSOR_DATA_TYPE t,
                           uint32_t n)
{
    const DML_OPERATOR_TYPE ABS = DML_OPERATOR_ELEMENT_WISE_ABS,
                            ADD = DML_OPERATOR_ELEMENT_WISE_ADD,
                            ADD1 = DML_OPERATOR_ELEMENT_WISE_ADD1,
                            DIV = DML_OPERATOR_ELEMENT_WISE_DIVIDE,
                            SIGN = DML_OPERATOR_ELEMENT_WISE_SIGN,
                            SOFTSIGN = DML_OPERATOR_ACTIVATION_SOFTSIGN,
                            NEG = DML_OPERATOR_ELEMENT_WISE_NEGATE,
                            MUL = DML_OPERATOR_ELEMENT_WISE_MULTIPLY,
                            SUB = DML_OPERATOR_ELEMENT_WISE_SUBTRACT,
                            CAST = DML_OPERATOR_CAST,
                            IDENTITY = DML_OPERATOR_ELEMENT_WISE_IDENTITY,
                            RELU = DML_OPERATOR_ACTIVATION_RELU,
                            CEIL = DML_OPERATOR_ELEMENT_WISE_CEIL,
                            FLOOR = DML_OPERATOR_ELEMENT_WISE_FLOOR,
                            ROUND = DML_OPERATOR_ELEMENT_WISE_ROUND,
                            RECIP = DML_OPERATOR_ELEMENT_WISE_RECIP,
                            SQRT = DML_OPERATOR_ELEMENT_WISE_SQRT,
                            LEAKY = DML_OPERATOR_ACTIVATION_LEAKY_RELU,
                            LINEAR = DML_OPERATOR_ACTIVATION_LINEAR,
                            HSIG = DML_OPERATOR_ACTIVATION_HARD_SIGMOID,
                            TRELU = DML_OPERATOR_ACTIVATION_THRESHOLDED_RELU,
                            SHRINK = DML_OPERATOR_ACTIVATION_SHRINK,
                            CLIP = DML_OPERATOR_ELEMENT_WISE_CLIP,
                            THRESH = DML_OPERATOR_ELEMENT_WISE_THRESHOLD,
                            HSWISH = DML_OPERATOR_ACTIVATION_HARD_SWISH;
/* Two maps, each of its own Negate(x) (x = 0; the Negates are values 1 and 2), the
   node specs after `what`, both graph outputs: each chain is two nodes in one step, one
   node chained each. */
#define PAIR(what, ...)                                                                     \
    {what, t, 1, 0, {0, 0}, 4, {{NEG, {0, -1}}, {NEG, {0, -1}}, __VA_ARGS__}, 2, {3, 4}, false, 2}
    graph_spec specs[] = {
        {"div(x, add(abs(x), 1))", t, 1, 1, {1.0, 0}, 3,
         {{ABS, {0, -1}, 0, false}, {ADD, {2, 1}, 0, false}, {DIV, {0, 3}, 0, false}}, 1, {4, 0},
         true},
        {"div(x, add(1, abs(x)))", t, 1, 1, {1.0, 0}, 3,
         {{ABS, {0, -1}, 0, false}, {ADD, {1, 2}, 0, false}, {DIV, {0, 3}, 0, false}}, 1, {4, 0},
         true},
        {"div(x, add1(abs(x), 1))", t, 1, 1, {1.0, 0}, 3,
         {{ABS, {0, -1}, 0, false}, {ADD1, {2, 1}, 0, false}, {DIV, {0, 3}, 0, false}}, 1, {4, 0},
         true},
        {"sign(div(x, add(abs(x), 1)))", t, 1, 1, {1.0, 0}, 4,
         {{ABS, {0, -1}, 0, false},
          {ADD, {2, 1}, 0, false},
          {DIV, {0, 3}, 0, false},
          {SIGN, {4, -1}, 0, false}},
         1, {5, 0}, true, 1},
        {"sign(softsign(x))", t, 1, 0, {0, 0}, 2,
         {{SOFTSIGN, {0, -1}, 0, false}, {SIGN, {1, -1}, 0, false}}, 1, {2, 0}, false, 1},
        {"neg(abs(softsign(sign(x))))", t, 1, 0, {0, 0}, 4,
         {{SIGN, {0, -1}, 0, false},
          {SOFTSIGN, {1, -1}, 0, false},
          {ABS, {2, -1}, 0, false},
          {NEG, {3, -1}, 0, false}},
         1, {4, 0}, false, 3},
        {"sign(identity(softsign(identity(x))))", t, 1, 0, {0, 0}, 4,
         {{IDENTITY, {0, -1}, 0, false},
          {SOFTSIGN, {1, -1}, 0, false},
          {IDENTITY, {2, -1}, 0, false},
          {SIGN, {3, -1}, 0, false}},
         1, {4, 0}, false, 3},
        {"sign(softsign(sign(x))): two NaN rules, one chain", t, 1, 0, {0, 0}, 3,
         {{SIGN, {0, -1}, 0, false, true},
          {SOFTSIGN, {1, -1}, 0, false},
          {SIGN, {2, -1}, 0, false}},
         1, {3, 0}, false, 2},
        {"softsign(x) and sign(softsign(x)), both out: no chain", t, 1, 0, {0, 0}, 2,
         {{SOFTSIGN, {0, -1}, 0, false}, {SIGN, {1, -1}, 0, false}}, 2, {1, 2}, false},
        {"sign and neg of one softsign(x): no chain", t, 1, 0, {0, 0}, 3,
         {{SOFTSIGN, {0, -1}, 0, false}, {SIGN, {1, -1}, 0, false}, {NEG, {1, -1}, 0, false}},
         2, {2, 3}, false},
        {"add1(x, y) fused softsign, then neg, twice out", t, 2, 0, {0, 0}, 2,
         {{ADD1, {0, 1}, 0, true}, {NEG, {2, -1}, 0, false}}, 2, {2, 3}, false},
        {"mul(neg(x), 2.5) - y", t, 2, 1, {2.5, 0}, 3,
         {{NEG, {0, -1}, 0, false}, {MUL, {3, 2}, 0, false}, {SUB, {4, 1}, 0, false}}, 1, {5, 0},
         false},
        {"div(x, add(abs(x), 2.5)): no pattern", t, 1, 1, {2.5, 0}, 3,
         {{ABS, {0, -1}, 0, false}, {ADD, {2, 1}, 0, false}, {DIV, {0, 3}, 0, false}}, 1, {4, 0},
         false},
        {"cast(abs(x)) to uint8 of isinf", t, 1, 0, {0, 0}, 2,
         {{ABS, {0, -1}, 0, false}, {DML_OPERATOR_ELEMENT_WISE_IS_INFINITY, {1, -1}, U8, false}},
         1, {2, 0}, false},
        {"cast(abs(x)) to f32", t, 1, 0, {0, 0}, 2,
         {{ABS, {0, -1}, 0, false}, {CAST, {1, -1}, t == F32 ? F64 : F32, false}}, 1, {2, 0},
         false},
        {"relu(neg(softsign(x)))", t, 1, 0, {0, 0}, 3,
         {{SOFTSIGN, {0, -1}, 0, false},
          {NEG, {1, -1}, 0, false},
          {RELU, {2, -1}, 0, false}},
         1, {3, 0}, false, 2},
        {"sign(relu(neg(x))), one NaN rule", t, 1, 0, {0, 0}, 3,
         {{NEG, {0, -1}, 0, false}, {RELU, {1, -1}, 0, false}, {SIGN, {2, -1}, 0, false}},
         1, {3, 0}, false, 2},
        {"relu(abs(relu(x))), NaN to zero", t, 1, 0, {0, 0}, 3,
         {{RELU, {0, -1}, 0, false, true},
          {ABS, {1, -1}, 0, false},
          {RELU, {2, -1}, 0, false, true}},
         1, {3, 0}, false, 2},
        {"relu(softsign(sign(x))): two NaN rules, one chain", t, 1, 0, {0, 0}, 3,
         {{SIGN, {0, -1}, 0, false, true},
          {SOFTSIGN, {1, -1}, 0, false},
          {RELU, {2, -1}, 0, false}},
         1, {3, 0}, false, 2},
        /* the maps with FLOAT members and modes, two a graph, each after a Negate (which
           hands it every value) */
        PAIR("ceil(neg(x)), floor(neg(x))", {CEIL, {1, -1}}, {FLOOR, {2, -1}}),
        PAIR("round(neg(x)) to even, toward zero", {ROUND, {1, -1}},
             {ROUND, {2, -1}, 0, false, false, {0, 0}, DML_ROUNDING_MODE_TOWARD_ZERO}),
        PAIR("round(neg(x)) away from zero, recip(neg(x))",
             {ROUND, {1, -1}, 0, false, false, {0, 0}, DML_ROUNDING_MODE_TOWARD_INFINITY},
             {RECIP, {2, -1}}),
        PAIR("sqrt(neg(x)), leaky_relu(neg(x), 0.1)", {SQRT, {1, -1}},
             {LEAKY, {2, -1}, 0, false, false, {0.1f}}),
        PAIR("linear(neg(x), -1.3, 0.3), hard_sigmoid(neg(x)), NaN to 1",
             {LINEAR, {1, -1}, 0, false, false, {-1.3f, 0.3f}},
             {HSIG, {2, -1}, 0, false, true, {0.2f, 0.5f}}),
        PAIR("thresholded_relu(neg(x), 0.7), shrink(neg(x), 0.3, 0.6)",
             {TRELU, {1, -1}, 0, false, false, {0.7f}},
             {SHRINK, {2, -1}, 0, false, false, {0.3f, 0.6f}}),
        PAIR("clip(neg(x), -0.7, 2.3), threshold(neg(x), -0.4), NaN lost",
             {CLIP, {1, -1}, 0, false, true, {-0.7f, 2.3f}},
             {THRESH, {2, -1}, 0, false, true, {-0.4f}}),
        PAIR("hard_swish(neg(x)), clip(neg(x), -inf, 0.5)",
             {HSWISH, {1, -1}, 0, false, false, {1.0f / 6.0f, 0.5f}},
             {CLIP, {2, -1}, 0, false, false, {-INFINITY, 0.5f}}),
        {"recip(clip(softsign(hard_swish(threshold(round(linear(x))))))), two NaN rules", t, 1,
         0, {0, 0}, 7,
         {{LINEAR, {0, -1}, 0, false, false, {2.5f, -0.75f}},
          {ROUND, {1, -1}, 0, false, false, {0, 0}, DML_ROUNDING_MODE_TOWARD_INFINITY},
          {THRESH, {2, -1}, 0, false, false, {-1.5f}},
          {HSWISH, {3, -1}, 0, false, true, {0.25f, 0.5f}},
          {SOFTSIGN, {4, -1}},
          {CLIP, {5, -1}, 0, false, false, {-0.3f, 0.3f}},
          {RECIP, {6, -1}}},
         1, {7, 0}, false, 6},
    };
#undef PAIR
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
        check_graph(dev, dev_name, &specs[i], n, 0);
        if (i == 0 || i == 5 || i == 11)
            check_graph(dev, dev_name, &specs[i], n - 3, type_size(t) / 2 ? type_size(t) / 2 : 1);
    }
}

/* ---- refusals --------------------------------------------------------------------- */

static dmlp_operator *unary(dmlp_device *dev, DML_OPERATOR_TYPE type, DML_TENSOR_DATA_TYPE t,
                            uint32_t n)
{
    uint32_t sizes[1] = {n};
    DML_BUFFER_TENSOR_DESC bd = {t, DML_TENSOR_FLAG_NONE, 1, sizes, NULL,
                                 dmlp_calc_buffer_tensor_size(t, 1, sizes, NULL), 0};
    DML_TENSOR_DESC td = {DML_TENSOR_TYPE_BUFFER, &bd};
    DML_ELEMENT_WISE_ABS_OPERATOR_DESC d = {&td, &td, NULL}; /* the longest one-input layout */
    DML_OPERATOR_DESC od = {type, &d};
    dmlp_operator *op = NULL;
    CHECK_STATUS(dmlp_operator_create(dev, &od, 0, &op), DMLP_OK);
    return op;
}

static dmlp_operator *binary(dmlp_device *dev, DML_OPERATOR_TYPE type, DML_TENSOR_DATA_TYPE t,
                             uint32_t n)
{
    uint32_t sizes[1] = {n};
    DML_BUFFER_TENSOR_DESC bd = {t, DML_TENSOR_FLAG_NONE, 1, sizes, NULL,
                                 dmlp_calc_buffer_tensor_size(t, 1, sizes, NULL), 0};
    DML_TENSOR_DESC td = {DML_TENSOR_TYPE_BUFFER, &bd};
    DML_ELEMENT_WISE_ADD_OPERATOR_DESC d = {&td, &td, &td};
    DML_OPERATOR_DESC od = {type, &d};
    dmlp_operator *op = NULL;
    CHECK_STATUS(dmlp_operator_create(dev, &od, 0, &op), DMLP_OK);
    return op;
}

#define IN_EDGE(g, node, input) {DML_GRAPH_EDGE_TYPE_INPUT, &(DML_INPUT_GRAPH_EDGE_DESC){g, node, input, NULL}}
#define MID_EDGE(from, node, input) \
    {DML_GRAPH_EDGE_TYPE_INTERMEDIATE, &(DML_INTERMEDIATE_GRAPH_EDGE_DESC){from, 0, node, input, NULL}}
#define OUT_EDGE(node, g) {DML_GRAPH_EDGE_TYPE_OUTPUT, &(DML_OUTPUT_GRAPH_EDGE_DESC){node, 0, g, NULL}}

static void refused(dmlp_device *dev, const DML_GRAPH_DESC *d, uint32_t flags, dmlp_status want,
                    const char *fragment)
{
    dmlp_operator *op = (dmlp_operator *)&op; /* must stay as it is */
    dmlp_operator *before = op;
    CHECK_STATUS(dmlp_graph_compile(dev, d, flags, &op), want);
    CHECK(op == before, "op was set on a refusal (%s)", fragment);
    CHECK_CONTAINS(dmlp_last_error(), fragment);
}

static void check_refusals(dmlp_device *dev, dmlp_device *other, dmlp_device *plain)
{
    dmlp_operator *abs = unary(dev, DML_OPERATOR_ELEMENT_WISE_ABS, F32, 16);
    dmlp_operator *neg = unary(dev, DML_OPERATOR_ELEMENT_WISE_NEGATE, F32, 16);
    dmlp_operator *neg8 = unary(dev, DML_OPERATOR_ELEMENT_WISE_NEGATE, F32, 8);
    dmlp_operator *negi = unary(dev, DML_OPERATOR_ELEMENT_WISE_NEGATE, I32, 16);
    dmlp_operator *add = binary(dev, DML_OPERATOR_ELEMENT_WISE_ADD, F32, 16);
    dmlp_operator *foreign = unary(other, DML_OPERATOR_ELEMENT_WISE_ABS, F32, 16);
    if (!abs || !neg || !neg8 || !negi || !add || !foreign)
        return;
    DML_OPERATOR_GRAPH_NODE_DESC n_abs = {abs, "abs"}, n_neg = {neg, NULL}, n_add = {add, "add"}, n_foreign = {foreign, NULL},
                                 n_null = {NULL, NULL};
    float data[4] = {1, 2, 3, 4};
    DML_CONSTANT_DATA_GRAPH_NODE_DESC n_const = {data, sizeof data, "c"};
    DML_GRAPH_NODE_DESC abs_neg[2] = {{DML_GRAPH_NODE_TYPE_OPERATOR, &n_abs},
                                      {DML_GRAPH_NODE_TYPE_OPERATOR, &n_neg}};
    DML_GRAPH_EDGE_DESC in0[] = {IN_EDGE(0, 0, 0)};
    DML_GRAPH_EDGE_DESC mid01[] = {MID_EDGE(0, 1, 0)};
    DML_GRAPH_EDGE_DESC out1[] = {OUT_EDGE(1, 0)};
    DML_GRAPH_DESC good = {1, 1, 2, abs_neg, 1, in0, 1, out1, 1, mid01};
    dmlp_operator *op = NULL;
    CHECK_STATUS(dmlp_graph_compile(dev, &good, 0, &op), DMLP_OK);

    refused(dev, NULL, 0, DMLP_ERROR_INVALID_ARGUMENT, "desc is NULL");
    CHECK_STATUS(dmlp_graph_compile(NULL, &good, 0, &op), DMLP_ERROR_INVALID_ARGUMENT);
    refused(dev, &good, 0x8000, DMLP_ERROR_INVALID_ARGUMENT, "execution_flags is 0x8000");
    refused(plain, &good, DMLP_EXECUTION_FLAG_GRAPH_NODE_BY_NODE, DMLP_ERROR_INVALID_ARGUMENT,
            "need DMLP_DEVICE_FLAG_EXTENSIONS");
    DML_GRAPH_DESC d = good;
    d.OutputCount = 0;
    refused(dev, &d, 0, DMLP_ERROR_INVALID_ARGUMENT, "OutputCount is 0");
    d = good;
    d.Nodes = NULL;
    refused(dev, &d, 0, DMLP_ERROR_INVALID_ARGUMENT, "NodeCount is 2 and its array is NULL");

    DML_GRAPH_NODE_DESC bad_type[2] = {{DML_GRAPH_NODE_TYPE_OPERATOR, &n_abs}, {(DML_GRAPH_NODE_TYPE)7, &n_neg}};
    d = good;
    d.Nodes = bad_type;
    refused(dev, &d, 0, DMLP_ERROR_UNSUPPORTED, "node 1: Type is 7");
    DML_GRAPH_NODE_DESC null_op[2] = {{DML_GRAPH_NODE_TYPE_OPERATOR, &n_abs},
                                      {DML_GRAPH_NODE_TYPE_OPERATOR, &n_null}};
    d.Nodes = null_op;
    refused(dev, &d, 0, DMLP_ERROR_INVALID_ARGUMENT, "node 1: Operator is NULL");
    DML_GRAPH_NODE_DESC other_dev[2] = {{DML_GRAPH_NODE_TYPE_OPERATOR, &n_abs},
                                        {DML_GRAPH_NODE_TYPE_OPERATOR, &n_foreign}};
    d.Nodes = other_dev;
    refused(dev, &d, 0, DMLP_ERROR_INVALID_ARGUMENT, "node 1: Operator belongs to another device");
    DML_OPERATOR_GRAPH_NODE_DESC n_graph = {op, NULL};
    DML_GRAPH_NODE_DESC nested[2] = {{DML_GRAPH_NODE_TYPE_OPERATOR, &n_abs},
                                     {DML_GRAPH_NODE_TYPE_OPERATOR, &n_graph}};
    d.Nodes = nested;
    refused(dev, &d, 0, DMLP_ERROR_INVALID_ARGUMENT, "node 1: Operator is a compiled graph");

    /* edges */
    DML_GRAPH_EDGE_DESC in_wrong_type[] = {{DML_GRAPH_EDGE_TYPE_OUTPUT, in0[0].Desc}};
    d = good;
    d.InputEdges = in_wrong_type;
    refused(dev, &d, 0, DMLP_ERROR_INVALID_ARGUMENT, "InputEdges[0]: Type is 2");
    DML_GRAPH_EDGE_DESC in_range[] = {IN_EDGE(1, 0, 0)};
    d.InputEdges = in_range;
    refused(dev, &d, 0, DMLP_ERROR_INVALID_ARGUMENT, "InputEdges[0]: GraphInputIndex is 1; InputCount is 1");
    DML_GRAPH_EDGE_DESC in_node[] = {IN_EDGE(0, 5, 0)};
    d.InputEdges = in_node;
    refused(dev, &d, 0, DMLP_ERROR_INVALID_ARGUMENT, "ToNodeIndex is 5; the graph has 2 nodes");
    DML_GRAPH_EDGE_DESC in_input[] = {IN_EDGE(0, 0, 1)};
    d.InputEdges = in_input;
    refused(dev, &d, 0, DMLP_ERROR_INVALID_ARGUMENT,
            "ToNodeInputIndex is 1; node 0 (\"abs\") (ELEMENT_WISE_ABS) has 1 input");
    DML_GRAPH_EDGE_DESC in_twice[] = {IN_EDGE(0, 0, 0), IN_EDGE(0, 1, 0)};
    d = good;
    d.InputEdges = in_twice;
    d.InputEdgeCount = 2;
    refused(dev, &d, 0, DMLP_ERROR_INVALID_ARGUMENT,
            "IntermediateEdges[0]: node 1 input 0 is already fed by another edge");
    d = good;
    d.InputEdgeCount = 0;
    refused(dev, &d, 0, DMLP_ERROR_INVALID_ARGUMENT, "graph input 0 feeds no node");
    d = good;
    d.InputCount = 2;
    refused(dev, &d, 0, DMLP_ERROR_INVALID_ARGUMENT, "graph input 1 feeds no node");
    d = good;
    d.IntermediateEdgeCount = 0;
    refused(dev, &d, 0, DMLP_ERROR_INVALID_ARGUMENT, "node 1 (ELEMENT_WISE_NEGATE): input 0 is fed by no edge");
    d = good;
    d.OutputEdgeCount = 0;
    refused(dev, &d, 0, DMLP_ERROR_INVALID_ARGUMENT, "graph output 0 is fed by no edge");
    DML_GRAPH_EDGE_DESC out_twice[] = {OUT_EDGE(1, 0), OUT_EDGE(0, 0)};
    d = good;
    d.OutputEdges = out_twice;
    d.OutputEdgeCount = 2;
    refused(dev, &d, 0, DMLP_ERROR_INVALID_ARGUMENT, "OutputEdges[1]: graph output 0 is already fed");
    DML_GRAPH_EDGE_DESC out_index[] = {{DML_GRAPH_EDGE_TYPE_OUTPUT,
                                        &(DML_OUTPUT_GRAPH_EDGE_DESC){1, 1, 0, "y"}}};
    d = good;
    d.OutputEdges = out_index;
    refused(dev, &d, 0, DMLP_ERROR_INVALID_ARGUMENT,
            "OutputEdges[0] (\"y\"): FromNodeOutputIndex is 1; node 1 has one output (0)");
    DML_GRAPH_EDGE_DESC out_of_0[] = {OUT_EDGE(0, 0)};
    d = good;
    d.OutputEdges = out_of_0;
    refused(dev, &d, 0, DMLP_ERROR_INVALID_ARGUMENT, "node 1: its output feeds nothing");
    DML_GRAPH_EDGE_DESC null_desc[] = {{DML_GRAPH_EDGE_TYPE_INTERMEDIATE, NULL}};
    d = good;
    d.IntermediateEdges = null_desc;
    refused(dev, &d, 0, DMLP_ERROR_INVALID_ARGUMENT, "IntermediateEdges[0]: Desc is NULL");

    /* incompatible tensors: 8 elements read as 16, and FLOAT32 read as INT32 */
    DML_OPERATOR_GRAPH_NODE_DESC n_abs8 = {neg8, "abs8"}, n_negi = {negi, NULL};
    DML_GRAPH_NODE_DESC abs8_neg[2] = {{DML_GRAPH_NODE_TYPE_OPERATOR, &n_abs8},
                                       {DML_GRAPH_NODE_TYPE_OPERATOR, &n_neg}};
    d = good;
    d.Nodes = abs8_neg;
    refused(dev, &d, 0, DMLP_ERROR_INVALID_ARGUMENT,
            "node 0 (\"abs8\")'s OutputTensor is FLOAT32 [8], spanning 32 bytes; node 1 input 0 "
            "is FLOAT32 [16], spanning 64");
    DML_GRAPH_NODE_DESC abs_negi[2] = {{DML_GRAPH_NODE_TYPE_OPERATOR, &n_abs},
                                       {DML_GRAPH_NODE_TYPE_OPERATOR, &n_negi}};
    d.Nodes = abs_negi;
    refused(dev, &d, 0, DMLP_ERROR_INVALID_ARGUMENT, "node 1 input 0 is INT32 [16]");

    /* a cycle: add(x, neg(add)) */
    DML_GRAPH_NODE_DESC add_neg[2] = {{DML_GRAPH_NODE_TYPE_OPERATOR, &n_add},
                                      {DML_GRAPH_NODE_TYPE_OPERATOR, &n_neg}};
    DML_GRAPH_EDGE_DESC cyc_in[] = {IN_EDGE(0, 0, 0)};
    DML_GRAPH_EDGE_DESC cyc_mid[] = {MID_EDGE(0, 1, 0), MID_EDGE(1, 0, 1)};
    DML_GRAPH_EDGE_DESC cyc_out[] = {OUT_EDGE(1, 0)};
    DML_GRAPH_DESC cycle = {1, 1, 2, add_neg, 1, cyc_in, 1, cyc_out, 2, cyc_mid};
    refused(dev, &cycle, 0, DMLP_ERROR_INVALID_ARGUMENT, "lies on a cycle of intermediate edges");
    DML_GRAPH_EDGE_DESC self_mid[] = {MID_EDGE(0, 0, 1), MID_EDGE(0, 1, 0)};
    cycle.IntermediateEdges = self_mid;
    refused(dev, &cycle, 0, DMLP_ERROR_INVALID_ARGUMENT, "node 0 (\"add\") feeds itself");

    /* constants: too small, as a graph output, one with inputs */
    DML_CONSTANT_DATA_GRAPH_NODE_DESC n_small = {data, 8, NULL};
    DML_GRAPH_NODE_DESC add_c[2] = {{DML_GRAPH_NODE_TYPE_OPERATOR, &n_add},
                                    {DML_GRAPH_NODE_TYPE_CONSTANT, &n_small}};
    DML_GRAPH_EDGE_DESC c_mid[] = {MID_EDGE(1, 0, 1)};
    DML_GRAPH_EDGE_DESC c_out[] = {OUT_EDGE(0, 0)};
    DML_GRAPH_DESC cd = {1, 1, 2, add_c, 1, cyc_in, 1, c_out, 1, c_mid};
    refused(dev, &cd, 0, DMLP_ERROR_INVALID_ARGUMENT, "node 1's DataSize is 8; node 0 (\"add\") input 1 reads");
    add_c[1].Desc = &n_const;
    n_const.Data = NULL;
    refused(dev, &cd, 0, DMLP_ERROR_INVALID_ARGUMENT, "node 1 (\"c\"): Data is NULL");
    n_const.Data = data;
    DML_GRAPH_EDGE_DESC c_in[] = {IN_EDGE(0, 1, 0)};
    cd.InputEdges = c_in;
    refused(dev, &cd, 0, DMLP_ERROR_INVALID_ARGUMENT, "a constant has no inputs");

    dmlp_operator_destroy(op);
    dmlp_operator_destroy(abs);
    dmlp_operator_destroy(neg);
    dmlp_operator_destroy(neg8);
    dmlp_operator_destroy(negi);
    dmlp_operator_destroy(add);
    dmlp_operator_destroy(foreign);
}

/* Execute's refusals: counts, overlap, an integer division by zero (divisor a graph
   input, and one computed inside the graph), with the outputs untouched. */
static void check_execute_refusals(dmlp_device *dev)
{
    enum { N = 64 };
    dmlp_operator *sub = binary(dev, DML_OPERATOR_ELEMENT_WISE_SUBTRACT, I32, N);
    dmlp_operator *div = binary(dev, DML_OPERATOR_ELEMENT_WISE_DIVIDE, I32, N);
    dmlp_operator *neg = unary(dev, DML_OPERATOR_ELEMENT_WISE_NEGATE, I32, N);
    if (!sub || !div || !neg)
        return;
    DML_OPERATOR_GRAPH_NODE_DESC n_div = {div, "Div node"}, n_neg = {neg, NULL},
                                 n_sub = {sub, NULL};
    /* neg(x / y) */
    DML_GRAPH_NODE_DESC nodes[2] = {{DML_GRAPH_NODE_TYPE_OPERATOR, &n_div},
                                    {DML_GRAPH_NODE_TYPE_OPERATOR, &n_neg}};
    DML_GRAPH_EDGE_DESC ins[] = {IN_EDGE(0, 0, 0), IN_EDGE(1, 0, 1)};
    DML_GRAPH_EDGE_DESC mid[] = {MID_EDGE(0, 1, 0)};
    DML_GRAPH_EDGE_DESC outs[] = {OUT_EDGE(1, 0)};
    DML_GRAPH_DESC d = {2, 1, 2, nodes, 2, ins, 1, outs, 1, mid};
    dmlp_operator *op = NULL;
    CHECK_STATUS(dmlp_graph_compile(dev, &d, 0, &op), DMLP_OK);
    int32_t x[N], y[N], out[N], in_place[N];
    for (int i = 0; i < N; i++) {
        x[i] = i == 5 ? INT32_MIN : 1000 - 37 * i;
        y[i] = i == 5 ? -1 : (i % 5) - 2 + (i % 5 == 2 ? 7 : 0);
    }
    dmlp_buffer_binding ib[2] = {{x, 0, sizeof x}, {y, 0, sizeof y}};
    dmlp_buffer_binding ob = {out, 0, sizeof out};
    memset(out, 0x5A, sizeof out);
    CHECK_STATUS(dmlp_operator_execute(op, 2, ib, 1, &ob), DMLP_OK);
    bool right = true;
    for (int i = 0; i < N; i++)
        right = right && out[i] == (int32_t)(0u - (uint32_t)(i == 5 ? INT32_MIN : x[i] / y[i]));
    CHECK(right, "neg(x / y) in int32");
    CHECK_STATUS(dmlp_operator_execute(op, 1, ib, 1, &ob), DMLP_ERROR_INVALID_ARGUMENT);
    CHECK_CONTAINS(dmlp_last_error(), "graph: input_count is 1 and output_count 1; the graph has 2 inputs");
    dmlp_buffer_binding over = {y, 0, sizeof y};
    CHECK_STATUS(dmlp_operator_execute(op, 2, ib, 1, &over), DMLP_ERROR_INVALID_ARGUMENT);
    CHECK_CONTAINS(dmlp_last_error(), "graph output 0 binding overlaps graph input 1's");
    dmlp_buffer_binding small = {out, 0, 8};
    CHECK_STATUS(dmlp_operator_execute(op, 2, ib, 1, &small), DMLP_ERROR_INVALID_ARGUMENT);
    CHECK_CONTAINS(dmlp_last_error(), "graph: graph output 0 binding size_in_bytes is 8");
    y[17] = 0;
    memset(out, 0x5A, sizeof out);
    memcpy(in_place, out, sizeof out);
    CHECK_STATUS(dmlp_operator_execute(op, 2, ib, 1, &ob), DMLP_ERROR_INVALID_ARGUMENT);
    CHECK_CONTAINS(dmlp_last_error(), "Div node: ELEMENT_WISE_DIVIDE: BTensor element [17] is 0");
    CHECK(memcmp(out, in_place, sizeof out) == 0, "nothing written after a zero divisor");
    dmlp_operator_destroy(op);

    /* x / (x - y), as two outputs: x - y and the quotient; the divisor is computed */
    DML_GRAPH_NODE_DESC nodes2[2] = {{DML_GRAPH_NODE_TYPE_OPERATOR, &n_sub},
                                     {DML_GRAPH_NODE_TYPE_OPERATOR, &n_div}};
    DML_GRAPH_EDGE_DESC ins2[] = {IN_EDGE(0, 0, 0), IN_EDGE(1, 0, 1), IN_EDGE(0, 1, 0)};
    DML_GRAPH_EDGE_DESC mid2[] = {MID_EDGE(0, 1, 1)};
    DML_GRAPH_EDGE_DESC outs2[] = {OUT_EDGE(0, 0), OUT_EDGE(1, 1)};
    DML_GRAPH_DESC d2 = {2, 2, 2, nodes2, 3, ins2, 2, outs2, 1, mid2};
    CHECK_STATUS(dmlp_graph_compile(dev, &d2, 0, &op), DMLP_OK);
    if (!op)
        return;
    char how[128];
    CHECK_CONTAINS(dmlp__graph_describe(op, how, sizeof how), "staged outputs");
    for (int i = 0; i < N; i++) /* x - y wraps to 3 (0 at 9) */
        y[i] = (int32_t)((uint32_t)x[i] - (i == 9 ? 0u : 3u));
    int32_t out2[N];
    dmlp_buffer_binding ob2[2] = {{out, 0, sizeof out}, {out2, 0, sizeof out2}};
    memset(out, 0x5A, sizeof out);
    memset(out2, 0x5A, sizeof out2);
    CHECK_STATUS(dmlp_operator_execute(op, 2, ib, 2, ob2), DMLP_ERROR_INVALID_ARGUMENT);
    CHECK_CONTAINS(dmlp_last_error(), "Div node: ELEMENT_WISE_DIVIDE: BTensor element [9] is 0");
    CHECK(memcmp(out, in_place, sizeof out) == 0 && memcmp(out2, in_place, sizeof out2) == 0,
          "nothing written after a computed zero divisor");
    y[9] = (int32_t)((uint32_t)x[9] - 3u);
    CHECK_STATUS(dmlp_operator_execute(op, 2, ib, 2, ob2), DMLP_OK);
    right = true;
    for (int i = 0; i < N; i++)
        right = right && out[i] == 3 && out2[i] == x[i] / 3;
    CHECK(right, "x - y and x / (x - y)");
    dmlp_operator_destroy(op);
    dmlp_operator_destroy(sub);
    dmlp_operator_destroy(div);
    dmlp_operator_destroy(neg);
}

/* A broadcast along one axis of two cannot run in one pass: node by node, same bits. */
static void check_broadcast_fallback(dmlp_device *dev)
{
    uint32_t sizes[2] = {64, 48}, b_strides[2] = {1, 0};
    DML_BUFFER_TENSOR_DESC x = {F32, DML_TENSOR_FLAG_NONE, 2, sizes, NULL,
                                dmlp_calc_buffer_tensor_size(F32, 2, sizes, NULL), 0};
    DML_BUFFER_TENSOR_DESC col = {F32, DML_TENSOR_FLAG_NONE, 2, sizes, b_strides,
                                  dmlp_calc_buffer_tensor_size(F32, 2, sizes, b_strides), 0};
    DML_TENSOR_DESC tx = {DML_TENSOR_TYPE_BUFFER, &x}, tc = {DML_TENSOR_TYPE_BUFFER, &col};
    DML_ELEMENT_WISE_ADD_OPERATOR_DESC ad = {&tx, &tc, &tx};
    DML_OPERATOR_DESC aod = {DML_OPERATOR_ELEMENT_WISE_ADD, &ad};
    DML_ELEMENT_WISE_SIGN_OPERATOR_DESC sd = {&tx, &tx};
    DML_OPERATOR_DESC sod = {DML_OPERATOR_ELEMENT_WISE_SIGN, &sd};
    dmlp_operator *add = NULL, *sign = NULL, *op = NULL;
    CHECK_STATUS(dmlp_operator_create(dev, &aod, 0, &add), DMLP_OK);
    CHECK_STATUS(dmlp_operator_create(dev, &sod, 0, &sign), DMLP_OK);
    if (!add || !sign)
        return;
    DML_OPERATOR_GRAPH_NODE_DESC na = {add, NULL}, ns = {sign, NULL};
    DML_GRAPH_NODE_DESC nodes[2] = {{DML_GRAPH_NODE_TYPE_OPERATOR, &na},
                                    {DML_GRAPH_NODE_TYPE_OPERATOR, &ns}};
    DML_GRAPH_EDGE_DESC ins[] = {IN_EDGE(0, 0, 0), IN_EDGE(1, 0, 1)};
    DML_GRAPH_EDGE_DESC mid[] = {MID_EDGE(0, 1, 0)};
    DML_GRAPH_EDGE_DESC outs[] = {OUT_EDGE(1, 0)};
    DML_GRAPH_DESC d = {2, 1, 2, nodes, 2, ins, 1, outs, 1, mid};
    CHECK_STATUS(dmlp_graph_compile(dev, &d, 0, &op), DMLP_OK);
    if (!op)
        return;
    char how[128];
    CHECK_CONTAINS(dmlp__graph_describe(op, how, sizeof how), "node by node");
    float a[64 * 48], c[64], got[64 * 48];
    for (int i = 0; i < 64 * 48; i++)
        a[i] = (float)(i % 97) - 48.0f;
    for (int i = 0; i < 64; i++)
        c[i] = (float)(i % 7) - 3.0f;
    dmlp_buffer_binding ib[2] = {{a, 0, sizeof a}, {c, 0, sizeof c}};
    dmlp_buffer_binding ob = {got, 0, sizeof got};
    CHECK_STATUS(dmlp_operator_execute(op, 2, ib, 1, &ob), DMLP_OK);
    bool right = true;
    for (int r = 0; r < 64; r++)
        for (int k = 0; k < 48; k++) {
            float s = a[r * 48 + k] + c[r];
            float want = s > 0 ? 1.0f : s < 0 ? -1.0f : 0.0f;
            right = right && memcmp(&got[r * 48 + k], &want, 4) == 0;
        }
    CHECK(right, "sign(x + column) node by node");
    dmlp_operator_destroy(op);
    dmlp_operator_destroy(add);
    dmlp_operator_destroy(sign);
}

int main(void)
{
    dmlp_device *devs[2] = {NULL, NULL}, *plain = NULL;
    for (uint32_t t = 0; t < 2; t++) {
        dmlp_device_desc dd = {0, t + 1, DMLP_DEVICE_FLAG_EXTENSIONS};
        CHECK_STATUS(dmlp_device_create(&dd, &devs[t]), DMLP_OK);
    }
    dmlp_device_desc pd = {0, 1, 0};
    CHECK_STATUS(dmlp_device_create(&pd, &plain), DMLP_OK);
    if (!devs[0] || !devs[1] || !plain)
        return test_finish("test_graph");
    const char *names[2] = {"1 thread", "2 threads"};
    const DML_TENSOR_DATA_TYPE types[4] = {F16, BF16, F32, F64};
    for (uint32_t t = 0; t < 2; t++)
        for (int k = 0; k < 4; k++) {
            /* 16-bit: every value, 4 times over on 2 threads (enough to split) */
            uint32_t n = type_size(types[k]) == 2 ? (t ? 4u << 16 : 1u << 16)
                         : types[k] == F32        ? 1u << 18
                                                  : 1u << 17;
            check_patterns(devs[t], names[t], types[k], n);
        }
    check_refusals(devs[0], devs[1], plain);
    check_execute_refusals(devs[0]);
    check_execute_refusals(devs[1]);
    check_broadcast_fallback(devs[0]);
    dmlp_device_destroy(devs[0]);
    dmlp_device_destroy(devs[1]);
    dmlp_device_destroy(plain);
    return test_finish("test_graph");
}
