/* ELEMENT_WISE_ATAN_YX: atan2(y, x) of ATensor's y and BTensor's x (DirectML's order: A
   is the y axis, B the x axis), broadcast by strides as the other two-input operators:
   the exact angle rounded once to nearest-even in the type (src/numeric/cr_atan.c;
   docs/operators.md, docs/accuracy.md), with IEEE 754-2019 9.2's values at the origin,
   on the axes and at infinity (DirectML leaves the origin undefined). A NaN y comes back
   quiet with its sign and payload, else a NaN x. f64 within 0.5 ULP + 2^-95 relative. No
   ScaleBias (the struct has none); no ONNX operator (ONNX has no two-argument
   arctangent). */
#include "ops/op.h"

#define OP DML_OPERATOR_ELEMENT_WISE_ATAN_YX
#define OP_DESC DML_ELEMENT_WISE_ATAN_YX_OPERATOR_DESC

DMLP_OP(ELEMENT_WISE_ATAN_YX, atan_yx, atan_yx, NULL, DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  atan_yx   ELEMENT_WISE_ATAN_YX: atan2(a, b), a the y and b the x axis, correctly\n"
        "            rounded\n",
        DMLP_FIELD(INPUT, ATensor), DMLP_FIELD(INPUT, BTensor), DMLP_FIELD(OUTPUT, OutputTensor))

DMLP_SUPPORT(3_1, 1, 8, (F32, F16))
DMLP_EXTENSION_TYPES((F64, BF16))

DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT16, f16_atan_yx, 2, YES, YES)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT32, f32_atan_yx, 4, YES, YES)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT64, f64_atan_yx, 8, NO, NO)
DMLP_BINARY_KERNEL(DMLP_TENSOR_DATA_TYPE_BFLOAT16, bf16_atan_yx, 2, YES, YES)

#ifndef DMLP_OPS_LIST
#include "kernels/reference_binary.h"
#include "numeric/cr_atan.h"
#include "numeric/cr_round.h"
#include "numeric/fp_convert.h"

/* NaNs are decided on the bits (y's first: sign and payload kept, made quiet, as the
   unary reference kernels do); the rest widen exactly and round once from the exact
   angle. T is the type's bits, mag its magnitude mask, inf +inf's bits, quiet the quiet
   bit, widen a conversion to float or double, fmt the rounding's format. */
#define ATAN_YX_NARROW(t, T, mag, inf, quiet, widen, fmt)                                  \
    static T t##_atan_yx(T y, T x, const dmlp__kernel_args *args)                           \
    {                                                                                       \
        (void)args;                                                                         \
        if ((y & (mag)) > (inf))                                                            \
            return (T)(y | (quiet));                                                        \
        if ((x & (mag)) > (inf))                                                            \
            return (T)(x | (quiet));                                                        \
        return (T)dmlp__cr_atan2_narrow(widen(y), widen(x), fmt);                           \
    }
ATAN_YX_NARROW(f16, uint16_t, 0x7fffu, 0x7c00u, 0x0200u, dmlp__f16_to_f32, DMLP__F16_FORMAT)
ATAN_YX_NARROW(bf16, uint16_t, 0x7fffu, 0x7f80u, 0x0040u, dmlp__bf16_to_f32, DMLP__BF16_FORMAT)
ATAN_YX_NARROW(f32, uint32_t, 0x7fffffffu, 0x7f800000u, 0x00400000u, dmlp__f32_from_bits,
               DMLP__F32_FORMAT)
#undef ATAN_YX_NARROW

static uint64_t f64_atan_yx(uint64_t y, uint64_t x, const dmlp__kernel_args *args)
{
    (void)args;
    if ((y & 0x7fffffffffffffffu) > 0x7ff0000000000000u)
        return y | 0x0008000000000000u;
    if ((x & 0x7fffffffffffffffu) > 0x7ff0000000000000u)
        return x | 0x0008000000000000u;
    return dmlp__f64_bits(dmlp__cr_atan2_f64(dmlp__f64_from_bits(y), dmlp__f64_from_bits(x)));
}

BINARY_KERNEL_ARGS(f16, atan_yx, uint16_t)
BINARY_KERNEL_ARGS(bf16, atan_yx, uint16_t)
BINARY_KERNEL_ARGS(f32, atan_yx, uint32_t)
BINARY_KERNEL_ARGS(f64, atan_yx, uint64_t)
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
/* atan2(y, x) of binary32 y and x on f64 lanes, as cr_atan.c's fast path: the angle of
   (|x|, |y|) from min/max (angle64: the table of atan(i/64), pi/2 - a above the
   diagonal), pi - a for x < 0, y's sign; within the scalar path's bound (one quotient
   of two binary32: 1.28u of it), decided with DMLP__ATAN_FAST_STEPS, subnormal results
   (|y / x| below about 2^-126) on their own grid. A lane with a zero, an infinity or a
   NaN (atan2's table, and which NaN comes back) takes the reference. */
static ALWAYS_INLINE F64 atan_yx_lanes64(F64 y, F64 x, M64 *open)
{
    V sign = vand(fromf64(y), set64(0x8000000000000000u));
    F64 ay = fabs64(y), ax = fabs64(x), one = splat64f(1.0);
    M64 ordinary = within64(ay, 0x1p-149, 0x1.fffffep127) & within64(ax, 0x1p-149, 0x1.fffffep127);
    ay = tof64(sel64(ordinary, fromf64(ay), fromf64(one))); /* others: any harmless pair */
    ax = tof64(sel64(ordinary, fromf64(ax), fromf64(one)));
    F64 a = from_angle64(ltz64(fromf64(x)), angle64(ay, ax), 3);
    *open = (ordinary & f32_open_or_subnormal64(a, DMLP__ATAN_FAST_STEPS)) |
            mandn(ordinary, eq64(zero(), zero()));
    return tof64(vor(fromf64(a), sign));
}

ATAN_YX_KERNEL(atan_yx_lanes64)

/* float16 and bfloat16: one input broadcast by a table of its value, packed pairs by the
   lanes above rounded on the 16-bit grid (CR_PAIR16_KERNELS, vector_crmath.inc). */
CR_PAIR16_KERNELS(atan_yx, atan_yx_lanes64, DMLP__ATAN_FAST_STEPS)
#endif

#undef OP
#undef OP_DESC
