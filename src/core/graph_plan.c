/* A checked graph becomes steps (graph.h): the operator nodes producers first, each
   DIVIDE(x, ADD(ABS(x), 1)) in FLOAT32 or FLOAT64 replaced by one Softsign (its
   definition is exactly those two roundings), then the way of running: one pass in blocks
   when every tensor is the same packed length, node by node otherwise. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "core/graph.h"
#include "core/parallel.h"
#include "core/registry.h"
#include "core/tune.h"
#include "core/types.h"
#include "core/memory_budget.h"

/* The block arena each thread keeps on its stack for the steps' outputs that later steps
   read, and the most elements a block holds: with a few tensors of a few KiB each, the
   block's inputs, intermediates and outputs stay in the first cache levels. */
#define ARENA_BYTES (32u << 10)
#define MAX_BLOCK 2048u

static bool is_packed(const dmlp__tensor *t, uint64_t n)
{
    uint64_t packed = 1;
    if (t->element_count != n)
        return false;
    for (uint32_t d = t->dim_count; d-- > 0;) {
        if (t->sizes[d] > 1 && t->strides[d] != packed)
            return false;
        packed *= t->sizes[d];
    }
    return true;
}

/* One element read for every position: a stride of 0 wherever a size is > 1. */
static bool is_scalar(const dmlp__tensor *t, uint64_t n)
{
    if (t->element_count != n)
        return false;
    for (uint32_t d = 0; d < t->dim_count; d++)
        if (t->sizes[d] > 1 && t->strides[d] != 0)
            return false;
    return true;
}

static bool same_layout(const dmlp__tensor *a, const dmlp__tensor *b)
{
    if (a->type != b->type || a->dim_count != b->dim_count)
        return false;
    for (uint32_t d = 0; d < a->dim_count; d++)
        if (a->sizes[d] != b->sizes[d] || (a->sizes[d] > 1 && a->strides[d] != b->strides[d]))
            return false;
    return true;
}

static const dmlp__tensor *op_input(const dmlp_operator *op, uint32_t i)
{
    return &op->info.inputs[i];
}

/* Where each node's output goes: the number of graph outputs it feeds (counted once, in
   graph.c, so that asking costs nothing per node). */
static uint32_t graph_outputs_of(const dmlp__graph_desc_info *info, uint32_t node)
{
    return info->output_uses[node];
}

/* The node feeding input k of node n when it is an operator node of type `type` whose
   only use is this one; UINT32_MAX otherwise. */
static uint32_t sole_producer(const dmlp__graph_desc_info *info, uint32_t n, uint32_t k,
                              DML_OPERATOR_TYPE type, const bool *removed)
{
    dmlp__graph_source s = info->feed[n][k];
    if (s.kind != DMLP__SOURCE_STEP || removed[s.index])
        return UINT32_MAX;
    const dmlp_operator *p = info->ops[s.index];
    if (p->info.type != type || info->uses[s.index] != 1 || graph_outputs_of(info, s.index))
        return UINT32_MAX;
    return s.index;
}

/* Input k of node n is a constant node read as one element equal to 1. */
static bool constant_one(const dmlp__graph_desc_info *info, uint32_t n, uint32_t k)
{
    dmlp__graph_source s = info->feed[n][k];
    if (s.kind != DMLP__SOURCE_CONSTANT)
        return false;
    const dmlp__tensor *t = op_input(info->ops[n], k);
    if (!is_scalar(t, t->element_count))
        return false;
    const DML_CONSTANT_DATA_GRAPH_NODE_DESC *c = info->constants[s.index];
    if (t->type == DML_TENSOR_DATA_TYPE_FLOAT32 && c->DataSize >= 4) {
        float v;
        memcpy(&v, c->Data, 4);
        return v == 1.0f;
    }
    if (t->type == DML_TENSOR_DATA_TYPE_FLOAT64 && c->DataSize >= 8) {
        double v;
        memcpy(&v, c->Data, 8);
        return v == 1.0;
    }
    return false;
}

/* DIVIDE node d computing x / (|x| + 1) or x / (1 + |x|) in FLOAT32 or FLOAT64, its
   ADD and ABS used by nothing else: marks the two removed and returns true. */
