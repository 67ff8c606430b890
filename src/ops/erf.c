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

/* erf x as cr_erf.c's fast path, lane by lane: erf(c) + (erf(c)'s low part - S) at the
   grid point c nearest |x| < 4 (erf_series64), x's sign; within 78u (u = 2^-53), decided
   with DMLP__ERF_FAST_STEPS. |x| >= 4 (infinities included) gives +-1 (erfc(4) < 2^-25.9),
   +-0 gives itself; a result below binary32's normal range (x below about 2^-126) goes
   to the reference. */
static ALWAYS_INLINE F64 erf_lanes64(F64 x, M64 *open)
{
    V sign = vand(fromf64(x), set64(0x8000000000000000u));
    F64 a = fabs64(x);
    M64 near = fgt64(fromf64(splat64f(4.0)), fromf64(a)); /* false for NaN */
    F64 t = tof64(sel64(near, fromf64(a), zero()));      /* the gathers stay in the table */
    V row;
    F64 s = erf_series64(t, tof64(zero()), &row);
    F64 hi = gather64(&dmlp__erf_points[0][0], row), lo = gather64(&dmlp__erf_points[0][1], row);
    F64 y = tof64(sel64(near, fromf64(fadd64(hi, fsub64(lo, s))), fromf64(splat64f(1.0))));
    M64 tested = mandn(feq64(fromf64(x), zero()), near);
    *open = tested & (below_normal64(y) | f32_open64(y, DMLP__ERF_FAST_STEPS));
    return tof64(vor(fromf64(y), sign));
}

CR_F32_KERNEL(erf, erf_lanes64, no_fix32)
#endif

#undef OP
#undef OP_DESC
