/* ACTIVATION_CELU: max(0, x) + min(0, Alpha (e^(x / Alpha) - 1)) (docs/operators.md,
   docs/accuracy.md): the exact value at the float Alpha rounded once to nearest even in
   the input's type (numeric/cr_elu.c), x / Alpha carried exactly as a double-double.
   For every finite nonzero Alpha that is x for x > 0, +0 for +-0 and Alpha (e^(x/Alpha)
   - 1) for x < 0 (-inf: -Alpha rounded once, or -inf for a negative Alpha). A NaN comes
   back quiet with its sign and payload; an Alpha of 0, +-inf or NaN leaves x / Alpha or
   the product undefined for some x, and gives the positive default NaN for every other
   input. f64 is within 1 ULP. */
#include "ops/correctly_rounded.h"
#include "ops/op.h"

#define OP DML_OPERATOR_ACTIVATION_CELU
#define OP_DESC DML_ACTIVATION_CELU_OPERATOR_DESC

DMLP_OP(ACTIVATION_CELU, celu, celu, "Celu", DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  celu      ACTIVATION_CELU: max(0, x) + min(0, alpha * (e^(x / alpha) - 1)),\n"
        "            correctly rounded (--alpha, default 1)\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(OUTPUT, OutputTensor),
        DMLP_FIELD_DEFAULT(FLOAT, Alpha, 1.0f))
DMLP_FUSABLE()

DMLP_SUPPORT(3_0, 1, 8, (F32, F16))
DMLP_EXTENSION_TYPES((F64, BF16))

DMLP_ONNX_FLOAT("alpha", Alpha, 1.0f)
DMLP_ONNX(12, "float", 0, 0, 0)

CR_PARAM_KERNEL_ROWS(celu)

#ifndef DMLP_OPS_LIST
#include "kernels/reference.h"
#include "numeric/cr_elu.h"
#include "numeric/cr_round.h"
#include "numeric/fp_convert.h"

#define ALPHA ((double)args->param[0])
DMLP__REFERENCE_MAP(f32_celu, uint32_t, uint32_t,
                    (x & 0x7fffffffu) > 0x7f800000u
                        ? x | 0x00400000u
                        : dmlp__cr_celu_narrow(dmlp__f32_from_bits(x), ALPHA, DMLP__F32_FORMAT))
DMLP__REFERENCE_MAP(f16_celu, uint16_t, uint16_t,
                    (x & 0x7fffu) > 0x7c00u
                        ? x | 0x0200u
                        : dmlp__cr_celu_narrow(dmlp__f16_to_f32(x), ALPHA, DMLP__F16_FORMAT))
DMLP__REFERENCE_MAP(bf16_celu, uint16_t, uint16_t,
                    (x & 0x7fffu) > 0x7f80u
                        ? x | 0x0040u
                        : dmlp__cr_celu_narrow(dmlp__bf16_to_f32(x), ALPHA, DMLP__BF16_FORMAT))
DMLP__REFERENCE_MAP(f64_celu, uint64_t, uint64_t,
                    (x & 0x7fffffffffffffffu) > 0x7ff0000000000000u
                        ? x | 0x0008000000000000u
                        : dmlp__f64_bits(dmlp__celu_f64(dmlp__f64_from_bits(x), ALPHA)))
#undef ALPHA
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
/* Alpha finite and above 0 (the rest, a negative Alpha's e^(x / Alpha) growing past
   binary64 among them: the reference for the whole call). */
static int celu_setup(cr_params64 *c, const dmlp__kernel_args *args, dmlp__unary_kernel ref)
{
    (void)ref;
    double alpha = args->param[0];
    if (!(alpha > 0) || !isfinite(alpha))
        return 0;
    c->v[0] = splat64f(alpha);
    c->v[1] = splat64f(1.0 / alpha);
    c->v[2] = splat64f(-alpha); /* q <= -104: -Alpha (1 - e^q) rounds to -Alpha */
    c->v[3] = lean_range_bits(1.0 / alpha, 87.0); /* q = x (1/Alpha) within [-87, 87] */
    return 1;
}

/* x + 0 for x >= 0 (+0 for both zeros); for x < 0, q = x (1/Alpha) (two roundings, in the
   bound of scaled_expm1_lanes64): x itself where |q| < 2^-25 (Alpha (e^q - 1) lies within
   2^-25.9 |x| of x, as cr_elu.c shows), else Alpha (e^q - 1). */
static ALWAYS_INLINE F64 celu_lanes64(F64 x, const cr_params64 *c, M64 *open)
{
    M64 neg = fgt64(zero(), fromf64(x));
    F64 q = fmul64(x, c->v[1]);
    V mag = vand(fromf64(q), set64(0x7fffffffffffffffu));
    M64 tiny = fgt64(fromf64(splat64f(0x1p-25)), mag);
    V y = fromf64(scaled_expm1_lanes64(q, c->v[0], c->v[2], mandn(tiny, neg), open));
    y = sel64(tiny, fromf64(x), y);
    return tof64(sel64(neg, y, fromf64(fadd64(x, tof64(zero())))));
}

/* CELU's common block, every |x| <= X (so |q| <= 87) and no result at or below 2^-126 in
   magnitude (a zero included): x where x > 0, else Alpha (e^q - 1) by expm1_lean64, q = x
   (1/Alpha) with its two roundings (e^q - 1 magnifies q's relative error by at most 1:
   2u more, inside CR_EXPM1_LEAN_STEPS); a tiny q needs no case of its own: the value
   lies within 2^-25 |x| of x, far from any midpoint, and rounds to x. */
static ALWAYS_INLINE int celu_lean_block(V x, const cr_params64 *c, V *r)
{
    M32 out = gt32(vand(x, set32(0x7fffffff)), fromf64(c->v[3])); /* |x| > X, NaN */
    F64 y0 = fmul64(c->v[0], expm1_lean64(fmul64(wide_lo(x), c->v[1])));
    F64 y1 = fmul64(c->v[0], expm1_lean64(fmul64(wide_hi(x), c->v[1])));
    V v = sel32(fgt32(zero(), x), narrow_f64(y0, y1), x);
    return lean_normal_finish(out, y0, y1, v, CR_EXPM1_LEAN_STEPS, r);
}

CR_F32_PARAM_KERNEL_LEAN(celu, celu_lean_block, celu_lanes64, celu_setup)
#endif

#undef OP
#undef OP_DESC