static bool softsign_pattern(const dmlp__graph_desc_info *info, uint32_t d, bool *removed)
{
    const dmlp_operator *div = info->ops[d];
    DML_TENSOR_DATA_TYPE type = div->info.input.type;
    if (div->info.type != DML_OPERATOR_ELEMENT_WISE_DIVIDE ||
        (type != DML_TENSOR_DATA_TYPE_FLOAT32 && type != DML_TENSOR_DATA_TYPE_FLOAT64))
        return false;
    uint32_t add = sole_producer(info, d, 1, DML_OPERATOR_ELEMENT_WISE_ADD, removed);
    if (add == UINT32_MAX) {
        add = sole_producer(info, d, 1, DML_OPERATOR_ELEMENT_WISE_ADD1, removed);
        if (add == UINT32_MAX || info->ops[add]->info.fused_activation != DML_OPERATOR_INVALID)
            return false;
    }
    for (uint32_t k = 0; k < 2; k++) {
        uint32_t abs = sole_producer(info, add, k, DML_OPERATOR_ELEMENT_WISE_ABS, removed);
        if (abs == UINT32_MAX || !constant_one(info, add, 1 - k))
            continue;
        const dmlp_operator *a = info->ops[abs];
        dmlp__graph_source x = info->feed[abs][0], dx = info->feed[d][0];
        if (a->info.has_scale_bias || x.kind != dx.kind || x.index != dx.index ||
            !same_layout(&a->info.input, &div->info.input))
            continue;
        removed[add] = removed[abs] = true;
        return true;
    }
    return false;
}

/* The step for node n: a copy of its operator, or a Softsign replacing its pattern. */
static dmlp_status make_step(const dmlp__graph_desc_info *info, uint32_t n, bool softsign,
                             dmlp__graph_step *step)
{
    const dmlp_operator *op = info->ops[n];
    step->op = *op;
    step->node = n;
    const char *name = ((const DML_OPERATOR_GRAPH_NODE_DESC *)info->desc->Nodes[n].Desc)->Name;
    if (name)
        snprintf(step->name, sizeof step->name, "%s", name);
    else
        snprintf(step->name, sizeof step->name, "graph node %u", n);
    step->input_count = op->info.input_count;
    step->output = -1;
    if (!softsign)
        return DMLP_OK;
    dmlp__op_info s = op->info;
    s.type = DML_OPERATOR_ACTIVATION_SOFTSIGN;
    s.input_count = 1;
    s.execution_flags = 0;
    s.fused_activation = DML_OPERATOR_INVALID;
    step->op.info = s;
    step->op.def = dmlp__op_find(s.type);
    step->op.name = step->op.def->name;
    step->input_count = 1;
    return dmlp__plan_build(&step->op.info, step->op.name, &step->op.plan);
}

/* The packed graph inputs the steps read (the first four), prefetched ahead of the
   blocks (graph_exec.c). */
static void plan_prefetch(dmlp__graph *g, const dmlp__streaming_tune *tune)
{
    g->prefetch_distance = tune->prefetch_distance;
    g->prefetch_nta = tune->prefetch == DMLP__PREFETCH_NTA;
    for (uint32_t s = 0; s < g->step_count; s++) {
        const dmlp__graph_step *st = &g->steps[s];
        for (uint32_t k = 0; k < st->input_count; k++) {
            if (st->in[k].kind != DMLP__SOURCE_INPUT || st->scalar[k])
                continue;
            bool seen = false;
            for (uint32_t i = 0; i < g->prefetch_count; i++)
                seen = seen || g->prefetch_input[i] == st->in[k].index;
            if (seen || g->prefetch_count == 4)
                continue;
            g->prefetch_input[g->prefetch_count] = st->in[k].index;
            g->prefetch_size[g->prefetch_count++] =
                dmlp__type_size(st->op.info.inputs[k].type);
        }
    }
}

/* Every tensor the same packed length (a two-input step's input may be one element
   broadcast), no divisor computed inside the graph, room for a block of 64 or more. */
