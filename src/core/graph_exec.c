/* Executing a compiled graph: the binding rules, the divisor checks, then one pass in
   blocks (each thread runs every step's kernel on a block of elements in cache and writes
   only the graph outputs) or node by node (each step's own plan over whole tensors,
   through intermediates). Both call the same kernels with the same arguments on the same
   elements, so both give the bits the nodes give alone. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/binding.h"
#include "core/device.h"
#include "core/error.h"
#include "core/graph.h"
#include "core/parallel.h"
#include "core/types.h"
#include "platform/compiler.h"
#include "platform/cpu.h"
#include "platform/fp_env.h"

#define ARENA_BYTES (32u << 10) /* graph_plan.c sizes blocks to it */

typedef struct bound {
    const unsigned char **in;
    unsigned char **out;
} bound;

static const unsigned char *source(const dmlp__graph *g, const bound *b, dmlp__graph_source s,
                                   unsigned char *const *step_data)
{
    switch (s.kind) {
    case DMLP__SOURCE_INPUT:
        return b->in[s.index];
    case DMLP__SOURCE_CONSTANT:
        return g->constants[s.index];
    default:
        return step_data[s.index];
    }
}

/* A bound range: [start, start + bytes) of graph input or output `index`. */
typedef struct range {
    uintptr_t start;
    uint64_t bytes;
    uint32_t index;
    bool output;
} range;

static int range_order(const void *a, const void *b)
{
    const range *x = a, *y = b;
    if (x->start != y->start)
        return x->start < y->start ? -1 : 1;
    if (x->output != y->output)
        return x->output ? 1 : -1;
    return x->index < y->index ? -1 : x->index > y->index;
}

static dmlp_status overlap_error(const range *a, const range *b)
{
    if (!a->output) { /* an input and an output: name the output first */
        const range *t = a;
        a = b;
        b = t;
    } else if (b->output && b->index > a->index) { /* two outputs: the later one first */
        const range *t = a;
        a = b;
        b = t;
    }
    if (!b->output)
        return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                           "graph: graph output %u binding overlaps graph input %u's; a "
                           "graph does not run in place",
                           a->index, b->index);
    return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                       "graph: graph output %u binding overlaps graph output %u's", a->index,
                       b->index);
}

/* No graph output overlaps a graph input or another graph output (inputs may share
   bytes); ranges that only touch are disjoint. The ranges sorted by start, each meets
   the earlier one of each kind that reaches furthest: O(n log n) where a check of every
   pair took 8.9 s per execute with 65,535 outputs. */
static dmlp_status check_overlaps(range *r, uint32_t count)
{
    qsort(r, count, sizeof *r, range_order);
    const range *far_in = NULL, *far_out = NULL; /* the furthest-reaching so far */
    for (uint32_t i = 0; i < count; i++) {
        const range *c = &r[i];
        if (far_out && c->start < far_out->start + (uintptr_t)far_out->bytes)
            return overlap_error(c, far_out);
        if (c->output && far_in && c->start < far_in->start + (uintptr_t)far_in->bytes)
            return overlap_error(c, far_in);
        const range **far = c->output ? &far_out : &far_in;
        if (!*far || c->start + (uintptr_t)c->bytes > (*far)->start + (uintptr_t)(*far)->bytes)
            *far = c;
    }
    return DMLP_OK;
}

