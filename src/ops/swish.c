/* ACTIVATION_SWISH: x * sigmoid(SigmoidInputScale * x), the exact value of the whole
   rounded once to nearest-even in the type (src/numeric/cr_sigmoid.c; docs/operators.md).
   The products follow IEEE 754's special cases with sigmoid(+inf) = 1 and sigmoid(-inf) =
   +0: ±0 gives ±0, +inf gives +inf and -inf a NaN when the scale is above 0 (-inf * 0, as
   HardSwish), a scale of 0 with an infinite x a NaN (0 * inf); every NaN from numbers,
   and a NaN scale, is the type's positive default NaN, a NaN x comes back quiet with its
   sign and payload. f64: the scale times x taken exactly, within 0.5 ULP + 2^-92
   relative above 2^-969. ONNX has no Swish (its HardSwish is another operator). */
#include "ops/correctly_rounded.h"
#include "ops/op.h"

#define OP DML_OPERATOR_ACTIVATION_SWISH
#define OP_DESC DML_ACTIVATION_SWISH_OPERATOR_DESC

DMLP_OP(ACTIVATION_SWISH, swish, swish, NULL, DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  swish     ACTIVATION_SWISH: x * sigmoid(scale * x), correctly rounded\n"
        "            (--sigmoidinputscale, default 1)\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(OUTPUT, OutputTensor),
        DMLP_FIELD_DEFAULT(FLOAT, SigmoidInputScale, 1.0f))

DMLP_SUPPORT(6_2, 1, 8, (F32, F16))
DMLP_EXTENSION_TYPES((F64, BF16))

CR_PARAM_KERNEL_ROWS(swish)

#ifndef DMLP_OPS_LIST
#include "numeric/cr_sigmoid.h"

static uint32_t swish_narrow(double x, const dmlp__kernel_args *args, int frac, int exp)
{
    return dmlp__cr_swish_narrow(x, args->param[0], frac, exp);
}

static double swish_wide(double x, const dmlp__kernel_args *args)
{
    return dmlp__cr_swish_f64(x, args->param[0]);
}

CR_REFERENCE_KERNELS(swish)
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
/* The scale finite and nonzero (the rest: the reference for the whole call); v[1] holds,
   in every 32-bit lane, the bits of the largest binary32 X with |s| X <= 87 (the lean
   block's range), v[2] -s. */
static int swish_setup(cr_params64 *c, const dmlp__kernel_args *args, dmlp__unary_kernel ref)
{
    (void)ref;
    double s = args->param[0];
    if (s == 0 || !isfinite(s))
        return 0;
    c->v[0] = splat64f(s);
    c->v[1] = lean_range_bits(fabs(s), 87.0);
    c->v[2] = splat64f(-s);
    return 1;
}

/* Swish's common block, every |x| <= X (so |t| <= 87, t = s x exact): x / (1 + e) with
   e = e^-t from exp_lean64 (relative eps, DMLP__EXP_LEAN_STEPS' bound; e / (1 + e) < 1
   keeps the sum within eps + u) and the quotient rounded once: within eps + 2u, inside
   the same steps (2^-38.47 against the 32,768 steps' 2^-38, 2^-44.3 against 2,048's
   2^-42). A result below binary32's normal range (and a zero) declines
   the block: its binary32 rounding is on another grid. NaN and infinities are beyond X. */
static ALWAYS_INLINE int swish_lean_block(V x, const cr_params64 *c, V *r)
{
    M32 out = gt32(vand(x, set32(0x7fffffff)), fromf64(c->v[1]));
    F64 one = splat64f(1.0), x0 = wide_lo(x), x1 = wide_hi(x);
    F64 e0 = exp_lean64(fmul64(c->v[2], x0)), e1 = exp_lean64(fmul64(c->v[2], x1));
    F64 y0 = fdiv64(x0, fadd64(one, e0)), y1 = fdiv64(x1, fadd64(one, e1));
    V v = narrow_f64(y0, y1);
    return lean_normal_finish(out, y0, y1, v, DMLP__EXP_LEAN_STEPS, r);
}

/* x sigmoid(t), t = s x exact in binary64: for t in (-708, 40) and x nonzero, e = e^-t
   (exp_core64, 1.1 u), 1 / (1 + e) (3.1 u as vector_crmath.inc's sigmoid lanes), times x
   (one rounding): below 4.15 u, 9 steps needed, 12 tested. t >= 40 gives x (sigmoid is 1
   less below 2^-57), t <= -708 a zero of x's sign (x e^t < 2^-893), a NaN for an
   infinite x (inf * 0); a zero x gives itself. */
static ALWAYS_INLINE F64 swish_lanes64(F64 x, const cr_params64 *c, M64 *open)
{
    F64 one = splat64f(1.0);
    F64 t = fmul64(c->v[0], x);
    F64 e = exp_core64(fsub64(tof64(zero()), t));
    F64 y = fmul64(x, fdiv64(one, fadd64(one, e)));
    M64 mid = fgt64(fromf64(t), fromf64(splat64f(-708.0))) &
              fgt64(fromf64(splat64f(40.0)), fromf64(t));
    mid = mandn(feq64(fromf64(x), zero()), mid);
    *open = mid & (below_normal64(y) | f32_open64(y, 12));
    V mag = vand(fromf64(x), set64(0x7fffffffffffffffu));
    V r = vand(fromf64(x), set64(0x8000000000000000u)); /* a zero of x's sign */
    r = sel64(fge64(fromf64(t), fromf64(splat64f(40.0))), fromf64(x), r);
    r = sel64(mid, fromf64(y), r);
    M64 low = fge64(fromf64(splat64f(-708.0)), fromf64(t));
    r = sel64(low & eq64(mag, set64(0x7ff0000000000000u)), set64(0x7ff8000000000000u), r);
    return tof64(r);
}

CR_F32_PARAM_KERNEL_LEAN(swish, swish_lean_block, swish_lanes64, swish_setup)
#endif

#undef OP
#undef OP_DESC