static void plan_one_pass(dmlp__graph *g)
{
    if (g->step_count < 2 || g->staged)
        return;
    uint64_t n = g->steps[0].op.info.output.element_count;
    uint64_t scratch = 0, moved = 0, out_bytes = 0;
    for (uint32_t s = 0; s < g->step_count; s++) {
        dmlp__graph_step *st = &g->steps[s];
        const dmlp_operator *op = &st->op;
        if (!is_packed(&op->info.output, n) || st->input_count > 2 || op->info.row_axes)
            return; /* an N-input step, or one along axes, runs node by node, through its
                       own plan */
        uint32_t scalars = 0;
        for (uint32_t k = 0; k < st->input_count; k++) {
            const dmlp__tensor *t = op_input(op, k);
            st->scalar[k] = st->input_count == 2 && n > 1 && is_scalar(t, n);
            scalars += st->scalar[k];
            if (!st->scalar[k] && !is_packed(t, n))
                return;
            if (!st->scalar[k] && st->in[k].kind == DMLP__SOURCE_INPUT)
                moved += dmlp__type_size(t->type);
        }
        if (scalars == 2)
            return;
        uint32_t size = dmlp__type_size(op->info.output.type);
        if (st->read_later) {
            st->scratch_offset = scratch; /* in elements of bytes; scaled below */
            scratch += size;
        }
    }
    for (uint32_t o = 0; o < g->output_count; o++) {
        uint32_t size = dmlp__type_size(g->outputs[o].type);
        moved += size;
        out_bytes += n * size;
    }
    uint64_t block = scratch ? ARENA_BYTES / scratch : MAX_BLOCK;
    block = block > MAX_BLOCK ? MAX_BLOCK : block & ~(uint64_t)63;
    if (block < 64)
        return;
    g->fused = true;
    g->block = (uint32_t)block;
    g->element_count = n;
    for (uint32_t s = 0; s < g->step_count; s++)
        g->steps[s].scratch_offset *= block;

    /* As in plan.c: threads and chunks (core/parallel.h), streaming stores. */
    bool large = out_bytes >= DMLP__STREAM_FLOOR_BYTES;
    if (large) {
        const dmlp__streaming_tune *tune = dmlp__tune_streaming();
        g->stream = tune->stream_from != DMLP__STREAM_NEVER &&
                    n * moved / 2 > tune->stream_from;
        for (uint32_t s = 0; s < g->step_count; s++) {
            dmlp__graph_step *st = &g->steps[s];
            st->args.prefetch = tune->prefetch;
            st->args.prefetch_distance = tune->prefetch_distance;
        }
        if (g->stream && tune->prefetch != DMLP__PREFETCH_NONE)
            plan_prefetch(g, tune);
    }
    for (uint32_t s = 0; s < g->step_count; s++) {
        dmlp__graph_step *st = &g->steps[s];
        bool direct = st->output >= 0 && !st->read_later;
        st->args.streaming = g->stream && direct ? DMLP__STREAM_NO_FENCE : 0;
    }
    uint64_t per_element = moved ? moved : 1;
    uint64_t chunk_bytes = dmlp__parallel_chunk_bytes(n * per_element, large);
    /* At least one block: tens of thousands of outputs move more bytes per element than
       a chunk holds (a chunk of 0 elements divided by zero). */
    uint64_t chunk = chunk_bytes / per_element;
    g->chunk_elements = dmlp__parallel_round_up(chunk ? chunk : 1, block);
    g->max_threads = dmlp__parallel_threads(n * per_element);
}

/* ---- chains: maps of one float type, one after another, in one kernel ----------------- */

/* The chain map a step computes (its operator file's DMLP_CHAIN row; Round's plus its
   RoundingMode); 0 for none (Identity without a ScaleBias changes nothing and joins as no
   map); -1 when the step cannot be part of a chain. */
static int chain_map(const dmlp__graph_step *step)
{
    const dmlp__op_info *o = &step->op.info;
    if (step->input_count != 1 || o->input.type != o->output.type ||
        !same_layout(&o->input, &o->output) || o->has_scale_bias)
        return -1;
    static const struct {
        DML_OPERATOR_TYPE op;
        int map;
    } maps[] = {
#define DMLP_CHAIN(map) {OP, map},
#include "ops/ops.inc"
    };
    for (size_t i = 0; i < sizeof maps / sizeof maps[0]; i++)
        if (maps[i].op == o->type) {
            uint32_t mode = step->op.plan.args.rounding;
            if (maps[i].map != DMLP__CHAIN_ROUND)
                return maps[i].map;
            return mode <= DML_ROUNDING_MODE_TOWARD_INFINITY ? maps[i].map + (int)mode : -1;
        }
    return -1;
}