static dmlp_status check_bindings(const dmlp__graph *g, uint32_t input_count,
                                  const dmlp_buffer_binding *inputs, uint32_t output_count,
                                  const dmlp_buffer_binding *outputs, bound *b)
{
    if (input_count != g->input_count || output_count != g->output_count)
        return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                           "graph: input_count is %u and output_count %u; the graph has %u "
                           "input%s and %u output%s",
                           input_count, output_count, g->input_count,
                           g->input_count == 1 ? "" : "s", g->output_count,
                           g->output_count == 1 ? "" : "s");
    if ((input_count && !inputs) || !outputs)
        return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                           "graph: %s is NULL; it must point to one binding per graph %s",
                           !outputs ? "outputs" : "inputs", !outputs ? "output" : "input");
    char what[48];
    dmlp_status st;
    uintptr_t start;
    for (uint32_t i = 0; i < input_count; i++) {
        snprintf(what, sizeof what, "graph input %u", i);
        if ((st = dmlp__check_binding("graph", what, &g->inputs[i], &inputs[i], &start)) != DMLP_OK)
            return st;
        b->in[i] = (const unsigned char *)start;
    }
    for (uint32_t o = 0; o < output_count; o++) {
        snprintf(what, sizeof what, "graph output %u", o);
        if ((st = dmlp__check_binding("graph", what, &g->outputs[o], &outputs[o], &start)) !=
            DMLP_OK)
            return st;
        b->out[o] = (unsigned char *)start;
    }
    range few[16];
    uint32_t count = input_count + output_count;
    range *r = count <= 16 ? few : malloc(count * sizeof *r);
    if (!r)
        return dmlp__error(DMLP_ERROR_OUT_OF_MEMORY, "graph: out of memory");
    for (uint32_t i = 0; i < input_count; i++)
        r[i] = (range){(uintptr_t)b->in[i], g->inputs[i].total_bytes, i, false};
    for (uint32_t o = 0; o < output_count; o++)
        r[input_count + o] = (range){(uintptr_t)b->out[o], g->outputs[o].total_bytes, o, true};
    st = check_overlaps(r, count);
    if (r != few)
        free(r);
    return st;
}

/* An integer divisor (DIVIDE, the moduli): refused (naming the node) when it holds a 0. */
static dmlp_status check_divisor(const dmlp__graph_step *st, const unsigned char *divisor)
{
    dmlp_status status = dmlp__binary_plan_check(&st->op.binary, st->op.name, divisor);
    if (status != DMLP_OK)
        dmlp__error_prefix(st->name);
    return status;
}

/* ---- node by node ---------------------------------------------------------------------- */

/* The copies to graph outputs of step s: from its intermediate, or from the output it
   wrote to its other outputs. */
static void copy_outputs(const dmlp__graph *g, dmlp__threadpool *pool, const bound *b,
                         uint32_t s, const unsigned char *data)
{
    const dmlp__graph_step *step = &g->steps[s];
    for (uint32_t o = (uint32_t)step->output; step->output >= 0 && o != UINT32_MAX;
         o = g->next_output[o]) {
        if (data)
            dmlp__plan_run(&g->output_copy[o], pool, data, b->out[o]);
        else if (step->output != (int64_t)o)
            dmlp__plan_run(&g->output_copy[o], pool, b->out[step->output], b->out[o]);
    }
}

/* Every buffer is taken before the first step runs, so nothing fails once outputs are
   written but a late divisor, and a graph with one stages its outputs. */
