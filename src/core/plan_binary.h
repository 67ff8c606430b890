/* Internal: the execution plan of a two-input operator. At create time the three
   validated tensors (A, B, output; one data type, but for LogicalGreaterThan's output)
   become a walk over as few axes as
   possible: size-1 axes dropped, the output's smallest stride innermost, axes merged
   where all three continue (a broadcast axis, stride 0 in an input, merges with another
   broadcast axis). At execute time each row of the inner axis goes to the kernel: an
   input contiguous on it is read in place, one broadcast along it (stride 0) is passed
   as a scalar, any other is gathered into a stack tile; the output is written in place
   when contiguous, through a tile otherwise. Large tensors are split into chunks that
   the device's threads claim. An integer divisor (DIVIDE, the moduli) is first scanned
   for a 0. */
#ifndef DMLP_CORE_PLAN_BINARY_H
#define DMLP_CORE_PLAN_BINARY_H

#include <stdbool.h>
#include <stdint.h>

#include "core/threadpool.h"
#include "core/validate.h"
#include "dmlp.h"
#include "kernels/kernels.h"

enum { DMLP__OPERAND_A, DMLP__OPERAND_B, DMLP__OPERAND_OUT, DMLP__OPERANDS };

typedef struct dmlp__binary_plan {
    dmlp__binary_kernel kernel;
    dmlp__isa isa;
    const char *kernel_name;
    dmlp__kernel_args args;
    uint32_t size;       /* element bytes of A and B */
    uint32_t out_size;   /* of the output: size, or 1 or 4 for LogicalGreaterThan */
    uint32_t dim_count;  /* >= 1; outermost first */
    uint64_t sizes[DMLP__MAX_DIMS];
    uint64_t strides[DMLP__OPERANDS][DMLP__MAX_DIMS]; /* bytes */
    uint64_t element_count;
    uint64_t chunk_elements; /* work split unit for threads: a multiple of 64 */
    uint32_t max_threads;    /* threads worth waking for this tensor (>= 1) */
    /* An integer divisor of 0 refused (the operator's DMLP_ZERO_DIVISOR row: Divide, the
       moduli): B's own layout, to find a 0 before anything is written. */
    bool check_zero;
    const char *zero_divisor; /* "division", "modulus": the message's word */
    uint32_t b_dim_count;
    uint32_t b_sizes[DMLP__MAX_DIMS];
    uint64_t b_strides[DMLP__MAX_DIMS]; /* elements */
} dmlp__binary_plan;

/* Builds the plan of a validated two-input operator; UNSUPPORTED (naming op_name) when
   no kernel computes the type. */
dmlp_status dmlp__binary_plan_build(const dmlp__op_info *info, const char *op_name,
                                    dmlp__binary_plan *plan);

/* What must hold of the inputs' values before the plan runs: for an operator that
   refuses an integer divisor of 0 (registry.h's dmlp__op_zero_divisor), no element of B (its first byte at b) is 0. INVALID_ARGUMENT naming op_name and the
   element otherwise. Reads only. */
dmlp_status dmlp__binary_plan_check(const dmlp__binary_plan *plan, const char *op_name,
                                    const void *b);

/* Runs the plan (a, b, out: the tensors' first bytes; out disjoint from each input or
   exactly in place on it) on the calling thread and, when the tensor is large enough, on
   pool threads, under the default floating-point environment (platform/fp_env.h). */
void dmlp__binary_plan_run(const dmlp__binary_plan *plan, dmlp__threadpool *pool,
                           const void *a, const void *b, void *out);

#endif
