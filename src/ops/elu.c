/* ACTIVATION_ELU: x if x >= 0, else Alpha (e^x - 1) (docs/operators.md,
   docs/accuracy.md): the exact value at the float Alpha rounded once to nearest even in
   the input's type (numeric/cr_elu.c), never the formula step by step, so a tiny
   negative x gives Alpha x correctly rounded, subnormals included. The page's comparison
   decides: -0 >= 0 gives -0, +inf gives +inf, -inf gives -Alpha rounded once. A NaN comes
   back quiet with its sign and payload; a NaN Alpha makes every negative input the
   positive default NaN; Alpha = 0 gives a zero of the sign of -Alpha, an infinite Alpha
   the infinity of that sign. f64 is within 1 ULP. */
#include "ops/correctly_rounded.h"
#include "ops/op.h"

#define OP DML_OPERATOR_ACTIVATION_ELU
#define OP_DESC DML_ACTIVATION_ELU_OPERATOR_DESC

DMLP_OP(ACTIVATION_ELU, elu, elu, "Elu", DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  elu       ACTIVATION_ELU: x if x >= 0, else alpha * (e^x - 1), correctly rounded\n"
        "            (--alpha, default 1)\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(OUTPUT, OutputTensor),
        DMLP_FIELD_DEFAULT(FLOAT, Alpha, 1.0f))
DMLP_FUSABLE()

DMLP_SUPPORT(1_0, 4, 4, (F32, F16))
DMLP_SUPPORT(2_0, 4, 5, (F32, F16))
DMLP_SUPPORT(3_0, 1, 8, (F32, F16))
DMLP_EXTENSION_TYPES((F64, BF16))

/* Elu-1 differs from 6 by the legacy consumed_inputs attribute; 22 adds bfloat16. */
DMLP_ONNX_FLOAT("alpha", Alpha, 1.0f)
DMLP_ONNX(22, "float16, float, double, bfloat16", 0, 0, 0)
DMLP_ONNX(6, "float16, float, double", 0, 0, 0)
DMLP_ONNX(1, "float16, float, double", 0, 0, DMLP_ONNX_CONSUMED_INPUTS)

CR_PARAM_KERNEL_ROWS(elu)

#ifndef DMLP_OPS_LIST
#include "kernels/reference.h"
#include "numeric/cr_elu.h"
#include "numeric/cr_round.h"
#include "numeric/fp_convert.h"

#define ALPHA ((double)args->param[0])
DMLP__REFERENCE_MAP(f32_elu, uint32_t, uint32_t,
                    (x & 0x7fffffffu) > 0x7f800000u
                        ? x | 0x00400000u
                        : dmlp__cr_elu_narrow(dmlp__f32_from_bits(x), ALPHA, DMLP__F32_FORMAT))
DMLP__REFERENCE_MAP(f16_elu, uint16_t, uint16_t,
                    (x & 0x7fffu) > 0x7c00u
                        ? x | 0x0200u
                        : dmlp__cr_elu_narrow(dmlp__f16_to_f32(x), ALPHA, DMLP__F16_FORMAT))
DMLP__REFERENCE_MAP(bf16_elu, uint16_t, uint16_t,
                    (x & 0x7fffu) > 0x7f80u
                        ? x | 0x0040u
                        : dmlp__cr_elu_narrow(dmlp__bf16_to_f32(x), ALPHA, DMLP__BF16_FORMAT))
DMLP__REFERENCE_MAP(f64_elu, uint64_t, uint64_t,
                    (x & 0x7fffffffffffffffu) > 0x7ff0000000000000u
                        ? x | 0x0008000000000000u
                        : dmlp__f64_bits(dmlp__elu_f64(dmlp__f64_from_bits(x), ALPHA)))
#undef ALPHA
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
/* Alpha finite and nonzero (the rest: the reference for the whole call); x <= -104 gives
   the reference's own result there, -Alpha. */
static int elu_setup(cr_params64 *c, const dmlp__kernel_args *args, dmlp__unary_kernel ref)
{
    double alpha = args->param[0];
    if (alpha == 0 || !isfinite(alpha))
        return 0;
    c->v[0] = splat64f(alpha);
    c->v[1] = splat64f(ref_at(ref, args, -200.0f));
    return 1;
}

/* x where x >= 0 (-0 and +inf included), else Alpha (e^x - 1): vector_crmath_param.inc's
   scaled_expm1_lanes64 and its bound. */
static ALWAYS_INLINE F64 elu_lanes64(F64 x, const cr_params64 *c, M64 *open)
{
    M64 neg = fgt64(zero(), fromf64(x));
    F64 y = scaled_expm1_lanes64(x, c->v[0], c->v[1], neg, open);
    return tof64(sel64(neg, fromf64(y), fromf64(x)));
}

/* ELU's common block, every |x| <= 87 and no result at or below 2^-126 in magnitude (a
   zero included): x where x > 0, else Alpha (e^x - 1) by expm1_lean64 and one rounded
   product, decided with CR_EXPM1_LEAN_STEPS (the positive lanes' values are thrown
   away, their tests with them at worst declining the block). */
static ALWAYS_INLINE int elu_lean_block(V x, const cr_params64 *c, V *r)
{
    M32 out = gt32(vand(x, set32(0x7fffffff)), set32(0x42ae0000)); /* |x| > 87, NaN */
    F64 y0 = fmul64(c->v[0], expm1_lean64(wide_lo(x)));
    F64 y1 = fmul64(c->v[0], expm1_lean64(wide_hi(x)));
    V v = sel32(fgt32(zero(), x), narrow_f64(y0, y1), x);
    return lean_normal_finish(out, y0, y1, v, CR_EXPM1_LEAN_STEPS, r);
}

CR_F32_PARAM_KERNEL_LEAN(elu, elu_lean_block, elu_lanes64, elu_setup)
#endif

#undef OP
#undef OP_DESC