static dmlp_status run_node_by_node(const dmlp__graph *g, dmlp__threadpool *pool, const bound *b)
{
    dmlp_status st = dmlp__graph_check_memory(g, "graph");
    if (st != DMLP_OK)
        return st;
    unsigned char **slot = calloc(g->slot_count ? g->slot_count : 1, sizeof *slot);
    if (!slot)
        return dmlp__error(DMLP_ERROR_OUT_OF_MEMORY, "graph: out of memory");
    for (uint32_t i = 0; i < g->slot_count && st == DMLP_OK; i++) {
        slot[i] = calloc(1, (size_t)g->slot_bytes[i]); /* readers may read padding */
        if (!slot[i])
            st = dmlp__error(DMLP_ERROR_OUT_OF_MEMORY,
                             "graph: out of memory for a %" PRIu64 "-byte intermediate (%" PRIu64
                             " bytes in %u buffers)",
                             g->slot_bytes[i], g->intermediate_bytes, g->slot_count);
    }
    /* data[s]: step s's intermediate, which its readers find there. */
    unsigned char **data = calloc(g->step_count, sizeof *data);
    if (!data && st == DMLP_OK)
        st = dmlp__error(DMLP_ERROR_OUT_OF_MEMORY, "graph: out of memory");
    for (uint32_t s = 0; s < g->step_count && st == DMLP_OK; s++) {
        const dmlp__graph_step *step = &g->steps[s];
        const void *in[DMLP__MAX_INPUTS] = {NULL};
        for (uint32_t k = 0; k < step->input_count; k++)
            if (!(step->op.info.absent >> k & 1u)) /* an optional input left out: NULL */
                in[k] = source(g, b, step->in[k], data);
        if (step->slot != UINT32_MAX) {
            data[s] = slot[step->slot];
            if (step->clear_slot) /* a reused buffer holds another's bytes in the gaps */
                memset(data[s], 0, (size_t)g->slot_bytes[step->slot]);
        }
        unsigned char *out = data[s] ? data[s] : b->out[step->output];
        if (step->op.info.row_axes) {
            dmlp__rows_plan_run(&step->op.rows, pool, in[0], out);
        } else if (step->input_count > 2) {
            dmlp__nary_plan_run(&step->op.nary, pool, in, out);
        } else if (step->input_count == 2) {
            if (step->late_divisor && (st = check_divisor(step, in[1])) != DMLP_OK)
                break;
            dmlp__binary_plan_run(&step->op.binary, pool, in[0], in[1], out);
        } else {
            dmlp__plan_run(&step->op.plan, pool, in[0], out);
        }
        if (!g->staged) /* the buffer may serve another step later */
            copy_outputs(g, pool, b, s, data[s]);
    }
    for (uint32_t s = 0; g->staged && s < g->step_count && st == DMLP_OK; s++)
        copy_outputs(g, pool, b, s, data[s]);
    for (uint32_t i = 0; i < g->slot_count; i++)
        free(slot[i]);
    free(slot);
    free(data);
    return st;
}

/* ---- one pass ------------------------------------------------------------------------- */

typedef struct pass {
    const dmlp__graph *g;
    const bound *b;
} pass;

/* Large tensors: the bytes of each packed graph input that the block `distance` bytes
   ahead of this one will read, prefetched as the tuned streaming path of a single
   operator prefetches its input (the kernels prefetch only when they stream their own
   input to their own output, which a step inside a graph does not). */
static void prefetch_ahead(const pass *p, uint64_t at, uint64_t k)
{
    const dmlp__graph *g = p->g;
    for (uint32_t i = 0; i < g->prefetch_count; i++) {
        const unsigned char *base = p->b->in[g->prefetch_input[i]];
        uint64_t size = g->prefetch_size[i];
        uint64_t from = at * size + g->prefetch_distance, to = (at + k) * size + g->prefetch_distance;
        uint64_t limit = g->element_count * size;
        to = to < limit ? to : limit;
        for (uint64_t b = from; b < to; b += 64) {
            if (g->prefetch_nta)
                DMLP__PREFETCH_STREAM(base + b);
            else
                DMLP__PREFETCH_NEAR(base + b);
        }
    }
}

