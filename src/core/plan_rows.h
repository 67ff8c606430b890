/* Internal: the plan of an operator along axes (Softmax, LogSoftmax, Hardmax). The
   tensor's dimensions split into the row's (the operator's axes) and the rest; each row
   is walked in row order (its axes outermost first) through the strides, a chunk at a
   time widened to binary64, and handed to numeric/softmax_row.h's passes. A row runs on
   one thread, from its first element to its last, so its bits never depend on the
   number of threads; rows are shared among the device's threads. Binary32 rows run on
   the ISA's vector lanes where it has them (plan_rows_lanes.c), with the same bits. */
#ifndef DMLP_CORE_PLAN_ROWS_H
#define DMLP_CORE_PLAN_ROWS_H

#include <stdint.h>

#include "core/threadpool.h"
#include "core/validate.h"
#include "dmlp.h"
#include "kernels/softmax_lanes.h"
#include "numeric/cr_round.h"
#include "numeric/softmax_row.h"

#define DMLP__ROWS_UNDECIDED_MAX 32u
#define DMLP__ROWS_TERMS_MAX (1024u * 1024u)

typedef struct dmlp__rows_plan {
    int kind;                  /* dmlp__softmax_kind */
    DML_TENSOR_DATA_TYPE type; /* the input's and the output's */
    uint32_t element_bytes;
    uint32_t row_dims, outer_dims;  /* >= 1 each (a dimension of size 1 when none) */
    uint64_t row_sizes[DMLP__MAX_DIMS], outer_sizes[DMLP__MAX_DIMS];
    uint64_t in_row_strides[DMLP__MAX_DIMS], out_row_strides[DMLP__MAX_DIMS]; /* bytes */
    uint64_t in_outer_strides[DMLP__MAX_DIMS], out_outer_strides[DMLP__MAX_DIMS];
    uint64_t row_length, row_count;
    uint32_t max_threads;
    const dmlp__softmax_lanes *lanes; /* the rows' vector passes; NULL: none */
    uint32_t undecided_max; /* undecided elements a row on the lanes keeps for the exact
                               path (at most DMLP__ROWS_UNDECIDED_MAX; more: pass 3
                               again); tests lower it to reach that path */
    uint64_t terms_max;     /* the longest row that keeps its exponentials between passes
                               2 and 3 (DMLP__ROWS_TERMS_MAX; tests lower it) */
} dmlp__rows_plan;

/* Builds the plan of a validated operator along axes (info->row_axes nonzero);
   UNSUPPORTED naming `op_name` for a type without a row evaluation. */
dmlp_status dmlp__rows_plan_build(const dmlp__op_info *info, const char *op_name,
                                  dmlp__rows_plan *plan);

/* Runs the plan from `in` to `out` (the tensors' first bytes; disjoint, or exactly in
   place for Hardmax, whose results are written only after its row is read). */
void dmlp__rows_plan_run(const dmlp__rows_plan *plan, dmlp__threadpool *pool, const void *in,
                         void *out);

/* Starts a row of the plan's kind and type (numeric/softmax_row.h), for both walks. */
static inline void dmlp__rows_row_begin(const dmlp__rows_plan *p, dmlp__softmax_row *r)
{
    dmlp__softmax_kind kind = (dmlp__softmax_kind)p->kind;
    switch (p->type) {
    case DML_TENSOR_DATA_TYPE_FLOAT16:
        dmlp__softmax_row_begin(r, kind, DMLP__F16_FORMAT);
        break;
    case DMLP_TENSOR_DATA_TYPE_BFLOAT16:
        dmlp__softmax_row_begin(r, kind, DMLP__BF16_FORMAT);
        break;
    case DML_TENSOR_DATA_TYPE_FLOAT32:
        dmlp__softmax_row_begin(r, kind, DMLP__F32_FORMAT);
        break;
    default:
        dmlp__softmax_row_begin(r, kind, DMLP__F64_FORMAT);
        break;
    }
}

/* plan_rows_lanes.c: a thread's scratch for plan->lanes (NULL when out of memory: the
   scalar walk then), freed with free(); and one row through the lanes: 0 when the row
   is the scalar walk's (a NaN or +inf in it), which then starts it again. */
typedef struct dmlp__rows_scratch dmlp__rows_scratch;
dmlp__rows_scratch *dmlp__rows_scratch_new(const dmlp__rows_plan *plan);
int dmlp__rows_lanes_row(const dmlp__rows_plan *plan, dmlp__rows_scratch *s,
                         const unsigned char *in, unsigned char *out);

#endif
