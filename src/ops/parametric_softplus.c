/* ACTIVATION_PARAMETRIC_SOFTPLUS: Alpha ln(1 + e^(Beta x)), the exact value at the float
   Alpha and Beta rounded once to nearest-even in the type (src/numeric/cr_softplus.c;
   docs/operators.md): Beta x and, where it matters, Alpha Beta x are exact products.
   +-0 give Alpha ln 2; with Beta > 0, +inf gives Alpha * inf and -inf Alpha * +0; a NaN
   comes back quiet with its sign and payload. IEEE 754's rules where the formula meets
   0, an infinity or NaN: Alpha 0 gives a zero of its sign, Beta x of 0 and an infinity
   or an infinite Alpha times +0 the positive default NaN. DirectML has no default for
   either member and ONNX no ParametricSoftplus (it was experimental, since removed), so
   both are required everywhere. f64: within 1 ULP. */
#include "ops/correctly_rounded.h"
#include "ops/op.h"

#define OP DML_OPERATOR_ACTIVATION_PARAMETRIC_SOFTPLUS
#define OP_DESC DML_ACTIVATION_PARAMETRIC_SOFTPLUS_OPERATOR_DESC

DMLP_OP(ACTIVATION_PARAMETRIC_SOFTPLUS, parametric_softplus, parametric_softplus, NULL,
        DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  parametric_softplus ACTIVATION_PARAMETRIC_SOFTPLUS: alpha * ln(1 + e^(beta * x)),\n"
        "            correctly rounded (--alpha and --beta required)\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(OUTPUT, OutputTensor),
        DMLP_FIELD(FLOAT, Alpha), DMLP_FIELD(FLOAT, Beta))
DMLP_FUSABLE()

DMLP_SUPPORT(1_0, 4, 4, (F32, F16))
DMLP_SUPPORT(2_0, 4, 5, (F32, F16))
DMLP_SUPPORT(3_0, 1, 8, (F32, F16))
DMLP_EXTENSION_TYPES((F64, BF16))

CR_PARAM_KERNEL_ROWS(parametric_softplus)

#ifndef DMLP_OPS_LIST
#include "numeric/cr_softplus.h"

static uint32_t parametric_softplus_narrow(double x, const dmlp__kernel_args *args, int frac,
                                           int exp)
{
    return dmlp__cr_parametric_softplus_narrow(x, args->param[0], args->param[1], frac, exp);
}

static double parametric_softplus_wide(double x, const dmlp__kernel_args *args)
{
    return dmlp__parametric_softplus_f64(x, args->param[0], args->param[1]);
}

CR_REFERENCE_KERNELS(parametric_softplus)
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
/* Beta in [2^-20, 2^20] and |Alpha| in [2^-20, 2^20] (the rest: the reference for the
   whole call), so that nothing below overflows and t <= -208 rounds to zero. Alpha Beta
   is exact (two binary32 significands), split into 24 and at most 25 bits so that its
   products with a binary32 x are exact too. */
static int parametric_softplus_setup(cr_params64 *c, const dmlp__kernel_args *args,
                                     dmlp__unary_kernel ref)
{
    (void)ref;
    double alpha = args->param[0], beta = args->param[1];
    double size = alpha < 0 ? -alpha : alpha;
    if (!(beta >= 0x1p-20 && beta <= 0x1p20 && size >= 0x1p-20 && size <= 0x1p20))
        return 0;
    double ab = alpha * beta, top = (double)(float)ab;
    c->v[0] = splat64f(beta);
    c->v[1] = splat64f(alpha);
    c->v[2] = splat64f(top);
    c->v[3] = splat64f(ab - top);
    c->v[4] = splat64f(alpha < 0 ? -0.0 : 0.0);
    c->v[5] = lean_range_bits(beta, 87.0);
    return 1;
}

/* softplus_lanes64's bound with two more roundings (Alpha L, then A.lo + Alpha L):
   below 2^-45.72, 155 steps needed. */
