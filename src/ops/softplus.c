/* ACTIVATION_SOFTPLUS: ln(1 + e^(Steepness x)) / Steepness, the exact value at the float
   Steepness rounded once to nearest-even in the type (src/numeric/cr_softplus.c;
   docs/operators.md): Steepness x is an exact product, never a rounded one, and where it
   is large the result is x itself. +-0 give ln 2 / Steepness; +inf gives +inf and -inf
   +0 (a positive Steepness); a NaN comes back quiet with its sign and payload. DirectML's
   page says Steepness "cannot be less than 1" but sets no error for it: every value is
   taken, by the formula (IEEE 754's rules where it meets 0, an infinity or NaN:
   Steepness 0 gives +-inf, 0 * inf and inf / inf the positive default NaN). f64: within
   1 ULP. float32 has a fast kernel for Steepness in [2^-20, 2^20] (below). */
#include "ops/correctly_rounded.h"
#include "ops/op.h"

#define OP DML_OPERATOR_ACTIVATION_SOFTPLUS
#define OP_DESC DML_ACTIVATION_SOFTPLUS_OPERATOR_DESC

DMLP_OP(ACTIVATION_SOFTPLUS, softplus, softplus, "Softplus", DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  softplus  ACTIVATION_SOFTPLUS: ln(1 + e^(steepness * x)) / steepness, correctly\n"
        "            rounded (--steepness, default 1)\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(OUTPUT, OutputTensor),
        DMLP_FIELD_DEFAULT(FLOAT, Steepness, 1.0f))
DMLP_FUSABLE()

DMLP_SUPPORT(1_0, 4, 4, (F32, F16))
DMLP_SUPPORT(2_0, 4, 5, (F32, F16))
DMLP_SUPPORT(3_0, 1, 8, (F32, F16))
DMLP_EXTENSION_TYPES((F64, BF16))

/* ONNX's Softplus has no attributes: Steepness 1. 22 adds bfloat16. */
DMLP_ONNX_FLOAT(NULL, Steepness, 1.0f)
DMLP_ONNX(22, "float16, float, double, bfloat16", 0, 0, 0)
DMLP_ONNX(1, "float16, float, double", 0, 0, 0)

CR_PARAM_KERNEL_ROWS(softplus)

#ifndef DMLP_OPS_LIST
#include "numeric/cr_softplus.h"

static uint32_t softplus_narrow(double x, const dmlp__kernel_args *args, int frac, int exp)
{
    return dmlp__cr_softplus_narrow(x, args->param[0], frac, exp);
}

static double softplus_wide(double x, const dmlp__kernel_args *args)
{
    return dmlp__softplus_f64(x, args->param[0]);
}

CR_REFERENCE_KERNELS(softplus)
#endif

#undef OP
#undef OP_DESC
#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
/* Steepness s in [2^-20, 2^20] (the rest: the reference for the whole call): then every
   decided result below lies in binary32's normal range. */
static int softplus_setup(cr_params64 *c, const dmlp__kernel_args *args, dmlp__unary_kernel ref)
{
    (void)ref;
    double s = args->param[0];
    if (!(s >= 0x1p-20 && s <= 0x1p20))
        return 0;
    c->v[0] = splat64f(s);
    c->v[1] = lean_range_bits(s, 87.0);
    c->v[2] = splat64f(1 / s);
    return 1;
}

/* The relative error bound of softplus_lanes64's results (u = 2^-53), in binary64
   patterns: below 2^-45.75, 305 steps needed. */
#define SOFTPLUS_LANES_STEPS 512

/* ln(1 + e^t) / s = max(t, 0) / s + L / s, t = s x exact in binary64 (48 bits), L =
   log1p(E), E = e^-|t| (exp_core64: 1.1 u), by log1p_unit64 (2^-45.8 relative, E <= 1);
   E's error moves L by at most 1.1 u of L: L within 2^-45.8 + 1.1 u. L / s rounds once
   (u); for t > 0 the result x + L / s, two terms of one sign, rounds once (u): below
   2^-45.75 relative. t >= 40 gives x (L / s < e^-40 / s, far below half an ulp of
   x = t / s), t <= -208 gives +0 (the reference's: below 2^-280); results below
   binary32's normal range (t below about -87) go to the reference. */
static ALWAYS_INLINE F64 softplus_lanes64(F64 x, const cr_params64 *c, M64 *open)
{
    F64 t = fmul64(c->v[0], x);
    V mag = vand(fromf64(t), set64(0x7fffffffffffffffu));
    F64 e = exp_core64(tof64(vor(mag, set64(0x8000000000000000u)))); /* e^-|t| */
    F64 L = log1p_unit64(e);
    F64 q = fdiv64(L, c->v[0]);
    M64 pos = fgt64(fromf64(t), zero());
    F64 y = tof64(sel64(pos, fromf64(fadd64(x, q)), fromf64(q)));
    M64 mid = fgt64(fromf64(t), fromf64(splat64f(-208.0))) &
              fgt64(fromf64(splat64f(40.0)), fromf64(t));
    *open = mid & (below_normal64(y) | f32_open64(y, SOFTPLUS_LANES_STEPS));
    V r = sel64(fge64(fromf64(t), fromf64(splat64f(40.0))), fromf64(x), zero());
    return tof64(sel64(mid, fromf64(y), r));
}

/* Softplus's common block, every |x| <= X (|s x| <= 87 in binary64; NaN and infinities
   are beyond): max(t, 0) / s + L / s with L = log1p_lean64(E), E = e^-|t| by exp_lean64;
   L (1 / s) with 1 / s rounded (2u) and x + L / s (one sign, u): SOFTPLUS_LEAN_STEPS. A
   result at or below 2^-126 declines the block. */
static ALWAYS_INLINE F64 softplus_lean64(F64 x, const cr_params64 *c)
{
    F64 t = fmul64(c->v[0], x);
    F64 e = exp_lean64(tof64(vor(fromf64(t), set64(0x8000000000000000u)))); /* e^-|t| */
    F64 L = log1p_lean64(e);
    F64 q = fmul64(L, c->v[2]);
    return tof64(sel64(fgt64(fromf64(t), zero()), fromf64(fadd64(x, q)), fromf64(q)));
}

static ALWAYS_INLINE int softplus_lean_block(V x, const cr_params64 *c, V *r)
{
    M32 out = gt32(vand(x, set32(0x7fffffff)), fromf64(c->v[1]));
    F64 y0 = softplus_lean64(wide_lo(x), c), y1 = softplus_lean64(wide_hi(x), c);
    return lean_normal_finish(out, y0, y1, narrow_f64(y0, y1), SOFTPLUS_LEAN_STEPS, r);
}

CR_F32_PARAM_KERNEL_LEAN(softplus, softplus_lean_block, softplus_lanes64, softplus_setup)
#endif

#undef OP
#undef OP_DESC
