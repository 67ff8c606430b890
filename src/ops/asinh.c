/* ELEMENT_WISE_ASINH: the inverse hyperbolic sine of x, the exact value rounded once to
   nearest-even in the type (src/numeric/cr_asinh.c; docs/operators.md, docs/accuracy.md):
   +-0 gives +-0, +-inf gives +-inf, a NaN comes back quiet with its sign and payload; f64
   within 0.5 ULP + 2^-96 relative.
   With a ScaleBias, of x * Scale + Bias computed as Identity computes it. */
#include "ops/correctly_rounded.h"
#include "ops/op.h"

#define OP DML_OPERATOR_ELEMENT_WISE_ASINH
#define OP_DESC DML_ELEMENT_WISE_ASINH_OPERATOR_DESC

DMLP_OP(ELEMENT_WISE_ASINH, asinh, asinh, "Asinh", DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  asinh     ELEMENT_WISE_ASINH: the inverse hyperbolic sine, correctly rounded (of x *\n"
        "            scale + bias with --scale and --bias)\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(OUTPUT, OutputTensor),
        DMLP_FIELD(SCALE_BIAS, ScaleBias))

DMLP_SUPPORT(2_0, 4, 4, (F32, F16))
DMLP_SUPPORT(3_0, 1, 8, (F32, F16))
DMLP_EXTENSION_TYPES((F64, BF16))

/* Opset 22 adds bfloat16 to 9's types; the function is the same. */
DMLP_ONNX(22, "float16, float, double, bfloat16", 0, 0, 0)
DMLP_ONNX(9, "float16, float, double", 0, 0, 0)

/* f16 and bf16 look their results up in the reference's own table, built once; f32 has
   a fast kernel (below: log1p_unit64 and log_core64 of kernels/vector_crmath.inc on f64
   lanes, results decided or left to the reference); f64 runs the reference. */
CR_FAST_KERNEL_ROWS(asinh)

#ifndef DMLP_OPS_LIST
#include "numeric/cr_asinh.h"

CR_MEMBERLESS_REFERENCE_KERNELS(asinh)
CR_REFERENCE_TABLES(asinh)
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
/* asinh as cr_asinh.c's fast path, a = |x|: log1p(t), t = a + a^2 / (1 + sqrt(1 + a^2))
   up to a = 0.75 (t in [0, 1] within 6u, condition <= 1; log1p_unit64's 2^-45.8), then
   log(a + sqrt(a^2 + 1)) (the argument >= 2 within 3u: 4.4u relative; log_core64's
   rounding of r, 1.5u relative, and its 2^-50.9): below 2^-45.6 relative, decided with
   512 steps. a^2 stays finite for every binary32. x itself below 2^-12 (a^2 / 6 <
   2^-26); +-inf gives itself. */
static ALWAYS_INLINE F64 asinh_lanes64(F64 x, M64 *open)
{
    V sign = vand(fromf64(x), set64(0x8000000000000000u));
    F64 a = tof64(vxor(fromf64(x), sign)), one = splat64f(1.0);
    F64 a2 = fmul64(a, a);
    F64 root = fsqrt64(fadd64(one, a2));
    M64 small = fge64(fromf64(splat64f(0.75)), fromf64(a));
    F64 y = log1p_or_log64(small, fadd64(a, fdiv64(a2, fadd64(one, root))), fadd64(a, root));
    M64 same = fgt64(fromf64(splat64f(0x1p-12)), fromf64(a)) |
               feq64(fromf64(a), fromf64(splat64f(INFINITY)));
    M64 tested = mandn(same, not_nan64(a));
    *open = tested & f32_open64(y, 512);
    y = tof64(sel64(same, fromf64(a), fromf64(y)));
    return tof64(vor(fromf64(y), sign));
}

/* The lean block, every finite x: the same arguments by log1p_or_log_lean64 (one square
   root and one quotient a lane), decided with DMLP__LOG_LEAN_STEPS (tools/gen_log_lean.py:
   2^-43.88); x itself below 2^-12, set here. */
static ALWAYS_INLINE F64 asinh_lean64(F64 a)
{
    F64 one = splat64f(1.0);
    F64 a2 = fmul64(a, a);
    F64 root = fsqrt64(fadd64(one, a2));
    M64 small = fge64(fromf64(splat64f(0.75)), fromf64(a));
    return log1p_or_log_lean64(small, fadd64(a, fdiv64(a2, fadd64(one, root))), fadd64(a, root));
}

static ALWAYS_INLINE int asinh_lean_block(V x, V *r)
{
    V a = vand(x, set32(0x7fffffff));
    M32 out = gt32(a, set32(0x7f7fffff)); /* infinities, NaN */
    F64 y0 = asinh_lean64(wide_lo(a)), y1 = asinh_lean64(wide_hi(a));
    M32 same = gt32(set32(0x39800000), a); /* |x| < 2^-12 */
    V v = sel32(same, x, vor(narrow_f64(y0, y1), vandn(set32(0x7fffffff), x)));
    return lean_finish_set(out, same, y0, y1, v, DMLP__LOG_LEAN_STEPS, r);
}

CR_FAST_KERNELS_LEAN(asinh, asinh_lean_block, asinh_lanes64)
#endif

#undef OP
#undef OP_DESC