/* Adds map `m` of a step (whose plan is `from`) to the chain step `c`, with the step's
   FLOAT members and NaN rule. */
static bool chain_add(dmlp__graph_step *c, int m, const dmlp__plan *from)
{
    dmlp__kernel_args *args = &c->op.plan.args;
    if (m == 0)
        return true;
    if (args->chain_length == DMLP__CHAIN_MAX)
        return false;
    if (m == DMLP__CHAIN_SOFTSIGN)
        args->recip = dmlp__plan_softsign_recip(c->op.info.input.type, c->op.plan.isa);
    memcpy(args->chain_step[args->chain_length].param, from->args.param,
           sizeof from->args.param);
    args->chain_step[args->chain_length].nan_propagate = from->args.nan_propagate;
    args->chain[args->chain_length++] = (uint8_t)m;
    return true;
}

/* Node n (its step made in `step`, not yet counted) joins the step that computes its
   input when both are maps of one float type with a chain kernel, the input step's
   result is read by n alone and is no graph output, and the tensors between them have
   one layout. The joined step then runs the chain kernel (or, while its chain has no
   map, its first node's kernel) and writes n's output. */
static bool join_chain(const dmlp__graph_desc_info *info, dmlp__graph *g, uint32_t n,
                       const dmlp__graph_step *step, uint32_t *step_of)
{
    dmlp__graph_source s = info->feed[n][0];
    int m = chain_map(step);
    if (m < 0 || s.kind != DMLP__SOURCE_STEP || info->uses[s.index] != 1 ||
        graph_outputs_of(info, s.index))
        return false;
    dmlp__graph_step *c = &g->steps[step_of[s.index]];
    int first = chain_map(c);
    if (first < 0 || !same_layout(&c->op.info.output, &step->op.info.input))
        return false;
    dmlp__kernel_choice k = dmlp__chain_kernel_select(c->op.info.input.type, c->op.plan.isa);
    if (!k.fn)
        return false;
    dmlp__graph_step joined = *c;
    dmlp__kernel_args *args = &joined.op.plan.args;
    if (!joined.chained) { /* the first node's own map starts the chain */
        args->chain_length = 0;
        if (!chain_add(&joined, first, &c->op.plan))
            return false;
    }
    if (!chain_add(&joined, m, &step->op.plan))
        return false;
    joined.chained = true;
    if (args->chain_length) {
        joined.op.plan.kernel = k.fn;
        joined.op.plan.kernel_name = k.name;
    }
    joined.op.info.output = step->op.info.output;
    *c = joined;
    step_of[n] = step_of[s.index];
    return true;
}

static dmlp_status build_steps(const dmlp__graph_desc_info *info, dmlp__graph *g,
                               uint32_t *step_of, uint32_t *constant_of)
{
    const DML_GRAPH_DESC *d = info->desc;
    bool *removed = calloc(d->NodeCount, sizeof *removed);
    bool *softsign = calloc(d->NodeCount, sizeof *softsign);
    if (!removed || !softsign) {
        free(removed);
        free(softsign);
        return dmlp__error(DMLP_ERROR_OUT_OF_MEMORY, "dmlp_graph_compile: out of memory");
    }
    if (!(info->execution_flags & DMLP_EXECUTION_FLAG_GRAPH_NO_PATTERNS))
        for (uint32_t i = info->order_count; i-- > 0;) { /* consumers first */
            uint32_t n = info->order[i];
            if (!removed[n] && softsign_pattern(info, n, removed)) {
                softsign[n] = true;
                g->patterns++;
            }
        }
    bool chains = !(info->execution_flags & DMLP_EXECUTION_FLAG_GRAPH_NODE_BY_NODE);
    dmlp_status st = DMLP_OK;
    for (uint32_t i = 0; i < info->order_count && st == DMLP_OK; i++) {
        uint32_t n = info->order[i];
        if (removed[n])
            continue;
        dmlp__graph_step *step = &g->steps[g->step_count];
        st = make_step(info, n, softsign[n], step);
        if (st == DMLP_OK && chains && join_chain(info, g, n, step, step_of)) {
            g->chained++;
            continue;
        }
        step_of[n] = g->step_count++;
        for (uint32_t k = 0; k < step->input_count && st == DMLP_OK; k++) {
            dmlp__graph_source s = info->feed[n][k];
            if (s.kind == DMLP__SOURCE_STEP) {
                s.index = step_of[s.index];
                g->steps[s.index].read_later = true;
                if (k == 1 && step->op.binary.check_zero)
                    step->late_divisor = g->staged = true;
            } else if (s.kind == DMLP__SOURCE_CONSTANT) {
                s.index = constant_of[s.index];
            }
            step->in[k] = s;
        }
    }
    free(removed);
    free(softsign);
    return st;
}

