/* ELEMENT_WISE_ACOSH: the inverse hyperbolic cosine of x, the exact value rounded once to
   nearest-even in the type (src/numeric/cr_asinh.c; docs/operators.md, docs/accuracy.md): 1
   gives +0, +inf gives +inf, below 1 (-0 and -inf too) the type's positive default quiet
   NaN, a NaN comes back quiet with its sign and payload; f64 within 0.5 ULP + 2^-97
   relative.
   With a ScaleBias, of x * Scale + Bias computed as Identity computes it. */
#include "ops/correctly_rounded.h"
#include "ops/op.h"

#define OP DML_OPERATOR_ELEMENT_WISE_ACOSH
#define OP_DESC DML_ELEMENT_WISE_ACOSH_OPERATOR_DESC

DMLP_OP(ELEMENT_WISE_ACOSH, acosh, acosh, "Acosh", DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  acosh     ELEMENT_WISE_ACOSH: the inverse hyperbolic cosine, correctly rounded; NaN\n"
        "            below 1 (of x * scale + bias with --scale and --bias)\n",
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
CR_FAST_KERNEL_ROWS(acosh)

#ifndef DMLP_OPS_LIST
#include "numeric/cr_asinh.h"

CR_MEMBERLESS_REFERENCE_KERNELS(acosh)
CR_REFERENCE_TABLES(acosh)
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
/* acosh as cr_asinh.c's fast path: with d = x - 1 (exact up to x = 2), log1p(t),
   t = d + sqrt(d (2 + d)) up to x = 1.25 (t in [0, 1] within 3u, condition <= 1;
   log1p_unit64's 2^-45.8), then log(x + sqrt(x^2 - 1)) (the argument >= 2 within 3.9u:
   5.7u relative; log_core64's rounding of r, 1.5u relative, and its 2^-50.9): below
   2^-45.6 relative, decided with 512 steps. x^2 stays finite for every binary32. 1 gives
   +0 (log1p(0) is exactly 0, which the test decides); x < 1 (-inf included) the default
   NaN; +inf itself. */
static ALWAYS_INLINE F64 acosh_lanes64(F64 x, M64 *open)
{
    F64 one = splat64f(1.0);
    F64 d = fsub64(x, one);
    M64 small = fge64(fromf64(splat64f(1.25)), fromf64(x));
    F64 y = log1p_or_log64(small, fadd64(d, fsqrt64(fmul64(d, fadd64(d, splat64f(2.0))))),
                           fadd64(x, fsqrt64(fsub64(fmul64(x, x), one))));
    M64 outside = fgt64(fromf64(one), fromf64(x));
    M64 inf = feq64(fromf64(x), fromf64(splat64f(INFINITY)));
    M64 tested = mandn(outside | inf, not_nan64(x));
    *open = tested & f32_open64(y, 512);
    y = tof64(sel64(inf, fromf64(x), fromf64(y)));
    return tof64(sel64(outside, fromf64(splat64f(NAN)), fromf64(y)));
}

/* The lean block, every x in [1, +inf): the same arguments, one square root a lane (its
   operand picked per lane), by log1p_or_log_lean64, decided with DMLP__LOG_LEAN_STEPS
   (tools/gen_log_lean.py: 2^-43.89); 1 gives +0 (r = 0, k = 0). Below 1 the default NaN
   and +inf itself are set on the bits; a NaN takes the lanes. */
static ALWAYS_INLINE F64 acosh_lean64(F64 x)
{
    F64 one = splat64f(1.0);
    F64 d = fsub64(x, one);
    M64 small = fge64(fromf64(splat64f(1.25)), fromf64(x));
    F64 root = fsqrt64(tof64(sel64(small, fromf64(fmul64(d, fadd64(d, splat64f(2.0)))),
                                   fromf64(fsub64(fmul64(x, x), one)))));
    return log1p_or_log_lean64(small, fadd64(d, root), fadd64(x, root));
}

static ALWAYS_INLINE int acosh_lean_block(V x, V *r)
{
    M32 below = gt32(set32(0x3f800000), x); /* x < 1 (negative bits: negative integers) */
    M32 inf = eq32(x, set32(0x7f800000));
    F64 y0 = acosh_lean64(wide_lo(x)), y1 = acosh_lean64(wide_hi(x));
    V v = sel32(below, set32(0x7fc00000), sel32(inf, x, narrow_f64(y0, y1)));
    M32 nan = gt32(vand(x, set32(0x7fffffff)), set32(0x7f800000)); /* either sign */
    return lean_finish_set(nan, below | inf, y0, y1, v, DMLP__LOG_LEAN_STEPS, r);
}

CR_FAST_KERNELS_LEAN(acosh, acosh_lean_block, acosh_lanes64)
#endif

#undef OP
#undef OP_DESC
