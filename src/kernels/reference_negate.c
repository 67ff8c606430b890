/* Reference Negate kernels (docs/operators.md): -x. Float types flip the sign bit and
   nothing else (0 gives -0, a NaN keeps its payload); signed integers wrap in two's
   complement: -INT_MIN is INT_MIN. */
#include <stdint.h>
#include <string.h>

#include "kernels/reference.h"

/* In unsigned arithmetic, so INT_MIN wraps to itself instead of overflowing. */
DMLP__REFERENCE_MAP(i8_negate, uint8_t, uint8_t, 0u - x)
DMLP__REFERENCE_MAP(i16_negate, uint16_t, uint16_t, 0u - x)
DMLP__REFERENCE_MAP(i32_negate, uint32_t, uint32_t, 0u - x)
DMLP__REFERENCE_MAP(i64_negate, uint64_t, uint64_t, 0u - x)

DMLP__REFERENCE_MAP(f16_negate, uint16_t, uint16_t, x ^ 0x8000u)
DMLP__REFERENCE_MAP(bf16_negate, uint16_t, uint16_t, x ^ 0x8000u)
DMLP__REFERENCE_MAP(f32_negate, uint32_t, uint32_t, x ^ 0x80000000u)
DMLP__REFERENCE_MAP(f64_negate, uint64_t, uint64_t, x ^ 0x8000000000000000u)
