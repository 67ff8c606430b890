/* ELEMENT_WISE_ERF: the error function erf(x) = 2/sqrt(pi) * integral of exp(-t^2) from 0
   to x (docs/operators.md). f32, f16 and bf16: the exact value rounded once to nearest
   even in the type (src/numeric/cr_erf.c), for every input: +-0 gives +-0, +-inf gives
   +-1, a NaN comes back quiet with its sign and payload, a subnormal x gives erf's
   correctly rounded value (about 1.128 x). f64: the double-double value rounded to
   nearest, within 0.5 ulp + 2^-93 relative. With a ScaleBias, of x * Scale + Bias
   computed as Identity computes it. */
#include "ops/op.h"

#define OP DML_OPERATOR_ELEMENT_WISE_ERF
#define OP_DESC DML_ELEMENT_WISE_ERF_OPERATOR_DESC

DMLP_OP(ELEMENT_WISE_ERF, erf, erf, "Erf", DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  erf       ELEMENT_WISE_ERF: the error function, correctly rounded (of x * scale +\n"
        "            bias with --scale and --bias)\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(OUTPUT, OutputTensor),
        DMLP_FIELD(SCALE_BIAS, ScaleBias))

DMLP_SUPPORT(2_0, 4, 4, (F32, F16))
DMLP_SUPPORT(3_0, 1, 8, (F32, F16))
DMLP_EXTENSION_TYPES((F64, BF16))

/* ONNX's Erf also takes integer types; DirectML's ERF runs floats only. */
DMLP_ONNX(13, "float16, float, double, bfloat16", 0, 0, 0)
DMLP_ONNX(9, "float16, float, double", 0, 0, 0)

/* f16 and bf16 look their results up in the reference's own table
   (kernels/reference_table16.h); f32 has a kernel on f64 lanes (below), f64 runs the
   reference. */
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT16, f16_erf, 2, 2, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT32, f32_erf, 4, 4, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT64, f64_erf, 8, 8, NO, NO)
DMLP_KERNEL(DMLP_TENSOR_DATA_TYPE_BFLOAT16, bf16_erf, 2, 2, YES, YES)

#ifndef DMLP_OPS_LIST
#include "kernels/reference.h"
#include "kernels/reference_table16.h"
#include "kernels/scale_bias.h"
#include "numeric/cr_erf.h"
#include "numeric/cr_round.h"
#include "numeric/fp_convert.h"

static uint32_t erf_f32_bits(uint32_t x)
{
    return dmlp__cr_erf(dmlp__f32_from_bits(x), DMLP__F32_FORMAT);
}

static uint16_t erf_f16_bits(uint16_t x)
{
    return (uint16_t)dmlp__cr_erf(dmlp__f16_to_f32(x), DMLP__F16_FORMAT);
}

static uint16_t erf_bf16_bits(uint16_t x)
{
    return (uint16_t)dmlp__cr_erf(dmlp__bf16_to_f32(x), DMLP__BF16_FORMAT);
}

static uint64_t erf_f64_bits(uint64_t x)
{
    return dmlp__f64_bits(dmlp__cr_erf_f64(dmlp__f64_from_bits(x)));
}

#define ERF_REFERENCE(t, T)                                                                 \
    DMLP__REFERENCE_MAP(t##_erf, T, T,                                                      \
                        erf_##t##_bits(args->scale_bias ? dmlp__scale_bias_##t(x, args) : x))
ERF_REFERENCE(f16, uint16_t)
ERF_REFERENCE(bf16, uint16_t)
ERF_REFERENCE(f32, uint32_t)
ERF_REFERENCE(f64, uint64_t)
#undef ERF_REFERENCE
DMLP__REFERENCE_TABLE16(f16_erf)
DMLP__REFERENCE_TABLE16(bf16_erf)
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
TABLE16_KERNEL(f16, erf)
TABLE16_KERNEL(bf16, erf)

/* erf z, z = |x| < 4, from the polynomials of tools/gen_erf_lanes_tables.py (coeff, of
   `terms` terms): z P(z^2) (erf's series) below 1/2, 1 - e^(-z^2) g(z) above (e^-w from
   exp_lean64 where `lean`, else exp_core64; z^2 exact), x's sign, decided with `steps`.
   |x| >= 4 (infinities included) gives +-1 (erfc(4) < 2^-25.9), +-0 gives itself;
   subnormal results (x below about 2^-126) are decided on their own grid. */
static ALWAYS_INLINE F64 erf_form64(F64 x, M64 *open, const double (*coeff)[16], int terms,
                                    int lean, uint64_t steps)
{
    const V sign_bit = set64(0x8000000000000000u);
    V sign = vand(fromf64(x), sign_bit);
    F64 z = fabs64(x), one = splat64f(1.0);
    M64 near = fgt64(fromf64(splat64f(4.0)), fromf64(z)); /* false for NaN */
    z = tof64(sel64(near, fromf64(z), zero()));           /* the lookups stay in the table */
    V k = interval64(fadd64(z, one), 0x3ff0000000000000u >> 50);
    M64 series = gt64(set64(DMLP__ERF_LANES_SERIES), k);
    F64 w = fmul64(z, z);
    F64 centred = fsub64(z, lookup16_64(dmlp__erf_lanes_centre, k));
    F64 p = interval_poly_of64(coeff, terms, k, tof64(sel64(series, fromf64(w), fromf64(centred))));
    F64 minus_w = tof64(vxor(fromf64(w), sign_bit));
    F64 e = lean ? exp_lean64(minus_w) : exp_core64(minus_w);
    F64 above = EXP_FMA64(tof64(vxor(fromf64(e), sign_bit)), p, one);
    F64 y = tof64(sel64(series, fromf64(fmul64(z, p)), fromf64(above)));
    y = tof64(sel64(near, fromf64(y), fromf64(one)));
    M64 tested = mandn(feq64(fromf64(x), zero()), near);
    *open = tested & f32_open_or_subnormal64(y, steps);
    return tof64(vor(fromf64(y), sign));
}

/* The lanes: degree 13 and exp_core64, within 2^-47.8 (DMLP__ERF_LANES_STEPS). */
static ALWAYS_INLINE F64 erf_lanes64(F64 x, M64 *open)
{
    return erf_form64(x, open, dmlp__erf_lanes_coeff, DMLP__ERF_LANES_TERMS, 0,
                      DMLP__ERF_LANES_STEPS);
}

/* Erf's common block, every x finite: the series and g of degree 10
   (DMLP__ERF_LEAN_TERMS, the same intervals) and exp_lean64 (w < 16): within 2^-38.47
   with exp's 16 pieces, 2^-41.82 with 64 (tools/gen_erf_lanes_tables.py proves both
   against the steps tested). */
static ALWAYS_INLINE F64 erf_lean64(F64 x, M64 *open)
{
    return erf_form64(x, open, dmlp__erf_lean_coeff, DMLP__ERF_LEAN_TERMS, 1,
                      EXP_PIECES(DMLP__ERF_LEAN_STEPS16, DMLP__ERF_LEAN_STEPS64));
}

static ALWAYS_INLINE int erf_lean_block(V x, V *r)
{
    M32 out = gt32(vand(x, set32(0x7fffffff)), set32(0x7f7fffff)); /* infinities, NaN */
    return lean_lanes_block(x, out, erf_lean64, r);
}

CR_F32_KERNEL_LEAN(erf, erf_lean_block, erf_lanes64, no_fix32)
#endif

#undef OP
#undef OP_DESC