/* Node by node: the size of each intermediate a step writes (its output, or what its
   readers read, whichever is larger), in one pass over the steps' inputs. */
static void size_buffers(dmlp__graph *g)
{
    for (uint32_t s = 0; s < g->step_count; s++) {
        dmlp__graph_step *st = &g->steps[s];
        if (st->read_later || (g->staged && st->output >= 0))
            st->buffer_bytes = st->op.info.output.total_bytes;
    }
    for (uint32_t r = 0; r < g->step_count; r++) {
        const dmlp__graph_step *reader = &g->steps[r];
        for (uint32_t k = 0; k < reader->input_count; k++) {
            if (reader->in[k].kind != DMLP__SOURCE_STEP)
                continue;
            dmlp__graph_step *st = &g->steps[reader->in[k].index];
            uint64_t bytes = op_input(&reader->op, k)->total_bytes;
            if (st->buffer_bytes && bytes > st->buffer_bytes)
                st->buffer_bytes = bytes;
        }
    }
}

/* ---- node by node: buffers shared by intermediates whose lives do not meet ------------ */

/* Free buffers by exact size: an open-addressed table of sizes, each heading a stack of
   buffers linked through `next`. */
typedef struct pool {
    uint64_t *size;   /* 0: empty entry */
    uint32_t *head;   /* per entry: a free buffer, UINT32_MAX: none */
    uint32_t mask;
    uint32_t *next;   /* per buffer */
} pool;

static uint32_t *pool_entry(pool *p, uint64_t bytes)
{
    uint32_t i = (uint32_t)((bytes * 0x9E3779B97F4A7C15ull) >> 40) & p->mask;
    while (p->size[i] && p->size[i] != bytes)
        i = (i + 1) & p->mask;
    if (!p->size[i]) {
        p->size[i] = bytes;
        p->head[i] = UINT32_MAX;
    }
    return &p->head[i];
}

/* Each step with an intermediate takes a free buffer of its size, or a new one; after
   the step, the buffers whose last reader it was are freed. A step's output thus never
   shares a buffer with its own inputs (no step runs in place that did not before), and
   a chain of any length holds two intermediates. Staged outputs live to the end, where
   they are copied. Linear in steps and edges. */
static dmlp_status assign_slots(dmlp__graph *g)
{
    uint32_t n = g->step_count;
    uint32_t *last = malloc(n * sizeof *last);    /* per step: its last reader */
    uint32_t *dies = malloc(n * sizeof *dies);    /* per step: first step dying after it */
    uint32_t *dies_next = malloc(n * sizeof *dies_next);
    uint32_t cap = 16;
    while (cap < 2 * (uint64_t)n)
        cap *= 2;
    pool p = {calloc(cap, sizeof(uint64_t)), calloc(cap, sizeof(uint32_t)), cap - 1,
              malloc(n * sizeof(uint32_t))};
    g->slot_bytes = malloc(n * sizeof *g->slot_bytes);
    dmlp_status st = DMLP_OK;
    if (!last || !dies || !dies_next || !p.size || !p.head || !p.next || !g->slot_bytes)
        st = dmlp__error(DMLP_ERROR_OUT_OF_MEMORY, "dmlp_graph_compile: out of memory");
    for (uint32_t s = 0; st == DMLP_OK && s < n; s++) {
        last[s] = s;
        dies[s] = UINT32_MAX;
        g->steps[s].slot = UINT32_MAX;
    }
    for (uint32_t r = 0; st == DMLP_OK && r < n; r++)
        for (uint32_t k = 0; k < g->steps[r].input_count; k++)
            if (g->steps[r].in[k].kind == DMLP__SOURCE_STEP)
                last[g->steps[r].in[k].index] = r; /* readers come in order */
    for (uint32_t s = 0; st == DMLP_OK && s < n; s++) {
        dmlp__graph_step *step = &g->steps[s];
        if (step->buffer_bytes) {
            uint32_t *free_head = pool_entry(&p, step->buffer_bytes);
            if (*free_head != UINT32_MAX) {
                step->slot = *free_head;
                *free_head = p.next[step->slot];
                step->clear_slot = !is_packed(&step->op.info.output,
                                              step->op.info.output.element_count);
            } else {
                step->slot = g->slot_count++;
                g->slot_bytes[step->slot] = step->buffer_bytes;
                g->intermediate_bytes += step->buffer_bytes;
            }
            if (!(g->staged && step->output >= 0)) { /* dies after its last reader */
                dies_next[s] = dies[last[s]];
                dies[last[s]] = s;
            }
        }
        for (uint32_t d = dies[s]; d != UINT32_MAX; d = dies_next[d]) {
            uint32_t *head = pool_entry(&p, g->steps[d].buffer_bytes);
            p.next[g->steps[d].slot] = *head;
            *head = g->steps[d].slot;
        }
    }
    free(last);
    free(dies);
    free(dies_next);
    free(p.size);
    free(p.head);
    free(p.next);
    return st;
}

