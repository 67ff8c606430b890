/* Internal: the execution plan of an operator with three or more inputs (ELEMENT_WISE_IF:
   Condition, A, B; the quantization operators). At create time the validated tensors
   (the inputs present and the output; each input of its own type) become a walk over as
   few axes as possible (core/axes.h). At execute time each row of the inner axis goes to
   the row's N-input kernel (kernels.h's dmlp__nary_kernel): an input contiguous on it is
   read in place, one broadcast along it (stride 0) is passed as one element, any other is
   gathered into a stack tile; the output is written in place when contiguous, through a
   tile otherwise. Large tensors are split into chunks that the device's threads claim.
   Rows of one or two inputs keep their own plans (plan.h, plan_binary.h). */
#ifndef DMLP_CORE_PLAN_NARY_H
#define DMLP_CORE_PLAN_NARY_H

#include <stdbool.h>
#include <stdint.h>

#include "core/threadpool.h"
#include "core/validate.h"
#include "dmlp.h"
#include "kernels/kernels.h"

typedef struct dmlp__nary_plan {
    dmlp__nary_kernel kernel;
    dmlp__isa isa;
    const char *kernel_name;
    dmlp__kernel_args args;
    uint32_t input_count;   /* the row's inputs, absent ones included */
    uint32_t absent;        /* bit i: optional input i is absent (its pointer is NULL) */
    uint32_t size[DMLP__MAX_INPUTS + 1]; /* element bytes of input i; [input_count]: out */
    uint32_t dim_count;     /* >= 1; outermost first */
    uint64_t sizes[DMLP__MAX_DIMS];
    uint64_t strides[DMLP__MAX_INPUTS + 1][DMLP__MAX_DIMS]; /* bytes; [input_count]: out */
    uint64_t element_count;
    uint64_t chunk_elements; /* work split unit for threads: a multiple of 64 */
    uint32_t max_threads;    /* threads worth waking for this tensor (>= 1) */
} dmlp__nary_plan;

/* Builds the plan of a validated operator of three or more inputs; UNSUPPORTED (naming
   op_name and the main input) when no kernel computes its types. */
dmlp_status dmlp__nary_plan_build(const dmlp__op_info *info, const char *op_name,
                                  dmlp__nary_plan *plan);

/* Runs the plan (in[i]: input i's first byte, NULL when absent; out: the output's, disjoint
   from each input or exactly in place on one) on the calling thread and, when the tensor
   is large enough, on pool threads, under the default floating-point environment. */
void dmlp__nary_plan_run(const dmlp__nary_plan *plan, dmlp__threadpool *pool,
                         const void *const *in, void *out);

#endif
