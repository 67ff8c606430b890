/* Internal: the walk of an element-wise operator over its tensors, simplified once when
   the operator is made. Shared by the one-input, two-input and N-input planners. */
#ifndef DMLP_CORE_AXES_H
#define DMLP_CORE_AXES_H

#include <stdint.h>

#include "core/validate.h"

/* The most tensors one walk covers (every input of a row and the output). */
#define DMLP__AXES_TENSORS (DMLP__MAX_INPUTS + 1)

/* Reduces `count` tensors of the same sizes (the last one the output) to the fewest axes:
   axes of size 1 dropped, the rest ordered by the output's stride (largest outermost, a
   stable order, so a permuted output is still written in runs) and merged wherever an
   axis continues the one inside it in every tensor. Writes sizes[] and strides[k][] in
   bytes (k-th tensor's element size `element_bytes[k]`), outermost first; returns the
   number of axes, at least one (a single element when every size is 1). */
uint32_t dmlp__axes_simplify(const dmlp__tensor *const tensors[], uint32_t count,
                             const uint64_t element_bytes[], uint64_t sizes[DMLP__MAX_DIMS],
                             uint64_t strides[][DMLP__MAX_DIMS]);

#endif