dmlp_status dmlp__graph_check_memory(const dmlp__graph *g, const char *who)
{
    if (g->intermediate_bytes == 0)
        return DMLP_OK;
    dmlp_status st = dmlp__budget_check();
    if (st != DMLP_OK)
        return st;
    uint64_t limit = dmlp__budget();
    if (g->intermediate_bytes <= limit)
        return DMLP_OK;
    return dmlp__error(DMLP_ERROR_OUT_OF_MEMORY,
                       "%s: running node by node holds %" PRIu64 " bytes of intermediates at "
                       "once (%u buffer%s); the memory budget is %" PRIu64 " bytes (the least "
                       "of physical memory, RLIMIT_AS and the memory cgroup's room; "
                       "DMLP_MAX_MEMORY changes it)",
                       who, g->intermediate_bytes, g->slot_count, g->slot_count == 1 ? "" : "s",
                       limit);
}

uint64_t dmlp__graph_intermediate_bytes(const dmlp_operator *op, uint32_t *buffers)
{
    if (buffers)
        *buffers = op && op->graph ? op->graph->slot_count : 0;
    return op && op->graph ? op->graph->intermediate_bytes : 0;
}

static dmlp_status copy_constants(const dmlp__graph_desc_info *info, dmlp__graph *g,
                                  uint32_t *constant_of)
{
    const DML_GRAPH_DESC *d = info->desc;
    for (uint32_t n = 0; n < d->NodeCount; n++)
        if (info->constants[n])
            constant_of[n] = g->constant_count++;
    g->constants = calloc(g->constant_count ? g->constant_count : 1, sizeof *g->constants);
    if (!g->constants)
        return dmlp__error(DMLP_ERROR_OUT_OF_MEMORY, "dmlp_graph_compile: out of memory");
    for (uint32_t n = 0; n < d->NodeCount; n++) {
        const DML_CONSTANT_DATA_GRAPH_NODE_DESC *c = info->constants[n];
        if (!c)
            continue;
        void *copy = malloc(c->DataSize);
        if (!copy)
            return dmlp__error(DMLP_ERROR_OUT_OF_MEMORY,
                               "dmlp_graph_compile: out of memory for %zu bytes of constant data",
                               c->DataSize);
        memcpy(copy, c->Data, c->DataSize);
        g->constants[constant_of[n]] = copy;
    }
    return DMLP_OK;
}

static dmlp_status plan_outputs(const dmlp__graph_desc_info *info, dmlp__graph *g,
                                const uint32_t *step_of)
{
    for (uint32_t o = g->output_count; o-- > 0;) { /* last first: each list in order */
        uint32_t s = step_of[info->output_node[o]];
        dmlp__graph_step *st = &g->steps[s];
        g->output_step[o] = s;
        g->outputs[o] = st->op.info.output;
        g->next_output[o] = st->output < 0 ? UINT32_MAX : (uint32_t)st->output;
        st->output = o;
        dmlp__op_info copy;
        memset(&copy, 0, sizeof copy);
        copy.type = DML_OPERATOR_ELEMENT_WISE_IDENTITY;
        copy.input_count = 1;
        copy.input = copy.output = g->outputs[o];
        dmlp_status status = dmlp__plan_build(&copy, "ELEMENT_WISE_IDENTITY", &g->output_copy[o]);
        if (status != DMLP_OK)
            return status;
    }
    return DMLP_OK;
}

