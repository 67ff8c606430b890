/* The rows of an operator along axes: see plan_rows.h. */
#include "core/plan_rows.h"

#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "core/parallel.h"
#include "core/row_cursor.h"
#include "core/types.h"
#include "numeric/cr_round.h"
#include "numeric/fp_convert.h"
#include "numeric/softmax_row.h"
#include "platform/fp_env.h"

/* Elements widened and results held per step of a pass: 2 x 4 KiB on the stack. */
#define ROW_CHUNK 512u

dmlp_status dmlp__rows_plan_build(const dmlp__op_info *info, const char *op_name,
                                  dmlp__rows_plan *plan)
{
    memset(plan, 0, sizeof *plan);
    const dmlp__tensor *in = &info->inputs[info->main_input], *out = &info->output;
    plan->kind = info->row_kind;
    plan->type = in->type;
    switch (in->type) {
    case DML_TENSOR_DATA_TYPE_FLOAT16:
    case DMLP_TENSOR_DATA_TYPE_BFLOAT16:
        plan->element_bytes = 2;
        break;
    case DML_TENSOR_DATA_TYPE_FLOAT32:
        plan->element_bytes = 4;
        break;
    case DML_TENSOR_DATA_TYPE_FLOAT64:
        plan->element_bytes = 8;
        break;
    default:
        return dmlp__error(DMLP_ERROR_UNSUPPORTED, "%s: no row evaluation for %s", op_name,
                           dmlp__type_name(in->type));
    }
    /* Size-1 dimensions add nothing to either walk; the rest keep their order. */
    for (uint32_t d = 0; d < in->dim_count; d++) {
        if (in->sizes[d] == 1)
            continue;
        uint64_t eb = plan->element_bytes;
        if (info->row_axes >> d & 1u) {
            uint32_t k = plan->row_dims++;
            plan->row_sizes[k] = in->sizes[d];
            plan->in_row_strides[k] = (uint64_t)in->strides[d] * eb;
            plan->out_row_strides[k] = (uint64_t)out->strides[d] * eb;
        } else {
            uint32_t k = plan->outer_dims++;
            plan->outer_sizes[k] = in->sizes[d];
            plan->in_outer_strides[k] = (uint64_t)in->strides[d] * eb;
            plan->out_outer_strides[k] = (uint64_t)out->strides[d] * eb;
        }
    }
    if (plan->row_dims == 0)
        plan->row_sizes[plan->row_dims++] = 1;
    if (plan->outer_dims == 0)
        plan->outer_sizes[plan->outer_dims++] = 1;
    plan->row_length = 1;
    for (uint32_t k = 0; k < plan->row_dims; k++)
        plan->row_length *= plan->row_sizes[k];
    plan->row_count = in->element_count == 0 ? 0 : in->element_count / plan->row_length;
    if (in->type != DML_TENSOR_DATA_TYPE_FLOAT64)
        plan->lanes = dmlp__softmax_lanes_select(dmlp__isa_detect());
    plan->undecided_max = DMLP__ROWS_UNDECIDED_MAX;
    plan->terms_max = DMLP__ROWS_TERMS_MAX;
    /* a row's three passes cost about what twenty copies of it would */
    plan->max_threads = dmlp__parallel_threads(in->element_count * plan->element_bytes * 20);
    return DMLP_OK;
}

/* Up to ROW_CHUNK elements from the cursor, widened exactly; their output offsets too
   when asked. */
static size_t gather(const dmlp__rows_plan *p, const unsigned char *row, row_cursor *c,
                     uint64_t left, double *x, uint64_t *out_offsets)
{
    size_t n = left < ROW_CHUNK ? (size_t)left : ROW_CHUNK;
    union {
        uint16_t h[ROW_CHUNK];
        float f[ROW_CHUNK];
    } raw;
    if (p->element_bytes == 8) {
        cursor_gather(p, row, c, n, x, out_offsets);
        return n;
    }
    cursor_gather(p, row, c, n, &raw, out_offsets);
    for (size_t i = 0; i < n; i++)
        x[i] = p->type == DML_TENSOR_DATA_TYPE_FLOAT32   ? (double)raw.f[i]
               : p->type == DML_TENSOR_DATA_TYPE_FLOAT16 ? (double)dmlp__f16_to_f32(raw.h[i])
                                                         : (double)dmlp__bf16_to_f32(raw.h[i]);
    return n;
}

static void scatter(const dmlp__rows_plan *p, unsigned char *row, const uint64_t *offsets,
                    const uint64_t *bits, size_t n)
{
    for (size_t i = 0; i < n; i++)
        row_put_bits(p, row + offsets[i], bits[i]);
}

