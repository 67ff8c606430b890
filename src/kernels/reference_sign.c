/* Reference Sign kernels: -1 / 0 / +1 in the input's type (docs/operators.md). Written for
   clarity; every fast kernel is compared against these bit for bit. Loads and stores go
   through memcpy because a run carries no alignment promise beyond the element size. */
#include <string.h>

#include "kernels/reference.h"

DMLP__REFERENCE_MAP(i8_sign, int8_t, int8_t, (x > 0) - (x < 0))
DMLP__REFERENCE_MAP(i16_sign, int16_t, int16_t, (x > 0) - (x < 0))
DMLP__REFERENCE_MAP(i32_sign, int32_t, int32_t, (x > 0) - (x < 0))
DMLP__REFERENCE_MAP(i64_sign, int64_t, int64_t, (x > 0) - (x < 0))
DMLP__REFERENCE_MAP(u8_sign, uint8_t, uint8_t, x != 0)
DMLP__REFERENCE_MAP(u16_sign, uint16_t, uint16_t, x != 0)
DMLP__REFERENCE_MAP(u32_sign, uint32_t, uint32_t, x != 0)
DMLP__REFERENCE_MAP(u64_sign, uint64_t, uint64_t, x != 0)

/* A binary floating-point format, by the bits that matter to Sign. */
typedef struct float_format {
    uint64_t sign;  /* the sign bit */
    uint64_t inf;   /* +infinity: every magnitude above it is a NaN */
    uint64_t quiet; /* the quiet-NaN bit */
    uint64_t one;   /* +1.0 */
} float_format;

static const float_format f16_format = {0x8000u, 0x7c00u, 0x0200u, 0x3c00u};
static const float_format bf16_format = {0x8000u, 0x7f80u, 0x0040u, 0x3f80u};
static const float_format f32_format = {0x80000000u, 0x7f800000u, 0x00400000u, 0x3f800000u};
static const float_format f64_format = {0x8000000000000000u, 0x7ff0000000000000u,
                                        0x0008000000000000u, 0x3ff0000000000000u};

/* Decided on the bits alone, so -0 gives +0 and a subnormal is a number like any other. */
static uint64_t float_sign(uint64_t x, const float_format *f, uint32_t nan_propagate)
{
    uint64_t magnitude = x & ~f->sign;
    if (magnitude > f->inf) /* NaN: +0, or the input NaN made quiet (payload kept) */
        return nan_propagate ? (x | f->quiet) : 0;
    if (magnitude == 0)
        return 0;
    return (x & f->sign) | f->one;
}

DMLP__REFERENCE_MAP(f16_sign, uint16_t, uint16_t,
                    float_sign(x, &f16_format, args->nan_propagate))
DMLP__REFERENCE_MAP(bf16_sign, uint16_t, uint16_t,
                    float_sign(x, &bf16_format, args->nan_propagate))
DMLP__REFERENCE_MAP(f32_sign, uint32_t, uint32_t,
                    float_sign(x, &f32_format, args->nan_propagate))
DMLP__REFERENCE_MAP(f64_sign, uint64_t, uint64_t,
                    float_sign(x, &f64_format, args->nan_propagate))
