/* ELEMENT_WISE_POW: InputTensor to the power of ExponentTensor, broadcast by strides as
   the other two-input operators: the exact x^y rounded once to nearest even in the type
   (numeric/cr_pow.c; docs/operators.md, docs/accuracy.md) with C99's special values. A
   NaN base comes back quiet with its sign and payload, else a NaN exponent (x^0 and 1^y
   are 1 even so). With a ScaleBias, of x * Scale + Bias computed as Identity computes
   it: the base only. The exponent has the base's type (DirectML allows another from 3_0;
   dmlp refuses it). Integer types are not run yet. */
#include "ops/op.h"

#define OP DML_OPERATOR_ELEMENT_WISE_POW
#define OP_DESC DML_ELEMENT_WISE_POW_OPERATOR_DESC

DMLP_OP(ELEMENT_WISE_POW, pow, power, "Pow", DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  pow       ELEMENT_WISE_POW: a^b, correctly rounded (of a * scale + bias with\n"
        "            --scale and --bias)\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(INPUT, ExponentTensor),
        DMLP_FIELD(OUTPUT, OutputTensor), DMLP_FIELD(SCALE_BIAS, ScaleBias))

DMLP_SUPPORT(1_0, 4, 4, (F32, F16))
DMLP_SUPPORT(3_0, 1, 8, (F32, F16))
DMLP_EXTENSION_TYPES((F64, BF16))

/* ONNX: 1 (legacy broadcast and axis), 7 (numpy broadcasting), 12 (the exponent may have
   another type: refused here unless it is the base's), 13 (+ bfloat16), 15 (+ bfloat16
   exponents). Integer bases are refused (docs/onnx.md). */
DMLP_ONNX(15, "float16, float, double, bfloat16", 0, 0, 0)
DMLP_ONNX(13, "float16, float, double, bfloat16", 0, 0, 0)
DMLP_ONNX(12, "float16, float, double", 0, 0, 0)
DMLP_ONNX(7, "float16, float, double", 0, 0, 0)
DMLP_ONNX(1, "float16, float, double", 0, 0, 0)

DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT16, f16_pow, 2, YES, YES)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT32, f32_pow, 4, YES, YES)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT64, f64_pow, 8, NO, NO)
DMLP_BINARY_KERNEL(DMLP_TENSOR_DATA_TYPE_BFLOAT16, bf16_pow, 2, YES, YES)

#ifndef DMLP_OPS_LIST
#include "kernels/reference_binary.h"
#include "kernels/scale_bias.h"
#include "numeric/cr_pow.h"

#define POW_OF(t, T)                                                                        \
    static T t##_pow(T x, T y, const dmlp__kernel_args *args)                               \
    {                                                                                       \
        return dmlp__pow_##t(args->scale_bias ? dmlp__scale_bias_##t(x, args) : x, y);      \
    }
POW_OF(f16, uint16_t)
POW_OF(bf16, uint16_t)
POW_OF(f32, uint32_t)
POW_OF(f64, uint64_t)
#undef POW_OF
BINARY_KERNEL_ARGS(f16, pow, uint16_t)
BINARY_KERNEL_ARGS(bf16, pow, uint16_t)
BINARY_KERNEL_ARGS(f32, pow, uint32_t)
BINARY_KERNEL_ARGS(f64, pow, uint64_t)
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
/* The relative error of pow_lanes64's results, binary64 patterns: as ConstantPow's
   (constant_pow.c), below 554 steps for |t| <= 104.5. */
#define POW_LANES_STEPS 1024

/* x^y = e^(y log|x|) for binary32 x and y as cr_pow.c's fast path, the sign of an odd
   integer y for x < 0 (y's kind from y + 1.5 2^52 for |y| < 2^24; from 2^24 every
   binary32 is an even integer); t > 89.5 gives +-inf, t < -104.5 a zero; x < 0 with a
   finite non-integer y the positive default NaN. Exact results of binary32 are decided,
   exact midpoints left open, subnormal results decided on their own grid. A zero,
   infinite or NaN x or y takes the reference (C99's special cases, and which NaN comes
   back). */