/* Elements [begin, end): block by block, every step in turn. */
static void run_blocks(const pass *p, uint64_t begin, uint64_t end)
{
    const dmlp__graph *g = p->g;
    _Alignas(64) unsigned char arena[ARENA_BYTES];
    for (uint64_t at = begin; at < end; at += g->block) {
        uint64_t k = end - at < g->block ? end - at : g->block;
        prefetch_ahead(p, at, k);
        for (uint32_t s = 0; s < g->step_count; s++) {
            const dmlp__graph_step *st = &g->steps[s];
            const void *in[DMLP__MAX_INPUTS] = {NULL};
            uint32_t scalars = 0;
            for (uint32_t k_in = 0; k_in < st->input_count; k_in++) {
                dmlp__graph_source src = st->in[k_in];
                uint32_t size = dmlp__type_size(st->op.info.inputs[k_in].type);
                if (src.kind == DMLP__SOURCE_STEP)
                    in[k_in] = arena + g->steps[src.index].scratch_offset;
                else if (st->scalar[k_in])
                    in[k_in] = src.kind == DMLP__SOURCE_INPUT ? p->b->in[src.index]
                                                              : g->constants[src.index];
                else
                    in[k_in] = (src.kind == DMLP__SOURCE_INPUT
                                    ? p->b->in[src.index]
                                    : (const unsigned char *)g->constants[src.index]) +
                               at * size;
                if (st->scalar[k_in])
                    scalars |= k_in == 0 ? DMLP__SCALAR_A : DMLP__SCALAR_B;
            }
            uint32_t osize = dmlp__type_size(st->op.info.output.type);
            unsigned char *out = st->read_later ? arena + st->scratch_offset
                                                : p->b->out[st->output] + at * osize;
            if (st->input_count == 2)
                st->op.binary.kernel((size_t)k, in[0], in[1], out, scalars, &st->args);
            else
                st->op.plan.kernel((size_t)k, in[0], out, &st->args);
            if (st->output < 0)
                continue;
            for (uint32_t o = (uint32_t)st->output; o != UINT32_MAX; o = g->next_output[o])
                if (st->read_later || (int64_t)o != st->output)
                    memcpy(p->b->out[o] + at * osize, out, (size_t)(k * osize));
        }
    }
}

static void run_chunk(void *context, uint64_t begin, uint64_t end)
{
    run_blocks(context, begin, end);
}

static void run_one_pass(const dmlp__graph *g, dmlp__threadpool *pool, const bound *b)
{
    pass p = {g, b};
    /* Non-temporal stores to the graph outputs: each range fences at its end. */
    dmlp__parallel_job job = {run_chunk, &p, g->element_count, g->chunk_elements, 0,
                              g->max_threads, g->stream};
    dmlp__parallel_for(pool, &job);
}

/* Kernels read whole elements: a binding off its element alignment goes node by node,
   whose plans gather such tensors through aligned tiles. */
static bool aligned(const dmlp__graph *g, const bound *b)
{
    for (uint32_t i = 0; i < g->input_count; i++)
        if ((uintptr_t)b->in[i] % dmlp__type_size(g->inputs[i].type) != 0)
            return false;
    for (uint32_t o = 0; o < g->output_count; o++)
        if ((uintptr_t)b->out[o] % dmlp__type_size(g->outputs[o].type) != 0)
            return false;
    return true;
}

dmlp_status dmlp__graph_execute(const dmlp_operator *op, uint32_t input_count,
                                const dmlp_buffer_binding *inputs, uint32_t output_count,
                                const dmlp_buffer_binding *outputs)
{
    const dmlp__graph *g = op->graph;
    bound b;
    b.in = malloc((g->input_count ? g->input_count : 1) * sizeof *b.in);
    b.out = malloc(g->output_count * sizeof *b.out);
    dmlp_status st = DMLP_OK;
    if (!b.in || !b.out)
        st = dmlp__error(DMLP_ERROR_OUT_OF_MEMORY, "graph: out of memory");
    if (st == DMLP_OK)
        st = check_bindings(g, input_count, inputs, output_count, outputs, &b);
    for (uint32_t s = 0; s < g->step_count && st == DMLP_OK; s++) {
        const dmlp__graph_step *step = &g->steps[s];
        if (step->input_count == 2 && step->op.binary.check_zero && !step->late_divisor)
            st = check_divisor(step, source(g, &b, step->in[1], NULL));
    }
    if (st == DMLP_OK) {
        if (g->fused && aligned(g, &b)) {
            dmlp__fp_env saved = dmlp__fp_env_enter();
            run_one_pass(g, op->device->pool, &b);
            dmlp__fp_env_leave(saved);
        } else {
            st = run_node_by_node(g, op->device->pool, &b);
        }
    }
    free(b.in);
    free(b.out);
    return st;
}
