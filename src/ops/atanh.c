/* ELEMENT_WISE_ATANH: the inverse hyperbolic tangent of x, the exact value rounded once to
   nearest-even in the type (src/numeric/cr_atanh.c; docs/operators.md, docs/accuracy.md):
   +-0 gives +-0, +-1 gives +-inf, |x| > 1 (+-inf too) the type's positive default quiet
   NaN, a NaN comes back quiet with its sign and payload; f64 within 0.5 ULP + 2^-98
   relative.
   With a ScaleBias, of x * Scale + Bias computed as Identity computes it. */
#include "ops/correctly_rounded.h"
#include "ops/op.h"

#define OP DML_OPERATOR_ELEMENT_WISE_ATANH
#define OP_DESC DML_ELEMENT_WISE_ATANH_OPERATOR_DESC

DMLP_OP(ELEMENT_WISE_ATANH, atanh, atanh, "Atanh", DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  atanh     ELEMENT_WISE_ATANH: the inverse hyperbolic tangent, correctly rounded;\n"
        "            +-inf at +-1, NaN beyond (of x * scale + bias with --scale and --bias)\n",
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
CR_FAST_KERNEL_ROWS(atanh)

#ifndef DMLP_OPS_LIST
#include "numeric/cr_atanh.h"

CR_MEMBERLESS_REFERENCE_KERNELS(atanh)
CR_REFERENCE_TABLES(atanh)
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
/* atanh as cr_atanh.c's fast path, a = |x|: log1p(2a / (1 - a)) / 2 up to a = 1/3 (the
   argument in [0, 1] within 2u, condition <= 1; log1p_unit64's 2^-45.8), then
   log((1 + a) / (1 - a)) / 2 (the argument >= 2 within 3u: 4.4u relative; log_core64's
   rounding of r, 1.01u absolute, 1.5u relative, and its 2^-50.9): below 2^-45.7 relative,
   decided with 512 steps. x itself below 2^-12 (a^2 / 3 < 2^-25.5: x is the rounding);
   +-1 gives +-inf, |x| > 1 the default NaN. */
static ALWAYS_INLINE F64 atanh_lanes64(F64 x, M64 *open)
{
    V sign = vand(fromf64(x), set64(0x8000000000000000u));
    F64 a = tof64(vxor(fromf64(x), sign)), one = splat64f(1.0);
    F64 d = fsub64(one, a);
    M64 small = fge64(fromf64(splat64f(1.0 / 3.0)), fromf64(a));
    F64 y = fmul64(log1p_or_log64(small, fdiv64(fadd64(a, a), d), fdiv64(fadd64(one, a), d)),
                   splat64f(0.5));
    M64 same = fgt64(fromf64(splat64f(0x1p-12)), fromf64(a));
    M64 pole = feq64(fromf64(a), fromf64(one));
    M64 outside = fgt64(fromf64(a), fromf64(one));
    M64 tested = mandn(same | pole | outside, not_nan64(a));
    *open = tested & f32_open64(y, 512);
    y = tof64(sel64(same, fromf64(a), fromf64(y)));
    y = tof64(sel64(pole, fromf64(splat64f(INFINITY)), fromf64(y)));
    y = tof64(vor(fromf64(y), sign));
    return tof64(sel64(outside, fromf64(splat64f(NAN)), fromf64(y)));
}

/* The lean block, every |x| < 1: the same arguments, one quotient a lane (its dividend
   picked per lane), by log1p_or_log_lean64 and halved, decided with DMLP__LOG_LEAN_STEPS
   (tools/gen_log_lean.py: 2^-43.89); x itself below 2^-12, +-1 gives +-inf and |x| > 1
   the default NaN, set here; a NaN takes the lanes. */
static ALWAYS_INLINE F64 atanh_lean64(F64 a)
{
    F64 one = splat64f(1.0);
    M64 small = fge64(fromf64(splat64f(1.0 / 3.0)), fromf64(a));
    F64 q = fdiv64(tof64(sel64(small, fromf64(fadd64(a, a)), fromf64(fadd64(one, a)))),
                   fsub64(one, a));
    return fmul64(log1p_or_log_lean64(small, q, q), splat64f(0.5));
}

static ALWAYS_INLINE int atanh_lean_block(V x, V *r)
{
    V a = vand(x, set32(0x7fffffff)), sign = vandn(set32(0x7fffffff), x);
    M32 pole = eq32(a, set32(0x3f800000)), outside = gt32(a, set32(0x3f800000));
    F64 y0 = atanh_lean64(wide_lo(a)), y1 = atanh_lean64(wide_hi(a));
    M32 same = gt32(set32(0x39800000), a); /* |x| < 2^-12 */
    V v = sel32(same, x, vor(narrow_f64(y0, y1), sign));
    v = sel32(pole, vor(set32(0x7f800000), sign), v);
    v = sel32(outside, set32(0x7fc00000), v);
    M32 nan = gt32(a, set32(0x7f800000));
    return lean_finish_set(nan, same | pole | outside, y0, y1, v, DMLP__LOG_LEAN_STEPS, r);
}

CR_FAST_KERNELS_LEAN(atanh, atanh_lean_block, atanh_lanes64)
#endif

#undef OP
#undef OP_DESC