static ALWAYS_INLINE void exponent_kind64(F64 y, M64 *integer, M64 *odd)
{
    const double shifter = 0x1.8p52;
    M64 small = fgt64(fromf64(splat64f(0x1p24)), fromf64(fabs64(y)));
    F64 shifted = fadd64(tof64(sel64(small, fromf64(y), zero())), splat64f(shifter));
    *integer = feq64(fromf64(fsub64(shifted, splat64f(shifter))), fromf64(y)) |
               mandn(small, eq64(zero(), zero()));
    *odd = small & *integer & eq64(vand(fromf64(shifted), set64(1)), set64(1));
}

static ALWAYS_INLINE F64 pow_lanes64(F64 x, F64 y, M64 *open)
{
    F64 ax = fabs64(x), ay = fabs64(y), one = splat64f(1.0);
    M64 integer, odd;
    exponent_kind64(y, &integer, &odd);
    M64 negative = ltz64(fromf64(x));
    M64 numbers = within64(ax, 0x1p-149, 0x1.fffffep127) & within64(ay, 0x1p-149, 0x1.fffffep127);
    M64 nan = mandn(integer, negative & numbers);
    M64 taken = mandn(nan, numbers);
    ax = tof64(sel64(taken, fromf64(ax), fromf64(one)));
    F64 t = fmul64(y, log_core64(ax));
    F64 r = exp_core64(t);
    M64 inside = within64(t, -104.5, 89.5);
    M64 big = fgt64(fromf64(t), fromf64(splat64f(89.5)));
    V far = sel64(big, set64(0x7ff0000000000000u), zero());
    *open = (taken & inside & f32_open_or_subnormal64(r, POW_LANES_STEPS)) |
            mandn(numbers, eq64(zero(), zero()));
    V sign = sel64(negative & odd, set64(0x8000000000000000u), zero());
    V v = vor(sel64(inside, fromf64(r), far), sign);
    return tof64(sel64(nan, set64(0x7ff8000000000000u), v));
}

/* Pow's common block: pow_lanes64's cases by pow_lean64 (vector_crmath.inc, its bound),
   every lane a pair of nonzero finite numbers or x < 0 with a non-integer y. */
static ALWAYS_INLINE F64 pow_lean_half(F64 x, F64 y, M64 *out)
{
    M64 integer, odd;
    exponent_kind64(y, &integer, &odd);
    V sign = sel64(ltz64(fromf64(x)) & odd, set64(0x8000000000000000u), zero());
    return pow_lean64(x, y, integer, sign, within64(fabs64(y), 0x1p-149, 0x1.fffffep127), out);
}

static ALWAYS_INLINE int pow_lean_block(V a, V b, V *r)
{
    M64 out0, out1;
    F64 y0 = pow_lean_half(wide_lo(a), wide_lo(b), &out0);
    F64 y1 = pow_lean_half(wide_hi(a), wide_hi(b), &out1);
    return pow_lean_finish(out0, out1, y0, y1, r);
}

/* x^c with c a broadcast scalar finite and nonzero is ConstantPow with Exponent c: both
   references are dmlp__pow_f32 of the same bits (a ScaleBias moving the base alike), both
   kernels round the exact value once, so ConstantPow's kernel runs it, with its product
   forms for 2, 3, 4, 0.5, -1 and -2. */
void KNAME(f32_constant_pow, ISA)(UNARY_PARAMS);
static ALWAYS_INLINE int pow_constant_exponent(BINARY_PARAMS)
{
    if ((scalar & (DMLP__SCALAR_A | DMLP__SCALAR_B)) != DMLP__SCALAR_B)
        return 0;
    float c;
    memcpy(&c, b, sizeof c);
    if (!(c != 0 && fabsf(c) <= 0x1.fffffep127f))
        return 0;
    dmlp__kernel_args constant = *args;
    constant.param[0] = c;
    KNAME(f32_constant_pow, ISA)(n, a, out, &constant);
    return 1;
}

CR_F32_BINARY_KERNEL_LEAN_WITH(pow, pow_lean_block, pow_lanes64, pow_constant_exponent)

/* float16 and bfloat16: x^c and c^x by a table of c, packed pairs by the lean block's
   pow_lean_half rounded on the 16-bit grid (CR_PAIR16_KERNELS, vector_crmath.inc). */
CR_PAIR16_KERNELS(pow, pow_lean_half, DMLP__POW_LEAN_STEPS)
#endif

#undef OP
#undef OP_DESC
