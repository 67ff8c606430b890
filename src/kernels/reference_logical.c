/* Reference logical kernels (docs/operators.md): LogicalGreaterThan on every input type,
   LogicalAnd and LogicalOr on UINT8 and UINT32. Each writes 1 or 0 into an output of
   args->out_size bytes (1: UINT8, 4: UINT32); And and Or are planned with the output of
   their inputs' type, so out_size is theirs.

   Floats compare as numbers: FLOAT16 and BFLOAT16 are widened exactly to binary32, so a
   comparison with a NaN is false, -0 equals +0, and subnormals are ordered as the numbers
   they are. Integers compare in their own type (signed or unsigned). */
#include <stdint.h>
#include <string.h>

#include "kernels/kernels.h"
#include "numeric/fp_convert.h"

static int f32_gt(uint32_t x, uint32_t y)
{
    return dmlp__f32_from_bits(x) > dmlp__f32_from_bits(y);
}
static int f64_gt(uint64_t x, uint64_t y)
{
    return dmlp__f64_from_bits(x) > dmlp__f64_from_bits(y);
}
static int f16_gt(uint16_t x, uint16_t y) { return dmlp__f16_to_f32(x) > dmlp__f16_to_f32(y); }
static int bf16_gt(uint16_t x, uint16_t y)
{
    return dmlp__bf16_to_f32(x) > dmlp__bf16_to_f32(y);
}

#define INT_GT(t, T)                                                                        \
    static int t##_gt(T x, T y) { return x > y; }
INT_GT(i8, int8_t)
INT_GT(u8, uint8_t)
INT_GT(i16, int16_t)
INT_GT(u16, uint16_t)
INT_GT(i32, int32_t)
INT_GT(u32, uint32_t)
INT_GT(i64, int64_t)
INT_GT(u64, uint64_t)

#define BOOLEAN_OPS(t, T)                                                                   \
    static int t##_and(T x, T y) { return x != 0 && y != 0; }                               \
    static int t##_or(T x, T y) { return x != 0 || y != 0; }
BOOLEAN_OPS(u8, uint8_t)
BOOLEAN_OPS(u32, uint32_t)

/* dmlp__<t>_<op>__reference: out[i] = <t>_<op>(a[i], b[i]) as a UINT8 or UINT32 0 or 1.
   Loads and stores through memcpy: a run is aligned to its element size at most. Every
   a[i] and b[i] is read before out[i] is written (in place, out is a or b). */
#define LOGICAL_KERNEL(t, op, T)                                                            \
    void dmlp__##t##_##op##__reference(size_t n, const void *a, const void *b, void *out,   \
                                       uint32_t scalar, const dmlp__kernel_args *args);     \
    void dmlp__##t##_##op##__reference(size_t n, const void *a, const void *b, void *out,   \
                                       uint32_t scalar, const dmlp__kernel_args *args)      \
    {                                                                                       \
        const unsigned char *pa = a, *pb = b;                                               \
        unsigned char *po = out;                                                            \
        size_t sa = (scalar & DMLP__SCALAR_A) ? 0 : sizeof(T);                              \
        size_t sb = (scalar & DMLP__SCALAR_B) ? 0 : sizeof(T);                              \
        int wide = args->out_size == 4;                                                     \
        for (size_t i = 0; i < n; i++) {                                                    \
            T x, y;                                                                         \
            memcpy(&x, pa + i * sa, sizeof x);                                              \
            memcpy(&y, pb + i * sb, sizeof y);                                              \
            int r = t##_##op(x, y);                                                         \
            if (wide) {                                                                     \
                uint32_t v = (uint32_t)r;                                                   \
                memcpy(po + i * 4, &v, 4);                                                  \
            } else {                                                                        \
                po[i] = (unsigned char)r;                                                   \
            }                                                                               \
        }                                                                                   \
    }

LOGICAL_KERNEL(i8, gt, int8_t)
LOGICAL_KERNEL(u8, gt, uint8_t)
LOGICAL_KERNEL(i16, gt, int16_t)
LOGICAL_KERNEL(u16, gt, uint16_t)
LOGICAL_KERNEL(i32, gt, int32_t)
LOGICAL_KERNEL(u32, gt, uint32_t)
LOGICAL_KERNEL(i64, gt, int64_t)
LOGICAL_KERNEL(u64, gt, uint64_t)
LOGICAL_KERNEL(f16, gt, uint16_t)
LOGICAL_KERNEL(bf16, gt, uint16_t)
LOGICAL_KERNEL(f32, gt, uint32_t)
LOGICAL_KERNEL(f64, gt, uint64_t)
LOGICAL_KERNEL(u8, and, uint8_t)
LOGICAL_KERNEL(u32, and, uint32_t)
LOGICAL_KERNEL(u8, or, uint8_t)
LOGICAL_KERNEL(u32, or, uint32_t)
