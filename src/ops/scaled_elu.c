/* ACTIVATION_SCALED_ELU (ONNX's Selu): Gamma x if x > 0, else Gamma (Alpha e^x - Alpha)
   (docs/operators.md, docs/accuracy.md): the exact value at the float Alpha and Gamma
   rounded once to nearest even in the input's type (numeric/cr_elu.c): Gamma x is two
   floats' product rounded once (+inf past the type's largest), the other side Gamma
   Alpha (e^x - 1) rounded once. Zero takes the second branch: Alpha e^0 - Alpha is +0,
   so +-0 give Gamma * +0 (+0 for a positive Gamma); -inf gives -Gamma Alpha rounded once.
   A NaN comes back quiet with its sign and payload; a NaN the formula makes from numbers
   (a NaN Alpha or Gamma, 0 * inf) is the positive default NaN. f64 is within 1 ULP. */
#include "ops/correctly_rounded.h"
#include "ops/op.h"

#define OP DML_OPERATOR_ACTIVATION_SCALED_ELU
#define OP_DESC DML_ACTIVATION_SCALED_ELU_OPERATOR_DESC

DMLP_OP(ACTIVATION_SCALED_ELU, selu, selu, "Selu", DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  selu      ACTIVATION_SCALED_ELU: gamma * x if x > 0, else gamma * alpha *\n"
        "            (e^x - 1), correctly rounded (--alpha, default 1.67326319,\n"
        "            --gamma, default 1.05070102: ONNX's as float)\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(OUTPUT, OutputTensor),
        DMLP_FIELD_DEFAULT(FLOAT, Alpha, 1.67326319217681884765625f),
        DMLP_FIELD_DEFAULT(FLOAT, Gamma, 1.05070102214813232421875f))
DMLP_FUSABLE()

DMLP_SUPPORT(1_0, 4, 4, (F32, F16))
DMLP_SUPPORT(2_0, 4, 5, (F32, F16))
DMLP_SUPPORT(3_0, 1, 8, (F32, F16))
DMLP_EXTENSION_TYPES((F64, BF16))

/* Selu-6 and 22 (22 adds bfloat16). Selu-1 is not run: its defaults differ (1.6732 and
   1.0507) and ONNX's attribute defaults are one per operator here. */
DMLP_ONNX_FLOAT("alpha", Alpha, 1.67326319217681884765625f)
DMLP_ONNX_FLOAT("gamma", Gamma, 1.05070102214813232421875f)
DMLP_ONNX(22, "float16, float, double, bfloat16", 0, 0, 0)
DMLP_ONNX(6, "float16, float, double", 0, 0, 0)

CR_PARAM_KERNEL_ROWS(selu)

#ifndef DMLP_OPS_LIST
#include "kernels/reference.h"
#include "numeric/cr_elu.h"
#include "numeric/cr_round.h"
#include "numeric/fp_convert.h"

#define PARAMS (double)args->param[0], (double)args->param[1]
DMLP__REFERENCE_MAP(f32_selu, uint32_t, uint32_t,
                    (x & 0x7fffffffu) > 0x7f800000u
                        ? x | 0x00400000u
                        : dmlp__cr_selu_narrow(dmlp__f32_from_bits(x), PARAMS, DMLP__F32_FORMAT))
DMLP__REFERENCE_MAP(f16_selu, uint16_t, uint16_t,
                    (x & 0x7fffu) > 0x7c00u
                        ? x | 0x0200u
                        : dmlp__cr_selu_narrow(dmlp__f16_to_f32(x), PARAMS, DMLP__F16_FORMAT))
DMLP__REFERENCE_MAP(bf16_selu, uint16_t, uint16_t,
                    (x & 0x7fffu) > 0x7f80u
                        ? x | 0x0040u
                        : dmlp__cr_selu_narrow(dmlp__bf16_to_f32(x), PARAMS, DMLP__BF16_FORMAT))
DMLP__REFERENCE_MAP(f64_selu, uint64_t, uint64_t,
                    (x & 0x7fffffffffffffffu) > 0x7ff0000000000000u
                        ? x | 0x0008000000000000u
                        : dmlp__f64_bits(dmlp__selu_f64(dmlp__f64_from_bits(x), PARAMS)))
#undef PARAMS
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
/* Alpha and Gamma finite and nonzero (the rest: the reference for the whole call). c =
   Gamma Alpha is exact; the results at -inf (-c rounded), at x <= -104 (-c moved toward
   zero: they differ where -c is a binary32 midpoint) and at zero (Gamma * +0) are the
   reference's own. */
static int selu_setup(cr_params64 *c, const dmlp__kernel_args *args, dmlp__unary_kernel ref)
{
    double alpha = args->param[0], gamma = args->param[1];
    if (alpha == 0 || gamma == 0 || !isfinite(alpha) || !isfinite(gamma))
        return 0;
    c->v[0] = splat64f(gamma * alpha);
    c->v[1] = splat64f(gamma);
    c->v[2] = splat64f(ref_at(ref, args, -200.0f));
    c->v[3] = splat64f(ref_at(ref, args, -INFINITY));
    c->v[4] = splat64f(ref_at(ref, args, 0.0f));
    return 1;
}

/* Gamma x (exact in binary64, rounded once by the narrowing) for x > 0, Gamma Alpha (e^x
   - 1) for x < 0 (scaled_expm1_lanes64 and its bound). */
static ALWAYS_INLINE F64 selu_lanes64(F64 x, const cr_params64 *c, M64 *open)
{
    M64 neg = fgt64(zero(), fromf64(x));
    V y = fromf64(scaled_expm1_lanes64(x, c->v[0], c->v[2], neg, open));
    y = sel64(feq64(fromf64(x), fromf64(splat64f(-INFINITY))), fromf64(c->v[3]), y);
    y = sel64(fgt64(fromf64(x), zero()), fromf64(fmul64(c->v[1], x)), y);
    return tof64(sel64(feq64(fromf64(x), zero()), fromf64(c->v[4]), y));
}

/* SELU's common block, every |x| <= 87 and no result at or below 2^-126 in magnitude (a
   zero included): Gamma x (exact, rounded once by the narrowing) where x > 0, else
   Gamma Alpha (e^x - 1) by expm1_lean64 and one rounded product (c exact), decided with
   CR_EXPM1_LEAN_STEPS (an exact Gamma x near a midpoint at worst declines the block). */
static ALWAYS_INLINE F64 selu_lean64(F64 x, const cr_params64 *c)
{
    F64 neg = fmul64(c->v[0], expm1_lean64(x)), pos = fmul64(c->v[1], x);
    return tof64(sel64(fgt64(fromf64(x), zero()), fromf64(pos), fromf64(neg)));
}

static ALWAYS_INLINE int selu_lean_block(V x, const cr_params64 *c, V *r)
{
    M32 out = gt32(vand(x, set32(0x7fffffff)), set32(0x42ae0000)); /* |x| > 87, NaN */
    F64 y0 = selu_lean64(wide_lo(x), c), y1 = selu_lean64(wide_hi(x), c);
    V v = narrow_f64(y0, y1);
    return lean_normal_finish(out, y0, y1, v, CR_EXPM1_LEAN_STEPS, r);
}

CR_F32_PARAM_KERNEL_LEAN(selu, selu_lean_block, selu_lanes64, selu_setup)
#endif

#undef OP
#undef OP_DESC
