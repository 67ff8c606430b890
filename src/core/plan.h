/* Internal: an operator's execution plan. At create time the validated tensors become a
   walk over as few axes as possible (size-1 axes dropped, axes contiguous in both tensors
   merged, the output's smallest stride innermost) and the kernel is chosen once. At
   execute time the walk feeds the kernel contiguous runs: directly when both tensors are
   contiguous on the inner axis, through a stack tile otherwise, computing a broadcast
   (0-stride) run's one value once. Short rows go many to a tile; a transposed input is
   read in blocks of rows, a cache line per column. Large tensors are split into chunks
   of the walk that the device's threads claim. */
#ifndef DMLP_CORE_PLAN_H
#define DMLP_CORE_PLAN_H

#include <stdbool.h>
#include <stdint.h>

#include "core/threadpool.h"
#include "core/validate.h"
#include "dmlp.h"
#include "kernels/kernels.h"

typedef struct dmlp__plan {
    dmlp__unary_kernel kernel;
    dmlp__isa isa;
    const char *kernel_name;
    dmlp__kernel_args args;   /* streaming set when the output is large */
    uint32_t in_size;         /* element bytes */
    uint32_t out_size;
    uint32_t dim_count;       /* >= 1; outermost first */
    uint64_t sizes[DMLP__MAX_DIMS];
    uint64_t in_strides[DMLP__MAX_DIMS];  /* bytes */
    uint64_t out_strides[DMLP__MAX_DIMS]; /* bytes */
    uint64_t element_count;
    uint64_t chunk_elements;  /* work split unit for threads: a multiple of 64 */
    uint32_t max_threads;     /* threads worth waking for this tensor (>= 1) */
    bool out_packed;          /* the whole output is one contiguous run */
    bool in_linear;           /* element i of the walk is at byte i * size */
    bool out_linear;
    bool row_block;           /* transposed input: walk rows in blocks (plan.c) */
} dmlp__plan;

/* Builds the plan for a validated operator; UNSUPPORTED (naming `op_name`) if no kernel
   exists for the input type. */
dmlp_status dmlp__plan_build(const dmlp__op_info *info, const char *op_name,
                             dmlp__plan *plan);

/* Whether Softsign of `type` runs in the reciprocal form on kernels of level `isa`: the
   division method measured on this machine (core/tune.h), where the kernels have both. */
uint32_t dmlp__plan_softsign_recip(DML_TENSOR_DATA_TYPE type, dmlp__isa isa);

/* Whether the 16-bit tables of results of `type` (FLOAT16, BFLOAT16) are read by gathers
   on kernels of level `isa` (dmlp__kernel_args.table16_gather): the measured choice. */
uint32_t dmlp__plan_table16_gather(DML_TENSOR_DATA_TYPE type, dmlp__isa isa);

/* Whether Clip, Clip1 or Threshold (op) of float `type` runs on ordering keys on kernels
   of level `isa` (dmlp__kernel_args.clamp_keys): the measured choice; 0 for other
   operators. */
uint32_t dmlp__plan_clamp_keys(DML_OPERATOR_TYPE op, DML_TENSOR_DATA_TYPE type, dmlp__isa isa);

/* Runs the plan from `in` to `out` (the tensors' first bytes) on the calling thread and,
   when the tensor is big enough, on pool threads. `in` and `out` are either disjoint
   ranges or exact in-place (same start and layout); any alignment is fine. Every thread
   runs kernels under the default floating-point environment (platform/fp_env.h) and gets its
   own back afterwards. */
void dmlp__plan_run(const dmlp__plan *plan, dmlp__threadpool *pool, const void *in,
                    void *out);

#endif
