/* ACTIVATION_SCALED_TANH: Alpha * tanh(Beta * x), the exact value of the whole rounded
   once to nearest-even in the type (src/numeric/cr_tanh.c; docs/operators.md). The
   products follow IEEE 754's special cases with tanh(±inf) = ±1 and tanh(±0) = ±0: Beta
   * x of an infinity and 0, or an infinite Alpha times tanh(±0), gives the type's
   positive default NaN, as does a NaN Alpha or Beta; a NaN x comes back quiet with its
   sign and payload. f64: Beta * x taken exactly, within 0.5 ULP + 2^-90 relative. */
#include "ops/correctly_rounded.h"
#include "ops/op.h"

#define OP DML_OPERATOR_ACTIVATION_SCALED_TANH
#define OP_DESC DML_ACTIVATION_SCALED_TANH_OPERATOR_DESC

/* ONNX had ScaledTanh only as an experimental operator of opset 1, since removed. */
DMLP_OP(ACTIVATION_SCALED_TANH, scaled_tanh, scaled_tanh, NULL, DMLP_SAME_TYPE,
        DMLP_IN_PLACE,
        "  scaled_tanh ACTIVATION_SCALED_TANH: alpha * tanh(beta * x), correctly rounded\n"
        "            (--alpha, default 1; --beta, default 0.5)\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(OUTPUT, OutputTensor),
        DMLP_FIELD_DEFAULT(FLOAT, Alpha, 1.0f), DMLP_FIELD_DEFAULT(FLOAT, Beta, 0.5f))
DMLP_FUSABLE()

DMLP_SUPPORT(1_0, 4, 4, (F32, F16))
DMLP_SUPPORT(2_0, 4, 5, (F32, F16))
DMLP_SUPPORT(3_0, 1, 8, (F32, F16))
DMLP_EXTENSION_TYPES((F64, BF16))

CR_PARAM_KERNEL_ROWS(scaled_tanh)

#ifndef DMLP_OPS_LIST
#include "numeric/cr_tanh.h"

static uint32_t scaled_tanh_narrow(double x, const dmlp__kernel_args *args, int frac, int exp)
{
    return dmlp__cr_scaled_tanh_narrow(x, args->param[0], args->param[1], frac, exp);
}

static double scaled_tanh_wide(double x, const dmlp__kernel_args *args)
{
    return dmlp__cr_scaled_tanh_f64(x, args->param[0], args->param[1]);
}

CR_REFERENCE_KERNELS(scaled_tanh)
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
/* Alpha and Beta finite and nonzero (the rest: the reference for the whole call). */
static int scaled_tanh_setup(cr_params64 *c, const dmlp__kernel_args *args,
                             dmlp__unary_kernel ref)
{
    (void)ref;
    double alpha = args->param[0], beta = args->param[1];
    if (alpha == 0 || beta == 0 || !isfinite(alpha) || !isfinite(beta))
        return 0;
    c->v[0] = splat64f(alpha);
    c->v[1] = splat64f(beta);
    c->v[2] = lean_range_bits(fabs(beta), 43.5); /* the lean block's range */
    return 1;
}

/* Alpha tanh(t), t = Beta x exact in binary64, a = |t|: for a <= 2^-5 the odd series to
   t^13 (1.01 u, as vector_crmath.inc's tanh lanes: used down to the least t, 2^-298,
   whose cube is still normal; tanh(t) rounding to t is no help once Alpha multiplies
   it), above (1 - e) / (1 + e) with e = e^-2a (21.5 u), times Alpha (one rounding):
   2.01 u (8 steps) and 22.5 u (45 steps needed, 48 tested). a >= 20 gives +-Alpha
   exactly (tanh is 1 less below 2^-56: Alpha, a binary32, is the rounding), t = +-0
   Alpha * t. */
static ALWAYS_INLINE F64 scaled_tanh_lanes64(F64 x, const cr_params64 *c, M64 *open)
{
    F64 t = fmul64(c->v[1], x), one = splat64f(1.0);
    V sign = vand(fromf64(t), set64(0x8000000000000000u));
    F64 a = tof64(vxor(fromf64(t), sign));
    F64 e = exp_core64(fmul64(a, splat64f(-2.0)));
    F64 big_form = fdiv64(fsub64(one, e), fadd64(one, e));
    F64 a2 = fmul64(a, a);
    F64 q = EXP_FMA64(a2, splat64f(21844.0 / 6081075.0), splat64f(-1382.0 / 155925.0));
    q = EXP_FMA64(q, a2, splat64f(62.0 / 2835.0));
    q = EXP_FMA64(q, a2, splat64f(-17.0 / 315.0));
    q = EXP_FMA64(q, a2, splat64f(2.0 / 15.0));
    q = EXP_FMA64(q, a2, splat64f(-1.0 / 3.0));
    F64 small_form = EXP_FMA64(fmul64(a2, a), q, a);
    M64 small = fge64(fromf64(splat64f(0x1p-5)), fromf64(a));
    M64 big = fge64(fromf64(a), fromf64(splat64f(20.0)));
    V th = sel64(small, fromf64(small_form), fromf64(big_form));
    th = vor(sel64(big, fromf64(one), th), sign);
    F64 y = fmul64(c->v[0], tof64(th));
    M64 tested = mandn(big | feq64(fromf64(a), zero()), not_nan64(a));
    M64 wide = (small & f32_open64(y, 8)) | mandn(small, f32_open64(y, 48));
    *open = tested & (below_normal64(y) | wide);
    return y;
}

/* ScaledTanh's common block, every |x| <= X (so |t| <= 43.5): Alpha tanh(t) with
   tanh_lean64's 2^-39.5 and Alpha's product (u), inside CR_EXPM1_LEAN_STEPS; however small
   t is (2^-298 at least), -2|t| stays a normal double and the quotient relatively
   accurate. Results at or below 2^-126 decline the block (lean_normal_finish). */
static ALWAYS_INLINE F64 scaled_tanh_lean64(F64 x, const cr_params64 *c)
{
    F64 t = fmul64(c->v[1], x);
    V sign = vand(fromf64(t), set64(0x8000000000000000u));
    F64 th = tanh_lean64(tof64(vxor(fromf64(t), sign)));
    return fmul64(c->v[0], tof64(vor(fromf64(th), sign)));
}

static ALWAYS_INLINE int scaled_tanh_lean_block(V x, const cr_params64 *c, V *r)
{
    M32 out = gt32(vand(x, set32(0x7fffffff)), fromf64(c->v[2])); /* |x| > X, NaN */
    F64 y0 = scaled_tanh_lean64(wide_lo(x), c), y1 = scaled_tanh_lean64(wide_hi(x), c);
    return lean_normal_finish(out, y0, y1, narrow_f64(y0, y1), CR_EXPM1_LEAN_STEPS, r);
}

CR_F32_PARAM_KERNEL_LEAN(scaled_tanh, scaled_tanh_lean_block, scaled_tanh_lanes64,
                         scaled_tanh_setup)
#endif

#undef OP
#undef OP_DESC