#define PARAMETRIC_SOFTPLUS_LANES_STEPS 512

/* Alpha ln(1 + e^t) = Alpha max(t, 0) + Alpha L, t = Beta x exact, L = log1p(e^-|t|) as
   in softplus_lanes64 (within 2^-45.8 + 1.1u), as cr_softplus.c's fast path: for t > 0,
   A = (Alpha Beta) x exactly as hi + lo (two exact products and Fast2Sum), then
   A.hi + (A.lo + Alpha L), both sums bounded by the result (A and Alpha L have one
   sign). t <= -208 (-inf included) gives a zero of Alpha's sign (|Alpha| e^t <
   2^-280); t >= 600 (+inf included) goes to the reference, and so do results next to a
   midpoint; subnormal results are decided on their own grid. */
static ALWAYS_INLINE F64 parametric_softplus_lanes64(F64 x, const cr_params64 *c, M64 *open)
{
    F64 t = fmul64(c->v[0], x);
    F64 e = exp_core64(tof64(vor(fromf64(fabs64(t)), set64(0x8000000000000000u)))); /* e^-|t| */
    F64 L = fmul64(c->v[1], log1p_unit64(e));
    F64 p1 = fmul64(c->v[2], x), p2 = fmul64(c->v[3], x); /* both exact */
    F64 ah = fadd64(p1, p2);
    F64 al = fsub64(p2, fsub64(ah, p1));
    M64 pos = fgt64(fromf64(t), zero());
    F64 y = tof64(sel64(pos, fromf64(fadd64(ah, fadd64(al, L))), fromf64(L)));
    M64 mid = fgt64(fromf64(t), fromf64(splat64f(-208.0))) &
              fgt64(fromf64(splat64f(600.0)), fromf64(t));
    M64 deep = fge64(fromf64(splat64f(-208.0)), fromf64(t));
    *open = (mid & f32_open_or_subnormal64(y, PARAMETRIC_SOFTPLUS_LANES_STEPS)) |
            mandn(mid | deep, not_nan64(x));
    return tof64(sel64(mid, fromf64(y), fromf64(c->v[4])));
}

/* The common block, every |x| <= X (|Beta x| <= 87 in binary64; NaN and infinities are
   beyond): Alpha (max(t, 0) + L), t = Beta x exact, L = log1p_lean64(e^-|t|) as
   Softplus's block has it; t + L (one sign, u) and the product by the exact member
   Alpha (u) are two roundings where Softplus's block has three: within
   SOFTPLUS_LEAN_STEPS. A result at or below 2^-126 in magnitude declines the block. */
static ALWAYS_INLINE F64 parametric_softplus_lean64(F64 x, const cr_params64 *c)
{
    F64 t = fmul64(c->v[0], x);
    F64 e = exp_lean64(tof64(vor(fromf64(t), set64(0x8000000000000000u)))); /* e^-|t| */
    F64 L = log1p_lean64(e);
    F64 sum = tof64(sel64(fgt64(fromf64(t), zero()), fromf64(fadd64(t, L)), fromf64(L)));
    return fmul64(c->v[1], sum);
}

static ALWAYS_INLINE int parametric_softplus_lean_block(V x, const cr_params64 *c, V *r)
{
    M32 out = gt32(vand(x, set32(0x7fffffff)), fromf64(c->v[5]));
    F64 y0 = parametric_softplus_lean64(wide_lo(x), c);
    F64 y1 = parametric_softplus_lean64(wide_hi(x), c);
    return lean_normal_finish(out, y0, y1, narrow_f64(y0, y1), SOFTPLUS_LEAN_STEPS, r);
}

CR_F32_PARAM_KERNEL_LEAN(parametric_softplus, parametric_softplus_lean_block,
                         parametric_softplus_lanes64, parametric_softplus_setup)
#endif

#undef OP
#undef OP_DESC