dmlp_status dmlp__graph_plan(const dmlp__graph_desc_info *info, dmlp__graph *g)
{
    const DML_GRAPH_DESC *d = info->desc;
    g->input_count = d->InputCount;
    g->output_count = d->OutputCount;
    g->inputs = calloc(d->InputCount ? d->InputCount : 1, sizeof *g->inputs);
    g->outputs = calloc(d->OutputCount, sizeof *g->outputs);
    g->output_step = calloc(d->OutputCount, sizeof *g->output_step);
    g->next_output = calloc(d->OutputCount, sizeof *g->next_output);
    g->output_copy = calloc(d->OutputCount, sizeof *g->output_copy);
    g->steps = calloc(info->order_count ? info->order_count : 1, sizeof *g->steps);
    uint32_t *step_of = calloc(d->NodeCount, sizeof *step_of);
    uint32_t *constant_of = calloc(d->NodeCount, sizeof *constant_of);
    dmlp_status st = DMLP_OK;
    if (!g->inputs || !g->outputs || !g->output_step || !g->next_output || !g->output_copy ||
        !g->steps || !step_of || !constant_of)
        st = dmlp__error(DMLP_ERROR_OUT_OF_MEMORY, "dmlp_graph_compile: out of memory");
    if (st == DMLP_OK) {
        memcpy(g->inputs, info->inputs, d->InputCount * sizeof *g->inputs);
        st = copy_constants(info, g, constant_of);
    }
    if (st == DMLP_OK)
        st = build_steps(info, g, step_of, constant_of);
    if (st == DMLP_OK)
        st = plan_outputs(info, g, step_of);
    if (st == DMLP_OK) {
        size_buffers(g);
        for (uint32_t s = 0; s < g->step_count; s++)
            g->steps[s].args = g->steps[s].input_count > 2    ? g->steps[s].op.nary.args
                               : g->steps[s].input_count == 2 ? g->steps[s].op.binary.args
                                                              : g->steps[s].op.plan.args;
        st = assign_slots(g);
    }
    if (st == DMLP_OK) {
        if (!(info->execution_flags & DMLP_EXECUTION_FLAG_GRAPH_NODE_BY_NODE))
            plan_one_pass(g);
        /* Only a graph that runs node by node needs its intermediates (one pass keeps
           them in each thread's arena; a binding off its alignment is checked then). */
        if (!g->fused)
            st = dmlp__graph_check_memory(g, "dmlp_graph_compile");
    }
    free(step_of);
    free(constant_of);
    return st;
}

void dmlp__graph_free(dmlp__graph *g)
{
    if (!g)
        return;
    for (uint32_t c = 0; g->constants && c < g->constant_count; c++)
        free(g->constants[c]);
    free(g->constants);
    free(g->inputs);
    free(g->outputs);
    free(g->output_step);
    free(g->next_output);
    free(g->output_copy);
    free(g->steps);
    free(g->slot_bytes);
    free(g);
}

const char *dmlp__graph_describe(const dmlp_operator *op, char *text, size_t capacity)
{
    if (!op || !op->graph)
        return NULL;
    const dmlp__graph *g = op->graph;
    char chain[48] = "";
    if (g->chained)
        snprintf(chain, sizeof chain, ", %u node%s chained", g->chained,
                 g->chained == 1 ? "" : "s");
    if (g->fused)
        snprintf(text, capacity, "one pass, %u steps, blocks of %u elements, %u Softsign pattern%s%s",
                 g->step_count, g->block, g->patterns, g->patterns == 1 ? "" : "s", chain);
    else if (g->step_count == 1)
        snprintf(text, capacity, "one step (its own plan), %u Softsign pattern%s%s", g->patterns,
                 g->patterns == 1 ? "" : "s", chain);
    else
        snprintf(text, capacity, "node by node, %u step%s, %u Softsign pattern%s%s%s", g->step_count,
                 g->step_count == 1 ? "" : "s", g->patterns, g->patterns == 1 ? "" : "s",
                 g->staged ? ", staged outputs" : "", chain);
    return text;
}