typedef enum pass { PASS_SCAN, PASS_SUM, PASS_SUM_EXACT, PASS_RESULTS } pass;

/* One pass over the row; PASS_RESULTS returns the undecided count. */
static size_t row_pass(const dmlp__rows_plan *p, dmlp__softmax_row *r, pass which,
                       const unsigned char *in, unsigned char *out)
{
    double x[ROW_CHUNK];
    uint64_t bits[ROW_CHUNK], offsets[ROW_CHUNK];
    row_cursor c;
    cursor_start(&c);
    dmlp__softmax_row_pass(r);
    size_t undecided = 0;
    for (uint64_t left = p->row_length; left > 0;) {
        size_t n = gather(p, in, &c, left, x, which == PASS_RESULTS ? offsets : NULL);
        left -= n;
        switch (which) {
        case PASS_SCAN:
            dmlp__softmax_row_scan(r, x, n);
            break;
        case PASS_SUM:
            dmlp__softmax_row_sum(r, x, n);
            break;
        case PASS_SUM_EXACT:
            dmlp__softmax_row_sum_exact(r, x, n);
            break;
        case PASS_RESULTS:
            undecided += dmlp__softmax_row_results(r, x, n, bits);
            scatter(p, out, offsets, bits, n);
            break;
        }
    }
    return undecided;
}

static void run_row(const dmlp__rows_plan *p, const unsigned char *in, unsigned char *out)
{
    dmlp__softmax_row r;
    dmlp__rows_row_begin(p, &r);
    row_pass(p, &r, PASS_SCAN, in, out);
    if (p->kind != DMLP__HARDMAX)
        row_pass(p, &r, PASS_SUM, in, out);
    if (row_pass(p, &r, PASS_RESULTS, in, out) != 0) {
        row_pass(p, &r, PASS_SUM_EXACT, in, out);
        row_pass(p, &r, PASS_RESULTS, in, out);
    }
}

typedef struct run_context {
    const dmlp__rows_plan *plan;
    const unsigned char *in;
    unsigned char *out;
} run_context;

/* Rows [begin, end): the first row's index over the outer dimensions (the last
   fastest) by division, each next one by a step of that index (short rows cannot
   afford a division per dimension each). */
static void run_rows(void *context, uint64_t begin, uint64_t end)
{
    const run_context *c = context;
    const dmlp__rows_plan *p = c->plan;
    dmlp__rows_scratch *scratch = p->lanes ? dmlp__rows_scratch_new(p) : NULL;
    uint64_t index[DMLP__MAX_DIMS], rest = begin, in_offset = 0, out_offset = 0;
    for (uint32_t k = p->outer_dims; k-- > 0;) {
        index[k] = rest % p->outer_sizes[k];
        rest /= p->outer_sizes[k];
        in_offset += index[k] * p->in_outer_strides[k];
        out_offset += index[k] * p->out_outer_strides[k];
    }
    for (uint64_t row = begin; row < end; row++) {
        if (!scratch || !dmlp__rows_lanes_row(p, scratch, c->in + in_offset, c->out + out_offset))
            run_row(p, c->in + in_offset, c->out + out_offset);
        for (uint32_t k = p->outer_dims; k-- > 0;) {
            in_offset += p->in_outer_strides[k];
            out_offset += p->out_outer_strides[k];
            if (++index[k] < p->outer_sizes[k])
                break;
            in_offset -= index[k] * p->in_outer_strides[k];
            out_offset -= index[k] * p->out_outer_strides[k];
            index[k] = 0;
        }
    }
    free(scratch);
}

void dmlp__rows_plan_run(const dmlp__rows_plan *plan, dmlp__threadpool *pool, const void *in,
                         void *out)
{
    if (plan->row_count == 0)
        return;
    dmlp__fp_env saved = dmlp__fp_env_enter();
    run_context c = {plan, in, out};
    /* Eight chunks a thread that runs: a chunk sized by the plan's thread count alone
       (thousands, for a large tensor) was one row, which paid a scratch allocation and
       the shared chunk counter each (Hardmax rows of 1 Ki at 256 MiB ran slower on two
       threads than on one) */
    uint64_t threads = pool ? (uint64_t)dmlp__threadpool_workers(pool) + 1 : 1;
    threads = plan->max_threads < threads ? plan->max_threads : threads;
    threads = plan->row_count < threads ? plan->row_count : threads;
    uint64_t chunk = (plan->row_count + threads * 8 - 1) / (threads * 8);
    dmlp__parallel_job job = {run_rows, &c, plan->row_count, chunk ? chunk : 1, 0,
                              (uint32_t)threads, false};
    dmlp__parallel_for(pool, &job);
    dmlp__fp_env_leave(saved);
}
